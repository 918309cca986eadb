/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Format-properties honesty: every reported feature, exercised
 *
 * For every VkFormat (the core range and the extensions' runs of vk.xml)
 * and each tiling, every feature the device reports is used the way it
 * says it can be, on a 4x4 image of two levels (or as many as the tiling
 * allows) holding texels whose values are known (vk_format_info.c):
 *
 * - TRANSFER_DST/SRC: buffer -> image -> buffer, bit for bit;
 * - SAMPLED_IMAGE: texelFetch and textureLod at texel centres of both
 *   levels, every aspect, against the specification's conversion rules
 *   (BC formats: against vk_bc.c's decoder of the blocks);
 * - SAMPLED_IMAGE_FILTER_LINEAR: two linear samples between texels;
 * - SAMPLED_IMAGE_DEPTH_COMPARISON: a shadow sample of every texel;
 * - STORAGE_IMAGE: imageLoad of known texels, imageStore of known values
 *   read back bit for bit (a shader per SPIR-V image format);
 * - STORAGE_IMAGE_ATOMIC: imageAtomicAdd on R32_UINT/R32_SINT;
 * - BLIT_SRC/BLIT_DST: 1:1 vkCmdBlitImage to and from a 32-bit-per-
 *   component image of the same numeric class (to the same format for
 *   depth/stencil);
 * - UNIFORM/STORAGE_TEXEL_BUFFER(_ATOMIC): the same through buffer views.
 *
 * A pair that is reported and misbehaves fails the test; a pair this
 * suite has no means to exercise (attachments and vertex input without
 * graphics, compressed formats other than BC, Y'CbCr, 64-bit
 * components) is listed as untested, never counted as a pass. Formats
 * are batched into one submission per chunk, with one pipeline per
 * shader variant, so that the test stays cheap under TCG.
 *
 * EMBER_VK_FORMAT=GLOB limits the test to the formats whose name (as
 * printed) matches, one per submission: to find which one faults a device.
 */

#include "vk_bc.h"
#include "vk_format_info.h"
#include "vk_format_shaders.h"
#include "vk_image.h"
#include "vk_test.h"

#include <fnmatch.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define EXTENT		4
#define MAX_LEVELS	2
#define CHUNK		24		/* formats per submission */
#define STAGING_SIZE	(8u << 20)
#define MAX_PIPES	128
#define MAX_OBJECTS	12

enum set_shape {
	SHAPE_SAMPLE,		/* combined image sampler, storage buffer; push constant */
	SHAPE_STORAGE,		/* 2 storage images, 2 storage buffers */
	SHAPE_TEXEL_STORAGE,	/* 2 storage texel buffers, 2 storage buffers */
	SHAPE_TEXEL_UNIFORM,	/* uniform texel buffer, storage buffer */
	SHAPE_ATOMIC_IMAGE,	/* storage image */
	SHAPE_ATOMIC_TEXEL,	/* storage texel buffer */
	SHAPE_COUNT,
};

struct region {
	VkDeviceSize offset, size;
};

struct ctx {
	struct vk_dev dev;
	struct vk_buf staging;
	/*
	 * The staging memory again as buffers of one texel usage each: a view
	 * needs its format to support every texel usage of its buffer.
	 */
	VkBuffer uniform_texels, storage_texels;
	VkDeviceSize used;
	bool flags2;		/* VK_KHR_format_feature_flags2: the 64-bit features */
	VkDescriptorSetLayout set_layouts[SHAPE_COUNT];
	VkPipelineLayout pipe_layouts[SHAPE_COUNT];
	struct {
		const uint32_t *code;
		VkPipeline pipeline;
	} pipes[MAX_PIPES];
	unsigned int pipe_count;
	VkSampler nearest, linear, shadow;
	/* The copy and blit commands, when the driver has them (a missing one fails). */
	bool have_copies, have_blit;
	/* Blits and depth/stencil uploads: graphics-queue commands (vk_dev_graphics_transfers). */
	bool graphics_transfers;
	unsigned int passed, failed, untested;
};

/* The 32-bit-per-component images a blit of a format goes through. */
enum wide_class { WIDE_FLOAT, WIDE_SINT, WIDE_UINT };

/* One format in one tiling: what is exercised, and where its results land. */
struct run {
	const struct vk_format_info *info;
	VkImageTiling tiling;
	VkFormatFeatureFlags2 features, buffer_features;
	VkFormatFeatureFlags2 passed, failed;		/* features exercised */
	VkFormatFeatureFlags2 buffer_passed, buffer_failed;
	uint32_t levels;
	bool is_ds;
	VkDescriptorPool pool;
	VkImage images[MAX_OBJECTS];
	VkDeviceMemory memories[MAX_OBJECTS];
	uint32_t image_levels[MAX_OBJECTS];
	VkImageAspectFlags image_aspects[MAX_OBJECTS];
	unsigned int image_count;
	VkImageView views[MAX_OBJECTS];
	unsigned int view_count;
	VkBufferView buffer_views[MAX_OBJECTS];
	unsigned int buffer_view_count;

	/* Aspects: [0] colour or depth, [1] stencil. */
	VkImage src;
	struct region pattern[2], readback[2], sampled[2];
	bool sample[2];
	struct region filtered, shadowed;
	bool filter, shadow;
	const struct vk_storage_shaders *storage_spv;
	VkImage storage_dst;
	struct region storage_in, storage_load, storage_readback;
	VkImage atomic;
	struct region atomic_readback;
	enum wide_class wide;
	VkImage wide_from, wide_to, blit_dst;
	struct region wide_pattern, wide_readback, blit_readback[2];
	struct region texel_pattern, texel_fetch, texel_dst, texel_in, texel_load, texel_atomic;
	bool texel_uniform, texel_storage, texel_atomic_ok;

	char untested[320];
};

static const char *tiling_name(VkImageTiling tiling)
{
	return tiling == VK_IMAGE_TILING_LINEAR ? "linear" : "optimal";
}

/* A region of staging memory aligned for anything (256) and to texels of @texel bytes. */
static struct region alloc_texels(struct ctx *c, VkDeviceSize size, VkDeviceSize texel)
{
	VkDeviceSize align = 256;
	struct region r;

	while (align % texel)
		align += 256;
	r.offset = (c->used + align - 1) / align * align;
	r.size = size;
	c->used = r.offset + size;
	REQUIRE(c->used <= STAGING_SIZE);
	memset((uint8_t *)c->staging.map + r.offset, 0, size);
	return r;
}

static struct region alloc_region(struct ctx *c, VkDeviceSize size)
{
	return alloc_texels(c, size, 1);
}

static uint8_t *at(struct ctx *c, struct region r)
{
	return (uint8_t *)c->staging.map + r.offset;
}

static const struct vk_texel_layout *aspect_layout(const struct run *r, unsigned int a)
{
	return a || !r->info->color.bytes ? &r->info->stencil : &r->info->color;
}

static VkImageAspectFlags aspect_bit(const struct run *r, unsigned int a)
{
	if (!r->is_ds)
		return VK_IMAGE_ASPECT_COLOR_BIT;
	return a || !r->info->color.bytes ? VK_IMAGE_ASPECT_STENCIL_BIT : VK_IMAGE_ASPECT_DEPTH_BIT;
}

/* Aspect 1 exists only for formats with both depth and stencil. */
static bool has_aspect(const struct run *r, unsigned int a)
{
	return !a || (r->info->stencil.bytes && r->info->color.bytes);
}

static uint32_t level_blocks(const struct run *r, uint32_t level)
{
	uint32_t w = EXTENT >> level;

	return ((w + r->info->block_w - 1) / r->info->block_w) *
	       ((w + r->info->block_h - 1) / r->info->block_h);
}

static uint32_t all_blocks(const struct run *r)
{
	uint32_t n = 0;

	for (uint32_t l = 0; l < r->levels; l++)
		n += level_blocks(r, l);
	return n;
}

/* A BC format, which vk_bc.c decodes block by block. */
static bool is_bc(const struct run *r)
{
	return vk_bc_format(r->info->format);
}

/* Texels of the image's levels, row after row, level after level. */
static uint32_t all_texels(const struct run *r)
{
	uint32_t n = 0;

	for (uint32_t l = 0; l < r->levels; l++)
		n += (EXTENT >> l) * (EXTENT >> l);
	return n;
}

/* Whether shaders can read @l and the test can say what they read (BC: is_bc()). */
static bool decodable(const struct vk_texel_layout *l)
{
	if (!l->bytes || l->numeric == VK_NUM_COMPRESSED)
		return false;
	for (unsigned int i = 0; i < l->count; i++)
		if (l->c[i].bits > 32)
			return false;
	return true;
}

/* 0: float, 1: int, 2: uint (vk_format_shaders.h). */
static unsigned int sampled_type(const struct vk_texel_layout *l)
{
	if (!vk_layout_is_integer(l))
		return 0;
	return vk_layout_is_signed(l) ? 1 : 2;
}

static void note_untested(struct run *r, const char *why)
{
	size_t len = strlen(r->untested);

	snprintf(r->untested + len, sizeof(r->untested) - len, "%s%s", len ? ", " : "", why);
}

static VkPipeline pipeline(struct ctx *c, const struct vk_spirv *spirv, enum set_shape shape)
{
	VkShaderModule module;
	VkPipeline p;

	for (unsigned int i = 0; i < c->pipe_count; i++)
		if (c->pipes[i].code == spirv->code)
			return c->pipes[i].pipeline;
	REQUIRE(c->pipe_count < MAX_PIPES);
	const VkShaderModuleCreateInfo module_info = {
		.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
		.codeSize = spirv->size, .pCode = spirv->code,
	};
	VK_CHECK(vkCreateShaderModule(c->dev.device, &module_info, NULL, &module));
	const VkComputePipelineCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
		.stage = {
			.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
			.stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = module, .pName = "main",
		},
		.layout = c->pipe_layouts[shape],
	};
	VK_CHECK(vkCreateComputePipelines(c->dev.device, VK_NULL_HANDLE, 1, &info, NULL, &p));
	vkDestroyShaderModule(c->dev.device, module, NULL);
	c->pipes[c->pipe_count].code = spirv->code;
	c->pipes[c->pipe_count++].pipeline = p;
	return p;
}

static const VkDescriptorType shape_types[SHAPE_COUNT][4] = {
	[SHAPE_SAMPLE] = { VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
			   VK_DESCRIPTOR_TYPE_STORAGE_BUFFER },
	[SHAPE_STORAGE] = { VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
			    VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER },
	[SHAPE_TEXEL_STORAGE] = { VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER,
				  VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER,
				  VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
				  VK_DESCRIPTOR_TYPE_STORAGE_BUFFER },
	[SHAPE_TEXEL_UNIFORM] = { VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER,
				  VK_DESCRIPTOR_TYPE_STORAGE_BUFFER },
	[SHAPE_ATOMIC_IMAGE] = { VK_DESCRIPTOR_TYPE_STORAGE_IMAGE },
	[SHAPE_ATOMIC_TEXEL] = { VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER },
};
static const uint32_t shape_counts[SHAPE_COUNT] = { 2, 4, 4, 2, 1, 1 };

static void create_layouts(struct ctx *c)
{
	const VkPushConstantRange push = { VK_SHADER_STAGE_COMPUTE_BIT, 0, 4 };

	for (unsigned int s = 0; s < SHAPE_COUNT; s++) {
		VkDescriptorSetLayoutBinding bindings[4];

		for (uint32_t b = 0; b < shape_counts[s]; b++)
			bindings[b] = (VkDescriptorSetLayoutBinding) {
				b, shape_types[s][b], 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL,
			};
		const VkDescriptorSetLayoutCreateInfo info = {
			.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
			.bindingCount = shape_counts[s], .pBindings = bindings,
		};
		VK_CHECK(vkCreateDescriptorSetLayout(c->dev.device, &info, NULL,
						     &c->set_layouts[s]));
		const VkPipelineLayoutCreateInfo layout_info = {
			.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
			.setLayoutCount = 1, .pSetLayouts = &c->set_layouts[s],
			.pushConstantRangeCount = s == SHAPE_SAMPLE ? 1 : 0,
			.pPushConstantRanges = &push,
		};
		VK_CHECK(vkCreatePipelineLayout(c->dev.device, &layout_info, NULL,
						&c->pipe_layouts[s]));
	}
}

static VkSampler make_sampler(struct ctx *c, VkFilter filter, bool compare)
{
	const VkSamplerCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
		.magFilter = filter, .minFilter = filter,
		.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
		.addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
		.addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
		.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
		.compareEnable = compare, .compareOp = VK_COMPARE_OP_LESS_OR_EQUAL,
		.maxLod = VK_LOD_CLAMP_NONE,
	};
	VkSampler s;

	VK_CHECK(vkCreateSampler(c->dev.device, &info, NULL, &s));
	return s;
}

/* The features of @format; with VK_KHR_format_feature_flags2 the 64-bit ones. */
static void query_features(struct ctx *c, VkFormat format, VkFormatFeatureFlags2 *linear,
			   VkFormatFeatureFlags2 *optimal, VkFormatFeatureFlags2 *buffer)
{
	VkFormatProperties3 p3 = { .sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3 };
	VkFormatProperties2 p2 = {
		.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2, .pNext = c->flags2 ? &p3 : NULL,
	};

	vkGetPhysicalDeviceFormatProperties2(c->dev.physical, format, &p2);
	*linear = c->flags2 ? p3.linearTilingFeatures : p2.formatProperties.linearTilingFeatures;
	*optimal = c->flags2 ? p3.optimalTilingFeatures :
		   p2.formatProperties.optimalTilingFeatures;
	*buffer = c->flags2 ? p3.bufferFeatures : p2.formatProperties.bufferFeatures;
}

static VkImage make_image(struct ctx *c, struct run *r, VkFormat format, VkImageTiling tiling,
			  uint32_t levels, VkImageUsageFlags usage, VkImageAspectFlags aspects)
{
	const VkImageCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
		.imageType = VK_IMAGE_TYPE_2D, .format = format,
		.extent = { EXTENT, EXTENT, 1 }, .mipLevels = levels, .arrayLayers = 1,
		.samples = VK_SAMPLE_COUNT_1_BIT, .tiling = tiling, .usage = usage,
		.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
	};
	VkMemoryRequirements req;
	VkImage image;

	REQUIRE(r->image_count < MAX_OBJECTS);
	VK_CHECK(vkCreateImage(c->dev.device, &info, NULL, &image));
	vkGetImageMemoryRequirements(c->dev.device, image, &req);
	REQUIRE(req.memoryTypeBits & (1u << c->dev.memory_type));
	const VkMemoryAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
		.allocationSize = req.size, .memoryTypeIndex = c->dev.memory_type,
	};
	VK_CHECK(vkAllocateMemory(c->dev.device, &alloc, NULL, &r->memories[r->image_count]));
	VK_CHECK(vkBindImageMemory(c->dev.device, image, r->memories[r->image_count], 0));
	r->image_levels[r->image_count] = levels;
	r->image_aspects[r->image_count] = aspects;
	r->images[r->image_count++] = image;
	return image;
}

static VkImageView make_view(struct ctx *c, struct run *r, VkImage image, VkFormat format,
			     VkImageAspectFlags aspect, uint32_t levels)
{
	const VkImageViewCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
		.image = image, .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = format,
		.subresourceRange = { aspect, 0, levels, 0, 1 },
	};
	VkImageView view;

	REQUIRE(r->view_count < MAX_OBJECTS);
	VK_CHECK(vkCreateImageView(c->dev.device, &info, NULL, &view));
	r->views[r->view_count++] = view;
	return view;
}

static VkBufferView make_buffer_view(struct ctx *c, struct run *r, VkBuffer buffer,
				     struct region region)
{
	const VkBufferViewCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
		.buffer = buffer, .format = r->info->format,
		.offset = region.offset, .range = region.size,
	};
	VkBufferView view;

	REQUIRE(r->buffer_view_count < MAX_OBJECTS);
	VK_CHECK(vkCreateBufferView(c->dev.device, &info, NULL, &view));
	r->buffer_views[r->buffer_view_count++] = view;
	return view;
}

/* One descriptor: an image view (+ sampler), a staging region or a buffer view. */
struct binding {
	VkImageView view;
	VkSampler sampler;
	struct region buffer;
	VkBufferView texel;
};

static VkDescriptorSet make_set(struct ctx *c, struct run *r, enum set_shape shape,
				const struct binding *b)
{
	const VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = r->pool, .descriptorSetCount = 1,
		.pSetLayouts = &c->set_layouts[shape],
	};
	VkDescriptorImageInfo images[4];
	VkDescriptorBufferInfo buffers[4];
	VkWriteDescriptorSet writes[4];
	VkDescriptorSet set;

	VK_CHECK(vkAllocateDescriptorSets(c->dev.device, &alloc, &set));
	for (uint32_t i = 0; i < shape_counts[shape]; i++) {
		images[i] = (VkDescriptorImageInfo) {
			b[i].sampler, b[i].view, VK_IMAGE_LAYOUT_GENERAL,
		};
		buffers[i] = (VkDescriptorBufferInfo) {
			c->staging.buffer, b[i].buffer.offset, b[i].buffer.size,
		};
		writes[i] = (VkWriteDescriptorSet) {
			.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
			.dstSet = set, .dstBinding = i, .descriptorCount = 1,
			.descriptorType = shape_types[shape][i],
			.pImageInfo = &images[i], .pBufferInfo = &buffers[i],
			.pTexelBufferView = &b[i].texel,
		};
	}
	vkUpdateDescriptorSets(c->dev.device, shape_counts[shape], writes, 0, NULL);
	return set;
}

static void dispatch(struct ctx *c, struct run *r, VkCommandBuffer cmd, enum set_shape shape,
		     const struct vk_spirv *spirv, const struct binding *b, const void *push)
{
	VkDescriptorSet set = make_set(c, r, shape, b);

	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline(c, spirv, shape));
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipe_layouts[shape], 0, 1,
				&set, 0, NULL);
	if (push)
		vkCmdPushConstants(cmd, c->pipe_layouts[shape], VK_SHADER_STAGE_COMPUTE_BIT, 0, 4,
				   push);
	vkCmdDispatch(cmd, 1, 1, 1);
}

/* Copies between @levels levels of one aspect of @image and packed texels at @region. */
static void copy_levels(struct ctx *c, const struct run *r, VkCommandBuffer cmd, VkImage image,
			VkImageAspectFlags aspect, uint32_t texel_bytes, struct region region,
			uint32_t levels, bool to_image)
{
	VkBufferImageCopy copies[MAX_LEVELS];
	VkDeviceSize offset = region.offset;

	for (uint32_t m = 0; m < levels; m++) {
		copies[m] = (VkBufferImageCopy) {
			.bufferOffset = offset,
			.imageSubresource = { aspect, m, 0, 1 },
			.imageExtent = { EXTENT >> m, EXTENT >> m, 1 },
		};
		offset += (VkDeviceSize)level_blocks(r, m) * texel_bytes;
	}
	if (to_image)
		vkCmdCopyBufferToImage(cmd, c->staging.buffer, image, VK_IMAGE_LAYOUT_GENERAL,
				       levels, copies);
	else
		vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_GENERAL, c->staging.buffer,
				       levels, copies);
}

static void fill_pattern(struct ctx *c, const struct vk_texel_layout *l, struct region region,
			 uint32_t blocks, uint32_t seed)
{
	for (uint32_t i = 0; i < blocks; i++)
		vk_format_pattern(l, seed + i, at(c, region) + i * l->bytes);
}

/*
 * Blocks of every mode or branch of @r's BC format (vk_bc.c), never one
 * the specification leaves undefined, as a random pattern could be.
 */
static void fill_bc_pattern(struct ctx *c, const struct run *r, struct region region)
{
	uint32_t bytes = vk_bc_block_bytes(r->info->format), seed = r->info->format;

	for (uint32_t i = 0; i < all_blocks(r); i++)
		vk_bc_random_block(r->info->format, i + r->tiling, &seed, at(c, region) + i * bytes);
}

/* The 16-byte values a shader reads for @count texels at @texels. */
static void fill_decoded(struct ctx *c, const struct vk_texel_layout *l, const uint8_t *texels,
			 struct region out, uint32_t count)
{
	union vk_texel_value *v = (union vk_texel_value *)at(c, out);

	for (uint32_t i = 0; i < count; i++)
		vk_format_decode(l, texels + i * l->bytes, &v[i]);
}

static VkFormat wide_format(enum wide_class w)
{
	static const VkFormat formats[] = {
		VK_FORMAT_R32G32B32A32_SFLOAT, VK_FORMAT_R32G32B32A32_SINT,
		VK_FORMAT_R32G32B32A32_UINT,
	};

	return formats[w];
}

static const struct vk_storage_shaders *storage_shaders(const char *format)
{
	for (unsigned int i = 0; format && i < vk_storage_shader_count; i++)
		if (!strcmp(vk_storage_shaders[i].format, format))
			return &vk_storage_shaders[i];
	return NULL;
}

static bool is_atomic_format(const struct vk_storage_shaders *ss)
{
	return ss && (!strcmp(ss->format, "r32ui") || !strcmp(ss->format, "r32i"));
}

#define HAS(f)		((r->features & VK_FORMAT_FEATURE_2_##f##_BIT) != 0)
#define HAS_BUF(f)	((r->buffer_features & VK_FORMAT_FEATURE_2_##f##_BIT) != 0)
#define F2(f)		VK_FORMAT_FEATURE_2_##f##_BIT

/* Whether the depth aspect of @r may be sampled with a comparison. */
static bool can_compare(const struct ctx *c, const struct run *r)
{
	if (!r->is_ds || !r->info->color.bytes)
		return false;
	/* Before VK_KHR_format_feature_flags2 a sampled depth format is compared too. */
	return c->flags2 ? HAS(SAMPLED_IMAGE_DEPTH_COMPARISON) : HAS(SAMPLED_IMAGE);
}

/* Creates what @r exercises of its image features; fills the host side. */
static void prepare_images(struct ctx *c, struct run *r)
{
	const struct vk_texel_layout *l = aspect_layout(r, 0);
	VkImageUsageFlags usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
	bool readable = decodable(l) || is_bc(r);
	VkImageFormatProperties p;
	VkFormatFeatureFlags2 wl, wo, wb;

	if (!r->features)
		return;
	if (!c->have_copies) {
		r->failed |= r->features & (F2(TRANSFER_SRC) | F2(TRANSFER_DST));
		note_untested(r, "every image feature (no vkCmdCopy*Image* to fill an image)");
		return;
	}
	if (!c->have_blit)
		r->failed |= r->features & (F2(BLIT_SRC) | F2(BLIT_DST));
	if (r->is_ds && !c->graphics_transfers) {
		note_untested(r, "every image feature (depth/stencil uploads need graphics)");
		return;
	}
	if (!HAS(TRANSFER_DST) || !HAS(TRANSFER_SRC)) {
		/* Without both copies there are no known texels to use the rest on. */
		note_untested(r, "every image feature (no TRANSFER_SRC and TRANSFER_DST)");
		return;
	}
	if (HAS(SAMPLED_IMAGE))
		usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
	if (HAS(STORAGE_IMAGE))
		usage |= VK_IMAGE_USAGE_STORAGE_BIT;
	if (vkGetPhysicalDeviceImageFormatProperties(c->dev.physical, r->info->format,
						     VK_IMAGE_TYPE_2D, r->tiling, usage, 0,
						     &p) != VK_SUCCESS) {
		printf("# %s %s: features %#llx reported, but no 2D image of usage %#x\n",
		       r->info->name, tiling_name(r->tiling), (unsigned long long)r->features,
		       usage);
		r->failed |= F2(TRANSFER_SRC) | F2(TRANSFER_DST);
		return;
	}
	r->levels = p.maxMipLevels < MAX_LEVELS ? p.maxMipLevels : MAX_LEVELS;
	r->src = make_image(c, r, r->info->format, r->tiling, r->levels, usage, r->info->aspects);
	for (unsigned int a = 0; a < 2; a++) {
		if (!has_aspect(r, a))
			continue;
		r->pattern[a] = alloc_texels(c, all_blocks(r) * aspect_layout(r, a)->bytes,
					     aspect_layout(r, a)->bytes);
		r->readback[a] = alloc_texels(c, r->pattern[a].size, aspect_layout(r, a)->bytes);
		if (is_bc(r))
			fill_bc_pattern(c, r, r->pattern[a]);
		else
			fill_pattern(c, aspect_layout(r, a), r->pattern[a], all_blocks(r), a * 1000);
		if (HAS(SAMPLED_IMAGE) && (decodable(aspect_layout(r, a)) || is_bc(r))) {
			r->sample[a] = true;
			r->sampled[a] = alloc_region(c, 40 * 16);
		}
	}
	if (HAS(SAMPLED_IMAGE) && !r->sample[0])
		note_untested(r, "SAMPLED_IMAGE(no reference decoder)");
	if (HAS(SAMPLED_IMAGE_FILTER_LINEAR)) {
		if (r->sample[0] && !vk_layout_is_integer(l)) {
			r->filter = true;
			r->filtered = alloc_region(c, 2 * 16);
		} else {
			note_untested(r, "SAMPLED_IMAGE_FILTER_LINEAR(no float reference)");
		}
	}
	if (can_compare(c, r)) {
		r->shadow = true;
		r->shadowed = alloc_region(c, 16 * 4);
	}

	if (HAS(STORAGE_IMAGE)) {
		if (r->storage_spv && readable) {
			r->storage_dst = make_image(c, r, r->info->format, r->tiling, 1,
						    VK_IMAGE_USAGE_STORAGE_BIT |
						    VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
						    VK_IMAGE_ASPECT_COLOR_BIT);
			r->storage_in = alloc_region(c, 16 * 16);
			r->storage_load = alloc_region(c, 16 * 16);
			r->storage_readback = alloc_texels(c, 16 * l->bytes, l->bytes);
			fill_decoded(c, l, at(c, r->pattern[0]), r->storage_in, 16);
		} else {
			note_untested(r, r->is_ds ? "STORAGE_IMAGE(depth/stencil)" :
				      "STORAGE_IMAGE(no SPIR-V image format)");
		}
	}
	if (HAS(STORAGE_IMAGE_ATOMIC)) {
		if (is_atomic_format(r->storage_spv)) {
			r->atomic = make_image(c, r, r->info->format, r->tiling, 1,
					       VK_IMAGE_USAGE_STORAGE_BIT |
					       VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
					       VK_IMAGE_USAGE_TRANSFER_DST_BIT,
					       VK_IMAGE_ASPECT_COLOR_BIT);
			r->atomic_readback = alloc_region(c, 16 * 4);
		} else {
			note_untested(r, "STORAGE_IMAGE_ATOMIC(not R32_UINT/R32_SINT)");
		}
	}

	/* Blits: to and from a 32-bit image of the same class; depth/stencil to itself. */
	if ((!HAS(BLIT_SRC) && !HAS(BLIT_DST)) || !c->have_blit)
		return;
	if (!c->graphics_transfers) {
		note_untested(r, "BLIT_SRC/BLIT_DST(vkCmdBlitImage needs a graphics queue)");
		return;
	}
	r->wide = vk_layout_is_integer(l) ? (vk_layout_is_signed(l) ? WIDE_SINT : WIDE_UINT) :
		  WIDE_FLOAT;
	query_features(c, wide_format(r->wide), &wl, &wo, &wb);
	if (r->is_ds) {
		if (HAS(BLIT_SRC) && HAS(BLIT_DST)) {
			r->blit_dst = make_image(c, r, r->info->format, r->tiling, 1,
						 VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
						 VK_IMAGE_USAGE_TRANSFER_DST_BIT, r->info->aspects);
			for (unsigned int a = 0; a < 2; a++)
				if (has_aspect(r, a))
					r->blit_readback[a] =
						alloc_texels(c, 16 * aspect_layout(r, a)->bytes,
							     aspect_layout(r, a)->bytes);
		} else {
			note_untested(r, "BLIT(depth/stencil blits only to its own format)");
		}
		return;
	}
	if (!readable) {
		note_untested(r, "BLIT_SRC/BLIT_DST(no reference decoder)");
		return;
	}
	if (HAS(BLIT_SRC) && (wo & F2(BLIT_DST))) {
		r->wide_to = make_image(c, r, wide_format(r->wide), VK_IMAGE_TILING_OPTIMAL, 1,
					VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
					VK_IMAGE_USAGE_TRANSFER_DST_BIT,
					VK_IMAGE_ASPECT_COLOR_BIT);
		r->wide_readback = alloc_region(c, 16 * 16);
	} else if (HAS(BLIT_SRC)) {
		note_untested(r, "BLIT_SRC(the 32-bit format lacks BLIT_DST)");
	}
	if (HAS(BLIT_DST) && (wo & F2(BLIT_SRC))) {
		r->wide_from = make_image(c, r, wide_format(r->wide), VK_IMAGE_TILING_OPTIMAL, 1,
					  VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
					  VK_IMAGE_USAGE_TRANSFER_DST_BIT,
					  VK_IMAGE_ASPECT_COLOR_BIT);
		r->blit_dst = make_image(c, r, r->info->format, r->tiling, 1,
					 VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
					 VK_IMAGE_USAGE_TRANSFER_DST_BIT,
					 VK_IMAGE_ASPECT_COLOR_BIT);
		r->wide_pattern = alloc_region(c, 16 * 16);
		r->blit_readback[0] = alloc_texels(c, 16 * l->bytes, l->bytes);
		fill_decoded(c, l, at(c, r->pattern[0]), r->wide_pattern, 16);
	} else if (HAS(BLIT_DST)) {
		note_untested(r, "BLIT_DST(the 32-bit format lacks BLIT_SRC)");
	}
}

/* Creates what @r exercises of its buffer features; fills the host side. */
static void prepare_buffers(struct ctx *c, struct run *r)
{
	const struct vk_texel_layout *l = &r->info->color;

	if (!r->buffer_features)
		return;
	if (HAS_BUF(VERTEX_BUFFER))
		note_untested(r, "VERTEX_BUFFER(no graphics pipelines in this suite)");
	if (!decodable(l)) {
		if (r->buffer_features & ~F2(VERTEX_BUFFER))
			note_untested(r, "texel buffers(no reference decoder)");
		return;
	}
	r->texel_pattern = alloc_texels(c, 16 * l->bytes, l->bytes);
	fill_pattern(c, l, r->texel_pattern, 16, 5000);
	if (HAS_BUF(UNIFORM_TEXEL_BUFFER)) {
		r->texel_uniform = true;
		r->texel_fetch = alloc_region(c, 16 * 16);
	}
	if (HAS_BUF(STORAGE_TEXEL_BUFFER)) {
		if (r->storage_spv) {
			r->texel_storage = true;
			r->texel_dst = alloc_texels(c, 16 * l->bytes, l->bytes);
			r->texel_in = alloc_region(c, 16 * 16);
			r->texel_load = alloc_region(c, 16 * 16);
			fill_decoded(c, l, at(c, r->texel_pattern), r->texel_in, 16);
		} else {
			note_untested(r, "STORAGE_TEXEL_BUFFER(no SPIR-V image format)");
		}
	}
	if (HAS_BUF(STORAGE_TEXEL_BUFFER_ATOMIC)) {
		if (is_atomic_format(r->storage_spv)) {
			r->texel_atomic_ok = true;
			r->texel_atomic = alloc_region(c, 16 * 4);
			memcpy(at(c, r->texel_atomic), at(c, r->texel_pattern), 16 * 4);
		} else {
			note_untested(r, "STORAGE_TEXEL_BUFFER_ATOMIC(not R32_UINT/R32_SINT)");
		}
	}
}

static void record_uploads(struct ctx *c, struct run *r, VkCommandBuffer cmd)
{
	if (!r->src)
		return;
	for (unsigned int a = 0; a < 2; a++)
		if (has_aspect(r, a))
			copy_levels(c, r, cmd, r->src, aspect_bit(r, a), aspect_layout(r, a)->bytes,
				    r->pattern[a], r->levels, true);
	if (r->atomic)
		copy_levels(c, r, cmd, r->atomic, VK_IMAGE_ASPECT_COLOR_BIT, 4, r->pattern[0], 1,
			    true);
	if (r->wide_from)
		copy_levels(c, r, cmd, r->wide_from, VK_IMAGE_ASPECT_COLOR_BIT, 16,
			    r->wide_pattern, 1, true);
}

static VkImageBlit blit_region(VkImageAspectFlags aspects)
{
	return (VkImageBlit) {
		.srcSubresource = { aspects, 0, 0, 1 },
		.srcOffsets = { { 0, 0, 0 }, { EXTENT, EXTENT, 1 } },
		.dstSubresource = { aspects, 0, 0, 1 },
		.dstOffsets = { { 0, 0, 0 }, { EXTENT, EXTENT, 1 } },
	};
}

static void record_uses(struct ctx *c, struct run *r, VkCommandBuffer cmd)
{
	const struct vk_texel_layout *l = aspect_layout(r, 0);
	int32_t levels = (int32_t)r->levels;
	float reference = 0.5f;

	for (unsigned int a = 0; r->src && a < 2; a++) {
		if (!has_aspect(r, a))
			continue;
		copy_levels(c, r, cmd, r->src, aspect_bit(r, a), aspect_layout(r, a)->bytes,
			    r->readback[a], r->levels, false);
		if (r->sample[a]) {
			const struct binding b[] = {
				{ .view = make_view(c, r, r->src, r->info->format, aspect_bit(r, a),
						    r->levels), .sampler = c->nearest },
				{ .buffer = r->sampled[a] },
			};

			dispatch(c, r, cmd, SHAPE_SAMPLE,
				 &vk_format_sample_spv[sampled_type(aspect_layout(r, a))], b,
				 &levels);
		}
	}
	if (r->filter) {
		const struct binding b[] = {
			{ .view = make_view(c, r, r->src, r->info->format, aspect_bit(r, 0), 1),
			  .sampler = c->linear },
			{ .buffer = r->filtered },
		};

		dispatch(c, r, cmd, SHAPE_SAMPLE, &vk_format_filter_spv, b, &levels);
	}
	if (r->shadow) {
		const struct binding b[] = {
			{ .view = make_view(c, r, r->src, r->info->format,
					    VK_IMAGE_ASPECT_DEPTH_BIT, 1), .sampler = c->shadow },
			{ .buffer = r->shadowed },
		};

		dispatch(c, r, cmd, SHAPE_SAMPLE, &vk_format_shadow_spv, b, &reference);
	}
	if (r->storage_dst) {
		const struct binding b[] = {
			{ .view = make_view(c, r, r->src, r->info->format,
					    VK_IMAGE_ASPECT_COLOR_BIT, 1) },
			{ .view = make_view(c, r, r->storage_dst, r->info->format,
					    VK_IMAGE_ASPECT_COLOR_BIT, 1) },
			{ .buffer = r->storage_in }, { .buffer = r->storage_load },
		};

		dispatch(c, r, cmd, SHAPE_STORAGE, &r->storage_spv->image, b, NULL);
	}
	if (r->atomic) {
		const struct binding b[] = {
			{ .view = make_view(c, r, r->atomic, r->info->format,
					    VK_IMAGE_ASPECT_COLOR_BIT, 1) },
		};

		dispatch(c, r, cmd, SHAPE_ATOMIC_IMAGE,
			 &vk_format_atomic_image_spv[vk_layout_is_signed(l)], b, NULL);
	}
	if (r->is_ds && r->blit_dst) {
		VkImageBlit region = blit_region(r->info->aspects);

		vkCmdBlitImage(cmd, r->src, VK_IMAGE_LAYOUT_GENERAL, r->blit_dst,
			       VK_IMAGE_LAYOUT_GENERAL, 1, &region, VK_FILTER_NEAREST);
	}
	if (r->wide_to) {
		VkImageBlit region = blit_region(VK_IMAGE_ASPECT_COLOR_BIT);

		vkCmdBlitImage(cmd, r->src, VK_IMAGE_LAYOUT_GENERAL, r->wide_to,
			       VK_IMAGE_LAYOUT_GENERAL, 1, &region, VK_FILTER_NEAREST);
	}
	if (r->wide_from) {
		VkImageBlit region = blit_region(VK_IMAGE_ASPECT_COLOR_BIT);

		vkCmdBlitImage(cmd, r->wide_from, VK_IMAGE_LAYOUT_GENERAL, r->blit_dst,
			       VK_IMAGE_LAYOUT_GENERAL, 1, &region, VK_FILTER_NEAREST);
	}

	const struct vk_texel_layout *bl = &r->info->color;

	if (r->texel_uniform) {
		const struct binding b[] = {
			{ .texel = make_buffer_view(c, r, c->uniform_texels, r->texel_pattern) },
			{ .buffer = r->texel_fetch },
		};

		dispatch(c, r, cmd, SHAPE_TEXEL_UNIFORM,
			 &vk_format_texel_uniform_spv[sampled_type(bl)], b, NULL);
	}
	if (r->texel_storage) {
		const struct binding b[] = {
			{ .texel = make_buffer_view(c, r, c->storage_texels, r->texel_pattern) },
			{ .texel = make_buffer_view(c, r, c->storage_texels, r->texel_dst) },
			{ .buffer = r->texel_in }, { .buffer = r->texel_load },
		};

		dispatch(c, r, cmd, SHAPE_TEXEL_STORAGE, &r->storage_spv->texel_buffer, b, NULL);
	}
	if (r->texel_atomic_ok) {
		const struct binding b[] = {
			{ .texel = make_buffer_view(c, r, c->storage_texels, r->texel_atomic) },
		};

		dispatch(c, r, cmd, SHAPE_ATOMIC_TEXEL,
			 &vk_format_atomic_texel_spv[vk_layout_is_signed(bl)], b, NULL);
	}
}

static void record_readbacks(struct ctx *c, struct run *r, VkCommandBuffer cmd)
{
	if (r->storage_dst)
		copy_levels(c, r, cmd, r->storage_dst, VK_IMAGE_ASPECT_COLOR_BIT,
			    aspect_layout(r, 0)->bytes, r->storage_readback, 1, false);
	if (r->atomic)
		copy_levels(c, r, cmd, r->atomic, VK_IMAGE_ASPECT_COLOR_BIT, 4,
			    r->atomic_readback, 1, false);
	if (r->wide_to)
		copy_levels(c, r, cmd, r->wide_to, VK_IMAGE_ASPECT_COLOR_BIT, 16,
			    r->wide_readback, 1, false);
	for (unsigned int a = 0; r->blit_dst && a < 2; a++)
		if (has_aspect(r, a))
			copy_levels(c, r, cmd, r->blit_dst, aspect_bit(r, a),
				    aspect_layout(r, a)->bytes, r->blit_readback[a], 1, false);
}

/* Compares what a shader read (@got) with the texels' values; reports the first miss. */
static bool values_match(const struct run *r, const char *what, const struct vk_texel_layout *l,
			 const union vk_texel_value *got, const union vk_texel_value *want,
			 uint32_t count, unsigned int components, bool filtered)
{
	for (uint32_t i = 0; i < count; i++)
		for (unsigned int ch = 0; ch < components; ch++) {
			bool ok;

			if (vk_layout_is_integer(l))
				ok = got[i].u[ch] == want[i].u[ch];
			else if (is_bc(r))
				/* A sampler's filtering may round BC's interpolation again. */
				ok = fabsf(got[i].f[ch] - want[i].f[ch]) <=
				     vk_bc_tolerance(r->info->format, want[i].f[ch]) *
				     (filtered ? 2.0f : 1.0f);
			else
				ok = fabsf(got[i].f[ch] - want[i].f[ch]) <=
				     vk_format_tolerance(l, ch, want[i].f[ch], filtered);
			if (ok)
				continue;
			if (vk_layout_is_integer(l))
				printf("# %s %s %s: texel %u component %u: %#x, expected %#x\n",
				       r->info->name, tiling_name(r->tiling), what, i, ch,
				       got[i].u[ch], want[i].u[ch]);
			else
				printf("# %s %s %s: texel %u component %u: %.9g, expected %.9g\n",
				       r->info->name, tiling_name(r->tiling), what, i, ch,
				       got[i].f[ch], want[i].f[ch]);
			return false;
		}
	return true;
}

static bool bytes_match(const struct run *r, const char *what, const struct vk_texel_layout *l,
			const uint8_t *got, const uint8_t *want, uint32_t count)
{
	for (uint32_t i = 0; i < count; i++) {
		if (vk_format_texels_equal(l, got + i * l->bytes, want + i * l->bytes))
			continue;
		printf("# %s %s %s: texel %u differs:", r->info->name, tiling_name(r->tiling),
		       what, i);
		for (unsigned int b = 0; b < l->bytes; b++)
			printf(" %02x/%02x", got[i * l->bytes + b], want[i * l->bytes + b]);
		printf(" (got/expected)\n");
		return false;
	}
	return true;
}

static void verdict(VkFormatFeatureFlags2 *passed, VkFormatFeatureFlags2 *failed,
		    VkFormatFeatureFlags2 features, bool ok)
{
	*(ok ? passed : failed) |= features;
}

/* The values of @count texels of @l at @texels, decoded. */
static void decode_all(const struct vk_texel_layout *l, const uint8_t *texels, uint32_t count,
		       union vk_texel_value *out)
{
	for (uint32_t i = 0; i < count; i++)
		vk_format_decode(l, texels + i * l->bytes, &out[i]);
}

/*
 * The values of every texel of @r's levels (all_texels() of them) from
 * the blocks at @blocks, in row-major order, level after level.
 */
static void decode_bc_levels(const struct run *r, const uint8_t *blocks,
			     union vk_texel_value *out)
{
	uint32_t bytes = vk_bc_block_bytes(r->info->format), n = 0;

	for (uint32_t m = 0; m < r->levels; m++) {
		uint32_t w = EXTENT >> m, bw = (w + 3) / 4;

		for (uint32_t y = 0; y < w; y++) {
			for (uint32_t x = 0; x < w; x++) {
				float texels[16][4];

				vk_bc_decode(r->info->format, blocks + ((y / 4) * bw + x / 4) * bytes,
					     texels);
				memcpy(out[n++].f, texels[(y % 4) * 4 + x % 4], sizeof(texels[0]));
			}
		}
		blocks += (size_t)level_blocks(r, m) * bytes;
	}
}

/* What shaders read from @l's texels at @texels: all_texels() values. */
static void expected_values(const struct run *r, const struct vk_texel_layout *l,
			    const uint8_t *texels, union vk_texel_value *out)
{
	if (is_bc(r))
		decode_bc_levels(r, texels, out);
	else
		decode_all(l, texels, all_texels(r), out);
}

static void check_images(struct ctx *c, struct run *r)
{
	const struct vk_texel_layout *l = aspect_layout(r, 0);
	union vk_texel_value want[40], filt[2];
	unsigned int components = r->is_ds ? 1 : 4;
	uint32_t texels = all_blocks(r);
	bool ok = true;

	if (!r->src)
		return;
	for (unsigned int a = 0; a < 2; a++)
		if (has_aspect(r, a))
			ok &= bytes_match(r, "buffer->image->buffer", aspect_layout(r, a),
					  at(c, r->readback[a]), at(c, r->pattern[a]), texels);
	verdict(&r->passed, &r->failed, F2(TRANSFER_SRC) | F2(TRANSFER_DST), ok);

	for (unsigned int a = 0; a < 2; a++) {
		const struct vk_texel_layout *al = aspect_layout(r, a);
		const union vk_texel_value *got =
			(const union vk_texel_value *)at(c, r->sampled[a]);

		if (!r->sample[a])
			continue;
		expected_values(r, al, at(c, r->pattern[a]), want);
		/* Through a sampler, to the precision of filtering (lavapipe: 8-bit). */
		ok = values_match(r, "texelFetch", al, got, want, all_texels(r), components,
				  false) &&
		     values_match(r, "textureLod", al, got + 20, want, all_texels(r), components,
				  true);
		verdict(&r->passed, &r->failed, F2(SAMPLED_IMAGE), ok);
	}
	expected_values(r, l, at(c, r->pattern[0]), want);
	if (r->filter) {
		for (unsigned int ch = 0; ch < 4; ch++) {
			filt[0].f[ch] = (want[0].f[ch] + want[1].f[ch]) / 2;
			filt[1].f[ch] = (want[5].f[ch] + want[6].f[ch] + want[9].f[ch] +
					 want[10].f[ch]) / 4;
		}
		ok = values_match(r, "linear filter", l,
				  (const union vk_texel_value *)at(c, r->filtered), filt, 2,
				  components, true);
		verdict(&r->passed, &r->failed, F2(SAMPLED_IMAGE_FILTER_LINEAR), ok);
	}
	if (r->shadow) {
		const float *got = (const float *)at(c, r->shadowed);

		ok = true;
		for (unsigned int i = 0; i < 16 && ok; i++) {
			float expect = 0.5f <= want[i].f[0] ? 1.0f : 0.0f;

			if (got[i] != expect) {
				printf("# %s %s depth comparison: texel %u (depth %g <= %g) gave "
				       "%g\n", r->info->name, tiling_name(r->tiling), i,
				       0.5, want[i].f[0], got[i]);
				ok = false;
			}
		}
		verdict(&r->passed, &r->failed, c->flags2 ? F2(SAMPLED_IMAGE_DEPTH_COMPARISON) :
			F2(SAMPLED_IMAGE), ok);
	}
	if (r->storage_dst) {
		ok = values_match(r, "imageLoad", l,
				  (const union vk_texel_value *)at(c, r->storage_load), want, 16, 4,
				  false) &
		     bytes_match(r, "imageStore", l, at(c, r->storage_readback),
				 at(c, r->pattern[0]), 16);
		verdict(&r->passed, &r->failed, F2(STORAGE_IMAGE), ok);
	}
	if (r->atomic) {
		const uint32_t *got = (const uint32_t *)at(c, r->atomic_readback);
		const uint32_t *init = (const uint32_t *)at(c, r->pattern[0]);

		ok = true;
		for (unsigned int k = 0; k < 16 && ok; k++)
			if (got[k] != init[k] + 4 * k + 100) {
				printf("# %s %s imageAtomicAdd: texel %u is %#x, expected %#x\n",
				       r->info->name, tiling_name(r->tiling), k, got[k],
				       init[k] + 4 * k + 100);
				ok = false;
			}
		verdict(&r->passed, &r->failed, F2(STORAGE_IMAGE_ATOMIC), ok);
	}
	if (r->wide_to) {
		ok = values_match(r, "vkCmdBlitImage from it", l,
				  (const union vk_texel_value *)at(c, r->wide_readback), want,
				  16, 4, false);
		verdict(&r->passed, &r->failed, F2(BLIT_SRC), ok);
	}
	if (r->wide_from) {
		union vk_texel_value got[16];

		/* Values, not bits: a shared exponent may encode a value two ways. */
		decode_all(l, at(c, r->blit_readback[0]), 16, got);
		ok = values_match(r, "vkCmdBlitImage to it", l, got, want, 16, 4, false);
		verdict(&r->passed, &r->failed, F2(BLIT_DST), ok);
	}
	if (r->is_ds && r->blit_dst) {
		ok = true;
		for (unsigned int a = 0; a < 2; a++)
			if (has_aspect(r, a))
				ok &= bytes_match(r, "vkCmdBlitImage to itself",
						  aspect_layout(r, a), at(c, r->blit_readback[a]),
						  at(c, r->pattern[a]), 16);
		verdict(&r->passed, &r->failed, F2(BLIT_SRC) | F2(BLIT_DST), ok);
	}
}

static void check_buffers(struct ctx *c, struct run *r)
{
	const struct vk_texel_layout *l = &r->info->color;
	union vk_texel_value want[16];
	bool ok;

	if (!r->texel_pattern.size)
		return;
	decode_all(l, at(c, r->texel_pattern), 16, want);
	if (r->texel_uniform) {
		ok = values_match(r, "uniform texel buffer texelFetch", l,
				  (const union vk_texel_value *)at(c, r->texel_fetch), want, 16, 4,
				  false);
		verdict(&r->buffer_passed, &r->buffer_failed, F2(UNIFORM_TEXEL_BUFFER), ok);
	}
	if (r->texel_storage) {
		ok = values_match(r, "storage texel buffer imageLoad", l,
				  (const union vk_texel_value *)at(c, r->texel_load), want, 16, 4,
				  false) &
		     bytes_match(r, "storage texel buffer imageStore", l, at(c, r->texel_dst),
				 at(c, r->texel_pattern), 16);
		verdict(&r->buffer_passed, &r->buffer_failed, F2(STORAGE_TEXEL_BUFFER), ok);
	}
	if (r->texel_atomic_ok) {
		const uint32_t *got = (const uint32_t *)at(c, r->texel_atomic);
		const uint32_t *init = (const uint32_t *)at(c, r->texel_pattern);

		ok = true;
		for (unsigned int k = 0; k < 16 && ok; k++)
			if (got[k] != init[k] + 4 * k + 100) {
				printf("# %s texel buffer imageAtomicAdd: texel %u is %#x, "
				       "expected %#x\n", r->info->name, k, got[k],
				       init[k] + 4 * k + 100);
				ok = false;
			}
		verdict(&r->buffer_passed, &r->buffer_failed, F2(STORAGE_TEXEL_BUFFER_ATOMIC), ok);
	}
}

static const struct {
	VkFormatFeatureFlags2 bit;
	const char *name;
} feature_names[] = {
	{ F2(TRANSFER_SRC), "TRANSFER_SRC" }, { F2(TRANSFER_DST), "TRANSFER_DST" },
	{ F2(SAMPLED_IMAGE), "SAMPLED_IMAGE" },
	{ F2(SAMPLED_IMAGE_FILTER_LINEAR), "SAMPLED_IMAGE_FILTER_LINEAR" },
	{ F2(SAMPLED_IMAGE_DEPTH_COMPARISON), "SAMPLED_IMAGE_DEPTH_COMPARISON" },
	{ F2(STORAGE_IMAGE), "STORAGE_IMAGE" },
	{ F2(STORAGE_IMAGE_ATOMIC), "STORAGE_IMAGE_ATOMIC" },
	{ F2(BLIT_SRC), "BLIT_SRC" }, { F2(BLIT_DST), "BLIT_DST" },
	{ F2(UNIFORM_TEXEL_BUFFER), "UNIFORM_TEXEL_BUFFER" },
	{ F2(STORAGE_TEXEL_BUFFER), "STORAGE_TEXEL_BUFFER" },
	{ F2(STORAGE_TEXEL_BUFFER_ATOMIC), "STORAGE_TEXEL_BUFFER_ATOMIC" },
	{ F2(VERTEX_BUFFER), "VERTEX_BUFFER" },
	{ F2(COLOR_ATTACHMENT), "COLOR_ATTACHMENT" },
	{ F2(COLOR_ATTACHMENT_BLEND), "COLOR_ATTACHMENT_BLEND" },
	{ F2(DEPTH_STENCIL_ATTACHMENT), "DEPTH_STENCIL_ATTACHMENT" },
	{ F2(SAMPLED_IMAGE_FILTER_MINMAX), "SAMPLED_IMAGE_FILTER_MINMAX" },
	{ F2(STORAGE_READ_WITHOUT_FORMAT), "STORAGE_READ_WITHOUT_FORMAT" },
	{ F2(STORAGE_WRITE_WITHOUT_FORMAT), "STORAGE_WRITE_WITHOUT_FORMAT" },
	{ VK_FORMAT_FEATURE_2_ACCELERATION_STRUCTURE_VERTEX_BUFFER_BIT_KHR,
	  "ACCELERATION_STRUCTURE_VERTEX_BUFFER" },
	{ F2(HOST_IMAGE_TRANSFER), "HOST_IMAGE_TRANSFER" },
};

static void print_features(const char *label, VkFormatFeatureFlags2 set)
{
	if (!set)
		return;
	printf(" %s:", label);
	for (size_t i = 0; i < sizeof(feature_names) / sizeof(feature_names[0]); i++)
		if (set & feature_names[i].bit) {
			printf(" %s", feature_names[i].name);
			set &= ~feature_names[i].bit;
		}
	if (set)
		printf(" %#llx", (unsigned long long)set);
	printf(";");
}

static unsigned int bits(VkFormatFeatureFlags2 v)
{
	return (unsigned int)__builtin_popcountll(v);
}

/* Prints @r's pairs; a reported feature neither passed nor failed is untested. */
static void report(struct ctx *c, struct run *r)
{
	VkFormatFeatureFlags2 image_untested = r->features & ~(r->passed | r->failed);
	VkFormatFeatureFlags2 buffer_untested = r->buffer_features &
						~(r->buffer_passed | r->buffer_failed);

	if (!r->features && !r->buffer_features)
		return;
	printf("# %s %s:", r->info->name, tiling_name(r->tiling));
	print_features("ok", r->passed);
	print_features("buffer ok", r->buffer_passed);
	print_features("FAILED", r->failed);
	print_features("buffer FAILED", r->buffer_failed);
	print_features("untested", image_untested);
	print_features("buffer untested", buffer_untested);
	if (r->untested[0])
		printf(" (%s)", r->untested);
	printf("\n");
	fflush(stdout);
	c->passed += bits(r->passed) + bits(r->buffer_passed);
	c->failed += bits(r->failed) + bits(r->buffer_failed);
	c->untested += bits(image_untested) + bits(buffer_untested);
}

static void destroy_run(struct ctx *c, struct run *r)
{
	for (unsigned int i = 0; i < r->view_count; i++)
		vkDestroyImageView(c->dev.device, r->views[i], NULL);
	for (unsigned int i = 0; i < r->buffer_view_count; i++)
		vkDestroyBufferView(c->dev.device, r->buffer_views[i], NULL);
	for (unsigned int i = 0; i < r->image_count; i++) {
		vkDestroyImage(c->dev.device, r->images[i], NULL);
		vkFreeMemory(c->dev.device, r->memories[i], NULL);
	}
	vkDestroyDescriptorPool(c->dev.device, r->pool, NULL);
}

static void make_pool(struct ctx *c, struct run *r)
{
	static const VkDescriptorPoolSize sizes[] = {
		{ VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 8 },
		{ VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 8 },
		{ VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 16 },
		{ VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, 4 },
		{ VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, 8 },
	};
	const VkDescriptorPoolCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.maxSets = 12, .poolSizeCount = sizeof(sizes) / sizeof(sizes[0]),
		.pPoolSizes = sizes,
	};

	VK_CHECK(vkCreateDescriptorPool(c->dev.device, &info, NULL, &r->pool));
}

/* Exercises @count runs in one submission. */
static void run_chunk(struct ctx *c, struct run *runs, unsigned int count)
{
	VkImageMemoryBarrier barriers[CHUNK * MAX_OBJECTS];
	uint32_t barrier_count = 0;
	VkCommandBuffer cmd;

	c->used = 0;
	for (unsigned int i = 0; i < count; i++) {
		make_pool(c, &runs[i]);
		prepare_images(c, &runs[i]);
		prepare_buffers(c, &runs[i]);
		for (unsigned int m = 0; m < runs[i].image_count; m++)
			barriers[barrier_count++] = (VkImageMemoryBarrier) {
				.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
				.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT |
						 VK_ACCESS_TRANSFER_READ_BIT |
						 VK_ACCESS_SHADER_READ_BIT |
						 VK_ACCESS_SHADER_WRITE_BIT,
				.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
				.newLayout = VK_IMAGE_LAYOUT_GENERAL,
				.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
				.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
				.image = runs[i].images[m],
				.subresourceRange = { runs[i].image_aspects[m], 0,
						      runs[i].image_levels[m], 0, 1 },
			};
	}
	cmd = vk_cmd_begin(&c->dev);
	if (barrier_count)
		vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
				     VK_PIPELINE_STAGE_TRANSFER_BIT |
				     VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 0, NULL, 0, NULL,
				     barrier_count, barriers);
	for (unsigned int i = 0; i < count; i++)
		record_uploads(c, &runs[i], cmd);
	vk_cmd_barrier(cmd);
	for (unsigned int i = 0; i < count; i++)
		record_uses(c, &runs[i], cmd);
	vk_cmd_barrier(cmd);
	for (unsigned int i = 0; i < count; i++)
		record_readbacks(c, &runs[i], cmd);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&c->dev, cmd, 0);
	for (unsigned int i = 0; i < count; i++) {
		check_images(c, &runs[i]);
		check_buffers(c, &runs[i]);
		report(c, &runs[i]);
		destroy_run(c, &runs[i]);
	}
}

/* Whether the device knows @format (its extension, for the ones after 1.0). */
static bool format_known(struct ctx *c, VkFormat format)
{
	static const struct {
		uint32_t first, last;
		const char *extension;
	} providers[] = {
		{ 1000330000, 1000330003, VK_EXT_YCBCR_2PLANE_444_FORMATS_EXTENSION_NAME },
		{ 1000340000, 1000340001, VK_EXT_4444_FORMATS_EXTENSION_NAME },
		{ 1000066000, 1000066013, VK_EXT_TEXTURE_COMPRESSION_ASTC_HDR_EXTENSION_NAME },
		{ 1000054000, 1000054007, VK_IMG_FORMAT_PVRTC_EXTENSION_NAME },
	};

	for (size_t i = 0; i < sizeof(providers) / sizeof(providers[0]); i++)
		if ((uint32_t)format >= providers[i].first && (uint32_t)format <= providers[i].last)
			return vk_has_extension(c->dev.physical, providers[i].extension);
	return true;
}

/* A buffer of @usage over the staging buffer's memory. */
static VkBuffer alias_buffer(struct ctx *c, VkBufferUsageFlags usage)
{
	const VkBufferCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
		.size = STAGING_SIZE, .usage = usage, .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
	};
	VkMemoryRequirements req;
	VkBuffer buffer;

	VK_CHECK(vkCreateBuffer(c->dev.device, &info, NULL, &buffer));
	vkGetBufferMemoryRequirements(c->dev.device, buffer, &req);
	REQUIRE(req.memoryTypeBits & (1u << c->dev.memory_type));
	REQUIRE(req.size <= STAGING_SIZE);
	VK_CHECK(vkBindBufferMemory(c->dev.device, buffer, c->staging.memory, 0));
	return buffer;
}

VK_TEST(format_features_exercised, "format-features-exercised")
{
	static struct ctx ctx;
	struct ctx *c = &ctx;
	static struct run runs[CHUNK];
	VkFormat formats[512];
	uint32_t format_count, n = 0;
	const char *why, *only;

	vk_dev_create(&c->dev, NULL);
	c->flags2 = vk_has_extension(c->dev.physical, VK_KHR_FORMAT_FEATURE_FLAGS_2_EXTENSION_NAME);
	vk_buf_create(&c->dev, STAGING_SIZE, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
		      VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
		      &c->staging);
	c->uniform_texels = alias_buffer(c, VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT);
	c->storage_texels = alias_buffer(c, VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT);
	create_layouts(c);
	/* A command the driver lacks is NULL through the loader: calling it would crash. */
	c->have_copies = vkGetDeviceProcAddr(c->dev.device, "vkCmdCopyBufferToImage") &&
			 vkGetDeviceProcAddr(c->dev.device, "vkCmdCopyImageToBuffer");
	c->have_blit = vkGetDeviceProcAddr(c->dev.device, "vkCmdBlitImage");
	if (!c->have_copies || !c->have_blit)
		printf("# the driver lacks%s%s: every format reporting %s fails\n",
		       c->have_copies ? "" : " vkCmdCopyBufferToImage/ImageToBuffer",
		       c->have_blit ? "" : " vkCmdBlitImage",
		       c->have_copies ? "BLIT_*" : "TRANSFER_* or BLIT_*");
	c->graphics_transfers = vk_dev_graphics_transfers(&c->dev, &why);
	printf("# blits and depth/stencil uploads: %s\n", why);
	c->nearest = make_sampler(c, VK_FILTER_NEAREST, false);
	c->linear = make_sampler(c, VK_FILTER_LINEAR, false);
	c->shadow = make_sampler(c, VK_FILTER_NEAREST, true);

	only = getenv("EMBER_VK_FORMAT");
	format_count = vk_format_all(formats, 512);
	for (uint32_t f = 0; f < format_count; f++) {
		const struct vk_format_info *info = vk_format_info_get(formats[f]);
		VkFormatFeatureFlags2 linear, optimal, buffer;

		if (!format_known(c, formats[f]))
			continue;
		query_features(c, formats[f], &linear, &optimal, &buffer);
		if (!linear && !optimal && !buffer)
			continue;
		if (only && (!info || fnmatch(only, info->name, 0)))
			continue;
		if (!info) {
			printf("# VkFormat %d: features reported (linear %#llx, optimal %#llx, "
			       "buffer %#llx), untested: no description of it here\n", formats[f],
			       (unsigned long long)linear, (unsigned long long)optimal,
			       (unsigned long long)buffer);
			c->untested += bits(linear) + bits(optimal) + bits(buffer);
			continue;
		}
		for (unsigned int t = 0; t < 2; t++) {
			struct run *r = &runs[n];

			memset(r, 0, sizeof(*r));
			r->info = info;
			r->tiling = t ? VK_IMAGE_TILING_LINEAR : VK_IMAGE_TILING_OPTIMAL;
			r->features = t ? linear : optimal;
			r->buffer_features = t ? 0 : buffer;
			r->storage_spv = storage_shaders(info->storage);
			r->is_ds = info->aspects & (VK_IMAGE_ASPECT_DEPTH_BIT |
						    VK_IMAGE_ASPECT_STENCIL_BIT);
			if (!r->features && !r->buffer_features)
				continue;
			if (++n == (only ? 1 : CHUNK)) {
				run_chunk(c, runs, n);
				n = 0;
			}
		}
	}
	if (n)
		run_chunk(c, runs, n);

	printf("# %u (format, feature) pairs exercised and behaving, %u misbehaving, %u "
	       "reported but not exercised here\n", c->passed, c->failed, c->untested);
	for (unsigned int i = 0; i < c->pipe_count; i++)
		vkDestroyPipeline(c->dev.device, c->pipes[i].pipeline, NULL);
	for (unsigned int s = 0; s < SHAPE_COUNT; s++) {
		vkDestroyPipelineLayout(c->dev.device, c->pipe_layouts[s], NULL);
		vkDestroyDescriptorSetLayout(c->dev.device, c->set_layouts[s], NULL);
	}
	vkDestroySampler(c->dev.device, c->nearest, NULL);
	vkDestroySampler(c->dev.device, c->linear, NULL);
	vkDestroySampler(c->dev.device, c->shadow, NULL);
	vkDestroyBuffer(c->dev.device, c->uniform_texels, NULL);
	vkDestroyBuffer(c->dev.device, c->storage_texels, NULL);
	vk_buf_destroy(&c->dev, &c->staging);
	if (c->failed)
		vk_test_fail(__FILE__, __LINE__, "%u reported format features misbehave "
			     "(listed above)", c->failed);
	if (!c->passed)
		vk_test_skip("the device reports no format feature");
	vk_dev_destroy(&c->dev);
}
