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
 *   compares, conversions, predicate logic and 32-bit shared-memory loads,
 *   as <32 x i32> / <32 x float>
 *   operations on the register rows (w->v[r * 32 + lane]), committed like
 *   sc_commit() does: only the active lanes (exec & guard) of a vector or
 *   predicate destination, lane 0 to a uniform one; and all of the
 *   structured control flow (below); or
 * - a call of the instruction's own handler, in->fn(w, in), with both
 *   pointers baked in as constants (memory, subgroup, 64-bit and the
 *   libm-based operations); around a memory instruction's, w->pc is set as
 *   the interpreter has it, and if the handler stopped the wave (a fault)
 *   the function returns.
 *
 * So every validated program compiles, and an instruction moves from the
 * second list to the first when it pays. The invariant both keep: at each
 * handler call and each return the wave's memory state is exactly the
 * interpreter's (w->pc, which only control flow and faults read, is set
 * where those can happen), so the two can hand a wave over at any stop
 * (between those points LLVM keeps values in host registers).
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
	LLVMTypeRef i8, i32, i64, ptr, v32i1, v32i32, v32f32, handler_ty, watchdog_ty;
	/** @blocks: per pc, the block starting there (a jump target), or NULL. */
	LLVMBasicBlockRef *blocks;
	LLVMBasicBlockRef exit;
	unsigned int tbaa;
	LLVMValueRef tag_wave, tag_vreg;
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

/* Source @s as 32 lanes: a row, or a uniform register or literal broadcast. */
static LLVMValueRef src(struct emit *e, const struct ember_isa_insn *i, unsigned int s)
{
	const struct ember_isa_operand *o = &i->src[s];

	switch (o->kind) {
	case EMBER_ISA_VREG:
		return load_row(e, o->index);
	case EMBER_ISA_UREG:
		return splat(e, load_field(e, WAVE_U(o->index)));
	case EMBER_ISA_IMM:
		return splat(e, c32(e, o->imm));
	default:
		return LLVMConstNull(e->v32i32);
	}
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

/*
 * LDS.u32 (op_lds()): each lane reads the dword at its offset (plus the
 * immediate, saturating) if it lies inside shared memory, else 0; one
 * gather (vpgatherdd on AVX2: offsets are below 64 KiB, so the GEP's
 * sign-extended i32 indices are exact), then the commit.
 */
static bool emit_lds(struct emit *e, const struct ember_isa_insn *i)
{
	uint32_t limit = e->prog->header.shared_bytes, imm = i->src[1].imm;
	LLVMValueRef off = src(e, i, 0), in_range, args[4], r;
	LLVMTypeRef types[2] = { e->v32i32, LLVMVectorType(e->ptr, SC_LANES) };

	if (i->type != EMBER_ISA_U32)
		return false;
	if (i->src[1].kind == EMBER_ISA_IMM && imm) {
		LLVMValueRef sum = LLVMBuildAdd(e->b, off, splat(e, c32(e, imm)), "");

		off = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntULT, sum,
							  splat(e, c32(e, imm)), ""),
				      splat(e, c32(e, 0xffffffffu)), sum, "");
	}
	if (limit < 4) {
		r = LLVMConstNull(e->v32i32);
	} else {
		in_range = LLVMBuildICmp(e->b, LLVMIntULE, off, splat(e, c32(e, limit - 4)), "");
		off = LLVMBuildSelect(e->b, in_range, off, LLVMConstNull(e->v32i32), "");
		args[0] = LLVMBuildGEP2(e->b, e->i8, e->shared, &off, 1, "");
		args[1] = c32(e, 1);
		args[2] = in_range;
		args[3] = LLVMConstNull(e->v32i32);
		r = intrinsic(e, "llvm.masked.gather", types, 2, args, 4);
	}
	commit(e, i, r);
	return true;
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
	LLVMMetadataRef root, wave, vreg, node[3];

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
}

bool sc_jit_emit(LLVMModuleRef mod, const struct sc_program *prog, const char *name)
{
	struct emit e = { .ctx = LLVMGetModuleContext(mod), .mod = mod, .prog = prog, .loop = -1 };
	LLVMBasicBlockRef entry;
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
		if (emit_control(&e, i, pc) || emit_alu(&e, i) ||
		    (i->opcode == EMBER_ISA_OP_LDS && emit_lds(&e, i)))
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
