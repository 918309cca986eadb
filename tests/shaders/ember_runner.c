/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Corpus runner on Ember
 *
 * Runs every corpus shader through Ember's compiler (ember_cc_compile) and
 * shader core (ember_host_dispatch, the device path with no VM) and checks
 * the same expectations lavapipe passes. Every compiled binary also goes
 * through the disassembler and back through the assembler, which must
 * give the same bytes. One TAP subtest per shader: it fails on a compiler
 * refusal (the message names what is unsupported), a round-trip mismatch,
 * a GPU fault or a wrong result. "--list" and "--filter GLOB" select.
 *
 * Each shader runs in a child process with a device of its own, so a
 * compiler or shader-core crash, or a hang, fails that shader only.
 */

#include "corpus.h"
#include "ember_host.h"
#include "ember_isa.h"
#include "ember_kernel.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EMBER_SUBGROUP_SIZE 32
/* Seconds a shader may take (compile + dispatch) before it counts as hung. */
#define EMBER_SHADER_TIMEOUT 60

/* Disassemble @binary, assemble the text: the bytes must come back. */
static bool ember_round_trip(const struct corpus_test *t, const void *binary, size_t size)
{
	char *text = NULL, err[256] = "";
	void *again = NULL;
	size_t again_size = 0;
	bool ok = false;
	int ret = ember_isa_disassemble(binary, size, &text);

	if (ret) {
		tap_diag("%s: disassembler: %s", t->name, ember_isa_strerror(ret));
		return false;
	}
	ret = ember_isa_assemble(text, &again, &again_size, err, sizeof(err));
	if (ret) {
		tap_diag("%s: assembling the disassembly: %s: %s", t->name, ember_isa_strerror(ret),
			 err);
	} else if (again_size != size || memcmp(again, binary, size)) {
		size_t at = 0;

		while (at < size && at < again_size && ((const uint8_t *)binary)[at] ==
		       ((const uint8_t *)again)[at])
			at++;
		tap_diag("%s: round trip differs: %zu bytes in, %zu out, first difference at byte %zu",
			 t->name, size, again_size, at);
	} else {
		ok = true;
	}
	free(text);
	free(again);
	return ok;
}

static int ember_run_test(void *ctx, const struct corpus_test *t, void **results,
			  char *err, size_t err_size)
{
	struct kernel_buffer_desc buffers[CORPUS_MAX_BUFFERS];
	struct kernel_desc desc;
	struct ember_kernel *k;
	size_t binary_size;

	kernel_desc_from_test(t, buffers, &desc);
	k = ember_kernel_create(ctx, &desc, err, err_size);
	if (!k)
		return -1;
	const void *binary = ember_kernel_binary(k, &binary_size);
	bool round_trip = ember_round_trip(t, binary, binary_size);
	for (unsigned int i = 0; i < t->buffer_count; i++)
		memcpy(ember_kernel_buffer(k, i), t->buffers[i].init, t->buffers[i].size);
	int ret = ember_kernel_run(k, err, err_size);
	for (unsigned int i = 0; !ret && i < t->buffer_count; i++)
		memcpy(results[i], ember_kernel_buffer(k, i), t->buffers[i].size);
	ember_kernel_destroy(k);
	if (!ret && !round_trip) {
		snprintf(err, err_size, "disassembler/assembler round trip failed");
		return -1;
	}
	return ret;
}

/* A device per shader, in the shader's own process (see corpus_backend). */
static void *ember_open(char *err, size_t err_size)
{
	struct ember_host *host = ember_host_create(0);

	if (!host)
		snprintf(err, err_size, "ember_host_create failed");
	return host;
}

static void ember_close(void *ctx)
{
	ember_host_destroy(ctx);
}

int main(int argc, char **argv)
{
	const struct corpus_backend backend = {
		.name = "ember",
		.run = ember_run_test,
		.subgroup_size = EMBER_SUBGROUP_SIZE,
		.isolate = true,
		.timeout = EMBER_SHADER_TIMEOUT,
		.open = ember_open,
		.close = ember_close,
	};

	return corpus_main(argc, argv, &backend);
}
