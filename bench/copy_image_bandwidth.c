/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Host benchmark: the copy engine's image packets (contract 1.7) as
 * ratios to baselines measured in the same run.
 *
 * Driven like copy_bandwidth.c: the device core runs in process with a
 * guest (firmware/tests/guest.h), each packet sits between two TIMESTAMP
 * packets in its own indirect buffer, so the figure is the engine's own
 * time, and each figure is the best of a few runs (the least disturbed
 * by the rest of a shared machine). Every buffer and image is written
 * before the first run, so no run pays for page faults.
 *
 * The images are 2048x2048 of 4-byte texels (16 MiB), LINEAR with tight
 * rows or TILED_4K (ember-hw.rst "Memory layouts"); the 4-sample resolve
 * reads a 1024x1024 4x image (16 MiB too). An operation's bytes are the
 * larger of what it reads and what it writes (the downscale's source,
 * the clear's destination), and its baselines move that many bytes
 * between the very same host pages:
 *
 * - memcpy(): every operation;
 * - where memcpy() does less than the packet must, the plain C loop
 *   a CPU driver would write instead ("fair" in the output): the
 *   tiling or detiling loop (a 128-byte memcpy() per row of a tile) for
 *   copies between a TILED_4K and a LINEAR side, a 32-bit fill loop for
 *   the clear.
 *
 * Each packet's result is checked after its first run (bytes exactly;
 * filtered and averaged texels within one unit of a C computation); a
 * wrong result fails the benchmark instead of printing a figure.
 *
 * Output: one line per operation, GB/s of engine and baselines and the
 * ratios engine/baseline (above 1: the engine is faster).
 */

#include <endian.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ember_image_layout.h"
#include "ember_shader_hw.h"
#include "guest.h"
#include "log.h"

#define RUNS		5
#define CTX		1
#define SIDE		2048u
#define MS_SIDE		1024u
#define MS_SAMPLES	4u
#define TEXEL		4u
#define IMAGE_BYTES	((uint64_t)SIDE * SIDE * TEXEL)	/* 16 MiB */
#define BUF_VA		0x100000000ull
#define IMG_A_VA	0x200000000ull
#define IMG_B_VA	0x300000000ull
#define IMG_MS_VA	0x400000000ull
#define DESC_VA		0x500000000ull
#define STAMP_VA	0x600000000ull
#define IB_VA		0x700000000ull
#define IB_DWORDS	64

enum { VK_VIEW_2D = 1, VK_R8G8B8A8_UNORM = 37, VK_R32_SFLOAT = 100 };
enum { LINEAR = EMBER_IMAGE_LAYOUT_LINEAR, TILED = EMBER_IMAGE_LAYOUT_TILED_4K };

/* An image plane of the benchmark, with its descriptor at desc_va. */
struct bench_image {
	struct ember_image_desc d;
	uint64_t desc_va;
	uint8_t *host;
};

/* One side of a baseline or check: host bytes in a layout (a buffer is LINEAR). */
struct bench_plane {
	uint8_t *host;
	uint32_t layout;
	uint32_t width, height, element;
};

struct bench_op {
	char title[96];
	uint32_t packet[24];
	unsigned int packet_dwords;
	/* memcpy() baseline: @bytes from @src to @dst (the packet's own pages). */
	uint8_t *src, *dst;
	uint64_t bytes;
	/* The fairer baseline, when there is one, and its name. */
	void (*fair)(const struct bench_op *op);
	const char *fair_name;
	struct bench_plane from, to;
	uint32_t fill_value;
	/* NULL when right, else what is wrong. */
	const char *(*verify)(const struct bench_op *op);
};

static struct guest g;
static uint8_t *mem_buf, *mem_a, *mem_b, *mem_ms, *mem_desc, *scratch;
static uint64_t *stamps;
static unsigned int desc_count;

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void fill_random(uint8_t *p, uint64_t bytes, uint64_t seed)
{
	uint64_t x = seed | 1;

	for (uint64_t i = 0; i + 8 <= bytes; i += 8) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		memcpy(p + i, &x, 8);
	}
}

/* A 2D image of one level in a fresh descriptor slot. */
static void make_image(struct bench_image *im, uint64_t va, uint8_t *host, uint32_t format,
		       uint32_t layout, uint32_t side, uint32_t samples)
{
	uint32_t dw[EMBER_IMAGE_DESC_DWORDS];

	*im = (struct bench_image) {
		.d = {
			.va = va, .format = format, .view_type = VK_VIEW_2D, .layout = layout,
			.samples_log2 = (uint8_t)__builtin_ctz(samples), .width = (uint16_t)side,
			.height = (uint16_t)side, .depth = 1, .image_layers = 1,
			.image_levels = 1, .levels = 1, .layers = 1,
			.row_pitch = layout == LINEAR ? side * TEXEL * samples : 0,
		},
		.desc_va = DESC_VA + 64ull * desc_count,
		.host = host,
	};
	ember_image_desc_pack(dw, &im->d);
	for (unsigned int i = 0; i < EMBER_IMAGE_DESC_DWORDS; i++)
		dw[i] = htole32(dw[i]);
	memcpy(mem_desc + 64ull * desc_count++, dw, sizeof(dw));
}

static struct bench_plane plane_of(uint8_t *host, uint32_t layout, uint32_t side,
				   uint32_t element)
{
	return (struct bench_plane) {
		.host = host, .layout = layout, .width = side, .height = side, .element = element,
	};
}

/* Byte offset of element (x, y) of @p (ember-hw.rst "Memory layouts"). */
static uint64_t plane_offset(const struct bench_plane *p, uint32_t x, uint32_t y)
{
	unsigned int tw, th;
	uint64_t tiles_x;

	if (p->layout == LINEAR)
		return ((uint64_t)y * p->width + x) * p->element;
	ember_image_tile_shape(p->element, &tw, &th);
	tiles_x = (p->width + (1u << tw) - 1) >> tw;
	return ((y >> th) * tiles_x + (x >> tw)) * EMBER_IMAGE_TILE_SIZE +
	       ((((uint64_t)y & ((1u << th) - 1)) << tw) + (x & ((1u << tw) - 1))) * p->element;
}

/*
 * The plain C (de)tiling loop: tile after tile, one memcpy() of a tile's
 * row (128 bytes for 4-byte texels) at a time, so the tiled side is
 * walked in memory order.
 */
static void plane_copy(const struct bench_plane *to, const struct bench_plane *from)
{
	const struct bench_plane *tiled = to->layout == TILED ? to : from;
	unsigned int tw, th;
	uint32_t row_bytes;

	if (to->layout == from->layout) {
		memcpy(to->host, from->host, (uint64_t)to->width * to->height * to->element);
		return;
	}
	ember_image_tile_shape(tiled->element, &tw, &th);
	row_bytes = (1u << tw) * tiled->element;
	for (uint32_t ty = 0; ty < tiled->height; ty += 1u << th) {
		for (uint32_t x = 0; x < tiled->width; x += 1u << tw) {
			for (uint32_t y = ty; y < ty + (1u << th) && y < tiled->height; y++)
				memcpy(to->host + plane_offset(to, x, y),
				       from->host + plane_offset(from, x, y), row_bytes);
		}
	}
}

static void fair_plane_copy(const struct bench_op *op)
{
	plane_copy(&op->to, &op->from);
}

static void fair_fill(const struct bench_op *op)
{
	uint32_t *p = (uint32_t *)op->dst;

	for (uint64_t i = 0; i < op->bytes / 4; i++)
		p[i] = op->fill_value;
}

/* Copies: the destination is the (de)tiling loop's result, byte for byte. */
static const char *verify_copy(const struct bench_op *op)
{
	struct bench_plane expect = op->to;
	uint64_t bytes = (uint64_t)op->to.width * op->to.height * op->to.element;

	expect.host = scratch;
	plane_copy(&expect, &op->from);
	return memcmp(scratch, op->to.host, bytes) ? "the copy differs from the C loop's" : NULL;
}

static const char *verify_fill(const struct bench_op *op)
{
	for (uint64_t i = 0; i < op->bytes; i += 4) {
		uint32_t v;

		memcpy(&v, op->dst + i, 4);
		if (v != op->fill_value)
			return "a texel differs from the clear colour";
	}
	return NULL;
}

/* Within one unit of @sum / @n rounded, for each of 4 UNORM8 channels. */
static bool unorm8_average_close(const uint8_t *got, const unsigned int *sum, unsigned int n)
{
	for (unsigned int c = 0; c < 4; c++) {
		int want = (int)((sum[c] + n / 2) / n);

		if (abs((int)got[c] - want) > 1)
			return false;
	}
	return true;
}

/* 2:1 linear downscale: each texel the average of its 2x2 source block. */
static const char *verify_downscale(const struct bench_op *op)
{
	for (uint32_t y = 0; y < op->to.height; y += 7) {
		for (uint32_t x = 0; x < op->to.width; x += 5) {
			unsigned int sum[4] = { 0 };

			for (unsigned int n = 0; n < 4; n++) {
				const uint8_t *s = op->from.host +
					plane_offset(&op->from, 2 * x + (n & 1), 2 * y + (n >> 1));

				for (unsigned int c = 0; c < 4; c++)
					sum[c] += s[c];
			}
			if (!unorm8_average_close(op->to.host + plane_offset(&op->to, x, y), sum, 4))
				return "a downscaled texel is not its 2x2 block's average";
		}
	}
	return NULL;
}

/* 4-sample resolve: each texel the average of its samples. */
static const char *verify_resolve(const struct bench_op *op)
{
	for (uint32_t y = 0; y < op->to.height; y += 3) {
		for (uint32_t x = 0; x < op->to.width; x += 5) {
			const uint8_t *s = op->from.host + plane_offset(&op->from, x, y);
			unsigned int sum[4] = { 0 };

			for (unsigned int n = 0; n < MS_SAMPLES; n++)
				for (unsigned int c = 0; c < 4; c++)
					sum[c] += s[n * TEXEL + c];
			if (!unorm8_average_close(op->to.host + plane_offset(&op->to, x, y), sum,
						  MS_SAMPLES))
				return "a resolved texel is not its samples' average";
		}
	}
	return NULL;
}

static const char *layout_name(uint32_t layout)
{
	return layout == TILED ? "TILED_4K" : "LINEAR";
}

static const char *format_name(uint32_t format)
{
	return format == VK_R32_SFLOAT ? "R32_SFLOAT" : "RGBA8";
}

static void buffer_image_op(struct bench_op *op, uint32_t format, uint32_t layout,
			    bool to_buffer)
{
	struct bench_image im;
	struct ember_upkt_copy_buffer_image pkt = {
		.flags = to_buffer ? EMBER_IMAGE_TO_BUFFER : 0, .buffer = BUF_VA,
		.aspect = EMBER_ASPECT_COLOR, .extent = { SIDE, SIDE, 1 },
	};
	struct bench_plane buf = plane_of(mem_buf, LINEAR, SIDE, TEXEL);
	struct bench_plane img = plane_of(mem_a, layout, SIDE, TEXEL);

	make_image(&im, IMG_A_VA, mem_a, format, layout, SIDE, 1);
	pkt.image = im.desc_va;
	snprintf(op->title, sizeof(op->title), "%s %s %ux%u %s", to_buffer ?
		 "image->buffer" : "buffer->image", format_name(format), SIDE, SIDE,
		 layout_name(layout));
	op->packet_dwords = ember_upkt_copy_buffer_image_pack(op->packet, &pkt);
	op->from = to_buffer ? img : buf;
	op->to = to_buffer ? buf : img;
	op->verify = verify_copy;
	if (layout == TILED) {
		op->fair = fair_plane_copy;
		op->fair_name = to_buffer ? "detiling loop" : "tiling loop";
	}
}

static void image_image_op(struct bench_op *op, uint32_t src_layout, uint32_t dst_layout)
{
	struct bench_image s, d;
	struct ember_upkt_copy_image pkt = {
		.src_aspect = EMBER_ASPECT_COLOR, .dst_aspect = EMBER_ASPECT_COLOR,
		.extent = { SIDE, SIDE, 1 },
	};

	make_image(&s, IMG_A_VA, mem_a, VK_R8G8B8A8_UNORM, src_layout, SIDE, 1);
	make_image(&d, IMG_B_VA, mem_b, VK_R8G8B8A8_UNORM, dst_layout, SIDE, 1);
	pkt.src = s.desc_va;
	pkt.dst = d.desc_va;
	snprintf(op->title, sizeof(op->title), "image->image RGBA8 %ux%u %s->%s", SIDE, SIDE,
		 layout_name(src_layout), layout_name(dst_layout));
	op->packet_dwords = ember_upkt_copy_image_pack(op->packet, &pkt);
	op->from = plane_of(mem_a, src_layout, SIDE, TEXEL);
	op->to = plane_of(mem_b, dst_layout, SIDE, TEXEL);
	op->verify = verify_copy;
	if (src_layout != dst_layout) {
		op->fair = fair_plane_copy;
		op->fair_name = src_layout == TILED ? "detiling loop" : "tiling loop";
	}
}

static void blit_op(struct bench_op *op, bool downscale)
{
	uint32_t dside = downscale ? SIDE / 2 : SIDE;
	struct bench_image s, d;
	struct ember_upkt_blit pkt = {
		.flags = downscale ? EMBER_BLIT_LINEAR : 0,
		.src_aspect = EMBER_ASPECT_COLOR, .dst_aspect = EMBER_ASPECT_COLOR,
		.src_bounds = { 0, 0, 0, SIDE, SIDE, 1 },
		.dst_bounds = { 0, 0, 0, dside, dside, 1 },
	};

	make_image(&s, IMG_A_VA, mem_a, VK_R8G8B8A8_UNORM, TILED, SIDE, 1);
	make_image(&d, IMG_B_VA, mem_b, VK_R8G8B8A8_UNORM, TILED, dside, 1);
	pkt.src = s.desc_va;
	pkt.dst = d.desc_va;
	if (downscale)
		snprintf(op->title, sizeof(op->title),
			 "blit RGBA8 %ux%u->%ux%u linear TILED_4K", SIDE, SIDE, dside, dside);
	else
		snprintf(op->title, sizeof(op->title), "blit RGBA8 %ux%u 1:1 nearest TILED_4K",
			 SIDE, SIDE);
	op->packet_dwords = ember_upkt_blit_pack(op->packet, &pkt);
	op->from = plane_of(mem_a, TILED, SIDE, TEXEL);
	op->to = plane_of(mem_b, TILED, dside, TEXEL);
	op->verify = downscale ? verify_downscale : verify_copy;
}

static void clear_op(struct bench_op *op)
{
	struct bench_image im;
	/* 0.25, 0.5, 0.75, 1.0 as UNORM8: 0x40, 0x80, 0xbf, 0xff. */
	struct ember_upkt_clear_color pkt = {
		.aspect = EMBER_ASPECT_COLOR, .extent = { SIDE, SIDE, 1 },
		.value = { 0x3e800000, 0x3f000000, 0x3f400000, 0x3f800000 },
	};

	make_image(&im, IMG_B_VA, mem_b, VK_R8G8B8A8_UNORM, TILED, SIDE, 1);
	pkt.image = im.desc_va;
	snprintf(op->title, sizeof(op->title), "clear RGBA8 %ux%u TILED_4K", SIDE, SIDE);
	op->packet_dwords = ember_upkt_clear_color_pack(op->packet, &pkt);
	op->fill_value = htole32(0xffbf8040);
	op->fair = fair_fill;
	op->fair_name = "fill loop";
	op->verify = verify_fill;
}

static void resolve_op(struct bench_op *op)
{
	struct bench_image s, d;
	struct ember_upkt_copy_image pkt = {
		.src_aspect = EMBER_ASPECT_COLOR, .dst_aspect = EMBER_ASPECT_COLOR,
		.extent = { MS_SIDE, MS_SIDE, 1 },
	};

	make_image(&s, IMG_MS_VA, mem_ms, VK_R8G8B8A8_UNORM, TILED, MS_SIDE, MS_SAMPLES);
	make_image(&d, IMG_B_VA, mem_b, VK_R8G8B8A8_UNORM, TILED, MS_SIDE, 1);
	pkt.src = s.desc_va;
	pkt.dst = d.desc_va;
	snprintf(op->title, sizeof(op->title), "resolve RGBA8 %ux%u x%u TILED_4K", MS_SIDE,
		 MS_SIDE, MS_SAMPLES);
	op->packet_dwords = ember_upkt_resolve_pack(op->packet, &pkt);
	op->from = plane_of(mem_ms, TILED, MS_SIDE, TEXEL * MS_SAMPLES);
	op->to = plane_of(mem_b, TILED, MS_SIDE, TEXEL);
	op->verify = verify_resolve;
}

/* The memcpy() baseline's bytes: the larger side, between the op's pages. */
static void set_baseline(struct bench_op *op)
{
	uint64_t from = (uint64_t)op->from.width * op->from.height * op->from.element;
	uint64_t to = (uint64_t)op->to.width * op->to.height * op->to.element;

	if (!op->to.host) {
		/* A fill: only a destination, memcpy() from the source buffer. */
		op->to = plane_of(mem_b, TILED, SIDE, TEXEL);
		op->from = plane_of(mem_buf, LINEAR, SIDE, TEXEL);
		from = to = IMAGE_BYTES;
	}
	op->src = op->from.host;
	op->dst = op->to.host;
	op->bytes = from > to ? from : to;
}

/* Operation @index's indirect buffer: its packet between two timestamps. */
static void build_ib(const struct bench_op *op, unsigned int index, struct guest_ib *ib)
{
	uint64_t stamp = STAMP_VA + 16ull * index;

	guest_ib_init(&g, ib, CTX, IB_VA + (uint64_t)index * 4096, IB_DWORDS);
	IB(ib, EMBER_PKT(EMBER_UPKT_TIMESTAMP, 0, 2), LO(stamp), HI(stamp));
	guest_ib_emit(ib, op->packet, op->packet_dwords);
	IB(ib, EMBER_PKT(EMBER_UPKT_TIMESTAMP, 0, 2), LO(stamp + 8), HI(stamp + 8));
}

/* One run of operation @index: the engine's seconds, or < 0 on a fault. */
static double run_engine(const struct guest_ib *ib, unsigned int index)
{
	uint64_t fence = guest_submit_ib(&g, 0, CTX, ib);

	if (!guest_wait_fence(&g, 0, fence, 60000) || guest_reg(&g, EMBER_REG_FAULT_SEQ))
		return -1;
	return (double)(stamps[2 * index + 1] - stamps[2 * index]) * 1e-9;
}

static bool measure(struct bench_op *op, unsigned int index)
{
	double best_engine = 1e9, best_memcpy = 1e9, best_fair = 1e9;
	const char *wrong;
	struct guest_ib ib;

	set_baseline(op);
	build_ib(op, index, &ib);
	for (int run = 0; run < RUNS; run++) {
		double t0 = now_s(), t;

		memcpy(op->dst, op->src, op->bytes);
		t = now_s() - t0;
		best_memcpy = t < best_memcpy ? t : best_memcpy;
		if (op->fair) {
			t0 = now_s();
			op->fair(op);
			t = now_s() - t0;
			best_fair = t < best_fair ? t : best_fair;
		}
		/* Each run starts from the same source: the baselines wrote the destination. */
		t = run_engine(&ib, index);
		if (t < 0) {
			fprintf(stderr, "copy_image_bandwidth: %s: the packet failed\n", op->title);
			return false;
		}
		best_engine = t < best_engine ? t : best_engine;
		if (run == 0 && (wrong = op->verify(op))) {
			fprintf(stderr, "copy_image_bandwidth: %s: WRONG RESULT: %s\n", op->title,
				wrong);
			return false;
		}
	}
	printf("%s: %.2f GB/s; memcpy %.2f GB/s, ratio %.2f", op->title,
	       op->bytes / best_engine * 1e-9, op->bytes / best_memcpy * 1e-9,
	       best_memcpy / best_engine);
	if (op->fair)
		printf("; %s %.2f GB/s, ratio %.2f", op->fair_name,
		       op->bytes / best_fair * 1e-9, best_fair / best_engine);
	printf("\n");
	fflush(stdout);
	return true;
}

/* Operations named on the command line (a substring of the title), or all. */
static bool selected(int argc, char **argv, const char *title)
{
	for (int i = 1; i < argc; i++)
		if (strstr(title, argv[i]))
			return true;
	return argc < 2;
}

int main(int argc, char **argv)
{
	const struct guest_config config = {
		.ram_size = 5 * IMAGE_BYTES + (32u << 20),
		.num_vectors = 2,
		.num_cores = 1,
		.threads = true,
	};
	static struct bench_op ops[16];
	unsigned int n = 0;
	int status = 0;

	ember_log_set_level(EMBER_LOG_WARN);
	scratch = malloc(IMAGE_BYTES);
	if (!scratch || !guest_init(&g, &config)) {
		fprintf(stderr, "copy_image_bandwidth: cannot create the device\n");
		return 1;
	}
	guest_ring_init(&g, 0, 0);
	mem_buf = guest_alloc_mapped(&g, CTX, BUF_VA, IMAGE_BYTES);
	mem_a = guest_alloc_mapped(&g, CTX, IMG_A_VA, IMAGE_BYTES);
	mem_b = guest_alloc_mapped(&g, CTX, IMG_B_VA, IMAGE_BYTES);
	mem_ms = guest_alloc_mapped(&g, CTX, IMG_MS_VA, IMAGE_BYTES);
	mem_desc = guest_alloc_mapped(&g, CTX, DESC_VA, 4096);
	stamps = guest_alloc_mapped(&g, CTX, STAMP_VA, 4096);
	fill_random(mem_buf, IMAGE_BYTES, 1);
	fill_random(mem_a, IMAGE_BYTES, 2);
	fill_random(mem_ms, IMAGE_BYTES, 3);
	memset(mem_b, 0, IMAGE_BYTES);
	memset(scratch, 0, IMAGE_BYTES);

	for (unsigned int f = 0; f < 2; f++) {
		uint32_t format = f ? VK_R32_SFLOAT : VK_R8G8B8A8_UNORM;

		for (uint32_t layout = LINEAR; layout <= TILED; layout++) {
			buffer_image_op(&ops[n++], format, layout, false);
			buffer_image_op(&ops[n++], format, layout, true);
		}
	}
	image_image_op(&ops[n++], TILED, TILED);
	image_image_op(&ops[n++], LINEAR, TILED);
	image_image_op(&ops[n++], TILED, LINEAR);
	blit_op(&ops[n++], false);
	blit_op(&ops[n++], true);
	clear_op(&ops[n++]);
	resolve_op(&ops[n++]);

	printf("copy engine image packets: best of %d, bytes = the larger of read and written; "
	       "ratio = engine / baseline\n", RUNS);
	for (unsigned int i = 0; i < n; i++) {
		if (selected(argc, argv, ops[i].title) && !measure(&ops[i], i))
			status = 1;
	}
	guest_fini(&g);
	free(scratch);
	return status;
}
