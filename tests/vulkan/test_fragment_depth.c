/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Fragment operations: depth clamp, depth bias, depth bounds
 *
 * On D32_SFLOAT, with depths that are exact binary32 values. Depth clamp
 * and depth bounds are exact. A constant depth bias on a flat primitive is
 * exact too: for a float format the specification's r is 2^(e - 23), e
 * the exponent of the primitive's largest depth, so 4 units at 0.5 add
 * exactly 2^-22. A slope bias adds m * slopeFactor to an interpolated
 * depth, where the specification allows interpolation to round: those
 * pixels are compared within 2^-18.
 */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <math.h>
#include <string.h>

/* What every depth test holds: D32_SFLOAT depth, an R8G8B8A8_UNORM colour target. */
struct depth_scene {
	struct vk_dev dev;
	struct vk_target depth, color;
	struct vk_buf vertices, depth_readback, color_readback;
	VkCommandBuffer cmd;
	struct vk_vtx3 *v;
	uint32_t w, h;
};

static void depth_scene_init(struct depth_scene *s, const VkPhysicalDeviceFeatures *features,
			     uint32_t w, uint32_t h)
{
	vk_gfx_dev_create(&s->dev, features);
	vk_target_create(&s->dev, VK_FORMAT_D32_SFLOAT, w, h, 1, VK_SAMPLE_COUNT_1_BIT, &s->depth);
	vk_target_create(&s->dev, VK_FORMAT_R8G8B8A8_UNORM, w, h, 1, VK_SAMPLE_COUNT_1_BIT,
			 &s->color);
	vk_buf_create(&s->dev, 16 * 1024, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &s->vertices);
	vk_buf_create(&s->dev, (VkDeviceSize)w * h * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
		      &s->depth_readback);
	vk_buf_create(&s->dev, (VkDeviceSize)w * h * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
		      &s->color_readback);
	s->v = s->vertices.map;
	s->w = w;
	s->h = h;
	s->cmd = vk_cmd_begin(&s->dev);
	vk_target_layout(s->cmd, &s->depth, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
	vk_target_layout(s->cmd, &s->color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
}

/* The next free vertex's index. */
static uint32_t depth_next(const struct depth_scene *s)
{
	return (uint32_t)(s->v - (struct vk_vtx3 *)s->vertices.map);
}

/* Adds the rectangle [x0, x1) x [y0, y1) at clip depth @z; returns its first vertex. */
static uint32_t depth_rect(struct depth_scene *s, uint32_t x0, uint32_t y0, uint32_t x1,
			   uint32_t y1, float z)
{
	const uint32_t first = depth_next(s);

	vk_gfx_rect(s->v, (float)x0, (float)y0, (float)x1, (float)y1, z, s->w, s->h, true);
	s->v += 6;
	return first;
}

/* Begins rendering: colour cleared to 0, depth to @clear; binds the vertices. */
static void depth_begin(struct depth_scene *s, float clear)
{
	const VkClearValue color_clear = { .color.float32 = { 0, 0, 0, 0 } };
	const VkClearValue depth_clear = { .depthStencil = { clear, 0 } };

	vk_gfx_begin(s->cmd, &s->color, &s->depth, &color_clear, &depth_clear);
	vkCmdBindVertexBuffers(s->cmd, 0, 1, &s->vertices.buffer, &(VkDeviceSize){ 0 });
}

static void depth_finish(struct depth_scene *s)
{
	vkCmdEndRendering(s->cmd);
	vk_target_layout(s->cmd, &s->depth, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_layout(s->cmd, &s->color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(s->cmd, &s->depth, VK_IMAGE_ASPECT_DEPTH_BIT, 0, s->depth_readback.buffer);
	vk_target_read(s->cmd, &s->color, VK_IMAGE_ASPECT_COLOR_BIT, 0, s->color_readback.buffer);
	vk_cmd_submit_wait(&s->dev, s->cmd, 0);
}

static void depth_scene_destroy(struct depth_scene *s)
{
	vk_buf_destroy(&s->dev, &s->vertices);
	vk_buf_destroy(&s->dev, &s->depth_readback);
	vk_buf_destroy(&s->dev, &s->color_readback);
	vk_target_destroy(&s->dev, &s->depth);
	vk_target_destroy(&s->dev, &s->color);
	vk_dev_destroy(&s->dev);
}

/* Compares the depth readback with @expected, each within @tolerance[i]. */
static void depth_check(const struct depth_scene *s, const float *expected, const float *tolerance)
{
	const float *got = s->depth_readback.map;
	unsigned int wrong = 0;

	for (uint32_t i = 0; i < s->w * s->h; i++) {
		if (fabsf(got[i] - expected[i]) <= tolerance[i])
			continue;
		if (!wrong++)
			printf("# depth at (%u, %u): %.9g (%a), expected %.9g (%a)\n", i % s->w,
			       i / s->w, got[i], got[i], expected[i], expected[i]);
	}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u depths differ", wrong);
}

/* The pipeline of the depth tests: positions, the push-constant colour. */
static struct vk_gfx_desc depth_desc(const struct depth_scene *s,
				     const VkPipelineDepthStencilStateCreateInfo *ds,
				     const VkPipelineRasterizationStateCreateInfo *raster,
				     const VkPipelineColorBlendAttachmentState *blend)
{
	static const VkVertexInputBindingDescription binding = {
		0, sizeof(struct vk_vtx3), VK_VERTEX_INPUT_RATE_VERTEX,
	};
	static const VkVertexInputAttributeDescription attribute = {
		0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0,
	};

	return (struct vk_gfx_desc) {
		.vs = gfx_pos_vert_spv, .vs_size = gfx_pos_vert_spv_size,
		.fs = gfx_push_color_frag_spv, .fs_size = gfx_push_color_frag_spv_size,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
		.bindings = &binding, .binding_count = 1,
		.attributes = &attribute, .attribute_count = 1,
		.color_format = VK_FORMAT_R8G8B8A8_UNORM,
		.depth_format = VK_FORMAT_D32_SFLOAT,
		.depth_stencil = ds, .raster = raster, .blend = blend,
		.width = s->w, .height = s->h, .push_size = 32,
	};
}

/* Push constants for @p: the fragment shader's colours, white. */
static void depth_push_white(struct depth_scene *s, const struct vk_gfx_pipe *p)
{
	static const float white[8] = { 1, 1, 1, 1, 1, 1, 1, 1 };

	vkCmdPushConstants(s->cmd, p->layout, VK_SHADER_STAGE_VERTEX_BIT |
			   VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(white), white);
}

static const VkPipelineDepthStencilStateCreateInfo depth_always = {
	.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
	.depthTestEnable = VK_TRUE, .depthWriteEnable = VK_TRUE,
	.depthCompareOp = VK_COMPARE_OP_ALWAYS,
};

/* The rasterization state of the depth tests, filled, no culling. */
static VkPipelineRasterizationStateCreateInfo depth_raster(void)
{
	return (VkPipelineRasterizationStateCreateInfo) {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
		.polygonMode = VK_POLYGON_MODE_FILL, .cullMode = VK_CULL_MODE_NONE,
		.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE, .lineWidth = 1.0f,
	};
}

/*
 * depthClamp: viewport depths [0.25, 0.75]; rectangles at clip z -0.5, 0.5
 * and 1.5 (framebuffer depths 0, 0.5, 1). With clamping (rows 0, 1) all
 * three are drawn at 0.25, 0.5 and 0.75; without it (rows 2, 3) the two
 * outside are clipped away.
 */
VK_TEST(depth_clamp, "fragment-depth-clamp")
{
	enum { TW = 16, TH = 4 };
	const VkPhysicalDeviceFeatures features = { .depthClamp = VK_TRUE };
	const VkViewport viewport = { 0, 0, TW, TH, 0.25f, 0.75f };
	static const float z[3] = { -0.5f, 0.5f, 1.5f };
	static const float clamped[3] = { 0.25f, 0.5f, 0.75f };
	static const float clipped[3] = { 0.125f, 0.5f, 0.125f };
	VkPipelineRasterizationStateCreateInfo raster = depth_raster();
	float expected[TW * TH], tolerance[TW * TH] = { 0 };
	struct vk_gfx_pipe pipes[2];
	struct depth_scene s;
	struct vk_gfx_desc desc;
	uint32_t first;

	depth_scene_init(&s, &features, TW, TH);
	desc = depth_desc(&s, &depth_always, &raster, NULL);
	desc.viewport = &viewport;
	for (int p = 0; p < 2; p++) {
		raster.depthClampEnable = p == 0;
		vk_gfx_pipe_create(&s.dev, &desc, &pipes[p]);
	}
	first = depth_next(&s);
	for (int k = 0; k < 3; k++)
		depth_rect(&s, 4 * k, 0, 4 * k + 4, 2, z[k]);
	for (int k = 0; k < 3; k++)
		depth_rect(&s, 4 * k, 2, 4 * k + 4, 4, z[k]);
	depth_begin(&s, 0.125f);
	for (int p = 0; p < 2; p++) {
		vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[p].pipeline);
		depth_push_white(&s, &pipes[p]);
		vkCmdDraw(s.cmd, 18, 1, first + 18 * p, 0);
	}
	depth_finish(&s);
	for (uint32_t y = 0; y < TH; y++)
		for (uint32_t x = 0; x < TW; x++)
			expected[y * TW + x] = x >= 12 ? 0.125f :
					       y < 2 ? clamped[x / 4] : clipped[x / 4];
	depth_check(&s, expected, tolerance);
	vk_gfx_pipe_destroy(&s.dev, &pipes[0]);
	vk_gfx_pipe_destroy(&s.dev, &pipes[1]);
	depth_scene_destroy(&s);
}

/*
 * Depth bias: rows 0, 1 the pipeline's static bias (4 units on a flat
 * rectangle at 0.5: 0.5 + 2^-22); the rest through vkCmdSetDepthBias:
 * rows 2, 3 the same clamped to 2^-23 (depthBiasClamp), rows 4, 5 -4
 * units clamped to -2^-23, rows 6, 7 a slope of 1/64 per pixel in x with
 * slopeFactor 2 (+1/32), no constant.
 */
VK_TEST(depth_bias, "fragment-depth-bias-constant-slope-clamp")
{
	enum { TW = 16, TH = 8 };
	const VkPhysicalDeviceFeatures features = { .depthBiasClamp = VK_TRUE };
	static const VkDynamicState dynamic = VK_DYNAMIC_STATE_DEPTH_BIAS;
	VkPipelineRasterizationStateCreateInfo raster = depth_raster();
	float expected[TW * TH], tolerance[TW * TH];
	struct vk_gfx_pipe fixed, dyn;
	struct depth_scene s;
	struct vk_gfx_desc desc;
	uint32_t flat[3], slope;

	depth_scene_init(&s, &features, TW, TH);
	raster.depthBiasEnable = VK_TRUE;
	raster.depthBiasConstantFactor = 4.0f;
	desc = depth_desc(&s, &depth_always, &raster, NULL);
	vk_gfx_pipe_create(&s.dev, &desc, &fixed);
	raster.depthBiasConstantFactor = 1000.0f;	/* the dynamic values replace it */
	desc.dynamic = &dynamic;
	desc.dynamic_count = 1;
	vk_gfx_pipe_create(&s.dev, &desc, &dyn);
	for (int k = 0; k < 3; k++)
		flat[k] = depth_rect(&s, 0, 2 * k, TW, 2 * k + 2, 0.5f);
	/* Depth 0.25 at x = 0 to 0.5 at x = 16. */
	slope = depth_next(&s);
	vk_gfx_rect(s.v, 0, 6, TW, 8, 0, TW, TH, true);
	for (int i = 0; i < 6; i++)
		s.v[i].z = s.v[i].x < 0 ? 0.25f : 0.5f;
	s.v += 6;

	depth_begin(&s, 1.0f);
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, fixed.pipeline);
	depth_push_white(&s, &fixed);
	vkCmdDraw(s.cmd, 6, 1, flat[0], 0);
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, dyn.pipeline);
	depth_push_white(&s, &dyn);
	vkCmdSetDepthBias(s.cmd, 4.0f, 0x1p-23f, 0);
	vkCmdDraw(s.cmd, 6, 1, flat[1], 0);
	vkCmdSetDepthBias(s.cmd, -4.0f, -0x1p-23f, 0);
	vkCmdDraw(s.cmd, 6, 1, flat[2], 0);
	vkCmdSetDepthBias(s.cmd, 0, 0, 2.0f);
	vkCmdDraw(s.cmd, 6, 1, slope, 0);
	depth_finish(&s);

	for (uint32_t y = 0; y < TH; y++) {
		for (uint32_t x = 0; x < TW; x++) {
			static const float flat_bias[3] = { 0x1p-22f, 0x1p-23f, -0x1p-23f };
			const uint32_t i = y * TW + x;

			tolerance[i] = y < 6 ? 0 : 0x1p-18f;
			expected[i] = y < 6 ? 0.5f + flat_bias[y / 2] :
				      0.25f + (x + 0.5f) / 64 + 1.0f / 32;
		}
	}
	depth_check(&s, expected, tolerance);
	vk_gfx_pipe_destroy(&s.dev, &fixed);
	vk_gfx_pipe_destroy(&s.dev, &dyn);
	depth_scene_destroy(&s);
}

/*
 * depthBounds: a first pass stores a depth per column, colour masked off;
 * then rectangles at depth 0.5 with the depth test off and the bounds
 * test on draw colour where the stored depth is within the bounds
 * (inclusive): row 0 [0.375, 0.625] and row 1 [0, 0.3125] by
 * vkCmdSetDepthBounds, row 2 [0.5, 1] from the pipeline, row 3 with the
 * test disabled by vkCmdSetDepthBoundsTestEnable.
 */
VK_TEST(depth_bounds, "fragment-depth-bounds")
{
	enum { TW = 8, TH = 4 };
	const VkPhysicalDeviceFeatures features = { .depthBounds = VK_TRUE };
	static const float stored[TW] = { 0.25f, 0.375f, 0.5f, 0.625f, 0.75f, 0.0f, 1.0f, 0.3125f };
	static const float bounds[TH][2] = { { 0.375f, 0.625f }, { 0, 0.3125f }, { 0.5f, 1 },
					     { 2, 2 } };
	static const VkDynamicState dynamic[] = {
		VK_DYNAMIC_STATE_DEPTH_BOUNDS, VK_DYNAMIC_STATE_DEPTH_BOUNDS_TEST_ENABLE,
	};
	const VkPipelineColorBlendAttachmentState no_color = { .colorWriteMask = 0 };
	VkPipelineDepthStencilStateCreateInfo ds = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
		.depthBoundsTestEnable = VK_TRUE,
		.minDepthBounds = 0.5f, .maxDepthBounds = 1.0f,
	};
	const VkPipelineRasterizationStateCreateInfo raster = depth_raster();
	const float red[8] = { 1, 0, 0, 1 };
	float expected[TW * TH], tolerance[TW * TH] = { 0 };
	struct vk_gfx_pipe store, fixed, dyn;
	struct depth_scene s;
	struct vk_gfx_desc desc;
	uint32_t columns, rows;
	const uint8_t *got;
	unsigned int wrong = 0;

	depth_scene_init(&s, &features, TW, TH);
	desc = depth_desc(&s, &depth_always, &raster, &no_color);
	vk_gfx_pipe_create(&s.dev, &desc, &store);
	desc = depth_desc(&s, &ds, &raster, NULL);
	vk_gfx_pipe_create(&s.dev, &desc, &fixed);
	desc.dynamic = dynamic;
	desc.dynamic_count = 2;
	vk_gfx_pipe_create(&s.dev, &desc, &dyn);
	columns = depth_next(&s);
	for (uint32_t x = 0; x < TW; x++)
		depth_rect(&s, x, 0, x + 1, TH, stored[x]);
	rows = depth_next(&s);
	for (uint32_t y = 0; y < TH; y++)
		depth_rect(&s, 0, y, TW, y + 1, 0.5f);

	depth_begin(&s, 1.0f);
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, store.pipeline);
	depth_push_white(&s, &store);
	vkCmdDraw(s.cmd, 6 * TW, 1, columns, 0);
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, dyn.pipeline);
	vkCmdPushConstants(s.cmd, dyn.layout, VK_SHADER_STAGE_VERTEX_BIT |
			   VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(red), red);
	vkCmdSetDepthBoundsTestEnable(s.cmd, VK_TRUE);
	for (uint32_t y = 0; y < 2; y++) {
		vkCmdSetDepthBounds(s.cmd, bounds[y][0], bounds[y][1]);
		vkCmdDraw(s.cmd, 6, 1, rows + 6 * y, 0);
	}
	vkCmdSetDepthBoundsTestEnable(s.cmd, VK_FALSE);
	vkCmdDraw(s.cmd, 6, 1, rows + 18, 0);
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, fixed.pipeline);
	vkCmdDraw(s.cmd, 6, 1, rows + 12, 0);
	depth_finish(&s);

	for (uint32_t i = 0; i < TW * TH; i++)
		expected[i] = stored[i % TW];
	depth_check(&s, expected, tolerance);
	got = s.color_readback.map;
	for (uint32_t y = 0; y < TH; y++) {
		for (uint32_t x = 0; x < TW; x++) {
			const bool pass = y == 3 || (stored[x] >= bounds[y][0] &&
						     stored[x] <= bounds[y][1]);
			const uint8_t want[4] = { pass ? 255 : 0, 0, 0, pass ? 255 : 0 };

			if (!memcmp(got + 4 * (y * TW + x), want, 4))
				continue;
			if (!wrong++)
				printf("# colour at (%u, %u): %u, expected %u\n", x, y,
				       got[4 * (y * TW + x)], want[0]);
		}
	}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u pixels differ", wrong);
	vk_gfx_pipe_destroy(&s.dev, &store);
	vk_gfx_pipe_destroy(&s.dev, &fixed);
	vk_gfx_pipe_destroy(&s.dev, &dyn);
	depth_scene_destroy(&s);
}
