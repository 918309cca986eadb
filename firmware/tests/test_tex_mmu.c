/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The texture unit's memory path through the device's MMU: texels of an
 * image whose pages are scattered in guest RAM (3-byte texels, odd pitch
 * and base, so texels straddle pages), read and written exactly; an
 * unmapped page is a translation fault at an address in that page; a
 * read-only page faults stores only, and is left unchanged; an image far
 * outside any mapping faults without touching host memory. Built with
 * AddressSanitizer and UBSan.
 */

#include <string.h>

#include <vulkan/vulkan_core.h>

#include "tap.h"
#include "tex_test_guest.h"
#include "texture/tex_unit.h"

#define LANES		EMBER_TEX_LANES
#define IMAGE_VA	0x70000000ull
#define BASE_OFFSET	5u
#define WIDTH		50u
#define HEIGHT		100u
#define ROW_PITCH	151u
#define PAGES		((BASE_OFFSET + ROW_PITCH * HEIGHT + EMBER_PAGE_SIZE - 1) / EMBER_PAGE_SIZE)

static struct tex_guest guest;
static uint64_t page_gpa[PAGES];

static struct ember_tex_image image(void)
{
	return (struct ember_tex_image) {
		.base = IMAGE_VA + BASE_OFFSET, .format = VK_FORMAT_R8G8B8_UNORM,
		.aspect = EMBER_TEX_ASPECT_COLOR, .view_type = EMBER_TEX_2D,
		.width = WIDTH, .height = HEIGHT, .depth = 1, .levels = 1, .layers = 1,
		.samples = 1, .level = { { .offset = 0, .row_pitch = ROW_PITCH } },
	};
}

/* The test's own view of the image's bytes: VA to host, page by page. */
static uint8_t *byte_at(uint64_t va)
{
	uint64_t page = (va - IMAGE_VA) / EMBER_PAGE_SIZE;

	return tex_guest_host(&guest, page_gpa[page]) + va % EMBER_PAGE_SIZE;
}

static void setup(void)
{
	tex_guest_init(&guest, 4u << 20);
	/* reverse order: consecutive VA pages are never consecutive in RAM */
	for (int p = PAGES - 1; p >= 0; p--) {
		page_gpa[p] = tex_guest_page(&guest);
		(void)tex_guest_page(&guest);
	}
	for (unsigned int p = 0; p < PAGES; p++)
		tex_guest_map(&guest, IMAGE_VA + p * EMBER_PAGE_SIZE, page_gpa[p],
			      EMBER_PTE_VALID | EMBER_PTE_READ | EMBER_PTE_WRITE);
	for (uint64_t b = 0; b < ROW_PITCH * HEIGHT; b++)
		*byte_at(IMAGE_VA + BASE_OFFSET + b) = (uint8_t)(b * 7 + b / 13);
}

/* Fetch or store every texel, 32 lanes at a time; the first fault. */
static struct ember_tex_status every_texel(const struct ember_tex_image *img, bool store,
					   uint32_t (*out)[4])
{
	for (uint32_t first = 0; first < WIDTH * HEIGHT; first += LANES) {
		int32_t x[LANES], y[LANES];
		struct ember_tex_fetch_args args = { .coord = { x, y } };
		ember_tex_result r;
		struct ember_tex_status st;

		for (unsigned int l = 0; l < LANES && first + l < WIDTH * HEIGHT; l++) {
			x[l] = (int32_t)((first + l) % WIDTH);
			y[l] = (int32_t)((first + l) / WIDTH);
			args.mask |= 1u << l;
			for (unsigned int c = 0; c < 4; c++) {
				float v = (float)((first + l + c) % 256) / 255.0f;

				memcpy(&r[c][l], &v, 4);
			}
		}
		st = store ? ember_tex_store(img, &guest.mem, &args, r) :
			ember_tex_fetch(img, &guest.mem, &args, r);
		if (st.fault)
			return st;
		for (unsigned int l = 0; !store && l < LANES && first + l < WIDTH * HEIGHT; l++)
			for (unsigned int c = 0; c < 4; c++)
				out[first + l][c] = r[c][l];
	}
	return (struct ember_tex_status) { 0 };
}

static bool scattered_pages_read_and_write(void)
{
	static uint32_t got[WIDTH * HEIGHT][4];
	struct ember_tex_image img = image();
	const struct ember_tex_format *f = ember_tex_format_get(img.format);

	CHECK(!ember_tex_image_check(&img));
	CHECK_EQ(every_texel(&img, false, got).fault, 0);
	for (uint32_t t = 0; t < WIDTH * HEIGHT; t++) {
		uint64_t va = img.base + (uint64_t)(t / WIDTH) * ROW_PITCH + (t % WIDTH) * 3;
		uint8_t bytes[3] = { *byte_at(va), *byte_at(va + 1), *byte_at(va + 2) };
		union ember_tex_texel want;

		ember_tex_decode(f, bytes, &want);
		for (unsigned int c = 0; c < 4; c++)
			CHECK_EQ(got[t][c], want.u[c]);
	}
	CHECK_EQ(every_texel(&img, true, NULL).fault, 0);
	for (uint32_t t = 0; t < WIDTH * HEIGHT; t++) {
		uint64_t va = img.base + (uint64_t)(t / WIDTH) * ROW_PITCH + (t % WIDTH) * 3;

		/* k / 255 is stored as k */
		for (unsigned int b = 0; b < 3; b++)
			CHECK_EQ(*byte_at(va + b), (t + b) % 256);
	}
	return true;
}

static bool unmapped_page_faults(void)
{
	static uint32_t got[WIDTH * HEIGHT][4];
	struct ember_tex_image img = image();
	uint64_t hole = IMAGE_VA + 2 * EMBER_PAGE_SIZE;
	struct ember_tex_status st;

	tex_guest_map(&guest, hole, 0, 0);
	st = every_texel(&img, false, got);
	tex_guest_map(&guest, hole, page_gpa[2], EMBER_PTE_VALID | EMBER_PTE_READ | EMBER_PTE_WRITE);
	CHECK_EQ(st.fault, EMBER_TEX_FAULT_MEMORY);
	CHECK_EQ(st.kind, EMBER_FAULT_TRANSLATION);
	CHECK_EQ(st.access, EMBER_ACCESS_READ);
	CHECK_EQ(st.va / EMBER_PAGE_SIZE, hole / EMBER_PAGE_SIZE);
	return true;
}

static bool read_only_page_faults_stores(void)
{
	static uint32_t got[WIDTH * HEIGHT][4];
	static uint8_t before[EMBER_PAGE_SIZE];
	struct ember_tex_image img = image();
	uint64_t ro = IMAGE_VA + 1 * EMBER_PAGE_SIZE;
	struct ember_tex_status st;

	memcpy(before, tex_guest_host(&guest, page_gpa[1]), EMBER_PAGE_SIZE);
	tex_guest_map(&guest, ro, page_gpa[1], EMBER_PTE_VALID | EMBER_PTE_READ);
	CHECK_EQ(every_texel(&img, false, got).fault, 0);
	st = every_texel(&img, true, NULL);
	tex_guest_map(&guest, ro, page_gpa[1], EMBER_PTE_VALID | EMBER_PTE_READ | EMBER_PTE_WRITE);
	CHECK_EQ(st.fault, EMBER_TEX_FAULT_MEMORY);
	CHECK_EQ(st.kind, EMBER_FAULT_PERMISSION);
	CHECK_EQ(st.access, EMBER_ACCESS_WRITE);
	CHECK_EQ(st.va / EMBER_PAGE_SIZE, ro / EMBER_PAGE_SIZE);
	CHECK(!memcmp(before, tex_guest_host(&guest, page_gpa[1]), EMBER_PAGE_SIZE));
	return true;
}

static bool far_addresses_fault(void)
{
	static const uint64_t bases[] = { 0, 0x0000800000000000ull, 0xfffffffffffff000ull,
					  IMAGE_VA + 64 * EMBER_PAGE_SIZE };
	float s[LANES] = { 0 };
	struct ember_tex_sample_args args = { .mask = 1, .coord = { s, s }, .lod = s };
	struct ember_tex_sampler smp = { .max_lod = 1.0f };

	for (unsigned int i = 0; i < sizeof(bases) / sizeof(bases[0]); i++) {
		struct ember_tex_image img = image();
		ember_tex_result out;
		struct ember_tex_status st;

		img.base = bases[i];
		st = ember_tex_sample(&img, &smp, &guest.mem, &args, out);
		CHECK_EQ(st.fault, EMBER_TEX_FAULT_MEMORY);
		CHECK_EQ(st.kind, EMBER_FAULT_TRANSLATION);
		/* the faulting lane reads zero */
		CHECK_EQ(out[0][0], 0);
	}
	return true;
}

int main(void)
{
	setup();
	tap_result(scattered_pages_read_and_write(), "mmu: 3-byte texels across scattered pages, read and written");
	tap_result(unmapped_page_faults(), "mmu: an unmapped page is a translation fault in that page");
	tap_result(read_only_page_faults_stores(), "mmu: a read-only page faults stores only and keeps its bytes");
	tap_result(far_addresses_fault(), "mmu: images outside any mapping fault, no host access");
	tex_guest_fini(&guest);
	return tap_finish();
}
