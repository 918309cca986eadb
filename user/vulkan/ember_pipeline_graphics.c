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

static VkPipelineCreateFlags2KHR pipeline_flags(const VkGraphicsPipelineCreateInfo *info)
{
	const VkPipelineCreateFlags2CreateInfoKHR *f2;

	f2 = ember_find_struct(info->pNext,
			       VK_STRUCTURE_TYPE_PIPELINE_CREATE_FLAGS_2_CREATE_INFO_KHR);
	return f2 ? f2->flags : info->flags;
}

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
					 const VkGraphicsPipelineCreateInfo *info,
					 const VkAllocationCallbacks *alloc, VkPipeline *out)
{
	EMBER_FROM_HANDLE(ember_pipeline_layout, layout, info->layout);
	const VkPipelineCreateFlags2KHR flags = pipeline_flags(info);
	const bool no_compile = flags & VK_PIPELINE_CREATE_FAIL_ON_PIPELINE_COMPILE_REQUIRED_BIT;
	const VkPipelineCreationFeedbackCreateInfo *feedback;
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

	feedback = ember_find_struct(info->pNext,
				     VK_STRUCTURE_TYPE_PIPELINE_CREATION_FEEDBACK_CREATE_INFO);
	if (feedback) {
		VkPipelineCreationFeedback fb = { .flags = VK_PIPELINE_CREATION_FEEDBACK_VALID_BIT };

		if (all_hit && pcache)
			fb.flags |= VK_PIPELINE_CREATION_FEEDBACK_APPLICATION_PIPELINE_CACHE_HIT_BIT;
		*feedback->pPipelineCreationFeedback = fb;
		for (uint32_t i = 0; i < feedback->pipelineStageCreationFeedbackCount; i++)
			feedback->pPipelineStageCreationFeedbacks[i] = fb;
	}
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
	struct ember_pipeline_cache *pcache = ember_pipeline_cache_from_handle(pipelineCache);
	VkResult result = VK_SUCCESS;
	uint32_t i;

	for (i = 0; i < createInfoCount; i++) {
		VkResult r;

		pPipelines[i] = VK_NULL_HANDLE;
		r = create_graphics_pipeline(device, pcache, &pCreateInfos[i], pAllocator,
					     &pPipelines[i]);
		if (r == VK_SUCCESS)
			continue;
		/* The result is a failed pipeline's; the others keep going. */
		result = r;
		if (pipeline_flags(&pCreateInfos[i]) &
		    VK_PIPELINE_CREATE_EARLY_RETURN_ON_FAILURE_BIT) {
			i++;
			break;
		}
	}
	for (; i < createInfoCount; i++)
		pPipelines[i] = VK_NULL_HANDLE;
	return result;
}
