/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Colour write enables (VK_EXT_color_write_enable)
 *
 * Two R8G8B8A8_UNORM attachments, one pixel per case, the source colours
 * from push constants (codes / 255, stored exactly) and the destination
 * the attachments' clear values. An attachment whose write is disabled
 * keeps its clear value, as with a zero write mask; an enabled one takes
 * the source through its write mask. The enables come from a pipeline's
 * VkPipelineColorWriteCreateInfoEXT and from vkCmdSetColorWriteEnableEXT
 * on a pipeline that makes them dynamic (before and after the bind); the
 * dynamic cases must give exactly the pixels of their static twins. The
 * dynamic pipeline's own structure disables both attachments: a driver
 * that reads it, or ignores the command, draws the wrong pixels.
 */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <string.h>

#define CW 8
#define CH 1

/* The sources and clear values, byte c channel c's code. */
#define SRC0	0x80c04020u
#define SRC1	0x10e070b0u
#define CLR0	0x55332211u
#define CLR1	0xaa998877u

static void codes_to_float(uint32_t codes, float *out)
{
	for (int c = 0; c < 4; c++)
		out[c] = (float)((codes >> (8 * c)) & 0xff) / 255.0f;
}

/* @src through write mask @mask over @dst, per byte. */
static uint32_t masked(uint32_t src, uint32_t dst, VkColorComponentFlags mask)
{
	uint32_t keep = 0;

	for (int c = 0; c < 4; c++)
		if (mask & (1u << c))
			keep |= 0xffu << (8 * c);
	return (src & keep) | (dst & ~keep);
}

VK_TEST(color_write_enable, "color-write-enable-static-and-dynamic")
{
	static const char *const ext[] = { VK_EXT_COLOR_WRITE_ENABLE_EXTENSION_NAME };
	VkPhysicalDeviceColorWriteEnableFeaturesEXT cwe = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COLOR_WRITE_ENABLE_FEATURES_EXT,
		.colorWriteEnable = VK_TRUE,
	};
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = 1, .features = &cwe,
		.core = { .independentBlend = VK_TRUE },
	};
	static const VkVertexInputBindingDescription binding = {
		0, sizeof(struct vk_vtx3), VK_VERTEX_INPUT_RATE_VERTEX,
	};
	static const VkVertexInputAttributeDescription attribute = {
		0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0,
	};
	static const VkDynamicState dynamic = VK_DYNAMIC_STATE_COLOR_WRITE_ENABLE_EXT;
	const VkFormat formats[2] = { VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM };
	/* The pipelines: static {1, 0}, {0, 1}, none, dynamic, {1, 0} with att 0 masked R|G. */
	enum { S10, S01, SNONE, DYN, S10_RG, PIPES };
	static const VkBool32 enables[PIPES][2] = {
		[S10] = { VK_TRUE, VK_FALSE }, [S01] = { VK_FALSE, VK_TRUE },
		[DYN] = { VK_FALSE, VK_FALSE }, [S10_RG] = { VK_TRUE, VK_FALSE },
	};
	const VkPipelineColorBlendAttachmentState all[2] = {
		{ .colorWriteMask = 0xf }, { .colorWriteMask = 0xf },
	};
	const VkPipelineColorBlendAttachmentState rg[2] = {
		{ .colorWriteMask = VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT },
		{ .colorWriteMask = 0xf },
	};
	/* Case i: the pipeline, and the enables vkCmdSetColorWriteEnableEXT sets (DYN). */
	static const struct {
		int pipe;
		VkBool32 set[2];
		bool after_bind;
	} cases[CW] = {
		{ S10 }, { S01 }, { SNONE },
		{ DYN, { VK_TRUE, VK_FALSE }, false },
		{ DYN, { VK_FALSE, VK_TRUE }, true },
		{ DYN, { VK_FALSE, VK_FALSE }, true },
		/* A static pipeline bound after the command keeps its own enables. */
		{ SNONE, { VK_FALSE, VK_FALSE }, false },
		{ S10_RG },
	};
	/* The static twin of each dynamic case. */
	static const struct { uint32_t dyn, stat; } twins[] = { { 3, 0 }, { 4, 1 } };
	PFN_vkCmdSetColorWriteEnableEXT set_enable;
	VkPipelineColorWriteCreateInfoEXT cw_info[PIPES];
	struct vk_gfx_pipe pipes[PIPES];
	struct vk_target color[2];
	struct vk_buf vertices, readback[2];
	VkRenderingAttachmentInfo att[2];
	VkRenderingInfo rendering = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
		.renderArea = { { 0, 0 }, { CW, CH } },
		.layerCount = 1, .colorAttachmentCount = 2, .pColorAttachments = att,
	};
	float push[8];
	const uint32_t clear[2] = { CLR0, CLR1 }, src[2] = { SRC0, SRC1 };
	unsigned int wrong = 0;
	struct vk_dev dev;
	VkCommandBuffer cmd;

	vk_gfx_dev_create_options(&dev, &options);
	set_enable = (PFN_vkCmdSetColorWriteEnableEXT)vk_dev_proc(&dev,
								  "vkCmdSetColorWriteEnableEXT");
	REQUIRE(set_enable != NULL);
	codes_to_float(SRC0, push);
	codes_to_float(SRC1, push + 4);
	for (int t = 0; t < 2; t++) {
		vk_target_create(&dev, formats[t], CW, CH, 1, VK_SAMPLE_COUNT_1_BIT, &color[t]);
		vk_buf_create(&dev, CW * CH * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback[t]);
		att[t] = (VkRenderingAttachmentInfo) {
			.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
			.imageView = color[t].view,
			.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
			.storeOp = VK_ATTACHMENT_STORE_OP_STORE,
		};
		codes_to_float(clear[t], att[t].clearValue.color.float32);
	}
	vk_buf_create(&dev, CW * 6 * sizeof(struct vk_vtx3), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
		      &vertices);
	for (uint32_t i = 0; i < CW; i++)
		vk_gfx_rect((struct vk_vtx3 *)vertices.map + 6 * i, i, 0, i + 1, 1, 0.5f, CW, CH,
			    true);
	for (int p = 0; p < PIPES; p++) {
		struct vk_gfx_desc desc = {
			.vs = gfx_pos_vert_spv, .vs_size = gfx_pos_vert_spv_size,
			.fs = gfx_push_color_frag_spv, .fs_size = gfx_push_color_frag_spv_size,
			.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
			.bindings = &binding, .binding_count = 1,
			.attributes = &attribute, .attribute_count = 1,
			.color_count = 2, .color_formats = formats,
			.blend = p == S10_RG ? rg : all,
			.dynamic = p == DYN ? &dynamic : NULL, .dynamic_count = p == DYN,
			.width = CW, .height = CH, .push_size = 32,
		};

		cw_info[p] = (VkPipelineColorWriteCreateInfoEXT) {
			.sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_WRITE_CREATE_INFO_EXT,
			.attachmentCount = 2, .pColorWriteEnables = enables[p],
		};
		desc.color_blend_next = p == SNONE ? NULL : &cw_info[p];
		vk_gfx_pipe_create(&dev, &desc, &pipes[p]);
	}

	cmd = vk_cmd_begin(&dev);
	for (int t = 0; t < 2; t++)
		vk_target_layout(cmd, &color[t], VK_IMAGE_LAYOUT_UNDEFINED,
				 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	vkCmdBeginRendering(cmd, &rendering);
	vkCmdBindVertexBuffers(cmd, 0, 1, &vertices.buffer, &(VkDeviceSize){ 0 });
	for (uint32_t i = 0; i < CW; i++) {
		const struct vk_gfx_pipe *p = &pipes[cases[i].pipe];
		const bool set = cases[i].pipe == DYN || i == 6;

		if (set && !cases[i].after_bind)
			set_enable(cmd, 2, cases[i].set);
		vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p->pipeline);
		if (set && cases[i].after_bind)
			set_enable(cmd, 2, cases[i].set);
		vkCmdPushConstants(cmd, p->layout, VK_SHADER_STAGE_VERTEX_BIT |
				   VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(push), push);
		vkCmdDraw(cmd, 6, 1, 6 * i, 0);
	}
	vkCmdEndRendering(cmd);
	for (int t = 0; t < 2; t++) {
		vk_target_layout(cmd, &color[t], VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
				 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
		vk_target_read(cmd, &color[t], VK_IMAGE_ASPECT_COLOR_BIT, 0, readback[t].buffer);
	}
	vk_cmd_submit_wait(&dev, cmd, 0);

	for (int t = 0; t < 2; t++) {
		const uint32_t *got = readback[t].map;

		for (uint32_t i = 0; i < CW; i++) {
			const int p = cases[i].pipe;
			const VkBool32 *on = p == DYN ? cases[i].set :
					     p == SNONE ? (const VkBool32[]){ 1, 1 } : enables[p];
			const VkColorComponentFlags mask = p == S10_RG ? rg[t].colorWriteMask : 0xf;
			const uint32_t want = on[t] ? masked(src[t], clear[t], mask) : clear[t];

			if (got[i] == want)
				continue;
			if (!wrong++)
				printf("# attachment %d pixel %u: 0x%08x, expected 0x%08x\n", t, i,
				       got[i], want);
		}
		for (size_t k = 0; k < sizeof(twins) / sizeof(twins[0]); k++)
			if (got[twins[k].dyn] != got[twins[k].stat] && !wrong++)
				printf("# attachment %d: dynamic pixel %u 0x%08x, static %u 0x%08x\n",
				       t, twins[k].dyn, got[twins[k].dyn], twins[k].stat,
				       got[twins[k].stat]);
	}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u pixels differ", wrong);
	for (int p = 0; p < PIPES; p++)
		vk_gfx_pipe_destroy(&dev, &pipes[p]);
	vk_buf_destroy(&dev, &vertices);
	for (int t = 0; t < 2; t++) {
		vk_buf_destroy(&dev, &readback[t]);
		vk_target_destroy(&dev, &color[t]);
	}
	vk_dev_destroy(&dev);
}
