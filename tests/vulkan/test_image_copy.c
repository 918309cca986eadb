/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Copies between buffers and images, and between images
 *
 * vkCmdCopyBufferToImage, vkCmdCopyImageToBuffer and vkCmdCopyImage (and
 * the copy_commands2 forms) over the formats of vk_texel.c, both tilings,
 * mip levels, array layers and 3D slices, with bufferRowLength and
 * bufferImageHeight padding, sub-rectangles at offsets, every aspect of
 * depth/stencil formats (the specification's buffer layout: D24 as 32-bit
 * words, stencil as bytes), size-compatible formats and 3D slices paired
 * with array layers. Each test changes a CPU model of the image by the
 * specification's rules and reads every level back (vk_image.h); copies
 * are exact. Only what the device reports is used, so lavapipe and Ember
 * run different subsets; on Ember every format of the list must run.
 */

#include "vk_image.h"

#include <stdlib.h>
#include <string.h>

#define TRANSFER_USAGE (VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT)
#define TRANSFER_FEATURES (VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT)

VK_TEST(image_copy_round_trip, "image-copy-buffer-round-trip-every-format")
{
	static const VkImageTiling tilings[] = { VK_IMAGE_TILING_OPTIMAL, VK_IMAGE_TILING_LINEAR };
	struct vk_dev dev;
	unsigned int optimal = 0, tested = 0, expected = 0;
	uint32_t seed = 1;
	const char *why;
	bool depth_stencil;

	vk_dev_create(&dev, NULL);
	depth_stencil = vk_dev_graphics_transfers(&dev, &why);
	printf("# depth/stencil uploads: %s\n", why);
	for (unsigned int f = 0; f < vk_test_format_count; f++) {
		if (vk_test_formats[f].aspects != VK_IMAGE_ASPECT_COLOR_BIT && !depth_stencil)
			continue;
		expected++;
		for (unsigned int t = 0; t < 2; t++) {
			const struct vk_img_want want = {
				.fmt = &vk_test_formats[f], .type = VK_IMAGE_TYPE_2D,
				.tiling = tilings[t], .width = 19, .height = 13, .depth = 1,
				.levels = 3, .layers = 3, .usage = TRANSFER_USAGE,
				.features = TRANSFER_FEATURES,
			};
			VkCommandBuffer cmd;
			struct vk_buf staging;
			struct vk_img img;

			if (!vk_img_create(&dev, &want, &img))
				continue;
			vk_img_model_random(&img, &seed);
			/* Explicit layouts here; the other tests use GENERAL. */
			cmd = vk_cmd_begin(&dev);
			vk_img_transition(cmd, &img, VK_IMAGE_LAYOUT_UNDEFINED,
					  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
			vk_img_upload(&dev, cmd, &img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &staging);
			vk_img_transition(cmd, &img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
					  VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
			vk_cmd_submit_wait(&dev, cmd, 0);
			vk_buf_destroy(&dev, &staging);
			vk_img_check(&dev, &img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, true, 0, 0);
			vk_img_destroy(&dev, &img);
			optimal += t == 0;
			tested++;
		}
	}
	printf("# %u format/tiling combinations\n", tested);
	REQUIRE(tested > 0);
	/* Ember reports transfers for every format of the list (the contract's table). */
	if (vk_dev_is_ember(&dev))
		REQUIRE_EQ(optimal, expected);
	vk_dev_destroy(&dev);
}

/* Copies @region between the model and @data laid out as the buffer's region. */
static void model_region(struct vk_img *img, const VkBufferImageCopy *r, uint8_t *data,
			 bool to_model)
{
	VkImageAspectFlags aspect = r->imageSubresource.aspectMask;
	unsigned int bytes = vk_format_plane(img->fmt, aspect)->bytes;
	bool is_3d = img->info.imageType == VK_IMAGE_TYPE_3D;
	uint32_t row = r->bufferRowLength ? r->bufferRowLength : r->imageExtent.width;
	uint32_t height = r->bufferImageHeight ? r->bufferImageHeight : r->imageExtent.height;
	uint32_t zs = is_3d ? r->imageExtent.depth : r->imageSubresource.layerCount;
	uint32_t z0 = is_3d ? (uint32_t)r->imageOffset.z : r->imageSubresource.baseArrayLayer;

	for (uint32_t z = 0; z < zs; z++) {
		for (uint32_t y = 0; y < r->imageExtent.height; y++) {
			for (uint32_t x = 0; x < r->imageExtent.width; x++) {
				uint8_t *b = data + (((size_t)z * height + y) * row + x) * bytes;
				uint8_t *t = vk_img_texel(img, aspect, r->imageSubresource.mipLevel,
							  (uint32_t)r->imageOffset.x + x,
							  (uint32_t)r->imageOffset.y + y, z0 + z);

				if (to_model)
					memcpy(t, b, bytes);
				else
					memcpy(b, t, bytes);
			}
		}
	}
}

/*
 * Marks @r's texels in @mark (laid out as the buffer region): 2 at a
 * texel's first byte, 3 at its others.
 */
static void model_region_mark(const struct vk_img *img, const VkBufferImageCopy *r, uint8_t *mark)
{
	unsigned int bytes = vk_format_plane(img->fmt, r->imageSubresource.aspectMask)->bytes;
	uint32_t row = r->bufferRowLength ? r->bufferRowLength : r->imageExtent.width;
	uint32_t height = r->bufferImageHeight ? r->bufferImageHeight : r->imageExtent.height;
	uint32_t zs = img->info.imageType == VK_IMAGE_TYPE_3D ? r->imageExtent.depth :
		      r->imageSubresource.layerCount;

	for (uint32_t z = 0; z < zs; z++) {
		for (uint32_t y = 0; y < r->imageExtent.height; y++) {
			for (uint32_t x = 0; x < r->imageExtent.width; x++) {
				uint8_t *m = mark + (((size_t)z * height + y) * row + x) * bytes;

				m[0] = 2;
				memset(m + 1, 3, bytes - 1);
			}
		}
	}
}

/* The buffer bytes @r spans (its last texel's end). */
static size_t region_span(const struct vk_img *img, const VkBufferImageCopy *r)
{
	unsigned int bytes = vk_format_plane(img->fmt, r->imageSubresource.aspectMask)->bytes;
	uint32_t row = r->bufferRowLength ? r->bufferRowLength : r->imageExtent.width;
	uint32_t height = r->bufferImageHeight ? r->bufferImageHeight : r->imageExtent.height;
	uint32_t zs = img->info.imageType == VK_IMAGE_TYPE_3D ? r->imageExtent.depth :
		      r->imageSubresource.layerCount;

	return (((size_t)(zs - 1) * height + r->imageExtent.height - 1) * row +
		r->imageExtent.width) * bytes;
}

/*
 * Writes, then reads, sub-regions of @aspect with padded buffer rows and
 * images at offsets, checking the bytes of the buffer the read must not
 * touch.
 */
static void regions_of_aspect(struct vk_dev *dev, struct vk_img *img, VkImageAspectFlags aspect,
			      uint32_t *seed)
{
	bool is_3d = img->info.imageType == VK_IMAGE_TYPE_3D;
	bool is_1d = img->info.imageType == VK_IMAGE_TYPE_1D;
	uint32_t level = img->info.mipLevels > 1 ? 1 : 0, ext[3], ext0[3], z;
	VkBufferImageCopy writes[2], read;
	struct vk_buf in, out;
	const struct vk_plane *plane = vk_format_plane(img->fmt, aspect);
	unsigned int bytes = plane->bytes;
	VkCommandBuffer cmd;
	size_t span[2], read_span;
	uint8_t *expect, *mark;

	vk_img_level_extent(img, level, ext);
	vk_img_level_extent(img, 0, ext0);
	/*
	 * Level 1 (or 0): rows of width + 5 texels, slices of height + 2 rows,
	 * at (1, 2) from layer or slice 1 (0 if there is one).
	 */
	z = ext[2] > 1 ? 1 : 0;
	writes[0] = (VkBufferImageCopy) {
		.bufferOffset = 16, .bufferRowLength = ext[0] - 1 + 5,
		.bufferImageHeight = is_1d ? 1 : ext[1] - 2 + 2,
		.imageSubresource = { aspect, level, is_3d ? 0 : z, is_3d ? 1 : ext[2] - z },
		.imageOffset = { 1, is_1d ? 0 : 2, is_3d ? (int32_t)z : 0 },
		.imageExtent = { ext[0] - 1, is_1d ? 1 : ext[1] - 2, is_3d ? ext[2] - z : 1 },
	};
	/* Level 0, tightly packed (0, 0), one layer or slice. */
	writes[1] = (VkBufferImageCopy) {
		.imageSubresource = { aspect, 0, is_3d ? 0 : ext0[2] - 1, 1 },
		.imageOffset = { 3, is_1d ? 0 : 1, is_3d ? (int32_t)ext0[2] - 1 : 0 },
		.imageExtent = { ext0[0] - 3, is_1d ? 1 : ext0[1] - 1, 1 },
	};
	span[0] = region_span(img, &writes[0]);
	writes[1].bufferOffset = (16 + span[0] + 15) & ~(size_t)15;
	span[1] = region_span(img, &writes[1]);
	vk_buf_create(dev, writes[1].bufferOffset + span[1], VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &in);
	/* Valid texels of the plane everywhere, then the regions take theirs. */
	for (size_t i = 0; i + bytes <= in.size; i += bytes)
		vk_img_random_texel(img, aspect, seed, (uint8_t *)in.map + i);
	for (unsigned int w = 0; w < 2; w++)
		model_region(img, &writes[w], (uint8_t *)in.map + writes[w].bufferOffset, true);
	/* Read back level 0 at (2, 1) with rows of 9 texels more and 3 rows more. */
	read = (VkBufferImageCopy) {
		.bufferOffset = 32, .bufferRowLength = ext0[0] - 2 + 9,
		.bufferImageHeight = is_1d ? 1 : ext0[1] - 1 + 3,
		.imageSubresource = { aspect, 0, 0, is_3d ? 1 : ext0[2] },
		.imageOffset = { 2, is_1d ? 0 : 1, 0 },
		.imageExtent = { ext0[0] - 2, is_1d ? 1 : ext0[1] - 1, is_3d ? ext0[2] : 1 },
	};
	read_span = region_span(img, &read);
	vk_buf_create(dev, read.bufferOffset + read_span + 64, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
		      &out);
	memset(out.map, 0xcd, out.size);

	cmd = vk_cmd_begin(dev);
	vkCmdCopyBufferToImage(cmd, in.buffer, img->image, VK_IMAGE_LAYOUT_GENERAL, 2, writes);
	vk_cmd_barrier(cmd);
	vkCmdCopyImageToBuffer(cmd, img->image, VK_IMAGE_LAYOUT_GENERAL, out.buffer, 1, &read);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(dev, cmd, 0);

	/* The region's texels are the model's; every other byte is as it was. */
	expect = malloc(out.size);
	REQUIRE(expect);
	memset(expect, 0xcd, out.size);
	model_region(img, &read, expect + read.bufferOffset, false);
	mark = calloc(1, out.size);
	REQUIRE(mark);
	model_region_mark(img, &read, mark + read.bufferOffset);
	for (size_t i = 0; i < out.size; i++) {
		const uint8_t *got = (const uint8_t *)out.map + i;
		bool ok = mark[i] == 2 ? vk_texel_same_bits(plane, expect + i, got) :
			  mark[i] == 3 || *got == 0xcd;

		if (!ok)
			vk_test_fail(__FILE__, __LINE__, "%s aspect %#x: buffer byte %zu",
				     img->fmt->name, aspect, i);
	}
	free(expect);
	free(mark);
	vk_buf_destroy(dev, &in);
	vk_buf_destroy(dev, &out);
}

VK_TEST(image_copy_regions, "image-copy-buffer-regions-levels-layers-slices")
{
	static const VkFormat formats[] = {
		VK_FORMAT_R8_UNORM, VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R32G32B32A32_SFLOAT,
		VK_FORMAT_B10G11R11_UFLOAT_PACK32, VK_FORMAT_D16_UNORM,
		VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D32_SFLOAT_S8_UINT, VK_FORMAT_S8_UINT,
	};
	static const struct {
		VkImageType type;
		uint32_t w, h, d, levels, layers;
	} shapes[] = {
		{ VK_IMAGE_TYPE_2D, 23, 17, 1, 3, 4 },
		{ VK_IMAGE_TYPE_3D, 21, 13, 6, 2, 1 },
		{ VK_IMAGE_TYPE_1D, 40, 1, 1, 2, 3 },
		{ VK_IMAGE_TYPE_2D, 70, 40, 1, 1, 1 },	/* more than one 4 KiB tile */
	};
	struct vk_dev dev;
	unsigned int tested = 0;
	uint32_t seed = 7;
	const char *why;
	bool depth_stencil;

	vk_dev_create(&dev, NULL);
	depth_stencil = vk_dev_graphics_transfers(&dev, &why);
	printf("# depth/stencil uploads: %s\n", why);
	for (unsigned int f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
		if (vk_format_find(formats[f])->aspects != VK_IMAGE_ASPECT_COLOR_BIT &&
		    !depth_stencil)
			continue;
		for (unsigned int s = 0; s < sizeof(shapes) / sizeof(shapes[0]); s++) {
			for (unsigned int t = 0; t < 2; t++) {
				const struct vk_img_want want = {
					.fmt = vk_format_find(formats[f]), .type = shapes[s].type,
					.tiling = t ? VK_IMAGE_TILING_LINEAR :
						  VK_IMAGE_TILING_OPTIMAL,
					.width = shapes[s].w, .height = shapes[s].h,
					.depth = shapes[s].d, .levels = shapes[s].levels,
					.layers = shapes[s].layers, .usage = TRANSFER_USAGE,
					.features = TRANSFER_FEATURES,
				};
				struct vk_img img;

				if (!vk_img_create(&dev, &want, &img))
					continue;
				vk_img_model_random(&img, &seed);
				vk_img_upload_general(&dev, &img);
				for (VkImageAspectFlags m = img.fmt->aspects; m; m &= m - 1)
					regions_of_aspect(&dev, &img, m & -m, &seed);
				vk_img_check(&dev, &img, VK_IMAGE_LAYOUT_GENERAL, true, 0, 0);
				vk_img_destroy(&dev, &img);
				tested++;
			}
		}
	}
	printf("# %u format/shape/tiling combinations\n", tested);
	REQUIRE(tested > 0);
	vk_dev_destroy(&dev);
}

/* Applies vkCmdCopyImage's region @r from @src's model to @dst's (both aspects in step). */
static void model_copy(struct vk_img *src, struct vk_img *dst, const VkImageCopy *r)
{
	bool src_3d = src->info.imageType == VK_IMAGE_TYPE_3D;
	bool dst_3d = dst->info.imageType == VK_IMAGE_TYPE_3D;
	uint32_t zs = src_3d || dst_3d ? r->extent.depth : r->srcSubresource.layerCount;
	uint32_t sz = src_3d ? (uint32_t)r->srcOffset.z : r->srcSubresource.baseArrayLayer;
	uint32_t dz = dst_3d ? (uint32_t)r->dstOffset.z : r->dstSubresource.baseArrayLayer;
	VkImageAspectFlags sm = r->srcSubresource.aspectMask, dm = r->dstSubresource.aspectMask;

	for (; sm && dm; sm &= sm - 1, dm &= dm - 1) {
		VkImageAspectFlags sa = sm & -sm, da = dm & -dm;
		unsigned int bytes = vk_format_plane(src->fmt, sa)->bytes;

		for (uint32_t z = 0; z < zs; z++)
			for (uint32_t y = 0; y < r->extent.height; y++)
				for (uint32_t x = 0; x < r->extent.width; x++)
					memcpy(vk_img_texel(dst, da, r->dstSubresource.mipLevel,
							    (uint32_t)r->dstOffset.x + x,
							    (uint32_t)r->dstOffset.y + y, dz + z),
					       vk_img_texel(src, sa, r->srcSubresource.mipLevel,
							    (uint32_t)r->srcOffset.x + x,
							    (uint32_t)r->srcOffset.y + y, sz + z),
					       bytes);
	}
}

/* Copies @count regions from @src to @dst (both uploaded, GENERAL) and checks @dst. */
static void copy_and_check(struct vk_dev *dev, struct vk_img *src, struct vk_img *dst,
			   const VkImageCopy *regions, uint32_t count)
{
	VkCommandBuffer cmd = vk_cmd_begin(dev);

	vkCmdCopyImage(cmd, src->image, VK_IMAGE_LAYOUT_GENERAL, dst->image,
		       VK_IMAGE_LAYOUT_GENERAL, count, regions);
	vk_cmd_submit_wait(dev, cmd, 0);
	for (uint32_t i = 0; i < count; i++)
		model_copy(src, dst, &regions[i]);
	vk_img_check(dev, dst, VK_IMAGE_LAYOUT_GENERAL, true, 0, 0);
	vk_img_check(dev, src, VK_IMAGE_LAYOUT_GENERAL, true, 0, 0);
}

static bool make(struct vk_dev *dev, VkFormat format, VkImageType type, VkImageTiling tiling,
		 uint32_t w, uint32_t h, uint32_t d, uint32_t levels, uint32_t layers,
		 struct vk_img *img, uint32_t *seed)
{
	const struct vk_img_want want = {
		.fmt = vk_format_find(format), .type = type, .tiling = tiling,
		.width = w, .height = h, .depth = d, .levels = levels, .layers = layers,
		.usage = TRANSFER_USAGE, .features = TRANSFER_FEATURES,
	};

	if (!vk_img_create(dev, &want, img))
		return false;
	vk_img_model_random(img, seed);
	vk_img_upload_general(dev, img);
	return true;
}

#define COLOR VK_IMAGE_ASPECT_COLOR_BIT

VK_TEST(image_copy_image, "image-copy-image-levels-layers-3d-formats-aspects")
{
	static const VkFormat ds_formats[] = {
		VK_FORMAT_D16_UNORM, VK_FORMAT_D32_SFLOAT, VK_FORMAT_D24_UNORM_S8_UINT,
		VK_FORMAT_D32_SFLOAT_S8_UINT, VK_FORMAT_S8_UINT, VK_FORMAT_X8_D24_UNORM_PACK32,
	};
	struct vk_dev dev;
	struct vk_img a, b;
	unsigned int tested = 0;
	uint32_t seed = 3;
	const char *why;
	bool depth_stencil;

	vk_dev_create(&dev, NULL);
	depth_stencil = vk_dev_graphics_transfers(&dev, &why);
	printf("# depth/stencil uploads: %s\n", why);
	/* Size-compatible formats, between levels and layers, optimal to optimal and linear. */
	for (unsigned int t = 0; t < 2; t++) {
		if (!make(&dev, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
			  20, 12, 1, 3, 2, &a, &seed))
			continue;
		if (make(&dev, VK_FORMAT_R32_UINT, VK_IMAGE_TYPE_2D,
			 t ? VK_IMAGE_TILING_LINEAR : VK_IMAGE_TILING_OPTIMAL, 17, 9, 1, 2, 3, &b,
			 &seed)) {
			const VkImageCopy regions[] = {
				{ { COLOR, 1, 1, 1 }, { 1, 1, 0 }, { COLOR, 0, 0, 1 }, { 7, 2, 0 },
				  { 5, 3, 1 } },
				{ { COLOR, 0, 0, b.info.arrayLayers > 1 ? 2 : 1 }, { 3, 4, 0 },
				  { COLOR, 0, b.info.arrayLayers - (b.info.arrayLayers > 1 ? 2 : 1),
				    b.info.arrayLayers > 1 ? 2 : 1 }, { 0, 0, 0 }, { 17, 8, 1 } },
			};

			copy_and_check(&dev, &a, &b, regions, 2);
			/* And back, linear or tiled to tiled. */
			{
				const VkImageCopy back = {
					{ COLOR, 0, 0, 1 }, { 2, 1, 0 }, { COLOR, 2, 1, 1 },
					{ 0, 0, 0 }, { 5, 3, 1 },
				};

				copy_and_check(&dev, &b, &a, &back, 1);
			}
			vk_img_destroy(&dev, &b);
			tested++;
		}
		vk_img_destroy(&dev, &a);
	}
	/* Array layers to 3D slices and back (maintenance1, core since 1.1). */
	if (make(&dev, VK_FORMAT_R16G16B16A16_SFLOAT, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
		 16, 8, 1, 1, 4, &a, &seed)) {
		if (make(&dev, VK_FORMAT_R16G16B16A16_SFLOAT, VK_IMAGE_TYPE_3D,
			 VK_IMAGE_TILING_OPTIMAL, 16, 8, 5, 2, 1, &b, &seed)) {
			const VkImageCopy to_3d = {
				{ COLOR, 0, 1, 3 }, { 0, 0, 0 }, { COLOR, 0, 0, 1 }, { 2, 1, 2 },
				{ 14, 7, 3 },
			};
			const VkImageCopy to_layers = {
				{ COLOR, 1, 0, 1 }, { 1, 0, 0 }, { COLOR, 0, 0, 2 }, { 5, 3, 0 },
				{ 7, 4, 2 },
			};

			copy_and_check(&dev, &a, &b, &to_3d, 1);
			copy_and_check(&dev, &b, &a, &to_layers, 1);
			vk_img_destroy(&dev, &b);
			tested++;
		}
		vk_img_destroy(&dev, &a);
	}
	/* Depth and stencil planes: each aspect alone, and both in one region. */
	for (unsigned int f = 0; f < sizeof(ds_formats) / sizeof(ds_formats[0]); f++) {
		VkImageAspectFlags all = vk_format_find(ds_formats[f])->aspects;

		if (!depth_stencil)
			break;
		if (!make(&dev, ds_formats[f], VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL, 30, 20,
			  1, 2, 2, &a, &seed))
			continue;
		REQUIRE(make(&dev, ds_formats[f], VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL, 25,
			     33, 1, 3, 3, &b, &seed));
		VkImageCopy each[2];
		uint32_t n = 0;

		for (VkImageAspectFlags m = all; m; m &= m - 1)
			each[n++] = (VkImageCopy) {
				{ m & -m, 1, 1, 1 }, { 2, 3, 0 }, { m & -m, 0, 2, 1 }, { 10, 20, 0 },
				{ 12, 7, 1 },
			};
		/*
		 * One aspect leaves the other plane alone. Lavapipe (Mesa 25.0)
		 * also copies the stencil of a depth-only copy of a packed
		 * depth/stencil image, so elsewhere the aspects of a region go
		 * together and only the result of both is checked.
		 */
		if (vk_dev_is_ember(&dev)) {
			for (uint32_t i = 0; i < n; i++)
				copy_and_check(&dev, &a, &b, &each[i], 1);
		} else {
			copy_and_check(&dev, &a, &b, each, n);
		}
		{
			const VkImageCopy both = {
				{ all, 0, 0, 2 }, { 5, 1, 0 }, { all, 1, 0, 2 }, { 0, 2, 0 },
				{ 12, 14, 1 },
			};

			copy_and_check(&dev, &a, &b, &both, 1);
		}
		vk_img_destroy(&dev, &a);
		vk_img_destroy(&dev, &b);
		tested++;
	}
	printf("# %u image pairs\n", tested);
	REQUIRE(tested > 0);
	vk_dev_destroy(&dev);
}

VK_TEST(image_copy_large, "image-copy-large-regions")
{
	static const VkImageTiling tilings[] = { VK_IMAGE_TILING_OPTIMAL, VK_IMAGE_TILING_LINEAR };
	struct vk_dev dev;
	unsigned int tested = 0;
	uint32_t seed = 23;

	vk_dev_create(&dev, NULL);
	/* 9 MiB a region: past the copy engine's 4 MiB preemption points. */
	for (unsigned int t = 0; t < 2; t++) {
		const struct vk_img_want want = {
			.fmt = vk_format_find(VK_FORMAT_R8G8B8A8_UNORM), .type = VK_IMAGE_TYPE_2D,
			.tiling = tilings[t], .width = 2100, .height = 1123, .depth = 1,
			.levels = 2, .layers = 1, .usage = TRANSFER_USAGE,
			.features = TRANSFER_FEATURES,
		};
		struct vk_img img;

		if (!vk_img_create(&dev, &want, &img))
			continue;
		vk_img_model_random(&img, &seed);
		vk_img_upload_general(&dev, &img);
		vk_img_check(&dev, &img, VK_IMAGE_LAYOUT_GENERAL, true, 0, 0);
		vk_img_destroy(&dev, &img);
		tested++;
	}
	REQUIRE(tested > 0);
	vk_dev_destroy(&dev);
}
