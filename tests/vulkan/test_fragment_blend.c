/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Fragment operations: blending, dual-source blending, write masks, logic ops
 *
 * One pixel per case; the source colour comes from push constants, the
 * destination from the attachment's clear value, the constants from
 * vkCmdSetBlendConstants. On R16G16B16A16_SFLOAT every value is a dyadic
 * fraction whose products fit binary16, so blending is exact; the source
 * and constants leave [0, 1] there, which float targets keep (no clamp).
 * On R8G8B8A8_UNORM the specification lets blending round, so a channel
 * may be one code off the exact value computed from the stored codes.
 * Logic ops work on R32_UINT codes and are exact.
 */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <math.h>
#include <string.h>

#define BW 8
#define BH 8

/* A binary16's value. */
static float half_to_float(uint16_t h)
{
	const int e = (h >> 10) & 0x1f, m = h & 0x3ff;
	const float v = e ? ldexpf((float)(m | 0x400), e - 25) : ldexpf((float)m, -24);

	return (h & 0x8000) ? -v : v;
}

/* The colours of a blending case (RGBA). */
struct blend_in {
	float src[4], src1[4], dst[4], constants[4];
};

/* The factor @f for channel @c (3: alpha) of @in's blend. */
static float blend_factor(VkBlendFactor f, const struct blend_in *in, int c)
{
	const float *s = in->src, *s1 = in->src1, *d = in->dst, *k = in->constants;

	switch (f) {
	case VK_BLEND_FACTOR_ZERO: return 0;
	case VK_BLEND_FACTOR_ONE: return 1;
	case VK_BLEND_FACTOR_SRC_COLOR: return s[c];
	case VK_BLEND_FACTOR_ONE_MINUS_SRC_COLOR: return 1 - s[c];
	case VK_BLEND_FACTOR_DST_COLOR: return d[c];
	case VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR: return 1 - d[c];
	case VK_BLEND_FACTOR_SRC_ALPHA: return s[3];
	case VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA: return 1 - s[3];
	case VK_BLEND_FACTOR_DST_ALPHA: return d[3];
	case VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA: return 1 - d[3];
	case VK_BLEND_FACTOR_CONSTANT_COLOR: return k[c];
	case VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR: return 1 - k[c];
	case VK_BLEND_FACTOR_CONSTANT_ALPHA: return k[3];
	case VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA: return 1 - k[3];
	case VK_BLEND_FACTOR_SRC_ALPHA_SATURATE: return c == 3 ? 1 : fminf(s[3], 1 - d[3]);
	case VK_BLEND_FACTOR_SRC1_COLOR: return s1[c];
	case VK_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR: return 1 - s1[c];
	case VK_BLEND_FACTOR_SRC1_ALPHA: return s1[3];
	case VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA: return 1 - s1[3];
	default: return NAN;
	}
}

/* The blended value of channel @c, as the specification's equations give it. */
static float blend_channel(const VkPipelineColorBlendAttachmentState *a, const struct blend_in *in,
			   int c)
{
	const bool alpha = c == 3;
	const VkBlendOp op = alpha ? a->alphaBlendOp : a->colorBlendOp;
	const float s = in->src[c], d = in->dst[c];
	const float sf = blend_factor(alpha ? a->srcAlphaBlendFactor : a->srcColorBlendFactor, in, c);
	const float df = blend_factor(alpha ? a->dstAlphaBlendFactor : a->dstColorBlendFactor, in, c);

	if (!a->blendEnable)
		return s;
	switch (op) {
	case VK_BLEND_OP_ADD: return s * sf + d * df;
	case VK_BLEND_OP_SUBTRACT: return s * sf - d * df;
	case VK_BLEND_OP_REVERSE_SUBTRACT: return d * df - s * sf;
	case VK_BLEND_OP_MIN: return fminf(s, d);
	case VK_BLEND_OP_MAX: return fmaxf(s, d);
	default: return NAN;
	}
}

/* @in with what a UNORM8 target makes of it: inputs clamped, the destination its codes. */
static struct blend_in unorm_inputs(const struct blend_in *in)
{
	struct blend_in u = *in;

	for (int c = 0; c < 4; c++) {
		u.src[c] = fminf(fmaxf(in->src[c], 0), 1);
		u.src1[c] = fminf(fmaxf(in->src1[c], 0), 1);
		u.constants[c] = fminf(fmaxf(in->constants[c], 0), 1);
		u.dst[c] = roundf(fminf(fmaxf(in->dst[c], 0), 1) * 255) / 255;
	}
	return u;
}

/* What every blending test holds: @count colour targets of @format, a pixel per case. */
struct blend_scene {
	struct vk_dev dev;
	struct vk_target color[2];
	VkFormat formats[2];
	uint32_t count;
	struct vk_buf vertices, readback[2];
	VkCommandBuffer cmd;
};

static void blend_scene_init_options(struct blend_scene *s, const struct vk_dev_options *options,
				     const VkFormat *formats, uint32_t count)
{
	struct vk_vtx3 *v;

	vk_gfx_dev_create_options(&s->dev, options);
	s->count = count;
	for (uint32_t i = 0; i < count; i++) {
		VkFormatProperties props;

		vkGetPhysicalDeviceFormatProperties(s->dev.physical, formats[i], &props);
		if (!(props.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT))
			vk_test_skip("format %d does not blend", formats[i]);
		vk_target_create(&s->dev, formats[i], BW, BH, 1, VK_SAMPLE_COUNT_1_BIT,
				 &s->color[i]);
		s->formats[i] = formats[i];
		vk_buf_create(&s->dev, BW * BH * 8, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
			      &s->readback[i]);
	}
	/* Case i: pixel (i % BW, i / BW), a rectangle of six vertices from vertex 6 i. */
	vk_buf_create(&s->dev, BW * BH * 6 * sizeof(struct vk_vtx3),
		      VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &s->vertices);
	v = s->vertices.map;
	for (uint32_t i = 0; i < BW * BH; i++)
		vk_gfx_rect(v + 6 * i, i % BW, i / BW, i % BW + 1, i / BW + 1, 0.5f, BW, BH,
			    true);
	s->cmd = vk_cmd_begin(&s->dev);
	for (uint32_t i = 0; i < count; i++)
		vk_target_layout(s->cmd, &s->color[i], VK_IMAGE_LAYOUT_UNDEFINED,
				 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
}

static void blend_scene_init(struct blend_scene *s, const VkPhysicalDeviceFeatures *features,
			     const VkFormat *formats, uint32_t count)
{
	struct vk_dev_options options = { 0 };

	if (features)
		options.core = *features;
	blend_scene_init_options(s, &options, formats, count);
}

/* Begins rendering into the targets, cleared to @dst[i], with the vertices bound. */
static void blend_begin(struct blend_scene *s, const float (*dst)[4])
{
	VkRenderingAttachmentInfo att[2];
	const VkRenderingInfo info = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
		.renderArea = { { 0, 0 }, { BW, BH } },
		.layerCount = 1,
		.colorAttachmentCount = s->count,
		.pColorAttachments = att,
	};

	for (uint32_t i = 0; i < s->count; i++) {
		att[i] = (VkRenderingAttachmentInfo) {
			.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
			.imageView = s->color[i].view,
			.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
			.storeOp = VK_ATTACHMENT_STORE_OP_STORE,
		};
		memcpy(att[i].clearValue.color.float32, dst[i], sizeof(dst[i]));
	}
	vkCmdBeginRendering(s->cmd, &info);
	vkCmdBindVertexBuffers(s->cmd, 0, 1, &s->vertices.buffer, &(VkDeviceSize){ 0 });
}

static void blend_finish(struct blend_scene *s)
{
	vkCmdEndRendering(s->cmd);
	for (uint32_t i = 0; i < s->count; i++) {
		vk_target_layout(s->cmd, &s->color[i], VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
				 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
		vk_target_read(s->cmd, &s->color[i], VK_IMAGE_ASPECT_COLOR_BIT, 0,
			       s->readback[i].buffer);
	}
	vk_cmd_submit_wait(&s->dev, s->cmd, 0);
}

static void blend_scene_destroy(struct blend_scene *s)
{
	vk_buf_destroy(&s->dev, &s->vertices);
	for (uint32_t i = 0; i < s->count; i++) {
		vk_buf_destroy(&s->dev, &s->readback[i]);
		vk_target_destroy(&s->dev, &s->color[i]);
	}
	vk_dev_destroy(&s->dev);
}

/* Channel @c of pixel @i of target @t as a float (UNORM8 or binary16). */
static float blend_read(const struct blend_scene *s, uint32_t t, uint32_t i, int c)
{
	if (s->color[t].format == VK_FORMAT_R8G8B8A8_UNORM)
		return ((const uint8_t *)s->readback[t].map)[4 * i + c] / 255.0f;
	return half_to_float(((const uint16_t *)s->readback[t].map)[4 * i + c]);
}

/*
 * Compares pixel @i of target @t with @want per channel, @want[c] NAN
 * for none; UNORM targets within one code. Counts differences in *@wrong.
 */
static void blend_check(const struct blend_scene *s, uint32_t t, uint32_t i, const float *want,
			const char *what, unsigned int *wrong)
{
	const bool unorm = s->color[t].format == VK_FORMAT_R8G8B8A8_UNORM;

	for (int c = 0; c < 4; c++) {
		float w = want[c];
		const float got = blend_read(s, t, i, c);

		if (isnan(w))
			continue;
		if (unorm)
			w = roundf(fminf(fmaxf(w, 0), 1) * 255) / 255;
		if (unorm ? fabsf(got - w) <= 1.0f / 255 + 1e-6f : got == w)
			continue;
		if (!(*wrong)++)
			printf("# %s, target %u pixel %u channel %d: %g, expected %g\n", what, t,
			       i, c, got, w);
	}
}

/* The graphics pipeline of the blending tests: the push-constant colours. */
static struct vk_gfx_desc blend_desc(const struct blend_scene *s,
				     const VkPipelineColorBlendAttachmentState *blend,
				     bool dual_source)
{
	static const VkVertexInputBindingDescription binding = {
		0, sizeof(struct vk_vtx3), VK_VERTEX_INPUT_RATE_VERTEX,
	};
	static const VkVertexInputAttributeDescription attribute = {
		0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0,
	};
	static const VkDynamicState dynamic = VK_DYNAMIC_STATE_BLEND_CONSTANTS;

	return (struct vk_gfx_desc) {
		.vs = gfx_pos_vert_spv, .vs_size = gfx_pos_vert_spv_size,
		.fs = dual_source ? gfx_dual_src_frag_spv : gfx_push_color_frag_spv,
		.fs_size = dual_source ? gfx_dual_src_frag_spv_size :
			   gfx_push_color_frag_spv_size,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
		.bindings = &binding, .binding_count = 1,
		.attributes = &attribute, .attribute_count = 1,
		.color_count = s->count, .color_formats = s->formats,
		.blend = blend,
		.dynamic = &dynamic, .dynamic_count = 1,
		.width = BW, .height = BH, .push_size = 32,
	};
}

/* Draws case @i with @p and the two source colours. */
static void blend_draw(struct blend_scene *s, const struct vk_gfx_pipe *p, uint32_t i,
		       const struct blend_in *in)
{
	float push[8];

	memcpy(push, in->src, sizeof(in->src));
	memcpy(push + 4, in->src1, sizeof(in->src1));
	vkCmdBindPipeline(s->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p->pipeline);
	vkCmdPushConstants(s->cmd, p->layout, VK_SHADER_STAGE_VERTEX_BIT |
			   VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(push), push);
	vkCmdDraw(s->cmd, 6, 1, 6 * i, 0);
}

/* Float inputs: dyadic, some outside [0, 1]; exact in binary16, and so are the results. */
static const struct blend_in float_in = {
	.src = { 1.5f, -0.25f, 0.5f, 0.375f },
	.src1 = { 0.25f, 0.75f, -0.5f, 0.625f },
	.dst = { 0.25f, 0.625f, 2.0f, 0.75f },	/* UNORM: no halfway codes */
	.constants = { 0.5f, -0.75f, 1.25f, 0.625f },
};

/*
 * Every factor but the dual-source ones as the source factor (destination
 * ZERO) and as the destination factor (source ZERO; SRC_ALPHA_SATURATE
 * only as a source factor, where the specification's table puts it), the
 * same factor for colour and alpha; then every op with source factor
 * SRC_ALPHA and destination factor ONE, which MIN and MAX ignore; then
 * blending off with write mask R|A and ONE + ONE with mask G|B.
 *
 * With @dynamic (extendedDynamicState3ColorBlendEnable, ColorBlendEquation
 * and ColorWriteMask) one pipeline draws every case, its static state
 * (blending off, mask 0) replaced by vkCmdSetColorBlendEnableEXT,
 * vkCmdSetColorBlendEquationEXT and vkCmdSetColorWriteMaskEXT, set before
 * the bind for even cases and after it for odd ones: every pixel must be
 * what the static pipelines of the same cases draw (the same expected
 * values, exact on the float target).
 */
static void blend_factors_ops(VkFormat format, bool dynamic)
{
	const struct blend_in in = float_in;
	static const char *const eds3_ext[] = { VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME };
	VkPhysicalDeviceExtendedDynamicState3FeaturesEXT eds3 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT,
		.extendedDynamicState3ColorBlendEnable = VK_TRUE,
		.extendedDynamicState3ColorBlendEquation = VK_TRUE,
		.extendedDynamicState3ColorWriteMask = VK_TRUE,
	};
	const struct vk_dev_options options = {
		.extensions = dynamic ? eds3_ext : NULL, .extension_count = dynamic,
		.features = dynamic ? &eds3 : NULL,
	};
	static const VkDynamicState dyn[4] = {
		VK_DYNAMIC_STATE_BLEND_CONSTANTS, VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT,
		VK_DYNAMIC_STATE_COLOR_BLEND_EQUATION_EXT, VK_DYNAMIC_STATE_COLOR_WRITE_MASK_EXT,
	};
	const VkPipelineColorBlendAttachmentState off = { .blendEnable = VK_FALSE };
	PFN_vkCmdSetColorBlendEnableEXT set_enable = NULL;
	PFN_vkCmdSetColorBlendEquationEXT set_equation = NULL;
	PFN_vkCmdSetColorWriteMaskEXT set_mask = NULL;
	VkPipelineColorBlendAttachmentState states[BW * BH];
	struct vk_gfx_pipe pipes[BW * BH];
	struct blend_scene s;
	struct blend_in used = in;
	unsigned int wrong = 0;
	uint32_t n = 0;

	for (int f = VK_BLEND_FACTOR_ZERO; f <= VK_BLEND_FACTOR_SRC_ALPHA_SATURATE; f++)
		states[n++] = (VkPipelineColorBlendAttachmentState) {
			VK_TRUE, (VkBlendFactor)f, VK_BLEND_FACTOR_ZERO, VK_BLEND_OP_ADD,
			(VkBlendFactor)f, VK_BLEND_FACTOR_ZERO, VK_BLEND_OP_ADD, 0xf,
		};
	for (int f = VK_BLEND_FACTOR_ZERO; f < VK_BLEND_FACTOR_SRC_ALPHA_SATURATE; f++)
		states[n++] = (VkPipelineColorBlendAttachmentState) {
			VK_TRUE, VK_BLEND_FACTOR_ZERO, (VkBlendFactor)f, VK_BLEND_OP_ADD,
			VK_BLEND_FACTOR_ZERO, (VkBlendFactor)f, VK_BLEND_OP_ADD, 0xf,
		};
	for (int op = VK_BLEND_OP_ADD; op <= VK_BLEND_OP_MAX; op++)
		states[n++] = (VkPipelineColorBlendAttachmentState) {
			VK_TRUE, VK_BLEND_FACTOR_SRC_ALPHA, VK_BLEND_FACTOR_ONE, (VkBlendOp)op,
			VK_BLEND_FACTOR_SRC_ALPHA, VK_BLEND_FACTOR_ONE, (VkBlendOp)op, 0xf,
		};
	states[n++] = (VkPipelineColorBlendAttachmentState) {
		VK_FALSE, VK_BLEND_FACTOR_ONE, VK_BLEND_FACTOR_ONE, VK_BLEND_OP_ADD,
		VK_BLEND_FACTOR_ONE, VK_BLEND_FACTOR_ONE, VK_BLEND_OP_ADD,
		VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_A_BIT,
	};
	states[n++] = (VkPipelineColorBlendAttachmentState) {
		VK_TRUE, VK_BLEND_FACTOR_ONE, VK_BLEND_FACTOR_ONE, VK_BLEND_OP_ADD,
		VK_BLEND_FACTOR_ONE, VK_BLEND_FACTOR_ONE, VK_BLEND_OP_ADD,
		VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT,
	};

	blend_scene_init_options(&s, &options, &format, 1);
	if (dynamic) {
		set_enable = (PFN_vkCmdSetColorBlendEnableEXT)
			vk_dev_proc(&s.dev, "vkCmdSetColorBlendEnableEXT");
		set_equation = (PFN_vkCmdSetColorBlendEquationEXT)
			vk_dev_proc(&s.dev, "vkCmdSetColorBlendEquationEXT");
		set_mask = (PFN_vkCmdSetColorWriteMaskEXT)
			vk_dev_proc(&s.dev, "vkCmdSetColorWriteMaskEXT");
		REQUIRE(set_enable && set_equation && set_mask);
	}
	for (uint32_t i = 0; i < (dynamic ? 1 : n); i++) {
		struct vk_gfx_desc desc = blend_desc(&s, dynamic ? &off : &states[i], false);

		if (dynamic) {
			desc.dynamic = dyn;
			desc.dynamic_count = 4;
		}
		vk_gfx_pipe_create(&s.dev, &desc, &pipes[i]);
	}
	blend_begin(&s, &in.dst);
	vkCmdSetBlendConstants(s.cmd, in.constants);
	for (uint32_t i = 0; i < n; i++) {
		const VkPipelineColorBlendAttachmentState *a = &states[i];
		const VkColorBlendEquationEXT eq = {
			a->srcColorBlendFactor, a->dstColorBlendFactor, a->colorBlendOp,
			a->srcAlphaBlendFactor, a->dstAlphaBlendFactor, a->alphaBlendOp,
		};
		float push[8];

		if (!dynamic) {
			blend_draw(&s, &pipes[i], i, &in);
			continue;
		}
		for (int k = i % 2; k < 2; k++) {
			/* k 0: before the bind; k 1: after it. */
			if (k == 1)
				vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS,
						  pipes[0].pipeline);
			if (k == (int)(i % 2)) {
				set_enable(s.cmd, 0, 1, &a->blendEnable);
				set_equation(s.cmd, 0, 1, &eq);
				set_mask(s.cmd, 0, 1, &a->colorWriteMask);
			}
		}
		memcpy(push, in.src, sizeof(in.src));
		memcpy(push + 4, in.src1, sizeof(in.src1));
		vkCmdPushConstants(s.cmd, pipes[0].layout, VK_SHADER_STAGE_VERTEX_BIT |
				   VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(push), push);
		vkCmdDraw(s.cmd, 6, 1, 6 * i, 0);
	}
	blend_finish(&s);

	if (format == VK_FORMAT_R8G8B8A8_UNORM)
		used = unorm_inputs(&in);
	for (uint32_t i = 0; i < BW * BH; i++) {
		float want[4];

		for (int c = 0; c < 4; c++)
			want[c] = i < n && (states[i].colorWriteMask & (1u << c)) ?
				  blend_channel(&states[i], &used, c) : used.dst[c];
		blend_check(&s, 0, i, want, "blend case", &wrong);
	}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u channels differ", wrong);
	for (uint32_t i = 0; i < (dynamic ? 1 : n); i++)
		vk_gfx_pipe_destroy(&s.dev, &pipes[i]);
	blend_scene_destroy(&s);
}

VK_TEST(blend_unorm, "fragment-blend-factors-ops-unorm")
{
	blend_factors_ops(VK_FORMAT_R8G8B8A8_UNORM, false);
}

VK_TEST(blend_dynamic_float, "fragment-blend-dynamic-state3-float")
{
	blend_factors_ops(VK_FORMAT_R16G16B16A16_SFLOAT, true);
}

VK_TEST(blend_float, "fragment-blend-factors-ops-float")
{
	blend_factors_ops(VK_FORMAT_R16G16B16A16_SFLOAT, false);
}

/*
 * independentBlend: two attachments with different blend states and write
 * masks in one pipeline, and a second pipeline that writes only the second
 * attachment (the first's mask 0) with blending off there.
 */
VK_TEST(blend_independent, "fragment-blend-independent-write-masks")
{
	const VkPhysicalDeviceFeatures features = { .independentBlend = VK_TRUE };
	const VkFormat formats[2] = { VK_FORMAT_R16G16B16A16_SFLOAT, VK_FORMAT_R16G16B16A16_SFLOAT };
	const float dst[2][4] = { { 0.25f, 0.625f, 2.0f, 0.75f }, { 0.75f, -1.0f, 0.125f, 1.0f } };
	const VkPipelineColorBlendAttachmentState first[2] = {
		{ VK_TRUE, VK_BLEND_FACTOR_ONE, VK_BLEND_FACTOR_ONE, VK_BLEND_OP_ADD,
		  VK_BLEND_FACTOR_DST_ALPHA, VK_BLEND_FACTOR_ZERO, VK_BLEND_OP_ADD,
		  VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_A_BIT },
		{ VK_TRUE, VK_BLEND_FACTOR_CONSTANT_COLOR, VK_BLEND_FACTOR_SRC_ALPHA,
		  VK_BLEND_OP_REVERSE_SUBTRACT, VK_BLEND_FACTOR_ONE, VK_BLEND_FACTOR_ONE,
		  VK_BLEND_OP_MAX, VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT |
		  VK_COLOR_COMPONENT_A_BIT },
	};
	const VkPipelineColorBlendAttachmentState second[2] = {
		{ VK_TRUE, VK_BLEND_FACTOR_ONE, VK_BLEND_FACTOR_ONE, VK_BLEND_OP_ADD,
		  VK_BLEND_FACTOR_ONE, VK_BLEND_FACTOR_ONE, VK_BLEND_OP_ADD, 0 },
		{ .blendEnable = VK_FALSE, .colorWriteMask = VK_COLOR_COMPONENT_R_BIT |
		  VK_COLOR_COMPONENT_B_BIT },
	};
	const VkPipelineColorBlendAttachmentState *states[2] = { first, second };
	struct blend_in in[2] = { float_in, float_in };
	struct vk_gfx_pipe pipes[2];
	struct blend_scene s;
	unsigned int wrong = 0;

	memcpy(in[1].src, float_in.src1, sizeof(in[1].src));
	memcpy(in[1].dst, dst[1], sizeof(in[1].dst));
	blend_scene_init(&s, &features, formats, 2);
	for (int p = 0; p < 2; p++) {
		const struct vk_gfx_desc desc = blend_desc(&s, states[p], false);

		vk_gfx_pipe_create(&s.dev, &desc, &pipes[p]);
	}
	blend_begin(&s, dst);
	vkCmdSetBlendConstants(s.cmd, float_in.constants);
	/* Pixel 0: the first pipeline; pixel 1: the second. o0 = src, o1 = src1. */
	blend_draw(&s, &pipes[0], 0, &float_in);
	blend_draw(&s, &pipes[1], 1, &float_in);
	blend_finish(&s);

	for (uint32_t t = 0; t < 2; t++) {
		for (uint32_t i = 0; i < BW * BH; i++) {
			float want[4];

			for (int c = 0; c < 4; c++) {
				want[c] = dst[t][c];
				if (i < 2 && (states[i][t].colorWriteMask & (1u << c)))
					want[c] = blend_channel(&states[i][t], &in[t], c);
			}
			blend_check(&s, t, i, want, "independent blend", &wrong);
		}
	}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u channels differ", wrong);
	vk_gfx_pipe_destroy(&s.dev, &pipes[0]);
	vk_gfx_pipe_destroy(&s.dev, &pipes[1]);
	blend_scene_destroy(&s);
}

/*
 * dualSrcBlend: the four SRC1 factors, each as the source and as the
 * destination factor, the second source the fragment shader's output at
 * location 0, index 1; on a float and a UNORM target.
 */
static void blend_dual_source(VkFormat format)
{
	const VkPhysicalDeviceFeatures features = { .dualSrcBlend = VK_TRUE };
	VkPipelineColorBlendAttachmentState states[8];
	struct vk_gfx_pipe pipes[8];
	struct blend_scene s;
	struct blend_in used = float_in;
	unsigned int wrong = 0;
	uint32_t n = 0;

	for (int f = VK_BLEND_FACTOR_SRC1_COLOR; f <= VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA; f++) {
		states[n++] = (VkPipelineColorBlendAttachmentState) {
			VK_TRUE, (VkBlendFactor)f, VK_BLEND_FACTOR_ONE, VK_BLEND_OP_ADD,
			(VkBlendFactor)f, VK_BLEND_FACTOR_ZERO, VK_BLEND_OP_ADD, 0xf,
		};
		states[n++] = (VkPipelineColorBlendAttachmentState) {
			VK_TRUE, VK_BLEND_FACTOR_SRC_ALPHA, (VkBlendFactor)f, VK_BLEND_OP_SUBTRACT,
			VK_BLEND_FACTOR_ONE, (VkBlendFactor)f, VK_BLEND_OP_ADD, 0xf,
		};
	}
	blend_scene_init(&s, &features, &format, 1);
	for (uint32_t i = 0; i < n; i++) {
		const struct vk_gfx_desc desc = blend_desc(&s, &states[i], true);

		vk_gfx_pipe_create(&s.dev, &desc, &pipes[i]);
	}
	blend_begin(&s, &float_in.dst);
	vkCmdSetBlendConstants(s.cmd, float_in.constants);
	for (uint32_t i = 0; i < n; i++)
		blend_draw(&s, &pipes[i], i, &float_in);
	blend_finish(&s);

	if (format == VK_FORMAT_R8G8B8A8_UNORM)
		used = unorm_inputs(&float_in);
	for (uint32_t i = 0; i < BW * BH; i++) {
		float want[4];

		for (int c = 0; c < 4; c++)
			want[c] = i < n ? blend_channel(&states[i], &used, c) : used.dst[c];
		blend_check(&s, 0, i, want, "dual source", &wrong);
	}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u channels differ", wrong);
	for (uint32_t i = 0; i < n; i++)
		vk_gfx_pipe_destroy(&s.dev, &pipes[i]);
	blend_scene_destroy(&s);
}

VK_TEST(blend_dual_float, "fragment-blend-dual-source-float")
{
	blend_dual_source(VK_FORMAT_R16G16B16A16_SFLOAT);
}

VK_TEST(blend_dual_unorm, "fragment-blend-dual-source-unorm")
{
	blend_dual_source(VK_FORMAT_R8G8B8A8_UNORM);
}

/* The specification's logic op @op of source @s and destination @d. */
static uint32_t logic_op(VkLogicOp op, uint32_t s, uint32_t d)
{
	switch (op) {
	case VK_LOGIC_OP_CLEAR: return 0;
	case VK_LOGIC_OP_AND: return s & d;
	case VK_LOGIC_OP_AND_REVERSE: return s & ~d;
	case VK_LOGIC_OP_COPY: return s;
	case VK_LOGIC_OP_AND_INVERTED: return ~s & d;
	case VK_LOGIC_OP_NO_OP: return d;
	case VK_LOGIC_OP_XOR: return s ^ d;
	case VK_LOGIC_OP_OR: return s | d;
	case VK_LOGIC_OP_NOR: return ~(s | d);
	case VK_LOGIC_OP_EQUIVALENT: return ~(s ^ d);
	case VK_LOGIC_OP_INVERT: return ~d;
	case VK_LOGIC_OP_OR_REVERSE: return s | ~d;
	case VK_LOGIC_OP_COPY_INVERTED: return ~s;
	case VK_LOGIC_OP_OR_INVERTED: return ~s | d;
	case VK_LOGIC_OP_NAND: return ~(s & d);
	default: return ~0u;	/* SET */
	}
}

/*
 * logicOp: the sixteen ops (pixel op), then COPY with write mask 0 (pixel
 * 16: the destination stays). On R32_UINT the source is the flat value of
 * gfx_uint; on R8G8B8A8_UNORM, whose stored codes the ops work on (R13),
 * a push-constant colour of whole codes (code / 255 converts back to the
 * code exactly).
 *
 * With @dynamic, the sixteen ops come from vkCmdSetLogicOpEXT
 * (extendedDynamicState2LogicOp) on one pipeline whose static op is
 * COPY, set before the pipeline is bound for even ops and after it for
 * odd ones: a driver that keeps the pipeline's op draws COPY's pixels.
 * With @dynamic_enable too (extendedDynamicState3LogicOpEnable), that
 * pipeline's logicOpEnable is VK_FALSE and vkCmdSetLogicOpEnableEXT
 * enables the ops (before the bind for even ops, after it for odd ones).
 */
static void logic_ops(VkFormat format, bool dynamic, bool dynamic_enable)
{
	enum { TW = 8, TH = 4, SRC = 0x33cc55aau, DST = 0x0ff03c5au };
	const bool uint = format == VK_FORMAT_R32_UINT;
	static const VkDynamicState dynamic_logic_op[] = {
		VK_DYNAMIC_STATE_LOGIC_OP_EXT, VK_DYNAMIC_STATE_LOGIC_OP_ENABLE_EXT,
	};
	static const char *const eds2_extension[] = {
		VK_EXT_EXTENDED_DYNAMIC_STATE_2_EXTENSION_NAME,
		VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME,
	};
	VkPhysicalDeviceExtendedDynamicState3FeaturesEXT eds3 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT,
		.extendedDynamicState3LogicOpEnable = VK_TRUE,
	};
	VkPhysicalDeviceExtendedDynamicState2FeaturesEXT eds2 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_2_FEATURES_EXT,
		.pNext = dynamic_enable ? &eds3 : NULL,
		.extendedDynamicState2LogicOp = VK_TRUE,
	};
	PFN_vkCmdSetLogicOpEnableEXT set_enable = NULL;
	struct vk_dev_options options = { .core = { .logicOp = VK_TRUE } };
	PFN_vkCmdSetLogicOpEXT set_logic_op = NULL;
	static const VkVertexInputBindingDescription bindings[] = {
		{ 0, sizeof(struct vk_vtx3), VK_VERTEX_INPUT_RATE_VERTEX },
		{ 1, 8, VK_VERTEX_INPUT_RATE_INSTANCE },
	};
	static const VkVertexInputAttributeDescription attributes[] = {
		{ 0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0 },
		{ 1, 1, VK_FORMAT_R32G32_SFLOAT, 0 },
	};
	const VkPipelineColorBlendAttachmentState masked = { .colorWriteMask = 0 };
	struct vk_gfx_desc desc = {
		.vs = uint ? gfx_uint_vert_spv : gfx_pos_vert_spv,
		.vs_size = uint ? gfx_uint_vert_spv_size : gfx_pos_vert_spv_size,
		.fs = uint ? gfx_uint_frag_spv : gfx_push_color_frag_spv,
		.fs_size = uint ? gfx_uint_frag_spv_size : gfx_push_color_frag_spv_size,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
		.bindings = bindings, .binding_count = uint ? 2 : 1,
		.attributes = attributes, .attribute_count = uint ? 2 : 1,
		.color_format = format, .logic_op_enable = true,
		.width = TW, .height = TH, .push_size = uint ? 4 : 32,
	};
	VkClearValue clear = { .color.uint32 = { DST } };
	float push[8] = { 0 };
	struct vk_gfx_pipe pipes[17];
	struct vk_dev dev;
	struct vk_target color;
	struct vk_buf vertices, instances, readback;
	VkCommandBuffer cmd;
	const uint32_t *got;
	unsigned int wrong = 0;

	/* UNORM: byte c of SRC and DST is channel c's code. */
	for (int c = 0; !uint && c < 4; c++) {
		push[c] = (float)((SRC >> (8 * c)) & 0xff) / 255.0f;
		clear.color.float32[c] = (float)((DST >> (8 * c)) & 0xff) / 255.0f;
	}
	if (uint)
		memcpy(push, &(uint32_t){ SRC }, 4);
	if (dynamic) {
		options.extensions = eds2_extension;
		options.extension_count = dynamic_enable ? 2 : 1;
		options.features = &eds2;
	}
	vk_gfx_dev_create_options(&dev, &options);
	if (dynamic) {
		set_logic_op = (PFN_vkCmdSetLogicOpEXT)vkGetDeviceProcAddr(dev.device,
									   "vkCmdSetLogicOpEXT");
		REQUIRE(set_logic_op != NULL);
	}
	if (dynamic_enable) {
		set_enable = (PFN_vkCmdSetLogicOpEnableEXT)vkGetDeviceProcAddr(dev.device,
									     "vkCmdSetLogicOpEnableEXT");
		REQUIRE(set_enable != NULL);
	}
	vk_target_create(&dev, format, TW, TH, 1, VK_SAMPLE_COUNT_1_BIT, &color);
	vk_buf_create(&dev, TW * TH * 6 * sizeof(struct vk_vtx3), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
		      &vertices);
	vk_buf_create(&dev, 8, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &instances);
	memset(instances.map, 0, 8);
	vk_buf_create(&dev, TW * TH * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback);
	for (uint32_t i = 0; i < TW * TH; i++)
		vk_gfx_rect((struct vk_vtx3 *)vertices.map + 6 * i, i % TW, i / TW, i % TW + 1,
			    i / TW + 1, 0.5f, TW, TH, true);
	for (uint32_t i = 0; i < 17; i++) {
		/* Dynamic: pipeline 0 draws every op, pipeline 16 the masked COPY. */
		if (dynamic && i > 0 && i < 16)
			continue;
		desc.logic_op = i < 16 && !dynamic ? (VkLogicOp)i : VK_LOGIC_OP_COPY;
		desc.blend = i < 16 ? NULL : &masked;
		desc.dynamic = dynamic && i < 16 ? dynamic_logic_op : NULL;
		desc.dynamic_count = dynamic && i < 16 ? 1 + dynamic_enable : 0;
		desc.logic_op_enable = !(dynamic_enable && i < 16);
		vk_gfx_pipe_create(&dev, &desc, &pipes[i]);
	}
	cmd = vk_cmd_begin(&dev);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	vk_gfx_begin(cmd, &color, NULL, &clear, NULL);
	vkCmdBindVertexBuffers(cmd, 0, uint ? 2 : 1,
			       (const VkBuffer[]){ vertices.buffer, instances.buffer },
			       (const VkDeviceSize[]){ 0, 0 });
	for (uint32_t i = 0; i < 17; i++) {
		const struct vk_gfx_pipe *pipe = &pipes[dynamic && i < 16 ? 0 : i];

		if (dynamic && i < 16 && i % 2 == 0)
			set_logic_op(cmd, (VkLogicOp)i);
		if (dynamic_enable && i < 16 && i % 2 == 0)
			set_enable(cmd, VK_TRUE);
		vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe->pipeline);
		if (dynamic && i < 16 && i % 2 == 1)
			set_logic_op(cmd, (VkLogicOp)i);
		if (dynamic_enable && i < 16 && i % 2 == 1)
			set_enable(cmd, VK_TRUE);
		vkCmdPushConstants(cmd, pipe->layout, VK_SHADER_STAGE_VERTEX_BIT |
				   VK_SHADER_STAGE_FRAGMENT_BIT, 0, desc.push_size, push);
		vkCmdDraw(cmd, 6, 1, 6 * i, 0);
	}
	vkCmdEndRendering(cmd);
	vk_target_layout(cmd, &color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(cmd, &color, VK_IMAGE_ASPECT_COLOR_BIT, 0, readback.buffer);
	vk_cmd_submit_wait(&dev, cmd, 0);

	/* Bitwise ops on 32 bits are the same as on each of the four codes. */
	got = readback.map;
	for (uint32_t i = 0; i < TW * TH; i++) {
		const uint32_t want = i < 16 ? logic_op((VkLogicOp)i, SRC, DST) : DST;

		if (got[i] == want)
			continue;
		if (!wrong++)
			printf("# pixel %u: 0x%08x, expected 0x%08x\n", i, got[i], want);
	}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u pixels differ", wrong);
	for (uint32_t i = 0; i < 17; i++)
		if (!dynamic || i == 0 || i == 16)
			vk_gfx_pipe_destroy(&dev, &pipes[i]);
	vk_buf_destroy(&dev, &vertices);
	vk_buf_destroy(&dev, &instances);
	vk_buf_destroy(&dev, &readback);
	vk_target_destroy(&dev, &color);
	vk_dev_destroy(&dev);
}

VK_TEST(logic_ops_uint, "fragment-logic-ops-uint")
{
	logic_ops(VK_FORMAT_R32_UINT, false, false);
}

VK_TEST(logic_ops_unorm, "fragment-logic-ops-unorm")
{
	logic_ops(VK_FORMAT_R8G8B8A8_UNORM, false, false);
}

VK_TEST(logic_ops_dynamic_uint, "fragment-logic-ops-dynamic-uint")
{
	logic_ops(VK_FORMAT_R32_UINT, true, false);
}

VK_TEST(logic_ops_dynamic_unorm, "fragment-logic-ops-dynamic-unorm")
{
	logic_ops(VK_FORMAT_R8G8B8A8_UNORM, true, false);
}

VK_TEST(logic_ops_dynamic_enable_uint, "fragment-logic-ops-dynamic-enable-uint")
{
	logic_ops(VK_FORMAT_R32_UINT, true, true);
}

VK_TEST(logic_ops_dynamic_enable_unorm, "fragment-logic-ops-dynamic-enable-unorm")
{
	logic_ops(VK_FORMAT_R8G8B8A8_UNORM, true, true);
}
