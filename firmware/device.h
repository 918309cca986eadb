/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Device
 *
 * The Ember GPU as the guest sees it through BAR2: this file owns the
 * shared memory (a sealed memfd, BAR2), the register page inside it, the
 * device's doorbells (its own eventfds as ivshmem peer 0), the guest RAM
 * mapping and the device's lifecycle in STATUS.
 *
 * Lifecycle: ember_device_init() builds everything and writes the identity
 * registers; ember_device_start() starts listening to the doorbells and sets
 * STATUS.READY last, with a release store, so a driver that sees READY sees
 * every identity register. ember_device_stop() clears READY on a clean
 * exit; ember_device_fail() sets STATUS.FAILED on a fatal error. The shared
 * memory and the doorbells live as long as the device, across any number of
 * QEMU connections.
 *
 * Doorbell k wakes the device's eventfd k. Doorbell EMBER_DOORBELL_MGMT
 * goes to the management mailbox (mgmt.c); the others are reserved for the
 * rings' command processors and only logged for now.
 *
 * Interrupts leave through an irq sink installed by the owner (the ivshmem
 * server in ember-gpu), so the device does not depend on the transport.
 */

#ifndef EMBER_FW_DEVICE_H
#define EMBER_FW_DEVICE_H

#include <stdbool.h>
#include <stdint.h>

#include "ember_regs.h"
#include "event_loop.h"
#include "guest_ram.h"
#include "mgmt.h"
#include "regs.h"

struct ember_device_config {
	/** @shm_size: BAR2 size: a power of two, at least a register page. */
	uint64_t shm_size;
	/** @num_vectors: interrupt vectors, and doorbells, of the device. */
	unsigned int num_vectors;
	/** @num_cores: shader cores reported to the driver. */
	unsigned int num_cores;
	/** @guest_ram_path: QEMU's memory-backend file, or NULL for none. */
	const char *guest_ram_path;
	/** @guest_ram_size: bytes of guest RAM, when guest_ram_path is set. */
	uint64_t guest_ram_size;
};

struct ember_device;

struct ember_doorbell {
	/** @src: the device's eventfd for this doorbell. */
	struct ember_event_source src;
	struct ember_device *dev;
	unsigned int index;
};

/* Raise interrupt @vector; returns 0 or -errno (-ENOTCONN: nobody there). */
typedef int (*ember_irq_sink_fn)(void *data, unsigned int vector);

struct ember_device {
	struct ember_device_config config;

	/** @shm_fd: the memfd backing BAR2, shared with QEMU. */
	int shm_fd;
	/** @shm: the whole of BAR2 mapped; the register page is at 0. */
	uint8_t *shm;
	struct ember_regs regs;

	struct ember_guest_ram guest_ram;

	/** @doorbell_fds: the device's eventfds, in doorbell order. */
	int doorbell_fds[EMBER_MAX_VECTORS];
	struct ember_doorbell doorbells[EMBER_MAX_VECTORS];

	struct ember_mgmt mgmt;

	/** @start_ns: CLOCK_MONOTONIC at init; device time counts from it. */
	uint64_t start_ns;

	ember_irq_sink_fn irq_sink;
	void *irq_sink_data;
};

int ember_device_init(struct ember_device *dev,
		      const struct ember_device_config *config);
void ember_device_fini(struct ember_device *dev);

void ember_device_set_irq_sink(struct ember_device *dev,
			       ember_irq_sink_fn sink, void *data);

/* Watch the doorbells in @loop, then set STATUS.READY. */
int ember_device_start(struct ember_device *dev, struct ember_event_loop *loop);
/* Clear STATUS.READY and stop watching the doorbells. */
void ember_device_stop(struct ember_device *dev, struct ember_event_loop *loop);
/* Tell the driver the device is dead: STATUS = FAILED. */
void ember_device_fail(struct ember_device *dev);

/* Device time in ns (EMBER_REG_TIMESTAMP_FREQ = 1 GHz), monotonic. */
uint64_t ember_device_timestamp_ns(const struct ember_device *dev);

void ember_device_raise_irq(struct ember_device *dev, unsigned int vector);

#endif /* EMBER_FW_DEVICE_H */
