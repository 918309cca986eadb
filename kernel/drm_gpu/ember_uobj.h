/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Copyright 2026 The Ember Authors */

#ifndef __EMBER_UOBJ_H__
#define __EMBER_UOBJ_H__

#include <linux/minmax.h>
#include <linux/stddef.h>
#include <linux/types.h>

#include <drm/ember_drm.h>

/**
 * DOC: Versioned user objects
 *
 * Structures the kernel fills for userspace are versioned by their size
 * (see the rules at the top of uapi/drm/ember_drm.h): userspace passes the
 * size it knows, which must cover at least the structure's first version;
 * the kernel writes the part both know and zeroes the rest of a larger
 * user structure. These helpers are that arithmetic, kept free of user
 * memory so that KUnit can check every case.
 */

/* Size of the first version (uAPI 1.0) of struct drm_ember_gpu_info. */
#define EMBER_GPU_INFO_MIN_SIZE	offsetofend(struct drm_ember_gpu_info, timestamp)

/* Size of the first version (uAPI 1.8) of struct drm_ember_queue_info. */
#define EMBER_QUEUE_INFO_MIN_SIZE	offsetofend(struct drm_ember_queue_info, pad)

/* Size of the first version (uAPI 1.2) of struct drm_ember_timestamp. */
#define EMBER_TIMESTAMP_MIN_SIZE \
	offsetofend(struct drm_ember_timestamp, monotonic_raw_after_ns)

/**
 * ember_uobj_size_valid() - Check a user object is at least the first
 * version of its structure.
 * @usr_size: Size userspace passed.
 * @min_size: Size of the structure's first version.
 *
 * Return: true if the ioctl can use the object, false for -EINVAL.
 */
static inline bool ember_uobj_size_valid(u32 usr_size, size_t min_size)
{
	return usr_size >= min_size;
}

/**
 * ember_uobj_copy_size() - How much of the kernel object to copy out.
 * @usr_size: Size of the user's version of the object.
 * @kobj_size: Size of the kernel's version.
 *
 * Return: The size of the part both versions have.
 */
static inline size_t ember_uobj_copy_size(u32 usr_size, size_t kobj_size)
{
	return min_t(size_t, usr_size, kobj_size);
}

/**
 * ember_uobj_zero_size() - How much of the user object to zero after the
 * copied part.
 * @usr_size: Size of the user's version of the object.
 * @kobj_size: Size of the kernel's version.
 *
 * Newer userspace must read zero in the fields this kernel does not know.
 *
 * Return: The size of the user object's tail beyond @kobj_size, 0 if none.
 */
static inline size_t ember_uobj_zero_size(u32 usr_size, size_t kobj_size)
{
	return usr_size > kobj_size ? usr_size - kobj_size : 0;
}

int ember_uobj_array_check(const struct drm_ember_obj_array *arr, u32 max_count,
			   size_t min_stride);
int ember_uobj_array_copy_to(void *objs, size_t objs_stride,
			     const struct drm_ember_obj_array *arr, size_t obj_size);
void *ember_uobj_array_copy(const struct drm_ember_obj_array *arr,
			    u32 max_count, size_t min_stride, size_t obj_size);
int ember_uobj_sync_op_check(const struct drm_ember_sync_op *op);

#endif /* __EMBER_UOBJ_H__ */
