/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The demo scene's geometry and camera
 *
 * A torus of 96 x 24 quads and a UV sphere of 48 x 24 quads (about 6900
 * triangles in all), generated with exact normals; a perspective camera
 * on the z axis, Vulkan's clip conventions (y down, depth 0..1).
 */

#include "scene.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define TORUS_RING	96
#define TORUS_TUBE	24
#define SPHERE_SLICES	48
#define SPHERE_STACKS	24
#define FOV_Y		0.7854f	/* 45 degrees */
#define Z_NEAR		0.1f
#define Z_FAR		20.0f

/* Indices of a grid of @cols x @rows quads over (cols + 1) x (rows + 1) vertices. */
static uint32_t *grid_indices(uint32_t *out, uint32_t base, uint32_t cols, uint32_t rows)
{
	for (uint32_t r = 0; r < rows; r++) {
		for (uint32_t c = 0; c < cols; c++) {
			uint32_t a = base + r * (cols + 1) + c, b = a + cols + 1;

			/* Counter-clockwise seen from outside. */
			*out++ = a;
			*out++ = b;
			*out++ = a + 1;
			*out++ = a + 1;
			*out++ = b;
			*out++ = b + 1;
		}
	}
	return out;
}

int scene_mesh_build(struct scene_mesh *mesh)
{
	const float two_pi = 6.28318531f, pi = 3.14159265f;
	uint32_t torus_vertices = (TORUS_RING + 1) * (TORUS_TUBE + 1);
	uint32_t sphere_vertices = (SPHERE_SLICES + 1) * (SPHERE_STACKS + 1);
	struct scene_vertex *v;
	uint32_t *idx;

	memset(mesh, 0, sizeof(*mesh));
	mesh->vertex_count = torus_vertices + sphere_vertices;
	mesh->torus_indices = 6 * TORUS_RING * TORUS_TUBE;
	mesh->index_count = mesh->torus_indices + 6 * SPHERE_SLICES * SPHERE_STACKS;
	mesh->vertices = calloc(mesh->vertex_count, sizeof(*mesh->vertices));
	mesh->indices = calloc(mesh->index_count, sizeof(*mesh->indices));
	if (!mesh->vertices || !mesh->indices) {
		scene_mesh_free(mesh);
		return -1;
	}
	/* Torus about the y axis: ring angle u, tube angle t. */
	v = mesh->vertices;
	for (uint32_t j = 0; j <= TORUS_TUBE; j++) {
		for (uint32_t i = 0; i <= TORUS_RING; i++) {
			float u = two_pi * (float)i / TORUS_RING, t = two_pi * (float)j / TORUS_TUBE;
			float n[3] = { cosf(t) * cosf(u), sinf(t), cosf(t) * sinf(u) };
			float ring = SCENE_TORUS_MAJOR + SCENE_TORUS_MINOR * cosf(t);

			*v++ = (struct scene_vertex) {
				{ ring * cosf(u), SCENE_TORUS_MINOR * sinf(t), ring * sinf(u) },
				{ n[0], n[1], n[2] },
			};
		}
	}
	/* Sphere: longitude u, latitude from the south pole. */
	for (uint32_t j = 0; j <= SPHERE_STACKS; j++) {
		for (uint32_t i = 0; i <= SPHERE_SLICES; i++) {
			float u = two_pi * (float)i / SPHERE_SLICES;
			float lat = -pi / 2 + pi * (float)j / SPHERE_STACKS;
			float n[3] = { cosf(lat) * cosf(u), sinf(lat), -cosf(lat) * sinf(u) };

			*v++ = (struct scene_vertex) {
				{ SCENE_SPHERE_RADIUS * n[0], SCENE_SPHERE_RADIUS * n[1],
				  SCENE_SPHERE_RADIUS * n[2] },
				{ n[0], n[1], n[2] },
			};
		}
	}
	idx = grid_indices(mesh->indices, 0, TORUS_RING, TORUS_TUBE);
	grid_indices(idx, torus_vertices, SPHERE_SLICES, SPHERE_STACKS);
	return 0;
}

void scene_mesh_free(struct scene_mesh *mesh)
{
	free(mesh->vertices);
	free(mesh->indices);
	memset(mesh, 0, sizeof(*mesh));
}

static void mat4_mul(const scene_mat4 a, const scene_mat4 b, scene_mat4 out)
{
	scene_mat4 r;

	for (int c = 0; c < 4; c++)
		for (int row = 0; row < 4; row++) {
			r[c * 4 + row] = 0;
			for (int k = 0; k < 4; k++)
				r[c * 4 + row] += a[k * 4 + row] * b[c * 4 + k];
		}
	memcpy(out, r, sizeof(r));
}

/* Clip from world: the camera at (0, 0, SCENE_CAMERA_Z) looking down -z. */
static void view_projection(float aspect, scene_mat4 out)
{
	float f = 1.0f / tanf(FOV_Y / 2);
	scene_mat4 proj = {
		f / aspect, 0, 0, 0,
		0, -f, 0, 0,	/* Vulkan's y points down */
		0, 0, Z_FAR / (Z_NEAR - Z_FAR), -1,
		0, 0, Z_NEAR * Z_FAR / (Z_NEAR - Z_FAR), 0,
	};
	scene_mat4 view = {
		1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, -SCENE_CAMERA_Z, 1,
	};

	mat4_mul(proj, view, out);
}

void scene_torus_transform(float aspect, float rotation[9], scene_mat4 mvp)
{
	float c = cosf(SCENE_TORUS_TILT), s = sinf(SCENE_TORUS_TILT);
	/* About x, towards the camera: the ring's far side rises. */
	const float rot[9] = { 1, 0, 0, 0, c, s, 0, -s, c };
	scene_mat4 model = {
		rot[0], rot[1], rot[2], 0, rot[3], rot[4], rot[5], 0,
		rot[6], rot[7], rot[8], 0, 0, 0, 0, 1,
	};
	scene_mat4 vp;

	memcpy(rotation, rot, sizeof(rot));
	view_projection(aspect, vp);
	mat4_mul(vp, model, mvp);
}

void scene_sphere_transform(float aspect, float rotation[9], scene_mat4 mvp)
{
	const float *o = scene_sphere_centre;
	scene_mat4 model = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, o[0], o[1], o[2], 1 };
	const float rot[9] = { 1, 0, 0, 0, 1, 0, 0, 0, 1 };
	scene_mat4 vp;

	memcpy(rotation, rot, sizeof(rot));
	view_projection(aspect, vp);
	mat4_mul(vp, model, mvp);
}

void scene_project(const float world[3], uint32_t w, uint32_t h, float *px, float *py)
{
	scene_mat4 vp;
	float clip[4];

	view_projection((float)w / (float)h, vp);
	for (int row = 0; row < 4; row++)
		clip[row] = vp[row] * world[0] + vp[4 + row] * world[1] + vp[8 + row] * world[2] +
			    vp[12 + row];
	*px = (clip[0] / clip[3] * 0.5f + 0.5f) * (float)w;
	*py = (clip[1] / clip[3] * 0.5f + 0.5f) * (float)h;
}
