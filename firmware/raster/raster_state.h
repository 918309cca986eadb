/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: 3D back end state and the rasterization rules it guarantees
 *
 * The back end of ember-gpu's 3D pipeline (rasterizer + fragment
 * operations) works from the plain structs below. They are the device's
 * own view of the state; the contract's state blocks (issue 13) fill them.
 * Every enum uses Vulkan's numeric values, so a state block may carry the
 * API's values unchanged. ember_backend_state_check() says whether a state
 * is valid; the operations never misbehave on an invalid one (an unknown
 * op acts as the value 0 of its enum: KEEP, NEVER, ZERO, ADD, CLEAR).
 *
 * The rules the device guarantees (for Documentation/gpu/ember-hw.rst):
 *
 * R1 Sub-pixel precision. Framebuffer coordinates are snapped to a grid
 *    of 1/256 pixel (EMBER_SUBPIXEL_BITS = 8, subPixelPrecisionBits = 8),
 *    rounding to nearest, ties to even, after the viewport transform
 *    x_f = x + w/2 + (w/2) x_c/w_c, y_f = y + h/2 + (h/2) y_c/w_c (h may be
 *    negative), z_f = minDepth + (maxDepth - minDepth) z_c/w_c.
 *
 * R2 Guard band. Snapped coordinates lie in [-EMBER_GUARD_BAND,
 *    +EMBER_GUARD_BAND] = [-16384, 16384] pixels. Primitives are clipped in
 *    clip space against the guard band's four planes, against w > 0,
 *    when depth clipping is enabled against 0 <= z_c <= w_c, and against
 *    each clip distance (struct ember_clip_distances: inside where the
 *    distance, linear in clip space like the position, is >= 0; NaN is
 *    outside); clipping never moves a vertex that is already inside. Edge functions are
 *    evaluated exactly in 64-bit integers (|coordinate| <= 2^22 in 1/256
 *    units, |product| < 2^47): nothing in the fixed-point math overflows.
 *    A primitive with a non-finite coordinate (NaN, inf), or with a
 *    viewport that is not finite, produces no fragments.
 *
 * R3 Coverage. A sample is covered by a triangle when it lies inside all
 *    three edges. A sample exactly on an edge is covered only when that
 *    edge is a top edge (horizontal, the triangle below it, y pointing
 *    down) or a left edge (the triangle to its right): equivalently, the
 *    sample moved by (+d, +e), 0 < e << d << 1/256, lies strictly inside.
 *    Two triangles sharing an edge (the same two snapped vertices) never
 *    both cover, and never both miss, a sample on it, whatever their
 *    windings. Triangles of zero snapped area produce nothing.
 *
 * R4 Sample locations: the standard locations of Vulkan, 1 sample at
 *    (0.5, 0.5); 4 samples at (0.375, 0.125), (0.875, 0.375),
 *    (0.125, 0.625), (0.625, 0.875) — all exact on the 1/256 grid.
 *
 * R5 Facing and culling. The signed area a = -1/2 sum(x_i y_{i+1} -
 *    x_{i+1} y_i) of the snapped vertices decides facing: a > 0 is
 *    counter-clockwise. Cull modes NONE, FRONT, BACK, FRONT_AND_BACK.
 *
 * R6 Quads and order. Fragments come in 2x2 quads aligned to even pixel
 *    coordinates; a quad is emitted when at least one of its samples is
 *    covered; its uncovered pixels are helper invocations. Within one
 *    primitive, quads come in rows top to bottom, each row left to right
 *    (a primitive clipped into several triangles: triangle by triangle, in
 *    fan order). Rasterization order: a draw works on one rectangle (a
 *    tile) at a time and touches no pixel outside it; within it,
 *    primitives go in submission order, each finished before the next.
 *    Tiles may be spread over cores (one tile, one core): the fragments
 *    touching any one sample are still processed in primitive order, and
 *    the result is the same as drawing the whole framebuffer at once.
 *
 * R7 Interpolation. Barycentrics are given relative to the primitive's
 *    three vertices, at pixel centres: perspective-correct (smooth) and
 *    linear in screen space (noperspective). Flat attributes come from the
 *    provoking vertex: the first or the last vertex. Depth z_f is linear in
 *    screen space, evaluated at every sample location. Clipped primitives
 *    keep barycentrics relative to their original vertices (noperspective
 *    ones are then exact only where clipping did not cut the primitive);
 *    a helper pixel whose 1/w extrapolates to <= 0 gets the linear ones.
 *
 * R8 Depth bias. o = m * slopeFactor + r * constantFactor, m =
 *    sqrt((dz/dx)^2 + (dz/dy)^2) of the primitive; r = 2^-16 for D16_UNORM,
 *    2^-24 for D24_UNORM_S8_UINT, 2^(e-23) for D32_SFLOAT with e the
 *    exponent of the primitive's largest |z|. Clamp c: o = min(o, c) when
 *    c > 0, max(o, c) when c < 0, unchanged when c = 0 or NaN.
 *
 * R9 Depth clip and clamp. depth_clip_enable clips to 0 <= z_c <= w_c
 *    (-w_c <= z_c <= w_c with depth_negative_one_to_one, whose viewport
 *    transform maps z_c/w_c = -1 to minDepth and 1 to maxDepth: z_f =
 *    (minDepth + maxDepth)/2 + (maxDepth - minDepth)/2 z_c/w_c);
 *    depth_clamp_enable clamps every fragment depth (interpolated or
 *    written by the shader) to [min(minDepth, maxDepth), max(...)] before
 *    the depth tests. Depth is always clamped to [0, 1] when it is
 *    converted to a UNORM depth format (round to nearest); D32_SFLOAT
 *    keeps the value as it is. Depth bounds compare the stored depth.
 *
 * R10 Fragment operations run in Vulkan's order: scissor, sample mask,
 *    fragment shader, multisample coverage (alpha to coverage, then alpha
 *    to one), depth bounds, stencil, depth, sample counting, blending,
 *    logic op, colour write mask. With early fragment tests, depth bounds
 *    to sample counting run before the shader. Alpha to coverage keeps
 *    samples 0..n-1, n = floor(alpha * samples + 1/2) with alpha clamped
 *    to [0, 1] (NaN counts as 0): no dithering, one pattern. Alpha to one
 *    sets every non-integer output's alpha to 1. Sample counting counts
 *    exactly the samples that pass (precise occlusion queries). Stencil
 *    values, references and masks are 8-bit (the low byte is used).
 *
 * R13 Colour. Blending works on decoded values (sRGB in linear space);
 *    for UNORM and sRGB targets the source, dual source and constants are
 *    first clamped to [0, 1]; integer targets never blend. With logic ops
 *    enabled, no target blends; UNORM and integer targets apply the op to
 *    their stored codes, float and sRGB targets take the source as it is.
 *    The write mask applies last. The resolve averages float, UNORM and
 *    sRGB (in linear space) samples and takes sample 0 of integer ones.
 *
 * R11 Lines: Vulkan's non-strict lines of width w (the rasterizer
 *    state's line_width clamped to [1, EMBER_LINE_WIDTH_MAX], NaN counts
 *    as 1; w/2 snapped to the 1/256 grid): the parallelogram whose short
 *    sides, w pixels long, are parallel to the minor axis (end points
 *    moved by +-w/2 pixel in y when |dx| >= |dy|, in x otherwise), covered
 *    by R3's rule. Strip joints with the same major axis draw no sample
 *    twice. A zero-length line draws nothing. No depth bias.
 *
 * R12 Points: the square of side PointSize in [1, EMBER_POINT_SIZE_MAX]
 *    (half the side snapped to the 1/256 grid) centred on the vertex; a
 *    sample is covered when left <= x < right and top <= y < bottom. A
 *    point whose vertex is outside a clip plane is dropped; its square may
 *    cross the framebuffer's edge. PointCoord is (0, 0) at the square's
 *    top-left corner. Lines and points are front-facing and never culled.
 *
 * Memory layout of a render target as the back end sees it: sample s of
 * pixel (x, y) is at base + (y - origin_y) * row_pitch + ((x - origin_x) *
 * samples + s) * texel size (origin 0, 0 unless the target is a window).
 * D24_UNORM_S8_UINT is one 32-bit word: depth in bits 0-23, stencil in
 * bits 24-31.
 */

#ifndef EMBER_RASTER_STATE_H
#define EMBER_RASTER_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define EMBER_SUBPIXEL_BITS	8
#define EMBER_SUBPIXEL_ONE	(1 << EMBER_SUBPIXEL_BITS)
#define EMBER_GUARD_BAND	16384
#define EMBER_MAX_SAMPLES	4
#define EMBER_MAX_COLOR_TARGETS	8
#define EMBER_POINT_SIZE_MAX	64.0f
#define EMBER_LINE_WIDTH_MAX	64.0f

/* VkCullModeFlagBits, VkFrontFace, VkProvokingVertexModeEXT. */
enum ember_cull_mode { EMBER_CULL_NONE, EMBER_CULL_FRONT, EMBER_CULL_BACK,
		       EMBER_CULL_FRONT_AND_BACK };
enum ember_front_face { EMBER_FRONT_CCW, EMBER_FRONT_CW };
enum ember_provoking_vertex { EMBER_PROVOKING_FIRST, EMBER_PROVOKING_LAST };

/* VkCompareOp. */
enum ember_compare_op { EMBER_COMPARE_NEVER, EMBER_COMPARE_LESS,
	EMBER_COMPARE_EQUAL, EMBER_COMPARE_LESS_OR_EQUAL, EMBER_COMPARE_GREATER,
	EMBER_COMPARE_NOT_EQUAL, EMBER_COMPARE_GREATER_OR_EQUAL,
	EMBER_COMPARE_ALWAYS, EMBER_COMPARE_COUNT };

/* VkStencilOp. */
enum ember_stencil_op { EMBER_STENCIL_KEEP, EMBER_STENCIL_ZERO,
	EMBER_STENCIL_REPLACE, EMBER_STENCIL_INCREMENT_AND_CLAMP,
	EMBER_STENCIL_DECREMENT_AND_CLAMP, EMBER_STENCIL_INVERT,
	EMBER_STENCIL_INCREMENT_AND_WRAP, EMBER_STENCIL_DECREMENT_AND_WRAP,
	EMBER_STENCIL_OP_COUNT };

/* VkBlendFactor. */
enum ember_blend_factor { EMBER_BF_ZERO, EMBER_BF_ONE, EMBER_BF_SRC_COLOR,
	EMBER_BF_ONE_MINUS_SRC_COLOR, EMBER_BF_DST_COLOR,
	EMBER_BF_ONE_MINUS_DST_COLOR, EMBER_BF_SRC_ALPHA,
	EMBER_BF_ONE_MINUS_SRC_ALPHA, EMBER_BF_DST_ALPHA,
	EMBER_BF_ONE_MINUS_DST_ALPHA, EMBER_BF_CONSTANT_COLOR,
	EMBER_BF_ONE_MINUS_CONSTANT_COLOR, EMBER_BF_CONSTANT_ALPHA,
	EMBER_BF_ONE_MINUS_CONSTANT_ALPHA, EMBER_BF_SRC_ALPHA_SATURATE,
	EMBER_BF_SRC1_COLOR, EMBER_BF_ONE_MINUS_SRC1_COLOR,
	EMBER_BF_SRC1_ALPHA, EMBER_BF_ONE_MINUS_SRC1_ALPHA,
	EMBER_BF_COUNT };

/* VkBlendOp (the core ones). */
enum ember_blend_op { EMBER_BLEND_ADD, EMBER_BLEND_SUBTRACT,
	EMBER_BLEND_REVERSE_SUBTRACT, EMBER_BLEND_MIN, EMBER_BLEND_MAX,
	EMBER_BLEND_OP_COUNT };

/* VkLogicOp. */
enum ember_logic_op { EMBER_LOGIC_CLEAR, EMBER_LOGIC_AND,
	EMBER_LOGIC_AND_REVERSE, EMBER_LOGIC_COPY, EMBER_LOGIC_AND_INVERTED,
	EMBER_LOGIC_NO_OP, EMBER_LOGIC_XOR, EMBER_LOGIC_OR, EMBER_LOGIC_NOR,
	EMBER_LOGIC_EQUIVALENT, EMBER_LOGIC_INVERT, EMBER_LOGIC_OR_REVERSE,
	EMBER_LOGIC_COPY_INVERTED, EMBER_LOGIC_OR_INVERTED, EMBER_LOGIC_NAND,
	EMBER_LOGIC_SET, EMBER_LOGIC_OP_COUNT };

/* VkColorComponentFlagBits. */
#define EMBER_WRITE_R	0x1u
#define EMBER_WRITE_G	0x2u
#define EMBER_WRITE_B	0x4u
#define EMBER_WRITE_A	0x8u
#define EMBER_WRITE_ALL	0xfu

/*
 * The formats a render target of the back end may have: the colour ones
 * (EMBER_RT_COLOR_FIRST..EMBER_RT_COLOR_LAST, each a VkFormat of
 * ember-hw.rst "Render target formats", raster_format.c's table), then
 * the depth/stencil ones.
 */
enum ember_rt_format {
	EMBER_RT_NONE,
	EMBER_RT_R8G8B8A8_UNORM,
	EMBER_RT_R8G8B8A8_SRGB,
	EMBER_RT_R32G32B32A32_SFLOAT,
	EMBER_RT_R16G16B16A16_SFLOAT,
	EMBER_RT_R32_UINT,
	/* Since contract 1.12 (CAPS.RENDER_FORMATS). */
	EMBER_RT_R5G6B5_UNORM_PACK16,
	EMBER_RT_A1R5G5B5_UNORM_PACK16,
	EMBER_RT_R8_UNORM,
	EMBER_RT_R8_SNORM,
	EMBER_RT_R8_UINT,
	EMBER_RT_R8_SINT,
	EMBER_RT_R8G8_UNORM,
	EMBER_RT_R8G8_SNORM,
	EMBER_RT_R8G8_UINT,
	EMBER_RT_R8G8_SINT,
	EMBER_RT_R8G8B8A8_SNORM,
	EMBER_RT_R8G8B8A8_UINT,
	EMBER_RT_R8G8B8A8_SINT,
	EMBER_RT_B8G8R8A8_UNORM,
	EMBER_RT_B8G8R8A8_SRGB,
	EMBER_RT_A8B8G8R8_UNORM_PACK32,
	EMBER_RT_A8B8G8R8_SNORM_PACK32,
	EMBER_RT_A8B8G8R8_UINT_PACK32,
	EMBER_RT_A8B8G8R8_SINT_PACK32,
	EMBER_RT_A8B8G8R8_SRGB_PACK32,
	EMBER_RT_A2B10G10R10_UNORM_PACK32,
	EMBER_RT_A2B10G10R10_UINT_PACK32,
	EMBER_RT_R16_UNORM,
	EMBER_RT_R16_SNORM,
	EMBER_RT_R16_UINT,
	EMBER_RT_R16_SINT,
	EMBER_RT_R16_SFLOAT,
	EMBER_RT_R16G16_UNORM,
	EMBER_RT_R16G16_SNORM,
	EMBER_RT_R16G16_UINT,
	EMBER_RT_R16G16_SINT,
	EMBER_RT_R16G16_SFLOAT,
	EMBER_RT_R16G16B16A16_UNORM,
	EMBER_RT_R16G16B16A16_SNORM,
	EMBER_RT_R16G16B16A16_UINT,
	EMBER_RT_R16G16B16A16_SINT,
	EMBER_RT_R32_SINT,
	EMBER_RT_R32_SFLOAT,
	EMBER_RT_R32G32_UINT,
	EMBER_RT_R32G32_SINT,
	EMBER_RT_R32G32_SFLOAT,
	EMBER_RT_R32G32B32A32_UINT,
	EMBER_RT_R32G32B32A32_SINT,
	EMBER_RT_B10G11R11_UFLOAT_PACK32,
	EMBER_RT_D32_SFLOAT,
	EMBER_RT_D16_UNORM,
	EMBER_RT_D24_UNORM_S8_UINT,
	EMBER_RT_S8_UINT,
	EMBER_RT_X8_D24_UNORM_PACK32,	/* since 1.14 (CAPS.DS_FORMATS) */
	EMBER_RT_D32_SFLOAT_S8_UINT,	/* since 1.14: f32 depth, stencil in byte 4 */
	EMBER_RT_FORMAT_COUNT
};

#define EMBER_RT_COLOR_FIRST	EMBER_RT_R8G8B8A8_UNORM
#define EMBER_RT_COLOR_LAST	EMBER_RT_B10G11R11_UFLOAT_PACK32

struct ember_viewport {
	float x, y, width, height;	/* height < 0 flips y */
	float min_depth, max_depth;
};

/* A pixel rectangle (scissor, tile): [x, x + width) x [y, y + height). */
struct ember_rect {
	int32_t x, y;
	uint32_t width, height;
};

/* "Rasterizer state". */
struct ember_rasterizer_state {
	uint8_t cull_mode;		/* enum ember_cull_mode */
	uint8_t front_face;		/* enum ember_front_face */
	uint8_t provoking_vertex;	/* enum ember_provoking_vertex */
	bool depth_clip_enable;
	bool depth_negative_one_to_one;	/* z_c/w_c in [-1, 1] (R1, R2, R9) */
	bool depth_clamp_enable;
	bool depth_bias_enable;
	float depth_bias_constant;
	float depth_bias_clamp;
	float depth_bias_slope;
	float line_width;		/* lines and polygon-mode edges (R11) */
};

/* "Multisample state". */
struct ember_multisample_state {
	uint32_t samples;		/* 1 or 4 */
	uint32_t sample_mask;		/* pSampleMask[0]; ~0 when absent */
	bool alpha_to_coverage;
	bool alpha_to_one;
};

struct ember_stencil_face {
	uint8_t fail_op, pass_op, depth_fail_op;	/* enum ember_stencil_op */
	uint8_t compare_op;				/* enum ember_compare_op */
	uint32_t compare_mask, write_mask, reference;
};

/* "Depth/stencil state". */
struct ember_depth_stencil_state {
	bool depth_test_enable;
	bool depth_write_enable;
	uint8_t depth_compare_op;	/* enum ember_compare_op */
	bool depth_bounds_test_enable;
	float min_depth_bounds, max_depth_bounds;
	bool stencil_test_enable;
	struct ember_stencil_face front, back;
};

struct ember_blend_attachment {
	bool blend_enable;
	uint8_t src_color_factor, dst_color_factor, color_op;
	uint8_t src_alpha_factor, dst_alpha_factor, alpha_op;
	uint8_t write_mask;		/* EMBER_WRITE_* */
};

/* "Blend state". */
struct ember_blend_state {
	bool logic_op_enable;
	uint8_t logic_op;		/* enum ember_logic_op */
	float constants[4];
	struct ember_blend_attachment attachment[EMBER_MAX_COLOR_TARGETS];
};

/*
 * "A render target as the back end sees it": host memory (see the DOC).
 * A colour target of format NONE is an unused attachment: nothing is
 * written to it.
 *
 * A target may be a window of a larger one (the tile a draw works on):
 * @base then holds pixel (@origin_x, @origin_y), the window covers
 * [origin_x, width) x [origin_y, height), and the back end never touches
 * a pixel left of or above it (the draw's rectangle is cut to it).
 */
struct ember_render_target {
	uint8_t format;			/* enum ember_rt_format */
	uint32_t samples;
	uint32_t width, height;
	size_t row_pitch;
	uint8_t *base;
	uint32_t origin_x, origin_y;	/* 0, 0: the whole target */
};

struct ember_framebuffer {
	uint32_t width, height, samples;
	uint32_t color_count;
	struct ember_render_target color[EMBER_MAX_COLOR_TARGETS];
	struct ember_render_target depth_stencil;	/* format NONE: none */
};

/* Everything the back end needs for one draw. */
struct ember_backend_state {
	struct ember_viewport viewport;
	struct ember_rect scissor;
	struct ember_rasterizer_state raster;
	struct ember_multisample_state ms;
	struct ember_depth_stencil_state ds;
	struct ember_blend_state blend;
	bool early_fragment_tests;
};

/* 0 when @state can draw into @fb, else a negative errno-style code. */
int ember_backend_state_check(const struct ember_backend_state *state,
			      const struct ember_framebuffer *fb);

#endif /* EMBER_RASTER_STATE_H */
