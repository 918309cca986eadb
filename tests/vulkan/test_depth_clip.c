/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Depth clipping apart from clamping (VK_EXT_depth_clip_enable)
 *
 * One row per case of a DW x DH R8G8B8A8_UNORM target with a D32_SFLOAT
 * depth attachment (test ALWAYS, writes on): a rectangle across the row
 * whose depth goes from 0.5 on the left edge to 1.5 on the right one
 * (w = 1, so linear in x), crossing z = 1 exactly at the middle pixel
 * boundary. With depth clipping the right half is cut off; without, the
 * whole row is drawn, and depth clamping (independent of clipping when
 * VkPipelineRasterizationDepthClipStateCreateInfoEXT is given) writes
 * 1.0 there. Without the structure, clamping disables clipping (core
 * Vulkan). A row with clipping and clamping both off draws the whole row
 * too; its depth right of the middle is outside [0, 1] and not checked.
 *
 * The dynamic test takes the clip enable from vkCmdSetDepthClipEnableEXT
 * (extendedDynamicState3DepthClipEnable) on pipelines whose own
 * structure says the opposite, set before and after the bind, in rows
 * 0-5, and draws the static cases in rows 8-13 of the same target: each
 * dynamic row must equal its static twin 8 rows down, and both the
 * expected pixels. depth-clamp-enable-dynamic does the same with the
 * clamp enable from vkCmdSetDepthClampEnableEXT
 * (extendedDynamicState3DepthClampEnable), with and without the clip
 * structure (without it, the dynamic clamp also decides clipping).
 *
 * depth-clip-control-negative-one-to-one (VK_EXT_depth_clip_control):
 * rows of a rectangle whose z_c/w_c runs from -2 on the left edge to 2 on
 * the right one (w = 1), so it crosses -1, 0 and 1 at pixel boundaries 4,
 * 8 and 12, in a viewport with depth range [0.25, 0.75]. With
 * negativeOneToOne the viewport transform is z_f = 0.5 + 0.25 z_c/w_c and
 * clipping keeps -1 <= z_c/w_c <= 1 (pixels 4..11); without it z_f = 0.25
 * + 0.5 z_c/w_c and clipping keeps 0..1 (pixels 8..11). Rows with depth
 * clamping (so no clipping) draw every pixel with the depth clamped to
 * [0.25, 0.75]. Every depth is a multiple of 1/64: exact in D32_SFLOAT,
 * compared exactly. The dynamic test takes negativeOneToOne from
 * vkCmdSetDepthClipNegativeOneToOneEXT
 * (extendedDynamicState3DepthClipNegativeOneToOne) on pipelines whose
 * structure says the opposite (or that have none), set before and after
 * the bind, in rows 0-3, the static twins in rows 8-11.
 */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <math.h>
#include <string.h>

#define DW 16
#define DH 16
#define ROWS 6		/* cases per pipeline kind; the dynamic test's twins from row 8 */
#define INK	0xff2080ffu
#define PAPER	0x00000000u

/* A case: the pipeline's state, and the dynamic clip or clamp enable (-1: static). */
struct clip_case {
	bool clamp;
	int clip;		/* the structure's depthClipEnable, -1: no structure */
	int dyn_clip;		/* -1: static; else the command's value */
	bool after_bind;
	int dyn_clamp;		/* -1: static; else vkCmdSetDepthClampEnableEXT's value */
};

/* Whether row @c's depth is clamped. */
static bool case_clamps(const struct clip_case *c)
{
	return c->dyn_clamp >= 0 ? c->dyn_clamp : c->clamp;
}

/* Whether row @c is clipped to the depth range (its right half cut off). */
static bool case_clips(const struct clip_case *c)
{
	if (c->dyn_clip >= 0)
		return c->dyn_clip;
	return c->clip >= 0 ? c->clip : !case_clamps(c);
}

enum clip_mode { CLIP_STATIC, CLIP_DYNAMIC, CLAMP_DYNAMIC };

static void depth_clip(enum clip_mode mode)
{
	const bool dynamic = mode != CLIP_STATIC;
	static const char *const ext[] = {
		VK_EXT_DEPTH_CLIP_ENABLE_EXTENSION_NAME, VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME,
	};
	VkPhysicalDeviceExtendedDynamicState3FeaturesEXT eds3 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT,
		.extendedDynamicState3DepthClipEnable = mode == CLIP_DYNAMIC,
		.extendedDynamicState3DepthClampEnable = mode == CLAMP_DYNAMIC,
	};
	VkPhysicalDeviceDepthClipEnableFeaturesEXT clip_features = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_ENABLE_FEATURES_EXT,
		.pNext = dynamic ? &eds3 : NULL, .depthClipEnable = VK_TRUE,
	};
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = dynamic ? 2 : 1,
		.features = &clip_features, .core = { .depthClamp = VK_TRUE },
	};
	static const struct clip_case static_cases[ROWS] = {
		{ false, 1, -1, false, -1 }, { true, 0, -1, false, -1 }, { true, 1, -1, false, -1 },
		{ false, 0, -1, false, -1 }, { true, -1, -1, false, -1 },
		{ false, -1, -1, false, -1 },
	};
	/* Rows 0-2 and 4-6: the pipeline's structure says the opposite of the command. */
	static const struct clip_case dynamic_cases[ROWS] = {
		{ false, 0, 1, false, -1 }, { true, 1, 0, true, -1 }, { true, 0, 1, true, -1 },
		{ false, 1, 0, false, -1 }, { true, -1, 0, false, -1 }, { false, -1, 1, true, -1 },
	};
	/* The clamp enable from vkCmdSetDepthClampEnableEXT, the opposite of the pipeline's. */
	static const struct clip_case clamp_cases[ROWS] = {
		{ true, 1, -1, false, 0 }, { false, 0, -1, true, 1 }, { false, 1, -1, true, 1 },
		{ true, 0, -1, false, 0 }, { false, -1, -1, false, 1 }, { true, -1, -1, true, 0 },
	};
	const struct clip_case *cases[DH] = { NULL };
	static const VkVertexInputBindingDescription binding = {
		0, sizeof(struct vk_vtx3), VK_VERTEX_INPUT_RATE_VERTEX,
	};
	static const VkVertexInputAttributeDescription attribute = {
		0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0,
	};
	const VkDynamicState dyn_state = mode == CLAMP_DYNAMIC ?
		VK_DYNAMIC_STATE_DEPTH_CLAMP_ENABLE_EXT : VK_DYNAMIC_STATE_DEPTH_CLIP_ENABLE_EXT;
	const VkPipelineDepthStencilStateCreateInfo ds = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
		.depthTestEnable = VK_TRUE, .depthWriteEnable = VK_TRUE,
		.depthCompareOp = VK_COMPARE_OP_ALWAYS,
	};
	PFN_vkCmdSetDepthClipEnableEXT set_clip = NULL;
	PFN_vkCmdSetDepthClampEnableEXT set_clamp = NULL;
	VkPipelineRasterizationDepthClipStateCreateInfoEXT clip_info[DH];
	VkPipelineRasterizationStateCreateInfo rs[DH];
	struct vk_gfx_pipe pipes[DH];
	const VkClearValue clear = { .color.uint32 = { 0 } };
	const VkClearValue depth_clear = { .depthStencil = { 0.25f, 0 } };
	struct vk_target color, depth;
	struct vk_buf vertices, readback, depth_readback;
	float push[8];
	unsigned int wrong = 0;
	struct vk_dev dev;
	VkCommandBuffer cmd;

	for (uint32_t r = 0; r < ROWS; r++) {
		cases[r] = mode == CLIP_DYNAMIC ? &dynamic_cases[r] :
			   mode == CLAMP_DYNAMIC ? &clamp_cases[r] : &static_cases[r];
		if (dynamic)
			cases[r + 8] = &static_cases[r];
	}
	vk_gfx_dev_create_options(&dev, &options);
	if (dynamic) {
		set_clip = (PFN_vkCmdSetDepthClipEnableEXT)vk_dev_proc(&dev,
							"vkCmdSetDepthClipEnableEXT");
		set_clamp = (PFN_vkCmdSetDepthClampEnableEXT)vk_dev_proc(&dev,
							"vkCmdSetDepthClampEnableEXT");
		REQUIRE(set_clip != NULL && set_clamp != NULL);
	}
	for (int c = 0; c < 4; c++)
		push[c] = (float)((INK >> (8 * c)) & 0xff) / 255.0f;
	memcpy(push + 4, push, 16);
	vk_target_create(&dev, VK_FORMAT_R8G8B8A8_UNORM, DW, DH, 1, VK_SAMPLE_COUNT_1_BIT, &color);
	vk_target_create(&dev, VK_FORMAT_D32_SFLOAT, DW, DH, 1, VK_SAMPLE_COUNT_1_BIT, &depth);
	vk_buf_create(&dev, DW * DH * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback);
	vk_buf_create(&dev, DW * DH * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &depth_readback);
	vk_buf_create(&dev, DH * 6 * sizeof(struct vk_vtx3), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
		      &vertices);
	for (uint32_t r = 0; r < DH; r++) {
		struct vk_vtx3 *v = (struct vk_vtx3 *)vertices.map + 6 * r;

		vk_gfx_rect(v, 0, r, DW, r + 1, 0, DW, DH, true);
		/* z 0.5 on the left edge, 1.5 on the right one. */
		for (int k = 0; k < 6; k++)
			v[k].z = v[k].x < 0 ? 0.5f : 1.5f;
	}
	for (uint32_t r = 0; r < DH; r++) {
		const bool dyn = cases[r] && (cases[r]->dyn_clip >= 0 || cases[r]->dyn_clamp >= 0);
		struct vk_gfx_desc desc = {
			.vs = gfx_pos_vert_spv, .vs_size = gfx_pos_vert_spv_size,
			.fs = gfx_push_color_frag_spv, .fs_size = gfx_push_color_frag_spv_size,
			.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
			.bindings = &binding, .binding_count = 1,
			.attributes = &attribute, .attribute_count = 1,
			.color_format = VK_FORMAT_R8G8B8A8_UNORM,
			.depth_format = VK_FORMAT_D32_SFLOAT, .depth_stencil = &ds,
			.raster = &rs[r],
			.dynamic = dyn ? &dyn_state : NULL, .dynamic_count = dyn,
			.width = DW, .height = DH, .push_size = 32,
		};

		if (!cases[r])
			continue;
		clip_info[r] = (VkPipelineRasterizationDepthClipStateCreateInfoEXT) {
			.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_DEPTH_CLIP_STATE_CREATE_INFO_EXT,
			.depthClipEnable = cases[r]->clip == 1,
		};
		rs[r] = (VkPipelineRasterizationStateCreateInfo) {
			.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
			.pNext = cases[r]->clip >= 0 ? &clip_info[r] : NULL,
			.depthClampEnable = cases[r]->clamp,
			.polygonMode = VK_POLYGON_MODE_FILL, .cullMode = VK_CULL_MODE_NONE,
			.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE, .lineWidth = 1.0f,
		};
		vk_gfx_pipe_create(&dev, &desc, &pipes[r]);
	}

	cmd = vk_cmd_begin(&dev);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	vk_target_layout(cmd, &depth, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
	vk_gfx_begin(cmd, &color, &depth, &clear, &depth_clear);
	vkCmdBindVertexBuffers(cmd, 0, 1, &vertices.buffer, &(VkDeviceSize){ 0 });
	for (uint32_t r = 0; r < DH; r++) {
		const struct clip_case *c = cases[r];

		if (!c)
			continue;
		if (c->dyn_clip >= 0 && !c->after_bind)
			set_clip(cmd, (VkBool32)c->dyn_clip);
		if (c->dyn_clamp >= 0 && !c->after_bind)
			set_clamp(cmd, (VkBool32)c->dyn_clamp);
		vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[r].pipeline);
		if (c->dyn_clip >= 0 && c->after_bind)
			set_clip(cmd, (VkBool32)c->dyn_clip);
		if (c->dyn_clamp >= 0 && c->after_bind)
			set_clamp(cmd, (VkBool32)c->dyn_clamp);
		vkCmdPushConstants(cmd, pipes[r].layout, VK_SHADER_STAGE_VERTEX_BIT |
				   VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(push), push);
		vkCmdDraw(cmd, 6, 1, 6 * r, 0);
	}
	vkCmdEndRendering(cmd);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(cmd, &color, VK_IMAGE_ASPECT_COLOR_BIT, 0, readback.buffer);
	vk_target_layout(cmd, &depth, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(cmd, &depth, VK_IMAGE_ASPECT_DEPTH_BIT, 0, depth_readback.buffer);
	vk_cmd_submit_wait(&dev, cmd, 0);

	for (uint32_t r = 0; r < DH; r++) {
		const uint32_t *got = (const uint32_t *)readback.map + r * DW;
		const float *z = (const float *)depth_readback.map + r * DW;

		for (uint32_t x = 0; x < DW; x++) {
			/* The rectangle's depth at the pixel's centre. */
			const float zc = 0.5f + ((float)x + 0.5f) / DW;
			const bool drawn = cases[r] && (x < DW / 2 || !case_clips(cases[r]));
			const uint32_t want = drawn ? INK : PAPER;
			float want_z = drawn ? zc : 0.25f;
			bool check_z = true;

			if (drawn && zc > 1.0f) {
				/* Not clipped: clamped to maxDepth, or outside [0, 1] (unchecked). */
				want_z = 1.0f;
				check_z = case_clamps(cases[r]);
			}
			if (got[x] != want && !wrong++)
				printf("# row %u pixel %u: 0x%08x, expected 0x%08x\n", r, x, got[x],
				       want);
			if (check_z && fabsf(z[x] - want_z) > 1e-5f && !wrong++)
				printf("# row %u pixel %u: depth %g, expected %g\n", r, x, z[x],
				       want_z);
			/* The dynamic row and its static twin: the same pixels. */
			if (dynamic && r < ROWS && got[x] != got[x + 8 * DW] && !wrong++)
				printf("# row %u pixel %u: 0x%08x, static twin 0x%08x\n", r, x,
				       got[x], got[x + 8 * DW]);
			if (dynamic && r < ROWS && check_z && z[x] != z[x + 8 * DW] && !wrong++)
				printf("# row %u pixel %u: depth %g, static twin %g\n", r, x, z[x],
				       z[x + 8 * DW]);
		}
	}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u pixels differ", wrong);
	for (uint32_t r = 0; r < DH; r++)
		if (cases[r])
			vk_gfx_pipe_destroy(&dev, &pipes[r]);
	vk_buf_destroy(&dev, &vertices);
	vk_buf_destroy(&dev, &readback);
	vk_buf_destroy(&dev, &depth_readback);
	vk_target_destroy(&dev, &color);
	vk_target_destroy(&dev, &depth);
	vk_dev_destroy(&dev);
}

VK_TEST(depth_clip_static, "depth-clip-enable-static")
{
	depth_clip(CLIP_STATIC);
}

VK_TEST(depth_clip_dynamic, "depth-clip-enable-dynamic")
{
	depth_clip(CLIP_DYNAMIC);
}

/* extendedDynamicState3DepthClampEnable, with and without the clip structure. */
VK_TEST(depth_clamp_dynamic, "depth-clamp-enable-dynamic")
{
	depth_clip(CLAMP_DYNAMIC);
}

#define NEG_ROWS 4

/* A row of depth-clip-control: the pipeline's state and the command's value (-1: static). */
struct neg_case {
	int neg;		/* the structure's negativeOneToOne, -1: no structure */
	bool clamp;		/* depth clamp (and so no clipping) */
	int dyn_neg;
	bool after_bind;
};

static void depth_clip_control(bool dynamic)
{
	static const char *const ext[] = {
		VK_EXT_DEPTH_CLIP_CONTROL_EXTENSION_NAME,
		VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME,
	};
	VkPhysicalDeviceExtendedDynamicState3FeaturesEXT eds3 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT,
		.extendedDynamicState3DepthClipNegativeOneToOne = VK_TRUE,
	};
	VkPhysicalDeviceDepthClipControlFeaturesEXT control = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_CONTROL_FEATURES_EXT,
		.pNext = dynamic ? &eds3 : NULL, .depthClipControl = VK_TRUE,
	};
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = dynamic ? 2 : 1,
		.features = &control, .core = { .depthClamp = VK_TRUE },
	};
	static const struct neg_case static_cases[NEG_ROWS] = {
		{ 1, false, -1, false }, { 0, false, -1, false },
		{ 1, true, -1, false }, { -1, true, -1, false },
	};
	static const struct neg_case dynamic_cases[NEG_ROWS] = {
		{ 0, false, 1, false }, { 1, false, 0, true },
		{ -1, true, 1, true }, { 1, true, 0, false },
	};
	const struct neg_case *cases[DH] = { NULL };
	static const VkVertexInputBindingDescription binding = {
		0, sizeof(struct vk_vtx3), VK_VERTEX_INPUT_RATE_VERTEX,
	};
	static const VkVertexInputAttributeDescription attribute = {
		0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0,
	};
	const VkDynamicState dyn_state = VK_DYNAMIC_STATE_DEPTH_CLIP_NEGATIVE_ONE_TO_ONE_EXT;
	const VkPipelineDepthStencilStateCreateInfo ds = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
		.depthTestEnable = VK_TRUE, .depthWriteEnable = VK_TRUE,
		.depthCompareOp = VK_COMPARE_OP_ALWAYS,
	};
	const VkViewport viewport = { 0, 0, DW, DH, 0.25f, 0.75f };
	PFN_vkCmdSetDepthClipNegativeOneToOneEXT set_neg = NULL;
	VkPipelineViewportDepthClipControlCreateInfoEXT control_info[DH];
	VkPipelineRasterizationStateCreateInfo rs[DH];
	struct vk_gfx_pipe pipes[DH];
	const VkClearValue clear = { .color.uint32 = { 0 } };
	const VkClearValue depth_clear = { .depthStencil = { 0.125f, 0 } };
	struct vk_target color, depth;
	struct vk_buf vertices, readback, depth_readback;
	float push[8];
	unsigned int wrong = 0;
	struct vk_dev dev;
	VkCommandBuffer cmd;

	for (uint32_t r = 0; r < NEG_ROWS; r++) {
		cases[r] = dynamic ? &dynamic_cases[r] : &static_cases[r];
		if (dynamic)
			cases[r + 8] = &static_cases[r];
	}
	vk_gfx_dev_create_options(&dev, &options);
	if (dynamic) {
		set_neg = (PFN_vkCmdSetDepthClipNegativeOneToOneEXT)vk_dev_proc(&dev,
				"vkCmdSetDepthClipNegativeOneToOneEXT");
		REQUIRE(set_neg != NULL);
	}
	for (int c = 0; c < 4; c++)
		push[c] = (float)((INK >> (8 * c)) & 0xff) / 255.0f;
	memcpy(push + 4, push, 16);
	vk_target_create(&dev, VK_FORMAT_R8G8B8A8_UNORM, DW, DH, 1, VK_SAMPLE_COUNT_1_BIT, &color);
	vk_target_create(&dev, VK_FORMAT_D32_SFLOAT, DW, DH, 1, VK_SAMPLE_COUNT_1_BIT, &depth);
	vk_buf_create(&dev, DW * DH * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback);
	vk_buf_create(&dev, DW * DH * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &depth_readback);
	vk_buf_create(&dev, DH * 6 * sizeof(struct vk_vtx3), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
		      &vertices);
	for (uint32_t r = 0; r < DH; r++) {
		struct vk_vtx3 *v = (struct vk_vtx3 *)vertices.map + 6 * r;

		vk_gfx_rect(v, 0, r, DW, r + 1, 0, DW, DH, true);
		/* z_c/w_c -2 on the left edge, 2 on the right one. */
		for (int k = 0; k < 6; k++)
			v[k].z = v[k].x < 0 ? -2.0f : 2.0f;
	}
	for (uint32_t r = 0; r < DH; r++) {
		const bool dyn = cases[r] && cases[r]->dyn_neg >= 0;
		struct vk_gfx_desc desc = {
			.vs = gfx_pos_vert_spv, .vs_size = gfx_pos_vert_spv_size,
			.fs = gfx_push_color_frag_spv, .fs_size = gfx_push_color_frag_spv_size,
			.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
			.bindings = &binding, .binding_count = 1,
			.attributes = &attribute, .attribute_count = 1,
			.color_format = VK_FORMAT_R8G8B8A8_UNORM,
			.depth_format = VK_FORMAT_D32_SFLOAT, .depth_stencil = &ds,
			.raster = &rs[r], .viewport = &viewport,
			.dynamic = dyn ? &dyn_state : NULL, .dynamic_count = dyn,
			.width = DW, .height = DH, .push_size = 32,
		};

		if (!cases[r])
			continue;
		control_info[r] = (VkPipelineViewportDepthClipControlCreateInfoEXT) {
			.sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_DEPTH_CLIP_CONTROL_CREATE_INFO_EXT,
			.negativeOneToOne = cases[r]->neg == 1,
		};
		desc.viewport_next = cases[r]->neg >= 0 ? &control_info[r] : NULL;
		rs[r] = (VkPipelineRasterizationStateCreateInfo) {
			.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
			.depthClampEnable = cases[r]->clamp,
			.polygonMode = VK_POLYGON_MODE_FILL, .cullMode = VK_CULL_MODE_NONE,
			.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE, .lineWidth = 1.0f,
		};
		vk_gfx_pipe_create(&dev, &desc, &pipes[r]);
	}

	cmd = vk_cmd_begin(&dev);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	vk_target_layout(cmd, &depth, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
	vk_gfx_begin(cmd, &color, &depth, &clear, &depth_clear);
	vkCmdBindVertexBuffers(cmd, 0, 1, &vertices.buffer, &(VkDeviceSize){ 0 });
	for (uint32_t r = 0; r < DH; r++) {
		const struct neg_case *c = cases[r];

		if (!c)
			continue;
		if (c->dyn_neg >= 0 && !c->after_bind)
			set_neg(cmd, (VkBool32)c->dyn_neg);
		vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[r].pipeline);
		if (c->dyn_neg >= 0 && c->after_bind)
			set_neg(cmd, (VkBool32)c->dyn_neg);
		vkCmdPushConstants(cmd, pipes[r].layout, VK_SHADER_STAGE_VERTEX_BIT |
				   VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(push), push);
		vkCmdDraw(cmd, 6, 1, 6 * r, 0);
	}
	vkCmdEndRendering(cmd);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(cmd, &color, VK_IMAGE_ASPECT_COLOR_BIT, 0, readback.buffer);
	vk_target_layout(cmd, &depth, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(cmd, &depth, VK_IMAGE_ASPECT_DEPTH_BIT, 0, depth_readback.buffer);
	vk_cmd_submit_wait(&dev, cmd, 0);

	for (uint32_t r = 0; r < DH; r++) {
		const struct neg_case *c = cases[r];
		const uint32_t *got = (const uint32_t *)readback.map + r * DW;
		const float *z = (const float *)depth_readback.map + r * DW;
		const bool neg = c && (c->dyn_neg >= 0 ? c->dyn_neg : c->neg == 1);

		for (uint32_t x = 0; x < DW; x++) {
			/* z_c/w_c at the pixel's centre, and its depth. */
			const float zn = ((float)x + 0.5f) / 4.0f - 2.0f;
			float want_z = neg ? 0.5f + 0.25f * zn : 0.25f + 0.5f * zn;
			const bool drawn = c && (c->clamp || (zn >= (neg ? -1.0f : 0.0f) &&
							      zn <= 1.0f));
			const uint32_t want = drawn ? INK : PAPER;

			if (!drawn)
				want_z = 0.125f;
			else if (c->clamp)
				want_z = fminf(fmaxf(want_z, 0.25f), 0.75f);
			if (got[x] != want && !wrong++)
				printf("# row %u pixel %u: 0x%08x, expected 0x%08x\n", r, x, got[x],
				       want);
			if (z[x] != want_z && !wrong++)
				printf("# row %u pixel %u: depth %.9g, expected %.9g\n", r, x, z[x],
				       want_z);
		}
	}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u pixels differ", wrong);
	for (uint32_t r = 0; r < DH; r++)
		if (cases[r])
			vk_gfx_pipe_destroy(&dev, &pipes[r]);
	vk_buf_destroy(&dev, &vertices);
	vk_buf_destroy(&dev, &readback);
	vk_buf_destroy(&dev, &depth_readback);
	vk_target_destroy(&dev, &color);
	vk_target_destroy(&dev, &depth);
	vk_dev_destroy(&dev);
}

VK_TEST(depth_clip_control_static, "depth-clip-control-negative-one-to-one")
{
	depth_clip_control(false);
}

/* extendedDynamicState3DepthClipNegativeOneToOne. */
VK_TEST(depth_clip_control_dynamic, "depth-clip-control-negative-one-to-one-dynamic")
{
	depth_clip_control(true);
}
