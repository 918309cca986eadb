/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* The reference texel codec of the texture unit's tests (tex_ref.h). */

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vulkan/vulkan_core.h>

#include "tex_ref.h"

#define F(name)	{ VK_FORMAT_##name, #name }

/* Every format the unit supports: the specification's required ones, and more. */
const struct ref_format_name ref_formats[] = {
	F(R4G4_UNORM_PACK8), F(R4G4B4A4_UNORM_PACK16), F(B4G4R4A4_UNORM_PACK16),
	F(R5G6B5_UNORM_PACK16), F(B5G6R5_UNORM_PACK16), F(R5G5B5A1_UNORM_PACK16),
	F(B5G5R5A1_UNORM_PACK16), F(A1R5G5B5_UNORM_PACK16),
	F(R8_UNORM), F(R8_SNORM), F(R8_USCALED), F(R8_SSCALED), F(R8_UINT), F(R8_SINT), F(R8_SRGB),
	F(R8G8_UNORM), F(R8G8_SNORM), F(R8G8_USCALED), F(R8G8_SSCALED), F(R8G8_UINT),
	F(R8G8_SINT), F(R8G8_SRGB),
	F(R8G8B8_UNORM), F(R8G8B8_SNORM), F(R8G8B8_USCALED), F(R8G8B8_SSCALED),
	F(R8G8B8_UINT), F(R8G8B8_SINT), F(R8G8B8_SRGB),
	F(B8G8R8_UNORM), F(B8G8R8_SNORM), F(B8G8R8_USCALED), F(B8G8R8_SSCALED),
	F(B8G8R8_UINT), F(B8G8R8_SINT), F(B8G8R8_SRGB),
	F(R8G8B8A8_UNORM), F(R8G8B8A8_SNORM), F(R8G8B8A8_USCALED), F(R8G8B8A8_SSCALED),
	F(R8G8B8A8_UINT), F(R8G8B8A8_SINT), F(R8G8B8A8_SRGB),
	F(B8G8R8A8_UNORM), F(B8G8R8A8_SNORM), F(B8G8R8A8_USCALED), F(B8G8R8A8_SSCALED),
	F(B8G8R8A8_UINT), F(B8G8R8A8_SINT), F(B8G8R8A8_SRGB),
	F(A8B8G8R8_UNORM_PACK32), F(A8B8G8R8_SNORM_PACK32), F(A8B8G8R8_USCALED_PACK32),
	F(A8B8G8R8_SSCALED_PACK32), F(A8B8G8R8_UINT_PACK32), F(A8B8G8R8_SINT_PACK32),
	F(A8B8G8R8_SRGB_PACK32),
	F(A2R10G10B10_UNORM_PACK32), F(A2R10G10B10_SNORM_PACK32), F(A2R10G10B10_USCALED_PACK32),
	F(A2R10G10B10_SSCALED_PACK32), F(A2R10G10B10_UINT_PACK32), F(A2R10G10B10_SINT_PACK32),
	F(A2B10G10R10_UNORM_PACK32), F(A2B10G10R10_SNORM_PACK32), F(A2B10G10R10_USCALED_PACK32),
	F(A2B10G10R10_SSCALED_PACK32), F(A2B10G10R10_UINT_PACK32), F(A2B10G10R10_SINT_PACK32),
	F(R16_UNORM), F(R16_SNORM), F(R16_USCALED), F(R16_SSCALED), F(R16_UINT), F(R16_SINT),
	F(R16_SFLOAT),
	F(R16G16_UNORM), F(R16G16_SNORM), F(R16G16_USCALED), F(R16G16_SSCALED), F(R16G16_UINT),
	F(R16G16_SINT), F(R16G16_SFLOAT),
	F(R16G16B16_UNORM), F(R16G16B16_SNORM), F(R16G16B16_USCALED), F(R16G16B16_SSCALED),
	F(R16G16B16_UINT), F(R16G16B16_SINT), F(R16G16B16_SFLOAT),
	F(R16G16B16A16_UNORM), F(R16G16B16A16_SNORM), F(R16G16B16A16_USCALED),
	F(R16G16B16A16_SSCALED), F(R16G16B16A16_UINT), F(R16G16B16A16_SINT),
	F(R16G16B16A16_SFLOAT),
	F(R32_UINT), F(R32_SINT), F(R32_SFLOAT), F(R32G32_UINT), F(R32G32_SINT), F(R32G32_SFLOAT),
	F(R32G32B32_UINT), F(R32G32B32_SINT), F(R32G32B32_SFLOAT),
	F(R32G32B32A32_UINT), F(R32G32B32A32_SINT), F(R32G32B32A32_SFLOAT),
	F(B10G11R11_UFLOAT_PACK32), F(E5B9G9R9_UFLOAT_PACK32),
	F(D16_UNORM), F(X8_D24_UNORM_PACK32), F(D32_SFLOAT), F(S8_UINT),
	F(D16_UNORM_S8_UINT), F(D24_UNORM_S8_UINT), F(D32_SFLOAT_S8_UINT),
	F(A4R4G4B4_UNORM_PACK16), F(A4B4G4R4_UNORM_PACK16),
	F(A1B5G5R5_UNORM_PACK16_KHR), F(A8_UNORM_KHR),
};

const unsigned int ref_num_formats = sizeof(ref_formats) / sizeof(ref_formats[0]);

static const struct {
	const char *name;
	enum ref_type type;
} type_names[] = {
	{ "UNORM", REF_UNORM }, { "SNORM", REF_SNORM }, { "USCALED", REF_USCALED },
	{ "SSCALED", REF_SSCALED }, { "UINT", REF_UINT }, { "SINT", REF_SINT },
	{ "SRGB", REF_SRGB }, { "SFLOAT", REF_SFLOAT }, { "UFLOAT", REF_UFLOAT },
};

bool ref_format_parse(uint32_t vk, const char *name, struct ref_format *out)
{
	char buf[64], *save = NULL, *tok;
	unsigned int pack = 0, typed = 0, total = 0;
	bool has_d = false, has_s = false;

	memset(out, 0, sizeof(*out));
	out->vk = vk;
	out->name = name;
	snprintf(buf, sizeof(buf), "%s", name);
	for (tok = strtok_r(buf, "_", &save); tok; tok = strtok_r(NULL, "_", &save)) {
		bool is_type = false;

		if (!strncmp(tok, "PACK", 4)) {
			pack = (unsigned int)atoi(tok + 4);
			continue;
		}
		if (!strcmp(tok, "KHR") || !strcmp(tok, "EXT"))
			continue;
		for (unsigned int i = 0; i < sizeof(type_names) / sizeof(type_names[0]); i++) {
			if (!strcmp(tok, type_names[i].name)) {
				for (; typed < out->n; typed++)
					out->comp[typed].type = type_names[i].type;
				is_type = true;
			}
		}
		if (is_type)
			continue;
		/* A group of components: letter, bit count, letter, ... */
		for (const char *p = tok; *p;) {
			struct ref_comp *c = &out->comp[out->n];

			if (!isupper((unsigned char)*p) || out->n == 5)
				return false;
			c->letter = *p++;
			c->bits = (unsigned int)strtoul(p, (char **)&p, 10);
			if (!c->bits)
				return false;
			if (c->letter == 'X')
				typed = out->n + 1;	/* padding has no type */
			out->n++;
		}
	}
	for (unsigned int i = 0; i < out->n; i++) {
		/* sRGB never applies to alpha, which stays UNORM. */
		if (out->comp[i].letter == 'A' && out->comp[i].type == REF_SRGB)
			out->comp[i].type = REF_UNORM;
		total += out->comp[i].bits;
		has_d |= out->comp[i].letter == 'D';
		has_s |= out->comp[i].letter == 'S';
		out->shared_exp |= out->comp[i].letter == 'E';
	}
	if (pack && pack != total)
		return false;
	/* Packed: listed from the most significant bit; else in memory order. */
	for (unsigned int i = 0, at = 0; i < out->n; i++) {
		if (pack) {
			at += out->comp[i].bits;
			out->comp[i].shift = total - at;
		} else {
			out->comp[i].shift = at;
			at += out->comp[i].bits;
		}
	}
	out->bytes = (total + 7) / 8;
	if (has_d && has_s)
		while (out->bytes & (out->bytes - 1))
			out->bytes++;
	return out->n > 0;
}

static const struct ref_comp *find(const struct ref_format *f, char letter)
{
	for (unsigned int i = 0; i < f->n; i++) {
		if (f->comp[i].letter == letter)
			return &f->comp[i];
	}
	return NULL;
}

/* The components @aspect reads, in result order (NULL: absent). */
static void aspect_comps(const struct ref_format *f, unsigned int aspect,
			 const struct ref_comp *c[4])
{
	if (aspect == 2 || aspect == 4) {
		c[0] = find(f, aspect == 2 ? 'D' : 'S');
		c[1] = c[2] = c[3] = NULL;
		return;
	}
	c[0] = find(f, 'R');
	c[1] = find(f, 'G');
	c[2] = find(f, 'B');
	c[3] = find(f, 'A');
}

int ref_class(const struct ref_format *f, unsigned int aspect)
{
	const struct ref_comp *c[4];

	aspect_comps(f, aspect, c);
	for (unsigned int i = 0; i < 4; i++) {
		if (c[i])
			return c[i]->type == REF_UINT ? 1 : c[i]->type == REF_SINT ? 2 : 0;
	}
	return 0;
}

static uint32_t get_bits(const uint8_t *t, unsigned int shift, unsigned int bits)
{
	uint32_t v = 0;

	for (unsigned int b = 0; b < bits; b++)
		v |= (uint32_t)(t[(shift + b) / 8] >> ((shift + b) % 8) & 1) << b;
	return v;
}

static void put_bits(uint8_t *t, unsigned int shift, unsigned int bits, uint32_t v)
{
	for (unsigned int b = 0; b < bits; b++) {
		if (v >> b & 1)
			t[(shift + b) / 8] |= (uint8_t)(1u << ((shift + b) % 8));
	}
}

static int64_t sext(uint32_t v, unsigned int bits)
{
	return (v >> (bits - 1)) & 1 ? (int64_t)v - ((int64_t)1 << bits) : (int64_t)v;
}

float ref_srgb_to_linear(unsigned int c)
{
	long double cs = (long double)c / 255.0L;

	return (float)(cs <= 0.04045L ? cs / 12.92L : powl((cs + 0.055L) / 1.055L, 2.4L));
}

float ref_half_to_float(uint16_t h)
{
	_Float16 v;

	memcpy(&v, &h, 2);
	return (float)v;
}

float ref_ufloat_to_float(uint32_t v, unsigned int mant_bits)
{
	uint32_t e = v >> mant_bits, m = v & ((1u << mant_bits) - 1);

	if (e == 31)
		return m ? NAN : INFINITY;
	if (e == 0)
		return (float)ldexpl((long double)m, -14 - (int)mant_bits);
	return (float)ldexpl(1.0L + (long double)m / (1u << mant_bits), (int)e - 15);
}

/* The nearest finite code; ties to the even code; see tex_ref.h. */
uint32_t ref_float_to_ufloat(float f, unsigned int mant_bits)
{
	uint32_t best = 0, finite = 31u << mant_bits;
	long double best_d = INFINITY;

	if (isnan(f))
		return 31u << mant_bits | 1u << (mant_bits - 1);
	if (isinf(f))
		return f > 0 ? 31u << mant_bits : 0;
	/* The specification's rules: negative to 0, too large to the largest. */
	if (f <= 0)
		return 0;
	if (f >= ref_ufloat_to_float(finite - 1, mant_bits))
		return finite - 1;
	for (uint32_t code = 0; code < finite; code++) {
		long double d = fabsl((long double)ref_ufloat_to_float(code, mant_bits) - f);

		if (d < best_d || (d == best_d && !(code & 1))) {
			best = code;
			best_d = d;
		}
	}
	return best;
}

static uint32_t decode_comp(const struct ref_comp *c, uint32_t raw)
{
	long double max = (long double)((1ull << c->bits) - 1);
	long double smax = (long double)((1ull << (c->bits - 1)) - 1);
	long double v;

	switch (c->type) {
	case REF_UNORM: return ref_fbits((float)(raw / max));
	case REF_SNORM:
		v = sext(raw, c->bits) / smax;
		return ref_fbits((float)(v < -1.0L ? -1.0L : v));
	case REF_USCALED: return ref_fbits((float)raw);
	case REF_SSCALED: return ref_fbits((float)sext(raw, c->bits));
	case REF_UINT: return raw;
	case REF_SINT: return (uint32_t)sext(raw, c->bits);
	case REF_SRGB: return ref_fbits(ref_srgb_to_linear(raw));
	case REF_SFLOAT: return c->bits == 16 ? ref_fbits(ref_half_to_float((uint16_t)raw)) : raw;
	case REF_UFLOAT: return ref_fbits(ref_ufloat_to_float(raw, c->bits - 5));
	default: return 0;
	}
}

void ref_decode(const struct ref_format *f, unsigned int aspect,
		const uint8_t *texel, uint32_t out[4])
{
	int cls = ref_class(f, aspect);
	const struct ref_comp *c[4];

	if (f->shared_exp) {
		int e = (int)get_bits(texel, find(f, 'E')->shift, 5);

		for (unsigned int i = 0; i < 3; i++) {
			const struct ref_comp *m = find(f, "RGB"[i]);

			out[i] = ref_fbits((float)(get_bits(texel, m->shift, 9) * powl(2.0L, e - 15 - 9)));
		}
		out[3] = ref_fbits(1.0f);
		return;
	}
	aspect_comps(f, aspect, c);
	for (unsigned int i = 0; i < 4; i++) {
		if (c[i])
			out[i] = decode_comp(c[i], get_bits(texel, c[i]->shift, c[i]->bits));
		else
			out[i] = i < 3 ? 0 : cls ? 1 : ref_fbits(1.0f);
	}
}

static long double clampl(long double v, long double lo, long double hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static uint32_t encode_comp(const struct ref_comp *c, uint32_t in)
{
	long double max = (long double)((1ull << c->bits) - 1);
	long double smax = (long double)((1ull << (c->bits - 1)) - 1);
	float f = ref_bitsf(in);
	long double s;

	switch (c->type) {
	case REF_UNORM:
		return isnan(f) ? 0 : (uint32_t)rintl(clampl(f, 0, 1) * max);
	case REF_SNORM:
		return isnan(f) ? 0 : (uint32_t)(int32_t)rintl(clampl(f, -1, 1) * smax);
	case REF_USCALED:
		return isnan(f) ? 0 : (uint32_t)clampl(rintl(f), 0, max);
	case REF_SSCALED:
		return isnan(f) ? 0 : (uint32_t)(int32_t)clampl(rintl(f), -smax - 1, smax);
	case REF_UINT: return in > max ? (uint32_t)max : in;
	case REF_SINT: return (uint32_t)(int32_t)clampl((int32_t)in, -smax - 1, smax);
	case REF_SRGB:
		if (!(f > 0))
			return 0;
		s = f >= 1 ? 1.0L : f <= 0.0031308L ? 12.92L * f :
			1.055L * powl(f, 1.0L / 2.4L) - 0.055L;
		return (uint32_t)rintl(s * 255.0L);
	case REF_SFLOAT:
		if (c->bits == 16) {
			_Float16 h = (_Float16)f;
			uint16_t u;

			memcpy(&u, &h, 2);
			return u;
		}
		return in;
	case REF_UFLOAT: return ref_float_to_ufloat(f, c->bits - 5);
	default: return 0;
	}
}

/* "Shared Exponent Conversion", as the specification writes it. */
static void encode_shared_exp(const struct ref_format *f, const uint32_t in[4],
			      uint8_t *texel)
{
	const long double max = (511.0L / 512.0L) * powl(2.0L, 31 - 15);
	long double c[3], max_c = 0, e_prime, max_s, e;

	for (unsigned int i = 0; i < 3; i++) {
		long double v = ref_bitsf(in[i]);

		c[i] = isnan(v) ? 0 : clampl(v, 0, max);
		max_c = c[i] > max_c ? c[i] : max_c;
	}
	e_prime = (max_c > 0 ? fmaxl(-16, floorl(log2l(max_c))) : -16) + 1 + 15;
	max_s = floorl(max_c / powl(2.0L, e_prime - 15 - 9) + 0.5L);
	e = max_s < 512 ? e_prime : e_prime + 1;
	for (unsigned int i = 0; i < 3; i++)
		put_bits(texel, find(f, "RGB"[i])->shift, 9,
			 (uint32_t)floorl(c[i] / powl(2.0L, e - 15 - 9) + 0.5L));
	put_bits(texel, find(f, 'E')->shift, 5, (uint32_t)e);
}

void ref_encode(const struct ref_format *f, unsigned int aspect,
		const uint32_t in[4], uint8_t *texel)
{
	const struct ref_comp *c[4];

	memset(texel, 0, f->bytes);
	if (f->shared_exp) {
		encode_shared_exp(f, in, texel);
		return;
	}
	aspect_comps(f, aspect, c);
	for (unsigned int i = 0; i < 4; i++) {
		if (c[i])
			put_bits(texel, c[i]->shift, c[i]->bits, encode_comp(c[i], in[i]));
	}
}
