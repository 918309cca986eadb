/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: SPIR-V front end — shared state
 *
 * The front end reads a module already prepared by spirv_opt.cpp (one
 * function, SSA, constants frozen) and translates it into Ember IR:
 *
 *  spirv_module.c   parses the module into id-indexed tables (types,
 *                   decorations, constants, variables, blocks)
 *  spirv_cf.c       rebuilds the structured control-flow tree from the
 *                   merge instructions, turns phis into variables
 *  spirv_ops.c      arithmetic, logic, conversions, composites
 *  spirv_mem.c      pointers, buffer layouts, loads/stores, atomics,
 *                   built-ins, function-local arrays
 *  spirv_glsl.c     the GLSL.std.450 extended instructions
 *  spirv_subgroup.c subgroup (GroupNonUniform) operations
 *  spirv_dot.c      integer dot products (SPV_KHR_integer_dot_product)
 *
 * Every SPIR-V value is split into scalar IR values ("leaves", in the
 * order of the type's flattening: vector components, matrix columns,
 * array elements, struct members). A pointer is a memory space, a base
 * (descriptor, variable), a byte offset as an IR value and the pointee
 * type with the layout decorations that reached it.
 *
 * Errors: fe_fail() records the first message and sets a flag; every
 * translation loop checks the flag and unwinds. Nothing aborts.
 */

#ifndef EMBER_CC_SPIRV_IN_H
#define EMBER_CC_SPIRV_IN_H

#include <stdbool.h>
#include <stdint.h>

#include <spirv/unified1/spirv.h>

#include "ember_cc.h"
#include "ir.h"

enum fe_kind {
	FE_NONE, FE_TYPE, FE_VALUE, FE_POINTER, FE_LABEL, FE_EXTINST_SET, FE_FUNCTION,
	FE_HANDLE,			/* an image, sampler or sampled image (spirv_image.c) */
};

enum fe_space {
	FE_SPACE_STORAGE,	/* StorageBuffer, Uniform+BufferBlock */
	FE_SPACE_UNIFORM,	/* Uniform (UBO) */
	FE_SPACE_PUSH,
	FE_SPACE_SHARED,
	FE_SPACE_BUILTIN,	/* Input built-in */
	FE_SPACE_FUNCTION,	/* function-local memory kept as IR variables */
	FE_SPACE_PRIVATE,	/* large function-local arrays in per-lane scratch */
	FE_SPACE_PHYSICAL,	/* PhysicalStorageBuffer: a 64-bit address */
	FE_SPACE_IMAGE,		/* UniformConstant images, samplers, sampled images */
	FE_SPACE_TEXEL,		/* OpImageTexelPointer: @local is the handle */
};

struct fe_member {
	uint32_t type;
	uint32_t offset;		/* Offset decoration (or natural) */
	uint32_t matrix_stride;
	bool row_major;
	bool has_offset;
};

struct fe_type {
	uint32_t op;			/* SpvOpType* */
	uint32_t width;			/* int/float bits; bool = 32 */
	bool is_signed;
	uint32_t elem;			/* vector/matrix/array element, pointee */
	uint32_t count;			/* components, columns, array length, members */
	uint32_t storage;		/* pointer storage class */
	uint32_t array_stride;		/* ArrayStride decoration, 0 if none */
	uint32_t leaves;		/* scalar leaves of a value of this type */
	struct fe_member *members;	/* structs */
	bool block, buffer_block;
	/* OpTypeImage (elem: the sampled type; OpTypeSampledImage: the image) */
	uint32_t dim, depth, sampled;
	bool arrayed, multisampled;
};

struct fe_pointer {
	uint8_t space;			/* enum fe_space */
	bool row_major;			/* layout decorations of the enclosing member */
	bool explicit_layout;		/* Offset/ArrayStride decorations apply */
	bool desc_array;		/* base is an array of descriptors not yet indexed */
	uint32_t matrix_stride;
	uint32_t component_stride;	/* bytes between vector components, 0 = element size */
	uint32_t type;			/* pointee type */
	uint32_t desc;			/* IR descriptor value (buffers) */
	uint32_t desc_set, desc_binding;	/* descriptors: where (fe_desc_imm()) */
	uint32_t desc_offset;		/* slots into the binding (constant indices) */
	uint32_t nonuniform_index;	/* IR value: per-lane descriptor index, 0 = none */
	uint32_t lane_index;		/* IR value: an image array's element index as the lane has it */
	uint32_t offset;		/* IR value: dynamic byte offset, IR_NONE = 0 */
	uint32_t const_offset;		/* constant byte offset added to it */
	uint32_t builtin;		/* SpvBuiltIn for FE_SPACE_BUILTIN */
	uint32_t local;			/* fe.locals index for FE_SPACE_FUNCTION */
	/*
	 * FE_SPACE_PHYSICAL: @addr is the 64-bit base address, @offset a
	 * 64-bit dynamic offset; @addr_value the pointer as a value (base +
	 * offsets), for the uses of a pointer as data (stores, phis,
	 * conversions), computed where the pointer is made so it dominates
	 * them all.
	 */
	uint32_t addr, addr_value;
};

/* Function-local memory: one IR variable per 32/64-bit leaf. */
struct fe_local {
	uint32_t type;
	uint32_t leaf_count;
	uint32_t *leaf_offset;		/* natural byte offset of each leaf */
	uint32_t *leaf_var;		/* IR variable holding each leaf */
	/* Interface variables (spirv_io.c): leaves some store reached. */
	bool *leaf_written;
};

/*
 * An Input or Output variable of a vertex or fragment shader
 * (spirv_io.c): kept in a function-local variable, filled from the input
 * slots at the start, written to the output slots at the end.
 */
struct fe_io_var {
	uint32_t id, pointer_type;
	bool output;
	uint32_t local;			/* fe.locals index, once declared */
	uint16_t *dest;			/* per leaf: FE_IO_* */
	uint32_t *leaf_type;		/* per leaf: its scalar type */
};

#define FE_IO_NONE	0xffffu		/* a leaf with no slot */
#define FE_IO_BUILTIN	0x8000u		/* | enum ember_isa_output */
#define FE_IO_SLOT_MASK	0x00ffu		/* slot; interpolation mode << 8 for inputs */

struct fe_id {
	uint8_t kind;			/* enum fe_kind */
	uint32_t type;			/* result type id */
	uint32_t first;			/* FE_VALUE: index in fe.leaves; FE_POINTER: fe.pointers */
	uint32_t count;			/* FE_VALUE: leaf count */
	uint32_t block;			/* FE_LABEL: index in fe.blocks */
	uint32_t *phi_vars;		/* OpPhi results: one IR variable per leaf */
	/* decorations */
	uint32_t set, binding, builtin;
	bool has_binding, has_builtin;
	bool nonuniform;		/* NonUniform decoration */
	bool block_deco, buffer_block_deco;
	uint32_t array_stride;
	uint64_t const_value;		/* scalar integer/bool constants */
	bool is_constant;
	uint32_t def_word;		/* word index of the defining instruction */
};

struct fe_block {
	uint32_t label;
	uint32_t first_word;		/* first instruction after OpLabel */
	uint32_t terminator;		/* word index of the terminator */
	uint32_t merge_op;		/* SpvOpSelectionMerge/SpvOpLoopMerge/0 */
	uint32_t merge_block, continue_block;
	uint32_t merge_word;		/* word index of the merge instruction */
};

/* One enclosing loop while emitting a region. */
struct fe_loop {
	uint32_t header, merge, continue_block;
	bool is_switch;			/* a switch emitted as a once-through loop */
	uint32_t exit_flag;		/* IR variable: label of an outer exit taken, 0 = none */
	uint32_t exit_targets[8];	/* outer labels reached through exit_flag */
	uint32_t exit_target_count;
	struct fe_loop *parent;
};

struct fe {
	const uint32_t *words;
	size_t word_count;
	uint32_t bound;
	const struct ember_cc_options *opts;
	struct ir_shader *ir;
	bool failed;
	char *error;

	struct fe_id *ids;
	struct fe_type *types;		/* indexed by id */

	uint32_t *leaves;		/* pool of IR value ids */
	uint32_t leaf_count, leaf_capacity;
	struct fe_pointer *pointers;
	uint32_t pointer_count, pointer_capacity;
	struct fe_local *locals;
	uint32_t local_count, local_capacity;

	struct fe_block *blocks;
	uint32_t block_count;
	uint32_t entry_function;	/* id */
	uint32_t entry_point_word;	/* word index of its OpEntryPoint */
	uint32_t function_begin, function_end;	/* words of the entry function */
	uint32_t glsl_set;		/* id of the GLSL.std.450 import, 0 if none */
	uint32_t workgroup_size_id;	/* constant decorated BuiltIn WorkgroupSize */
	uint32_t local_size_ids[3];	/* LocalSizeId operands */
	uint32_t shared_top;		/* bytes of shared memory laid out */
	/* Shared bytes [begin, end) of variables with a (null) initializer. */
	uint32_t shared_zero_begin, shared_zero_end;
	uint32_t push_top;		/* push-constant bytes reached */
	uint32_t push_type;		/* the push-constant block's type */
	uint32_t emit_depth;		/* recursion guard of the CF walk */
	struct fe_loop *loop;		/* innermost enclosing loop while emitting */
	struct fe_handle *handles;	/* FE_HANDLE ids (spirv_image.c) */
	struct fe_io_var *io_vars;	/* interface variables (spirv_io.c) */
	uint32_t io_count, io_capacity;
	uint32_t handle_count, handle_capacity;
	/* Pointers made by fe_pointer() for PhysicalStorageBuffer values. */
	struct fe_pointer value_pointers[2];
	uint32_t value_pointer_next;
};

/* errors */
void fe_fail(struct fe *fe, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *fe_op_name(uint32_t op);

/* values */
uint32_t *fe_value(struct fe *fe, uint32_t id, uint32_t *count);
uint32_t *fe_new_leaves(struct fe *fe, uint32_t id, uint32_t type, uint32_t count);
uint32_t fe_scalar(struct fe *fe, uint32_t id);
/* Scalar type id of each leaf of @type, in flattening order. */
void fe_leaf_types(struct fe *fe, uint32_t type, uint32_t *out);
/* Narrow (8/16-bit) integers live zero-extended in 32 bits. */
uint32_t fe_wrap(struct fe *fe, uint32_t value, unsigned int type_bits);
uint32_t fe_sign_extend(struct fe *fe, uint32_t value, unsigned int type_bits);
/* Type of a leaf: the width of its scalar type (bool = 32). */
unsigned int fe_type_width(struct fe *fe, uint32_t type);
const struct fe_pointer *fe_pointer(struct fe *fe, uint32_t id);
void fe_set_pointer(struct fe *fe, uint32_t id, uint32_t type, const struct fe_pointer *p);

/* types */
const struct fe_type *fe_type(struct fe *fe, uint32_t id);
uint32_t fe_scalar_type(struct fe *fe, uint32_t type);	/* element scalar type */
unsigned int fe_bits(struct fe *fe, uint32_t type);		/* IR width of a scalar type */
bool fe_is_float(struct fe *fe, uint32_t type);
bool fe_is_bool(struct fe *fe, uint32_t type);
bool fe_is_physical_pointer(struct fe *fe, uint32_t type);

/* module (spirv_module.c) */
bool fe_parse_module(struct fe *fe);
char *spirv_refused_feature(const uint32_t *words, size_t count);
void fe_emit_prologue(struct fe *fe);

/* control flow (spirv_cf.c) */
void fe_emit_function(struct fe *fe);

/* instructions (spirv_ops.c): translate one non-control instruction */
void fe_emit_instruction(struct fe *fe, const uint32_t *w, uint32_t length);
/* Operand @id's leaf @k; a scalar operand is broadcast. */
uint32_t fe_leaf(struct fe *fe, uint32_t id, uint32_t k);
/* Create the leaves of result w[2] of type w[1]; returns their count. */
uint32_t fe_result_leaves(struct fe *fe, const uint32_t *w, uint32_t **out);
/* Fails (and returns true) when @type is a 16-bit float type. */
bool fe_refuse_f16(struct fe *fe, uint32_t op, uint32_t type);

/* memory (spirv_mem.c) */
void fe_declare_variable(struct fe *fe, const uint32_t *w);
void fe_emit_memory(struct fe *fe, const uint32_t *w, uint32_t length);
void fe_assign_slots(struct fe *fe);
/*
 * Until fe_assign_slots(), a descriptor load's imm names its set, binding
 * (16 bits, as in the resource table) and slot offset into the binding
 * (32 bits, wrapping like the device's slot arithmetic); it then becomes
 * set << 32 | slot.
 */
static inline uint64_t fe_desc_imm(uint32_t set, uint32_t binding, uint32_t offset)
{
	return (uint64_t)set << 48 | (uint64_t)binding << 32 | offset;
}
void fe_store_leaves(struct fe *fe, uint32_t pointer_id, uint32_t *values);
/* Byte offset of each leaf of @type in the natural layout from @base; returns the count. */
uint32_t fe_natural_leaf_offsets(struct fe *fe, uint32_t type, uint32_t base, uint32_t *out);
/* Of @n candidates, the one whose offset equals the dynamic byte @offset (else the first). */
uint32_t fe_select_by_offset(struct fe *fe, uint32_t offset, const uint32_t *candidates,
			     const uint32_t *candidate_offsets, uint32_t n);
/* Zeroes the initialized shared variables at the shader's start. */
void fe_emit_shared_zero_init(struct fe *fe);

void fe_add_resource(struct fe *fe, uint32_t set, uint32_t binding, uint32_t count,
		     uint32_t kind);

/* images, samplers, texel buffers (spirv_image.c) */
uint32_t fe_image_kind(struct fe *fe, uint32_t type);	/* EMBER_ISA_RES_*, 0 if none */
void fe_parse_image_type(struct fe *fe, struct fe_type *t, const uint32_t *w, uint32_t length);
void fe_declare_image(struct fe *fe, uint32_t id, uint32_t type, struct fe_pointer *p);
void fe_image_element(struct fe *fe, struct fe_pointer *p, uint32_t elem_type, uint32_t index,
		      uint32_t constant, bool nonuniform);
void fe_load_handle(struct fe *fe, uint32_t id, const struct fe_pointer *p);
void fe_copy_handle(struct fe *fe, uint32_t id, uint32_t from);
void fe_image_atomic(struct fe *fe, uint32_t result, uint32_t result_type,
		     const struct fe_pointer *p, uint32_t data, uint32_t compare,
		     enum ir_reduce kind);
void fe_emit_image(struct fe *fe, const uint32_t *w, uint32_t length);

/* the graphics stages' interface (spirv_io.c) */
bool fe_set_stage(struct fe *fe, uint32_t execution_model, const char *name);
void fe_io_execution_mode(struct fe *fe, const uint32_t *w, uint32_t length);
void fe_io_defer(struct fe *fe, const uint32_t *w);
void fe_io_prologue(struct fe *fe);
void fe_io_epilogue(struct fe *fe);
/* A graphics built-in input's component; false: not a graphics built-in. */
bool fe_io_builtin_input(struct fe *fe, uint32_t builtin, uint32_t component, uint32_t *value);
void fe_io_interpolate_at(struct fe *fe, const uint32_t *w, uint32_t inst);
/* The 32-bit system value @sv where it is read. */
uint32_t fe_sysval(struct fe *fe, enum ir_sysval sv);
/* Local @id of pointer type @pointer_type in registers; returns its fe.locals index. */
uint32_t fe_new_local(struct fe *fe, uint32_t id, uint32_t pointer_type);

/* derivatives, demote, terminate (spirv_fragment.c) */
void fe_emit_fragment(struct fe *fe, const uint32_t *w, uint32_t length);
void fe_emit_kill(struct fe *fe);

/* extended instructions */
void fe_emit_glsl(struct fe *fe, const uint32_t *w, uint32_t length);
void fe_emit_subgroup(struct fe *fe, const uint32_t *w, uint32_t length);
/* integer dot products (spirv_dot.c) */
void fe_emit_dot(struct fe *fe, const uint32_t *w, uint32_t length);

#endif /* EMBER_CC_SPIRV_IN_H */
