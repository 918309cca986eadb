/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Ember compute executor
 *
 * The Ember counterpart of lvp.h: compiles a kernel's SPIR-V with
 * ember_cc_compile() (specialization constants resolved at compile time)
 * and runs it through ember_host_dispatch() — the real device path, guest
 * memory, page tables, a DISPATCH packet — on the host with no VM. Used by
 * the corpus' Ember runner and by the shader benchmarks.
 */

#ifndef EMBER_KERNEL_EXEC_H
#define EMBER_KERNEL_EXEC_H

#include "kernel.h"

struct ember_host;
struct ember_kernel;

/*
 * Compiles @desc's SPIR-V with ember_cc_compile(), specialization constants
 * resolved: a malloc'd binary in *@binary. 0, or -1 with the compiler's
 * message in @err. Also for executors other than this one (the corpus
 * runner through ember.ko).
 */
int ember_kernel_compile(const struct kernel_desc *desc, void **binary, size_t *size,
			 char *err, size_t err_size);
/*
 * Compiles @desc and allocates its buffers (zeroed) on @host. NULL with
 * the compiler's or the host's message in @err on failure.
 */
struct ember_kernel *ember_kernel_create(struct ember_host *host, const struct kernel_desc *desc,
					 char *err, size_t err_size);
/* The compiled shader binary. */
const void *ember_kernel_binary(const struct ember_kernel *k, size_t *size);
/* The host view of buffer @index. */
void *ember_kernel_buffer(struct ember_kernel *k, unsigned int index);
/* Runs the dispatch to completion. 0, or -1 with the fault or error in @err. */
int ember_kernel_run(struct ember_kernel *k, char *err, size_t err_size);
/* Frees the binary; the buffers live as long as the host (ember_host_alloc). */
void ember_kernel_destroy(struct ember_kernel *k);

#endif /* EMBER_KERNEL_EXEC_H */
