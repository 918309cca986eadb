/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: What a correct picture of the demo scene shows
 *
 * Structural checks that any correct implementation passes and a broken
 * one fails, each printed with what it found:
 * - the corners are the background colour;
 * - the sphere's centre is the sphere's colour, although the torus behind
 *   it is drawn after it (the depth test);
 * - the torus's far-left tube is the torus's colour;
 * - the sphere is brighter where it faces the light than near its
 *   silhouette on the side away from it (per-vertex normals and light);
 * - some pixels on the silhouettes mix object and background (the 4
 *   samples resolved);
 * - no run of pixels along a row differs from the pixels right above and
 *   below it where those two agree: smooth shading and the scene's
 *   silhouettes never make one, a tile or span written wrong (left in the
 *   clear colour, or garbage) does.
 */

#include "scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* An 8-bit channel of linear value @v as the swapchain stores it. */
static int channel(float v, bool srgb)
{
	if (srgb)
		v = v <= 0.0031308f ? v * 12.92f : 1.055f * powf(v, 1.0f / 2.4f) - 0.055f;
	return (int)lroundf(v * 255.0f);
}

static uint32_t pixel(const uint32_t *rgba, uint32_t w, uint32_t h, float x, float y)
{
	uint32_t px = x < 0 ? 0 : x >= w ? w - 1 : (uint32_t)x;
	uint32_t py = y < 0 ? 0 : y >= h ? h - 1 : (uint32_t)y;

	return rgba[(size_t)py * w + px];
}

#define R(p) ((int)((p) & 0xff))
#define G(p) ((int)(((p) >> 8) & 0xff))
#define B(p) ((int)(((p) >> 16) & 0xff))

/*
 * A pixel unlike the two pixels above and below it, which are alike: a
 * one-pixel-tall feature the scene does not have.
 */
static bool vertical_outlier(const uint32_t *rgba, uint32_t w, uint32_t px, uint32_t py)
{
	uint32_t up = rgba[(size_t)(py - 1) * w + px], m = rgba[(size_t)py * w + px];
	uint32_t dn = rgba[(size_t)(py + 1) * w + px];
	int worst = 0;

	for (int shift = 0; shift < 24; shift += 8) {
		int a = (int)((up >> shift) & 0xff), b = (int)((dn >> shift) & 0xff);
		int c = (int)((m >> shift) & 0xff);

		if (abs(a - b) > 12)
			return false;
		if (abs(2 * c - a - b) > worst)
			worst = abs(2 * c - a - b);
	}
	return worst > 2 * 40;
}

/* Runs of at least OUTLIER_RUN vertical outliers along a row. */
#define OUTLIER_RUN 2

static uint32_t outlier_runs(const uint32_t *rgba, uint32_t w, uint32_t h)
{
	uint32_t runs = 0;

	for (uint32_t py = 1; py + 1 < h; py++) {
		uint32_t run = 0;

		for (uint32_t px = 0; px <= w; px++) {
			if (px < w && vertical_outlier(rgba, w, px, py)) {
				run++;
				continue;
			}
			if (run >= OUTLIER_RUN && runs++ < 4)
				printf("   bad run of %u pixels at (%u, %u)\n", run, px - run, py);
			run = 0;
		}
	}
	return runs;
}

int scene_check_picture(const uint32_t *rgba, uint32_t w, uint32_t h, bool srgb)
{
	const int bg[3] = { channel(scene_background[0], srgb), channel(scene_background[1], srgb),
			    channel(scene_background[2], srgb) };
	const float left_tube[3] = { -SCENE_TORUS_MAJOR, 0, 0 };
	const float *c = scene_sphere_centre;
	/* Towards the lower right, away from the light (which is up and to the left). */
	const float away[3] = { c[0] + 0.85f * SCENE_SPHERE_RADIUS * 0.7071f,
				c[1] - 0.85f * SCENE_SPHERE_RADIUS * 0.7071f, c[2] };
	const float corners[4][2] = { { 0, 0 }, { (float)w - 1, 0 }, { 0, (float)h - 1 },
				      { (float)w - 1, (float)h - 1 } };
	float x, y;
	uint32_t p, q, mixed = 0;
	int failures = 0;

	for (int i = 0; i < 4; i++) {
		p = pixel(rgba, w, h, corners[i][0], corners[i][1]);
		if (abs(R(p) - bg[0]) > 1 || abs(G(p) - bg[1]) > 1 || abs(B(p) - bg[2]) > 1) {
			printf("   FAIL  corner %d is %d,%d,%d, not the background %d,%d,%d\n", i,
			       R(p), G(p), B(p), bg[0], bg[1], bg[2]);
			failures++;
		}
	}
	scene_project(c, w, h, &x, &y);
	p = pixel(rgba, w, h, x, y);
	if (!(R(p) > 2 * B(p) && R(p) > 60)) {
		printf("   FAIL  the sphere's centre (%.0f, %.0f) is %d,%d,%d: not in front of "
		       "the torus\n", x, y, R(p), G(p), B(p));
		failures++;
	}
	scene_project(away, w, h, &x, &y);
	q = pixel(rgba, w, h, x, y);
	if (!(R(p) > R(q) + 40 && R(q) > B(q))) {
		printf("   FAIL  the sphere's lit centre (red %d) is not brighter than its side "
		       "away from the light (%d,%d,%d)\n", R(p), R(q), G(q), B(q));
		failures++;
	}
	scene_project(left_tube, w, h, &x, &y);
	p = pixel(rgba, w, h, x, y);
	if (!(B(p) > 2 * R(p) && B(p) > 40)) {
		printf("   FAIL  the torus's left tube (%.0f, %.0f) is %d,%d,%d\n", x, y,
		       R(p), G(p), B(p));
		failures++;
	}
	/*
	 * Resolved edges: a pixel between a background pixel and an object
	 * pixel on one row whose red lies strictly between theirs.
	 */
	for (uint32_t py = 0; py < h; py++)
		for (uint32_t px = 1; px + 1 < w; px++) {
			uint32_t l = rgba[(size_t)py * w + px - 1], m = rgba[(size_t)py * w + px];
			uint32_t r = rgba[(size_t)py * w + px + 1];
			int lo = R(l) < R(r) ? R(l) : R(r), hi = R(l) < R(r) ? R(r) : R(l);

			if (hi - lo > 60 && R(m) > lo + 8 && R(m) < hi - 8)
				mixed++;
		}
	if (mixed < 8) {
		printf("   FAIL  only %u edge pixels mix object and background: no multisampling\n",
		       mixed);
		failures++;
	}
	mixed = outlier_runs(rgba, w, h);
	if (mixed) {
		printf("   FAIL  %u runs of %u or more pixels along a row unlike the rows above "
		       "and below: spans written wrong\n", mixed, OUTLIER_RUN);
		failures++;
	}
	return failures;
}

uint64_t scene_covered_pixels(const uint32_t *rgba, uint32_t w, uint32_t h, bool srgb)
{
	const int bg[3] = { channel(scene_background[0], srgb), channel(scene_background[1], srgb),
			    channel(scene_background[2], srgb) };
	uint64_t covered = 0;

	for (size_t i = 0; i < (size_t)w * h; i++) {
		uint32_t p = rgba[i];

		covered += abs(R(p) - bg[0]) > 1 || abs(G(p) - bg[1]) > 1 || abs(B(p) - bg[2]) > 1;
	}
	return covered;
}
