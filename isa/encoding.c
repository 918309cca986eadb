/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Opcode table, instruction checks, encoder and decoder
 *
 * ember_isa_check() is the one definition of a legal instruction: the
 * encoder refuses what it refuses, and the decoder runs it on what it
 * unpacks, so the shader core (which decodes every instruction before a
 * dispatch runs) sees only instructions this file accepts and turns the
 * rest into ILLEGAL_INSTRUCTION. Decoding is strict so that every legal
 * binary has exactly one decoded form and re-encodes to the same bytes:
 * reserved bits and unused literal slots must be zero, immediates take the
 * literal slots in source order.
 */

#include "ember_isa.h"

#include <endian.h>
#include <string.h>

#define OPERAND_BITS		10
#define OPERAND_MASK		((1u << OPERAND_BITS) - 1)

static const struct ember_isa_opinfo opinfo_table[] = {
#define EMBER_ISA_INFO(N, n, d, s0, s1, s2, t, f) \
	[EMBER_ISA_OP_##N] = { n, { d, s0, s1, s2 }, t, f },
	EMBER_ISA_OPCODES(EMBER_ISA_INFO)
#undef EMBER_ISA_INFO
};

static const char *const type_names[EMBER_ISA_NUM_TYPES] = {
	[EMBER_ISA_U32] = "u32", [EMBER_ISA_S32] = "s32", [EMBER_ISA_F32] = "f32",
	[EMBER_ISA_U64] = "u64", [EMBER_ISA_S64] = "s64", [EMBER_ISA_U8] = "u8",
	[EMBER_ISA_S8] = "s8", [EMBER_ISA_U16] = "u16", [EMBER_ISA_S16] = "s16",
	[EMBER_ISA_B128] = "b128",
};

const struct ember_isa_opinfo *ember_isa_opinfo(unsigned int opcode)
{
	return opcode < EMBER_ISA_NUM_OPCODES ? &opinfo_table[opcode] : NULL;
}

const char *ember_isa_type_name(enum ember_isa_type type)
{
	return (unsigned int)type < EMBER_ISA_NUM_TYPES ? type_names[type] : NULL;
}

unsigned int ember_isa_type_regs(enum ember_isa_type type)
{
	switch (type) {
	case EMBER_ISA_U64:
	case EMBER_ISA_S64:
		return 2;
	case EMBER_ISA_B128:
		return 4;
	default:
		return 1;
	}
}

const char *ember_isa_strerror(int error)
{
	switch (error) {
	case EMBER_ISA_OK: return "ok";
	case EMBER_ISA_ERR_OPCODE: return "unknown opcode";
	case EMBER_ISA_ERR_TYPE: return "type not allowed for the opcode";
	case EMBER_ISA_ERR_MOD: return "modifier out of range for the opcode";
	case EMBER_ISA_ERR_OPERAND: return "operand kind not allowed or missing";
	case EMBER_ISA_ERR_REGISTER: return "register out of range or misaligned";
	case EMBER_ISA_ERR_GUARD: return "guard predicate not allowed here";
	case EMBER_ISA_ERR_LITERALS: return "too many immediates";
	case EMBER_ISA_ERR_RESERVED: return "reserved bits or unused literal set";
	case EMBER_ISA_ERR_UNIFORM: return "uniform destination from a per-lane source";
	case EMBER_ISA_ERR_TARGET: return "jump target outside the code";
	case EMBER_ISA_ERR_HEADER: return "bad shader header";
	case EMBER_ISA_ERR_SIZE: return "bad binary size";
	case EMBER_ISA_ERR_STRUCTURE: return "bad IF/ELSE/ENDIF/LOOP/ENDLOOP structure";
	case EMBER_ISA_ERR_LIMIT: return "over a limit of the ISA";
	case EMBER_ISA_ERR_STAGE: return "instruction not allowed in the shader's stage";
	default: return "unknown error";
	}
}

static bool is_cmpxchg_data(const struct ember_isa_insn *insn, unsigned int i)
{
	return insn->mod == EMBER_ISA_ATOM_CMPXCHG &&
	       ((insn->opcode == EMBER_ISA_OP_ATOMG && i == 3) ||
		(insn->opcode == EMBER_ISA_OP_ATOMS && i == 2) ||
		(insn->opcode == EMBER_ISA_OP_ATOMGA && i == 2) ||
		(insn->opcode == EMBER_ISA_OP_IMGATOM && i == 3) ||
		(insn->opcode == EMBER_ISA_OP_TBATOM && i == 3));
}

/*
 * The registers of an image instruction's W_GROUP operand: the result of
 * TEXL/TEXG (one register with DREF, else four), or the address group:
 * four coordinates, then the parts the opcode and modifier add, in the
 * order ember-isa.rst gives ("Images").
 */
static unsigned int group_regs(const struct ember_isa_insn *insn, unsigned int i)
{
	unsigned int mod = insn->mod;

	switch (insn->opcode) {
	case EMBER_ISA_OP_TEXL:
	case EMBER_ISA_OP_TEXG:
		if (i == 0)
			return mod & EMBER_ISA_TEX_DREF ? 1 : 4;
		return 4 + (insn->opcode == EMBER_ISA_OP_TEXL ? 1 : 6) +
		       !!(mod & EMBER_ISA_TEX_DREF) + !!(mod & EMBER_ISA_TEX_OFFSET);
	case EMBER_ISA_OP_GATHER:
		return 4 + !!(mod & EMBER_ISA_GATHER_DREF) +
		       (mod & EMBER_ISA_GATHER_OFFSET ? 1 : 0) +
		       (mod & EMBER_ISA_GATHER_OFFSETS ? 4 : 0);
	case EMBER_ISA_OP_FETCH:
		return 4 + !!(mod & EMBER_ISA_FETCH_OFFSET);
	case EMBER_ISA_OP_TEX:
		if (i == 0)
			return mod & EMBER_ISA_TEX_DREF ? 1 : 4;
		return 4 + !!(mod & EMBER_ISA_TEX_BIAS) + !!(mod & EMBER_ISA_TEX_DREF) +
		       !!(mod & EMBER_ISA_TEX_OFFSET);
	case EMBER_ISA_OP_INTERP:
		/* INTERP's position operand: a sample index or an (x, y) pair. */
		return (mod & EMBER_ISA_INTERP_WHERE) == EMBER_ISA_INTERP_AT_OFFSET ? 2 : 1;
	default:
		return 4;
	}
}

unsigned int ember_isa_operand_regs(const struct ember_isa_insn *insn,
				    unsigned int i)
{
	const struct ember_isa_opinfo *info = ember_isa_opinfo(insn->opcode);
	unsigned int regs;

	if (!info)
		return 1;
	switch (info->operand[i] & EMBER_ISA_W_MASK) {
	case EMBER_ISA_W_1: regs = 1; break;
	case EMBER_ISA_W_2: regs = 2; break;
	case EMBER_ISA_W_4: regs = 4; break;
	case EMBER_ISA_W_8: regs = 8; break;
	case EMBER_ISA_W_16: regs = 16; break;
	case EMBER_ISA_W_GROUP: regs = group_regs(insn, i); break;
	default: regs = ember_isa_type_regs(insn->type); break;
	}
	/* CMPXCHG's data operand is a group: the new value, then the compare. */
	return is_cmpxchg_data(insn, i) ? 2 * regs : regs;
}

/* The modifier's range; CMP's float-only conditions are checked apart. */
static bool mod_ok(const struct ember_isa_insn *insn)
{
	switch (insn->opcode) {
	case EMBER_ISA_OP_CMP:
		if (insn->mod <= EMBER_ISA_GE)
			return true;
		return insn->type == EMBER_ISA_F32 &&
		       insn->mod >= EMBER_ISA_UEQ && insn->mod <= EMBER_ISA_UNO;
	case EMBER_ISA_OP_ATOMG:
	case EMBER_ISA_OP_ATOMS:
	case EMBER_ISA_OP_ATOMGA:
		return insn->mod < EMBER_ISA_NUM_ATOMIC_OPS;
	case EMBER_ISA_OP_SGREDUCE:
	case EMBER_ISA_OP_SGISCAN:
	case EMBER_ISA_OP_SGESCAN:
		if (insn->type == EMBER_ISA_F32)
			return insn->mod <= EMBER_ISA_SG_MAX;
		return insn->mod < EMBER_ISA_NUM_SG_OPS;
	case EMBER_ISA_OP_MEMBAR:
		return insn->mod < EMBER_ISA_NUM_SCOPES;
	case EMBER_ISA_OP_S2R:
		return insn->mod < EMBER_ISA_NUM_SRS;
	case EMBER_ISA_OP_TEXL:
	case EMBER_ISA_OP_TEXG:
		return insn->mod <= (EMBER_ISA_TEX_DREF | EMBER_ISA_TEX_OFFSET);
	case EMBER_ISA_OP_GATHER:
		/* A comparison gathers no component; one offset or four. */
		if (insn->mod & EMBER_ISA_GATHER_DREF && insn->mod & EMBER_ISA_GATHER_COMPONENT)
			return false;
		if (insn->mod & EMBER_ISA_GATHER_OFFSET && insn->mod & EMBER_ISA_GATHER_OFFSETS)
			return false;
		return insn->mod < 2 * EMBER_ISA_GATHER_OFFSETS;
	case EMBER_ISA_OP_FETCH:
		return insn->mod <= EMBER_ISA_FETCH_OFFSET;
	case EMBER_ISA_OP_IMGATOM:
	case EMBER_ISA_OP_TBATOM:
		return insn->mod < EMBER_ISA_NUM_ATOMIC_OPS;
	case EMBER_ISA_OP_IMGQUERY:
		return insn->mod < EMBER_ISA_NUM_QUERIES;
	case EMBER_ISA_OP_TEX:
		return insn->mod <= (EMBER_ISA_TEX_DREF | EMBER_ISA_TEX_OFFSET | EMBER_ISA_TEX_BIAS);
	case EMBER_ISA_OP_INTERP:
		return (insn->mod & EMBER_ISA_INTERP_KIND) <= EMBER_ISA_INTERP_FLAT &&
		       insn->mod <= (EMBER_ISA_INTERP_AT_OFFSET | EMBER_ISA_INTERP_KIND);
	case EMBER_ISA_OP_DDX:
	case EMBER_ISA_OP_DDY:
		return insn->mod <= EMBER_ISA_DERIV_COARSE;
	case EMBER_ISA_OP_OSTORE:
		return insn->mod < EMBER_ISA_NUM_OUTPUTS;
	default:
		return insn->mod == 0;
	}
}

/* Special registers that are one value per wave (S2R into a UREG). */
static bool sr_is_uniform(unsigned int sr)
{
	return (sr >= EMBER_ISA_SR_WAVE_ID && sr <= EMBER_ISA_SR_NUM_GROUPS_Z) ||
	       sr == EMBER_ISA_SR_EXEC ||
	       (sr >= EMBER_ISA_SR_BASE_VERTEX && sr <= EMBER_ISA_SR_VIEW_INDEX);
}

/* INTERP at a per-lane sample or offset: the one form with a position. */
static bool interp_has_position(const struct ember_isa_insn *insn)
{
	unsigned int where = insn->mod & EMBER_ISA_INTERP_WHERE;

	return where == EMBER_ISA_INTERP_AT_SAMPLE || where == EMBER_ISA_INTERP_AT_OFFSET;
}

static int check_operand(const struct ember_isa_insn *insn, unsigned int i,
			 const struct ember_isa_operand *op, uint16_t spec)
{
	unsigned int kinds = spec & 0x1f, regs, limit;

	if (op->kind == EMBER_ISA_NONE) {
		if (op->index || op->imm)
			return EMBER_ISA_ERR_RESERVED;
		return !kinds || (kinds & EMBER_ISA_K_OPT) ? 0 : EMBER_ISA_ERR_OPERAND;
	}
	switch (op->kind) {
	case EMBER_ISA_VREG:
		if (!(kinds & EMBER_ISA_K_V))
			return EMBER_ISA_ERR_OPERAND;
		limit = EMBER_ISA_NUM_VREGS;
		break;
	case EMBER_ISA_UREG:
		if (!(kinds & EMBER_ISA_K_U))
			return EMBER_ISA_ERR_OPERAND;
		limit = EMBER_ISA_NUM_UREGS;
		break;
	case EMBER_ISA_PRED:
		if (!(kinds & EMBER_ISA_K_P))
			return EMBER_ISA_ERR_OPERAND;
		return op->index < EMBER_ISA_NUM_PREGS && !op->imm ? 0 :
		       EMBER_ISA_ERR_REGISTER;
	case EMBER_ISA_IMM:
		/* CMPXCHG's {new, compare} group has no immediate form. */
		if (!(kinds & EMBER_ISA_K_I) || op->index || is_cmpxchg_data(insn, i))
			return EMBER_ISA_ERR_OPERAND;
		/* A 128-bit value has no immediate form. */
		return ember_isa_operand_regs(insn, i) > 2 ? EMBER_ISA_ERR_OPERAND : 0;
	default:
		return EMBER_ISA_ERR_OPERAND;
	}
	if (op->imm)
		return EMBER_ISA_ERR_RESERVED;
	regs = ember_isa_operand_regs(insn, i);
	if (op->index % (regs > 4 ? 4 : regs) || op->index + regs > limit)
		return EMBER_ISA_ERR_REGISTER;
	return 0;
}

static bool is_per_lane(const struct ember_isa_operand *op)
{
	return op->kind == EMBER_ISA_VREG || op->kind == EMBER_ISA_PRED;
}

int ember_isa_check(const struct ember_isa_insn *insn)
{
	const struct ember_isa_opinfo *info = ember_isa_opinfo(insn->opcode);
	unsigned int imms = 0;
	int ret;

	if (!info)
		return EMBER_ISA_ERR_OPCODE;
	if (insn->type >= EMBER_ISA_NUM_TYPES || !(info->types & (1u << insn->type)))
		return EMBER_ISA_ERR_TYPE;
	if (!mod_ok(insn))
		return EMBER_ISA_ERR_MOD;
	ret = check_operand(insn, 0, &insn->dst, info->operand[0]);
	for (unsigned int i = 0; !ret && i < 3; i++) {
		ret = check_operand(insn, i + 1, &insn->src[i], info->operand[i + 1]);
		imms += insn->src[i].kind == EMBER_ISA_IMM;
	}
	if (ret)
		return ret;
	if (imms > (info->flags & EMBER_ISA_F_TARGET ? 1u : 2u))
		return EMBER_ISA_ERR_LITERALS;
	if (!(info->flags & EMBER_ISA_F_TARGET) && insn->target)
		return EMBER_ISA_ERR_RESERVED;

	if (insn->guard) {
		if ((info->flags & EMBER_ISA_F_NO_GUARD) ||
		    insn->dst.kind == EMBER_ISA_UREG)
			return EMBER_ISA_ERR_GUARD;
		if (insn->guard_pred >= EMBER_ISA_NUM_PREGS)
			return EMBER_ISA_ERR_REGISTER;
	} else if (insn->guard_negate || insn->guard_pred) {
		return EMBER_ISA_ERR_RESERVED;
	}

	if (insn->opcode == EMBER_ISA_OP_S2R &&
	    sr_is_uniform(insn->mod) != (insn->dst.kind == EMBER_ISA_UREG))
		return EMBER_ISA_ERR_OPERAND;
	/* A uniform result must not depend on a lane, except across lanes. */
	if (insn->dst.kind == EMBER_ISA_UREG &&
	    !(info->flags & EMBER_ISA_F_CROSS_LANE)) {
		for (unsigned int i = 0; i < 3; i++)
			if (is_per_lane(&insn->src[i]))
				return EMBER_ISA_ERR_UNIFORM;
	}
	if (insn->opcode == EMBER_ISA_OP_INTERP &&
	    (interp_has_position(insn) != (insn->src[1].kind != EMBER_ISA_NONE) ||
	     (ember_isa_operand_regs(insn, 2) == 2 && insn->src[1].kind == EMBER_ISA_IMM)))
		return EMBER_ISA_ERR_OPERAND;
	if (insn->opcode == EMBER_ISA_OP_SGREDUCE) {
		uint32_t cluster = insn->src[1].imm;

		if (!cluster || cluster > EMBER_ISA_WAVE_SIZE || (cluster & (cluster - 1)))
			return EMBER_ISA_ERR_OPERAND;
	}
	return 0;
}

/* The stages S2R's special register @sr exists in (EMBER_ISA_F_* bits). */
static unsigned int sr_stages(unsigned int sr)
{
	if (sr >= EMBER_ISA_SR_LOCAL_ID_X && sr <= EMBER_ISA_SR_NUM_GROUPS_Z)
		return EMBER_ISA_F_COMPUTE;
	if (sr == EMBER_ISA_SR_VIEW_INDEX)
		return EMBER_ISA_F_VERTEX | EMBER_ISA_F_FRAGMENT;
	if (sr >= EMBER_ISA_SR_VERTEX_INDEX && sr < EMBER_ISA_SR_VIEW_INDEX)
		return EMBER_ISA_F_VERTEX;
	if (sr >= EMBER_ISA_SR_FRAG_COORD_X)
		return EMBER_ISA_F_FRAGMENT;
	return 0;
}

int ember_isa_check_stage(const struct ember_isa_insn *insn, unsigned int stage)
{
	static const unsigned int stage_flag[EMBER_ISA_NUM_STAGES] = {
		[EMBER_ISA_STAGE_COMPUTE] = EMBER_ISA_F_COMPUTE,
		[EMBER_ISA_STAGE_VERTEX] = EMBER_ISA_F_VERTEX,
		[EMBER_ISA_STAGE_FRAGMENT] = EMBER_ISA_F_FRAGMENT,
	};
	const struct ember_isa_opinfo *info = ember_isa_opinfo(insn->opcode);
	unsigned int stages;

	if (!info || stage >= EMBER_ISA_NUM_STAGES)
		return EMBER_ISA_ERR_STAGE;
	stages = info->flags & EMBER_ISA_F_STAGES;
	if (insn->opcode == EMBER_ISA_OP_S2R)
		stages = sr_stages(insn->mod);
	else if (insn->opcode == EMBER_ISA_OP_OSTORE)
		stages = insn->mod == EMBER_ISA_OUT_FRAG_DEPTH ||
			 insn->mod == EMBER_ISA_OUT_SAMPLE_MASK ? EMBER_ISA_F_FRAGMENT :
			 EMBER_ISA_F_VERTEX;
	return !stages || (stages & stage_flag[stage]) ? 0 : EMBER_ISA_ERR_STAGE;
}

static uint32_t pack_operand(const struct ember_isa_operand *op,
			     unsigned int *slot, uint32_t literal[2])
{
	switch (op->kind) {
	case EMBER_ISA_VREG:
		return EMBER_ISA_CLASS_VREG << 8 | op->index;
	case EMBER_ISA_UREG:
		return EMBER_ISA_CLASS_UREG << 8 | op->index;
	case EMBER_ISA_PRED:
		return EMBER_ISA_CLASS_PRED << 8 | op->index;
	case EMBER_ISA_IMM:
		literal[*slot] = op->imm;
		return EMBER_ISA_CLASS_IMM << 8 | (*slot)++;
	default:
		return EMBER_ISA_CLASS_PRED << 8 | EMBER_ISA_INDEX_NONE;
	}
}

int ember_isa_encode(const struct ember_isa_insn *insn, void *out)
{
	const struct ember_isa_opinfo *info;
	uint32_t literal[2] = { 0, 0 };
	unsigned int slot = 0;
	uint64_t w0, w1;
	int ret = ember_isa_check(insn);

	if (ret)
		return ret;
	info = ember_isa_opinfo(insn->opcode);
	w0 = (uint64_t)insn->opcode << EMBER_ISA_W0_OPCODE_SHIFT |
	     (uint64_t)insn->type << EMBER_ISA_W0_TYPE_SHIFT |
	     (uint64_t)insn->mod << EMBER_ISA_W0_MOD_SHIFT;
	if (insn->guard)
		w0 |= (uint64_t)(1u | insn->guard_negate << 1 | insn->guard_pred << 2)
		      << EMBER_ISA_W0_GUARD_SHIFT;
	w0 |= (uint64_t)pack_operand(&insn->dst, &slot, literal)
	      << EMBER_ISA_W0_OPERAND_SHIFT(0);
	for (unsigned int i = 0; i < 3; i++)
		w0 |= (uint64_t)pack_operand(&insn->src[i], &slot, literal)
		      << EMBER_ISA_W0_OPERAND_SHIFT(i + 1);
	if (info->flags & EMBER_ISA_F_TARGET)
		literal[1] = insn->target;
	w1 = literal[0] | (uint64_t)literal[1] << 32;
	w0 = htole64(w0);
	w1 = htole64(w1);
	memcpy(out, &w0, 8);
	memcpy((uint8_t *)out + 8, &w1, 8);
	return 0;
}

static int unpack_operand(uint32_t field, unsigned int *slot,
			  const uint32_t literal[2], bool *used,
			  struct ember_isa_operand *op)
{
	unsigned int index = field & 0xff;

	*op = (struct ember_isa_operand) { 0 };
	switch (field >> 8) {
	case EMBER_ISA_CLASS_VREG:
		*op = (struct ember_isa_operand) { .kind = EMBER_ISA_VREG, .index = index };
		return 0;
	case EMBER_ISA_CLASS_UREG:
		*op = (struct ember_isa_operand) { .kind = EMBER_ISA_UREG, .index = index };
		return 0;
	case EMBER_ISA_CLASS_PRED:
		if (index == EMBER_ISA_INDEX_NONE)
			return 0;
		*op = (struct ember_isa_operand) { .kind = EMBER_ISA_PRED, .index = index };
		return 0;
	default:
		/* Immediates take the slots in order: one encoding per insn. */
		if (index != *slot || *slot > 1)
			return EMBER_ISA_ERR_RESERVED;
		used[*slot] = true;
		*op = (struct ember_isa_operand) {
			.kind = EMBER_ISA_IMM, .imm = literal[(*slot)++],
		};
		return 0;
	}
}

int ember_isa_decode(const void *in, struct ember_isa_insn *insn)
{
	const struct ember_isa_opinfo *info;
	uint64_t w0, w1;
	uint32_t literal[2], guard;
	bool used[2] = { false, false };
	unsigned int slot = 0;
	int ret;

	memcpy(&w0, in, 8);
	memcpy(&w1, (const uint8_t *)in + 8, 8);
	w0 = le64toh(w0);
	w1 = le64toh(w1);
	literal[0] = (uint32_t)w1;
	literal[1] = (uint32_t)(w1 >> 32);

	*insn = (struct ember_isa_insn) {
		.opcode = (uint8_t)(w0 >> EMBER_ISA_W0_OPCODE_SHIFT),
		.type = (w0 >> EMBER_ISA_W0_TYPE_SHIFT) & 0xf,
		.mod = (w0 >> EMBER_ISA_W0_MOD_SHIFT) & ((1u << EMBER_ISA_W0_MOD_BITS) - 1),
	};
	info = ember_isa_opinfo(insn->opcode);
	if (!info)
		return EMBER_ISA_ERR_OPCODE;
	if (w0 >> 63)
		return EMBER_ISA_ERR_RESERVED;
	guard = (w0 >> EMBER_ISA_W0_GUARD_SHIFT) & 0x1f;
	if (guard & 1) {
		insn->guard = true;
		insn->guard_negate = guard >> 1 & 1;
		insn->guard_pred = guard >> 2;
	} else if (guard) {
		return EMBER_ISA_ERR_RESERVED;
	}
	ret = unpack_operand((w0 >> EMBER_ISA_W0_OPERAND_SHIFT(0)) & OPERAND_MASK,
			     &slot, literal, used, &insn->dst);
	for (unsigned int i = 0; !ret && i < 3; i++)
		ret = unpack_operand((w0 >> EMBER_ISA_W0_OPERAND_SHIFT(i + 1)) & OPERAND_MASK,
				     &slot, literal, used, &insn->src[i]);
	if (ret)
		return ret;
	if (insn->dst.kind == EMBER_ISA_IMM)
		return EMBER_ISA_ERR_OPERAND;
	if (info->flags & EMBER_ISA_F_TARGET) {
		if (used[1])
			return EMBER_ISA_ERR_LITERALS;
		insn->target = literal[1];
		used[1] = true;
	}
	for (unsigned int s = 0; s < 2; s++)
		if (!used[s] && literal[s])
			return EMBER_ISA_ERR_RESERVED;
	return ember_isa_check(insn);
}
