/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Pipeline statistics queries
 *
 * Exact where the specification makes the count exact: input assembly
 * vertices and primitives of draws without restart, clipping primitives
 * of a fully visible draw, compute shader invocations (workgroups x local
 * size); bounds where it lets implementations differ: vertex shader
 * invocations at least the unique vertices, fragment shader invocations
 * at least the covered pixels, clipping invocations at least the
 * primitives clipping passes on. Counters of stages the pipelines do not
 * have are 0. Results come from pools of every statistic and of a subset
 * (only the requested counters, in bit order), by vkGetQueryPoolResults
 * and vkCmdCopyQueryPoolResults in 32 and 64 bits, with availability,
 * WAIT and PARTIAL, after vkCmdResetQueryPool and vkResetQueryPool; one
 * query spans thousands of draws (several of Ember's indirect buffers);
 * with inheritedQueries, secondaries count into the primary's query.
 */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <stdio.h>
#include <string.h>

#define TW 16
#define TH 16
#define ALL_STATS	0x7ffu	/* the eleven VkQueryPipelineStatisticFlagBits */

enum {
	IA_VERTICES, IA_PRIMITIVES, VS_INVOCATIONS, GS_INVOCATIONS, GS_PRIMITIVES,
	CLIP_INVOCATIONS, CLIP_PRIMITIVES, FS_INVOCATIONS, TCS_PATCHES, TES_INVOCATIONS,
	CS_INVOCATIONS, STATS
};

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

/* Six vertices of the pixel rectangle [x0, x1) x [y0, y1), opaque white. */
static void rect(struct cvtx *v, float x0, float y0, float x1, float y1)
{
	const float xs[6] = { x0, x1, x0, x1, x1, x0 }, ys[6] = { y0, y0, y1, y0, y1, y1 };

	for (int i = 0; i < 6; i++)
		v[i] = (struct cvtx) { vk_ndc(xs[i], TW), vk_ndc(ys[i], TH), 1, 1, 1, 1 };
}

/*
 * A device with pipelineStatisticsQuery and hostQueryReset, with
 * @inherited inheritedQueries too (SKIP without).
 */
static void stats_dev_create_ex(struct vk_dev *dev, bool inherited)
{
	VkPhysicalDeviceVulkan12Features f12 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
		.hostQueryReset = VK_TRUE,
	};
	VkPhysicalDeviceVulkan13Features f13 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
		.pNext = &f12, .dynamicRendering = VK_TRUE, .synchronization2 = VK_TRUE,
	};
	struct vk_dev_options options = {
		.features = &f13, .api_version = VK_API_VERSION_1_3,
		.core = { .pipelineStatisticsQuery = VK_TRUE, .inheritedQueries = inherited },
	};

	vk_dev_create(dev, &options);
}

static void stats_dev_create(struct vk_dev *dev)
{
	stats_dev_create_ex(dev, false);
}

static VkQueryPool pool_create(struct vk_dev *dev, uint32_t count, uint32_t statistics)
{
	const VkQueryPoolCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
		.queryType = VK_QUERY_TYPE_PIPELINE_STATISTICS,
		.queryCount = count,
		.pipelineStatistics = statistics,
	};
	VkQueryPool pool;

	VK_CHECK(vkCreateQueryPool(dev->device, &info, NULL, &pool));
	return pool;
}

/* A device with a graphics queue, a colour target, vertices and the colour pipeline. */
struct sscene {
	struct vk_dev dev;
	struct vk_target color;
	struct vk_buf vertices, indices;
	struct vk_gfx_pipe pipe;
	VkCommandBuffer cmd;
};

static void sscene_init(struct sscene *s, VkPrimitiveTopology topology, bool restart)
{
	struct vk_gfx_desc desc = {
		.vs = gfx_color_vert_spv, .vs_size = gfx_color_vert_spv_size,
		.fs = gfx_color_frag_spv, .fs_size = gfx_color_frag_spv_size,
		.topology = topology, .restart = restart,
		.bindings = &color_binding, .binding_count = 1,
		.attributes = color_attributes, .attribute_count = 2,
		.color_format = VK_FORMAT_R8G8B8A8_UNORM,
		.samples = VK_SAMPLE_COUNT_1_BIT, .width = TW, .height = TH,
	};
	VkQueueFamilyProperties families[8];
	uint32_t n = 8;

	memset(s, 0, sizeof(*s));
	stats_dev_create(&s->dev);
	vkGetPhysicalDeviceQueueFamilyProperties(s->dev.physical, &n, families);
	if (!(families[s->dev.family].queueFlags & VK_QUEUE_GRAPHICS_BIT)) {
		vk_dev_destroy(&s->dev);
		vk_test_skip("the device has no graphics queue");
	}
	vk_target_create(&s->dev, VK_FORMAT_R8G8B8A8_UNORM, TW, TH, 1, VK_SAMPLE_COUNT_1_BIT,
			 &s->color);
	vk_buf_create(&s->dev, 4096, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &s->vertices);
	vk_buf_create(&s->dev, 4096, VK_BUFFER_USAGE_INDEX_BUFFER_BIT, &s->indices);
	vk_gfx_pipe_create(&s->dev, &desc, &s->pipe);
	s->cmd = vk_cmd_begin(&s->dev);
	vk_target_layout(s->cmd, &s->color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
}

static void sscene_destroy(struct sscene *s)
{
	vk_gfx_pipe_destroy(&s->dev, &s->pipe);
	vk_buf_destroy(&s->dev, &s->indices);
	vk_buf_destroy(&s->dev, &s->vertices);
	vk_target_destroy(&s->dev, &s->color);
	vk_dev_destroy(&s->dev);
}

static void sscene_begin(struct sscene *s)
{
	const VkClearValue clear = { .color.float32 = { 0, 0, 0, 0 } };
	const VkDeviceSize offset = 0;

	vk_gfx_begin(s->cmd, &s->color, NULL, &clear, NULL);
	vkCmdBindPipeline(s->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, s->pipe.pipeline);
	vkCmdBindVertexBuffers(s->cmd, 0, 1, &s->vertices.buffer, &offset);
}

/* Query @query of a pool of every statistic, waited for, 64-bit. */
static void all_results(struct vk_dev *dev, VkQueryPool pool, uint32_t query, uint64_t r[STATS])
{
	memset(r, 0xff, STATS * sizeof(*r));
	VK_CHECK(vkGetQueryPoolResults(dev->device, pool, query, 1, STATS * sizeof(*r), r,
				       STATS * sizeof(*r),
				       VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
}

/*
 * The primitives clipping passed on: at least one per primitive with a
 * vertex inside the clip volume, @n for Ember's fully visible draws
 * (lavapipe reports 0: held on Ember only).
 */
static void clip_primitives(const struct vk_dev *dev, const uint64_t r[STATS], uint64_t n)
{
	if (vk_dev_is_ember(dev))
		REQUIRE_EQ(r[CLIP_PRIMITIVES], n);
	else if (r[CLIP_PRIMITIVES] < n)
		printf("# clipping primitives %llu, fewer than %llu (not Ember)\n",
		       (unsigned long long)r[CLIP_PRIMITIVES], (unsigned long long)n);
	REQUIRE(r[CLIP_INVOCATIONS] >= r[IA_PRIMITIVES]);
}

/* Every counter of a stage the pipelines lack is 0; @cs: of compute, too. */
static void no_other_stages(const uint64_t r[STATS], bool cs)
{
	REQUIRE_EQ(r[GS_INVOCATIONS], 0);
	REQUIRE_EQ(r[GS_PRIMITIVES], 0);
	REQUIRE_EQ(r[TCS_PATCHES], 0);
	REQUIRE_EQ(r[TES_INVOCATIONS], 0);
	if (cs)
		REQUIRE_EQ(r[CS_INVOCATIONS], 0);
}

/*
 * Two rectangles of 8x8 and 4x2 pixels (12 vertices, 4 triangles, all
 * inside the viewport) in one query, the second again in the next: exact input
 * assembly and clipping primitives, shaders at least once a vertex and a
 * covered pixel.
 */
VK_TEST(pstats_draw_counts, "pipeline-statistics-draw-counts")
{
	struct sscene s;
	VkQueryPool pool;
	uint64_t r[STATS];

	sscene_init(&s, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, false);
	pool = pool_create(&s.dev, 2, ALL_STATS);
	rect(s.vertices.map, 2, 4, 10, 12);
	rect((struct cvtx *)s.vertices.map + 6, 12, 0, 16, 2);
	vkCmdResetQueryPool(s.cmd, pool, 0, 2);
	sscene_begin(&s);
	vkCmdBeginQuery(s.cmd, pool, 0, 0);
	vkCmdDraw(s.cmd, 6, 1, 0, 0);
	vkCmdDraw(s.cmd, 6, 1, 6, 0);
	vkCmdEndQuery(s.cmd, pool, 0);
	vkCmdBeginQuery(s.cmd, pool, 1, 0);
	vkCmdDraw(s.cmd, 6, 1, 6, 0);
	vkCmdEndQuery(s.cmd, pool, 1);
	vkCmdEndRendering(s.cmd);
	vk_cmd_submit_wait(&s.dev, s.cmd, 0);

	all_results(&s.dev, pool, 0, r);
	REQUIRE_EQ(r[IA_VERTICES], 12);
	REQUIRE_EQ(r[IA_PRIMITIVES], 4);
	REQUIRE(r[VS_INVOCATIONS] >= 12);
	clip_primitives(&s.dev, r, 4);
	REQUIRE(r[FS_INVOCATIONS] >= 64 + 8);
	no_other_stages(r, true);
	all_results(&s.dev, pool, 1, r);
	REQUIRE_EQ(r[IA_VERTICES], 6);
	REQUIRE_EQ(r[IA_PRIMITIVES], 2);
	REQUIRE(r[VS_INVOCATIONS] >= 6);
	clip_primitives(&s.dev, r, 2);
	REQUIRE(r[FS_INVOCATIONS] >= 8);
	no_other_stages(r, true);
	vkDestroyQueryPool(s.dev.device, pool, NULL);
	sscene_destroy(&s);
}

/*
 * An indexed strip of 4 + 3 indices split by a restart, twice instanced:
 * 3 triangles an instance, at least the 5 distinct vertices shaded once
 * an instance, the restart index no primitive.
 */
VK_TEST(pstats_restart, "pipeline-statistics-indexed-restart")
{
	static const uint16_t indices[] = { 0, 1, 2, 3, 0xffff, 4, 2, 3 };
	struct sscene s;
	VkQueryPool pool;
	uint64_t r[STATS];
	struct cvtx *v;

	sscene_init(&s, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP, true);
	pool = pool_create(&s.dev, 1, ALL_STATS);
	v = s.vertices.map;
	rect(v, 1, 1, 9, 9);
	v[3] = v[4];			/* 0..3: the rectangle as a strip */
	v[4] = (struct cvtx) { vk_ndc(15, TW), vk_ndc(1, TH), 1, 1, 1, 1 };
	memcpy(s.indices.map, indices, sizeof(indices));
	vkCmdResetQueryPool(s.cmd, pool, 0, 1);
	sscene_begin(&s);
	vkCmdBindIndexBuffer(s.cmd, s.indices.buffer, 0, VK_INDEX_TYPE_UINT16);
	vkCmdBeginQuery(s.cmd, pool, 0, 0);
	vkCmdDrawIndexed(s.cmd, 8, 2, 0, 0, 0);
	vkCmdEndQuery(s.cmd, pool, 0);
	vkCmdEndRendering(s.cmd);
	vk_cmd_submit_wait(&s.dev, s.cmd, 0);

	all_results(&s.dev, pool, 0, r);
	REQUIRE_EQ(r[IA_PRIMITIVES], 2 * 3);
	REQUIRE(r[IA_VERTICES] >= 2 * 7);
	REQUIRE(r[VS_INVOCATIONS] >= 2 * 5);
	REQUIRE(r[CLIP_INVOCATIONS] >= r[IA_PRIMITIVES]);
	REQUIRE(r[FS_INVOCATIONS] >= 2 * 64);
	no_other_stages(r, true);
	vkDestroyQueryPool(s.dev.device, pool, NULL);
	sscene_destroy(&s);
}

/*
 * A pool of three statistics (IA primitives, FS invocations, CS
 * invocations): results hold those three in bit order. Unavailable:
 * NOT_READY, availability 0, PARTIAL writes zeros or counts; then in 32
 * and 64 bits with availability from the host and from copies (with and
 * without WAIT); a host reset makes the query unavailable again.
 */
VK_TEST(pstats_subset_results, "pipeline-statistics-subset-results-availability")
{
	const uint32_t bits = VK_QUERY_PIPELINE_STATISTIC_INPUT_ASSEMBLY_PRIMITIVES_BIT |
			      VK_QUERY_PIPELINE_STATISTIC_FRAGMENT_SHADER_INVOCATIONS_BIT |
			      VK_QUERY_PIPELINE_STATISTIC_COMPUTE_SHADER_INVOCATIONS_BIT;
	struct sscene s;
	struct vk_buf copies;
	VkQueryPool pool;
	uint64_t r64[4];
	uint32_t r32[4];

	sscene_init(&s, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, false);
	pool = pool_create(&s.dev, 2, bits);
	vk_buf_create(&s.dev, 256, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &copies);
	memset(copies.map, 0xab, 256);
	rect(s.vertices.map, 0, 0, 4, 4);	/* 16 pixels */
	vkResetQueryPool(s.dev.device, pool, 0, 2);

	memset(r64, 0xab, sizeof(r64));
	REQUIRE_EQ(vkGetQueryPoolResults(s.dev.device, pool, 0, 1, sizeof(r64), r64, sizeof(r64),
					 VK_QUERY_RESULT_64_BIT |
					 VK_QUERY_RESULT_WITH_AVAILABILITY_BIT),
		   VK_NOT_READY);
	/*
	 * Availability 0 and no result without PARTIAL (lavapipe writes
	 * neither for pipeline statistics: held on Ember only).
	 */
	if (vk_dev_is_ember(&s.dev))
		REQUIRE_EQ(r64[3], 0);
	REQUIRE_EQ(r64[0], 0xababababababababull);
	/* PARTIAL: intermediate results (not checked), availability 0. */
	{
		VkResult res = vkGetQueryPoolResults(s.dev.device, pool, 0, 1, sizeof(r64), r64,
						     sizeof(r64), VK_QUERY_RESULT_64_BIT |
						     VK_QUERY_RESULT_PARTIAL_BIT |
						     VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);

		REQUIRE(res == VK_SUCCESS || res == VK_NOT_READY);
	}
	REQUIRE_EQ(r64[3], 0);

	sscene_begin(&s);
	vkCmdBeginQuery(s.cmd, pool, 0, 0);
	vkCmdDraw(s.cmd, 6, 1, 0, 0);
	vkCmdDraw(s.cmd, 6, 1, 0, 0);
	vkCmdEndQuery(s.cmd, pool, 0);
	vkCmdEndRendering(s.cmd);
	/* Query 1 is never begun: a copy without WAIT writes only its availability 0. */
	vkCmdCopyQueryPoolResults(s.cmd, pool, 0, 1, copies.buffer, 0, 32,
				  VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT |
				  VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
	vkCmdCopyQueryPoolResults(s.cmd, pool, 0, 1, copies.buffer, 64, 16,
				  VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
	vkCmdCopyQueryPoolResults(s.cmd, pool, 1, 1, copies.buffer, 128, 32,
				  VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
	vk_cmd_submit_wait(&s.dev, s.cmd, 0);

	VK_CHECK(vkGetQueryPoolResults(s.dev.device, pool, 0, 1, sizeof(r64), r64, sizeof(r64),
				       VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT |
				       VK_QUERY_RESULT_WITH_AVAILABILITY_BIT));
	REQUIRE_EQ(r64[0], 4);
	REQUIRE(r64[1] >= 2 * 16);
	REQUIRE_EQ(r64[2], 0);
	REQUIRE_EQ(r64[3], 1);
	memset(r32, 0xab, sizeof(r32));
	VK_CHECK(vkGetQueryPoolResults(s.dev.device, pool, 0, 1, sizeof(r32), r32, sizeof(r32),
				       VK_QUERY_RESULT_WITH_AVAILABILITY_BIT));
	REQUIRE_EQ(r32[0], 4);
	REQUIRE_EQ(r32[1], (uint32_t)r64[1]);
	REQUIRE_EQ(r32[2], 0);
	REQUIRE_EQ(r32[3], 1);
	{
		const uint64_t *c64 = copies.map;
		const uint32_t *c32 = (const uint32_t *)((const uint8_t *)copies.map + 64);
		const uint64_t *unbegun = (const uint64_t *)((const uint8_t *)copies.map + 128);

		REQUIRE_EQ(c64[0], 4);
		REQUIRE_EQ(c64[1], r64[1]);
		REQUIRE_EQ(c64[2], 0);
		REQUIRE_EQ(c64[3], 1);
		REQUIRE_EQ(c32[0], 4);
		REQUIRE_EQ(c32[1], r32[1]);
		REQUIRE_EQ(c32[2], 0);
		REQUIRE_EQ(c32[3], 1);
		REQUIRE_EQ(unbegun[3], 0);
		/* No result for it (lavapipe copies one: held on Ember only). */
		if (vk_dev_is_ember(&s.dev))
			REQUIRE_EQ(unbegun[0], 0xababababababababull);
	}
	vkResetQueryPool(s.dev.device, pool, 0, 1);
	memset(r64, 0xab, sizeof(r64));
	REQUIRE_EQ(vkGetQueryPoolResults(s.dev.device, pool, 0, 1, sizeof(r64), r64, sizeof(r64),
					 VK_QUERY_RESULT_64_BIT |
					 VK_QUERY_RESULT_WITH_AVAILABILITY_BIT),
		   VK_NOT_READY);
	/* lavapipe writes no availability here (as above): held on Ember only. */
	if (vk_dev_is_ember(&s.dev))
		REQUIRE_EQ(r64[3], 0);
	vk_buf_destroy(&s.dev, &copies);
	vkDestroyQueryPool(s.dev.device, pool, NULL);
	sscene_destroy(&s);
}

/* A dispatch of 5 x 2 workgroups of 64: 640 compute invocations, nothing else. */
VK_TEST(pstats_compute, "pipeline-statistics-compute-invocations")
{
	struct vk_dev dev;
	struct vk_buf in, out;
	struct vk_buf *bufs[2] = { &in, &out };
	struct vk_pipe pipe;
	VkDescriptorSetLayout layout;
	VkDescriptorPool dpool;
	VkDescriptorSet set;
	VkQueryPool pool;
	VkCommandBuffer cmd;
	uint64_t r[STATS];

	stats_dev_create(&dev);
	vk_buf_create(&dev, 4096, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &in);
	vk_buf_create(&dev, 4096, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out);
	layout = vk_storage_set_layout(&dev, 2, 0);
	vk_pipe_create(&dev, add_one_spv, add_one_spv_size, &layout, 1, 0, NULL, &pipe);
	set = vk_storage_set(&dev, layout, &dpool, bufs, 2);
	pool = pool_create(&dev, 1, ALL_STATS);
	cmd = vk_cmd_begin(&dev);
	vkCmdResetQueryPool(cmd, pool, 0, 1);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.layout, 0, 1, &set, 0,
				NULL);
	vkCmdBeginQuery(cmd, pool, 0, 0);
	vkCmdDispatch(cmd, 5, 2, 1);
	vkCmdEndQuery(cmd, pool, 0);
	vk_cmd_submit_wait(&dev, cmd, 0);

	all_results(&dev, pool, 0, r);
	REQUIRE_EQ(r[CS_INVOCATIONS], 5 * 2 * 64);
	REQUIRE_EQ(r[IA_VERTICES], 0);
	REQUIRE_EQ(r[IA_PRIMITIVES], 0);
	REQUIRE_EQ(r[VS_INVOCATIONS], 0);
	REQUIRE_EQ(r[FS_INVOCATIONS], 0);
	no_other_stages(r, false);
	vkDestroyQueryPool(dev.device, pool, NULL);
	vkDestroyDescriptorPool(dev.device, dpool, NULL);
	vk_pipe_destroy(&dev, &pipe);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	vk_buf_destroy(&dev, &out);
	vk_buf_destroy(&dev, &in);
	vk_dev_destroy(&dev);
}

/*
 * One query over more draws than one of Ember's indirect buffers holds:
 * every draw counts, in whichever buffer it lands.
 */
VK_TEST(pstats_many_draws, "pipeline-statistics-many-draws-one-query")
{
	enum { DRAWS = 3000 };
	struct sscene s;
	VkQueryPool pool;
	uint64_t r[STATS];

	sscene_init(&s, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, false);
	pool = pool_create(&s.dev, 1, ALL_STATS);
	rect(s.vertices.map, 5, 5, 7, 6);	/* 2 pixels */
	vkCmdResetQueryPool(s.cmd, pool, 0, 1);
	sscene_begin(&s);
	vkCmdBeginQuery(s.cmd, pool, 0, 0);
	for (int i = 0; i < DRAWS; i++)
		vkCmdDraw(s.cmd, 6, 1, 0, 0);
	vkCmdEndQuery(s.cmd, pool, 0);
	vkCmdEndRendering(s.cmd);
	vk_cmd_submit_wait(&s.dev, s.cmd, 0);
	all_results(&s.dev, pool, 0, r);
	REQUIRE_EQ(r[IA_VERTICES], 6 * DRAWS);
	REQUIRE_EQ(r[IA_PRIMITIVES], 2 * DRAWS);
	clip_primitives(&s.dev, r, 2 * DRAWS);
	REQUIRE(r[FS_INVOCATIONS] >= 2 * DRAWS);
	vkDestroyQueryPool(s.dev.device, pool, NULL);
	sscene_destroy(&s);
}

/* @pipe and its one set @set, for the dispatches that follow in @cmd. */
static void bind_compute(VkCommandBuffer cmd, const struct vk_pipe *pipe, VkDescriptorSet set)
{
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe->pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe->layout, 0, 1, &set, 0,
				NULL);
}

/*
 * inheritedQueries: a secondary begun with every statistic inherited
 * dispatches 3 workgroups of 64. Query 0 is active across a primary
 * dispatch (640), the secondary and another primary dispatch (64): 896;
 * query 1 across one vkCmdExecuteCommands of the secondary twice: 384;
 * query 2 begins after the secondary ran with no query active and gets
 * only its own dispatch's 64.
 */
VK_TEST(pstats_inherited, "pipeline-statistics-inherited-secondary-compute")
{
	const VkCommandBufferInheritanceInfo inheritance = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
		.pipelineStatistics = ALL_STATS,
	};
	const VkCommandBufferBeginInfo begin = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
		.flags = VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT,
		.pInheritanceInfo = &inheritance,
	};
	VkCommandBufferAllocateInfo alloc_info = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
		.level = VK_COMMAND_BUFFER_LEVEL_SECONDARY,
		.commandBufferCount = 1,
	};
	const uint64_t want[3] = { 640 + 192 + 64, 2 * 192, 64 };
	struct vk_dev dev;
	struct vk_buf in, out;
	struct vk_buf *bufs[2] = { &in, &out };
	struct vk_pipe pipe;
	VkDescriptorSetLayout layout;
	VkDescriptorPool dpool;
	VkDescriptorSet set;
	VkQueryPool pool;
	VkCommandBuffer cmd, secondary, twice[2];
	uint64_t r[STATS];

	stats_dev_create_ex(&dev, true);
	vk_buf_create(&dev, 4096 * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &in);
	vk_buf_create(&dev, 4096 * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out);
	layout = vk_storage_set_layout(&dev, 2, 0);
	vk_pipe_create(&dev, add_one_spv, add_one_spv_size, &layout, 1, 0, NULL, &pipe);
	set = vk_storage_set(&dev, layout, &dpool, bufs, 2);
	pool = pool_create(&dev, 3, ALL_STATS);
	alloc_info.commandPool = dev.pool;
	VK_CHECK(vkAllocateCommandBuffers(dev.device, &alloc_info, &secondary));
	VK_CHECK(vkBeginCommandBuffer(secondary, &begin));
	bind_compute(secondary, &pipe, set);
	vkCmdDispatch(secondary, 3, 1, 1);
	VK_CHECK(vkEndCommandBuffer(secondary));
	twice[0] = twice[1] = secondary;

	cmd = vk_cmd_begin(&dev);
	vkCmdResetQueryPool(cmd, pool, 0, 3);
	bind_compute(cmd, &pipe, set);
	vkCmdBeginQuery(cmd, pool, 0, 0);
	vkCmdDispatch(cmd, 5, 2, 1);
	vkCmdExecuteCommands(cmd, 1, &secondary);
	/* The compute state is undefined after vkCmdExecuteCommands: bind again. */
	bind_compute(cmd, &pipe, set);
	vkCmdDispatch(cmd, 1, 1, 1);
	vkCmdEndQuery(cmd, pool, 0);
	vkCmdBeginQuery(cmd, pool, 1, 0);
	vkCmdExecuteCommands(cmd, 2, twice);
	vkCmdEndQuery(cmd, pool, 1);
	vkCmdExecuteCommands(cmd, 1, &secondary);
	bind_compute(cmd, &pipe, set);
	vkCmdBeginQuery(cmd, pool, 2, 0);
	vkCmdDispatch(cmd, 1, 1, 1);
	vkCmdEndQuery(cmd, pool, 2);
	vk_cmd_submit_wait(&dev, cmd, 0);

	for (uint32_t q = 0; q < 3; q++) {
		all_results(&dev, pool, q, r);
		REQUIRE_EQ(r[CS_INVOCATIONS], want[q]);
		REQUIRE_EQ(r[IA_VERTICES], 0);
		REQUIRE_EQ(r[IA_PRIMITIVES], 0);
		REQUIRE_EQ(r[VS_INVOCATIONS], 0);
		REQUIRE_EQ(r[FS_INVOCATIONS], 0);
		no_other_stages(r, false);
	}
	vkDestroyQueryPool(dev.device, pool, NULL);
	vkDestroyDescriptorPool(dev.device, dpool, NULL);
	vk_pipe_destroy(&dev, &pipe);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	vk_buf_destroy(&dev, &out);
	vk_buf_destroy(&dev, &in);
	vk_dev_destroy(&dev);
}
