/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Vertex attribute divisors (VK_KHR/EXT_vertex_attribute_divisor)
 *
 * A per-instance binding with divisor d reads element
 * firstInstance + floor(n / d) for the n-th instance of a draw, and
 * element firstInstance for every instance when d is 0 (Vulkan's "Vertex
 * Input Extraction"). The gfx_uint shaders move a 4x8-pixel rectangle by
 * the per-instance offset they read and write the push constant plus
 * InstanceIndex; the offsets put element e in column e of a 32x8 R32_UINT
 * target, so the picture says which element each instance read, and the
 * value of a column, drawn over in instance order, which instance was the
 * last to read it. Each test runs once with the KHR extension and once
 * with the EXT one (either skips when the device lacks it).
 */

#include "vk_gfx.h"

#include <string.h>

enum { TW = 32, TH = 8, COLUMNS = TW / 4 };

/* One draw: its binding 1 divisor, firstInstance, instanceCount, push value. */
struct divisor_draw {
	uint32_t divisor, first_instance, instances, value;
};

static void draw_divisors(const char *extension, const struct divisor_draw *draws,
			  uint32_t draw_count)
{
	const char *const extensions[] = { extension };
	const VkClearValue clear = { .color.uint32 = { 0 } };
	VkPhysicalDeviceVertexAttributeDivisorFeaturesKHR features = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_KHR,
		.vertexAttributeInstanceRateDivisor = VK_TRUE,
		.vertexAttributeInstanceRateZeroDivisor = VK_TRUE,
	};
	struct vk_dev_options options = {
		.extensions = extensions, .extension_count = 1, .features = &features,
		.core = { .drawIndirectFirstInstance = VK_TRUE },
	};
	uint32_t expected[TW * TH] = { 0 };
	struct vk_buf vertices, instances, readback;
	struct vk_target color;
	struct vk_gfx_pipe pipes[4];
	VkCommandBuffer cmd;
	struct vk_dev dev;
	float *offsets;

	if (vk_test_under_validation() && !strcmp(extension, "VK_KHR_vertex_attribute_divisor"))
		vk_test_skip("the validation layer predates %s", extension);
	vk_gfx_dev_create_options(&dev, &options);
	vk_target_create(&dev, VK_FORMAT_R32_UINT, TW, TH, 1, VK_SAMPLE_COUNT_1_BIT, &color);
	vk_buf_create(&dev, 4096, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &vertices);
	vk_buf_create(&dev, 8 * COLUMNS, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &instances);
	vk_buf_create(&dev, TW * TH * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback);
	/* The rectangle [0, 4) x [0, 8); element e moves it 4e pixels right. */
	vk_gfx_rect(vertices.map, 0, 0, 4, TH, 0, TW, TH, false);
	offsets = instances.map;
	for (int e = 0; e < COLUMNS; e++) {
		offsets[2 * e] = 8.0f * (float)e / TW;	/* 4e pixels: 2 * 4e / TW in clip space */
		offsets[2 * e + 1] = 0;
	}

	cmd = vk_cmd_begin(&dev);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	for (uint32_t i = 0; i < draw_count; i++) {
		const VkVertexInputBindingDivisorDescriptionKHR divisor = {
			.binding = 1, .divisor = draws[i].divisor,
		};
		const VkPipelineVertexInputDivisorStateCreateInfoKHR divisor_state = {
			.sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_KHR,
			.vertexBindingDivisorCount = 1, .pVertexBindingDivisors = &divisor,
		};
		struct vk_gfx_desc desc = vk_gfx_uint_desc(TW, TH);

		desc.vertex_input_next = &divisor_state;
		vk_gfx_pipe_create(&dev, &desc, &pipes[i]);
	}
	vk_gfx_begin(cmd, &color, NULL, &clear, NULL);
	vkCmdBindVertexBuffers(cmd, 0, 2, (const VkBuffer[]){ vertices.buffer, instances.buffer },
			       (const VkDeviceSize[]){ 0, 0 });
	for (uint32_t i = 0; i < draw_count; i++) {
		const struct divisor_draw *d = &draws[i];

		vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[i].pipeline);
		vkCmdPushConstants(cmd, pipes[i].layout, VK_SHADER_STAGE_VERTEX_BIT |
				   VK_SHADER_STAGE_FRAGMENT_BIT, 0, 4, &d->value);
		vkCmdDraw(cmd, 6, d->instances, 0, d->first_instance);
		/* Instance n reads element e; instances after it draw over it. */
		for (uint32_t n = 0; n < d->instances; n++) {
			uint32_t e = d->first_instance + (d->divisor ? n / d->divisor : 0);

			vk_gfx_fill(expected, TW, 4 * e, 0, 4 * e + 4, TH,
				    d->value + d->first_instance + n);
		}
	}
	vkCmdEndRendering(cmd);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(cmd, &color, VK_IMAGE_ASPECT_COLOR_BIT, 0, readback.buffer);
	vk_cmd_submit_wait(&dev, cmd, 0);
	vk_gfx_check_uint(readback.map, expected, TW, TH, "instances' columns");

	for (uint32_t i = 0; i < draw_count; i++)
		vk_gfx_pipe_destroy(&dev, &pipes[i]);
	vk_buf_destroy(&dev, &vertices);
	vk_buf_destroy(&dev, &instances);
	vk_buf_destroy(&dev, &readback);
	vk_target_destroy(&dev, &color);
	vk_dev_destroy(&dev);
}

/*
 * Divisor 3 from firstInstance 1 (instances 1..6 read elements 1, 1, 1,
 * 2, 2, 2), then divisor 1 (each instance its own element) in columns 4
 * and 5: every column names the last instance that read it.
 */
static const struct divisor_draw nonzero[] = {
	{ .divisor = 3, .first_instance = 1, .instances = 6, .value = 100 },
	{ .divisor = 1, .first_instance = 4, .instances = 2, .value = 200 },
};

/* Divisor 0: all five instances read element firstInstance (6): one column. */
static const struct divisor_draw zero[] = {
	{ .divisor = 0, .first_instance = 6, .instances = 5, .value = 300 },
	{ .divisor = 2, .first_instance = 0, .instances = 1, .value = 400 },
};

VK_TEST(divisor_khr, "vertex-divisor-khr-nonzero-first-instance")
{
	draw_divisors("VK_KHR_vertex_attribute_divisor", nonzero, 2);
}

VK_TEST(divisor_ext, "vertex-divisor-ext-nonzero-first-instance")
{
	draw_divisors("VK_EXT_vertex_attribute_divisor", nonzero, 2);
}

VK_TEST(divisor_zero_khr, "vertex-divisor-khr-zero-reads-first-instance")
{
	draw_divisors("VK_KHR_vertex_attribute_divisor", zero, 2);
}

VK_TEST(divisor_zero_ext, "vertex-divisor-ext-zero-reads-first-instance")
{
	draw_divisors("VK_EXT_vertex_attribute_divisor", zero, 2);
}
