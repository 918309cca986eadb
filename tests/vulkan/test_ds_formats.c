/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The depth/stencil formats X8_D24_UNORM_PACK32 and D32_SFLOAT_S8_UINT
 *
 * On each format, when the device reports it as a depth/stencil
 * attachment: a target cleared by the load operation to depth 0.5 (and
 * stencil 0x35) gets bands drawn at depths 0.25, 0.5 and 0.75 through
 * every depth compare op (dynamic), with depth writes, the stencil pass op
 * INCREMENT_AND_CLAMP and depth-fail op INVERT; vkCmdClearAttachments then
 * clears a rectangle to depth 0.125 and stencil 0x5a. The colour target
 * shows which bands passed; each aspect is copied to a buffer and checked
 * texel by texel (binary32 depths and stencil bytes exact, D24 codes the
 * nearest, 0.5's tie either way; the top byte of a D24 word Vulkan leaves
 * undefined is not compared). The
 * copies go on: the buffers back into a second image's aspects, the first
 * image into a third with vkCmdCopyImage, and vkCmdClearDepthStencilImage
 * on a fourth, each read back and checked the same way.
 */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <string.h>

enum { TW = 32, TH = 16, IMAGES = 4 };

#define CLEAR_DEPTH	0.5f
#define CLEAR_STENCIL	0x35u
#define RECT_DEPTH	0.125f
#define RECT_STENCIL	0x5au
#define IMAGE_DEPTH	0.75f
#define IMAGE_STENCIL	0x81u

static const float band_depths[3] = { 0.25f, 0.5f, 0.75f };

/* The bits a depth aspect copy holds for @z: D24 codes, or binary32. */
static uint32_t depth_bits(VkFormat format, float z)
{
	uint32_t u;

	if (format == VK_FORMAT_X8_D24_UNORM_PACK32)
		return (uint32_t)(z * 16777215.0 + 0.5);
	memcpy(&u, &z, 4);
	return u;
}

/* Checks the depth (and stencil) aspects read into @depth and @stencil against the expectation. */
static void check_aspects(VkFormat format, const char *what, const uint32_t *depth,
			  const uint8_t *stencil, const float *want_z, const uint8_t *want_s)
{
	const uint32_t mask = format == VK_FORMAT_X8_D24_UNORM_PACK32 ? 0xffffffu : ~0u;

	for (uint32_t i = 0; i < TW * TH; i++) {
		uint32_t want = depth_bits(format, want_z[i]), got = depth[i] & mask;
		/* D24: 0.5 lies half way between two codes, either is the nearest. */
		uint32_t slack = mask != ~0u && got + 1 == want ? 1 : 0;

		if (got + slack != want)
			vk_test_fail(__FILE__, __LINE__, "format %d %s: depth (%u, %u) is 0x%08x, "
				     "not 0x%08x", format, what, i % TW, i / TW, depth[i] & mask,
				     want);
		if (stencil && stencil[i] != want_s[i])
			vk_test_fail(__FILE__, __LINE__, "format %d %s: stencil (%u, %u) is 0x%02x, "
				     "not 0x%02x", format, what, i % TW, i / TW, stencil[i],
				     want_s[i]);
	}
}

/* Copies image @t's aspects (TRANSFER_SRC_OPTIMAL) to @depth and @stencil. */
static void read_aspects(VkCommandBuffer cmd, const struct vk_target *t, const struct vk_buf *depth,
			 const struct vk_buf *stencil)
{
	vk_target_read(cmd, t, VK_IMAGE_ASPECT_DEPTH_BIT, 0, depth->buffer);
	if (t->aspects & VK_IMAGE_ASPECT_STENCIL_BIT)
		vk_target_read(cmd, t, VK_IMAGE_ASPECT_STENCIL_BIT, 0, stencil->buffer);
}

static void ds_format(VkFormat format)
{
	static const VkDynamicState dynamic[] = { VK_DYNAMIC_STATE_DEPTH_COMPARE_OP };
	const VkStencilOpState count = {
		VK_STENCIL_OP_KEEP, VK_STENCIL_OP_INCREMENT_AND_CLAMP, VK_STENCIL_OP_INVERT,
		VK_COMPARE_OP_ALWAYS, 0xff, 0xff, 0,
	};
	const VkClearValue clear = { .color.uint32 = { 0 } };
	const VkClearValue ds_clear = { .depthStencil = { CLEAR_DEPTH, CLEAR_STENCIL } };
	const VkClearDepthStencilValue image_clear = { IMAGE_DEPTH, IMAGE_STENCIL };
	struct vk_gfx_desc desc = vk_gfx_uint_desc(TW, TH);
	static uint32_t expected[TW * TH];
	static float want_z[TW * TH], image_z[TW * TH];
	static uint8_t want_s[TW * TH], image_s[TW * TH];
	struct vk_target color, ds[IMAGES];
	struct vk_buf vertices, instances, readback, depth_buf[IMAGES], stencil_buf[IMAGES];
	struct vk_gfx_pipe pipe;
	VkImageAspectFlags aspects;
	VkCommandBuffer cmd;
	struct vk_vtx3 *v;
	struct vk_dev dev;

	vk_gfx_dev_create(&dev, NULL);
	for (int i = 0; i < IMAGES; i++)
		vk_target_create(&dev, format, TW, TH, 1, VK_SAMPLE_COUNT_1_BIT, &ds[i]);
	aspects = ds[0].aspects;
	const VkPipelineDepthStencilStateCreateInfo ds_state = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
		.depthTestEnable = VK_TRUE, .depthWriteEnable = VK_TRUE,
		.depthCompareOp = VK_COMPARE_OP_NEVER,
		.stencilTestEnable = (aspects & VK_IMAGE_ASPECT_STENCIL_BIT) != 0,
		.front = count, .back = count,
	};
	vk_target_create(&dev, VK_FORMAT_R32_UINT, TW, TH, 1, VK_SAMPLE_COUNT_1_BIT, &color);
	vk_buf_create(&dev, 24 * 6 * sizeof(*v), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &vertices);
	vk_buf_create(&dev, 64, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &instances);
	vk_buf_create(&dev, TW * TH * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback);
	for (int i = 0; i < IMAGES; i++) {
		vk_buf_create(&dev, TW * TH * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT |
			      VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &depth_buf[i]);
		vk_buf_create(&dev, TW * TH, VK_BUFFER_USAGE_TRANSFER_DST_BIT |
			      VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &stencil_buf[i]);
	}
	memset(instances.map, 0, 64);
	desc.depth_format = (aspects & VK_IMAGE_ASPECT_DEPTH_BIT) ? format : VK_FORMAT_UNDEFINED;
	desc.stencil_format = (aspects & VK_IMAGE_ASPECT_STENCIL_BIT) ? format :
			      VK_FORMAT_UNDEFINED;
	desc.depth_stencil = &ds_state;
	desc.dynamic = dynamic;
	desc.dynamic_count = 1;
	/* Band op (4 pixels wide), rows 4k .. 4k + 3 at band_depths[k] against the cleared 0.5. */
	v = vertices.map;
	for (int op = 0; op < 8; op++)
		for (int k = 0; k < 3; k++)
			vk_gfx_rect(v + 6 * (3 * op + k), 4.0f * op, 4.0f * k, 4.0f * op + 4,
				    4.0f * k + 4, band_depths[k], TW, TH, false);
	vk_gfx_pipe_create(&dev, &desc, &pipe);

	cmd = vk_cmd_begin(&dev);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	vk_target_layout(cmd, &ds[0], VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
	vk_gfx_begin(cmd, &color, &ds[0], &clear, &ds_clear);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe.pipeline);
	vkCmdBindVertexBuffers(cmd, 0, 2, (const VkBuffer[]){ vertices.buffer, instances.buffer },
			       (const VkDeviceSize[]){ 0, 0 });
	for (int op = 0; op < 8; op++) {
		vkCmdSetDepthCompareOp(cmd, (VkCompareOp)op);
		vkCmdPushConstants(cmd, pipe.layout, VK_SHADER_STAGE_VERTEX_BIT |
				   VK_SHADER_STAGE_FRAGMENT_BIT, 0, 4, &(uint32_t){ 1 + op });
		vkCmdDraw(cmd, 18, 1, 18 * op, 0);
	}
	const VkClearAttachment att = {
		.aspectMask = aspects,
		.clearValue.depthStencil = { RECT_DEPTH, RECT_STENCIL },
	};
	const VkClearRect rect = { .rect = { { 2, 12 }, { 8, 4 } }, .layerCount = 1 };
	vkCmdClearAttachments(cmd, 1, &att, 1, &rect);
	vkCmdEndRendering(cmd);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(cmd, &color, VK_IMAGE_ASPECT_COLOR_BIT, 0, readback.buffer);
	vk_target_layout(cmd, &ds[0], VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	read_aspects(cmd, &ds[0], &depth_buf[0], &stencil_buf[0]);
	/* Image 1 from those buffers, image 2 a copy of image 0, image 3 cleared. */
	for (int i = 1; i < IMAGES; i++)
		vk_target_layout(cmd, &ds[i], VK_IMAGE_LAYOUT_UNDEFINED,
				 VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
	for (int a = 0; a < 2; a++) {
		const VkImageAspectFlags aspect = a ? VK_IMAGE_ASPECT_STENCIL_BIT :
					       VK_IMAGE_ASPECT_DEPTH_BIT;
		const VkBufferImageCopy region = {
			.imageSubresource = { aspect, 0, 0, 1 },
			.imageExtent = { TW, TH, 1 },
		};
		const VkImageCopy copy = {
			.srcSubresource = { aspect, 0, 0, 1 },
			.dstSubresource = { aspect, 0, 0, 1 },
			.extent = { TW, TH, 1 },
		};

		if (!(aspects & aspect))
			continue;
		vkCmdCopyBufferToImage(cmd, a ? stencil_buf[0].buffer : depth_buf[0].buffer,
				       ds[1].image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
		vkCmdCopyImage(cmd, ds[0].image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, ds[2].image,
			       VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &copy);
	}
	vkCmdClearDepthStencilImage(cmd, ds[3].image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
				    &image_clear, 1,
				    &(VkImageSubresourceRange){ aspects, 0, 1, 0, 1 });
	for (int i = 1; i < IMAGES; i++) {
		vk_target_layout(cmd, &ds[i], VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
				 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
		read_aspects(cmd, &ds[i], &depth_buf[i], &stencil_buf[i]);
	}
	vk_cmd_submit_wait(&dev, cmd, 0);

	memset(expected, 0, sizeof(expected));
	for (uint32_t i = 0; i < TW * TH; i++) {
		want_z[i] = CLEAR_DEPTH;
		want_s[i] = CLEAR_STENCIL;
		image_z[i] = IMAGE_DEPTH;
		image_s[i] = IMAGE_STENCIL;
	}
	for (int op = 0; op < 8; op++) {
		for (int k = 0; k < 3; k++) {
			const float z = band_depths[k], d = CLEAR_DEPTH;
			const bool pass[8] = { false, z < d, z == d, z <= d, z > d, z != d, z >= d,
					       true };

			for (int y = 4 * k; y < 4 * k + 4; y++) {
				for (int x = 4 * op; x < 4 * op + 4; x++) {
					want_z[y * TW + x] = pass[op] ? z : CLEAR_DEPTH;
					want_s[y * TW + x] = pass[op] ? CLEAR_STENCIL + 1 :
							     (uint8_t)~CLEAR_STENCIL;
				}
			}
			if (pass[op])
				vk_gfx_fill(expected, TW, 4 * op, 4 * k, 4 * op + 4, 4 * k + 4,
					    1 + op);
		}
	}
	for (int y = 12; y < 16; y++) {
		for (int x = 2; x < 10; x++) {
			want_z[y * TW + x] = RECT_DEPTH;
			want_s[y * TW + x] = RECT_STENCIL;
		}
	}
	vk_gfx_check_uint(readback.map, expected, TW, TH, "depth-tested bands");
	for (int i = 0; i < IMAGES; i++) {
		static const char *const what[IMAGES] = {
			"rendered", "copied from buffers", "copied image to image",
			"cleared image",
		};
		const bool has_stencil = aspects & VK_IMAGE_ASPECT_STENCIL_BIT;

		check_aspects(format, what[i], depth_buf[i].map,
			      has_stencil ? stencil_buf[i].map : NULL,
			      i == 3 ? image_z : want_z, i == 3 ? image_s : want_s);
	}

	vk_gfx_pipe_destroy(&dev, &pipe);
	for (int i = 0; i < IMAGES; i++) {
		vk_buf_destroy(&dev, &depth_buf[i]);
		vk_buf_destroy(&dev, &stencil_buf[i]);
		vk_target_destroy(&dev, &ds[i]);
	}
	vk_buf_destroy(&dev, &readback);
	vk_buf_destroy(&dev, &instances);
	vk_buf_destroy(&dev, &vertices);
	vk_target_destroy(&dev, &color);
	vk_dev_destroy(&dev);
}

VK_TEST(ds_format_x8d24, "ds-format-x8-d24-tests-clears-copies")
{
	ds_format(VK_FORMAT_X8_D24_UNORM_PACK32);
}

VK_TEST(ds_format_d32s8, "ds-format-d32-s8-tests-clears-copies")
{
	ds_format(VK_FORMAT_D32_SFLOAT_S8_UINT);
}
