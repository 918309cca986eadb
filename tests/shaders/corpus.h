/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The compute shader corpus — test model
 *
 * Every shader of tests/shaders/corpus/ is a GLSL compute shader whose
 * header comment describes its test in "//!" lines (the grammar is in
 * tests/shaders/README.md): the dispatch size, the buffers with their
 * set/binding, element type, count, initial contents and expected
 * contents, push constants and specialization constants. Expected values
 * are explicit in the description or computed by a C reference function
 * (corpus_refs.c) from the initial contents.
 *
 * The same test runs on two back ends — lavapipe through the Vulkan loader
 * (which proves the expectations right) and Ember's compiler + shader core
 * on the host — so everything a back end needs is here: the SPIR-V, the
 * buffers' initial bytes and the launch parameters. A back end fills one
 * result buffer per corpus buffer; corpus_check() compares them.
 */

#ifndef EMBER_CORPUS_H
#define EMBER_CORPUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CORPUS_MAX_BUFFERS 16
#define CORPUS_MAX_SPEC 16
#define CORPUS_MAX_PUSH 256

enum corpus_type {
	CORPUS_U8, CORPUS_I8, CORPUS_U16, CORPUS_I16, CORPUS_U32, CORPUS_I32,
	CORPUS_U64, CORPUS_I64, CORPUS_F16, CORPUS_F32,
};

/*
 * What a corpus resource is bound as. Images, samplers and texel buffers
 * are resources like buffers: their contents are packed texels (see
 * struct corpus_image), so init/expect/ref work on them unchanged.
 */
enum corpus_buffer_kind {
	CORPUS_STORAGE, CORPUS_UNIFORM,
	CORPUS_STORAGE_IMAGE, CORPUS_SAMPLED_IMAGE, CORPUS_COMBINED_IMAGE, CORPUS_SAMPLER,
	CORPUS_UNIFORM_TEXEL, CORPUS_STORAGE_TEXEL,
};

/*
 * An image (or a texel buffer's format). The contents are packed: level
 * after level from 0, in a level the layers one after the other, in a
 * layer the slices, rows and texels in order without padding (what
 * vkCmdCopyBufferToImage reads with one region per level). Elements are
 * the format's components (u8 for rgba8, f16 for rgba16f, ...; one u32
 * for packed formats), so init/expect generators fill them.
 */
struct corpus_image {
	uint32_t format;	/* VkFormat */
	uint32_t view_type;	/* VkImageViewType */
	uint32_t width, height, depth, levels, layers;
	uint32_t texel_size;	/* bytes */
	bool depth_format;	/* D32_SFLOAT: depth aspect */
	bool linear;		/* Ember: the LINEAR layout (one level), not TILED_4K */
};

/* A sampler: Vulkan's values (VkFilter, VkSamplerAddressMode, VkBorderColor, ...). */
struct corpus_sampler {
	uint32_t mag_filter, min_filter, mipmap_mode, address[3];
	uint32_t border;	/* VkBorderColor */
	bool compare_enable, unnormalized;
	uint32_t compare_op;	/* VkCompareOp */
	float lod_bias, min_lod, max_lod;
};

/* How a float result may differ from the reference. */
enum corpus_tolerance { CORPUS_EXACT, CORPUS_ULP, CORPUS_ABS, CORPUS_REL };

struct corpus_buffer {
	char name[32];
	enum corpus_buffer_kind kind;
	uint32_t set, binding;
	uint32_t array_index;	/* element of an array of descriptors */
	enum corpus_type type;
	uint32_t count;		/* elements of @type */
	uint64_t size;		/* bytes allocated = count * element size */
	uint64_t range;		/* bytes bound to the descriptor (<= size) */
	void *init;		/* @size bytes uploaded before the dispatch */
	void *expected;		/* @size bytes, NULL when not checked */
	bool expect_from_ref;	/* the reference function fills @expected */
	bool init_from_ref;	/* the reference function fills @init */
	bool unordered;		/* compare as multisets (atomics' return values) */
	enum corpus_tolerance tolerance;
	double tolerance_value;	/* ULPs, absolute or relative error */
	struct corpus_image image;	/* images and texel buffers (format) */
	struct corpus_sampler sampler;	/* samplers and combined images */
};

struct corpus_spec_constant {
	uint32_t id;
	uint32_t size;		/* 4 or 8 bytes */
	uint64_t value;		/* bit pattern */
};

struct corpus_test {
	char name[64];
	uint32_t groups[3];
	unsigned int buffer_count;
	struct corpus_buffer buffers[CORPUS_MAX_BUFFERS];
	uint32_t push_size;
	uint8_t push[CORPUS_MAX_PUSH];
	unsigned int spec_count;
	struct corpus_spec_constant spec[CORPUS_MAX_SPEC];
	char ref[64];		/* reference function, "" if none */
	unsigned int subgroup_size;	/* of the back end, for the references */
	const uint32_t *spirv;
	size_t spirv_words;
};

/* The SPIR-V of every corpus shader, compiled by glslangValidator at build time. */
struct corpus_shader {
	const char *name;
	const uint32_t *spirv;
	size_t spirv_size;	/* bytes */
};
extern const struct corpus_shader corpus_shaders[];
extern const unsigned int corpus_shader_count;

/* A C reference: fills init_from_ref and expect_from_ref buffers. */
struct corpus_ref {
	const char *name;
	void (*compute)(struct corpus_test *t);
};
/* NULL-terminated list of NULL-terminated tables (corpus_refs.c). */
extern const struct corpus_ref *const corpus_ref_tables[];

/*
 * Reads the description of @shader (its .comp file in @source_dir), fills
 * the initial and expected contents for a back end of @subgroup_size
 * lanes. Returns 0, or -1 with a message in @err.
 */
int corpus_load(struct corpus_test *t, const struct corpus_shader *shader,
		const char *source_dir, unsigned int subgroup_size,
		char *err, size_t err_size);
void corpus_free(struct corpus_test *t);

/*
 * Compares @results (one buffer of each corpus buffer's size) to the
 * expectations; prints TAP diagnostics for the first mismatches.
 */
bool corpus_check(const struct corpus_test *t, void *const *results);

size_t corpus_type_size(enum corpus_type type);

/* Whether @kind is an image, sampler or texel buffer (ISA 1.2 resources). */
bool corpus_kind_is_image(enum corpus_buffer_kind kind);
/* Whether @t declares images, samplers or texel buffers. */
bool corpus_test_has_images(const struct corpus_test *t);
/* Width, height, depth of level @level of @image. */
void corpus_image_level_extent(const struct corpus_image *image, uint32_t level,
			       uint32_t extent[3]);
/* Byte offset of level @level in the packed contents. */
uint64_t corpus_image_level_offset(const struct corpus_image *image, uint32_t level);

/* For the references: a buffer's initial or expected contents by name. */
void *corpus_in(struct corpus_test *t, const char *name);
void *corpus_out(struct corpus_test *t, const char *name);
struct corpus_buffer *corpus_buffer(struct corpus_test *t, const char *name);

/* The corpus' deterministic pseudo-random generator (splitmix64). */
uint64_t corpus_random(uint64_t *state);

/* float <-> IEEE half, round to nearest even, as packHalf2x16 does. */
uint16_t corpus_f32_to_f16(float f);
float corpus_f16_to_f32(uint16_t h);

/*
 * A back end: runs one test, writing each buffer's contents after the
 * dispatch to results[i]. Returns 0, or -1 with a message in @err.
 *
 * An isolated back end runs every test in a child process of its own,
 * opening its context there (@open, @close): a crash or a hang (beyond
 * @timeout seconds) fails that shader's subtest only, with the signal.
 */
struct corpus_backend {
	const char *name;
	unsigned int subgroup_size;
	int (*run)(void *ctx, const struct corpus_test *t, void **results,
		   char *err, size_t err_size);
	void *ctx;
	bool isolate;
	unsigned int timeout;
	/*
	 * Why this back end does not run image shaders yet (NULL: it does):
	 * such a shader's subtest passes with a "SKIP" diagnostic.
	 */
	const char *skip_images;
	void *(*open)(char *err, size_t err_size);
	void (*close)(void *ctx);
};

/*
 * The runners' common main: "--list" prints the shader names, "--filter
 * GLOB" selects shaders; every selected shader is one TAP subtest.
 */
int corpus_main(int argc, char **argv, const struct corpus_backend *backend);

#endif /* EMBER_CORPUS_H */
