/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* Texels on the CPU, by the specification's rules (vk_texel.h). */

#include "vk_texel.h"

#include <math.h>
#include <string.h>

#define U VK_CHAN_UNORM
#define S VK_CHAN_SRGB
#define UI VK_CHAN_UINT
#define SI VK_CHAN_SINT
#define F VK_CHAN_SFLOAT
#define UF VK_CHAN_UFLOAT
#define E VK_CHAN_SHARED_EXP
#define COLOR VK_IMAGE_ASPECT_COLOR_BIT
#define DEPTH VK_IMAGE_ASPECT_DEPTH_BIT
#define STENCIL VK_IMAGE_ASPECT_STENCIL_BIT
#define FMT(f) VK_FORMAT_##f, #f

const struct vk_format_desc vk_test_formats[] = {
	{ FMT(R8_UNORM), COLOR, { 1, { { U, 8, 0 } } } },
	{ FMT(R8G8B8A8_UNORM), COLOR, { 4, { { U, 8, 0 }, { U, 8, 8 }, { U, 8, 16 }, { U, 8, 24 } } } },
	{ FMT(R8G8B8A8_SRGB), COLOR, { 4, { { S, 8, 0 }, { S, 8, 8 }, { S, 8, 16 }, { U, 8, 24 } } } },
	{ FMT(B8G8R8A8_UNORM), COLOR, { 4, { { U, 8, 16 }, { U, 8, 8 }, { U, 8, 0 }, { U, 8, 24 } } } },
	{ FMT(B8G8R8A8_SRGB), COLOR, { 4, { { S, 8, 16 }, { S, 8, 8 }, { S, 8, 0 }, { U, 8, 24 } } } },
	{ FMT(R8G8_SINT), COLOR, { 2, { { SI, 8, 0 }, { SI, 8, 8 } } } },
	{ FMT(R16G16B16A16_SFLOAT), COLOR,
	  { 8, { { F, 16, 0 }, { F, 16, 16 }, { F, 16, 32 }, { F, 16, 48 } } } },
	{ FMT(R32_UINT), COLOR, { 4, { { UI, 32, 0 } } } },
	{ FMT(R32G32B32A32_SFLOAT), COLOR,
	  { 16, { { F, 32, 0 }, { F, 32, 32 }, { F, 32, 64 }, { F, 32, 96 } } } },
	{ FMT(A2B10G10R10_UNORM_PACK32), COLOR,
	  { 4, { { U, 10, 0 }, { U, 10, 10 }, { U, 10, 20 }, { U, 2, 30 } } } },
	{ FMT(B10G11R11_UFLOAT_PACK32), COLOR, { 4, { { UF, 11, 0 }, { UF, 11, 11 }, { UF, 10, 22 } } } },
	{ FMT(E5B9G9R9_UFLOAT_PACK32), COLOR, { 4, { { E, 9, 0 }, { E, 9, 9 }, { E, 9, 18 } } } },
	{ FMT(D16_UNORM), DEPTH, { 2, { { U, 16, 0 } } } },
	{ FMT(X8_D24_UNORM_PACK32), DEPTH, { 4, { { U, 24, 0 } } } },
	{ FMT(D32_SFLOAT), DEPTH, { 4, { { F, 32, 0 } } } },
	{ FMT(D16_UNORM_S8_UINT), DEPTH | STENCIL, { 2, { { U, 16, 0 } } } },
	{ FMT(D24_UNORM_S8_UINT), DEPTH | STENCIL, { 4, { { U, 24, 0 } } } },
	{ FMT(D32_SFLOAT_S8_UINT), DEPTH | STENCIL, { 4, { { F, 32, 0 } } } },
	{ FMT(S8_UINT), STENCIL, { 1, { { UI, 8, 0 } } } },
};

const unsigned int vk_test_format_count = sizeof(vk_test_formats) / sizeof(vk_test_formats[0]);

static const struct vk_plane stencil_plane = { 1, { { UI, 8, 0 } } };

const struct vk_plane *vk_format_plane(const struct vk_format_desc *f, VkImageAspectFlags aspect)
{
	if (aspect == STENCIL && f->aspects != STENCIL)
		return &stencil_plane;
	return &f->plane;
}

bool vk_plane_is_integer(const struct vk_plane *p)
{
	return p->ch[0].kind == UI || p->ch[0].kind == SI;
}

static uint32_t get_bits(const uint8_t *t, unsigned int shift, unsigned int bits)
{
	uint64_t v = 0;

	for (unsigned int b = 0; b < bits; b++)
		v |= (uint64_t)((t[(shift + b) / 8] >> ((shift + b) % 8)) & 1) << b;
	return (uint32_t)v;
}

static void put_bits(uint8_t *t, unsigned int shift, unsigned int bits, uint32_t v)
{
	for (unsigned int b = 0; b < bits; b++) {
		unsigned int at = shift + b;

		t[at / 8] = (uint8_t)((t[at / 8] & ~(1u << (at % 8))) |
				      (((v >> b) & 1) << (at % 8)));
	}
}

float vk_srgb_to_linear(float c)
{
	return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

float vk_linear_to_srgb(float c)
{
	return c <= 0.0031308f ? c * 12.92f : 1.055f * powf(c, 1.0f / 2.4f) - 0.055f;
}

static float clampf(float v, float lo, float hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static uint32_t unorm_encode(float v, unsigned int bits)
{
	float max = (float)((1ull << bits) - 1);

	return (uint32_t)floor((double)clampf(v, 0.0f, 1.0f) * max + 0.5);
}

static uint16_t half_encode(float f)
{
	uint32_t x, m, h, rem, halfway;
	uint16_t sign;
	int e;

	memcpy(&x, &f, 4);
	sign = (uint16_t)((x >> 16) & 0x8000);
	e = (int)((x >> 23) & 0xff) - 127 + 15;
	m = x & 0x7fffff;
	if (((x >> 23) & 0xff) == 0xff)
		return sign | 0x7c00 | (m ? 0x200 : 0);
	if (e >= 31)
		return sign | 0x7c00;
	if (e <= 0) {
		unsigned int shift = (unsigned int)(14 - e);

		if (e < -10)
			return sign;
		m |= 0x800000;
		h = m >> shift;
		rem = m & ((1u << shift) - 1);
		halfway = 1u << (shift - 1);
		if (rem > halfway || (rem == halfway && (h & 1)))
			h++;
		return (uint16_t)(sign | h);
	}
	h = ((uint32_t)e << 10) | (m >> 13);
	rem = m & 0x1fff;
	if (rem > 0x1000 || (rem == 0x1000 && (h & 1)))
		h++;
	return (uint16_t)(sign | h);
}

float vk_half_to_float(uint32_t h)
{
	int e = (int)((h >> 10) & 0x1f);
	float m = (float)(h & 0x3ff);
	float v;

	if (e == 31)
		v = (h & 0x3ff) ? NAN : INFINITY;
	else if (!e)
		v = ldexpf(m, -24);
	else
		v = ldexpf(1.0f + m / 1024.0f, e - 15);
	return (h & 0x8000) ? -v : v;
}

/* An unsigned float of a 5-bit exponent and @mbits of mantissa (11- and 10-bit). */
static uint32_t ufloat_encode(float v, unsigned int mbits)
{
	uint32_t max_e = 30, m;
	int e;

	if (!(v > 0.0f))
		return 0;
	if (isinf(v))
		return 31u << mbits;
	e = (int)floorf(log2f(v));
	if (e < -14)
		return (uint32_t)lroundf(ldexpf(v, 14 + (int)mbits));
	m = (uint32_t)lroundf((ldexpf(v, -e) - 1.0f) * (float)(1u << mbits));
	if (m == 1u << mbits) {
		m = 0;
		e++;
	}
	if (e + 15 > (int)max_e)
		return (max_e << mbits) | ((1u << mbits) - 1);
	return ((uint32_t)(e + 15) << mbits) | m;
}

static float ufloat_decode(uint32_t x, unsigned int mbits)
{
	uint32_t e = x >> mbits, m = x & ((1u << mbits) - 1);

	if (e == 31)
		return m ? NAN : INFINITY;
	if (!e)
		return ldexpf((float)m, -14 - (int)mbits);
	return ldexpf(1.0f + (float)m / (float)(1u << mbits), (int)e - 15);
}

/* The specification's E5B9G9R9 encoding ("Shared Exponent Format"). */
static uint32_t shared_exp_encode(const float rgb[3])
{
	const int n = 9, b = 15;
	const float max_value = (float)((1 << n) - 1) / (float)(1 << n) * (float)(1 << (31 - b));
	float c[3], max = 0.0f;
	int exp_p, exp;
	uint32_t out, maxs;

	for (int i = 0; i < 3; i++) {
		c[i] = clampf(isnan(rgb[i]) ? 0.0f : rgb[i], 0.0f, max_value);
		max = c[i] > max ? c[i] : max;
	}
	exp_p = (max > 0.0f ? (int)floorf(log2f(max)) : -b - 1);
	exp_p = (exp_p < -b - 1 ? -b - 1 : exp_p) + 1 + b;
	maxs = (uint32_t)floor(max / ldexp(1.0, exp_p - b - n) + 0.5);
	exp = maxs == (1u << n) ? exp_p + 1 : exp_p;
	out = (uint32_t)exp << 27;
	for (int i = 0; i < 3; i++)
		out |= (uint32_t)floor(c[i] / ldexp(1.0, exp - b - n) + 0.5) << (9 * i);
	return out;
}

void vk_texel_encode(const struct vk_plane *p, const union vk_texel_value *v, uint8_t *out)
{
	memset(out, 0, p->bytes);
	if (p->ch[0].kind == E) {
		uint32_t x = shared_exp_encode(v->f);

		memcpy(out, &x, 4);
		return;
	}
	for (unsigned int c = 0; c < 4; c++) {
		const struct vk_chan *ch = &p->ch[c];
		uint32_t bits;

		switch (ch->kind) {
		case U:
			bits = unorm_encode(v->f[c], ch->bits);
			break;
		case S:
			bits = unorm_encode(vk_linear_to_srgb(clampf(v->f[c], 0.0f, 1.0f)), ch->bits);
			break;
		case UI:
		case SI:
			bits = v->u[c];
			break;
		case F:
			if (ch->bits == 16)
				bits = half_encode(v->f[c]);
			else
				memcpy(&bits, &v->f[c], 4);
			break;
		case UF:
			bits = ufloat_encode(v->f[c], ch->bits - 5u);
			break;
		default:
			continue;
		}
		put_bits(out, ch->shift, ch->bits, bits);
	}
}

void vk_texel_decode(const struct vk_plane *p, const uint8_t *in, union vk_texel_value *v)
{
	bool integer = vk_plane_is_integer(p);
	uint32_t x;

	for (unsigned int c = 0; c < 4; c++) {
		const struct vk_chan *ch = &p->ch[c];
		uint32_t bits = ch->bits ? get_bits(in, ch->shift, ch->bits) : 0;

		switch (ch->kind) {
		case U:
			v->f[c] = (float)bits / (float)((1ull << ch->bits) - 1);
			break;
		case S:
			v->f[c] = vk_srgb_to_linear((float)bits / (float)((1u << ch->bits) - 1));
			break;
		case UI:
			v->u[c] = bits;
			break;
		case SI:
			/* Sign-extend the channel. */
			v->i[c] = ch->bits == 32 ? (int32_t)bits :
				  (int32_t)(bits << (32 - ch->bits)) >> (32 - ch->bits);
			break;
		case F:
			if (ch->bits == 16)
				v->f[c] = vk_half_to_float(bits);
			else
				memcpy(&v->f[c], &bits, 4);
			break;
		case UF:
			v->f[c] = ufloat_decode(bits, ch->bits - 5u);
			break;
		case E:
			x = get_bits(in, 0, 32);
			v->f[c] = ldexpf((float)bits, (int)(x >> 27) - 15 - 9);
			break;
		default:
			if (integer)
				v->u[c] = c == 3 ? 1 : 0;
			else
				v->f[c] = c == 3 ? 1.0f : 0.0f;
		}
	}
}

static unsigned int mantissa_bits(const struct vk_chan *ch)
{
	if (ch->kind == UF)
		return ch->bits - 5u;
	return ch->bits == 16 ? 10 : 23;
}

bool vk_texel_match(const struct vk_plane *p, const uint8_t *expected, const uint8_t *actual,
		    unsigned int lsb, float slack, unsigned int *channel)
{
	union vk_texel_value e, a;
	float max_e = 0.0f;

	vk_texel_decode(p, expected, &e);
	vk_texel_decode(p, actual, &a);
	for (unsigned int c = 0; c < 3 && p->ch[0].kind == E; c++)
		max_e = e.f[c] > max_e ? e.f[c] : max_e;
	for (unsigned int c = 0; c < 4; c++) {
		const struct vk_chan *ch = &p->ch[c];
		double tol, de, da;

		*channel = c;
		switch (ch->kind) {
		case VK_CHAN_NONE:
			continue;
		case UI:
		case SI:
			if (e.u[c] != a.u[c])
				return false;
			continue;
		case U:
		case S:
			/* In the stored encoding: a step of it is the unit. */
			de = get_bits(expected, ch->shift, ch->bits);
			da = get_bits(actual, ch->shift, ch->bits);
			tol = lsb + slack * (double)((1ull << ch->bits) - 1);
			break;
		case E:
			de = e.f[c];
			da = a.f[c];
			tol = lsb * max_e / 256.0 + slack * (max_e > 1 ? max_e : 1);
			break;
		default:
			de = e.f[c];
			da = a.f[c];
			tol = lsb * ldexp(fabs(de) > 6.1e-5 ? fabs(de) : 6.1e-5,
					  -(int)mantissa_bits(ch)) + slack * (fabs(de) > 1 ? fabs(de) : 1);
			if (isnan(de) || isinf(de)) {
				if (memcmp(&e.f[c], &a.f[c], 4))
					return false;
				continue;
			}
			break;
		}
		if (fabs(de - da) > tol)
			return false;
	}
	return true;
}

bool vk_texel_same_bits(const struct vk_plane *p, const uint8_t *a, const uint8_t *b)
{
	for (unsigned int c = 0; c < 4; c++) {
		const struct vk_chan *ch = &p->ch[c];

		if (ch->kind == E)
			return get_bits(a, 0, 32) == get_bits(b, 0, 32);
		if (ch->bits && get_bits(a, ch->shift, ch->bits) != get_bits(b, ch->shift, ch->bits))
			return false;
	}
	return true;
}
