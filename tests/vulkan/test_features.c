/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Shader features
 *
 * The shader features a device advertises, each enabled and used by a
 * dispatch whose results are checked against values computed here: 8-,
 * 16- and 64-bit integers through storage and uniform buffers, push
 * constants, atomics and subgroup operations (int_types.comp), the Vulkan
 * memory model with device scope (memory_model.comp), robust buffer
 * access (robust.comp), integer dot products (int_dot.spvasm) and
 * zero-initialized shared memory (zero_shared.comp), compute modules that
 * declare demote and terminate (demote_capability.spvasm,
 * terminate_extension.spvasm); and maintenance4.
 */

#include "vk_test.h"
#include "vk_shaders.h"

#include <stdbool.h>
#include <string.h>

/* A descriptor set of @count buffers of the given types, written. */
static VkDescriptorSet buffer_set(struct vk_dev *dev, const VkDescriptorType *types,
				  const VkDescriptorBufferInfo *infos, uint32_t count,
				  VkDescriptorSetLayout *layout, VkDescriptorPool *pool)
{
	VkDescriptorSetLayoutBinding bindings[8];
	VkDescriptorPoolSize sizes[8];
	VkWriteDescriptorSet writes[8];
	VkDescriptorSet set;

	REQUIRE(count <= 8);
	for (uint32_t i = 0; i < count; i++) {
		bindings[i] = (VkDescriptorSetLayoutBinding) {
			i, types[i], 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL,
		};
		sizes[i] = (VkDescriptorPoolSize) { types[i], 1 };
	}
	const VkDescriptorSetLayoutCreateInfo layout_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
		.bindingCount = count, .pBindings = bindings,
	};
	VK_CHECK(vkCreateDescriptorSetLayout(dev->device, &layout_info, NULL, layout));
	const VkDescriptorPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.maxSets = 1, .poolSizeCount = count, .pPoolSizes = sizes,
	};
	VK_CHECK(vkCreateDescriptorPool(dev->device, &pool_info, NULL, pool));
	const VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = *pool, .descriptorSetCount = 1, .pSetLayouts = layout,
	};
	VK_CHECK(vkAllocateDescriptorSets(dev->device, &alloc, &set));
	for (uint32_t i = 0; i < count; i++)
		writes[i] = (VkWriteDescriptorSet) {
			.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set,
			.dstBinding = i, .descriptorCount = 1, .descriptorType = types[i],
			.pBufferInfo = &infos[i],
		};
	vkUpdateDescriptorSets(dev->device, count, writes, 0, NULL);
	return set;
}

/* Runs @pipe once (one workgroup) with @set and @push. */
static void dispatch_once(struct vk_dev *dev, const struct vk_pipe *pipe, VkDescriptorSet set,
			  const void *push, uint32_t push_size)
{
	VkCommandBuffer cmd = vk_cmd_begin(dev);

	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe->pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe->layout, 0, 1, &set, 0,
				NULL);
	if (push_size)
		vkCmdPushConstants(cmd, pipe->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, push_size,
				   push);
	vkCmdDispatch(cmd, 1, 1, 1);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(dev, cmd, 0);
}

/* The layout of int_types.comp's scalar Out block (naturally aligned). */
struct int_types_out {
	uint64_t sum64, shared64;
	int64_t o64[64];
	uint64_t smax64[64];
	uint32_t subgroup_size;
	int32_t o8[64], o16[64], s8[64], s16[64];
	uint32_t bcast[64], std_words[64];
};

VK_TEST(int_types, "shader-int8-int16-int64-storage-push-atomics-subgroups")
{
	VkPhysicalDeviceVulkan12Features f12 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
		.storageBuffer8BitAccess = VK_TRUE,
		.uniformAndStorageBuffer8BitAccess = VK_TRUE,
		.storagePushConstant8 = VK_TRUE,
		.shaderBufferInt64Atomics = VK_TRUE,
		.shaderSharedInt64Atomics = VK_TRUE,
		.shaderInt8 = VK_TRUE,
		.scalarBlockLayout = VK_TRUE,
		.uniformBufferStandardLayout = VK_TRUE,
		.shaderSubgroupExtendedTypes = VK_TRUE,
		.subgroupBroadcastDynamicId = VK_TRUE,
	};
	VkPhysicalDeviceVulkan11Features f11 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
		.pNext = &f12,
		.storageBuffer16BitAccess = VK_TRUE,
		.uniformAndStorageBuffer16BitAccess = VK_TRUE,
		.storagePushConstant16 = VK_TRUE,
	};
	const struct vk_dev_options options = {
		.features = &f11,
		.core = { .shaderInt64 = VK_TRUE, .shaderInt16 = VK_TRUE },
	};
	static const VkDescriptorType types[5] = {
		VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
		VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
		VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
	};
	/* The push block: int8 p8, uint8 lane8, int16 p16 (std430). */
	const struct { int8_t p8; uint8_t lane8; int16_t p16; } push = { -3, 37, 301 };
	/* The scalar Ubo block: uint8 u8[4] at 0, int16 u16[2] at 4, u64vec3 at 8. */
	struct {
		uint8_t u8[4];
		int16_t u16[2];
		uint64_t u64[3];
	} ubo = { { 5, 250, 17, 128 }, { -1000, 32000 },
		  { 0x100000001ull, 0x123456789ull, 0xfedcba987ull } };
	static const uint32_t words[4] = { 11, 22, 33, 44 };
	struct vk_buf ubo_buf, in8, in16, out, std_buf;
	struct vk_pipe pipe;
	VkDescriptorSetLayout layout;
	VkDescriptorPool pool;
	struct vk_dev dev;

	vk_dev_create(&dev, &options);
	vk_buf_create(&dev, sizeof(ubo), VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, &ubo_buf);
	vk_buf_create(&dev, 64, 0, &in8);
	vk_buf_create(&dev, 128, 0, &in16);
	vk_buf_create(&dev, sizeof(struct int_types_out), 0, &out);
	vk_buf_create(&dev, sizeof(words), VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, &std_buf);
	memcpy(ubo_buf.map, &ubo, sizeof(ubo));
	memcpy(std_buf.map, words, sizeof(words));
	for (int i = 0; i < 64; i++) {
		((int8_t *)in8.map)[i] = (int8_t)(i * 5 - 100);
		((int16_t *)in16.map)[i] = (int16_t)(i * 1111 - 30000);
	}
	memset(out.map, 0, sizeof(struct int_types_out));
	const VkDescriptorBufferInfo infos[5] = {
		{ ubo_buf.buffer, 0, VK_WHOLE_SIZE }, { in8.buffer, 0, VK_WHOLE_SIZE },
		{ in16.buffer, 0, VK_WHOLE_SIZE }, { out.buffer, 0, VK_WHOLE_SIZE },
		{ std_buf.buffer, 0, VK_WHOLE_SIZE },
	};
	VkDescriptorSet set = buffer_set(&dev, types, infos, 5, &layout, &pool);

	vk_pipe_create(&dev, int_types_spv, int_types_spv_size, &layout, 1, sizeof(push), NULL,
		       &pipe);
	dispatch_once(&dev, &pipe, set, &push, sizeof(push));

	const struct int_types_out *o = out.map;
	const uint32_t size = o->subgroup_size;

	REQUIRE(size >= 1 && size <= 64 && !(64 % size));
	REQUIRE_EQ(o->sum64, ubo.u64[0] * 2080);		/* sum of 1..64 */
	REQUIRE_EQ(o->shared64, 2016ull << 32);		/* sum of 0..63 */
	for (int i = 0; i < 64; i++) {
		int8_t a8 = ((int8_t *)in8.map)[i];
		int16_t a16 = ((int16_t *)in16.map)[i];

		REQUIRE_EQ(o->o8[i], (int8_t)(a8 * push.p8 + (int8_t)ubo.u8[i & 3]));
		REQUIRE_EQ(o->o16[i], (int16_t)(a16 * push.p16 + ubo.u16[i & 1]));
		REQUIRE_EQ(o->o64[i], (int64_t)i * (int64_t)ubo.u64[1] - (int64_t)ubo.u64[2]);
		REQUIRE_EQ(o->s8[i], size);
		REQUIRE_EQ(o->s16[i], size * (size - 1) / 2);
		REQUIRE_EQ(o->smax64[i], (uint64_t)(size - 1) << 40);
		REQUIRE_EQ(o->bcast[i], push.lane8 % size * 3);
		REQUIRE_EQ(o->std_words[i], words[i & 3]);
	}
	vk_pipe_destroy(&dev, &pipe);
	vkDestroyDescriptorPool(dev.device, pool, NULL);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	vk_buf_destroy(&dev, &ubo_buf);
	vk_buf_destroy(&dev, &in8);
	vk_buf_destroy(&dev, &in16);
	vk_buf_destroy(&dev, &out);
	vk_buf_destroy(&dev, &std_buf);
	vk_dev_destroy(&dev);
}

VK_TEST(memory_model, "shader-vulkan-memory-model-device-scope")
{
	VkPhysicalDeviceVulkan12Features f12 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
		.vulkanMemoryModel = VK_TRUE,
		.vulkanMemoryModelDeviceScope = VK_TRUE,
	};
	const struct vk_dev_options options = { .features = &f12 };
	struct vk_dev dev;
	struct vk_buf data;
	struct vk_pipe pipe;
	VkDescriptorSetLayout layout;
	VkDescriptorPool pool;

	vk_dev_create(&dev, &options);
	vk_buf_create(&dev, 3 * 64 * 4, 0, &data);
	memset(data.map, 0, 3 * 64 * 4);
	const VkDescriptorType type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
	const VkDescriptorBufferInfo info = { data.buffer, 0, VK_WHOLE_SIZE };
	VkDescriptorSet set = buffer_set(&dev, &type, &info, 1, &layout, &pool);

	vk_pipe_create(&dev, memory_model_spv, memory_model_spv_size, &layout, 1, 0, NULL, &pipe);
	dispatch_once(&dev, &pipe, set, NULL, 0);

	const uint32_t *words = data.map, *flags = words + 64, *seen = words + 128;

	for (uint32_t i = 0; i < 64; i++) {
		REQUIRE_EQ(words[i], i * 7 + 1);
		REQUIRE_EQ(flags[i], 1);
		REQUIRE_EQ(seen[i], ((i + 1) & 63) * 7 + 1);
	}
	vkDestroyDescriptorPool(dev.device, pool, NULL);
	vk_pipe_destroy(&dev, &pipe);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	vk_buf_destroy(&dev, &data);
	vk_dev_destroy(&dev);
}

/*
 * Robust buffer access (robustBufferAccess, VK_EXT_robustness2): both
 * descriptors cover 64 of the buffers' 256 words; the 128 invocations read
 * zero past the source's range and their stores past the destination's
 * range are dropped, leaving the rest of the buffer as it was.
 */
VK_TEST(robustness2, "shader-robust-buffer-access2-reads-zero-drops-writes")
{
	VkPhysicalDeviceRobustness2FeaturesEXT robustness2 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT,
		.robustBufferAccess2 = VK_TRUE,
	};
	const char *ext[] = { VK_EXT_ROBUSTNESS_2_EXTENSION_NAME };
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = 1, .features = &robustness2,
		.core = { .robustBufferAccess = VK_TRUE },
	};
	static const VkDescriptorType types[2] = {
		VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
	};
	VkPhysicalDeviceRobustness2PropertiesEXT props = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_PROPERTIES_EXT,
	};
	VkPhysicalDeviceProperties2 props2 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &props,
	};
	struct vk_buf src, dst;
	struct vk_pipe pipe;
	VkDescriptorSetLayout layout;
	VkDescriptorPool pool;
	struct vk_dev dev;

	vk_dev_create(&dev, &options);
	vkGetPhysicalDeviceProperties2(dev.physical, &props2);
	/* The range below is whole in the alignment robustness is checked at. */
	REQUIRE(props.robustStorageBufferAccessSizeAlignment <= 256);
	vk_buf_create(&dev, 1024, 0, &src);
	vk_buf_create(&dev, 1024, 0, &dst);
	for (uint32_t i = 0; i < 256; i++) {
		((uint32_t *)src.map)[i] = 1000 + i;
		((uint32_t *)dst.map)[i] = 0xdead;
	}
	const VkDescriptorBufferInfo infos[2] = {
		{ src.buffer, 0, 256 }, { dst.buffer, 0, 256 },
	};
	VkDescriptorSet set = buffer_set(&dev, types, infos, 2, &layout, &pool);

	vk_pipe_create(&dev, robust_spv, robust_spv_size, &layout, 1, 0, NULL, &pipe);
	dispatch_once(&dev, &pipe, set, NULL, 0);
	for (uint32_t i = 0; i < 256; i++)
		REQUIRE_EQ(((uint32_t *)dst.map)[i], i < 64 ? 1001 + i : 0xdead);
	vk_pipe_destroy(&dev, &pipe);
	vkDestroyDescriptorPool(dev.device, pool, NULL);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	vk_buf_destroy(&dev, &src);
	vk_buf_destroy(&dev, &dst);
	vk_dev_destroy(&dev);
}

/* OpSDot & co. on packed 4x8-bit operands, signed and unsigned bytes. */
static int64_t dot4x8(uint32_t x, uint32_t y, bool x_signed, bool y_signed)
{
	int64_t sum = 0;

	for (int k = 0; k < 4; k++) {
		uint8_t a = (uint8_t)(x >> (8 * k)), b = (uint8_t)(y >> (8 * k));

		sum += (x_signed ? (int64_t)(int8_t)a : a) * (y_signed ? (int64_t)(int8_t)b : b);
	}
	return sum;
}

static int64_t saturate(int64_t v, int64_t lo, int64_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/*
 * shaderIntegerDotProduct (VK_KHR_shader_integer_dot_product, int_dot.spvasm):
 * packed and vector dot products, accumulators at the saturation limits.
 */
VK_TEST(integer_dot_product, "shader-integer-dot-product-packed-vector-saturating")
{
	VkPhysicalDeviceShaderIntegerDotProductFeatures dot = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_INTEGER_DOT_PRODUCT_FEATURES,
		.shaderIntegerDotProduct = VK_TRUE,
	};
	const char *ext[] = { VK_KHR_SHADER_INTEGER_DOT_PRODUCT_EXTENSION_NAME };
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = 1, .features = &dot,
	};
	struct vk_dev dev;
	struct vk_buf data;
	struct vk_pipe pipe;
	VkDescriptorSetLayout layout;
	VkDescriptorPool pool;
	uint32_t *words;

	vk_dev_create(&dev, &options);
	vk_buf_create(&dev, 448 * 4, 0, &data);
	words = data.map;
	memset(words, 0, 448 * 4);
	for (uint32_t i = 0; i < 64; i++) {
		static const uint32_t accs[] = {
			0x7fffffff, 0x7ffffff0, 0x80000000, 0x80000010, 0xffffffff, 0xfffffff0, 0, 12345,
		};

		words[i] = i * 0x9e3779b9u;
		words[64 + i] = (i + 17) * 0x85ebca6bu;
		words[128 + i] = accs[i % 8];
	}
	const VkDescriptorType type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
	const VkDescriptorBufferInfo info = { data.buffer, 0, VK_WHOLE_SIZE };
	VkDescriptorSet set = buffer_set(&dev, &type, &info, 1, &layout, &pool);

	vk_pipe_create(&dev, int_dot_spv, int_dot_spv_size, &layout, 1, 0, NULL, &pipe);
	dispatch_once(&dev, &pipe, set, NULL, 0);

	for (uint32_t i = 0; i < 64; i++) {
		uint32_t x = words[i], y = words[64 + i], acc = words[128 + i];
		int64_t hx = (int32_t)x >> 20, hy = (int32_t)y >> 20;

		REQUIRE_EQ(words[192 + i], (uint32_t)dot4x8(x, y, true, true));
		REQUIRE_EQ(words[256 + i],
			   (uint32_t)saturate(acc + dot4x8(x, y, false, false), 0, UINT32_MAX));
		REQUIRE_EQ(words[320 + i], (uint32_t)saturate((int32_t)acc + dot4x8(x, y, true, false),
							      INT32_MIN, INT32_MAX));
		REQUIRE_EQ(words[384 + i], (uint32_t)saturate((int32_t)acc + 2 * hx * hy + 7,
							      INT32_MIN, INT32_MAX));
	}
	vkDestroyDescriptorPool(dev.device, pool, NULL);
	vk_pipe_destroy(&dev, &pipe);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	vk_buf_destroy(&dev, &data);
	vk_dev_destroy(&dev);
}

/*
 * shaderZeroInitializeWorkgroupMemory (zero_shared.comp): 32 workgroups,
 * each reading its null-initialized shared array after the workgroup
 * before it on the same core filled the array with garbage.
 */
VK_TEST(zero_initialize_workgroup_memory, "shader-zero-initialized-shared-memory-every-workgroup")
{
	VkPhysicalDeviceZeroInitializeWorkgroupMemoryFeatures zero = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ZERO_INITIALIZE_WORKGROUP_MEMORY_FEATURES,
		.shaderZeroInitializeWorkgroupMemory = VK_TRUE,
	};
	const char *ext[] = { VK_KHR_ZERO_INITIALIZE_WORKGROUP_MEMORY_EXTENSION_NAME };
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = 1, .features = &zero,
	};
	const uint32_t groups = 32, count = groups * 64;
	struct vk_dev dev;
	struct vk_buf out;
	struct vk_pipe pipe;
	VkDescriptorSetLayout layout;
	VkDescriptorPool pool;
	VkCommandBuffer cmd;

	vk_dev_create(&dev, &options);
	vk_buf_create(&dev, count * 4, 0, &out);
	memset(out.map, 0xff, count * 4);
	const VkDescriptorType type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
	const VkDescriptorBufferInfo info = { out.buffer, 0, VK_WHOLE_SIZE };
	VkDescriptorSet set = buffer_set(&dev, &type, &info, 1, &layout, &pool);

	vk_pipe_create(&dev, zero_shared_spv, zero_shared_spv_size, &layout, 1, 0, NULL, &pipe);
	cmd = vk_cmd_begin(&dev);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.layout, 0, 1, &set, 0,
				NULL);
	vkCmdDispatch(cmd, groups, 1, 1);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&dev, cmd, 0);

	for (uint32_t i = 0; i < count; i++)
		REQUIRE_EQ(((uint32_t *)out.map)[i], i);
	vkDestroyDescriptorPool(dev.device, pool, NULL);
	vk_pipe_destroy(&dev, &pipe);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	vk_buf_destroy(&dev, &out);
	vk_dev_destroy(&dev);
}

static void buffer_requirements(struct vk_dev *dev, const VkBufferCreateInfo *info,
				VkMemoryRequirements *created, VkMemoryRequirements *queried)
{
	const VkDeviceBufferMemoryRequirements device_info = {
		.sType = VK_STRUCTURE_TYPE_DEVICE_BUFFER_MEMORY_REQUIREMENTS, .pCreateInfo = info,
	};
	VkMemoryRequirements2 reqs = { .sType = VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2 };
	PFN_vkGetDeviceBufferMemoryRequirementsKHR get_device_reqs =
		(PFN_vkGetDeviceBufferMemoryRequirementsKHR)
		vkGetDeviceProcAddr(dev->device, "vkGetDeviceBufferMemoryRequirementsKHR");
	VkBuffer buffer;

	REQUIRE(get_device_reqs);
	VK_CHECK(vkCreateBuffer(dev->device, info, NULL, &buffer));
	vkGetBufferMemoryRequirements(dev->device, buffer, created);
	vkDestroyBuffer(dev->device, buffer, NULL);
	get_device_reqs(dev->device, &device_info, &reqs);
	*queried = reqs.memoryRequirements;
}

/*
 * VK_KHR_maintenance4: buffer requirements without a buffer, equal to a
 * created buffer's and never larger for a smaller buffer; maxBufferSize;
 * LocalSizeId from specialization constants (local_size_id.spvasm); a
 * pipeline layout destroyed right after the pipeline was created from it.
 */
VK_TEST(maintenance4, "maintenance4-buffer-requirements-local-size-id-layout-lifetime")
{
	VkPhysicalDeviceMaintenance4Features m4 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_FEATURES,
		.maintenance4 = VK_TRUE,
	};
	const char *ext[] = { VK_KHR_MAINTENANCE_4_EXTENSION_NAME };
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = 1, .features = &m4,
	};
	static const VkDeviceSize sizes[] = { 1, 4, 100, 4096, 4097, 65537, 1 << 20 };
	static const VkBufferUsageFlags usages[] = {
		VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
		VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
		VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
	};
	VkPhysicalDeviceMaintenance4Properties m4_props = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_PROPERTIES,
	};
	VkPhysicalDeviceProperties2 props = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &m4_props,
	};
	const uint32_t size_x = 12, size_y = 5, groups = 7, count = size_x * size_y * groups;
	const uint32_t spec_values[2] = { size_x, size_y };
	const VkSpecializationMapEntry entries[2] = { { 0, 0, 4 }, { 1, 4, 4 } };
	const VkSpecializationInfo spec = { 2, entries, sizeof(spec_values), spec_values };
	struct vk_dev dev;
	struct vk_buf out;
	struct vk_pipe pipe;
	VkPipelineLayout bind_layout;
	VkDescriptorSetLayout set_layout;
	VkDescriptorPool pool;
	VkCommandBuffer cmd;

	vk_dev_create(&dev, &options);
	vkGetPhysicalDeviceProperties2(dev.physical, &props);
	REQUIRE(m4_props.maxBufferSize >= (1ull << 30));

	for (size_t u = 0; u < sizeof(usages) / sizeof(usages[0]); u++) {
		VkMemoryRequirements previous = { 0 };

		for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
			const VkBufferCreateInfo info = {
				.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
				.size = sizes[i], .usage = usages[u],
			};
			VkMemoryRequirements created, queried;

			buffer_requirements(&dev, &info, &created, &queried);
			REQUIRE_EQ(queried.size, created.size);
			REQUIRE_EQ(queried.alignment, created.alignment);
			REQUIRE_EQ(queried.memoryTypeBits, created.memoryTypeBits);
			REQUIRE(queried.size >= sizes[i] && queried.size >= previous.size);
			previous = queried;
		}
	}

	vk_buf_create(&dev, count * 4, 0, &out);
	memset(out.map, 0xff, count * 4);
	const VkDescriptorType type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
	const VkDescriptorBufferInfo info = { out.buffer, 0, VK_WHOLE_SIZE };
	VkDescriptorSet set = buffer_set(&dev, &type, &info, 1, &set_layout, &pool);
	const VkPipelineLayoutCreateInfo layout_info = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
		.setLayoutCount = 1, .pSetLayouts = &set_layout,
	};

	vk_pipe_create(&dev, local_size_id_spv, local_size_id_spv_size, &set_layout, 1, 0, &spec,
		       &pipe);
	/* The pipeline outlives its layout; sets bind through a compatible one. */
	vkDestroyPipelineLayout(dev.device, pipe.layout, NULL);
	pipe.layout = VK_NULL_HANDLE;
	VK_CHECK(vkCreatePipelineLayout(dev.device, &layout_info, NULL, &bind_layout));
	cmd = vk_cmd_begin(&dev);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, bind_layout, 0, 1, &set, 0,
				NULL);
	vkCmdDispatch(cmd, groups, 1, 1);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&dev, cmd, 0);

	for (uint32_t g = 0; g < groups; g++)
		for (uint32_t y = 0; y < size_y; y++)
			for (uint32_t x = 0; x < size_x; x++)
				REQUIRE_EQ(((uint32_t *)out.map)[(g * size_y + y) * size_x + x],
					   g << 16 | y << 8 | x);
	vkDestroyPipelineLayout(dev.device, bind_layout, NULL);
	vkDestroyDescriptorPool(dev.device, pool, NULL);
	vk_pipe_destroy(&dev, &pipe);
	vkDestroyDescriptorSetLayout(dev.device, set_layout, NULL);
	vk_buf_destroy(&dev, &out);
	vk_dev_destroy(&dev);
}

/* Runs the 64 invocations of @spirv (o[i] = 3 * i + 1) and checks them. */
static void run_three_i_plus_one(struct vk_dev *dev, const uint32_t *spirv, size_t size)
{
	struct vk_buf out;
	struct vk_pipe pipe;
	VkDescriptorSetLayout layout;
	VkDescriptorPool pool;

	vk_buf_create(dev, 64 * 4, 0, &out);
	memset(out.map, 0xff, 64 * 4);
	const VkDescriptorType type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
	const VkDescriptorBufferInfo info = { out.buffer, 0, VK_WHOLE_SIZE };
	VkDescriptorSet set = buffer_set(dev, &type, &info, 1, &layout, &pool);

	vk_pipe_create(dev, spirv, size, &layout, 1, 0, NULL, &pipe);
	dispatch_once(dev, &pipe, set, NULL, 0);
	for (uint32_t i = 0; i < 64; i++)
		REQUIRE_EQ(((uint32_t *)out.map)[i], 3 * i + 1);
	vkDestroyDescriptorPool(dev->device, pool, NULL);
	vk_pipe_destroy(dev, &pipe);
	vkDestroyDescriptorSetLayout(dev->device, layout, NULL);
	vk_buf_destroy(dev, &out);
}

/*
 * shaderDemoteToHelperInvocation and shaderTerminateInvocation (both
 * required by Vulkan 1.3): modules declaring the capability and the
 * extension compile and run. Their instructions belong to fragment
 * shaders (SPIR-V validation refuses them elsewhere), so in a compute
 * pipeline the declaration is all there is to use.
 */
VK_TEST(demote_terminate, "shader-demote-and-terminate-declared-in-compute")
{
	VkPhysicalDeviceShaderTerminateInvocationFeatures terminate = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_TERMINATE_INVOCATION_FEATURES,
		.shaderTerminateInvocation = VK_TRUE,
	};
	VkPhysicalDeviceShaderDemoteToHelperInvocationFeatures demote = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DEMOTE_TO_HELPER_INVOCATION_FEATURES,
		.pNext = &terminate,
		.shaderDemoteToHelperInvocation = VK_TRUE,
	};
	const char *ext[] = {
		VK_EXT_SHADER_DEMOTE_TO_HELPER_INVOCATION_EXTENSION_NAME,
		VK_KHR_SHADER_TERMINATE_INVOCATION_EXTENSION_NAME,
	};
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = 2, .features = &demote,
	};
	struct vk_dev dev;

	vk_dev_create(&dev, &options);
	run_three_i_plus_one(&dev, demote_capability_spv, demote_capability_spv_size);
	run_three_i_plus_one(&dev, terminate_extension_spv, terminate_extension_spv_size);
	vk_dev_destroy(&dev);
}

/*
 * vkGetPhysicalDeviceFeatures2 fills the chain it is given without
 * touching its sType and pNext members, and the 1.1, 1.2 and 1.3
 * structures answer the same chained together as alone (a driver that
 * lost a structure's sType while filling it gave its later adjustments,
 * drawIndirectCount among them, to no structure).
 */
VK_TEST(features_chain, "features2-chain-keeps-stype-pnext-and-answers")
{
	VkPhysicalDeviceVulkan13Features f13 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
	};
	VkPhysicalDeviceVulkan12Features f12 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES, .pNext = &f13,
	};
	VkPhysicalDeviceVulkan11Features f11 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES, .pNext = &f12,
	};
	VkPhysicalDeviceFeatures2 f2 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &f11,
	};
	const VkBaseOutStructure *chain[3] = {
		(VkBaseOutStructure *)&f11, (VkBaseOutStructure *)&f12, (VkBaseOutStructure *)&f13,
	};
	const VkStructureType types[3] = {
		VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
		VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
		VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
	};
	struct vk_dev dev;

	vk_dev_create(&dev, &(struct vk_dev_options) { .api_version = VK_API_VERSION_1_3 });
	if (dev.props.apiVersion < VK_API_VERSION_1_3) {
		vk_dev_destroy(&dev);
		vk_test_skip("the device is older than Vulkan 1.3");
	}
	vkGetPhysicalDeviceFeatures2(dev.physical, &f2);
	REQUIRE(f2.pNext == &f11);
	for (int i = 0; i < 3; i++) {
		struct vk_feature_answer alone;
		const VkBool32 *one = vk_feature_query(dev.physical, types[i], &alone);
		const VkBool32 *chained = (const VkBool32 *)(chain[i] + 1);

		REQUIRE_EQ(chain[i]->sType, types[i]);
		REQUIRE(chain[i]->pNext == (i < 2 ? chain[i + 1] : NULL));
		for (unsigned int m = 0; m < vk_feature_struct_members(types[i]); m++)
			if (one[m] != chained[m])
				vk_test_fail(__FILE__, __LINE__, "structure type %d member %u: %u alone, "
					     "%u chained", types[i], m, one[m], chained[m]);
	}
	vk_dev_destroy(&dev);
}
