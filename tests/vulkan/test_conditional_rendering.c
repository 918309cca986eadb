/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Conditional rendering (VK_EXT_conditional_rendering)
 *
 * Between vkCmdBeginConditionalRenderingEXT and its end, dispatches, draws
 * and vkCmdClearAttachments are discarded when the 32-bit predicate is 0
 * (inverted: when it is not 0). Each case checks what ran: a predicate the
 * host wrote (0, 1, a high bit alone, at an offset), inverted, one written
 * by an earlier command of the same command buffer behind a barrier to the
 * CONDITIONAL_RENDERING stage (so the device reads it when the command
 * runs, not when it was recorded), direct and indirect dispatches, and the
 * commands after the end, which always run. inheritedConditionalRendering:
 * secondaries executed inside and outside a condition, skipped exactly
 * when the primary's predicate says so.
 */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <stdio.h>
#include <string.h>

enum { N = 64, TW = 16, TH = 16 };

static const char *const extensions[] = { "VK_EXT_conditional_rendering" };

/* The extension's commands, of the device of the running test. */
static PFN_vkCmdBeginConditionalRenderingEXT begin_conditional_rendering;
static PFN_vkCmdEndConditionalRenderingEXT end_conditional_rendering;

static void cond_dev_create_inherited(struct vk_dev *dev, bool graphics, bool inherited)
{
	VkPhysicalDeviceConditionalRenderingFeaturesEXT features = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CONDITIONAL_RENDERING_FEATURES_EXT,
		.conditionalRendering = VK_TRUE,
		.inheritedConditionalRendering = inherited,
	};
	struct vk_dev_options options = {
		.extensions = extensions, .extension_count = 1, .features = &features,
	};

	if (graphics)
		vk_gfx_dev_create_options(dev, &options);
	else
		vk_dev_create(dev, &options);
	begin_conditional_rendering = (PFN_vkCmdBeginConditionalRenderingEXT)
		vk_dev_proc(dev, "vkCmdBeginConditionalRenderingEXT");
	end_conditional_rendering = (PFN_vkCmdEndConditionalRenderingEXT)
		vk_dev_proc(dev, "vkCmdEndConditionalRenderingEXT");
}

static void cond_dev_create(struct vk_dev *dev, bool graphics)
{
	cond_dev_create_inherited(dev, graphics, false);
}

static void begin_condition(VkCommandBuffer cmd, const struct vk_buf *pred, uint32_t offset,
			    bool inverted)
{
	const VkConditionalRenderingBeginInfoEXT info = {
		.sType = VK_STRUCTURE_TYPE_CONDITIONAL_RENDERING_BEGIN_INFO_EXT,
		.buffer = pred->buffer, .offset = offset,
		.flags = inverted ? VK_CONDITIONAL_RENDERING_INVERTED_BIT_EXT : 0,
	};

	begin_conditional_rendering(cmd, &info);
}

/* Makes transfer writes visible to the predicate's read. */
static void barrier_to_predicate(VkCommandBuffer cmd)
{
	const VkMemoryBarrier barrier = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
		.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
		.dstAccessMask = VK_ACCESS_CONDITIONAL_RENDERING_READ_BIT_EXT,
	};

	vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
			     VK_PIPELINE_STAGE_CONDITIONAL_RENDERING_BIT_EXT, 0, 1, &barrier, 0, NULL,
			     0, NULL);
}

/* The predicates the host writes, by offset / 4. */
static const uint32_t host_predicates[] = { 0, 1, 0x80000000u, 0, 1 };

/* One dispatch case: the predicate, whether it runs, how it is recorded. */
struct cond_case {
	const char *what;
	uint32_t offset;
	bool inverted;
	bool runs;
	bool indirect;
	int fill;		/* >= 0: the command buffer first fills the predicate with it */
};

static const struct cond_case dispatch_cases[] = {
	{ "predicate 0", 0, false, false, false, -1 },
	{ "predicate 1", 4, false, true, false, -1 },
	{ "predicate 0x80000000", 8, false, true, false, -1 },
	{ "predicate 0 inverted", 0, true, true, false, -1 },
	{ "predicate 1 inverted", 4, true, false, false, -1 },
	{ "indirect, predicate 0", 0, false, false, true, -1 },
	{ "indirect, predicate 1", 4, false, true, true, -1 },
	/* The host wrote 0 (offset 12) or 1 (offset 16); the command buffer the other. */
	{ "predicate filled to 1 before", 12, false, true, false, 1 },
	{ "predicate filled to 0 before", 16, false, false, false, 0 },
};

VK_TEST(cond_dispatch, "conditional-rendering-dispatch")
{
	const uint32_t counts[3] = { 1, 1, 1 };
	struct vk_buf out, pred, indirect, *bufs[] = { &out };
	VkDescriptorSetLayout layout;
	VkDescriptorPool pool;
	VkDescriptorSet set;
	struct vk_pipe pipe;
	struct vk_dev dev;

	cond_dev_create(&dev, false);
	vk_buf_create(&dev, N * 4, 0, &out);
	vk_buf_create(&dev, sizeof(host_predicates), VK_BUFFER_USAGE_CONDITIONAL_RENDERING_BIT_EXT |
		      VK_BUFFER_USAGE_TRANSFER_DST_BIT, &pred);
	vk_buf_create(&dev, sizeof(counts), VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, &indirect);
	memcpy(indirect.map, counts, sizeof(counts));
	layout = vk_storage_set_layout(&dev, 1, 0);
	vk_pipe_create(&dev, fill_spv, fill_spv_size, &layout, 1, 8, NULL, &pipe);
	set = vk_storage_set(&dev, layout, &pool, bufs, 1);

	for (size_t i = 0; i < sizeof(dispatch_cases) / sizeof(dispatch_cases[0]); i++) {
		const struct cond_case *c = &dispatch_cases[i];
		const uint32_t first[2] = { 1000, N }, after[2] = { 2000, 1 };
		VkCommandBuffer cmd;

		memcpy(pred.map, host_predicates, sizeof(host_predicates));
		memset(out.map, 0, N * 4);
		cmd = vk_cmd_begin(&dev);
		if (c->fill >= 0) {
			vkCmdFillBuffer(cmd, pred.buffer, c->offset, 4, (uint32_t)c->fill);
			barrier_to_predicate(cmd);
		}
		vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.pipeline);
		vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.layout, 0, 1, &set,
					0, NULL);
		vkCmdPushConstants(cmd, pipe.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 8, first);
		begin_condition(cmd, &pred, c->offset, c->inverted);
		if (c->indirect)
			vkCmdDispatchIndirect(cmd, indirect.buffer, 0);
		else
			vkCmdDispatch(cmd, 1, 1, 1);
		end_conditional_rendering(cmd);
		vk_cmd_barrier(cmd);
		/* After the end: element 0 only, always. */
		vkCmdPushConstants(cmd, pipe.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 8, after);
		vkCmdDispatch(cmd, 1, 1, 1);
		vk_cmd_barrier(cmd);
		vk_cmd_submit_wait(&dev, cmd, 0);
		for (uint32_t e = 0; e < N; e++) {
			uint32_t want = e == 0 ? 2000 : c->runs ? 1000 + e : 0;

			if (((uint32_t *)out.map)[e] != want)
				vk_test_fail(__FILE__, __LINE__, "%s: element %u is %u, not %u",
					     c->what, e, ((uint32_t *)out.map)[e], want);
		}
	}

	vkDestroyDescriptorPool(dev.device, pool, NULL);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	vk_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &indirect);
	vk_buf_destroy(&dev, &pred);
	vk_buf_destroy(&dev, &out);
	vk_dev_destroy(&dev);
}

/* Binds the uint pipeline, its vertex buffers and the push constant @value. */
static void bind(VkCommandBuffer cmd, const struct vk_gfx_pipe *pipe, const struct vk_buf *vertices,
		 const struct vk_buf *instances, uint32_t value)
{
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe->pipeline);
	vkCmdBindVertexBuffers(cmd, 0, 2, (const VkBuffer[]){ vertices->buffer, instances->buffer },
			       (const VkDeviceSize[]){ 0, 0 });
	vkCmdPushConstants(cmd, pipe->layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
			   0, 4, &value);
}

/*
 * Draws and vkCmdClearAttachments in two render pass instances: under
 * predicate 0 (begun outside the first instance, ended after it) a
 * full-target draw and a clear of the top rows are discarded, but the
 * instance's load-op clear is not a command the condition affects: it
 * happens. Inside the second instance, under predicate 1 (and 0
 * inverted), a draw of the left half and a clear of the bottom rows
 * happen.
 */
VK_TEST(cond_draw, "conditional-rendering-draw-and-clear-attachments")
{
	const VkClearValue clear = { .color.uint32 = { 5 } };
	const VkClearAttachment att = {
		.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT, .colorAttachment = 0,
		.clearValue.color.uint32 = { 9 },
	};
	const VkClearRect top = { .rect = { { 0, 0 }, { TW, 4 } }, .layerCount = 1 };
	const VkClearRect bottom = { .rect = { { 0, TH - 4 }, { TW, 4 } }, .layerCount = 1 };
	uint32_t expected[TW * TH];
	struct vk_buf vertices, instances, readback, pred;
	struct vk_gfx_desc desc;
	struct vk_target color;
	struct vk_gfx_pipe pipe;
	struct vk_vtx3 *v;
	VkCommandBuffer cmd;
	struct vk_dev dev;

	cond_dev_create(&dev, true);
	desc = vk_gfx_uint_desc(TW, TH);
	vk_target_create(&dev, VK_FORMAT_R32_UINT, TW, TH, 1, VK_SAMPLE_COUNT_1_BIT, &color);
	vk_gfx_pipe_create(&dev, &desc, &pipe);
	vk_buf_create(&dev, 4096, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &vertices);
	vk_buf_create(&dev, 64, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &instances);
	vk_buf_create(&dev, TW * TH * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback);
	vk_buf_create(&dev, sizeof(host_predicates), VK_BUFFER_USAGE_CONDITIONAL_RENDERING_BIT_EXT,
		      &pred);
	memcpy(pred.map, host_predicates, sizeof(host_predicates));
	memset(instances.map, 0, 64);
	v = vertices.map;
	vk_gfx_rect(v, 0, 0, TW, TH, 0, TW, TH, false);
	vk_gfx_rect(v + 6, 0, 0, TW / 2, TH, 0, TW, TH, false);

	cmd = vk_cmd_begin(&dev);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	/* Predicate 0, begun outside the instance: its load-op clear happens, nothing else. */
	begin_condition(cmd, &pred, 0, false);
	vk_gfx_begin(cmd, &color, NULL, &clear, NULL);
	bind(cmd, &pipe, &vertices, &instances, 7);
	vkCmdDraw(cmd, 6, 1, 0, 0);
	vkCmdClearAttachments(cmd, 1, &att, 1, &top);
	vkCmdEndRendering(cmd);
	end_conditional_rendering(cmd);

	/* Inside a second instance that loads: predicate 1 draws the left half with 8. */
	vk_gfx_begin(cmd, &color, NULL, NULL, NULL);
	bind(cmd, &pipe, &vertices, &instances, 8);
	begin_condition(cmd, &pred, 4, false);
	vkCmdDraw(cmd, 6, 1, 6, 0);
	end_conditional_rendering(cmd);
	/* Predicate 0 inverted: the bottom rows cleared to 9. */
	begin_condition(cmd, &pred, 0, true);
	vkCmdClearAttachments(cmd, 1, &att, 1, &bottom);
	end_conditional_rendering(cmd);
	vkCmdEndRendering(cmd);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(cmd, &color, VK_IMAGE_ASPECT_COLOR_BIT, 0, readback.buffer);
	vk_cmd_submit_wait(&dev, cmd, 0);

	vk_gfx_fill(expected, TW, 0, 0, TW, TH, 5);
	vk_gfx_fill(expected, TW, 0, 0, TW / 2, TH, 8);
	vk_gfx_fill(expected, TW, 0, TH - 4, TW, TH, 9);
	vk_gfx_check_uint(readback.map, expected, TW, TH, "conditional draws and clears");

	vk_gfx_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &pred);
	vk_buf_destroy(&dev, &readback);
	vk_buf_destroy(&dev, &instances);
	vk_buf_destroy(&dev, &vertices);
	vk_target_destroy(&dev, &color);
	vk_dev_destroy(&dev);
}

/*
 * inheritedConditionalRendering: two secondaries begun with
 * conditionalRenderingEnable, A filling elements 0..N-1 with 1000 + e and B
 * elements 0..N/2-1 with 3000 + e, executed one after the other by a
 * primary, each inside a condition of its own or none (-1), then checked
 * element by element. The secondaries are recorded once and executed
 * under every case's conditions.
 */
struct inherit_case {
	const char *what;
	int offset[2];		/* A's and B's predicate (offset), -1: no condition */
	bool inverted[2];
	int fill[2];		/* >= 0: the primary first fills that predicate with it */
	bool runs[2];
};

static const struct inherit_case inherit_cases[] = {
	{ "no condition", { -1, -1 }, { false, false }, { -1, -1 }, { true, true } },
	{ "A under 0, B under 1", { 0, 4 }, { false, false }, { -1, -1 }, { false, true } },
	{ "A under 1, B under 0", { 4, 0 }, { false, false }, { -1, -1 }, { true, false } },
	{ "A under 0x80000000, B none", { 8, -1 }, { false, false }, { -1, -1 }, { true, true } },
	{ "A under 0 inverted, B under 1 inverted", { 0, 4 }, { true, true }, { -1, -1 },
	  { true, false } },
	{ "A under 1 inverted, B none", { 4, -1 }, { true, false }, { -1, -1 }, { false, true } },
	/* The host wrote 0 (offset 12) and 1 (offset 16); the primary the other. */
	{ "A under 0 filled to 1, B under 1 filled to 0", { 12, 16 }, { false, false }, { 1, 0 },
	  { true, false } },
};

static VkCommandBuffer inherit_secondary(struct vk_dev *dev, const struct vk_pipe *pipe,
					 VkDescriptorSet set, uint32_t first, uint32_t count)
{
	const VkCommandBufferAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
		.commandPool = dev->pool, .level = VK_COMMAND_BUFFER_LEVEL_SECONDARY,
		.commandBufferCount = 1,
	};
	const VkCommandBufferInheritanceConditionalRenderingInfoEXT cond = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_CONDITIONAL_RENDERING_INFO_EXT,
		.conditionalRenderingEnable = VK_TRUE,
	};
	const VkCommandBufferInheritanceInfo inheritance = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO, .pNext = &cond,
	};
	const VkCommandBufferBeginInfo begin = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
		.flags = VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT,
		.pInheritanceInfo = &inheritance,
	};
	const uint32_t push[2] = { first, count };
	VkCommandBuffer cmd;

	VK_CHECK(vkAllocateCommandBuffers(dev->device, &alloc, &cmd));
	VK_CHECK(vkBeginCommandBuffer(cmd, &begin));
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe->pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe->layout, 0, 1, &set, 0,
				NULL);
	vkCmdPushConstants(cmd, pipe->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 8, push);
	vkCmdDispatch(cmd, 1, 1, 1);
	VK_CHECK(vkEndCommandBuffer(cmd));
	return cmd;
}

VK_TEST(cond_inherited, "conditional-rendering-inherited-secondaries")
{
	struct vk_buf out, pred, *bufs[] = { &out };
	VkCommandBuffer secondaries[2];
	VkDescriptorSetLayout layout;
	VkDescriptorPool pool;
	VkDescriptorSet set;
	struct vk_pipe pipe;
	struct vk_dev dev;

	cond_dev_create_inherited(&dev, false, true);
	vk_buf_create(&dev, N * 4, 0, &out);
	vk_buf_create(&dev, sizeof(host_predicates), VK_BUFFER_USAGE_CONDITIONAL_RENDERING_BIT_EXT |
		      VK_BUFFER_USAGE_TRANSFER_DST_BIT, &pred);
	layout = vk_storage_set_layout(&dev, 1, 0);
	vk_pipe_create(&dev, fill_spv, fill_spv_size, &layout, 1, 8, NULL, &pipe);
	set = vk_storage_set(&dev, layout, &pool, bufs, 1);
	secondaries[0] = inherit_secondary(&dev, &pipe, set, 1000, N);
	secondaries[1] = inherit_secondary(&dev, &pipe, set, 3000, N / 2);

	for (size_t i = 0; i < sizeof(inherit_cases) / sizeof(inherit_cases[0]); i++) {
		const struct inherit_case *c = &inherit_cases[i];
		VkCommandBuffer cmd;

		memcpy(pred.map, host_predicates, sizeof(host_predicates));
		memset(out.map, 0, N * 4);
		cmd = vk_cmd_begin(&dev);
		for (int s = 0; s < 2; s++)
			if (c->fill[s] >= 0)
				vkCmdFillBuffer(cmd, pred.buffer, (VkDeviceSize)c->offset[s], 4,
						(uint32_t)c->fill[s]);
		barrier_to_predicate(cmd);
		for (int s = 0; s < 2; s++) {
			if (c->offset[s] >= 0)
				begin_condition(cmd, &pred, (uint32_t)c->offset[s], c->inverted[s]);
			vkCmdExecuteCommands(cmd, 1, &secondaries[s]);
			if (c->offset[s] >= 0)
				end_conditional_rendering(cmd);
			vk_cmd_barrier(cmd);
		}
		vk_cmd_submit_wait(&dev, cmd, 0);
		for (uint32_t e = 0; e < N; e++) {
			uint32_t want = c->runs[1] && e < N / 2 ? 3000 + e : c->runs[0] ? 1000 + e : 0;

			if (((uint32_t *)out.map)[e] != want)
				vk_test_fail(__FILE__, __LINE__, "%s: element %u is %u, not %u",
					     c->what, e, ((uint32_t *)out.map)[e], want);
		}
	}

	vkFreeCommandBuffers(dev.device, dev.pool, 2, secondaries);
	vkDestroyDescriptorPool(dev.device, pool, NULL);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	vk_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &pred);
	vk_buf_destroy(&dev, &out);
	vk_dev_destroy(&dev);
}

/*
 * inheritedConditionalRendering in a render pass instance: a secondary
 * that continues a dynamic rendering draws the left half with 8 and
 * clears the bottom rows to 9 with vkCmdClearAttachments (which the
 * primary records between the secondary's IBs, under its own condition);
 * executed under each predicate case, or none, the target holds the
 * load-op clear (5) alone exactly when the predicate says so.
 */
VK_TEST(cond_inherited_draw, "conditional-rendering-inherited-secondary-draw-and-clear")
{
	static const struct {
		const char *what;
		int offset;	/* -1: no condition */
		bool inverted, runs;
	} cases[] = {
		{ "no condition", -1, false, true },
		{ "predicate 0", 0, false, false },
		{ "predicate 1", 4, false, true },
		{ "predicate 0 inverted", 0, true, true },
		{ "predicate 1 inverted", 4, true, false },
	};
	const VkFormat format = VK_FORMAT_R32_UINT;
	const VkCommandBufferInheritanceConditionalRenderingInfoEXT cond = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_CONDITIONAL_RENDERING_INFO_EXT,
		.conditionalRenderingEnable = VK_TRUE,
	};
	const VkCommandBufferInheritanceRenderingInfo rendering = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_RENDERING_INFO,
		.pNext = &cond,
		.colorAttachmentCount = 1, .pColorAttachmentFormats = &format,
		.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT,
	};
	const VkCommandBufferInheritanceInfo inheritance = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO, .pNext = &rendering,
	};
	const VkCommandBufferBeginInfo begin = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
		.flags = VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT |
			 VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT,
		.pInheritanceInfo = &inheritance,
	};
	const VkCommandBufferAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
		.level = VK_COMMAND_BUFFER_LEVEL_SECONDARY, .commandBufferCount = 1,
	};
	const VkClearAttachment att = {
		.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT, .colorAttachment = 0,
		.clearValue.color.uint32 = { 9 },
	};
	const VkClearRect bottom = { .rect = { { 0, TH - 4 }, { TW, 4 } }, .layerCount = 1 };
	uint32_t expected[TW * TH];
	struct vk_buf vertices, instances, readback, pred;
	struct vk_gfx_desc desc;
	struct vk_target color;
	struct vk_gfx_pipe pipe;
	VkCommandBufferAllocateInfo sec_alloc = alloc;
	VkCommandBuffer secondary;
	struct vk_dev dev;

	cond_dev_create_inherited(&dev, true, true);
	desc = vk_gfx_uint_desc(TW, TH);
	vk_target_create(&dev, VK_FORMAT_R32_UINT, TW, TH, 1, VK_SAMPLE_COUNT_1_BIT, &color);
	vk_gfx_pipe_create(&dev, &desc, &pipe);
	vk_buf_create(&dev, 4096, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &vertices);
	vk_buf_create(&dev, 64, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &instances);
	vk_buf_create(&dev, TW * TH * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback);
	vk_buf_create(&dev, sizeof(host_predicates), VK_BUFFER_USAGE_CONDITIONAL_RENDERING_BIT_EXT,
		      &pred);
	memcpy(pred.map, host_predicates, sizeof(host_predicates));
	memset(instances.map, 0, 64);
	vk_gfx_rect(vertices.map, 0, 0, TW / 2, TH, 0, TW, TH, false);
	sec_alloc.commandPool = dev.pool;
	VK_CHECK(vkAllocateCommandBuffers(dev.device, &sec_alloc, &secondary));
	VK_CHECK(vkBeginCommandBuffer(secondary, &begin));
	bind(secondary, &pipe, &vertices, &instances, 8);
	vkCmdDraw(secondary, 6, 1, 0, 0);
	vkCmdClearAttachments(secondary, 1, &att, 1, &bottom);
	VK_CHECK(vkEndCommandBuffer(secondary));

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const VkRenderingAttachmentInfo color_att = {
			.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
			.imageView = color.view,
			.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
			.storeOp = VK_ATTACHMENT_STORE_OP_STORE,
			.clearValue.color.uint32 = { 5 },
		};
		const VkRenderingInfo info = {
			.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
			.flags = VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT,
			.renderArea = { { 0, 0 }, { TW, TH } },
			.layerCount = 1,
			.colorAttachmentCount = 1, .pColorAttachments = &color_att,
		};
		VkCommandBuffer cmd = vk_cmd_begin(&dev);
		char what[64];

		vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_UNDEFINED,
				 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
		if (cases[i].offset >= 0)
			begin_condition(cmd, &pred, (uint32_t)cases[i].offset, cases[i].inverted);
		vkCmdBeginRendering(cmd, &info);
		vkCmdExecuteCommands(cmd, 1, &secondary);
		vkCmdEndRendering(cmd);
		if (cases[i].offset >= 0)
			end_conditional_rendering(cmd);
		vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
				 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
		vk_target_read(cmd, &color, VK_IMAGE_ASPECT_COLOR_BIT, 0, readback.buffer);
		vk_cmd_submit_wait(&dev, cmd, 0);

		vk_gfx_fill(expected, TW, 0, 0, TW, TH, 5);
		if (cases[i].runs) {
			vk_gfx_fill(expected, TW, 0, 0, TW / 2, TH, 8);
			vk_gfx_fill(expected, TW, 0, TH - 4, TW, TH, 9);
		}
		snprintf(what, sizeof(what), "inherited, %s", cases[i].what);
		vk_gfx_check_uint(readback.map, expected, TW, TH, what);
	}

	vkFreeCommandBuffers(dev.device, dev.pool, 1, &secondary);
	vk_gfx_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &pred);
	vk_buf_destroy(&dev, &readback);
	vk_buf_destroy(&dev, &instances);
	vk_buf_destroy(&dev, &vertices);
	vk_target_destroy(&dev, &color);
	vk_dev_destroy(&dev);
}
