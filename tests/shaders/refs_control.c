/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#include "corpus_refs.h"

const struct corpus_ref corpus_refs_control[] = {
	{ NULL, NULL },
};
