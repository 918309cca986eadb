/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Several viewports and wide lines
 *
 * multiViewport + shaderOutputViewportIndex: one rectangle drawn as four
 * instances, instance i writing ViewportIndex i and the value 1 + i, into
 * four viewports of their own (one of them flipped by a negative height),
 * each with a scissor of its own that cuts the rectangle: every pixel is
 * exact (the rectangle's edges and the scissors' fall between pixel
 * centres), so a primitive that used another viewport's transform or
 * scissor shows.
 *
 * wideLines: lines of width 3 (dynamic line width) — a horizontal and a
 * vertical one through pixel centres are rectangles 3 pixels across,
 * exact whether lines are strict or not (both rules agree there and no
 * sample lies on an edge); a diagonal one is checked where Vulkan leaves
 * no choice: pixel centres inside both the strict rectangle and the
 * non-strict parallelogram are covered, centres outside both are not.
 *
 * shaderOutputLayer: instances writing Layer into the layers of a
 * 2D-array target, rendered with dynamic rendering's layerCount and with
 * a layered framebuffer.
 */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { VW = 32, VH = 32 };

/* The rectangle in clip space: x in [-0.5, 0.5], y in [-0.5, 0.75]. */
static const float rect_clip[4] = { -0.5f, -0.5f, 0.5f, 0.75f };

/* Pixel rows or columns [*lo, *hi) a viewport maps clip [c0, c1] to. */
static void mapped(float origin, float size, float c0, float c1, int *lo, int *hi)
{
	float a = origin + size / 2 + size / 2 * c0, b = origin + size / 2 + size / 2 * c1;

	*lo = (int)fminf(a, b);
	*hi = (int)fmaxf(a, b);
}

VK_TEST(viewport_index, "viewport-index-scissors")
{
	VkPhysicalDeviceVulkan12Features f12 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
		.shaderOutputViewportIndex = VK_TRUE,
	};
	const struct vk_dev_options options = {
		.features = &f12, .core = { .multiViewport = VK_TRUE },
	};
	/* Quadrants; viewport 3 flipped (y from 32 up to 16). */
	static const VkViewport viewports[4] = {
		{ 0, 0, 16, 16, 0, 1 }, { 16, 0, 16, 16, 0, 1 },
		{ 0, 16, 16, 16, 0, 1 }, { 16, 32, 16, -16, 0, 1 },
	};
	/* Each cuts its rectangle differently; 2 runs past the target. */
	static const VkRect2D scissors[4] = {
		{ { 2, 1 }, { 8, 12 } }, { { 6, 5 }, { 20, 4 } },
		{ { 5, 18 }, { 3, 30 } }, { { 16, 16 }, { 16, 11 } },
	};
	static const VkVertexInputBindingDescription binding = {
		0, sizeof(struct vk_vtx3), VK_VERTEX_INPUT_RATE_VERTEX,
	};
	static const VkVertexInputAttributeDescription attribute = {
		0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0,
	};
	const struct vk_gfx_desc desc = {
		.vs = gfx_viewport_index_vert_spv, .vs_size = gfx_viewport_index_vert_spv_size,
		.fs = gfx_uint_frag_spv, .fs_size = gfx_uint_frag_spv_size,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
		.bindings = &binding, .binding_count = 1,
		.attributes = &attribute, .attribute_count = 1,
		.color_format = VK_FORMAT_R32_UINT,
		.viewport = viewports, .scissor = scissors, .viewport_count = 4,
		.width = VW, .height = VH, .push_size = 4,
	};
	const VkClearValue clear = { .color.uint32 = { 0 } };
	const uint32_t base = 1;
	static uint32_t expected[VW * VH];
	struct vk_dev dev;
	struct vk_target color;
	struct vk_buf vertices, readback;
	struct vk_gfx_pipe pipe;
	struct vk_vtx3 *v;
	VkCommandBuffer cmd;

	vk_gfx_dev_create_options(&dev, &options);
	vk_target_create(&dev, VK_FORMAT_R32_UINT, VW, VH, 1, VK_SAMPLE_COUNT_1_BIT, &color);
	vk_buf_create(&dev, 6 * sizeof(*v), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &vertices);
	vk_buf_create(&dev, VW * VH * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback);
	v = vertices.map;
	/* vk_gfx_rect() in a 2 x 2 "target" whose pixels are clip units from -1. */
	vk_gfx_rect(v, rect_clip[0] + 1, rect_clip[1] + 1, rect_clip[2] + 1, rect_clip[3] + 1,
		    0.5f, 2, 2, true);
	vk_gfx_pipe_create(&dev, &desc, &pipe);
	cmd = vk_cmd_begin(&dev);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	vk_gfx_begin(cmd, &color, NULL, &clear, NULL);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe.pipeline);
	vkCmdPushConstants(cmd, pipe.layout, VK_SHADER_STAGE_VERTEX_BIT |
			   VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(base), &base);
	vkCmdBindVertexBuffers(cmd, 0, 1, &vertices.buffer, &(VkDeviceSize){ 0 });
	vkCmdDraw(cmd, 6, 4, 0, 0);
	vkCmdEndRendering(cmd);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(cmd, &color, VK_IMAGE_ASPECT_COLOR_BIT, 0, readback.buffer);
	vk_cmd_submit_wait(&dev, cmd, 0);

	/* Instance i: the rectangle through viewport i, cut by scissor i, in draw order. */
	memset(expected, 0, sizeof(expected));
	for (uint32_t i = 0; i < 4; i++) {
		const VkViewport *vp = &viewports[i];
		const VkRect2D *sc = &scissors[i];
		int x0, x1, y0, y1;

		mapped(vp->x, vp->width, rect_clip[0], rect_clip[2], &x0, &x1);
		mapped(vp->y, vp->height, rect_clip[1], rect_clip[3], &y0, &y1);
		x0 = x0 > sc->offset.x ? x0 : sc->offset.x;
		y0 = y0 > sc->offset.y ? y0 : sc->offset.y;
		x1 = x1 < sc->offset.x + (int)sc->extent.width ? x1 :
		     sc->offset.x + (int)sc->extent.width;
		y1 = y1 < sc->offset.y + (int)sc->extent.height ? y1 :
		     sc->offset.y + (int)sc->extent.height;
		x1 = x1 < VW ? x1 : VW;
		y1 = y1 < VH ? y1 : VH;
		if (x0 < x1 && y0 < y1)
			vk_gfx_fill(expected, VW, (uint32_t)x0, (uint32_t)y0, (uint32_t)x1,
				    (uint32_t)y1, base + i);
	}
	vk_gfx_check_uint(readback.map, expected, VW, VH, "four viewports with their scissors");
	vk_gfx_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &vertices);
	vk_buf_destroy(&dev, &readback);
	vk_target_destroy(&dev, &color);
	vk_dev_destroy(&dev);
}

/* Three lines of width 3 in pixel coordinates: horizontal, vertical, diagonal. */
static const float line_px[3][2][2] = {
	{ { 4.0f, 4.5f }, { 28.0f, 4.5f } },
	{ { 26.5f, 10.0f }, { 26.5f, 30.0f } },
	{ { 3.25f, 12.75f }, { 19.75f, 25.25f } },
};

#define LINE_WIDTH 3.0f

/*
 * Whether pixel centre (@x, @y) is inside (1), outside (0) or near the
 * edge (-1: either) of line @l drawn strict or non-strict.
 */
static int line_cover(const float (*l)[2], float x, float y)
{
	const float margin = 0.05f, h = LINE_WIDTH / 2;
	float dx = l[1][0] - l[0][0], dy = l[1][1] - l[0][1];
	float len = sqrtf(dx * dx + dy * dy);
	/* Strict: the rectangle along the line. */
	float along = ((x - l[0][0]) * dx + (y - l[0][1]) * dy) / len;
	float across = fabsf((x - l[0][0]) * dy - (y - l[0][1]) * dx) / len;
	bool r_in = along > margin && along < len - margin && across < h - margin;
	bool r_out = along < -margin || along > len + margin || across > h + margin;
	/* Non-strict: the parallelogram offset along the minor axis. */
	bool x_major = fabsf(dx) >= fabsf(dy);
	float t = x_major ? (x - l[0][0]) / dx : (y - l[0][1]) / dy;
	float minor = x_major ? fabsf(y - (l[0][1] + t * dy)) : fabsf(x - (l[0][0] + t * dx));
	float major_len = x_major ? fabsf(dx) : fabsf(dy);
	bool p_in = t * major_len > margin && (1 - t) * major_len > margin && minor < h - margin;
	bool p_out = t * major_len < -margin || (1 - t) * major_len < -margin ||
		     minor > h + margin;

	if (r_in && p_in)
		return 1;
	if (r_out && p_out)
		return 0;
	return -1;
}

VK_TEST(wide_lines, "line-wide-width-3")
{
	const struct vk_dev_options options = { .core = { .wideLines = VK_TRUE } };
	static const VkVertexInputBindingDescription binding = {
		0, sizeof(struct vk_vtx3), VK_VERTEX_INPUT_RATE_VERTEX,
	};
	static const VkVertexInputAttributeDescription attribute = {
		0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0,
	};
	static const VkDynamicState dynamic = VK_DYNAMIC_STATE_LINE_WIDTH;
	const struct vk_gfx_desc desc = {
		.vs = gfx_pos_vert_spv, .vs_size = gfx_pos_vert_spv_size,
		.fs = gfx_push_color_frag_spv, .fs_size = gfx_push_color_frag_spv_size,
		.topology = VK_PRIMITIVE_TOPOLOGY_LINE_LIST,
		.bindings = &binding, .binding_count = 1,
		.attributes = &attribute, .attribute_count = 1,
		.color_format = VK_FORMAT_R8G8B8A8_UNORM,
		.dynamic = &dynamic, .dynamic_count = 1,
		.width = VW, .height = VH, .push_size = 32,
	};
	const VkClearValue clear = { .color.float32 = { 0, 0, 0, 0 } };
	const float white[8] = { 1, 1, 1, 1 };
	unsigned int wrong = 0, checked = 0;
	struct vk_dev dev;
	struct vk_target color;
	struct vk_buf vertices, readback;
	struct vk_gfx_pipe pipe;
	VkPhysicalDeviceProperties props;
	struct vk_vtx3 *v;
	VkCommandBuffer cmd;
	const uint8_t *img;

	vk_gfx_dev_create_options(&dev, &options);
	vkGetPhysicalDeviceProperties(dev.physical, &props);
	if (!(props.limits.lineWidthRange[1] >= LINE_WIDTH)) {
		vk_dev_destroy(&dev);
		vk_test_skip("lineWidthRange ends below 3");
	}
	vk_target_create(&dev, VK_FORMAT_R8G8B8A8_UNORM, VW, VH, 1, VK_SAMPLE_COUNT_1_BIT, &color);
	vk_buf_create(&dev, 6 * sizeof(*v), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &vertices);
	vk_buf_create(&dev, VW * VH * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback);
	v = vertices.map;
	for (uint32_t i = 0; i < 6; i++)
		v[i] = (struct vk_vtx3) { vk_ndc(line_px[i / 2][i % 2][0], VW),
					  vk_ndc(line_px[i / 2][i % 2][1], VH), 0.5f };
	vk_gfx_pipe_create(&dev, &desc, &pipe);
	cmd = vk_cmd_begin(&dev);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	vk_gfx_begin(cmd, &color, NULL, &clear, NULL);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe.pipeline);
	vkCmdPushConstants(cmd, pipe.layout, VK_SHADER_STAGE_VERTEX_BIT |
			   VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(white), white);
	vkCmdSetLineWidth(cmd, LINE_WIDTH);
	vkCmdBindVertexBuffers(cmd, 0, 1, &vertices.buffer, &(VkDeviceSize){ 0 });
	vkCmdDraw(cmd, 6, 1, 0, 0);
	vkCmdEndRendering(cmd);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(cmd, &color, VK_IMAGE_ASPECT_COLOR_BIT, 0, readback.buffer);
	vk_cmd_submit_wait(&dev, cmd, 0);

	img = readback.map;
	for (uint32_t y = 0; y < VH; y++) {
		for (uint32_t x = 0; x < VW; x++) {
			int want = 0;

			/* Covered by any line, or left free only if no line may cover it. */
			for (int l = 0; l < 3 && want != 1; l++) {
				int c = line_cover(line_px[l], x + 0.5f, y + 0.5f);

				want = c == 1 ? 1 : c == -1 ? -1 : want;
			}
			if (want < 0)
				continue;
			checked++;
			if (img[4 * (y * VW + x)] == (want ? 255 : 0))
				continue;
			if (!wrong++)
				printf("# pixel (%u, %u): %u, expected %u\n", x, y,
				       img[4 * (y * VW + x)], want ? 255 : 0);
		}
	}
	printf("# %u pixels checked exactly\n", checked);
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u pixels differ", wrong);
	vk_gfx_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &vertices);
	vk_buf_destroy(&dev, &readback);
	vk_target_destroy(&dev, &color);
	vk_dev_destroy(&dev);
}

enum { LW = 16, LH = 16, LAYERS = 4 };

/* A render pass of one R32_UINT attachment, cleared and stored, and its framebuffer of @t. */
static void layered_pass(struct vk_dev *dev, const struct vk_target *t, VkRenderPass *pass,
			 VkFramebuffer *fb)
{
	const VkAttachmentDescription att = {
		.format = VK_FORMAT_R32_UINT, .samples = VK_SAMPLE_COUNT_1_BIT,
		.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
		.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
		.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
		.initialLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
		.finalLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
	};
	const VkAttachmentReference ref = { 0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL };
	const VkSubpassDescription subpass = {
		.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
		.colorAttachmentCount = 1, .pColorAttachments = &ref,
	};
	const VkRenderPassCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
		.attachmentCount = 1, .pAttachments = &att, .subpassCount = 1, .pSubpasses = &subpass,
	};
	VkFramebufferCreateInfo fb_info = {
		.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
		.attachmentCount = 1, .pAttachments = &t->view,
		.width = t->width, .height = t->height, .layers = t->layers,
	};

	VK_CHECK(vkCreateRenderPass(dev->device, &info, NULL, pass));
	fb_info.renderPass = *pass;
	VK_CHECK(vkCreateFramebuffer(dev->device, &fb_info, NULL, fb));
}

/*
 * shaderOutputLayer: a rectangle drawn as four instances into a 2D-array
 * target of four layers, instance i writing Layer i and the value 10 + i;
 * the layered rendering (dynamic rendering's layerCount 4, or a
 * framebuffer of 4 layers) clears every layer to 7 first. Each layer holds
 * exactly its instance's rectangle: a primitive drawn into another layer,
 * or a clear of the first layer only, shows.
 */
static void layered_draw(bool render_pass)
{
	VkPhysicalDeviceVulkan12Features f12 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
		.shaderOutputLayer = VK_TRUE,
	};
	const struct vk_dev_options options = { .features = &f12 };
	static const VkVertexInputBindingDescription binding = {
		0, sizeof(struct vk_vtx3), VK_VERTEX_INPUT_RATE_VERTEX,
	};
	static const VkVertexInputAttributeDescription attribute = {
		0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0,
	};
	struct vk_gfx_desc desc = {
		.vs = gfx_layer_vert_spv, .vs_size = gfx_layer_vert_spv_size,
		.fs = gfx_uint_frag_spv, .fs_size = gfx_uint_frag_spv_size,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
		.bindings = &binding, .binding_count = 1,
		.attributes = &attribute, .attribute_count = 1,
		.color_format = VK_FORMAT_R32_UINT,
		.width = LW, .height = LH, .push_size = 4,
	};
	const VkClearValue clear = { .color.uint32 = { 7 } };
	const uint32_t base = 10;
	uint32_t expected[LW * LH];
	struct vk_buf vertices, readback[LAYERS];
	VkRenderPass pass = VK_NULL_HANDLE;
	VkFramebuffer fb = VK_NULL_HANDLE;
	struct vk_target color;
	struct vk_gfx_pipe pipe;
	VkCommandBuffer cmd;
	struct vk_dev dev;

	vk_gfx_dev_create_options(&dev, &options);
	vk_target_create(&dev, VK_FORMAT_R32_UINT, LW, LH, LAYERS, VK_SAMPLE_COUNT_1_BIT, &color);
	vk_buf_create(&dev, 6 * sizeof(struct vk_vtx3), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
		      &vertices);
	for (uint32_t l = 0; l < LAYERS; l++)
		vk_buf_create(&dev, LW * LH * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback[l]);
	vk_gfx_rect(vertices.map, 2, 3, 12, 14, 0.5f, LW, LH, true);
	if (render_pass) {
		layered_pass(&dev, &color, &pass, &fb);
		desc.render_pass = pass;
	}
	vk_gfx_pipe_create(&dev, &desc, &pipe);

	cmd = vk_cmd_begin(&dev);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	if (render_pass) {
		const VkRenderPassBeginInfo begin = {
			.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
			.renderPass = pass, .framebuffer = fb,
			.renderArea = { { 0, 0 }, { LW, LH } },
			.clearValueCount = 1, .pClearValues = &clear,
		};

		vkCmdBeginRenderPass(cmd, &begin, VK_SUBPASS_CONTENTS_INLINE);
	} else {
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
			.renderArea = { { 0, 0 }, { LW, LH } },
			.layerCount = LAYERS,
			.colorAttachmentCount = 1, .pColorAttachments = &att,
		};

		vkCmdBeginRendering(cmd, &info);
	}
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe.pipeline);
	vkCmdPushConstants(cmd, pipe.layout, VK_SHADER_STAGE_VERTEX_BIT |
			   VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(base), &base);
	vkCmdBindVertexBuffers(cmd, 0, 1, &vertices.buffer, &(VkDeviceSize){ 0 });
	vkCmdDraw(cmd, 6, LAYERS, 0, 0);
	if (render_pass)
		vkCmdEndRenderPass(cmd);
	else
		vkCmdEndRendering(cmd);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	for (uint32_t l = 0; l < LAYERS; l++)
		vk_target_read(cmd, &color, VK_IMAGE_ASPECT_COLOR_BIT, l, readback[l].buffer);
	vk_cmd_submit_wait(&dev, cmd, 0);

	for (uint32_t l = 0; l < LAYERS; l++) {
		char what[64];

		vk_gfx_fill(expected, LW, 0, 0, LW, LH, 7);
		vk_gfx_fill(expected, LW, 2, 3, 12, 14, base + l);
		snprintf(what, sizeof(what), "%s, layer %u",
			 render_pass ? "render pass" : "dynamic rendering", l);
		vk_gfx_check_uint(readback[l].map, expected, LW, LH, what);
	}

	vk_gfx_pipe_destroy(&dev, &pipe);
	if (render_pass) {
		vkDestroyFramebuffer(dev.device, fb, NULL);
		vkDestroyRenderPass(dev.device, pass, NULL);
	}
	for (uint32_t l = 0; l < LAYERS; l++)
		vk_buf_destroy(&dev, &readback[l]);
	vk_buf_destroy(&dev, &vertices);
	vk_target_destroy(&dev, &color);
	vk_dev_destroy(&dev);
}

VK_TEST(layer_dynamic_rendering, "layer-output-dynamic-rendering")
{
	layered_draw(false);
}

VK_TEST(layer_render_pass, "layer-output-render-pass")
{
	layered_draw(true);
}
