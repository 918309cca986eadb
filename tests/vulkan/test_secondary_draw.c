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

#include <stdio.h>
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

#define SIM_INSTANCES 8	/* render pass instances per primary */
#define SIM_ROUNDS 4	/* submissions of the two primaries */

/*
 * One SIMULTANEOUS_USE secondary pending in two primaries at once, on two
 * queues when the graphics family has them (else both on one): each
 * primary begins SIM_INSTANCES dynamic renderings, each over an image of
 * its own cleared to a value of its own, and executes the secondary in
 * every one. Both primaries first wait for an event the host sets once
 * both are submitted, so that they run at the same time. Every image must
 * hold the secondary's draw over its own clear value: an execution that
 * drew into another instance's attachments leaves its own image clear.
 */
VK_TEST(secondary_simultaneous_queues, "secondary-draw-simultaneous-queues")
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
	const VkEventCreateInfo event_info = { .sType = VK_STRUCTURE_TYPE_EVENT_CREATE_INFO };
	const VkFenceCreateInfo fence_info = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
	const struct vk_dev_options two_queues = { .queues = 2 };
	struct vk_target color[2][SIM_INSTANCES];
	struct vk_buf readback[2];
	VkCommandBuffer secondary, primary[2];
	VkQueueFamilyProperties families[8];
	uint32_t family_count = 8, queues = 1;
	uint32_t expected[W * H];
	VkFence fences[2];
	VkEvent event;
	struct sec_scene s;

	scene_init(&s, 0);
	vkGetPhysicalDeviceQueueFamilyProperties(s.dev.physical, &family_count, families);
	if (s.dev.family < family_count && families[s.dev.family].queueCount >= 2) {
		/* Again with two queues of the family. */
		vkFreeCommandBuffers(s.dev.device, s.dev.pool, 1, &s.cmd);
		scene_destroy(&s);
		memset(&s, 0, sizeof(s));
		vk_gfx_dev_create_options(&s.dev, &two_queues);
		vk_buf_create(&s.dev, 4096, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &s.vertices);
		vk_buf_create(&s.dev, 256, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &s.instances);
		memset(s.instances.map, 0, 256);
		queues = 2;
	} else {
		vkFreeCommandBuffers(s.dev.device, s.dev.pool, 1, &s.cmd);
	}
	printf("# %u queue%s\n", queues, queues > 1 ? "s" : "");
	uint_pipe(&s.dev, VK_NULL_HANDLE, &s.pipe);
	set_instance_offsets(&s);
	vk_gfx_rect(s.vertices.map, 1, 2, 7, 8, 0, W, H, false);
	VK_CHECK(vkCreateEvent(s.dev.device, &event_info, NULL, &event));

	secondary = secondary_alloc(&s);
	VK_CHECK(vkBeginCommandBuffer(secondary, &begin));
	record_draw(&s, secondary, 0, 10);
	VK_CHECK(vkEndCommandBuffer(secondary));

	for (uint32_t p = 0; p < 2; p++) {
		vk_buf_create(&s.dev, SIM_INSTANCES * W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
			      &readback[p]);
		/* Submitted every round: not ONE_TIME_SUBMIT (vk_cmd_begin's). */
		{
			const VkCommandBufferAllocateInfo alloc = {
				.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
				.commandPool = s.dev.pool,
				.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
				.commandBufferCount = 1,
			};
			const VkCommandBufferBeginInfo primary_begin = {
				.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
			};

			VK_CHECK(vkAllocateCommandBuffers(s.dev.device, &alloc, &primary[p]));
			VK_CHECK(vkBeginCommandBuffer(primary[p], &primary_begin));
		}
		vkCmdWaitEvents(primary[p], 1, &event, VK_PIPELINE_STAGE_HOST_BIT,
				VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, NULL, 0, NULL, 0, NULL);
		for (uint32_t i = 0; i < SIM_INSTANCES; i++) {
			const VkClearValue clear = { .color.uint32 = { 100 + p * SIM_INSTANCES + i } };
			const VkRenderingAttachmentInfo att = {
				.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
				.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
				.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
				.storeOp = VK_ATTACHMENT_STORE_OP_STORE,
				.clearValue = clear,
			};
			VkRenderingAttachmentInfo a = att;
			const VkRenderingInfo info = {
				.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
				.flags = VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT,
				.renderArea = { { 0, 0 }, { W, H } },
				.layerCount = 1,
				.colorAttachmentCount = 1, .pColorAttachments = &a,
			};
			const VkBufferImageCopy region = {
				.bufferOffset = (VkDeviceSize)i * W * H * 4,
				.imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
				.imageExtent = { W, H, 1 },
			};
			const VkMemoryBarrier to_copy = {
				.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
				.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
				.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
			};

			vk_target_create(&s.dev, format, W, H, 1, VK_SAMPLE_COUNT_1_BIT,
					 &color[p][i]);
			a.imageView = color[p][i].view;
			vk_target_layout(primary[p], &color[p][i], VK_IMAGE_LAYOUT_UNDEFINED,
					 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
			vkCmdBeginRendering(primary[p], &info);
			vkCmdExecuteCommands(primary[p], 1, &secondary);
			vkCmdEndRendering(primary[p]);
			vk_target_layout(primary[p], &color[p][i],
					 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
					 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
			vkCmdPipelineBarrier(primary[p], VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
					     VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &to_copy,
					     0, NULL, 0, NULL);
			vkCmdCopyImageToBuffer(primary[p], color[p][i].image,
					       VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
					       readback[p].buffer, 1, &region);
		}
		vk_cmd_barrier(primary[p]);
		VK_CHECK(vkEndCommandBuffer(primary[p]));
	}
	for (uint32_t p = 0; p < 2; p++)
		VK_CHECK(vkCreateFence(s.dev.device, &fence_info, NULL, &fences[p]));
	/* How the two interleave varies from run to run: a few rounds. */
	for (uint32_t round = 0; round < SIM_ROUNDS; round++) {
		VK_CHECK(vkResetEvent(s.dev.device, event));
		VK_CHECK(vkResetFences(s.dev.device, 2, fences));
		for (uint32_t p = 0; p < 2; p++) {
			const VkSubmitInfo submit = {
				.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
				.commandBufferCount = 1, .pCommandBuffers = &primary[p],
			};

			memset(readback[p].map, 0, SIM_INSTANCES * W * H * 4);
			VK_CHECK(vkQueueSubmit(s.dev.queues[p % queues], 1, &submit, fences[p]));
		}
		/* Both pending: let them run together. */
		VK_CHECK(vkSetEvent(s.dev.device, event));
		VK_CHECK(vkWaitForFences(s.dev.device, 2, fences, VK_TRUE, 60ull * 1000000000));
		for (uint32_t p = 0; p < 2; p++) {
			for (uint32_t i = 0; i < SIM_INSTANCES; i++) {
				char what[64];

				vk_gfx_fill(expected, W, 0, 0, W, H, 100 + p * SIM_INSTANCES + i);
				vk_gfx_fill(expected, W, 1, 2, 7, 8, 10);
				vk_gfx_fill(expected, W, 9, 2, 15, 8, 11);
				snprintf(what, sizeof(what), "round %u, primary %u, instance %u",
					 round, p, i);
				vk_gfx_check_uint((const uint32_t *)readback[p].map + i * W * H,
						  expected, W, H, what);
			}
		}
	}
	for (uint32_t p = 0; p < 2; p++) {
		for (uint32_t i = 0; i < SIM_INSTANCES; i++)
			vk_target_destroy(&s.dev, &color[p][i]);
		vkDestroyFence(s.dev.device, fences[p], NULL);
		vk_buf_destroy(&s.dev, &readback[p]);
	}
	vkFreeCommandBuffers(s.dev.device, s.dev.pool, 2, primary);
	vkFreeCommandBuffers(s.dev.device, s.dev.pool, 1, &secondary);
	vkDestroyEvent(s.dev.device, event, NULL);
	scene_destroy(&s);
}
