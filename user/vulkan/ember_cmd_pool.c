/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */
