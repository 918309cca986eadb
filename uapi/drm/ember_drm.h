/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */
#ifndef _EMBER_DRM_H_
#define _EMBER_DRM_H_

#include "drm.h"

#if defined(__cplusplus)
extern "C" {
#endif

/**
 * DOC: Introduction
 *
 * This is the uAPI of the Ember GPU driver (ember.ko). Documentation of the
 * device itself is in Documentation/gpu/ember-hw.rst.
 *
 * The uAPI follows these rules, so that it can grow without breaking
 * existing userspace:
 *
 * - Structures are 64-bit aligned and their sizes are multiples of 64 bits.
 *   Where alignment needs filler, an explicit pad field is used; the kernel
 *   checks that every pad field is zero and fails the ioctl with -EINVAL
 *   otherwise, so pad fields can later be given a meaning.
 * - Fields are only ever added at the end of a structure, and a zero value
 *   in a new field must keep the old behaviour. Flags are only added;
 *   unknown flags are rejected with -EINVAL.
 * - No unions, no pointers: user pointers are passed as __u64.
 * - Structures the kernel fills for userspace (queries) are versioned by
 *   their size: userspace passes the size it knows, the kernel writes
 *   min(its size, userspace's size) bytes and zeroes the rest of a larger
 *   userspace structure. Passing a NULL pointer returns the kernel's size.
 * - Arrays are passed as an object array (stride, count, pointer), so the
 *   element structure can grow too: the kernel copies min(stride, its size)
 *   bytes of each element and requires the rest of a larger one to be zero.
 * - Ioctl numbers are only ever appended.
 *
 * Driver version changelog (reported by DRM_IOCTL_VERSION):
 *
 * - 1.0: DRM_IOCTL_EMBER_DEV_QUERY with DRM_EMBER_DEV_QUERY_GPU_INFO.
 */

/**
 * enum drm_ember_ioctl_id - Ioctl IDs, relative to DRM_COMMAND_BASE.
 *
 * Only ever append new IDs.
 */
enum drm_ember_ioctl_id {
	/** @DRM_EMBER_DEV_QUERY: Query device information. */
	DRM_EMBER_DEV_QUERY = 0,
};

/**
 * enum drm_ember_dev_query_type - What DRM_IOCTL_EMBER_DEV_QUERY returns.
 */
enum drm_ember_dev_query_type {
	/** @DRM_EMBER_DEV_QUERY_GPU_INFO: struct drm_ember_gpu_info. */
	DRM_EMBER_DEV_QUERY_GPU_INFO = 0,
};

/**
 * struct drm_ember_gpu_info - Device information.
 *
 * Identity fields are read from the device's register page; @timestamp is
 * obtained by a round trip through the device's management mailbox, so a
 * successful query also proves the device is alive.
 */
struct drm_ember_gpu_info {
	/** @hw_version: Hardware contract version, major << 16 | minor. */
	__u32 hw_version;

	/** @fw_version: Firmware version, major << 16 | minor << 8 | patch. */
	__u32 fw_version;

	/** @caps: Capability bits (EMBER_CAP_* in ember-hw.rst). */
	__u32 caps;

	/** @num_rings: Number of hardware rings. */
	__u32 num_rings;

	/** @num_shader_cores: Number of shader cores. */
	__u32 num_shader_cores;

	/** @va_bits: Width of a GPU virtual address, in bits. */
	__u32 va_bits;

	/** @timestamp_frequency: Frequency of the device timestamp, in Hz. */
	__u64 timestamp_frequency;

	/** @timestamp: Device timestamp when the query reached the device. */
	__u64 timestamp;
};

/**
 * struct drm_ember_dev_query - Argument of DRM_IOCTL_EMBER_DEV_QUERY.
 *
 * Errors: -EINVAL for an unknown @type (even with a NULL @pointer), or a
 * non-NULL @pointer with a @size smaller than the first version of the
 * queried structure; -EFAULT for an unwritable @pointer; -EIO if the device
 * is not ready, does not answer in time (about a second) or answers wrongly;
 * -ENODEV once the device is gone (unbound or unplugged).
 */
struct drm_ember_dev_query {
	/** @type: The query type, enum drm_ember_dev_query_type. */
	__u32 type;

	/**
	 * @size: Size of the structure at @pointer. If @pointer is zero, the
	 * kernel sets @size to the size of its structure and returns 0.
	 */
	__u32 size;

	/** @pointer: User pointer to a structure of the queried type. */
	__u64 pointer;
};

/**
 * DRM_IOCTL_EMBER() - Build an Ember ioctl number.
 * @__access: Access type. Must be R, W or RW.
 * @__id: One of the DRM_EMBER_xxx IDs.
 * @__type: Suffix of the type being passed to the IOCTL.
 */
#define DRM_IOCTL_EMBER(__access, __id, __type) \
	DRM_IO ## __access(DRM_COMMAND_BASE + DRM_EMBER_ ## __id, \
			   struct drm_ember_ ## __type)

enum {
	DRM_IOCTL_EMBER_DEV_QUERY = DRM_IOCTL_EMBER(WR, DEV_QUERY, dev_query),
};

#if defined(__cplusplus)
}
#endif

#endif /* _EMBER_DRM_H_ */
