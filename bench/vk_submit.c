// SPDX-License-Identifier: MIT
/*
 * Guest benchmark: a no-op dispatch through Vulkan, from vkQueueSubmit to
 * its fence, as a ratio to the device's bare fence round trip measured in
 * the same run (the baseline of job_submit: debugfs "ring_ping" of
 * ember.ko, one FENCE|IRQ packet through the ring and the interrupt).
 *
 * A command buffer of one vkCmdDispatch(1, 1, 1) of an empty compute
 * shader is submitted with a fence, then vkWaitForFences; samples are
 * interleaved with the baseline's (the machine is shared: load moves every
 * figure several-fold, the ratio much less); medians. Two ends:
 * - to the signal: the fence's dma-fence timestamp, read through
 *   vkGetFenceFdKHR(SYNC_FD) after the wait (the submit->fence);
 * - to the wake-up: vkWaitForFences returning.
 * Goal: submit->signal <= 2.5x the bare round trip (what the Vulkan driver
 * and ember.ko add together).
 *
 * Needs root and debugfs. Usage: vk_submit [ITERATIONS]
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include <vulkan/vulkan.h>

#include <linux/sync_file.h>

#include "drmtest.h"
#include "igt_debugfs.h"
#include "igt_ember.h"

#include "vk_noop.spv.h"

#define CHECK(call)								\
	do {									\
		VkResult r_ = (call);						\
		if (r_ != VK_SUCCESS) {						\
			fprintf(stderr, "vk_submit: %s failed: %d\n", #call, r_); \
			exit(1);						\
		}								\
	} while (0)

struct round_trip {
	double signal;	/* until the fence signalled */
	double wake;	/* until the waiting thread got the CPU back */
};

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static struct round_trip median(struct round_trip *v, int n)
{
	double *tmp = calloc(n, sizeof(*tmp));
	struct round_trip m;

	for (int i = 0; i < n; i++)
		tmp[i] = v[i].signal;
	qsort(tmp, n, sizeof(*tmp), cmp_double);
	m.signal = tmp[n / 2];
	for (int i = 0; i < n; i++)
		tmp[i] = v[i].wake;
	qsort(tmp, n, sizeof(*tmp), cmp_double);
	m.wake = tmp[n / 2];
	free(tmp);
	return m;
}

/* The signal time of a sync_file's fence (CLOCK_MONOTONIC ns). */
static double sync_file_signal_ns(int sync_file)
{
	struct sync_fence_info fence = { 0 };
	struct sync_file_info info = {
		.num_fences = 1,
		.sync_fence_info = (uintptr_t)&fence,
	};

	igt_assert_eq(ioctl(sync_file, SYNC_IOC_FILE_INFO, &info), 0);
	igt_assert_eq(fence.status, 1);
	return fence.timestamp_ns;
}

/* The bare fence round trip: a write() to debugfs ring_ping (job_submit.c). */
static struct round_trip ring_ping_once(int ping_fd, unsigned int ring)
{
	char text[512], *line;
	unsigned long long value;
	long long signalled;
	struct round_trip rt = { 0 };
	unsigned int r;
	size_t len;
	ssize_t n;
	double t0;

	len = snprintf(text, sizeof(text), "%u", ring);
	t0 = now_ns();
	igt_assert_f(write(ping_fd, text, len) == (ssize_t)len, "ring_ping: %s\n",
		     strerror(errno));
	rt.wake = now_ns() - t0;
	igt_assert_eq(lseek(ping_fd, 0, SEEK_SET), 0);
	n = read(ping_fd, text, sizeof(text) - 1);
	igt_assert(n > 0);
	text[n] = '\0';
	for (line = text; line; line = strchr(line, '\n'), line = line ? line + 1 : NULL)
		if (sscanf(line, "ring%u ping %llu signalled %lld", &r, &value, &signalled) == 3 &&
		    r == ring)
			rt.signal = signalled - t0;
	return rt;
}

struct vk {
	VkInstance instance;
	VkDevice device;
	VkQueue queue;
	VkCommandBuffer cmd;
	VkFence fence;
	PFN_vkGetFenceFdKHR get_fence_fd;
};

static void vk_setup(struct vk *vk)
{
	const VkApplicationInfo app = {
		.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
		.apiVersion = VK_API_VERSION_1_1,
	};
	const VkInstanceCreateInfo instance_info = {
		.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
		.pApplicationInfo = &app,
	};
	const float priority = 1.0f;
	const VkDeviceQueueCreateInfo queue_info = {
		.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
		.queueCount = 1,
		.pQueuePriorities = &priority,
	};
	const char *extensions[] = { VK_KHR_EXTERNAL_FENCE_FD_EXTENSION_NAME };
	const VkDeviceCreateInfo device_info = {
		.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
		.queueCreateInfoCount = 1,
		.pQueueCreateInfos = &queue_info,
		.enabledExtensionCount = 1,
		.ppEnabledExtensionNames = extensions,
	};
	const VkExportFenceCreateInfo export = {
		.sType = VK_STRUCTURE_TYPE_EXPORT_FENCE_CREATE_INFO,
		.handleTypes = VK_EXTERNAL_FENCE_HANDLE_TYPE_SYNC_FD_BIT,
	};
	const VkFenceCreateInfo fence_info = {
		.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
		.pNext = &export,
	};
	VkPhysicalDevice pd;
	uint32_t count = 1;

	CHECK(vkCreateInstance(&instance_info, NULL, &vk->instance));
	/* The first device: the guest has only Ember's ICD. VK_INCOMPLETE is fine. */
	if (vkEnumeratePhysicalDevices(vk->instance, &count, &pd) < 0 || !count) {
		fprintf(stderr, "vk_submit: no Vulkan device\n");
		exit(1);
	}
	CHECK(vkCreateDevice(pd, &device_info, NULL, &vk->device));
	vkGetDeviceQueue(vk->device, 0, 0, &vk->queue);
	vk->get_fence_fd = (PFN_vkGetFenceFdKHR)vkGetDeviceProcAddr(vk->device, "vkGetFenceFdKHR");
	igt_assert(vk->get_fence_fd);
	CHECK(vkCreateFence(vk->device, &fence_info, NULL, &vk->fence));

	const VkPipelineLayoutCreateInfo layout_info = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
	};
	const VkShaderModuleCreateInfo module_info = {
		.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
		.codeSize = sizeof(vk_noop_spv),
		.pCode = vk_noop_spv,
	};
	VkPipelineLayout layout;
	VkShaderModule module;
	VkPipeline pipeline;
	VkCommandPool pool;

	CHECK(vkCreatePipelineLayout(vk->device, &layout_info, NULL, &layout));
	CHECK(vkCreateShaderModule(vk->device, &module_info, NULL, &module));
	const VkComputePipelineCreateInfo pipeline_info = {
		.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
		.stage = {
			.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
			.stage = VK_SHADER_STAGE_COMPUTE_BIT,
			.module = module,
			.pName = "main",
		},
		.layout = layout,
	};
	CHECK(vkCreateComputePipelines(vk->device, VK_NULL_HANDLE, 1, &pipeline_info, NULL,
				       &pipeline));
	const VkCommandPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
	};
	CHECK(vkCreateCommandPool(vk->device, &pool_info, NULL, &pool));
	const VkCommandBufferAllocateInfo cmd_info = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
		.commandPool = pool,
		.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
		.commandBufferCount = 1,
	};
	CHECK(vkAllocateCommandBuffers(vk->device, &cmd_info, &vk->cmd));
	const VkCommandBufferBeginInfo begin = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
	};
	CHECK(vkBeginCommandBuffer(vk->cmd, &begin));
	vkCmdBindPipeline(vk->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
	vkCmdDispatch(vk->cmd, 1, 1, 1);
	CHECK(vkEndCommandBuffer(vk->cmd));
}

static struct round_trip vk_once(struct vk *vk)
{
	const VkSubmitInfo submit = {
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
		.commandBufferCount = 1,
		.pCommandBuffers = &vk->cmd,
	};
	const VkFenceGetFdInfoKHR get_fd = {
		.sType = VK_STRUCTURE_TYPE_FENCE_GET_FD_INFO_KHR,
		.fence = vk->fence,
		.handleType = VK_EXTERNAL_FENCE_HANDLE_TYPE_SYNC_FD_BIT,
	};
	struct round_trip rt;
	int sync_file;
	double t0;

	CHECK(vkResetFences(vk->device, 1, &vk->fence));
	t0 = now_ns();
	CHECK(vkQueueSubmit(vk->queue, 1, &submit, vk->fence));
	CHECK(vkWaitForFences(vk->device, 1, &vk->fence, VK_TRUE, UINT64_MAX));
	rt.wake = now_ns() - t0;
	CHECK(vk->get_fence_fd(vk->device, &get_fd, &sync_file));
	/* -1: the fence had already signalled when exported (allowed by the spec). */
	rt.signal = sync_file >= 0 ? sync_file_signal_ns(sync_file) - t0 : rt.wake;
	if (sync_file >= 0)
		close(sync_file);
	return rt;
}

int main(int argc, char **argv)
{
	int iterations = argc > 1 ? atoi(argv[1]) : 1000;
	struct round_trip *ping, *job, p, j;
	struct drm_ember_gpu_info info;
	int fd = __drm_open_driver_render(DRIVER_EMBER), ping_fd;
	unsigned int ring;
	struct vk vk;

	if (fd < 0 || iterations < 10) {
		fprintf(stderr, "vk_submit: %s\n", fd < 0 ? "no Ember render node" :
			"ITERATIONS must be at least 10");
		return 1;
	}
	ping_fd = igt_debugfs_open(fd, "ring_ping", O_RDWR);
	if (ping_fd < 0) {
		fprintf(stderr, "vk_submit: cannot open ember.ko's debugfs ring_ping (%s): run as "
			"root with debugfs mounted on /sys/kernel/debug\n", strerror(errno));
		return 1;
	}
	igt_ember_get_gpu_info(fd, &info);
	/* A VkQueue of default priority is a MEDIUM kernel queue (ember_device.c). */
	ring = info.num_rings > 1 ? 1 : 0;
	vk_setup(&vk);
	ping = calloc(iterations, sizeof(*ping));
	job = calloc(iterations, sizeof(*job));
	igt_assert(ping && job);
	for (int i = 0; i < iterations / 10; i++) {
		vk_once(&vk);
		ring_ping_once(ping_fd, ring);
	}
	for (int i = 0; i < iterations; i++) {
		job[i] = vk_once(&vk);
		ping[i] = ring_ping_once(ping_fd, ring);
	}
	p = median(ping, iterations);
	j = median(job, iterations);
	printf("vk_submit: %d iterations; baseline: the bare fence round trip (ring%u ping): "
	       "%.1f us to the signal, %.1f us to the wake-up\n", iterations, ring,
	       p.signal / 1e3, p.wake / 1e3);
	printf("  no-op dispatch, vkQueueSubmit->fence signal   %8.1f us  ratio %.2f "
	       "(goal <= 2.50)\n", j.signal / 1e3, j.signal / p.signal);
	printf("  no-op dispatch, vkQueueSubmit->wait returns   %8.1f us  ratio %.2f\n",
	       j.wake / 1e3, j.wake / p.wake);
	vkDeviceWaitIdle(vk.device);
	return 0;
}
