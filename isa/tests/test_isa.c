/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * ISA tests: every opcode with every type, modifier and operand form the
 * checker accepts is encoded, decoded back to the same struct, printed,
 * and the printed text assembled back to the same bytes; binaries round-trip
 * through the disassembler; malformed encodings, headers and assembly are
 * refused with the expected error.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember_isa.h"
#include "tap.h"

static const uint8_t kinds_of[] = {
	EMBER_ISA_NONE, EMBER_ISA_VREG, EMBER_ISA_UREG, EMBER_ISA_IMM, EMBER_ISA_PRED,
};

/* An operand of @kind; registers at 4-aligned, varied indices. */
static struct ember_isa_operand make_operand(uint8_t kind, unsigned int salt)
{
	switch (kind) {
	case EMBER_ISA_VREG:
		return (struct ember_isa_operand) { .kind = kind, .index = (uint8_t)(4 * (salt % 60) + 8) };
	case EMBER_ISA_UREG:
		return (struct ember_isa_operand) { .kind = kind, .index = (uint8_t)(4 * (salt % 30) + 4) };
	case EMBER_ISA_PRED:
		return (struct ember_isa_operand) { .kind = kind, .index = (uint8_t)(salt % 8) };
	case EMBER_ISA_IMM:
		return (struct ember_isa_operand) { .kind = kind, .imm = 0x80000001u * (salt + 1) };
	default:
		return (struct ember_isa_operand) { 0 };
	}
}

struct corpus {
	struct ember_isa_insn *insns;
	unsigned int count, cap;
	unsigned int per_opcode[EMBER_ISA_NUM_OPCODES];
};

static void add(struct corpus *c, const struct ember_isa_insn *insn)
{
	if (c->count == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 1024;
		c->insns = realloc(c->insns, c->cap * sizeof(*c->insns));
		if (!c->insns)
			abort();
	}
	c->insns[c->count++] = *insn;
	c->per_opcode[insn->opcode]++;
}

/* Every legal instruction form (kinds x types x modifiers x guard). */
static void enumerate(struct corpus *c)
{
	unsigned int salt = 0;

	for (unsigned int op = 0; op < EMBER_ISA_NUM_OPCODES; op++) {
		for (unsigned int type = 0; type < EMBER_ISA_NUM_TYPES; type++) {
			if (!(ember_isa_opinfo(op)->types & (1u << type)))
				continue;
			for (unsigned int mod = 0; mod < 32; mod++) {
				for (unsigned int combo = 0; combo < 5 * 5 * 5 * 5; combo++) {
					for (unsigned int guard = 0; guard < 2; guard++) {
						struct ember_isa_insn insn = {
							.opcode = (uint8_t)op, .type = (uint8_t)type,
							.mod = (uint8_t)mod, .guard = guard,
							.guard_negate = guard && (salt & 1),
							.guard_pred = guard ? (uint8_t)(salt % 8) : 0,
						};
						unsigned int k = combo;

						salt++;
						insn.dst = make_operand(kinds_of[k % 5], salt);
						k /= 5;
						for (int i = 0; i < 3; i++, k /= 5)
							insn.src[i] = make_operand(kinds_of[k % 5], salt + i + 1);
						/* Cluster sizes are powers of two. */
						if (op == EMBER_ISA_OP_SGREDUCE && insn.src[1].kind == EMBER_ISA_IMM)
							insn.src[1].imm = 1u << (salt % 6);
						if (ember_isa_opinfo(op)->flags & EMBER_ISA_F_TARGET)
							insn.target = salt % 1000;
						if (!ember_isa_check(&insn))
							add(c, &insn);
					}
				}
			}
		}
	}
}

static bool insn_equal(const struct ember_isa_insn *a, const struct ember_isa_insn *b)
{
	return !memcmp(a, b, sizeof(*a));
}

static bool test_every_opcode_has_forms(struct corpus *c)
{
	for (unsigned int op = 0; op < EMBER_ISA_NUM_OPCODES; op++) {
		if (!c->per_opcode[op])
			tap_diag("opcode %s has no legal form", ember_isa_opinfo(op)->name);
		CHECK(c->per_opcode[op] > 0);
	}
	tap_diag("%u legal instruction forms over %u opcodes", c->count,
		 (unsigned int)EMBER_ISA_NUM_OPCODES);
	CHECK(c->count > 5000);
	return true;
}

static bool test_encode_decode(struct corpus *c)
{
	for (unsigned int i = 0; i < c->count; i++) {
		uint8_t bytes[16];
		struct ember_isa_insn back;

		CHECK_EQ(ember_isa_encode(&c->insns[i], bytes), 0);
		CHECK_EQ(ember_isa_decode(bytes, &back), 0);
		if (!insn_equal(&back, &c->insns[i])) {
			char text[128];

			ember_isa_format(&c->insns[i], text, sizeof(text));
			tap_diag("decode differs: %s", text);
			return false;
		}
	}
	return true;
}

/*
 * The forms legal in @stage as one program of text, assembled: the same
 * bytes. Every form is legal in at least one stage.
 */
static bool text_round_trip(struct corpus *c, unsigned int stage, unsigned int *in_stage)
{
	size_t cap = (size_t)c->count * 96 + 256, len = 0, bin_size;
	char *text = malloc(cap), err[256];
	uint8_t *expect = malloc((size_t)c->count * 16);
	struct ember_isa_shader s;
	unsigned int count = 0;
	void *bin;
	bool ok;

	CHECK(text && expect);
	len += (size_t)snprintf(text, cap, ".vregs 256\n.uregs 128\n.pregs 8\n.stage %s\n",
				stage == EMBER_ISA_STAGE_VERTEX ? "vertex" :
				stage == EMBER_ISA_STAGE_FRAGMENT ? "fragment" : "compute");
	for (unsigned int i = 0; i < c->count; i++) {
		int n;

		if (ember_isa_check_stage(&c->insns[i], stage))
			continue;
		in_stage[i]++;

		text[len++] = '\t';
		n = ember_isa_format(&c->insns[i], text + len, cap - len);
		CHECK(n > 0 && (size_t)n < cap - len - 2);
		len += (size_t)n;
		text[len++] = '\n';
		text[len] = 0;
		CHECK_EQ(ember_isa_encode(&c->insns[i], expect + 16 * count++), 0);
	}
	if (ember_isa_assemble(text, &bin, &bin_size, err, sizeof(err))) {
		tap_diag("assemble: %s", err);
		return false;
	}
	CHECK_EQ(ember_isa_shader_parse(bin, bin_size, &s), 0);
	CHECK_EQ(s.header.stage, stage);
	CHECK_EQ(s.num_insns, count);
	ok = !memcmp(s.code, expect, (size_t)count * 16);
	for (unsigned int i = 0; !ok && i < count; i++) {
		if (memcmp(s.code + 16 * i, expect + 16 * i, 16)) {
			tap_diag("first difference at form %u of the stage", i);
			break;
		}
	}
	free(bin);
	free(text);
	free(expect);
	return ok;
}

static bool test_text_round_trip(struct corpus *c)
{
	unsigned int *in_stage = calloc(c->count, sizeof(*in_stage));

	CHECK(in_stage);
	for (unsigned int stage = 0; stage < EMBER_ISA_NUM_STAGES; stage++)
		CHECK(text_round_trip(c, stage, in_stage));
	for (unsigned int i = 0; i < c->count; i++)
		CHECK(in_stage[i] > 0);
	free(in_stage);
	return true;
}

static const char program[] =
	"; a loop with every control construct\n"
	".local_size 64 2 1\n"
	".shared 1024\n"
	".scratch 16\n"
	".push 8\n"
	".resource 0 1 storage 1 1\n"
	".resource 1 0 uniform 0 4\n"
	"\ts2r.local_index v0\n"
	"\tlddesc u0, 0, 1\n"
	"\tldpush u4, 0\n"
	"\tmov v1, 0\n"
	"\tloop Lend\n"
	"\tcmp.u32.ge p0, v1, u4\n"
	"\tbreak p0\n"
	"\tcmp.u32.eq p1, v0, 3\n"
	"\tif p1, Lelse\n"
	"\t@!p0 iadd v1, v1, 2\n"
	"Lelse: else Lendif\n"
	"\tiadd v1, v1, 1.0\n"
	"Lendif:\n"
	"\tendif\n"
	"\tendloop Lloop\n"
	"Lend: stg.u32 u0, v0, v1 // store\n"
	"\tend\n";

static bool test_program_round_trip(void)
{
	char err[256], *text, *text2;
	void *bin, *bin2;
	size_t size, size2;
	struct ember_isa_shader s;

	/* "Lloop" is not defined: the assembler says so. */
	CHECK(ember_isa_assemble(program, &bin, &size, err, sizeof(err)) ==
	      EMBER_ISA_ERR_TARGET);
	CHECK(strstr(err, "line 22") && strstr(err, "Lloop"));
	{
		char fixed[sizeof(program) + 16];
		char *at = strstr(program, "\tloop Lend");

		snprintf(fixed, sizeof(fixed), "%.*sLloop:\n%s",
			 (int)(at - program), program, at);
		CHECK_EQ(ember_isa_assemble(fixed, &bin, &size, err, sizeof(err)), 0);
	}
	CHECK_EQ(ember_isa_shader_parse(bin, size, &s), 0);
	CHECK_EQ(s.header.local_size[0], 64);
	CHECK_EQ(s.header.local_size[1], 2);
	CHECK_EQ(s.header.shared_bytes, 1024);
	CHECK_EQ(s.header.scratch_bytes, 16);
	CHECK_EQ(s.header.push_bytes, 8);
	CHECK_EQ(s.header.num_vregs, 2);
	CHECK_EQ(s.header.num_uregs, 5);
	CHECK_EQ(s.header.num_pregs, 2);
	CHECK_EQ(s.header.num_resources, 2);
	CHECK_EQ(s.num_insns, 16);
	{
		struct ember_isa_resource r;

		ember_isa_shader_resource(&s, 1, &r);
		CHECK_EQ(r.set, 1);
		CHECK_EQ(r.kind, EMBER_ISA_RES_UNIFORM_BUFFER);
		CHECK_EQ(r.count, 4);
	}
	{
		struct ember_isa_insn insn;

		/* "iadd v1, v1, 1.0": a float literal is its f32 bits. */
		CHECK_EQ(ember_isa_decode(s.code + 16 * 11, &insn), 0);
		CHECK_EQ(insn.opcode, EMBER_ISA_OP_IADD);
		CHECK_EQ(insn.src[1].imm, 0x3f800000);
		/* "endloop Lloop" targets the LOOP at index 4. */
		CHECK_EQ(ember_isa_decode(s.code + 16 * 13, &insn), 0);
		CHECK_EQ(insn.opcode, EMBER_ISA_OP_ENDLOOP);
		CHECK_EQ(insn.target, 4);
		CHECK_EQ(ember_isa_decode(s.code + 16 * 9, &insn), 0);
		CHECK(insn.guard && insn.guard_negate && insn.guard_pred == 0);
	}
	CHECK_EQ(ember_isa_disassemble(bin, size, &text), 0);
	CHECK_EQ(ember_isa_assemble(text, &bin2, &size2, err, sizeof(err)), 0);
	CHECK_EQ(size2, size);
	CHECK(!memcmp(bin, bin2, size));
	CHECK_EQ(ember_isa_disassemble(bin2, size2, &text2), 0);
	CHECK(!strcmp(text, text2));
	free(text);
	free(text2);
	free(bin);
	free(bin2);
	return true;
}

static const char image_program[] =
	".resource 0 0 combined_image_sampler 0 2\n"
	".resource 0 1 storage_image 12 1\n"
	".resource 1 0 sampled_image 0 1\n"
	".resource 1 1 sampler 4 1\n"
	".resource 1 2 uniform_texel_buffer 6 1\n"
	".resource 1 3 storage_texel_buffer 7 1\n"
	"\tldimgdesc u0, 0, 0\n"
	"\tldsmpdesc u16, 0, 4\n"
	"\tldimgdesc u32, 0, u120\n"
	"\tlddesc u24, 1, 6\n"
	"\ttexl v0, u0, u16, v8\n"
	"\ttexl.dref.off v4, u0, u16, v8\n"
	"\ttexg.off v0, u0, u16, v16\n"
	"\tgather.b v0, u0, u16, v8\n"
	"\tgather.dref.offs v0, u0, u16, v8\n"
	"\tgather.a.off v0, u0, u16, v8\n"
	"\tfetch.off v0, u32, v8\n"
	"\timgld v0, u32, v8\n"
	"\timgst u32, v8, v0\n"
	"\timgatom.cmpxchg v0, u32, v8, v2\n"
	"\timgatom.umax _, u32, v8, v2\n"
	"\ttbld v0, u24, v9\n"
	"\ttbst u24, 5, v4\n"
	"\ttbatom.add v1, u24, v9, 1\n"
	"\timgsize u4, u32, 0\n"
	"\timgsize v4, u32, v1\n"
	"\timgquery.samples u8, u32\n"
	"\tend\n";

/* The image instructions: fixed register groups, text round trip. */
static bool test_image_program(void)
{
	char err[256], *text;
	void *bin, *bin2;
	size_t size, size2;
	struct ember_isa_shader s;
	struct ember_isa_insn insn;

	if (ember_isa_assemble(image_program, &bin, &size, err, sizeof(err))) {
		tap_diag("%s", err);
		return false;
	}
	CHECK_EQ(ember_isa_shader_parse(bin, size, &s), 0);
	CHECK_EQ(s.header.version_minor, EMBER_ISA_VERSION_MINOR);
	/* u120 is the slot; the highest group ends at v16 + 4 + 6 + 1. */
	CHECK_EQ(s.header.num_uregs, 121);
	CHECK_EQ(s.header.num_vregs, 27);
	CHECK_EQ(ember_isa_decode(s.code + 16 * 5, &insn), 0);
	CHECK_EQ(insn.opcode, EMBER_ISA_OP_TEXL);
	CHECK_EQ(insn.mod, EMBER_ISA_TEX_DREF | EMBER_ISA_TEX_OFFSET);
	CHECK_EQ(ember_isa_operand_regs(&insn, 0), 1);
	CHECK_EQ(ember_isa_operand_regs(&insn, 1), 16);
	CHECK_EQ(ember_isa_operand_regs(&insn, 2), 8);
	CHECK_EQ(ember_isa_operand_regs(&insn, 3), 7);
	CHECK_EQ(ember_isa_decode(s.code + 16 * 8, &insn), 0);
	CHECK_EQ(insn.mod, EMBER_ISA_GATHER_DREF | EMBER_ISA_GATHER_OFFSETS);
	CHECK_EQ(ember_isa_operand_regs(&insn, 3), 9);
	CHECK_EQ(ember_isa_decode(s.code + 16 * 13, &insn), 0);
	CHECK_EQ(insn.opcode, EMBER_ISA_OP_IMGATOM);
	CHECK_EQ(ember_isa_operand_regs(&insn, 3), 2);
	CHECK_EQ(ember_isa_disassemble(bin, size, &text), 0);
	CHECK(strstr(text, "gather.a.off v0") && strstr(text, "texl.dref.off v4"));
	CHECK(strstr(text, ".resource 0 0 combined_image_sampler 0 2"));
	CHECK_EQ(ember_isa_assemble(text, &bin2, &size2, err, sizeof(err)), 0);
	CHECK_EQ(size2, size);
	CHECK(!memcmp(bin, bin2, size));
	/* ".r" is gather's default component: the same bytes as none. */
	free(bin2);
	CHECK_EQ(ember_isa_assemble("gather.r v0, u0, u16, v4\n", &bin2, &size2, err,
				    sizeof(err)), 0);
	CHECK_EQ(ember_isa_shader_parse(bin2, size2, &s), 0);
	CHECK_EQ(ember_isa_decode(s.code, &insn), 0);
	CHECK_EQ(insn.mod, 0);
	free(bin2);
	free(text);
	free(bin);
	return true;
}

static bool refused(const char *text, int expect, const char *why)
{
	char err[256];
	void *bin;
	size_t size;
	int ret = ember_isa_assemble(text, &bin, &size, err, sizeof(err));

	if (ret != expect || !strstr(err, why)) {
		tap_diag("'%s': got %d '%s', want %d '%s'", text, ret, err, expect, why);
		if (!ret)
			free(bin);
		return false;
	}
	return true;
}

static bool test_assembler_refusals(void)
{
	CHECK(refused("frob v0, v1\n", EMBER_ISA_ERR_OPCODE, "unknown opcode 'frob'"));
	CHECK(refused("iadd v0, v1\n", EMBER_ISA_ERR_OPERAND, "takes 3 operands"));
	CHECK(refused("iadd.f32 v0, v1, v2\n", EMBER_ISA_ERR_TYPE, "type not allowed"));
	CHECK(refused("iadd.eq v0, v1, v2\n", EMBER_ISA_ERR_MOD, "bad suffix"));
	CHECK(refused("cmp.u32 p0, v1, v2\n", EMBER_ISA_ERR_MOD, "needs a modifier"));
	CHECK(refused("cmp.u32.uno p0, v1, v2\n", EMBER_ISA_ERR_MOD, "modifier"));
	CHECK(refused("iadd.u64 v1, v2, v4\n", EMBER_ISA_ERR_REGISTER, "misaligned"));
	CHECK(refused("iadd u0, v2, v4\n", EMBER_ISA_ERR_UNIFORM, "uniform"));
	CHECK(refused("iadd v0, 1, 2\n\tmov v1, 3\n\tfadd v0, 1, 2\n\tffma v0, 1, 2, 3\n",
		      EMBER_ISA_ERR_LITERALS, "line 4: too many"));
	CHECK(refused("bra nowhere\n", EMBER_ISA_ERR_TARGET, "unknown label"));
	CHECK(refused("@p0 end\n", EMBER_ISA_ERR_GUARD, "guard"));
	CHECK(refused(".vregs 1\n mov v1, 0\n", EMBER_ISA_ERR_REGISTER, ".vregs"));
	CHECK(refused(".local_size 1024 2 1\n end\n", EMBER_ISA_ERR_LIMIT, "limit"));
	CHECK(refused(".bogus 3\n end\n", EMBER_ISA_ERR_HEADER, "unknown directive"));
	CHECK(refused("sgreduce.u32.add v0, v1, 3\n", EMBER_ISA_ERR_OPERAND, "operand"));
	/* 64-bit subgroup arithmetic works on aligned pairs; no bitwise ops on f32. */
	CHECK(refused("sgreduce.u64.min v0, v3, 8\n", EMBER_ISA_ERR_REGISTER, "misaligned"));
	CHECK(refused("sgiscan.s64.max v1, v2\n", EMBER_ISA_ERR_REGISTER, "misaligned"));
	CHECK(refused("sgescan.f32.xor v0, v1\n", EMBER_ISA_ERR_MOD, "modifier"));
	CHECK(refused("sgreduce.u8.add v0, v1, 32\n", EMBER_ISA_ERR_TYPE, "type not allowed"));
	CHECK(refused("s2r.lane_id u0\n", EMBER_ISA_ERR_OPERAND, "operand"));
	CHECK(refused("", EMBER_ISA_ERR_SIZE, "no instructions"));
	/* A 64-bit address is an even-aligned pair, never an immediate. */
	CHECK(refused("ldga.u32 v0, v3\n", EMBER_ISA_ERR_REGISTER, "misaligned"));
	CHECK(refused("ldga.u32 v0, 4096\n", EMBER_ISA_ERR_OPERAND, "operand"));
	CHECK(refused("stga.u32 u1, v0\n", EMBER_ISA_ERR_REGISTER, "misaligned"));
	CHECK(refused("atomga.u32.cmpxchg v0, v2, 5\n", EMBER_ISA_ERR_OPERAND, "operand"));
	CHECK(refused("atomga.u64.add v0, v2, v5\n", EMBER_ISA_ERR_REGISTER, "misaligned"));
	/* Image descriptors are 16 uniform registers, 4-aligned, never vectors. */
	CHECK(refused("ldimgdesc u2, 0, 0\n", EMBER_ISA_ERR_REGISTER, "misaligned"));
	CHECK(refused("ldimgdesc u116, 0, 0\n", EMBER_ISA_ERR_REGISTER, "out of range"));
	CHECK(refused("imgld v0, v4, v8\n", EMBER_ISA_ERR_OPERAND, "operand"));
	CHECK(refused("texl v0, u0, u16, v6\n", EMBER_ISA_ERR_REGISTER, "misaligned"));
	CHECK(refused("texg v0, u0, u16, v248\n", EMBER_ISA_ERR_REGISTER, "out of range"));
	CHECK(refused("@p0 ldsmpdesc u0, 0, 0\n", EMBER_ISA_ERR_GUARD, "guard"));
	/* A comparison gathers no component; one offset or four, not both. */
	CHECK(refused("gather.g.dref v0, u0, u16, v4\n", EMBER_ISA_ERR_MOD, "modifier"));
	CHECK(refused("gather.off.offs v0, u0, u16, v4\n", EMBER_ISA_ERR_MOD, "modifier"));
	CHECK(refused("gather.r.g v0, u0, u16, v4\n", EMBER_ISA_ERR_MOD, "bad suffix"));
	CHECK(refused("texl.off.off v0, u0, u16, v4\n", EMBER_ISA_ERR_MOD, "bad suffix"));
	CHECK(refused("imgatom v0, u0, v4, v8\n", EMBER_ISA_ERR_MOD, "needs a modifier"));
	CHECK(refused("imgatom.cmpxchg v0, u0, v4, 7\n", EMBER_ISA_ERR_OPERAND, "operand"));
	/* No 64-bit image atomics: the texture unit has no R64 formats. */
	CHECK(refused("imgatom.u64.add v0, u0, v4, v8\n", EMBER_ISA_ERR_TYPE, "type"));
	CHECK(refused("tbatom.u64.xchg v0, u0, v4, v8\n", EMBER_ISA_ERR_TYPE, "type"));
	CHECK(refused("imgsize u0, u16, v1\n", EMBER_ISA_ERR_UNIFORM, "uniform"));
	CHECK(refused(".resource 0 0 texture 0 1\n end\n", EMBER_ISA_ERR_HEADER,
		      "unknown resource kind"));
	return true;
}

static bool test_decode_refusals(void)
{
	struct ember_isa_insn insn = {
		.opcode = EMBER_ISA_OP_IADD,
		.dst = { .kind = EMBER_ISA_VREG, .index = 1 },
		.src = { { .kind = EMBER_ISA_VREG, .index = 2 },
			 { .kind = EMBER_ISA_IMM, .imm = 7 } },
	};
	uint8_t good[16], bad[16];
	uint64_t w0;

	CHECK_EQ(ember_isa_encode(&insn, good), 0);
	/* Opcode past the table. */
	memcpy(bad, good, 16);
	bad[0] = 0xff;
	CHECK_EQ(ember_isa_decode(bad, &insn), EMBER_ISA_ERR_OPCODE);
	/* Reserved bit 63. */
	memcpy(bad, good, 16);
	bad[7] |= 0x80;
	CHECK_EQ(ember_isa_decode(bad, &insn), EMBER_ISA_ERR_RESERVED);
	/* Unused literal slot 1 set. */
	memcpy(bad, good, 16);
	bad[12] = 1;
	CHECK_EQ(ember_isa_decode(bad, &insn), EMBER_ISA_ERR_RESERVED);
	/* A type IADD does not have (F32). */
	memcpy(bad, good, 16);
	bad[1] = (bad[1] & 0xf0) | EMBER_ISA_F32;
	CHECK_EQ(ember_isa_decode(bad, &insn), EMBER_ISA_ERR_TYPE);
	/* A mod on an opcode without one. */
	memcpy(bad, good, 16);
	bad[1] |= 0x10;
	CHECK_EQ(ember_isa_decode(bad, &insn), EMBER_ISA_ERR_MOD);
	/* A predicate where IADD takes none, then p9 in PAND. */
	memcpy(&w0, good, 8);
	w0 &= ~((uint64_t)0x3ff << EMBER_ISA_W0_OPERAND_SHIFT(1));
	w0 |= (uint64_t)(EMBER_ISA_CLASS_PRED << 8 | 1) << EMBER_ISA_W0_OPERAND_SHIFT(1);
	memcpy(bad, good, 16);
	memcpy(bad, &w0, 8);
	CHECK_EQ(ember_isa_decode(bad, &insn), EMBER_ISA_ERR_OPERAND);
	{
		struct ember_isa_insn pand = {
			.opcode = EMBER_ISA_OP_PAND,
			.dst = { .kind = EMBER_ISA_PRED, .index = 0 },
			.src = { { .kind = EMBER_ISA_PRED, .index = 1 },
				 { .kind = EMBER_ISA_PRED, .index = 2 } },
		};

		CHECK_EQ(ember_isa_encode(&pand, bad), 0);
		memcpy(&w0, bad, 8);
		w0 |= (uint64_t)9 << EMBER_ISA_W0_OPERAND_SHIFT(1);
		memcpy(bad, &w0, 8);
		CHECK_EQ(ember_isa_decode(bad, &insn), EMBER_ISA_ERR_REGISTER);
		pand.src[0].index = 8;
		CHECK_EQ(ember_isa_encode(&pand, bad), EMBER_ISA_ERR_REGISTER);
	}
	/* Immediate in literal slot 1 while slot 0 is unused. */
	memcpy(&w0, good, 8);
	w0 |= (uint64_t)1 << EMBER_ISA_W0_OPERAND_SHIFT(2);
	memcpy(bad, good, 16);
	memcpy(bad, &w0, 8);
	CHECK_EQ(ember_isa_decode(bad, &insn), EMBER_ISA_ERR_RESERVED);
	/* Guard bits without the enable bit. */
	memcpy(&w0, good, 8);
	w0 |= (uint64_t)2 << EMBER_ISA_W0_GUARD_SHIFT;
	memcpy(bad, good, 16);
	memcpy(bad, &w0, 8);
	CHECK_EQ(ember_isa_decode(bad, &insn), EMBER_ISA_ERR_RESERVED);
	CHECK_EQ(ember_isa_decode(good, &insn), 0);
	return true;
}

static bool test_header_refusals(void)
{
	struct ember_isa_insn end = { .opcode = EMBER_ISA_OP_END };
	struct ember_isa_header h = { .local_size = { 32, 1, 1 } };
	struct ember_isa_shader s;
	uint8_t code[16], *bin;
	void *out;
	size_t size;

	CHECK_EQ(ember_isa_encode(&end, code), 0);
	CHECK_EQ(ember_isa_shader_build(&h, NULL, code, 1, &out, &size), 0);
	bin = out;
	CHECK_EQ(size, 80);
	CHECK_EQ(ember_isa_shader_parse(bin, size, &s), 0);
	CHECK_EQ(ember_isa_shader_parse(bin, size - 16, &s), EMBER_ISA_ERR_SIZE);
	CHECK_EQ(ember_isa_shader_parse(bin, 40, &s), EMBER_ISA_ERR_SIZE);
	bin[0] ^= 1;
	CHECK_EQ(ember_isa_shader_parse(bin, size, &s), EMBER_ISA_ERR_HEADER);
	bin[0] ^= 1;
	bin[4] = 2;	/* version major 2 */
	CHECK_EQ(ember_isa_shader_parse(bin, size, &s), EMBER_ISA_ERR_HEADER);
	bin[4] = 1;
	bin[17] = 2;	/* num_vregs 512 */
	CHECK_EQ(ember_isa_shader_parse(bin, size, &s), EMBER_ISA_ERR_LIMIT);
	bin[17] = 0;
	CHECK_EQ(ember_isa_shader_parse(bin, size, &s), 0);
	free(out);
	h.local_size[0] = 0;
	CHECK_EQ(ember_isa_shader_build(&h, NULL, code, 1, &out, &size), EMBER_ISA_ERR_LIMIT);
	h.local_size[0] = 32;
	{
		/* Image resources need a 1.2 binary: a 1.1 one is refused. */
		struct ember_isa_resource r = {
			.set = 1, .kind = EMBER_ISA_RES_STORAGE_IMAGE, .slot = 4, .count = 1,
		};

		h.num_resources = 1;
		CHECK_EQ(ember_isa_shader_build(&h, &r, code, 1, &out, &size), 0);
		bin = out;
		CHECK_EQ(ember_isa_shader_parse(bin, size, &s), 0);
		CHECK_EQ(bin[6], EMBER_ISA_VERSION_MINOR);	/* version minor */
		bin[6] = 1;
		CHECK_EQ(ember_isa_shader_parse(bin, size, &s), EMBER_ISA_ERR_HEADER);
		bin[6] = EMBER_ISA_VERSION_MINOR;
		bin[65] = 9;	/* kind 9 */
		CHECK_EQ(ember_isa_shader_parse(bin, size, &s), EMBER_ISA_ERR_HEADER);
		free(out);
	}
	return true;
}

/*
 * ISA 1.3's 32-bit slots: resources and descriptor loads past 65535, up
 * to the last slot there is, survive assembly, parsing and disassembly.
 */
static const char wide_program[] =
	".resource 0 0 storage 70000 500000\n"
	".resource 0 1 sampled_image 4294967000 74\n"
	".resource 7 65535 combined_image_sampler 65536 1\n"
	"\tlddesc u0, 0, 569999\n"
	"\tmov u4, 100000\n"
	"\tlddesc u8, 0, u4\n"
	"\tldimgdesc u16, 0, 4294967292\n"
	"\tend\n";

static bool test_wide_resources(void)
{
	struct ember_isa_resource r;
	struct ember_isa_shader s;
	struct ember_isa_insn insn;
	char err[256], *text;
	void *bin, *bin2;
	size_t size, size2;

	CHECK_EQ(ember_isa_assemble(wide_program, &bin, &size, err, sizeof(err)), 0);
	CHECK_EQ(ember_isa_shader_parse(bin, size, &s), 0);
	CHECK_EQ(s.header.version_minor, EMBER_ISA_VERSION_MINOR);
	CHECK_EQ(s.header.header_size, 64 + 3 * 16);
	ember_isa_shader_resource(&s, 0, &r);
	CHECK(r.set == 0 && r.binding == 0 && r.slot == 70000 && r.count == 500000);
	ember_isa_shader_resource(&s, 1, &r);
	CHECK(r.kind == EMBER_ISA_RES_SAMPLED_IMAGE && r.slot == 4294967000u && r.count == 74);
	CHECK(ember_isa_shader_find_resource(&s, 7, 65535, &r));
	CHECK(r.kind == EMBER_ISA_RES_COMBINED_IMAGE_SAMPLER && r.slot == 65536);
	CHECK_EQ(ember_isa_decode(s.code, &insn), 0);
	CHECK_EQ(insn.src[1].imm, 569999);
	CHECK_EQ(ember_isa_decode(s.code + 16 * 3, &insn), 0);
	CHECK_EQ(insn.src[1].imm, 4294967292u);
	CHECK_EQ(ember_isa_disassemble(bin, size, &text), 0);
	CHECK(strstr(text, ".resource 0 0 storage 70000 500000"));
	CHECK_EQ(ember_isa_assemble(text, &bin2, &size2, err, sizeof(err)), 0);
	CHECK(size2 == size && !memcmp(bin, bin2, size));
	free(text);
	free(bin2);
	/* A reserved word set, or a last slot past 2^32 - 1, is a bad header. */
	((uint8_t *)bin)[64 + 12] = 1;
	CHECK_EQ(ember_isa_shader_parse(bin, size, &s), EMBER_ISA_ERR_HEADER);
	((uint8_t *)bin)[64 + 12] = 0;
	((uint8_t *)bin)[64 + 16 + 8] = 75;	/* 74 images from 4294967000: the last */
	CHECK_EQ(ember_isa_shader_parse(bin, size, &s), EMBER_ISA_ERR_HEADER);
	free(bin);
	CHECK(refused(".resource 0 1 sampled_image 4294967000 75\n\tend\n",
		      EMBER_ISA_ERR_HEADER, "header"));
	CHECK(refused(".resource 0 1 storage 4294967296 1\n\tend\n",
		      EMBER_ISA_ERR_HEADER, "bad .resource"));
	return true;
}

/* A binary of ISA 1.2, 8-byte resource entries, still parses to the same. */
static bool test_resources_1_2(void)
{
	struct ember_isa_insn end = { .opcode = EMBER_ISA_OP_END };
	struct ember_isa_resource_1_2 old = {
		.set = 2, .kind = EMBER_ISA_RES_STORAGE_IMAGE, .binding = 9, .slot = 65000, .count = 3,
	};
	struct ember_isa_header h = {
		.magic = EMBER_ISA_MAGIC, .version_major = 1, .version_minor = 2,
		.header_size = 80, .code_size = 16, .num_resources = 1,
		.local_size = { 1, 1, 1 },
	};
	uint32_t dw[EMBER_ISA_HEADER_DWORDS];
	struct ember_isa_resource r;
	struct ember_isa_shader s;
	uint8_t bin[96] = { 0 };

	ember_isa_header_pack(dw, &h);
	memcpy(bin, dw, sizeof(dw));	/* a little-endian host */
	ember_isa_resource_1_2_pack(dw, &old);
	memcpy(bin + 64, dw, 4 * EMBER_ISA_RESOURCE_1_2_DWORDS);
	CHECK_EQ(ember_isa_encode(&end, bin + 80), 0);
	CHECK_EQ(ember_isa_shader_parse(bin, sizeof(bin), &s), 0);
	ember_isa_shader_resource(&s, 0, &r);
	CHECK(r.set == 2 && r.kind == EMBER_ISA_RES_STORAGE_IMAGE && r.binding == 9 &&
	      r.slot == 65000 && r.count == 3 && !r.reserved);
	/* The 1.3 size of the table is not a 1.2 binary's, nor the reverse. */
	h.header_size = 80 + 16;
	ember_isa_header_pack(dw, &h);
	memcpy(bin, dw, sizeof(dw));
	CHECK_EQ(ember_isa_shader_parse(bin, sizeof(bin), &s), EMBER_ISA_ERR_HEADER);
	h.header_size = 80;
	h.version_minor = 3;
	ember_isa_header_pack(dw, &h);
	memcpy(bin, dw, sizeof(dw));
	CHECK_EQ(ember_isa_shader_parse(bin, sizeof(bin), &s), EMBER_ISA_ERR_HEADER);
	return true;
}

int main(void)
{
	struct corpus c = { 0 };

	enumerate(&c);
	tap_result(test_every_opcode_has_forms(&c), "every-opcode-has-forms");
	tap_result(test_encode_decode(&c), "encode-decode-round-trip");
	tap_result(test_text_round_trip(&c), "text-round-trip-every-form");
	tap_result(test_program_round_trip(), "program-disassemble-reassemble");
	tap_result(test_image_program(), "image-program-round-trip");
	tap_result(test_assembler_refusals(), "assembler-refusals");
	tap_result(test_decode_refusals(), "decode-refusals");
	tap_result(test_header_refusals(), "header-refusals");
	tap_result(test_wide_resources(), "wide-resources-32-bit-slots");
	tap_result(test_resources_1_2(), "resources-of-1.2-binaries");
	free(c.insns);
	return tap_finish();
}
