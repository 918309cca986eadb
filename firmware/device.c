/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The device: BAR2 shared memory, register page identity, doorbells,
 * lifecycle (see device.h).
 */

#include "device.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "fw_version.h"
#include "log.h"

/* What this device implements, reported in the identity registers. */
#define EMBER_DEVICE_CAPS		EMBER_CAP_MGMT
#define EMBER_DEVICE_NUM_RINGS		0
#define EMBER_DEVICE_VA_BITS		48
#define EMBER_DEVICE_TIMESTAMP_FREQ	1000000000u

_Static_assert(EMBER_REG_MGMT_RESULT(EMBER_MGMT_NUM_RESULTS - 1) <
	       EMBER_REG_PAGE_SIZE, "mailbox outside the register page");

static uint64_t monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t ember_device_timestamp_ns(const struct ember_device *dev)
{
	return monotonic_ns() - dev->start_ns;
}

/*
 * BAR2 is a memfd sealed at its size: QEMU (or anyone holding the fd) can
 * write to it but not shrink it, which would make our accesses SIGBUS.
 */
static int create_shm(struct ember_device *dev)
{
	void *map;
	int ret;

	dev->shm_fd = memfd_create("ember-gpu-bar2",
				   MFD_CLOEXEC | MFD_ALLOW_SEALING);
	if (dev->shm_fd < 0)
		return -errno;

	if (ftruncate(dev->shm_fd, (off_t)dev->config.shm_size) < 0 ||
	    fcntl(dev->shm_fd, F_ADD_SEALS,
		  F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) < 0) {
		ret = -errno;
		goto err_close;
	}

	map = mmap(NULL, dev->config.shm_size, PROT_READ | PROT_WRITE,
		   MAP_SHARED, dev->shm_fd, 0);
	if (map == MAP_FAILED) {
		ret = -errno;
		goto err_close;
	}

	dev->shm = map;
	dev->regs.page = map;
	return 0;

err_close:
	close(dev->shm_fd);
	dev->shm_fd = -1;
	return ret;
}

static void destroy_shm(struct ember_device *dev)
{
	munmap(dev->shm, dev->config.shm_size);
	close(dev->shm_fd);
	dev->shm = NULL;
	dev->shm_fd = -1;
}

static void handle_doorbell(struct ember_event_source *src)
{
	struct ember_doorbell *db = container_of(src, struct ember_doorbell, src);
	uint64_t count;

	/* Several rings of one doorbell coalesce: one look at the state covers them. */
	if (read(src->fd, &count, sizeof(count)) != sizeof(count))
		return;

	if (db->index == EMBER_DOORBELL_MGMT)
		ember_mgmt_doorbell(&db->dev->mgmt);
	else
		ember_info("doorbell_ignored doorbell=%u count=%llu", db->index,
			   (unsigned long long)count);
}

static void close_doorbells(struct ember_device *dev)
{
	for (unsigned int i = 0; i < dev->config.num_vectors; i++) {
		if (dev->doorbell_fds[i] >= 0)
			close(dev->doorbell_fds[i]);
		dev->doorbell_fds[i] = -1;
	}
}

static int create_doorbells(struct ember_device *dev)
{
	for (unsigned int i = 0; i < dev->config.num_vectors; i++) {
		int fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);

		if (fd < 0) {
			int ret = -errno;

			close_doorbells(dev);
			return ret;
		}
		dev->doorbell_fds[i] = fd;
		dev->doorbells[i] = (struct ember_doorbell) {
			.src = { .fd = fd, .handle = handle_doorbell },
			.dev = dev,
			.index = i,
		};
	}
	return 0;
}

/* Everything the driver reads before trusting READY. */
static void write_identity(struct ember_device *dev)
{
	const struct ember_regs *regs = &dev->regs;
	uint64_t ram_size = dev->config.guest_ram_path ?
			    dev->config.guest_ram_size : 0;

	ember_reg_write(regs, EMBER_REG_MAGIC, EMBER_MAGIC);
	ember_reg_write(regs, EMBER_REG_HW_VERSION,
			EMBER_HW_VERSION(EMBER_HW_VERSION_MAJOR_CURRENT,
					 EMBER_HW_VERSION_MINOR_CURRENT));
	ember_reg_write(regs, EMBER_REG_FW_VERSION,
			EMBER_FW_VERSION(EMBER_FW_VERSION_MAJOR_CURRENT,
					 EMBER_FW_VERSION_MINOR_CURRENT,
					 EMBER_FW_VERSION_PATCH_CURRENT));
	ember_reg_write(regs, EMBER_REG_CAPS, EMBER_DEVICE_CAPS);
	ember_reg_write(regs, EMBER_REG_NUM_RINGS, EMBER_DEVICE_NUM_RINGS);
	ember_reg_write(regs, EMBER_REG_NUM_CORES, dev->config.num_cores);
	ember_reg_write(regs, EMBER_REG_VA_BITS, EMBER_DEVICE_VA_BITS);
	ember_reg_write(regs, EMBER_REG_NUM_VECTORS, dev->config.num_vectors);
	ember_reg_write(regs, EMBER_REG_SHM_SIZE, (uint32_t)dev->config.shm_size);
	ember_reg_write(regs, EMBER_REG_TIMESTAMP_FREQ,
			EMBER_DEVICE_TIMESTAMP_FREQ);
	ember_reg_write(regs, EMBER_REG_GUEST_RAM_SIZE_LO, (uint32_t)ram_size);
	ember_reg_write(regs, EMBER_REG_GUEST_RAM_SIZE_HI,
			(uint32_t)(ram_size >> 32));
}

int ember_device_init(struct ember_device *dev,
		      const struct ember_device_config *config)
{
	int ret;

	*dev = (struct ember_device) {
		.config = *config,
		.shm_fd = -1,
		.start_ns = monotonic_ns(),
	};
	for (unsigned int i = 0; i < EMBER_MAX_VECTORS; i++)
		dev->doorbell_fds[i] = -1;

	ret = create_shm(dev);
	if (ret) {
		ember_error("shm_create_failed size=%llu err=\"%s\"",
			    (unsigned long long)config->shm_size, strerror(-ret));
		return ret;
	}

	if (config->guest_ram_path) {
		ret = ember_guest_ram_init(&dev->guest_ram,
					   config->guest_ram_path,
					   config->guest_ram_size);
		if (ret) {
			ember_error("guest_ram_map_failed path=\"%s\" err=\"%s\"",
				    config->guest_ram_path, strerror(-ret));
			goto err_destroy_shm;
		}
	}

	ret = create_doorbells(dev);
	if (ret) {
		ember_error("doorbell_create_failed err=\"%s\"", strerror(-ret));
		goto err_fini_guest_ram;
	}

	write_identity(dev);
	ember_mgmt_init(&dev->mgmt, dev);
	return 0;

err_fini_guest_ram:
	ember_guest_ram_fini(&dev->guest_ram);
err_destroy_shm:
	destroy_shm(dev);
	return ret;
}

void ember_device_fini(struct ember_device *dev)
{
	close_doorbells(dev);
	ember_guest_ram_fini(&dev->guest_ram);
	destroy_shm(dev);
}

void ember_device_set_irq_sink(struct ember_device *dev,
			       ember_irq_sink_fn sink, void *data)
{
	dev->irq_sink = sink;
	dev->irq_sink_data = data;
}

int ember_device_start(struct ember_device *dev, struct ember_event_loop *loop)
{
	unsigned int i;
	int ret;

	for (i = 0; i < dev->config.num_vectors; i++) {
		ret = ember_event_loop_add(loop, &dev->doorbells[i].src);
		if (ret)
			goto err_remove_doorbells;
	}

	/* Release: every identity register is visible before READY is. */
	ember_reg_write_release(&dev->regs, EMBER_REG_STATUS, EMBER_STATUS_READY);
	ember_info("device_ready hw_version=%u.%u fw_version=%u.%u.%u "
		   "shm_size=%llu vectors=%u cores=%u guest_ram_size=%llu",
		   EMBER_HW_VERSION_MAJOR_CURRENT,
		   EMBER_HW_VERSION_MINOR_CURRENT,
		   EMBER_FW_VERSION_MAJOR_CURRENT,
		   EMBER_FW_VERSION_MINOR_CURRENT,
		   EMBER_FW_VERSION_PATCH_CURRENT,
		   (unsigned long long)dev->config.shm_size,
		   dev->config.num_vectors, dev->config.num_cores,
		   (unsigned long long)dev->guest_ram.size);
	return 0;

err_remove_doorbells:
	ember_error("doorbell_watch_failed err=\"%s\"", strerror(-ret));
	while (i--)
		ember_event_loop_remove(loop, &dev->doorbells[i].src);
	return ret;
}

void ember_device_stop(struct ember_device *dev, struct ember_event_loop *loop)
{
	ember_reg_write_release(&dev->regs, EMBER_REG_STATUS, 0);
	for (unsigned int i = 0; i < dev->config.num_vectors; i++)
		ember_event_loop_remove(loop, &dev->doorbells[i].src);
	ember_info("device_stopped");
}

void ember_device_fail(struct ember_device *dev)
{
	ember_reg_write_release(&dev->regs, EMBER_REG_STATUS,
				EMBER_STATUS_FAILED);
	ember_error("device_failed");
}

void ember_device_raise_irq(struct ember_device *dev, unsigned int vector)
{
	int ret = -ENOTCONN;

	if (dev->irq_sink)
		ret = dev->irq_sink(dev->irq_sink_data, vector);

	if (ret == -ENOTCONN)
		ember_debug("irq_dropped vector=%u reason=no_client", vector);
	else if (ret)
		ember_warn("irq_failed vector=%u err=\"%s\"", vector,
			   strerror(-ret));
}
