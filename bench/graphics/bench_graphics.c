/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: bench-graphics — triangle and fragment throughput of the demo scene
 *
 * The scene of ember-scene (tools/demo/scene.h: about 6900 lit triangles,
 * depth-tested, 4x multisampled, resolved into a headless swapchain and
 * presented) drawn for N frames on one device; the last picture is
 * checked as ember-scene checks it (a wrong picture fails the benchmark).
 * Figures: triangles/s (the frame's triangles x frames / wall time) and
 * fragments/s (the pixels the objects cover in the picture x frames /
 * wall time: visible fragments, each of 1 to 4 samples; hidden ones are
 * shaded too but not counted). Two warm-up frames are not timed.
 *
 * --ref-out FILE writes this run's figures as "--graphics-ref T,F" (the
 * host's lavapipe run of ./ember bench); --graphics-ref T,F prints the
 * figures as ratios to those (the guest's Ember run): both in one
 * ./ember bench. A device without a graphics queue is skipped (exit 0).
 *
 * Usage: bench-graphics [--device NAME] [--size WxH] [--frames N]
 *                       [--ref-out FILE] [--graphics-ref T,F]
 */

#include "scene.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	const char *device = NULL, *ref_out = NULL;
	double ref_tri = 0, ref_frag = 0, t0, seconds, tri_s, frag_s;
	uint32_t w = 640, h = 480, frames = 20, *rgba;
	uint64_t covered;
	struct scene *scene;
	int ret;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--device") && i + 1 < argc)
			device = argv[++i];
		else if (!strcmp(argv[i], "--size") && i + 1 < argc)
			sscanf(argv[++i], "%ux%u", &w, &h);
		else if (!strcmp(argv[i], "--frames") && i + 1 < argc)
			frames = (uint32_t)atoi(argv[++i]);
		else if (!strcmp(argv[i], "--ref-out") && i + 1 < argc)
			ref_out = argv[++i];
		else if (!strcmp(argv[i], "--graphics-ref") && i + 1 < argc)
			sscanf(argv[++i], "%lf,%lf", &ref_tri, &ref_frag);
		else {
			fprintf(stderr, "usage: bench-graphics [--device NAME] [--size WxH] "
				"[--frames N] [--ref-out FILE] [--graphics-ref T,F]\n");
			return 2;
		}
	}
	if (w < 64 || h < 64 || w > 4096 || h > 4096 || !frames) {
		fprintf(stderr, "bench-graphics: bad size or frame count\n");
		return 2;
	}
	ret = scene_create(&scene, device, w, h);
	if (ret) {
		scene_destroy(scene);
		/* It said why: a device that cannot draw is not a failure. */
		return ret == SCENE_SKIPPED ? 0 : 1;
	}
	rgba = malloc((size_t)w * h * 4);
	if (!rgba || scene_draw_frames(scene, 2))
		goto fail;
	t0 = now_s();
	if (scene_draw_frames(scene, frames))
		goto fail;
	seconds = now_s() - t0;
	if (scene_read_back(scene, rgba))
		goto fail;
	if (scene_check_picture(rgba, w, h, scene_srgb(scene))) {
		printf("bench-graphics: the picture is wrong: no figures\n");
		goto fail;
	}
	covered = scene_covered_pixels(rgba, w, h, scene_srgb(scene));
	tri_s = (double)scene_triangles(scene) * frames / seconds;
	frag_s = (double)covered * frames / seconds;
	printf("%s: %ux%u 4x MSAA, %u triangles and %llu visible fragments a frame, "
	       "%u frames in %.2f s\n", scene_device_name(scene), w, h, scene_triangles(scene),
	       (unsigned long long)covered, frames, seconds);
	printf("  triangles/s %12.0f", tri_s);
	if (ref_tri > 0)
		printf("   ratio to lavapipe (host) %.3f", tri_s / ref_tri);
	printf("\n  fragments/s %12.0f", frag_s);
	if (ref_frag > 0)
		printf("   ratio to lavapipe (host) %.3f", frag_s / ref_frag);
	printf("\n");
	if (ref_out) {
		FILE *f = fopen(ref_out, "w");

		if (!f || fprintf(f, "--graphics-ref %.0f,%.0f\n", tri_s, frag_s) < 0 || fclose(f)) {
			fprintf(stderr, "bench-graphics: cannot write %s\n", ref_out);
			goto fail;
		}
	}
	scene_destroy(scene);
	free(rgba);
	return 0;

fail:
	scene_destroy(scene);
	free(rgba);
	return 1;
}
