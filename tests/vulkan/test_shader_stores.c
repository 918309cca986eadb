/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Stores and atomics from vertex and fragment shaders, and sample-rate shading
 *
 * fragmentStoresAndAtomics and vertexPipelineStoresAndAtomics: the shaders
 * leave a trace in a storage buffer (shaders/io_count.frag,
 * io_sample_id.frag, io_vertex_store.vert) that is read after the render
 * pass through a barrier from the shader stages to the host. Helper
 * invocations have no side effects, so pixels next to a primitive (in its
 * quads) keep no trace; fragments the depth test kills before the shader
 * (EarlyFragmentTests) never run. A vertex shader may run more than once
 * per vertex, so its trace is idempotent: a value and a bit per
 * gl_VertexIndex.
 *
 * Rasterizer discard: the vertex shader runs, nothing is rasterized.
 *
 * sampleRateShading, counted with those atomics where Vulkan makes the
 * count exact: minSampleShading 1.0 at 4 samples shades each sample of a
 * fully covered pixel in its own invocation, whose SampleMaskIn holds only
 * that sample; minSampleShading 0.5 runs at least 2 invocations a pixel,
 * which split its samples between them; reading SampleId or
 * SamplePosition shades every covered sample once, with its index and its
 * standard location (R4), where its Sample-decorated inputs are
 * interpolated.
 */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <string.h>

#define W 16
#define H 8

/* Vulkan's standard locations of 4 samples, in pixels. */
static const float sample_x[4] = { 0.375f, 0.875f, 0.125f, 0.625f };
static const float sample_y[4] = { 0.125f, 0.375f, 0.625f, 0.875f };

/* The trace of io_count.frag where exactly the pixels of @inside (1) ran @per_pixel times. */
static void check_count_trace(const struct vk_scene *s, const uint32_t *inside,
			      uint32_t per_pixel, uint32_t mask)
{
	const uint32_t *trace = s->trace.map;
	uint32_t count[W * H], masks[W * H], index[W * H], total = 0;

	for (uint32_t i = 0; i < W * H; i++) {
		count[i] = inside[i] * per_pixel;
		masks[i] = inside[i] * mask;
		index[i] = inside[i] * (i + 1);
		total += count[i];
	}
	vk_scene_check_trace(s, 3, 0, count, "invocations");
	vk_scene_check_trace(s, 3, 1, masks, "SampleMaskIn union");
	vk_scene_check_trace(s, 3, 2, index, "stored index");
	REQUIRE_EQ(trace[0], total);
	/* Each invocation's SampleMaskIn has one bit: one sample, or one of 4 shaded alone. */
	REQUIRE_EQ(trace[1], total);
}

static const VkPhysicalDeviceFeatures fragment_stores = { .fragmentStoresAndAtomics = VK_TRUE };

/*
 * A rectangle from odd pixel coordinates: its quads on the left and top
 * edges have uncovered pixels, which run as helpers and must store nothing.
 */
VK_TEST(stores_fragment_helpers, "stores-fragment-atomics-no-helper-side-effects")
{
	struct vk_scene s;
	struct vk_gfx_pipe p;
	uint32_t inside[W * H] = { 0 };

	vk_scene_init(&s, &fragment_stores, W, H, VK_SAMPLE_COUNT_1_BIT, false);
	vk_scene_rect(&s, 1, 1, 10, 7, 0.5f);
	const struct vk_gfx_desc d = vk_scene_desc(&s, gfx_pos_vert_spv, gfx_pos_vert_spv_size,
						io_count_frag_spv, io_count_frag_spv_size);
	vk_gfx_pipe_create(&s.dev, &d, &p);
	vk_scene_draw(&s, &p, 1.0f);
	vk_scene_finish(&s);
	vk_gfx_fill(inside, W, 1, 1, 10, 7, 1);
	check_count_trace(&s, inside, 1, 1);
	vk_gfx_check_uint(s.readback.map, inside, W, H, "colour");
	vk_gfx_pipe_destroy(&s.dev, &p);
	vk_scene_destroy(&s);
}

/*
 * EarlyFragmentTests: depth cleared to 0.5, LESS, no writes. A rectangle
 * over the whole target at depth 0.75 fails everywhere, one at 0.25 over
 * [3, 13) x [2, 6) passes: only its pixels run the shader.
 */
VK_TEST(stores_fragment_early_tests, "stores-fragment-early-tests-killed-never-run")
{
	static const VkPipelineDepthStencilStateCreateInfo less = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
		.depthTestEnable = VK_TRUE, .depthCompareOp = VK_COMPARE_OP_LESS,
	};
	struct vk_scene s;
	struct vk_gfx_pipe p;
	uint32_t inside[W * H] = { 0 };

	vk_scene_init(&s, &fragment_stores, W, H, VK_SAMPLE_COUNT_1_BIT, true);
	vk_scene_rect(&s, 0, 0, W, H, 0.75f);
	vk_scene_rect(&s, 3, 2, 13, 6, 0.25f);
	struct vk_gfx_desc d = vk_scene_desc(&s, gfx_pos_vert_spv, gfx_pos_vert_spv_size,
					  io_count_early_frag_spv, io_count_early_frag_spv_size);
	d.depth_stencil = &less;
	vk_gfx_pipe_create(&s.dev, &d, &p);
	vk_scene_draw(&s, &p, 0.5f);
	vk_scene_finish(&s);
	vk_gfx_fill(inside, W, 3, 2, 13, 6, 1);
	check_count_trace(&s, inside, 1, 1);
	vk_gfx_check_uint(s.readback.map, inside, W, H, "colour");
	vk_gfx_pipe_destroy(&s.dev, &p);
	vk_scene_destroy(&s);
}

/*
 * vertexPipelineStoresAndAtomics: an indexed draw of a rectangle's six
 * vertices with vertexOffset 10 (indices reversed): gl_VertexIndex 10..15
 * store their value and set their bit; nothing else is written.
 */
VK_TEST(stores_vertex, "stores-vertex-by-vertex-index")
{
	static const VkPhysicalDeviceFeatures features = {
		.vertexPipelineStoresAndAtomics = VK_TRUE,
	};
	static const uint16_t indices[6] = { 5, 4, 3, 2, 1, 0 };
	const uint32_t *trace;
	struct vk_scene s;
	struct vk_gfx_pipe p;
	struct vk_buf index;
	uint32_t inside[W * H] = { 0 };
	const uint32_t width = W;

	vk_scene_init(&s, &features, W, H, VK_SAMPLE_COUNT_1_BIT, false);
	s.v += 10;
	vk_scene_rect(&s, 2, 1, 6, 5, 0.5f);
	vk_buf_create(&s.dev, sizeof(indices), VK_BUFFER_USAGE_INDEX_BUFFER_BIT, &index);
	memcpy(index.map, indices, sizeof(indices));
	const struct vk_gfx_desc d = vk_scene_desc(&s, io_vertex_store_vert_spv,
						io_vertex_store_vert_spv_size, io_one_frag_spv,
						io_one_frag_spv_size);
	vk_gfx_pipe_create(&s.dev, &d, &p);
	vk_gfx_begin(s.cmd, &s.color, NULL, &(VkClearValue){ .color.uint32 = { 0 } }, NULL);
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p.pipeline);
	vkCmdBindDescriptorSets(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p.layout, 0, 1,
				&s.storage.set, 0, NULL);
	vkCmdPushConstants(s.cmd, p.layout, VK_SHADER_STAGE_VERTEX_BIT |
			   VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(width), &width);
	vkCmdBindVertexBuffers(s.cmd, 0, 1, &s.vertices.buffer, &(VkDeviceSize){ 0 });
	vkCmdBindIndexBuffer(s.cmd, index.buffer, 0, VK_INDEX_TYPE_UINT16);
	vkCmdDrawIndexed(s.cmd, 6, 1, 0, 10, 0);
	vkCmdEndRendering(s.cmd);
	vk_scene_finish(&s);
	trace = s.trace.map;
	REQUIRE_EQ(trace[0], 0xfc00u);
	REQUIRE_EQ(trace[1], 0u);
	for (uint32_t i = 0; i < 64; i++)
		REQUIRE_EQ(trace[2 + i], i >= 10 && i < 16 ? i * 7 + 1 : 0u);
	vk_gfx_fill(inside, W, 2, 1, 6, 5, 1);
	vk_gfx_check_uint(s.readback.map, inside, W, H, "colour");
	vk_buf_destroy(&s.dev, &index);
	vk_gfx_pipe_destroy(&s.dev, &p);
	vk_scene_destroy(&s);
}

/*
 * Rasterizer discard: primitives are discarded after the vertex shader,
 * which still runs. Three indexed draws of six vertices (vertexOffset 10,
 * 16 and 24): a pipeline with a static discard (its viewport state is then
 * ignored, so the driver may not rely on it), a pipeline with the dynamic
 * state set to discard, then the same pipeline with it set back to false.
 * Every vertex of the three draws stores its trace; only the third draw's
 * rectangle [8, 12) x [2, 6) reaches the colour target.
 */
VK_TEST(stores_vertex_rasterizer_discard, "rasterizer-discard-vertex-stores-no-fragments")
{
	static const VkPhysicalDeviceFeatures features = {
		.vertexPipelineStoresAndAtomics = VK_TRUE,
	};
	static const uint16_t indices[6] = { 5, 4, 3, 2, 1, 0 };
	static const VkPipelineRasterizationStateCreateInfo discard = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
		.rasterizerDiscardEnable = VK_TRUE,
		.polygonMode = VK_POLYGON_MODE_FILL, .cullMode = VK_CULL_MODE_NONE,
		.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE, .lineWidth = 1.0f,
	};
	static const VkDynamicState dynamic_discard = VK_DYNAMIC_STATE_RASTERIZER_DISCARD_ENABLE;
	const uint32_t *trace;
	struct vk_scene s;
	struct vk_gfx_pipe statically, dynamically;
	struct vk_buf index;
	uint32_t inside[W * H] = { 0 };
	const uint32_t width = W;

	vk_scene_init(&s, &features, W, H, VK_SAMPLE_COUNT_1_BIT, false);
	s.v += 10;
	vk_scene_rect(&s, 2, 1, 6, 5, 0.5f);
	vk_scene_rect(&s, 2, 1, 6, 5, 0.5f);
	s.v += 2;
	vk_scene_rect(&s, 8, 2, 12, 6, 0.5f);
	vk_buf_create(&s.dev, sizeof(indices), VK_BUFFER_USAGE_INDEX_BUFFER_BIT, &index);
	memcpy(index.map, indices, sizeof(indices));
	struct vk_gfx_desc d = vk_scene_desc(&s, io_vertex_store_vert_spv,
					  io_vertex_store_vert_spv_size, io_one_frag_spv,
					  io_one_frag_spv_size);
	d.raster = &discard;
	vk_gfx_pipe_create(&s.dev, &d, &statically);
	d.raster = NULL;
	d.dynamic = &dynamic_discard;
	d.dynamic_count = 1;
	vk_gfx_pipe_create(&s.dev, &d, &dynamically);
	vk_gfx_begin(s.cmd, &s.color, NULL, &(VkClearValue){ .color.uint32 = { 0 } }, NULL);
	vkCmdBindDescriptorSets(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, statically.layout, 0, 1,
				&s.storage.set, 0, NULL);
	vkCmdPushConstants(s.cmd, statically.layout, VK_SHADER_STAGE_VERTEX_BIT |
			   VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(width), &width);
	vkCmdBindVertexBuffers(s.cmd, 0, 1, &s.vertices.buffer, &(VkDeviceSize){ 0 });
	vkCmdBindIndexBuffer(s.cmd, index.buffer, 0, VK_INDEX_TYPE_UINT16);
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, statically.pipeline);
	vkCmdDrawIndexed(s.cmd, 6, 1, 0, 10, 0);
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, dynamically.pipeline);
	vkCmdSetRasterizerDiscardEnable(s.cmd, VK_TRUE);
	vkCmdDrawIndexed(s.cmd, 6, 1, 0, 16, 0);
	vkCmdSetRasterizerDiscardEnable(s.cmd, VK_FALSE);
	vkCmdDrawIndexed(s.cmd, 6, 1, 0, 24, 0);
	vkCmdEndRendering(s.cmd);
	vk_scene_finish(&s);
	trace = s.trace.map;
	REQUIRE_EQ(trace[0], 0x3f3ffc00u);
	REQUIRE_EQ(trace[1], 0u);
	for (uint32_t i = 0; i < 64; i++)
		REQUIRE_EQ(trace[2 + i], (i >= 10 && i < 22) || (i >= 24 && i < 30) ?
			   i * 7 + 1 : 0u);
	vk_gfx_fill(inside, W, 8, 2, 12, 6, 1);
	vk_gfx_check_uint(s.readback.map, inside, W, H, "colour");
	vk_buf_destroy(&s.dev, &index);
	vk_gfx_pipe_destroy(&s.dev, &dynamically);
	vk_gfx_pipe_destroy(&s.dev, &statically);
	vk_scene_destroy(&s);
}

static const VkPhysicalDeviceFeatures sample_shading = {
	.fragmentStoresAndAtomics = VK_TRUE, .sampleRateShading = VK_TRUE,
};

/*
 * minSampleShading 1.0 at 4 samples over the fully covered pixels [2, 6)
 * x [1, 5): four invocations a pixel, each with one bit of SampleMaskIn,
 * together all four. The shader reads neither SampleId nor SamplePosition.
 */
VK_TEST(sample_shading_min_one, "sample-shading-min-1-shades-every-sample")
{
	struct vk_scene s;
	struct vk_gfx_pipe p;
	uint32_t inside[W * H] = { 0 };

	vk_scene_init(&s, &sample_shading, W, H, VK_SAMPLE_COUNT_4_BIT, false);
	vk_scene_rect(&s, 2, 1, 6, 5, 0.5f);
	struct vk_gfx_desc d = vk_scene_desc(&s, gfx_pos_vert_spv, gfx_pos_vert_spv_size,
					  io_count_frag_spv, io_count_frag_spv_size);
	d.min_sample_shading = 1.0f;
	vk_gfx_pipe_create(&s.dev, &d, &p);
	vk_scene_draw(&s, &p, 1.0f);
	vk_scene_finish(&s);
	vk_gfx_fill(inside, W, 2, 1, 6, 5, 1);
	check_count_trace(&s, inside, 4, 0xf);
	vk_gfx_pipe_destroy(&s.dev, &p);
	vk_scene_destroy(&s);
}

/* The samples of pixel (@px, @py) inside [2.5, 6) x [0, 4.5): no sample lies on an edge. */
static uint32_t half_pixel_coverage(uint32_t px, uint32_t py)
{
	uint32_t mask = 0;

	for (int k = 0; k < 4; k++) {
		const float x = (float)px + sample_x[k], y = (float)py + sample_y[k];

		if (x > 2.5f && x < 6.0f && y < 4.5f)
			mask |= 1u << k;
	}
	return mask;
}

/*
 * SampleId and SamplePosition: a rectangle whose left and bottom edges
 * cut pixels in half covers, in each pixel, the samples at the standard
 * locations inside it; each covered sample runs once with its index and
 * its location, without sampleShadingEnable, and its Sample input, the
 * position in pixels, is interpolated there (read rounded to 1/256).
 */
VK_TEST(sample_shading_sample_id, "sample-shading-sample-id-position-standard-locations")
{
	const uint32_t *trace;
	struct vk_scene s;
	struct vk_gfx_pipe p;
	uint32_t ids[W * H], counts[W * H], total = 0;

	vk_scene_init(&s, &sample_shading, W, H, VK_SAMPLE_COUNT_4_BIT, false);
	vk_scene_rect(&s, 2.5f, 0, 6, 4.5f, 0.5f);
	const struct vk_gfx_desc d = vk_scene_desc(&s, io_pixel_vert_spv, io_pixel_vert_spv_size,
						io_sample_id_frag_spv, io_sample_id_frag_spv_size);
	vk_gfx_pipe_create(&s.dev, &d, &p);
	vk_scene_draw(&s, &p, 1.0f);
	vk_scene_finish(&s);
	trace = s.trace.map;
	for (uint32_t i = 0; i < W * H; i++) {
		ids[i] = half_pixel_coverage(i % W, i / W);
		counts[i] = (uint32_t)__builtin_popcount(ids[i]);
		total += counts[i];
	}
	vk_scene_check_trace(&s, 10, 0, ids, "SampleId union");
	vk_scene_check_trace(&s, 10, 1, counts, "invocations");
	REQUIRE_EQ(trace[0], total);
	for (uint32_t i = 0; i < W * H; i++)
		for (uint32_t k = 0; k < 4; k++) {
			const uint32_t x = (uint32_t)(sample_x[k] * 256.0f);
			const uint32_t y = (uint32_t)(sample_y[k] * 256.0f);

			if (!(ids[i] & (1u << k)))
				continue;
			REQUIRE_EQ(trace[2 + 10 * i + 2 + k], x | y << 16);
			REQUIRE_EQ(trace[2 + 10 * i + 6 + k], x | y << 16);
		}
	vk_gfx_pipe_destroy(&s.dev, &p);
	vk_scene_destroy(&s);
}

/*
 * minSampleShading 1.0 on a shader that asks nothing per sample
 * (shaders/io_sample_coord.frag) over the fully covered pixels [2, 6) x
 * [1, 5): four invocations a pixel, and gl_FragCoord is each time one of
 * the standard sample locations, each once, never the pixel centre
 * (Vulkan's FragCoord under sample shading). Where its plain input is
 * interpolated is the implementation's choice (anywhere in the pixel):
 * Ember's is the sample (firmware/tests/test_gfx_wave.c), lavapipe's the
 * centre, so the test counts it but does not hold either to it.
 */
VK_TEST(sample_shading_frag_coord, "sample-shading-min-1-frag-coord-at-the-samples")
{
	const uint32_t *pixel;
	struct vk_scene s;
	struct vk_gfx_pipe p;
	uint32_t total = 0, elsewhere = 0;

	vk_scene_init(&s, &sample_shading, W, H, VK_SAMPLE_COUNT_4_BIT, false);
	vk_scene_rect(&s, 2, 1, 6, 5, 0.5f);
	struct vk_gfx_desc d = vk_scene_desc(&s, io_pixel_vert_spv, io_pixel_vert_spv_size,
					  io_sample_coord_frag_spv, io_sample_coord_frag_spv_size);
	d.min_sample_shading = 1.0f;
	vk_gfx_pipe_create(&s.dev, &d, &p);
	vk_scene_draw(&s, &p, 1.0f);
	vk_scene_finish(&s);
	pixel = (const uint32_t *)s.trace.map + 2;
	for (uint32_t y = 0; y < H; y++)
		for (uint32_t x = 0; x < W; x++) {
			const uint32_t *w = pixel + 3 * (y * W + x);
			const bool inside = x >= 2 && x < 6 && y >= 1 && y < 5;

			total += w[1];
			elsewhere += w[2];
			if (!inside) {
				REQUIRE_EQ(w[0] | w[1] | w[2], 0u);
				continue;
			}
			if (w[0] & 0x10)
				vk_test_fail(__FILE__, __LINE__,
					     "pixel (%u, %u): FragCoord off the sample locations", x, y);
			REQUIRE_EQ(w[0], 0xfu);
			REQUIRE_EQ(w[1], 4u);
		}
	REQUIRE_EQ(((const uint32_t *)s.trace.map)[0], total);
	printf("# plain input away from FragCoord in %u of %u invocations\n", elsewhere, total);
	vk_gfx_pipe_destroy(&s.dev, &p);
	vk_scene_destroy(&s);
}

/*
 * minSampleShading 0.5 at 4 samples over the fully covered pixels [2, 6)
 * x [1, 5): at least ceil(0.5 * 4) = 2 invocations a pixel (at most 4),
 * whose SampleMaskIn split the pixel's samples between them: together all
 * four, each sample in one invocation only (the bits of all SampleMaskIn
 * add up to 4 a pixel).
 */
VK_TEST(sample_shading_half, "sample-shading-min-0.5-at-least-2-invocations")
{
	const uint32_t *pixel, *trace;
	struct vk_scene s;
	struct vk_gfx_pipe p;
	uint32_t total = 0, counts[5] = { 0 };

	vk_scene_init(&s, &sample_shading, W, H, VK_SAMPLE_COUNT_4_BIT, false);
	vk_scene_rect(&s, 2, 1, 6, 5, 0.5f);
	struct vk_gfx_desc d = vk_scene_desc(&s, gfx_pos_vert_spv, gfx_pos_vert_spv_size,
					     io_count_frag_spv, io_count_frag_spv_size);
	d.min_sample_shading = 0.5f;
	vk_gfx_pipe_create(&s.dev, &d, &p);
	vk_scene_draw(&s, &p, 1.0f);
	vk_scene_finish(&s);
	trace = s.trace.map;
	pixel = vk_scene_pixels(&s);
	for (uint32_t y = 0; y < H; y++)
		for (uint32_t x = 0; x < W; x++) {
			const uint32_t *w = pixel + 3 * (y * W + x);
			const bool inside = x >= 2 && x < 6 && y >= 1 && y < 5;

			total += w[0];
			if (!inside) {
				REQUIRE_EQ(w[0] | w[1] | w[2], 0u);
				continue;
			}
			if (w[0] < 2 || w[0] > 4)
				vk_test_fail(__FILE__, __LINE__, "pixel (%u, %u): %u invocations",
					     x, y, w[0]);
			counts[w[0]]++;
			REQUIRE_EQ(w[1], 0xfu);
			REQUIRE_EQ(w[2], y * W + x + 1);
		}
	REQUIRE_EQ(trace[0], total);
	REQUIRE_EQ(trace[1], 4u * 16u);
	printf("# pixels shaded 2, 3, 4 times: %u, %u, %u\n", counts[2], counts[3], counts[4]);
	vk_gfx_pipe_destroy(&s.dev, &p);
	vk_scene_destroy(&s);
}
