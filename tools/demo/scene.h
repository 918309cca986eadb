/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The demo scene, shared by ember-scene and bench-graphics
 *
 * A lit torus and a sphere in front of it, drawn with a depth test into a
 * 4-sample colour image resolved (dynamic rendering) into an image of a
 * headless swapchain, which is presented. Ordinary Vulkan 1.3: whatever
 * device the loader offers with a graphics queue.
 */

#ifndef EMBER_SCENE_H
#define EMBER_SCENE_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

/* Exit status of a program that found no device to draw on. */
#define SCENE_SKIPPED	77

/* One vertex of the meshes: position and unit normal, object space. */
struct scene_vertex {
	float position[3];
	float normal[3];
};

/* Both objects' geometry, in one vertex and one index array. */
struct scene_mesh {
	struct scene_vertex *vertices;
	uint32_t *indices;
	uint32_t vertex_count, index_count;
	uint32_t torus_indices;		/* the torus's are first, then the sphere's */
};

/* Column-major 4x4 matrix (GLSL's layout). */
typedef float scene_mat4[16];

/* Where the objects are and how they are seen (world: y up, z towards the camera). */
#define SCENE_TORUS_MAJOR	1.0f
#define SCENE_TORUS_MINOR	0.35f
#define SCENE_TORUS_TILT	0.87f	/* radians about x: the ring seen from above */
#define SCENE_SPHERE_RADIUS	0.32f
#define SCENE_CAMERA_Z		4.0f
static const float scene_sphere_centre[3] = { 0.85f, 0.0f, 1.0f };
static const float scene_torus_colour[3] = { 0.25f, 0.45f, 0.9f };
static const float scene_sphere_colour[3] = { 0.9f, 0.25f, 0.2f };
static const float scene_background[3] = { 0.05f, 0.06f, 0.09f };

int scene_mesh_build(struct scene_mesh *mesh);
void scene_mesh_free(struct scene_mesh *mesh);

/* The object's rotation (3x3, by columns) and clip-from-object matrix. */
void scene_torus_transform(float aspect, float rotation[9], scene_mat4 mvp);
void scene_sphere_transform(float aspect, float rotation[9], scene_mat4 mvp);
/* The pixel a world-space point lands on, in a @w x @h picture. */
void scene_project(const float world[3], uint32_t w, uint32_t h, float *px, float *py);

struct scene;

/*
 * The scene on the device whose name contains @device (NULL: the first
 * with a graphics queue), @w x @h: 0, SCENE_SKIPPED when no device can
 * draw (it says why on stdout), -1 on a Vulkan error (said on stderr).
 */
int scene_create(struct scene **out, const char *device, uint32_t w, uint32_t h);
void scene_destroy(struct scene *scene);
const char *scene_device_name(const struct scene *scene);

/* Draws and presents @frames frames, waiting for the last; 0 or -1. */
int scene_draw_frames(struct scene *scene, uint32_t frames);
/* Triangles one frame draws. */
uint32_t scene_triangles(const struct scene *scene);

/*
 * Acquires the last presented image again and copies it into @rgba
 * (w * h RGBA8, rows top to bottom, whatever the swapchain's channel
 * order); 0 or -1.
 */
int scene_read_back(struct scene *scene, uint32_t *rgba);
/* Whether the swapchain's format stores sRGB-encoded colours. */
bool scene_srgb(const struct scene *scene);

/*
 * The number of failed checks of a picture of the scene (scene_check.c),
 * each printed; @srgb: the pixels are sRGB-encoded.
 */
int scene_check_picture(const uint32_t *rgba, uint32_t w, uint32_t h, bool srgb);
/* Pixels of the picture that are not the background (one per visible fragment). */
uint64_t scene_covered_pixels(const uint32_t *rgba, uint32_t w, uint32_t h, bool srgb);

#endif /* EMBER_SCENE_H */
