/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: SPIR-V front end — images, samplers and texel buffers
 *
 * UniformConstant variables of image, sampler and sampled-image types (and
 * arrays of them) are resources of kinds 3..8 (ember-isa.rst, "Shader
 * binaries"); an array element takes the kind's slot count. Loading one
 * makes a *handle* (struct fe_handle): which descriptors it names and, for
 * a uniform index, the IR values they were read into (IR_IMG_DESC,
 * IR_SMP_DESC, IR_DESC for texel buffers), at the load so that every use
 * shares them. A NonUniform index is kept as is and each instruction using
 * the handle runs in a waterfall loop over the distinct indices, loading
 * the descriptors inside it (ember-isa.rst: descriptors are uniform
 * registers). OpSampledImage pairs an image handle with a sampler's,
 * OpImage takes the image back.
 *
 * Each image instruction becomes one IR_IMAGE_* carrying the ISA
 * instruction: the address group is laid out here, register by register,
 * as ember-isa.rst's table says (coordinates in four registers, then LOD,
 * gradients, Dref, offsets), because that is where the SPIR-V operands are
 * known. Offsets are packed into one register (6-bit fields); constant ones
 * fold. Implicit-LOD sampling (TEX: coordinates, bias, reference, offset;
 * Proj forms divide by q first) and the LOD query are fragment-only: their
 * LOD comes from the quad's derivatives, which a compute wave lacks.
 * Input attachments (Dim SubpassData, fragment only) are image
 * descriptors, the image view the driver writes for
 * VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, read with fetch under the fragment.
 */

#include "spirv_in.h"

#include <stdlib.h>

#include "ember_isa.h"

struct fe_desc_ref {
	uint8_t op;			/* IR_IMG_DESC, IR_SMP_DESC, IR_DESC; 0 = none */
	uint32_t set, binding, offset;	/* fe_desc_imm() until fe_assign_slots() */
	uint32_t index;			/* uniform slot offset value, or IR_NONE */
	uint32_t nonuniform;		/* per-lane element index, or IR_NONE */
	uint32_t lane_index;		/* the element index before it was made uniform */
	uint32_t slots;			/* slots per element */
	uint32_t value;			/* the loaded descriptor (uniform index) */
};

struct fe_handle {
	uint32_t image_type;		/* OpTypeImage of the image part, 0 for a sampler */
	struct fe_desc_ref img, smp;
	uint32_t coords[4];		/* OpImageTexelPointer: coordinates, sample */
};

uint32_t fe_image_kind(struct fe *fe, uint32_t type)
{
	const struct fe_type *t = fe_type(fe, type);

	switch (t->op) {
	case SpvOpTypeSampler:
		return EMBER_ISA_RES_SAMPLER;
	case SpvOpTypeSampledImage:
		/* GLSL's samplerBuffer: a uniform texel buffer, no sampler. */
		if (fe_type(fe, t->elem)->dim == SpvDimBuffer)
			return EMBER_ISA_RES_UNIFORM_TEXEL_BUFFER;
		return EMBER_ISA_RES_COMBINED_IMAGE_SAMPLER;
	case SpvOpTypeImage:
		/* An input attachment's descriptor is its image view's, read with fetch. */
		if (t->dim == SpvDimSubpassData)
			return EMBER_ISA_RES_SAMPLED_IMAGE;
		if (t->dim == SpvDimBuffer)
			return t->sampled == 2 ? EMBER_ISA_RES_STORAGE_TEXEL_BUFFER :
			       EMBER_ISA_RES_UNIFORM_TEXEL_BUFFER;
		return t->sampled == 2 ? EMBER_ISA_RES_STORAGE_IMAGE : EMBER_ISA_RES_SAMPLED_IMAGE;
	default:
		return 0;
	}
}

void fe_parse_image_type(struct fe *fe, struct fe_type *t, const uint32_t *w, uint32_t length)
{
	switch (t->op) {
	case SpvOpTypeImage:
		if (length < 9)
			return fe_fail(fe, "OpTypeImage: truncated");
		t->elem = w[2];
		t->dim = w[3];
		t->depth = w[4];
		t->arrayed = w[5];
		t->multisampled = w[6];
		t->sampled = w[7];
		if (t->dim == SpvDimSubpassData && fe->ir->stage.stage != EMBER_ISA_STAGE_FRAGMENT)
			return fe_fail(fe, "input attachments (OpTypeImage of dimension SubpassData) "
				       "belong to fragment shaders");
		if (t->dim != SpvDim1D && t->dim != SpvDim2D && t->dim != SpvDim3D &&
		    t->dim != SpvDimCube && t->dim != SpvDimBuffer && t->dim != SpvDimSubpassData)
			return fe_fail(fe, "OpTypeImage of dimension %u is not supported", t->dim);
		if (t->sampled != 1 && t->sampled != 2)
			return fe_fail(fe, "OpTypeImage with Sampled %u: Ember needs 1 (sampled) or "
				       "2 (storage, input attachment)", t->sampled);
		if (fe_type_width(fe, t->elem) != 32)
			return fe_fail(fe, "OpTypeImage of a %u-bit sampled type is not supported "
				       "(the device has no 64-bit or 16-bit texel results)",
				       fe_type_width(fe, t->elem));
		break;
	case SpvOpTypeSampledImage:
		t->elem = w[2];
		break;
	default:
		break;
	}
}

/* ---- variables and handles ---- */

void fe_declare_image(struct fe *fe, uint32_t id, uint32_t type, struct fe_pointer *p)
{
	const struct fe_id *d = &fe->ids[id];
	const struct fe_type *t = fe_type(fe, type);
	uint32_t count = 1, kind;

	if (t->op == SpvOpTypeArray || t->op == SpvOpTypeRuntimeArray) {
		count = t->op == SpvOpTypeArray ? t->count : 0;
		p->desc_array = true;
		type = t->elem;
	}
	kind = fe_image_kind(fe, type);
	if (!kind)
		return fe_fail(fe, "UniformConstant variable %u is not an image, sampler or "
			       "sampled image", id);
	if (!d->has_binding)
		return fe_fail(fe, "image variable %u has no Binding decoration", id);
	if (d->set >= 8)
		return fe_fail(fe, "descriptor set %u is out of range (8 sets)", d->set);
	if (d->binding > 0xffff || (uint64_t)count * ember_isa_resource_slots(kind) > UINT32_MAX)
		return fe_fail(fe, "binding %u with %u descriptors is out of range", d->binding, count);
	p->space = FE_SPACE_IMAGE;
	p->desc_set = d->set;
	p->desc_binding = d->binding;
	p->desc_offset = 0;
	fe_add_resource(fe, d->set, d->binding, count ? count : 1, kind);
}

/* Element @index (a constant when IR_NONE) of an array of image descriptors. */
void fe_image_element(struct fe *fe, struct fe_pointer *p, uint32_t elem_type, uint32_t index,
		      uint32_t constant, bool nonuniform)
{
	uint32_t slots = ember_isa_resource_slots(fe_image_kind(fe, elem_type));

	if (index && nonuniform) {
		p->nonuniform_index = index;
		return;
	}
	if (index) {
		/* Kept: a NonUniform handle made from the element makes it per lane again. */
		p->lane_index = index;
		index = ir_emit(fe->ir, IR_SG_BROADCAST_FIRST, 32, index, 0, 0);
		p->offset = ir_emit(fe->ir, IR_IMUL, 32, index, ir_const(fe->ir, 32, slots), 0);
		return;
	}
	p->desc_offset += constant * slots;	/* past the array: undefined, so wrapping is fine */
}

static struct fe_handle *new_handle(struct fe *fe, uint32_t id)
{
	if (id >= fe->bound) {
		fe_fail(fe, "id %u out of bounds", id);
		return NULL;
	}
	if (fe->handle_count == fe->handle_capacity) {
		uint32_t capacity = fe->handle_capacity ? 2 * fe->handle_capacity : 16;
		struct fe_handle *grown = realloc(fe->handles, capacity * sizeof(*grown));

		if (!grown) {
			fe_fail(fe, "out of memory");
			return NULL;
		}
		fe->handles = grown;
		fe->handle_capacity = capacity;
	}
	fe->ids[id].kind = FE_HANDLE;
	fe->ids[id].first = fe->handle_count;
	fe->handles[fe->handle_count] = (struct fe_handle) { 0 };
	return &fe->handles[fe->handle_count++];
}

static const struct fe_handle *handle(struct fe *fe, uint32_t id)
{
	if (id >= fe->bound || fe->ids[id].kind != FE_HANDLE) {
		fe_fail(fe, "id %u is not an image, sampler or sampled image", id);
		return NULL;
	}
	return &fe->handles[fe->ids[id].first];
}

/* Read descriptor @r; @first is the waterfall's element index (or IR_NONE). */
static uint32_t load_ref(struct fe *fe, const struct fe_desc_ref *r, uint32_t first)
{
	unsigned int bits = r->op == IR_IMG_DESC ? 512 : r->op == IR_SMP_DESC ? 256 : 128;
	uint32_t index = r->index;
	struct ir_instr *in;
	uint32_t value;

	if (first)
		index = ir_emit(fe->ir, IR_IMUL, 32, first, ir_const(fe->ir, 32, r->slots), 0);
	value = ir_new_value(fe->ir, bits);
	in = ir_append(fe->ir, r->op, 32);
	in->dst = value;
	in->imm = fe_desc_imm(r->set, r->binding, r->offset);
	in->src[0] = index;
	return value;
}

/* OpLoad through an image pointer. */
void fe_load_handle(struct fe *fe, uint32_t id, const struct fe_pointer *p)
{
	uint32_t kind = fe_image_kind(fe, p->type), slots = ember_isa_resource_slots(kind);
	const struct fe_type *t = fe_type(fe, p->type);
	struct fe_handle *h = new_handle(fe, id);
	struct fe_desc_ref ref = {
		.set = p->desc_set, .binding = p->desc_binding, .offset = p->desc_offset,
		.index = p->offset == IR_NONE ? IR_NONE : p->offset,
		.nonuniform = p->nonuniform_index, .lane_index = p->lane_index, .slots = slots,
	};

	if (!h)
		return;
	if (fe->ids[id].nonuniform && !ref.nonuniform)
		ref.nonuniform = ref.lane_index;
	if (p->desc_array)
		return fe_fail(fe, "OpLoad of a whole array of images is not supported");
	if (kind != EMBER_ISA_RES_SAMPLER) {
		h->image_type = t->op == SpvOpTypeSampledImage ? t->elem : p->type;
		h->img = ref;
		h->img.op = kind == EMBER_ISA_RES_UNIFORM_TEXEL_BUFFER ||
			    kind == EMBER_ISA_RES_STORAGE_TEXEL_BUFFER ? IR_DESC : IR_IMG_DESC;
		if (!ref.nonuniform)
			h->img.value = load_ref(fe, &h->img, IR_NONE);
	}
	if (kind == EMBER_ISA_RES_SAMPLER || kind == EMBER_ISA_RES_COMBINED_IMAGE_SAMPLER) {
		h->smp = ref;
		h->smp.op = IR_SMP_DESC;
		if (kind == EMBER_ISA_RES_COMBINED_IMAGE_SAMPLER)
			h->smp.offset += EMBER_ISA_IMAGE_SLOTS;
		if (!ref.nonuniform)
			h->smp.value = load_ref(fe, &h->smp, IR_NONE);
	}
}

/*
 * A handle decorated NonUniform (an OpSampledImage, OpImage or
 * OpCopyObject result: glslang puts nonuniformEXT() there, not on the
 * index) reads its descriptors per lane.
 */
static void make_nonuniform(struct fe *fe, uint32_t id, struct fe_handle *h)
{
	if (!fe->ids[id].nonuniform)
		return;
	if (h->img.op && !h->img.nonuniform)
		h->img.nonuniform = h->img.lane_index;
	if (h->smp.op && !h->smp.nonuniform)
		h->smp.nonuniform = h->smp.lane_index;
}

/* OpCopyObject and OpCopyLogical of an image, sampler or sampled image. */
void fe_copy_handle(struct fe *fe, uint32_t id, uint32_t from)
{
	const struct fe_handle *src = handle(fe, from);
	struct fe_handle copy, *h;

	if (!src)
		return;
	copy = *src;
	h = new_handle(fe, id);
	if (!h)
		return;
	*h = copy;
	make_nonuniform(fe, id, h);
}

/* ---- the waterfall over NonUniform descriptor indices ---- */

struct waterfall {
	bool active;
	uint32_t img, smp;		/* the descriptors to use */
};

static void begin(struct fe *fe, const struct fe_handle *h, struct waterfall *wf)
{
	struct ir_shader *ir = fe->ir;
	uint32_t first_img = IR_NONE, first_smp = IR_NONE, hit = IR_NONE;
	const struct fe_desc_ref *refs[2] = { &h->img, &h->smp };
	uint32_t *firsts[2] = { &first_img, &first_smp };

	wf->img = h->img.value;
	wf->smp = h->smp.value;
	wf->active = (h->img.op && h->img.nonuniform) || (h->smp.op && h->smp.nonuniform);
	if (!wf->active)
		return;
	ir_append(ir, IR_LOOP, 0);
	for (int k = 0; k < 2; k++) {
		uint32_t eq;

		if (!refs[k]->op || !refs[k]->nonuniform)
			continue;
		*firsts[k] = ir_emit(ir, IR_SG_BROADCAST_FIRST, 32, refs[k]->nonuniform, 0, 0);
		eq = ir_emit(ir, IR_IEQ, 32, refs[k]->nonuniform, *firsts[k], 0);
		hit = hit ? ir_emit(ir, IR_AND, 32, hit, eq, 0) : eq;
	}
	ir_append(ir, IR_IF, 0)->src[0] = hit;
	if (first_img)
		wf->img = load_ref(fe, &h->img, first_img);
	if (first_smp)
		wf->smp = load_ref(fe, &h->smp, first_smp);
}

/* Close the waterfall; @results (@n 32-bit values) become readable after it. */
static void end(struct fe *fe, const struct waterfall *wf, uint32_t *results, uint32_t n)
{
	uint32_t vars[4];
	struct ir_instr *in;

	if (!wf->active)
		return;
	for (uint32_t k = 0; k < n; k++) {
		vars[k] = ir_new_variable(fe->ir, 32);
		in = ir_append(fe->ir, IR_MOV, 32);
		in->dst = vars[k];
		in->src[0] = results[k];
	}
	ir_append(fe->ir, IR_BREAK, 0);
	ir_append(fe->ir, IR_ENDIF, 0);
	ir_append(fe->ir, IR_ENDLOOP, 0);
	for (uint32_t k = 0; k < n; k++)
		results[k] = ir_emit(fe->ir, IR_MOV, 32, vars[k], 0, 0);
}

/* ---- image instructions ---- */

/* The address group being built and the ISA instruction it feeds. */
struct image_insn {
	uint32_t opcode, mod;
	uint32_t addr[12];
	uint32_t naddr;
	uint32_t data[4];
	uint32_t ndata;
};

static void put(struct image_insn *ii, uint32_t value)
{
	if (ii->naddr < 12)
		ii->addr[ii->naddr++] = value;
}

/* The coordinates (leaves of @id) in four registers. */
static void put_coords(struct fe *fe, struct image_insn *ii, uint32_t id, uint32_t max)
{
	uint32_t n, *c = fe_value(fe, id, &n);

	for (uint32_t k = 0; k < 4; k++)
		put(ii, c && k < n && k < max ? c[k] : IR_NONE);
}

/* An offset vector packed into 6-bit fields at bits 0, 8, 16. */
static uint32_t pack_offset(struct fe *fe, uint32_t id, uint32_t first_leaf)
{
	struct ir_shader *ir = fe->ir;
	uint32_t n, *c = fe_value(fe, id, &n), packed = IR_NONE;

	if (!c)
		return IR_NONE;
	for (uint32_t k = 0; k < 3 && first_leaf + k < n; k++) {
		uint32_t field = ir_emit(ir, IR_AND, 32, c[first_leaf + k], ir_const(ir, 32, 63), 0);

		if (k)
			field = ir_emit(ir, IR_SHL, 32, field, ir_const(ir, 32, 8 * k), 0);
		packed = packed ? ir_emit(ir, IR_OR, 32, packed, field, 0) : field;
	}
	return packed;
}

/* Image operands after the mask at w[at]. */
struct operands {
	uint32_t lod, grad_x, grad_y, offset, offsets, sample, bias;
};

static bool image_operands(struct fe *fe, const uint32_t *w, uint32_t length, uint32_t at,
			   struct operands *o)
{
	uint32_t mask, next;

	*o = (struct operands) { 0 };
	if (at >= length)
		return true;
	mask = w[at];
	next = at + 1;
	for (uint32_t bit = 0; bit < 32; bit++) {
		uint32_t flag = 1u << bit;

		if (!(mask & flag))
			continue;
		switch (flag) {
		case SpvImageOperandsBiasMask:
			o->bias = w[next++];
			break;
		case SpvImageOperandsMinLodMask:
			fe_fail(fe, "image operand MinLod is not supported (the Ember ISA's "
				"sampling has no minimum LOD operand)");
			return false;
		case SpvImageOperandsLodMask:
			o->lod = w[next++];
			break;
		case SpvImageOperandsGradMask:
			o->grad_x = w[next++];
			o->grad_y = w[next++];
			break;
		case SpvImageOperandsConstOffsetMask:
		case SpvImageOperandsOffsetMask:
			o->offset = w[next++];
			break;
		case SpvImageOperandsConstOffsetsMask:
			o->offsets = w[next++];
			break;
		case SpvImageOperandsSampleMask:
			o->sample = w[next++];
			break;
		case SpvImageOperandsMakeTexelAvailableMask:
		case SpvImageOperandsMakeTexelVisibleMask:
			next++;		/* the scope: image accesses are coherent */
			break;
		case SpvImageOperandsNonPrivateTexelMask:
		case SpvImageOperandsVolatileTexelMask:
		case SpvImageOperandsSignExtendMask:
		case SpvImageOperandsZeroExtendMask:
		case SpvImageOperandsNontemporalMask:
			break;
		default:
			fe_fail(fe, "image operand 0x%x is not supported", flag);
			return false;
		}
		if (next > length) {
			fe_fail(fe, "image operands: truncated");
			return false;
		}
	}
	return true;
}

/*
 * Emit @ii on handle @h (in a waterfall when needed) and give the result
 * id @result its @nresult leaves (4: the four registers, 1: a scalar).
 */
static void emit_image(struct fe *fe, const struct fe_handle *h, struct image_insn *ii,
		       enum ir_op op, uint32_t result, uint32_t result_type, uint32_t aux2)
{
	struct ir_shader *ir = fe->ir;
	uint32_t nresult = 0, regs = 0, values[4] = { 0 }, *out;
	struct waterfall wf;
	struct ir_instr *in;
	uint32_t dst = IR_NONE;

	if (result) {
		bool scalar = op == IR_IMAGE_ATOMIC || ii->opcode == EMBER_ISA_OP_IMGQUERY ||
			      ((ii->opcode == EMBER_ISA_OP_TEXL || ii->opcode == EMBER_ISA_OP_TEXG ||
				ii->opcode == EMBER_ISA_OP_TEX) && (ii->mod & EMBER_ISA_TEX_DREF));

		nresult = fe_type(fe, result_type)->leaves;
		if (nresult > 4)
			return fe_fail(fe, "image result of %u components", nresult);
		regs = scalar ? 1 : 4;
	}
	if (2 + ii->naddr + ii->ndata > IR_MAX_SRC)
		return fe_fail(fe, "internal: image instruction with too many operands");
	begin(fe, h, &wf);
	if (result)
		dst = ir_new_value(ir, regs == 4 ? 128 : 32);
	in = ir_append(ir, op, 32);
	in->dst = dst;
	in->aux2 = aux2;
	in->imm = ii->opcode | ii->mod << 8 | ii->naddr << 16;
	in->src[0] = wf.img;
	in->src[1] = ii->opcode == EMBER_ISA_OP_TEXL || ii->opcode == EMBER_ISA_OP_TEXG ||
		     ii->opcode == EMBER_ISA_OP_TEX || ii->opcode == EMBER_ISA_OP_GATHER ?
		     wf.smp : IR_NONE;
	for (uint32_t k = 0; k < ii->naddr; k++)
		in->src[2 + k] = ii->addr[k];
	for (uint32_t k = 0; k < ii->ndata; k++)
		in->src[2 + ii->naddr + k] = ii->data[k];
	if (result) {
		for (uint32_t k = 0; k < nresult; k++) {
			if (regs == 1) {
				values[k] = dst;
				continue;
			}
			values[k] = ir_new_value(ir, 32);
			in = ir_append(ir, IR_EXTRACT, 32);
			in->dst = values[k];
			in->src[0] = dst;
			in->imm = k;
		}
	}
	end(fe, &wf, values, nresult);
	if (!result)
		return;
	out = fe_new_leaves(fe, result, result_type, nresult);
	for (uint32_t k = 0; out && k < nresult; k++)
		out[k] = values[k];
}

/*
 * The coordinates of a Proj form divided by their last component (and
 * the reference, for Dref): the projection Vulkan defines, done before
 * sampling as the specification's q division.
 */
static uint32_t project(struct fe *fe, struct image_insn *ii, uint32_t id, uint32_t dref)
{
	uint32_t n, *c = fe_value(fe, id, &n), q;

	if (!c || n < 2) {
		fe_fail(fe, "projective sampling with %u coordinates", c ? n : 0);
		return IR_NONE;
	}
	q = c[n - 1];
	for (uint32_t k = 0; k < 4; k++)
		put(ii, k < n - 1 ? ir_emit(fe->ir, IR_FDIV, 32, c[k], q, 0) : IR_NONE);
	return dref ? ir_emit(fe->ir, IR_FDIV, 32, fe_scalar(fe, dref), q, 0) : IR_NONE;
}

static bool nonuniform_handle(const struct fe_handle *h)
{
	return (h->img.op && h->img.nonuniform) || (h->smp.op && h->smp.nonuniform);
}

/*
 * Implicit LOD through a NonUniform descriptor: the waterfall runs the
 * sample once per distinct descriptor with only that descriptor's lanes
 * active, so a quad may be split across iterations, and the address group
 * built inside the loop only holds the active lanes' coordinates. TEX is
 * TEXG with the quad's coarse derivatives (ember-isa.rst), so those are
 * taken before the loop, with the whole quad, and the sample becomes a
 * TEXG; a bias b scales them by 2^b, which adds b to log2 of the
 * footprint, the LOD.
 */
static void explicit_gradients(struct fe *fe, const struct fe_handle *h,
			       struct image_insn *ii, uint32_t bias)
{
	const struct fe_type *t = fe_type(fe, h->image_type);
	uint32_t dims = t->dim == SpvDim1D ? 1 : t->dim == SpvDim2D ? 2 : 3;
	uint32_t grad[2][3] = { { IR_NONE } }, scale = IR_NONE;

	if (bias)
		scale = ir_emit(fe->ir, IR_FEXP2, 32, fe_scalar(fe, bias), 0, 0);
	for (uint32_t y = 0; y < 2; y++)
		for (uint32_t k = 0; k < dims; k++) {
			uint32_t d = ir_emit(fe->ir, IR_DERIV, 32, ii->addr[k], 0, 0);

			fe->ir->ins[fe->ir->count - 1].imm = y;
			fe->ir->ins[fe->ir->count - 1].aux = 1;	/* coarse */
			grad[y][k] = scale ? ir_emit(fe->ir, IR_FMUL, 32, d, scale, 0) : d;
		}
	ii->opcode = EMBER_ISA_OP_TEXG;
	for (uint32_t y = 0; y < 2; y++)
		for (uint32_t k = 0; k < 3; k++)
			put(ii, grad[y][k]);
}

static void sample(struct fe *fe, const uint32_t *w, uint32_t length, uint32_t op)
{
	bool dref = op == SpvOpImageSampleDrefExplicitLod || op == SpvOpImageSampleDrefImplicitLod ||
		    op == SpvOpImageSampleProjDrefImplicitLod;
	bool implicit = op == SpvOpImageSampleImplicitLod || op == SpvOpImageSampleDrefImplicitLod ||
			op == SpvOpImageSampleProjImplicitLod ||
			op == SpvOpImageSampleProjDrefImplicitLod;
	bool proj = op == SpvOpImageSampleProjImplicitLod || op == SpvOpImageSampleProjDrefImplicitLod;
	const struct fe_handle *h = handle(fe, w[3]);
	struct image_insn ii = { .opcode = EMBER_ISA_OP_TEXL };
	uint32_t dref_value = IR_NONE;
	struct operands o;

	if (implicit && fe->ir->stage.stage != EMBER_ISA_STAGE_FRAGMENT)
		return fe_fail(fe, "%s needs implicit derivatives, which only fragment shaders "
			       "have", fe_op_name(op));
	if (!h || !image_operands(fe, w, length, dref ? 6 : 5, &o))
		return;
	if (!h->smp.op || !h->img.op)
		return fe_fail(fe, "%s needs a sampled image", fe_op_name(op));
	if (proj)
		dref_value = project(fe, &ii, w[4], dref ? w[5] : 0);
	else
		put_coords(fe, &ii, w[4], 4);
	if (dref && !proj)
		dref_value = fe_scalar(fe, w[5]);
	if (implicit && nonuniform_handle(h)) {
		explicit_gradients(fe, h, &ii, o.bias);
		if (o.grad_x || o.lod)
			return fe_fail(fe, "%s with Lod or Grad", fe_op_name(op));
	} else if (implicit) {
		/* TEX: coordinates, [bias], [reference], [offset]. */
		ii.opcode = EMBER_ISA_OP_TEX;
		if (o.bias) {
			ii.mod |= EMBER_ISA_TEX_BIAS;
			put(&ii, fe_scalar(fe, o.bias));
		}
		if (o.grad_x || o.lod)
			return fe_fail(fe, "%s with Lod or Grad", fe_op_name(op));
	} else if (o.bias) {
		return fe_fail(fe, "%s with Bias", fe_op_name(op));
	} else if (o.grad_x) {
		uint32_t n, *dx = fe_value(fe, o.grad_x, &n), m, *dy = fe_value(fe, o.grad_y, &m);

		if (!dx || !dy)
			return;
		ii.opcode = EMBER_ISA_OP_TEXG;
		for (uint32_t k = 0; k < 3; k++)
			put(&ii, k < n ? dx[k] : IR_NONE);
		for (uint32_t k = 0; k < 3; k++)
			put(&ii, k < m ? dy[k] : IR_NONE);
	} else if (o.lod) {
		put(&ii, fe_scalar(fe, o.lod));
	} else {
		return fe_fail(fe, "%s without Lod or Grad", fe_op_name(op));
	}
	if (dref) {
		ii.mod |= EMBER_ISA_TEX_DREF;
		put(&ii, dref_value);
	}
	if (o.offset) {
		ii.mod |= EMBER_ISA_TEX_OFFSET;
		put(&ii, pack_offset(fe, o.offset, 0));
	}
	emit_image(fe, h, &ii, IR_IMAGE_READ, w[2], w[1], 0);
}

/* OpImageQueryLod: QUERYLOD's pair (level accessed, λ'), a vec2. */
static void query_lod(struct fe *fe, const uint32_t *w)
{
	const struct fe_handle *h = handle(fe, w[3]);
	struct image_insn ii = { .opcode = EMBER_ISA_OP_QUERYLOD };
	struct waterfall wf;
	struct ir_instr *in;
	uint32_t pair, values[2], *out;

	if (fe->ir->stage.stage != EMBER_ISA_STAGE_FRAGMENT)
		return fe_fail(fe, "OpImageQueryLod needs implicit derivatives, which only "
			       "fragment shaders have");
	if (!h)
		return;
	if (!h->smp.op || !h->img.op)
		return fe_fail(fe, "OpImageQueryLod needs a sampled image");
	put_coords(fe, &ii, w[4], 4);
	begin(fe, h, &wf);
	pair = ir_new_value(fe->ir, 64);
	in = ir_append(fe->ir, IR_IMAGE_READ, 32);
	in->dst = pair;
	in->imm = ii.opcode | ii.naddr << 16;
	in->src[0] = wf.img;
	in->src[1] = wf.smp;
	for (uint32_t k = 0; k < ii.naddr; k++)
		in->src[2 + k] = ii.addr[k];
	values[0] = ir_emit(fe->ir, IR_LO32, 32, pair, 0, 0);
	values[1] = ir_emit(fe->ir, IR_HI32, 32, pair, 0, 0);
	end(fe, &wf, values, 2);
	out = fe_new_leaves(fe, w[2], w[1], 2);
	for (uint32_t k = 0; out && k < 2; k++)
		out[k] = values[k];
}

static void gather(struct fe *fe, const uint32_t *w, uint32_t length, uint32_t op)
{
	const struct fe_handle *h = handle(fe, w[3]);
	struct image_insn ii = { .opcode = EMBER_ISA_OP_GATHER };
	struct operands o;

	if (!h || !image_operands(fe, w, length, 6, &o))
		return;
	if (!h->smp.op || !h->img.op)
		return fe_fail(fe, "%s needs a sampled image", fe_op_name(op));
	put_coords(fe, &ii, w[4], 4);
	if (op == SpvOpImageDrefGather) {
		ii.mod |= EMBER_ISA_GATHER_DREF;
		put(&ii, fe_scalar(fe, w[5]));
	} else {
		if (w[5] >= fe->bound || !fe->ids[w[5]].is_constant || fe->ids[w[5]].const_value > 3)
			return fe_fail(fe, "OpImageGather: the component is not a constant 0..3");
		ii.mod |= fe->ids[w[5]].const_value & EMBER_ISA_GATHER_COMPONENT;
	}
	if (o.offset) {
		ii.mod |= EMBER_ISA_GATHER_OFFSET;
		put(&ii, pack_offset(fe, o.offset, 0));
	} else if (o.offsets) {
		ii.mod |= EMBER_ISA_GATHER_OFFSETS;
		for (uint32_t k = 0; k < 4; k++)
			put(&ii, pack_offset(fe, o.offsets, 2 * k));
	}
	emit_image(fe, h, &ii, IR_IMAGE_READ, w[2], w[1], 0);
}

/* Integer coordinates, then w: the level (fetch) or the sample. */
static void put_texel(struct fe *fe, struct image_insn *ii, uint32_t coords, uint32_t w_value)
{
	put_coords(fe, ii, coords, 3);
	ii->addr[3] = w_value ? w_value : ir_const(fe->ir, 32, 0);
}

/*
 * An input attachment read (subpassLoad): the attachment's texel under
 * the fragment. x, y: the fragment's integer framebuffer coordinates
 * (FragCoord, the pixel centre or the sample's location, truncated) plus
 * the coordinate operand, which SPIR-V makes relative to the fragment and
 * Vulkan (0, 0); the layer: the fragment's framebuffer layer, which the
 * device gives as its layer (the view index under multiview, else the
 * primitive's Layer); w: the sample of a multisampled attachment, else
 * level 0 of the view. fetch, not imgld: depth, stencil and colour
 * attachment formats are all sampleable, not all storage formats.
 */
static void put_subpass_texel(struct fe *fe, struct image_insn *ii, uint32_t coords,
			      uint32_t sample)
{
	uint32_t n, *c = fe_value(fe, coords, &n);

	if (!c)
		return;
	for (uint32_t k = 0; k < 2; k++) {
		uint32_t at = ir_emit(fe->ir, IR_F2I, 32, fe_sysval(fe, IR_SV_FRAG_COORD_X + k), 0, 0);

		put(ii, k < n ? ir_emit(fe->ir, IR_IADD, 32, at, c[k], 0) : at);
	}
	put(ii, fe_sysval(fe, IR_SV_LAYER));
	put(ii, sample ? fe_scalar(fe, sample) : ir_const(fe->ir, 32, 0));
}

static void fetch_or_read(struct fe *fe, const uint32_t *w, uint32_t length, uint32_t op)
{
	const struct fe_handle *h = handle(fe, w[3]);
	struct image_insn ii = { 0 };
	const struct fe_type *t;
	struct operands o;

	if (!h || !image_operands(fe, w, length, 5, &o))
		return;
	if (!h->img.op)
		return fe_fail(fe, "%s on a sampler", fe_op_name(op));
	t = fe_type(fe, h->image_type);
	if (t->dim == SpvDimBuffer) {
		ii.opcode = EMBER_ISA_OP_TBLD;
		put(&ii, fe_scalar(fe, w[4]));
	} else if (t->dim == SpvDimSubpassData) {
		ii.opcode = EMBER_ISA_OP_FETCH;
		put_subpass_texel(fe, &ii, w[4], o.sample);
	} else if (op == SpvOpImageFetch) {
		ii.opcode = EMBER_ISA_OP_FETCH;
		put_texel(fe, &ii, w[4], o.sample ? fe_scalar(fe, o.sample) :
			  o.lod ? fe_scalar(fe, o.lod) : IR_NONE);
		if (o.offset) {
			ii.mod |= EMBER_ISA_FETCH_OFFSET;
			put(&ii, pack_offset(fe, o.offset, 0));
		}
	} else {
		ii.opcode = EMBER_ISA_OP_IMGLD;
		put_texel(fe, &ii, w[4], o.sample ? fe_scalar(fe, o.sample) : IR_NONE);
	}
	emit_image(fe, h, &ii, IR_IMAGE_READ, w[2], w[1], 0);
}

static void write(struct fe *fe, const uint32_t *w, uint32_t length)
{
	const struct fe_handle *h = handle(fe, w[1]);
	struct image_insn ii = { 0 };
	uint32_t n, *texel;
	struct operands o;

	if (!h || !image_operands(fe, w, length, 4, &o))
		return;
	if (!h->img.op)
		return fe_fail(fe, "OpImageWrite on a sampler");
	texel = fe_value(fe, w[3], &n);
	if (!texel)
		return;
	if (fe_type(fe, h->image_type)->dim == SpvDimBuffer) {
		ii.opcode = EMBER_ISA_OP_TBST;
		put(&ii, fe_scalar(fe, w[2]));
	} else {
		ii.opcode = EMBER_ISA_OP_IMGST;
		put_texel(fe, &ii, w[2], o.sample ? fe_scalar(fe, o.sample) : IR_NONE);
	}
	for (uint32_t k = 0; k < 4; k++)
		ii.data[k] = k < n ? texel[k] : IR_NONE;
	ii.ndata = 4;
	emit_image(fe, h, &ii, IR_IMAGE_WRITE, 0, 0, 0);
}

static void query(struct fe *fe, const uint32_t *w, uint32_t length, uint32_t op)
{
	const struct fe_handle *h = handle(fe, w[3]);
	struct image_insn ii = { .opcode = EMBER_ISA_OP_IMGSIZE };
	const struct fe_type *t;

	if (!h)
		return;
	if (!h->img.op)
		return fe_fail(fe, "%s on a sampler", fe_op_name(op));
	t = fe_type(fe, h->image_type);
	if (t->dim == SpvDimBuffer) {
		/* A texel buffer's size is num_elements, register 2 of its quad. */
		struct waterfall wf;
		uint32_t size, *out;

		if (op != SpvOpImageQuerySize)
			return fe_fail(fe, "%s on a texel buffer", fe_op_name(op));
		begin(fe, h, &wf);
		size = ir_emit(fe->ir, IR_DESC_RANGE, 32, wf.img, 0, 0);
		end(fe, &wf, &size, 1);
		out = fe_new_leaves(fe, w[2], w[1], 1);
		if (out)
			out[0] = size;
		return;
	}
	switch (op) {
	case SpvOpImageQuerySizeLod:
		if (length < 5)
			return fe_fail(fe, "OpImageQuerySizeLod: truncated");
		put(&ii, fe_scalar(fe, w[4]));
		break;
	case SpvOpImageQuerySize:
		put(&ii, ir_const(fe->ir, 32, 0));	/* the view's first level */
		break;
	case SpvOpImageQueryLevels:
		ii.opcode = EMBER_ISA_OP_IMGQUERY;
		ii.mod = EMBER_ISA_QUERY_LEVELS;
		break;
	default:
		ii.opcode = EMBER_ISA_OP_IMGQUERY;
		ii.mod = EMBER_ISA_QUERY_SAMPLES;
		break;
	}
	emit_image(fe, h, &ii, IR_IMAGE_READ, w[2], w[1], 0);
}

/* OpImageTexelPointer: a pointer naming the handle and the texel. */
static void texel_pointer(struct fe *fe, const uint32_t *w)
{
	const struct fe_pointer *image = fe_pointer(fe, w[3]);
	struct fe_pointer p = { .space = FE_SPACE_TEXEL, .offset = IR_NONE };
	struct fe_handle *h;
	uint32_t n, *c;

	if (!image)
		return;
	if (image->space != FE_SPACE_IMAGE)
		return fe_fail(fe, "OpImageTexelPointer on a pointer that is not an image");
	/* A handle under a private id (the bound is the first unused one). */
	fe_load_handle(fe, w[2], image);
	if (fe->failed)
		return;
	h = &fe->handles[fe->ids[w[2]].first];
	c = fe_value(fe, w[4], &n);
	if (!c)
		return;
	for (uint32_t k = 0; k < 3; k++)
		h->coords[k] = k < n ? c[k] : IR_NONE;
	h->coords[3] = fe_scalar(fe, w[5]);
	p.type = fe_type(fe, w[1])->elem;
	p.local = fe->ids[w[2]].first;
	fe_set_pointer(fe, w[2], w[1], &p);
}

void fe_image_atomic(struct fe *fe, uint32_t result, uint32_t result_type,
		     const struct fe_pointer *p, uint32_t data, uint32_t compare,
		     enum ir_reduce kind)
{
	const struct fe_handle *h = &fe->handles[p->local];
	struct image_insn ii = { 0 };

	if (fe_type(fe, h->image_type)->dim == SpvDimBuffer) {
		ii.opcode = EMBER_ISA_OP_TBATOM;
		put(&ii, h->coords[0]);
	} else {
		ii.opcode = EMBER_ISA_OP_IMGATOM;
		for (uint32_t k = 0; k < 4; k++)
			put(&ii, h->coords[k]);
	}
	ii.data[ii.ndata++] = data;
	if (compare)
		ii.data[ii.ndata++] = compare;
	if (!result) {
		/* OpAtomicStore: the old value is not wanted. */
		result_type = p->type;
	}
	emit_image(fe, h, &ii, IR_IMAGE_ATOMIC, result ? result : 0, result_type, kind);
	if (!result && !fe->failed)
		fe->ir->ins[fe->ir->count - 1].dst = ir_new_value(fe->ir, 32);
}

void fe_emit_image(struct fe *fe, const uint32_t *w, uint32_t length)
{
	uint32_t op = w[0] & 0xffff;
	struct fe_handle *h;

	switch (op) {
	case SpvOpSampledImage: {
		const struct fe_handle *img = handle(fe, w[3]), *smp = handle(fe, w[4]);
		struct fe_handle copy;

		if (!img || !smp)
			return;
		copy = *img;
		copy.smp = smp->smp;
		h = new_handle(fe, w[2]);
		if (h) {
			*h = copy;
			make_nonuniform(fe, w[2], h);
		}
		break;
	}
	case SpvOpImage: {
		const struct fe_handle *from = handle(fe, w[3]);
		struct fe_handle copy;

		if (!from)
			return;
		copy = *from;
		copy.smp = (struct fe_desc_ref) { 0 };
		h = new_handle(fe, w[2]);
		if (h) {
			*h = copy;
			make_nonuniform(fe, w[2], h);
		}
		break;
	}
	case SpvOpImageSampleExplicitLod:
	case SpvOpImageSampleDrefExplicitLod:
		sample(fe, w, length, op);
		break;
	case SpvOpImageGather:
	case SpvOpImageDrefGather:
		gather(fe, w, length, op);
		break;
	case SpvOpImageFetch:
	case SpvOpImageRead:
		fetch_or_read(fe, w, length, op);
		break;
	case SpvOpImageWrite:
		write(fe, w, length);
		break;
	case SpvOpImageQuerySize:
	case SpvOpImageQuerySizeLod:
	case SpvOpImageQueryLevels:
	case SpvOpImageQuerySamples:
		query(fe, w, length, op);
		break;
	case SpvOpImageTexelPointer:
		texel_pointer(fe, w);
		break;
	case SpvOpImageSampleImplicitLod:
	case SpvOpImageSampleDrefImplicitLod:
	case SpvOpImageSampleProjImplicitLod:
	case SpvOpImageSampleProjDrefImplicitLod:
		sample(fe, w, length, op);
		break;
	case SpvOpImageQueryLod:
		query_lod(fe, w);
		break;
	default:
		fe_fail(fe, "%s is not supported", fe_op_name(op));
		break;
	}
}
