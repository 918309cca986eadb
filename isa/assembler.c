/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Assembler
 *
 * Turns the assembly syntax (ember-isa.rst, "Assembly") into a shader
 * binary in two passes over the text: the first numbers the instructions
 * and records the labels ("name:" on a line of its own or before an
 * instruction), the second parses each instruction into a struct
 * ember_isa_insn and encodes it with ember_isa_encode(), so the assembler
 * accepts exactly what the encoder accepts. Comments start with ';' or
 * "//". Directives set the header; register counts left out are the
 * highest register used plus its width, a missing .local_size is 1 1 1.
 * Immediates are integers (decimal, 0x hex, negative) or floats (with a
 * '.', an exponent, "inf" or "nan"), stored as their f32 bits.
 */

#include "ember_isa.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text_names.h"

#define MAX_RESOURCES		256
#define MAX_LABEL		64

struct label {
	char name[MAX_LABEL];
	uint32_t index;
};

struct assembler {
	struct ember_isa_header header;
	struct ember_isa_resource resources[MAX_RESOURCES];
	bool regs_given[3];
	unsigned int used_regs[3];	/* v, u, p: highest + width */
	struct label *labels;
	unsigned int num_labels, cap_labels;
	uint8_t *code;
	/** @insn_line: the line of each instruction, for the stage check. */
	unsigned int *insn_line;
	uint32_t num_insns, cap_insns;
	unsigned int line;
	char *err;
	size_t err_size;
};

static int fail(struct assembler *as, int ret, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(struct assembler *as, int ret, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!as->err_size)
		return ret;
	n = snprintf(as->err, as->err_size, "line %u: ", as->line);
	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < as->err_size)
		vsnprintf(as->err + n, as->err_size - n, fmt, ap);
	va_end(ap);
	return ret;
}

static const char *skip_space(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\r')
		p++;
	return p;
}

static bool is_ident(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '$';
}

/* The end of the line's content: before a comment or the newline. */
static const char *content_end(const char *p)
{
	while (*p && *p != '\n' && *p != ';' && !(p[0] == '/' && p[1] == '/'))
		p++;
	return p;
}

static const struct label *find_label(const struct assembler *as,
				      const char *name, size_t len)
{
	for (unsigned int i = 0; i < as->num_labels; i++)
		if (strlen(as->labels[i].name) == len &&
		    !memcmp(as->labels[i].name, name, len))
			return &as->labels[i];
	return NULL;
}

static int add_label(struct assembler *as, const char *name, size_t len)
{
	if (len >= MAX_LABEL)
		return fail(as, EMBER_ISA_ERR_LIMIT, "label too long");
	if (find_label(as, name, len))
		return fail(as, EMBER_ISA_ERR_TARGET, "label '%.*s' defined twice",
			    (int)len, name);
	if (as->num_labels == as->cap_labels) {
		unsigned int cap = as->cap_labels ? 2 * as->cap_labels : 32;
		struct label *l = realloc(as->labels, cap * sizeof(*l));

		if (!l)
			return fail(as, EMBER_ISA_ERR_SIZE, "out of memory");
		as->labels = l;
		as->cap_labels = cap;
	}
	memcpy(as->labels[as->num_labels].name, name, len);
	as->labels[as->num_labels].name[len] = 0;
	as->labels[as->num_labels++].index = as->num_insns;
	return 0;
}

/* A "label:" at @p: its length (without ':'), or 0. */
static size_t label_at(const char *p)
{
	size_t n = 0;

	while (is_ident(p[n]) && p[n] != '.')
		n++;
	return n && p[n] == ':' ? n : 0;
}

static bool parse_uint(const char **pp, const char *end, uint64_t *value)
{
	const char *p = skip_space(*pp);
	char *e;

	if (p >= end || !isdigit((unsigned char)*p))
		return false;
	errno = 0;
	*value = strtoull(p, &e, 0);
	if (errno || e > end)
		return false;
	*pp = e;
	return true;
}

/* An immediate: integer or float; its 32 bits. */
static bool parse_imm(const char *p, size_t len, uint32_t *value)
{
	char buf[64];
	char *e;

	if (!len || len >= sizeof(buf))
		return false;
	memcpy(buf, p, len);
	buf[len] = 0;
	if (strpbrk(buf, ".nN") || (!strstr(buf, "0x") && strpbrk(buf, "eE"))) {
		float f;

		errno = 0;
		f = strtof(buf, &e);
		if (errno || *e)
			return false;
		memcpy(value, &f, 4);
		return true;
	}
	errno = 0;
	if (buf[0] == '-') {
		long long v = strtoll(buf, &e, 0);

		if (errno || *e || v < INT32_MIN)
			return false;
		*value = (uint32_t)v;
	} else {
		unsigned long long v = strtoull(buf, &e, 0);

		if (errno || *e || v > UINT32_MAX)
			return false;
		*value = (uint32_t)v;
	}
	return true;
}

static int parse_operand(struct assembler *as, const char *p, size_t len,
			 struct ember_isa_operand *op)
{
	unsigned long index;
	char *e;

	*op = (struct ember_isa_operand) { 0 };
	if (len == 1 && *p == '_')
		return 0;
	if (len >= 2 && (*p == 'v' || *p == 'u' || *p == 'p') &&
	    isdigit((unsigned char)p[1])) {
		index = strtoul(p + 1, &e, 10);
		if (e != p + len || index > 255)
			return fail(as, EMBER_ISA_ERR_REGISTER, "bad register '%.*s'",
				    (int)len, p);
		op->kind = *p == 'v' ? EMBER_ISA_VREG :
			   *p == 'u' ? EMBER_ISA_UREG : EMBER_ISA_PRED;
		op->index = (uint8_t)index;
		return 0;
	}
	if (!parse_imm(p, len, &op->imm))
		return fail(as, EMBER_ISA_ERR_OPERAND, "bad operand '%.*s'", (int)len, p);
	op->kind = EMBER_ISA_IMM;
	return 0;
}

static int parse_target(struct assembler *as, const char *p, size_t len,
			uint32_t *target)
{
	const struct label *l;
	char *e;

	if (len > 1 && *p == '#') {
		*target = (uint32_t)strtoul(p + 1, &e, 10);
		if (e == p + len)
			return 0;
	}
	l = find_label(as, p, len);
	if (!l)
		return fail(as, EMBER_ISA_ERR_TARGET, "unknown label '%.*s'", (int)len, p);
	*target = l->index;
	return 0;
}

static int find_opcode(const char *name, size_t len)
{
	for (unsigned int op = 0; op < EMBER_ISA_NUM_OPCODES; op++) {
		const char *n = ember_isa_opinfo(op)->name;

		if (strlen(n) == len && !memcmp(n, name, len))
			return (int)op;
	}
	return -1;
}

static int find_type(const char *name, size_t len)
{
	for (unsigned int t = 0; t < EMBER_ISA_NUM_TYPES; t++) {
		const char *n = ember_isa_type_name(t);

		if (strlen(n) == len && !memcmp(n, name, len))
			return (int)t;
	}
	return -1;
}

static int flag_lookup(const struct ember_isa_flag_name *flags, unsigned int count,
		       const char *name, size_t len)
{
	for (unsigned int i = 0; i < count; i++)
		if (strlen(flags[i].name) == len && !memcmp(flags[i].name, name, len))
			return (int)i;
	return -1;
}

/* "name[.suffix]*": opcode, type and modifier (a name, or flags). */
static int parse_mnemonic(struct assembler *as, const char *p, size_t len,
			  struct ember_isa_insn *insn)
{
	const char *dot = memchr(p, '.', len);
	size_t name_len = dot ? (size_t)(dot - p) : len;
	int op = find_opcode(p, name_len);
	const struct ember_isa_opinfo *info;
	const struct ember_isa_flag_name *flags;
	unsigned int num_flags, flags_seen = 0;
	bool typed = false, modded = false;

	if (op < 0)
		return fail(as, EMBER_ISA_ERR_OPCODE, "unknown opcode '%.*s'",
			    (int)name_len, p);
	info = ember_isa_opinfo(op);
	insn->opcode = (uint8_t)op;
	insn->type = (uint8_t)__builtin_ctz(info->types);
	flags = ember_isa_mod_flags(op, &num_flags);
	while (dot) {
		const char *s = dot + 1;
		const char *next = memchr(s, '.', len - (size_t)(s - p));
		size_t slen = next ? (size_t)(next - s) : len - (size_t)(s - p);
		int v;

		if (!typed && (v = find_type(s, slen)) >= 0) {
			insn->type = (uint8_t)v;
			typed = true;
		} else if (!modded && (v = ember_isa_mod_lookup(op, s, slen)) >= 0) {
			insn->mod = (uint8_t)v;
			modded = true;
		} else if ((v = flag_lookup(flags, num_flags, s, slen)) >= 0 &&
			   !(flags_seen & flags[v].mask)) {
			insn->mod |= flags[v].bits;
			flags_seen |= flags[v].mask;
		} else {
			return fail(as, EMBER_ISA_ERR_MOD, "bad suffix '.%.*s' of %s",
				    (int)slen, s, info->name);
		}
		dot = next;
	}
	if (ember_isa_has_mod_names(op) && !modded)
		return fail(as, EMBER_ISA_ERR_MOD, "%s needs a modifier suffix", info->name);
	return 0;
}

static void note_regs(struct assembler *as, const struct ember_isa_insn *insn)
{
	for (unsigned int i = 0; i < 4; i++) {
		const struct ember_isa_operand *op = i ? &insn->src[i - 1] : &insn->dst;
		unsigned int end = op->index + ember_isa_operand_regs(insn, i);
		int file = op->kind == EMBER_ISA_VREG ? 0 :
			   op->kind == EMBER_ISA_UREG ? 1 :
			   op->kind == EMBER_ISA_PRED ? 2 : -1;

		if (op->kind == EMBER_ISA_PRED)
			end = op->index + 1u;
		if (file >= 0 && end > as->used_regs[file])
			as->used_regs[file] = end;
	}
	if (insn->guard && insn->guard_pred + 1u > as->used_regs[2])
		as->used_regs[2] = insn->guard_pred + 1u;
}

static int emit(struct assembler *as, const struct ember_isa_insn *insn)
{
	int ret;

	if (as->num_insns == as->cap_insns) {
		uint32_t cap = as->cap_insns ? 2 * as->cap_insns : 64;
		uint8_t *code = realloc(as->code, (size_t)cap * EMBER_ISA_INSN_SIZE);
		unsigned int *lines;

		if (!code)
			return fail(as, EMBER_ISA_ERR_SIZE, "out of memory");
		as->code = code;
		lines = realloc(as->insn_line, (size_t)cap * sizeof(*lines));
		if (!lines)
			return fail(as, EMBER_ISA_ERR_SIZE, "out of memory");
		as->insn_line = lines;
		as->cap_insns = cap;
	}
	as->insn_line[as->num_insns] = as->line;
	ret = ember_isa_encode(insn, as->code + (size_t)as->num_insns * EMBER_ISA_INSN_SIZE);
	if (ret)
		return fail(as, ret, "%s", ember_isa_strerror(ret));
	note_regs(as, insn);
	as->num_insns++;
	return 0;
}

/* The operand index (0 dst, 1..3 srcs) of the @n-th present operand. */
static unsigned int opt_index(const struct ember_isa_opinfo *info, unsigned int n)
{
	for (unsigned int i = 0; i < 4; i++)
		if (info->operand[i] && !n--)
			return i;
	return 3;
}

static int parse_insn(struct assembler *as, const char *p, const char *end)
{
	struct ember_isa_insn insn = { 0 };
	const struct ember_isa_opinfo *info;
	struct ember_isa_operand *slots[4];
	const char *tok[5];
	size_t tok_len[5];
	unsigned int ntok = 0, nslots = 0, need;
	size_t len;
	int ret;

	if (*p == '@') {
		p++;
		if (*p == '!') {
			insn.guard_negate = true;
			p++;
		}
		if (*p != 'p' || !isdigit((unsigned char)p[1]) || p[1] > '7')
			return fail(as, EMBER_ISA_ERR_GUARD, "bad guard");
		insn.guard = true;
		insn.guard_pred = (uint8_t)(p[1] - '0');
		p = skip_space(p + 2);
	}
	for (len = 0; p + len < end && is_ident(p[len]); len++)
		;
	ret = parse_mnemonic(as, p, len, &insn);
	if (ret)
		return ret;
	info = ember_isa_opinfo(insn.opcode);
	p = skip_space(p + len);
	while (p < end) {
		const char *comma = memchr(p, ',', (size_t)(end - p));
		const char *e = comma ? comma : end;

		while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
			e--;
		if (ntok == 5 || e == p)
			return fail(as, EMBER_ISA_ERR_OPERAND, "bad operand list");
		tok[ntok] = p;
		tok_len[ntok++] = (size_t)(e - p);
		if (!comma)
			break;
		p = skip_space(comma + 1);
	}

	for (unsigned int i = 0; i < 4; i++)
		if (info->operand[i])
			slots[nslots++] = i ? &insn.src[i - 1] : &insn.dst;
	need = nslots + (info->flags & EMBER_ISA_F_TARGET ? 1 : 0);
	/* Optional operands at the end may be left out (absent). */
	while (ntok < need && !(info->flags & EMBER_ISA_F_TARGET) &&
	       (info->operand[opt_index(info, need - 1)] & EMBER_ISA_K_OPT))
		need--;
	if (ntok != need)
		return fail(as, EMBER_ISA_ERR_OPERAND, "%s takes %u operands, not %u",
			    info->name, need, ntok);
	nslots = need - (info->flags & EMBER_ISA_F_TARGET ? 1 : 0);
	for (unsigned int i = 0; i < nslots; i++) {
		ret = parse_operand(as, tok[i], tok_len[i], slots[i]);
		if (ret)
			return ret;
	}
	if (info->flags & EMBER_ISA_F_TARGET) {
		ret = parse_target(as, tok[nslots], tok_len[nslots], &insn.target);
		if (ret)
			return ret;
	}
	return emit(as, &insn);
}

/* A word of a directive's list at @p: its length, 0 at the end. */
static size_t directive_word(const char **p, const char *end)
{
	size_t n = 0;

	*p = skip_space(*p);
	while (*p + n < end && (isalnum((unsigned char)(*p)[n]) || (*p)[n] == '_'))
		n++;
	return n;
}

static int lookup_word(const char *const *names, unsigned int count, const char *w, size_t n)
{
	for (unsigned int i = 0; i < count; i++)
		if (names[i] && strlen(names[i]) == n && !memcmp(names[i], w, n))
			return (int)i;
	return -1;
}

/*
 * The graphics directives (ISA 1.4): ".stage NAME", ".inputs N",
 * ".outputs N", ".clip_distances N", ".cull_distances N" and the flag lists
 * ".fragment FLAG..." and ".vertex FLAG..." (ember-isa.rst, "Assembly").
 */
static int parse_stage_directive(struct assembler *as, unsigned int d, const char *p,
				 const char *end)
{
	struct ember_isa_header *h = &as->header;
	unsigned int count = ember_isa_stage_flag_count(d == 5);
	uint64_t v;
	size_t n;
	int i;

	switch (d) {
	case 0:
		n = directive_word(&p, end);
		i = lookup_word(ember_isa_stage_names, EMBER_ISA_NUM_STAGES, p, n);
		if (i < 0)
			return fail(as, EMBER_ISA_ERR_HEADER, "unknown stage '%.*s'", (int)n, p);
		h->stage = (uint8_t)i;
		p += n;
		break;
	case 1: case 2: case 3: case 4:
		if (!parse_uint(&p, end, &v) || v > 255)
			return fail(as, EMBER_ISA_ERR_HEADER, "bad value of a graphics directive");
		if (d == 1)
			h->num_inputs = (uint8_t)v;
		else if (d == 2)
			h->num_outputs = (uint8_t)v;
		else if (d == 3)
			h->num_clip_distances = (uint8_t)v;
		else
			h->num_cull_distances = (uint8_t)v;
		break;
	default:
		while ((n = directive_word(&p, end))) {
			const struct ember_isa_stage_flag *f = NULL;

			for (unsigned int k = 0; k < count && !f; k++) {
				const struct ember_isa_stage_flag *c = ember_isa_stage_flag(d == 5, k);

				if (strlen(c->name) == n && !memcmp(c->name, p, n))
					f = c;
			}
			if (!f)
				return fail(as, EMBER_ISA_ERR_HEADER, "unknown flag '%.*s'", (int)n, p);
			if (d == 5)
				h->fragment_flags |= f->bits;
			else
				h->vertex_flags |= f->bits;
			p += n;
		}
		break;
	}
	if (skip_space(p) != end)
		return fail(as, EMBER_ISA_ERR_HEADER, "junk after directive");
	return 0;
}

static int parse_directive(struct assembler *as, const char *p, const char *end)
{
	static const char *const names[] = {
		"vregs", "uregs", "pregs", "shared", "scratch", "push",
		"local_size", "resource",
	};
	static const char *const stage_directives[] = {
		"stage", "inputs", "outputs", "clip_distances", "cull_distances",
		"fragment", "vertex",
	};
	struct ember_isa_header *h = &as->header;
	uint64_t v[5] = { 0 };
	size_t len = 0;
	unsigned int d;

	while (p + len < end && is_ident(p[len]))
		len++;
	for (d = 0; d < sizeof(names) / sizeof(names[0]); d++)
		if (strlen(names[d]) == len && !memcmp(names[d], p, len))
			break;
	if (d == sizeof(names) / sizeof(names[0])) {
		int g = lookup_word(stage_directives, sizeof(stage_directives) /
				    sizeof(stage_directives[0]), p, len);

		if (g >= 0)
			return parse_stage_directive(as, (unsigned int)g, p + len, end);
	}
	p += len;
	switch (d) {
	case 0: case 1: case 2: case 3: case 4: case 5:
		if (!parse_uint(&p, end, &v[0]) || v[0] > UINT32_MAX)
			return fail(as, EMBER_ISA_ERR_HEADER, "bad value of .%s", names[d]);
		if (d < 3) {
			if (v[0] > (d == 0 ? 256u : d == 1 ? 128u : 8u))
				return fail(as, EMBER_ISA_ERR_LIMIT, ".%s over the limit", names[d]);
			as->regs_given[d] = true;
		}
		if (d == 0)
			h->num_vregs = (uint16_t)v[0];
		else if (d == 1)
			h->num_uregs = (uint16_t)v[0];
		else if (d == 2)
			h->num_pregs = (uint8_t)v[0];
		else if (d == 3)
			h->shared_bytes = (uint32_t)v[0];
		else if (d == 4)
			h->scratch_bytes = (uint32_t)v[0];
		else
			h->push_bytes = (uint32_t)v[0];
		break;
	case 6:
		for (int i = 0; i < 3; i++)
			if (!parse_uint(&p, end, &v[i]) || v[i] > UINT32_MAX)
				return fail(as, EMBER_ISA_ERR_HEADER, "bad .local_size");
		for (int i = 0; i < 3; i++)
			h->local_size[i] = (uint32_t)v[i];
		break;
	case 7: {
		struct ember_isa_resource *r = &as->resources[h->num_resources];
		const char *kind;
		int k;

		if (h->num_resources == MAX_RESOURCES)
			return fail(as, EMBER_ISA_ERR_LIMIT, "too many resources");
		if (!parse_uint(&p, end, &v[0]) || !parse_uint(&p, end, &v[1]))
			return fail(as, EMBER_ISA_ERR_HEADER, "bad .resource");
		p = skip_space(p);
		kind = p;
		while (p < end && (isalpha((unsigned char)*p) || *p == '_'))
			p++;
		k = ember_isa_resource_kind_lookup(kind, (unsigned int)(p - kind));
		if (!parse_uint(&p, end, &v[2]) || !parse_uint(&p, end, &v[3]) ||
		    v[0] >= EMBER_ISA_MAX_SETS || v[1] > UINT16_MAX ||
		    v[2] > UINT32_MAX || !v[3] || v[3] > UINT32_MAX)
			return fail(as, EMBER_ISA_ERR_HEADER, "bad .resource");
		*r = (struct ember_isa_resource) {
			.set = (uint8_t)v[0], .binding = (uint16_t)v[1],
			.slot = (uint32_t)v[2], .count = (uint32_t)v[3],
		};
		if (k < 0)
			return fail(as, EMBER_ISA_ERR_HEADER, "unknown resource kind '%.*s'",
				    (int)(p - kind), kind);
		r->kind = (uint8_t)k;
		h->num_resources++;
		break;
	}
	default:
		return fail(as, EMBER_ISA_ERR_HEADER, "unknown directive '.%.*s'",
			    (int)len, p - len);
	}
	if (skip_space(p) != end)
		return fail(as, EMBER_ISA_ERR_HEADER, "junk after directive");
	return 0;
}

/* One pass over the text; @labels_only: the first pass. */
static int pass(struct assembler *as, const char *text, bool labels_only)
{
	const char *p = text;

	as->num_insns = 0;
	as->line = 0;
	while (*p) {
		const char *eol = strchr(p, '\n');
		const char *next = eol ? eol + 1 : p + strlen(p);
		const char *end = content_end(p);
		size_t n;
		int ret = 0;

		as->line++;
		p = skip_space(p);
		while (end > p && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
			end--;
		n = label_at(p);
		if (n && p + n < end) {
			if (labels_only && (ret = add_label(as, p, n)))
				return ret;
			p = skip_space(p + n + 1);
		}
		if (p < end) {
			if (*p == '.') {
				if (!labels_only)
					ret = parse_directive(as, p + 1, end);
			} else if (labels_only) {
				as->num_insns++;
			} else {
				ret = parse_insn(as, p, end);
			}
		}
		if (ret)
			return ret;
		p = next;
	}
	return 0;
}

/*
 * Every instruction in the header's stage, known once every directive is
 * read: the first that is not is reported at its line.
 */
static int check_stage(struct assembler *as)
{
	for (uint32_t i = 0; i < as->num_insns; i++) {
		struct ember_isa_insn insn;

		ember_isa_decode(as->code + (size_t)i * EMBER_ISA_INSN_SIZE, &insn);
		if (ember_isa_check_stage(&insn, as->header.stage)) {
			as->line = as->insn_line[i];
			return fail(as, EMBER_ISA_ERR_STAGE, "%s is not an instruction of a %s shader",
				    ember_isa_opinfo(insn.opcode)->name,
				    as->header.stage < EMBER_ISA_NUM_STAGES ?
				    ember_isa_stage_names[as->header.stage] : "bad");
		}
	}
	return 0;
}

int ember_isa_assemble(const char *text, void **out, size_t *out_size,
		       char *err, size_t err_size)
{
	struct assembler as = { .err = err, .err_size = err_size };
	int ret;

	if (err_size)
		err[0] = 0;
	as.header.local_size[0] = as.header.local_size[1] = as.header.local_size[2] = 1;
	ret = pass(&as, text, true);
	if (!ret)
		ret = pass(&as, text, false);
	if (!ret && !as.num_insns)
		ret = fail(&as, EMBER_ISA_ERR_SIZE, "no instructions");
	for (int f = 0; !ret && f < 3; f++)
		if (as.regs_given[f] && as.used_regs[f] >
		    (f == 0 ? as.header.num_vregs : f == 1 ? as.header.num_uregs :
		     as.header.num_pregs))
			ret = fail(&as, EMBER_ISA_ERR_REGISTER,
				   "a register above the .%cregs count is used", "vup"[f]);
	if (!ret) {
		if (!as.regs_given[0])
			as.header.num_vregs = (uint16_t)as.used_regs[0];
		if (!as.regs_given[1])
			as.header.num_uregs = (uint16_t)as.used_regs[1];
		if (!as.regs_given[2])
			as.header.num_pregs = (uint8_t)as.used_regs[2];
		ret = check_stage(&as);
	}
	if (!ret) {
		ret = ember_isa_shader_build(&as.header, as.resources, as.code,
					     as.num_insns, out, out_size);
		if (ret)
			fail(&as, ret, "%s", ember_isa_strerror(ret));
	}
	free(as.labels);
	free(as.code);
	free(as.insn_line);
	return ret;
}
