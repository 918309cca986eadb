/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Devices, memory and command buffers
 *
 * Enumeration and queries, memory allocation and mapping, and the commands
 * of a compute queue: transfers, dispatches with push and specialization
 * constants, dispatch base, secondary command buffers, barriers that
 * order a transfer before a dispatch and back, and long command buffers.
 */

#include "vk_test.h"
#include "vk_shaders.h"


#include <stdlib.h>
#include <string.h>

VK_TEST(instance_enumerate, "instance-enumerate-physical-devices")
{
	struct vk_dev dev;
	VkPhysicalDevice pds[8];
	VkExtensionProperties ext[1];
	uint32_t count = 8, n_ext = 0, one = 1;

	vk_dev_create(&dev, NULL);
	REQUIRE(vkEnumeratePhysicalDevices(dev.instance, &count, pds) == VK_SUCCESS);
	REQUIRE(count >= 1);
	/* A short array: VK_INCOMPLETE and the count written. */
	VK_CHECK(vkEnumerateDeviceExtensionProperties(dev.physical, NULL, &n_ext, NULL));
	if (n_ext > 1) {
		REQUIRE_EQ(vkEnumerateDeviceExtensionProperties(dev.physical, NULL, &one, ext),
			   VK_INCOMPLETE);
		REQUIRE_EQ(one, 1);
	}
	REQUIRE(VK_API_VERSION_MAJOR(dev.props.apiVersion) == 1 &&
		VK_API_VERSION_MINOR(dev.props.apiVersion) >= 1);
	vk_dev_destroy(&dev);
}

VK_TEST(device_limits, "device-properties-and-limits")
{
	VkPhysicalDeviceSubgroupProperties subgroup = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES,
	};
	VkPhysicalDeviceIDProperties id = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES, .pNext = &subgroup,
	};
	VkPhysicalDeviceProperties2 props = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &id,
	};
	VkPhysicalDeviceMemoryProperties mem;
	struct vk_dev dev;

	vk_dev_create(&dev, NULL);
	vkGetPhysicalDeviceProperties2(dev.physical, &props);
	/* The specification's minimums for the compute limits. */
	REQUIRE(props.properties.limits.maxComputeWorkGroupInvocations >= 128);
	REQUIRE(props.properties.limits.maxComputeSharedMemorySize >= 16384);
	REQUIRE(props.properties.limits.maxPushConstantsSize >= 128);
	REQUIRE(props.properties.limits.maxBoundDescriptorSets >= 4);
	REQUIRE(props.properties.limits.maxStorageBufferRange >= (1u << 27));
	REQUIRE(props.properties.limits.timestampPeriod > 0);
	REQUIRE(subgroup.subgroupSize >= 1);
	REQUIRE(subgroup.supportedOperations & VK_SUBGROUP_FEATURE_BASIC_BIT);
	vkGetPhysicalDeviceMemoryProperties(dev.physical, &mem);
	REQUIRE(mem.memoryHeapCount >= 1 && mem.memoryHeaps[0].size > 0);
	vk_dev_destroy(&dev);
}

VK_TEST(memory_map, "memory-map-write-read")
{
	struct vk_dev dev;
	struct vk_buf buf;
	void *map2;

	vk_dev_create(&dev, NULL);
	vk_buf_create(&dev, 1 << 20, 0, &buf);
	memset(buf.map, 0x5a, buf.size);
	vkUnmapMemory(dev.device, buf.memory);
	/* A mapping at an offset sees the same bytes. */
	VK_CHECK(vkMapMemory(dev.device, buf.memory, 4096, 4096, 0, &map2));
	REQUIRE(((uint8_t *)map2)[0] == 0x5a && ((uint8_t *)map2)[4095] == 0x5a);
	vkUnmapMemory(dev.device, buf.memory);
	vk_buf_destroy(&dev, &buf);
	vk_dev_destroy(&dev);
}

VK_TEST(memory_budget, "memory-budget")
{
	const char *ext[] = { VK_EXT_MEMORY_BUDGET_EXTENSION_NAME };
	const struct vk_dev_options options = { .extensions = ext, .extension_count = 1 };
	VkPhysicalDeviceMemoryBudgetPropertiesEXT budget = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_BUDGET_PROPERTIES_EXT,
	};
	VkPhysicalDeviceMemoryProperties2 props = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_PROPERTIES_2, .pNext = &budget,
	};
	struct vk_dev dev;

	vk_dev_create(&dev, &options);
	vkGetPhysicalDeviceMemoryProperties2(dev.physical, &props);
	for (uint32_t i = 0; i < props.memoryProperties.memoryHeapCount; i++) {
		REQUIRE(budget.heapBudget[i] > 0);
		REQUIRE(budget.heapBudget[i] <= props.memoryProperties.memoryHeaps[i].size);
	}
	vk_dev_destroy(&dev);
}

VK_TEST(cmd_transfers, "cmd-fill-update-copy")
{
	struct vk_dev dev;
	struct vk_buf a, b;
	uint32_t data[64];
	VkCommandBuffer cmd;

	vk_dev_create(&dev, NULL);
	vk_buf_create(&dev, 4096, 0, &a);
	vk_buf_create(&dev, 4096, 0, &b);
	for (int i = 0; i < 64; i++)
		data[i] = 0x1000 + i;
	cmd = vk_cmd_begin(&dev);
	vkCmdFillBuffer(cmd, a.buffer, 0, VK_WHOLE_SIZE, 0xdeadbeef);
	vk_cmd_barrier(cmd);
	vkCmdUpdateBuffer(cmd, a.buffer, 256, sizeof(data), data);
	vk_cmd_barrier(cmd);
	/* An unaligned copy: 3 bytes from offset 257 to offset 1. */
	const VkBufferCopy regions[2] = { { 0, 0, 4096 }, { 257, 1, 3 } };
	vkCmdCopyBuffer(cmd, a.buffer, b.buffer, 1, &regions[0]);
	vk_cmd_barrier(cmd);
	vkCmdCopyBuffer(cmd, a.buffer, b.buffer, 1, &regions[1]);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&dev, cmd, 0);
	const uint32_t *out = b.map;
	/* Byte 0 from the fill, bytes 1..3 from bytes 257..259 (0x1000's upper bytes). */
	REQUIRE_EQ(out[0], 0x000010ef);
	REQUIRE_EQ(out[63], 0xdeadbeef);
	for (int i = 0; i < 64; i++)
		REQUIRE_EQ(out[64 + i], 0x1000 + i);
	REQUIRE_EQ(out[1023], 0xdeadbeef);
	vk_buf_destroy(&dev, &a);
	vk_buf_destroy(&dev, &b);
	vk_dev_destroy(&dev);
}

/*
 * One storage buffer of @out_bytes at set 0 binding 0, @push_size bytes of
 * push constants and @groups workgroups of @spirv: the buffer's contents
 * afterwards, copied to @out.
 */
static void dispatch_push(const uint32_t *spirv, size_t spirv_size,
			  const VkSpecializationInfo *spec, const void *push, uint32_t push_size,
			  uint32_t groups, void *out, uint32_t out_bytes)
{
	struct vk_dev dev;
	struct vk_buf buf;
	struct vk_buf *bufs[1] = { &buf };
	struct vk_pipe pipe;
	VkDescriptorSetLayout layout;
	VkDescriptorPool pool;
	VkDescriptorSet set;
	VkCommandBuffer cmd;

	vk_dev_create(&dev, NULL);
	vk_buf_create(&dev, out_bytes, 0, &buf);
	layout = vk_storage_set_layout(&dev, 1, 0);
	vk_pipe_create(&dev, spirv, spirv_size, &layout, 1, push_size, spec, &pipe);
	set = vk_storage_set(&dev, layout, &pool, bufs, 1);
	cmd = vk_cmd_begin(&dev);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.layout, 0, 1, &set, 0,
				NULL);
	vkCmdPushConstants(cmd, pipe.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, push_size, push);
	vkCmdDispatch(cmd, groups, 1, 1);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&dev, cmd, 0);
	memcpy(out, buf.map, out_bytes);
	vkDestroyDescriptorPool(dev.device, pool, NULL);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	vk_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &buf);
	vk_dev_destroy(&dev);
}

VK_TEST(cmd_dispatch, "cmd-dispatch-push-and-specialization-constants")
{
	const uint32_t scale = 3;
	const VkSpecializationMapEntry entry = { 0, 0, 4 };
	const VkSpecializationInfo spec = { 1, &entry, 4, &scale };
	const uint32_t push[2] = { 1000, 1000 };
	static uint32_t out[4096];

	dispatch_push(fill_spv, fill_spv_size, &spec, push, sizeof(push), 1024 / 64, out,
		      sizeof(out));
	for (uint32_t i = 0; i < 1024; i++)
		REQUIRE_EQ(out[i], i < 1000 ? 1000 + 3 * i : 0);
}

/*
 * Push constants indexed at run time reach every element of their array,
 * not only the bytes a constant index names (the shader names none past
 * tail[0] and head[0] statically); VkRunner's push-constants example read
 * zeros there on Ember.
 */
VK_TEST(cmd_dispatch_push_dynamic, "cmd-dispatch-push-constants-dynamic-index")
{
	const struct {
		float head[4], tail[5];
		uint32_t count;
	} push = { { 1, 2, 3, 4 }, { 10, 20, 30, 40, 50 }, 5 };
	const float want[9] = { 20, 30, 40, 50, 1, 2, 3, 4, 150 };
	float out[16];

	dispatch_push(push_dynamic_spv, push_dynamic_spv_size, NULL, &push, sizeof(push), 1,
		      out, sizeof(out));
	for (uint32_t i = 0; i < 9; i++)
		REQUIRE_EQ(out[i], want[i]);
}

VK_TEST(cmd_dispatch_base, "cmd-dispatch-base")
{
	struct vk_dev dev;
	struct vk_buf out;
	struct vk_buf *bufs[1] = { &out };
	struct vk_pipe pipe;
	VkDescriptorSetLayout layout;
	VkDescriptorPool pool;
	VkDescriptorSet set;
	VkCommandBuffer cmd;

	vk_dev_create(&dev, NULL);
	vk_buf_create(&dev, 64 * 4, 0, &out);
	layout = vk_storage_set_layout(&dev, 1, 0);
	/* DISPATCH_BASE pipelines: created with the flag the specification asks for. */
	const VkShaderModuleCreateInfo module_info = {
		.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
		.codeSize = group_id_spv_size, .pCode = group_id_spv,
	};
	const VkPipelineLayoutCreateInfo layout_info = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
		.setLayoutCount = 1, .pSetLayouts = &layout,
	};
	VK_CHECK(vkCreateShaderModule(dev.device, &module_info, NULL, &pipe.module));
	VK_CHECK(vkCreatePipelineLayout(dev.device, &layout_info, NULL, &pipe.layout));
	const VkComputePipelineCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
		.flags = VK_PIPELINE_CREATE_DISPATCH_BASE_BIT,
		.stage = {
			.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
			.stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = pipe.module, .pName = "main",
		},
		.layout = pipe.layout,
	};
	VK_CHECK(vkCreateComputePipelines(dev.device, VK_NULL_HANDLE, 1, &info, NULL,
					  &pipe.pipeline));
	set = vk_storage_set(&dev, layout, &pool, bufs, 1);
	cmd = vk_cmd_begin(&dev);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.layout, 0, 1, &set, 0,
				NULL);
	vkCmdDispatchBase(cmd, 10, 0, 0, 5, 1, 1);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&dev, cmd, 0);
	for (uint32_t g = 0; g < 64; g++)
		REQUIRE_EQ(((uint32_t *)out.map)[g], g >= 10 && g < 15 ? g * 10 + 1 : 0);
	vkDestroyDescriptorPool(dev.device, pool, NULL);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	vk_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &out);
	vk_dev_destroy(&dev);
}

/* Copy src -> a, barrier, dispatch b = a + 1: the barrier must order them. */
static void record_copy_then_add(struct vk_dev *dev, VkCommandBuffer cmd, struct vk_buf *src,
				 struct vk_buf *a, struct vk_pipe *pipe, VkDescriptorSet set,
				 uint32_t count, bool sync2)
{
	const VkBufferCopy region = { 0, 0, count * 4 };

	vkCmdCopyBuffer(cmd, src->buffer, a->buffer, 1, &region);
	if (sync2) {
		const VkMemoryBarrier2 barrier = {
			.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
			.srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
			.srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
			.dstStageMask = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
			.dstAccessMask = VK_ACCESS_2_SHADER_STORAGE_READ_BIT,
		};
		const VkDependencyInfo dep = {
			.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
			.memoryBarrierCount = 1, .pMemoryBarriers = &barrier,
		};
		/* The extension's entry point: the instance asks for Vulkan 1.2. */
		PFN_vkCmdPipelineBarrier2KHR barrier2 = (PFN_vkCmdPipelineBarrier2KHR)
			vk_dev_proc(dev, "vkCmdPipelineBarrier2KHR");

		barrier2(cmd, &dep);
	} else {
		const VkMemoryBarrier barrier = {
			.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
			.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
			.dstAccessMask = VK_ACCESS_SHADER_READ_BIT,
		};
		vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
				     VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &barrier, 0, NULL,
				     0, NULL);
	}
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe->pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe->layout, 0, 1, &set, 0,
				NULL);
	vkCmdDispatch(cmd, count / 64, 1, 1);
	vk_cmd_barrier(cmd);
}

static void barrier_test(bool sync2)
{
	VkPhysicalDeviceSynchronization2Features sync2_features = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SYNCHRONIZATION_2_FEATURES,
		.synchronization2 = VK_TRUE,
	};
	const char *ext[] = { VK_KHR_SYNCHRONIZATION_2_EXTENSION_NAME };
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = sync2 ? 1 : 0,
		.features = sync2 ? &sync2_features : NULL,
	};
	const uint32_t count = 1 << 16;
	struct vk_dev dev;
	struct vk_buf src, a, b;
	struct vk_buf *bufs[2] = { &a, &b };
	struct vk_pipe pipe;
	VkDescriptorSetLayout layout;
	VkDescriptorPool pool;
	VkDescriptorSet set;
	VkCommandBuffer cmd;

	vk_dev_create(&dev, &options);
	vk_buf_create(&dev, count * 4, 0, &src);
	vk_buf_create(&dev, count * 4, 0, &a);
	vk_buf_create(&dev, count * 4, 0, &b);
	for (uint32_t i = 0; i < count; i++)
		((uint32_t *)src.map)[i] = i * 7;
	layout = vk_storage_set_layout(&dev, 2, 0);
	vk_pipe_create(&dev, add_one_spv, add_one_spv_size, &layout, 1, 0, NULL, &pipe);
	set = vk_storage_set(&dev, layout, &pool, bufs, 2);
	cmd = vk_cmd_begin(&dev);
	record_copy_then_add(&dev, cmd, &src, &a, &pipe, set, count, sync2);
	vk_cmd_submit_wait(&dev, cmd, 0);
	for (uint32_t i = 0; i < count; i++)
		REQUIRE_EQ(((uint32_t *)b.map)[i], i * 7 + 1);
	vkDestroyDescriptorPool(dev.device, pool, NULL);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	vk_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &src);
	vk_buf_destroy(&dev, &a);
	vk_buf_destroy(&dev, &b);
	vk_dev_destroy(&dev);
}

VK_TEST(cmd_barrier, "cmd-barrier-orders-copy-before-dispatch")
{
	barrier_test(false);
}

VK_TEST(cmd_barrier2, "cmd-barrier2-orders-copy-before-dispatch")
{
	barrier_test(true);
}

VK_TEST(cmd_secondary, "cmd-secondary-execute-commands")
{
	struct vk_dev dev;
	struct vk_buf buf;
	VkCommandBuffer primary, secondary;

	vk_dev_create(&dev, NULL);
	vk_buf_create(&dev, 4096, 0, &buf);
	const VkCommandBufferAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
		.commandPool = dev.pool, .level = VK_COMMAND_BUFFER_LEVEL_SECONDARY,
		.commandBufferCount = 1,
	};
	const VkCommandBufferInheritanceInfo inheritance = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
	};
	const VkCommandBufferBeginInfo begin = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
		.pInheritanceInfo = &inheritance,
	};
	VK_CHECK(vkAllocateCommandBuffers(dev.device, &alloc, &secondary));
	VK_CHECK(vkBeginCommandBuffer(secondary, &begin));
	vkCmdFillBuffer(secondary, buf.buffer, 2048, 2048, 0x22222222);
	VK_CHECK(vkEndCommandBuffer(secondary));
	primary = vk_cmd_begin(&dev);
	vkCmdFillBuffer(primary, buf.buffer, 0, 2048, 0x11111111);
	vkCmdExecuteCommands(primary, 1, &secondary);
	vk_cmd_barrier(primary);
	vk_cmd_submit_wait(&dev, primary, 0);
	REQUIRE_EQ(((uint32_t *)buf.map)[0], 0x11111111);
	REQUIRE_EQ(((uint32_t *)buf.map)[511], 0x11111111);
	REQUIRE_EQ(((uint32_t *)buf.map)[512], 0x22222222);
	REQUIRE_EQ(((uint32_t *)buf.map)[1023], 0x22222222);
	vk_buf_destroy(&dev, &buf);
	vk_dev_destroy(&dev);
}

VK_TEST(cmd_long, "cmd-long-command-buffer-and-rerecord")
{
	struct vk_dev dev;
	struct vk_buf buf;
	VkCommandBuffer cmd;
	const VkCommandBufferBeginInfo begin = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
	};

	vk_dev_create(&dev, NULL);
	vk_buf_create(&dev, 20000 * 4, 0, &buf);
	cmd = vk_cmd_begin(&dev);
	/* Far more commands than one command-buffer chunk holds. */
	for (uint32_t i = 0; i < 20000; i++)
		vkCmdUpdateBuffer(cmd, buf.buffer, i * 4, 4, &i);
	vk_cmd_barrier(cmd);
	VK_CHECK(vkEndCommandBuffer(cmd));
	/* Re-recording resets it (the pool allows it). */
	VK_CHECK(vkBeginCommandBuffer(cmd, &begin));
	for (uint32_t i = 0; i < 20000; i++) {
		uint32_t v = i ^ 0xffff;

		vkCmdUpdateBuffer(cmd, buf.buffer, i * 4, 4, &v);
	}
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&dev, cmd, 0);
	for (uint32_t i = 0; i < 20000; i++)
		REQUIRE_EQ(((uint32_t *)buf.map)[i], i ^ 0xffff);
	vk_buf_destroy(&dev, &buf);
	vk_dev_destroy(&dev);
}

VK_TEST(memory_bind2_dedicated, "memory-requirements2-dedicated-bind2-map2")
{
	const char *ext[] = {
		VK_KHR_GET_MEMORY_REQUIREMENTS_2_EXTENSION_NAME,
		VK_KHR_DEDICATED_ALLOCATION_EXTENSION_NAME, VK_KHR_BIND_MEMORY_2_EXTENSION_NAME,
		VK_KHR_MAP_MEMORY_2_EXTENSION_NAME,
	};
	const struct vk_dev_options options = { .extensions = ext, .extension_count = 4 };
	struct vk_dev dev;
	VkBuffer buffer;
	VkDeviceMemory memory;
	void *map;

	/* The 1.3.239 layer's dispatch lacks vkMapMemory2KHR (it crashes). */
	if (vk_test_under_validation())
		vk_test_skip("the validation layer predates VK_KHR_map_memory2");
	vk_dev_create(&dev, &options);
	PFN_vkMapMemory2KHR map2 = (PFN_vkMapMemory2KHR)vk_dev_proc(&dev, "vkMapMemory2KHR");
	PFN_vkUnmapMemory2KHR unmap2 =
		(PFN_vkUnmapMemory2KHR)vk_dev_proc(&dev, "vkUnmapMemory2KHR");
	const VkBufferCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = 8192,
		.usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT,
	};
	VK_CHECK(vkCreateBuffer(dev.device, &info, NULL, &buffer));
	VkMemoryDedicatedRequirements dedicated = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_DEDICATED_REQUIREMENTS,
	};
	VkMemoryRequirements2 req = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2, .pNext = &dedicated,
	};
	const VkBufferMemoryRequirementsInfo2 req_info = {
		.sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_REQUIREMENTS_INFO_2, .buffer = buffer,
	};
	vkGetBufferMemoryRequirements2(dev.device, &req_info, &req);
	REQUIRE(req.memoryRequirements.size >= 8192);
	REQUIRE(req.memoryRequirements.memoryTypeBits & (1u << dev.memory_type));
	const VkMemoryDedicatedAllocateInfo dedicated_alloc = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_DEDICATED_ALLOCATE_INFO, .buffer = buffer,
	};
	const VkMemoryAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .pNext = &dedicated_alloc,
		.allocationSize = req.memoryRequirements.size, .memoryTypeIndex = dev.memory_type,
	};
	VK_CHECK(vkAllocateMemory(dev.device, &alloc, NULL, &memory));
	const VkBindBufferMemoryInfo bind = {
		.sType = VK_STRUCTURE_TYPE_BIND_BUFFER_MEMORY_INFO, .buffer = buffer,
		.memory = memory,
	};
	VK_CHECK(vkBindBufferMemory2(dev.device, 1, &bind));
	const VkMemoryMapInfoKHR map_info = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_MAP_INFO_KHR, .memory = memory,
		.offset = 0, .size = VK_WHOLE_SIZE,
	};
	VK_CHECK(map2(dev.device, &map_info, &map));
	VkCommandBuffer cmd = vk_cmd_begin(&dev);
	vkCmdFillBuffer(cmd, buffer, 0, VK_WHOLE_SIZE, 0x77);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&dev, cmd, 0);
	REQUIRE_EQ(((uint32_t *)map)[2047], 0x77);
	const VkMemoryUnmapInfoKHR unmap_info = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_UNMAP_INFO_KHR, .memory = memory,
	};
	VK_CHECK(unmap2(dev.device, &unmap_info));
	vkDestroyBuffer(dev.device, buffer, NULL);
	vkFreeMemory(dev.device, memory, NULL);
	vk_dev_destroy(&dev);
}

VK_TEST(cmd_copy2_submit2, "cmd-copy-buffer2-and-queue-submit2")
{
	VkPhysicalDeviceSynchronization2Features sync2 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SYNCHRONIZATION_2_FEATURES,
		.synchronization2 = VK_TRUE,
	};
	const char *ext[] = {
		VK_KHR_COPY_COMMANDS_2_EXTENSION_NAME, VK_KHR_SYNCHRONIZATION_2_EXTENSION_NAME,
	};
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = 2, .features = &sync2,
	};
	struct vk_dev dev;
	struct vk_buf a, b;
	VkFence fence;

	vk_dev_create(&dev, &options);
	PFN_vkCmdCopyBuffer2KHR copy2 =
		(PFN_vkCmdCopyBuffer2KHR)vk_dev_proc(&dev, "vkCmdCopyBuffer2KHR");
	PFN_vkQueueSubmit2KHR submit2 = (PFN_vkQueueSubmit2KHR)vk_dev_proc(&dev, "vkQueueSubmit2KHR");
	vk_buf_create(&dev, 4096, 0, &a);
	vk_buf_create(&dev, 4096, 0, &b);
	for (uint32_t i = 0; i < 1024; i++)
		((uint32_t *)a.map)[i] = i * 3;
	VkCommandBuffer cmd = vk_cmd_begin(&dev);
	const VkBufferCopy2 region = {
		.sType = VK_STRUCTURE_TYPE_BUFFER_COPY_2, .srcOffset = 16, .dstOffset = 0,
		.size = 4000,
	};
	const VkCopyBufferInfo2 info = {
		.sType = VK_STRUCTURE_TYPE_COPY_BUFFER_INFO_2, .srcBuffer = a.buffer,
		.dstBuffer = b.buffer, .regionCount = 1, .pRegions = &region,
	};
	copy2(cmd, &info);
	vk_cmd_barrier(cmd);
	VK_CHECK(vkEndCommandBuffer(cmd));
	const VkFenceCreateInfo fence_info = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
	VK_CHECK(vkCreateFence(dev.device, &fence_info, NULL, &fence));
	const VkCommandBufferSubmitInfo cmd_info = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO, .commandBuffer = cmd,
	};
	const VkSubmitInfo2 submit = {
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2,
		.commandBufferInfoCount = 1, .pCommandBufferInfos = &cmd_info,
	};
	VK_CHECK(submit2(dev.queues[0], 1, &submit, fence));
	VK_CHECK(vkWaitForFences(dev.device, 1, &fence, VK_TRUE, 30ull * 1000000000));
	for (uint32_t i = 0; i < 1000; i++)
		REQUIRE_EQ(((uint32_t *)b.map)[i], (i + 4) * 3);
	REQUIRE_EQ(((uint32_t *)b.map)[1000], 0);
	vkDestroyFence(dev.device, fence, NULL);
	vk_buf_destroy(&dev, &a);
	vk_buf_destroy(&dev, &b);
	vk_dev_destroy(&dev);
}
