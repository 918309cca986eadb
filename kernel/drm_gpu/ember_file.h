/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Copyright 2026 The Ember Authors */

#ifndef __EMBER_FILE_H__
#define __EMBER_FILE_H__

#include <linux/xarray.h>

struct ember_device;
struct ember_file_usage;

/**
 * struct ember_file - Per-file (per open() of the render node) state.
 *
 * Allocated by the DRM open hook, freed by the postclose hook, so it lives
 * exactly as long as the &drm_file whose driver_priv points at it. Every
 * ID and handle of the uAPI is looked up here, which is what keeps two
 * processes from seeing each other's VMs and contexts.
 */
struct ember_file {
	/** @edev: The device this file is open on. */
	struct ember_device *edev;

	/**
	 * @vms: The file's VMs, by VM ID (XA_FLAGS_ALLOC1: IDs are never
	 * zero). Each entry holds one reference to its &struct ember_vm,
	 * dropped by VM_DESTROY or when the file is closed. Lookups take a
	 * reference under the xarray's own lock (ember_vm_lookup()).
	 */
	struct xarray vms;

	/**
	 * @contexts: The file's contexts, by handle (XA_FLAGS_ALLOC1). Each
	 * entry holds one reference to its &struct ember_ctx, dropped by
	 * CTX_DESTROY or when the file is closed (ember_ctx.c).
	 */
	struct xarray contexts;

	/** @usage: Engine busy times for fdinfo, shared with the contexts. */
	struct ember_file_usage *usage;
};

#endif /* __EMBER_FILE_H__ */
