/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: External handles
 *
 * Fences and semaphores as opaque fds and sync_fds, memory as dma-bufs:
 * exported by one VkDevice, imported by another (in the same process or,
 * passed to a child (vk_fd_pass.h), in another), with the specification's temporary
 * and permanent import semantics, and data written by one device read
 * through the other; exported memory leaves the queues independent.
 */

#include "vk_fd_pass.h"
#include "vk_test.h"
#include "vk_shaders.h"

#include <sys/wait.h>
#include <unistd.h>

#define SECOND	1000000000ull

static const char *external_sync_ext[] = {
	VK_KHR_EXTERNAL_FENCE_FD_EXTENSION_NAME,
	VK_KHR_EXTERNAL_SEMAPHORE_FD_EXTENSION_NAME,
};

VK_TEST(fence_sync_fd, "external-fence-sync-fd-export-import")
{
	const struct vk_dev_options options = { .extensions = external_sync_ext,
						.extension_count = 2 };
	struct vk_dev a, b;
	VkFence exported, imported;
	int fd;

	vk_dev_create(&a, &options);
	vk_dev_create(&b, &options);
	PFN_vkGetFenceFdKHR get_fd = (PFN_vkGetFenceFdKHR)vk_dev_proc(&a, "vkGetFenceFdKHR");
	PFN_vkImportFenceFdKHR import_fd =
		(PFN_vkImportFenceFdKHR)vk_dev_proc(&b, "vkImportFenceFdKHR");
	const VkExportFenceCreateInfo export = {
		.sType = VK_STRUCTURE_TYPE_EXPORT_FENCE_CREATE_INFO,
		.handleTypes = VK_EXTERNAL_FENCE_HANDLE_TYPE_SYNC_FD_BIT,
	};
	const VkFenceCreateInfo info = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
					 .pNext = &export };
	const VkFenceCreateInfo plain = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };

	VK_CHECK(vkCreateFence(a.device, &info, NULL, &exported));
	VK_CHECK(vkCreateFence(b.device, &plain, NULL, &imported));
	VK_CHECK(vkQueueSubmit(a.queues[0], 0, NULL, exported));
	const VkFenceGetFdInfoKHR get = {
		.sType = VK_STRUCTURE_TYPE_FENCE_GET_FD_INFO_KHR, .fence = exported,
		.handleType = VK_EXTERNAL_FENCE_HANDLE_TYPE_SYNC_FD_BIT,
	};
	VK_CHECK(get_fd(a.device, &get, &fd));
	/* A sync_fd import is temporary: the fence waits for the exported fence. */
	const VkImportFenceFdInfoKHR import = {
		.sType = VK_STRUCTURE_TYPE_IMPORT_FENCE_FD_INFO_KHR, .fence = imported,
		.flags = VK_FENCE_IMPORT_TEMPORARY_BIT,
		.handleType = VK_EXTERNAL_FENCE_HANDLE_TYPE_SYNC_FD_BIT, .fd = fd,
	};
	VK_CHECK(import_fd(b.device, &import));
	VK_CHECK(vkWaitForFences(b.device, 1, &imported, VK_TRUE, 10 * SECOND));
	/* Resetting drops the temporary payload: back to the unsignaled permanent one. */
	VK_CHECK(vkResetFences(b.device, 1, &imported));
	REQUIRE_EQ(vkGetFenceStatus(b.device, imported), VK_NOT_READY);
	vkDestroyFence(a.device, exported, NULL);
	vkDestroyFence(b.device, imported, NULL);
	vk_dev_destroy(&a);
	vk_dev_destroy(&b);
}

static VkSemaphore exportable_semaphore(struct vk_dev *dev, bool timeline,
					VkExternalSemaphoreHandleTypeFlagBits type)
{
	const VkSemaphoreTypeCreateInfo tl = {
		.sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
		.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE,
	};
	const VkExportSemaphoreCreateInfo export = {
		.sType = VK_STRUCTURE_TYPE_EXPORT_SEMAPHORE_CREATE_INFO,
		.pNext = timeline ? &tl : NULL,
		.handleTypes = type,
	};
	const VkSemaphoreCreateInfo info = { .sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO,
					     .pNext = &export };
	VkSemaphore sem;

	VK_CHECK(vkCreateSemaphore(dev->device, &info, NULL, &sem));
	return sem;
}

VK_TEST(semaphore_opaque, "external-semaphore-opaque-fd-timeline-two-devices")
{
	VkPhysicalDeviceTimelineSemaphoreFeatures timeline = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES,
		.timelineSemaphore = VK_TRUE,
	};
	const struct vk_dev_options options = { .extensions = external_sync_ext,
						.extension_count = 2, .features = &timeline };
	struct vk_dev a, b;
	VkSemaphore sa, sb;
	uint64_t value;
	int fd;

	vk_dev_create(&a, &options);
	vk_dev_create(&b, &options);
	PFN_vkGetSemaphoreFdKHR get_fd =
		(PFN_vkGetSemaphoreFdKHR)vk_dev_proc(&a, "vkGetSemaphoreFdKHR");
	PFN_vkImportSemaphoreFdKHR import_fd =
		(PFN_vkImportSemaphoreFdKHR)vk_dev_proc(&b, "vkImportSemaphoreFdKHR");
	sa = exportable_semaphore(&a, true, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT);
	sb = exportable_semaphore(&b, true, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT);
	const VkSemaphoreGetFdInfoKHR get = {
		.sType = VK_STRUCTURE_TYPE_SEMAPHORE_GET_FD_INFO_KHR, .semaphore = sa,
		.handleType = VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT,
	};
	VK_CHECK(get_fd(a.device, &get, &fd));
	const VkImportSemaphoreFdInfoKHR import = {
		.sType = VK_STRUCTURE_TYPE_IMPORT_SEMAPHORE_FD_INFO_KHR, .semaphore = sb,
		.handleType = VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT, .fd = fd,
	};
	VK_CHECK(import_fd(b.device, &import));
	/* Permanent import: both semaphores share one payload. */
	const VkSemaphoreSignalInfo signal = {
		.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO, .semaphore = sa, .value = 3,
	};
	VK_CHECK(vkSignalSemaphore(a.device, &signal));
	VK_CHECK(vkGetSemaphoreCounterValue(b.device, sb, &value));
	REQUIRE_EQ(value, 3);
	vkDestroySemaphore(a.device, sa, NULL);
	vkDestroySemaphore(b.device, sb, NULL);
	vk_dev_destroy(&a);
	vk_dev_destroy(&b);
}

static void dma_buf_memory(struct vk_dev *dev, VkDeviceSize size, VkBuffer *buffer,
			   VkDeviceMemory *memory, int import_fd)
{
	const VkExternalMemoryBufferCreateInfo external = {
		.sType = VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO,
		.handleTypes = VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT,
	};
	const VkBufferCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .pNext = &external,
		.size = size,
		.usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
	};
	const VkExportMemoryAllocateInfo export = {
		.sType = VK_STRUCTURE_TYPE_EXPORT_MEMORY_ALLOCATE_INFO,
		.handleTypes = VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT,
	};
	const VkImportMemoryFdInfoKHR import = {
		.sType = VK_STRUCTURE_TYPE_IMPORT_MEMORY_FD_INFO_KHR,
		.handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT, .fd = import_fd,
	};
	VkMemoryRequirements req;

	VK_CHECK(vkCreateBuffer(dev->device, &info, NULL, buffer));
	vkGetBufferMemoryRequirements(dev->device, *buffer, &req);
	const VkMemoryAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
		.pNext = import_fd >= 0 ? (const void *)&import : (const void *)&export,
		.allocationSize = req.size, .memoryTypeIndex = dev->memory_type,
	};
	VK_CHECK(vkAllocateMemory(dev->device, &alloc, NULL, memory));
	VK_CHECK(vkBindBufferMemory(dev->device, *buffer, *memory, 0));
}

static void require_dma_buf_buffers(struct vk_dev *dev)
{
	const VkPhysicalDeviceExternalBufferInfo query = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_BUFFER_INFO,
		.usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
		.handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT,
	};
	VkExternalBufferProperties external = {
		.sType = VK_STRUCTURE_TYPE_EXTERNAL_BUFFER_PROPERTIES,
	};
	vkGetPhysicalDeviceExternalBufferProperties(dev->physical, &query, &external);
	if ((external.externalMemoryProperties.externalMemoryFeatures &
	     (VK_EXTERNAL_MEMORY_FEATURE_EXPORTABLE_BIT |
	      VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT)) !=
	    (VK_EXTERNAL_MEMORY_FEATURE_EXPORTABLE_BIT | VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT))
		vk_test_skip("dma-buf buffers are not exportable and importable on this device");
}

/*
 * The parent's device fills a dma-buf; a child process imports it into
 * its own device, checks the data and fills it again with its own GPU;
 * the parent sees the child's data.
 */
VK_TEST(memory_dma_buf, "external-memory-dma-buf-two-processes")
{
	const char *ext[] = {
		VK_KHR_EXTERNAL_MEMORY_FD_EXTENSION_NAME, VK_EXT_EXTERNAL_MEMORY_DMA_BUF_EXTENSION_NAME,
	};
	const struct vk_dev_options options = { .extensions = ext, .extension_count = 2 };
	struct vk_dev dev;
	VkBuffer buffer;
	VkDeviceMemory memory;
	VkCommandBuffer cmd;
	struct vk_fd_pass pass;
	int fd, status;
	uint32_t *map;
	pid_t child;

	vk_dev_create(&dev, &options);
	require_dma_buf_buffers(&dev);
	PFN_vkGetMemoryFdKHR get_fd = (PFN_vkGetMemoryFdKHR)vk_dev_proc(&dev, "vkGetMemoryFdKHR");
	dma_buf_memory(&dev, 65536, &buffer, &memory, -1);
	cmd = vk_cmd_begin(&dev);
	vkCmdFillBuffer(cmd, buffer, 0, VK_WHOLE_SIZE, 0x600d);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&dev, cmd, 0);
	const VkMemoryGetFdInfoKHR get = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_GET_FD_INFO_KHR, .memory = memory,
		.handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT,
	};
	VK_CHECK(get_fd(dev.device, &get, &fd));
	vk_fd_pass_open(&pass);
	child = fork();
	if (child == 0) {
		struct vk_dev cdev;
		VkBuffer cbuf;
		VkDeviceMemory cmem;
		uint32_t *cmap;
		int cfd = vk_fd_pass_receive(&pass, fd);

		vk_dev_create(&cdev, &options);
		dma_buf_memory(&cdev, 65536, &cbuf, &cmem, cfd);
		VK_CHECK(vkMapMemory(cdev.device, cmem, 0, VK_WHOLE_SIZE, 0, (void **)&cmap));
		if (cmap[0] != 0x600d || cmap[16383] != 0x600d)
			_exit(2);
		VkCommandBuffer ccmd = vk_cmd_begin(&cdev);
		vkCmdFillBuffer(ccmd, cbuf, 0, 4096, 0xc41d);
		vk_cmd_barrier(ccmd);
		vk_cmd_submit_wait(&cdev, ccmd, 0);
		vkDestroyBuffer(cdev.device, cbuf, NULL);
		vkFreeMemory(cdev.device, cmem, NULL);
		vk_dev_destroy(&cdev);
		vk_test_child_exit(0);
	}
	vk_fd_pass_send(&pass, fd);
	REQUIRE(waitpid(child, &status, 0) == child);
	REQUIRE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	VK_CHECK(vkMapMemory(dev.device, memory, 0, VK_WHOLE_SIZE, 0, (void **)&map));
	REQUIRE_EQ(map[0], 0xc41d);
	REQUIRE_EQ(map[1023], 0xc41d);
	REQUIRE_EQ(map[1024], 0x600d);
	close(fd);
	vkDestroyBuffer(dev.device, buffer, NULL);
	vkFreeMemory(dev.device, memory, NULL);
	vk_dev_destroy(&dev);
}

/*
 * Exported memory does not tie the queues together: a submission on
 * queue 1 filling one half of an exported buffer completes while one on
 * queue 0, which fills the other half, still waits for the host (queues
 * are ordered by semaphores and fences only; Ember submits explicitly
 * synchronised, DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC).
 */
VK_TEST(memory_dma_buf_queues, "external-memory-dma-buf-queues-independent")
{
	const char *ext[] = {
		VK_KHR_EXTERNAL_MEMORY_FD_EXTENSION_NAME, VK_EXT_EXTERNAL_MEMORY_DMA_BUF_EXTENSION_NAME,
	};
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = 2, .queues = 2,
	};
	const VkEventCreateInfo event_info = { .sType = VK_STRUCTURE_TYPE_EVENT_CREATE_INFO };
	const VkFenceCreateInfo fence_info = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
	const VkMemoryBarrier host_to_fill = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
		.srcAccessMask = VK_ACCESS_HOST_WRITE_BIT,
		.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
	};
	struct vk_dev dev;
	VkBuffer buffer;
	VkDeviceMemory memory;
	VkCommandBuffer gated, free_running;
	VkEvent from_host;
	VkFence fences[2];
	uint32_t *map;
	int fd;

	vk_dev_create(&dev, &options);
	require_dma_buf_buffers(&dev);
	PFN_vkGetMemoryFdKHR get_fd = (PFN_vkGetMemoryFdKHR)vk_dev_proc(&dev, "vkGetMemoryFdKHR");
	dma_buf_memory(&dev, 65536, &buffer, &memory, -1);
	const VkMemoryGetFdInfoKHR get = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_GET_FD_INFO_KHR, .memory = memory,
		.handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT,
	};
	VK_CHECK(get_fd(dev.device, &get, &fd));
	VK_CHECK(vkCreateEvent(dev.device, &event_info, NULL, &from_host));
	VK_CHECK(vkCreateFence(dev.device, &fence_info, NULL, &fences[0]));
	VK_CHECK(vkCreateFence(dev.device, &fence_info, NULL, &fences[1]));

	gated = vk_cmd_begin(&dev);
	vkCmdWaitEvents(gated, 1, &from_host, VK_PIPELINE_STAGE_HOST_BIT,
			VK_PIPELINE_STAGE_TRANSFER_BIT, 1, &host_to_fill, 0, NULL, 0, NULL);
	vkCmdFillBuffer(gated, buffer, 0, 32768, 0xa);
	vk_cmd_barrier(gated);
	VK_CHECK(vkEndCommandBuffer(gated));
	free_running = vk_cmd_begin(&dev);
	vkCmdFillBuffer(free_running, buffer, 32768, 32768, 0xb);
	vk_cmd_barrier(free_running);
	VK_CHECK(vkEndCommandBuffer(free_running));
	const VkSubmitInfo submits[2] = {
		{ .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
		  .commandBufferCount = 1, .pCommandBuffers = &gated },
		{ .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
		  .commandBufferCount = 1, .pCommandBuffers = &free_running },
	};
	VK_CHECK(vkQueueSubmit(dev.queues[0], 1, &submits[0], fences[0]));
	VK_CHECK(vkQueueSubmit(dev.queues[1], 1, &submits[1], fences[1]));

	VK_CHECK(vkWaitForFences(dev.device, 1, &fences[1], VK_TRUE, 10 * SECOND));
	REQUIRE_EQ(vkGetFenceStatus(dev.device, fences[0]), VK_NOT_READY);
	VK_CHECK(vkSetEvent(dev.device, from_host));
	VK_CHECK(vkWaitForFences(dev.device, 1, &fences[0], VK_TRUE, 10 * SECOND));
	VK_CHECK(vkMapMemory(dev.device, memory, 0, VK_WHOLE_SIZE, 0, (void **)&map));
	REQUIRE_EQ(map[0], 0xa);
	REQUIRE_EQ(map[8191], 0xa);
	REQUIRE_EQ(map[8192], 0xb);
	REQUIRE_EQ(map[16383], 0xb);
	close(fd);
	vkDestroyFence(dev.device, fences[0], NULL);
	vkDestroyFence(dev.device, fences[1], NULL);
	vkDestroyEvent(dev.device, from_host, NULL);
	vkDestroyBuffer(dev.device, buffer, NULL);
	vkFreeMemory(dev.device, memory, NULL);
	vk_dev_destroy(&dev);
}
