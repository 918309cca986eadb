/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Occlusion queries
 *
 * Rectangles whose edges lie on pixel boundaries cover every sample of
 * exactly the pixels inside them, whatever the sample locations, so a
 * precise query's count is exact: pixels x samples. Imprecise queries are
 * only held to "zero when nothing passed, non-zero otherwise" (the
 * specification lets them count anything else). Results are read with
 * vkGetQueryPoolResults and vkCmdCopyQueryPoolResults in 32 and 64 bits,
 * with and without availability, waiting and partial; pools are reset on
 * the device (vkCmdResetQueryPool) and on the host (vkResetQueryPool,
 * hostQueryReset). Under multiview a query is as many queries as views,
 * whose sum is the count over every view (how the count is spread is the
 * implementation's choice).
 */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <string.h>

#define TW 16
#define TH 16

/* A vertex of the gfx_color pipeline: a clip-space position and a colour. */
struct cvtx {
	float x, y;
	float r, g, b, a;
};

static const VkVertexInputBindingDescription color_binding = {
	0, sizeof(struct cvtx), VK_VERTEX_INPUT_RATE_VERTEX,
};
static const VkVertexInputAttributeDescription color_attributes[] = {
	{ 0, 0, VK_FORMAT_R32G32_SFLOAT, 0 },
	{ 1, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 8 },
};

/* Six vertices of the pixel rectangle [x0, x1) x [y0, y1) of a TW x TH target, opaque white. */
static void rect(struct cvtx *v, float x0, float y0, float x1, float y1)
{
	const float xs[6] = { x0, x1, x0, x1, x1, x0 }, ys[6] = { y0, y0, y1, y0, y1, y1 };

	for (int i = 0; i < 6; i++)
		v[i] = (struct cvtx) { vk_ndc(xs[i], TW), vk_ndc(ys[i], TH), 1, 1, 1, 1 };
}

static struct vk_gfx_desc color_desc(VkSampleCountFlagBits samples)
{
	return (struct vk_gfx_desc) {
		.vs = gfx_color_vert_spv, .vs_size = gfx_color_vert_spv_size,
		.fs = gfx_color_frag_spv, .fs_size = gfx_color_frag_spv_size,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
		.bindings = &color_binding, .binding_count = 1,
		.attributes = color_attributes, .attribute_count = 2,
		.color_format = VK_FORMAT_R8G8B8A8_UNORM,
		.samples = samples, .width = TW, .height = TH,
	};
}

/*
 * A device with a graphics queue, occlusionQueryPrecise, hostQueryReset
 * and, with @multiview, multiview; with @inherited, inheritedQueries.
 */
static void query_dev_create_ex(struct vk_dev *dev, bool multiview, bool inherited)
{
	VkPhysicalDeviceVulkan11Features f11 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
		.multiview = multiview,
	};
	VkPhysicalDeviceVulkan12Features f12 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
		.pNext = &f11, .hostQueryReset = VK_TRUE,
	};
	VkPhysicalDeviceVulkan13Features f13 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
		.pNext = &f12, .dynamicRendering = VK_TRUE, .synchronization2 = VK_TRUE,
	};
	struct vk_dev_options options = {
		.features = &f13, .api_version = VK_API_VERSION_1_3,
		.core = { .occlusionQueryPrecise = VK_TRUE, .inheritedQueries = inherited },
	};
	VkQueueFamilyProperties families[8];
	uint32_t n = 8;

	vk_dev_create(dev, &options);
	vkGetPhysicalDeviceQueueFamilyProperties(dev->physical, &n, families);
	if (!(families[dev->family].queueFlags & VK_QUEUE_GRAPHICS_BIT)) {
		vk_dev_destroy(dev);
		vk_test_skip("the device has no graphics queue");
	}
}

static void query_dev_create(struct vk_dev *dev, bool multiview)
{
	query_dev_create_ex(dev, multiview, false);
}

static VkQueryPool pool_create(struct vk_dev *dev, uint32_t count)
{
	const VkQueryPoolCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
		.queryType = VK_QUERY_TYPE_OCCLUSION,
		.queryCount = count,
	};
	VkQueryPool pool;

	VK_CHECK(vkCreateQueryPool(dev->device, &info, NULL, &pool));
	return pool;
}

/* What the tests share: a device, a colour target, vertices and a pipeline. */
struct qscene {
	struct vk_dev dev;
	struct vk_target color, depth;
	struct vk_buf vertices;
	struct vk_gfx_pipe pipe;
	VkCommandBuffer cmd;
};

/* The scene on a device with inheritedQueries when @inherited. */
static void qscene_init_ex(struct qscene *s, VkSampleCountFlagBits samples,
			   const VkPipelineDepthStencilStateCreateInfo *ds, bool inherited)
{
	struct vk_gfx_desc desc = color_desc(samples);

	memset(s, 0, sizeof(*s));
	query_dev_create_ex(&s->dev, false, inherited);
	vk_target_create(&s->dev, VK_FORMAT_R8G8B8A8_UNORM, TW, TH, 1, samples, &s->color);
	if (ds) {
		vk_target_create(&s->dev, VK_FORMAT_D32_SFLOAT, TW, TH, 1, samples, &s->depth);
		desc.depth_format = VK_FORMAT_D32_SFLOAT;
		desc.depth_stencil = ds;
	}
	vk_buf_create(&s->dev, 4096, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &s->vertices);
	vk_gfx_pipe_create(&s->dev, &desc, &s->pipe);
	s->cmd = vk_cmd_begin(&s->dev);
	vk_target_layout(s->cmd, &s->color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	if (ds)
		vk_target_layout(s->cmd, &s->depth, VK_IMAGE_LAYOUT_UNDEFINED,
				 VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
}

static void qscene_init(struct qscene *s, VkSampleCountFlagBits samples,
			const VkPipelineDepthStencilStateCreateInfo *ds)
{
	qscene_init_ex(s, samples, ds, false);
}

static void qscene_destroy(struct qscene *s)
{
	vk_gfx_pipe_destroy(&s->dev, &s->pipe);
	vk_buf_destroy(&s->dev, &s->vertices);
	if (s->depth.image)
		vk_target_destroy(&s->dev, &s->depth);
	vk_target_destroy(&s->dev, &s->color);
	vk_dev_destroy(&s->dev);
}

/* Begins rendering into the scene's targets (clearing colour, depth to @depth) and binds. */
static void qscene_begin(struct qscene *s, bool clear, float depth)
{
	const VkClearValue color_clear = { .color.float32 = { 0, 0, 0, 0 } };
	const VkClearValue depth_clear = { .depthStencil = { depth, 0 } };
	const VkDeviceSize offset = 0;

	vk_gfx_begin(s->cmd, &s->color, s->depth.image ? &s->depth : NULL,
		     clear ? &color_clear : NULL, clear ? &depth_clear : NULL);
	vkCmdBindPipeline(s->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, s->pipe.pipeline);
	vkCmdBindVertexBuffers(s->cmd, 0, 1, &s->vertices.buffer, &offset);
}

static uint64_t result64(struct vk_dev *dev, VkQueryPool pool, uint32_t query)
{
	uint64_t v = ~0ull;

	VK_CHECK(vkGetQueryPoolResults(dev->device, pool, query, 1, sizeof(v), &v, sizeof(v),
				       VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
	return v;
}

/*
 * Precise queries count every sample exactly: rectangles of 8x8 and 4x2
 * pixels (1 and 4 samples), one query over two draws, one across two
 * render pass instances (begun and ended outside them), one with no draw.
 */
static void precise_counts(VkSampleCountFlagBits samples)
{
	struct qscene s;
	VkQueryPool pool;
	struct cvtx *v;

	qscene_init(&s, samples, NULL);
	pool = pool_create(&s.dev, 4);
	v = s.vertices.map;
	rect(v, 2, 4, 10, 12);		/* 64 pixels */
	rect(v + 6, 12, 0, 16, 2);	/* 8 pixels */
	vkCmdResetQueryPool(s.cmd, pool, 0, 4);
	qscene_begin(&s, true, 1.0f);
	vkCmdBeginQuery(s.cmd, pool, 0, VK_QUERY_CONTROL_PRECISE_BIT);
	vkCmdDraw(s.cmd, 6, 1, 0, 0);
	vkCmdEndQuery(s.cmd, pool, 0);
	vkCmdBeginQuery(s.cmd, pool, 1, VK_QUERY_CONTROL_PRECISE_BIT);
	vkCmdDraw(s.cmd, 6, 1, 6, 0);
	vkCmdDraw(s.cmd, 6, 1, 0, 0);
	vkCmdEndQuery(s.cmd, pool, 1);
	vkCmdEndRendering(s.cmd);
	/* Query 2 spans two render pass instances, each drawing the small rectangle. */
	vkCmdBeginQuery(s.cmd, pool, 2, VK_QUERY_CONTROL_PRECISE_BIT);
	qscene_begin(&s, false, 1.0f);
	vkCmdDraw(s.cmd, 6, 1, 6, 0);
	vkCmdEndRendering(s.cmd);
	qscene_begin(&s, false, 1.0f);
	vkCmdDraw(s.cmd, 6, 1, 6, 0);
	vkCmdEndRendering(s.cmd);
	vkCmdEndQuery(s.cmd, pool, 2);
	/* Query 3 covers no draw. */
	vkCmdBeginQuery(s.cmd, pool, 3, VK_QUERY_CONTROL_PRECISE_BIT);
	vkCmdEndQuery(s.cmd, pool, 3);
	vk_cmd_submit_wait(&s.dev, s.cmd, 0);

	REQUIRE_EQ(result64(&s.dev, pool, 0), 64 * samples);
	REQUIRE_EQ(result64(&s.dev, pool, 1), 72 * samples);
	REQUIRE_EQ(result64(&s.dev, pool, 2), 16 * samples);
	REQUIRE_EQ(result64(&s.dev, pool, 3), 0);
	vkDestroyQueryPool(s.dev.device, pool, NULL);
	qscene_destroy(&s);
}

VK_TEST(query_precise_1x, "query-occlusion-precise-exact-1x")
{
	precise_counts(VK_SAMPLE_COUNT_1_BIT);
}

VK_TEST(query_precise_4x, "query-occlusion-precise-exact-4x")
{
	precise_counts(VK_SAMPLE_COUNT_4_BIT);
}

/* Imprecise queries: non-zero when samples passed, zero when none could (no draw). */
VK_TEST(query_imprecise, "query-occlusion-imprecise-zero-nonzero")
{
	const VkPipelineDepthStencilStateCreateInfo ds = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
		.depthTestEnable = VK_TRUE, .depthWriteEnable = VK_TRUE,
		.depthCompareOp = VK_COMPARE_OP_LESS,
	};
	struct qscene s;
	VkQueryPool pool;

	qscene_init(&s, VK_SAMPLE_COUNT_1_BIT, &ds);
	pool = pool_create(&s.dev, 3);
	rect(s.vertices.map, 0, 0, 5, 3);
	vkCmdResetQueryPool(s.cmd, pool, 0, 3);
	/* Depth cleared to 1: z = 0 passes LESS. */
	qscene_begin(&s, true, 1.0f);
	vkCmdBeginQuery(s.cmd, pool, 0, 0);
	vkCmdDraw(s.cmd, 6, 1, 0, 0);
	vkCmdEndQuery(s.cmd, pool, 0);
	vkCmdBeginQuery(s.cmd, pool, 1, 0);
	vkCmdEndQuery(s.cmd, pool, 1);
	vkCmdEndRendering(s.cmd);
	vk_cmd_submit_wait(&s.dev, s.cmd, 0);
	REQUIRE(result64(&s.dev, pool, 0) != 0);
	REQUIRE_EQ(result64(&s.dev, pool, 1), 0);
	vkDestroyQueryPool(s.dev.device, pool, NULL);
	qscene_destroy(&s);
}

/* A depth test that fails every sample: precise and imprecise queries read 0. */
VK_TEST(query_depth_fail, "query-occlusion-depth-fails-everything")
{
	const VkPipelineDepthStencilStateCreateInfo ds = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
		.depthTestEnable = VK_TRUE, .depthWriteEnable = VK_TRUE,
		.depthCompareOp = VK_COMPARE_OP_LESS,
	};
	struct qscene s;
	VkQueryPool pool;

	qscene_init(&s, VK_SAMPLE_COUNT_4_BIT, &ds);
	pool = pool_create(&s.dev, 2);
	rect(s.vertices.map, 0, 0, TW, TH);
	vkCmdResetQueryPool(s.cmd, pool, 0, 2);
	/* Depth cleared to 0: z = 0 never passes LESS. */
	qscene_begin(&s, true, 0.0f);
	vkCmdBeginQuery(s.cmd, pool, 0, VK_QUERY_CONTROL_PRECISE_BIT);
	vkCmdDraw(s.cmd, 6, 1, 0, 0);
	vkCmdEndQuery(s.cmd, pool, 0);
	vkCmdBeginQuery(s.cmd, pool, 1, 0);
	vkCmdDraw(s.cmd, 6, 1, 0, 0);
	vkCmdEndQuery(s.cmd, pool, 1);
	vkCmdEndRendering(s.cmd);
	vk_cmd_submit_wait(&s.dev, s.cmd, 0);
	REQUIRE_EQ(result64(&s.dev, pool, 0), 0);
	REQUIRE_EQ(result64(&s.dev, pool, 1), 0);
	vkDestroyQueryPool(s.dev.device, pool, NULL);
	qscene_destroy(&s);
}

/*
 * Availability: after vkResetQueryPool nothing is available (NOT_READY,
 * availability 0, nothing written without PARTIAL, a value no larger than
 * the final one with it); after the work, every layout and flag of
 * vkGetQueryPoolResults and vkCmdCopyQueryPoolResults gives the count.
 */
VK_TEST(query_results, "query-occlusion-results-availability-partial")
{
	enum { QUERIES = 3, COUNT = 40 /* 8x5 pixels */ };
	static const VkQueryResultFlags layouts[] = {
		0, VK_QUERY_RESULT_64_BIT,
		VK_QUERY_RESULT_WITH_AVAILABILITY_BIT,
		VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT,
	};
	const VkQueryResultFlags extra[] = {
		0, VK_QUERY_RESULT_WAIT_BIT, VK_QUERY_RESULT_PARTIAL_BIT,
		VK_QUERY_RESULT_WAIT_BIT | VK_QUERY_RESULT_PARTIAL_BIT,
	};
	const uint32_t stride = 24;	/* room for two 64-bit values and a guard */
	const size_t combos = sizeof(layouts) / sizeof(layouts[0]) * 4;
	struct qscene s;
	struct vk_buf copies;
	VkQueryPool pool;
	uint8_t host[QUERIES * 24];

	qscene_init(&s, VK_SAMPLE_COUNT_1_BIT, NULL);
	pool = pool_create(&s.dev, QUERIES);
	vkResetQueryPool(s.dev.device, pool, 0, QUERIES);

	/* Unavailable: NOT_READY; only availability (0) is written without PARTIAL. */
	memset(host, 0xab, sizeof(host));
	REQUIRE_EQ(vkGetQueryPoolResults(s.dev.device, pool, 0, QUERIES, sizeof(host), host, stride,
					 VK_QUERY_RESULT_64_BIT |
					 VK_QUERY_RESULT_WITH_AVAILABILITY_BIT),
		   VK_NOT_READY);
	for (int q = 0; q < QUERIES; q++) {
		uint64_t value, avail;

		memcpy(&value, host + q * stride, 8);
		memcpy(&avail, host + q * stride + 8, 8);
		REQUIRE_EQ(value, 0xababababababababull);
		REQUIRE_EQ(avail, 0);
	}
	memset(host, 0xab, sizeof(host));
	vkGetQueryPoolResults(s.dev.device, pool, 0, 1, 8, host, 8,
			      VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_PARTIAL_BIT);
	{
		uint64_t partial;

		memcpy(&partial, host, 8);
		REQUIRE(partial <= COUNT);
	}

	vk_buf_create(&s.dev, combos * QUERIES * stride, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &copies);
	memset(copies.map, 0xab, copies.size);
	rect(s.vertices.map, 3, 6, 11, 11);
	qscene_begin(&s, true, 1.0f);
	for (int q = 0; q < QUERIES; q++) {
		vkCmdBeginQuery(s.cmd, pool, q, VK_QUERY_CONTROL_PRECISE_BIT);
		vkCmdDraw(s.cmd, 6, 1, 0, 0);
		vkCmdEndQuery(s.cmd, pool, q);
	}
	vkCmdEndRendering(s.cmd);
	vk_cmd_barrier(s.cmd);
	for (size_t c = 0; c < combos; c++)
		vkCmdCopyQueryPoolResults(s.cmd, pool, 0, QUERIES, copies.buffer,
					  c * QUERIES * stride, stride,
					  layouts[c / 4] | extra[c % 4]);
	vk_cmd_barrier(s.cmd);
	vk_cmd_submit_wait(&s.dev, s.cmd, 0);

	for (size_t c = 0; c < 2 * combos; c++) {
		const VkQueryResultFlags flags = layouts[(c % combos) / 4] | extra[c % 4];
		const bool wide = flags & VK_QUERY_RESULT_64_BIT;
		const bool avail = flags & VK_QUERY_RESULT_WITH_AVAILABILITY_BIT;
		const uint8_t *base;

		/* First the device's copies, then the host's results with the same flags. */
		if (c < combos) {
			base = (const uint8_t *)copies.map + c * QUERIES * stride;
		} else {
			memset(host, 0xab, sizeof(host));
			VK_CHECK(vkGetQueryPoolResults(s.dev.device, pool, 0, QUERIES, sizeof(host),
						       host, stride, flags));
			base = host;
		}
		for (int q = 0; q < QUERIES; q++) {
			const uint8_t *r = base + q * stride;
			const unsigned int size = wide ? 8 : 4;
			uint64_t value = 0, a = 0, guard = 0;

			memcpy(&value, r, size);
			memcpy(&a, r + size, size);
			memcpy(&guard, r + (avail ? 2 : 1) * size, size);
			if (value != COUNT || (avail && a != 1) ||
			    guard != (wide ? 0xababababababababull : 0xababababull))
				vk_test_fail(__FILE__, __LINE__,
					     "%s flags 0x%x query %d: value %llu, availability %llu, "
					     "next bytes 0x%llx", c < combos ? "copy" : "host",
					     flags, q, (unsigned long long)value,
					     (unsigned long long)a, (unsigned long long)guard);
		}
	}
	vk_buf_destroy(&s.dev, &copies);
	vkDestroyQueryPool(s.dev.device, pool, NULL);
	qscene_destroy(&s);
}

/*
 * vkCmdCopyQueryPoolResults without WAIT or PARTIAL writes nothing for a
 * query still unavailable when the copy executes (reset in the same
 * command buffer and never begun), and its availability as 0; the ended
 * query beside it is copied. Only copies WITH_AVAILABILITY: without it
 * the validation layer calls such a copy an error ("query may return no
 * data"). Lavapipe (Mesa 25's gallium query copy) writes 0 as the
 * unavailable query's result, which the specification does not allow:
 * there only the availability is checked.
 */
VK_TEST(query_copy_unavailable, "query-occlusion-copy-unavailable-writes-no-result")
{
	enum { COUNT = 40 /* 8x5 pixels */, STRIDE = 24 /* two 64-bit values and a guard */ };
	static const VkQueryResultFlags flags[] = {
		VK_QUERY_RESULT_WITH_AVAILABILITY_BIT,
		VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT,
	};
	const size_t n = sizeof(flags) / sizeof(flags[0]);
	struct qscene s;
	struct vk_buf copies;
	VkQueryPool pool;

	qscene_init(&s, VK_SAMPLE_COUNT_1_BIT, NULL);
	pool = pool_create(&s.dev, 2);
	vk_buf_create(&s.dev, n * 2 * STRIDE, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &copies);
	memset(copies.map, 0xab, copies.size);
	rect(s.vertices.map, 3, 6, 11, 11);
	vkCmdResetQueryPool(s.cmd, pool, 0, 2);
	qscene_begin(&s, true, 1.0f);
	vkCmdBeginQuery(s.cmd, pool, 1, VK_QUERY_CONTROL_PRECISE_BIT);
	vkCmdDraw(s.cmd, 6, 1, 0, 0);
	vkCmdEndQuery(s.cmd, pool, 1);
	vkCmdEndRendering(s.cmd);
	vk_cmd_barrier(s.cmd);
	for (size_t c = 0; c < n; c++)
		vkCmdCopyQueryPoolResults(s.cmd, pool, 0, 2, copies.buffer, c * 2 * STRIDE, STRIDE,
					  flags[c]);
	vk_cmd_barrier(s.cmd);
	vk_cmd_submit_wait(&s.dev, s.cmd, 0);

	for (size_t c = 0; c < n; c++) {
		const bool wide = flags[c] & VK_QUERY_RESULT_64_BIT;
		const bool strict = vk_dev_is_ember(&s.dev);
		const unsigned int size = wide ? 8 : 4;
		const uint64_t untouched = wide ? 0xababababababababull : 0xababababull;

		for (int q = 0; q < 2; q++) {
			const uint8_t *r = (const uint8_t *)copies.map + (c * 2 + q) * STRIDE;
			uint64_t value = 0, a = 0, guard = 0;

			memcpy(&value, r, size);
			memcpy(&a, r + size, size);
			memcpy(&guard, r + 2 * size, size);
			if ((strict || q) && (value != (q ? COUNT : untouched) || guard != untouched))
				vk_test_fail(__FILE__, __LINE__,
					     "flags 0x%x query %d: value 0x%llx, next bytes 0x%llx",
					     flags[c], q, (unsigned long long)value,
					     (unsigned long long)guard);
			if (a != (uint64_t)q)
				vk_test_fail(__FILE__, __LINE__, "flags 0x%x query %d: availability %llu",
					     flags[c], q, (unsigned long long)a);
		}
	}
	vk_buf_destroy(&s.dev, &copies);
	vkDestroyQueryPool(s.dev.device, pool, NULL);
	qscene_destroy(&s);
}

/*
 * Multiview (views 0 and 1 of a two-layer target): a query is two
 * consecutive queries, both available, whose sum is both views' samples.
 */
VK_TEST(query_multiview, "query-occlusion-multiview")
{
	const VkClearValue clear = { .color.float32 = { 0, 0, 0, 0 } };
	const VkDeviceSize offset = 0;
	struct vk_gfx_desc desc = color_desc(VK_SAMPLE_COUNT_1_BIT);
	struct vk_dev dev;
	struct vk_target color;
	struct vk_buf vertices;
	struct vk_gfx_pipe pipe;
	VkCommandBuffer cmd;
	VkQueryPool pool;
	uint64_t results[4][2] = { { 0 } };

	query_dev_create(&dev, true);
	vk_target_create(&dev, VK_FORMAT_R8G8B8A8_UNORM, TW, TH, 2, VK_SAMPLE_COUNT_1_BIT, &color);
	vk_buf_create(&dev, 4096, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &vertices);
	rect(vertices.map, 1, 1, 7, 4);	/* 18 pixels a view */
	desc.view_mask = 0x3;
	vk_gfx_pipe_create(&dev, &desc, &pipe);
	pool = pool_create(&dev, 4);
	cmd = vk_cmd_begin(&dev);
	vkCmdResetQueryPool(cmd, pool, 0, 4);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	{
		const VkRenderingAttachmentInfo att = {
			.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
			.imageView = color.view,
			.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
			.storeOp = VK_ATTACHMENT_STORE_OP_STORE,
			.clearValue = clear,
		};
		const VkRenderingInfo info = {
			.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
			.renderArea = { { 0, 0 }, { TW, TH } },
			.viewMask = 0x3,
			.colorAttachmentCount = 1,
			.pColorAttachments = &att,
		};

		vkCmdBeginRendering(cmd, &info);
	}
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe.pipeline);
	vkCmdBindVertexBuffers(cmd, 0, 1, &vertices.buffer, &offset);
	/* Queries 1 and 2 (two views); 0 and 3 stay unused around them. */
	vkCmdBeginQuery(cmd, pool, 1, VK_QUERY_CONTROL_PRECISE_BIT);
	vkCmdDraw(cmd, 6, 1, 0, 0);
	vkCmdEndQuery(cmd, pool, 1);
	vkCmdEndRendering(cmd);
	vk_cmd_submit_wait(&dev, cmd, 0);

	REQUIRE_EQ(vkGetQueryPoolResults(dev.device, pool, 0, 4, sizeof(results), results,
					 sizeof(results[0]), VK_QUERY_RESULT_64_BIT |
					 VK_QUERY_RESULT_WITH_AVAILABILITY_BIT),
		   VK_NOT_READY);
	REQUIRE_EQ(results[0][1], 0);
	REQUIRE_EQ(results[1][1], 1);
	REQUIRE_EQ(results[2][1], 1);
	REQUIRE_EQ(results[3][1], 0);
	REQUIRE_EQ(results[1][0] + results[2][0], 2 * 18);

	vkDestroyQueryPool(dev.device, pool, NULL);
	vk_gfx_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &vertices);
	vk_target_destroy(&dev, &color);
	vk_dev_destroy(&dev);
}

/*
 * A query over more draws than one indirect buffer of Ember's holds (64
 * KiB chunks, about 40 bytes a draw): every draw's samples count, in
 * whichever buffer it lands (the driver names the counter again in each).
 */
VK_TEST(query_many_draws, "query-occlusion-many-draws-one-query")
{
	enum { DRAWS = 4000 };
	struct qscene s;
	VkQueryPool pool;

	qscene_init(&s, VK_SAMPLE_COUNT_1_BIT, NULL);
	pool = pool_create(&s.dev, 1);
	rect(s.vertices.map, 5, 5, 7, 6);	/* 2 pixels */
	vkCmdResetQueryPool(s.cmd, pool, 0, 1);
	qscene_begin(&s, true, 1.0f);
	vkCmdBeginQuery(s.cmd, pool, 0, VK_QUERY_CONTROL_PRECISE_BIT);
	for (int i = 0; i < DRAWS; i++)
		vkCmdDraw(s.cmd, 6, 1, 0, 0);
	vkCmdEndQuery(s.cmd, pool, 0);
	vkCmdEndRendering(s.cmd);
	vk_cmd_submit_wait(&s.dev, s.cmd, 0);
	REQUIRE_EQ(result64(&s.dev, pool, 0), 2 * DRAWS);
	vkDestroyQueryPool(s.dev.device, pool, NULL);
	qscene_destroy(&s);
}

/* Begins dynamic rendering (loading) whose contents are secondary command buffers. */
static void qscene_begin_secondary(struct qscene *s)
{
	const VkRenderingAttachmentInfo att = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
		.imageView = s->color.view,
		.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
		.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
		.storeOp = VK_ATTACHMENT_STORE_OP_STORE,
	};
	const VkRenderingInfo info = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
		.flags = VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT,
		.renderArea = { { 0, 0 }, { TW, TH } },
		.layerCount = 1,
		.colorAttachmentCount = 1, .pColorAttachments = &att,
	};

	vkCmdBeginRendering(s->cmd, &info);
}

/*
 * inheritedQueries: secondaries begun with occlusionQueryEnable (and the
 * precise flag with @precise) inherit the primary's active occlusion
 * query, inside a dynamic rendering whose contents they are. Query 0 is
 * active across a primary draw (2 pixels), two vkCmdExecuteCommands of
 * the two secondaries (10 and 64 pixels) and another primary draw (2);
 * query 1 across one vkCmdExecuteCommands of both; the first secondary
 * then runs again with no query active (its samples count nowhere), and
 * query 2 gets only the primary's 8 pixels after it. Precise queries
 * are exact (1 sample a pixel); imprecise ones are held to non-zero.
 */
static void inherited_queries(bool precise)
{
	const VkQueryControlFlags flags = precise ? VK_QUERY_CONTROL_PRECISE_BIT : 0;
	const VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
	const VkCommandBufferInheritanceRenderingInfo rendering = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_RENDERING_INFO,
		.colorAttachmentCount = 1, .pColorAttachmentFormats = &format,
		.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT,
	};
	const VkCommandBufferInheritanceInfo inheritance = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO, .pNext = &rendering,
		.occlusionQueryEnable = VK_TRUE, .queryFlags = flags,
	};
	const VkCommandBufferBeginInfo begin = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
		.flags = VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT |
			 VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT,
		.pInheritanceInfo = &inheritance,
	};
	VkCommandBufferAllocateInfo alloc_info = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
		.level = VK_COMMAND_BUFFER_LEVEL_SECONDARY,
		.commandBufferCount = 2,
	};
	const VkDeviceSize offset = 0;
	VkCommandBuffer secondary[2];
	const uint64_t want[3] = { 78, 74, 8 };
	struct qscene s;
	VkQueryPool pool;
	struct cvtx *v;

	qscene_init_ex(&s, VK_SAMPLE_COUNT_1_BIT, NULL, true);
	pool = pool_create(&s.dev, 3);
	v = s.vertices.map;
	rect(v, 2, 4, 10, 12);		/* 64 pixels */
	rect(v + 6, 12, 0, 16, 2);	/* 8 pixels */
	rect(v + 12, 0, 14, 2, 15);	/* 2 pixels */
	alloc_info.commandPool = s.dev.pool;
	VK_CHECK(vkAllocateCommandBuffers(s.dev.device, &alloc_info, secondary));
	for (int i = 0; i < 2; i++) {
		VK_CHECK(vkBeginCommandBuffer(secondary[i], &begin));
		vkCmdBindPipeline(secondary[i], VK_PIPELINE_BIND_POINT_GRAPHICS, s.pipe.pipeline);
		vkCmdBindVertexBuffers(secondary[i], 0, 1, &s.vertices.buffer, &offset);
		if (i == 0) {
			vkCmdDraw(secondary[i], 6, 1, 6, 0);	/* 8 */
			vkCmdDraw(secondary[i], 6, 1, 12, 0);	/* 2 */
		} else {
			vkCmdDraw(secondary[i], 6, 1, 0, 0);	/* 64 */
		}
		VK_CHECK(vkEndCommandBuffer(secondary[i]));
	}

	vkCmdResetQueryPool(s.cmd, pool, 0, 3);
	vkCmdBeginQuery(s.cmd, pool, 0, flags);
	qscene_begin(&s, true, 1.0f);
	vkCmdDraw(s.cmd, 6, 1, 12, 0);
	vkCmdEndRendering(s.cmd);
	qscene_begin_secondary(&s);
	vkCmdExecuteCommands(s.cmd, 1, &secondary[0]);
	vkCmdExecuteCommands(s.cmd, 1, &secondary[1]);
	vkCmdEndRendering(s.cmd);
	qscene_begin(&s, false, 1.0f);
	vkCmdDraw(s.cmd, 6, 1, 12, 0);
	vkCmdEndRendering(s.cmd);
	vkCmdEndQuery(s.cmd, pool, 0);

	vkCmdBeginQuery(s.cmd, pool, 1, flags);
	qscene_begin_secondary(&s);
	vkCmdExecuteCommands(s.cmd, 2, secondary);
	vkCmdEndRendering(s.cmd);
	vkCmdEndQuery(s.cmd, pool, 1);

	qscene_begin_secondary(&s);
	vkCmdExecuteCommands(s.cmd, 1, &secondary[0]);
	vkCmdEndRendering(s.cmd);
	vkCmdBeginQuery(s.cmd, pool, 2, flags);
	qscene_begin(&s, false, 1.0f);
	vkCmdDraw(s.cmd, 6, 1, 6, 0);
	vkCmdEndRendering(s.cmd);
	vkCmdEndQuery(s.cmd, pool, 2);
	vk_cmd_submit_wait(&s.dev, s.cmd, 0);

	for (uint32_t q = 0; q < 3; q++) {
		const uint64_t got = result64(&s.dev, pool, q);

		if (precise)
			REQUIRE_EQ(got, want[q]);
		else if (!got)
			vk_test_fail(__FILE__, __LINE__, "query %u: 0, samples passed", q);
	}
	vkFreeCommandBuffers(s.dev.device, s.dev.pool, 2, secondary);
	vkDestroyQueryPool(s.dev.device, pool, NULL);
	qscene_destroy(&s);
}

VK_TEST(query_inherited_precise, "query-occlusion-inherited-secondary-precise")
{
	inherited_queries(true);
}

VK_TEST(query_inherited_imprecise, "query-occlusion-inherited-secondary-imprecise")
{
	inherited_queries(false);
}
