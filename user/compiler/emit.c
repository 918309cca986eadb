/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Lowering to the Ember ISA
 *
 * One IR instruction becomes one or a few ISA instructions, built as
 * struct ember_isa_insn and encoded by isa/ (the compiler never packs
 * bits). Operands:
 *
 *  - a value in a register is that register (v for vector values, u for
 *    uniform ones, pairs for 64 bits, quads for descriptors);
 *  - a constant is an immediate where the opcode takes one and the two
 *    literal slots are not used up, else it is moved into a temporary;
 *  - a spilled value is reloaded from scratch (LDSCR) into a temporary
 *    before the instruction and stored (STSCR) after its definition.
 *
 * Temporaries are registers above the allocator's range, recycled at each
 * IR instruction. Booleans are 0/1 in registers; a branch, select or vote
 * first turns its condition into a predicate (p0 for control flow, p1 for
 * everything else) with CMP.ne, unless the compare defining the condition
 * has no other reader: then that compare writes the predicate itself.
 *
 * Control flow: an IF whose condition is uniform in non-divergent code
 * becomes BRZ/BRA (the wave goes one way as a whole), a uniform loop
 * becomes a backward BRA with BRNZ exits; everything else uses the mask
 * stack: IF p (target: its ELSE or ENDIF) / ELSE (target: ENDIF) / ENDIF,
 * LOOP (target: its ENDLOOP) / BREAK p / CONTINUE p / ENDLOOP
 * (target: its LOOP). "IF c; BREAK; ENDIF" is emitted as "BREAK p(c)".
 */

#include "emit.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember_isa.h"

#define VTEMPS 20	/* an image address group (12) and its data (4) first */
#define UTEMPS 8

struct frame {
	enum ir_op op;		/* IR_IF, IR_LOOP */
	bool uniform;
	uint32_t pending;	/* IF: insn whose target is the next ELSE/ENDIF */
	uint32_t start;		/* LOOP: LOOP insn (divergent) or first body insn */
	uint32_t first_exit;	/* LOOP (uniform): first entry in exits[] */
};

struct emitter {
	struct ir_shader *s;
	struct ember_isa_insn *code;
	uint32_t count, capacity;
	uint8_t *is_const;
	uint64_t *const_value;
	uint32_t vtemp_base, utemp_base;
	uint32_t vtemp_used, utemp_used;
	uint32_t max_v, max_u, max_p;
	uint32_t imms;			/* immediates in the instruction being built */
	bool target_insn;		/* ... which also has a jump target */
	struct frame *stack;
	uint32_t depth;
	uint32_t *exits;		/* uniform loops: BRA/BRNZ to patch at ENDLOOP */
	uint32_t exit_count;
	uint32_t *uses;			/* reads of each value */
	/* A compare emitted straight into a predicate for the next branch. */
	uint32_t fused_value, fused_pred;
	bool fused_negated;
	char *error;
};

static void fail(struct emitter *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void fail(struct emitter *e, const char *fmt, ...)
{
	va_list ap;

	if (e->error)
		return;
	va_start(ap, fmt);
	if (vasprintf(&e->error, fmt, ap) < 0)
		e->error = NULL;
	va_end(ap);
	if (!e->error)
		e->error = strdup("out of memory");
}

static struct ember_isa_insn *emit(struct emitter *e, enum ember_isa_opcode op,
				   enum ember_isa_type type)
{
	static struct ember_isa_insn sink;

	if (e->count == e->capacity) {
		uint32_t capacity = e->capacity ? 2 * e->capacity : 256;
		struct ember_isa_insn *grown = realloc(e->code, capacity * sizeof(*grown));

		if (!grown) {
			fail(e, "out of memory");
			return &sink;
		}
		e->code = grown;
		e->capacity = capacity;
	}
	memset(&e->code[e->count], 0, sizeof(e->code[0]));
	e->code[e->count].opcode = op;
	e->code[e->count].type = type;
	e->imms = 0;
	e->target_insn = ember_isa_opinfo(op) &&
			 (ember_isa_opinfo(op)->flags & EMBER_ISA_F_TARGET);
	return &e->code[e->count++];
}

/* ---- operands ---- */

static struct ember_isa_operand none(void)
{
	return (struct ember_isa_operand) { .kind = EMBER_ISA_NONE };
}

static struct ember_isa_operand vreg(uint32_t index)
{
	return (struct ember_isa_operand) { .kind = EMBER_ISA_VREG, .index = index };
}

static struct ember_isa_operand ureg(uint32_t index)
{
	return (struct ember_isa_operand) { .kind = EMBER_ISA_UREG, .index = index };
}

static struct ember_isa_operand pred(uint32_t index)
{
	return (struct ember_isa_operand) { .kind = EMBER_ISA_PRED, .index = index };
}

static struct ember_isa_operand imm(uint32_t value)
{
	return (struct ember_isa_operand) { .kind = EMBER_ISA_IMM, .imm = value };
}

static uint32_t temp(struct emitter *e, bool vector, unsigned int regs)
{
	uint32_t *used = vector ? &e->vtemp_used : &e->utemp_used;
	uint32_t base = vector ? e->vtemp_base : e->utemp_base;
	uint32_t limit = vector ? VTEMPS : UTEMPS;
	uint32_t at = (*used + regs - 1) / regs * regs;

	if (at + regs > limit) {
		fail(e, "internal: out of temporary registers");
		return base;
	}
	*used = at + regs;
	return base + at;
}

static bool is_uniform_value(const struct emitter *e, uint32_t v)
{
	return !(e->s->vals[v].flags & (IR_VAL_VARYING | IR_VAL_FORCE_VECTOR));
}

static enum ember_isa_type utype(unsigned int bits)
{
	return bits == 64 ? EMBER_ISA_U64 : EMBER_ISA_U32;
}

/* Scratch accesses of a spilled value: a 4-register group as one b128. */
static enum ember_isa_type spill_type(unsigned int bits)
{
	return bits == 128 ? EMBER_ISA_B128 : utype(bits);
}

static bool fits_imm(uint64_t value, unsigned int bits)
{
	return bits != 64 || (int64_t)value == (int64_t)(int32_t)value;
}

/* Move constant @value of @bits into a fresh temporary. */
static struct ember_isa_operand materialize(struct emitter *e, uint64_t value, unsigned int bits,
					    bool vector)
{
	uint32_t r = temp(e, vector, bits == 64 ? 2 : 1);
	struct ember_isa_operand dst = vector ? vreg(r) : ureg(r);
	struct ember_isa_insn *in;

	if (fits_imm(value, bits)) {
		in = emit(e, EMBER_ISA_OP_MOV, utype(bits));
		in->dst = dst;
		in->src[0] = imm(value);
	} else {
		for (int h = 0; h < 2; h++) {
			in = emit(e, EMBER_ISA_OP_MOV, EMBER_ISA_U32);
			in->dst = dst;
			in->dst.index += h;
			in->src[0] = imm(value >> (32 * h));
		}
	}
	return dst;
}

/* The register of a non-constant value, reloading spilled ones. */
static struct ember_isa_operand value_reg(struct emitter *e, uint32_t v)
{
	const struct ir_value *val = &e->s->vals[v];
	unsigned int regs = ir_regs_of_bits(val->bits);

	if (val->spill_slot >= 0) {
		uint32_t r = temp(e, true, regs);
		struct ember_isa_insn *in = emit(e, EMBER_ISA_OP_LDSCR, spill_type(val->bits));

		in->dst = vreg(r);
		in->src[0] = imm(val->spill_slot);
		return vreg(r);
	}
	if (val->reg < 0) {
		/* Never defined on any path (undefined value): any register. */
		return is_uniform_value(e, v) ? ureg(e->utemp_base) : vreg(e->vtemp_base);
	}
	return is_uniform_value(e, v) ? ureg(val->reg) : vreg(val->reg);
}

/*
 * Source operand for @v where the opcode allows @kinds (EMBER_ISA_K_*).
 * Must be called before the instruction it feeds is emitted (it may emit
 * moves); the caller stores the result after calling emit().
 */
static struct ember_isa_operand source(struct emitter *e, uint32_t v, unsigned int kinds,
				       unsigned int budget_used)
{
	const struct ir_value *val = &e->s->vals[v];
	struct ember_isa_operand op;

	if (e->is_const[v]) {
		if ((kinds & EMBER_ISA_K_I) && fits_imm(e->const_value[v], val->bits) &&
		    budget_used < 2)
			return imm(e->const_value[v]);
		/*
		 * Into a uniform register where one may go: it serves a uniform
		 * destination as well as a per-lane one (fma(2.0, 3.0, 1.0) has
		 * a uniform result and only two literal slots).
		 */
		return materialize(e, e->const_value[v], val->bits, !(kinds & EMBER_ISA_K_U));
	}
	op = value_reg(e, v);
	if (op.kind == EMBER_ISA_UREG && !(kinds & EMBER_ISA_K_U)) {
		uint32_t r = temp(e, true, val->bits == 64 ? 2 : 1);
		struct ember_isa_insn *in = emit(e, EMBER_ISA_OP_MOV, utype(val->bits));

		in->dst = vreg(r);
		in->src[0] = op;
		return vreg(r);
	}
	if (op.kind == EMBER_ISA_VREG && !(kinds & EMBER_ISA_K_V)) {
		fail(e, "internal: a per-lane value where the ISA needs a uniform one");
		return op;
	}
	return op;
}

/* Several sources at once, respecting the two literal slots. */
static void sources(struct emitter *e, const uint32_t *values, int n, const unsigned int *kinds,
		    struct ember_isa_operand *out, bool has_target)
{
	unsigned int used = has_target ? 1 : 0;

	for (int k = 0; k < n; k++) {
		out[k] = source(e, values[k], kinds[k], used);
		if (out[k].kind == EMBER_ISA_IMM)
			used++;
	}
}

struct dst_info {
	struct ember_isa_operand op;
	uint32_t value;
	bool spill;
};

static struct dst_info destination(struct emitter *e, uint32_t v)
{
	const struct ir_value *val = &e->s->vals[v];
	unsigned int regs = ir_regs_of_bits(val->bits);
	struct dst_info d = { .value = v };

	if (val->spill_slot >= 0) {
		d.op = vreg(temp(e, true, regs));
		d.spill = true;
	} else if (val->reg < 0) {
		d.op = is_uniform_value(e, v) ? ureg(temp(e, false, regs)) :
		       vreg(temp(e, true, regs));
	} else {
		d.op = is_uniform_value(e, v) ? ureg(val->reg) : vreg(val->reg);
	}
	return d;
}

static void finish_dst(struct emitter *e, const struct dst_info *d)
{
	if (d->spill) {
		const struct ir_value *val = &e->s->vals[d->value];
		struct ember_isa_insn *in = emit(e, EMBER_ISA_OP_STSCR, spill_type(val->bits));

		in->src[0] = imm(val->spill_slot);
		in->src[1] = d->op;
	}
}

/* Predicate @p = (@v != 0), or (@v == 0) when @negate. */
static struct ember_isa_operand to_pred(struct emitter *e, uint32_t v, uint32_t p, bool negate)
{
	struct ember_isa_insn *in;

	if (e->fused_value == v && e->fused_pred == p && e->fused_negated == negate) {
		/* The compare defining @v wrote the predicate itself. */
		e->fused_value = 0;
		return pred(p);
	}
	if (e->is_const[v]) {
		in = emit(e, EMBER_ISA_OP_U2P, EMBER_ISA_U32);
		in->dst = pred(p);
		in->src[0] = imm((e->const_value[v] != 0) != negate ? 0xffffffffu : 0);
	} else {
		struct ember_isa_operand src = source(e, v, EMBER_ISA_K_VUI, 0);

		in = emit(e, EMBER_ISA_OP_CMP, utype(e->s->vals[v].bits));
		in->mod = negate ? EMBER_ISA_EQ : EMBER_ISA_NE;
		in->dst = pred(p);
		in->src[0] = src;
		in->src[1] = imm(0);
	}
	return pred(p);
}

/* ---- arithmetic ---- */

struct alu {
	enum ir_op ir;
	uint8_t isa;
	int8_t t32, t64;	/* ISA types, -1 = not available */
};

#define U32 EMBER_ISA_U32
#define S32 EMBER_ISA_S32
#define U64 EMBER_ISA_U64
#define S64 EMBER_ISA_S64
#define F32 EMBER_ISA_F32

static const struct alu alu_table[] = {
	{ IR_IADD, EMBER_ISA_OP_IADD, U32, U64 }, { IR_ISUB, EMBER_ISA_OP_ISUB, U32, U64 },
	{ IR_IMUL, EMBER_ISA_OP_IMUL, U32, U64 }, { IR_IMAD, EMBER_ISA_OP_IMAD, U32, -1 },
	{ IR_UMULHI, EMBER_ISA_OP_IMULHI, U32, -1 },
	{ IR_IMULHI, EMBER_ISA_OP_IMULHI, S32, -1 }, { IR_UDIV, EMBER_ISA_OP_IDIV, U32, U64 },
	{ IR_IDIV, EMBER_ISA_OP_IDIV, S32, S64 }, { IR_UREM, EMBER_ISA_OP_IREM, U32, U64 },
	{ IR_IREM, EMBER_ISA_OP_IREM, S32, S64 }, { IR_IMOD, EMBER_ISA_OP_IMOD, S32, S64 },
	{ IR_INEG, EMBER_ISA_OP_INEG, U32, U64 }, { IR_AND, EMBER_ISA_OP_AND, U32, U64 },
	{ IR_OR, EMBER_ISA_OP_OR, U32, U64 }, { IR_XOR, EMBER_ISA_OP_XOR, U32, U64 },
	{ IR_NOT, EMBER_ISA_OP_NOT, U32, U64 }, { IR_SHL, EMBER_ISA_OP_SHL, U32, U64 },
	{ IR_USHR, EMBER_ISA_OP_SHR, U32, U64 }, { IR_ISHR, EMBER_ISA_OP_SHR, S32, S64 },
	{ IR_UMIN, EMBER_ISA_OP_IMIN, U32, U64 }, { IR_UMAX, EMBER_ISA_OP_IMAX, U32, U64 },
	{ IR_IMIN, EMBER_ISA_OP_IMIN, S32, S64 }, { IR_IMAX, EMBER_ISA_OP_IMAX, S32, S64 },
	{ IR_IABS, EMBER_ISA_OP_IABS, S32, S64 }, { IR_BITCOUNT, EMBER_ISA_OP_POPCNT, U32, -1 },
	{ IR_BITREV, EMBER_ISA_OP_BREV, U32, -1 }, { IR_FINDLSB, EMBER_ISA_OP_FINDLSB, U32, -1 },
	{ IR_UFINDMSB, EMBER_ISA_OP_FINDMSB, U32, -1 }, { IR_IFINDMSB, EMBER_ISA_OP_FINDMSB, S32, -1 },
	{ IR_UBFE, EMBER_ISA_OP_BFE, U32, -1 }, { IR_IBFE, EMBER_ISA_OP_BFE, S32, -1 },
	{ IR_FADD, EMBER_ISA_OP_FADD, F32, -1 }, { IR_FSUB, EMBER_ISA_OP_FSUB, F32, -1 },
	{ IR_FMUL, EMBER_ISA_OP_FMUL, F32, -1 }, { IR_FDIV, EMBER_ISA_OP_FDIV, F32, -1 },
	{ IR_FFMA, EMBER_ISA_OP_FFMA, F32, -1 }, { IR_FMIN, EMBER_ISA_OP_FMIN, F32, -1 },
	{ IR_FMAX, EMBER_ISA_OP_FMAX, F32, -1 }, { IR_FNEG, EMBER_ISA_OP_FNEG, F32, -1 },
	{ IR_FABS, EMBER_ISA_OP_FABS, F32, -1 }, { IR_FSQRT, EMBER_ISA_OP_FSQRT, F32, -1 },
	{ IR_FRSQ, EMBER_ISA_OP_FRSQ, F32, -1 }, { IR_FEXP2, EMBER_ISA_OP_FEXP2, F32, -1 },
	{ IR_FLOG2, EMBER_ISA_OP_FLOG2, F32, -1 }, { IR_FSIN, EMBER_ISA_OP_FSIN, F32, -1 },
	{ IR_FCOS, EMBER_ISA_OP_FCOS, F32, -1 }, { IR_FFLOOR, EMBER_ISA_OP_FFLOOR, F32, -1 },
	{ IR_FCEIL, EMBER_ISA_OP_FCEIL, F32, -1 }, { IR_FTRUNC, EMBER_ISA_OP_FTRUNC, F32, -1 },
	{ IR_FRINT, EMBER_ISA_OP_FROUNDEVEN, F32, -1 }, { IR_FSIGN, EMBER_ISA_OP_FSIGN, F32, -1 },
	{ IR_FFRACT, EMBER_ISA_OP_FFRACT, F32, -1 }, { IR_FROUND, EMBER_ISA_OP_FROUND, F32, -1 },
	{ IR_FRCP, EMBER_ISA_OP_FRCP, F32, -1 }, { IR_FEXP, EMBER_ISA_OP_FEXP, F32, -1 },
	{ IR_FLOG, EMBER_ISA_OP_FLOG, F32, -1 }, { IR_FPOW, EMBER_ISA_OP_FPOW, F32, -1 },
	{ IR_FTAN, EMBER_ISA_OP_FTAN, F32, -1 }, { IR_FASIN, EMBER_ISA_OP_FASIN, F32, -1 },
	{ IR_FACOS, EMBER_ISA_OP_FACOS, F32, -1 }, { IR_FATAN, EMBER_ISA_OP_FATAN, F32, -1 },
	{ IR_FATAN2, EMBER_ISA_OP_FATAN2, F32, -1 }, { IR_FSINH, EMBER_ISA_OP_FSINH, F32, -1 },
	{ IR_FCOSH, EMBER_ISA_OP_FCOSH, F32, -1 }, { IR_FTANH, EMBER_ISA_OP_FTANH, F32, -1 },
	{ IR_FASINH, EMBER_ISA_OP_FASINH, F32, -1 }, { IR_FACOSH, EMBER_ISA_OP_FACOSH, F32, -1 },
	{ IR_FATANH, EMBER_ISA_OP_FATANH, F32, -1 }, { IR_FMOD, EMBER_ISA_OP_FMOD, F32, -1 },
	{ IR_FREM, EMBER_ISA_OP_FREM, F32, -1 }, { IR_FLDEXP, EMBER_ISA_OP_FLDEXP, F32, -1 },
	{ IR_FFREXPM, EMBER_ISA_OP_FFREXPM, F32, -1 }, { IR_FFREXPE, EMBER_ISA_OP_FFREXPE, F32, -1 },
	{ IR_F2F16, EMBER_ISA_OP_F2F16, U32, -1 }, { IR_F162F, EMBER_ISA_OP_F16F, U32, -1 },
};

static const struct {
	enum ir_op ir;
	uint8_t cond;
	int8_t t32, t64;
} compare_table[] = {
	{ IR_IEQ, EMBER_ISA_EQ, U32, U64 }, { IR_INE, EMBER_ISA_NE, U32, U64 },
	{ IR_ULT, EMBER_ISA_LT, U32, U64 }, { IR_ULE, EMBER_ISA_LE, U32, U64 },
	{ IR_ILT, EMBER_ISA_LT, S32, S64 }, { IR_ILE, EMBER_ISA_LE, S32, S64 },
	{ IR_FEQ, EMBER_ISA_EQ, F32, -1 }, { IR_FNE, EMBER_ISA_UNE, F32, -1 },
	{ IR_FLT, EMBER_ISA_LT, F32, -1 }, { IR_FLE, EMBER_ISA_LE, F32, -1 },
	{ IR_FUNORD, EMBER_ISA_UNO, F32, -1 },
};

/* dst = op(srcs) with the opcode's operand kinds; @type chosen by the caller. */
static void simple(struct emitter *e, const struct ir_instr *in, enum ember_isa_opcode op,
		   enum ember_isa_type type, uint8_t mod, int n)
{
	const struct ember_isa_opinfo *info = ember_isa_opinfo(op);
	struct ember_isa_operand ops[3];
	unsigned int kinds[3];
	struct dst_info d;
	struct ember_isa_insn *out;

	for (int k = 0; k < n; k++)
		kinds[k] = info->operand[k + 1] & (EMBER_ISA_K_V | EMBER_ISA_K_U | EMBER_ISA_K_I);
	sources(e, in->src, n, kinds, ops, false);
	d = destination(e, in->dst);
	out = emit(e, op, type);
	out->mod = mod;
	out->dst = d.op;
	for (int k = 0; k < n; k++)
		out->src[k] = ops[k];
	finish_dst(e, &d);
}

static uint8_t negate_cond(uint8_t cond, bool is_float)
{
	switch (cond) {
	case EMBER_ISA_EQ: return is_float ? EMBER_ISA_UNE : EMBER_ISA_NE;
	case EMBER_ISA_NE: return EMBER_ISA_EQ;
	case EMBER_ISA_LT: return is_float ? EMBER_ISA_UGE : EMBER_ISA_GE;
	case EMBER_ISA_LE: return is_float ? EMBER_ISA_UGT : EMBER_ISA_GT;
	case EMBER_ISA_UNE: return EMBER_ISA_EQ;
	case EMBER_ISA_UNO: return EMBER_ISA_ORD;
	default: return cond;
	}
}

static struct frame *innermost_loop(struct emitter *e);

/*
 * A compare whose only reader is a divergent IF, BREAK, CONTINUE or a
 * SELECT, with nothing in between that uses predicates, writes that
 * predicate directly.
 */
static bool fuse_compare(struct emitter *e, const struct ir_instr *in, enum ember_isa_type type,
			 uint8_t cond)
{
	uint32_t at = in - e->s->ins;
	const struct ir_instr *next = NULL;
	struct frame *loop = innermost_loop(e);
	struct ember_isa_operand ops[2];
	static const unsigned int kinds[2] = { EMBER_ISA_K_VUI, EMBER_ISA_K_VUI };
	struct ember_isa_insn *out;
	uint32_t p;
	bool negate = false;

	if (e->uses[in->dst] != 1)
		return false;
	/* The reader, close by, with only predicate-free instructions in between. */
	for (uint32_t i = at + 1; i < e->s->count && i <= at + 32 && !next; i++) {
		const struct ir_instr *o = &e->s->ins[i];

		if (o->src[0] == in->dst)
			next = o;
		else if (ir_op_is_control(o->op) || o->op == IR_SELECT ||
			 (o->op >= IR_SG_BALLOT && o->op <= IR_SG_QUAD_SWAP))
			return false;
	}
	if (!next)
		return false;
	switch (next->op) {
	case IR_IF:
		if (next->uniform_cf)
			return false;
		negate = next->aux;
		p = 0;
		break;
	case IR_BREAK:
	case IR_CONTINUE:
		if (!loop || loop->uniform)
			return false;
		p = 0;
		break;
	case IR_SELECT:
		p = 1;
		break;
	default:
		return false;
	}
	sources(e, in->src, 2, kinds, ops, false);
	out = emit(e, EMBER_ISA_OP_CMP, type);
	out->mod = negate ? negate_cond(cond, type == EMBER_ISA_F32) : cond;
	out->dst = pred(p);
	out->src[0] = ops[0];
	out->src[1] = ops[1];
	e->fused_value = in->dst;
	e->fused_pred = p;
	e->fused_negated = negate;
	return true;
}

static bool emit_alu(struct emitter *e, const struct ir_instr *in)
{
	for (size_t i = 0; i < sizeof(alu_table) / sizeof(alu_table[0]); i++) {
		const struct alu *a = &alu_table[i];
		int type;

		if (a->ir != in->op)
			continue;
		type = in->bits == 64 ? a->t64 : a->t32;
		if (type < 0) {
			fail(e, "%u-bit %s is not supported by the Ember ISA", in->bits,
			     ir_op_name(in->op));
			return true;
		}
		simple(e, in, a->isa, type, 0, ir_op_src_count(in));
		return true;
	}
	for (size_t i = 0; i < sizeof(compare_table) / sizeof(compare_table[0]); i++) {
		int type;

		if (compare_table[i].ir != in->op)
			continue;
		type = in->bits == 64 ? compare_table[i].t64 : compare_table[i].t32;
		if (type < 0) {
			fail(e, "%u-bit %s is not supported", in->bits, ir_op_name(in->op));
			return true;
		}
		if (fuse_compare(e, in, type, compare_table[i].cond))
			return true;
		simple(e, in, EMBER_ISA_OP_CMP, type, compare_table[i].cond, 2);
		return true;
	}
	return false;
}

/* Half @h (0 low, 1 high) of 64-bit value @v as a 32-bit source. */
static struct ember_isa_operand half_of(struct emitter *e, uint32_t v, int h)
{
	struct ember_isa_operand op;

	if (e->is_const[v])
		return imm(e->const_value[v] >> (32 * h));
	op = value_reg(e, v);
	op.index += h;
	return op;
}

static void mov32(struct emitter *e, struct ember_isa_operand dst, struct ember_isa_operand src)
{
	struct ember_isa_insn *in;

	/* A uniform destination cannot take a per-lane source. */
	if (dst.kind == EMBER_ISA_UREG && src.kind == EMBER_ISA_VREG)
		return fail(e, "internal: uniform move from a vector register");
	in = emit(e, EMBER_ISA_OP_MOV, EMBER_ISA_U32);
	in->dst = dst;
	in->src[0] = src;
}

static void emit_convert(struct emitter *e, const struct ir_instr *in)
{
	struct dst_info d;
	struct ember_isa_insn *out;
	struct ember_isa_operand a;
	unsigned int src_bits = in->src[0] ? e->s->vals[in->src[0]].bits : 32;

	switch (in->op) {
	case IR_F2I:
	case IR_F2U:
		a = source(e, in->src[0], EMBER_ISA_K_VUI, 0);
		d = destination(e, in->dst);
		out = emit(e, EMBER_ISA_OP_F2I, in->op == IR_F2I ? (in->bits == 64 ? S64 : S32) :
							      (in->bits == 64 ? U64 : U32));
		out->dst = d.op;
		out->src[0] = a;
		finish_dst(e, &d);
		break;
	case IR_I2F:
	case IR_U2F:
		a = source(e, in->src[0], EMBER_ISA_K_VUI, 0);
		d = destination(e, in->dst);
		out = emit(e, EMBER_ISA_OP_I2F, in->op == IR_I2F ? (src_bits == 64 ? S64 : S32) :
							      (src_bits == 64 ? U64 : U32));
		out->dst = d.op;
		out->src[0] = a;
		finish_dst(e, &d);
		break;
	case IR_SEXT:
		a = source(e, in->src[0], EMBER_ISA_K_VUI, 0);
		d = destination(e, in->dst);
		out = emit(e, EMBER_ISA_OP_SEXT, EMBER_ISA_U32);
		out->dst = d.op;
		out->src[0] = a;
		finish_dst(e, &d);
		break;
	case IR_ZEXT:
	case IR_PACK64: {
		struct ember_isa_operand lo = source(e, in->src[0], EMBER_ISA_K_VUI, 0);
		struct ember_isa_operand hi = in->op == IR_ZEXT ? imm(0) :
					      source(e, in->src[1], EMBER_ISA_K_VUI, 0);
		struct ember_isa_operand high_dst;

		d = destination(e, in->dst);
		high_dst = d.op;
		high_dst.index++;
		mov32(e, d.op, lo);
		mov32(e, high_dst, hi);
		finish_dst(e, &d);
		break;
	}
	case IR_LO32:
	case IR_HI32: {
		struct ember_isa_operand src = half_of(e, in->src[0], in->op == IR_HI32);

		d = destination(e, in->dst);
		mov32(e, d.op, src);
		finish_dst(e, &d);
		break;
	}
	default:
		break;
	}
}

static void emit_select(struct emitter *e, const struct ir_instr *in)
{
	static const unsigned int kinds[2] = { EMBER_ISA_K_VUI, EMBER_ISA_K_VUI };
	struct ember_isa_operand p = to_pred(e, in->src[0], 1, false), ops[2];
	struct dst_info d;
	struct ember_isa_insn *out;

	sources(e, &in->src[1], 2, kinds, ops, false);
	d = destination(e, in->dst);
	if (d.op.kind != EMBER_ISA_VREG)
		return fail(e, "internal: select into a uniform register");
	out = emit(e, EMBER_ISA_OP_SEL, utype(in->bits));
	out->dst = d.op;
	out->src[0] = p;
	out->src[1] = ops[0];
	out->src[2] = ops[1];
	finish_dst(e, &d);
}

static void emit_bfi(struct emitter *e, const struct ir_instr *in)
{
	/* BFM mask = (count, offset); BFI = (base & ~mask) | (insert << offset & mask) */
	static const unsigned int kinds[2] = { EMBER_ISA_K_VUI, EMBER_ISA_K_VUI };
	uint32_t counts[2] = { in->src[3], in->src[2] };
	struct ember_isa_operand ops[2], mask, base, insert;
	struct ember_isa_insn *out;
	struct dst_info d;

	sources(e, counts, 2, kinds, ops, false);
	mask = vreg(temp(e, true, 1));
	out = emit(e, EMBER_ISA_OP_BFM, U32);
	out->dst = mask;
	out->src[0] = ops[0];
	out->src[1] = ops[1];
	base = source(e, in->src[0], EMBER_ISA_K_VUI, 0);
	insert = source(e, in->src[1], EMBER_ISA_K_VUI, base.kind == EMBER_ISA_IMM);
	d = destination(e, in->dst);
	out = emit(e, EMBER_ISA_OP_BFI, U32);
	out->dst = d.op;
	out->src[0] = base;
	out->src[1] = insert;
	out->src[2] = mask;
	finish_dst(e, &d);
}

/* ---- memory ---- */

static enum ember_isa_type mem_type(unsigned int bytes)
{
	switch (bytes) {
	case 1: return EMBER_ISA_U8;
	case 2: return EMBER_ISA_U16;
	case 8: return EMBER_ISA_U64;
	default: return EMBER_ISA_U32;
	}
}

static const uint8_t atomic_ops[IR_RED_COUNT] = {
	[IR_RED_IADD] = EMBER_ISA_ATOM_ADD, [IR_RED_UMIN] = EMBER_ISA_ATOM_UMIN,
	[IR_RED_UMAX] = EMBER_ISA_ATOM_UMAX, [IR_RED_IMIN] = EMBER_ISA_ATOM_SMIN,
	[IR_RED_IMAX] = EMBER_ISA_ATOM_SMAX, [IR_RED_AND] = EMBER_ISA_ATOM_AND,
	[IR_RED_OR] = EMBER_ISA_ATOM_OR, [IR_RED_XOR] = EMBER_ISA_ATOM_XOR,
	[IR_RED_XCHG] = EMBER_ISA_ATOM_XCHG, [IR_RED_CMPXCHG] = EMBER_ISA_ATOM_CMPXCHG,
};

/* LDDESC, LDIMGDESC or LDSMPDESC of set imm >> 32, slot (u32)imm + src0. */
static void emit_descriptor(struct emitter *e, const struct ir_instr *in, enum ember_isa_opcode opcode)
{
	struct ember_isa_insn *out;
	struct dst_info d;
	struct ember_isa_operand slot = imm((uint32_t)in->imm);

	if (in->src[0]) {
		struct ember_isa_operand index = source(e, in->src[0], EMBER_ISA_K_UI, 0);

		if (e->error)
			return;
		if ((uint32_t)in->imm) {
			slot = ureg(temp(e, false, 1));
			out = emit(e, EMBER_ISA_OP_IADD, U32);
			out->dst = slot;
			out->src[0] = index;
			out->src[1] = imm((uint32_t)in->imm);
		} else {
			slot = index;
		}
	}
	d = destination(e, in->dst);
	if (d.op.kind != EMBER_ISA_UREG)
		return fail(e, "descriptor indexing by a per-lane value is not supported");
	out = emit(e, opcode, U32);
	out->dst = d.op;
	out->src[0] = imm(in->imm >> 32);
	out->src[1] = slot;
}

static void emit_memory(struct emitter *e, const struct ir_instr *in)
{
	struct ember_isa_operand ops[3];
	struct ember_isa_insn *out;
	struct dst_info d;

	switch (in->op) {
	case IR_DESC:
		emit_descriptor(e, in, EMBER_ISA_OP_LDDESC);
		break;
	case IR_IMG_DESC:
		emit_descriptor(e, in, EMBER_ISA_OP_LDIMGDESC);
		break;
	case IR_SMP_DESC:
		emit_descriptor(e, in, EMBER_ISA_OP_LDSMPDESC);
		break;
	case IR_DESC_RANGE: {
		struct ember_isa_operand desc = value_reg(e, in->src[0]);

		desc.index += 2;
		d = destination(e, in->dst);
		mov32(e, d.op, desc);
		finish_dst(e, &d);
		break;
	}
	case IR_LOAD_GLOBAL: {
		bool uniform = is_uniform_value(e, in->dst) && in->aux >= 4;

		ops[0] = value_reg(e, in->src[0]);
		ops[1] = source(e, in->src[1], uniform ? EMBER_ISA_K_UI : EMBER_ISA_K_VUI, 0);
		d = destination(e, in->dst);
		out = emit(e, uniform ? EMBER_ISA_OP_LDU : EMBER_ISA_OP_LDG, mem_type(in->aux));
		out->dst = d.op;
		out->src[0] = ops[0];
		out->src[1] = ops[1];
		finish_dst(e, &d);
		break;
	}
	case IR_STORE_GLOBAL: {
		static const unsigned int kinds[2] = { EMBER_ISA_K_VUI, EMBER_ISA_K_VUI };

		ops[0] = value_reg(e, in->src[0]);
		sources(e, &in->src[1], 2, kinds, &ops[1], false);
		out = emit(e, EMBER_ISA_OP_STG, mem_type(in->aux));
		memcpy(out->src, ops, sizeof(ops));
		break;
	}
	case IR_LOAD_ADDR: {
		/*
		 * LDGA writes vector registers only: a uniform address's value
		 * is the same in every lane, so a uniform result (a pointer
		 * chased through uniform pointers) is read from the first lane.
		 */
		bool uniform = is_uniform_value(e, in->dst);
		struct ember_isa_operand loaded;

		ops[0] = source(e, in->src[0], EMBER_ISA_K_VU, 0);
		d = destination(e, in->dst);
		loaded = uniform ? vreg(temp(e, true, in->bits == 64 ? 2 : 1)) : d.op;
		out = emit(e, EMBER_ISA_OP_LDGA, mem_type(in->aux));
		out->dst = loaded;
		out->src[0] = ops[0];
		out->src[1] = (int32_t)in->imm ? imm((uint32_t)in->imm) : none();
		if (uniform) {
			out = emit(e, EMBER_ISA_OP_READFIRST, utype(in->bits));
			out->dst = d.op;
			out->src[0] = loaded;
		}
		finish_dst(e, &d);
		break;
	}
	case IR_STORE_ADDR: {
		static const unsigned int kinds[2] = { EMBER_ISA_K_VU, EMBER_ISA_K_VUI };

		sources(e, in->src, 2, kinds, ops, false);
		out = emit(e, EMBER_ISA_OP_STGA, mem_type(in->aux));
		out->src[0] = ops[0];
		out->src[1] = ops[1];
		out->src[2] = (int32_t)in->imm ? imm((uint32_t)in->imm) : none();
		break;
	}
	case IR_LOAD_PUSH:
		if (in->aux < 4) {
			/* Narrow push constants: load the word, extract the field. */
			struct ember_isa_operand word;

			if (!e->is_const[in->src[0]])
				return fail(e, "8/16-bit push constants at a dynamic offset are not supported");
			uint32_t offset = e->const_value[in->src[0]];
			bool uniform = is_uniform_value(e, in->dst);

			word = uniform ? ureg(temp(e, false, 1)) : vreg(temp(e, true, 1));
			out = emit(e, EMBER_ISA_OP_LDPUSH, U32);
			out->dst = word;
			out->src[0] = imm(offset & ~3u);
			d = destination(e, in->dst);
			out = emit(e, EMBER_ISA_OP_BFE, U32);
			out->dst = d.op;
			out->src[0] = word;
			out->src[1] = imm((offset & 3) * 8);
			out->src[2] = imm(in->aux * 8);
			finish_dst(e, &d);
			break;
		}
		ops[0] = source(e, in->src[0], EMBER_ISA_K_VUI, 0);
		d = destination(e, in->dst);
		out = emit(e, EMBER_ISA_OP_LDPUSH, utype(in->bits));
		out->dst = d.op;
		out->src[0] = ops[0];
		finish_dst(e, &d);
		break;
	case IR_LOAD_SHARED:
		ops[0] = source(e, in->src[0], EMBER_ISA_K_VUI, 0);
		d = destination(e, in->dst);
		out = emit(e, EMBER_ISA_OP_LDS, mem_type(in->aux));
		out->dst = d.op;
		out->src[0] = ops[0];
		finish_dst(e, &d);
		break;
	case IR_STORE_SHARED:
	case IR_STORE_PRIVATE: {
		static const unsigned int kinds[2] = { EMBER_ISA_K_VUI, EMBER_ISA_K_VUI };

		sources(e, in->src, 2, kinds, ops, false);
		out = emit(e, in->op == IR_STORE_SHARED ? EMBER_ISA_OP_STS : EMBER_ISA_OP_STSCR,
			   mem_type(in->aux));
		out->src[0] = ops[0];
		out->src[1] = ops[1];
		break;
	}
	case IR_LOAD_PRIVATE:
		ops[0] = source(e, in->src[0], EMBER_ISA_K_VUI, 0);
		d = destination(e, in->dst);
		out = emit(e, EMBER_ISA_OP_LDSCR, mem_type(in->aux));
		out->dst = d.op;
		out->src[0] = ops[0];
		finish_dst(e, &d);
		break;
	case IR_ATOMIC_GLOBAL:
	case IR_ATOMIC_SHARED:
	case IR_ATOMIC_ADDR: {
		bool global = in->op == IR_ATOMIC_GLOBAL, addr = in->op == IR_ATOMIC_ADDR;
		const uint32_t *s = global ? &in->src[1] : &in->src[0];
		unsigned int regs = in->bits == 64 ? 2 : 1;
		struct ember_isa_operand data;

		if (in->aux2 >= IR_RED_COUNT || (in->aux2 >= IR_RED_FADD && in->aux2 <= IR_RED_FMAX))
			return fail(e, "float atomics are not supported by the Ember ISA");
		ops[0] = global ? value_reg(e, in->src[0]) : none();
		ops[1] = source(e, s[0], addr ? EMBER_ISA_K_VU : EMBER_ISA_K_VUI, 0);
		if (in->aux2 == IR_RED_CMPXCHG) {
			/* The data operand is a group: new value, then comparator. */
			uint32_t r = temp(e, true, 2 * regs);

			data = vreg(r);
			for (unsigned int h = 0; h < regs; h++) {
				struct ember_isa_operand dst = vreg(r + h);
				struct ember_isa_operand cmp_dst = vreg(r + regs + h);

				mov32(e, dst, regs == 2 ? half_of(e, s[1], h) :
					      source(e, s[1], EMBER_ISA_K_VUI, 0));
				mov32(e, cmp_dst, regs == 2 ? half_of(e, s[2], h) :
						  source(e, s[2], EMBER_ISA_K_VUI, 0));
			}
		} else {
			data = source(e, s[1], EMBER_ISA_K_VUI, ops[1].kind == EMBER_ISA_IMM);
		}
		d = destination(e, in->dst);
		out = emit(e, global ? EMBER_ISA_OP_ATOMG : addr ? EMBER_ISA_OP_ATOMGA :
			   EMBER_ISA_OP_ATOMS, utype(in->bits));
		out->mod = atomic_ops[in->aux2];
		out->dst = d.op;
		if (global) {
			out->src[0] = ops[0];
			out->src[1] = ops[1];
			out->src[2] = data;
		} else if (addr) {
			out->src[0] = ops[1];
			out->src[1] = data;
			out->src[2] = (int32_t)in->imm ? imm((uint32_t)in->imm) : none();
		} else {
			out->src[0] = ops[1];
			out->src[1] = data;
		}
		finish_dst(e, &d);
		break;
	}
	default:
		break;
	}
}

/* ---- images ---- */

/* A descriptor operand: uniform registers, never spilled. */
static struct ember_isa_operand descriptor_reg(struct emitter *e, uint32_t v)
{
	const struct ir_value *val = &e->s->vals[v];

	if (!is_uniform_value(e, v) || val->spill_slot >= 0 || val->reg < 0) {
		fail(e, "an image, sampler or texel-buffer descriptor did not fit in uniform registers");
		return ureg(0);
	}
	return ureg(val->reg);
}

/* Copy @n values (IR_NONE: left as is) into a fresh 4-aligned vector group. */
static struct ember_isa_operand group(struct emitter *e, const uint32_t *values, unsigned int n)
{
	uint32_t r = temp(e, true, (n + 3) & ~3u);

	for (unsigned int k = 0; k < n && !e->error; k++)
		if (values[k])
			mov32(e, vreg(r + k), source(e, values[k], EMBER_ISA_K_VUI, 0));
	return vreg(r);
}

/*
 * IR_IMAGE_*: the ISA instruction in imm (opcode, modifier, address
 * count), descriptors in src0/src1, the address group and the data after.
 * Groups are built first, at the base of the temporaries, so they are
 * 4-aligned whatever the sources reload.
 */
static void emit_image(struct emitter *e, const struct ir_instr *in)
{
	enum ember_isa_opcode opcode = in->imm & 0xff;
	unsigned int naddr = (in->imm >> 16) & 0xff;
	const uint32_t *addr = &in->src[2], *data = addr + naddr;
	/* Texel buffers and IMGSIZE take one register, not a group. */
	bool single = opcode == EMBER_ISA_OP_TBLD || opcode == EMBER_ISA_OP_TBST ||
		      opcode == EMBER_ISA_OP_TBATOM || opcode == EMBER_ISA_OP_IMGSIZE;
	struct ember_isa_operand a = none(), dat = none(), img, smp = none();
	struct ember_isa_insn *out;
	struct dst_info d = { .op = none() };

	if (single) {
		a = source(e, addr[0], EMBER_ISA_K_VUI, 0);
	} else if (naddr) {
		a = group(e, addr, naddr);
	}
	if (in->op == IR_IMAGE_WRITE) {
		dat = group(e, data, 4);
	} else if (in->op == IR_IMAGE_ATOMIC) {
		if (in->aux2 >= IR_RED_COUNT || (in->aux2 >= IR_RED_FADD && in->aux2 <= IR_RED_FMAX))
			return fail(e, "float image atomics are not supported by the Ember ISA");
		if (in->aux2 == IR_RED_CMPXCHG)
			dat = group(e, data, 2);	/* new value, then comparator */
		else
			dat = source(e, data[0], EMBER_ISA_K_VUI, a.kind == EMBER_ISA_IMM);
	}
	img = descriptor_reg(e, in->src[0]);
	if (in->src[1])
		smp = descriptor_reg(e, in->src[1]);
	if (e->error)
		return;
	if (ir_op_has_dst(in->op) && in->dst)
		d = destination(e, in->dst);
	out = emit(e, opcode, U32);
	out->mod = in->op == IR_IMAGE_ATOMIC ? atomic_ops[in->aux2] : (in->imm >> 8) & 0xff;
	out->dst = d.op;
	out->src[0] = img;
	switch (opcode) {
	case EMBER_ISA_OP_TEXL:
	case EMBER_ISA_OP_TEXG:
	case EMBER_ISA_OP_GATHER:
	case EMBER_ISA_OP_TEX:
	case EMBER_ISA_OP_QUERYLOD:
		out->src[1] = smp;
		out->src[2] = a;
		break;
	case EMBER_ISA_OP_IMGQUERY:
		break;
	default:
		out->src[1] = a;
		out->src[2] = dat;
		break;
	}
	if (d.op.kind != EMBER_ISA_NONE)
		finish_dst(e, &d);
}

/* IR_EXTRACT: one register of a group result. */
static void emit_extract(struct emitter *e, const struct ir_instr *in)
{
	struct ember_isa_operand src = value_reg(e, in->src[0]);
	struct dst_info d;

	src.index += in->imm;
	d = destination(e, in->dst);
	mov32(e, d.op, src);
	finish_dst(e, &d);
}

/* ---- system values and subgroups ---- */

static const uint8_t sysval_sr[IR_SV_COUNT] = {
	[IR_SV_LOCAL_ID_X] = EMBER_ISA_SR_LOCAL_ID_X, [IR_SV_LOCAL_ID_Y] = EMBER_ISA_SR_LOCAL_ID_Y,
	[IR_SV_LOCAL_ID_Z] = EMBER_ISA_SR_LOCAL_ID_Z, [IR_SV_GROUP_ID_X] = EMBER_ISA_SR_GROUP_ID_X,
	[IR_SV_GROUP_ID_Y] = EMBER_ISA_SR_GROUP_ID_Y, [IR_SV_GROUP_ID_Z] = EMBER_ISA_SR_GROUP_ID_Z,
	[IR_SV_NUM_GROUPS_X] = EMBER_ISA_SR_NUM_GROUPS_X,
	[IR_SV_NUM_GROUPS_Y] = EMBER_ISA_SR_NUM_GROUPS_Y,
	[IR_SV_NUM_GROUPS_Z] = EMBER_ISA_SR_NUM_GROUPS_Z,
	[IR_SV_LOCAL_INDEX] = EMBER_ISA_SR_LOCAL_INDEX, [IR_SV_SUBGROUP_ID] = EMBER_ISA_SR_WAVE_ID,
	[IR_SV_LANE_ID] = EMBER_ISA_SR_LANE_ID, [IR_SV_NUM_SUBGROUPS] = EMBER_ISA_SR_NUM_WAVES,
	[IR_SV_VERTEX_INDEX] = EMBER_ISA_SR_VERTEX_INDEX,
	[IR_SV_INSTANCE_INDEX] = EMBER_ISA_SR_INSTANCE_INDEX,
	[IR_SV_BASE_VERTEX] = EMBER_ISA_SR_BASE_VERTEX,
	[IR_SV_BASE_INSTANCE] = EMBER_ISA_SR_BASE_INSTANCE,
	[IR_SV_DRAW_INDEX] = EMBER_ISA_SR_DRAW_INDEX, [IR_SV_VIEW_INDEX] = EMBER_ISA_SR_VIEW_INDEX,
	[IR_SV_FRAG_COORD_X] = EMBER_ISA_SR_FRAG_COORD_X,
	[IR_SV_FRAG_COORD_Y] = EMBER_ISA_SR_FRAG_COORD_Y,
	[IR_SV_FRAG_COORD_Z] = EMBER_ISA_SR_FRAG_COORD_Z,
	[IR_SV_FRAG_COORD_W] = EMBER_ISA_SR_FRAG_COORD_W,
	[IR_SV_FRONT_FACING] = EMBER_ISA_SR_FRONT_FACING, [IR_SV_SAMPLE_ID] = EMBER_ISA_SR_SAMPLE_ID,
	[IR_SV_SAMPLE_POS_X] = EMBER_ISA_SR_SAMPLE_POS_X,
	[IR_SV_SAMPLE_POS_Y] = EMBER_ISA_SR_SAMPLE_POS_Y,
	[IR_SV_SAMPLE_MASK_IN] = EMBER_ISA_SR_SAMPLE_MASK_IN,
	[IR_SV_PRIMITIVE_ID] = EMBER_ISA_SR_PRIMITIVE_ID, [IR_SV_LAYER] = EMBER_ISA_SR_LAYER,
	[IR_SV_POINT_COORD_X] = EMBER_ISA_SR_POINT_COORD_X,
	[IR_SV_POINT_COORD_Y] = EMBER_ISA_SR_POINT_COORD_Y,
};

static bool sr_is_uniform(uint8_t sr)
{
	return (sr >= EMBER_ISA_SR_WAVE_ID && sr <= EMBER_ISA_SR_EXEC) ||
	       (sr >= EMBER_ISA_SR_BASE_VERTEX && sr <= EMBER_ISA_SR_VIEW_INDEX);
}

/* Write a uniform result (computed into a u temporary) to @d. */
static struct ember_isa_operand uniform_result(struct emitter *e, const struct dst_info *d,
					       unsigned int bits)
{
	return d->op.kind == EMBER_ISA_UREG ? d->op : ureg(temp(e, false, bits == 64 ? 2 : 1));
}

static void copy_to(struct emitter *e, const struct dst_info *d, struct ember_isa_operand from,
		    unsigned int bits)
{
	struct ember_isa_insn *out;

	if (from.kind == d->op.kind && from.index == d->op.index)
		return;
	out = emit(e, EMBER_ISA_OP_MOV, utype(bits));
	out->dst = d->op;
	out->src[0] = from;
}

static const struct {
	uint8_t op;
	int8_t type;
} sg_ops[IR_RED_COUNT] = {
	[IR_RED_IADD] = { EMBER_ISA_SG_ADD, U32 }, [IR_RED_IMUL] = { EMBER_ISA_SG_MUL, U32 },
	[IR_RED_UMIN] = { EMBER_ISA_SG_MIN, U32 }, [IR_RED_UMAX] = { EMBER_ISA_SG_MAX, U32 },
	[IR_RED_IMIN] = { EMBER_ISA_SG_MIN, S32 }, [IR_RED_IMAX] = { EMBER_ISA_SG_MAX, S32 },
	[IR_RED_AND] = { EMBER_ISA_SG_AND, U32 }, [IR_RED_OR] = { EMBER_ISA_SG_OR, U32 },
	[IR_RED_XOR] = { EMBER_ISA_SG_XOR, U32 }, [IR_RED_FADD] = { EMBER_ISA_SG_ADD, F32 },
	[IR_RED_FMUL] = { EMBER_ISA_SG_MUL, F32 }, [IR_RED_FMIN] = { EMBER_ISA_SG_MIN, F32 },
	[IR_RED_FMAX] = { EMBER_ISA_SG_MAX, F32 },
};

static void emit_subgroup(struct emitter *e, const struct ir_instr *in)
{
	struct ember_isa_operand a, b, r;
	struct ember_isa_insn *out;
	struct dst_info d;

	switch (in->op) {
	case IR_SYSVAL: {
		uint8_t sr = sysval_sr[in->imm % IR_SV_COUNT];

		d = destination(e, in->dst);
		r = sr_is_uniform(sr) ? uniform_result(e, &d, 32) : d.op;
		if (!sr_is_uniform(sr) && d.op.kind != EMBER_ISA_VREG)
			return fail(e, "internal: per-lane system value in a uniform register");
		out = emit(e, EMBER_ISA_OP_S2R, U32);
		out->mod = sr;
		out->dst = r;
		copy_to(e, &d, r, 32);
		finish_dst(e, &d);
		break;
	}
	case IR_SG_BALLOT:
	case IR_SG_ALL:
	case IR_SG_ANY:
		a = to_pred(e, in->src[0], 1, false);
		d = destination(e, in->dst);
		out = emit(e, in->op == IR_SG_BALLOT ? EMBER_ISA_OP_BALLOT :
			      in->op == IR_SG_ALL ? EMBER_ISA_OP_VOTEALL : EMBER_ISA_OP_VOTEANY, U32);
		out->dst = d.op;
		out->src[0] = a;
		finish_dst(e, &d);
		break;
	case IR_SG_ALLEQ:
		a = source(e, in->src[0], EMBER_ISA_K_VUI, 0);
		d = destination(e, in->dst);
		out = emit(e, EMBER_ISA_OP_VOTEEQ, utype(e->s->vals[in->src[0]].bits));
		out->dst = d.op;
		out->src[0] = a;
		finish_dst(e, &d);
		break;
	case IR_SG_ELECT:
		d = destination(e, in->dst);
		out = emit(e, EMBER_ISA_OP_ELECT, U32);
		out->dst = pred(1);
		if (d.op.kind != EMBER_ISA_VREG)
			return fail(e, "internal: elect into a uniform register");
		out = emit(e, EMBER_ISA_OP_SEL, U32);
		out->dst = d.op;
		out->src[0] = pred(1);
		out->src[1] = imm(1);
		out->src[2] = imm(0);
		finish_dst(e, &d);
		break;
	case IR_SG_BROADCAST:
		if (!e->is_const[in->src[1]] && !is_uniform_value(e, in->src[1])) {
			/* A per-lane lane index: that is a shuffle. */
			simple(e, in, EMBER_ISA_OP_SHFL, utype(in->bits), 0, 2);
			break;
		}
		/* fall through */
	case IR_SG_BROADCAST_FIRST:
		a = source(e, in->src[0], EMBER_ISA_K_VUI, 0);
		b = in->op == IR_SG_BROADCAST ? source(e, in->src[1], EMBER_ISA_K_UI,
						       a.kind == EMBER_ISA_IMM) : none();
		d = destination(e, in->dst);
		r = uniform_result(e, &d, in->bits);
		out = emit(e, in->op == IR_SG_BROADCAST ? EMBER_ISA_OP_READLANE :
			      EMBER_ISA_OP_READFIRST, utype(in->bits));
		out->dst = r;
		out->src[0] = a;
		out->src[1] = b;
		copy_to(e, &d, r, in->bits);
		finish_dst(e, &d);
		break;
	case IR_SG_SHUFFLE:
	case IR_SG_SHUFFLE_XOR:
	case IR_SG_SHUFFLE_UP:
	case IR_SG_SHUFFLE_DOWN:
		simple(e, in, in->op == IR_SG_SHUFFLE ? EMBER_ISA_OP_SHFL :
			      in->op == IR_SG_SHUFFLE_XOR ? EMBER_ISA_OP_SHFLXOR :
			      in->op == IR_SG_SHUFFLE_UP ? EMBER_ISA_OP_SHFLUP :
			      EMBER_ISA_OP_SHFLDOWN, utype(in->bits), 0, 2);
		break;
	case IR_SG_QUAD_BROADCAST:
		if (!e->is_const[in->src[1]] && !is_uniform_value(e, in->src[1]))
			return fail(e, "quad broadcast with a per-lane index");
		simple(e, in, EMBER_ISA_OP_QUADBCAST, utype(in->bits), 0, 2);
		break;
	case IR_SG_QUAD_SWAP:
		a = source(e, in->src[0], EMBER_ISA_K_VUI, 0);
		d = destination(e, in->dst);
		out = emit(e, EMBER_ISA_OP_SHFLXOR, utype(in->bits));
		out->dst = d.op;
		out->src[0] = a;
		out->src[1] = imm((uint32_t)in->imm + 1);	/* 0 horizontal: ^1, 1: ^2, 2: ^3 */
		finish_dst(e, &d);
		break;
	case IR_SG_REDUCE:
	case IR_SG_INCL_SCAN:
	case IR_SG_EXCL_SCAN: {
		uint32_t cluster = in->imm ? (uint32_t)in->imm : 32;
		int8_t type = in->aux2 < IR_RED_XCHG ? sg_ops[in->aux2].type : -1;

		/* 64-bit: the same operation on register pairs (ISA 1.1). */
		if (in->bits == 64)
			type = type == S32 ? S64 : type == U32 ? U64 : -1;
		if (type < 0)
			return fail(e, "internal: no subgroup operation %u on %u bits", in->aux2,
				    in->bits);
		a = source(e, in->src[0], EMBER_ISA_K_VUI, 0);
		d = destination(e, in->dst);
		out = emit(e, in->op == IR_SG_REDUCE ? EMBER_ISA_OP_SGREDUCE :
			      in->op == IR_SG_INCL_SCAN ? EMBER_ISA_OP_SGISCAN : EMBER_ISA_OP_SGESCAN,
			   (enum ember_isa_type)type);
		out->mod = sg_ops[in->aux2].op;
		out->dst = d.op;
		out->src[0] = a;
		if (in->op == IR_SG_REDUCE)
			out->src[1] = imm(cluster);
		finish_dst(e, &d);
		break;
	}
	default:
		break;
	}
}

/* ---- control flow ---- */

static struct frame *innermost_loop(struct emitter *e)
{
	for (uint32_t k = e->depth; k-- > 0;)
		if (e->stack[k].op == IR_LOOP)
			return &e->stack[k];
	return NULL;
}

static void add_exit(struct emitter *e, uint32_t insn)
{
	uint32_t *grown = realloc(e->exits, (e->exit_count + 1) * sizeof(uint32_t));

	if (!grown)
		return fail(e, "out of memory");
	e->exits = grown;
	e->exits[e->exit_count++] = insn;
}

/* A uniform condition into a u register (constants moved there). */
static struct ember_isa_operand uniform_cond(struct emitter *e, uint32_t v)
{
	if (e->is_const[v])
		return materialize(e, e->const_value[v] != 0, 32, false);
	return source(e, v, EMBER_ISA_K_U, 0);
}

/* BREAK/CONTINUE with condition @cond (IR_NONE: always). */
static void emit_exit(struct emitter *e, enum ir_op op, uint32_t cond)
{
	struct frame *loop = innermost_loop(e);
	struct ember_isa_insn *out;

	if (!loop)
		return fail(e, "internal: %s outside a loop", ir_op_name(op));
	if (loop->uniform) {
		if (cond) {
			struct ember_isa_operand c = uniform_cond(e, cond);

			out = emit(e, EMBER_ISA_OP_BRNZ, U32);
			out->src[0] = c;
		} else {
			out = emit(e, EMBER_ISA_OP_BRA, U32);
		}
		if (op == IR_CONTINUE)
			out->target = loop->start;
		else
			add_exit(e, e->count - 1);
		return;
	}
	if (cond) {
		to_pred(e, cond, 0, false);
	} else {
		out = emit(e, EMBER_ISA_OP_U2P, U32);
		out->dst = pred(0);
		out->src[0] = imm(0xffffffffu);
	}
	out = emit(e, op == IR_BREAK ? EMBER_ISA_OP_BREAK : EMBER_ISA_OP_CONTINUE, U32);
	out->src[0] = pred(0);
}

/* The mask stack holds EMBER_ISA_MAX_STACK_DEPTH divergent constructs. */
static void check_mask_depth(struct emitter *e)
{
	uint32_t depth = 0;

	for (uint32_t k = 0; k < e->depth; k++)
		depth += !e->stack[k].uniform;
	if (depth > EMBER_ISA_MAX_STACK_DEPTH)
		fail(e, "divergent control flow nested deeper than the ISA's %d-entry mask stack",
		     EMBER_ISA_MAX_STACK_DEPTH);
}

/* Returns how many IR instructions beyond @i were consumed. */
static uint32_t emit_control(struct emitter *e, uint32_t i)
{
	const struct ir_instr *in = &e->s->ins[i];
	struct ember_isa_insn *out;
	struct frame *f;

	switch (in->op) {
	case IR_IF: {
		const struct ir_instr *next = i + 2 < e->s->count ? &e->s->ins[i + 1] : NULL;
		struct frame *loop = innermost_loop(e);

		/* IF c; BREAK; ENDIF in a uniform loop is one conditional branch. */
		if (next && (next->op == IR_BREAK || next->op == IR_CONTINUE) && !next->src[0] &&
		    e->s->ins[i + 2].op == IR_ENDIF && loop && loop->uniform && in->uniform_cf) {
			struct ember_isa_operand c = uniform_cond(e, in->src[0]);

			out = emit(e, in->aux ? EMBER_ISA_OP_BRZ : EMBER_ISA_OP_BRNZ, U32);
			out->src[0] = c;
			if (next->op == IR_CONTINUE)
				out->target = loop->start;
			else
				add_exit(e, e->count - 1);
			return 2;
		}
		/* IF c; BREAK; ENDIF in a divergent loop is BREAK p(c). */
		if (next && (next->op == IR_BREAK || next->op == IR_CONTINUE) && !next->src[0] &&
		    e->s->ins[i + 2].op == IR_ENDIF && loop && !loop->uniform && !in->uniform_cf) {
			to_pred(e, in->src[0], 0, in->aux);
			out = emit(e, next->op == IR_BREAK ? EMBER_ISA_OP_BREAK : EMBER_ISA_OP_CONTINUE,
				   U32);
			out->src[0] = pred(0);
			return 2;
		}
		f = &e->stack[e->depth++];
		*f = (struct frame) { .op = IR_IF, .uniform = in->uniform_cf };
		if (!f->uniform)
			check_mask_depth(e);
		if (f->uniform) {
			struct ember_isa_operand c = uniform_cond(e, in->src[0]);

			/* Skip the then-part when the condition is false. */
			out = emit(e, in->aux ? EMBER_ISA_OP_BRNZ : EMBER_ISA_OP_BRZ, U32);
			out->src[0] = c;
		} else {
			struct ember_isa_operand p = to_pred(e, in->src[0], 0, in->aux);

			out = emit(e, EMBER_ISA_OP_IF, U32);
			out->src[0] = p;
		}
		f->pending = e->count - 1;
		return 0;
	}
	case IR_ELSE:
		f = &e->stack[e->depth - 1];
		out = emit(e, f->uniform ? EMBER_ISA_OP_BRA : EMBER_ISA_OP_ELSE, U32);
		/* IF jumps to the ELSE itself; BRZ to what follows the BRA. */
		e->code[f->pending].target = f->uniform ? e->count : e->count - 1;
		f->pending = e->count - 1;
		return 0;
	case IR_ENDIF:
		f = &e->stack[--e->depth];
		if (f->uniform) {
			e->code[f->pending].target = e->count;
		} else {
			emit(e, EMBER_ISA_OP_ENDIF, U32);
			e->code[f->pending].target = e->count - 1;
		}
		return 0;
	case IR_LOOP:
		f = &e->stack[e->depth++];
		*f = (struct frame) { .op = IR_LOOP, .uniform = in->uniform_cf,
				      .first_exit = e->exit_count };
		if (!f->uniform)
			check_mask_depth(e);
		if (!f->uniform)
			emit(e, EMBER_ISA_OP_LOOP, U32);
		f->start = f->uniform ? e->count : e->count - 1;
		return 0;
	case IR_ENDLOOP:
		f = &e->stack[--e->depth];
		if (f->uniform) {
			out = emit(e, EMBER_ISA_OP_BRA, U32);
			out->target = f->start;
			for (uint32_t k = f->first_exit; k < e->exit_count; k++)
				e->code[e->exits[k]].target = e->count;
			e->exit_count = f->first_exit;
		} else {
			out = emit(e, EMBER_ISA_OP_ENDLOOP, U32);
			out->target = f->start;
			e->code[f->start].target = e->count - 1;
		}
		return 0;
	case IR_BREAK:
	case IR_CONTINUE:
		emit_exit(e, in->op, in->src[0]);
		return 0;
	default:
		return 0;
	}
}

/* ---- graphics stages ---- */

static void emit_graphics(struct emitter *e, const struct ir_instr *in)
{
	struct ember_isa_operand a, b = none();
	struct ember_isa_insn *out;
	struct dst_info d;

	switch (in->op) {
	case IR_LOAD_INPUT:
		d = destination(e, in->dst);
		out = emit(e, EMBER_ISA_OP_LDIN, utype(in->bits));
		out->dst = d.op;
		out->src[0] = imm(in->imm);
		finish_dst(e, &d);
		break;
	case IR_INTERP: {
		unsigned int where = (in->imm >> 8) & EMBER_ISA_INTERP_WHERE;

		/* AT_OFFSET reads a register pair, AT_SAMPLE one register. */
		if (where == EMBER_ISA_INTERP_AT_OFFSET)
			b = group(e, in->src, 2);
		else if (where == EMBER_ISA_INTERP_AT_SAMPLE)
			b = source(e, in->src[0], EMBER_ISA_K_VUI, 1);
		d = destination(e, in->dst);
		out = emit(e, EMBER_ISA_OP_INTERP, EMBER_ISA_U32);
		out->mod = in->imm >> 8;
		out->dst = d.op;
		out->src[0] = imm(in->imm & 0xff);
		out->src[1] = b;
		finish_dst(e, &d);
		break;
	}
	case IR_STORE_OUTPUT:
		a = source(e, in->src[0], EMBER_ISA_K_VUI, 1);
		out = emit(e, EMBER_ISA_OP_STOUT, utype(in->bits));
		out->src[0] = imm(in->imm);
		out->src[1] = a;
		break;
	case IR_STORE_BUILTIN:
		a = source(e, in->src[0], EMBER_ISA_K_VUI, 0);
		out = emit(e, EMBER_ISA_OP_OSTORE, EMBER_ISA_U32);
		out->mod = in->imm;
		out->src[0] = a;
		break;
	case IR_DERIV:
		a = source(e, in->src[0], EMBER_ISA_K_VUI, 0);
		d = destination(e, in->dst);
		out = emit(e, in->imm ? EMBER_ISA_OP_DDY : EMBER_ISA_OP_DDX, EMBER_ISA_F32);
		out->mod = in->aux ? EMBER_ISA_DERIV_COARSE : 0;
		out->dst = d.op;
		out->src[0] = a;
		finish_dst(e, &d);
		break;
	case IR_DEMOTE:
		emit(e, EMBER_ISA_OP_DEMOTE, EMBER_ISA_U32);
		break;
	case IR_TERMINATE:
		emit(e, EMBER_ISA_OP_TERMINATE, EMBER_ISA_U32);
		break;
	case IR_IS_HELPER:
		d = destination(e, in->dst);
		if (d.op.kind != EMBER_ISA_VREG)
			return fail(e, "internal: a helper test in a uniform register");
		out = emit(e, EMBER_ISA_OP_S2R, EMBER_ISA_U32);
		out->mod = EMBER_ISA_SR_HELPER_INVOCATION;
		out->dst = d.op;
		finish_dst(e, &d);
		break;
	default:
		fail(e, "internal: no lowering for IR operation %s", ir_op_name(in->op));
		break;
	}
}

/* ---- driver ---- */

static void emit_instruction(struct emitter *e, const struct ir_instr *in)
{
	struct ember_isa_insn *out;
	struct dst_info d;

	if (emit_alu(e, in))
		return;
	switch (in->op) {
	case IR_CONST:
	case IR_UNDEF:
	case IR_NOP:
		break;
	case IR_MOV: {
		struct ember_isa_operand a = source(e, in->src[0], EMBER_ISA_K_VUI, 0);

		d = destination(e, in->dst);
		if (d.op.kind == EMBER_ISA_UREG && a.kind == EMBER_ISA_VREG)
			return fail(e, "internal: uniform variable written from a vector value");
		out = emit(e, EMBER_ISA_OP_MOV, utype(in->bits));
		out->dst = d.op;
		out->src[0] = a;
		finish_dst(e, &d);
		break;
	}
	case IR_SELECT:
		emit_select(e, in);
		break;
	case IR_BFI:
		emit_bfi(e, in);
		break;
	case IR_F2I: case IR_F2U: case IR_I2F: case IR_U2F: case IR_SEXT: case IR_ZEXT:
	case IR_PACK64: case IR_LO32: case IR_HI32:
		emit_convert(e, in);
		break;
	case IR_IMAGE_READ: case IR_IMAGE_WRITE: case IR_IMAGE_ATOMIC:
		emit_image(e, in);
		break;
	case IR_EXTRACT:
		emit_extract(e, in);
		break;
	case IR_DESC: case IR_IMG_DESC: case IR_SMP_DESC:
	case IR_DESC_RANGE: case IR_LOAD_GLOBAL: case IR_STORE_GLOBAL:
	case IR_LOAD_PUSH: case IR_LOAD_SHARED: case IR_STORE_SHARED:
	case IR_LOAD_PRIVATE: case IR_STORE_PRIVATE:
	case IR_ATOMIC_GLOBAL: case IR_ATOMIC_SHARED:
	case IR_LOAD_ADDR: case IR_STORE_ADDR: case IR_ATOMIC_ADDR:
		emit_memory(e, in);
		break;
	case IR_LOAD_INPUT: case IR_INTERP: case IR_STORE_OUTPUT: case IR_STORE_BUILTIN:
	case IR_DERIV: case IR_DEMOTE: case IR_TERMINATE: case IR_IS_HELPER:
		emit_graphics(e, in);
		break;
	case IR_BARRIER:
		emit(e, EMBER_ISA_OP_BAR, U32);
		break;
	case IR_MEMBAR:
		out = emit(e, EMBER_ISA_OP_MEMBAR, U32);
		out->mod = EMBER_ISA_SCOPE_DEVICE;
		break;
	default:
		if (in->op == IR_SYSVAL || (in->op >= IR_SG_BALLOT && in->op <= IR_SG_QUAD_SWAP))
			emit_subgroup(e, in);
		else
			fail(e, "internal: no lowering for IR operation %s", ir_op_name(in->op));
		break;
	}
}

static int build_binary(struct emitter *e, void **binary, size_t *size)
{
	struct ember_isa_header header = { 0 };
	struct ember_isa_resource *res = calloc(e->s->resource_count + 1, sizeof(*res));
	uint8_t *code = malloc((size_t)e->count * EMBER_ISA_INSN_SIZE + 1);
	uint32_t nres = 0;
	int ret;

	if (!res || !code) {
		free(res);
		free(code);
		fail(e, "out of memory");
		return -ENOMEM;
	}
	for (uint32_t i = 0; i < e->count; i++) {
		ret = ember_isa_encode(&e->code[i], code + (size_t)i * EMBER_ISA_INSN_SIZE);
		if (ret) {
			char text[160];

			ember_isa_format(&e->code[i], text, sizeof(text));
			fail(e, "internal: cannot encode instruction %u \"%s\": %s", i, text,
			     ember_isa_strerror(ret));
			free(res);
			free(code);
			return -EINVAL;
		}
	}
	/* Register counts from what the code really names (pairs, quads). */
	for (uint32_t i = 0; i < e->count; i++) {
		const struct ember_isa_insn *in = &e->code[i];
		const struct ember_isa_operand *ops[4] = { &in->dst, &in->src[0], &in->src[1],
							   &in->src[2] };

		for (unsigned int k = 0; k < 4; k++) {
			uint32_t end = ops[k]->index + ember_isa_operand_regs(in, k);

			if (ops[k]->kind == EMBER_ISA_VREG && end > e->max_v)
				e->max_v = end;
			else if (ops[k]->kind == EMBER_ISA_UREG && end > e->max_u)
				e->max_u = end;
			else if (ops[k]->kind == EMBER_ISA_PRED && ops[k]->index + 1u > e->max_p)
				e->max_p = ops[k]->index + 1;
		}
		if (in->guard && in->guard_pred + 1u > e->max_p)
			e->max_p = in->guard_pred + 1;
	}
	for (uint32_t i = 0; i < e->s->resource_count; i++) {
		const struct ir_resource *r = &e->s->resources[i];

		res[nres++] = (struct ember_isa_resource) {
			.set = r->table_set, .binding = r->binding, .slot = r->slot,
			.count = r->count,
			.kind = r->kind,
		};
	}
	for (int k = 0; k < 3; k++)
		header.local_size[k] = e->s->local_size[k] ? e->s->local_size[k] : 1;
	header.num_vregs = e->max_v;
	header.num_uregs = e->max_u;
	header.num_pregs = e->max_p;
	header.num_resources = nres;
	header.shared_bytes = e->s->shared_bytes;
	header.scratch_bytes = e->s->scratch_bytes;
	header.push_bytes = e->s->push_bytes;
	header.stage = e->s->stage.stage;
	header.num_inputs = e->s->stage.num_inputs;
	header.num_outputs = e->s->stage.num_outputs;
	header.fragment_flags = e->s->stage.fragment_flags;
	header.vertex_flags = e->s->stage.vertex_flags;
	header.num_clip_distances = e->s->stage.num_clip_distances;
	header.num_cull_distances = e->s->stage.num_cull_distances;
	ret = ember_isa_shader_build(&header, res, code, e->count, binary, size);
	free(res);
	free(code);
	if (ret) {
		fail(e, "cannot build the shader binary: %s", ember_isa_strerror(ret));
		return ret == EMBER_ISA_ERR_SIZE ? -ENOMEM : -EINVAL;
	}
	return 0;
}

int ember_emit(struct ir_shader *s, const struct ir_regalloc_result *ra,
	       void **binary, size_t *size, char **error)
{
	struct emitter e = {
		.s = s,
		.vtemp_base = (ra->vregs + 3) & ~3u,
		.utemp_base = (ra->uregs + 3) & ~3u,
	};
	int ret = -EINVAL;

	e.is_const = calloc(s->value_count, 1);
	e.const_value = calloc(s->value_count, sizeof(uint64_t));
	e.stack = calloc(s->count + 1, sizeof(*e.stack));
	if (!e.is_const || !e.const_value || !e.stack) {
		fail(&e, "out of memory");
		goto out;
	}
	if (e.vtemp_base + VTEMPS > EMBER_ISA_NUM_VREGS || e.utemp_base + UTEMPS > EMBER_ISA_NUM_UREGS) {
		fail(&e, "internal: no room for temporaries above the allocated registers");
		goto out;
	}
	e.uses = calloc(s->value_count, sizeof(uint32_t));
	if (!e.uses) {
		fail(&e, "out of memory");
		goto out;
	}
	for (uint32_t i = 0; i < s->count; i++)
		for (int k = 0; k < IR_MAX_SRC; k++)
			if (s->ins[i].src[k])
				e.uses[s->ins[i].src[k]]++;
	for (uint32_t i = 0; i < s->count; i++)
		if (s->ins[i].op == IR_CONST) {
			e.is_const[s->ins[i].dst] = 1;
			e.const_value[s->ins[i].dst] = s->ins[i].imm;
		}
	for (uint32_t i = 0; i < s->count && !e.error; i++) {
		e.vtemp_used = e.utemp_used = 0;
		if (ir_op_is_control(s->ins[i].op))
			i += emit_control(&e, i);
		else
			emit_instruction(&e, &s->ins[i]);
	}
	emit(&e, EMBER_ISA_OP_END, U32);
	if (!e.error)
		ret = build_binary(&e, binary, size);
out:
	if (e.error) {
		*error = e.error;
		e.error = NULL;
		if (!ret)
			ret = -EINVAL;
	}
	free(e.code);
	free(e.is_const);
	free(e.const_value);
	free(e.stack);
	free(e.exits);
	free(e.uses);
	free(e.error);
	return ret;
}
