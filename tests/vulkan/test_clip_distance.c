/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Clip and cull distances (shaderClipDistance, shaderCullDistance)
 *
 * shaders/io_clip.vert declares two clip distances and one cull distance
 * (3 of maxCombinedClipAndCullDistances): the clip distances keep x >= a
 * cut and y <= another, in clip coordinates, and the vertex's z is its
 * cull distance. A clip distance is interpolated linearly and cuts the
 * primitive where it crosses 0: with the cuts between pixel centres the
 * coverage is exact. A cull distance never cuts: a primitive all of whose
 * vertices have a negative one is dropped whole, one with a single
 * negative vertex is drawn whole. A fragment shader reads the distances
 * interpolated (at pixel centres: exact multiples of 1/32 here, read
 * rounded).
 */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <string.h>

#define W 16
#define H 8

struct clip_scene {
	struct vk_dev dev;
	struct vk_target color;
	struct vk_buf vertices, readback;
	struct vk_gfx_pipe pipe;
	struct vk_vtx3 *v;
};

/* The scene with fragment shader @fs (io_one.frag: coverage). */
static void clip_scene_init(struct clip_scene *s, const uint32_t *fs, size_t fs_size)
{
	static const VkPhysicalDeviceFeatures features = {
		.shaderClipDistance = VK_TRUE, .shaderCullDistance = VK_TRUE,
	};
	static const VkVertexInputBindingDescription binding = {
		0, sizeof(struct vk_vtx3), VK_VERTEX_INPUT_RATE_VERTEX,
	};
	static const VkVertexInputAttributeDescription attribute = {
		0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0,
	};
	const struct vk_gfx_desc d = {
		.vs = io_clip_vert_spv, .vs_size = io_clip_vert_spv_size,
		.fs = fs, .fs_size = fs_size,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
		.bindings = &binding, .binding_count = 1,
		.attributes = &attribute, .attribute_count = 1,
		.color_format = VK_FORMAT_R32_UINT,
		.width = W, .height = H, .push_size = 8,
	};

	vk_gfx_dev_create(&s->dev, &features);
	REQUIRE(s->dev.props.limits.maxClipDistances >= 2);
	REQUIRE(s->dev.props.limits.maxCullDistances >= 1);
	REQUIRE(s->dev.props.limits.maxCombinedClipAndCullDistances >= 3);
	vk_target_create(&s->dev, VK_FORMAT_R32_UINT, W, H, 1, VK_SAMPLE_COUNT_1_BIT, &s->color);
	vk_buf_create(&s->dev, 4096, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &s->vertices);
	vk_buf_create(&s->dev, 4 * W * H, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &s->readback);
	vk_gfx_pipe_create(&s->dev, &d, &s->pipe);
	s->v = s->vertices.map;
}

static void clip_scene_destroy(struct clip_scene *s)
{
	vk_gfx_pipe_destroy(&s->dev, &s->pipe);
	vk_buf_destroy(&s->dev, &s->vertices);
	vk_buf_destroy(&s->dev, &s->readback);
	vk_target_destroy(&s->dev, &s->color);
	vk_dev_destroy(&s->dev);
}

/* Adds the rectangle [x0, x1) x [y0, y1) in pixels with cull distance @cull at each vertex. */
static struct vk_vtx3 *clip_rect(struct clip_scene *s, float x0, float y0, float x1, float y1,
				 float cull)
{
	struct vk_vtx3 *first = s->v;

	vk_gfx_rect(s->v, x0, y0, x1, y1, cull, W, H, true);
	s->v += 6;
	return first;
}

/* Draws the vertices with the clip distances' cuts at pixel (@cut_x, @cut_y); reads back. */
static void clip_draw(struct clip_scene *s, float cut_x, float cut_y)
{
	const float cut[2] = { vk_ndc(cut_x, W), vk_ndc(cut_y, H) };
	VkCommandBuffer cmd = vk_cmd_begin(&s->dev);

	vk_target_layout(cmd, &s->color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	vk_gfx_begin(cmd, &s->color, NULL, &(VkClearValue){ .color.uint32 = { 0 } }, NULL);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, s->pipe.pipeline);
	vkCmdPushConstants(cmd, s->pipe.layout, VK_SHADER_STAGE_VERTEX_BIT |
			   VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(cut), cut);
	vkCmdBindVertexBuffers(cmd, 0, 1, &s->vertices.buffer, &(VkDeviceSize){ 0 });
	vkCmdDraw(cmd, (uint32_t)(s->v - (struct vk_vtx3 *)s->vertices.map), 1, 0, 0);
	vkCmdEndRendering(cmd);
	vk_target_layout(cmd, &s->color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(cmd, &s->color, VK_IMAGE_ASPECT_COLOR_BIT, 0, s->readback.buffer);
	vk_cmd_submit_wait(&s->dev, cmd, 0);
}

/*
 * The whole target, cut at x = 5.25 and y = 5.75 pixels: the pixels whose
 * centres lie inside both, [5, 16) x [0, 6), and only those.
 */
VK_TEST(clip_distance_cut, "clip-distance-cuts-between-pixel-centres")
{
	struct clip_scene s;
	uint32_t expected[W * H] = { 0 };

	clip_scene_init(&s, io_one_frag_spv, io_one_frag_spv_size);
	clip_rect(&s, 0, 0, W, H, 1.0f);
	clip_draw(&s, 5.25f, 5.75f);
	vk_gfx_fill(expected, W, 5, 0, W, 6, 1);
	vk_gfx_check_uint(s.readback.map, expected, W, H, "clipped coverage");
	clip_scene_destroy(&s);
}

/*
 * Cull distances, the clip distances positive everywhere: [0, 4) with
 * cull distance 1 is drawn, [4, 8) with -1 at every vertex is dropped,
 * [8, 16) with -1 at the first vertex of each triangle is drawn whole.
 */
VK_TEST(cull_distance, "cull-distance-drops-whole-primitives")
{
	struct clip_scene s;
	struct vk_vtx3 *mixed;
	uint32_t expected[W * H] = { 0 };

	clip_scene_init(&s, io_one_frag_spv, io_one_frag_spv_size);
	clip_rect(&s, 0, 0, 4, H, 1.0f);
	clip_rect(&s, 4, 0, 8, H, -1.0f);
	mixed = clip_rect(&s, 8, 0, W, H, 1.0f);
	mixed[0].z = -1.0f;
	mixed[3].z = -1.0f;
	clip_draw(&s, -W, 2 * H);
	vk_gfx_fill(expected, W, 0, 0, 4, H, 1);
	vk_gfx_fill(expected, W, 8, 0, W, H, 1);
	vk_gfx_check_uint(s.readback.map, expected, W, H, "culled coverage");
	clip_scene_destroy(&s);
}

/*
 * The clip test's cut read back in the fragment shader: at the centre of
 * pixel (x, y), clip distance 0 is (x - 4.75) / 8 and clip distance 1 is
 * (5.25 - y) / 4 in clip coordinates; the cull distance is 1.
 */
VK_TEST(clip_distance_read, "clip-distance-fragment-reads-interpolated")
{
	struct clip_scene s;
	uint32_t expected[W * H] = { 0 };

	clip_scene_init(&s, io_clip_read_frag_spv, io_clip_read_frag_spv_size);
	clip_rect(&s, 0, 0, W, H, 1.0f);
	clip_draw(&s, 5.25f, 5.75f);
	for (uint32_t y = 0; y < 6; y++)
		for (uint32_t x = 5; x < W; x++)
			expected[y * W + x] = (4 * x - 19 + 128) | (21 - 4 * y + 128) << 8 |
					      129u << 16;
	vk_gfx_check_uint(s.readback.map, expected, W, H, "distances read");
	clip_scene_destroy(&s);
}
