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
	"vertex_index", "instance_index", "base_vertex", "base_instance",
	"draw_index", "view_index",
	"frag_coord_x", "frag_coord_y", "frag_coord_z", "frag_coord_w",
	"front_facing", "sample_id", "sample_pos_x", "sample_pos_y",
	"sample_mask_in", "helper_invocation", "primitive_id", "layer",
	"point_coord_x", "point_coord_y",
};

static const char *const output_names[EMBER_ISA_NUM_OUTPUTS] = {
	"position_x", "position_y", "position_z", "position_w", "point_size",
	"clip_distance0", "clip_distance1", "clip_distance2", "clip_distance3",
	"clip_distance4", "clip_distance5", "clip_distance6", "clip_distance7",
	"cull_distance0", "cull_distance1", "cull_distance2", "cull_distance3",
	"cull_distance4", "cull_distance5", "cull_distance6", "cull_distance7",
	"layer", "frag_depth", "sample_mask", "viewport_index",
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

static const struct ember_isa_flag_name implicit_tex_flags[] = {
	{ "dref", EMBER_ISA_TEX_DREF, EMBER_ISA_TEX_DREF },
	{ "off", EMBER_ISA_TEX_OFFSET, EMBER_ISA_TEX_OFFSET },
	{ "bias", EMBER_ISA_TEX_BIAS, EMBER_ISA_TEX_BIAS },
};

/* Smooth at the centre is the default: "interp v0, 4". */
static const struct ember_isa_flag_name interp_flags[] = {
	{ "smooth", EMBER_ISA_INTERP_SMOOTH, EMBER_ISA_INTERP_KIND },
	{ "noperspective", EMBER_ISA_INTERP_NOPERSPECTIVE, EMBER_ISA_INTERP_KIND },
	{ "flat", EMBER_ISA_INTERP_FLAT, EMBER_ISA_INTERP_KIND },
	{ "center", EMBER_ISA_INTERP_CENTER, EMBER_ISA_INTERP_WHERE },
	{ "centroid", EMBER_ISA_INTERP_CENTROID, EMBER_ISA_INTERP_WHERE },
	{ "sample", EMBER_ISA_INTERP_SAMPLE, EMBER_ISA_INTERP_WHERE },
	{ "at_sample", EMBER_ISA_INTERP_AT_SAMPLE, EMBER_ISA_INTERP_WHERE },
	{ "at_offset", EMBER_ISA_INTERP_AT_OFFSET, EMBER_ISA_INTERP_WHERE },
};

static const struct ember_isa_flag_name deriv_flags[] = {
	{ "fine", 0, EMBER_ISA_DERIV_COARSE },
	{ "coarse", EMBER_ISA_DERIV_COARSE, EMBER_ISA_DERIV_COARSE },
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
	case EMBER_ISA_OP_TEX:
		return FLAGS(implicit_tex_flags);
	case EMBER_ISA_OP_INTERP:
		return FLAGS(interp_flags);
	case EMBER_ISA_OP_DDX:
	case EMBER_ISA_OP_DDY:
		return FLAGS(deriv_flags);
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
	case EMBER_ISA_OP_OSTORE:
		*count = EMBER_ISA_NUM_OUTPUTS;
		return output_names;
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

const char *const ember_isa_stage_names[EMBER_ISA_NUM_STAGES] = {
	"compute", "vertex", "fragment",
};

#define DEPTH(mode)	(EMBER_ISA_FS_DEPTH_WRITE | EMBER_ISA_DEPTH_##mode << 1)

static const struct ember_isa_stage_flag fragment_flags[] = {
	{ "depth_unchanged", DEPTH(UNCHANGED) },
	{ "depth_greater", DEPTH(GREATER) },
	{ "depth_less", DEPTH(LESS) },
	{ "depth_any", DEPTH(ANY) },
	{ "sample_mask", EMBER_ISA_FS_SAMPLE_MASK_WRITE },
	{ "early_tests", EMBER_ISA_FS_EARLY_TESTS },
	{ "sample_rate", EMBER_ISA_FS_SAMPLE_RATE },
	{ "discard", EMBER_ISA_FS_DISCARD },
};

static const struct ember_isa_stage_flag vertex_flags[] = {
	{ "point_size", EMBER_ISA_VS_POINT_SIZE },
	{ "layer", EMBER_ISA_VS_LAYER },
	{ "viewport_index", EMBER_ISA_VS_VIEWPORT_INDEX },
};

unsigned int ember_isa_stage_flag_count(bool fragment)
{
	return fragment ? sizeof(fragment_flags) / sizeof(fragment_flags[0]) :
	       sizeof(vertex_flags) / sizeof(vertex_flags[0]);
}

const struct ember_isa_stage_flag *ember_isa_stage_flag(bool fragment, unsigned int i)
{
	return fragment ? &fragment_flags[i] : &vertex_flags[i];
}
