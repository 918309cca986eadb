/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* Corpus images on Ember (see ember_image.h). */

#include "ember_image.h"

#include "ember_image_layout.h"
#include "ember_isa.h"

#include <stdio.h>
#include <string.h>

static bool is_texel_buffer(const struct kernel_buffer_desc *b)
{
	return b->kind == CORPUS_UNIFORM_TEXEL || b->kind == CORPUS_STORAGE_TEXEL;
}

/* Where the contract places image @im (ember_image_layout()): NULL, or why it cannot. */
static const char *image_layout(const struct corpus_image *im, struct ember_image_layout *out)
{
	const struct ember_image_shape shape = {
		.layout = im->linear ? EMBER_IMAGE_LAYOUT_LINEAR : EMBER_IMAGE_LAYOUT_TILED_4K,
		.element_bytes = im->texel_size,
		.width = im->width, .height = im->height, .depth = im->depth,
		.levels = im->levels, .layers = im->layers,
	};

	return ember_image_layout(&shape, out);
}

uint64_t ember_image_memory_size(const struct kernel_buffer_desc *b)
{
	struct ember_image_layout layout;

	if (!b->image)
		return 0;
	if (is_texel_buffer(b))
		return (uint64_t)b->image->width * b->image->texel_size;
	return image_layout(b->image, &layout) ? 0 : layout.size;
}

/* Byte offset of texel (x, y, z) of level @m, layer @l in device memory. */
static uint64_t texel_offset(const struct corpus_image *im, const struct ember_image_layout *lay,
			     uint32_t m, uint32_t l, uint32_t x, uint32_t y, uint32_t z)
{
	const struct ember_image_level_layout *level = &lay->level[m];
	uint64_t base = l * lay->layer_pitch + level->offset + z * level->depth_pitch;
	unsigned int tw, th;

	if (im->linear)
		return base + y * level->row_pitch + (uint64_t)x * im->texel_size;
	ember_image_tile_shape(im->texel_size, &tw, &th);
	return base + (y >> th) * level->row_pitch + (uint64_t)(x >> tw) * EMBER_IMAGE_TILE_SIZE +
	       ((((uint64_t)y & ((1u << th) - 1)) << tw) + (x & ((1u << tw) - 1))) * im->texel_size;
}

static void copy_image(const struct kernel_buffer_desc *b, uint8_t *device, uint8_t *packed,
		       bool to_device)
{
	const struct corpus_image *im = b->image;
	uint32_t E = im->texel_size;
	struct ember_image_layout lay;

	if (is_texel_buffer(b)) {
		if (to_device)
			memcpy(device, packed, ember_image_memory_size(b));
		else
			memcpy(packed, device, ember_image_memory_size(b));
		return;
	}
	if (image_layout(im, &lay))
		return;	/* no memory was allocated: ember_image_memory_size() is 0 */
	for (uint32_t m = 0; m < im->levels; m++) {
		uint32_t e[3];
		uint8_t *p = packed + corpus_image_level_offset(im, m);

		corpus_image_level_extent(im, m, e);
		for (uint32_t l = 0; l < im->layers; l++)
			for (uint32_t z = 0; z < e[2]; z++)
				for (uint32_t y = 0; y < e[1]; y++)
					for (uint32_t x = 0; x < e[0]; x++, p += E) {
						uint8_t *d = device +
							     texel_offset(im, &lay, m, l, x, y, z);

						if (to_device)
							memcpy(d, p, E);
						else
							memcpy(p, d, E);
					}
	}
}

void ember_image_to_device(const struct kernel_buffer_desc *b, void *device, const void *packed)
{
	copy_image(b, device, (void *)packed, true);
}

void ember_image_from_device(const struct kernel_buffer_desc *b, void *packed, const void *device)
{
	copy_image(b, (void *)device, packed, false);
}

static void sampler_descriptor(const struct corpus_sampler *s, uint32_t *dw)
{
	/* VkBorderColor: FLOAT_/INT_ TRANSPARENT_BLACK, OPAQUE_BLACK, OPAQUE_WHITE. */
	bool is_int = s->border & 1;
	uint32_t one = is_int ? 1 : 0x3f800000, rgb = s->border >= 4 ? one : 0;
	uint32_t alpha = s->border >= 2 ? one : 0;

	ember_sampler_desc_pack(dw, &(struct ember_sampler_desc) {
		.mag_filter = s->mag_filter, .min_filter = s->min_filter,
		.mipmap_mode = s->mipmap_mode,
		.address_u = s->address[0], .address_v = s->address[1], .address_w = s->address[2],
		.compare_enable = s->compare_enable, .compare_op = s->compare_op,
		.unnormalized = s->unnormalized, .border_int = is_int,
		.lod_bias = s->lod_bias, .min_lod = s->min_lod, .max_lod = s->max_lod,
		.border_color = { rgb, rgb, rgb, alpha },
	});
}

int ember_image_descriptor(const struct ember_isa_shader *s, const struct kernel_buffer_desc *b,
			   uint64_t va, uint32_t *slot, uint32_t *dw, unsigned int *count,
			   char *err, size_t err_size)
{
	const struct corpus_image *im = b->image;
	struct ember_image_layout layout;
	struct ember_isa_resource r;
	const char *why;
	uint32_t slots;

	if (!ember_isa_shader_find_resource(s, b->set, b->binding, &r))
		return 1;
	switch (b->kind) {
	case CORPUS_STORAGE_IMAGE:
	case CORPUS_SAMPLED_IMAGE:
		slots = EMBER_ISA_IMAGE_SLOTS;
		*count = 16;
		break;
	case CORPUS_COMBINED_IMAGE:
		slots = EMBER_ISA_IMAGE_SLOTS + EMBER_ISA_SAMPLER_SLOTS;
		*count = 24;
		break;
	case CORPUS_SAMPLER:
		slots = EMBER_ISA_SAMPLER_SLOTS;
		*count = 8;
		break;
	default:
		slots = 1;
		*count = 4;
		break;
	}
	if (b->array_index >= r.count) {
		snprintf(err, err_size, "binding %u: index %u beyond the shader's %u", b->binding,
			 b->array_index, r.count);
		return -1;
	}
	*slot = r.slot + b->array_index * slots;
	memset(dw, 0, EMBER_IMAGE_MAX_DESC_DWORDS * 4);
	if (b->kind == CORPUS_SAMPLER) {
		sampler_descriptor(b->sampler, dw);
		return 0;
	}
	if (is_texel_buffer(b)) {
		ember_texel_buffer_desc_pack(dw, &(struct ember_texel_buffer_desc) {
			.va = va, .num_elements = im->width, .format = im->format,
		});
		return 0;
	}
	why = image_layout(im, &layout);
	if (why) {
		snprintf(err, err_size, "binding %u: %s", b->binding, why);
		return -1;
	}
	ember_image_desc_pack(dw, &(struct ember_image_desc) {
		.va = va, .format = im->format, .view_type = im->view_type,
		.layout = im->linear ? EMBER_IMAGE_LAYOUT_LINEAR : EMBER_IMAGE_LAYOUT_TILED_4K,
		.width = im->width, .height = im->height, .depth = im->depth,
		.image_layers = im->layers, .image_levels = im->levels,
		.levels = im->levels, .layers = im->layers,
		.row_pitch = im->linear ? layout.level[0].row_pitch : 0,
		.layer_pitch_256b = im->linear ? layout.layer_pitch / EMBER_IMAGE_LAYER_PITCH_UNIT : 0,
	});
	if (b->kind == CORPUS_COMBINED_IMAGE)
		sampler_descriptor(b->sampler, dw + 16);
	return 0;
}
