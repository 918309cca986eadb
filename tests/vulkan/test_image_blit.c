/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Blits, clears and resolves of images
 *
 * vkCmdBlitImage with scaling up and down, both filters, mirroring
 * (reversed offsets on either side), mip levels, array layers and format
 * conversion (sRGB, packed and float formats); vkCmdClearColorImage and
 * vkCmdClearDepthStencilImage over sub-ranges (VK_REMAINING_* included)
 * with the clear value converted to each format; vkCmdResolveImage from 4
 * samples; and the copy_commands2 forms with synchronization2 barriers and
 * layout transitions. Expectations come from the CPU reference of
 * vk_texel.c by the specification's rules: exact where it is exact
 * (integers, copies), within one step of the stored value where it allows
 * rounding either way, and with a filtering allowance for linear blits.
 */

#include "vk_image.h"

#include <math.h>
#include <string.h>

#define TRANSFER_USAGE (VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT)
#define TRANSFER_FEATURES (VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT)
#define COLOR VK_IMAGE_ASPECT_COLOR_BIT
#define DEPTH VK_IMAGE_ASPECT_DEPTH_BIT
#define STENCIL VK_IMAGE_ASPECT_STENCIL_BIT
/* What a filtered texel may differ by (subTexelPrecisionBits and friends). */
#define LINEAR_SLACK 0.02f
/* And a nearest one of a float format: lavapipe blits them through 8 bits of mantissa. */
#define NEAREST_FLOAT_SLACK (1.0f / 256)

static bool plane_is_float(const struct vk_plane *p)
{
	return p->ch[0].kind == VK_CHAN_SFLOAT || p->ch[0].kind == VK_CHAN_UFLOAT ||
	       p->ch[0].kind == VK_CHAN_SHARED_EXP;
}

/*
 * A smooth image (what filtering is meant for): floats in [0.1, 0.9]
 * (signed floats in [-1.5, 2.5], to see clamping in conversions), random
 * integers for integer formats.
 */
static void model_smooth(struct vk_img *img, uint32_t *seed)
{
	const struct vk_plane *plane = vk_format_plane(img->fmt, COLOR);

	for (uint32_t level = 0; level < img->info.mipLevels; level++) {
		uint32_t ext[3];

		vk_img_level_extent(img, level, ext);
		for (uint32_t z = 0; z < ext[2]; z++) {
			for (uint32_t y = 0; y < ext[1]; y++) {
				for (uint32_t x = 0; x < ext[0]; x++) {
					uint8_t *t = vk_img_texel(img, COLOR, level, x, y, z);
					union vk_texel_value v;

					if (vk_plane_is_integer(plane)) {
						vk_img_random_texel(img, COLOR, seed, t);
						continue;
					}
					for (unsigned int c = 0; c < 4; c++) {
						v.f[c] = 0.5f + 0.4f * sinf(0.9f * (float)x +
							0.5f * (float)y + 1.3f * (float)c +
							2.1f * (float)z + (float)level);
						if (plane->ch[c].kind == VK_CHAN_SFLOAT)
							v.f[c] = v.f[c] * 5.0f - 2.0f;
					}
					vk_texel_encode(plane, &v, t);
				}
			}
		}
	}
}

static int32_t clamp_i(int32_t v, int32_t lo, int32_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* The source texel's value at (@x, @y, @z) of @level, clamped to the edge. */
static union vk_texel_value fetch(struct vk_img *src, uint32_t level, int32_t x, int32_t y,
				  int32_t z)
{
	const struct vk_plane *plane = vk_format_plane(src->fmt, COLOR);
	union vk_texel_value v;
	uint32_t ext[3];

	vk_img_level_extent(src, level, ext);
	vk_texel_decode(plane, vk_img_texel(src, COLOR, level,
					    (uint32_t)clamp_i(x, 0, (int32_t)ext[0] - 1),
					    (uint32_t)clamp_i(y, 0, (int32_t)ext[1] - 1),
					    (uint32_t)clamp_i(z, 0, (int32_t)ext[2] - 1)), &v);
	return v;
}

/* The specification's blit coordinate of destination texel @i (binary32, its order). */
static float blit_coord(int32_t s0, int32_t s1, int32_t d0, int32_t d1, int32_t i)
{
	return (float)s0 + ((float)i + 0.5f - (float)d0) * (float)(s1 - s0) / (float)(d1 - d0);
}

/* A side's z bounds: 3D offsets, or the layers of the subresource. */
static void z_bounds(const struct vk_img *img, const VkImageSubresourceLayers *sub,
		     const VkOffset3D offsets[2], int32_t z[2])
{
	if (img->info.imageType == VK_IMAGE_TYPE_3D) {
		z[0] = offsets[0].z;
		z[1] = offsets[1].z;
	} else {
		z[0] = (int32_t)sub->baseArrayLayer;
		z[1] = (int32_t)(sub->baseArrayLayer + sub->layerCount);
	}
}

/*
 * The sample at (@u, @v, @w) of @level: nearest, or linear over 2x2 texels
 * (2x2x2 in a 3D source; a layer @w of any other is taken, not blended).
 */
static union vk_texel_value blit_sample(struct vk_img *src, uint32_t level, float u, float v,
					float w, VkFilter filter)
{
	bool is_3d = src->info.imageType == VK_IMAGE_TYPE_3D;
	union vk_texel_value out = { .f = { 0 } };
	int32_t xi, yi, zi;
	float a, b, c;

	if (filter == VK_FILTER_NEAREST)
		return fetch(src, level, (int32_t)floorf(u), (int32_t)floorf(v), (int32_t)floorf(w));
	xi = (int32_t)floorf(u - 0.5f);
	yi = (int32_t)floorf(v - 0.5f);
	zi = is_3d ? (int32_t)floorf(w - 0.5f) : (int32_t)floorf(w);
	a = u - 0.5f - (float)xi;
	b = v - 0.5f - (float)yi;
	c = is_3d ? w - 0.5f - (float)zi : 0.0f;
	for (unsigned int n = 0; n < (is_3d ? 8u : 4u); n++) {
		union vk_texel_value t = fetch(src, level, xi + (int32_t)(n & 1),
					       yi + (int32_t)(n >> 1 & 1), zi + (int32_t)(n >> 2));
		float weight = (n & 1 ? a : 1 - a) * (n >> 1 & 1 ? b : 1 - b) *
			       (n >> 2 ? c : 1 - c);

		for (unsigned int k = 0; k < 4; k++)
			out.f[k] += weight * t.f[k];
	}
	return out;
}

/* Applies a blit region to the models: the specification's vkCmdBlitImage. */
static void model_blit(struct vk_img *src, struct vk_img *dst, const VkImageBlit *r,
		       VkFilter filter)
{
	const struct vk_plane *dplane = vk_format_plane(dst->fmt, COLOR);
	int32_t sz[2], dz[2], lo[3], hi[3];

	z_bounds(src, &r->srcSubresource, r->srcOffsets, sz);
	z_bounds(dst, &r->dstSubresource, r->dstOffsets, dz);
	lo[0] = r->dstOffsets[0].x < r->dstOffsets[1].x ? r->dstOffsets[0].x : r->dstOffsets[1].x;
	hi[0] = r->dstOffsets[0].x ^ r->dstOffsets[1].x ^ lo[0];
	lo[1] = r->dstOffsets[0].y < r->dstOffsets[1].y ? r->dstOffsets[0].y : r->dstOffsets[1].y;
	hi[1] = r->dstOffsets[0].y ^ r->dstOffsets[1].y ^ lo[1];
	lo[2] = dz[0] < dz[1] ? dz[0] : dz[1];
	hi[2] = dz[0] ^ dz[1] ^ lo[2];
	for (int32_t k = lo[2]; k < hi[2]; k++) {
		for (int32_t j = lo[1]; j < hi[1]; j++) {
			for (int32_t i = lo[0]; i < hi[0]; i++) {
				float u = blit_coord(r->srcOffsets[0].x, r->srcOffsets[1].x,
						     r->dstOffsets[0].x, r->dstOffsets[1].x, i);
				float v = blit_coord(r->srcOffsets[0].y, r->srcOffsets[1].y,
						     r->dstOffsets[0].y, r->dstOffsets[1].y, j);
				float w = blit_coord(sz[0], sz[1], dz[0], dz[1], k);
				union vk_texel_value out = blit_sample(src, r->srcSubresource.mipLevel,
								       u, v, w, filter);

				vk_texel_encode(dplane, &out, vk_img_texel(dst, COLOR,
					r->dstSubresource.mipLevel, (uint32_t)i, (uint32_t)j,
					(uint32_t)k));
			}
		}
	}
}

static bool make_tiled(struct vk_dev *dev, VkFormat format, VkImageTiling tiling, uint32_t w,
		       uint32_t h, uint32_t d, uint32_t levels, uint32_t layers,
		       VkFormatFeatureFlags features, struct vk_img *img)
{
	const struct vk_img_want want = {
		.fmt = vk_format_find(format), .type = d > 1 ? VK_IMAGE_TYPE_3D : VK_IMAGE_TYPE_2D,
		.tiling = tiling, .width = w, .height = h, .depth = d,
		.levels = levels, .layers = layers, .usage = TRANSFER_USAGE,
		.features = TRANSFER_FEATURES | features,
	};

	return vk_img_create(dev, &want, img);
}

static bool make(struct vk_dev *dev, VkFormat format, uint32_t w, uint32_t h, uint32_t levels,
		 uint32_t layers, VkFormatFeatureFlags features, struct vk_img *img)
{
	return make_tiled(dev, format, VK_IMAGE_TILING_OPTIMAL, w, h, 1, levels, layers, features,
			  img);
}

/*
 * A source or destination image of a blit: format, extent (depth > 1:
 * 3D), levels, layers and tiling (0: optimal).
 */
struct blit_side {
	VkFormat format;
	uint32_t w, h, d, levels, layers;
	VkImageTiling tiling;
};

/*
 * Blits @regions one after the other from a smooth source to a random
 * destination, with @filter, and checks the destination against the
 * model; false when the device lacks a format feature it needs.
 */
static bool run_blit(struct vk_dev *dev, const struct blit_side *s, const struct blit_side *d,
		     const VkImageBlit *regions, unsigned int count, VkFilter filter,
		     uint32_t *seed)
{
	VkFormatFeatureFlags src_features = VK_FORMAT_FEATURE_BLIT_SRC_BIT |
		(filter == VK_FILTER_LINEAR ? VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT : 0);
	struct vk_img src, dst;
	VkCommandBuffer cmd;

	if (!make_tiled(dev, s->format, s->tiling, s->w, s->h, s->d, s->levels, s->layers,
			src_features, &src))
		return false;
	if (src.info.mipLevels < s->levels) {
		vk_img_destroy(dev, &src);
		return false;
	}
	if (!make_tiled(dev, d->format, d->tiling, d->w, d->h, d->d, d->levels, d->layers,
			VK_FORMAT_FEATURE_BLIT_DST_BIT, &dst)) {
		vk_img_destroy(dev, &src);
		return false;
	}
	model_smooth(&src, seed);
	vk_img_model_random(&dst, seed);
	vk_img_upload_general(dev, &src);
	vk_img_upload_general(dev, &dst);
	cmd = vk_cmd_begin(dev);
	for (unsigned int r = 0; r < count; r++) {
		/* Regions may overlap on the destination: one after the other. */
		vkCmdBlitImage(cmd, src.image, VK_IMAGE_LAYOUT_GENERAL, dst.image,
			       VK_IMAGE_LAYOUT_GENERAL, 1, &regions[r], filter);
		vk_cmd_barrier(cmd);
		model_blit(&src, &dst, &regions[r], filter);
	}
	vk_cmd_submit_wait(dev, cmd, 0);
	vk_img_check(dev, &dst, VK_IMAGE_LAYOUT_GENERAL, false, 1,
		     filter == VK_FILTER_LINEAR ? LINEAR_SLACK :
		     plane_is_float(&dst.fmt->plane) ? NEAREST_FLOAT_SLACK : 0.0f);
	vk_img_destroy(dev, &src);
	vk_img_destroy(dev, &dst);
	return true;
}

VK_TEST(image_blit, "image-blit-scale-filter-mirror-convert")
{
	static const VkFormat pairs[][2] = {
		{ VK_FORMAT_R8_UNORM, VK_FORMAT_R8_UNORM },
		{ VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM },
		{ VK_FORMAT_R8G8B8A8_SRGB, VK_FORMAT_R8G8B8A8_SRGB },
		{ VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_B8G8R8A8_UNORM },
		{ VK_FORMAT_R16G16B16A16_SFLOAT, VK_FORMAT_R16G16B16A16_SFLOAT },
		{ VK_FORMAT_R32G32B32A32_SFLOAT, VK_FORMAT_R32G32B32A32_SFLOAT },
		{ VK_FORMAT_A2B10G10R10_UNORM_PACK32, VK_FORMAT_A2B10G10R10_UNORM_PACK32 },
		{ VK_FORMAT_B10G11R11_UFLOAT_PACK32, VK_FORMAT_B10G11R11_UFLOAT_PACK32 },
		{ VK_FORMAT_E5B9G9R9_UFLOAT_PACK32, VK_FORMAT_E5B9G9R9_UFLOAT_PACK32 },
		{ VK_FORMAT_R32_UINT, VK_FORMAT_R32_UINT },
		{ VK_FORMAT_R8G8_SINT, VK_FORMAT_R8G8_SINT },
		{ VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_SRGB },
		{ VK_FORMAT_R8G8B8A8_SRGB, VK_FORMAT_R16G16B16A16_SFLOAT },
		{ VK_FORMAT_R8G8B8A8_SRGB, VK_FORMAT_B8G8R8A8_SRGB },
		{ VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM },
		{ VK_FORMAT_R32G32B32A32_SFLOAT, VK_FORMAT_A2B10G10R10_UNORM_PACK32 },
		{ VK_FORMAT_R16G16B16A16_SFLOAT, VK_FORMAT_B10G11R11_UFLOAT_PACK32 },
		{ VK_FORMAT_R16G16B16A16_SFLOAT, VK_FORMAT_R8_UNORM },
	};
	/*
	 * 15x9 -> 8x5; level 1 (7x4) -> 13x8 mirrored in x; 10x7 -> 10x8
	 * mirrored in y, 2 layers. No destination texel's centre maps exactly
	 * onto a source texel's edge, where nearest may round either way.
	 */
	static const VkImageBlit regions[] = {
		{ { COLOR, 0, 0, 1 }, { { 0, 0, 0 }, { 15, 9, 1 } },
		  { COLOR, 0, 0, 1 }, { { 1, 1, 0 }, { 9, 6, 1 } } },
		{ { COLOR, 1, 1, 1 }, { { 7, 0, 0 }, { 0, 4, 1 } },
		  { COLOR, 0, 1, 1 }, { { 0, 2, 0 }, { 13, 10, 1 } } },
		{ { COLOR, 0, 0, 2 }, { { 2, 1, 0 }, { 12, 8, 1 } },
		  { COLOR, 0, 0, 2 }, { { 3, 10, 0 }, { 13, 2, 1 } } },
	};
	struct vk_dev dev;
	unsigned int tested = 0, tested_linear = 0;
	uint32_t seed = 11;
	const char *why;

	vk_dev_create(&dev, NULL);
	if (!vk_dev_graphics_transfers(&dev, &why))
		vk_test_skip("vkCmdBlitImage: %s", why);
	printf("# %s\n", why);
	for (unsigned int p = 0; p < sizeof(pairs) / sizeof(pairs[0]); p++) {
		/* Integer formats blit with NEAREST only. */
		bool integer = vk_plane_is_integer(&vk_format_find(pairs[p][0])->plane);

		for (VkFilter filter = VK_FILTER_NEAREST;
		     filter <= (integer ? VK_FILTER_NEAREST : VK_FILTER_LINEAR); filter++) {
			const struct blit_side src = {
				pairs[p][0], 15, 9, 1, 2, 2, VK_IMAGE_TILING_OPTIMAL,
			};
			const struct blit_side dst = {
				pairs[p][1], 13, 11, 1, 1, 2, VK_IMAGE_TILING_OPTIMAL,
			};
			/* Linear images: one level, so the regions of level 0. */
			const struct blit_side linear_src = {
				pairs[p][0], 15, 9, 1, 1, 2, VK_IMAGE_TILING_LINEAR,
			};
			const struct blit_side linear_dst = {
				pairs[p][1], 13, 11, 1, 1, 2, VK_IMAGE_TILING_LINEAR,
			};
			const VkImageBlit level0[2] = { regions[0], regions[2] };


			tested += run_blit(&dev, &src, &dst, regions, 3, filter, &seed);
			tested_linear += run_blit(&dev, &linear_src, &linear_dst, level0, 2, filter,
						  &seed);
		}
	}
	printf("# %u format pairs and filters, %u of them between linear images\n",
	       tested + tested_linear, tested_linear);
	REQUIRE(tested > 0);
	vk_dev_destroy(&dev);
}

VK_TEST(image_blit_3d, "image-blit-3d-slices-scale-mirror")
{
	static const VkFormat formats[] = {
		VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_SRGB, VK_FORMAT_R16G16B16A16_SFLOAT,
	};
	/*
	 * 7x5x5 -> 4x10x2 with the slices mirrored (odd source extents to even
	 * destination ones: no centre on an edge); then 3x3x1 at 1:1.
	 */
	static const VkImageBlit regions[] = {
		{ { COLOR, 0, 0, 1 }, { { 0, 0, 5 }, { 7, 5, 0 } },
		  { COLOR, 0, 0, 1 }, { { 1, 1, 1 }, { 5, 11, 3 } } },
		{ { COLOR, 0, 0, 1 }, { { 1, 1, 1 }, { 4, 4, 2 } },
		  { COLOR, 0, 0, 1 }, { { 0, 0, 0 }, { 3, 3, 1 } } },
	};
	struct vk_dev dev;
	unsigned int tested = 0;
	uint32_t seed = 19;
	const char *why;

	vk_dev_create(&dev, NULL);
	if (!vk_dev_graphics_transfers(&dev, &why))
		vk_test_skip("vkCmdBlitImage: %s", why);
	printf("# %s\n", why);
	for (unsigned int f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
		for (VkFilter filter = VK_FILTER_NEAREST; filter <= VK_FILTER_LINEAR; filter++) {
			const struct blit_side src = {
				formats[f], 7, 5, 5, 1, 1, VK_IMAGE_TILING_OPTIMAL,
			};
			const struct blit_side dst = {
				formats[f], 6, 12, 4, 1, 1, VK_IMAGE_TILING_OPTIMAL,
			};

			tested += run_blit(&dev, &src, &dst, regions, 2, filter, &seed);
		}
	}
	printf("# %u formats and filters\n", tested);
	REQUIRE(tested > 0);
	vk_dev_destroy(&dev);
}

/* Sets @range of the model to the encoded @value (@aspect's plane). */
static void model_clear(struct vk_img *img, VkImageAspectFlags aspect,
			const VkImageSubresourceRange *range, const union vk_texel_value *value)
{
	const struct vk_plane *plane = vk_format_plane(img->fmt, aspect);
	uint32_t levels = range->levelCount == VK_REMAINING_MIP_LEVELS ?
			  img->info.mipLevels - range->baseMipLevel : range->levelCount;
	bool is_3d = img->info.imageType == VK_IMAGE_TYPE_3D;
	uint8_t texel[16];

	vk_texel_encode(plane, value, texel);
	for (uint32_t level = range->baseMipLevel; level < range->baseMipLevel + levels; level++) {
		uint32_t ext[3], z0, zs;

		vk_img_level_extent(img, level, ext);
		z0 = is_3d ? 0 : range->baseArrayLayer;
		zs = is_3d ? ext[2] : range->layerCount == VK_REMAINING_ARRAY_LAYERS ?
			     ext[2] - z0 : range->layerCount;
		for (uint32_t z = z0; z < z0 + zs; z++)
			for (uint32_t y = 0; y < ext[1]; y++)
				for (uint32_t x = 0; x < ext[0]; x++)
					memcpy(vk_img_texel(img, aspect, level, x, y, z), texel,
					       plane->bytes);
	}
}

VK_TEST(image_clear_color, "image-clear-color-ranges-every-format")
{
	static const VkImageTiling tilings[] = { VK_IMAGE_TILING_OPTIMAL, VK_IMAGE_TILING_LINEAR };
	static const union vk_texel_value floats[3] = {
		{ .f = { 0.25f, 0.5f, 0.75f, 1.0f } },
		{ .f = { 1.5f, -0.25f, 0.2f, 0.6f } },
		{ .f = { 0.1f, 0.9f, 1.0f / 3.0f, 0.0f } },
	}, ints[3] = {
		{ .i = { 1, 2, 3, 4 } },
		{ .i = { -100, 127, 5, 6 } },
		{ .i = { 0x7f, -128, 0, 9 } },
	};
	struct vk_dev dev;
	unsigned int tested = 0;
	uint32_t seed = 5;

	vk_dev_create(&dev, NULL);
	for (unsigned int f = 0; f < vk_test_format_count; f++) {
		const struct vk_format_desc *fmt = &vk_test_formats[f];
		const union vk_texel_value *values =
			vk_plane_is_integer(&fmt->plane) ? ints : floats;

		if (fmt->aspects != COLOR)
			continue;
		for (unsigned int shape = 0; shape < 3; shape++) {
			const struct vk_img_want want = {
				.fmt = fmt, .type = shape == 2 ? VK_IMAGE_TYPE_3D : VK_IMAGE_TYPE_2D,
				.tiling = tilings[shape == 1], .width = 11, .height = 7,
				.depth = shape == 2 ? 5 : 1, .levels = 3,
				.layers = shape == 2 ? 1 : 4, .usage = TRANSFER_USAGE,
				.features = TRANSFER_FEATURES,
			};
			const VkImageSubresourceRange all = {
				COLOR, 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS,
			};
			VkImageSubresourceRange parts[2];
			struct vk_img img;
			VkCommandBuffer cmd;

			if (!vk_img_create(&dev, &want, &img))
				continue;
			/* Levels 1.. of layers 2..; level 0 of layer 1 (3D: the whole level). */
			parts[0] = (VkImageSubresourceRange) {
				COLOR, img.info.mipLevels > 1 ? 1 : 0, VK_REMAINING_MIP_LEVELS,
				img.info.arrayLayers > 2 ? 2 : 0, VK_REMAINING_ARRAY_LAYERS,
			};
			parts[1] = (VkImageSubresourceRange) {
				COLOR, 0, 1, img.info.arrayLayers > 1 ? 1 : 0, 1,
			};
			vk_img_model_random(&img, &seed);
			vk_img_upload_general(&dev, &img);
			cmd = vk_cmd_begin(&dev);
			vkCmdClearColorImage(cmd, img.image, VK_IMAGE_LAYOUT_GENERAL,
					     (const VkClearColorValue *)&values[0], 1, &all);
			vk_cmd_barrier(cmd);
			vkCmdClearColorImage(cmd, img.image, VK_IMAGE_LAYOUT_GENERAL,
					     (const VkClearColorValue *)&values[1], 1, &parts[0]);
			vk_cmd_barrier(cmd);
			vkCmdClearColorImage(cmd, img.image, VK_IMAGE_LAYOUT_GENERAL,
					     (const VkClearColorValue *)&values[2], 1, &parts[1]);
			vk_cmd_submit_wait(&dev, cmd, 0);
			model_clear(&img, COLOR, &all, &values[0]);
			model_clear(&img, COLOR, &parts[0], &values[1]);
			model_clear(&img, COLOR, &parts[1], &values[2]);
			vk_img_check(&dev, &img, VK_IMAGE_LAYOUT_GENERAL, false, 1, 0.0f);
			vk_img_destroy(&dev, &img);
			tested++;
		}
	}
	printf("# %u format/shape combinations\n", tested);
	REQUIRE(tested > 0);
	vk_dev_destroy(&dev);
}

VK_TEST(image_clear_depth_stencil, "image-clear-depth-stencil-ranges")
{
	struct vk_dev dev;
	unsigned int tested = 0;
	uint32_t seed = 9;
	const char *why;

	vk_dev_create(&dev, NULL);
	if (!vk_dev_graphics_transfers(&dev, &why))
		vk_test_skip("vkCmdClearDepthStencilImage: %s", why);
	printf("# %s\n", why);
	for (unsigned int f = 0; f < vk_test_format_count; f++) {
		const struct vk_format_desc *fmt = &vk_test_formats[f];
		const VkClearDepthStencilValue values[3] = { { 0.25f, 0x5a }, { 0.8f, 0x33 },
							     { 0.5f, 0xa5 } };
		VkImageSubresourceRange ranges[3];
		struct vk_img img;
		VkCommandBuffer cmd;

		if (fmt->aspects == COLOR || !make(&dev, fmt->format, 13, 9, 3, 3, 0, &img))
			continue;
		ranges[0] = (VkImageSubresourceRange) {
			fmt->aspects, 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS,
		};
		/* Depth (or the only aspect) of levels 1.. of layers 1..; stencil of level 0, layer 2. */
		ranges[1] = (VkImageSubresourceRange) {
			fmt->aspects & DEPTH ? DEPTH : STENCIL, 1, VK_REMAINING_MIP_LEVELS, 1,
			VK_REMAINING_ARRAY_LAYERS,
		};
		ranges[2] = (VkImageSubresourceRange) {
			fmt->aspects & STENCIL ? STENCIL : DEPTH, 0, 1, 2, 1,
		};
		if (img.info.mipLevels < 2 || img.info.arrayLayers < 3) {
			vk_img_destroy(&dev, &img);
			continue;
		}
		vk_img_model_random(&img, &seed);
		vk_img_upload_general(&dev, &img);
		cmd = vk_cmd_begin(&dev);
		for (unsigned int r = 0; r < 3; r++) {
			vkCmdClearDepthStencilImage(cmd, img.image, VK_IMAGE_LAYOUT_GENERAL,
						    &values[r], 1, &ranges[r]);
			vk_cmd_barrier(cmd);
			for (VkImageAspectFlags m = ranges[r].aspectMask; m; m &= m - 1) {
				union vk_texel_value v = { .f = { values[r].depth } };

				if ((m & -m) == STENCIL)
					v.u[0] = values[r].stencil;
				model_clear(&img, m & -m, &ranges[r], &v);
			}
		}
		vk_cmd_submit_wait(&dev, cmd, 0);
		vk_img_check(&dev, &img, VK_IMAGE_LAYOUT_GENERAL, false, 1, 0.0f);
		vk_img_destroy(&dev, &img);
		tested++;
	}
	printf("# %u depth/stencil formats\n", tested);
	REQUIRE(tested > 0);
	vk_dev_destroy(&dev);
}

/*
 * A 4-sample image whose layers are cleared to @values (every sample of a
 * layer equal: the only way to write samples without rendering), resolved
 * by @resolve's regions into @dst; the model of @dst follows.
 */
static bool resolve_setup(struct vk_dev *dev, VkFormat format, struct vk_img *ms,
			  struct vk_img *dst, uint32_t *seed)
{
	const struct vk_img_want want = {
		.fmt = vk_format_find(format), .type = VK_IMAGE_TYPE_2D,
		.tiling = VK_IMAGE_TILING_OPTIMAL, .width = 13, .height = 9, .depth = 1,
		.levels = 1, .layers = 2, .samples = VK_SAMPLE_COUNT_4_BIT,
		.usage = TRANSFER_USAGE, .features = TRANSFER_FEATURES,
	};

	/*
	 * vkCmdResolveImage wants COLOR_ATTACHMENT of the destination's
	 * format, which Ember reports with graphics (vk_dev_graphics_transfers()).
	 */
	VkFormatFeatureFlags attachment = vk_dev_is_ember(dev) && !vk_test_under_validation() ?
					  0 : VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT;

	if (!vk_img_create(dev, &want, ms))
		return false;
	if (!make(dev, format, 13, 9, 1, 2, attachment, dst)) {
		vk_img_destroy(dev, ms);
		return false;
	}
	vk_img_model_random(dst, seed);
	vk_img_upload_general(dev, dst);
	return true;
}

static const union vk_texel_value resolve_values[2][2] = {
	{ { .f = { 0.2f, 0.4f, 0.6f, 0.8f } }, { .f = { 1.0f, 0.0f, 0.5f, 0.25f } } },
	{ { .u = { 7, 8, 9, 10 } }, { .u = { 0xdeadbeef, 1, 2, 3 } } },
};

/* Records the clears of @ms's two layers. */
static void resolve_clear(VkCommandBuffer cmd, struct vk_img *ms)
{
	const union vk_texel_value *v = resolve_values[vk_plane_is_integer(&ms->fmt->plane)];

	vk_img_transition(cmd, ms, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL);
	for (uint32_t layer = 0; layer < 2; layer++) {
		const VkImageSubresourceRange range = { COLOR, 0, 1, layer, 1 };

		vkCmdClearColorImage(cmd, ms->image, VK_IMAGE_LAYOUT_GENERAL,
				     (const VkClearColorValue *)&v[layer], 1, &range);
	}
	vk_cmd_barrier(cmd);
}

/* The model of a resolve of layer @src_layer's clear value into @dst. */
static void model_resolve(struct vk_img *ms, struct vk_img *dst, const VkImageResolve *r)
{
	const union vk_texel_value *v = resolve_values[vk_plane_is_integer(&ms->fmt->plane)];
	const struct vk_plane *plane = vk_format_plane(dst->fmt, COLOR);
	uint8_t texel[16];

	/* Equal samples average to themselves: the value as the format stores it. */
	vk_texel_encode(plane, &v[r->srcSubresource.baseArrayLayer], texel);
	for (uint32_t y = 0; y < r->extent.height; y++)
		for (uint32_t x = 0; x < r->extent.width; x++)
			memcpy(vk_img_texel(dst, COLOR, 0, (uint32_t)r->dstOffset.x + x,
					    (uint32_t)r->dstOffset.y + y,
					    r->dstSubresource.baseArrayLayer), texel, plane->bytes);
}

static const VkImageResolve resolve_regions[2] = {
	{ { COLOR, 0, 1, 1 }, { 2, 1, 0 }, { COLOR, 0, 0, 1 }, { 4, 3, 0 }, { 7, 5, 1 } },
	{ { COLOR, 0, 0, 1 }, { 0, 0, 0 }, { COLOR, 0, 1, 1 }, { 0, 0, 0 }, { 13, 9, 1 } },
};

VK_TEST(image_resolve, "image-resolve-4-samples")
{
	static const VkFormat formats[] = {
		VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_SRGB, VK_FORMAT_R16G16B16A16_SFLOAT,
		VK_FORMAT_R32_UINT, VK_FORMAT_B10G11R11_UFLOAT_PACK32,
	};
	struct vk_dev dev;
	unsigned int tested = 0;
	uint32_t seed = 13;
	const char *why;

	vk_dev_create(&dev, NULL);
	if (!vk_dev_graphics_transfers(&dev, &why))
		vk_test_skip("vkCmdResolveImage: %s", why);
	printf("# %s\n", why);
	for (unsigned int f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
		struct vk_img ms, dst;
		VkCommandBuffer cmd;

		if (!resolve_setup(&dev, formats[f], &ms, &dst, &seed))
			continue;
		cmd = vk_cmd_begin(&dev);
		resolve_clear(cmd, &ms);
		vkCmdResolveImage(cmd, ms.image, VK_IMAGE_LAYOUT_GENERAL, dst.image,
				  VK_IMAGE_LAYOUT_GENERAL, 2, resolve_regions);
		vk_cmd_submit_wait(&dev, cmd, 0);
		for (unsigned int r = 0; r < 2; r++)
			model_resolve(&ms, &dst, &resolve_regions[r]);
		vk_img_check(&dev, &dst, VK_IMAGE_LAYOUT_GENERAL, false, 1, 0.0f);
		vk_img_destroy(&dev, &ms);
		vk_img_destroy(&dev, &dst);
		tested++;
	}
	if (!tested)
		vk_test_skip("no format with 4 samples whose resolve destination is a colour attachment");
	printf("# %u formats\n", tested);
	vk_dev_destroy(&dev);
}

/* A synchronization2 barrier of every transfer, moving @img from @from to @to. */
static void barrier2(PFN_vkCmdPipelineBarrier2KHR pipeline_barrier2, VkCommandBuffer cmd,
		     const struct vk_img *img, VkImageLayout from, VkImageLayout to)
{
	const VkImageMemoryBarrier2 barrier = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
		.srcStageMask = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
		.srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
		.dstStageMask = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
		.dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT,
		.oldLayout = from, .newLayout = to,
		.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
		.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
		.image = img->image,
		.subresourceRange = { COLOR, 0, VK_REMAINING_MIP_LEVELS, 0,
				      VK_REMAINING_ARRAY_LAYERS },
	};
	const VkDependencyInfo info = {
		.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
		.imageMemoryBarrierCount = 1, .pImageMemoryBarriers = &barrier,
	};

	pipeline_barrier2(cmd, &info);
}

VK_TEST(image_commands2, "image-copy-commands2-barriers2-layouts")
{
	static const char *const ext[] = {
		VK_KHR_COPY_COMMANDS_2_EXTENSION_NAME, VK_KHR_SYNCHRONIZATION_2_EXTENSION_NAME,
	};
	VkPhysicalDeviceSynchronization2Features sync2 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SYNCHRONIZATION_2_FEATURES,
		.synchronization2 = VK_TRUE,
	};
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = 2, .features = &sync2,
	};
	const VkImageLayout src_opt = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
	const VkImageLayout dst_opt = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
	VkBufferImageCopy2 levels[2];
	VkImageCopy2 copies[2];
	VkImageBlit2 blits[2];
	struct vk_img a, b, c, ms, resolved;
	struct vk_buf in, out;
	struct vk_dev dev;
	VkCommandBuffer cmd;
	VkDeviceSize size = 0;
	uint32_t seed = 17;
	const char *why;
	bool resolve, graphics;

	vk_dev_create(&dev, &options);
	graphics = vk_dev_graphics_transfers(&dev, &why);
	printf("# vkCmdBlitImage2, vkCmdResolveImage2: %s\n", why);
	PFN_vkCmdCopyBufferToImage2KHR copy_buffer_to_image2 =
		(PFN_vkCmdCopyBufferToImage2KHR)vk_dev_proc(&dev, "vkCmdCopyBufferToImage2KHR");
	PFN_vkCmdCopyImage2KHR copy_image2 =
		(PFN_vkCmdCopyImage2KHR)vk_dev_proc(&dev, "vkCmdCopyImage2KHR");
	PFN_vkCmdBlitImage2KHR blit_image2 =
		(PFN_vkCmdBlitImage2KHR)vk_dev_proc(&dev, "vkCmdBlitImage2KHR");
	PFN_vkCmdCopyImageToBuffer2KHR copy_image_to_buffer2 =
		(PFN_vkCmdCopyImageToBuffer2KHR)vk_dev_proc(&dev, "vkCmdCopyImageToBuffer2KHR");
	PFN_vkCmdResolveImage2KHR resolve_image2 =
		(PFN_vkCmdResolveImage2KHR)vk_dev_proc(&dev, "vkCmdResolveImage2KHR");
	PFN_vkCmdPipelineBarrier2KHR pipeline_barrier2 =
		(PFN_vkCmdPipelineBarrier2KHR)vk_dev_proc(&dev, "vkCmdPipelineBarrier2KHR");

	if (!make(&dev, VK_FORMAT_R8G8B8A8_UNORM, 16, 12, 2, 2, VK_FORMAT_FEATURE_BLIT_SRC_BIT, &a))
		vk_test_skip("R8G8B8A8_UNORM cannot be blitted from");
	REQUIRE(make(&dev, VK_FORMAT_R8G8B8A8_UNORM, 16, 12, 2, 2, VK_FORMAT_FEATURE_BLIT_SRC_BIT,
		     &b));
	REQUIRE(make(&dev, VK_FORMAT_R8G8B8A8_UNORM, 16, 12, 2, 2,
		     graphics ? VK_FORMAT_FEATURE_BLIT_DST_BIT : 0, &c));
	REQUIRE(a.info.mipLevels == 2 && a.info.arrayLayers == 2);
	vk_img_model_random(&a, &seed);
	for (uint32_t l = 0; l < 2; l++) {
		uint32_t ext[3];

		vk_img_level_extent(&a, l, ext);
		levels[l] = (VkBufferImageCopy2) {
			.sType = VK_STRUCTURE_TYPE_BUFFER_IMAGE_COPY_2, .bufferOffset = size,
			.imageSubresource = { COLOR, l, 0, 2 },
			.imageExtent = { ext[0], ext[1], 1 },
		};
		copies[l] = (VkImageCopy2) {
			.sType = VK_STRUCTURE_TYPE_IMAGE_COPY_2,
			.srcSubresource = { COLOR, l, 0, 2 }, .dstSubresource = { COLOR, l, 0, 2 },
			.extent = { ext[0], ext[1], 1 },
		};
		/* 1:1 nearest: every texel exactly. */
		blits[l] = (VkImageBlit2) {
			.sType = VK_STRUCTURE_TYPE_IMAGE_BLIT_2,
			.srcSubresource = { COLOR, l, 0, 2 },
			.srcOffsets = { { 0, 0, 0 }, { (int32_t)ext[0], (int32_t)ext[1], 1 } },
			.dstSubresource = { COLOR, l, 0, 2 },
			.dstOffsets = { { 0, 0, 0 }, { (int32_t)ext[0], (int32_t)ext[1], 1 } },
		};
		size += vk_img_level_size(&a, COLOR, l);
	}
	vk_buf_create(&dev, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &in);
	vk_buf_create(&dev, size, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &out);
	for (uint32_t l = 0; l < 2; l++)
		memcpy((uint8_t *)in.map + levels[l].bufferOffset, a.model[0][l],
		       vk_img_level_size(&a, COLOR, l));
	resolve = graphics && resolve_setup(&dev, VK_FORMAT_R8G8B8A8_UNORM, &ms, &resolved, &seed);

	const VkCopyBufferToImageInfo2 upload = {
		.sType = VK_STRUCTURE_TYPE_COPY_BUFFER_TO_IMAGE_INFO_2,
		.srcBuffer = in.buffer, .dstImage = a.image, .dstImageLayout = dst_opt,
		.regionCount = 2, .pRegions = levels,
	};
	const VkCopyImageInfo2 copy = {
		.sType = VK_STRUCTURE_TYPE_COPY_IMAGE_INFO_2,
		.srcImage = a.image, .srcImageLayout = src_opt,
		.dstImage = b.image, .dstImageLayout = dst_opt,
		.regionCount = 2, .pRegions = copies,
	};
	const VkBlitImageInfo2 blit = {
		.sType = VK_STRUCTURE_TYPE_BLIT_IMAGE_INFO_2,
		.srcImage = b.image, .srcImageLayout = src_opt,
		.dstImage = c.image, .dstImageLayout = dst_opt,
		.regionCount = 2, .pRegions = blits, .filter = VK_FILTER_NEAREST,
	};
	/* Without blits, the copy is read back. */
	const VkCopyImageToBufferInfo2 readback = {
		.sType = VK_STRUCTURE_TYPE_COPY_IMAGE_TO_BUFFER_INFO_2,
		.srcImage = graphics ? c.image : b.image, .srcImageLayout = src_opt, .dstBuffer = out.buffer,
		.regionCount = 2, .pRegions = levels,
	};
	VkImageResolve2 resolves[2];

	for (unsigned int r = 0; r < 2; r++)
		resolves[r] = (VkImageResolve2) {
			.sType = VK_STRUCTURE_TYPE_IMAGE_RESOLVE_2,
			.srcSubresource = resolve_regions[r].srcSubresource,
			.srcOffset = resolve_regions[r].srcOffset,
			.dstSubresource = resolve_regions[r].dstSubresource,
			.dstOffset = resolve_regions[r].dstOffset,
			.extent = resolve_regions[r].extent,
		};
	const VkResolveImageInfo2 resolve_info = {
		.sType = VK_STRUCTURE_TYPE_RESOLVE_IMAGE_INFO_2,
		.srcImage = ms.image, .srcImageLayout = VK_IMAGE_LAYOUT_GENERAL,
		.dstImage = resolved.image, .dstImageLayout = VK_IMAGE_LAYOUT_GENERAL,
		.regionCount = 2, .pRegions = resolves,
	};

	/* One submission: each step ordered after the last by its barrier alone. */
	cmd = vk_cmd_begin(&dev);
	barrier2(pipeline_barrier2, cmd, &a, VK_IMAGE_LAYOUT_UNDEFINED, dst_opt);
	barrier2(pipeline_barrier2, cmd, &b, VK_IMAGE_LAYOUT_UNDEFINED, dst_opt);
	barrier2(pipeline_barrier2, cmd, &c, VK_IMAGE_LAYOUT_UNDEFINED, dst_opt);
	copy_buffer_to_image2(cmd, &upload);
	barrier2(pipeline_barrier2, cmd, &a, dst_opt, src_opt);
	copy_image2(cmd, &copy);
	barrier2(pipeline_barrier2, cmd, &b, dst_opt, src_opt);
	if (graphics) {
		blit_image2(cmd, &blit);
		barrier2(pipeline_barrier2, cmd, &c, dst_opt, src_opt);
	}
	copy_image_to_buffer2(cmd, &readback);
	if (resolve) {
		resolve_clear(cmd, &ms);
		resolve_image2(cmd, &resolve_info);
	}
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&dev, cmd, 0);

	for (uint32_t l = 0; l < 2; l++)
		if (memcmp((uint8_t *)out.map + levels[l].bufferOffset, a.model[0][l],
			   vk_img_level_size(&a, COLOR, l)))
			vk_test_fail(__FILE__, __LINE__, "level %u differs after copy, blit and read", l);
	if (resolve) {
		for (unsigned int r = 0; r < 2; r++)
			model_resolve(&ms, &resolved, &resolve_regions[r]);
		vk_img_check(&dev, &resolved, VK_IMAGE_LAYOUT_GENERAL, false, 1, 0.0f);
		vk_img_destroy(&dev, &ms);
		vk_img_destroy(&dev, &resolved);
	} else {
		printf("# vkCmdResolveImage2 not run: no graphics queue or no 4-sample colour attachment\n");
	}
	vk_buf_destroy(&dev, &in);
	vk_buf_destroy(&dev, &out);
	vk_img_destroy(&dev, &a);
	vk_img_destroy(&dev, &b);
	vk_img_destroy(&dev, &c);
	vk_dev_destroy(&dev);
}
