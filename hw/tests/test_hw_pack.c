/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The generated pack/unpack helpers against the layouts ember-hw.rst and
 * ember-isa.rst write down: each packet's dwords, the header's fields, the
 * lengths of variable packets, and a round trip through every structure
 * (compared whole only where the struct has no padding).
 */

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "ember_packets.h"
#include "ember_regs.h"
#include "ember_shader_hw.h"
#include "tap.h"

#define SENTINEL 0xdeadbeefu

static void fill_sentinel(uint32_t *dw, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		dw[i] = SENTINEL;
}

static bool fence_layout(void)
{
	struct ember_kpkt_fence in = {
		.flags = EMBER_FENCE_IRQ, .addr = 0x123456789abcull, .value = 0x1122334455667788ull,
	}, out;
	uint32_t dw[8];

	fill_sentinel(dw, 8);
	CHECK_EQ(ember_kpkt_fence_pack(dw, &in), 5);
	/* opcode 0x02, flags bit 0, 4 payload dwords; 64-bit values low first. */
	CHECK_EQ(dw[0], 0x00040102);
	CHECK_EQ(dw[1], 0x56789abc);
	CHECK_EQ(dw[2], 0x1234);
	CHECK_EQ(dw[3], 0x55667788);
	CHECK_EQ(dw[4], 0x11223344);
	CHECK_EQ(dw[5], SENTINEL);
	ember_kpkt_fence_unpack(dw, &out);
	CHECK_EQ(out.flags, EMBER_FENCE_IRQ);
	CHECK_EQ(out.addr, in.addr);
	CHECK_EQ(out.value, in.value);
	return true;
}

static bool copy_layout(void)
{
	struct ember_upkt_copy in = {
		.src = 0x1000, .dst = 0x200000003000ull, .width = 64, .height = 3,
		.src_pitch = 128, .dst_pitch = 256,
	}, out;
	uint32_t dw[10];

	fill_sentinel(dw, 10);
	CHECK_EQ(ember_upkt_copy_pack(dw, &in), 1 + EMBER_UPKT_COPY_LEN);
	CHECK_EQ(EMBER_PKT_OP(dw[0]), EMBER_UPKT_COPY);
	CHECK_EQ(EMBER_PKT_FLAGS(dw[0]), 0);
	CHECK_EQ(EMBER_PKT_LEN(dw[0]), 8);
	CHECK_EQ(dw[3], 0x3000);
	CHECK_EQ(dw[4], 0x2000);
	CHECK_EQ(dw[5], 64);
	CHECK_EQ(dw[8], 256);
	CHECK_EQ(dw[9], SENTINEL);
	ember_upkt_copy_unpack(dw, &out);
	CHECK(!memcmp(&in, &out, sizeof(in)));
	return true;
}

/* WRITE_IMM's length follows WRITE_64; the high word exists only with it. */
static bool write_imm_lengths(void)
{
	struct ember_upkt_write_imm in = { .dst = 0x40, .value = 0xaaaabbbbccccddddull }, out;
	uint32_t dw[6];

	fill_sentinel(dw, 6);
	CHECK_EQ(ember_upkt_write_imm_pack(dw, &in), 4);
	CHECK_EQ(dw[0], EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3));
	CHECK_EQ(dw[3], 0xccccdddd);
	CHECK_EQ(dw[4], SENTINEL);
	ember_upkt_write_imm_unpack(dw, &out);
	CHECK_EQ(out.value, 0xccccdddd);

	in.flags = EMBER_WRITE_64;
	CHECK_EQ(ember_upkt_write_imm_pack(dw, &in), 5);
	CHECK_EQ(dw[0], EMBER_PKT(EMBER_UPKT_WRITE_IMM, EMBER_WRITE_64, 4));
	CHECK_EQ(dw[4], 0xaaaabbbb);
	ember_upkt_write_imm_unpack(dw, &out);
	CHECK_EQ(out.value, in.value);

	/* SIGNAL_MEM: the same payload and length rule, its own opcode. */
	CHECK_EQ(ember_upkt_signal_mem_pack(dw, &in), 5);
	CHECK_EQ(dw[0], EMBER_PKT(EMBER_UPKT_SIGNAL_MEM, EMBER_WRITE_64, 4));
	CHECK_EQ(dw[4], 0xaaaabbbb);
	in.flags = 0;
	CHECK_EQ(ember_upkt_signal_mem_pack(dw, &in), 4);
	CHECK_EQ(dw[0], EMBER_PKT(EMBER_UPKT_SIGNAL_MEM, 0, 3));
	ember_upkt_signal_mem_unpack(dw, &out);
	CHECK_EQ(out.dst, in.dst);
	return true;
}

/* DISPATCH: the length counts the push constants the caller appends. */
static bool dispatch_length(void)
{
	struct ember_upkt_dispatch in = {
		.shader = 0x7000, .groups = { 4, 2, 1 }, .base = { 0, 1, 2 },
		.desc_table = 0x9000, .push_bytes = 5,
	}, out;
	uint32_t dw[16];

	fill_sentinel(dw, 16);
	CHECK_EQ(ember_upkt_dispatch_pack(dw, &in), 1 + EMBER_DISPATCH_FIXED_LEN + 2);
	CHECK_EQ(EMBER_PKT_LEN(dw[0]), EMBER_UPKT_DISPATCH_LEN(5));
	CHECK_EQ(dw[3], 4);
	CHECK_EQ(dw[8], 2);
	CHECK_EQ(dw[11], 5);
	CHECK_EQ(dw[12], SENTINEL);
	ember_upkt_dispatch_unpack(dw, &out);
	CHECK_EQ(out.shader, in.shader);
	for (int i = 0; i < 3; i++) {
		CHECK_EQ(out.groups[i], in.groups[i]);
		CHECK_EQ(out.base[i], in.base[i]);
	}
	CHECK_EQ(out.desc_table, in.desc_table);
	CHECK_EQ(out.push_bytes, in.push_bytes);
	return true;
}

static bool fault_record_slots(void)
{
	struct ember_fault_rec in = {
		.kind = EMBER_FAULT_ILLEGAL_INSTRUCTION, .ring = 1, .context = 7,
		.ring_pos = 0x40, .ib_offset = 0x18, .va = 0xfedc00001000ull,
		.detail = EMBER_ILLEGAL_DETAIL(18, 0x1234), .timestamp = 1ull << 40, .seq = 9,
	}, out;
	uint32_t dw[EMBER_REG_FAULT_STRIDE / 4];

	memset(dw, 0, sizeof(dw));
	ember_fault_rec_pack(dw, &in);
	/* Each field at its register's offset in the record. */
	CHECK_EQ(dw[EMBER_FAULT_REC_CONTEXT / 4], 7);
	CHECK_EQ(dw[EMBER_FAULT_REC_VA_HI / 4], 0xfedc);
	CHECK_EQ(dw[EMBER_FAULT_REC_TIMESTAMP_HI / 4], 0x100);
	CHECK_EQ(dw[EMBER_FAULT_REC_SEQ / 4], 9);
	ember_fault_rec_unpack(dw, &out);
	CHECK_EQ(out.kind, in.kind);
	CHECK_EQ(out.ring, in.ring);
	CHECK_EQ(out.context, in.context);
	CHECK_EQ(out.ring_pos, in.ring_pos);
	CHECK_EQ(out.ib_offset, in.ib_offset);
	CHECK_EQ(out.va, in.va);
	CHECK_EQ(out.detail, in.detail);
	CHECK_EQ(out.timestamp, in.timestamp);
	CHECK_EQ(out.seq, in.seq);
	CHECK_EQ(EMBER_ILLEGAL_REASON(out.detail), 18);
	CHECK_EQ(EMBER_ILLEGAL_INDEX(out.detail), 0x1234);
	return true;
}

/* The shader header's dwords are the byte layout of ember-isa.rst. */
static bool shader_header_layout(void)
{
	struct ember_isa_header in = {
		.magic = EMBER_ISA_MAGIC, .version_major = 1, .version_minor = 2,
		.header_size = 80, .code_size = 32, .num_vregs = 300, .num_uregs = 5,
		.num_pregs = 3, .flags = 0, .num_resources = 2, .shared_bytes = 4096,
		.scratch_bytes = 16, .local_size = { 64, 2, 1 }, .push_bytes = 8,
		.stage = 2, .num_inputs = 3, .num_outputs = 4, .fragment_flags = 0x41,
		.num_clip_distances = 5, .num_cull_distances = 6, .vertex_flags = 7,
	}, out;
	uint32_t dw[EMBER_ISA_HEADER_DWORDS];

	CHECK_EQ(sizeof(in), EMBER_ISA_HEADER_SIZE);
	ember_isa_header_pack(dw, &in);
	CHECK_EQ(dw[1], 0x00020001);
	CHECK_EQ(dw[4], 5u << 16 | 300);
	CHECK_EQ(dw[5], 2u << 16 | 3);
	CHECK_EQ(dw[9], 2);
	/* ISA 1.4's graphics fields: bytes 48..54. */
	CHECK_EQ(dw[12], 0x41040302u);
	CHECK_EQ(dw[13], 0x00070605u);
	/* On a little-endian host the struct is the memory layout itself. */
	CHECK(!memcmp(dw, &in, sizeof(in)));
	ember_isa_header_unpack(dw, &out);
	CHECK(!memcmp(&in, &out, sizeof(in)));
	return true;
}

static bool resource_and_descriptor(void)
{
	struct ember_isa_resource r = {
		.set = 3, .kind = EMBER_ISA_RES_UNIFORM_BUFFER, .binding = 0x102,
		.slot = 0x12345, .count = 500000,
	}, r_out;
	struct ember_isa_resource_1_2 old = {
		.set = 3, .kind = EMBER_ISA_RES_UNIFORM_BUFFER, .binding = 0x102, .slot = 9, .count = 4,
	}, old_out;
	struct ember_buffer_descriptor d = { .va = 0x100000002000ull, .range = 96 }, d_out;
	uint32_t dw[EMBER_BUFFER_DESCRIPTOR_DWORDS];

	/* ISA 1.3: 32-bit slot and count in words of their own. */
	CHECK_EQ(EMBER_ISA_RESOURCE_DWORDS, 4);
	ember_isa_resource_pack(dw, &r);
	CHECK_EQ(dw[0], 0x01020203);
	CHECK_EQ(dw[1], 0x12345);
	CHECK_EQ(dw[2], 500000);
	CHECK_EQ(dw[3], 0);
	ember_isa_resource_unpack(dw, &r_out);
	CHECK(!memcmp(&r, &r_out, sizeof(r)));
	/* ISA 1.0 .. 1.2: 16-bit slot and count. */
	CHECK_EQ(EMBER_ISA_RESOURCE_1_2_DWORDS, 2);
	ember_isa_resource_1_2_pack(dw, &old);
	CHECK_EQ(dw[0], 0x01020203);
	CHECK_EQ(dw[1], 0x00040009);
	ember_isa_resource_1_2_unpack(dw, &old_out);
	CHECK(!memcmp(&old, &old_out, sizeof(old)));

	CHECK_EQ(sizeof(dw), EMBER_ISA_DESCRIPTOR_SIZE);
	ember_buffer_descriptor_pack(dw, &d);
	CHECK_EQ(dw[0], 0x2000);
	CHECK_EQ(dw[1], 0x1000);
	CHECK_EQ(dw[2], 96);
	CHECK_EQ(dw[3], 0);
	ember_buffer_descriptor_unpack(dw, &d_out);
	CHECK(!memcmp(&d, &d_out, sizeof(d)));
	return true;
}

/* Image descriptor: Vulkan values in place, sub-dword fields masked. */
static bool image_desc_layout(void)
{
	struct ember_image_desc in = {
		.va = 0x5000, .format = 43 /* VK_FORMAT_R8G8B8A8_SRGB */,
		.view_type = 6 /* CUBE_ARRAY */, .layout = EMBER_IMAGE_LAYOUT_TILED_4K,
		.swizzle_r = 3, .swizzle_g = 4, .swizzle_b = 5, .swizzle_a = 2,
		.width = 256, .height = 128, .depth = 1, .image_layers = 12,
		.image_levels = 9, .base_level = 1, .levels = 8, .base_layer = 6, .layers = 6,
	}, out;
	uint32_t dw[EMBER_IMAGE_DESC_DWORDS];

	CHECK_EQ(sizeof(dw), EMBER_ISA_IMAGE_SLOTS * EMBER_ISA_DESCRIPTOR_SIZE);
	ember_image_desc_pack(dw, &in);
	CHECK_EQ(dw[2], 43);
	CHECK_EQ(dw[3], 6 | 1 << 4 | 3 << 16 | 4 << 19 | 5 << 22 | 2 << 25);
	CHECK_EQ(dw[4], 128u << 16 | 256);
	CHECK_EQ(dw[6], 8u << 16 | 1 << 8 | 9);
	CHECK_EQ(dw[7], 6u << 16 | 6);
	ember_image_desc_unpack(dw, &out);
	CHECK_EQ(out.view_type, 6);
	CHECK_EQ(out.swizzle_a, 2);
	CHECK_EQ(out.levels, 8);
	CHECK_EQ(out.layers, 6);

	/* An out-of-range value stays in its field: view_type 9 cannot set layout bits. */
	in.view_type = 9;
	in.layout = 0;
	ember_image_desc_pack(dw, &in);
	CHECK_EQ(dw[3] & 0xf7, 1);
	return true;
}

static bool sampler_desc_layout(void)
{
	struct ember_sampler_desc in = {
		.mag_filter = 1, .mipmap_mode = 1, .address_u = 3, .address_v = 4,
		.compare_enable = 1, .compare_op = 7, .border_int = 1,
		.lod_bias = -0.5f, .min_lod = 0.25f, .max_lod = 1000.0f,
		.border_color = { 0, 0, 0, 1 },
	}, out;
	uint32_t dw[EMBER_SAMPLER_DESC_DWORDS];

	CHECK_EQ(sizeof(dw), EMBER_ISA_SAMPLER_SLOTS * EMBER_ISA_DESCRIPTOR_SIZE);
	ember_sampler_desc_pack(dw, &in);
	CHECK_EQ(dw[0], 1 | 1 << 2 | 3 << 4 | 4 << 8 | 1 << 16 | 7 << 17 | 1 << 21);
	CHECK_EQ(dw[1], 0xbf000000);
	CHECK_EQ(dw[3], 0x447a0000);
	CHECK_EQ(dw[7], 1);
	ember_sampler_desc_unpack(dw, &out);
	CHECK(out.lod_bias == -0.5f && out.min_lod == 0.25f && out.max_lod == 1000.0f);
	CHECK_EQ(out.compare_op, 7);
	CHECK_EQ(out.address_v, 4);
	return true;
}

static bool texel_buffer_desc_layout(void)
{
	struct ember_texel_buffer_desc in = {
		.va = 0x300000004000ull, .num_elements = 1000, .format = 109,
	}, out;
	uint32_t dw[EMBER_TEXEL_BUFFER_DESC_DWORDS];

	CHECK_EQ(sizeof(dw), EMBER_ISA_BUFFER_SLOTS * EMBER_ISA_DESCRIPTOR_SIZE);
	ember_texel_buffer_desc_pack(dw, &in);
	CHECK_EQ(dw[1], 0x3000);
	CHECK_EQ(dw[3], 109);
	ember_texel_buffer_desc_unpack(dw, &out);
	CHECK(!memcmp(&in, &out, sizeof(in)));
	return true;
}

/* The compose macros mask every field but the top one. */
static bool word_macros(void)
{
	CHECK_EQ(EMBER_PKT(0x1ff, 0x101, 2), 0x000201ff);
	CHECK_EQ(EMBER_HW_VERSION_MAJOR(EMBER_HW_VERSION(1, 5)), 1);
	CHECK_EQ(EMBER_HW_VERSION_MINOR(EMBER_HW_VERSION(1, 5)), 5);
	CHECK_EQ(EMBER_FW_VERSION(0, 1, 2), 0x102);
	CHECK_EQ(EMBER_FW_VERSION_MINOR(EMBER_FW_VERSION(3, 0x1ff, 2)), 0xff);
	CHECK_EQ(EMBER_DOORBELL_VALUE(EMBER_DEVICE_PEER_ID, 3), 3);
	return true;
}

int main(void)
{
	tap_result(fence_layout(), "fence-layout");
	tap_result(copy_layout(), "copy-layout");
	tap_result(write_imm_lengths(), "write-imm-lengths");
	tap_result(dispatch_length(), "dispatch-length");
	tap_result(fault_record_slots(), "fault-record-slots");
	tap_result(shader_header_layout(), "shader-header-layout");
	tap_result(resource_and_descriptor(), "resource-and-descriptor");
	tap_result(image_desc_layout(), "image-desc-layout");
	tap_result(sampler_desc_layout(), "sampler-desc-layout");
	tap_result(texel_buffer_desc_layout(), "texel-buffer-desc-layout");
	tap_result(word_macros(), "word-macros");
	return tap_finish();
}
