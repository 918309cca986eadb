/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#ifndef EMBER_EVENT_H
#define EMBER_EVENT_H

#include "ember_device.h"

/* The 32-bit value of an event's memory in each state. */
#define EMBER_EVENT_RESET_VALUE	0
#define EMBER_EVENT_SET_VALUE	1

/**
 * struct ember_event - A VkEvent: a 32-bit word of GPU memory, written by
 * the host through its CPU mapping and by the device with SIGNAL_MEM,
 * waited for with WAIT_MEM.
 */
struct ember_event {
	struct ember_object base;
	struct ember_gpu_bo bo;
};

EMBER_DEFINE_HANDLE_CASTS(ember_event, base, VkEvent, VK_OBJECT_TYPE_EVENT)

#endif /* EMBER_EVENT_H */
