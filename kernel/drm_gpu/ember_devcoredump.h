/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Copyright 2026 The Ember Authors */

#ifndef __EMBER_DEVCOREDUMP_H__
#define __EMBER_DEVCOREDUMP_H__

struct ember_ctx;
struct ember_device;
struct ember_fault_record;
struct ember_sched;

int ember_devcoredump_init(struct ember_device *edev, struct ember_sched *sched);
void ember_devcoredump_capture(struct ember_device *edev, const char *reason,
			       struct ember_ctx *ctx, const struct ember_fault_record *rec);

#endif /* __EMBER_DEVCOREDUMP_H__ */
