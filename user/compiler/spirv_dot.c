/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Integer dot products (SPV_KHR_integer_dot_product)
 *
 * OpSDot, OpUDot, OpSUDot and their AccSat forms (Vulkan 1.3's
 * shaderIntegerDotProduct) are lowered to the ISA's integer multiply and
 * add; the device has no dot-product instruction, which is why every
 * "...Accelerated" property of VkPhysicalDeviceShaderIntegerDotProduct-
 * Properties is false.
 *
 * The operands are vectors of integers of any width, or 32-bit scalars
 * holding four 8-bit components (PackedVectorFormat4x8Bit, component 0 in
 * the low byte). Every component is sign-extended (the signed operands:
 * both of SDot, the first of SUDot) or zero-extended to the result's
 * width, multiplied, and the products summed at that width. The
 * specification leaves a product or partial sum that overflows the result
 * type undefined, so the sum simply wraps. The AccSat forms then add the
 * accumulator with saturation at the result's width, signed for SDot and
 * SUDot, unsigned for UDot: that final addition is exact.
 *
 * Narrow (8/16-bit) values live zero-extended in 32-bit registers
 * (fe_wrap), so a narrow sum is computed in 32 bits and wrapped, and a
 * narrow saturating add is exact in 32 bits before clamping.
 */

#include "spirv_in.h"

/* One input component widened to @bits (32 or 64) with its signedness. */
static uint32_t widen(struct fe *fe, uint32_t value, unsigned int width, bool is_signed,
		      unsigned int bits)
{
	if (width == 64)
		return value;
	if (is_signed)
		value = fe_sign_extend(fe, value, width);
	if (bits == 64)
		value = ir_emit(fe->ir, is_signed ? IR_SEXT : IR_ZEXT, 64, value, 0, 0);
	return value;
}

/*
 * Component @k of dot-product operand @id: a vector's leaf, or byte @k of
 * a packed 4x8-bit scalar. Returns the IR value and its width in bits.
 */
static uint32_t component(struct fe *fe, uint32_t id, bool packed, uint32_t k,
			  unsigned int *width)
{
	uint32_t leaf = fe_leaf(fe, id, packed ? 0 : k);

	if (!packed) {
		*width = fe_type_width(fe, fe->ids[id].type);
		return leaf;
	}
	*width = 8;
	return ir_emit(fe->ir, IR_UBFE, 32, leaf, ir_const(fe->ir, 32, 8 * k),
		       ir_const(fe->ir, 32, 8));
}

/* A comparison of two @bits-wide operands; its result is a 32-bit boolean. */
static uint32_t compare(struct fe *fe, enum ir_op op, unsigned int bits, uint32_t a, uint32_t b)
{
	uint32_t v = ir_emit(fe->ir, op, bits, a, b, 0);

	fe->ir->vals[v].bits = 32;
	return v;
}

/*
 * @a + @b saturated to the range of a @width-bit integer; @a and @b are
 * extended (per @is_signed) to @bits, the IR width.
 */
static uint32_t add_sat(struct fe *fe, uint32_t a, uint32_t b, unsigned int width,
			bool is_signed, unsigned int bits)
{
	struct ir_shader *ir = fe->ir;
	uint32_t sum = ir_emit(ir, IR_IADD, bits, a, b, 0);

	if (width < 32) {
		/* Exact in 32 bits: clamp, then back to the narrow representation. */
		if (is_signed) {
			uint32_t max = ir_const(ir, 32, (1u << (width - 1)) - 1);
			uint32_t min = ir_const(ir, 32, (uint32_t)-(1 << (width - 1)));

			sum = ir_emit(ir, IR_IMIN, 32, sum, max, 0);
			sum = ir_emit(ir, IR_IMAX, 32, sum, min, 0);
		} else {
			sum = ir_emit(ir, IR_UMIN, 32, sum,
				      ir_const(ir, 32, (1u << width) - 1), 0);
		}
		return fe_wrap(fe, sum, width);
	}
	if (!is_signed) {
		/* Unsigned overflow wrapped around below either operand. */
		uint32_t wrapped = compare(fe, IR_ULT, bits, sum, a);

		return ir_emit(ir, IR_SELECT, bits, wrapped, ir_const(ir, bits, ~0ull), sum);
	}
	/* Signed overflow: the sum's sign differs from both operands' signs. */
	uint32_t zero = ir_const(ir, bits, 0);
	uint32_t flips = ir_emit(ir, IR_AND, bits, ir_emit(ir, IR_XOR, bits, sum, a, 0),
				 ir_emit(ir, IR_XOR, bits, sum, b, 0), 0);
	uint32_t overflow = compare(fe, IR_ILT, bits, flips, zero);
	uint64_t max = bits == 64 ? INT64_MAX : INT32_MAX;
	uint32_t limit = ir_emit(ir, IR_SELECT, bits, compare(fe, IR_ILT, bits, a, zero),
				 ir_const(ir, bits, max + 1), ir_const(ir, bits, max));

	return ir_emit(ir, IR_SELECT, bits, overflow, limit, sum);
}

void fe_emit_dot(struct fe *fe, const uint32_t *w, uint32_t length)
{
	uint32_t op = w[0] & 0xffff, *out;
	bool acc_sat = op == SpvOpSDotAccSat || op == SpvOpUDotAccSat || op == SpvOpSUDotAccSat;
	bool a_signed = op == SpvOpSDot || op == SpvOpSDotAccSat || op == SpvOpSUDot ||
			op == SpvOpSUDotAccSat;
	bool b_signed = op == SpvOpSDot || op == SpvOpSDotAccSat;
	uint32_t operands = acc_sat ? 6 : 5;	/* words up to the optional packed format */
	unsigned int width = fe_type_width(fe, w[1]), bits = fe_bits(fe, w[1]);
	const struct fe_type *in_type;
	uint32_t count, sum = IR_NONE;
	bool packed;

	if (length < operands)
		return fe_fail(fe, "%s: truncated", fe_op_name(op));
	in_type = fe_type(fe, fe->ids[w[3]].type);
	packed = in_type->op != SpvOpTypeVector;
	if (packed && (length <= operands || w[operands] != SpvPackedVectorFormatPackedVectorFormat4x8Bit ||
		       in_type->op != SpvOpTypeInt || in_type->width != 32))
		return fe_fail(fe, "%s: scalar operands must be 32-bit integers in "
			       "PackedVectorFormat4x8Bit", fe_op_name(op));
	if (!fe_value(fe, w[3], &count) || !fe_value(fe, w[4], &count))
		return;
	if (packed)
		count = 4;
	if (fe_result_leaves(fe, w, &out) != 1)
		return fe_fail(fe, "%s: the result must be a scalar integer", fe_op_name(op));

	for (uint32_t k = 0; k < count && !fe->failed; k++) {
		unsigned int a_width, b_width;
		uint32_t a = component(fe, w[3], packed, k, &a_width);
		uint32_t b = component(fe, w[4], packed, k, &b_width);
		uint32_t product;

		if (a_width > width || b_width > width)
			return fe_fail(fe, "%s: components wider than the result", fe_op_name(op));
		product = ir_emit(fe->ir, IR_IMUL, bits, widen(fe, a, a_width, a_signed, bits),
				  widen(fe, b, b_width, b_signed, bits), 0);
		sum = k ? ir_emit(fe->ir, IR_IADD, bits, sum, product, 0) : product;
	}
	if (fe->failed)
		return;
	if (acc_sat) {
		/* The dot product as a value of the result type, then the exact add. */
		uint32_t dot = a_signed ? fe_sign_extend(fe, fe_wrap(fe, sum, width), width) :
					  fe_wrap(fe, sum, width);
		uint32_t acc = fe_leaf(fe, w[5], 0);

		if (a_signed)
			acc = fe_sign_extend(fe, acc, width);
		*out = add_sat(fe, dot, acc, width, a_signed, bits);
	} else {
		*out = fe_wrap(fe, sum, width);
	}
}
