/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: GLSL.std.450 extended instructions
 *
 * Most map to one ISA operation per component (the ISA has the
 * transcendental and rounding functions, fmod, ldexp/frexp parts); the
 * geometric ones (length, normalize, cross, reflect, refract, ...) and the
 * pack/unpack family, determinant and inverse (cofactor expansion) are
 * expanded here (the Interpolate* in spirv_io.c). The 64-bit float packs are refused
 * by name.
 */

#include "spirv_in.h"
#include "spirv_names.h"

#include <spirv/unified1/GLSL.std.450.h>

static uint32_t f(struct fe *fe, enum ir_op op, uint32_t a, uint32_t b, uint32_t c)
{
	return ir_emit(fe->ir, op, 32, a, b, c);
}

static uint32_t fconst(struct fe *fe, float value)
{
	union { float f; uint32_t u; } bits = { .f = value };

	return ir_const(fe->ir, 32, bits.u);
}

static uint32_t set_leaf(struct fe *fe, uint32_t id, uint32_t k, uint32_t v)
{
	fe->leaves[fe->ids[id].first + k] = v;
	return v;
}

/* Sum of products of two vectors' leaves. */
static uint32_t dot(struct fe *fe, uint32_t a, uint32_t b, uint32_t n)
{
	uint32_t sum = f(fe, IR_FMUL, fe_leaf(fe, a, 0), fe_leaf(fe, b, 0), 0);

	for (uint32_t k = 1; k < n; k++)
		sum = f(fe, IR_FFMA, fe_leaf(fe, a, k), fe_leaf(fe, b, k), sum);
	return sum;
}

static uint32_t count_of(struct fe *fe, uint32_t id)
{
	uint32_t count;

	fe_value(fe, id, &count);
	return count;
}

/* clamp(x * scale, lo, hi) rounded to an integer of @bits, masked. */
static uint32_t pack_component(struct fe *fe, uint32_t x, bool snorm, unsigned int bits)
{
	float scale = snorm ? (float)((1u << (bits - 1)) - 1) : (float)((1u << bits) - 1);
	uint32_t v = f(fe, IR_FMIN, f(fe, IR_FMAX, x, fconst(fe, snorm ? -1.0f : 0.0f), 0),
		       fconst(fe, 1.0f), 0);

	v = f(fe, IR_FRINT, f(fe, IR_FMUL, v, fconst(fe, scale), 0), 0, 0);
	v = ir_emit(fe->ir, IR_F2I, 32, v, 0, 0);
	return ir_emit(fe->ir, IR_AND, 32, v, ir_const(fe->ir, 32, (1u << bits) - 1), 0);
}

static uint32_t unpack_component(struct fe *fe, uint32_t word, unsigned int k, bool snorm,
				 unsigned int bits)
{
	uint32_t field = ir_emit(fe->ir, snorm ? IR_IBFE : IR_UBFE, 32, word,
				 ir_const(fe->ir, 32, k * bits), ir_const(fe->ir, 32, bits));
	float scale = snorm ? (float)((1u << (bits - 1)) - 1) : (float)((1u << bits) - 1);
	uint32_t v = ir_emit(fe->ir, snorm ? IR_I2F : IR_U2F, 32, field, 0, 0);

	fe->ir->ins[fe->ir->count - 1].aux = 32;
	v = f(fe, IR_FMUL, v, fconst(fe, 1.0f / scale), 0);
	if (snorm)
		v = f(fe, IR_FMAX, v, fconst(fe, -1.0f), 0);
	return v;
}

static void pack(struct fe *fe, const uint32_t *w, uint32_t inst)
{
	uint32_t *out, x = w[5], word = IR_NONE;
	bool snorm = inst == GLSLstd450PackSnorm4x8 || inst == GLSLstd450PackSnorm2x16;
	unsigned int bits = inst == GLSLstd450PackSnorm4x8 || inst == GLSLstd450PackUnorm4x8 ? 8 : 16;
	uint32_t n = 32 / bits;

	if (!fe_result_leaves(fe, w, &out))
		return;
	for (uint32_t k = 0; k < n; k++) {
		uint32_t c;

		if (inst == GLSLstd450PackHalf2x16)
			c = ir_emit(fe->ir, IR_F2F16, 32, fe_leaf(fe, x, k), 0, 0);
		else
			c = pack_component(fe, fe_leaf(fe, x, k), snorm, bits);
		if (k)
			c = ir_emit(fe->ir, IR_SHL, 32, c, ir_const(fe->ir, 32, k * bits), 0);
		word = k ? ir_emit(fe->ir, IR_OR, 32, word, c, 0) : c;
	}
	set_leaf(fe, w[2], 0, word);
}

static void unpack(struct fe *fe, const uint32_t *w, uint32_t inst)
{
	uint32_t *out, n = fe_result_leaves(fe, w, &out), word = fe_leaf(fe, w[5], 0);
	bool snorm = inst == GLSLstd450UnpackSnorm4x8 || inst == GLSLstd450UnpackSnorm2x16;
	unsigned int bits = n == 4 ? 8 : 16;

	for (uint32_t k = 0; k < n; k++) {
		uint32_t v;

		if (inst == GLSLstd450UnpackHalf2x16) {
			v = ir_emit(fe->ir, IR_UBFE, 32, word, ir_const(fe->ir, 32, 16 * k),
				    ir_const(fe->ir, 32, 16));
			v = ir_emit(fe->ir, IR_F162F, 32, v, 0, 0);
		} else {
			v = unpack_component(fe, word, k, snorm, bits);
		}
		set_leaf(fe, w[2], k, v);
	}
}

/* Component-wise integer min/max/clamp/abs/sign with narrow-type care. */
static uint32_t int_op(struct fe *fe, uint32_t inst, uint32_t type, uint32_t a, uint32_t b, uint32_t c)
{
	unsigned int width = fe_type_width(fe, type), bits = fe_bits(fe, type);
	bool is_signed = inst == GLSLstd450SMin || inst == GLSLstd450SMax ||
			 inst == GLSLstd450SClamp || inst == GLSLstd450SAbs ||
			 inst == GLSLstd450SSign || inst == GLSLstd450FindSMsb;
	struct ir_shader *ir = fe->ir;
	uint32_t v;

	if (is_signed) {
		a = fe_sign_extend(fe, a, width);
		if (b)
			b = fe_sign_extend(fe, b, width);
		if (c)
			c = fe_sign_extend(fe, c, width);
	}
	switch (inst) {
	case GLSLstd450UMin: v = ir_emit(ir, IR_UMIN, bits, a, b, 0); break;
	case GLSLstd450SMin: v = ir_emit(ir, IR_IMIN, bits, a, b, 0); break;
	case GLSLstd450UMax: v = ir_emit(ir, IR_UMAX, bits, a, b, 0); break;
	case GLSLstd450SMax: v = ir_emit(ir, IR_IMAX, bits, a, b, 0); break;
	case GLSLstd450UClamp:
		v = ir_emit(ir, IR_UMIN, bits, ir_emit(ir, IR_UMAX, bits, a, b, 0), c, 0);
		break;
	case GLSLstd450SClamp:
		v = ir_emit(ir, IR_IMIN, bits, ir_emit(ir, IR_IMAX, bits, a, b, 0), c, 0);
		break;
	case GLSLstd450SAbs: v = ir_emit(ir, IR_IABS, bits, a, 0, 0); break;
	case GLSLstd450SSign:
		/* clamp(x, -1, 1) */
		v = ir_emit(ir, IR_IMIN, bits, ir_emit(ir, IR_IMAX, bits, a,
						       ir_const(ir, bits, ~0ull), 0),
			    ir_const(ir, bits, 1), 0);
		break;
	case GLSLstd450FindILsb: v = ir_emit(ir, IR_FINDLSB, bits, a, 0, 0); break;
	case GLSLstd450FindSMsb: v = ir_emit(ir, IR_IFINDMSB, bits, a, 0, 0); break;
	default: v = ir_emit(ir, IR_UFINDMSB, bits, a, 0, 0); break;
	}
	return fe_wrap(fe, v, width);
}

static const struct {
	uint32_t inst;
	enum ir_op op;
	uint8_t srcs;
} direct[] = {
	{ GLSLstd450Round, IR_FROUND, 1 }, { GLSLstd450RoundEven, IR_FRINT, 1 },
	{ GLSLstd450Trunc, IR_FTRUNC, 1 }, { GLSLstd450FAbs, IR_FABS, 1 },
	{ GLSLstd450FSign, IR_FSIGN, 1 }, { GLSLstd450Floor, IR_FFLOOR, 1 },
	{ GLSLstd450Ceil, IR_FCEIL, 1 }, { GLSLstd450Fract, IR_FFRACT, 1 },
	{ GLSLstd450Sin, IR_FSIN, 1 }, { GLSLstd450Cos, IR_FCOS, 1 },
	{ GLSLstd450Tan, IR_FTAN, 1 }, { GLSLstd450Asin, IR_FASIN, 1 },
	{ GLSLstd450Acos, IR_FACOS, 1 }, { GLSLstd450Atan, IR_FATAN, 1 },
	{ GLSLstd450Sinh, IR_FSINH, 1 }, { GLSLstd450Cosh, IR_FCOSH, 1 },
	{ GLSLstd450Tanh, IR_FTANH, 1 }, { GLSLstd450Asinh, IR_FASINH, 1 },
	{ GLSLstd450Acosh, IR_FACOSH, 1 }, { GLSLstd450Atanh, IR_FATANH, 1 },
	{ GLSLstd450Atan2, IR_FATAN2, 2 }, { GLSLstd450Pow, IR_FPOW, 2 },
	{ GLSLstd450Exp, IR_FEXP, 1 }, { GLSLstd450Log, IR_FLOG, 1 },
	{ GLSLstd450Exp2, IR_FEXP2, 1 }, { GLSLstd450Log2, IR_FLOG2, 1 },
	{ GLSLstd450Sqrt, IR_FSQRT, 1 }, { GLSLstd450InverseSqrt, IR_FRSQ, 1 },
	{ GLSLstd450FMin, IR_FMIN, 2 }, { GLSLstd450FMax, IR_FMAX, 2 },
	{ GLSLstd450NMin, IR_FMIN, 2 }, { GLSLstd450NMax, IR_FMAX, 2 },
	{ GLSLstd450Fma, IR_FFMA, 3 }, { GLSLstd450Ldexp, IR_FLDEXP, 2 },
};

static void componentwise(struct fe *fe, const uint32_t *w, uint32_t inst, uint32_t length)
{
	uint32_t *out, n = fe_result_leaves(fe, w, &out);
	uint32_t x = w[5], y = length > 6 ? w[6] : 0, z = length > 7 ? w[7] : 0;

	for (uint32_t k = 0; k < n && !fe->failed; k++) {
		uint32_t a = fe_leaf(fe, x, k);
		uint32_t b = y ? fe_leaf(fe, y, k) : IR_NONE;
		uint32_t c = z ? fe_leaf(fe, z, k) : IR_NONE;
		uint32_t v = IR_NONE;

		for (size_t i = 0; i < sizeof(direct) / sizeof(direct[0]); i++)
			if (direct[i].inst == inst)
				v = f(fe, direct[i].op, a, direct[i].srcs > 1 ? b : 0,
				      direct[i].srcs > 2 ? c : 0);
		if (v != IR_NONE) {
			set_leaf(fe, w[2], k, v);
			continue;
		}
		switch (inst) {
		case GLSLstd450Radians:
			v = f(fe, IR_FMUL, a, fconst(fe, 0.017453292519943295f), 0);
			break;
		case GLSLstd450Degrees:
			v = f(fe, IR_FMUL, a, fconst(fe, 57.29577951308232f), 0);
			break;
		case GLSLstd450FClamp:
		case GLSLstd450NClamp:
			v = f(fe, IR_FMIN, f(fe, IR_FMAX, a, b, 0), c, 0);
			break;
		case GLSLstd450FMix:	/* a + (b - a) * t */
			v = f(fe, IR_FFMA, f(fe, IR_FSUB, b, a, 0), c, a);
			break;
		case GLSLstd450Step:	/* x < edge ? 0 : 1, edge = a */
			v = ir_emit(fe->ir, IR_SELECT, 32, f(fe, IR_FLT, b, a, 0), fconst(fe, 0.0f),
				    fconst(fe, 1.0f));
			break;
		case GLSLstd450SmoothStep: {
			/* t = clamp((x - e0) / (e1 - e0), 0, 1); t * t * (3 - 2t) */
			uint32_t t = f(fe, IR_FDIV, f(fe, IR_FSUB, c, a, 0), f(fe, IR_FSUB, b, a, 0), 0);

			t = f(fe, IR_FMIN, f(fe, IR_FMAX, t, fconst(fe, 0.0f), 0), fconst(fe, 1.0f), 0);
			v = f(fe, IR_FMUL, f(fe, IR_FMUL, t, t, 0),
			      f(fe, IR_FFMA, fconst(fe, -2.0f), t, fconst(fe, 3.0f)), 0);
			break;
		}
		case GLSLstd450IMix:
			return fe_fail(fe, "GLSL.std.450 IMix is not supported");
		default: {
			uint32_t type = fe_scalar_type(fe, w[1]);

			v = int_op(fe, inst, type, a, b, c);
			break;
		}
		}
		set_leaf(fe, w[2], k, v);
	}
}

static void geometric(struct fe *fe, const uint32_t *w, uint32_t inst, uint32_t length)
{
	uint32_t *out, n = fe_result_leaves(fe, w, &out), x = w[5], y = length > 6 ? w[6] : 0;
	uint32_t m = count_of(fe, x);

	switch (inst) {
	case GLSLstd450Length:
		set_leaf(fe, w[2], 0, m == 1 ? f(fe, IR_FABS, fe_leaf(fe, x, 0), 0, 0) :
				      f(fe, IR_FSQRT, dot(fe, x, x, m), 0, 0));
		break;
	case GLSLstd450Distance: {
		uint32_t sum = IR_NONE;

		for (uint32_t k = 0; k < m; k++) {
			uint32_t d = f(fe, IR_FSUB, fe_leaf(fe, x, k), fe_leaf(fe, y, k), 0);

			sum = k ? f(fe, IR_FFMA, d, d, sum) : f(fe, IR_FMUL, d, d, 0);
		}
		set_leaf(fe, w[2], 0, f(fe, IR_FSQRT, sum, 0, 0));
		break;
	}
	case GLSLstd450Normalize: {
		uint32_t inv = f(fe, IR_FRSQ, dot(fe, x, x, m), 0, 0);

		for (uint32_t k = 0; k < n; k++)
			set_leaf(fe, w[2], k, f(fe, IR_FMUL, fe_leaf(fe, x, k), inv, 0));
		break;
	}
	case GLSLstd450Cross:
		for (uint32_t k = 0; k < 3; k++) {
			uint32_t i = (k + 1) % 3, j = (k + 2) % 3;
			uint32_t t = f(fe, IR_FMUL, fe_leaf(fe, x, j), fe_leaf(fe, y, i), 0);

			set_leaf(fe, w[2], k, f(fe, IR_FFMA, fe_leaf(fe, x, i), fe_leaf(fe, y, j),
						 f(fe, IR_FNEG, t, 0, 0)));
		}
		break;
	case GLSLstd450FaceForward: {
		/* dot(Nref, I) < 0 ? N : -N */
		uint32_t d = dot(fe, w[7], w[6], m);
		uint32_t neg = f(fe, IR_FLT, d, fconst(fe, 0.0f), 0);

		for (uint32_t k = 0; k < n; k++)
			set_leaf(fe, w[2], k, ir_emit(fe->ir, IR_SELECT, 32, neg, fe_leaf(fe, x, k),
						       f(fe, IR_FNEG, fe_leaf(fe, x, k), 0, 0)));
		break;
	}
	case GLSLstd450Reflect: {
		/* I - 2 dot(N, I) N */
		uint32_t d2 = f(fe, IR_FMUL, dot(fe, y, x, m), fconst(fe, -2.0f), 0);

		for (uint32_t k = 0; k < n; k++)
			set_leaf(fe, w[2], k, f(fe, IR_FFMA, d2, fe_leaf(fe, y, k), fe_leaf(fe, x, k)));
		break;
	}
	case GLSLstd450Refract: {
		/* k = 1 - eta^2 (1 - dot(N,I)^2); k < 0 ? 0 : eta I - (eta dot + sqrt k) N */
		uint32_t eta = fe_leaf(fe, w[7], 0), d = dot(fe, y, x, m);
		uint32_t one = fconst(fe, 1.0f);
		uint32_t kk = f(fe, IR_FSUB, one, f(fe, IR_FMUL, f(fe, IR_FMUL, eta, eta, 0),
						     f(fe, IR_FSUB, one, f(fe, IR_FMUL, d, d, 0), 0), 0), 0);
		uint32_t negative = f(fe, IR_FLT, kk, fconst(fe, 0.0f), 0);
		uint32_t factor = f(fe, IR_FFMA, eta, d, f(fe, IR_FSQRT, kk, 0, 0));

		for (uint32_t k = 0; k < n; k++) {
			uint32_t r = f(fe, IR_FSUB, f(fe, IR_FMUL, eta, fe_leaf(fe, x, k), 0),
				       f(fe, IR_FMUL, factor, fe_leaf(fe, y, k), 0), 0);

			set_leaf(fe, w[2], k, ir_emit(fe->ir, IR_SELECT, 32, negative,
						       fconst(fe, 0.0f), r));
		}
		break;
	}
	default:
		break;
	}
}

/*
 * Modf / Frexp: the fraction or mantissa is the result, the whole part or
 * exponent goes through the pointer. The *Struct forms return both.
 */
static void split(struct fe *fe, const uint32_t *w, uint32_t inst)
{
	bool pointer_form = inst == GLSLstd450Modf || inst == GLSLstd450Frexp;
	bool modf = inst == GLSLstd450Modf || inst == GLSLstd450ModfStruct;
	uint32_t *out, total = fe_result_leaves(fe, w, &out);
	uint32_t n = pointer_form ? total : total / 2, second[4];

	if (n > 4)
		return fe_fail(fe, "GLSL.std.450 Modf/Frexp on more than 4 components");
	for (uint32_t k = 0; k < n; k++) {
		uint32_t x = fe_leaf(fe, w[5], k);

		if (modf) {
			second[k] = f(fe, IR_FTRUNC, x, 0, 0);
			set_leaf(fe, w[2], k, f(fe, IR_FSUB, x, second[k], 0));
		} else {
			second[k] = f(fe, IR_FFREXPE, x, 0, 0);
			set_leaf(fe, w[2], k, f(fe, IR_FFREXPM, x, 0, 0));
		}
		if (!pointer_form)
			set_leaf(fe, w[2], n + k, second[k]);
	}
	if (pointer_form)
		fe_store_leaves(fe, w[6], second);
}

/* Determinant of the n x n matrix whose element (column c, row r) is m[c * n + r]. */
static uint32_t determinant(struct fe *fe, const uint32_t *m, uint32_t n)
{
	uint32_t minor[9], sum = IR_NONE;

	if (n == 1)
		return m[0];
	if (n == 2)
		return f(fe, IR_FFMA, m[0], m[3], f(fe, IR_FNEG, f(fe, IR_FMUL, m[2], m[1], 0), 0, 0));
	/* Laplace expansion along the first column. */
	for (uint32_t r = 0; r < n; r++) {
		uint32_t at = 0, d, term;

		for (uint32_t c = 1; c < n; c++)
			for (uint32_t rr = 0; rr < n; rr++)
				if (rr != r)
					minor[at++] = m[c * n + rr];
		d = determinant(fe, minor, n - 1);
		term = f(fe, IR_FMUL, m[r], d, 0);
		if (r & 1)
			term = f(fe, IR_FNEG, term, 0, 0);
		sum = r ? f(fe, IR_FADD, sum, term, 0) : term;
	}
	return sum;
}

static void matrix(struct fe *fe, const uint32_t *w, uint32_t inst)
{
	uint32_t *out, count, m[16], n;

	fe_value(fe, w[5], &count);
	for (n = 2; n * n < count; n++)
		;
	if (n * n != count || n > 4)
		return fe_fail(fe, "GLSL.std.450 Determinant/MatrixInverse: not a square matrix");
	for (uint32_t k = 0; k < count; k++)
		m[k] = fe_leaf(fe, w[5], k);
	if (!fe_result_leaves(fe, w, &out))
		return;
	if (inst == GLSLstd450Determinant) {
		set_leaf(fe, w[2], 0, determinant(fe, m, n));
		return;
	}
	/* inverse[c][r] = cofactor(row c, column r) / det */
	uint32_t inv_det = f(fe, IR_FDIV, fconst(fe, 1.0f), determinant(fe, m, n), 0);

	for (uint32_t c = 0; c < n; c++)
		for (uint32_t r = 0; r < n; r++) {
			uint32_t minor[9], at = 0, v;

			/* Minor without column r and row c of the source. */
			for (uint32_t cc = 0; cc < n; cc++)
				for (uint32_t rr = 0; rr < n; rr++)
					if (cc != r && rr != c)
						minor[at++] = m[cc * n + rr];
			v = f(fe, IR_FMUL, determinant(fe, minor, n - 1), inv_det, 0);
			if ((r + c) & 1)
				v = f(fe, IR_FNEG, v, 0, 0);
			set_leaf(fe, w[2], c * n + r, v);
		}
}

void fe_emit_glsl(struct fe *fe, const uint32_t *w, uint32_t length)
{
	uint32_t inst = w[4];
	const char *name = spirv_glsl_name(inst);

	if (length < 6)
		return fe_fail(fe, "OpExtInst: truncated");
	if (fe_refuse_f16(fe, SpvOpExtInst, w[1]))
		return;
	switch (inst) {
	case GLSLstd450Length: case GLSLstd450Distance: case GLSLstd450Normalize:
	case GLSLstd450Cross: case GLSLstd450FaceForward: case GLSLstd450Reflect:
	case GLSLstd450Refract:
		geometric(fe, w, inst, length);
		break;
	case GLSLstd450PackSnorm4x8: case GLSLstd450PackUnorm4x8: case GLSLstd450PackSnorm2x16:
	case GLSLstd450PackUnorm2x16: case GLSLstd450PackHalf2x16:
		pack(fe, w, inst);
		break;
	case GLSLstd450UnpackSnorm2x16: case GLSLstd450UnpackUnorm2x16:
	case GLSLstd450UnpackHalf2x16: case GLSLstd450UnpackSnorm4x8:
	case GLSLstd450UnpackUnorm4x8:
		unpack(fe, w, inst);
		break;
	case GLSLstd450ModfStruct: case GLSLstd450FrexpStruct: case GLSLstd450Modf:
	case GLSLstd450Frexp:
		split(fe, w, inst);
		break;
	case GLSLstd450Determinant:
	case GLSLstd450MatrixInverse:
		matrix(fe, w, inst);
		break;
	case GLSLstd450InterpolateAtCentroid: case GLSLstd450InterpolateAtSample:
	case GLSLstd450InterpolateAtOffset:
		fe_io_interpolate_at(fe, w, inst);
		break;
	case GLSLstd450PackDouble2x32: case GLSLstd450UnpackDouble2x32:
		fe_fail(fe, "GLSL.std.450 %s is not supported", name ? name : "(unknown)");
		break;
	default:
		if (!name)
			return fe_fail(fe, "GLSL.std.450 instruction %u is unknown", inst);
		componentwise(fe, w, inst, length);
		break;
	}
}
