/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Compressed images: the BC family (textureCompressionBC)
 *
 * Every BC format the device reports is uploaded, copied, sampled and
 * blitted, and each result is checked against vk_bc.c's decoder, written
 * from the format definitions (lavapipe, Mesa's decoders, agrees with it):
 *
 * - image-compressed-bc-sample: random blocks covering every mode of each
 *   format (BC6H's 14, BC7's 8, the S3TC and RGTC branches) in a 2D array
 *   of 18x10 texels with every level down to 1x1 (partial blocks at the
 *   edges of every level), uploaded with padded buffer rows and read back
 *   bit for bit; then texelFetch of every texel of every level and layer,
 *   nearest and linear samples at texel centres, linear samples between
 *   texels, and gathers of each component.
 * - image-compressed-bc-copy: the specification's block rules for
 *   vkCmdCopyImage between BC images (edge-reaching extents, between levels
 *   and layers), between a BC image and an uncompressed one of the block's
 *   size (extents converted to blocks), and buffer copies of a region with
 *   bufferRowLength and bufferImageHeight in texels.
 * - image-compressed-bc-block-texel-view: BLOCK_TEXEL_VIEW_COMPATIBLE
 *   images; an uncompressed view of one level and layer fetches the blocks
 *   as texels, and writes new blocks through a storage view that sampling
 *   the image then decodes.
 * - image-compressed-bc-blit: vkCmdBlitImage from every BC format to
 *   R32G32B32A32_SFLOAT, nearest and linear, 1:1, scaled down and up.
 *
 * A device without textureCompressionBC skips, saying so; a format the
 * device does not report with the features a test needs is left out and
 * named.
 */

#include "vk_bc.h"
#include "vk_image.h"
#include "vk_test.h"

#include "bc_sample_float.spv.h"
#include "bc_sample_float_3d.spv.h"
#include "bc_sample_uint.spv.h"
#include "bc_store_rg32ui.spv.h"
#include "bc_store_rgba32ui.spv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BC_WIDTH	18
#define BC_HEIGHT	10
#define BC_LAYERS	2
#define BC_MAX_LEVELS	5	/* 18x10 down to 1x1 */
#define BC_FORMAT_COUNT	(VK_FORMAT_BC7_SRGB_BLOCK - VK_FORMAT_BC1_RGB_UNORM_BLOCK + 1)

static const VkFormatFeatureFlags bc_sample_features =
	VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT |
	VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;

/* A BC image and a CPU copy of its blocks. */
struct bc_image {
	VkFormat format;
	VkImage image;
	VkDeviceMemory memory;
	uint32_t width, height, depth, levels, layers;
	/* [level]: every layer's (3D: slice's) blocks, rows of blocks packed, layer after layer. */
	uint8_t *blocks[BC_MAX_LEVELS];
};

static uint32_t minify(uint32_t v, uint32_t level)
{
	return v >> level ? v >> level : 1;
}

static uint32_t blocks_wide(const struct bc_image *img, uint32_t level)
{
	return (minify(img->width, level) + 3) / 4;
}

static uint32_t blocks_high(const struct bc_image *img, uint32_t level)
{
	return (minify(img->height, level) + 3) / 4;
}

/* Layers of @img, or slices of @level of a 3D @img. */
static uint32_t slices(const struct bc_image *img, uint32_t level)
{
	return img->depth > 1 ? minify(img->depth, level) : img->layers;
}

static size_t level_bytes(const struct bc_image *img, uint32_t level)
{
	return (size_t)blocks_wide(img, level) * blocks_high(img, level) * slices(img, level) *
	       vk_bc_block_bytes(img->format);
}

/* A region of all of @level of @img: its layers, or its slices. */
static VkBufferImageCopy whole_level(const struct bc_image *img, uint32_t level)
{
	return (VkBufferImageCopy) {
		.imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, level, 0,
				      img->depth > 1 ? 1 : img->layers },
		.imageExtent = { minify(img->width, level), minify(img->height, level),
				 img->depth > 1 ? slices(img, level) : 1 },
	};
}

static uint8_t *model_block(struct bc_image *img, uint32_t level, uint32_t layer, uint32_t bx,
			    uint32_t by)
{
	size_t index = ((size_t)layer * blocks_high(img, level) + by) * blocks_wide(img, level) + bx;

	return img->blocks[level] + index * vk_bc_block_bytes(img->format);
}

/* The reference value of texel (x, y) of @layer at @level. */
static void model_texel(struct bc_image *img, uint32_t level, uint32_t layer, uint32_t x,
			uint32_t y, float out[4])
{
	float texels[16][4];

	vk_bc_decode(img->format, model_block(img, level, layer, x / 4, y / 4), texels);
	memcpy(out, texels[(y % 4) * 4 + x % 4], sizeof(texels[0]));
}

static const char *bc_name(VkFormat format)
{
	static const char *const names[BC_FORMAT_COUNT] = {
		"BC1_RGB_UNORM", "BC1_RGB_SRGB", "BC1_RGBA_UNORM", "BC1_RGBA_SRGB",
		"BC2_UNORM", "BC2_SRGB", "BC3_UNORM", "BC3_SRGB", "BC4_UNORM", "BC4_SNORM",
		"BC5_UNORM", "BC5_SNORM", "BC6H_UFLOAT", "BC6H_SFLOAT", "BC7_UNORM", "BC7_SRGB",
	};

	static char other[32];

	if (vk_bc_format(format))
		return names[format - VK_FORMAT_BC1_RGB_UNORM_BLOCK];
	snprintf(other, sizeof(other), "VkFormat %d", format);
	return other;
}

/* A device with textureCompressionBC enabled, or SKIP. */
static void bc_dev_create(struct vk_dev *dev)
{
	VkPhysicalDeviceFeatures core = { .textureCompressionBC = VK_TRUE };

	vk_dev_create(dev, &(struct vk_dev_options) { .core = core });
}

/* Whether @format has @features with optimal tiling; says so when not. */
static bool bc_has_features(struct vk_dev *dev, VkFormat format, VkFormatFeatureFlags features)
{
	VkFormatProperties fp;

	vkGetPhysicalDeviceFormatProperties(dev->physical, format, &fp);
	if ((fp.optimalTilingFeatures & features) == features)
		return true;
	printf("# %s: features %#x missing, left out\n", bc_name(format),
	       features & ~fp.optimalTilingFeatures);
	return false;
}

static VkDeviceMemory bind_memory(struct vk_dev *dev, VkImage image)
{
	VkMemoryRequirements req;
	VkDeviceMemory memory;

	vkGetImageMemoryRequirements(dev->device, image, &req);
	REQUIRE(req.memoryTypeBits & (1u << dev->memory_type));
	const VkMemoryAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
		.allocationSize = req.size, .memoryTypeIndex = dev->memory_type,
	};
	VK_CHECK(vkAllocateMemory(dev->device, &alloc, NULL, &memory));
	VK_CHECK(vkBindImageMemory(dev->device, image, memory, 0));
	return memory;
}

/*
 * An optimal image of @format, 3D if @depth > 1, else 2D, its blocks
 * random (every variant in turn).
 */
static void bc_image_create(struct vk_dev *dev, VkFormat format, uint32_t width, uint32_t height,
			    uint32_t depth, uint32_t levels, uint32_t layers,
			    VkImageCreateFlags flags, VkImageUsageFlags usage, uint32_t seed,
			    struct bc_image *img)
{
	const VkImageCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
		.flags = flags, .imageType = depth > 1 ? VK_IMAGE_TYPE_3D : VK_IMAGE_TYPE_2D,
		.format = format,
		.extent = { width, height, depth }, .mipLevels = levels, .arrayLayers = layers,
		.samples = VK_SAMPLE_COUNT_1_BIT, .tiling = VK_IMAGE_TILING_OPTIMAL,
		.usage = usage | VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
		.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
	};
	VkImageFormatProperties props;
	unsigned int variant = seed;

	REQUIRE(levels <= BC_MAX_LEVELS);
	VK_CHECK(vkGetPhysicalDeviceImageFormatProperties(dev->physical, format, info.imageType,
							  info.tiling, info.usage, flags, &props));
	REQUIRE(props.maxMipLevels >= levels && props.maxArrayLayers >= layers);
	REQUIRE(props.maxExtent.width >= width && props.maxExtent.height >= height &&
		props.maxExtent.depth >= depth);
	*img = (struct bc_image) {
		.format = format, .width = width, .height = height, .depth = depth,
		.levels = levels, .layers = layers,
	};
	VK_CHECK(vkCreateImage(dev->device, &info, NULL, &img->image));
	img->memory = bind_memory(dev, img->image);
	for (uint32_t m = 0; m < levels; m++) {
		size_t n = level_bytes(img, m) / vk_bc_block_bytes(format);

		img->blocks[m] = malloc(level_bytes(img, m));
		REQUIRE(img->blocks[m]);
		for (size_t b = 0; b < n; b++)
			vk_bc_random_block(format, variant++, &seed,
					   img->blocks[m] + b * vk_bc_block_bytes(format));
	}
}

static void bc_image_destroy(struct vk_dev *dev, struct bc_image *img)
{
	for (uint32_t m = 0; m < img->levels; m++)
		free(img->blocks[m]);
	vkDestroyImage(dev->device, img->image, NULL);
	vkFreeMemory(dev->device, img->memory, NULL);
}

static void barrier(VkCommandBuffer cmd, VkImage image, VkImageLayout from, VkImageLayout to)
{
	const VkImageMemoryBarrier b = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
		.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_SHADER_WRITE_BIT,
		.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT |
				 VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT,
		.oldLayout = from, .newLayout = to,
		.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
		.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
		.image = image,
		.subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, VK_REMAINING_MIP_LEVELS, 0,
				      VK_REMAINING_ARRAY_LAYERS },
	};

	vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
			     VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
			     0, 0, NULL, 0, NULL, 1, &b);
}

/*
 * Uploads every level of @img (left in GENERAL) in one submission. Level
 * 0 comes from rows padded by a block and layers padded by a row of
 * blocks (bufferRowLength and bufferImageHeight in texels, multiples of
 * the block's extent), the other levels tightly packed.
 */
static void bc_upload(struct vk_dev *dev, struct bc_image *img)
{
	uint32_t bb = vk_bc_block_bytes(img->format);
	VkBufferImageCopy regions[BC_MAX_LEVELS];
	VkDeviceSize size = 0, offset = 0;
	struct vk_buf staging;
	VkCommandBuffer cmd;

	size = (VkDeviceSize)(blocks_wide(img, 0) + 1) * (blocks_high(img, 0) + 1) *
	       slices(img, 0) * bb;
	for (uint32_t m = 1; m < img->levels; m++)
		size += level_bytes(img, m);
	vk_buf_create(dev, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &staging);
	memset(staging.map, 0xa5, size);
	for (uint32_t m = 0; m < img->levels; m++) {
		uint32_t pad = m == 0 ? 1 : 0, bw = blocks_wide(img, m) + pad;
		uint32_t bh = blocks_high(img, m) + pad;

		for (uint32_t l = 0; l < slices(img, m); l++)
			for (uint32_t y = 0; y < blocks_high(img, m); y++)
				memcpy((uint8_t *)staging.map + offset +
				       (((size_t)l * bh + y) * bw) * bb,
				       model_block(img, m, l, 0, y), (size_t)blocks_wide(img, m) * bb);
		regions[m] = whole_level(img, m);
		regions[m].bufferOffset = offset;
		regions[m].bufferRowLength = pad ? bw * 4 : 0;
		regions[m].bufferImageHeight = pad ? bh * 4 : 0;
		offset += (VkDeviceSize)bw * bh * slices(img, m) * bb;
	}
	cmd = vk_cmd_begin(dev);
	barrier(cmd, img->image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
	vkCmdCopyBufferToImage(cmd, staging.buffer, img->image,
			       VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, img->levels, regions);
	barrier(cmd, img->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL);
	vk_cmd_submit_wait(dev, cmd, 0);
	vk_buf_destroy(dev, &staging);
}

/* Reads every level of @img (in GENERAL) back and compares it with the model, bit for bit. */
static void bc_check_blocks(struct vk_dev *dev, struct bc_image *img, const char *what)
{
	VkBufferImageCopy regions[BC_MAX_LEVELS];
	VkDeviceSize offset = 0;
	struct vk_buf readback;
	VkCommandBuffer cmd;

	for (uint32_t m = 0; m < img->levels; m++) {
		regions[m] = whole_level(img, m);
		regions[m].bufferOffset = offset;
		offset += level_bytes(img, m);
	}
	vk_buf_create(dev, offset, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback);
	cmd = vk_cmd_begin(dev);
	vkCmdCopyImageToBuffer(cmd, img->image, VK_IMAGE_LAYOUT_GENERAL, readback.buffer,
			       img->levels, regions);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(dev, cmd, 0);
	for (uint32_t m = 0; m < img->levels; m++) {
		const uint8_t *got = (const uint8_t *)readback.map + regions[m].bufferOffset;
		uint32_t bb = vk_bc_block_bytes(img->format);

		for (size_t b = 0; b < level_bytes(img, m) / bb; b++)
			if (memcmp(got + b * bb, img->blocks[m] + b * bb, bb))
				vk_test_fail(__FILE__, __LINE__, "%s %s: level %u block %zu differs",
					     bc_name(img->format), what, m, b);
	}
	vk_buf_destroy(dev, &readback);
}

/* One query of shaders/bc_sample.comp. */
struct bc_query {
	float coord[4];
	int32_t op[4];
	float expected[4];	/* host only: copied out before the upload */
	float slack;		/* host only: filtering's share of the tolerance */
};

struct gpu_query {
	float coord[4];
	int32_t op[4];
};

enum { OP_FETCH, OP_NEAREST, OP_LINEAR, OP_GATHER };

/* The sampler pipeline, its set layout and the two samplers. */
struct bc_sampling {
	VkDescriptorSetLayout layout;
	struct vk_pipe pipe;
	VkSampler nearest, linear;
};

static VkSampler clamp_sampler(struct vk_dev *dev, VkFilter filter)
{
	const VkSamplerCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
		.magFilter = filter, .minFilter = filter,
		.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
		.addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
		.addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
		.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
		.maxLod = VK_LOD_CLAMP_NONE,
	};
	VkSampler sampler;

	VK_CHECK(vkCreateSampler(dev->device, &info, NULL, &sampler));
	return sampler;
}

/* What a sampling pipeline reads: float or uint 2D arrays, or float 3D images. */
enum bc_view_kind { VIEW_FLOAT, VIEW_UINT, VIEW_FLOAT_3D };

static void bc_sampling_create(struct vk_dev *dev, enum bc_view_kind kind, struct bc_sampling *s)
{
	VkDescriptorSetLayoutBinding bindings[4];

	for (uint32_t b = 0; b < 4; b++)
		bindings[b] = (VkDescriptorSetLayoutBinding) {
			.binding = b, .descriptorCount = 1,
			.descriptorType = b < 2 ? VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER :
					  VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
			.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
		};
	const VkDescriptorSetLayoutCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
		.bindingCount = 4, .pBindings = bindings,
	};

	VK_CHECK(vkCreateDescriptorSetLayout(dev->device, &info, NULL, &s->layout));
	if (kind == VIEW_UINT)
		vk_pipe_create(dev, bc_sample_uint_spv, sizeof(bc_sample_uint_spv), &s->layout, 1,
			       4, NULL, &s->pipe);
	else if (kind == VIEW_FLOAT_3D)
		vk_pipe_create(dev, bc_sample_float_3d_spv, sizeof(bc_sample_float_3d_spv),
			       &s->layout, 1, 4, NULL, &s->pipe);
	else
		vk_pipe_create(dev, bc_sample_float_spv, sizeof(bc_sample_float_spv), &s->layout,
			       1, 4, NULL, &s->pipe);
	s->nearest = clamp_sampler(dev, VK_FILTER_NEAREST);
	/* Integer views never filter: both bindings take the nearest sampler. */
	s->linear = clamp_sampler(dev, kind == VIEW_UINT ? VK_FILTER_NEAREST : VK_FILTER_LINEAR);
}

static void bc_sampling_destroy(struct vk_dev *dev, struct bc_sampling *s)
{
	vk_pipe_destroy(dev, &s->pipe);
	vkDestroyDescriptorSetLayout(dev->device, s->layout, NULL);
	vkDestroySampler(dev->device, s->nearest, NULL);
	vkDestroySampler(dev->device, s->linear, NULL);
}

/*
 * Runs @count queries on @view (in GENERAL) and returns the results, 16
 * bytes each, in a malloc()ed array.
 */
static void *bc_run_queries(struct vk_dev *dev, struct bc_sampling *s, VkImageView view,
			    const struct bc_query *queries, uint32_t count)
{
	struct vk_buf in, out;
	VkDescriptorPool pool;
	VkDescriptorSet set;
	VkCommandBuffer cmd;
	void *results;

	vk_buf_create(dev, (VkDeviceSize)count * sizeof(struct gpu_query),
		      VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &in);
	vk_buf_create(dev, (VkDeviceSize)count * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out);
	for (uint32_t i = 0; i < count; i++) {
		struct gpu_query *q = (struct gpu_query *)in.map + i;

		memcpy(q->coord, queries[i].coord, sizeof(q->coord));
		memcpy(q->op, queries[i].op, sizeof(q->op));
	}
	const VkDescriptorPoolSize sizes[2] = {
		{ VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2 },
		{ VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2 },
	};
	const VkDescriptorPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.maxSets = 1, .poolSizeCount = 2, .pPoolSizes = sizes,
	};
	VK_CHECK(vkCreateDescriptorPool(dev->device, &pool_info, NULL, &pool));
	const VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = pool, .descriptorSetCount = 1, .pSetLayouts = &s->layout,
	};
	VK_CHECK(vkAllocateDescriptorSets(dev->device, &alloc, &set));
	const VkDescriptorImageInfo images[2] = {
		{ s->nearest, view, VK_IMAGE_LAYOUT_GENERAL },
		{ s->linear, view, VK_IMAGE_LAYOUT_GENERAL },
	};
	const VkDescriptorBufferInfo buffers[2] = {
		{ in.buffer, 0, VK_WHOLE_SIZE }, { out.buffer, 0, VK_WHOLE_SIZE },
	};
	VkWriteDescriptorSet writes[4];

	for (uint32_t b = 0; b < 4; b++)
		writes[b] = (VkWriteDescriptorSet) {
			.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
			.dstSet = set, .dstBinding = b, .descriptorCount = 1,
			.descriptorType = b < 2 ? VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER :
					  VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
			.pImageInfo = b < 2 ? &images[b] : NULL,
			.pBufferInfo = b < 2 ? NULL : &buffers[b - 2],
		};
	vkUpdateDescriptorSets(dev->device, 4, writes, 0, NULL);
	cmd = vk_cmd_begin(dev);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, s->pipe.pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, s->pipe.layout, 0, 1, &set,
				0, NULL);
	vkCmdPushConstants(cmd, s->pipe.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &count);
	vkCmdDispatch(cmd, (count + 63) / 64, 1, 1);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(dev, cmd, 0);
	results = malloc((size_t)count * 16);
	REQUIRE(results);
	memcpy(results, out.map, (size_t)count * 16);
	vkDestroyDescriptorPool(dev->device, pool, NULL);
	vk_buf_destroy(dev, &in);
	vk_buf_destroy(dev, &out);
	return results;
}

static VkImageView bc_view(struct vk_dev *dev, VkImage image, VkFormat format,
			   VkImageViewType type, uint32_t level, uint32_t levels, uint32_t layer,
			   uint32_t layers, const VkImageViewUsageCreateInfo *usage)
{
	const VkImageViewCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
		.pNext = usage,
		.image = image, .viewType = type, .format = format,
		.subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, level, levels, layer, layers },
	};
	VkImageView view;

	VK_CHECK(vkCreateImageView(dev->device, &info, NULL, &view));
	return view;
}

/* The largest difference between channels @ch of texels @t[0..n). */
static float spread(float t[][4], unsigned int n, unsigned int ch)
{
	float lo = t[0][ch], hi = t[0][ch];

	for (unsigned int i = 1; i < n; i++) {
		lo = fminf(lo, t[i][ch]);
		hi = fmaxf(hi, t[i][ch]);
	}
	return hi - lo;
}

static int clampi(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/*
 * The reference of a linear sample of @layer at @level at unnormalized
 * (@u, @v) with clamp-to-edge, in @out; the spread of its four texels in
 * @spread_out (what subtexel precision may move the result by).
 */
static void model_linear(struct bc_image *img, uint32_t level, uint32_t layer, float u, float v,
			 float out[4], float *spread_out)
{
	int w = (int)minify(img->width, level), h = (int)minify(img->height, level);
	float fu = u - 0.5f, fv = v - 0.5f;
	int i0 = (int)floorf(fu), j0 = (int)floorf(fv);
	float a = fu - (float)i0, b = fv - (float)j0;
	float t[4][4];

	model_texel(img, level, layer, (uint32_t)clampi(i0, 0, w - 1),
		    (uint32_t)clampi(j0, 0, h - 1), t[0]);
	model_texel(img, level, layer, (uint32_t)clampi(i0 + 1, 0, w - 1),
		    (uint32_t)clampi(j0, 0, h - 1), t[1]);
	model_texel(img, level, layer, (uint32_t)clampi(i0, 0, w - 1),
		    (uint32_t)clampi(j0 + 1, 0, h - 1), t[2]);
	model_texel(img, level, layer, (uint32_t)clampi(i0 + 1, 0, w - 1),
		    (uint32_t)clampi(j0 + 1, 0, h - 1), t[3]);
	*spread_out = 0.0f;
	for (unsigned int ch = 0; ch < 4; ch++) {
		out[ch] = (1 - a) * (1 - b) * t[0][ch] + a * (1 - b) * t[1][ch] +
			  (1 - a) * b * t[2][ch] + a * b * t[3][ch];
		*spread_out = fmaxf(*spread_out, spread(t, 4, ch));
	}
}

static void add_query(struct bc_query *q, uint32_t *n, int op, float x, float y, float layer,
		      float lod)
{
	q[*n] = (struct bc_query) { .coord = { x, y, layer, lod }, .op = { op } };
	(*n)++;
}

/* Every query of image-compressed-bc-sample for @img, with its expected value. */
static uint32_t sample_queries(struct bc_image *img, struct bc_query *q)
{
	uint32_t n = 0;

	bool is3d = img->depth > 1;

	for (uint32_t m = 0; m < img->levels; m++) {
		uint32_t w = minify(img->width, m), h = minify(img->height, m);

		for (uint32_t l = 0; l < slices(img, m); l++) {
			/* A layer, or a 3D image's slice at its centre. */
			float z = is3d ? ((float)l + 0.5f) / (float)slices(img, m) : (float)l;

			for (uint32_t y = 0; y < h; y++) {
				for (uint32_t x = 0; x < w; x++) {
					float u = ((float)x + 0.5f) / (float)w;
					float v = ((float)y + 0.5f) / (float)h;
					float t[4];

					model_texel(img, m, l, x, y, t);
					add_query(q, &n, OP_FETCH, (float)x, (float)y, (float)l,
						  (float)m);
					add_query(q, &n, OP_NEAREST, u, v, z, (float)m);
					add_query(q, &n, OP_LINEAR, u, v, z, (float)m);
					for (uint32_t k = 3; k > 0; k--)
						memcpy(q[n - k].expected, t, sizeof(t));
					if (is3d)
						continue;
					/* Between texels: a quarter and two thirds of the way on. */
					add_query(q, &n, OP_LINEAR,
						  ((float)x + 0.75f) / (float)w,
						  ((float)y + 1.1666666f) / (float)h, (float)l, (float)m);
					model_linear(img, m, l, (float)x + 0.75f, (float)y + 1.1666666f,
						     q[n - 1].expected, &q[n - 1].slack);
				}
			}
		}
	}
	/* Gathers (the view's base level; not of 3D images) at texel corners, each component. */
	for (uint32_t l = 0; l < img->layers && !is3d; l++) {
		for (uint32_t y = 0; y + 1 < img->height; y += 3) {
			for (uint32_t x = 0; x + 1 < img->width; x += 2) {
				float t[4][4];

				/* The footprint's order: (i0, j1), (i1, j1), (i1, j0), (i0, j0). */
				model_texel(img, 0, l, x, y + 1, t[0]);
				model_texel(img, 0, l, x + 1, y + 1, t[1]);
				model_texel(img, 0, l, x + 1, y, t[2]);
				model_texel(img, 0, l, x, y, t[3]);
				for (int c = 0; c < 4; c++) {
					add_query(q, &n, OP_GATHER + c,
						  (float)(x + 1) / (float)img->width,
						  (float)(y + 1) / (float)img->height, (float)l, 0.0f);
					for (int k = 0; k < 4; k++)
						q[n - 1].expected[k] = t[k][c];
				}
			}
		}
	}
	return n;
}

static uint32_t sample_query_bound(const struct bc_image *img)
{
	uint32_t n = 0;

	for (uint32_t m = 0; m < img->levels; m++)
		n += 4 * minify(img->width, m) * minify(img->height, m) * slices(img, m);
	return n + 4 * img->width * img->height * img->layers;
}

static const char *const op_names[] = {
	"texelFetch", "textureLod nearest", "textureLod linear", "gather R", "gather G",
	"gather B", "gather A",
};

/* Compares float results with the queries' expectations; fails naming the first miss. */
static void check_float_results(VkFormat format, const struct bc_query *q, const float *got,
				uint32_t count)
{
	for (uint32_t i = 0; i < count; i++) {
		for (unsigned int ch = 0; ch < 4; ch++) {
			float want = q[i].expected[ch], have = got[4 * i + ch];
			float tol = vk_bc_tolerance(format, want) + q[i].slack / 16.0f;

			if (fabsf(have - want) <= tol)
				continue;
			vk_test_fail(__FILE__, __LINE__,
				     "%s: %s at (%g, %g) layer %g lod %g: channel %u is %.9g, want "
				     "%.9g (tolerance %g)", bc_name(format), op_names[q[i].op[0]],
				     q[i].coord[0], q[i].coord[1], q[i].coord[2], q[i].coord[3], ch,
				     have, want, tol);
		}
	}
}

/* Uploads, reads back and samples @img through a view of every level and layer (slice). */
static void sample_image(struct vk_dev *dev, struct bc_sampling *s, struct bc_image *img)
{
	struct bc_query *q;
	VkImageView view;
	uint32_t count;
	float *got;

	bc_upload(dev, img);
	bc_check_blocks(dev, img, "upload");
	q = calloc(sample_query_bound(img), sizeof(*q));
	REQUIRE(q);
	count = sample_queries(img, q);
	view = bc_view(dev, img->image, img->format,
		       img->depth > 1 ? VK_IMAGE_VIEW_TYPE_3D : VK_IMAGE_VIEW_TYPE_2D_ARRAY, 0,
		       img->levels, 0, img->layers, NULL);
	got = bc_run_queries(dev, s, view, q, count);
	check_float_results(img->format, q, got, count);
	printf("# %s %ux%ux%u, %u levels, %u layers: %u blocks read back, %u samples\n",
	       bc_name(img->format), img->width, img->height, img->depth, img->levels,
	       img->layers, (unsigned int)(level_bytes(img, 0) / vk_bc_block_bytes(img->format)),
	       count);
	free(got);
	free(q);
	vkDestroyImageView(dev->device, view, NULL);
}

VK_TEST(image_compressed_bc_sample, "image-compressed-bc-sample")
{
	struct vk_dev dev;
	struct bc_sampling s, s3d;
	unsigned int tested = 0, tested_3d = 0;

	bc_dev_create(&dev);
	bc_sampling_create(&dev, VIEW_FLOAT, &s);
	bc_sampling_create(&dev, VIEW_FLOAT_3D, &s3d);
	for (VkFormat f = VK_FORMAT_BC1_RGB_UNORM_BLOCK; f <= VK_FORMAT_BC7_SRGB_BLOCK; f++) {
		VkImageFormatProperties props;
		struct bc_image img;

		if (!bc_has_features(&dev, f, bc_sample_features))
			continue;
		bc_image_create(&dev, f, BC_WIDTH, BC_HEIGHT, 1, BC_MAX_LEVELS, BC_LAYERS, 0,
				VK_IMAGE_USAGE_SAMPLED_BIT, 1000u * (uint32_t)f, &img);
		sample_image(&dev, &s, &img);
		bc_image_destroy(&dev, &img);
		tested++;
		/* 3D, where the device reports it (Vulkan does not require it). */
		if (vkGetPhysicalDeviceImageFormatProperties(dev.physical, f, VK_IMAGE_TYPE_3D,
			VK_IMAGE_TILING_OPTIMAL, VK_IMAGE_USAGE_SAMPLED_BIT |
			VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, 0,
			&props) != VK_SUCCESS) {
			printf("# %s: no 3D images\n", bc_name(f));
			continue;
		}
		bc_image_create(&dev, f, 10, 6, 3, 4, 1, 0, VK_IMAGE_USAGE_SAMPLED_BIT,
				1500u * (uint32_t)f, &img);
		sample_image(&dev, &s3d, &img);
		bc_image_destroy(&dev, &img);
		tested_3d++;
	}
	bc_sampling_destroy(&dev, &s);
	bc_sampling_destroy(&dev, &s3d);
	vk_dev_destroy(&dev);
	printf("# %u BC formats sampled, %u of them as 3D images too\n", tested, tested_3d);
	REQUIRE(tested == BC_FORMAT_COUNT);
}

/* The uncompressed format of a block's size whose texels the copy tests move blocks as. */
static VkFormat block_sized_format(VkFormat format)
{
	return vk_bc_block_bytes(format) == 8 ? VK_FORMAT_R32G32_UINT :
	       VK_FORMAT_R32G32B32A32_UINT;
}

/* An uncompressed image of @format (texels of a block's size) and its model. */
struct plain_image {
	VkImage image;
	VkDeviceMemory memory;
	uint32_t width, height, layers, texel_bytes;
	uint8_t *texels;	/* layer after layer, rows packed */
};

static void plain_image_create(struct vk_dev *dev, VkFormat format, uint32_t texel_bytes,
			       uint32_t width, uint32_t height, uint32_t layers, uint32_t seed,
			       struct plain_image *img)
{
	const VkImageCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
		.imageType = VK_IMAGE_TYPE_2D, .format = format, .extent = { width, height, 1 },
		.mipLevels = 1, .arrayLayers = layers, .samples = VK_SAMPLE_COUNT_1_BIT,
		.tiling = VK_IMAGE_TILING_OPTIMAL,
		.usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
		.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
	};
	size_t size = (size_t)width * height * layers * texel_bytes;
	struct vk_buf staging;
	VkCommandBuffer cmd;

	*img = (struct plain_image) {
		.width = width, .height = height, .layers = layers, .texel_bytes = texel_bytes,
	};
	VK_CHECK(vkCreateImage(dev->device, &info, NULL, &img->image));
	img->memory = bind_memory(dev, img->image);
	img->texels = malloc(size);
	REQUIRE(img->texels);
	for (size_t i = 0; i < size; i++)
		img->texels[i] = (uint8_t)vk_rand(&seed);
	vk_buf_create(dev, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &staging);
	memcpy(staging.map, img->texels, size);
	const VkBufferImageCopy region = {
		.imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, layers },
		.imageExtent = { width, height, 1 },
	};
	cmd = vk_cmd_begin(dev);
	barrier(cmd, img->image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
	vkCmdCopyBufferToImage(cmd, staging.buffer, img->image,
			       VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
	barrier(cmd, img->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL);
	vk_cmd_submit_wait(dev, cmd, 0);
	vk_buf_destroy(dev, &staging);
}

static void plain_image_destroy(struct vk_dev *dev, struct plain_image *img)
{
	free(img->texels);
	vkDestroyImage(dev->device, img->image, NULL);
	vkFreeMemory(dev->device, img->memory, NULL);
}

static uint8_t *plain_texel(struct plain_image *img, uint32_t layer, uint32_t x, uint32_t y)
{
	return img->texels + (((size_t)layer * img->height + y) * img->width + x) * img->texel_bytes;
}

static void plain_check(struct vk_dev *dev, struct plain_image *img, const char *what)
{
	size_t size = (size_t)img->width * img->height * img->layers * img->texel_bytes;
	struct vk_buf readback;
	VkCommandBuffer cmd;

	vk_buf_create(dev, size, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback);
	const VkBufferImageCopy region = {
		.imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, img->layers },
		.imageExtent = { img->width, img->height, 1 },
	};
	cmd = vk_cmd_begin(dev);
	vkCmdCopyImageToBuffer(cmd, img->image, VK_IMAGE_LAYOUT_GENERAL, readback.buffer, 1,
			       &region);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(dev, cmd, 0);
	for (size_t t = 0; t < size / img->texel_bytes; t++)
		if (memcmp((uint8_t *)readback.map + t * img->texel_bytes,
			   img->texels + t * img->texel_bytes, img->texel_bytes))
			vk_test_fail(__FILE__, __LINE__, "%s: texel %zu differs", what, t);
	vk_buf_destroy(dev, &readback);
}

/* vkCmdCopyImage of one region, and the same move of blocks in the models. */
static void copy_bc_to_bc(struct vk_dev *dev, struct bc_image *src, struct bc_image *dst,
			  const VkImageCopy *r)
{
	uint32_t bw = (r->extent.width + 3) / 4, bh = (r->extent.height + 3) / 4;
	VkCommandBuffer cmd = vk_cmd_begin(dev);

	vkCmdCopyImage(cmd, src->image, VK_IMAGE_LAYOUT_GENERAL, dst->image,
		       VK_IMAGE_LAYOUT_GENERAL, 1, r);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(dev, cmd, 0);
	for (uint32_t l = 0; l < r->srcSubresource.layerCount; l++)
		for (uint32_t y = 0; y < bh; y++)
			for (uint32_t x = 0; x < bw; x++)
				memcpy(model_block(dst, r->dstSubresource.mipLevel,
						   r->dstSubresource.baseArrayLayer + l,
						   (uint32_t)r->dstOffset.x / 4 + x,
						   (uint32_t)r->dstOffset.y / 4 + y),
				       model_block(src, r->srcSubresource.mipLevel,
						   r->srcSubresource.baseArrayLayer + l,
						   (uint32_t)r->srcOffset.x / 4 + x,
						   (uint32_t)r->srcOffset.y / 4 + y),
				       vk_bc_block_bytes(src->format));
}

/*
 * vkCmdCopyImageToBuffer of a region of level 0 (offset and extent in
 * texels, the offset a multiple of 4, the extent reaching the level's
 * edge) with bufferRowLength and bufferImageHeight a block beyond it;
 * compares the buffer's blocks with the model.
 */
static void check_buffer_region(struct vk_dev *dev, struct bc_image *img, uint32_t x0,
				uint32_t y0, uint32_t layer)
{
	uint32_t bb = vk_bc_block_bytes(img->format);
	uint32_t w = img->width - x0, h = img->height - y0;
	uint32_t row_blocks = (w + 3) / 4 + 1, rows = (h + 3) / 4 + 1;
	struct vk_buf readback;
	VkCommandBuffer cmd;

	vk_buf_create(dev, (VkDeviceSize)row_blocks * rows * 2 * bb + bb,
		      VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback);
	const VkBufferImageCopy region = {
		.bufferOffset = bb,
		.bufferRowLength = row_blocks * 4, .bufferImageHeight = rows * 4,
		.imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, layer, 2 },
		.imageOffset = { (int32_t)x0, (int32_t)y0, 0 },
		.imageExtent = { w, h, 1 },
	};
	cmd = vk_cmd_begin(dev);
	vkCmdCopyImageToBuffer(cmd, img->image, VK_IMAGE_LAYOUT_GENERAL, readback.buffer, 1,
			       &region);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(dev, cmd, 0);
	for (uint32_t l = 0; l < 2; l++)
		for (uint32_t y = 0; y < (h + 3) / 4; y++)
			for (uint32_t x = 0; x < (w + 3) / 4; x++)
				if (memcmp((uint8_t *)readback.map + bb +
					   (((size_t)l * rows + y) * row_blocks + x) * bb,
					   model_block(img, 0, layer + l, x0 / 4 + x, y0 / 4 + y), bb))
					vk_test_fail(__FILE__, __LINE__,
						     "%s: buffer region block (%u, %u) of layer %u",
						     bc_name(img->format), x, y, l);
	vk_buf_destroy(dev, &readback);
}

VK_TEST(image_compressed_bc_copy, "image-compressed-bc-copy")
{
	unsigned int tested = 0;
	struct vk_dev dev;

	bc_dev_create(&dev);
	for (VkFormat f = VK_FORMAT_BC1_RGB_UNORM_BLOCK; f <= VK_FORMAT_BC7_SRGB_BLOCK; f++) {
		VkFormat plain_format = block_sized_format(f);
		uint32_t bb = vk_bc_block_bytes(f);
		struct bc_image a, b;
		struct plain_image p;

		if (!bc_has_features(&dev, f, VK_FORMAT_FEATURE_TRANSFER_SRC_BIT |
				     VK_FORMAT_FEATURE_TRANSFER_DST_BIT) ||
		    !bc_has_features(&dev, plain_format, VK_FORMAT_FEATURE_TRANSFER_SRC_BIT |
				     VK_FORMAT_FEATURE_TRANSFER_DST_BIT))
			continue;
		bc_image_create(&dev, f, BC_WIDTH, BC_HEIGHT, 1, 3, 3, 0, 0, 2000u * f, &a);
		bc_image_create(&dev, f, 28, 20, 1, 2, 2, 0, 0, 3000u * f, &b);
		bc_upload(&dev, &a);
		bc_upload(&dev, &b);

		/* BC to BC: a's level 0, layers 1-2, from (4, 4) to its edges, to b's level 1 (14x10). */
		copy_bc_to_bc(&dev, &a, &b, &(VkImageCopy) {
			.srcSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 2 },
			.srcOffset = { 4, 4, 0 },
			.dstSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 1, 0, 2 },
			.dstOffset = { 0, 4, 0 },
			.extent = { 14, 6, 1 },
		});
		/* Back, whole blocks: 8x4 texels of b's level 0 to a's level 1 (9x5), layer 2. */
		copy_bc_to_bc(&dev, &b, &a, &(VkImageCopy) {
			.srcSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
			.srcOffset = { 8, 8, 0 },
			.dstSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 1, 2, 1 },
			.dstOffset = { 0, 0, 0 },
			.extent = { 8, 4, 1 },
		});
		bc_check_blocks(&dev, &a, "after copies between BC images");
		bc_check_blocks(&dev, &b, "after copies between BC images");

		/* BC to uncompressed: each block one texel (extent in the source's texels). */
		plain_image_create(&dev, plain_format, bb, 8, 4, 2, 4000u * f, &p);
		VkCommandBuffer cmd = vk_cmd_begin(&dev);
		const VkImageCopy to_plain = {
			.srcSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 2 },
			.srcOffset = { 0, 4, 0 },
			.dstSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 2 },
			.dstOffset = { 2, 1, 0 },
			.extent = { BC_WIDTH, BC_HEIGHT - 4, 1 },
		};
		/* Uncompressed to BC: 3x2 texels of p become 3x2 blocks of b's level 0 at (16, 4). */
		const VkImageCopy from_plain = {
			.srcSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 1 },
			.srcOffset = { 4, 2, 0 },
			.dstSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 1 },
			.dstOffset = { 16, 4, 0 },
			.extent = { 3, 2, 1 },
		};

		vkCmdCopyImage(cmd, a.image, VK_IMAGE_LAYOUT_GENERAL, p.image,
			       VK_IMAGE_LAYOUT_GENERAL, 1, &to_plain);
		vk_cmd_barrier(cmd);
		vkCmdCopyImage(cmd, p.image, VK_IMAGE_LAYOUT_GENERAL, b.image,
			       VK_IMAGE_LAYOUT_GENERAL, 1, &from_plain);
		vk_cmd_barrier(cmd);
		vk_cmd_submit_wait(&dev, cmd, 0);
		for (uint32_t l = 0; l < 2; l++)
			for (uint32_t y = 0; y < 2; y++)
				for (uint32_t x = 0; x < 5; x++)
					memcpy(plain_texel(&p, l, 2 + x, 1 + y),
					       model_block(&a, 0, l, x, 1 + y), bb);
		for (uint32_t y = 0; y < 2; y++)
			for (uint32_t x = 0; x < 3; x++)
				memcpy(model_block(&b, 0, 1, 4 + x, 1 + y),
				       plain_texel(&p, 1, 4 + x, 2 + y), bb);
		plain_check(&dev, &p, "BC blocks copied as texels");
		bc_check_blocks(&dev, &b, "texels copied as BC blocks");

		/* Buffer regions: rows and layers in texels, a block longer than the region. */
		check_buffer_region(&dev, &a, 8, 4, 1);
		check_buffer_region(&dev, &b, 12, 8, 0);

		plain_image_destroy(&dev, &p);
		bc_image_destroy(&dev, &a);
		bc_image_destroy(&dev, &b);
		tested++;
	}
	vk_dev_destroy(&dev);
	printf("# %u BC formats copied\n", tested);
	REQUIRE(tested == BC_FORMAT_COUNT);
}

/* Stores @img's level-0, layer-0 blocks from its model through @view, an uncompressed storage view. */
static void store_blocks(struct vk_dev *dev, struct bc_image *img, VkImageView view)
{
	uint32_t bb = vk_bc_block_bytes(img->format);
	uint32_t size[2] = { blocks_wide(img, 0), blocks_high(img, 0) };
	VkDescriptorSetLayoutBinding bindings[2] = {
		{ 0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
		{ 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
	};
	const VkDescriptorSetLayoutCreateInfo layout_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
		.bindingCount = 2, .pBindings = bindings,
	};
	const VkDescriptorPoolSize sizes[2] = {
		{ VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1 }, { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1 },
	};
	const VkDescriptorPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.maxSets = 1, .poolSizeCount = 2, .pPoolSizes = sizes,
	};
	VkDescriptorSetLayout layout;
	VkDescriptorPool pool;
	VkDescriptorSet set;
	struct vk_pipe pipe;
	struct vk_buf in;
	VkCommandBuffer cmd;

	VK_CHECK(vkCreateDescriptorSetLayout(dev->device, &layout_info, NULL, &layout));
	if (bb == 8)
		vk_pipe_create(dev, bc_store_rg32ui_spv, sizeof(bc_store_rg32ui_spv), &layout, 1, 8,
			       NULL, &pipe);
	else
		vk_pipe_create(dev, bc_store_rgba32ui_spv, sizeof(bc_store_rgba32ui_spv), &layout, 1,
			       8, NULL, &pipe);
	VK_CHECK(vkCreateDescriptorPool(dev->device, &pool_info, NULL, &pool));
	const VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = pool, .descriptorSetCount = 1, .pSetLayouts = &layout,
	};
	VK_CHECK(vkAllocateDescriptorSets(dev->device, &alloc, &set));
	vk_buf_create(dev, (VkDeviceSize)size[0] * size[1] * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
		      &in);
	memset(in.map, 0, in.size);
	for (uint32_t y = 0; y < size[1]; y++)
		for (uint32_t x = 0; x < size[0]; x++)
			memcpy((uint8_t *)in.map + ((size_t)y * size[0] + x) * 16,
			       model_block(img, 0, 0, x, y), bb);
	const VkDescriptorImageInfo image_info = { VK_NULL_HANDLE, view, VK_IMAGE_LAYOUT_GENERAL };
	const VkDescriptorBufferInfo buffer_info = { in.buffer, 0, VK_WHOLE_SIZE };
	const VkWriteDescriptorSet writes[2] = {
		{ .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set, .dstBinding = 0,
		  .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
		  .pImageInfo = &image_info },
		{ .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set, .dstBinding = 1,
		  .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
		  .pBufferInfo = &buffer_info },
	};
	vkUpdateDescriptorSets(dev->device, 2, writes, 0, NULL);
	cmd = vk_cmd_begin(dev);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.layout, 0, 1, &set, 0,
				NULL);
	vkCmdPushConstants(cmd, pipe.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 8, size);
	vkCmdDispatch(cmd, (size[0] + 7) / 8, (size[1] + 7) / 8, 1);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(dev, cmd, 0);
	vk_buf_destroy(dev, &in);
	vkDestroyDescriptorPool(dev->device, pool, NULL);
	vk_pipe_destroy(dev, &pipe);
	vkDestroyDescriptorSetLayout(dev->device, layout, NULL);
}

/* texelFetch of every texel of level 0, layer 0 through a BC view, against the model. */
static void check_fetch_level0(struct vk_dev *dev, struct bc_sampling *s, struct bc_image *img)
{
	const VkImageViewUsageCreateInfo sampled = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO,
		.usage = VK_IMAGE_USAGE_SAMPLED_BIT,
	};
	VkImageView view = bc_view(dev, img->image, img->format, VK_IMAGE_VIEW_TYPE_2D_ARRAY, 0, 1,
				   0, 1, &sampled);
	struct bc_query *q = calloc((size_t)img->width * img->height, sizeof(*q));
	uint32_t n = 0;
	float *got;

	REQUIRE(q);
	for (uint32_t y = 0; y < img->height; y++) {
		for (uint32_t x = 0; x < img->width; x++) {
			add_query(q, &n, OP_FETCH, (float)x, (float)y, 0.0f, 0.0f);
			model_texel(img, 0, 0, x, y, q[n - 1].expected);
		}
	}
	got = bc_run_queries(dev, s, view, q, n);
	check_float_results(img->format, q, got, n);
	free(got);
	free(q);
	vkDestroyImageView(dev->device, view, NULL);
}

VK_TEST(image_compressed_bc_block_texel_view, "image-compressed-bc-block-texel-view")
{
	const VkImageCreateFlags flags = VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT |
					 VK_IMAGE_CREATE_BLOCK_TEXEL_VIEW_COMPATIBLE_BIT;
	unsigned int tested = 0, stored = 0;
	struct bc_sampling fetch_uint, fetch_float;
	struct vk_dev dev;

	bc_dev_create(&dev);
	bc_sampling_create(&dev, VIEW_UINT, &fetch_uint);
	bc_sampling_create(&dev, VIEW_FLOAT, &fetch_float);
	for (VkFormat f = VK_FORMAT_BC1_RGB_UNORM_BLOCK; f <= VK_FORMAT_BC7_SRGB_BLOCK; f++) {
		VkFormat plain = block_sized_format(f);
		uint32_t bb = vk_bc_block_bytes(f);
		VkImageUsageFlags usage = VK_IMAGE_USAGE_SAMPLED_BIT;
		VkImageCreateFlags image_flags = flags;
		VkImageFormatProperties props;
		struct bc_query *q;
		struct bc_image img;
		VkImageView view;
		uint32_t n = 0;
		uint32_t *got;

		if (!bc_has_features(&dev, f, bc_sample_features) ||
		    !bc_has_features(&dev, plain, VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT))
			continue;
		/* Storage through the block view: EXTENDED_USAGE, if the device has it. */
		if (vkGetPhysicalDeviceImageFormatProperties(dev.physical, f, VK_IMAGE_TYPE_2D,
			VK_IMAGE_TILING_OPTIMAL, usage | VK_IMAGE_USAGE_STORAGE_BIT |
			VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
			flags | VK_IMAGE_CREATE_EXTENDED_USAGE_BIT, &props) == VK_SUCCESS) {
			usage |= VK_IMAGE_USAGE_STORAGE_BIT;
			image_flags |= VK_IMAGE_CREATE_EXTENDED_USAGE_BIT;
		}
		bc_image_create(&dev, f, BC_WIDTH, BC_HEIGHT, 1, 2, 2, image_flags, usage, 5000u * f,
				&img);
		bc_upload(&dev, &img);

		/* Level 1 (9x5: 3x2 blocks), layer 1, through the view: a texel per block. */
		const VkImageViewUsageCreateInfo sampled = {
			.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO,
			.usage = VK_IMAGE_USAGE_SAMPLED_BIT,
		};
		view = bc_view(&dev, img.image, plain, VK_IMAGE_VIEW_TYPE_2D_ARRAY, 1, 1, 1, 1,
			       &sampled);
		q = calloc(blocks_wide(&img, 1) * blocks_high(&img, 1), sizeof(*q));
		REQUIRE(q);
		for (uint32_t y = 0; y < blocks_high(&img, 1); y++)
			for (uint32_t x = 0; x < blocks_wide(&img, 1); x++)
				add_query(q, &n, OP_FETCH, (float)x, (float)y, 0.0f, 0.0f);
		got = bc_run_queries(&dev, &fetch_uint, view, q, n);
		for (uint32_t i = 0; i < n; i++) {
			uint32_t x = (uint32_t)q[i].coord[0], y = (uint32_t)q[i].coord[1];
			uint32_t want[4] = { 0, 0, 0, 1 };

			memcpy(want, model_block(&img, 1, 1, x, y), bb);
			if (memcmp(&got[4 * i], want, sizeof(want)))
				vk_test_fail(__FILE__, __LINE__,
					     "%s: block (%u, %u) of level 1, layer 1 fetched as "
					     "%08x %08x %08x %08x", bc_name(f), x, y, got[4 * i],
					     got[4 * i + 1], got[4 * i + 2], got[4 * i + 3]);
		}
		free(got);
		free(q);
		vkDestroyImageView(dev.device, view, NULL);

		if (usage & VK_IMAGE_USAGE_STORAGE_BIT) {
			const VkImageViewUsageCreateInfo storage = {
				.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO,
				.usage = VK_IMAGE_USAGE_STORAGE_BIT,
			};
			uint32_t seed = 6000u * f, variant = 0;

			for (uint32_t y = 0; y < blocks_high(&img, 0); y++)
				for (uint32_t x = 0; x < blocks_wide(&img, 0); x++)
					vk_bc_random_block(f, variant++, &seed,
							   model_block(&img, 0, 0, x, y));
			view = bc_view(&dev, img.image, plain, VK_IMAGE_VIEW_TYPE_2D, 0, 1, 0, 1,
				       &storage);
			store_blocks(&dev, &img, view);
			vkDestroyImageView(dev.device, view, NULL);
			check_fetch_level0(&dev, &fetch_float, &img);
			bc_check_blocks(&dev, &img, "blocks stored through a block-texel view");
			stored++;
		}
		bc_image_destroy(&dev, &img);
		tested++;
	}
	bc_sampling_destroy(&dev, &fetch_uint);
	bc_sampling_destroy(&dev, &fetch_float);
	vk_dev_destroy(&dev);
	printf("# %u BC formats read through block-texel views, %u written through them\n", tested,
	       stored);
	REQUIRE(tested == BC_FORMAT_COUNT);
}

/* One blit of image-compressed-bc-blit: source and destination bounds, filter. */
struct blit_case {
	int32_t src[4], dst[4];	/* x0, y0, x1, y1 */
	VkFilter filter;
};

static const struct blit_case blit_cases[] = {
	{ { 0, 0, BC_WIDTH, BC_HEIGHT }, { 0, 0, BC_WIDTH, BC_HEIGHT }, VK_FILTER_NEAREST },
	{ { 0, 0, BC_WIDTH, BC_HEIGHT }, { 0, 0, 9, 5 }, VK_FILTER_LINEAR },
	{ { 2, 1, 11, 7 }, { 0, 0, 20, 13 }, VK_FILTER_LINEAR },
	{ { 17, 0, 3, 10 }, { 0, 0, 7, 4 }, VK_FILTER_NEAREST },
};

#define BLIT_DST_WIDTH	20
#define BLIT_DST_HEIGHT	13

/* The reference of destination texel (i, j) of @c: the specification's blit coordinates. */
static void model_blit(struct bc_image *img, const struct blit_case *c, int i, int j, float out[4],
		       float *slack)
{
	float u = (float)c->src[0] + ((float)i + 0.5f - (float)c->dst[0]) *
		  (float)(c->src[2] - c->src[0]) / (float)(c->dst[2] - c->dst[0]);
	float v = (float)c->src[1] + ((float)j + 0.5f - (float)c->dst[1]) *
		  (float)(c->src[3] - c->src[1]) / (float)(c->dst[3] - c->dst[1]);

	*slack = 0.0f;
	if (c->filter == VK_FILTER_LINEAR) {
		model_linear(img, 0, 0, u, v, out, slack);
		return;
	}
	model_texel(img, 0, 0, (uint32_t)clampi((int)floorf(u), 0, (int)img->width - 1),
		    (uint32_t)clampi((int)floorf(v), 0, (int)img->height - 1), out);
}

VK_TEST(image_compressed_bc_blit, "image-compressed-bc-blit")
{
	const VkFormat dst_format = VK_FORMAT_R32G32B32A32_SFLOAT;
	unsigned int tested = 0;
	struct vk_dev dev;
	const char *why;

	bc_dev_create(&dev);
	if (!vk_dev_graphics_transfers(&dev, &why)) {
		vk_dev_destroy(&dev);
		vk_test_skip("vkCmdBlitImage needs a graphics queue (%s)", why);
	}
	if (!bc_has_features(&dev, dst_format, VK_FORMAT_FEATURE_BLIT_DST_BIT |
			     VK_FORMAT_FEATURE_TRANSFER_SRC_BIT)) {
		vk_dev_destroy(&dev);
		vk_test_skip("R32G32B32A32_SFLOAT is no blit destination");
	}
	printf("# blits on %s\n", why);
	for (VkFormat f = VK_FORMAT_BC1_RGB_UNORM_BLOCK; f <= VK_FORMAT_BC7_SRGB_BLOCK; f++) {
		struct bc_image img;
		struct vk_buf readback;
		VkImage dst;
		VkDeviceMemory dst_memory;
		VkCommandBuffer cmd;

		if (!bc_has_features(&dev, f, bc_sample_features | VK_FORMAT_FEATURE_BLIT_SRC_BIT))
			continue;
		bc_image_create(&dev, f, BC_WIDTH, BC_HEIGHT, 1, 1, 1, 0, 0, 7000u * f, &img);
		bc_upload(&dev, &img);
		const VkImageCreateInfo dst_info = {
			.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
			.imageType = VK_IMAGE_TYPE_2D, .format = dst_format,
			.extent = { BLIT_DST_WIDTH, BLIT_DST_HEIGHT, 1 }, .mipLevels = 1,
			.arrayLayers = 1, .samples = VK_SAMPLE_COUNT_1_BIT,
			.tiling = VK_IMAGE_TILING_OPTIMAL,
			.usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
			.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
		};
		VK_CHECK(vkCreateImage(dev.device, &dst_info, NULL, &dst));
		dst_memory = bind_memory(&dev, dst);
		vk_buf_create(&dev, BLIT_DST_WIDTH * BLIT_DST_HEIGHT * 16,
			      VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback);
		for (size_t k = 0; k < sizeof(blit_cases) / sizeof(blit_cases[0]); k++) {
			const struct blit_case *c = &blit_cases[k];
			int w = abs(c->dst[2] - c->dst[0]), h = abs(c->dst[3] - c->dst[1]);
			const VkImageBlit region = {
				.srcSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
				.srcOffsets = { { c->src[0], c->src[1], 0 }, { c->src[2], c->src[3], 1 } },
				.dstSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
				.dstOffsets = { { c->dst[0], c->dst[1], 0 }, { c->dst[2], c->dst[3], 1 } },
			};
			const VkBufferImageCopy back = {
				.imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
				.imageExtent = { (uint32_t)w, (uint32_t)h, 1 },
			};

			cmd = vk_cmd_begin(&dev);
			barrier(cmd, dst, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL);
			vkCmdBlitImage(cmd, img.image, VK_IMAGE_LAYOUT_GENERAL, dst,
				       VK_IMAGE_LAYOUT_GENERAL, 1, &region, c->filter);
			vk_cmd_barrier(cmd);
			vkCmdCopyImageToBuffer(cmd, dst, VK_IMAGE_LAYOUT_GENERAL, readback.buffer, 1,
					       &back);
			vk_cmd_barrier(cmd);
			vk_cmd_submit_wait(&dev, cmd, 0);
			for (int j = 0; j < h; j++) {
				for (int i = 0; i < w; i++) {
					const float *got = (const float *)readback.map + 4 * (j * w + i);
					float want[4], slack;

					model_blit(&img, c, i, j, want, &slack);
					for (unsigned int ch = 0; ch < 4; ch++) {
						float tol = vk_bc_tolerance(f, want[ch]) + slack / 16.0f;

						if (fabsf(got[ch] - want[ch]) > tol)
							vk_test_fail(__FILE__, __LINE__,
								     "%s: blit %zu (%s), texel (%d, %d) "
								     "channel %u is %.9g, want %.9g",
								     bc_name(f), k,
								     c->filter == VK_FILTER_LINEAR ?
								     "linear" : "nearest", i, j, ch,
								     got[ch], want[ch]);
					}
				}
			}
		}
		vk_buf_destroy(&dev, &readback);
		vkDestroyImage(dev.device, dst, NULL);
		vkFreeMemory(dev.device, dst_memory, NULL);
		bc_image_destroy(&dev, &img);
		tested++;
	}
	vk_dev_destroy(&dev);
	printf("# %u BC formats blitted, %zu blits each\n", tested,
	       sizeof(blit_cases) / sizeof(blit_cases[0]));
	REQUIRE(tested == BC_FORMAT_COUNT);
}
