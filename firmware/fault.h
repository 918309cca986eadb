/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Fault records
 *
 * Every fault the device detects is written as a record into the fault
 * slots of the register page (ember_regs.h, EMBER_REG_FAULT), then
 * announced: FAULT_SEQ is incremented (release) and vector
 * EMBER_VECTOR_FAULT raised. Record n goes to slot n % NUM_FAULT_SLOTS; a
 * record the driver had not acknowledged (FAULT_ACK) when its slot is
 * reused counts in FAULT_LOST. The record's own SEQ word is written last,
 * so a driver can tell a complete record from one being rewritten.
 *
 * Runs with the engine held (scheduler.h), so records are never written
 * by two threads at once.
 */

#ifndef EMBER_FW_FAULT_H
#define EMBER_FW_FAULT_H

#include <stdint.h>

struct ember_device;

struct ember_fault {
	uint32_t kind;
	/** @ring, @queue: the ring or the queue slot (ember_ring_fault_origin()). */
	uint32_t ring;
	uint32_t queue;
	uint32_t context;
	uint32_t ring_pos;
	uint32_t ib_offset;
	uint64_t va;
	uint32_t detail;
};

void ember_faults_init(struct ember_device *dev);
void ember_fault_report(struct ember_device *dev, const struct ember_fault *f);
/*
 * The fault-seq-back knob (inject.h): publish FAULT_SEQ one below the true
 * sequence and raise the fault interrupt, as a buggy device would. The
 * next ember_fault_report() publishes the true sequence again.
 */
void ember_fault_publish_seq_back(struct ember_device *dev);

#endif /* EMBER_FW_FAULT_H */
