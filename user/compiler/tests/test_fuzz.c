/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * "Never crashes": every test shader, mutated many times (random words
 * replaced, bits flipped, the module truncated; a fixed seed, so a
 * failure reproduces), goes through ember_cc_compile(). Each call must
 * return either a binary the ISA library accepts or a negative errno with
 * a message. A crash fails the test by killing it.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember_cc.h"
#include "ember_isa.h"
#include "spirv_file.h"
#include "tap.h"

#define MUTATIONS 150

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t next_random(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static bool fuzz_one(const char *path)
{
	uint32_t *words, *copy;
	size_t n;
	bool ok = true;

	words = spirv_file_read(path, &n);
	copy = words ? malloc(n * 4) : NULL;
	if (!copy) {
		free(words);
		return false;
	}
	for (int m = 0; m < MUTATIONS && ok; m++) {
		size_t count = n;
		char *error = NULL;
		void *binary = NULL;
		size_t size;
		int ret;

		memcpy(copy, words, n * 4);
		switch (m % 3) {
		case 0:	/* a word anywhere after the header */
			copy[5 + next_random() % (n - 5)] = next_random();
			break;
		case 1:	/* a bit */
			copy[5 + next_random() % (n - 5)] ^= 1u << (next_random() % 32);
			break;
		default:	/* truncation */
			count = 5 + next_random() % (n - 5);
			break;
		}
		ret = ember_cc_compile(copy, count, NULL, &binary, &size, &error);
		if (ret == 0) {
			struct ember_isa_shader s;

			ok = binary && !ember_isa_shader_parse(binary, size, &s);
		} else {
			ok = ret < 0 && error && *error && !binary;
		}
		if (!ok)
			tap_diag("%s mutation %d: ret %d, message \"%s\"", path, m, ret,
				 error ? error : "(none)");
		free(binary);
		free(error);
	}
	free(words);
	free(copy);
	return ok;
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		char name[256];

		snprintf(name, sizeof(name), "mutated-%s", strrchr(argv[i], '/') ?
			 strrchr(argv[i], '/') + 1 : argv[i]);
		tap_result(fuzz_one(argv[i]), name);
	}
	return tap_finish();
}
