/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Drawing: rasterization, vertex input and the draw commands
 *
 * Each test draws into a small target with dynamic rendering and compares
 * every pixel with an image computed here on the CPU. Geometry is placed
 * so that the specification is exact: pixel centres never lie on an edge
 * unless the test is about the top-left rule, where the rule decides
 * (draw-top-left-rule), and integer targets take flat values. Only the
 * interpolated colour of draw-triangle-interpolated-colour has a
 * tolerance: 2/255 per channel (UNORM conversion rounds, and the
 * barycentrics of a pixel centre are exact only up to float rounding).
 */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <math.h>
#include <string.h>

#define W 16
#define H 16

static struct vk_vtx3 px(float x, float y, float z, uint32_t w, uint32_t h)
{
	return (struct vk_vtx3) { vk_ndc(x, w), vk_ndc(y, h), z };
}

static const VkVertexInputBindingDescription uint_bindings[] = {
	{ 0, sizeof(struct vk_vtx3), VK_VERTEX_INPUT_RATE_VERTEX },
	{ 1, 8, VK_VERTEX_INPUT_RATE_INSTANCE },
};
static const VkVertexInputAttributeDescription uint_attributes[] = {
	{ 0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0 },
	{ 1, 1, VK_FORMAT_R32G32_SFLOAT, 0 },
};

/* The uint pipeline's description: flat value = push constant + InstanceIndex. */
static struct vk_gfx_desc uint_desc(uint32_t w, uint32_t h)
{
	return (struct vk_gfx_desc) {
		.vs = gfx_uint_vert_spv, .vs_size = gfx_uint_vert_spv_size,
		.fs = gfx_uint_frag_spv, .fs_size = gfx_uint_frag_spv_size,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
		.bindings = uint_bindings, .binding_count = 2,
		.attributes = uint_attributes, .attribute_count = 2,
		.color_format = VK_FORMAT_R32_UINT,
		.width = w, .height = h, .push_size = 4,
	};
}

/* What every drawing test holds. */
struct scene {
	struct vk_dev dev;
	struct vk_target color;
	struct vk_buf vertices, instances, readback;
	VkCommandBuffer cmd;
};

static void scene_init(struct scene *s, const VkPhysicalDeviceFeatures *features, VkFormat format,
		       uint32_t w, uint32_t h)
{
	vk_gfx_dev_create(&s->dev, features);
	vk_target_create(&s->dev, format, w, h, 1, VK_SAMPLE_COUNT_1_BIT, &s->color);
	vk_buf_create(&s->dev, 4096, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &s->vertices);
	/* Instance offsets: zero unless a test says otherwise. */
	vk_buf_create(&s->dev, 256, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &s->instances);
	memset(s->instances.map, 0, 256);
	vk_buf_create(&s->dev, (VkDeviceSize)w * h * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
		      &s->readback);
	s->cmd = vk_cmd_begin(&s->dev);
	vk_target_layout(s->cmd, &s->color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
}

static void bind_vertices(struct scene *s)
{
	const VkBuffer buffers[2] = { s->vertices.buffer, s->instances.buffer };
	const VkDeviceSize offsets[2] = { 0, 0 };

	vkCmdBindVertexBuffers(s->cmd, 0, 2, buffers, offsets);
}

/* Ends rendering, reads the target back and waits. */
static void scene_finish(struct scene *s)
{
	vkCmdEndRendering(s->cmd);
	vk_target_layout(s->cmd, &s->color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(s->cmd, &s->color, VK_IMAGE_ASPECT_COLOR_BIT, 0, s->readback.buffer);
	vk_cmd_submit_wait(&s->dev, s->cmd, 0);
}

static void scene_destroy(struct scene *s)
{
	vk_buf_destroy(&s->dev, &s->vertices);
	vk_buf_destroy(&s->dev, &s->instances);
	vk_buf_destroy(&s->dev, &s->readback);
	vk_target_destroy(&s->dev, &s->color);
	vk_dev_destroy(&s->dev);
}

/* Compares an R32_UINT readback with @expected, naming the first wrong pixel. */
static void check_uint(const struct scene *s, const uint32_t *expected)
{
	const uint32_t *got = s->readback.map;
	unsigned int wrong = 0;

	for (uint32_t i = 0; i < s->color.width * s->color.height; i++) {
		if (got[i] == expected[i])
			continue;
		if (!wrong++)
			printf("# pixel (%u, %u): %u, expected %u\n", i % s->color.width,
			       i / s->color.width, got[i], expected[i]);
	}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u pixels differ", wrong);
}

/* Fills the rectangle [x0, x1) x [y0, y1) of an @w wide expected image with @v. */
static void fill(uint32_t *img, uint32_t w, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
		 uint32_t v)
{
	for (uint32_t y = y0; y < y1; y++)
		for (uint32_t x = x0; x < x1; x++)
			img[y * w + x] = v;
}

struct color_vtx {
	float x, y;
	float rgba[4];
};

VK_TEST(draw_triangle, "draw-triangle-interpolated-colour")
{
	static const float pos[3][2] = { { 1, 1 }, { 15, 3 }, { 5, 14 } };
	static const float col[3][4] = { { 1, 0, 0, 1 }, { 0, 1, 0, 1 }, { 0, 0, 1, 0.5f } };
	static const VkVertexInputBindingDescription binding = {
		0, sizeof(struct color_vtx), VK_VERTEX_INPUT_RATE_VERTEX,
	};
	static const VkVertexInputAttributeDescription attributes[] = {
		{ 0, 0, VK_FORMAT_R32G32_SFLOAT, 0 },
		{ 1, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 8 },
	};
	const VkClearValue clear = { .color.float32 = { 0, 0, 0, 0 } };
	struct vk_gfx_desc desc = {
		.vs = gfx_color_vert_spv, .vs_size = gfx_color_vert_spv_size,
		.fs = gfx_color_frag_spv, .fs_size = gfx_color_frag_spv_size,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
		.bindings = &binding, .binding_count = 1,
		.attributes = attributes, .attribute_count = 2,
		.color_format = VK_FORMAT_R8G8B8A8_UNORM, .width = W, .height = H,
	};
	struct color_vtx *v;
	struct vk_gfx_pipe pipe;
	struct scene s;
	unsigned int wrong = 0, inside = 0;
	const float area = (pos[1][0] - pos[0][0]) * (pos[2][1] - pos[0][1]) -
			   (pos[2][0] - pos[0][0]) * (pos[1][1] - pos[0][1]);

	scene_init(&s, NULL, VK_FORMAT_R8G8B8A8_UNORM, W, H);
	v = s.vertices.map;
	for (int i = 0; i < 3; i++) {
		v[i].x = vk_ndc(pos[i][0], W);
		v[i].y = vk_ndc(pos[i][1], H);
		memcpy(v[i].rgba, col[i], sizeof(v[i].rgba));
	}
	vk_gfx_pipe_create(&s.dev, &desc, &pipe);
	vk_gfx_begin(s.cmd, &s.color, NULL, &clear, NULL);
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe.pipeline);
	vkCmdBindVertexBuffers(s.cmd, 0, 1, &s.vertices.buffer, &(VkDeviceSize){ 0 });
	vkCmdDraw(s.cmd, 3, 1, 0, 0);
	scene_finish(&s);

	for (uint32_t y = 0; y < H; y++) {
		for (uint32_t x = 0; x < W; x++) {
			const float cx = x + 0.5f, cy = y + 0.5f;
			float b[3], e[3];
			const uint8_t *got = (const uint8_t *)s.readback.map + (y * W + x) * 4;
			bool in;

			for (int i = 0; i < 3; i++) {
				const float *p = pos[(i + 1) % 3], *q = pos[(i + 2) % 3];

				e[i] = ((q[0] - p[0]) * (cy - p[1]) - (q[1] - p[1]) * (cx - p[0])) /
				       area;
				b[i] = e[i];
			}
			/* Centres within a hair of an edge are the rule's, not this test's. */
			if (fabsf(e[0]) < 1e-3f || fabsf(e[1]) < 1e-3f || fabsf(e[2]) < 1e-3f)
				continue;
			in = e[0] > 0 && e[1] > 0 && e[2] > 0;
			inside += in;
			for (int c = 0; c < 4; c++) {
				float want = 0;

				if (in)
					for (int i = 0; i < 3; i++)
						want += b[i] * col[i][c];
				if (fabsf(got[c] - want * 255.0f) > 2.0f) {
					if (!wrong++)
						printf("# pixel (%u, %u) channel %d: %u, expected %.2f\n",
						       x, y, c, got[c], want * 255.0f);
				}
			}
		}
	}
	REQUIRE(inside > 50);
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u channels differ", wrong);
	vk_gfx_pipe_destroy(&s.dev, &pipe);
	scene_destroy(&s);
}

VK_TEST(draw_top_left, "draw-top-left-rule")
{
	const VkPhysicalDeviceFeatures features = { .logicOp = VK_TRUE };
	const VkClearValue clear = { .color.uint32 = { 0 } };
	struct vk_gfx_desc desc = uint_desc(W, H);
	uint32_t expected[W * H] = { 0 };
	struct vk_gfx_pipe pipe;
	struct vk_vtx3 *v;
	struct scene s;

	/*
	 * Two rectangles sharing the edge x = 8.5, each split along a diagonal
	 * through pixel centres, drawn with XOR: a sample covered twice reads 0,
	 * one missed reads 0 too; the rule covers each exactly once.
	 */
	scene_init(&s, &features, VK_FORMAT_R32_UINT, W, H);
	desc.logic_op_enable = true;
	desc.logic_op = VK_LOGIC_OP_XOR;
	v = s.vertices.map;
	vk_gfx_rect(v, 0.5f, 0.5f, 8.5f, 8.5f, 0, W, H, false);
	vk_gfx_rect(v + 6, 8.5f, 0.5f, 12.5f, 8.5f, 0, W, H, false);
	vk_gfx_pipe_create(&s.dev, &desc, &pipe);
	vk_gfx_begin(s.cmd, &s.color, NULL, &clear, NULL);
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe.pipeline);
	bind_vertices(&s);
	vkCmdPushConstants(s.cmd, pipe.layout, VK_SHADER_STAGE_VERTEX_BIT |
			   VK_SHADER_STAGE_FRAGMENT_BIT, 0, 4, &(uint32_t){ 1 });
	vkCmdDraw(s.cmd, 12, 1, 0, 0);
	scene_finish(&s);
	/* Left and top edges through centres take them, right and bottom ones do not. */
	fill(expected, W, 0, 0, 12, 8, 1);
	check_uint(&s, expected);
	vk_gfx_pipe_destroy(&s.dev, &pipe);
	scene_destroy(&s);
}

VK_TEST(draw_indexed_restart, "draw-indexed-primitive-restart-instanced")
{
	static const uint16_t indices[] = { 0, 1, 2, 3, 0xffff, 4, 5, 6, 7, 0xffff, 0 };
	const VkClearValue clear = { .color.uint32 = { 0 } };
	struct vk_gfx_desc desc = uint_desc(W, H);
	uint32_t expected[W * H] = { 0 };
	struct vk_buf index;
	struct vk_gfx_pipe pipe;
	struct vk_vtx3 *v;
	float *offsets;
	struct scene s;

	scene_init(&s, NULL, VK_FORMAT_R32_UINT, W, H);
	desc.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP;
	desc.restart = true;
	v = s.vertices.map;
	/* Two strips of two triangles: [0, 4) x [0, 4) and [8, 12) x [1, 3). */
	v[0] = px(0, 0, 0, W, H);
	v[1] = px(4, 0, 0, W, H);
	v[2] = px(0, 4, 0, W, H);
	v[3] = px(4, 4, 0, W, H);
	v[4] = px(8, 1, 0, W, H);
	v[5] = px(12, 1, 0, W, H);
	v[6] = px(8, 3, 0, W, H);
	v[7] = px(12, 3, 0, W, H);
	/* Instance 1 (the second) is 8 pixels lower: 1.0 in clip space. */
	offsets = s.instances.map;
	offsets[2] = 0;
	offsets[3] = 1.0f;
	vk_buf_create(&s.dev, sizeof(indices), VK_BUFFER_USAGE_INDEX_BUFFER_BIT, &index);
	memcpy(index.map, indices, sizeof(indices));
	vk_gfx_pipe_create(&s.dev, &desc, &pipe);
	vk_gfx_begin(s.cmd, &s.color, NULL, &clear, NULL);
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe.pipeline);
	bind_vertices(&s);
	vkCmdBindIndexBuffer(s.cmd, index.buffer, 0, VK_INDEX_TYPE_UINT16);
	vkCmdPushConstants(s.cmd, pipe.layout, VK_SHADER_STAGE_VERTEX_BIT |
			   VK_SHADER_STAGE_FRAGMENT_BIT, 0, 4, &(uint32_t){ 10 });
	/* The trailing "0" after the last restart is an incomplete strip: nothing. */
	vkCmdDrawIndexed(s.cmd, 11, 2, 0, 0, 0);
	scene_finish(&s);
	fill(expected, W, 0, 0, 4, 4, 10);
	fill(expected, W, 8, 1, 12, 3, 10);
	fill(expected, W, 0, 8, 4, 12, 11);
	fill(expected, W, 8, 9, 12, 11, 11);
	check_uint(&s, expected);
	vk_gfx_pipe_destroy(&s.dev, &pipe);
	vk_buf_destroy(&s.dev, &index);
	scene_destroy(&s);
}

/*
 * Every draw command into its own band of a 32x8 target; @count adds the
 * indirect-count forms (drawIndirectCount, a 1.2 feature of its own).
 */
static void draw_forms(bool count_forms)
{
	enum { BANDS = 8, TW = 32, TH = 8 };
	const VkClearValue clear = { .color.uint32 = { 0 } };
	VkPhysicalDeviceVulkan12Features f12 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
		.drawIndirectCount = VK_TRUE,
	};
	struct vk_gfx_desc desc = uint_desc(TW, TH);
	uint32_t expected[TW * TH] = { 0 };
	const VkShaderStageFlags stages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
	struct vk_buf index, args, count;
	VkDrawIndirectCommand *draw;
	VkDrawIndexedIndirectCommand *indexed;
	struct vk_gfx_pipe pipe;
	uint32_t *idx;
	struct scene s;

	memset(&s, 0, sizeof(s));
	{
		VkPhysicalDeviceVulkan13Features f13 = {
			.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
			.pNext = count_forms ? &f12 : NULL, .dynamicRendering = VK_TRUE,
			.synchronization2 = VK_TRUE,
		};
		struct vk_dev_options options = {
			.features = &f13, .api_version = VK_API_VERSION_1_3,
			.core = { .fullDrawIndexUint32 = VK_TRUE,
				  .drawIndirectFirstInstance = VK_TRUE },
		};
		VkQueueFamilyProperties families[8];
		uint32_t n = 8;

		vk_dev_create(&s.dev, &options);
		vkGetPhysicalDeviceQueueFamilyProperties(s.dev.physical, &n, families);
		if (!(families[s.dev.family].queueFlags & VK_QUEUE_GRAPHICS_BIT))
			vk_test_skip("the device has no graphics queue");
	}
	vk_target_create(&s.dev, VK_FORMAT_R32_UINT, TW, TH, 1, VK_SAMPLE_COUNT_1_BIT, &s.color);
	vk_buf_create(&s.dev, 4096, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &s.vertices);
	vk_buf_create(&s.dev, 256, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &s.instances);
	memset(s.instances.map, 0, 256);
	vk_buf_create(&s.dev, TW * TH * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &s.readback);
	s.cmd = vk_cmd_begin(&s.dev);
	vk_target_layout(s.cmd, &s.color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);

	/* Band b (4 pixels wide) is rectangle b: vertices 6b .. 6b + 5. */
	for (int b = 0; b < BANDS; b++)
		vk_gfx_rect((struct vk_vtx3 *)s.vertices.map + 6 * b, 4.0f * b, 0, 4.0f * b + 4, TH,
			    0, TW, TH, false);
	vk_buf_create(&s.dev, 6 * (BANDS + 1) * 4, VK_BUFFER_USAGE_INDEX_BUFFER_BIT, &index);
	idx = index.map;
	for (int i = 0; i < 6 * BANDS; i++)
		idx[i] = i;
	/* Indices past 2^24 (fullDrawIndexUint32), brought back by a negative vertexOffset. */
	for (int i = 0; i < 6; i++)
		idx[6 * BANDS + i] = (1u << 24) + 6 + i;
	vk_buf_create(&s.dev, 256, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, &args);
	vk_buf_create(&s.dev, 16, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, &count);
	draw = args.map;
	/*
	 * 0: vkCmdDrawIndirect, band 2 from instance 2 (drawIndirectFirstInstance;
	 * the instance buffer's offsets are all zero); 1, 2: vkCmdDrawIndirectCount,
	 * band 4 then 7.
	 */
	draw[0] = (VkDrawIndirectCommand) { 6, 1, 12, 2 };
	draw[1] = (VkDrawIndirectCommand) { 6, 1, 24, 0 };
	draw[2] = (VkDrawIndirectCommand) { 6, 1, 42, 0 };
	/* At 64: vkCmdDrawIndexedIndirect, band 3; then the indexed count form, 5 and 7. */
	indexed = (VkDrawIndexedIndirectCommand *)((uint8_t *)args.map + 64);
	indexed[0] = (VkDrawIndexedIndirectCommand) { 6, 1, 18, 0, 0 };
	indexed[1] = (VkDrawIndexedIndirectCommand) { 6, 1, 30, 0, 0 };
	indexed[2] = (VkDrawIndexedIndirectCommand) { 6, 1, 42, 0, 0 };
	/* The count is 1: the second command of each count form is never read. */
	((uint32_t *)count.map)[0] = 1;

	vk_gfx_pipe_create(&s.dev, &desc, &pipe);
	vk_gfx_begin(s.cmd, &s.color, NULL, &clear, NULL);
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe.pipeline);
	bind_vertices(&s);
	vkCmdBindIndexBuffer(s.cmd, index.buffer, 0, VK_INDEX_TYPE_UINT32);
	vkCmdPushConstants(s.cmd, pipe.layout, stages, 0, 4, &(uint32_t){ 1 });
	vkCmdDraw(s.cmd, 6, 1, 0, 0);
	vkCmdPushConstants(s.cmd, pipe.layout, stages, 0, 4, &(uint32_t){ 2 });
	vkCmdDrawIndexed(s.cmd, 6, 1, 6 * BANDS, -(1 << 24), 0);
	vkCmdPushConstants(s.cmd, pipe.layout, stages, 0, 4, &(uint32_t){ 3 });
	vkCmdDrawIndirect(s.cmd, args.buffer, 0, 1, sizeof(VkDrawIndirectCommand));
	vkCmdPushConstants(s.cmd, pipe.layout, stages, 0, 4, &(uint32_t){ 4 });
	vkCmdDrawIndexedIndirect(s.cmd, args.buffer, 64, 1, sizeof(VkDrawIndexedIndirectCommand));
	if (count_forms) {
		vkCmdPushConstants(s.cmd, pipe.layout, stages, 0, 4, &(uint32_t){ 5 });
		vkCmdDrawIndirectCount(s.cmd, args.buffer, sizeof(VkDrawIndirectCommand), count.buffer, 0,
				       2, sizeof(VkDrawIndirectCommand));
		vkCmdPushConstants(s.cmd, pipe.layout, stages, 0, 4, &(uint32_t){ 6 });
		vkCmdDrawIndexedIndirectCount(s.cmd, args.buffer,
					      64 + sizeof(VkDrawIndexedIndirectCommand),
					      count.buffer, 0, 2,
					      sizeof(VkDrawIndexedIndirectCommand));
	}

	scene_finish(&s);
	fill(expected, TW, 0, 0, 4, TH, 1);	/* vkCmdDraw */
	fill(expected, TW, 4, 0, 8, TH, 2);	/* vkCmdDrawIndexed, indices 2^24 + 6 .. */
	fill(expected, TW, 8, 0, 12, TH, 3 + 2);	/* vkCmdDrawIndirect, instance 2 */
	fill(expected, TW, 12, 0, 16, TH, 4);	/* vkCmdDrawIndexedIndirect */
	if (count_forms) {
		fill(expected, TW, 16, 0, 20, TH, 5);	/* vkCmdDrawIndirectCount */
		fill(expected, TW, 20, 0, 24, TH, 6);	/* vkCmdDrawIndexedIndirectCount */
	}

	check_uint(&s, expected);
	vk_gfx_pipe_destroy(&s.dev, &pipe);
	vk_buf_destroy(&s.dev, &index);
	vk_buf_destroy(&s.dev, &args);
	vk_buf_destroy(&s.dev, &count);
	scene_destroy(&s);
}

VK_TEST(draw_every_form, "draw-every-draw-command")
{
	draw_forms(false);
}

VK_TEST(draw_count_forms, "draw-indirect-count")
{
	draw_forms(true);
}

VK_TEST(draw_scissor_viewport, "draw-scissor-negative-viewport-height")
{
	const VkClearValue clear = { .color.uint32 = { 0 } };
	/* y flipped: clip y = -1 is the bottom row. */
	const VkViewport viewport = { 0, H, W, -(float)H, 0, 1 };
	const VkRect2D scissor = { { 2, 0 }, { 12, 8 } };
	struct vk_gfx_desc desc = uint_desc(W, H);
	uint32_t expected[W * H] = { 0 };
	struct vk_gfx_pipe pipe;
	struct scene s;

	scene_init(&s, NULL, VK_FORMAT_R32_UINT, W, H);
	desc.viewport = &viewport;
	desc.scissor = &scissor;
	/* Clip y in [-1, 0.5]: rows 0 .. 11 unflipped, 4 .. 15 flipped. */
	vk_gfx_rect(s.vertices.map, 0, 0, W, 12, 0, W, H, false);
	vk_gfx_pipe_create(&s.dev, &desc, &pipe);
	vk_gfx_begin(s.cmd, &s.color, NULL, &clear, NULL);
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe.pipeline);
	bind_vertices(&s);
	vkCmdPushConstants(s.cmd, pipe.layout, VK_SHADER_STAGE_VERTEX_BIT |
			   VK_SHADER_STAGE_FRAGMENT_BIT, 0, 4, &(uint32_t){ 5 });
	vkCmdDraw(s.cmd, 6, 1, 0, 0);
	scene_finish(&s);
	fill(expected, W, 2, 4, 14, 8, 5);
	check_uint(&s, expected);
	vk_gfx_pipe_destroy(&s.dev, &pipe);
	scene_destroy(&s);
}

VK_TEST(draw_depth_ops, "draw-depth-compare-ops-dynamic")
{
	enum { TW = 32, TH = 16 };
	static const VkDynamicState dynamic[] = { VK_DYNAMIC_STATE_DEPTH_COMPARE_OP };
	const VkClearValue clear = { .color.uint32 = { 0 } };
	const VkClearValue depth_clear = { .depthStencil = { 0.5f, 0 } };
	/* The pipeline's own op never passes: every band's op is the dynamic one. */
	const VkPipelineDepthStencilStateCreateInfo ds = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
		.depthTestEnable = VK_TRUE, .depthCompareOp = VK_COMPARE_OP_NEVER,
	};
	static const float depths[3] = { 0.25f, 0.5f, 0.75f };
	struct vk_gfx_desc desc = uint_desc(TW, TH);
	uint32_t expected[TW * TH] = { 0 };
	struct vk_target depth;
	struct vk_gfx_pipe pipe;
	struct vk_vtx3 *v;
	struct scene s;

	scene_init(&s, NULL, VK_FORMAT_R32_UINT, TW, TH);
	vk_target_create(&s.dev, VK_FORMAT_D32_SFLOAT, TW, TH, 1, VK_SAMPLE_COUNT_1_BIT, &depth);
	vk_target_layout(s.cmd, &depth, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
	desc.depth_format = VK_FORMAT_D32_SFLOAT;
	desc.depth_stencil = &ds;
	desc.dynamic = dynamic;
	desc.dynamic_count = 1;
	/* Band op (4 pixels wide), rows 4k .. 4k + 3 at depths[k] against the cleared 0.5. */
	v = s.vertices.map;
	for (int op = 0; op < 8; op++)
		for (int k = 0; k < 3; k++)
			vk_gfx_rect(v + 6 * (3 * op + k), 4.0f * op, 4.0f * k, 4.0f * op + 4,
				    4.0f * k + 4, depths[k], TW, TH, false);
	vk_gfx_pipe_create(&s.dev, &desc, &pipe);
	vk_gfx_begin(s.cmd, &s.color, &depth, &clear, &depth_clear);
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe.pipeline);
	bind_vertices(&s);
	for (int op = 0; op < 8; op++) {
		vkCmdSetDepthCompareOp(s.cmd, (VkCompareOp)op);
		vkCmdPushConstants(s.cmd, pipe.layout, VK_SHADER_STAGE_VERTEX_BIT |
				   VK_SHADER_STAGE_FRAGMENT_BIT, 0, 4, &(uint32_t){ 1 + op });
		vkCmdDraw(s.cmd, 18, 1, 18 * op, 0);
	}
	scene_finish(&s);
	for (int op = 0; op < 8; op++) {
		for (int k = 0; k < 3; k++) {
			const float z = depths[k], d = 0.5f;
			const bool pass[8] = { false, z < d, z == d, z <= d, z > d, z != d, z >= d,
					       true };

			if (pass[op])
				fill(expected, TW, 4 * op, 4 * k, 4 * op + 4, 4 * k + 4, 1 + op);
		}
	}
	check_uint(&s, expected);
	vk_gfx_pipe_destroy(&s.dev, &pipe);
	vk_target_destroy(&s.dev, &depth);
	scene_destroy(&s);
}

VK_TEST(draw_render_pass, "draw-render-pass-two-subpasses-clear-attachments")
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
	const VkSubpassDescription subpasses[2] = {
		{ .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
		  .colorAttachmentCount = 1, .pColorAttachments = &ref },
		{ .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
		  .colorAttachmentCount = 1, .pColorAttachments = &ref },
	};
	const VkSubpassDependency dep = {
		.srcSubpass = 0, .dstSubpass = 1,
		.srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
		.dstStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
		.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
		.dstAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
	};
	const VkRenderPassCreateInfo rp_info = {
		.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
		.attachmentCount = 1, .pAttachments = &att,
		.subpassCount = 2, .pSubpasses = subpasses,
		.dependencyCount = 1, .pDependencies = &dep,
	};
	const VkClearValue clear = { .color.uint32 = { 7 } };
	const VkClearAttachment clear_att = {
		.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT, .colorAttachment = 0,
		.clearValue.color.uint32 = { 9 },
	};
	const VkClearRect clear_rect = { { { 0, 0 }, { W, 2 } }, 0, 1 };
	struct vk_gfx_desc desc = uint_desc(W, H);
	uint32_t expected[W * H];
	struct vk_gfx_pipe pipes[2];
	VkFramebuffer fb;
	VkRenderPass pass;
	struct scene s;
	const VkShaderStageFlags stages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;

	scene_init(&s, NULL, VK_FORMAT_R32_UINT, W, H);
	VK_CHECK(vkCreateRenderPass(s.dev.device, &rp_info, NULL, &pass));
	{
		const VkFramebufferCreateInfo fb_info = {
			.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
			.renderPass = pass, .attachmentCount = 1, .pAttachments = &s.color.view,
			.width = W, .height = H, .layers = 1,
		};

		VK_CHECK(vkCreateFramebuffer(s.dev.device, &fb_info, NULL, &fb));
	}
	desc.render_pass = pass;
	for (uint32_t i = 0; i < 2; i++) {
		desc.subpass = i;
		vk_gfx_pipe_create(&s.dev, &desc, &pipes[i]);
	}
	vk_gfx_rect(s.vertices.map, 0, 0, W / 2, H, 0, W, H, false);
	vk_gfx_rect((struct vk_vtx3 *)s.vertices.map + 6, W / 2, H / 2, W, H, 0, W, H, false);
	{
		const VkRenderPassBeginInfo begin = {
			.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
			.renderPass = pass, .framebuffer = fb,
			.renderArea = { { 0, 0 }, { W, H } },
			.clearValueCount = 1, .pClearValues = &clear,
		};

		vkCmdBeginRenderPass(s.cmd, &begin, VK_SUBPASS_CONTENTS_INLINE);
	}
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[0].pipeline);
	bind_vertices(&s);
	vkCmdPushConstants(s.cmd, pipes[0].layout, stages, 0, 4, &(uint32_t){ 1 });
	vkCmdDraw(s.cmd, 6, 1, 0, 0);
	vkCmdNextSubpass(s.cmd, VK_SUBPASS_CONTENTS_INLINE);
	vkCmdClearAttachments(s.cmd, 1, &clear_att, 1, &clear_rect);
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[1].pipeline);
	vkCmdPushConstants(s.cmd, pipes[1].layout, stages, 0, 4, &(uint32_t){ 2 });
	vkCmdDraw(s.cmd, 6, 1, 6, 0);
	vkCmdEndRenderPass(s.cmd);
	vk_target_read(s.cmd, &s.color, VK_IMAGE_ASPECT_COLOR_BIT, 0, s.readback.buffer);
	vk_cmd_submit_wait(&s.dev, s.cmd, 0);

	fill(expected, W, 0, 0, W, H, 7);
	fill(expected, W, 0, 0, W / 2, H, 1);
	fill(expected, W, 0, 0, W, 2, 9);
	fill(expected, W, W / 2, H / 2, W, H, 2);
	check_uint(&s, expected);
	for (int i = 0; i < 2; i++)
		vk_gfx_pipe_destroy(&s.dev, &pipes[i]);
	vkDestroyFramebuffer(s.dev.device, fb, NULL);
	vkDestroyRenderPass(s.dev.device, pass, NULL);
	scene_destroy(&s);
}
