/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Shaders
 *
 * A compiled compute shader: the Ember binary of one SPIR-V entry point
 * with its specialization constants and descriptor layout resolved, in a
 * READONLY executable BO of the device. VK_EXT_shader_object's VkShaderEXT
 * is one of these; a compute pipeline holds one. Compilation goes through
 * the device's shader cache (memory, then disk) keyed by the SPIR-V, the
 * entry point, the specialization, the slot table, the required subgroup
 * size and the compiler build.
 */

#ifndef EMBER_SHADER_H
#define EMBER_SHADER_H

#include "ember_device.h"

#include <stdatomic.h>

/**
 * struct ember_shader - A compiled compute shader (reference counted:
 * pipelines and the cache share them).
 * @binary: the shader binary in GPU memory (READONLY, executable).
 * @code, @code_size: the same binary on the CPU (shader binaries, pipeline
 *	executable properties, disassembly).
 * @local_size: the workgroup size.
 * @push_constant_size: bytes of push constants it reads (0..256).
 */
struct ember_shader {
	struct ember_object base;
	atomic_int refcount;
	struct ember_gpu_bo binary;
	void *code;
	size_t code_size;
	uint32_t local_size[3];
	uint32_t push_constant_size;
};

EMBER_DEFINE_HANDLE_CASTS(ember_shader, base, VkShaderEXT, VK_OBJECT_TYPE_SHADER_EXT)

void ember_shader_ref(struct ember_shader *shader);
void ember_shader_unref(struct ember_device *device, struct ember_shader *shader);

/**
 * struct ember_pipeline - A VkPipeline (compute): its shader.
 */
struct ember_pipeline {
	struct ember_object base;
	VkPipelineBindPoint bind_point;
	VkPipelineCreateFlags flags;
	struct ember_shader *shader;
};

EMBER_DEFINE_HANDLE_CASTS(ember_pipeline, base, VkPipeline, VK_OBJECT_TYPE_PIPELINE)

/* The device's shader cache (ember_shader_cache.c). */
VkResult ember_shader_cache_create(struct ember_device *device);
void ember_shader_cache_destroy(struct ember_device *device);

#endif /* EMBER_SHADER_H */
