/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: JIT: Ember ISA to LLVM IR
 *
 * A program becomes one function, void f(struct sc_wave *w), that does
 * what run_wave() does: mark the wave running, start at w->pc, return when
 * it stops (END, BAR, a fault) with w->pc, w->status and every register
 * as the interpreter leaves them. Its body is the program's instructions
 * in order, each either
 *
 * - native IR: the 32-bit integer and float arithmetic, moves, selects,
 *   compares, conversions, predicate logic, 32-bit shared-memory loads
 *   and stores, the compute special registers (S2R), push constants
 *   (LDPUSH to uniform registers, and of 32 bits to vector ones) and the
 *   common global loads and stores (below),
 *   as <32 x i32> / <32 x float> operations on the register rows,
 *   committed like sc_commit() does: only the active lanes (exec & guard)
 *   of a vector or predicate destination, lane 0 to a uniform one; and all
 *   of the structured control flow (below); or
 * - a call of the instruction's own handler, in->fn(w, in), with both
 *   pointers baked in as constants (the other memory forms, subgroup,
 *   64-bit and the libm-based operations); around a memory instruction's,
 *   w->pc is set as the interpreter has it, and if the handler stopped the
 *   wave (a fault) the function returns.
 *
 * So every validated program compiles, and an instruction moves from the
 * second list to the first when it pays. The invariant both keep: at each
 * handler call and each return the wave's memory state is exactly the
 * interpreter's (w->pc, which only control flow and faults read, is set
 * where those can happen), so the two can hand a wave over at any stop
 * (between those points LLVM keeps values in host registers).
 *
 * Registers stay in the wave's rows (w->v[r * 32 + lane]); TBAA (below)
 * lets LLVM keep values in host registers between stores. Keeping each
 * row in an SSA value of its own instead (allocas that SROA promotes,
 * written back around handler calls and at the exit) was tried: every
 * handler call then spilled the live rows (the calls clobber all vector
 * registers), the copy kernel's compile measured three to five times
 * slower, the shader tests' random programs (a handler call every few
 * instructions) ran into their timeout, and SGEMM and copy measured no
 * faster per CPU second (bench-shader, on a loaded machine).
 *
 * Global memory (LDG and STG of 4, 8 or 16 bytes): the interpreter's
 * one-page fast path, natively. The accessed bytes, checked against the
 * descriptor's range, lie in one page, and that page is in the core's
 * page cache (struct sc_group's pages[], what sc_group_page() fills, with
 * the rights it was checked for), or sc_group_page() puts it there now
 * (one_page(): the translation the handler's first lane would do; where
 * that faults, the handler runs and faults). Then:
 *
 * - a whole wave at consecutive elements (lane l at lane 0's offset plus
 *   l times the size, what a kernel indexing by invocation id does): one
 *   plain vector load or store of the 32 elements, the rows of the wider
 *   types split or interleaved by shuffles;
 * - LDG.u32 of a whole wave whose lanes step by 8 or 16 bytes (a vec2's
 *   or vec4's component): one plain load of the 32 strides and a shuffle
 *   (emit_strided_load()), where the block ends inside the page;
 * - LDG of any active lanes, where the target has AVX2's gathers: one
 *   masked gather per register from the lowest active offset;
 * - STG of a whole wave whose lanes step by a constant stride of at least
 *   the size (a vec4 stored as four u32 stores: 16 bytes): the lanes'
 *   bytes do not overlap, so their order does not matter, and each row
 *   is one scatter (32 plain stores: emit_strided_store()).
 *
 * Anything else (an untranslatable page, a span over two pages or out
 * of range, other stores, whose lane order matters, and which AVX2 cannot
 * do in one instruction) calls the handler, which translates, faults,
 * or takes the lanes one by one, exactly as the interpreter: so a fault,
 * a robust out-of-range lane and an exec-masked lane at an unmapped
 * address behave alike on both, and the native code never faults by
 * itself (a page in the cache was translated with those rights in this
 * slice of the dispatch, and the cache is emptied when the slice ends).
 * STS.u32 of a whole wave at consecutive dwords inside shared memory is
 * one vector store too.
 *
 * Four STG.u32 in a row through one descriptor, under one guard, at
 * offsets 0, 4, 8 and 12 bytes from a whole wave's consecutive 16-byte
 * elements (a vec4 stored by components, what the compiler makes of
 * "dst[i] = v" for a uvec4 or vec4 array: stream_copy, stream_triad) are
 * one 512-byte block: the four rows interleaved by shuffles and stored
 * with plain vector stores (emit_store_quad()), where the block lies in
 * range in one cached writable page. The four stores do not overlap and
 * none can fault there, so nothing between them is observable; anything
 * else runs the four as before, in order. Each had been two scatters
 * (vpscatterdd where the host has AVX-512, slow on this machine's AMD
 * cores: a tenth of the copy kernel's time in perf).
 *
 * Loads likewise: the compiler reads a vec4 element by components, "ldg,
 * iadd, ldg, iadd, ..." (each IADD the next component's offset, which the
 * stores reuse), four LDG.u32 each a 512-byte block load and a shuffle
 * (emit_strided_load()). Four LDG.u32 through one descriptor, under one
 * guard, with at most IADDs of a literal between them (is_load_quad()),
 * are one 512-byte block load deinterleaved into the four rows
 * (emit_load_quad()), where the block lies in range in one cached
 * readable page and the four offsets are a whole wave's consecutive
 * 16-byte elements plus 0, 4, 8 and 12, as the lanes' values say at run
 * time; then the window's IADDs. That order leaves the registers as the
 * program's does where the loads' destinations are four registers nothing
 * else in the window reads or writes and each load's offset comes from
 * before the window or from an IADD of a register the window does not
 * write, which is_load_quad() checks. None of the loads can fault there; otherwise the
 * window runs in order, each load through its own helper and handler, so
 * a partly out-of-range or unmapped vec4 reads zeros or faults exactly as
 * its four loads do.
 *
 * Those paths live out of line, in eight helpers shared by every program
 * (LDG and STG of 4, 8 and 16 bytes, the quad store and load: sc_jit_emit_helper(),
 * compiled once per process by jit.c): an access is one call of its helper, which
 * returns whether it did the access, and the handler call behind a
 * branch if not. Inlined, every access added its tests and paths to the
 * program's function, and LLVM's GVN reloaded the rows the handler call
 * may have changed on every path after it: the shader tests' random
 * programs (some 80 STGs in 300 instructions) compiled five times slower,
 * so only a program's first few accesses could have them. With the
 * helpers every access has them, and the kernels compile about as fast
 * as without any native global access (bench-shader, against main
 * before: SGEMM 267 ms against 325, copy 28 against 25, triad 34
 * against 32, reduce 67 against 97).
 *
 * Gathers: LLVM emits vpgatherdd only for CPUs it tunes as fast gatherers,
 * so jit.c asks for them (see with_gathers()); without, each masked
 * gather was 32 scalar loads behind a branch per lane.
 *
 * Control flow: program.c has checked the structure, and uniform branches
 * stay in their region, so the reconvergence stack's shape at each
 * instruction is known statically: the frame an instruction touches, the
 * innermost loop, and where an empty exec skips to are constants. The IR
 * still writes the frames, depth and loop index to the wave exactly as
 * wave.c's handlers do (a barrier or the interpreter may take the wave
 * over), but every branch is a direct one. Backward jumps count in
 * w->backedges and call sc_wave_watchdog() every SC_WATCHDOG_CHECK_MASK + 1,
 * as wave.c's jump() does. The function's entry switches on w->pc over
 * the places a wave can resume (0 and after each BAR); any other pc
 * returns with the wave running, and the interpreter goes on from there.
 *
 * Aliasing: register rows (reached through w->v) and the wave's own fields
 * carry different TBAA types, so LLVM knows a row store leaves exec, the
 * predicates and the uniform registers alone and keeps those in host
 * registers across instructions.
 */

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "jit.h"

#define MAX_DEPTH	EMBER_ISA_MAX_STACK_DEPTH

/* The reconvergence stack as it is at the instruction being emitted. */
struct static_frame {
	uint32_t kind;
	uint32_t end;
	int32_t prev_loop;
};

struct emit {
	LLVMContextRef ctx;
	LLVMModuleRef mod;
	LLVMBuilderRef b;
	const struct sc_program *prog;
	LLVMValueRef fn, w, vbase;
	/** @shared: the workgroup's shared memory (w->group->shared). */
	LLVMValueRef shared;
	/** @group: the wave's core (w->group), for its page cache. */
	LLVMValueRef group;
	/** @gathers: the target has vector gathers (sc_jit_emit()). */
	bool gathers;
	LLVMTypeRef i8, i32, i64, ptr, v32i1, v32i32, v32f32, handler_ty, watchdog_ty;
	/** @blocks: per pc, the block starting there (a jump target), or NULL. */
	LLVMBasicBlockRef *blocks;
	LLVMBasicBlockRef exit;
	unsigned int tbaa;
	LLVMValueRef tag_wave, tag_vreg, tag_page, tag_memory;
	/** @helper: the global access helpers' code (sc_jit_emit()). */
	sc_jit_helper_fn helper;
	LLVMTypeRef access_ty, quad_ty;
	struct static_frame stack[MAX_DEPTH];
	uint32_t depth;
	int32_t loop;
};

#define WAVE(field)		offsetof(struct sc_wave, field)
#define WAVE_U(i)		(WAVE(u) + 4 * (size_t)(i))
#define WAVE_P(i)		(WAVE(p) + 4 * (size_t)(i))
#define FRAME(k, field)		(WAVE(stack) + (k) * sizeof(struct sc_frame) + \
				 offsetof(struct sc_frame, field))

static LLVMValueRef c32(struct emit *e, uint32_t x)
{
	return LLVMConstInt(e->i32, x, false);
}

static LLVMValueRef c64(struct emit *e, uint64_t x)
{
	return LLVMConstInt(e->i64, x, false);
}

static LLVMValueRef const_ptr(struct emit *e, const void *p)
{
	return LLVMConstIntToPtr(c64(e, (uint64_t)(uintptr_t)p), e->ptr);
}

static LLVMValueRef byte_gep(struct emit *e, LLVMValueRef base, size_t offset)
{
	LLVMValueRef idx = c64(e, offset);

	return LLVMBuildGEP2(e->b, e->i8, base, &idx, 1, "");
}

static LLVMValueRef tag(struct emit *e, LLVMValueRef inst, LLVMValueRef tbaa,
			unsigned int align)
{
	LLVMSetMetadata(inst, e->tbaa, tbaa);
	LLVMSetAlignment(inst, align);
	return inst;
}

/* A 32-bit field of the wave at byte @offset. */
static LLVMValueRef load_field(struct emit *e, size_t offset)
{
	return tag(e, LLVMBuildLoad2(e->b, e->i32, byte_gep(e, e->w, offset), ""),
		   e->tag_wave, 4);
}

static void store_field(struct emit *e, size_t offset, LLVMValueRef value)
{
	tag(e, LLVMBuildStore(e->b, value, byte_gep(e, e->w, offset)), e->tag_wave, 4);
}

static void store_const(struct emit *e, size_t offset, uint32_t value)
{
	store_field(e, offset, c32(e, value));
}

/* Vector register @r's 32 lanes (rows are 128 bytes, 64-byte aligned). */
static LLVMValueRef load_row(struct emit *e, unsigned int r)
{
	return tag(e, LLVMBuildLoad2(e->b, e->v32i32,
				     byte_gep(e, e->vbase, (size_t)r * SC_LANES * 4), ""),
		   e->tag_vreg, 64);
}

static void store_row(struct emit *e, unsigned int r, LLVMValueRef value)
{
	tag(e, LLVMBuildStore(e->b, value, byte_gep(e, e->vbase, (size_t)r * SC_LANES * 4)),
	    e->tag_vreg, 64);
}

static LLVMValueRef splat(struct emit *e, LLVMValueRef x)
{
	LLVMTypeRef vt = LLVMVectorType(LLVMTypeOf(x), SC_LANES);
	LLVMValueRef v = LLVMBuildInsertElement(e->b, LLVMGetPoison(vt), x, c32(e, 0), "");

	return LLVMBuildShuffleVector(e->b, v, LLVMGetPoison(vt),
				      LLVMConstNull(e->v32i32), "");
}

/*
 * The 32-bit part @half of source @s as 32 lanes (sc_src()): a row, or a
 * uniform register or literal broadcast; a literal's upper parts are its
 * sign, as a 64-bit immediate's.
 */
static LLVMValueRef src_row(struct emit *e, const struct ember_isa_insn *i, unsigned int s,
			    unsigned int half)
{
	const struct ember_isa_operand *o = &i->src[s];

	switch (o->kind) {
	case EMBER_ISA_VREG:
		return load_row(e, o->index + half);
	case EMBER_ISA_UREG:
		return splat(e, load_field(e, WAVE_U(o->index + half)));
	case EMBER_ISA_IMM:
		return splat(e, c32(e, half ? (uint32_t)((int32_t)o->imm >> 31) : o->imm));
	default:
		return LLVMConstNull(e->v32i32);
	}
}

static LLVMValueRef src(struct emit *e, const struct ember_isa_insn *i, unsigned int s)
{
	return src_row(e, i, s, 0);
}

static LLVMValueRef as_float(struct emit *e, LLVMValueRef v)
{
	return LLVMBuildBitCast(e->b, v, e->v32f32, "");
}

static LLVMValueRef as_int(struct emit *e, LLVMValueRef v)
{
	return LLVMBuildBitCast(e->b, v, e->v32i32, "");
}

/* A lane mask (bit l: lane l) as 32 booleans, and back. */
static LLVMValueRef lanes(struct emit *e, LLVMValueRef mask)
{
	return LLVMBuildBitCast(e->b, mask, e->v32i1, "");
}

static LLVMValueRef mask_of(struct emit *e, LLVMValueRef bools)
{
	return LLVMBuildBitCast(e->b, bools, e->i32, "");
}

/* sc_active(): exec narrowed by the guard. */
static LLVMValueRef active(struct emit *e, const struct ember_isa_insn *i)
{
	LLVMValueRef m = load_field(e, WAVE(exec));

	if (i->guard) {
		LLVMValueRef p = load_field(e, WAVE_P(i->guard_pred));

		if (i->guard_negate)
			p = LLVMBuildNot(e->b, p, "");
		m = LLVMBuildAnd(e->b, m, p, "");
	}
	return m;
}

/* sc_store_lanes(): the active lanes but helper invocations. */
static LLVMValueRef store_lanes(struct emit *e, const struct ember_isa_insn *i)
{
	return LLVMBuildAnd(e->b, active(e, i),
			    LLVMBuildNot(e->b, load_field(e, WAVE(helpers)), ""), "");
}

/* sc_commit() of a 32-bit result. */
static void commit(struct emit *e, const struct ember_isa_insn *i, LLVMValueRef r)
{
	LLVMValueRef old;

	if (i->dst.kind == EMBER_ISA_UREG) {
		store_field(e, WAVE_U(i->dst.index),
			    LLVMBuildExtractElement(e->b, r, c32(e, 0), ""));
		return;
	}
	old = load_row(e, i->dst.index);
	store_row(e, i->dst.index, LLVMBuildSelect(e->b, lanes(e, active(e, i)), r, old, ""));
}

/* Predicate bits @bits into p[dst] for the active lanes (commit_pred()). */
static void commit_pred(struct emit *e, const struct ember_isa_insn *i, LLVMValueRef bits)
{
	size_t p = WAVE_P(i->dst.index);
	LLVMValueRef m = active(e, i);
	LLVMValueRef keep = LLVMBuildAnd(e->b, load_field(e, p), LLVMBuildNot(e->b, m, ""), "");

	store_field(e, p, LLVMBuildOr(e->b, keep, LLVMBuildAnd(e->b, bits, m, ""), ""));
}

/* sc_commit_bool(): booleans to a predicate, or 0/1 to a register. */
static void commit_bool(struct emit *e, const struct ember_isa_insn *i, LLVMValueRef bools)
{
	if (i->dst.kind == EMBER_ISA_PRED)
		commit_pred(e, i, mask_of(e, bools));
	else
		commit(e, i, LLVMBuildZExt(e->b, bools, e->v32i32, ""));
}

static LLVMValueRef intrinsic(struct emit *e, const char *name, LLVMTypeRef *types,
			      unsigned int ntypes, LLVMValueRef *args, unsigned int nargs)
{
	unsigned int id = LLVMLookupIntrinsicID(name, strlen(name));
	LLVMValueRef fn = LLVMGetIntrinsicDeclaration(e->mod, id, types, ntypes);
	LLVMTypeRef ty = LLVMIntrinsicGetType(e->ctx, id, types, ntypes);

	return LLVMBuildCall2(e->b, ty, fn, args, nargs, "");
}

/* The compare of CMP as LLVM predicates, exactly as op_cmp() decides. */
static LLVMIntPredicate int_cond(unsigned int mod, bool is_signed)
{
	switch (mod) {
	case EMBER_ISA_EQ: return LLVMIntEQ;
	case EMBER_ISA_NE: return LLVMIntNE;
	case EMBER_ISA_LT: return is_signed ? LLVMIntSLT : LLVMIntULT;
	case EMBER_ISA_LE: return is_signed ? LLVMIntSLE : LLVMIntULE;
	case EMBER_ISA_GT: return is_signed ? LLVMIntSGT : LLVMIntUGT;
	default: return is_signed ? LLVMIntSGE : LLVMIntUGE;
	}
}

static LLVMRealPredicate float_cond(unsigned int mod)
{
	switch (mod) {
	case EMBER_ISA_EQ: return LLVMRealOEQ;
	case EMBER_ISA_NE: return LLVMRealONE;
	case EMBER_ISA_LT: return LLVMRealOLT;
	case EMBER_ISA_LE: return LLVMRealOLE;
	case EMBER_ISA_GT: return LLVMRealOGT;
	case EMBER_ISA_GE: return LLVMRealOGE;
	case EMBER_ISA_UEQ: return LLVMRealUEQ;
	case EMBER_ISA_UNE: return LLVMRealUNE;
	case EMBER_ISA_ULT: return LLVMRealULT;
	case EMBER_ISA_ULE: return LLVMRealULE;
	case EMBER_ISA_UGT: return LLVMRealUGT;
	case EMBER_ISA_UGE: return LLVMRealUGE;
	case EMBER_ISA_ORD: return LLVMRealORD;
	default: return LLVMRealUNO;
	}
}

/* fmin/fmax: a NaN operand gives the other one (exec_alu.c's op_fmin). */
static LLVMValueRef float_minmax(struct emit *e, LLVMValueRef a, LLVMValueRef b, bool max)
{
	LLVMValueRef fa = as_float(e, a), fb = as_float(e, b);
	LLVMValueRef pick_a = LLVMBuildOr(e->b,
		LLVMBuildFCmp(e->b, max ? LLVMRealOGT : LLVMRealOLT, fa, fb, ""),
		LLVMBuildFCmp(e->b, LLVMRealUNO, fb, fb, ""), "");

	return LLVMBuildSelect(e->b, pick_a, a, b, "");
}

static bool is_64bit(const struct ember_isa_insn *i)
{
	return i->type == EMBER_ISA_U64 || i->type == EMBER_ISA_S64;
}

/* The 32-bit arithmetic as native IR; false: not one of those. */
static bool emit_alu(struct emit *e, const struct ember_isa_insn *i)
{
	LLVMBuilderRef b = e->b;
	bool s32 = i->type == EMBER_ISA_S32;
	LLVMValueRef r, x, y, f[3];

	if (is_64bit(i))
		return false;
	switch (i->opcode) {
	case EMBER_ISA_OP_MOV:
		r = src(e, i, 0);
		break;
	case EMBER_ISA_OP_IADD:
		r = LLVMBuildAdd(b, src(e, i, 0), src(e, i, 1), "");
		break;
	case EMBER_ISA_OP_ISUB:
		r = LLVMBuildSub(b, src(e, i, 0), src(e, i, 1), "");
		break;
	case EMBER_ISA_OP_IMUL:
		r = LLVMBuildMul(b, src(e, i, 0), src(e, i, 1), "");
		break;
	case EMBER_ISA_OP_IMAD:
		r = LLVMBuildAdd(b, LLVMBuildMul(b, src(e, i, 0), src(e, i, 1), ""),
				 src(e, i, 2), "");
		break;
	case EMBER_ISA_OP_INEG:
		r = LLVMBuildSub(b, LLVMConstNull(e->v32i32), src(e, i, 0), "");
		break;
	case EMBER_ISA_OP_IMIN:
	case EMBER_ISA_OP_IMAX:
		x = src(e, i, 0);
		y = src(e, i, 1);
		r = LLVMBuildSelect(b, LLVMBuildICmp(b, int_cond(i->opcode == EMBER_ISA_OP_IMIN ?
				    EMBER_ISA_LT : EMBER_ISA_GT, s32), x, y, ""), x, y, "");
		break;
	case EMBER_ISA_OP_AND:
		r = LLVMBuildAnd(b, src(e, i, 0), src(e, i, 1), "");
		break;
	case EMBER_ISA_OP_OR:
		r = LLVMBuildOr(b, src(e, i, 0), src(e, i, 1), "");
		break;
	case EMBER_ISA_OP_XOR:
		r = LLVMBuildXor(b, src(e, i, 0), src(e, i, 1), "");
		break;
	case EMBER_ISA_OP_NOT:
		r = LLVMBuildNot(b, src(e, i, 0), "");
		break;
	case EMBER_ISA_OP_SHL:
	case EMBER_ISA_OP_SHR:
		/* The amount modulo 32, as the handlers define it. */
		x = src(e, i, 0);
		y = LLVMBuildAnd(b, src(e, i, 1), splat(e, c32(e, 31)), "");
		r = i->opcode == EMBER_ISA_OP_SHL ? LLVMBuildShl(b, x, y, "") :
		    s32 ? LLVMBuildAShr(b, x, y, "") : LLVMBuildLShr(b, x, y, "");
		break;
	case EMBER_ISA_OP_FADD:
		r = as_int(e, LLVMBuildFAdd(b, as_float(e, src(e, i, 0)),
					    as_float(e, src(e, i, 1)), ""));
		break;
	case EMBER_ISA_OP_FSUB:
		r = as_int(e, LLVMBuildFSub(b, as_float(e, src(e, i, 0)),
					    as_float(e, src(e, i, 1)), ""));
		break;
	case EMBER_ISA_OP_FMUL:
		r = as_int(e, LLVMBuildFMul(b, as_float(e, src(e, i, 0)),
					    as_float(e, src(e, i, 1)), ""));
		break;
	case EMBER_ISA_OP_FDIV:
		r = as_int(e, LLVMBuildFDiv(b, as_float(e, src(e, i, 0)),
					    as_float(e, src(e, i, 1)), ""));
		break;
	case EMBER_ISA_OP_FFMA:
		for (unsigned int s = 0; s < 3; s++)
			f[s] = as_float(e, src(e, i, s));
		r = as_int(e, intrinsic(e, "llvm.fma", &e->v32f32, 1, f, 3));
		break;
	case EMBER_ISA_OP_FMIN:
	case EMBER_ISA_OP_FMAX:
		r = float_minmax(e, src(e, i, 0), src(e, i, 1), i->opcode == EMBER_ISA_OP_FMAX);
		break;
	case EMBER_ISA_OP_FNEG:
		r = LLVMBuildXor(b, src(e, i, 0), splat(e, c32(e, 0x80000000u)), "");
		break;
	case EMBER_ISA_OP_FABS:
		r = LLVMBuildAnd(b, src(e, i, 0), splat(e, c32(e, 0x7fffffffu)), "");
		break;
	case EMBER_ISA_OP_I2F:
		x = src(e, i, 0);
		r = as_int(e, s32 ? LLVMBuildSIToFP(b, x, e->v32f32, "") :
				    LLVMBuildUIToFP(b, x, e->v32f32, ""));
		break;
	case EMBER_ISA_OP_F2I: {
		/* Saturating, NaN to 0: exactly f2s32()/f2u32(). */
		LLVMTypeRef types[2] = { e->v32i32, e->v32f32 };

		f[0] = as_float(e, src(e, i, 0));
		r = intrinsic(e, s32 ? "llvm.fptosi.sat" : "llvm.fptoui.sat", types, 2, f, 1);
		break;
	}
	case EMBER_ISA_OP_SEL:
		/* The predicate picks per lane, for all lanes; then the commit. */
		r = LLVMBuildSelect(b, lanes(e, load_field(e, WAVE_P(i->src[0].index))),
				    src(e, i, 1), src(e, i, 2), "");
		break;
	case EMBER_ISA_OP_CMP:
		x = src(e, i, 0);
		y = src(e, i, 1);
		if (i->type == EMBER_ISA_F32)
			r = LLVMBuildFCmp(b, float_cond(i->mod), as_float(e, x), as_float(e, y), "");
		else
			r = LLVMBuildICmp(b, int_cond(i->mod, s32), x, y, "");
		commit_bool(e, i, r);
		return true;
	case EMBER_ISA_OP_PAND:
	case EMBER_ISA_OP_POR:
	case EMBER_ISA_OP_PXOR:
	case EMBER_ISA_OP_PNOT:
		x = load_field(e, WAVE_P(i->src[0].index));
		y = i->opcode == EMBER_ISA_OP_PNOT ? NULL : load_field(e, WAVE_P(i->src[1].index));
		commit_pred(e, i, i->opcode == EMBER_ISA_OP_PAND ? LLVMBuildAnd(b, x, y, "") :
				  i->opcode == EMBER_ISA_OP_POR ? LLVMBuildOr(b, x, y, "") :
				  i->opcode == EMBER_ISA_OP_PXOR ? LLVMBuildXor(b, x, y, "") :
				  LLVMBuildNot(b, x, ""));
		return true;
	default:
		return false;
	}
	commit(e, i, r);
	return true;
}

/* A 32-bit field at byte @offset of @base (the core or its dispatch). */
static LLVMValueRef load_at(struct emit *e, LLVMValueRef base, size_t offset)
{
	return tag(e, LLVMBuildLoad2(e->b, e->i32, byte_gep(e, base, offset), ""),
		   e->tag_page, 4);
}

/* w->group->d: the dispatch (a draw's stage has one of its own, gfx_wave.c). */
static LLVMValueRef dispatch_of(struct emit *e)
{
	return tag(e, LLVMBuildLoad2(e->b, e->ptr, byte_gep(e, e->group,
		   offsetof(struct sc_group, d)), ""), e->tag_page, 8);
}

/* Lane l's value of a per-lane constant special register @mod. */
static uint32_t s2r_lane_const(unsigned int mod, unsigned int l)
{
	switch (mod) {
	case EMBER_ISA_SR_LANE_ID: return l;
	case EMBER_ISA_SR_LANE_MASK_EQ: return 1u << l;
	case EMBER_ISA_SR_LANE_MASK_LT: return (1u << l) - 1;
	case EMBER_ISA_SR_LANE_MASK_LE: return (uint32_t)((2ull << l) - 1);
	case EMBER_ISA_SR_LANE_MASK_GT: return ~(uint32_t)((2ull << l) - 1);
	default: return ~((1u << l) - 1);	/* LANE_MASK_GE */
	}
}

/*
 * S2R of the compute special registers (op_s2r()): the lane constants,
 * the local ids from the wave's id and the program's local size (a
 * constant here, so a power-of-two size is a mask or shift and any other
 * one a division by a constant), and the uniform ones from the wave, its
 * core and the dispatch. The graphics registers call the handler. Each
 * was a handler call per wave (op_s2r() 3.9% of the copy kernel's time
 * in perf, two of its 22 instructions).
 */
static bool emit_s2r(struct emit *e, const struct ember_isa_insn *i)
{
	const uint32_t *size = e->prog->header.local_size;
	LLVMValueRef steps[SC_LANES], index, r, value;
	unsigned int mod = i->mod;

	for (unsigned int l = 0; l < SC_LANES; l++)
		steps[l] = c32(e, l);

	if (mod >= EMBER_ISA_SR_VERTEX_INDEX || size[0] * size[1] == 0)
		return false;
	switch (mod) {
	case EMBER_ISA_SR_LANE_ID:
	case EMBER_ISA_SR_LANE_MASK_EQ:
	case EMBER_ISA_SR_LANE_MASK_LT:
	case EMBER_ISA_SR_LANE_MASK_LE:
	case EMBER_ISA_SR_LANE_MASK_GT:
	case EMBER_ISA_SR_LANE_MASK_GE:
		for (unsigned int l = 0; l < SC_LANES; l++)
			steps[l] = c32(e, s2r_lane_const(mod, l));
		commit(e, i, LLVMConstVector(steps, SC_LANES));
		return true;
	case EMBER_ISA_SR_LOCAL_INDEX:
	case EMBER_ISA_SR_LOCAL_ID_X:
	case EMBER_ISA_SR_LOCAL_ID_Y:
	case EMBER_ISA_SR_LOCAL_ID_Z:
		index = LLVMBuildAdd(e->b, splat(e, LLVMBuildMul(e->b, load_field(e, WAVE(id)),
							      c32(e, SC_LANES), "")),
				     LLVMConstVector(steps, SC_LANES), "");
		if (mod == EMBER_ISA_SR_LOCAL_INDEX ||
		    (mod == EMBER_ISA_SR_LOCAL_ID_X && size[0] * size[1] * size[2] == size[0]))
			r = index;
		else if (mod == EMBER_ISA_SR_LOCAL_ID_X)
			r = LLVMBuildURem(e->b, index, splat(e, c32(e, size[0])), "");
		else if (mod == EMBER_ISA_SR_LOCAL_ID_Y)
			r = LLVMBuildURem(e->b, LLVMBuildUDiv(e->b, index, splat(e, c32(e, size[0])),
							      ""),
					  splat(e, c32(e, size[1])), "");
		else
			r = LLVMBuildUDiv(e->b, index, splat(e, c32(e, size[0] * size[1])), "");
		commit(e, i, r);
		return true;
	default:
		break;
	}
	/* Uniform registers: one value, written once (to u[], as the handler). */
	if (i->dst.kind != EMBER_ISA_UREG)
		return false;
	switch (mod) {
	case EMBER_ISA_SR_WAVE_ID:
		value = load_field(e, WAVE(id));
		break;
	case EMBER_ISA_SR_NUM_WAVES:
		value = load_at(e, e->group, offsetof(struct sc_group, num_waves));
		break;
	case EMBER_ISA_SR_GROUP_ID_X:
	case EMBER_ISA_SR_GROUP_ID_Y:
	case EMBER_ISA_SR_GROUP_ID_Z:
		value = load_at(e, e->group, offsetof(struct sc_group, group_id) +
			       4 * (mod - EMBER_ISA_SR_GROUP_ID_X));
		break;
	case EMBER_ISA_SR_NUM_GROUPS_X:
	case EMBER_ISA_SR_NUM_GROUPS_Y:
	case EMBER_ISA_SR_NUM_GROUPS_Z:
		value = load_at(e, dispatch_of(e), offsetof(struct sc_dispatch, groups) +
			       4 * (mod - EMBER_ISA_SR_NUM_GROUPS_X));
		break;
	default:
		value = load_field(e, WAVE(exec));
		break;
	}
	store_field(e, WAVE_U(i->dst.index), value);
	return true;
}

/* Memory the shader reaches (guest pages, shared memory): its own TBAA type. */
static LLVMValueRef memory_access(struct emit *e, LLVMValueRef access)
{
	LLVMSetMetadata(access, e->tbaa, e->tag_memory);
	return access;
}

/* Lane offsets @off plus immediate @imm, saturating (lane_offsets()). */
static LLVMValueRef plus_imm(struct emit *e, LLVMValueRef off, uint32_t imm)
{
	LLVMValueRef sum;

	if (!imm)
		return off;
	sum = LLVMBuildAdd(e->b, off, splat(e, c32(e, imm)), "");
	return LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntULT, sum, splat(e, c32(e, imm)), ""),
			       splat(e, c32(e, 0xffffffffu)), sum, "");
}

/* The block at @pc (a jump target found by mark_targets()). */
static LLVMBasicBlockRef at(struct emit *e, uint32_t pc)
{
	return e->blocks[pc];
}

static LLVMBasicBlockRef new_block(struct emit *e)
{
	return LLVMAppendBasicBlockInContext(e->ctx, e->fn, "");
}

#define SC_HALF		(SC_LANES / 2)

/* <0, @stride, ..., 15 * @stride> in each half of the wave. */
static LLVMValueRef half_steps(struct emit *e, unsigned int stride)
{
	LLVMValueRef steps[SC_LANES];

	for (unsigned int l = 0; l < SC_LANES; l++)
		steps[l] = c32(e, (l % SC_HALF) * stride);
	return LLVMConstVector(steps, SC_LANES);
}

/* @n dwords from shared memory at byte offset @off (in range), unaligned. */
static LLVMValueRef shared_load(struct emit *e, LLVMValueRef off, unsigned int n)
{
	LLVMValueRef wide = LLVMBuildZExt(e->b, off, e->i64, "");
	LLVMValueRef ptr = LLVMBuildGEP2(e->b, e->i8, e->shared, &wide, 1, "");
	LLVMTypeRef ty = n == 1 ? e->i32 : LLVMVectorType(e->i32, n);

	return tag(e, LLVMBuildLoad2(e->b, ty, ptr, ""), e->tag_memory, 1);
}

/*
 * The three block shapes of an LDS.u32 (lds_block()): each half of the
 * wave (lanes 0..15, 16..31) reads from its first lane's offset on,
 * stepping by 0 (one dword for all 16: a matrix tile's row that a 16-wide
 * workgroup's row of invocations shares), 4 (16 consecutive dwords) or 16
 * bytes (a vec4's component of 16 consecutive vec4s).
 */
enum { LDS_BROADCAST, LDS_CONSECUTIVE, LDS_VEC4, LDS_SHAPES };

static const unsigned int lds_stride[LDS_SHAPES] = { 0, 4, 16 };
/* The bytes a half's block spans from its first offset (all loaded). */
static const unsigned int lds_span[LDS_SHAPES] = { 4, 64, 256 };

/* The wave's 32 dwords of shape @shape from the halves' offsets @first. */
static LLVMValueRef lds_block(struct emit *e, unsigned int shape, LLVMValueRef *first)
{
	LLVMValueRef part[2], idx[SC_LANES];

	for (unsigned int h = 0; h < 2; h++)
		part[h] = shared_load(e, first[h], lds_span[shape] / 4);
	if (shape == LDS_BROADCAST) {
		LLVMValueRef pair = LLVMGetPoison(LLVMVectorType(e->i32, 2));

		for (unsigned int h = 0; h < 2; h++)
			pair = LLVMBuildInsertElement(e->b, pair, part[h], c32(e, h), "");
		for (unsigned int l = 0; l < SC_LANES; l++)
			idx[l] = c32(e, l / SC_HALF);
		return LLVMBuildShuffleVector(e->b, pair, LLVMGetPoison(LLVMTypeOf(pair)),
					      LLVMConstVector(idx, SC_LANES), "");
	}
	/* Lane l of half h: dword (l % 16) * stride / 4 of that half's block. */
	for (unsigned int l = 0; l < SC_LANES; l++)
		idx[l] = c32(e, (l / SC_HALF) * (lds_span[shape] / 4) +
				(l % SC_HALF) * (lds_stride[shape] / 4));
	return LLVMBuildShuffleVector(e->b, part[0], part[1], LLVMConstVector(idx, SC_LANES), "");
}

/*
 * LDS.u32 (op_lds()): each lane reads the dword at its offset (plus the
 * immediate, saturating) if it lies inside shared memory, else 0; one
 * gather (vpgatherdd on AVX2: offsets are below 64 KiB, so the GEP's
 * sign-extended i32 indices are exact), then the commit.
 *
 * A gather costs as much as some twenty vector operations on this
 * machine's cores (about 12 ns for 16 lanes of AVX-512 measured, against
 * 2.4 ns for eight FMAs), and the shared-memory tiles of a matrix product
 * are read in a few regular shapes, which plain loads move: where every
 * lane's offset is its half's first plus its index in the half times 0,
 * 4 or 16 bytes (checked on the lanes' values at run time, active or not,
 * like the gather reads them) and both halves' blocks lie inside shared
 * memory, the wave's dwords are two broadcasts, two 64-byte loads or two
 * 256-byte loads and a shuffle (lds_block()). Those read exactly the
 * dwords the gather would (every lane in range), so the result is the
 * same; any other offsets take the gather.
 */
static bool emit_lds(struct emit *e, const struct ember_isa_insn *i)
{
	uint32_t limit = e->prog->header.shared_bytes, imm = i->src[1].imm;
	LLVMValueRef off = src(e, i, 0), in_range, args[4], first[2], d, hi, idx[SC_LANES];
	LLVMTypeRef types[2] = { e->v32i32, LLVMVectorType(e->ptr, SC_LANES) };
	LLVMBasicBlockRef join, next, shape_bb[LDS_SHAPES];
	LLVMValueRef shape_r[LDS_SHAPES + 1], phi;
	LLVMBasicBlockRef from[LDS_SHAPES + 1];
	unsigned int n = 0;

	if (i->type != EMBER_ISA_U32)
		return false;
	off = plus_imm(e, off, i->src[1].kind == EMBER_ISA_IMM ? imm : 0);
	if (limit < 4) {
		commit(e, i, LLVMConstNull(e->v32i32));
		return true;
	}
	/* Each lane's offset less its half's first. */
	for (unsigned int l = 0; l < SC_LANES; l++)
		idx[l] = c32(e, l / SC_HALF * SC_HALF);
	d = LLVMBuildSub(e->b, off, LLVMBuildShuffleVector(e->b, off, LLVMGetPoison(e->v32i32),
			 LLVMConstVector(idx, SC_LANES), ""), "");
	for (unsigned int h = 0; h < 2; h++)
		first[h] = LLVMBuildExtractElement(e->b, off, c32(e, h * SC_HALF), "");
	hi = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntUGT, first[0], first[1], ""),
			     first[0], first[1], "");
	join = new_block(e);
	for (unsigned int s = 0; s < LDS_SHAPES; s++) {
		LLVMValueRef fits, same;

		if (limit < lds_span[s])
			continue;
		fits = LLVMBuildICmp(e->b, LLVMIntULE, hi, c32(e, limit - lds_span[s]), "");
		same = LLVMBuildICmp(e->b, LLVMIntEQ, d, half_steps(e, lds_stride[s]), "");
		same = LLVMBuildICmp(e->b, LLVMIntEQ, mask_of(e, same), c32(e, 0xffffffffu), "");
		shape_bb[s] = new_block(e);
		next = new_block(e);
		LLVMBuildCondBr(e->b, LLVMBuildAnd(e->b, fits, same, ""), shape_bb[s], next);
		LLVMPositionBuilderAtEnd(e->b, shape_bb[s]);
		shape_r[n] = lds_block(e, s, first);
		from[n++] = LLVMGetInsertBlock(e->b);
		LLVMBuildBr(e->b, join);
		LLVMPositionBuilderAtEnd(e->b, next);
	}
	in_range = LLVMBuildICmp(e->b, LLVMIntULE, off, splat(e, c32(e, limit - 4)), "");
	off = LLVMBuildSelect(e->b, in_range, off, LLVMConstNull(e->v32i32), "");
	args[0] = LLVMBuildGEP2(e->b, e->i8, e->shared, &off, 1, "");
	args[1] = c32(e, 1);
	args[2] = in_range;
	args[3] = LLVMConstNull(e->v32i32);
	shape_r[n] = memory_access(e, intrinsic(e, "llvm.masked.gather", types, 2, args, 4));
	from[n++] = LLVMGetInsertBlock(e->b);
	LLVMBuildBr(e->b, join);
	LLVMPositionBuilderAtEnd(e->b, join);
	phi = LLVMBuildPhi(e->b, e->v32i32, "");
	LLVMAddIncoming(phi, shape_r, from, n);
	commit(e, i, phi);
	return true;
}

/* Leave with the wave stopped or handed over; w->pc = @pc. */
static void leave(struct emit *e, uint32_t pc)
{
	store_const(e, WAVE(pc), pc);
	LLVMBuildBr(e->b, e->exit);
}

/* Go on at the next block if the wave still runs, else return. */
static void check_running(struct emit *e)
{
	LLVMBasicBlockRef next = new_block(e);
	LLVMValueRef running = LLVMBuildICmp(e->b, LLVMIntEQ, load_field(e, WAVE(status)),
					     c32(e, SC_RUNNING), "");

	LLVMBuildCondBr(e->b, running, next, e->exit);
	LLVMPositionBuilderAtEnd(e->b, next);
}

/*
 * The instruction's handler, as the interpreter calls it. Only memory
 * instructions (and the sentinel) can stop the wave, with a fault: for
 * them pc is stored first (the stopped wave's pc is past the instruction)
 * and the status checked after; the other handlers read neither.
 */
static void call_handler(struct emit *e, uint32_t pc)
{
	const struct sc_insn *in = &e->prog->insns[pc];
	LLVMValueRef args[2] = { e->w, const_ptr(e, in) };
	bool may_stop = pc == e->prog->num_insns || in->isa.opcode == EMBER_ISA_OP_TERMINATE ||
			(ember_isa_opinfo(in->isa.opcode)->flags & EMBER_ISA_F_MEMORY);

	if (may_stop)
		store_const(e, WAVE(pc), pc + 1);
	LLVMBuildCall2(e->b, e->handler_ty, const_ptr(e, (const void *)in->fn), args, 2, "");
	if (may_stop)
		check_running(e);
}

/* Bytes a global access of @type moves, if the native paths take it; else 0. */
static unsigned int native_access_size(unsigned int type)
{
	switch (type) {
	case EMBER_ISA_U32: case EMBER_ISA_S32: case EMBER_ISA_F32: return 4;
	case EMBER_ISA_U64: case EMBER_ISA_S64: return 8;
	case EMBER_ISA_B128: return 16;
	default: return 0;
	}
}

static LLVMValueRef zext64(struct emit *e, LLVMValueRef x)
{
	return LLVMBuildZExt(e->b, x, e->i64, "");
}

static LLVMValueRef reduce(struct emit *e, const char *name, LLVMValueRef v)
{
	return intrinsic(e, name, &e->v32i32, 1, &v, 1);
}

/* sc_host_page_index(@vpn): the page number folded onto itself. */
static LLVMValueRef host_page_index(struct emit *e, LLVMValueRef vpn)
{
	LLVMValueRef fold = vpn;

	for (unsigned int shift = SC_HOST_PAGE_FOLD; shift < SC_VPN_BITS;
	     shift += SC_HOST_PAGE_FOLD)
		fold = LLVMBuildXor(e->b, fold, LLVMBuildLShr(e->b, vpn, c64(e, shift), ""), "");
	return LLVMBuildAnd(e->b, fold, c64(e, SC_HOST_PAGES - 1), "");
}

/*
 * The core's page cache entry for @va (sc_group_page()'s pages[], the
 * interpreter's path to memory): its host page, and in *@hit whether it
 * holds @va's page with the rights @access.
 */
static LLVMValueRef cached_page(struct emit *e, LLVMValueRef va, unsigned int access,
				LLVMValueRef *hit)
{
	LLVMValueRef vpn = LLVMBuildLShr(e->b, va, c64(e, EMBER_PAGE_SHIFT), "");
	LLVMValueRef idx = host_page_index(e, vpn);
	LLVMValueRef entry = LLVMBuildGEP2(e->b, e->i8, byte_gep(e, e->group,
					   offsetof(struct sc_group, pages)),
					   (LLVMValueRef[]) { LLVMBuildMul(e->b, idx,
					   c64(e, sizeof(struct sc_host_page)), "") }, 1, "");
	LLVMValueRef tag_v = tag(e, LLVMBuildLoad2(e->b, e->i64, byte_gep(e, entry,
				 offsetof(struct sc_host_page, tag)), ""), e->tag_page, 8);
	LLVMValueRef host = tag(e, LLVMBuildLoad2(e->b, e->ptr, byte_gep(e, entry,
				offsetof(struct sc_host_page, host)), ""), e->tag_page, 8);
	LLVMValueRef rights = tag(e, LLVMBuildLoad2(e->b, e->i32, byte_gep(e, entry,
				  offsetof(struct sc_host_page, access)), ""), e->tag_page, 4);

	*hit = LLVMBuildAnd(e->b,
		LLVMBuildICmp(e->b, LLVMIntEQ, tag_v, LLVMBuildAdd(e->b, vpn, c64(e, 1), ""), ""),
		LLVMBuildICmp(e->b, LLVMIntEQ, LLVMBuildAnd(e->b, rights, c32(e, access), ""),
			      c32(e, access), ""), "");
	return host;
}

/*
 * The one-page test of a descriptor access (exec_memory.c's one_page())
 * for the bytes [@lo, @end) of the buffer at @va of @range bytes (all
 * i64): inside its range and one page, which the core's page cache holds
 * for @access, or which sc_group_page() translates into it now. Then the
 * builder is left in the block that runs the access, returning the host
 * address of offset @lo; otherwise (a fault, which sc_group_page() only
 * reports) control goes to @slow, whose handler faults as the interpreter.
 * Filling the cache here is what the handler's first lane would do for
 * the same page; the handler did it lane by lane, a wave per page of each
 * stream: 8% of the copy kernel's samples (perf).
 */
static LLVMValueRef one_page(struct emit *e, LLVMValueRef va, LLVMValueRef range,
			     LLVMValueRef lo, LLVMValueRef end, unsigned int access,
			     LLVMBasicBlockRef slow)
{
	LLVMValueRef first, last, ok, hit, host, filled, fault, phi;
	LLVMBasicBlockRef check = new_block(e), fill = new_block(e), fast = new_block(e);
	LLVMBasicBlockRef from[2];
	LLVMTypeRef page_ty = LLVMFunctionType(e->ptr, (LLVMTypeRef[]) {
		e->ptr, e->i64, e->i32, e->ptr }, 4, false);

	first = LLVMBuildAdd(e->b, va, lo, "");
	last = LLVMBuildSub(e->b, LLVMBuildAdd(e->b, va, end, ""), c64(e, 1), "");
	host = cached_page(e, first, access, &hit);
	ok = LLVMBuildAnd(e->b, LLVMBuildICmp(e->b, LLVMIntULE, end, range, ""),
		LLVMBuildICmp(e->b, LLVMIntEQ,
			      LLVMBuildLShr(e->b, first, c64(e, EMBER_PAGE_SHIFT), ""),
			      LLVMBuildLShr(e->b, last, c64(e, EMBER_PAGE_SHIFT), ""), ""), "");
	LLVMBuildCondBr(e->b, ok, check, slow);
	LLVMPositionBuilderAtEnd(e->b, check);
	LLVMBuildCondBr(e->b, hit, fast, fill);
	LLVMPositionBuilderAtEnd(e->b, fill);
	fault = LLVMBuildAlloca(e->b, e->i32, "");
	filled = LLVMBuildCall2(e->b, page_ty, const_ptr(e, (const void *)(uintptr_t)sc_group_page),
				(LLVMValueRef[]) { e->group, first, c32(e, access), fault }, 4, "");
	LLVMBuildCondBr(e->b, LLVMBuildIsNotNull(e->b, filled, ""), fast, slow);
	LLVMPositionBuilderAtEnd(e->b, fast);
	phi = LLVMBuildPhi(e->b, e->ptr, "");
	from[0] = check;
	from[1] = fill;
	LLVMAddIncoming(phi, (LLVMValueRef[]) { host, filled }, from, 2);
	return LLVMBuildGEP2(e->b, e->i8, phi,
			     (LLVMValueRef[]) { LLVMBuildAnd(e->b, first,
						c64(e, EMBER_PAGE_SIZE - 1), "") }, 1, "");
}

/* <0, @stride, 2 * @stride, ...>: the offsets of consecutive lanes. */
static LLVMValueRef lane_steps(struct emit *e, unsigned int stride)
{
	LLVMValueRef steps[SC_LANES];

	for (unsigned int l = 0; l < SC_LANES; l++)
		steps[l] = c32(e, l * stride);
	return LLVMConstVector(steps, SC_LANES);
}

/*
 * Whether every lane of @off is lane 0's plus @stride per lane: a wave
 * reading or writing one contiguous block (consecutive elements of a
 * buffer, the common case), which plain vector loads and stores move.
 */
static LLVMValueRef consecutive(struct emit *e, LLVMValueRef off, unsigned int stride)
{
	LLVMValueRef first = LLVMBuildExtractElement(e->b, off, c32(e, 0), "");
	LLVMValueRef want = LLVMBuildAdd(e->b, splat(e, first), lane_steps(e, stride), "");
	LLVMValueRef same = LLVMBuildICmp(e->b, LLVMIntEQ, off, want, "");

	return LLVMBuildICmp(e->b, LLVMIntEQ, mask_of(e, same), c32(e, 0xffffffffu), "");
}

/* Every lane active: the contiguous paths take whole waves only. */
static LLVMValueRef all_active(struct emit *e, LLVMValueRef m)
{
	return LLVMBuildICmp(e->b, LLVMIntEQ, m, c32(e, 0xffffffffu), "");
}

/* @regs rows of 32 lanes as they lie in memory: lane 0's dwords first. */
static LLVMValueRef interleave(struct emit *e, LLVMValueRef *rows, unsigned int regs)
{
	LLVMValueRef pair[2], idx[4 * SC_LANES];

	if (regs == 1)
		return rows[0];
	for (unsigned int k = 0; k < regs * SC_LANES; k++)
		idx[k] = c32(e, (k % regs) * SC_LANES + k / regs);
	if (regs == 2)
		return LLVMBuildShuffleVector(e->b, rows[0], rows[1],
					      LLVMConstVector(idx, 2 * SC_LANES), "");
	/* Four rows: concatenate them pairwise, then pick. */
	for (unsigned int h = 0; h < 2; h++) {
		LLVMValueRef cat[2 * SC_LANES];

		for (unsigned int k = 0; k < 2 * SC_LANES; k++)
			cat[k] = c32(e, k);
		pair[h] = LLVMBuildShuffleVector(e->b, rows[2 * h], rows[2 * h + 1],
						 LLVMConstVector(cat, 2 * SC_LANES), "");
	}
	return LLVMBuildShuffleVector(e->b, pair[0], pair[1], LLVMConstVector(idx, 4 * SC_LANES),
				      "");
}

/* Row @h of @regs interleaved rows in @block (interleave()'s inverse). */
static LLVMValueRef deinterleave(struct emit *e, LLVMValueRef block, unsigned int regs,
				 unsigned int h)
{
	LLVMValueRef idx[SC_LANES];

	if (regs == 1)
		return block;
	for (unsigned int l = 0; l < SC_LANES; l++)
		idx[l] = c32(e, l * regs + h);
	return LLVMBuildShuffleVector(e->b, block, LLVMGetPoison(LLVMTypeOf(block)),
				      LLVMConstVector(idx, SC_LANES), "");
}

/* 32 lanes' addresses: @base + @rel + @extra (the GEP sign-extends: exact below 2 GiB). */
static LLVMValueRef lane_pointers(struct emit *e, LLVMValueRef base, LLVMValueRef rel,
				  uint32_t extra)
{
	if (extra)
		rel = LLVMBuildAdd(e->b, rel, splat(e, c32(e, extra)), "");
	return LLVMBuildGEP2(e->b, e->i8, base, &rel, 1, "");
}

static LLVMValueRef gather(struct emit *e, LLVMValueRef ptrs, LLVMValueRef mask)
{
	LLVMTypeRef types[2] = { e->v32i32, LLVMVectorType(e->ptr, SC_LANES) };
	LLVMValueRef args[4] = { ptrs, c32(e, 1), mask, LLVMConstNull(e->v32i32) };

	return memory_access(e, intrinsic(e, "llvm.masked.gather", types, 2, args, 4));
}

/* The handler as the slow path of a native access, then on at @cont. */
static void slow_path(struct emit *e, LLVMBasicBlockRef slow, uint32_t pc,
		      LLVMBasicBlockRef cont)
{
	LLVMPositionBuilderAtEnd(e->b, slow);
	call_handler(e, pc);
	LLVMBuildBr(e->b, cont);
	LLVMPositionBuilderAtEnd(e->b, cont);
}

/* Row @h of the rows at @rows (a register's row pointer). */
static LLVMValueRef row_at(struct emit *e, LLVMValueRef rows, unsigned int h)
{
	return byte_gep(e, rows, (size_t)h * SC_LANES * 4);
}

/*
 * A store of a whole wave whose lanes step by a constant @size to 4096
 * bytes (a vec4 written as four u32 stores: 16; the span already checked
 * to lie in one cached page, in range): the lanes' bytes do not overlap,
 * so their order does not matter, and each row is one scatter of 32
 * plain stores (AVX2 has no scatter: LLVM writes them lane by lane,
 * without the handler's per-lane translation and checks). Otherwise on
 * to @fail (the handler).
 */
static void emit_strided_store(struct emit *e, LLVMValueRef base, LLVMValueRef off,
			       LLVMValueRef m, LLVMValueRef rows, unsigned int size,
			       LLVMBasicBlockRef done, LLVMBasicBlockRef fail)
{
	LLVMTypeRef types[2] = { e->v32i32, LLVMVectorType(e->ptr, SC_LANES) };
	LLVMBasicBlockRef strided = new_block(e);
	LLVMValueRef first = LLVMBuildExtractElement(e->b, off, c32(e, 0), "");
	LLVMValueRef step = LLVMBuildSub(e->b, LLVMBuildExtractElement(e->b, off, c32(e, 1), ""),
					 first, "");
	LLVMValueRef want = LLVMBuildAdd(e->b, splat(e, first),
					 LLVMBuildMul(e->b, splat(e, step), lane_steps(e, 1), ""), "");
	LLVMValueRef same = LLVMBuildICmp(e->b, LLVMIntEQ, mask_of(e, LLVMBuildICmp(e->b,
					  LLVMIntEQ, off, want, "")), c32(e, 0xffffffffu), "");
	LLVMValueRef apart = LLVMBuildICmp(e->b, LLVMIntULE,
					   LLVMBuildSub(e->b, step, c32(e, size), ""),
					   c32(e, EMBER_PAGE_SIZE - size), "");
	LLVMValueRef rel = LLVMBuildSub(e->b, off, splat(e, first), "");

	LLVMBuildCondBr(e->b, LLVMBuildAnd(e->b, all_active(e, m),
					   LLVMBuildAnd(e->b, same, apart, ""), ""), strided, fail);
	LLVMPositionBuilderAtEnd(e->b, strided);
	for (unsigned int h = 0; h < size / 4; h++) {
		LLVMValueRef args[4] = {
			tag(e, LLVMBuildLoad2(e->b, e->v32i32, row_at(e, rows, h), ""),
			    e->tag_vreg, 64),
			lane_pointers(e, base, rel, 4 * h), c32(e, 1),
			LLVMConstAllOnes(e->v32i1),
		};

		memory_access(e, intrinsic(e, "llvm.masked.scatter", types, 2, args, 4));
	}
	LLVMBuildBr(e->b, done);
}

/*
 * LDG.u32 of a whole wave whose lanes step by @stride bytes (8 or 16: a
 * vec2 or vec4 read as u32 loads, one component each), lane 0's element
 * first in a page the core's page cache holds (checked): one plain load
 * of the 32 strides, the row picked out by a shuffle, instead of a
 * gather, as long as the block ends inside that page (its bytes between
 * the lanes' are read and dropped; the lanes' own are in range).
 * Otherwise on to @other.
 */
static void emit_strided_load(struct emit *e, LLVMValueRef va, LLVMValueRef base,
			      LLVMValueRef off, LLVMValueRef m, LLVMValueRef row,
			      unsigned int stride, LLVMBasicBlockRef done, LLVMBasicBlockRef other)
{
	unsigned int words = SC_LANES * stride / 4;
	LLVMBasicBlockRef strided = new_block(e);
	LLVMValueRef first = LLVMBuildExtractElement(e->b, off, c32(e, 0), "");
	LLVMValueRef in_page = LLVMBuildAnd(e->b, LLVMBuildAdd(e->b, va, zext64(e, first), ""),
					    c64(e, EMBER_PAGE_SIZE - 1), "");
	LLVMValueRef fits = LLVMBuildICmp(e->b, LLVMIntULE, in_page,
					  c64(e, EMBER_PAGE_SIZE - SC_LANES * stride), "");
	LLVMValueRef idx[SC_LANES], block;

	LLVMBuildCondBr(e->b, LLVMBuildAnd(e->b, LLVMBuildAnd(e->b, all_active(e, m),
					   consecutive(e, off, stride), ""), fits, ""),
			strided, other);
	LLVMPositionBuilderAtEnd(e->b, strided);
	block = tag(e, LLVMBuildLoad2(e->b, LLVMVectorType(e->i32, words), base, ""),
		    e->tag_memory, 1);
	for (unsigned int l = 0; l < SC_LANES; l++)
		idx[l] = c32(e, l * stride / 4);
	tag(e, LLVMBuildStore(e->b, LLVMBuildShuffleVector(e->b, block, LLVMGetPoison(
			      LLVMTypeOf(block)), LLVMConstVector(idx, SC_LANES), ""), row),
	    e->tag_vreg, 64);
	LLVMBuildBr(e->b, done);
	LLVMPositionBuilderAtEnd(e->b, other);
}

/*
 * The body of a global access helper (sc_jit_emit_helper()): the access of
 * @size bytes per lane, a load (@store false) into the rows at @rows or a
 * store of them, for the lanes of @mask at the offsets @off of the buffer
 * at @va of @range bytes; true if done, false if the handler must do it.
 *
 * No active lane: done, as the handler. The active lanes' span in range,
 * in one page the core's page cache holds (or fills now): a whole wave at consecutive
 * elements is one vector access (the rows of the wider types interleaved
 * by shuffles); a load of other lanes, one masked gather per row where
 * the target has AVX2's (committing the active lanes only). Anything else
 * (a fault, two pages, out of range, a scattered store, whose lane order
 * matters and which AVX2 cannot do in one instruction) goes back to the
 * handler, which translates, faults or takes the lanes one by one exactly
 * as the interpreter: the native code never faults by itself (a cached
 * page was translated with those rights in this slice of the dispatch,
 * and the cache is emptied when the slice ends).
 */
static void emit_access_body(struct emit *e, unsigned int size, bool store)
{
	unsigned int regs = size / 4;
	LLVMValueRef group = LLVMGetParam(e->fn, 0), va = LLVMGetParam(e->fn, 1);
	LLVMValueRef range = LLVMGetParam(e->fn, 2), off = LLVMGetParam(e->fn, 3);
	LLVMValueRef m = LLVMGetParam(e->fn, 4), rows = LLVMGetParam(e->fn, 5);
	LLVMBasicBlockRef done = new_block(e), fail = new_block(e), some = new_block(e);
	LLVMBasicBlockRef block = new_block(e), scattered = new_block(e);
	LLVMValueRef act, lo, hi, base, whole, r[4];
	LLVMTypeRef block_ty = LLVMVectorType(e->i32, SC_LANES * regs);

	e->group = group;
	LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, m, c32(e, 0), ""), done, some);
	LLVMPositionBuilderAtEnd(e->b, some);
	act = lanes(e, m);
	lo = reduce(e, "llvm.vector.reduce.umin",
		    LLVMBuildSelect(e->b, act, off, splat(e, c32(e, 0xffffffffu)), ""));
	hi = reduce(e, "llvm.vector.reduce.umax",
		    LLVMBuildSelect(e->b, act, off, LLVMConstNull(e->v32i32), ""));
	base = one_page(e, va, range, zext64(e, lo),
			LLVMBuildAdd(e->b, zext64(e, hi), c64(e, size), ""),
			store ? EMBER_ACCESS_WRITE : EMBER_ACCESS_READ, fail);
	whole = LLVMBuildAnd(e->b, all_active(e, m), consecutive(e, off, size), "");
	LLVMBuildCondBr(e->b, whole, block, scattered);

	/* One block: lane 0's offset (the lowest) to 32 elements further. */
	LLVMPositionBuilderAtEnd(e->b, block);
	if (store) {
		for (unsigned int h = 0; h < regs; h++)
			r[h] = tag(e, LLVMBuildLoad2(e->b, e->v32i32, row_at(e, rows, h), ""),
				   e->tag_vreg, 64);
		tag(e, LLVMBuildStore(e->b, interleave(e, r, regs), base), e->tag_memory, 1);
	} else {
		LLVMValueRef data = tag(e, LLVMBuildLoad2(e->b, block_ty, base, ""),
					e->tag_memory, 1);

		for (unsigned int h = 0; h < regs; h++)
			tag(e, LLVMBuildStore(e->b, deinterleave(e, data, regs, h),
					      row_at(e, rows, h)), e->tag_vreg, 64);
	}
	LLVMBuildBr(e->b, done);

	LLVMPositionBuilderAtEnd(e->b, scattered);
	if (store) {
		emit_strided_store(e, base, off, m, rows, size, done, fail);
	} else if (!e->gathers) {
		LLVMBuildBr(e->b, fail);
	} else {
		LLVMValueRef rel;

		/* A vec4's or a vec2's component: a block load, not a gather. */
		if (size == 4) {
			emit_strided_load(e, va, base, off, m, rows, 16, done, new_block(e));
			emit_strided_load(e, va, base, off, m, rows, 8, done, new_block(e));
		}
		rel = LLVMBuildSub(e->b, off, splat(e, lo), "");
		for (unsigned int h = 0; h < regs; h++) {
			LLVMValueRef at = row_at(e, rows, h);
			LLVMValueRef old = tag(e, LLVMBuildLoad2(e->b, e->v32i32, at, ""),
					       e->tag_vreg, 64);
			LLVMValueRef got = gather(e, lane_pointers(e, base, rel, 4 * h), act);

			tag(e, LLVMBuildStore(e->b, LLVMBuildSelect(e->b, act, got, old, ""), at),
			    e->tag_vreg, 64);
		}
		LLVMBuildBr(e->b, done);
	}
	LLVMPositionBuilderAtEnd(e->b, done);
	LLVMBuildRet(e->b, LLVMConstInt(LLVMInt1TypeInContext(e->ctx), 1, false));
	LLVMPositionBuilderAtEnd(e->b, fail);
	LLVMBuildRet(e->b, LLVMConstInt(LLVMInt1TypeInContext(e->ctx), 0, false));
}

/* The helper kind (jit.h) of a global access of @size bytes. */
static unsigned int helper_kind(unsigned int size, bool store)
{
	return (size == 4 ? 0 : size == 8 ? 1 : 2) + (store ? 3 : 0);
}

/*
 * A global access helper's second and third arguments: the 64-bit base
 * address and the range of the buffer descriptor in uniform registers
 * @u .. @u + 2.
 */
static void descriptor_args(struct emit *e, unsigned int u, LLVMValueRef *args)
{
	args[1] = LLVMBuildOr(e->b, zext64(e, load_field(e, WAVE_U(u))),
			      LLVMBuildShl(e->b, zext64(e, load_field(e, WAVE_U(u + 1))),
					   c64(e, 32), ""), "");
	args[2] = zext64(e, load_field(e, WAVE_U(u + 2)));
}

/*
 * LDG and STG of 4, 8 or 16 bytes (op_ldg(), op_stg()) through their
 * helper, the handler when it declines; a store's data must be in
 * registers (a uniform or literal one is rare: the handler).
 */
static bool emit_global(struct emit *e, const struct ember_isa_insn *i, uint32_t pc, bool store)
{
	unsigned int size = native_access_size(i->type), u = i->src[0].index;
	const struct ember_isa_operand *data = store ? &i->src[2] : &i->dst;
	LLVMValueRef args[6], ok;
	LLVMBasicBlockRef slow, cont;
	uint64_t helper;

	if (!size || data->kind != EMBER_ISA_VREG)
		return false;
	helper = e->helper(helper_kind(size, store));
	if (!helper)
		return false;
	slow = new_block(e);
	cont = new_block(e);
	args[0] = e->group;
	descriptor_args(e, u, args);
	args[3] = src(e, i, 1);
	/* LDG's immediate offset (STG's third source is its data). */
	if (!store && i->src[2].kind == EMBER_ISA_IMM)
		args[3] = plus_imm(e, args[3], i->src[2].imm);
	args[4] = store ? store_lanes(e, i) : active(e, i);
	args[5] = byte_gep(e, e->vbase, (size_t)data->index * SC_LANES * 4);
	ok = LLVMBuildCall2(e->b, e->access_ty, const_ptr(e, (const void *)(uintptr_t)helper),
			    args, 6, "");
	LLVMBuildCondBr(e->b, ok, cont, slow);
	slow_path(e, slow, pc, cont);
	return true;
}

/*
 * The body of the quad helpers (SC_JIT_STORE_QUAD, SC_JIT_LOAD_QUAD): four
 * STG.u32 or LDG.u32 of the rows @rows[0..3] at the offsets @off[0..3] of
 * the buffer at @va of @range bytes for the lanes of @mask; true if done
 * as one block (see the DOC), false if the four instructions must run
 * one by one.
 */
static void emit_quad_body(struct emit *e, bool store)
{
	LLVMValueRef group = LLVMGetParam(e->fn, 0), va = LLVMGetParam(e->fn, 1);
	LLVMValueRef range = LLVMGetParam(e->fn, 2), m = LLVMGetParam(e->fn, 7);
	LLVMValueRef off[4], rows[4], ok, lo, base;
	LLVMBasicBlockRef fail = new_block(e), check = new_block(e);

	e->group = group;
	for (unsigned int k = 0; k < 4; k++) {
		off[k] = LLVMGetParam(e->fn, 3 + k);
		rows[k] = LLVMGetParam(e->fn, 8 + k);
	}
	/* A whole wave, lanes 16 bytes apart, the components 4 apart. */
	ok = LLVMBuildAnd(e->b, all_active(e, m), consecutive(e, off[0], 16), "");
	for (unsigned int k = 1; k < 4; k++) {
		LLVMValueRef want = LLVMBuildAdd(e->b, off[0], splat(e, c32(e, 4 * k)), "");

		ok = LLVMBuildAnd(e->b, ok, LLVMBuildICmp(e->b, LLVMIntEQ,
				  mask_of(e, LLVMBuildICmp(e->b, LLVMIntEQ, off[k], want, "")),
				  c32(e, 0xffffffffu), ""), "");
	}
	LLVMBuildCondBr(e->b, ok, check, fail);
	LLVMPositionBuilderAtEnd(e->b, check);
	lo = zext64(e, LLVMBuildExtractElement(e->b, off[0], c32(e, 0), ""));
	base = one_page(e, va, range, lo, LLVMBuildAdd(e->b, lo, c64(e, 16 * SC_LANES), ""),
			store ? EMBER_ACCESS_WRITE : EMBER_ACCESS_READ, fail);
	if (store) {
		for (unsigned int k = 0; k < 4; k++)
			rows[k] = tag(e, LLVMBuildLoad2(e->b, e->v32i32, rows[k], ""),
				      e->tag_vreg, 64);
		tag(e, LLVMBuildStore(e->b, interleave(e, rows, 4), base), e->tag_memory, 1);
	} else {
		LLVMValueRef data = tag(e, LLVMBuildLoad2(e->b, LLVMVectorType(e->i32,
					4 * SC_LANES), base, ""), e->tag_memory, 1);

		for (unsigned int k = 0; k < 4; k++)
			tag(e, LLVMBuildStore(e->b, deinterleave(e, data, 4, k), rows[k]),
			    e->tag_vreg, 64);
	}
	LLVMBuildRet(e->b, LLVMConstInt(LLVMInt1TypeInContext(e->ctx), 1, false));
	LLVMPositionBuilderAtEnd(e->b, fail);
	LLVMBuildRet(e->b, LLVMConstInt(LLVMInt1TypeInContext(e->ctx), 0, false));
}

/*
 * Whether the four instructions from @pc are a quad store (see the DOC):
 * STG.u32 of vector data at vector offsets, one descriptor, one guard,
 * none of the last three a jump target.
 */
static bool is_store_quad(struct emit *e, uint32_t pc)
{
	const struct ember_isa_insn *first = &e->prog->insns[pc].isa;

	if (pc + 4 > e->prog->num_insns)
		return false;
	for (unsigned int k = 0; k < 4; k++) {
		const struct ember_isa_insn *i = &e->prog->insns[pc + k].isa;

		if (i->opcode != EMBER_ISA_OP_STG || native_access_size(i->type) != 4 ||
		    i->src[0].kind != EMBER_ISA_UREG || i->src[0].index != first->src[0].index ||
		    i->src[1].kind != EMBER_ISA_VREG || i->src[2].kind != EMBER_ISA_VREG ||
		    i->guard != first->guard || (i->guard && (i->guard_pred != first->guard_pred ||
		    i->guard_negate != first->guard_negate)) || (k && e->blocks[pc + k]))
			return false;
	}
	return true;
}

/*
 * The quad store from @pc through its helper; where it declines, the four
 * STG.u32 one by one (emit_global(): each its own helper and handler).
 */
static void emit_store_quad(struct emit *e, uint32_t pc)
{
	const struct ember_isa_insn *i = &e->prog->insns[pc].isa;
	uint64_t helper = e->helper(SC_JIT_STORE_QUAD);
	unsigned int u = i->src[0].index;
	LLVMBasicBlockRef slow, done = NULL;
	LLVMValueRef args[12];

	if (helper) {
		slow = new_block(e);
		done = new_block(e);
		args[0] = e->group;
		descriptor_args(e, u, args);
		for (unsigned int k = 0; k < 4; k++) {
			const struct ember_isa_insn *ik = &e->prog->insns[pc + k].isa;

			args[3 + k] = src(e, ik, 1);
			args[8 + k] = byte_gep(e, e->vbase, (size_t)ik->src[2].index * SC_LANES * 4);
		}
		args[7] = store_lanes(e, i);
		LLVMBuildCondBr(e->b, LLVMBuildCall2(e->b, e->quad_ty, const_ptr(e,
				(const void *)(uintptr_t)helper), args, 12, ""), done, slow);
		LLVMPositionBuilderAtEnd(e->b, slow);
	}
	for (unsigned int k = 0; k < 4; k++)
		if (!emit_global(e, &e->prog->insns[pc + k].isa, pc + k, true))
			call_handler(e, pc + k);
	if (helper) {
		LLVMBuildBr(e->b, done);
		LLVMPositionBuilderAtEnd(e->b, done);
	}
}

/*
 * A quad load (see the DOC): four LDG.u32 from @pc through one
 * descriptor, under one guard, with IADDs of a literal between them (how
 * the compiler addresses a vec4's components: ldg, iadd, ldg, ...).
 * @len: the instructions from @pc to the fourth load; @ldg: the loads'
 * pcs; @iadd: for each load, the pc of the IADD in the window that last
 * wrote its offset register, or 0 (none: the register as at @pc).
 */
struct load_quad {
	uint32_t len;
	uint32_t ldg[4];
	uint32_t iadd[4];
};

static bool quad_ldg(const struct ember_isa_insn *i, const struct ember_isa_insn *first)
{
	return i->opcode == EMBER_ISA_OP_LDG && native_access_size(i->type) == 4 &&
	       i->dst.kind == EMBER_ISA_VREG && i->src[0].kind == EMBER_ISA_UREG &&
	       i->src[0].index == first->src[0].index && i->src[1].kind == EMBER_ISA_VREG &&
	       (i->src[2].kind == EMBER_ISA_NONE || i->src[2].kind == EMBER_ISA_IMM) &&
	       i->guard == first->guard && (!i->guard || (i->guard_pred == first->guard_pred &&
	       i->guard_negate == first->guard_negate));
}

/* IADD of a vector register and a literal to a vector register, unguarded. */
static bool quad_iadd(const struct ember_isa_insn *i)
{
	return i->opcode == EMBER_ISA_OP_IADD && !is_64bit(i) && !i->guard &&
	       i->dst.kind == EMBER_ISA_VREG && i->src[0].kind == EMBER_ISA_VREG &&
	       i->src[1].kind == EMBER_ISA_IMM;
}

/*
 * Whether the instructions from @pc are a quad load whose loads may run
 * as one block before the window's IADDs (in *@q): none of the window's
 * instructions but the first is a jump target; the loads' destinations
 * are four different registers that nothing else in the window reads or
 * writes; no IADD reads a register the window writes; and each load's
 * offset register is not written after it in the window. Then the block
 * load followed by the IADDs leaves the registers as the instructions in
 * order do.
 */
static bool is_load_quad(struct emit *e, uint32_t pc, struct load_quad *q)
{
	const struct ember_isa_insn *first = &e->prog->insns[pc].isa;
	unsigned int n = 0;
	uint32_t j;

	if (!quad_ldg(first, first))
		return false;
	for (j = pc; j < e->prog->num_insns && j < pc + 8 && n < 4; j++) {
		const struct ember_isa_insn *i = &e->prog->insns[j].isa;

		if (j > pc && e->blocks[j])
			return false;
		if (quad_ldg(i, first))
			q->ldg[n++] = j;
		else if (!quad_iadd(i))
			return false;
	}
	if (n < 4)
		return false;
	q->len = j - pc;
	for (unsigned int k = 0; k < 4; k++) {
		uint32_t d = e->prog->insns[q->ldg[k]].isa.dst.index;
		uint32_t o = e->prog->insns[q->ldg[k]].isa.src[1].index;

		q->iadd[k] = 0;
		for (j = pc; j < pc + q->len; j++) {
			const struct ember_isa_insn *i = &e->prog->insns[j].isa;

			if (j == q->ldg[k])
				continue;
			/* The destination: read or written by no other. */
			if (i->dst.index == d || (i->opcode == EMBER_ISA_OP_IADD ?
			    i->src[0].index : i->src[1].index) == d)
				return false;
			if (i->opcode != EMBER_ISA_OP_IADD)
				continue;
			/* An IADD's source: not written in the window. */
			for (uint32_t w = pc; w < pc + q->len; w++)
				if (e->prog->insns[w].isa.opcode == EMBER_ISA_OP_IADD &&
				    e->prog->insns[w].isa.dst.index == i->src[0].index)
					return false;
			/* The offset: written before the load only. */
			if (i->dst.index == o) {
				if (j > q->ldg[k])
					return false;
				q->iadd[k] = j;
			}
		}
	}
	return true;
}

static bool emit_memory(struct emit *e, const struct ember_isa_insn *i, uint32_t pc);

/* The instruction at @pc as the main loop emits it (an ALU or memory one). */
static void emit_plain(struct emit *e, uint32_t pc)
{
	const struct ember_isa_insn *i = &e->prog->insns[pc].isa;

	if (!emit_alu(e, i) && !emit_memory(e, i, pc))
		call_handler(e, pc);
}

/*
 * The quad load @q from @pc through its helper: the four rows as one
 * block, then the window's IADDs; where it declines, the window in order
 * (each LDG through its own helper and handler, with its faults).
 */
static void emit_load_quad(struct emit *e, uint32_t pc, const struct load_quad *q)
{
	const struct ember_isa_insn *i = &e->prog->insns[pc].isa;
	uint64_t helper = e->helper(SC_JIT_LOAD_QUAD);
	unsigned int u = i->src[0].index;
	LLVMBasicBlockRef fast, slow, done;
	LLVMValueRef args[12];

	if (!helper) {
		for (uint32_t j = pc; j < pc + q->len; j++)
			emit_plain(e, j);
		return;
	}
	fast = new_block(e);
	slow = new_block(e);
	done = new_block(e);
	args[0] = e->group;
	descriptor_args(e, u, args);
	for (unsigned int k = 0; k < 4; k++) {
		const struct ember_isa_insn *ik = &e->prog->insns[q->ldg[k]].isa;
		const struct ember_isa_insn *ak = &e->prog->insns[q->iadd[k]].isa;
		LLVMValueRef off = q->iadd[k] ? LLVMBuildAdd(e->b, src(e, ak, 0), src(e, ak, 1), "")
					      : src(e, ik, 1);

		if (ik->src[2].kind == EMBER_ISA_IMM)
			off = plus_imm(e, off, ik->src[2].imm);
		args[3 + k] = off;
		args[8 + k] = byte_gep(e, e->vbase, (size_t)ik->dst.index * SC_LANES * 4);
	}
	args[7] = active(e, i);
	LLVMBuildCondBr(e->b, LLVMBuildCall2(e->b, e->quad_ty, const_ptr(e,
			(const void *)(uintptr_t)helper), args, 12, ""), fast, slow);
	LLVMPositionBuilderAtEnd(e->b, fast);
	for (uint32_t j = pc; j < pc + q->len; j++)
		if (e->prog->insns[j].isa.opcode == EMBER_ISA_OP_IADD)
			emit_plain(e, j);
	LLVMBuildBr(e->b, done);
	LLVMPositionBuilderAtEnd(e->b, slow);
	for (uint32_t j = pc; j < pc + q->len; j++)
		emit_plain(e, j);
	LLVMBuildBr(e->b, done);
	LLVMPositionBuilderAtEnd(e->b, done);
}

/*
 * STS.u32 of a whole wave writing consecutive dwords inside shared memory
 * (exec_fast.c's sts_u32): one vector store; else the handler, which
 * keeps the lane order and skips lanes out of range.
 */
static bool emit_sts(struct emit *e, const struct ember_isa_insn *i, uint32_t pc)
{
	uint32_t limit = e->prog->header.shared_bytes;
	LLVMBasicBlockRef slow, cont, fast;
	LLVMValueRef off, first, ok, ptr;

	if (i->type != EMBER_ISA_U32 || limit < 4 * SC_LANES)
		return false;
	slow = new_block(e);
	cont = new_block(e);
	fast = new_block(e);
	off = plus_imm(e, src(e, i, 0), i->src[2].kind == EMBER_ISA_IMM ? i->src[2].imm : 0);
	first = LLVMBuildExtractElement(e->b, off, c32(e, 0), "");
	ok = LLVMBuildAnd(e->b, LLVMBuildAnd(e->b, all_active(e, active(e, i)),
					     consecutive(e, off, 4), ""),
			  LLVMBuildICmp(e->b, LLVMIntULE, first,
					c32(e, limit - 4 * SC_LANES), ""), "");
	LLVMBuildCondBr(e->b, ok, fast, slow);
	LLVMPositionBuilderAtEnd(e->b, fast);
	ptr = LLVMBuildGEP2(e->b, e->i8, e->shared, (LLVMValueRef[]) { zext64(e, first) }, 1, "");
	tag(e, LLVMBuildStore(e->b, src(e, i, 1), ptr), e->tag_memory, 1);
	LLVMBuildBr(e->b, cont);
	slow_path(e, slow, pc, cont);
	return true;
}

/*
 * LDDESC of a literal set and slot (load_descriptors() of one slot): when
 * the core's descriptor cache holds the slot (read_descriptor()'s entry,
 * filled by the first wave that read it in this dispatch), its four
 * dwords go to the uniform quad and its VA to desc_va; otherwise the
 * handler reads it, faults or fills the entry. Every wave of a kernel
 * loads its descriptors so: the handler was 7% of the copy kernel's
 * time with the JIT (perf).
 */
static bool emit_lddesc(struct emit *e, const struct ember_isa_insn *i, uint32_t pc)
{
	uint32_t set = i->src[0].imm, slot = i->src[1].imm;
	size_t at = offsetof(struct sc_group, desc_cache) + sizeof(struct sc_desc_entry) *
		    (size_t)(((uint64_t)(set * 7) + slot) % SC_DESC_CACHE);
	LLVMBasicBlockRef fast, slow, cont;
	LLVMValueRef entry, hit, va;

	if (i->src[0].kind != EMBER_ISA_IMM || i->src[1].kind != EMBER_ISA_IMM ||
	    set >= EMBER_ISA_MAX_SETS)
		return false;
	fast = new_block(e);
	slow = new_block(e);
	cont = new_block(e);
	entry = byte_gep(e, e->group, at);
	hit = LLVMBuildAnd(e->b,
		LLVMBuildICmp(e->b, LLVMIntNE, tag(e, LLVMBuildLoad2(e->b, e->i8, byte_gep(e, entry,
			      offsetof(struct sc_desc_entry, valid)), ""), e->tag_page, 1),
			      LLVMConstInt(e->i8, 0, false), ""),
		LLVMBuildAnd(e->b,
			LLVMBuildICmp(e->b, LLVMIntEQ, tag(e, LLVMBuildLoad2(e->b, e->i32,
				      byte_gep(e, entry, offsetof(struct sc_desc_entry, set)), ""),
				      e->tag_page, 4), c32(e, set), ""),
			LLVMBuildICmp(e->b, LLVMIntEQ, tag(e, LLVMBuildLoad2(e->b, e->i64,
				      byte_gep(e, entry, offsetof(struct sc_desc_entry, slot)), ""),
				      e->tag_page, 8), c64(e, slot), ""), ""), "");
	LLVMBuildCondBr(e->b, hit, fast, slow);
	LLVMPositionBuilderAtEnd(e->b, fast);
	for (unsigned int k = 0; k < 4; k++)
		store_field(e, WAVE_U(i->dst.index + k), tag(e, LLVMBuildLoad2(e->b, e->i32,
			    byte_gep(e, entry, offsetof(struct sc_desc_entry, desc) + 4 * k), ""),
			    e->tag_page, 4));
	va = tag(e, LLVMBuildLoad2(e->b, e->i64, byte_gep(e, entry,
		 offsetof(struct sc_desc_entry, va)), ""), e->tag_page, 8);
	tag(e, LLVMBuildStore(e->b, va, byte_gep(e, e->w, WAVE(desc_va) +
			      sizeof(uint64_t) * (i->dst.index / 4))), e->tag_wave, 8);
	LLVMBuildBr(e->b, cont);
	slow_path(e, slow, pc, cont);
	return true;
}

/*
 * LDPUSH (op_ldpush()): the push constants the dispatch holds, zero where
 * the access does not lie inside them. A uniform one reads its bytes at
 * an offset clamped to 0 when out of range (the array always has them)
 * and keeps them or zero; a vector one of 32 bits gathers each lane's
 * dword the same way. Other vector types call the handler.
 */
static bool emit_ldpush(struct emit *e, const struct ember_isa_insn *i)
{
	unsigned int size = native_access_size(i->type), regs = size / 4;
	LLVMValueRef d, push, limit, at, in, off, part;

	if (!size || (i->dst.kind != EMBER_ISA_UREG &&
		      (size != 4 || i->src[0].kind == EMBER_ISA_PRED)))
		return false;
	d = dispatch_of(e);
	push = byte_gep(e, d, offsetof(struct sc_dispatch, push));
	limit = load_at(e, d, offsetof(struct sc_dispatch, push_bytes));
	if (i->dst.kind == EMBER_ISA_UREG) {
		at = i->src[0].kind == EMBER_ISA_UREG ? load_field(e, WAVE_U(i->src[0].index)) :
		     c32(e, i->src[0].imm);
		in = LLVMBuildICmp(e->b, LLVMIntULE,
				   LLVMBuildAdd(e->b, zext64(e, at), c64(e, size), ""),
				   zext64(e, limit), "");
		at = LLVMBuildSelect(e->b, in, at, c32(e, 0), "");
		part = tag(e, LLVMBuildLoad2(e->b, LLVMVectorType(e->i32, regs),
					     LLVMBuildGEP2(e->b, e->i8, push,
							   (LLVMValueRef[]) { zext64(e, at) }, 1, ""),
					     ""), e->tag_page, 1);
		for (unsigned int h = 0; h < regs; h++)
			store_field(e, WAVE_U(i->dst.index + h),
				    LLVMBuildSelect(e->b, in, LLVMBuildExtractElement(e->b, part,
						    c32(e, h), ""), c32(e, 0), ""));
		return true;
	}
	off = src(e, i, 0);
	/* off + 4 <= push_bytes, without the sum's wrap. */
	in = LLVMBuildAnd(e->b,
		splat(e, LLVMBuildICmp(e->b, LLVMIntUGE, limit, c32(e, 4), "")),
		LLVMBuildICmp(e->b, LLVMIntULE, off,
			      splat(e, LLVMBuildSub(e->b, limit, c32(e, 4), "")), ""), "");
	off = LLVMBuildSelect(e->b, in, off, LLVMConstNull(e->v32i32), "");
	commit(e, i, gather(e, lane_pointers(e, push, off, 0), in));
	return true;
}

/* The native forms of the memory instructions; false: the handler runs it. */
static bool emit_memory(struct emit *e, const struct ember_isa_insn *i, uint32_t pc)
{
	switch (i->opcode) {
	case EMBER_ISA_OP_STS:
		return emit_sts(e, i, pc);
	case EMBER_ISA_OP_LDG:
		return emit_global(e, i, pc, false);
	case EMBER_ISA_OP_STG:
		return emit_global(e, i, pc, true);
	case EMBER_ISA_OP_LDDESC:
		return emit_lddesc(e, i, pc);
	case EMBER_ISA_OP_LDPUSH:
		return emit_ldpush(e, i);
	default:
		return false;
	}
}

/* jump(): a backward one counts for the watchdog; then go to @target. */
static void jump(struct emit *e, uint32_t pc, uint32_t target)
{
	if (target <= pc) {
		LLVMValueRef n = LLVMBuildAdd(e->b, load_field(e, WAVE(backedges)), c32(e, 1), "");
		LLVMBasicBlockRef check = new_block(e), go = new_block(e);
		LLVMValueRef due = LLVMBuildICmp(e->b, LLVMIntEQ,
			LLVMBuildAnd(e->b, n, c32(e, SC_WATCHDOG_CHECK_MASK), ""), c32(e, 0), "");

		store_field(e, WAVE(backedges), n);
		LLVMBuildCondBr(e->b, due, check, go);
		LLVMPositionBuilderAtEnd(e->b, check);
		LLVMBuildCall2(e->b, e->watchdog_ty, const_ptr(e, (const void *)sc_wave_watchdog),
			       &e->w, 1, "");
		/* Stopped: the interpreter has set pc to the target too. */
		store_const(e, WAVE(pc), target);
		LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, load_field(e, WAVE(status)),
						    c32(e, SC_RUNNING), ""), go, e->exit);
		LLVMPositionBuilderAtEnd(e->b, go);
	}
	LLVMBuildBr(e->b, at(e, target));
}

/* skip_empty(): exec (@exec) is empty: go to @end, else on to @pc + 1. */
static void branch_if_empty(struct emit *e, LLVMValueRef exec, uint32_t pc, uint32_t end)
{
	LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, exec, c32(e, 0), ""),
			at(e, end), at(e, pc + 1));
}

static void store_frame(struct emit *e, uint32_t k, const struct sc_frame *f,
			LLVMValueRef saved, LLVMValueRef alt)
{
	store_const(e, FRAME(k, kind), f->kind);
	store_field(e, FRAME(k, saved), saved);
	store_field(e, FRAME(k, alt), alt);
	store_const(e, FRAME(k, cont), f->cont);
	store_const(e, FRAME(k, pc), f->pc);
	store_const(e, FRAME(k, end), f->end);
	store_const(e, FRAME(k, prev_loop), (uint32_t)f->prev_loop);
}

/* BREAK / CONTINUE: the lanes of p leave exec for the loop's @field set. */
static void emit_leave_lanes(struct emit *e, const struct ember_isa_insn *i, uint32_t pc,
			     size_t field)
{
	LLVMValueRef exec = load_field(e, WAVE(exec));
	LLVMValueRef moved = LLVMBuildAnd(e->b, exec, load_field(e, WAVE_P(i->src[0].index)), "");

	store_field(e, field, LLVMBuildOr(e->b, load_field(e, field), moved, ""));
	exec = LLVMBuildAnd(e->b, exec, LLVMBuildNot(e->b, moved, ""), "");
	store_field(e, WAVE(exec), exec);
	branch_if_empty(e, exec, pc, e->stack[e->depth - 1].end);
}

/* Structured control flow, as wave.c's handlers do it; false: not control. */
static bool emit_control(struct emit *e, const struct ember_isa_insn *i, uint32_t pc)
{
	LLVMBuilderRef b = e->b;
	uint32_t d = e->depth;
	LLVMValueRef exec, p, u;

	switch (i->opcode) {
	case EMBER_ISA_OP_NOP:
		return true;
	case EMBER_ISA_OP_END:
		store_const(e, WAVE(status), SC_DONE);
		leave(e, pc + 1);
		return true;
	case EMBER_ISA_OP_BAR:
		store_const(e, WAVE(status), SC_BARRIER);
		leave(e, pc + 1);
		return true;
	case EMBER_ISA_OP_BRA:
		jump(e, pc, i->target);
		return true;
	case EMBER_ISA_OP_BRZ:
	case EMBER_ISA_OP_BRNZ: {
		LLVMBasicBlockRef taken = new_block(e);

		u = LLVMBuildICmp(b, i->opcode == EMBER_ISA_OP_BRZ ? LLVMIntEQ : LLVMIntNE,
				  load_field(e, WAVE_U(i->src[0].index)), c32(e, 0), "");
		LLVMBuildCondBr(b, u, taken, at(e, pc + 1));
		LLVMPositionBuilderAtEnd(b, taken);
		jump(e, pc, i->target);
		return true;
	}
	case EMBER_ISA_OP_IF:
		exec = load_field(e, WAVE(exec));
		p = load_field(e, WAVE_P(i->src[0].index));
		store_frame(e, d, &(struct sc_frame) { .kind = SC_FRAME_IF, .end = i->target },
			    exec, LLVMBuildAnd(b, exec, LLVMBuildNot(b, p, ""), ""));
		store_const(e, WAVE(depth), d + 1);
		exec = LLVMBuildAnd(b, exec, p, "");
		store_field(e, WAVE(exec), exec);
		e->stack[e->depth++] = (struct static_frame) { SC_FRAME_IF, i->target, 0 };
		branch_if_empty(e, exec, pc, i->target);
		return true;
	case EMBER_ISA_OP_ELSE:
		store_const(e, FRAME(d - 1, kind), SC_FRAME_ELSE);
		store_const(e, FRAME(d - 1, end), i->target);
		exec = load_field(e, FRAME(d - 1, alt));
		store_field(e, WAVE(exec), exec);
		e->stack[d - 1].kind = SC_FRAME_ELSE;
		e->stack[d - 1].end = i->target;
		branch_if_empty(e, exec, pc, i->target);
		return true;
	case EMBER_ISA_OP_ENDIF:
		store_const(e, WAVE(depth), d - 1);
		exec = load_field(e, FRAME(d - 1, saved));
		if (e->loop >= 0) {
			LLVMValueRef parked = LLVMBuildOr(b, load_field(e, FRAME(e->loop, alt)),
							  load_field(e, FRAME(e->loop, cont)), "");

			exec = LLVMBuildAnd(b, exec, LLVMBuildNot(b, parked, ""), "");
		}
		store_field(e, WAVE(exec), exec);
		e->depth--;
		if (e->depth) {
			branch_if_empty(e, exec, pc, e->stack[e->depth - 1].end);
		} else {
			/* Empty outside any construct: the wave is done. */
			LLVMBasicBlockRef done = new_block(e);

			LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, exec, c32(e, 0), ""),
					done, at(e, pc + 1));
			LLVMPositionBuilderAtEnd(b, done);
			store_const(e, WAVE(status), SC_DONE);
			leave(e, pc + 1);
		}
		return true;
	case EMBER_ISA_OP_LOOP:
		store_frame(e, d, &(struct sc_frame) {
				.kind = SC_FRAME_LOOP, .pc = pc + 1, .end = i->target,
				.prev_loop = e->loop,
			}, load_field(e, WAVE(exec)), c32(e, 0));
		store_const(e, WAVE(loop), d);
		store_const(e, WAVE(depth), d + 1);
		e->stack[e->depth++] = (struct static_frame) { SC_FRAME_LOOP, i->target, e->loop };
		e->loop = (int32_t)d;
		return true;
	case EMBER_ISA_OP_ENDLOOP: {
		LLVMBasicBlockRef again = new_block(e), out = new_block(e);
		LLVMValueRef next = LLVMBuildOr(b, load_field(e, WAVE(exec)),
						load_field(e, FRAME(d - 1, cont)), "");

		LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntNE, next, c32(e, 0), ""), again, out);
		LLVMPositionBuilderAtEnd(b, again);
		store_field(e, WAVE(exec), next);
		store_const(e, FRAME(d - 1, cont), 0);
		jump(e, pc, i->target + 1);
		LLVMPositionBuilderAtEnd(b, out);
		store_field(e, WAVE(exec), load_field(e, FRAME(d - 1, saved)));
		store_const(e, WAVE(loop), (uint32_t)e->stack[d - 1].prev_loop);
		store_const(e, WAVE(depth), d - 1);
		e->loop = e->stack[d - 1].prev_loop;
		e->depth--;
		return true;
	}
	case EMBER_ISA_OP_BREAK:
		emit_leave_lanes(e, i, pc, FRAME(e->loop, alt));
		return true;
	case EMBER_ISA_OP_TERMINATE:
		/*
		 * Its handler removes lanes and ends the wave when none is
		 * left; an empty exec inside a construct skips to its end.
		 */
		call_handler(e, pc);
		if (d)
			branch_if_empty(e, load_field(e, WAVE(exec)), pc, e->stack[d - 1].end);
		return true;
	case EMBER_ISA_OP_CONTINUE:
		emit_leave_lanes(e, i, pc, FRAME(e->loop, cont));
		return true;
	default:
		return false;
	}
}

/* Every pc a branch of the emitted code goes to gets its own block. */
static void mark_targets(struct emit *e)
{
	const struct sc_program *prog = e->prog;

	e->blocks[0] = new_block(e);
	for (uint32_t pc = 0; pc < prog->num_insns; pc++) {
		const struct ember_isa_insn *i = &prog->insns[pc].isa;
		const struct ember_isa_opinfo *info = ember_isa_opinfo(i->opcode);
		uint32_t next = pc + 1;

		if (!(info->flags & EMBER_ISA_F_CONTROL))
			continue;
		/* The next instruction, the target, ENDLOOP's body start. */
		if (!e->blocks[next])
			e->blocks[next] = new_block(e);
		if ((info->flags & EMBER_ISA_F_TARGET) && !e->blocks[i->target])
			e->blocks[i->target] = new_block(e);
		if (i->opcode == EMBER_ISA_OP_ENDLOOP && !e->blocks[i->target + 1])
			e->blocks[i->target + 1] = new_block(e);
		/* Where an empty exec skips to: a construct's closing instruction. */
		if ((i->opcode == EMBER_ISA_OP_ELSE || i->opcode == EMBER_ISA_OP_ENDIF ||
		     i->opcode == EMBER_ISA_OP_ENDLOOP) && !e->blocks[pc])
			e->blocks[pc] = new_block(e);
	}
}

/* The entry: running; resume at pc 0 or after a barrier, else hand over. */
static void emit_entry(struct emit *e, LLVMBasicBlockRef entry)
{
	const struct sc_program *prog = e->prog;
	unsigned int cases = 1;
	LLVMValueRef sw, group;

	LLVMPositionBuilderAtEnd(e->b, entry);
	store_const(e, WAVE(status), SC_RUNNING);
	e->vbase = tag(e, LLVMBuildLoad2(e->b, e->ptr, byte_gep(e, e->w, WAVE(v)), ""),
		       e->tag_wave, 8);
	group = tag(e, LLVMBuildLoad2(e->b, e->ptr, byte_gep(e, e->w, WAVE(group)), ""),
		    e->tag_wave, 8);
	e->group = group;
	e->shared = tag(e, LLVMBuildLoad2(e->b, e->ptr,
					  byte_gep(e, group, offsetof(struct sc_group, shared)), ""),
			e->tag_wave, 8);
	for (uint32_t pc = 0; pc < prog->num_insns; pc++)
		cases += prog->insns[pc].isa.opcode == EMBER_ISA_OP_BAR;
	sw = LLVMBuildSwitch(e->b, load_field(e, WAVE(pc)), e->exit, cases);
	LLVMAddCase(sw, c32(e, 0), at(e, 0));
	for (uint32_t pc = 0; pc < prog->num_insns; pc++)
		if (prog->insns[pc].isa.opcode == EMBER_ISA_OP_BAR)
			LLVMAddCase(sw, c32(e, pc + 1), at(e, pc + 1));
}

static void init_types(struct emit *e)
{
	LLVMContextRef c = e->ctx;
	LLVMMetadataRef root, wave, vreg, page, memory, node[3];

	e->i8 = LLVMInt8TypeInContext(c);
	e->i32 = LLVMInt32TypeInContext(c);
	e->i64 = LLVMInt64TypeInContext(c);
	e->ptr = LLVMPointerTypeInContext(c, 0);
	e->v32i1 = LLVMVectorType(LLVMInt1TypeInContext(c), SC_LANES);
	e->v32i32 = LLVMVectorType(e->i32, SC_LANES);
	e->v32f32 = LLVMVectorType(LLVMFloatTypeInContext(c), SC_LANES);
	e->handler_ty = LLVMFunctionType(LLVMVoidTypeInContext(c),
					 (LLVMTypeRef[]) { e->ptr, e->ptr }, 2, false);
	e->watchdog_ty = LLVMFunctionType(LLVMVoidTypeInContext(c), &e->ptr, 1, false);
	e->access_ty = LLVMFunctionType(LLVMInt1TypeInContext(c), (LLVMTypeRef[]) {
		e->ptr, e->i64, e->i64, e->v32i32, e->i32, e->ptr }, 6, false);
	e->quad_ty = LLVMFunctionType(LLVMInt1TypeInContext(c), (LLVMTypeRef[]) {
		e->ptr, e->i64, e->i64, e->v32i32, e->v32i32, e->v32i32, e->v32i32, e->i32,
		e->ptr, e->ptr, e->ptr, e->ptr }, 12, false);

	/* TBAA: !{"name", root, 0} types, !{type, type, 0} access tags. */
	e->tbaa = LLVMGetMDKindIDInContext(c, "tbaa", 4);
	node[0] = LLVMMDStringInContext2(c, "ember shader tbaa", 17);
	root = LLVMMDNodeInContext2(c, node, 1);
	node[1] = root;
	node[2] = LLVMValueAsMetadata(c64(e, 0));
	node[0] = LLVMMDStringInContext2(c, "wave", 4);
	wave = LLVMMDNodeInContext2(c, node, 3);
	node[0] = LLVMMDStringInContext2(c, "vreg", 4);
	vreg = LLVMMDNodeInContext2(c, node, 3);
	e->tag_wave = LLVMMetadataAsValue(c, LLVMMDNodeInContext2(c,
		(LLVMMetadataRef[]) { wave, wave, node[2] }, 3));
	e->tag_vreg = LLVMMetadataAsValue(c, LLVMMDNodeInContext2(c,
		(LLVMMetadataRef[]) { vreg, vreg, node[2] }, 3));
	node[0] = LLVMMDStringInContext2(c, "page", 4);
	page = LLVMMDNodeInContext2(c, node, 3);
	node[0] = LLVMMDStringInContext2(c, "memory", 6);
	memory = LLVMMDNodeInContext2(c, node, 3);
	e->tag_page = LLVMMetadataAsValue(c, LLVMMDNodeInContext2(c,
		(LLVMMetadataRef[]) { page, page, node[2] }, 3));
	e->tag_memory = LLVMMetadataAsValue(c, LLVMMDNodeInContext2(c,
		(LLVMMetadataRef[]) { memory, memory, node[2] }, 3));
}

bool sc_jit_emit(LLVMModuleRef mod, const struct sc_program *prog, const char *name,
		 bool gathers, sc_jit_helper_fn helper)
{
	struct emit e = {
		.ctx = LLVMGetModuleContext(mod), .mod = mod, .prog = prog, .loop = -1,
		.gathers = gathers, .helper = helper,
	};
	LLVMBasicBlockRef entry;
	struct load_quad quad;
	LLVMTypeRef fn_ty;

	init_types(&e);
	e.blocks = calloc((size_t)prog->num_insns + 1, sizeof(*e.blocks));
	if (!e.blocks)
		return false;
	fn_ty = LLVMFunctionType(LLVMVoidTypeInContext(e.ctx), &e.ptr, 1, false);
	e.fn = LLVMAddFunction(mod, name, fn_ty);
	e.w = LLVMGetParam(e.fn, 0);
	e.b = LLVMCreateBuilderInContext(e.ctx);
	entry = new_block(&e);
	e.exit = new_block(&e);
	mark_targets(&e);
	emit_entry(&e, entry);

	LLVMPositionBuilderAtEnd(e.b, at(&e, 0));
	for (uint32_t pc = 0; pc < prog->num_insns; pc++) {
		const struct ember_isa_insn *i = &prog->insns[pc].isa;

		if (pc && at(&e, pc)) {
			if (!LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(e.b)))
				LLVMBuildBr(e.b, at(&e, pc));
			LLVMPositionBuilderAtEnd(e.b, at(&e, pc));
		}
		if (LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(e.b))) {
			/* Unreachable code after a branch: a block of its own. */
			LLVMPositionBuilderAtEnd(e.b, new_block(&e));
		}
		if (is_store_quad(&e, pc)) {
			emit_store_quad(&e, pc);
			pc += 3;
			continue;
		}
		if (is_load_quad(&e, pc, &quad)) {
			emit_load_quad(&e, pc, &quad);
			pc += quad.len - 1;
			continue;
		}
		if (emit_control(&e, i, pc) || emit_alu(&e, i) ||
		    (i->opcode == EMBER_ISA_OP_LDS && emit_lds(&e, i)) ||
		    (i->opcode == EMBER_ISA_OP_S2R && emit_s2r(&e, i)) ||
		    emit_memory(&e, i, pc))
			continue;
		call_handler(&e, pc);
	}
	/* Past the last instruction: the program's sentinel handler faults. */
	if (at(&e, prog->num_insns)) {
		if (!LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(e.b)))
			LLVMBuildBr(e.b, at(&e, prog->num_insns));
		LLVMPositionBuilderAtEnd(e.b, at(&e, prog->num_insns));
	}
	if (!LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(e.b))) {
		call_handler(&e, prog->num_insns);
		LLVMBuildBr(e.b, e.exit);
	}
	LLVMPositionBuilderAtEnd(e.b, e.exit);
	LLVMBuildRetVoid(e.b);
	LLVMDisposeBuilder(e.b);
	free(e.blocks);
	return true;
}

void sc_jit_emit_helper(LLVMModuleRef mod, unsigned int kind, const char *name, bool gathers)
{
	struct emit e = { .ctx = LLVMGetModuleContext(mod), .mod = mod, .gathers = gathers };
	static const unsigned int sizes[3] = { 4, 8, 16 };

	init_types(&e);
	e.fn = LLVMAddFunction(mod, name, kind >= SC_JIT_STORE_QUAD ? e.quad_ty : e.access_ty);
	e.b = LLVMCreateBuilderInContext(e.ctx);
	LLVMPositionBuilderAtEnd(e.b, new_block(&e));
	if (kind == SC_JIT_STORE_QUAD || kind == SC_JIT_LOAD_QUAD)
		emit_quad_body(&e, kind == SC_JIT_STORE_QUAD);
	else
		emit_access_body(&e, sizes[kind % 3], kind >= 3);
	LLVMDisposeBuilder(e.b);
}
