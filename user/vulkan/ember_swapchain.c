/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: VK_KHR_swapchain on a headless surface
 *
 * A swapchain is its images, each an ordinary Ember image (the create
 * info's format, extent, usage and sharing) with memory of its own, and a
 * binary semaphore of the driver's, "presented", per image.
 *
 * Present: one submission on the presenting queue that waits for the
 * present's semaphores and signals the presented semaphore of every image
 * it presents. Nothing is shown; when those waits are done (and the
 * queue's earlier work, which a queue runs in order), the image is the
 * presentation engine's no longer. Every present succeeds: a headless
 * surface never changes, so a swapchain is never out of date or
 * suboptimal.
 *
 * Acquire: the image presented longest ago whose presented semaphore has
 * signalled (an image never presented first). The host waits for it, up
 * to the timeout, so an image is never handed out again before the GPU
 * work its last present waited for is done; then the acquire's semaphore
 * and fence are signalled from the host. With every image held by the
 * application nothing can free one (swapchains are externally
 * synchronised): a zero timeout is VK_NOT_READY, another one VK_TIMEOUT
 * once it has passed, and an infinite one the application's error.
 *
 * oldSwapchain is retired: acquiring from it is the application's error
 * (VK_ERROR_OUT_OF_DATE_KHR here); images it already acquired may still be
 * presented, and it is destroyed as usual.
 */

#include "ember_device.h"
#include "ember_device_memory.h"
#include "ember_image.h"
#include "ember_queue.h"
#include "ember_sync.h"
#include "ember_wsi.h"

#include <errno.h>
#include <string.h>
#include <time.h>

enum swapchain_image_state {
	SWAPCHAIN_IMAGE_IDLE,		/* never presented: free */
	SWAPCHAIN_IMAGE_ACQUIRED,	/* the application's */
	SWAPCHAIN_IMAGE_PRESENTED,	/* free once @presented signals */
};

/**
 * struct swapchain_image - One presentable image.
 * @image, @memory: the image and its own memory.
 * @presented: signalled by the present's submission (driver-internal).
 * @state: whose the image is.
 * @present_order: the swapchain's present count when it was presented.
 */
struct swapchain_image {
	VkImage image;
	VkDeviceMemory memory;
	VkSemaphore presented;
	enum swapchain_image_state state;
	uint64_t present_order;
};

/**
 * struct ember_swapchain - A VkSwapchainKHR.
 * @retired: an oldSwapchain of a later vkCreateSwapchainKHR.
 * @presents: presents so far (orders the images for acquisition).
 * @image_count, @images: the presentable images.
 */
struct ember_swapchain {
	struct ember_object base;
	bool retired;
	uint64_t presents;
	uint32_t image_count;
	struct swapchain_image images[];
};

EMBER_DEFINE_HANDLE_CASTS(ember_swapchain, base, VkSwapchainKHR, VK_OBJECT_TYPE_SWAPCHAIN_KHR)

struct ember_device_memory *ember_swapchain_image_memory(VkSwapchainKHR _swapchain, uint32_t index)
{
	EMBER_FROM_HANDLE(ember_swapchain, swapchain, _swapchain);

	return ember_device_memory_from_handle(swapchain->images[index].memory);
}

static uint32_t swapchain_syncobj(const struct swapchain_image *img)
{
	return ember_semaphore_syncobj(ember_semaphore_from_handle(img->presented));
}

/*
 * Waits until no present of @swapchain is pending: the presented
 * semaphores are about to go, and a held-back submission would still
 * signal them.
 */
static void swapchain_wait_presents(struct ember_device *device, struct ember_swapchain *swapchain)
{
	for (uint32_t i = 0; i < swapchain->image_count; i++) {
		uint32_t handle;

		if (swapchain->images[i].state != SWAPCHAIN_IMAGE_PRESENTED)
			continue;
		handle = swapchain_syncobj(&swapchain->images[i]);
		ember_sync_wait(device, &handle, NULL, 1, INT64_MAX, true);
	}
}

static void swapchain_destroy(struct ember_device *device, struct ember_swapchain *swapchain,
			      const VkAllocationCallbacks *alloc)
{
	VkDevice _device = ember_device_to_handle(device);

	swapchain_wait_presents(device, swapchain);
	for (uint32_t i = 0; i < swapchain->image_count; i++) {
		struct swapchain_image *img = &swapchain->images[i];

		ember_DestroySemaphore(_device, img->presented, alloc);
		ember_DestroyImage(_device, img->image, alloc);
		ember_FreeMemory(_device, img->memory, alloc);
	}
	ember_object_free(device, alloc, swapchain);
}

/* Image @img of a swapchain made by @info, with its memory and semaphore. */
static VkResult swapchain_image_init(struct ember_device *device,
				     const VkSwapchainCreateInfoKHR *info,
				     const VkAllocationCallbacks *alloc,
				     struct swapchain_image *img)
{
	VkDevice _device = ember_device_to_handle(device);
	const VkImageCreateInfo image_info = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
		.imageType = VK_IMAGE_TYPE_2D,
		.format = info->imageFormat,
		.extent = { info->imageExtent.width, info->imageExtent.height, 1 },
		.mipLevels = 1,
		.arrayLayers = info->imageArrayLayers,
		.samples = VK_SAMPLE_COUNT_1_BIT,
		.tiling = VK_IMAGE_TILING_OPTIMAL,
		.usage = info->imageUsage,
		.sharingMode = info->imageSharingMode,
		.queueFamilyIndexCount = info->imageSharingMode == VK_SHARING_MODE_CONCURRENT ?
					 info->queueFamilyIndexCount : 0,
		.pQueueFamilyIndices = info->pQueueFamilyIndices,
		.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
	};
	const VkSemaphoreCreateInfo semaphore_info = {
		.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO,
	};
	VkMemoryRequirements reqs;
	VkResult result;

	result = ember_CreateImage(_device, &image_info, alloc, &img->image);
	if (result == VK_ERROR_FORMAT_NOT_SUPPORTED)
		return ember_error(VK_ERROR_INITIALIZATION_FAILED,
				   "no image of format %d, usage %#x", info->imageFormat,
				   info->imageUsage);
	if (result != VK_SUCCESS)
		return result;
	ember_GetImageMemoryRequirements(_device, img->image, &reqs);
	const VkMemoryAllocateInfo memory_info = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
		.allocationSize = reqs.size,
		.memoryTypeIndex = (uint32_t)__builtin_ctz(reqs.memoryTypeBits),
	};

	result = ember_AllocateMemory(_device, &memory_info, alloc, &img->memory);
	if (result != VK_SUCCESS)
		return result;
	result = ember_BindImageMemory(_device, img->image, img->memory, 0);
	if (result != VK_SUCCESS)
		return result;
	return ember_CreateSemaphore(_device, &semaphore_info, alloc, &img->presented);
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateSwapchainKHR(VkDevice _device, const VkSwapchainCreateInfoKHR *pCreateInfo,
			 const VkAllocationCallbacks *pAllocator, VkSwapchainKHR *pSwapchain)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_swapchain, old, pCreateInfo->oldSwapchain);
	/* No device groups of several GPUs, no protected memory. */
	const VkSwapchainCreateFlagsKHR unsupported =
		VK_SWAPCHAIN_CREATE_SPLIT_INSTANCE_BIND_REGIONS_BIT_KHR |
		VK_SWAPCHAIN_CREATE_PROTECTED_BIT_KHR;
	struct ember_swapchain *swapchain;
	VkResult result;

	/* Retired even when the new one cannot be made. */
	if (old)
		old->retired = true;
	if (!ember_wsi_headless_surface(pCreateInfo->surface))
		return ember_error(VK_ERROR_SURFACE_LOST_KHR, "not a headless surface");
	if (pCreateInfo->flags & unsupported)
		return ember_error(VK_ERROR_INITIALIZATION_FAILED, "swapchain flags %#x",
				   pCreateInfo->flags);
	swapchain = ember_object_alloc(device, pAllocator,
				       sizeof(*swapchain) +
				       pCreateInfo->minImageCount * sizeof(swapchain->images[0]),
				       VK_OBJECT_TYPE_SWAPCHAIN_KHR);
	if (!swapchain)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "swapchain");
	/* minImageCount is what the application asks for; Ember makes exactly that many. */
	swapchain->image_count = pCreateInfo->minImageCount;
	for (uint32_t i = 0; i < swapchain->image_count; i++) {
		result = swapchain_image_init(device, pCreateInfo, pAllocator,
					      &swapchain->images[i]);
		if (result != VK_SUCCESS) {
			swapchain_destroy(device, swapchain, pAllocator);
			return result;
		}
	}
	*pSwapchain = ember_swapchain_to_handle(swapchain);
	return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroySwapchainKHR(VkDevice _device, VkSwapchainKHR _swapchain,
			  const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_swapchain, swapchain, _swapchain);

	if (swapchain)
		swapchain_destroy(device, swapchain, pAllocator);
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetSwapchainImagesKHR(VkDevice _device, VkSwapchainKHR _swapchain,
			    uint32_t *pSwapchainImageCount, VkImage *pSwapchainImages)
{
	EMBER_FROM_HANDLE(ember_swapchain, swapchain, _swapchain);
	uint32_t capacity = *pSwapchainImageCount, written = 0;
	int incomplete = 0;

	for (uint32_t i = 0; i < swapchain->image_count; i++)
		EMBER_OUTARRAY_APPEND(pSwapchainImages, incomplete, capacity, written,
				      swapchain->images[i].image);
	*pSwapchainImageCount = written;
	return incomplete ? VK_INCOMPLETE : VK_SUCCESS;
}

/*
 * The free image presented longest ago (never presented first), polling
 * without blocking; -1 when every image not held by the application still
 * waits for its present.
 */
static int swapchain_find_free(struct ember_device *device, struct ember_swapchain *swapchain)
{
	int best = -1;

	for (uint32_t i = 0; i < swapchain->image_count; i++) {
		struct swapchain_image *img = &swapchain->images[i];
		uint32_t handle;

		if (img->state == SWAPCHAIN_IMAGE_ACQUIRED)
			continue;
		if (best >= 0 && swapchain->images[best].present_order <= img->present_order)
			continue;
		handle = swapchain_syncobj(img);
		if (img->state == SWAPCHAIN_IMAGE_PRESENTED &&
		    ember_ws_syncobj_wait(&device->ws, &handle, NULL, 1, 0, true, false, NULL))
			continue;
		best = (int)i;
	}
	return best;
}

/* Sleeps until @abs_timeout (CLOCK_MONOTONIC ns). */
static void sleep_until(int64_t abs_timeout)
{
	struct timespec ts = {
		.tv_sec = abs_timeout / 1000000000,
		.tv_nsec = abs_timeout % 1000000000,
	};

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

/* Waits for one of the images the application does not hold to be free. */
static VkResult swapchain_wait_free(struct ember_device *device, struct ember_swapchain *swapchain,
				    uint64_t timeout)
{
	int64_t abs_timeout = ember_ws_abs_timeout(timeout);
	uint32_t handles[EMBER_WS_MAX_SYNCS];
	uint32_t count = 0;

	/* Up to 64 of the pending presents: any one signalling frees an image. */
	for (uint32_t i = 0; i < swapchain->image_count && count < EMBER_WS_MAX_SYNCS; i++)
		if (swapchain->images[i].state == SWAPCHAIN_IMAGE_PRESENTED)
			handles[count++] = swapchain_syncobj(&swapchain->images[i]);
	if (count)
		return ember_sync_wait(device, handles, NULL, count, abs_timeout, false);
	if (timeout == UINT64_MAX)
		return ember_error(VK_ERROR_VALIDATION_FAILED_EXT,
				   "every image is acquired: an infinite wait would never end");
	sleep_until(abs_timeout);
	return VK_TIMEOUT;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_AcquireNextImage2KHR(VkDevice _device, const VkAcquireNextImageInfoKHR *pAcquireInfo,
			   uint32_t *pImageIndex)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_swapchain, swapchain, pAcquireInfo->swapchain);
	EMBER_FROM_HANDLE(ember_semaphore, semaphore, pAcquireInfo->semaphore);
	EMBER_FROM_HANDLE(ember_fence, fence, pAcquireInfo->fence);
	uint32_t handles[2], count = 0;
	VkResult result;
	int index;
	int ret;

	if (ember_device_is_lost(device))
		return VK_ERROR_DEVICE_LOST;
	if (swapchain->retired)
		return ember_error(VK_ERROR_OUT_OF_DATE_KHR, "acquire from a retired swapchain");
	while ((index = swapchain_find_free(device, swapchain)) < 0) {
		if (!pAcquireInfo->timeout)
			return VK_NOT_READY;
		result = swapchain_wait_free(device, swapchain, pAcquireInfo->timeout);
		if (result != VK_SUCCESS)
			return result;
	}
	if (semaphore)
		handles[count++] = ember_semaphore_syncobj(semaphore);
	if (fence)
		handles[count++] = ember_fence_syncobj(fence);
	ret = ember_ws_syncobj_signal(&device->ws, handles, NULL, count);
	if (ret == -ENOMEM)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "SYNCOBJ_SIGNAL");
	if (ret)
		return ember_device_set_lost(device, "SYNCOBJ_SIGNAL failed");
	swapchain->images[index].state = SWAPCHAIN_IMAGE_ACQUIRED;
	*pImageIndex = (uint32_t)index;
	return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_AcquireNextImageKHR(VkDevice device, VkSwapchainKHR swapchain, uint64_t timeout,
			  VkSemaphore semaphore, VkFence fence, uint32_t *pImageIndex)
{
	const VkAcquireNextImageInfoKHR info = {
		.sType = VK_STRUCTURE_TYPE_ACQUIRE_NEXT_IMAGE_INFO_KHR,
		.swapchain = swapchain,
		.timeout = timeout,
		.semaphore = semaphore,
		.fence = fence,
		.deviceMask = 1,
	};

	return ember_AcquireNextImage2KHR(device, &info, pImageIndex);
}

#define PRESENT_STACK	8

VKAPI_ATTR VkResult VKAPI_CALL
ember_QueuePresentKHR(VkQueue _queue, const VkPresentInfoKHR *pPresentInfo)
{
	EMBER_FROM_HANDLE(ember_queue, queue, _queue);
	struct ember_device *device = queue->device;
	uint32_t n = pPresentInfo->swapchainCount, nw = pPresentInfo->waitSemaphoreCount;
	VkSemaphoreSubmitInfo stack_infos[PRESENT_STACK], *infos = stack_infos;
	uint32_t stack_handles[PRESENT_STACK], *handles = stack_handles;
	VkResult result;
	int ret;

	if (n + nw > PRESENT_STACK) {
		infos = ember_alloc(&device->alloc, (n + nw) * (sizeof(*infos) + sizeof(*handles)),
				    8, VK_SYSTEM_ALLOCATION_SCOPE_COMMAND);
		if (!infos)
			return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "present");
		handles = (uint32_t *)(infos + n + nw);
	}
	for (uint32_t i = 0; i < nw; i++)
		infos[i] = (VkSemaphoreSubmitInfo) {
			.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
			.semaphore = pPresentInfo->pWaitSemaphores[i],
			.stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
		};
	for (uint32_t i = 0; i < n; i++) {
		EMBER_FROM_HANDLE(ember_swapchain, swapchain, pPresentInfo->pSwapchains[i]);
		struct swapchain_image *img = &swapchain->images[pPresentInfo->pImageIndices[i]];

		infos[nw + i] = (VkSemaphoreSubmitInfo) {
			.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
			.semaphore = img->presented,
			.stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
		};
		handles[i] = swapchain_syncobj(img);
	}
	/*
	 * The last present's fence goes: until the submission below has a
	 * fence (the queue may hold it back), the image reads as not free.
	 */
	ret = ember_ws_syncobj_reset(&device->ws, handles, n);
	const VkSubmitInfo2 submit = {
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2,
		.waitSemaphoreInfoCount = nw,
		.pWaitSemaphoreInfos = infos,
		.signalSemaphoreInfoCount = n,
		.pSignalSemaphoreInfos = infos + nw,
	};

	if (ret)
		result = ember_device_set_lost(device, "SYNCOBJ_RESET failed");
	else
		result = ember_QueueSubmit2(_queue, 1, &submit, VK_NULL_HANDLE);
	for (uint32_t i = 0; i < n; i++) {
		EMBER_FROM_HANDLE(ember_swapchain, swapchain, pPresentInfo->pSwapchains[i]);
		struct swapchain_image *img = &swapchain->images[pPresentInfo->pImageIndices[i]];

		/* A present that failed pends nothing: its image is free at once. */
		img->state = result == VK_SUCCESS ? SWAPCHAIN_IMAGE_PRESENTED :
			     SWAPCHAIN_IMAGE_IDLE;
		img->present_order = ++swapchain->presents;
		if (pPresentInfo->pResults)
			pPresentInfo->pResults[i] = result;
	}
	if (infos != stack_infos)
		ember_free(&device->alloc, infos);
	return result;
}
