/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Copyright 2026 The Ember Authors */

#ifndef __EMBER_DEBUGFS_H__
#define __EMBER_DEBUGFS_H__

struct ember_device;

void ember_debugfs_init(struct ember_device *edev);

#endif /* __EMBER_DEBUGFS_H__ */
