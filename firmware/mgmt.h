/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Management mailbox
 *
 * The driver's channel to the device outside the rings (ember_regs.h): it
 * writes MGMT_CMD and MGMT_ARG0..3, increments MGMT_SEQ and rings doorbell
 * EMBER_DOORBELL_MGMT. On the doorbell the device reads SEQ (acquire); if it
 * differs from the last ACK it executes the command, writes MGMT_STATUS and
 * MGMT_RESULT0..3, then MGMT_ACK = SEQ (release), then raises interrupt
 * vector EMBER_VECTOR_MGMT. A doorbell with SEQ == ACK (a repeat, or one
 * that raced with the previous command's) is ignored.
 *
 * The last ACK is kept here rather than read back from the register page:
 * ACK is the device's register, and keeping our own copy means a guest that
 * scribbles over it cannot make the device re-run or skip a command.
 *
 * Commands are a table indexed by command number; a command fills up to
 * four results (the rest read 0) and returns a EMBER_MGMT_STATUS_* code.
 */

#ifndef EMBER_FW_MGMT_H
#define EMBER_FW_MGMT_H

#include <stdint.h>

struct ember_device;

struct ember_mgmt {
	struct ember_device *dev;
	/** @last_ack: the last value the device wrote to MGMT_ACK. */
	uint32_t last_ack;
};

void ember_mgmt_init(struct ember_mgmt *mgmt, struct ember_device *dev);

/* Doorbell EMBER_DOORBELL_MGMT rang: run the pending command, if any. */
void ember_mgmt_doorbell(struct ember_mgmt *mgmt);

#endif /* EMBER_FW_MGMT_H */
