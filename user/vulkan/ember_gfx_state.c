/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The Vulkan-level state of a draw: from a pipeline, bound into a command
 * buffer, and written as the contract's blocks (see ember_gfx_state.h).
 */

#include "ember_gfx_state.h"

#include "ember_cmd_buffer.h"

#include <string.h>

_Static_assert(EMBER_DYN_COUNT <= 64, "EMBER_DYN_BIT() is a 64-bit mask");

static uint64_t dynamic_bit(VkDynamicState s)
{
	switch (s) {
	case VK_DYNAMIC_STATE_VIEWPORT: return EMBER_DYN_BIT(VIEWPORT);
	case VK_DYNAMIC_STATE_SCISSOR: return EMBER_DYN_BIT(SCISSOR);
	case VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT:
		return EMBER_DYN_BIT(VIEWPORT) | EMBER_DYN_BIT(VIEWPORT_COUNT);
	case VK_DYNAMIC_STATE_SCISSOR_WITH_COUNT:
		return EMBER_DYN_BIT(SCISSOR) | EMBER_DYN_BIT(SCISSOR_COUNT);
	case VK_DYNAMIC_STATE_LINE_WIDTH: return EMBER_DYN_BIT(LINE_WIDTH);
	case VK_DYNAMIC_STATE_DEPTH_BIAS: return EMBER_DYN_BIT(DEPTH_BIAS);
	case VK_DYNAMIC_STATE_BLEND_CONSTANTS: return EMBER_DYN_BIT(BLEND_CONSTANTS);
	case VK_DYNAMIC_STATE_DEPTH_BOUNDS: return EMBER_DYN_BIT(DEPTH_BOUNDS);
	case VK_DYNAMIC_STATE_STENCIL_COMPARE_MASK: return EMBER_DYN_BIT(STENCIL_COMPARE_MASK);
	case VK_DYNAMIC_STATE_STENCIL_WRITE_MASK: return EMBER_DYN_BIT(STENCIL_WRITE_MASK);
	case VK_DYNAMIC_STATE_STENCIL_REFERENCE: return EMBER_DYN_BIT(STENCIL_REFERENCE);
	case VK_DYNAMIC_STATE_CULL_MODE: return EMBER_DYN_BIT(CULL_MODE);
	case VK_DYNAMIC_STATE_FRONT_FACE: return EMBER_DYN_BIT(FRONT_FACE);
	case VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY: return EMBER_DYN_BIT(PRIMITIVE_TOPOLOGY);
	case VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE: return EMBER_DYN_BIT(VERTEX_STRIDE);
	case VK_DYNAMIC_STATE_DEPTH_TEST_ENABLE: return EMBER_DYN_BIT(DEPTH_TEST_ENABLE);
	case VK_DYNAMIC_STATE_DEPTH_WRITE_ENABLE: return EMBER_DYN_BIT(DEPTH_WRITE_ENABLE);
	case VK_DYNAMIC_STATE_DEPTH_COMPARE_OP: return EMBER_DYN_BIT(DEPTH_COMPARE_OP);
	case VK_DYNAMIC_STATE_DEPTH_BOUNDS_TEST_ENABLE:
		return EMBER_DYN_BIT(DEPTH_BOUNDS_TEST_ENABLE);
	case VK_DYNAMIC_STATE_STENCIL_TEST_ENABLE: return EMBER_DYN_BIT(STENCIL_TEST_ENABLE);
	case VK_DYNAMIC_STATE_STENCIL_OP: return EMBER_DYN_BIT(STENCIL_OP);
	case VK_DYNAMIC_STATE_RASTERIZER_DISCARD_ENABLE:
		return EMBER_DYN_BIT(RASTERIZER_DISCARD_ENABLE);
	case VK_DYNAMIC_STATE_DEPTH_BIAS_ENABLE: return EMBER_DYN_BIT(DEPTH_BIAS_ENABLE);
	case VK_DYNAMIC_STATE_PRIMITIVE_RESTART_ENABLE:
		return EMBER_DYN_BIT(PRIMITIVE_RESTART_ENABLE);
	case VK_DYNAMIC_STATE_LOGIC_OP_EXT: return EMBER_DYN_BIT(LOGIC_OP);
	case VK_DYNAMIC_STATE_COLOR_WRITE_ENABLE_EXT: return EMBER_DYN_BIT(COLOR_WRITE_ENABLE);
	case VK_DYNAMIC_STATE_DEPTH_CLIP_ENABLE_EXT: return EMBER_DYN_BIT(DEPTH_CLIP_ENABLE);
	case VK_DYNAMIC_STATE_DEPTH_CLAMP_ENABLE_EXT: return EMBER_DYN_BIT(DEPTH_CLAMP_ENABLE);
	case VK_DYNAMIC_STATE_POLYGON_MODE_EXT: return EMBER_DYN_BIT(POLYGON_MODE);
	case VK_DYNAMIC_STATE_SAMPLE_MASK_EXT: return EMBER_DYN_BIT(SAMPLE_MASK);
	case VK_DYNAMIC_STATE_ALPHA_TO_COVERAGE_ENABLE_EXT:
		return EMBER_DYN_BIT(ALPHA_TO_COVERAGE_ENABLE);
	case VK_DYNAMIC_STATE_ALPHA_TO_ONE_ENABLE_EXT: return EMBER_DYN_BIT(ALPHA_TO_ONE_ENABLE);
	case VK_DYNAMIC_STATE_LOGIC_OP_ENABLE_EXT: return EMBER_DYN_BIT(LOGIC_OP_ENABLE);
	case VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT: return EMBER_DYN_BIT(COLOR_BLEND_ENABLE);
	case VK_DYNAMIC_STATE_COLOR_BLEND_EQUATION_EXT: return EMBER_DYN_BIT(COLOR_BLEND_EQUATION);
	case VK_DYNAMIC_STATE_COLOR_WRITE_MASK_EXT: return EMBER_DYN_BIT(COLOR_WRITE_MASK);
	case VK_DYNAMIC_STATE_PROVOKING_VERTEX_MODE_EXT:
		return EMBER_DYN_BIT(PROVOKING_VERTEX_MODE);
	case VK_DYNAMIC_STATE_RASTERIZATION_SAMPLES_EXT:
		return EMBER_DYN_BIT(RASTERIZATION_SAMPLES);
	case VK_DYNAMIC_STATE_DEPTH_CLIP_NEGATIVE_ONE_TO_ONE_EXT:
		return EMBER_DYN_BIT(DEPTH_CLIP_NEGATIVE_ONE_TO_ONE);
	default:
		/*
		 * Only the states above are advertised (core 1.0 to 1.3, EDS2's
		 * logic op, VK_EXT_color_write_enable, EDS3's reported ones).
		 */
		return 0;
	}
}

static void vertex_input_from(struct ember_gfx_draw_state *s, const VkPipelineVertexInputStateCreateInfo *vi)
{
	const VkPipelineVertexInputDivisorStateCreateInfoKHR *div;

	if (!vi)
		return;
	for (uint32_t i = 0; i < vi->vertexBindingDescriptionCount; i++) {
		const VkVertexInputBindingDescription *b = &vi->pVertexBindingDescriptions[i];

		if (b->binding >= EMBER_GFX_MAX_VERTEX_BINDINGS)
			continue;
		s->bindings[b->binding].stride = b->stride;
		s->bindings[b->binding].input_rate = b->inputRate;
		s->bindings[b->binding].divisor = 1;
		s->binding_count = EMBER_MAX(s->binding_count, b->binding + 1);
	}
	div = ember_find_struct(vi->pNext,
				VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_KHR);
	for (uint32_t i = 0; div && i < div->vertexBindingDivisorCount; i++) {
		const VkVertexInputBindingDivisorDescriptionKHR *d = &div->pVertexBindingDivisors[i];

		if (d->binding < EMBER_GFX_MAX_VERTEX_BINDINGS)
			s->bindings[d->binding].divisor = d->divisor;
	}
	for (uint32_t i = 0; i < vi->vertexAttributeDescriptionCount &&
	     i < EMBER_GFX_MAX_VERTEX_ATTRIBUTES; i++) {
		const VkVertexInputAttributeDescription *a = &vi->pVertexAttributeDescriptions[i];

		s->attributes[i].location = a->location;
		s->attributes[i].binding = a->binding;
		s->attributes[i].format = a->format;
		s->attributes[i].offset = a->offset;
		s->attribute_count = i + 1;
	}
}

static void raster_from(struct ember_gfx_draw_state *s, const VkPipelineRasterizationStateCreateInfo *r)
{
	const VkPipelineRasterizationDepthClipStateCreateInfoEXT *clip;
	const VkPipelineRasterizationProvokingVertexStateCreateInfoEXT *pv;

	s->depth_clamp = r->depthClampEnable;
	/* Without VK_EXT_depth_clip_enable's structure, clipping is the opposite of clamping. */
	clip = ember_find_struct(r->pNext,
		VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_DEPTH_CLIP_STATE_CREATE_INFO_EXT);
	s->depth_clip_set = clip != NULL;
	s->depth_clip = clip && clip->depthClipEnable;
	pv = ember_find_struct(r->pNext,
		VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_PROVOKING_VERTEX_STATE_CREATE_INFO_EXT);
	s->provoking_vertex = pv ? pv->provokingVertexMode :
			      VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX_EXT;
	s->rasterizer_discard = r->rasterizerDiscardEnable;
	s->polygon_mode = r->polygonMode;
	s->cull_mode = r->cullMode;
	s->front_face = r->frontFace;
	s->depth_bias_enable = r->depthBiasEnable;
	s->depth_bias_constant = r->depthBiasConstantFactor;
	s->depth_bias_clamp = r->depthBiasClamp;
	s->depth_bias_slope = r->depthBiasSlopeFactor;
	s->line_width = r->lineWidth;
}

static void stencil_from(struct ember_gfx_stencil_face *f, const VkStencilOpState *o)
{
	f->fail_op = o->failOp;
	f->pass_op = o->passOp;
	f->depth_fail_op = o->depthFailOp;
	f->compare_op = o->compareOp;
	f->compare_mask = o->compareMask & 0xff;
	f->write_mask = o->writeMask & 0xff;
	f->reference = o->reference & 0xff;
}

void ember_gfx_state_init(struct ember_gfx_draw_state *s)
{
	memset(s, 0, sizeof(*s));
	s->depth_clip = true;	/* unset: the opposite of clamping until vkCmdSetDepthClipEnableEXT */
	s->provoking_vertex = VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX_EXT;
	s->polygon_mode = VK_POLYGON_MODE_FILL;
	s->line_width = 1.0f;
	s->samples = VK_SAMPLE_COUNT_1_BIT;
	s->sample_mask = ~0u;
	for (uint32_t i = 0; i < EMBER_GFX_MAX_COLOR_ATTACHMENTS; i++)
		s->blend[i].write_mask = 0xf;
	s->color_write_enable = ~0u;
}

void ember_gfx_state_from_pipeline(struct ember_gfx_pipeline *p,
				   const VkGraphicsPipelineCreateInfo *info,
				   bool has_fragment_shader)
{
	struct ember_gfx_draw_state *s = &p->state;
	const VkPipelineMultisampleStateCreateInfo *ms = info->pMultisampleState;
	const VkPipelineDepthStencilStateCreateInfo *ds = info->pDepthStencilState;
	const VkPipelineColorBlendStateCreateInfo *cb = info->pColorBlendState;
	const VkPipelineViewportStateCreateInfo *vp = info->pViewportState;
	const uint32_t color_count = s->color_count;

	memset(s, 0, sizeof(*s));
	s->color_count = color_count;
	p->dynamic = 0;
	if (info->pDynamicState)
		for (uint32_t i = 0; i < info->pDynamicState->dynamicStateCount; i++)
			p->dynamic |= dynamic_bit(info->pDynamicState->pDynamicStates[i]);

	vertex_input_from(s, info->pVertexInputState);
	if (info->pInputAssemblyState) {
		s->topology = info->pInputAssemblyState->topology;
		s->primitive_restart = info->pInputAssemblyState->primitiveRestartEnable;
	}
	s->line_width = 1.0f;
	if (info->pRasterizationState)
		raster_from(s, info->pRasterizationState);
	/* Viewport, multisample, depth/stencil and blend state are ignored with discard. */
	if (vp && !(s->rasterizer_discard &&
		    !(p->dynamic & EMBER_DYN_BIT(RASTERIZER_DISCARD_ENABLE)))) {
		const VkPipelineViewportDepthClipControlCreateInfoEXT *dcc =
			ember_find_struct(vp->pNext,
				VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_DEPTH_CLIP_CONTROL_CREATE_INFO_EXT);

		s->viewport_count = EMBER_MIN(vp->viewportCount, EMBER_GFX_MAX_VIEWPORTS);
		s->scissor_count = EMBER_MIN(vp->scissorCount, EMBER_GFX_MAX_VIEWPORTS);
		s->depth_negative_one_to_one = dcc && dcc->negativeOneToOne;
		if (vp->pViewports && !(p->dynamic & EMBER_DYN_BIT(VIEWPORT)))
			memcpy(s->viewports, vp->pViewports, s->viewport_count * sizeof(VkViewport));
		if (vp->pScissors && !(p->dynamic & EMBER_DYN_BIT(SCISSOR)))
			memcpy(s->scissors, vp->pScissors, s->scissor_count * sizeof(VkRect2D));
	}
	s->samples = VK_SAMPLE_COUNT_1_BIT;
	s->sample_mask = ~0u;
	if (ms) {
		s->samples = ms->rasterizationSamples;
		if (ms->pSampleMask && !(p->dynamic & EMBER_DYN_BIT(SAMPLE_MASK)))
			s->sample_mask = ms->pSampleMask[0];
		s->sample_shading = ms->sampleShadingEnable;
		s->min_sample_shading = ms->minSampleShading;
		s->alpha_to_coverage = ms->alphaToCoverageEnable;
		s->alpha_to_one = ms->alphaToOneEnable;
	}
	if (ds) {
		s->depth_test = ds->depthTestEnable;
		s->depth_write = ds->depthWriteEnable;
		s->depth_compare_op = ds->depthCompareOp;
		s->depth_bounds_test = ds->depthBoundsTestEnable;
		s->stencil_test = ds->stencilTestEnable;
		stencil_from(&s->front, &ds->front);
		stencil_from(&s->back, &ds->back);
		s->min_depth_bounds = ds->minDepthBounds;
		s->max_depth_bounds = ds->maxDepthBounds;
	}
	for (uint32_t i = 0; i < EMBER_GFX_MAX_COLOR_ATTACHMENTS; i++)
		s->blend[i].write_mask = 0xf;
	s->color_write_enable = ~0u;
	if (cb && has_fragment_shader) {
		const VkPipelineColorWriteCreateInfoEXT *cw =
			ember_find_struct(cb->pNext,
					  VK_STRUCTURE_TYPE_PIPELINE_COLOR_WRITE_CREATE_INFO_EXT);

		/* Without the structure every attachment's writes are enabled. */
		for (uint32_t i = 0; cw && i < cw->attachmentCount &&
		     i < EMBER_GFX_MAX_COLOR_ATTACHMENTS; i++)
			if (!cw->pColorWriteEnables[i])
				s->color_write_enable &= ~(1u << i);
		s->logic_op_enable = cb->logicOpEnable;
		s->logic_op = cb->logicOp;
		memcpy(s->blend_constants, cb->blendConstants, sizeof(s->blend_constants));
		/* NULL when the blend enables, equations and write masks are all dynamic. */
		for (uint32_t i = 0; cb->pAttachments && i < cb->attachmentCount &&
		     i < color_count; i++) {
			const VkPipelineColorBlendAttachmentState *a = &cb->pAttachments[i];

			s->blend[i] = (struct ember_gfx_blend_att) {
				.enable = a->blendEnable,
				.src_color = a->srcColorBlendFactor,
				.dst_color = a->dstColorBlendFactor,
				.color_op = a->colorBlendOp,
				.src_alpha = a->srcAlphaBlendFactor,
				.dst_alpha = a->dstAlphaBlendFactor,
				.alpha_op = a->alphaBlendOp,
				.write_mask = a->colorWriteMask,
			};
		}
	}
}

/* Copies member @m of the pipeline's state unless group @d is dynamic. */
#define STATIC(d, m)						\
	do {							\
		if (!(p->dynamic & EMBER_DYN_BIT(d)))		\
			memcpy(&s->m, &ps->m, sizeof(s->m));	\
	} while (0)

uint32_t ember_gfx_state_bind_pipeline(struct ember_gfx_draw_state *s,
				       const struct ember_gfx_pipeline *p)
{
	const struct ember_gfx_draw_state *ps = &p->state;

	/* Vertex input: the layout is always the pipeline's, strides may be dynamic. */
	for (uint32_t b = 0; b < EMBER_GFX_MAX_VERTEX_BINDINGS; b++) {
		uint32_t stride = s->bindings[b].stride;

		s->bindings[b] = ps->bindings[b];
		if (p->dynamic & EMBER_DYN_BIT(VERTEX_STRIDE))
			s->bindings[b].stride = stride;
	}
	s->binding_count = ps->binding_count;
	s->attribute_count = ps->attribute_count;
	memcpy(s->attributes, ps->attributes, sizeof(s->attributes));

	STATIC(PRIMITIVE_TOPOLOGY, topology);
	STATIC(PRIMITIVE_RESTART_ENABLE, primitive_restart);
	STATIC(VIEWPORT_COUNT, viewport_count);
	STATIC(SCISSOR_COUNT, scissor_count);
	STATIC(VIEWPORT, viewports);
	STATIC(SCISSOR, scissors);

	STATIC(DEPTH_CLAMP_ENABLE, depth_clamp);
	/* A dynamic clip enable is vkCmdSetDepthClipEnableEXT's, whatever clamping is. */
	if (p->dynamic & EMBER_DYN_BIT(DEPTH_CLIP_ENABLE)) {
		s->depth_clip_set = true;
	} else {
		s->depth_clip = ps->depth_clip;
		s->depth_clip_set = ps->depth_clip_set;
	}
	STATIC(DEPTH_CLIP_NEGATIVE_ONE_TO_ONE, depth_negative_one_to_one);
	STATIC(POLYGON_MODE, polygon_mode);
	STATIC(PROVOKING_VERTEX_MODE, provoking_vertex);
	STATIC(RASTERIZER_DISCARD_ENABLE, rasterizer_discard);
	STATIC(CULL_MODE, cull_mode);
	STATIC(FRONT_FACE, front_face);
	STATIC(DEPTH_BIAS_ENABLE, depth_bias_enable);
	STATIC(DEPTH_BIAS, depth_bias_constant);
	STATIC(DEPTH_BIAS, depth_bias_clamp);
	STATIC(DEPTH_BIAS, depth_bias_slope);
	STATIC(LINE_WIDTH, line_width);

	/* The raster block's samples, which the attachments' must match (ember-hw.rst). */
	STATIC(RASTERIZATION_SAMPLES, samples);
	STATIC(SAMPLE_MASK, sample_mask);
	s->sample_shading = ps->sample_shading;
	s->min_sample_shading = ps->min_sample_shading;
	STATIC(ALPHA_TO_COVERAGE_ENABLE, alpha_to_coverage);
	STATIC(ALPHA_TO_ONE_ENABLE, alpha_to_one);

	STATIC(DEPTH_TEST_ENABLE, depth_test);
	STATIC(DEPTH_WRITE_ENABLE, depth_write);
	STATIC(DEPTH_COMPARE_OP, depth_compare_op);
	STATIC(DEPTH_BOUNDS_TEST_ENABLE, depth_bounds_test);
	STATIC(DEPTH_BOUNDS, min_depth_bounds);
	STATIC(DEPTH_BOUNDS, max_depth_bounds);
	STATIC(STENCIL_TEST_ENABLE, stencil_test);
	if (!(p->dynamic & EMBER_DYN_BIT(STENCIL_OP))) {
		s->front.fail_op = ps->front.fail_op;
		s->front.pass_op = ps->front.pass_op;
		s->front.depth_fail_op = ps->front.depth_fail_op;
		s->front.compare_op = ps->front.compare_op;
		s->back.fail_op = ps->back.fail_op;
		s->back.pass_op = ps->back.pass_op;
		s->back.depth_fail_op = ps->back.depth_fail_op;
		s->back.compare_op = ps->back.compare_op;
	}
	STATIC(STENCIL_COMPARE_MASK, front.compare_mask);
	STATIC(STENCIL_COMPARE_MASK, back.compare_mask);
	STATIC(STENCIL_WRITE_MASK, front.write_mask);
	STATIC(STENCIL_WRITE_MASK, back.write_mask);
	STATIC(STENCIL_REFERENCE, front.reference);
	STATIC(STENCIL_REFERENCE, back.reference);

	STATIC(LOGIC_OP_ENABLE, logic_op_enable);
	STATIC(LOGIC_OP, logic_op);
	STATIC(BLEND_CONSTANTS, blend_constants);
	s->color_count = ps->color_count;
	for (uint32_t i = 0; i < EMBER_GFX_MAX_COLOR_ATTACHMENTS; i++) {
		struct ember_gfx_blend_att *a = &s->blend[i];
		const struct ember_gfx_blend_att *pa = &ps->blend[i];

		if (!(p->dynamic & EMBER_DYN_BIT(COLOR_BLEND_ENABLE)))
			a->enable = pa->enable;
		if (!(p->dynamic & EMBER_DYN_BIT(COLOR_BLEND_EQUATION))) {
			a->src_color = pa->src_color;
			a->dst_color = pa->dst_color;
			a->color_op = pa->color_op;
			a->src_alpha = pa->src_alpha;
			a->dst_alpha = pa->dst_alpha;
			a->alpha_op = pa->alpha_op;
		}
		if (!(p->dynamic & EMBER_DYN_BIT(COLOR_WRITE_MASK)))
			a->write_mask = pa->write_mask;
	}
	STATIC(COLOR_WRITE_ENABLE, color_write_enable);
	return EMBER_GFX_DIRTY_ALL;
}

#undef STATIC

static bool write_vertex_input(struct ember_cmd_buffer *cmd, const struct ember_gfx_draw_state *s,
			       const struct ember_gfx_vertex_buffer *vbs, uint64_t *va)
{
	const uint32_t dwords = EMBER_GFX_VERTEX_INPUT_DWORDS +
				s->binding_count * EMBER_GFX_VERTEX_BINDING_DWORDS +
				s->attribute_count * EMBER_GFX_VERTEX_ATTRIBUTE_DWORDS;
	struct ember_gfx_vertex_input header = {
		.binding_count = s->binding_count, .attribute_count = s->attribute_count,
	};
	uint32_t *p;

	if (!s->attribute_count) {
		*va = 0;
		return true;
	}
	p = ember_cmd_alloc_data(cmd, dwords * 4, EMBER_GFX_BLOCK_ALIGN, va);
	if (!p)
		return false;
	ember_gfx_vertex_input_pack(p, &header);
	p += EMBER_GFX_VERTEX_INPUT_DWORDS;
	for (uint32_t b = 0; b < s->binding_count; b++) {
		const bool instance = s->bindings[b].input_rate == VK_VERTEX_INPUT_RATE_INSTANCE;
		struct ember_gfx_vertex_binding vb = {
			.va = vbs[b].va,
			.range = vbs[b].range,
			.stride = s->bindings[b].stride,
			.input_rate = instance,
			.divisor = instance ? s->bindings[b].divisor : 1,
		};

		ember_gfx_vertex_binding_pack(p, &vb);
		p += EMBER_GFX_VERTEX_BINDING_DWORDS;
	}
	for (uint32_t a = 0; a < s->attribute_count; a++) {
		struct ember_gfx_vertex_attribute at = {
			.location = s->attributes[a].location,
			.binding = s->attributes[a].binding,
			.format = s->attributes[a].format,
			.offset = s->attributes[a].offset,
		};

		ember_gfx_vertex_attribute_pack(p, &at);
		p += EMBER_GFX_VERTEX_ATTRIBUTE_DWORDS;
	}
	return true;
}

static bool write_viewports(struct ember_cmd_buffer *cmd, const struct ember_gfx_draw_state *s,
			    uint64_t *va)
{
	const uint32_t count = EMBER_MAX(s->viewport_count, 1u);
	uint32_t *p = ember_cmd_alloc_data(cmd, count * EMBER_GFX_VIEWPORT_DWORDS * 4,
					   EMBER_GFX_BLOCK_ALIGN, va);

	if (!p)
		return false;
	for (uint32_t i = 0; i < count; i++) {
		const VkViewport *v = &s->viewports[i];
		const VkRect2D *r = &s->scissors[i];
		struct ember_gfx_viewport hw = {
			.x = v->x, .y = v->y, .width = v->width, .height = v->height,
			.min_depth = v->minDepth, .max_depth = v->maxDepth,
			.scissor_x = (uint32_t)r->offset.x, .scissor_y = (uint32_t)r->offset.y,
			.scissor_width = r->extent.width, .scissor_height = r->extent.height,
		};

		/*
		 * With rasterizer discard the viewports are ignored, so they may
		 * never have been set (a static discard ignores the pipeline's
		 * viewport state), but the device checks every block it reads:
		 * give it a valid one. Nothing is rasterized through it.
		 * vkCmdSetRasterizerDiscardEnable() marks this block dirty.
		 */
		if (s->rasterizer_discard)
			hw = (struct ember_gfx_viewport) { .width = 1.0f, .height = 1.0f,
							   .max_depth = 1.0f };
		ember_gfx_viewport_pack(p + i * EMBER_GFX_VIEWPORT_DWORDS, &hw);
	}
	return true;
}

static bool write_raster(struct ember_cmd_buffer *cmd, const struct ember_gfx_draw_state *s,
			 uint64_t *va)
{
	struct ember_gfx_raster hw = {
		.cull_mode = s->cull_mode,
		.front_face = s->front_face,
		.polygon_mode = s->polygon_mode,
		.provoking_vertex = s->provoking_vertex,
		.depth_clip_enable = ember_gfx_depth_clip(s),
		.depth_negative_one_to_one = s->depth_negative_one_to_one,
		.depth_clamp_enable = s->depth_clamp,
		.depth_bias_enable = s->depth_bias_enable,
		.rasterizer_discard = s->rasterizer_discard,
		/*
		 * As set: 1.0 unless wideLines (CAP_WIDE_LINES) is enabled; the
		 * device clamps any other value to [1, 64] (ember-hw.rst R11).
		 */
		.line_width = s->line_width,
		.depth_bias_constant = s->depth_bias_constant,
		.depth_bias_clamp = s->depth_bias_clamp,
		.depth_bias_slope = s->depth_bias_slope,
		.samples = s->samples,
		.alpha_to_coverage = s->alpha_to_coverage,
		.alpha_to_one = s->alpha_to_one,
		.sample_shading = s->sample_shading,
		.sample_mask = s->sample_mask,
		.min_sample_shading = s->min_sample_shading,
	};
	uint32_t *p = ember_cmd_alloc_data(cmd, EMBER_GFX_RASTER_DWORDS * 4,
					   EMBER_GFX_BLOCK_ALIGN, va);

	if (!p)
		return false;
	ember_gfx_raster_pack(p, &hw);
	return true;
}

static bool write_depth_stencil(struct ember_cmd_buffer *cmd, const struct ember_gfx_draw_state *s,
				VkImageAspectFlags aspects, uint64_t *va)
{
	const bool depth = aspects & VK_IMAGE_ASPECT_DEPTH_BIT;
	const bool stencil = aspects & VK_IMAGE_ASPECT_STENCIL_BIT;
	struct ember_gfx_depth_stencil hw = {
		/* Without the aspect the test is off (the specification). */
		.depth_test = depth && s->depth_test,
		.depth_write = depth && s->depth_test && s->depth_write,
		.depth_compare_op = s->depth_compare_op,
		.depth_bounds_test = depth && s->depth_bounds_test,
		.stencil_test = stencil && s->stencil_test,
		.min_depth_bounds = s->min_depth_bounds,
		.max_depth_bounds = s->max_depth_bounds,
		.front_fail_op = s->front.fail_op,
		.front_pass_op = s->front.pass_op,
		.front_depth_fail_op = s->front.depth_fail_op,
		.front_compare_op = s->front.compare_op,
		.front_compare_mask = s->front.compare_mask,
		.front_write_mask = s->front.write_mask,
		.front_reference = s->front.reference,
		.back_fail_op = s->back.fail_op,
		.back_pass_op = s->back.pass_op,
		.back_depth_fail_op = s->back.depth_fail_op,
		.back_compare_op = s->back.compare_op,
		.back_compare_mask = s->back.compare_mask,
		.back_write_mask = s->back.write_mask,
		.back_reference = s->back.reference,
	};
	uint32_t *p;

	if (!hw.depth_test && !hw.depth_bounds_test && !hw.stencil_test) {
		*va = 0;
		return true;
	}
	p = ember_cmd_alloc_data(cmd, EMBER_GFX_DEPTH_STENCIL_DWORDS * 4, EMBER_GFX_BLOCK_ALIGN,
				 va);
	if (!p)
		return false;
	ember_gfx_depth_stencil_pack(p, &hw);
	return true;
}

static bool write_blend(struct ember_cmd_buffer *cmd, const struct ember_gfx_draw_state *s,
			uint32_t color_count, uint64_t *va)
{
	struct ember_gfx_blend hw = {
		.logic_op_enable = s->logic_op_enable,
		.logic_op = s->logic_op,
	};
	uint32_t *p = ember_cmd_alloc_data(cmd, (EMBER_GFX_BLEND_DWORDS + color_count) * 4,
					   EMBER_GFX_BLOCK_ALIGN, va);

	if (!p)
		return false;
	memcpy(hw.constants, s->blend_constants, sizeof(hw.constants));
	ember_gfx_blend_pack(p, &hw);
	for (uint32_t i = 0; i < color_count; i++) {
		const struct ember_gfx_blend_att *a = &s->blend[i];
		struct ember_gfx_blend_attachment att = {
			.blend_enable = a->enable,
			.src_color = a->src_color,
			.dst_color = a->dst_color,
			.color_op = a->color_op,
			.src_alpha = a->src_alpha,
			.dst_alpha = a->dst_alpha,
			.alpha_op = a->alpha_op,
			/* A disabled attachment writes nothing, as with a zero mask. */
			.write_mask = (s->color_write_enable & (1u << i)) ? a->write_mask : 0,
		};

		/* A blend state of a disabled attachment is ignored: keep its ops in range. */
		if (!a->enable) {
			att.src_color = att.src_alpha = VK_BLEND_FACTOR_ONE;
			att.dst_color = att.dst_alpha = VK_BLEND_FACTOR_ZERO;
			att.color_op = att.alpha_op = VK_BLEND_OP_ADD;
		}
		ember_gfx_blend_attachment_pack(p + EMBER_GFX_BLEND_DWORDS + i, &att);
	}
	return true;
}

bool ember_gfx_write_blocks(struct ember_cmd_buffer *cmd, const struct ember_gfx_draw_state *state,
			    const struct ember_gfx_vertex_buffer *vbs,
			    VkImageAspectFlags depth_stencil_aspects, uint32_t color_count,
			    uint32_t dirty, struct ember_gfx_blocks *blocks)
{
	if ((dirty & EMBER_GFX_DIRTY_VERTEX_INPUT) &&
	    !write_vertex_input(cmd, state, vbs, &blocks->vertex_input))
		return false;
	if ((dirty & EMBER_GFX_DIRTY_VIEWPORTS) && !write_viewports(cmd, state, &blocks->viewports))
		return false;
	if ((dirty & EMBER_GFX_DIRTY_RASTER) && !write_raster(cmd, state, &blocks->raster))
		return false;
	if ((dirty & EMBER_GFX_DIRTY_DEPTH_STENCIL) &&
	    !write_depth_stencil(cmd, state, depth_stencil_aspects, &blocks->depth_stencil))
		return false;
	if ((dirty & EMBER_GFX_DIRTY_BLEND) &&
	    !write_blend(cmd, state, color_count, &blocks->blend))
		return false;
	return true;
}
