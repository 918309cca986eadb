/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Object base, allocation, handles and errors
 *
 * Every Vulkan object of the driver starts with a struct ember_object: the
 * loader's dispatch slot first (the loader writes its dispatch table
 * pointer there in dispatchable handles: instance, physical device, device,
 * queue, command buffer; it is simply unused in the others), then the
 * object's type, checked by the handle casts in debug builds.
 *
 * Host memory goes through the application's VkAllocationCallbacks when it
 * gives some (the object's own, else its parent's), else libc. Every
 * allocation is zeroed.
 *
 * Errors: ember_error() returns the VkResult it is given and, with
 * EMBER_DEBUG=errors in the environment, prints where and why, so an
 * application's failing call can be explained without a debugger.
 */

#ifndef EMBER_OBJECT_H
#define EMBER_OBJECT_H

#include "ember_vk_entrypoints.h"

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <vulkan/vk_icd.h>
#include <vulkan/vulkan_core.h>

struct ember_device;

/**
 * struct ember_object - The first member of every driver object.
 * @loader_data: the loader's dispatch pointer (dispatchable handles).
 * @type: the Vulkan object type, checked by the handle casts.
 * @device: the device that owns the object; NULL for instance-level ones.
 */
struct ember_object {
	VK_LOADER_DATA loader_data;
	VkObjectType type;
	struct ember_device *device;
};

void ember_object_init(struct ember_object *obj, struct ember_device *device, VkObjectType type);

/*
 * Allocation through @alloc (NULL, or callbacks without pfnAllocation as a
 * device keeps when the application gave none: libc), zeroed; NULL when out
 * of memory.
 */
void *ember_alloc(const VkAllocationCallbacks *alloc, size_t size, size_t align,
		  VkSystemAllocationScope scope);
void *ember_realloc(const VkAllocationCallbacks *alloc, void *ptr, size_t old_size,
		    size_t size, size_t align, VkSystemAllocationScope scope);
void ember_free(const VkAllocationCallbacks *alloc, void *ptr);

/* The object's allocator if the application gave one, else @parent's. */
static inline const VkAllocationCallbacks *
ember_choose_alloc(const VkAllocationCallbacks *object, const VkAllocationCallbacks *parent)
{
	return object ? object : parent;
}

/*
 * A device-level object of @size bytes: allocated with @alloc or the
 * device's allocator (scope OBJECT), its base initialised. NULL when out
 * of memory.
 */
void *ember_object_alloc(struct ember_device *device, const VkAllocationCallbacks *alloc,
			 size_t size, VkObjectType type);
void ember_object_free(struct ember_device *device, const VkAllocationCallbacks *alloc,
		       void *object);

/* Handle casts: struct ember_x <-> VkX, with a type check in debug builds. */
#define EMBER_DEFINE_HANDLE_CASTS(__type, __base, __VkType, __object_type)		\
	static inline struct __type *__type##_from_handle(__VkType handle)		\
	{										\
		struct __type *obj = (struct __type *)(uintptr_t)handle;		\
		assert(!obj || obj->__base.type == (__object_type));			\
		return obj;								\
	}										\
	static inline __VkType __type##_to_handle(struct __type *obj)			\
	{										\
		return (__VkType)(uintptr_t)obj;					\
	}

#define EMBER_FROM_HANDLE(__type, __name, __handle) \
	struct __type *__name = __type##_from_handle(__handle)

/* The first structure of type @stype in the pNext chain @chain, or NULL. */
const void *ember_find_struct(const void *chain, VkStructureType stype);
#define ember_foreach_struct(__s, __chain)						\
	for (const VkBaseInStructure *__s = (const VkBaseInStructure *)(__chain);	\
	     __s; __s = __s->pNext)
#define ember_foreach_struct_out(__s, __chain)						\
	for (VkBaseOutStructure *__s = (VkBaseOutStructure *)(__chain);		\
	     __s; __s = __s->pNext)

/*
 * Returns @result; with EMBER_DEBUG=errors prints the caller's location
 * and the printf-style reason to stderr.
 */
#define ember_error(__result, ...) \
	ember_error_report(__FILE__, __LINE__, (__result), __VA_ARGS__)
VkResult ember_error_report(const char *file, int line, VkResult result, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Maps a negative errno from the kernel interface to a VkResult. */
VkResult ember_result_from_errno(int err);

/* For the "count, then fill" queries (VK_INCOMPLETE when *count is short). */
#define EMBER_OUTARRAY_APPEND(__array, __count, __capacity, __written, __value)	\
	do {									\
		if (!(__array))							\
			(__written)++;						\
		else if ((__written) < (__capacity))				\
			(__array)[(__written)++] = (__value);			\
		else								\
			(__count) = -1;						\
	} while (0)

static inline uint64_t ember_align64(uint64_t v, uint64_t a)
{
	return (v + a - 1) & ~(a - 1);
}

#define EMBER_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define EMBER_MIN(a, b) ((a) < (b) ? (a) : (b))
#define EMBER_MAX(a, b) ((a) > (b) ? (a) : (b))

#endif /* EMBER_OBJECT_H */
