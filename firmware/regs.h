/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Register access
 *
 * The register page (ember_regs.h) is plain shared memory that the guest
 * driver reads and writes concurrently through BAR2. Every access is a
 * single 32-bit little-endian load or store, made with __atomic builtins on
 * a volatile pointer so the compiler neither tears, merges nor elides it.
 *
 * Ordering is explicit where the protocol needs it: a register the other
 * side uses to publish data (MGMT_SEQ) is read with acquire, and one the
 * device uses to publish (STATUS.READY, MGMT_ACK) is written with release,
 * after the data it covers.
 *
 * Each register has one writer. The device only ever writes registers it
 * owns and never read-modify-writes a register the driver writes.
 */

#ifndef EMBER_FW_REGS_H
#define EMBER_FW_REGS_H

#include <assert.h>
#include <endian.h>
#include <stdint.h>

#include "ember_regs.h"

struct ember_regs {
	/** @page: the register page, at offset 0 of the shared memory. */
	uint8_t *page;
};

static inline volatile uint32_t *ember_reg_ptr(const struct ember_regs *regs,
					       uint32_t offset)
{
	assert(offset < EMBER_REG_AREA_SIZE && !(offset & 3));
	return (volatile uint32_t *)(regs->page + offset);
}

static inline uint32_t ember_reg_read(const struct ember_regs *regs,
				      uint32_t offset)
{
	return le32toh(__atomic_load_n(ember_reg_ptr(regs, offset),
				       __ATOMIC_RELAXED));
}

/* Read a register the driver publishes with, before the data it covers. */
static inline uint32_t ember_reg_read_acquire(const struct ember_regs *regs,
					      uint32_t offset)
{
	return le32toh(__atomic_load_n(ember_reg_ptr(regs, offset),
				       __ATOMIC_ACQUIRE));
}

static inline void ember_reg_write(const struct ember_regs *regs,
				   uint32_t offset, uint32_t value)
{
	__atomic_store_n(ember_reg_ptr(regs, offset), htole32(value),
			 __ATOMIC_RELAXED);
}

/* Write a register that publishes everything written before it. */
static inline void ember_reg_write_release(const struct ember_regs *regs,
					   uint32_t offset, uint32_t value)
{
	__atomic_store_n(ember_reg_ptr(regs, offset), htole32(value),
			 __ATOMIC_RELEASE);
}

#endif /* EMBER_FW_REGS_H */
