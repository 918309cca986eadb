/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Rendering into every required colour attachment format
 *
 * The Formats chapter's "Required Format Support" tables make about forty
 * colour formats COLOR_ATTACHMENT (and most of the non-integer ones
 * COLOR_ATTACHMENT_BLEND) on every device with graphics. For each of them,
 * and for every other format of the list below the device reports as a
 * colour attachment, these tests render and read the texels back:
 *
 * - render-formats-clear-draw: a load-op clear, then a rectangle drawn
 *   with a constant colour (a push constant, written as a float, int or
 *   uint vector by the format's class);
 * - render-formats-blend: on the formats that report
 *   COLOR_ATTACHMENT_BLEND, a rectangle blended over the cleared texels
 *   (colour op MAX, alpha ZERO x source + ONE x destination: the
 *   destination is read, decoded and written back, with no arithmetic
 *   that could round);
 * - render-formats-resolve: 4 samples (where the format has them), a
 *   clear and a rectangle on pixel boundaries, resolved at the end of
 *   rendering (AVERAGE, SAMPLE_ZERO for integers) into a single-sample
 *   target: every sample of a pixel holds the same value, so the resolve
 *   keeps it.
 *
 * The values are texels of vk_format_pattern(): exactly representable in
 * the format and converting back to the same bits, so what the
 * specification makes exact is checked exactly (integers, floats, the
 * clear's and the shader's conversions of representable values); the
 * normalized and sRGB channels are held to the conversion error the
 * specification allows (vk_format_tolerance()). A required format without
 * COLOR_ATTACHMENT fails; required-format-support lists the bits.
 */

#include "vk_format_info.h"
#include "vk_gfx.h"
#include "vk_shaders.h"

#include <math.h>
#include <string.h>

#define W 16
#define H 16
#define SPLIT 8		/* the rectangle covers x < SPLIT (the blend: y < SPLIT) */

struct render_format {
	VkFormat format;
	bool required;
};

#define REQ(f)	{ VK_FORMAT_##f, true }
#define OPT(f)	{ VK_FORMAT_##f, false }

/* The required colour attachment formats, then others the device may render to. */
static const struct render_format formats[] = {
	REQ(R5G6B5_UNORM_PACK16), REQ(A1R5G5B5_UNORM_PACK16),
	REQ(R8_UNORM), REQ(R8_UINT), REQ(R8_SINT),
	REQ(R8G8_UNORM), REQ(R8G8_UINT), REQ(R8G8_SINT),
	REQ(R8G8B8A8_UNORM), REQ(R8G8B8A8_UINT), REQ(R8G8B8A8_SINT), REQ(R8G8B8A8_SRGB),
	REQ(B8G8R8A8_UNORM), REQ(B8G8R8A8_SRGB),
	REQ(A8B8G8R8_UNORM_PACK32), REQ(A8B8G8R8_UINT_PACK32), REQ(A8B8G8R8_SINT_PACK32),
	REQ(A8B8G8R8_SRGB_PACK32),
	REQ(A2B10G10R10_UNORM_PACK32), REQ(A2B10G10R10_UINT_PACK32),
	REQ(R16_UINT), REQ(R16_SINT), REQ(R16_SFLOAT),
	REQ(R16G16_UINT), REQ(R16G16_SINT), REQ(R16G16_SFLOAT),
	REQ(R16G16B16A16_UINT), REQ(R16G16B16A16_SINT), REQ(R16G16B16A16_SFLOAT),
	REQ(R32_UINT), REQ(R32_SINT), REQ(R32_SFLOAT),
	REQ(R32G32_UINT), REQ(R32G32_SINT), REQ(R32G32_SFLOAT),
	REQ(R32G32B32A32_UINT), REQ(R32G32B32A32_SINT), REQ(R32G32B32A32_SFLOAT),
	OPT(R8_SNORM), OPT(R8G8_SNORM), OPT(R8G8B8A8_SNORM), OPT(A8B8G8R8_SNORM_PACK32),
	OPT(R16_UNORM), OPT(R16_SNORM), OPT(R16G16_UNORM), OPT(R16G16_SNORM),
	OPT(R16G16B16A16_UNORM), OPT(R16G16B16A16_SNORM), OPT(B10G11R11_UFLOAT_PACK32),
};

#define FORMAT_COUNT	(sizeof(formats) / sizeof(formats[0]))

struct vtx {
	float x, y;
};

static const VkVertexInputBindingDescription binding = { 0, sizeof(struct vtx),
							 VK_VERTEX_INPUT_RATE_VERTEX };
static const VkVertexInputAttributeDescription attribute = { 0, 0, VK_FORMAT_R32G32_SFLOAT, 0 };

/* What one format's run needs. */
struct run {
	struct vk_dev *dev;
	const struct vk_format_info *info;
	const struct vk_texel_layout *l;
	bool integer, is_signed;
	uint8_t clear_texel[16], draw_texel[16];
	union vk_texel_value clear_value, draw_value;
};

/* The rectangle [x0, x1) x [y0, y1) in pixels as two triangles, into @v. */
static void rect(struct vtx *v, float x0, float y0, float x1, float y1)
{
	const struct vtx c[4] = {
		{ vk_ndc(x0, W), vk_ndc(y0, H) }, { vk_ndc(x1, W), vk_ndc(y0, H) },
		{ vk_ndc(x0, W), vk_ndc(y1, H) }, { vk_ndc(x1, W), vk_ndc(y1, H) },
	};

	const unsigned int order[6] = { 0, 1, 2, 1, 3, 2 };

	for (unsigned int i = 0; i < 6; i++)
		v[i] = c[order[i]];
}

/* Sets up @r for @f; false (saying why) when the device does not render to it. */
static bool run_init(struct run *r, struct vk_dev *dev, const struct render_format *f,
		     VkFormatFeatureFlags need, unsigned int *failed)
{
	VkFormatProperties props;

	memset(r, 0, sizeof(*r));
	r->dev = dev;
	r->info = vk_format_info_get(f->format);
	REQUIRE(r->info != NULL);
	vkGetPhysicalDeviceFormatProperties(dev->physical, f->format, &props);
	if (f->required && !(props.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT)) {
		printf("# %s: required COLOR_ATTACHMENT missing\n", r->info->name);
		(*failed)++;
		return false;
	}
	if ((props.optimalTilingFeatures & need) != need)
		return false;
	r->l = &r->info->color;
	r->integer = vk_layout_is_integer(r->l);
	r->is_signed = vk_layout_is_signed(r->l);
	vk_format_pattern(r->l, 3, r->clear_texel);
	vk_format_pattern(r->l, 11, r->draw_texel);
	vk_format_decode(r->l, r->clear_texel, &r->clear_value);
	vk_format_decode(r->l, r->draw_texel, &r->draw_value);
	return true;
}

static VkClearValue clear_of(const struct run *r)
{
	VkClearValue v;

	memcpy(v.color.uint32, r->clear_value.u, sizeof(v.color.uint32));
	return v;
}

static struct vk_gfx_desc desc_of(const struct run *r, VkSampleCountFlagBits samples,
				  const VkPipelineColorBlendAttachmentState *blend)
{
	struct vk_gfx_desc d = {
		.vs = gfx_fmt_vert_spv, .vs_size = gfx_fmt_vert_spv_size,
		.fs = gfx_fmt_float_frag_spv, .fs_size = gfx_fmt_float_frag_spv_size,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
		.bindings = &binding, .binding_count = 1,
		.attributes = &attribute, .attribute_count = 1,
		.color_format = r->info->format, .samples = samples, .blend = blend,
		.width = W, .height = H, .push_size = 16,
	};

	if (r->integer && r->is_signed) {
		d.fs = gfx_fmt_int_frag_spv;
		d.fs_size = gfx_fmt_int_frag_spv_size;
	} else if (r->integer) {
		d.fs = gfx_fmt_uint_frag_spv;
		d.fs_size = gfx_fmt_uint_frag_spv_size;
	}
	return d;
}

/* Whether channel @c of value @got is @want, within what the specification allows. */
static bool channel_ok(const struct run *r, unsigned int c, const union vk_texel_value *got,
		       const union vk_texel_value *want)
{
	if (r->integer)
		return got->u[c] == want->u[c];
	if (isnan(want->f[c]))
		return isnan(got->f[c]);
	return fabsf(got->f[c] - want->f[c]) <= vk_format_tolerance(r->l, c, want->f[c], false);
}

/*
 * Compares the readback @texels (W x H, packed rows) with @expect(x, y),
 * printing the first few wrong texels; returns how many are wrong.
 */
static unsigned int check_texels(const struct run *r, const uint8_t *texels, const char *what,
				 void (*expect)(const struct run *, uint32_t, uint32_t,
						union vk_texel_value *))
{
	unsigned int wrong = 0;

	for (uint32_t y = 0; y < H; y++)
		for (uint32_t x = 0; x < W; x++) {
			union vk_texel_value got, want;
			bool ok = true;

			vk_format_decode(r->l, texels + (y * W + x) * r->l->bytes, &got);
			expect(r, x, y, &want);
			for (unsigned int c = 0; c < 4; c++)
				ok &= channel_ok(r, c, &got, &want);
			if (!ok && wrong++ < 2)
				printf("# %s %s: texel (%u, %u) is %g %g %g %g (%#x %#x %#x %#x), "
				       "expected %g %g %g %g (%#x %#x %#x %#x)\n", r->info->name, what,
				       x, y, got.f[0], got.f[1], got.f[2], got.f[3], got.u[0],
				       got.u[1], got.u[2], got.u[3], want.f[0], want.f[1], want.f[2],
				       want.f[3], want.u[0], want.u[1], want.u[2], want.u[3]);
		}
	return wrong;
}

/* Cleared everywhere, the drawn value left of SPLIT. */
static void expect_clear_draw(const struct run *r, uint32_t x, uint32_t y,
			      union vk_texel_value *v)
{
	(void)y;
	*v = x < SPLIT ? r->draw_value : r->clear_value;
}

/*
 * Above SPLIT the blend of the drawn value over the cleared one: colour
 * max(source, destination), alpha the destination's.
 */
static void expect_blend(const struct run *r, uint32_t x, uint32_t y, union vk_texel_value *v)
{
	(void)x;
	*v = r->clear_value;
	if (y >= SPLIT)
		return;
	for (unsigned int c = 0; c < 3; c++)
		v->f[c] = fmaxf(r->draw_value.f[c], r->clear_value.f[c]);
}

/*
 * Renders into @color (1 sample, or @ms with @samples resolved into
 * @color): a clear, then the rectangle [0, SPLIT) x [0, H) (or, with
 * @blend, [0, W) x [0, SPLIT)) of the drawn value; reads @color back into
 * @readback.
 */
static void render(struct run *r, struct vk_target *color, struct vk_target *ms,
		   const VkPipelineColorBlendAttachmentState *blend, struct vk_buf *vertices,
		   struct vk_buf *readback)
{
	const struct vk_target *target = ms ? ms : color;
	struct vk_gfx_desc d = desc_of(r, target->samples, blend);
	VkRenderingAttachmentInfo att = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
		.imageView = target->view,
		.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
		.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
		.storeOp = VK_ATTACHMENT_STORE_OP_STORE,
		.clearValue = clear_of(r),
	};
	const VkRenderingInfo info = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
		.renderArea = { { 0, 0 }, { W, H } },
		.layerCount = 1,
		.colorAttachmentCount = 1,
		.pColorAttachments = &att,
	};
	struct vk_gfx_pipe pipe;
	VkCommandBuffer cmd;

	if (ms) {
		att.resolveMode = r->integer ? VK_RESOLVE_MODE_SAMPLE_ZERO_BIT :
					       VK_RESOLVE_MODE_AVERAGE_BIT;
		att.resolveImageView = color->view;
		att.resolveImageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
	}
	if (blend)
		rect(vertices->map, 0, 0, W, SPLIT);
	else
		rect(vertices->map, 0, 0, SPLIT, H);
	vk_gfx_pipe_create(r->dev, &d, &pipe);
	cmd = vk_cmd_begin(r->dev);
	vk_target_layout(cmd, color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	if (ms)
		vk_target_layout(cmd, ms, VK_IMAGE_LAYOUT_UNDEFINED,
				 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	vkCmdBeginRendering(cmd, &info);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe.pipeline);
	vkCmdBindVertexBuffers(cmd, 0, 1, &vertices->buffer, &(VkDeviceSize){ 0 });
	vkCmdPushConstants(cmd, pipe.layout, VK_SHADER_STAGE_VERTEX_BIT |
			   VK_SHADER_STAGE_FRAGMENT_BIT, 0, 16, r->draw_value.u);
	vkCmdDraw(cmd, 6, 1, 0, 0);
	vkCmdEndRendering(cmd);
	vk_target_layout(cmd, color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(cmd, color, VK_IMAGE_ASPECT_COLOR_BIT, 0, readback->buffer);
	vk_cmd_submit_wait(r->dev, cmd, 0);
	vk_gfx_pipe_destroy(r->dev, &pipe);
}

enum mode { CLEAR_DRAW, BLEND, RESOLVE };

/* Whether @format has 4 samples as an optimal-tiling colour attachment. */
static bool has_4_samples(struct vk_dev *dev, VkFormat format)
{
	VkImageFormatProperties props;

	if (vkGetPhysicalDeviceImageFormatProperties(dev->physical, format, VK_IMAGE_TYPE_2D,
						     VK_IMAGE_TILING_OPTIMAL,
						     VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
						     VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
						     VK_IMAGE_USAGE_TRANSFER_DST_BIT,
						     0, &props) != VK_SUCCESS)
		return false;
	return props.sampleCounts & VK_SAMPLE_COUNT_4_BIT;
}

static void render_every_format(enum mode mode)
{
	static const VkPipelineColorBlendAttachmentState max_blend = {
		.blendEnable = VK_TRUE,
		.srcColorBlendFactor = VK_BLEND_FACTOR_ONE, .dstColorBlendFactor = VK_BLEND_FACTOR_ONE,
		.colorBlendOp = VK_BLEND_OP_MAX,
		.srcAlphaBlendFactor = VK_BLEND_FACTOR_ZERO, .dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
		.alphaBlendOp = VK_BLEND_OP_ADD,
		.colorWriteMask = 0xf,
	};
	const VkFormatFeatureFlags need = VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT |
		(mode == BLEND ? VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT : 0);
	unsigned int failed = 0, rendered = 0, skipped = 0;
	struct vk_buf vertices, readback;
	struct vk_dev dev;

	vk_gfx_dev_create(&dev, NULL);
	vk_buf_create(&dev, 4096, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &vertices);
	vk_buf_create(&dev, W * H * 16, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback);
	for (size_t i = 0; i < FORMAT_COUNT; i++) {
		struct vk_target color, ms;
		struct run r;
		unsigned int wrong;

		if (!run_init(&r, &dev, &formats[i], need, &failed)) {
			skipped++;
			continue;
		}
		if (mode == RESOLVE && !has_4_samples(&dev, formats[i].format)) {
			skipped++;
			continue;
		}
		vk_target_create(&dev, formats[i].format, W, H, 1, VK_SAMPLE_COUNT_1_BIT, &color);
		if (mode == RESOLVE)
			vk_target_create(&dev, formats[i].format, W, H, 1, VK_SAMPLE_COUNT_4_BIT,
					 &ms);
		memset(readback.map, 0xcd, W * H * 16);
		render(&r, &color, mode == RESOLVE ? &ms : NULL, mode == BLEND ? &max_blend : NULL,
		       &vertices, &readback);
		wrong = check_texels(&r, readback.map, mode == BLEND ? "blend" :
				     mode == RESOLVE ? "resolve" : "clear and draw",
				     mode == BLEND ? expect_blend : expect_clear_draw);
		if (wrong)
			printf("# %s: %u of %u texels wrong\n", r.info->name, wrong, W * H);
		failed += wrong != 0;
		rendered++;
		if (mode == RESOLVE)
			vk_target_destroy(&dev, &ms);
		vk_target_destroy(&dev, &color);
	}
	printf("# %u formats rendered, %u not offered by the device%s\n", rendered, skipped,
	       mode == BLEND ? " for blending" : mode == RESOLVE ? " with 4 samples" : "");
	vk_buf_destroy(&dev, &vertices);
	vk_buf_destroy(&dev, &readback);
	vk_dev_destroy(&dev);
	if (failed)
		vk_test_fail(__FILE__, __LINE__, "%u formats failed (listed above)", failed);
	REQUIRE(rendered > 0);
}

VK_TEST(render_formats_clear_draw, "render-formats-clear-draw")
{
	render_every_format(CLEAR_DRAW);
}

VK_TEST(render_formats_blend, "render-formats-blend")
{
	render_every_format(BLEND);
}

VK_TEST(render_formats_resolve, "render-formats-resolve")
{
	render_every_format(RESOLVE);
}
