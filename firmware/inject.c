/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Fault and hang injection knobs: parsing and one-shot consumption (see
 * inject.h).
 */

#include "inject.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void ember_inject_init(struct ember_inject *inject)
{
	*inject = (struct ember_inject) { .hang_ring = EMBER_INJECT_NONE };
}

static bool parse_count(const char *text, unsigned long max,
			unsigned long *value)
{
	char *end;

	if (text[0] < '0' || text[0] > '9')
		return false;
	errno = 0;
	*value = strtoul(text, &end, 10);
	return !errno && !*end && *value <= max;
}

int ember_inject_parse(struct ember_inject *inject, const char *knob,
		       unsigned int num_rings, const char **why)
{
	unsigned long n;

	if (!strncmp(knob, "hang-ring=", 10)) {
		if (!num_rings || !parse_count(knob + 10, num_rings - 1, &n)) {
			*why = "hang-ring needs a ring number below NUM_RINGS";
			return -EINVAL;
		}
		__atomic_store_n(&inject->hang_ring, (int)n, __ATOMIC_RELAXED);
	} else if (!strcmp(knob, "fault-next-job")) {
		__atomic_store_n(&inject->fault_next_job, true, __ATOMIC_RELAXED);
	} else if (!strcmp(knob, "drop-irq")) {
		__atomic_add_fetch(&inject->drop_irqs, 1, __ATOMIC_RELAXED);
	} else if (!strncmp(knob, "die-after-jobs=", 15)) {
		if (!parse_count(knob + 15, 1000000000, &n) || !n) {
			*why = "die-after-jobs needs a count from 1";
			return -EINVAL;
		}
		__atomic_store_n(&inject->die_after_jobs, (unsigned int)n,
				 __ATOMIC_RELAXED);
	} else if (!strcmp(knob, "die")) {
		__atomic_store_n(&inject->die_now, true, __ATOMIC_RELAXED);
	} else if (!strcmp(knob, "fault-seq-back")) {
		__atomic_store_n(&inject->fault_seq_back, true, __ATOMIC_RELAXED);
	} else if (!strcmp(knob, "fence-ahead")) {
		__atomic_store_n(&inject->fence_ahead, true, __ATOMIC_RELAXED);
	} else if (!strncmp(knob, "tlb-ack-delay=", 14)) {
		if (!parse_count(knob + 14, 60000, &n) || !n) {
			*why = "tlb-ack-delay needs milliseconds from 1 to 60000";
			return -EINVAL;
		}
		__atomic_store_n(&inject->tlb_ack_delay_ms, (unsigned int)n,
				 __ATOMIC_RELAXED);
	} else {
		*why = "unknown knob (hang-ring=N, fault-next-job, drop-irq, die-after-jobs=N, die, "
		       "fault-seq-back, tlb-ack-delay=MS, fence-ahead)";
		return -EINVAL;
	}
	return 0;
}

void ember_inject_reset(struct ember_inject *inject)
{
	__atomic_store_n(&inject->hang_ring, EMBER_INJECT_NONE, __ATOMIC_RELAXED);
	__atomic_store_n(&inject->fault_next_job, false, __ATOMIC_RELAXED);
	__atomic_store_n(&inject->drop_irqs, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&inject->tlb_ack_delay_ms, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&inject->fence_ahead, false, __ATOMIC_RELAXED);
}

bool ember_inject_take_fence_ahead(struct ember_inject *inject)
{
	return __atomic_exchange_n(&inject->fence_ahead, false, __ATOMIC_RELAXED);
}

unsigned int ember_inject_take_tlb_ack_delay(struct ember_inject *inject)
{
	return __atomic_exchange_n(&inject->tlb_ack_delay_ms, 0, __ATOMIC_RELAXED);
}

bool ember_inject_take_hang(struct ember_inject *inject, unsigned int ring)
{
	int expected = (int)ring;

	return __atomic_compare_exchange_n(&inject->hang_ring, &expected,
					   EMBER_INJECT_NONE, false,
					   __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

bool ember_inject_take_fault(struct ember_inject *inject)
{
	return __atomic_exchange_n(&inject->fault_next_job, false,
				   __ATOMIC_RELAXED);
}

/* Decrement *@counter if it is non-zero; true if it was. */
static bool take_one(unsigned int *counter, unsigned int *left)
{
	unsigned int n = __atomic_load_n(counter, __ATOMIC_RELAXED);

	while (n && !__atomic_compare_exchange_n(counter, &n, n - 1, false,
						 __ATOMIC_RELAXED,
						 __ATOMIC_RELAXED))
		;
	*left = n ? n - 1 : 0;
	return n != 0;
}

bool ember_inject_take_drop_irq(struct ember_inject *inject)
{
	unsigned int left;

	return take_one(&inject->drop_irqs, &left);
}

bool ember_inject_job_done(struct ember_inject *inject)
{
	unsigned int left;

	return take_one(&inject->die_after_jobs, &left) && left == 0;
}
