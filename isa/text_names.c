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

static const char *const *names_of(unsigned int opcode, unsigned int *count)
{
	switch (opcode) {
	case EMBER_ISA_OP_CMP:
		*count = 16;
		return cond_names;
	case EMBER_ISA_OP_ATOMG:
	case EMBER_ISA_OP_ATOMS:
	case EMBER_ISA_OP_ATOMGA:
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
