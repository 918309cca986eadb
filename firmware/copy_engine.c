/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Copy and fill through the MMU, a host-contiguous run at a time (see
 * copy_engine.h).
 */

#include "copy_engine.h"

#include <immintrin.h>
#include <endian.h>
#include <stdbool.h>
#include <string.h>

/* A row costs this much budget on top of its bytes: tiny rows add up too. */
#define ROW_COST		64
/*
 * Runs at least this long are copied with non-temporal stores. memcpy()
 * does the same, but only above a threshold of tens of MiB that our
 * chunks never reach; without it a chunked copy would pay for reading
 * every destination line into the cache first.
 */
#define STREAM_MIN		(256u << 10)

static int map(struct ember_job *job, uint64_t va, uint64_t len,
	       unsigned int access, uint8_t **host, uint64_t *run)
{
	int fault = ember_mmu_map_run(&job->mmu, va, len, access, host, run,
				      &job->fault_va);

	if (fault)
		job->fault_detail = access;
	return fault;
}

int ember_copy_spend(struct ember_job *job, uint64_t cost)
{
	job->budget += cost;
	if (job->budget < EMBER_COPY_CHUNK)
		return 0;
	job->budget = 0;
	return ember_job_checkpoint(job, 0);
}

static bool overlap(const uint8_t *a, const uint8_t *b, uint64_t len)
{
	return a < b + len && b < a + len;
}

/* 64 bytes at a time; @dst 32-byte aligned. */
__attribute__((target("avx2")))
static void stream_avx2(uint8_t *dst, const uint8_t *src, uint64_t len)
{
	for (uint64_t i = 0; i < len; i += 64) {
		__m256i a = _mm256_loadu_si256((const __m256i *)(src + i));
		__m256i b = _mm256_loadu_si256((const __m256i *)(src + i + 32));

		_mm256_stream_si256((__m256i *)(dst + i), a);
		_mm256_stream_si256((__m256i *)(dst + i + 32), b);
	}
}

/* 32 bytes at a time; @dst 32-byte aligned. SSE2 is always there. */
static void stream_sse2(uint8_t *dst, const uint8_t *src, uint64_t len)
{
	for (uint64_t i = 0; i < len; i += 32) {
		__m128i a = _mm_loadu_si128((const __m128i *)(src + i));
		__m128i b = _mm_loadu_si128((const __m128i *)(src + i + 16));

		_mm_stream_si128((__m128i *)(dst + i), a);
		_mm_stream_si128((__m128i *)(dst + i + 16), b);
	}
}

/* A cache-bypassing copy of a big run; @dst and @src do not overlap. */
static void stream_copy(uint8_t *dst, const uint8_t *src, uint64_t len)
{
	uint64_t head = (32 - ((uintptr_t)dst & 31)) & 31;
	uint64_t body;

	memcpy(dst, src, head);
	dst += head;
	src += head;
	len -= head;
	body = len & ~(uint64_t)63;
	if (__builtin_cpu_supports("avx2"))
		stream_avx2(dst, src, body);
	else
		stream_sse2(dst, src, body);
	/* Streaming stores are weakly ordered: fence before anyone looks. */
	_mm_sfence();
	memcpy(dst + body, src + body, len - body);
}

static void copy_bytes(uint8_t *dst, const uint8_t *src, uint64_t len)
{
	if (len >= STREAM_MIN && !overlap(dst, src, len))
		stream_copy(dst, src, len);
	else
		memmove(dst, src, len);
}

static int copy_span(struct ember_job *job, uint64_t dst, uint64_t src,
		     uint64_t len)
{
	while (len) {
		uint64_t want = len < EMBER_COPY_CHUNK ? len : EMBER_COPY_CHUNK;
		uint8_t *src_host, *dst_host;
		uint64_t src_run, dst_run;
		int ret;

		ret = map(job, src, want, EMBER_ACCESS_READ, &src_host, &src_run);
		if (ret)
			return ret;
		ret = map(job, dst, src_run, EMBER_ACCESS_WRITE, &dst_host, &dst_run);
		if (ret)
			return ret;
		copy_bytes(dst_host, src_host, dst_run);
		src += dst_run;
		dst += dst_run;
		len -= dst_run;
		ret = ember_copy_spend(job, dst_run);
		if (ret)
			return ret;
	}
	return 0;
}

int ember_copy(struct ember_job *job, const struct ember_copy_rect *rect)
{
	/* Rows that touch on both sides are one run: memcpy speed. */
	if (rect->height > 1 && rect->src_pitch == rect->width &&
	    rect->dst_pitch == rect->width) {
		uint64_t len = (uint64_t)rect->width * rect->height;

		if (rect->src + len < rect->src || rect->dst + len < rect->dst) {
			job->fault_va = rect->src + len < rect->src ? rect->src : rect->dst;
			job->fault_detail = rect->src + len < rect->src ?
					    EMBER_ACCESS_READ : EMBER_ACCESS_WRITE;
			return EMBER_FAULT_TRANSLATION;
		}
		return copy_span(job, rect->dst, rect->src, len);
	}
	for (uint32_t row = 0; row < rect->height; row++) {
		uint64_t src = rect->src + (uint64_t)row * rect->src_pitch;
		uint64_t dst = rect->dst + (uint64_t)row * rect->dst_pitch;
		int ret;

		/* Addresses past 2^64 would wrap back into mapped memory. */
		if (src < rect->src || dst < rect->dst) {
			job->fault_va = src < rect->src ? rect->src : rect->dst;
			job->fault_detail = src < rect->src ? EMBER_ACCESS_READ :
					    EMBER_ACCESS_WRITE;
			return EMBER_FAULT_TRANSLATION;
		}
		ret = copy_span(job, dst, src, rect->width);
		if (!ret)
			ret = ember_copy_spend(job, ROW_COST);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * How far past a rectangle a miss translates: the next rectangles of a
 * walk are the next tiles (pages) of a tiled side or 128 bytes further
 * on a linear one.
 */
#define CACHE_AHEAD		(64u << 10)

/* Host address of [@va, @va + @len) on @side of @cache, or NULL. */
static uint8_t *cached_span(struct ember_job *job, struct ember_copy_cache *cache,
			    unsigned int side, uint64_t va, uint64_t len)
{
	unsigned int access = side ? EMBER_ACCESS_WRITE : EMBER_ACCESS_READ;
	uint64_t run, fault_va;
	uint8_t *host;

	if (cache->len[side] >= len && va >= cache->va[side] &&
	    va - cache->va[side] <= cache->len[side] - len)
		return cache->host[side] + (va - cache->va[side]);
	/* A fault or a shorter run: ember_copy() takes it row by row. */
	if (ember_mmu_map_run(&job->mmu, va, len + CACHE_AHEAD, access, &host, &run, &fault_va) ||
	    run < len)
		return NULL;
	cache->va[side] = va;
	cache->len[side] = run;
	cache->host[side] = host;
	return host;
}

/* ember_copy(), which may pass a preemption point: the cache starts over. */
static int copy_uncached(struct ember_job *job, const struct ember_copy_rect *rect,
			 struct ember_copy_cache *cache)
{
	*cache = (struct ember_copy_cache) { 0 };
	return ember_copy(job, rect);
}

int ember_copy_cached(struct ember_job *job, const struct ember_copy_rect *rect,
		      struct ember_copy_cache *cache)
{
	uint64_t src_span, dst_span, cost;
	uint8_t *src, *dst;
	int ret;

	if (rect->height < 2 || (rect->src_pitch == rect->width && rect->dst_pitch == rect->width))
		return copy_uncached(job, rect, cache);
	src_span = (uint64_t)(rect->height - 1) * rect->src_pitch + rect->width;
	dst_span = (uint64_t)(rect->height - 1) * rect->dst_pitch + rect->width;
	if (src_span > EMBER_COPY_CHUNK || dst_span > EMBER_COPY_CHUNK ||
	    rect->src + src_span < rect->src || rect->dst + dst_span < rect->dst)
		return copy_uncached(job, rect, cache);
	src = cached_span(job, cache, 0, rect->src, src_span);
	dst = src ? cached_span(job, cache, 1, rect->dst, dst_span) : NULL;
	if (!dst)
		return copy_uncached(job, rect, cache);
	for (uint32_t row = 0; row < rect->height; row++)
		copy_bytes(dst + (uint64_t)row * rect->dst_pitch,
			   src + (uint64_t)row * rect->src_pitch, rect->width);
	/* What ember_copy() counts for these rows. */
	cost = (uint64_t)rect->height * (rect->width + ROW_COST);
	ret = ember_copy_spend(job, cost);
	/* A preemption point passed (the budget starts over): translate afresh. */
	if (job->budget == 0)
		*cache = (struct ember_copy_cache) { 0 };
	return ret;
}

/* @len is a multiple of @size (1..EMBER_FILL_MAX_PATTERN). */
static void fill_host(uint8_t *host, uint64_t len, const uint8_t *pattern,
		      unsigned int size)
{
	uint64_t done;
	bool bytes = true;

	for (unsigned int i = 1; i < size; i++)
		bytes &= pattern[i] == pattern[0];
	if (bytes) {
		memset(host, pattern[0], len);
		return;
	}
	/* Double the filled prefix: log2(len) memcpy()s. */
	memcpy(host, pattern, size);
	for (done = size; done < len; done *= 2)
		memcpy(host + done, host, done < len - done ? done : len - done);
}

int ember_fill_pattern(struct ember_job *job, uint64_t dst, uint64_t len,
		       const uint8_t *pattern, unsigned int size)
{
	while (len) {
		uint64_t want = len < EMBER_COPY_CHUNK ? len : EMBER_COPY_CHUNK;
		uint8_t *host;
		uint64_t run, whole;
		int ret;

		want -= want % size;
		ret = map(job, dst, want, EMBER_ACCESS_WRITE, &host, &run);
		if (ret)
			return ret;
		/* A run that ends inside a pattern: finish that one byte-wise. */
		whole = run - run % size;
		if (!whole) {
			for (unsigned int i = 0; i < size; i++) {
				ret = map(job, dst + i, 1, EMBER_ACCESS_WRITE, &host, &run);
				if (ret)
					return ret;
				*host = pattern[i];
			}
			whole = size;
		} else {
			fill_host(host, whole, pattern, size);
		}
		dst += whole;
		len -= whole;
		ret = ember_copy_spend(job, whole);
		if (ret)
			return ret;
	}
	return 0;
}

int ember_fill(struct ember_job *job, uint64_t dst, uint32_t size,
	       uint32_t pattern)
{
	uint32_t le = htole32(pattern);

	return ember_fill_pattern(job, dst, size, (const uint8_t *)&le, 4);
}
