/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: VK_KHR_surface and VK_EXT_headless_surface
 *
 * A headless surface is a VkIcdSurfaceHeadless (vk_icd.h): the loader
 * (interface version 3 and later) asks the ICD to create it through
 * vkCreateHeadlessSurfaceEXT and hands the ICD's handle back to every
 * surface query; an older path would hand over the loader's own
 * VkIcdSurface, which starts the same way. Either way the first member
 * says the platform, and only headless surfaces are Ember's.
 *
 * What a headless surface offers (nothing shows the images):
 * - every queue family may present (presenting only waits for semaphores);
 * - any extent from 1x1 to the largest 2D image, chosen by the swapchain
 *   (currentExtent is the special value 0xFFFFFFFF);
 * - one image is enough (minImageCount 1: a presented image is free again
 *   once the work its present waits for is done), no maximum;
 * - FIFO, MAILBOX and IMMEDIATE, which are all the same when presentation
 *   takes no time and never waits for a vertical blank;
 * - the formats of ember_wsi_formats() in the sRGB non-linear colour space.
 */

#include "ember_image.h"
#include "ember_instance.h"
#include "ember_physical_device.h"
#include "ember_wsi.h"

#include <string.h>

/*
 * The swapchain formats, in order of preference. A swapchain image must
 * be a colour attachment (VkSurfaceCapabilitiesKHR): once a format of
 * these renders (ember_format.c), only the rendering ones are offered;
 * before, those a transfer can write, which is all a device without
 * graphics can put into an image it presents.
 */
static const VkFormat wsi_candidate_formats[EMBER_WSI_MAX_FORMATS] = {
	VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_SRGB,
	VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_B8G8R8A8_SRGB,
};

uint32_t ember_wsi_formats(struct ember_physical_device *pdev,
			   VkFormat formats[EMBER_WSI_MAX_FORMATS], VkImageUsageFlags *usage)
{
	VkImageUsageFlags usages[EMBER_WSI_MAX_FORMATS], need = VK_IMAGE_USAGE_TRANSFER_DST_BIT;
	VkImageUsageFlags common = ~(VkImageUsageFlags)0;
	uint32_t count = 0;

	for (uint32_t i = 0; i < EMBER_WSI_MAX_FORMATS; i++) {
		VkFormatFeatureFlags2 features =
			ember_format_features(pdev, wsi_candidate_formats[i], EMBER_FORMAT_OPTIMAL);

		/* A presented image is never lazily allocated. */
		usages[i] = ember_image_usage_for_features(features) &
			    ~VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT;
		if (usages[i] & VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT)
			need = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
	}
	for (uint32_t i = 0; i < EMBER_WSI_MAX_FORMATS; i++) {
		if (!(usages[i] & need))
			continue;
		formats[count++] = wsi_candidate_formats[i];
		common &= usages[i];
	}
	*usage = count ? common : 0;
	return count;
}

const VkIcdSurfaceBase *ember_wsi_headless_surface(VkSurfaceKHR surface)
{
	const VkIcdSurfaceBase *base = (const VkIcdSurfaceBase *)(uintptr_t)surface;

	return base && base->platform == VK_ICD_WSI_PLATFORM_HEADLESS ? base : NULL;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateHeadlessSurfaceEXT(VkInstance _instance,
			       const VkHeadlessSurfaceCreateInfoEXT *pCreateInfo,
			       const VkAllocationCallbacks *pAllocator, VkSurfaceKHR *pSurface)
{
	EMBER_FROM_HANDLE(ember_instance, instance, _instance);
	VkIcdSurfaceHeadless *surface;

	surface = ember_alloc(ember_choose_alloc(pAllocator, ember_instance_alloc(instance)),
			      sizeof(*surface), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
	if (!surface)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "headless surface");
	surface->base.platform = VK_ICD_WSI_PLATFORM_HEADLESS;
	*pSurface = (VkSurfaceKHR)(uintptr_t)surface;
	return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroySurfaceKHR(VkInstance _instance, VkSurfaceKHR surface,
			const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_instance, instance, _instance);

	if (surface)
		ember_free(ember_choose_alloc(pAllocator, ember_instance_alloc(instance)),
			   (void *)(uintptr_t)surface);
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetPhysicalDeviceSurfaceSupportKHR(VkPhysicalDevice physicalDevice, uint32_t queueFamilyIndex,
					 VkSurfaceKHR surface, VkBool32 *pSupported)
{
	EMBER_FROM_HANDLE(ember_physical_device, pdev, physicalDevice);
	VkFormat formats[EMBER_WSI_MAX_FORMATS];
	VkImageUsageFlags usage;

	*pSupported = ember_wsi_headless_surface(surface) &&
		      ember_wsi_formats(pdev, formats, &usage) ? VK_TRUE : VK_FALSE;
	return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetPhysicalDeviceSurfaceCapabilitiesKHR(VkPhysicalDevice physicalDevice, VkSurfaceKHR surface,
					      VkSurfaceCapabilitiesKHR *pSurfaceCapabilities)
{
	EMBER_FROM_HANDLE(ember_physical_device, pdev, physicalDevice);
	VkFormat formats[EMBER_WSI_MAX_FORMATS];
	VkImageUsageFlags usage;

	if (!ember_wsi_headless_surface(surface))
		return ember_error(VK_ERROR_SURFACE_LOST_KHR, "not a headless surface");
	ember_wsi_formats(pdev, formats, &usage);
	*pSurfaceCapabilities = (VkSurfaceCapabilitiesKHR) {
		.minImageCount = 1,
		.maxImageCount = 0,	/* no limit but memory */
		.currentExtent = { 0xFFFFFFFFu, 0xFFFFFFFFu },
		.minImageExtent = { 1, 1 },
		.maxImageExtent = { EMBER_IMAGE_MAX_EXTENT, EMBER_IMAGE_MAX_EXTENT },
		.maxImageArrayLayers = 1,
		.supportedTransforms = VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR,
		.currentTransform = VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR,
		/* Nothing composites the images: their alpha means nothing. */
		.supportedCompositeAlpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR,
		.supportedUsageFlags = usage,
	};
	return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetPhysicalDeviceSurfaceCapabilities2KHR(VkPhysicalDevice physicalDevice,
					       const VkPhysicalDeviceSurfaceInfo2KHR *pSurfaceInfo,
					       VkSurfaceCapabilities2KHR *pSurfaceCapabilities)
{
	VkResult result = ember_GetPhysicalDeviceSurfaceCapabilitiesKHR(
		physicalDevice, pSurfaceInfo->surface, &pSurfaceCapabilities->surfaceCapabilities);

	ember_foreach_struct_out(s, pSurfaceCapabilities->pNext) {
		/* No protected memory: no protected swapchain. */
		if (s->sType == VK_STRUCTURE_TYPE_SURFACE_PROTECTED_CAPABILITIES_KHR)
			((VkSurfaceProtectedCapabilitiesKHR *)s)->supportsProtected = VK_FALSE;
	}
	return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetPhysicalDeviceSurfaceFormatsKHR(VkPhysicalDevice physicalDevice, VkSurfaceKHR surface,
					 uint32_t *pSurfaceFormatCount,
					 VkSurfaceFormatKHR *pSurfaceFormats)
{
	EMBER_FROM_HANDLE(ember_physical_device, pdev, physicalDevice);
	VkFormat formats[EMBER_WSI_MAX_FORMATS];
	uint32_t capacity = *pSurfaceFormatCount, written = 0, count;
	VkImageUsageFlags usage;
	int incomplete = 0;

	if (!ember_wsi_headless_surface(surface))
		return ember_error(VK_ERROR_SURFACE_LOST_KHR, "not a headless surface");
	count = ember_wsi_formats(pdev, formats, &usage);
	for (uint32_t i = 0; i < count; i++) {
		const VkSurfaceFormatKHR f = { formats[i], VK_COLOR_SPACE_SRGB_NONLINEAR_KHR };

		EMBER_OUTARRAY_APPEND(pSurfaceFormats, incomplete, capacity, written, f);
	}
	*pSurfaceFormatCount = written;
	return incomplete ? VK_INCOMPLETE : VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetPhysicalDeviceSurfaceFormats2KHR(VkPhysicalDevice physicalDevice,
					  const VkPhysicalDeviceSurfaceInfo2KHR *pSurfaceInfo,
					  uint32_t *pSurfaceFormatCount,
					  VkSurfaceFormat2KHR *pSurfaceFormats)
{
	VkSurfaceFormatKHR formats[EMBER_WSI_MAX_FORMATS];
	uint32_t count = EMBER_WSI_MAX_FORMATS;
	VkResult result;

	result = ember_GetPhysicalDeviceSurfaceFormatsKHR(physicalDevice, pSurfaceInfo->surface,
							  &count, formats);
	if (result < 0)
		return result;
	if (!pSurfaceFormats) {
		*pSurfaceFormatCount = count;
		return VK_SUCCESS;
	}
	if (*pSurfaceFormatCount < count)
		result = VK_INCOMPLETE;
	else
		*pSurfaceFormatCount = count;
	for (uint32_t i = 0; i < *pSurfaceFormatCount; i++)
		pSurfaceFormats[i].surfaceFormat = formats[i];
	return result;
}

static const VkPresentModeKHR wsi_present_modes[] = {
	VK_PRESENT_MODE_FIFO_KHR, VK_PRESENT_MODE_MAILBOX_KHR, VK_PRESENT_MODE_IMMEDIATE_KHR,
};

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetPhysicalDeviceSurfacePresentModesKHR(VkPhysicalDevice physicalDevice, VkSurfaceKHR surface,
					      uint32_t *pPresentModeCount,
					      VkPresentModeKHR *pPresentModes)
{
	uint32_t capacity = *pPresentModeCount, written = 0;
	int incomplete = 0;

	if (!ember_wsi_headless_surface(surface))
		return ember_error(VK_ERROR_SURFACE_LOST_KHR, "not a headless surface");
	for (size_t i = 0; i < EMBER_ARRAY_SIZE(wsi_present_modes); i++)
		EMBER_OUTARRAY_APPEND(pPresentModes, incomplete, capacity, written,
				      wsi_present_modes[i]);
	*pPresentModeCount = written;
	return incomplete ? VK_INCOMPLETE : VK_SUCCESS;
}

/*
 * Device groups (Vulkan 1.1 with VK_KHR_swapchain): every Ember GPU is a
 * group of its own, which presents its own images (LOCAL).
 */
VKAPI_ATTR VkResult VKAPI_CALL
ember_GetDeviceGroupPresentCapabilitiesKHR(VkDevice device,
					   VkDeviceGroupPresentCapabilitiesKHR *pCapabilities)
{
	memset(pCapabilities->presentMask, 0, sizeof(pCapabilities->presentMask));
	pCapabilities->presentMask[0] = 1;
	pCapabilities->modes = VK_DEVICE_GROUP_PRESENT_MODE_LOCAL_BIT_KHR;
	return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetDeviceGroupSurfacePresentModesKHR(VkDevice device, VkSurfaceKHR surface,
					   VkDeviceGroupPresentModeFlagsKHR *pModes)
{
	if (!ember_wsi_headless_surface(surface))
		return ember_error(VK_ERROR_SURFACE_LOST_KHR, "not a headless surface");
	*pModes = VK_DEVICE_GROUP_PRESENT_MODE_LOCAL_BIT_KHR;
	return VK_SUCCESS;
}

/* A headless surface has no size of its own: its one rectangle is unbounded. */
VKAPI_ATTR VkResult VKAPI_CALL
ember_GetPhysicalDevicePresentRectanglesKHR(VkPhysicalDevice physicalDevice, VkSurfaceKHR surface,
					    uint32_t *pRectCount, VkRect2D *pRects)
{
	const VkRect2D whole = { { 0, 0 }, { 0xFFFFFFFFu, 0xFFFFFFFFu } };
	uint32_t capacity = *pRectCount, written = 0;
	int incomplete = 0;

	if (!ember_wsi_headless_surface(surface))
		return ember_error(VK_ERROR_SURFACE_LOST_KHR, "not a headless surface");
	EMBER_OUTARRAY_APPEND(pRects, incomplete, capacity, written, whole);
	*pRectCount = written;
	return incomplete ? VK_INCOMPLETE : VK_SUCCESS;
}
