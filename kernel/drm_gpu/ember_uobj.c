// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <linux/err.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "ember_uobj.h"

/**
 * ember_uobj_array_check() - Check an object array's count and stride.
 * @arr: The array (see struct drm_ember_obj_array).
 * @max_count: Most elements the ioctl takes.
 * @min_stride: Size of the element structure's first version.
 *
 * Return: 0, or -EINVAL for too many elements or a stride below
 * @min_stride.
 */
int ember_uobj_array_check(const struct drm_ember_obj_array *arr, u32 max_count,
			   size_t min_stride)
{
	if (arr->count > max_count || (arr->count && arr->stride < min_stride))
		return -EINVAL;
	return 0;
}

/**
 * ember_uobj_array_copy_to() - Copy a checked object array from userspace.
 * @objs: Where the first element goes.
 * @objs_stride: Bytes from one element to the next in @objs (at least
 * @obj_size: the elements can be members of larger structures).
 * @arr: The array, checked with ember_uobj_array_check().
 * @obj_size: Size of the kernel's element structure.
 *
 * Each element is copied with copy_struct_from_user(): the part both
 * sides know, zeroes for what an older userspace does not know, and
 * -E2BIG if a newer userspace set a field this kernel does not know.
 *
 * Return: 0, -E2BIG or -EFAULT.
 */
int ember_uobj_array_copy_to(void *objs, size_t objs_stride,
			     const struct drm_ember_obj_array *arr, size_t obj_size)
{
	u32 i;
	int ret;

	for (i = 0; i < arr->count; i++) {
		const void __user *src = u64_to_user_ptr(arr->array +
							 (u64)i * arr->stride);

		ret = copy_struct_from_user(objs + i * objs_stride, obj_size, src,
					    arr->stride);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * ember_uobj_array_copy() - Copy an object array from userspace.
 * @arr: The array (see struct drm_ember_obj_array).
 * @max_count: Most elements the ioctl takes.
 * @min_stride: Size of the element structure's first version.
 * @obj_size: Size of the kernel's element structure.
 *
 * ember_uobj_array_check(), then ember_uobj_array_copy_to() into a new
 * array.
 *
 * Return: A kvmalloc()ed array of @arr->count elements of @obj_size bytes
 * (free it with kvfree()), NULL for an empty array, or an ERR_PTR():
 * -EINVAL for too many elements or a stride below @min_stride, -E2BIG,
 * -EFAULT, -ENOMEM.
 */
void *ember_uobj_array_copy(const struct drm_ember_obj_array *arr,
			    u32 max_count, size_t min_stride, size_t obj_size)
{
	void *objs;
	int ret;

	ret = ember_uobj_array_check(arr, max_count, min_stride);
	if (ret)
		return ERR_PTR(ret);
	if (!arr->count)
		return NULL;

	objs = kvmalloc_array(arr->count, obj_size, GFP_KERNEL_ACCOUNT);
	if (!objs)
		return ERR_PTR(-ENOMEM);

	ret = ember_uobj_array_copy_to(objs, obj_size, arr, obj_size);
	if (ret) {
		kvfree(objs);
		return ERR_PTR(ret);
	}
	return objs;
}

/**
 * ember_uobj_sync_op_check() - Check a sync op against the uAPI's rules.
 * @op: The sync op, copied from userspace.
 *
 * Shared by VM_BIND and SUBMIT: only known flags, a known handle type, a
 * zero timeline value for a binary syncobj and a non-zero one for a
 * timeline point. The handle itself is looked up by the caller.
 *
 * Return: 0 if @op is well-formed, -EINVAL otherwise.
 */
int ember_uobj_sync_op_check(const struct drm_ember_sync_op *op)
{
	if (op->flags & ~(DRM_EMBER_SYNC_OP_HANDLE_TYPE_MASK |
			  DRM_EMBER_SYNC_OP_SIGNAL))
		return -EINVAL;

	switch (op->flags & DRM_EMBER_SYNC_OP_HANDLE_TYPE_MASK) {
	case DRM_EMBER_SYNC_OP_HANDLE_TYPE_SYNCOBJ:
		return op->timeline_value ? -EINVAL : 0;
	case DRM_EMBER_SYNC_OP_HANDLE_TYPE_TIMELINE_SYNCOBJ:
		return op->timeline_value ? 0 : -EINVAL;
	default:
		return -EINVAL;
	}
}
