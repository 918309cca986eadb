/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The copy engine's image packets (contract 1.7) end to end: packets in
 * indirect buffers run by the device core against guest memory, checked
 * texel by texel against the contract's layouts computed here from
 * ember-hw.rst (not from the texture unit) and the reference codec of
 * tex_ref.c. Bytes moved must be exact; conversions exact where Vulkan is
 * (nearest blits, clears), within one unit where filtering rounds.
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember_shader_hw.h"
#include "guest.h"
#include "log.h"
#include "tap.h"
#include "tex_ref.h"
#include "texture/tex_bc.h"
#include "copy_image.h"
#include "copy_texel.h"

#define TIMEOUT_MS	10000
#define RAM_SIZE	(96u << 20)
#define CTX		1
#define IB_VA		0x100000000ull
#define DESC_VA		0x180000000ull
#define BUF_VA		0x200000000ull
#define BUF2_VA		0x280000000ull
#define IMG_VA		0x300000000ull
#define IMG2_VA		0x380000000ull
#define STENCIL_VA	0x400000000ull
#define MAP_SIZE	(8u << 20)
#define IMG_MAP_SIZE	(16u << 20)

enum { VK_R8G8_UNORM = 16, VK_B8G8R8A8_SRGB = 50, VK_R16G16B16A16_UINT = 95 };
enum { VK_R8_UNORM = 9, VK_R8G8_SNORM = 17, VK_R8G8B8A8_UNORM = 37, VK_R8G8B8A8_SNORM = 38,
       VK_R8G8B8A8_UINT = 41, VK_R8G8B8A8_SRGB = 43, VK_B8G8R8A8_UNORM = 44,
       VK_A2B10G10R10_UNORM = 64, VK_R16_SFLOAT = 76, VK_R16G16B16A16_SINT = 96,
       VK_R16G16B16A16_UNORM = 91, VK_R16G16B16A16_SFLOAT = 97,
       VK_R32_UINT = 98, VK_R32_SFLOAT = 100, VK_R32G32B32_SFLOAT = 106, VK_R32G32B32A32_UINT = 107,
       VK_R32G32B32A32_SFLOAT = 109, VK_B10G11R11 = 122, VK_E5B9G9R9 = 123,
       VK_D16 = 124, VK_X8_D24 = 125, VK_D32 = 126, VK_S8 = 127, VK_D24S8 = 129,
       VK_D32S8 = 130, VK_R32G32_UINT = 101, VK_BC1_RGB_UNORM = 131, VK_BC4_UNORM = 139,
       VK_BC7_UNORM = 145 };

static struct guest guest;
static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t ib_count;
static uint8_t *mem_buf, *mem_buf2, *mem_img, *mem_img2, *mem_sten, *mem_desc;

static bool setup(void)
{
	const struct guest_config config = {
		.ram_size = RAM_SIZE, .num_vectors = 2, .num_cores = 1, .threads = true,
	};

	CHECK(guest_init(&guest, &config));
	guest_ring_init(&guest, 0, 0);
	mem_buf = guest_alloc_mapped(&guest, CTX, BUF_VA, MAP_SIZE);
	mem_buf2 = guest_alloc_mapped(&guest, CTX, BUF2_VA, MAP_SIZE);
	mem_img = guest_alloc_mapped(&guest, CTX, IMG_VA, IMG_MAP_SIZE);
	mem_img2 = guest_alloc_mapped(&guest, CTX, IMG2_VA, MAP_SIZE);
	mem_sten = guest_alloc_mapped(&guest, CTX, STENCIL_VA, 1u << 20);
	mem_desc = guest_alloc_mapped(&guest, CTX, DESC_VA, 4096);
	return true;
}

static void teardown(void)
{
	guest_fini(&guest);
}

static uint32_t fault_seq(void)
{
	return guest_reg(&guest, EMBER_REG_FAULT_SEQ);
}

/* Run one packet in context CTX; with @want_fault, expect that fault. */
static bool run_packet(const uint32_t *dw, uint32_t n, uint32_t want_fault,
		       struct guest_fault *fault)
{
	uint32_t seq = fault_seq();
	struct guest_ib ib;
	uint64_t value;

	/* A fresh VA each time: the device's TLB may hold the last IB's page. */
	guest_ib_init(&guest, &ib, CTX, IB_VA + (uint64_t)ib_count++ * 4096, 64);
	guest_ib_emit(&ib, dw, n);
	value = guest_submit_ib(&guest, 0, CTX, &ib);
	CHECK(guest_wait_fence(&guest, 0, value, TIMEOUT_MS));
	if (!want_fault) {
		struct guest_fault got;

		if (fault_seq() != seq && guest_fault(&guest, seq + 1, &got))
			tap_diag("unexpected fault kind %u va %#llx detail %#x", got.kind,
				 (unsigned long long)got.va, got.detail);
		CHECK_EQ(fault_seq(), seq);
		return true;
	}
	CHECK_EQ(fault_seq(), seq + 1);
	CHECK(guest_fault(&guest, seq + 1, fault));
	CHECK_EQ(fault->kind, want_fault);
	CHECK_EQ(guest_mgmt(&guest, EMBER_MGMT_CMD_RESET_CONTEXT, CTX, NULL),
		 EMBER_MGMT_STATUS_OK);
	return true;
}

#define RUN(want, fault, ...) run_packet((const uint32_t[]){ __VA_ARGS__ }, \
	sizeof((const uint32_t[]){ __VA_ARGS__ }) / 4, want, fault)

/* The test's image: a descriptor in slot @slot and its layout, per ember-hw.rst. */
struct timg {
	struct ember_image_desc d;
	uint64_t desc_va;
	uint8_t *host, *stencil_host;
	unsigned int bytes;	/* of the plane under test */
	struct ref_format ref;
	unsigned int block_log2;	/* 2 for BC: elements are 4x4 blocks */
};

static const char *format_name(uint32_t vk)
{
	for (unsigned int i = 0; i < ref_num_formats; i++) {
		if (ref_formats[i].vk == vk)
			return ref_formats[i].name;
	}
	return NULL;
}

static bool ref_of(uint32_t vk, struct ref_format *f)
{
	const char *name = format_name(vk);

	return name && ref_format_parse(vk, name, f);
}

static unsigned int plane_bytes(uint32_t vk, unsigned int aspect)
{
	struct ref_format f;

	if (aspect == 4)
		return 1;
	if (vk == VK_D24S8)
		return 4;
	if (vk == VK_D32S8)
		return 4;
	ref_of(vk, &f);
	return f.bytes;
}

/* Tile shape of an element of @e bytes: 2^(6 - floor(e/2)) x 2^(6 - ceil(e/2)). */
static void tile(unsigned int e_bytes, unsigned int *tw, unsigned int *th)
{
	unsigned int e = (unsigned int)__builtin_ctz(e_bytes);

	*tw = 6 - e / 2;
	*th = 6 - (e + 1) / 2;
}

/* Offset of element (x, y, z) of @level, by the contract's rules. */
static uint64_t texel_offset(const struct timg *t, unsigned int element,
			     uint32_t level, uint32_t x, uint32_t y, uint32_t z)
{
	const struct ember_image_desc *d = &t->d;
	bool is_3d = d->view_type == 2;
	unsigned int tw, th;
	uint64_t layer_size = 0, off = 0, lvl_off = 0;

	if (d->layout == EMBER_IMAGE_LAYOUT_LINEAR)
		return (uint64_t)z * d->layer_pitch_256b * 256 + (uint64_t)y * d->row_pitch +
		       (uint64_t)x * element;
	tile(element, &tw, &th);
	for (uint32_t m = 0; m < d->image_levels; m++) {
		uint32_t w = d->width >> m ? d->width >> m : 1;
		uint32_t h = d->height >> m ? d->height >> m : 1;
		uint32_t dm = is_3d ? (d->depth >> m ? d->depth >> m : 1) : 1;
		uint64_t tx, ty;

		/* A BC level is its texels rounded up to whole blocks. */
		w = (w + (1u << t->block_log2) - 1) >> t->block_log2;
		h = (h + (1u << t->block_log2) - 1) >> t->block_log2;
		tx = (w + (1u << tw) - 1) >> tw;
		ty = (h + (1u << th) - 1) >> th;

		if (m == level) {
			lvl_off = layer_size;
			off = (is_3d ? z * tx * ty * 4096 : 0) + (y >> th) * tx * 4096 +
			      (x >> tw) * 4096 +
			      (((y & ((1u << th) - 1)) << tw) + (x & ((1u << tw) - 1))) * element;
		}
		layer_size += tx * ty * dm * 4096;
	}
	return (is_3d ? 0 : z * layer_size) + lvl_off + off;
}

static void write_desc(struct timg *t, unsigned int slot)
{
	uint32_t dw[EMBER_IMAGE_DESC_DWORDS];

	ember_image_desc_pack(dw, &t->d);
	for (unsigned int i = 0; i < EMBER_IMAGE_DESC_DWORDS; i++)
		dw[i] = htole32(dw[i]);
	memcpy(mem_desc + 64 * slot, dw, sizeof(dw));
	t->desc_va = DESC_VA + 64 * slot;
}

/* An image at @va (host @host) of 2D array (or 3D with @is_3d) shape. */
static void make_image(struct timg *t, unsigned int slot, uint32_t vk, unsigned int layout,
		       bool is_3d, uint32_t w, uint32_t h, uint32_t depth, uint32_t layers,
		       uint32_t levels, uint32_t samples, uint64_t va, uint8_t *host)
{
	memset(t, 0, sizeof(*t));
	ref_of(vk, &t->ref);
	t->d = (struct ember_image_desc) {
		.va = va, .format = vk, .view_type = is_3d ? 2 : 5, .layout = layout,
		.samples_log2 = (uint32_t)__builtin_ctz(samples),
		.width = w, .height = h, .depth = depth, .image_layers = layers,
		.image_levels = levels, .levels = levels, .layers = layers,
	};
	if (layout == EMBER_IMAGE_LAYOUT_LINEAR) {
		/* Padded pitches, so nobody may assume tight rows. */
		t->d.row_pitch = (w + 3) * t->ref.bytes;
		t->d.layer_pitch_256b = (uint32_t)((t->d.row_pitch * (h + 1) + 255) / 256);
	}
	if (vk == VK_D24S8 || vk == VK_D32S8)
		t->d.stencil_va = STENCIL_VA;
	t->host = host;
	t->stencil_host = mem_sten;
	write_desc(t, slot);
}

static void fill_random(uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)ref_xorshift(&rng);
}

/* Buffer -> image -> buffer over one format, layout, level and region. */
static bool roundtrip(uint32_t vk, unsigned int aspect, unsigned int layout, bool is_3d,
		      uint32_t level)
{
	const uint32_t w = 37, h = 21, dep = is_3d ? 9 : 1, layers = is_3d ? 1 : 3;
	const uint32_t off[3] = { 3, 2, 1 }, ext[3] = { 19, 11, 2 };
	const uint32_t row_length = 23, image_height = 13;
	unsigned int e = plane_bytes(vk, aspect);
	uint32_t sub = EMBER_IMAGE_SUB(level, aspect);
	struct timg t;
	uint8_t mask[16];

	make_image(&t, 0, vk, layout, is_3d, w << level, h << level, is_3d ? dep << level : 1, layers,
		   level + 1, 1, IMG_VA, mem_img);
	memset(mem_img, 0, IMG_MAP_SIZE);
	memset(mem_sten, 0, 1u << 20);
	fill_random(mem_buf, 256 * 1024);
	memset(mem_buf2, 0xcc, 256 * 1024);
	/* Bits of no channel (X8_D24's top byte) are written as zero. */
	memset(mask, 0xff, sizeof(mask));
	if (aspect == 2 && (vk == VK_X8_D24 || vk == VK_D24S8))
		mask[3] = 0;
	CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_COPY_BUFFER_IMAGE, 0, 13),
		  LO(BUF_VA + 5), HI(BUF_VA + 5), row_length, image_height,
		  LO(t.desc_va), HI(t.desc_va), sub, off[0], off[1], off[2],
		  ext[0], ext[1], ext[2]));
	for (uint32_t z = 0; z < dep << level || z < layers; z++) {
		uint32_t limit_z = is_3d ? dep : layers;

		if (z >= limit_z)
			break;
		for (uint32_t y = 0; y < h; y++) {
			for (uint32_t x = 0; x < w; x++) {
				bool in = x >= off[0] && x < off[0] + ext[0] && y >= off[1] &&
					  y < off[1] + ext[1] && z >= off[2] && z < off[2] + ext[2];
				uint8_t *plane = aspect == 4 && vk != VK_S8 ? t.stencil_host :
					t.host;
				uint64_t io = aspect == 4 && vk != VK_S8 ?
					texel_offset(&t, 1, level, x, y, z) :
					texel_offset(&t, e, level, x, y, z);
				uint64_t bo = 5 + (((uint64_t)(z - off[2]) * image_height +
						    (y - off[1])) * row_length + (x - off[0])) * e;

				for (unsigned int i = 0; i < e; i++) {
					uint8_t want = in ? mem_buf[bo + i] & mask[i] : 0;

					if (plane[io + i] != want) {
						tap_diag("fmt %u aspect %u layout %u lvl %u: texel "
							 "(%u,%u,%u) byte %u: %#x != %#x", vk, aspect,
							 layout, level, x, y, z, i, plane[io + i], want);
						return false;
					}
				}
			}
		}
	}
	/* Back out to a buffer of tight rows (row length and height 0). */
	CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_COPY_BUFFER_IMAGE, EMBER_IMAGE_TO_BUFFER, 13),
		  LO(BUF2_VA), HI(BUF2_VA), 0, 0, LO(t.desc_va), HI(t.desc_va), sub,
		  off[0], off[1], off[2], ext[0], ext[1], ext[2]));
	for (uint32_t z = 0; z < ext[2]; z++) {
		for (uint32_t y = 0; y < ext[1]; y++) {
			for (uint32_t x = 0; x < ext[0]; x++) {
				uint64_t bo = 5 + (((uint64_t)z * image_height + y) * row_length + x) * e;
				uint64_t b2 = (((uint64_t)z * ext[1] + y) * ext[0] + x) * e;

				for (unsigned int i = 0; i < e; i++)
					CHECK_EQ(mem_buf2[b2 + i], mem_buf[bo + i] & mask[i]);
			}
		}
	}
	CHECK_EQ(mem_buf2[(uint64_t)ext[0] * ext[1] * ext[2] * e], 0xcc);
	return true;
}

static const uint32_t colour_formats[] = {
	VK_R8_UNORM, VK_R8G8_SNORM, VK_R8G8B8A8_UINT, VK_R8G8B8A8_SRGB, VK_B8G8R8A8_UNORM,
	VK_A2B10G10R10_UNORM, VK_R16_SFLOAT, VK_R16G16B16A16_SINT, VK_R32G32B32A32_SFLOAT,
	VK_B10G11R11, VK_E5B9G9R9,
};

static bool test_buffer_image(void)
{
	unsigned int runs = 0;

	for (unsigned int f = 0; f < sizeof(colour_formats) / 4; f++) {
		for (unsigned int layout = 0; layout < 2; layout++) {
			for (unsigned int dim = 0; dim < 2; dim++) {
				/* LINEAR has one level; TILED_4K: level 0 and 2. */
				for (uint32_t level = 0; level < (layout ? 3u : 1u); level += 2) {
					CHECK(roundtrip(colour_formats[f], 1, layout, dim, level));
					runs++;
				}
			}
		}
	}
	/* 12-byte texels only come linear. */
	CHECK(roundtrip(VK_R32G32B32_SFLOAT, 1, 0, false, 0));
	tap_diag("%u buffer/image round trips", runs + 1);
	return true;
}

static bool test_buffer_depth_stencil(void)
{
	static const struct { uint32_t vk; unsigned int aspect; } planes[] = {
		{ VK_D16, 2 }, { VK_X8_D24, 2 }, { VK_D32, 2 }, { VK_S8, 4 },
		{ VK_D24S8, 2 }, { VK_D24S8, 4 }, { VK_D32S8, 2 }, { VK_D32S8, 4 },
	};

	for (unsigned int i = 0; i < sizeof(planes) / sizeof(planes[0]); i++) {
		CHECK(roundtrip(planes[i].vk, planes[i].aspect, 1, false, 0));
		CHECK(roundtrip(planes[i].vk, planes[i].aspect, 1, false, 1));
	}
	return true;
}

#define SCATTER_VA	0x480000000ull
#define SCATTER_PAGES	64

/* Byte @off of a buffer whose pages are mapped in reverse order. */
static uint8_t *scattered(uint8_t *const pages[SCATTER_PAGES], uint64_t off)
{
	return pages[off / 4096] + off % 4096;
}

/* SCATTER_PAGES pages at SCATTER_VA, in reverse order in host memory. */
static void map_scattered(uint8_t *pages[SCATTER_PAGES])
{
	for (unsigned int i = 0; i < SCATTER_PAGES; i++) {
		uint64_t gpa = guest_alloc(&guest, 1);

		guest_map(&guest, CTX, SCATTER_VA + (SCATTER_PAGES - 1 - i) * 4096ull, gpa, 4096,
			  GUEST_PTE_RW);
		pages[SCATTER_PAGES - 1 - i] = guest_ptr(&guest, gpa);
	}
}

/*
 * The copy engine translates a run of pages once for many rows when the
 * pages follow each other in host memory; a buffer whose pages do not
 * (mapped in reverse order) must copy the same bytes, row by row.
 */
static bool test_buffer_image_scattered(void)
{
	const uint32_t w = 70, h = 50, off[3] = { 3, 5, 0 }, ext[3] = { 61, 40, 1 };
	uint8_t *pages[SCATTER_PAGES];
	struct timg t;

	map_scattered(pages);
	for (unsigned int layout = 0; layout < 2; layout++) {
		make_image(&t, 0, VK_R8G8B8A8_UNORM, layout, false, w, h, 1, 1, 1, 1, IMG_VA,
			   mem_img);
		memset(mem_img, 0, 1u << 20);
		for (unsigned int i = 0; i < SCATTER_PAGES; i++)
			fill_random(pages[i], 4096);
		/* Rows of 80 texels: every row of the region crosses a page or two. */
		CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_COPY_BUFFER_IMAGE, 0, 13),
			  LO(SCATTER_VA + 12), HI(SCATTER_VA), 80, 0, LO(t.desc_va), HI(t.desc_va),
			  EMBER_IMAGE_SUB(0, 1), off[0], off[1], off[2], ext[0], ext[1], ext[2]));
		for (uint32_t y = 0; y < ext[1]; y++) {
			for (uint32_t x = 0; x < ext[0]; x++) {
				uint64_t bo = 12 + ((uint64_t)y * 80 + x) * 4;
				const uint8_t *img = mem_img + texel_offset(&t, 4, 0, off[0] + x,
									    off[1] + y, 0);

				for (unsigned int b = 0; b < 4; b++)
					CHECK_EQ(img[b], *scattered(pages, bo + b));
			}
		}
		/* And back, into the scattered buffer cleared, in tight rows. */
		for (unsigned int i = 0; i < SCATTER_PAGES; i++)
			memset(pages[i], 0, 4096);
		CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_COPY_BUFFER_IMAGE, EMBER_IMAGE_TO_BUFFER, 13),
			  LO(SCATTER_VA + 4), HI(SCATTER_VA), 0, 0, LO(t.desc_va), HI(t.desc_va),
			  EMBER_IMAGE_SUB(0, 1), off[0], off[1], off[2], ext[0], ext[1], ext[2]));
		for (uint32_t y = 0; y < ext[1]; y++) {
			for (uint32_t x = 0; x < ext[0]; x++) {
				uint64_t bo = 4 + ((uint64_t)y * ext[0] + x) * 4;
				const uint8_t *img = mem_img + texel_offset(&t, 4, 0, off[0] + x,
									    off[1] + y, 0);

				for (unsigned int b = 0; b < 4; b++)
					CHECK_EQ(*scattered(pages, bo + b), img[b]);
			}
		}
		CHECK_EQ(*scattered(pages, 4 + ext[0] * ext[1] * 4), 0);
	}
	return true;
}

/* Image to image between layouts, 3D slices against array layers. */
static bool test_image_image(void)
{
	static const uint32_t formats[] = { VK_R8_UNORM, VK_R16_SFLOAT, VK_R8G8B8A8_UNORM,
					    VK_R16G16B16A16_SINT, VK_R32G32B32A32_UINT };

	for (unsigned int f = 0; f < 5; f++) {
		for (unsigned int layouts = 0; layouts < 4; layouts++) {
			struct timg s, d;
			unsigned int e;
			const uint32_t so[3] = { 5, 3, 1 }, dof[3] = { 1, 7, 0 },
				       ext[3] = { 40, 33, 3 };

			make_image(&s, 1, formats[f], layouts & 1, true, 70, 50, 6, 1,
				   layouts & 1 ? 2 : 1, 1, IMG_VA, mem_img);
			make_image(&d, 2, formats[f], layouts >> 1, false, 45, 41, 1, 4,
				   1, 1, IMG2_VA, mem_img2);
			e = s.ref.bytes;
			fill_random(mem_img, MAP_SIZE / 2);
			memset(mem_img2, 0, MAP_SIZE / 2);
			CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_COPY_IMAGE, 0, 15),
				  LO(s.desc_va), HI(s.desc_va), LO(d.desc_va), HI(d.desc_va),
				  EMBER_IMAGE_SUB(0, 1), EMBER_IMAGE_SUB(0, 1),
				  so[0], so[1], so[2], dof[0], dof[1], dof[2],
				  ext[0], ext[1], ext[2]));
			for (uint32_t z = 0; z < ext[2]; z++) {
				for (uint32_t y = 0; y < ext[1]; y++) {
					for (uint32_t x = 0; x < ext[0]; x++) {
						uint64_t a = texel_offset(&s, e, 0, so[0] + x,
									  so[1] + y, so[2] + z);
						uint64_t b = texel_offset(&d, e, 0, dof[0] + x,
									  dof[1] + y, dof[2] + z);

						if (memcmp(mem_img + a, mem_img2 + b, e)) {
							tap_diag("fmt %u layouts %u (%u,%u,%u)",
								 formats[f], layouts, x, y, z);
							return false;
						}
					}
				}
			}
			/* Outside the region nothing moved. */
			CHECK_EQ(mem_img2[texel_offset(&d, e, 0, 0, 0, 0)], 0);
		}
	}
	return true;
}

/* Clear colours, converted per format: against the reference encoder. */
static bool test_clear_color(void)
{
	static const float fv[4] = { 0.25f, -0.5f, 0.7f, 1.0f };
	static const int32_t iv[4] = { 3, -7, 100000, -2 };

	for (unsigned int f = 0; f < sizeof(colour_formats) / 4; f++) {
		for (unsigned int layout = 0; layout < 2; layout++) {
			struct timg t;
			uint32_t value[4], level = layout;
			int cls;
			uint8_t want[16];
			const uint32_t off[3] = { 2, 1, 1 }, ext[3] = { 30, 17, 2 };

			make_image(&t, 0, colour_formats[f], layout, false, 40 << level,
				   20 << level, 1, 3, level + 1, 1, IMG_VA, mem_img);
			cls = ref_class(&t.ref, 1);
			for (unsigned int c = 0; c < 4; c++)
				value[c] = cls ? (uint32_t)iv[c] : ref_fbits(fv[c]);
			memset(mem_img, 0xee, MAP_SIZE / 2);
			CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_CLEAR_COLOR, 0, 13),
				  LO(t.desc_va), HI(t.desc_va), EMBER_IMAGE_SUB(level, 1),
				  off[0], off[1], off[2], ext[0], ext[1], ext[2],
				  value[0], value[1], value[2], value[3]));
			ref_encode(&t.ref, 1, value, want);
			for (uint32_t z = 0; z < 3; z++) {
				for (uint32_t y = 0; y < 20; y++) {
					for (uint32_t x = 0; x < 40; x++) {
						bool in = x >= off[0] && x < off[0] + ext[0] &&
							  y >= off[1] && y < off[1] + ext[1] &&
							  z >= off[2] && z < off[2] + ext[2];
						uint8_t *p = mem_img + texel_offset(&t, t.ref.bytes,
										   level, x, y, z);

						for (unsigned int i = 0; i < t.ref.bytes; i++) {
							if (p[i] != (in ? want[i] : 0xee)) {
								tap_diag("fmt %u layout %u (%u,%u,%u) byte %u: %#x",
									 colour_formats[f], layout, x, y, z, i, p[i]);
								return false;
							}
						}
					}
				}
			}
		}
	}
	return true;
}

static bool test_clear_depth_stencil(void)
{
	struct timg t;
	struct ref_format d24;
	uint32_t depth[4] = { ref_fbits(0.3f) }, got;
	uint8_t want[4];

	make_image(&t, 0, VK_D24S8, 1, false, 50, 30, 1, 2, 1, 1, IMG_VA, mem_img);
	memset(mem_img, 0xee, 1u << 20);
	memset(mem_sten, 0xee, 1u << 20);
	CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_CLEAR_DEPTH_STENCIL, 0, 11),
		  LO(t.desc_va), HI(t.desc_va), EMBER_IMAGE_SUB(0, 2 | 4),
		  0, 0, 1, 50, 30, 1, ref_fbits(0.3f), 0x1a5));
	CHECK(ref_of(VK_X8_D24, &d24));
	ref_encode(&d24, 2, depth, want);
	memcpy(&got, mem_img + texel_offset(&t, 4, 0, 49, 29, 1), 4);
	CHECK_EQ(got, want[0] | want[1] << 8 | want[2] << 16);
	CHECK_EQ(mem_sten[texel_offset(&t, 1, 0, 7, 3, 1)], 0xa5);
	/* Layer 0 untouched; then the stencil plane alone. */
	CHECK_EQ(mem_img[texel_offset(&t, 4, 0, 7, 3, 0)], 0xee);
	CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_CLEAR_DEPTH_STENCIL, 0, 11),
		  LO(t.desc_va), HI(t.desc_va), EMBER_IMAGE_SUB(0, 4),
		  0, 0, 0, 50, 30, 1, 0, 7));
	CHECK_EQ(mem_sten[texel_offset(&t, 1, 0, 7, 3, 0)], 7);
	CHECK_EQ(mem_img[texel_offset(&t, 4, 0, 7, 3, 0)], 0xee);
	return true;
}

/*
 * A 4-sample D32_SFLOAT_S8_UINT image: each plane's element holds a
 * texel's 4 samples (16 and 4 bytes); a clear writes every sample of the
 * region's texels in both planes and nothing beside them.
 */
static bool test_clear_depth_stencil_multisampled(void)
{
	uint32_t depth = ref_fbits(0.75f), got;
	struct timg t;

	make_image(&t, 0, VK_D32S8, 1, false, 40, 20, 1, 1, 1, 4, IMG_VA, mem_img);
	memset(mem_img, 0xee, 1u << 20);
	memset(mem_sten, 0xee, 1u << 20);
	CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_CLEAR_DEPTH_STENCIL, 0, 11),
		  LO(t.desc_va), HI(t.desc_va), EMBER_IMAGE_SUB(0, 2 | 4),
		  3, 2, 0, 30, 15, 1, depth, 0x5c));
	for (unsigned int s = 0; s < 4; s++) {
		memcpy(&got, mem_img + texel_offset(&t, 16, 0, 32, 16, 0) + 4 * s, 4);
		CHECK_EQ(got, depth);
		CHECK_EQ(mem_sten[texel_offset(&t, 4, 0, 32, 16, 0) + s], 0x5c);
		CHECK_EQ(mem_sten[texel_offset(&t, 4, 0, 3, 2, 0) + s], 0x5c);
		/* Beside the region: (2, 2) and (33, 16). */
		CHECK_EQ(mem_img[texel_offset(&t, 16, 0, 2, 2, 0) + 4 * s], 0xee);
		CHECK_EQ(mem_sten[texel_offset(&t, 4, 0, 33, 16, 0) + s], 0xee);
	}
	return true;
}

/* Blits: nearest exact (scaling, flips, sRGB encode), linear within 1. */
static bool check_blit(uint32_t svk, uint32_t dvk, unsigned int slayout,
		       unsigned int dlayout, bool linear, const uint32_t sb[6],
		       const uint32_t db[6])
{
	struct timg s, d;
	uint32_t lo[3], hi[3];

	make_image(&s, 1, svk, slayout, false, 64, 48, 1, 2, 1, 1, IMG_VA, mem_img);
	make_image(&d, 2, dvk, dlayout, false, 80, 40, 1, 2, 1, 1, IMG2_VA, mem_img2);
	fill_random(mem_img, 1u << 20);
	memset(mem_img2, 0, 1u << 20);
	CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_BLIT, linear ? EMBER_BLIT_LINEAR : 0, 18),
		  LO(s.desc_va), HI(s.desc_va), LO(d.desc_va), HI(d.desc_va),
		  EMBER_IMAGE_SUB(0, 1), EMBER_IMAGE_SUB(0, 1),
		  sb[0], sb[1], sb[2], sb[3], sb[4], sb[5],
		  db[0], db[1], db[2], db[3], db[4], db[5]));
	for (unsigned int c = 0; c < 3; c++) {
		lo[c] = db[c] < db[c + 3] ? db[c] : db[c + 3];
		hi[c] = db[c] < db[c + 3] ? db[c + 3] : db[c];
	}
	for (uint32_t k = lo[2]; k < hi[2]; k++) {
		for (uint32_t j = lo[1]; j < hi[1]; j++) {
			for (uint32_t i = lo[0]; i < hi[0]; i++) {
				float u[3];
				float acc[4] = { 0, 0, 0, 0 };
				uint32_t val[4];
				uint8_t want[16];
				const uint8_t *got;
				uint32_t pos[3] = { i, j, k };

				for (unsigned int c = 0; c < 3; c++) {
					float s0 = (float)sb[c], s1 = (float)sb[c + 3];
					float d0 = (float)db[c], d1 = (float)db[c + 3];

					u[c] = s0 + ((float)pos[c] + 0.5f - d0) * (s1 - s0) / (d1 - d0);
				}
				for (unsigned int n = 0; n < (linear ? 4u : 1u); n++) {
					int32_t x = linear ? (int32_t)floorf(u[0] - 0.5f) + (int32_t)(n & 1) :
						(int32_t)floorf(u[0]);
					int32_t y = linear ? (int32_t)floorf(u[1] - 0.5f) + (int32_t)(n >> 1) :
						(int32_t)floorf(u[1]);
					float fx = u[0] - 0.5f - floorf(u[0] - 0.5f);
					float fy = u[1] - 0.5f - floorf(u[1] - 0.5f);
					float wgt = !linear ? 1.0f : (n & 1 ? fx : 1 - fx) *
						(n >> 1 ? fy : 1 - fy);
					uint32_t t[4];

					x = x < 0 ? 0 : x > 63 ? 63 : x;
					y = y < 0 ? 0 : y > 47 ? 47 : y;
					ref_decode(&s.ref, 1, mem_img + texel_offset(&s, s.ref.bytes, 0,
						   (uint32_t)x, (uint32_t)y, (uint32_t)floorf(u[2])), t);
					for (unsigned int c = 0; c < 4; c++)
						acc[c] += wgt * ref_bitsf(t[c]);
				}
				for (unsigned int c = 0; c < 4; c++)
					val[c] = ref_fbits(acc[c]);
				ref_encode(&d.ref, 1, val, want);
				got = mem_img2 + texel_offset(&d, d.ref.bytes, 0, i, j, k);
				for (unsigned int b = 0; b < d.ref.bytes; b++) {
					int diff = (int)got[b] - (int)want[b];

					if (linear ? abs(diff) > 1 : diff != 0) {
						tap_diag("blit %u->%u (%u,%u,%u) byte %u: %#x != %#x",
							 svk, dvk, i, j, k, b, got[b], want[b]);
						return false;
					}
				}
			}
		}
	}
	return true;
}

static bool test_blit(void)
{
	const uint32_t down[6] = { 0, 0, 0, 64, 48, 1 }, half[6] = { 0, 0, 1, 32, 24, 2 };
	const uint32_t flip[6] = { 70, 40, 1, 10, 0, 2 }, up[6] = { 5, 4, 0, 21, 20, 1 };

	for (unsigned int layouts = 0; layouts < 4; layouts++) {
		CHECK(check_blit(VK_R8G8B8A8_UNORM, VK_R8G8B8A8_SRGB, layouts & 1, layouts >> 1,
				 false, down, half));
		CHECK(check_blit(VK_R8G8B8A8_SRGB, VK_B8G8R8A8_UNORM, layouts & 1, layouts >> 1,
				 false, down, flip));
		CHECK(check_blit(VK_R8G8B8A8_UNORM, VK_R8G8B8A8_UNORM, layouts & 1, layouts >> 1,
				 true, up, flip));
		CHECK(check_blit(VK_R8G8B8A8_UNORM, VK_R8G8B8A8_UNORM, layouts & 1, layouts >> 1,
				 true, down, half));
	}
	return true;
}

/*
 * A 1:1 nearest blit in one format may be done as a byte copy (the
 * formats whose texels pass through decoding and encoding): it must give
 * exactly what the sampler path gives. That path is the same blit with
 * the destination flipped in x (no copy), compared mirrored, bit for bit,
 * over random bytes (NaNs, denormals, SNORM's -128 included). Where the
 * format passes through, both must equal the source bytes.
 */
static bool test_blit_copy_path(void)
{
	static const struct { uint32_t vk; bool passes; } formats[] = {
		{ VK_R8_UNORM, true }, { VK_R8G8B8A8_UNORM, true }, { VK_B8G8R8A8_UNORM, true },
		{ VK_R8G8B8A8_UINT, true }, { VK_R16G16B16A16_UNORM, true },
		{ VK_R16G16B16A16_SINT, true }, { VK_A2B10G10R10_UNORM, true },
		{ VK_R32_UINT, true }, { VK_R32_SFLOAT, true }, { VK_R32G32B32A32_SFLOAT, true },
		{ VK_R8G8B8A8_SNORM, false }, { VK_R8G8B8A8_SRGB, false },
		{ VK_R16G16B16A16_SFLOAT, false }, { VK_B10G11R11, false },
	};
	const uint32_t sb[6] = { 3, 2, 0, 43, 30, 2 }, db[6] = { 1, 5, 0, 41, 33, 2 };
	const uint32_t flipped[6] = { 41, 5, 0, 1, 33, 2 };

	for (unsigned int f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
		for (unsigned int layouts = 0; layouts < 4; layouts++) {
			struct timg s, d, m;
			unsigned int e;

			make_image(&s, 1, formats[f].vk, layouts & 1, false, 64, 48, 1, 2, 1, 1,
				   IMG_VA, mem_img);
			make_image(&d, 2, formats[f].vk, layouts >> 1, false, 50, 40, 1, 2, 1, 1,
				   IMG2_VA, mem_img2);
			make_image(&m, 3, formats[f].vk, layouts >> 1, false, 50, 40, 1, 2, 1, 1,
				   BUF2_VA, mem_buf2);
			e = s.ref.bytes;
			fill_random(mem_img, 1u << 20);
			memset(mem_img2, 0, 1u << 20);
			memset(mem_buf2, 0, 1u << 20);
			CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_BLIT, 0, 18),
				  LO(s.desc_va), HI(s.desc_va), LO(d.desc_va), HI(d.desc_va),
				  EMBER_IMAGE_SUB(0, 1), EMBER_IMAGE_SUB(0, 1),
				  sb[0], sb[1], sb[2], sb[3], sb[4], sb[5],
				  db[0], db[1], db[2], db[3], db[4], db[5]));
			CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_BLIT, 0, 18),
				  LO(s.desc_va), HI(s.desc_va), LO(m.desc_va), HI(m.desc_va),
				  EMBER_IMAGE_SUB(0, 1), EMBER_IMAGE_SUB(0, 1),
				  sb[0], sb[1], sb[2], sb[3], sb[4], sb[5],
				  flipped[0], flipped[1], flipped[2], flipped[3], flipped[4],
				  flipped[5]));
			for (uint32_t z = 0; z < 2; z++) {
				for (uint32_t y = 0; y < 28; y++) {
					for (uint32_t x = 0; x < 40; x++) {
						const uint8_t *got = mem_img2 + texel_offset(&d, e, 0,
							db[0] + x, db[1] + y, z);
						const uint8_t *sampled = mem_buf2 + texel_offset(&m, e, 0,
							flipped[0] - 1 - x, db[1] + y, z);
						const uint8_t *source = mem_img + texel_offset(&s, e, 0,
							sb[0] + x, sb[1] + y, z);

						if (memcmp(got, sampled, e) ||
						    (formats[f].passes && memcmp(got, source, e))) {
							tap_diag("fmt %u layouts %u (%u,%u,%u): the copy "
								 "path differs", formats[f].vk, layouts,
								 x, y, z);
							return false;
						}
					}
				}
			}
			/* Outside the region nothing moved. */
			CHECK_EQ(mem_img2[texel_offset(&d, e, 0, 0, 0, 0)], 0);
			CHECK_EQ(mem_img2[texel_offset(&d, e, 0, 41, 33, 1)], 0);
		}
	}
	return true;
}

/* 4x multisampled to single-sampled: averaged UNORM, sample 0 of UINT. */
static bool test_resolve(void)
{
	static const uint32_t formats[] = { VK_R8G8B8A8_UNORM, VK_R32_UINT, VK_R16_SFLOAT };

	for (unsigned int f = 0; f < 3; f++) {
		struct timg s, d;
		unsigned int e;

		make_image(&s, 1, formats[f], 1, false, 33, 17, 1, 2, 1, 4, IMG_VA, mem_img);
		make_image(&d, 2, formats[f], 0, false, 33, 17, 1, 2, 1, 1, IMG2_VA, mem_img2);
		e = s.ref.bytes;
		fill_random(mem_img, 1u << 20);
		if (formats[f] == VK_R16_SFLOAT) {
			/* Finite halves only: keep the exponent below all ones. */
			for (unsigned int i = 1; i < (1u << 20); i += 2)
				mem_img[i] &= 0x3b;
		}
		CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_RESOLVE, 0, 15),
			  LO(s.desc_va), HI(s.desc_va), LO(d.desc_va), HI(d.desc_va),
			  EMBER_IMAGE_SUB(0, 1), EMBER_IMAGE_SUB(0, 1), 0, 0, 1, 0, 0, 1,
			  33, 17, 1));
		for (uint32_t y = 0; y < 17; y++) {
			for (uint32_t x = 0; x < 33; x++) {
				uint64_t so = texel_offset(&s, e * 4, 0, x, y, 1);
				const uint8_t *got = mem_img2 + texel_offset(&d, e, 0, x, y, 1);
				float acc[4] = { 0, 0, 0, 0 };
				uint32_t val[4];
				uint8_t want[16];

				if (formats[f] == VK_R32_UINT) {
					CHECK(!memcmp(got, mem_img + so, e));
					continue;
				}
				for (unsigned int smp = 0; smp < 4; smp++) {
					uint32_t t[4];

					ref_decode(&s.ref, 1, mem_img + so + smp * e, t);
					for (unsigned int c = 0; c < 4; c++)
						acc[c] += ref_bitsf(t[c]) / 4;
				}
				for (unsigned int c = 0; c < 4; c++)
					val[c] = ref_fbits(acc[c]);
				ref_encode(&d.ref, 1, val, want);
				for (unsigned int b = 0; b < e; b++)
					CHECK(abs((int)got[b] - (int)want[b]) <= 1);
			}
		}
	}
	return true;
}

/* The expected resolve of sample values @v[4] of a depth or stencil plane. */
static double ds_expected(unsigned int mode, const double v[4])
{
	double r = v[0];

	switch (mode) {
	case EMBER_RESOLVE_MIN:
		for (unsigned int n = 1; n < 4; n++)
			r = v[n] < r ? v[n] : r;
		return r;
	case EMBER_RESOLVE_MAX:
		for (unsigned int n = 1; n < 4; n++)
			r = v[n] > r ? v[n] : r;
		return r;
	case EMBER_RESOLVE_FORMAT:
		return (v[0] + v[1] + v[2] + v[3]) / 4;
	default:
		return r;
	}
}

/*
 * Since 1.13: depth (D16_UNORM, D32_SFLOAT) and stencil (S8_UINT) planes
 * resolved by every mode (FORMAT: depth averaged, stencil sample 0), over
 * random samples: exact, but for a depth average (1 in the last place of
 * D16, 1e-6 of D32). Depth/stencil images are tiled, so their rectangles
 * always take the row path; test_resolve_rows() holds the texture unit's
 * path to the same bytes for every mode.
 */
static bool test_resolve_depth_stencil(void)
{
	static const struct { uint32_t vk; unsigned int aspect; } planes[] = {
		{ VK_D16, 2 }, { VK_D32, 2 }, { VK_S8, 4 },
	};
	const uint32_t w = 21, h = 11;

	for (unsigned int f = 0; f < 3; f++) {
		const uint32_t vk = planes[f].vk, sub = EMBER_IMAGE_SUB(0, planes[f].aspect);

		for (unsigned int mode = 0; mode <= EMBER_RESOLVE_MODE_MASK; mode++) {
			struct timg src, d;
			unsigned int e;

			make_image(&src, 1, vk, 1, false, w, h, 1, 1, 1, 4, IMG_VA, mem_img);
			make_image(&d, 2, vk, 1, false, w, h, 1, 1, 1, 1, IMG2_VA, mem_img2);
			e = src.ref.bytes;
			fill_random(mem_img, 1u << 20);
			if (vk == VK_D32) {
				/* Depths in [0, 1], as D32_SFLOAT holds them. */
				for (unsigned int i = 0; i < (1u << 20) / 4; i++) {
					float v = (float)(ref_xorshift(&rng) % 1000001) / 1e6f;

					memcpy(mem_img + 4 * i, &v, 4);
				}
			}
			CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_RESOLVE, mode, 15),
				  LO(src.desc_va), HI(src.desc_va), LO(d.desc_va), HI(d.desc_va),
				  sub, sub, 0, 0, 0, 0, 0, 0, w, h, 1));
			for (uint32_t y = 0; y < h; y++) {
				for (uint32_t x = 0; x < w; x++) {
					const uint8_t *smp = mem_img + texel_offset(&src, e * 4, 0, x, y, 0);
					uint64_t a = texel_offset(&d, e, 0, x, y, 0);
					double v[4], want, got;
					uint16_t u16;
					float f32;

					for (unsigned int n = 0; n < 4; n++) {
						if (vk == VK_S8) {
							v[n] = smp[n];
						} else if (vk == VK_D16) {
							memcpy(&u16, smp + 2 * n, 2);
							v[n] = u16 / 65535.0;
						} else {
							memcpy(&f32, smp + 4 * n, 4);
							v[n] = f32;
						}
					}
					/* Stencil's FORMAT mode keeps sample 0, as integers do. */
					want = ds_expected(vk == VK_S8 && !mode ? EMBER_RESOLVE_SAMPLE_ZERO :
							   mode, v);
					if (vk == VK_S8) {
						got = mem_img2[a];
					} else if (vk == VK_D16) {
						memcpy(&u16, mem_img2 + a, 2);
						got = u16 / 65535.0;
					} else {
						memcpy(&f32, mem_img2 + a, 4);
						got = f32;
					}
					if (fabs(got - want) > (mode || vk == VK_S8 ? 0 :
								vk == VK_D16 ? 1.01 / 65535 : 1e-6)) {
						tap_diag("fmt %u mode %u (%u,%u): %.9g, want %.9g",
							 vk, mode, x, y, got, want);
						return false;
					}
				}
			}
		}
	}
	return true;
}

/*
 * A resolve reads the samples straight from memory when each rectangle's
 * rows are one host run, and goes through the texture unit when they are
 * not: a LINEAR destination on scattered pages (SCATTER_VA) takes the
 * unit's path, the same image on contiguous pages the other. Both must
 * write the same bytes, over random samples (NaNs and infinities of
 * R32_SFLOAT included), in every mode.
 */
static bool test_resolve_rows(void)
{
	static const uint32_t formats[] = { VK_R8G8B8A8_UNORM, VK_R8G8B8A8_SRGB, VK_R32_UINT,
					    VK_R32_SFLOAT, VK_R16G16B16A16_SFLOAT,
					    VK_A2B10G10R10_UNORM };
	const uint32_t so[3] = { 3, 1, 1 }, dof[3] = { 2, 4, 0 }, ext[3] = { 29, 13, 1 };
	const uint32_t w = 200, h = 20;
	uint8_t *pages[SCATTER_PAGES];

	map_scattered(pages);
	for (unsigned int i = 0; i < sizeof(formats) / sizeof(formats[0]) * 4; i++) {
		const unsigned int f = i / 4, mode = i % 4;	/* every EMBER_RESOLVE_* */
		struct timg s, d, du;
		unsigned int e;

		make_image(&s, 1, formats[f], 1, false, 33, 17, 1, 2, 1, 4, IMG_VA, mem_img);
		/* Rows of 800 bytes and more: a rectangle's rows cross pages. */
		make_image(&d, 2, formats[f], 0, false, w, h, 1, 1, 1, 1, IMG2_VA, mem_img2);
		make_image(&du, 3, formats[f], 0, false, w, h, 1, 1, 1, 1, SCATTER_VA, NULL);
		e = s.ref.bytes;
		CHECK(d.d.row_pitch * h <= SCATTER_PAGES * 4096ull);
		fill_random(mem_img, 1u << 20);
		memset(mem_img2, 0, 1u << 20);
		for (unsigned int i = 0; i < SCATTER_PAGES; i++)
			memset(pages[i], 0, 4096);
		CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_RESOLVE, mode, 15),
			  LO(s.desc_va), HI(s.desc_va), LO(d.desc_va), HI(d.desc_va),
			  EMBER_IMAGE_SUB(0, 1), EMBER_IMAGE_SUB(0, 1), so[0], so[1], so[2],
			  dof[0], dof[1], dof[2], ext[0], ext[1], ext[2]));
		CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_RESOLVE, mode, 15),
			  LO(s.desc_va), HI(s.desc_va), LO(du.desc_va), HI(du.desc_va),
			  EMBER_IMAGE_SUB(0, 1), EMBER_IMAGE_SUB(0, 1), so[0], so[1], so[2],
			  dof[0], dof[1], dof[2], ext[0], ext[1], ext[2]));
		for (uint32_t y = 0; y < h; y++) {
			for (uint32_t x = 0; x < w; x++) {
				uint64_t a = texel_offset(&d, e, 0, x, y, 0);
				bool in = x >= dof[0] && x < dof[0] + ext[0] &&
					  y >= dof[1] && y < dof[1] + ext[1];

				for (unsigned int b = 0; b < e; b++) {
					uint8_t unit = *scattered(pages, a + b);

					if (mem_img2[a + b] != unit || (!in && unit)) {
						tap_diag("fmt %u mode %u (%u,%u): the row path differs",
							 formats[f], mode, x, y);
						return false;
					}
				}
			}
		}
	}
	return true;
}

/*
 * A downscale by exactly 2 (blit_halve(), copy_blit.c) computes what the
 * sampler computes, bit for bit: the same blit flipped in x on both sides
 * samples the same coordinates through the texture unit. Over random
 * texels (finite halves), formats with and without the inline UNORM8
 * codec, both layouts on each side, linear and nearest, whole images of
 * two layers, odd offsets and a 2x2 -> 1x1 region at the edge.
 */
static bool test_blit_halve(void)
{
	static const uint32_t formats[] = {
		VK_R8G8B8A8_UNORM, VK_B8G8R8A8_UNORM, VK_R8_UNORM, VK_R8G8B8A8_SRGB,
		VK_R8G8B8A8_SNORM, VK_A2B10G10R10_UNORM, VK_R16G16B16A16_SFLOAT, VK_R32_SFLOAT,
	};
	static const uint32_t regions[][2][6] = {
		{ { 0, 0, 0, 64, 48, 2 }, { 0, 0, 0, 32, 24, 2 } },
		{ { 3, 5, 1, 45, 31, 2 }, { 7, 2, 0, 28, 15, 1 } },
		{ { 62, 46, 0, 64, 48, 1 }, { 49, 39, 1, 50, 40, 2 } },
	};

	for (unsigned int f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
		for (unsigned int variant = 0; variant < 8; variant++) {
			const unsigned int slayout = variant & 1, dlayout = variant >> 1 & 1;
			const bool linear = variant & 4;
			struct timg s, d, m;
			unsigned int e;

			make_image(&s, 1, formats[f], slayout, false, 64, 48, 1, 2, 1, 1, IMG_VA,
				   mem_img);
			make_image(&d, 2, formats[f], dlayout, false, 50, 40, 1, 2, 1, 1, IMG2_VA,
				   mem_img2);
			make_image(&m, 3, formats[f], dlayout, false, 50, 40, 1, 2, 1, 1, BUF2_VA,
				   mem_buf2);
			e = s.ref.bytes;
			fill_random(mem_img, 1u << 20);
			if (formats[f] == VK_R16G16B16A16_SFLOAT) {
				/* Finite halves only: keep the exponent below all ones. */
				for (unsigned int i = 1; i < (1u << 20); i += 2)
					mem_img[i] &= 0x3b;
			}
			memset(mem_img2, 0, 1u << 20);
			memset(mem_buf2, 0, 1u << 20);
			for (unsigned int r = 0; r < sizeof(regions) / sizeof(regions[0]); r++) {
				const uint32_t *sb = regions[r][0], *db = regions[r][1];

				CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_BLIT,
							     linear ? EMBER_BLIT_LINEAR : 0, 18),
					  LO(s.desc_va), HI(s.desc_va), LO(d.desc_va), HI(d.desc_va),
					  EMBER_IMAGE_SUB(0, 1), EMBER_IMAGE_SUB(0, 1),
					  sb[0], sb[1], sb[2], sb[3], sb[4], sb[5],
					  db[0], db[1], db[2], db[3], db[4], db[5]));
				CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_BLIT,
							     linear ? EMBER_BLIT_LINEAR : 0, 18),
					  LO(s.desc_va), HI(s.desc_va), LO(m.desc_va), HI(m.desc_va),
					  EMBER_IMAGE_SUB(0, 1), EMBER_IMAGE_SUB(0, 1),
					  sb[3], sb[1], sb[2], sb[0], sb[4], sb[5],
					  db[3], db[1], db[2], db[0], db[4], db[5]));
			}
			/* Every texel of both layers: the regions' and the untouched zeros. */
			for (uint32_t z = 0; z < 2; z++) {
				for (uint32_t y = 0; y < 40; y++) {
					for (uint32_t x = 0; x < 50; x++) {
						uint64_t o = texel_offset(&d, e, 0, x, y, z);

						if (memcmp(mem_img2 + o, mem_buf2 + o, e)) {
							tap_diag("fmt %u variant %u (%u,%u,%u): the "
								 "halving path differs from the "
								 "sampler's", formats[f], variant,
								 x, y, z);
							return false;
						}
					}
				}
			}
		}
	}
	return true;
}

/*
 * The four-lane UNORM8 codec of copy_texel.h against the unit's: every
 * code decodes to the table's value, and floats around every code's
 * rounding boundary (ties included), both sides of 0 and 1, NaNs,
 * infinities and random ones encode as ember_tex_float_to_unorm() does.
 */
static bool test_unorm8x4_codec(void)
{
	float in[4];
	unsigned int n = 0;

	for (unsigned int c = 0; c < 256; c += 4) {
		const uint8_t b[4] = { (uint8_t)c, (uint8_t)(c + 1), (uint8_t)(c + 2),
				       (uint8_t)(c + 3) };
		ember_copy_v4f f = ember_copy_unorm8x4_decode(b);

		for (unsigned int l = 0; l < 4; l++)
			CHECK(!memcmp(&f[l], &ember_tex_unorm8_table[c + l], 4));
	}
	/* n samples of one code average to that code (resolve_unorm8x4()'s shortcut). */
	for (unsigned int samples = 2; samples <= 8; samples *= 2) {
		const ember_copy_v4f div = { (float)samples, (float)samples, (float)samples,
					     (float)samples };

		for (unsigned int c = 0; c < 256; c += 4) {
			const uint8_t b[4] = { (uint8_t)c, (uint8_t)(c + 1), (uint8_t)(c + 2),
					       (uint8_t)(c + 3) };
			ember_copy_v4f f = { 0, 0, 0, 0 };
			uint8_t got[4];

			for (unsigned int k = 0; k < samples; k++)
				f += ember_copy_unorm8x4_decode(b);
			ember_copy_unorm8x4_encode(f / div, got);
			CHECK(!memcmp(got, b, 4));
		}
	}
	for (uint32_t i = 0; i < 4000000; i++) {
		uint8_t got[4];
		ember_copy_v4f f;

		if (i < 510 * 64) {
			/* Around (k + 0.5) / 255 and k / 255: 32 floats each side. */
			float edge = (float)((i / 64) * 0.5 / 255.0);
			int32_t bits;

			memcpy(&bits, &edge, 4);
			bits += (int32_t)(i % 64) - 32;
			memcpy(&in[n], &bits, 4);
		} else if (i < 510 * 64 + 8) {
			static const float special[8] = { 0.0f, -0.0f, 1.0f, -1.0f, INFINITY,
							   -INFINITY, NAN, 1.0000001f };

			in[n] = special[i - 510 * 64];
		} else {
			uint32_t bits = (uint32_t)ref_xorshift(&rng);

			/* Mostly [0, 2), some of every float. */
			if (i & 7)
				bits = (bits & 0x007fffffu) | (0x3c000000u + ((bits >> 23) % 0x4000000u));
			memcpy(&in[n], &bits, 4);
		}
		if (++n < 4)
			continue;
		n = 0;
		f = (ember_copy_v4f) { in[0], in[1], in[2], in[3] };
		ember_copy_unorm8x4_encode(f, got);
		for (unsigned int l = 0; l < 4; l++) {
			if (got[l] != ember_tex_float_to_unorm(in[l], 8) ||
			    got[l] != ember_copy_float_to_unorm8(in[l])) {
				tap_diag("%a: %u, want %u", (double)in[l], got[l],
					 ember_tex_float_to_unorm(in[l], 8));
				return false;
			}
		}
	}
	return true;
}

/*
 * Runs the packet @dw twice, on the copy engine's fast paths and with
 * ember_copy_unit_only (the texture unit's path), each time over @dst's
 * @len bytes set to @init first: the same bytes must come out, or, when
 * the packet faults, the same fault record (kind, address, detail).
 */
static uint32_t same_fault_kind;	/* of the last same_as_unit(): 0 or both runs' */

static bool same_as_unit(const uint32_t *dw, uint32_t n, uint8_t *dst, size_t len,
			 const uint8_t *init, uint8_t *fast, const char *what)
{
	struct guest_fault fault[2];
	uint32_t kind[2];

	for (unsigned int unit = 0; unit < 2; unit++) {
		uint32_t seq = fault_seq();
		struct guest_ib ib;
		uint64_t value;

		memcpy(dst, init, len);
		ember_copy_unit_only = unit;
		guest_ib_init(&guest, &ib, CTX, IB_VA + (uint64_t)ib_count++ * 4096, 64);
		guest_ib_emit(&ib, dw, n);
		value = guest_submit_ib(&guest, 0, CTX, &ib);
		CHECK(guest_wait_fence(&guest, 0, value, TIMEOUT_MS));
		ember_copy_unit_only = false;
		kind[unit] = 0;
		if (fault_seq() != seq) {
			CHECK(guest_fault(&guest, seq + 1, &fault[unit]));
			kind[unit] = fault[unit].kind;
			CHECK_EQ(guest_mgmt(&guest, EMBER_MGMT_CMD_RESET_CONTEXT, CTX, NULL),
				 EMBER_MGMT_STATUS_OK);
		}
		if (!unit)
			memcpy(fast, dst, len);
	}
	if (kind[0] != kind[1]) {
		tap_diag("%s: fault %u on the fast path, %u on the unit's", what, kind[0],
			 kind[1]);
		return false;
	}
	same_fault_kind = kind[0];
	if (kind[0]) {
		if (fault[0].va != fault[1].va || fault[0].detail != fault[1].detail) {
			tap_diag("%s: fault at %#llx (%u) on the fast path, %#llx (%u) on the "
				 "unit's", what, (unsigned long long)fault[0].va, fault[0].detail,
				 (unsigned long long)fault[1].va, fault[1].detail);
			return false;
		}
		return true;
	}
	for (size_t i = 0; i < len; i++) {
		if (fast[i] != dst[i]) {
			tap_diag("%s: byte %zu is %#x on the fast path, %#x on the unit's", what,
				 i, fast[i], dst[i]);
			return false;
		}
	}
	return true;
}

#define SAME_AS_UNIT(dst, len, init, fast, what, ...) \
	same_as_unit((const uint32_t[]){ __VA_ARGS__ }, \
		     sizeof((const uint32_t[]){ __VA_ARGS__ }) / 4, dst, len, init, fast, what)

#define CMP_BYTES	(1u << 20)

/*
 * RESOLVE's fast paths (copy_resolve.c: the four-lane UNORM8 average,
 * sample 0 as bytes, the row loops) write what the texture unit's path
 * writes, byte for byte, over formats of every kind, 2, 4 and 8 samples,
 * every mode, tiled and linear destinations (rows of linear ones across
 * pages), odd offsets, layer 1, the bytes around the region included;
 * and fault as it does, at the same address, when the source or the
 * destination runs off its mapping part of the way through.
 */
static bool test_resolve_fast_paths(void)
{
	static const uint32_t formats[] = {
		VK_R8G8B8A8_UNORM, VK_B8G8R8A8_UNORM, VK_R8G8_UNORM, VK_R8_UNORM,
		VK_R8G8B8A8_SRGB, VK_B8G8R8A8_SRGB, VK_R8G8B8A8_UINT, VK_R16G16B16A16_UINT,
		VK_R16G16B16A16_SINT, VK_R16G16B16A16_UNORM, VK_A2B10G10R10_UNORM,
		VK_R16G16B16A16_SFLOAT, VK_R32_SFLOAT, VK_R32G32B32A32_SFLOAT,
	};
	const uint32_t so[3] = { 5, 3, 1 }, dof[3] = { 2, 6, 1 }, ext[3] = { 141, 30, 1 };
	uint8_t *init = malloc(CMP_BYTES), *fast = malloc(CMP_BYTES);
	char what[96];
	bool ok = init && fast;

	if (ok)
		fill_random(init, CMP_BYTES);

	for (unsigned int f = 0; ok && f < sizeof(formats) / sizeof(formats[0]); f++) {
		for (unsigned int v = 0; ok && v < 3 * 2 * 4; v++) {
			const uint32_t samples = 2u << (v % 3), dlayout = v / 3 % 2, mode = v / 6;
			struct timg s, d;

			make_image(&s, 1, formats[f], 1, false, 150, 37, 1, 2, 1, samples, IMG_VA,
				   mem_img);
			/* Both layers with their tiles' padding. */
			const size_t el = (size_t)samples * s.ref.bytes;
			const size_t bytes = 214 * 101 * 2 * el;

			make_image(&d, 2, formats[f], dlayout, false, 157, 41, 1, 2, 1, 1,
				   IMG2_VA, mem_img2);
			fill_random(mem_img, bytes);
			if (formats[f] == VK_R16G16B16A16_SFLOAT) {
				/* Finite halves only: keep the exponent below all ones. */
				for (size_t i = 1; i < bytes; i += 2)
					mem_img[i] &= 0x3b;
			}
			/* One texel in two with all its samples alike, as inside a primitive. */
			for (size_t i = 0; i + 2 * el <= bytes; i += 2 * el) {
				for (unsigned int k = 1; k < samples; k++)
					memcpy(mem_img + i + k * s.ref.bytes, mem_img + i,
					       s.ref.bytes);
			}
			snprintf(what, sizeof(what), "fmt %u x%u %s mode %u", formats[f], samples,
				 dlayout ? "tiled" : "linear", mode);
			ok = SAME_AS_UNIT(mem_img2, CMP_BYTES, init, fast, what,
					  EMBER_PKT(EMBER_UPKT_RESOLVE, mode, 15),
					  LO(s.desc_va), HI(s.desc_va), LO(d.desc_va), HI(d.desc_va),
					  EMBER_IMAGE_SUB(0, 1), EMBER_IMAGE_SUB(0, 1), so[0], so[1],
					  so[2], dof[0], dof[1], dof[2], ext[0], ext[1], ext[2]);
		}
	}
	/* Off the end of the mapping part of the way: the source, then the destination. */
	for (unsigned int side = 0; ok && side < 2; side++) {
		struct timg s, d;

		make_image(&s, 1, VK_R8G8B8A8_UNORM, 1, false, 150, 37, 1, 2, 1, 4,
			   side ? IMG_VA : IMG_VA + IMG_MAP_SIZE - (128u << 10), mem_img);
		make_image(&d, 2, VK_R8G8B8A8_UNORM, side, false, 157, 41, 1, 2, 1, 1,
			   side ? IMG2_VA + MAP_SIZE - (16u << 10) : IMG2_VA, mem_img2);
		snprintf(what, sizeof(what), "%s off its mapping", side ? "destination" : "source");
		ok = SAME_AS_UNIT(mem_img2, CMP_BYTES, init, fast, what,
				  EMBER_PKT(EMBER_UPKT_RESOLVE, 0, 15),
				  LO(s.desc_va), HI(s.desc_va), LO(d.desc_va), HI(d.desc_va),
				  EMBER_IMAGE_SUB(0, 1), EMBER_IMAGE_SUB(0, 1), 0, 0, 1, 0, 0, 1,
				  150, 37, 1);
		CHECK_EQ(same_fault_kind, EMBER_FAULT_TRANSLATION);
	}
	free(init);
	free(fast);
	return ok;
}

/*
 * BLIT's fast paths (copy_blit.c: the byte copy of 1:1 blits, the 2:1
 * downscale a source tile at a time, its four-lane UNORM8 average) write
 * what the sampler's path writes, byte for byte: formats with and without
 * the inline codec, both layouts on each side, linear and nearest,
 * regions at tile edges and off them over several tiles, two layers; and
 * a source off its mapping faults as the sampler's path does.
 */
static bool test_blit_fast_paths(void)
{
	static const uint32_t formats[] = {
		VK_R8G8B8A8_UNORM, VK_B8G8R8A8_UNORM, VK_R8_UNORM, VK_R8G8B8A8_SRGB,
		VK_R16G16B16A16_SFLOAT, VK_R32_SFLOAT, VK_A2B10G10R10_UNORM,
	};
	static const uint32_t regions[][2][6] = {
		{ { 0, 0, 0, 256, 160, 2 }, { 0, 0, 0, 128, 80, 2 } },
		{ { 3, 5, 1, 211, 131, 2 }, { 9, 2, 0, 113, 65, 1 } },
		{ { 64, 32, 0, 192, 96, 2 }, { 0, 16, 0, 64, 48, 2 } },
		{ { 7, 9, 0, 140, 100, 2 }, { 1, 2, 0, 134, 93, 2 } },	/* 1:1 */
	};
	uint8_t *init = malloc(CMP_BYTES), *fast = malloc(CMP_BYTES);
	char what[96];
	bool ok = init && fast;

	if (ok)
		fill_random(init, CMP_BYTES);

	for (unsigned int f = 0; ok && f < sizeof(formats) / sizeof(formats[0]); f++) {
		for (unsigned int v = 0; ok && v < 8 * 4; v++) {
			const unsigned int slayout = v & 1, dlayout = v >> 1 & 1, r = v / 8;
			const bool linear = v & 4;
			const uint32_t *sb = regions[r][0], *db = regions[r][1];
			struct timg s, d;

			make_image(&s, 1, formats[f], slayout, false, 256, 160, 1, 2, 1, 1, IMG_VA,
				   mem_img);
			make_image(&d, 2, formats[f], dlayout, false, 140, 100, 1, 2, 1, 1,
				   IMG2_VA, mem_img2);
			const size_t bytes = (size_t)320 * 224 * 2 * s.ref.bytes;

			fill_random(mem_img, bytes);
			if (formats[f] == VK_R16G16B16A16_SFLOAT) {
				for (size_t i = 1; i < bytes; i += 2)
					mem_img[i] &= 0x3b;
			}
			snprintf(what, sizeof(what), "fmt %u variant %u region %u", formats[f],
				 v & 7, r);
			ok = SAME_AS_UNIT(mem_img2, CMP_BYTES, init, fast, what,
					  EMBER_PKT(EMBER_UPKT_BLIT, linear ? EMBER_BLIT_LINEAR : 0, 18),
					  LO(s.desc_va), HI(s.desc_va), LO(d.desc_va), HI(d.desc_va),
					  EMBER_IMAGE_SUB(0, 1), EMBER_IMAGE_SUB(0, 1),
					  sb[0], sb[1], sb[2], sb[3], sb[4], sb[5],
					  db[0], db[1], db[2], db[3], db[4], db[5]);
		}
	}
	for (unsigned int linear = 0; ok && linear < 2; linear++) {
		struct timg s, d;

		make_image(&s, 1, VK_R8G8B8A8_UNORM, 1, false, 256, 160, 1, 2, 1, 1,
			   IMG_VA + IMG_MAP_SIZE - (96u << 10), mem_img);
		make_image(&d, 2, VK_R8G8B8A8_UNORM, 1, false, 140, 100, 1, 2, 1, 1, IMG2_VA,
			   mem_img2);
		ok = SAME_AS_UNIT(mem_img2, CMP_BYTES, init, fast, "source off its mapping",
				  EMBER_PKT(EMBER_UPKT_BLIT, linear ? EMBER_BLIT_LINEAR : 0, 18),
				  LO(s.desc_va), HI(s.desc_va), LO(d.desc_va), HI(d.desc_va),
				  EMBER_IMAGE_SUB(0, 1), EMBER_IMAGE_SUB(0, 1),
				  0, 0, 0, 256, 160, 1, 0, 0, 0, 128, 80, 1);
		CHECK_EQ(same_fault_kind, EMBER_FAULT_TRANSLATION);
	}
	free(init);
	free(fast);
	return ok;
}

static bool test_fill_wide(void)
{
	static const uint32_t pat[4] = { 0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c };

	memset(mem_buf, 0xcc, 16384);
	CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_FILL_WIDE, EMBER_FILL_128, 8),
		  LO(BUF_VA + 4), HI(BUF_VA + 4), 8192, 0, pat[0], pat[1], pat[2], pat[3]));
	for (unsigned int i = 0; i < 8192; i++)
		CHECK_EQ(mem_buf[4 + i], i % 16);
	CHECK_EQ(mem_buf[8196], 0xcc);
	CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_FILL_WIDE, 0, 8),
		  LO(BUF_VA), HI(BUF_VA), 24, 0, pat[0], pat[1], pat[2], pat[3]));
	for (unsigned int i = 0; i < 24; i++)
		CHECK_EQ(mem_buf[i], i % 8);
	CHECK_EQ(mem_buf[24], (24 - 4) % 16);
	return true;
}

static bool test_faults(void)
{
	struct guest_fault fault;
	struct timg t;

	make_image(&t, 0, VK_R8G8B8A8_UNORM, 1, false, 64, 64, 1, 1, 1, 1, IMG_VA, mem_img);
	/* A bad format: BAD_DESCRIPTOR at the descriptor, detail its dword. */
	t.d.format = 1234567;
	write_desc(&t, 3);
	CHECK(RUN(EMBER_FAULT_BAD_DESCRIPTOR, &fault, EMBER_PKT(EMBER_UPKT_CLEAR_COLOR, 0, 13),
		  LO(t.desc_va), HI(t.desc_va), EMBER_IMAGE_SUB(0, 1), 0, 0, 0, 1, 1, 1, 0, 0, 0, 0));
	CHECK_EQ(fault.va, DESC_VA + 3 * 64);
	CHECK_EQ(fault.detail, 2);
	t.d.format = VK_R8G8B8A8_UNORM;
	t.d.reserved[1] = 1;
	write_desc(&t, 3);
	CHECK(RUN(EMBER_FAULT_BAD_DESCRIPTOR, &fault, EMBER_PKT(EMBER_UPKT_CLEAR_COLOR, 0, 13),
		  LO(t.desc_va), HI(t.desc_va), EMBER_IMAGE_SUB(0, 1), 0, 0, 0, 1, 1, 1, 0, 0, 0, 0));
	CHECK_EQ(fault.detail, 13);
	/* An unmapped descriptor: the MMU's fault at its address. */
	CHECK(RUN(EMBER_FAULT_TRANSLATION, &fault, EMBER_PKT(EMBER_UPKT_CLEAR_COLOR, 0, 13),
		  LO(DESC_VA + 0x10000), HI(DESC_VA), EMBER_IMAGE_SUB(0, 1), 0, 0, 0, 1, 1, 1,
		  0, 0, 0, 0));
	CHECK_EQ(fault.va, DESC_VA + 0x10000);
	/* Texels in unmapped memory: a translation fault at the texel. */
	make_image(&t, 0, VK_R8G8B8A8_UNORM, 0, false, 64, 64, 1, 1, 1, 1,
		   IMG_VA + IMG_MAP_SIZE - 4096, mem_img);
	CHECK(RUN(EMBER_FAULT_TRANSLATION, &fault, EMBER_PKT(EMBER_UPKT_COPY_BUFFER_IMAGE, 0, 13),
		  LO(BUF_VA), HI(BUF_VA), 0, 0, LO(t.desc_va), HI(t.desc_va),
		  EMBER_IMAGE_SUB(0, 1), 0, 0, 0, 64, 64, 1));
	CHECK(fault.va >= IMG_VA + IMG_MAP_SIZE);
	CHECK_EQ(fault.detail, EMBER_ACCESS_WRITE);
	CHECK(RUN(EMBER_FAULT_TRANSLATION, &fault, EMBER_PKT(EMBER_UPKT_BLIT, 0, 18),
		  LO(t.desc_va), HI(t.desc_va), LO(t.desc_va), HI(t.desc_va),
		  EMBER_IMAGE_SUB(0, 1), EMBER_IMAGE_SUB(0, 1), 0, 0, 0, 64, 64, 1,
		  0, 0, 0, 2, 2, 1));
	CHECK_EQ(fault.detail, EMBER_ACCESS_READ);
	/* Bad packets: level, region, aspect, misaligned descriptor, flags. */
	make_image(&t, 0, VK_R8G8B8A8_UNORM, 1, false, 64, 64, 1, 1, 1, 1, IMG_VA, mem_img);
	CHECK(RUN(EMBER_FAULT_BAD_PACKET, &fault, EMBER_PKT(EMBER_UPKT_CLEAR_COLOR, 0, 13),
		  LO(t.desc_va), HI(t.desc_va), EMBER_IMAGE_SUB(1, 1), 0, 0, 0, 1, 1, 1, 0, 0, 0, 0));
	CHECK(RUN(EMBER_FAULT_BAD_PACKET, &fault, EMBER_PKT(EMBER_UPKT_CLEAR_COLOR, 0, 13),
		  LO(t.desc_va), HI(t.desc_va), EMBER_IMAGE_SUB(0, 1), 60, 0, 0, 5, 1, 1, 0, 0, 0, 0));
	CHECK(RUN(EMBER_FAULT_BAD_PACKET, &fault, EMBER_PKT(EMBER_UPKT_CLEAR_COLOR, 0, 13),
		  LO(t.desc_va), HI(t.desc_va), EMBER_IMAGE_SUB(0, 2), 0, 0, 0, 1, 1, 1, 0, 0, 0, 0));
	CHECK(RUN(EMBER_FAULT_BAD_PACKET, &fault, EMBER_PKT(EMBER_UPKT_CLEAR_COLOR, 0, 13),
		  LO(t.desc_va + 4), HI(t.desc_va), EMBER_IMAGE_SUB(0, 1), 0, 0, 0, 1, 1, 1,
		  0, 0, 0, 0));
	CHECK(RUN(EMBER_FAULT_BAD_PACKET, &fault, EMBER_PKT(EMBER_UPKT_COPY_IMAGE, 1, 15),
		  LO(t.desc_va), HI(t.desc_va), LO(t.desc_va), HI(t.desc_va),
		  EMBER_IMAGE_SUB(0, 1), EMBER_IMAGE_SUB(0, 1), 0, 0, 0, 0, 0, 0, 1, 1, 1));
	CHECK(RUN(EMBER_FAULT_BAD_PACKET, &fault, EMBER_PKT(EMBER_UPKT_FILL_WIDE, EMBER_FILL_128, 8),
		  LO(BUF_VA), HI(BUF_VA), 24, 0, 0, 0, 0, 0));
	/* A resolve from a single-sampled image. */
	CHECK(RUN(EMBER_FAULT_BAD_PACKET, &fault, EMBER_PKT(EMBER_UPKT_RESOLVE, 0, 15),
		  LO(t.desc_va), HI(t.desc_va), LO(t.desc_va), HI(t.desc_va),
		  EMBER_IMAGE_SUB(0, 1), EMBER_IMAGE_SUB(0, 1), 0, 0, 0, 0, 0, 0, 1, 1, 1));
	return true;
}

/* Bytes of a block of the BC formats these tests use. */
static unsigned int bc_bytes(uint32_t vk)
{
	return vk == VK_BC1_RGB_UNORM || vk == VK_BC4_UNORM ? 8 : 16;
}

static uint32_t blocks(uint32_t texels)
{
	return (texels + 3) / 4;
}

/* A 2D array BC image, its pitches in rows of blocks (ember-hw.rst "Formats"). */
static void make_bc_image(struct timg *t, unsigned int slot, uint32_t vk, unsigned int layout,
			  uint32_t w, uint32_t h, uint32_t layers, uint32_t levels, uint64_t va,
			  uint8_t *host)
{
	memset(t, 0, sizeof(*t));
	t->bytes = bc_bytes(vk);
	t->block_log2 = 2;
	t->d = (struct ember_image_desc) {
		.va = va, .format = vk, .view_type = 5, .layout = layout,
		.width = w, .height = h, .depth = 1, .image_layers = layers,
		.image_levels = levels, .levels = levels, .layers = layers,
	};
	if (layout == EMBER_IMAGE_LAYOUT_LINEAR) {
		t->d.row_pitch = (blocks(w) + 3) * t->bytes;
		t->d.layer_pitch_256b = (uint32_t)((t->d.row_pitch * (blocks(h) + 1) + 255) / 256);
	}
	t->host = host;
	write_desc(t, slot);
}

/*
 * Buffer -> BC image -> buffer: a region in texels whose right and bottom
 * edges are the level's (37 x 21: partial blocks), buffer rows of 40 texels.
 */
static bool bc_roundtrip(uint32_t vk, unsigned int layout, uint32_t level)
{
	const uint32_t off[3] = { 4, 8, 1 }, ext[3] = { 33, 13, 2 };
	/* In blocks: columns 1..9 of 10, rows 2..5 of 6. */
	const uint32_t boff[3] = { 1, 2, 1 }, bext[3] = { 9, 4, 2 }, brow = 10, bheight = 6;
	const uint32_t row_length = 40, image_height = 24;
	struct timg t;
	unsigned int e = bc_bytes(vk);

	make_bc_image(&t, 0, vk, layout, 37 << level, 21 << level, 3, level + 1, IMG_VA, mem_img);
	memset(mem_img, 0, IMG_MAP_SIZE);
	fill_random(mem_buf, 256 * 1024);
	memset(mem_buf2, 0xcc, 256 * 1024);
	CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_COPY_BUFFER_IMAGE, 0, 13),
		  LO(BUF_VA + 3), HI(BUF_VA + 3), row_length, image_height,
		  LO(t.desc_va), HI(t.desc_va), EMBER_IMAGE_SUB(level, 1),
		  off[0], off[1], off[2], ext[0], ext[1], ext[2]));
	for (uint32_t z = 0; z < 3; z++) {
		for (uint32_t by = 0; by < 6; by++) {
			for (uint32_t bx = 0; bx < 10; bx++) {
				bool in = bx >= boff[0] && by >= boff[1] && z >= boff[2] &&
					  z < boff[2] + bext[2];
				uint64_t io = texel_offset(&t, e, level, bx, by, z);
				uint64_t bo = 3 + (((uint64_t)(z - boff[2]) * bheight +
						    (by - boff[1])) * brow + (bx - boff[0])) * e;

				for (unsigned int i = 0; i < e; i++) {
					if (mem_img[io + i] != (in ? mem_buf[bo + i] : 0)) {
						tap_diag("fmt %u layout %u level %u block (%u,%u,%u) "
							 "byte %u", vk, layout, level, bx, by, z, i);
						return false;
					}
				}
			}
		}
	}
	CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_COPY_BUFFER_IMAGE, EMBER_IMAGE_TO_BUFFER, 13),
		  LO(BUF2_VA), HI(BUF2_VA), 0, 0, LO(t.desc_va), HI(t.desc_va),
		  EMBER_IMAGE_SUB(level, 1), off[0], off[1], off[2], ext[0], ext[1], ext[2]));
	for (uint32_t z = 0; z < bext[2]; z++) {
		for (uint32_t by = 0; by < bext[1]; by++) {
			uint64_t bo = 3 + (((uint64_t)z * bheight + by) * brow) * e;
			uint64_t b2 = (((uint64_t)z * bext[1] + by) * bext[0]) * e;

			CHECK(!memcmp(mem_buf2 + b2, mem_buf + bo, bext[0] * e));
		}
	}
	CHECK_EQ(mem_buf2[(uint64_t)bext[0] * bext[1] * bext[2] * e], 0xcc);
	return true;
}

static bool test_bc_buffer_image(void)
{
	static const uint32_t formats[] = { VK_BC1_RGB_UNORM, VK_BC7_UNORM };

	for (unsigned int f = 0; f < 2; f++) {
		CHECK(bc_roundtrip(formats[f], EMBER_IMAGE_LAYOUT_LINEAR, 0));
		CHECK(bc_roundtrip(formats[f], EMBER_IMAGE_LAYOUT_TILED_4K, 0));
		CHECK(bc_roundtrip(formats[f], EMBER_IMAGE_LAYOUT_TILED_4K, 1));
	}
	return true;
}

/* Regions that split a block, and buffer rows of part of a block. */
static bool test_bc_region_rules(void)
{
	static const uint32_t bad[][8] = {
		/* row length, image height, offset, extent */
		{ 0, 0, 2, 0, 0, 8, 8, 1 },		/* x offset inside a block */
		{ 0, 0, 0, 4, 0, 8, 3, 1 },		/* ends inside a block, not at the edge */
		{ 0, 0, 4, 0, 0, 31, 8, 1 },		/* ends inside a block, not at the edge */
		{ 38, 0, 0, 0, 0, 8, 8, 1 },		/* row length of part of a block */
		{ 0, 22, 0, 0, 0, 8, 8, 1 },		/* image height of part of a block */
		{ 0, 0, 36, 0, 0, 4, 4, 1 },		/* past the edge block */
	};
	struct guest_fault fault;
	struct timg t;

	make_bc_image(&t, 0, VK_BC7_UNORM, EMBER_IMAGE_LAYOUT_TILED_4K, 37, 21, 1, 1, IMG_VA,
		      mem_img);
	for (unsigned int i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (!RUN(EMBER_FAULT_BAD_PACKET, &fault,
			 EMBER_PKT(EMBER_UPKT_COPY_BUFFER_IMAGE, 0, 13), LO(BUF_VA), HI(BUF_VA),
			 bad[i][0], bad[i][1], LO(t.desc_va), HI(t.desc_va), EMBER_IMAGE_SUB(0, 1),
			 bad[i][2], bad[i][3], bad[i][4], bad[i][5], bad[i][6], bad[i][7])) {
			tap_diag("region %u", i);
			return false;
		}
	}
	/* The edge block, 1 texel wide, and a region of whole blocks inside. */
	CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_COPY_BUFFER_IMAGE, 0, 13), LO(BUF_VA), HI(BUF_VA),
		  0, 0, LO(t.desc_va), HI(t.desc_va), EMBER_IMAGE_SUB(0, 1), 36, 20, 0, 1, 1, 1));
	CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_COPY_BUFFER_IMAGE, 0, 13), LO(BUF_VA), HI(BUF_VA),
		  0, 0, LO(t.desc_va), HI(t.desc_va), EMBER_IMAGE_SUB(0, 1), 4, 4, 0, 8, 12, 1));
	return true;
}

/*
 * Size-compatible copies: @bc blocks and @plain texels of the same size,
 * both ways, the extent in source texels; and between two BC formats.
 */
static bool bc_copy_pair(uint32_t bc, uint32_t plain, uint32_t other_bc)
{
	struct guest_fault fault;
	struct timg b, p;
	unsigned int e = bc_bytes(bc);

	make_bc_image(&b, 1, bc, EMBER_IMAGE_LAYOUT_TILED_4K, 16, 12, 1, 1, IMG_VA, mem_img);
	make_image(&p, 2, plain, EMBER_IMAGE_LAYOUT_TILED_4K, false, 8, 8, 1, 1, 1, 1, IMG2_VA,
		   mem_img2);
	fill_random(mem_img, 64 * 1024);
	memset(mem_img2, 0, 64 * 1024);
	/* BC texels (4, 4) + 12 x 8 = blocks (1, 1) + 3 x 2 -> texels (1, 2) + 3 x 2. */
	CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_COPY_IMAGE, 0, 15),
		  LO(b.desc_va), HI(b.desc_va), LO(p.desc_va), HI(p.desc_va),
		  EMBER_IMAGE_SUB(0, 1), EMBER_IMAGE_SUB(0, 1), 4, 4, 0, 1, 2, 0, 12, 8, 1));
	for (uint32_t y = 0; y < 8; y++) {
		for (uint32_t x = 0; x < 8; x++) {
			bool in = x >= 1 && x < 4 && y >= 2 && y < 4;
			const uint8_t *got = mem_img2 + texel_offset(&p, e, 0, x, y, 0);

			if (in)
				CHECK(!memcmp(got, mem_img + texel_offset(&b, e, 0, x, y - 1, 0), e));
			else
				CHECK_EQ(got[0] | got[e - 1], 0);
		}
	}
	/* Back: texels (1, 2) + 3 x 2 -> blocks (0, 1) + 3 x 2, BC texels (0, 4). */
	memset(mem_img, 0, 64 * 1024);
	CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_COPY_IMAGE, 0, 15),
		  LO(p.desc_va), HI(p.desc_va), LO(b.desc_va), HI(b.desc_va),
		  EMBER_IMAGE_SUB(0, 1), EMBER_IMAGE_SUB(0, 1), 1, 2, 0, 0, 4, 0, 3, 2, 1));
	for (uint32_t by = 0; by < 3; by++) {
		for (uint32_t bx = 0; bx < 4; bx++) {
			bool in = bx < 3 && by >= 1;
			const uint8_t *got = mem_img + texel_offset(&b, e, 0, bx, by, 0);

			if (in)
				CHECK(!memcmp(got, mem_img2 + texel_offset(&p, e, 0, bx + 1, by + 1, 0),
					      e));
			else
				CHECK_EQ(got[0] | got[e - 1], 0);
		}
	}
	/* A destination offset inside a block. */
	CHECK(RUN(EMBER_FAULT_BAD_PACKET, &fault, EMBER_PKT(EMBER_UPKT_COPY_IMAGE, 0, 15),
		  LO(p.desc_va), HI(p.desc_va), LO(b.desc_va), HI(b.desc_va),
		  EMBER_IMAGE_SUB(0, 1), EMBER_IMAGE_SUB(0, 1), 0, 0, 0, 2, 0, 0, 1, 1, 1));
	/* BC to BC of the same block size: the whole image, blocks unchanged. */
	make_bc_image(&p, 2, other_bc, EMBER_IMAGE_LAYOUT_LINEAR, 16, 12, 1, 1, IMG2_VA,
		      mem_img2);
	fill_random(mem_img, 64 * 1024);
	CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_COPY_IMAGE, 0, 15),
		  LO(b.desc_va), HI(b.desc_va), LO(p.desc_va), HI(p.desc_va),
		  EMBER_IMAGE_SUB(0, 1), EMBER_IMAGE_SUB(0, 1), 0, 0, 0, 0, 0, 0, 16, 12, 1));
	for (uint32_t by = 0; by < 3; by++) {
		for (uint32_t bx = 0; bx < 4; bx++)
			CHECK(!memcmp(mem_img2 + texel_offset(&p, e, 0, bx, by, 0),
				      mem_img + texel_offset(&b, e, 0, bx, by, 0), e));
	}
	return true;
}

static bool test_bc_size_compatible(void)
{
	return bc_copy_pair(VK_BC7_UNORM, VK_R32G32B32A32_UINT, VK_BC7_UNORM) &&
	       bc_copy_pair(VK_BC1_RGB_UNORM, VK_R32G32_UINT, VK_BC4_UNORM);
}

/*
 * BC7 as a blit source: decoded texel for texel by a 1:1 nearest blit,
 * averaged 2x2 by a linear half-size one (each destination texel centre
 * is at the middle of four source texels); never a destination.
 */
static bool test_bc_blit(void)
{
	struct guest_fault fault;
	struct timg s, d;

	make_bc_image(&s, 1, VK_BC7_UNORM, EMBER_IMAGE_LAYOUT_TILED_4K, 16, 16, 1, 1, IMG_VA,
		      mem_img);
	make_image(&d, 2, VK_R32G32B32A32_SFLOAT, EMBER_IMAGE_LAYOUT_LINEAR, false, 16, 16, 1, 1,
		   1, 1, IMG2_VA, mem_img2);
	fill_random(mem_img, 64 * 1024);
	for (unsigned int half = 0; half < 2; half++) {
		uint32_t n = half ? 8 : 16;

		memset(mem_img2, 0, 64 * 1024);
		CHECK(RUN(0, NULL, EMBER_PKT(EMBER_UPKT_BLIT, half ? EMBER_BLIT_LINEAR : 0, 18),
			  LO(s.desc_va), HI(s.desc_va), LO(d.desc_va), HI(d.desc_va),
			  EMBER_IMAGE_SUB(0, 1), EMBER_IMAGE_SUB(0, 1),
			  0, 0, 0, 16, 16, 1, 0, 0, 0, n, n, 1));
		for (uint32_t y = 0; y < n; y++) {
			for (uint32_t x = 0; x < n; x++) {
				float got[4], want[4] = { 0, 0, 0, 0 };

				memcpy(got, mem_img2 + texel_offset(&d, 16, 0, x, y, 0), 16);
				for (uint32_t k = 0; k < (half ? 4u : 1u); k++) {
					uint32_t sx = half ? 2 * x + (k & 1) : x;
					uint32_t sy = half ? 2 * y + (k >> 1) : y;
					union ember_tex_texel t;

					ember_tex_bc_decode(VK_BC7_UNORM, mem_img +
						texel_offset(&s, 16, 0, sx / 4, sy / 4, 0), sx, sy, &t);
					for (unsigned int c = 0; c < 4; c++)
						want[c] += half ? t.f[c] / 4 : t.f[c];
				}
				for (unsigned int c = 0; c < 4; c++) {
					if (fabsf(got[c] - want[c]) > (half ? 1e-6f : 0.0f)) {
						tap_diag("blit %u (%u,%u) component %u: %g, want %g",
							 half, x, y, c, got[c], want[c]);
						return false;
					}
				}
			}
		}
	}
	/* Neither a blit nor a clear writes BC. */
	CHECK(RUN(EMBER_FAULT_BAD_PACKET, &fault, EMBER_PKT(EMBER_UPKT_BLIT, 0, 18),
		  LO(s.desc_va), HI(s.desc_va), LO(s.desc_va), HI(s.desc_va),
		  EMBER_IMAGE_SUB(0, 1), EMBER_IMAGE_SUB(0, 1),
		  0, 0, 0, 4, 4, 1, 4, 4, 0, 8, 8, 1));
	CHECK(RUN(EMBER_FAULT_BAD_PACKET, &fault, EMBER_PKT(EMBER_UPKT_CLEAR_COLOR, 0, 13),
		  LO(s.desc_va), HI(s.desc_va), EMBER_IMAGE_SUB(0, 1), 0, 0, 0, 4, 4, 1,
		  0, 0, 0, 0));
	/* Descriptors of 1D and multisampled BC images are refused. */
	s.d.view_type = 0;
	s.d.height = 1;
	write_desc(&s, 1);
	CHECK(RUN(EMBER_FAULT_BAD_DESCRIPTOR, &fault, EMBER_PKT(EMBER_UPKT_COPY_BUFFER_IMAGE, 0, 13),
		  LO(BUF_VA), HI(BUF_VA), 0, 0, LO(s.desc_va), HI(s.desc_va),
		  EMBER_IMAGE_SUB(0, 1), 0, 0, 0, 4, 1, 1));
	CHECK_EQ(fault.detail, 3);
	make_bc_image(&s, 1, VK_BC7_UNORM, EMBER_IMAGE_LAYOUT_TILED_4K, 16, 16, 1, 1, IMG_VA,
		      mem_img);
	s.d.samples_log2 = 2;
	write_desc(&s, 1);
	CHECK(RUN(EMBER_FAULT_BAD_DESCRIPTOR, &fault, EMBER_PKT(EMBER_UPKT_COPY_BUFFER_IMAGE, 0, 13),
		  LO(BUF_VA), HI(BUF_VA), 0, 0, LO(s.desc_va), HI(s.desc_va),
		  EMBER_IMAGE_SUB(0, 1), 0, 0, 0, 4, 4, 1));
	CHECK_EQ(fault.detail, 3);
	return true;
}

#define SUBTEST(fn, name)						\
	do {								\
		bool ok_ = setup();					\
		ok_ = ok_ && fn();					\
		teardown();						\
		tap_result(ok_, name);					\
	} while (0)

int main(void)
{
	ember_log_set_level((enum ember_log_level)(EMBER_LOG_ERROR + 1));
	SUBTEST(test_buffer_image, "buffer-image-colour-formats-layouts-levels");
	SUBTEST(test_buffer_depth_stencil, "buffer-image-depth-stencil-planes");
	SUBTEST(test_buffer_image_scattered, "buffer-image-scattered-pages");
	SUBTEST(test_image_image, "image-image-3d-to-array-layouts");
	SUBTEST(test_clear_color, "clear-colour-formats");
	SUBTEST(test_clear_depth_stencil, "clear-depth-stencil-planes");
	SUBTEST(test_clear_depth_stencil_multisampled, "clear-depth-stencil-multisampled");
	SUBTEST(test_blit, "blit-scale-flip-srgb-linear");
	SUBTEST(test_blit_copy_path, "blit-1to1-copy-path-matches-sampler");
	SUBTEST(test_blit_halve, "blit-2to1-halving-path-matches-sampler");
	SUBTEST(test_resolve, "resolve-average-and-sample-0");
	SUBTEST(test_resolve_rows, "resolve-rows-match-texture-unit");
	SUBTEST(test_resolve_depth_stencil, "resolve-depth-stencil-modes");
	SUBTEST(test_unorm8x4_codec, "unorm8-four-lane-codec-matches-unit");
	SUBTEST(test_resolve_fast_paths, "resolve-fast-paths-match-unit-bytes-and-faults");
	SUBTEST(test_blit_fast_paths, "blit-fast-paths-match-unit-bytes-and-faults");
	SUBTEST(test_fill_wide, "fill-wide-64-128");
	SUBTEST(test_faults, "faults-descriptor-memory-packet");
	SUBTEST(test_bc_buffer_image, "bc-buffer-image-blocks-partial-edges");
	SUBTEST(test_bc_region_rules, "bc-regions-split-no-block");
	SUBTEST(test_bc_size_compatible, "bc-size-compatible-copies");
	SUBTEST(test_bc_blit, "bc-blit-source-never-destination");
	return tap_finish();
}
