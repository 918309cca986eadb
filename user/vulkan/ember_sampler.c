/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Samplers
 *
 * A sampler is its 32-byte descriptor (ember-hw.rst "Sampler
 * descriptor"), packed at creation: filters, mipmap mode, address modes
 * and the compare op are Vulkan's values; the LOD bias and clamp are
 * floats. Every border colour is a custom one to the device, so the
 * standard colours are written as their values (float or integer, as
 * Vulkan defines them), and VK_EXT_custom_border_color's colour is copied
 * as it is (its format, when given, changes nothing: the device applies
 * the border before the view's swizzle and conversion). anisotropyEnable
 * writes maxAnisotropy, rounded up and clamped to [1, 16], as the
 * descriptor's max_anisotropy (contract 1.16; the feature is reported only
 * with CAPS.SAMPLER_ANISO, so the field stays 0 on older devices). No
 * min/max reduction.
 */

#include "ember_image.h"

#include "ember_device.h"
#include "ember_physical_device.h"
#include "ember_regs.h"

#include <math.h>
#include <string.h>

/* The standard border colours' values: RGBA, float bits or integers. */
static bool standard_border(VkBorderColor border, uint32_t rgba[4])
{
	const uint32_t one_f = 0x3f800000u;	/* 1.0f */

	switch (border) {
	case VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK:
	case VK_BORDER_COLOR_INT_TRANSPARENT_BLACK:
		memset(rgba, 0, 4 * sizeof(*rgba));
		break;
	case VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK:
		rgba[0] = rgba[1] = rgba[2] = 0;
		rgba[3] = one_f;
		break;
	case VK_BORDER_COLOR_INT_OPAQUE_BLACK:
		rgba[0] = rgba[1] = rgba[2] = 0;
		rgba[3] = 1;
		break;
	case VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE:
		rgba[0] = rgba[1] = rgba[2] = rgba[3] = one_f;
		break;
	case VK_BORDER_COLOR_INT_OPAQUE_WHITE:
		rgba[0] = rgba[1] = rgba[2] = rgba[3] = 1;
		break;
	default:
		return false;
	}
	return true;
}

static bool border_is_int(VkBorderColor border)
{
	return border == VK_BORDER_COLOR_INT_TRANSPARENT_BLACK ||
	       border == VK_BORDER_COLOR_INT_OPAQUE_BLACK ||
	       border == VK_BORDER_COLOR_INT_OPAQUE_WHITE ||
	       border == VK_BORDER_COLOR_INT_CUSTOM_EXT;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateSampler(VkDevice _device, const VkSamplerCreateInfo *pCreateInfo,
		    const VkAllocationCallbacks *pAllocator, VkSampler *pSampler)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	const VkSamplerCreateInfo *info = pCreateInfo;
	const VkSamplerCustomBorderColorCreateInfoEXT *custom =
		ember_find_struct(info->pNext,
				  VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT);
	struct ember_sampler *sampler;
	struct ember_sampler_desc d = {
		.mag_filter = (uint8_t)info->magFilter,
		.min_filter = (uint8_t)info->minFilter,
		.mipmap_mode = (uint8_t)info->mipmapMode,
		.address_u = (uint8_t)info->addressModeU,
		.address_v = (uint8_t)info->addressModeV,
		.address_w = (uint8_t)info->addressModeW,
		.compare_enable = info->compareEnable ? 1 : 0,
		.compare_op = info->compareEnable ? (uint8_t)info->compareOp : 0,
		.unnormalized = info->unnormalizedCoordinates ? 1 : 0,
		.border_int = border_is_int(info->borderColor),
		.lod_bias = info->mipLodBias,
		.min_lod = info->minLod,
		.max_lod = info->maxLod,
	};

	if (info->anisotropyEnable && (device->pdev->ws.info.caps & EMBER_CAP_SAMPLER_ANISO)) {
		float a = info->maxAnisotropy;

		/* NaN and anything below 1 as 1 */
		d.max_anisotropy = !(a > 1.0f) ? 1 :
				   a >= (float)EMBER_SAMPLER_MAX_ANISOTROPY ?
				   EMBER_SAMPLER_MAX_ANISOTROPY : (uint8_t)ceilf(a);
	}
	if (!standard_border(info->borderColor, d.border_color)) {
		/* A custom colour: its bits as given (float or integer alike). */
		if (custom)
			memcpy(d.border_color, custom->customBorderColor.uint32,
			       sizeof(d.border_color));
	}
	sampler = ember_object_alloc(device, pAllocator, sizeof(*sampler), VK_OBJECT_TYPE_SAMPLER);
	if (!sampler)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "sampler");
	ember_sampler_desc_pack(sampler->desc, &d);
	*pSampler = ember_sampler_to_handle(sampler);
	return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroySampler(VkDevice _device, VkSampler _sampler, const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_sampler, sampler, _sampler);

	if (sampler)
		ember_object_free(device, pAllocator, sampler);
}

/*
 * Sampler Y'CbCr conversions need the samplerYcbcrConversion feature
 * (VUID-vkCreateSamplerYcbcrConversion-None-01648), which Ember does not
 * report (it has no multi-planar formats): a creation is the application's
 * error and no conversion is ever created.
 */
VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateSamplerYcbcrConversion(VkDevice device,
				   const VkSamplerYcbcrConversionCreateInfo *pCreateInfo,
				   const VkAllocationCallbacks *pAllocator,
				   VkSamplerYcbcrConversion *pYcbcrConversion)
{
	*pYcbcrConversion = VK_NULL_HANDLE;
	return ember_error(VK_ERROR_VALIDATION_FAILED_EXT, "samplerYcbcrConversion is not reported");
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroySamplerYcbcrConversion(VkDevice device, VkSamplerYcbcrConversion ycbcrConversion,
				    const VkAllocationCallbacks *pAllocator)
{
	/* Only VK_NULL_HANDLE can be destroyed: nothing was ever created. */
}
