/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Disassembler
 *
 * Prints instructions in the assembly syntax of ember-isa.rst:
 *
 *   [@p1 | @!p1 ] name[.type][.mod] dst, src0, src1, src2[, target]
 *
 * The type suffix is printed for opcodes with more than one type, the
 * modifier for opcodes whose modifier has names; immediates in hex, an
 * absent optional operand as "_". A whole binary becomes its directives
 * (every header field, so nothing is left to defaults) and its code with a
 * label "L<n>:" before every jump target, which ember_isa_assemble() turns
 * back into the same bytes.
 */

#include "ember_isa.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text_names.h"

struct out {
	char *buf;
	size_t size;
	size_t len;
};

static void put(struct out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(o->len < o->size ? o->buf + o->len : NULL,
		      o->len < o->size ? o->size - o->len : 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->len += (size_t)n;
}

static void put_operand(struct out *o, const struct ember_isa_operand *op)
{
	switch (op->kind) {
	case EMBER_ISA_VREG:
		put(o, "v%u", op->index);
		break;
	case EMBER_ISA_UREG:
		put(o, "u%u", op->index);
		break;
	case EMBER_ISA_PRED:
		put(o, "p%u", op->index);
		break;
	case EMBER_ISA_IMM:
		put(o, "0x%x", op->imm);
		break;
	default:
		put(o, "_");
		break;
	}
}

static void format(struct out *o, const struct ember_isa_insn *insn, bool labels)
{
	const struct ember_isa_opinfo *info = ember_isa_opinfo(insn->opcode);
	bool first = true;

	if (!info) {
		put(o, "<opcode 0x%x>", insn->opcode);
		return;
	}
	if (insn->guard)
		put(o, "@%sp%u ", insn->guard_negate ? "!" : "", insn->guard_pred);
	put(o, "%s", info->name);
	if (info->types & (info->types - 1))
		put(o, ".%s", ember_isa_type_name(insn->type) ?
		    ember_isa_type_name(insn->type) : "?");
	if (ember_isa_has_mod_names(insn->opcode)) {
		const char *name = ember_isa_mod_name(insn->opcode, insn->mod);

		if (name)
			put(o, ".%s", name);
		else
			put(o, ".%u", insn->mod);
	} else {
		unsigned int count;
		const struct ember_isa_flag_name *flags = ember_isa_mod_flags(insn->opcode, &count);

		for (unsigned int f = 0; f < count; f++)
			if (flags[f].bits && (insn->mod & flags[f].mask) == flags[f].bits)
				put(o, ".%s", flags[f].name);
	}
	unsigned int last = 4;

	/* Absent optional operands at the end are left out. */
	while (last > 0 && (!info->operand[last - 1] ||
			    ((info->operand[last - 1] & EMBER_ISA_K_OPT) &&
			     (last == 1 ? insn->dst.kind : insn->src[last - 2].kind) ==
			     EMBER_ISA_NONE)))
		last--;
	for (unsigned int i = 0; i < last; i++) {
		const struct ember_isa_operand *op = i ? &insn->src[i - 1] : &insn->dst;

		if (!info->operand[i])
			continue;
		put(o, first ? " " : ", ");
		first = false;
		put_operand(o, op);
	}
	if (info->flags & EMBER_ISA_F_TARGET) {
		put(o, first ? " " : ", ");
		if (labels)
			put(o, "L%u", insn->target);
		else
			put(o, "#%u", insn->target);
	}
}

int ember_isa_format(const struct ember_isa_insn *insn, char *buf, size_t size)
{
	struct out o = { .buf = buf, .size = size };

	if (size)
		buf[0] = 0;
	format(&o, insn, false);
	return (int)o.len;
}

/* A flag word list: each word whose bits are all in @bits, once. */
static void put_stage_flags(struct out *o, bool fragment, unsigned int bits)
{
	unsigned int done = 0;

	if (!bits)
		return;
	put(o, ".%s", fragment ? "fragment" : "vertex");
	for (unsigned int i = 0; i < ember_isa_stage_flag_count(fragment); i++) {
		const struct ember_isa_stage_flag *f = ember_isa_stage_flag(fragment, i);

		if ((bits & f->bits) == f->bits && !(done & f->bits)) {
			put(o, " %s", f->name);
			done |= f->bits;
		}
	}
	put(o, "\n");
}

/* The graphics directives; a compute shader has none. */
static void put_stage(struct out *o, const struct ember_isa_header *h)
{
	put(o, ".stage %s\n.inputs %u\n.outputs %u\n", ember_isa_stage_names[h->stage],
	    h->num_inputs, h->num_outputs);
	if (h->num_clip_distances || h->num_cull_distances)
		put(o, ".clip_distances %u\n.cull_distances %u\n", h->num_clip_distances,
		    h->num_cull_distances);
	put_stage_flags(o, true, h->fragment_flags);
	put_stage_flags(o, false, h->vertex_flags);
}

static void put_header(struct out *o, const struct ember_isa_shader *s)
{
	const struct ember_isa_header *h = &s->header;

	put(o, "; Ember shader, ISA %u.%u, %u instructions\n", h->version_major,
	    h->version_minor, s->num_insns);
	put(o, ".vregs %u\n.uregs %u\n.pregs %u\n", h->num_vregs, h->num_uregs,
	    h->num_pregs);
	put(o, ".shared %u\n.scratch %u\n.push %u\n", h->shared_bytes,
	    h->scratch_bytes, h->push_bytes);
	put(o, ".local_size %u %u %u\n", h->local_size[0], h->local_size[1],
	    h->local_size[2]);
	if (h->stage)
		put_stage(o, h);
	for (unsigned int i = 0; i < h->num_resources; i++) {
		struct ember_isa_resource r;

		ember_isa_shader_resource(s, i, &r);
		put(o, ".resource %u %u %s %u %u\n", r.set, r.binding,
		    ember_isa_resource_kind_name(r.kind),
		    r.slot, r.count);
	}
}

static int disassemble(const struct ember_isa_shader *s, struct out *o)
{
	struct ember_isa_insn insn;
	bool *is_target = calloc(s->num_insns + 1, sizeof(*is_target));
	int ret = 0;

	if (!is_target)
		return EMBER_ISA_ERR_SIZE;
	for (uint32_t i = 0; i < s->num_insns && !ret; i++) {
		ret = ember_isa_decode(s->code + (size_t)i * EMBER_ISA_INSN_SIZE, &insn);
		if (ret)
			break;
		if (ember_isa_opinfo(insn.opcode)->flags & EMBER_ISA_F_TARGET) {
			if (insn.target > s->num_insns)
				ret = EMBER_ISA_ERR_TARGET;
			else
				is_target[insn.target] = true;
		}
	}
	if (!ret) {
		put_header(o, s);
		for (uint32_t i = 0; i <= s->num_insns; i++) {
			if (is_target[i])
				put(o, "L%u:\n", i);
			if (i == s->num_insns)
				break;
			ember_isa_decode(s->code + (size_t)i * EMBER_ISA_INSN_SIZE, &insn);
			put(o, "\t");
			format(o, &insn, true);
			put(o, "\n");
		}
	}
	free(is_target);
	return ret;
}

int ember_isa_disassemble(const void *binary, size_t size, char **text)
{
	struct ember_isa_shader s;
	struct out o = { 0 };
	int ret = ember_isa_shader_parse(binary, size, &s);

	if (ret)
		return ret;
	/* Measure, then print. */
	ret = disassemble(&s, &o);
	if (ret)
		return ret;
	o = (struct out) { .buf = malloc(o.len + 1), .size = o.len + 1 };
	if (!o.buf)
		return EMBER_ISA_ERR_SIZE;
	disassemble(&s, &o);
	*text = o.buf;
	return 0;
}
