/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Vertex and index fetch against Vulkan's address calculation: strides
 * (0 included), per-instance rates with divisors (0 included), the
 * robustness rule (out-of-range attributes read (0, 0, 0, 1), the range
 * counted in whole strides), negative vertex indices, index sizes and
 * out-of-range indices, and translation faults at the exact byte.
 */

#include <string.h>

#include "draw_run.h"
#include "draw_test_mem.h"
#include "tap.h"

#define VB_VA	0x100000ull

static uint32_t fbits(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return u;
}

/* One binding at VB_VA, one R32_UINT attribute at location 0 (+ @offset). */
static void one_attribute(struct ember_draw_state *st, uint64_t range, uint32_t stride,
			  bool per_instance, uint32_t divisor, uint32_t format,
			  uint32_t offset)
{
	ember_draw_state_defaults(st);
	st->binding_count = 1;
	st->binding[0] = (struct ember_draw_vertex_binding) {
		.va = VB_VA, .range = range, .stride = stride,
		.per_instance = per_instance, .divisor = divisor,
	};
	st->attribute_count = 1;
	st->attribute[0].location = 0;
	st->attribute[0].binding = 0;
	st->attribute[0].offset = offset;
	ember_vertex_format_get(format, &st->attribute[0].format);
}

/* A buffer of u32 element numbers: dword i holds 1000 + i. */
static void numbered_buffer(struct test_mem *tm, uint64_t bytes)
{
	uint8_t *p = test_mem_map(tm, VB_VA, bytes);

	for (uint64_t i = 0; i < bytes / 4; i++) {
		uint32_t v = 1000 + (uint32_t)i;

		memcpy(p + 4 * i, &v, 4);
	}
}

static bool fetch_u32(const struct ember_draw_state *st, struct test_mem *tm,
		      int64_t vertex, uint32_t instance, uint32_t first_instance,
		      uint32_t *value)
{
	struct ember_vertex_inputs in;
	struct ember_draw_fault fault = { 0 };

	CHECK_EQ(ember_vertex_fetch(st, &tm->mem, vertex, instance, first_instance,
				    &in, &fault), 0);
	CHECK_EQ(in.location_mask, 1);
	*value = in.lanes[0][0];
	return true;
}

static bool test_strides(void)
{
	struct ember_draw_state st;
	struct test_mem tm;
	uint32_t v;

	test_mem_init(&tm);
	numbered_buffer(&tm, 4096);
	/* Stride 8, offset 4: element e reads dword 2e + 1. */
	one_attribute(&st, 4096, 8, false, 1, 98, 4);
	for (int64_t e = 0; e < 100; e++) {
		CHECK(fetch_u32(&st, &tm, e, 0, 0, &v));
		CHECK_EQ(v, 1000 + 2 * e + 1);
	}
	/* Stride 0: every vertex reads the same bytes. */
	one_attribute(&st, 4096, 0, false, 1, 98, 12);
	for (int64_t e = 0; e < 10; e++) {
		CHECK(fetch_u32(&st, &tm, e * 977, 0, 0, &v));
		CHECK_EQ(v, 1003);
	}
	/* Odd stride, unaligned attribute: no alignment is required. */
	one_attribute(&st, 4096, 7, false, 1, 98, 0);
	CHECK(fetch_u32(&st, &tm, 1, 0, 0, &v));
	CHECK_EQ(v, (1001u >> 24) | (1002u << 8));
	test_mem_free(&tm);
	return true;
}

static bool test_divisors(void)
{
	struct ember_draw_state st;
	struct test_mem tm;
	uint32_t v;

	test_mem_init(&tm);
	numbered_buffer(&tm, 4096);
	for (uint32_t divisor = 0; divisor <= 5; divisor++) {
		one_attribute(&st, 4096, 4, true, divisor, 98, 0);
		for (uint32_t first = 0; first < 3; first++) {
			for (uint32_t inst = 0; inst < 20; inst++) {
				/* Vulkan: firstInstance + (instanceIndex - firstInstance) / divisor. */
				uint32_t element = divisor ? first + inst / divisor : first;

				/* The vertex index does not matter per instance. */
				CHECK(fetch_u32(&st, &tm, 12345, inst, first, &v));
				CHECK_EQ(v, 1000 + element);
			}
		}
	}
	/* A huge divisor: every instance reads element first_instance. */
	one_attribute(&st, 4096, 4, true, 0xffffffffu, 98, 0);
	CHECK(fetch_u32(&st, &tm, 0, 0xfffffffeu, 2, &v));
	CHECK_EQ(v, 1002);
	test_mem_free(&tm);
	return true;
}

static bool test_robust(void)
{
	struct ember_draw_state st;
	struct ember_vertex_inputs in;
	struct ember_draw_fault fault = { 0 };
	struct test_mem tm;
	uint32_t v;

	test_mem_init(&tm);
	numbered_buffer(&tm, 4096);
	/* Range 40, stride 12: only 3 whole strides (36 bytes) count. */
	one_attribute(&st, 40, 12, false, 1, 98, 8);
	CHECK(fetch_u32(&st, &tm, 2, 0, 0, &v));	/* bytes 32..35 */
	CHECK_EQ(v, 1008);
	CHECK(fetch_u32(&st, &tm, 3, 0, 0, &v));	/* 44..47: outside */
	CHECK_EQ(v, 0);
	/* An attribute straddling the range's end reads zeros, all of it. */
	one_attribute(&st, 38, 0, false, 1, 107, 24);	/* RGBA32_UINT at 24..39 */
	CHECK_EQ(ember_vertex_fetch(&st, &tm.mem, 0, 0, 0, &in, &fault), 0);
	for (unsigned int c = 0; c < 4; c++)
		CHECK_EQ(in.lanes[0][c], 0);
	/* A vector input reads (0, 0, 0, 1): R32G32_SFLOAT out of range. */
	one_attribute(&st, 16, 16, false, 1, 103, 0);
	CHECK_EQ(ember_vertex_fetch(&st, &tm.mem, 1, 0, 0, &in, &fault), 0);
	CHECK_EQ(in.lanes[0][0], 0);
	CHECK_EQ(in.lanes[0][1], 0);
	CHECK_EQ(in.lanes[0][2], 0);
	CHECK_EQ(in.lanes[0][3], fbits(1.0f));
	/* A negative vertex index (index + negative vertex_offset). */
	one_attribute(&st, 4096, 4, false, 1, 98, 0);
	CHECK(fetch_u32(&st, &tm, -1, 0, 0, &v));
	CHECK_EQ(v, 0);
	/* Huge indices: exact 64-bit math, no wrap back into the range. */
	one_attribute(&st, 4096, 4096, false, 1, 98, 0);
	CHECK(fetch_u32(&st, &tm, 0x1ffffffffll, 0, 0, &v));
	CHECK_EQ(v, 0);
	/* Out of range never reads memory: a range over nothing mapped. */
	st.binding[0].va = 0xdead0000ull;
	st.binding[0].range = 0;
	CHECK(fetch_u32(&st, &tm, 0, 0, 0, &v));
	CHECK_EQ(v, 0);
	test_mem_free(&tm);
	return true;
}

static bool test_translation_fault(void)
{
	struct ember_draw_state st;
	struct ember_vertex_inputs in;
	struct ember_draw_fault fault = { 0 };
	struct test_mem tm;

	test_mem_init(&tm);
	numbered_buffer(&tm, 64);	/* the range says 4096: bytes 64.. are a hole */
	one_attribute(&st, 4096, 16, false, 1, 109, 0);	/* RGBA32F */
	CHECK_EQ(ember_vertex_fetch(&st, &tm.mem, 3, 0, 0, &in, &fault), 0);
	CHECK_EQ(ember_vertex_fetch(&st, &tm.mem, 4, 0, 0, &in, &fault),
		 EMBER_FAULT_TRANSLATION);
	CHECK_EQ(fault.kind, EMBER_FAULT_TRANSLATION);
	CHECK_EQ(fault.va, VB_VA + 64);
	CHECK_EQ(fault.detail, EMBER_ACCESS_READ);
	/* Straddling the hole: the fault is at its first byte. */
	st.attribute[0].offset = 8;
	CHECK_EQ(ember_vertex_fetch(&st, &tm.mem, 3, 0, 0, &in, &fault),
		 EMBER_FAULT_TRANSLATION);
	CHECK_EQ(fault.va, VB_VA + 64);
	test_mem_free(&tm);
	return true;
}

static bool test_many_attributes(void)
{
	struct ember_draw_state st;
	struct ember_vertex_inputs in;
	struct ember_draw_fault fault = { 0 };
	struct test_mem tm;

	test_mem_init(&tm);
	numbered_buffer(&tm, 4096);
	ember_draw_state_defaults(&st);
	st.binding_count = 2;
	st.binding[0] = (struct ember_draw_vertex_binding) { VB_VA, 4096, 16, false, 1 };
	st.binding[1] = (struct ember_draw_vertex_binding) { VB_VA + 1024, 1024, 4, true, 2 };
	st.attribute_count = 3;
	st.attribute[0] = (struct ember_draw_vertex_attribute) { .location = 5, .binding = 0,
								  .offset = 4 };
	ember_vertex_format_get(101, &st.attribute[0].format);	/* RG32_UINT */
	st.attribute[1] = (struct ember_draw_vertex_attribute) { .location = 0, .binding = 1 };
	ember_vertex_format_get(98, &st.attribute[1].format);
	st.attribute[2] = (struct ember_draw_vertex_attribute) { .location = 15, .binding = 0,
								  .offset = 0 };
	ember_vertex_format_get(110, &st.attribute[2].format);	/* R64_UINT */
	CHECK_EQ(ember_vertex_fetch(&st, &tm.mem, 2, 5, 1, &in, &fault), 0);
	CHECK_EQ(in.location_mask, 1u << 0 | 1u << 5 | 1u << 15);
	CHECK_EQ(in.lanes[5][0], 1009);
	CHECK_EQ(in.lanes[5][1], 1010);
	CHECK_EQ(in.lanes[5][3], 1);
	CHECK_EQ(in.lanes[0][0], 1000 + 256 + 1 + 5 / 2);
	CHECK_EQ(in.lanes[15][0], 1008);
	CHECK_EQ(in.lanes[15][1], 1009);
	test_mem_free(&tm);
	return true;
}

static bool test_indices(void)
{
	struct ember_draw_state st;
	struct ember_draw_fault fault = { 0 };
	struct test_mem tm;
	uint8_t *ib;
	uint32_t index;
	bool restart;

	for (uint32_t size = 1; size <= 4; size *= 2) {
		test_mem_init(&tm);
		ib = test_mem_map(&tm, 0x2000, 64);
		for (unsigned int b = 0; b < 64; b++)
			ib[b] = (uint8_t)(b * 7 + 1);
		memset(ib + 8 * size, 0xff, size);	/* index 8: all ones */
		ember_draw_state_defaults(&st);
		st.index_buffer = 0x2000;
		st.index_range = 10 * size + size / 2;	/* indices 0..9 whole */
		st.index_size = size;
		for (uint64_t k = 0; k < 10; k++) {
			uint32_t want = 0;

			for (uint32_t b = 0; b < size; b++)
				want |= (uint32_t)ib[k * size + b] << (8 * b);
			CHECK_EQ(ember_index_fetch(&st, &tm.mem, k, &index, &restart, &fault), 0);
			CHECK_EQ(index, want);
			CHECK(!restart);
		}
		/* Restart only when enabled, on the all-ones value. */
		st.primitive_restart = true;
		CHECK_EQ(ember_index_fetch(&st, &tm.mem, 8, &index, &restart, &fault), 0);
		CHECK(restart);
		CHECK_EQ(ember_index_fetch(&st, &tm.mem, 7, &index, &restart, &fault), 0);
		CHECK(!restart);
		/* Past the range (a partial index included): 0, never a restart. */
		CHECK_EQ(ember_index_fetch(&st, &tm.mem, 10, &index, &restart, &fault), 0);
		CHECK_EQ(index, 0);
		CHECK(!restart);
		CHECK_EQ(ember_index_fetch(&st, &tm.mem, 0x1ffffffffull, &index, &restart,
					   &fault), 0);
		CHECK_EQ(index, 0);
		/* Inside the range but unmapped: a fault at the index. */
		st.index_range = 1 << 20;
		CHECK_EQ(ember_index_fetch(&st, &tm.mem, 64 / size, &index, &restart, &fault),
			 EMBER_FAULT_TRANSLATION);
		CHECK_EQ(fault.va, 0x2000 + 64);
		test_mem_free(&tm);
	}
	return true;
}

struct vertex_log {
	unsigned int count;
	uint32_t vertex_index[64], instance_index[64], value[64];
};

static int log_vertices(void *ctx, const struct ember_draw_args *args,
			const struct ember_assembled_prim *prim,
			const struct ember_draw_vertex *vertices)
{
	struct vertex_log *log = ctx;

	(void)args;
	for (unsigned int k = 0; k < prim->count && log->count < 64; k++) {
		log->vertex_index[log->count] = vertices[k].vertex_index;
		log->instance_index[log->count] = vertices[k].instance_index;
		log->value[log->count] = vertices[k].inputs.lanes[0][0];
		log->count++;
	}
	return 0;
}

/* Whole draws: VertexIndex, InstanceIndex and the values read. */
static bool test_draw_vertices(void)
{
	struct ember_draw_state st;
	struct ember_draw_fault fault = { 0 };
	struct vertex_log log = { 0 };
	struct ember_draw_sink sink = { log_vertices, NULL, &log, NULL };
	struct ember_draw_args args = { .count = 3, .instance_count = 2, .first = 5,
					.first_instance = 9 };
	struct test_mem tm;
	uint16_t indices[3] = { 4, 0, 2 };

	test_mem_init(&tm);
	numbered_buffer(&tm, 4096);
	one_attribute(&st, 4096, 4, false, 1, 98, 0);
	st.topology = EMBER_TOPOLOGY_POINT_LIST;
	CHECK_EQ(ember_draw_run(&st, &tm.mem, &args, &sink, &fault), 0);
	CHECK_EQ(log.count, 6);
	for (unsigned int i = 0; i < 6; i++) {
		CHECK_EQ(log.vertex_index[i], 5 + i % 3);
		CHECK_EQ(log.instance_index[i], 9 + i / 3);
		CHECK_EQ(log.value[i], 1005 + i % 3);
	}
	/* Indexed, vertex_offset -2: index 0 gives VertexIndex -2, zeros. */
	test_mem_write(&tm, VB_VA + 2048, indices, sizeof(indices));
	st.index_buffer = VB_VA + 2048;
	st.index_range = 6;
	st.index_size = 2;
	args = (struct ember_draw_args) { .indexed = true, .count = 3, .instance_count = 1,
					  .first = 0, .vertex_offset = -2 };
	log.count = 0;
	CHECK_EQ(ember_draw_run(&st, &tm.mem, &args, &sink, &fault), 0);
	CHECK_EQ(log.count, 3);
	CHECK_EQ(log.vertex_index[0], 2);
	CHECK_EQ(log.value[0], 1002);
	CHECK_EQ(log.vertex_index[1], (uint32_t)-2);
	CHECK_EQ(log.value[1], 0);
	CHECK_EQ(log.vertex_index[2], 0);
	CHECK_EQ(log.value[2], 1000);
	test_mem_free(&tm);
	return true;
}

int main(void)
{
	tap_result(test_strides(), "strides-zero-odd-unaligned");
	tap_result(test_divisors(), "instance-rate-divisors");
	tap_result(test_robust(), "robust-out-of-range-reads-zero-zero-zero-one");
	tap_result(test_translation_fault(), "translation-fault-at-the-byte");
	tap_result(test_many_attributes(), "attributes-bindings-locations");
	tap_result(test_indices(), "index-sizes-restart-and-range");
	tap_result(test_draw_vertices(), "draw-vertex-and-instance-indices");
	return tap_finish();
}
