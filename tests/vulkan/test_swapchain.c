/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Headless surfaces and swapchains (VK_EXT_headless_surface, VK_KHR_swapchain)
 *
 * What an application without a display sees: the surface queries
 * (support, capabilities, formats, present modes, the device-group
 * queries Vulkan 1.1 adds with swapchains), swapchain creation and
 * re-creation over a retired one, acquiring every image, the timeouts of
 * an acquire while the application holds every image (zero: VK_NOT_READY),
 * presents that wait for semaphores, and an image's texels after a
 * present and a new acquire, read back with a copy.
 *
 * A swapchain image must allow colour-attachment use
 * (VkSurfaceCapabilitiesKHR); a device without a graphics queue cannot
 * render, and its swapchain images are transfer destinations instead,
 * which is what these tests write them with.
 */

#include "vk_test.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *const wsi_instance_extensions[] = {
	VK_KHR_SURFACE_EXTENSION_NAME, VK_EXT_HEADLESS_SURFACE_EXTENSION_NAME,
};
static const char *const wsi_device_extensions[] = { VK_KHR_SWAPCHAIN_EXTENSION_NAME };

/* A device and a headless surface, with what the surface offers. */
struct wsi {
	struct vk_dev dev;
	VkSurfaceKHR surface;
	VkSurfaceCapabilitiesKHR caps;
	VkSurfaceFormatKHR format;	/* the first the surface lists */
	VkImageUsageFlags usage;	/* what the tests use images for */
};

static void wsi_create_with(struct wsi *w, const struct vk_dev_options *options)
{
	const VkHeadlessSurfaceCreateInfoEXT info = {
		.sType = VK_STRUCTURE_TYPE_HEADLESS_SURFACE_CREATE_INFO_EXT,
	};
	PFN_vkCreateHeadlessSurfaceEXT create;
	VkSurfaceFormatKHR formats[16];
	uint32_t count = 16;
	VkBool32 supported = VK_FALSE;

	memset(w, 0, sizeof(*w));
	vk_dev_create(&w->dev, options);
	create = (PFN_vkCreateHeadlessSurfaceEXT)
		vkGetInstanceProcAddr(w->dev.instance, "vkCreateHeadlessSurfaceEXT");
	REQUIRE(create);
	VK_CHECK(create(w->dev.instance, &info, NULL, &w->surface));
	VK_CHECK(vkGetPhysicalDeviceSurfaceSupportKHR(w->dev.physical, w->dev.family, w->surface,
						      &supported));
	REQUIRE(supported);
	VK_CHECK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(w->dev.physical, w->surface, &w->caps));
	VK_CHECK(vkGetPhysicalDeviceSurfaceFormatsKHR(w->dev.physical, w->surface, &count,
						      formats));
	REQUIRE(count > 0);
	w->format = formats[0];
	w->usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
	if ((w->caps.supportedUsageFlags & w->usage) != w->usage)
		vk_test_skip("swapchain images are not transfer sources and destinations");
}

static void wsi_create(struct wsi *w)
{
	const struct vk_dev_options options = {
		.instance_extensions = wsi_instance_extensions,
		.instance_extension_count = 2,
		.extensions = wsi_device_extensions,
		.extension_count = 1,
	};

	wsi_create_with(w, &options);
}

static void wsi_destroy(struct wsi *w)
{
	vkDeviceWaitIdle(w->dev.device);
	vkDestroySurfaceKHR(w->dev.instance, w->surface, NULL);
	vk_dev_destroy(&w->dev);
}

static VkSwapchainKHR swapchain_create(struct wsi *w, uint32_t images, VkExtent2D extent,
				       VkPresentModeKHR mode, VkSwapchainKHR old)
{
	const VkSwapchainCreateInfoKHR info = {
		.sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR,
		.surface = w->surface,
		.minImageCount = images,
		.imageFormat = w->format.format,
		.imageColorSpace = w->format.colorSpace,
		.imageExtent = extent,
		.imageArrayLayers = 1,
		.imageUsage = w->usage,
		.imageSharingMode = VK_SHARING_MODE_EXCLUSIVE,
		.preTransform = VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR,
		.compositeAlpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR,
		.presentMode = mode,
		.clipped = VK_TRUE,
		.oldSwapchain = old,
	};
	VkSwapchainKHR swapchain;

	VK_CHECK(vkCreateSwapchainKHR(w->dev.device, &info, NULL, &swapchain));
	return swapchain;
}

static uint32_t swapchain_images(struct wsi *w, VkSwapchainKHR swapchain, VkImage *images,
				 uint32_t capacity)
{
	uint32_t count = 0;

	VK_CHECK(vkGetSwapchainImagesKHR(w->dev.device, swapchain, &count, NULL));
	REQUIRE(count <= capacity);
	VK_CHECK(vkGetSwapchainImagesKHR(w->dev.device, swapchain, &count, images));
	return count;
}

static VkFence fence_create(struct wsi *w)
{
	const VkFenceCreateInfo info = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
	VkFence fence;

	VK_CHECK(vkCreateFence(w->dev.device, &info, NULL, &fence));
	return fence;
}

static VkSemaphore semaphore_create(struct wsi *w)
{
	const VkSemaphoreCreateInfo info = { .sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO };
	VkSemaphore semaphore;

	VK_CHECK(vkCreateSemaphore(w->dev.device, &info, NULL, &semaphore));
	return semaphore;
}

/* Acquires with a fence and waits for it. */
static uint32_t acquire_wait(struct wsi *w, VkSwapchainKHR swapchain)
{
	VkFence fence = fence_create(w);
	uint32_t index = UINT32_MAX;

	VK_CHECK(vkAcquireNextImageKHR(w->dev.device, swapchain, 5000000000ull, VK_NULL_HANDLE,
				       fence, &index));
	VK_CHECK(vkWaitForFences(w->dev.device, 1, &fence, VK_TRUE, 5000000000ull));
	vkDestroyFence(w->dev.device, fence, NULL);
	return index;
}

static void barrier(VkCommandBuffer cmd, VkImage image, VkImageLayout from, VkImageLayout to)
{
	const VkImageMemoryBarrier b = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
		.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
		.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
		.oldLayout = from,
		.newLayout = to,
		.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
		.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
		.image = image,
		.subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 },
	};

	vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
			     VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0,
			     0, NULL, 0, NULL, 1, &b);
}

/* The colour image @index is cleared to: distinct per image, exact in 8 bits. */
static VkClearColorValue image_colour(uint32_t index)
{
	VkClearColorValue c = { .float32 = {
		(float)(index + 1) / 16.0f, 0.25f, 1.0f - (float)index / 16.0f, 1.0f,
	} };

	return c;
}

/* Its bytes in @format (UNORM or SRGB of RGBA8 or BGRA8; SRGB encodes). */
static int channel_byte(float v, bool srgb)
{
	if (srgb)
		v = v <= 0.0031308f ? v * 12.92f : 1.055f * powf(v, 1.0f / 2.4f) - 0.055f;
	return (int)(v * 255.0f + 0.5f);
}

VK_TEST(swapchain_surface_queries, "swapchain-headless-surface-queries")
{
	struct wsi w;
	VkSurfaceFormatKHR formats[16];
	VkPresentModeKHR modes[16];
	VkQueueFamilyProperties families[8];
	uint32_t count = 1, family_count = 8, full;
	bool fifo = false, graphics = false;

	wsi_create(&w);
	/* Capabilities: the specification's rules for any surface. */
	REQUIRE(w.caps.minImageCount >= 1);
	REQUIRE(!w.caps.maxImageCount || w.caps.maxImageCount >= w.caps.minImageCount);
	REQUIRE(w.caps.maxImageArrayLayers >= 1);
	REQUIRE(w.caps.supportedTransforms & w.caps.currentTransform);
	REQUIRE(w.caps.supportedCompositeAlpha);
	REQUIRE(w.caps.minImageExtent.width <= w.caps.maxImageExtent.width);
	REQUIRE(w.caps.minImageExtent.height <= w.caps.maxImageExtent.height);
	if (w.caps.currentExtent.width != 0xFFFFFFFFu) {
		REQUIRE(w.caps.currentExtent.width >= w.caps.minImageExtent.width);
		REQUIRE(w.caps.currentExtent.width <= w.caps.maxImageExtent.width);
	}
	vkGetPhysicalDeviceQueueFamilyProperties(w.dev.physical, &family_count, families);
	for (uint32_t i = 0; i < family_count; i++)
		graphics |= (families[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) != 0;
	if (graphics)
		REQUIRE(w.caps.supportedUsageFlags & VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT);

	/* Formats: count, then fill; a short array is VK_INCOMPLETE. */
	VK_CHECK(vkGetPhysicalDeviceSurfaceFormatsKHR(w.dev.physical, w.surface, &full, NULL));
	REQUIRE(full >= 1 && full <= 16);
	if (full > 1)
		REQUIRE_EQ(vkGetPhysicalDeviceSurfaceFormatsKHR(w.dev.physical, w.surface, &count,
								formats), VK_INCOMPLETE);
	count = full;
	VK_CHECK(vkGetPhysicalDeviceSurfaceFormatsKHR(w.dev.physical, w.surface, &count, formats));
	REQUIRE_EQ(count, full);
	for (uint32_t i = 0; i < count; i++) {
		VkImageFormatProperties props;

		/* Every format makes images of every usage the surface reports. */
		REQUIRE(formats[i].format != VK_FORMAT_UNDEFINED);
		REQUIRE_EQ(vkGetPhysicalDeviceImageFormatProperties(
				   w.dev.physical, formats[i].format, VK_IMAGE_TYPE_2D,
				   VK_IMAGE_TILING_OPTIMAL, w.caps.supportedUsageFlags, 0, &props),
			   VK_SUCCESS);
	}

	/* Present modes: FIFO always. */
	count = 16;
	VK_CHECK(vkGetPhysicalDeviceSurfacePresentModesKHR(w.dev.physical, w.surface, &count,
							   modes));
	for (uint32_t i = 0; i < count; i++)
		fifo |= modes[i] == VK_PRESENT_MODE_FIFO_KHR;
	REQUIRE(fifo);

	/* Vulkan 1.1 with swapchains: the device-group queries. */
	PFN_vkGetDeviceGroupPresentCapabilitiesKHR group_caps =
		(PFN_vkGetDeviceGroupPresentCapabilitiesKHR)
		vk_dev_proc(&w.dev, "vkGetDeviceGroupPresentCapabilitiesKHR");
	PFN_vkGetDeviceGroupSurfacePresentModesKHR group_modes =
		(PFN_vkGetDeviceGroupSurfacePresentModesKHR)
		vk_dev_proc(&w.dev, "vkGetDeviceGroupSurfacePresentModesKHR");
	VkDeviceGroupPresentCapabilitiesKHR gcaps = {
		.sType = VK_STRUCTURE_TYPE_DEVICE_GROUP_PRESENT_CAPABILITIES_KHR,
	};
	VkDeviceGroupPresentModeFlagsKHR gmodes = 0;
	VkRect2D rects[4];

	VK_CHECK(group_caps(w.dev.device, &gcaps));
	REQUIRE(gcaps.presentMask[0] & 1);
	REQUIRE(gcaps.modes & VK_DEVICE_GROUP_PRESENT_MODE_LOCAL_BIT_KHR);
	VK_CHECK(group_modes(w.dev.device, w.surface, &gmodes));
	REQUIRE(gmodes & VK_DEVICE_GROUP_PRESENT_MODE_LOCAL_BIT_KHR);
	count = 4;
	VK_CHECK(vkGetPhysicalDevicePresentRectanglesKHR(w.dev.physical, w.surface, &count, rects));
	REQUIRE(count >= 1);
	wsi_destroy(&w);
}

/*
 * Swapchains of every present mode; a re-creation at another size over
 * the first (retired) one, whose images stay valid until it is destroyed.
 */
VK_TEST(swapchain_create_recreate, "swapchain-create-recreate-retired")
{
	struct wsi w;
	VkPresentModeKHR modes[16];
	VkImage images[32], images2[32];
	uint32_t mode_count = 16, n;

	wsi_create(&w);
	VK_CHECK(vkGetPhysicalDeviceSurfacePresentModesKHR(w.dev.physical, w.surface, &mode_count,
							   modes));
	for (uint32_t m = 0; m < mode_count; m++) {
		VkSwapchainKHR s;

		if (modes[m] != VK_PRESENT_MODE_FIFO_KHR && modes[m] != VK_PRESENT_MODE_MAILBOX_KHR &&
		    modes[m] != VK_PRESENT_MODE_IMMEDIATE_KHR &&
		    modes[m] != VK_PRESENT_MODE_FIFO_RELAXED_KHR)
			continue;
		s = swapchain_create(&w, w.caps.minImageCount, (VkExtent2D) { 64, 48 }, modes[m],
				     VK_NULL_HANDLE);
		n = swapchain_images(&w, s, images, 32);
		REQUIRE(n >= w.caps.minImageCount);
		acquire_wait(&w, s);
		vkDestroySwapchainKHR(w.dev.device, s, NULL);
	}

	VkSwapchainKHR first = swapchain_create(&w, w.caps.minImageCount, (VkExtent2D) { 32, 32 },
						VK_PRESENT_MODE_FIFO_KHR, VK_NULL_HANDLE);
	uint32_t held = acquire_wait(&w, first);
	VkSwapchainKHR second = swapchain_create(&w, w.caps.minImageCount + 1,
						 (VkExtent2D) { 80, 20 }, VK_PRESENT_MODE_FIFO_KHR,
						 first);
	uint32_t count = 1;

	n = swapchain_images(&w, first, images, 32);
	REQUIRE(held < n);
	/* VK_INCOMPLETE with a short array. */
	if (swapchain_images(&w, second, images2, 32) > 1)
		REQUIRE_EQ(vkGetSwapchainImagesKHR(w.dev.device, second, &count, images2),
			   VK_INCOMPLETE);
	REQUIRE(swapchain_images(&w, second, images2, 32) >= w.caps.minImageCount + 1);
	for (uint32_t i = 0; i < n; i++)
		REQUIRE(images[i] != images2[0]);
	REQUIRE(acquire_wait(&w, second) < 32);
	vkDestroySwapchainKHR(w.dev.device, first, NULL);
	vkDestroySwapchainKHR(w.dev.device, second, NULL);
	wsi_destroy(&w);
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/*
 * Every image acquired (finite timeouts: valid with any minImageCount),
 * each once, each fence signalled; then, with all of them held, a zero
 * timeout is VK_NOT_READY and a short one gives up once it has passed.
 */
VK_TEST(swapchain_acquire_all, "swapchain-acquire-every-image-then-timeouts")
{
	struct wsi w;
	VkImage images[32];
	VkFence fences[32];
	bool seen[32] = { false };
	uint32_t n, index;
	VkSwapchainKHR s;
	VkResult r;
	double start;

	wsi_create(&w);
	s = swapchain_create(&w, w.caps.minImageCount < 3 ? 3 : w.caps.minImageCount,
			     (VkExtent2D) { 16, 16 }, VK_PRESENT_MODE_FIFO_KHR, VK_NULL_HANDLE);
	n = swapchain_images(&w, s, images, 32);
	for (uint32_t i = 0; i < n; i++) {
		fences[i] = fence_create(&w);
		VK_CHECK(vkAcquireNextImageKHR(w.dev.device, s, 1000000000ull, VK_NULL_HANDLE,
					       fences[i], &index));
		REQUIRE(index < n);
		REQUIRE(!seen[index]);
		seen[index] = true;
	}
	VK_CHECK(vkWaitForFences(w.dev.device, n, fences, VK_TRUE, 5000000000ull));

	VkFence extra = fence_create(&w);

	REQUIRE_EQ(vkAcquireNextImageKHR(w.dev.device, s, 0, VK_NULL_HANDLE, extra, &index),
		   VK_NOT_READY);
	start = now_s();
	r = vkAcquireNextImageKHR(w.dev.device, s, 20000000ull, VK_NULL_HANDLE, extra, &index);
	/*
	 * VK_TIMEOUT is the specification's answer; Mesa's headless WSI
	 * (lavapipe) answers VK_NOT_READY after waiting.
	 */
	if (vk_dev_is_ember(&w.dev))
		REQUIRE_EQ(r, VK_TIMEOUT);
	else
		REQUIRE(r == VK_TIMEOUT || r == VK_NOT_READY);
	REQUIRE(now_s() - start >= 0.019);
	/* Neither unsuccessful acquire signalled the fence. */
	REQUIRE_EQ(vkGetFenceStatus(w.dev.device, extra), VK_NOT_READY);
	vkDestroyFence(w.dev.device, extra, NULL);
	for (uint32_t i = 0; i < n; i++)
		vkDestroyFence(w.dev.device, fences[i], NULL);
	vkDestroySwapchainKHR(w.dev.device, s, NULL);
	wsi_destroy(&w);
}

/*
 * Frames as an application draws them: acquire (a semaphore), a clear of
 * the image waiting for it and signalling a second semaphore, a present
 * waiting for that; three rounds through every image, each present's
 * result per swapchain. Then every image is acquired again (all held at
 * once) and read back: its texels are those of its last clear (a headless
 * present reads nothing and writes nothing).
 */
VK_TEST(swapchain_present_frames, "swapchain-present-semaphores-and-contents")
{
	struct wsi w;
	VkImage images[32];
	uint32_t n, width = 8, height = 4, last_frame[32];
	VkSwapchainKHR s;
	struct vk_buf buf;
	bool srgb;
	bool bgra;

	wsi_create(&w);
	srgb = w.format.format == VK_FORMAT_R8G8B8A8_SRGB ||
	       w.format.format == VK_FORMAT_B8G8R8A8_SRGB;
	bgra = w.format.format == VK_FORMAT_B8G8R8A8_UNORM ||
	       w.format.format == VK_FORMAT_B8G8R8A8_SRGB;
	if (!srgb && !bgra && w.format.format != VK_FORMAT_R8G8B8A8_UNORM)
		vk_test_skip("the surface's first format is not 8-bit RGBA or BGRA");
	s = swapchain_create(&w, w.caps.minImageCount, (VkExtent2D) { width, height },
			     VK_PRESENT_MODE_FIFO_KHR, VK_NULL_HANDLE);
	n = swapchain_images(&w, s, images, 32);
	for (uint32_t i = 0; i < n; i++)
		last_frame[i] = UINT32_MAX;

	/* One "rendered" semaphore per image: its present's wait is over once it is acquired. */
	VkSemaphore acquired[32], rendered[32];
	VkFence done = fence_create(&w);
	const VkCommandBufferAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
		.commandPool = w.dev.pool,
		.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
		.commandBufferCount = 1,
	};
	VkCommandBuffer cmd;

	VK_CHECK(vkAllocateCommandBuffers(w.dev.device, &alloc, &cmd));
	for (uint32_t i = 0; i < n; i++) {
		acquired[i] = semaphore_create(&w);
		rendered[i] = semaphore_create(&w);
	}
	/*
	 * Rounds that hold every image at once (finite timeouts), so that
	 * each is cleared whatever order the driver hands them out in.
	 */
	for (uint32_t round = 0; round < 3; round++) {
		uint32_t order[32];

		for (uint32_t k = 0; k < n; k++) {
			VK_CHECK(vkAcquireNextImageKHR(w.dev.device, s, 5000000000ull, acquired[k],
						       VK_NULL_HANDLE, &order[k]));
			REQUIRE(order[k] < n);
		}
		for (uint32_t k = 0; k < n; k++) {
			const VkCommandBufferBeginInfo begin = {
				.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
				.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
			};
			const VkImageSubresourceRange range = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 };
			const VkPipelineStageFlags wait_stage = VK_PIPELINE_STAGE_TRANSFER_BIT;
			uint32_t index = order[k], frame = round * n + k;
			VkClearColorValue colour = image_colour(frame % 16);
			VkResult result = VK_ERROR_UNKNOWN;

			VK_CHECK(vkBeginCommandBuffer(cmd, &begin));
			barrier(cmd, images[index], VK_IMAGE_LAYOUT_UNDEFINED,
				VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
			vkCmdClearColorImage(cmd, images[index], VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
					     &colour, 1, &range);
			barrier(cmd, images[index], VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
				VK_IMAGE_LAYOUT_PRESENT_SRC_KHR);
			VK_CHECK(vkEndCommandBuffer(cmd));
			const VkSubmitInfo submit = {
				.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
				.waitSemaphoreCount = 1,
				.pWaitSemaphores = &acquired[k],
				.pWaitDstStageMask = &wait_stage,
				.commandBufferCount = 1,
				.pCommandBuffers = &cmd,
				.signalSemaphoreCount = 1,
				.pSignalSemaphores = &rendered[index],
			};
			VK_CHECK(vkQueueSubmit(w.dev.queues[0], 1, &submit, done));
			const VkPresentInfoKHR present = {
				.sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
				.waitSemaphoreCount = 1,
				.pWaitSemaphores = &rendered[index],
				.swapchainCount = 1,
				.pSwapchains = &s,
				.pImageIndices = &index,
				.pResults = &result,
			};
			VK_CHECK(vkQueuePresentKHR(w.dev.queues[0], &present));
			VK_CHECK(result);
			last_frame[index] = frame;
			/* The command buffer is recorded again for the next image. */
			VK_CHECK(vkWaitForFences(w.dev.device, 1, &done, VK_TRUE, 5000000000ull));
			VK_CHECK(vkResetFences(w.dev.device, 1, &done));
		}
	}

	vk_buf_create(&w.dev, width * height * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &buf);
	for (uint32_t k = 0; k < n; k++) {
		uint32_t index = acquire_wait(&w, s);
		const VkBufferImageCopy region = {
			.imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
			.imageExtent = { width, height, 1 },
		};
		VkCommandBuffer copy = vk_cmd_begin(&w.dev);
		const uint8_t *texels = buf.map;

		barrier(copy, images[index], VK_IMAGE_LAYOUT_PRESENT_SRC_KHR,
			VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
		vkCmdCopyImageToBuffer(copy, images[index], VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
				       buf.buffer, 1, &region);
		barrier(copy, images[index], VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
			VK_IMAGE_LAYOUT_PRESENT_SRC_KHR);
		vk_cmd_submit_wait(&w.dev, copy, 0);
		REQUIRE(last_frame[index] != UINT32_MAX);

		VkClearColorValue c = image_colour(last_frame[index] % 16);
		int want[4] = {
			channel_byte(c.float32[bgra ? 2 : 0], srgb), channel_byte(c.float32[1], srgb),
			channel_byte(c.float32[bgra ? 0 : 2], srgb), channel_byte(c.float32[3], false),
		};

		for (uint32_t t = 0; t < width * height; t++)
			for (int ch = 0; ch < 4; ch++)
				if (abs(texels[t * 4 + ch] - want[ch]) > 1)
					vk_test_fail(__FILE__, __LINE__,
						     "image %u texel %u channel %d: %d, not %d",
						     index, t, ch, texels[t * 4 + ch], want[ch]);
	}
	vk_buf_destroy(&w.dev, &buf);
	vkDestroyFence(w.dev.device, done, NULL);
	for (uint32_t i = 0; i < n; i++) {
		vkDestroySemaphore(w.dev.device, acquired[i], NULL);
		vkDestroySemaphore(w.dev.device, rendered[i], NULL);
	}
	vkDestroySwapchainKHR(w.dev.device, s, NULL);
	wsi_destroy(&w);
}

/* Submits a clear of @image to @colour, then its move to PRESENT_SRC, with @submit's syncs. */
static void clear_for_present(struct wsi *w, VkCommandBuffer cmd, VkImage image, uint32_t colour,
			      const VkSubmitInfo *submit_template)
{
	const VkCommandBufferBeginInfo begin = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
		.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
	};
	const VkImageSubresourceRange range = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 };
	VkClearColorValue c = image_colour(colour);
	VkSubmitInfo submit = *submit_template;

	VK_CHECK(vkBeginCommandBuffer(cmd, &begin));
	barrier(cmd, image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
	vkCmdClearColorImage(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &c, 1, &range);
	barrier(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_PRESENT_SRC_KHR);
	VK_CHECK(vkEndCommandBuffer(cmd));
	submit.commandBufferCount = 1;
	submit.pCommandBuffers = &cmd;
	VK_CHECK(vkQueueSubmit(w->dev.queues[0], 1, &submit, VK_NULL_HANDLE));
}

struct late_signal {
	VkDevice device;
	VkSemaphore timeline;
};

/* Signals the timeline to 1 after 300 ms: some drivers' presents block until it is. */
static void *signal_later(void *data)
{
	struct late_signal *late = data;
	struct timespec pause = { 0, 300000000 };
	const VkSemaphoreSignalInfo signal = {
		.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO,
		.semaphore = late->timeline,
		.value = 1,
	};

	nanosleep(&pause, NULL);
	vkSignalSemaphore(late->device, &signal);
	return NULL;
}

/*
 * A present whose semaphore is signalled by work that waits for a
 * timeline value another thread signals later. Until the work is done the
 * presentation engine has not finished with the image: an acquire may
 * return it early, but its fence must not signal before the timeline has
 * (Ember does not return it: VK_NOT_READY with a zero timeout). Then the
 * image comes back, its fence signals and it holds the clear the present
 * waited for.
 */
VK_TEST(swapchain_pending_present, "swapchain-acquire-waits-for-presented-work")
{
	VkPhysicalDeviceTimelineSemaphoreFeatures timeline_feature = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES,
		.timelineSemaphore = VK_TRUE,
	};
	const struct vk_dev_options options = {
		.instance_extensions = wsi_instance_extensions,
		.instance_extension_count = 2,
		.extensions = wsi_device_extensions,
		.extension_count = 1,
		.features = &timeline_feature,
	};
	struct wsi w;
	VkImage images[32];
	uint32_t n, held[32], pending, index = UINT32_MAX;
	VkSwapchainKHR s;

	wsi_create_with(&w, &options);
	s = swapchain_create(&w, w.caps.minImageCount < 2 ? 2 : w.caps.minImageCount,
			     (VkExtent2D) { 8, 8 }, VK_PRESENT_MODE_FIFO_KHR, VK_NULL_HANDLE);
	n = swapchain_images(&w, s, images, 32);
	for (uint32_t i = 0; i < n; i++)
		held[i] = acquire_wait(&w, s);
	pending = held[0];

	const VkSemaphoreTypeCreateInfo timeline_type = {
		.sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
		.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE,
	};
	const VkSemaphoreCreateInfo timeline_info = {
		.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO,
		.pNext = &timeline_type,
	};
	VkSemaphore timeline, rendered = semaphore_create(&w);
	const uint64_t wait_value = 1;
	const VkTimelineSemaphoreSubmitInfo values = {
		.sType = VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO,
		.waitSemaphoreValueCount = 1,
		.pWaitSemaphoreValues = &wait_value,
	};
	const VkPipelineStageFlags stage = VK_PIPELINE_STAGE_TRANSFER_BIT;
	const VkSubmitInfo gated = {
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
		.pNext = &values,
		.waitSemaphoreCount = 1,
		.pWaitSemaphores = &timeline,
		.pWaitDstStageMask = &stage,
		.signalSemaphoreCount = 1,
		.pSignalSemaphores = &rendered,
	};
	const VkCommandBufferAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
		.commandPool = w.dev.pool,
		.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
		.commandBufferCount = 1,
	};
	VkCommandBuffer cmd;
	VkFence fence = fence_create(&w);
	VkResult r;

	VK_CHECK(vkCreateSemaphore(w.dev.device, &timeline_info, NULL, &timeline));
	VK_CHECK(vkAllocateCommandBuffers(w.dev.device, &alloc, &cmd));
	clear_for_present(&w, cmd, images[pending], 5, &gated);
	const VkPresentInfoKHR present = {
		.sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
		.waitSemaphoreCount = 1,
		.pWaitSemaphores = &rendered,
		.swapchainCount = 1,
		.pSwapchains = &s,
		.pImageIndices = &pending,
	};
	struct late_signal late = { w.dev.device, timeline };
	pthread_t thread;
	uint64_t value;

	REQUIRE(!pthread_create(&thread, NULL, signal_later, &late));
	VK_CHECK(vkQueuePresentKHR(w.dev.queues[0], &present));

	/* Every other image is held: only the pending one could come back. */
	r = vkAcquireNextImageKHR(w.dev.device, s, 0, VK_NULL_HANDLE, fence, &index);
	VK_CHECK(vkGetSemaphoreCounterValue(w.dev.device, timeline, &value));
	if (vk_dev_is_ember(&w.dev) && !value)
		REQUIRE_EQ(r, VK_NOT_READY);
	if (r == VK_SUCCESS) {
		VkResult status;

		REQUIRE_EQ(index, pending);
		/* A signalled fence means the work ran, after the timeline signalled. */
		status = vkGetFenceStatus(w.dev.device, fence);
		VK_CHECK(vkGetSemaphoreCounterValue(w.dev.device, timeline, &value));
		if (status == VK_SUCCESS)
			REQUIRE_EQ(value, 1);
	} else {
		REQUIRE_EQ(r, VK_NOT_READY);
	}
	pthread_join(thread, NULL);
	if (r != VK_SUCCESS) {
		VK_CHECK(vkAcquireNextImageKHR(w.dev.device, s, 5000000000ull, VK_NULL_HANDLE,
					       fence, &index));
		REQUIRE_EQ(index, pending);
	}
	VK_CHECK(vkWaitForFences(w.dev.device, 1, &fence, VK_TRUE, 5000000000ull));

	/* The clear the present waited for is in the image. */
	struct vk_buf buf;
	const VkBufferImageCopy region = {
		.imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
		.imageExtent = { 8, 8, 1 },
	};
	VkCommandBuffer copy;
	const uint8_t *texel;
	VkClearColorValue c = image_colour(5);
	bool bgra = w.format.format == VK_FORMAT_B8G8R8A8_UNORM ||
		    w.format.format == VK_FORMAT_B8G8R8A8_SRGB;
	bool srgb = w.format.format == VK_FORMAT_R8G8B8A8_SRGB ||
		    w.format.format == VK_FORMAT_B8G8R8A8_SRGB;

	vk_buf_create(&w.dev, 8 * 8 * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &buf);
	copy = vk_cmd_begin(&w.dev);
	barrier(copy, images[pending], VK_IMAGE_LAYOUT_PRESENT_SRC_KHR,
		VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vkCmdCopyImageToBuffer(copy, images[pending], VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
			       buf.buffer, 1, &region);
	vk_cmd_submit_wait(&w.dev, copy, 0);
	texel = buf.map;
	REQUIRE(abs(texel[bgra ? 2 : 0] - channel_byte(c.float32[0], srgb)) <= 1);
	REQUIRE(abs(texel[1] - channel_byte(c.float32[1], srgb)) <= 1);
	vk_buf_destroy(&w.dev, &buf);
	vkDestroyFence(w.dev.device, fence, NULL);
	vkDestroySemaphore(w.dev.device, timeline, NULL);
	vkDestroySemaphore(w.dev.device, rendered, NULL);
	vkDestroySwapchainKHR(w.dev.device, s, NULL);
	wsi_destroy(&w);
}

/*
 * Vulkan 1.1 with swapchains: an image created like the swapchain's
 * (VkImageSwapchainCreateInfoKHR) and bound to a swapchain image's memory
 * (VkBindImageMemorySwapchainInfoKHR, no VkDeviceMemory of its own) is a
 * working image: a clear through it reads back.
 */
VK_TEST(swapchain_bound_image, "swapchain-image-bound-to-swapchain-memory")
{
	const struct vk_dev_options options = {
		.instance_extensions = wsi_instance_extensions,
		.instance_extension_count = 2,
		.extensions = wsi_device_extensions,
		.extension_count = 1,
		.api_version = VK_API_VERSION_1_1,
	};
	struct wsi w;
	VkSwapchainKHR s;
	VkImage alias, images[32];
	uint32_t index;
	struct vk_buf buf;

	wsi_create_with(&w, &options);
	/* Mesa 25's lavapipe faults in its queue thread on such an image's clear. */
	if (!vk_dev_is_ember(&w.dev))
		vk_test_skip("only Ember's images bound to swapchain memory are exercised");
	s = swapchain_create(&w, w.caps.minImageCount, (VkExtent2D) { 8, 8 },
			     VK_PRESENT_MODE_FIFO_KHR, VK_NULL_HANDLE);
	/* The image index is one of those the application has seen. */
	REQUIRE(swapchain_images(&w, s, images, 32) >= 1);
	index = acquire_wait(&w, s);

	const VkImageSwapchainCreateInfoKHR like = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_SWAPCHAIN_CREATE_INFO_KHR,
		.swapchain = s,
	};
	const VkImageCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
		.pNext = &like,
		.imageType = VK_IMAGE_TYPE_2D,
		.format = w.format.format,
		.extent = { 8, 8, 1 },
		.mipLevels = 1,
		.arrayLayers = 1,
		.samples = VK_SAMPLE_COUNT_1_BIT,
		.tiling = VK_IMAGE_TILING_OPTIMAL,
		.usage = w.usage,
		.sharingMode = VK_SHARING_MODE_EXCLUSIVE,
		.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
	};
	const VkBindImageMemorySwapchainInfoKHR swapchain_memory = {
		.sType = VK_STRUCTURE_TYPE_BIND_IMAGE_MEMORY_SWAPCHAIN_INFO_KHR,
		.swapchain = s,
		.imageIndex = index,
	};
	const VkBindImageMemoryInfo bind = {
		.sType = VK_STRUCTURE_TYPE_BIND_IMAGE_MEMORY_INFO,
		.pNext = &swapchain_memory,
		.image = VK_NULL_HANDLE,
	};
	VkBindImageMemoryInfo bind_alias = bind;

	VK_CHECK(vkCreateImage(w.dev.device, &info, NULL, &alias));
	bind_alias.image = alias;
	VK_CHECK(vkBindImageMemory2(w.dev.device, 1, &bind_alias));

	const VkImageSubresourceRange range = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 };
	const VkBufferImageCopy region = {
		.imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
		.imageExtent = { 8, 8, 1 },
	};
	const VkClearColorValue white = { .float32 = { 1, 1, 1, 1 } };
	VkCommandBuffer cmd;
	const uint8_t *texels;

	vk_buf_create(&w.dev, 8 * 8 * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &buf);
	cmd = vk_cmd_begin(&w.dev);
	barrier(cmd, alias, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
	vkCmdClearColorImage(cmd, alias, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &white, 1, &range);
	barrier(cmd, alias, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
		VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vkCmdCopyImageToBuffer(cmd, alias, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, buf.buffer, 1,
			       &region);
	vk_cmd_submit_wait(&w.dev, cmd, 0);
	texels = buf.map;
	for (uint32_t i = 0; i < 8 * 8 * 4; i++)
		REQUIRE_EQ(texels[i], 255);
	vk_buf_destroy(&w.dev, &buf);
	vkDestroyImage(w.dev.device, alias, NULL);
	vkDestroySwapchainKHR(w.dev.device, s, NULL);
	wsi_destroy(&w);
}
