/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Writes the fuzzer's seed corpus into a directory: one valid input per
 * kernel and user packet (plus a few combined ones), in the input format
 * of fuzz_gpu.c, so mutation starts from inputs that reach deep; and a
 * dispatch of a shader running every image instruction on valid image,
 * sampler and texel-buffer descriptors, all in the data, so that mutation
 * reaches the shader decoder, the descriptor checks and the texture unit;
 * the same dispatch again with a BC7 sampled image (its 8x8 texels are
 * 2x2 blocks of 16 bytes, rows of 32 bytes like the RGBA8 image's); and a
 * draw (contract 1.10): state blocks, a vertex buffer, an image
 * descriptor, a vertex and a fragment shader in the data, so that
 * mutation reaches the state checks, vertex fetch, the vertex and
 * fragment waves and the tiles of the attachment; a clip distance cuts
 * its triangle, its draws add to an occlusion counter in the data
 * (contract 1.11); its vertices' viewport index comes from their colour's
 * bits (0 or out of range) and its line width is 2.5 (contract 1.13); and
 * three RESOLVEs of 4x images (contract 1.13): depth by MIN, stencil by
 * MAX, colour by its format; the draw again, adding to pipeline statistics
 * counters in the data (contract 1.15), reset by the first of two
 * PIPELINE_STATS_COUNTERS.
 *
 * Usage: fuzz_seeds DIR
 */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember_gfx_hw.h"
#include "ember_isa.h"
#include "ember_packets.h"
#include "ember_regs.h"
#include "fuzz_layout.h"

#define LO(x) ((uint32_t)(uint64_t)(x))
#define HI(x) ((uint32_t)((uint64_t)(x) >> 32))
#define D		FUZZ_DATA_VA
#define MAX_DW		64

struct seed {
	const char *name;
	uint32_t ring[MAX_DW];
	uint32_t ib[MAX_DW];
};

#define RUN_IB(n)	EMBER_PKT(EMBER_KPKT_RUN_IB, 0, 4), FUZZ_CTX, \
			LO(FUZZ_IB_VA), HI(FUZZ_IB_VA), (n) * 4

static const struct seed seeds[] = {
	{ "fence", .ring = { EMBER_PKT(EMBER_KPKT_FENCE, EMBER_FENCE_IRQ, 4), 0x20000, 0, 1, 0 } },
	{ "timestamp", .ring = { EMBER_PKT(EMBER_KPKT_TIMESTAMP, 0, 2), 0x20000, 0 } },
	{ "tlb", .ring = { EMBER_PKT(EMBER_KPKT_TLB_INVALIDATE, 0, 1), FUZZ_CTX } },
	{ "nop", .ring = { EMBER_PKT(EMBER_KPKT_NOP, 0, 2), 1, 2 } },
	{ "copy", .ring = { RUN_IB(9) },
	  .ib = { EMBER_PKT(EMBER_UPKT_COPY, 0, 8), LO(D), HI(D), LO(D + 0x4000), HI(D),
	    0x100, 4, 0x200, 0x100 } },
	{ "fill", .ring = { RUN_IB(5) },
	  .ib = { EMBER_PKT(EMBER_UPKT_FILL, 0, 4), LO(D), HI(D), 0x1000, 0x12345678 } },
	{ "write", .ring = { RUN_IB(9) },
	  .ib = { EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(D), HI(D), 7,
	    EMBER_PKT(EMBER_UPKT_WRITE_IMM, EMBER_WRITE_64, 4), LO(D + 8), HI(D), 1, 2 } },
	{ "signal", .ring = { RUN_IB(6) },
	  .ib = { EMBER_PKT(EMBER_UPKT_SIGNAL_MEM, 0, 3), LO(D), HI(D), 7,
	    EMBER_PKT(EMBER_UPKT_BARRIER, 0, 0), EMBER_PKT(EMBER_UPKT_NOP, 0, 0) } },
	{ "wait", .ring = { RUN_IB(14) },
	  .ib = { EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(D), HI(D), 7,
	    EMBER_PKT(EMBER_UPKT_WAIT_MEM, EMBER_WAIT_GE, 6), LO(D), HI(D), 7, 0, ~0u, 0,
	    EMBER_PKT(EMBER_UPKT_TIMESTAMP, 0, 2), LO(D + 16), HI(D) } },
	{ "wait-timeout", .ring = { RUN_IB(7) },
	  .ib = { EMBER_PKT(EMBER_UPKT_WAIT_MEM, EMBER_WAIT_EQ | EMBER_WRITE_64, 6),
	    LO(D), HI(D), 1, 0, ~0u, ~0u } },
	/* Counts filled in, then read back by the dispatch (the shader is zeros: illegal). */
	{ "dispatch-indirect", .ring = { RUN_IB(18) },
	  .ib = { EMBER_PKT(EMBER_UPKT_FILL, 0, 4), LO(D), HI(D), 12, 1,
	    EMBER_PKT(EMBER_UPKT_BARRIER, 0, 0),
	    EMBER_PKT(EMBER_UPKT_DISPATCH_INDIRECT, 0, EMBER_UPKT_DISPATCH_INDIRECT_LEN(4)),
	    LO(D + 0x100), HI(D), LO(D), HI(D), 0, 0, 0, LO(D + 0x200), HI(D), 4, 9 } },
	/* A write, then two conditional writes: one runs, one is skipped. */
	{ "cond-exec", .ring = { RUN_IB(20) },
	  .ib = { EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(D), HI(D), 1,
	    EMBER_PKT(EMBER_UPKT_COND_EXEC, 0, 3), LO(D), HI(D), 4,
	    EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(D + 4), HI(D), 2,
	    EMBER_PKT(EMBER_UPKT_COND_EXEC, EMBER_COND_EXEC_IF_ZERO | EMBER_WRITE_64, 3),
	    LO(D), HI(D), 4,
	    EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(D + 8), HI(D), 3 } },
	{ "job", .ring = { RUN_IB(4), EMBER_PKT(EMBER_KPKT_FENCE, EMBER_FENCE_IRQ, 4),
		   0x20000, 0, 1, 0, RUN_IB(4) },
	  .ib = { EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(D), HI(D), 7 } },
};

/* The image seed's data: set table, descriptors, shader (offsets in the data). */
#define SET_TABLE	0x100
#define SET0		0x200
#define SHADER		0x1000
#define IMAGE		0x4000
#define STORAGE		0x5000
#define OUTPUT		0x6000

static const char image_shader[] =
	".resource 0 0 storage 0 1\n"
	".resource 0 1 combined_image_sampler 1 1\n"
	".resource 0 2 storage_texel_buffer 7 1\n"
	".resource 0 3 storage_image 8 1\n"
	".local_size 32 1 1\n"
	"lddesc u0, 0, 0\nldimgdesc u16, 0, 1\nldsmpdesc u32, 0, 5\n"
	"lddesc u40, 0, 7\nldimgdesc u48, 0, 8\n"
	"s2r.lane_id v0\ni2f.u32 v4, v0\nfmul v4, v4, 0.03\nmov v5, 0.5\n"
	"mov v8, 0.5\nmov v9, 0.25\nmov v10, 0x3f01\nmov v11, 0x010101\n"
	"mov v12, 0x3e3e\nmov v13, 0.125\nmov v14, 0x0202\nmov v15, 0x3f3f3f\n"
	"texl v20, u16, u32, v4\ntexl.dref.off v24, u16, u32, v4\n"
	"texg.dref.off v24, u16, u32, v4\ngather.b.off v28, u16, u32, v4\n"
	"gather.dref.offs v28, u16, u32, v4\n"
	"mov v36, v0\nmov v37, 1\nmov v38, 0\nmov v39, 0\nmov v40, 0x3f\n"
	"fetch.off v32, u16, v36\nimgld v32, u48, v36\nimgst u48, v36, v20\n"
	"imgatom.add v44, u48, v36, 1\nmov v46, 5\nmov v47, 1\n"
	"imgatom.cmpxchg v45, u48, v36, v46\n"
	"tbld v32, u40, v0\ntbst u40, v0, v20\ntbatom.umax v44, u40, v0, v0\n"
	"and v1, v0, 3\nimgsize v32, u16, v1\nimgquery.levels u64, u16\n"
	"imgquery.samples v44, u48\n"
	"shl v1, v0, 4\nstg.b128 u0, v1, v20\nstg.b128 u0, v1, v32\nend\n";

static void put_dwords(uint8_t *data, size_t at, const uint32_t *dw, unsigned int n)
{
	memcpy(data + at, dw, 4 * n);
}

/*
 * Set table, descriptors and shader of the image seed whose sampled image
 * has @sampled_format; its length.
 */
static size_t image_seed_data(uint8_t *data, uint32_t sampled_format)
{
	struct ember_buffer_descriptor out = { .va = D + OUTPUT, .range = 0x1000 };
	struct ember_image_desc img = {
		.va = D + IMAGE, .format = sampled_format, .view_type = 1,
		.layout = EMBER_IMAGE_LAYOUT_LINEAR,
		.width = 8, .height = 8, .depth = 1, .image_layers = 1, .image_levels = 1,
		.levels = 1, .layers = 1, .row_pitch = 32,
	};
	struct ember_image_desc storage = img;
	struct ember_sampler_desc smp = {
		.mag_filter = 1, .min_filter = 1, .compare_enable = 1, .compare_op = 3,
		.max_lod = 1000.0f,
	};
	struct ember_texel_buffer_desc tb = { .va = D + STORAGE, .num_elements = 64, .format = 98 };
	uint64_t set0 = D + SET0;
	uint32_t dw[16];
	char err[256];
	void *bin;
	size_t size;

	if (ember_isa_assemble(image_shader, &bin, &size, err, sizeof(err))) {
		fprintf(stderr, "image seed: %s\n", err);
		exit(1);
	}
	memcpy(data + SET_TABLE, &set0, 8);
	ember_buffer_descriptor_pack(dw, &out);
	put_dwords(data, SET0, dw, 4);
	ember_image_desc_pack(dw, &img);
	put_dwords(data, SET0 + 16 * 1, dw, 16);
	ember_sampler_desc_pack(dw, &smp);
	put_dwords(data, SET0 + 16 * 5, dw, 8);
	ember_texel_buffer_desc_pack(dw, &tb);
	put_dwords(data, SET0 + 16 * 7, dw, 4);
	storage.va = D + STORAGE;
	storage.format = 98;
	storage.row_pitch = 64;
	storage.width = storage.height = 16;
	ember_image_desc_pack(dw, &storage);
	put_dwords(data, SET0 + 16 * 8, dw, 16);
	memcpy(data + SHADER, bin, size);
	free(bin);
	return SHADER + size;
}

/* Where the draw seed's pieces are in the data. */
#define DRAW_ROOT	0x000
#define DRAW_VINPUT	0x100
#define DRAW_VIEWPORT	0x200
#define DRAW_RASTER	0x300
#define DRAW_TARGETS	0x400
#define DRAW_VB		0x500
#define DRAW_DESC	0x600
#define DRAW_COUNTER	0x700	/* the occlusion counter (contract 1.11) */
#define DRAW_STATS	0x708	/* eleven pipeline statistics counters (1.15) */
#define DRAW_VS		0x1000
#define DRAW_FS		0x1800
#define DRAW_IMAGE	0x4000
#define DRAW_SIZE	16

static const char draw_vs[] =
	".stage vertex\n.inputs 2\n.outputs 1\n.clip_distances 1\n.vertex viewport_index\n"
	"\tldin v0, 0\n\tldin v1, 1\n\tldin v4, 4\n\tldin v5, 5\n"
	"\tostore.position_x v0\n\tostore.position_y v1\n\tostore.position_w 1.0\n"
	"\tostore.clip_distance0 v0\n\tostore.viewport_index v5\n"
	"\tstout 0, v4\n\tstout 1, v5\n\tend\n";
static const char draw_fs[] =
	".stage fragment\n.inputs 1\n.outputs 1\n.fragment discard\n"
	"\tinterp v0, 0\n\tinterp.noperspective.centroid v1, 1\n"
	"\tddx v2, v0\n\tstout 0, v0\n\tstout 1, v1\n\tstout 2, v2\n"
	"\tstout 3, 1.0\n\tend\n";

static bool put_program(uint8_t *data, size_t at, const char *text)
{
	char err[256];
	void *bin;
	size_t size;

	if (ember_isa_assemble(text, &bin, &size, err, sizeof(err))) {
		fprintf(stderr, "fuzz_seeds: %s\n", err);
		return false;
	}
	memcpy(data + at, bin, size);
	free(bin);
	return true;
}

/* A triangle with interpolated colours into a 16x16 RGBA8 LINEAR image. */
static size_t draw_seed_data(uint8_t *data)
{
	const struct ember_gfx_state root = {
		.vs = D + DRAW_VS, .fs = D + DRAW_FS, .vertex_input = D + DRAW_VINPUT,
		.viewports = D + DRAW_VIEWPORT, .raster = D + DRAW_RASTER,
		.targets = D + DRAW_TARGETS, .topology = 3, .viewport_count = 1,
	};
	const struct ember_gfx_vertex_input vi = { .binding_count = 1, .attribute_count = 2 };
	const struct ember_gfx_vertex_binding vb = {
		.va = D + DRAW_VB, .range = 96, .stride = 32, .divisor = 1,
	};
	const struct ember_gfx_vertex_attribute pos = { .location = 0, .format = 103 };
	const struct ember_gfx_vertex_attribute col = { .location = 1, .format = 109,
							 .offset = 16 };
	const struct ember_gfx_viewport vp = {
		.width = DRAW_SIZE, .height = DRAW_SIZE, .max_depth = 1,
		.scissor_width = DRAW_SIZE, .scissor_height = DRAW_SIZE,
	};
	const struct ember_gfx_raster raster = {
		.depth_clip_enable = 1, .depth_negative_one_to_one = 1, .line_width = 2.5f,
		.samples = 1, .sample_mask = ~0u,
	};
	const struct ember_gfx_targets targets = {
		.color_count = 1, .width = DRAW_SIZE, .height = DRAW_SIZE, .layers = 1,
	};
	const struct ember_gfx_attachment att = { .image = D + DRAW_DESC };
	const struct ember_image_desc image = {
		.va = D + DRAW_IMAGE, .format = 37, .view_type = 1, .width = DRAW_SIZE,
		.height = DRAW_SIZE, .depth = 1, .image_layers = 1, .image_levels = 1,
		.levels = 1, .layers = 1, .row_pitch = DRAW_SIZE * 4,
		.layer_pitch_256b = DRAW_SIZE * DRAW_SIZE * 4 / 256,
	};
	const float vertices[3][8] = {
		{ -0.9f, -0.9f, 0, 0, 1, 0, 0, 1 },
		{ 0.9f, -0.5f, 0, 0, 0, 1, 0, 1 },
		{ -0.3f, 0.9f, 0, 0, 0, 0, 1, 1 },
	};
	uint32_t dw[32];

	ember_gfx_state_pack(dw, &root);
	put_dwords(data, DRAW_ROOT, dw, EMBER_GFX_STATE_DWORDS);
	ember_gfx_vertex_input_pack(dw, &vi);
	ember_gfx_vertex_binding_pack(dw + 4, &vb);
	ember_gfx_vertex_attribute_pack(dw + 12, &pos);
	ember_gfx_vertex_attribute_pack(dw + 16, &col);
	put_dwords(data, DRAW_VINPUT, dw, 20);
	ember_gfx_viewport_pack(dw, &vp);
	put_dwords(data, DRAW_VIEWPORT, dw, EMBER_GFX_VIEWPORT_DWORDS);
	ember_gfx_raster_pack(dw, &raster);
	put_dwords(data, DRAW_RASTER, dw, EMBER_GFX_RASTER_DWORDS);
	ember_gfx_targets_pack(dw, &targets);
	ember_gfx_attachment_pack(dw + 8, &att);
	memset(dw + 12, 0, 16);		/* no depth/stencil attachment */
	put_dwords(data, DRAW_TARGETS, dw, 16);
	memcpy(data + DRAW_VB, vertices, sizeof(vertices));
	ember_image_desc_pack(dw, &image);
	put_dwords(data, DRAW_DESC, dw, 16);
	if (!put_program(data, DRAW_VS, draw_vs) || !put_program(data, DRAW_FS, draw_fs))
		exit(1);
	return DRAW_IMAGE + DRAW_SIZE * DRAW_SIZE * 4;
}

/*
 * Where the resolve seed's pieces are in the data: descriptors of a 4x
 * D24S8 source, a 1x D24S8 destination, a 4x and a 1x RGBA8 (8x8, TILED_4K:
 * one tile a plane), then the planes.
 */
#define RESOLVE_DESC	0x000
#define RESOLVE_PLANES	0x1000
#define RESOLVE_SIZE	8

/* The resolve seed's data: descriptors, depth, stencil and colour samples. */
static size_t resolve_seed_data(uint8_t *data)
{
	const uint32_t formats[4] = { 129, 129, 37, 37 };	/* D24S8, RGBA8 */
	uint32_t dw[16];

	for (unsigned int i = 0; i < 4; i++) {
		const struct ember_image_desc image = {
			.va = D + RESOLVE_PLANES + 0x2000 * i, .format = formats[i],
			.view_type = 1, .layout = 1, .samples_log2 = i % 2 ? 0 : 2,
			.width = RESOLVE_SIZE, .height = RESOLVE_SIZE, .depth = 1,
			.image_layers = 1, .image_levels = 1, .levels = 1, .layers = 1,
			.stencil_va = formats[i] == 129 ? D + RESOLVE_PLANES + 0x2000 * i + 0x1000 : 0,
		};

		ember_image_desc_pack(dw, &image);
		put_dwords(data, RESOLVE_DESC + 64 * i, dw, 16);
	}
	/* Samples that differ, so every mode gives another answer. */
	for (unsigned int i = 0; i < 0x1000; i++) {
		data[RESOLVE_PLANES + i] = (uint8_t)(i * 37);
		data[RESOLVE_PLANES + 0x1000 + i] = (uint8_t)(i * 11);
		data[RESOLVE_PLANES + 0x4000 + i] = (uint8_t)(i * 5);
	}
	return RESOLVE_PLANES + 0x8000 - 0x1000;
}

static int write_seed(const char *dir, const char *name, const uint32_t *ring,
		      uint16_t ring_len, const uint32_t *ib, uint16_t ib_len,
		      const uint8_t *data, uint16_t data_len)
{
	uint16_t lens[4] = { ring_len, ib_len, 0, data_len };
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f) {
		perror(path);
		return 1;
	}
	fwrite(lens, sizeof(lens), 1, f);
	fwrite(ring, 1, ring_len, f);
	fwrite(ib, 1, ib_len, f);
	fwrite(data, 1, data_len, f);
	fclose(f);
	return 0;
}

/* A "job" input followed by a queue part (fuzz_gpu.c): slot 5, its doorbell. */
static int write_queue_seed(const char *dir)
{
	const struct seed *job = &seeds[sizeof(seeds) / sizeof(seeds[0]) - 1];
	uint16_t lens[4] = { 4 * 15, 4 * 4, 0, 0 };
	const uint8_t where[2] = { 0, 0 };
	const uint32_t words[3] = { 5, 5, lens[0] };
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/queue", dir);
	f = fopen(path, "wb");
	if (!f) {
		perror(path);
		return 1;
	}
	fwrite(lens, sizeof(lens), 1, f);
	fwrite(job->ring, 1, lens[0], f);
	fwrite(job->ib, 1, lens[1], f);
	fwrite(where, sizeof(where), 1, f);
	fwrite(words, sizeof(words), 1, f);
	fclose(f);
	return 0;
}

static size_t used(const uint32_t *dw)
{
	size_t n = MAX_DW;

	while (n && !dw[n - 1])
		n--;
	return n;
}

int main(int argc, char **argv)
{
	static uint8_t data[FUZZ_DATA_SIZE];
	const uint32_t dispatch_ring[] = { RUN_IB(1 + EMBER_UPKT_DISPATCH_LEN(0)) };
	const uint32_t dispatch_ib[] = {
		EMBER_PKT(EMBER_UPKT_DISPATCH, 0, EMBER_UPKT_DISPATCH_LEN(0)),
		LO(D + SHADER), HI(D + SHADER), 1, 1, 1, 0, 0, 0,
		LO(D + SET_TABLE), HI(D + SET_TABLE), 0,
	};
	const uint32_t draw_ib[] = {
		EMBER_PKT(EMBER_UPKT_BIND_GFX_STATE, 0, EMBER_UPKT_BIND_GFX_STATE_LEN(4)),
		LO(D + DRAW_ROOT), HI(D + DRAW_ROOT), 4, 0x3f800000,
		EMBER_PKT(EMBER_UPKT_OCCLUSION_COUNTER, EMBER_OCCLUSION_RESET,
			  EMBER_UPKT_OCCLUSION_COUNTER_LEN),
		LO(D + DRAW_COUNTER), HI(D + DRAW_COUNTER),
		EMBER_PKT(EMBER_UPKT_DRAW, 0, EMBER_UPKT_DRAW_LEN), 3, 2, 0, 0,
		EMBER_PKT(EMBER_UPKT_DRAW_INDIRECT, 0, EMBER_UPKT_DRAW_INDIRECT_LEN),
		LO(FUZZ_IB_VA + 36), HI(FUZZ_IB_VA), 1, 16, 0, 0,	/* the DRAW above */
	};
	const uint32_t draw_ring[] = { RUN_IB(sizeof(draw_ib) / 4) };
	const uint32_t stats_ib[] = {
		EMBER_PKT(EMBER_UPKT_BIND_GFX_STATE, 0, EMBER_UPKT_BIND_GFX_STATE_LEN(4)),
		LO(D + DRAW_ROOT), HI(D + DRAW_ROOT), 4, 0x3f800000,
		EMBER_PKT(EMBER_UPKT_PIPELINE_STATS_COUNTERS, EMBER_PIPELINE_STATS_RESET,
			  EMBER_UPKT_PIPELINE_STATS_COUNTERS_LEN),
		LO(D + DRAW_STATS), HI(D + DRAW_STATS),
		EMBER_PKT(EMBER_UPKT_DRAW, 0, EMBER_UPKT_DRAW_LEN), 3, 2, 0, 0,
		EMBER_PKT(EMBER_UPKT_PIPELINE_STATS_COUNTERS, 0,
			  EMBER_UPKT_PIPELINE_STATS_COUNTERS_LEN),
		LO(D + DRAW_STATS), HI(D + DRAW_STATS),
		EMBER_PKT(EMBER_UPKT_DRAW, 0, EMBER_UPKT_DRAW_LEN), 3, 1, 0, 0,
	};
	const uint32_t stats_ring[] = { RUN_IB(sizeof(stats_ib) / 4) };
	const uint32_t resolve_ring[] = { RUN_IB(3 * (1 + EMBER_UPKT_RESOLVE_LEN)) };
	uint32_t resolve_ib[3 * (1 + EMBER_UPKT_RESOLVE_LEN)];
	size_t data_len;

	if (argc != 2) {
		fprintf(stderr, "usage: fuzz_seeds DIR\n");
		return 2;
	}
	for (size_t i = 0; i < sizeof(seeds) / sizeof(seeds[0]); i++) {
		const struct seed *s = &seeds[i];
		/* Keep trailing zero payload dwords: they are part of packets. */
		uint16_t ring_len = (uint16_t)(4 * (used(s->ring) + 4));
		uint16_t ib_len = (uint16_t)(4 * used(s->ib) + 16);

		if (ib_len > 4 * MAX_DW)
			ib_len = 4 * MAX_DW;
		if (write_seed(argv[1], s->name, s->ring, ring_len, s->ib, ib_len, NULL, 0))
			return 1;
	}
	if (write_queue_seed(argv[1]))
		return 1;
	data_len = image_seed_data(data, 37);	/* R8G8B8A8_UNORM */
	if (write_seed(argv[1], "dispatch-images", dispatch_ring, sizeof(dispatch_ring),
		       dispatch_ib, sizeof(dispatch_ib), data, (uint16_t)data_len))
		return 1;
	memset(data, 0, sizeof(data));
	data_len = image_seed_data(data, 145);	/* BC7_UNORM_BLOCK */
	if (write_seed(argv[1], "dispatch-images-bc7", dispatch_ring, sizeof(dispatch_ring),
		       dispatch_ib, sizeof(dispatch_ib), data, (uint16_t)data_len))
		return 1;
	memset(data, 0, sizeof(data));
	data_len = resolve_seed_data(data);
	for (unsigned int i = 0; i < 3; i++) {
		static const uint8_t aspect[3] = {
			EMBER_ASPECT_DEPTH, EMBER_ASPECT_STENCIL, EMBER_ASPECT_COLOR,
		};
		static const uint32_t mode[3] = {
			EMBER_RESOLVE_MIN, EMBER_RESOLVE_MAX, EMBER_RESOLVE_FORMAT,
		};
		const struct ember_upkt_copy_image region = {
			.src = D + RESOLVE_DESC + 128 * (i / 2),
			.dst = D + RESOLVE_DESC + 128 * (i / 2) + 64,
			.src_aspect = aspect[i], .dst_aspect = aspect[i],
			.extent = { RESOLVE_SIZE, RESOLVE_SIZE, 1 },
		};

		ember_upkt_resolve_pack(resolve_ib + i * (1 + EMBER_UPKT_RESOLVE_LEN), &region);
		resolve_ib[i * (1 + EMBER_UPKT_RESOLVE_LEN)] |= EMBER_PKT(0, mode[i], 0);
	}
	if (write_seed(argv[1], "resolve-depth-stencil", resolve_ring, sizeof(resolve_ring),
		       resolve_ib, sizeof(resolve_ib), data, (uint16_t)data_len))
		return 1;
	memset(data, 0, sizeof(data));
	data_len = draw_seed_data(data);
	if (write_seed(argv[1], "draw-pipeline-stats", stats_ring, sizeof(stats_ring), stats_ib,
		       sizeof(stats_ib), data, (uint16_t)data_len))
		return 1;
	return write_seed(argv[1], "draw", draw_ring, sizeof(draw_ring), draw_ib,
			  sizeof(draw_ib), data, (uint16_t)data_len);
}
