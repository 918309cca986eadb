/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The Vulkan-level state of a draw
 *
 * struct ember_gfx_draw_state holds everything a draw's fixed-function state
 * is made of, in Vulkan's terms: what a graphics pipeline sets from its
 * VkGraphicsPipelineCreateInfo (ember_gfx_state_from_pipeline()) and what
 * the dynamic-state commands override. Binding a pipeline copies its
 * static groups into the command buffer's state and leaves the groups the
 * pipeline made dynamic as the commands set them (the specification: a
 * dynamic state keeps its value until a pipeline that has it static is
 * bound). Every group is one enum ember_gfx_dyn bit, so "is it dynamic"
 * and "copy it" are one table.
 *
 * At draw time ember_gfx_write_blocks() turns the state into the
 * contract's blocks (ember_gfx_hw.h, ember-hw.rst "Draws"), each in fresh
 * command-buffer memory, and only the blocks whose inputs changed since
 * the last draw: a block once written is never rewritten, so a draw never
 * needs a barrier for the CPU's writes and an earlier draw still reads
 * its own blocks.
 */

#ifndef EMBER_GFX_STATE_H
#define EMBER_GFX_STATE_H

#include "ember_object.h"

#include "ember_gfx_hw.h"

/* The groups of state a pipeline may leave dynamic (one bit each). */
enum ember_gfx_dyn {
	EMBER_DYN_VIEWPORT,		/* VIEWPORT (values) */
	EMBER_DYN_SCISSOR,		/* SCISSOR (values) */
	EMBER_DYN_VIEWPORT_COUNT,	/* VIEWPORT_WITH_COUNT (adds the count) */
	EMBER_DYN_SCISSOR_COUNT,	/* SCISSOR_WITH_COUNT */
	EMBER_DYN_LINE_WIDTH,
	EMBER_DYN_DEPTH_BIAS,
	EMBER_DYN_BLEND_CONSTANTS,
	EMBER_DYN_DEPTH_BOUNDS,
	EMBER_DYN_STENCIL_COMPARE_MASK,
	EMBER_DYN_STENCIL_WRITE_MASK,
	EMBER_DYN_STENCIL_REFERENCE,
	EMBER_DYN_CULL_MODE,
	EMBER_DYN_FRONT_FACE,
	EMBER_DYN_PRIMITIVE_TOPOLOGY,
	EMBER_DYN_VERTEX_STRIDE,	/* VERTEX_INPUT_BINDING_STRIDE */
	EMBER_DYN_DEPTH_TEST_ENABLE,
	EMBER_DYN_DEPTH_WRITE_ENABLE,
	EMBER_DYN_DEPTH_COMPARE_OP,
	EMBER_DYN_DEPTH_BOUNDS_TEST_ENABLE,
	EMBER_DYN_STENCIL_TEST_ENABLE,
	EMBER_DYN_STENCIL_OP,
	EMBER_DYN_RASTERIZER_DISCARD_ENABLE,
	EMBER_DYN_DEPTH_BIAS_ENABLE,
	EMBER_DYN_PRIMITIVE_RESTART_ENABLE,
	EMBER_DYN_LOGIC_OP,		/* LOGIC_OP_EXT (extendedDynamicState2LogicOp) */
	EMBER_DYN_COLOR_WRITE_ENABLE,	/* COLOR_WRITE_ENABLE_EXT (VK_EXT_color_write_enable) */
	EMBER_DYN_DEPTH_CLIP_ENABLE,	/* DEPTH_CLIP_ENABLE_EXT (EDS3) */
	/* Extended dynamic state 3's (the *_EXT states of the same names). */
	EMBER_DYN_DEPTH_CLAMP_ENABLE,
	EMBER_DYN_POLYGON_MODE,
	EMBER_DYN_SAMPLE_MASK,
	EMBER_DYN_ALPHA_TO_COVERAGE_ENABLE,
	EMBER_DYN_ALPHA_TO_ONE_ENABLE,
	EMBER_DYN_LOGIC_OP_ENABLE,
	EMBER_DYN_COLOR_BLEND_ENABLE,
	EMBER_DYN_COLOR_BLEND_EQUATION,
	EMBER_DYN_COLOR_WRITE_MASK,
	EMBER_DYN_PROVOKING_VERTEX_MODE,	/* PROVOKING_VERTEX_MODE_EXT (VK_EXT_provoking_vertex) */
	EMBER_DYN_RASTERIZATION_SAMPLES,
	EMBER_DYN_DEPTH_CLIP_NEGATIVE_ONE_TO_ONE,	/* VK_EXT_depth_clip_control's */
	EMBER_DYN_COUNT,
};

#define EMBER_DYN_BIT(d)	(1ull << EMBER_DYN_##d)	/* EMBER_DYN_COUNT <= 64 */

/* The contract's blocks, as dirty bits: which to write again at the next draw. */
#define EMBER_GFX_DIRTY_VERTEX_INPUT	(1u << 0)
#define EMBER_GFX_DIRTY_VIEWPORTS	(1u << 1)
#define EMBER_GFX_DIRTY_RASTER		(1u << 2)
#define EMBER_GFX_DIRTY_DEPTH_STENCIL	(1u << 3)
#define EMBER_GFX_DIRTY_BLEND		(1u << 4)
#define EMBER_GFX_DIRTY_TARGETS		(1u << 5)
#define EMBER_GFX_DIRTY_ROOT		(1u << 6)	/* shaders, sets, index buffer, IA */
#define EMBER_GFX_DIRTY_ALL		0x7fu

struct ember_gfx_stencil_face {
	VkStencilOp fail_op, pass_op, depth_fail_op;
	VkCompareOp compare_op;
	uint32_t compare_mask, write_mask, reference;
};

struct ember_gfx_blend_att {
	bool enable;
	VkBlendFactor src_color, dst_color, src_alpha, dst_alpha;
	VkBlendOp color_op, alpha_op;
	VkColorComponentFlags write_mask;
};

/**
 * struct ember_gfx_draw_state - The fixed-function state of a draw, in Vulkan's terms.
 * @binding_count, @bindings: vertex input bindings (stride, rate, divisor),
 *	by binding number; @attribute_count, @attributes: the attributes.
 * @viewport_count, @viewports, @scissor_count, @scissors: viewport state.
 * @color_count, @blend: one blend state per colour attachment location.
 * The rest are the members of the create-info structures of the same name.
 */
struct ember_gfx_draw_state {
	uint32_t binding_count;
	struct {
		uint32_t stride;
		VkVertexInputRate input_rate;
		uint32_t divisor;
	} bindings[EMBER_GFX_MAX_VERTEX_BINDINGS];
	uint32_t attribute_count;
	struct {
		uint32_t location, binding, offset;
		VkFormat format;
	} attributes[EMBER_GFX_MAX_VERTEX_ATTRIBUTES];

	VkPrimitiveTopology topology;
	bool primitive_restart;

	uint32_t viewport_count, scissor_count;
	VkViewport viewports[EMBER_GFX_MAX_VIEWPORTS];
	VkRect2D scissors[EMBER_GFX_MAX_VIEWPORTS];

	/*
	 * @depth_clip counts when @depth_clip_set (VK_EXT_depth_clip_enable's
	 * structure or command); otherwise clipping is the opposite of
	 * clamping (ember_gfx_depth_clip()).
	 */
	bool depth_clamp, depth_clip, depth_clip_set, rasterizer_discard;
	/* VK_EXT_depth_clip_control's negativeOneToOne: z_c/w_c in [-1, 1]. */
	bool depth_negative_one_to_one;
	VkPolygonMode polygon_mode;
	VkCullModeFlags cull_mode;
	VkFrontFace front_face;
	VkProvokingVertexModeEXT provoking_vertex;
	bool depth_bias_enable;
	float depth_bias_constant, depth_bias_clamp, depth_bias_slope;
	float line_width;

	VkSampleCountFlagBits samples;
	uint32_t sample_mask;
	bool sample_shading, alpha_to_coverage, alpha_to_one;
	float min_sample_shading;

	bool depth_test, depth_write, depth_bounds_test, stencil_test;
	VkCompareOp depth_compare_op;
	float min_depth_bounds, max_depth_bounds;
	struct ember_gfx_stencil_face front, back;

	/* Tessellation's: kept as set, read by nothing (Ember has no tessellation). */
	uint32_t patch_control_points;
	VkTessellationDomainOrigin tess_domain_origin;

	bool logic_op_enable;
	VkLogicOp logic_op;
	float blend_constants[4];
	uint32_t color_count;
	struct ember_gfx_blend_att blend[EMBER_GFX_MAX_COLOR_ATTACHMENTS];
	/* VK_EXT_color_write_enable's, a bit per attachment: a clear bit writes nothing. */
	uint32_t color_write_enable;
};

/* Whether @s clips primitives to the viewport's depth range. */
static inline bool ember_gfx_depth_clip(const struct ember_gfx_draw_state *s)
{
	return s->depth_clip_set ? s->depth_clip : !s->depth_clamp;
}

/* The state a pipeline sets and which groups it leaves dynamic. */
struct ember_gfx_pipeline {
	struct ember_gfx_draw_state state;
	uint64_t dynamic;			/* EMBER_DYN_BIT()s */
	uint32_t view_mask;
	VkFormat color_formats[EMBER_GFX_MAX_COLOR_ATTACHMENTS];
	VkFormat depth_format, stencil_format;
};

/*
 * The state a command buffer starts with: what no command can set without
 * a feature or extension the application may not enable (depth clipping
 * from clamping, depth clamp off, first-vertex provoking, alpha to one
 * off, every colour write enabled), and the
 * specification's defaults for the rest. Draws with shader objects rely
 * on it: they take every state from commands, and those states have none.
 */
void ember_gfx_state_init(struct ember_gfx_draw_state *state);

/*
 * Fills @p from @info; @color_count, @view_mask and the formats come from
 * the caller (VkPipelineRenderingCreateInfo or the render pass's subpass).
 * VK_ERROR_UNKNOWN-free: every value was checked by valid usage.
 */
void ember_gfx_state_from_pipeline(struct ember_gfx_pipeline *p,
				   const VkGraphicsPipelineCreateInfo *info,
				   bool has_fragment_shader);

/*
 * Copies @p's static groups into @state; returns the EMBER_GFX_DIRTY_* bits
 * of the blocks that may have changed.
 */
uint32_t ember_gfx_state_bind_pipeline(struct ember_gfx_draw_state *state,
				       const struct ember_gfx_pipeline *p);

/* The blocks' VAs at the last draw (0: not written yet). */
struct ember_gfx_blocks {
	uint64_t vertex_input, viewports, raster, depth_stencil, blend, targets;
};

/* What the blocks need beyond the state: the bound buffers and the rendering. */
struct ember_gfx_vertex_buffer {
	uint64_t va, range;	/* range: bytes from va; 0 for an unbound binding */
	uint32_t stride;	/* vkCmdBindVertexBuffers2's, for a dynamic stride */
};

struct ember_cmd_buffer;

/*
 * Writes the blocks of @dirty (EMBER_GFX_DIRTY_*) from @state, @vbs,
 * @depth_stencil_aspects (the depth/stencil attachment's aspects: a test
 * without its aspect is off) and @color_count (the rendering's colour
 * attachments, one blend entry each) into @cmd's memory, their VAs into
 * @blocks. The targets block is the rendering's (ember_cmd_rendering.c).
 * False on error (recorded).
 */
bool ember_gfx_write_blocks(struct ember_cmd_buffer *cmd, const struct ember_gfx_draw_state *state,
			    const struct ember_gfx_vertex_buffer *vbs,
			    VkImageAspectFlags depth_stencil_aspects, uint32_t color_count,
			    uint32_t dirty, struct ember_gfx_blocks *blocks);

#endif /* EMBER_GFX_STATE_H */
