/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Physical device properties, limits, queues and memory
 *
 * Limits are the device's (DEV_QUERY) and the ISA's (ember_isa.h) where
 * they decide them, else the driver's own choices, each the real bound of
 * what the driver does.
 */

#include "ember_physical_device.h"

#include "ember_descriptor_set_layout.h"
#include "ember_device_memory.h"
#include "ember_gfx_hw.h"
#include "ember_image.h"
#include "ember_instance.h"
#include "ember_isa.h"
#include "ember_regs.h"

#include <stdio.h>
#include <string.h>
#include <sys/sysinfo.h>

/* Driver version: the project's (meson.build passes it), major.minor.patch. */
#define EMBER_DRIVER_VERSION \
	VK_MAKE_VERSION(EMBER_VERSION_MAJOR, EMBER_VERSION_MINOR, EMBER_VERSION_PATCH)
#define EMBER_VENDOR_ID		0x1af4	/* the ivshmem device's PCI vendor */
#define EMBER_DEVICE_ID		0x1110

static const VkShaderStageFlags ember_stages = VK_SHADER_STAGE_COMPUTE_BIT;

static const VkSubgroupFeatureFlags ember_subgroup_ops =
	VK_SUBGROUP_FEATURE_BASIC_BIT | VK_SUBGROUP_FEATURE_VOTE_BIT |
	VK_SUBGROUP_FEATURE_ARITHMETIC_BIT | VK_SUBGROUP_FEATURE_BALLOT_BIT |
	VK_SUBGROUP_FEATURE_SHUFFLE_BIT | VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT |
	VK_SUBGROUP_FEATURE_CLUSTERED_BIT | VK_SUBGROUP_FEATURE_QUAD_BIT;

/*
 * Descriptors of one kind in all sets of a pipeline layout (past the
 * specification's 500000 for update-after-bind): slots are 32-bit (ISA
 * 1.3), and every kind at this count, at 6 slots for a combined image
 * sampler, fits in one set's EMBER_MAX_SET_SLOTS.
 */
#define EMBER_MAX_DESCRIPTORS		(1u << 20)
#define EMBER_MAX_INLINE_UNIFORM	4096
#define EMBER_MAX_SAMPLERS		(1u << 20)

#define EMBER_MAX_MULTIVIEW_VIEWS	6
#define EMBER_MAX_MULTIVIEW_INSTANCE	((1u << 27) - 1)

/* The limits of images, samplers and texel buffers (ember-hw.rst, ember_image.c). */
static void fill_image_limits(VkPhysicalDeviceLimits *l)
{
	const VkSampleCountFlags ms = VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT;

	l->maxImageDimension1D = EMBER_IMAGE_MAX_EXTENT;
	l->maxImageDimension2D = EMBER_IMAGE_MAX_EXTENT;
	l->maxImageDimension3D = EMBER_IMAGE_MAX_EXTENT_3D;
	l->maxImageDimensionCube = EMBER_IMAGE_MAX_EXTENT;
	l->maxImageArrayLayers = EMBER_IMAGE_MAX_LAYERS;
	l->maxTexelBufferElements = 1u << 27;
	l->maxSamplerAllocationCount = EMBER_MAX_SAMPLERS;
	l->maxPerStageDescriptorSamplers = EMBER_MAX_DESCRIPTORS;
	l->maxPerStageDescriptorSampledImages = EMBER_MAX_DESCRIPTORS;
	l->maxPerStageDescriptorStorageImages = EMBER_MAX_DESCRIPTORS;
	l->maxDescriptorSetSamplers = EMBER_MAX_DESCRIPTORS;
	l->maxDescriptorSetSampledImages = EMBER_MAX_DESCRIPTORS;
	l->maxDescriptorSetStorageImages = EMBER_MAX_DESCRIPTORS;
	/* Sets hold input attachments (4 slots each); no compute shader reads them. */
	l->maxPerStageDescriptorInputAttachments = EMBER_MAX_DESCRIPTORS;
	l->maxDescriptorSetInputAttachments = EMBER_MAX_DESCRIPTORS;
	l->maxSamplerLodBias = 16;
	l->minTexelOffset = -8;
	l->maxTexelOffset = 7;
	l->minTexelGatherOffset = -8;
	l->maxTexelGatherOffset = 7;
	l->subTexelPrecisionBits = 8;
	l->mipmapPrecisionBits = 8;
	l->sampledImageColorSampleCounts = ms;
	l->sampledImageIntegerSampleCounts = ms;
	l->sampledImageDepthSampleCounts = ms;
	l->sampledImageStencilSampleCounts = ms;
	l->storageImageSampleCounts = ms;
	l->maxSampleMaskWords = 1;
}

/*
 * The limits of the graphics pipeline (contract 1.10, CAPS.GRAPHICS:
 * ember-hw.rst "Draws", ember_gfx_hw.h; interface slots: ember-isa.rst
 * "Graphics stages"). A device without graphics reports the zeros of a
 * compute-only device, which the specification's table does not bind.
 */
static void fill_graphics_limits(VkPhysicalDeviceLimits *l)
{
	const VkSampleCountFlags ms = VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT;

	l->maxVertexInputAttributes = EMBER_GFX_MAX_VERTEX_ATTRIBUTES;
	l->maxVertexInputBindings = EMBER_GFX_MAX_VERTEX_BINDINGS;
	l->maxVertexInputAttributeOffset = EMBER_GFX_MAX_ATTRIBUTE_OFFSET;
	l->maxVertexInputBindingStride = EMBER_GFX_MAX_VERTEX_STRIDE;
	/*
	 * 32 vec4 slots out of a vertex shader and into a fragment shader, less
	 * the last two: ember-cc passes clip and cull distances there to a
	 * fragment shader that reads them (spirv_io.c).
	 */
	l->maxVertexOutputComponents = 120;
	l->maxFragmentInputComponents = 120;
	l->maxFragmentOutputAttachments = EMBER_GFX_MAX_COLOR_ATTACHMENTS;
	l->maxFragmentDualSrcAttachments = 1;	/* the contract's SRC1_* on attachment 0 */
	l->maxFragmentCombinedOutputResources = EMBER_MAX_DESCRIPTORS;
	l->subPixelPrecisionBits = 8;		/* R1: a 1/256 pixel grid */
	l->maxDrawIndexedIndexValue = UINT32_MAX;	/* fullDrawIndexUint32 */
	l->maxDrawIndirectCount = UINT32_MAX;	/* DRAW_INDIRECT's MAX_DRAWS is a u32 */
	l->maxViewports = 1;	/* 16 with CAPS.VIEWPORT_INDEX (fill_limits()) */
	l->maxViewportDimensions[0] = EMBER_GFX_MAX_VIEWPORT_DIM;
	l->maxViewportDimensions[1] = EMBER_GFX_MAX_VIEWPORT_DIM;
	l->viewportBoundsRange[0] = -32768.0f;
	l->viewportBoundsRange[1] = 32767.0f;
	l->viewportSubPixelBits = 8;
	l->maxFramebufferWidth = EMBER_GFX_MAX_VIEWPORT_DIM;
	l->maxFramebufferHeight = EMBER_GFX_MAX_VIEWPORT_DIM;
	l->maxFramebufferLayers = 2048;
	l->framebufferColorSampleCounts = ms;
	l->framebufferDepthSampleCounts = ms;
	l->framebufferStencilSampleCounts = ms;
	l->framebufferNoAttachmentsSampleCounts = ms;
	l->maxColorAttachments = EMBER_GFX_MAX_COLOR_ATTACHMENTS;
	l->pointSizeRange[0] = 1.0f;
	l->pointSizeRange[1] = 64.0f;	/* R12: PointSize clamped to [1, 64] */
	/* R12: the square's half side is snapped to R1's 1/256 grid. */
	l->pointSizeGranularity = 2.0f / 256.0f;
	l->lineWidthRange[0] = 1.0f;
	l->lineWidthRange[1] = 1.0f;	/* 64 with CAPS.WIDE_LINES (fill_limits()) */
	l->standardSampleLocations = VK_TRUE;	/* R4 */
	/* interp's at_offset clamps to [-0.5, 0.5 - 1/16] (ember-isa.rst). */
	l->minInterpolationOffset = -0.5f;
	l->maxInterpolationOffset = 0.4375f;
	l->subPixelInterpolationOffsetBits = 4;
	/* The vertex header's clip and cull distance counts, their sum at most 8. */
	l->maxClipDistances = EMBER_ISA_MAX_CLIP_CULL;
	l->maxCullDistances = EMBER_ISA_MAX_CLIP_CULL;
	l->maxCombinedClipAndCullDistances = EMBER_ISA_MAX_CLIP_CULL;
	l->timestampComputeAndGraphics = VK_TRUE;
}

static void fill_limits(struct ember_physical_device *pdev, VkPhysicalDeviceLimits *l)
{
	const struct ember_ws_info *info = &pdev->ws.info;

	*l = (VkPhysicalDeviceLimits) {
		.maxImageDimension1D = 0,
		.maxUniformBufferRange = UINT32_MAX,
		.maxStorageBufferRange = UINT32_MAX,
		.maxPushConstantsSize = EMBER_ISA_MAX_PUSH_BYTES,
		.maxMemoryAllocationCount = 1u << 20,
		.maxSamplerAllocationCount = 0,
		.bufferImageGranularity = 1,
		.sparseAddressSpaceSize = 0,
		/* The set table's last entry holds the dynamic buffers' table. */
		.maxBoundDescriptorSets = EMBER_MAX_BOUND_SETS,
		.maxPerStageDescriptorUniformBuffers = EMBER_MAX_DESCRIPTORS,
		.maxPerStageDescriptorStorageBuffers = EMBER_MAX_DESCRIPTORS,
		.maxPerStageResources = EMBER_MAX_DESCRIPTORS,
		.maxDescriptorSetUniformBuffers = EMBER_MAX_DESCRIPTORS,
		.maxDescriptorSetUniformBuffersDynamic = 64,
		.maxDescriptorSetStorageBuffers = EMBER_MAX_DESCRIPTORS,
		.maxDescriptorSetStorageBuffersDynamic = 64,
		.maxComputeSharedMemorySize = EMBER_ISA_MAX_SHARED_BYTES,
		/* Any u32 counts (CAPS.LARGE_GRID, required), bounded by the job timeout. */
		.maxComputeWorkGroupCount = { UINT32_MAX, UINT32_MAX, UINT32_MAX },
		.maxComputeWorkGroupInvocations = EMBER_ISA_MAX_WORKGROUP_SIZE,
		.maxComputeWorkGroupSize = { EMBER_ISA_MAX_WORKGROUP_SIZE,
					     EMBER_ISA_MAX_WORKGROUP_SIZE,
					     EMBER_ISA_MAX_WORKGROUP_SIZE },
		.subPixelPrecisionBits = 0,
		.maxDrawIndexedIndexValue = 0,
		.maxDrawIndirectCount = 1,
		.maxSamplerLodBias = 0,
		.maxSamplerAnisotropy = 1,
		.minMemoryMapAlignment = 4096,
		.minTexelBufferOffsetAlignment = 16,
		.minUniformBufferOffsetAlignment = 16,
		.minStorageBufferOffsetAlignment = 16,
		.timestampComputeAndGraphics = VK_FALSE,
		.timestampPeriod = info->timestamp_frequency ?
				   1e9f / (float)info->timestamp_frequency : 1.0f,
		.discreteQueuePriorities = 2,
		.strictLines = VK_FALSE,
		.standardSampleLocations = VK_FALSE,
		.optimalBufferCopyOffsetAlignment = 16,
		.optimalBufferCopyRowPitchAlignment = 16,
		.nonCoherentAtomSize = 64,
	};
	fill_image_limits(l);
	/* samplerAnisotropy: the sampler's max_anisotropy (contract 1.16) */
	if (pdev->ws.info.caps & EMBER_CAP_SAMPLER_ANISO)
		l->maxSamplerAnisotropy = (float)EMBER_SAMPLER_MAX_ANISOTROPY;
	if (ember_physical_device_has_graphics(pdev))
		fill_graphics_limits(l);
	if (ember_physical_device_has_graphics(pdev) &&
	    (pdev->ws.info.caps & EMBER_CAP_VIEWPORT_INDEX))
		l->maxViewports = EMBER_GFX_MAX_VIEWPORTS;	/* multiViewport */
	if (ember_physical_device_has_graphics(pdev) &&
	    (pdev->ws.info.caps & EMBER_CAP_WIDE_LINES)) {
		/* wideLines: R11 clamps to [1, 64], w/2 on the 1/256 grid. */
		l->lineWidthRange[1] = (float)EMBER_GFX_LINE_WIDTH_MAX;
		l->lineWidthGranularity = 2.0f / 256.0f;
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_GetPhysicalDeviceProperties(VkPhysicalDevice physicalDevice,
				  VkPhysicalDeviceProperties *pProperties)
{
	EMBER_FROM_HANDLE(ember_physical_device, pdev, physicalDevice);

	*pProperties = (VkPhysicalDeviceProperties) {
		.apiVersion = pdev->api_version,
		.driverVersion = EMBER_DRIVER_VERSION,
		.vendorID = EMBER_VENDOR_ID,
		.deviceID = EMBER_DEVICE_ID,
		.deviceType = VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU,
	};
	snprintf(pProperties->deviceName, sizeof(pProperties->deviceName), "%s", pdev->name);
	memcpy(pProperties->pipelineCacheUUID, pdev->cache_uuid, VK_UUID_SIZE);
	fill_limits(pdev, &pProperties->limits);
}

static void fill_vulkan11(struct ember_physical_device *pdev, VkPhysicalDeviceVulkan11Properties *p)
{
	memcpy(p->deviceUUID, pdev->device_uuid, VK_UUID_SIZE);
	memcpy(p->driverUUID, pdev->driver_uuid, VK_UUID_SIZE);
	memset(p->deviceLUID, 0, VK_LUID_SIZE);
	p->deviceNodeMask = 0;
	p->deviceLUIDValid = VK_FALSE;
	p->subgroupSize = EMBER_SUBGROUP_SIZE;
	p->subgroupSupportedStages = ember_stages;
	p->subgroupSupportedOperations = ember_subgroup_ops;
	p->subgroupQuadOperationsInAllStages = VK_FALSE;
	p->pointClippingBehavior = VK_POINT_CLIPPING_BEHAVIOR_ALL_CLIP_PLANES;
	/* The specification's minimums: render passes keep masks, nothing renders yet. */
	p->maxMultiviewViewCount = EMBER_MAX_MULTIVIEW_VIEWS;
	p->maxMultiviewInstanceIndex = EMBER_MAX_MULTIVIEW_INSTANCE;
	p->protectedNoFault = VK_FALSE;
	p->maxPerSetDescriptors = EMBER_MAX_DESCRIPTORS;
	p->maxMemoryAllocationSize = pdev->ws.info.max_bo_size;
}

static void fill_vulkan12(struct ember_physical_device *pdev, VkPhysicalDeviceVulkan12Properties *p)
{
	const uint32_t images = EMBER_MAX_DESCRIPTORS;

	/* Every member not set below is zero: no float controls. */
	*p = (VkPhysicalDeviceVulkan12Properties){ .sType = p->sType, .pNext = p->pNext };
	p->driverID = (VkDriverId)0;	/* no Khronos-registered id yet */
	snprintf(p->driverName, sizeof(p->driverName), "Ember");
	snprintf(p->driverInfo, sizeof(p->driverInfo), "Ember Vulkan driver %u.%u.%u (hw %u.%u)",
		 EMBER_VERSION_MAJOR, EMBER_VERSION_MINOR, EMBER_VERSION_PATCH,
		 pdev->ws.info.hw_version >> 16, pdev->ws.info.hw_version & 0xffff);
	p->conformanceVersion = (VkConformanceVersion) { 0, 0, 0, 0 };
	p->denormBehaviorIndependence = VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_NONE;
	p->roundingModeIndependence = VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_NONE;
	/* Not counted across pools: a pool's slots and memory are the bounds. */
	p->maxUpdateAfterBindDescriptorsInAllPools = EMBER_MAX_SET_SLOTS;
	/*
	 * Descriptors are uniform registers (ember-isa.rst): a NonUniform
	 * index runs a loop over its distinct values (spirv_image.c), for
	 * buffers and images alike.
	 */
	p->shaderUniformBufferArrayNonUniformIndexingNative = VK_FALSE;
	p->shaderStorageBufferArrayNonUniformIndexingNative = VK_FALSE;
	p->shaderSampledImageArrayNonUniformIndexingNative = VK_FALSE;
	p->shaderStorageImageArrayNonUniformIndexingNative = VK_FALSE;
	p->robustBufferAccessUpdateAfterBind = VK_TRUE;
	p->quadDivergentImplicitLod = VK_FALSE;
	p->maxPerStageDescriptorUpdateAfterBindUniformBuffers = EMBER_MAX_DESCRIPTORS;
	p->maxPerStageDescriptorUpdateAfterBindStorageBuffers = EMBER_MAX_DESCRIPTORS;
	p->maxPerStageUpdateAfterBindResources = EMBER_MAX_DESCRIPTORS;
	p->maxDescriptorSetUpdateAfterBindUniformBuffers = EMBER_MAX_DESCRIPTORS;
	p->maxDescriptorSetUpdateAfterBindUniformBuffersDynamic = 64;
	p->maxDescriptorSetUpdateAfterBindStorageBuffers = EMBER_MAX_DESCRIPTORS;
	p->maxDescriptorSetUpdateAfterBindStorageBuffersDynamic = 64;
	/* Updates write set memory at once: after-bind ones are no different. */
	p->maxPerStageDescriptorUpdateAfterBindSamplers = images;
	p->maxPerStageDescriptorUpdateAfterBindSampledImages = images;
	p->maxPerStageDescriptorUpdateAfterBindStorageImages = images;
	p->maxDescriptorSetUpdateAfterBindSamplers = images;
	p->maxDescriptorSetUpdateAfterBindSampledImages = images;
	p->maxDescriptorSetUpdateAfterBindStorageImages = images;
	p->maxPerStageDescriptorUpdateAfterBindInputAttachments = images;
	p->maxDescriptorSetUpdateAfterBindInputAttachments = images;
	/* RESOLVE of depth and stencil planes, each by its own packet and mode (contract 1.13). */
	if (pdev->ws.info.caps & EMBER_CAP_RESOLVE_DS) {
		p->supportedDepthResolveModes = VK_RESOLVE_MODE_SAMPLE_ZERO_BIT |
						VK_RESOLVE_MODE_AVERAGE_BIT |
						VK_RESOLVE_MODE_MIN_BIT | VK_RESOLVE_MODE_MAX_BIT;
		p->supportedStencilResolveModes = VK_RESOLVE_MODE_SAMPLE_ZERO_BIT |
						  VK_RESOLVE_MODE_MIN_BIT | VK_RESOLVE_MODE_MAX_BIT;
		p->independentResolveNone = VK_TRUE;
		p->independentResolve = VK_TRUE;
	}
	p->filterMinmaxSingleComponentFormats = VK_FALSE;
	p->filterMinmaxImageComponentMapping = VK_FALSE;
	p->maxTimelineSemaphoreValueDifference = UINT64_MAX;
	p->framebufferIntegerColorSampleCounts = ember_physical_device_has_graphics(pdev) ?
		VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT : 0;
}

static void fill_vulkan13(struct ember_physical_device *pdev, VkPhysicalDeviceVulkan13Properties *p)
{
	/*
	 * Every member not set below is zero: in particular every
	 * integerDotProduct*Accelerated is false, as the ISA has no
	 * dot-product instruction (the compiler lowers them, spirv_dot.c).
	 */
	*p = (VkPhysicalDeviceVulkan13Properties){ .sType = p->sType, .pNext = p->pNext };
	p->minSubgroupSize = EMBER_SUBGROUP_SIZE;
	p->maxSubgroupSize = EMBER_SUBGROUP_SIZE;
	p->maxComputeWorkgroupSubgroups = EMBER_ISA_MAX_WORKGROUP_SIZE / EMBER_SUBGROUP_SIZE;
	p->requiredSubgroupSizeStages = ember_stages;
	p->maxInlineUniformBlockSize = EMBER_MAX_INLINE_UNIFORM;
	p->maxPerStageDescriptorInlineUniformBlocks = 64;
	p->maxPerStageDescriptorUpdateAfterBindInlineUniformBlocks = 64;
	p->maxDescriptorSetInlineUniformBlocks = 64;
	p->maxDescriptorSetUpdateAfterBindInlineUniformBlocks = 64;
	p->maxInlineUniformTotalSize = 64 * EMBER_MAX_INLINE_UNIFORM;
	p->storageTexelBufferOffsetAlignmentBytes = 16;
	p->uniformTexelBufferOffsetAlignmentBytes = 16;
	p->maxBufferSize = pdev->ws.info.max_bo_size;
}

#define COPY_PROP(dst, src, field) ((dst)->field = (src)->field)

VKAPI_ATTR void VKAPI_CALL
ember_GetPhysicalDeviceProperties2(VkPhysicalDevice physicalDevice,
				   VkPhysicalDeviceProperties2 *pProperties)
{
	EMBER_FROM_HANDLE(ember_physical_device, pdev, physicalDevice);
	VkPhysicalDeviceVulkan11Properties p11 = { 0 };
	VkPhysicalDeviceVulkan12Properties p12 = { 0 };
	VkPhysicalDeviceVulkan13Properties p13 = { 0 };

	ember_GetPhysicalDeviceProperties(physicalDevice, &pProperties->properties);
	fill_vulkan11(pdev, &p11);
	fill_vulkan12(pdev, &p12);
	fill_vulkan13(pdev, &p13);

	ember_foreach_struct_out(s, pProperties->pNext) {
		switch ((int)s->sType) {
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES:
			fill_vulkan11(pdev, (void *)s);
			break;
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES:
			fill_vulkan12(pdev, (void *)s);
			break;
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES:
			fill_vulkan13(pdev, (void *)s);
			break;
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES: {
			VkPhysicalDeviceIDProperties *p = (void *)s;

			memcpy(p->deviceUUID, p11.deviceUUID, VK_UUID_SIZE);
			memcpy(p->driverUUID, p11.driverUUID, VK_UUID_SIZE);
			memset(p->deviceLUID, 0, VK_LUID_SIZE);
			p->deviceNodeMask = 0;
			p->deviceLUIDValid = VK_FALSE;
			break;
		}
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES: {
			VkPhysicalDeviceSubgroupProperties *p = (void *)s;

			p->subgroupSize = p11.subgroupSize;
			p->supportedStages = p11.subgroupSupportedStages;
			p->supportedOperations = p11.subgroupSupportedOperations;
			p->quadOperationsInAllStages = p11.subgroupQuadOperationsInAllStages;
			break;
		}
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_PROPERTIES_EXT:
			((VkPhysicalDeviceCustomBorderColorPropertiesEXT *)s)
				->maxCustomBorderColorSamplers = EMBER_MAX_SAMPLERS;
			break;
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_PROPERTIES:
			COPY_PROP((VkPhysicalDeviceMaintenance4Properties *)s, &p13, maxBufferSize);
			break;
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_INTEGER_DOT_PRODUCT_PROPERTIES: {
			VkPhysicalDeviceShaderIntegerDotProductProperties *p = (void *)s;

			/* None accelerated: see fill_vulkan13(). */
			*p = (VkPhysicalDeviceShaderIntegerDotProductProperties){
				.sType = p->sType, .pNext = p->pNext };
			break;
		}
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_POINT_CLIPPING_PROPERTIES:
			((VkPhysicalDevicePointClippingProperties *)s)->pointClippingBehavior =
				p11.pointClippingBehavior;
			break;
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTIVIEW_PROPERTIES: {
			VkPhysicalDeviceMultiviewProperties *p = (void *)s;

			COPY_PROP(p, &p11, maxMultiviewViewCount);
			COPY_PROP(p, &p11, maxMultiviewInstanceIndex);
			break;
		}
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROTECTED_MEMORY_PROPERTIES:
			((VkPhysicalDeviceProtectedMemoryProperties *)s)->protectedNoFault = VK_FALSE;
			break;
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES: {
			VkPhysicalDeviceMaintenance3Properties *p = (void *)s;

			COPY_PROP(p, &p11, maxPerSetDescriptors);
			COPY_PROP(p, &p11, maxMemoryAllocationSize);
			break;
		}
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES: {
			VkPhysicalDeviceDriverProperties *p = (void *)s;

			COPY_PROP(p, &p12, driverID);
			memcpy(p->driverName, p12.driverName, sizeof(p->driverName));
			memcpy(p->driverInfo, p12.driverInfo, sizeof(p->driverInfo));
			COPY_PROP(p, &p12, conformanceVersion);
			break;
		}
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES: {
			VkPhysicalDeviceFloatControlsProperties *p = (void *)s;

			COPY_PROP(p, &p12, denormBehaviorIndependence);
			COPY_PROP(p, &p12, roundingModeIndependence);
			break;
		}
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DESCRIPTOR_INDEXING_PROPERTIES: {
			VkPhysicalDeviceDescriptorIndexingProperties *p = (void *)s;

			COPY_PROP(p, &p12, maxUpdateAfterBindDescriptorsInAllPools);
			COPY_PROP(p, &p12, shaderUniformBufferArrayNonUniformIndexingNative);
			COPY_PROP(p, &p12, shaderSampledImageArrayNonUniformIndexingNative);
			COPY_PROP(p, &p12, shaderStorageBufferArrayNonUniformIndexingNative);
			COPY_PROP(p, &p12, shaderStorageImageArrayNonUniformIndexingNative);
			COPY_PROP(p, &p12, shaderInputAttachmentArrayNonUniformIndexingNative);
			COPY_PROP(p, &p12, robustBufferAccessUpdateAfterBind);
			COPY_PROP(p, &p12, quadDivergentImplicitLod);
			COPY_PROP(p, &p12, maxPerStageDescriptorUpdateAfterBindInputAttachments);
			COPY_PROP(p, &p12, maxDescriptorSetUpdateAfterBindInputAttachments);
			COPY_PROP(p, &p12, maxPerStageDescriptorUpdateAfterBindUniformBuffers);
			COPY_PROP(p, &p12, maxPerStageDescriptorUpdateAfterBindStorageBuffers);
			COPY_PROP(p, &p12, maxPerStageUpdateAfterBindResources);
			COPY_PROP(p, &p12, maxDescriptorSetUpdateAfterBindUniformBuffers);
			COPY_PROP(p, &p12, maxDescriptorSetUpdateAfterBindUniformBuffersDynamic);
			COPY_PROP(p, &p12, maxDescriptorSetUpdateAfterBindStorageBuffers);
			COPY_PROP(p, &p12, maxDescriptorSetUpdateAfterBindStorageBuffersDynamic);
			COPY_PROP(p, &p12, maxPerStageDescriptorUpdateAfterBindSamplers);
			COPY_PROP(p, &p12, maxPerStageDescriptorUpdateAfterBindSampledImages);
			COPY_PROP(p, &p12, maxPerStageDescriptorUpdateAfterBindStorageImages);
			COPY_PROP(p, &p12, maxDescriptorSetUpdateAfterBindSamplers);
			COPY_PROP(p, &p12, maxDescriptorSetUpdateAfterBindSampledImages);
			COPY_PROP(p, &p12, maxDescriptorSetUpdateAfterBindStorageImages);
			break;
		}
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_STENCIL_RESOLVE_PROPERTIES: {
			VkPhysicalDeviceDepthStencilResolveProperties *p = (void *)s;

			COPY_PROP(p, &p12, supportedDepthResolveModes);
			COPY_PROP(p, &p12, supportedStencilResolveModes);
			COPY_PROP(p, &p12, independentResolveNone);
			COPY_PROP(p, &p12, independentResolve);
			break;
		}
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_PROPERTIES:
			((VkPhysicalDeviceTimelineSemaphoreProperties *)s)
				->maxTimelineSemaphoreValueDifference =
				p12.maxTimelineSemaphoreValueDifference;
			break;
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES: {
			VkPhysicalDeviceSubgroupSizeControlProperties *p = (void *)s;

			COPY_PROP(p, &p13, minSubgroupSize);
			COPY_PROP(p, &p13, maxSubgroupSize);
			COPY_PROP(p, &p13, maxComputeWorkgroupSubgroups);
			COPY_PROP(p, &p13, requiredSubgroupSizeStages);
			break;
		}
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TEXEL_BUFFER_ALIGNMENT_PROPERTIES: {
			VkPhysicalDeviceTexelBufferAlignmentProperties *p = (void *)s;

			COPY_PROP(p, &p13, storageTexelBufferOffsetAlignmentBytes);
			COPY_PROP(p, &p13, storageTexelBufferOffsetSingleTexelAlignment);
			COPY_PROP(p, &p13, uniformTexelBufferOffsetAlignmentBytes);
			COPY_PROP(p, &p13, uniformTexelBufferOffsetSingleTexelAlignment);
			break;
		}
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INLINE_UNIFORM_BLOCK_PROPERTIES: {
			VkPhysicalDeviceInlineUniformBlockProperties *p = (void *)s;

			COPY_PROP(p, &p13, maxInlineUniformBlockSize);
			COPY_PROP(p, &p13, maxPerStageDescriptorInlineUniformBlocks);
			COPY_PROP(p, &p13, maxPerStageDescriptorUpdateAfterBindInlineUniformBlocks);
			COPY_PROP(p, &p13, maxDescriptorSetInlineUniformBlocks);
			COPY_PROP(p, &p13, maxDescriptorSetUpdateAfterBindInlineUniformBlocks);
			break;
		}
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PUSH_DESCRIPTOR_PROPERTIES_KHR:
			((VkPhysicalDevicePushDescriptorPropertiesKHR *)s)->maxPushDescriptors = 32;
			break;
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_PROPERTIES_EXT: {
			VkPhysicalDeviceRobustness2PropertiesEXT *p = (void *)s;

			p->robustStorageBufferAccessSizeAlignment = 4;
			p->robustUniformBufferAccessSizeAlignment = 4;
			break;
		}
		/*
		 * The contract's vertex bindings take any 32-bit divisor and
		 * count from first_instance (ember-hw.rst "Draws").
		 */
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_PROPERTIES_EXT:
			((VkPhysicalDeviceVertexAttributeDivisorPropertiesEXT *)s)
				->maxVertexAttribDivisor = UINT32_MAX;
			break;
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_PROPERTIES_KHR: {
			VkPhysicalDeviceVertexAttributeDivisorPropertiesKHR *p = (void *)s;

			p->maxVertexAttribDivisor = UINT32_MAX;
			p->supportsNonZeroFirstInstance = VK_TRUE;
			break;
		}
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROVOKING_VERTEX_PROPERTIES_EXT: {
			VkPhysicalDeviceProvokingVertexPropertiesEXT *p = (void *)s;

			/* Each draw's raster block has its own provoking_vertex. */
			p->provokingVertexModePerPipeline = VK_TRUE;
			p->transformFeedbackPreservesTriangleFanProvokingVertex = VK_FALSE;
			break;
		}
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_PROPERTIES_EXT:
			/* A dynamic topology stays in the pipeline's topology class. */
			((VkPhysicalDeviceExtendedDynamicState3PropertiesEXT *)s)->
				dynamicPrimitiveTopologyUnrestricted = VK_FALSE;
			break;
		case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_OBJECT_PROPERTIES_EXT: {
			VkPhysicalDeviceShaderObjectPropertiesEXT *p = (void *)s;

			/* Binaries are valid for one driver + compiler build. */
			memcpy(p->shaderBinaryUUID, pdev->cache_uuid, VK_UUID_SIZE);
			p->shaderBinaryVersion = 1;
			break;
		}
		default:
			break;
		}
	}
}

static const VkQueueFamilyProperties ember_queue_family = {
	.queueFlags = VK_QUEUE_COMPUTE_BIT | VK_QUEUE_TRANSFER_BIT,
	.queueCount = 0,	/* from the device */
	.timestampValidBits = 64,
	.minImageTransferGranularity = { 1, 1, 1 },
};

VKAPI_ATTR void VKAPI_CALL
ember_GetPhysicalDeviceQueueFamilyProperties(VkPhysicalDevice physicalDevice, uint32_t *pCount,
					     VkQueueFamilyProperties *pProperties)
{
	EMBER_FROM_HANDLE(ember_physical_device, pdev, physicalDevice);

	if (!pProperties) {
		*pCount = 1;
		return;
	}
	if (*pCount < 1)
		return;
	*pProperties = ember_queue_family;
	pProperties->queueCount = pdev->ws.info.max_queues;
	/* The device draws (contract 1.10): the one family does everything. */
	if (ember_physical_device_has_graphics(pdev))
		pProperties->queueFlags |= VK_QUEUE_GRAPHICS_BIT;
	*pCount = 1;
}

VKAPI_ATTR void VKAPI_CALL
ember_GetPhysicalDeviceQueueFamilyProperties2(VkPhysicalDevice physicalDevice, uint32_t *pCount,
					      VkQueueFamilyProperties2 *pProperties)
{
	if (!pProperties) {
		*pCount = 1;
		return;
	}
	if (*pCount < 1)
		return;
	ember_GetPhysicalDeviceQueueFamilyProperties(physicalDevice, pCount,
						     &pProperties->queueFamilyProperties);
	ember_foreach_struct_out(s, pProperties->pNext) {
		if (s->sType == VK_STRUCTURE_TYPE_QUEUE_FAMILY_GLOBAL_PRIORITY_PROPERTIES_KHR) {
			VkQueueFamilyGlobalPriorityPropertiesKHR *p = (void *)s;

			p->priorityCount = 3;
			p->priorities[0] = VK_QUEUE_GLOBAL_PRIORITY_LOW_KHR;
			p->priorities[1] = VK_QUEUE_GLOBAL_PRIORITY_MEDIUM_KHR;
			p->priorities[2] = VK_QUEUE_GLOBAL_PRIORITY_HIGH_KHR;
		}
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_GetPhysicalDeviceMemoryProperties(VkPhysicalDevice physicalDevice,
					VkPhysicalDeviceMemoryProperties *pProperties)
{
	EMBER_FROM_HANDLE(ember_physical_device, pdev, physicalDevice);

	*pProperties = (VkPhysicalDeviceMemoryProperties) {
		.memoryTypeCount = EMBER_MEMORY_TYPE_COUNT,
		.memoryTypes[0] = {
			.propertyFlags = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT |
					 VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
					 VK_MEMORY_PROPERTY_HOST_COHERENT_BIT |
					 VK_MEMORY_PROPERTY_HOST_CACHED_BIT,
			.heapIndex = 0,
		},
		.memoryHeapCount = 1,
		.memoryHeaps[0] = {
			.size = pdev->heap_size,
			.flags = VK_MEMORY_HEAP_DEVICE_LOCAL_BIT,
		},
	};
}

VKAPI_ATTR void VKAPI_CALL
ember_GetPhysicalDeviceMemoryProperties2(VkPhysicalDevice physicalDevice,
					 VkPhysicalDeviceMemoryProperties2 *pProperties)
{
	EMBER_FROM_HANDLE(ember_physical_device, pdev, physicalDevice);

	ember_GetPhysicalDeviceMemoryProperties(physicalDevice, &pProperties->memoryProperties);
	ember_foreach_struct_out(s, pProperties->pNext) {
		if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_BUDGET_PROPERTIES_EXT) {
			VkPhysicalDeviceMemoryBudgetPropertiesEXT *p = (void *)s;
			struct sysinfo si;
			uint64_t available = pdev->heap_size;

			memset(p->heapBudget, 0, sizeof(p->heapBudget));
			memset(p->heapUsage, 0, sizeof(p->heapUsage));
			/* What this process uses is what the rest of the system does not. */
			if (!sysinfo(&si)) {
				uint64_t total = (uint64_t)si.totalram * si.mem_unit;
				uint64_t free_mem = ((uint64_t)si.freeram + si.bufferram) * si.mem_unit;

				p->heapUsage[0] = total > free_mem ? EMBER_MIN(total - free_mem,
									       available) : 0;
				available = EMBER_MIN(available, free_mem + p->heapUsage[0]);
			}
			p->heapBudget[0] = available;
		}
	}
}

/* The DRM format modifiers of @format: TILED_4K first, the device's preferred. */
static uint32_t format_modifiers(struct ember_physical_device *pdev, VkFormat format,
				 uint64_t modifiers[2], VkFormatFeatureFlags2 features[2])
{
	uint32_t n = 0;

	const struct ember_image_format *f = ember_format_get(pdev, format);

	features[n] = ember_format_features(pdev, format, EMBER_FORMAT_OPTIMAL);
	/* Depth/stencil and BC formats have no DRM fourcc: no modifiers. */
	if (!features[n] || ember_format_aspects(f) != VK_IMAGE_ASPECT_COLOR_BIT ||
	    (f->usage & EMBER_IMAGE_FMT_BC))
		return 0;
	modifiers[n++] = EMBER_FORMAT_MOD_TILED_4K;
	features[n] = ember_format_features(pdev, format, EMBER_FORMAT_LINEAR);
	if (features[n])
		modifiers[n++] = 0;	/* DRM_FORMAT_MOD_LINEAR */
	return n;
}

static void fill_modifier_list(struct ember_physical_device *pdev, VkFormat format,
			       VkBaseOutStructure *s)
{
	uint64_t modifiers[2];
	VkFormatFeatureFlags2 features[2];
	uint32_t n = format_modifiers(pdev, format, modifiers, features), written = 0;
	int incomplete = 0;

	if (s->sType == VK_STRUCTURE_TYPE_DRM_FORMAT_MODIFIER_PROPERTIES_LIST_EXT) {
		VkDrmFormatModifierPropertiesListEXT *list = (void *)s;
		uint32_t capacity = list->drmFormatModifierCount;

		for (uint32_t i = 0; i < n; i++) {
			VkDrmFormatModifierPropertiesEXT p = {
				.drmFormatModifier = modifiers[i],
				.drmFormatModifierPlaneCount = 1,
				.drmFormatModifierTilingFeatures = (VkFormatFeatureFlags)
					(features[i] & ~(VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT |
							 VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT)),
			};

			if (!list->pDrmFormatModifierProperties)
				written++;
			else
				EMBER_OUTARRAY_APPEND(list->pDrmFormatModifierProperties, incomplete,
						      capacity, written, p);
		}
		list->drmFormatModifierCount = written;
	} else {
		VkDrmFormatModifierPropertiesList2EXT *list = (void *)s;
		uint32_t capacity = list->drmFormatModifierCount;

		for (uint32_t i = 0; i < n; i++) {
			VkDrmFormatModifierProperties2EXT p = {
				.drmFormatModifier = modifiers[i],
				.drmFormatModifierPlaneCount = 1,
				.drmFormatModifierTilingFeatures = features[i],
			};

			if (!list->pDrmFormatModifierProperties)
				written++;
			else
				EMBER_OUTARRAY_APPEND(list->pDrmFormatModifierProperties, incomplete,
						      capacity, written, p);
		}
		list->drmFormatModifierCount = written;
	}
	(void)incomplete;	/* a short array is just filled: the query returns nothing */
}

VKAPI_ATTR void VKAPI_CALL
ember_GetPhysicalDeviceFormatProperties(VkPhysicalDevice physicalDevice, VkFormat format,
					VkFormatProperties *pFormatProperties)
{
	EMBER_FROM_HANDLE(ember_physical_device, pdev, physicalDevice);

	/* The legacy flags: all but the ...WITHOUT_FORMAT bits, which only flags2 has. */
	const VkFormatFeatureFlags2 only2 = VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT |
					    VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT;

	*pFormatProperties = (VkFormatProperties) {
		.linearTilingFeatures = (VkFormatFeatureFlags)
			(ember_format_features(pdev, format, EMBER_FORMAT_LINEAR) & ~only2),
		.optimalTilingFeatures = (VkFormatFeatureFlags)
			(ember_format_features(pdev, format, EMBER_FORMAT_OPTIMAL) & ~only2),
		.bufferFeatures = (VkFormatFeatureFlags)
			(ember_format_features(pdev, format, EMBER_FORMAT_BUFFER) & ~only2),
	};
}

VKAPI_ATTR void VKAPI_CALL
ember_GetPhysicalDeviceFormatProperties2(VkPhysicalDevice physicalDevice, VkFormat format,
					 VkFormatProperties2 *pFormatProperties)
{
	EMBER_FROM_HANDLE(ember_physical_device, pdev, physicalDevice);

	ember_GetPhysicalDeviceFormatProperties(physicalDevice, format,
						&pFormatProperties->formatProperties);
	ember_foreach_struct_out(s, pFormatProperties->pNext) {
		switch (s->sType) {
		case VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3: {
			VkFormatProperties3 *p = (void *)s;

			p->linearTilingFeatures = ember_format_features(pdev, format,
									EMBER_FORMAT_LINEAR);
			p->optimalTilingFeatures = ember_format_features(pdev, format,
									 EMBER_FORMAT_OPTIMAL);
			p->bufferFeatures = ember_format_features(pdev, format, EMBER_FORMAT_BUFFER);
			break;
		}
		case VK_STRUCTURE_TYPE_DRM_FORMAT_MODIFIER_PROPERTIES_LIST_EXT:
		case VK_STRUCTURE_TYPE_DRM_FORMAT_MODIFIER_PROPERTIES_LIST_2_EXT:
			fill_modifier_list(pdev, format, s);
			break;
		default:
			break;
		}
	}
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetPhysicalDeviceImageFormatProperties(VkPhysicalDevice physicalDevice, VkFormat format,
					     VkImageType type, VkImageTiling tiling,
					     VkImageUsageFlags usage, VkImageCreateFlags flags,
					     VkImageFormatProperties *pImageFormatProperties)
{
	const VkPhysicalDeviceImageFormatInfo2 info = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_FORMAT_INFO_2,
		.format = format, .type = type, .tiling = tiling, .usage = usage, .flags = flags,
	};
	VkImageFormatProperties2 props = { .sType = VK_STRUCTURE_TYPE_IMAGE_FORMAT_PROPERTIES_2 };
	VkResult result = ember_GetPhysicalDeviceImageFormatProperties2(physicalDevice, &info,
									  &props);

	*pImageFormatProperties = props.imageFormatProperties;
	return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetPhysicalDeviceImageFormatProperties2(VkPhysicalDevice physicalDevice,
					      const VkPhysicalDeviceImageFormatInfo2 *pInfo,
					      VkImageFormatProperties2 *pProperties)
{
	EMBER_FROM_HANDLE(ember_physical_device, pdev, physicalDevice);
	const VkPhysicalDeviceExternalImageFormatInfo *external =
		ember_find_struct(pInfo->pNext,
				  VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_IMAGE_FORMAT_INFO);
	const VkPhysicalDeviceImageDrmFormatModifierInfoEXT *modifier =
		ember_find_struct(pInfo->pNext,
				  VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_DRM_FORMAT_MODIFIER_INFO_EXT);
	const VkImageFormatListCreateInfo *list =
		ember_find_struct(pInfo->pNext, VK_STRUCTURE_TYPE_IMAGE_FORMAT_LIST_CREATE_INFO);
	const VkImageStencilUsageCreateInfo *stencil =
		ember_find_struct(pInfo->pNext, VK_STRUCTURE_TYPE_IMAGE_STENCIL_USAGE_CREATE_INFO);
	struct ember_image_query q = {
		.format = pInfo->format, .type = pInfo->type, .tiling = pInfo->tiling,
		.usage = pInfo->usage | (stencil ? stencil->stencilUsage : 0),
		.flags = pInfo->flags,
		.modifier = modifier ? modifier->drmFormatModifier : 0,
		.view_formats = list ? list->pViewFormats : NULL,
		.view_format_count = list ? list->viewFormatCount : 0,
	};
	VkResult result;

	pProperties->imageFormatProperties = (VkImageFormatProperties) { 0 };
	result = ember_image_format_support(pdev, &q, &pProperties->imageFormatProperties);
	if (result == VK_SUCCESS && external && external->handleType &&
	    external->handleType != VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT &&
	    external->handleType != VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT)
		result = ember_error(VK_ERROR_FORMAT_NOT_SUPPORTED, "external handle type %#x",
				     external->handleType);
	if (result != VK_SUCCESS) {
		pProperties->imageFormatProperties = (VkImageFormatProperties) { 0 };
		return result;
	}
	ember_foreach_struct_out(s, pProperties->pNext) {
		if (s->sType == VK_STRUCTURE_TYPE_EXTERNAL_IMAGE_FORMAT_PROPERTIES && external &&
		    external->handleType) {
			VkExternalImageFormatProperties *p = (void *)s;

			p->externalMemoryProperties = (VkExternalMemoryProperties) {
				.externalMemoryFeatures = VK_EXTERNAL_MEMORY_FEATURE_EXPORTABLE_BIT |
							  VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT,
				.exportFromImportedHandleTypes =
					VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT |
					VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT,
				.compatibleHandleTypes =
					VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT |
					VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT,
			};
		}
	}
	return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
ember_GetPhysicalDeviceSparseImageFormatProperties(VkPhysicalDevice physicalDevice,
						   VkFormat format, VkImageType type,
						   VkSampleCountFlagBits samples,
						   VkImageUsageFlags usage, VkImageTiling tiling,
						   uint32_t *pPropertyCount,
						   VkSparseImageFormatProperties *pProperties)
{
	*pPropertyCount = 0;
}

VKAPI_ATTR void VKAPI_CALL
ember_GetPhysicalDeviceSparseImageFormatProperties2(
	VkPhysicalDevice physicalDevice, const VkPhysicalDeviceSparseImageFormatInfo2 *pFormatInfo,
	uint32_t *pPropertyCount, VkSparseImageFormatProperties2 *pProperties)
{
	*pPropertyCount = 0;
}

VKAPI_ATTR void VKAPI_CALL
ember_GetPhysicalDeviceExternalBufferProperties(
	VkPhysicalDevice physicalDevice, const VkPhysicalDeviceExternalBufferInfo *pInfo,
	VkExternalBufferProperties *pProperties)
{
	const VkExternalMemoryHandleTypeFlags types =
		VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT |
		VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT;
	VkExternalMemoryProperties *p = &pProperties->externalMemoryProperties;

	if (pInfo->handleType & types) {
		p->externalMemoryFeatures = VK_EXTERNAL_MEMORY_FEATURE_EXPORTABLE_BIT |
					    VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT;
		p->exportFromImportedHandleTypes = types;
		p->compatibleHandleTypes = types;
	} else {
		*p = (VkExternalMemoryProperties) { 0 };
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_GetPhysicalDeviceExternalSemaphoreProperties(
	VkPhysicalDevice physicalDevice, const VkPhysicalDeviceExternalSemaphoreInfo *pInfo,
	VkExternalSemaphoreProperties *pProperties)
{
	const VkSemaphoreTypeCreateInfo *type =
		ember_find_struct(pInfo->pNext, VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO);
	bool timeline = type && type->semaphoreType == VK_SEMAPHORE_TYPE_TIMELINE;
	VkExternalSemaphoreHandleTypeFlags types = VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT;

	/* A sync_file holds one fence: binary semaphores only. */
	if (!timeline)
		types |= VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_SYNC_FD_BIT;
	if (pInfo->handleType & types) {
		pProperties->exportFromImportedHandleTypes = types;
		pProperties->compatibleHandleTypes = pInfo->handleType;
		pProperties->externalSemaphoreFeatures =
			VK_EXTERNAL_SEMAPHORE_FEATURE_EXPORTABLE_BIT |
			VK_EXTERNAL_SEMAPHORE_FEATURE_IMPORTABLE_BIT;
	} else {
		pProperties->exportFromImportedHandleTypes = 0;
		pProperties->compatibleHandleTypes = 0;
		pProperties->externalSemaphoreFeatures = 0;
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_GetPhysicalDeviceExternalFenceProperties(VkPhysicalDevice physicalDevice,
					       const VkPhysicalDeviceExternalFenceInfo *pInfo,
					       VkExternalFenceProperties *pProperties)
{
	const VkExternalFenceHandleTypeFlags types = VK_EXTERNAL_FENCE_HANDLE_TYPE_OPAQUE_FD_BIT |
						     VK_EXTERNAL_FENCE_HANDLE_TYPE_SYNC_FD_BIT;

	if (pInfo->handleType & types) {
		pProperties->exportFromImportedHandleTypes = types;
		pProperties->compatibleHandleTypes = pInfo->handleType;
		pProperties->externalFenceFeatures = VK_EXTERNAL_FENCE_FEATURE_EXPORTABLE_BIT |
						     VK_EXTERNAL_FENCE_FEATURE_IMPORTABLE_BIT;
	} else {
		pProperties->exportFromImportedHandleTypes = 0;
		pProperties->compatibleHandleTypes = 0;
		pProperties->externalFenceFeatures = 0;
	}
}
