/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: SPIR-V module parsing
 *
 * One pass over the module fills the id-indexed tables of struct fe:
 * capabilities and extensions are checked against what the compiler
 * implements (the refusal names the first one it does not), decorations
 * are attached to their ids, types get their leaf counts, module-level
 * variables get their storage (shared memory is laid out here), and the
 * entry function's blocks are indexed with their merge instructions.
 * Constants are only recorded; fe_emit_prologue() materialises them at the
 * top of the shader so that every later use is dominated by them.
 */

#include "spirv_in.h"
#include "spirv_names.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember_isa.h"

void fe_fail(struct fe *fe, const char *fmt, ...)
{
	va_list ap;
	char *message;

	if (fe->failed)
		return;
	fe->failed = true;
	va_start(ap, fmt);
	if (vasprintf(&message, fmt, ap) < 0)
		message = NULL;
	va_end(ap);
	fe->error = message;
}

const char *fe_op_name(uint32_t op)
{
	const char *name = spirv_opcode_name(op);

	return name ? name : "an unknown opcode";
}

const struct fe_type *fe_type(struct fe *fe, uint32_t id)
{
	static const struct fe_type none;

	if (id >= fe->bound || fe->ids[id].kind != FE_TYPE)
		return &none;
	return &fe->types[id];
}

uint32_t fe_scalar_type(struct fe *fe, uint32_t type)
{
	const struct fe_type *t = fe_type(fe, type);

	while (t->op == SpvOpTypeVector || t->op == SpvOpTypeMatrix ||
	       t->op == SpvOpTypeArray || t->op == SpvOpTypeRuntimeArray) {
		type = t->elem;
		t = fe_type(fe, type);
	}
	return type;
}

unsigned int fe_type_width(struct fe *fe, uint32_t type)
{
	const struct fe_type *t = fe_type(fe, fe_scalar_type(fe, type));

	return t->op == SpvOpTypeBool ? 32 : t->width;
}

unsigned int fe_bits(struct fe *fe, uint32_t type)
{
	return fe_type_width(fe, type) == 64 ? 64 : 32;
}

bool fe_is_float(struct fe *fe, uint32_t type)
{
	return fe_type(fe, fe_scalar_type(fe, type))->op == SpvOpTypeFloat;
}

bool fe_is_bool(struct fe *fe, uint32_t type)
{
	return fe_type(fe, fe_scalar_type(fe, type))->op == SpvOpTypeBool;
}

bool fe_is_physical_pointer(struct fe *fe, uint32_t type)
{
	const struct fe_type *t = fe_type(fe, type);

	return t->op == SpvOpTypePointer && t->storage == SpvStorageClassPhysicalStorageBuffer;
}

static bool capability_supported(uint32_t cap)
{
	switch (cap) {
	case SpvCapabilityShader:
	case SpvCapabilityMatrix:
	case SpvCapabilityInt64:
	case SpvCapabilityInt16:
	case SpvCapabilityInt8:
	case SpvCapabilityFloat16:	/* conversions only; arithmetic is refused per instruction */
	case SpvCapabilityStorageBuffer8BitAccess:
	case SpvCapabilityUniformAndStorageBuffer8BitAccess:
	case SpvCapabilityStoragePushConstant8:
	case SpvCapabilityStorageBuffer16BitAccess:
	case SpvCapabilityUniformAndStorageBuffer16BitAccess:
	case SpvCapabilityStoragePushConstant16:
	case SpvCapabilityStorageInputOutput16:	/* a 32-bit component each (spirv_io.c) */
	case SpvCapabilityGroupNonUniform:
	case SpvCapabilityGroupNonUniformVote:
	case SpvCapabilityGroupNonUniformBallot:
	case SpvCapabilityGroupNonUniformArithmetic:
	case SpvCapabilityGroupNonUniformShuffle:
	case SpvCapabilityGroupNonUniformShuffleRelative:
	case SpvCapabilityGroupNonUniformClustered:
	case SpvCapabilityGroupNonUniformQuad:
	case SpvCapabilityVulkanMemoryModel:
	case SpvCapabilityVulkanMemoryModelDeviceScope:
	case SpvCapabilityInt64Atomics:
	case SpvCapabilityUniformBufferArrayDynamicIndexing:
	case SpvCapabilityStorageBufferArrayDynamicIndexing:
	case SpvCapabilityShaderNonUniform:
	case SpvCapabilityRuntimeDescriptorArray:
	case SpvCapabilityUniformBufferArrayNonUniformIndexing:
	case SpvCapabilityStorageBufferArrayNonUniformIndexing:
	case SpvCapabilityPhysicalStorageBufferAddresses:
	/* Images (ISA 1.2): the format comes from the descriptor, so reads and
	 * writes without a format in the shader are what the device does. */
	case SpvCapabilityImageQuery:
	case SpvCapabilityImageGatherExtended:
	case SpvCapabilityStorageImageExtendedFormats:
	case SpvCapabilityStorageImageReadWithoutFormat:
	case SpvCapabilityStorageImageWriteWithoutFormat:
	case SpvCapabilityStorageImageMultisample:	/* imgld/imgst take the sample */
	case SpvCapabilitySampled1D:
	case SpvCapabilityImage1D:
	case SpvCapabilitySampledBuffer:
	case SpvCapabilityImageBuffer:
	case SpvCapabilitySampledCubeArray:
	case SpvCapabilityImageCubeArray:
	case SpvCapabilitySampledImageArrayDynamicIndexing:
	case SpvCapabilityStorageImageArrayDynamicIndexing:
	case SpvCapabilityUniformTexelBufferArrayDynamicIndexing:
	case SpvCapabilityStorageTexelBufferArrayDynamicIndexing:
	case SpvCapabilitySampledImageArrayNonUniformIndexing:
	case SpvCapabilityStorageImageArrayNonUniformIndexing:
	case SpvCapabilityUniformTexelBufferArrayNonUniformIndexing:
	case SpvCapabilityStorageTexelBufferArrayNonUniformIndexing:
	case SpvCapabilityDotProduct:
	case SpvCapabilityDotProductInputAll:
	case SpvCapabilityDotProductInput4x8Bit:
	case SpvCapabilityDotProductInput4x8BitPacked:
	/* The vertex and fragment stages (spirv_io.c, spirv_fragment.c). */
	case SpvCapabilityDemoteToHelperInvocation:
	case SpvCapabilityDerivativeControl:
	case SpvCapabilityInterpolationFunction:
	case SpvCapabilitySampleRateShading:
	case SpvCapabilityClipDistance:
	case SpvCapabilityCullDistance:
	case SpvCapabilityDrawParameters:
	case SpvCapabilityMultiView:
	case SpvCapabilityShaderLayer:
	case SpvCapabilityInputAttachment:	/* fetch under the fragment (spirv_image.c) */
	case SpvCapabilityInputAttachmentArrayDynamicIndexing:
	case SpvCapabilityInputAttachmentArrayNonUniformIndexing:
	/* ViewportIndex as a vertex output (spirv_io.c; ISA 1.5). */
	case SpvCapabilityShaderViewportIndex:
	case SpvCapabilityShaderViewportIndexLayerEXT:
	case SpvCapabilityMultiViewport:
	case SpvCapabilityGeometry:	/* Layer and PrimitiveId as fragment inputs */
		return true;
	default:
		return false;
	}
}

static bool extension_supported(const char *name)
{
	static const char *const known[] = {
		"SPV_KHR_storage_buffer_storage_class",
		"SPV_KHR_8bit_storage",
		"SPV_KHR_16bit_storage",
		"SPV_KHR_vulkan_memory_model",
		"SPV_KHR_shader_ballot",
		"SPV_KHR_non_semantic_info",
		"SPV_KHR_variable_pointers",
		"SPV_EXT_descriptor_indexing",
		"SPV_KHR_physical_storage_buffer",
		"SPV_EXT_physical_storage_buffer",
		"SPV_KHR_integer_dot_product",
		"SPV_EXT_demote_to_helper_invocation",	/* see capability_supported() */
		"SPV_KHR_terminate_invocation",
		"SPV_EXT_shader_viewport_index_layer",	/* Layer, ViewportIndex out */
	};

	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (!strcmp(name, known[i]))
			return true;
	return false;
}

/* A literal string operand, bounded by the instruction. */
static const char *literal_string(const uint32_t *w, uint32_t words)
{
	const char *text = (const char *)w;

	return memchr(text, 0, words * 4) ? text : "";
}

static uint32_t leaves_of(struct fe *fe, uint32_t type)
{
	return fe_type(fe, type)->leaves;
}

static void parse_type(struct fe *fe, const uint32_t *w, uint32_t length)
{
	uint32_t op = w[0] & 0xffff, id = w[1];
	struct fe_type *t;

	if (id >= fe->bound)
		return fe_fail(fe, "%s: id %u out of bounds", fe_op_name(op), id);
	t = &fe->types[id];
	fe->ids[id].kind = FE_TYPE;
	t->op = op;
	t->array_stride = fe->ids[id].array_stride;
	t->block = fe->ids[id].block_deco;
	t->buffer_block = fe->ids[id].buffer_block_deco;
	switch (op) {
	case SpvOpTypeVoid:
	case SpvOpTypeFunction:
		break;
	case SpvOpTypeBool:
		t->width = 32;
		t->leaves = 1;
		break;
	case SpvOpTypeInt:
		t->width = w[2];
		t->is_signed = w[3];
		t->leaves = 1;
		break;
	case SpvOpTypeFloat:
		t->width = w[2];
		t->leaves = 1;
		if (w[2] == 64)
			fe_fail(fe, "64-bit floats (OpTypeFloat 64) are not supported");
		break;
	case SpvOpTypeVector:
	case SpvOpTypeMatrix:
		t->elem = w[2];
		t->count = w[3];
		t->leaves = t->count * leaves_of(fe, t->elem);
		break;
	case SpvOpTypeArray:
		t->elem = w[2];
		if (w[3] >= fe->bound || !fe->ids[w[3]].is_constant)
			return fe_fail(fe, "OpTypeArray: length %u is not a constant", w[3]);
		t->count = fe->ids[w[3]].const_value;
		t->leaves = t->count * leaves_of(fe, t->elem);
		break;
	case SpvOpTypeRuntimeArray:
		t->elem = w[2];
		t->leaves = 0;
		break;
	case SpvOpTypeStruct:
		t->count = length - 2;
		t->members = calloc(t->count ? t->count : 1, sizeof(*t->members));
		if (!t->members)
			return fe_fail(fe, "out of memory");
		for (uint32_t i = 0; i < t->count; i++) {
			t->members[i].type = w[2 + i];
			t->leaves += leaves_of(fe, w[2 + i]);
		}
		break;
	case SpvOpTypePointer:
	case SpvOpTypeForwardPointer:
		/*
		 * A PhysicalStorageBuffer pointer is a value: one 64-bit leaf.
		 * The forward declaration makes it one already, for the struct
		 * types that contain it before its OpTypePointer.
		 */
		t->storage = w[2];
		if (op == SpvOpTypePointer)
			t->elem = w[3];
		t->op = SpvOpTypePointer;
		if (w[2] == SpvStorageClassPhysicalStorageBuffer) {
			t->width = 64;
			t->leaves = 1;
		} else if (op == SpvOpTypeForwardPointer) {
			return fe_fail(fe, "OpTypeForwardPointer to storage class %u is not supported",
				       w[2]);
		}
		break;
	case SpvOpTypeImage:
	case SpvOpTypeSampler:
	case SpvOpTypeSampledImage:
		fe_parse_image_type(fe, t, w, length);
		break;
	default:
		return fe_fail(fe, "%s is not supported", fe_op_name(op));
	}
}

static void parse_decoration(struct fe *fe, const uint32_t *w, uint32_t length)
{
	uint32_t id = w[1], deco = w[2];
	struct fe_id *d;

	if (id >= fe->bound)
		return;
	d = &fe->ids[id];
	switch (deco) {
	case SpvDecorationDescriptorSet:
		d->set = w[3];
		break;
	case SpvDecorationBinding:
		d->binding = w[3];
		d->has_binding = true;
		break;
	case SpvDecorationBuiltIn:
		d->builtin = w[3];
		d->has_builtin = true;
		if (w[3] == SpvBuiltInWorkgroupSize)
			fe->workgroup_size_id = id;
		break;
	case SpvDecorationArrayStride:
		d->array_stride = w[3];
		break;
	case SpvDecorationBlock:
		d->block_deco = true;
		break;
	case SpvDecorationNonUniform:
		d->nonuniform = true;
		break;
	case SpvDecorationBufferBlock:
		d->buffer_block_deco = true;
		break;
	default:
		/* The rest (NonWritable, Coherent, Restrict, RelaxedPrecision,
		 * NoContraction, ...) does not change what the code computes. */
		break;
	}
}

/* Member decorations arrive before the struct type: kept aside, applied after. */
static void apply_member_decorations(struct fe *fe)
{
	for (size_t i = 5; i < fe->word_count;) {
		const uint32_t *w = &fe->words[i];
		uint32_t length = w[0] >> 16, op = w[0] & 0xffff;

		if (op == SpvOpFunction)
			break;
		if (op == SpvOpMemberDecorate && length >= 4 && w[1] < fe->bound &&
		    fe->ids[w[1]].kind == FE_TYPE) {
			struct fe_type *t = &fe->types[w[1]];

			if (t->op == SpvOpTypeStruct && w[2] < t->count) {
				struct fe_member *m = &t->members[w[2]];

				switch (w[3]) {
				case SpvDecorationOffset:
					m->offset = w[4];
					m->has_offset = true;
					break;
				case SpvDecorationMatrixStride:
					m->matrix_stride = w[4];
					break;
				case SpvDecorationRowMajor:
					m->row_major = true;
					break;
				default:
					break;
				}
			}
		}
		i += length;
	}
}

static void parse_constant(struct fe *fe, const uint32_t *w, uint32_t length, uint32_t word)
{
	uint32_t op = w[0] & 0xffff, type = w[1], id = w[2];
	struct fe_id *d = &fe->ids[id];

	d->type = type;
	d->def_word = word;
	d->kind = FE_VALUE;
	switch (op) {
	case SpvOpConstant:
		d->is_constant = true;
		d->const_value = w[3];
		if (length > 4)
			d->const_value |= (uint64_t)w[4] << 32;
		break;
	case SpvOpConstantTrue:
		d->is_constant = true;
		d->const_value = 1;
		break;
	case SpvOpConstantFalse:
		d->is_constant = true;
		d->const_value = 0;
		break;
	case SpvOpConstantNull:
		d->is_constant = fe_type(fe, type)->leaves == 1;
		d->const_value = 0;
		break;
	case SpvOpConstantComposite:
	case SpvOpUndef:
	case SpvOpSpecConstantOp:	/* what SPIRV-Tools could not fold: the prologue computes it */
		break;
	default:
		/* Frozen by spirv_opt.cpp; one that survives could not be folded. */
		fe_fail(fe, "%s could not be resolved at compile time", fe_op_name(op));
	}
}

static void parse_entry_point(struct fe *fe, const uint32_t *w, uint32_t length, size_t word)
{
	const char *wanted = fe->opts->entry_point ? fe->opts->entry_point : "main";
	const char *name = literal_string(&w[3], length - 3);

	if (strcmp(name, wanted))
		return;
	if (fe_set_stage(fe, w[1], name)) {
		fe->entry_function = w[2];
		fe->entry_point_word = word;
	}
}

static void parse_execution_mode(struct fe *fe, const uint32_t *w, uint32_t length)
{
	uint32_t op = w[0] & 0xffff;

	if (w[1] != fe->entry_function)
		return;
	switch (w[2]) {
	case SpvExecutionModeLocalSize:
		if (length < 6)
			return fe_fail(fe, "LocalSize: truncated");
		for (int i = 0; i < 3; i++)
			fe->ir->local_size[i] = w[3 + i];
		break;
	case SpvExecutionModeLocalSizeId:
		if (length < 6)
			return fe_fail(fe, "LocalSizeId: truncated");
		for (int i = 0; i < 3; i++)
			fe->local_size_ids[i] = w[3 + i];
		break;
	default:
		if (op == SpvOpExecutionModeId)
			fe_fail(fe, "execution mode %u is not supported", w[2]);
		else if (fe->ir->stage.stage != EMBER_ISA_STAGE_COMPUTE)
			fe_io_execution_mode(fe, w, length);
		/* Others (e.g. DenormPreserve) do not change what Ember computes. */
		break;
	}
}

static bool index_blocks(struct fe *fe)
{
	uint32_t count = 0, capacity = 64;
	struct fe_block *block = NULL;

	fe->blocks = calloc(capacity, sizeof(*fe->blocks));
	if (!fe->blocks)
		return false;
	for (size_t i = fe->function_begin; i < fe->function_end;) {
		const uint32_t *w = &fe->words[i];
		uint32_t length = w[0] >> 16, op = w[0] & 0xffff;

		switch (op) {
		case SpvOpLabel:
			if (count == capacity) {
				struct fe_block *grown = realloc(fe->blocks, 2 * capacity * sizeof(*grown));

				if (!grown)
					return false;
				fe->blocks = grown;
				capacity *= 2;
			}
			block = &fe->blocks[count];
			memset(block, 0, sizeof(*block));
			block->label = w[1];
			block->first_word = i + length;
			fe->ids[w[1]].kind = FE_LABEL;
			fe->ids[w[1]].block = count++;
			break;
		case SpvOpSelectionMerge:
			if (block) {
				block->merge_op = op;
				block->merge_block = w[1];
				block->merge_word = i;
			}
			break;
		case SpvOpLoopMerge:
			if (block) {
				block->merge_op = op;
				block->merge_block = w[1];
				block->continue_block = w[2];
				block->merge_word = i;
			}
			break;
		case SpvOpBranch:
		case SpvOpBranchConditional:
		case SpvOpSwitch:
		case SpvOpReturn:
		case SpvOpReturnValue:
		case SpvOpKill:
		case SpvOpTerminateInvocation:
		case SpvOpUnreachable:
			if (block)
				block->terminator = i;
			block = NULL;
			break;
		case SpvOpFunctionCall:
			fe_fail(fe, "OpFunctionCall remained after inlining (recursion?)");
			return true;
		default:
			break;
		}
		i += length;
	}
	fe->block_count = count;
	return true;
}

/*
 * The first capability or extension of the module Ember does not support,
 * as a message to free; NULL if none (or the words are too malformed to
 * tell: validation reports those). Checked before SPIRV-Tools' optimizer
 * runs, which must not see what Ember refuses anyway: it crashes folding
 * SPV_NV_cooperative_matrix types (glslang's spv.coopmat.comp).
 */
char *spirv_refused_feature(const uint32_t *words, size_t count)
{
	char *text = NULL;

	for (size_t i = 5; i < count;) {
		uint32_t length = words[i] >> 16, op = words[i] & 0xffff;

		if (length < 2 || i + length > count)
			return NULL;
		if (op == SpvOpCapability && !capability_supported(words[i + 1])) {
			const char *name = spirv_capability_name(words[i + 1]);

			if (asprintf(&text, "capability %s is not supported",
				     name ? name : "(unknown)") < 0)
				text = NULL;
			return text;
		}
		if (op == SpvOpExtension) {
			const char *name = literal_string(&words[i + 1], length - 1);

			if (!extension_supported(name)) {
				if (asprintf(&text, "extension %s is not supported", name) < 0)
					text = NULL;
				return text;
			}
		}
		/* Capabilities and extensions come first in a module. */
		if (op != SpvOpCapability && op != SpvOpExtension)
			return NULL;
		i += length;
	}
	return NULL;
}

bool fe_parse_module(struct fe *fe)
{
	bool in_function = false, seen_function = false;

	for (size_t i = 5; i < fe->word_count && !fe->failed;) {
		const uint32_t *w = &fe->words[i];
		uint32_t length = w[0] >> 16, op = w[0] & 0xffff;

		if (length == 0 || i + length > fe->word_count) {
			fe_fail(fe, "malformed SPIR-V: instruction at word %zu overruns the module", i);
			break;
		}
		switch (op) {
		case SpvOpCapability:
			if (!capability_supported(w[1])) {
				const char *name = spirv_capability_name(w[1]);

				fe_fail(fe, "capability %s is not supported", name ? name : "(unknown)");
			}
			break;
		case SpvOpExtension: {
			const char *name = literal_string(&w[1], length - 1);

			if (!extension_supported(name))
				fe_fail(fe, "extension %s is not supported", name);
			break;
		}
		case SpvOpExtInstImport: {
			const char *name = literal_string(&w[2], length - 2);

			fe->ids[w[1]].kind = FE_EXTINST_SET;
			if (!strcmp(name, "GLSL.std.450"))
				fe->glsl_set = w[1];
			else if (strncmp(name, "NonSemantic.", 12))
				fe_fail(fe, "extended instruction set %s is not supported", name);
			break;
		}
		case SpvOpMemoryModel:
			if (w[1] != SpvAddressingModelLogical &&
			    w[1] != SpvAddressingModelPhysicalStorageBuffer64)
				fe_fail(fe, "addressing model %u is not supported (only Logical and "
					"PhysicalStorageBuffer64)", w[1]);
			break;
		case SpvOpEntryPoint:
			parse_entry_point(fe, w, length, i);
			break;
		case SpvOpExecutionMode:
		case SpvOpExecutionModeId:
			parse_execution_mode(fe, w, length);
			break;
		case SpvOpDecorate:
			parse_decoration(fe, w, length);
			break;
		case SpvOpDecorationGroup:
		case SpvOpGroupDecorate:
		case SpvOpGroupMemberDecorate:
			fe_fail(fe, "%s is not supported (decoration groups)", fe_op_name(op));
			break;
		case SpvOpTypeVoid: case SpvOpTypeBool: case SpvOpTypeInt:
		case SpvOpTypeFloat: case SpvOpTypeVector: case SpvOpTypeMatrix:
		case SpvOpTypeArray: case SpvOpTypeRuntimeArray: case SpvOpTypeStruct:
		case SpvOpTypePointer: case SpvOpTypeFunction: case SpvOpTypeForwardPointer:
		case SpvOpTypeImage: case SpvOpTypeSampler: case SpvOpTypeSampledImage:
		case SpvOpTypeOpaque: case SpvOpTypeEvent: case SpvOpTypeDeviceEvent:
		case SpvOpTypeReserveId: case SpvOpTypeQueue: case SpvOpTypePipe:
		case SpvOpTypeAccelerationStructureKHR: case SpvOpTypeRayQueryKHR:
			parse_type(fe, w, length);
			break;
		case SpvOpConstant: case SpvOpConstantTrue: case SpvOpConstantFalse:
		case SpvOpConstantNull: case SpvOpConstantComposite:
		case SpvOpSpecConstant: case SpvOpSpecConstantTrue: case SpvOpSpecConstantFalse:
		case SpvOpSpecConstantComposite: case SpvOpSpecConstantOp:
			parse_constant(fe, w, length, i);
			break;
		case SpvOpUndef:
			if (!in_function)
				parse_constant(fe, w, length, i);
			break;
		case SpvOpVariable:
			if (!in_function)
				fe_declare_variable(fe, w);
			break;
		case SpvOpFunction:
			if (seen_function && w[2] != fe->entry_function) {
				fe_fail(fe, "more than one function remained after inlining");
				break;
			}
			in_function = true;
			seen_function = true;
			if (w[2] == fe->entry_function)
				fe->function_begin = i + length;
			fe->ids[w[2]].kind = FE_FUNCTION;
			break;
		case SpvOpFunctionEnd:
			in_function = false;
			fe->function_end = i;
			break;
		default:
			break;
		}
		i += length;
	}
	if (fe->failed)
		return false;
	if (!fe->entry_function) {
		fe_fail(fe, "no GLCompute, Vertex or Fragment entry point named \"%s\"",
			fe->opts->entry_point ? fe->opts->entry_point : "main");
		return false;
	}
	apply_member_decorations(fe);
	for (int i = 0; i < 3; i++) {
		uint32_t id = fe->local_size_ids[i];

		if (id && id < fe->bound && fe->ids[id].is_constant)
			fe->ir->local_size[i] = fe->ids[id].const_value;
	}
	if (!index_blocks(fe)) {
		fe_fail(fe, "out of memory");
		return false;
	}
	return !fe->failed;
}
