/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Shader draw parameters (shaderDrawParameters)
 *
 * draw-parameters-every-draw-command: gfx_draw_params.vert draws one
 * point per vertex and instance, vertex element v in column v and
 * instance i in row i of a 32x16 target, and passes VertexIndex,
 * InstanceIndex, BaseVertex, BaseInstance (into an R32G32B32A32_UINT
 * target) and DrawIndex (into an R32_UINT one) to the fragment. Every
 * vkCmdDraw* form draws a few vertices and instances into columns of
 * their own: direct draws, indexed ones with negative and positive
 * vertexOffset, multi-draw indirect forms (strides above the command's
 * size) whose commands have different firstVertex / vertexOffset /
 * firstInstance, and indirect-count forms whose count is below and above
 * maxDrawCount; a direct draw after the indirect ones has DrawIndex 0
 * again. The expected image follows the specification's definitions from
 * the same commands the device reads: VertexIndex is the vertex's number
 * (firstVertex, or the index plus vertexOffset, included), InstanceIndex
 * includes firstInstance, BaseVertex is firstVertex or vertexOffset,
 * BaseInstance firstInstance, DrawIndex the command's index in a
 * multi-draw (0 for direct draws). Pixels no point covers keep the clear
 * value (all ones). Every value is an integer: the comparison is exact.
 */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <stdio.h>
#include <string.h>

#define W 32
#define H 16
#define CLEAR 0xffffffffu

static const VkVertexInputBindingDescription bindings[] = {
	{ 0, sizeof(struct vk_vtx3), VK_VERTEX_INPUT_RATE_VERTEX },
	{ 1, 8, VK_VERTEX_INPUT_RATE_INSTANCE },
};
static const VkVertexInputAttributeDescription attributes[] = {
	{ 0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0 },
	{ 1, 1, VK_FORMAT_R32G32_SFLOAT, 0 },
};

/* The expected images: four words a pixel (ids), one (draw). */
struct expected {
	uint32_t ids[W * H * 4];
	uint32_t draw[W * H];
};

/* What one draw (@indexed: with @idx) writes, by the specification's definitions. */
static void expect_draw(struct expected *e, const uint32_t *idx, bool indexed, uint32_t count,
			uint32_t instances, uint32_t first, int32_t vertex_offset,
			uint32_t first_instance, uint32_t draw_index)
{
	for (uint32_t i = 0; i < instances; i++) {
		for (uint32_t k = 0; k < count; k++) {
			uint32_t vertex = indexed ? idx[first + k] + (uint32_t)vertex_offset :
						    first + k;
			uint32_t instance = first_instance + i;
			uint32_t p = instance * W + vertex;

			REQUIRE(vertex < W && instance < H);
			e->ids[4 * p + 0] = vertex;
			e->ids[4 * p + 1] = instance;
			e->ids[4 * p + 2] = indexed ? (uint32_t)vertex_offset : first;
			e->ids[4 * p + 3] = first_instance;
			e->draw[p] = draw_index;
		}
	}
}

static void expect_indirect(struct expected *e, const void *args, uint32_t stride,
			    uint32_t draws)
{
	for (uint32_t d = 0; d < draws; d++) {
		const VkDrawIndirectCommand *c =
			(const void *)((const uint8_t *)args + (size_t)d * stride);

		expect_draw(e, NULL, false, c->vertexCount, c->instanceCount, c->firstVertex, 0,
			    c->firstInstance, d);
	}
}

static void expect_indexed_indirect(struct expected *e, const uint32_t *idx, const void *args,
				    uint32_t stride, uint32_t draws)
{
	for (uint32_t d = 0; d < draws; d++) {
		const VkDrawIndexedIndirectCommand *c =
			(const void *)((const uint8_t *)args + (size_t)d * stride);

		expect_draw(e, idx, true, c->indexCount, c->instanceCount, c->firstIndex,
			    c->vertexOffset, c->firstInstance, d);
	}
}

static void begin_rendering(VkCommandBuffer cmd, const struct vk_target *ids,
			    const struct vk_target *draw)
{
	VkRenderingAttachmentInfo c[2];
	VkRenderingInfo info = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
		.renderArea = { { 0, 0 }, { W, H } },
		.layerCount = 1,
		.colorAttachmentCount = 2,
		.pColorAttachments = c,
	};

	for (int i = 0; i < 2; i++) {
		c[i] = (VkRenderingAttachmentInfo) {
			.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
			.imageView = i ? draw->view : ids->view,
			.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
			.storeOp = VK_ATTACHMENT_STORE_OP_STORE,
			.clearValue.color.uint32 = { CLEAR, CLEAR, CLEAR, CLEAR },
		};
	}
	vkCmdBeginRendering(cmd, &info);
}

/* Compares @n words a pixel, naming the first wrong pixel. */
static void check(const uint32_t *got, const uint32_t *expected, uint32_t n, const char *what)
{
	unsigned int wrong = 0;

	for (uint32_t p = 0; p < W * H; p++) {
		if (!memcmp(&got[n * p], &expected[n * p], 4 * n))
			continue;
		if (!wrong++) {
			printf("# %s pixel (%u, %u):", what, p % W, p / W);
			for (uint32_t i = 0; i < n; i++)
				printf(" %u", got[n * p + i]);
			printf(", expected");
			for (uint32_t i = 0; i < n; i++)
				printf(" %u", expected[n * p + i]);
			printf("\n");
		}
	}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u pixels of %s differ", wrong, what);
}

VK_TEST(draw_parameters, "draw-parameters-every-draw-command")
{
	VkPhysicalDeviceVulkan12Features f12 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
		.drawIndirectCount = VK_TRUE,
	};
	VkPhysicalDeviceVulkan11Features f11 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
		.pNext = &f12, .shaderDrawParameters = VK_TRUE,
	};
	const struct vk_dev_options options = {
		.features = &f11,
		.core = { .multiDrawIndirect = VK_TRUE, .drawIndirectFirstInstance = VK_TRUE },
	};
	const VkFormat formats[2] = { VK_FORMAT_R32G32B32A32_UINT, VK_FORMAT_R32_UINT };
	struct vk_gfx_desc desc = {
		.vs = gfx_draw_params_vert_spv, .vs_size = gfx_draw_params_vert_spv_size,
		.fs = gfx_draw_params_frag_spv, .fs_size = gfx_draw_params_frag_spv_size,
		.topology = VK_PRIMITIVE_TOPOLOGY_POINT_LIST,
		.bindings = bindings, .binding_count = 2,
		.attributes = attributes, .attribute_count = 2,
		.color_count = 2, .color_formats = formats,
		.width = W, .height = H,
	};
	/* Strides above the commands' sizes: 5 and 6 dwords. */
	enum { STRIDE = 20, INDEXED_STRIDE = 24, INDEXED_ARGS = 128, COUNT_ARGS = 256,
	       INDEXED_COUNT_ARGS = 384 };
	struct vk_buf vertices, instances, index, args, count, readback, readback_draw;
	static struct expected e;
	struct vk_target ids, draw;
	struct vk_gfx_pipe pipe;
	struct vk_dev dev;
	VkCommandBuffer cmd;
	uint32_t *idx, *a;

	vk_gfx_dev_create_options(&dev, &options);
	vk_target_create(&dev, formats[0], W, H, 1, VK_SAMPLE_COUNT_1_BIT, &ids);
	vk_target_create(&dev, formats[1], W, H, 1, VK_SAMPLE_COUNT_1_BIT, &draw);
	vk_buf_create(&dev, W * sizeof(struct vk_vtx3), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
		      &vertices);
	vk_buf_create(&dev, H * 8, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &instances);
	vk_buf_create(&dev, 64 * 4, VK_BUFFER_USAGE_INDEX_BUFFER_BIT, &index);
	vk_buf_create(&dev, 512, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, &args);
	vk_buf_create(&dev, 16, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, &count);
	vk_buf_create(&dev, W * H * 16, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback);
	vk_buf_create(&dev, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback_draw);

	/* Vertex v: the centre of pixel (v, 0); instance i: i rows down. */
	for (uint32_t v = 0; v < W; v++)
		((struct vk_vtx3 *)vertices.map)[v] =
			(struct vk_vtx3) { vk_ndc(v + 0.5f, W), vk_ndc(0.5f, H), 0 };
	for (uint32_t i = 0; i < H; i++) {
		((float *)instances.map)[2 * i] = 0;
		((float *)instances.map)[2 * i + 1] = 2.0f * (float)i / H;
	}
	idx = index.map;
	for (uint32_t i = 0; i < 64; i++)
		idx[i] = i;

	/*
	 * Columns: 1-2 vkCmdDraw; 3-4 vkCmdDrawIndexed (vertexOffset -37);
	 * 5-9 vkCmdDrawIndirect (3 draws); 10-11 vkCmdDraw after it; 12-15
	 * vkCmdDrawIndexedIndirect (2 draws); 16-19 vkCmdDrawIndirectCount
	 * (count 2 of at most 3: column 20 stays clear); 21-25
	 * vkCmdDrawIndexedIndirectCount (count 5 of at most 2); 26-27
	 * vkCmdDrawIndexed (vertexOffset 6).
	 */
	memset(args.map, 0xa5, 512);
	a = args.map;
	memcpy(&a[0], (uint32_t[]){ 2, 1, 5, 0 }, 16);
	memcpy(&a[STRIDE / 4], (uint32_t[]){ 2, 2, 7, 7 }, 16);
	memcpy(&a[2 * STRIDE / 4], (uint32_t[]){ 1, 1, 9, 2 }, 16);
	a = (uint32_t *)((uint8_t *)args.map + INDEXED_ARGS);
	memcpy(&a[0], (uint32_t[]){ 2, 2, 30, (uint32_t)-18, 4 }, 20);
	memcpy(&a[INDEXED_STRIDE / 4], (uint32_t[]){ 2, 1, 50, (uint32_t)-36, 9 }, 20);
	a = (uint32_t *)((uint8_t *)args.map + COUNT_ARGS);
	memcpy(&a[0], (uint32_t[]){ 2, 1, 16, 1 }, 16);
	memcpy(&a[STRIDE / 4], (uint32_t[]){ 2, 2, 18, 11 }, 16);
	memcpy(&a[2 * STRIDE / 4], (uint32_t[]){ 1, 1, 20, 0 }, 16);
	a = (uint32_t *)((uint8_t *)args.map + INDEXED_COUNT_ARGS);
	memcpy(&a[0], (uint32_t[]){ 2, 1, 60, (uint32_t)-39, 6 }, 20);
	memcpy(&a[STRIDE / 4], (uint32_t[]){ 3, 1, 0, 23, 13 }, 20);
	((uint32_t *)count.map)[0] = 2;
	((uint32_t *)count.map)[1] = 5;

	vk_gfx_pipe_create(&dev, &desc, &pipe);
	cmd = vk_cmd_begin(&dev);
	vk_target_layout(cmd, &ids, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	vk_target_layout(cmd, &draw, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	begin_rendering(cmd, &ids, &draw);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe.pipeline);
	vkCmdBindVertexBuffers(cmd, 0, 2, (VkBuffer[]){ vertices.buffer, instances.buffer },
			       (VkDeviceSize[]){ 0, 0 });
	vkCmdBindIndexBuffer(cmd, index.buffer, 0, VK_INDEX_TYPE_UINT32);
	vkCmdDraw(cmd, 2, 2, 1, 3);
	vkCmdDrawIndexed(cmd, 2, 3, 40, -37, 1);
	vkCmdDrawIndirect(cmd, args.buffer, 0, 3, STRIDE);
	vkCmdDraw(cmd, 2, 1, 10, 12);
	vkCmdDrawIndexedIndirect(cmd, args.buffer, INDEXED_ARGS, 2, INDEXED_STRIDE);
	vkCmdDrawIndirectCount(cmd, args.buffer, COUNT_ARGS, count.buffer, 0, 3, STRIDE);
	vkCmdDrawIndexedIndirectCount(cmd, args.buffer, INDEXED_COUNT_ARGS, count.buffer, 4, 2,
				      STRIDE);
	vkCmdDrawIndexed(cmd, 2, 1, 20, 6, 15);
	vkCmdEndRendering(cmd);
	vk_target_layout(cmd, &ids, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_layout(cmd, &draw, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(cmd, &ids, VK_IMAGE_ASPECT_COLOR_BIT, 0, readback.buffer);
	vk_target_read(cmd, &draw, VK_IMAGE_ASPECT_COLOR_BIT, 0, readback_draw.buffer);
	vk_cmd_submit_wait(&dev, cmd, 0);

	memset(&e, 0xff, sizeof(e));
	expect_draw(&e, idx, false, 2, 2, 1, 0, 3, 0);
	expect_draw(&e, idx, true, 2, 3, 40, -37, 1, 0);
	expect_indirect(&e, args.map, STRIDE, 3);
	expect_draw(&e, idx, false, 2, 1, 10, 0, 12, 0);
	expect_indexed_indirect(&e, idx, (uint8_t *)args.map + INDEXED_ARGS, INDEXED_STRIDE, 2);
	expect_indirect(&e, (uint8_t *)args.map + COUNT_ARGS, STRIDE, 2);
	expect_indexed_indirect(&e, idx, (uint8_t *)args.map + INDEXED_COUNT_ARGS, STRIDE, 2);
	expect_draw(&e, idx, true, 2, 1, 20, 6, 15, 0);
	check(readback.map, e.ids, 4, "VertexIndex, InstanceIndex, BaseVertex, BaseInstance");
	check(readback_draw.map, e.draw, 1, "DrawIndex");

	vk_gfx_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &vertices);
	vk_buf_destroy(&dev, &instances);
	vk_buf_destroy(&dev, &index);
	vk_buf_destroy(&dev, &args);
	vk_buf_destroy(&dev, &count);
	vk_buf_destroy(&dev, &readback);
	vk_buf_destroy(&dev, &readback_draw);
	vk_target_destroy(&dev, &ids);
	vk_target_destroy(&dev, &draw);
	vk_dev_destroy(&dev);
}
