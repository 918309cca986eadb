/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Memory handlers
 *
 * Global memory is reached through a buffer descriptor in four uniform
 * registers {va low, va high, range, flags} and a per-lane byte offset:
 * a lane whose access does not fit in [0, range) loads zero or drops its
 * store (robust buffer access); every other access goes through the
 * context's MMU, and an unmapped or forbidden page is the contract's
 * translation or permission fault for the whole dispatch.
 *
 * Fast path: an instruction's active lanes usually touch one page (32
 * consecutive dwords are 128 bytes). The handlers compute the lanes'
 * offset span (vectorised min/max), and if it is in range and inside one
 * page they translate once and run one gather/scatter loop over host
 * memory. Anything else takes the per-lane path, which still translates
 * once per page run of consecutive lanes (a one-entry page cache), and
 * copies byte by byte only for an access that straddles two pages. Behind
 * both, each core keeps the host address of the pages it translated in
 * this dispatch (struct sc_group's pages[], with the access rights each
 * was checked for), the equivalent of its TLB.
 *
 * LDGA/STGA/ATOMGA (buffer device address) take a 64-bit address per lane
 * instead of a descriptor and an offset: no range to check, so every
 * active lane's access goes through the MMU and faults like LDG's. They
 * share the machinery above: the lanes' address span decides the one-page
 * fast path, the per-lane path walks page runs with the page cache.
 *
 * Shared memory is the workgroup's host buffer: one core runs all waves of
 * a workgroup (wave.c), so shared atomics need no host atomics. Scratch is
 * per lane, laid out [dword][lane] so uniform spill offsets are row
 * copies. Push constants come from the DISPATCH packet; LDDESC (and
 * LDIMGDESC, LDSMPDESC: 4 and 2 consecutive slots) reads the
 * descriptor-set table and a descriptor through the MMU, once per core and
 * dispatch (a small cache in struct sc_group), and notes the VA it read
 * into each uniform quad for the texture unit's fault records.
 *
 * Built twice like exec_alu.c, for its fast-path loops.
 */

#include <string.h>

#include "sc_atomic.h"
#include "sc_lanes.h"

#define SC_PASTE2(a, b)		a##_##b
#define SC_PASTE(a, b)		SC_PASTE2(a, b)
#define SC_VARIANT(name)	SC_PASTE(name, SC_VARIANT_SUFFIX)

#define HANDLER(name) \
	static void name(struct sc_wave *w, const struct sc_insn *in)
#define ISA		(&in->isa)
#define PAGE_MASK	(EMBER_PAGE_SIZE - 1)

typedef uint32_t u32_any __attribute__((aligned(1), may_alias));

/* Bytes an access of the instruction's type moves. */
static unsigned int access_size(unsigned int type)
{
	switch (type) {
	case EMBER_ISA_U8: case EMBER_ISA_S8: return 1;
	case EMBER_ISA_U16: case EMBER_ISA_S16: return 2;
	case EMBER_ISA_U64: case EMBER_ISA_S64: return 8;
	case EMBER_ISA_B128: return 16;
	default: return 4;
	}
}

/* One translated page, reused while lanes stay in it. */
struct page_cache {
	uint64_t tag;		/* page number + 1; 0: empty */
	uint8_t *host;
};

/* Host address of @va's page for @access through @pc, or NULL (*@fault). */
static uint8_t *cached_page(struct sc_wave *w, struct page_cache *pc, uint64_t va,
			    unsigned int access, int *fault)
{
	uint64_t vpn = va >> EMBER_PAGE_SHIFT;

	if (pc->tag == vpn + 1)
		return pc->host;
	pc->host = sc_group_page(w->group, va, access, fault);
	pc->tag = pc->host ? vpn + 1 : 0;
	return pc->host;
}

/* The same, the fault recorded: NULL after a fault. */
static uint8_t *map_page(struct sc_wave *w, struct page_cache *pc, uint64_t va,
			 unsigned int access)
{
	int fault;
	uint8_t *host = cached_page(w, pc, va, access, &fault);

	if (!host)
		sc_wave_fault(w, fault, va, access);
	return host;
}

struct page_walk {
	struct sc_wave *w;
	struct page_cache *pc;
};

static uint8_t *walk_page(void *ctx, uint64_t va, bool write, int *fault)
{
	struct page_walk *walk = ctx;

	return cached_page(walk->w, walk->pc, va,
			   write ? EMBER_ACCESS_WRITE : EMBER_ACCESS_READ, fault);
}

/* Copy @n bytes between @buf and memory at @va: false after a fault. */
static bool access_bytes(struct sc_wave *w, struct page_cache *pc, uint64_t va,
			 void *buf, unsigned int n, bool write)
{
	struct page_walk walk = { w, pc };
	uint64_t fault_va;
	int fault = sc_copy_paged(walk_page, &walk, va, buf, n, write, &fault_va);

	if (fault)
		sc_wave_fault(w, fault, fault_va, write ? EMBER_ACCESS_WRITE : EMBER_ACCESS_READ);
	return !fault;
}

struct descriptor {
	uint64_t va;
	uint32_t range;
};

static struct descriptor descriptor(const struct sc_wave *w, unsigned int u)
{
	return (struct descriptor) {
		.va = w->u[u] | (uint64_t)w->u[u + 1] << 32,
		.range = w->u[u + 2],
	};
}

/* The lanes' value from @bytes (little-endian), extended per the type. */
static void unpack(unsigned int type, const uint8_t *bytes, uint32_t out[4])
{
	uint8_t b8;
	uint16_t b16;

	switch (type) {
	case EMBER_ISA_U8: memcpy(&b8, bytes, 1); out[0] = b8; break;
	case EMBER_ISA_S8: memcpy(&b8, bytes, 1); out[0] = (uint32_t)(int8_t)b8; break;
	case EMBER_ISA_U16: memcpy(&b16, bytes, 2); out[0] = b16; break;
	case EMBER_ISA_S16: memcpy(&b16, bytes, 2); out[0] = (uint32_t)(int16_t)b16; break;
	default: memcpy(out, bytes, access_size(type)); break;
	}
}

/*
 * The lanes' byte offsets: source @s plus the optional immediate source
 * @imm_src (saturating, so an offset past 4 GiB stays out of range).
 */
static const uint32_t *lane_offsets(struct sc_wave *w, const struct ember_isa_insn *i,
				    unsigned int s, unsigned int imm_src,
				    uint32_t *buf)
{
	const uint32_t *off = sc_src(w, i, s, 0);
	uint32_t imm = i->src[imm_src].imm;

	if (i->src[imm_src].kind != EMBER_ISA_IMM || !imm)
		return off;
	LANES {
		uint32_t sum = off[l] + imm;

		buf[l] = sum < imm ? 0xffffffffu : sum;
	}
	return buf;
}

/* Lowest and highest offset of the active lanes. */
static void offset_span(const uint32_t *off, uint32_t m, uint32_t *lo, uint32_t *hi)
{
	uint32_t mn = 0xffffffffu, mx = 0;

	LANES {
		uint32_t act = (m >> l) & 1;
		uint32_t a = act ? off[l] : 0xffffffffu, b = act ? off[l] : 0;

		mn = a < mn ? a : mn;
		mx = b > mx ? b : mx;
	}
	*lo = mn;
	*hi = mx;
}

/*
 * The fast path's page: host address of @d.va + @lo if all of [lo, hi +
 * size) is in range and in one page, else NULL (no fault either way; the
 * slow path faults if it must).
 */
static uint8_t *one_page(struct sc_wave *w, struct descriptor d, uint32_t lo,
			 uint32_t hi, unsigned int size, unsigned int access,
			 bool *faulted)
{
	struct page_cache pc = { 0 };
	uint64_t first = d.va + lo, last = d.va + hi + size - 1;
	uint8_t *host;

	*faulted = false;
	if ((uint64_t)hi + size > d.range || (first >> EMBER_PAGE_SHIFT) != (last >> EMBER_PAGE_SHIFT))
		return NULL;
	host = map_page(w, &pc, first, access);
	if (!host) {
		*faulted = true;
		return NULL;
	}
	return host + (first & PAGE_MASK);
}

static void commit_rows(struct sc_wave *w, const struct ember_isa_insn *i,
			uint32_t (*rows)[SC_LANES], unsigned int n, uint32_t m)
{
	for (unsigned int h = 0; h < n; h++)
		sc_commit(w, i, h, rows[h], m);
}

HANDLER(op_ldg)
{
	struct descriptor d = descriptor(w, ISA->src[0].index);
	unsigned int size = access_size(ISA->type), regs = ember_isa_type_regs(ISA->type);
	uint32_t offsets[SC_LANES] SC_ALIGN;
	const uint32_t *off = lane_offsets(w, ISA, 1, 2, offsets);
	uint32_t rows[4][SC_LANES] SC_ALIGN;
	uint32_t m = sc_active(w, ISA), lo, hi;
	struct page_cache pc = { 0 };
	bool faulted;
	uint8_t *base;

	if (!m)
		return;
	offset_span(off, m, &lo, &hi);
	base = one_page(w, d, lo, hi, size, EMBER_ACCESS_READ, &faulted);
	if (faulted)
		return;
	/* All lanes in one page: gathers with no per-lane test. */
	if (base && m == 0xffffffffu && size >= 4) {
		for (unsigned int h = 0; h < regs; h++)
			LANES rows[h][l] = *(const u32_any *)(base + (off[l] - lo) + 4 * h);
		commit_rows(w, ISA, rows, regs, m);
		return;
	}
	for (unsigned int l = 0; l < SC_LANES; l++) {
		uint8_t bytes[16];
		uint32_t value[4] = { 0, 0, 0, 0 };

		if ((m >> l) & 1) {
			if (base) {
				memcpy(bytes, base + (off[l] - lo), size);
				unpack(ISA->type, bytes, value);
			} else if ((uint64_t)off[l] + size <= d.range) {
				if (!access_bytes(w, &pc, d.va + off[l], bytes, size, false))
					return;
				unpack(ISA->type, bytes, value);
			}
		}
		for (unsigned int h = 0; h < regs; h++)
			rows[h][l] = value[h];
	}
	commit_rows(w, ISA, rows, regs, m);
}

/* The store data rows of source @s: @regs rows of 32 lanes. */
static void data_rows(struct sc_wave *w, const struct ember_isa_insn *i, unsigned int s,
		      unsigned int regs, uint32_t (*rows)[SC_LANES])
{
	for (unsigned int h = 0; h < regs; h++)
		memcpy(rows[h], sc_src(w, i, s, h), sizeof(rows[h]));
}

/* Lane @l's store data: the low @size bytes of its registers. */
static void lane_bytes(uint32_t (*rows)[SC_LANES], unsigned int l, uint8_t *bytes,
		       unsigned int size)
{
	uint32_t value[4];

	for (unsigned int h = 0; h < (size + 3) / 4; h++)
		value[h] = rows[h][l];
	memcpy(bytes, value, size);
}

HANDLER(op_stg)
{
	struct descriptor d = descriptor(w, ISA->src[0].index);
	unsigned int size = access_size(ISA->type), regs = ember_isa_type_regs(ISA->type);
	const uint32_t *off = sc_src(w, ISA, 1, 0);
	uint32_t rows[4][SC_LANES] SC_ALIGN;
	uint32_t m = sc_store_lanes(w, ISA), lo, hi;
	struct page_cache pc = { 0 };
	bool faulted;
	uint8_t *base;

	if (!m)
		return;
	offset_span(off, m, &lo, &hi);
	base = one_page(w, d, lo, hi, size, EMBER_ACCESS_WRITE, &faulted);
	if (faulted)
		return;
	data_rows(w, ISA, 2, regs, rows);
	/* In lane order: the highest lane's store to an address wins. */
	if (base && size >= 4) {
		for (unsigned int l = 0; l < SC_LANES; l++)
			if ((m >> l) & 1)
				for (unsigned int h = 0; h < regs; h++)
					*(u32_any *)(base + (off[l] - lo) + 4 * h) = rows[h][l];
		return;
	}
	for (unsigned int l = 0; l < SC_LANES; l++) {
		uint8_t bytes[16];

		if (!((m >> l) & 1))
			continue;
		lane_bytes(rows, l, bytes, size);
		if (base)
			memcpy(base + (off[l] - lo), bytes, size);
		else if ((uint64_t)off[l] + size <= d.range &&
			 !access_bytes(w, &pc, d.va + off[l], bytes, size, true))
			return;
	}
}

/*
 * The lanes' 64-bit addresses: pair source @s plus the optional immediate
 * source @imm_src, sign-extended; the sum wraps (a wrapped address is
 * above the VA width and faults as unmapped).
 */
static void lane_addresses(struct sc_wave *w, const struct ember_isa_insn *i, unsigned int s,
			   unsigned int imm_src, uint64_t *addr)
{
	const uint32_t *lo = sc_src(w, i, s, 0), *hi = sc_src(w, i, s, 1);
	uint64_t imm = i->src[imm_src].kind == EMBER_ISA_IMM ?
		       (uint64_t)(int64_t)(int32_t)i->src[imm_src].imm : 0;

	LANES addr[l] = (lo[l] | (uint64_t)hi[l] << 32) + imm;
}

/*
 * The fast path's page for 64-bit addresses: host address of the lowest
 * active lane's address if every active access of @size bytes lies in
 * that one page, else NULL (and no fault: the per-lane path faults at the
 * right byte if it must). *@lo is the lowest address.
 */
static uint8_t *one_page64(struct sc_wave *w, const uint64_t *addr, uint32_t m,
			   unsigned int size, unsigned int access, uint64_t *lo,
			   bool *faulted)
{
	uint64_t mn = UINT64_MAX, mx = 0;
	struct page_cache pc = { 0 };
	uint8_t *host;

	*faulted = false;
	LANES {
		uint64_t act = (m >> l) & 1;
		uint64_t a = act ? addr[l] : UINT64_MAX, b = act ? addr[l] : 0;

		mn = a < mn ? a : mn;
		mx = b > mx ? b : mx;
	}
	*lo = mn;
	/* mx + size - 1 wrapping past 2^64 is two pages, never one. */
	if (mx + size - 1 < mx || (mn >> EMBER_PAGE_SHIFT) != ((mx + size - 1) >> EMBER_PAGE_SHIFT))
		return NULL;
	host = map_page(w, &pc, mn, access);
	if (!host) {
		*faulted = true;
		return NULL;
	}
	return host + (mn & PAGE_MASK);
}

HANDLER(op_ldga)
{
	unsigned int size = access_size(ISA->type), regs = ember_isa_type_regs(ISA->type);
	uint64_t addr[SC_LANES] SC_ALIGN, lo;
	uint32_t rows[4][SC_LANES] SC_ALIGN;
	uint32_t m = sc_active(w, ISA);
	struct page_cache pc = { 0 };
	bool faulted;
	uint8_t *base;

	if (!m)
		return;
	lane_addresses(w, ISA, 0, 1, addr);
	base = one_page64(w, addr, m, size, EMBER_ACCESS_READ, &lo, &faulted);
	if (faulted)
		return;
	/* All lanes in one page: gathers with no per-lane test. */
	if (base && m == 0xffffffffu && size >= 4) {
		for (unsigned int h = 0; h < regs; h++)
			LANES rows[h][l] = *(const u32_any *)(base + (addr[l] - lo) + 4 * h);
		commit_rows(w, ISA, rows, regs, m);
		return;
	}
	for (unsigned int l = 0; l < SC_LANES; l++) {
		uint8_t bytes[16];
		uint32_t value[4] = { 0, 0, 0, 0 };

		if ((m >> l) & 1) {
			if (base)
				memcpy(bytes, base + (addr[l] - lo), size);
			else if (!access_bytes(w, &pc, addr[l], bytes, size, false))
				return;
			unpack(ISA->type, bytes, value);
		}
		for (unsigned int h = 0; h < regs; h++)
			rows[h][l] = value[h];
	}
	commit_rows(w, ISA, rows, regs, m);
}

HANDLER(op_stga)
{
	unsigned int size = access_size(ISA->type), regs = ember_isa_type_regs(ISA->type);
	uint64_t addr[SC_LANES] SC_ALIGN, lo;
	uint32_t rows[4][SC_LANES] SC_ALIGN;
	uint32_t m = sc_store_lanes(w, ISA);
	struct page_cache pc = { 0 };
	bool faulted;
	uint8_t *base;

	if (!m)
		return;
	lane_addresses(w, ISA, 0, 2, addr);
	base = one_page64(w, addr, m, size, EMBER_ACCESS_WRITE, &lo, &faulted);
	if (faulted)
		return;
	data_rows(w, ISA, 1, regs, rows);
	/* In lane order: the highest lane's store to an address wins. */
	if (base && size >= 4) {
		for (unsigned int l = 0; l < SC_LANES; l++)
			if ((m >> l) & 1)
				for (unsigned int h = 0; h < regs; h++)
					*(u32_any *)(base + (addr[l] - lo) + 4 * h) = rows[h][l];
		return;
	}
	for (unsigned int l = 0; l < SC_LANES; l++) {
		uint8_t bytes[16];

		if (!((m >> l) & 1))
			continue;
		lane_bytes(rows, l, bytes, size);
		if (base)
			memcpy(base + (addr[l] - lo), bytes, size);
		else if (!access_bytes(w, &pc, addr[l], bytes, size, true))
			return;
	}
}

HANDLER(op_ldu)
{
	struct descriptor d = descriptor(w, ISA->src[0].index);
	unsigned int size = access_size(ISA->type);
	uint32_t off = sc_src(w, ISA, 1, 0)[0], value[4] = { 0, 0, 0, 0 };
	struct page_cache pc = { 0 };

	if ((uint64_t)off + size <= d.range &&
	    !access_bytes(w, &pc, d.va + off, value, size, false))
		return;
	memcpy(&w->u[ISA->dst.index], value, size);
}

/* Lane @l's operand value (@wide: a pair) at register offset @half. */
static uint64_t lane_value(struct sc_wave *w, const struct ember_isa_insn *i,
			   unsigned int s, unsigned int half, bool wide, unsigned int l)
{
	uint64_t v = sc_src(w, i, s, half)[l];

	return wide ? v | (uint64_t)sc_src(w, i, s, half + 1)[l] << 32 : v;
}

static void commit_old(struct sc_wave *w, const struct ember_isa_insn *i,
		       const uint64_t *old, bool wide, uint32_t m)
{
	if (i->dst.kind == EMBER_ISA_NONE)
		return;
	if (wide) {
		sc_commit64(w, i, old, m);
	} else {
		uint32_t r[SC_LANES] SC_ALIGN;

		LANES r[l] = (uint32_t)old[l];
		sc_commit(w, i, 0, r, m);
	}
}

/*
 * Global atomics: lane by lane in lane order, each a host atomic, so they
 * are atomic against every other core. A misaligned address is dropped
 * (returns 0): host atomics need natural alignment.
 */
HANDLER(op_atomg)
{
	struct descriptor d = descriptor(w, ISA->src[0].index);
	bool wide = ISA->type == EMBER_ISA_U64;
	unsigned int size = wide ? 8 : 4, step = wide ? 2 : 1;
	const uint32_t *off = sc_src(w, ISA, 1, 0);
	uint64_t old[SC_LANES] SC_ALIGN;
	uint32_t m = sc_store_lanes(w, ISA);
	struct page_cache pc = { 0 };

	for (unsigned int l = 0; l < SC_LANES; l++) {
		uint64_t va = d.va + off[l];
		uint8_t *host;

		old[l] = 0;
		if (!((m >> l) & 1) || (uint64_t)off[l] + size > d.range || (va & (size - 1)))
			continue;
		host = map_page(w, &pc, va, EMBER_ACCESS_READ | EMBER_ACCESS_WRITE);
		if (!host)
			return;
		old[l] = sc_atomic_rmw(host + (va & PAGE_MASK), ISA->mod, wide,
				    lane_value(w, ISA, 2, 0, wide, l),
				    ISA->mod == EMBER_ISA_ATOM_CMPXCHG ?
				    lane_value(w, ISA, 2, step, wide, l) : 0);
	}
	commit_old(w, ISA, old, wide, m);
}

/* ATOMGA: ATOMG's lane loop on 64-bit addresses, with no range. */
HANDLER(op_atomga)
{
	bool wide = ISA->type == EMBER_ISA_U64;
	unsigned int size = wide ? 8 : 4, step = wide ? 2 : 1;
	uint64_t addr[SC_LANES] SC_ALIGN, old[SC_LANES] SC_ALIGN;
	uint32_t m = sc_store_lanes(w, ISA);
	struct page_cache pc = { 0 };

	lane_addresses(w, ISA, 0, 2, addr);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		uint8_t *host;

		old[l] = 0;
		if (!((m >> l) & 1) || (addr[l] & (size - 1)))
			continue;
		host = map_page(w, &pc, addr[l], EMBER_ACCESS_READ | EMBER_ACCESS_WRITE);
		if (!host)
			return;
		old[l] = sc_atomic_rmw(host + (addr[l] & PAGE_MASK), ISA->mod, wide,
				    lane_value(w, ISA, 1, 0, wide, l),
				    ISA->mod == EMBER_ISA_ATOM_CMPXCHG ?
				    lane_value(w, ISA, 1, step, wide, l) : 0);
	}
	commit_old(w, ISA, old, wide, m);
}

/* Shared memory: robust against the header's shared size. */
HANDLER(op_lds)
{
	const struct sc_group *g = w->group;
	uint32_t limit = g->d->prog->header.shared_bytes;
	unsigned int size = access_size(ISA->type), regs = ember_isa_type_regs(ISA->type);
	uint32_t offsets[SC_LANES] SC_ALIGN, rows[4][SC_LANES] SC_ALIGN;
	const uint32_t *off = lane_offsets(w, ISA, 0, 1, offsets);
	uint32_t m = sc_active(w, ISA), hi = 0;

	if (ISA->type == EMBER_ISA_U32) {
		/* Every lane (active or not) in range: a plain gather. */
		LANES hi = off[l] > hi ? off[l] : hi;
		if ((uint64_t)hi + 4 <= limit)
			LANES rows[0][l] = *(const u32_any *)(g->shared + off[l]);
		else
			LANES rows[0][l] = (uint64_t)off[l] + 4 <= limit ?
					   *(const u32_any *)(g->shared + off[l]) : 0;
		sc_commit(w, ISA, 0, rows[0], m);
		return;
	}
	for (unsigned int l = 0; l < SC_LANES; l++) {
		uint32_t value[4] = { 0, 0, 0, 0 };

		if ((uint64_t)off[l] + size <= limit)
			unpack(ISA->type, g->shared + off[l], value);
		for (unsigned int h = 0; h < regs; h++)
			rows[h][l] = value[h];
	}
	commit_rows(w, ISA, rows, regs, m);
}

HANDLER(op_sts)
{
	const struct sc_group *g = w->group;
	uint32_t limit = g->d->prog->header.shared_bytes;
	unsigned int size = access_size(ISA->type), regs = ember_isa_type_regs(ISA->type);
	uint32_t offsets[SC_LANES] SC_ALIGN, rows[4][SC_LANES] SC_ALIGN;
	const uint32_t *off = lane_offsets(w, ISA, 0, 2, offsets);
	uint32_t m = sc_active(w, ISA);

	data_rows(w, ISA, 1, regs, rows);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		uint8_t bytes[16];

		if (!((m >> l) & 1) || (uint64_t)off[l] + size > limit)
			continue;
		lane_bytes(rows, l, bytes, size);
		memcpy(g->shared + off[l], bytes, size);
	}
}

HANDLER(op_atoms)
{
	const struct sc_group *g = w->group;
	uint32_t limit = g->d->prog->header.shared_bytes;
	bool wide = ISA->type == EMBER_ISA_U64;
	unsigned int size = wide ? 8 : 4, step = wide ? 2 : 1;
	const uint32_t *off = sc_src(w, ISA, 0, 0);
	uint64_t old[SC_LANES] SC_ALIGN;
	uint32_t m = sc_active(w, ISA);

	for (unsigned int l = 0; l < SC_LANES; l++) {
		old[l] = 0;
		if (!((m >> l) & 1) || (uint64_t)off[l] + size > limit || (off[l] & (size - 1)))
			continue;
		/* One core runs the workgroup: plain host atomics suffice. */
		old[l] = sc_atomic_rmw(g->shared + off[l], ISA->mod, wide,
				    lane_value(w, ISA, 1, 0, wide, l),
				    ISA->mod == EMBER_ISA_ATOM_CMPXCHG ?
				    lane_value(w, ISA, 1, step, wide, l) : 0);
	}
	commit_old(w, ISA, old, wide, m);
}

/* Scratch: dword row (offset / 4) of each lane's column. */
HANDLER(op_ldscr)
{
	uint32_t rows_total = w->group->d->prog->header.scratch_bytes / 4;
	unsigned int regs = ember_isa_type_regs(ISA->type);
	const uint32_t *off = sc_src(w, ISA, 0, 0);
	uint32_t rows[4][SC_LANES] SC_ALIGN;

	for (unsigned int h = 0; h < regs; h++)
		LANES {
			uint32_t row = off[l] / 4 + h;

			rows[h][l] = row < rows_total ? w->scratch[row * SC_LANES + l] : 0;
		}
	commit_rows(w, ISA, rows, regs, sc_active(w, ISA));
}

HANDLER(op_stscr)
{
	uint32_t rows_total = w->group->d->prog->header.scratch_bytes / 4;
	unsigned int regs = ember_isa_type_regs(ISA->type);
	const uint32_t *off = sc_src(w, ISA, 0, 0);
	uint32_t m = sc_active(w, ISA);

	for (unsigned int h = 0; h < regs; h++) {
		const uint32_t *data = sc_src(w, ISA, 1, h);

		LANES {
			uint32_t row = off[l] / 4 + h;

			if (((m >> l) & 1) && row < rows_total)
				w->scratch[row * SC_LANES + l] = data[l];
		}
	}
}

HANDLER(op_ldpush)
{
	const struct sc_dispatch *d = w->group->d;
	unsigned int size = access_size(ISA->type), regs = ember_isa_type_regs(ISA->type);
	const uint32_t *off;
	uint32_t rows[4][SC_LANES] SC_ALIGN;

	if (ISA->dst.kind == EMBER_ISA_UREG) {
		/* One value for the wave: no lanes to loop over. */
		uint32_t at = ISA->src[0].kind == EMBER_ISA_UREG ? w->u[ISA->src[0].index] :
			      ISA->src[0].imm, value[4] = { 0, 0, 0, 0 };

		if ((uint64_t)at + size <= d->push_bytes)
			memcpy(value, (const uint8_t *)d->push + at, size);
		memcpy(&w->u[ISA->dst.index], value, 4 * regs);
		return;
	}
	off = sc_src(w, ISA, 0, 0);

	for (unsigned int l = 0; l < SC_LANES; l++) {
		uint32_t value[4] = { 0, 0, 0, 0 };

		if ((uint64_t)off[l] + size <= d->push_bytes)
			memcpy(value, (const uint8_t *)d->push + off[l], size);
		for (unsigned int h = 0; h < regs; h++)
			rows[h][l] = value[h];
	}
	commit_rows(w, ISA, rows, regs, sc_active(w, ISA));
}

/*
 * Descriptor slot @slot of set @set into @desc through the core's cache
 * (a set past the table's eight reads as no descriptor at all), its GPU
 * VA in *@va (0 for such a set): false after a fault. @slot is 64-bit so
 * the slots of a group loaded from slot 2^32 - 1 go on, not wrap to 0.
 */
static bool read_descriptor(struct sc_wave *w, uint32_t set, uint64_t slot,
			    uint32_t desc[4], uint64_t *va)
{
	struct sc_group *g = w->group;
	struct sc_desc_entry *e = &g->desc_cache[(set * 7 + slot) % SC_DESC_CACHE];
	struct page_cache pc = { 0 };
	uint64_t set_base;

	*va = 0;
	memset(desc, 0, 4 * sizeof(*desc));
	if (set >= EMBER_ISA_MAX_SETS)
		return true;
	if (e->valid && e->set == set && e->slot == slot) {
		memcpy(desc, e->desc, sizeof(e->desc));
		*va = e->va;
		return true;
	}
	if (!access_bytes(w, &pc, g->d->set_table_va + 8ull * set, &set_base, 8, false))
		return false;
	*va = set_base + (uint64_t)EMBER_ISA_DESCRIPTOR_SIZE * slot;
	if (!access_bytes(w, &pc, *va, desc, 4 * sizeof(*desc), false))
		return false;
	*e = (struct sc_desc_entry) { .valid = true, .set = set, .slot = slot, .va = *va };
	memcpy(e->desc, desc, sizeof(e->desc));
	return true;
}

/* LDDESC, LDIMGDESC, LDSMPDESC: @slots consecutive descriptor slots. */
static void load_descriptors(struct sc_wave *w, const struct sc_insn *in, unsigned int slots)
{
	uint32_t set = sc_src(w, ISA, 0, 0)[0];
	uint64_t slot = sc_src(w, ISA, 1, 0)[0];
	unsigned int quad = ISA->dst.index / 4;

	for (unsigned int i = 0; i < slots; i++) {
		uint32_t desc[4];
		uint64_t va;

		if (!read_descriptor(w, set, slot + i, desc, &va))
			return;
		memcpy(&w->u[ISA->dst.index + 4 * i], desc, sizeof(desc));
		w->desc_va[quad + i] = va;
	}
}

HANDLER(op_lddesc) { load_descriptors(w, in, 1); }
HANDLER(op_ldimgdesc) { load_descriptors(w, in, EMBER_ISA_IMAGE_SLOTS); }
HANDLER(op_ldsmpdesc) { load_descriptors(w, in, EMBER_ISA_SAMPLER_SLOTS); }

void SC_VARIANT(sc_memory_handlers)(sc_handler t[EMBER_ISA_NUM_OPCODES])
{
#define SET(OP, fn) t[EMBER_ISA_OP_##OP] = fn
	SET(LDG, op_ldg); SET(STG, op_stg); SET(LDU, op_ldu); SET(ATOMG, op_atomg);
	SET(LDS, op_lds); SET(STS, op_sts); SET(ATOMS, op_atoms);
	SET(LDSCR, op_ldscr); SET(STSCR, op_stscr); SET(LDPUSH, op_ldpush);
	SET(LDDESC, op_lddesc); SET(LDIMGDESC, op_ldimgdesc); SET(LDSMPDESC, op_ldsmpdesc);
	SET(LDGA, op_ldga); SET(STGA, op_stga); SET(ATOMGA, op_atomga);
#undef SET
}
