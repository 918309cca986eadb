/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Shader binaries
 *
 * A shader binary is the 64-byte header, the resource table (16 bytes per
 * resource since ISA 1.3, whose slots and counts are 32-bit; 8 bytes,
 * padded to 16, in the 1.0 .. 1.2 binaries that still run) and the code
 * (16 bytes per instruction), all little-endian. Parsing checks every
 * header field against the ISA's limits so the core and the tools can trust
 * the result; the code itself is checked instruction by instruction by the
 * decoder. Whoever reads a resource gets the 1.3 form whatever the binary's
 * version: ember_isa_shader_resource() converts.
 */

#include "ember_isa.h"

#include <endian.h>
#include <stdlib.h>
#include <string.h>

/* ISA 1.3 widened the resource entry's slot and count to 32 bits. */
#define WIDE_RESOURCES_MINOR	3
/* ISA 1.4 gave the header's reserved dwords 12 and 13 the graphics fields. */
#define GRAPHICS_MINOR		4

static bool wide_resources(const struct ember_isa_header *h)
{
	return h->version_minor >= WIDE_RESOURCES_MINOR;
}

static uint32_t resource_size(const struct ember_isa_header *h)
{
	return 4 * (wide_resources(h) ? EMBER_ISA_RESOURCE_DWORDS :
		    EMBER_ISA_RESOURCE_1_2_DWORDS);
}

static uint32_t header_size_for(const struct ember_isa_header *h)
{
	return (EMBER_ISA_HEADER_SIZE + resource_size(h) * h->num_resources + 15) & ~15u;
}

/*
 * The generated pack/unpack helpers (ember_shader_hw.h) work on CPU-order
 * dwords; the binary is little-endian bytes of any alignment.
 */
static void dwords_from_le(uint32_t *dw, const uint8_t *bytes, unsigned int n)
{
	memcpy(dw, bytes, 4 * n);
	for (unsigned int i = 0; i < n; i++)
		dw[i] = le32toh(dw[i]);
}

static void dwords_to_le(uint8_t *bytes, const uint32_t *dw, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++) {
		uint32_t le = htole32(dw[i]);

		memcpy(bytes + 4 * i, &le, 4);
	}
}

/* The graphics fields (zero in compute shaders and before ISA 1.4). */
static bool stage_fields_ok(const struct ember_isa_header *h)
{
	bool fragment = h->stage == EMBER_ISA_STAGE_FRAGMENT;
	bool vertex = h->stage == EMBER_ISA_STAGE_VERTEX;
	unsigned int depth_mode = h->fragment_flags & EMBER_ISA_FS_DEPTH_MODE;

	if (h->stage == EMBER_ISA_STAGE_COMPUTE || h->version_minor < GRAPHICS_MINOR)
		return !h->stage && !h->num_inputs && !h->num_outputs && !h->fragment_flags &&
		       !h->num_clip_distances && !h->num_cull_distances && !h->vertex_flags;
	if (!vertex && !fragment)
		return false;
	/* A graphics wave is the stage's: no workgroup, no shared memory. */
	if (h->shared_bytes || h->local_size[0] != 1 || h->local_size[1] != 1 ||
	    h->local_size[2] != 1)
		return false;
	if (h->num_inputs > EMBER_ISA_MAX_IO_SLOTS ||
	    h->num_outputs > (fragment ? EMBER_ISA_MAX_COLOR_OUTPUTS : EMBER_ISA_MAX_IO_SLOTS))
		return false;
	if (fragment)
		return !(h->fragment_flags & ~EMBER_ISA_FS_ALL) &&
		       (!depth_mode || (h->fragment_flags & EMBER_ISA_FS_DEPTH_WRITE)) &&
		       !h->num_clip_distances && !h->num_cull_distances && !h->vertex_flags;
	return !h->fragment_flags && !(h->vertex_flags & ~EMBER_ISA_VS_ALL) &&
	       h->num_clip_distances + h->num_cull_distances <= EMBER_ISA_MAX_CLIP_CULL;
}

static bool header_ok(const struct ember_isa_header *h)
{
	return h->magic == EMBER_ISA_MAGIC &&
	       h->version_major == EMBER_ISA_VERSION_MAJOR &&
	       !h->flags && !h->reserved && !h->reserved2[0] && !h->reserved2[1] &&
	       h->header_size == header_size_for(h) && stage_fields_ok(h);
}

static bool limits_ok(const struct ember_isa_header *h)
{
	uint64_t lanes = (uint64_t)h->local_size[0] * h->local_size[1] *
			 h->local_size[2];

	return h->num_vregs <= EMBER_ISA_NUM_VREGS &&
	       h->num_uregs <= EMBER_ISA_NUM_UREGS &&
	       h->num_pregs <= EMBER_ISA_NUM_PREGS &&
	       h->shared_bytes <= EMBER_ISA_MAX_SHARED_BYTES &&
	       h->scratch_bytes <= EMBER_ISA_MAX_SCRATCH_BYTES &&
	       h->push_bytes <= EMBER_ISA_MAX_PUSH_BYTES &&
	       lanes >= 1 && lanes <= EMBER_ISA_MAX_WORKGROUP_SIZE;
}

/*
 * Images, samplers and texel buffers (kinds 3..8) came with ISA 1.2. The
 * last slot of the last element must be a slot (below 2^32).
 */
static bool resource_ok(const struct ember_isa_header *h,
			const struct ember_isa_resource *r)
{
	unsigned int last_kind = h->version_minor >= 2 ?
		EMBER_ISA_RES_STORAGE_TEXEL_BUFFER : EMBER_ISA_RES_UNIFORM_BUFFER;

	if (r->set >= EMBER_ISA_MAX_SETS || r->count < 1 || r->reserved ||
	    r->kind < EMBER_ISA_RES_STORAGE_BUFFER || r->kind > last_kind)
		return false;
	return r->slot + (uint64_t)r->count * ember_isa_resource_slots(r->kind) - 1 <= UINT32_MAX;
}

unsigned int ember_isa_resource_slots(unsigned int kind)
{
	switch (kind) {
	case EMBER_ISA_RES_SAMPLED_IMAGE:
	case EMBER_ISA_RES_STORAGE_IMAGE:
		return EMBER_ISA_IMAGE_SLOTS;
	case EMBER_ISA_RES_SAMPLER:
		return EMBER_ISA_SAMPLER_SLOTS;
	case EMBER_ISA_RES_COMBINED_IMAGE_SAMPLER:
		return EMBER_ISA_IMAGE_SLOTS + EMBER_ISA_SAMPLER_SLOTS;
	default:
		return EMBER_ISA_BUFFER_SLOTS;
	}
}

int ember_isa_shader_parse(const void *binary, size_t size,
			   struct ember_isa_shader *out)
{
	uint32_t dw[EMBER_ISA_HEADER_DWORDS];
	struct ember_isa_header h;
	const uint8_t *bytes = binary;

	if (size < EMBER_ISA_HEADER_SIZE)
		return EMBER_ISA_ERR_SIZE;
	dwords_from_le(dw, bytes, EMBER_ISA_HEADER_DWORDS);
	ember_isa_header_unpack(dw, &h);
	if (!header_ok(&h))
		return EMBER_ISA_ERR_HEADER;
	if (h.code_size % EMBER_ISA_INSN_SIZE || !h.code_size ||
	    (uint64_t)h.header_size + h.code_size != size)
		return EMBER_ISA_ERR_SIZE;
	if (!limits_ok(&h))
		return EMBER_ISA_ERR_LIMIT;
	*out = (struct ember_isa_shader) {
		.header = h,
		.resources = bytes + EMBER_ISA_HEADER_SIZE,
		.code = bytes + h.header_size,
		.num_insns = h.code_size / EMBER_ISA_INSN_SIZE,
	};
	for (unsigned int i = 0; i < h.num_resources; i++) {
		struct ember_isa_resource r;

		ember_isa_shader_resource(out, i, &r);
		if (!resource_ok(&h, &r))
			return EMBER_ISA_ERR_HEADER;
	}
	return 0;
}

void ember_isa_shader_resource(const struct ember_isa_shader *shader,
			       unsigned int i, struct ember_isa_resource *out)
{
	const uint8_t *entry = shader->resources + resource_size(&shader->header) * i;
	uint32_t dw[EMBER_ISA_RESOURCE_DWORDS];
	struct ember_isa_resource_1_2 old;

	if (wide_resources(&shader->header)) {
		dwords_from_le(dw, entry, EMBER_ISA_RESOURCE_DWORDS);
		ember_isa_resource_unpack(dw, out);
		return;
	}
	dwords_from_le(dw, entry, EMBER_ISA_RESOURCE_1_2_DWORDS);
	ember_isa_resource_1_2_unpack(dw, &old);
	*out = (struct ember_isa_resource) {
		.set = old.set, .kind = old.kind, .binding = old.binding,
		.slot = old.slot, .count = old.count,
	};
}

bool ember_isa_shader_find_resource(const struct ember_isa_shader *shader, uint32_t set,
				    uint32_t binding, struct ember_isa_resource *out)
{
	for (unsigned int i = 0; i < shader->header.num_resources; i++) {
		ember_isa_shader_resource(shader, i, out);
		if (out->set == set && out->binding == binding)
			return true;
	}
	return false;
}

int ember_isa_shader_build(const struct ember_isa_header *header,
			   const struct ember_isa_resource *resources,
			   const void *code, uint32_t num_insns,
			   void **out, size_t *out_size)
{
	uint32_t dw[EMBER_ISA_HEADER_DWORDS];
	struct ember_isa_header h = *header;
	uint8_t *bin;
	size_t size;

	if (!num_insns || num_insns > UINT32_MAX / EMBER_ISA_INSN_SIZE)
		return EMBER_ISA_ERR_SIZE;
	h.magic = EMBER_ISA_MAGIC;
	h.version_major = EMBER_ISA_VERSION_MAJOR;
	h.version_minor = EMBER_ISA_VERSION_MINOR;
	h.header_size = header_size_for(&h);
	h.code_size = num_insns * EMBER_ISA_INSN_SIZE;
	if (!header_ok(&h))
		return EMBER_ISA_ERR_HEADER;
	if (!limits_ok(&h))
		return EMBER_ISA_ERR_LIMIT;
	for (unsigned int i = 0; i < h.num_resources; i++)
		if (!resource_ok(&h, &resources[i]))
			return EMBER_ISA_ERR_HEADER;
	/*
	 * An instruction of another stage is refused here; one that does not
	 * decode is left for the device to refuse (tests build such binaries).
	 */
	for (uint32_t i = 0; i < num_insns; i++) {
		struct ember_isa_insn insn;

		if (!ember_isa_decode((const uint8_t *)code + (size_t)i * EMBER_ISA_INSN_SIZE,
				      &insn) &&
		    ember_isa_check_stage(&insn, h.stage))
			return EMBER_ISA_ERR_STAGE;
	}

	size = (size_t)h.header_size + h.code_size;
	bin = calloc(1, size);
	if (!bin)
		return EMBER_ISA_ERR_SIZE;
	for (unsigned int i = 0; i < h.num_resources; i++) {
		ember_isa_resource_pack(dw, &resources[i]);
		dwords_to_le(bin + EMBER_ISA_HEADER_SIZE + resource_size(&h) * i, dw,
			     EMBER_ISA_RESOURCE_DWORDS);
	}
	memcpy(bin + h.header_size, code, h.code_size);
	ember_isa_header_pack(dw, &h);
	dwords_to_le(bin, dw, EMBER_ISA_HEADER_DWORDS);
	*out = bin;
	*out_size = size;
	return 0;
}
