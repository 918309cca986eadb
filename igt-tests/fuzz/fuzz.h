/* SPDX-License-Identifier: MIT */
/*
 * ember's structure-aware ioctl fuzzer (issue 14): the shared pieces.
 *
 * A program is a list of up to FUZZ_MAX_CALLS call seeds. Running it opens
 * a fresh DRM file and turns each seed into one call (fuzz_calls.c): the
 * seed picks the call (an ember ioctl, a core DRM one the driver uses, a
 * CPU mmap) and its arguments, mostly built from the live objects of the
 * program so far (BOs, VMs, contexts, syncobjs, dma-bufs, sync_files,
 * mappings, indirect buffers of packets), sometimes from edge values and
 * noise. The same seeds on the same kernel give the same calls, so a
 * program is its own reproducer. The engine (fuzz_engine.c) runs programs
 * in child processes, keeps those that reach new kernel code (KCOV, when
 * the kernel has it) and mutates them, syzkaller's approach in small.
 */
#ifndef EMBER_FUZZ_H
#define EMBER_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FUZZ_MAX_CALLS		24
#define FUZZ_MAX_FDS		3
#define FUZZ_MAX_BOS		24
#define FUZZ_MAX_VMS		6
#define FUZZ_MAX_CTXS		8
#define FUZZ_MAX_SYNCOBJS	12
#define FUZZ_MAX_FILES		8	/* dma-bufs and sync_files */
#define FUZZ_MAX_MAPPINGS	32
#define FUZZ_IB_BYTES		(16 * 4096)

struct fuzz_rng {
	uint64_t state;
};

/* splitmix64: small, fast, and every seed gives a good stream. */
static inline uint64_t fuzz_next(struct fuzz_rng *rng)
{
	uint64_t z = (rng->state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static inline uint32_t fuzz_below(struct fuzz_rng *rng, uint32_t n)
{
	return n ? (uint32_t)(fuzz_next(rng) % n) : 0;
}

/* True with probability 1 / @n. */
static inline bool fuzz_one_in(struct fuzz_rng *rng, uint32_t n)
{
	return fuzz_below(rng, n) == 0;
}

struct fuzz_bo {
	int fd;			/* index in fuzz_state.fds */
	uint32_t handle;
	uint64_t size;
	void *map;		/* CPU mapping or NULL */
};

struct fuzz_vm {
	int fd;
	uint32_t id;
	uint64_t next_va;	/* bump allocator of the program's mappings */
	/* An indirect buffer: a BO mapped on the CPU and read-only in the VM. */
	uint32_t *ib;
	uint64_t ib_va;
};

struct fuzz_ctx {
	int fd;
	uint32_t handle;
	uint32_t vm;		/* index in fuzz_state.vms */
	uint32_t queues;
};

struct fuzz_syncobj {
	int fd;
	uint32_t handle;
	uint64_t last_point;	/* timeline points signalled or submitted */
};

struct fuzz_mapping {
	int vm;			/* index in fuzz_state.vms */
	uint64_t va, size;
};

/* What one program has made so far; arrays are compacted on removal. */
struct fuzz_state {
	int fds[FUZZ_MAX_FDS];
	unsigned int num_fds;
	struct fuzz_bo bos[FUZZ_MAX_BOS];
	unsigned int num_bos;
	struct fuzz_vm vms[FUZZ_MAX_VMS];
	unsigned int num_vms;
	struct fuzz_ctx ctxs[FUZZ_MAX_CTXS];
	unsigned int num_ctxs;
	struct fuzz_syncobj syncobjs[FUZZ_MAX_SYNCOBJS];
	unsigned int num_syncobjs;
	int files[FUZZ_MAX_FILES];
	unsigned int num_files;
	struct fuzz_mapping mappings[FUZZ_MAX_MAPPINGS];
	unsigned int num_mappings;
	uint64_t va_start, va_end;	/* the device's user VA range */
	/* Counts for the summary. */
	uint64_t calls, failed_calls;
};

struct fuzz_program {
	uint32_t count;
	uint64_t seeds[FUZZ_MAX_CALLS];
};

/* fuzz_calls.c */
bool fuzz_state_init(struct fuzz_state *st);
void fuzz_state_fini(struct fuzz_state *st);
/* Makes and runs the call of @seed; returns its name. */
const char *fuzz_call(struct fuzz_state *st, uint64_t seed);

/* fuzz_engine.c */
struct fuzz_options {
	uint64_t seed;
	uint64_t seconds;		/* run at least this long ... */
	uint64_t max_programs;		/* ... or this many programs, if non-zero */
	const char *replay;		/* a program's seeds, comma-separated */
	const char *crash_dir;		/* where reproducers go */
};

struct fuzz_summary {
	uint64_t programs, calls, failed_calls;
	uint64_t coverage;		/* distinct kernel PCs (KCOV), 0 without */
	uint64_t corpus;		/* programs kept for new coverage */
	bool kcov;
	bool failed;			/* a kernel report or a crashed program */
	char report[512];
};

void fuzz_run(const struct fuzz_options *options, struct fuzz_summary *summary);

#endif /* EMBER_FUZZ_H */
