/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Descriptor pools, sets, updates and binding
 *
 * A pool is one GPU BO (read-only for the device) sized for its pool sizes;
 * its sets are ranges of 16-byte slots handed out first-fit, so freed sets
 * leave holes a later set of the same or a smaller size reuses;
 * VK_ERROR_FRAGMENTED_POOL when the free slots would suffice but no hole
 * does. Updates write descriptors straight into the set's memory, the
 * same path for writes, copies, update templates and push descriptors.
 *
 * Binding: a set binds its own memory, whatever it holds. Shaders read
 * dynamic buffers elsewhere: from the dynamic table, which the last entry
 * of each dispatch's set table (EMBER_DYNAMIC_TABLE_SET) points at, each
 * set's dynamic buffers after the lower sets' (ember_dynamic_layout, the
 * slot table the compiler gets). Binding a set with dynamic buffers writes
 * only them, offsets applied, into the command buffer's memory (16 bytes
 * each: a bind costs what its offsets change, not the set's size, which
 * may be millions of descriptors); a dispatch's dynamic table is those
 * per-set pieces laid out as its shader's layout says, built when a bind
 * or the shader changed since the last dispatch and shared otherwise, or
 * one set's piece itself when that is the whole table. The set keeps the
 * buffers without offsets (@dynamic) for the binds; the descriptors at
 * their slots in set memory are never read. That last set-table entry is
 * why maxBoundDescriptorSets is 7: contract and ISA stay as they are.
 *
 * Push descriptors are a per-command-buffer copy of the set, rewritten by
 * each push (what the earlier pushes wrote stays); they never hold dynamic
 * buffers (the specification).
 */

#include "ember_descriptor_set.h"

#include "ember_buffer.h"
#include "ember_cmd_buffer.h"
#include "ember_image.h"
#include "ember_pipeline_layout.h"

#include <endian.h>
#include <string.h>

static bool type_dynamic(VkDescriptorType type)
{
	return type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC ||
	       type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC;
}

static void buffer_descriptor(uint8_t *dst, const VkDescriptorBufferInfo *info,
			      struct ember_dynamic_buffer *shadow)
{
	struct ember_dynamic_buffer d = { 0 };
	uint32_t flags = 0;

	if (info && info->buffer) {
		EMBER_FROM_HANDLE(ember_buffer, buffer, info->buffer);
		uint64_t range = ember_buffer_range(buffer, info->offset, info->range);

		d.va = ember_buffer_address(buffer, info->offset);
		/* A descriptor's range is 32 bits: larger bindings are clamped. */
		d.range = range > UINT32_MAX ? UINT32_MAX : (uint32_t)range;
	}
	memcpy(dst, &d.va, 8);
	memcpy(dst + 8, &d.range, 4);
	memcpy(dst + 12, &flags, 4);
	if (shadow)
		*shadow = d;
}

/*
 * Where a write of @count elements from (@binding, @element) goes: the
 * specification's consecutive binding updates move on to the next
 * binding with descriptors when one runs out. Calls @write for each.
 */
struct write_target {
	const struct ember_descriptor_set_layout *layout;
	uint8_t *map;				/* the set's first slot */
	struct ember_dynamic_buffer *dynamic;	/* NULL for push descriptors */
};

/* Descriptor dwords @dw, @n of them, into descriptor memory (little-endian). */
static void store_dwords(uint8_t *dst, const uint32_t *dw, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++) {
		uint32_t le = htole32(dw[i]);

		memcpy(dst + 4 * i, &le, 4);
	}
}

/* A view's or sampler's packed descriptor @dw of @n dwords; NULL: a null descriptor. */
static void store_descriptor(uint8_t *dst, const uint32_t *dw, unsigned int n)
{
	if (dw)
		store_dwords(dst, dw, n);
	else
		memset(dst, 0, (size_t)n * 4);
}

static void image_descriptor(uint8_t *dst, VkImageView _view)
{
	EMBER_FROM_HANDLE(ember_image_view, view, _view);

	store_descriptor(dst, view ? view->desc : NULL, EMBER_IMAGE_DESC_DWORDS);
}

static void sampler_descriptor(uint8_t *dst, VkSampler _sampler)
{
	EMBER_FROM_HANDLE(ember_sampler, sampler, _sampler);

	store_descriptor(dst, sampler ? sampler->desc : NULL, EMBER_SAMPLER_DESC_DWORDS);
}

/*
 * Array element @element of binding @b from @src: a VkDescriptorImageInfo,
 * VkBufferView or VkDescriptorBufferInfo, as the binding's type says.
 * Immutable samplers stay as the layout put them.
 */
static void write_element(const struct write_target *t,
			  const struct ember_descriptor_binding_layout *b, uint32_t element,
			  const void *src)
{
	uint8_t *dst = t->map + (size_t)(b->slot + element * b->stride) * EMBER_DESCRIPTOR_SIZE;
	const VkDescriptorImageInfo *image = src;

	switch (b->type) {
	case VK_DESCRIPTOR_TYPE_SAMPLER:
		if (!b->immutable_samplers)
			sampler_descriptor(dst, image->sampler);
		break;
	case VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER:
		image_descriptor(dst, image->imageView);
		if (!b->immutable_samplers)
			sampler_descriptor(dst + EMBER_ISA_IMAGE_SLOTS * EMBER_DESCRIPTOR_SIZE,
					   image->sampler);
		break;
	case VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE:
	case VK_DESCRIPTOR_TYPE_STORAGE_IMAGE:
	case VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT:
		image_descriptor(dst, image->imageView);
		break;
	case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER:
	case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER: {
		EMBER_FROM_HANDLE(ember_buffer_view, view, *(const VkBufferView *)src);

		store_descriptor(dst, view ? view->desc : NULL, EMBER_TEXEL_BUFFER_DESC_DWORDS);
		break;
	}
	default:
		buffer_descriptor(dst, src, type_dynamic(b->type) && t->dynamic ?
				  &t->dynamic[b->dynamic_index + element] : NULL);
		break;
	}
}

static void write_descriptors(const struct write_target *t, uint32_t binding, uint32_t element,
			      uint32_t count, const void *data, size_t stride)
{
	const struct ember_descriptor_set_layout *layout = t->layout;

	for (uint32_t i = 0; i < count; i++, element++) {
		while (binding < layout->binding_count &&
		       (layout->bindings[binding].type == VK_DESCRIPTOR_TYPE_MAX_ENUM ||
			element >= layout->bindings[binding].count)) {
			if (layout->bindings[binding].type != VK_DESCRIPTOR_TYPE_MAX_ENUM)
				element -= layout->bindings[binding].count;
			binding++;
		}
		if (binding >= layout->binding_count)
			return;
		write_element(t, &layout->bindings[binding], element,
			      (const uint8_t *)data + i * stride);
	}
}

/* Inline uniform block bytes [@offset, @offset + @size) of @binding. */
static void write_inline(const struct write_target *t, uint32_t binding, uint32_t offset,
			 uint32_t size, const void *data)
{
	const struct ember_descriptor_binding_layout *b = &t->layout->bindings[binding];

	if (offset >= b->count)
		return;
	size = EMBER_MIN(size, b->count - offset);
	memcpy(t->map + (size_t)(b->slot + 1) * EMBER_DESCRIPTOR_SIZE + offset, data, size);
}

static void write_descriptor_set(const struct write_target *t, const VkWriteDescriptorSet *w)
{
	if (w->dstBinding >= t->layout->binding_count)
		return;
	if (w->descriptorType == VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK) {
		const VkWriteDescriptorSetInlineUniformBlock *block =
			ember_find_struct(w->pNext,
					  VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET_INLINE_UNIFORM_BLOCK);

		if (block)
			write_inline(t, w->dstBinding, w->dstArrayElement, block->dataSize,
				     block->pData);
		return;
	}
	switch (w->descriptorType) {
	case VK_DESCRIPTOR_TYPE_SAMPLER:
	case VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER:
	case VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE:
	case VK_DESCRIPTOR_TYPE_STORAGE_IMAGE:
	case VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT:
		write_descriptors(t, w->dstBinding, w->dstArrayElement, w->descriptorCount,
				  w->pImageInfo, sizeof(VkDescriptorImageInfo));
		break;
	case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER:
	case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER:
		write_descriptors(t, w->dstBinding, w->dstArrayElement, w->descriptorCount,
				  w->pTexelBufferView, sizeof(VkBufferView));
		break;
	default:
		write_descriptors(t, w->dstBinding, w->dstArrayElement, w->descriptorCount,
				  w->pBufferInfo, sizeof(VkDescriptorBufferInfo));
		break;
	}
}

/*
 * What a set holds before any update, at @map / @va: an inline block's
 * descriptor (the block's own data, right after it) and the immutable
 * samplers.
 */
static void init_set_memory(const struct ember_descriptor_set_layout *layout, uint8_t *map,
			    uint64_t va)
{
	for (uint32_t b = 0; b < layout->binding_count; b++) {
		const struct ember_descriptor_binding_layout *bl = &layout->bindings[b];
		uint8_t *dst = map + (size_t)bl->slot * EMBER_DESCRIPTOR_SIZE;
		struct ember_dynamic_buffer d;

		if (bl->immutable_samplers) {
			uint32_t at = bl->type == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER ?
				      EMBER_ISA_IMAGE_SLOTS : 0;

			for (uint32_t e = 0; e < bl->count; e++)
				store_dwords(dst + (size_t)(e * bl->stride + at) * EMBER_DESCRIPTOR_SIZE,
					     bl->immutable_samplers[e], EMBER_SAMPLER_DESC_DWORDS);
		}
		if (bl->type != VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK || !bl->count)
			continue;
		d.va = va + (uint64_t)(bl->slot + 1) * EMBER_DESCRIPTOR_SIZE;
		d.range = bl->count;
		memcpy(dst, &d.va, 8);
		memcpy(dst + 8, &d.range, 4);
	}
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateDescriptorPool(VkDevice _device, const VkDescriptorPoolCreateInfo *pCreateInfo,
			   const VkAllocationCallbacks *pAllocator,
			   VkDescriptorPool *pDescriptorPool)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	struct ember_descriptor_pool *pool;
	uint64_t slots = 0;
	VkResult result;

	for (uint32_t i = 0; i < pCreateInfo->poolSizeCount; i++) {
		const VkDescriptorPoolSize *size = &pCreateInfo->pPoolSizes[i];

		if (size->type == VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK)
			slots += (size->descriptorCount + EMBER_DESCRIPTOR_SIZE - 1) /
				 EMBER_DESCRIPTOR_SIZE;
		else
			slots += (uint64_t)size->descriptorCount *
				 ember_descriptor_type_slots(size->type);
	}
	/* Inline blocks each need a descriptor slot beside their data. */
	ember_foreach_struct(s, pCreateInfo->pNext) {
		if (s->sType == VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_INLINE_UNIFORM_BLOCK_CREATE_INFO)
			slots += ((const VkDescriptorPoolInlineUniformBlockCreateInfo *)s)
				 ->maxInlineUniformBlockBindings;
	}
	if (slots > EMBER_MAX_SET_SLOTS)
		return ember_error(VK_ERROR_OUT_OF_DEVICE_MEMORY, "descriptor pool of %llu slots",
				   (unsigned long long)slots);
	pool = ember_object_alloc(device, pAllocator, sizeof(*pool),
				  VK_OBJECT_TYPE_DESCRIPTOR_POOL);
	if (!pool)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "descriptor pool");
	pool->flags = pCreateInfo->flags;
	pool->max_sets = pCreateInfo->maxSets;
	pool->slot_capacity = (uint32_t)slots;
	if (slots) {
		/* The device only reads descriptors. */
		result = ember_gpu_bo_create(device, slots * EMBER_DESCRIPTOR_SIZE,
					     EMBER_WS_MAP_READONLY | EMBER_WS_MAP_NOEXEC,
					     &pool->bo);
		if (result != VK_SUCCESS) {
			ember_object_free(device, pAllocator, pool);
			return result;
		}
	}
	*pDescriptorPool = ember_descriptor_pool_to_handle(pool);
	return VK_SUCCESS;
}

static void descriptor_set_free(struct ember_device *device, struct ember_descriptor_set *set)
{
	ember_descriptor_set_layout_unref(device, set->layout);
	ember_free(&device->alloc, set->dynamic);
	ember_object_free(device, NULL, set);
}

static void pool_reset(struct ember_device *device, struct ember_descriptor_pool *pool)
{
	while (pool->sets) {
		struct ember_descriptor_set *next = pool->sets->next;

		descriptor_set_free(device, pool->sets);
		pool->sets = next;
	}
	pool->set_count = 0;
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroyDescriptorPool(VkDevice _device, VkDescriptorPool descriptorPool,
			    const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_descriptor_pool, pool, descriptorPool);

	if (!pool)
		return;
	pool_reset(device, pool);
	ember_gpu_bo_destroy(device, &pool->bo);
	ember_object_free(device, pAllocator, pool);
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_ResetDescriptorPool(VkDevice _device, VkDescriptorPool descriptorPool,
			  VkDescriptorPoolResetFlags flags)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);

	pool_reset(device, ember_descriptor_pool_from_handle(descriptorPool));
	return VK_SUCCESS;
}

/* First fit: the offset of a hole of @slots slots and the link to insert at. */
static VkResult pool_find_hole(struct ember_descriptor_pool *pool, uint32_t slots,
			       uint32_t *offset, struct ember_descriptor_set ***link)
{
	struct ember_descriptor_set **l = &pool->sets;
	uint32_t at = 0, used = 0;

	for (; *l; l = &(*l)->next) {
		if ((*l)->offset - at >= slots)
			break;
		at = (*l)->offset + (*l)->slot_count;
	}
	if (!*l && pool->slot_capacity - at < slots) {
		for (struct ember_descriptor_set *s = pool->sets; s; s = s->next)
			used += s->slot_count;
		return pool->slot_capacity - used >= slots ? VK_ERROR_FRAGMENTED_POOL :
							     VK_ERROR_OUT_OF_POOL_MEMORY;
	}
	*offset = at;
	*link = l;
	return VK_SUCCESS;
}

static VkResult allocate_set(struct ember_device *device, struct ember_descriptor_pool *pool,
			     struct ember_descriptor_set_layout *layout, uint32_t variable_count,
			     struct ember_descriptor_set **out)
{
	struct ember_descriptor_set **link, *set;
	uint32_t slots = layout->slot_count, offset;
	VkResult result;

	if (pool->set_count >= pool->max_sets)
		return VK_ERROR_OUT_OF_POOL_MEMORY;
	/* The variable-count binding is the last: its slots end the set. */
	if (layout->variable_binding >= 0) {
		const struct ember_descriptor_binding_layout *b =
			&layout->bindings[layout->variable_binding];
		uint64_t elems = b->type == VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK ?
				 (variable_count ? 1 + (variable_count + 15) / 16 : 0) :
				 (uint64_t)variable_count * b->stride;

		/* Past the layout's count is invalid usage: no overflow all the same. */
		if (b->slot + elems > EMBER_MAX_SET_SLOTS)
			return VK_ERROR_OUT_OF_POOL_MEMORY;
		slots = (uint32_t)(b->slot + elems);
	}
	result = pool_find_hole(pool, slots, &offset, &link);
	if (result != VK_SUCCESS)
		return result;
	set = ember_object_alloc(device, NULL, sizeof(*set), VK_OBJECT_TYPE_DESCRIPTOR_SET);
	if (!set)
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	if (layout->dynamic_count) {
		set->dynamic = ember_alloc(&device->alloc,
					   layout->dynamic_count * sizeof(*set->dynamic), 8,
					   VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
		if (!set->dynamic) {
			ember_object_free(device, NULL, set);
			return VK_ERROR_OUT_OF_HOST_MEMORY;
		}
	}
	ember_descriptor_set_layout_ref(layout);
	set->layout = layout;
	set->pool = pool;
	set->offset = offset;
	set->slot_count = slots;
	set->va = pool->bo.va + (uint64_t)offset * EMBER_DESCRIPTOR_SIZE;
	set->map = (uint8_t *)pool->bo.bo.map + (size_t)offset * EMBER_DESCRIPTOR_SIZE;
	memset(set->map, 0, (size_t)slots * EMBER_DESCRIPTOR_SIZE);
	init_set_memory(layout, set->map, set->va);
	set->next = *link;
	*link = set;
	pool->set_count++;
	*out = set;
	return VK_SUCCESS;
}

static void free_set(struct ember_device *device, struct ember_descriptor_set *set)
{
	struct ember_descriptor_pool *pool = set->pool;
	struct ember_descriptor_set **l;

	for (l = &pool->sets; *l && *l != set; l = &(*l)->next)
		;
	if (*l)
		*l = set->next;
	pool->set_count--;
	descriptor_set_free(device, set);
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_AllocateDescriptorSets(VkDevice _device, const VkDescriptorSetAllocateInfo *pAllocateInfo,
			     VkDescriptorSet *pDescriptorSets)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_descriptor_pool, pool, pAllocateInfo->descriptorPool);
	const VkDescriptorSetVariableDescriptorCountAllocateInfo *variable =
		ember_find_struct(pAllocateInfo->pNext,
				  VK_STRUCTURE_TYPE_DESCRIPTOR_SET_VARIABLE_DESCRIPTOR_COUNT_ALLOCATE_INFO);
	VkResult result = VK_SUCCESS;
	uint32_t i;

	for (i = 0; i < pAllocateInfo->descriptorSetCount; i++) {
		EMBER_FROM_HANDLE(ember_descriptor_set_layout, layout,
				  pAllocateInfo->pSetLayouts[i]);
		uint32_t count = variable && variable->descriptorSetCount ?
				 variable->pDescriptorCounts[i] : 0;
		struct ember_descriptor_set *set;

		result = allocate_set(device, pool, layout, count, &set);
		if (result != VK_SUCCESS)
			break;
		pDescriptorSets[i] = ember_descriptor_set_to_handle(set);
	}
	if (result == VK_SUCCESS)
		return VK_SUCCESS;
	/* All or nothing: the specification's failed allocation frees the rest. */
	while (i--)
		free_set(device, ember_descriptor_set_from_handle(pDescriptorSets[i]));
	for (i = 0; i < pAllocateInfo->descriptorSetCount; i++)
		pDescriptorSets[i] = VK_NULL_HANDLE;
	return ember_error(result, "allocating %u descriptor sets",
			   pAllocateInfo->descriptorSetCount);
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_FreeDescriptorSets(VkDevice _device, VkDescriptorPool descriptorPool, uint32_t count,
			 const VkDescriptorSet *pDescriptorSets)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);

	for (uint32_t i = 0; i < count; i++) {
		EMBER_FROM_HANDLE(ember_descriptor_set, set, pDescriptorSets[i]);

		if (set)
			free_set(device, set);
	}
	return VK_SUCCESS;
}

static struct write_target set_target(struct ember_descriptor_set *set)
{
	return (struct write_target) {
		.layout = set->layout, .map = set->map, .dynamic = set->dynamic,
	};
}

static void copy_descriptor_set(const VkCopyDescriptorSet *c)
{
	EMBER_FROM_HANDLE(ember_descriptor_set, src, c->srcSet);
	EMBER_FROM_HANDLE(ember_descriptor_set, dst, c->dstSet);
	const struct ember_descriptor_binding_layout *sb, *db;
	uint32_t sbind = c->srcBinding, dbind = c->dstBinding;
	uint32_t selem = c->srcArrayElement, delem = c->dstArrayElement;

	if (sbind >= src->layout->binding_count || dbind >= dst->layout->binding_count)
		return;
	sb = &src->layout->bindings[sbind];
	db = &dst->layout->bindings[dbind];
	if (sb->type == VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK) {
		/* Array elements are bytes. */
		if (selem < sb->count && delem < db->count)
			memmove(dst->map + (size_t)(db->slot + 1) * EMBER_DESCRIPTOR_SIZE + delem,
				src->map + (size_t)(sb->slot + 1) * EMBER_DESCRIPTOR_SIZE + selem,
				EMBER_MIN(c->descriptorCount,
					  EMBER_MIN(sb->count - selem, db->count - delem)));
		return;
	}
	for (uint32_t i = 0; i < c->descriptorCount; i++, selem++, delem++) {
		while (sbind < src->layout->binding_count &&
		       selem >= src->layout->bindings[sbind].count) {
			selem -= src->layout->bindings[sbind].count;
			sbind++;
		}
		while (dbind < dst->layout->binding_count &&
		       delem >= dst->layout->bindings[dbind].count) {
			delem -= dst->layout->bindings[dbind].count;
			dbind++;
		}
		if (sbind >= src->layout->binding_count || dbind >= dst->layout->binding_count)
			return;
		sb = &src->layout->bindings[sbind];
		db = &dst->layout->bindings[dbind];
		memmove(dst->map + (size_t)(db->slot + delem * db->stride) * EMBER_DESCRIPTOR_SIZE,
			src->map + (size_t)(sb->slot + selem * sb->stride) * EMBER_DESCRIPTOR_SIZE,
			(size_t)EMBER_MIN(sb->stride, db->stride) * EMBER_DESCRIPTOR_SIZE);
		if (type_dynamic(sb->type) && type_dynamic(db->type))
			dst->dynamic[db->dynamic_index + delem] =
				src->dynamic[sb->dynamic_index + selem];
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_UpdateDescriptorSets(VkDevice device, uint32_t descriptorWriteCount,
			   const VkWriteDescriptorSet *pDescriptorWrites,
			   uint32_t descriptorCopyCount, const VkCopyDescriptorSet *pDescriptorCopies)
{
	for (uint32_t i = 0; i < descriptorWriteCount; i++) {
		EMBER_FROM_HANDLE(ember_descriptor_set, set, pDescriptorWrites[i].dstSet);
		struct write_target t = set_target(set);

		write_descriptor_set(&t, &pDescriptorWrites[i]);
	}
	for (uint32_t i = 0; i < descriptorCopyCount; i++)
		copy_descriptor_set(&pDescriptorCopies[i]);
}

/* Descriptor update templates. */
struct ember_descriptor_update_template {
	struct ember_object base;
	uint32_t set;	/* push descriptors: the set number */
	VkPipelineBindPoint bind_point;	/* push descriptors: where the set is bound */
	uint32_t entry_count;
	VkDescriptorUpdateTemplateEntry entries[];
};

EMBER_DEFINE_HANDLE_CASTS(ember_descriptor_update_template, base, VkDescriptorUpdateTemplate,
			  VK_OBJECT_TYPE_DESCRIPTOR_UPDATE_TEMPLATE)

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateDescriptorUpdateTemplate(VkDevice _device,
				     const VkDescriptorUpdateTemplateCreateInfo *pCreateInfo,
				     const VkAllocationCallbacks *pAllocator,
				     VkDescriptorUpdateTemplate *pDescriptorUpdateTemplate)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	struct ember_descriptor_update_template *t;
	uint32_t n = pCreateInfo->descriptorUpdateEntryCount;

	t = ember_object_alloc(device, pAllocator, sizeof(*t) + n * sizeof(t->entries[0]),
			       VK_OBJECT_TYPE_DESCRIPTOR_UPDATE_TEMPLATE);
	if (!t)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "descriptor update template");
	t->set = pCreateInfo->set;
	t->bind_point = pCreateInfo->pipelineBindPoint;
	t->entry_count = n;
	memcpy(t->entries, pCreateInfo->pDescriptorUpdateEntries, n * sizeof(t->entries[0]));
	*pDescriptorUpdateTemplate = ember_descriptor_update_template_to_handle(t);
	return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroyDescriptorUpdateTemplate(VkDevice _device,
				      VkDescriptorUpdateTemplate descriptorUpdateTemplate,
				      const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_descriptor_update_template, t, descriptorUpdateTemplate);

	if (t)
		ember_object_free(device, pAllocator, t);
}

static void apply_template(const struct write_target *target,
			   const struct ember_descriptor_update_template *t, const void *data)
{
	for (uint32_t i = 0; i < t->entry_count; i++) {
		const VkDescriptorUpdateTemplateEntry *e = &t->entries[i];
		const uint8_t *src = (const uint8_t *)data + e->offset;

		if (e->dstBinding >= target->layout->binding_count)
			continue;
		if (e->descriptorType == VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK)
			write_inline(target, e->dstBinding, e->dstArrayElement, e->descriptorCount,
				     src);
		else
			write_descriptors(target, e->dstBinding, e->dstArrayElement,
					  e->descriptorCount, src, e->stride);
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_UpdateDescriptorSetWithTemplate(VkDevice device, VkDescriptorSet descriptorSet,
				      VkDescriptorUpdateTemplate descriptorUpdateTemplate,
				      const void *pData)
{
	EMBER_FROM_HANDLE(ember_descriptor_set, set, descriptorSet);
	struct write_target target = set_target(set);

	apply_template(&target, ember_descriptor_update_template_from_handle(
			       descriptorUpdateTemplate), pData);
}

/* Binding. */
/*
 * Writes @set's dynamic buffers with their offsets (from @offsets, @next
 * the first of this set's) into the command buffer: the set's piece of
 * the dynamic table. False on error (recorded).
 */
static bool bind_dynamic(struct ember_cmd_buffer *cmd, const struct ember_descriptor_set *set,
			 const uint32_t *offsets, uint32_t offset_count, uint32_t *next,
			 struct ember_cmd_dynamic *out)
{
	const struct ember_descriptor_set_layout *sl = set->layout;
	uint8_t *map;
	uint64_t va;

	map = ember_cmd_alloc_data(cmd, sl->dynamic_count * EMBER_DESCRIPTOR_SIZE,
				   EMBER_DESCRIPTOR_SIZE, &va);
	if (!map)
		return false;
	/* Offsets apply in binding order, then array order (the specification). */
	for (uint32_t b = 0; b < sl->binding_count; b++) {
		const struct ember_descriptor_binding_layout *bl = &sl->bindings[b];

		if (!type_dynamic(bl->type))
			continue;
		for (uint32_t e = 0; e < bl->count; e++) {
			const uint32_t index = bl->dynamic_index + e;
			const struct ember_dynamic_buffer *d = &set->dynamic[index];
			const uint32_t offset = *next < offset_count ? offsets[*next] : 0;
			uint8_t *dst = map + (size_t)index * EMBER_DESCRIPTOR_SIZE;
			const uint64_t dva = d->va ? d->va + offset : 0;
			const uint32_t flags = 0;

			(*next)++;
			memcpy(dst, &dva, 8);
			memcpy(dst + 8, &d->range, 4);
			memcpy(dst + 12, &flags, 4);
		}
	}
	*out = (struct ember_cmd_dynamic) { .map = map, .va = va, .count = sl->dynamic_count };
	return true;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdBindDescriptorSets(VkCommandBuffer commandBuffer, VkPipelineBindPoint pipelineBindPoint,
			    VkPipelineLayout layout, uint32_t firstSet, uint32_t descriptorSetCount,
			    const VkDescriptorSet *pDescriptorSets, uint32_t dynamicOffsetCount,
			    const uint32_t *pDynamicOffsets)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	uint32_t next_offset = 0;

	for (uint32_t i = 0; i < descriptorSetCount; i++) {
		EMBER_FROM_HANDLE(ember_descriptor_set, set, pDescriptorSets[i]);
		struct ember_cmd_dynamic dynamic;

		if (!set)
			continue;
		if (!set->layout->dynamic_count) {
			ember_cmd_bind_descriptor_set(cmd, pipelineBindPoint, firstSet + i, set->va,
						      NULL);
			continue;
		}
		if (!bind_dynamic(cmd, set, pDynamicOffsets, dynamicOffsetCount, &next_offset,
				  &dynamic))
			return;
		ember_cmd_bind_descriptor_set(cmd, pipelineBindPoint, firstSet + i, set->va,
					      &dynamic);
	}
}

bool ember_cmd_dynamic_table(struct ember_cmd_buffer *cmd, struct ember_cmd_bindings *bind,
			     uint64_t *va)
{
	const struct ember_dynamic_layout *dl = bind->dynamic_layout;
	uint32_t only = EMBER_MAX_BOUND_SETS, sets = 0;
	uint8_t *table;

	if (!dl || !dl->total) {
		*va = 0;
		return true;
	}
	if (!bind->dynamic_dirty) {
		*va = bind->dynamic_table_va;
		return true;
	}
	for (uint32_t s = 0; s < EMBER_MAX_BOUND_SETS; s++) {
		if (dl->count[s]) {
			only = s;
			sets++;
		}
	}
	/* One set's buffers are the whole table: its bind wrote it already. */
	if (sets == 1 && bind->dynamic[only].count == dl->count[only]) {
		*va = bind->dynamic[only].va;
	} else {
		table = ember_cmd_alloc_data(cmd, dl->total * EMBER_DESCRIPTOR_SIZE,
					     EMBER_DESCRIPTOR_SIZE, va);
		if (!table)
			return false;
		/* A set bound with another layout than the shader's has nothing to give. */
		memset(table, 0, (size_t)dl->total * EMBER_DESCRIPTOR_SIZE);
		for (uint32_t s = 0; s < EMBER_MAX_BOUND_SETS; s++) {
			const struct ember_cmd_dynamic *d = &bind->dynamic[s];

			if (d->count && dl->count[s])
				memcpy(table + (size_t)dl->first[s] * EMBER_DESCRIPTOR_SIZE, d->map,
				       (size_t)EMBER_MIN(d->count, dl->count[s]) *
				       EMBER_DESCRIPTOR_SIZE);
		}
	}
	bind->dynamic_table_va = *va;
	bind->dynamic_dirty = false;
	return true;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdBindDescriptorSets2(VkCommandBuffer commandBuffer,
				const VkBindDescriptorSetsInfo *pBindDescriptorSetsInfo)
{
	const VkBindDescriptorSetsInfo *info = pBindDescriptorSetsInfo;

	/* The bind points of the stages named: compute, graphics or both. */
	if (info->stageFlags & VK_SHADER_STAGE_COMPUTE_BIT)
		ember_CmdBindDescriptorSets(commandBuffer, VK_PIPELINE_BIND_POINT_COMPUTE,
					    info->layout, info->firstSet, info->descriptorSetCount,
					    info->pDescriptorSets, info->dynamicOffsetCount,
					    info->pDynamicOffsets);
	if (info->stageFlags & VK_SHADER_STAGE_ALL_GRAPHICS)
		ember_CmdBindDescriptorSets(commandBuffer, VK_PIPELINE_BIND_POINT_GRAPHICS,
					    info->layout, info->firstSet, info->descriptorSetCount,
					    info->pDescriptorSets, info->dynamicOffsetCount,
					    info->pDynamicOffsets);
}

/* A fresh copy of the push set @set of @layout, starting from the previous push. */
static bool push_target(struct ember_cmd_buffer *cmd, VkPipelineBindPoint bind_point,
			VkPipelineLayout _layout, uint32_t set, struct write_target *target)
{
	EMBER_FROM_HANDLE(ember_pipeline_layout, layout, _layout);
	const struct ember_descriptor_set_layout *sl;
	size_t size;
	uint64_t va;
	uint8_t *map;

	if (set >= layout->set_count || !layout->sets[set])
		return false;
	sl = layout->sets[set];
	size = (size_t)sl->slot_count * EMBER_DESCRIPTOR_SIZE;
	map = ember_cmd_alloc_data(cmd, size ? size : EMBER_DESCRIPTOR_SIZE,
				   EMBER_DESCRIPTOR_SIZE, &va);
	if (!map)
		return false;
	if (cmd->push_set.map && cmd->push_set.set == set && cmd->push_set.size == size)
		memcpy(map, cmd->push_set.map, size);
	else
		memset(map, 0, size);
	cmd->push_set.map = map;
	cmd->push_set.set = set;
	cmd->push_set.size = size;
	*target = (struct write_target) { .layout = sl, .map = map };
	/* Inline blocks in push sets point into this copy. */
	init_set_memory(sl, map, va);
	ember_cmd_bind_descriptor_set(cmd, bind_point, set, va, NULL);
	return true;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdPushDescriptorSet(VkCommandBuffer commandBuffer, VkPipelineBindPoint pipelineBindPoint,
			      VkPipelineLayout layout, uint32_t set, uint32_t descriptorWriteCount,
			      const VkWriteDescriptorSet *pDescriptorWrites)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	struct write_target target;

	if (!push_target(cmd, pipelineBindPoint, layout, set, &target))
		return;
	for (uint32_t i = 0; i < descriptorWriteCount; i++)
		write_descriptor_set(&target, &pDescriptorWrites[i]);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdPushDescriptorSetWithTemplate(VkCommandBuffer commandBuffer,
					  VkDescriptorUpdateTemplate descriptorUpdateTemplate,
					  VkPipelineLayout layout, uint32_t set, const void *pData)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	EMBER_FROM_HANDLE(ember_descriptor_update_template, t, descriptorUpdateTemplate);
	struct write_target target;

	if (!push_target(cmd, t->bind_point, layout, set, &target))
		return;
	apply_template(&target, t, pData);
}
