/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The demo scene on Vulkan
 *
 * Instance with VK_EXT_headless_surface, a device with a graphics queue
 * that can present to it (Vulkan 1.3: dynamic rendering), a swapchain of
 * the first of R8G8B8A8_UNORM, B8G8R8A8_UNORM, R8G8B8A8_SRGB,
 * B8G8R8A8_SRGB the surface offers, a 4-sample colour image and a
 * 4-sample depth image. A frame: acquire, one render pass of two indexed
 * draws (the sphere first, so only the depth test keeps it in front of
 * the torus) resolved into the swapchain image, present.
 */

#include "scene.h"

#include "scene.frag.spv.h"
#include "scene.vert.spv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCENE_SAMPLES	VK_SAMPLE_COUNT_4_BIT
#define SCENE_MAX_IMAGES	8
#define SCENE_TIMEOUT	10000000000ull	/* ns: a frame of a slow emulated GPU */

#define VK(call)								\
	do {									\
		VkResult r_ = (call);						\
		if (r_ != VK_SUCCESS) {						\
			fprintf(stderr, "scene: %s failed: %d\n", #call, r_);	\
			return -1;						\
		}								\
	} while (0)

struct scene_image {
	VkImage image;
	VkDeviceMemory memory;
	VkImageView view;
};

struct scene {
	char name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
	uint32_t width, height;
	struct scene_mesh mesh;
	VkInstance instance;
	VkSurfaceKHR surface;
	VkPhysicalDevice physical;
	VkDevice device;
	uint32_t family;
	VkQueue queue;
	VkFormat format, depth_format;
	VkSwapchainKHR swapchain;
	uint32_t image_count;
	VkImage images[SCENE_MAX_IMAGES];
	VkImageView views[SCENE_MAX_IMAGES];
	VkSemaphore acquired[SCENE_MAX_IMAGES], rendered[SCENE_MAX_IMAGES];
	VkFence frame_done[SCENE_MAX_IMAGES];
	VkCommandBuffer cmds[SCENE_MAX_IMAGES];
	bool presented_once[SCENE_MAX_IMAGES];
	uint32_t frame, last_index;
	struct scene_image colour, depth;
	VkBuffer geometry, readback;
	VkDeviceMemory geometry_memory, readback_memory;
	void *readback_map;
	VkCommandPool pool;
	VkPipelineLayout layout;
	VkPipeline pipeline;
	VkShaderModule vert, frag;
};

static int memory_type(struct scene *s, uint32_t bits, VkMemoryPropertyFlags want)
{
	VkPhysicalDeviceMemoryProperties mem;

	vkGetPhysicalDeviceMemoryProperties(s->physical, &mem);
	for (uint32_t i = 0; i < mem.memoryTypeCount; i++)
		if ((bits & (1u << i)) && (mem.memoryTypes[i].propertyFlags & want) == want)
			return (int)i;
	fprintf(stderr, "scene: no memory type %#x\n", want);
	return -1;
}

static int buffer_create(struct scene *s, VkDeviceSize size, VkBufferUsageFlags usage,
			 VkBuffer *buffer, VkDeviceMemory *memory, void **map)
{
	const VkBufferCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
		.size = size,
		.usage = usage,
	};
	VkMemoryRequirements req;
	int type;

	VK(vkCreateBuffer(s->device, &info, NULL, buffer));
	vkGetBufferMemoryRequirements(s->device, *buffer, &req);
	type = memory_type(s, req.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
			   VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
	if (type < 0)
		return -1;
	const VkMemoryAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
		.allocationSize = req.size,
		.memoryTypeIndex = (uint32_t)type,
	};
	VK(vkAllocateMemory(s->device, &alloc, NULL, memory));
	VK(vkBindBufferMemory(s->device, *buffer, *memory, 0));
	VK(vkMapMemory(s->device, *memory, 0, VK_WHOLE_SIZE, 0, map));
	return 0;
}

static int image_create(struct scene *s, VkFormat format, VkImageUsageFlags usage,
			VkImageAspectFlags aspect, struct scene_image *img)
{
	const VkImageCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
		.imageType = VK_IMAGE_TYPE_2D,
		.format = format,
		.extent = { s->width, s->height, 1 },
		.mipLevels = 1,
		.arrayLayers = 1,
		.samples = SCENE_SAMPLES,
		.tiling = VK_IMAGE_TILING_OPTIMAL,
		.usage = usage,
		.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
	};
	VkMemoryRequirements req;
	int type;

	VK(vkCreateImage(s->device, &info, NULL, &img->image));
	vkGetImageMemoryRequirements(s->device, img->image, &req);
	type = memory_type(s, req.memoryTypeBits, 0);
	if (type < 0)
		return -1;
	const VkMemoryAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
		.allocationSize = req.size,
		.memoryTypeIndex = (uint32_t)type,
	};
	VK(vkAllocateMemory(s->device, &alloc, NULL, &img->memory));
	VK(vkBindImageMemory(s->device, img->image, img->memory, 0));
	const VkImageViewCreateInfo view = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
		.image = img->image,
		.viewType = VK_IMAGE_VIEW_TYPE_2D,
		.format = format,
		.subresourceRange = { aspect, 0, 1, 0, 1 },
	};
	VK(vkCreateImageView(s->device, &view, NULL, &img->view));
	return 0;
}

static int instance_create(struct scene *s)
{
	static const char *const extensions[] = {
		VK_KHR_SURFACE_EXTENSION_NAME, VK_EXT_HEADLESS_SURFACE_EXTENSION_NAME,
	};
	const VkApplicationInfo app = {
		.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
		.pApplicationName = "ember-scene",
		.apiVersion = VK_API_VERSION_1_3,
	};
	const VkInstanceCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
		.pApplicationInfo = &app,
		.enabledExtensionCount = 2,
		.ppEnabledExtensionNames = extensions,
	};
	const VkHeadlessSurfaceCreateInfoEXT surface = {
		.sType = VK_STRUCTURE_TYPE_HEADLESS_SURFACE_CREATE_INFO_EXT,
	};
	PFN_vkCreateHeadlessSurfaceEXT create_surface;
	VkResult r = vkCreateInstance(&info, NULL, &s->instance);

	if (r == VK_ERROR_EXTENSION_NOT_PRESENT) {
		printf("skipped: no Vulkan driver offers VK_EXT_headless_surface\n");
		return SCENE_SKIPPED;
	}
	VK(r);
	create_surface = (PFN_vkCreateHeadlessSurfaceEXT)
		vkGetInstanceProcAddr(s->instance, "vkCreateHeadlessSurfaceEXT");
	if (!create_surface)
		return -1;
	VK(create_surface(s->instance, &surface, NULL, &s->surface));
	return 0;
}

static bool has_swapchain(VkPhysicalDevice pd)
{
	VkExtensionProperties props[512];
	uint32_t count = 512;

	if (vkEnumerateDeviceExtensionProperties(pd, NULL, &count, props) < 0)
		return false;
	for (uint32_t i = 0; i < count; i++)
		if (!strcmp(props[i].extensionName, VK_KHR_SWAPCHAIN_EXTENSION_NAME))
			return true;
	return false;
}

/* The device named @want (or the first) and its graphics family that presents. */
static int device_pick(struct scene *s, const char *want)
{
	VkPhysicalDevice pds[16];
	uint32_t count = 16;
	bool named = false;

	if (vkEnumeratePhysicalDevices(s->instance, &count, pds) < 0) {
		fprintf(stderr, "scene: vkEnumeratePhysicalDevices failed\n");
		return -1;
	}
	for (uint32_t i = 0; i < count; i++) {
		VkPhysicalDeviceProperties props;
		VkQueueFamilyProperties families[16];
		uint32_t nfam = 16;

		vkGetPhysicalDeviceProperties(pds[i], &props);
		if (want && !strstr(props.deviceName, want))
			continue;
		named = true;
		if (props.apiVersion < VK_API_VERSION_1_3 || !has_swapchain(pds[i]))
			continue;
		vkGetPhysicalDeviceQueueFamilyProperties(pds[i], &nfam, families);
		for (uint32_t f = 0; f < nfam; f++) {
			VkBool32 present = VK_FALSE;

			if (!(families[f].queueFlags & VK_QUEUE_GRAPHICS_BIT))
				continue;
			VK(vkGetPhysicalDeviceSurfaceSupportKHR(pds[i], f, s->surface, &present));
			if (!present)
				continue;
			s->physical = pds[i];
			s->family = f;
			snprintf(s->name, sizeof(s->name), "%s", props.deviceName);
			return 0;
		}
		if (want) {
			printf("skipped: no graphics queue on this device (%s)\n", props.deviceName);
			return SCENE_SKIPPED;
		}
	}
	printf("skipped: %s\n", named ? "no graphics queue on this device" : "no such device");
	return SCENE_SKIPPED;
}

static int device_create(struct scene *s)
{
	static const char *const extensions[] = { VK_KHR_SWAPCHAIN_EXTENSION_NAME };
	VkPhysicalDeviceVulkan13Features f13 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
	};
	VkPhysicalDeviceFeatures2 have = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
		.pNext = &f13,
	};
	const float priority = 1.0f;
	const VkDeviceQueueCreateInfo queue = {
		.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
		.queueFamilyIndex = s->family,
		.queueCount = 1,
		.pQueuePriorities = &priority,
	};
	VkPhysicalDeviceVulkan13Features enable13 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
		.dynamicRendering = VK_TRUE,
	};
	const VkDeviceCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
		.pNext = &enable13,
		.queueCreateInfoCount = 1,
		.pQueueCreateInfos = &queue,
		.enabledExtensionCount = 1,
		.ppEnabledExtensionNames = extensions,
	};

	vkGetPhysicalDeviceFeatures2(s->physical, &have);
	if (!f13.dynamicRendering) {
		printf("skipped: %s has no dynamic rendering\n", s->name);
		return SCENE_SKIPPED;
	}
	VK(vkCreateDevice(s->physical, &info, NULL, &s->device));
	vkGetDeviceQueue(s->device, s->family, 0, &s->queue);
	return 0;
}

static bool format_supports(struct scene *s, VkFormat format, VkFormatFeatureFlags want)
{
	VkFormatProperties p;

	vkGetPhysicalDeviceFormatProperties(s->physical, format, &p);
	return (p.optimalTilingFeatures & want) == want;
}

static int swapchain_create(struct scene *s)
{
	static const VkFormat preferred[] = {
		VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_B8G8R8A8_UNORM,
		VK_FORMAT_R8G8B8A8_SRGB, VK_FORMAT_B8G8R8A8_SRGB,
	};
	const VkImageUsageFlags usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
					VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
	VkSurfaceCapabilitiesKHR caps;
	VkSurfaceFormatKHR formats[32];
	uint32_t count = 32;

	VK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(s->physical, s->surface, &caps));
	VK(vkGetPhysicalDeviceSurfaceFormatsKHR(s->physical, s->surface, &count, formats));
	if ((caps.supportedUsageFlags & usage) != usage) {
		printf("skipped: swapchain images of %s cannot be rendered to\n", s->name);
		return SCENE_SKIPPED;
	}
	s->format = VK_FORMAT_UNDEFINED;
	for (size_t p = 0; p < 4 && !s->format; p++)
		for (uint32_t i = 0; i < count; i++)
			if (formats[i].format == preferred[p] &&
			    format_supports(s, preferred[p], VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT))
				s->format = preferred[p];
	if (!s->format) {
		printf("skipped: no 8-bit RGBA swapchain format on %s\n", s->name);
		return SCENE_SKIPPED;
	}
	s->depth_format = format_supports(s, VK_FORMAT_D32_SFLOAT,
					  VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT) ?
			  VK_FORMAT_D32_SFLOAT : VK_FORMAT_D16_UNORM;

	uint32_t images = caps.minImageCount < 2 ? 2 : caps.minImageCount;

	if (caps.maxImageCount && images > caps.maxImageCount)
		images = caps.maxImageCount;
	const VkSwapchainCreateInfoKHR info = {
		.sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR,
		.surface = s->surface,
		.minImageCount = images,
		.imageFormat = s->format,
		.imageColorSpace = VK_COLOR_SPACE_SRGB_NONLINEAR_KHR,
		.imageExtent = { s->width, s->height },
		.imageArrayLayers = 1,
		.imageUsage = usage,
		.imageSharingMode = VK_SHARING_MODE_EXCLUSIVE,
		.preTransform = VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR,
		.compositeAlpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR,
		.presentMode = VK_PRESENT_MODE_FIFO_KHR,
		.clipped = VK_TRUE,
	};

	VK(vkCreateSwapchainKHR(s->device, &info, NULL, &s->swapchain));
	VK(vkGetSwapchainImagesKHR(s->device, s->swapchain, &s->image_count, NULL));
	if (s->image_count > SCENE_MAX_IMAGES) {
		fprintf(stderr, "scene: %u swapchain images\n", s->image_count);
		return -1;
	}
	VK(vkGetSwapchainImagesKHR(s->device, s->swapchain, &s->image_count, s->images));
	for (uint32_t i = 0; i < s->image_count; i++) {
		const VkImageViewCreateInfo view = {
			.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
			.image = s->images[i],
			.viewType = VK_IMAGE_VIEW_TYPE_2D,
			.format = s->format,
			.subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 },
		};
		const VkSemaphoreCreateInfo sem = { .sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO };
		const VkFenceCreateInfo fence = {
			.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
			.flags = VK_FENCE_CREATE_SIGNALED_BIT,
		};

		VK(vkCreateImageView(s->device, &view, NULL, &s->views[i]));
		VK(vkCreateSemaphore(s->device, &sem, NULL, &s->acquired[i]));
		VK(vkCreateSemaphore(s->device, &sem, NULL, &s->rendered[i]));
		VK(vkCreateFence(s->device, &fence, NULL, &s->frame_done[i]));
	}
	return 0;
}

static int pipeline_create(struct scene *s)
{
	const VkPushConstantRange push = {
		VK_SHADER_STAGE_VERTEX_BIT, 0, 16 * 4 + 12 * 4 + 4 * 4,
	};
	const VkPipelineLayoutCreateInfo layout = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
		.pushConstantRangeCount = 1,
		.pPushConstantRanges = &push,
	};
	const VkShaderModuleCreateInfo vert = {
		.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
		.codeSize = sizeof(scene_vert_spv),
		.pCode = scene_vert_spv,
	};
	const VkShaderModuleCreateInfo frag = {
		.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
		.codeSize = sizeof(scene_frag_spv),
		.pCode = scene_frag_spv,
	};

	VK(vkCreatePipelineLayout(s->device, &layout, NULL, &s->layout));
	VK(vkCreateShaderModule(s->device, &vert, NULL, &s->vert));
	VK(vkCreateShaderModule(s->device, &frag, NULL, &s->frag));

	const VkPipelineShaderStageCreateInfo stages[2] = {
		{ .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
		  .stage = VK_SHADER_STAGE_VERTEX_BIT, .module = s->vert, .pName = "main" },
		{ .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
		  .stage = VK_SHADER_STAGE_FRAGMENT_BIT, .module = s->frag, .pName = "main" },
	};
	const VkVertexInputBindingDescription binding = {
		0, sizeof(struct scene_vertex), VK_VERTEX_INPUT_RATE_VERTEX,
	};
	const VkVertexInputAttributeDescription attributes[2] = {
		{ 0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0 },
		{ 1, 0, VK_FORMAT_R32G32B32_SFLOAT, 12 },
	};
	const VkPipelineVertexInputStateCreateInfo vertex_input = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
		.vertexBindingDescriptionCount = 1,
		.pVertexBindingDescriptions = &binding,
		.vertexAttributeDescriptionCount = 2,
		.pVertexAttributeDescriptions = attributes,
	};
	const VkPipelineInputAssemblyStateCreateInfo assembly = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
	};
	const VkViewport viewport = { 0, 0, (float)s->width, (float)s->height, 0, 1 };
	const VkRect2D scissor = { { 0, 0 }, { s->width, s->height } };
	const VkPipelineViewportStateCreateInfo viewports = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
		.viewportCount = 1,
		.pViewports = &viewport,
		.scissorCount = 1,
		.pScissors = &scissor,
	};
	const VkPipelineRasterizationStateCreateInfo raster = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
		.polygonMode = VK_POLYGON_MODE_FILL,
		.cullMode = VK_CULL_MODE_NONE,
		.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE,
		.lineWidth = 1.0f,
	};
	const VkPipelineMultisampleStateCreateInfo multisample = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
		.rasterizationSamples = SCENE_SAMPLES,
	};
	const VkPipelineDepthStencilStateCreateInfo depth = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
		.depthTestEnable = VK_TRUE,
		.depthWriteEnable = VK_TRUE,
		.depthCompareOp = VK_COMPARE_OP_LESS,
	};
	const VkPipelineColorBlendAttachmentState blend_attachment = {
		.colorWriteMask = VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT |
				  VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT,
	};
	const VkPipelineColorBlendStateCreateInfo blend = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
		.attachmentCount = 1,
		.pAttachments = &blend_attachment,
	};
	const VkPipelineRenderingCreateInfo rendering = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
		.colorAttachmentCount = 1,
		.pColorAttachmentFormats = &s->format,
		.depthAttachmentFormat = s->depth_format,
	};
	const VkGraphicsPipelineCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
		.pNext = &rendering,
		.stageCount = 2,
		.pStages = stages,
		.pVertexInputState = &vertex_input,
		.pInputAssemblyState = &assembly,
		.pViewportState = &viewports,
		.pRasterizationState = &raster,
		.pMultisampleState = &multisample,
		.pDepthStencilState = &depth,
		.pColorBlendState = &blend,
		.layout = s->layout,
	};

	VK(vkCreateGraphicsPipelines(s->device, VK_NULL_HANDLE, 1, &info, NULL, &s->pipeline));
	return 0;
}

int scene_create(struct scene **out, const char *device, uint32_t w, uint32_t h)
{
	struct scene *s = calloc(1, sizeof(*s));
	size_t vbytes, ibytes;
	void *map;
	int ret;

	*out = s;
	if (!s)
		return -1;
	s->width = w;
	s->height = h;
	if (scene_mesh_build(&s->mesh))
		return -1;
	ret = instance_create(s);
	if (!ret)
		ret = device_pick(s, device);
	if (!ret)
		ret = device_create(s);
	if (!ret)
		ret = swapchain_create(s);
	if (ret)
		return ret;
	if (image_create(s, s->format, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
			 VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT, VK_IMAGE_ASPECT_COLOR_BIT,
			 &s->colour) ||
	    image_create(s, s->depth_format, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT |
			 VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT, VK_IMAGE_ASPECT_DEPTH_BIT,
			 &s->depth) ||
	    pipeline_create(s))
		return -1;
	vbytes = s->mesh.vertex_count * sizeof(struct scene_vertex);
	ibytes = s->mesh.index_count * sizeof(uint32_t);
	if (buffer_create(s, vbytes + ibytes, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT |
			  VK_BUFFER_USAGE_INDEX_BUFFER_BIT, &s->geometry, &s->geometry_memory, &map) ||
	    buffer_create(s, (VkDeviceSize)w * h * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
			  &s->readback, &s->readback_memory, &s->readback_map))
		return -1;
	memcpy(map, s->mesh.vertices, vbytes);
	memcpy((char *)map + vbytes, s->mesh.indices, ibytes);

	const VkCommandPoolCreateInfo pool = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
		.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
		.queueFamilyIndex = s->family,
	};
	VK(vkCreateCommandPool(s->device, &pool, NULL, &s->pool));
	const VkCommandBufferAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
		.commandPool = s->pool,
		.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
		.commandBufferCount = s->image_count,
	};
	VK(vkAllocateCommandBuffers(s->device, &alloc, s->cmds));
	return 0;
}

const char *scene_device_name(const struct scene *s)
{
	return s->name;
}

bool scene_srgb(const struct scene *s)
{
	return s->format == VK_FORMAT_R8G8B8A8_SRGB || s->format == VK_FORMAT_B8G8R8A8_SRGB;
}

uint32_t scene_triangles(const struct scene *s)
{
	return s->mesh.index_count / 3;
}

static void image_barrier(VkCommandBuffer cmd, VkImage image, VkImageAspectFlags aspect,
			  VkPipelineStageFlags2 src_stage, VkAccessFlags2 src_access,
			  VkPipelineStageFlags2 dst_stage, VkAccessFlags2 dst_access,
			  VkImageLayout from, VkImageLayout to)
{
	const VkImageMemoryBarrier2 b = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
		.srcStageMask = src_stage,
		.srcAccessMask = src_access,
		.dstStageMask = dst_stage,
		.dstAccessMask = dst_access,
		.oldLayout = from,
		.newLayout = to,
		.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
		.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
		.image = image,
		.subresourceRange = { aspect, 0, 1, 0, 1 },
	};
	const VkDependencyInfo dep = {
		.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
		.imageMemoryBarrierCount = 1,
		.pImageMemoryBarriers = &b,
	};

	vkCmdPipelineBarrier2(cmd, &dep);
}

static void push_draw(struct scene *s, VkCommandBuffer cmd, const float rotation[9],
		      const scene_mat4 mvp, const float colour[3])
{
	float data[16 + 12 + 4] = { 0 };

	memcpy(data, mvp, 16 * sizeof(float));
	for (int c = 0; c < 3; c++)
		memcpy(data + 16 + 4 * c, rotation + 3 * c, 3 * sizeof(float));
	memcpy(data + 28, colour, 3 * sizeof(float));
	data[31] = 1.0f;
	vkCmdPushConstants(cmd, s->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, sizeof(data), data);
}

static void record_frame(struct scene *s, VkCommandBuffer cmd, uint32_t index)
{
	const float aspect = (float)s->width / (float)s->height;
	const VkClearValue clear = { .color = { .float32 = {
		scene_background[0], scene_background[1], scene_background[2], 1.0f } } };
	const VkRenderingAttachmentInfo colour = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
		.imageView = s->colour.view,
		.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
		.resolveMode = VK_RESOLVE_MODE_AVERAGE_BIT,
		.resolveImageView = s->views[index],
		.resolveImageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
		.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
		.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
		.clearValue = clear,
	};
	const VkRenderingAttachmentInfo depth = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
		.imageView = s->depth.view,
		.imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
		.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
		.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
		.clearValue = { .depthStencil = { 1.0f, 0 } },
	};
	const VkRenderingInfo rendering = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
		.renderArea = { { 0, 0 }, { s->width, s->height } },
		.layerCount = 1,
		.colorAttachmentCount = 1,
		.pColorAttachments = &colour,
		.pDepthAttachment = &depth,
	};
	const VkCommandBufferBeginInfo begin = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
		.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
	};
	const VkDeviceSize zero = 0;
	float rotation[9];
	scene_mat4 mvp;

	vkBeginCommandBuffer(cmd, &begin);
	/* Each frame starts from nothing: the previous frame's contents are not needed. */
	image_barrier(cmd, s->colour.image, VK_IMAGE_ASPECT_COLOR_BIT,
		      VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
		      VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
		      VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
		      VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
		      VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	image_barrier(cmd, s->depth.image, VK_IMAGE_ASPECT_DEPTH_BIT,
		      VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
		      VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
		      VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT |
		      VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
		      VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT |
		      VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
		      VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL);
	/* The acquire semaphore's wait is at this stage: the swapchain image is free here. */
	image_barrier(cmd, s->images[index], VK_IMAGE_ASPECT_COLOR_BIT,
		      VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, 0,
		      VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
		      VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
		      VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	vkCmdBeginRendering(cmd, &rendering);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, s->pipeline);
	vkCmdBindVertexBuffers(cmd, 0, 1, &s->geometry, &zero);
	vkCmdBindIndexBuffer(cmd, s->geometry,
			     s->mesh.vertex_count * sizeof(struct scene_vertex),
			     VK_INDEX_TYPE_UINT32);
	/* The sphere first: only the depth test keeps it in front of the torus. */
	scene_sphere_transform(aspect, rotation, mvp);
	push_draw(s, cmd, rotation, mvp, scene_sphere_colour);
	vkCmdDrawIndexed(cmd, s->mesh.index_count - s->mesh.torus_indices, 1,
			 s->mesh.torus_indices, 0, 0);
	scene_torus_transform(aspect, rotation, mvp);
	push_draw(s, cmd, rotation, mvp, scene_torus_colour);
	vkCmdDrawIndexed(cmd, s->mesh.torus_indices, 1, 0, 0, 0);
	vkCmdEndRendering(cmd);
	image_barrier(cmd, s->images[index], VK_IMAGE_ASPECT_COLOR_BIT,
		      VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
		      VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
		      VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, 0,
		      VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_PRESENT_SRC_KHR);
	vkEndCommandBuffer(cmd);
}

int scene_draw_frames(struct scene *s, uint32_t frames)
{
	for (uint32_t f = 0; f < frames; f++, s->frame++) {
		uint32_t slot = s->frame % s->image_count, index;
		const VkPipelineStageFlags wait_stage = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;

		/* The slot's command buffer and semaphore were last used image_count frames ago. */
		VK(vkWaitForFences(s->device, 1, &s->frame_done[slot], VK_TRUE, SCENE_TIMEOUT));
		VK(vkResetFences(s->device, 1, &s->frame_done[slot]));
		VK(vkAcquireNextImageKHR(s->device, s->swapchain, SCENE_TIMEOUT, s->acquired[slot],
					 VK_NULL_HANDLE, &index));
		record_frame(s, s->cmds[slot], index);
		const VkSubmitInfo submit = {
			.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
			.waitSemaphoreCount = 1,
			.pWaitSemaphores = &s->acquired[slot],
			.pWaitDstStageMask = &wait_stage,
			.commandBufferCount = 1,
			.pCommandBuffers = &s->cmds[slot],
			.signalSemaphoreCount = 1,
			.pSignalSemaphores = &s->rendered[index],
		};
		VK(vkQueueSubmit(s->queue, 1, &submit, s->frame_done[slot]));
		const VkPresentInfoKHR present = {
			.sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
			.waitSemaphoreCount = 1,
			.pWaitSemaphores = &s->rendered[index],
			.swapchainCount = 1,
			.pSwapchains = &s->swapchain,
			.pImageIndices = &index,
		};
		VK(vkQueuePresentKHR(s->queue, &present));
		s->presented_once[index] = true;
		s->last_index = index;
	}
	VK(vkQueueWaitIdle(s->queue));
	return 0;
}

int scene_read_back(struct scene *s, uint32_t *rgba)
{
	uint32_t held[SCENE_MAX_IMAGES], count = 0, index = UINT32_MAX;
	const VkFenceCreateInfo fence_info = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
	VkFence fence;

	VK(vkCreateFence(s->device, &fence_info, NULL, &fence));
	/* Acquire (holding each) until the last presented image comes back. */
	while (index != s->last_index && count < s->image_count) {
		VK(vkAcquireNextImageKHR(s->device, s->swapchain, SCENE_TIMEOUT, VK_NULL_HANDLE,
					 fence, &index));
		VK(vkWaitForFences(s->device, 1, &fence, VK_TRUE, SCENE_TIMEOUT));
		VK(vkResetFences(s->device, 1, &fence));
		held[count++] = index;
	}
	if (index != s->last_index) {
		fprintf(stderr, "scene: the last presented image never came back\n");
		return -1;
	}
	const VkCommandBufferBeginInfo begin = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
		.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
	};
	const VkBufferImageCopy region = {
		.imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
		.imageExtent = { s->width, s->height, 1 },
	};
	VkCommandBuffer cmd = s->cmds[0];

	VK(vkBeginCommandBuffer(cmd, &begin));
	image_barrier(cmd, s->images[index], VK_IMAGE_ASPECT_COLOR_BIT,
		      VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, 0, VK_PIPELINE_STAGE_2_COPY_BIT,
		      VK_ACCESS_2_TRANSFER_READ_BIT, VK_IMAGE_LAYOUT_PRESENT_SRC_KHR,
		      VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vkCmdCopyImageToBuffer(cmd, s->images[index], VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
			       s->readback, 1, &region);
	image_barrier(cmd, s->images[index], VK_IMAGE_ASPECT_COLOR_BIT,
		      VK_PIPELINE_STAGE_2_COPY_BIT, 0, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, 0,
		      VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_IMAGE_LAYOUT_PRESENT_SRC_KHR);
	VK(vkEndCommandBuffer(cmd));
	const VkSubmitInfo submit = {
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
		.commandBufferCount = 1,
		.pCommandBuffers = &cmd,
	};
	VK(vkQueueSubmit(s->queue, 1, &submit, fence));
	VK(vkWaitForFences(s->device, 1, &fence, VK_TRUE, SCENE_TIMEOUT));
	vkDestroyFence(s->device, fence, NULL);
	/* Give every held image back to the presentation engine. */
	for (uint32_t i = 0; i < count; i++) {
		const VkPresentInfoKHR present = {
			.sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
			.swapchainCount = 1,
			.pSwapchains = &s->swapchain,
			.pImageIndices = &held[i],
		};

		if (held[i] != index && !s->presented_once[held[i]])
			continue;	/* never rendered: still UNDEFINED, not presentable */
		VK(vkQueuePresentKHR(s->queue, &present));
	}
	VK(vkQueueWaitIdle(s->queue));

	const uint8_t *src = s->readback_map;
	bool bgra = s->format == VK_FORMAT_B8G8R8A8_UNORM || s->format == VK_FORMAT_B8G8R8A8_SRGB;

	for (size_t i = 0; i < (size_t)s->width * s->height; i++) {
		const uint8_t *p = src + 4 * i;
		uint8_t r = bgra ? p[2] : p[0], b = bgra ? p[0] : p[2];

		rgba[i] = (uint32_t)r | (uint32_t)p[1] << 8 | (uint32_t)b << 16 | 0xffu << 24;
	}
	return 0;
}

void scene_destroy(struct scene *s)
{
	if (!s)
		return;
	if (s->device) {
		vkDeviceWaitIdle(s->device);
		for (uint32_t i = 0; i < s->image_count; i++) {
			vkDestroyImageView(s->device, s->views[i], NULL);
			vkDestroySemaphore(s->device, s->acquired[i], NULL);
			vkDestroySemaphore(s->device, s->rendered[i], NULL);
			vkDestroyFence(s->device, s->frame_done[i], NULL);
		}
		vkDestroyCommandPool(s->device, s->pool, NULL);
		vkDestroyPipeline(s->device, s->pipeline, NULL);
		vkDestroyPipelineLayout(s->device, s->layout, NULL);
		vkDestroyShaderModule(s->device, s->vert, NULL);
		vkDestroyShaderModule(s->device, s->frag, NULL);
		for (struct scene_image *img = &s->colour; img;
		     img = img == &s->colour ? &s->depth : NULL) {
			vkDestroyImageView(s->device, img->view, NULL);
			vkDestroyImage(s->device, img->image, NULL);
			vkFreeMemory(s->device, img->memory, NULL);
		}
		vkDestroyBuffer(s->device, s->geometry, NULL);
		vkFreeMemory(s->device, s->geometry_memory, NULL);
		vkDestroyBuffer(s->device, s->readback, NULL);
		vkFreeMemory(s->device, s->readback_memory, NULL);
		vkDestroySwapchainKHR(s->device, s->swapchain, NULL);
		vkDestroyDevice(s->device, NULL);
	}
	if (s->instance) {
		if (s->surface)
			vkDestroySurfaceKHR(s->instance, s->surface, NULL);
		vkDestroyInstance(s->instance, NULL);
	}
	scene_mesh_free(&s->mesh);
	free(s);
}
