/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The whole compiler on GLSL shaders compiled by glslangValidator at build
 * time, and SPIR-V assembly for what glslang does not emit (paths on the
 * command line): each shader either compiles, with its
 * header checked and its disassembly assembling back to the same bytes, or
 * is refused with a message naming what is unsupported. Plus malformed
 * input and the options (entry point, specialization constants).
 */

#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember_cc.h"
#include "ember_isa.h"
#include "spirv_file.h"
#include "tap.h"

struct expectation {
	const char *name;
	const char *refusal;	/* substring of the message, NULL = compiles */
};

static const struct expectation expectations[] = {
	{ "add", NULL }, { "control", NULL }, { "int64", NULL }, { "layouts", NULL },
	{ "local_array", NULL }, { "math", NULL }, { "narrow", NULL }, { "pressure", NULL },
	{ "shared", NULL }, { "spec", NULL }, { "subgroup", NULL },
	{ "refuse_float64", "capability Float64 is not supported" },
	{ "image_store", NULL }, { "images", NULL }, { "many_images", NULL },
	{ "push_dynamic", NULL }, { "const_fma", NULL },
	{ "refuse_coopmat", "capability CooperativeMatrixNV is not supported" },
	{ "refuse_geometry", "is a Geometry shader; Ember has GLCompute, Vertex and Fragment" },
	{ "clip_input", NULL },
	{ "refuse_viewport_index",
	  "built-in ViewportIndex is not supported in fragment shaders" },
	{ "refuse_float_atomic", "capability AtomicFloat32AddEXT is not supported" },
	{ "refuse_f16_math", "OpFMod on 16-bit floats is not supported" }, { "matrix", NULL },
	{ "refuse_deep_nesting", "nested deeper than the ISA's 64-entry mask stack" },
	{ "refuse_nonuniform_length",
	  "OpArrayLength through a NonUniform descriptor index is not supported" },
	{ "helper_invocation_caps", NULL },
	{ "refuse_demote", "OpDemoteToHelperInvocationEXT requires Fragment execution model" },
	{ "refuse_terminate", "OpTerminateInvocation requires Fragment execution model" },
	{ "wide_slots", NULL },
	{ "two_entries", "entry point name \"main\" is ambiguous: the module has Vertex, "
	  "Fragment entry points of that name; name the stage too" },
};

struct module {
	uint32_t *words;
	size_t count;
};

static bool load(const char *path, struct module *m)
{
	m->words = spirv_file_read(path, &m->count);
	return m->words != NULL;
}

static bool round_trips(const void *binary, size_t size)
{
	char *text = NULL, err[256];
	void *again = NULL;
	size_t again_size;
	bool ok;

	CHECK_EQ(ember_isa_disassemble(binary, size, &text), 0);
	if (ember_isa_assemble(text, &again, &again_size, err, sizeof(err))) {
		tap_diag("assembling the disassembly failed: %s", err);
		free(text);
		return false;
	}
	ok = again_size == size && !memcmp(again, binary, size);
	free(text);
	free(again);
	return ok;
}

/* Count instructions with @opcode, and those with an immediate @value. */
static unsigned int count_insns(const void *binary, size_t size, int opcode, int64_t value)
{
	struct ember_isa_shader s;
	unsigned int n = 0;

	if (ember_isa_shader_parse(binary, size, &s))
		return 0;
	for (uint32_t i = 0; i < s.num_insns; i++) {
		struct ember_isa_insn in;
		bool hit = value < 0;

		if (ember_isa_decode(s.code + 16 * i, &in) || in.opcode != opcode)
			continue;
		for (int k = 0; k < 3 && !hit; k++)
			hit = in.src[k].kind == EMBER_ISA_IMM && in.src[k].imm == (uint32_t)value;
		n += hit;
	}
	return n;
}

static bool header_of(const void *binary, size_t size, struct ember_isa_shader *s)
{
	return ember_isa_shader_parse(binary, size, s) == 0;
}

/* Shader-specific checks of a successful compile. */
static bool check_details(const char *name, const void *binary, size_t size)
{
	struct ember_isa_shader s;
	struct ember_isa_resource r;

	CHECK(header_of(binary, size, &s));
	if (!strcmp(name, "add")) {
		CHECK_EQ(s.header.local_size[0], 64);
		CHECK_EQ(s.header.push_bytes, 8);
		CHECK_EQ(s.header.num_resources, 3);
		for (unsigned int i = 0; i < 3; i++) {
			ember_isa_shader_resource(&s, i, &r);
			CHECK_EQ(r.kind, EMBER_ISA_RES_STORAGE_BUFFER);
			CHECK_EQ(r.slot, r.binding);
			if (r.binding == 3)
				CHECK_EQ(r.set, 1);
		}
		/* The bounds test is divergent: one IF on the mask stack. */
		CHECK_EQ(count_insns(binary, size, EMBER_ISA_OP_IF, -1), 1);
	} else if (!strcmp(name, "clip_input")) {
		/* The distances' copies are in the last two locations. */
		CHECK_EQ(s.header.num_inputs, EMBER_ISA_MAX_IO_SLOTS);
	} else if (!strcmp(name, "shared")) {
		CHECK_EQ(s.header.shared_bytes, 128 * 4 + 16 * 4);
		CHECK_EQ(count_insns(binary, size, EMBER_ISA_OP_BAR, -1), 2);
		CHECK(count_insns(binary, size, EMBER_ISA_OP_ATOMS, -1) >= 2);
		CHECK(count_insns(binary, size, EMBER_ISA_OP_ATOMG, -1) >= 3);
	} else if (!strcmp(name, "pressure")) {
		CHECK(s.header.scratch_bytes > 0);
		CHECK(count_insns(binary, size, EMBER_ISA_OP_STSCR, -1) > 0);
	} else if (!strcmp(name, "const_fma")) {
		/* fma(2.0, 3.0, 1.0): the two literals, 1.0 from a register. */
		CHECK_EQ(count_insns(binary, size, EMBER_ISA_OP_FFMA, 0x40000000), 1);
	} else if (!strcmp(name, "push_dynamic")) {
		/* a[p.i] may be any element: the block's 80 bytes, m included. */
		CHECK_EQ(s.header.push_bytes, 80);
	} else if (!strcmp(name, "layouts")) {
		ember_isa_shader_resource(&s, 0, &r);
		CHECK(s.header.num_resources == 3);
	} else if (!strcmp(name, "many_images")) {
		/* Reloaded at each of the 19 uses, not shared by the branches. */
		CHECK_EQ(count_insns(binary, size, EMBER_ISA_OP_LDIMGDESC, -1), 19);
		CHECK(s.header.num_uregs <= EMBER_ISA_NUM_UREGS);
	} else if (!strcmp(name, "wide_slots")) {
		/* ins[] from slot 1 (binding 1), tex[] from slot 0 of set 1, 4 slots each. */
		CHECK_EQ(count_insns(binary, size, EMBER_ISA_OP_LDDESC, 1 + 70000), 1);
		CHECK_EQ(count_insns(binary, size, EMBER_ISA_OP_LDDESC, 1 + 65536), 1);
		CHECK_EQ(count_insns(binary, size, EMBER_ISA_OP_LDIMGDESC, 4 * 20000), 1);
		CHECK(ember_isa_shader_find_resource(&s, 0, 1, &r) && r.slot == 1);
	} else if (!strcmp(name, "control")) {
		CHECK(count_insns(binary, size, EMBER_ISA_OP_LOOP, -1) >= 3);
		CHECK(count_insns(binary, size, EMBER_ISA_OP_BREAK, -1) >= 2);
	}
	return true;
}

static bool test_shader(const char *path)
{
	char *copy = strdup(path), *base = basename(copy), *error = NULL;
	const struct expectation *e = NULL;
	struct module m = { 0 };
	void *binary = NULL;
	size_t size = 0;
	int ret;

	*strrchr(base, '.') = 0;
	for (size_t i = 0; i < sizeof(expectations) / sizeof(expectations[0]); i++)
		if (!strcmp(expectations[i].name, base))
			e = &expectations[i];
	if (!e || !load(path, &m)) {
		tap_diag("%s: no expectation or unreadable", path);
		free(copy);
		return false;
	}
	ret = ember_cc_compile(m.words, m.count, NULL, &binary, &size, &error);
	free(m.words);
	if (e->refusal) {
		bool ok = ret == -EINVAL && error && strstr(error, e->refusal) && !binary;

		if (!ok)
			tap_diag("%s: expected refusal \"%s\", got %d \"%s\"", base, e->refusal,
				 ret, error ? error : "");
		free(error);
		free(copy);
		return ok;
	}
	if (ret) {
		tap_diag("%s: %s", base, error ? error : "?");
		free(error);
		free(copy);
		return false;
	}
	ret = round_trips(binary, size) && check_details(base, binary, size);
	free(binary);
	free(copy);
	return ret;
}

static bool test_bad_input(void)
{
	uint32_t junk[8] = { 0x12345678, 0, 0, 0, 0, 0, 0, 0 };
	uint32_t header_only[5] = { 0x07230203, 0x00010500, 0, 10, 0 };
	char *error = NULL;
	void *binary = (void *)1;
	size_t size;

	CHECK_EQ(ember_cc_compile(junk, 8, NULL, &binary, &size, &error), -EINVAL);
	CHECK(error && strstr(error, "not a SPIR-V module"));
	free(error);
	CHECK_EQ(ember_cc_compile(header_only, 5, NULL, &binary, &size, &error), -EINVAL);
	CHECK(error && strstr(error, "SPIR-V validation failed"));
	free(error);
	CHECK_EQ(ember_cc_compile(NULL, 0, NULL, &binary, &size, &error), -EINVAL);
	free(error);
	return true;
}

static bool test_options(const char *spec_path, const char *add_path)
{
	struct ember_cc_spec_constant specs[] = {
		{ .id = 0, .value = 128 }, { .id = 1, .value = 77 },
	};
	struct ember_cc_spec_constant disable = { .id = 2, .value = 0 };
	struct ember_cc_binding_slot slots[] = { { .set = 1, .binding = 3, .slot = 9 } };
	struct ember_cc_options opts = { .spec_constants = specs, .spec_constant_count = 2 };
	struct module spec = { 0 }, add = { 0 };
	struct ember_isa_shader s;
	struct ember_isa_resource r;
	char *error = NULL;
	void *binary;
	size_t size;

	CHECK(load(spec_path, &spec) && load(add_path, &add));
	CHECK_EQ(ember_cc_compile(spec.words, spec.count, &opts, &binary, &size, &error), 0);
	CHECK(header_of(binary, size, &s));
	CHECK_EQ(s.header.local_size[0], 128);
	/* i * SCALE + gl_WorkGroupSize.x with the new values. */
	CHECK(count_insns(binary, size, EMBER_ISA_OP_IMUL, 77) + count_insns(binary, size, EMBER_ISA_OP_IMAD, 77) >= 1);
	free(binary);
	opts = (struct ember_cc_options) { .spec_constants = &disable, .spec_constant_count = 1 };
	CHECK_EQ(ember_cc_compile(spec.words, spec.count, &opts, &binary, &size, &error), 0);
	CHECK_EQ(count_insns(binary, size, EMBER_ISA_OP_STG, -1), 0);
	free(binary);
	opts = (struct ember_cc_options) { .slots = slots, .slot_count = 1 };
	CHECK_EQ(ember_cc_compile(add.words, add.count, &opts, &binary, &size, &error), 0);
	CHECK(header_of(binary, size, &s));
	for (unsigned int i = 0; i < s.header.num_resources; i++) {
		ember_isa_shader_resource(&s, i, &r);
		if (r.set == 1)
			CHECK_EQ(r.slot, 9);
	}
	free(binary);
	/* Moved to another entry of the set table: the header says where it is read. */
	slots[0].table = EMBER_CC_TABLE_ENTRY(7);
	CHECK_EQ(ember_cc_compile(add.words, add.count, &opts, &binary, &size, &error), 0);
	CHECK(header_of(binary, size, &s));
	for (unsigned int i = 0; i < s.header.num_resources; i++) {
		ember_isa_shader_resource(&s, i, &r);
		CHECK(r.set != 1);
		if (r.binding == 3)
			CHECK(r.set == 7 && r.slot == 9);
	}
	free(binary);
	slots[0].table = EMBER_CC_TABLE_ENTRY(8);
	CHECK(ember_cc_compile(add.words, add.count, &opts, &binary, &size, &error) < 0);
	CHECK(error && strstr(error, "table entry 8 is out of range"));
	free(error);
	error = NULL;
	opts = (struct ember_cc_options) { .entry_point = "nothere" };
	CHECK_EQ(ember_cc_compile(add.words, add.count, &opts, &binary, &size, &error), -EINVAL);
	CHECK(error && strstr(error, "no GLCompute, Vertex or Fragment entry point named \"nothere\""));
	free(error);
	free(spec.words);
	free(add.words);
	return true;
}

/* Compile @m's entry point @name of @stage: its header's stage, or -1 with *@error. */
static int stage_compiled(const struct module *m, const char *name, uint32_t stage,
			  char **error)
{
	struct ember_cc_options opts = { .entry_point = name, .stage = stage };
	struct ember_isa_shader s;
	void *binary;
	size_t size;
	int ret;

	*error = NULL;
	if (ember_cc_compile(m->words, m->count, &opts, &binary, &size, error))
		return -1;
	ret = header_of(binary, size, &s) ? s.header.stage : -2;
	if (!round_trips(binary, size))
		ret = -3;
	free(binary);
	return ret;
}

/* An entry point by name and stage: the vertex and the fragment "main" of one module. */
static bool test_entry_stage(const char *path)
{
	struct module m = { 0 };
	char *error = NULL;

	CHECK(load(path, &m));
	CHECK_EQ(stage_compiled(&m, NULL, EMBER_CC_STAGE_VERTEX, &error), EMBER_ISA_STAGE_VERTEX);
	CHECK_EQ(stage_compiled(&m, "main", EMBER_CC_STAGE_FRAGMENT, &error),
		 EMBER_ISA_STAGE_FRAGMENT);
	/* A unique name needs no stage; with the right one it is the same. */
	CHECK_EQ(stage_compiled(&m, "other", 0, &error), EMBER_ISA_STAGE_COMPUTE);
	CHECK_EQ(stage_compiled(&m, "other", EMBER_CC_STAGE_COMPUTE, &error),
		 EMBER_ISA_STAGE_COMPUTE);
	CHECK_EQ(stage_compiled(&m, "other", EMBER_CC_STAGE_FRAGMENT, &error), -1);
	CHECK(error && strstr(error, "no fragment entry point named \"other\" (entry points "
			      "of that name: GLCompute)"));
	free(error);
	CHECK_EQ(stage_compiled(&m, "main", EMBER_CC_STAGE_COMPUTE, &error), -1);
	CHECK(error && strstr(error, "no compute entry point named \"main\" (entry points of "
			      "that name: Vertex, Fragment)"));
	free(error);
	CHECK_EQ(stage_compiled(&m, "nothere", EMBER_CC_STAGE_VERTEX, &error), -1);
	CHECK(error && strstr(error, "no vertex entry point named \"nothere\""));
	free(error);
	CHECK_EQ(stage_compiled(&m, "main", EMBER_CC_STAGE_VERTEX | EMBER_CC_STAGE_FRAGMENT,
				&error), -1);
	CHECK(error && strstr(error, "stage 0x11 is not one stage"));
	free(error);
	free(m.words);
	return true;
}

int main(int argc, char **argv)
{
	const char *spec = NULL, *add = NULL, *two = NULL;

	for (int i = 1; i < argc; i++) {
		char name[256];

		snprintf(name, sizeof(name), "compile-%s", strrchr(argv[i], '/') ?
			 strrchr(argv[i], '/') + 1 : argv[i]);
		tap_result(test_shader(argv[i]), name);
		if (strstr(argv[i], "/spec.spv"))
			spec = argv[i];
		if (strstr(argv[i], "/add.spv"))
			add = argv[i];
		if (strstr(argv[i], "/two_entries.spv"))
			two = argv[i];
	}
	tap_result(test_bad_input(), "bad-input");
	tap_result(spec && add && test_options(spec, add), "options");
	tap_result(two && test_entry_stage(two), "entry-point-by-name-and-stage");
	return tap_finish();
}
