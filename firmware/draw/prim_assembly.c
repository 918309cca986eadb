/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Primitive assembly (prim_assembly.h): the specification's equations,
 * topology by topology, then the provoking-vertex rotation.
 */

#include "prim_assembly.h"

#include "draw_state.h"
#include "raster.h"

uint32_t ember_prim_count(unsigned int topology, uint32_t n)
{
	switch (topology) {
	case EMBER_TOPOLOGY_POINT_LIST:
		return n;
	case EMBER_TOPOLOGY_LINE_LIST:
		return n / 2;
	case EMBER_TOPOLOGY_LINE_STRIP:
		return n >= 1 ? n - 1 : 0;
	case EMBER_TOPOLOGY_TRIANGLE_LIST:
		return n / 3;
	case EMBER_TOPOLOGY_TRIANGLE_STRIP:
	case EMBER_TOPOLOGY_TRIANGLE_FAN:
		return n >= 2 ? n - 2 : 0;
	case EMBER_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
		return n / 4;
	case EMBER_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
		return n >= 3 ? n - 3 : 0;
	case EMBER_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY:
		return n / 6;
	case EMBER_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY:
		return n >= 4 ? (n - 4) / 2 : 0;
	default:
		return 0;
	}
}

static void set_full(struct ember_assembled_prim *p, unsigned int count,
		     const uint32_t *v)
{
	p->full_count = (uint8_t)count;
	for (unsigned int k = 0; k < count; k++)
		p->full[k] = v[k];
}

/* Triangle strip with adjacency: the specification's five cases. */
static void strip_adjacency(uint32_t n, uint32_t i, uint32_t out[6])
{
	uint32_t prims = (n - 4) / 2, b = 2 * i;
	bool last = i == prims - 1;
	/* The vertex opposite the second edge: 2i + 5 at the strip's end. */
	uint32_t far = last ? b + 5 : b + 6;

	if (i == 0) {
		const uint32_t v[6] = { b, b + 1, b + 2, far, b + 4, b + 3 };

		for (unsigned int k = 0; k < 6; k++)
			out[k] = v[k];
	} else if (i % 2) {
		const uint32_t v[6] = { b, b + 3, b + 4, far, b + 2, b - 2 };

		for (unsigned int k = 0; k < 6; k++)
			out[k] = v[k];
	} else {
		const uint32_t v[6] = { b, b - 2, b + 2, far, b + 4, b + 3 };

		for (unsigned int k = 0; k < 6; k++)
			out[k] = v[k];
	}
}

/* The spec's p_i of a triangle topology, and the provoking vertex. */
static void triangle(unsigned int topology, bool last, uint32_t n, uint32_t i,
		     struct ember_assembled_prim *p, uint32_t *provoking)
{
	uint32_t v[6];

	switch (topology) {
	case EMBER_TOPOLOGY_TRIANGLE_LIST:
		v[0] = 3 * i, v[1] = 3 * i + 1, v[2] = 3 * i + 2;
		set_full(p, 3, v);
		*provoking = last ? 3 * i + 2 : 3 * i;
		break;
	case EMBER_TOPOLOGY_TRIANGLE_STRIP:
		v[0] = i, v[1] = i + 1 + i % 2, v[2] = i + 2 - i % 2;
		set_full(p, 3, v);
		*provoking = last ? i + 2 : i;
		break;
	case EMBER_TOPOLOGY_TRIANGLE_FAN:
		v[0] = i + 1, v[1] = i + 2, v[2] = 0;
		set_full(p, 3, v);
		*provoking = last ? i + 2 : i + 1;
		break;
	case EMBER_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY:
		for (unsigned int k = 0; k < 6; k++)
			v[k] = 6 * i + k;
		set_full(p, 6, v);
		*provoking = last ? 6 * i + 4 : 6 * i;
		break;
	default:	/* TRIANGLE_STRIP_WITH_ADJACENCY */
		strip_adjacency(n, i, v);
		set_full(p, 6, v);
		*provoking = last ? 2 * i + 4 : 2 * i;
		break;
	}
}

void ember_prim_get(unsigned int topology, bool provoking_last, uint32_t n,
		    uint32_t i, struct ember_assembled_prim *p)
{
	uint32_t v[4], provoking, main[3];
	unsigned int step, rot = 0;

	switch (topology) {
	case EMBER_TOPOLOGY_POINT_LIST:
		p->kind = EMBER_PRIM_POINT;
		p->count = 1;
		p->provoking = 0;
		p->v[0] = i;
		set_full(p, 1, p->v);
		return;
	case EMBER_TOPOLOGY_LINE_LIST:
	case EMBER_TOPOLOGY_LINE_STRIP:
		step = topology == EMBER_TOPOLOGY_LINE_LIST ? 2 : 1;
		v[0] = step * i, v[1] = step * i + 1;
		set_full(p, 2, v);
		p->v[0] = v[0], p->v[1] = v[1];
		goto line;
	case EMBER_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
	case EMBER_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
		step = topology == EMBER_TOPOLOGY_LINE_LIST_WITH_ADJACENCY ? 4 : 1;
		for (unsigned int k = 0; k < 4; k++)
			v[k] = step * i + k;
		set_full(p, 4, v);
		p->v[0] = v[1], p->v[1] = v[2];
		goto line;
	default:
		break;
	}

	p->kind = EMBER_PRIM_TRIANGLE;
	p->count = 3;
	triangle(topology, provoking_last, n, i, p, &provoking);
	/* The rasterized vertices: all three, or every other of six. */
	step = p->full_count == 6 ? 2 : 1;
	for (unsigned int k = 0; k < 3; k++) {
		main[k] = p->full[step * k];
		if (main[k] == provoking)
			rot = k;
	}
	/* Rotate so that the provoking vertex is at index 0 or 2. */
	if (provoking_last)
		rot = (rot + 1) % 3;
	for (unsigned int k = 0; k < 3; k++)
		p->v[k] = main[(rot + k) % 3];
	p->provoking = provoking_last ? 2 : 0;
	return;

line:
	p->kind = EMBER_PRIM_LINE;
	p->count = 2;
	p->provoking = provoking_last ? 1 : 0;
}
