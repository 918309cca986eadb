/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* Modifier names of the assembly syntax (see text_names.h). */

#include "text_names.h"

#include <string.h>

#include "ember_isa.h"

static const char *const cond_names[16] = {
	"eq", "ne", "lt", "le", "gt", "ge", NULL, NULL,
	"ueq", "une", "ult", "ule", "ugt", "uge", "ord", "uno",
};

static const char *const atomic_names[EMBER_ISA_NUM_ATOMIC_OPS] = {
	"add", "smin", "umin", "smax", "umax", "and", "or", "xor", "xchg",
	"cmpxchg",
};

static const char *const sg_names[EMBER_ISA_NUM_SG_OPS] = {
	"add", "mul", "min", "max", "and", "or", "xor",
};

static const char *const scope_names[EMBER_ISA_NUM_SCOPES] = {
	"workgroup", "device",
};

static const char *const sr_names[EMBER_ISA_NUM_SRS] = {
	"lane_id", "local_id_x", "local_id_y", "local_id_z", "local_index",
	"wave_id", "num_waves", "group_id_x", "group_id_y", "group_id_z",
	"num_groups_x", "num_groups_y", "num_groups_z", "exec",
	"lane_mask_eq", "lane_mask_lt", "lane_mask_le", "lane_mask_gt",
	"lane_mask_ge",
};

static const char *const resource_kind_names[] = {
	[EMBER_ISA_RES_STORAGE_BUFFER] = "storage",
	[EMBER_ISA_RES_UNIFORM_BUFFER] = "uniform",
	[EMBER_ISA_RES_SAMPLED_IMAGE] = "sampled_image",
	[EMBER_ISA_RES_STORAGE_IMAGE] = "storage_image",
	[EMBER_ISA_RES_SAMPLER] = "sampler",
	[EMBER_ISA_RES_COMBINED_IMAGE_SAMPLER] = "combined_image_sampler",
	[EMBER_ISA_RES_UNIFORM_TEXEL_BUFFER] = "uniform_texel_buffer",
	[EMBER_ISA_RES_STORAGE_TEXEL_BUFFER] = "storage_texel_buffer",
};

#define NUM_RESOURCE_KINDS	(sizeof(resource_kind_names) / sizeof(resource_kind_names[0]))

const char *ember_isa_resource_kind_name(unsigned int kind)
{
	return kind < NUM_RESOURCE_KINDS ? resource_kind_names[kind] : NULL;
}

int ember_isa_resource_kind_lookup(const char *name, unsigned int len)
{
	for (unsigned int k = 0; k < NUM_RESOURCE_KINDS; k++)
		if (resource_kind_names[k] && strlen(resource_kind_names[k]) == len &&
		    !memcmp(resource_kind_names[k], name, len))
			return (int)k;
	return -1;
}

static const char *const query_names[EMBER_ISA_NUM_QUERIES] = {
	"levels", "samples",
};

static const struct ember_isa_flag_name tex_flags[] = {
	{ "dref", EMBER_ISA_TEX_DREF, EMBER_ISA_TEX_DREF },
	{ "off", EMBER_ISA_TEX_OFFSET, EMBER_ISA_TEX_OFFSET },
};

static const struct ember_isa_flag_name gather_flags[] = {
	{ "r", 0, EMBER_ISA_GATHER_COMPONENT },
	{ "g", 1, EMBER_ISA_GATHER_COMPONENT },
	{ "b", 2, EMBER_ISA_GATHER_COMPONENT },
	{ "a", 3, EMBER_ISA_GATHER_COMPONENT },
	{ "dref", EMBER_ISA_GATHER_DREF, EMBER_ISA_GATHER_DREF },
	{ "off", EMBER_ISA_GATHER_OFFSET, EMBER_ISA_GATHER_OFFSET },
	{ "offs", EMBER_ISA_GATHER_OFFSETS, EMBER_ISA_GATHER_OFFSETS },
};

static const struct ember_isa_flag_name fetch_flags[] = {
	{ "off", EMBER_ISA_FETCH_OFFSET, EMBER_ISA_FETCH_OFFSET },
};

const struct ember_isa_flag_name *ember_isa_mod_flags(unsigned int opcode,
						      unsigned int *count)
{
#define FLAGS(a)	(*count = sizeof(a) / sizeof(a[0]), a)
	switch (opcode) {
	case EMBER_ISA_OP_TEXL:
	case EMBER_ISA_OP_TEXG:
		return FLAGS(tex_flags);
	case EMBER_ISA_OP_GATHER:
		return FLAGS(gather_flags);
	case EMBER_ISA_OP_FETCH:
		return FLAGS(fetch_flags);
	default:
		*count = 0;
		return NULL;
	}
#undef FLAGS
}

static const char *const *names_of(unsigned int opcode, unsigned int *count)
{
	switch (opcode) {
	case EMBER_ISA_OP_CMP:
		*count = 16;
		return cond_names;
	case EMBER_ISA_OP_ATOMG:
	case EMBER_ISA_OP_ATOMS:
	case EMBER_ISA_OP_ATOMGA:
	case EMBER_ISA_OP_IMGATOM:
	case EMBER_ISA_OP_TBATOM:
		*count = EMBER_ISA_NUM_ATOMIC_OPS;
		return atomic_names;
	case EMBER_ISA_OP_SGREDUCE:
	case EMBER_ISA_OP_SGISCAN:
	case EMBER_ISA_OP_SGESCAN:
		*count = EMBER_ISA_NUM_SG_OPS;
		return sg_names;
	case EMBER_ISA_OP_MEMBAR:
		*count = EMBER_ISA_NUM_SCOPES;
		return scope_names;
	case EMBER_ISA_OP_S2R:
		*count = EMBER_ISA_NUM_SRS;
		return sr_names;
	case EMBER_ISA_OP_IMGQUERY:
		*count = EMBER_ISA_NUM_QUERIES;
		return query_names;
	default:
		*count = 0;
		return NULL;
	}
}

bool ember_isa_has_mod_names(unsigned int opcode)
{
	unsigned int count;

	return names_of(opcode, &count) != NULL;
}

const char *ember_isa_mod_name(unsigned int opcode, unsigned int mod)
{
	unsigned int count;
	const char *const *names = names_of(opcode, &count);

	return names && mod < count ? names[mod] : NULL;
}

int ember_isa_mod_lookup(unsigned int opcode, const char *name, unsigned int len)
{
	unsigned int count;
	const char *const *names = names_of(opcode, &count);

	for (unsigned int i = 0; names && i < count; i++)
		if (names[i] && strlen(names[i]) == len && !memcmp(names[i], name, len))
			return (int)i;
	return -1;
}
