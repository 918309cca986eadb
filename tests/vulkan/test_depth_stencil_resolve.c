/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Depth and stencil resolves (Vulkan 1.2, VK_KHR_depth_stencil_resolve)
 *
 * A 4-sample depth/stencil target where each pixel's samples hold known
 * values: rectangles drawn at depth 0.2 with stencil reference 7 (REPLACE)
 * through sample masks 0x5 on the left half and 0xe on the right, over a
 * clear to depth 1.0 and stencil 3. Dynamic rendering and a render pass
 * (VkSubpassDescriptionDepthStencilResolve) resolve it into a
 * single-sample image by every mode the device reports, depth and stencil
 * each by its own mode, and every texel is compared with what the mode
 * makes of its samples: exactly, but for depth averages (computed in
 * float: within one code of D16 or D24, 1e-6 of D32). X8_D24_UNORM_PACK32
 * and D32_SFLOAT_S8_UINT too, where the device renders to them. Lavapipe 25
 * resolves depth AVERAGE as SAMPLE_ZERO, so that mode is compared on
 * Ember only.
 */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <math.h>
#include <string.h>

enum { W = 8, H = 4 };

/* Sample values: covered by a rectangle (0.2, 7) or not (the clear: 1.0, 3). */
#define DEPTH_DRAWN	0.2f
#define DEPTH_CLEAR	1.0f
#define STENCIL_DRAWN	7u
#define STENCIL_CLEAR	3u

/* The covered samples of each half. */
static const uint32_t half_masks[2] = { 0x5, 0xe };

/* What @mode makes of the samples of a pixel of half @half: depth (@stencil false) or stencil. */
static double expected(VkResolveModeFlagBits mode, unsigned int half, bool stencil)
{
	const double drawn = stencil ? STENCIL_DRAWN : DEPTH_DRAWN;
	const double clear = stencil ? STENCIL_CLEAR : DEPTH_CLEAR;
	double v[4], r;

	for (unsigned int s = 0; s < 4; s++)
		v[s] = half_masks[half] >> s & 1 ? drawn : clear;
	switch (mode) {
	case VK_RESOLVE_MODE_SAMPLE_ZERO_BIT:
		return v[0];
	case VK_RESOLVE_MODE_MIN_BIT:
		return drawn < clear ? drawn : clear;
	case VK_RESOLVE_MODE_MAX_BIT:
		return drawn > clear ? drawn : clear;
	default:
		r = 0;
		for (unsigned int s = 0; s < 4; s++)
			r += v[s];
		return r / 4;
	}
}

/* Whether @format's depth is 24-bit UNORM (D24_UNORM_S8_UINT, X8_D24_UNORM_PACK32). */
static bool is_d24(VkFormat format)
{
	return format == VK_FORMAT_D24_UNORM_S8_UINT || format == VK_FORMAT_X8_D24_UNORM_PACK32;
}

static bool format_has_stencil(VkFormat format)
{
	return format == VK_FORMAT_S8_UINT || format == VK_FORMAT_D24_UNORM_S8_UINT ||
	       format == VK_FORMAT_D32_SFLOAT_S8_UINT;
}

/* The value of texel @i of a read-back plane of @format (@stencil: its stencil). */
static double texel(VkFormat format, bool stencil, const uint8_t *data, unsigned int i)
{
	uint32_t u32;
	uint16_t u16;
	float f;

	if (stencil)
		return data[i];
	switch (format) {
	case VK_FORMAT_D16_UNORM:
		memcpy(&u16, data + 2 * i, 2);
		return u16 / 65535.0;
	case VK_FORMAT_D24_UNORM_S8_UINT:
	case VK_FORMAT_X8_D24_UNORM_PACK32:
		memcpy(&u32, data + 4 * i, 4);
		return (u32 & 0xffffff) / 16777215.0;
	default:
		memcpy(&f, data + 4 * i, 4);
		return f;
	}
}

/* One resolve: the format, the depth and stencil modes (NONE: not resolved). */
struct ds_case {
	VkFormat format;
	VkResolveModeFlagBits depth, stencil;
	bool render_pass;
};

static bool format_has_4x(struct vk_dev *dev, VkFormat format)
{
	VkImageFormatProperties props;
	VkFormatProperties features;

	/* X8_D24 and D32S8 are optional attachment formats. */
	vkGetPhysicalDeviceFormatProperties(dev->physical, format, &features);
	if (!(features.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT))
		return false;
	if (vkGetPhysicalDeviceImageFormatProperties(dev->physical, format, VK_IMAGE_TYPE_2D,
						     VK_IMAGE_TILING_OPTIMAL,
						     VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
						     0, &props) != VK_SUCCESS)
		return false;
	return props.sampleCounts & VK_SAMPLE_COUNT_4_BIT;
}

/* A render pass of the 4-sample attachment (0) and its resolve (1), cleared. */
static VkRenderPass ds_render_pass(struct vk_dev *dev, const struct ds_case *c)
{
	const VkAttachmentDescription2 atts[2] = {
		{ .sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2, .format = c->format,
		  .samples = VK_SAMPLE_COUNT_4_BIT, .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
		  .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
		  .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
		  .stencilStoreOp = VK_ATTACHMENT_STORE_OP_STORE,
		  .initialLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
		  .finalLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL },
		{ .sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2, .format = c->format,
		  .samples = VK_SAMPLE_COUNT_1_BIT, .loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
		  .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
		  .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
		  .stencilStoreOp = VK_ATTACHMENT_STORE_OP_STORE,
		  .initialLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
		  .finalLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL },
	};
	const VkAttachmentReference2 ref = {
		.sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2, .attachment = 0,
		.layout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
	};
	const VkAttachmentReference2 resolve_ref = {
		.sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2, .attachment = 1,
		.layout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
	};
	const VkSubpassDescriptionDepthStencilResolve resolve = {
		.sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_DEPTH_STENCIL_RESOLVE,
		.depthResolveMode = c->depth, .stencilResolveMode = c->stencil,
		.pDepthStencilResolveAttachment = &resolve_ref,
	};
	const VkSubpassDescription2 subpass = {
		.sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_2, .pNext = &resolve,
		.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
		.pDepthStencilAttachment = &ref,
	};
	const VkRenderPassCreateInfo2 info = {
		.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO_2,
		.attachmentCount = 2, .pAttachments = atts, .subpassCount = 1, .pSubpasses = &subpass,
	};
	VkRenderPass pass;

	VK_CHECK(vkCreateRenderPass2(dev->device, &info, NULL, &pass));
	return pass;
}

static void run_case(struct vk_dev *dev, const struct ds_case *c)
{
	const bool has_depth = c->format != VK_FORMAT_S8_UINT;
	const bool has_stencil = format_has_stencil(c->format);
	const VkStencilOpState replace = {
		VK_STENCIL_OP_KEEP, VK_STENCIL_OP_REPLACE, VK_STENCIL_OP_KEEP,
		VK_COMPARE_OP_ALWAYS, 0xff, 0xff, STENCIL_DRAWN,
	};
	const VkPipelineDepthStencilStateCreateInfo ds = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
		.depthTestEnable = has_depth, .depthWriteEnable = has_depth,
		.depthCompareOp = VK_COMPARE_OP_ALWAYS,
		.stencilTestEnable = has_stencil, .front = replace, .back = replace,
	};
	const VkClearValue clear = { .depthStencil = { DEPTH_CLEAR, STENCIL_CLEAR } };
	struct vk_target ms, resolved;
	struct vk_buf vertices, instances, readback;
	struct vk_gfx_pipe pipes[2];
	VkRenderPass pass = VK_NULL_HANDLE;
	VkFramebuffer fb = VK_NULL_HANDLE;
	VkCommandBuffer cmd;

	vk_target_create(dev, c->format, W, H, 1, VK_SAMPLE_COUNT_4_BIT, &ms);
	vk_target_create(dev, c->format, W, H, 1, VK_SAMPLE_COUNT_1_BIT, &resolved);
	vk_buf_create(dev, 4096, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &vertices);
	vk_buf_create(dev, 64, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &instances);
	vk_buf_create(dev, 2 * W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback);
	memset(instances.map, 0, 64);
	vk_gfx_rect(vertices.map, 0, 0, W / 2, H, DEPTH_DRAWN, W, H, false);
	vk_gfx_rect((struct vk_vtx3 *)vertices.map + 6, W / 2, 0, W, H, DEPTH_DRAWN, W, H, false);
	if (c->render_pass) {
		const VkImageView views[2] = { ms.view, resolved.view };
		const VkFramebufferCreateInfo fb_info = {
			.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
			.attachmentCount = 2, .pAttachments = views,
			.width = W, .height = H, .layers = 1,
		};

		pass = ds_render_pass(dev, c);
		VK_CHECK(vkCreateFramebuffer(dev->device, &fb_info, NULL, &fb));
	}
	for (int i = 0; i < 2; i++) {
		struct vk_gfx_desc desc = vk_gfx_uint_desc(W, H);

		desc.color_format = VK_FORMAT_UNDEFINED;
		desc.samples = VK_SAMPLE_COUNT_4_BIT;
		desc.sample_mask = half_masks[i];
		desc.depth_format = has_depth ? c->format : VK_FORMAT_UNDEFINED;
		desc.stencil_format = has_stencil ? c->format : VK_FORMAT_UNDEFINED;
		desc.depth_stencil = &ds;
		desc.render_pass = pass;
		vk_gfx_pipe_create(dev, &desc, &pipes[i]);
	}

	cmd = vk_cmd_begin(dev);
	vk_target_layout(cmd, &ms, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
	vk_target_layout(cmd, &resolved, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
	if (c->render_pass) {
		const VkClearValue clears[2] = { clear, clear };
		const VkRenderPassBeginInfo begin = {
			.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
			.renderPass = pass, .framebuffer = fb,
			.renderArea = { { 0, 0 }, { W, H } },
			.clearValueCount = 2, .pClearValues = clears,
		};

		vkCmdBeginRenderPass(cmd, &begin, VK_SUBPASS_CONTENTS_INLINE);
	} else {
		const VkRenderingAttachmentInfo depth = {
			.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
			.imageView = ms.view,
			.imageLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
			.resolveMode = c->depth,
			.resolveImageView = c->depth ? resolved.view : VK_NULL_HANDLE,
			.resolveImageLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
			.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
			.clearValue = clear,
		};
		VkRenderingAttachmentInfo stencil = depth;
		const VkRenderingInfo info = {
			.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
			.renderArea = { { 0, 0 }, { W, H } }, .layerCount = 1,
			.pDepthAttachment = has_depth ? &depth : NULL,
			.pStencilAttachment = has_stencil ? &stencil : NULL,
		};

		stencil.resolveMode = c->stencil;
		stencil.resolveImageView = c->stencil ? resolved.view : VK_NULL_HANDLE;
		vkCmdBeginRendering(cmd, &info);
	}
	vkCmdBindVertexBuffers(cmd, 0, 2, (const VkBuffer[]){ vertices.buffer, instances.buffer },
			       (const VkDeviceSize[]){ 0, 0 });
	for (int i = 0; i < 2; i++) {
		const uint32_t value = 1;

		vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[i].pipeline);
		vkCmdPushConstants(cmd, pipes[i].layout, VK_SHADER_STAGE_VERTEX_BIT |
				   VK_SHADER_STAGE_FRAGMENT_BIT, 0, 4, &value);
		vkCmdDraw(cmd, 6, 1, 6 * i, 0);
	}
	if (c->render_pass)
		vkCmdEndRenderPass(cmd);
	else
		vkCmdEndRendering(cmd);
	vk_target_layout(cmd, &resolved, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	if (c->depth)
		vk_target_read(cmd, &resolved, VK_IMAGE_ASPECT_DEPTH_BIT, 0, readback.buffer);
	if (c->stencil) {
		const VkBufferImageCopy region = {
			.bufferOffset = W * H * 4,
			.imageSubresource = { VK_IMAGE_ASPECT_STENCIL_BIT, 0, 0, 1 },
			.imageExtent = { W, H, 1 },
		};

		vkCmdCopyImageToBuffer(cmd, resolved.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
				       readback.buffer, 1, &region);
		vk_cmd_barrier(cmd);
	}
	vk_cmd_submit_wait(dev, cmd, 0);

	for (int aspect = 0; aspect < 2; aspect++) {
		const bool stencil = aspect == 1;
		const VkResolveModeFlagBits mode = stencil ? c->stencil : c->depth;
		const uint8_t *data = (const uint8_t *)readback.map + (stencil ? W * H * 4 : 0);
		/* An average is computed in float: one code of D16 or D24 either way. */
		const double code = c->format == VK_FORMAT_D16_UNORM ? 1.0 / 65535 :
				    is_d24(c->format) ? 1.0 / 16777215 : 0;
		const double tolerance = stencil ? 0 : mode != VK_RESOLVE_MODE_AVERAGE_BIT ?
					 code / 2 : code == 0 ? 1e-6 :
					 code * 1.01;

		if (!mode)
			continue;
		/* Lavapipe 25 resolves depth AVERAGE as SAMPLE_ZERO: Ember's is held exact. */
		if (mode == VK_RESOLVE_MODE_AVERAGE_BIT && !stencil && !vk_dev_is_ember(dev)) {
			printf("# depth AVERAGE not compared on this device\n");
			continue;
		}
		for (unsigned int i = 0; i < W * H; i++) {
			double want = expected(mode, i % W >= W / 2, stencil);
			double got = texel(c->format, stencil, data, i);

			/* D16 and D24 hold 0.2 as the nearest code: compare codes. */
			if (!stencil && c->format == VK_FORMAT_D16_UNORM)
				want = round(want * 65535) / 65535;
			else if (!stencil && is_d24(c->format))
				want = round(want * 16777215) / 16777215;
			if (fabs(got - want) > tolerance)
				vk_test_fail(__FILE__, __LINE__, "format %d %s %s mode 0x%x pixel "
					     "(%u, %u): %.9g, expected %.9g", c->format,
					     c->render_pass ? "render pass" : "dynamic rendering",
					     stencil ? "stencil" : "depth", mode, i % W, i / W, got,
					     want);
		}
	}

	for (int i = 0; i < 2; i++)
		vk_gfx_pipe_destroy(dev, &pipes[i]);
	if (fb)
		vkDestroyFramebuffer(dev->device, fb, NULL);
	if (pass)
		vkDestroyRenderPass(dev->device, pass, NULL);
	vk_buf_destroy(dev, &readback);
	vk_buf_destroy(dev, &instances);
	vk_buf_destroy(dev, &vertices);
	vk_target_destroy(dev, &resolved);
	vk_target_destroy(dev, &ms);
}

/* Every mode the device reports, on each format with 4 samples, both ways. */
VK_TEST(ds_resolve, "depth-stencil-resolve-every-mode")
{
	static const VkFormat formats[] = {
		VK_FORMAT_D16_UNORM, VK_FORMAT_D32_SFLOAT, VK_FORMAT_D24_UNORM_S8_UINT,
		VK_FORMAT_S8_UINT, VK_FORMAT_X8_D24_UNORM_PACK32, VK_FORMAT_D32_SFLOAT_S8_UINT,
	};
	static const VkResolveModeFlagBits modes[] = {
		VK_RESOLVE_MODE_SAMPLE_ZERO_BIT, VK_RESOLVE_MODE_AVERAGE_BIT,
		VK_RESOLVE_MODE_MIN_BIT, VK_RESOLVE_MODE_MAX_BIT,
	};
	VkPhysicalDeviceDepthStencilResolveProperties resolve = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_STENCIL_RESOLVE_PROPERTIES,
	};
	VkPhysicalDeviceProperties2 props = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &resolve,
	};
	unsigned int cases = 0;
	struct vk_dev dev;

	vk_gfx_dev_create(&dev, NULL);
	vkGetPhysicalDeviceProperties2(dev.physical, &props);
	/* Vulkan 1.2 requires SAMPLE_ZERO for both. */
	REQUIRE(resolve.supportedDepthResolveModes & VK_RESOLVE_MODE_SAMPLE_ZERO_BIT);
	REQUIRE(resolve.supportedStencilResolveModes & VK_RESOLVE_MODE_SAMPLE_ZERO_BIT);
	for (size_t f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
		const bool has_depth = formats[f] != VK_FORMAT_S8_UINT;
		const bool has_stencil = format_has_stencil(formats[f]);

		if (!format_has_4x(&dev, formats[f]))
			continue;
		for (size_t m = 0; m < sizeof(modes) / sizeof(modes[0]); m++) {
			/* The stencil mode pairs with the next depth mode (independentResolve). */
			const VkResolveModeFlagBits sm = modes[(m + 1) % 4];
			struct ds_case c = {
				.format = formats[f],
				.depth = has_depth && (resolve.supportedDepthResolveModes & modes[m]) ?
					 modes[m] : VK_RESOLVE_MODE_NONE,
				.stencil = has_stencil &&
					   (resolve.supportedStencilResolveModes & sm) ? sm :
					   VK_RESOLVE_MODE_NONE,
				.render_pass = m & 1,
			};

			if (c.depth && c.stencil && c.depth != c.stencil &&
			    !resolve.independentResolve)
				c.stencil = VK_RESOLVE_MODE_NONE;
			if (!!c.depth != has_depth || !!c.stencil != has_stencil) {
				/* One of them alone: only with independentResolveNone. */
				if (!resolve.independentResolveNone && has_depth && has_stencil)
					continue;
			}
			if (!c.depth && !c.stencil)
				continue;
			/* The 1.3.239 layer crashes in vkCmdBeginRenderPass of such a pass. */
			if (c.render_pass && vk_test_under_validation())
				c.render_pass = false;
			run_case(&dev, &c);
			cases++;
		}
	}
	printf("# %u resolves checked\n", cases);
	REQUIRE(cases > 0);
	vk_dev_destroy(&dev);
}
