/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Primitive assembly against a reference written straight from the
 * Vulkan specification's "Primitive Topologies" equations: every topology
 * x provoking vertex x run length 0..40, then whole indexed draws with
 * primitive restart at random places (the reference splits the index
 * list at each restart and assembles each piece alone), with instances.
 */

#include <stdio.h>
#include <string.h>

#include "draw_run.h"
#include "draw_test_mem.h"
#include "raster.h"
#include "tap.h"

struct ref_prim {
	unsigned int full_count;
	uint32_t full[6];
	unsigned int main_count;
	uint32_t main[3];	/* the spec's order, unrotated */
	uint32_t provoking;	/* a vertex position */
};

/* The spec's p_i for a topology, appended one by one. */
static unsigned int reference(unsigned int topo, bool last, uint32_t n,
			      struct ref_prim *out, unsigned int max)
{
	unsigned int count = 0;

#define EMIT(...) do {							\
		const uint32_t v_[] = { __VA_ARGS__ };			\
		struct ref_prim *p_ = &out[count++];			\
		if (count > max)					\
			return count;					\
		p_->full_count = sizeof(v_) / sizeof(v_[0]);		\
		memcpy(p_->full, v_, sizeof(v_));			\
	} while (0)

	switch (topo) {
	case EMBER_TOPOLOGY_POINT_LIST:
		for (uint32_t i = 0; i < n; i++)
			EMIT(i);
		break;
	case EMBER_TOPOLOGY_LINE_LIST:
		for (uint32_t i = 0; 2 * i + 1 < n; i++)
			EMIT(2 * i, 2 * i + 1);
		break;
	case EMBER_TOPOLOGY_LINE_STRIP:
		for (uint32_t i = 0; i + 1 < n; i++)
			EMIT(i, i + 1);
		break;
	case EMBER_TOPOLOGY_TRIANGLE_LIST:
		for (uint32_t i = 0; 3 * i + 2 < n; i++)
			EMIT(3 * i, 3 * i + 1, 3 * i + 2);
		break;
	case EMBER_TOPOLOGY_TRIANGLE_STRIP:
		for (uint32_t i = 0; i + 2 < n; i++)
			EMIT(i, i + (1 + i % 2), i + (2 - i % 2));
		break;
	case EMBER_TOPOLOGY_TRIANGLE_FAN:
		for (uint32_t i = 0; i + 2 < n; i++)
			EMIT(i + 1, i + 2, 0);
		break;
	case EMBER_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
		for (uint32_t i = 0; 4 * i + 3 < n; i++)
			EMIT(4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3);
		break;
	case EMBER_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
		for (uint32_t i = 0; i + 3 < n; i++)
			EMIT(i, i + 1, i + 2, i + 3);
		break;
	case EMBER_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY:
		for (uint32_t i = 0; 6 * i + 5 < n; i++)
			EMIT(6 * i, 6 * i + 1, 6 * i + 2, 6 * i + 3, 6 * i + 4, 6 * i + 5);
		break;
	case EMBER_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY: {
		uint32_t prims = n >= 4 ? (n - 4) / 2 : 0;

		if (prims == 1) {
			EMIT(0, 1, 2, 5, 4, 3);
			break;
		}
		for (uint32_t i = 0; i < prims; i++) {
			if (i == 0)
				EMIT(2 * i, 2 * i + 1, 2 * i + 2, 2 * i + 6, 2 * i + 4, 2 * i + 3);
			else if (i < prims - 1 && i % 2 == 1)
				EMIT(2 * i, 2 * i + 3, 2 * i + 4, 2 * i + 6, 2 * i + 2, 2 * i - 2);
			else if (i < prims - 1)
				EMIT(2 * i, 2 * i - 2, 2 * i + 2, 2 * i + 6, 2 * i + 4, 2 * i + 3);
			else if (i % 2 == 1)
				EMIT(2 * i, 2 * i + 3, 2 * i + 4, 2 * i + 5, 2 * i + 2, 2 * i - 2);
			else
				EMIT(2 * i, 2 * i - 2, 2 * i + 2, 2 * i + 5, 2 * i + 4, 2 * i + 3);
		}
		break;
	}
	}
#undef EMIT

	/* The non-adjacency vertices, and the provoking one. */
	for (unsigned int k = 0; k < count; k++) {
		struct ref_prim *p = &out[k];

		if (p->full_count == 6) {
			p->main_count = 3;
			p->main[0] = p->full[0], p->main[1] = p->full[2], p->main[2] = p->full[4];
		} else if (p->full_count == 4) {
			p->main_count = 2;
			p->main[0] = p->full[1], p->main[1] = p->full[2];
		} else {
			p->main_count = p->full_count;
			memcpy(p->main, p->full, sizeof(p->main));
		}
		/* "first / last non-adjacency vertex" in the spec's sense: */
		switch (topo) {
		case EMBER_TOPOLOGY_TRIANGLE_STRIP:
			p->provoking = last ? k + 2 : k;
			break;
		case EMBER_TOPOLOGY_TRIANGLE_FAN:
			p->provoking = last ? k + 2 : k + 1;
			break;
		case EMBER_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY:
			p->provoking = last ? 2 * k + 4 : 2 * k;
			break;
		default:
			p->provoking = last ? p->main[p->main_count - 1] : p->main[0];
			break;
		}
	}
	return count;
}

/* Ember's primitive against the reference's. */
static bool same_prim(const struct ember_assembled_prim *p, const struct ref_prim *r,
		      bool last)
{
	CHECK_EQ(p->full_count, r->full_count);
	for (unsigned int k = 0; k < r->full_count; k++)
		CHECK_EQ(p->full[k], r->full[k]);
	CHECK_EQ(p->count, r->main_count);
	CHECK_EQ(p->v[p->provoking], r->provoking);
	if (r->main_count == 3) {
		unsigned int rot = 0;

		CHECK_EQ(p->kind, EMBER_PRIM_TRIANGLE);
		CHECK_EQ(p->provoking, last ? 2 : 0);
		/* A cyclic rotation of the spec's order keeps the winding. */
		while (rot < 3 && p->v[0] != r->main[rot])
			rot++;
		CHECK(rot < 3);
		for (unsigned int k = 0; k < 3; k++)
			CHECK_EQ(p->v[k], r->main[(rot + k) % 3]);
	} else {
		CHECK_EQ(p->kind, r->main_count == 2 ? EMBER_PRIM_LINE : EMBER_PRIM_POINT);
		CHECK_EQ(p->provoking, r->main_count == 2 && last ? 1 : 0);
		for (unsigned int k = 0; k < r->main_count; k++)
			CHECK_EQ(p->v[k], r->main[k]);
	}
	return true;
}

static bool test_runs(unsigned int topo, bool last)
{
	struct ref_prim ref[64];

	for (uint32_t n = 0; n <= 40; n++) {
		unsigned int count = reference(topo, last, n, ref, 64);

		CHECK_EQ(ember_prim_count(topo, n), count);
		for (uint32_t i = 0; i < count; i++) {
			struct ember_assembled_prim p;

			ember_prim_get(topo, last, n, i, &p);
			if (!same_prim(&p, &ref[i], last)) {
				tap_diag("n=%u i=%u", n, i);
				return false;
			}
		}
	}
	return true;
}

/* A draw's primitives as the vertex indices of their rasterized vertices. */
struct recorded {
	unsigned int count;
	uint32_t v[4096][3];
	uint32_t instance[4096];
	uint8_t provoking[4096];
};

static int record(void *ctx, const struct ember_draw_args *args,
		  const struct ember_assembled_prim *prim,
		  const struct ember_draw_vertex *vertices)
{
	struct recorded *rec = ctx;

	(void)args;
	if (rec->count == 4096)
		return -1;
	for (unsigned int k = 0; k < 3; k++)
		rec->v[rec->count][k] = k < prim->count ? vertices[k].vertex_index : ~0u;
	rec->instance[rec->count] = vertices[0].instance_index;
	rec->provoking[rec->count] = prim->provoking;
	rec->count++;
	return 0;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(uint32_t below)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state % below);
}

/* An indexed draw with restarts against the reference, piece by piece. */
static bool test_restart(unsigned int topo, bool last, unsigned int index_size)
{
	const uint32_t restart_value = index_size == 4 ? 0xffffffffu :
				       (1u << (8 * index_size)) - 1;
	static struct recorded rec;
	struct ember_draw_state st;
	struct ember_draw_args args = { .indexed = true, .instance_count = 2,
					.first = 3, .vertex_offset = -5,
					.first_instance = 7 };
	struct ember_draw_sink sink = { record, NULL, &rec, NULL };
	struct ember_draw_fault fault = { 0 };
	uint32_t indices[96];
	struct test_mem tm;
	uint8_t *ib;
	unsigned int expected = 0;

	for (unsigned int trial = 0; trial < 20; trial++) {
		uint32_t n = rnd(60);

		for (uint32_t i = 0; i < n; i++)
			indices[i] = rnd(5) == 0 ? restart_value : 10 + rnd(200);
		test_mem_init(&tm);
		ib = test_mem_map(&tm, 0x10000, 4 * 100);
		for (uint32_t i = 0; i < n; i++)
			memcpy(ib + (3 + i) * index_size, &indices[i], index_size);
		ember_draw_state_defaults(&st);
		st.topology = (uint8_t)topo;
		st.primitive_restart = true;
		st.index_buffer = 0x10000;
		st.index_range = 400;
		st.index_size = index_size;
		st.backend.raster.provoking_vertex = last;
		args.count = n;
		rec.count = 0;
		expected = 0;
		CHECK_EQ(ember_draw_run(&st, &tm.mem, &args, &sink, &fault), 0);

		for (uint32_t inst = 0; inst < 2; inst++) {
			uint32_t start = 0;

			while (start <= n) {
				struct ref_prim ref[64];
				uint32_t end = start, count;

				while (end < n && indices[end] != restart_value)
					end++;
				count = reference(topo, last, end - start, ref, 64);
				for (uint32_t i = 0; i < count; i++, expected++) {
					const struct ref_prim *r = &ref[i];
					uint32_t pv = indices[start + r->provoking] - 5;

					CHECK(expected < rec.count);
					CHECK_EQ(rec.instance[expected], 7 + inst);
					CHECK_EQ(rec.v[expected][rec.provoking[expected]], pv);
					for (unsigned int k = 0; k < r->main_count; k++) {
						uint32_t want = indices[start + r->main[k]] - 5;
						bool seen = false;

						for (unsigned int j = 0; j < r->main_count; j++)
							seen |= rec.v[expected][j] == want;
						CHECK(seen);
					}
				}
				start = end + 1;
			}
		}
		CHECK_EQ(rec.count, expected);
		test_mem_free(&tm);
	}
	return true;
}

static const char *const topo_names[EMBER_TOPOLOGY_COUNT] = {
	"point-list", "line-list", "line-strip", "triangle-list",
	"triangle-strip", "triangle-fan", "line-list-adjacency",
	"line-strip-adjacency", "triangle-list-adjacency",
	"triangle-strip-adjacency",
};

int main(void)
{
	char name[128];

	for (unsigned int topo = 0; topo < EMBER_TOPOLOGY_COUNT; topo++) {
		for (int last = 0; last < 2; last++) {
			snprintf(name, sizeof(name), "%s-%s", topo_names[topo],
				 last ? "provoking-last" : "provoking-first");
			tap_result(test_runs(topo, last), name);
			for (unsigned int size = 1; size <= 4; size *= 2) {
				snprintf(name, sizeof(name), "%s-%s-restart-u%u",
					 topo_names[topo],
					 last ? "provoking-last" : "provoking-first", 8 * size);
				tap_result(test_restart(topo, last, size), name);
			}
		}
	}
	tap_result(ember_prim_count(EMBER_TOPOLOGY_COUNT, 100) == 0 &&
		   ember_prim_count(EMBER_TOPOLOGY_TRIANGLE_STRIP, 0xffffffffu) == 0xfffffffdu,
		   "counts-at-the-edges");
	return tap_finish();
}
