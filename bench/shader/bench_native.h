/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * bench-shader's physical reference (bench_native.c): the benchmark
 * kernels' work as plain C on the host's threads, behind the same
 * create/buffer/run/destroy calls as the other back ends.
 */

#ifndef EMBER_BENCH_NATIVE_H
#define EMBER_BENCH_NATIVE_H

#include <stddef.h>

#include "kernel.h"

/* What runs @shader natively ("C loop", ...); NULL if it has no reference. */
const char *bench_native_label(const char *shader);

/* @shader's reference on @threads threads, with @desc's buffers; NULL: @err. */
void *bench_native_create(const char *shader, unsigned int threads,
			  const struct kernel_desc *desc, char *err, size_t size);
void *bench_native_buffer(void *kernel, unsigned int index);
int bench_native_run(void *kernel, char *err, size_t size);
void bench_native_destroy(void *kernel);

#endif /* EMBER_BENCH_NATIVE_H */
