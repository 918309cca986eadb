/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Fragment shader interfaces: helpers, interpolation, derivatives, demote, views
 *
 * Each test draws into an R32_UINT target (vk_scene) with a shader of
 * shaders/io_*.frag that writes what the rule under test decides, into
 * the colour or into the scene's trace (a storage buffer, one record a
 * pixel), and compares it with the value the specification gives:
 *
 * io-helper-invocation: HelperInvocation through fine derivatives, which
 * a quad computes from all four of its lanes: the covered pixels of a
 * triangle see exactly their neighbours outside it as helpers, and no
 * helper writes.
 *
 * io-centroid, io-interpolate-at-centroid, -at-sample, -at-offset: at 4
 * samples, a triangle whose left edge is at x = 2.75 and bottom at y =
 * 6.75 covers only some samples of the pixels on its edges (column 2's
 * pixel centres are outside it), each pixel in one invocation. The pixel position in pixels (linear on
 * the screen) interpolated with Centroid or at interpolateAtCentroid lies
 * in the pixel and in the primitive (within 1/256); interpolateAtSample(k)
 * is exactly at the standard location of sample k, covered or not;
 * interpolateAtOffset (0.25, -0.375) exactly there from the pixel centre.
 *
 * io-noperspective: a triangle whose vertices have w 1, 4 and 2: the
 * NoPerspective position is exactly the pixel centre (to 1/256), the
 * smooth one (perspective-correct) is not; at 4 samples, its
 * interpolateAtSample and interpolateAtOffset with operands pushed are
 * exactly at the sample and the offset in screen space.
 *
 * io-derivatives-fine, -coarse: derivatives of x y, x x and y y of the
 * pixel position: fine ones exactly from the pixel's own row or column of
 * its quad; coarse ones exact where the function does not depend on the
 * other coordinate, and for x y the value of one of the quad's two rows
 * (coarse may be fine: lavapipe's is).
 *
 * io-implicit-lod: implicit-LOD sampling of a 64 x 64 R32_UINT texture of
 * 7 levels, level L holding 10 + L, nearest filtering and mipmapping, at
 * 1, 2 and 8 texels a pixel: levels 0, 1 and 3 exactly.
 *
 * io-demote: pixels of odd x + y demote: they write no colour and store
 * nothing, but their quad's fine derivatives still see their values, and
 * they are helpers (IsHelperInvocation) to their neighbours.
 *
 * io-terminate-invocation, io-kill: OpTerminateInvocation and OpKill on
 * pixels of odd x + y keep the invocation's earlier stores and make no
 * later store or colour write.
 *
 * io-view-index-multiview: multiview with views 0 and 1 of a two-layer
 * target: each layer holds 10 plus its view's ViewIndex;
 * io-view-index-vertex-multiview: the vertex shader's ViewIndex moves
 * each view's rectangle and is passed on flat.
 */

#include "vk_gfx.h"
#include "vk_image.h"
#include "vk_shaders.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 16
#define H 8

/* Vulkan's standard locations of 4 samples, in pixels. */
static const float sample_x[4] = { 0.375f, 0.875f, 0.125f, 0.625f };
static const float sample_y[4] = { 0.125f, 0.375f, 0.625f, 0.875f };

static const VkPhysicalDeviceFeatures stores = { .fragmentStoresAndAtomics = VK_TRUE };
/* io_interp.frag's interpolateAt* need InterpolationFunction: sampleRateShading. */
static const VkPhysicalDeviceFeatures interp_features = {
	.fragmentStoresAndAtomics = VK_TRUE, .sampleRateShading = VK_TRUE,
};

/* Adds the triangle (@t[0], @t[1]), (@t[2], @t[3]), (@t[4], @t[5]) in pixels at depth @z. */
static void scene_triangle(struct vk_scene *s, const float t[6], float z)
{
	for (int i = 0; i < 3; i++)
		*s->v++ = (struct vk_vtx3) {
			vk_ndc(t[2 * i], s->width), vk_ndc(t[2 * i + 1], s->height), z,
		};
}

/*
 * Pixel centres inside the triangle (1, 1), (1, 7.5), (15.5, 1): x, y >=
 * 1 and (x - 0.5) 6.5 + (y - 0.5) 14.5 < 94.25 (none on the edge).
 */
static bool helper_covered(uint32_t x, uint32_t y)
{
	return x >= 1 && y < H && y >= 1 && 26 * x + 58 * y < 419;
}

/*
 * One triangle inside the viewport (a quad's pixels all belong to one
 * primitive: no clipping splits it), whose quads
 * on every edge are partly outside it. Covered pixels write 4, plus 1 when
 * their horizontal quad neighbour is outside (a helper), plus 2 for the
 * vertical one.
 */
VK_TEST(io_helper_invocation, "io-helper-invocation")
{
	struct vk_scene s;
	struct vk_gfx_pipe p;
	uint32_t expected[W * H] = { 0 };

	vk_scene_init(&s, NULL, W, H, VK_SAMPLE_COUNT_1_BIT, false);
	scene_triangle(&s, (const float[6]){ 1, 1, 1, 7.5f, 15.5f, 1 }, 0.5f);
	const struct vk_gfx_desc d = vk_scene_desc(&s, gfx_pos_vert_spv, gfx_pos_vert_spv_size,
						   io_helper_frag_spv, io_helper_frag_spv_size);
	vk_gfx_pipe_create(&s.dev, &d, &p);
	vk_scene_draw(&s, &p, 1.0f);
	vk_scene_finish(&s);
	for (uint32_t y = 0; y < H; y++)
		for (uint32_t x = 0; x < W; x++)
			if (helper_covered(x, y))
				expected[y * W + x] = 4 | !helper_covered(x ^ 1, y) |
						      !helper_covered(x, y ^ 1) << 1;
	vk_gfx_check_uint(s.readback.map, expected, W, H, "HelperInvocation");
	vk_gfx_pipe_destroy(&s.dev, &p);
	vk_scene_destroy(&s);
}

/* io_interp.frag's record of a pixel: 20 words. */
#define INTERP_WORDS 20

/*
 * The centroid tests' triangle (2.75, 0), (2.75, 6.75), (15.75, 6.75) in
 * pixels, inside the viewport (not split by clipping): left of it x =
 * 2.75, below it y = 6.75; no sample of Vulkan's standard locations lies
 * on its third edge.
 */
static const float interp_tri[6] = { 2.75f, 0, 2.75f, 6.75f, 15.75f, 6.75f };

static bool in_tri(float x, float y)
{
	return x > 2.75f && y < 6.75f && (x - 2.75f) * 6.75f - y * 13 < 0;
}

/* The samples of pixel (@px, @py) inside the centroid tests' triangle (none on an edge). */
static uint32_t interp_coverage(uint32_t px, uint32_t py)
{
	uint32_t mask = 0;

	for (int k = 0; k < 4; k++)
		if (in_tri((float)px + sample_x[k], (float)py + sample_y[k]))
			mask |= 1u << k;
	return mask;
}

/* Draws the centroid tests' triangle at 4 samples with io_interp: every pixel ran once. */
static void interp_draw(struct vk_scene *s)
{
	struct vk_gfx_pipe p;
	uint32_t expected[W * H];

	vk_scene_init(s, &interp_features, W, H, VK_SAMPLE_COUNT_4_BIT, false);
	scene_triangle(s, interp_tri, 1.0f);	/* z is io_interp.vert's w */
	const struct vk_gfx_desc d = vk_scene_desc(s, io_interp_vert_spv, io_interp_vert_spv_size,
						   io_interp_frag_spv, io_interp_frag_spv_size);
	vk_gfx_pipe_create(&s->dev, &d, &p);
	vk_scene_draw(s, &p, 1.0f);
	vk_scene_finish(s);
	vk_gfx_pipe_destroy(&s->dev, &p);
	for (uint32_t i = 0; i < W * H; i++)
		expected[i] = interp_coverage(i % W, i / W) != 0;
	vk_scene_check_trace(s, INTERP_WORDS, 0, expected, "invocations");
}

/*
 * Words @word and @word + 1 of each covered pixel: a location (1/256
 * pixel) inside the pixel and inside the triangle, within 1/256.
 */
static void check_centroid(const struct vk_scene *s, uint32_t word, const char *what)
{
	const uint32_t *pixel = vk_scene_pixels(s);
	unsigned int wrong = 0, off_centre = 0;

	for (uint32_t py = 0; py < H; py++)
		for (uint32_t px = 0; px < W; px++) {
			const uint32_t *w = pixel + INTERP_WORDS * (py * W + px) + word;
			const float x = (float)w[0] / 256.0f, y = (float)w[1] / 256.0f;
			const float e = 1.0f / 256.0f;
			const bool in_pixel = x >= (float)px - e && x <= (float)px + 1 + e &&
					      y >= (float)py - e && y <= (float)py + 1 + e;
			const bool in_primitive = in_tri(x + e, y) || in_tri(x, y - e) ||
						  in_tri(x + e, y - e) || in_tri(x, y);

			if (!interp_coverage(px, py))
				continue;
			off_centre += w[0] != px * 256 + 128 || w[1] != py * 256 + 128;
			if ((!in_pixel || !in_primitive) && !wrong++)
				printf("# %s of pixel (%u, %u) at (%g, %g)\n", what, px, py, x, y);
		}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%s: %u pixels outside", what, wrong);
	/* Column 2's centres are outside the triangle: at least those moved. */
	REQUIRE(off_centre >= 6);
}

VK_TEST(io_centroid, "io-centroid")
{
	struct vk_scene s;

	interp_draw(&s);
	check_centroid(&s, 1, "Centroid input");
	vk_scene_destroy(&s);
}

VK_TEST(io_interpolate_at_centroid, "io-interpolate-at-centroid")
{
	struct vk_scene s;

	interp_draw(&s);
	check_centroid(&s, 3, "interpolateAtCentroid");
	vk_scene_destroy(&s);
}

VK_TEST(io_interpolate_at_sample, "io-interpolate-at-sample")
{
	uint32_t expected[W * H];
	struct vk_scene s;

	interp_draw(&s);
	for (uint32_t k = 0; k < 4; k++) {
		char what[64];

		for (uint32_t c = 0; c < 2; c++) {
			const float at = c ? sample_y[k] : sample_x[k];

			for (uint32_t i = 0; i < W * H; i++)
				expected[i] = !interp_coverage(i % W, i / W) ? 0 :
					      (c ? i / W : i % W) * 256 + (uint32_t)(at * 256.0f);
			snprintf(what, sizeof(what), "interpolateAtSample(%u).%c", k, "xy"[c]);
			vk_scene_check_trace(&s, INTERP_WORDS, 5 + 2 * k + c, expected, what);
		}
	}
	vk_scene_destroy(&s);
}

VK_TEST(io_interpolate_at_offset, "io-interpolate-at-offset")
{
	uint32_t expected_x[W * H], expected_y[W * H];
	struct vk_scene s;

	interp_draw(&s);
	for (uint32_t i = 0; i < W * H; i++) {
		const bool ran = interp_coverage(i % W, i / W) != 0;

		expected_x[i] = ran ? (i % W) * 256 + 128 + 64 : 0;
		expected_y[i] = ran ? (i / W) * 256 + 128 - 96 : 0;
	}
	vk_scene_check_trace(&s, INTERP_WORDS, 13, expected_x, "interpolateAtOffset x");
	vk_scene_check_trace(&s, INTERP_WORDS, 14, expected_y, "interpolateAtOffset y");
	vk_scene_destroy(&s);
}

/*
 * The triangle (0, 0), (16, 0), (0, 8) in pixels with w 1, 4, 2: pixel
 * centres inside it are those of x + 2 y < 14.5 (none on an edge).
 */
VK_TEST(io_noperspective, "io-noperspective")
{
	static const float tri[3][3] = { { 0, 0, 1 }, { 16, 0, 4 }, { 0, 8, 2 } };
	const uint32_t *pixel;
	uint32_t expected[W * H], smooth_off = 0;
	struct vk_scene s;
	struct vk_gfx_pipe p;

	vk_scene_init(&s, &interp_features, W, H, VK_SAMPLE_COUNT_1_BIT, false);
	for (int i = 0; i < 3; i++)
		*s.v++ = (struct vk_vtx3) { vk_ndc(tri[i][0], W), vk_ndc(tri[i][1], H), tri[i][2] };
	const struct vk_gfx_desc d = vk_scene_desc(&s, io_interp_vert_spv, io_interp_vert_spv_size,
						   io_interp_frag_spv, io_interp_frag_spv_size);
	vk_gfx_pipe_create(&s.dev, &d, &p);
	vk_scene_draw(&s, &p, 1.0f);
	vk_scene_finish(&s);
	for (uint32_t i = 0; i < W * H; i++)
		expected[i] = i % W + 2 * (i / W) <= 14;
	vk_scene_check_trace(&s, INTERP_WORDS, 0, expected, "invocations");
	for (uint32_t c = 0; c < 2; c++) {
		for (uint32_t i = 0; i < W * H; i++)
			expected[i] = !expected[i] ? 0 : (c ? i / W : i % W) * 256 + 128;
		vk_scene_check_trace(&s, INTERP_WORDS, 15 + c, expected,
				     c ? "noperspective y" : "noperspective x");
		for (uint32_t i = 0; i < W * H; i++)
			expected[i] = expected[i] != 0;
	}
	pixel = vk_scene_pixels(&s);
	for (uint32_t i = 0; i < W * H; i++) {
		const uint32_t *w = pixel + INTERP_WORDS * i;

		if (expected[i] && (abs((int)w[17] - (int)(i % W * 256 + 128)) > 16 ||
				    abs((int)w[18] - (int)(i / W * 256 + 128)) > 16))
			smooth_off++;
	}
	/* The perspective-correct input is off the centre by more than 1/16 pixel somewhere. */
	printf("# smooth input off the centre in %u pixels\n", smooth_off);
	REQUIRE(smooth_off > 10);
	vk_gfx_pipe_destroy(&s.dev, &p);
	vk_scene_destroy(&s);
}

/*
 * interpolateAtSample and interpolateAtOffset of a NoPerspective input
 * with the sample (2) and the offset (-0.25, 0.375) pushed, on the
 * noperspective test's triangle (w 1, 4, 2) at 4 samples: exactly at
 * sample 2's standard location and at the offset from the centre, in
 * screen space (to 1/256), in every pixel with a covered sample.
 */
VK_TEST(io_interpolate_at_dynamic, "io-interpolate-at-sample-offset-noperspective-dynamic")
{
	static const float tri[3][3] = { { 0, 0, 1 }, { 16, 0, 4 }, { 0, 8, 2 } };
	const struct { int32_t k; float pad; float offset[2]; } push = { 2, 0, { -0.25f, 0.375f } };
	uint32_t ran[W * H], expected[W * H];
	struct vk_scene s;
	struct vk_gfx_pipe p;

	vk_scene_init(&s, &interp_features, W, H, VK_SAMPLE_COUNT_4_BIT, false);
	for (int i = 0; i < 3; i++)
		*s.v++ = (struct vk_vtx3) { vk_ndc(tri[i][0], W), vk_ndc(tri[i][1], H), tri[i][2] };
	struct vk_gfx_desc d = vk_scene_desc(&s, io_interp_vert_spv, io_interp_vert_spv_size,
					     io_interp_dynamic_frag_spv,
					     io_interp_dynamic_frag_spv_size);
	d.push_size = 24;
	vk_gfx_pipe_create(&s.dev, &d, &p);
	vk_scene_begin(&s, &p, 1.0f);
	vkCmdPushConstants(s.cmd, p.layout, VK_SHADER_STAGE_VERTEX_BIT |
			   VK_SHADER_STAGE_FRAGMENT_BIT, 8, sizeof(push), &push);
	vkCmdDraw(s.cmd, 3, 1, 0, 0);
	vkCmdEndRendering(s.cmd);
	vk_scene_finish(&s);
	/* Samples inside: x + 2 y < 16 (none on the edge: x, y are odd eighths). */
	for (uint32_t i = 0; i < W * H; i++) {
		ran[i] = 0;
		for (int k = 0; k < 4; k++)
			ran[i] |= (float)(i % W) + sample_x[k] + 2 * ((float)(i / W) + sample_y[k]) <
				  16.0f;
	}
	vk_scene_check_trace(&s, 5, 0, ran, "invocations");
	for (uint32_t c = 0; c < 4; c++) {
		static const char *const what[4] = {
			"interpolateAtSample x", "interpolateAtSample y",
			"interpolateAtOffset x", "interpolateAtOffset y",
		};
		const float at = c == 0 ? sample_x[2] : c == 1 ? sample_y[2] :
				 0.5f + push.offset[c - 2];

		for (uint32_t i = 0; i < W * H; i++)
			expected[i] = !ran[i] ? 0 :
				      (c % 2 ? i / W : i % W) * 256 + (uint32_t)(at * 256.0f);
		vk_scene_check_trace(&s, 5, 1 + c, expected, what[c]);
	}
	vk_gfx_pipe_destroy(&s.dev, &p);
	vk_scene_destroy(&s);
}

/* Draws the whole target with io_derivatives (5 words a pixel). */
static void derivatives_draw(struct vk_scene *s)
{
	struct vk_gfx_pipe p;

	vk_scene_init(s, &stores, W, H, VK_SAMPLE_COUNT_1_BIT, false);
	vk_scene_rect(s, 0, 0, W, H, 0.5f);
	const struct vk_gfx_desc d = vk_scene_desc(s, io_pixel_vert_spv, io_pixel_vert_spv_size,
						   io_derivatives_frag_spv,
						   io_derivatives_frag_spv_size);
	vk_gfx_pipe_create(&s->dev, &d, &p);
	vk_scene_draw(s, &p, 1.0f);
	vk_scene_finish(s);
	vk_gfx_pipe_destroy(&s->dev, &p);
}

/* At the centre (x + 0.5, y + 0.5): dFdxFine(x y) = y + 0.5, dFdyFine(x y) = x + 0.5. */
VK_TEST(io_derivatives_fine, "io-derivatives-fine")
{
	uint32_t dx[W * H], dy[W * H];
	struct vk_scene s;

	derivatives_draw(&s);
	for (uint32_t i = 0; i < W * H; i++) {
		dx[i] = 2 * (i / W) + 1;
		dy[i] = 2 * (i % W) + 1;
	}
	vk_scene_check_trace(&s, 5, 0, dx, "2 dFdxFine(x y)");
	vk_scene_check_trace(&s, 5, 1, dy, "2 dFdyFine(x y)");
	vk_scene_destroy(&s);
}

/*
 * In the quad of columns 2i, 2i + 1: dFdxCoarse(x x) = (2i + 1.5)^2 - (2i
 * + 0.5)^2 = 4i + 2 whichever row, and dFdyCoarse(y y) likewise; the
 * coarse dFdx(x y) is one of the quad's rows' y + 0.5.
 */
VK_TEST(io_derivatives_coarse, "io-derivatives-coarse")
{
	uint32_t dx[W * H], dy[W * H];
	const uint32_t *pixel;
	struct vk_scene s;

	derivatives_draw(&s);
	for (uint32_t i = 0; i < W * H; i++) {
		dx[i] = 2 * (4 * (i % W / 2) + 2);
		dy[i] = 2 * (4 * (i / W / 2) + 2);
	}
	vk_scene_check_trace(&s, 5, 2, dx, "2 dFdxCoarse(x x)");
	vk_scene_check_trace(&s, 5, 3, dy, "2 dFdyCoarse(y y)");
	pixel = vk_scene_pixels(&s);
	for (uint32_t y = 0; y < H; y += 2)
		for (uint32_t x = 0; x < W; x += 2) {
			for (uint32_t i = 0; i < 4; i++) {
				const uint32_t v = pixel[5 * ((y + i / 2) * W + x + i % 2) + 4];

				if (v != 2 * y + 1 && v != 2 * y + 3)
					vk_test_fail(__FILE__, __LINE__,
						     "pixel (%u, %u): 2 dFdxCoarse(x y) %u",
						     x + i % 2, y + i / 2, v);
			}
		}
	vk_scene_destroy(&s);
}

/* Rows [0, 2), [2, 4) and [4, 8) at 1, 2 and 8 texels a pixel: levels 0, 1 and 3. */
VK_TEST(io_implicit_lod, "io-implicit-lod")
{
	static const float scales[3] = { 1.0f, 2.0f, 8.0f };
	static const uint32_t rows[4] = { 0, 2, 4, 8 };
	const VkDescriptorSetLayoutBinding bindings[2] = {
		{ 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
		  VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, NULL },
		{ 1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT,
		  NULL },
	};
	const VkDescriptorSetLayoutCreateInfo layout_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
		.bindingCount = 2, .pBindings = bindings,
	};
	const VkDescriptorPoolSize sizes[2] = {
		{ VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1 },
		{ VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1 },
	};
	const VkDescriptorPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.maxSets = 1, .poolSizeCount = 2, .pPoolSizes = sizes,
	};
	const VkSamplerCreateInfo sampler_info = {
		.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
		.magFilter = VK_FILTER_NEAREST, .minFilter = VK_FILTER_NEAREST,
		.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
		.addressModeU = VK_SAMPLER_ADDRESS_MODE_REPEAT,
		.addressModeV = VK_SAMPLER_ADDRESS_MODE_REPEAT,
		.addressModeW = VK_SAMPLER_ADDRESS_MODE_REPEAT,
		.maxLod = VK_LOD_CLAMP_NONE,
	};
	const struct vk_img_want want = {
		.fmt = vk_format_find(VK_FORMAT_R32_UINT), .type = VK_IMAGE_TYPE_2D,
		.tiling = VK_IMAGE_TILING_OPTIMAL, .width = 64, .height = 64, .depth = 1,
		.levels = 7, .layers = 1,
		.usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
		.features = VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT,
	};
	uint32_t expected[W * H];
	struct vk_scene s;
	struct vk_gfx_pipe p;
	struct vk_img tex;
	VkImageView view;
	VkSampler sampler;
	VkDescriptorSetLayout set_layout;
	VkDescriptorPool pool;
	VkDescriptorSet set;

	vk_scene_init(&s, NULL, W, H, VK_SAMPLE_COUNT_1_BIT, false);
	if (!vk_img_create(&s.dev, &want, &tex)) {
		vk_scene_destroy(&s);
		vk_test_skip("no sampled 64 x 64 R32_UINT with 7 levels");
	}
	REQUIRE_EQ(tex.info.mipLevels, 7u);
	const VkImageViewCreateInfo view_info = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
		.image = tex.image, .viewType = VK_IMAGE_VIEW_TYPE_2D,
		.format = VK_FORMAT_R32_UINT,
		.subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 7, 0, 1 },
	};
	VK_CHECK(vkCreateImageView(s.dev.device, &view_info, NULL, &view));
	VK_CHECK(vkCreateSampler(s.dev.device, &sampler_info, NULL, &sampler));
	VK_CHECK(vkCreateDescriptorSetLayout(s.dev.device, &layout_info, NULL, &set_layout));
	VK_CHECK(vkCreateDescriptorPool(s.dev.device, &pool_info, NULL, &pool));
	const VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = pool, .descriptorSetCount = 1, .pSetLayouts = &set_layout,
	};
	VK_CHECK(vkAllocateDescriptorSets(s.dev.device, &alloc, &set));
	const VkDescriptorBufferInfo buffer_info = { s.trace.buffer, 0, VK_WHOLE_SIZE };
	const VkDescriptorImageInfo image_info = {
		sampler, view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
	};
	const VkWriteDescriptorSet writes[2] = {
		{ .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set, .dstBinding = 0,
		  .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
		  .pBufferInfo = &buffer_info },
		{ .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set, .dstBinding = 1,
		  .descriptorCount = 1,
		  .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
		  .pImageInfo = &image_info },
	};
	vkUpdateDescriptorSets(s.dev.device, 2, writes, 0, NULL);

	vk_img_transition(s.cmd, &tex, VK_IMAGE_LAYOUT_UNDEFINED,
			  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
	for (uint32_t l = 0; l < 7; l++) {
		const VkClearColorValue value = { .uint32 = { 10 + l } };
		const VkImageSubresourceRange range = { VK_IMAGE_ASPECT_COLOR_BIT, l, 1, 0, 1 };

		vkCmdClearColorImage(s.cmd, tex.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &value,
				     1, &range);
	}
	vk_img_transition(s.cmd, &tex, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
			  VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
	for (int r = 0; r < 3; r++)
		vk_scene_rect(&s, 0, (float)rows[r], W, (float)rows[r + 1], 0.5f);
	struct vk_gfx_desc d = vk_scene_desc(&s, io_pixel_vert_spv, io_pixel_vert_spv_size,
					     io_lod_frag_spv, io_lod_frag_spv_size);
	d.push_size = 12;
	d.set_layout = set_layout;
	vk_gfx_pipe_create(&s.dev, &d, &p);
	s.set = set;
	vk_scene_begin(&s, &p, 1.0f);
	for (uint32_t r = 0; r < 3; r++) {
		vkCmdPushConstants(s.cmd, p.layout, VK_SHADER_STAGE_VERTEX_BIT |
				   VK_SHADER_STAGE_FRAGMENT_BIT, 8, 4, &scales[r]);
		vkCmdDraw(s.cmd, 6, 1, 6 * r, 0);
	}
	vkCmdEndRendering(s.cmd);
	vk_scene_finish(&s);
	vk_gfx_fill(expected, W, 0, 0, W, 2, 10);
	vk_gfx_fill(expected, W, 0, 2, W, 4, 11);
	vk_gfx_fill(expected, W, 0, 4, W, 8, 13);
	vk_gfx_check_uint(s.readback.map, expected, W, H, "level sampled");
	vk_gfx_pipe_destroy(&s.dev, &p);
	vkDestroyDescriptorPool(s.dev.device, pool, NULL);
	vkDestroyDescriptorSetLayout(s.dev.device, set_layout, NULL);
	vkDestroySampler(s.dev.device, sampler, NULL);
	vkDestroyImageView(s.dev.device, view, NULL);
	vk_img_destroy(&s.dev, &tex);
	vk_scene_destroy(&s);
}

/* A scene whose device has fragment stores and @f13's features. */
static void scene_init_13(struct vk_scene *s, VkPhysicalDeviceVulkan13Features *f13)
{
	const struct vk_dev_options options = { .core = stores, .features = f13 };

	f13->sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES;
	vk_scene_init_options(s, &options, W, H, 1, VK_SAMPLE_COUNT_1_BIT, false);
}

/*
 * The whole target, pixels of odd x + y demoted: the others write 2
 * dFdxFine(x x) = 8 (x / 2) + 4 with bit 8 (their neighbour is a helper),
 * and store 1.
 */
VK_TEST(io_demote, "io-demote")
{
	VkPhysicalDeviceVulkan13Features f13 = { .shaderDemoteToHelperInvocation = VK_TRUE };
	uint32_t expected[W * H], stored[W * H];
	struct vk_scene s;
	struct vk_gfx_pipe p;

	scene_init_13(&s, &f13);
	vk_scene_rect(&s, 0, 0, W, H, 0.5f);
	const struct vk_gfx_desc d = vk_scene_desc(&s, io_pixel_vert_spv, io_pixel_vert_spv_size,
						   io_demote_frag_spv, io_demote_frag_spv_size);
	vk_gfx_pipe_create(&s.dev, &d, &p);
	vk_scene_draw(&s, &p, 1.0f);
	vk_scene_finish(&s);
	for (uint32_t i = 0; i < W * H; i++) {
		const bool kept = ((i % W) ^ (i / W)) % 2 == 0;

		expected[i] = kept ? (8 * (i % W / 2) + 4) | 1u << 8 : 0;
		stored[i] = kept;
	}
	vk_gfx_check_uint(s.readback.map, expected, W, H, "colour");
	vk_scene_check_trace(&s, 1, 0, stored, "stores");
	vk_gfx_pipe_destroy(&s.dev, &p);
	vk_scene_destroy(&s);
}

/* [1, 13) x [1, 7), odd x + y terminated after the first store. */
static void terminate_test(const uint32_t *fs, size_t fs_size, bool terminate)
{
	VkPhysicalDeviceVulkan13Features f13 = { .shaderTerminateInvocation = terminate };
	uint32_t before[W * H] = { 0 }, after[W * H] = { 0 };
	struct vk_scene s;
	struct vk_gfx_pipe p;

	scene_init_13(&s, &f13);
	vk_scene_rect(&s, 1, 1, 13, 7, 0.5f);
	const struct vk_gfx_desc d = vk_scene_desc(&s, gfx_pos_vert_spv, gfx_pos_vert_spv_size,
						   fs, fs_size);
	vk_gfx_pipe_create(&s.dev, &d, &p);
	vk_scene_draw(&s, &p, 1.0f);
	vk_scene_finish(&s);
	vk_gfx_fill(before, W, 1, 1, 13, 7, 1);
	for (uint32_t i = 0; i < W * H; i++)
		after[i] = before[i] && ((i % W) ^ (i / W)) % 2 == 0;
	vk_gfx_check_uint(s.readback.map, after, W, H, "colour");
	vk_scene_check_trace(&s, 2, 0, before, "stores before");
	vk_scene_check_trace(&s, 2, 1, after, "stores after");
	vk_gfx_pipe_destroy(&s.dev, &p);
	vk_scene_destroy(&s);
}

VK_TEST(io_terminate_invocation, "io-terminate-invocation")
{
	terminate_test(io_terminate_frag_spv, io_terminate_frag_spv_size, true);
}

VK_TEST(io_kill, "io-kill")
{
	terminate_test(io_kill_frag_spv, io_kill_frag_spv_size, false);
}

/*
 * Views 0 and 1 of a two-layer target, the rectangle [2, 10) x [1, 5)
 * drawn by @vs (moved by @shift pixels a view) and @fs, which write @base
 * plus the view index.
 */
static void view_index_test(const uint32_t *vs, size_t vs_size, const uint32_t *fs,
			    size_t fs_size, uint32_t shift, uint32_t base)
{
	VkPhysicalDeviceMultiviewFeatures multiview = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTIVIEW_FEATURES,
		.multiview = VK_TRUE,
	};
	const struct vk_dev_options options = { .features = &multiview };
	uint32_t expected[W * H];
	struct vk_scene s;
	struct vk_gfx_pipe p;

	vk_scene_init_options(&s, &options, W, H, 2, VK_SAMPLE_COUNT_1_BIT, false);
	s.view_mask = 0x3;
	vk_scene_rect(&s, 2, 1, 10, 5, 0.5f);
	const struct vk_gfx_desc d = vk_scene_desc(&s, vs, vs_size, fs, fs_size);
	vk_gfx_pipe_create(&s.dev, &d, &p);
	vk_scene_draw(&s, &p, 1.0f);
	vk_scene_finish(&s);
	for (uint32_t l = 0; l < 2; l++) {
		vk_gfx_fill(expected, W, 0, 0, W, H, 0);
		vk_gfx_fill(expected, W, 2 + shift * l, 1, 10 + shift * l, 5, base + l);
		vk_gfx_check_uint((const uint32_t *)s.readback.map + W * H * l, expected, W, H,
				  l ? "layer 1" : "layer 0");
	}
	vk_gfx_pipe_destroy(&s.dev, &p);
	vk_scene_destroy(&s);
}

VK_TEST(io_view_index, "io-view-index-multiview")
{
	view_index_test(gfx_pos_vert_spv, gfx_pos_vert_spv_size, io_view_index_frag_spv,
			io_view_index_frag_spv_size, 0, 10);
}

/* ViewIndex in the vertex shader: view 1's rectangle is 4 pixels further right. */
VK_TEST(io_view_index_vertex, "io-view-index-vertex-multiview")
{
	view_index_test(io_view_index_vert_spv, io_view_index_vert_spv_size, gfx_uint_frag_spv,
			gfx_uint_frag_spv_size, 4, 20);
}
