/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* A kernel's SPIR-V to an Ember binary (see ember_kernel.h). */

#include "ember_kernel.h"

#include "ember_cc.h"

#include <stdio.h>
#include <stdlib.h>

int ember_kernel_compile(const struct kernel_desc *desc, void **binary, size_t *size,
			 char *err, size_t err_size)
{
	struct ember_cc_spec_constant spec[CORPUS_MAX_SPEC];
	char *message = NULL;
	int ret;

	if (desc->spec_count > CORPUS_MAX_SPEC) {
		snprintf(err, err_size, "too many spec constants");
		return -1;
	}
	for (unsigned int i = 0; i < desc->spec_count; i++)
		spec[i] = (struct ember_cc_spec_constant) {
			.id = desc->spec[i].id, .value = desc->spec[i].value,
		};
	const struct ember_cc_options options = {
		.spec_constants = spec,
		.spec_constant_count = desc->spec_count,
	};
	ret = ember_cc_compile(desc->spirv, desc->spirv_words, &options, binary, size, &message);
	if (ret)
		snprintf(err, err_size, "ember_cc_compile: %d: %s", ret,
			 message ? message : "(no message)");
	free(message);
	return ret ? -1 : 0;
}
