/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Subgroup operations (GroupNonUniform*)
 *
 * A subgroup is a wave of 32 lanes, so ballots fit in the first component
 * of the uvec4 (the others are 0). Votes, broadcasts, shuffles, quad
 * operations and arithmetic (reduce, inclusive and exclusive scan,
 * clustered reduce; 64-bit integers too, the ISA has them on register
 * pairs) each become one IR operation applied per component;
 * the ballot bit helpers are plain bit arithmetic on that first word.
 * Only the Subgroup scope is accepted.
 */

#include "spirv_in.h"

static uint32_t lane_id(struct fe *fe)
{
	uint32_t v = ir_emit(fe->ir, IR_SYSVAL, 32, 0, 0, 0);

	fe->ir->ins[fe->ir->count - 1].imm = IR_SV_LANE_ID;
	return v;
}

static void set_leaf(struct fe *fe, uint32_t id, uint32_t k, uint32_t v)
{
	fe->leaves[fe->ids[id].first + k] = v;
}

static uint32_t constant(struct fe *fe, uint32_t id, bool *ok)
{
	*ok = id < fe->bound && fe->ids[id].is_constant;
	return *ok ? fe->ids[id].const_value : 0;
}

static bool reduce_kind(uint32_t op, enum ir_reduce *kind)
{
	switch (op) {
	case SpvOpGroupNonUniformIAdd: *kind = IR_RED_IADD; return true;
	case SpvOpGroupNonUniformFAdd: *kind = IR_RED_FADD; return true;
	case SpvOpGroupNonUniformIMul: *kind = IR_RED_IMUL; return true;
	case SpvOpGroupNonUniformFMul: *kind = IR_RED_FMUL; return true;
	case SpvOpGroupNonUniformSMin: *kind = IR_RED_IMIN; return true;
	case SpvOpGroupNonUniformUMin: *kind = IR_RED_UMIN; return true;
	case SpvOpGroupNonUniformFMin: *kind = IR_RED_FMIN; return true;
	case SpvOpGroupNonUniformSMax: *kind = IR_RED_IMAX; return true;
	case SpvOpGroupNonUniformUMax: *kind = IR_RED_UMAX; return true;
	case SpvOpGroupNonUniformFMax: *kind = IR_RED_FMAX; return true;
	case SpvOpGroupNonUniformBitwiseAnd:
	case SpvOpGroupNonUniformLogicalAnd: *kind = IR_RED_AND; return true;
	case SpvOpGroupNonUniformBitwiseOr:
	case SpvOpGroupNonUniformLogicalOr: *kind = IR_RED_OR; return true;
	case SpvOpGroupNonUniformBitwiseXor:
	case SpvOpGroupNonUniformLogicalXor: *kind = IR_RED_XOR; return true;
	default: return false;
	}
}

static uint32_t sg_op(struct fe *fe, enum ir_op op, enum ir_reduce kind, uint32_t cluster,
		      uint32_t x)
{
	uint32_t v = ir_emit(fe->ir, op, fe->ir->vals[x].bits, x, 0, 0);

	fe->ir->ins[fe->ir->count - 1].aux2 = kind;
	fe->ir->ins[fe->ir->count - 1].imm = cluster;
	return v;
}

static void arithmetic(struct fe *fe, const uint32_t *w, uint32_t length, enum ir_reduce kind)
{
	uint32_t *out, n = fe_result_leaves(fe, w, &out), cluster = 0;
	unsigned int width = fe_type_width(fe, w[1]);
	enum ir_op op;
	bool ok;

	switch (w[4]) {
	case SpvGroupOperationReduce: op = IR_SG_REDUCE; break;
	case SpvGroupOperationInclusiveScan: op = IR_SG_INCL_SCAN; break;
	case SpvGroupOperationExclusiveScan: op = IR_SG_EXCL_SCAN; break;
	case SpvGroupOperationClusteredReduce:
		op = IR_SG_REDUCE;
		if (length < 7)
			return fe_fail(fe, "clustered reduce without a cluster size");
		cluster = constant(fe, w[6], &ok);
		if (!ok || !cluster || cluster > 32 || (cluster & (cluster - 1)))
			return fe_fail(fe, "cluster size must be a constant power of two <= 32");
		break;
	default:
		return fe_fail(fe, "group operation %u is not supported", w[4]);
	}
	if (fe_is_float(fe, w[1]) && fe_refuse_f16(fe, w[0] & 0xffff, w[1]))
		return;
	for (uint32_t k = 0; k < n; k++) {
		uint32_t x = fe_leaf(fe, w[5], k), v;

		if (width < 32)
			v = fe_wrap(fe, sg_op(fe, op, kind, cluster, kind == IR_RED_IMIN ||
					      kind == IR_RED_IMAX ? fe_sign_extend(fe, x, width) : x),
				    width);
		else
			v = sg_op(fe, op, kind, cluster, x);
		set_leaf(fe, w[2], k, v);
	}
}

static uint32_t ballot_bit_count(struct fe *fe, uint32_t group_op, uint32_t word)
{
	struct ir_shader *ir = fe->ir;

	if (group_op != SpvGroupOperationReduce) {
		/* Scans count the bits of lanes at or below (inclusive) or below. */
		uint32_t lane = lane_id(fe);
		uint32_t below = ir_emit(ir, IR_NOT, 32, ir_emit(ir, IR_SHL, 32,
				 ir_const(ir, 32, 0xffffffffu), lane, 0), 0, 0);

		if (group_op == SpvGroupOperationInclusiveScan)
			below = ir_emit(ir, IR_OR, 32, below,
					ir_emit(ir, IR_SHL, 32, ir_const(ir, 32, 1), lane, 0), 0);
		word = ir_emit(ir, IR_AND, 32, word, below, 0);
	}
	return ir_emit(ir, IR_BITCOUNT, 32, word, 0, 0);
}

void fe_emit_subgroup(struct fe *fe, const uint32_t *w, uint32_t length)
{
	uint32_t op = w[0] & 0xffff, *out, n;
	struct ir_shader *ir = fe->ir;
	enum ir_reduce kind;
	bool ok;

	if (constant(fe, w[3], &ok) != SpvScopeSubgroup || !ok)
		return fe_fail(fe, "%s: only the Subgroup scope is supported", fe_op_name(op));
	if (reduce_kind(op, &kind))
		return arithmetic(fe, w, length, kind);
	n = fe_result_leaves(fe, w, &out);
	if (!n)
		return;
	switch (op) {
	case SpvOpGroupNonUniformElect:
		set_leaf(fe, w[2], 0, ir_emit(ir, IR_SG_ELECT, 32, 0, 0, 0));
		break;
	case SpvOpGroupNonUniformAll:
	case SpvOpGroupNonUniformAny:
		set_leaf(fe, w[2], 0, ir_emit(ir, op == SpvOpGroupNonUniformAll ? IR_SG_ALL : IR_SG_ANY,
					      32, fe_leaf(fe, w[4], 0), 0, 0));
		break;
	case SpvOpGroupNonUniformAllEqual: {
		uint32_t count, all = IR_NONE;

		fe_value(fe, w[4], &count);
		for (uint32_t k = 0; k < count; k++) {
			uint32_t eq = ir_emit(ir, IR_SG_ALLEQ, 32, fe_leaf(fe, w[4], k), 0, 0);

			all = k ? ir_emit(ir, IR_AND, 32, all, eq, 0) : eq;
		}
		set_leaf(fe, w[2], 0, all);
		break;
	}
	case SpvOpGroupNonUniformBroadcast:
	case SpvOpGroupNonUniformShuffle:
	case SpvOpGroupNonUniformShuffleXor:
	case SpvOpGroupNonUniformShuffleUp:
	case SpvOpGroupNonUniformShuffleDown:
	case SpvOpGroupNonUniformQuadBroadcast: {
		enum ir_op o = op == SpvOpGroupNonUniformBroadcast ? IR_SG_BROADCAST :
			       op == SpvOpGroupNonUniformShuffle ? IR_SG_SHUFFLE :
			       op == SpvOpGroupNonUniformShuffleXor ? IR_SG_SHUFFLE_XOR :
			       op == SpvOpGroupNonUniformShuffleUp ? IR_SG_SHUFFLE_UP :
			       op == SpvOpGroupNonUniformShuffleDown ? IR_SG_SHUFFLE_DOWN :
			       IR_SG_QUAD_BROADCAST;
		uint32_t index = fe_leaf(fe, w[5], 0);

		for (uint32_t k = 0; k < n; k++) {
			uint32_t value = fe_leaf(fe, w[4], k);

			set_leaf(fe, w[2], k, ir_emit(ir, o, ir->vals[value].bits, value, index, 0));
		}
		break;
	}
	case SpvOpGroupNonUniformBroadcastFirst:
		for (uint32_t k = 0; k < n; k++) {
			uint32_t value = fe_leaf(fe, w[4], k);

			set_leaf(fe, w[2], k, ir_emit(ir, IR_SG_BROADCAST_FIRST, ir->vals[value].bits,
						      value, 0, 0));
		}
		break;
	case SpvOpGroupNonUniformQuadSwap: {
		uint32_t direction = constant(fe, w[5], &ok);

		if (!ok || direction > 2)
			return fe_fail(fe, "OpGroupNonUniformQuadSwap: direction must be 0, 1 or 2");
		for (uint32_t k = 0; k < n; k++) {
			uint32_t value = fe_leaf(fe, w[4], k);

			set_leaf(fe, w[2], k, ir_emit(ir, IR_SG_QUAD_SWAP, ir->vals[value].bits,
						      value, 0, 0));
			ir->ins[ir->count - 1].imm = direction;
		}
		break;
	}
	case SpvOpGroupNonUniformBallot:
		set_leaf(fe, w[2], 0, ir_emit(ir, IR_SG_BALLOT, 32, fe_leaf(fe, w[4], 0), 0, 0));
		for (uint32_t k = 1; k < n; k++)
			set_leaf(fe, w[2], k, ir_const(ir, 32, 0));
		break;
	case SpvOpGroupNonUniformInverseBallot:
		set_leaf(fe, w[2], 0, ir_emit(ir, IR_AND, 32,
			 ir_emit(ir, IR_USHR, 32, fe_leaf(fe, w[4], 0), lane_id(fe), 0),
			 ir_const(ir, 32, 1), 0));
		break;
	case SpvOpGroupNonUniformBallotBitExtract: {
		/* Bits of lanes >= 32 are 0. */
		uint32_t index = fe_leaf(fe, w[5], 0);
		uint32_t bit = ir_emit(ir, IR_AND, 32, ir_emit(ir, IR_USHR, 32, fe_leaf(fe, w[4], 0),
						index, 0), ir_const(ir, 32, 1), 0);
		uint32_t in_range = ir_emit(ir, IR_ULT, 32, index, ir_const(ir, 32, 32), 0);

		set_leaf(fe, w[2], 0, ir_emit(ir, IR_AND, 32, bit, in_range, 0));
		break;
	}
	case SpvOpGroupNonUniformBallotBitCount:
		set_leaf(fe, w[2], 0, ballot_bit_count(fe, w[4], fe_leaf(fe, w[5], 0)));
		break;
	case SpvOpGroupNonUniformBallotFindLSB:
		set_leaf(fe, w[2], 0, ir_emit(ir, IR_FINDLSB, 32, fe_leaf(fe, w[4], 0), 0, 0));
		break;
	case SpvOpGroupNonUniformBallotFindMSB:
		set_leaf(fe, w[2], 0, ir_emit(ir, IR_UFINDMSB, 32, fe_leaf(fe, w[4], 0), 0, 0));
		break;
	default:
		fe_fail(fe, "%s is not supported", fe_op_name(op));
		break;
	}
}
