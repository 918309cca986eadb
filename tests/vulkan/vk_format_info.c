/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* What the tests know about each VkFormat (vk_format_info.h). */

#include "vk_format_info.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { R, G, B, A };

/*
 * Families of formats whose VkFormat values follow each other, one per
 * numeric format of @suffixes, with the same component layout.
 */
struct format_family {
	VkFormat first;
	const char *name;		/* printf pattern for the suffix */
	uint8_t bytes, count;
	struct vk_component c[4];
	const uint8_t *numerics;	/* VK_NUM_* in VkFormat order, ended by 0xff */
	const char *const *storage;	/* SPIR-V image format per numeric, or NULL */
};

static const char *const numeric_names[] = {
	"UNORM", "SNORM", "USCALED", "SSCALED", "UINT", "SINT", "SRGB", "SFLOAT", "UFLOAT",
};

static const uint8_t eight_bit[] = {
	VK_NUM_UNORM, VK_NUM_SNORM, VK_NUM_USCALED, VK_NUM_SSCALED, VK_NUM_UINT, VK_NUM_SINT,
	VK_NUM_SRGB, 0xff,
};
static const uint8_t ten_bit[] = {
	VK_NUM_UNORM, VK_NUM_SNORM, VK_NUM_USCALED, VK_NUM_SSCALED, VK_NUM_UINT, VK_NUM_SINT, 0xff,
};
static const uint8_t sixteen_bit[] = {
	VK_NUM_UNORM, VK_NUM_SNORM, VK_NUM_USCALED, VK_NUM_SSCALED, VK_NUM_UINT, VK_NUM_SINT,
	VK_NUM_SFLOAT, 0xff,
};
static const uint8_t wide[] = { VK_NUM_UINT, VK_NUM_SINT, VK_NUM_SFLOAT, 0xff };

/* SPIR-V and Vulkan Image Format Compatibility, in each family's numeric order. */
static const char *const r8_storage[] = { "r8", "r8_snorm", NULL, NULL, "r8ui", "r8i", NULL };
static const char *const rg8_storage[] = { "rg8", "rg8_snorm", NULL, NULL, "rg8ui", "rg8i", NULL };
static const char *const rgba8_storage[] = {
	"rgba8", "rgba8_snorm", NULL, NULL, "rgba8ui", "rgba8i", NULL,
};
static const char *const a2b10_storage[] = { "rgb10_a2", NULL, NULL, NULL, "rgb10_a2ui", NULL };
static const char *const r16_storage[] = {
	"r16", "r16_snorm", NULL, NULL, "r16ui", "r16i", "r16f",
};
static const char *const rg16_storage[] = {
	"rg16", "rg16_snorm", NULL, NULL, "rg16ui", "rg16i", "rg16f",
};
static const char *const rgba16_storage[] = {
	"rgba16", "rgba16_snorm", NULL, NULL, "rgba16ui", "rgba16i", "rgba16f",
};
static const char *const r32_storage[] = { "r32ui", "r32i", "r32f" };
static const char *const rg32_storage[] = { "rg32ui", "rg32i", "rg32f" };
static const char *const rgba32_storage[] = { "rgba32ui", "rgba32i", "rgba32f" };

#define CMP(ch, off, n)	{ ch, off, n }

static const struct format_family families[] = {
	{ VK_FORMAT_R8_UNORM, "R8_%s", 1, 1, { CMP(R, 0, 8) }, eight_bit, r8_storage },
	{ VK_FORMAT_R8G8_UNORM, "R8G8_%s", 2, 2, { CMP(R, 0, 8), CMP(G, 8, 8) }, eight_bit,
	  rg8_storage },
	{ VK_FORMAT_R8G8B8_UNORM, "R8G8B8_%s", 3, 3,
	  { CMP(R, 0, 8), CMP(G, 8, 8), CMP(B, 16, 8) }, eight_bit, NULL },
	{ VK_FORMAT_B8G8R8_UNORM, "B8G8R8_%s", 3, 3,
	  { CMP(B, 0, 8), CMP(G, 8, 8), CMP(R, 16, 8) }, eight_bit, NULL },
	{ VK_FORMAT_R8G8B8A8_UNORM, "R8G8B8A8_%s", 4, 4,
	  { CMP(R, 0, 8), CMP(G, 8, 8), CMP(B, 16, 8), CMP(A, 24, 8) }, eight_bit, rgba8_storage },
	{ VK_FORMAT_B8G8R8A8_UNORM, "B8G8R8A8_%s", 4, 4,
	  { CMP(B, 0, 8), CMP(G, 8, 8), CMP(R, 16, 8), CMP(A, 24, 8) }, eight_bit, NULL },
	/* R8G8B8A8's bits: the same SPIR-V image formats (the required STORAGE_TEXEL_BUFFER). */
	{ VK_FORMAT_A8B8G8R8_UNORM_PACK32, "A8B8G8R8_%s_PACK32", 4, 4,
	  { CMP(R, 0, 8), CMP(G, 8, 8), CMP(B, 16, 8), CMP(A, 24, 8) }, eight_bit, rgba8_storage },
	{ VK_FORMAT_A2R10G10B10_UNORM_PACK32, "A2R10G10B10_%s_PACK32", 4, 4,
	  { CMP(B, 0, 10), CMP(G, 10, 10), CMP(R, 20, 10), CMP(A, 30, 2) }, ten_bit, NULL },
	{ VK_FORMAT_A2B10G10R10_UNORM_PACK32, "A2B10G10R10_%s_PACK32", 4, 4,
	  { CMP(R, 0, 10), CMP(G, 10, 10), CMP(B, 20, 10), CMP(A, 30, 2) }, ten_bit,
	  a2b10_storage },
	{ VK_FORMAT_R16_UNORM, "R16_%s", 2, 1, { CMP(R, 0, 16) }, sixteen_bit, r16_storage },
	{ VK_FORMAT_R16G16_UNORM, "R16G16_%s", 4, 2, { CMP(R, 0, 16), CMP(G, 16, 16) },
	  sixteen_bit, rg16_storage },
	{ VK_FORMAT_R16G16B16_UNORM, "R16G16B16_%s", 6, 3,
	  { CMP(R, 0, 16), CMP(G, 16, 16), CMP(B, 32, 16) }, sixteen_bit, NULL },
	{ VK_FORMAT_R16G16B16A16_UNORM, "R16G16B16A16_%s", 8, 4,
	  { CMP(R, 0, 16), CMP(G, 16, 16), CMP(B, 32, 16), CMP(A, 48, 16) }, sixteen_bit,
	  rgba16_storage },
	{ VK_FORMAT_R32_UINT, "R32_%s", 4, 1, { CMP(R, 0, 32) }, wide, r32_storage },
	{ VK_FORMAT_R32G32_UINT, "R32G32_%s", 8, 2, { CMP(R, 0, 32), CMP(G, 32, 32) }, wide,
	  rg32_storage },
	{ VK_FORMAT_R32G32B32_UINT, "R32G32B32_%s", 12, 3,
	  { CMP(R, 0, 32), CMP(G, 32, 32), CMP(B, 64, 32) }, wide, NULL },
	{ VK_FORMAT_R32G32B32A32_UINT, "R32G32B32A32_%s", 16, 4,
	  { CMP(R, 0, 32), CMP(G, 32, 32), CMP(B, 64, 32), CMP(A, 96, 32) }, wide,
	  rgba32_storage },
	{ VK_FORMAT_R64_UINT, "R64_%s", 8, 1, { CMP(R, 0, 64) }, wide, NULL },
	{ VK_FORMAT_R64G64_UINT, "R64G64_%s", 16, 2, { CMP(R, 0, 64), CMP(G, 64, 64) }, wide,
	  NULL },
	{ VK_FORMAT_R64G64B64_UINT, "R64G64B64_%s", 24, 3,
	  { CMP(R, 0, 64), CMP(G, 64, 64), CMP(B, 128, 64) }, wide, NULL },
	{ VK_FORMAT_R64G64B64A64_UINT, "R64G64B64A64_%s", 32, 4,
	  { CMP(R, 0, 64), CMP(G, 64, 64), CMP(B, 128, 64), CMP(A, 192, 64) }, wide, NULL },
};

/* Formats of their own: packed small components, shared exponents, depth/stencil. */
struct single_format {
	VkFormat format;
	const char *name;
	struct vk_texel_layout color, stencil;
	const char *storage;
};

#define UNORM_PACKED(bytes, n, ...) { bytes, VK_NUM_UNORM, n, false, { __VA_ARGS__ } }
#define DEPTH(bytes, numeric, bits) { bytes, numeric, 1, true, { CMP(R, 0, bits) } }
/* Formats the headers (1.3.239) name, and those they predate. */
#define SINGLE(f)	.format = VK_FORMAT_##f, .name = #f
#define STENCIL8 { 1, VK_NUM_UINT, 1, false, { CMP(R, 0, 8) } }

static const struct single_format singles[] = {
	{ SINGLE(R4G4_UNORM_PACK8), .color =
	  UNORM_PACKED(1, 2, CMP(G, 0, 4), CMP(R, 4, 4)) },
	{ SINGLE(R4G4B4A4_UNORM_PACK16), .color =
	  UNORM_PACKED(2, 4, CMP(A, 0, 4), CMP(B, 4, 4), CMP(G, 8, 4), CMP(R, 12, 4)) },
	{ SINGLE(B4G4R4A4_UNORM_PACK16), .color =
	  UNORM_PACKED(2, 4, CMP(A, 0, 4), CMP(R, 4, 4), CMP(G, 8, 4), CMP(B, 12, 4)) },
	{ SINGLE(R5G6B5_UNORM_PACK16), .color =
	  UNORM_PACKED(2, 3, CMP(B, 0, 5), CMP(G, 5, 6), CMP(R, 11, 5)) },
	{ SINGLE(B5G6R5_UNORM_PACK16), .color =
	  UNORM_PACKED(2, 3, CMP(R, 0, 5), CMP(G, 5, 6), CMP(B, 11, 5)) },
	{ SINGLE(R5G5B5A1_UNORM_PACK16), .color =
	  UNORM_PACKED(2, 4, CMP(A, 0, 1), CMP(B, 1, 5), CMP(G, 6, 5), CMP(R, 11, 5)) },
	{ SINGLE(B5G5R5A1_UNORM_PACK16), .color =
	  UNORM_PACKED(2, 4, CMP(A, 0, 1), CMP(R, 1, 5), CMP(G, 6, 5), CMP(B, 11, 5)) },
	{ SINGLE(A1R5G5B5_UNORM_PACK16), .color =
	  UNORM_PACKED(2, 4, CMP(B, 0, 5), CMP(G, 5, 5), CMP(R, 10, 5), CMP(A, 15, 1)) },
	{ .format = (VkFormat)1000470000, .name = "A1B5G5R5_UNORM_PACK16", .color =
	  UNORM_PACKED(2, 4, CMP(R, 0, 5), CMP(G, 5, 5), CMP(B, 10, 5), CMP(A, 15, 1)) },
	{ .format = (VkFormat)1000470001, .name = "A8_UNORM",
	  .color = UNORM_PACKED(1, 1, CMP(A, 0, 8)) },
	{ .format = (VkFormat)1000340000, .name = "A4R4G4B4_UNORM_PACK16", .color =
	  UNORM_PACKED(2, 4, CMP(B, 0, 4), CMP(G, 4, 4), CMP(R, 8, 4), CMP(A, 12, 4)) },
	{ .format = (VkFormat)1000340001, .name = "A4B4G4R4_UNORM_PACK16", .color =
	  UNORM_PACKED(2, 4, CMP(R, 0, 4), CMP(G, 4, 4), CMP(B, 8, 4), CMP(A, 12, 4)) },
	{ SINGLE(B10G11R11_UFLOAT_PACK32), .color =
	  { 4, VK_NUM_UFLOAT, 3, false, { CMP(R, 0, 11), CMP(G, 11, 11), CMP(B, 22, 10) } },
	  .storage = "r11f_g11f_b10f" },
	{ SINGLE(E5B9G9R9_UFLOAT_PACK32), .color =
	  { 4, VK_NUM_SHARED_EXP, 3, false, { CMP(R, 0, 9), CMP(G, 9, 9), CMP(B, 18, 9) } } },
	{ SINGLE(D16_UNORM), .color = DEPTH(2, VK_NUM_UNORM, 16) },
	{ SINGLE(X8_D24_UNORM_PACK32), .color = DEPTH(4, VK_NUM_UNORM, 24) },
	{ SINGLE(D32_SFLOAT), .color = DEPTH(4, VK_NUM_SFLOAT, 32) },
	{ SINGLE(S8_UINT), .stencil = STENCIL8 },
	{ SINGLE(D16_UNORM_S8_UINT), .color = DEPTH(2, VK_NUM_UNORM, 16), .stencil = STENCIL8 },
	{ SINGLE(D24_UNORM_S8_UINT), .color = DEPTH(4, VK_NUM_UNORM, 24), .stencil = STENCIL8 },
	{ SINGLE(D32_SFLOAT_S8_UINT), .color = DEPTH(4, VK_NUM_SFLOAT, 32),
	  .stencil = STENCIL8 },
};

/* Compressed formats: runs of consecutive values with one block. */
static const struct {
	VkFormat first;
	uint8_t count, bytes, w, h;
	const char *name;
} compressed[] = {
	{ VK_FORMAT_BC1_RGB_UNORM_BLOCK, 4, 8, 4, 4, "BC1" },
	{ VK_FORMAT_BC2_UNORM_BLOCK, 4, 16, 4, 4, "BC2/BC3" },
	{ VK_FORMAT_BC4_UNORM_BLOCK, 2, 8, 4, 4, "BC4" },
	{ VK_FORMAT_BC5_UNORM_BLOCK, 6, 16, 4, 4, "BC5/BC6H/BC7" },
	{ VK_FORMAT_ETC2_R8G8B8_UNORM_BLOCK, 4, 8, 4, 4, "ETC2_RGB(A1)" },
	{ VK_FORMAT_ETC2_R8G8B8A8_UNORM_BLOCK, 2, 16, 4, 4, "ETC2_RGBA8" },
	{ VK_FORMAT_EAC_R11_UNORM_BLOCK, 2, 8, 4, 4, "EAC_R11" },
	{ VK_FORMAT_EAC_R11G11_UNORM_BLOCK, 2, 16, 4, 4, "EAC_R11G11" },
};

/* ASTC block extents, in VkFormat order (each UNORM, SRGB; the HDR range once each). */
static const uint8_t astc_blocks[14][2] = {
	{ 4, 4 }, { 5, 4 }, { 5, 5 }, { 6, 5 }, { 6, 6 }, { 8, 5 }, { 8, 6 }, { 8, 8 },
	{ 10, 5 }, { 10, 6 }, { 10, 8 }, { 10, 10 }, { 12, 10 }, { 12, 12 },
};

#define MAX_FORMATS 320
static struct vk_format_info table[MAX_FORMATS];
static unsigned int table_count;

static struct vk_format_info *add(VkFormat format, const char *name)
{
	struct vk_format_info *f = &table[table_count++];

	memset(f, 0, sizeof(*f));
	f->format = format;
	snprintf(f->name, sizeof(f->name), "%s", name);
	f->block_w = f->block_h = 1;
	f->aspects = VK_IMAGE_ASPECT_COLOR_BIT;
	return f;
}

static void add_compressed(VkFormat format, const char *name, uint8_t bytes, uint8_t w,
			   uint8_t h)
{
	struct vk_format_info *f = add(format, name);

	f->color = (struct vk_texel_layout) { .bytes = bytes, .numeric = VK_NUM_COMPRESSED };
	f->block_w = w;
	f->block_h = h;
}

static void build_table(void)
{
	char name[48];

	for (size_t i = 0; i < sizeof(families) / sizeof(families[0]); i++) {
		const struct format_family *fam = &families[i];

		for (unsigned int n = 0; fam->numerics[n] != 0xff; n++) {
			struct vk_format_info *f;

			snprintf(name, sizeof(name), fam->name, numeric_names[fam->numerics[n]]);
			f = add((VkFormat)(fam->first + n), name);
			f->color.bytes = fam->bytes;
			f->color.numeric = fam->numerics[n];
			f->color.count = fam->count;
			memcpy(f->color.c, fam->c, sizeof(fam->c));
			f->storage = fam->storage ? fam->storage[n] : NULL;
		}
	}
	for (size_t i = 0; i < sizeof(singles) / sizeof(singles[0]); i++) {
		struct vk_format_info *f = add(singles[i].format, singles[i].name);

		f->color = singles[i].color;
		f->stencil = singles[i].stencil;
		f->storage = singles[i].storage;
		if (singles[i].format >= VK_FORMAT_D16_UNORM &&
		    singles[i].format <= VK_FORMAT_D32_SFLOAT_S8_UINT)
			f->aspects = (f->color.bytes ? VK_IMAGE_ASPECT_DEPTH_BIT : 0) |
				     (f->stencil.bytes ? VK_IMAGE_ASPECT_STENCIL_BIT : 0);
	}
	for (size_t i = 0; i < sizeof(compressed) / sizeof(compressed[0]); i++)
		for (unsigned int n = 0; n < compressed[i].count; n++) {
			snprintf(name, sizeof(name), "%s #%u", compressed[i].name, n);
			add_compressed((VkFormat)(compressed[i].first + n), name,
				       compressed[i].bytes, compressed[i].w, compressed[i].h);
		}
	for (unsigned int n = 0; n < 28; n++) {
		snprintf(name, sizeof(name), "ASTC_%ux%u_%s_BLOCK", astc_blocks[n / 2][0],
			 astc_blocks[n / 2][1], n % 2 ? "SRGB" : "UNORM");
		add_compressed((VkFormat)(VK_FORMAT_ASTC_4x4_UNORM_BLOCK + n), name, 16,
			       astc_blocks[n / 2][0], astc_blocks[n / 2][1]);
	}
	for (unsigned int n = 0; n < 14; n++) {
		snprintf(name, sizeof(name), "ASTC_%ux%u_SFLOAT_BLOCK", astc_blocks[n][0],
			 astc_blocks[n][1]);
		add_compressed((VkFormat)(1000066000 + n), name, 16, astc_blocks[n][0],
			       astc_blocks[n][1]);
	}
}

const struct vk_format_info *vk_format_info_get(VkFormat format)
{
	if (!table_count)
		build_table();
	for (unsigned int i = 0; i < table_count; i++)
		if (table[i].format == format)
			return &table[i];
	return NULL;
}

uint32_t vk_format_all(VkFormat *formats, uint32_t max)
{
	/* vk.xml's VkFormat: the core range, then each extension's run. */
	static const struct { uint32_t first, count; } runs[] = {
		{ 1, 184 },		/* VK_FORMAT_R4G4_UNORM_PACK8 .. ASTC_12x12_SRGB */
		{ 1000156000, 34 },	/* Y'CbCr (1.1) */
		{ 1000330000, 4 },	/* 2-plane 4:4:4 (1.3, VK_EXT_ycbcr_2plane_444_formats) */
		{ 1000340000, 2 },	/* 4444 (1.3, VK_EXT_4444_formats) */
		{ 1000066000, 14 },	/* ASTC HDR (1.3, VK_EXT_texture_compression_astc_hdr) */
		{ 1000054000, 8 },	/* PVRTC (VK_IMG_format_pvrtc) */
	};
	uint32_t n = 0;

	for (size_t r = 0; r < sizeof(runs) / sizeof(runs[0]); r++)
		for (uint32_t i = 0; i < runs[r].count && n < max; i++)
			formats[n++] = (VkFormat)(runs[r].first + i);
	return n;
}

bool vk_layout_is_integer(const struct vk_texel_layout *l)
{
	return l->numeric == VK_NUM_UINT || l->numeric == VK_NUM_SINT;
}

bool vk_layout_is_signed(const struct vk_texel_layout *l)
{
	return l->numeric == VK_NUM_SINT;
}

static uint64_t get_bits(const uint8_t *texel, unsigned int offset, unsigned int bits)
{
	uint64_t v = 0;

	for (unsigned int b = 0; b < bits; b++)
		v |= (uint64_t)((texel[(offset + b) / 8] >> ((offset + b) % 8)) & 1) << b;
	return v;
}

static void set_bits(uint8_t *texel, unsigned int offset, unsigned int bits, uint64_t v)
{
	for (unsigned int b = 0; b < bits; b++) {
		uint8_t mask = (uint8_t)(1u << ((offset + b) % 8));

		if ((v >> b) & 1)
			texel[(offset + b) / 8] |= mask;
		else
			texel[(offset + b) / 8] &= (uint8_t)~mask;
	}
}

static uint32_t mix(uint32_t x)
{
	x ^= x >> 16;
	x *= 0x7feb352dU;
	x ^= x >> 15;
	x *= 0x846ca68bU;
	x ^= x >> 16;
	return x;
}

/* A float of @bits bits (16, 11 or 10; sign only at 16) that is normal and finite. */
static uint64_t small_float(unsigned int bits, uint32_t h)
{
	unsigned int mant = bits == 16 ? 10 : bits - 5;
	uint64_t exponent = 8 + h % 16;	/* 2^-7 .. 2^8: room to add and filter */
	uint64_t v = (exponent << mant) | ((h >> 8) & ((1u << mant) - 1));

	if (bits == 16 && (h & 0x80000000u))
		v |= 0x8000;
	return v;
}

/* A depth in [0, 1], away from the reference 0.5 of the comparison tests. */
static float depth_value(uint32_t h)
{
	float d = (float)(h % 1000) / 999.0f;

	return fabsf(d - 0.5f) < 0.02f ? 0.25f : d;
}

void vk_format_pattern(const struct vk_texel_layout *l, uint32_t seed, uint8_t *texel)
{
	for (unsigned int i = 0; i < l->bytes; i++)
		texel[i] = (uint8_t)mix(seed * 64 + i + 0x9e37);
	if (l->numeric == VK_NUM_COMPRESSED)
		return;
	for (unsigned int i = 0; i < l->count; i++) {
		const struct vk_component *c = &l->c[i];
		uint32_t h = mix(seed * 8 + i + 1);
		uint64_t v = h;

		switch (l->numeric) {
		case VK_NUM_UNORM:
			if (l->depth)
				v = (uint64_t)((double)depth_value(h) *
					       (double)((1ull << c->bits) - 1));
			break;
		case VK_NUM_SNORM:
			/* Not the most negative value: it reads as -1.0 and writes back as -max. */
			v = h % ((1ull << c->bits) - 1);
			if (v >= 1ull << (c->bits - 1))
				v++;
			break;
		case VK_NUM_SFLOAT:
			if (c->bits == 16) {
				v = small_float(16, h);
			} else if (c->bits == 32) {
				float f = l->depth ? depth_value(h) :
					  (float)((int32_t)(h % 200001) - 100000) / 1024.0f;
				uint32_t u;

				memcpy(&u, &f, 4);
				v = u;
			}
			break;
		case VK_NUM_UFLOAT:
			v = small_float(c->bits, h);
			break;
		default:
			break;
		}
		if (c->bits == 64)
			v = ((uint64_t)mix(h) << 32) | h;
		set_bits(texel, c->offset, c->bits, v);
	}
}

static float half_to_float(uint32_t h)
{
	uint32_t e = (h >> 10) & 31, m = h & 1023;
	float v = e ? ldexpf(1.0f + m / 1024.0f, (int)e - 15) : ldexpf(m / 1024.0f, -14);

	return (h & 0x8000) ? -v : v;
}

static float ufloat_to_float(uint32_t v, unsigned int bits)
{
	unsigned int mant = bits - 5;
	uint32_t e = v >> mant, m = v & ((1u << mant) - 1);

	return e ? ldexpf(1.0f + (float)m / (float)(1u << mant), (int)e - 15) :
		   ldexpf((float)m / (float)(1u << mant), -14);
}

void vk_format_decode(const struct vk_texel_layout *l, const uint8_t *texel,
		     union vk_texel_value *out)
{
	bool integer = vk_layout_is_integer(l);

	for (unsigned int ch = 0; ch < 4; ch++) {
		if (integer)
			out->u[ch] = ch == A ? 1 : 0;
		else
			out->f[ch] = ch == A ? 1.0f : 0.0f;
	}
	for (unsigned int i = 0; i < l->count; i++) {
		const struct vk_component *c = &l->c[i];
		uint64_t raw = get_bits(texel, c->offset, c->bits);
		int64_t sraw = c->bits < 64 && (raw >> (c->bits - 1)) & 1 ?
			       (int64_t)raw - (int64_t)(1ull << c->bits) : (int64_t)raw;
		float max = (float)((1ull << c->bits) - 1);
		float smax = (float)((1ull << (c->bits - 1)) - 1);
		float *f = &out->f[c->channel];

		switch (l->numeric) {
		case VK_NUM_UNORM:
			*f = (float)((double)raw / max);
			break;
		case VK_NUM_SRGB:
			*f = c->channel == A ? (float)((double)raw / max) :
			     vk_srgb_to_linear((float)((double)raw / max));
			break;
		case VK_NUM_SNORM:
			*f = fmaxf((float)((double)sraw / smax), -1.0f);
			break;
		case VK_NUM_USCALED:
			*f = (float)raw;
			break;
		case VK_NUM_SSCALED:
			*f = (float)sraw;
			break;
		case VK_NUM_UINT:
			out->u[c->channel] = (uint32_t)raw;
			break;
		case VK_NUM_SINT:
			out->i[c->channel] = (int32_t)sraw;
			break;
		case VK_NUM_SFLOAT:
			if (c->bits == 16) {
				*f = half_to_float((uint32_t)raw);
			} else {
				uint32_t u = (uint32_t)raw;

				memcpy(f, &u, 4);
			}
			break;
		case VK_NUM_UFLOAT:
			*f = ufloat_to_float((uint32_t)raw, c->bits);
			break;
		case VK_NUM_SHARED_EXP:
			*f = ldexpf((float)raw, (int)get_bits(texel, 27, 5) - 15 - 9);
			break;
		}
	}
}

float vk_format_tolerance(const struct vk_texel_layout *l, unsigned int component, float value,
			 bool filtered)
{
	unsigned int bits = 8;
	float unit;

	for (unsigned int i = 0; i < l->count; i++)
		if (l->c[i].channel == component)
			bits = l->c[i].bits;
	unit = 1.0f / (float)((1ull << bits) - 1);
	switch (l->numeric) {
	case VK_NUM_UNORM:
	case VK_NUM_SNORM:
		/* Exact conversion in float; filtering to the format's own precision. */
		return filtered ? unit + 1e-3f : fmaxf(1e-6f, fminf(1e-5f, unit / 2));
	case VK_NUM_SRGB:
		return filtered ? 6e-3f : 2e-3f;
	case VK_NUM_USCALED:
	case VK_NUM_SSCALED:
		return filtered ? fabsf(value) * 2e-3f + 1e-3f : 0.0f;
	default:
		/* Floating point: exact when fetched; the format's precision when filtered. */
		return filtered ? fabsf(value) * 2e-3f + 1e-6f : fabsf(value) * 1e-6f;
	}
}

bool vk_format_texels_equal(const struct vk_texel_layout *l, const uint8_t *a, const uint8_t *b)
{
	if (l->numeric == VK_NUM_COMPRESSED || !l->count)
		return !memcmp(a, b, l->bytes);
	for (unsigned int i = 0; i < l->count; i++)
		if (get_bits(a, l->c[i].offset, l->c[i].bits) !=
		    get_bits(b, l->c[i].offset, l->c[i].bits))
			return false;
	return true;
}
