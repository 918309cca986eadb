/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Input attachments (Shader Interfaces, "Fragment Input Attachment Interface")
 *
 * Render passes of two subpasses: the first draws rectangles of distinct
 * values into an attachment, the second reads that attachment as an input
 * attachment (subpassLoad: the texel under the fragment) over the whole
 * framebuffer and writes what it read, transformed, into an R32_UINT
 * target that is compared exactly with a CPU image. The attachments are a
 * colour one (input-attachment-color), a depth/stencil one read through
 * its depth and its stencil aspect (input-attachment-depth-stencil: depths
 * that are multiples of 1/16, exact on 24-bit UNORM and 32-bit float) and
 * a 4x multisampled colour one whose samples subpass 0 writes under
 * different sample masks and subpass 1 reads one by one with the sample
 * operand (input-attachment-multisample). Each subpass dependency is
 * BY_REGION, from the attachment writes to the input attachment reads.
 * input-attachment-feedback-loop uses one GENERAL attachment as colour and
 * input attachment of one subpass, draws reading it and writing it again
 * separated by the self-dependency's vkCmdPipelineBarrier.
 */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <string.h>

#define W 16
#define H 16

/* What every test holds: the vertices, the readback, set 0 of input attachments. */
struct input_scene {
	struct vk_dev dev;
	struct vk_buf vertices, instances, readback;
	VkDescriptorSetLayout set_layout;
	VkDescriptorPool pool;
	VkDescriptorSet set;
	VkCommandBuffer cmd;
};

/* The scene with @inputs input attachments at bindings 0.. of set 0 (fragment stage). */
static void scene_init(struct input_scene *s, uint32_t inputs)
{
	VkDescriptorSetLayoutBinding bindings[2];
	const VkDescriptorPoolSize size = { VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, inputs };
	const VkDescriptorPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.maxSets = 1, .poolSizeCount = 1, .pPoolSizes = &size,
	};
	const VkDescriptorSetLayoutCreateInfo layout_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
		.bindingCount = inputs, .pBindings = bindings,
	};
	VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorSetCount = 1,
	};

	REQUIRE(inputs <= 2);
	for (uint32_t i = 0; i < inputs; i++)
		bindings[i] = (VkDescriptorSetLayoutBinding) {
			i, VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, 1, VK_SHADER_STAGE_FRAGMENT_BIT, NULL,
		};
	vk_gfx_dev_create(&s->dev, NULL);
	vk_buf_create(&s->dev, 4096, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &s->vertices);
	/* Instance offsets: all zero, the rectangles are placed by their vertices. */
	vk_buf_create(&s->dev, 256, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &s->instances);
	memset(s->instances.map, 0, 256);
	vk_buf_create(&s->dev, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &s->readback);
	VK_CHECK(vkCreateDescriptorSetLayout(s->dev.device, &layout_info, NULL, &s->set_layout));
	VK_CHECK(vkCreateDescriptorPool(s->dev.device, &pool_info, NULL, &s->pool));
	alloc.descriptorPool = s->pool;
	alloc.pSetLayouts = &s->set_layout;
	VK_CHECK(vkAllocateDescriptorSets(s->dev.device, &alloc, &s->set));
	s->cmd = vk_cmd_begin(&s->dev);
}

static void scene_destroy(struct input_scene *s)
{
	vkDestroyDescriptorPool(s->dev.device, s->pool, NULL);
	vkDestroyDescriptorSetLayout(s->dev.device, s->set_layout, NULL);
	vk_buf_destroy(&s->dev, &s->vertices);
	vk_buf_destroy(&s->dev, &s->instances);
	vk_buf_destroy(&s->dev, &s->readback);
	vk_dev_destroy(&s->dev);
}

/* Binding @i of the set: @view, read in @layout. */
static void write_input(struct input_scene *s, uint32_t i, VkImageView view, VkImageLayout layout)
{
	const VkDescriptorImageInfo image = { VK_NULL_HANDLE, view, layout };
	const VkWriteDescriptorSet write = {
		.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
		.dstSet = s->set, .dstBinding = i, .descriptorCount = 1,
		.descriptorType = VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, .pImageInfo = &image,
	};

	vkUpdateDescriptorSets(s->dev.device, 1, &write, 0, NULL);
}

static void bind_vertices(struct input_scene *s)
{
	const VkBuffer buffers[2] = { s->vertices.buffer, s->instances.buffer };
	const VkDeviceSize offsets[2] = { 0, 0 };

	vkCmdBindVertexBuffers(s->cmd, 0, 2, buffers, offsets);
}

/* A framebuffer of @views for @pass, and the instance begun with @clears. */
static VkFramebuffer begin_pass(struct input_scene *s, VkRenderPass pass, const VkImageView *views,
				uint32_t count, const VkClearValue *clears)
{
	const VkFramebufferCreateInfo fb_info = {
		.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
		.renderPass = pass, .attachmentCount = count, .pAttachments = views,
		.width = W, .height = H, .layers = 1,
	};
	VkFramebuffer fb;

	VK_CHECK(vkCreateFramebuffer(s->dev.device, &fb_info, NULL, &fb));
	{
		const VkRenderPassBeginInfo begin = {
			.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
			.renderPass = pass, .framebuffer = fb,
			.renderArea = { { 0, 0 }, { W, H } },
			.clearValueCount = count, .pClearValues = clears,
		};

		vkCmdBeginRenderPass(s->cmd, &begin, VK_SUBPASS_CONTENTS_INLINE);
	}
	return fb;
}

/* Subpass 1: the whole framebuffer (vertices 0..5) through @pipe, which reads the set. */
static void draw_reader(struct input_scene *s, const struct vk_gfx_pipe *pipe)
{
	vkCmdBindPipeline(s->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe->pipeline);
	vkCmdBindDescriptorSets(s->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe->layout, 0, 1, &s->set,
				0, NULL);
	vkCmdDraw(s->cmd, 6, 1, 0, 0);
}

/* Ends the pass, reads @out (in TRANSFER_SRC_OPTIMAL by then) back and compares it. */
static void finish(struct input_scene *s, const struct vk_target *out, const uint32_t *expected,
		   const char *what)
{
	vkCmdEndRenderPass(s->cmd);
	vk_target_read(s->cmd, out, VK_IMAGE_ASPECT_COLOR_BIT, 0, s->readback.buffer);
	vk_cmd_submit_wait(&s->dev, s->cmd, 0);
	vk_gfx_check_uint(s->readback.map, expected, W, H, what);
}

/* The rectangles subpass 0 draws: [x0, x1) x [y0, y1) in pixels. */
struct cell {
	uint32_t x0, y0, x1, y1;
};

static const struct cell cells[] = {
	{ 0, 0, 4, 4 }, { 4, 0, 8, 4 }, { 8, 0, 16, 4 },
	{ 0, 4, 4, 12 }, { 4, 4, 12, 8 }, { 12, 12, 16, 16 }, { 5, 9, 6, 10 },
};
#define CELLS (sizeof(cells) / sizeof(cells[0]))

/* Vertices 0..5: the whole target; then 6 per cell, at depth (k + 1) / 16 for cell k. */
static void cell_vertices(struct input_scene *s)
{
	struct vk_vtx3 *v = s->vertices.map;

	vk_gfx_rect(v, 0, 0, W, H, 0, W, H, false);
	for (uint32_t k = 0; k < CELLS; k++)
		vk_gfx_rect(v + 6 * (k + 1), (float)cells[k].x0, (float)cells[k].y0,
			    (float)cells[k].x1, (float)cells[k].y1, (float)(k + 1) / 16.0f, W, H,
			    false);
}

static const VkShaderStageFlags push_stages = VK_SHADER_STAGE_VERTEX_BIT |
					      VK_SHADER_STAGE_FRAGMENT_BIT;

/*
 * Two subpasses: the first writes attachment 0 (R32_UINT, @samples,
 * cleared), the second reads it as input attachment 0 (BY_REGION) and
 * writes attachment 1 (R32_UINT, single-sampled, then copied from).
 */
static VkRenderPass color_input_pass(struct vk_dev *dev, VkSampleCountFlagBits samples)
{
	const VkAttachmentDescription atts[2] = {
		{
			.format = VK_FORMAT_R32_UINT, .samples = samples,
			.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
			.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
			.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
			.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
			.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
			.finalLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
		},
		{
			.format = VK_FORMAT_R32_UINT, .samples = VK_SAMPLE_COUNT_1_BIT,
			.loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
			.storeOp = VK_ATTACHMENT_STORE_OP_STORE,
			.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
			.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
			.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
			.finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
		},
	};
	const VkAttachmentReference written = { 0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL };
	const VkAttachmentReference input = { 0, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL };
	const VkAttachmentReference out = { 1, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL };
	const VkSubpassDescription subpasses[2] = {
		{ .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
		  .colorAttachmentCount = 1, .pColorAttachments = &written },
		{ .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
		  .inputAttachmentCount = 1, .pInputAttachments = &input,
		  .colorAttachmentCount = 1, .pColorAttachments = &out },
	};
	const VkSubpassDependency deps[2] = {
		{
			.srcSubpass = 0, .dstSubpass = 1,
			.srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
			.dstStageMask = VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,
			.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
			.dstAccessMask = VK_ACCESS_INPUT_ATTACHMENT_READ_BIT,
			.dependencyFlags = VK_DEPENDENCY_BY_REGION_BIT,
		},
		{
			.srcSubpass = 1, .dstSubpass = VK_SUBPASS_EXTERNAL,
			.srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
			.dstStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT,
			.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
			.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
		},
	};
	const VkRenderPassCreateInfo rp_info = {
		.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
		.attachmentCount = 2, .pAttachments = atts,
		.subpassCount = 2, .pSubpasses = subpasses,
		.dependencyCount = 2, .pDependencies = deps,
	};
	VkRenderPass pass;

	VK_CHECK(vkCreateRenderPass(dev->device, &rp_info, NULL, &pass));
	return pass;
}

VK_TEST(input_attachment_color, "input-attachment-color")
{
	const VkClearValue clears[2] = { { .color.uint32 = { 7 } }, { .color.uint32 = { 0 } } };
	struct vk_gfx_desc desc = vk_gfx_uint_desc(W, H);
	struct vk_target color, result;
	uint32_t expected[W * H];
	struct vk_gfx_pipe writer, reader;
	struct input_scene s;
	VkRenderPass pass;
	VkFramebuffer fb;

	scene_init(&s, 1);
	vk_target_create_usage(&s.dev, VK_FORMAT_R32_UINT, W, H, 1, VK_SAMPLE_COUNT_1_BIT,
			       VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT, &color);
	vk_target_create(&s.dev, VK_FORMAT_R32_UINT, W, H, 1, VK_SAMPLE_COUNT_1_BIT, &result);
	pass = color_input_pass(&s.dev, VK_SAMPLE_COUNT_1_BIT);
	desc.render_pass = pass;
	vk_gfx_pipe_create(&s.dev, &desc, &writer);
	desc.subpass = 1;
	desc.fs = gfx_input_color_frag_spv;
	desc.fs_size = gfx_input_color_frag_spv_size;
	desc.set_layout = s.set_layout;
	vk_gfx_pipe_create(&s.dev, &desc, &reader);
	write_input(&s, 0, color.view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
	cell_vertices(&s);

	fb = begin_pass(&s, pass, (VkImageView[]){ color.view, result.view }, 2, clears);
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, writer.pipeline);
	bind_vertices(&s);
	for (uint32_t k = 0; k < CELLS; k++) {
		vkCmdPushConstants(s.cmd, writer.layout, push_stages, 0, 4, &(uint32_t){ 100 + k });
		vkCmdDraw(s.cmd, 6, 1, 6 * (k + 1), 0);
	}
	vkCmdNextSubpass(s.cmd, VK_SUBPASS_CONTENTS_INLINE);
	draw_reader(&s, &reader);

	vk_gfx_fill(expected, W, 0, 0, W, H, 7 * 3 + 1);
	for (uint32_t k = 0; k < CELLS; k++)
		vk_gfx_fill(expected, W, cells[k].x0, cells[k].y0, cells[k].x1, cells[k].y1,
			    (100 + k) * 3 + 1);
	finish(&s, &result, expected, "colour read as an input attachment");
	vkDestroyFramebuffer(s.dev.device, fb, NULL);
	vkDestroyRenderPass(s.dev.device, pass, NULL);
	vk_gfx_pipe_destroy(&s.dev, &writer);
	vk_gfx_pipe_destroy(&s.dev, &reader);
	vk_target_destroy(&s.dev, &color);
	vk_target_destroy(&s.dev, &result);
	scene_destroy(&s);
}

/* A depth/stencil format with both aspects the device renders to, or UNDEFINED. */
static VkFormat depth_stencil_format(struct vk_dev *dev)
{
	static const VkFormat formats[] = {
		VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D32_SFLOAT_S8_UINT,
	};

	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		VkFormatProperties p;

		vkGetPhysicalDeviceFormatProperties(dev->physical, formats[i], &p);
		if (p.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT)
			return formats[i];
	}
	return VK_FORMAT_UNDEFINED;
}

/* A view of @aspect of the depth/stencil target @t: what an input attachment descriptor takes. */
static VkImageView aspect_view(struct vk_dev *dev, const struct vk_target *t,
			       VkImageAspectFlags aspect)
{
	const VkImageViewCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
		.image = t->image, .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = t->format,
		.subresourceRange = { aspect, 0, 1, 0, 1 },
	};
	VkImageView view;

	VK_CHECK(vkCreateImageView(dev->device, &info, NULL, &view));
	return view;
}

/*
 * Subpass 0 writes depth (k + 1) / 16 and stencil 10 + k in cell k (depth
 * test ALWAYS, stencil op REPLACE with the reference set per draw); subpass
 * 1 reads the attachment through two input attachments, its depth and its
 * stencil aspect (vkCreateRenderPass2's per-reference aspect masks), in
 * DEPTH_STENCIL_READ_ONLY_OPTIMAL.
 */
VK_TEST(input_attachment_depth_stencil, "input-attachment-depth-stencil")
{
	const VkStencilOpState replace = {
		.failOp = VK_STENCIL_OP_KEEP, .passOp = VK_STENCIL_OP_REPLACE,
		.depthFailOp = VK_STENCIL_OP_KEEP, .compareOp = VK_COMPARE_OP_ALWAYS,
		.compareMask = 0xff, .writeMask = 0xff,
	};
	const VkPipelineDepthStencilStateCreateInfo ds_state = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
		.depthTestEnable = VK_TRUE, .depthWriteEnable = VK_TRUE,
		.depthCompareOp = VK_COMPARE_OP_ALWAYS,
		.stencilTestEnable = VK_TRUE, .front = replace, .back = replace,
	};
	const VkDynamicState dynamic[] = { VK_DYNAMIC_STATE_STENCIL_REFERENCE };
	const VkAttachmentReference2 ds_ref = {
		.sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2, .attachment = 0,
		.layout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
	};
	const VkAttachmentReference2 inputs[2] = {
		{ .sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2, .attachment = 0,
		  .layout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL,
		  .aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT },
		{ .sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2, .attachment = 0,
		  .layout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL,
		  .aspectMask = VK_IMAGE_ASPECT_STENCIL_BIT },
	};
	const VkAttachmentReference2 out = {
		.sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2, .attachment = 1,
		.layout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
	};
	const VkSubpassDescription2 subpasses[2] = {
		{ .sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_2,
		  .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
		  .pDepthStencilAttachment = &ds_ref },
		{ .sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_2,
		  .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
		  .inputAttachmentCount = 2, .pInputAttachments = inputs,
		  .colorAttachmentCount = 1, .pColorAttachments = &out },
	};
	const VkSubpassDependency2 deps[2] = {
		{
			.sType = VK_STRUCTURE_TYPE_SUBPASS_DEPENDENCY_2,
			.srcSubpass = 0, .dstSubpass = 1,
			.srcStageMask = VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT |
					VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT,
			.dstStageMask = VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,
			.srcAccessMask = VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
			.dstAccessMask = VK_ACCESS_INPUT_ATTACHMENT_READ_BIT,
			.dependencyFlags = VK_DEPENDENCY_BY_REGION_BIT,
		},
		{
			.sType = VK_STRUCTURE_TYPE_SUBPASS_DEPENDENCY_2,
			.srcSubpass = 1, .dstSubpass = VK_SUBPASS_EXTERNAL,
			.srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
			.dstStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT,
			.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
			.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
		},
	};
	const VkClearValue clears[2] = {
		{ .depthStencil = { 1.0f, 3 } }, { .color.uint32 = { 0 } },
	};
	struct vk_gfx_desc desc = vk_gfx_uint_desc(W, H);
	struct vk_target ds, result;
	uint32_t expected[W * H];
	struct vk_gfx_pipe writer, reader;
	VkImageView depth_view, stencil_view;
	struct input_scene s;
	VkRenderPass pass;
	VkFramebuffer fb;
	VkFormat format;

	scene_init(&s, 2);
	format = depth_stencil_format(&s.dev);
	if (format == VK_FORMAT_UNDEFINED)
		vk_test_skip("no depth/stencil attachment format with both aspects");
	{
		const VkAttachmentDescription2 atts[2] = {
			{
				.sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2,
				.format = format, .samples = VK_SAMPLE_COUNT_1_BIT,
				.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
				.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
				.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
				.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
				.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
				.finalLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL,
			},
			{
				.sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2,
				.format = VK_FORMAT_R32_UINT, .samples = VK_SAMPLE_COUNT_1_BIT,
				.loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
				.storeOp = VK_ATTACHMENT_STORE_OP_STORE,
				.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
				.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
				.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
				.finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
			},
		};
		const VkRenderPassCreateInfo2 rp_info = {
			.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO_2,
			.attachmentCount = 2, .pAttachments = atts,
			.subpassCount = 2, .pSubpasses = subpasses,
			.dependencyCount = 2, .pDependencies = deps,
		};

		VK_CHECK(vkCreateRenderPass2(s.dev.device, &rp_info, NULL, &pass));
	}
	vk_target_create_usage(&s.dev, format, W, H, 1, VK_SAMPLE_COUNT_1_BIT,
			       VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT, &ds);
	vk_target_create(&s.dev, VK_FORMAT_R32_UINT, W, H, 1, VK_SAMPLE_COUNT_1_BIT, &result);
	depth_view = aspect_view(&s.dev, &ds, VK_IMAGE_ASPECT_DEPTH_BIT);
	stencil_view = aspect_view(&s.dev, &ds, VK_IMAGE_ASPECT_STENCIL_BIT);
	desc.render_pass = pass;
	desc.color_format = VK_FORMAT_UNDEFINED;
	desc.depth_stencil = &ds_state;
	desc.dynamic = dynamic;
	desc.dynamic_count = 1;
	vk_gfx_pipe_create(&s.dev, &desc, &writer);
	desc.color_format = VK_FORMAT_R32_UINT;
	desc.depth_stencil = NULL;
	desc.dynamic_count = 0;
	desc.subpass = 1;
	desc.fs = gfx_input_ds_frag_spv;
	desc.fs_size = gfx_input_ds_frag_spv_size;
	desc.set_layout = s.set_layout;
	vk_gfx_pipe_create(&s.dev, &desc, &reader);
	write_input(&s, 0, depth_view, VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL);
	write_input(&s, 1, stencil_view, VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL);
	cell_vertices(&s);

	fb = begin_pass(&s, pass, (VkImageView[]){ ds.view, result.view }, 2, clears);
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, writer.pipeline);
	bind_vertices(&s);
	for (uint32_t k = 0; k < CELLS; k++) {
		vkCmdSetStencilReference(s.cmd, VK_STENCIL_FACE_FRONT_AND_BACK, 10 + k);
		vkCmdPushConstants(s.cmd, writer.layout, push_stages, 0, 4, &(uint32_t){ 0 });
		vkCmdDraw(s.cmd, 6, 1, 6 * (k + 1), 0);
	}
	vkCmdNextSubpass(s.cmd, VK_SUBPASS_CONTENTS_INLINE);
	draw_reader(&s, &reader);

	vk_gfx_fill(expected, W, 0, 0, W, H, 16 | 3 << 8);
	for (uint32_t k = 0; k < CELLS; k++)
		vk_gfx_fill(expected, W, cells[k].x0, cells[k].y0, cells[k].x1, cells[k].y1,
			    (k + 1) | (10 + k) << 8);
	finish(&s, &result, expected, "depth (low byte, in 1/16) and stencil read as inputs");
	vkDestroyFramebuffer(s.dev.device, fb, NULL);
	vkDestroyRenderPass(s.dev.device, pass, NULL);
	vk_gfx_pipe_destroy(&s.dev, &writer);
	vk_gfx_pipe_destroy(&s.dev, &reader);
	vkDestroyImageView(s.dev.device, depth_view, NULL);
	vkDestroyImageView(s.dev.device, stencil_view, NULL);
	vk_target_destroy(&s.dev, &ds);
	vk_target_destroy(&s.dev, &result);
	scene_destroy(&s);
}

/*
 * Subpass 0 draws into a 4x R32_UINT attachment cleared to 7: value 5 over
 * the left half with sample mask 0b0110, value 9 over the top rows with
 * 0b1001; subpass 1 (single-sampled) reads each of the four samples with
 * subpassLoad's sample operand and packs them one per byte.
 */
VK_TEST(input_attachment_multisample, "input-attachment-multisample")
{
	const VkClearValue clears[2] = { { .color.uint32 = { 7 } }, { .color.uint32 = { 0 } } };
	struct vk_gfx_desc desc = vk_gfx_uint_desc(W, H);
	struct vk_target ms, result;
	uint32_t expected[W * H];
	struct vk_gfx_pipe left, top, reader;
	VkImageFormatProperties props;
	struct input_scene s;
	VkRenderPass pass;
	VkFramebuffer fb;
	struct vk_vtx3 *v;

	scene_init(&s, 1);
	if (vkGetPhysicalDeviceImageFormatProperties(
		    s.dev.physical, VK_FORMAT_R32_UINT, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
		    VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT |
		    VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, 0,
		    &props) != VK_SUCCESS || !(props.sampleCounts & VK_SAMPLE_COUNT_4_BIT))
		vk_test_skip("no 4x R32_UINT input attachments");
	vk_target_create_usage(&s.dev, VK_FORMAT_R32_UINT, W, H, 1, VK_SAMPLE_COUNT_4_BIT,
			       VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT, &ms);
	vk_target_create(&s.dev, VK_FORMAT_R32_UINT, W, H, 1, VK_SAMPLE_COUNT_1_BIT, &result);
	pass = color_input_pass(&s.dev, VK_SAMPLE_COUNT_4_BIT);
	desc.render_pass = pass;
	desc.samples = VK_SAMPLE_COUNT_4_BIT;
	desc.sample_mask = 0x6;
	vk_gfx_pipe_create(&s.dev, &desc, &left);
	desc.sample_mask = 0x9;
	vk_gfx_pipe_create(&s.dev, &desc, &top);
	desc.samples = VK_SAMPLE_COUNT_1_BIT;
	desc.sample_mask = 0;
	desc.subpass = 1;
	desc.fs = gfx_input_ms_frag_spv;
	desc.fs_size = gfx_input_ms_frag_spv_size;
	desc.set_layout = s.set_layout;
	vk_gfx_pipe_create(&s.dev, &desc, &reader);
	write_input(&s, 0, ms.view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
	v = s.vertices.map;
	vk_gfx_rect(v, 0, 0, W, H, 0, W, H, false);
	vk_gfx_rect(v + 6, 0, 0, W / 2, H, 0, W, H, false);
	vk_gfx_rect(v + 12, 0, 0, W, 4, 0, W, H, false);

	fb = begin_pass(&s, pass, (VkImageView[]){ ms.view, result.view }, 2, clears);
	bind_vertices(&s);
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, left.pipeline);
	vkCmdPushConstants(s.cmd, left.layout, push_stages, 0, 4, &(uint32_t){ 5 });
	vkCmdDraw(s.cmd, 6, 1, 6, 0);
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, top.pipeline);
	vkCmdPushConstants(s.cmd, top.layout, push_stages, 0, 4, &(uint32_t){ 9 });
	vkCmdDraw(s.cmd, 6, 1, 12, 0);
	vkCmdNextSubpass(s.cmd, VK_SUBPASS_CONTENTS_INLINE);
	draw_reader(&s, &reader);

	for (uint32_t y = 0; y < H; y++) {
		for (uint32_t x = 0; x < W; x++) {
			uint32_t sample[4] = { 7, 7, 7, 7 };

			if (x < W / 2)
				sample[1] = sample[2] = 5;
			if (y < 4)
				sample[0] = sample[3] = 9;
			expected[y * W + x] = sample[0] | sample[1] << 8 | sample[2] << 16 |
					      sample[3] << 24;
		}
	}
	finish(&s, &result, expected, "samples of a 4x input attachment, one per byte");
	vkDestroyFramebuffer(s.dev.device, fb, NULL);
	vkDestroyRenderPass(s.dev.device, pass, NULL);
	vk_gfx_pipe_destroy(&s.dev, &left);
	vk_gfx_pipe_destroy(&s.dev, &top);
	vk_gfx_pipe_destroy(&s.dev, &reader);
	vk_target_destroy(&s.dev, &ms);
	vk_target_destroy(&s.dev, &result);
	scene_destroy(&s);
}

/*
 * One subpass whose attachment 0 (R32_UINT, GENERAL) is both its colour
 * attachment and its input attachment, with a BY_REGION self-dependency
 * from colour writes to input attachment reads.
 */
static VkRenderPass feedback_pass(struct vk_dev *dev)
{
	const VkAttachmentDescription att = {
		.format = VK_FORMAT_R32_UINT, .samples = VK_SAMPLE_COUNT_1_BIT,
		.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
		.storeOp = VK_ATTACHMENT_STORE_OP_STORE,
		.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
		.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
		.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
		.finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
	};
	const VkAttachmentReference ref = { 0, VK_IMAGE_LAYOUT_GENERAL };
	const VkSubpassDescription subpass = {
		.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
		.inputAttachmentCount = 1, .pInputAttachments = &ref,
		.colorAttachmentCount = 1, .pColorAttachments = &ref,
	};
	const VkSubpassDependency deps[2] = {
		{
			.srcSubpass = 0, .dstSubpass = 0,
			.srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
			.dstStageMask = VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,
			.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
			.dstAccessMask = VK_ACCESS_INPUT_ATTACHMENT_READ_BIT,
			.dependencyFlags = VK_DEPENDENCY_BY_REGION_BIT,
		},
		{
			.srcSubpass = 0, .dstSubpass = VK_SUBPASS_EXTERNAL,
			.srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
			.dstStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT,
			.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
			.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
		},
	};
	const VkRenderPassCreateInfo rp_info = {
		.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
		.attachmentCount = 1, .pAttachments = &att,
		.subpassCount = 1, .pSubpasses = &subpass,
		.dependencyCount = 2, .pDependencies = deps,
	};
	VkRenderPass pass;

	VK_CHECK(vkCreateRenderPass(dev->device, &rp_info, NULL, &pass));
	return pass;
}

/* The self-dependency's barrier: the draws before it write what the draws after it read. */
static void feedback_barrier(VkCommandBuffer cmd)
{
	const VkMemoryBarrier barrier = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
		.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
		.dstAccessMask = VK_ACCESS_INPUT_ATTACHMENT_READ_BIT,
	};

	vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
			     VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT, VK_DEPENDENCY_BY_REGION_BIT,
			     1, &barrier, 0, NULL, 0, NULL);
}

/*
 * A render pass feedback loop: the cells' values drawn into the
 * attachment, then three draws of gfx_input_color.frag (v -> 3v + 1) each
 * reading, at its pixel, what the draws before the last barrier wrote
 * there and writing the result into the same attachment: the whole
 * framebuffer, its left half, its top half. A pixel drawn n times by
 * the reader holds the function applied n times to its cell's value.
 */
VK_TEST(input_attachment_feedback_loop, "input-attachment-feedback-loop")
{
	const VkClearValue clear = { .color.uint32 = { 7 } };
	struct vk_gfx_desc desc = vk_gfx_uint_desc(W, H);
	struct vk_target color;
	uint32_t expected[W * H];
	struct vk_gfx_pipe writer, reader;
	struct input_scene s;
	struct vk_vtx3 *v;
	VkRenderPass pass;
	VkFramebuffer fb;

	scene_init(&s, 1);
	vk_target_create_usage(&s.dev, VK_FORMAT_R32_UINT, W, H, 1, VK_SAMPLE_COUNT_1_BIT,
			       VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT, &color);
	pass = feedback_pass(&s.dev);
	desc.render_pass = pass;
	vk_gfx_pipe_create(&s.dev, &desc, &writer);
	desc.fs = gfx_input_color_frag_spv;
	desc.fs_size = gfx_input_color_frag_spv_size;
	desc.set_layout = s.set_layout;
	vk_gfx_pipe_create(&s.dev, &desc, &reader);
	write_input(&s, 0, color.view, VK_IMAGE_LAYOUT_GENERAL);
	cell_vertices(&s);
	/* After the cells: the left half, then the top half. */
	v = (struct vk_vtx3 *)s.vertices.map + 6 * (CELLS + 1);
	vk_gfx_rect(v, 0, 0, W / 2, H, 0, W, H, false);
	vk_gfx_rect(v + 6, 0, 0, W, H / 2, 0, W, H, false);

	fb = begin_pass(&s, pass, &color.view, 1, &clear);
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, writer.pipeline);
	bind_vertices(&s);
	for (uint32_t k = 0; k < CELLS; k++) {
		vkCmdPushConstants(s.cmd, writer.layout, push_stages, 0, 4, &(uint32_t){ 100 + k });
		vkCmdDraw(s.cmd, 6, 1, 6 * (k + 1), 0);
	}
	feedback_barrier(s.cmd);
	draw_reader(&s, &reader);
	feedback_barrier(s.cmd);
	vkCmdDraw(s.cmd, 6, 1, 6 * (CELLS + 1), 0);
	feedback_barrier(s.cmd);
	vkCmdDraw(s.cmd, 6, 1, 6 * (CELLS + 2), 0);

	vk_gfx_fill(expected, W, 0, 0, W, H, 7);
	for (uint32_t k = 0; k < CELLS; k++)
		vk_gfx_fill(expected, W, cells[k].x0, cells[k].y0, cells[k].x1, cells[k].y1, 100 + k);
	for (uint32_t y = 0; y < H; y++)
		for (uint32_t x = 0; x < W; x++) {
			const unsigned int n = 1 + (x < W / 2) + (y < H / 2);

			for (unsigned int i = 0; i < n; i++)
				expected[y * W + x] = expected[y * W + x] * 3 + 1;
		}
	finish(&s, &color, expected, "an attachment read and written in one subpass");
	vkDestroyFramebuffer(s.dev.device, fb, NULL);
	vkDestroyRenderPass(s.dev.device, pass, NULL);
	vk_gfx_pipe_destroy(&s.dev, &writer);
	vk_gfx_pipe_destroy(&s.dev, &reader);
	vk_target_destroy(&s.dev, &color);
	scene_destroy(&s);
}
