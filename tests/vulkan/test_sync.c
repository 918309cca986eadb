/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Synchronization
 *
 * Fences, binary semaphores between submissions, timeline semaphores
 * (host signal and wait, counter value, wait-before-signal on one queue
 * and across queues), events between host and device, timestamp queries,
 * calibrated timestamps, an event wait on one queue that does not stall
 * another queue, and device loss after a hang (Ember only: it needs the
 * device's watchdog).
 */

#include "vk_test.h"
#include "vk_shaders.h"


#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SECOND	1000000000ull

static VkFence fence_create(struct vk_dev *dev, bool signaled)
{
	const VkFenceCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
		.flags = signaled ? VK_FENCE_CREATE_SIGNALED_BIT : 0,
	};
	VkFence fence;

	VK_CHECK(vkCreateFence(dev->device, &info, NULL, &fence));
	return fence;
}

static VkSemaphore semaphore_create(struct vk_dev *dev, bool timeline, uint64_t initial)
{
	const VkSemaphoreTypeCreateInfo type = {
		.sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
		.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE,
		.initialValue = initial,
	};
	const VkSemaphoreCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO,
		.pNext = timeline ? &type : NULL,
	};
	VkSemaphore sem;

	VK_CHECK(vkCreateSemaphore(dev->device, &info, NULL, &sem));
	return sem;
}

static VkPhysicalDeviceTimelineSemaphoreFeatures timeline_features = {
	.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES,
	.timelineSemaphore = VK_TRUE,
};

VK_TEST(fence_basic, "fence-status-reset-wait-timeout")
{
	struct vk_dev dev;
	VkFence signaled, unsignaled;

	vk_dev_create(&dev, NULL);
	signaled = fence_create(&dev, true);
	unsignaled = fence_create(&dev, false);
	REQUIRE_EQ(vkGetFenceStatus(dev.device, signaled), VK_SUCCESS);
	REQUIRE_EQ(vkGetFenceStatus(dev.device, unsignaled), VK_NOT_READY);
	REQUIRE_EQ(vkWaitForFences(dev.device, 1, &unsignaled, VK_TRUE, 0), VK_TIMEOUT);
	REQUIRE_EQ(vkWaitForFences(dev.device, 1, &unsignaled, VK_TRUE, 1000000), VK_TIMEOUT);
	/* Any of the two: the signaled one is enough. */
	VkFence both[2] = { signaled, unsignaled };
	REQUIRE_EQ(vkWaitForFences(dev.device, 2, both, VK_FALSE, 0), VK_SUCCESS);
	REQUIRE_EQ(vkWaitForFences(dev.device, 2, both, VK_TRUE, 0), VK_TIMEOUT);
	VK_CHECK(vkResetFences(dev.device, 1, &signaled));
	REQUIRE_EQ(vkGetFenceStatus(dev.device, signaled), VK_NOT_READY);
	/* An empty submission signals its fence once earlier work is done. */
	VK_CHECK(vkQueueSubmit(dev.queues[0], 0, NULL, signaled));
	VK_CHECK(vkWaitForFences(dev.device, 1, &signaled, VK_TRUE, 10 * SECOND));
	vkDestroyFence(dev.device, signaled, NULL);
	vkDestroyFence(dev.device, unsignaled, NULL);
	vk_dev_destroy(&dev);
}

VK_TEST(semaphore_binary, "semaphore-binary-orders-submissions")
{
	struct vk_dev dev;
	struct vk_buf buf;
	VkSemaphore sem;
	VkFence fence;
	VkCommandBuffer first, second;
	const VkPipelineStageFlags stage = VK_PIPELINE_STAGE_TRANSFER_BIT;

	vk_dev_create(&dev, NULL);
	vk_buf_create(&dev, 4096, 0, &buf);
	sem = semaphore_create(&dev, false, 0);
	fence = fence_create(&dev, false);
	first = vk_cmd_begin(&dev);
	vkCmdFillBuffer(first, buf.buffer, 0, 4096, 1);
	VK_CHECK(vkEndCommandBuffer(first));
	second = vk_cmd_begin(&dev);
	vkCmdFillBuffer(second, buf.buffer, 0, 2048, 2);
	vk_cmd_barrier(second);
	VK_CHECK(vkEndCommandBuffer(second));
	const VkSubmitInfo submits[2] = {
		{
			.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
			.commandBufferCount = 1, .pCommandBuffers = &first,
			.signalSemaphoreCount = 1, .pSignalSemaphores = &sem,
		}, {
			.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
			.waitSemaphoreCount = 1, .pWaitSemaphores = &sem,
			.pWaitDstStageMask = &stage,
			.commandBufferCount = 1, .pCommandBuffers = &second,
		},
	};
	VK_CHECK(vkQueueSubmit(dev.queues[0], 2, submits, fence));
	VK_CHECK(vkWaitForFences(dev.device, 1, &fence, VK_TRUE, 10 * SECOND));
	REQUIRE_EQ(((uint32_t *)buf.map)[0], 2);
	REQUIRE_EQ(((uint32_t *)buf.map)[1023], 1);
	vkDestroySemaphore(dev.device, sem, NULL);
	vkDestroyFence(dev.device, fence, NULL);
	vk_buf_destroy(&dev, &buf);
	vk_dev_destroy(&dev);
}

VK_TEST(timeline_host, "timeline-host-signal-wait-counter")
{
	const struct vk_dev_options options = { .features = &timeline_features };
	struct vk_dev dev;
	VkSemaphore sem;
	uint64_t value;

	vk_dev_create(&dev, &options);
	sem = semaphore_create(&dev, true, 5);
	VK_CHECK(vkGetSemaphoreCounterValue(dev.device, sem, &value));
	REQUIRE_EQ(value, 5);
	uint64_t want = 7;
	const VkSemaphoreWaitInfo wait = {
		.sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
		.semaphoreCount = 1, .pSemaphores = &sem, .pValues = &want,
	};
	REQUIRE_EQ(vkWaitSemaphores(dev.device, &wait, 0), VK_TIMEOUT);
	REQUIRE_EQ(vkWaitSemaphores(dev.device, &wait, 1000000), VK_TIMEOUT);
	const VkSemaphoreSignalInfo signal = {
		.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO, .semaphore = sem, .value = 8,
	};
	VK_CHECK(vkSignalSemaphore(dev.device, &signal));
	VK_CHECK(vkWaitSemaphores(dev.device, &wait, 0));
	VK_CHECK(vkGetSemaphoreCounterValue(dev.device, sem, &value));
	REQUIRE_EQ(value, 8);
	vkDestroySemaphore(dev.device, sem, NULL);
	vk_dev_destroy(&dev);
}

struct signal_later {
	struct vk_dev *dev;
	VkSemaphore sem;
	uint64_t value;
};

static void *signal_later_thread(void *data)
{
	struct signal_later *s = data;
	const VkSemaphoreSignalInfo signal = {
		.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO, .semaphore = s->sem,
		.value = s->value,
	};

	usleep(200 * 1000);
	vkSignalSemaphore(s->dev->device, &signal);
	return NULL;
}

/*
 * A submission that waits for a timeline value nobody has signalled yet
 * is valid: it runs once the host signals it (here from another thread,
 * 200 ms later); a second queue's submission waits for the first's
 * signal.
 */
static void wait_before_signal(uint32_t queues)
{
	const struct vk_dev_options options = { .features = &timeline_features, .queues = queues };
	struct vk_dev dev;
	struct vk_buf buf;
	VkSemaphore host_sem, gpu_sem;
	VkCommandBuffer first, second;
	VkFence fence;
	pthread_t thread;
	const VkPipelineStageFlags stage = VK_PIPELINE_STAGE_TRANSFER_BIT;

	vk_dev_create(&dev, &options);
	vk_buf_create(&dev, 4096, 0, &buf);
	host_sem = semaphore_create(&dev, true, 0);
	gpu_sem = semaphore_create(&dev, true, 0);
	fence = fence_create(&dev, false);
	first = vk_cmd_begin(&dev);
	vkCmdFillBuffer(first, buf.buffer, 0, 4096, 7);
	VK_CHECK(vkEndCommandBuffer(first));
	second = vk_cmd_begin(&dev);
	vkCmdFillBuffer(second, buf.buffer, 0, 1024, 9);
	vk_cmd_barrier(second);
	VK_CHECK(vkEndCommandBuffer(second));

	const uint64_t wait1 = 1, signal1 = 5, wait2 = 5;
	const VkTimelineSemaphoreSubmitInfo tl1 = {
		.sType = VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO,
		.waitSemaphoreValueCount = 1, .pWaitSemaphoreValues = &wait1,
		.signalSemaphoreValueCount = 1, .pSignalSemaphoreValues = &signal1,
	};
	const VkTimelineSemaphoreSubmitInfo tl2 = {
		.sType = VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO,
		.waitSemaphoreValueCount = 1, .pWaitSemaphoreValues = &wait2,
	};
	const VkSubmitInfo submit1 = {
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .pNext = &tl1,
		.waitSemaphoreCount = 1, .pWaitSemaphores = &host_sem, .pWaitDstStageMask = &stage,
		.commandBufferCount = 1, .pCommandBuffers = &first,
		.signalSemaphoreCount = 1, .pSignalSemaphores = &gpu_sem,
	};
	const VkSubmitInfo submit2 = {
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .pNext = &tl2,
		.waitSemaphoreCount = 1, .pWaitSemaphores = &gpu_sem, .pWaitDstStageMask = &stage,
		.commandBufferCount = 1, .pCommandBuffers = &second,
	};
	/*
	 * With two queues, the second submission goes first, on the other
	 * queue: it waits for a point the first will signal. On one queue
	 * submissions run in order, so the first goes first.
	 */
	if (queues > 1) {
		VK_CHECK(vkQueueSubmit(dev.queues[1], 1, &submit2, fence));
		VK_CHECK(vkQueueSubmit(dev.queues[0], 1, &submit1, VK_NULL_HANDLE));
	} else {
		VK_CHECK(vkQueueSubmit(dev.queues[0], 1, &submit1, VK_NULL_HANDLE));
		VK_CHECK(vkQueueSubmit(dev.queues[0], 1, &submit2, fence));
	}
	REQUIRE_EQ(vkGetFenceStatus(dev.device, fence), VK_NOT_READY);
	struct signal_later later = { &dev, host_sem, 1 };
	REQUIRE(!pthread_create(&thread, NULL, signal_later_thread, &later));
	VK_CHECK(vkWaitForFences(dev.device, 1, &fence, VK_TRUE, 30 * SECOND));
	pthread_join(thread, NULL);
	REQUIRE_EQ(((uint32_t *)buf.map)[0], 9);
	REQUIRE_EQ(((uint32_t *)buf.map)[1023], 7);
	VK_CHECK(vkDeviceWaitIdle(dev.device));
	vkDestroySemaphore(dev.device, host_sem, NULL);
	vkDestroySemaphore(dev.device, gpu_sem, NULL);
	vkDestroyFence(dev.device, fence, NULL);
	vk_buf_destroy(&dev, &buf);
	vk_dev_destroy(&dev);
}

VK_TEST(timeline_wbs, "timeline-wait-before-signal")
{
	wait_before_signal(1);
}

VK_TEST(timeline_wbs_queues, "timeline-wait-before-signal-cross-queue")
{
	wait_before_signal(2);
}

static VkEvent event_create(struct vk_dev *dev)
{
	const VkEventCreateInfo info = { .sType = VK_STRUCTURE_TYPE_EVENT_CREATE_INFO };
	VkEvent event;

	VK_CHECK(vkCreateEvent(dev->device, &info, NULL, &event));
	return event;
}

VK_TEST(event_host, "event-host-set-reset-status")
{
	struct vk_dev dev;
	VkEvent event;

	vk_dev_create(&dev, NULL);
	event = event_create(&dev);
	REQUIRE_EQ(vkGetEventStatus(dev.device, event), VK_EVENT_RESET);
	VK_CHECK(vkSetEvent(dev.device, event));
	REQUIRE_EQ(vkGetEventStatus(dev.device, event), VK_EVENT_SET);
	VK_CHECK(vkResetEvent(dev.device, event));
	REQUIRE_EQ(vkGetEventStatus(dev.device, event), VK_EVENT_RESET);
	vkDestroyEvent(dev.device, event, NULL);
	vk_dev_destroy(&dev);
}

VK_TEST(event_device, "event-device-set-and-host-set-device-wait")
{
	struct vk_dev dev;
	struct vk_buf buf;
	VkEvent from_device, from_host;
	VkCommandBuffer cmd;
	VkFence fence;

	vk_dev_create(&dev, NULL);
	vk_buf_create(&dev, 4096, 0, &buf);
	from_device = event_create(&dev);
	from_host = event_create(&dev);
	fence = fence_create(&dev, false);
	cmd = vk_cmd_begin(&dev);
	vkCmdFillBuffer(cmd, buf.buffer, 0, 4096, 3);
	vkCmdSetEvent(cmd, from_device, VK_PIPELINE_STAGE_TRANSFER_BIT);
	/* Orders the two fills, then waits for the host, then overwrites the first half. */
	vk_cmd_barrier(cmd);
	const VkMemoryBarrier barrier = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
		.srcAccessMask = VK_ACCESS_HOST_WRITE_BIT,
		.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
	};
	vkCmdWaitEvents(cmd, 1, &from_host, VK_PIPELINE_STAGE_HOST_BIT,
			VK_PIPELINE_STAGE_TRANSFER_BIT, 1, &barrier, 0, NULL, 0, NULL);
	vkCmdFillBuffer(cmd, buf.buffer, 0, 2048, 4);
	vk_cmd_barrier(cmd);
	VK_CHECK(vkEndCommandBuffer(cmd));
	const VkSubmitInfo submit = {
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
		.commandBufferCount = 1, .pCommandBuffers = &cmd,
	};
	VK_CHECK(vkQueueSubmit(dev.queues[0], 1, &submit, fence));
	/* The device sets its event; the host sees it, then releases the device. */
	for (int i = 0; i < 3000 && vkGetEventStatus(dev.device, from_device) != VK_EVENT_SET; i++)
		usleep(1000);
	REQUIRE_EQ(vkGetEventStatus(dev.device, from_device), VK_EVENT_SET);
	REQUIRE_EQ(vkGetFenceStatus(dev.device, fence), VK_NOT_READY);
	VK_CHECK(vkSetEvent(dev.device, from_host));
	VK_CHECK(vkWaitForFences(dev.device, 1, &fence, VK_TRUE, 10 * SECOND));
	REQUIRE_EQ(((uint32_t *)buf.map)[0], 4);
	REQUIRE_EQ(((uint32_t *)buf.map)[1023], 3);
	vkDestroyEvent(dev.device, from_device, NULL);
	vkDestroyEvent(dev.device, from_host, NULL);
	vkDestroyFence(dev.device, fence, NULL);
	vk_buf_destroy(&dev, &buf);
	vk_dev_destroy(&dev);
}

/*
 * Queues are independent: a submission parked on an event nobody has set
 * yet (vkCmdWaitEvents) on queue 0 does not hold up a submission on queue
 * 1, whose fence signals first; the host's vkSetEvent then releases the
 * first. Needs two queues (lavapipe has one: it skips).
 */
VK_TEST(event_wait_other_queue, "event-wait-does-not-stall-another-queue")
{
	const struct vk_dev_options options = { .queues = 2 };
	struct vk_dev dev;
	struct vk_buf buf;
	VkEvent from_host;
	VkCommandBuffer waiter, other;
	VkFence waiter_done, other_done;

	vk_dev_create(&dev, &options);
	vk_buf_create(&dev, 4096, 0, &buf);
	from_host = event_create(&dev);
	waiter_done = fence_create(&dev, false);
	other_done = fence_create(&dev, false);

	waiter = vk_cmd_begin(&dev);
	const VkMemoryBarrier barrier = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
		.srcAccessMask = VK_ACCESS_HOST_WRITE_BIT,
		.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
	};
	vkCmdWaitEvents(waiter, 1, &from_host, VK_PIPELINE_STAGE_HOST_BIT,
			VK_PIPELINE_STAGE_TRANSFER_BIT, 1, &barrier, 0, NULL, 0, NULL);
	vkCmdFillBuffer(waiter, buf.buffer, 0, 2048, 5);
	vk_cmd_barrier(waiter);
	VK_CHECK(vkEndCommandBuffer(waiter));
	other = vk_cmd_begin(&dev);
	vkCmdFillBuffer(other, buf.buffer, 2048, 2048, 6);
	vk_cmd_barrier(other);
	VK_CHECK(vkEndCommandBuffer(other));

	const VkSubmitInfo submit_waiter = {
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
		.commandBufferCount = 1, .pCommandBuffers = &waiter,
	};
	const VkSubmitInfo submit_other = {
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
		.commandBufferCount = 1, .pCommandBuffers = &other,
	};
	VK_CHECK(vkQueueSubmit(dev.queues[0], 1, &submit_waiter, waiter_done));
	VK_CHECK(vkQueueSubmit(dev.queues[1], 1, &submit_other, other_done));

	/* The other queue's work completes while the first still waits. */
	VK_CHECK(vkWaitForFences(dev.device, 1, &other_done, VK_TRUE, 10 * SECOND));
	REQUIRE_EQ(((uint32_t *)buf.map)[1023], 6);
	REQUIRE_EQ(vkGetFenceStatus(dev.device, waiter_done), VK_NOT_READY);
	REQUIRE_EQ(((uint32_t *)buf.map)[0], 0);

	VK_CHECK(vkSetEvent(dev.device, from_host));
	VK_CHECK(vkWaitForFences(dev.device, 1, &waiter_done, VK_TRUE, 10 * SECOND));
	REQUIRE_EQ(((uint32_t *)buf.map)[0], 5);
	REQUIRE_EQ(((uint32_t *)buf.map)[511], 5);
	REQUIRE_EQ(((uint32_t *)buf.map)[512], 6);

	vkDestroyEvent(dev.device, from_host, NULL);
	vkDestroyFence(dev.device, waiter_done, NULL);
	vkDestroyFence(dev.device, other_done, NULL);
	vk_buf_destroy(&dev, &buf);
	vk_dev_destroy(&dev);
}

VK_TEST(query_timestamp, "query-timestamps")
{
	VkPhysicalDeviceHostQueryResetFeatures reset_features = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_HOST_QUERY_RESET_FEATURES,
		.hostQueryReset = VK_TRUE,
	};
	const struct vk_dev_options options = { .features = &reset_features };
	struct vk_dev dev;
	struct vk_buf buf, copy;
	VkQueryPool pool;
	VkCommandBuffer cmd;
	uint64_t results[4];

	vk_dev_create(&dev, &options);
	vk_buf_create(&dev, 1 << 20, 0, &buf);
	vk_buf_create(&dev, 4096, 0, &copy);
	const VkQueryPoolCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
		.queryType = VK_QUERY_TYPE_TIMESTAMP, .queryCount = 2,
	};
	VK_CHECK(vkCreateQueryPool(dev.device, &info, NULL, &pool));
	vkResetQueryPool(dev.device, pool, 0, 2);
	REQUIRE_EQ(vkGetQueryPoolResults(dev.device, pool, 0, 2, sizeof(results), results, 16,
					 VK_QUERY_RESULT_64_BIT), VK_NOT_READY);
	cmd = vk_cmd_begin(&dev);
	vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, pool, 0);
	vkCmdFillBuffer(cmd, buf.buffer, 0, VK_WHOLE_SIZE, 1);
	vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool, 1);
	vkCmdCopyQueryPoolResults(cmd, pool, 0, 2, copy.buffer, 0, 16,
				  VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT |
				  VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&dev, cmd, 0);
	VK_CHECK(vkGetQueryPoolResults(dev.device, pool, 0, 2, sizeof(results), results, 16,
				       VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT |
				       VK_QUERY_RESULT_WITH_AVAILABILITY_BIT));
	REQUIRE(results[1] == 1 && results[3] == 1);
	REQUIRE(results[2] >= results[0]);
	const uint64_t *copied = copy.map;
	REQUIRE(copied[0] == results[0] && copied[2] == results[2]);
	REQUIRE(copied[1] == 1 && copied[3] == 1);
	vkDestroyQueryPool(dev.device, pool, NULL);
	vk_buf_destroy(&dev, &buf);
	vk_buf_destroy(&dev, &copy);
	vk_dev_destroy(&dev);
}

/*
 * Calibrated timestamps, through VK_KHR_calibrated_timestamps or, when the
 * device lacks it (lavapipe 25.0) or under the validation layer,
 * VK_EXT_calibrated_timestamps: bookworm's layer (1.3.239) predates the KHR
 * extension (Vulkan 1.3.278) and knows only the EXT one, whose commands and
 * values are the same.
 */
struct calibration {
	struct vk_dev dev;
	PFN_vkGetPhysicalDeviceCalibrateableTimeDomainsKHR get_domains;
	PFN_vkGetCalibratedTimestampsKHR calibrate;
};

static void calibration_create(struct calibration *c)
{
	static const char *const both[] = {
		VK_KHR_CALIBRATED_TIMESTAMPS_EXTENSION_NAME,
		VK_EXT_CALIBRATED_TIMESTAMPS_EXTENSION_NAME,
	};
	const bool validation = vk_test_under_validation();
	const struct vk_dev_options options = {
		.one_of = validation ? both + 1 : both,
		.one_of_count = validation ? 1 : 2,
	};
	bool khr;

	vk_dev_create(&c->dev, &options);
	khr = c->dev.one_of == both[0];
	c->get_domains = (PFN_vkGetPhysicalDeviceCalibrateableTimeDomainsKHR)
		vkGetInstanceProcAddr(c->dev.instance,
				      khr ? "vkGetPhysicalDeviceCalibrateableTimeDomainsKHR" :
					    "vkGetPhysicalDeviceCalibrateableTimeDomainsEXT");
	REQUIRE(c->get_domains);
	c->calibrate = (PFN_vkGetCalibratedTimestampsKHR)
		vk_dev_proc(&c->dev, khr ? "vkGetCalibratedTimestampsKHR" :
					   "vkGetCalibratedTimestampsEXT");
}

/* Whether the device calibrates @domain; SKIP if it is one the test needs. */
static bool calibration_has_domain(struct calibration *c, VkTimeDomainKHR domain, bool need)
{
	VkTimeDomainKHR domains[16];
	uint32_t count = 16;

	VK_CHECK(c->get_domains(c->dev.physical, &count, domains));
	for (uint32_t i = 0; i < count; i++)
		if (domains[i] == domain)
			return true;
	if (need)
		vk_test_skip("the device does not calibrate time domain %d", domain);
	return false;
}

static uint64_t clock_ns(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (uint64_t)ts.tv_sec * SECOND + (uint64_t)ts.tv_nsec;
}

VK_TEST(calibrated_domains, "calibrated-timestamps-domains")
{
	VkTimeDomainKHR all[16], part[16];
	uint32_t count = 0, n;
	struct calibration c;

	calibration_create(&c);
	VK_CHECK(c.get_domains(c.dev.physical, &count, NULL));
	REQUIRE(count >= 1 && count <= 16);
	n = count;
	VK_CHECK(c.get_domains(c.dev.physical, &n, all));
	REQUIRE_EQ(n, count);
	for (uint32_t i = 0; i < count; i++)
		for (uint32_t j = 0; j < i; j++)
			REQUIRE(all[i] != all[j]);
	/* Too short an array: as many as fit, and VK_INCOMPLETE. */
	for (uint32_t short_count = 0; short_count < count; short_count++) {
		n = short_count;
		memset(part, 0xff, sizeof(part));
		REQUIRE_EQ(c.get_domains(c.dev.physical, &n, part), VK_INCOMPLETE);
		REQUIRE_EQ(n, short_count);
		REQUIRE(!memcmp(part, all, short_count * sizeof(all[0])));
		REQUIRE_EQ(part[short_count], (VkTimeDomainKHR)-1);
	}
	/* A larger array: all of them, and VK_SUCCESS. */
	n = 16;
	VK_CHECK(c.get_domains(c.dev.physical, &n, part));
	REQUIRE_EQ(n, count);
	REQUIRE(calibration_has_domain(&c, VK_TIME_DOMAIN_DEVICE_KHR, false));
	vk_dev_destroy(&c.dev);
}

/*
 * The host clocks, alone and with the device's: each value lies between
 * clock_gettime() readings taken before and after the call, and the
 * maximum deviation is positive and far below the time the call took.
 */
VK_TEST(calibrated_host, "calibrated-timestamps-host-clocks")
{
	struct calibration c;
	bool has_raw, has_device;

	calibration_create(&c);
	calibration_has_domain(&c, VK_TIME_DOMAIN_CLOCK_MONOTONIC_KHR, true);
	has_raw = calibration_has_domain(&c, VK_TIME_DOMAIN_CLOCK_MONOTONIC_RAW_KHR, false);
	has_device = calibration_has_domain(&c, VK_TIME_DOMAIN_DEVICE_KHR, false);
	for (int with_device = 0; with_device <= has_device; with_device++) {
		VkCalibratedTimestampInfoKHR infos[3];
		uint64_t values[3], deviation = 0, mono0, raw0, mono1, raw1;
		uint32_t n = 0;

		infos[n++] = (VkCalibratedTimestampInfoKHR) {
			.sType = VK_STRUCTURE_TYPE_CALIBRATED_TIMESTAMP_INFO_KHR,
			.timeDomain = VK_TIME_DOMAIN_CLOCK_MONOTONIC_KHR,
		};
		if (has_raw)
			infos[n++] = (VkCalibratedTimestampInfoKHR) {
				.sType = VK_STRUCTURE_TYPE_CALIBRATED_TIMESTAMP_INFO_KHR,
				.timeDomain = VK_TIME_DOMAIN_CLOCK_MONOTONIC_RAW_KHR,
			};
		if (with_device)
			infos[n++] = (VkCalibratedTimestampInfoKHR) {
				.sType = VK_STRUCTURE_TYPE_CALIBRATED_TIMESTAMP_INFO_KHR,
				.timeDomain = VK_TIME_DOMAIN_DEVICE_KHR,
			};
		mono0 = clock_ns(CLOCK_MONOTONIC);
		raw0 = clock_ns(CLOCK_MONOTONIC_RAW);
		VK_CHECK(c.calibrate(c.dev.device, n, infos, values, &deviation));
		raw1 = clock_ns(CLOCK_MONOTONIC_RAW);
		mono1 = clock_ns(CLOCK_MONOTONIC);
		REQUIRE(mono0 <= values[0] && values[0] <= mono1);
		if (has_raw)
			REQUIRE(raw0 <= values[1] && values[1] <= raw1);
		REQUIRE(deviation > 0);
		/* The samples were taken inside the call: give 1 ms for clock reads. */
		REQUIRE(deviation <= raw1 - raw0 + 1000000);
		REQUIRE(deviation < SECOND);
	}
	vk_dev_destroy(&c.dev);
}

/*
 * A timestamp written by a command buffer between two calibrations lies
 * between their device values, and the device clock advances like
 * CLOCK_MONOTONIC (within the deviations, and 1% for the guest's clock).
 */
VK_TEST(calibrated_device, "calibrated-timestamps-bracket-write-timestamp")
{
	const VkCalibratedTimestampInfoKHR infos[2] = {
		{ .sType = VK_STRUCTURE_TYPE_CALIBRATED_TIMESTAMP_INFO_KHR,
		  .timeDomain = VK_TIME_DOMAIN_DEVICE_KHR },
		{ .sType = VK_STRUCTURE_TYPE_CALIBRATED_TIMESTAMP_INFO_KHR,
		  .timeDomain = VK_TIME_DOMAIN_CLOCK_MONOTONIC_KHR },
	};
	uint64_t first[2], second[2], deviation[2], written;
	struct calibration c;
	VkQueryPool pool;
	VkCommandBuffer cmd;
	double period, device_ns, cpu_ns;

	calibration_create(&c);
	calibration_has_domain(&c, VK_TIME_DOMAIN_DEVICE_KHR, true);
	calibration_has_domain(&c, VK_TIME_DOMAIN_CLOCK_MONOTONIC_KHR, true);
	period = c.dev.props.limits.timestampPeriod;
	REQUIRE(period > 0);
	const VkQueryPoolCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
		.queryType = VK_QUERY_TYPE_TIMESTAMP, .queryCount = 1,
	};
	VK_CHECK(vkCreateQueryPool(c.dev.device, &info, NULL, &pool));
	cmd = vk_cmd_begin(&c.dev);
	vkCmdResetQueryPool(cmd, pool, 0, 1);
	vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool, 0);

	VK_CHECK(c.calibrate(c.dev.device, 2, infos, first, &deviation[0]));
	vk_cmd_submit_wait(&c.dev, cmd, 0);
	usleep(50 * 1000);
	VK_CHECK(c.calibrate(c.dev.device, 2, infos, second, &deviation[1]));
	VK_CHECK(vkGetQueryPoolResults(c.dev.device, pool, 0, 1, sizeof(written), &written,
				       sizeof(written),
				       VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));

	/* Both in timestamp ticks: timestampPeriod converts them alike. */
	REQUIRE(first[0] <= written && written <= second[0]);
	REQUIRE(deviation[0] > 0 && deviation[0] < SECOND);
	REQUIRE(deviation[1] > 0 && deviation[1] < SECOND);
	device_ns = (second[0] - first[0]) * period;
	cpu_ns = second[1] - first[1];
	REQUIRE(cpu_ns >= 50e6);
	if (device_ns < cpu_ns * 0.99 - deviation[0] - deviation[1] ||
	    device_ns > cpu_ns * 1.01 + deviation[0] + deviation[1])
		vk_test_fail(__FILE__, __LINE__, "device advanced %.0f ns, CLOCK_MONOTONIC %.0f ns "
			     "(deviations %llu, %llu ns)", device_ns, cpu_ns,
			     (unsigned long long)deviation[0], (unsigned long long)deviation[1]);
	vkDestroyQueryPool(c.dev.device, pool, NULL);
	vk_dev_destroy(&c.dev);
}

/*
 * A command buffer that never finishes (it waits for an event nobody
 * sets) is a hang: Ember's watchdog stops it, the device is lost for this
 * VkDevice only, and another VkDevice on the same GPU keeps working.
 * Ember only: other drivers may wait forever.
 */
VK_TEST(device_lost, "device-lost-after-hang-only-for-its-device")
{
	struct vk_dev dev, other;
	struct vk_buf buf;
	VkEvent never;
	VkCommandBuffer cmd;
	VkFence fence;
	VkResult result;

	/*
	 * The 1.3.239 validation layer keeps a lost device's objects "in use"
	 * and reports their destruction: device loss is tested without it.
	 */
	if (vk_test_under_validation())
		vk_test_skip("device loss confuses the validation layer's object tracking");
	vk_dev_create(&dev, NULL);
	if (!vk_dev_is_ember(&dev))
		vk_test_skip("needs Ember's watchdog (a hang on other devices may never end)");
	vk_dev_create(&other, NULL);
	never = event_create(&dev);
	fence = fence_create(&dev, false);
	cmd = vk_cmd_begin(&dev);
	vkCmdWaitEvents(cmd, 1, &never, VK_PIPELINE_STAGE_HOST_BIT,
			VK_PIPELINE_STAGE_TRANSFER_BIT, 0, NULL, 0, NULL, 0, NULL);
	VK_CHECK(vkEndCommandBuffer(cmd));
	const VkSubmitInfo submit = {
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
		.commandBufferCount = 1, .pCommandBuffers = &cmd,
	};
	VK_CHECK(vkQueueSubmit(dev.queues[0], 1, &submit, fence));
	result = vkWaitForFences(dev.device, 1, &fence, VK_TRUE, 60 * SECOND);
	REQUIRE_EQ(result, VK_ERROR_DEVICE_LOST);
	REQUIRE_EQ(vkQueueSubmit(dev.queues[0], 0, NULL, VK_NULL_HANDLE), VK_ERROR_DEVICE_LOST);
	REQUIRE_EQ(vkDeviceWaitIdle(dev.device), VK_ERROR_DEVICE_LOST);

	/* The other device is innocent. */
	vk_buf_create(&other, 4096, 0, &buf);
	cmd = vk_cmd_begin(&other);
	vkCmdFillBuffer(cmd, buf.buffer, 0, 4096, 42);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&other, cmd, 0);
	REQUIRE_EQ(((uint32_t *)buf.map)[1023], 42);
	vk_buf_destroy(&other, &buf);
	vk_dev_destroy(&other);
	vkDestroyEvent(dev.device, never, NULL);
	vkDestroyFence(dev.device, fence, NULL);
	vk_dev_destroy(&dev);
}
