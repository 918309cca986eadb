/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Shader modules, shaders and shader objects
 *
 * A VkShaderModule keeps a copy of the SPIR-V words and their SHA-1; it is
 * only an input to pipeline creation (a stage may also chain its
 * VkShaderModuleCreateInfo instead, maintenance5 style).
 *
 * struct ember_shader is the compiled form shared by every cache and
 * object (ember_shader.h). Its binary goes into a BO mapped READONLY and
 * executable (the shader core fetches the header and the code from the
 * binary's VA; nothing ever writes it); the CPU keeps a copy for shader
 * binaries, pipeline caches and the executable-properties queries. Shader
 * memory comes from the device's allocator, not the creating call's: a
 * shader outlives the pipeline that compiled it.
 *
 * VK_EXT_shader_object for compute, vertex and fragment shaders: a
 * VkShaderEXT is one reference to a shader. Linked and unlinked shaders
 * are compiled alike (the interface between the stages is by location,
 * so linking has nothing to decide) and nextStage needs nothing: every
 * vertex shader can be followed by any fragment shader or none. Binding
 * graphics stages is ember_cmd_draw.c's; draws with them take every state
 * from the dynamic-state commands. SPIR-V code goes through ember_shader_get() like a pipeline
 * stage; binary code is what vkGetShaderBinaryDataEXT returned: a header
 * with the build's cache UUID, the shader's key and the SHA-1 of both key
 * and code, then the Ember binary. A binary of another build, one whose
 * checksum does not match or one that does not parse is
 * VK_INCOMPATIBLE_SHADER_BINARY_EXT, as the extension specifies. The
 * checksum is what lets an imported binary into the device's caches under
 * its key: without it a binary damaged on its way from another machine
 * would be served to every later compile of that key, on disk too.
 */

#include "ember_shader.h"

#include "ember_cmd_gfx.h"
#include "ember_descriptor_set_layout.h"
#include "ember_isa.h"
#include "ember_physical_device.h"

#include <stdlib.h>
#include <string.h>

/* ---- Shader modules ----------------------------------------------------- */

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateShaderModule(VkDevice _device, const VkShaderModuleCreateInfo *pCreateInfo,
			 const VkAllocationCallbacks *pAllocator, VkShaderModule *pShaderModule)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	struct ember_shader_module *module;
	struct ember_sha1 sha1;

	module = ember_object_alloc(device, pAllocator, sizeof(*module) + pCreateInfo->codeSize,
				    VK_OBJECT_TYPE_SHADER_MODULE);
	if (!module)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "shader module of %zu bytes",
				   pCreateInfo->codeSize);
	module->size = pCreateInfo->codeSize;
	memcpy(module->code, pCreateInfo->pCode, pCreateInfo->codeSize);
	ember_sha1_init(&sha1);
	ember_sha1_update(&sha1, module->code, module->size);
	ember_sha1_final(&sha1, module->sha1);
	*pShaderModule = ember_shader_module_to_handle(module);
	return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroyShaderModule(VkDevice _device, VkShaderModule shaderModule,
			  const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_shader_module, module, shaderModule);

	if (module)
		ember_object_free(device, pAllocator, module);
}

/* ---- Shaders ---------------------------------------------------------------- */

void ember_shader_ref(struct ember_shader *shader)
{
	atomic_fetch_add(&shader->refcount, 1);
}

void ember_shader_unref(struct ember_device *device, struct ember_shader *shader)
{
	if (!shader || atomic_fetch_sub(&shader->refcount, 1) != 1)
		return;
	ember_gpu_bo_destroy(device, &shader->binary);
	ember_free(&device->alloc, shader->code);
	ember_free(&device->alloc, shader);
}

VkResult ember_shader_create_from_binary(struct ember_device *device,
					 const uint8_t key[EMBER_SHADER_KEY_SIZE],
					 const void *binary, size_t size, struct ember_shader **out)
{
	struct ember_isa_shader parsed;
	struct ember_shader *shader;
	VkResult result;
	int ret;

	ret = ember_isa_shader_parse(binary, size, &parsed);
	if (ret)
		return ember_error(VK_ERROR_INITIALIZATION_FAILED, "shader binary: %s",
				   ember_isa_strerror(ret));

	shader = ember_alloc(&device->alloc, sizeof(*shader), 8, VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
	if (!shader)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "shader");
	ember_object_init(&shader->base, device, VK_OBJECT_TYPE_UNKNOWN);
	atomic_init(&shader->refcount, 1);
	memcpy(shader->key, key, EMBER_SHADER_KEY_SIZE);
	shader->code = ember_alloc(&device->alloc, size, 16, VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
	if (!shader->code) {
		result = ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "shader code of %zu bytes", size);
		goto err_free;
	}
	memcpy(shader->code, binary, size);
	shader->code_size = size;

	/* Executable (no NOEXEC) and never written by the device. */
	result = ember_gpu_bo_create(device, size, EMBER_WS_MAP_READONLY, &shader->binary);
	if (result != VK_SUCCESS)
		goto err_free_code;
	memcpy(shader->binary.bo.map, binary, size);

	for (int i = 0; i < 3; i++)
		shader->local_size[i] = parsed.header.local_size[i];
	shader->push_constant_size = parsed.header.push_bytes;
	shader->num_vregs = parsed.header.num_vregs;
	shader->num_uregs = parsed.header.num_uregs;
	shader->num_pregs = parsed.header.num_pregs;
	shader->shared_bytes = parsed.header.shared_bytes;
	shader->scratch_bytes = parsed.header.scratch_bytes;
	shader->num_insns = parsed.num_insns;
	shader->stage = parsed.header.stage;
	shader->num_inputs = parsed.header.num_inputs;
	shader->num_outputs = parsed.header.num_outputs;
	*out = shader;
	return VK_SUCCESS;

err_free_code:
	ember_free(&device->alloc, shader->code);
err_free:
	ember_free(&device->alloc, shader);
	return result;
}

/* ---- VK_EXT_shader_object (compute) -------------------------------------- */

#define BINARY_MAGIC	0x58424d45u	/* "EMBX" */
#define BINARY_VERSION	2		/* 2: @sha1 */

/*
 * The header of vkGetShaderBinaryDataEXT's data (little-endian), followed
 * by the Ember binary. @uuid is the build's cache UUID: a binary from any
 * other build is incompatible, even if its ISA would parse, because the
 * driver and the compiler may disagree about anything around it. @sha1
 * covers @key and the Ember binary (binary_checksum()), whose size is the
 * rest of the data; 64 bytes keep that binary 16-byte aligned, like the
 * data itself.
 */
struct shader_binary_header {
	uint32_t magic;
	uint32_t version;
	uint8_t uuid[VK_UUID_SIZE];
	uint8_t key[EMBER_SHADER_KEY_SIZE];
	uint8_t sha1[20];
};

_Static_assert(sizeof(struct shader_binary_header) == 64, "the binary after it is aligned");

static void binary_checksum(const uint8_t key[EMBER_SHADER_KEY_SIZE], const void *code,
			    size_t size, uint8_t out[20])
{
	struct ember_sha1 sha1;

	ember_sha1_init(&sha1);
	ember_sha1_update(&sha1, key, EMBER_SHADER_KEY_SIZE);
	ember_sha1_update(&sha1, code, size);
	ember_sha1_final(&sha1, out);
}

/* The shader of a binary-code VkShaderCreateInfoEXT, from the device cache if there. */
static VkResult shader_from_export(struct ember_device *device, const VkShaderCreateInfoEXT *info,
				   struct ember_shader **out)
{
	const uint8_t *binary = (const uint8_t *)info->pCode + sizeof(struct shader_binary_header);
	struct shader_binary_header header;
	struct ember_shader *shader;
	uint8_t digest[20];
	VkResult result;
	size_t size;

	if (info->codeSize <= sizeof(header))
		return ember_error(VK_INCOMPATIBLE_SHADER_BINARY_EXT, "binary of %zu bytes",
				   info->codeSize);
	memcpy(&header, info->pCode, sizeof(header));
	size = info->codeSize - sizeof(header);
	if (header.magic != BINARY_MAGIC || header.version != BINARY_VERSION ||
	    memcmp(header.uuid, device->pdev->cache_uuid, VK_UUID_SIZE))
		return ember_error(VK_INCOMPATIBLE_SHADER_BINARY_EXT, "binary of another build");
	/* Checked before the caches see the key: they trust what they hold. */
	binary_checksum(header.key, binary, size, digest);
	if (memcmp(digest, header.sha1, sizeof(digest)))
		return ember_error(VK_INCOMPATIBLE_SHADER_BINARY_EXT, "binary checksum mismatch");

	shader = ember_shader_cache_lookup(device, header.key);
	if (!shader) {
		result = ember_shader_create_from_binary(device, header.key, binary, size, &shader);
		if (result == VK_ERROR_INITIALIZATION_FAILED)
			return ember_error(VK_INCOMPATIBLE_SHADER_BINARY_EXT,
					   "binary does not parse");
		if (result != VK_SUCCESS)
			return result;
		shader = ember_shader_cache_insert(device, shader);
	}
	*out = shader;
	return VK_SUCCESS;
}

/*
 * Compute always; vertex and fragment on a device with a graphics queue.
 * Tessellation, geometry, task and mesh shaders are features Ember does
 * not report: creating one is the application's error, refused.
 */
static bool stage_supported(const struct ember_device *device, VkShaderStageFlagBits stage)
{
	switch (stage) {
	case VK_SHADER_STAGE_COMPUTE_BIT:
		return true;
	case VK_SHADER_STAGE_VERTEX_BIT:
	case VK_SHADER_STAGE_FRAGMENT_BIT:
		return ember_physical_device_has_graphics(device->pdev);
	default:
		return false;
	}
}

static VkResult create_shader_object(struct ember_device *device,
				     const VkShaderCreateInfoEXT *info,
				     const VkAllocationCallbacks *alloc, VkShaderEXT *out)
{
	const VkPipelineShaderStageRequiredSubgroupSizeCreateInfo *rss;
	struct ember_descriptor_set_layout *sets[EMBER_MAX_SETS] = { 0 };
	const uint32_t set_count = EMBER_MIN(info->setLayoutCount, EMBER_MAX_SETS);
	struct ember_shader_object *obj;
	struct ember_shader *shader;
	VkResult result;
	bool hit;

	if (!stage_supported(device, info->stage))
		return ember_error(VK_ERROR_INITIALIZATION_FAILED, "stage 0x%x is not supported",
				   info->stage);

	for (uint32_t i = 0; i < set_count; i++)
		sets[i] = ember_descriptor_set_layout_from_handle(info->pSetLayouts[i]);
	if (info->codeType == VK_SHADER_CODE_TYPE_BINARY_EXT) {
		result = shader_from_export(device, info, &shader);
		/* A binary of another stage is not code this stage can use. */
		if (result == VK_SUCCESS && shader->stage != ember_shader_isa_stage(info->stage)) {
			ember_shader_unref(device, shader);
			result = ember_error(VK_INCOMPATIBLE_SHADER_BINARY_EXT,
					     "binary of stage %u for stage 0x%x", shader->stage,
					     info->stage);
		}
	} else {
		struct ember_shader_request req = {
			.spirv = info->pCode,
			.spirv_size = info->codeSize,
			.entry_point = info->pName,
			.stage = info->stage,
			.spec = info->pSpecializationInfo,
			.sets = sets,
			.set_count = set_count,
		};

		rss = ember_find_struct(info->pNext,
			VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO);
		if (rss)
			req.required_subgroup_size = rss->requiredSubgroupSize;
		if (info->flags & VK_SHADER_CREATE_REQUIRE_FULL_SUBGROUPS_BIT_EXT)
			req.subgroup_flags |= EMBER_SHADER_FULL_SUBGROUPS;
		if (info->flags & VK_SHADER_CREATE_ALLOW_VARYING_SUBGROUP_SIZE_BIT_EXT)
			req.subgroup_flags |= EMBER_SHADER_VARYING_SUBGROUP_SIZE;
		result = ember_shader_get(device, NULL, &req, &shader, &hit);
		/* The command's catch-all for a shader that cannot be built. */
		if (result == VK_ERROR_UNKNOWN)
			result = VK_ERROR_INITIALIZATION_FAILED;
	}
	if (result != VK_SUCCESS)
		return result;

	obj = ember_object_alloc(device, alloc, sizeof(*obj), VK_OBJECT_TYPE_SHADER_EXT);
	if (!obj) {
		ember_shader_unref(device, shader);
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "shader object");
	}
	obj->shader = shader;
	/* A binary comes with the set layouts it was built for (the specification). */
	ember_dynamic_layout_init(&obj->dynamic, sets, set_count);
	*out = ember_shader_object_to_handle(obj);
	return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateShadersEXT(VkDevice _device, uint32_t createInfoCount,
		       const VkShaderCreateInfoEXT *pCreateInfos,
		       const VkAllocationCallbacks *pAllocator, VkShaderEXT *pShaders)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	VkResult result = VK_SUCCESS;
	uint32_t i;

	/*
	 * Every element is written: created handles up to the first failure,
	 * VK_NULL_HANDLE from there on, so the first NULL names the shader
	 * the result is about.
	 */
	for (i = 0; i < createInfoCount; i++) {
		pShaders[i] = VK_NULL_HANDLE;
		result = create_shader_object(device, &pCreateInfos[i], pAllocator, &pShaders[i]);
		if (result != VK_SUCCESS)
			break;
	}
	for (; i < createInfoCount; i++)
		pShaders[i] = VK_NULL_HANDLE;
	return result;
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroyShaderEXT(VkDevice _device, VkShaderEXT _shader,
		       const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_shader_object, obj, _shader);

	if (!obj)
		return;
	ember_shader_unref(device, obj->shader);
	ember_object_free(device, pAllocator, obj);
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetShaderBinaryDataEXT(VkDevice _device, VkShaderEXT _shader, size_t *pDataSize,
			     void *pData)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_shader_object, obj, _shader);
	struct ember_shader *shader = obj->shader;
	struct shader_binary_header header = {
		.magic = BINARY_MAGIC,
		.version = BINARY_VERSION,
	};
	size_t size = sizeof(header) + shader->code_size;

	if (!pData) {
		*pDataSize = size;
		return VK_SUCCESS;
	}
	/* Too small: nothing is written (the extension's rule, unlike caches). */
	if (*pDataSize < size) {
		*pDataSize = 0;
		return VK_INCOMPLETE;
	}
	memcpy(header.uuid, device->pdev->cache_uuid, VK_UUID_SIZE);
	memcpy(header.key, shader->key, EMBER_SHADER_KEY_SIZE);
	binary_checksum(shader->key, shader->code, shader->code_size, header.sha1);
	memcpy(pData, &header, sizeof(header));
	memcpy((uint8_t *)pData + sizeof(header), shader->code, shader->code_size);
	*pDataSize = size;
	return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdBindShadersEXT(VkCommandBuffer commandBuffer, uint32_t stageCount,
			const VkShaderStageFlagBits *pStages, const VkShaderEXT *pShaders)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);

	/* Other stages can only be unbound (VK_NULL_HANDLE): nothing to do. */
	for (uint32_t i = 0; i < stageCount; i++) {
		struct ember_shader_object *obj;

		obj = pShaders ? ember_shader_object_from_handle(pShaders[i]) : NULL;
		switch (pStages[i]) {
		case VK_SHADER_STAGE_COMPUTE_BIT:
			ember_cmd_bind_compute_shader(cmd, obj ? obj->shader : NULL,
						      obj ? &obj->dynamic : NULL);
			break;
		case VK_SHADER_STAGE_VERTEX_BIT:
		case VK_SHADER_STAGE_FRAGMENT_BIT:
			/* Unbinding what was never bound needs no graphics state. */
			if (!obj && !cmd->gfx)
				break;
			ember_cmd_bind_graphics_shader(cmd, pStages[i], obj ? obj->shader : NULL,
						       obj ? &obj->dynamic : NULL);
			break;
		default:
			break;
		}
	}
}
