/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The DISPATCH and DISPATCH_INDIRECT packets as a driver sees them
 * (contract 1.2, 1.3): packets built by
 * hand in an indirect buffer, shaders and descriptors placed in guest
 * memory with chosen permissions, faults read back from the fault
 * records. Covers the packet checks, the EXEC permission of shader code,
 * translation and permission faults of shader accesses, the watchdog,
 * illegal binaries, the program cache against rewritten code, base
 * workgroups, empty grids and the device without worker threads; for
 * DISPATCH_INDIRECT, counts read from memory (also when an earlier packet
 * of the same buffer wrote them before a BARRIER), zero counts, and
 * unmapped, partly mapped and misaligned counts addresses. Since 1.7:
 * grids of any u32 counts (the last workgroup of each dimension, a base
 * near 2^32, directly and indirectly), and grids far beyond 2^32
 * workgroups that the watchdog ends, another ring's job runs beside and a
 * context reset cuts short. Since 1.9: such a grid on a queue, with a job
 * of another queue of the same context beside it, cut by QUEUE_UNMAP.
 *
 * No grid of more than 2^32 workgroups runs to its end here: even a
 * workgroup that does nothing costs the device tens of nanoseconds, so
 * such a grid would take minutes; the huge grids run until the watchdog,
 * a reset or a deliberate fault ends them, and show that the device takes
 * them, gives the shader their counts and stays preemptible.
 */

#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "ember_isa.h"
#include "guest.h"
#include "guest_queue.h"
#include "tap.h"

#define RAM_SIZE		(64u << 20)
#define TIMEOUT_MS		10000
#define CTX			3
#define IB_VA			0x100000000ull
#define SHADER_VA		0x200000000ull
#define TABLE_VA		0x300000000ull
#define DATA_VA			0x400000000ull
#define RO_VA			0x500000000ull
#define PTE_RX			(EMBER_PTE_VALID | EMBER_PTE_READ | EMBER_PTE_EXEC)
/* 4 pages for most tests, then 256 of per-workgroup counters (count_grid). */
#define DATA_PAGES		260

static struct guest guest;
static uint32_t *data;		/* DATA_VA, DATA_PAGES pages, read-write */
static uint64_t shader_gpa;	/* 4 pages behind SHADER_VA */
static unsigned int ib_count;	/* IBs so far, one page each from IB_VA */

/* The set table at TABLE_VA: set 0 at TABLE_VA + 4096, slot 0 = DATA_VA. */
static void setup_tables(void)
{
	uint8_t *t = guest_alloc_mapped(&guest, CTX, TABLE_VA, 2 * EMBER_PAGE_SIZE);
	uint64_t set0 = TABLE_VA + EMBER_PAGE_SIZE, va = DATA_VA;
	uint64_t ro = RO_VA;
	uint32_t range = DATA_PAGES * EMBER_PAGE_SIZE;

	memcpy(t, &set0, 8);
	memcpy(t + EMBER_PAGE_SIZE, &va, 8);
	memcpy(t + EMBER_PAGE_SIZE + 8, &range, 4);
	/* Slot 1: a read-only page. */
	memcpy(t + EMBER_PAGE_SIZE + 16, &ro, 8);
	range = EMBER_PAGE_SIZE;
	memcpy(t + EMBER_PAGE_SIZE + 24, &range, 4);
}

static bool setup(bool threads)
{
	const struct guest_config config = {
		.ram_size = RAM_SIZE, .num_vectors = 3, .num_cores = 2, .threads = threads,
	};

	CHECK(guest_init(&guest, &config));
	guest_ring_init(&guest, 0, 0);
	guest_ring_init(&guest, 1, 0);
	data = guest_alloc_mapped(&guest, CTX, DATA_VA, DATA_PAGES * EMBER_PAGE_SIZE);
	guest_map(&guest, CTX, RO_VA, guest_alloc(&guest, 1), EMBER_PAGE_SIZE,
		  EMBER_PTE_VALID | EMBER_PTE_READ);
	setup_tables();
	shader_gpa = guest_alloc(&guest, 4);
	ib_count = 0;
	return true;
}

/* Assemble @text into guest memory at SHADER_VA with PTE @flags. */
static bool place_shader(const char *text, uint64_t flags)
{
	char err[256];
	void *bin;
	size_t size;

	if (ember_isa_assemble(text, &bin, &size, err, sizeof(err))) {
		tap_diag("assembly: %s", err);
		return false;
	}
	CHECK(size <= 4 * EMBER_PAGE_SIZE);
	memcpy(guest_ptr(&guest, shader_gpa), bin, size);
	free(bin);
	guest_map(&guest, CTX, SHADER_VA, shader_gpa, 4 * EMBER_PAGE_SIZE, flags);
	/* The mapping may have changed: the driver invalidates the TLB. */
	CHECK_EQ(guest_mgmt(&guest, EMBER_MGMT_CMD_TLB_INVALIDATE, CTX, NULL),
		 EMBER_MGMT_STATUS_OK);
	return true;
}

/* One DISPATCH packet (header flags/len as given) in a fresh IB; run it. */
static bool run_dispatch(uint32_t flags, uint32_t len, const uint32_t groups[3],
			 const uint32_t base[3], const uint32_t *push, uint32_t push_bytes)
{
	struct guest_ib ib;
	uint32_t payload[EMBER_UPKT_DISPATCH_LEN(EMBER_DISPATCH_MAX_PUSH)] = {
		LO(SHADER_VA), HI(SHADER_VA), groups[0], groups[1], groups[2],
		base[0], base[1], base[2], LO(TABLE_VA), HI(TABLE_VA), push_bytes,
	};
	uint64_t fence;

	if (push_bytes <= EMBER_DISPATCH_MAX_PUSH && push)
		memcpy(payload + EMBER_DISPATCH_FIXED_LEN, push, push_bytes);
	guest_ib_init(&guest, &ib, CTX, IB_VA + (uint64_t)ib_count++ * EMBER_PAGE_SIZE, 128);
	IB(&ib, EMBER_PKT(EMBER_UPKT_DISPATCH, flags, len));
	guest_ib_emit(&ib, payload, len);
	fence = guest_submit_ib(&guest, 0, CTX, &ib);
	CHECK(guest_wait_fence(&guest, 0, fence, TIMEOUT_MS));
	return true;
}

static bool dispatch(const uint32_t groups[3])
{
	return run_dispatch(0, EMBER_DISPATCH_FIXED_LEN, groups, (uint32_t[3]){ 0, 0, 0 },
			    NULL, 0);
}

static uint32_t fault_seq(void)
{
	return guest_reg(&guest, EMBER_REG_FAULT_SEQ);
}

/* Exactly one new fault of @kind; the context is reset afterwards. */
static bool expect_fault(uint32_t before, uint32_t kind, struct guest_fault *out)
{
	struct guest_fault f;

	CHECK_EQ(fault_seq(), before + 1);
	CHECK(guest_fault(&guest, before + 1, &f));
	if (f.kind != kind)
		tap_diag("fault kind %u va 0x%llx detail 0x%x", f.kind,
			 (unsigned long long)f.va, f.detail);
	CHECK_EQ(f.kind, kind);
	CHECK_EQ(f.context, CTX);
	CHECK_EQ(guest_reg(&guest, EMBER_REG_CTX(CTX, EMBER_CTX_STATE)),
		 EMBER_CTX_STATE_FAULTED);
	guest_reg_write(&guest, EMBER_REG_FAULT_ACK, before + 1);
	CHECK_EQ(guest_mgmt(&guest, EMBER_MGMT_CMD_RESET_CONTEXT, CTX, NULL),
		 EMBER_MGMT_STATUS_OK);
	if (out)
		*out = f;
	return true;
}

/* Lane i of every group writes group_id_x * 1000 + i + push[0] to data[...]. */
static const char store_ids[] =
	".resource 0 0 storage 0 1\n.local_size 32 1 1\n.push 4\n"
	"lddesc u0, 0, 0\ns2r.group_id_x u4\nldpush u5, 0\n"
	"s2r.lane_id v0\nimad v1, u4, 1000, v0\niadd v1, v1, u5\n"
	"s2r.num_groups_x u6\nisub u7, u4, 7\n"	/* base x is 7 below */
	"imad v2, u7, 32, v0\nshl v2, v2, 2\nstg.u32 u0, v2, v1\nend\n";

static bool test_base_groups_push(void)
{
	uint32_t push = 5, before = fault_seq();

	CHECK(place_shader(store_ids, PTE_RX));
	memset(data, 0, 4 * EMBER_PAGE_SIZE);
	CHECK(run_dispatch(0, EMBER_UPKT_DISPATCH_LEN(4), (uint32_t[3]){ 3, 1, 1 },
			   (uint32_t[3]){ 7, 0, 0 }, &push, 4));
	CHECK_EQ(fault_seq(), before);
	for (unsigned int g = 0; g < 3; g++)
		for (unsigned int l = 0; l < 32; l++)
			CHECK_EQ(data[32 * g + l], (7 + g) * 1000 + l + 5);
	return true;
}

static bool test_empty_grid(void)
{
	uint32_t before = fault_seq();

	CHECK(place_shader(store_ids, PTE_RX));
	memset(data, 0, 4 * EMBER_PAGE_SIZE);
	CHECK(dispatch((uint32_t[3]){ 0, 5, 5 }));
	CHECK_EQ(fault_seq(), before);
	CHECK_EQ(data[0], 0);
	return true;
}

static bool test_bad_packets(void)
{
	uint32_t before = fault_seq();
	struct guest_fault f;

	CHECK(place_shader(store_ids, PTE_RX));
	/* Push bytes say 8, the packet carries 1 dword of them. */
	CHECK(run_dispatch(0, EMBER_DISPATCH_FIXED_LEN + 1, (uint32_t[3]){ 1, 1, 1 },
			   (uint32_t[3]){ 0, 0, 0 }, (uint32_t[2]){ 1, 2 }, 8));
	CHECK(expect_fault(before, EMBER_FAULT_BAD_PACKET, &f));
	CHECK_EQ(f.ib_offset, 0);
	CHECK(run_dispatch(1, EMBER_DISPATCH_FIXED_LEN, (uint32_t[3]){ 1, 1, 1 },
			   (uint32_t[3]){ 0, 0, 0 }, NULL, 0));
	CHECK(expect_fault(before + 1, EMBER_FAULT_BAD_PACKET, NULL));
	/* More push bytes than a packet may carry. */
	CHECK(run_dispatch(0, EMBER_UPKT_DISPATCH_LEN(EMBER_DISPATCH_MAX_PUSH),
			   (uint32_t[3]){ 1, 1, 1 }, (uint32_t[3]){ 0, 0, 0 }, NULL, 260));
	CHECK(expect_fault(before + 2, EMBER_FAULT_BAD_PACKET, NULL));
	return true;
}

static bool test_code_needs_exec(void)
{
	uint32_t before = fault_seq();
	struct guest_fault f;

	CHECK(place_shader(store_ids, EMBER_PTE_VALID | EMBER_PTE_READ));
	CHECK(dispatch((uint32_t[3]){ 1, 1, 1 }));
	CHECK(expect_fault(before, EMBER_FAULT_PERMISSION, &f));
	CHECK_EQ(f.va, SHADER_VA);
	CHECK_EQ(f.detail, EMBER_ACCESS_EXEC);
	return true;
}

static bool test_access_faults(void)
{
	uint32_t before = fault_seq();
	struct guest_fault f;

	/* A store through the read-only page of slot 1. */
	CHECK(place_shader(".resource 0 0 storage 1 1\n.local_size 32 1 1\n"
			   "lddesc u0, 0, 1\ns2r.lane_id v0\nshl v0, v0, 2\n"
			   "ldg.u32 v1, u0, v0\nstg.u32 u0, v0, v1\nend\n", PTE_RX));
	CHECK(dispatch((uint32_t[3]){ 1, 1, 1 }));
	CHECK(expect_fault(before, EMBER_FAULT_PERMISSION, &f));
	CHECK_EQ(f.va, RO_VA);
	CHECK_EQ(f.detail, EMBER_ACCESS_WRITE);
	/* An atomic needs read and write. */
	CHECK(place_shader(".resource 0 0 storage 1 1\n.local_size 32 1 1\n"
			   "lddesc u0, 0, 1\natomg.u32.add _, u0, 4, 1\nend\n", PTE_RX));
	CHECK(dispatch((uint32_t[3]){ 1, 1, 1 }));
	CHECK(expect_fault(before + 1, EMBER_FAULT_PERMISSION, &f));
	CHECK_EQ(f.va, RO_VA + 4);
	CHECK_EQ(f.detail, EMBER_ACCESS_READ | EMBER_ACCESS_WRITE);
	/* A descriptor-set table entry nobody mapped. */
	CHECK(place_shader(".local_size 32 1 1\nlddesc u0, 5, 0\nend\n", PTE_RX));
	CHECK(dispatch((uint32_t[3]){ 1, 1, 1 }));
	CHECK(expect_fault(before + 2, EMBER_FAULT_TRANSLATION, &f));
	CHECK_EQ(f.va, 0);	/* set 5's base is 0: its slot 0 is at VA 0 */
	CHECK_EQ(f.detail, EMBER_ACCESS_READ);
	return true;
}

static bool test_illegal_binaries(void)
{
	uint32_t before = fault_seq();
	uint64_t *pte;
	struct guest_fault f;
	uint8_t *code;

	CHECK(place_shader(store_ids, PTE_RX));
	/* Break the magic in guest memory. */
	pte = guest_pte(&guest, CTX, SHADER_VA);
	code = guest_ptr(&guest, *pte & EMBER_PTE_ADDR_MASK);
	code[0] ^= 0xff;
	CHECK(dispatch((uint32_t[3]){ 1, 1, 1 }));
	CHECK(expect_fault(before, EMBER_FAULT_ILLEGAL_INSTRUCTION, &f));
	CHECK_EQ(f.va, SHADER_VA);
	CHECK_EQ(EMBER_ILLEGAL_REASON(f.detail), (uint32_t)-EMBER_ISA_ERR_HEADER);
	/* A uniform branch out of its loop. */
	CHECK(place_shader(".local_size 32 1 1\nL0: loop L1\nbra L2\nL1: endloop L0\n"
			   "L2: end\n", PTE_RX));
	CHECK(dispatch((uint32_t[3]){ 1, 1, 1 }));
	CHECK(expect_fault(before + 1, EMBER_FAULT_ILLEGAL_INSTRUCTION, &f));
	CHECK_EQ(EMBER_ILLEGAL_INDEX(f.detail), 1);
	CHECK_EQ(EMBER_ILLEGAL_REASON(f.detail), (uint32_t)-EMBER_ISA_ERR_STRUCTURE);
	CHECK_EQ(f.va, SHADER_VA + 64 + 16);
	/* A break outside any loop. */
	CHECK(place_shader(".local_size 32 1 1\nbreak p0\nend\n", PTE_RX));
	CHECK(dispatch((uint32_t[3]){ 1, 1, 1 }));
	CHECK(expect_fault(before + 2, EMBER_FAULT_ILLEGAL_INSTRUCTION, &f));
	CHECK_EQ(EMBER_ILLEGAL_INDEX(f.detail), 0);
	/* A fragment shader is a draw's, not a dispatch's (ISA 1.4). */
	CHECK(place_shader(".stage fragment\nddx v0, v1\nend\n", PTE_RX));
	CHECK(dispatch((uint32_t[3]){ 1, 1, 1 }));
	CHECK(expect_fault(before + 3, EMBER_FAULT_ILLEGAL_INSTRUCTION, &f));
	CHECK_EQ(EMBER_ILLEGAL_REASON(f.detail), (uint32_t)-EMBER_ISA_ERR_STAGE);
	CHECK_EQ(f.va, SHADER_VA);
	/* The same code labelled compute: its DDX is not a compute instruction. */
	code = guest_ptr(&guest, *guest_pte(&guest, CTX, SHADER_VA) & EMBER_PTE_ADDR_MASK);
	code[48] = EMBER_ISA_STAGE_COMPUTE;
	CHECK(dispatch((uint32_t[3]){ 1, 1, 1 }));
	CHECK(expect_fault(before + 4, EMBER_FAULT_ILLEGAL_INSTRUCTION, &f));
	CHECK_EQ(EMBER_ILLEGAL_REASON(f.detail), (uint32_t)-EMBER_ISA_ERR_STAGE);
	CHECK_EQ(EMBER_ILLEGAL_INDEX(f.detail), 0);
	CHECK_EQ(f.va, SHADER_VA + 64);
	return true;
}

static bool test_watchdog(void)
{
	uint32_t before = fault_seq();
	struct guest_fault f;

	guest_reg_write(&guest, EMBER_REG_WATCHDOG_MS, 50);
	CHECK(place_shader(".local_size 64 1 1\nL0: loop L1\niadd v0, v0, 1\n"
			   "L1: endloop L0\nend\n", PTE_RX));
	CHECK(dispatch((uint32_t[3]){ 4, 1, 1 }));
	CHECK(expect_fault(before, EMBER_FAULT_WATCHDOG, &f));
	guest_reg_write(&guest, EMBER_REG_WATCHDOG_MS, 0);
	/* The ring goes on: the next dispatch runs. */
	CHECK(test_base_groups_push());
	return true;
}

/* The same VA with new contents runs the new code (no stale cache). */
static bool test_rewritten_code(void)
{
	static const char other[] =
		".resource 0 0 storage 0 1\n.local_size 32 1 1\n"
		"lddesc u0, 0, 0\ns2r.lane_id v0\nshl v1, v0, 2\n"
		"stg.u32 u0, v1, 0xabc\nend\n";

	CHECK(test_base_groups_push());
	CHECK(place_shader(other, PTE_RX));
	CHECK(dispatch((uint32_t[3]){ 1, 1, 1 }));
	for (unsigned int l = 0; l < 32; l++)
		CHECK_EQ(data[l], 0xabc);
	CHECK(test_base_groups_push());
	return true;
}

/*
 * Every lane of workgroup (x, y, z) writes x + 256 y + 65536 z + push[0]
 * to element 32 * linear + lane, linear = (z * ny + y) * nx + x, and the
 * workgroup counts nx + 256 ny + 65536 nz to element 2048 + linear, so
 * the grid, the base and gl_NumWorkGroups can all be checked.
 */
static const char store_grid[] =
	".resource 0 0 storage 0 1\n.local_size 32 1 1\n.push 4\n"
	"lddesc u0, 0, 0\nldpush u12, 0\n"
	"s2r.group_id_x u4\ns2r.group_id_y u5\ns2r.group_id_z u6\n"
	"s2r.num_groups_x u7\ns2r.num_groups_y u8\ns2r.num_groups_z u9\n"
	"imad u10, u6, u8, u5\nimad u10, u10, u7, u4\n"
	"imad u11, u6, 256, u5\nimad u11, u11, 256, u4\niadd u11, u11, u12\n"
	"s2r.lane_id v0\nimad v1, u10, 32, v0\nshl v1, v1, 2\nstg.u32 u0, v1, u11\n"
	"imad u13, u9, 256, u8\nimad u13, u13, 256, u7\n"
	"imad u14, u10, 4, 8192\nstg.u32 u0, u14, u13\nend\n";

#define GRID_DWORDS		2048
/* The counts live in the last data page, past everything store_grid writes. */
#define COUNTS_INDEX		(3 * EMBER_PAGE_SIZE / 4)
#define COUNTS_VA		(DATA_VA + 4 * COUNTS_INDEX)

/* A DISPATCH_INDIRECT of store_grid reading its counts at @counts_va. */
static void emit_indirect(struct guest_ib *ib, uint32_t flags, uint64_t counts_va,
			  const uint32_t base[3], uint32_t push)
{
	IB(ib, EMBER_PKT(EMBER_UPKT_DISPATCH_INDIRECT, flags, EMBER_UPKT_DISPATCH_INDIRECT_LEN(4)),
	   LO(SHADER_VA), HI(SHADER_VA), LO(counts_va), HI(counts_va),
	   base[0], base[1], base[2], LO(TABLE_VA), HI(TABLE_VA), 4, push);
}

static uint64_t new_ib(struct guest_ib *ib)
{
	uint64_t va = IB_VA + (uint64_t)ib_count++ * EMBER_PAGE_SIZE;

	guest_ib_init(&guest, ib, CTX, va, 128);
	return va;
}

static bool submit(struct guest_ib *ib)
{
	CHECK(guest_wait_fence(&guest, 0, guest_submit_ib(&guest, 0, CTX, ib), TIMEOUT_MS));
	return true;
}

static void grid_reset(void)
{
	memset(data, 0, COUNTS_INDEX * 4);
}

/* Exactly the workgroups of @n from @base ran store_grid, seeing @n as their counts. */
static bool check_grid(const uint32_t n[3], const uint32_t base[3], uint32_t push)
{
	uint32_t nx = n[0], ny = n[1], written = 0;

	for (uint32_t z = base[2]; z < base[2] + n[2]; z++)
		for (uint32_t y = base[1]; y < base[1] + ny; y++)
			for (uint32_t x = base[0]; x < base[0] + nx; x++) {
				uint32_t linear = (z * ny + y) * nx + x;

				for (uint32_t l = 0; l < 32; l++)
					CHECK_EQ(data[32 * linear + l],
						 x + 256 * y + 65536 * z + push);
				CHECK_EQ(data[GRID_DWORDS + linear], nx + 256 * ny + 65536 * n[2]);
			}
	for (uint32_t i = 0; i < GRID_DWORDS; i++)
		written += data[i] != 0;
	CHECK_EQ(written, 32 * nx * ny * n[2]);
	return true;
}

static bool test_indirect_counts(void)
{
	const uint32_t n[3] = { 2, 3, 2 }, base[3] = { 0, 0, 1 };
	uint32_t before = fault_seq();
	struct guest_ib ib;

	CHECK(place_shader(store_grid, PTE_RX));
	grid_reset();
	memcpy(&data[COUNTS_INDEX], n, sizeof(n));
	new_ib(&ib);
	emit_indirect(&ib, 0, COUNTS_VA, base, 5);
	CHECK(submit(&ib));
	CHECK_EQ(fault_seq(), before);
	CHECK(check_grid(n, base, 5));
	/* New counts at the same VA: read at each execution, never stale. */
	grid_reset();
	data[COUNTS_INDEX] = 4;
	data[COUNTS_INDEX + 1] = 1;
	data[COUNTS_INDEX + 2] = 1;
	new_ib(&ib);
	emit_indirect(&ib, 0, COUNTS_VA, (uint32_t[3]){ 0, 0, 0 }, 1);
	CHECK(submit(&ib));
	CHECK_EQ(fault_seq(), before);
	CHECK(check_grid((uint32_t[3]){ 4, 1, 1 }, (uint32_t[3]){ 0, 0, 0 }, 1));
	return true;
}

/* Counts written by earlier packets of the same buffer, made visible by a BARRIER. */
static bool test_indirect_after_barrier(void)
{
	const uint32_t zero[3] = { 0, 0, 0 };
	uint32_t before = fault_seq();
	struct guest_ib ib;

	CHECK(place_shader(store_grid, PTE_RX));
	grid_reset();
	memset(&data[COUNTS_INDEX], 0, 12);
	new_ib(&ib);
	IB(&ib, EMBER_PKT(EMBER_UPKT_FILL, 0, 4), LO(COUNTS_VA), HI(COUNTS_VA), 12, 2);
	IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(COUNTS_VA), HI(COUNTS_VA), 3);
	IB(&ib, EMBER_PKT(EMBER_UPKT_BARRIER, 0, 0));
	emit_indirect(&ib, 0, COUNTS_VA, zero, 7);
	CHECK(submit(&ib));
	CHECK_EQ(fault_seq(), before);
	CHECK(check_grid((uint32_t[3]){ 3, 2, 2 }, zero, 7));
	return true;
}

static bool test_indirect_zero(void)
{
	uint32_t before = fault_seq();
	struct guest_ib ib;

	CHECK(place_shader(store_grid, PTE_RX));
	for (unsigned int dim = 0; dim < 3; dim++) {
		uint32_t n[3] = { 4, 4, 4 };

		n[dim] = 0;
		grid_reset();
		memcpy(&data[COUNTS_INDEX], n, sizeof(n));
		new_ib(&ib);
		emit_indirect(&ib, 0, COUNTS_VA, (uint32_t[3]){ 0, 0, 0 }, 1);
		CHECK(submit(&ib));
		CHECK_EQ(fault_seq(), before);
		for (uint32_t i = 0; i < COUNTS_INDEX; i++)
			CHECK_EQ(data[i], 0);
	}
	return true;
}

static bool test_indirect_faults(void)
{
	const uint32_t zero[3] = { 0, 0, 0 };
	uint32_t before = fault_seq();
	struct guest_fault f;
	struct guest_ib ib;
	uint64_t ib_va;

	CHECK(place_shader(store_grid, PTE_RX));
	grid_reset();
	/* Nothing mapped at the counts. */
	new_ib(&ib);
	emit_indirect(&ib, 0, DATA_VA + 0x10000000, zero, 1);
	CHECK(submit(&ib));
	CHECK(expect_fault(before, EMBER_FAULT_TRANSLATION, &f));
	CHECK_EQ(f.va, DATA_VA + 0x10000000);
	CHECK_EQ(f.detail, EMBER_ACCESS_READ);
	/* x in the last dword of the read-only page, y on the unmapped page after it. */
	new_ib(&ib);
	emit_indirect(&ib, 0, RO_VA + EMBER_PAGE_SIZE - 4, zero, 1);
	CHECK(submit(&ib));
	CHECK(expect_fault(before + 1, EMBER_FAULT_TRANSLATION, &f));
	CHECK_EQ(f.va, RO_VA + EMBER_PAGE_SIZE);
	CHECK_EQ(f.detail, EMBER_ACCESS_READ);
	/* Misaligned: a packet fault at the packet. */
	memcpy(&data[COUNTS_INDEX], (uint32_t[4]){ 1, 1, 1, 1 }, 16);
	ib_va = new_ib(&ib);
	IB(&ib, EMBER_PKT(EMBER_UPKT_NOP, 0, 0));
	emit_indirect(&ib, 0, COUNTS_VA + 2, zero, 1);
	CHECK(submit(&ib));
	CHECK(expect_fault(before + 2, EMBER_FAULT_BAD_PACKET, &f));
	CHECK_EQ(f.va, ib_va + 4);
	CHECK_EQ(f.ib_offset, 4);
	/* Reserved flags; a length that does not match the push bytes. */
	memcpy(&data[COUNTS_INDEX], (uint32_t[3]){ 1, 1, 1 }, 12);
	new_ib(&ib);
	emit_indirect(&ib, 1, COUNTS_VA, zero, 1);
	CHECK(submit(&ib));
	CHECK(expect_fault(before + 3, EMBER_FAULT_BAD_PACKET, NULL));
	new_ib(&ib);
	IB(&ib, EMBER_PKT(EMBER_UPKT_DISPATCH_INDIRECT, 0, EMBER_DISPATCH_INDIRECT_FIXED_LEN),
	   LO(SHADER_VA), HI(SHADER_VA), LO(COUNTS_VA), HI(COUNTS_VA), 0, 0, 0,
	   LO(TABLE_VA), HI(TABLE_VA), 4);
	CHECK(submit(&ib));
	CHECK(expect_fault(before + 4, EMBER_FAULT_BAD_PACKET, NULL));
	for (uint32_t i = 0; i < COUNTS_INDEX; i++)
		CHECK_EQ(data[i], 0);
	/* The context runs again after its reset. */
	return test_indirect_counts();
}

/*
 * Each workgroup of a grid adds 1 to its own counter, slot
 * ((z - bz) * ny + (y - by)) * nx + (x - bx) from SLOTS_INDEX on (the base
 * b in the push constants), and to the workgroup count; it keeps the
 * largest and smallest ids it saw and stores the counts it saw. Slots past
 * the buffer's range are dropped (robust access), so a grid of any size
 * runs it.
 */
static const char count_grid[] =
	".resource 0 0 storage 0 1\n.push 12\n"
	"lddesc u0, 0, 0\n"
	"s2r.group_id_x u4\ns2r.group_id_y u5\ns2r.group_id_z u6\n"
	"s2r.num_groups_x u7\ns2r.num_groups_y u8\ns2r.num_groups_z u9\n"
	"ldpush u10, 0\nldpush u11, 4\nldpush u12, 8\n"
	"isub u13, u4, u10\nisub u14, u5, u11\nisub u15, u6, u12\n"
	"imad u16, u15, u8, u14\nimad u16, u16, u7, u13\n"
	"imad u16, u16, 4, 16384\natomg.u32.add _, u0, u16, 1\n"
	"atomg.u32.umax _, u0, 0, u4\natomg.u32.umax _, u0, 4, u5\n"
	"atomg.u32.umax _, u0, 8, u6\natomg.u32.umin _, u0, 12, u4\n"
	"atomg.u32.umin _, u0, 16, u5\natomg.u32.umin _, u0, 20, u6\n"
	"stg.u32 u0, 24, u7\nstg.u32 u0, 28, u8\nstg.u32 u0, 32, u9\n"
	"atomg.u32.add _, u0, 36, 1\nend\n";

#define STAT_MAX_ID		0	/* x, y, z */
#define STAT_MIN_ID		3
#define STAT_NUM_GROUPS		6
#define STAT_RAN		9
#define SLOTS_INDEX		(4 * EMBER_PAGE_SIZE / 4)
#define SLOTS			((DATA_PAGES - 4) * EMBER_PAGE_SIZE / 4)

static void count_reset(void)
{
	memset(data, 0, 4 * STAT_RAN + 4);
	memset(&data[STAT_MIN_ID], 0xff, 12);
	memset(&data[SLOTS_INDEX], 0, SLOTS * 4);
}

/* count_grid over @n from @base; wait for it. */
static bool count_dispatch(const uint32_t n[3], const uint32_t base[3])
{
	return run_dispatch(0, EMBER_UPKT_DISPATCH_LEN(12), n, base, base, 12);
}

/* Every workgroup of @n from @base ran count_grid once, seeing @n. */
static bool check_count(const uint32_t n[3], const uint32_t base[3])
{
	uint32_t total = n[0] * n[1] * n[2];

	for (unsigned int i = 0; i < 3; i++) {
		CHECK_EQ(data[STAT_MAX_ID + i], base[i] + n[i] - 1);
		CHECK_EQ(data[STAT_MIN_ID + i], base[i]);
		CHECK_EQ(data[STAT_NUM_GROUPS + i], n[i]);
	}
	CHECK_EQ(data[STAT_RAN], total);
	for (uint32_t s = 0; s < SLOTS; s++)
		CHECK_EQ(data[SLOTS_INDEX + s], s < total);
	return true;
}

/* The last workgroup of each dimension at Vulkan's minimum limit, 65535. */
static bool test_grid_edges(void)
{
	static const uint32_t grids[][2][3] = {
		{ { 65535, 1, 1 }, { 0, 0, 0 } },
		{ { 1, 65535, 1 }, { 0, 0, 0 } },
		{ { 1, 1, 65535 }, { 0, 0, 0 } },
		/* Rows carry into planes at every work item boundary. */
		{ { 65535, 2, 2 }, { 0, 0, 0 } },
		{ { 3, 65535, 1 }, { 0, 0, 0 } },
		/* The base up to the last id of a u32. */
		{ { 65535, 1, 2 }, { 0xffff0000u, 7, 0xfffffffdu } },
	};
	uint32_t before = fault_seq();

	CHECK(place_shader(count_grid, PTE_RX));
	for (unsigned int i = 0; i < sizeof(grids) / sizeof(grids[0]); i++) {
		count_reset();
		CHECK(count_dispatch(grids[i][0], grids[i][1]));
		CHECK_EQ(fault_seq(), before);
		if (!check_count(grids[i][0], grids[i][1])) {
			tap_diag("grid %u x %u x %u from %u, %u, %u", grids[i][0][0],
				 grids[i][0][1], grids[i][0][2], grids[i][1][0],
				 grids[i][1][1], grids[i][1][2]);
			return false;
		}
	}
	return true;
}

/* An IB of count_grid indirectly, the counts at COUNTS_VA. */
static void count_indirect_ib(struct guest_ib *ib, const uint32_t n[3])
{
	memcpy(&data[COUNTS_INDEX], n, 12);
	new_ib(ib);
	IB(ib, EMBER_PKT(EMBER_UPKT_DISPATCH_INDIRECT, 0, EMBER_UPKT_DISPATCH_INDIRECT_LEN(12)),
	   LO(SHADER_VA), HI(SHADER_VA), LO(COUNTS_VA), HI(COUNTS_VA), 0, 0, 0,
	   LO(TABLE_VA), HI(TABLE_VA), 12, 0, 0, 0);
}

static uint64_t count_indirect(unsigned int ring, const uint32_t n[3])
{
	struct guest_ib ib;

	count_indirect_ib(&ib, n);
	return guest_submit_ib(&guest, ring, CTX, &ib);
}

/* Waits (at most TIMEOUT_MS) until a workgroup of the submitted grid ran. */
static bool wait_grid_running(void)
{
	int64_t start = guest_now_ms();

	while (!__atomic_load_n(&data[STAT_RAN], __ATOMIC_ACQUIRE) &&
	       guest_now_ms() - start < TIMEOUT_MS)
		sched_yield();
	return __atomic_load_n(&data[STAT_RAN], __ATOMIC_ACQUIRE) > 0;
}

static bool test_indirect_large_counts(void)
{
	const uint32_t n[3] = { 65535, 2, 2 }, zero[3] = { 0, 0, 0 };
	uint32_t before = fault_seq();

	CHECK(place_shader(count_grid, PTE_RX));
	count_reset();
	CHECK(guest_wait_fence(&guest, 0, count_indirect(0, n), TIMEOUT_MS));
	CHECK_EQ(fault_seq(), before);
	return check_count(n, zero);
}

/*
 * A grid the watchdog ends (WATCHDOG_MS = 100): its workgroups ran, saw
 * the grid's counts, and the fault came in time.
 */
static bool expect_watchdog(uint32_t before, const uint32_t n[3], int64_t start_ms)
{
	struct guest_fault f;

	CHECK(expect_fault(before, EMBER_FAULT_WATCHDOG, &f));
	CHECK_EQ(f.va, SHADER_VA);
	CHECK(guest_now_ms() - start_ms < 3000);
	CHECK(data[STAT_RAN] > 0);
	for (unsigned int i = 0; i < 3; i++)
		CHECK_EQ(data[STAT_NUM_GROUPS + i], n[i]);
	return true;
}

/*
 * Workgroups that do almost nothing, in grids no device finishes: 2^64
 * of them (a 64-bit product of the counts would be 0 and run nothing),
 * and the largest counts, directly and indirectly. The job timeout ends
 * each; the ring goes on.
 */
static bool test_huge_grid_watchdog(void)
{
	static const uint32_t grids[][3] = {
		{ 0x80000000u, 0x80000000u, 4 },
		{ 0xffffffffu, 0xffffffffu, 0xffffffffu },
		{ 65535, 65535, 65535 },
	};
	const uint32_t zero[3] = { 0, 0, 0 };
	uint32_t before = fault_seq();
	int64_t start;

	guest_reg_write(&guest, EMBER_REG_WATCHDOG_MS, 100);
	CHECK(place_shader(count_grid, PTE_RX));
	for (unsigned int i = 0; i < sizeof(grids) / sizeof(grids[0]); i++) {
		count_reset();
		start = guest_now_ms();
		CHECK(count_dispatch(grids[i], zero));
		CHECK(expect_watchdog(before++, grids[i], start));
	}
	count_reset();
	start = guest_now_ms();
	CHECK(guest_wait_fence(&guest, 0, count_indirect(0, grids[1]), TIMEOUT_MS));
	CHECK(expect_watchdog(before, grids[1], start));
	guest_reg_write(&guest, EMBER_REG_WATCHDOG_MS, 0);
	return test_base_groups_push();
}

/*
 * While ring 0 runs a grid of 65535^3 workgroups (the watchdog at 10 s),
 * a job of ring 1 runs, and a context reset takes effect at once and
 * aborts the dispatch without a fault.
 */
static bool test_huge_grid_preempted(void)
{
	const uint32_t n[3] = { 65535, 65535, 65535 };
	uint32_t before = fault_seq();
	uint64_t fence, other;
	struct guest_ib ib;
	int64_t start;

	guest_reg_write(&guest, EMBER_REG_WATCHDOG_MS, 10000);
	CHECK(place_shader(count_grid, PTE_RX));
	count_reset();
	data[COUNTS_INDEX + 4] = 0;
	fence = count_indirect(0, n);
	CHECK(wait_grid_running());

	new_ib(&ib);
	IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(COUNTS_VA + 16),
	   HI(COUNTS_VA + 16), 0x600d);
	other = guest_submit_ib(&guest, 1, CTX, &ib);
	CHECK(guest_wait_fence(&guest, 1, other, 2000));
	CHECK_EQ(data[COUNTS_INDEX + 4], 0x600d);
	CHECK(guest_fence(&guest, 0) < fence);

	start = guest_now_ms();
	CHECK_EQ(guest_mgmt(&guest, EMBER_MGMT_CMD_RESET_CONTEXT, CTX, NULL),
		 EMBER_MGMT_STATUS_OK);
	CHECK(guest_now_ms() - start < 2000);
	CHECK(guest_wait_fence(&guest, 0, fence, 2000));
	CHECK_EQ(fault_seq(), before);
	CHECK_EQ(guest_reg(&guest, EMBER_REG_CTX(CTX, EMBER_CTX_STATE)), EMBER_CTX_STATE_OK);
	guest_reg_write(&guest, EMBER_REG_WATCHDOG_MS, 0);
	return test_base_groups_push();
}

/*
 * Queues (contract 1.9): while one queue runs a grid no device finishes,
 * another queue of the same context completes a job; QUEUE_UNMAP cuts
 * the dispatch between two workgroups without a fault, and the queue's
 * FENCE runs once it is mapped again.
 */
static bool test_huge_grid_queue(void)
{
	const uint32_t n[3] = { 65535, 65535, 65535 };
	uint32_t before = fault_seq(), rptr, cut;
	struct guest_queue busy, other;
	struct guest_ib grid, ib;
	uint64_t fence;

	guest_reg_write(&guest, EMBER_REG_WATCHDOG_MS, 60000);
	CHECK(place_shader(count_grid, PTE_RX));
	count_reset();
	data[COUNTS_INDEX + 4] = 0;
	guest_queue_init(&guest, &busy, CTX, 0, 1);
	guest_queue_init(&guest, &other, CTX, 0, 2);
	CHECK_EQ(guest_queue_map(&guest, &busy, 0, NULL), EMBER_MGMT_STATUS_OK);
	CHECK_EQ(guest_queue_map(&guest, &other, 1, NULL), EMBER_MGMT_STATUS_OK);
	count_indirect_ib(&grid, n);
	fence = guest_queue_submit_ib(&guest, &busy, CTX, &grid);
	CHECK(wait_grid_running());

	new_ib(&ib);
	IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(COUNTS_VA + 16),
	   HI(COUNTS_VA + 16), 0x600d);
	CHECK(guest_queue_wait_fence(&guest, &other,
				     guest_queue_submit_ib(&guest, &other, CTX, &ib),
				     TIMEOUT_MS));
	CHECK_EQ(data[COUNTS_INDEX + 4], 0x600d);
	CHECK(guest_queue_fence(&guest, &busy) < fence);

	CHECK_EQ(guest_queue_unmap(&guest, 0, &rptr, &cut), EMBER_MGMT_STATUS_OK);
	CHECK_EQ(cut, 1);
	CHECK_EQ(rptr, 4 * (1 + EMBER_KPKT_RUN_IB_LEN));
	CHECK(guest_queue_fence(&guest, &busy) < fence);
	CHECK_EQ(guest_queue_map(&guest, &busy, 0, NULL), EMBER_MGMT_STATUS_OK);
	CHECK(guest_queue_wait_fence(&guest, &busy, fence, TIMEOUT_MS));
	CHECK_EQ(fault_seq(), before);
	CHECK_EQ(guest_reg(&guest, EMBER_REG_CTX(CTX, EMBER_CTX_STATE)), EMBER_CTX_STATE_OK);
	CHECK_EQ(guest_queue_unmap(&guest, 0, NULL, NULL), EMBER_MGMT_STATUS_OK);
	CHECK_EQ(guest_queue_unmap(&guest, 1, NULL, NULL), EMBER_MGMT_STATUS_OK);
	guest_reg_write(&guest, EMBER_REG_WATCHDOG_MS, 0);
	return test_base_groups_push();
}

int main(void)
{
	bool ok = setup(true);

	tap_result(ok, "setup");
	if (ok) {
		tap_result(test_base_groups_push(), "base-groups-push-constants");
		tap_result(test_empty_grid(), "empty-grid");
		tap_result(test_bad_packets(), "bad-packets");
		tap_result(test_code_needs_exec(), "code-needs-exec");
		tap_result(test_access_faults(), "access-faults");
		tap_result(test_illegal_binaries(), "illegal-binaries");
		tap_result(test_watchdog(), "watchdog");
		tap_result(test_rewritten_code(), "rewritten-code");
		tap_result(test_indirect_counts(), "indirect-counts");
		tap_result(test_indirect_after_barrier(), "indirect-after-barrier");
		tap_result(test_indirect_zero(), "indirect-zero-counts");
		tap_result(test_indirect_faults(), "indirect-faults");
		tap_result(test_grid_edges(), "grid-edges");
		tap_result(test_indirect_large_counts(), "indirect-large-counts");
		tap_result(test_huge_grid_watchdog(), "huge-grid-watchdog");
		tap_result(test_huge_grid_preempted(), "huge-grid-preempted");
		tap_result(test_huge_grid_queue(), "huge-grid-beside-another-queue");
		guest_fini(&guest);
	}
	/* No worker threads: the command processor runs every workgroup. */
	ok = setup(false);
	tap_result(ok && test_base_groups_push(), "no-worker-threads");
	tap_result(ok && test_huge_grid_watchdog(), "no-worker-threads-huge-grid-watchdog");
	if (ok)
		guest_fini(&guest);
	return tap_finish();
}
