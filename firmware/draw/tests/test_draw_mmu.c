/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The draw front end through the device's MMU (draw_mmu.c): real page
 * tables in a guest RAM of the test's own, reads that cross pages, and
 * the faults a draw's fault record will carry: translation at an unmapped
 * page's first byte, permission at a page mapped without PTE_READ, with
 * the access EMBER_ACCESS_READ; then a vertex fetched through it.
 */

#include <stdlib.h>
#include <string.h>

#include "draw_state.h"
#include "guest_pt.h"
#include "mmu.h"
#include "tap.h"
#include "vertex_fetch.h"

#define RAM_SIZE	(4u << 20)
#define ROOT_GPA	0x1000ull
#define DATA_GPA	0x200000ull
#define VA		0x7f0000000000ull

static uint64_t next_table = 0x2000;

static uint64_t alloc_table(void *arg)
{
	(void)arg;
	next_table += 0x1000;
	return next_table;
}

static bool test_mmu_reads(void)
{
	uint8_t *ram = aligned_alloc(4096, RAM_SIZE);
	struct ember_guest_ram gram;
	struct ember_tlb tlb;
	struct ember_mmu mmu = { .ram = &gram, .tlb = &tlb, .root = ROOT_GPA };
	struct ember_draw_mem mem;
	struct ember_draw_fault fault = { 0 };
	struct ember_draw_state st;
	struct ember_vertex_inputs in;
	uint8_t buf[32];
	const float pos[3] = { 1.0f, -2.0f, 0.5f };

	CHECK(ram);
	memset(ram, 0, RAM_SIZE);
	ember_guest_ram_set_layout(&gram, ram, RAM_SIZE);
	memset(&tlb, 0, sizeof(tlb));
	ember_tlb_flush(&tlb);
	guest_pt_map(ram, ROOT_GPA, VA, DATA_GPA, 0x2000,
		     EMBER_PTE_VALID | EMBER_PTE_READ, alloc_table, NULL);
	guest_pt_map(ram, ROOT_GPA, VA + 0x2000, DATA_GPA + 0x2000, 0x1000,
		     EMBER_PTE_VALID | EMBER_PTE_WRITE, alloc_table, NULL);
	for (unsigned int i = 0; i < 0x3000; i++)
		ram[DATA_GPA + i] = (uint8_t)(i * 3);
	ember_draw_mem_mmu(&mem, &mmu);

	/* Across the first two pages. */
	CHECK_EQ(ember_draw_read(&mem, VA + 0xff8, buf, 16, &fault), 0);
	for (unsigned int i = 0; i < 16; i++)
		CHECK_EQ(buf[i], (uint8_t)((0xff8 + i) * 3));
	/* Into the page without PTE_READ: a permission fault there. */
	CHECK_EQ(ember_draw_read(&mem, VA + 0x1ff8, buf, 16, &fault), EMBER_FAULT_PERMISSION);
	CHECK_EQ(fault.kind, EMBER_FAULT_PERMISSION);
	CHECK_EQ(fault.va, VA + 0x2000);
	CHECK_EQ(fault.detail, EMBER_ACCESS_READ);
	/* Past every mapping: a translation fault at the first byte. */
	CHECK_EQ(ember_draw_read(&mem, VA + 0x3000, buf, 4, &fault), EMBER_FAULT_TRANSLATION);
	CHECK_EQ(fault.va, VA + 0x3000);

	/* A vertex through the MMU: RGB32F at element 2, stride 12. */
	memcpy(ram + DATA_GPA + 24, pos, sizeof(pos));
	ember_draw_state_defaults(&st);
	st.binding_count = 1;
	st.binding[0] = (struct ember_draw_vertex_binding) {
		.va = VA, .range = 1 << 20, .stride = 12, .divisor = 1,
	};
	st.attribute_count = 1;
	CHECK(ember_vertex_format_get(106, &st.attribute[0].format));
	CHECK_EQ(ember_vertex_fetch(&st, &mem, 2, 0, 0, &in, &fault), 0);
	CHECK(memcmp(in.lanes[0], pos, sizeof(pos)) == 0);
	/* Element 682 straddles into the unreadable page (bytes 8184..8195). */
	CHECK_EQ(ember_vertex_fetch(&st, &mem, 682, 0, 0, &in, &fault),
		 EMBER_FAULT_PERMISSION);
	CHECK_EQ(fault.va, VA + 0x2000);
	free(ram);
	return true;
}

int main(void)
{
	tap_result(test_mmu_reads(), "reads-and-faults-through-the-mmu");
	return tap_finish();
}
