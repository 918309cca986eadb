/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * RESOLVE: the samples of each texel fetched through the texture unit,
 * averaged (float formats) or sample 0 kept (integer formats) or, with a
 * mode in the packet's flags (since 1.13), sample 0, the minimum or the
 * maximum, of a colour, depth or stencil plane, and stored through the
 * unit, a batch of EMBER_TEX_LANES texels at a time
 * (copy_image.h). That path is taken only when a rectangle's rows are
 * not one host run: otherwise the same arithmetic runs on the rows of
 * each tile straight from memory (resolve_rows()), bit for bit what the
 * unit computes, without its addressing of every sample, and with the
 * unit's codec inline for 8-bit UNORM formats (copy_texel.h): the average
 * of RGBA8-like texels with their four channels as the lanes of a vector,
 * sample 0 of texels that decode and encode to themselves (integer
 * formats, UNORM, 32-bit floats) as their bytes. test_copy_image.c
 * compares every path with the unit's (ember_copy_unit_only).
 */

#include "copy_image.h"
#include "copy_region.h"
#include "copy_texel.h"
#include "texture/tex_unit.h"

#include <math.h>

bool ember_copy_unit_only;

/* How a texel's samples become one value. */
enum resolve_op { RESOLVE_SAMPLE_ZERO, RESOLVE_AVERAGE, RESOLVE_MIN, RESOLVE_MAX };

/* The samples an op reads of a texel of @samples. */
static unsigned int op_samples(enum resolve_op op, unsigned int samples)
{
	return op == RESOLVE_SAMPLE_ZERO ? 1 : samples;
}

/* Folds sample @t into @acc (which holds sample 0) by MIN or MAX, channel by channel. */
static void fold_min_max(enum resolve_op op, enum ember_tex_class cls, union ember_tex_texel *acc,
			 const union ember_tex_texel *t)
{
	const bool min = op == RESOLVE_MIN;

	for (unsigned int c = 0; c < 4; c++) {
		switch (cls) {
		case EMBER_TEX_CLASS_FLOAT:
			acc->f[c] = min ? fminf(acc->f[c], t->f[c]) : fmaxf(acc->f[c], t->f[c]);
			break;
		case EMBER_TEX_CLASS_UINT:
			if (min ? t->u[c] < acc->u[c] : t->u[c] > acc->u[c])
				acc->u[c] = t->u[c];
			break;
		default:
			if (min ? t->i[c] < acc->i[c] : t->i[c] > acc->i[c])
				acc->i[c] = t->i[c];
			break;
		}
	}
}

struct resolve {
	struct ember_tex_image src, dst;
	struct ember_tex_memory mem;
	enum resolve_op op;
	enum ember_tex_class cls;
	unsigned int n;
	int32_t sc[3][EMBER_TEX_LANES], dc[3][EMBER_TEX_LANES];
};

static int flush(struct ember_job *job, struct resolve *r)
{
	uint32_t mask = r->n == EMBER_TEX_LANES ? ~0u : (1u << r->n) - 1;
	uint32_t samples = op_samples(r->op, r->src.samples);
	const bool average = r->op == RESOLVE_AVERAGE;
	float sum[4][EMBER_TEX_LANES] = { { 0 } };
	union ember_tex_texel acc[EMBER_TEX_LANES];
	int32_t sample[EMBER_TEX_LANES] = { 0 };
	struct ember_tex_fetch_args fa = {
		.mask = mask, .coord = { r->sc[0], r->sc[1], r->sc[2] }, .sample = sample,
	};
	struct ember_tex_fetch_args sa = {
		.mask = mask, .coord = { r->dc[0], r->dc[1], r->dc[2] },
	};
	ember_tex_result out;
	struct ember_tex_status st = { 0 };
	int ret;

	if (!r->n)
		return 0;
	for (uint32_t s = 0; s < samples && !st.fault; s++) {
		for (unsigned int l = 0; l < r->n; l++)
			sample[l] = (int32_t)s;
		st = ember_tex_fetch(&r->src, &r->mem, &fa, out);
		for (unsigned int c = 0; c < 4 && average; c++) {
			for (unsigned int l = 0; l < r->n; l++) {
				float f;

				memcpy(&f, &out[c][l], sizeof(f));
				sum[c][l] += f;
			}
		}
		if (r->op != RESOLVE_MIN && r->op != RESOLVE_MAX)
			continue;
		for (unsigned int l = 0; l < r->n; l++) {
			union ember_tex_texel t;

			for (unsigned int c = 0; c < 4; c++)
				t.u[c] = out[c][l];
			if (s)
				fold_min_max(r->op, r->cls, &acc[l], &t);
			else
				acc[l] = t;
		}
	}
	for (unsigned int c = 0; c < 4 && (r->op == RESOLVE_MIN || r->op == RESOLVE_MAX); c++)
		for (unsigned int l = 0; l < r->n; l++)
			out[c][l] = acc[l].u[c];
	for (unsigned int c = 0; c < 4 && average; c++) {
		for (unsigned int l = 0; l < r->n; l++) {
			float f = sum[c][l] / (float)samples;

			memcpy(&out[c][l], &f, sizeof(f));
		}
	}
	if (!st.fault)
		st = ember_tex_store(&r->dst, &r->mem, &sa, (const uint32_t (*)[EMBER_TEX_LANES])out);
	ret = ember_region_status(job, &st);
	if (!ret)
		ret = ember_copy_spend(job, (uint64_t)r->n * 16 * samples);
	r->n = 0;
	return ret;
}

/* resolve_rows() could not map a rectangle's rows: take the unit's path. */
#define ROWS_UNMAPPED	(-2)

/* Host address of @len bytes at @va, or NULL if they are not one run. */
static uint8_t *map_rows(struct ember_job *job, uint64_t va, uint64_t len, unsigned int access)
{
	uint64_t run, fault_va;
	uint8_t *host;

	if (ember_mmu_map_run(&job->mmu, va, len, access, &host, &run, &fault_va) || run < len)
		return NULL;
	return host;
}

struct resolve_rows {
	struct ember_copy_codec cc;
	enum resolve_op op;
	enum ember_tex_class cls;
	unsigned int samples;	/* read of each texel (op_samples()) */
	unsigned int element;	/* source bytes of a texel's samples */
	bool copy;		/* sample 0 of colour texels that pass through */
};

/*
 * The average of @samples samples of @w texels of four 8-bit UNORM
 * channels from @s into @d: resolve_rect()'s sums, division and encoding
 * channel by channel, the four channels of a texel as the lanes of one
 * vector (copy_texel.h).
 *
 * A texel whose samples are all the same bytes (inside a primitive: most
 * texels of a scene) resolves to those bytes: n equal values c / 255 sum
 * to n * c / 255 within n^2 * 2^-24, far less than the half unit of 1/255
 * that would round the average to another code (exact at 0 and 1), so
 * the arithmetic gives c back; test_copy_image.c checks every code for
 * 2, 4 and 8 samples.
 */
static void resolve_unorm8x4(const uint8_t *s, uint8_t *d, uint32_t w, unsigned int samples)
{
	const ember_copy_v4f n = { (float)samples, (float)samples, (float)samples,
				   (float)samples };

	for (uint32_t x = 0; x < w; x++, d += 4) {
		ember_copy_v4f f = { 0, 0, 0, 0 };
		uint32_t first, other, differ = 0;

		memcpy(&first, s, 4);
		for (unsigned int k = 1; k < samples; k++) {
			memcpy(&other, s + 4 * k, 4);
			differ |= other ^ first;
		}
		if (!differ) {
			memcpy(d, &first, 4);
			s += 4 * samples;
			continue;
		}
		for (unsigned int k = 0; k < samples; k++, s += 4)
			f += ember_copy_unorm8x4_decode(s);
		ember_copy_unorm8x4_encode(f / n, d);
	}
}

/*
 * One rectangle of ember_region_walk() over the destination: what flush()
 * computes for each texel, in the same order (decode, sum of the samples
 * from sample 0, divide, encode).
 */
static int resolve_rect(struct ember_job *job, const struct ember_copy_rect *rect, void *arg)
{
	const struct resolve_rows *rr = arg;
	const struct ember_copy_codec *cc = &rr->cc;
	const unsigned int bytes = cc->view.bytes;
	const uint32_t w = rect->width / bytes;
	uint64_t src_span = (uint64_t)(rect->height - 1) * rect->src_pitch + (uint64_t)w * rr->element;
	uint64_t dst_span = (uint64_t)(rect->height - 1) * rect->dst_pitch + rect->width;
	uint8_t *src = map_rows(job, rect->src, src_span, EMBER_ACCESS_READ);
	uint8_t *dst = src ? map_rows(job, rect->dst, dst_span, EMBER_ACCESS_WRITE) : NULL;

	if (!dst)
		return ROWS_UNMAPPED;
	for (uint32_t y = 0; y < rect->height; y++) {
		const uint8_t *s = src + (uint64_t)y * rect->src_pitch;
		uint8_t *d = dst + (uint64_t)y * rect->dst_pitch;
		/*
		 * A row at a time: a linear image's rectangle is its whole
		 * extent, rows that may overlap (a small pitch) included.
		 */
		int ret = y ? ember_copy_spend(job, (uint64_t)w * 16 * rr->samples) : 0;

		if (ret)
			return ret;

		if (rr->samples == 1 && rr->copy) {
			/* Sample 0 of texels that decode and encode to themselves: its bytes. */
			for (uint32_t x = 0; x < w; x++, s += rr->element, d += bytes)
				memcpy(d, s, bytes);
			continue;
		}
		if (rr->op == RESOLVE_AVERAGE && cc->unorm8 && bytes == 4) {
			resolve_unorm8x4(s, d, w, rr->samples);
			continue;
		}
		for (uint32_t x = 0; x < w; x++, s += rr->element, d += bytes) {
			union ember_tex_texel t, sum = { .f = { 0, 0, 0, 0 } };

			if (rr->samples == 1) {
				ember_copy_decode(cc, s, &t);
				ember_copy_encode(cc, &t, d);
				continue;
			}
			if (rr->op != RESOLVE_AVERAGE) {
				ember_copy_decode(cc, s, &sum);
				for (unsigned int n = 1; n < rr->samples; n++) {
					ember_copy_decode(cc, s + n * bytes, &t);
					fold_min_max(rr->op, rr->cls, &sum, &t);
				}
				ember_copy_encode(cc, &sum, d);
				continue;
			}
			if (cc->unorm8) {
				/* The same sums, channel by channel, on the unit's table. */
				for (unsigned int c = 0; c < cc->channels; c++) {
					const unsigned int o = cc->offset[c];
					float f = 0.0f;

					for (unsigned int n = 0; n < rr->samples; n++)
						f += ember_tex_unorm8_to_float(s[n * bytes + o]);
					d[o] = ember_copy_float_to_unorm8(f / (float)rr->samples);
				}
				continue;
			}
			for (unsigned int n = 0; n < rr->samples; n++) {
				ember_copy_decode(cc, s + n * bytes, &t);
				for (unsigned int c = 0; c < 4; c++)
					sum.f[c] += t.f[c];
			}
			for (unsigned int c = 0; c < 4; c++)
				sum.f[c] /= (float)rr->samples;
			ember_copy_encode(cc, &sum, d);
		}
	}
	return ember_copy_spend(job, (uint64_t)w * 16 * rr->samples);
}

/* The region a rectangle of rows at a time; ROWS_UNMAPPED if any is not one run. */
static int resolve_rows(struct ember_job *job, const struct ember_region_side *src,
			const struct ember_region_side *dst, const uint32_t extent[3],
			enum resolve_op op, enum ember_tex_class cls)
{
	struct resolve_rows rr = {
		.op = op, .cls = cls, .samples = op_samples(op, src->img.samples),
		.element = src->element,
	};

	ember_copy_codec_init(&rr.cc, src->img.format, src->img.aspect);
	rr.copy = rr.samples == 1 && rr.cc.passes && src->img.aspect == EMBER_TEX_ASPECT_COLOR;
	return ember_region_walk(job, dst, src, extent, resolve_rect, &rr);
}

int ember_resolve(struct ember_job *job, uint32_t flags, const uint32_t *p)
{
	struct ember_upkt_copy_image pkt;
	struct ember_region_side src, dst;
	struct resolve r = { .mem = ember_tex_memory_mmu(&job->mmu) };
	struct ember_tex_format view;
	int ret;

	if (flags & ~EMBER_RESOLVE_MODE_MASK)
		return EMBER_FAULT_BAD_PACKET;
	EMBER_UPKT_UNPACK(copy_image, p, &pkt);
	ret = ember_region_images(job, pkt.src, p[4], pkt.dst, p[5], &src, &dst);
	if (ret)
		return ret;
	/* Since 1.13 a depth or stencil plane too, of the same aspect. */
	if (src.img.samples == 1 || dst.img.samples != 1 ||
	    src.img.format != dst.img.format || src.img.aspect != dst.img.aspect ||
	    !ember_region_fits(&src, pkt.src_offset, pkt.extent) ||
	    !ember_region_fits(&dst, pkt.dst_offset, pkt.extent))
		return EMBER_FAULT_BAD_PACKET;
	ember_tex_format_view(src.img.format, src.img.aspect, &view);
	r.cls = ember_tex_format_class(&view);
	switch (flags & EMBER_RESOLVE_MODE_MASK) {
	case EMBER_RESOLVE_SAMPLE_ZERO:
		r.op = RESOLVE_SAMPLE_ZERO;
		break;
	case EMBER_RESOLVE_MIN:
		r.op = RESOLVE_MIN;
		break;
	case EMBER_RESOLVE_MAX:
		r.op = RESOLVE_MAX;
		break;
	default:
		r.op = r.cls == EMBER_TEX_CLASS_FLOAT ? RESOLVE_AVERAGE : RESOLVE_SAMPLE_ZERO;
		break;
	}
	if (!ember_copy_unit_only) {
		ret = resolve_rows(job, &src, &dst, pkt.extent, r.op, r.cls);
		if (ret != ROWS_UNMAPPED)
			return ret;
	}
	ember_region_level_view(&src, &r.src);
	ember_region_level_view(&dst, &r.dst);
	for (uint32_t z = 0; z < pkt.extent[2]; z++) {
		for (uint32_t y = 0; y < pkt.extent[1]; y++) {
			for (uint32_t x = 0; x < pkt.extent[0]; x++) {
				unsigned int l = r.n++;

				r.sc[0][l] = (int32_t)(src.x + x);
				r.sc[1][l] = (int32_t)(src.y + y);
				r.sc[2][l] = (int32_t)(src.z + z);
				r.dc[0][l] = (int32_t)(dst.x + x);
				r.dc[1][l] = (int32_t)(dst.y + y);
				r.dc[2][l] = (int32_t)(dst.z + z);
				if (r.n == EMBER_TEX_LANES) {
					ret = flush(job, &r);
					if (ret)
						return ret;
				}
			}
		}
	}
	return flush(job, &r);
}
