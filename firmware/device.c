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

#include "ember_packets.h"
#include "fault.h"
#include "fw_version.h"
#include "log.h"
#include "queue.h"
#include "shader/dispatch.h"

/* What this device implements, reported in the identity registers. */
#define EMBER_DEVICE_CAPS		(EMBER_CAP_MGMT | EMBER_CAP_RINGS | \
					 EMBER_CAP_MMU | EMBER_CAP_COPY | \
					 EMBER_CAP_COMPUTE | EMBER_CAP_DISPATCH_INDIRECT | \
					 EMBER_CAP_ISA_ADDR64 | EMBER_CAP_RESET_HEAD | \
					 EMBER_CAP_TLB_MASK | EMBER_CAP_LARGE_GRID | EMBER_CAP_IMAGES | \
					 EMBER_CAP_IMAGE_BC | EMBER_CAP_COND_EXEC | EMBER_CAP_RESOLVE_DS | \
					 EMBER_CAP_SAMPLER_ANISO)
#define EMBER_DEVICE_TIMESTAMP_FREQ	1000000000u

_Static_assert(EMBER_REG_MGMT_RESULT(EMBER_MGMT_NUM_RESULTS - 1) <
	       EMBER_REG_PAGE_SIZE, "mailbox outside the register page");
_Static_assert(EMBER_REG_FAULT(EMBER_MAX_FAULT_SLOTS, 0) <= EMBER_REG_AREA_SIZE &&
	       EMBER_REG_CTX(EMBER_MAX_CONTEXTS, 0) <= EMBER_REG_FAULT_AREA &&
	       EMBER_REG_RING(EMBER_MAX_RINGS, 0) <= EMBER_REG_CTX_AREA,
	       "register blocks overlap");
_Static_assert(EMBER_VA_BITS == 48, "the MMU walks four levels of 9 bits");

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

	ember_device_doorbell(db->dev, db->index);
}

void ember_device_doorbell(struct ember_device *dev, unsigned int doorbell)
{
	_Static_assert(EMBER_DOORBELL_QUEUES == EMBER_DOORBELL_MGMT,
		       "doorbell 0 serves the mailbox and the queues");
	if (doorbell == EMBER_DOORBELL_MGMT) {
		ember_mgmt_doorbell(&dev->mgmt);
		ember_queues_doorbell(dev);
	} else if (doorbell - EMBER_DOORBELL_RING(0) < dev->num_rings)
		ember_ring_doorbell(dev, doorbell - EMBER_DOORBELL_RING(0));
	else
		ember_info("doorbell_ignored doorbell=%u", doorbell);
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
	uint64_t ram_size = dev->guest_ram.size;

	ember_reg_write(regs, EMBER_REG_MAGIC, EMBER_MAGIC);
	ember_reg_write(regs, EMBER_REG_HW_VERSION,
			EMBER_HW_VERSION(EMBER_HW_VERSION_MAJOR_CURRENT,
					 EMBER_HW_VERSION_MINOR_CURRENT));
	ember_reg_write(regs, EMBER_REG_FW_VERSION,
			EMBER_FW_VERSION(EMBER_FW_VERSION_MAJOR_CURRENT,
					 EMBER_FW_VERSION_MINOR_CURRENT,
					 EMBER_FW_VERSION_PATCH_CURRENT));
	ember_reg_write(regs, EMBER_REG_CAPS, EMBER_DEVICE_CAPS |
			(dev->num_queues ? EMBER_CAP_QUEUES : 0) |
			(dev->config.graphics ? EMBER_CAP_GRAPHICS | EMBER_CAP_OCCLUSION |
						 EMBER_CAP_RENDER_FORMATS | EMBER_CAP_VIEWPORT_INDEX |
						 EMBER_CAP_WIDE_LINES | EMBER_CAP_DS_FORMATS |
						 EMBER_CAP_PIPELINE_STATS |
						 EMBER_CAP_DEPTH_CLIP_CONTROL : 0));
	ember_reg_write(regs, EMBER_REG_NUM_QUEUES, dev->num_queues);
	ember_reg_write(regs, EMBER_REG_NUM_RINGS, dev->num_rings);
	ember_reg_write(regs, EMBER_REG_NUM_CORES, dev->config.num_cores);
	ember_reg_write(regs, EMBER_REG_VA_BITS, EMBER_VA_BITS);
	ember_reg_write(regs, EMBER_REG_NUM_VECTORS, dev->config.num_vectors);
	ember_reg_write(regs, EMBER_REG_SHM_SIZE, (uint32_t)dev->config.shm_size);
	ember_reg_write(regs, EMBER_REG_TIMESTAMP_FREQ,
			EMBER_DEVICE_TIMESTAMP_FREQ);
	ember_reg_write(regs, EMBER_REG_GUEST_RAM_SIZE_LO, (uint32_t)ram_size);
	ember_reg_write(regs, EMBER_REG_GUEST_RAM_SIZE_HI,
			(uint32_t)(ram_size >> 32));
	ember_reg_write(regs, EMBER_REG_NUM_CONTEXTS, EMBER_DEVICE_NUM_CONTEXTS);
	ember_reg_write(regs, EMBER_REG_MAX_RING_SIZE, EMBER_DEVICE_MAX_RING_SIZE);
	ember_reg_write(regs, EMBER_REG_MAX_IB_SIZE, EMBER_DEVICE_MAX_IB_SIZE);
	ember_reg_write(regs, EMBER_REG_NUM_FAULT_SLOTS, EMBER_MAX_FAULT_SLOTS);
	ember_reg_write(regs, EMBER_REG_RESET_COUNT, 0);
}

static void die_now(struct ember_device *dev)
{
	_exit(EMBER_EXIT_DIED);
}

void ember_device_die(struct ember_device *dev, const char *why)
{
	ember_error("device_died reason=%s", why);
	dev->die(dev);
}

/* Guest RAM the caller mapped stays the caller's. */
static void fini_guest_ram(struct ember_device *dev)
{
	if (dev->config.guest_ram_base)
		dev->guest_ram = (struct ember_guest_ram) { 0 };
	else
		ember_guest_ram_fini(&dev->guest_ram);
}

int ember_device_init(struct ember_device *dev,
		      const struct ember_device_config *config)
{
	int ret;

	*dev = (struct ember_device) {
		.config = *config,
		.shm_fd = -1,
		.start_ns = monotonic_ns(),
		.num_rings = config->num_vectors - 1 < EMBER_MAX_RINGS ?
			     config->num_vectors - 1 : EMBER_MAX_RINGS,
		.die = die_now,
		.num_queues = config->shm_size >= EMBER_QUEUE_AREA_END ?
			      EMBER_DEVICE_NUM_QUEUES : 0,
	};
	ember_inject_init(&dev->inject);
	for (unsigned int i = 0; i < EMBER_MAX_VECTORS; i++)
		dev->doorbell_fds[i] = -1;

	ret = create_shm(dev);
	if (ret) {
		ember_error("shm_create_failed size=%llu err=\"%s\"",
			    (unsigned long long)config->shm_size, strerror(-ret));
		return ret;
	}

	if (config->guest_ram_base) {
		ember_guest_ram_set_layout(&dev->guest_ram, config->guest_ram_base,
					   config->guest_ram_size);
	} else if (config->guest_ram_path) {
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

	if (ember_sched_init(&dev->sched)) {
		ret = -ENOMEM;
		goto err_close_doorbells;
	}

	dev->shader_cache = ember_shader_cache_create();
	if (!dev->shader_cache) {
		ret = -ENOMEM;
		goto err_fini_sched;
	}

	write_identity(dev);
	ret = ember_mgmt_init(&dev->mgmt, dev);
	if (ret) {
		ember_error("mgmt_init_failed err=\"%s\"", strerror(-ret));
		goto err_destroy_shader_cache;
	}
	ember_rings_init(dev);
	ember_queues_init(dev);
	ember_contexts_init(dev);
	ember_faults_init(dev);
	return 0;

err_destroy_shader_cache:
	ember_shader_cache_destroy(dev->shader_cache);
err_fini_sched:
	ember_sched_fini(&dev->sched);
err_close_doorbells:
	close_doorbells(dev);
err_fini_guest_ram:
	fini_guest_ram(dev);
err_destroy_shm:
	destroy_shm(dev);
	return ret;
}

void ember_device_fini(struct ember_device *dev)
{
	ember_mgmt_fini(&dev->mgmt);
	ember_shader_cache_destroy(dev->shader_cache);
	ember_sched_fini(&dev->sched);
	close_doorbells(dev);
	fini_guest_ram(dev);
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

	ret = ember_workers_init(&dev->workers, dev->config.num_cores);
	if (ret) {
		ember_error("workers_start_failed err=\"%s\"", strerror(-ret));
		return ret;
	}
	dev->workers_running = true;

	ret = ember_rings_start(dev);
	if (ret) {
		ember_error("rings_start_failed err=\"%s\"", strerror(-ret));
		goto err_stop_workers;
	}

	for (i = 0; i < dev->config.num_vectors; i++) {
		ret = ember_event_loop_add(loop, &dev->doorbells[i].src);
		if (ret)
			goto err_remove_doorbells;
	}

	ret = ember_event_loop_add(loop, &dev->mgmt.delay_src);
	if (ret)
		goto err_remove_doorbells;

	/* Release: every identity register is visible before READY is. */
	ember_reg_write_release(&dev->regs, EMBER_REG_STATUS, EMBER_STATUS_READY);
	ember_info("device_ready hw_version=%u.%u fw_version=%u.%u.%u "
		   "shm_size=%llu vectors=%u rings=%u queues=%u cores=%u guest_ram_size=%llu",
		   EMBER_HW_VERSION_MAJOR_CURRENT,
		   EMBER_HW_VERSION_MINOR_CURRENT,
		   EMBER_FW_VERSION_MAJOR_CURRENT,
		   EMBER_FW_VERSION_MINOR_CURRENT,
		   EMBER_FW_VERSION_PATCH_CURRENT,
		   (unsigned long long)dev->config.shm_size,
		   dev->config.num_vectors, dev->num_rings, dev->num_queues,
		   dev->config.num_cores,
		   (unsigned long long)dev->guest_ram.size);
	return 0;

err_remove_doorbells:
	ember_error("doorbell_watch_failed err=\"%s\"", strerror(-ret));
	while (i--)
		ember_event_loop_remove(loop, &dev->doorbells[i].src);
	ember_rings_stop(dev);
err_stop_workers:
	ember_workers_fini(&dev->workers);
	dev->workers_running = false;
	return ret;
}

void ember_device_stop(struct ember_device *dev, struct ember_event_loop *loop)
{
	ember_reg_write_release(&dev->regs, EMBER_REG_STATUS, 0);
	ember_event_loop_remove(loop, &dev->mgmt.delay_src);
	for (unsigned int i = 0; i < dev->config.num_vectors; i++)
		ember_event_loop_remove(loop, &dev->doorbells[i].src);
	ember_rings_stop(dev);
	if (dev->workers_running)
		ember_workers_fini(&dev->workers);
	dev->workers_running = false;
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

	if (ember_inject_take_drop_irq(&dev->inject)) {
		ember_warn("irq_dropped vector=%u reason=injected", vector);
		return;
	}

	if (dev->irq_sink)
		ret = dev->irq_sink(dev->irq_sink_data, vector);

	if (ret == -ENOTCONN)
		ember_debug("irq_dropped vector=%u reason=no_client", vector);
	else if (ret)
		ember_warn("irq_failed vector=%u err=\"%s\"", vector,
			   strerror(-ret));
}

void ember_device_reset(struct ember_device *dev)
{
	ember_sched_lock(&dev->sched);
	dev->reset_generation++;
	/* Injections armed before the reset do not fire after it. */
	ember_inject_reset(&dev->inject);
	for (unsigned int i = 0; i < dev->num_rings; i++)
		ember_ring_reset(&dev->rings[i]);
	ember_queues_reset(dev);
	for (unsigned int i = 0; i < EMBER_MAX_CONTEXTS; i++)
		ember_context_reset(dev, &dev->contexts[i]);
	ember_reg_write_release(&dev->regs, EMBER_REG_RESET_COUNT,
				++dev->reset_count);
	ember_sched_unlock(&dev->sched);
	ember_warn("device_reset count=%u", dev->reset_count);
}

bool ember_device_reset_context(struct ember_device *dev, uint32_t index)
{
	if (index >= EMBER_MAX_CONTEXTS)
		return false;
	ember_sched_lock(&dev->sched);
	ember_context_reset(dev, &dev->contexts[index]);
	ember_sched_unlock(&dev->sched);
	ember_info("context_reset context=%u", index);
	return true;
}

bool ember_device_tlb_invalidate(struct ember_device *dev, uint32_t index)
{
	if (index == EMBER_CTX_ALL) {
		ember_device_tlb_invalidate_mask(dev, UINT64_MAX);
		return true;
	}
	if (index >= EMBER_MAX_CONTEXTS)
		return false;
	ember_device_tlb_invalidate_mask(dev, 1ULL << index);
	return true;
}

void ember_device_tlb_invalidate_mask(struct ember_device *dev, uint64_t mask)
{
	ember_sched_lock_contexts(&dev->sched, mask);
	ember_contexts_tlb_invalidate_mask(dev, mask);
	ember_sched_unlock_contexts(&dev->sched);
}
