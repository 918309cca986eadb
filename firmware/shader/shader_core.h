/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Shader core internals
 *
 * The state the parts of the shader core share (dispatch.c, program.c,
 * wave.c, core_memory.c and the exec_*.c instruction handlers):
 *
 * - struct sc_program: a shader binary decoded once (program.c) into an
 *   array of struct sc_insn, each the decoded instruction plus the handler
 *   that runs it, so the interpreter never looks at bits again.
 * - struct sc_dispatch: one DISPATCH packet being run: the program, the
 *   grid, push constants, the descriptor-set table VA, the first fault.
 * - struct sc_core: what one shader core (host thread) owns for the
 *   dispatch: its own TLB (the context's TLB is not thread-safe, so each
 *   core caches translations itself, emptied at each dispatch), the
 *   register files of the waves of one workgroup, shared memory, scratch.
 * - struct sc_gfx_wave (gfx_wave_state.h): what a vertex or fragment
 *   wave adds (gfx_wave.c runs them; exec_graphics.c has their opcodes).
 * - struct sc_wave: 32 lanes' state in flat arrays. Vector register r is
 *   row v[r * 32 .. r * 32 + 31] (structure of arrays), so an instruction
 *   is a loop over 32 consecutive 32-bit values that the compiler turns
 *   into SIMD code. 64-bit values are two rows (low, high).
 *
 * Every handler computes all 32 lanes into a local array (no aliasing with
 * the register file, so the loops vectorise without runtime checks) and
 * then commits the active lanes (exec & guard) to the destination; a
 * uniform destination takes lane 0, which every lane computed alike from
 * broadcast sources. Handlers are total: inactive lanes hold any bits, so
 * no operation may trap (integer division by zero, float to int overflow
 * and oversized shifts all have defined results, see ember-isa.rst).
 */

#ifndef EMBER_FW_SHADER_CORE_H
#define EMBER_FW_SHADER_CORE_H

#include <stdbool.h>
#include <stdint.h>

#include "ember_isa.h"
#include "mmu.h"

#define SC_LANES		EMBER_ISA_WAVE_SIZE
#define SC_ALIGN		__attribute__((aligned(64)))

struct sc_wave;
struct sc_insn;

typedef void (*sc_handler)(struct sc_wave *w, const struct sc_insn *in);

/*
 * A predecoded instruction. The fast forms of the common operations
 * (exec_fast.c) use @row (a vector operand's first element in the wave's
 * v[], i.e. index * 32) and @scalar (a uniform register number or an
 * immediate, by @scalar_kind) so they need no operand decoding at all;
 * they fall back to @slow, the general handler, when the wave is not
 * fully active.
 */
struct sc_insn {
	sc_handler fn;
	sc_handler slow;
	uint32_t row[4];
	uint32_t scalar[4];
	uint8_t scalar_kind[4];
	struct ember_isa_insn isa;
};

/* A program compiled to native code (jit.c): runs a wave like run_wave(). */
typedef void (*sc_jit_fn)(struct sc_wave *w);
struct sc_jit_code;

struct sc_program {
	struct ember_isa_header header;
	uint32_t num_insns;
	struct sc_insn *insns;
	/** @va, @ctx, @size, @hash: the cache key (dispatch.c). */
	uint64_t va;
	uint32_t ctx;
	uint64_t hash;
	uint64_t size;
	/**
	 * @jit: the native code of the program, or NULL (not compiled yet,
	 * or the JIT failed: the interpreter runs it); written by the JIT's
	 * compiler thread, read atomically. @jit_tried: handed to the JIT
	 * already; @jit_code: what owns @jit; @jit_next: the compile queue.
	 */
	sc_jit_fn jit;
	bool jit_tried;
	struct sc_jit_code *jit_code;
	struct sc_program *jit_next;
};

/* Wave status: what stopped the interpreter loop. */
enum sc_status {
	SC_RUNNING = 0,
	SC_BARRIER,
	SC_DONE,
	SC_FAULT,
};

enum sc_frame_kind {
	SC_FRAME_IF = 1,
	SC_FRAME_ELSE,
	SC_FRAME_LOOP,
};

/*
 * One entry of the reconvergence stack. IF: @saved is exec before the IF,
 * @alt the lanes for the ELSE. LOOP: @saved is exec before the loop, @alt
 * the lanes that left by BREAK, @cont those waiting at CONTINUE, @pc the
 * first instruction of the body, @prev_loop the enclosing loop's frame.
 * @end: where to go when exec becomes empty (the construct's next closing
 * instruction).
 */
struct sc_frame {
	uint32_t kind;
	uint32_t saved;
	uint32_t alt;
	uint32_t cont;
	uint32_t pc;
	uint32_t end;
	int32_t prev_loop;
};

struct sc_group;
struct sc_gfx_wave;

struct sc_wave {
	/* Broadcast copies of uniform/immediate sources: [source][half][lane]. */
	uint32_t bc[3][4][SC_LANES] SC_ALIGN;
	uint32_t *v;
	uint32_t u[EMBER_ISA_NUM_UREGS];
	uint32_t p[EMBER_ISA_NUM_PREGS];
	uint32_t exec;
	/** @valid: lanes that exist (the last wave of a group may be partial). */
	uint32_t valid;
	/**
	 * @helpers: helper invocations (a fragment quad's uncovered pixels,
	 * demoted lanes): they run, for derivatives, but their global, image
	 * and texel-buffer stores and atomics are dropped. 0 in compute.
	 */
	uint32_t helpers;
	/** @gfx: a vertex or fragment wave's interface; NULL in compute. */
	struct sc_gfx_wave *gfx;
	uint32_t pc;
	uint32_t status;
	uint32_t id;
	uint32_t depth;
	/** @loop: index of the innermost LOOP frame, or -1. */
	int loop;
	/** @backedges: jumps backwards since the last watchdog check. */
	uint32_t backedges;
	struct sc_group *group;
	/** @scratch: scratch_bytes / 4 rows of 32 lanes. */
	uint32_t *scratch;
	/**
	 * @desc_va: the GPU VA LDDESC, LDIMGDESC or LDSMPDESC last read into
	 * uniform quad i (u[4i..4i+3]), or 0: the VA of a BAD_DESCRIPTOR
	 * fault record (exec_image.c).
	 */
	uint64_t desc_va[EMBER_ISA_NUM_UREGS / 4];
	struct sc_frame stack[EMBER_ISA_MAX_STACK_DEPTH];
};

struct sc_dispatch;

#define SC_DESC_CACHE		16
/*
 * A core's page cache: 1024 entries, direct mapped (24 KiB). A 64x64 tile
 * of a 1024-float-wide matrix lies on 64 pages, one a row: SGEMM's A tile
 * alone filled the 64 entries there were, and its workgroups walk all of
 * B's 1024 pages.
 */
#define SC_HOST_PAGES		1024u
/* Bits of a page number (48-bit VAs), and the step of their fold. */
#define SC_VPN_BITS		(EMBER_VA_BITS - EMBER_PAGE_SHIFT)
#define SC_HOST_PAGE_FOLD	6

/*
 * The pages[] slot of page number @vpn: the page number XORed with itself
 * shifted by 6, 12, ... bits, the low 10 bits of that. A run of 1024 pages
 * fills every slot once (x ^ x >> 6 is one to one on 10 bits), and
 * streams walked in step take different slots at every step when they
 * are a power of two of pages apart (buffers the Vulkan driver packs back
 * to back at 64 MiB) or a power of two plus one (buffers of the host
 * allocator with a guard page after each). The fold of 10-bit fields had
 * the second kind at 2^10 + 1 pages, the 64-entry cache's fold of 6-bit
 * fields at 2^6k + 1: there a copy kernel's source and destination
 * evicted each other at every access. The JIT computes the same
 * (jit_emit.c's host_page_index()).
 */
static inline unsigned int sc_host_page_index(uint64_t vpn)
{
	uint64_t fold = vpn;

	for (unsigned int shift = SC_HOST_PAGE_FOLD; shift < SC_VPN_BITS;
	     shift += SC_HOST_PAGE_FOLD)
		fold ^= vpn >> shift;
	return (unsigned int)(fold % SC_HOST_PAGES);
}

/* A page a core translated in this dispatch, for the rights in @access. */
struct sc_host_page {
	uint64_t tag;		/* page number + 1; 0: empty */
	uint8_t *host;
	unsigned int access;
};

/* A descriptor LDDESC read, kept for the rest of the dispatch. */
struct sc_desc_entry {
	bool valid;
	uint32_t set;
	uint64_t slot;		/* a group's last slot may lie past 2^32 - 1 */
	uint32_t desc[4];
	uint64_t va;
};

/* One shader core's state; it runs one workgroup at a time. */
struct sc_group {
	struct sc_dispatch *d;
	struct ember_tlb tlb;
	struct ember_mmu mmu;
	uint32_t group_id[3];
	uint32_t num_waves;
	struct sc_wave *waves;
	uint32_t *vregs;
	uint32_t *scratch;
	uint8_t *shared;
	/**
	 * @desc_cache: descriptors by (set, slot), direct mapped: a dispatch
	 * reads each one once per core (descriptor memory must not change
	 * while a dispatch that uses it runs).
	 */
	struct sc_desc_entry desc_cache[SC_DESC_CACHE];
	/** @pages: host addresses of translated pages, direct mapped. */
	struct sc_host_page pages[SC_HOST_PAGES];
	/**
	 * @slice: the slice of the grid (dispatch.c) whose translations @tlb
	 * and @pages hold: they are emptied when the core begins another one,
	 * since the engine may have run a TLB invalidation in between.
	 */
	uint64_t slice;
	/** @fault: EMBER_FAULT_* kind of this core's first fault, or 0. */
	int fault;
	uint64_t fault_va;
	uint32_t fault_detail;
};

struct sc_dispatch {
	struct ember_device *dev;
	const struct sc_program *prog;
	struct ember_mmu mmu;
	uint64_t shader_va;
	uint32_t groups[3];
	uint32_t base[3];
	uint64_t set_table_va;
	uint32_t push_bytes;
	uint32_t push[EMBER_ISA_MAX_PUSH_BYTES / 4];
	uint64_t deadline_ns;
	/** @jit: the program's native code when the JIT is on, else NULL. */
	sc_jit_fn jit;
	/**
	 * @gfx: a draw's vertex or fragment stage (struct sc_gfx_stage_params,
	 * gfx_wave.h), the caller's; NULL for a DISPATCH.
	 */
	const struct sc_gfx_stage_params *gfx;
	/** @stop: set once any core faults or the job is aborted/outran. */
	int stop;
	uint32_t num_cores;
	struct sc_group *cores;
};

/* Handler tables: one per file; a NULL entry is another file's opcode. */
void sc_alu_handlers_avx2(sc_handler table[EMBER_ISA_NUM_OPCODES]);
void sc_alu_handlers_generic(sc_handler table[EMBER_ISA_NUM_OPCODES]);
void sc_subgroup_handlers_avx2(sc_handler table[EMBER_ISA_NUM_OPCODES]);
void sc_subgroup_handlers_generic(sc_handler table[EMBER_ISA_NUM_OPCODES]);
void sc_memory_handlers_avx2(sc_handler table[EMBER_ISA_NUM_OPCODES]);
void sc_memory_handlers_generic(sc_handler table[EMBER_ISA_NUM_OPCODES]);
void sc_control_handlers(sc_handler table[EMBER_ISA_NUM_OPCODES]);
void sc_image_handlers(sc_handler table[EMBER_ISA_NUM_OPCODES]);
void sc_graphics_handlers(sc_handler table[EMBER_ISA_NUM_OPCODES]);
/* S2R of the graphics special registers (exec_graphics.c). */
void sc_graphics_s2r(struct sc_wave *w, const struct sc_insn *in);
/* A fast form for @in (fields filled), or NULL (exec_fast.c). */
sc_handler sc_fast_handler_avx2(struct sc_insn *in);
sc_handler sc_fast_handler_generic(struct sc_insn *in);

/*
 * The host address of the 4 KiB page of @va, checked for the EMBER_ACCESS_*
 * rights @access, through the core's page cache (core_memory.c); NULL with
 * the EMBER_FAULT_* kind in *@fault. Records no fault: the caller does.
 */
uint8_t *sc_group_page(struct sc_group *g, uint64_t va, unsigned int access, int *fault);

/*
 * Copy @n bytes between @buf and GPU VA @va (writing if @write), a page at
 * a time through @page, which maps the page holding a VA or returns NULL
 * with the fault kind: 0, or that kind with *@fault_va the address that
 * faulted (core_memory.c).
 */
typedef uint8_t *(*sc_page_fn)(void *ctx, uint64_t va, bool write, int *fault);
int sc_copy_paged(sc_page_fn page, void *ctx, uint64_t va, void *buf, unsigned int n,
		  bool write, uint64_t *fault_va);

/* Stop the wave with a fault of its workgroup (first one wins). */
void sc_wave_fault(struct sc_wave *w, int kind, uint64_t va, uint32_t detail);
/* ILLEGAL_INSTRUCTION at the current instruction for @reason. */
void sc_wave_illegal(struct sc_wave *w, uint32_t reason);

/* Reasons of ILLEGAL_INSTRUCTION faults (EMBER_ILLEGAL_REASON). */
enum sc_illegal_reason {
	/* 1..15: -ember_isa_error of a decode or header check. */
	SC_ILLEGAL_STACK_OVERFLOW = 16,
	SC_ILLEGAL_STACK_UNDERFLOW,	/* ELSE/ENDIF/ENDLOOP/BREAK unmatched */
	SC_ILLEGAL_REGISTER_COUNT,	/* a register beyond the header's counts */
	SC_ILLEGAL_FELL_OFF,		/* ran past the last instruction */
	SC_ILLEGAL_NO_HOST_MEMORY,	/* the device could not allocate wave state */
};

/*
 * Program (program.c): decode + check a binary: 0; -1, illegal, with the
 * ILLEGAL_INSTRUCTION detail in *@detail; -2, out of host memory.
 */
int sc_program_build(const void *binary, size_t size, struct sc_program *prog,
		     uint32_t *detail);
void sc_program_fini(struct sc_program *prog);

/*
 * Run the workgroup at @pos of the dispatch's grid (0 <= pos < groups) on
 * @g; its id is base + pos (wave.c).
 */
void sc_group_run(struct sc_group *g, const uint32_t pos[3]);

/*
 * Run @w until it stops (END, BAR, a fault), on the dispatch's native code
 * when it has some, then the interpreter from wherever that handed over
 * (wave.c).
 */
void sc_wave_run(struct sc_wave *w);

/*
 * The watchdog part of a backward jump, after the wave counted it in
 * @backedges (every WATCHDOG_CHECK_MASK + 1 jumps): stop the wave if the
 * dispatch stopped or its deadline passed (wave.c; the JIT calls it).
 */
void sc_wave_watchdog(struct sc_wave *w);
#define SC_WATCHDOG_CHECK_MASK	1023u

/*
 * The JIT (jit.c, built with LLVM): compile @prog, now (@wait) or on the
 * JIT's compiler thread, setting prog->jit when its code is ready (false:
 * it never will be, the interpreter runs it); release: forget @prog (wait
 * for a compile of it in progress) and free its code. Only the device's
 * host programs link it (see firmware/meson.build): weak, so a program
 * without it, such as the guest's copy of the benchmark, gets NULL here
 * and interprets.
 */
bool sc_jit_compile(struct sc_program *prog, bool wait) __attribute__((weak));
void sc_jit_release(struct sc_program *prog) __attribute__((weak));
/*
 * The device's programs are all released (its teardown): return once the
 * JIT's compiler thread is out of LLVM, so that the process may exit
 * (jit.c's DOC says why that must not happen with a compile under way).
 */
void sc_jit_quiesce(void) __attribute__((weak));
/* Nanoseconds this process has spent compiling shaders. */
uint64_t sc_jit_compile_ns(void) __attribute__((weak));

#endif /* EMBER_FW_SHADER_CORE_H */
