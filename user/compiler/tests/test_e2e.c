/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * End to end: GLSL (compiled by glslangValidator at build time) through
 * ember_cc_compile() and the shader core (ember_host: guest memory, page
 * tables, a DISPATCH packet), checked against C references. These are the
 * compiler's focused cases; the big corpus lives in tests/shaders.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember_cc.h"
#include "ember_host.h"
#include "ember_isa.h"
#include "spirv_file.h"
#include "tap.h"

static struct ember_host *host;
static const char *spirv_dir;
static uint32_t compile_flags;	/* EMBER_CC_* of the next compiles */

struct buffer {
	uint64_t va;
	void *cpu;
	uint64_t size;
};

static struct buffer buffer(uint64_t size)
{
	struct buffer b = { .size = size };

	b.va = ember_host_alloc(host, size, &b.cpu);
	if (!b.va)
		abort();
	return b;
}

static void *compile(const char *name, size_t *size)
{
	char path[512], *error = NULL;
	uint32_t *words;
	void *binary = NULL;
	size_t count;

	snprintf(path, sizeof(path), "%s/%s.spv", spirv_dir, name);
	words = spirv_file_read(path, &count);
	if (!words) {
		tap_diag("%s: cannot read", path);
		return NULL;
	}
	if (ember_cc_compile(words, count, &(struct ember_cc_options) { .flags = compile_flags },
			     &binary, size, &error)) {
		tap_diag("%s: %s", name, error ? error : "?");
		binary = NULL;
	}
	free(error);
	free(words);
	return binary;
}

/* Dispatch @name with (set 0, binding i) = bufs[i]. */
static bool run(const char *name, uint32_t groups, const struct buffer *bufs, unsigned int n,
		const void *push, uint32_t push_size)
{
	struct ember_host_binding bindings[4];
	struct ember_host_fault fault;
	size_t size;
	void *binary = compile(name, &size);
	int ret;

	if (!binary)
		return false;
	for (unsigned int i = 0; i < n; i++)
		bindings[i] = (struct ember_host_binding) {
			.binding = i, .va = bufs[i].va, .range = bufs[i].size,
		};
	ret = ember_host_dispatch(host, &(struct ember_host_dispatch) {
		.shader = binary, .shader_size = size, .bindings = bindings, .binding_count = n,
		.push_constants = push, .push_size = push_size, .groups = { groups, 1, 1 },
	}, &fault);
	free(binary);
	if (ret)
		tap_diag("%s: dispatch failed (%d, fault kind %u detail 0x%x)", name, ret,
			 fault.kind, fault.detail);
	return ret == 0;
}

/* The compiled @name's header, and how many instructions have @opcode. */
static bool inspect(const char *name, struct ember_isa_header *header, int opcode,
		    unsigned int *count)
{
	struct ember_isa_shader s;
	size_t size;
	void *binary = compile(name, &size);

	*count = 0;
	if (!binary || ember_isa_shader_parse(binary, size, &s)) {
		free(binary);
		return false;
	}
	*header = s.header;
	for (uint32_t i = 0; i < s.num_insns; i++) {
		struct ember_isa_insn in;

		if (!ember_isa_decode(s.code + 16 * i, &in) && in.opcode == opcode)
			(*count)++;
	}
	free(binary);
	return true;
}

static bool check_u32(const char *what, const uint32_t *got, const uint32_t *want, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		if (got[i] != want[i]) {
			tap_diag("%s[%u] = %u, expected %u", what, i, got[i], want[i]);
			return false;
		}
	return true;
}

static uint32_t divergence_ref(uint32_t lane)
{
	uint32_t acc = lane;

	for (uint32_t i = 0; i < lane % 13 + 1; i++) {
		if ((i ^ lane) % 3 == 0)
			continue;
		for (uint32_t j = i; j < 40; j += 3) {
			if (j * lane % 7 == 6)
				break;
			acc = acc * 3 + j;
		}
		switch ((lane + i) % 5) {
		case 0:
			acc += 11;
			/* fall through */
		case 1:
			acc ^= acc >> 3;
			if (acc % 4 == 1)
				break;
			acc += 5;
			break;
		case 2:
			if (i == 2)
				continue;
			acc -= i;
			break;
		default:
			if (lane % 2 == 0)
				acc += acc % 3 == 0 ? 100 : 1000;
		}
		if (acc > 1000000000u)
			break;
	}
	return acc;
}

static bool test_divergence(void)
{
	struct buffer o = buffer(256 * 4);
	uint32_t want[256];

	for (uint32_t i = 0; i < 256; i++)
		want[i] = divergence_ref(i);
	CHECK(run("e2e_divergence", 4, &o, 1, NULL, 0));
	return check_u32("o", o.cpu, want, 256);
}

static bool test_spill(void)
{
	enum { N = 300, LANES = 64 };
	struct buffer o = buffer(N * LANES * 4);
	float *f = o.cpu, *want;
	struct ember_isa_header header;
	unsigned int reloads;

	/* The case is only meaningful if the allocator really spilled. */
	CHECK(inspect("e2e_spill", &header, EMBER_ISA_OP_LDSCR, &reloads));
	CHECK(header.scratch_bytes > 0 && reloads > 0);
	want = malloc(sizeof(float) * N * LANES);

	for (int i = 0; i < N * LANES; i++)
		f[i] = (float)(i % 97) * 0.25f;
	for (int l = 0; l < LANES; l++) {
		float v[N], acc = 0.0f;

		for (int k = 0; k < N; k++)
			v[k] = f[l * N + k] * (float)(k + 1);
		for (int k = 0; k < N; k++)
			acc += v[N - 1 - k] * (float)(k & 7);
		for (int k = 0; k < N; k++)
			want[l * N + k] = v[k] + acc;
	}
	CHECK(run("e2e_spill", 2, &o, 1, NULL, 0));
	for (int i = 0; i < N * LANES; i++)
		if (f[i] != want[i]) {
			tap_diag("o[%d] = %g, expected %g", i, f[i], want[i]);
			free(want);
			return false;
		}
	free(want);
	return true;
}

static bool test_uniform(void)
{
	struct buffer o = buffer(128 * 4);
	uint32_t push[2] = { 30, 1 }, want[128];
	struct ember_isa_header header;
	unsigned int uniform_branches, masked_loops;

	/* The loop and the mode test are uniform: branches, not the mask stack. */
	CHECK(inspect("e2e_uniform", &header, EMBER_ISA_OP_BRZ, &uniform_branches));
	CHECK(inspect("e2e_uniform", &header, EMBER_ISA_OP_LOOP, &masked_loops));
	CHECK(uniform_branches > 0);
	CHECK_EQ(masked_loops, 0);

	for (uint32_t lane = 0; lane < 128; lane++) {
		uint32_t acc = 0;

		for (uint32_t i = 0; i < push[0]; i++) {
			acc += push[1] == 1 ? i * 2 : i;
			if (lane & 1)
				acc ^= i;
			if (i == 20)
				break;
		}
		want[lane] = acc + lane / 64 * 1000;
	}
	CHECK(run("e2e_uniform", 2, &o, 1, push, sizeof(push)));
	return check_u32("o", o.cpu, want, 128);
}

static bool test_subgroup(void)
{
	enum { LANES = 128 };
	struct buffer o = buffer(LANES * 6 * 4);
	uint32_t want[LANES * 6];

	for (uint32_t w = 0; w < LANES / 32; w++) {
		uint32_t v[32], sum = 0, count = 0, max = 0, scan = 0;

		for (uint32_t l = 0; l < 32; l++) {
			v[l] = (w * 32 + l) * 7 % 23;
			sum += v[l];
			count += v[l] > 11;
			if (v[l] > 5 && v[l] > max)
				max = v[l];
		}
		for (uint32_t l = 0; l < 32; l++) {
			uint32_t *r = &want[(w * 32 + l) * 6];

			scan += v[l];
			r[0] = sum;
			r[1] = scan;
			r[2] = count;
			r[3] = v[l ^ 3];
			r[4] = v[9];
			r[5] = v[l] > 5 ? max : 0;
		}
	}
	CHECK(run("e2e_subgroup", 2, &o, 1, NULL, 0));
	return check_u32("o", o.cpu, want, LANES * 6);
}

/*
 * 64-bit subgroup operations (e2e_subgroup64.comp): arithmetic in a
 * divergent branch on values differing only in one half, negative ones;
 * broadcasts, shuffles, quads, ballot and vote on 64-bit data.
 */
static uint64_t sg64_input(uint32_t i)
{
	static const uint32_t halves[] = { 0, 1, 2, 0x7fffffffu, 0x80000000u, 0xffffffffu, 7 };
	uint64_t h = (uint64_t)i * 0x9e3779b97f4a7c15ull;

	h ^= h >> 29;
	return (uint64_t)halves[(h >> 8) % 7] << 32 |
	       (halves[(h >> 16) % 7] ^ (uint32_t)(h >> 40) % 3);
}

static bool test_subgroup64(void)
{
	enum { LANES = 128, R = 24 };
	struct buffer x = buffer(LANES * 8), o = buffer(LANES * R * 8);
	uint64_t *in = x.cpu, *out = o.cpu, want[LANES * R];

	for (uint32_t i = 0; i < LANES; i++)
		in[i] = sg64_input(i);
	memset(out, 0xee, LANES * R * 8);
	memset(want, 0xee, sizeof(want));
	for (uint32_t w = 0; w < LANES / 32; w++) {
		const uint64_t *u = in + 32 * w;
		uint64_t umin = UINT64_MAX, umax = 0, mul = 1, sum = 0, first = 0, ballot = 0;
		uint64_t imax = 0, imul = 1, emul = 1, ior = 0, xor = 0, eand = UINT64_MAX;
		int64_t smin = INT64_MAX, smax = INT64_MIN, emin = INT64_MAX, vmin[2] = {
			INT64_MAX, INT64_MAX };
		bool any = false, equal = true;

		for (uint32_t l = 0; l < 32; l++) {
			ballot |= (uint64_t)((int64_t)u[l] < 0) << l;
			equal = equal && u[l] >> 63 == u[0] >> 63;
			xor ^= u[l];
			if (!(u[l] & 3))
				continue;
			umin = u[l] < umin ? u[l] : umin;
			umax = u[l] > umax ? u[l] : umax;
			smin = (int64_t)u[l] < smin ? (int64_t)u[l] : smin;
			smax = (int64_t)u[l] > smax ? (int64_t)u[l] : smax;
			mul *= u[l];
			sum += u[l];
			if (!any)
				first = u[l];
			any = true;
		}
		any = false;
		for (uint32_t l = 0; l < 32; l++) {
			uint64_t *r = want + (32 * w + l) * R;
			uint32_t c4 = l & ~3u, c8 = l & ~7u, c2 = l & ~1u;

			r[16] = u[5];
			r[17] = u[l ^ 7];
			r[18] = u[l ^ 5];
			r[19] = u[l >= 3 ? l - 3 : l];	/* out of range: own value (Ember) */
			r[20] = u[l + 3 < 32 ? l + 3 : l];
			r[21] = u[c4 + 2] + u[l ^ 3];
			r[22] = ballot | (uint64_t)equal << 32;
			ior |= u[l];
			r[23] = eand ^ ior ^ xor;
			eand &= u[l];
			if (!(u[l] & 3))
				continue;
			r[0] = umin;
			r[1] = umax;
			r[2] = (uint64_t)smin;
			r[3] = (uint64_t)smax;
			r[4] = mul;
			imax = u[l] > imax ? u[l] : imax;
			r[5] = imax;
			r[6] = (uint64_t)emin;
			emin = (int64_t)u[l] < emin ? (int64_t)u[l] : emin;
			r[8] = emul;
			emul *= u[l];
			imul *= u[l];
			r[7] = imul;
			r[9] = UINT64_MAX;
			r[10] = (uint64_t)INT64_MIN;
			r[11] = 1;
			for (uint32_t k = c4; k < c4 + 4; k++)
				if (u[k] & 3 && u[k] < r[9])
					r[9] = u[k];
			for (uint32_t k = c8; k < c8 + 8; k++)
				if (u[k] & 3 && (int64_t)u[k] > (int64_t)r[10])
					r[10] = u[k];
			for (uint32_t k = c2; k < c2 + 2; k++)
				if (u[k] & 3)
					r[11] *= u[k];
			vmin[0] = (int64_t)u[l] < vmin[0] ? (int64_t)u[l] : vmin[0];
			vmin[1] = (int64_t)(0 - u[l]) < vmin[1] ? (int64_t)(0 - u[l]) : vmin[1];
			r[12] = (uint64_t)vmin[0];
			r[13] = (uint64_t)vmin[1];
			r[14] = sum ^ first;
			r[15] = !any;
			any = true;
		}
	}
	CHECK(run("e2e_subgroup64", 2, (struct buffer[]) { x, o }, 2, NULL, 0));
	for (uint32_t i = 0; i < LANES * R; i++)
		if (out[i] != want[i]) {
			tap_diag("lane %u result %u = 0x%llx, expected 0x%llx", i / R, i % R,
				 (unsigned long long)out[i], (unsigned long long)want[i]);
			return false;
		}
	return true;
}

static bool test_shared(void)
{
	struct buffer in = buffer(512 * 4), out = buffer(8);
	uint32_t *d = in.cpu, want[2] = { 0, 0 };

	for (uint32_t i = 0; i < 512; i++) {
		d[i] = (i * 2654435761u) >> 20;
		want[0] += d[i];
		if (d[i] > want[1])
			want[1] = d[i];
	}
	CHECK(run("e2e_shared", 4, (struct buffer[]) { in, out }, 2, NULL, 0));
	return check_u32("sum/max", out.cpu, want, 2);
}

static bool test_int64(void)
{
	struct buffer b = buffer(128 * 8);
	uint64_t *v = b.cpu, want[128];

	for (uint64_t i = 0; i < 128; i++) {
		uint64_t x;
		int64_t s;

		v[i] = i * 0x1234567890abull + 17;
		x = v[i] * 0x9E3779B97F4A7C15ull + (i << 33);
		x ^= x >> 29;
		if (x > 0x8000000000000000ull)
			x = x / 3;
		s = (int64_t)x >> 7;
		want[i] = x + (uint64_t)(s % 1000);
	}
	CHECK(run("e2e_int64", 2, &b, 1, NULL, 0));
	for (int i = 0; i < 128; i++)
		if (v[i] != want[i]) {
			tap_diag("v[%d] = 0x%llx, expected 0x%llx", i, (unsigned long long)v[i],
				 (unsigned long long)want[i]);
			return false;
		}
	return true;
}

/*
 * Buffer device addresses (e2e_bda.comp): a linked list walked through
 * pointers stored in memory, u8/u16/u32/u64/vec4 loads and stores through
 * computed addresses, atomics through a pointer, pointers in push constants
 * (one as a uvec2). Every buffer is above 4 GiB in the host runner.
 */
struct bda_record {
	uint8_t b[16];
	uint16_t h[8];
	uint32_t w[4];
	uint64_t d[2];
	float v[8];
};

static bool test_bda(void)
{
	static const uint32_t values[5] = { 10, 20, 30, 40, 50 };
	struct buffer nodes = buffer(5 * 64), records = buffer(128 * sizeof(struct bda_record));
	struct buffer counter = buffer(32), out = buffer(128 * 4);
	struct bda_record *r = records.cpu, want[128];
	uint32_t *o = out.cpu, *cnt = counter.cpu;
	uint64_t push[4] = { nodes.va + 64 * 4, records.va, counter.va, out.va };
	struct ember_isa_header header;
	unsigned int count;

	/* The list runs backwards through the buffer: 4, 3, 2, 1, 0. */
	for (unsigned int k = 0; k < 5; k++) {
		uint8_t *node = (uint8_t *)nodes.cpu + 64 * (4 - k);
		uint64_t next = k < 4 ? nodes.va + 64 * (3 - k) : 0;

		memcpy(node, &next, 8);
		memcpy(node + 8, &values[k], 4);
	}
	for (unsigned int i = 0; i < 128; i++) {
		for (unsigned int k = 0; k < 16; k++)
			r[i].b[k] = (uint8_t)(i * 7 + k + 250);
		for (unsigned int k = 0; k < 8; k++)
			r[i].h[k] = (uint16_t)(i * 1031 + k * 77 + 60000);
		for (unsigned int k = 0; k < 4; k++)
			r[i].w[k] = i * 0x01010101u + k;
		r[i].d[0] = 0xfedcba9876543210ull + i;
		r[i].d[1] = 0;
		for (unsigned int k = 0; k < 8; k++)
			r[i].v[k] = (float)i + 0.25f * (float)k;
		want[i] = r[i];
		want[i].b[3] = (uint8_t)(r[i].b[0] + 1);
		want[i].h[5] = (uint16_t)(r[i].h[1] * 3);
		want[i].w[2] = r[i].w[0] ^ 150;
		want[i].d[1] = r[i].d[0] + 0x100000000ull * i;
		for (unsigned int k = 0; k < 4; k++)
			want[i].v[4 + k] = r[i].v[k] * 2.0f;
	}
	cnt[0] = 0;
	cnt[1] = 5;
	cnt[2] = cnt[3] = 0;
	cnt[4] = 77;
	CHECK(run("e2e_bda", 2, NULL, 0, push, sizeof(push)));
	for (unsigned int i = 0; i < 128; i++) {
		CHECK_EQ(o[i], 5 * 1000000u + 150 * 1000u + values[i % 5]);
		if (memcmp(&r[i], &want[i], sizeof(want[i]))) {
			tap_diag("record %u differs", i);
			return false;
		}
	}
	CHECK_EQ(cnt[0], 128);
	CHECK_EQ(cnt[1], 127 * 7);
	CHECK_EQ(cnt[2] | (uint64_t)cnt[3] << 32, (uint64_t)(127 * 128 / 2) << 32);
	CHECK_EQ(cnt[4], 1077);
	/* Every access is one of the 64-bit address forms. */
	CHECK(inspect("e2e_bda", &header, EMBER_ISA_OP_ATOMGA, &count));
	CHECK_EQ(count, 4);
	CHECK(inspect("e2e_bda", &header, EMBER_ISA_OP_LDG, &count));
	CHECK_EQ(count, 0);
	/* The uniform walk keeps its pointers in uniform registers. */
	CHECK(inspect("e2e_bda", &header, EMBER_ISA_OP_READFIRST, &count));
	CHECK(count >= 2);
	return true;
}

/*
 * e2e_ptr_chain.spvasm: OpPtrAccessChain (dynamic, constant and negative
 * elements), a pointer from a uvec2 bitcast, OpConvertPtrToU. dst[i] =
 * src[i].a + src[i].b + src[i - 1].b, src starting one record in.
 */
static bool test_ptr_chain(void)
{
	struct buffer src = buffer(129 * 8), dst = buffer(128 * 4);
	uint32_t *s = src.cpu, want[128];
	uint64_t push[2] = { src.va + 8, dst.va };

	for (unsigned int k = 0; k < 129 * 2; k++)
		s[k] = k * 2654435761u;
	for (unsigned int i = 0; i < 128; i++)
		want[i] = s[2 * i + 2] + s[2 * i + 3] + s[2 * i + 1];
	CHECK(run("e2e_ptr_chain", 2, NULL, 0, push, sizeof(push)));
	return check_u32("dst", dst.cpu, want, 128);
}

static bool test_local_array(void)
{
	struct buffer o = buffer(128 * 4);
	uint32_t want[128];

	for (uint32_t i = 0; i < 128; i++) {
		uint32_t t[8];

		for (uint32_t k = 0; k < 8; k++)
			t[k] = k * k + i;
		t[i % 8] += 100;
		t[(i / 8) % 8] *= 3;
		want[i] = t[(i * 3) % 8] + t[i % 8] * 1000;
	}
	CHECK(run("e2e_local_array", 2, &o, 1, NULL, 0));
	return check_u32("o", o.cpu, want, 128);
}

static bool test_private(void)
{
	struct buffer o = buffer(128 * 4);
	uint32_t want[128];
	struct ember_isa_header header;
	unsigned int stores;

	CHECK(inspect("e2e_private", &header, EMBER_ISA_OP_STSCR, &stores));
	CHECK(header.scratch_bytes >= 400 && stores > 0);
	for (uint32_t i = 0; i < 128; i++) {
		uint32_t t[100];

		for (uint32_t k = 0; k < 100; k++)
			t[k] = k * 7 + i;
		for (uint32_t k = 0; k < 100; k++)
			t[(k * i) % 100] += k;
		want[i] = t[i % 100] + t[(i * 13) % 100] * 3;
	}
	CHECK(run("e2e_private", 2, &o, 1, NULL, 0));
	return check_u32("o", o.cpu, want, 128);
}

static bool test_nonuniform(void)
{
	struct buffer bufs[3] = { buffer(256 * 4), buffer(256 * 4), buffer(256 * 4) };
	struct buffer o = buffer(128 * 4);
	struct ember_host_binding bindings[4];
	struct ember_host_fault fault;
	uint32_t want_o[128], want_b[3][256];
	size_t size;
	void *binary;
	int ret;

	for (uint32_t k = 0; k < 3; k++)
		for (uint32_t i = 0; i < 256; i++)
			want_b[k][i] = ((uint32_t *)bufs[k].cpu)[i] = k * 1000 + i;
	for (uint32_t i = 0; i < 128; i++) {
		uint32_t k = i % 3, x = want_b[k][i];

		want_b[(i + 1) % 3][200]++;
		want_o[i] = x * 10 + k;
		want_b[k][i] = x + 1;
	}
	binary = compile("e2e_nonuniform", &size);
	CHECK(binary);
	for (uint32_t k = 0; k < 3; k++)
		bindings[k] = (struct ember_host_binding) {
			.binding = 0, .array_index = k, .va = bufs[k].va, .range = bufs[k].size,
		};
	bindings[3] = (struct ember_host_binding) { .binding = 1, .va = o.va, .range = o.size };
	ret = ember_host_dispatch(host, &(struct ember_host_dispatch) {
		.shader = binary, .shader_size = size, .bindings = bindings, .binding_count = 4,
		.groups = { 2, 1, 1 },
	}, &fault);
	free(binary);
	CHECK_EQ(ret, 0);
	for (uint32_t k = 0; k < 3; k++)
		CHECK(check_u32("bufs", bufs[k].cpu, want_b[k], 256));
	return check_u32("o", o.cpu, want_o, 128);
}

/* The slot of (set 0, @binding) in @name's compiled header; -1 if none. */
static int resource_slot(const void *binary, size_t size, uint32_t binding)
{
	struct ember_isa_shader s;
	struct ember_isa_resource r;

	if (ember_isa_shader_parse(binary, size, &s) ||
	    !ember_isa_shader_find_resource(&s, 0, binding, &r))
		return -1;
	return r.slot;
}

static bool put_descriptor(const void *binary, size_t size, uint32_t binding, uint32_t offset,
			   const uint32_t *dw, unsigned int count)
{
	int slot = resource_slot(binary, size, binding);

	if (slot < 0 || !ember_host_write_descriptor(host, 0, slot + offset, dw, count)) {
		tap_diag("binding %u: no slot", binding);
		return false;
	}
	return true;
}

static uint32_t f2u(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return u;
}

/*
 * e2e_images: rgba8 and r32f storage images (LINEAR), an rgba32f sampled
 * image of two levels (TILED_4K: a 16-byte texel's tile is 16x16, each
 * level one tile) with a nearest, repeating sampler, an r32f uniform texel
 * buffer; descriptors packed by the generated helpers of hw/.
 */
static bool test_images(void)
{
	struct buffer src8 = buffer(64), dst8 = buffer(64), fimg = buffer(64);
	struct buffer tex = buffer(2 * 4096), tb = buffer(32 * 4), o = buffer(80 * 16);
	uint32_t dw[16], sdw[8], tdw[4];
	float want[80][4], *got = o.cpu;
	uint8_t *s8 = src8.cpu, *d8 = dst8.cpu;
	float *fi = fimg.cpu, *t = tex.cpu, *tbf = tb.cpu;
	struct ember_host_fault fault;
	struct ember_host_binding out = { .binding = 5, .va = o.va, .range = o.size };
	size_t size;
	void *binary;
	int ret;
	bool ok = true;

	for (uint32_t i = 0; i < 64; i++)
		s8[i] = (uint8_t)(i * 37 + 5);
	for (uint32_t i = 0; i < 16; i++)
		fi[i] = (float)i * 0.25f - 1.0f;
	for (uint32_t l = 0; l < 2; l++)
		for (uint32_t y = 0; y < 4u >> l; y++)
			for (uint32_t x = 0; x < 4u >> l; x++) {
				float *texel = t + l * 1024 + (y * 16 + x) * 4;

				texel[0] = (float)x + 10.0f * l;
				texel[1] = (float)y + 10.0f * l;
				texel[2] = (float)l;
				texel[3] = 100.0f + x + 4 * y;
			}
	for (uint32_t i = 0; i < 32; i++)
		tbf[i] = (float)i * 3.0f + 0.5f;

	binary = compile("e2e_images", &size);
	CHECK(binary);
	ember_image_desc_pack(dw, &(struct ember_image_desc) {
		.va = src8.va, .format = 37 /* R8G8B8A8_UNORM */, .view_type = 1, .layout = 0,
		.width = 4, .height = 4, .depth = 1, .image_layers = 1, .image_levels = 1,
		.levels = 1, .layers = 1, .row_pitch = 16, .layer_pitch_256b = 1,
	});
	CHECK(put_descriptor(binary, size, 0, 0, dw, 16));
	ember_image_desc_pack(dw, &(struct ember_image_desc) {
		.va = dst8.va, .format = 37, .view_type = 1, .layout = 0,
		.width = 4, .height = 4, .depth = 1, .image_layers = 1, .image_levels = 1,
		.levels = 1, .layers = 1, .row_pitch = 16, .layer_pitch_256b = 1,
	});
	CHECK(put_descriptor(binary, size, 1, 0, dw, 16));
	ember_image_desc_pack(dw, &(struct ember_image_desc) {
		.va = fimg.va, .format = 100 /* R32_SFLOAT */, .view_type = 1, .layout = 0,
		.width = 4, .height = 4, .depth = 1, .image_layers = 1, .image_levels = 1,
		.levels = 1, .layers = 1, .row_pitch = 16, .layer_pitch_256b = 1,
	});
	CHECK(put_descriptor(binary, size, 2, 0, dw, 16));
	ember_image_desc_pack(dw, &(struct ember_image_desc) {
		.va = tex.va, .format = 109 /* R32G32B32A32_SFLOAT */, .view_type = 1,
		.layout = 1 /* TILED_4K */, .width = 4, .height = 4, .depth = 1,
		.image_layers = 1, .image_levels = 2, .levels = 2, .layers = 1,
	});
	CHECK(put_descriptor(binary, size, 3, 0, dw, 16));
	ember_sampler_desc_pack(sdw, &(struct ember_sampler_desc) {
		.max_lod = 1000.0f,	/* nearest, REPEAT */
	});
	CHECK(put_descriptor(binary, size, 3, EMBER_ISA_IMAGE_SLOTS, sdw, 8));
	ember_texel_buffer_desc_pack(tdw, &(struct ember_texel_buffer_desc) {
		.va = tb.va, .num_elements = 32, .format = 100,
	});
	CHECK(put_descriptor(binary, size, 4, 0, tdw, 4));
	ret = ember_host_dispatch(host, &(struct ember_host_dispatch) {
		.shader = binary, .shader_size = size, .bindings = &out, .binding_count = 1,
		.groups = { 1, 1, 1 },
	}, &fault);
	free(binary);
	if (ret)
		tap_diag("e2e_images: dispatch failed (%d, fault kind %u detail 0x%x va 0x%llx)",
			 ret, fault.kind, fault.detail, (unsigned long long)fault.va);
	CHECK_EQ(ret, 0);

	for (uint32_t i = 0; i < 16; i++) {
		uint32_t x = i & 3, y = i >> 2;
		const float *l0 = t + (y * 16 + x) * 4, *l1 = t + 1024 + ((y >> 1) * 16 + (x >> 1)) * 4;

		for (uint32_t k = 0; k < 4; k++) {
			want[i * 5][k] = (float)s8[i * 4 + k] / 255.0f;
			want[i * 5 + 1][k] = l1[k];
			want[i * 5 + 2][k] = l0[k];
			want[i * 5 + 3][k] = l1[k];
			want[i * 5 + 4][k] = k == 0 ? tbf[i * 2] : k == 3 ? 1.0f : 0.0f;
			if (d8[i * 4 + k] != s8[i * 4 + 3 - k]) {
				tap_diag("dst8[%u].%u = %u, expected %u", i, k, d8[i * 4 + k],
					 s8[i * 4 + 3 - k]);
				ok = false;
			}
		}
		if (f2u(fi[i]) != f2u(((float)i * 0.25f - 1.0f) * 2.0f + 1.0f)) {
			tap_diag("fimg[%u] = %g", i, fi[i]);
			ok = false;
		}
	}
	for (uint32_t i = 0; i < 80; i++)
		for (uint32_t k = 0; k < 4; k++)
			if (f2u(got[i * 4 + k]) != f2u(want[i][k])) {
				tap_diag("o[%u].%u = %g, expected %g", i, k, got[i * 4 + k], want[i][k]);
				ok = false;
			}
	return ok;
}

/*
 * e2e_nonuniform_handle: three 1x1 R32_SFLOAT images holding 10, 20, 30
 * and a nearest sampler; lane i must read image i % 3 (a uniform index
 * would give every lane the first lane's image).
 */
static bool test_nonuniform_handle(void)
{
	struct buffer texels = buffer(3 * 256), o = buffer(64 * 4);
	struct ember_host_binding out = { .binding = 2, .va = o.va, .range = o.size };
	struct ember_host_fault fault;
	uint32_t dw[16], sdw[8];
	float *t = texels.cpu, *got = o.cpu;
	size_t size;
	void *binary;
	int ret;

	binary = compile("e2e_nonuniform_handle", &size);
	CHECK(binary);
	for (uint32_t e = 0; e < 3; e++) {
		t[e * 64] = 10.0f * (e + 1);
		ember_image_desc_pack(dw, &(struct ember_image_desc) {
			.va = texels.va + 256 * e, .format = 100 /* R32_SFLOAT */, .view_type = 1,
			.layout = 0, .width = 1, .height = 1, .depth = 1, .image_layers = 1,
			.image_levels = 1, .levels = 1, .layers = 1, .row_pitch = 4,
			.layer_pitch_256b = 1,
		});
		CHECK(put_descriptor(binary, size, 0, e * EMBER_ISA_IMAGE_SLOTS, dw, 16));
	}
	ember_sampler_desc_pack(sdw, &(struct ember_sampler_desc) { .max_lod = 1000.0f });
	CHECK(put_descriptor(binary, size, 1, 0, sdw, 8));
	ret = ember_host_dispatch(host, &(struct ember_host_dispatch) {
		.shader = binary, .shader_size = size, .bindings = &out, .binding_count = 1,
		.groups = { 1, 1, 1 },
	}, &fault);
	free(binary);
	if (ret)
		tap_diag("e2e_nonuniform_handle: dispatch failed (%d, fault kind %u detail 0x%x)",
			 ret, fault.kind, fault.detail);
	CHECK_EQ(ret, 0);
	for (uint32_t i = 0; i < 64; i++)
		if (got[i] != 10.0f * (i % 3 + 1)) {
			tap_diag("o[%u] = %g, expected %g", i, got[i], 10.0f * (i % 3 + 1));
			return false;
		}
	return true;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s SPIRV_DIR\n", argv[0]);
		return 2;
	}
	spirv_dir = argv[1];
	host = ember_host_create(0);
	if (!host) {
		tap_diag("no host runner");
		return 1;
	}
	tap_result(test_divergence(), "divergence-every-lane-its-path");
	tap_result(test_spill(), "spilling-keeps-values");
	tap_result(test_uniform(), "uniform-branches-and-loops");
	tap_result(test_subgroup(), "subgroup-ops");
	tap_result(test_subgroup64(), "subgroup-ops-64bit");
	tap_result(test_shared(), "shared-reduction-barriers-atomics");
	tap_result(test_int64(), "int64");
	tap_result(test_local_array(), "local-array-dynamic-index");
	tap_result(test_nonuniform(), "nonuniform-descriptor-index");
	tap_result(test_private(), "large-local-array-in-scratch");
	tap_result(test_bda(), "buffer-device-address");
	tap_result(test_ptr_chain(), "ptr-access-chain");
	tap_result(test_images(), "images-samplers-texel-buffers");
	tap_result(test_nonuniform_handle(), "nonuniform-constructed-sampled-image");
	/* The unoptimized IR must compute the same. */
	compile_flags = EMBER_CC_NO_OPT;
	tap_result(test_divergence(), "no-opt-divergence");
	tap_result(test_int64(), "no-opt-int64");
	tap_result(test_subgroup64(), "no-opt-subgroup-ops-64bit");
	tap_result(test_local_array(), "no-opt-local-array");
	ember_host_destroy(host);
	return tap_finish();
}
