/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Corpus runner through Ember's Vulkan driver (guest)
 *
 * The lavapipe runner's code path (lvp.c: buffers, descriptor sets, a
 * compute pipeline, a command buffer, a fence) on the Ember GPU through
 * the Khronos loader and libvulkan_ember.so in the VM: the corpus'
 * expectations checked on the whole stack as an application drives it.
 * One TAP subtest per shader; "--list" and "--filter GLOB" select; the
 * corpus' .comp files are read from /usr/share/ember/shaders unless
 * "--source-dir DIR" says otherwise.
 */

#include "corpus.h"
#include "lvp.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GUEST_SOURCE_DIR	"/usr/share/ember/shaders"

static int vk_run_test(void *ctx, const struct corpus_test *t, void **results, char *err,
		       size_t err_size)
{
	struct kernel_buffer_desc buffers[CORPUS_MAX_BUFFERS];
	struct kernel_desc desc;
	struct lvp_kernel *k;
	int ret;

	kernel_desc_from_test(t, buffers, &desc);
	k = lvp_kernel_create(ctx, &desc, err, err_size);
	if (!k)
		return -1;
	for (unsigned int i = 0; i < t->buffer_count; i++)
		memcpy(lvp_kernel_buffer(k, i), t->buffers[i].init, t->buffers[i].size);
	ret = lvp_kernel_run(k, err, err_size);
	for (unsigned int i = 0; !ret && i < t->buffer_count; i++)
		memcpy(results[i], lvp_kernel_buffer(k, i), t->buffers[i].size);
	lvp_kernel_destroy(k);
	return ret;
}

int main(int argc, char **argv)
{
	struct corpus_backend backend = {
		.name = "Ember (Vulkan)", .run = vk_run_test,
	};
	char **args = calloc(argc + 3, sizeof(*args));
	struct lvp_device *dev = NULL;
	char err[512];
	int n = 0, status;

	if (!args)
		return 1;
	/* The guest's copy of the descriptions; a --source-dir given later wins. */
	args[n++] = argv[0];
	args[n++] = "--source-dir";
	args[n++] = GUEST_SOURCE_DIR;
	for (int i = 1; i < argc; i++)
		args[n++] = argv[i];
	args[n] = NULL;
	if (!(argc > 1 && !strcmp(argv[1], "--list"))) {
		dev = lvp_open_device("Ember", err, sizeof(err));
		if (!dev) {
			printf("Bail out! Ember through Vulkan: %s\n", err);
			return 1;
		}
		tap_diag("device: %s, subgroup size %u", lvp_device_name(dev),
			 lvp_subgroup_size(dev));
		backend.ctx = dev;
		backend.subgroup_size = lvp_subgroup_size(dev);
	}
	status = corpus_main(n, args, &backend);
	if (dev)
		lvp_close(dev);
	free(args);
	return status;
}
