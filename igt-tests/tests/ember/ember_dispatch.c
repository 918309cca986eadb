// SPDX-License-Identifier: MIT
/*
 * Compute dispatches through ember.ko: an Ember ISA shader (assembled with
 * isa/'s assembler) in a BO, its descriptor-set table and storage buffer in
 * others, a DISPATCH packet in an indirect buffer, a SUBMIT. The shader's
 * writes are checked on the CPU; shader code needs an executable mapping
 * (a NOEXEC one is a permission fault on the fetch), and shader stores
 * honour read-only mappings. DISPATCH_INDIRECT reads its workgroup counts
 * from a BO when it runs: written by the CPU, or by earlier packets of the
 * same IB before a BARRIER; zero counts run nothing, unmapped counts fault
 * the context. Layouts: Documentation/gpu/ember-isa.rst (shader header,
 * descriptors) and ember-hw.rst (DISPATCH, DISPATCH_INDIRECT).
 */
#include <stdlib.h>
#include <string.h>

#include "drmtest.h"
#include "ember_isa.h"
#include "ember_packets.h"
#include "ember_regs.h"
#include "igt_ember.h"

#define PAGE IGT_EMBER_PAGE_SIZE
#define DATA_PAGES 4

/*
 * Lane i of workgroup g writes g * 1000 + i + push[0] to element
 * 32 * (g - 7) + i of the storage buffer of set 0, binding 0 (the
 * dispatch numbers its workgroups from 7).
 */
static const char store_ids[] =
	".resource 0 0 storage 0 1\n.local_size 32 1 1\n.push 4\n"
	"lddesc u0, 0, 0\ns2r.group_id_x u4\nldpush u5, 0\n"
	"s2r.lane_id v0\nimad v1, u4, 1000, v0\niadd v1, v1, u5\n"
	"isub u7, u4, 7\nimad v2, u7, 32, v0\nshl v2, v2, 2\nstg.u32 u0, v2, v1\nend\n";

/*
 * Lanes of workgroup (x, y, z) write x + 256 y + 65536 z + push[0] to
 * element 32 * linear + lane (linear = (z * ny + y) * nx + x) and the
 * counts nx + 256 ny + 65536 nz (gl_NumWorkGroups) to element 2048 + linear.
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
#define GRID_DWORDS 2048
/* The counts: in the last data page, which store_grid never writes. */
#define COUNTS_INDEX (3 * PAGE / 4)

/* What a dispatch needs besides the IB. */
struct dispatch_env {
	struct igt_ember_env env;
	struct igt_ember_buf shader;	/* the binary */
	struct igt_ember_buf table;	/* set table page, then set 0's descriptors */
	struct igt_ember_buf data;	/* set 0, binding 0 */
};

/* One 16-byte descriptor {va, range, flags} of set 0 at @slot. */
static void write_descriptor(struct dispatch_env *d, uint32_t slot, uint64_t va, uint32_t range)
{
	uint8_t *set0 = (uint8_t *)d->table.map + PAGE + 16 * slot;

	memcpy(set0, &va, 8);
	memcpy(set0 + 8, &range, 4);
	memset(set0 + 12, 0, 4);
}

/*
 * Assembles @text into a new BO mapped with @map_flags, and builds a set
 * table whose set 0, slot 0 is a @data_map_flags mapping of DATA_PAGES.
 */
static void dispatch_env_init(struct dispatch_env *d, int fd, const char *text,
			      uint32_t map_flags, uint32_t data_map_flags)
{
	uint64_t set0;
	char err[256];
	size_t size;
	void *bin;

	igt_assert_f(!ember_isa_assemble(text, &bin, &size, err, sizeof(err)),
		     "assembly: %s\n", err);
	igt_ember_env_init(&d->env, fd, 1);
	igt_ember_buf_create_flags(&d->shader, &d->env.vm, size, 0, map_flags);
	memcpy(d->shader.map, bin, size);
	free(bin);

	igt_ember_buf_create_flags(&d->table, &d->env.vm, 2 * PAGE, 0,
				   DRM_EMBER_VM_BIND_OP_MAP_READONLY | DRM_EMBER_VM_BIND_OP_MAP_NOEXEC);
	igt_ember_buf_create_flags(&d->data, &d->env.vm, DATA_PAGES * PAGE, 0, data_map_flags);
	set0 = d->table.va + PAGE;
	memcpy(d->table.map, &set0, 8);
	write_descriptor(d, 0, d->data.va, DATA_PAGES * PAGE);
}

static void dispatch_env_fini(struct dispatch_env *d)
{
	igt_ember_buf_destroy(&d->data);
	igt_ember_buf_destroy(&d->table);
	igt_ember_buf_destroy(&d->shader);
	igt_ember_env_fini(&d->env);
}

/* Dispatches @groups workgroups from 7 with push constant @push; the job's status. */
static int run_store_ids(struct dispatch_env *d, uint32_t groups, uint32_t push)
{
	igt_ember_ib_reset(&d->env.ib);
	igt_ember_ib_dispatch(&d->env.ib, d->shader.va, (uint32_t[3]){ groups, 1, 1 },
			      (uint32_t[3]){ 7, 0, 0 }, d->table.va, &push, sizeof(push));
	return igt_ember_run_ib_status(d->env.fd, d->env.ctx, &d->env.ib, 0);
}

/* A DISPATCH_INDIRECT of store_grid with its counts at @counts_va, base 0, push @push. */
static void emit_grid_indirect(struct dispatch_env *d, uint64_t counts_va, uint32_t push)
{
	igt_ember_ib_dispatch_indirect(&d->env.ib, d->shader.va, counts_va,
				       (uint32_t[3]){ 0, 0, 0 }, d->table.va, &push, sizeof(push));
}

/* Exactly the workgroups of @n ran store_grid with @push, seeing @n as their counts. */
static void assert_grid(struct dispatch_env *d, const uint32_t n[3], uint32_t push)
{
	const uint32_t *out = igt_ember_buf_u32(&d->data);
	uint32_t x, y, z, l, i, written = 0;

	for (z = 0; z < n[2]; z++)
		for (y = 0; y < n[1]; y++)
			for (x = 0; x < n[0]; x++) {
				uint32_t linear = (z * n[1] + y) * n[0] + x;

				for (l = 0; l < 32; l++)
					igt_assert_eq_u32(out[32 * linear + l],
							  x + 256 * y + 65536 * z + push);
				igt_assert_eq_u32(out[GRID_DWORDS + linear],
						  n[0] + 256 * n[1] + 65536 * n[2]);
			}
	for (i = 0; i < GRID_DWORDS; i++)
		written += out[i] != 0;
	igt_assert_eq_u32(written, 32 * n[0] * n[1] * n[2]);
}

static void require_indirect(const struct drm_ember_gpu_info *info)
{
	igt_require_f(info->caps & EMBER_CAP_DISPATCH_INDIRECT,
		      "device without DISPATCH_INDIRECT\n");
}

igt_main
{
	struct drm_ember_gpu_info info;
	int fd = -1;

	igt_fixture {
		fd = drm_open_driver_render(DRIVER_EMBER);
		igt_ember_get_gpu_info(fd, &info);
		igt_require_f(info.caps & EMBER_CAP_COMPUTE, "device without compute\n");
	}

	igt_describe("A shader in a read-only executable mapping runs every workgroup and "
		     "lane, with its push constants, and writes through its descriptor.");
	igt_subtest("store-ids") {
		struct dispatch_env d;
		uint32_t *out, g, l;

		dispatch_env_init(&d, fd, store_ids, DRM_EMBER_VM_BIND_OP_MAP_READONLY, 0);
		out = igt_ember_buf_u32(&d.data);
		igt_assert_eq(run_store_ids(&d, 3, 5), 1);
		for (g = 0; g < 3; g++)
			for (l = 0; l < 32; l++)
				igt_assert_eq_u32(out[32 * g + l], (7 + g) * 1000 + l + 5);
		igt_assert_eq_u32(out[3 * 32], 0);
		/* Again, more workgroups and another push constant: no stale state. */
		igt_assert_eq(run_store_ids(&d, 32, 9), 1);
		for (g = 0; g < 32; g++)
			for (l = 0; l < 32; l++)
				igt_assert_eq_u32(out[32 * g + l], (7 + g) * 1000 + l + 9);
		igt_assert_eq(igt_ember_ctx_state(fd, d.env.ctx), DRM_EMBER_CTX_STATE_INNOCENT);
		dispatch_env_fini(&d);
	}

	igt_describe("Shader code in a NOEXEC mapping is not run: the fetch is a permission "
		     "fault (EXEC) at the binary, the job fails with EIO, nothing is written.");
	igt_subtest("code-needs-exec") {
		struct dispatch_env d;

		dispatch_env_init(&d, fd, store_ids, DRM_EMBER_VM_BIND_OP_MAP_READONLY |
				  DRM_EMBER_VM_BIND_OP_MAP_NOEXEC, 0);
		igt_assert_eq(run_store_ids(&d, 1, 5), -EIO);
		igt_ember_assert_faulted(fd, d.env.ctx, EMBER_FAULT_PERMISSION, d.shader.va,
					 EMBER_ACCESS_EXEC);
		igt_assert_eq_u32(igt_ember_buf_u32(&d.data)[0], 0);
		dispatch_env_fini(&d);
	}

	igt_describe("A shader store through a read-only mapping is a permission fault "
		     "(WRITE) at the first element; the memory is unchanged.");
	igt_subtest("store-to-readonly-faults") {
		struct dispatch_env d;

		dispatch_env_init(&d, fd, store_ids, DRM_EMBER_VM_BIND_OP_MAP_READONLY,
				  DRM_EMBER_VM_BIND_OP_MAP_READONLY);
		igt_ember_buf_u32(&d.data)[0] = 0x600d;
		igt_assert_eq(run_store_ids(&d, 1, 5), -EIO);
		igt_ember_assert_faulted(fd, d.env.ctx, EMBER_FAULT_PERMISSION, d.data.va,
					 EMBER_ACCESS_WRITE);
		igt_assert_eq_u32(igt_ember_buf_u32(&d.data)[0], 0x600d);
		dispatch_env_fini(&d);
	}

	igt_describe("DISPATCH_INDIRECT runs the workgroup counts it reads from a BO; "
		     "the shader's gl_NumWorkGroups are those counts.");
	igt_subtest("indirect-counts") {
		const uint32_t n[3] = { 3, 2, 2 };
		struct dispatch_env d;
		uint32_t *out;

		require_indirect(&info);
		dispatch_env_init(&d, fd, store_grid, DRM_EMBER_VM_BIND_OP_MAP_READONLY, 0);
		out = igt_ember_buf_u32(&d.data);
		memcpy(&out[COUNTS_INDEX], n, sizeof(n));
		igt_ember_ib_reset(&d.env.ib);
		emit_grid_indirect(&d, d.data.va + 4 * COUNTS_INDEX, 5);
		igt_assert_eq(igt_ember_run_ib_status(fd, d.env.ctx, &d.env.ib, 0), 1);
		assert_grid(&d, n, 5);
		igt_assert_eq(igt_ember_ctx_state(fd, d.env.ctx),
			      DRM_EMBER_CTX_STATE_INNOCENT);
		dispatch_env_fini(&d);
	}

	igt_describe("Counts written by earlier packets of the same IB (a FILL, then a "
		     "WRITE_IMM) are what DISPATCH_INDIRECT reads after a BARRIER.");
	igt_subtest("indirect-counts-after-barrier") {
		struct dispatch_env d;
		uint64_t counts_va;

		require_indirect(&info);
		dispatch_env_init(&d, fd, store_grid, DRM_EMBER_VM_BIND_OP_MAP_READONLY, 0);
		counts_va = d.data.va + 4 * COUNTS_INDEX;
		/* The CPU's counts would run one workgroup: the IB's must win. */
		memcpy(&igt_ember_buf_u32(&d.data)[COUNTS_INDEX], (uint32_t[3]){ 1, 1, 1 },
		       12);
		igt_ember_ib_reset(&d.env.ib);
		igt_ember_ib_fill(&d.env.ib, counts_va, 12, 2);
		igt_ember_ib_write32(&d.env.ib, counts_va, 4);
		igt_ember_ib_barrier(&d.env.ib);
		emit_grid_indirect(&d, counts_va, 9);
		igt_assert_eq(igt_ember_run_ib_status(fd, d.env.ctx, &d.env.ib, 0), 1);
		assert_grid(&d, (uint32_t[3]){ 4, 2, 2 }, 9);
		dispatch_env_fini(&d);
	}

	igt_describe("A zero count in any dimension runs no workgroup and is no fault.");
	igt_subtest("indirect-zero-count") {
		struct dispatch_env d;
		uint32_t *out, dim, i;

		require_indirect(&info);
		dispatch_env_init(&d, fd, store_grid, DRM_EMBER_VM_BIND_OP_MAP_READONLY, 0);
		out = igt_ember_buf_u32(&d.data);
		for (dim = 0; dim < 3; dim++) {
			uint32_t n[3] = { 2, 2, 2 };

			n[dim] = 0;
			memcpy(&out[COUNTS_INDEX], n, sizeof(n));
			igt_ember_ib_reset(&d.env.ib);
			emit_grid_indirect(&d, d.data.va + 4 * COUNTS_INDEX, 1);
			igt_assert_eq(igt_ember_run_ib_status(fd, d.env.ctx, &d.env.ib, 0),
				      1);
		}
		for (i = 0; i < COUNTS_INDEX; i++)
			igt_assert_eq_u32(out[i], 0);
		igt_assert_eq(igt_ember_ctx_state(fd, d.env.ctx),
			      DRM_EMBER_CTX_STATE_INNOCENT);
		dispatch_env_fini(&d);
	}

	igt_describe("Counts at an unmapped VA: a translation fault (READ) at that VA, "
		     "the job fails with EIO, no workgroup runs.");
	igt_subtest("indirect-unmapped-counts-faults") {
		struct dispatch_env d;
		uint64_t counts_va;
		uint32_t i;

		require_indirect(&info);
		dispatch_env_init(&d, fd, store_grid, DRM_EMBER_VM_BIND_OP_MAP_READONLY, 0);
		/* The top page of the VM's range: nothing is mapped there. */
		counts_va = d.env.vm.va_end - PAGE;
		igt_ember_ib_reset(&d.env.ib);
		emit_grid_indirect(&d, counts_va, 1);
		igt_assert_eq(igt_ember_run_ib_status(fd, d.env.ctx, &d.env.ib, 0), -EIO);
		igt_ember_assert_faulted(fd, d.env.ctx, EMBER_FAULT_TRANSLATION, counts_va,
					 EMBER_ACCESS_READ);
		for (i = 0; i < COUNTS_INDEX; i++)
			igt_assert_eq_u32(igt_ember_buf_u32(&d.data)[i], 0);
		dispatch_env_fini(&d);
	}

	igt_fixture {
		drm_close_driver(fd);
	}
}
