/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Host unit test of the corpus' test model (corpus.c): description
 * parsing, contents generators, half-float conversion and the result
 * checks — a runner is only as good as the checks it relies on, so each
 * check is shown to reject what it must reject.
 */

#include "corpus.h"
#include "tap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char test_dir[] = "/tmp/ember-corpus-test-XXXXXX";

static const uint32_t no_spirv[1];

/* Writes NAME.comp with @text into the test directory and loads it. */
static int load_text(struct corpus_test *t, const char *name, const char *text, char *err,
		     size_t size)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s.comp", test_dir, name);
	f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(text, f);
	fclose(f);
	const struct corpus_shader shader = { name, no_spirv, sizeof(no_spirv) };
	return corpus_load(t, &shader, test_dir, 32, err, size);
}

static bool half_conversion(void)
{
	static const struct { float f; uint16_t h; } cases[] = {
		{ 1.0f, 0x3c00 }, { -2.0f, 0xc000 }, { 65504.0f, 0x7bff }, { 65520.0f, 0x7c00 },
		{ 0x1p-24f, 0x0001 }, { 0x1p-25f, 0x0000 }, { 0x1.8p-25f, 0x0001 },
		{ 0.1f, 0x2e66 }, { 1.0f + 0x1p-11f, 0x3c00 }, { 1.0f + 0x3p-11f, 0x3c02 },
		{ -0.0f, 0x8000 }, { INFINITY, 0x7c00 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CHECK_EQ(corpus_f32_to_f16(cases[i].f), cases[i].h);
		if (cases[i].f == corpus_f16_to_f32(cases[i].h))
			continue;
		/* Only the rounded cases may not convert back exactly. */
		CHECK(cases[i].f == 65520.0f || cases[i].f == 0x1.8p-25f || cases[i].f == 0x1p-25f ||
		      cases[i].f == 0.1f || cases[i].f == 1.0f + 0x1p-11f ||
		      cases[i].f == 1.0f + 0x3p-11f);
	}
	CHECK(isnan(corpus_f16_to_f32(0x7e00)));
	CHECK(corpus_f16_to_f32(0x0001) == 0x1p-24f);
	return true;
}

static bool parse_description(void)
{
	struct corpus_test t;
	char err[512];

	CHECK_EQ(load_text(&t, "parse",
			   "//! groups 3 2\n"
			   "//! push u32 7\n//! push u64 0x100000000\n//! push f32 0.5\n"
			   "//! spec 4 u32 9 10\n"
			   "//! ssbo a set=1 binding=2 index=3 i16[4] init=values(-1,2,-3,4)\n"
			   "//! ubo b binding=0 u32[8] range=16 init=seq(5,3) expect=same\n"
			   "//! ssbo c binding=1 f32[3] init=fill(1.5) expect=values(1,nan,-inf) tol=ulp:2\n"
			   "//! ssbo d binding=3 u8[5] init=random(1,10,12) unordered\n",
			   err, sizeof(err)), 0);
	CHECK_EQ(t.groups[0], 3);
	CHECK_EQ(t.groups[1], 2);
	CHECK_EQ(t.groups[2], 1);
	/* u32 at 0, u64 aligned to 8, f32 after it. */
	CHECK_EQ(t.push_size, 20);
	CHECK_EQ(*(uint32_t *)t.push, 7);
	CHECK_EQ(*(uint64_t *)(t.push + 8), 0x100000000ull);
	CHECK(*(float *)(t.push + 16) == 0.5f);
	CHECK_EQ(t.spec_count, 2);
	CHECK_EQ(t.spec[1].id, 5);
	CHECK_EQ(t.spec[1].value, 10);
	CHECK_EQ(t.buffer_count, 4);
	CHECK_EQ(t.buffers[0].set, 1);
	CHECK_EQ(t.buffers[0].binding, 2);
	CHECK_EQ(t.buffers[0].array_index, 3);
	CHECK_EQ(t.buffers[0].size, 8);
	CHECK_EQ(((int16_t *)t.buffers[0].init)[2], (uint64_t)(int64_t)-3);
	CHECK(!t.buffers[0].expected);
	CHECK_EQ(t.buffers[1].kind, CORPUS_UNIFORM);
	CHECK_EQ(t.buffers[1].range, 16);
	CHECK_EQ(((uint32_t *)t.buffers[1].init)[7], 26);
	CHECK(!memcmp(t.buffers[1].expected, t.buffers[1].init, 32));
	CHECK(isnan(((float *)t.buffers[2].expected)[1]));
	CHECK_EQ(t.buffers[2].tolerance, CORPUS_ULP);
	CHECK(t.buffers[3].unordered);
	for (int i = 0; i < 5; i++) {
		uint8_t v = ((uint8_t *)t.buffers[3].init)[i];
		CHECK(v >= 10 && v <= 12);
	}
	corpus_free(&t);
	return true;
}

static bool parse_images_and_samplers(void)
{
	struct corpus_test t;
	char err[512];

	CHECK_EQ(load_text(&t, "images",
			   "//! image a binding=0 r32f 2d 4x2 linear sampled init=seq(1,1)\n"
			   "//! image b binding=1 index=2 rgba8ui 2darray 8x8 levels=2 layers=3 combined "
			   "filter=linear mipmap=linear address=repeat,mirror,border "
			   "border=int_opaque_white compare=greater lod_bias=-1.5 min_lod=0.25 max_lod=3\n"
			   "//! sampler s binding=2 address=mirror_edge unnormalized max_lod=0\n",
			   err, sizeof(err)), 0);
	CHECK_EQ(t.buffer_count, 3);
	CHECK_EQ(t.buffers[0].kind, CORPUS_SAMPLED_IMAGE);
	CHECK(t.buffers[0].image.linear);
	CHECK_EQ(t.buffers[0].size, 32);
	CHECK(((float *)t.buffers[0].init)[7] == 8.0f);
	const struct corpus_buffer *b = &t.buffers[1];
	CHECK_EQ(b->kind, CORPUS_COMBINED_IMAGE);
	CHECK(!b->image.linear);
	CHECK_EQ(b->array_index, 2);
	/* Level 0: 8x8x3 texels, level 1: 4x4x3, 4 bytes each. */
	CHECK_EQ(b->size, (64 + 16) * 3 * 4);
	CHECK_EQ(b->sampler.min_filter, 1);
	CHECK_EQ(b->sampler.mipmap_mode, 1);
	CHECK_EQ(b->sampler.address[0], 0);
	CHECK_EQ(b->sampler.address[1], 1);
	CHECK_EQ(b->sampler.address[2], 3);
	CHECK_EQ(b->sampler.border, 5);
	CHECK(b->sampler.compare_enable);
	CHECK_EQ(b->sampler.compare_op, 4);
	CHECK(b->sampler.lod_bias == -1.5f);
	CHECK(b->sampler.min_lod == 0.25f);
	CHECK(b->sampler.max_lod == 3.0f);
	const struct corpus_sampler *s = &t.buffers[2].sampler;
	CHECK_EQ(t.buffers[2].kind, CORPUS_SAMPLER);
	CHECK_EQ(s->address[0], 4);
	CHECK(s->unnormalized);
	CHECK(s->lod_bias == 0.0f && s->min_lod == 0.0f && s->max_lod == 0.0f);
	corpus_free(&t);
	return true;
}

static bool parse_errors(void)
{
	static const char *const bad[] = {
		"//! ssbo a binding=0 u32[4] init=values(1,2)\n",
		"//! ssbo a binding=0 u33[4]\n",
		"//! ssbo a u32[4]\n",
		"//! bogus 1\n",
		"//! ssbo a binding=0 u32[4] range=17\n",
		"//! ssbo a binding=0 u32[4] expect=ref\n",
		"//! groups 1\n",
		"//! sampler s binding=0 lod_bias=x\n",
		"//! texel t binding=0 r32f 4 uniform linear\n",
	};
	struct corpus_test t;
	char err[512];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		CHECK_EQ(load_text(&t, "bad", bad[i], err, sizeof(err)), (uint64_t)-1);
		/* The message names the file. */
		CHECK(strstr(err, "bad.comp"));
		corpus_free(&t);
	}
	return true;
}

/* One f32 buffer expecting @want; checks @got against it. */
static bool check_f32(const char *attrs, float want, float got)
{
	struct corpus_test t;
	char text[256], err[512];
	void *results[1] = { &got };

	snprintf(text, sizeof(text), "//! ssbo a binding=0 f32[1] expect=values(%a) %s\n", want,
		 attrs);
	if (load_text(&t, "check", text, err, sizeof(err))) {
		tap_diag("%s", err);
		return false;
	}
	bool ok = corpus_check(&t, results);
	corpus_free(&t);
	return ok;
}

static bool result_checks(void)
{
	CHECK(check_f32("", 1.0f, 1.0f));
	CHECK(!check_f32("", 1.0f, nextafterf(1.0f, 2)));
	CHECK(check_f32("", 0.0f, -0.0f));
	CHECK(check_f32("", NAN, -NAN));
	CHECK(!check_f32("", NAN, 1.0f));
	CHECK(!check_f32("tol=ulp:100", 1.0f, NAN));
	CHECK(check_f32("tol=ulp:2", 1.0f, nextafterf(nextafterf(1.0f, 2), 2)));
	CHECK(!check_f32("tol=ulp:2", 1.0f, 1.0f + 3 * 0x1p-23f));
	/* The smallest subnormals of both signs are 2 ULPs apart. */
	CHECK(!check_f32("tol=ulp:1", 0x1p-149f, -0x1p-149f));
	CHECK(check_f32("tol=abs:0.01", 5.0f, 5.009f));
	CHECK(!check_f32("tol=abs:0.01", 5.0f, 5.02f));
	CHECK(check_f32("tol=rel:0.001", 1000.0f, 1000.9f));
	CHECK(!check_f32("tol=rel:0.001", 1000.0f, 1001.1f));

	struct corpus_test t;
	char err[512];
	uint32_t got[4] = { 3, 1, 2, 0 };
	void *results[1] = { got };
	CHECK_EQ(load_text(&t, "unordered", "//! ssbo a binding=0 u32[4] expect=seq(0,1) unordered\n",
			   err, sizeof(err)), 0);
	CHECK(corpus_check(&t, results));
	got[0] = 2;
	CHECK(!corpus_check(&t, results));
	corpus_free(&t);
	return true;
}

int main(void)
{
	static const char *const files[] = { "parse", "images", "bad", "check", "unordered" };

	if (!mkdtemp(test_dir)) {
		printf("Bail out! mkdtemp failed\n");
		return 1;
	}
	tap_result(half_conversion(), "half-conversion");
	tap_result(parse_description(), "parse-description");
	tap_result(parse_images_and_samplers(), "parse-images-and-samplers");
	tap_result(parse_errors(), "parse-errors");
	tap_result(result_checks(), "result-checks");
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char path[256];

		snprintf(path, sizeof(path), "%s/%s.comp", test_dir, files[i]);
		unlink(path);
	}
	rmdir(test_dir);
	return tap_finish();
}
