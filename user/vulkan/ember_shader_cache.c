/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Shader compilation and the device's shader cache
 *
 * ember_shader_get() turns a request (SPIR-V, entry point, specialization,
 * set layouts, subgroup requirements) into a shader. The request's key is
 * the SHA-1 of all of it plus the physical device's cache UUID (the ELF
 * build-id of this ICD, which links the compiler in): a different compiler
 * can never hand out a stale binary, and a 160-bit hash makes a collision
 * between two different requests practically impossible. Every variable
 * length field is hashed with its length in front so two requests cannot
 * produce the same byte stream.
 *
 * Lookup order: the application's VkPipelineCache, the device's in-memory
 * cache, the on-disk cache, and only then ember_cc_compile(). The shader
 * is then recorded wherever it was missing.
 *
 * In-memory cache: a hash table of referenced shaders, chained through
 * ember_shader.cache_next, under one mutex. It lives as long as the device
 * (no eviction: the conformance suites create thousands of tiny shaders,
 * applications a few dozen; both are small next to the device's memory).
 *
 * On-disk cache: one file per key, named by the key in hex, in
 * $EMBER_SHADER_CACHE_DIR, else $XDG_CACHE_HOME/ember, else
 * $HOME/.cache/ember; EMBER_SHADER_CACHE=0 disables it. A file is a small
 * header (magic, version, the key, the SHA-1 and size of the binary)
 * followed by the binary. It is written to a temporary file and renamed,
 * so a reader sees a whole file or none; a reader checks the header, the
 * checksum and ember_isa_shader_parse() and treats any mismatch as a miss,
 * so a truncated or corrupted file costs a compile, never a wrong shader.
 * Old builds' files are never read again (their keys differ); deleting the
 * directory is always safe.
 *
 * EMBER_DEBUG=cache prints every hit, miss and compile, and the totals
 * when the device is destroyed: a second run of the same program must
 * show no compile.
 */

#include "ember_shader.h"

#include "ember_cc.h"
#include "ember_descriptor_set_layout.h"
#include "ember_isa.h"
#include "ember_physical_device.h"
#include "ember_pipeline_layout.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- SHA-1 ------------------------------------------------------------ */

static inline uint32_t rol32(uint32_t v, unsigned int n)
{
	return (v << n) | (v >> (32 - n));
}

static void sha1_block(struct ember_sha1 *ctx, const uint8_t *p)
{
	uint32_t w[80], a, b, c, d, e, t;

	for (int i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (int i = 16; i < 80; i++)
		w[i] = rol32(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
	a = ctx->h[0];
	b = ctx->h[1];
	c = ctx->h[2];
	d = ctx->h[3];
	e = ctx->h[4];
	for (int i = 0; i < 80; i++) {
		uint32_t f, k;

		if (i < 20) {
			f = (b & c) | (~b & d);
			k = 0x5a827999;
		} else if (i < 40) {
			f = b ^ c ^ d;
			k = 0x6ed9eba1;
		} else if (i < 60) {
			f = (b & c) | (b & d) | (c & d);
			k = 0x8f1bbcdc;
		} else {
			f = b ^ c ^ d;
			k = 0xca62c1d6;
		}
		t = rol32(a, 5) + f + e + k + w[i];
		e = d;
		d = c;
		c = rol32(b, 30);
		b = a;
		a = t;
	}
	ctx->h[0] += a;
	ctx->h[1] += b;
	ctx->h[2] += c;
	ctx->h[3] += d;
	ctx->h[4] += e;
}

void ember_sha1_init(struct ember_sha1 *ctx)
{
	*ctx = (struct ember_sha1) {
		.h = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0 },
	};
}

void ember_sha1_update(struct ember_sha1 *ctx, const void *data, size_t size)
{
	const uint8_t *p = data;

	ctx->length += size;
	while (size) {
		size_t n;

		if (!ctx->fill && size >= 64) {
			sha1_block(ctx, p);
			p += 64;
			size -= 64;
			continue;
		}
		n = EMBER_MIN(size, 64 - (size_t)ctx->fill);
		memcpy(ctx->block + ctx->fill, p, n);
		ctx->fill += n;
		p += n;
		size -= n;
		if (ctx->fill == 64) {
			sha1_block(ctx, ctx->block);
			ctx->fill = 0;
		}
	}
}

void ember_sha1_final(struct ember_sha1 *ctx, uint8_t out[20])
{
	uint64_t bits = ctx->length * 8;
	uint8_t pad[72] = { 0x80 };
	size_t n = (ctx->fill < 56 ? 56 : 120) - ctx->fill;

	for (int i = 0; i < 8; i++)
		pad[n + i] = bits >> (56 - 8 * i);
	ember_sha1_update(ctx, pad, n + 8);
	for (int i = 0; i < 5; i++) {
		out[4 * i] = ctx->h[i] >> 24;
		out[4 * i + 1] = ctx->h[i] >> 16;
		out[4 * i + 2] = ctx->h[i] >> 8;
		out[4 * i + 3] = ctx->h[i];
	}
}

static void sha1_u32(struct ember_sha1 *ctx, uint32_t v)
{
	uint8_t le[4] = { v, v >> 8, v >> 16, v >> 24 };

	ember_sha1_update(ctx, le, sizeof(le));
}

static void sha1_u64(struct ember_sha1 *ctx, uint64_t v)
{
	sha1_u32(ctx, (uint32_t)v);
	sha1_u32(ctx, (uint32_t)(v >> 32));
}

/* ---- The device's cache ------------------------------------------------ */

#define CACHE_MIN_BUCKETS	64

#define DISK_MAGIC		0x43424d45u	/* "EMBC" */
#define DISK_VERSION		1

/* The header of a disk-cache file (little-endian, followed by the binary). */
struct disk_header {
	uint32_t magic;
	uint32_t version;
	uint8_t key[EMBER_SHADER_KEY_SIZE];
	uint8_t sha1[20];
	uint32_t size;
	uint32_t pad;
};

/**
 * struct ember_shader_cache - The device's shader cache.
 * @lock: protects @buckets, @bucket_count and @count.
 * @buckets: chains of referenced shaders by the key's first bytes.
 * @dir: the disk cache's directory, or NULL when it is disabled.
 * @memory_hits, @disk_hits, @compiles: statistics for EMBER_DEBUG=cache.
 */
struct ember_shader_cache {
	pthread_mutex_t lock;
	struct ember_shader **buckets;
	uint32_t bucket_count, count;
	char *dir;
	atomic_uint memory_hits, disk_hits, compiles;
};

bool ember_shader_cache_debug(void)
{
	static int enabled = -1;

	if (enabled < 0) {
		const char *debug = getenv("EMBER_DEBUG");

		enabled = debug && strstr(debug, "cache");
	}
	return enabled;
}

static void key_hex(const uint8_t key[EMBER_SHADER_KEY_SIZE],
		    char out[2 * EMBER_SHADER_KEY_SIZE + 1])
{
	for (int i = 0; i < EMBER_SHADER_KEY_SIZE; i++)
		snprintf(out + 2 * i, 3, "%02x", key[i]);
}

static uint32_t key_bucket(const uint8_t *key, uint32_t bucket_count)
{
	uint32_t h;

	memcpy(&h, key, sizeof(h));
	return h & (bucket_count - 1);
}

/* mkdir -p @path (0700: shaders reveal what a user runs). */
static int mkdir_p(char *path)
{
	for (char *p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, 0700) && errno != EEXIST) {
			*p = '/';
			return -errno;
		}
		*p = '/';
	}
	if (mkdir(path, 0700) && errno != EEXIST)
		return -errno;
	return 0;
}

static char *disk_cache_dir(void)
{
	const char *env = getenv("EMBER_SHADER_CACHE");
	const char *base;
	char *dir = NULL;

	if (env && (!strcmp(env, "0") || !strcmp(env, "false")))
		return NULL;
	base = getenv("EMBER_SHADER_CACHE_DIR");
	if (base && *base) {
		dir = strdup(base);
	} else if ((base = getenv("XDG_CACHE_HOME")) && *base == '/') {
		if (asprintf(&dir, "%s/ember", base) < 0)
			dir = NULL;
	} else if ((base = getenv("HOME")) && *base == '/') {
		if (asprintf(&dir, "%s/.cache/ember", base) < 0)
			dir = NULL;
	}
	if (!dir)
		return NULL;
	/* No directory (read-only home, no HOME): run without a disk cache. */
	if (mkdir_p(dir)) {
		if (ember_shader_cache_debug())
			fprintf(stderr, "ember-vk: shader cache: cannot create %s: no disk cache\n",
				dir);
		free(dir);
		return NULL;
	}
	return dir;
}

VkResult ember_shader_cache_create(struct ember_device *device)
{
	const VkAllocationCallbacks *alloc = &device->alloc;
	struct ember_shader_cache *cache;

	cache = ember_alloc(alloc, sizeof(*cache), 8, VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
	if (!cache)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "shader cache");
	cache->buckets = ember_alloc(alloc, CACHE_MIN_BUCKETS * sizeof(*cache->buckets), 8,
				     VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
	if (!cache->buckets) {
		ember_free(alloc, cache);
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "shader cache");
	}
	cache->bucket_count = CACHE_MIN_BUCKETS;
	pthread_mutex_init(&cache->lock, NULL);
	cache->dir = disk_cache_dir();
	device->shader_cache = cache;
	return VK_SUCCESS;
}

void ember_shader_cache_destroy(struct ember_device *device)
{
	struct ember_shader_cache *cache = device->shader_cache;

	if (!cache)
		return;
	if (ember_shader_cache_debug())
		fprintf(stderr, "ember-vk: shader cache: %u shaders, %u memory hits, %u disk hits, "
			"%u compiles\n", cache->count, atomic_load(&cache->memory_hits),
			atomic_load(&cache->disk_hits), atomic_load(&cache->compiles));
	for (uint32_t i = 0; i < cache->bucket_count; i++) {
		struct ember_shader *shader = cache->buckets[i], *next;

		for (; shader; shader = next) {
			next = shader->cache_next;
			ember_shader_unref(device, shader);
		}
	}
	pthread_mutex_destroy(&cache->lock);
	free(cache->dir);
	ember_free(&device->alloc, cache->buckets);
	ember_free(&device->alloc, cache);
	device->shader_cache = NULL;
}

static struct ember_shader *memory_find_locked(struct ember_shader_cache *cache,
					       const uint8_t *key)
{
	struct ember_shader *shader = cache->buckets[key_bucket(key, cache->bucket_count)];

	for (; shader; shader = shader->cache_next) {
		if (!memcmp(shader->key, key, EMBER_SHADER_KEY_SIZE))
			return shader;
	}
	return NULL;
}

/* Doubles the table when it gets full; on no memory the chains just grow. */
static void memory_grow_locked(struct ember_device *device, struct ember_shader_cache *cache)
{
	uint32_t count = cache->bucket_count * 2;
	struct ember_shader **buckets;

	if (cache->count < cache->bucket_count)
		return;
	buckets = ember_alloc(&device->alloc, count * sizeof(*buckets), 8,
			      VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
	if (!buckets)
		return;
	for (uint32_t i = 0; i < cache->bucket_count; i++) {
		struct ember_shader *shader = cache->buckets[i], *next;

		for (; shader; shader = next) {
			uint32_t b = key_bucket(shader->key, count);

			next = shader->cache_next;
			shader->cache_next = buckets[b];
			buckets[b] = shader;
		}
	}
	ember_free(&device->alloc, cache->buckets);
	cache->buckets = buckets;
	cache->bucket_count = count;
}

/*
 * Adds @shader to memory unless its key is there. Takes the caller's
 * reference to @shader (the table keeps it, or it is dropped when another
 * thread inserted the same key first) and returns the cached shader with a
 * new reference for the caller; *@added says whether @shader went in.
 */
static struct ember_shader *memory_insert(struct ember_device *device,
					  struct ember_shader *shader, bool *added)
{
	struct ember_shader_cache *cache = device->shader_cache;
	struct ember_shader *found;

	pthread_mutex_lock(&cache->lock);
	found = memory_find_locked(cache, shader->key);
	if (!found) {
		uint32_t b;

		memory_grow_locked(device, cache);
		b = key_bucket(shader->key, cache->bucket_count);
		shader->cache_next = cache->buckets[b];
		cache->buckets[b] = shader;
		cache->count++;
		found = shader;
	}
	ember_shader_ref(found);
	pthread_mutex_unlock(&cache->lock);
	*added = found == shader;
	/* Lost the race: the shader just built is a duplicate. */
	if (!*added)
		ember_shader_unref(device, shader);
	return found;
}

static char *disk_path(struct ember_shader_cache *cache, const uint8_t *key, const char *suffix)
{
	char hex[2 * EMBER_SHADER_KEY_SIZE + 1];
	char *path;

	key_hex(key, hex);
	if (asprintf(&path, "%s/%s%s", cache->dir, hex, suffix) < 0)
		return NULL;
	return path;
}

/* The binary of @key from disk (malloc'ed, checked), or NULL. */
static void *disk_read(struct ember_shader_cache *cache, const uint8_t *key, size_t *size)
{
	struct ember_isa_shader parsed;
	struct disk_header header;
	struct ember_sha1 sha1;
	uint8_t digest[20];
	void *binary = NULL;
	char *path;
	FILE *f;

	if (!cache->dir)
		return NULL;
	path = disk_path(cache, key, "");
	if (!path)
		return NULL;
	f = fopen(path, "rb");
	free(path);
	if (!f)
		return NULL;
	if (fread(&header, sizeof(header), 1, f) != 1 || header.magic != DISK_MAGIC ||
	    header.version != DISK_VERSION || memcmp(header.key, key, EMBER_SHADER_KEY_SIZE) ||
	    header.size < EMBER_ISA_HEADER_SIZE || header.size > (64u << 20))
		goto fail;
	binary = malloc(header.size);
	if (!binary || fread(binary, header.size, 1, f) != 1 || fgetc(f) != EOF)
		goto fail;
	ember_sha1_init(&sha1);
	ember_sha1_update(&sha1, binary, header.size);
	ember_sha1_final(&sha1, digest);
	if (memcmp(digest, header.sha1, sizeof(digest)) ||
	    ember_isa_shader_parse(binary, header.size, &parsed))
		goto fail;
	fclose(f);
	*size = header.size;
	return binary;

fail:
	free(binary);
	fclose(f);
	return NULL;
}

/* Best effort: a failed write only means a compile next time. */
static void disk_write(struct ember_shader_cache *cache, const struct ember_shader *shader)
{
	struct disk_header header = {
		.magic = DISK_MAGIC,
		.version = DISK_VERSION,
		.size = shader->code_size,
	};
	struct ember_sha1 sha1;
	char *path, *tmp;
	bool ok;
	FILE *f;
	int fd;

	if (!cache->dir)
		return;
	memcpy(header.key, shader->key, EMBER_SHADER_KEY_SIZE);
	ember_sha1_init(&sha1);
	ember_sha1_update(&sha1, shader->code, shader->code_size);
	ember_sha1_final(&sha1, header.sha1);

	path = disk_path(cache, shader->key, "");
	tmp = disk_path(cache, shader->key, ".tmp.XXXXXX");
	if (!path || !tmp)
		goto out;
	/* A unique temporary name: processes writing the same key do not mix. */
	fd = mkstemp(tmp);
	if (fd < 0)
		goto out;
	f = fdopen(fd, "wb");
	if (!f) {
		close(fd);
		unlink(tmp);
		goto out;
	}
	ok = fwrite(&header, sizeof(header), 1, f) == 1 &&
	     fwrite(shader->code, shader->code_size, 1, f) == 1;
	ok = !fclose(f) && ok;
	if (!ok || rename(tmp, path))
		unlink(tmp);
out:
	free(tmp);
	free(path);
}

struct ember_shader *ember_shader_cache_lookup(struct ember_device *device,
					       const uint8_t key[EMBER_SHADER_KEY_SIZE])
{
	struct ember_shader_cache *cache = device->shader_cache;
	char hex[2 * EMBER_SHADER_KEY_SIZE + 1];
	struct ember_shader *shader;
	void *binary;
	size_t size;
	bool added;

	pthread_mutex_lock(&cache->lock);
	shader = memory_find_locked(cache, key);
	if (shader)
		ember_shader_ref(shader);
	pthread_mutex_unlock(&cache->lock);
	if (ember_shader_cache_debug())
		key_hex(key, hex);
	if (shader) {
		atomic_fetch_add(&cache->memory_hits, 1);
		if (ember_shader_cache_debug())
			fprintf(stderr, "ember-vk: shader cache: %s: memory hit\n", hex);
		return shader;
	}

	binary = disk_read(cache, key, &size);
	if (!binary)
		return NULL;
	if (ember_shader_create_from_binary(device, key, binary, size, &shader) != VK_SUCCESS) {
		free(binary);
		return NULL;
	}
	free(binary);
	atomic_fetch_add(&cache->disk_hits, 1);
	if (ember_shader_cache_debug())
		fprintf(stderr, "ember-vk: shader cache: %s: disk hit\n", hex);
	return memory_insert(device, shader, &added);
}

struct ember_shader *ember_shader_cache_insert(struct ember_device *device,
					       struct ember_shader *shader)
{
	struct ember_shader *cached;
	bool added;

	cached = memory_insert(device, shader, &added);
	if (added)
		disk_write(device->shader_cache, cached);
	return cached;
}

/* ---- Compilation --------------------------------------------------------- */

static int spec_cmp(const void *a, const void *b)
{
	const struct ember_cc_spec_constant *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

/*
 * VkSpecializationInfo -> the compiler's (id, value) list, sorted by id so
 * that the same values in another order make the same key. Values are the
 * entry's bytes, zero-extended (a VkBool32 is 4 bytes, 0 or 1).
 */
static VkResult resolve_spec(const VkSpecializationInfo *spec,
			     struct ember_cc_spec_constant **out, uint32_t *count)
{
	struct ember_cc_spec_constant *sc;
	uint32_t n = 0;

	*out = NULL;
	*count = 0;
	if (!spec || !spec->mapEntryCount)
		return VK_SUCCESS;
	sc = calloc(spec->mapEntryCount, sizeof(*sc));
	if (!sc)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "specialization");
	for (uint32_t i = 0; i < spec->mapEntryCount; i++) {
		const VkSpecializationMapEntry *e = &spec->pMapEntries[i];
		const uint8_t *data = (const uint8_t *)spec->pData + e->offset;
		uint64_t value = 0;

		/* Sizes other than 1/2/4/8 or out of pData are invalid usage. */
		if (e->size > 8 || (uint64_t)e->offset + e->size > spec->dataSize)
			continue;
		for (size_t b = 0; b < e->size; b++)
			value |= (uint64_t)data[b] << (8 * b);
		sc[n++] = (struct ember_cc_spec_constant) { .id = e->constantID, .value = value };
	}
	qsort(sc, n, sizeof(*sc), spec_cmp);
	*out = sc;
	*count = n;
	return VK_SUCCESS;
}

static void compute_key(struct ember_device *device, const struct ember_shader_request *req,
			const struct ember_cc_spec_constant *spec, uint32_t spec_count,
			const struct ember_cc_binding_slot *slots, uint32_t slot_count,
			uint8_t key[EMBER_SHADER_KEY_SIZE])
{
	static const char tag[] = "ember-shader-key-v3";
	const char *entry = req->entry_point ? req->entry_point : "main";
	uint8_t spirv_sha1[20];
	struct ember_sha1 ctx;

	if (req->spirv_sha1) {
		memcpy(spirv_sha1, req->spirv_sha1, sizeof(spirv_sha1));
	} else {
		ember_sha1_init(&ctx);
		ember_sha1_update(&ctx, req->spirv, req->spirv_size);
		ember_sha1_final(&ctx, spirv_sha1);
	}

	ember_sha1_init(&ctx);
	ember_sha1_update(&ctx, tag, sizeof(tag));
	ember_sha1_update(&ctx, device->pdev->cache_uuid, VK_UUID_SIZE);
	ember_sha1_update(&ctx, spirv_sha1, sizeof(spirv_sha1));
	sha1_u64(&ctx, req->spirv_size);
	sha1_u32(&ctx, strlen(entry));
	ember_sha1_update(&ctx, entry, strlen(entry));
	/* The same module's vertex and fragment "main" are two shaders. */
	sha1_u32(&ctx, req->stage);
	sha1_u32(&ctx, spec_count);
	for (uint32_t i = 0; i < spec_count; i++) {
		sha1_u32(&ctx, spec[i].id);
		sha1_u64(&ctx, spec[i].value);
	}
	sha1_u32(&ctx, slot_count);
	for (uint32_t i = 0; i < slot_count; i++) {
		sha1_u32(&ctx, slots[i].set);
		sha1_u32(&ctx, slots[i].binding);
		sha1_u32(&ctx, slots[i].slot);
		sha1_u32(&ctx, slots[i].table);
	}
	sha1_u32(&ctx, req->required_subgroup_size);
	sha1_u32(&ctx, req->subgroup_flags);
	ember_sha1_final(&ctx, key);
}

static VkResult compile(struct ember_device *device, const struct ember_shader_request *req,
			const struct ember_cc_spec_constant *spec, uint32_t spec_count,
			const struct ember_cc_binding_slot *slots, uint32_t slot_count,
			const uint8_t *key, struct ember_shader **out)
{
	const struct ember_cc_options options = {
		.entry_point = req->entry_point,
		.stage = req->stage,	/* EMBER_CC_STAGE_* are VkShaderStageFlagBits */
		.spec_constants = spec,
		.spec_constant_count = spec_count,
		.slots = slots,
		.slot_count = slot_count,
	};
	int64_t start = ember_ws_now_ns();
	char *message = NULL;
	size_t binary_size;
	void *binary;
	VkResult result;
	int ret;

	ret = ember_cc_compile(req->spirv, req->spirv_size / 4, &options, &binary, &binary_size,
			       &message);
	if (ret) {
		if (ret == -ENOMEM) {
			free(message);
			return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "compiling a shader");
		}
		/*
		 * Always printed: the application has no other way to learn
		 * why its shader cannot run on Ember.
		 */
		fprintf(stderr, "ember-vk: cannot compile entry point \"%s\": %s\n",
			req->entry_point ? req->entry_point : "main",
			message ? message : "(no message)");
		free(message);
		return ember_error(VK_ERROR_UNKNOWN, "ember_cc_compile: %d", ret);
	}
	free(message);
	result = ember_shader_create_from_binary(device, key, binary, binary_size, out);
	free(binary);
	if (result == VK_ERROR_INITIALIZATION_FAILED) {
		fprintf(stderr, "ember-vk: the compiler produced a binary that does not parse\n");
		return ember_error(VK_ERROR_UNKNOWN, "compiler output rejected");
	}
	if (result == VK_SUCCESS) {
		atomic_fetch_add(&device->shader_cache->compiles, 1);
		if (ember_shader_cache_debug()) {
			char hex[2 * EMBER_SHADER_KEY_SIZE + 1];

			key_hex(key, hex);
			fprintf(stderr, "ember-vk: shader cache: %s: miss, compiled in %.1f ms\n",
				hex, (ember_ws_now_ns() - start) / 1e6);
		}
	}
	return result;
}

uint32_t ember_shader_isa_stage(VkShaderStageFlagBits stage)
{
	switch (stage) {
	case VK_SHADER_STAGE_VERTEX_BIT:
		return EMBER_ISA_STAGE_VERTEX;
	case VK_SHADER_STAGE_FRAGMENT_BIT:
		return EMBER_ISA_STAGE_FRAGMENT;
	default:
		return EMBER_ISA_STAGE_COMPUTE;
	}
}

VkResult ember_shader_get(struct ember_device *device, struct ember_pipeline_cache *pcache,
			  const struct ember_shader_request *req, struct ember_shader **out,
			  bool *pcache_hit)
{
	struct ember_cc_spec_constant *spec = NULL;
	struct ember_cc_binding_slot *slots = NULL;
	uint32_t spec_count = 0, slot_count = 0;
	uint8_t key[EMBER_SHADER_KEY_SIZE];
	struct ember_shader *shader;
	VkResult result;

	*pcache_hit = false;
	if (req->spirv_size < 20 || req->spirv_size % 4)
		return ember_error(VK_ERROR_UNKNOWN, "SPIR-V of %zu bytes", req->spirv_size);
	result = resolve_spec(req->spec, &spec, &spec_count);
	if (result != VK_SUCCESS)
		return result;
	if (req->set_count) {
		result = ember_binding_slots(req->sets, req->set_count, &slots, &slot_count);
		if (result != VK_SUCCESS)
			goto out;
	}
	compute_key(device, req, spec, spec_count, slots, slot_count, key);

	if (pcache) {
		shader = ember_pipeline_cache_lookup(device, pcache, key);
		if (shader) {
			*pcache_hit = true;
			*out = shader;
			goto out;
		}
	}
	shader = ember_shader_cache_lookup(device, key);
	if (!shader) {
		if (req->no_compile) {
			result = VK_PIPELINE_COMPILE_REQUIRED;
			goto out;
		}
		result = compile(device, req, spec, spec_count, slots, slot_count, key, &shader);
		if (result != VK_SUCCESS)
			goto out;
		shader = ember_shader_cache_insert(device, shader);
	}
	if (shader->stage != ember_shader_isa_stage(req->stage)) {
		fprintf(stderr, "ember-vk: entry point \"%s\" is not a shader of stage 0x%x\n",
			req->entry_point ? req->entry_point : "main", req->stage);
		ember_shader_unref(device, shader);
		result = ember_error(VK_ERROR_UNKNOWN, "shader of the wrong stage");
		goto out;
	}
	if (pcache)
		ember_pipeline_cache_insert(pcache, shader);
	*out = shader;
out:
	free(slots);
	free(spec);
	return result;
}
