/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Polygon modes and multi-draw indirect
 *
 * fillModeNonSolid: a triangle in POINT mode is its three vertices as
 * points (PointSize 1 at pixel centres: exactly three pixels); in LINE
 * mode its three edges as lines. Lines are non-strict on both Ember and
 * lavapipe (strictLines false), which leaves the pixels at a line's ends
 * and along a diagonal to the implementation: the test requires the
 * pixels of the horizontal and vertical edges between their ends, at least
 * one pixel per column near the diagonal, and nothing elsewhere, so
 * neither a filled triangle nor a missing edge passes.
 * largePoints: a PointSize 5 point centred on a pixel centre is the 5x5
 * square around it, exact (no pixel centre on its edges).
 * In both modes the pieces are the polygon's: its facing, its depth bias.
 * multiDrawIndirect: several draws per indirect command with strides
 * larger than the command, both forms, exact on R32_UINT.
 */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <math.h>
#include <string.h>

enum { PW = 16, PH = 16 };

/*
 * Draws the @count vertices @px (pixel coordinates) as @topology in @mode
 * with the vertex shader @vs; *@img gets the UNORM readback. With
 * @dynamic the pipeline's polygon mode is FILL and dynamic
 * (extendedDynamicState3PolygonMode), @mode set by vkCmdSetPolygonModeEXT
 * before the bind.
 */
static void draw_prims_mode(VkPrimitiveTopology topology, VkPolygonMode mode, bool dynamic,
			    const uint32_t *vs, size_t vs_size, const float (*px)[2],
			    uint32_t count, uint8_t *img)
{
	static const char *const eds3_ext[] = { VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME };
	VkPhysicalDeviceExtendedDynamicState3FeaturesEXT eds3 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT,
		.extendedDynamicState3PolygonMode = VK_TRUE,
	};
	const struct vk_dev_options options = {
		.core = {
			.fillModeNonSolid = mode != VK_POLYGON_MODE_FILL,
			.largePoints = vs == gfx_point_size_vert_spv,
		},
		.extensions = dynamic ? eds3_ext : NULL, .extension_count = dynamic,
		.features = dynamic ? &eds3 : NULL,
	};
	static const VkDynamicState dyn_mode = VK_DYNAMIC_STATE_POLYGON_MODE_EXT;
	PFN_vkCmdSetPolygonModeEXT set_mode = NULL;
	static const VkVertexInputBindingDescription binding = {
		0, sizeof(struct vk_vtx3), VK_VERTEX_INPUT_RATE_VERTEX,
	};
	static const VkVertexInputAttributeDescription attribute = {
		0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0,
	};
	const VkPipelineRasterizationStateCreateInfo raster = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
		.polygonMode = dynamic ? VK_POLYGON_MODE_FILL : mode,
		.cullMode = VK_CULL_MODE_NONE,
		.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE, .lineWidth = 1.0f,
	};
	const struct vk_gfx_desc desc = {
		.vs = vs, .vs_size = vs_size,
		.fs = gfx_push_color_frag_spv, .fs_size = gfx_push_color_frag_spv_size,
		.topology = topology,
		.bindings = &binding, .binding_count = 1,
		.attributes = &attribute, .attribute_count = 1,
		.color_format = VK_FORMAT_R8G8B8A8_UNORM, .raster = &raster,
		.dynamic = dynamic ? &dyn_mode : NULL, .dynamic_count = dynamic,
		.width = PW, .height = PH, .push_size = 32,
	};
	const VkClearValue clear = { .color.float32 = { 0, 0, 0, 0 } };
	const float white[8] = { 1, 1, 1, 1 };
	struct vk_dev dev;
	struct vk_target color;
	struct vk_buf vertices, readback;
	struct vk_gfx_pipe pipe;
	struct vk_vtx3 *v;
	VkCommandBuffer cmd;

	vk_gfx_dev_create_options(&dev, &options);
	if (dynamic) {
		set_mode = (PFN_vkCmdSetPolygonModeEXT)vk_dev_proc(&dev, "vkCmdSetPolygonModeEXT");
		REQUIRE(set_mode != NULL);
	}
	vk_target_create(&dev, VK_FORMAT_R8G8B8A8_UNORM, PW, PH, 1, VK_SAMPLE_COUNT_1_BIT, &color);
	vk_buf_create(&dev, count * sizeof(*v), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &vertices);
	vk_buf_create(&dev, PW * PH * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback);
	v = vertices.map;
	for (uint32_t i = 0; i < count; i++)
		v[i] = (struct vk_vtx3) { vk_ndc(px[i][0], PW), vk_ndc(px[i][1], PH), 0.5f };
	vk_gfx_pipe_create(&dev, &desc, &pipe);
	cmd = vk_cmd_begin(&dev);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	vk_gfx_begin(cmd, &color, NULL, &clear, NULL);
	/* Before the bind: a driver that keeps the pipeline's FILL draws a filled triangle. */
	if (dynamic)
		set_mode(cmd, mode);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe.pipeline);
	vkCmdPushConstants(cmd, pipe.layout, VK_SHADER_STAGE_VERTEX_BIT |
			   VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(white), white);
	vkCmdBindVertexBuffers(cmd, 0, 1, &vertices.buffer, &(VkDeviceSize){ 0 });
	vkCmdDraw(cmd, count, 1, 0, 0);
	vkCmdEndRendering(cmd);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(cmd, &color, VK_IMAGE_ASPECT_COLOR_BIT, 0, readback.buffer);
	vk_cmd_submit_wait(&dev, cmd, 0);
	for (uint32_t i = 0; i < PW * PH; i++)
		img[i] = ((const uint8_t *)readback.map)[4 * i];
	vk_gfx_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &vertices);
	vk_buf_destroy(&dev, &readback);
	vk_target_destroy(&dev, &color);
	vk_dev_destroy(&dev);
}

static void draw_prims(VkPrimitiveTopology topology, VkPolygonMode mode,
		       const uint32_t *vs, size_t vs_size, const float (*px)[2],
		       uint32_t count, uint8_t *img)
{
	draw_prims_mode(topology, mode, false, vs, vs_size, px, count, img);
}

/*
 * Draws the triangle @px (pixel coordinates) in @mode; *@img gets the
 * UNORM readback. With @dynamic the mode comes from
 * vkCmdSetPolygonModeEXT, and the image must equal the static
 * pipeline's exactly.
 */
static void draw_polygon_mode_dyn(VkPolygonMode mode, bool dynamic, const float (*px)[2],
				  uint8_t *img)
{
	uint8_t twin[PW * PH];

	draw_prims_mode(VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, mode, dynamic, gfx_pos_vert_spv,
			gfx_pos_vert_spv_size, px, 3, img);
	if (!dynamic)
		return;
	draw_prims_mode(VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, mode, false, gfx_pos_vert_spv,
			gfx_pos_vert_spv_size, px, 3, twin);
	for (uint32_t i = 0; i < PW * PH; i++)
		if (img[i] != twin[i])
			vk_test_fail(__FILE__, __LINE__, "pixel (%u, %u): %u, static twin %u",
				     i % PW, i / PW, img[i], twin[i]);
}


VK_TEST(large_point, "fragment-large-point")
{
	/* Two points of side 5: pixels [6, 10] x [6, 10] and [1, 5] x [9, 13]. */
	static const float px[2][2] = { { 8.5f, 8.5f }, { 3.5f, 11.5f } };
	uint8_t img[PW * PH];
	unsigned int wrong = 0;

	draw_prims(VK_PRIMITIVE_TOPOLOGY_POINT_LIST, VK_POLYGON_MODE_FILL,
		   gfx_point_size_vert_spv, gfx_point_size_vert_spv_size, px, 2, img);
	for (uint32_t y = 0; y < PH; y++) {
		for (uint32_t x = 0; x < PW; x++) {
			bool want = false;

			for (int i = 0; i < 2; i++)
				want |= fabsf(x + 0.5f - px[i][0]) < 2.5f &&
					fabsf(y + 0.5f - px[i][1]) < 2.5f;
			if (img[y * PW + x] == (want ? 255 : 0))
				continue;
			if (!wrong++)
				printf("# pixel (%u, %u): %u, expected %u\n", x, y,
				       img[y * PW + x], want ? 255 : 0);
		}
	}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u pixels differ", wrong);
}

static void check_polygon_mode_point(bool dynamic)
{
	static const float px[3][2] = { { 2.5f, 2.5f }, { 12.5f, 3.5f }, { 5.5f, 13.5f } };
	uint8_t img[PW * PH];
	unsigned int wrong = 0;

	draw_polygon_mode_dyn(VK_POLYGON_MODE_POINT, dynamic, px, img);
	for (uint32_t y = 0; y < PH; y++) {
		for (uint32_t x = 0; x < PW; x++) {
			bool want = false;

			for (int i = 0; i < 3; i++)
				want |= x + 0.5f == px[i][0] && y + 0.5f == px[i][1];
			if ((img[y * PW + x] == 255) == want && (want || !img[y * PW + x]))
				continue;
			if (!wrong++)
				printf("# pixel (%u, %u): %u, expected %u\n", x, y,
				       img[y * PW + x], want ? 255 : 0);
		}
	}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u pixels differ", wrong);
}

VK_TEST(polygon_mode_point, "fragment-polygon-mode-point")
{
	check_polygon_mode_point(false);
}

/* extendedDynamicState3PolygonMode: POINT from vkCmdSetPolygonModeEXT on a FILL pipeline. */
VK_TEST(polygon_mode_point_dynamic, "fragment-polygon-mode-point-dynamic")
{
	check_polygon_mode_point(true);
}

static void check_polygon_mode_line(bool dynamic)
{
	/* A right triangle: horizontal and vertical edges through pixel centres. */
	static const float px[3][2] = { { 2.5f, 2.5f }, { 13.5f, 2.5f }, { 2.5f, 13.5f } };
	uint8_t img[PW * PH];
	unsigned int wrong = 0;

	draw_polygon_mode_dyn(VK_POLYGON_MODE_LINE, dynamic, px, img);
	for (uint32_t y = 0; y < PH; y++) {
		for (uint32_t x = 0; x < PW; x++) {
			const float cx = x + 0.5f, cy = y + 0.5f;
			const float diagonal = fabsf(cx + cy - 16.0f) / sqrtf(2.0f);
			const uint8_t got = img[y * PW + x];
			bool near_vertex = false;
			int want;	/* 1 drawn, 0 not, -1 either */

			for (int i = 0; i < 3; i++)
				near_vertex |= fabsf(cx - px[i][0]) <= 1.0f &&
					       fabsf(cy - px[i][1]) <= 1.0f;
			if (near_vertex || diagonal <= 1.0f)
				want = -1;
			else
				want = (cy == 2.5f && cx > 2.5f && cx < 13.5f) ||
				       (cx == 2.5f && cy > 2.5f && cy < 13.5f);
			if (got != 0 && got != 255)
				want = 2;	/* never right */
			if (want < 0 || want == (got == 255))
				continue;
			if (!wrong++)
				printf("# pixel (%u, %u): %u, expected %s\n", x, y, got,
				       want == 1 ? "255" : "0");
		}
	}
	/* The diagonal edge: a pixel next to it in every column between the ends. */
	for (uint32_t x = 4; x < 12; x++) {
		bool drawn = false;

		for (uint32_t y = 0; y < PH; y++)
			drawn |= img[y * PW + x] && fabsf(x + y + 1.0f - 16.0f) <= 1.5f;
		if (!drawn && !wrong++)
			printf("# column %u: nothing of the diagonal edge\n", x);
	}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u pixels differ", wrong);
}

VK_TEST(polygon_mode_line, "fragment-polygon-mode-line")
{
	check_polygon_mode_line(false);
}

/* extendedDynamicState3PolygonMode: LINE from vkCmdSetPolygonModeEXT on a FILL pipeline. */
VK_TEST(polygon_mode_line_dynamic, "fragment-polygon-mode-line-dynamic")
{
	check_polygon_mode_line(true);
}

/*
 * multiDrawIndirect: vkCmdDrawIndirect with three commands 20 bytes apart,
 * vkCmdDrawIndexedIndirect with two 24 bytes apart, and a draw count of 0
 * (nothing). Band k (2 pixels wide) is drawn by the k-th command with
 * firstInstance k: the flat value is 10 + InstanceIndex.
 */
VK_TEST(multi_draw_indirect, "fragment-multi-draw-indirect-stride")
{
	enum { TW = 16, TH = 4, BASE = 10 };
	const VkPhysicalDeviceFeatures features = {
		.multiDrawIndirect = VK_TRUE, .drawIndirectFirstInstance = VK_TRUE,
	};
	static const VkVertexInputBindingDescription bindings[] = {
		{ 0, sizeof(struct vk_vtx3), VK_VERTEX_INPUT_RATE_VERTEX },
		{ 1, 8, VK_VERTEX_INPUT_RATE_INSTANCE },
	};
	static const VkVertexInputAttributeDescription attributes[] = {
		{ 0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0 },
		{ 1, 1, VK_FORMAT_R32G32_SFLOAT, 0 },
	};
	const struct vk_gfx_desc desc = {
		.vs = gfx_uint_vert_spv, .vs_size = gfx_uint_vert_spv_size,
		.fs = gfx_uint_frag_spv, .fs_size = gfx_uint_frag_spv_size,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
		.bindings = bindings, .binding_count = 2,
		.attributes = attributes, .attribute_count = 2,
		.color_format = VK_FORMAT_R32_UINT,
		.width = TW, .height = TH, .push_size = 4,
	};
	const VkClearValue clear = { .color.uint32 = { 0 } };
	VkPhysicalDeviceProperties props;
	struct vk_dev dev;
	struct vk_target color;
	struct vk_buf vertices, instances, indices, args, readback;
	struct vk_gfx_pipe pipe;
	VkCommandBuffer cmd;
	uint32_t *index, *arg;
	const uint32_t *got;
	unsigned int wrong = 0;

	vk_gfx_dev_create(&dev, &features);
	vkGetPhysicalDeviceProperties(dev.physical, &props);
	/* The specification's minimum with multiDrawIndirect. */
	REQUIRE(props.limits.maxDrawIndirectCount >= 0xffff);
	vk_target_create(&dev, VK_FORMAT_R32_UINT, TW, TH, 1, VK_SAMPLE_COUNT_1_BIT, &color);
	vk_buf_create(&dev, 8 * 6 * sizeof(struct vk_vtx3), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
		      &vertices);
	vk_buf_create(&dev, 64, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &instances);
	memset(instances.map, 0, 64);
	vk_buf_create(&dev, 6 * 4, VK_BUFFER_USAGE_INDEX_BUFFER_BIT, &indices);
	vk_buf_create(&dev, 256, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, &args);
	vk_buf_create(&dev, TW * TH * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback);
	for (uint32_t k = 0; k < 8; k++)
		vk_gfx_rect((struct vk_vtx3 *)vertices.map + 6 * k, 2.0f * k, 0, 2.0f * k + 2, TH,
			    0.5f, TW, TH, true);
	index = indices.map;
	for (uint32_t i = 0; i < 6; i++)
		index[i] = i;
	/* Between the commands, words that draw something else if read as one. */
	arg = args.map;
	for (uint32_t i = 0; i < 64; i++)
		arg[i] = 42;
	for (uint32_t d = 0; d < 3; d++)	/* at 0, stride 20: bands 0..2 */
		memcpy(arg + 5 * d, (const uint32_t[]){ 6, 1, 6 * d, d }, 16);
	for (uint32_t d = 0; d < 2; d++)	/* at 128, stride 24: bands 3, 4 */
		memcpy(arg + 32 + 6 * d, (const uint32_t[]){ 6, 1, 0, 6 * (3 + d), 3 + d }, 20);
	vk_gfx_pipe_create(&dev, &desc, &pipe);

	cmd = vk_cmd_begin(&dev);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	vk_gfx_begin(cmd, &color, NULL, &clear, NULL);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe.pipeline);
	vkCmdPushConstants(cmd, pipe.layout, VK_SHADER_STAGE_VERTEX_BIT |
			   VK_SHADER_STAGE_FRAGMENT_BIT, 0, 4, &(uint32_t){ BASE });
	vkCmdBindVertexBuffers(cmd, 0, 2, (const VkBuffer[]){ vertices.buffer, instances.buffer },
			       (const VkDeviceSize[]){ 0, 0 });
	vkCmdBindIndexBuffer(cmd, indices.buffer, 0, VK_INDEX_TYPE_UINT32);
	vkCmdDrawIndirect(cmd, args.buffer, 0, 3, 20);
	vkCmdDrawIndexedIndirect(cmd, args.buffer, 128, 2, 24);
	vkCmdDrawIndirect(cmd, args.buffer, 0, 0, 20);
	vkCmdEndRendering(cmd);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(cmd, &color, VK_IMAGE_ASPECT_COLOR_BIT, 0, readback.buffer);
	vk_cmd_submit_wait(&dev, cmd, 0);

	got = readback.map;
	for (uint32_t i = 0; i < TW * TH; i++) {
		const uint32_t band = (i % TW) / 2;
		const uint32_t want = band < 5 ? BASE + band : 0;

		if (got[i] == want)
			continue;
		if (!wrong++)
			printf("# pixel (%u, %u): %u, expected %u\n", i % TW, i / TW, got[i], want);
	}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u pixels differ", wrong);
	vk_gfx_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &vertices);
	vk_buf_destroy(&dev, &instances);
	vk_buf_destroy(&dev, &indices);
	vk_buf_destroy(&dev, &args);
	vk_buf_destroy(&dev, &readback);
	vk_target_destroy(&dev, &color);
	vk_dev_destroy(&dev);
}

/*
 * Polygon mode draws a triangle's edges or vertices, but they stay the
 * polygon's: FrontFacing is the triangle's facing (Vulkan: only the
 * fragments of non-polygon primitives are always front-facing) and its
 * depth bias applies. A counter-clockwise (front) triangle on the left and
 * a clockwise (back) one on the right, at depth 0.5 over a depth buffer
 * cleared to 0.5 with LESS: only a negative bias lets their fragments
 * pass. Every fragment drawn must say 1 on the left, 2 on the right, and
 * each triangle draws some.
 */
static void check_polygon_mode_facing_bias(VkPolygonMode mode)
{
	static const VkVertexInputBindingDescription binding = {
		0, sizeof(struct vk_vtx3), VK_VERTEX_INPUT_RATE_VERTEX,
	};
	static const VkVertexInputAttributeDescription attribute = {
		0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0,
	};
	static const VkPipelineDepthStencilStateCreateInfo less = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
		.depthTestEnable = VK_TRUE, .depthCompareOp = VK_COMPARE_OP_LESS,
	};
	/* Pixel centres; the signed areas (ember-hw.rst, R5) make the left one front. */
	static const float px[6][2] = {
		{ 1.5f, 1.5f }, { 1.5f, 12.5f }, { 6.5f, 12.5f },
		{ 9.5f, 1.5f }, { 14.5f, 1.5f }, { 9.5f, 12.5f },
	};
	const VkPipelineRasterizationStateCreateInfo raster = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
		.polygonMode = mode, .cullMode = VK_CULL_MODE_NONE,
		.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE, .lineWidth = 1.0f,
		.depthBiasEnable = VK_TRUE, .depthBiasConstantFactor = -64.0f,
	};
	const struct vk_gfx_desc desc = {
		.vs = gfx_pos_vert_spv, .vs_size = gfx_pos_vert_spv_size,
		.fs = io_front_facing_frag_spv, .fs_size = io_front_facing_frag_spv_size,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
		.bindings = &binding, .binding_count = 1,
		.attributes = &attribute, .attribute_count = 1,
		.color_format = VK_FORMAT_R32_UINT, .depth_format = VK_FORMAT_D32_SFLOAT,
		.depth_stencil = &less, .raster = &raster,
		.width = PW, .height = PH,
	};
	const struct vk_dev_options options = { .core = { .fillModeNonSolid = VK_TRUE } };
	const VkClearValue clear = { .color.uint32 = { 0 } };
	const VkClearValue depth_clear = { .depthStencil = { 0.5f, 0 } };
	uint32_t drawn[3] = { 0 }, wrong = 0;
	struct vk_target color, depth;
	struct vk_buf vertices, readback;
	struct vk_gfx_pipe pipe;
	struct vk_vtx3 *v;
	VkCommandBuffer cmd;
	struct vk_dev dev;

	vk_gfx_dev_create_options(&dev, &options);
	vk_target_create(&dev, VK_FORMAT_R32_UINT, PW, PH, 1, VK_SAMPLE_COUNT_1_BIT, &color);
	vk_target_create(&dev, VK_FORMAT_D32_SFLOAT, PW, PH, 1, VK_SAMPLE_COUNT_1_BIT, &depth);
	vk_buf_create(&dev, sizeof(px) / sizeof(px[0]) * sizeof(*v),
		      VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &vertices);
	vk_buf_create(&dev, PW * PH * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback);
	v = vertices.map;
	for (uint32_t i = 0; i < 6; i++)
		v[i] = (struct vk_vtx3) { vk_ndc(px[i][0], PW), vk_ndc(px[i][1], PH), 0.5f };
	vk_gfx_pipe_create(&dev, &desc, &pipe);
	cmd = vk_cmd_begin(&dev);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	vk_target_layout(cmd, &depth, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
	vk_gfx_begin(cmd, &color, &depth, &clear, &depth_clear);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe.pipeline);
	vkCmdBindVertexBuffers(cmd, 0, 1, &vertices.buffer, &(VkDeviceSize){ 0 });
	vkCmdDraw(cmd, 6, 1, 0, 0);
	vkCmdEndRendering(cmd);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(cmd, &color, VK_IMAGE_ASPECT_COLOR_BIT, 0, readback.buffer);
	vk_cmd_submit_wait(&dev, cmd, 0);
	for (uint32_t y = 0; y < PH; y++) {
		for (uint32_t x = 0; x < PW; x++) {
			const uint32_t got = ((const uint32_t *)readback.map)[y * PW + x];
			const uint32_t want = x < 8 ? 1 : 2;

			drawn[got < 3 ? got : 0] += got != 0;
			if (got == 0 || got == want)
				continue;
			if (!wrong++)
				printf("# pixel (%u, %u): %u, expected %u or 0\n", x, y, got, want);
		}
	}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u pixels with the wrong facing", wrong);
	/* POINT: the three vertices of each; LINE: at least the two axis-aligned edges. */
	REQUIRE(drawn[1] >= (mode == VK_POLYGON_MODE_POINT ? 3u : 20u));
	REQUIRE(drawn[2] >= (mode == VK_POLYGON_MODE_POINT ? 3u : 20u));
	vk_gfx_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &vertices);
	vk_buf_destroy(&dev, &readback);
	vk_target_destroy(&dev, &depth);
	vk_target_destroy(&dev, &color);
	vk_dev_destroy(&dev);
}

VK_TEST(polygon_mode_line_facing_bias, "fragment-polygon-mode-line-facing-depth-bias")
{
	check_polygon_mode_facing_bias(VK_POLYGON_MODE_LINE);
}

VK_TEST(polygon_mode_point_facing_bias, "fragment-polygon-mode-point-facing-depth-bias")
{
	check_polygon_mode_facing_bias(VK_POLYGON_MODE_POINT);
}
