/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Constant folding and copy propagation
 *
 * Folding evaluates integer and simple float operations whose sources are
 * all constants (with the ISA's defined results for the corner cases:
 * division by zero gives 0, shifts use the low bits of the amount) and a
 * few identities (x + 0, x * 1, x & ~0, select on a constant). Float
 * folding is limited to operations that are exact in IEEE arithmetic on
 * the host (add, sub, mul, div, min, max, neg, abs), so the result is the
 * one the core would compute.
 *
 * Copy propagation replaces every use of an SSA "a = mov b" by b, unless a
 * or b is a variable (a read of a variable is a value at that point; the
 * variable may change later).
 */

#include "ir.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct consts {
	uint8_t *known;
	uint64_t *value;
};

static uint64_t mask_bits(uint64_t v, unsigned int bits)
{
	return bits >= 64 ? v : v & ((1ull << bits) - 1);
}

static int64_t as_signed(uint64_t v, unsigned int bits)
{
	return bits >= 64 ? (int64_t)v : (int64_t)(v << (64 - bits)) >> (64 - bits);
}

static float as_float(uint64_t v)
{
	uint32_t u = v;
	float f;

	memcpy(&f, &u, 4);
	return f;
}

static uint64_t from_float(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return u;
}

/* Evaluate; returns false when the operation is not folded. */
static bool evaluate(const struct ir_instr *in, const uint64_t *s, uint64_t *out)
{
	unsigned int bits = in->bits ? in->bits : 32;
	unsigned int shift_mask = bits - 1;
	uint64_t a = s[0], b = s[1], c = s[2];

	switch (in->op) {
	case IR_IADD: *out = a + b; break;
	case IR_ISUB: *out = a - b; break;
	case IR_IMUL: *out = a * b; break;
	case IR_UDIV:
	case IR_UREM:
		/* Division by zero is left to the core's defined result. */
		if (!mask_bits(b, bits))
			return false;
		*out = in->op == IR_UDIV ? mask_bits(a, bits) / mask_bits(b, bits) :
		       mask_bits(a, bits) % mask_bits(b, bits);
		break;
	case IR_IDIV:
	case IR_IREM: {
		int64_t x = as_signed(a, bits), y = as_signed(b, bits);

		if (y == 0 || y == -1)
			return false;
		*out = in->op == IR_IDIV ? (uint64_t)(x / y) : (uint64_t)(x % y);
		break;
	}
	case IR_INEG: *out = -a; break;
	case IR_AND: *out = a & b; break;
	case IR_OR: *out = a | b; break;
	case IR_XOR: *out = a ^ b; break;
	case IR_NOT: *out = ~a; break;
	case IR_SHL: *out = a << (b & shift_mask); break;
	case IR_USHR: *out = mask_bits(a, bits) >> (b & shift_mask); break;
	case IR_ISHR: *out = (uint64_t)(as_signed(a, bits) >> (b & shift_mask)); break;
	case IR_UMIN: *out = mask_bits(a, bits) < mask_bits(b, bits) ? a : b; break;
	case IR_UMAX: *out = mask_bits(a, bits) > mask_bits(b, bits) ? a : b; break;
	case IR_IMIN: *out = as_signed(a, bits) < as_signed(b, bits) ? a : b; break;
	case IR_IMAX: *out = as_signed(a, bits) > as_signed(b, bits) ? a : b; break;
	case IR_IEQ: *out = mask_bits(a, bits) == mask_bits(b, bits); break;
	case IR_INE: *out = mask_bits(a, bits) != mask_bits(b, bits); break;
	case IR_ULT: *out = mask_bits(a, bits) < mask_bits(b, bits); break;
	case IR_ULE: *out = mask_bits(a, bits) <= mask_bits(b, bits); break;
	case IR_ILT: *out = as_signed(a, bits) < as_signed(b, bits); break;
	case IR_ILE: *out = as_signed(a, bits) <= as_signed(b, bits); break;
	case IR_SELECT: *out = a ? b : c; break;
	case IR_ZEXT: *out = (uint32_t)a; break;
	case IR_SEXT: *out = (uint64_t)(int64_t)(int32_t)a; break;
	case IR_LO32: *out = (uint32_t)a; break;
	case IR_HI32: *out = a >> 32; break;
	case IR_PACK64: *out = (uint32_t)a | b << 32; break;
	case IR_FADD: *out = from_float(as_float(a) + as_float(b)); break;
	case IR_FDIV: *out = from_float(as_float(a) / as_float(b)); break;
	case IR_FMIN: *out = from_float(fminf(as_float(a), as_float(b))); break;
	case IR_FMAX: *out = from_float(fmaxf(as_float(a), as_float(b))); break;
	case IR_FSUB: *out = from_float(as_float(a) - as_float(b)); break;
	case IR_FMUL: *out = from_float(as_float(a) * as_float(b)); break;
	case IR_FNEG: *out = (uint32_t)a ^ 0x80000000u; break;
	case IR_FABS: *out = (uint32_t)a & 0x7fffffffu; break;
	case IR_FEQ: *out = as_float(a) == as_float(b); break;
	case IR_FNE: *out = !(as_float(a) == as_float(b)); break;
	case IR_FLT: *out = as_float(a) < as_float(b); break;
	case IR_FLE: *out = as_float(a) <= as_float(b); break;
	case IR_I2F:
		if (in->aux == 64)
			return false;
		*out = from_float((float)(int32_t)a);
		break;
	case IR_U2F:
		if (in->aux == 64)
			return false;
		*out = from_float((float)(uint32_t)a);
		break;
	default:
		return false;
	}
	return true;
}

static bool is_variable(const struct ir_shader *s, uint32_t v)
{
	return v != IR_NONE && (s->vals[v].flags & IR_VAL_VARIABLE);
}

/* Identities: returns the value @in reduces to, or IR_NONE. */
static uint32_t identity(const struct ir_instr *in, const struct consts *c)
{
	uint32_t a = in->src[0], b = in->src[1];
	bool bk = b != IR_NONE && c->known[b];
	uint64_t bv = bk ? c->value[b] : 0;
	uint64_t ones = in->bits >= 64 ? ~0ull : (1ull << in->bits) - 1;

	switch (in->op) {
	case IR_IADD:
	case IR_ISUB:
	case IR_OR:
	case IR_XOR:
	case IR_SHL:
	case IR_USHR:
	case IR_ISHR:
		return bk && bv == 0 ? a : IR_NONE;
	case IR_IMUL:
	case IR_UDIV:
		return bk && bv == 1 ? a : IR_NONE;
	case IR_AND:
		return bk && (bv & ones) == ones ? a : IR_NONE;
	case IR_SELECT:
		if (c->known[a])
			return c->value[a] ? in->src[1] : in->src[2];
		return in->src[1] == in->src[2] ? in->src[1] : IR_NONE;
	default:
		return IR_NONE;
	}
}

bool ir_fold_constants(struct ir_shader *s)
{
	struct consts c = {
		.known = calloc(s->value_count, 1),
		.value = calloc(s->value_count, sizeof(uint64_t)),
	};
	bool changed = false;

	if (!c.known || !c.value) {
		free(c.known);
		free(c.value);
		return false;
	}
	for (uint32_t i = 0; i < s->count; i++) {
		struct ir_instr *in = &s->ins[i];
		uint64_t src[IR_MAX_SRC] = { 0 };
		int n = ir_op_src_count(in);
		bool all_known = n > 0;
		uint32_t same;

		if (in->op == IR_CONST && !is_variable(s, in->dst)) {
			c.known[in->dst] = 1;
			c.value[in->dst] = in->imm;
			continue;
		}
		if (!ir_op_has_dst(in->op) || ir_op_has_side_effects(in->op) ||
		    is_variable(s, in->dst) || in->op == IR_MOV)
			continue;
		for (int k = 0; k < n; k++) {
			if (in->src[k] == IR_NONE || !c.known[in->src[k]])
				all_known = false;
			else
				src[k] = c.value[in->src[k]];
		}
		if (all_known && evaluate(in, src, &src[3])) {
			unsigned int bits = s->vals[in->dst].bits;

			in->op = IR_CONST;
			in->imm = mask_bits(src[3], bits);
			memset(in->src, 0, sizeof(in->src));
			c.known[in->dst] = 1;
			c.value[in->dst] = in->imm;
			changed = true;
			continue;
		}
		same = identity(in, &c);
		if (same != IR_NONE && s->vals[same].bits == s->vals[in->dst].bits) {
			in->op = IR_MOV;
			in->src[0] = same;
			in->src[1] = in->src[2] = in->src[3] = IR_NONE;
			changed = true;
		}
	}
	free(c.known);
	free(c.value);
	return changed;
}

bool ir_copy_propagate(struct ir_shader *s)
{
	uint32_t *forward = calloc(s->value_count, sizeof(uint32_t));
	bool changed = false;

	if (!forward)
		return false;
	for (uint32_t i = 0; i < s->count; i++) {
		struct ir_instr *in = &s->ins[i];

		for (int k = 0; k < IR_MAX_SRC; k++)
			if (in->src[k] != IR_NONE && forward[in->src[k]])
				in->src[k] = forward[in->src[k]];
		if (in->op == IR_MOV && !is_variable(s, in->dst) && !is_variable(s, in->src[0]) &&
		    s->vals[in->dst].bits == s->vals[in->src[0]].bits) {
			forward[in->dst] = in->src[0];
			in->op = IR_NOP;
			changed = true;
		}
	}
	free(forward);
	if (changed)
		ir_compact(s);
	return changed;
}
