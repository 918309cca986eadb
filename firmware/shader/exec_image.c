/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Image handlers: the texture unit reached from the ISA
 *
 * The image, sampler and texel-buffer instructions of ISA 1.2
 * (ember-isa.rst, "Images, samplers and texel buffers") run on the texture
 * unit (firmware/texture): a handler turns the descriptors in the wave's
 * uniform registers into the unit's image and sampler (tex_descriptor.c,
 * which applies the contract's rules; a refused descriptor is a
 * BAD_DESCRIPTOR fault at the VA the registers were loaded from), spreads
 * the address group into the unit's per-lane rows and commits the four
 * result rows to the active lanes. Texel memory goes through the core's
 * page cache (sc_group_page()), so the texels of a page cost one
 * translation per dispatch, and a fault of the unit is the wave's fault.
 *
 * TEX and QUERYLOD (ISA 1.4, fragment waves) are TEXG and a LOD query
 * whose gradients are the coarse quad derivatives of the coordinates
 * (sc_quad.h), one LOD per quad, as OpDPdxCoarse/OpDPdyCoarse give them.
 *
 * The unit takes one constant offset per call, the ISA one per lane: the
 * lanes are run in groups of equal offsets (one group when the compiler
 * wrote a ConstOffset). Atomics are the core's: the unit says where each
 * lane's texel is (ember_tex_texel_addresses()), the core performs the
 * host atomic, lane by lane in lane order.
 *
 * Descriptors are converted at every instruction (a few hundred
 * nanoseconds, beside 32 lanes of filtering); these handlers are built
 * once, not per instruction-set variant: the time is in the unit.
 */

#include <string.h>

#include "ember_packets.h"
#include "sc_atomic.h"
#include "sc_lanes.h"
#include "sc_quad.h"
#include "texture/tex_descriptor.h"
#include "texture/tex_unit.h"

#define HANDLER(name) \
	static void name(struct sc_wave *w, const struct sc_insn *in)
#define ISA		(&in->isa)
#define PAGE_MASK	(EMBER_PAGE_SIZE - 1)

/* Texel memory of the wave's core: its page cache, then the MMU. */
static uint8_t *tex_map_page(void *ctx, uint64_t va, bool write, int *fault)
{
	struct sc_wave *w = ctx;

	return sc_group_page(w->group, va, write ? EMBER_ACCESS_WRITE : EMBER_ACCESS_READ,
			     fault);
}

static int tex_access(void *ctx, uint64_t va, void *buf, unsigned int len,
		      bool write, uint64_t *fault_va)
{
	return sc_copy_paged(tex_map_page, ctx, va, buf, len, write, fault_va);
}

static struct ember_tex_memory wave_memory(struct sc_wave *w)
{
	return (struct ember_tex_memory) {
		.access = tex_access, .map_page = tex_map_page, .ctx = w,
	};
}

/* BAD_DESCRIPTOR of the descriptor in u[@ureg...]: its load VA, the dword. */
static void bad_descriptor(struct sc_wave *w, unsigned int ureg, int dword)
{
	sc_wave_fault(w, EMBER_FAULT_BAD_DESCRIPTOR, w->desc_va[ureg / 4], (uint32_t)dword);
}

/* The unit's status as the wave's fault: false if the wave stopped. */
static bool unit_ok(struct sc_wave *w, struct ember_tex_status st, unsigned int ureg)
{
	if (st.fault == EMBER_TEX_OK)
		return true;
	if (st.fault == EMBER_TEX_FAULT_MEMORY)
		sc_wave_fault(w, (int)st.kind, st.va, st.access);
	else
		bad_descriptor(w, ureg, 2);
	return false;
}

static bool image_of(struct sc_wave *w, const struct ember_isa_insn *i, unsigned int s,
		     enum ember_tex_usage usage, struct ember_tex_image *img)
{
	unsigned int ureg = i->src[s].index;
	int bad = ember_tex_image_from_desc(&w->u[ureg], usage, img);

	if (bad >= 0)
		bad_descriptor(w, ureg, bad);
	return bad < 0;
}

static bool sampler_of(struct sc_wave *w, const struct ember_isa_insn *i, unsigned int s,
		       struct ember_tex_sampler *smp)
{
	unsigned int ureg = i->src[s].index;
	int bad = ember_tex_sampler_from_desc(&w->u[ureg], smp);

	if (bad >= 0)
		bad_descriptor(w, ureg, bad);
	return bad < 0;
}

static bool buffer_of(struct sc_wave *w, const struct ember_isa_insn *i,
		      struct ember_tex_image *img, uint32_t *elements)
{
	unsigned int ureg = i->src[0].index;
	int bad = ember_tex_buffer_from_desc(&w->u[ureg], img, elements);

	if (bad >= 0)
		bad_descriptor(w, ureg, bad);
	return bad < 0;
}

/* Row @k of the vector group operand @s. */
static const uint32_t *group_row(struct sc_wave *w, const struct ember_isa_insn *i,
				 unsigned int s, unsigned int k)
{
	return sc_src(w, i, s, k);
}

/* A packed offset: signed 6-bit u, v, w at bits 0, 8, 16. */
static void unpack_offset(uint32_t packed, int32_t out[3])
{
	for (unsigned int c = 0; c < 3; c++)
		out[c] = (int32_t)(packed >> (8 * c) << 26) >> 26;
}

#define OFFSET_BITS	0x003f3f3fu

/*
 * The lanes of @remaining whose @n offset rows equal those of its lowest
 * lane: one call of the unit.
 */
static uint32_t same_offsets(const uint32_t *const *rows, unsigned int n, uint32_t remaining)
{
	unsigned int first = (unsigned int)__builtin_ctz(remaining);
	uint32_t lanes = 0;

	for (unsigned int l = first; l < SC_LANES; l++) {
		bool same = (remaining >> l) & 1;

		for (unsigned int k = 0; same && k < n; k++)
			same = !((rows[k][l] ^ rows[k][first]) & OFFSET_BITS);
		lanes |= (uint32_t)same << l;
	}
	return lanes;
}

static void commit_result(struct sc_wave *w, const struct ember_isa_insn *i,
			  ember_tex_result out, unsigned int regs, uint32_t m)
{
	for (unsigned int c = 0; c < regs; c++)
		sc_commit(w, i, c, out[c], m);
}

/* Float rows of the address group (float bits, copied: no aliasing). */
struct float_rows {
	float row[12][SC_LANES];
};

static void float_rows(struct sc_wave *w, const struct ember_isa_insn *i, unsigned int s,
		       unsigned int n, struct float_rows *f)
{
	for (unsigned int k = 0; k < n; k++)
		memcpy(f->row[k], group_row(w, i, s, k), sizeof(f->row[k]));
}

/*
 * The sampling of @args (coordinates, LOD or gradients, Dref filled in) on
 * the active lanes, in groups of equal offsets when the instruction has
 * one (the last register of its address group), committed to the result.
 */
static void sample_lanes(struct sc_wave *w, const struct sc_insn *in,
			 const struct ember_tex_image *img, const struct ember_tex_sampler *smp,
			 struct ember_tex_sample_args *args)
{
	bool dref = ISA->mod & EMBER_ISA_TEX_DREF, offset = ISA->mod & EMBER_ISA_TEX_OFFSET;
	struct ember_tex_memory mem = wave_memory(w);
	const uint32_t *off_row = group_row(w, ISA, 2, ember_isa_operand_regs(ISA, 3) - 1);
	uint32_t m = sc_active(w, ISA), left = m;
	ember_tex_result out;

	while (left) {
		args->mask = offset ? same_offsets(&off_row, 1, left) : left;
		if (offset)
			unpack_offset(off_row[__builtin_ctz(args->mask)], args->offset);
		if (!unit_ok(w, ember_tex_sample(img, smp, &mem, args, out), ISA->src[0].index))
			return;
		left &= ~args->mask;
	}
	commit_result(w, ISA, out, dref ? 1 : 4, m);
}

/*
 * TEXL and TEXG: coordinates, then the LOD (TEXL) or the gradients
 * (TEXG), then Dref and the offset as the flags say.
 */
static void sample(struct sc_wave *w, const struct sc_insn *in, bool gradients)
{
	bool dref = ISA->mod & EMBER_ISA_TEX_DREF, offset = ISA->mod & EMBER_ISA_TEX_OFFSET;
	unsigned int extra = gradients ? 6 : 1, regs = ember_isa_operand_regs(ISA, 3);
	struct ember_tex_sample_args args = { 0 };
	struct ember_tex_sampler smp;
	struct ember_tex_image img;
	struct float_rows f;

	if (!image_of(w, ISA, 0, EMBER_TEX_USAGE_SAMPLED, &img) || !sampler_of(w, ISA, 1, &smp))
		return;
	float_rows(w, ISA, 2, regs - offset, &f);
	for (unsigned int c = 0; c < 4; c++)
		args.coord[c] = f.row[c];
	if (gradients) {
		for (unsigned int c = 0; c < 3; c++) {
			args.ddx[c] = f.row[4 + c];
			args.ddy[c] = f.row[7 + c];
		}
	} else {
		args.lod = f.row[4];
	}
	if (dref)
		args.dref = f.row[4 + extra];
	sample_lanes(w, in, &img, &smp, &args);
}

HANDLER(op_texl) { sample(w, in, false); }
HANDLER(op_texg) { sample(w, in, true); }

/*
 * The implicit LOD's gradients: the coarse quad derivatives (sc_quad.h)
 * of the first three coordinates, one LOD per quad, as OpDPdxCoarse and
 * OpDPdyCoarse would give them.
 */
struct quad_gradients {
	float ddx[3][SC_LANES];
	float ddy[3][SC_LANES];
};

static void implicit_gradients(const struct float_rows *f, struct quad_gradients *g,
			       struct ember_tex_sample_args *args)
{
	for (unsigned int c = 0; c < 3; c++) {
		sc_quad_ddx(f->row[c], g->ddx[c], true);
		sc_quad_ddy(f->row[c], g->ddy[c], true);
		args->ddx[c] = g->ddx[c];
		args->ddy[c] = g->ddy[c];
	}
}

/* TEX: coordinates, then Bias, Dref and the offset as the flags say. */
HANDLER(op_tex)
{
	bool bias = ISA->mod & EMBER_ISA_TEX_BIAS, dref = ISA->mod & EMBER_ISA_TEX_DREF;
	bool offset = ISA->mod & EMBER_ISA_TEX_OFFSET;
	struct ember_tex_sample_args args = { 0 };
	struct ember_tex_sampler smp;
	struct ember_tex_image img;
	struct quad_gradients grad;
	struct float_rows f;

	if (!image_of(w, ISA, 0, EMBER_TEX_USAGE_SAMPLED, &img) || !sampler_of(w, ISA, 1, &smp))
		return;
	float_rows(w, ISA, 2, ember_isa_operand_regs(ISA, 3) - offset, &f);
	for (unsigned int c = 0; c < 4; c++)
		args.coord[c] = f.row[c];
	implicit_gradients(&f, &grad, &args);
	if (bias)
		args.bias = f.row[4];
	if (dref)
		args.dref = f.row[4 + bias];
	sample_lanes(w, in, &img, &smp, &args);
}

/* QUERYLOD: the implicit LOD TEX would use, without bias: (level, λ'). */
HANDLER(op_querylod)
{
	struct ember_tex_sample_args args = { .mask = sc_active(w, ISA) };
	struct ember_tex_sampler smp;
	struct ember_tex_image img;
	struct quad_gradients grad;
	struct float_rows f;
	ember_tex_result out;

	if (!image_of(w, ISA, 0, EMBER_TEX_USAGE_SAMPLED, &img) || !sampler_of(w, ISA, 1, &smp))
		return;
	float_rows(w, ISA, 2, 4, &f);
	for (unsigned int c = 0; c < 4; c++)
		args.coord[c] = f.row[c];
	implicit_gradients(&f, &grad, &args);
	if (unit_ok(w, ember_tex_query_lod(&img, &smp, &args, out), ISA->src[0].index))
		commit_result(w, ISA, out, 2, args.mask);
}


HANDLER(op_gather)
{
	unsigned int mod = ISA->mod, noff = mod & EMBER_ISA_GATHER_OFFSETS ? 4 :
					    mod & EMBER_ISA_GATHER_OFFSET ? 1 : 0;
	bool dref = mod & EMBER_ISA_GATHER_DREF;
	struct ember_tex_memory mem = wave_memory(w);
	struct ember_tex_sample_args args = { 0 };
	const uint32_t *off_rows[4];
	int32_t offsets[4][2];
	struct ember_tex_sampler smp;
	struct ember_tex_image img;
	struct float_rows f;
	ember_tex_result out;
	uint32_t m = sc_active(w, ISA), left = m;

	if (!image_of(w, ISA, 0, EMBER_TEX_USAGE_SAMPLED, &img) || !sampler_of(w, ISA, 1, &smp))
		return;
	float_rows(w, ISA, 2, 4 + dref, &f);
	for (unsigned int c = 0; c < 4; c++)
		args.coord[c] = f.row[c];
	if (dref)
		args.dref = f.row[4];
	for (unsigned int k = 0; k < noff; k++)
		off_rows[k] = group_row(w, ISA, 2, 4 + dref + k);
	while (left) {
		unsigned int first;

		args.mask = noff ? same_offsets(off_rows, noff, left) : left;
		first = (unsigned int)__builtin_ctz(args.mask);
		for (unsigned int k = 0; k < noff; k++) {
			int32_t o[3];

			unpack_offset(off_rows[k][first], o);
			memcpy(noff == 1 ? args.offset : offsets[k], o, 2 * sizeof(*o));
		}
		if (!unit_ok(w, ember_tex_gather(&img, &smp, &mem, &args,
						 mod & EMBER_ISA_GATHER_COMPONENT,
						 noff == 4 ? (const int32_t (*)[2])offsets : NULL, out),
			     ISA->src[0].index))
			return;
		left &= ~args.mask;
	}
	commit_result(w, ISA, out, 4, m);
}

/* Integer coordinates x, y, z/layer of the group @s; w is row 3. */
static void fetch_args(struct sc_wave *w, const struct ember_isa_insn *i, unsigned int s,
		       struct ember_tex_fetch_args *args)
{
	for (unsigned int c = 0; c < 3; c++)
		args->coord[c] = (const int32_t *)group_row(w, i, s, c);
}

HANDLER(op_fetch)
{
	bool offset = ISA->mod & EMBER_ISA_FETCH_OFFSET;
	struct ember_tex_memory mem = wave_memory(w);
	struct ember_tex_fetch_args args = { 0 };
	struct ember_tex_image img;
	ember_tex_result out;
	uint32_t m = sc_active(w, ISA), left = m;
	const uint32_t *off_row = group_row(w, ISA, 1, 4);

	if (!image_of(w, ISA, 0, EMBER_TEX_USAGE_SAMPLED, &img))
		return;
	fetch_args(w, ISA, 1, &args);
	/* Row 3: the level, or the sample of a multisampled view (one level). */
	if (img.samples > 1)
		args.sample = (const int32_t *)group_row(w, ISA, 1, 3);
	else
		args.level = (const int32_t *)group_row(w, ISA, 1, 3);
	while (left) {
		args.mask = offset ? same_offsets(&off_row, 1, left) : left;
		if (offset)
			unpack_offset(off_row[__builtin_ctz(args.mask)], args.offset);
		if (!unit_ok(w, ember_tex_fetch(&img, &mem, &args, out), ISA->src[0].index))
			return;
		left &= ~args.mask;
	}
	commit_result(w, ISA, out, 4, m);
}

/* A storage image and the quad x, y, z/layer, sample of source 1. */
static bool storage_args(struct sc_wave *w, const struct ember_isa_insn *i,
			 struct ember_tex_image *img, struct ember_tex_fetch_args *args)
{
	if (!image_of(w, i, 0, EMBER_TEX_USAGE_STORAGE, img))
		return false;
	fetch_args(w, i, 1, args);
	args->sample = (const int32_t *)group_row(w, i, 1, 3);
	return true;
}

HANDLER(op_imgld)
{
	struct ember_tex_memory mem = wave_memory(w);
	struct ember_tex_fetch_args args = { .mask = sc_active(w, ISA) };
	struct ember_tex_image img;
	ember_tex_result out;

	if (storage_args(w, ISA, &img, &args) &&
	    unit_ok(w, ember_tex_load(&img, &mem, &args, out), ISA->src[0].index))
		commit_result(w, ISA, out, 4, args.mask);
}

/* The four data rows of source @s. */
static void data_rows(struct sc_wave *w, const struct ember_isa_insn *i, unsigned int s,
		      ember_tex_result data)
{
	for (unsigned int c = 0; c < 4; c++)
		memcpy(data[c], sc_src(w, i, s, c), sizeof(data[c]));
}

HANDLER(op_imgst)
{
	struct ember_tex_memory mem = wave_memory(w);
	struct ember_tex_fetch_args args = { .mask = sc_store_lanes(w, ISA) };
	struct ember_tex_image img;
	ember_tex_result data;

	if (!storage_args(w, ISA, &img, &args))
		return;
	data_rows(w, ISA, 2, data);
	unit_ok(w, ember_tex_store(&img, &mem, &args, data), ISA->src[0].index);
}

/*
 * A texel buffer and the coordinates of the elements of source 1: element
 * i is texel (i % row, i / row), past the end it is outside.
 */
static bool buffer_args(struct sc_wave *w, const struct ember_isa_insn *i,
			struct ember_tex_image *img, int32_t xy[2][SC_LANES],
			struct ember_tex_fetch_args *args)
{
	const uint32_t *index = sc_src(w, i, 1, 0);
	uint32_t elements;

	if (!buffer_of(w, i, img, &elements))
		return false;
	LANES {
		xy[0][l] = index[l] < elements ? (int32_t)(index[l] % EMBER_TEX_BUFFER_ROW) : -1;
		xy[1][l] = (int32_t)(index[l] / EMBER_TEX_BUFFER_ROW);
	}
	args->coord[0] = xy[0];
	args->coord[1] = xy[1];
	return true;
}

HANDLER(op_tbld)
{
	struct ember_tex_memory mem = wave_memory(w);
	struct ember_tex_fetch_args args = { .mask = sc_active(w, ISA) };
	int32_t xy[2][SC_LANES];
	struct ember_tex_image img;
	ember_tex_result out;

	if (buffer_args(w, ISA, &img, xy, &args) &&
	    unit_ok(w, ember_tex_fetch(&img, &mem, &args, out), ISA->src[0].index))
		commit_result(w, ISA, out, 4, args.mask);
}

HANDLER(op_tbst)
{
	struct ember_tex_memory mem = wave_memory(w);
	struct ember_tex_fetch_args args = { .mask = sc_store_lanes(w, ISA) };
	int32_t xy[2][SC_LANES];
	struct ember_tex_image img;
	ember_tex_result data;

	if (!buffer_args(w, ISA, &img, xy, &args))
		return;
	data_rows(w, ISA, 2, data);
	unit_ok(w, ember_tex_store(&img, &mem, &args, data), ISA->src[0].index);
}

/*
 * IMGATOM and TBATOM on the texels at @va of the lanes @inside; lanes of
 * @m outside the view, or on a format other than R32_UINT/R32_SINT, are
 * dropped and return 0.
 */
static void texel_atomics(struct sc_wave *w, const struct ember_isa_insn *i,
			  const struct ember_tex_image *img, const uint64_t *va,
			  uint32_t inside, uint32_t m)
{
	const uint32_t *data = sc_src(w, i, 2, 0);
	const uint32_t *compare = i->mod == EMBER_ISA_ATOM_CMPXCHG ? sc_src(w, i, 2, 1) : NULL;
	uint32_t old[SC_LANES] SC_ALIGN;

	if (img->format != 98 && img->format != 99)	/* R32_UINT, R32_SINT */
		inside = 0;
	for (unsigned int l = 0; l < SC_LANES; l++) {
		unsigned int access = EMBER_ACCESS_READ | EMBER_ACCESS_WRITE;
		uint8_t *host;
		int fault;

		old[l] = 0;
		if (!((inside >> l) & 1) || (va[l] & 3))
			continue;
		host = sc_group_page(w->group, va[l], access, &fault);
		if (!host) {
			sc_wave_fault(w, fault, va[l], access);
			return;
		}
		old[l] = (uint32_t)sc_atomic_rmw(host + (va[l] & PAGE_MASK), i->mod, false,
						 data[l], compare ? compare[l] : 0);
	}
	if (i->dst.kind != EMBER_ISA_NONE)
		sc_commit(w, i, 0, old, m);
}

HANDLER(op_imgatom)
{
	struct ember_tex_fetch_args args = { .mask = sc_store_lanes(w, ISA) };
	uint64_t va[SC_LANES];
	struct ember_tex_image img;
	uint32_t inside;

	if (storage_args(w, ISA, &img, &args) &&
	    unit_ok(w, ember_tex_texel_addresses(&img, &args, va, &inside), ISA->src[0].index))
		texel_atomics(w, ISA, &img, va, inside, args.mask);
}

HANDLER(op_tbatom)
{
	struct ember_tex_fetch_args args = { .mask = sc_store_lanes(w, ISA) };
	int32_t xy[2][SC_LANES];
	uint64_t va[SC_LANES];
	struct ember_tex_image img;
	uint32_t inside;

	if (buffer_args(w, ISA, &img, xy, &args) &&
	    unit_ok(w, ember_tex_texel_addresses(&img, &args, va, &inside), ISA->src[0].index))
		texel_atomics(w, ISA, &img, va, inside, args.mask);
}

/* Queries need a view the unit accepts, of any usage. */
#define ANY_USAGE	(EMBER_TEX_USAGE_SAMPLED | EMBER_TEX_USAGE_STORAGE)

HANDLER(op_imgsize)
{
	struct ember_tex_image img;
	ember_tex_result out;
	uint32_t m = sc_active(w, ISA);

	if (!image_of(w, ISA, 0, ANY_USAGE, &img))
		return;
	/* A uniform result is lane 0's, whichever lanes are active. */
	if (unit_ok(w, ember_tex_query_size(&img, ISA->dst.kind == EMBER_ISA_UREG ? 1 : m,
					    (const int32_t *)sc_src(w, ISA, 1, 0), out),
		    ISA->src[0].index))
		commit_result(w, ISA, out, 4, m);
}

HANDLER(op_imgquery)
{
	struct ember_tex_image img;
	uint32_t value, row[SC_LANES] SC_ALIGN;

	if (!image_of(w, ISA, 0, ANY_USAGE, &img))
		return;
	value = ISA->mod == EMBER_ISA_QUERY_LEVELS ? ember_tex_query_levels(&img) :
		ember_tex_query_samples(&img);
	LANES row[l] = value;
	sc_commit(w, ISA, 0, row, sc_active(w, ISA));
}

void sc_image_handlers(sc_handler t[EMBER_ISA_NUM_OPCODES])
{
#define SET(OP, fn) t[EMBER_ISA_OP_##OP] = fn
	SET(TEXL, op_texl); SET(TEXG, op_texg); SET(GATHER, op_gather);
	SET(FETCH, op_fetch); SET(IMGLD, op_imgld); SET(IMGST, op_imgst);
	SET(IMGATOM, op_imgatom); SET(TBLD, op_tbld); SET(TBST, op_tbst);
	SET(TBATOM, op_tbatom); SET(IMGSIZE, op_imgsize); SET(IMGQUERY, op_imgquery);
	SET(TEX, op_tex); SET(QUERYLOD, op_querylod);
#undef SET
}
