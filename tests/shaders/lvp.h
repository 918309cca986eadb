/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Lavapipe compute executor
 *
 * The smallest Vulkan path that runs one compute shader on Mesa's lavapipe
 * through the Khronos loader on the host: used by the corpus' lavapipe
 * runner (the reference the expectations are proven on) and by the shader
 * benchmarks (the baseline Ember is compared to). A kernel is built once
 * (pipeline, buffers in host-visible coherent memory, descriptor sets, a
 * recorded command buffer) and can then be run many times.
 */

#ifndef EMBER_LVP_H
#define EMBER_LVP_H

#include "kernel.h"

struct lvp_device;
struct lvp_kernel;

/* Opens lavapipe (VK_ICD_FILENAMES defaults to its ICD). NULL + @err on failure. */
struct lvp_device *lvp_open(char *err, size_t err_size);
/*
 * Opens the first device whose name contains @name, through whatever ICDs
 * the loader finds (Ember's in the guest). NULL + @err on failure.
 */
struct lvp_device *lvp_open_device(const char *name, char *err, size_t err_size);
void lvp_close(struct lvp_device *dev);
unsigned int lvp_subgroup_size(const struct lvp_device *dev);
/* "llvmpipe (LLVM 15.0.6, 256 bits)" */
const char *lvp_device_name(const struct lvp_device *dev);

struct lvp_kernel *lvp_kernel_create(struct lvp_device *dev, const struct kernel_desc *desc,
				     char *err, size_t err_size);
/* The host view of buffer @index (coherent: write before, read after lvp_kernel_run). */
void *lvp_kernel_buffer(struct lvp_kernel *k, unsigned int index);
/* Submits the dispatch and waits for it. 0, or -1 + @err. */
int lvp_kernel_run(struct lvp_kernel *k, char *err, size_t err_size);
void lvp_kernel_destroy(struct lvp_kernel *k);

#endif /* EMBER_LVP_H */
