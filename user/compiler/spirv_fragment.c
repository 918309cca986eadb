/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Fragment-shader instructions: derivatives, demote, terminate
 *
 * OpDPdx/OpDPdy and their Fine and Coarse forms are the ISA's ddx/ddy
 * (the unqualified ones are fine: the ISA's default, which Vulkan allows);
 * OpFwidth* is |ddx| + |ddy| of the same kind. A derivative reads the
 * four lanes of a quad whatever the execution mask (ember-isa.rst), and
 * helper invocations are ordinary active lanes of the wave, so nothing
 * here has to keep quads together: divergence analysis only has to know
 * that the result differs per lane.
 *
 * OpKill and OpTerminateInvocation end the active lanes (terminate);
 * OpDemoteToHelperInvocation turns them into helpers (demote), and
 * OpIsHelperInvocationEXT reads the lane's helper state where it stands.
 * Either of the first two tells the header the shader may discard.
 */

#include "spirv_in.h"

#include "ember_isa.h"

static bool in_fragment(struct fe *fe, uint32_t op)
{
	if (fe->ir->stage.stage == EMBER_ISA_STAGE_FRAGMENT)
		return true;
	fe_fail(fe, "%s is only available in fragment shaders", fe_op_name(op));
	return false;
}

static uint32_t derivative(struct fe *fe, uint32_t value, bool y, bool coarse)
{
	uint32_t d = ir_emit(fe->ir, IR_DERIV, 32, value, 0, 0);
	struct ir_instr *in = &fe->ir->ins[fe->ir->count - 1];

	in->imm = y;
	in->aux = coarse;
	return d;
}

static void derivatives(struct fe *fe, const uint32_t *w, uint32_t op)
{
	bool coarse = op == SpvOpDPdxCoarse || op == SpvOpDPdyCoarse || op == SpvOpFwidthCoarse;
	bool fwidth = op == SpvOpFwidth || op == SpvOpFwidthFine || op == SpvOpFwidthCoarse;
	bool y = op == SpvOpDPdy || op == SpvOpDPdyFine || op == SpvOpDPdyCoarse;
	uint32_t *out, n = fe_result_leaves(fe, w, &out);

	if (fe_refuse_f16(fe, op, w[1]))
		return;
	for (uint32_t k = 0; out && k < n; k++) {
		uint32_t a = fe_leaf(fe, w[3], k);

		if (!fwidth) {
			out[k] = derivative(fe, a, y, coarse);
			continue;
		}
		out[k] = ir_emit(fe->ir, IR_FADD, 32,
				 ir_emit(fe->ir, IR_FABS, 32, derivative(fe, a, false, coarse), 0, 0),
				 ir_emit(fe->ir, IR_FABS, 32, derivative(fe, a, true, coarse), 0, 0), 0);
	}
}

void fe_emit_fragment(struct fe *fe, const uint32_t *w, uint32_t length)
{
	uint32_t op = w[0] & 0xffff, *out;

	(void)length;
	if (!in_fragment(fe, op))
		return;
	switch (op) {
	case SpvOpDemoteToHelperInvocation:
		fe->ir->stage.fragment_flags |= EMBER_ISA_FS_DISCARD;
		ir_append(fe->ir, IR_DEMOTE, 0);
		break;
	case SpvOpIsHelperInvocationEXT:
		out = fe_new_leaves(fe, w[2], w[1], 1);
		if (out)
			out[0] = ir_emit(fe->ir, IR_IS_HELPER, 32, 0, 0, 0);
		break;
	default:
		derivatives(fe, w, op);
		break;
	}
}

void fe_emit_kill(struct fe *fe)
{
	if (!in_fragment(fe, SpvOpTerminateInvocation))
		return;
	fe->ir->stage.fragment_flags |= EMBER_ISA_FS_DISCARD;
	ir_append(fe->ir, IR_TERMINATE, 0);
}
