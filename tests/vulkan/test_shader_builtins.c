/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Fragment built-ins without a test of their own elsewhere
 *
 * io-front-facing: FrontFacing (io_front_facing.frag writes 1 for front,
 * 2 for back into an R32_UINT target). Two rectangles, the left one's
 * triangles counter-clockwise in framebuffer coordinates and the right
 * one's clockwise, drawn with front faces counter-clockwise in the top
 * half and clockwise in the bottom half, culling nothing: every pixel is
 * exactly 1 or 2 as the specification's facing rule makes it.
 *
 * io-frag-depth: FragDepth (io_frag_depth.frag, DepthReplacing) replaces
 * the interpolated depth in the depth test and the depth write: on
 * D32_SFLOAT cleared to 1, a rectangle at z 0.875 writing 0.25, then one
 * overlapping its right half and beyond at z 0.125 writing 0.5 with the
 * test LESS: where they overlap the second fails (0.5 < 0.25 is false;
 * with the interpolated depth it would pass), elsewhere it passes. The
 * depths read back are exactly the written ones, the colours which
 * rectangle won.
 *
 * io-frag-depth-early-fragment-tests-ignored: the same shader with
 * EarlyFragmentTests: the test and the write use the interpolated depth
 * and the shader's is ignored, so the second rectangle wins the overlap
 * and 0.875 / 0.125 are stored.
 *
 * io-frag-depth-depth-greater, -less: conservative depth (DepthGreater,
 * DepthLess) with the shader keeping its promise, FragCoord.z plus 0.25
 * with the test GREATER and depth cleared to 0 (minus 0.25, LESS, 1): the
 * written depth is the one tested, so the second rectangle, which would
 * fail by its interpolated depth, wins the overlap. The mode allows an
 * early test only in the other direction (a fragment whose interpolated
 * depth passes GREATER would pass with a greater one too): a device that
 * tested early here, or ignored the written depth, fails. Depths read
 * back within 2^-20 (FragCoord.z is interpolated).
 *
 * io-point-coord: PointCoord (io_point_coord.frag) across two PointSize 5
 * points (largePoints) centred on pixel centres: the pixel in column i
 * and row j of a point (from its upper left corner) has PointCoord
 * ((i + 0.5) / 5, (j + 0.5) / 5), which the shader turns into i + 8 j;
 * every other pixel keeps the clear value.
 */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define W 16
#define H 16

static const VkVertexInputBindingDescription pos_binding = {
	0, sizeof(struct vk_vtx3), VK_VERTEX_INPUT_RATE_VERTEX,
};
static const VkVertexInputAttributeDescription pos_attribute = {
	0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0,
};

VK_TEST(io_front_facing, "io-front-facing")
{
	const VkClearValue clear = { .color.uint32 = { 0 } };
	VkPipelineRasterizationStateCreateInfo rs[2];
	struct vk_gfx_pipe pipes[2];
	struct vk_target color;
	struct vk_buf vertices, readback;
	uint32_t expected[W * H];
	struct vk_dev dev;
	VkCommandBuffer cmd;

	vk_gfx_dev_create(&dev, NULL);
	vk_target_create(&dev, VK_FORMAT_R32_UINT, W, H, 1, VK_SAMPLE_COUNT_1_BIT, &color);
	vk_buf_create(&dev, 24 * sizeof(struct vk_vtx3), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
		      &vertices);
	vk_buf_create(&dev, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback);
	/* Top half, then bottom half: left counter-clockwise, right clockwise. */
	for (uint32_t half = 0; half < 2; half++) {
		struct vk_vtx3 *v = (struct vk_vtx3 *)vertices.map + 12 * half;
		const float y0 = (float)(half * H / 2), y1 = y0 + H / 2;

		vk_gfx_rect(v, 0, y0, W / 2, y1, 0.5f, W, H, true);
		vk_gfx_rect(v + 6, W / 2, y0, W, y1, 0.5f, W, H, false);
	}
	for (uint32_t i = 0; i < 2; i++) {
		const struct vk_gfx_desc desc = {
			.vs = gfx_vertex_id_vert_spv, .vs_size = gfx_vertex_id_vert_spv_size,
			.fs = io_front_facing_frag_spv, .fs_size = io_front_facing_frag_spv_size,
			.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
			.bindings = &pos_binding, .binding_count = 1,
			.attributes = &pos_attribute, .attribute_count = 1,
			.color_format = VK_FORMAT_R32_UINT, .raster = &rs[i],
			.width = W, .height = H,
		};

		rs[i] = (VkPipelineRasterizationStateCreateInfo) {
			.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
			.polygonMode = VK_POLYGON_MODE_FILL, .cullMode = VK_CULL_MODE_NONE,
			.frontFace = i ? VK_FRONT_FACE_CLOCKWISE : VK_FRONT_FACE_COUNTER_CLOCKWISE,
			.lineWidth = 1.0f,
		};
		vk_gfx_pipe_create(&dev, &desc, &pipes[i]);
	}
	cmd = vk_cmd_begin(&dev);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	vk_gfx_begin(cmd, &color, NULL, &clear, NULL);
	vkCmdBindVertexBuffers(cmd, 0, 1, &vertices.buffer, &(VkDeviceSize){ 0 });
	for (uint32_t i = 0; i < 2; i++) {
		vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[i].pipeline);
		vkCmdDraw(cmd, 12, 1, 12 * i, 0);
	}
	vkCmdEndRendering(cmd);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(cmd, &color, VK_IMAGE_ASPECT_COLOR_BIT, 0, readback.buffer);
	vk_cmd_submit_wait(&dev, cmd, 0);

	/* Counter-clockwise front: the left front; clockwise front: the right. */
	vk_gfx_fill(expected, W, 0, 0, W / 2, H / 2, 1);
	vk_gfx_fill(expected, W, W / 2, 0, W, H / 2, 2);
	vk_gfx_fill(expected, W, 0, H / 2, W / 2, H, 2);
	vk_gfx_fill(expected, W, W / 2, H / 2, W, H, 1);
	vk_gfx_check_uint(readback.map, expected, W, H, "FrontFacing");
	for (uint32_t i = 0; i < 2; i++)
		vk_gfx_pipe_destroy(&dev, &pipes[i]);
	vk_buf_destroy(&dev, &vertices);
	vk_buf_destroy(&dev, &readback);
	vk_target_destroy(&dev, &color);
	vk_dev_destroy(&dev);
}

/* What one FragDepth test draws and expects (see the tests). */
struct frag_depth_case {
	const uint32_t *fs;
	size_t fs_size;
	VkCompareOp op;
	float clear;
	float z[2], push[2];		/* rectangle 1 and 2: clip depth, pushed depth */
	uint32_t overlap;		/* the rectangle that wins where they overlap */
	float depth[3];			/* left of the overlap, the overlap, right of it */
	float tolerance;		/* 0: the depths are exact */
};

/*
 * Rectangle 1 over x [0, 8), then rectangle 2 over x [4, 16) (both y [2,
 * 10)) into D32_SFLOAT cleared to @c->clear with the test @c->op, writing
 * 1 and 2: the colours show which won, the depths are read back.
 */
static void frag_depth(const struct frag_depth_case *c)
{
	const VkPipelineDepthStencilStateCreateInfo ds = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
		.depthTestEnable = VK_TRUE, .depthWriteEnable = VK_TRUE,
		.depthCompareOp = c->op,
		.maxDepthBounds = 1.0f,
	};
	const struct vk_gfx_desc desc = {
		.vs = gfx_vertex_id_vert_spv, .vs_size = gfx_vertex_id_vert_spv_size,
		.fs = c->fs, .fs_size = c->fs_size,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
		.bindings = &pos_binding, .binding_count = 1,
		.attributes = &pos_attribute, .attribute_count = 1,
		.color_format = VK_FORMAT_R32_UINT, .depth_format = VK_FORMAT_D32_SFLOAT,
		.depth_stencil = &ds, .width = W, .height = H, .push_size = 8,
	};
	const VkClearValue color_clear = { .color.uint32 = { 0 } };
	const VkClearValue depth_clear = { .depthStencil = { c->clear, 0 } };
	const struct { float depth; uint32_t value; } push[2] = {
		{ c->push[0], 1 }, { c->push[1], 2 },
	};
	struct vk_target color, depth;
	struct vk_buf vertices, color_readback, depth_readback;
	uint32_t expected[W * H];
	struct vk_gfx_pipe pipe;
	struct vk_dev dev;
	VkCommandBuffer cmd;
	unsigned int wrong = 0;

	vk_gfx_dev_create(&dev, NULL);
	vk_target_create(&dev, VK_FORMAT_R32_UINT, W, H, 1, VK_SAMPLE_COUNT_1_BIT, &color);
	vk_target_create(&dev, VK_FORMAT_D32_SFLOAT, W, H, 1, VK_SAMPLE_COUNT_1_BIT, &depth);
	vk_buf_create(&dev, 12 * sizeof(struct vk_vtx3), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
		      &vertices);
	vk_buf_create(&dev, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &color_readback);
	vk_buf_create(&dev, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &depth_readback);
	vk_gfx_rect(vertices.map, 0, 2, 8, 10, c->z[0], W, H, true);
	vk_gfx_rect((struct vk_vtx3 *)vertices.map + 6, 4, 2, 16, 10, c->z[1], W, H, true);
	vk_gfx_pipe_create(&dev, &desc, &pipe);

	cmd = vk_cmd_begin(&dev);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	vk_target_layout(cmd, &depth, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
	vk_gfx_begin(cmd, &color, &depth, &color_clear, &depth_clear);
	vkCmdBindVertexBuffers(cmd, 0, 1, &vertices.buffer, &(VkDeviceSize){ 0 });
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe.pipeline);
	for (uint32_t i = 0; i < 2; i++) {
		vkCmdPushConstants(cmd, pipe.layout,
				   VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
				   sizeof(push[i]), &push[i]);
		vkCmdDraw(cmd, 6, 1, 6 * i, 0);
	}
	vkCmdEndRendering(cmd);
	vk_target_layout(cmd, &depth, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(cmd, &depth, VK_IMAGE_ASPECT_DEPTH_BIT, 0, depth_readback.buffer);
	vk_target_read(cmd, &color, VK_IMAGE_ASPECT_COLOR_BIT, 0, color_readback.buffer);
	vk_cmd_submit_wait(&dev, cmd, 0);

	vk_gfx_fill(expected, W, 0, 0, W, H, 0);
	vk_gfx_fill(expected, W, 0, 2, 4, 10, 1);
	vk_gfx_fill(expected, W, 4, 2, 8, 10, c->overlap);
	vk_gfx_fill(expected, W, 8, 2, 16, 10, 2);
	vk_gfx_check_uint(color_readback.map, expected, W, H, "colour");
	for (uint32_t y = 0; y < H; y++) {
		for (uint32_t x = 0; x < W; x++) {
			const float got = ((const float *)depth_readback.map)[y * W + x];
			const float want = y < 2 || y >= 10 ? c->clear :
					   c->depth[x < 4 ? 0 : x < 8 ? 1 : 2];

			if (fabsf(got - want) > c->tolerance && !wrong++)
				printf("# depth at (%u, %u): %.9g, expected %.9g\n", x, y, got, want);
		}
	}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u depths differ", wrong);
	vk_gfx_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &vertices);
	vk_buf_destroy(&dev, &color_readback);
	vk_buf_destroy(&dev, &depth_readback);
	vk_target_destroy(&dev, &color);
	vk_target_destroy(&dev, &depth);
	vk_dev_destroy(&dev);
}

VK_TEST(io_frag_depth, "io-frag-depth")
{
	const struct frag_depth_case c = {
		io_frag_depth_frag_spv, io_frag_depth_frag_spv_size, VK_COMPARE_OP_LESS, 1.0f,
		{ 0.875f, 0.125f }, { 0.25f, 0.5f }, 1, { 0.25f, 0.25f, 0.5f }, 0,
	};

	frag_depth(&c);
}

VK_TEST(io_frag_depth_early, "io-frag-depth-early-fragment-tests-ignored")
{
	const struct frag_depth_case c = {
		io_frag_depth_early_frag_spv, io_frag_depth_early_frag_spv_size,
		VK_COMPARE_OP_LESS, 1.0f,
		{ 0.875f, 0.125f }, { 0.25f, 0.5f }, 2, { 0.875f, 0.125f, 0.125f }, 0x1p-20f,
	};

	frag_depth(&c);
}

VK_TEST(io_frag_depth_greater, "io-frag-depth-depth-greater")
{
	const struct frag_depth_case c = {
		io_frag_depth_greater_frag_spv, io_frag_depth_greater_frag_spv_size,
		VK_COMPARE_OP_GREATER, 0.0f,
		{ 0.25f, 0.375f }, { 0.25f, 0.25f }, 2, { 0.5f, 0.625f, 0.625f }, 0x1p-20f,
	};

	frag_depth(&c);
}

VK_TEST(io_frag_depth_less, "io-frag-depth-depth-less")
{
	const struct frag_depth_case c = {
		io_frag_depth_less_frag_spv, io_frag_depth_less_frag_spv_size,
		VK_COMPARE_OP_LESS, 1.0f,
		{ 0.75f, 0.625f }, { -0.25f, -0.25f }, 2, { 0.5f, 0.375f, 0.375f }, 0x1p-20f,
	};

	frag_depth(&c);
}

VK_TEST(io_point_coord, "io-point-coord")
{
	const VkPhysicalDeviceFeatures features = { .largePoints = VK_TRUE };
	const struct vk_gfx_desc desc = {
		.vs = gfx_point_size_vert_spv, .vs_size = gfx_point_size_vert_spv_size,
		.fs = io_point_coord_frag_spv, .fs_size = io_point_coord_frag_spv_size,
		.topology = VK_PRIMITIVE_TOPOLOGY_POINT_LIST,
		.bindings = &pos_binding, .binding_count = 1,
		.attributes = &pos_attribute, .attribute_count = 1,
		.color_format = VK_FORMAT_R32_UINT, .width = W, .height = H,
	};
	/* The points' centre pixels. */
	static const uint32_t centres[2][2] = { { 4, 4 }, { 11, 9 } };
	const VkClearValue clear = { .color.uint32 = { 255 } };
	struct vk_target color;
	struct vk_buf vertices, readback;
	uint32_t expected[W * H];
	struct vk_gfx_pipe pipe;
	struct vk_dev dev;
	VkCommandBuffer cmd;

	vk_gfx_dev_create(&dev, &features);
	vk_target_create(&dev, VK_FORMAT_R32_UINT, W, H, 1, VK_SAMPLE_COUNT_1_BIT, &color);
	vk_buf_create(&dev, 2 * sizeof(struct vk_vtx3), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
		      &vertices);
	vk_buf_create(&dev, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback);
	vk_gfx_fill(expected, W, 0, 0, W, H, 255);
	for (uint32_t p = 0; p < 2; p++) {
		const uint32_t cx = centres[p][0], cy = centres[p][1];

		((struct vk_vtx3 *)vertices.map)[p] = (struct vk_vtx3) {
			vk_ndc((float)cx + 0.5f, W), vk_ndc((float)cy + 0.5f, H), 0.5f,
		};
		for (uint32_t j = 0; j < 5; j++)
			for (uint32_t i = 0; i < 5; i++)
				expected[(cy - 2 + j) * W + cx - 2 + i] = i + 8 * j;
	}
	vk_gfx_pipe_create(&dev, &desc, &pipe);
	cmd = vk_cmd_begin(&dev);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	vk_gfx_begin(cmd, &color, NULL, &clear, NULL);
	vkCmdBindVertexBuffers(cmd, 0, 1, &vertices.buffer, &(VkDeviceSize){ 0 });
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe.pipeline);
	vkCmdDraw(cmd, 2, 1, 0, 0);
	vkCmdEndRendering(cmd);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(cmd, &color, VK_IMAGE_ASPECT_COLOR_BIT, 0, readback.buffer);
	vk_cmd_submit_wait(&dev, cmd, 0);

	vk_gfx_check_uint(readback.map, expected, W, H, "PointCoord");
	vk_gfx_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &vertices);
	vk_buf_destroy(&dev, &readback);
	vk_target_destroy(&dev, &color);
	vk_dev_destroy(&dev);
}
