/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Secondary command buffers inside a render pass instance
 *
 * Draws recorded in secondary command buffers begun with
 * RENDER_PASS_CONTINUE and executed inside a render pass instance whose
 * contents are secondary command buffers: with dynamic rendering
 * (VkCommandBufferInheritanceRenderingInfo, the rendering's
 * CONTENTS_SECONDARY_COMMAND_BUFFERS flag) and with a render pass
 * (inheritance of its render pass and subpass, SECONDARY_COMMAND_BUFFERS
 * subpass contents). The secondary draws into whatever attachments the
 * instance that executes it has: one secondary executed in two instances
 * with different images draws into both. A secondary inherits no state,
 * so each binds its pipeline, vertex buffers and push constants itself.
 * Values are flat integers (gfx_uint) in R32_UINT targets, compared
 * pixel by pixel with an image computed here.
 */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <string.h>

#define W 16
#define H 16

/* gfx_uint's pipeline for @pass (VK_NULL_HANDLE: dynamic rendering). */
static void uint_pipe(struct vk_dev *dev, VkRenderPass pass, struct vk_gfx_pipe *pipe)
{
	struct vk_gfx_desc desc = vk_gfx_uint_desc(W, H);

	desc.render_pass = pass;
	vk_gfx_pipe_create(dev, &desc, pipe);
}

/* What every test holds. */
struct sec_scene {
	struct vk_dev dev;
	struct vk_target color[2];
	struct vk_buf vertices, instances, readback[2];
	struct vk_gfx_pipe pipe;
	VkCommandBuffer cmd;
};

static void scene_init(struct sec_scene *s, uint32_t targets)
{
	memset(s, 0, sizeof(*s));
	vk_gfx_dev_create(&s->dev, NULL);
	vk_buf_create(&s->dev, 4096, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &s->vertices);
	vk_buf_create(&s->dev, 256, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &s->instances);
	memset(s->instances.map, 0, 256);
	s->cmd = vk_cmd_begin(&s->dev);
	for (uint32_t i = 0; i < targets; i++) {
		vk_target_create(&s->dev, VK_FORMAT_R32_UINT, W, H, 1, VK_SAMPLE_COUNT_1_BIT,
				 &s->color[i]);
		vk_buf_create(&s->dev, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
			      &s->readback[i]);
	}
}

static void scene_destroy(struct sec_scene *s)
{
	vk_gfx_pipe_destroy(&s->dev, &s->pipe);
	for (uint32_t i = 0; i < 2; i++) {
		if (!s->color[i].image)
			continue;
		vk_buf_destroy(&s->dev, &s->readback[i]);
		vk_target_destroy(&s->dev, &s->color[i]);
	}
	vk_buf_destroy(&s->dev, &s->vertices);
	vk_buf_destroy(&s->dev, &s->instances);
	vk_dev_destroy(&s->dev);
}

static VkCommandBuffer secondary_alloc(struct sec_scene *s)
{
	const VkCommandBufferAllocateInfo info = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
		.commandPool = s->dev.pool,
		.level = VK_COMMAND_BUFFER_LEVEL_SECONDARY,
		.commandBufferCount = 1,
	};
	VkCommandBuffer cmd;

	VK_CHECK(vkAllocateCommandBuffers(s->dev.device, &info, &cmd));
	return cmd;
}

/*
 * Records into @cmd (begun) a draw of vertices @first.. + 6, two instances
 * (the second 8 pixels to the right), with value @value: everything bound
 * here, nothing inherited.
 */
static void record_draw(struct sec_scene *s, VkCommandBuffer cmd, uint32_t first, uint32_t value)
{
	const VkBuffer buffers[2] = { s->vertices.buffer, s->instances.buffer };
	const VkDeviceSize offsets[2] = { 0, 0 };

	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, s->pipe.pipeline);
	vkCmdBindVertexBuffers(cmd, 0, 2, buffers, offsets);
	vkCmdPushConstants(cmd, s->pipe.layout,
			   VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, 4, &value);
	vkCmdDraw(cmd, 6, 2, first, 0);
}

static void set_instance_offsets(struct sec_scene *s)
{
	float *offsets = s->instances.map;

	offsets[2] = 1.0f;	/* 8 pixels of 16 in clip space */
}

/*
 * One secondary, inheriting a dynamic rendering of one R32_UINT
 * attachment, executed in two rendering instances over two different
 * images (SIMULTANEOUS_USE: it is recorded twice into one primary), and a
 * second secondary executed after it in the first instance: each image
 * gets the first secondary's draw and then its vkCmdClearAttachments
 * (which knows no views: the executing instance's attachment is
 * cleared), the first also the second's draw.
 */
VK_TEST(secondary_dynamic_rendering, "secondary-draw-dynamic-rendering")
{
	const VkFormat format = VK_FORMAT_R32_UINT;
	const VkCommandBufferInheritanceRenderingInfo rendering = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_RENDERING_INFO,
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
	const VkClearAttachment clear_att = {
		.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT, .colorAttachment = 0,
		.clearValue.color.uint32 = { 9 },
	};
	const VkClearRect clear_rect = { { { 3, 4 }, { 2, 2 } }, 0, 1 };
	uint32_t expected[2][W * H];
	VkCommandBuffer secondary[2];
	struct sec_scene s;

	scene_init(&s, 2);
	uint_pipe(&s.dev, VK_NULL_HANDLE, &s.pipe);
	set_instance_offsets(&s);
	vk_gfx_rect(s.vertices.map, 1, 2, 7, 8, 0, W, H, false);
	vk_gfx_rect((struct vk_vtx3 *)s.vertices.map + 6, 2, 10, 5, 14, 0, W, H, false);
	for (int i = 0; i < 2; i++) {
		secondary[i] = secondary_alloc(&s);
		VK_CHECK(vkBeginCommandBuffer(secondary[i], &begin));
		record_draw(&s, secondary[i], 6 * i, 10 * (i + 1));
		/* Over the draw: the clear must land after it, in each instance's image. */
		if (i == 0)
			vkCmdClearAttachments(secondary[i], 1, &clear_att, 1, &clear_rect);
		VK_CHECK(vkEndCommandBuffer(secondary[i]));
	}

	for (uint32_t t = 0; t < 2; t++) {
		const VkClearValue clear = { .color.uint32 = { 100 + t } };
		const VkRenderingAttachmentInfo att = {
			.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
			.imageView = s.color[t].view,
			.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
			.storeOp = VK_ATTACHMENT_STORE_OP_STORE,
			.clearValue = clear,
		};
		const VkRenderingInfo info = {
			.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
			.flags = VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT,
			.renderArea = { { 0, 0 }, { W, H } },
			.layerCount = 1,
			.colorAttachmentCount = 1, .pColorAttachments = &att,
		};

		vk_target_layout(s.cmd, &s.color[t], VK_IMAGE_LAYOUT_UNDEFINED,
				 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
		vkCmdBeginRendering(s.cmd, &info);
		vkCmdExecuteCommands(s.cmd, t == 0 ? 2 : 1, secondary);
		vkCmdEndRendering(s.cmd);
		vk_target_layout(s.cmd, &s.color[t], VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
				 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
		vk_target_read(s.cmd, &s.color[t], VK_IMAGE_ASPECT_COLOR_BIT, 0,
			       s.readback[t].buffer);
	}
	vk_cmd_submit_wait(&s.dev, s.cmd, 0);

	for (uint32_t t = 0; t < 2; t++) {
		vk_gfx_fill(expected[t], W, 0, 0, W, H, 100 + t);
		vk_gfx_fill(expected[t], W, 1, 2, 7, 8, 10);
		vk_gfx_fill(expected[t], W, 9, 2, 15, 8, 11);
		vk_gfx_fill(expected[t], W, 3, 4, 5, 6, 9);
	}
	vk_gfx_fill(expected[0], W, 2, 10, 5, 14, 20);
	vk_gfx_fill(expected[0], W, 10, 10, 13, 14, 21);
	vk_gfx_check_uint(s.readback[0].map, expected[0], W, H, "first target");
	vk_gfx_check_uint(s.readback[1].map, expected[1], W, H, "second target");
	vkFreeCommandBuffers(s.dev.device, s.dev.pool, 2, secondary);
	scene_destroy(&s);
}

/*
 * A render pass whose subpass contents are secondary command buffers: a
 * secondary inheriting only the render pass and subpass draws, and one
 * that also names the framebuffer clears a rectangle with
 * vkCmdClearAttachments after it.
 */
VK_TEST(secondary_render_pass, "secondary-draw-render-pass")
{
	const VkAttachmentDescription att = {
		.format = VK_FORMAT_R32_UINT, .samples = VK_SAMPLE_COUNT_1_BIT,
		.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
		.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
		.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
		.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
		.finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
	};
	const VkAttachmentReference ref = { 0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL };
	const VkSubpassDescription subpass = {
		.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
		.colorAttachmentCount = 1, .pColorAttachments = &ref,
	};
	const VkSubpassDependency dep = {
		.srcSubpass = 0, .dstSubpass = VK_SUBPASS_EXTERNAL,
		.srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
		.dstStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT,
		.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
		.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
	};
	const VkRenderPassCreateInfo rp_info = {
		.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
		.attachmentCount = 1, .pAttachments = &att,
		.subpassCount = 1, .pSubpasses = &subpass,
		.dependencyCount = 1, .pDependencies = &dep,
	};
	const VkClearValue clear = { .color.uint32 = { 7 } };
	const VkClearAttachment clear_att = {
		.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT, .colorAttachment = 0,
		.clearValue.color.uint32 = { 9 },
	};
	const VkClearRect clear_rect = { { { 3, 4 }, { 2, 2 } }, 0, 1 };
	uint32_t expected[W * H];
	VkCommandBuffer secondary[2];
	VkRenderPass pass;
	VkFramebuffer fb;
	struct sec_scene s;

	scene_init(&s, 1);
	VK_CHECK(vkCreateRenderPass(s.dev.device, &rp_info, NULL, &pass));
	{
		const VkFramebufferCreateInfo fb_info = {
			.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
			.renderPass = pass, .attachmentCount = 1, .pAttachments = &s.color[0].view,
			.width = W, .height = H, .layers = 1,
		};

		VK_CHECK(vkCreateFramebuffer(s.dev.device, &fb_info, NULL, &fb));
	}
	uint_pipe(&s.dev, pass, &s.pipe);
	set_instance_offsets(&s);
	vk_gfx_rect(s.vertices.map, 0, 1, 8, 9, 0, W, H, false);
	for (int i = 0; i < 2; i++) {
		const VkCommandBufferInheritanceInfo inheritance = {
			.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
			.renderPass = pass, .subpass = 0,
			.framebuffer = i == 1 ? fb : VK_NULL_HANDLE,
		};
		const VkCommandBufferBeginInfo begin = {
			.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
			.flags = VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT,
			.pInheritanceInfo = &inheritance,
		};

		secondary[i] = secondary_alloc(&s);
		VK_CHECK(vkBeginCommandBuffer(secondary[i], &begin));
		if (i == 0)
			record_draw(&s, secondary[i], 0, 30);
		else
			vkCmdClearAttachments(secondary[i], 1, &clear_att, 1, &clear_rect);
		VK_CHECK(vkEndCommandBuffer(secondary[i]));
	}
	{
		const VkRenderPassBeginInfo begin = {
			.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
			.renderPass = pass, .framebuffer = fb,
			.renderArea = { { 0, 0 }, { W, H } },
			.clearValueCount = 1, .pClearValues = &clear,
		};

		vkCmdBeginRenderPass(s.cmd, &begin, VK_SUBPASS_CONTENTS_SECONDARY_COMMAND_BUFFERS);
	}
	vkCmdExecuteCommands(s.cmd, 2, secondary);
	vkCmdEndRenderPass(s.cmd);
	vk_target_read(s.cmd, &s.color[0], VK_IMAGE_ASPECT_COLOR_BIT, 0, s.readback[0].buffer);
	vk_cmd_submit_wait(&s.dev, s.cmd, 0);

	vk_gfx_fill(expected, W, 0, 0, W, H, 7);
	vk_gfx_fill(expected, W, 0, 1, 8, 9, 30);
	vk_gfx_fill(expected, W, 8, 1, 16, 9, 31);
	vk_gfx_fill(expected, W, 3, 4, 5, 6, 9);
	vk_gfx_check_uint(s.readback[0].map, expected, W, H, "colour");
	vkFreeCommandBuffers(s.dev.device, s.dev.pool, 2, secondary);
	vkDestroyFramebuffer(s.dev.device, fb, NULL);
	vkDestroyRenderPass(s.dev.device, pass, NULL);
	scene_destroy(&s);
}
