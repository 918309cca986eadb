/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: C references of the corpus
 *
 * One function per shader whose expectations are computed rather than
 * listed (its name is the shader's, or the description's "ref"). A
 * reference reads the buffers' initial contents (corpus_in), the push
 * constants and the back end's subgroup size, and writes the expected
 * contents (corpus_out) — or, for init=ref buffers, the inputs. They are
 * plain sequential C, written from the GLSL specification, not from any
 * back end's output; lavapipe agreeing with them proves both.
 */

#include "corpus.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void basic_copy(struct corpus_test *t)
{
	memcpy(corpus_out(t, "dst"), corpus_in(t, "src"), corpus_buffer(t, "src")->size);
}

static void push_constants(struct corpus_test *t)
{
	const float *data = corpus_in(t, "data");
	float *result = corpus_out(t, "result");
	uint32_t scale;
	float offset;
	int32_t bias;

	memcpy(&scale, t->push, 4);
	memcpy(&offset, t->push + 4, 4);
	memcpy(&bias, t->push + 8, 4);
	for (int i = 0; i < 32; i++)
		result[i] = data[i] * (float)scale + offset + (float)bias;
}

#define REF(name) { #name, name }

const struct corpus_ref corpus_refs[] = {
	REF(basic_copy),
	REF(push_constants),
	{ NULL, NULL },
};
