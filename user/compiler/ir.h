/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Ember IR
 *
 * A scalar SSA IR whose control flow is a structured tree kept in
 * serialized form: one instruction array in which IF/ELSE/ENDIF and
 * LOOP/ENDLOOP bracket their bodies and BREAK/CONTINUE (each with an
 * optional condition) leave the innermost loop. The tree is the SPIR-V
 * merge structure, rebuilt by the front end, and it survives until the
 * emitter lowers it to the ISA's mask-stack instructions. Walking the array
 * in order is walking the tree in program order, which is what every pass
 * and the register allocator want.
 *
 * Values are scalars of 8, 16, 32 or 64 bits (vectors, matrices and
 * structs are split by the front end), plus register groups: 128-bit
 * buffer and texel-buffer descriptors and image results (4 registers),
 * 256-bit sampler and 512-bit image descriptors.
 * Ordinary values have one definition that dominates all uses. SPIR-V's
 * OpPhi becomes a *variable*: a value written by MOVs at the end of each
 * predecessor and read by one MOV where the phi was (conventional SSA,
 * which is what out-of-SSA translation produces anyway). Under SIMT this is
 * exactly right: a write happens only in the lanes that took that edge and
 * the others keep their value until they reconverge.
 *
 * Booleans are 32-bit 0/1 values; the emitter turns them into predicates
 * where a branch or select needs one.
 */

#ifndef EMBER_CC_IR_H
#define EMBER_CC_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define IR_NONE 0u	/* value 0 is never defined: "no operand" */
#define IR_MAX_SRC 16	/* image instructions: descriptors, address group, data */

enum ir_op {
	IR_NOP,
	IR_CONST,	/* dst = imm */
	IR_UNDEF,	/* dst = anything */
	IR_MOV,		/* dst = src0 (dst may be a variable) */
	/* integer, width = instr bits */
	IR_IADD, IR_ISUB, IR_IMUL, IR_IMAD, IR_UMULHI, IR_IMULHI,
	IR_UDIV, IR_IDIV, IR_UREM, IR_IREM, IR_IMOD, IR_INEG,
	IR_AND, IR_OR, IR_XOR, IR_NOT, IR_SHL, IR_USHR, IR_ISHR,
	IR_UMIN, IR_UMAX, IR_IMIN, IR_IMAX, IR_IABS,
	IR_BITCOUNT, IR_BITREV, IR_FINDLSB, IR_UFINDMSB, IR_IFINDMSB,
	IR_UBFE, IR_IBFE, IR_BFI,	/* (base/insert, offset, count[, insert]) */
	/* float32 */
	IR_FADD, IR_FSUB, IR_FMUL, IR_FDIV, IR_FFMA, IR_FMIN, IR_FMAX,
	IR_FNEG, IR_FABS, IR_FSQRT, IR_FRSQ, IR_FEXP2, IR_FLOG2,
	IR_FSIN, IR_FCOS, IR_FFLOOR, IR_FCEIL, IR_FTRUNC, IR_FRINT,
	IR_FSIGN, IR_FFRACT, IR_FROUND, IR_FRCP, IR_FEXP, IR_FLOG, IR_FPOW,
	IR_FTAN, IR_FASIN, IR_FACOS, IR_FATAN, IR_FATAN2, IR_FSINH, IR_FCOSH,
	IR_FTANH, IR_FASINH, IR_FACOSH, IR_FATANH, IR_FMOD, IR_FREM,
	IR_FLDEXP, IR_FFREXPM, IR_FFREXPE,	/* ldexp(x, int), frexp parts */
	/* comparisons: 0/1 result; operand width = instr bits */
	IR_IEQ, IR_INE, IR_ULT, IR_ULE, IR_ILT, IR_ILE,
	IR_FEQ, IR_FNE, IR_FLT, IR_FLE, IR_FUNORD,
	IR_SELECT,	/* dst = src0 ? src1 : src2 */
	/* conversions (aux = source bits where it matters) */
	IR_F2I, IR_F2U, IR_I2F, IR_U2F,
	IR_SEXT, IR_ZEXT,	/* 32 -> 64 bits */
	IR_F2F16, IR_F162F,		/* f32 <-> low 16 bits of a 32-bit value */
	IR_PACK64, IR_LO32, IR_HI32,
	/* resources and memory */
	IR_DESC,	/* dst(128) = descriptor of set imm>>32, slot (u32)imm + src0 (opt) */
	IR_DESC_RANGE,	/* dst = range field of descriptor src0 */
	IR_LOAD_GLOBAL,	/* dst = [desc src0 + offset src1], aux = bytes */
	IR_STORE_GLOBAL,/* [desc src0 + offset src1] = src2, aux = bytes */
	IR_LOAD_PUSH,	/* dst = push[src0], aux = bytes */
	IR_LOAD_SHARED,	/* dst = shared[src0] */
	IR_STORE_SHARED,/* shared[src0] = src1 */
	IR_LOAD_PRIVATE,/* dst = this lane's scratch[src0] (large local arrays) */
	IR_STORE_PRIVATE,/* this lane's scratch[src0] = src1 */
	IR_ATOMIC_GLOBAL,/* dst = atomic(aux2 = kind)[desc src0 + src1] (src2[, src3]) */
	IR_ATOMIC_SHARED,/* dst = atomic(kind)[src0] (src1[, src2]) */
	/*
	 * Images (ISA 1.2). IR_IMG_DESC/IR_SMP_DESC read a 512-bit image or
	 * 256-bit sampler descriptor like IR_DESC. The image instructions
	 * carry the ISA instruction they become: imm = opcode | mod << 8 |
	 * address count << 16; src0 = image (or texel-buffer) descriptor,
	 * src1 = sampler or IR_NONE, then the address group's registers
	 * (IR_NONE: not read), then the data. A four-register result is a
	 * 128-bit value read by IR_EXTRACT; a one-register result is 32-bit.
	 */
	IR_IMG_DESC, IR_SMP_DESC,
	IR_IMAGE_READ,	/* sample, gather, fetch, load, query */
	IR_IMAGE_WRITE,	/* imgst, tbst */
	IR_IMAGE_ATOMIC,/* imgatom, tbatom: aux2 = kind, data (value[, comparator]) */
	IR_EXTRACT,	/* dst(32) = register imm of the group src0 */
	/*
	 * Through a 64-bit address (PhysicalStorageBuffer): src0 = address,
	 * imm = signed byte offset added to it (the ISA's immediate), no
	 * robustness range.
	 */
	IR_LOAD_ADDR,	/* dst = [src0 + imm], aux = bytes */
	IR_STORE_ADDR,	/* [src0 + imm] = src1, aux = bytes */
	IR_ATOMIC_ADDR,	/* dst = atomic(aux2 = kind)[src0 + imm] (src1[, src2]) */
	/*
	 * Graphics stages (ISA 1.4). Slots are location * 4 + component;
	 * outputs are written once, at the end of the shader, from the
	 * variables the front end keeps them in.
	 */
	IR_LOAD_INPUT,	/* dst (32/64) = vertex input slot imm (ldin) */
	IR_INTERP,	/* dst(32) = fragment input slot imm & 0xff interpolated, mode
			 * (EMBER_ISA_INTERP_*) imm >> 8; src0 = sample index or offset
			 * x, src1 = offset y (optional) */
	IR_STORE_OUTPUT,/* output slot imm = src0 (32/64) */
	IR_STORE_BUILTIN,/* built-in output imm (enum ember_isa_output) = src0 */
	IR_DERIV,	/* dst = d(src0)/dx (imm 0) or /dy (imm 1); aux = 1: coarse */
	IR_DEMOTE,	/* the active lanes become helper invocations */
	IR_TERMINATE,	/* the active lanes end (OpKill, OpTerminateInvocation) */
	IR_IS_HELPER,	/* dst = 1 in helper lanes: read where it stands (demote moves it) */
	IR_BARRIER,	/* workgroup execution + memory barrier */
	IR_MEMBAR,	/* memory barrier only */
	IR_SYSVAL,	/* dst = system value imm (enum ir_sysval) */
	/* subgroup (aux2 = reduce op, imm = cluster size for clustered) */
	IR_SG_BALLOT, IR_SG_ALL, IR_SG_ANY, IR_SG_ALLEQ, IR_SG_ELECT,
	IR_SG_BROADCAST, IR_SG_BROADCAST_FIRST, IR_SG_SHUFFLE,
	IR_SG_SHUFFLE_XOR, IR_SG_SHUFFLE_UP, IR_SG_SHUFFLE_DOWN,
	IR_SG_REDUCE, IR_SG_INCL_SCAN, IR_SG_EXCL_SCAN,
	IR_SG_QUAD_BROADCAST, IR_SG_QUAD_SWAP,
	/* structured control flow */
	IR_IF,		/* src0 = condition, aux = 1: negated */
	IR_ELSE, IR_ENDIF,
	IR_LOOP, IR_ENDLOOP,
	IR_BREAK,	/* src0 = condition or IR_NONE (always) */
	IR_CONTINUE,	/* src0 = condition or IR_NONE (always) */
	IR_OP_COUNT
};

enum ir_sysval {
	IR_SV_LOCAL_ID_X, IR_SV_LOCAL_ID_Y, IR_SV_LOCAL_ID_Z,
	IR_SV_GROUP_ID_X, IR_SV_GROUP_ID_Y, IR_SV_GROUP_ID_Z,
	IR_SV_NUM_GROUPS_X, IR_SV_NUM_GROUPS_Y, IR_SV_NUM_GROUPS_Z,
	IR_SV_LOCAL_INDEX, IR_SV_SUBGROUP_ID, IR_SV_LANE_ID, IR_SV_NUM_SUBGROUPS,
	/* vertex */
	IR_SV_VERTEX_INDEX, IR_SV_INSTANCE_INDEX,
	IR_SV_BASE_VERTEX, IR_SV_BASE_INSTANCE, IR_SV_DRAW_INDEX,	/* uniform */
	IR_SV_VIEW_INDEX,	/* uniform, vertex and fragment */
	/* fragment */
	IR_SV_FRAG_COORD_X, IR_SV_FRAG_COORD_Y, IR_SV_FRAG_COORD_Z, IR_SV_FRAG_COORD_W,
	IR_SV_FRONT_FACING, IR_SV_SAMPLE_ID, IR_SV_SAMPLE_POS_X, IR_SV_SAMPLE_POS_Y,
	IR_SV_SAMPLE_MASK_IN, IR_SV_PRIMITIVE_ID, IR_SV_LAYER,
	IR_SV_POINT_COORD_X, IR_SV_POINT_COORD_Y,
	IR_SV_COUNT
};

/* Atomic kinds and subgroup reduction operators (aux2). */
enum ir_reduce {
	IR_RED_IADD, IR_RED_IMUL, IR_RED_UMIN, IR_RED_UMAX, IR_RED_IMIN,
	IR_RED_IMAX, IR_RED_AND, IR_RED_OR, IR_RED_XOR, IR_RED_FADD,
	IR_RED_FMUL, IR_RED_FMIN, IR_RED_FMAX,
	IR_RED_XCHG, IR_RED_CMPXCHG,	/* atomics only */
	IR_RED_COUNT
};

#define IR_VAL_VARIABLE	(1u << 0)	/* several MOV definitions (former phi) */
#define IR_VAL_VARYING	(1u << 1)	/* divergence: differs between lanes */
#define IR_VAL_FORCE_VECTOR (1u << 2)	/* register allocation ran out of uniform registers */

struct ir_value {
	uint16_t bits;		/* 8, 16, 32, 64, or a group: 128, 256, 512 */
	uint8_t flags;		/* IR_VAL_* */
	uint8_t pad;
	int32_t reg;		/* register allocation: first register, -1 = none */
	int32_t spill_slot;	/* byte offset in per-lane scratch, -1 = not spilled */
};

struct ir_instr {
	uint16_t op;		/* enum ir_op */
	uint8_t bits;		/* operation width */
	uint8_t aux;		/* bytes of memory ops, source bits of conversions */
	uint8_t aux2;		/* enum ir_reduce */
	uint8_t uniform_cf;	/* IF/BREAK/CONTINUE/LOOP: condition is uniform */
	uint16_t pad;
	uint32_t dst;
	uint32_t src[IR_MAX_SRC];
	uint64_t imm;
};

struct ir_resource {
	uint32_t set, binding, slot, kind;	/* kind: enum ember_isa_resource_kind */
	uint32_t count;				/* descriptors (arrays), >= 1 */
	uint32_t table_set;	/* the set-table entry @slot is in (usually @set) */
};

/* The graphics fields of the binary's header (ISA 1.4); all 0 for compute. */
struct ir_stage_info {
	uint8_t stage;			/* enum ember_isa_stage */
	uint8_t num_inputs, num_outputs;	/* vec4 slots */
	uint8_t fragment_flags, vertex_flags;	/* EMBER_ISA_FS_*, EMBER_ISA_VS_* */
	uint8_t num_clip_distances, num_cull_distances;
};

struct ir_shader {
	struct ir_instr *ins;
	uint32_t count, capacity;
	struct ir_value *vals;
	uint32_t value_count, value_capacity;

	uint32_t local_size[3];
	struct ir_stage_info stage;
	uint32_t shared_bytes;
	uint32_t push_bytes;
	uint32_t private_bytes;	/* per lane: local arrays, at the start of scratch */
	uint32_t scratch_bytes;	/* per lane: local arrays and spills */
	struct ir_resource *resources;
	uint32_t resource_count;
	bool oom;		/* an allocation failed; the result is unusable */
};

struct ir_shader *ir_create(void);
void ir_destroy(struct ir_shader *s);

uint32_t ir_new_value(struct ir_shader *s, unsigned int bits);
uint32_t ir_new_variable(struct ir_shader *s, unsigned int bits);
struct ir_instr *ir_append(struct ir_shader *s, enum ir_op op, unsigned int bits);
/* Append "dst = op(a, b, c)" and return dst. */
uint32_t ir_emit(struct ir_shader *s, enum ir_op op, unsigned int bits,
		 uint32_t a, uint32_t b, uint32_t c);
uint32_t ir_const(struct ir_shader *s, unsigned int bits, uint64_t value);
/* Drop every IR_NOP. */
void ir_compact(struct ir_shader *s);

const char *ir_op_name(enum ir_op op);
bool ir_op_has_dst(enum ir_op op);
bool ir_op_has_side_effects(enum ir_op op);
bool ir_op_is_control(enum ir_op op);
int ir_op_src_count(const struct ir_instr *in);
/* Registers a value of @bits occupies: 1, 2 (64-bit) or bits / 32 for a group. */
unsigned int ir_regs_of_bits(unsigned int bits);
bool ir_op_is_image(enum ir_op op);

void ir_print(const struct ir_shader *s, FILE *out);
/*
 * Structural checks (balanced control flow, operands defined, widths):
 * returns NULL or a static description of the first problem.
 */
const char *ir_validate(const struct ir_shader *s, char *buf, size_t size);

/* Passes (pass_*.c); each returns true when it changed something. */
bool ir_fold_constants(struct ir_shader *s);
bool ir_copy_propagate(struct ir_shader *s);
bool ir_cse(struct ir_shader *s);
bool ir_dce(struct ir_shader *s);
bool ir_coalesce(struct ir_shader *s);
bool ir_licm(struct ir_shader *s);
bool ir_hoist_uniform(struct ir_shader *s);
bool ir_simplify_cf(struct ir_shader *s);
bool ir_if_convert(struct ir_shader *s);
bool ir_combine(struct ir_shader *s);
void ir_divergence(struct ir_shader *s);
/* Gives each use of a descriptor its own load just before it (pass_remat.c). */
bool ir_rematerialize_descriptors(struct ir_shader *s);

/*
 * Register allocation (regalloc.c): assigns vals[].reg and spill slots with
 * at most @max_vregs vector registers (EMBER_ISA_NUM_VREGS normally; tests
 * pass fewer to force spilling). Returns 0; -EAGAIN when it demoted values
 * to vector registers (rerun divergence analysis, then allocation);
 * -ENOSPC when the descriptors live at once do not fit in @max_uregs
 * (ir_rematerialize_descriptors(), then allocate again); -ENOMEM.
 */
struct ir_regalloc_result {
	uint32_t vregs, uregs;		/* registers used (highest + 1) */
	uint32_t spilled;		/* values spilled to scratch */
};
int ir_regalloc(struct ir_shader *s, uint32_t max_vregs, uint32_t max_uregs,
		struct ir_regalloc_result *result);

#endif /* EMBER_CC_IR_H */
