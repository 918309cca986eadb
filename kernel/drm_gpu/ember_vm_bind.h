/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Copyright 2026 The Ember Authors */

#ifndef __EMBER_VM_BIND_H__
#define __EMBER_VM_BIND_H__

#include <linux/types.h>

#include <drm/ember_drm.h>

#include "ember_mmu.h"
#include "ember_packets.h"

struct drm_device;
struct drm_file;

/* Limits of one DRM_IOCTL_EMBER_VM_BIND (uAPI). */
#define EMBER_VM_BIND_MAX_OPS		1024
#define EMBER_VM_BIND_MAX_SYNCS		64

#define EMBER_VM_BIND_OP_MAP_FLAGS \
	(DRM_EMBER_VM_BIND_OP_MAP_READONLY | DRM_EMBER_VM_BIND_OP_MAP_NOEXEC)

/**
 * ember_vm_bind_range_valid() - Check a VM_BIND VA range.
 * @va: Start of the range.
 * @size: Size of the range.
 *
 * Return: true if the range is non-empty, page aligned and inside the user
 * range [%EMBER_VA_USER_START, %EMBER_VA_USER_END), without wrapping.
 */
static inline bool ember_vm_bind_range_valid(u64 va, u64 size)
{
	return size && IS_ALIGNED(va | size, EMBER_PAGE_SIZE) &&
	       va >= EMBER_VA_USER_START && va <= EMBER_VA_USER_END &&
	       size <= EMBER_VA_USER_END - va;
}

/**
 * ember_vm_bind_op_valid() - Check a VM_BIND operation, except its BO.
 * @op: The operation.
 *
 * Return: true if the type and flags are known and allowed for the type,
 * the ranges are valid and an unmap names no BO.
 */
static inline bool ember_vm_bind_op_valid(const struct drm_ember_vm_bind_op *op)
{
	u32 type = op->flags & DRM_EMBER_VM_BIND_OP_TYPE_MASK;
	u32 other = op->flags & ~DRM_EMBER_VM_BIND_OP_TYPE_MASK;

	if (!ember_vm_bind_range_valid(op->va, op->size))
		return false;

	switch (type) {
	case DRM_EMBER_VM_BIND_OP_TYPE_MAP:
		return !(other & ~EMBER_VM_BIND_OP_MAP_FLAGS) &&
		       IS_ALIGNED(op->bo_offset, EMBER_PAGE_SIZE);
	case DRM_EMBER_VM_BIND_OP_TYPE_UNMAP:
		return !other && !op->bo_handle && !op->bo_offset;
	default:
		return false;
	}
}

/**
 * ember_vm_bind_bo_range_valid() - Check a map's BO range.
 * @op: The map, valid by ember_vm_bind_op_valid().
 * @bo_size: Size of the BO.
 *
 * Return: true if [bo_offset, bo_offset + size) lies in the BO.
 */
static inline bool ember_vm_bind_bo_range_valid(const struct drm_ember_vm_bind_op *op,
						u64 bo_size)
{
	return op->size <= bo_size && op->bo_offset <= bo_size - op->size;
}

int ember_vm_bind_init(struct ember_vm *vm);
void ember_vm_bind_fini(struct ember_vm *vm);
int ember_ioctl_vm_bind(struct drm_device *ddev, void *data,
			struct drm_file *file);

#endif /* __EMBER_VM_BIND_H__ */
