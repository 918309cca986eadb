/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Memory: pointers, layouts, loads, stores, atomics, built-ins
 *
 * A pointer is (space, base, dynamic byte offset + constant byte offset,
 * pointee type, layout context). Access chains only do offset arithmetic;
 * loads and stores walk the pointee type and touch one scalar leaf at a
 * time:
 *
 *  - storage and uniform buffers use the Offset / ArrayStride /
 *    MatrixStride / RowMajor decorations (so std140, std430 and scalar
 *    layouts are all just "what the decorations say"); every leaf is a
 *    global load/store through the buffer's descriptor, which the ISA
 *    bounds-checks (robust buffer access);
 *  - push constants use the same decorations and uniform loads;
 *  - shared memory (Workgroup variables) has no decorations: the compiler
 *    lays it out itself (scalar alignment, variables one after another);
 *  - built-in inputs are system values;
 *  - function-local memory (the arrays SPIRV-Tools could not split, i.e.
 *    dynamically indexed ones) is one IR variable per leaf when small: a
 *    dynamic index becomes a compare-and-select over the leaves, which
 *    keeps the array in registers. Larger ones (more than
 *    FE_MAX_REGISTER_LEAVES scalars, all 32/64-bit) live in per-lane
 *    scratch memory instead, at the start of the scratch area.
 *
 *  - PhysicalStorageBuffer pointers (buffer device address) are values,
 *    one 64-bit leaf each, so they load, store, convert and merge like
 *    integers; used as a pointer, a value becomes a pointer whose base is
 *    that address. Access chains on them add a 64-bit dynamic offset
 *    (OpPtrAccessChain's element index times the pointer type's
 *    ArrayStride, array indices sign-extended) and a constant one, which
 *    every leaf access carries as the ISA's immediate offset
 *    (LDGA/STGA/ATOMGA). No range: an access outside what the
 *    application allocated is undefined behaviour, and faults on the
 *    device if it leaves the context's mappings.
 *
 * Descriptors: a buffer variable's descriptor is loaded once at the top
 * (IR_DESC, slot from the options' table or the binding number); an array
 * of buffers is indexed by the first access-chain index, slot + index.
 * An index SPIR-V promises dynamically uniform is read from the first
 * active lane (so divergence analysis need not prove it). A NonUniform
 * index gets a loop per access ("waterfall"): take the first active lane's
 * index, let the lanes with that index do the access, they leave, repeat.
 */

#include "spirv_in.h"
#include "spirv_names.h"

#include <stdlib.h>
#include <string.h>

#include "ember_isa.h"

#define FE_MAX_LOCAL_LEAVES 1024	/* in registers */
#define FE_MAX_REGISTER_LEAVES 16	/* more: in scratch memory */

/* ---- pointers ---- */

const struct fe_pointer *fe_pointer(struct fe *fe, uint32_t id)
{
	if (id < fe->bound && fe->ids[id].kind == FE_VALUE &&
	    fe_is_physical_pointer(fe, fe->ids[id].type) && fe->ids[id].count == 1) {
		/* Two slots: OpCopyMemory holds two pointers at once. */
		struct fe_pointer *p = &fe->value_pointers[fe->value_pointer_next++ % 2];
		uint32_t address = fe->leaves[fe->ids[id].first];

		*p = (struct fe_pointer) {
			.space = FE_SPACE_PHYSICAL, .explicit_layout = true,
			.type = fe_type(fe, fe->ids[id].type)->elem, .offset = IR_NONE,
			.addr = address, .addr_value = address,
		};
		return p;
	}
	if (id >= fe->bound || fe->ids[id].kind != FE_POINTER) {
		fe_fail(fe, "id %u is not a pointer", id);
		return NULL;
	}
	return &fe->pointers[fe->ids[id].first];
}

void fe_set_pointer(struct fe *fe, uint32_t id, uint32_t type, const struct fe_pointer *p)
{
	if (id >= fe->bound)
		return fe_fail(fe, "id %u out of bounds", id);
	if (fe->pointer_count == fe->pointer_capacity) {
		uint32_t capacity = fe->pointer_capacity ? 2 * fe->pointer_capacity : 256;
		struct fe_pointer *grown = realloc(fe->pointers, capacity * sizeof(*grown));

		if (!grown)
			return fe_fail(fe, "out of memory");
		fe->pointers = grown;
		fe->pointer_capacity = capacity;
	}
	fe->pointers[fe->pointer_count] = *p;
	fe->ids[id].kind = FE_POINTER;
	fe->ids[id].type = type;
	fe->ids[id].first = fe->pointer_count++;
}

/* ---- natural layout (shared and function memory) ---- */

static uint32_t align_up(uint32_t v, uint32_t a)
{
	return a ? (v + a - 1) / a * a : v;
}

static unsigned int fe_natural_size(struct fe *fe, uint32_t type, unsigned int *align)
{
	const struct fe_type *t = fe_type(fe, type);
	unsigned int size = 0, a = 1, ea;

	switch (t->op) {
	case SpvOpTypeBool:
		size = a = 4;
		break;
	case SpvOpTypeInt:
	case SpvOpTypeFloat:
		size = a = t->width / 8;
		break;
	case SpvOpTypePointer:
		size = a = 8;	/* PhysicalStorageBuffer64 */
		break;
	case SpvOpTypeVector:
	case SpvOpTypeMatrix:
		size = t->count * fe_natural_size(fe, t->elem, &a);
		break;
	case SpvOpTypeArray:
		size = fe_natural_size(fe, t->elem, &ea);
		size = t->count * align_up(size, ea);
		a = ea;
		break;
	case SpvOpTypeStruct:
		for (uint32_t i = 0; i < t->count; i++) {
			unsigned int ms = fe_natural_size(fe, t->members[i].type, &ea);

			size = align_up(size, ea) + ms;
			if (ea > a)
				a = ea;
		}
		size = align_up(size, a);
		break;
	default:
		break;
	}
	if (align)
		*align = a;
	return size;
}

static uint32_t natural_member_offset(struct fe *fe, const struct fe_type *t, uint32_t member)
{
	unsigned int offset = 0, ea;

	for (uint32_t i = 0; i <= member; i++) {
		unsigned int size = fe_natural_size(fe, t->members[i].type, &ea);

		offset = align_up(offset, ea);
		if (i == member)
			break;
		offset += size;
	}
	return offset;
}

/*
 * Bytes from the start of a value of @type laid out with its Offset,
 * ArrayStride and MatrixStride decorations to the end of its last byte
 * (natural sizes where a decoration is missing); @matrix_stride and
 * @row_major are the enclosing member's. An upper bound for matrices: a
 * whole stride for the last column (row).
 */
static uint32_t explicit_extent(struct fe *fe, uint32_t type, uint32_t matrix_stride,
				bool row_major)
{
	const struct fe_type *t = fe_type(fe, type);
	uint32_t extent = 0, lines, line;

	switch (t->op) {
	case SpvOpTypeMatrix:
		/* Columns, or rows when row-major, MatrixStride bytes apart. */
		lines = row_major ? fe_type(fe, t->elem)->count : t->count;
		line = matrix_stride ? matrix_stride : fe_natural_size(fe, t->elem, NULL);
		return lines * line;
	case SpvOpTypeArray:
		if (!t->count)
			return 0;
		line = t->array_stride ? t->array_stride :
		       fe_natural_size(fe, t->elem, NULL);
		return (t->count - 1) * line +
		       explicit_extent(fe, t->elem, matrix_stride, row_major);
	case SpvOpTypeStruct:
		for (uint32_t i = 0; i < t->count; i++) {
			const struct fe_member *m = &t->members[i];
			uint32_t end = (m->has_offset ? m->offset : natural_member_offset(fe, t, i)) +
				       explicit_extent(fe, m->type, m->matrix_stride, m->row_major);

			if (end > extent)
				extent = end;
		}
		return extent;
	default:
		return fe_natural_size(fe, type, NULL);
	}
}

static uint32_t member_offset(struct fe *fe, const struct fe_pointer *p, const struct fe_type *t,
			      uint32_t member)
{
	if (p->explicit_layout && t->members[member].has_offset)
		return t->members[member].offset;
	return natural_member_offset(fe, t, member);
}

static uint32_t array_stride(struct fe *fe, const struct fe_pointer *p, const struct fe_type *t)
{
	unsigned int ea, size;

	if (p->explicit_layout && t->array_stride)
		return t->array_stride;
	size = fe_natural_size(fe, t->elem, &ea);
	return align_up(size, ea);
}

/* Byte distance between matrix columns, and between components of a column. */
static void matrix_strides(struct fe *fe, const struct fe_pointer *p, const struct fe_type *m,
			   uint32_t *column, uint32_t *component)
{
	unsigned int elem = fe_type_width(fe, fe_scalar_type(fe, m->elem)) / 8;

	if (p->explicit_layout && p->matrix_stride) {
		*column = p->row_major ? elem : p->matrix_stride;
		*component = p->row_major ? p->matrix_stride : elem;
	} else {
		*column = fe_natural_size(fe, m->elem, NULL);
		*component = elem;
	}
}

/* ---- variables ---- */

void fe_add_resource(struct fe *fe, uint32_t set, uint32_t binding, uint32_t count,
			 uint32_t kind)
{
	struct ir_shader *ir = fe->ir;
	struct ir_resource *grown = realloc(ir->resources,
					    (ir->resource_count + 1) * sizeof(*grown));

	if (!grown)
		return fe_fail(fe, "out of memory");
	ir->resources = grown;
	ir->resources[ir->resource_count++] = (struct ir_resource) {
		.set = set, .binding = binding, .kind = kind, .count = count,
		.table_set = set,
	};
}

/*
 * Slots, once every resource is known: the options' table, else the
 * binding number shifted past the extra slots of lower bindings of the
 * same set (arrays, and images and samplers, which take several slots per
 * element: so with buffers alone and no arrays, slot = binding). IR_DESC,
 * IR_IMG_DESC and IR_SMP_DESC carry fe_desc_imm(set, binding, slot offset)
 * until then and get (set-table entry, slot + offset): the set's own entry
 * unless the table moves the binding to another.
 */
void fe_assign_slots(struct fe *fe)
{
	struct ir_shader *ir = fe->ir;

	for (uint32_t i = 0; i < ir->resource_count; i++) {
		struct ir_resource *r = &ir->resources[i];
		bool explicit = false;
		uint64_t slot;

		r->table_set = r->set;
		for (uint32_t k = 0; k < fe->opts->slot_count; k++) {
			const struct ember_cc_binding_slot *b = &fe->opts->slots[k];

			if (b->set != r->set || b->binding != r->binding)
				continue;
			if (b->table && (b->table & ~0xffu) != EMBER_CC_TABLE_ENTRY(0))
				return fe_fail(fe, "set %u binding %u: bad table entry 0x%x", r->set,
					       r->binding, b->table);
			if (b->table && (b->table & 0xff) >= 8)
				return fe_fail(fe, "set %u binding %u: table entry %u is out of range "
					       "(8 sets)", r->set, r->binding, b->table & 0xff);
			r->slot = b->slot;
			if (b->table)
				r->table_set = b->table & 0xff;
			explicit = true;
		}
		if (explicit)
			continue;
		slot = r->binding;
		for (uint32_t k = 0; k < ir->resource_count; k++)
			if (ir->resources[k].set == r->set && ir->resources[k].binding < r->binding)
				slot += (uint64_t)ir->resources[k].count *
					ember_isa_resource_slots(ir->resources[k].kind) - 1;
		if (slot > UINT32_MAX)
			return fe_fail(fe, "the descriptors of set %u need more than 2^32 slots",
				       r->set);
		r->slot = (uint32_t)slot;
	}
	for (uint32_t i = 0; i < ir->count; i++) {
		struct ir_instr *in = &ir->ins[i];
		uint32_t set = in->imm >> 48, binding = (in->imm >> 32) & 0xffff;

		if (in->op != IR_DESC && in->op != IR_IMG_DESC && in->op != IR_SMP_DESC)
			continue;
		/*
		 * The first resource of the binding only: variables aliasing
		 * one binding (a buffer seen as float[] and as vec4[]) are
		 * resources of their own with the same slot, and rewriting the
		 * immediate once per alias added the slot once per alias.
		 */
		for (uint32_t k = 0; k < ir->resource_count; k++) {
			if (ir->resources[k].set != set || ir->resources[k].binding != binding)
				continue;
			in->imm = (uint64_t)ir->resources[k].table_set << 32 |
				  (uint32_t)(ir->resources[k].slot + (uint32_t)in->imm);
			break;
		}
	}
}

static void declare_buffer(struct fe *fe, uint32_t id, uint32_t type, uint32_t storage,
			   struct fe_pointer *p)
{
	const struct fe_id *d = &fe->ids[id];
	const struct fe_type *t = fe_type(fe, type);
	const struct fe_type *block = t;
	uint32_t count = 1;

	if (!d->has_binding)
		return fe_fail(fe, "buffer variable %u has no Binding decoration", id);
	if (d->set >= 8)
		return fe_fail(fe, "descriptor set %u is out of range (8 sets)", d->set);
	if (t->op == SpvOpTypeArray || t->op == SpvOpTypeRuntimeArray) {
		block = fe_type(fe, t->elem);
		count = t->op == SpvOpTypeArray ? t->count : 0;
		p->desc_array = true;
	}
	p->space = storage == SpvStorageClassStorageBuffer || block->buffer_block ?
		   FE_SPACE_STORAGE : FE_SPACE_UNIFORM;
	p->explicit_layout = true;
	if (d->binding > 0xffff)
		return fe_fail(fe, "binding %u is out of range (16 bits)", d->binding);
	p->desc_set = d->set;
	p->desc_binding = d->binding;	/* fe_assign_slots() resolves it */
	p->desc_offset = 0;
	fe_add_resource(fe, d->set, d->binding, count ? count : 1,
			p->space == FE_SPACE_STORAGE ? EMBER_ISA_RES_STORAGE_BUFFER :
			EMBER_ISA_RES_UNIFORM_BUFFER);
	if (!p->desc_array) {
		struct ir_instr *in;

		p->desc = ir_new_value(fe->ir, 128);
		in = ir_append(fe->ir, IR_DESC, 128);
		in->dst = p->desc;
		in->imm = fe_desc_imm(d->set, d->binding, 0);
	}
}

void fe_declare_variable(struct fe *fe, const uint32_t *w)
{
	uint32_t pointer_type = w[1], id = w[2], storage = w[3];
	uint32_t type = fe_type(fe, pointer_type)->elem;
	struct fe_pointer p = { .type = type, .offset = IR_NONE };
	unsigned int align, size;

	switch (storage) {
	case SpvStorageClassStorageBuffer:
	case SpvStorageClassUniform:
		declare_buffer(fe, id, type, storage, &p);
		break;
	case SpvStorageClassUniformConstant:
		fe_declare_image(fe, id, type, &p);
		break;
	case SpvStorageClassPushConstant:
		p.space = FE_SPACE_PUSH;
		p.explicit_layout = true;
		fe->push_type = type;
		break;
	case SpvStorageClassWorkgroup:
		p.space = FE_SPACE_SHARED;
		size = fe_natural_size(fe, type, &align);
		if (align < 4)
			align = 4;
		fe->shared_top = align_up(fe->shared_top, align);
		p.const_offset = fe->shared_top;
		fe->shared_top += size;
		fe->ir->shared_bytes = align_up(fe->shared_top, 4);
		/*
		 * An initializer (only OpConstantNull is valid for Workgroup,
		 * VK_KHR_zero_initialize_workgroup_memory): zeroed at the start.
		 */
		if ((w[0] >> 16) > 4) {
			if (fe->shared_zero_end == 0)
				fe->shared_zero_begin = p.const_offset;
			fe->shared_zero_end = fe->ir->shared_bytes;
		}
		break;
	case SpvStorageClassInput:
		if (!fe->ids[id].has_builtin && fe->ir->stage.stage != EMBER_ISA_STAGE_COMPUTE)
			return fe_io_defer(fe, w);
		if (!fe->ids[id].has_builtin)
			return fe_fail(fe, "Input variable %u is not a built-in", id);
		p.space = FE_SPACE_BUILTIN;
		p.builtin = fe->ids[id].builtin;
		break;
	case SpvStorageClassOutput:
		if (fe->ir->stage.stage == EMBER_ISA_STAGE_COMPUTE)
			return fe_fail(fe, "Output variables are not supported in compute shaders");
		return fe_io_defer(fe, w);
	default: {
		const char *name = spirv_storage_class_name(storage);

		return fe_fail(fe, "variables in storage class %s are not supported",
			       name ? name : "(unknown)");
	}
	}
	fe_set_pointer(fe, id, pointer_type, &p);
}

uint32_t fe_natural_leaf_offsets(struct fe *fe, uint32_t type, uint32_t base, uint32_t *out)
{
	const struct fe_type *t = fe_type(fe, type);
	uint32_t at = 0;
	unsigned int align;

	switch (t->op) {
	case SpvOpTypeVector:
	case SpvOpTypeMatrix:
	case SpvOpTypeArray: {
		uint32_t stride = fe_natural_size(fe, t->elem, &align);

		stride = align_up(stride, align);
		for (uint32_t i = 0; i < t->count; i++)
			at += fe_natural_leaf_offsets(fe, t->elem, base + i * stride, out + at);
		return at;
	}
	case SpvOpTypeStruct:
		for (uint32_t i = 0; i < t->count; i++)
			at += fe_natural_leaf_offsets(fe, t->members[i].type,
						   base + natural_member_offset(fe, t, i), out + at);
		return at;
	default:
		out[0] = base;
		return 1;
	}
}

/* Function variable: one IR variable per leaf, initialized. */
/* A large local array of 32/64-bit scalars: per-lane scratch. */
static bool declare_private(struct fe *fe, const uint32_t *w)
{
	uint32_t type = fe_type(fe, w[1])->elem, leaves = fe_type(fe, type)->leaves;
	struct fe_pointer p = { .space = FE_SPACE_PRIVATE, .type = type, .offset = IR_NONE };
	uint32_t *types;
	unsigned int align, size;
	bool wide_only = true;

	if (leaves <= FE_MAX_REGISTER_LEAVES)
		return false;
	types = calloc(leaves, sizeof(uint32_t));
	if (!types) {
		fe_fail(fe, "out of memory");
		return true;
	}
	fe_leaf_types(fe, type, types);
	for (uint32_t k = 0; k < leaves; k++)
		wide_only &= fe_type_width(fe, types[k]) >= 32;
	free(types);
	if (!wide_only)
		return false;
	size = fe_natural_size(fe, type, &align);
	fe->ir->private_bytes = align_up(fe->ir->private_bytes, align < 4 ? 4 : align);
	p.const_offset = fe->ir->private_bytes;
	fe->ir->private_bytes += align_up(size, 4);
	fe_set_pointer(fe, w[2], w[1], &p);
	return true;
}

static void declare_local(struct fe *fe, const uint32_t *w, uint32_t length)
{
	if (!declare_private(fe, w))
		fe_new_local(fe, w[2], w[1]);
}

uint32_t fe_new_local(struct fe *fe, uint32_t id, uint32_t pointer_type)
{
	uint32_t type = fe_type(fe, pointer_type)->elem, leaves = fe_type(fe, type)->leaves;
	struct fe_pointer p = { .space = FE_SPACE_FUNCTION, .type = type, .offset = IR_NONE };
	struct fe_local *local;
	uint32_t *types;

	if (!leaves || leaves > FE_MAX_LOCAL_LEAVES) {
		fe_fail(fe, "variable %u of %u scalars is not supported", id, leaves);
		return 0;
	}
	if (fe->local_count == fe->local_capacity) {
		uint32_t capacity = fe->local_capacity ? 2 * fe->local_capacity : 16;
		struct fe_local *grown = realloc(fe->locals, capacity * sizeof(*grown));

		if (!grown) {
			fe_fail(fe, "out of memory");
			return 0;
		}
		fe->locals = grown;
		fe->local_capacity = capacity;
	}
	local = &fe->locals[fe->local_count];
	memset(local, 0, sizeof(*local));
	local->type = type;
	local->leaf_count = leaves;
	local->leaf_offset = calloc(leaves, sizeof(uint32_t));
	local->leaf_var = calloc(leaves, sizeof(uint32_t));
	types = calloc(leaves, sizeof(uint32_t));
	if (!local->leaf_offset || !local->leaf_var || !types) {
		free(local->leaf_offset);
		free(local->leaf_var);
		free(types);
		fe_fail(fe, "out of memory");
		return 0;
	}
	p.local = fe->local_count++;
	fe_leaf_types(fe, type, types);
	for (uint32_t k = 0; k < leaves; k++)
		local->leaf_var[k] = ir_new_variable(fe->ir, fe_bits(fe, types[k]));
	free(types);
	fe_natural_leaf_offsets(fe, type, 0, local->leaf_offset);
	fe_set_pointer(fe, id, pointer_type, &p);
	return p.local;
}

/*
 * Zero-initialized shared memory: shared memory's contents are undefined
 * at workgroup start (ember-isa.rst; in practice what the core's previous
 * workgroup left), so the shader zeroes the initialized variables' bytes
 * itself before anything else, every
 * invocation a word at a time with the workgroup's stride, then waits at
 * a barrier:
 *   off = begin + 4 * local_index; LOOP { BREAK if off >= end;
 *   shared[off] = 0; off += 4 * workgroup size } ; BARRIER
 * The range may include uninitialized variables laid out between the
 * initialized ones, whose values are undefined anyway.
 */
void fe_emit_shared_zero_init(struct fe *fe)
{
	struct ir_shader *ir = fe->ir;
	uint32_t lanes = ir->local_size[0] * ir->local_size[1] * ir->local_size[2];
	uint32_t index, start, end, zero, stride, off, done, next;
	struct ir_instr *in;

	if (fe->shared_zero_end <= fe->shared_zero_begin || !lanes)
		return;
	/* Operands first: ir_append() places an instruction where it is called. */
	index = ir_emit(ir, IR_SYSVAL, 32, 0, 0, 0);
	ir->ins[ir->count - 1].imm = IR_SV_LOCAL_INDEX;
	start = ir_emit(ir, IR_IMAD, 32, index, ir_const(ir, 32, 4),
			ir_const(ir, 32, fe->shared_zero_begin));
	end = ir_const(ir, 32, fe->shared_zero_end);
	zero = ir_const(ir, 32, 0);
	stride = ir_const(ir, 32, 4 * lanes);
	off = ir_new_variable(ir, 32);
	in = ir_append(ir, IR_MOV, 32);
	in->dst = off;
	in->src[0] = start;
	ir_append(ir, IR_LOOP, 0);
	done = ir_emit(ir, IR_ULE, 32, end, off, 0);
	ir_append(ir, IR_BREAK, 0)->src[0] = done;
	in = ir_append(ir, IR_STORE_SHARED, 32);
	in->src[0] = off;
	in->src[1] = zero;
	in->aux = 4;
	next = ir_emit(ir, IR_IADD, 32, off, stride, 0);
	in = ir_append(ir, IR_MOV, 32);
	in->dst = off;
	in->src[0] = next;
	ir_append(ir, IR_ENDLOOP, 0);
	ir_append(ir, IR_BARRIER, 0);
}

/* ---- leaf access ---- */

/*
 * The waterfall around one access through a NonUniform descriptor index:
 *   LOOP; u = first active lane's index; IF index == u { desc(u); access;
 *   BREAK } ENDIF; ENDLOOP
 * begin returns the descriptor to use; the access writes its result into
 * variables before end_waterfall() closes the loop.
 */
static uint32_t begin_waterfall(struct fe *fe, const struct fe_pointer *p)
{
	struct ir_shader *ir = fe->ir;
	uint32_t first, hit, desc;
	struct ir_instr *in;

	ir_append(ir, IR_LOOP, 0);
	first = ir_emit(ir, IR_SG_BROADCAST_FIRST, 32, p->nonuniform_index, 0, 0);
	hit = ir_emit(ir, IR_IEQ, 32, p->nonuniform_index, first, 0);
	ir_append(ir, IR_IF, 0)->src[0] = hit;
	desc = ir_new_value(ir, 128);
	in = ir_append(ir, IR_DESC, 128);
	in->dst = desc;
	in->imm = fe_desc_imm(p->desc_set, p->desc_binding, p->desc_offset);
	in->src[0] = first;
	return desc;
}

static void end_waterfall(struct fe *fe)
{
	ir_append(fe->ir, IR_BREAK, 0);
	ir_append(fe->ir, IR_ENDIF, 0);
	ir_append(fe->ir, IR_ENDLOOP, 0);
}

struct access {
	const struct fe_pointer *p;
	uint32_t *values;	/* load: filled; store: read */
	uint32_t at;		/* next leaf */
	bool store;
	uint32_t local_leaf;	/* function memory: leaf index reached so far */
};

static uint32_t offset_value(struct fe *fe, const struct fe_pointer *p, uint32_t extra)
{
	uint32_t c = ir_const(fe->ir, 32, p->const_offset + extra);

	if (p->offset == IR_NONE)
		return c;
	return ir_emit(fe->ir, IR_IADD, 32, p->offset, c, IR_NONE);
}

static uint32_t builtin_component(struct fe *fe, uint32_t builtin, uint32_t component)
{
	struct ir_shader *ir = fe->ir;
	uint32_t v;

	bool mask = builtin >= SpvBuiltInSubgroupEqMask && builtin <= SpvBuiltInSubgroupLtMask;

	if (fe->ir->stage.stage != EMBER_ISA_STAGE_COMPUTE &&
	    fe_io_builtin_input(fe, builtin, component, &v))
		return v;
	if (component > (mask ? 3u : 2u)) {
		const char *name = spirv_builtin_name(builtin);

		fe_fail(fe, "built-in %s read past its components", name ? name : "(unknown)");
		return IR_NONE;
	}
	switch (builtin) {
	case SpvBuiltInLocalInvocationId:
	case SpvBuiltInWorkgroupId:
	case SpvBuiltInNumWorkgroups: {
		enum ir_sysval base = builtin == SpvBuiltInLocalInvocationId ? IR_SV_LOCAL_ID_X :
				      builtin == SpvBuiltInWorkgroupId ? IR_SV_GROUP_ID_X :
				      IR_SV_NUM_GROUPS_X;

		v = ir_emit(ir, IR_SYSVAL, 32, 0, 0, 0);
		ir->ins[ir->count - 1].imm = base + component;
		return v;
	}
	case SpvBuiltInGlobalInvocationId: {
		uint32_t group = builtin_component(fe, SpvBuiltInWorkgroupId, component);
		uint32_t local = builtin_component(fe, SpvBuiltInLocalInvocationId, component);

		return ir_emit(ir, IR_IADD, 32,
			       ir_emit(ir, IR_IMUL, 32, group,
				       ir_const(ir, 32, component < 3 ? ir->local_size[component] : 0),
				       0),
			       local, 0);
	}
	case SpvBuiltInLocalInvocationIndex:
	case SpvBuiltInSubgroupId:
	case SpvBuiltInSubgroupLocalInvocationId:
		v = ir_emit(ir, IR_SYSVAL, 32, 0, 0, 0);
		ir->ins[ir->count - 1].imm = builtin == SpvBuiltInLocalInvocationIndex ?
			IR_SV_LOCAL_INDEX : builtin == SpvBuiltInSubgroupId ?
			IR_SV_SUBGROUP_ID : IR_SV_LANE_ID;
		return v;
	case SpvBuiltInNumSubgroups: {
		uint32_t total = ir->local_size[0] * ir->local_size[1] * ir->local_size[2];

		return ir_const(ir, 32, (total + 31) / 32);
	}
	case SpvBuiltInSubgroupSize:
		return ir_const(ir, 32, 32);
	case SpvBuiltInWorkgroupSize:
		return ir_const(ir, 32, component < 3 ? ir->local_size[component] : 0);
	case SpvBuiltInSubgroupEqMask:
	case SpvBuiltInSubgroupGeMask:
	case SpvBuiltInSubgroupGtMask:
	case SpvBuiltInSubgroupLeMask:
	case SpvBuiltInSubgroupLtMask: {
		uint32_t lane, one, ones, eq, ge;

		if (component)
			return ir_const(ir, 32, 0);	/* 32 lanes: only .x has bits */
		lane = builtin_component(fe, SpvBuiltInSubgroupLocalInvocationId, 0);
		one = ir_const(ir, 32, 1);
		ones = ir_const(ir, 32, 0xffffffffu);
		eq = ir_emit(ir, IR_SHL, 32, one, lane, 0);
		ge = ir_emit(ir, IR_SHL, 32, ones, lane, 0);
		switch (builtin) {
		case SpvBuiltInSubgroupEqMask:
			return eq;
		case SpvBuiltInSubgroupGeMask:
			return ge;
		case SpvBuiltInSubgroupGtMask:
			return ir_emit(ir, IR_XOR, 32, ge, eq, 0);
		case SpvBuiltInSubgroupLeMask:
			return ir_emit(ir, IR_OR, 32, ir_emit(ir, IR_NOT, 32, ge, 0, 0), eq, 0);
		default:
			return ir_emit(ir, IR_NOT, 32, ge, 0, 0);
		}
	}
	default: {
		const char *name = spirv_builtin_name(builtin);

		fe_fail(fe, "built-in %s is not supported in %s shaders",
			name ? name : "(unknown)",
			fe->ir->stage.stage == EMBER_ISA_STAGE_VERTEX ? "vertex" :
			fe->ir->stage.stage == EMBER_ISA_STAGE_FRAGMENT ? "fragment" : "compute");
		return IR_NONE;
	}
	}
}

uint32_t fe_select_by_offset(struct fe *fe, uint32_t offset, const uint32_t *candidates,
				 const uint32_t *candidate_offsets, uint32_t n)
{
	uint32_t v = candidates[0];

	for (uint32_t k = 1; k < n; k++) {
		uint32_t hit = ir_emit(fe->ir, IR_IEQ, 32, offset,
				       ir_const(fe->ir, 32, candidate_offsets[k]), 0);

		v = ir_emit(fe->ir, IR_SELECT, fe->ir->vals[candidates[k]].bits, hit,
			    candidates[k], v);
	}
	return v;
}

static void access_local(struct fe *fe, struct access *a, uint32_t byte_offset, unsigned int bits)
{
	const struct fe_pointer *p = a->p;
	struct fe_local *local = &fe->locals[p->local];
	uint32_t want = p->const_offset + byte_offset;

	if (p->offset == IR_NONE) {
		for (uint32_t k = 0; k < local->leaf_count; k++) {
			if (local->leaf_offset[k] != want)
				continue;
			if (a->store) {
				struct ir_instr *in = ir_append(fe->ir, IR_MOV, bits);

				if (local->leaf_written)
					local->leaf_written[k] = true;
				in->dst = local->leaf_var[k];
				in->src[0] = a->values[a->at];
			} else {
				a->values[a->at] = ir_emit(fe->ir, IR_MOV, bits, local->leaf_var[k], 0, 0);
			}
			a->at++;
			return;
		}
		return fe_fail(fe, "function variable access at byte %u matches no element", want);
	}
	/* Dynamic: every leaf at the same position within its element is a candidate. */
	uint32_t offset = offset_value(fe, p, byte_offset);

	if (a->store) {
		for (uint32_t k = 0; k < local->leaf_count; k++) {
			uint32_t hit;
			struct ir_instr *in;
			uint32_t merged;

			if (fe->ir->vals[local->leaf_var[k]].bits != bits)
				continue;
			if (local->leaf_written)
				local->leaf_written[k] = true;
			hit = ir_emit(fe->ir, IR_IEQ, 32, offset,
				      ir_const(fe->ir, 32, local->leaf_offset[k]), 0);
			merged = ir_emit(fe->ir, IR_SELECT, bits, hit, a->values[a->at],
					 local->leaf_var[k]);
			in = ir_append(fe->ir, IR_MOV, bits);
			in->dst = local->leaf_var[k];
			in->src[0] = merged;
		}
	} else {
		uint32_t *vars = malloc(local->leaf_count * sizeof(uint32_t));
		uint32_t *offs = malloc(local->leaf_count * sizeof(uint32_t));
		uint32_t n = 0;

		if (!vars || !offs) {
			free(vars);
			free(offs);
			return fe_fail(fe, "out of memory");
		}
		for (uint32_t k = 0; k < local->leaf_count; k++) {
			if (fe->ir->vals[local->leaf_var[k]].bits != bits)
				continue;
			vars[n] = ir_emit(fe->ir, IR_MOV, bits, local->leaf_var[k], 0, 0);
			offs[n++] = local->leaf_offset[k];
		}
		a->values[a->at] = n ? fe_select_by_offset(fe, offset, vars, offs, n) :
				       ir_const(fe->ir, bits, 0);
		free(vars);
		free(offs);
	}
	a->at++;
}

/*
 * The register part and the immediate part of a physical pointer's
 * address plus @byte_offset. The constant offset is the ISA's signed
 * 32-bit immediate, so a constant index below zero (undefined unless the
 * pointer came from the middle of an allocation) still lands where the
 * arithmetic says.
 */
static uint32_t physical_address(struct fe *fe, const struct fe_pointer *p, uint32_t byte_offset,
				 uint64_t *imm)
{
	uint32_t base = p->addr;

	if (p->offset != IR_NONE)
		base = ir_emit(fe->ir, IR_IADD, 64, base, p->offset, 0);
	*imm = p->const_offset + byte_offset;
	return base;
}

static void access_scalar(struct fe *fe, struct access *a, uint32_t type, uint32_t byte_offset)
{
	const struct fe_pointer *p = a->p;
	unsigned int width = fe_type_width(fe, type), bytes = width / 8;
	unsigned int bits = fe_bits(fe, type);
	struct ir_shader *ir = fe->ir;
	struct ir_instr *in;

	if (fe_is_bool(fe, type))
		bytes = 4;
	switch (p->space) {
	case FE_SPACE_STORAGE:
	case FE_SPACE_UNIFORM: {
		uint32_t off = offset_value(fe, p, byte_offset), desc = p->desc;
		uint32_t result = p->nonuniform_index && !a->store ? ir_new_variable(ir, bits) : 0;

		if (a->store && p->space == FE_SPACE_UNIFORM)
			return fe_fail(fe, "OpStore to a uniform buffer");
		if (p->nonuniform_index)
			desc = begin_waterfall(fe, p);
		if (a->store) {
			in = ir_append(ir, IR_STORE_GLOBAL, bits);
			in->src[0] = desc;
			in->src[1] = off;
			in->src[2] = a->values[a->at];
			in->aux = bytes;
		} else {
			a->values[a->at] = ir_emit(ir, IR_LOAD_GLOBAL, bits, desc, off, 0);
			ir->ins[ir->count - 1].aux = bytes;
		}
		if (p->nonuniform_index) {
			if (result) {
				uint32_t loaded = a->values[a->at];

				in = ir_append(ir, IR_MOV, bits);
				in->dst = result;
				in->src[0] = loaded;
			}
			end_waterfall(fe);
			if (result)
				a->values[a->at] = ir_emit(ir, IR_MOV, bits, result, 0, 0);
		}
		break;
	}
	case FE_SPACE_PHYSICAL: {
		uint64_t imm;
		uint32_t base = physical_address(fe, p, byte_offset, &imm);

		if (a->store) {
			in = ir_append(ir, IR_STORE_ADDR, bits);
			in->src[0] = base;
			in->src[1] = a->values[a->at];
		} else {
			a->values[a->at] = ir_emit(ir, IR_LOAD_ADDR, bits, base, 0, 0);
			in = &ir->ins[ir->count - 1];
		}
		in->aux = bytes;
		in->imm = imm;
		break;
	}
	case FE_SPACE_PUSH:
		if (a->store)
			return fe_fail(fe, "OpStore to push constants");
		a->values[a->at] = ir_emit(ir, IR_LOAD_PUSH, bits, offset_value(fe, p, byte_offset), 0, 0);
		ir->ins[ir->count - 1].aux = bytes;
		if (p->const_offset + byte_offset + bytes > fe->push_top)
			fe->push_top = p->const_offset + byte_offset + bytes;
		/*
		 * A dynamic index may reach any element: the block's end bounds
		 * it (its layout is known here; decorations are applied after
		 * the variable is declared).
		 */
		if (p->offset != IR_NONE) {
			uint32_t extent = explicit_extent(fe, fe->push_type, 0, false);

			if (extent > fe->push_top)
				fe->push_top = extent;
		}
		break;
	case FE_SPACE_SHARED: {
		uint32_t off = offset_value(fe, p, byte_offset);

		if (a->store) {
			in = ir_append(ir, IR_STORE_SHARED, bits);
			in->src[0] = off;
			in->src[1] = a->values[a->at];
			in->aux = bytes;
		} else {
			a->values[a->at] = ir_emit(ir, IR_LOAD_SHARED, bits, off, 0, 0);
			ir->ins[ir->count - 1].aux = bytes;
		}
		break;
	}
	case FE_SPACE_BUILTIN: {
		/* Vectors have 3 components at most, clip and cull distance arrays 8. */
		uint32_t comps[EMBER_ISA_MAX_CLIP_CULL], offs[EMBER_ISA_MAX_CLIP_CULL];
		uint32_t n = p->builtin == SpvBuiltInClipDistance ||
			     p->builtin == SpvBuiltInCullDistance ? EMBER_ISA_MAX_CLIP_CULL : 3;

		if (a->store)
			return fe_fail(fe, "OpStore to a built-in input");
		if (p->offset == IR_NONE) {
			a->values[a->at] = builtin_component(fe, p->builtin,
							     (p->const_offset + byte_offset) / 4);
		} else {
			for (uint32_t k = 0; k < n; k++) {
				comps[k] = builtin_component(fe, p->builtin, k);
				offs[k] = 4 * k;
			}
			a->values[a->at] = fe_select_by_offset(fe, offset_value(fe, p, byte_offset),
							    comps, offs, n);
		}
		break;
	}
	case FE_SPACE_FUNCTION:
		return access_local(fe, a, byte_offset, bits);
	case FE_SPACE_PRIVATE: {
		uint32_t off = offset_value(fe, p, byte_offset);

		if (a->store) {
			uint32_t value = a->values[a->at];

			in = ir_append(ir, IR_STORE_PRIVATE, bits);
			in->src[0] = off;
			in->src[1] = value;
			in->aux = bytes;
		} else {
			a->values[a->at] = ir_emit(ir, IR_LOAD_PRIVATE, bits, off, 0, 0);
			ir->ins[ir->count - 1].aux = bytes;
		}
		break;
	}
	}
	a->at++;
}

/* Walk @type at @byte_offset leaf by leaf, in flattening order. */
static void access_tree(struct fe *fe, struct access *a, uint32_t type, uint32_t byte_offset,
			bool row_major, uint32_t matrix_stride, uint32_t component_stride)
{
	const struct fe_type *t = fe_type(fe, type);
	struct fe_pointer layout = *a->p;

	if (fe->failed)
		return;
	layout.row_major = row_major;
	layout.matrix_stride = matrix_stride;
	switch (t->op) {
	case SpvOpTypeVector: {
		uint32_t stride = component_stride ? component_stride :
				  (fe_is_bool(fe, t->elem) ? 4 : fe_type_width(fe, t->elem) / 8);

		for (uint32_t i = 0; i < t->count; i++)
			access_scalar(fe, a, t->elem, byte_offset + i * stride);
		break;
	}
	case SpvOpTypeMatrix: {
		uint32_t column, component;

		matrix_strides(fe, &layout, t, &column, &component);
		for (uint32_t j = 0; j < t->count; j++)
			access_tree(fe, a, t->elem, byte_offset + j * column, false, 0, component);
		break;
	}
	case SpvOpTypeArray: {
		uint32_t stride = array_stride(fe, &layout, t);

		for (uint32_t i = 0; i < t->count && !fe->failed; i++)
			access_tree(fe, a, t->elem, byte_offset + i * stride, row_major,
				    matrix_stride, 0);
		break;
	}
	case SpvOpTypeStruct:
		for (uint32_t i = 0; i < t->count && !fe->failed; i++) {
			const struct fe_member *m = &t->members[i];

			access_tree(fe, a, m->type, byte_offset + member_offset(fe, &layout, t, i),
				    m->row_major, m->matrix_stride, 0);
		}
		break;
	case SpvOpTypeRuntimeArray:
		return fe_fail(fe, "loading or storing a whole runtime array");
	default:
		access_scalar(fe, a, type, byte_offset);
		break;
	}
}

static void load_leaves(struct fe *fe, const struct fe_pointer *p, uint32_t *values)
{
	struct access a = { .p = p, .values = values };

	if (p->desc_array)
		return fe_fail(fe, "loading a whole array of buffers");
	if (p->component_stride && fe_type(fe, p->type)->op == SpvOpTypeVector) {
		/* A row-major column: components are matrix_stride apart. */
		const struct fe_type *t = fe_type(fe, p->type);

		for (uint32_t i = 0; i < t->count && !fe->failed; i++)
			access_scalar(fe, &a, t->elem, i * p->component_stride);
		return;
	}
	access_tree(fe, &a, p->type, 0, p->row_major, p->matrix_stride, 0);
}

static void store_leaves(struct fe *fe, const struct fe_pointer *p, uint32_t *values)
{
	struct access a = { .p = p, .values = values, .store = true };

	if (p->component_stride && fe_type(fe, p->type)->op == SpvOpTypeVector) {
		const struct fe_type *t = fe_type(fe, p->type);

		for (uint32_t i = 0; i < t->count && !fe->failed; i++)
			access_scalar(fe, &a, t->elem, i * p->component_stride);
		return;
	}
	access_tree(fe, &a, p->type, 0, p->row_major, p->matrix_stride, 0);
}

static void load(struct fe *fe, uint32_t result_type, uint32_t id, const struct fe_pointer *p)
{
	uint32_t leaves = fe_type(fe, p->type)->leaves;
	uint32_t *values = calloc(leaves ? leaves : 1, sizeof(uint32_t));

	if (!values)
		return fe_fail(fe, "out of memory");
	load_leaves(fe, p, values);
	if (!fe->failed && fe_new_leaves(fe, id, result_type, leaves))
		memcpy(&fe->leaves[fe->ids[id].first], values, leaves * sizeof(uint32_t));
	free(values);
}

static void store(struct fe *fe, const struct fe_pointer *p, uint32_t value_id)
{
	uint32_t count, *values = fe_value(fe, value_id, &count), *copy;

	if (!values)
		return;
	if (count != fe_type(fe, p->type)->leaves)
		return fe_fail(fe, "OpStore: value does not match the pointee type");
	copy = malloc(count * sizeof(uint32_t));
	if (!copy)
		return fe_fail(fe, "out of memory");
	memcpy(copy, values, count * sizeof(uint32_t));
	store_leaves(fe, p, copy);
	free(copy);
}

static void copy_memory(struct fe *fe, const struct fe_pointer *dst, const struct fe_pointer *src)
{
	uint32_t leaves = fe_type(fe, src->type)->leaves;
	uint32_t *values;

	if (leaves != fe_type(fe, dst->type)->leaves || !leaves)
		return fe_fail(fe, "OpCopyMemory between different types");
	values = calloc(leaves, sizeof(uint32_t));
	if (!values)
		return fe_fail(fe, "out of memory");
	load_leaves(fe, src, values);
	if (!fe->failed)
		store_leaves(fe, dst, values);
	free(values);
}

/* Store @values (one per leaf of the pointee) through pointer @pointer_id. */
void fe_store_leaves(struct fe *fe, uint32_t pointer_id, uint32_t *values)
{
	const struct fe_pointer *p = fe_pointer(fe, pointer_id);

	if (p)
		store_leaves(fe, p, values);
}

/* ---- access chains ---- */

static uint32_t index_value(struct fe *fe, uint32_t id, bool *is_constant, uint32_t *constant)
{
	*is_constant = id < fe->bound && fe->ids[id].is_constant;
	*constant = *is_constant ? (uint32_t)fe->ids[id].const_value : 0;
	if (*is_constant)
		return IR_NONE;
	uint32_t v = fe_scalar(fe, id);

	if (v != IR_NONE && fe->ir->vals[v].bits == 64)
		v = ir_emit(fe->ir, IR_LO32, 32, v, 0, 0);
	return v;
}

/* Physical pointers: a 64-bit offset, from a sign-extended index. */
static void add_dynamic64(struct fe *fe, struct fe_pointer *p, uint32_t index_id, uint64_t stride)
{
	struct ir_shader *ir = fe->ir;
	uint32_t index = fe_scalar(fe, index_id), scaled;

	if (index == IR_NONE)
		return;
	if (ir->vals[index].bits != 64)
		index = ir_emit(ir, IR_SEXT, 64, index, 0, 0);
	scaled = stride == 1 ? index : ir_emit(ir, IR_IMUL, 64, index, ir_const(ir, 64, stride), 0);
	p->offset = p->offset == IR_NONE ? scaled : ir_emit(ir, IR_IADD, 64, p->offset, scaled, 0);
}

static void add_dynamic(struct fe *fe, struct fe_pointer *p, uint32_t index, uint32_t stride)
{
	uint32_t scaled = stride == 1 ? index :
			  ir_emit(fe->ir, IR_IMUL, 32, index, ir_const(fe->ir, 32, stride), 0);

	p->offset = p->offset == IR_NONE ? scaled :
		    ir_emit(fe->ir, IR_IADD, 32, p->offset, scaled, 0);
}

static void access_chain(struct fe *fe, const uint32_t *w, uint32_t length, bool ptr_chain)
{
	const struct fe_pointer *base = fe_pointer(fe, w[3]);
	struct fe_pointer p;
	uint32_t type, first = 4;

	if (!base)
		return;
	p = *base;
	type = p.type;
	if (ptr_chain) {
		/* Element: whole pointees, ArrayStride of the base's pointer type. */
		uint32_t stride = fe_type(fe, fe->ids[w[3]].type)->array_stride;

		if (length < 5)
			return fe_fail(fe, "OpPtrAccessChain: truncated");
		if (p.space != FE_SPACE_PHYSICAL)
			return fe_fail(fe, "%s on storage class other than PhysicalStorageBuffer "
				       "is not supported", fe_op_name(w[0] & 0xffff));
		if (!(w[4] < fe->bound && fe->ids[w[4]].is_constant && !fe->ids[w[4]].const_value)) {
			if (!stride)
				return fe_fail(fe, "OpPtrAccessChain: the pointer type has no ArrayStride");
			add_dynamic64(fe, &p, w[4], stride);
		}
		first = 5;
	}
	for (uint32_t i = first; i < length && !fe->failed; i++) {
		const struct fe_type *t = fe_type(fe, type);
		bool is_constant;
		uint32_t constant, index = index_value(fe, w[i], &is_constant, &constant);

		if (p.desc_array && p.space == FE_SPACE_IMAGE) {
			p.desc_array = false;
			type = t->elem;
			fe_image_element(fe, &p, type, index, constant,
					 fe->ids[w[i]].nonuniform || fe->ids[w[2]].nonuniform);
			continue;
		}
		if (p.desc_array) {
			struct ir_instr *in;

			p.desc_array = false;
			type = t->elem;
			if (index && (fe->ids[w[i]].nonuniform || fe->ids[w[2]].nonuniform)) {
				p.nonuniform_index = index;
				continue;
			}
			if (index)
				index = ir_emit(fe->ir, IR_SG_BROADCAST_FIRST, 32, index, 0, 0);
			p.desc = ir_new_value(fe->ir, 128);
			in = ir_append(fe->ir, IR_DESC, 128);
			in->dst = p.desc;
			in->imm = fe_desc_imm(p.desc_set, p.desc_binding, p.desc_offset + constant);
			in->src[0] = index;
			continue;
		}
		switch (t->op) {
		case SpvOpTypeStruct:
			if (!is_constant || constant >= t->count)
				return fe_fail(fe, "struct index is not a valid constant");
			p.const_offset += member_offset(fe, &p, t, constant);
			p.row_major = t->members[constant].row_major;
			p.matrix_stride = t->members[constant].matrix_stride;
			type = t->members[constant].type;
			break;
		case SpvOpTypeArray:
		case SpvOpTypeRuntimeArray: {
			uint32_t stride = array_stride(fe, &p, t);

			if (is_constant)
				p.const_offset += constant * stride;
			else if (p.space == FE_SPACE_PHYSICAL)
				add_dynamic64(fe, &p, w[i], stride);
			else
				add_dynamic(fe, &p, index, stride);
			type = t->elem;
			break;
		}
		case SpvOpTypeMatrix: {
			uint32_t column, component;

			matrix_strides(fe, &p, t, &column, &component);
			if (is_constant)
				p.const_offset += constant * column;
			else if (p.space == FE_SPACE_PHYSICAL)
				add_dynamic64(fe, &p, w[i], column);
			else
				add_dynamic(fe, &p, index, column);
			p.component_stride = p.row_major && p.explicit_layout ? component : 0;
			type = t->elem;
			break;
		}
		case SpvOpTypeVector: {
			uint32_t stride = p.component_stride ? p.component_stride :
					  (fe_is_bool(fe, t->elem) ? 4 : fe_type_width(fe, t->elem) / 8);

			if (is_constant)
				p.const_offset += constant * stride;
			else if (p.space == FE_SPACE_PHYSICAL)
				add_dynamic64(fe, &p, w[i], stride);
			else
				add_dynamic(fe, &p, index, stride);
			p.component_stride = 0;
			type = t->elem;
			break;
		}
		default:
			return fe_fail(fe, "access chain indexes into a scalar");
		}
	}
	p.type = type;
	if (p.space == FE_SPACE_PHYSICAL) {
		uint32_t value = p.addr;

		if (p.offset != IR_NONE)
			value = ir_emit(fe->ir, IR_IADD, 64, value, p.offset, 0);
		if (p.const_offset)
			value = ir_emit(fe->ir, IR_IADD, 64, value,
					ir_const(fe->ir, 64, (uint64_t)(int64_t)(int32_t)p.const_offset), 0);
		p.addr_value = value;
	}
	fe_set_pointer(fe, w[2], w[1], &p);
}

/*
 * OpConvertUToPtr, OpConvertPtrToU: a pointer is its 64-bit address (the
 * Vulkan environment allows only 64-bit integers here).
 */
static void pointer_conversion(struct fe *fe, const uint32_t *w, uint32_t op)
{
	struct ir_shader *ir = fe->ir;
	uint32_t v = fe_scalar(fe, w[3]), *out;

	if (fe->failed)
		return;
	if (!fe_is_physical_pointer(fe, op == SpvOpConvertUToPtr ? w[1] : fe->ids[w[3]].type))
		return fe_fail(fe, "%s on a pointer that is not PhysicalStorageBuffer",
			       fe_op_name(op));
	if (ir->vals[v].bits != 64 || fe_bits(fe, w[1]) != 64)
		return fe_fail(fe, "%s with an integer that is not 64-bit", fe_op_name(op));
	out = fe_new_leaves(fe, w[2], w[1], 1);
	if (out)
		out[0] = v;
}

/* ---- atomics and barriers ---- */

static enum ir_reduce atomic_kind(uint32_t op)
{
	switch (op) {
	case SpvOpAtomicExchange: return IR_RED_XCHG;
	case SpvOpAtomicCompareExchange: return IR_RED_CMPXCHG;
	case SpvOpAtomicSMin: return IR_RED_IMIN;
	case SpvOpAtomicUMin: return IR_RED_UMIN;
	case SpvOpAtomicSMax: return IR_RED_IMAX;
	case SpvOpAtomicUMax: return IR_RED_UMAX;
	case SpvOpAtomicAnd: return IR_RED_AND;
	case SpvOpAtomicOr: return IR_RED_OR;
	case SpvOpAtomicXor: return IR_RED_XOR;
	case SpvOpAtomicFAddEXT: return IR_RED_FADD;
	default: return IR_RED_IADD;
	}
}

static void atomic(struct fe *fe, const uint32_t *w, uint32_t op)
{
	const struct fe_pointer *p = fe_pointer(fe, w[3]);
	uint32_t *out, data, compare = IR_NONE, offset;
	unsigned int bits, width;
	struct ir_instr *in;

	if (!p)
		return;
	width = fe_type_width(fe, p->type);
	bits = fe_bits(fe, p->type);
	if (width < 32)
		return fe_fail(fe, "%s on a %u-bit integer is not supported", fe_op_name(op), width);
	switch (op) {
	case SpvOpAtomicIIncrement:
		data = ir_const(fe->ir, bits, 1);
		break;
	case SpvOpAtomicIDecrement:
		data = ir_const(fe->ir, bits, ~0ull);
		break;
	case SpvOpAtomicISub:
		data = ir_emit(fe->ir, IR_INEG, bits, fe_scalar(fe, w[6]), 0, 0);
		break;
	case SpvOpAtomicCompareExchange:
		data = fe_scalar(fe, w[7]);
		compare = fe_scalar(fe, w[8]);
		break;
	default:
		data = fe_scalar(fe, w[6]);
		break;
	}
	if (fe->failed)
		return;
	if (p->space == FE_SPACE_TEXEL) {
		if (bits != 32)
			return fe_fail(fe, "%s on a 64-bit image texel is not supported (no R64 "
				       "formats)", fe_op_name(op));
		return fe_image_atomic(fe, w[2], w[1], p, data, compare, atomic_kind(op));
	}
	if (p->space == FE_SPACE_PHYSICAL) {
		uint64_t imm;
		uint32_t base = physical_address(fe, p, 0, &imm);

		out = fe_new_leaves(fe, w[2], w[1], 1);
		if (!out)
			return;
		out[0] = ir_new_value(fe->ir, bits);
		in = ir_append(fe->ir, IR_ATOMIC_ADDR, bits);
		in->dst = out[0];
		in->src[0] = base;
		in->src[1] = data;
		in->src[2] = compare;
		in->imm = imm;
		in->aux = bits / 8;
		in->aux2 = atomic_kind(op);
		return;
	}
	if (p->space != FE_SPACE_STORAGE && p->space != FE_SPACE_SHARED)
		return fe_fail(fe, "%s on this storage class is not supported", fe_op_name(op));
	offset = offset_value(fe, p, 0);
	out = fe_new_leaves(fe, w[2], w[1], 1);
	if (!out)
		return;
	if (p->nonuniform_index) {
		uint32_t result = ir_new_variable(fe->ir, bits), old = ir_new_value(fe->ir, bits);
		uint32_t desc = begin_waterfall(fe, p);

		in = ir_append(fe->ir, IR_ATOMIC_GLOBAL, bits);
		in->dst = old;
		in->src[0] = desc;
		in->src[1] = offset;
		in->src[2] = data;
		in->src[3] = compare;
		in->aux = bits / 8;
		in->aux2 = atomic_kind(op);
		in = ir_append(fe->ir, IR_MOV, bits);
		in->dst = result;
		in->src[0] = old;
		end_waterfall(fe);
		fe->leaves[fe->ids[w[2]].first] = ir_emit(fe->ir, IR_MOV, bits, result, 0, 0);
		return;
	}
	out[0] = ir_new_value(fe->ir, bits);
	if (p->space == FE_SPACE_STORAGE) {
		in = ir_append(fe->ir, IR_ATOMIC_GLOBAL, bits);
		in->src[0] = p->desc;
		in->src[1] = offset;
		in->src[2] = data;
		in->src[3] = compare;
	} else {
		in = ir_append(fe->ir, IR_ATOMIC_SHARED, bits);
		in->src[0] = offset;
		in->src[1] = data;
		in->src[2] = compare;
	}
	in->dst = out[0];
	in->aux = bits / 8;
	in->aux2 = atomic_kind(op);
}

static uint32_t constant_operand(struct fe *fe, uint32_t id)
{
	if (id >= fe->bound || !fe->ids[id].is_constant) {
		fe_fail(fe, "scope or memory semantics operand %u is not a constant", id);
		return 0;
	}
	return fe->ids[id].const_value;
}

void fe_emit_memory(struct fe *fe, const uint32_t *w, uint32_t length)
{
	uint32_t op = w[0] & 0xffff;
	const struct fe_pointer *p;

	switch (op) {
	case SpvOpVariable:
		if (w[3] != SpvStorageClassFunction)
			return fe_fail(fe, "OpVariable of storage class %u inside a function", w[3]);
		declare_local(fe, w, length);
		if (!fe->failed) {
			/* Start from the initializer, or zero (the value is undefined). */
			const struct fe_pointer *local = fe_pointer(fe, w[2]);
			struct fe_local *l = &fe->locals[local->local];

			if (local->space == FE_SPACE_PRIVATE) {
				if (length > 4)
					store(fe, local, w[4]);
			} else if (length > 4) {
				store(fe, local, w[4]);
			} else {
				for (uint32_t k = 0; k < l->leaf_count; k++) {
					unsigned int bits = fe->ir->vals[l->leaf_var[k]].bits;
					struct ir_instr *in;
					uint32_t zero = ir_const(fe->ir, bits, 0);

					in = ir_append(fe->ir, IR_MOV, bits);
					in->dst = l->leaf_var[k];
					in->src[0] = zero;
				}
			}
		}
		break;
	case SpvOpLoad:
	case SpvOpAtomicLoad:
		p = fe_pointer(fe, w[3]);
		if (p && p->space == FE_SPACE_IMAGE)
			fe_load_handle(fe, w[2], p);
		else if (p && p->space == FE_SPACE_TEXEL)
			fe_image_atomic(fe, w[2], w[1], p, ir_const(fe->ir, 32, 0), IR_NONE,
					IR_RED_OR);
		else if (p)
			load(fe, w[1], w[2], p);
		break;
	case SpvOpStore:
		p = fe_pointer(fe, w[1]);
		if (p)
			store(fe, p, w[2]);
		break;
	case SpvOpAtomicStore:
		p = fe_pointer(fe, w[1]);
		if (p && p->space == FE_SPACE_TEXEL)
			fe_image_atomic(fe, 0, 0, p, fe_scalar(fe, w[4]), IR_NONE, IR_RED_XCHG);
		else if (p)
			store(fe, p, w[4]);
		break;
	case SpvOpCopyMemory: {
		const struct fe_pointer *src = fe_pointer(fe, w[2]);

		p = fe_pointer(fe, w[1]);
		if (p && src)
			copy_memory(fe, p, src);
		break;
	}
	case SpvOpAccessChain:
	case SpvOpInBoundsAccessChain:
		access_chain(fe, w, length, false);
		break;
	case SpvOpPtrAccessChain:
	case SpvOpInBoundsPtrAccessChain:
		access_chain(fe, w, length, true);
		break;
	case SpvOpConvertUToPtr:
	case SpvOpConvertPtrToU:
		pointer_conversion(fe, w, op);
		break;
	case SpvOpArrayLength: {
		const struct fe_type *t;
		uint32_t *out, range, start, stride;
		const struct fe_type *array;

		p = fe_pointer(fe, w[3]);
		if (!p)
			return;
		t = fe_type(fe, p->type);
		if (p->space != FE_SPACE_STORAGE || t->op != SpvOpTypeStruct || w[4] >= t->count)
			return fe_fail(fe, "OpArrayLength needs a storage buffer block");
		if (p->nonuniform_index)
			return fe_fail(fe, "OpArrayLength through a NonUniform descriptor index "
				       "is not supported");
		array = fe_type(fe, t->members[w[4]].type);
		start = p->const_offset + member_offset(fe, p, t, w[4]);
		stride = array_stride(fe, p, array);
		if (!stride)
			return fe_fail(fe, "OpArrayLength: runtime array without ArrayStride");
		range = ir_emit(fe->ir, IR_DESC_RANGE, 32, p->desc, 0, 0);
		range = ir_emit(fe->ir, IR_UMAX, 32, range, ir_const(fe->ir, 32, start), 0);
		range = ir_emit(fe->ir, IR_ISUB, 32, range, ir_const(fe->ir, 32, start), 0);
		out = fe_new_leaves(fe, w[2], w[1], 1);
		if (out)
			out[0] = ir_emit(fe->ir, IR_UDIV, 32, range, ir_const(fe->ir, 32, stride), 0);
		break;
	}
	case SpvOpControlBarrier: {
		uint32_t exec = constant_operand(fe, w[1]);

		ir_append(fe->ir, exec == SpvScopeWorkgroup ? IR_BARRIER : IR_MEMBAR, 0);
		break;
	}
	case SpvOpMemoryBarrier:
		ir_append(fe->ir, IR_MEMBAR, 0);
		break;
	default:
		atomic(fe, w, op);
		break;
	}
}
