/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Window-system integration without a window system
 *
 * Ember has no display: its one surface is VK_EXT_headless_surface's
 * (ember_wsi_headless.c), and presenting to it is a queue operation that
 * waits for the present's semaphores and then lets the image be acquired
 * again (ember_swapchain.c). Swapchain images are ordinary Ember images,
 * made with the swapchain's format, extent and usage, each with memory of
 * its own.
 */

#ifndef EMBER_WSI_H
#define EMBER_WSI_H

#include "ember_object.h"

struct ember_device_memory;
struct ember_physical_device;

/* Most surface formats Ember presents. */
#define EMBER_WSI_MAX_FORMATS	4

/*
 * The headless surface @surface is, or NULL: the loader hands every ICD
 * the surfaces of other platforms too (its own VkIcdSurface, whose first
 * member says which platform), and Ember presents to none of those.
 */
const VkIcdSurfaceBase *ember_wsi_headless_surface(VkSurfaceKHR surface);

/*
 * The formats a swapchain of @pdev may have, into @formats, and how many;
 * @usage gets the image usages all of them support.
 */
uint32_t ember_wsi_formats(struct ember_physical_device *pdev,
			   VkFormat formats[EMBER_WSI_MAX_FORMATS], VkImageUsageFlags *usage);

/*
 * The memory of image @index of @swapchain, for an image bound with
 * VkBindImageMemorySwapchainInfoKHR (it aliases that image).
 */
struct ember_device_memory *ember_swapchain_image_memory(VkSwapchainKHR swapchain,
							  uint32_t index);

#endif /* EMBER_WSI_H */
