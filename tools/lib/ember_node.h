/* SPDX-License-Identifier: MIT */
/* Finding the Ember GPU's render node, for the tools and benchmarks. */
#ifndef EMBER_NODE_H
#define EMBER_NODE_H

#include <stddef.h>

/*
 * Opens the first render node whose DRM driver is "ember" and writes its
 * path to @path. Returns the fd, or -1 when there is none.
 */
int ember_open_render_node(char *path, size_t len);

#endif /* EMBER_NODE_H */
