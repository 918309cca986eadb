/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Graphics pipelines
 *
 * A graphics pipeline is a vertex shader, an optional fragment shader and
 * the fixed-function state of struct ember_gfx_pipeline (ember_gfx_state.h).
 * Each stage goes through ember_shader_get() like a compute stage, with its
 * stage in the request: it is part of the cache key, and a binary of
 * another stage is refused (ember-cc selects the entry point by name).
 * The colour attachment count, view mask and formats come from
 * VkPipelineRenderingCreateInfo, or from the render pass's subpass.
 *
 * Results: only vertex and fragment stages exist on Ember; the
 * tessellation, geometry and mesh features are not advertised, so a
 * pipeline with such a stage violates valid usage, and gets
 * VK_ERROR_VALIDATION_FAILED_EXT (the result for a violation an
 * implementation detects; VK_ERROR_FEATURE_NOT_PRESENT is not one
 * vkCreateGraphicsPipelines may return). A shader the compiler rejects is
 * VK_ERROR_UNKNOWN with its message on stderr, as for compute pipelines.
 * Pipeline libraries (VK_KHR_pipeline_library, graphics pipeline
 * libraries) are not advertised.
 */

#include "ember_shader.h"

#include "ember_cmd_gfx.h"
#include "ember_pipeline_layout.h"
#include "ember_render_pass.h"

#include <string.h>

/* The shader of @stage, referenced in *@out. */
static VkResult stage_shader(struct ember_device *device, struct ember_pipeline_cache *pcache,
			     const VkPipelineShaderStageCreateInfo *stage,
			     const struct ember_pipeline_layout *layout, bool no_compile,
			     struct ember_shader **out, bool *hit)
{
	EMBER_FROM_HANDLE(ember_shader_module, module, stage->module);
	struct ember_shader_request req = {
		.entry_point = stage->pName,
		.stage = stage->stage,
		.spec = stage->pSpecializationInfo,
		.no_compile = no_compile,
	};

	if (module) {
		req.spirv = module->code;
		req.spirv_size = module->size;
		req.spirv_sha1 = module->sha1;
	} else {
		const VkShaderModuleCreateInfo *smci =
			ember_find_struct(stage->pNext, VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);

		if (!smci)
			return ember_error(VK_ERROR_UNKNOWN, "stage without a module");
		req.spirv = smci->pCode;
		req.spirv_size = smci->codeSize;
	}
	if (layout) {
		req.sets = layout->sets;
		req.set_count = layout->set_count;
	}
	return ember_shader_get(device, pcache, &req, out, hit);
}

/* The colour attachments, view mask and formats the pipeline renders with. */
static void rendering_of(const VkGraphicsPipelineCreateInfo *info, struct ember_gfx_pipeline *gfx)
{
	EMBER_FROM_HANDLE(ember_render_pass, pass, info->renderPass);
	const VkPipelineRenderingCreateInfo *ri;

	if (pass) {
		const struct ember_rp_subpass *sp = &pass->subpasses[info->subpass];

		gfx->state.color_count = sp->color_count;
		gfx->view_mask = sp->view_mask;
		for (uint32_t c = 0; c < sp->color_count; c++)
			gfx->color_formats[c] = sp->color[c] == VK_ATTACHMENT_UNUSED ?
				VK_FORMAT_UNDEFINED : pass->attachments[sp->color[c]].format;
		if (sp->depth_stencil != VK_ATTACHMENT_UNUSED)
			gfx->depth_format = gfx->stencil_format =
				pass->attachments[sp->depth_stencil].format;
		return;
	}
	ri = ember_find_struct(info->pNext, VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO);
	if (!ri)
		return;
	gfx->state.color_count = EMBER_MIN(ri->colorAttachmentCount,
					   EMBER_GFX_MAX_COLOR_ATTACHMENTS);
	gfx->view_mask = ri->viewMask;
	for (uint32_t c = 0; c < gfx->state.color_count; c++)
		gfx->color_formats[c] = ri->pColorAttachmentFormats ?
					ri->pColorAttachmentFormats[c] : VK_FORMAT_UNDEFINED;
	gfx->depth_format = ri->depthAttachmentFormat;
	gfx->stencil_format = ri->stencilAttachmentFormat;
}

static VkResult create_graphics_pipeline(struct ember_device *device,
					 struct ember_pipeline_cache *pcache,
					 const void *create_info,
					 const VkAllocationCallbacks *alloc, VkPipeline *out)
{
	const VkGraphicsPipelineCreateInfo *info = create_info;
	EMBER_FROM_HANDLE(ember_pipeline_layout, layout, info->layout);
	const VkPipelineCreateFlags2KHR flags = ember_pipeline_create_flags(info->pNext,
									    info->flags);
	const bool no_compile = flags & VK_PIPELINE_CREATE_FAIL_ON_PIPELINE_COMPILE_REQUIRED_BIT;
	const int64_t start = ember_ws_now_ns();
	struct ember_pipeline *pipeline;
	bool all_hit = true;
	VkResult result;

	for (uint32_t i = 0; i < info->stageCount; i++) {
		const VkShaderStageFlagBits stage = info->pStages[i].stage;

		if (stage != VK_SHADER_STAGE_VERTEX_BIT && stage != VK_SHADER_STAGE_FRAGMENT_BIT)
			return ember_error(VK_ERROR_VALIDATION_FAILED_EXT,
					   "stage 0x%x: only vertex and fragment shaders exist",
					   stage);
	}

	pipeline = ember_object_alloc(device, alloc, sizeof(*pipeline), VK_OBJECT_TYPE_PIPELINE);
	if (!pipeline)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "pipeline");
	pipeline->bind_point = VK_PIPELINE_BIND_POINT_GRAPHICS;
	pipeline->flags = flags;
	pipeline->gfx = ember_alloc(ember_choose_alloc(alloc, &device->alloc),
				    sizeof(*pipeline->gfx), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
	if (!pipeline->gfx) {
		result = ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "pipeline state");
		goto err;
	}
	memset(pipeline->gfx, 0, sizeof(*pipeline->gfx));
	ember_dynamic_layout_init(&pipeline->dynamic, layout ? layout->sets : NULL,
				  layout ? layout->set_count : 0);

	for (uint32_t i = 0; i < info->stageCount; i++) {
		const VkPipelineShaderStageCreateInfo *stage = &info->pStages[i];
		struct ember_shader **slot = stage->stage == VK_SHADER_STAGE_VERTEX_BIT ?
					     &pipeline->shader : &pipeline->fragment;
		bool hit = false;

		result = stage_shader(device, pcache, stage, layout, no_compile, slot, &hit);
		if (result != VK_SUCCESS)
			goto err;
		all_hit &= hit;
	}
	if (!pipeline->shader) {
		result = ember_error(VK_ERROR_VALIDATION_FAILED_EXT, "no vertex shader");
		goto err;
	}
	rendering_of(info, pipeline->gfx);
	ember_gfx_state_from_pipeline(pipeline->gfx, info, pipeline->fragment != NULL);

	ember_pipeline_write_feedback(info->pNext, all_hit && pcache, start);
	*out = ember_pipeline_to_handle(pipeline);
	return VK_SUCCESS;

err:
	ember_pipeline_destroy(device, alloc, pipeline);
	return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateGraphicsPipelines(VkDevice _device, VkPipelineCache pipelineCache,
			      uint32_t createInfoCount,
			      const VkGraphicsPipelineCreateInfo *pCreateInfos,
			      const VkAllocationCallbacks *pAllocator, VkPipeline *pPipelines)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);

	return ember_pipelines_create(device, pipelineCache, createInfoCount, pCreateInfos,
				      sizeof(*pCreateInfos), create_graphics_pipeline, pAllocator,
				      pPipelines);
}
