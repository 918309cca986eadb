/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * C references of the basic shaders: arithmetic, invocation built-ins,
 * buffer layouts, push and specialization constants, small and 64-bit
 * integer types, conversions, bit operations and packing.
 */

#include "corpus_refs.h"

static void basic_copy(struct corpus_test *t)
{
	memcpy(corpus_out(t, "dst"), corpus_in(t, "src"), corpus_buffer(t, "src")->size);
}

static void push_constants(struct corpus_test *t)
{
	const float *data = corpus_in(t, "data");
	float *result = corpus_out(t, "result");
	uint32_t scale = push_u32(t, 0);
	float offset = push_f32(t, 4);
	int32_t bias = (int32_t)push_u32(t, 8);

	for (int i = 0; i < 32; i++)
		result[i] = data[i] * (float)scale + offset + (float)bias;
}

static void arith_u32(struct corpus_test *t)
{
	const uint32_t *a = corpus_in(t, "a"), *b = corpus_in(t, "b");
	uint32_t *o = corpus_out(t, "o");

	for (uint32_t i = 0; i < 128; i++) {
		uint32_t x = a[i], y = (i & 1) ? (b[i] & 0xff) + 1 : b[i], *r = &o[i * 12];

		r[0] = x + y; r[1] = x - y; r[2] = x * y; r[3] = x / y; r[4] = x % y;
		r[5] = x << (y & 31); r[6] = x >> (y & 31); r[7] = x & y; r[8] = x | y;
		r[9] = x ^ y; r[10] = ~x; r[11] = x < y;
	}
}

static void arith_i32(struct corpus_test *t)
{
	const int32_t *a = corpus_in(t, "a"), *b = corpus_in(t, "b");
	int32_t *o = corpus_out(t, "o");

	for (uint32_t i = 0; i < 128; i++) {
		int32_t x = a[i], y = b[i] ? b[i] : 1, *r = &o[i * 10];

		r[0] = x + y; r[1] = x - y; r[2] = (int32_t)((uint32_t)x * (uint32_t)y);
		r[3] = x / y; r[4] = x < 0 ? -x : x; r[5] = (y > 0) - (y < 0);
		r[6] = x < y ? x : y; r[7] = x > y ? x : y; r[8] = x >> (y & 31);
		r[9] = -x + (x < y);
	}
}

static void arith_f32(struct corpus_test *t)
{
	const float *a = corpus_in(t, "a"), *b = corpus_in(t, "b");
	float *o = corpus_out(t, "o"), *q = corpus_out(t, "q");

	for (uint32_t i = 0; i < 128; i++) {
		float x = a[i], y = b[i], *r = &o[i * 8];

		r[0] = x + y; r[1] = x - y; r[2] = x * y; r[3] = -x; r[4] = fabsf(x);
		r[5] = fminf(x, y); r[6] = fmaxf(x, y); r[7] = x < y ? 1.0f : x == y ? 0.5f : 0.0f;
		q[i] = x / y;
	}
}

static void global_ids(struct corpus_test *t)
{
	uint32_t *ids = corpus_out(t, "ids"), *groups = corpus_out(t, "groups");

	for (uint32_t z = 0; z < 4; z++)
		for (uint32_t y = 0; y < 6; y++)
			for (uint32_t x = 0; x < 8; x++) {
				uint32_t linear = x + 8 * (y + 6 * z);
				uint32_t lx = x % 4, ly = y % 2, lz = z % 2;

				ids[linear * 4 + 0] = x; ids[linear * 4 + 1] = y;
				ids[linear * 4 + 2] = z; ids[linear * 4 + 3] = lx + 4 * (ly + 2 * lz);
				groups[linear * 4 + 0] = x / 4; groups[linear * 4 + 1] = y / 2;
				groups[linear * 4 + 2] = z / 2;
				groups[linear * 4 + 3] = 232 + lx * 1000 + ly * 10000 + lz * 100000;
			}
}

static void workgroup_2d_ids(struct corpus_test *t)
{
	uint32_t *o = corpus_out(t, "o");

	for (uint32_t z = 0; z < 10; z++)
		for (uint32_t y = 0; y < 6; y++)
			for (uint32_t x = 0; x < 15; x++) {
				uint32_t local = x % 5 + 5 * (y % 3 + 3 * (z % 2));

				o[x + 15 * (y + 6 * z)] = local * 1000 + (x / 5) * 100 + (y / 3) * 10 + z / 2;
			}
}

/* std140 Outer: 80-byte stride; std430 Group: 56-byte stride (see the shader). */
static void layout_nested_structs(struct corpus_test *t)
{
	uint32_t *u = corpus_in(t, "u"), *s = corpus_in(t, "s");
	float *o = corpus_out(t, "o");

	for (uint32_t n = 0; n < 80; n++)
		u[n] = f32_bits(n * 0.5f + 1);
	u[16] = 1;
	u[20 + 16] = 0;
	for (uint32_t n = 0; n < 64; n++)
		s[n] = n % 14 < 12 && n % 4 < 2 ? n * 3 + 1 : f32_bits(n * 0.25f - 3);
	for (int i = 0; i < 2; i++) {
		const uint32_t *w = &u[i * 20];
		float *r = &o[i * 10];

		r[0] = bits_f32(w[0]);
		r[1] = bits_f32(w[3]);
		r[2] = bits_f32(w[4]) + bits_f32(w[6]);
		r[3] = bits_f32(w[8]);
		r[4] = bits_f32(w[9]);
		r[5] = bits_f32(w[12]);
		r[6] = bits_f32(w[13]);
		r[7] = w[16] ? 1.0f : -1.0f;
		r[8] = bits_f32(w[17]);
		r[9] = 0.5f;
	}
	for (int g = 0; g < 2; g++) {
		const uint32_t *w = &s[g * 14];
		float scale = bits_f32(w[12]);

		for (int p = 0; p < 3; p++) {
			o[20 + g * 10 + p * 3] = (float)w[p * 4];
			o[20 + g * 10 + p * 3 + 1] = (float)w[p * 4 + 1];
			o[20 + g * 10 + p * 3 + 2] = bits_f32(w[p * 4 + 2]) * scale;
		}
		o[20 + g * 10 + 9] = scale;
	}
}

static void layout_ubo_std430_scalar(struct corpus_test *t)
{
	const float *a = corpus_in(t, "a"), *b = corpus_in(t, "b");
	float *o = corpus_out(t, "o");

	for (int i = 0; i < 16; i++) {
		int j = i % 4;

		o[i * 4] = a[i];
		o[i * 4 + 1] = b[3 * j] + b[3 * j + 2];
		o[i * 4 + 2] = b[12];
		o[i * 4 + 3] = a[15 - i];
	}
}

/* Particle: pos[3] mass vel[2] id charge flags[4] (std430, 12 words). */
static void layout_std430_struct(struct corpus_test *t)
{
	uint32_t *src = corpus_in(t, "src"), *dst = corpus_out(t, "dst");
	const float *v3 = corpus_in(t, "v3");
	float *v3o = corpus_out(t, "v3");

	for (uint32_t i = 0; i < 16; i++) {
		uint32_t *s = &src[i * 12], *d = &dst[i * 12];

		for (int k = 0; k < 3; k++)
			s[k] = f32_bits(i * 3.0f + k * 0.5f);
		s[3] = f32_bits(10.0f + i);
		s[4] = f32_bits(-1.0f * i);
		s[5] = f32_bits(0.25f * i);
		s[6] = 1000 + i;
		s[7] = f32_bits(0.125f * i + 1);
		for (int k = 0; k < 4; k++)
			s[8 + k] = (uint32_t)(k * 100 - (int)i);

		for (int k = 0; k < 3; k++)
			d[k] = f32_bits(bits_f32(s[k]) * 2.0f);
		d[3] = f32_bits(bits_f32(s[3]) + 1.0f);
		d[4] = s[5];
		d[5] = s[4];
		d[6] = s[6] * 3 + i;
		d[7] = f32_bits(-bits_f32(s[7]));
		for (int k = 0; k < 4; k++)
			d[8 + k] = s[8 + 3 - k] + i;

		v3o[i * 4 + 0] = v3[i * 4 + 2] + 100.0f;
		v3o[i * 4 + 1] = v3[i * 4 + 0] + 100.0f;
		v3o[i * 4 + 2] = v3[i * 4 + 1] + 100.0f;
	}
}

/* Offsets in words: f[4] 0/4/8/12, v 16, after_v 19, w 20, m 24, k 40/44/48. */
static void layout_std140_ubo(struct corpus_test *t)
{
	uint32_t *u = corpus_in(t, "u");
	float *o = corpus_out(t, "o");

	for (uint32_t n = 0; n < 52; n++)
		u[n] = f32_bits(n * 1.5f + 0.25f);
	u[40] = (uint32_t)-5;
	u[44] = 7;
	u[48] = 123;
	for (int i = 0; i < 4; i++)
		o[i] = bits_f32(u[i * 4]);
	for (int i = 0; i < 3; i++)
		o[4 + i] = bits_f32(u[16 + i]);
	o[7] = bits_f32(u[19]);
	o[8] = bits_f32(u[20]);
	o[9] = bits_f32(u[21]);
	for (int n = 0; n < 16; n++)
		o[10 + n] = bits_f32(u[24 + n]);
	o[26] = -5.0f;
	o[27] = 7.0f;
	o[28] = 123.0f;
}

static void layout_scalar(struct corpus_test *t)
{
	const float *v = corpus_in(t, "v"), *s = corpus_in(t, "s");
	float *o = corpus_out(t, "o"), *to = corpus_out(t, "t");

	for (int i = 0; i < 32; i++) {
		o[i * 3 + 0] = v[i * 3 + 2] + 1.0f;
		o[i * 3 + 1] = v[i * 3 + 0] + 2.0f;
		o[i * 3 + 2] = v[i * 3 + 1] + 3.0f;
		to[i * 4 + 0] = s[i * 4 + 1] + s[i * 4 + 2];
		to[i * 4 + 1] = s[i * 4 + 0];
		to[i * 4 + 2] = s[i * 4 + 3];
		to[i * 4 + 3] = (float)i;
	}
}

static void layout_matrix(struct corpus_test *t)
{
	const float *rm = corpus_in(t, "rm"), *m3 = corpus_in(t, "m3");
	float *cm = corpus_out(t, "cm"), *m3o = corpus_out(t, "m3o");

	for (int i = 0; i < 8; i++) {
		for (int c = 0; c < 4; c++)
			for (int r = 0; r < 4; r++)
				cm[i * 16 + c * 4 + r] = rm[i * 16 + r * 4 + c];
		for (int c = 0; c < 3; c++)
			for (int r = 0; r < 3; r++)
				m3o[i * 9 + c * 3 + r] = m3[i * 12 + c * 4 + r];
	}
}

static void ubo_struct_array(struct corpus_test *t)
{
	const float *l = corpus_in(t, "lights");
	float *o = corpus_out(t, "o");

	for (int i = 0; i < 64; i++) {
		const float *light = &l[(i % 8) * 8];

		for (int c = 0; c < 4; c++)
			o[i * 4 + c] = light[c] * light[4] + (float)i;
	}
}

static void spec_constants(struct corpus_test *t)
{
	float *o = corpus_out(t, "o");

	for (uint32_t i = 0; i < 32; i++) {
		o[i * 5 + 0] = (float)(5 * i);
		o[i * 5 + 1] = 2.5f * (float)i;
		o[i * 5 + 2] = 1.0f;
		o[i * 5 + 3] = 8.0f;
		o[i * 5 + 4] = (float)(i % 6) * 2.5f + 6.0f;
	}
}

static void spec_local_size(struct corpus_test *t)
{
	uint32_t *o = corpus_out(t, "o");

	for (uint32_t i = 0; i < 144; i++) {
		o[i * 2] = 48;
		o[i * 2 + 1] = (i / 48) * 1000 + i % 48;
	}
}

static void descriptor_sets(struct corpus_test *t)
{
	const uint32_t *a = corpus_in(t, "a"), *b = corpus_in(t, "b"), *c = corpus_in(t, "c");
	uint32_t *o = corpus_out(t, "o");

	for (int i = 0; i < 64; i++)
		o[i] = a[i] * c[0] + b[i] * c[1] + c[2] * c[3];
}

static void descriptor_arrays(struct corpus_test *t)
{
	const uint32_t *in0 = corpus_in(t, "in0"), *in1 = corpus_in(t, "in1");
	const uint32_t *picked = corpus_in(t, push_u32(t, 0) == 2 ? "in2" : "in1");
	uint32_t *o = corpus_out(t, "o");

	for (int i = 0; i < 64; i++)
		o[i] = in0[i] * 2 + in1[i] * 5 + picked[i];
}

static void storage_int8(struct corpus_test *t)
{
	const int8_t *s = corpus_in(t, "s");
	const uint8_t *u = corpus_in(t, "u");
	int32_t *wide = corpus_out(t, "wide");
	uint8_t *narrow = corpus_out(t, "narrow");

	for (uint32_t j = 0; j < 128; j++) {
		wide[j] = s[j] * 3 + u[j];
		narrow[j] = j % 3 ? (uint8_t)(u[j] * 7u + j) : 0x55;
	}
}

static void storage_int16(struct corpus_test *t)
{
	const int16_t *s = corpus_in(t, "s");
	const uint16_t *u = corpus_in(t, "u");
	int32_t *wide = corpus_out(t, "wide");
	uint16_t *narrow = corpus_out(t, "narrow");

	for (uint32_t j = 0; j < 128; j++) {
		wide[j] = s[j] - u[j];
		narrow[j] = j & 1 ? 0x5555 : (uint16_t)(u[j] * 3u + (uint32_t)(int32_t)s[j]);
	}
}

static void int64_arith(struct corpus_test *t)
{
	const uint64_t *a = corpus_in(t, "a"), *b = corpus_in(t, "b");
	uint64_t *o = corpus_out(t, "o");

	for (uint32_t i = 0; i < 64; i++) {
		uint64_t x = a[i], y = (i & 1) ? (b[i] >> 40) + 1 : b[i], *r = &o[i * 12];

		r[0] = x + y; r[1] = x - y; r[2] = x * y; r[3] = x / y; r[4] = x % y;
		r[5] = x << (y & 63); r[6] = x >> (y & 63);
		r[7] = (x & y) | (~x & 0xf0f0f0f0f0f0f0f0ull); r[8] = x ^ y; r[9] = x < y;
		r[10] = x + 1; r[11] = x + y;
	}
}

static void int64_signed(struct corpus_test *t)
{
	const int64_t *a = corpus_in(t, "a");
	const int32_t *b = corpus_in(t, "b");
	int64_t *o = corpus_out(t, "o");

	for (uint32_t i = 0; i < 64; i++) {
		int64_t x = a[i], y = b[i] ? b[i] : 7, *r = &o[i * 8];

		r[0] = x / y;
		r[1] = x >> (i & 63);
		r[2] = (int64_t)((uint64_t)x * (uint64_t)y);
		r[3] = (x < 0 ? -x : x) - y;
		r[4] = (int32_t)(uint32_t)x;
		r[5] = x < y ? -1 : 1;
		r[6] = (x < y ? x : y) ^ (x > y ? x : y);
		r[7] = (uint32_t)b[i];
	}
}

static void atomics_int64(struct corpus_test *t)
{
	const uint64_t *v = corpus_in(t, "v");
	uint64_t *c = corpus_out(t, "c");

	c[0] = 0; c[1] = UINT64_MAX; c[2] = 0; c[3] = 5;
	for (int i = 0; i < 256; i++) {
		c[0] += v[i];
		c[1] = v[i] < c[1] ? v[i] : c[1];
		c[2] = v[i] > c[2] ? v[i] : c[2];
		c[3] ^= v[i] << 20;
	}
}

static void conversions(struct corpus_test *t)
{
	const float *f = corpus_in(t, "f");
	const int32_t *i = corpus_in(t, "i");
	const uint32_t *u = corpus_in(t, "u");
	int32_t *ti = corpus_out(t, "to_int");
	float *tf = corpus_out(t, "to_float");

	for (int k = 0; k < 64; k++) {
		ti[k * 2] = (int32_t)f[k];
		ti[k * 2 + 1] = (int32_t)(uint32_t)fabsf(f[k]) + (f[k] > 0.0f);
		tf[k * 3] = (float)i[k];
		tf[k * 3 + 1] = (float)u[k];
		tf[k * 3 + 2] = (float)(u[k] & 1) + (float)(i[k] < 0);
	}
}

static void compare_select(struct corpus_test *t)
{
	const int32_t *a = corpus_in(t, "a"), *b = corpus_in(t, "b");
	uint32_t *o = corpus_out(t, "o");

	for (int k = 0; k < 64; k++) {
		const int32_t *x = &a[k * 4], *y = &b[k * 4];
		uint32_t *flags = &o[k * 8], *sel = &o[k * 8 + 4];
		bool any_lt = false, all_eq = true;

		for (int c = 0; c < 4; c++) {
			bool lt = x[c] < y[c], eq = x[c] == y[c];

			flags[c] = lt | eq << 1 | (x[c] >= y[c]) << 2 | (x[c] != y[c]) << 3 | !lt << 4;
			any_lt |= lt;
			all_eq &= eq;
			sel[c] = (uint32_t)(lt ? x[c] : y[c]) + (x[0] > y[0] ? 100u : 200u);
		}
		flags[0] |= any_lt ? 32 : 0;
		flags[1] |= all_eq ? 32 : 0;
	}
}

static uint32_t find_msb_u32(uint32_t x)
{
	return x ? 31u - (uint32_t)__builtin_clz(x) : UINT32_MAX;
}

static void bitfield_ops(struct corpus_test *t)
{
	const uint32_t *a = corpus_in(t, "a"), *b = corpus_in(t, "b");
	uint32_t *o = corpus_out(t, "o");

	for (uint32_t k = 0; k < 64; k++) {
		uint32_t x = a[k], y = b[k], *r = &o[k * 9];

		if (k % 8 == 0)
			x = 0;
		if (k % 8 == 1)
			x >>= k % 32;
		uint32_t offset = y & 15, bits = (y >> 4) % 17;
		uint32_t mask = bits == 32 ? UINT32_MAX : ((1u << bits) - 1);
		uint32_t field = (x >> offset) & mask;

		r[0] = field;
		r[1] = bits && (field >> (bits - 1)) & 1 ? field | ~mask : field;
		r[2] = (x & ~(mask << offset)) | ((y << offset) & (mask << offset));
		r[3] = __builtin_popcount(x);
		r[4] = x ? (uint32_t)__builtin_ctz(x) : UINT32_MAX;
		r[5] = find_msb_u32(x);
		r[6] = find_msb_u32((int32_t)x < 0 ? ~x : x);
		uint32_t rev = 0;
		for (int bit = 0; bit < 32; bit++)
			rev |= ((x >> bit) & 1) << (31 - bit);
		r[7] = rev;
		r[8] = __builtin_popcount(y);
	}
}

static void extended_arith(struct corpus_test *t)
{
	const uint32_t *a = corpus_in(t, "a"), *b = corpus_in(t, "b");
	uint32_t *o = corpus_out(t, "o");

	for (int k = 0; k < 64; k++) {
		uint32_t x = a[k], y = b[k], *r = &o[k * 8];
		uint64_t product = (uint64_t)x * y;
		int64_t sproduct = (int64_t)(int32_t)x * (int32_t)y;

		r[0] = x + y; r[1] = x + y < x; r[2] = x - y; r[3] = x < y;
		r[4] = product >> 32; r[5] = (uint32_t)product;
		r[6] = (uint32_t)((uint64_t)sproduct >> 32); r[7] = (uint32_t)sproduct;
	}
}

static void pack_half(struct corpus_test *t)
{
	uint16_t *halves = corpus_in(t, "halves");
	float *floats = corpus_in(t, "floats");
	uint32_t *packed = corpus_out(t, "packed");
	float *unpacked = corpus_out(t, "unpacked");
	uint64_t seed = 7;

	for (int i = 0; i < 128; i++) {
		/* Any half but NaN: exponent 31 only with a zero mantissa (inf). */
		uint16_t h = (uint16_t)corpus_random(&seed), g = (uint16_t)corpus_random(&seed);

		if ((h & 0x7c00) == 0x7c00)
			h &= 0xfc00;
		if ((g & 0x7c00) == 0x7c00)
			g &= 0xfc00;
		if (i < 4)
			g = (uint16_t[]){ 0x0000, 0x8000, 0x0001, 0x83ff }[i];
		halves[i] = h;
		unpacked[i] = corpus_f16_to_f32(h);
		floats[i] = corpus_f16_to_f32(g);
	}
	for (int k = 0; k < 64; k++)
		packed[k] = corpus_f32_to_f16(floats[2 * k]) |
			    (uint32_t)corpus_f32_to_f16(floats[2 * k + 1]) << 16;
}

static float clampf(float x, float lo, float hi)
{
	return x < lo ? lo : x > hi ? hi : x;
}

static void pack_norm(struct corpus_test *t)
{
	const float *v = corpus_in(t, "v");
	const uint32_t *w = corpus_in(t, "w");
	uint32_t *packed = corpus_out(t, "packed");
	float *unpacked = corpus_out(t, "unpacked");

	for (int k = 0; k < 64; k++) {
		const float *c = &v[k * 4];
		uint32_t *p = &packed[k * 4], x = w[k];
		float *u = &unpacked[k * 12];

		p[0] = p[1] = 0;
		for (int i = 0; i < 4; i++) {
			p[0] |= (uint32_t)roundf(clampf(c[i], 0, 1) * 255.0f) << (8 * i);
			p[1] |= ((uint32_t)(int32_t)roundf(clampf(c[i], -1, 1) * 127.0f) & 0xff) << (8 * i);
			u[i] = (float)((x >> (8 * i)) & 0xff) / 255.0f;
			u[4 + i] = clampf((float)(int8_t)(x >> (8 * i)) / 127.0f, -1, 1);
		}
		p[2] = (uint32_t)roundf(clampf(c[0], 0, 1) * 65535.0f) |
		       (uint32_t)roundf(clampf(c[1], 0, 1) * 65535.0f) << 16;
		p[3] = ((uint32_t)(int32_t)roundf(clampf(c[2], -1, 1) * 32767.0f) & 0xffff) |
		       ((uint32_t)(int32_t)roundf(clampf(c[3], -1, 1) * 32767.0f) & 0xffff) << 16;
		u[8] = (float)(x & 0xffff) / 65535.0f;
		u[9] = (float)(x >> 16) / 65535.0f;
		u[10] = clampf((float)(int16_t)x / 32767.0f, -1, 1);
		u[11] = clampf((float)(int16_t)(x >> 16) / 32767.0f, -1, 1);
	}
}

static void float_bits(struct corpus_test *t)
{
	const float *f = corpus_in(t, "f");
	const int32_t *e = corpus_in(t, "e");
	uint32_t *bits = corpus_out(t, "bits");
	float *o = corpus_out(t, "o");

	for (int k = 0; k < 64; k++) {
		float x = f[k], whole;
		int exponent;

		bits[k * 2] = f32_bits(x) + (uint32_t)((int32_t)f32_bits(-x) >> 3);
		o[k * 4] = frexpf(x, &exponent);
		bits[k * 2 + 1] = (uint32_t)exponent;
		o[k * 4 + 1] = ldexpf(x, e[k]);
		o[k * 4 + 2] = modff(x, &whole);
		o[k * 4 + 3] = whole + 1.0f + 2.0f;
	}
}

static void int16_arith(struct corpus_test *t)
{
	const uint16_t *a = corpus_in(t, "a"), *b = corpus_in(t, "b");
	uint16_t *o = corpus_out(t, "o");

	for (int i = 0; i < 128; i++) {
		uint16_t x = a[i], y = b[i], *r = &o[i * 8];
		int16_t sx = (int16_t)x, sy = (int16_t)y ? (int16_t)y : 1;

		r[0] = (uint16_t)(x + y);
		r[1] = (uint16_t)(x * y);
		r[2] = x / y;
		r[3] = (uint16_t)(sx / sy);
		r[4] = (uint16_t)(sx >> (y & 15));
		r[5] = (uint16_t)(x << (y & 15));
		r[6] = x < y;
		r[7] = (uint16_t)(((int16_t)x < sy) + (x ^ y));
	}
}

static void int8_arith(struct corpus_test *t)
{
	const uint8_t *a = corpus_in(t, "a"), *b = corpus_in(t, "b");
	uint8_t *o = corpus_out(t, "o");

	for (int i = 0; i < 128; i++) {
		uint8_t x = a[i], y = b[i], *r = &o[i * 6];
		int8_t sx = (int8_t)x, sy = (int8_t)y;

		r[0] = (uint8_t)(x + y);
		r[1] = (uint8_t)(x * y);
		r[2] = x / y;
		r[3] = (uint8_t)(sx < sy ? sx : sy);
		r[4] = (uint8_t)((sx * 3) >> 2);
		r[5] = (uint8_t)((x >> 3) | (y << 5));
	}
}

/* ---- integer dot products (int_dot_product.spvasm) ---- */

static int64_t dot4x8(uint32_t x, uint32_t y, bool x_signed, bool y_signed)
{
	int64_t sum = 0;

	for (int k = 0; k < 4; k++) {
		uint8_t a = (uint8_t)(x >> (8 * k)), b = (uint8_t)(y >> (8 * k));

		sum += (x_signed ? (int64_t)(int8_t)a : a) * (y_signed ? (int64_t)(int8_t)b : b);
	}
	return sum;
}

static int64_t clamp_i64(int64_t v, int64_t lo, int64_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* Signed 64-bit saturating add, without relying on wider arithmetic. */
static int64_t add_sat_i64(int64_t a, int64_t b)
{
	if (b > 0 && a > INT64_MAX - b)
		return INT64_MAX;
	if (b < 0 && a < INT64_MIN - b)
		return INT64_MIN;
	return a + b;
}

static int32_t field12(uint32_t v, int shift)
{
	return (int32_t)((v >> shift) << 20) >> 20;
}

static void int_dot_product(struct corpus_test *t)
{
	uint32_t *in32 = corpus_in(t, "in32"), *out32 = corpus_out(t, "out32");
	int64_t *in64 = corpus_in(t, "in64"), *out64 = corpus_out(t, "out64");
	uint64_t seed = 0xd07;

	/* Accumulators at and near each saturation limit, and random ones. */
	for (int i = 0; i < 64; i++) {
		uint32_t near = (uint32_t)(corpus_random(&seed) % 70000);

		in32[i] = (uint32_t)corpus_random(&seed);
		in32[64 + i] = (uint32_t)corpus_random(&seed);
		switch (i % 5) {
		case 0: in32[128 + i] = 0x7fffffffu - near; break;
		case 1: in32[128 + i] = 0x80000000u + near; break;
		case 2: in32[128 + i] = 0xffffffffu - near; break;
		case 3: in32[128 + i] = 0x8000u + near % 20000; break;	/* low 16 bits near INT16_MIN */
		default: in32[128 + i] = (uint32_t)corpus_random(&seed); break;
		}
		switch (i % 3) {
		case 0: in64[i] = INT64_MAX - (int64_t)near; break;
		case 1: in64[i] = INT64_MIN + (int64_t)near; break;
		default: in64[i] = (int64_t)corpus_random(&seed); break;
		}
	}
	for (int i = 0; i < 64; i++) {
		uint32_t x = in32[i], y = in32[64 + i], acc = in32[128 + i];
		uint32_t x9 = x & 0x3f3f3f3f, y9 = y | 0xc0c0c0c0;
		int64_t sacc = (int32_t)acc, acc16 = (int16_t)(uint16_t)acc;
		int64_t vdot = (int64_t)field12(x, 0) * field12(y, 0) +
			       (int64_t)field12(x, 12) * field12(y, 12);
		uint64_t uvdot = (uint64_t)((x & 0xfff) * (y & 0xfff)) +
				 (uint64_t)((x >> 12 & 0xfff) * (y >> 12 & 0xfff));

		out32[i] = (uint32_t)dot4x8(x, y, true, true);
		out32[64 + i] = (uint32_t)dot4x8(x, y, false, false);
		out32[128 + i] = (uint32_t)dot4x8(x, y, true, false);
		out32[192 + i] = (uint32_t)clamp_i64(sacc + dot4x8(x, y, true, true),
						     INT32_MIN, INT32_MAX);
		out32[256 + i] = (uint32_t)clamp_i64((int64_t)acc + dot4x8(x, y, false, false),
						     0, UINT32_MAX);
		out32[320 + i] = (uint32_t)clamp_i64(sacc + dot4x8(x, y, true, false),
						     INT32_MIN, INT32_MAX);
		out32[384 + i] = (uint32_t)vdot;
		out32[448 + i] = (uint32_t)clamp_i64(sacc + vdot, INT32_MIN, INT32_MAX);
		out32[512 + i] = (uint32_t)clamp_i64((int64_t)acc + (int64_t)uvdot, 0, UINT32_MAX);
		out32[576 + i] = (uint32_t)clamp_i64(acc16 + dot4x8(x9, y9, true, true),
						     INT16_MIN, INT16_MAX);
		out64[i] = dot4x8(x, y, true, true);
		out64[64 + i] = add_sat_i64(in64[i], dot4x8(x, y, true, true));
	}
}

/* Half arithmetic = float arithmetic rounded once to half (exact for + - * and /). */
static void float16_arith(struct corpus_test *t)
{
	const uint16_t *a = corpus_in(t, "a"), *b = corpus_in(t, "b");
	uint16_t *o = corpus_out(t, "o"), *q = corpus_out(t, "q");
	float *wide = corpus_out(t, "wide");

	for (int i = 0; i < 128; i++) {
		float x = corpus_f16_to_f32(a[i]), y = corpus_f16_to_f32(b[i]);

		o[i * 3] = corpus_f32_to_f16(x + y);
		o[i * 3 + 1] = corpus_f32_to_f16(x - y);
		o[i * 3 + 2] = corpus_f32_to_f16(x * y);
		q[i] = corpus_f32_to_f16(x / y);
		wide[i] = x * 1024.0f + y;
	}
}

static void push_constants_struct(struct corpus_test *t)
{
	float *o = corpus_out(t, "o");
	static const float k[3] = { 7, -8, 9 };

	for (uint32_t i = 0; i < 64; i++) {
		float *r = &o[i * 8];

		r[0] = 1.5f * i; r[1] = -2.0f * i; r[2] = 3.25f * i; r[3] = 4;
		r[4] = 2.0f * i; r[5] = 0.5f; r[6] = k[i % 3]; r[7] = (float)(100 + 200 * i);
	}
}

static void spec_local_size_xyz(struct corpus_test *t)
{
	uint32_t *o = corpus_out(t, "o");

	for (uint32_t z = 0; z < 6; z++)
		for (uint32_t y = 0; y < 2; y++)
			for (uint32_t x = 0; x < 8; x++)
				o[x + 8 * (y + 2 * z)] = (x % 4 + 4 * (y + 2 * (z % 3))) * 100 + 43;
}

static void conversions_edge(struct corpus_test *t)
{
	const uint32_t *u = corpus_in(t, "u");
	const uint64_t *q = corpus_in(t, "q");
	float *f = corpus_out(t, "to_f");

	for (int k = 0; k < 8; k++)
		f[k] = (float)u[k];
	f[8] = (float)q[0];
	f[9] = (float)q[1];
	f[10] = (float)q[2];
	f[11] = (float)(int64_t)q[0];
}

static void bool_logic(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *o = corpus_out(t, "o");

	for (int i = 0; i < 64; i++) {
		uint32_t v = x[i], n = x[(i + 1) % 64];
		bool a = v & 1, b = v & 2, c = v & 4, d = v & 8;
		bool neighbour = (bool)(n & 1) != (bool)(n & 8);

		o[i] = (a != b) | (!(c && d)) << 1 | (!a || !b || !c || !d) << 2 |
		       (a == neighbour && b == neighbour && c == neighbour && d == neighbour) << 3 |
		       (neighbour == c) << 4;
	}
}

static void dynamic_indexing(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *o = corpus_out(t, "o");

	for (uint32_t i = 0; i < 64; i++) {
		const uint32_t *v = &x[i * 4];
		uint32_t c = v[0] % 4, d = v[1] % 4, w[4], arr[4][4];

		memcpy(w, v, sizeof(w));
		w[c] = v[d] + 7;
		for (int k = 0; k < 4; k++) {
			arr[0][k] = v[k];
			arr[1][k] = v[k] * 2;
			arr[2][k] = v[k] + 3;
			arr[3][k] = i;
		}
		/* Column d of m is v rotated left by d; component c of it. */
		o[i * 4] = w[(c + 1) % 4] + w[c];
		o[i * 4 + 1] = v[(c + d) % 4];
		o[i * 4 + 2] = arr[c][d];
		o[i * 4 + 3] = arr[d][0] + arr[(c + d) % 4][3];
	}
}

static void dispatch_many_groups(struct corpus_test *t)
{
	uint32_t *o = corpus_out(t, "o");

	for (uint32_t z = 0; z < 2; z++)
		for (uint32_t y = 0; y < 32; y++)
			for (uint32_t x = 0; x < 64; x++)
				o[x + 64 * (y + 32 * z)] = x << 16 | y << 8 | z;
}

const struct corpus_ref corpus_refs_basic[] = {
	REF(basic_copy), REF(push_constants), REF(arith_u32), REF(arith_i32), REF(arith_f32),
	REF(global_ids), REF(dispatch_many_groups), REF(workgroup_2d_ids),
	REF(layout_std430_struct), REF(layout_std140_ubo), REF(layout_scalar),
	REF(layout_nested_structs), REF(layout_ubo_std430_scalar), REF(layout_matrix),
	REF(ubo_struct_array), REF(spec_constants), REF(spec_local_size), REF(descriptor_sets),
	REF(descriptor_arrays), REF(storage_int8), REF(storage_int16), REF(int64_arith),
	REF(int64_signed), REF(atomics_int64), REF(conversions), REF(compare_select),
	REF(bitfield_ops), REF(extended_arith), REF(pack_half), REF(pack_norm),
	REF(float_bits), REF(conversions_edge), REF(bool_logic), REF(dynamic_indexing),
	REF(int16_arith), REF(int8_arith), REF(float16_arith), REF(push_constants_struct),
	REF(spec_local_size_xyz), REF(int_dot_product),
	{ NULL, NULL },
};
