/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The contract's format table and image layouts (ember_image_layout.h).
 * Rows are sorted by VkFormat value for bsearch().
 */

#include <stddef.h>
#include <stdlib.h>

#include "ember_image_layout.h"

#define S	EMBER_IMAGE_FMT_SAMPLED
#define F	EMBER_IMAGE_FMT_FILTER
#define W	EMBER_IMAGE_FMT_STORAGE
#define A	EMBER_IMAGE_FMT_ATOMIC
#define T	EMBER_IMAGE_FMT_TEXEL_BUFFER
#define DEPTH	EMBER_IMAGE_FMT_DEPTH
#define STENCIL	EMBER_IMAGE_FMT_STENCIL
#define BC	EMBER_IMAGE_FMT_BC
/* Render targets (ember-hw.rst "Render target formats"): R, and R that blends. */
#define R	EMBER_IMAGE_FMT_RENDER
#define RB	(EMBER_IMAGE_FMT_RENDER | EMBER_IMAGE_FMT_BLEND)
#define DSR	EMBER_IMAGE_FMT_DEPTH_STENCIL_TARGET

#define ROW(vk, bytes, usage)	{ vk, bytes, 0, usage }
#define BCROW(vk, bytes)	{ vk, bytes, 2, S | F | BC }
/* "S W T" and "S" with linear filtering; integer formats sample unfiltered. */
#define SWT			(S | F | W | T)
#define SWI			(S | W | T)
#define SF			(S | F)

/* ember-hw.rst "Formats", row by row. */
static const struct ember_image_format formats[] = {
	ROW(2, 2, SF), ROW(3, 2, SF),			/* R4G4B4A4, B4G4R4A4_UNORM_PACK16 */
	ROW(4, 2, SF | RB), ROW(5, 2, SF),		/* R5G6B5, B5G6R5_UNORM_PACK16 */
	ROW(6, 2, SF), ROW(7, 2, SF), ROW(8, 2, SF | RB),	/* R5G5B5A1, B5G5R5A1, A1R5G5B5 */
	ROW(9, 1, SWT | RB), ROW(10, 1, SWT | RB), ROW(13, 1, SWI | R), ROW(14, 1, SWI | R),
	ROW(15, 1, SWT),
	ROW(16, 2, SWT | RB), ROW(17, 2, SWT | RB), ROW(20, 2, SWI | R), ROW(21, 2, SWI | R),
	ROW(22, 2, SWT),
	ROW(37, 4, SWT | RB), ROW(38, 4, SWT | RB), ROW(41, 4, SWI | R), ROW(42, 4, SWI | R),
	ROW(43, 4, SWT | RB),
	ROW(44, 4, SWT | RB), ROW(50, 4, SWT | RB),	/* B8G8R8A8_{UNORM,SRGB} */
	ROW(51, 4, SWT | RB), ROW(52, 4, SWT | RB), ROW(55, 4, SWI | R), ROW(56, 4, SWI | R),
	ROW(57, 4, SWT | RB),
	ROW(58, 4, SWT),				/* A2R10G10B10_UNORM_PACK32 */
	ROW(64, 4, SWT | RB), ROW(68, 4, SWI | R),	/* A2B10G10R10_{UNORM,UINT}_PACK32 */
	ROW(70, 2, SWT | RB), ROW(71, 2, SWT | RB), ROW(74, 2, SWI | R), ROW(75, 2, SWI | R),
	ROW(76, 2, SWT | RB),
	ROW(77, 4, SWT | RB), ROW(78, 4, SWT | RB), ROW(81, 4, SWI | R), ROW(82, 4, SWI | R),
	ROW(83, 4, SWT | RB),
	ROW(91, 8, SWT | RB), ROW(92, 8, SWT | RB), ROW(95, 8, SWI | R), ROW(96, 8, SWI | R),
	ROW(97, 8, SWT | RB),
	ROW(98, 4, SWI | A | R), ROW(99, 4, SWI | A | R),	/* R32_{UINT,SINT} */
	ROW(100, 4, SWT | RB),				/* R32_SFLOAT */
	ROW(101, 8, SWI | R), ROW(102, 8, SWI | R), ROW(103, 8, SWT | RB),
	ROW(104, 12, T), ROW(105, 12, T), ROW(106, 12, T),	/* R32G32B32: texel buffers only */
	ROW(107, 16, SWI | R), ROW(108, 16, SWI | R), ROW(109, 16, SWT | RB),
	ROW(110, 8, S | W | A | T), ROW(111, 8, S | W | A | T),	/* R64: S(nf) W(a) T */
	ROW(122, 4, SWT | RB),				/* B10G11R11_UFLOAT_PACK32 */
	ROW(123, 4, SF | T),				/* E5B9G9R9_UFLOAT_PACK32 */
	ROW(124, 2, SF | DEPTH | DSR),			/* D16_UNORM */
	ROW(125, 4, SF | DEPTH | DSR),			/* X8_D24_UNORM_PACK32: DS_FORMATS */
	ROW(126, 4, SF | DEPTH | DSR),			/* D32_SFLOAT */
	ROW(127, 1, S | STENCIL | DSR),			/* S8_UINT: S(nf) */
	ROW(128, 2, SF | DEPTH | STENCIL),		/* D16_UNORM_S8_UINT */
	ROW(129, 4, SF | DEPTH | STENCIL | DSR),	/* D24_UNORM_S8_UINT */
	ROW(130, 4, SF | DEPTH | STENCIL | DSR),	/* D32_SFLOAT_S8_UINT: DS_FORMATS */
	BCROW(131, 8), BCROW(132, 8), BCROW(133, 8), BCROW(134, 8),	/* BC1 */
	BCROW(135, 16), BCROW(136, 16),			/* BC2 */
	BCROW(137, 16), BCROW(138, 16),			/* BC3 */
	BCROW(139, 8), BCROW(140, 8),			/* BC4 */
	BCROW(141, 16), BCROW(142, 16),			/* BC5 */
	BCROW(143, 16), BCROW(144, 16),			/* BC6H */
	BCROW(145, 16), BCROW(146, 16),			/* BC7 */
	ROW(1000340000, 2, SF), ROW(1000340001, 2, SF),	/* A4R4G4B4, A4B4G4R4_UNORM_PACK16 */
	ROW(1000470001, 1, SF),				/* A8_UNORM */
};

static int compare_format(const void *key, const void *row)
{
	uint32_t a = *(const uint32_t *)key;
	uint32_t b = ((const struct ember_image_format *)row)->vk_format;

	return a < b ? -1 : a > b;
}

const struct ember_image_format *ember_image_format_get(uint32_t vk_format)
{
	return bsearch(&vk_format, formats, sizeof(formats) / sizeof(formats[0]),
		       sizeof(formats[0]), compare_format);
}

const struct ember_image_format *ember_image_format_table(unsigned int *count)
{
	*count = sizeof(formats) / sizeof(formats[0]);
	return formats;
}

static unsigned int log2_floor(uint32_t v)
{
	return 31u - (unsigned int)__builtin_clz(v);
}

void ember_image_tile_shape(unsigned int element_bytes, unsigned int *tw_log2,
			    unsigned int *th_log2)
{
	unsigned int e = log2_floor(element_bytes);

	/* 2^(6 - floor(e / 2)) wide, 2^(6 - ceil(e / 2)) high. */
	*tw_log2 = 6 - e / 2;
	*th_log2 = 6 - (e + 1) / 2;
}

static uint64_t div_round_up(uint64_t v, unsigned int log2)
{
	return (v + (1u << log2) - 1) >> log2;
}

static const char *check_shape(const struct ember_image_shape *s)
{
	uint32_t largest;

	if (!s->width || !s->height || !s->depth || s->width > EMBER_IMAGE_MAX_EXTENT ||
	    s->height > EMBER_IMAGE_MAX_EXTENT || s->depth > EMBER_IMAGE_MAX_EXTENT)
		return "extent out of range";
	if (!s->layers || s->layers > EMBER_IMAGE_MAX_LAYERS)
		return "layer count out of range";
	if (s->depth > 1 && s->layers > 1)
		return "3D image with array layers";
	largest = s->width > s->height ? s->width : s->height;
	largest = largest > s->depth ? largest : s->depth;
	if (!s->levels || s->levels > log2_floor(largest) + 1)
		return "level count out of range";
	if (!s->element_bytes || (s->block_log2 != 0 && s->block_log2 != 2))
		return "bad element";
	return NULL;
}

static const char *layout_linear(const struct ember_image_shape *s,
				 struct ember_image_layout *out)
{
	uint64_t row = div_round_up(s->width, s->block_log2) * s->element_bytes;
	uint64_t rows = div_round_up(s->height, s->block_log2);
	uint64_t row_pitch = s->row_pitch ? s->row_pitch : row;
	uint64_t layer_pitch = s->layer_pitch;
	uint64_t slices = s->depth > 1 ? s->depth : s->layers;

	if (s->levels != 1)
		return "LINEAR image with more than one level";
	if (row_pitch < row || row_pitch % s->element_bytes || row_pitch > UINT32_MAX)
		return "LINEAR row pitch too small or not a multiple of the texel size";
	if (!layer_pitch)
		layer_pitch = (row_pitch * rows + EMBER_IMAGE_LAYER_PITCH_UNIT - 1) /
			      EMBER_IMAGE_LAYER_PITCH_UNIT * EMBER_IMAGE_LAYER_PITCH_UNIT;
	if (layer_pitch % EMBER_IMAGE_LAYER_PITCH_UNIT ||
	    layer_pitch / EMBER_IMAGE_LAYER_PITCH_UNIT > UINT32_MAX ||
	    (slices > 1 && layer_pitch < row_pitch * rows))
		return "LINEAR layer pitch too small or not a multiple of 256 bytes";
	out->level[0] = (struct ember_image_level_layout) {
		.offset = 0,
		.row_pitch = row_pitch,
		.depth_pitch = layer_pitch,
		.size = (s->depth - 1) * layer_pitch + row_pitch * (rows - 1) + row,
	};
	out->layer_pitch = layer_pitch;
	out->size = (slices - 1) * layer_pitch + row_pitch * (rows - 1) + row;
	return NULL;
}

static const char *layout_tiled(const struct ember_image_shape *s,
				struct ember_image_layout *out)
{
	unsigned int tw, th;
	uint64_t offset = 0;

	if (s->row_pitch || s->layer_pitch)
		return "pitches given for a TILED_4K image";
	if (s->element_bytes & (s->element_bytes - 1) || s->element_bytes > 256)
		return "TILED_4K element size without a tile";
	ember_image_tile_shape(s->element_bytes, &tw, &th);
	/* Levels follow each other in a layer; layers follow each other. */
	for (uint32_t m = 0; m < s->levels; m++) {
		uint64_t w = div_round_up(ember_image_minify(s->width, m), s->block_log2);
		uint64_t h = div_round_up(ember_image_minify(s->height, m), s->block_log2);
		uint64_t tx = div_round_up(w, tw), ty = div_round_up(h, th);
		uint64_t slice = tx * ty * EMBER_IMAGE_TILE_SIZE;

		out->level[m] = (struct ember_image_level_layout) {
			.offset = offset,
			.row_pitch = tx * EMBER_IMAGE_TILE_SIZE,
			.depth_pitch = slice,
			.size = slice * ember_image_minify(s->depth, m),
		};
		offset += out->level[m].size;
	}
	out->layer_pitch = offset;
	out->size = offset * s->layers;
	return NULL;
}

const char *ember_image_layout(const struct ember_image_shape *shape,
			       struct ember_image_layout *out)
{
	const char *why = check_shape(shape);

	if (why)
		return why;
	switch (shape->layout) {
	case EMBER_IMAGE_LAYOUT_LINEAR:
		return layout_linear(shape, out);
	case EMBER_IMAGE_LAYOUT_TILED_4K:
		return layout_tiled(shape, out);
	default:
		return "bad layout";
	}
}
