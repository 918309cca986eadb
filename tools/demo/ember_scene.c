/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: ember-scene — a Vulkan program that renders a lit 3D scene
 *
 * An ordinary Vulkan application (scene.c): a torus and a sphere in front
 * of it, lit per vertex by a directional light, depth-tested, 4x
 * multisampled and resolved into a headless swapchain's image, presented;
 * the image is acquired again, copied to a buffer and written as a PNG.
 * The picture is checked (scene_check.c), and the exit status is 0 only
 * when it is right. Exit status 77 (and "skipped: ..." on stdout) when no device has a
 * graphics queue that presents to a headless surface.
 *
 * Usage: ember-scene [--device NAME] [--size WxH] [--frames N] OUT.png
 */

#include "demo_png.h"
#include "scene.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	const char *device = NULL, *out = NULL;
	uint32_t w = 640, h = 480, frames = 3, *rgba;
	struct scene *scene;
	int ret, failures;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--device") && i + 1 < argc)
			device = argv[++i];
		else if (!strcmp(argv[i], "--size") && i + 1 < argc)
			sscanf(argv[++i], "%ux%u", &w, &h);
		else if (!strcmp(argv[i], "--frames") && i + 1 < argc)
			frames = (uint32_t)atoi(argv[++i]);
		else
			out = argv[i];
	}
	if (!out || w < 64 || h < 64 || w > 4096 || h > 4096 || !frames) {
		fprintf(stderr, "usage: ember-scene [--device NAME] [--size WxH] [--frames N] "
			"OUT.png\n");
		return 2;
	}
	ret = scene_create(&scene, device, w, h);
	if (ret) {
		scene_destroy(scene);
		return ret == SCENE_SKIPPED ? SCENE_SKIPPED : 1;
	}
	rgba = malloc((size_t)w * h * 4);
	if (!rgba || scene_draw_frames(scene, frames) || scene_read_back(scene, rgba)) {
		scene_destroy(scene);
		free(rgba);
		return 1;
	}
	printf("   %s: %ux%u, %u triangles a frame, %u frames presented\n",
	       scene_device_name(scene), w, h, scene_triangles(scene), frames);
	failures = scene_check_picture(rgba, w, h, scene_srgb(scene));
	if (demo_write_png(out, rgba, w, h)) {
		fprintf(stderr, "ember-scene: cannot write %s\n", out);
		failures++;
	} else {
		printf("   wrote %s\n", out);
	}
	scene_destroy(scene);
	free(rgba);
	return failures ? 1 : 0;
}
