/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: ember-mandelbrot — a Vulkan compute program that draws a picture
 *
 * An ordinary Vulkan application, nothing Ember-specific: it asks the
 * loader for a GPU (the first one, or the one whose name contains
 * --device NAME), runs mandelbrot.comp over a WIDTHxHEIGHT image, checks
 * every pixel's iteration count against a C reference, and writes the
 * picture as a PNG (demo_png.c). Exit status 0
 * only when the picture matches: at most 1% of the pixels may differ, by
 * float rounding near the set's boundary where iterations are chaotic (an
 * implementation may fuse multiply-adds); the count is printed.
 *
 * Usage: ember-mandelbrot [--device NAME] [--size WxH] [--iterations N] OUT.png
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <vulkan/vulkan.h>

#include "demo_png.h"
#include "mandelbrot.spv.h"

struct view {
	uint32_t width, height, max_iter, pad;
	float center_x, center_y, scale, pad2;
};

#define CHECK(call)								\
	do {									\
		VkResult r_ = (call);						\
		if (r_ != VK_SUCCESS) {						\
			fprintf(stderr, "ember-mandelbrot: %s failed: %d\n", #call, r_); \
			exit(1);						\
		}								\
	} while (0)

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The shader's loop in C, with the same float operations in the same order. */
static uint32_t reference_iterations(const struct view *v, uint32_t px, uint32_t py)
{
	float cx = v->center_x + ((float)px - (float)v->width * 0.5f) * v->scale;
	float cy = v->center_y + ((float)py - (float)v->height * 0.5f) * v->scale;
	float x = 0.0f, y = 0.0f;
	uint32_t i = 0;

	while (i < v->max_iter && x * x + y * y <= 4.0f) {
		float t = x * x - y * y + cx;

		y = 2.0f * x * y + cy;
		x = t;
		i++;
	}
	return i;
}

static uint32_t find_memory_type(VkPhysicalDevice pd, VkMemoryPropertyFlags want, uint32_t bits)
{
	VkPhysicalDeviceMemoryProperties mem;

	vkGetPhysicalDeviceMemoryProperties(pd, &mem);
	for (uint32_t i = 0; i < mem.memoryTypeCount; i++)
		if ((bits & (1u << i)) && (mem.memoryTypes[i].propertyFlags & want) == want)
			return i;
	fprintf(stderr, "ember-mandelbrot: no host-visible coherent memory\n");
	exit(1);
}

struct gpu_buffer {
	VkBuffer buffer;
	VkDeviceMemory memory;
	void *map;
};

static void buffer_create(VkPhysicalDevice pd, VkDevice dev, VkDeviceSize size,
			  struct gpu_buffer *b)
{
	const VkBufferCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
		.size = size,
		.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
		.sharingMode = VK_SHARING_MODE_EXCLUSIVE,
	};
	VkMemoryRequirements req;

	CHECK(vkCreateBuffer(dev, &info, NULL, &b->buffer));
	vkGetBufferMemoryRequirements(dev, b->buffer, &req);
	const VkMemoryAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
		.allocationSize = req.size,
		.memoryTypeIndex = find_memory_type(pd, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
						    VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
						    req.memoryTypeBits),
	};
	CHECK(vkAllocateMemory(dev, &alloc, NULL, &b->memory));
	CHECK(vkBindBufferMemory(dev, b->buffer, b->memory, 0));
	CHECK(vkMapMemory(dev, b->memory, 0, VK_WHOLE_SIZE, 0, &b->map));
}

static VkPhysicalDevice pick_device(VkInstance instance, const char *name, char *out_name)
{
	VkPhysicalDevice devices[16];
	uint32_t count = 16;

	CHECK(vkEnumeratePhysicalDevices(instance, &count, devices));
	for (uint32_t i = 0; i < count; i++) {
		VkPhysicalDeviceProperties props;

		vkGetPhysicalDeviceProperties(devices[i], &props);
		if (!name || strstr(props.deviceName, name)) {
			snprintf(out_name, VK_MAX_PHYSICAL_DEVICE_NAME_SIZE, "%s", props.deviceName);
			return devices[i];
		}
	}
	fprintf(stderr, "ember-mandelbrot: no Vulkan device%s%s\n", name ? " named " : "",
		name ? name : "");
	exit(1);
}

int main(int argc, char **argv)
{
	struct view view = {
		.width = 1024, .height = 768, .max_iter = 256,
		.center_x = -0.6f, .center_y = 0.0f,
	};
	char device_name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
	const char *want_device = NULL, *out = NULL;
	struct gpu_buffer pixels, iters;
	uint32_t queue_family = UINT32_MAX, mismatches = 0;
	double t0, t1;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--device") && i + 1 < argc)
			want_device = argv[++i];
		else if (!strcmp(argv[i], "--size") && i + 1 < argc)
			sscanf(argv[++i], "%ux%u", &view.width, &view.height);
		else if (!strcmp(argv[i], "--iterations") && i + 1 < argc)
			view.max_iter = (uint32_t)atoi(argv[++i]);
		else
			out = argv[i];
	}
	if (!out || !view.width || !view.height || view.width > 8192 || view.height > 8192) {
		fprintf(stderr, "usage: ember-mandelbrot [--device NAME] [--size WxH] "
			"[--iterations N] OUT.png\n");
		return 2;
	}
	view.scale = 3.0f / (float)view.width;

	const VkApplicationInfo app = {
		.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
		.pApplicationName = "ember-mandelbrot",
		.apiVersion = VK_API_VERSION_1_1,
	};
	const VkInstanceCreateInfo instance_info = {
		.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
		.pApplicationInfo = &app,
	};
	VkInstance instance;

	CHECK(vkCreateInstance(&instance_info, NULL, &instance));
	VkPhysicalDevice pd = pick_device(instance, want_device, device_name);
	VkQueueFamilyProperties families[8];
	uint32_t family_count = 8;

	vkGetPhysicalDeviceQueueFamilyProperties(pd, &family_count, families);
	for (uint32_t i = 0; i < family_count && queue_family == UINT32_MAX; i++)
		if (families[i].queueFlags & VK_QUEUE_COMPUTE_BIT)
			queue_family = i;
	const float priority = 1.0f;
	const VkDeviceQueueCreateInfo queue_info = {
		.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
		.queueFamilyIndex = queue_family,
		.queueCount = 1,
		.pQueuePriorities = &priority,
	};
	const VkDeviceCreateInfo device_info = {
		.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
		.queueCreateInfoCount = 1,
		.pQueueCreateInfos = &queue_info,
	};
	VkDevice dev;
	VkQueue queue;

	CHECK(vkCreateDevice(pd, &device_info, NULL, &dev));
	vkGetDeviceQueue(dev, queue_family, 0, &queue);

	size_t count = (size_t)view.width * view.height;

	buffer_create(pd, dev, count * 4, &pixels);
	buffer_create(pd, dev, count * 4, &iters);

	const VkDescriptorSetLayoutBinding bindings[2] = {
		{ 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
		{ 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
	};
	const VkDescriptorSetLayoutCreateInfo set_layout_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
		.bindingCount = 2,
		.pBindings = bindings,
	};
	VkDescriptorSetLayout set_layout;

	CHECK(vkCreateDescriptorSetLayout(dev, &set_layout_info, NULL, &set_layout));
	const VkPushConstantRange push = { VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(view) };
	const VkPipelineLayoutCreateInfo layout_info = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
		.setLayoutCount = 1,
		.pSetLayouts = &set_layout,
		.pushConstantRangeCount = 1,
		.pPushConstantRanges = &push,
	};
	VkPipelineLayout layout;

	CHECK(vkCreatePipelineLayout(dev, &layout_info, NULL, &layout));
	const VkShaderModuleCreateInfo module_info = {
		.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
		.codeSize = sizeof(mandelbrot_spv),
		.pCode = mandelbrot_spv,
	};
	VkShaderModule module;

	CHECK(vkCreateShaderModule(dev, &module_info, NULL, &module));
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
	VkPipeline pipeline;

	t0 = now_s();
	CHECK(vkCreateComputePipelines(dev, VK_NULL_HANDLE, 1, &pipeline_info, NULL, &pipeline));
	t1 = now_s();
	printf("   device: %s; pipeline created in %.1f ms\n", device_name, (t1 - t0) * 1e3);

	const VkDescriptorPoolSize pool_size = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2 };
	const VkDescriptorPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.maxSets = 1,
		.poolSizeCount = 1,
		.pPoolSizes = &pool_size,
	};
	VkDescriptorPool pool;
	VkDescriptorSet set;

	CHECK(vkCreateDescriptorPool(dev, &pool_info, NULL, &pool));
	const VkDescriptorSetAllocateInfo set_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = pool,
		.descriptorSetCount = 1,
		.pSetLayouts = &set_layout,
	};
	CHECK(vkAllocateDescriptorSets(dev, &set_info, &set));
	const VkDescriptorBufferInfo buffer_infos[2] = {
		{ pixels.buffer, 0, VK_WHOLE_SIZE },
		{ iters.buffer, 0, VK_WHOLE_SIZE },
	};
	const VkWriteDescriptorSet write = {
		.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
		.dstSet = set,
		.dstBinding = 0,
		.descriptorCount = 2,
		.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
		.pBufferInfo = buffer_infos,
	};
	vkUpdateDescriptorSets(dev, 1, &write, 0, NULL);

	const VkCommandPoolCreateInfo cmd_pool_info = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
		.queueFamilyIndex = queue_family,
	};
	VkCommandPool cmd_pool;
	VkCommandBuffer cmd;

	CHECK(vkCreateCommandPool(dev, &cmd_pool_info, NULL, &cmd_pool));
	const VkCommandBufferAllocateInfo cmd_info = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
		.commandPool = cmd_pool,
		.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
		.commandBufferCount = 1,
	};
	CHECK(vkAllocateCommandBuffers(dev, &cmd_info, &cmd));
	const VkCommandBufferBeginInfo begin = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
		.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
	};
	const VkMemoryBarrier to_host = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
		.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
		.dstAccessMask = VK_ACCESS_HOST_READ_BIT,
	};
	CHECK(vkBeginCommandBuffer(cmd, &begin));
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, NULL);
	vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(view), &view);
	vkCmdDispatch(cmd, (view.width + 7) / 8, (view.height + 7) / 8, 1);
	vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT,
			     0, 1, &to_host, 0, NULL, 0, NULL);
	CHECK(vkEndCommandBuffer(cmd));

	const VkFenceCreateInfo fence_info = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
	const VkSubmitInfo submit = {
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
		.commandBufferCount = 1,
		.pCommandBuffers = &cmd,
	};
	VkFence fence;

	CHECK(vkCreateFence(dev, &fence_info, NULL, &fence));
	t0 = now_s();
	CHECK(vkQueueSubmit(queue, 1, &submit, fence));
	CHECK(vkWaitForFences(dev, 1, &fence, VK_TRUE, UINT64_MAX));
	t1 = now_s();

	const uint32_t *got = iters.map;

	for (uint32_t y = 0; y < view.height; y++)
		for (uint32_t x = 0; x < view.width; x++)
			mismatches += got[(size_t)y * view.width + x] !=
				      reference_iterations(&view, x, y);
	printf("   %ux%u pixels, up to %u iterations: %.1f ms on the GPU; "
	       "%u pixels differ from the C reference\n", view.width, view.height, view.max_iter,
	       (t1 - t0) * 1e3, mismatches);
	if (demo_write_png(out, pixels.map, view.width, view.height)) {
		fprintf(stderr, "ember-mandelbrot: cannot write %s\n", out);
		return 1;
	}
	printf("   wrote %s\n", out);

	vkDestroyFence(dev, fence, NULL);
	vkDestroyCommandPool(dev, cmd_pool, NULL);
	vkDestroyDescriptorPool(dev, pool, NULL);
	vkDestroyPipeline(dev, pipeline, NULL);
	vkDestroyShaderModule(dev, module, NULL);
	vkDestroyPipelineLayout(dev, layout, NULL);
	vkDestroyDescriptorSetLayout(dev, set_layout, NULL);
	for (struct gpu_buffer *b = &pixels; b; b = b == &pixels ? &iters : NULL) {
		vkDestroyBuffer(dev, b->buffer, NULL);
		vkFreeMemory(dev, b->memory, NULL);
	}
	vkDestroyDevice(dev, NULL);
	vkDestroyInstance(instance, NULL);
	return mismatches * 100ull > count ? 1 : 0;
}
