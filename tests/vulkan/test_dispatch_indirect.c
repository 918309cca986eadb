/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Indirect dispatch
 *
 * vkCmdDispatchIndirect reads its workgroup counts from a buffer when the
 * device runs it: counts the host wrote, counts earlier commands of the
 * same command buffer wrote (a fill and an update, made available to the
 * DRAW_INDIRECT stage's INDIRECT_COMMAND_READ by a barrier), counts at an
 * offset into the buffer, and zero counts, which run no workgroup. The
 * shader (num_groups.comp) records each workgroup's id and the
 * gl_NumWorkGroups it sees, which must be the counts read. The first test
 * also records vkCmdSetDeviceMask with the only valid mask of a
 * one-device group.
 *
 * Grids at Vulkan's minimum maxComputeWorkGroupCount, 65535, in each
 * dimension, direct and indirect (grid_count.comp): every workgroup runs
 * once, the last one of the dimension too. A grid of more than 2^32
 * workgroups is left to the device's host tests (firmware/tests,
 * test_dispatch.c): even workgroups that do nothing take the device minutes
 * to run that many, and those tests end such grids with the watchdog.
 */

#include "vk_test.h"
#include "vk_shaders.h"

#include <string.h>

/* The output: 2 dwords per workgroup, for up to OUT_GROUPS workgroups. */
#define OUT_GROUPS	256
#define OUT_SIZE	(OUT_GROUPS * 8)

struct indirect_env {
	struct vk_dev dev;
	struct vk_buf out;	/* the shader's storage buffer */
	struct vk_buf counts;	/* INDIRECT_BUFFER (and transfer destination) */
	struct vk_pipe pipe;
	VkDescriptorSetLayout layout;
	VkDescriptorPool pool;
	VkDescriptorSet set;
};

/* The pipeline of @spirv, its storage buffer of @out_size bytes, zeroed. */
static void env_create_shader(struct indirect_env *e, const uint32_t *spirv, size_t spirv_size,
			      VkDeviceSize out_size, VkDeviceSize counts_size,
			      const struct vk_dev_options *options)
{
	const VkDescriptorPoolSize size = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1 };
	const VkDescriptorPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.maxSets = 1, .poolSizeCount = 1, .pPoolSizes = &size,
	};

	vk_dev_create(&e->dev, options);
	vk_buf_create(&e->dev, out_size, 0, &e->out);
	memset(e->out.map, 0, out_size);
	vk_buf_create(&e->dev, counts_size, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT |
		      VK_BUFFER_USAGE_TRANSFER_DST_BIT, &e->counts);
	e->layout = vk_storage_set_layout(&e->dev, 1, 0);
	vk_pipe_create(&e->dev, spirv, spirv_size, &e->layout, 1, 0, NULL, &e->pipe);
	VK_CHECK(vkCreateDescriptorPool(e->dev.device, &pool_info, NULL, &e->pool));
	const VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = e->pool, .descriptorSetCount = 1, .pSetLayouts = &e->layout,
	};
	VK_CHECK(vkAllocateDescriptorSets(e->dev.device, &alloc, &e->set));
	const VkDescriptorBufferInfo info = { e->out.buffer, 0, VK_WHOLE_SIZE };
	const VkWriteDescriptorSet write = {
		.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
		.dstSet = e->set, .descriptorCount = 1,
		.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = &info,
	};
	vkUpdateDescriptorSets(e->dev.device, 1, &write, 0, NULL);
}

static void env_create(struct indirect_env *e, VkDeviceSize counts_size,
		       const struct vk_dev_options *options)
{
	env_create_shader(e, num_groups_spv, num_groups_spv_size, OUT_SIZE, counts_size, options);
}

static void env_destroy(struct indirect_env *e)
{
	vkDestroyDescriptorPool(e->dev.device, e->pool, NULL);
	vkDestroyDescriptorSetLayout(e->dev.device, e->layout, NULL);
	vk_pipe_destroy(&e->dev, &e->pipe);
	vk_buf_destroy(&e->dev, &e->counts);
	vk_buf_destroy(&e->dev, &e->out);
	vk_dev_destroy(&e->dev);
}

/* A command buffer with the pipeline and its set bound. */
static VkCommandBuffer env_begin(struct indirect_env *e)
{
	VkCommandBuffer cmd = vk_cmd_begin(&e->dev);

	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, e->pipe.pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, e->pipe.layout, 0, 1,
				&e->set, 0, NULL);
	return cmd;
}

static void set_counts(struct indirect_env *e, VkDeviceSize offset, uint32_t x, uint32_t y,
		       uint32_t z)
{
	const VkDispatchIndirectCommand c = { x, y, z };

	memcpy((uint8_t *)e->counts.map + offset, &c, sizeof(c));
}

/* Exactly the workgroups of an x * y * z grid ran, each seeing those counts. */
static void check_grid(const struct indirect_env *e, uint32_t x, uint32_t y, uint32_t z)
{
	const uint32_t *out = e->out.map;
	uint32_t total = x * y * z;

	REQUIRE(total <= OUT_GROUPS);
	for (uint32_t gz = 0; gz < z; gz++)
		for (uint32_t gy = 0; gy < y; gy++)
			for (uint32_t gx = 0; gx < x; gx++) {
				uint32_t linear = (gz * y + gy) * x + gx;

				REQUIRE_EQ(out[2 * linear], gx + 256 * gy + 65536 * gz + 1);
				REQUIRE_EQ(out[2 * linear + 1], x + 256 * y + 65536 * z);
			}
	for (uint32_t i = 2 * total; i < 2 * OUT_GROUPS; i++)
		REQUIRE_EQ(out[i], 0);
}

VK_TEST(dispatch_indirect, "cmd-dispatch-indirect-counts-and-num-workgroups")
{
	struct indirect_env e;
	VkCommandBuffer cmd;

	env_create(&e, 64, NULL);
	set_counts(&e, 0, 3, 2, 4);
	cmd = env_begin(&e);
	/* A device group of one device: mask 1, every command runs on it. */
	vkCmdSetDeviceMask(cmd, 1);
	vkCmdDispatchIndirect(cmd, e.counts.buffer, 0);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&e.dev, cmd, 0);
	check_grid(&e, 3, 2, 4);
	env_destroy(&e);
}

static void counts_from_commands(bool sync2)
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
	const uint32_t x = 5;
	struct indirect_env e;
	VkCommandBuffer cmd;

	env_create(&e, 64, &options);
	/* What the host wrote would run one workgroup: the commands' counts must win. */
	set_counts(&e, 0, 1, 1, 1);
	cmd = env_begin(&e);
	vkCmdFillBuffer(cmd, e.counts.buffer, 0, 12, 3);
	vk_cmd_barrier(cmd);
	vkCmdUpdateBuffer(cmd, e.counts.buffer, 0, sizeof(x), &x);
	if (sync2) {
		const VkMemoryBarrier2 barrier = {
			.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
			.srcStageMask = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
			.srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
			.dstStageMask = VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT,
			.dstAccessMask = VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT,
		};
		const VkDependencyInfo dep = {
			.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
			.memoryBarrierCount = 1, .pMemoryBarriers = &barrier,
		};
		/* The extension's entry point: the instance asks for Vulkan 1.2. */
		PFN_vkCmdPipelineBarrier2KHR barrier2 = (PFN_vkCmdPipelineBarrier2KHR)
			vk_dev_proc(&e.dev, "vkCmdPipelineBarrier2KHR");

		barrier2(cmd, &dep);
	} else {
		const VkMemoryBarrier barrier = {
			.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
			.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
			.dstAccessMask = VK_ACCESS_INDIRECT_COMMAND_READ_BIT,
		};

		vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
				     VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT, 0, 1, &barrier, 0, NULL,
				     0, NULL);
	}
	vkCmdDispatchIndirect(cmd, e.counts.buffer, 0);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&e.dev, cmd, 0);
	check_grid(&e, 5, 3, 3);
	env_destroy(&e);
}

VK_TEST(dispatch_indirect_from_commands, "cmd-dispatch-indirect-counts-from-fill-and-update")
{
	counts_from_commands(false);
}

VK_TEST(dispatch_indirect_from_commands2, "cmd-dispatch-indirect-counts-from-fill-and-update-sync2")
{
	counts_from_commands(true);
}

VK_TEST(dispatch_indirect_zero, "cmd-dispatch-indirect-zero-count-runs-nothing")
{
	struct indirect_env e;
	VkCommandBuffer cmd;

	env_create(&e, 64, NULL);
	set_counts(&e, 0, 0, 4, 4);
	set_counts(&e, 12, 4, 0, 4);
	set_counts(&e, 24, 4, 4, 0);
	set_counts(&e, 36, 1, 1, 1);
	cmd = env_begin(&e);
	for (uint32_t i = 0; i < 3; i++)
		vkCmdDispatchIndirect(cmd, e.counts.buffer, 12 * i);
	vk_cmd_barrier(cmd);
	/* The command buffer goes on after them: one workgroup, its two dwords only. */
	vkCmdDispatchIndirect(cmd, e.counts.buffer, 36);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&e.dev, cmd, 0);
	check_grid(&e, 1, 1, 1);
	env_destroy(&e);
}

VK_TEST(dispatch_indirect_offset, "cmd-dispatch-indirect-buffer-offset")
{
	struct indirect_env e;
	VkCommandBuffer cmd;

	env_create(&e, 4096, NULL);
	/* Decoys around the counts at offset 2052 (4-aligned, not 8- or 16-). */
	set_counts(&e, 0, 9, 9, 9);
	set_counts(&e, 2040, 8, 8, 8);
	set_counts(&e, 2052, 7, 3, 2);
	set_counts(&e, 2064, 6, 6, 6);
	cmd = env_begin(&e);
	vkCmdDispatchIndirect(cmd, e.counts.buffer, 2052);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&e.dev, cmd, 0);
	check_grid(&e, 7, 3, 2);
	env_destroy(&e);
}

/* grid_count.comp's output: o[8 + linear] counts workgroup linear. */
#define EDGE		65535u
#define EDGE_OUT_SIZE	((8 + EDGE + 1) * 4)

VK_TEST(dispatch_grid_edges, "cmd-dispatch-65535-workgroups-in-each-dimension")
{
	struct indirect_env e;

	env_create_shader(&e, grid_count_spv, grid_count_spv_size, EDGE_OUT_SIZE, 64, NULL);
	for (unsigned int i = 0; i < 3; i++)
		REQUIRE(e.dev.props.limits.maxComputeWorkGroupCount[i] >= EDGE);
	for (unsigned int run = 0; run < 6; run++) {
		unsigned int dim = run / 2;
		bool indirect = run % 2;
		uint32_t n[3] = { 1, 1, 1 }, *out = e.out.map;
		VkCommandBuffer cmd;

		n[dim] = EDGE;
		memset(e.out.map, 0, EDGE_OUT_SIZE);
		cmd = env_begin(&e);
		if (indirect) {
			set_counts(&e, 0, n[0], n[1], n[2]);
			vkCmdDispatchIndirect(cmd, e.counts.buffer, 0);
		} else {
			vkCmdDispatch(cmd, n[0], n[1], n[2]);
		}
		vk_cmd_barrier(cmd);
		vk_cmd_submit_wait(&e.dev, cmd, 0);
		for (unsigned int i = 0; i < 3; i++) {
			REQUIRE_EQ(out[i], n[i] - 1);
			REQUIRE_EQ(out[3 + i], n[i]);
		}
		for (uint32_t g = 0; g <= EDGE; g++)
			REQUIRE_EQ(out[8 + g], g < EDGE);
	}
	env_destroy(&e);
}
