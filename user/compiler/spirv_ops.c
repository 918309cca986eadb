/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: SPIR-V arithmetic, logic, conversions and composites
 *
 * Each instruction is applied leaf by leaf. Integers narrower than 32 bits
 * (Int8/Int16) are kept zero-extended in 32-bit values: an operation whose
 * result can leave that range is masked back (fe_wrap), and an operation
 * that reads the sign extends first (fe_sign_extend). 16-bit floats are
 * their 16 bits in a 32-bit value; + - * / and compares run in single
 * precision and round back, the rest of half arithmetic is refused.
 *
 * Composites are flat leaf arrays, so extract/insert/construct/shuffle are
 * index arithmetic on those arrays and generate no code.
 */

#include "spirv_in.h"

#include <stdlib.h>
#include <string.h>

#define FE_MAX_LEAVES 4096	/* leaves of one SPIR-V value */

/* ---- value pools ---- */

uint32_t *fe_value(struct fe *fe, uint32_t id, uint32_t *count)
{
	const struct fe_id *d;

	if (id < fe->bound && fe->ids[id].kind == FE_POINTER &&
	    fe->pointers[fe->ids[id].first].space == FE_SPACE_PHYSICAL) {
		*count = 1;
		return &fe->pointers[fe->ids[id].first].addr_value;
	}
	if (id >= fe->bound || fe->ids[id].kind != FE_VALUE || fe->ids[id].count == 0) {
		if (id < fe->bound && fe->ids[id].kind == FE_POINTER)
			fe_fail(fe, "a pointer (id %u) is used as a value (variable pointers are not supported)", id);
		else
			fe_fail(fe, "id %u is used before it has a value", id);
		*count = 0;
		return NULL;
	}
	d = &fe->ids[id];
	*count = d->count;
	return &fe->leaves[d->first];
}

uint32_t *fe_new_leaves(struct fe *fe, uint32_t id, uint32_t type, uint32_t count)
{
	struct fe_id *d;

	if (id >= fe->bound) {
		fe_fail(fe, "id %u out of bounds", id);
		return NULL;
	}
	if (count == 0 || count > FE_MAX_LEAVES) {
		fe_fail(fe, "a value of %u scalars is not supported (id %u)", count, id);
		return NULL;
	}
	if (fe->leaf_count + count > fe->leaf_capacity) {
		uint32_t capacity = fe->leaf_capacity ? fe->leaf_capacity : 1024;
		uint32_t *grown;

		while (capacity < fe->leaf_count + count)
			capacity *= 2;
		grown = realloc(fe->leaves, capacity * sizeof(*grown));
		if (!grown) {
			fe_fail(fe, "out of memory");
			return NULL;
		}
		fe->leaves = grown;
		fe->leaf_capacity = capacity;
	}
	d = &fe->ids[id];
	d->kind = FE_VALUE;
	d->type = type;
	d->first = fe->leaf_count;
	d->count = count;
	fe->leaf_count += count;
	memset(&fe->leaves[d->first], 0, count * sizeof(uint32_t));
	return &fe->leaves[d->first];
}

uint32_t fe_scalar(struct fe *fe, uint32_t id)
{
	uint32_t count, *v = fe_value(fe, id, &count);

	return v ? v[0] : IR_NONE;
}

void fe_leaf_types(struct fe *fe, uint32_t type, uint32_t *out)
{
	const struct fe_type *t = fe_type(fe, type);
	uint32_t at = 0;

	switch (t->op) {
	case SpvOpTypeVector:
	case SpvOpTypeMatrix:
	case SpvOpTypeArray: {
		uint32_t each = fe_type(fe, t->elem)->leaves;

		for (uint32_t i = 0; i < t->count; i++, at += each)
			fe_leaf_types(fe, t->elem, out + at);
		break;
	}
	case SpvOpTypeStruct:
		for (uint32_t i = 0; i < t->count; i++) {
			fe_leaf_types(fe, t->members[i].type, out + at);
			at += fe_type(fe, t->members[i].type)->leaves;
		}
		break;
	default:
		out[0] = type;
		break;
	}
}

uint32_t fe_wrap(struct fe *fe, uint32_t value, unsigned int type_bits)
{
	if (type_bits >= 32)
		return value;
	return ir_emit(fe->ir, IR_AND, 32, value,
		       ir_const(fe->ir, 32, (1u << type_bits) - 1), IR_NONE);
}

uint32_t fe_sign_extend(struct fe *fe, uint32_t value, unsigned int type_bits)
{
	if (type_bits >= 32)
		return value;
	return ir_emit(fe->ir, IR_IBFE, 32, value, ir_const(fe->ir, 32, 0),
		       ir_const(fe->ir, 32, type_bits));
}

/* ---- constants ---- */

static void emit_constant(struct fe *fe, const uint32_t *w, uint32_t length)
{
	uint32_t op = w[0] & 0xffff, type = w[1], id = w[2];
	uint32_t leaves = fe_type(fe, type)->leaves, *out;

	switch (op) {
	case SpvOpConstant:
	case SpvOpConstantTrue:
	case SpvOpConstantFalse:
		out = fe_new_leaves(fe, id, type, 1);
		if (out)
			out[0] = ir_const(fe->ir, fe_bits(fe, type), fe->ids[id].const_value);
		break;
	case SpvOpConstantNull:
	case SpvOpUndef: {
		uint32_t *types = calloc(leaves ? leaves : 1, sizeof(uint32_t));

		out = types ? fe_new_leaves(fe, id, type, leaves) : NULL;
		if (!out) {
			free(types);
			if (!fe->failed)
				fe_fail(fe, "out of memory");
			return;
		}
		fe_leaf_types(fe, type, types);
		for (uint32_t k = 0; k < leaves; k++) {
			uint32_t v = op == SpvOpUndef ?
				ir_emit(fe->ir, IR_UNDEF, fe_bits(fe, types[k]), 0, 0, 0) :
				ir_const(fe->ir, fe_bits(fe, types[k]), 0);

			fe->leaves[fe->ids[id].first + k] = v;
		}
		free(types);
		break;
	}
	case SpvOpConstantComposite: {
		uint32_t at = 0;

		if (!fe_new_leaves(fe, id, type, leaves))
			return;
		for (uint32_t k = 3; k < length && !fe->failed; k++) {
			uint32_t count, *part = fe_value(fe, w[k], &count);

			if (!part || at + count > leaves)
				return fe_fail(fe, "OpConstantComposite %u: constituents do not match its type", id);
			memcpy(&fe->leaves[fe->ids[id].first + at], part, count * sizeof(uint32_t));
			at += count;
		}
		break;
	}
	default:
		break;
	}
}

/*
 * An OpSpecConstantOp SPIRV-Tools left (it folds most): the operation it
 * names, computed at the top of the shader; constant folding finishes it.
 */
static void emit_spec_constant_op(struct fe *fe, const uint32_t *w, uint32_t length)
{
	uint32_t words[16];

	if (length < 4 || length - 1 > 16)
		return fe_fail(fe, "OpSpecConstantOp: unsupported length");
	words[0] = (length - 1) << 16 | w[3];
	words[1] = w[1];
	words[2] = w[2];
	memcpy(&words[3], &w[4], (length - 4) * sizeof(uint32_t));
	fe_emit_instruction(fe, words, length - 1);
}

void fe_emit_prologue(struct fe *fe)
{
	for (size_t i = 5; i < fe->word_count && !fe->failed;) {
		const uint32_t *w = &fe->words[i];
		uint32_t length = w[0] >> 16, op = w[0] & 0xffff;

		if (op == SpvOpFunction)
			break;
		if (op == SpvOpConstant || op == SpvOpConstantTrue || op == SpvOpConstantFalse ||
		    op == SpvOpConstantNull || op == SpvOpConstantComposite || op == SpvOpUndef)
			emit_constant(fe, w, length);
		else if (op == SpvOpSpecConstantOp)
			emit_spec_constant_op(fe, w, length);
		i += length;
	}
	/* A WorkgroupSize built-in constant overrides the LocalSize mode. */
	if (!fe->failed && fe->workgroup_size_id) {
		uint32_t count, *v = fe_value(fe, fe->workgroup_size_id, &count);

		for (uint32_t k = 0; v && k < 3 && k < count; k++) {
			const struct ir_instr *def = NULL;

			for (uint32_t j = 0; j < fe->ir->count; j++)
				if (fe->ir->ins[j].dst == v[k] && fe->ir->ins[j].op == IR_CONST)
					def = &fe->ir->ins[j];
			if (def)
				fe->ir->local_size[k] = def->imm;
		}
	}
	if (!fe->failed)
		fe_emit_shared_zero_init(fe);
	if (!fe->failed)
		fe_io_prologue(fe);
}

/* ---- arithmetic ---- */

uint32_t fe_result_leaves(struct fe *fe, const uint32_t *w, uint32_t **out)
{
	uint32_t leaves = fe_type(fe, w[1])->leaves;

	*out = fe_new_leaves(fe, w[2], w[1], leaves);
	return *out ? leaves : 0;
}

uint32_t fe_leaf(struct fe *fe, uint32_t id, uint32_t k)
{
	uint32_t count, *v = fe_value(fe, id, &count);

	if (!v)
		return IR_NONE;
	return v[count == 1 ? 0 : k % count];
}

enum sign { UNSIGNED, SIGNED };

struct int_op {
	uint32_t spv;
	enum ir_op ir;
	uint8_t srcs;
	bool sign_in;		/* operands read as signed */
	bool wrap;		/* result may leave the narrow range */
	bool swap;		/* operands swapped (a > b is b < a) */
	bool compare;		/* result is a bool */
};

static const struct int_op int_ops[] = {
	{ SpvOpIAdd, IR_IADD, 2, false, true, false, false },
	{ SpvOpISub, IR_ISUB, 2, false, true, false, false },
	{ SpvOpIMul, IR_IMUL, 2, false, true, false, false },
	{ SpvOpUDiv, IR_UDIV, 2, false, false, false, false },
	{ SpvOpSDiv, IR_IDIV, 2, true, true, false, false },
	{ SpvOpUMod, IR_UREM, 2, false, false, false, false },
	{ SpvOpSRem, IR_IREM, 2, true, true, false, false },
	{ SpvOpSNegate, IR_INEG, 1, false, true, false, false },
	{ SpvOpNot, IR_NOT, 1, false, true, false, false },
	{ SpvOpBitwiseAnd, IR_AND, 2, false, false, false, false },
	{ SpvOpBitwiseOr, IR_OR, 2, false, false, false, false },
	{ SpvOpBitwiseXor, IR_XOR, 2, false, false, false, false },
	{ SpvOpShiftLeftLogical, IR_SHL, 2, false, true, false, false },
	{ SpvOpShiftRightLogical, IR_USHR, 2, false, false, false, false },
	{ SpvOpShiftRightArithmetic, IR_ISHR, 2, true, true, false, false },
	{ SpvOpBitCount, IR_BITCOUNT, 1, false, false, false, false },
	{ SpvOpIEqual, IR_IEQ, 2, false, false, false, true },
	{ SpvOpINotEqual, IR_INE, 2, false, false, false, true },
	{ SpvOpULessThan, IR_ULT, 2, false, false, false, true },
	{ SpvOpULessThanEqual, IR_ULE, 2, false, false, false, true },
	{ SpvOpUGreaterThan, IR_ULT, 2, false, false, true, true },
	{ SpvOpUGreaterThanEqual, IR_ULE, 2, false, false, true, true },
	{ SpvOpSLessThan, IR_ILT, 2, true, false, false, true },
	{ SpvOpSLessThanEqual, IR_ILE, 2, true, false, false, true },
	{ SpvOpSGreaterThan, IR_ILT, 2, true, false, true, true },
	{ SpvOpSGreaterThanEqual, IR_ILE, 2, true, false, true, true },
	{ SpvOpLogicalAnd, IR_AND, 2, false, false, false, false },
	{ SpvOpLogicalOr, IR_OR, 2, false, false, false, false },
	{ SpvOpLogicalEqual, IR_IEQ, 2, false, false, false, true },
	{ SpvOpLogicalNotEqual, IR_XOR, 2, false, false, false, false },
	{ SpvOpFAdd, IR_FADD, 2, false, false, false, false },
	{ SpvOpFSub, IR_FSUB, 2, false, false, false, false },
	{ SpvOpFMul, IR_FMUL, 2, false, false, false, false },
	{ SpvOpFDiv, IR_FDIV, 2, false, false, false, false },
	{ SpvOpFNegate, IR_FNEG, 1, false, false, false, false },
	{ SpvOpFOrdEqual, IR_FEQ, 2, false, false, false, true },
	{ SpvOpFUnordNotEqual, IR_FNE, 2, false, false, false, true },
	{ SpvOpFOrdLessThan, IR_FLT, 2, false, false, false, true },
	{ SpvOpFOrdGreaterThan, IR_FLT, 2, false, false, true, true },
	{ SpvOpFOrdLessThanEqual, IR_FLE, 2, false, false, false, true },
	{ SpvOpFOrdGreaterThanEqual, IR_FLE, 2, false, false, true, true },
};

static const struct int_op *find_op(uint32_t op)
{
	for (size_t i = 0; i < sizeof(int_ops) / sizeof(int_ops[0]); i++)
		if (int_ops[i].spv == op)
			return &int_ops[i];
	return NULL;
}

bool fe_refuse_f16(struct fe *fe, uint32_t op, uint32_t type)
{
	if (fe_is_float(fe, type) && fe_type_width(fe, type) == 16) {
		fe_fail(fe, "%s on 16-bit floats is not supported (Float16 arithmetic)",
			fe_op_name(op));
		return true;
	}
	return false;
}

static void emit_table_op(struct fe *fe, const struct int_op *o, const uint32_t *w)
{
	uint32_t *out, n;
	uint32_t operand_type = fe->ids[w[3]].type;
	unsigned int width = fe_type_width(fe, operand_type);
	unsigned int bits = fe_bits(fe, operand_type);
	/*
	 * Half floats: computed in single precision and rounded back. For
	 * +, -, *, / single precision has more than twice the bits of half,
	 * so the double rounding gives the correctly rounded half result.
	 */
	bool half = fe_is_float(fe, operand_type) && width == 16;

	n = fe_result_leaves(fe, w, &out);
	for (uint32_t k = 0; k < n && !fe->failed; k++) {
		uint32_t a = fe_leaf(fe, w[3], k);
		uint32_t b = o->srcs > 1 ? fe_leaf(fe, w[4], k) : IR_NONE;
		uint32_t v;

		if (half) {
			a = ir_emit(fe->ir, IR_F162F, 32, a, 0, 0);
			if (b != IR_NONE)
				b = ir_emit(fe->ir, IR_F162F, 32, b, 0, 0);
		}
		if (o->sign_in) {
			a = fe_sign_extend(fe, a, width);
			if (b != IR_NONE && o->ir != IR_ISHR)
				b = fe_sign_extend(fe, b, width);
		}
		if (o->swap) {
			uint32_t t = a;

			a = b;
			b = t;
		}
		/* Shift amounts may be wider than 32 bits; the ISA reads 32. */
		if ((o->ir == IR_SHL || o->ir == IR_USHR || o->ir == IR_ISHR) &&
		    fe->ir->vals[b].bits == 64)
			b = ir_emit(fe->ir, IR_LO32, 32, b, IR_NONE, IR_NONE);
		v = ir_emit(fe->ir, o->ir, bits, a, b, IR_NONE);
		if (o->compare)
			fe->ir->vals[v].bits = 32;
		else if (half)
			v = ir_emit(fe->ir, IR_F2F16, 32, v, 0, 0);
		else if (o->wrap)
			v = fe_wrap(fe, v, width);
		fe->leaves[fe->ids[w[2]].first + k] = v;
	}
}

/* Float comparisons that need two IR compares. */
static void emit_float_compare(struct fe *fe, const uint32_t *w, uint32_t op)
{
	uint32_t *out, n = fe_result_leaves(fe, w, &out);

	for (uint32_t k = 0; k < n && !fe->failed; k++) {
		bool unary = op == SpvOpIsNan || op == SpvOpIsInf;
		uint32_t a = fe_leaf(fe, w[3], k), b = unary ? IR_NONE : fe_leaf(fe, w[4], k), v;

		if (fe_type_width(fe, fe->ids[w[3]].type) == 16) {
			a = ir_emit(fe->ir, IR_F162F, 32, a, 0, 0);
			if (!unary)
				b = ir_emit(fe->ir, IR_F162F, 32, b, 0, 0);
		}
		uint32_t one = ir_const(fe->ir, 32, 1);

		switch (op) {
		case SpvOpFOrdNotEqual:	/* a < b || b < a */
			v = ir_emit(fe->ir, IR_OR, 32, ir_emit(fe->ir, IR_FLT, 32, a, b, 0),
				    ir_emit(fe->ir, IR_FLT, 32, b, a, 0), 0);
			break;
		case SpvOpFUnordEqual:	/* !(a < b || b < a) */
			v = ir_emit(fe->ir, IR_OR, 32, ir_emit(fe->ir, IR_FLT, 32, a, b, 0),
				    ir_emit(fe->ir, IR_FLT, 32, b, a, 0), 0);
			v = ir_emit(fe->ir, IR_XOR, 32, v, one, 0);
			break;
		case SpvOpFUnordLessThan:	/* !(a >= b) */
			v = ir_emit(fe->ir, IR_XOR, 32, ir_emit(fe->ir, IR_FLE, 32, b, a, 0), one, 0);
			break;
		case SpvOpFUnordGreaterThan:
			v = ir_emit(fe->ir, IR_XOR, 32, ir_emit(fe->ir, IR_FLE, 32, a, b, 0), one, 0);
			break;
		case SpvOpFUnordLessThanEqual:
			v = ir_emit(fe->ir, IR_XOR, 32, ir_emit(fe->ir, IR_FLT, 32, b, a, 0), one, 0);
			break;
		case SpvOpFUnordGreaterThanEqual:
			v = ir_emit(fe->ir, IR_XOR, 32, ir_emit(fe->ir, IR_FLT, 32, a, b, 0), one, 0);
			break;
		case SpvOpIsNan:
			v = ir_emit(fe->ir, IR_FUNORD, 32, a, a, 0);
			break;
		case SpvOpIsInf:
			v = ir_emit(fe->ir, IR_FEQ, 32, ir_emit(fe->ir, IR_FABS, 32, a, 0, 0),
				    ir_const(fe->ir, 32, 0x7f800000), 0);
			break;
		default:
			v = IR_NONE;
			break;
		}
		fe->leaves[fe->ids[w[2]].first + k] = v;
	}
}

/* ---- conversions ---- */

static uint32_t convert(struct fe *fe, uint32_t op, uint32_t v, uint32_t from_type, uint32_t to_type)
{
	unsigned int from = fe_type_width(fe, from_type), to = fe_type_width(fe, to_type);
	struct ir_shader *ir = fe->ir;

	switch (op) {
	case SpvOpConvertFToU:
	case SpvOpConvertFToS: {
		enum ir_op o = op == SpvOpConvertFToU ? IR_F2U : IR_F2I;

		if (from == 16)
			v = ir_emit(ir, IR_F162F, 32, v, 0, 0);
		v = ir_emit(ir, o, to == 64 ? 64 : 32, v, 0, 0);
		return fe_wrap(fe, v, to);
	}
	case SpvOpConvertSToF:
	case SpvOpConvertUToF: {
		uint32_t r;

		if (op == SpvOpConvertSToF)
			v = fe_sign_extend(fe, v, from);
		r = ir_emit(ir, op == SpvOpConvertSToF ? IR_I2F : IR_U2F, 32, v, 0, 0);
		ir->ins[ir->count - 1].aux = from == 64 ? 64 : 32;
		if (to == 16)
			r = ir_emit(ir, IR_F2F16, 32, r, 0, 0);
		return r;
	}
	case SpvOpUConvert:
		if (from == 64 && to < 64)
			return fe_wrap(fe, ir_emit(ir, IR_LO32, 32, v, 0, 0), to);
		if (from < 64 && to == 64)
			return ir_emit(ir, IR_ZEXT, 64, v, 0, 0);
		return fe_wrap(fe, v, to);
	case SpvOpSConvert:
		if (from == 64 && to < 64)
			return fe_wrap(fe, ir_emit(ir, IR_LO32, 32, v, 0, 0), to);
		v = fe_sign_extend(fe, v, from);
		if (to == 64)
			return ir_emit(ir, IR_SEXT, 64, v, 0, 0);
		return fe_wrap(fe, v, to);
	case SpvOpFConvert:
		if (from == 16 && to == 32)
			return ir_emit(ir, IR_F162F, 32, v, 0, 0);
		if (from == 32 && to == 16)
			return ir_emit(ir, IR_F2F16, 32, v, 0, 0);
		return v;
	case SpvOpQuantizeToF16:
		return ir_emit(ir, IR_F162F, 32, ir_emit(ir, IR_F2F16, 32, v, 0, 0), 0, 0);
	default:
		return v;
	}
}

static void emit_convert(struct fe *fe, const uint32_t *w, uint32_t op)
{
	uint32_t *out, n = fe_result_leaves(fe, w, &out);
	uint32_t from_type = fe_scalar_type(fe, fe->ids[w[3]].type);
	uint32_t to_type = fe_scalar_type(fe, w[1]);

	for (uint32_t k = 0; k < n && !fe->failed; k++) {
		uint32_t v = convert(fe, op, fe_leaf(fe, w[3], k), from_type, to_type);

		fe->leaves[fe->ids[w[2]].first + k] = v;
	}
}

/*
 * OpBitcast: the same bits seen as another type, possibly with another
 * leaf count (u64 <-> uvec2, u8vec4 <-> uint, int16 <-> uint16). The
 * source is cut into 8-bit pieces (or 32-bit words when both sides are
 * 32/64-bit) and regrouped.
 */
static void emit_bitcast(struct fe *fe, const uint32_t *w)
{
	uint32_t from_count, *out;
	uint32_t to_count = fe_type(fe, w[1])->leaves;
	uint32_t from_bits = fe_type_width(fe, fe->ids[w[3]].type);
	uint32_t to_bits = fe_type_width(fe, w[1]);
	uint32_t piece = from_bits < 32 || to_bits < 32 ? 8 : 32;
	uint32_t parts[32], count = 0;
	struct ir_shader *ir = fe->ir;

	if (!fe_value(fe, w[3], &from_count))
		return;
	if (from_count * from_bits != to_count * to_bits || from_count * from_bits > 256)
		return fe_fail(fe, "OpBitcast between %u x %u-bit and %u x %u-bit values",
			       from_count, from_bits, to_count, to_bits);
	for (uint32_t k = 0; k < from_count; k++) {
		uint32_t v = fe_value(fe, w[3], &from_count)[k];

		for (uint32_t at = 0; at < from_bits; at += piece) {
			uint32_t word = from_bits == 64 ?
				ir_emit(ir, at < 32 ? IR_LO32 : IR_HI32, 32, v, 0, 0) : v;

			if (piece < 32)
				word = ir_emit(ir, IR_UBFE, 32, word, ir_const(ir, 32, at % 32),
					       ir_const(ir, 32, piece));
			parts[count++] = word;
		}
	}
	out = fe_new_leaves(fe, w[2], w[1], to_count);
	for (uint32_t k = 0, at = 0; out && k < to_count; k++) {
		uint32_t words[2] = { 0, 0 };

		for (uint32_t b = 0; b < to_bits; b += piece, at++) {
			uint32_t shifted = piece < 32 && b % 32 ?
				ir_emit(ir, IR_SHL, 32, parts[at], ir_const(ir, 32, b % 32), 0) :
				parts[at];

			words[b / 32] = b % 32 ? ir_emit(ir, IR_OR, 32, words[b / 32], shifted, 0) :
				       shifted;
		}
		fe->leaves[fe->ids[w[2]].first + k] = to_bits == 64 ?
			ir_emit(ir, IR_PACK64, 64, words[0], words[1], 0) : words[0];
	}
}

/* ---- composites ---- */

/* Leaf index and type reached by literal @indices into @type. */
static uint32_t leaf_offset(struct fe *fe, uint32_t type, const uint32_t *indices,
			    uint32_t count, uint32_t *out_type)
{
	uint32_t at = 0;

	for (uint32_t i = 0; i < count; i++) {
		const struct fe_type *t = fe_type(fe, type);

		if (t->op == SpvOpTypeStruct) {
			if (indices[i] >= t->count)
				break;
			for (uint32_t m = 0; m < indices[i]; m++)
				at += fe_type(fe, t->members[m].type)->leaves;
			type = t->members[indices[i]].type;
		} else {
			if (indices[i] >= t->count)
				break;
			at += indices[i] * fe_type(fe, t->elem)->leaves;
			type = t->elem;
		}
	}
	*out_type = type;
	return at;
}

static void copy_leaves(struct fe *fe, uint32_t dst_id, uint32_t type, uint32_t src_id,
			uint32_t first, uint32_t count)
{
	uint32_t *out = fe_new_leaves(fe, dst_id, type, count), src_count, *src;

	if (!out)
		return;
	src = fe_value(fe, src_id, &src_count);
	if (!src || first + count > src_count)
		return fe_fail(fe, "composite access out of range (id %u)", dst_id);
	memcpy(out, src + first, count * sizeof(uint32_t));
}

static void emit_composite(struct fe *fe, const uint32_t *w, uint32_t length, uint32_t op)
{
	switch (op) {
	case SpvOpCompositeConstruct: {
		uint32_t *out, n = fe_result_leaves(fe, w, &out), at = 0;

		for (uint32_t k = 3; k < length && out && !fe->failed; k++) {
			uint32_t count, *part = fe_value(fe, w[k], &count);

			if (!part || at + count > n)
				return fe_fail(fe, "OpCompositeConstruct: constituents do not match the type");
			memcpy(&fe->leaves[fe->ids[w[2]].first + at], part, count * sizeof(uint32_t));
			at += count;
		}
		break;
	}
	case SpvOpCompositeExtract: {
		uint32_t type, first = leaf_offset(fe, fe->ids[w[3]].type, &w[4], length - 4, &type);

		copy_leaves(fe, w[2], type, w[3], first, fe_type(fe, type)->leaves);
		break;
	}
	case SpvOpCompositeInsert: {
		uint32_t type, first = leaf_offset(fe, w[1], &w[5], length - 5, &type);
		uint32_t n = fe_type(fe, type)->leaves, count, *part;

		copy_leaves(fe, w[2], w[1], w[4], 0, fe_type(fe, w[1])->leaves);
		part = fe_value(fe, w[3], &count);
		if (!part || count != n || fe->failed)
			return;
		memcpy(&fe->leaves[fe->ids[w[2]].first + first], fe_value(fe, w[3], &count),
		       n * sizeof(uint32_t));
		break;
	}
	case SpvOpVectorShuffle: {
		uint32_t *out, n = fe_result_leaves(fe, w, &out), a_count, b_count;

		fe_value(fe, w[3], &a_count);
		fe_value(fe, w[4], &b_count);
		for (uint32_t k = 0; k < n && !fe->failed; k++) {
			uint32_t sel = w[5 + k], v;

			if (sel == 0xffffffffu)
				v = ir_emit(fe->ir, IR_UNDEF, 32, 0, 0, 0);
			else if (sel < a_count)
				v = fe_value(fe, w[3], &a_count)[sel];
			else if (sel - a_count < b_count)
				v = fe_value(fe, w[4], &b_count)[sel - a_count];
			else
				return fe_fail(fe, "OpVectorShuffle: component %u out of range", sel);
			fe->leaves[fe->ids[w[2]].first + k] = v;
		}
		break;
	}
	case SpvOpVectorExtractDynamic: {
		uint32_t count, index = fe_scalar(fe, w[4]), *out;
		unsigned int ibits = fe->ir->vals[index].bits;
		uint32_t v;

		fe_value(fe, w[3], &count);
		v = count ? fe_value(fe, w[3], &count)[0] : IR_NONE;
		for (uint32_t k = 1; k < count && !fe->failed; k++) {
			uint32_t is_k = ir_emit(fe->ir, IR_IEQ, ibits, index,
						ir_const(fe->ir, ibits, k), 0);

			fe->ir->vals[is_k].bits = 32;
			v = ir_emit(fe->ir, IR_SELECT, fe->ir->vals[v].bits, is_k,
				    fe_value(fe, w[3], &count)[k], v);
		}
		out = fe_new_leaves(fe, w[2], w[1], 1);
		if (out)
			out[0] = v;
		break;
	}
	case SpvOpVectorInsertDynamic: {
		uint32_t count, index = fe_scalar(fe, w[5]);
		unsigned int ibits = fe->ir->vals[index].bits;

		copy_leaves(fe, w[2], w[1], w[3], 0, fe_type(fe, w[1])->leaves);
		count = fe->ids[w[2]].count;
		for (uint32_t k = 0; k < count && !fe->failed; k++) {
			uint32_t is_k = ir_emit(fe->ir, IR_IEQ, ibits, index,
						ir_const(fe->ir, ibits, k), 0);
			uint32_t old = fe->leaves[fe->ids[w[2]].first + k];

			fe->ir->vals[is_k].bits = 32;
			fe->leaves[fe->ids[w[2]].first + k] =
				ir_emit(fe->ir, IR_SELECT, fe->ir->vals[old].bits, is_k,
					fe_scalar(fe, w[4]), old);
		}
		break;
	}
	case SpvOpCopyObject:
	case SpvOpCopyLogical:
		copy_leaves(fe, w[2], w[1], w[3], 0, fe_type(fe, w[1])->leaves);
		break;
	default:
		break;
	}
}

/* ---- float vector/matrix algebra ---- */

static uint32_t fmul(struct fe *fe, uint32_t a, uint32_t b)
{
	return ir_emit(fe->ir, IR_FMUL, 32, a, b, 0);
}

static uint32_t ffma(struct fe *fe, uint32_t a, uint32_t b, uint32_t c)
{
	return ir_emit(fe->ir, IR_FFMA, 32, a, b, c);
}

static void emit_algebra(struct fe *fe, const uint32_t *w, uint32_t op)
{
	uint32_t *out, n;

	if (fe_refuse_f16(fe, op, w[1]))
		return;
	n = fe_result_leaves(fe, w, &out);
	if (!n)
		return;
	switch (op) {
	case SpvOpVectorTimesScalar:
	case SpvOpMatrixTimesScalar:
		for (uint32_t k = 0; k < n; k++)
			fe->leaves[fe->ids[w[2]].first + k] =
				fmul(fe, fe_leaf(fe, w[3], k), fe_leaf(fe, w[4], 0));
		break;
	case SpvOpDot: {
		const struct fe_type *t = fe_type(fe, fe->ids[w[3]].type);
		uint32_t sum = fmul(fe, fe_leaf(fe, w[3], 0), fe_leaf(fe, w[4], 0));

		for (uint32_t k = 1; k < t->count; k++)
			sum = ffma(fe, fe_leaf(fe, w[3], k), fe_leaf(fe, w[4], k), sum);
		fe->leaves[fe->ids[w[2]].first] = sum;
		break;
	}
	case SpvOpMatrixTimesVector: {
		/* m (cols x rows) * v (cols) = rows: r[i] = sum_j m[j][i] v[j] */
		const struct fe_type *m = fe_type(fe, fe->ids[w[3]].type);
		uint32_t rows = fe_type(fe, m->elem)->count;

		for (uint32_t i = 0; i < rows; i++) {
			uint32_t sum = fmul(fe, fe_leaf(fe, w[3], i), fe_leaf(fe, w[4], 0));

			for (uint32_t j = 1; j < m->count; j++)
				sum = ffma(fe, fe_leaf(fe, w[3], j * rows + i), fe_leaf(fe, w[4], j), sum);
			fe->leaves[fe->ids[w[2]].first + i] = sum;
		}
		break;
	}
	case SpvOpVectorTimesMatrix: {
		/* v (rows) * m = cols: r[j] = dot(v, m[j]) */
		const struct fe_type *m = fe_type(fe, fe->ids[w[4]].type);
		uint32_t rows = fe_type(fe, m->elem)->count;

		for (uint32_t j = 0; j < m->count; j++) {
			uint32_t sum = fmul(fe, fe_leaf(fe, w[3], 0), fe_leaf(fe, w[4], j * rows));

			for (uint32_t i = 1; i < rows; i++)
				sum = ffma(fe, fe_leaf(fe, w[3], i), fe_leaf(fe, w[4], j * rows + i), sum);
			fe->leaves[fe->ids[w[2]].first + j] = sum;
		}
		break;
	}
	case SpvOpMatrixTimesMatrix: {
		const struct fe_type *a = fe_type(fe, fe->ids[w[3]].type);
		const struct fe_type *b = fe_type(fe, fe->ids[w[4]].type);
		uint32_t rows = fe_type(fe, a->elem)->count, inner = a->count;

		for (uint32_t j = 0; j < b->count; j++)
			for (uint32_t i = 0; i < rows; i++) {
				uint32_t sum = fmul(fe, fe_leaf(fe, w[3], i), fe_leaf(fe, w[4], j * inner));

				for (uint32_t k = 1; k < inner; k++)
					sum = ffma(fe, fe_leaf(fe, w[3], k * rows + i),
						   fe_leaf(fe, w[4], j * inner + k), sum);
				fe->leaves[fe->ids[w[2]].first + j * rows + i] = sum;
			}
		break;
	}
	case SpvOpOuterProduct: {
		uint32_t rows = fe->ids[w[3]].count, cols = fe->ids[w[4]].count;

		for (uint32_t j = 0; j < cols; j++)
			for (uint32_t i = 0; i < rows; i++)
				fe->leaves[fe->ids[w[2]].first + j * rows + i] =
					fmul(fe, fe_leaf(fe, w[3], i), fe_leaf(fe, w[4], j));
		break;
	}
	case SpvOpTranspose: {
		const struct fe_type *m = fe_type(fe, w[1]);
		uint32_t rows = fe_type(fe, m->elem)->count, cols = m->count;

		/* result is cols x rows of the source's rows x cols */
		for (uint32_t j = 0; j < cols; j++)
			for (uint32_t i = 0; i < rows; i++)
				fe->leaves[fe->ids[w[2]].first + j * rows + i] =
					fe_leaf(fe, w[3], i * cols + j);
		break;
	}
	default:
		break;
	}
}

/* ---- extended arithmetic returning structs ---- */

static void emit_extended(struct fe *fe, const uint32_t *w, uint32_t op)
{
	uint32_t *out, n = fe_result_leaves(fe, w, &out), half = n / 2;
	unsigned int bits = fe_bits(fe, fe->ids[w[3]].type);

	if (fe_type_width(fe, fe->ids[w[3]].type) < 32)
		return fe_fail(fe, "%s on narrow integers is not supported", fe_op_name(op));
	for (uint32_t k = 0; k < half && !fe->failed; k++) {
		uint32_t a = fe_leaf(fe, w[3], k), b = fe_leaf(fe, w[4], k), lo, hi;

		switch (op) {
		case SpvOpIAddCarry:
			lo = ir_emit(fe->ir, IR_IADD, bits, a, b, 0);
			hi = ir_emit(fe->ir, IR_ULT, bits, lo, a, 0);
			fe->ir->vals[hi].bits = 32;
			if (bits == 64)
				hi = ir_emit(fe->ir, IR_ZEXT, 64, hi, 0, 0);
			break;
		case SpvOpISubBorrow:
			lo = ir_emit(fe->ir, IR_ISUB, bits, a, b, 0);
			hi = ir_emit(fe->ir, IR_ULT, bits, a, b, 0);
			fe->ir->vals[hi].bits = 32;
			if (bits == 64)
				hi = ir_emit(fe->ir, IR_ZEXT, 64, hi, 0, 0);
			break;
		case SpvOpUMulExtended:
			lo = ir_emit(fe->ir, IR_IMUL, bits, a, b, 0);
			hi = ir_emit(fe->ir, IR_UMULHI, bits, a, b, 0);
			break;
		default:	/* SpvOpSMulExtended */
			lo = ir_emit(fe->ir, IR_IMUL, bits, a, b, 0);
			hi = ir_emit(fe->ir, IR_IMULHI, bits, a, b, 0);
			break;
		}
		fe->leaves[fe->ids[w[2]].first + k] = lo;
		fe->leaves[fe->ids[w[2]].first + half + k] = hi;
	}
}

static void emit_bitfield(struct fe *fe, const uint32_t *w, uint32_t op)
{
	uint32_t *out, n = fe_result_leaves(fe, w, &out);
	unsigned int width = fe_type_width(fe, w[1]), bits = fe_bits(fe, w[1]);

	for (uint32_t k = 0; k < n && !fe->failed; k++) {
		uint32_t v;

		switch (op) {
		case SpvOpBitFieldInsert: {
			struct ir_instr *in;

			v = ir_new_value(fe->ir, bits);
			in = ir_append(fe->ir, IR_BFI, bits);
			in->dst = v;
			in->src[0] = fe_leaf(fe, w[3], k);
			in->src[1] = fe_leaf(fe, w[4], k);
			in->src[2] = fe_leaf(fe, w[5], 0);
			in->src[3] = fe_leaf(fe, w[6], 0);
			break;
		}
		case SpvOpBitFieldSExtract:
			v = ir_emit(fe->ir, IR_IBFE, bits, fe_sign_extend(fe, fe_leaf(fe, w[3], k), width),
				    fe_leaf(fe, w[4], 0), fe_leaf(fe, w[5], 0));
			v = fe_wrap(fe, v, width);
			break;
		case SpvOpBitFieldUExtract:
			v = ir_emit(fe->ir, IR_UBFE, bits, fe_leaf(fe, w[3], k), fe_leaf(fe, w[4], 0),
				    fe_leaf(fe, w[5], 0));
			break;
		default:	/* SpvOpBitReverse */
			v = ir_emit(fe->ir, IR_BITREV, bits, fe_leaf(fe, w[3], k), 0, 0);
			if (width < 32)
				v = ir_emit(fe->ir, IR_USHR, 32, v, ir_const(fe->ir, 32, 32 - width), 0);
			break;
		}
		fe->leaves[fe->ids[w[2]].first + k] = v;
	}
}

static void emit_misc(struct fe *fe, const uint32_t *w, uint32_t op)
{
	uint32_t *out, n = fe_result_leaves(fe, w, &out);

	for (uint32_t k = 0; k < n && !fe->failed; k++) {
		uint32_t v = IR_NONE;

		switch (op) {
		case SpvOpLogicalNot:
			v = ir_emit(fe->ir, IR_XOR, 32, fe_leaf(fe, w[3], k), ir_const(fe->ir, 32, 1), 0);
			break;
		case SpvOpSelect: {
			uint32_t cond = fe_leaf(fe, w[3], k), a = fe_leaf(fe, w[4], k);

			v = ir_emit(fe->ir, IR_SELECT, fe->ir->vals[a].bits, cond, a, fe_leaf(fe, w[5], k));
			break;
		}
		case SpvOpAny:
		case SpvOpAll: {
			uint32_t count;

			fe_value(fe, w[3], &count);
			v = fe_leaf(fe, w[3], 0);
			for (uint32_t c = 1; c < count; c++)
				v = ir_emit(fe->ir, op == SpvOpAny ? IR_OR : IR_AND, 32, v,
					    fe_leaf(fe, w[3], c), 0);
			break;
		}
		case SpvOpSMod: {
			unsigned int width = fe_type_width(fe, w[1]), bits = fe_bits(fe, w[1]);
			uint32_t a = fe_sign_extend(fe, fe_leaf(fe, w[3], k), width);
			uint32_t b = fe_sign_extend(fe, fe_leaf(fe, w[4], k), width);

			v = fe_wrap(fe, ir_emit(fe->ir, IR_IMOD, bits, a, b, 0), width);
			break;
		}
		case SpvOpFRem:
		case SpvOpFMod:
			if (fe_refuse_f16(fe, op, w[1]))
				return;
			v = ir_emit(fe->ir, op == SpvOpFRem ? IR_FREM : IR_FMOD, 32,
				    fe_leaf(fe, w[3], k), fe_leaf(fe, w[4], k), 0);
			break;
		default:
			break;
		}
		fe->leaves[fe->ids[w[2]].first + k] = v;
	}
}

void fe_emit_instruction(struct fe *fe, const uint32_t *w, uint32_t length)
{
	uint32_t op = w[0] & 0xffff;
	const struct int_op *table = find_op(op);

	if (table) {
		if (length < 4u + table->srcs - 1)
			return fe_fail(fe, "%s: truncated", fe_op_name(op));
		return emit_table_op(fe, table, w);
	}
	switch (op) {
	case SpvOpNop:
	case SpvOpName: case SpvOpMemberName: case SpvOpString: case SpvOpSource:
	case SpvOpLine: case SpvOpNoLine: case SpvOpModuleProcessed:
		break;
	case SpvOpUndef: {
		uint32_t leaves = fe_type(fe, w[1])->leaves, *types = calloc(leaves ? leaves : 1, 4);

		if (types && fe_new_leaves(fe, w[2], w[1], leaves)) {
			fe_leaf_types(fe, w[1], types);
			for (uint32_t k = 0; k < leaves; k++)
				fe->leaves[fe->ids[w[2]].first + k] =
					ir_emit(fe->ir, IR_UNDEF, fe_bits(fe, types[k]), 0, 0, 0);
		}
		free(types);
		break;
	}
	case SpvOpFOrdNotEqual: case SpvOpFUnordEqual: case SpvOpFUnordLessThan:
	case SpvOpFUnordGreaterThan: case SpvOpFUnordLessThanEqual:
	case SpvOpFUnordGreaterThanEqual: case SpvOpIsNan: case SpvOpIsInf:
		emit_float_compare(fe, w, op);
		break;
	case SpvOpConvertFToU: case SpvOpConvertFToS: case SpvOpConvertSToF:
	case SpvOpConvertUToF: case SpvOpUConvert: case SpvOpSConvert:
	case SpvOpFConvert: case SpvOpQuantizeToF16:
		emit_convert(fe, w, op);
		break;
	case SpvOpBitcast:
		emit_bitcast(fe, w);
		break;
	case SpvOpCompositeConstruct: case SpvOpCompositeExtract: case SpvOpCompositeInsert:
	case SpvOpVectorShuffle: case SpvOpVectorExtractDynamic: case SpvOpVectorInsertDynamic:
	case SpvOpCopyObject: case SpvOpCopyLogical:
		if (w[3] < fe->bound && fe->ids[w[3]].kind == FE_HANDLE) {
			fe_copy_handle(fe, w[2], w[3]);
		} else if (w[3] < fe->bound && fe->ids[w[3]].kind == FE_POINTER) {
			const struct fe_pointer copy = *fe_pointer(fe, w[3]);

			fe_set_pointer(fe, w[2], w[1], &copy);
		} else {
			emit_composite(fe, w, length, op);
		}
		break;
	case SpvOpVectorTimesScalar: case SpvOpMatrixTimesScalar: case SpvOpDot:
	case SpvOpMatrixTimesVector: case SpvOpVectorTimesMatrix: case SpvOpMatrixTimesMatrix:
	case SpvOpOuterProduct: case SpvOpTranspose:
		emit_algebra(fe, w, op);
		break;
	case SpvOpIAddCarry: case SpvOpISubBorrow: case SpvOpUMulExtended: case SpvOpSMulExtended:
		emit_extended(fe, w, op);
		break;
	case SpvOpBitFieldInsert: case SpvOpBitFieldSExtract: case SpvOpBitFieldUExtract:
	case SpvOpBitReverse:
		emit_bitfield(fe, w, op);
		break;
	case SpvOpLogicalNot: case SpvOpSelect: case SpvOpAny: case SpvOpAll:
	case SpvOpSMod: case SpvOpFRem: case SpvOpFMod:
		emit_misc(fe, w, op);
		break;
	case SpvOpSDot: case SpvOpUDot: case SpvOpSUDot:
	case SpvOpSDotAccSat: case SpvOpUDotAccSat: case SpvOpSUDotAccSat:
		fe_emit_dot(fe, w, length);
		break;
	case SpvOpVariable: case SpvOpLoad: case SpvOpStore: case SpvOpAccessChain:
	case SpvOpInBoundsAccessChain: case SpvOpCopyMemory: case SpvOpArrayLength:
	case SpvOpPtrAccessChain: case SpvOpInBoundsPtrAccessChain:
	case SpvOpConvertUToPtr: case SpvOpConvertPtrToU:
	case SpvOpAtomicLoad: case SpvOpAtomicStore: case SpvOpAtomicExchange:
	case SpvOpAtomicCompareExchange: case SpvOpAtomicIIncrement: case SpvOpAtomicIDecrement:
	case SpvOpAtomicIAdd: case SpvOpAtomicISub: case SpvOpAtomicSMin: case SpvOpAtomicUMin:
	case SpvOpAtomicSMax: case SpvOpAtomicUMax: case SpvOpAtomicAnd: case SpvOpAtomicOr:
	case SpvOpAtomicXor: case SpvOpAtomicFAddEXT:
	case SpvOpControlBarrier: case SpvOpMemoryBarrier:
		fe_emit_memory(fe, w, length);
		break;
	case SpvOpSampledImage: case SpvOpImage:
	case SpvOpImageSampleExplicitLod: case SpvOpImageSampleDrefExplicitLod:
	case SpvOpImageGather: case SpvOpImageDrefGather: case SpvOpImageFetch:
	case SpvOpImageRead: case SpvOpImageWrite: case SpvOpImageQuerySize:
	case SpvOpImageQuerySizeLod: case SpvOpImageQueryLevels: case SpvOpImageQuerySamples:
	case SpvOpImageTexelPointer: case SpvOpImageSampleImplicitLod:
	case SpvOpImageSampleDrefImplicitLod: case SpvOpImageSampleProjImplicitLod:
	case SpvOpImageSampleProjDrefImplicitLod: case SpvOpImageQueryLod:
		fe_emit_image(fe, w, length);
		break;
	case SpvOpDPdx: case SpvOpDPdy: case SpvOpFwidth: case SpvOpDPdxFine:
	case SpvOpDPdyFine: case SpvOpFwidthFine: case SpvOpDPdxCoarse: case SpvOpDPdyCoarse:
	case SpvOpFwidthCoarse: case SpvOpDemoteToHelperInvocation:
	case SpvOpIsHelperInvocationEXT:
		fe_emit_fragment(fe, w, length);
		break;
	case SpvOpExtInst:
		if (w[3] == fe->glsl_set && fe->glsl_set)
			fe_emit_glsl(fe, w, length);
		else if (w[3] >= fe->bound || fe->ids[w[3]].kind != FE_EXTINST_SET)
			fe_fail(fe, "OpExtInst with an unknown instruction set");
		/* NonSemantic.* instructions have no effect by definition. */
		break;
	default:
		if (op >= SpvOpGroupNonUniformElect && op <= SpvOpGroupNonUniformQuadSwap)
			fe_emit_subgroup(fe, w, length);
		else
			fe_fail(fe, "%s is not supported", fe_op_name(op));
		break;
	}
}
