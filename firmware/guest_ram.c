/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Guest RAM: mapping of QEMU's memory-backend file and guest-physical to
 * host translation for DMA (see guest_ram.h for the q35 layout).
 */

#include "guest_ram.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "log.h"

/* q35: RAM this large or larger no longer fits below the PCI hole... */
#define Q35_LOWMEM_LIMIT	0xb0000000ULL
/* ...so only this much stays low... */
#define Q35_LOWMEM_SPLIT	0x80000000ULL
/* ...and the rest starts at 4 GiB. */
#define Q35_HIGHMEM_BASE	0x100000000ULL

void ember_guest_ram_set_layout(struct ember_guest_ram *ram, void *base,
				uint64_t size)
{
	ram->base = base;
	ram->size = size;
	ram->low_size = size >= Q35_LOWMEM_LIMIT ? Q35_LOWMEM_SPLIT : size;
}

/* Whether [offset, offset + len) lies inside a window of @window_size bytes. */
static bool in_window(uint64_t offset, uint64_t len, uint64_t window_size)
{
	/* Written so that nothing can overflow. */
	return offset < window_size && len <= window_size - offset;
}

void *ember_guest_ram_translate(const struct ember_guest_ram *ram,
				uint64_t gpa, uint64_t len)
{
	uint64_t high_size = ram->size - ram->low_size;

	if (!ram->base || len == 0)
		return NULL;

	if (in_window(gpa, len, ram->low_size))
		return ram->base + gpa;

	if (gpa >= Q35_HIGHMEM_BASE &&
	    in_window(gpa - Q35_HIGHMEM_BASE, len, high_size))
		return ram->base + ram->low_size + (gpa - Q35_HIGHMEM_BASE);

	return NULL;
}

int ember_guest_ram_init(struct ember_guest_ram *ram, const char *path,
			 uint64_t size)
{
	struct stat st;
	void *base;
	int fd, ret;

	*ram = (struct ember_guest_ram) { 0 };

	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;

	if (fstat(fd, &st) < 0) {
		ret = -errno;
		goto out_close;
	}

	if (st.st_size == 0) {
		if (ftruncate(fd, (off_t)size) < 0) {
			ret = -errno;
			goto out_close;
		}
		ember_info("guest_ram_created path=\"%s\" size=%llu",
			   path, (unsigned long long)size);
	} else if ((uint64_t)st.st_size < size) {
		ember_error("guest_ram_too_small path=\"%s\" file_size=%llu size=%llu",
			    path, (unsigned long long)st.st_size,
			    (unsigned long long)size);
		ret = -EINVAL;
		goto out_close;
	}

	base = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (base == MAP_FAILED) {
		ret = -errno;
		goto out_close;
	}

	ember_guest_ram_set_layout(ram, base, size);
	ember_info("guest_ram_mapped path=\"%s\" size=%llu low_size=%llu",
		   path, (unsigned long long)size,
		   (unsigned long long)ram->low_size);
	ret = 0;

out_close:
	/* The mapping keeps the file alive; the fd is not needed any more. */
	close(fd);
	return ret;
}

void ember_guest_ram_fini(struct ember_guest_ram *ram)
{
	if (ram->base)
		munmap(ram->base, ram->size);
	*ram = (struct ember_guest_ram) { 0 };
}
