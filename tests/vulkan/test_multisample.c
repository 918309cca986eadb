/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Multisampling (4 samples) end to end
 *
 * A triangle whose edges pass through pixels covers, in each pixel, the
 * samples of Vulkan's standard locations (standardSampleLocations) that
 * lie inside it; the vertices sit on the 1/8-pixel grid and no sample
 * lies on an edge (the reference checks it), so coverage is exact. Four
 * draws of the triangle, draw i with the pipeline sample mask 1 << i and
 * the flat colour 2^i (interpolation need not keep a constant exact),
 * make each pixel's resolved (averaged) value the bit
 * mask of its covered samples divided by 4: exact in binary32, so the
 * resolve attachment (dynamic rendering here, a render pass's resolve
 * attachment in ms-render-pass-resolve) shows which samples were covered.
 * Alpha to coverage is held only where the specification is exact (alpha
 * 0 covers no sample, alpha 1 every one); alpha to one replaces the
 * alpha of every covered sample with 1. A fragment shader's SampleMask
 * output removes samples as the pipeline's mask does.
 */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <string.h>

#define W 8
#define H 8
#define FORMAT VK_FORMAT_R32G32B32A32_SFLOAT

/* Vulkan's standard locations of 4 samples, in pixels. */
static const float sample_x[4] = { 0.375f, 0.875f, 0.125f, 0.625f };
static const float sample_y[4] = { 0.125f, 0.375f, 0.625f, 0.875f };

/* The triangle, in pixels: edges of three different slopes through the target. */
static const float tri_x[3] = { 0.5f, 7.75f, 2.25f };
static const float tri_y[3] = { 0.25f, 3.125f, 7.5f };

/* Edge function of (x0, y0) -> (x1, y1) at (x, y): exact for these dyadic values. */
static double edge(double x0, double y0, double x1, double y1, double x, double y)
{
	return (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0);
}

/* The samples of pixel (px, py) inside the triangle, as a bit mask. */
static uint32_t coverage(uint32_t px, uint32_t py)
{
	uint32_t mask = 0;

	for (int s = 0; s < 4; s++) {
		const double x = px + sample_x[s], y = py + sample_y[s];
		int inside = 0;

		for (int e = 0; e < 3; e++) {
			const double d = edge(tri_x[e], tri_y[e], tri_x[(e + 1) % 3],
					      tri_y[(e + 1) % 3], x, y);

			/* The test's geometry keeps every sample off the edges. */
			REQUIRE(d != 0);
			inside += d > 0;
		}
		if (inside == 3 || inside == 0)
			mask |= 1u << s;
	}
	return mask;
}

/* Three vertices of the triangle with colour (r, r, r, a). */
static void triangle(struct vk_cvtx *v, float r, float a)
{
	for (int i = 0; i < 3; i++)
		v[i] = (struct vk_cvtx) { vk_ndc(tri_x[i], W), vk_ndc(tri_y[i], H), r, r, r, a };
}

static struct vk_gfx_desc ms_desc(uint32_t sample_mask)
{
	return (struct vk_gfx_desc) {
		.vs = gfx_flat_vert_spv, .vs_size = gfx_flat_vert_spv_size,
		.fs = gfx_flat_frag_spv, .fs_size = gfx_flat_frag_spv_size,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
		.bindings = &vk_cvtx_binding, .binding_count = 1,
		.attributes = vk_cvtx_attributes, .attribute_count = 2,
		.color_format = FORMAT, .samples = VK_SAMPLE_COUNT_4_BIT,
		.sample_mask = sample_mask, .width = W, .height = H,
	};
}

/* What every test holds: a 4-sample target, its single-sample resolve, vertices. */
struct ms {
	struct vk_dev dev;
	struct vk_target color, resolved;
	struct vk_buf vertices, readback;
	VkCommandBuffer cmd;
};

static void ms_init_options(struct ms *m, const struct vk_dev_options *options)
{
	VkImageFormatProperties props;

	memset(m, 0, sizeof(*m));
	vk_gfx_dev_create_options(&m->dev, options);
	if (!m->dev.props.limits.standardSampleLocations) {
		vk_dev_destroy(&m->dev);
		vk_test_skip("the device has no standard sample locations");
	}
	if (vkGetPhysicalDeviceImageFormatProperties(m->dev.physical, FORMAT, VK_IMAGE_TYPE_2D,
						     VK_IMAGE_TILING_OPTIMAL,
						     VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
						     VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
						     VK_IMAGE_USAGE_TRANSFER_DST_BIT, 0,
						     &props) != VK_SUCCESS ||
	    !(props.sampleCounts & VK_SAMPLE_COUNT_4_BIT)) {
		vk_dev_destroy(&m->dev);
		vk_test_skip("format %d has no 4-sample attachments", FORMAT);
	}
	vk_target_create(&m->dev, FORMAT, W, H, 1, VK_SAMPLE_COUNT_4_BIT, &m->color);
	vk_target_create(&m->dev, FORMAT, W, H, 1, VK_SAMPLE_COUNT_1_BIT, &m->resolved);
	vk_buf_create(&m->dev, 4096, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &m->vertices);
	vk_buf_create(&m->dev, W * H * 16, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &m->readback);
	m->cmd = vk_cmd_begin(&m->dev);
}

static void ms_init(struct ms *m, const VkPhysicalDeviceFeatures *features)
{
	struct vk_dev_options options = { 0 };

	if (features)
		options.core = *features;
	ms_init_options(m, &options);
}

/* A device with the extended dynamic state 3 features @eds3 (and alphaToOne). */
static void ms_init_eds3(struct ms *m, VkPhysicalDeviceExtendedDynamicState3FeaturesEXT *eds3)
{
	static const char *const ext[] = { VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME };
	const struct vk_dev_options options = {
		.core = { .alphaToOne = eds3->extendedDynamicState3AlphaToOneEnable },
		.extensions = ext, .extension_count = 1, .features = eds3,
	};

	eds3->sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT;
	ms_init_options(m, &options);
}

static void ms_destroy(struct ms *m)
{
	vk_buf_destroy(&m->dev, &m->vertices);
	vk_buf_destroy(&m->dev, &m->readback);
	vk_target_destroy(&m->dev, &m->color);
	vk_target_destroy(&m->dev, &m->resolved);
	vk_dev_destroy(&m->dev);
}

/* Begins dynamic rendering into the 4-sample target, cleared to 0, resolving by average. */
static void ms_begin(struct ms *m)
{
	const VkRenderingAttachmentInfo att = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
		.imageView = m->color.view,
		.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
		.resolveMode = VK_RESOLVE_MODE_AVERAGE_BIT,
		.resolveImageView = m->resolved.view,
		.resolveImageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
		.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
		.storeOp = VK_ATTACHMENT_STORE_OP_STORE,
	};
	const VkRenderingInfo info = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
		.renderArea = { { 0, 0 }, { W, H } },
		.layerCount = 1,
		.colorAttachmentCount = 1,
		.pColorAttachments = &att,
	};
	const VkDeviceSize offset = 0;

	vk_target_layout(m->cmd, &m->color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	vk_target_layout(m->cmd, &m->resolved, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	vkCmdBeginRendering(m->cmd, &info);
	vkCmdBindVertexBuffers(m->cmd, 0, 1, &m->vertices.buffer, &offset);
}

/* Reads the resolved target back (after rendering ended) and waits. */
static void ms_finish(struct ms *m)
{
	vk_target_layout(m->cmd, &m->resolved, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(m->cmd, &m->resolved, VK_IMAGE_ASPECT_COLOR_BIT, 0, m->readback.buffer);
	vk_cmd_submit_wait(&m->dev, m->cmd, 0);
}

/* Compares the resolved RGBA texels with @expected (W x H x 4 floats), exactly. */
static void check(const struct ms *m, const float *expected)
{
	const float *got = m->readback.map;
	unsigned int wrong = 0;

	for (uint32_t i = 0; i < W * H * 4; i++) {
		if (got[i] == expected[i])
			continue;
		if (!wrong++)
			printf("# pixel (%u, %u) channel %u: %.9g, expected %.9g\n", i / 4 % W, i / 4 / W,
			       i % 4, got[i], expected[i]);
	}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u channels differ", wrong);
}

/* Each pixel's resolve: the mask of its covered samples / 4 in RGB, popcount / 4 in A. */
static void coverage_expected(float *expected)
{
	uint32_t masks_seen = 0;

	for (uint32_t y = 0; y < H; y++) {
		for (uint32_t x = 0; x < W; x++) {
			const uint32_t mask = coverage(x, y);
			float *e = expected + (y * W + x) * 4;

			e[0] = e[1] = e[2] = (float)mask / 4.0f;
			e[3] = (float)__builtin_popcount(mask) / 4.0f;
			masks_seen |= 1u << mask;
		}
	}
	/* The geometry is chosen so that partial coverage takes several shapes. */
	REQUIRE(__builtin_popcount(masks_seen & ~0x8001u) >= 4);
}

/*
 * Standard sample locations and the pipeline sample mask: draw i covers
 * only sample i (mask 1 << i) and adds 2^i to it; the average resolve
 * gives the covered mask / 4 of every pixel, compared exactly with the
 * reference's coverage.
 */
VK_TEST(ms_sample_locations, "ms-standard-sample-locations-sample-mask-resolve")
{
	float expected[W * H * 4];
	struct vk_gfx_pipe pipes[4];
	struct ms m;

	ms_init(&m, NULL);
	for (int i = 0; i < 4; i++) {
		struct vk_gfx_desc desc = ms_desc(1u << i);

		vk_gfx_pipe_create(&m.dev, &desc, &pipes[i]);
		triangle((struct vk_cvtx *)m.vertices.map + 3 * i, (float)(1 << i), 1.0f);
	}
	ms_begin(&m);
	for (int i = 0; i < 4; i++) {
		vkCmdBindPipeline(m.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[i].pipeline);
		vkCmdDraw(m.cmd, 3, 1, 3 * i, 0);
	}
	vkCmdEndRendering(m.cmd);
	ms_finish(&m);
	coverage_expected(expected);
	check(&m, expected);
	for (int i = 0; i < 4; i++)
		vk_gfx_pipe_destroy(&m.dev, &pipes[i]);
	ms_destroy(&m);
}

/*
 * extendedDynamicState3SampleMask: the same four draws from one pipeline
 * whose static mask (sample 0 only) is replaced by vkCmdSetSampleMaskEXT,
 * set before the bind for draws 0 and 2 and after it for 1 and 3; the
 * resolve must be exactly the static test's expected image.
 */
VK_TEST(ms_sample_mask_dynamic, "ms-sample-mask-dynamic")
{
	VkPhysicalDeviceExtendedDynamicState3FeaturesEXT eds3 = {
		.extendedDynamicState3SampleMask = VK_TRUE,
	};
	static const VkDynamicState dyn = VK_DYNAMIC_STATE_SAMPLE_MASK_EXT;
	PFN_vkCmdSetSampleMaskEXT set_mask;
	float expected[W * H * 4];
	struct vk_gfx_pipe pipe;
	struct vk_gfx_desc desc = ms_desc(1);
	struct ms m;

	ms_init_eds3(&m, &eds3);
	set_mask = (PFN_vkCmdSetSampleMaskEXT)vk_dev_proc(&m.dev, "vkCmdSetSampleMaskEXT");
	REQUIRE(set_mask != NULL);
	desc.dynamic = &dyn;
	desc.dynamic_count = 1;
	vk_gfx_pipe_create(&m.dev, &desc, &pipe);
	for (int i = 0; i < 4; i++)
		triangle((struct vk_cvtx *)m.vertices.map + 3 * i, (float)(1 << i), 1.0f);
	ms_begin(&m);
	for (int i = 0; i < 4; i++) {
		const VkSampleMask mask = 1u << i;

		if (i % 2 == 0)
			set_mask(m.cmd, VK_SAMPLE_COUNT_4_BIT, &mask);
		vkCmdBindPipeline(m.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe.pipeline);
		if (i % 2 == 1)
			set_mask(m.cmd, VK_SAMPLE_COUNT_4_BIT, &mask);
		vkCmdDraw(m.cmd, 3, 1, 3 * i, 0);
	}
	vkCmdEndRendering(m.cmd);
	ms_finish(&m);
	coverage_expected(expected);
	check(&m, expected);
	vk_gfx_pipe_destroy(&m.dev, &pipe);
	ms_destroy(&m);
}

/*
 * SampleMask as a fragment output (io_sample_mask_out.frag): the shader
 * keeps, in pixel (x, y), only the samples of (3 x + 5 y) mod 16; with the
 * four draws of the sample-locations test each pixel resolves to its
 * covered mask and the shader's, / 4.
 */
VK_TEST(ms_sample_mask_output, "ms-sample-mask-fragment-output")
{
	float expected[W * H * 4];
	struct vk_gfx_pipe pipes[4];
	struct ms m;

	ms_init(&m, NULL);
	for (int i = 0; i < 4; i++) {
		struct vk_gfx_desc desc = ms_desc(1u << i);

		desc.fs = io_sample_mask_out_frag_spv;
		desc.fs_size = io_sample_mask_out_frag_spv_size;
		vk_gfx_pipe_create(&m.dev, &desc, &pipes[i]);
		triangle((struct vk_cvtx *)m.vertices.map + 3 * i, (float)(1 << i), 1.0f);
	}
	ms_begin(&m);
	for (int i = 0; i < 4; i++) {
		vkCmdBindPipeline(m.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[i].pipeline);
		vkCmdDraw(m.cmd, 3, 1, 3 * i, 0);
	}
	vkCmdEndRendering(m.cmd);
	ms_finish(&m);
	for (uint32_t y = 0; y < H; y++) {
		for (uint32_t x = 0; x < W; x++) {
			const uint32_t mask = coverage(x, y) & ((3 * x + 5 * y) & 15);
			float *e = expected + (y * W + x) * 4;

			e[0] = e[1] = e[2] = (float)mask / 4.0f;
			e[3] = (float)__builtin_popcount(mask) / 4.0f;
		}
	}
	check(&m, expected);
	for (int i = 0; i < 4; i++)
		vk_gfx_pipe_destroy(&m.dev, &pipes[i]);
	ms_destroy(&m);
}

/*
 * The same coverage through a render pass whose subpass has a resolve
 * attachment: the four draws, then the subpass's resolve at the end.
 */
/*
 * The static rasterizationSamples of a pipeline that has the count
 * dynamic: 1, so that only the command's 4 can cover the samples. Bookworm's
 * validation layer (1.3.239) checks the static count against the
 * attachments' even when the state is dynamic
 * (VUID-vkCmdDraw-colorAttachmentCount-06188), so under it the static
 * count is the attachments' 4 and the test checks validity only.
 */
static VkSampleCountFlagBits static_samples(void)
{
	return vk_test_under_validation() ? VK_SAMPLE_COUNT_4_BIT : VK_SAMPLE_COUNT_1_BIT;
}

/*
 * With @dynamic_samples (extendedDynamicState3RasterizationSamples) the
 * pipelines' static count is static_samples() and
 * vkCmdSetRasterizationSamplesEXT sets 4, before the bind of draws 0 and
 * 2, after it for 1 and 3.
 */
static void render_pass_resolve(bool dynamic_samples)
{
	VkPhysicalDeviceExtendedDynamicState3FeaturesEXT eds3 = {
		.extendedDynamicState3RasterizationSamples = VK_TRUE,
	};
	static const VkDynamicState dyn = VK_DYNAMIC_STATE_RASTERIZATION_SAMPLES_EXT;
	PFN_vkCmdSetRasterizationSamplesEXT set_samples = NULL;
	const VkAttachmentDescription atts[2] = {
		{ .format = FORMAT, .samples = VK_SAMPLE_COUNT_4_BIT,
		  .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
		  .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
		  .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
		  .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
		  .finalLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL },
		{ .format = FORMAT, .samples = VK_SAMPLE_COUNT_1_BIT,
		  .loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
		  .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
		  .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
		  .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
		  .finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL },
	};
	const VkAttachmentReference color = { 0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL };
	const VkAttachmentReference resolve = { 1, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL };
	const VkSubpassDescription subpass = {
		.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
		.colorAttachmentCount = 1, .pColorAttachments = &color,
		.pResolveAttachments = &resolve,
	};
	const VkRenderPassCreateInfo rp_info = {
		.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
		.attachmentCount = 2, .pAttachments = atts,
		.subpassCount = 1, .pSubpasses = &subpass,
	};
	const VkClearValue clears[2] = { { .color.float32 = { 0, 0, 0, 0 } } };
	const VkDeviceSize offset = 0;
	float expected[W * H * 4];
	struct vk_gfx_pipe pipes[4];
	VkRenderPass pass;
	VkFramebuffer fb;
	struct ms m;

	if (dynamic_samples) {
		ms_init_eds3(&m, &eds3);
		set_samples = (PFN_vkCmdSetRasterizationSamplesEXT)vk_dev_proc(&m.dev,
						"vkCmdSetRasterizationSamplesEXT");
		REQUIRE(set_samples != NULL);
	} else {
		ms_init(&m, NULL);
	}
	VK_CHECK(vkCreateRenderPass(m.dev.device, &rp_info, NULL, &pass));
	{
		const VkImageView views[2] = { m.color.view, m.resolved.view };
		const VkFramebufferCreateInfo fb_info = {
			.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
			.renderPass = pass, .attachmentCount = 2, .pAttachments = views,
			.width = W, .height = H, .layers = 1,
		};

		VK_CHECK(vkCreateFramebuffer(m.dev.device, &fb_info, NULL, &fb));
	}
	for (int i = 0; i < 4; i++) {
		struct vk_gfx_desc desc = ms_desc(1u << i);

		desc.render_pass = pass;
		if (dynamic_samples) {
			desc.samples = static_samples();
			desc.dynamic = &dyn;
			desc.dynamic_count = 1;
		}
		vk_gfx_pipe_create(&m.dev, &desc, &pipes[i]);
		triangle((struct vk_cvtx *)m.vertices.map + 3 * i, (float)(1 << i), 1.0f);
	}
	{
		const VkRenderPassBeginInfo begin = {
			.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
			.renderPass = pass, .framebuffer = fb,
			.renderArea = { { 0, 0 }, { W, H } },
			.clearValueCount = 2, .pClearValues = clears,
		};

		vkCmdBeginRenderPass(m.cmd, &begin, VK_SUBPASS_CONTENTS_INLINE);
	}
	vkCmdBindVertexBuffers(m.cmd, 0, 1, &m.vertices.buffer, &offset);
	for (int i = 0; i < 4; i++) {
		if (dynamic_samples && i % 2 == 0)
			set_samples(m.cmd, VK_SAMPLE_COUNT_4_BIT);
		vkCmdBindPipeline(m.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[i].pipeline);
		if (dynamic_samples && i % 2 == 1)
			set_samples(m.cmd, VK_SAMPLE_COUNT_4_BIT);
		vkCmdDraw(m.cmd, 3, 1, 3 * i, 0);
	}
	vkCmdEndRenderPass(m.cmd);
	vk_target_read(m.cmd, &m.resolved, VK_IMAGE_ASPECT_COLOR_BIT, 0, m.readback.buffer);
	vk_cmd_submit_wait(&m.dev, m.cmd, 0);
	coverage_expected(expected);
	check(&m, expected);
	for (int i = 0; i < 4; i++)
		vk_gfx_pipe_destroy(&m.dev, &pipes[i]);
	vkDestroyFramebuffer(m.dev.device, fb, NULL);
	vkDestroyRenderPass(m.dev.device, pass, NULL);
	ms_destroy(&m);
}

VK_TEST(ms_render_pass_resolve, "ms-render-pass-resolve-attachment")
{
	render_pass_resolve(false);
}

VK_TEST(ms_samples_dynamic_render_pass, "ms-rasterization-samples-dynamic-render-pass")
{
	render_pass_resolve(true);
}

/*
 * extendedDynamicState3RasterizationSamples with dynamic rendering: the
 * four draws of ms-standard-sample-locations-sample-mask-resolve from
 * pipelines whose static count is static_samples() (sample mask 1 << i
 * each), 4 set by
 * vkCmdSetRasterizationSamplesEXT before the bind of draws 0 and 2 and
 * after it for 1 and 3: the resolve must be the 4-sample coverage.
 */
VK_TEST(ms_samples_dynamic, "ms-rasterization-samples-dynamic")
{
	VkPhysicalDeviceExtendedDynamicState3FeaturesEXT eds3 = {
		.extendedDynamicState3RasterizationSamples = VK_TRUE,
	};
	static const VkDynamicState dyn = VK_DYNAMIC_STATE_RASTERIZATION_SAMPLES_EXT;
	PFN_vkCmdSetRasterizationSamplesEXT set_samples;
	float expected[W * H * 4];
	struct vk_gfx_pipe pipes[4];
	struct ms m;

	ms_init_eds3(&m, &eds3);
	set_samples = (PFN_vkCmdSetRasterizationSamplesEXT)vk_dev_proc(&m.dev,
					"vkCmdSetRasterizationSamplesEXT");
	REQUIRE(set_samples != NULL);
	for (int i = 0; i < 4; i++) {
		struct vk_gfx_desc desc = ms_desc(1u << i);

		desc.samples = static_samples();
		desc.dynamic = &dyn;
		desc.dynamic_count = 1;
		vk_gfx_pipe_create(&m.dev, &desc, &pipes[i]);
		triangle((struct vk_cvtx *)m.vertices.map + 3 * i, (float)(1 << i), 1.0f);
	}
	ms_begin(&m);
	for (int i = 0; i < 4; i++) {
		if (i % 2 == 0)
			set_samples(m.cmd, VK_SAMPLE_COUNT_4_BIT);
		vkCmdBindPipeline(m.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[i].pipeline);
		if (i % 2 == 1)
			set_samples(m.cmd, VK_SAMPLE_COUNT_4_BIT);
		vkCmdDraw(m.cmd, 3, 1, 3 * i, 0);
	}
	vkCmdEndRendering(m.cmd);
	ms_finish(&m);
	coverage_expected(expected);
	check(&m, expected);
	for (int i = 0; i < 4; i++)
		vk_gfx_pipe_destroy(&m.dev, &pipes[i]);
	ms_destroy(&m);
}

/*
 * Alpha to coverage where it is exact: alpha 0 keeps no sample (the left
 * half stays clear), alpha 1 keeps all (the right half resolves to the
 * colour). Alpha to one: a colour with alpha 0.5 is stored with alpha 1.
 */
/*
 * With @dynamic (extendedDynamicState3AlphaToCoverageEnable and
 * AlphaToOneEnable) one pipeline draws both, its static enables (alpha
 * to one only) replaced by vkCmdSetAlphaToCoverageEnableEXT and
 * vkCmdSetAlphaToOneEnableEXT before the first bind and after the
 * second: the image must be the static pipelines' expected one.
 */
static void alpha_to_coverage_one(bool dynamic)
{
	const VkPhysicalDeviceFeatures features = { .alphaToOne = VK_TRUE };
	VkPhysicalDeviceExtendedDynamicState3FeaturesEXT eds3 = {
		.extendedDynamicState3AlphaToCoverageEnable = VK_TRUE,
		.extendedDynamicState3AlphaToOneEnable = VK_TRUE,
	};
	static const VkDynamicState dyn[2] = {
		VK_DYNAMIC_STATE_ALPHA_TO_COVERAGE_ENABLE_EXT, VK_DYNAMIC_STATE_ALPHA_TO_ONE_ENABLE_EXT,
	};
	static const float transparent[4] = { 1, 0.5f, 0.25f, 0 };
	static const float opaque[4] = { 0.75f, 1, 0.5f, 1 };
	static const float half[4] = { 0.25f, 0.5f, 1, 0.5f };
	PFN_vkCmdSetAlphaToCoverageEnableEXT set_a2c = NULL;
	PFN_vkCmdSetAlphaToOneEnableEXT set_a2one = NULL;
	float expected[W * H * 4];
	struct vk_gfx_pipe a2c, a2one;
	struct ms m;

	if (dynamic) {
		ms_init_eds3(&m, &eds3);
		set_a2c = (PFN_vkCmdSetAlphaToCoverageEnableEXT)
			vk_dev_proc(&m.dev, "vkCmdSetAlphaToCoverageEnableEXT");
		set_a2one = (PFN_vkCmdSetAlphaToOneEnableEXT)
			vk_dev_proc(&m.dev, "vkCmdSetAlphaToOneEnableEXT");
		REQUIRE(set_a2c != NULL && set_a2one != NULL);
	} else {
		ms_init(&m, &features);
	}
	{
		struct vk_gfx_desc desc = ms_desc(0);

		if (dynamic) {
			desc.alpha_to_one = true;
			desc.dynamic = dyn;
			desc.dynamic_count = 2;
			vk_gfx_pipe_create(&m.dev, &desc, &a2c);
			a2one = a2c;
		} else {
			desc.alpha_to_coverage = true;
			vk_gfx_pipe_create(&m.dev, &desc, &a2c);
			desc.alpha_to_coverage = false;
			desc.alpha_to_one = true;
			vk_gfx_pipe_create(&m.dev, &desc, &a2one);
		}
	}
	vk_gfx_color_rect(m.vertices.map, 0, 0, W / 2, H / 2, W, H, transparent);
	vk_gfx_color_rect((struct vk_cvtx *)m.vertices.map + 6, W / 2, 0, W, H / 2, W, H, opaque);
	vk_gfx_color_rect((struct vk_cvtx *)m.vertices.map + 12, 0, H / 2, W, H, W, H, half);
	ms_begin(&m);
	if (dynamic) {
		set_a2c(m.cmd, VK_TRUE);
		set_a2one(m.cmd, VK_FALSE);
	}
	vkCmdBindPipeline(m.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, a2c.pipeline);
	vkCmdDraw(m.cmd, 12, 1, 0, 0);
	vkCmdBindPipeline(m.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, a2one.pipeline);
	if (dynamic) {
		set_a2c(m.cmd, VK_FALSE);
		set_a2one(m.cmd, VK_TRUE);
	}
	vkCmdDraw(m.cmd, 6, 1, 12, 0);
	vkCmdEndRendering(m.cmd);
	ms_finish(&m);

	for (uint32_t y = 0; y < H; y++) {
		for (uint32_t x = 0; x < W; x++) {
			float *e = expected + (y * W + x) * 4;

			if (y >= H / 2)
				memcpy(e, (const float[4]) { half[0], half[1], half[2], 1 }, 16);
			else if (x >= W / 2)
				memcpy(e, opaque, 16);
			else
				memset(e, 0, 16);
		}
	}
	check(&m, expected);
	vk_gfx_pipe_destroy(&m.dev, &a2c);
	if (!dynamic)
		vk_gfx_pipe_destroy(&m.dev, &a2one);
	ms_destroy(&m);
}

VK_TEST(ms_alpha_to_coverage_one, "ms-alpha-to-coverage-0-and-1-alpha-to-one")
{
	alpha_to_coverage_one(false);
}

VK_TEST(ms_alpha_to_coverage_one_dynamic, "ms-alpha-to-coverage-one-dynamic")
{
	alpha_to_coverage_one(true);
}

/*
 * Shader objects at 4 samples: gfx_flat's shaders, every state from its
 * command, vkCmdSetRasterizationSamplesEXT 4 and vkCmdSetSampleMaskEXT
 * 1 << i for draw i: the resolve must be the 4-sample coverage. Skips
 * under the validation layer (1.3.239 predates VK_EXT_shader_object).
 */
VK_TEST(ms_shader_object_samples, "shader-object-rasterization-samples-4")
{
	static const char *const ext[] = { VK_EXT_SHADER_OBJECT_EXTENSION_NAME };
	VkPhysicalDeviceShaderObjectFeaturesEXT so_features = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_OBJECT_FEATURES_EXT,
		.shaderObject = VK_TRUE,
	};
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = 1, .features = &so_features,
	};
	const VkShaderCreateInfoEXT infos[2] = {
		{
			.sType = VK_STRUCTURE_TYPE_SHADER_CREATE_INFO_EXT,
			.stage = VK_SHADER_STAGE_VERTEX_BIT,
			.nextStage = VK_SHADER_STAGE_FRAGMENT_BIT,
			.codeType = VK_SHADER_CODE_TYPE_SPIRV_EXT,
			.codeSize = gfx_flat_vert_spv_size, .pCode = gfx_flat_vert_spv,
			.pName = "main",
		},
		{
			.sType = VK_STRUCTURE_TYPE_SHADER_CREATE_INFO_EXT,
			.stage = VK_SHADER_STAGE_FRAGMENT_BIT,
			.codeType = VK_SHADER_CODE_TYPE_SPIRV_EXT,
			.codeSize = gfx_flat_frag_spv_size, .pCode = gfx_flat_frag_spv,
			.pName = "main",
		},
	};
	const VkShaderStageFlagBits stages[2] = {
		VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_FRAGMENT_BIT,
	};
	const VkViewport viewport = { 0, 0, W, H, 0, 1 };
	const VkRect2D scissor = { { 0, 0 }, { W, H } };
	const VkVertexInputBindingDescription2EXT vbinding = {
		.sType = VK_STRUCTURE_TYPE_VERTEX_INPUT_BINDING_DESCRIPTION_2_EXT,
		.binding = 0, .stride = sizeof(struct vk_cvtx),
		.inputRate = VK_VERTEX_INPUT_RATE_VERTEX, .divisor = 1,
	};
	const VkVertexInputAttributeDescription2EXT vattributes[2] = {
		{ .sType = VK_STRUCTURE_TYPE_VERTEX_INPUT_ATTRIBUTE_DESCRIPTION_2_EXT,
		  .location = 0, .binding = 0, .format = VK_FORMAT_R32G32_SFLOAT },
		{ .sType = VK_STRUCTURE_TYPE_VERTEX_INPUT_ATTRIBUTE_DESCRIPTION_2_EXT,
		  .location = 1, .binding = 0, .format = VK_FORMAT_R32G32B32A32_SFLOAT,
		  .offset = 8 },
	};
	const VkColorBlendEquationEXT equation = {
		VK_BLEND_FACTOR_ONE, VK_BLEND_FACTOR_ZERO, VK_BLEND_OP_ADD,
		VK_BLEND_FACTOR_ONE, VK_BLEND_FACTOR_ZERO, VK_BLEND_OP_ADD,
	};
	const VkBool32 off = VK_FALSE;
	const VkColorComponentFlags all = 0xf;
	PFN_vkCreateShadersEXT create;
	PFN_vkDestroyShaderEXT destroy;
	PFN_vkCmdSetSampleMaskEXT set_mask;
	float expected[W * H * 4];
	VkShaderEXT shaders[2];
	struct ms m;

	if (vk_test_under_validation())
		vk_test_skip("the validation layer (1.3.239) predates VK_EXT_shader_object");
	ms_init_options(&m, &options);
	create = (PFN_vkCreateShadersEXT)vk_dev_proc(&m.dev, "vkCreateShadersEXT");
	destroy = (PFN_vkDestroyShaderEXT)vk_dev_proc(&m.dev, "vkDestroyShaderEXT");
	set_mask = (PFN_vkCmdSetSampleMaskEXT)vk_dev_proc(&m.dev, "vkCmdSetSampleMaskEXT");
	REQUIRE(create && destroy && set_mask);
	VK_CHECK(create(m.dev.device, 2, infos, NULL, shaders));
	for (int i = 0; i < 4; i++)
		triangle((struct vk_cvtx *)m.vertices.map + 3 * i, (float)(1 << i), 1.0f);
	ms_begin(&m);
	((PFN_vkCmdBindShadersEXT)vk_dev_proc(&m.dev, "vkCmdBindShadersEXT"))
		(m.cmd, 2, stages, shaders);
	vkCmdSetViewportWithCount(m.cmd, 1, &viewport);
	vkCmdSetScissorWithCount(m.cmd, 1, &scissor);
	vkCmdSetRasterizerDiscardEnable(m.cmd, VK_FALSE);
	vkCmdSetCullMode(m.cmd, VK_CULL_MODE_NONE);
	vkCmdSetFrontFace(m.cmd, VK_FRONT_FACE_COUNTER_CLOCKWISE);
	vkCmdSetDepthTestEnable(m.cmd, VK_FALSE);
	vkCmdSetDepthWriteEnable(m.cmd, VK_FALSE);
	vkCmdSetDepthBoundsTestEnable(m.cmd, VK_FALSE);
	vkCmdSetStencilTestEnable(m.cmd, VK_FALSE);
	vkCmdSetDepthBiasEnable(m.cmd, VK_FALSE);
	vkCmdSetPrimitiveTopology(m.cmd, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST);
	vkCmdSetPrimitiveRestartEnable(m.cmd, VK_FALSE);
	((PFN_vkCmdSetPolygonModeEXT)vk_dev_proc(&m.dev, "vkCmdSetPolygonModeEXT"))
		(m.cmd, VK_POLYGON_MODE_FILL);
	((PFN_vkCmdSetRasterizationSamplesEXT)vk_dev_proc(&m.dev,
		"vkCmdSetRasterizationSamplesEXT"))(m.cmd, VK_SAMPLE_COUNT_4_BIT);
	((PFN_vkCmdSetAlphaToCoverageEnableEXT)vk_dev_proc(&m.dev,
		"vkCmdSetAlphaToCoverageEnableEXT"))(m.cmd, VK_FALSE);
	((PFN_vkCmdSetLogicOpEnableEXT)vk_dev_proc(&m.dev, "vkCmdSetLogicOpEnableEXT"))
		(m.cmd, VK_FALSE);
	((PFN_vkCmdSetColorBlendEnableEXT)vk_dev_proc(&m.dev, "vkCmdSetColorBlendEnableEXT"))
		(m.cmd, 0, 1, &off);
	((PFN_vkCmdSetColorBlendEquationEXT)vk_dev_proc(&m.dev, "vkCmdSetColorBlendEquationEXT"))
		(m.cmd, 0, 1, &equation);
	((PFN_vkCmdSetColorWriteMaskEXT)vk_dev_proc(&m.dev, "vkCmdSetColorWriteMaskEXT"))
		(m.cmd, 0, 1, &all);
	((PFN_vkCmdSetVertexInputEXT)vk_dev_proc(&m.dev, "vkCmdSetVertexInputEXT"))
		(m.cmd, 1, &vbinding, 2, vattributes);
	for (int i = 0; i < 4; i++) {
		const VkSampleMask mask = 1u << i;

		set_mask(m.cmd, VK_SAMPLE_COUNT_4_BIT, &mask);
		vkCmdDraw(m.cmd, 3, 1, 3 * i, 0);
	}
	vkCmdEndRendering(m.cmd);
	ms_finish(&m);
	coverage_expected(expected);
	check(&m, expected);
	destroy(m.dev.device, shaders[0], NULL);
	destroy(m.dev.device, shaders[1], NULL);
	ms_destroy(&m);
}
