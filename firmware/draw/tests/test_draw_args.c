/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Draw arguments: direct payloads, and DRAW_INDIRECT's rules: packet
 * checks (BAD_PACKET), the count clamped to MAX_DRAWS, zero counts that
 * read nothing, commands at ARGS + d * STRIDE with DrawIndex d, and
 * faults at the count's or the command's address when they do not
 * translate (the buffer-overrun rule: the device knows no sizes).
 */

#include <string.h>

#include "draw_args.h"
#include "draw_test_mem.h"
#include "tap.h"

#define ARGS_VA		0x8000ull
#define COUNT_VA	0x9000ull

static bool test_direct(void)
{
	const uint32_t draw[4] = { 3, 2, 7, 11 };
	const uint32_t indexed[5] = { 6, 1, 4, 0xfffffffbu, 9 };
	struct ember_draw_args a;

	ember_draw_args_direct(draw, false, &a);
	CHECK(!a.indexed);
	CHECK_EQ(a.count, 3);
	CHECK_EQ(a.instance_count, 2);
	CHECK_EQ(a.first, 7);
	CHECK_EQ(a.first_instance, 11);
	CHECK_EQ(a.vertex_offset, 0);
	CHECK_EQ(a.draw_index, 0);
	ember_draw_args_direct(indexed, true, &a);
	CHECK(a.indexed);
	CHECK_EQ(a.count, 6);
	CHECK_EQ(a.first, 4);
	CHECK_EQ(a.vertex_offset, -5);
	CHECK_EQ(a.first_instance, 9);
	return true;
}

static int count_of(struct test_mem *tm, uint32_t flags, uint64_t args, uint32_t max,
		    uint32_t stride, uint64_t count, uint32_t *draws,
		    struct ember_draw_fault *fault)
{
	struct ember_upkt_draw_indirect pkt = {
		.flags = flags, .args = args, .max_draws = max, .stride = stride,
		.count = count,
	};

	return ember_draw_indirect_count(&tm->mem, &pkt, draws, fault);
}

static bool test_packet_checks(void)
{
	struct ember_draw_fault fault;
	struct test_mem tm;
	uint32_t draws;

	test_mem_init(&tm);
	test_mem_map(&tm, COUNT_VA, 4);
	CHECK_EQ(count_of(&tm, 4, ARGS_VA, 1, 16, 0, &draws, &fault), EMBER_FAULT_BAD_PACKET);
	CHECK_EQ(count_of(&tm, 0, ARGS_VA + 2, 1, 16, 0, &draws, &fault),
		 EMBER_FAULT_BAD_PACKET);
	CHECK_EQ(count_of(&tm, 0, ARGS_VA, 2, 18, 0, &draws, &fault), EMBER_FAULT_BAD_PACKET);
	CHECK_EQ(count_of(&tm, 0, ARGS_VA, 2, 12, 0, &draws, &fault), EMBER_FAULT_BAD_PACKET);
	CHECK_EQ(count_of(&tm, EMBER_DRAW_INDEXED_ARGS, ARGS_VA, 2, 16, 0, &draws, &fault),
		 EMBER_FAULT_BAD_PACKET);
	CHECK_EQ(count_of(&tm, 0, ARGS_VA, 1, 16, COUNT_VA, &draws, &fault),
		 EMBER_FAULT_BAD_PACKET);
	CHECK_EQ(count_of(&tm, EMBER_DRAW_COUNT, ARGS_VA, 1, 16, COUNT_VA + 1, &draws, &fault),
		 EMBER_FAULT_BAD_PACKET);
	/* One draw: the stride is never used, so any multiple of 4 goes. */
	CHECK_EQ(count_of(&tm, EMBER_DRAW_INDEXED_ARGS, ARGS_VA, 1, 0, 0, &draws, &fault), 0);
	CHECK_EQ(draws, 1);
	/* The tightest strides: 16 and 20 bytes. */
	CHECK_EQ(count_of(&tm, 0, ARGS_VA, 5, 16, 0, &draws, &fault), 0);
	CHECK_EQ(draws, 5);
	CHECK_EQ(count_of(&tm, EMBER_DRAW_INDEXED_ARGS, ARGS_VA, 5, 20, 0, &draws, &fault), 0);
	test_mem_free(&tm);
	return true;
}

static bool test_count(void)
{
	struct ember_draw_fault fault;
	struct test_mem tm;
	uint32_t draws, value;

	test_mem_init(&tm);
	test_mem_map(&tm, COUNT_VA, 4);
	value = 7;
	test_mem_write(&tm, COUNT_VA, &value, 4);
	CHECK_EQ(count_of(&tm, EMBER_DRAW_COUNT, ARGS_VA, 10, 16, COUNT_VA, &draws, &fault), 0);
	CHECK_EQ(draws, 7);
	/* Clamped to maxDrawCount. */
	CHECK_EQ(count_of(&tm, EMBER_DRAW_COUNT, ARGS_VA, 3, 16, COUNT_VA, &draws, &fault), 0);
	CHECK_EQ(draws, 3);
	value = 0xffffffffu;
	test_mem_write(&tm, COUNT_VA, &value, 4);
	CHECK_EQ(count_of(&tm, EMBER_DRAW_COUNT, ARGS_VA, 1000, 16, COUNT_VA, &draws, &fault), 0);
	CHECK_EQ(draws, 1000);
	value = 0;
	test_mem_write(&tm, COUNT_VA, &value, 4);
	CHECK_EQ(count_of(&tm, EMBER_DRAW_COUNT, ARGS_VA, 4, 16, COUNT_VA, &draws, &fault), 0);
	CHECK_EQ(draws, 0);
	/* maxDrawCount 0: the count is not even read. */
	CHECK_EQ(count_of(&tm, EMBER_DRAW_COUNT, ARGS_VA, 0, 16, 0xdead000, &draws, &fault), 0);
	CHECK_EQ(draws, 0);
	/* A count that does not translate faults at its address. */
	CHECK_EQ(count_of(&tm, EMBER_DRAW_COUNT, ARGS_VA, 4, 16, 0xdead000, &draws, &fault),
		 EMBER_FAULT_TRANSLATION);
	CHECK_EQ(fault.va, 0xdead000);
	CHECK_EQ(fault.detail, EMBER_ACCESS_READ);
	test_mem_free(&tm);
	return true;
}

static bool test_commands(void)
{
	struct ember_upkt_draw_indirect pkt = {
		.flags = EMBER_DRAW_INDEXED_ARGS, .args = ARGS_VA, .max_draws = 4,
		.stride = 32,
	};
	struct ember_draw_fault fault;
	struct ember_draw_args a;
	struct test_mem tm;

	test_mem_init(&tm);
	test_mem_map(&tm, ARGS_VA, 3 * 32);	/* commands 0..2 only */
	for (uint32_t d = 0; d < 3; d++) {
		const uint32_t cmd[5] = { 10 + d, 2, 100 * d, (uint32_t)-(int32_t)d, 5 + d };

		test_mem_write_dwords(&tm, ARGS_VA + 32 * d, cmd, 5);
	}
	for (uint32_t d = 0; d < 3; d++) {
		CHECK_EQ(ember_draw_indirect_args(&tm.mem, &pkt, d, &a, &fault), 0);
		CHECK(a.indexed);
		CHECK_EQ(a.count, 10 + d);
		CHECK_EQ(a.first, 100 * d);
		CHECK_EQ(a.vertex_offset, -(int32_t)d);
		CHECK_EQ(a.first_instance, 5 + d);
		CHECK_EQ(a.draw_index, d);
	}
	/* Draw 3 is past what is mapped: a fault at its command. */
	CHECK_EQ(ember_draw_indirect_args(&tm.mem, &pkt, 3, &a, &fault),
		 EMBER_FAULT_TRANSLATION);
	CHECK_EQ(fault.va, ARGS_VA + 96);
	/* Non-indexed commands are 4 dwords: the last one fits exactly. */
	pkt.flags = 0;
	pkt.args = ARGS_VA + 3 * 32 - 16;
	CHECK_EQ(ember_draw_indirect_args(&tm.mem, &pkt, 0, &a, &fault), 0);
	CHECK(!a.indexed);
	CHECK_EQ(a.vertex_offset, 0);
	/* Addresses past 2^64 never wrap around to mapped memory. */
	pkt.args = 0xfffffffffffffff0ull;
	pkt.stride = 0x100;
	CHECK_EQ(ember_draw_indirect_args(&tm.mem, &pkt, 1, &a, &fault),
		 EMBER_FAULT_TRANSLATION);
	test_mem_free(&tm);
	return true;
}

int main(void)
{
	tap_result(test_direct(), "direct-payloads");
	tap_result(test_packet_checks(), "indirect-packet-checks");
	tap_result(test_count(), "indirect-count-clamped-and-read-once");
	tap_result(test_commands(), "indirect-commands-and-faults");
	return tap_finish();
}
