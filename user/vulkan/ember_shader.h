/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Shaders
 *
 * A compiled shader, struct ember_shader (compute, vertex or fragment):
 * the Ember binary of one SPIR-V entry point with its specialization
 * constants and descriptor layout resolved, in a READONLY executable BO of
 * the device. It is reference counted and shared: the device's shader
 * cache, VkPipelineCache objects, pipelines and shader objects
 * (VkShaderEXT) each hold a reference, so a second pipeline of the same
 * shader costs one lookup.
 *
 * Every shader is named by its key, the SHA-1 of everything that decides
 * the binary: the SPIR-V, the entry point, the specialization, the
 * (set, binding) -> slot table, the subgroup-size requirements and the
 * compiler build (the physical device's cache UUID). Compilation goes
 * through ember_shader_get(): the application's pipeline cache, then the
 * device's in-memory cache, then the on-disk cache, then ember_cc_compile().
 *
 * Handles: VkShaderModule is struct ember_shader_module (the SPIR-V words
 * and their SHA-1); VkShaderEXT is struct ember_shader_object and VkPipeline
 * struct ember_pipeline, both thin owners of one shader reference — thin
 * wrappers rather than the shared shader itself because two objects must
 * have distinct handles (private data keys on them).
 */

#ifndef EMBER_SHADER_H
#define EMBER_SHADER_H

#include "ember_device.h"
#include "ember_pipeline_layout.h"

#include <stdatomic.h>

struct ember_descriptor_set_layout;
struct ember_pipeline_cache;
struct ember_pcache_entry;

#define EMBER_SHADER_KEY_SIZE	20	/* SHA-1 */

/* SHA-1 (FIPS 180-4): cache keys, disk-cache checksums. */
struct ember_sha1 {
	uint32_t h[5];
	uint64_t length;
	uint8_t block[64];
	uint32_t fill;
};

void ember_sha1_init(struct ember_sha1 *ctx);
void ember_sha1_update(struct ember_sha1 *ctx, const void *data, size_t size);
void ember_sha1_final(struct ember_sha1 *ctx, uint8_t out[20]);

/**
 * struct ember_shader_module - A VkShaderModule.
 * @sha1: SHA-1 of the SPIR-V, computed once so keys need not rehash it.
 * @size: bytes of SPIR-V (a multiple of 4).
 * @code: the SPIR-V words.
 */
struct ember_shader_module {
	struct ember_object base;
	uint8_t sha1[20];
	size_t size;
	uint32_t code[];
};

EMBER_DEFINE_HANDLE_CASTS(ember_shader_module, base, VkShaderModule,
			  VK_OBJECT_TYPE_SHADER_MODULE)

/**
 * struct ember_shader - A compiled shader (reference counted:
 * pipelines, shader objects and the caches share them).
 * @base: the object base (device; the type is unused: never a handle).
 * @refcount: references; the last ember_shader_unref() frees it.
 * @key: what it was compiled from (see the DOC above).
 * @binary: the shader binary in GPU memory (READONLY, executable).
 * @code, @code_size: the same binary on the CPU (shader binaries, pipeline
 *	caches, executable properties, disassembly).
 * @local_size: the workgroup size.
 * @push_constant_size: bytes of push constants it reads (0..256).
 * @num_vregs, @num_uregs, @num_pregs: registers of a wave it uses.
 * @shared_bytes: workgroup shared memory.
 * @scratch_bytes: scratch per lane (spills, private arrays).
 * @num_insns: instructions in the code.
 * @stage: the binary's stage (enum ember_isa_stage: compute, vertex, fragment).
 * @num_inputs, @num_outputs: its vec4 interface slots (graphics stages).
 * @cache_next: chain of the device cache's hash bucket.
 */
struct ember_shader {
	struct ember_object base;
	atomic_int refcount;
	uint8_t key[EMBER_SHADER_KEY_SIZE];
	struct ember_gpu_bo binary;
	void *code;
	size_t code_size;
	uint32_t local_size[3];
	uint32_t push_constant_size;
	uint32_t num_vregs, num_uregs, num_pregs;
	uint32_t shared_bytes;
	uint32_t scratch_bytes;
	uint32_t num_insns;
	uint32_t stage;
	uint32_t num_inputs, num_outputs;
	struct ember_shader *cache_next;
};

void ember_shader_ref(struct ember_shader *shader);
void ember_shader_unref(struct ember_device *device, struct ember_shader *shader);

/*
 * A shader from a binary (checked with ember_isa_shader_parse(); copied):
 * one reference in *@out. VK_ERROR_INITIALIZATION_FAILED for a binary that
 * does not parse (callers turn it into their command's result).
 */
VkResult ember_shader_create_from_binary(struct ember_device *device,
					 const uint8_t key[EMBER_SHADER_KEY_SIZE],
					 const void *binary, size_t size,
					 struct ember_shader **out);

/* The binary's stage (enum ember_isa_stage) a Vulkan stage compiles to; 0 (unset) is compute. */
uint32_t ember_shader_isa_stage(VkShaderStageFlagBits stage);

/* The subgroup requirements of a stage (they are part of the key). */
#define EMBER_SHADER_FULL_SUBGROUPS		(1u << 0)
#define EMBER_SHADER_VARYING_SUBGROUP_SIZE	(1u << 1)

/**
 * struct ember_shader_request - What to compile (a pipeline stage or a
 * VkShaderCreateInfoEXT, SPIR-V code type).
 * @spirv, @spirv_size: the module (bytes); @spirv_sha1 its SHA-1 if known.
 * @entry_point: the entry point's name.
 * @stage: its stage (VkShaderStageFlagBits): Vulkan names an entry point by
 *	name and stage, ember-cc selects it so, it is part of the key, and a
 *	binary of another stage is refused.
 * @spec: the specialization, or NULL.
 * @sets, @set_count: the set layouts (NULL entries allowed).
 * @required_subgroup_size: 0, or VkPipelineShaderStageRequiredSubgroupSize's.
 * @subgroup_flags: EMBER_SHADER_FULL_SUBGROUPS, _VARYING_SUBGROUP_SIZE.
 * @no_compile: a shader not found in a cache is VK_PIPELINE_COMPILE_REQUIRED.
 */
struct ember_shader_request {
	const uint32_t *spirv;
	size_t spirv_size;
	const uint8_t *spirv_sha1;
	const char *entry_point;
	VkShaderStageFlagBits stage;
	const VkSpecializationInfo *spec;
	struct ember_descriptor_set_layout *const *sets;
	uint32_t set_count;
	uint32_t required_subgroup_size;
	uint32_t subgroup_flags;
	bool no_compile;
};

/*
 * The shader for @req with one reference in *@out: from @pcache (may be
 * NULL; *@pcache_hit says whether it was found there), the device's memory
 * and disk caches, else compiled, and then recorded in every cache it was
 * missing from. VK_PIPELINE_COMPILE_REQUIRED when @req->no_compile and it
 * needs compiling; VK_ERROR_UNKNOWN when the compiler rejects the shader
 * (the compiler's message always goes to stderr: the application cannot
 * get it any other way).
 */
VkResult ember_shader_get(struct ember_device *device, struct ember_pipeline_cache *pcache,
			  const struct ember_shader_request *req, struct ember_shader **out,
			  bool *pcache_hit);

/*
 * The device's cache (ember_shader_cache.c). ember_shader_cache_lookup():
 * the shader of @key from memory or disk, referenced, or NULL.
 * ember_shader_cache_insert(): records @shader (memory and disk) and
 * returns the cached shader of its key, referenced — another thread may
 * have inserted the same key first; @shader's reference is then dropped.
 */
VkResult ember_shader_cache_create(struct ember_device *device);
void ember_shader_cache_destroy(struct ember_device *device);
struct ember_shader *ember_shader_cache_lookup(struct ember_device *device,
					       const uint8_t key[EMBER_SHADER_KEY_SIZE]);
struct ember_shader *ember_shader_cache_insert(struct ember_device *device,
					       struct ember_shader *shader);
/* EMBER_DEBUG=cache: print cache hits, misses and compiles to stderr. */
bool ember_shader_cache_debug(void);

/*
 * VkPipelineCache (ember_pipeline_cache.c): the shader of @key there,
 * referenced (made resident from imported data on first use), or NULL;
 * recording a shader in it.
 */
struct ember_shader *ember_pipeline_cache_lookup(struct ember_device *device,
						 struct ember_pipeline_cache *cache,
						 const uint8_t key[EMBER_SHADER_KEY_SIZE]);
void ember_pipeline_cache_insert(struct ember_pipeline_cache *cache, struct ember_shader *shader);

/**
 * struct ember_pipeline_cache - A VkPipelineCache.
 * @alloc: its allocator (entries are allocated with it).
 * @locked: false when created EXTERNALLY_SYNCHRONIZED (no locking).
 * @lock: protects @buckets, @bucket_count, @count and the entries.
 * @buckets: hash chains of entries by key.
 */
struct ember_pipeline_cache {
	struct ember_object base;
	const VkAllocationCallbacks *alloc;
	VkAllocationCallbacks alloc_copy;
	bool locked;
	pthread_mutex_t lock;
	struct ember_pcache_entry **buckets;
	uint32_t bucket_count, count;
};

EMBER_DEFINE_HANDLE_CASTS(ember_pipeline_cache, base, VkPipelineCache,
			  VK_OBJECT_TYPE_PIPELINE_CACHE)

/**
 * struct ember_shader_object - A VkShaderEXT (compute, vertex or fragment):
 * one shader reference, and where it reads dynamic buffers (its set layouts').
 */
struct ember_shader_object {
	struct ember_object base;
	struct ember_shader *shader;
	struct ember_dynamic_layout dynamic;
};

EMBER_DEFINE_HANDLE_CASTS(ember_shader_object, base, VkShaderEXT, VK_OBJECT_TYPE_SHADER_EXT)

struct ember_gfx_pipeline;

/**
 * struct ember_pipeline - A VkPipeline: compute, its shader; graphics
 * (ember_pipeline_graphics.c), its vertex shader in @shader, its fragment
 * shader (or NULL) and its state (ember_gfx_state.h).
 * @flags: the creation flags (VkPipelineCreateFlags2).
 * @dynamic: where its shader reads dynamic buffers (its layout's).
 */
struct ember_pipeline {
	struct ember_object base;
	VkPipelineBindPoint bind_point;
	VkPipelineCreateFlags2KHR flags;
	struct ember_shader *shader;
	struct ember_shader *fragment;
	struct ember_gfx_pipeline *gfx;
	struct ember_dynamic_layout dynamic;
};

EMBER_DEFINE_HANDLE_CASTS(ember_pipeline, base, VkPipeline, VK_OBJECT_TYPE_PIPELINE)

/*
 * The creation flags of a Vk*PipelineCreateInfo whose pNext chain and
 * flags are @next and @flags: a chained VkPipelineCreateFlags2CreateInfo
 * (maintenance5) replaces @flags.
 */
VkPipelineCreateFlags2KHR ember_pipeline_create_flags(const void *next,
						      VkPipelineCreateFlags flags);

/*
 * Fills the VkPipelineCreationFeedbackCreateInfo in chain @next, if any:
 * the pipeline took from @start_ns (ember_ws_now_ns()) until now, was a
 * hit of the application's cache if @cache_hit, and each stage is
 * reported as the whole pipeline (they are built together).
 */
void ember_pipeline_write_feedback(const void *next, bool cache_hit, int64_t start_ns);

/* Creates one pipeline of a vkCreate*Pipelines call from @info. */
typedef VkResult (*ember_pipeline_create_fn)(struct ember_device *device,
					     struct ember_pipeline_cache *pcache,
					     const void *info,
					     const VkAllocationCallbacks *alloc,
					     VkPipeline *out);

/*
 * The loop of vkCreate*Pipelines over @count create infos of @info_size
 * bytes each at @infos: a failure is the call's result while the others
 * are still created, except after one with EARLY_RETURN_ON_FAILURE; every
 * pipeline not created is VK_NULL_HANDLE.
 */
VkResult ember_pipelines_create(struct ember_device *device, VkPipelineCache pipelineCache,
				uint32_t count, const void *infos, size_t info_size,
				ember_pipeline_create_fn create,
				const VkAllocationCallbacks *alloc, VkPipeline *out);

/* Drops @pipeline's shaders and frees it and its state (any kind, partly built too). */
void ember_pipeline_destroy(struct ember_device *device, const VkAllocationCallbacks *alloc,
			    struct ember_pipeline *pipeline);

#endif /* EMBER_SHADER_H */
