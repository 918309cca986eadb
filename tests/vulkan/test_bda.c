/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Buffer device addresses
 *
 * bufferDeviceAddress (core in Vulkan 1.2): buffers created with
 * SHADER_DEVICE_ADDRESS usage in memory allocated with DEVICE_ADDRESS_BIT,
 * their vkGetBufferDeviceAddress passed to shaders in push constants and
 * in memory, and dereferenced there as GL_EXT_buffer_reference pointers:
 * a linked list walked through pointers stored in its nodes, pointer
 * arithmetic with u8/u16/u32/u64/vec4 loads and stores, atomics from every
 * invocation through one pointer, and the addresses of two buffers bound
 * to one allocation, which differ by their offsets. Capture and replay
 * are not asked for (Ember does not offer it).
 */

#include "vk_test.h"
#include "vk_shaders.h"

#include <string.h>

/* What the shaders need besides bufferDeviceAddress; SKIP without it. */
static void bda_dev_create(struct vk_dev *dev, bool narrow, bool atomics64)
{
	VkPhysicalDeviceVulkan12Features f12 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
		.bufferDeviceAddress = VK_TRUE,
		.storageBuffer8BitAccess = narrow,
		.shaderInt8 = narrow,
		.shaderBufferInt64Atomics = atomics64,
	};
	VkPhysicalDeviceVulkan11Features f11 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
		.pNext = &f12,
		.storageBuffer16BitAccess = narrow,
	};
	const struct vk_dev_options options = {
		.features = &f11,
		.core = { .shaderInt64 = VK_TRUE, .shaderInt16 = narrow },
	};

	vk_dev_create(dev, &options);
}

/* A mapped, zeroed buffer of @size at offset 0 of its own memory, and its address. */
static VkDeviceAddress bda_buf_create(struct vk_dev *dev, VkDeviceSize size, struct vk_buf *buf)
{
	const VkBufferCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
		.size = size,
		.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
			 VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT,
		.sharingMode = VK_SHARING_MODE_EXCLUSIVE,
	};
	const VkMemoryAllocateFlagsInfo flags = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
		.flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT,
	};
	VkMemoryRequirements req;
	VkDeviceAddress address;

	buf->size = size;
	VK_CHECK(vkCreateBuffer(dev->device, &info, NULL, &buf->buffer));
	vkGetBufferMemoryRequirements(dev->device, buf->buffer, &req);
	const VkMemoryAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
		.pNext = &flags,
		.allocationSize = req.size,
		.memoryTypeIndex = dev->memory_type,
	};
	VK_CHECK(vkAllocateMemory(dev->device, &alloc, NULL, &buf->memory));
	VK_CHECK(vkBindBufferMemory(dev->device, buf->buffer, buf->memory, 0));
	VK_CHECK(vkMapMemory(dev->device, buf->memory, 0, VK_WHOLE_SIZE, 0, &buf->map));
	memset(buf->map, 0, size);
	address = vkGetBufferDeviceAddress(dev->device, &(VkBufferDeviceAddressInfo) {
		.sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, .buffer = buf->buffer,
	});
	REQUIRE(address != 0);
	return address;
}

/* Run @spv (no descriptor sets) on @groups workgroups with @push. */
static void bda_run(struct vk_dev *dev, const uint32_t *spv, size_t size, const void *push,
		    uint32_t push_size, uint32_t groups)
{
	struct vk_pipe pipe;
	VkCommandBuffer cmd;

	vk_pipe_create(dev, spv, size, NULL, 0, push_size, NULL, &pipe);
	cmd = vk_cmd_begin(dev);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.pipeline);
	vkCmdPushConstants(cmd, pipe.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, push_size, push);
	vkCmdDispatch(cmd, groups, 1, 1);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(dev, cmd, 0);
	vk_pipe_destroy(dev, &pipe);
}

VK_TEST(bda_linked_list, "bda-linked-list-through-stored-pointers")
{
	enum { NODES = 9, INVOCATIONS = 256 };
	struct vk_dev dev;
	struct vk_buf nodes, out;
	VkDeviceAddress nodes_va, out_va;
	uint32_t *o, sum = 0;

	bda_dev_create(&dev, false, false);
	nodes_va = bda_buf_create(&dev, NODES * 32, &nodes);
	out_va = bda_buf_create(&dev, INVOCATIONS * 4, &out);
	/* Node k at slot (k * 4) % NODES: the list jumps around its buffer. */
	for (uint32_t k = 0; k < NODES; k++) {
		uint8_t *node = (uint8_t *)nodes.map + 32 * ((k * 4) % NODES);
		uint64_t next = k + 1 < NODES ? nodes_va + 32 * (((k + 1) * 4) % NODES) : 0;
		uint32_t value = 3 * k + 1;

		memcpy(node, &next, 8);
		memcpy(node + 8, &value, 4);
		sum += value;
	}
	const uint64_t push[2] = { nodes_va, out_va };

	bda_run(&dev, bda_list_spv, bda_list_spv_size, push, sizeof(push), INVOCATIONS / 64);
	o = out.map;
	for (uint32_t i = 0; i < INVOCATIONS; i++)
		REQUIRE_EQ(o[i], NODES * 1000000u + sum * 1000u + 3 * (i % 7) + 1);
	vk_buf_destroy(&dev, &out);
	vk_buf_destroy(&dev, &nodes);
	vk_dev_destroy(&dev);
}

/* The layout of bda_types.comp's Record (std430, 96 bytes). */
struct record {
	uint8_t b[16];
	uint16_t h[8];
	uint32_t w[4];
	uint64_t d[2];
	float v[8];
};

VK_TEST(bda_types, "bda-pointer-arithmetic-u8-u16-u32-u64-vec4")
{
	enum { INVOCATIONS = 128 };
	struct record *r, want[INVOCATIONS];
	struct vk_dev dev;
	struct vk_buf records;
	VkDeviceAddress va;

	bda_dev_create(&dev, true, false);
	va = bda_buf_create(&dev, sizeof(want), &records);
	r = records.map;
	for (uint32_t i = 0; i < INVOCATIONS; i++) {
		for (uint32_t k = 0; k < 16; k++)
			r[i].b[k] = (uint8_t)(i * 7 + k + 250);
		for (uint32_t k = 0; k < 8; k++)
			r[i].h[k] = (uint16_t)(i * 1031 + k * 77 + 60000);
		for (uint32_t k = 0; k < 4; k++)
			r[i].w[k] = i * 0x01010101u + k;
		r[i].d[0] = 0xfedcba9876543210ull + i;
		for (uint32_t k = 0; k < 8; k++)
			r[i].v[k] = (float)i + 0.25f * (float)k;
		want[i] = r[i];
		want[i].b[3] = (uint8_t)(r[i].b[0] + 1);
		want[i].h[5] = (uint16_t)(r[i].h[1] * 3);
		want[i].w[2] = r[i].w[0] ^ i;
		want[i].d[1] = r[i].d[0] + 0x100000000ull * i;
		for (uint32_t k = 0; k < 4; k++)
			want[i].v[4 + k] = r[i].v[k] * 2.0f;
	}
	bda_run(&dev, bda_types_spv, bda_types_spv_size, &va, sizeof(va), INVOCATIONS / 64);
	for (uint32_t i = 0; i < INVOCATIONS; i++)
		if (memcmp(&r[i], &want[i], sizeof(want[i])))
			vk_test_fail(__FILE__, __LINE__, "record %u differs", i);
	vk_buf_destroy(&dev, &records);
	vk_dev_destroy(&dev);
}

VK_TEST(bda_atomics, "bda-atomics-from-every-invocation")
{
	enum { INVOCATIONS = 64 * 64 };
	struct vk_dev dev;
	struct vk_buf counters;
	VkDeviceAddress va;
	uint32_t *c;
	uint64_t wide;

	bda_dev_create(&dev, false, true);
	va = bda_buf_create(&dev, 16, &counters);
	const uint32_t push[2] = { (uint32_t)va, (uint32_t)(va >> 32) };

	bda_run(&dev, bda_atomic_spv, bda_atomic_spv_size, push, sizeof(push), INVOCATIONS / 64);
	c = counters.map;
	memcpy(&wide, c + 2, 8);
	REQUIRE_EQ(c[0], INVOCATIONS);
	REQUIRE_EQ(c[1], INVOCATIONS - 1);
	REQUIRE(wide == ((uint64_t)INVOCATIONS * (INVOCATIONS - 1) / 2 << 32 | INVOCATIONS));
	vk_buf_destroy(&dev, &counters);
	vk_dev_destroy(&dev);
}

VK_TEST(bda_offsets, "bda-two-buffers-in-one-allocation")
{
	const VkBufferCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
		.size = 256,
		.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
			 VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT,
		.sharingMode = VK_SHARING_MODE_EXCLUSIVE,
	};
	const VkMemoryAllocateFlagsInfo flags = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
		.flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT,
	};
	struct vk_dev dev;
	VkBuffer a, b;
	VkDeviceMemory memory;
	VkMemoryRequirements req;
	VkDeviceAddress va_a, va_b;
	VkDeviceSize offset;
	uint32_t *words;

	bda_dev_create(&dev, false, false);
	VK_CHECK(vkCreateBuffer(dev.device, &info, NULL, &a));
	VK_CHECK(vkCreateBuffer(dev.device, &info, NULL, &b));
	vkGetBufferMemoryRequirements(dev.device, a, &req);
	offset = (req.size + req.alignment - 1) / req.alignment * req.alignment;
	const VkMemoryAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
		.pNext = &flags,
		.allocationSize = 2 * offset,
		.memoryTypeIndex = dev.memory_type,
	};
	VK_CHECK(vkAllocateMemory(dev.device, &alloc, NULL, &memory));
	VK_CHECK(vkBindBufferMemory(dev.device, a, memory, 0));
	VK_CHECK(vkBindBufferMemory(dev.device, b, memory, offset));
	const VkBufferDeviceAddressInfo info_a = {
		.sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, .buffer = a,
	};
	const VkBufferDeviceAddressInfo info_b = {
		.sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, .buffer = b,
	};
	va_a = vkGetBufferDeviceAddress(dev.device, &info_a);
	va_b = vkGetBufferDeviceAddress(dev.device, &info_b);
	REQUIRE(va_a != 0);
	REQUIRE_EQ(va_b - va_a, offset);
	/* Stable: the same buffer, the same address. */
	REQUIRE(vkGetBufferDeviceAddress(dev.device, &info_b) == va_b);

	/*
	 * A shader storing through b's address writes at the offset in the
	 * memory: bda_list.comp with an empty list stores 0 in 64 words.
	 */
	VK_CHECK(vkMapMemory(dev.device, memory, 0, VK_WHOLE_SIZE, 0, (void **)&words));
	memset(words, 0xff, 2 * offset);
	const uint64_t push[2] = { 0, va_b };

	bda_run(&dev, bda_list_spv, bda_list_spv_size, push, sizeof(push), 1);
	for (uint32_t i = 0; i < 64; i++) {
		REQUIRE_EQ(words[offset / 4 + i], 0);
		REQUIRE_EQ(words[i], 0xffffffffu);
	}
	vkUnmapMemory(dev.device, memory);
	vkDestroyBuffer(dev.device, a, NULL);
	vkDestroyBuffer(dev.device, b, NULL);
	vkFreeMemory(dev.device, memory, NULL);
	vk_dev_destroy(&dev);
}
