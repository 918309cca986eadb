/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Waves, reconvergence and workgroups
 *
 * The interpreter loop runs one wave until it stops (END, BAR, a fault):
 * fetch the predecoded instruction at pc, advance pc, call its handler.
 * Control-flow handlers live here and implement the reconvergence stack of
 * ember-isa.rst:
 *
 * - IF p pushes {saved exec, else lanes} and narrows exec to p; ELSE
 *   switches to the else lanes; ENDIF restores the saved exec minus the
 *   lanes that left the innermost loop (BREAK) or wait for its next
 *   iteration (CONTINUE).
 * - LOOP pushes {saved exec, break lanes, continue lanes, body start};
 *   BREAK p / CONTINUE p move lanes out of exec into those sets; ENDLOOP
 *   brings the continue lanes back and loops while any lane is left, then
 *   restores the saved exec.
 * - Whenever exec becomes empty the wave skips to the closing instruction
 *   of the innermost construct (the IF's ELSE or ENDIF, the ENDIF, the
 *   ENDLOOP), which runs and restores the mask: a region no lane runs costs
 *   one jump. program.c has checked the nesting and the targets, so the
 *   stack cannot overflow or underflow here.
 *
 * A workgroup runs on one core, all its waves in turn: each wave runs
 * until BAR or END, and when every wave has stopped, the ones at the
 * barrier go on. That is exactly the barrier's semantics (all waves
 * arrive before any leaves), costs no host synchronisation, and makes
 * shared memory single-threaded. Workgroups run in parallel on the cores.
 *
 * Every 1024 backward jumps a wave checks the dispatch's stop flag and the
 * watchdog deadline, so a looping shader cannot hold the device.
 */

#include <string.h>

#include "device.h"
#include "shader_core.h"

void sc_wave_fault(struct sc_wave *w, int kind, uint64_t va, uint32_t detail)
{
	struct sc_group *g = w->group;
	struct sc_dispatch *d = g->d;

	w->status = SC_FAULT;
	if (!g->fault) {
		g->fault = kind;
		g->fault_va = va;
		g->fault_detail = detail;
	}
	__atomic_store_n(&d->stop, 1, __ATOMIC_RELAXED);
}

void sc_wave_illegal(struct sc_wave *w, uint32_t reason)
{
	const struct sc_dispatch *d = w->group->d;
	uint32_t index = w->pc - 1;

	sc_wave_fault(w, EMBER_FAULT_ILLEGAL_INSTRUCTION,
		      d->shader_va + d->prog->header.header_size +
		      (uint64_t)index * EMBER_ISA_INSN_SIZE,
		      EMBER_ILLEGAL_DETAIL(reason, index));
}

/* Lanes that left the innermost loop or wait for its next iteration. */
static uint32_t loop_parked(const struct sc_wave *w)
{
	if (w->loop < 0)
		return 0;
	return w->stack[w->loop].alt | w->stack[w->loop].cont;
}

/* exec is empty: go to the closing instruction of the innermost construct. */
static void skip_empty(struct sc_wave *w)
{
	if (!w->depth) {
		/* Structured code never empties exec outside a construct. */
		w->status = SC_DONE;
		return;
	}
	w->pc = w->stack[w->depth - 1].end;
}

void sc_wave_watchdog(struct sc_wave *w)
{
	const struct sc_dispatch *d = w->group->d;

	if (__atomic_load_n(&d->stop, __ATOMIC_RELAXED)) {
		w->status = SC_FAULT;
		return;
	}
	if (ember_device_timestamp_ns(d->dev) > d->deadline_ns)
		sc_wave_fault(w, EMBER_FAULT_WATCHDOG, d->shader_va, 0);
}

/* Count a backward jump; every so often check for stop and the watchdog. */
static void backedge(struct sc_wave *w)
{
	if (!(++w->backedges & SC_WATCHDOG_CHECK_MASK))
		sc_wave_watchdog(w);
}

static void jump(struct sc_wave *w, uint32_t target)
{
	if (target < w->pc)
		backedge(w);
	w->pc = target;
}

#define HANDLER(name) \
	static void name(struct sc_wave *w, const struct sc_insn *in)
#define ISA		(&in->isa)

HANDLER(op_nop) { }
HANDLER(op_end) { w->status = SC_DONE; }
HANDLER(op_bra) { jump(w, ISA->target); }
HANDLER(op_brz) { if (!w->u[ISA->src[0].index]) jump(w, ISA->target); }
HANDLER(op_brnz) { if (w->u[ISA->src[0].index]) jump(w, ISA->target); }
HANDLER(op_bar) { w->status = SC_BARRIER; }

HANDLER(op_membar)
{
	/* A workgroup is one host thread: only device scope needs a fence. */
	if (ISA->mod == EMBER_ISA_SCOPE_DEVICE)
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
	else
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

HANDLER(op_if)
{
	uint32_t p = w->p[ISA->src[0].index];

	w->stack[w->depth++] = (struct sc_frame) {
		.kind = SC_FRAME_IF, .saved = w->exec, .alt = w->exec & ~p,
		.end = ISA->target,
	};
	w->exec &= p;
	if (!w->exec)
		skip_empty(w);
}

HANDLER(op_else)
{
	struct sc_frame *f = &w->stack[w->depth - 1];

	f->kind = SC_FRAME_ELSE;
	f->end = ISA->target;
	w->exec = f->alt;
	if (!w->exec)
		skip_empty(w);
}

HANDLER(op_endif)
{
	struct sc_frame *f = &w->stack[--w->depth];

	w->exec = f->saved & ~loop_parked(w);
	if (!w->exec)
		skip_empty(w);
}

HANDLER(op_loop)
{
	w->stack[w->depth] = (struct sc_frame) {
		.kind = SC_FRAME_LOOP, .saved = w->exec, .pc = w->pc,
		.end = ISA->target, .prev_loop = w->loop,
	};
	w->loop = (int)w->depth++;
}

HANDLER(op_endloop)
{
	struct sc_frame *f = &w->stack[w->depth - 1];
	uint32_t next = w->exec | f->cont;

	if (next) {
		w->exec = next;
		f->cont = 0;
		jump(w, f->pc);
		return;
	}
	w->exec = f->saved;
	w->loop = f->prev_loop;
	w->depth--;
}

HANDLER(op_break)
{
	struct sc_frame *loop = &w->stack[w->loop];
	uint32_t lanes = w->exec & w->p[ISA->src[0].index];

	loop->alt |= lanes;
	w->exec &= ~lanes;
	if (!w->exec)
		skip_empty(w);
}

HANDLER(op_continue)
{
	struct sc_frame *loop = &w->stack[w->loop];
	uint32_t lanes = w->exec & w->p[ISA->src[0].index];

	loop->cont |= lanes;
	w->exec &= ~lanes;
	if (!w->exec)
		skip_empty(w);
}

void sc_control_handlers(sc_handler t[EMBER_ISA_NUM_OPCODES])
{
#define SET(OP, fn) t[EMBER_ISA_OP_##OP] = fn
	SET(NOP, op_nop); SET(END, op_end); SET(BRA, op_bra); SET(BRZ, op_brz);
	SET(BRNZ, op_brnz); SET(IF, op_if); SET(ELSE, op_else); SET(ENDIF, op_endif);
	SET(LOOP, op_loop); SET(ENDLOOP, op_endloop); SET(BREAK, op_break);
	SET(CONTINUE, op_continue); SET(BAR, op_bar); SET(MEMBAR, op_membar);
#undef SET
}

static void run_wave(struct sc_wave *w, const struct sc_insn *insns)
{
	w->status = SC_RUNNING;
	while (__builtin_expect(w->status == SC_RUNNING, 1)) {
		const struct sc_insn *in = &insns[w->pc++];

		in->fn(w, in);
	}
}

void sc_wave_run(struct sc_wave *w)
{
	const struct sc_dispatch *d = w->group->d;

	/*
	 * Native code runs until it stops like the interpreter; at a pc it
	 * has no entry for it hands over, and the interpreter goes on from
	 * there (same wave state).
	 */
	if (d->jit)
		d->jit(w);
	if (!d->jit || w->status == SC_RUNNING)
		run_wave(w, d->prog->insns);
}

static void init_waves(struct sc_group *g)
{
	const struct ember_isa_header *h = &g->d->prog->header;
	uint32_t lanes = h->local_size[0] * h->local_size[1] * h->local_size[2];
	size_t vrow = (size_t)h->num_vregs * SC_LANES;
	size_t srow = (size_t)(h->scratch_bytes / 4) * SC_LANES;
	size_t uregs = h->num_uregs, quads = (uregs + 3) / 4;

	for (uint32_t i = 0; i < g->num_waves; i++) {
		struct sc_wave *w = &g->waves[i];
		uint32_t left = lanes - i * SC_LANES;

		w->v = g->vregs + i * vrow;
		w->scratch = g->scratch + i * srow;
		w->valid = left >= SC_LANES ? 0xffffffffu : (1u << left) - 1;
		w->exec = w->valid;
		w->pc = 0;
		w->status = SC_RUNNING;
		w->id = i;
		w->depth = 0;
		w->loop = -1;
		w->group = g;
		w->helpers = 0;
		w->gfx = NULL;
		/*
		 * Zero at wave start: only the registers the program may name
		 * (program.c checks every operand against the header); the
		 * others were zeroed with the wave state and nothing writes
		 * them. The whole 768 bytes were a tenth of the copy kernel's
		 * time on the JIT (perf: two rep stos per wave).
		 */
		memset(w->u, 0, uregs * sizeof(w->u[0]));
		memset(w->p, 0, sizeof(w->p));
		memset(w->desc_va, 0, quads * sizeof(w->desc_va[0]));
	}
}

void sc_group_run(struct sc_group *g, const uint32_t pos[3])
{
	const struct sc_dispatch *d = g->d;

	/* base + position modulo 2^32 (ember-hw.rst). */
	for (unsigned int i = 0; i < 3; i++)
		g->group_id[i] = d->base[i] + pos[i];
	init_waves(g);

	for (;;) {
		uint32_t done = 0;

		for (uint32_t i = 0; i < g->num_waves; i++) {
			struct sc_wave *w = &g->waves[i];

			if (w->status == SC_DONE) {
				done++;
				continue;
			}
			sc_wave_run(w);
			if (w->status == SC_FAULT)
				return;
			done += w->status == SC_DONE;
		}
		/* Every wave is at the barrier or done: release the barrier. */
		if (done == g->num_waves || __atomic_load_n(&d->stop, __ATOMIC_RELAXED))
			return;
	}
}
