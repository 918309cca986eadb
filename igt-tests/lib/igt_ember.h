/* SPDX-License-Identifier: MIT */
/* Helpers for the Ember tests, so the tests read like prose. */
#ifndef IGT_EMBER_H
#define IGT_EMBER_H

#include <stddef.h>
#include <stdint.h>

#include "ember_drm.h"

#define IGT_EMBER_SYSFS_DRIVER "/sys/bus/pci/drivers/ember"

int __igt_ember_dev_query(int fd, uint32_t type, uint32_t *size, void *pointer);
void igt_ember_get_gpu_info(int fd, struct drm_ember_gpu_info *info);
int igt_ember_pci_sysfs_path(int fd, char *path, size_t len);
void igt_ember_unbind(const char *bdf);
void igt_ember_bind(const char *bdf);
void *igt_ember_map_registers(const char *dir, size_t *size);
void igt_ember_unmap_registers(void *regs, size_t size);

static inline uint32_t igt_ember_reg_read(const void *regs, uint32_t offset)
{
	return __atomic_load_n((const uint32_t *)((const char *)regs + offset),
			       __ATOMIC_ACQUIRE);
}

#endif /* IGT_EMBER_H */
