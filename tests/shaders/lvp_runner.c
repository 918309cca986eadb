/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Corpus runner on lavapipe
 *
 * Runs every corpus shader on Mesa's lavapipe through the Vulkan loader on
 * the host and checks its expectations: this proves the descriptions and
 * the C references right, independently of Ember. One TAP subtest per
 * shader; "--list" and "--filter GLOB" select shaders.
 *
 * Lavapipe's subgroups are 8 lanes wide (Ember's are 32): the references
 * of subgroup shaders take the back end's subgroup size.
 */

#include "corpus.h"
#include "lvp.h"
#include "tap.h"

#include <stdio.h>
#include <string.h>

static int lvp_run_test(void *ctx, const struct corpus_test *t, void **results,
			char *err, size_t err_size)
{
	struct kernel_buffer_desc buffers[CORPUS_MAX_BUFFERS];
	struct kernel_desc desc;
	struct lvp_kernel *k;

	kernel_desc_from_test(t, buffers, &desc);
	k = lvp_kernel_create(ctx, &desc, err, err_size);
	if (!k)
		return -1;
	for (unsigned int i = 0; i < t->buffer_count; i++)
		memcpy(lvp_kernel_buffer(k, i), t->buffers[i].init, t->buffers[i].size);
	int ret = lvp_kernel_run(k, err, err_size);
	for (unsigned int i = 0; !ret && i < t->buffer_count; i++)
		memcpy(results[i], lvp_kernel_buffer(k, i), t->buffers[i].size);
	lvp_kernel_destroy(k);
	return ret;
}

int main(int argc, char **argv)
{
	struct corpus_backend backend = { .name = "lavapipe", .run = lvp_run_test };
	struct lvp_device *dev;
	char err[512];

	if (argc > 1 && !strcmp(argv[1], "--list"))
		return corpus_main(argc, argv, &backend);
	dev = lvp_open(err, sizeof(err));
	if (!dev) {
		printf("Bail out! lavapipe: %s\n", err);
		return 1;
	}
	tap_diag("device: %s, subgroup size %u", lvp_device_name(dev), lvp_subgroup_size(dev));
	backend.ctx = dev;
	backend.subgroup_size = lvp_subgroup_size(dev);
	int status = corpus_main(argc, argv, &backend);
	lvp_close(dev);
	return status;
}
