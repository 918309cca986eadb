/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Host runner
 *
 * Runs Ember shader binaries in process, with no VM: the corpus tests and
 * the benchmarks use it. It is the real path, not a shortcut to the shader
 * core: an ember_host owns an ember-gpu device core with its own guest RAM,
 * one hardware context with page tables, and a ring. Allocations are GPU
 * VAs mapped read/write in that context; a dispatch writes the descriptor
 * set table and descriptors into guest memory, builds a user indirect
 * buffer with one DISPATCH packet (Documentation/gpu/ember-hw.rst), runs it
 * on the ring's command processor and waits for its fence. A GPU fault
 * comes back from the device's fault record; the context is then reset so
 * the host can go on.
 *
 * One thread at a time per ember_host.
 */

#ifndef EMBER_HOST_H
#define EMBER_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct ember_host;

/* A device with @shader_threads shader cores (0: all host CPUs), or NULL. */
struct ember_host *ember_host_create(unsigned shader_threads);
void ember_host_destroy(struct ember_host *host);

/* How the next dispatches run (the device's enum ember_shader_jit). */
enum ember_host_jit {
	EMBER_HOST_JIT_OFF,		/* the interpreter */
	EMBER_HOST_JIT_BACKGROUND,	/* interpreted until compiled in the background */
	EMBER_HOST_JIT_SYNC,		/* compiled at the first dispatch */
};

/*
 * The default: EMBER_HOST_JIT_SYNC unless EMBER_SHADER_JIT says otherwise
 * (firmware/tests/guest.h). Without the JIT linked in, the interpreter runs
 * either way (ember_host_jit_compile_ns() stays 0).
 */
void ember_host_set_shader_jit(struct ember_host *host, enum ember_host_jit mode);
/* Whether this program has the shader JIT linked in (firmware/meson.build). */
bool ember_host_has_shader_jit(void);
/* Nanoseconds spent so far in this process compiling shaders to native code. */
uint64_t ember_host_jit_compile_ns(void);

/*
 * Maps @size bytes read/write at a fresh GPU VA; returns the VA (0 on
 * failure), *@cpu = host view (zeroed). Memory lives until destroy.
 */
uint64_t ember_host_alloc(struct ember_host *host, uint64_t size, void **cpu);

/* Descriptor (set, binding + array_index) = { va, range } for a dispatch. */
struct ember_host_binding {
	uint32_t set, binding, array_index, pad;
	uint64_t va, range;
};

struct ember_host_dispatch {
	const void *shader;	/* Ember shader binary */
	size_t shader_size;
	const struct ember_host_binding *bindings;
	uint32_t binding_count;
	const void *push_constants;
	uint32_t push_size;
	uint32_t groups[3];
};

/* A GPU fault: EMBER_FAULT_* kind, the record's detail and VA. */
struct ember_host_fault {
	uint32_t kind, detail;
	uint64_t va;
};

/*
 * Run one dispatch to completion. The descriptor of a binding goes to slot
 * (resource slot of (set, binding) in the shader header) + array_index of
 * its set; bindings the shader does not declare are ignored, an
 * array_index past the declared count is -EINVAL. 0 on success; -1 on a
 * GPU fault (*@fault filled); -errno on a host error.
 */
int ember_host_dispatch(struct ember_host *host,
			const struct ember_host_dispatch *d,
			struct ember_host_fault *fault);

/*
 * Write @count raw descriptor dwords (an image, sampler or texel buffer,
 * or anything a test wants a shader to find) at slot @slot of set @set:
 * the descriptor's GPU VA, or 0 if it does not fit the set. A dispatch's
 * bindings are written over it where they share slots.
 */
uint64_t ember_host_write_descriptor(struct ember_host *host, uint32_t set, uint32_t slot,
				     const uint32_t *dwords, unsigned int count);

/*
 * Point set @set of the set table at @va (any value: the device adds 16 *
 * slot to it modulo 2^64), for a set larger than the runner's own or one
 * placed on purpose; @va 0 puts the runner's own set back. The
 * descriptors there are the caller's: a dispatch's bindings still go to
 * the runner's own set, which the device then does not read.
 * Returns false for a set number past the table.
 */
bool ember_host_set_base(struct ember_host *host, uint32_t set, uint64_t va);

#ifdef __cplusplus
}
#endif

#endif /* EMBER_HOST_H */
