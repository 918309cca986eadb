/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The vertex and fragment stages' interface
 *
 * A vertex or fragment shader (ISA 1.4, ember-isa.rst "Graphics stages")
 * talks to the pipeline through vec4 slots, slot = location * 4 +
 * component, and through built-ins. The SPIR-V interface is Input and
 * Output variables decorated by Location (and Component), or BuiltIn on
 * the variable or on the members of a block (gl_PerVertex).
 *
 * Each user Input and every Output variable becomes a function-local
 * variable of the front end (one IR variable per scalar leaf, so access
 * chains, dynamic indices and partial writes are the local-variable code
 * of spirv_mem.c): the prologue fills the inputs, each leaf from its slot
 * (ldin in a vertex shader, interp with the leaf's interpolation in a
 * fragment shader), and the epilogue, after the entry function's single
 * return (merge-return), writes each output leaf that some store reached
 * to its slot (stout) or built-in (ostore). Leaves never stored are not
 * written: the device gives them their defaults (0, PointSize 1.0,
 * ViewportIndex 0, the
 * fragment's depth, all samples), and the header's flags and clip and
 * cull distance counts only name what the shader writes.
 *
 * Slots follow Vulkan's "Location Assignment": a 32-bit component takes
 * one component, a 64-bit one two (so a dvec3 or dvec4 takes two
 * locations), a matrix one location per column (two for 64-bit columns of
 * more than two rows), array elements and struct members consecutive
 * locations unless a member has its own Location. A fragment output with
 * Index 1 (dual-source blending) is location 1, as the ISA says.
 *
 * 8- and 16-bit values take a 32-bit component (from_slot(), to_slot()).
 *
 * Built-in inputs are read where the shader reads them (spirv_mem.c's
 * built-in space calls fe_io_builtin_input()); HelperInvocation is an
 * IR_IS_HELPER, read at each load, since a demote changes it.
 *
 * The ISA has no fragment input for clip and cull distances, and a
 * vertex shader is compiled without knowing its fragment shader. So a
 * vertex shader that writes them also stores them in the last two
 * locations (distance_slot(): clip distance k in slot 120 + k, cull
 * distance k in slot 127 - k; their sum is at most 8, so they never
 * meet), and a fragment shader reads its ClipDistance and CullDistance
 * there, interpolated like any smooth input. The Vulkan driver leaves
 * those two locations out of maxVertexOutputComponents and
 * maxFragmentInputComponents.
 */

#include "spirv_in.h"
#include "spirv_names.h"

#include <spirv/unified1/GLSL.std.450.h>
#include <stdlib.h>
#include <string.h>

#include "ember_isa.h"

static const char *stage_name(const struct fe *fe)
{
	return fe->ir->stage.stage == EMBER_ISA_STAGE_VERTEX ? "vertex" :
	       fe->ir->stage.stage == EMBER_ISA_STAGE_FRAGMENT ? "fragment" : "compute";
}

bool fe_set_stage(struct fe *fe, uint32_t execution_model, const char *name)
{
	switch (execution_model) {
	case SpvExecutionModelGLCompute:
		fe->ir->stage.stage = EMBER_ISA_STAGE_COMPUTE;
		return true;
	case SpvExecutionModelVertex:
		fe->ir->stage.stage = EMBER_ISA_STAGE_VERTEX;
		break;
	case SpvExecutionModelFragment:
		fe->ir->stage.stage = EMBER_ISA_STAGE_FRAGMENT;
		break;
	default: {
		const char *model = spirv_execution_model_name(execution_model);

		fe_fail(fe, "entry point \"%s\" is a %s shader; Ember has GLCompute, Vertex "
			"and Fragment", name, model ? model : "unknown");
		return false;
	}
	}
	/* A graphics wave is the stage's own: no workgroup. */
	for (int i = 0; i < 3; i++)
		fe->ir->local_size[i] = 1;
	return true;
}

static void set_depth_mode(struct fe *fe, enum ember_isa_depth_mode mode)
{
	fe->ir->stage.fragment_flags = (fe->ir->stage.fragment_flags & ~EMBER_ISA_FS_DEPTH_MODE) |
				       mode << 1;
}

void fe_io_execution_mode(struct fe *fe, const uint32_t *w, uint32_t length)
{
	(void)length;
	switch (w[2]) {
	case SpvExecutionModeOriginUpperLeft:
	case SpvExecutionModeDepthReplacing:
		break;
	case SpvExecutionModeEarlyFragmentTests:
		fe->ir->stage.fragment_flags |= EMBER_ISA_FS_EARLY_TESTS;
		break;
	case SpvExecutionModeDepthGreater:
		set_depth_mode(fe, EMBER_ISA_DEPTH_GREATER);
		break;
	case SpvExecutionModeDepthLess:
		set_depth_mode(fe, EMBER_ISA_DEPTH_LESS);
		break;
	case SpvExecutionModeDepthUnchanged:
		set_depth_mode(fe, EMBER_ISA_DEPTH_UNCHANGED);
		break;
	case SpvExecutionModeOriginLowerLeft:
	case SpvExecutionModePixelCenterInteger:
	case SpvExecutionModePostDepthCoverage:
	case SpvExecutionModePixelInterlockOrderedEXT:
	case SpvExecutionModePixelInterlockUnorderedEXT:
	case SpvExecutionModeSampleInterlockOrderedEXT:
	case SpvExecutionModeSampleInterlockUnorderedEXT:
	case SpvExecutionModeShadingRateInterlockOrderedEXT:
	case SpvExecutionModeShadingRateInterlockUnorderedEXT:
	case SpvExecutionModeStencilRefReplacingEXT:
		fe_fail(fe, "execution mode %u is not supported in %s shaders", w[2], stage_name(fe));
		break;
	default:
		/* Float controls and the like do not change what Ember computes. */
		break;
	}
}

/* Is variable @id in the entry point's interface (a module may hold several)? */
static bool in_interface(struct fe *fe, uint32_t id)
{
	const uint32_t *w = &fe->words[fe->entry_point_word];
	uint32_t length = w[0] >> 16, at = 3;

	/* The operands after the name, a nul-terminated string in words. */
	while (at < length && (w[at] >> 24))
		at++;
	for (at++; at < length; at++)
		if (w[at] == id)
			return true;
	return false;
}

void fe_io_defer(struct fe *fe, const uint32_t *w)
{
	struct fe_io_var *v;

	if (!in_interface(fe, w[2]))
		return;
	if (fe->io_count == fe->io_capacity) {
		uint32_t capacity = fe->io_capacity ? 2 * fe->io_capacity : 8;
		struct fe_io_var *grown = realloc(fe->io_vars, capacity * sizeof(*grown));

		if (!grown)
			return fe_fail(fe, "out of memory");
		fe->io_vars = grown;
		fe->io_capacity = capacity;
	}
	v = &fe->io_vars[fe->io_count++];
	memset(v, 0, sizeof(*v));
	v->id = w[2];
	v->pointer_type = w[1];
	v->output = w[3] == SpvStorageClassOutput;
}

/*
 * Decoration @deco of @id (@member < 0) or of member @member of struct
 * type @id, with its first operand in *@value: false if absent.
 */
static bool decoration(struct fe *fe, uint32_t id, int member, uint32_t deco, uint32_t *value)
{
	for (size_t i = 5; i < fe->word_count;) {
		const uint32_t *w = &fe->words[i];
		uint32_t length = w[0] >> 16, op = w[0] & 0xffff;

		if (!length || op == SpvOpFunction)
			break;
		if (op == SpvOpDecorate && member < 0 && length >= 3 && w[1] == id && w[2] == deco) {
			*value = length > 3 ? w[3] : 0;
			return true;
		}
		if (op == SpvOpMemberDecorate && member >= 0 && length >= 4 && w[1] == id &&
		    w[2] == (uint32_t)member && w[3] == deco) {
			*value = length > 4 ? w[4] : 0;
			return true;
		}
		i += length;
	}
	return false;
}

/* Interpolation decorations of @id (or its member) as EMBER_ISA_INTERP_* bits. */
static uint32_t interpolation(struct fe *fe, uint32_t id, int member, uint32_t inherited)
{
	uint32_t mode = inherited, ignored;

	if (decoration(fe, id, member, SpvDecorationFlat, &ignored))
		mode = (mode & ~EMBER_ISA_INTERP_KIND) | EMBER_ISA_INTERP_FLAT;
	if (decoration(fe, id, member, SpvDecorationNoPerspective, &ignored))
		mode = (mode & ~EMBER_ISA_INTERP_KIND) | EMBER_ISA_INTERP_NOPERSPECTIVE;
	if (decoration(fe, id, member, SpvDecorationCentroid, &ignored))
		mode = (mode & ~EMBER_ISA_INTERP_WHERE) | EMBER_ISA_INTERP_CENTROID;
	if (decoration(fe, id, member, SpvDecorationSample, &ignored))
		mode = (mode & ~EMBER_ISA_INTERP_WHERE) | EMBER_ISA_INTERP_SAMPLE;
	return mode;
}

/* Locations a value of @type takes. */
static uint32_t locations(struct fe *fe, uint32_t type)
{
	const struct fe_type *t = fe_type(fe, type);
	uint32_t n = 0;

	switch (t->op) {
	case SpvOpTypeVector:
		return fe_type_width(fe, t->elem) == 64 && t->count > 2 ? 2 : 1;
	case SpvOpTypeMatrix:
		return t->count * locations(fe, t->elem);
	case SpvOpTypeArray:
		return t->count * locations(fe, t->elem);
	case SpvOpTypeStruct:
		for (uint32_t i = 0; i < t->count; i++)
			n += locations(fe, t->members[i].type);
		return n;
	default:
		return 1;
	}
}

struct io_walk {
	struct fe *fe;
	struct fe_io_var *var;
	uint32_t at;			/* next leaf */
	uint32_t top_slot;		/* highest slot + 1 */
};

/* A built-in's leaves: its ISA output, or a refusal naming it. */
static void builtin_leaves(struct io_walk *iw, uint32_t builtin, uint32_t type)
{
	struct fe *fe = iw->fe;
	uint32_t n = fe_type(fe, type)->leaves, base;
	const char *name = spirv_builtin_name(builtin);

	if (!iw->var->output) {
		/* Built-in inputs in blocks exist only in later stages. */
		fe_fail(fe, "built-in %s in an input block is not supported",
			name ? name : "(unknown)");
		return;
	}
	switch (builtin) {
	case SpvBuiltInPosition:
		base = EMBER_ISA_OUT_POSITION_X;
		break;
	case SpvBuiltInPointSize:
		base = EMBER_ISA_OUT_POINT_SIZE;
		break;
	case SpvBuiltInClipDistance:
		base = EMBER_ISA_OUT_CLIP_DISTANCE0;
		break;
	case SpvBuiltInCullDistance:
		base = EMBER_ISA_OUT_CULL_DISTANCE0;
		break;
	case SpvBuiltInLayer:
		base = EMBER_ISA_OUT_LAYER;
		break;
	case SpvBuiltInViewportIndex:
		base = EMBER_ISA_OUT_VIEWPORT_INDEX;
		break;
	case SpvBuiltInFragDepth:
		base = EMBER_ISA_OUT_FRAG_DEPTH;
		break;
	case SpvBuiltInSampleMask:
		base = EMBER_ISA_OUT_SAMPLE_MASK;
		break;
	default:
		base = EMBER_ISA_NUM_OUTPUTS;
		break;
	}
	/* Layer and ViewportIndex are vertex outputs only. */
	bool vertex_only = base == EMBER_ISA_OUT_LAYER || base == EMBER_ISA_OUT_VIEWPORT_INDEX;

	if (base == EMBER_ISA_NUM_OUTPUTS ||
	    (vertex_only && fe->ir->stage.stage != EMBER_ISA_STAGE_VERTEX)) {
		fe_fail(fe, "built-in output %s is not supported in %s shaders (the Ember ISA "
			"has no such output)", name ? name : "(unknown)", stage_name(fe));
		return;
	}
	if ((base == EMBER_ISA_OUT_CLIP_DISTANCE0 || base == EMBER_ISA_OUT_CULL_DISTANCE0) &&
	    n > EMBER_ISA_MAX_CLIP_CULL) {
		fe_fail(fe, "%s of %u elements: the Ember ISA has 8", name, n);
		return;
	}
	/* SampleMask[0] is the only word of a 4-sample mask. */
	for (uint32_t k = 0; k < n; k++)
		iw->var->dest[iw->at++] = base == EMBER_ISA_OUT_SAMPLE_MASK && k ? FE_IO_NONE :
					  FE_IO_BUILTIN | (base + k);
}

static void walk(struct io_walk *iw, uint32_t type, uint32_t location, uint32_t component,
		 uint32_t mode);

static void walk_struct(struct io_walk *iw, uint32_t type, uint32_t location, uint32_t mode)
{
	struct fe *fe = iw->fe;
	const struct fe_type *t = fe_type(fe, type);
	uint32_t at = location, value, component;

	for (uint32_t i = 0; i < t->count && !fe->failed; i++) {
		uint32_t member = t->members[i].type;

		if (decoration(fe, type, (int)i, SpvDecorationBuiltIn, &value)) {
			builtin_leaves(iw, value, member);
			continue;
		}
		if (decoration(fe, type, (int)i, SpvDecorationLocation, &value))
			at = value;
		component = 0;
		decoration(fe, type, (int)i, SpvDecorationComponent, &component);
		walk(iw, member, at, component, interpolation(fe, type, (int)i, mode));
		at += locations(fe, member);
	}
}

static void walk(struct io_walk *iw, uint32_t type, uint32_t location, uint32_t component,
		 uint32_t mode)
{
	struct fe *fe = iw->fe;
	const struct fe_type *t = fe_type(fe, type);
	uint32_t n = 1, width;

	switch (t->op) {
	case SpvOpTypeStruct:
		return walk_struct(iw, type, location, mode);
	case SpvOpTypeMatrix:
	case SpvOpTypeArray:
		for (uint32_t i = 0; i < t->count && !fe->failed; i++)
			walk(iw, t->elem, location + i * locations(fe, t->elem),
			     t->op == SpvOpTypeArray ? component : 0, mode);
		return;
	case SpvOpTypeVector:
		n = t->count;
		type = t->elem;
		break;
	default:
		break;
	}
	width = fe_type_width(fe, type);
	/* Integer and 64-bit inputs are flat (Vulkan requires the decoration). */
	if (!fe_is_float(fe, type) || width == 64)
		mode = (mode & ~EMBER_ISA_INTERP_KIND) | EMBER_ISA_INTERP_FLAT;
	/* A Sample-decorated input asks for per-sample shading. */
	if (!iw->var->output && (mode & EMBER_ISA_INTERP_WHERE) == EMBER_ISA_INTERP_SAMPLE)
		fe->ir->stage.fragment_flags |= EMBER_ISA_FS_SAMPLE_RATE;
	for (uint32_t k = 0; k < n; k++) {
		uint32_t slot = location * 4 + component + (width == 64 ? 2 * k : k);
		uint32_t end = slot + (width == 64 ? 2 : 1);

		if (end > EMBER_ISA_MAX_IO_SLOTS * 4)
			return fe_fail(fe, "interface variable at location %u is past the Ember ISA's "
				       "%u locations", slot / 4, EMBER_ISA_MAX_IO_SLOTS);
		if (end > iw->top_slot)
			iw->top_slot = end;
		iw->var->dest[iw->at++] = slot | (iw->var->output ? 0 : mode << 8);
	}
}

/* Each leaf's slot or built-in; the header's slot counts. */
static void assign_destinations(struct fe *fe, struct fe_io_var *v, uint32_t type)
{
	struct io_walk iw = { .fe = fe, .var = v };
	uint32_t location = 0, component = 0, index = 0, builtin;
	uint8_t *count;

	if (decoration(fe, v->id, -1, SpvDecorationBuiltIn, &builtin)) {
		builtin_leaves(&iw, builtin, type);
		return;
	}
	if (!decoration(fe, v->id, -1, SpvDecorationLocation, &location) &&
	    fe_type(fe, type)->op != SpvOpTypeStruct)
		return fe_fail(fe, "interface variable %u has no Location", v->id);
	decoration(fe, v->id, -1, SpvDecorationComponent, &component);
	if (decoration(fe, v->id, -1, SpvDecorationIndex, &index) && index) {
		if (fe->ir->stage.stage != EMBER_ISA_STAGE_FRAGMENT || location)
			return fe_fail(fe, "Index %u at location %u: only location 0 has a second "
				       "(dual-source) colour", index, location);
		location = 1;
	}
	walk(&iw, type, location, component, interpolation(fe, v->id, -1, 0));
	count = v->output ? &fe->ir->stage.num_outputs : &fe->ir->stage.num_inputs;
	if ((iw.top_slot + 3) / 4 > *count)
		*count = (iw.top_slot + 3) / 4;
	if (v->output && fe->ir->stage.stage == EMBER_ISA_STAGE_FRAGMENT &&
	    *count > EMBER_ISA_MAX_COLOR_OUTPUTS)
		fe_fail(fe, "fragment output at location %u: the Ember ISA has %u colour outputs",
			*count - 1, EMBER_ISA_MAX_COLOR_OUTPUTS);
}

/*
 * 16-bit values (StorageInputOutput16; and 8-bit integers, which SPIR-V
 * validation lets through) take a whole 32-bit component of their slot,
 * as Vulkan's "Location Assignment" counts them. In the slot a float16 is
 * its f32 value, so interpolation and vertex fetch (which gives 32-bit
 * values) work unchanged, and a narrow integer its 32-bit value,
 * sign-extended when signed, which is what a colour attachment's integer
 * format converts from. In registers the front end keeps them in their
 * low bits (fe_wrap()).
 */
static uint32_t from_slot(struct fe *fe, uint32_t type, uint32_t value)
{
	unsigned int width = fe_type_width(fe, type);

	if (width >= 32)
		return value;
	if (fe_is_float(fe, type))
		return ir_emit(fe->ir, IR_F2F16, 32, value, 0, 0);
	return fe_wrap(fe, value, width);
}

static uint32_t to_slot(struct fe *fe, uint32_t type, uint32_t value)
{
	const struct fe_type *t = fe_type(fe, type);
	unsigned int width = fe_type_width(fe, type);

	if (width >= 32)
		return value;
	if (t->op == SpvOpTypeFloat)
		return ir_emit(fe->ir, IR_F162F, 32, value, 0, 0);
	return t->is_signed ? fe_sign_extend(fe, value, width) : value;
}

/* The value of an input leaf at its slot (interpolated with @mode, fragment). */
static uint32_t read_input(struct fe *fe, uint32_t slot, uint32_t mode, unsigned int bits,
			   uint32_t pos0, uint32_t pos1)
{
	struct ir_shader *ir = fe->ir;
	uint32_t half[2];

	if (ir->stage.stage == EMBER_ISA_STAGE_VERTEX) {
		uint32_t v = ir_emit(ir, IR_LOAD_INPUT, bits, 0, 0, 0);

		ir->ins[ir->count - 1].imm = slot;
		return v;
	}
	for (unsigned int h = 0; h < bits / 32; h++) {
		half[h] = ir_emit(ir, IR_INTERP, 32, pos0, pos1, 0);
		ir->ins[ir->count - 1].imm = (slot + h) | mode << 8;
	}
	return bits == 64 ? ir_emit(ir, IR_PACK64, 64, half[0], half[1], 0) : half[0];
}

static uint32_t output_default(struct fe *fe, uint16_t dest, unsigned int bits)
{
	const float one = 1.0f;
	uint32_t one_bits;

	memcpy(&one_bits, &one, sizeof(one_bits));
	if (dest == (FE_IO_BUILTIN | EMBER_ISA_OUT_POINT_SIZE))
		return ir_const(fe->ir, 32, one_bits);
	if (dest == (FE_IO_BUILTIN | EMBER_ISA_OUT_SAMPLE_MASK))
		return ir_const(fe->ir, 32, 0xffffffffu);
	if (dest == (FE_IO_BUILTIN | EMBER_ISA_OUT_FRAG_DEPTH)) {
		uint32_t z = ir_emit(fe->ir, IR_SYSVAL, 32, 0, 0, 0);

		fe->ir->ins[fe->ir->count - 1].imm = IR_SV_FRAG_COORD_Z;
		return z;
	}
	return ir_const(fe->ir, bits, 0);
}

void fe_io_prologue(struct fe *fe)
{
	for (uint32_t i = 0; i < fe->io_count && !fe->failed; i++) {
		struct fe_io_var *v = &fe->io_vars[i];
		uint32_t type = fe_type(fe, v->pointer_type)->elem;
		uint32_t leaves = fe_type(fe, type)->leaves;
		struct fe_local *local;

		v->dest = malloc(leaves * sizeof(*v->dest));
		v->leaf_type = calloc(leaves ? leaves : 1, sizeof(*v->leaf_type));
		if (!v->dest || !v->leaf_type)
			return fe_fail(fe, "out of memory");
		fe_leaf_types(fe, type, v->leaf_type);
		for (uint32_t k = 0; k < leaves; k++)
			v->dest[k] = FE_IO_NONE;
		assign_destinations(fe, v, type);
		v->local = fe_new_local(fe, v->id, v->pointer_type);
		if (fe->failed)
			return;
		local = &fe->locals[v->local];
		local->leaf_written = calloc(leaves, sizeof(bool));
		if (!local->leaf_written)
			return fe_fail(fe, "out of memory");
		for (uint32_t k = 0; k < local->leaf_count; k++) {
			unsigned int bits = fe->ir->vals[local->leaf_var[k]].bits;
			uint16_t dest = v->dest[k];
			struct ir_instr *in;
			uint32_t value;

			if (v->output)
				value = output_default(fe, dest, bits);
			else if (dest == FE_IO_NONE)
				value = ir_const(fe->ir, bits, 0);
			else
				value = from_slot(fe, v->leaf_type[k],
						  read_input(fe, dest & FE_IO_SLOT_MASK, dest >> 8,
							     bits, IR_NONE, IR_NONE));
			in = ir_append(fe->ir, IR_MOV, bits);
			in->dst = local->leaf_var[k];
			in->src[0] = value;
		}
	}
}

/* The slot of clip (@cull false) or cull distance @k for the fragment shader (DOC above). */
static uint32_t distance_slot(bool cull, uint32_t k)
{
	const uint32_t first = (EMBER_ISA_MAX_IO_SLOTS - 2) * 4;

	return cull ? first + EMBER_ISA_MAX_CLIP_CULL - 1 - k : first + k;
}

/* A vertex shader's copy of clip or cull distance output @out for the fragment shader. */
static void store_distance_copy(struct fe *fe, unsigned int out, uint32_t value)
{
	bool cull = out >= EMBER_ISA_OUT_CULL_DISTANCE0;
	struct ir_instr *in;

	if (out < EMBER_ISA_OUT_CLIP_DISTANCE0 || out >= EMBER_ISA_OUT_LAYER)
		return;
	in = ir_append(fe->ir, IR_STORE_OUTPUT, 32);
	in->imm = distance_slot(cull, out - (cull ? EMBER_ISA_OUT_CULL_DISTANCE0 :
						     EMBER_ISA_OUT_CLIP_DISTANCE0));
	in->src[0] = value;
	fe->ir->stage.num_outputs = EMBER_ISA_MAX_IO_SLOTS;
}

/* The header's record of a built-in output the shader writes. */
static void note_builtin_output(struct fe *fe, unsigned int out)
{
	struct ir_stage_info *st = &fe->ir->stage;

	if (out == EMBER_ISA_OUT_POINT_SIZE)
		st->vertex_flags |= EMBER_ISA_VS_POINT_SIZE;
	else if (out == EMBER_ISA_OUT_LAYER)
		st->vertex_flags |= EMBER_ISA_VS_LAYER;
	else if (out == EMBER_ISA_OUT_VIEWPORT_INDEX)
		st->vertex_flags |= EMBER_ISA_VS_VIEWPORT_INDEX;
	else if (out == EMBER_ISA_OUT_FRAG_DEPTH)
		st->fragment_flags |= EMBER_ISA_FS_DEPTH_WRITE;
	else if (out == EMBER_ISA_OUT_SAMPLE_MASK)
		st->fragment_flags |= EMBER_ISA_FS_SAMPLE_MASK_WRITE;
}

/* Clip and cull distances: the declared array's size, when any element is written. */
static void count_distances(struct fe *fe, const struct fe_io_var *v, const struct fe_local *l)
{
	struct ir_stage_info *st = &fe->ir->stage;
	uint32_t size[2] = { 0 };
	bool written[2] = { false };

	for (uint32_t k = 0; k < l->leaf_count; k++) {
		unsigned int out = v->dest[k] & ~FE_IO_BUILTIN, which;

		if (!(v->dest[k] & FE_IO_BUILTIN) || v->dest[k] == FE_IO_NONE ||
		    out < EMBER_ISA_OUT_CLIP_DISTANCE0 || out >= EMBER_ISA_OUT_LAYER)
			continue;
		which = out >= EMBER_ISA_OUT_CULL_DISTANCE0;
		out -= which ? EMBER_ISA_OUT_CULL_DISTANCE0 : EMBER_ISA_OUT_CLIP_DISTANCE0;
		if (out + 1 > size[which])
			size[which] = out + 1;
		written[which] |= l->leaf_written[k];
	}
	if (written[0])
		st->num_clip_distances = size[0];
	if (written[1])
		st->num_cull_distances = size[1];
	if (st->num_clip_distances + st->num_cull_distances > EMBER_ISA_MAX_CLIP_CULL)
		fe_fail(fe, "%u clip and %u cull distances: the Ember ISA has 8 in all",
			st->num_clip_distances, st->num_cull_distances);
}

void fe_io_epilogue(struct fe *fe)
{
	for (uint32_t i = 0; i < fe->io_count && !fe->failed; i++) {
		const struct fe_io_var *v = &fe->io_vars[i];
		const struct fe_local *l = &fe->locals[v->local];

		if (!v->output)
			continue;
		count_distances(fe, v, l);
		for (uint32_t k = 0; k < l->leaf_count; k++) {
			unsigned int bits = fe->ir->vals[l->leaf_var[k]].bits;
			uint32_t value;
			struct ir_instr *in;

			if (v->dest[k] == FE_IO_NONE || !l->leaf_written[k])
				continue;
			value = to_slot(fe, v->leaf_type[k],
					ir_emit(fe->ir, IR_MOV, bits, l->leaf_var[k], 0, 0));
			if (v->dest[k] & FE_IO_BUILTIN) {
				note_builtin_output(fe, v->dest[k] & ~FE_IO_BUILTIN);
				store_distance_copy(fe, v->dest[k] & ~FE_IO_BUILTIN, value);
				in = ir_append(fe->ir, IR_STORE_BUILTIN, 32);
				in->imm = v->dest[k] & ~FE_IO_BUILTIN;
			} else {
				in = ir_append(fe->ir, IR_STORE_OUTPUT, bits);
				in->imm = v->dest[k];
			}
			in->src[0] = value;
		}
	}
	/* A depth mode only means something with a FragDepth write. */
	if (!(fe->ir->stage.fragment_flags & EMBER_ISA_FS_DEPTH_WRITE))
		fe->ir->stage.fragment_flags &= ~EMBER_ISA_FS_DEPTH_MODE;
}

uint32_t fe_sysval(struct fe *fe, enum ir_sysval sv)
{
	uint32_t v = ir_emit(fe->ir, IR_SYSVAL, 32, 0, 0, 0);

	fe->ir->ins[fe->ir->count - 1].imm = sv;
	return v;
}

bool fe_io_builtin_input(struct fe *fe, uint32_t builtin, uint32_t component, uint32_t *value)
{
	bool vertex = fe->ir->stage.stage == EMBER_ISA_STAGE_VERTEX;
	const char *name = spirv_builtin_name(builtin);
	uint32_t components = 1;
	enum ir_sysval sv;

	switch (builtin) {
	case SpvBuiltInVertexIndex: sv = IR_SV_VERTEX_INDEX; break;
	case SpvBuiltInInstanceIndex: sv = IR_SV_INSTANCE_INDEX; break;
	case SpvBuiltInBaseVertex: sv = IR_SV_BASE_VERTEX; break;
	case SpvBuiltInBaseInstance: sv = IR_SV_BASE_INSTANCE; break;
	case SpvBuiltInDrawIndex: sv = IR_SV_DRAW_INDEX; break;
	case SpvBuiltInViewIndex: sv = IR_SV_VIEW_INDEX; break;
	case SpvBuiltInFragCoord: sv = IR_SV_FRAG_COORD_X; components = 4; break;
	case SpvBuiltInFrontFacing: sv = IR_SV_FRONT_FACING; break;
	case SpvBuiltInPointCoord: sv = IR_SV_POINT_COORD_X; components = 2; break;
	case SpvBuiltInSampleId: sv = IR_SV_SAMPLE_ID; break;
	case SpvBuiltInSamplePosition: sv = IR_SV_SAMPLE_POS_X; components = 2; break;
	case SpvBuiltInSampleMask: sv = IR_SV_SAMPLE_MASK_IN; break;
	case SpvBuiltInPrimitiveId: sv = IR_SV_PRIMITIVE_ID; break;
	case SpvBuiltInLayer: sv = IR_SV_LAYER; break;
	case SpvBuiltInHelperInvocation:
		if (vertex) {
			sv = IR_SV_COUNT;
			break;
		}
		*value = ir_emit(fe->ir, IR_IS_HELPER, 32, 0, 0, 0);
		return true;
	case SpvBuiltInClipDistance:
	case SpvBuiltInCullDistance:
		if (vertex) {
			sv = IR_SV_COUNT;
			break;
		}
		/* The vertex shader's copy (DOC above); past the 8 there are none. */
		*value = component < EMBER_ISA_MAX_CLIP_CULL ?
			 read_input(fe, distance_slot(builtin == SpvBuiltInCullDistance, component),
				    EMBER_ISA_INTERP_SMOOTH, 32, IR_NONE, IR_NONE) :
			 ir_const(fe->ir, 32, 0);
		fe->ir->stage.num_inputs = EMBER_ISA_MAX_IO_SLOTS;
		return true;
	default:
		return false;
	}
	if (sv == IR_SV_COUNT ||
	    ((sv >= IR_SV_VERTEX_INDEX && sv <= IR_SV_DRAW_INDEX) != vertex &&
	     sv != IR_SV_VIEW_INDEX)) {
		fe_fail(fe, "built-in %s is not supported in %s shaders", name ? name : "(unknown)",
			stage_name(fe));
		*value = IR_NONE;
		return true;
	}
	/* Reading SampleId or SamplePosition asks for per-sample shading. */
	if (builtin == SpvBuiltInSampleId || builtin == SpvBuiltInSamplePosition)
		fe->ir->stage.fragment_flags |= EMBER_ISA_FS_SAMPLE_RATE;
	if (component >= components) {
		/* SampleMask[1..]: the samples past 32, none. */
		*value = ir_const(fe->ir, 32, 0);
		return true;
	}
	*value = fe_sysval(fe, sv + component);
	return true;
}

/* Input leaf @k of @v interpolated at @where (pos0/pos1: its sample or offset). */
static uint32_t interpolate_leaf(struct fe *fe, const struct fe_io_var *v, uint32_t k,
				 uint32_t where, uint32_t pos0, uint32_t pos1)
{
	const struct fe_local *l = &fe->locals[v->local];
	uint16_t dest = v->dest[k];
	uint32_t mode = (dest >> 8 & EMBER_ISA_INTERP_KIND) | where;

	if (dest == FE_IO_NONE)
		return ir_const(fe->ir, fe->ir->vals[l->leaf_var[k]].bits, 0);
	/* A flat input has one value wherever it is asked for. */
	if ((dest >> 8 & EMBER_ISA_INTERP_KIND) == EMBER_ISA_INTERP_FLAT) {
		mode = EMBER_ISA_INTERP_FLAT;
		pos0 = pos1 = IR_NONE;
	}
	return from_slot(fe, v->leaf_type[k],
			 read_input(fe, dest & FE_IO_SLOT_MASK, mode,
				    fe->ir->vals[l->leaf_var[k]].bits, pos0, pos1));
}

/*
 * The operand's leaf at byte @offset (an IR value) of the input, chosen
 * at run time (an array element, a vector component or a struct member
 * indexed by a variable): every input leaf of the same width is
 * interpolated and the one at that offset selected, as a dynamic load
 * from the input's variable selects (spirv_mem.c). CSE shares the reads
 * between the operand's leaves.
 */
static uint32_t interpolate_dynamic(struct fe *fe, const struct fe_io_var *v, uint32_t offset,
				    unsigned int bits, uint32_t where, uint32_t pos0,
				    uint32_t pos1)
{
	const struct fe_local *l = &fe->locals[v->local];
	uint32_t *values = malloc(l->leaf_count * sizeof(*values));
	uint32_t *offsets = malloc(l->leaf_count * sizeof(*offsets));
	uint32_t n = 0, result = IR_NONE;

	if (!values || !offsets) {
		fe_fail(fe, "out of memory");
	} else {
		for (uint32_t k = 0; k < l->leaf_count; k++) {
			if (fe->ir->vals[l->leaf_var[k]].bits != bits)
				continue;
			values[n] = interpolate_leaf(fe, v, k, where, pos0, pos1);
			offsets[n++] = l->leaf_offset[k];
		}
		result = n ? fe_select_by_offset(fe, offset, values, offsets, n) :
			     ir_const(fe->ir, bits, 0);
	}
	free(values);
	free(offsets);
	return result;
}

void fe_io_interpolate_at(struct fe *fe, const uint32_t *w, uint32_t inst)
{
	const struct fe_pointer *p = fe_pointer(fe, w[5]);
	const struct fe_io_var *v = NULL;
	uint32_t where, pos0 = IR_NONE, pos1 = IR_NONE, first = 0, n, *out, *types, *within;
	const struct fe_local *l;

	if (fe->ir->stage.stage != EMBER_ISA_STAGE_FRAGMENT)
		return fe_fail(fe, "interpolateAt* outside a fragment shader");
	if (!p)
		return;
	for (uint32_t i = 0; p->space == FE_SPACE_FUNCTION && i < fe->io_count; i++)
		if (!fe->io_vars[i].output && fe->io_vars[i].local == p->local &&
		    fe->io_vars[i].dest)
			v = &fe->io_vars[i];
	if (!v)
		return fe_fail(fe, "interpolateAt* of something not a fragment input");
	l = &fe->locals[v->local];
	n = fe_type(fe, w[1])->leaves;
	if (p->offset == IR_NONE) {
		while (first < l->leaf_count && l->leaf_offset[first] != p->const_offset)
			first++;
		if (first + n > l->leaf_count)
			return fe_fail(fe, "interpolateAt*: the operand matches no input element");
	}
	switch (inst) {
	case GLSLstd450InterpolateAtCentroid:
		where = EMBER_ISA_INTERP_CENTROID;
		break;
	case GLSLstd450InterpolateAtSample:
		where = EMBER_ISA_INTERP_AT_SAMPLE;
		pos0 = fe_scalar(fe, w[6]);
		break;
	default:
		where = EMBER_ISA_INTERP_AT_OFFSET;
		pos0 = fe_leaf(fe, w[6], 0);
		pos1 = fe_leaf(fe, w[6], 1);
		break;
	}
	out = fe_new_leaves(fe, w[2], w[1], n);
	types = calloc(n ? n : 1, sizeof(*types));
	within = calloc(n ? n : 1, sizeof(*within));
	if (!types || !within)
		fe_fail(fe, "out of memory");
	if (out && types && within) {
		fe_leaf_types(fe, w[1], types);
		fe_natural_leaf_offsets(fe, w[1], 0, within);
	}
	for (uint32_t k = 0; out && types && within && k < n; k++) {
		if (p->offset == IR_NONE) {
			out[k] = interpolate_leaf(fe, v, first + k, where, pos0, pos1);
			continue;
		}
		out[k] = interpolate_dynamic(fe, v,
					     ir_emit(fe->ir, IR_IADD, 32, p->offset,
						     ir_const(fe->ir, 32, p->const_offset + within[k]),
						     0),
					     fe_bits(fe, types[k]), where, pos0, pos1);
	}
	free(types);
	free(within);
}
