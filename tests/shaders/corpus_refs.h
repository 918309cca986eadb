/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Writing C references
 *
 * One function per shader whose expectations are computed rather than
 * listed (its name is the shader's, or the description's "ref"), in the
 * refs_*.c file of its area. A reference reads the initial contents
 * (corpus_in), the push constants and the back end's subgroup size, and
 * writes the expected contents (corpus_out) — or, for init=ref buffers,
 * the inputs. References are plain sequential C written from the GLSL
 * specification, never from a back end's output: lavapipe agreeing with
 * them proves both. Integer arithmetic that wraps in GLSL is done on
 * unsigned C types (signed overflow is undefined in C).
 */

#ifndef EMBER_CORPUS_REFS_H
#define EMBER_CORPUS_REFS_H

#include "corpus.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#define REF(name) { #name, name }

extern const struct corpus_ref corpus_refs_basic[];
extern const struct corpus_ref corpus_refs_builtins[];
extern const struct corpus_ref corpus_refs_control[];
extern const struct corpus_ref corpus_refs_memory[];
extern const struct corpus_ref corpus_refs_subgroup[];
extern const struct corpus_ref corpus_refs_workloads[];
extern const struct corpus_ref corpus_refs_images[];

static inline uint32_t push_u32(const struct corpus_test *t, unsigned int offset)
{
	uint32_t v;

	memcpy(&v, t->push + offset, 4);
	return v;
}

static inline float push_f32(const struct corpus_test *t, unsigned int offset)
{
	float v;

	memcpy(&v, t->push + offset, 4);
	return v;
}

static inline float bits_f32(uint32_t u)
{
	float f;

	memcpy(&f, &u, 4);
	return f;
}

static inline uint32_t f32_bits(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return u;
}

#endif /* EMBER_CORPUS_REFS_H */
