/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Guest RAM
 *
 * The device does real DMA: it reads and writes the guest's RAM, which QEMU
 * keeps in a memory-backend-file (share=on) that ember-gpu maps MAP_SHARED
 * too. This file owns that mapping and the translation from a guest-physical
 * (bus) address to a host pointer.
 *
 * The file holds the RAM in address order, but q35 does not put all of it at
 * the same guest-physical offset: PCI holes sit below 4 GiB. QEMU's q35
 * (pc_q35_init) keeps all RAM below 4 GiB while there is less than
 * 2.75 GiB (0xB0000000) of it; from 2.75 GiB on, the first 2 GiB stay at
 * GPA 0 and the rest moves to GPA 4 GiB, which is file offset 2 GiB onward:
 *
 *   RAM < 2.75 GiB:  GPA [0, size)          = file [0, size)
 *   RAM >= 2.75 GiB: GPA [0, 2 GiB)         = file [0, 2 GiB)
 *                    GPA [4 GiB, 2 GiB+size) = file [2 GiB, size)
 *
 * (This assumes QEMU's default max-ram-below-4g.) A range that is not
 * entirely inside one of these windows does not translate: the device must
 * fault it, never touch memory outside the mapping.
 */

#ifndef EMBER_FW_GUEST_RAM_H
#define EMBER_FW_GUEST_RAM_H

#include <stdint.h>

struct ember_guest_ram {
	/** @base: the mapping of file offsets [0, size), or NULL. */
	uint8_t *base;
	/** @size: bytes of guest RAM. */
	uint64_t size;
	/** @low_size: bytes at GPA 0; the other size - low_size are at 4 GiB. */
	uint64_t low_size;
};

/*
 * Map @size bytes of the memory-backend file at @path. The file is created
 * and sized if it does not exist or is empty, so ember-gpu can start before
 * QEMU (which accepts an existing file of the right size); a file smaller
 * than @size is an error (-EINVAL).
 */
int ember_guest_ram_init(struct ember_guest_ram *ram, const char *path,
			 uint64_t size);
void ember_guest_ram_fini(struct ember_guest_ram *ram);

/* Describe @size bytes of guest RAM already mapped at @base (q35 layout). */
void ember_guest_ram_set_layout(struct ember_guest_ram *ram, void *base,
				uint64_t size);

/*
 * The host pointer for the @len bytes at guest-physical address @gpa, or
 * NULL if any of them is not guest RAM, the range wraps around, or @len is 0.
 */
void *ember_guest_ram_translate(const struct ember_guest_ram *ram,
				uint64_t gpa, uint64_t len);

#endif /* EMBER_FW_GUEST_RAM_H */
