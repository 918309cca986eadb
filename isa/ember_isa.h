/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The Ember ISA
 *
 * The single source of truth of the shader instruction set
 * (Documentation/gpu/ember-isa.rst): the opcode list, the decoded
 * instruction, the binary encoding and the shader binary header. The
 * compiler builds struct ember_isa_insn values and calls
 * ember_isa_encode(); the shader core, the disassembler and the tests call
 * ember_isa_decode(). Nobody packs instruction bits by hand.
 *
 * A wave is 32 lanes. Register files: vector v0..v255 (32 bits per lane),
 * uniform u0..u127 (32 bits per wave), predicates p0..p7 (32-bit lane
 * masks). 64-bit values live in even-aligned pairs (low half first),
 * 128-bit values in 4-aligned quads.
 *
 * Encoding: every instruction is 16 bytes, two little-endian 64-bit words.
 * Word 0 holds the opcode, type, modifier, guard predicate and four
 * operand fields (destination, three sources); word 1 holds two 32-bit
 * literal slots. Immediates live in the literal slots; an instruction with a
 * jump target keeps it (an instruction index from the start of the code)
 * in slot 1. The bit layout is in the EMBER_ISA_W0_* macros below.
 *
 * The opcode list is an X-macro (EMBER_ISA_OPCODES) so that the enum, the
 * info table and the names come from one list.
 */

#ifndef EMBER_ISA_H
#define EMBER_ISA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The shader binary's header and resource table, and the descriptors, as
 * the hardware contract describes them (hw/ember_hw.xml, generated).
 */
#include "ember_shader_hw.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EMBER_ISA_VERSION_MAJOR		1
/*
 * 1.1: LDGA/STGA/ATOMGA (global memory through per-lane 64-bit addresses);
 * SGREDUCE/SGISCAN/SGESCAN on 64-bit integer pairs.
 * 1.2: images, samplers and texel buffers (LDIMGDESC .. IMGQUERY) and the
 * resource kinds 3..8.
 * 1.3: 16-byte resource-table entries, 32-bit slot and count (descriptor
 * sets of more than 65535 slots); older binaries keep their 8-byte entries.
 * 1.4: the vertex and fragment stages: the header's stage and interface
 * fields, LDIN .. TERMINATE and the graphics special registers.
 */
#define EMBER_ISA_VERSION_MINOR		5

#define EMBER_ISA_WAVE_SIZE		32
#define EMBER_ISA_NUM_VREGS		256
#define EMBER_ISA_NUM_UREGS		128
#define EMBER_ISA_NUM_PREGS		8
#define EMBER_ISA_INSN_SIZE		16
/* Limits a shader binary may ask for (checked when a dispatch starts). */
#define EMBER_ISA_MAX_WORKGROUP_SIZE	1024
#define EMBER_ISA_MAX_SHARED_BYTES	65536
#define EMBER_ISA_MAX_SCRATCH_BYTES	16384	/* per lane */
#define EMBER_ISA_MAX_PUSH_BYTES	256
#define EMBER_ISA_MAX_SETS		8
#define EMBER_ISA_MAX_STACK_DEPTH	64	/* IF/LOOP nesting of a wave */

/*
 * Shader stages (the header's stage, ISA 1.4). A vertex wave is 32
 * vertices; a fragment wave is up to 8 quads of 2x2 pixels, lane 4k + p
 * being pixel p of quad k in the order (x,y) (x+1,y) (x,y+1) (x+1,y+1).
 */
enum ember_isa_stage {
	EMBER_ISA_STAGE_COMPUTE = 0,
	EMBER_ISA_STAGE_VERTEX,
	EMBER_ISA_STAGE_FRAGMENT,
	EMBER_ISA_NUM_STAGES,
};
#define EMBER_ISA_STAGE_BIT(s)		(1u << EMBER_ISA_STAGE_##s)
#define EMBER_ISA_MAX_IO_SLOTS		32	/* vec4 inputs or outputs */
#define EMBER_ISA_MAX_COLOR_OUTPUTS	8	/* fragment outputs: locations 0..7 */
#define EMBER_ISA_MAX_CLIP_CULL		8	/* clip + cull distances */
#define EMBER_ISA_QUADS_PER_WAVE	(EMBER_ISA_WAVE_SIZE / 4)
/* The header's fragment_flags. */
#define EMBER_ISA_FS_DEPTH_WRITE	0x01u	/* writes FragDepth */
#define EMBER_ISA_FS_DEPTH_MODE		0x06u	/* with DEPTH_WRITE: enum below << 1 */
#define EMBER_ISA_FS_SAMPLE_MASK_WRITE	0x08u	/* writes SampleMask */
#define EMBER_ISA_FS_EARLY_TESTS	0x10u	/* EarlyFragmentTests */
#define EMBER_ISA_FS_SAMPLE_RATE	0x20u	/* one invocation per covered sample */
#define EMBER_ISA_FS_DISCARD		0x40u	/* may DEMOTE or TERMINATE */
#define EMBER_ISA_FS_ALL		0x7fu
enum ember_isa_depth_mode {
	EMBER_ISA_DEPTH_ANY = 0,	/* DepthReplacing alone */
	EMBER_ISA_DEPTH_GREATER,
	EMBER_ISA_DEPTH_LESS,
	EMBER_ISA_DEPTH_UNCHANGED,
};
/* The header's vertex_flags. */
#define EMBER_ISA_VS_POINT_SIZE		0x01u	/* writes PointSize */
#define EMBER_ISA_VS_LAYER		0x02u	/* writes Layer */
#define EMBER_ISA_VS_VIEWPORT_INDEX	0x04u	/* writes ViewportIndex (since 1.5) */
#define EMBER_ISA_VS_ALL		0x07u

/* Operand kinds of a decoded instruction. */
enum ember_isa_kind {
	EMBER_ISA_NONE = 0,
	EMBER_ISA_VREG,		/* v0..v255 */
	EMBER_ISA_UREG,		/* u0..u127 */
	EMBER_ISA_IMM,		/* a 32-bit literal */
	EMBER_ISA_PRED,		/* p0..p7 */
};

/*
 * Data types (the .type suffix). The width of a typed operand: 1 register
 * for 8/16/32-bit types, a pair for 64-bit, a quad for B128.
 */
enum ember_isa_type {
	EMBER_ISA_U32 = 0,
	EMBER_ISA_S32,
	EMBER_ISA_F32,
	EMBER_ISA_U64,
	EMBER_ISA_S64,
	EMBER_ISA_U8,
	EMBER_ISA_S8,
	EMBER_ISA_U16,
	EMBER_ISA_S16,
	EMBER_ISA_B128,
	EMBER_ISA_NUM_TYPES,
};

#define EMBER_ISA_T(t)		(1u << EMBER_ISA_##t)

/* Modifier of CMP: the condition. The U* forms are true on NaN too. */
enum ember_isa_cond {
	EMBER_ISA_EQ = 0, EMBER_ISA_NE, EMBER_ISA_LT, EMBER_ISA_LE,
	EMBER_ISA_GT, EMBER_ISA_GE,
	/* Floating point only: */
	EMBER_ISA_UEQ = 8, EMBER_ISA_UNE, EMBER_ISA_ULT, EMBER_ISA_ULE,
	EMBER_ISA_UGT, EMBER_ISA_UGE, EMBER_ISA_ORD, EMBER_ISA_UNO,
};

/* Modifier of ATOMG/ATOMS: the operation. */
enum ember_isa_atomic_op {
	EMBER_ISA_ATOM_ADD = 0, EMBER_ISA_ATOM_SMIN, EMBER_ISA_ATOM_UMIN,
	EMBER_ISA_ATOM_SMAX, EMBER_ISA_ATOM_UMAX, EMBER_ISA_ATOM_AND,
	EMBER_ISA_ATOM_OR, EMBER_ISA_ATOM_XOR, EMBER_ISA_ATOM_XCHG,
	EMBER_ISA_ATOM_CMPXCHG,
	EMBER_ISA_NUM_ATOMIC_OPS,
};

/*
 * Modifier of TEXL/TEXG (sampling): flags. DREF: a depth comparison with
 * the reference in the address group, one result register; OFFSET: a
 * packed texel offset in the address group (see ember-isa.rst, "Images").
 */
#define EMBER_ISA_TEX_DREF		0x01u
#define EMBER_ISA_TEX_OFFSET		0x02u
/* Modifier of GATHER: the component (0..3) and flags. */
#define EMBER_ISA_GATHER_COMPONENT	0x03u
#define EMBER_ISA_GATHER_DREF		0x04u
#define EMBER_ISA_GATHER_OFFSET		0x08u	/* one offset for the four texels */
#define EMBER_ISA_GATHER_OFFSETS	0x10u	/* four offsets, one per texel */
/* Modifier of FETCH: flags. */
#define EMBER_ISA_FETCH_OFFSET		0x01u
/* Modifier of TEX (implicit LOD): TEXL's flags, and a per-lane LOD bias. */
#define EMBER_ISA_TEX_BIAS		0x04u
/*
 * Modifier of INTERP: the interpolation (bits 0..1) and where (bits
 * 2..4). AT_SAMPLE takes a per-lane sample index, AT_OFFSET a per-lane
 * (x, y) offset pair from the pixel centre.
 */
#define EMBER_ISA_INTERP_KIND		0x03u
#define EMBER_ISA_INTERP_SMOOTH		0x00u
#define EMBER_ISA_INTERP_NOPERSPECTIVE	0x01u
#define EMBER_ISA_INTERP_FLAT		0x02u
#define EMBER_ISA_INTERP_WHERE		0x1cu
#define EMBER_ISA_INTERP_CENTER		0x00u
#define EMBER_ISA_INTERP_CENTROID	0x04u
#define EMBER_ISA_INTERP_SAMPLE		0x08u
#define EMBER_ISA_INTERP_AT_SAMPLE	0x0cu
#define EMBER_ISA_INTERP_AT_OFFSET	0x10u
/* Modifier of DDX/DDY: fine (0, per pixel) or coarse (one per quad). */
#define EMBER_ISA_DERIV_COARSE		0x01u
/* Modifier of OSTORE: the built-in output written. */
enum ember_isa_output {
	EMBER_ISA_OUT_POSITION_X = 0,	/* vertex: Position */
	EMBER_ISA_OUT_POSITION_Y,
	EMBER_ISA_OUT_POSITION_Z,
	EMBER_ISA_OUT_POSITION_W,
	EMBER_ISA_OUT_POINT_SIZE,
	EMBER_ISA_OUT_CLIP_DISTANCE0,	/* ClipDistance[0..7] */
	EMBER_ISA_OUT_CULL_DISTANCE0 = EMBER_ISA_OUT_CLIP_DISTANCE0 + 8,
	EMBER_ISA_OUT_LAYER = EMBER_ISA_OUT_CULL_DISTANCE0 + 8,
	EMBER_ISA_OUT_FRAG_DEPTH,	/* fragment: FragDepth */
	EMBER_ISA_OUT_SAMPLE_MASK,	/* fragment: SampleMask[0] */
	EMBER_ISA_OUT_VIEWPORT_INDEX,	/* vertex: ViewportIndex (since 1.5) */
	EMBER_ISA_NUM_OUTPUTS,
};
/* Modifier of IMGQUERY: what is asked. */
enum ember_isa_image_query {
	EMBER_ISA_QUERY_LEVELS = 0,
	EMBER_ISA_QUERY_SAMPLES,
	EMBER_ISA_NUM_QUERIES,
};

/* Modifier of the subgroup arithmetic (SGREDUCE/SGISCAN/SGESCAN). */
enum ember_isa_sg_op {
	EMBER_ISA_SG_ADD = 0, EMBER_ISA_SG_MUL, EMBER_ISA_SG_MIN,
	EMBER_ISA_SG_MAX, EMBER_ISA_SG_AND, EMBER_ISA_SG_OR, EMBER_ISA_SG_XOR,
	EMBER_ISA_NUM_SG_OPS,
};

/* Modifier of MEMBAR: the scope the ordering applies to. */
enum ember_isa_scope {
	EMBER_ISA_SCOPE_WORKGROUP = 0,
	EMBER_ISA_SCOPE_DEVICE,
	EMBER_ISA_NUM_SCOPES,
};

/* Modifier of S2R: the special register (V: per lane, U: per wave). */
enum ember_isa_sr {
	EMBER_ISA_SR_LANE_ID = 0,	/* V: 0..31 */
	EMBER_ISA_SR_LOCAL_ID_X,	/* V: gl_LocalInvocationID */
	EMBER_ISA_SR_LOCAL_ID_Y,
	EMBER_ISA_SR_LOCAL_ID_Z,
	EMBER_ISA_SR_LOCAL_INDEX,	/* V: gl_LocalInvocationIndex */
	EMBER_ISA_SR_WAVE_ID,		/* U: gl_SubgroupID */
	EMBER_ISA_SR_NUM_WAVES,		/* U: gl_NumSubgroups */
	EMBER_ISA_SR_GROUP_ID_X,	/* U: gl_WorkGroupID (base included) */
	EMBER_ISA_SR_GROUP_ID_Y,
	EMBER_ISA_SR_GROUP_ID_Z,
	EMBER_ISA_SR_NUM_GROUPS_X,	/* U: gl_NumWorkGroups */
	EMBER_ISA_SR_NUM_GROUPS_Y,
	EMBER_ISA_SR_NUM_GROUPS_Z,
	EMBER_ISA_SR_EXEC,		/* U: the active lane mask */
	EMBER_ISA_SR_LANE_MASK_EQ,	/* V: gl_SubgroupEqMask etc. */
	EMBER_ISA_SR_LANE_MASK_LT,
	EMBER_ISA_SR_LANE_MASK_LE,
	EMBER_ISA_SR_LANE_MASK_GT,
	EMBER_ISA_SR_LANE_MASK_GE,
	/* ISA 1.4, vertex stage. */
	EMBER_ISA_SR_VERTEX_INDEX,	/* V: VertexIndex (base vertex included) */
	EMBER_ISA_SR_INSTANCE_INDEX,	/* V: InstanceIndex (base instance included) */
	EMBER_ISA_SR_BASE_VERTEX,	/* U: BaseVertex (vertexOffset when indexed) */
	EMBER_ISA_SR_BASE_INSTANCE,	/* U: BaseInstance */
	EMBER_ISA_SR_DRAW_INDEX,	/* U: DrawIndex */
	EMBER_ISA_SR_VIEW_INDEX,	/* U: ViewIndex (vertex and fragment) */
	/* ISA 1.4, fragment stage. */
	EMBER_ISA_SR_FRAG_COORD_X,	/* V: FragCoord, f32 */
	EMBER_ISA_SR_FRAG_COORD_Y,
	EMBER_ISA_SR_FRAG_COORD_Z,
	EMBER_ISA_SR_FRAG_COORD_W,
	EMBER_ISA_SR_FRONT_FACING,	/* V: 1 or 0 */
	EMBER_ISA_SR_SAMPLE_ID,		/* V: SampleId */
	EMBER_ISA_SR_SAMPLE_POS_X,	/* V: SamplePosition, f32 in [0, 1) */
	EMBER_ISA_SR_SAMPLE_POS_Y,
	EMBER_ISA_SR_SAMPLE_MASK_IN,	/* V: SampleMask[0] input */
	EMBER_ISA_SR_HELPER_INVOCATION,	/* V: 1 for helpers (demoted too) */
	EMBER_ISA_SR_PRIMITIVE_ID,	/* V: PrimitiveId */
	EMBER_ISA_SR_LAYER,		/* V: Layer input */
	EMBER_ISA_SR_POINT_COORD_X,	/* V: PointCoord, f32 */
	EMBER_ISA_SR_POINT_COORD_Y,
	EMBER_ISA_NUM_SRS,
};

/*
 * Operand specifications of the opcode table: the kinds allowed
 * (EMBER_ISA_K_*, none at all: the operand must be absent) and the width.
 */
#define EMBER_ISA_K_V		0x01u
#define EMBER_ISA_K_U		0x02u
#define EMBER_ISA_K_I		0x04u
#define EMBER_ISA_K_P		0x08u
#define EMBER_ISA_K_OPT		0x10u	/* may also be absent */
#define EMBER_ISA_K_VUI		(EMBER_ISA_K_V | EMBER_ISA_K_U | EMBER_ISA_K_I)
#define EMBER_ISA_K_UI		(EMBER_ISA_K_U | EMBER_ISA_K_I)
#define EMBER_ISA_K_VU		(EMBER_ISA_K_V | EMBER_ISA_K_U)
/* Width in registers: from the type, or fixed. */
#define EMBER_ISA_W_TYPE	0x000u
#define EMBER_ISA_W_1		0x100u
#define EMBER_ISA_W_2		0x200u
#define EMBER_ISA_W_4		0x400u
#define EMBER_ISA_W_8		0x300u	/* a sampler descriptor */
#define EMBER_ISA_W_16		0x500u	/* an image descriptor */
/* An image instruction's address group or result: by opcode and modifier. */
#define EMBER_ISA_W_GROUP	0x600u
#define EMBER_ISA_W_MASK	0x700u

/* Opcode flags. */
#define EMBER_ISA_F_TARGET	0x01u	/* has a jump target (literal slot 1) */
#define EMBER_ISA_F_UNIFORM_OK	0x02u	/* dst may be uniform if no source is V */
#define EMBER_ISA_F_NO_GUARD	0x04u	/* a guard predicate is illegal */
#define EMBER_ISA_F_CONTROL	0x08u	/* control flow: changes the mask or PC */
#define EMBER_ISA_F_MEMORY	0x10u	/* reads or writes memory */
#define EMBER_ISA_F_CROSS_LANE	0x20u	/* a uniform dst may come from lanes */
/*
 * Stages an opcode is legal in (ISA 1.4; none of these bits: every stage).
 * S2R and OSTORE are checked by modifier (ember_isa_check_stage()).
 */
#define EMBER_ISA_F_COMPUTE	0x40u	/* compute only */
#define EMBER_ISA_F_VERTEX	0x80u	/* vertex (or other graphics bits) only */
#define EMBER_ISA_F_FRAGMENT	0x100u	/* fragment (or other graphics bits) only */
#define EMBER_ISA_F_STAGES	(EMBER_ISA_F_COMPUTE | EMBER_ISA_F_VERTEX | EMBER_ISA_F_FRAGMENT)

/*
 * X(NAME, "name", dst, src0, src1, src2, types, flags). Operand specs are
 * EMBER_ISA_K_* | EMBER_ISA_W_*; 0 means "no operand". Full semantics in
 * Documentation/gpu/ember-isa.rst.
 */
#define EMBER_ISA_V		EMBER_ISA_K_V
#define EMBER_ISA_P		EMBER_ISA_K_P
#define EMBER_ISA_VUI		EMBER_ISA_K_VUI
#define EMBER_ISA_VUP		(EMBER_ISA_K_V | EMBER_ISA_K_U | EMBER_ISA_K_P)
#define EMBER_ISA_T32		EMBER_ISA_T(U32)
#define EMBER_ISA_TI		(EMBER_ISA_T(U32) | EMBER_ISA_T(U64))
#define EMBER_ISA_TSU		(EMBER_ISA_T(U32) | EMBER_ISA_T(S32))
#define EMBER_ISA_TSU64		(EMBER_ISA_TSU | EMBER_ISA_T(U64) | EMBER_ISA_T(S64))
#define EMBER_ISA_TF		EMBER_ISA_T(F32)
#define EMBER_ISA_TLD		(EMBER_ISA_T(U8) | EMBER_ISA_T(S8) | EMBER_ISA_T(U16) | \
				 EMBER_ISA_T(S16) | EMBER_ISA_T(U32) | EMBER_ISA_T(U64) | \
				 EMBER_ISA_T(B128))
#define EMBER_ISA_TST		(EMBER_ISA_T(U8) | EMBER_ISA_T(U16) | EMBER_ISA_T(U32) | \
				 EMBER_ISA_T(U64) | EMBER_ISA_T(B128))
#define EMBER_ISA_TU		(EMBER_ISA_T(U32) | EMBER_ISA_T(U64) | EMBER_ISA_T(B128))
#define EMBER_ISA_W1		EMBER_ISA_W_1
#define EMBER_ISA_W2		EMBER_ISA_W_2
#define EMBER_ISA_W4		EMBER_ISA_W_4
#define EMBER_ISA_UNI		EMBER_ISA_F_UNIFORM_OK
/* An optional immediate byte offset added to every lane's offset. */
#define EMBER_ISA_IOFF		(EMBER_ISA_K_I | EMBER_ISA_K_OPT | EMBER_ISA_W_1)
/* Image and sampler descriptors in uniform registers; an address group. */
#define EMBER_ISA_IMGD		(EMBER_ISA_K_U | EMBER_ISA_W_16)
#define EMBER_ISA_SMPD		(EMBER_ISA_K_U | EMBER_ISA_W_8)
#define EMBER_ISA_GRP		(EMBER_ISA_K_V | EMBER_ISA_W_GROUP)
#define EMBER_ISA_CTL		(EMBER_ISA_F_CONTROL | EMBER_ISA_F_NO_GUARD)
#define EMBER_ISA_MEM		EMBER_ISA_F_MEMORY
#define EMBER_ISA_ALU1(X, N, n, t)	X(N, n, EMBER_ISA_K_VU, EMBER_ISA_VUI, 0, 0, t, EMBER_ISA_UNI)
#define EMBER_ISA_ALU2(X, N, n, t)	X(N, n, EMBER_ISA_K_VU, EMBER_ISA_VUI, EMBER_ISA_VUI, 0, t, EMBER_ISA_UNI)
#define EMBER_ISA_ALU3(X, N, n, t)	X(N, n, EMBER_ISA_K_VU, EMBER_ISA_VUI, EMBER_ISA_VUI, EMBER_ISA_VUI, t, EMBER_ISA_UNI)

#define EMBER_ISA_OPCODES(X) \
	/* Control flow and synchronisation. */ \
	X(NOP,      "nop",      0, 0, 0, 0, EMBER_ISA_T32, EMBER_ISA_F_NO_GUARD) \
	X(END,      "end",      0, 0, 0, 0, EMBER_ISA_T32, EMBER_ISA_CTL) \
	X(BRA,      "bra",      0, 0, 0, 0, EMBER_ISA_T32, EMBER_ISA_CTL | EMBER_ISA_F_TARGET) \
	X(BRZ,      "brz",      0, EMBER_ISA_K_U, 0, 0, EMBER_ISA_T32, EMBER_ISA_CTL | EMBER_ISA_F_TARGET) \
	X(BRNZ,     "brnz",     0, EMBER_ISA_K_U, 0, 0, EMBER_ISA_T32, EMBER_ISA_CTL | EMBER_ISA_F_TARGET) \
	X(IF,       "if",       0, EMBER_ISA_P, 0, 0, EMBER_ISA_T32, EMBER_ISA_CTL | EMBER_ISA_F_TARGET) \
	X(ELSE,     "else",     0, 0, 0, 0, EMBER_ISA_T32, EMBER_ISA_CTL | EMBER_ISA_F_TARGET) \
	X(ENDIF,    "endif",    0, 0, 0, 0, EMBER_ISA_T32, EMBER_ISA_CTL) \
	X(LOOP,     "loop",     0, 0, 0, 0, EMBER_ISA_T32, EMBER_ISA_CTL | EMBER_ISA_F_TARGET) \
	X(ENDLOOP,  "endloop",  0, 0, 0, 0, EMBER_ISA_T32, EMBER_ISA_CTL | EMBER_ISA_F_TARGET) \
	X(BREAK,    "break",    0, EMBER_ISA_P, 0, 0, EMBER_ISA_T32, EMBER_ISA_CTL) \
	X(CONTINUE, "continue", 0, EMBER_ISA_P, 0, 0, EMBER_ISA_T32, EMBER_ISA_CTL) \
	X(BAR,      "bar",      0, 0, 0, 0, EMBER_ISA_T32, EMBER_ISA_CTL | EMBER_ISA_F_COMPUTE) \
	X(MEMBAR,   "membar",   0, 0, 0, 0, EMBER_ISA_T32, EMBER_ISA_F_NO_GUARD) \
	/* Moves, selects, special registers, predicates. */ \
	X(MOV,      "mov",      EMBER_ISA_K_VU, EMBER_ISA_VUI, 0, 0, EMBER_ISA_TI, EMBER_ISA_UNI) \
	X(SEL,      "sel",      EMBER_ISA_V, EMBER_ISA_P | EMBER_ISA_W1, EMBER_ISA_VUI, EMBER_ISA_VUI, EMBER_ISA_TI, 0) \
	X(S2R,      "s2r",      EMBER_ISA_K_VU, 0, 0, 0, EMBER_ISA_T32, EMBER_ISA_UNI) \
	X(PAND,     "pand",     EMBER_ISA_P, EMBER_ISA_P, EMBER_ISA_P, 0, EMBER_ISA_T32, 0) \
	X(POR,      "por",      EMBER_ISA_P, EMBER_ISA_P, EMBER_ISA_P, 0, EMBER_ISA_T32, 0) \
	X(PXOR,     "pxor",     EMBER_ISA_P, EMBER_ISA_P, EMBER_ISA_P, 0, EMBER_ISA_T32, 0) \
	X(PNOT,     "pnot",     EMBER_ISA_P, EMBER_ISA_P, 0, 0, EMBER_ISA_T32, 0) \
	X(U2P,      "u2p",      EMBER_ISA_P, EMBER_ISA_K_UI, 0, 0, EMBER_ISA_T32, 0) \
	X(CMP,      "cmp",      EMBER_ISA_VUP | EMBER_ISA_W1, EMBER_ISA_VUI, EMBER_ISA_VUI, 0, \
	  EMBER_ISA_TSU64 | EMBER_ISA_TF, EMBER_ISA_UNI) \
	/* Integer arithmetic (32-bit, and 64-bit in pairs with .u64/.s64). */ \
	EMBER_ISA_ALU2(X, IADD,     "iadd",     EMBER_ISA_TI) \
	EMBER_ISA_ALU2(X, ISUB,     "isub",     EMBER_ISA_TI) \
	EMBER_ISA_ALU2(X, IMUL,     "imul",     EMBER_ISA_TI) \
	EMBER_ISA_ALU2(X, IMULHI,   "imulhi",   EMBER_ISA_TSU) \
	X(IMULWIDE, "imulwide", EMBER_ISA_K_VU | EMBER_ISA_W2, \
	  EMBER_ISA_VUI | EMBER_ISA_W1, EMBER_ISA_VUI | EMBER_ISA_W1, 0, EMBER_ISA_TSU, EMBER_ISA_UNI) \
	EMBER_ISA_ALU3(X, IMAD,     "imad",     EMBER_ISA_T32) \
	EMBER_ISA_ALU1(X, INEG,     "ineg",     EMBER_ISA_TI) \
	EMBER_ISA_ALU1(X, IABS,     "iabs",     EMBER_ISA_T(S32) | EMBER_ISA_T(S64)) \
	EMBER_ISA_ALU2(X, IMIN,     "imin",     EMBER_ISA_TSU64) \
	EMBER_ISA_ALU2(X, IMAX,     "imax",     EMBER_ISA_TSU64) \
	EMBER_ISA_ALU2(X, IDIV,     "idiv",     EMBER_ISA_TSU64) \
	EMBER_ISA_ALU2(X, IREM,     "irem",     EMBER_ISA_TSU64) \
	EMBER_ISA_ALU2(X, IMOD,     "imod",     EMBER_ISA_T(S32) | EMBER_ISA_T(S64)) \
	EMBER_ISA_ALU2(X, AND,      "and",      EMBER_ISA_TI) \
	EMBER_ISA_ALU2(X, OR,       "or",       EMBER_ISA_TI) \
	EMBER_ISA_ALU2(X, XOR,      "xor",      EMBER_ISA_TI) \
	EMBER_ISA_ALU1(X, NOT,      "not",      EMBER_ISA_TI) \
	X(SHL,      "shl",      EMBER_ISA_K_VU, EMBER_ISA_VUI, EMBER_ISA_VUI | EMBER_ISA_W1, 0, \
	  EMBER_ISA_TI, EMBER_ISA_UNI) \
	X(SHR,      "shr",      EMBER_ISA_K_VU, EMBER_ISA_VUI, EMBER_ISA_VUI | EMBER_ISA_W1, 0, \
	  EMBER_ISA_TSU64, EMBER_ISA_UNI) \
	EMBER_ISA_ALU3(X, BFE,      "bfe",      EMBER_ISA_TSU) \
	EMBER_ISA_ALU2(X, BFM,      "bfm",      EMBER_ISA_T32) \
	EMBER_ISA_ALU3(X, BFI,      "bfi",      EMBER_ISA_T32) \
	EMBER_ISA_ALU1(X, POPCNT,   "popcnt",   EMBER_ISA_T32) \
	EMBER_ISA_ALU1(X, FINDLSB,  "findlsb",  EMBER_ISA_T32) \
	EMBER_ISA_ALU1(X, FINDMSB,  "findmsb",  EMBER_ISA_TSU) \
	EMBER_ISA_ALU1(X, BREV,     "brev",     EMBER_ISA_T32) \
	X(SEXT,     "sext",     EMBER_ISA_K_VU | EMBER_ISA_W2, EMBER_ISA_VUI | EMBER_ISA_W1, 0, 0, \
	  EMBER_ISA_T32, EMBER_ISA_UNI) \
	/* 32-bit floating point. */ \
	EMBER_ISA_ALU2(X, FADD,     "fadd",     EMBER_ISA_TF) \
	EMBER_ISA_ALU2(X, FSUB,     "fsub",     EMBER_ISA_TF) \
	EMBER_ISA_ALU2(X, FMUL,     "fmul",     EMBER_ISA_TF) \
	EMBER_ISA_ALU3(X, FFMA,     "ffma",     EMBER_ISA_TF) \
	EMBER_ISA_ALU2(X, FDIV,     "fdiv",     EMBER_ISA_TF) \
	EMBER_ISA_ALU2(X, FMIN,     "fmin",     EMBER_ISA_TF) \
	EMBER_ISA_ALU2(X, FMAX,     "fmax",     EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FNEG,     "fneg",     EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FABS,     "fabs",     EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FSIGN,    "fsign",    EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FFLOOR,   "ffloor",   EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FCEIL,    "fceil",    EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FFRACT,   "ffract",   EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FROUND,   "fround",   EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FROUNDEVEN, "froundeven", EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FTRUNC,   "ftrunc",   EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FSQRT,    "fsqrt",    EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FRSQ,     "frsq",     EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FRCP,     "frcp",     EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FEXP2,    "fexp2",    EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FLOG2,    "flog2",    EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FEXP,     "fexp",     EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FLOG,     "flog",     EMBER_ISA_TF) \
	EMBER_ISA_ALU2(X, FPOW,     "fpow",     EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FSIN,     "fsin",     EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FCOS,     "fcos",     EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FTAN,     "ftan",     EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FASIN,    "fasin",    EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FACOS,    "facos",    EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FATAN,    "fatan",    EMBER_ISA_TF) \
	EMBER_ISA_ALU2(X, FATAN2,   "fatan2",   EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FSINH,    "fsinh",    EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FCOSH,    "fcosh",    EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FTANH,    "ftanh",    EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FASINH,   "fasinh",   EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FACOSH,   "facosh",   EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FATANH,   "fatanh",   EMBER_ISA_TF) \
	EMBER_ISA_ALU2(X, FMOD,     "fmod",     EMBER_ISA_TF) \
	EMBER_ISA_ALU2(X, FREM,     "frem",     EMBER_ISA_TF) \
	EMBER_ISA_ALU2(X, FLDEXP,   "fldexp",   EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FFREXPM,  "ffrexpm",  EMBER_ISA_TF) \
	EMBER_ISA_ALU1(X, FFREXPE,  "ffrexpe",  EMBER_ISA_TF) \
	/* Conversions; .type names the integer side. */ \
	X(I2F,      "i2f",      EMBER_ISA_K_VU | EMBER_ISA_W1, EMBER_ISA_VUI, 0, 0, EMBER_ISA_TSU64, EMBER_ISA_UNI) \
	X(F2I,      "f2i",      EMBER_ISA_K_VU, EMBER_ISA_VUI | EMBER_ISA_W1, 0, 0, EMBER_ISA_TSU64, EMBER_ISA_UNI) \
	EMBER_ISA_ALU1(X, F2F16,    "f2f16",    EMBER_ISA_T32) \
	EMBER_ISA_ALU1(X, F16F,     "f16f",     EMBER_ISA_T32) \
	/* Memory: global (buffer descriptor in a uniform quad), uniform, shared, scratch, push constants. */ \
	X(LDG,      "ldg",      EMBER_ISA_V, EMBER_ISA_K_U | EMBER_ISA_W4, EMBER_ISA_VUI | EMBER_ISA_W1, EMBER_ISA_IOFF, \
	  EMBER_ISA_TLD, EMBER_ISA_MEM) \
	X(STG,      "stg",      0, EMBER_ISA_K_U | EMBER_ISA_W4, EMBER_ISA_VUI | EMBER_ISA_W1, EMBER_ISA_VUI, EMBER_ISA_TST, EMBER_ISA_MEM) \
	X(LDU,      "ldu",      EMBER_ISA_K_U, EMBER_ISA_K_U | EMBER_ISA_W4, EMBER_ISA_K_UI | EMBER_ISA_W1, 0, \
	  EMBER_ISA_TU, EMBER_ISA_MEM | EMBER_ISA_F_NO_GUARD) \
	X(ATOMG,    "atomg",    EMBER_ISA_V | EMBER_ISA_K_OPT, EMBER_ISA_K_U | EMBER_ISA_W4, EMBER_ISA_VUI | EMBER_ISA_W1, \
	  EMBER_ISA_VUI, EMBER_ISA_TI, EMBER_ISA_MEM) \
	X(LDS,      "lds",      EMBER_ISA_V, EMBER_ISA_VUI | EMBER_ISA_W1, EMBER_ISA_IOFF, 0, EMBER_ISA_TLD, \
	  EMBER_ISA_MEM | EMBER_ISA_F_COMPUTE) \
	X(STS,      "sts",      0, EMBER_ISA_VUI | EMBER_ISA_W1, EMBER_ISA_VUI, EMBER_ISA_IOFF, EMBER_ISA_TST, \
	  EMBER_ISA_MEM | EMBER_ISA_F_COMPUTE) \
	X(ATOMS,    "atoms",    EMBER_ISA_V | EMBER_ISA_K_OPT, EMBER_ISA_VUI | EMBER_ISA_W1, EMBER_ISA_VUI, 0, \
	  EMBER_ISA_TI, EMBER_ISA_MEM | EMBER_ISA_F_COMPUTE) \
	X(LDSCR,    "ldscr",    EMBER_ISA_V, EMBER_ISA_VUI | EMBER_ISA_W1, 0, 0, EMBER_ISA_TU, EMBER_ISA_MEM) \
	X(STSCR,    "stscr",    0, EMBER_ISA_VUI | EMBER_ISA_W1, EMBER_ISA_VUI, 0, EMBER_ISA_TU, EMBER_ISA_MEM) \
	X(LDPUSH,   "ldpush",   EMBER_ISA_K_VU, EMBER_ISA_VUI | EMBER_ISA_W1, 0, 0, EMBER_ISA_TU, EMBER_ISA_UNI) \
	X(LDDESC,   "lddesc",   EMBER_ISA_K_U | EMBER_ISA_W4, EMBER_ISA_K_UI | EMBER_ISA_W1, EMBER_ISA_K_UI | EMBER_ISA_W1, 0, \
	  EMBER_ISA_T32, EMBER_ISA_MEM | EMBER_ISA_F_NO_GUARD) \
	/* Subgroup operations. */ \
	X(VOTEANY,  "voteany",  EMBER_ISA_VUP, EMBER_ISA_P, 0, 0, EMBER_ISA_T32, EMBER_ISA_UNI | EMBER_ISA_F_CROSS_LANE) \
	X(VOTEALL,  "voteall",  EMBER_ISA_VUP, EMBER_ISA_P, 0, 0, EMBER_ISA_T32, EMBER_ISA_UNI | EMBER_ISA_F_CROSS_LANE) \
	X(VOTEEQ,   "voteeq",   EMBER_ISA_VUP | EMBER_ISA_W1, EMBER_ISA_VUI, 0, 0, EMBER_ISA_TI, EMBER_ISA_UNI | EMBER_ISA_F_CROSS_LANE) \
	X(BALLOT,   "ballot",   EMBER_ISA_K_VU, EMBER_ISA_P, 0, 0, EMBER_ISA_T32, EMBER_ISA_UNI | EMBER_ISA_F_CROSS_LANE) \
	X(ELECT,    "elect",    EMBER_ISA_P, 0, 0, 0, EMBER_ISA_T32, 0) \
	X(READLANE, "readlane", EMBER_ISA_K_U, EMBER_ISA_VUI, EMBER_ISA_K_UI | EMBER_ISA_W1, 0, EMBER_ISA_TI, EMBER_ISA_UNI | EMBER_ISA_F_CROSS_LANE) \
	X(READFIRST, "readfirst", EMBER_ISA_K_U, EMBER_ISA_VUI, 0, 0, EMBER_ISA_TI, EMBER_ISA_UNI | EMBER_ISA_F_CROSS_LANE) \
	X(SHFL,     "shfl",     EMBER_ISA_V, EMBER_ISA_VUI, EMBER_ISA_VUI | EMBER_ISA_W1, 0, EMBER_ISA_TI, 0) \
	X(SHFLXOR,  "shflxor",  EMBER_ISA_V, EMBER_ISA_VUI, EMBER_ISA_VUI | EMBER_ISA_W1, 0, EMBER_ISA_TI, 0) \
	X(SHFLUP,   "shflup",   EMBER_ISA_V, EMBER_ISA_VUI, EMBER_ISA_VUI | EMBER_ISA_W1, 0, EMBER_ISA_TI, 0) \
	X(SHFLDOWN, "shfldown", EMBER_ISA_V, EMBER_ISA_VUI, EMBER_ISA_VUI | EMBER_ISA_W1, 0, EMBER_ISA_TI, 0) \
	X(QUADBCAST, "quadbcast", EMBER_ISA_V, EMBER_ISA_VUI, EMBER_ISA_K_UI | EMBER_ISA_W1, 0, EMBER_ISA_TI, 0) \
	X(SGREDUCE, "sgreduce", EMBER_ISA_V, EMBER_ISA_VUI, EMBER_ISA_K_I | EMBER_ISA_W1, 0, \
	  EMBER_ISA_TSU64 | EMBER_ISA_TF, 0) \
	X(SGISCAN,  "sgiscan",  EMBER_ISA_V, EMBER_ISA_VUI, 0, 0, EMBER_ISA_TSU64 | EMBER_ISA_TF, 0) \
	X(SGESCAN,  "sgescan",  EMBER_ISA_V, EMBER_ISA_VUI, 0, 0, EMBER_ISA_TSU64 | EMBER_ISA_TF, 0) \
	/* \
	 * Since 1.1, appended so earlier opcode numbers stay: global memory \
	 * through a 64-bit address pair per lane (buffer device address), \
	 * no range, plus a sign-extended immediate byte offset. \
	 */ \
	X(LDGA,     "ldga",     EMBER_ISA_V, EMBER_ISA_K_VU | EMBER_ISA_W2, EMBER_ISA_IOFF, 0, \
	  EMBER_ISA_TLD, EMBER_ISA_MEM) \
	X(STGA,     "stga",     0, EMBER_ISA_K_VU | EMBER_ISA_W2, EMBER_ISA_VUI, EMBER_ISA_IOFF, \
	  EMBER_ISA_TST, EMBER_ISA_MEM) \
	X(ATOMGA,   "atomga",   EMBER_ISA_V | EMBER_ISA_K_OPT, EMBER_ISA_K_VU | EMBER_ISA_W2, EMBER_ISA_VUI, \
	  EMBER_ISA_IOFF, EMBER_ISA_TI, EMBER_ISA_MEM) \
	/* \
	 * Since 1.2, appended: images, samplers and texel buffers through the \
	 * texture unit. Descriptors live in uniform registers: an image in 16 \
	 * (IMG), a sampler in 8 (SMP), a texel buffer in 4 (LDDESC's quad); \
	 * coordinates and the other per-lane inputs in a vector address group \
	 * whose layout the opcode and modifier give (ember-isa.rst, "Images"). \
	 */ \
	X(LDIMGDESC, "ldimgdesc", EMBER_ISA_IMGD, EMBER_ISA_K_UI | EMBER_ISA_W1, EMBER_ISA_K_UI | EMBER_ISA_W1, 0, \
	  EMBER_ISA_T32, EMBER_ISA_MEM | EMBER_ISA_F_NO_GUARD) \
	X(LDSMPDESC, "ldsmpdesc", EMBER_ISA_SMPD, EMBER_ISA_K_UI | EMBER_ISA_W1, EMBER_ISA_K_UI | EMBER_ISA_W1, 0, \
	  EMBER_ISA_T32, EMBER_ISA_MEM | EMBER_ISA_F_NO_GUARD) \
	X(TEXL,     "texl",     EMBER_ISA_GRP, EMBER_ISA_IMGD, EMBER_ISA_SMPD, EMBER_ISA_GRP, EMBER_ISA_T32, EMBER_ISA_MEM) \
	X(TEXG,     "texg",     EMBER_ISA_GRP, EMBER_ISA_IMGD, EMBER_ISA_SMPD, EMBER_ISA_GRP, EMBER_ISA_T32, EMBER_ISA_MEM) \
	X(GATHER,   "gather",   EMBER_ISA_V | EMBER_ISA_W4, EMBER_ISA_IMGD, EMBER_ISA_SMPD, EMBER_ISA_GRP, \
	  EMBER_ISA_T32, EMBER_ISA_MEM) \
	X(FETCH,    "fetch",    EMBER_ISA_V | EMBER_ISA_W4, EMBER_ISA_IMGD, EMBER_ISA_GRP, 0, EMBER_ISA_T32, EMBER_ISA_MEM) \
	X(IMGLD,    "imgld",    EMBER_ISA_V | EMBER_ISA_W4, EMBER_ISA_IMGD, EMBER_ISA_V | EMBER_ISA_W4, 0, \
	  EMBER_ISA_T32, EMBER_ISA_MEM) \
	X(IMGST,    "imgst",    0, EMBER_ISA_IMGD, EMBER_ISA_V | EMBER_ISA_W4, EMBER_ISA_V | EMBER_ISA_W4, \
	  EMBER_ISA_T32, EMBER_ISA_MEM) \
	X(IMGATOM,  "imgatom",  EMBER_ISA_V | EMBER_ISA_K_OPT, EMBER_ISA_IMGD, EMBER_ISA_V | EMBER_ISA_W4, \
	  EMBER_ISA_VUI, EMBER_ISA_T32, EMBER_ISA_MEM) \
	X(TBLD,     "tbld",     EMBER_ISA_V | EMBER_ISA_W4, EMBER_ISA_K_U | EMBER_ISA_W4, EMBER_ISA_VUI | EMBER_ISA_W1, 0, \
	  EMBER_ISA_T32, EMBER_ISA_MEM) \
	X(TBST,     "tbst",     0, EMBER_ISA_K_U | EMBER_ISA_W4, EMBER_ISA_VUI | EMBER_ISA_W1, EMBER_ISA_V | EMBER_ISA_W4, \
	  EMBER_ISA_T32, EMBER_ISA_MEM) \
	X(TBATOM,   "tbatom",   EMBER_ISA_V | EMBER_ISA_K_OPT, EMBER_ISA_K_U | EMBER_ISA_W4, EMBER_ISA_VUI | EMBER_ISA_W1, \
	  EMBER_ISA_VUI, EMBER_ISA_T32, EMBER_ISA_MEM) \
	X(IMGSIZE,  "imgsize",  EMBER_ISA_K_VU | EMBER_ISA_W4, EMBER_ISA_IMGD, EMBER_ISA_VUI | EMBER_ISA_W1, 0, \
	  EMBER_ISA_T32, EMBER_ISA_UNI | EMBER_ISA_MEM) \
	X(IMGQUERY, "imgquery", EMBER_ISA_K_VU | EMBER_ISA_W1, EMBER_ISA_IMGD, 0, 0, EMBER_ISA_T32, \
	  EMBER_ISA_UNI | EMBER_ISA_MEM) \
	/* \
	 * Since 1.4, appended: the vertex and fragment stages \
	 * (ember-isa.rst, "Graphics stages"). Slots are location * 4 + \
	 * component, an immediate or uniform register. \
	 */ \
	X(LDIN,     "ldin",     EMBER_ISA_V, EMBER_ISA_K_UI | EMBER_ISA_W1, 0, 0, EMBER_ISA_TI, EMBER_ISA_F_VERTEX) \
	X(INTERP,   "interp",   EMBER_ISA_V | EMBER_ISA_W1, EMBER_ISA_K_UI | EMBER_ISA_W1, \
	  EMBER_ISA_VUI | EMBER_ISA_K_OPT | EMBER_ISA_W_GROUP, 0, EMBER_ISA_T32, EMBER_ISA_F_FRAGMENT) \
	X(STOUT,    "stout",    0, EMBER_ISA_K_UI | EMBER_ISA_W1, EMBER_ISA_VUI, 0, EMBER_ISA_TI, \
	  EMBER_ISA_F_VERTEX | EMBER_ISA_F_FRAGMENT) \
	X(OSTORE,   "ostore",   0, EMBER_ISA_VUI | EMBER_ISA_W1, 0, 0, EMBER_ISA_T32, \
	  EMBER_ISA_F_VERTEX | EMBER_ISA_F_FRAGMENT) \
	X(DDX,      "ddx",      EMBER_ISA_V, EMBER_ISA_VUI, 0, 0, EMBER_ISA_TF, EMBER_ISA_F_FRAGMENT) \
	X(DDY,      "ddy",      EMBER_ISA_V, EMBER_ISA_VUI, 0, 0, EMBER_ISA_TF, EMBER_ISA_F_FRAGMENT) \
	X(TEX,      "tex",      EMBER_ISA_GRP, EMBER_ISA_IMGD, EMBER_ISA_SMPD, EMBER_ISA_GRP, EMBER_ISA_T32, \
	  EMBER_ISA_MEM | EMBER_ISA_F_FRAGMENT) \
	X(QUERYLOD, "querylod", EMBER_ISA_V | EMBER_ISA_W2, EMBER_ISA_IMGD, EMBER_ISA_SMPD, EMBER_ISA_GRP, \
	  EMBER_ISA_T32, EMBER_ISA_MEM | EMBER_ISA_F_FRAGMENT) \
	X(DEMOTE,   "demote",   0, 0, 0, 0, EMBER_ISA_T32, EMBER_ISA_F_FRAGMENT) \
	X(TERMINATE, "terminate", 0, 0, 0, 0, EMBER_ISA_T32, EMBER_ISA_F_CONTROL | EMBER_ISA_F_FRAGMENT)

enum ember_isa_opcode {
#define EMBER_ISA_ENUM(N, n, d, s0, s1, s2, t, f) EMBER_ISA_OP_##N,
	EMBER_ISA_OPCODES(EMBER_ISA_ENUM)
#undef EMBER_ISA_ENUM
	EMBER_ISA_NUM_OPCODES,
};

struct ember_isa_opinfo {
	const char *name;
	/** @operand: specs of dst, src0, src1, src2 (EMBER_ISA_K_* | W_*). */
	uint16_t operand[4];
	/** @types: allowed types (EMBER_ISA_T() bits); the lowest is the default. */
	uint16_t types;
	/** @flags: EMBER_ISA_F_*. */
	uint16_t flags;
};

/* NULL for an opcode out of range. */
const struct ember_isa_opinfo *ember_isa_opinfo(unsigned int opcode);
const char *ember_isa_type_name(enum ember_isa_type type);
/* Registers a value of @type occupies: 1, 2 (64-bit) or 4 (B128). */
unsigned int ember_isa_type_regs(enum ember_isa_type type);

struct ember_isa_operand {
	/** @kind: enum ember_isa_kind. */
	uint8_t kind;
	/** @index: the register number (VREG, UREG, PRED). */
	uint8_t index;
	/** @imm: the literal (IMM); sign-extended for a 64-bit operand. */
	uint32_t imm;
};

/* One decoded instruction: what the compiler builds and the core runs. */
struct ember_isa_insn {
	/** @opcode: enum ember_isa_opcode. */
	uint8_t opcode;
	/** @type: enum ember_isa_type; must be one of the opcode's types. */
	uint8_t type;
	/**
	 * @mod: cond, atomic op, subgroup op, scope, special register, image
	 * flags (EMBER_ISA_TEX_*, _GATHER_*, _FETCH_*) or image query.
	 */
	uint8_t mod;
	/** @guard: only lanes where p[guard_pred] (negated: not) is set run. */
	bool guard;
	bool guard_negate;
	uint8_t guard_pred;
	struct ember_isa_operand dst;
	struct ember_isa_operand src[3];
	/** @target: jump target, an instruction index (F_TARGET opcodes). */
	uint32_t target;
};

/*
 * Encoding of word 0 (bits): opcode 0..7, type 8..11, mod 12..17, guard
 * 18 (enable), 19 (negate), 20..22 (predicate), operands of 10 bits at
 * 23 (dst), 33, 43, 53 (src0..2); bit 63 is reserved (zero). An operand
 * field is an 8-bit index and a 2-bit class: 0 VREG, 1 UREG, 2 PRED
 * (index 0..7) or NONE (index 0xff), 3 IMM (index 0 or 1: literal slot).
 * Word 1: literal slot 0 in bits 0..31, slot 1 (or the target) in 32..63.
 */
#define EMBER_ISA_W0_OPCODE_SHIFT	0
#define EMBER_ISA_W0_TYPE_SHIFT		8
#define EMBER_ISA_W0_MOD_SHIFT		12
#define EMBER_ISA_W0_MOD_BITS		6
#define EMBER_ISA_W0_GUARD_SHIFT	18
#define EMBER_ISA_W0_OPERAND_SHIFT(i)	(23 + 10 * (i))	/* 0: dst, 1..3: srcs */
#define EMBER_ISA_CLASS_VREG		0
#define EMBER_ISA_CLASS_UREG		1
#define EMBER_ISA_CLASS_PRED		2
#define EMBER_ISA_CLASS_IMM		3
#define EMBER_ISA_INDEX_NONE		0xff

/* Errors of encode/decode/shader checks: negative values. */
enum ember_isa_error {
	EMBER_ISA_OK = 0,
	EMBER_ISA_ERR_OPCODE = -1,	/* unknown opcode */
	EMBER_ISA_ERR_TYPE = -2,	/* type not allowed for the opcode */
	EMBER_ISA_ERR_MOD = -3,		/* modifier out of range */
	EMBER_ISA_ERR_OPERAND = -4,	/* operand kind not allowed / missing */
	EMBER_ISA_ERR_REGISTER = -5,	/* index out of range or misaligned */
	EMBER_ISA_ERR_GUARD = -6,	/* guard on an opcode that forbids it */
	EMBER_ISA_ERR_LITERALS = -7,	/* too many immediates */
	EMBER_ISA_ERR_RESERVED = -8,	/* reserved bits or unused literal set */
	EMBER_ISA_ERR_UNIFORM = -9,	/* uniform dst from a per-lane source */
	EMBER_ISA_ERR_TARGET = -10,	/* jump target outside the code */
	EMBER_ISA_ERR_HEADER = -11,	/* bad shader header */
	EMBER_ISA_ERR_SIZE = -12,	/* binary too small / code size wrong */
	EMBER_ISA_ERR_STRUCTURE = -13,	/* IF/ELSE/LOOP nesting or targets */
	EMBER_ISA_ERR_LIMIT = -14,	/* a register count or size over a limit */
	EMBER_ISA_ERR_STAGE = -15,	/* an instruction the shader's stage lacks */
};

const char *ember_isa_strerror(int error);

/* Check and pack @insn into 16 bytes at @out: 0 or an ember_isa_error. */
int ember_isa_encode(const struct ember_isa_insn *insn, void *out);
/* Unpack and check 16 bytes at @in: 0 or an ember_isa_error. */
int ember_isa_decode(const void *in, struct ember_isa_insn *insn);
/* The checks ember_isa_encode() makes, alone. */
int ember_isa_check(const struct ember_isa_insn *insn);
/*
 * Is the legal instruction @insn legal in a shader of @stage (enum
 * ember_isa_stage)? 0 or EMBER_ISA_ERR_STAGE: compute-only instructions
 * (BAR, shared memory, the workgroup's special registers) outside compute,
 * graphics ones elsewhere than in their stage.
 */
int ember_isa_check_stage(const struct ember_isa_insn *insn, unsigned int stage);

/*
 * Registers operand @i (0 dst, 1..3 srcs) of @insn spans: 1, 2 or 4, a
 * descriptor's 8 or 16, an image address group's 4..12. Operands of more
 * than 4 registers are 4-aligned.
 */
unsigned int ember_isa_operand_regs(const struct ember_isa_insn *insn,
				    unsigned int i);

/*
 * Shader binary: header (struct ember_isa_header), resource table (struct
 * ember_isa_resource), code, all little-endian; see ember_shader_hw.h.
 */

/* A shader binary checked by ember_isa_shader_parse(). */
struct ember_isa_shader {
	struct ember_isa_header header;
	/**
	 * @resources: the table in the binary, entries of its version's size;
	 * read with ember_isa_shader_resource().
	 */
	const uint8_t *resources;
	const uint8_t *code;				/* in the binary */
	uint32_t num_insns;
};

/*
 * Check the header and the resource table of @size bytes at @binary and
 * describe it in @out (the instructions are checked by decode). Returns 0
 * or an ember_isa_error.
 */
int ember_isa_shader_parse(const void *binary, size_t size,
			   struct ember_isa_shader *out);

/* Descriptor slots one array element of resource kind @kind takes. */
unsigned int ember_isa_resource_slots(unsigned int kind);

/* Resource @i of a parsed shader, in host byte order and 1.3 form. */
void ember_isa_shader_resource(const struct ember_isa_shader *shader,
			       unsigned int i, struct ember_isa_resource *out);
/*
 * The resource of (@set, @binding) in @shader's table, in *@out: false if
 * the shader declares none (a binding it does not use).
 */
bool ember_isa_shader_find_resource(const struct ember_isa_shader *shader, uint32_t set,
				    uint32_t binding, struct ember_isa_resource *out);

/*
 * Build a binary from @header (magic, version, sizes and counts filled in
 * here), @resources and @num_insns encoded instructions at @code: a
 * malloc'd buffer in *@out and its size in *@out_size. 0, or an
 * ember_isa_error (EMBER_ISA_ERR_SIZE also for no memory).
 */
int ember_isa_shader_build(const struct ember_isa_header *header,
			   const struct ember_isa_resource *resources,
			   const void *code, uint32_t num_insns,
			   void **out, size_t *out_size);

/* Text form of one instruction (assembler syntax); returns chars needed. */
int ember_isa_format(const struct ember_isa_insn *insn, char *buf, size_t size);

/*
 * Assemble @text (Documentation/gpu/ember-isa.rst, "Assembly") into a
 * shader binary (malloc'd, *@out, *@out_size). On error returns an
 * ember_isa_error and writes "line N: reason" to @err.
 */
int ember_isa_assemble(const char *text, void **out, size_t *out_size,
		       char *err, size_t err_size);

/*
 * Disassemble a binary into text that ember_isa_assemble() turns back
 * into the same bytes. A malloc'd string in *@text; 0 or an error.
 */
int ember_isa_disassemble(const void *binary, size_t size, char **text);

#ifdef __cplusplus
}
#endif

#endif /* EMBER_ISA_H */
