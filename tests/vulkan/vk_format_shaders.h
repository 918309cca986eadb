/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The shaders of format-features-exercised (shaders/format_*.comp), one
 * build of each per sampled type (float, int, uint) and, for storage
 * images and storage texel buffers, per SPIR-V image format
 * (shaders/format_storage.txt): gen_format_shaders.py writes the tables.
 */

#ifndef EMBER_VK_FORMAT_SHADERS_H
#define EMBER_VK_FORMAT_SHADERS_H

#include <stddef.h>
#include <stdint.h>

struct vk_spirv {
	const uint32_t *code;
	size_t size;
};

/* The shaders of one SPIR-V image format. */
struct vk_storage_shaders {
	const char *format;		/* the GLSL qualifier: "rgba8", "r32ui", ... */
	struct vk_spirv image;		/* format_storage.comp */
	struct vk_spirv texel_buffer;	/* format_texel_storage.comp */
};

extern const struct vk_storage_shaders vk_storage_shaders[];
extern const unsigned int vk_storage_shader_count;

/* By sampled type: [0] float, [1] int, [2] uint. */
extern const struct vk_spirv vk_format_sample_spv[3];
extern const struct vk_spirv vk_format_texel_uniform_spv[3];
/* By signedness: [0] r32ui, [1] r32i. */
extern const struct vk_spirv vk_format_atomic_image_spv[2];
extern const struct vk_spirv vk_format_atomic_texel_spv[2];
extern const struct vk_spirv vk_format_filter_spv;
extern const struct vk_spirv vk_format_shadow_spv;

#endif /* EMBER_VK_FORMAT_SHADERS_H */
