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
 *
 * The tlb-ack-delay injection knob (inject.h) holds one TLB invalidation
 * back: the command runs and is acknowledged only when @delay_src, a
 * timerfd on the event loop, fires. Until then the invalidation has not
 * happened (the TLBs keep their entries) and doorbells find the command
 * still in flight, as on a device whose invalidation waits for a long job.
 */

#ifndef EMBER_FW_MGMT_H
#define EMBER_FW_MGMT_H

#include <stdbool.h>
#include <stdint.h>

#include "ember_regs.h"
#include "event_loop.h"

struct ember_device;

struct ember_mgmt {
	struct ember_device *dev;
	/** @last_ack: the last value the device wrote to MGMT_ACK. */
	uint32_t last_ack;
	/** @delay_src: the timerfd of a held-back command (-1: none yet). */
	struct ember_event_source delay_src;
	/** @delayed: a command is held back until @delay_src fires. */
	bool delayed;
	/** @delayed_seq: its SEQ. */
	uint32_t delayed_seq;
	/** @delayed_cmd: its command. */
	uint32_t delayed_cmd;
	/** @delayed_args: its arguments, as read when its doorbell rang. */
	uint32_t delayed_args[EMBER_MGMT_NUM_ARGS];
};

/* Returns 0, or a negative errno if the delay timer cannot be created. */
int ember_mgmt_init(struct ember_mgmt *mgmt, struct ember_device *dev);
void ember_mgmt_fini(struct ember_mgmt *mgmt);

/* Doorbell EMBER_DOORBELL_MGMT rang: run the pending command, if any. */
void ember_mgmt_doorbell(struct ember_mgmt *mgmt);

#endif /* EMBER_FW_MGMT_H */
