/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Fault and hang injection
 *
 * Knobs that make the device misbehave on purpose, so the kernel driver's
 * recovery paths run for real. They are set with --inject on the command
 * line or through the control socket (control.c), in one syntax:
 *
 *   hang-ring=N       ring N stops at its next packet, HEAD frozen and
 *                     STATUS.BUSY set, until a device reset
 *   fault-next-job    the next indirect buffer faults (EMBER_FAULT_INJECTED)
 *   drop-irq          the next interrupt is not delivered (its status
 *                     registers are still written)
 *   die-after-jobs=N  the device dies after N more indirect buffers
 *   die               the device dies now
 *   fault-seq-back    (control socket only) the FAULT_SEQ register moves
 *                     back by one and the fault interrupt fires: a buggy
 *                     device's value for the driver to survive; the next
 *                     real fault writes the true sequence again
 *   tlb-ack-delay=MS  the next TLB invalidation from the mailbox runs and
 *                     is acknowledged MS ms late (1..60000): until then the
 *                     TLBs keep their entries and the mailbox is busy, as
 *                     on a device whose invalidation waits for a long job
 *   fence-ahead       the next FENCE packet writes its value plus 10^6, a
 *                     sequence number the driver never emitted: a buggy
 *                     device's value, which must not complete later jobs
 *
 * "Dies" means the process exits at once (status EMBER_EXIT_DIED), without
 * clearing READY: what the driver sees when the GPU falls off the bus.
 * Each knob fires once. The ring threads consume the knobs, the main thread
 * sets them: every field is an atomic.
 *
 * A device reset disarms every knob still pending (hang-ring, fault-next-job,
 * drop-irq, tlb-ack-delay, fence-ahead): a reset is the driver's recovery, and an injection armed before
 * it must not fire on the fresh device. Only die-after-jobs survives: it
 * counts the process's jobs, not the device state's.
 */

#ifndef EMBER_FW_INJECT_H
#define EMBER_FW_INJECT_H

#include <stdbool.h>
#include <stdint.h>

#define EMBER_EXIT_DIED		3
#define EMBER_INJECT_NONE	(-1)
/* What fence-ahead adds to the fence value. */
#define EMBER_INJECT_FENCE_AHEAD	1000000

struct ember_inject {
	/** @hang_ring: the ring to hang at its next packet, or NONE. */
	int hang_ring;
	/** @fault_next_job: fault the next indirect buffer. */
	bool fault_next_job;
	/** @drop_irqs: interrupts still to drop. */
	unsigned int drop_irqs;
	/** @die_after_jobs: die when this reaches 0 from 1; 0 = off. */
	unsigned int die_after_jobs;
	/** @die_now: the "die" knob, for the owner to act on. */
	bool die_now;
	/** @fault_seq_back: the "fault-seq-back" knob, for the owner to act on. */
	bool fault_seq_back;
	/** @tlb_ack_delay_ms: hold the next TLB invalidation back this long. */
	unsigned int tlb_ack_delay_ms;
	/** @fence_ahead: the next FENCE packet writes a value never emitted. */
	bool fence_ahead;
};

void ember_inject_init(struct ember_inject *inject);

/*
 * Apply one knob, e.g. "hang-ring=1". Returns 0, or -EINVAL with a reason
 * in *why. @num_rings bounds hang-ring.
 */
int ember_inject_parse(struct ember_inject *inject, const char *knob,
		       unsigned int num_rings, const char **why);

/* Consume a knob: true if it fires now. */
bool ember_inject_take_hang(struct ember_inject *inject, unsigned int ring);
bool ember_inject_take_fault(struct ember_inject *inject);
bool ember_inject_take_drop_irq(struct ember_inject *inject);
/* The tlb-ack-delay knob's milliseconds, or 0 if it is not armed. */
unsigned int ember_inject_take_tlb_ack_delay(struct ember_inject *inject);
bool ember_inject_take_fence_ahead(struct ember_inject *inject);
/* A device reset: disarm every pending knob but die-after-jobs. */
void ember_inject_reset(struct ember_inject *inject);

/* An indirect buffer completed: true if the device must die now. */
bool ember_inject_job_done(struct ember_inject *inject);

#endif /* EMBER_FW_INJECT_H */
