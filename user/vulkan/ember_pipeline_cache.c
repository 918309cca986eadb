/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Pipeline caches
 *
 * A VkPipelineCache is a table of shaders by key (ember_shader.h). An
 * entry either holds a shader reference (compiled, or found, through this
 * cache) or only the bytes of a binary that came from initial data or a
 * merge: binaries become shaders (a BO each) on their first lookup, so
 * loading a big cache costs no device memory for shaders never used.
 *
 * Data (vkGetPipelineCacheData): the specification's 32-byte header
 * version one (header size, VK_PIPELINE_CACHE_HEADER_VERSION_ONE, the
 * vendor and device IDs, pipelineCacheUUID = the build's cache UUID), then
 * entries of { key[20], u32 size, size bytes of Ember binary, zeroes to a
 * multiple of 4 }, all little-endian. Initial data with a different header
 * is ignored, as the specification asks; a bad or truncated entry ends the
 * import there (the ones before it are kept), and every binary is checked
 * with ember_isa_shader_parse() before it is accepted.
 *
 * Pipeline caches are internally synchronised unless created
 * EXTERNALLY_SYNCHRONIZED: @lock is taken in every access then.
 */

#include "ember_shader.h"

#include "ember_isa.h"
#include "ember_physical_device.h"

#include <stdio.h>
#include <string.h>

#define PCACHE_HEADER_SIZE	32
#define PCACHE_MIN_BUCKETS	16

/* One shader of a cache: @shader (referenced), or else the bytes of its binary. */
struct ember_pcache_entry {
	struct ember_pcache_entry *next;
	uint8_t key[EMBER_SHADER_KEY_SIZE];
	struct ember_shader *shader;
	void *blob;
	size_t blob_size;
};

static void pcache_lock(struct ember_pipeline_cache *cache)
{
	if (cache->locked)
		pthread_mutex_lock(&cache->lock);
}

static void pcache_unlock(struct ember_pipeline_cache *cache)
{
	if (cache->locked)
		pthread_mutex_unlock(&cache->lock);
}

static uint32_t pcache_bucket(const uint8_t *key, uint32_t bucket_count)
{
	uint32_t h;

	memcpy(&h, key, sizeof(h));
	return h & (bucket_count - 1);
}

static struct ember_pcache_entry *find_locked(struct ember_pipeline_cache *cache,
					      const uint8_t *key)
{
	struct ember_pcache_entry *e = cache->buckets[pcache_bucket(key, cache->bucket_count)];

	for (; e; e = e->next) {
		if (!memcmp(e->key, key, EMBER_SHADER_KEY_SIZE))
			return e;
	}
	return NULL;
}

static void grow_locked(struct ember_pipeline_cache *cache)
{
	uint32_t count = cache->bucket_count * 2;
	struct ember_pcache_entry **buckets;

	if (cache->count < cache->bucket_count)
		return;
	buckets = ember_alloc(cache->alloc, count * sizeof(*buckets), 8,
			      VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
	if (!buckets)
		return;	/* longer chains, still correct */
	for (uint32_t i = 0; i < cache->bucket_count; i++) {
		struct ember_pcache_entry *e = cache->buckets[i], *next;

		for (; e; e = next) {
			uint32_t b = pcache_bucket(e->key, count);

			next = e->next;
			e->next = buckets[b];
			buckets[b] = e;
		}
	}
	ember_free(cache->alloc, cache->buckets);
	cache->buckets = buckets;
	cache->bucket_count = count;
}

/* A new entry for @key (absent); NULL when out of memory. */
static struct ember_pcache_entry *add_locked(struct ember_pipeline_cache *cache, const uint8_t *key)
{
	struct ember_pcache_entry *e;
	uint32_t b;

	e = ember_alloc(cache->alloc, sizeof(*e), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
	if (!e)
		return NULL;
	memcpy(e->key, key, EMBER_SHADER_KEY_SIZE);
	grow_locked(cache);
	b = pcache_bucket(key, cache->bucket_count);
	e->next = cache->buckets[b];
	cache->buckets[b] = e;
	cache->count++;
	return e;
}

static void entry_binary(const struct ember_pcache_entry *e, const void **data, size_t *size)
{
	if (e->shader) {
		*data = e->shader->code;
		*size = e->shader->code_size;
	} else {
		*data = e->blob;
		*size = e->blob_size;
	}
}

/* Records a copy of a binary for @key unless the key is there. */
static void add_blob_locked(struct ember_pipeline_cache *cache, const uint8_t *key,
			    const void *data, size_t size)
{
	struct ember_pcache_entry *e;
	void *blob;

	if (find_locked(cache, key))
		return;
	blob = ember_alloc(cache->alloc, size, 16, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
	if (!blob)
		return;	/* a cache may always forget */
	e = add_locked(cache, key);
	if (!e) {
		ember_free(cache->alloc, blob);
		return;
	}
	memcpy(blob, data, size);
	e->blob = blob;
	e->blob_size = size;
}

struct ember_shader *ember_pipeline_cache_lookup(struct ember_device *device,
						 struct ember_pipeline_cache *cache,
						 const uint8_t key[EMBER_SHADER_KEY_SIZE])
{
	struct ember_shader *shader = NULL;
	struct ember_pcache_entry *e;

	pcache_lock(cache);
	e = find_locked(cache, key);
	if (e && e->shader) {
		shader = e->shader;
		ember_shader_ref(shader);
	} else if (e) {
		/*
		 * First use of an imported binary: the device cache may have
		 * it resident already; else it becomes a shader now.
		 */
		shader = ember_shader_cache_lookup(device, key);
		if (!shader && ember_shader_create_from_binary(device, key, e->blob, e->blob_size,
							       &shader) == VK_SUCCESS)
			shader = ember_shader_cache_insert(device, shader);
		/* Out of memory: a miss; the bytes stay for the next try. */
		if (shader) {
			ember_shader_ref(shader);
			e->shader = shader;
			ember_free(cache->alloc, e->blob);
			e->blob = NULL;
			e->blob_size = 0;
		}
	}
	pcache_unlock(cache);
	if (shader && ember_shader_cache_debug())
		fprintf(stderr, "ember-vk: shader cache: pipeline cache hit\n");
	return shader;
}

void ember_pipeline_cache_insert(struct ember_pipeline_cache *cache, struct ember_shader *shader)
{
	struct ember_pcache_entry *e;

	pcache_lock(cache);
	e = find_locked(cache, shader->key);
	if (!e)
		e = add_locked(cache, shader->key);
	if (e && !e->shader) {
		ember_shader_ref(shader);
		e->shader = shader;
		ember_free(cache->alloc, e->blob);
		e->blob = NULL;
		e->blob_size = 0;
	}
	pcache_unlock(cache);
}

/* The specification's header of this device's caches. */
static void cache_header(struct ember_device *device, uint8_t out[PCACHE_HEADER_SIZE])
{
	VkPhysicalDeviceProperties props;
	uint32_t words[4];

	ember_GetPhysicalDeviceProperties((VkPhysicalDevice)device->pdev, &props);
	words[0] = PCACHE_HEADER_SIZE;
	words[1] = VK_PIPELINE_CACHE_HEADER_VERSION_ONE;
	words[2] = props.vendorID;
	words[3] = props.deviceID;
	for (int i = 0; i < 4; i++) {
		out[4 * i] = words[i];
		out[4 * i + 1] = words[i] >> 8;
		out[4 * i + 2] = words[i] >> 16;
		out[4 * i + 3] = words[i] >> 24;
	}
	memcpy(out + 16, props.pipelineCacheUUID, VK_UUID_SIZE);
}

static uint32_t read_le32(const uint8_t *p)
{
	return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void import_data(struct ember_device *device, struct ember_pipeline_cache *cache,
			const uint8_t *data, size_t size)
{
	uint8_t header[PCACHE_HEADER_SIZE];
	size_t offset;

	cache_header(device, header);
	/* Another device's or build's data (or none): an empty cache. */
	if (size < PCACHE_HEADER_SIZE || memcmp(data, header, PCACHE_HEADER_SIZE))
		return;
	offset = PCACHE_HEADER_SIZE;
	while (size - offset >= EMBER_SHADER_KEY_SIZE + 4) {
		const uint8_t *key = data + offset;
		uint32_t blob_size = read_le32(data + offset + EMBER_SHADER_KEY_SIZE);
		const uint8_t *blob = key + EMBER_SHADER_KEY_SIZE + 4;
		struct ember_isa_shader parsed;

		offset += EMBER_SHADER_KEY_SIZE + 4;
		if (blob_size > size - offset ||
		    ember_isa_shader_parse(blob, blob_size, &parsed))
			return;
		add_blob_locked(cache, key, blob, blob_size);
		offset += ember_align64(blob_size, 4);
		if (offset > size)
			return;
	}
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreatePipelineCache(VkDevice _device, const VkPipelineCacheCreateInfo *pCreateInfo,
			  const VkAllocationCallbacks *pAllocator, VkPipelineCache *pPipelineCache)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	struct ember_pipeline_cache *cache;

	cache = ember_object_alloc(device, pAllocator, sizeof(*cache),
				   VK_OBJECT_TYPE_PIPELINE_CACHE);
	if (!cache)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "pipeline cache");
	/* Entries outlive the call: keep a copy of the callbacks. */
	if (pAllocator) {
		cache->alloc_copy = *pAllocator;
		cache->alloc = &cache->alloc_copy;
	} else {
		cache->alloc = &device->alloc;
	}
	cache->buckets = ember_alloc(cache->alloc, PCACHE_MIN_BUCKETS * sizeof(*cache->buckets), 8,
				     VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
	if (!cache->buckets) {
		ember_object_free(device, pAllocator, cache);
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "pipeline cache");
	}
	cache->bucket_count = PCACHE_MIN_BUCKETS;
	cache->locked = !(pCreateInfo->flags &
			  VK_PIPELINE_CACHE_CREATE_EXTERNALLY_SYNCHRONIZED_BIT);
	pthread_mutex_init(&cache->lock, NULL);
	if (pCreateInfo->initialDataSize && pCreateInfo->pInitialData)
		import_data(device, cache, pCreateInfo->pInitialData,
			    pCreateInfo->initialDataSize);
	*pPipelineCache = ember_pipeline_cache_to_handle(cache);
	return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroyPipelineCache(VkDevice _device, VkPipelineCache pipelineCache,
			   const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_pipeline_cache, cache, pipelineCache);

	if (!cache)
		return;
	for (uint32_t i = 0; i < cache->bucket_count; i++) {
		struct ember_pcache_entry *e = cache->buckets[i], *next;

		for (; e; e = next) {
			next = e->next;
			ember_shader_unref(device, e->shader);
			ember_free(cache->alloc, e->blob);
			ember_free(cache->alloc, e);
		}
	}
	ember_free(cache->alloc, cache->buckets);
	pthread_mutex_destroy(&cache->lock);
	ember_object_free(device, pAllocator, cache);
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetPipelineCacheData(VkDevice _device, VkPipelineCache pipelineCache, size_t *pDataSize,
			   void *pData)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_pipeline_cache, cache, pipelineCache);
	VkResult result = VK_SUCCESS;
	uint8_t *out = pData;
	size_t offset;

	pcache_lock(cache);
	if (!pData) {
		offset = PCACHE_HEADER_SIZE;
		for (uint32_t i = 0; i < cache->bucket_count; i++) {
			for (struct ember_pcache_entry *e = cache->buckets[i]; e; e = e->next) {
				const void *blob;
				size_t size;

				entry_binary(e, &blob, &size);
				offset += EMBER_SHADER_KEY_SIZE + 4 + ember_align64(size, 4);
			}
		}
		*pDataSize = offset;
		goto out;
	}
	/* Not even the header fits: nothing is written. */
	if (*pDataSize < PCACHE_HEADER_SIZE) {
		*pDataSize = 0;
		result = VK_INCOMPLETE;
		goto out;
	}
	cache_header(device, out);
	offset = PCACHE_HEADER_SIZE;
	for (uint32_t i = 0; i < cache->bucket_count; i++) {
		for (struct ember_pcache_entry *e = cache->buckets[i]; e; e = e->next) {
			size_t size, padded;
			const void *blob;
			uint32_t le;

			entry_binary(e, &blob, &size);
			padded = ember_align64(size, 4);
			/* Only whole entries: stop at the first that does not fit. */
			if (*pDataSize - offset < EMBER_SHADER_KEY_SIZE + 4 + padded) {
				result = VK_INCOMPLETE;
				goto done;
			}
			memcpy(out + offset, e->key, EMBER_SHADER_KEY_SIZE);
			offset += EMBER_SHADER_KEY_SIZE;
			le = size;
			for (int b = 0; b < 4; b++)
				out[offset + b] = le >> (8 * b);
			offset += 4;
			memcpy(out + offset, blob, size);
			memset(out + offset + size, 0, padded - size);
			offset += padded;
		}
	}
done:
	*pDataSize = offset;
out:
	pcache_unlock(cache);
	return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_MergePipelineCaches(VkDevice _device, VkPipelineCache dstCache, uint32_t srcCacheCount,
			  const VkPipelineCache *pSrcCaches)
{
	EMBER_FROM_HANDLE(ember_pipeline_cache, dst, dstCache);

	for (uint32_t s = 0; s < srcCacheCount; s++) {
		EMBER_FROM_HANDLE(ember_pipeline_cache, src, pSrcCaches[s]);

		if (src == dst)
			continue;
		/*
		 * Two locks in address order: another thread may merge the
		 * other way round at the same time.
		 */
		pcache_lock(src < dst ? src : dst);
		pcache_lock(src < dst ? dst : src);
		for (uint32_t i = 0; i < src->bucket_count; i++) {
			for (struct ember_pcache_entry *e = src->buckets[i]; e; e = e->next) {
				struct ember_pcache_entry *d;

				if (find_locked(dst, e->key))
					continue;
				if (!e->shader) {
					add_blob_locked(dst, e->key, e->blob, e->blob_size);
					continue;
				}
				d = add_locked(dst, e->key);
				if (d) {
					ember_shader_ref(e->shader);
					d->shader = e->shader;
				}
			}
		}
		pcache_unlock(dst);
		pcache_unlock(src);
	}
	return VK_SUCCESS;
}
