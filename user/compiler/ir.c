/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: IR containers, operation table, printer and validator
 *
 * Everything about an IR operation that passes need to ask (its name, how
 * many sources it reads, whether it defines a value, whether it may be
 * removed or merged) lives in one table here, so a new operation is one
 * line. The printer is what --dump-ir shows and what the pass tests read;
 * the validator runs after every pass in the tests.
 */

#include "ir.h"

#include <stdlib.h>
#include <string.h>

enum { OPF_DST = 1, OPF_SIDE = 2, OPF_CONTROL = 4 };

static const struct {
	const char *name;
	uint8_t srcs;
	uint8_t flags;
} op_info[IR_OP_COUNT] = {
	[IR_NOP] = { "nop", 0, 0 },
	[IR_CONST] = { "const", 0, OPF_DST },
	[IR_UNDEF] = { "undef", 0, OPF_DST },
	[IR_MOV] = { "mov", 1, OPF_DST },
	[IR_IADD] = { "iadd", 2, OPF_DST }, [IR_ISUB] = { "isub", 2, OPF_DST },
	[IR_IMUL] = { "imul", 2, OPF_DST }, [IR_IMAD] = { "imad", 3, OPF_DST }, [IR_UMULHI] = { "umulhi", 2, OPF_DST },
	[IR_IMULHI] = { "imulhi", 2, OPF_DST }, [IR_UDIV] = { "udiv", 2, OPF_DST },
	[IR_IDIV] = { "idiv", 2, OPF_DST }, [IR_UREM] = { "urem", 2, OPF_DST },
	[IR_IREM] = { "irem", 2, OPF_DST }, [IR_IMOD] = { "imod", 2, OPF_DST }, [IR_INEG] = { "ineg", 1, OPF_DST },
	[IR_AND] = { "and", 2, OPF_DST }, [IR_OR] = { "or", 2, OPF_DST },
	[IR_XOR] = { "xor", 2, OPF_DST }, [IR_NOT] = { "not", 1, OPF_DST },
	[IR_SHL] = { "shl", 2, OPF_DST }, [IR_USHR] = { "ushr", 2, OPF_DST },
	[IR_ISHR] = { "ishr", 2, OPF_DST }, [IR_UMIN] = { "umin", 2, OPF_DST },
	[IR_UMAX] = { "umax", 2, OPF_DST }, [IR_IMIN] = { "imin", 2, OPF_DST },
	[IR_IMAX] = { "imax", 2, OPF_DST }, [IR_IABS] = { "iabs", 1, OPF_DST },
	[IR_BITCOUNT] = { "bitcount", 1, OPF_DST }, [IR_BITREV] = { "bitrev", 1, OPF_DST },
	[IR_FINDLSB] = { "findlsb", 1, OPF_DST }, [IR_UFINDMSB] = { "ufindmsb", 1, OPF_DST },
	[IR_IFINDMSB] = { "ifindmsb", 1, OPF_DST }, [IR_UBFE] = { "ubfe", 3, OPF_DST },
	[IR_IBFE] = { "ibfe", 3, OPF_DST }, [IR_BFI] = { "bfi", 4, OPF_DST },
	[IR_FADD] = { "fadd", 2, OPF_DST }, [IR_FSUB] = { "fsub", 2, OPF_DST },
	[IR_FMUL] = { "fmul", 2, OPF_DST }, [IR_FDIV] = { "fdiv", 2, OPF_DST },
	[IR_FFMA] = { "ffma", 3, OPF_DST }, [IR_FMIN] = { "fmin", 2, OPF_DST },
	[IR_FMAX] = { "fmax", 2, OPF_DST }, [IR_FNEG] = { "fneg", 1, OPF_DST },
	[IR_FABS] = { "fabs", 1, OPF_DST }, [IR_FSQRT] = { "fsqrt", 1, OPF_DST },
	[IR_FRSQ] = { "frsq", 1, OPF_DST }, [IR_FEXP2] = { "fexp2", 1, OPF_DST },
	[IR_FLOG2] = { "flog2", 1, OPF_DST }, [IR_FSIN] = { "fsin", 1, OPF_DST },
	[IR_FCOS] = { "fcos", 1, OPF_DST }, [IR_FFLOOR] = { "ffloor", 1, OPF_DST },
	[IR_FCEIL] = { "fceil", 1, OPF_DST }, [IR_FTRUNC] = { "ftrunc", 1, OPF_DST },
	[IR_FRINT] = { "frint", 1, OPF_DST },
	[IR_FSIGN] = { "fsign", 1, OPF_DST }, [IR_FFRACT] = { "ffract", 1, OPF_DST },
	[IR_FROUND] = { "fround", 1, OPF_DST }, [IR_FRCP] = { "frcp", 1, OPF_DST },
	[IR_FEXP] = { "fexp", 1, OPF_DST }, [IR_FLOG] = { "flog", 1, OPF_DST },
	[IR_FPOW] = { "fpow", 2, OPF_DST }, [IR_FTAN] = { "ftan", 1, OPF_DST },
	[IR_FASIN] = { "fasin", 1, OPF_DST }, [IR_FACOS] = { "facos", 1, OPF_DST },
	[IR_FATAN] = { "fatan", 1, OPF_DST }, [IR_FATAN2] = { "fatan2", 2, OPF_DST },
	[IR_FSINH] = { "fsinh", 1, OPF_DST }, [IR_FCOSH] = { "fcosh", 1, OPF_DST },
	[IR_FTANH] = { "ftanh", 1, OPF_DST }, [IR_FASINH] = { "fasinh", 1, OPF_DST },
	[IR_FACOSH] = { "facosh", 1, OPF_DST }, [IR_FATANH] = { "fatanh", 1, OPF_DST },
	[IR_FMOD] = { "fmod", 2, OPF_DST }, [IR_FREM] = { "frem", 2, OPF_DST },
	[IR_FLDEXP] = { "fldexp", 2, OPF_DST }, [IR_FFREXPM] = { "ffrexpm", 1, OPF_DST },
	[IR_FFREXPE] = { "ffrexpe", 1, OPF_DST },
	[IR_IEQ] = { "ieq", 2, OPF_DST }, [IR_INE] = { "ine", 2, OPF_DST },
	[IR_ULT] = { "ult", 2, OPF_DST }, [IR_ULE] = { "ule", 2, OPF_DST },
	[IR_ILT] = { "ilt", 2, OPF_DST }, [IR_ILE] = { "ile", 2, OPF_DST },
	[IR_FEQ] = { "feq", 2, OPF_DST }, [IR_FNE] = { "fne", 2, OPF_DST },
	[IR_FLT] = { "flt", 2, OPF_DST }, [IR_FLE] = { "fle", 2, OPF_DST },
	[IR_FUNORD] = { "funord", 2, OPF_DST },
	[IR_SELECT] = { "select", 3, OPF_DST },
	[IR_F2I] = { "f2i", 1, OPF_DST }, [IR_F2U] = { "f2u", 1, OPF_DST },
	[IR_I2F] = { "i2f", 1, OPF_DST }, [IR_U2F] = { "u2f", 1, OPF_DST },
	[IR_SEXT] = { "sext", 1, OPF_DST }, [IR_ZEXT] = { "zext", 1, OPF_DST },
	[IR_F2F16] = { "f2f16", 1, OPF_DST }, [IR_F162F] = { "f162f", 1, OPF_DST },
	[IR_PACK64] = { "pack64", 2, OPF_DST }, [IR_LO32] = { "lo32", 1, OPF_DST },
	[IR_HI32] = { "hi32", 1, OPF_DST },
	[IR_DESC] = { "desc", 1, OPF_DST }, [IR_DESC_RANGE] = { "desc_range", 1, OPF_DST },
	[IR_LOAD_GLOBAL] = { "load_global", 2, OPF_DST },
	[IR_STORE_GLOBAL] = { "store_global", 3, OPF_SIDE },
	[IR_LOAD_PUSH] = { "load_push", 1, OPF_DST },
	[IR_LOAD_SHARED] = { "load_shared", 1, OPF_DST },
	[IR_STORE_SHARED] = { "store_shared", 2, OPF_SIDE },
	[IR_LOAD_PRIVATE] = { "load_private", 1, OPF_DST },
	[IR_STORE_PRIVATE] = { "store_private", 2, OPF_SIDE },
	[IR_ATOMIC_GLOBAL] = { "atomic_global", 4, OPF_DST | OPF_SIDE },
	[IR_ATOMIC_SHARED] = { "atomic_shared", 3, OPF_DST | OPF_SIDE },
	[IR_IMG_DESC] = { "img_desc", 1, OPF_DST }, [IR_SMP_DESC] = { "smp_desc", 1, OPF_DST },
	[IR_IMAGE_READ] = { "image_read", IR_MAX_SRC, OPF_DST },
	[IR_IMAGE_WRITE] = { "image_write", IR_MAX_SRC, OPF_SIDE },
	[IR_IMAGE_ATOMIC] = { "image_atomic", IR_MAX_SRC, OPF_DST | OPF_SIDE },
	[IR_EXTRACT] = { "extract", 1, OPF_DST },
	[IR_LOAD_ADDR] = { "load_addr", 1, OPF_DST },
	[IR_STORE_ADDR] = { "store_addr", 2, OPF_SIDE },
	[IR_ATOMIC_ADDR] = { "atomic_addr", 3, OPF_DST | OPF_SIDE },
	[IR_LOAD_INPUT] = { "load_input", 0, OPF_DST },
	[IR_INTERP] = { "interp", 2, OPF_DST },
	[IR_STORE_OUTPUT] = { "store_output", 1, OPF_SIDE },
	[IR_STORE_BUILTIN] = { "store_builtin", 1, OPF_SIDE },
	[IR_DERIV] = { "deriv", 1, OPF_DST },
	[IR_DEMOTE] = { "demote", 0, OPF_SIDE },
	[IR_TERMINATE] = { "terminate", 0, OPF_SIDE },
	/* A side effect: never merged with or moved across a DEMOTE. */
	[IR_IS_HELPER] = { "is_helper", 0, OPF_DST | OPF_SIDE },
	[IR_BARRIER] = { "barrier", 0, OPF_SIDE },
	[IR_MEMBAR] = { "membar", 0, OPF_SIDE },
	[IR_SYSVAL] = { "sysval", 0, OPF_DST },
	[IR_SG_BALLOT] = { "sg_ballot", 1, OPF_DST | OPF_SIDE },
	[IR_SG_ALL] = { "sg_all", 1, OPF_DST | OPF_SIDE },
	[IR_SG_ANY] = { "sg_any", 1, OPF_DST | OPF_SIDE },
	[IR_SG_ALLEQ] = { "sg_alleq", 1, OPF_DST | OPF_SIDE },
	[IR_SG_ELECT] = { "sg_elect", 0, OPF_DST | OPF_SIDE },
	[IR_SG_BROADCAST] = { "sg_broadcast", 2, OPF_DST | OPF_SIDE },
	[IR_SG_BROADCAST_FIRST] = { "sg_broadcast_first", 1, OPF_DST | OPF_SIDE },
	[IR_SG_SHUFFLE] = { "sg_shuffle", 2, OPF_DST | OPF_SIDE },
	[IR_SG_SHUFFLE_XOR] = { "sg_shuffle_xor", 2, OPF_DST | OPF_SIDE },
	[IR_SG_SHUFFLE_UP] = { "sg_shuffle_up", 2, OPF_DST | OPF_SIDE },
	[IR_SG_SHUFFLE_DOWN] = { "sg_shuffle_down", 2, OPF_DST | OPF_SIDE },
	[IR_SG_REDUCE] = { "sg_reduce", 1, OPF_DST | OPF_SIDE },
	[IR_SG_INCL_SCAN] = { "sg_incl_scan", 1, OPF_DST | OPF_SIDE },
	[IR_SG_EXCL_SCAN] = { "sg_excl_scan", 1, OPF_DST | OPF_SIDE },
	[IR_SG_QUAD_BROADCAST] = { "sg_quad_broadcast", 2, OPF_DST | OPF_SIDE },
	[IR_SG_QUAD_SWAP] = { "sg_quad_swap", 1, OPF_DST | OPF_SIDE },
	[IR_IF] = { "if", 1, OPF_CONTROL }, [IR_ELSE] = { "else", 0, OPF_CONTROL },
	[IR_ENDIF] = { "endif", 0, OPF_CONTROL }, [IR_LOOP] = { "loop", 0, OPF_CONTROL },
	[IR_ENDLOOP] = { "endloop", 0, OPF_CONTROL },
	[IR_BREAK] = { "break", 1, OPF_CONTROL },
	[IR_CONTINUE] = { "continue", 1, OPF_CONTROL },
};

/*
 * Subgroup operations are marked as side effects not because they write
 * memory but because they depend on which lanes are active: moving or
 * merging two of them across control flow would change their result.
 */

const char *ir_op_name(enum ir_op op)
{
	return op < IR_OP_COUNT && op_info[op].name ? op_info[op].name : "?";
}

bool ir_op_has_dst(enum ir_op op)
{
	return op_info[op].flags & OPF_DST;
}

bool ir_op_has_side_effects(enum ir_op op)
{
	return op_info[op].flags & (OPF_SIDE | OPF_CONTROL);
}

bool ir_op_is_control(enum ir_op op)
{
	return op_info[op].flags & OPF_CONTROL;
}

int ir_op_src_count(const struct ir_instr *in)
{
	int n = op_info[in->op].srcs;

	/* Optional trailing operands read as IR_NONE. */
	while (n > 0 && in->src[n - 1] == IR_NONE)
		n--;
	return n;
}

unsigned int ir_regs_of_bits(unsigned int bits)
{
	return bits >= 128 ? bits / 32 : bits == 64 ? 2 : 1;
}

bool ir_op_is_image(enum ir_op op)
{
	return op == IR_IMAGE_READ || op == IR_IMAGE_WRITE || op == IR_IMAGE_ATOMIC;
}

struct ir_shader *ir_create(void)
{
	struct ir_shader *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->value_capacity = 256;
	s->vals = calloc(s->value_capacity, sizeof(*s->vals));
	s->capacity = 256;
	s->ins = calloc(s->capacity, sizeof(*s->ins));
	if (!s->vals || !s->ins) {
		ir_destroy(s);
		return NULL;
	}
	s->value_count = 1;	/* IR_NONE */
	return s;
}

void ir_destroy(struct ir_shader *s)
{
	if (!s)
		return;
	free(s->ins);
	free(s->vals);
	free(s->resources);
	free(s);
}

static uint32_t new_value(struct ir_shader *s, unsigned int bits, uint8_t flags)
{
	if (s->value_count == s->value_capacity) {
		struct ir_value *grown = realloc(s->vals, 2 * s->value_capacity * sizeof(*grown));

		if (!grown) {
			s->oom = true;
			return IR_NONE;
		}
		s->vals = grown;
		s->value_capacity *= 2;
	}
	s->vals[s->value_count] = (struct ir_value) {
		.bits = bits, .flags = flags, .reg = -1, .spill_slot = -1,
	};
	return s->value_count++;
}

uint32_t ir_new_value(struct ir_shader *s, unsigned int bits)
{
	return new_value(s, bits, 0);
}

uint32_t ir_new_variable(struct ir_shader *s, unsigned int bits)
{
	return new_value(s, bits, IR_VAL_VARIABLE);
}

static bool reserve(struct ir_shader *s, uint32_t extra)
{
	uint32_t want = s->count + extra, cap = s->capacity;
	struct ir_instr *grown;

	if (want <= cap)
		return true;
	while (cap < want)
		cap *= 2;
	grown = realloc(s->ins, cap * sizeof(*grown));
	if (!grown) {
		s->oom = true;
		return false;
	}
	s->ins = grown;
	s->capacity = cap;
	return true;
}

struct ir_instr *ir_append(struct ir_shader *s, enum ir_op op, unsigned int bits)
{
	static struct ir_instr sink;	/* absorbs writes after OOM */
	struct ir_instr *in;

	if (!reserve(s, 1)) {
		memset(&sink, 0, sizeof(sink));
		return &sink;
	}
	in = &s->ins[s->count++];
	memset(in, 0, sizeof(*in));
	in->op = op;
	in->bits = bits;
	return in;
}

uint32_t ir_emit(struct ir_shader *s, enum ir_op op, unsigned int bits,
		 uint32_t a, uint32_t b, uint32_t c)
{
	uint32_t dst = ir_new_value(s, bits);
	struct ir_instr *in = ir_append(s, op, bits);

	in->dst = dst;
	in->src[0] = a;
	in->src[1] = b;
	in->src[2] = c;
	return dst;
}

uint32_t ir_const(struct ir_shader *s, unsigned int bits, uint64_t value)
{
	uint32_t dst = ir_new_value(s, bits);
	struct ir_instr *in = ir_append(s, IR_CONST, bits);

	if (bits < 64)
		value &= (1ull << bits) - 1;
	in->dst = dst;
	in->imm = value;
	return dst;
}

void ir_compact(struct ir_shader *s)
{
	uint32_t out = 0;

	for (uint32_t i = 0; i < s->count; i++)
		if (s->ins[i].op != IR_NOP)
			s->ins[out++] = s->ins[i];
	s->count = out;
}

static const char *const reduce_names[IR_RED_COUNT] = {
	"iadd", "imul", "umin", "umax", "imin", "imax", "and", "or", "xor",
	"fadd", "fmul", "fmin", "fmax", "xchg", "cmpxchg",
};

static void print_value(const struct ir_shader *s, uint32_t v, FILE *out)
{
	const struct ir_value *val = &s->vals[v];

	fprintf(out, "%c%u", val->flags & IR_VAL_VARIABLE ? '$' : '%', v);
	if (val->flags & IR_VAL_VARYING)
		fputc('*', out);
}

void ir_print(const struct ir_shader *s, FILE *out)
{
	int depth = 1;

	fprintf(out, "shader local_size(%u,%u,%u) shared=%u push=%u scratch=%u\n",
		s->local_size[0], s->local_size[1], s->local_size[2],
		s->shared_bytes, s->push_bytes, s->scratch_bytes);
	for (uint32_t i = 0; i < s->count; i++) {
		const struct ir_instr *in = &s->ins[i];
		int n = ir_op_is_image(in->op) ? ir_op_src_count(in) : op_info[in->op].srcs;

		if (in->op == IR_ELSE || in->op == IR_ENDIF || in->op == IR_ENDLOOP)
			depth--;
		fprintf(out, "%4u:%*s", i, 2 * depth, "");
		if (ir_op_has_dst(in->op)) {
			print_value(s, in->dst, out);
			fprintf(out, " = ");
		}
		fprintf(out, "%s", ir_op_name(in->op));
		if (in->bits && !ir_op_is_control(in->op))
			fprintf(out, ".%u", in->bits);
		if (in->op == IR_SG_REDUCE || in->op == IR_SG_INCL_SCAN ||
		    in->op == IR_SG_EXCL_SCAN || in->op == IR_ATOMIC_GLOBAL ||
		    in->op == IR_ATOMIC_SHARED || in->op == IR_ATOMIC_ADDR ||
		    in->op == IR_IMAGE_ATOMIC)
			fprintf(out, ".%s", reduce_names[in->aux2 % IR_RED_COUNT]);
		if (in->op == IR_IF && in->aux)
			fprintf(out, ".not");
		if (in->uniform_cf && ir_op_is_control(in->op))
			fprintf(out, ".uniform");
		for (int k = 0; k < n; k++) {
			fputs(k ? ", " : " ", out);
			if (in->src[k] == IR_NONE)
				fputs("-", out);
			else
				print_value(s, in->src[k], out);
		}
		if (in->op == IR_CONST || in->op == IR_SYSVAL || in->op == IR_DESC ||
		    in->op == IR_LOAD_INPUT || in->op == IR_INTERP || in->op == IR_STORE_OUTPUT ||
		    in->op == IR_STORE_BUILTIN || in->op == IR_DERIV ||
		    in->op == IR_IMG_DESC || in->op == IR_SMP_DESC || in->op == IR_EXTRACT ||
		    ir_op_is_image(in->op) ||
		    (in->imm && in->op >= IR_SG_BALLOT && in->op <= IR_SG_QUAD_SWAP))
			fprintf(out, " #0x%llx", (unsigned long long)in->imm);
		if (in->aux && (in->op == IR_LOAD_GLOBAL || in->op == IR_STORE_GLOBAL ||
				in->op == IR_LOAD_PUSH || in->op == IR_LOAD_SHARED ||
				in->op == IR_STORE_SHARED || in->op == IR_LOAD_PRIVATE ||
				in->op == IR_STORE_PRIVATE || in->op == IR_LOAD_ADDR ||
				in->op == IR_STORE_ADDR))
			fprintf(out, " [%u bytes]", in->aux);
		if (in->imm && (in->op == IR_LOAD_ADDR || in->op == IR_STORE_ADDR ||
				in->op == IR_ATOMIC_ADDR))
			fprintf(out, " +%d", (int32_t)in->imm);
		fputc('\n', out);
		if (in->op == IR_IF || in->op == IR_ELSE || in->op == IR_LOOP)
			depth++;
	}
}

const char *ir_validate(const struct ir_shader *s, char *buf, size_t size)
{
	uint8_t *defined = calloc(s->value_count, 1);
	/* Control stack: 'I' if, 'E' else, 'L' loop. */
	char stack[256];
	int depth = 0;
	const char *problem = NULL;

	if (!defined)
		return "out of memory";
	for (uint32_t i = 0; i < s->count && !problem; i++) {
		const struct ir_instr *in = &s->ins[i];
		int n = op_info[in->op].srcs;

		if (in->op >= IR_OP_COUNT || in->op == IR_NOP) {
			snprintf(buf, size, "%u: invalid op %u", i, in->op);
			problem = buf;
			break;
		}
		for (int k = 0; k < n; k++) {
			uint32_t v = in->src[k];

			if (v == IR_NONE)
				continue;
			if (v >= s->value_count ||
			    (!defined[v] && !(s->vals[v].flags & IR_VAL_VARIABLE))) {
				snprintf(buf, size, "%u: %s reads undefined value %u",
					 i, ir_op_name(in->op), v);
				problem = buf;
			}
		}
		if (ir_op_has_dst(in->op)) {
			if (in->dst == IR_NONE || in->dst >= s->value_count) {
				snprintf(buf, size, "%u: %s has no destination", i, ir_op_name(in->op));
				problem = buf;
			} else if (defined[in->dst] && !(s->vals[in->dst].flags & IR_VAL_VARIABLE)) {
				snprintf(buf, size, "%u: value %u defined twice", i, in->dst);
				problem = buf;
			} else {
				defined[in->dst] = 1;
			}
		}
		switch (in->op) {
		case IR_IF:
		case IR_LOOP:
			if (depth == (int)sizeof(stack)) {
				snprintf(buf, size, "%u: control flow nested too deeply", i);
				problem = buf;
			} else {
				stack[depth++] = in->op == IR_IF ? 'I' : 'L';
			}
			break;
		case IR_ELSE:
			if (!depth || stack[depth - 1] != 'I') {
				snprintf(buf, size, "%u: else without if", i);
				problem = buf;
			} else {
				stack[depth - 1] = 'E';
			}
			break;
		case IR_ENDIF:
			if (!depth || (stack[depth - 1] != 'I' && stack[depth - 1] != 'E')) {
				snprintf(buf, size, "%u: endif without if", i);
				problem = buf;
			} else {
				depth--;
			}
			break;
		case IR_ENDLOOP:
			if (!depth || stack[depth - 1] != 'L') {
				snprintf(buf, size, "%u: endloop without loop", i);
				problem = buf;
			} else {
				depth--;
			}
			break;
		case IR_BREAK:
		case IR_CONTINUE: {
			bool in_loop = false;

			for (int k = 0; k < depth; k++)
				in_loop |= stack[k] == 'L';
			if (!in_loop) {
				snprintf(buf, size, "%u: %s outside a loop", i, ir_op_name(in->op));
				problem = buf;
			}
			break;
		}
		default:
			break;
		}
	}
	if (!problem && depth) {
		snprintf(buf, size, "unterminated control flow at the end");
		problem = buf;
	}
	free(defined);
	return problem;
}
