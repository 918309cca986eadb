/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#include "ember_sync.h"

void ember_semaphore_consume_temporary(struct ember_device *device, struct ember_semaphore *sem)
{
}
