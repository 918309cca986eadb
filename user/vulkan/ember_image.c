/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Images (not yet)
 *
 * Ember has no images yet (issue 12): vkGetPhysicalDeviceImageFormat-
 * Properties reports every format unsupported and the driver defines no
 * vkCreateImage, so no VkImageCreateInfo is valid. The maintenance4
 * queries about images that do not exist answer with empty requirements
 * rather than leaving the entry points NULL, which core 1.3 and
 * VK_KHR_maintenance4 do not allow.
 */

#include "ember_object.h"

VKAPI_ATTR void VKAPI_CALL
ember_GetDeviceImageMemoryRequirements(VkDevice _device, const VkDeviceImageMemoryRequirements *pInfo,
				       VkMemoryRequirements2 *pMemoryRequirements)
{
	pMemoryRequirements->memoryRequirements = (VkMemoryRequirements) { 0 };
}

VKAPI_ATTR void VKAPI_CALL
ember_GetDeviceImageSparseMemoryRequirements(VkDevice _device,
					     const VkDeviceImageMemoryRequirements *pInfo,
					     uint32_t *pSparseMemoryRequirementCount,
					     VkSparseImageMemoryRequirements2 *pSparseMemoryRequirements)
{
	*pSparseMemoryRequirementCount = 0;
}
