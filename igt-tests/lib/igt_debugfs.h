/* SPDX-License-Identifier: MIT */
/*
 * The part of IGT's debugfs helpers (lib/igt_debugfs.h upstream) that
 * Ember's tests and benchmarks use, with the same names and meaning.
 */
#ifndef IGT_DEBUGFS_H
#define IGT_DEBUGFS_H

int igt_debugfs_dir(int device);
int igt_debugfs_open(int device, const char *filename, int mode);

#endif /* IGT_DEBUGFS_H */
