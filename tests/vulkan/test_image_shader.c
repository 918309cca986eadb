/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The shader features of images
 *
 * Each test enables image shader features at device creation and checks
 * results that only come out right when the feature works: storage images
 * of the extended formats (their conversions and missing components),
 * storage images read and written without a format (the view's format
 * decides), multisampled storage images sample by sample, gathers with
 * non-constant and with four constant offsets, arrays of every image
 * descriptor type indexed dynamically and per invocation, and their
 * update-after-bind descriptors written after the set was bound, and
 * robust image access (reads past the edges and levels, stores past the
 * edges). Images
 * get their contents without copy commands: a
 * first dispatch stores them (imageStore), a second reads them as storage
 * or sampled images; texel buffers through their buffer memory.
 */

#include "vk_test.h"
#include "vk_image.h"
#include "vk_shaders.h"

#include <math.h>
#include <string.h>

/* A 2D image of one level and layer in GENERAL layout, with a view. */
struct test_image {
	VkImage image;
	VkDeviceMemory memory;
	VkImageView view;
};

/* Fails unless @format has every one of @features with optimal tiling. */
static void require_format(struct vk_dev *dev, VkFormat format, VkFormatFeatureFlags features)
{
	VkFormatProperties fp;

	vkGetPhysicalDeviceFormatProperties(dev->physical, format, &fp);
	if ((fp.optimalTilingFeatures & features) != features)
		vk_test_fail(__FILE__, __LINE__, "format %d lacks features %#x", format,
			     features & ~fp.optimalTilingFeatures);
}

/* A @size x @size image of @samples samples per texel. */
static void test_image_create_samples(struct vk_dev *dev, VkFormat format, uint32_t size,
				      VkImageUsageFlags usage, VkSampleCountFlagBits samples,
				      struct test_image *img)
{
	const VkImageCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
		.imageType = VK_IMAGE_TYPE_2D, .format = format, .extent = { size, size, 1 },
		.mipLevels = 1, .arrayLayers = 1, .samples = samples,
		.tiling = VK_IMAGE_TILING_OPTIMAL, .usage = usage,
		.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
	};
	VkMemoryRequirements req;

	require_format(dev, format, (usage & VK_IMAGE_USAGE_STORAGE_BIT ?
				     VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT : 0) |
		       (usage & VK_IMAGE_USAGE_SAMPLED_BIT ?
			VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT : 0));
	if (samples != VK_SAMPLE_COUNT_1_BIT) {
		VkImageFormatProperties p;

		VK_CHECK(vkGetPhysicalDeviceImageFormatProperties(dev->physical, format,
			VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL, usage, 0, &p));
		REQUIRE(p.sampleCounts & samples);
	}
	VK_CHECK(vkCreateImage(dev->device, &info, NULL, &img->image));
	vkGetImageMemoryRequirements(dev->device, img->image, &req);
	REQUIRE(req.memoryTypeBits & (1u << dev->memory_type));
	const VkMemoryAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
		.allocationSize = req.size, .memoryTypeIndex = dev->memory_type,
	};
	VK_CHECK(vkAllocateMemory(dev->device, &alloc, NULL, &img->memory));
	VK_CHECK(vkBindImageMemory(dev->device, img->image, img->memory, 0));
	const VkImageViewCreateInfo view = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
		.image = img->image, .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = format,
		.subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 },
	};
	VK_CHECK(vkCreateImageView(dev->device, &view, NULL, &img->view));
}

static void test_image_create(struct vk_dev *dev, VkFormat format, uint32_t size,
			      VkImageUsageFlags usage, struct test_image *img)
{
	test_image_create_samples(dev, format, size, usage, VK_SAMPLE_COUNT_1_BIT, img);
}

static void test_image_destroy(struct vk_dev *dev, struct test_image *img)
{
	vkDestroyImageView(dev->device, img->view, NULL);
	vkDestroyImage(dev->device, img->image, NULL);
	vkFreeMemory(dev->device, img->memory, NULL);
}

/* Takes @count images from UNDEFINED to GENERAL before the first dispatch. */
static void images_to_general(VkCommandBuffer cmd, const struct test_image *images,
			      uint32_t count)
{
	VkImageMemoryBarrier barriers[8];

	REQUIRE(count <= 8);
	for (uint32_t i = 0; i < count; i++)
		barriers[i] = (VkImageMemoryBarrier) {
			.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
			.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT,
			.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED, .newLayout = VK_IMAGE_LAYOUT_GENERAL,
			.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
			.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
			.image = images[i].image,
			.subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 },
		};
	vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
			     VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 0, NULL, 0, NULL, count,
			     barriers);
}

/* A nearest, clamp-to-edge sampler with normalized coordinates. */
static VkSampler nearest_sampler(struct vk_dev *dev)
{
	const VkSamplerCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
		.magFilter = VK_FILTER_NEAREST, .minFilter = VK_FILTER_NEAREST,
		.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
		.addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
		.addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
		.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
	};
	VkSampler sampler;

	VK_CHECK(vkCreateSampler(dev->device, &info, NULL, &sampler));
	return sampler;
}

/*
 * A set of @count bindings (binding i = @bindings[i], with @flags[i] when
 * @flags is not NULL), its layout and a pool that holds exactly it.
 */
struct test_set {
	VkDescriptorSetLayout layout;
	VkDescriptorPool pool;
	VkDescriptorSet set;
};

static void test_set_create(struct vk_dev *dev, const VkDescriptorSetLayoutBinding *bindings,
			    uint32_t count, const VkDescriptorBindingFlags *flags,
			    struct test_set *s)
{
	const VkDescriptorSetLayoutBindingFlagsCreateInfo flags_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO,
		.bindingCount = count, .pBindingFlags = flags,
	};
	const VkDescriptorSetLayoutCreateInfo layout_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
		.pNext = flags ? &flags_info : NULL,
		.flags = flags ? VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT : 0,
		.bindingCount = count, .pBindings = bindings,
	};
	VkDescriptorPoolSize sizes[9];

	REQUIRE(count <= 9);
	VK_CHECK(vkCreateDescriptorSetLayout(dev->device, &layout_info, NULL, &s->layout));
	for (uint32_t i = 0; i < count; i++)
		sizes[i] = (VkDescriptorPoolSize) {
			bindings[i].descriptorType, bindings[i].descriptorCount };
	const VkDescriptorPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.flags = flags ? VK_DESCRIPTOR_POOL_CREATE_UPDATE_AFTER_BIND_BIT : 0,
		.maxSets = 1, .poolSizeCount = count, .pPoolSizes = sizes,
	};
	VK_CHECK(vkCreateDescriptorPool(dev->device, &pool_info, NULL, &s->pool));
	const VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = s->pool, .descriptorSetCount = 1, .pSetLayouts = &s->layout,
	};
	VK_CHECK(vkAllocateDescriptorSets(dev->device, &alloc, &s->set));
}

static void test_set_destroy(struct vk_dev *dev, struct test_set *s)
{
	vkDestroyDescriptorPool(dev->device, s->pool, NULL);
	vkDestroyDescriptorSetLayout(dev->device, s->layout, NULL);
}

static VkDescriptorSetLayoutBinding binding(uint32_t b, VkDescriptorType type, uint32_t count)
{
	return (VkDescriptorSetLayoutBinding) {
		.binding = b, .descriptorType = type, .descriptorCount = count,
		.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
	};
}

/* A write of @count image descriptors of @type in GENERAL layout to @b of @set. */
static VkWriteDescriptorSet image_write(VkDescriptorSet set, uint32_t b, VkDescriptorType type,
					const VkDescriptorImageInfo *infos, uint32_t count)
{
	return (VkWriteDescriptorSet) {
		.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set, .dstBinding = b,
		.descriptorCount = count, .descriptorType = type, .pImageInfo = infos,
	};
}

static VkWriteDescriptorSet buffer_write(VkDescriptorSet set, uint32_t b,
					 const VkDescriptorBufferInfo *info)
{
	return (VkWriteDescriptorSet) {
		.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set, .dstBinding = b,
		.descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
		.pBufferInfo = info,
	};
}

/*
 * Records into @cmd: bind @pipe and @set, then phase 0 and phase 1 of the
 * shader (its first push constant), one workgroup each with a barrier
 * after it; @push is the rest of the push constants (@push_size bytes).
 */
static void record_two_phases(VkCommandBuffer cmd, const struct vk_pipe *pipe,
			      VkDescriptorSet set, const void *push, uint32_t push_size)
{
	uint32_t constants[4] = { 0 };

	REQUIRE(push_size <= sizeof(constants) - sizeof(uint32_t));
	memcpy(constants + 1, push, push_size);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe->pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe->layout, 0, 1, &set, 0,
				NULL);
	for (uint32_t phase = 0; phase < 2; phase++) {
		constants[0] = phase;
		vkCmdPushConstants(cmd, pipe->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0,
				   sizeof(uint32_t) + push_size, constants);
		vkCmdDispatch(cmd, 1, 1, 1);
		vk_cmd_barrier(cmd);
	}
}

/*
 * Runs the two phases of @spirv on @count 4x4 storage images of @formats
 * at bindings 0.., with buffer @out at binding @count: the shape of the
 * storage-format tests.
 */
static void run_storage_images(struct vk_dev *dev, const VkFormat *formats, uint32_t count,
			       const uint32_t *spirv, size_t spirv_size, struct vk_buf *out)
{
	VkDescriptorSetLayoutBinding bindings[9];
	VkDescriptorImageInfo infos[8];
	VkWriteDescriptorSet writes[9];
	struct test_image images[8];
	struct test_set set;
	struct vk_pipe pipe;

	REQUIRE(count <= 8);
	for (uint32_t i = 0; i < count; i++) {
		test_image_create(dev, formats[i], 4, VK_IMAGE_USAGE_STORAGE_BIT, &images[i]);
		bindings[i] = binding(i, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1);
		infos[i] = (VkDescriptorImageInfo) { VK_NULL_HANDLE, images[i].view,
						     VK_IMAGE_LAYOUT_GENERAL };
	}
	bindings[count] = binding(count, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1);
	test_set_create(dev, bindings, count + 1, NULL, &set);
	for (uint32_t i = 0; i < count; i++)
		writes[i] = image_write(set.set, i, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, &infos[i], 1);
	const VkDescriptorBufferInfo out_info = { out->buffer, 0, VK_WHOLE_SIZE };
	writes[count] = buffer_write(set.set, count, &out_info);
	vkUpdateDescriptorSets(dev->device, count + 1, writes, 0, NULL);
	vk_pipe_create(dev, spirv, spirv_size, &set.layout, 1, sizeof(uint32_t), NULL, &pipe);

	VkCommandBuffer cmd = vk_cmd_begin(dev);
	images_to_general(cmd, images, count);
	record_two_phases(cmd, &pipe, set.set, NULL, 0);
	vk_cmd_submit_wait(dev, cmd, 0);
	vk_pipe_destroy(dev, &pipe);
	test_set_destroy(dev, &set);
	for (uint32_t i = 0; i < count; i++)
		test_image_destroy(dev, &images[i]);
}

static float bits_float(uint32_t bits)
{
	float f;

	memcpy(&f, &bits, sizeof(f));
	return f;
}

/*
 * Whether @got is a value of a @bits-bit normalized format (@is_signed:
 * SNORM) within one step of @want: the format, not a wider one, was used.
 */
static bool normalized_ok(float got, float want, unsigned int bits, bool is_signed)
{
	double max = is_signed ? (double)((1u << (bits - 1)) - 1) : (double)((1u << bits) - 1);
	double steps = (double)got * max;

	return fabs(steps - nearbyint(steps)) < 0.01 && fabs((double)got - want) <= 1.0 / max + 1e-6;
}

/* The four components a shader stored into texel @k of extended-format image @img. */
static void ext_format_stored(uint32_t img, uint32_t k, float v[4], int32_t iv[4])
{
	float f = (float)k * 0.25f, n = ((float)k + 0.3f) / 16.0f;
	const float values[8][4] = {
		{ f, -f, 0, 0 }, { f, f * 0.5f, 3.75f - f, 0 }, { n, 1.0f - n, n * 0.5f, n },
		{ n, n, n, n }, { n, 1.0f - n, 0, 0 }, { 0 }, { 0 }, { -n, 0, 0, 0 },
	};

	memcpy(v, values[img], sizeof(values[img]));
	iv[0] = img == 5 ? (int32_t)(200 + k) : -100 * (int32_t)k;
	iv[1] = img == 5 ? 0 : 7 * (int32_t)k - 50;
	iv[2] = 0;
	iv[3] = 0;
}

/*
 * The extended storage formats of the specification, in the order of the
 * shader's bindings: components, and bits of each (0: a float component).
 */
static const struct ext_format {
	VkFormat format;
	enum { EXT_FLOAT, EXT_UNORM, EXT_SNORM, EXT_INT } kind;
	uint32_t components;
	unsigned int bits[4];
} ext_formats[8] = {
	{ VK_FORMAT_R16G16_SFLOAT, EXT_FLOAT, 2, { 0 } },
	{ VK_FORMAT_B10G11R11_UFLOAT_PACK32, EXT_FLOAT, 3, { 0 } },
	{ VK_FORMAT_A2B10G10R10_UNORM_PACK32, EXT_UNORM, 4, { 10, 10, 10, 2 } },
	{ VK_FORMAT_R16_UNORM, EXT_UNORM, 1, { 16 } },
	{ VK_FORMAT_R8G8_UNORM, EXT_UNORM, 2, { 8, 8 } },
	{ VK_FORMAT_R8_UINT, EXT_INT, 1, { 0 } },
	{ VK_FORMAT_R16G16_SINT, EXT_INT, 2, { 0 } },
	{ VK_FORMAT_R16_SNORM, EXT_SNORM, 1, { 16 } },
};

/*
 * shaderStorageImageExtendedFormats: one storage image of each of eight
 * extended formats, stored then loaded with the format in the shader.
 * Loads give the format's precision and 0, 0, 1 for missing components.
 */
VK_TEST(image_shader_extended_formats, "image-shader-storage-extended-formats")
{
	const struct vk_dev_options options = { .core.shaderStorageImageExtendedFormats = VK_TRUE };
	VkFormat formats[8];
	struct vk_buf out;
	struct vk_dev dev;

	vk_dev_create(&dev, &options);
	vk_buf_create(&dev, 8 * 16 * 16, 0, &out);
	for (uint32_t i = 0; i < 8; i++)
		formats[i] = ext_formats[i].format;
	run_storage_images(&dev, formats, 8, image_ext_formats_spv, image_ext_formats_spv_size,
			   &out);

	for (uint32_t img = 0; img < 8; img++) {
		const struct ext_format *ef = &ext_formats[img];

		for (uint32_t k = 0; k < 16; k++) {
			const uint32_t *got = (const uint32_t *)out.map + 4 * (16 * img + k);
			float want[4];
			int32_t iwant[4];

			ext_format_stored(img, k, want, iwant);
			for (uint32_t c = 0; c < 4; c++) {
				bool ok;

				if (c >= ef->components) {
					/* Missing components read as 0, 0 and 1 (one for integers). */
					ok = ef->kind == EXT_INT ? got[c] == (c == 3) :
					     bits_float(got[c]) == (c == 3 ? 1.0f : 0.0f);
				} else if (ef->kind == EXT_INT) {
					ok = (int32_t)got[c] == iwant[c];
				} else if (ef->kind == EXT_FLOAT) {
					ok = bits_float(got[c]) == want[c];
				} else {
					ok = normalized_ok(bits_float(got[c]), want[c], ef->bits[c],
							   ef->kind == EXT_SNORM);
				}
				if (!ok)
					vk_test_fail(__FILE__, __LINE__,
						     "format %d texel %u component %u: %#x (%g), "
						     "stored %g / %d", ef->format, k, c, got[c],
						     bits_float(got[c]), want[c], iwant[c]);
			}
		}
	}
	vk_buf_destroy(&dev, &out);
	vk_dev_destroy(&dev);
}

/* Whether @v is a 16-bit float (one with an 11-bit significand, in range). */
static bool is_half(float v)
{
	int exponent;
	double significand = frexp(v, &exponent) * 2048.0;

	return significand == nearbyint(significand) && exponent <= 16 && exponent >= -13;
}

/*
 * shaderStorageImageReadWithoutFormat and shaderStorageImageWriteWithoutFormat:
 * three storage images without a format in the shader; what they store
 * and load is converted through each view's format (R8G8B8A8_UNORM,
 * R16_SFLOAT, R32G32_UINT).
 */
VK_TEST(image_shader_without_format, "image-shader-storage-read-write-without-format")
{
	const struct vk_dev_options options = {
		.core.shaderStorageImageReadWithoutFormat = VK_TRUE,
		.core.shaderStorageImageWriteWithoutFormat = VK_TRUE,
	};
	static const VkFormat formats[3] = {
		VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R16_SFLOAT, VK_FORMAT_R32G32_UINT,
	};
	struct vk_buf out;
	struct vk_dev dev;

	vk_dev_create(&dev, &options);
	vk_buf_create(&dev, 3 * 16 * 16, 0, &out);
	run_storage_images(&dev, formats, 3, image_formatless_spv, image_formatless_spv_size,
			   &out);

	for (uint32_t k = 0; k < 16; k++) {
		const uint32_t *unorm8 = (const uint32_t *)out.map + 4 * (3 * k);
		const uint32_t *half1 = unorm8 + 4, *uint32 = unorm8 + 8;
		float n = ((float)k + 0.3f) / 16.0f, third = (float)(k + 1) / 3.0f;
		const float want8[4] = { n, 1.0f - n, n * 0.5f, 1.0f };

		for (uint32_t c = 0; c < 4; c++)
			if (!normalized_ok(bits_float(unorm8[c]), want8[c], 8, false))
				vk_test_fail(__FILE__, __LINE__, "R8G8B8A8_UNORM texel %u[%u]: %g, "
					     "stored %g", k, c, bits_float(unorm8[c]), want8[c]);
		/* One 16-bit float near the value stored, then 0, 0, 1. */
		if (!is_half(bits_float(half1[0])) ||
		    fabsf(bits_float(half1[0]) - third) > third / 1024.0f)
			vk_test_fail(__FILE__, __LINE__, "R16_SFLOAT texel %u: %.9g, stored %.9g",
				     k, bits_float(half1[0]), third);
		REQUIRE(bits_float(half1[1]) == 0.0f && bits_float(half1[2]) == 0.0f);
		REQUIRE(bits_float(half1[3]) == 1.0f);
		REQUIRE_EQ(uint32[0], 0x12345600u + k);
		REQUIRE_EQ(uint32[1], 0xfedc0000u | k);
		REQUIRE_EQ(uint32[2], 0);
		REQUIRE_EQ(uint32[3], 1);
	}
	vk_buf_destroy(&dev, &out);
	vk_dev_destroy(&dev);
}

/* Texel (x, y) of the gather test's 8x8 image, clamped to its edge: x + 8y. */
static float gather_texel(int x, int y)
{
	x = x < 0 ? 0 : x > 7 ? 7 : x;
	y = y < 0 ? 0 : y > 7 ? 7 : y;
	return (float)(x + 8 * y);
}

/*
 * shaderImageGatherExtended: gathers at the corner of four texels with a
 * per-invocation offset (OpImageGather with Offset) and with four constant
 * ones (ConstOffsets), each result the texels the offsets select.
 */
VK_TEST(image_shader_gather_extended, "image-shader-gather-extended-offsets")
{
	const struct vk_dev_options options = { .core.shaderImageGatherExtended = VK_TRUE };
	static const int offsets[4][2] = { { -2, 0 }, { 1, -1 }, { 3, 2 }, { 0, -3 } };
	const int32_t push[2] = { 2, -1 };	/* dx, dy */
	VkDescriptorSetLayoutBinding bindings[3];
	VkWriteDescriptorSet writes[3];
	struct test_image image;
	struct test_set set;
	struct vk_pipe pipe;
	struct vk_buf out;
	struct vk_dev dev;

	vk_dev_create(&dev, &options);
	if (dev.props.limits.minTexelGatherOffset > -3 || dev.props.limits.maxTexelGatherOffset < 3)
		vk_test_fail(__FILE__, __LINE__, "gather offsets %d..%d",
			     dev.props.limits.minTexelGatherOffset,
			     dev.props.limits.maxTexelGatherOffset);
	vk_buf_create(&dev, 2 * 64 * 16, 0, &out);
	test_image_create(&dev, VK_FORMAT_R32_SFLOAT, 8,
			  VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT, &image);
	VkSampler sampler = nearest_sampler(&dev);
	bindings[0] = binding(0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1);
	bindings[1] = binding(1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1);
	bindings[2] = binding(2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1);
	test_set_create(&dev, bindings, 3, NULL, &set);
	const VkDescriptorImageInfo infos[2] = {
		{ VK_NULL_HANDLE, image.view, VK_IMAGE_LAYOUT_GENERAL },
		{ sampler, image.view, VK_IMAGE_LAYOUT_GENERAL },
	};
	const VkDescriptorBufferInfo out_info = { out.buffer, 0, VK_WHOLE_SIZE };
	writes[0] = image_write(set.set, 0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, &infos[0], 1);
	writes[1] = image_write(set.set, 1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, &infos[1], 1);
	writes[2] = buffer_write(set.set, 2, &out_info);
	vkUpdateDescriptorSets(dev.device, 3, writes, 0, NULL);
	vk_pipe_create(&dev, image_gather_spv, image_gather_spv_size, &set.layout, 1,
		       3 * sizeof(uint32_t), NULL, &pipe);

	VkCommandBuffer cmd = vk_cmd_begin(&dev);
	images_to_general(cmd, &image, 1);
	record_two_phases(cmd, &pipe, set.set, push, sizeof(push));
	vk_cmd_submit_wait(&dev, cmd, 0);

	for (int y = 0; y < 8; y++) {
		for (int x = 0; x < 8; x++) {
			const float *got = (const float *)out.map + 8 * (x + 8 * y);
			/* The footprint's i0, j0 is texel (x, y) moved by the offset. */
			int i0 = x + push[0] + x % 3 - 1, j0 = y + push[1] + y % 3 - 1;
			const float want[4] = {
				gather_texel(i0, j0 + 1), gather_texel(i0 + 1, j0 + 1),
				gather_texel(i0 + 1, j0), gather_texel(i0, j0),
			};

			for (int c = 0; c < 4; c++) {
				float want_offsets = gather_texel(x + offsets[c][0],
								  y + offsets[c][1]);

				if (got[c] != want[c] || got[4 + c] != want_offsets)
					vk_test_fail(__FILE__, __LINE__,
						     "(%d, %d) component %d: offset %g (want %g), "
						     "offsets %g (want %g)", x, y, c, got[c],
						     want[c], got[4 + c], want_offsets);
			}
		}
	}
	vk_pipe_destroy(&dev, &pipe);
	test_set_destroy(&dev, &set);
	vkDestroySampler(dev.device, sampler, NULL);
	test_image_destroy(&dev, &image);
	vk_buf_destroy(&dev, &out);
	vk_dev_destroy(&dev);
}

/*
 * The resources of the array tests: three elements of each of storage
 * images, combined image samplers (the same images), uniform texel buffers
 * (R32_SFLOAT, 10000e + k) and storage texel buffers (R32_UINT,
 * 20000e + k), element e at 256e in one buffer each.
 */
struct array_resources {
	struct test_image images[3];
	VkSampler sampler;
	struct vk_buf uniform_texels, storage_texels, out;
	VkBufferView uniform_views[3], storage_views[3];
	VkDescriptorImageInfo storage_infos[3], sampled_infos[3];
};

#define ARRAY_TEXEL_STRIDE	256	/* bytes: any minTexelBufferOffsetAlignment */

static void array_resources_create(struct vk_dev *dev, struct array_resources *r)
{
	const VkBufferUsageFlags texel_usage = VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT |
					       VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT;
	VkFormatProperties fp;

	REQUIRE(dev->props.limits.minTexelBufferOffsetAlignment <= ARRAY_TEXEL_STRIDE);
	vkGetPhysicalDeviceFormatProperties(dev->physical, VK_FORMAT_R32_SFLOAT, &fp);
	REQUIRE(fp.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT);
	vkGetPhysicalDeviceFormatProperties(dev->physical, VK_FORMAT_R32_UINT, &fp);
	REQUIRE(fp.bufferFeatures & VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT);
	r->sampler = nearest_sampler(dev);
	vk_buf_create(dev, 3 * ARRAY_TEXEL_STRIDE, texel_usage, &r->uniform_texels);
	vk_buf_create(dev, 3 * ARRAY_TEXEL_STRIDE, texel_usage, &r->storage_texels);
	vk_buf_create(dev, 4 * 3 * 16 * sizeof(uint32_t), 0, &r->out);
	for (uint32_t e = 0; e < 3; e++) {
		float *uniform = (float *)((uint8_t *)r->uniform_texels.map + e * ARRAY_TEXEL_STRIDE);
		uint32_t *storage = (uint32_t *)((uint8_t *)r->storage_texels.map +
						 e * ARRAY_TEXEL_STRIDE);

		for (uint32_t k = 0; k < 16; k++) {
			uniform[k] = (float)(10000 * e + k);
			storage[k] = 20000 * e + k;
		}
		test_image_create(dev, VK_FORMAT_R32_SFLOAT, 4,
				  VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT,
				  &r->images[e]);
		r->storage_infos[e] = (VkDescriptorImageInfo) {
			VK_NULL_HANDLE, r->images[e].view, VK_IMAGE_LAYOUT_GENERAL };
		r->sampled_infos[e] = (VkDescriptorImageInfo) {
			r->sampler, r->images[e].view, VK_IMAGE_LAYOUT_GENERAL };
		const VkBufferViewCreateInfo uniform_view = {
			.sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
			.buffer = r->uniform_texels.buffer, .format = VK_FORMAT_R32_SFLOAT,
			.offset = e * ARRAY_TEXEL_STRIDE, .range = 16 * sizeof(float),
		};
		const VkBufferViewCreateInfo storage_view = {
			.sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
			.buffer = r->storage_texels.buffer, .format = VK_FORMAT_R32_UINT,
			.offset = e * ARRAY_TEXEL_STRIDE, .range = 16 * sizeof(uint32_t),
		};
		VK_CHECK(vkCreateBufferView(dev->device, &uniform_view, NULL,
					    &r->uniform_views[e]));
		VK_CHECK(vkCreateBufferView(dev->device, &storage_view, NULL,
					    &r->storage_views[e]));
	}
}

static void array_resources_destroy(struct vk_dev *dev, struct array_resources *r)
{
	for (uint32_t e = 0; e < 3; e++) {
		vkDestroyBufferView(dev->device, r->uniform_views[e], NULL);
		vkDestroyBufferView(dev->device, r->storage_views[e], NULL);
		test_image_destroy(dev, &r->images[e]);
	}
	vk_buf_destroy(dev, &r->uniform_texels);
	vk_buf_destroy(dev, &r->storage_texels);
	vk_buf_destroy(dev, &r->out);
	vkDestroySampler(dev->device, r->sampler, NULL);
}

/* The array tests' bindings 0..3 (three elements each), then the output buffer. */
static void array_bindings(VkDescriptorSetLayoutBinding b[5])
{
	b[0] = binding(0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 3);
	b[1] = binding(1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 3);
	b[2] = binding(2, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, 3);
	b[3] = binding(3, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, 3);
	b[4] = binding(4, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1);
}

/* Writes the four arrays of @r into @set (the output buffer is written apart). */
static void array_write(struct vk_dev *dev, const struct array_resources *r, VkDescriptorSet set)
{
	VkWriteDescriptorSet writes[4] = {
		image_write(set, 0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, r->storage_infos, 3),
		image_write(set, 1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, r->sampled_infos, 3),
		{
			.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set,
			.dstBinding = 2, .descriptorCount = 3,
			.descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER,
			.pTexelBufferView = r->uniform_views,
		}, {
			.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set,
			.dstBinding = 3, .descriptorCount = 3,
			.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER,
			.pTexelBufferView = r->storage_views,
		},
	};

	vkUpdateDescriptorSets(dev->device, 4, writes, 0, NULL);
}

static void array_write_out(struct vk_dev *dev, const struct array_resources *r,
			    VkDescriptorSet set)
{
	const VkDescriptorBufferInfo out_info = { r->out.buffer, 0, VK_WHOLE_SIZE };
	const VkWriteDescriptorSet write = buffer_write(set, 4, &out_info);

	vkUpdateDescriptorSets(dev->device, 1, &write, 0, NULL);
}

/* Fails unless @got (4 values) is what texel @k of element @e of each array holds. */
static void array_check(const uint32_t *got, uint32_t e, uint32_t k)
{
	const uint32_t want[4] = { 100 * e + k, 100 * e + k, 10000 * e + k, 20000 * e + k + 7 };
	static const char *const arrays[4] = {
		"storage image", "sampled image", "uniform texel buffer", "storage texel buffer",
	};

	for (int a = 0; a < 4; a++)
		if (got[a] != want[a])
			vk_test_fail(__FILE__, __LINE__, "%s %u texel %u: %u, want %u", arrays[a],
				     e, k, got[a], want[a]);
}

/*
 * Runs the two phases of @spirv on the arrays of @r at bindings 0..3 and
 * its output buffer at 4. With @flags (the bindings' flags, an
 * update-after-bind set) the arrays are written after the command buffer
 * bound the set, before its submission; else before the recording.
 */
static void run_arrays(struct vk_dev *dev, const struct array_resources *r,
		       const VkDescriptorBindingFlags *flags, const uint32_t *spirv,
		       size_t spirv_size, const void *push, uint32_t push_size)
{
	VkDescriptorSetLayoutBinding bindings[5];
	struct test_set set;
	struct vk_pipe pipe;

	array_bindings(bindings);
	test_set_create(dev, bindings, 5, flags, &set);
	array_write_out(dev, r, set.set);
	if (!flags)
		array_write(dev, r, set.set);
	vk_pipe_create(dev, spirv, spirv_size, &set.layout, 1, sizeof(uint32_t) + push_size, NULL,
		       &pipe);

	VkCommandBuffer cmd = vk_cmd_begin(dev);
	images_to_general(cmd, r->images, 3);
	record_two_phases(cmd, &pipe, set.set, push, push_size);
	if (flags)
		array_write(dev, r, set.set);	/* after the bind: update-after-bind */
	vk_cmd_submit_wait(dev, cmd, 0);
	vk_pipe_destroy(dev, &pipe);
	test_set_destroy(dev, &set);
}

/*
 * shader{Sampled,Storage}ImageArrayDynamicIndexing and
 * shader{Uniform,Storage}TexelBufferArrayDynamicIndexing: arrays of each
 * indexed by a loop to a push constant, stored through and read back.
 */
VK_TEST(image_shader_dynamic_indexing, "image-shader-arrays-dynamic-indexing")
{
	VkPhysicalDeviceVulkan12Features features12 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
		.shaderUniformTexelBufferArrayDynamicIndexing = VK_TRUE,
		.shaderStorageTexelBufferArrayDynamicIndexing = VK_TRUE,
	};
	const struct vk_dev_options options = {
		.features = &features12,
		.core.shaderSampledImageArrayDynamicIndexing = VK_TRUE,
		.core.shaderStorageImageArrayDynamicIndexing = VK_TRUE,
	};
	const uint32_t count = 3;
	struct array_resources r;
	struct vk_dev dev;

	vk_dev_create(&dev, &options);
	array_resources_create(&dev, &r);
	run_arrays(&dev, &r, NULL, image_array_index_spv, image_array_index_spv_size, &count,
		   sizeof(count));
	for (uint32_t e = 0; e < 3; e++)
		for (uint32_t k = 0; k < 16; k++)
			array_check((const uint32_t *)r.out.map + 4 * (16 * e + k), e, k);
	array_resources_destroy(&dev, &r);
	vk_dev_destroy(&dev);
}

/*
 * The NonUniform indexing of the four image descriptor types, with their
 * update-after-bind: invocation k uses element k % 3 of each array, whose
 * descriptors are written after the set was bound, before the submission.
 */
VK_TEST(image_shader_nonuniform_indexing, "image-shader-arrays-nonuniform-update-after-bind")
{
	VkPhysicalDeviceVulkan12Features features12 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
		.shaderSampledImageArrayNonUniformIndexing = VK_TRUE,
		.shaderStorageImageArrayNonUniformIndexing = VK_TRUE,
		.shaderUniformTexelBufferArrayNonUniformIndexing = VK_TRUE,
		.shaderStorageTexelBufferArrayNonUniformIndexing = VK_TRUE,
		.descriptorBindingSampledImageUpdateAfterBind = VK_TRUE,
		.descriptorBindingStorageImageUpdateAfterBind = VK_TRUE,
		.descriptorBindingUniformTexelBufferUpdateAfterBind = VK_TRUE,
		.descriptorBindingStorageTexelBufferUpdateAfterBind = VK_TRUE,
	};
	const struct vk_dev_options options = { .features = &features12 };
	const VkDescriptorBindingFlags flags[5] = {
		VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT,
		VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT,
		VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT,
		VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT,
		0,
	};
	struct array_resources r;
	struct vk_dev dev;

	vk_dev_create(&dev, &options);
	array_resources_create(&dev, &r);
	run_arrays(&dev, &r, flags, image_nonuniform_spv, image_nonuniform_spv_size, NULL, 0);
	for (uint32_t k = 0; k < 16; k++)
		array_check((const uint32_t *)r.out.map + 4 * k, k % 3, k);
	array_resources_destroy(&dev, &r);
	vk_dev_destroy(&dev);
}

/*
 * shaderStorageImageMultisample: 4-sample R32_UINT and R8G8B8A8_UNORM
 * storage images, each sample of each texel stored then loaded on its own,
 * and imageSamples.
 */
VK_TEST(image_shader_storage_multisample, "image-shader-storage-multisample")
{
	const struct vk_dev_options options = { .core.shaderStorageImageMultisample = VK_TRUE };
	static const VkFormat formats[2] = { VK_FORMAT_R32_UINT, VK_FORMAT_R8G8B8A8_UNORM };
	VkDescriptorSetLayoutBinding bindings[3];
	VkDescriptorImageInfo infos[2];
	VkWriteDescriptorSet writes[3];
	struct test_image images[2];
	struct test_set set;
	struct vk_pipe pipe;
	struct vk_buf out;
	struct vk_dev dev;

	vk_dev_create(&dev, &options);
	REQUIRE(dev.props.limits.storageImageSampleCounts & VK_SAMPLE_COUNT_4_BIT);
	vk_buf_create(&dev, 129 * sizeof(uint32_t), 0, &out);
	for (uint32_t i = 0; i < 2; i++) {
		test_image_create_samples(&dev, formats[i], 4, VK_IMAGE_USAGE_STORAGE_BIT,
					  VK_SAMPLE_COUNT_4_BIT, &images[i]);
		bindings[i] = binding(i, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1);
		infos[i] = (VkDescriptorImageInfo) { VK_NULL_HANDLE, images[i].view,
						     VK_IMAGE_LAYOUT_GENERAL };
	}
	bindings[2] = binding(2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1);
	test_set_create(&dev, bindings, 3, NULL, &set);
	const VkDescriptorBufferInfo out_info = { out.buffer, 0, VK_WHOLE_SIZE };
	for (uint32_t i = 0; i < 2; i++)
		writes[i] = image_write(set.set, i, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, &infos[i], 1);
	writes[2] = buffer_write(set.set, 2, &out_info);
	vkUpdateDescriptorSets(dev.device, 3, writes, 0, NULL);
	vk_pipe_create(&dev, image_multisample_spv, image_multisample_spv_size, &set.layout, 1,
		       sizeof(uint32_t), NULL, &pipe);

	VkCommandBuffer cmd = vk_cmd_begin(&dev);
	images_to_general(cmd, images, 2);
	record_two_phases(cmd, &pipe, set.set, NULL, 0);
	vk_cmd_submit_wait(&dev, cmd, 0);

	const uint32_t *got = out.map;
	for (uint32_t k = 0; k < 16; k++) {
		for (uint32_t s = 0; s < 4; s++) {
			/* R8G8B8A8_UNORM of k / 15, s / 3, 1 - k / 15, 1: exact bytes. */
			uint32_t colour = 17 * k | 85 * s << 8 | (255 - 17 * k) << 16 | 255u << 24;

			REQUIRE_EQ(got[4 * k + s], 16 * k + 3 * s + 1);
			REQUIRE_EQ(got[64 + 4 * k + s], colour);
		}
	}
	REQUIRE_EQ(got[128], 4);
	vk_pipe_destroy(&dev, &pipe);
	test_set_destroy(&dev, &set);
	for (uint32_t i = 0; i < 2; i++)
		test_image_destroy(&dev, &images[i]);
	vk_buf_destroy(&dev, &out);
	vk_dev_destroy(&dev);
}

/* Whether @v is what robustImageAccess lets an out-of-bounds read return. */
static bool robust_zero(const uint32_t v[4])
{
	return !v[0] && !v[1] && !v[2] && (v[3] == 0 || v[3] == 1);
}

/*
 * robustImageAccess (VK_EXT_image_robustness, required by Vulkan 1.3):
 * reads past every edge of a storage image with alpha and of one
 * without, and texel fetches past the edges and the levels of a sampled
 * image, return zero in R, G and B and zero or one in alpha; stores past
 * the edges are dropped and leave every texel inside as it was.
 */
VK_TEST(image_shader_robust_access, "image-shader-robust-image-access")
{
	VkPhysicalDeviceImageRobustnessFeatures robustness = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_ROBUSTNESS_FEATURES,
		.robustImageAccess = VK_TRUE,
	};
	const char *ext[] = { VK_EXT_IMAGE_ROBUSTNESS_EXTENSION_NAME };
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = 1, .features = &robustness,
	};
	const VkDescriptorSetLayoutBinding bindings[4] = {
		binding(0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1),
		binding(1, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1),
		binding(2, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1),
		binding(3, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1),
	};
	struct test_image images[2];
	struct test_set set;
	struct vk_pipe pipe;
	struct vk_buf out;
	struct vk_dev dev;
	VkSampler sampler;
	VkCommandBuffer cmd;

	vk_dev_create(&dev, &options);
	test_image_create(&dev, VK_FORMAT_R8G8B8A8_UINT, 4,
			  VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT, &images[0]);
	test_image_create(&dev, VK_FORMAT_R32_UINT, 4, VK_IMAGE_USAGE_STORAGE_BIT, &images[1]);
	sampler = nearest_sampler(&dev);
	vk_buf_create(&dev, 16 * 16 * 16, 0, &out);
	memset(out.map, 0xcd, 16 * 16 * 16);
	test_set_create(&dev, bindings, 4, NULL, &set);

	const VkDescriptorImageInfo infos[3] = {
		{ VK_NULL_HANDLE, images[0].view, VK_IMAGE_LAYOUT_GENERAL },
		{ VK_NULL_HANDLE, images[1].view, VK_IMAGE_LAYOUT_GENERAL },
		{ sampler, images[0].view, VK_IMAGE_LAYOUT_GENERAL },
	};
	const VkDescriptorBufferInfo out_info = { out.buffer, 0, VK_WHOLE_SIZE };
	const VkWriteDescriptorSet writes[4] = {
		image_write(set.set, 0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, &infos[0], 1),
		image_write(set.set, 1, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, &infos[1], 1),
		image_write(set.set, 2, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, &infos[2], 1),
		buffer_write(set.set, 3, &out_info),
	};

	vkUpdateDescriptorSets(dev.device, 4, writes, 0, NULL);
	vk_pipe_create(&dev, image_robust_spv, image_robust_spv_size, &set.layout, 1,
		       sizeof(uint32_t), NULL, &pipe);
	cmd = vk_cmd_begin(&dev);
	images_to_general(cmd, images, 2);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.layout, 0, 1, &set.set,
				0, NULL);
	/* Stores inside, stores outside, then every read: one dispatch each. */
	for (uint32_t phase = 0; phase < 3; phase++) {
		vkCmdPushConstants(cmd, pipe.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0,
				   sizeof(phase), &phase);
		vkCmdDispatch(cmd, 1, 1, 1);
		vk_cmd_barrier(cmd);
	}
	vk_cmd_submit_wait(&dev, cmd, 0);

	for (uint32_t k = 0; k < 16; k++) {
		const uint32_t (*o)[4] = (const uint32_t (*)[4])out.map + 16 * k;
		const uint32_t color[4] = { k, 2 * k, 3 * k, 200 + k };

		for (int c = 0; c < 4; c++) {
			REQUIRE_EQ(o[0][c], color[c]);
			REQUIRE_EQ(o[2][c], color[c]);
		}
		REQUIRE_EQ(o[1][0], 0x1000 + k);
		for (int i = 3; i < 16; i++)
			if (!robust_zero(o[i]))
				vk_test_fail(__FILE__, __LINE__, "invocation %u read %d: "
					     "(%#x, %#x, %#x, %#x) out of bounds", k, i, o[i][0],
					     o[i][1], o[i][2], o[i][3]);
	}
	vk_pipe_destroy(&dev, &pipe);
	test_set_destroy(&dev, &set);
	vkDestroySampler(dev.device, sampler, NULL);
	vk_buf_destroy(&dev, &out);
	test_image_destroy(&dev, &images[0]);
	test_image_destroy(&dev, &images[1]);
	vk_dev_destroy(&dev);
}

#define ANISO_SIZE	64
#define ANISO_LEVELS	7

/*
 * Texel (x, y) of level 0 of the anisotropy test's image: R horizontal
 * stripes 4 texels high, G vertical ones 4 wide, B 0, A 1.
 */
static void aniso_texel(uint32_t x, uint32_t y, uint8_t t[4])
{
	t[0] = (y / 4) & 1 ? 255 : 0;
	t[1] = (x / 4) & 1 ? 255 : 0;
	t[2] = 0;
	t[3] = 255;
}

/* Largest minus smallest channel @c of sampler @s's results along footprint @f. */
static float aniso_contrast(const float *o, unsigned int f, unsigned int s, unsigned int c)
{
	float lo = 2.0f, hi = -2.0f;

	for (unsigned int j = 0; j < ANISO_SIZE; j++) {
		float v = o[4 * (9 * j + 3 * f + s) + c];

		lo = v < lo ? v : lo;
		hi = v > hi ? v : hi;
	}
	return hi - lo;
}

/*
 * samplerAnisotropy: textureGrad of a mipmapped stripe image (levels box
 * filtered: 4-texel stripes, then 2, 1, then grey) with trilinear
 * samplers, anisotropy off, on with maxAnisotropy 1 and on with 16. What
 * the specification guarantees is checked, not an implementation's
 * footprint: maxAnisotropy 1 gives exactly the results of anisotropy off;
 * an isotropic footprint (2x2 texels) exactly too; along 32:1 footprints
 * (major axis along x, then along y) anisotropy 16 blurs no more across
 * the minor axis: the contrast of the stripes it walks across (largest
 * minus smallest sample) is at least that of anisotropy off, and on Ember
 * at least 0.25 above it (a 32-texel isotropic footprint greys the stripes
 * out; lavapipe filters textureGrad isotropically, which the specification
 * allows); every result is in [0, 1].
 */
VK_TEST(image_shader_sampler_anisotropy, "image-shader-sampler-anisotropy")
{
	const struct vk_dev_options options = { .core.samplerAnisotropy = VK_TRUE };
	const struct vk_img_want want = {
		.fmt = vk_format_find(VK_FORMAT_R8G8B8A8_UNORM), .type = VK_IMAGE_TYPE_2D,
		.tiling = VK_IMAGE_TILING_OPTIMAL, .width = ANISO_SIZE, .height = ANISO_SIZE,
		.depth = 1, .levels = ANISO_LEVELS, .layers = 1,
		.usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
		.features = VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT |
			    VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT,
	};
	static const float max_aniso[3] = { 0.0f, 1.0f, 16.0f };	/* 0: off */
	VkDescriptorSetLayoutBinding bindings[2];
	VkDescriptorImageInfo infos[3];
	VkWriteDescriptorSet writes[2];
	VkSampler samplers[3];
	VkImageView view;
	struct test_set set;
	struct vk_pipe pipe;
	struct vk_buf out;
	struct vk_img img;
	struct vk_dev dev;
	const float *o;

	vk_dev_create(&dev, &options);
	REQUIRE(dev.props.limits.maxSamplerAnisotropy >= 16.0f);
	REQUIRE(want.fmt);
	REQUIRE(vk_img_create(&dev, &want, &img));
	REQUIRE(img.info.mipLevels == ANISO_LEVELS);
	for (uint32_t y = 0; y < ANISO_SIZE; y++)
		for (uint32_t x = 0; x < ANISO_SIZE; x++)
			aniso_texel(x, y, vk_img_texel(&img, VK_IMAGE_ASPECT_COLOR_BIT, 0, x, y, 0));
	for (uint32_t m = 1; m < ANISO_LEVELS; m++) {
		uint32_t n = ANISO_SIZE >> m;

		for (uint32_t y = 0; y < n; y++) {
			for (uint32_t x = 0; x < n; x++) {
				uint8_t *t = vk_img_texel(&img, VK_IMAGE_ASPECT_COLOR_BIT, m, x, y, 0);

				for (unsigned int c = 0; c < 4; c++) {
					unsigned int sum = 0;

					for (unsigned int k = 0; k < 4; k++)
						sum += vk_img_texel(&img, VK_IMAGE_ASPECT_COLOR_BIT,
								    m - 1, 2 * x + (k & 1),
								    2 * y + (k >> 1), 0)[c];
					t[c] = (uint8_t)((sum + 2) / 4);
				}
			}
		}
	}
	vk_img_upload_general(&dev, &img);
	const VkImageViewCreateInfo view_info = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
		.image = img.image, .viewType = VK_IMAGE_VIEW_TYPE_2D,
		.format = VK_FORMAT_R8G8B8A8_UNORM,
		.subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, ANISO_LEVELS, 0, 1 },
	};
	VK_CHECK(vkCreateImageView(dev.device, &view_info, NULL, &view));
	for (unsigned int s = 0; s < 3; s++) {
		const VkSamplerCreateInfo info = {
			.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
			.magFilter = VK_FILTER_LINEAR, .minFilter = VK_FILTER_LINEAR,
			.mipmapMode = VK_SAMPLER_MIPMAP_MODE_LINEAR,
			.addressModeU = VK_SAMPLER_ADDRESS_MODE_REPEAT,
			.addressModeV = VK_SAMPLER_ADDRESS_MODE_REPEAT,
			.addressModeW = VK_SAMPLER_ADDRESS_MODE_REPEAT,
			.anisotropyEnable = max_aniso[s] > 0.0f,
			.maxAnisotropy = max_aniso[s] > 0.0f ? max_aniso[s] : 1.0f,
			.maxLod = VK_LOD_CLAMP_NONE,
		};

		VK_CHECK(vkCreateSampler(dev.device, &info, NULL, &samplers[s]));
		infos[s] = (VkDescriptorImageInfo) { samplers[s], view, VK_IMAGE_LAYOUT_GENERAL };
	}
	vk_buf_create(&dev, ANISO_SIZE * 9 * 16, 0, &out);
	bindings[0] = binding(0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 3);
	bindings[1] = binding(1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1);
	test_set_create(&dev, bindings, 2, NULL, &set);
	const VkDescriptorBufferInfo out_info = { out.buffer, 0, VK_WHOLE_SIZE };
	writes[0] = image_write(set.set, 0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, infos, 3);
	writes[1] = buffer_write(set.set, 1, &out_info);
	vkUpdateDescriptorSets(dev.device, 2, writes, 0, NULL);
	vk_pipe_create(&dev, sampler_aniso_spv, sampler_aniso_spv_size, &set.layout, 1, 0, NULL,
		       &pipe);

	VkCommandBuffer cmd = vk_cmd_begin(&dev);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.layout, 0, 1, &set.set,
				0, NULL);
	vkCmdDispatch(cmd, 1, 1, 1);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&dev, cmd, 0);

	o = out.map;
	for (unsigned int j = 0; j < ANISO_SIZE; j++) {
		for (unsigned int f = 0; f < 3; f++) {
			const float *r = o + 4 * (9 * j + 3 * f);

			for (unsigned int k = 0; k < 12; k++) {
				if (!(r[k] >= 0.0f && r[k] <= 1.0f))
					vk_test_fail(__FILE__, __LINE__, "sample %u footprint %u "
						     "sampler %u: %g outside [0, 1]", j, f, k / 4, r[k]);
			}
			/* maxAnisotropy 1: anisotropy off, bit for bit */
			if (memcmp(r, r + 4, 16))
				vk_test_fail(__FILE__, __LINE__, "sample %u footprint %u: max 1 "
					     "(%g %g) differs from off (%g %g)", j, f, r[4], r[5],
					     r[0], r[1]);
			/* an isotropic footprint: the same with 16 */
			if (f == 2 && memcmp(r, r + 8, 16))
				vk_test_fail(__FILE__, __LINE__, "sample %u: isotropic footprint with "
					     "max 16 (%g %g) differs from off (%g %g)", j, r[8], r[9],
					     r[0], r[1]);
		}
	}
	for (unsigned int f = 0; f < 2; f++) {
		float off = aniso_contrast(o, f, 0, f), on = aniso_contrast(o, f, 2, f);
		/* lavapipe filters textureGrad isotropically (measured: 0 and 0) */
		float margin = vk_dev_is_ember(&dev) ? 0.25f : 0.0f;

		printf("# footprint 32:1 along %c: stripe contrast off %.4f, max 16 %.4f\n",
		       f ? 'y' : 'x', off, on);
		if (!(on >= off + margin))
			vk_test_fail(__FILE__, __LINE__, "footprint %u: contrast with max 16 %g, "
				     "off %g", f, on, off);
	}
	vk_pipe_destroy(&dev, &pipe);
	test_set_destroy(&dev, &set);
	for (unsigned int s = 0; s < 3; s++)
		vkDestroySampler(dev.device, samplers[s], NULL);
	vkDestroyImageView(dev.device, view, NULL);
	vk_img_destroy(&dev, &img);
	vk_buf_destroy(&dev, &out);
	vk_dev_destroy(&dev);
}
