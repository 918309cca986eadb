/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* The tables of C references, one per area (see corpus_refs.h). */

#include "corpus_refs.h"

const struct corpus_ref *const corpus_ref_tables[] = {
	corpus_refs_basic,
	corpus_refs_builtins,
	corpus_refs_control,
	corpus_refs_memory,
	corpus_refs_subgroup,
	corpus_refs_workloads,
	corpus_refs_images,
	NULL,
};
