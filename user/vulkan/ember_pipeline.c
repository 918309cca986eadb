/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Compute pipelines
 *
 * A compute pipeline is one shader reference (ember_shader.h): its stage
 * (a VkShaderModule, or a VkShaderModuleCreateInfo chained to the stage as
 * maintenance5 allows), the layout's set layouts, the specialization and
 * the subgroup requirements make the request ember_shader_get() resolves
 * through the pipeline cache, the device's caches or the compiler. Binding
 * it binds that shader (vkCmdBindPipeline and vkCmdBindShadersEXT share
 * the command buffer's compute state, so the last bind wins, as shader
 * objects specify).
 *
 * Results: a shader the compiler rejects is VK_ERROR_UNKNOWN with the
 * compiler's message on stderr (the specification's catch-all; no listed
 * error fits). With FAIL_ON_PIPELINE_COMPILE_REQUIRED a shader that is in
 * no cache is VK_PIPELINE_COMPILE_REQUIRED and a VK_NULL_HANDLE pipeline.
 * A failed pipeline is VK_NULL_HANDLE; the others are created unless
 * EARLY_RETURN_ON_FAILURE asks to stop at the first failure.
 *
 * VK_KHR_pipeline_executable_properties: one executable, "compute", whose
 * statistics come from the binary's header and whose internal
 * representation is the Ember ISA disassembly.
 */

#include "ember_shader.h"

#include "ember_cmd_gfx.h"
#include "ember_isa.h"
#include "ember_pipeline_layout.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The fields every Vk*PipelineCreateInfo starts with. */
struct pipeline_create_head {
	VkStructureType sType;
	const void *pNext;
	VkPipelineCreateFlags flags;
};

_Static_assert(offsetof(VkComputePipelineCreateInfo, flags) ==
	       offsetof(struct pipeline_create_head, flags), "compute create info head");
_Static_assert(offsetof(VkGraphicsPipelineCreateInfo, flags) ==
	       offsetof(struct pipeline_create_head, flags), "graphics create info head");

VkPipelineCreateFlags2KHR ember_pipeline_create_flags(const void *next,
						      VkPipelineCreateFlags flags)
{
	const VkPipelineCreateFlags2CreateInfoKHR *f2;

	f2 = ember_find_struct(next, VK_STRUCTURE_TYPE_PIPELINE_CREATE_FLAGS_2_CREATE_INFO_KHR);
	return f2 ? f2->flags : flags;
}

void ember_pipeline_write_feedback(const void *next, bool cache_hit, int64_t start_ns)
{
	const VkPipelineCreationFeedbackCreateInfo *feedback;
	VkPipelineCreationFeedback fb = { .flags = VK_PIPELINE_CREATION_FEEDBACK_VALID_BIT };

	feedback = ember_find_struct(next, VK_STRUCTURE_TYPE_PIPELINE_CREATION_FEEDBACK_CREATE_INFO);
	if (!feedback)
		return;
	fb.duration = (uint64_t)(ember_ws_now_ns() - start_ns);
	if (cache_hit)
		fb.flags |= VK_PIPELINE_CREATION_FEEDBACK_APPLICATION_PIPELINE_CACHE_HIT_BIT;
	*feedback->pPipelineCreationFeedback = fb;
	for (uint32_t i = 0; i < feedback->pipelineStageCreationFeedbackCount; i++)
		feedback->pPipelineStageCreationFeedbacks[i] = fb;
}

VkResult ember_pipelines_create(struct ember_device *device, VkPipelineCache pipelineCache,
				uint32_t count, const void *infos, size_t info_size,
				ember_pipeline_create_fn create,
				const VkAllocationCallbacks *alloc, VkPipeline *out)
{
	struct ember_pipeline_cache *pcache = ember_pipeline_cache_from_handle(pipelineCache);
	VkResult result = VK_SUCCESS;
	uint32_t i;

	for (i = 0; i < count; i++) {
		const struct pipeline_create_head *head =
			(const void *)((const char *)infos + i * info_size);
		VkResult r;

		out[i] = VK_NULL_HANDLE;
		r = create(device, pcache, head, alloc, &out[i]);
		if (r == VK_SUCCESS)
			continue;
		/* The result is a failed pipeline's; the others keep going. */
		result = r;
		if (ember_pipeline_create_flags(head->pNext, head->flags) &
		    VK_PIPELINE_CREATE_EARLY_RETURN_ON_FAILURE_BIT) {
			i++;
			break;
		}
	}
	for (; i < count; i++)
		out[i] = VK_NULL_HANDLE;
	return result;
}

static VkResult create_compute_pipeline(struct ember_device *device,
					struct ember_pipeline_cache *pcache,
					const void *create_info,
					const VkAllocationCallbacks *alloc, VkPipeline *out)
{
	const VkComputePipelineCreateInfo *info = create_info;
	const VkPipelineShaderStageCreateInfo *stage = &info->stage;
	EMBER_FROM_HANDLE(ember_pipeline_layout, layout, info->layout);
	EMBER_FROM_HANDLE(ember_shader_module, module, stage->module);
	const VkPipelineShaderStageRequiredSubgroupSizeCreateInfo *rss;
	VkPipelineCreateFlags2KHR flags = ember_pipeline_create_flags(info->pNext, info->flags);
	struct ember_shader_request req = {
		.entry_point = stage->pName,
		.stage = stage->stage,
		.spec = stage->pSpecializationInfo,
		.no_compile = flags & VK_PIPELINE_CREATE_FAIL_ON_PIPELINE_COMPILE_REQUIRED_BIT,
	};
	struct ember_pipeline *pipeline;
	int64_t start = ember_ws_now_ns();
	bool pcache_hit = false;
	VkResult result;

	if (module) {
		req.spirv = module->code;
		req.spirv_size = module->size;
		req.spirv_sha1 = module->sha1;
	} else {
		const VkShaderModuleCreateInfo *smci;

		smci = ember_find_struct(stage->pNext, VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);

		if (!smci)
			return ember_error(VK_ERROR_UNKNOWN, "compute stage without a module");
		req.spirv = smci->pCode;
		req.spirv_size = smci->codeSize;
	}
	if (layout) {
		req.sets = layout->sets;
		req.set_count = layout->set_count;
	}
	rss = ember_find_struct(stage->pNext,
		VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO);
	if (rss)
		req.required_subgroup_size = rss->requiredSubgroupSize;
	if (stage->flags & VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT)
		req.subgroup_flags |= EMBER_SHADER_FULL_SUBGROUPS;
	if (stage->flags & VK_PIPELINE_SHADER_STAGE_CREATE_ALLOW_VARYING_SUBGROUP_SIZE_BIT)
		req.subgroup_flags |= EMBER_SHADER_VARYING_SUBGROUP_SIZE;

	pipeline = ember_object_alloc(device, alloc, sizeof(*pipeline), VK_OBJECT_TYPE_PIPELINE);
	if (!pipeline)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "pipeline");
	pipeline->bind_point = VK_PIPELINE_BIND_POINT_COMPUTE;
	pipeline->flags = flags;
	ember_dynamic_layout_init(&pipeline->dynamic, req.sets, req.set_count);
	result = ember_shader_get(device, pcache, &req, &pipeline->shader, &pcache_hit);
	if (result != VK_SUCCESS)
		goto err_free;

	ember_pipeline_write_feedback(info->pNext, pcache_hit, start);
	*out = ember_pipeline_to_handle(pipeline);
	return VK_SUCCESS;

err_free:
	ember_object_free(device, alloc, pipeline);
	return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateComputePipelines(VkDevice _device, VkPipelineCache pipelineCache,
			     uint32_t createInfoCount,
			     const VkComputePipelineCreateInfo *pCreateInfos,
			     const VkAllocationCallbacks *pAllocator, VkPipeline *pPipelines)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);

	return ember_pipelines_create(device, pipelineCache, createInfoCount, pCreateInfos,
				      sizeof(*pCreateInfos), create_compute_pipeline, pAllocator,
				      pPipelines);
}

void ember_pipeline_destroy(struct ember_device *device, const VkAllocationCallbacks *alloc,
			    struct ember_pipeline *pipeline)
{
	if (pipeline->shader)
		ember_shader_unref(device, pipeline->shader);
	if (pipeline->fragment)
		ember_shader_unref(device, pipeline->fragment);
	ember_free(ember_choose_alloc(alloc, &device->alloc), pipeline->gfx);
	ember_object_free(device, alloc, pipeline);
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroyPipeline(VkDevice _device, VkPipeline _pipeline,
		      const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_pipeline, pipeline, _pipeline);

	if (pipeline)
		ember_pipeline_destroy(device, pAllocator, pipeline);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdBindPipeline(VkCommandBuffer commandBuffer, VkPipelineBindPoint pipelineBindPoint,
		      VkPipeline _pipeline)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	EMBER_FROM_HANDLE(ember_pipeline, pipeline, _pipeline);

	if (pipelineBindPoint == VK_PIPELINE_BIND_POINT_COMPUTE)
		ember_cmd_bind_compute_shader(cmd, pipeline->shader, &pipeline->dynamic);
	else if (pipelineBindPoint == VK_PIPELINE_BIND_POINT_GRAPHICS)
		ember_cmd_bind_graphics_pipeline(cmd, pipeline);
}

/* ---- VK_KHR_pipeline_executable_properties ----------------------------- */

static void copy_string(char *dst, size_t size, const char *src)
{
	snprintf(dst, size, "%s", src);
}

/*
 * The executables of @pipeline: its compute shader, or its vertex shader
 * then its fragment shader. Executable @index's shader.
 */
static const struct ember_shader *executable_shader(const struct ember_pipeline *pipeline,
						    uint32_t index)
{
	/* An index past them is invalid usage: the first one, never a crash. */
	if (index == 1 && pipeline->fragment)
		return pipeline->fragment;
	return pipeline->shader;
}

static uint32_t executable_count(const struct ember_pipeline *pipeline)
{
	return pipeline->fragment ? 2 : 1;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetPipelineExecutablePropertiesKHR(VkDevice _device, const VkPipelineInfoKHR *pPipelineInfo,
					 uint32_t *pExecutableCount,
					 VkPipelineExecutablePropertiesKHR *pProperties)
{
	EMBER_FROM_HANDLE(ember_pipeline, pipeline, pPipelineInfo->pipeline);
	const uint32_t count = executable_count(pipeline);
	uint32_t n;

	if (!pProperties) {
		*pExecutableCount = count;
		return VK_SUCCESS;
	}
	n = EMBER_MIN(*pExecutableCount, count);
	for (uint32_t i = 0; i < n; i++) {
		VkPipelineExecutablePropertiesKHR *p = &pProperties[i];
		const struct ember_shader *s = executable_shader(pipeline, i);

		p->subgroupSize = EMBER_ISA_WAVE_SIZE;
		if (pipeline->bind_point == VK_PIPELINE_BIND_POINT_COMPUTE) {
			p->stages = VK_SHADER_STAGE_COMPUTE_BIT;
			copy_string(p->name, sizeof(p->name), "compute");
			snprintf(p->description, sizeof(p->description),
				 "The compute shader (Ember ISA, workgroup %ux%ux%u)",
				 s->local_size[0], s->local_size[1], s->local_size[2]);
			continue;
		}
		p->stages = i ? VK_SHADER_STAGE_FRAGMENT_BIT : VK_SHADER_STAGE_VERTEX_BIT;
		copy_string(p->name, sizeof(p->name), i ? "fragment" : "vertex");
		snprintf(p->description, sizeof(p->description), "The %s shader (Ember ISA)",
			 i ? "fragment" : "vertex");
	}
	*pExecutableCount = n;
	return n < count ? VK_INCOMPLETE : VK_SUCCESS;
}

struct statistic {
	const char *name;
	const char *description;
	uint64_t value;
};

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetPipelineExecutableStatisticsKHR(VkDevice _device,
					 const VkPipelineExecutableInfoKHR *pExecutableInfo,
					 uint32_t *pStatisticCount,
					 VkPipelineExecutableStatisticKHR *pStatistics)
{
	EMBER_FROM_HANDLE(ember_pipeline, pipeline, pExecutableInfo->pipeline);
	const struct ember_shader *s = executable_shader(pipeline, pExecutableInfo->executableIndex);
	const struct statistic stats[] = {
		{ "Instructions", "Instructions in the shader's code", s->num_insns },
		{ "Code size", "Bytes of the shader binary (header and code)", s->code_size },
		{ "Vector registers", "32-bit per-lane registers (v) of a wave", s->num_vregs },
		{ "Uniform registers", "32-bit per-wave registers (u) of a wave", s->num_uregs },
		{ "Predicate registers", "Lane-mask registers (p) of a wave", s->num_pregs },
		{ "Shared memory", "Bytes of workgroup shared memory", s->shared_bytes },
		{ "Scratch memory", "Bytes of scratch per lane (spills and private arrays)",
		  s->scratch_bytes },
		{ "Push constants", "Bytes of push constants the shader reads",
		  s->push_constant_size },
	};
	uint32_t written = 0;
	int count = EMBER_ARRAY_SIZE(stats);

	for (uint32_t i = 0; i < EMBER_ARRAY_SIZE(stats); i++) {
		VkPipelineExecutableStatisticKHR out = {
			.sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR,
			.format = VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR,
			.value.u64 = stats[i].value,
		};

		if (pStatistics && written < *pStatisticCount)
			out.pNext = pStatistics[written].pNext;
		copy_string(out.name, sizeof(out.name), stats[i].name);
		copy_string(out.description, sizeof(out.description), stats[i].description);
		EMBER_OUTARRAY_APPEND(pStatistics, count, *pStatisticCount, written, out);
	}
	*pStatisticCount = written;
	return count < 0 ? VK_INCOMPLETE : VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetPipelineExecutableInternalRepresentationsKHR(
	VkDevice _device, const VkPipelineExecutableInfoKHR *pExecutableInfo,
	uint32_t *pInternalRepresentationCount,
	VkPipelineExecutableInternalRepresentationKHR *pInternalRepresentations)
{
	EMBER_FROM_HANDLE(ember_pipeline, pipeline, pExecutableInfo->pipeline);
	VkPipelineExecutableInternalRepresentationKHR *ir;
	const struct ember_shader *s = executable_shader(pipeline, pExecutableInfo->executableIndex);
	VkResult result = VK_SUCCESS;
	char *text = NULL;
	size_t length;
	int ret;

	if (!pInternalRepresentations) {
		*pInternalRepresentationCount = 1;
		return VK_SUCCESS;
	}
	if (!*pInternalRepresentationCount)
		return VK_INCOMPLETE;
	*pInternalRepresentationCount = 1;
	ir = &pInternalRepresentations[0];
	copy_string(ir->name, sizeof(ir->name), "Ember ISA");
	copy_string(ir->description, sizeof(ir->description),
		    "Disassembly of the shader binary (assembler syntax)");
	ir->isText = VK_TRUE;

	ret = ember_isa_disassemble(s->code, s->code_size, &text);
	if (ret) {
		/* Cannot happen for a binary that parsed; say so rather than fail. */
		if (asprintf(&text, "; disassembly failed: %s\n", ember_isa_strerror(ret)) < 0)
			return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "disassembly");
	}
	length = strlen(text) + 1;
	if (!ir->pData) {
		ir->dataSize = length;
	} else {
		/* A short buffer gets what fits, still NUL-terminated. */
		if (ir->dataSize < length) {
			result = VK_INCOMPLETE;
			if (ir->dataSize) {
				memcpy(ir->pData, text, ir->dataSize - 1);
				((char *)ir->pData)[ir->dataSize - 1] = '\0';
			}
		} else {
			memcpy(ir->pData, text, length);
			ir->dataSize = length;
		}
	}
	free(text);
	return result;
}
