/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* The object base, host allocation and error reporting (ember_object.h). */

#include "ember_object.h"

#include "ember_device.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ember_object_init(struct ember_object *obj, struct ember_device *device, VkObjectType type)
{
	obj->loader_data.loaderMagic = ICD_LOADER_MAGIC;
	obj->type = type;
	obj->device = device;
}

void *ember_alloc(const VkAllocationCallbacks *alloc, size_t size, size_t align,
		  VkSystemAllocationScope scope)
{
	void *ptr;

	if (align < sizeof(void *))
		align = sizeof(void *);
	if (alloc && alloc->pfnAllocation)
		ptr = alloc->pfnAllocation(alloc->pUserData, size, align, scope);
	else if (posix_memalign(&ptr, align, size ? size : 1))
		ptr = NULL;
	if (ptr)
		memset(ptr, 0, size);
	return ptr;
}

void *ember_realloc(const VkAllocationCallbacks *alloc, void *ptr, size_t old_size,
		    size_t size, size_t align, VkSystemAllocationScope scope)
{
	void *p;

	if (alloc && alloc->pfnAllocation) {
		if (align < sizeof(void *))
			align = sizeof(void *);
		p = alloc->pfnReallocation(alloc->pUserData, ptr, size, align, scope);
	} else if (align <= 16) {
		p = realloc(ptr, size);
	} else {
		p = ember_alloc(NULL, size, align, scope);
		if (p && ptr)
			memcpy(p, ptr, EMBER_MIN(old_size, size));
		if (p)
			free(ptr);
	}
	if (p && size > old_size)
		memset((char *)p + old_size, 0, size - old_size);
	return p;
}

void ember_free(const VkAllocationCallbacks *alloc, void *ptr)
{
	if (!ptr)
		return;
	if (alloc && alloc->pfnAllocation)
		alloc->pfnFree(alloc->pUserData, ptr);
	else
		free(ptr);
}

void *ember_object_alloc(struct ember_device *device, const VkAllocationCallbacks *alloc,
			 size_t size, VkObjectType type)
{
	struct ember_object *obj;

	obj = ember_alloc(ember_choose_alloc(alloc, &device->alloc), size, 8,
			  VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
	if (obj)
		ember_object_init(obj, device, type);
	return obj;
}

void ember_object_free(struct ember_device *device, const VkAllocationCallbacks *alloc,
		       void *object)
{
	ember_free(ember_choose_alloc(alloc, &device->alloc), object);
}

const void *ember_find_struct(const void *chain, VkStructureType stype)
{
	ember_foreach_struct(s, chain) {
		if (s->sType == stype)
			return s;
	}
	return NULL;
}

static bool ember_debug_errors(void)
{
	static int enabled = -1;

	if (enabled < 0) {
		const char *debug = getenv("EMBER_DEBUG");

		enabled = debug && strstr(debug, "errors");
	}
	return enabled;
}

VkResult ember_error_report(const char *file, int line, VkResult result, const char *fmt, ...)
{
	va_list ap;

	if (!ember_debug_errors())
		return result;
	va_start(ap, fmt);
	fprintf(stderr, "ember-vk: %s:%d: %s: ", file, line, ember_result_name(result));
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	return result;
}

VkResult ember_result_from_errno(int err)
{
	switch (err) {
	case 0:
		return VK_SUCCESS;
	case -ENOMEM:
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	case -ENOSPC:
	case -E2BIG:
		return VK_ERROR_OUT_OF_DEVICE_MEMORY;
	case -ETIME:
	case -ETIMEDOUT:
		return VK_TIMEOUT;
	case -ENODEV:
	case -ECANCELED:
	case -EIO:
		return VK_ERROR_DEVICE_LOST;
	case -EBADF:
		return VK_ERROR_INVALID_EXTERNAL_HANDLE;
	default:
		return VK_ERROR_UNKNOWN;
	}
}
