/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Entry point selection by name and stage
 *
 * See spirv_entry.h. The stages are VkShaderStageFlagBits' values
 * (EMBER_CC_STAGE_*), so each SPIR-V execution model maps to one bit; the
 * messages name the execution models as SPIR-V spells them.
 */

#include "spirv_entry.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "ember_cc.h"
#include "spirv_names.h"

/* The EMBER_CC_STAGE_* bit of SPIR-V execution model @model, 0 if none. */
static uint32_t stage_of_model(uint32_t model)
{
	switch (model) {
	case SpvExecutionModelVertex: return EMBER_CC_STAGE_VERTEX;
	case SpvExecutionModelTessellationControl: return EMBER_CC_STAGE_TESSELLATION_CONTROL;
	case SpvExecutionModelTessellationEvaluation:
		return EMBER_CC_STAGE_TESSELLATION_EVALUATION;
	case SpvExecutionModelGeometry: return EMBER_CC_STAGE_GEOMETRY;
	case SpvExecutionModelFragment: return EMBER_CC_STAGE_FRAGMENT;
	case SpvExecutionModelGLCompute: return EMBER_CC_STAGE_COMPUTE;
	case SpvExecutionModelTaskNV: case SpvExecutionModelTaskEXT: return EMBER_CC_STAGE_TASK;
	case SpvExecutionModelMeshNV: case SpvExecutionModelMeshEXT: return EMBER_CC_STAGE_MESH;
	case SpvExecutionModelRayGenerationKHR: return EMBER_CC_STAGE_RAYGEN;
	case SpvExecutionModelAnyHitKHR: return EMBER_CC_STAGE_ANY_HIT;
	case SpvExecutionModelClosestHitKHR: return EMBER_CC_STAGE_CLOSEST_HIT;
	case SpvExecutionModelMissKHR: return EMBER_CC_STAGE_MISS;
	case SpvExecutionModelIntersectionKHR: return EMBER_CC_STAGE_INTERSECTION;
	case SpvExecutionModelCallableKHR: return EMBER_CC_STAGE_CALLABLE;
	default: return 0;
	}
}

static const char *stage_name(uint32_t stage)
{
	switch (stage) {
	case EMBER_CC_STAGE_VERTEX: return "vertex";
	case EMBER_CC_STAGE_TESSELLATION_CONTROL: return "tessellation control";
	case EMBER_CC_STAGE_TESSELLATION_EVALUATION: return "tessellation evaluation";
	case EMBER_CC_STAGE_GEOMETRY: return "geometry";
	case EMBER_CC_STAGE_FRAGMENT: return "fragment";
	case EMBER_CC_STAGE_COMPUTE: return "compute";
	case EMBER_CC_STAGE_TASK: return "task";
	case EMBER_CC_STAGE_MESH: return "mesh";
	case EMBER_CC_STAGE_RAYGEN: return "ray generation";
	case EMBER_CC_STAGE_ANY_HIT: return "any-hit";
	case EMBER_CC_STAGE_CLOSEST_HIT: return "closest-hit";
	case EMBER_CC_STAGE_MISS: return "miss";
	case EMBER_CC_STAGE_INTERSECTION: return "intersection";
	case EMBER_CC_STAGE_CALLABLE: return "callable";
	default: return NULL;
	}
}

/* The name of OpEntryPoint @w (a literal string bounded by the instruction). */
static const char *entry_name(const uint32_t *w, uint32_t length)
{
	const char *text = (const char *)&w[3];

	return length > 3 && memchr(text, 0, (length - 3) * 4) ? text : "";
}

static int __attribute__((format(printf, 2, 3))) fail(char **error, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(error, fmt, ap) < 0)
		*error = NULL;
	va_end(ap);
	return -EINVAL;
}

/* Appends ", Model" to @list (of @size bytes) for each entry point named @name. */
static void list_models(const uint32_t *words, size_t count, const char *name, char *list,
			size_t size)
{
	size_t used = 0;

	list[0] = 0;
	for (size_t i = 5; i < count;) {
		uint32_t length = words[i] >> 16, op = words[i] & 0xffff;

		if (!length || op == SpvOpFunction)
			break;
		if (op == SpvOpEntryPoint && length > 3 && !strcmp(entry_name(&words[i], length), name)) {
			const char *model = spirv_execution_model_name(words[i + 1]);
			int n = snprintf(list + used, size - used, "%s%s", used ? ", " : "",
					 model ? model : "unknown");

			if (n < 0 || (size_t)n >= size - used)
				break;
			used += n;
		}
		i += length;
	}
}

int spirv_entry_select(const uint32_t *words, size_t count, const char *name, uint32_t stage,
		       size_t *word, char **error)
{
	unsigned int matches = 0, named = 0;
	char models[160];

	if (!name)
		name = "main";
	*word = 0;
	if (stage && !stage_name(stage))
		return fail(error, "stage 0x%x is not one stage (EMBER_CC_STAGE_*)", stage);
	for (size_t i = 5; i < count;) {
		uint32_t length = words[i] >> 16, op = words[i] & 0xffff;

		if (!length || op == SpvOpFunction)
			break;
		if (op == SpvOpEntryPoint && length > 3 && !strcmp(entry_name(&words[i], length), name)) {
			named++;
			if (!stage || stage_of_model(words[i + 1]) == stage) {
				matches++;
				*word = i;
			}
		}
		i += length;
	}
	if (matches == 1)
		return 0;
	list_models(words, count, name, models, sizeof(models));
	if (matches > 1)
		return fail(error, "entry point name \"%s\" is ambiguous: the module has %s entry "
			    "points of that name; name the stage too", name, models);
	if (!stage)
		return fail(error, "no GLCompute, Vertex or Fragment entry point named \"%s\"",
			    name);
	if (named)
		return fail(error, "no %s entry point named \"%s\" (entry points of that name: %s)",
			    stage_name(stage), name, models);
	return fail(error, "no %s entry point named \"%s\"", stage_name(stage), name);
}

uint32_t *spirv_entry_keep_only(const uint32_t *words, size_t count, size_t entry_word,
				size_t *out_count)
{
	uint32_t *out = malloc(count * sizeof(*out)), function = words[entry_word + 2];
	size_t n = 5;

	if (!out)
		return NULL;
	memcpy(out, words, 5 * sizeof(*out));
	for (size_t i = 5; i < count;) {
		uint32_t length = words[i] >> 16, op = words[i] & 0xffff;
		bool drop = false;

		if (!length || i + length > count)
			break;
		if (op == SpvOpEntryPoint)
			drop = i != entry_word;
		else if ((op == SpvOpExecutionMode || op == SpvOpExecutionModeId) && length > 1)
			drop = words[i + 1] != function;
		if (!drop) {
			memcpy(out + n, words + i, length * sizeof(*out));
			n += length;
		}
		i += length;
	}
	*out_count = n;
	return out;
}
