/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <stdlib.h>
#include <string.h>

void vk_gfx_dev_create_options(struct vk_dev *dev, const struct vk_dev_options *options)
{
	VkPhysicalDeviceVulkan13Features f13 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
		.pNext = options->features,
		.dynamicRendering = VK_TRUE, .synchronization2 = VK_TRUE,
	};
	struct vk_dev_options o = *options;
	VkQueueFamilyProperties families[8];
	uint32_t count = 8;
	bool has13 = false;

	/* A chain that has 1.3's structure already gets the two features in it. */
	for (VkBaseOutStructure *f = options->features; f; f = f->pNext) {
		if (f->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES) {
			((VkPhysicalDeviceVulkan13Features *)f)->dynamicRendering = VK_TRUE;
			((VkPhysicalDeviceVulkan13Features *)f)->synchronization2 = VK_TRUE;
			has13 = true;
		}
	}
	o.features = has13 ? options->features : &f13;
	o.api_version = VK_API_VERSION_1_3;
	vk_dev_create(dev, &o);
	vkGetPhysicalDeviceQueueFamilyProperties(dev->physical, &count, families);
	if (!(families[dev->family].queueFlags & VK_QUEUE_GRAPHICS_BIT)) {
		vk_dev_destroy(dev);
		vk_test_skip("the device has no graphics queue");
	}
}

void vk_gfx_dev_create(struct vk_dev *dev, const VkPhysicalDeviceFeatures *features)
{
	struct vk_dev_options options = { 0 };

	if (features)
		options.core = *features;
	vk_gfx_dev_create_options(dev, &options);
}

static VkImageAspectFlags format_aspects(VkFormat format)
{
	switch (format) {
	case VK_FORMAT_D16_UNORM:
	case VK_FORMAT_D32_SFLOAT:
	case VK_FORMAT_X8_D24_UNORM_PACK32:
		return VK_IMAGE_ASPECT_DEPTH_BIT;
	case VK_FORMAT_S8_UINT:
		return VK_IMAGE_ASPECT_STENCIL_BIT;
	case VK_FORMAT_D24_UNORM_S8_UINT:
	case VK_FORMAT_D32_SFLOAT_S8_UINT:
		return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
	default:
		return VK_IMAGE_ASPECT_COLOR_BIT;
	}
}

static uint32_t format_bytes(VkFormat format)
{
	switch (format) {
	case VK_FORMAT_R16G16B16A16_SFLOAT:
		return 8;
	case VK_FORMAT_R32G32B32A32_SFLOAT:
		return 16;
	case VK_FORMAT_D16_UNORM:
		return 2;
	case VK_FORMAT_S8_UINT:
		return 1;
	default:
		return 4;
	}
}

void vk_target_create(struct vk_dev *dev, VkFormat format, uint32_t width, uint32_t height,
		      uint32_t layers, VkSampleCountFlagBits samples, struct vk_target *t)
{
	vk_target_create_usage(dev, format, width, height, layers, samples, 0, t);
}

void vk_target_create_usage(struct vk_dev *dev, VkFormat format, uint32_t width, uint32_t height,
			    uint32_t layers, VkSampleCountFlagBits samples, VkImageUsageFlags usage,
			    struct vk_target *t)
{
	const VkImageAspectFlags aspects = format_aspects(format);
	const bool color = aspects == VK_IMAGE_ASPECT_COLOR_BIT;
	VkImageCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
		.imageType = VK_IMAGE_TYPE_2D,
		.format = format,
		.extent = { width, height, 1 },
		.mipLevels = 1,
		.arrayLayers = layers,
		.samples = samples,
		.tiling = VK_IMAGE_TILING_OPTIMAL,
		.usage = (color ? VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT :
			  VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT) |
			 VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT | usage,
	};
	VkMemoryRequirements req;
	VkMemoryAllocateInfo alloc = { .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO };
	VkImageViewCreateInfo view = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
		.viewType = layers > 1 ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D,
		.format = format,
		.subresourceRange = { aspects, 0, 1, 0, layers },
	};
	VkFormatProperties props;

	vkGetPhysicalDeviceFormatProperties(dev->physical, format, &props);
	if (!(props.optimalTilingFeatures & (color ? VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT :
					     VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT)))
		vk_test_skip("format %d is not an attachment format", format);
	memset(t, 0, sizeof(*t));
	t->format = format;
	t->aspects = aspects;
	t->width = width;
	t->height = height;
	t->layers = layers;
	t->samples = samples;
	t->bytes = format_bytes(format);
	VK_CHECK(vkCreateImage(dev->device, &info, NULL, &t->image));
	vkGetImageMemoryRequirements(dev->device, t->image, &req);
	REQUIRE(req.memoryTypeBits & (1u << dev->memory_type));
	alloc.allocationSize = req.size;
	alloc.memoryTypeIndex = dev->memory_type;
	VK_CHECK(vkAllocateMemory(dev->device, &alloc, NULL, &t->memory));
	VK_CHECK(vkBindImageMemory(dev->device, t->image, t->memory, 0));
	view.image = t->image;
	VK_CHECK(vkCreateImageView(dev->device, &view, NULL, &t->view));
}

void vk_target_destroy(struct vk_dev *dev, struct vk_target *t)
{
	vkDestroyImageView(dev->device, t->view, NULL);
	vkDestroyImage(dev->device, t->image, NULL);
	vkFreeMemory(dev->device, t->memory, NULL);
}

void vk_target_layout(VkCommandBuffer cmd, const struct vk_target *t, VkImageLayout from,
		      VkImageLayout to)
{
	const VkImageMemoryBarrier2 barrier = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
		.srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
		.srcAccessMask = VK_ACCESS_2_MEMORY_WRITE_BIT,
		.dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
		.dstAccessMask = VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT,
		.oldLayout = from,
		.newLayout = to,
		.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
		.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
		.image = t->image,
		.subresourceRange = { t->aspects, 0, 1, 0, t->layers },
	};
	const VkDependencyInfo dep = {
		.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
		.imageMemoryBarrierCount = 1,
		.pImageMemoryBarriers = &barrier,
	};

	vkCmdPipelineBarrier2(cmd, &dep);
}

void vk_target_read(VkCommandBuffer cmd, const struct vk_target *t, VkImageAspectFlags aspect,
		    uint32_t layer, VkBuffer buf)
{
	const VkBufferImageCopy region = {
		.imageSubresource = { aspect, 0, layer, 1 },
		.imageExtent = { t->width, t->height, 1 },
	};

	vkCmdCopyImageToBuffer(cmd, t->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, buf, 1, &region);
	vk_cmd_barrier(cmd);
}

static VkShaderModule module(struct vk_dev *dev, const uint32_t *code, size_t size)
{
	const VkShaderModuleCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
		.codeSize = size, .pCode = code,
	};
	VkShaderModule m;

	VK_CHECK(vkCreateShaderModule(dev->device, &info, NULL, &m));
	return m;
}

void vk_gfx_pipe_create(struct vk_dev *dev, const struct vk_gfx_desc *d, struct vk_gfx_pipe *p)
{
	const VkPushConstantRange push = {
		VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, d->push_size,
	};
	const VkPipelineLayoutCreateInfo layout = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
		.setLayoutCount = d->set_layout ? 1 : 0,
		.pSetLayouts = &d->set_layout,
		.pushConstantRangeCount = d->push_size ? 1 : 0,
		.pPushConstantRanges = &push,
	};
	const VkViewport viewport = { 0, 0, (float)d->width, (float)d->height, 0, 1 };
	const VkRect2D scissor = { { 0, 0 }, { d->width, d->height } };
	const uint32_t sample_mask = d->sample_mask ? d->sample_mask : ~0u;
	VkPipelineShaderStageCreateInfo stages[2] = {
		{ .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
		  .stage = VK_SHADER_STAGE_VERTEX_BIT, .pName = "main" },
		{ .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
		  .stage = VK_SHADER_STAGE_FRAGMENT_BIT, .pName = "main" },
	};
	const VkPipelineVertexInputStateCreateInfo vi = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
		.pNext = d->vertex_input_next,
		.vertexBindingDescriptionCount = d->binding_count,
		.pVertexBindingDescriptions = d->bindings,
		.vertexAttributeDescriptionCount = d->attribute_count,
		.pVertexAttributeDescriptions = d->attributes,
	};
	const VkPipelineInputAssemblyStateCreateInfo ia = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
		.topology = d->topology, .primitiveRestartEnable = d->restart,
	};
	const VkPipelineViewportStateCreateInfo vp = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
		.pNext = d->viewport_next,
		.viewportCount = d->viewport_count ? d->viewport_count : 1,
		.pViewports = d->viewport ? d->viewport : &viewport,
		.scissorCount = d->viewport_count ? d->viewport_count : 1,
		.pScissors = d->scissor ? d->scissor : &scissor,
	};
	const VkPipelineRasterizationStateCreateInfo default_rs = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
		.polygonMode = VK_POLYGON_MODE_FILL, .cullMode = d->cull_mode,
		.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE, .lineWidth = 1.0f,
	};
	const VkPipelineMultisampleStateCreateInfo ms = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
		.rasterizationSamples = d->samples ? d->samples : VK_SAMPLE_COUNT_1_BIT,
		.sampleShadingEnable = d->min_sample_shading > 0,
		.minSampleShading = d->min_sample_shading,
		.pSampleMask = &sample_mask,
		.alphaToCoverageEnable = d->alpha_to_coverage,
		.alphaToOneEnable = d->alpha_to_one,
	};
	const VkPipelineDepthStencilStateCreateInfo no_ds = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
	};
	const uint32_t color_count = d->color_count ? d->color_count : d->color_format ? 1 : 0;
	VkPipelineColorBlendAttachmentState no_blend[8];
	VkFormat color_formats[8];
	VkPipelineColorBlendStateCreateInfo cb = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
		.pNext = d->color_blend_next,
		.logicOpEnable = d->logic_op_enable, .logicOp = d->logic_op,
		.attachmentCount = color_count,
		.pAttachments = d->blend ? d->blend : no_blend,
	};
	const VkPipelineDynamicStateCreateInfo dyn = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
		.dynamicStateCount = d->dynamic_count, .pDynamicStates = d->dynamic,
	};
	const VkPipelineRenderingCreateInfo rendering = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
		.viewMask = d->view_mask,
		.colorAttachmentCount = color_count,
		.pColorAttachmentFormats = color_formats,
		.depthAttachmentFormat = d->depth_format,
		.stencilAttachmentFormat = d->stencil_format,
	};
	VkGraphicsPipelineCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
		.pNext = d->render_pass ? NULL : &rendering,
		.stageCount = 2, .pStages = stages,
		.pVertexInputState = &vi, .pInputAssemblyState = &ia, .pViewportState = &vp,
		.pRasterizationState = d->raster ? d->raster : &default_rs,
		.pMultisampleState = &ms,
		.pDepthStencilState = d->depth_stencil ? d->depth_stencil : &no_ds,
		.pColorBlendState = &cb, .pDynamicState = &dyn,
		.renderPass = d->render_pass, .subpass = d->subpass,
	};

	REQUIRE(color_count <= 8);
	for (uint32_t i = 0; i < color_count; i++) {
		no_blend[i] = (VkPipelineColorBlendAttachmentState) { .colorWriteMask = 0xf };
		color_formats[i] = d->color_formats ? d->color_formats[i] : d->color_format;
	}
	if (d->blend_constants)
		memcpy(cb.blendConstants, d->blend_constants, sizeof(cb.blendConstants));
	memset(p, 0, sizeof(*p));
	p->vs = module(dev, d->vs, d->vs_size);
	p->fs = module(dev, d->fs, d->fs_size);
	stages[0].module = p->vs;
	stages[1].module = p->fs;
	VK_CHECK(vkCreatePipelineLayout(dev->device, &layout, NULL, &p->layout));
	info.layout = p->layout;
	VK_CHECK(vkCreateGraphicsPipelines(dev->device, VK_NULL_HANDLE, 1, &info, NULL,
					   &p->pipeline));
}

void vk_gfx_pipe_destroy(struct vk_dev *dev, struct vk_gfx_pipe *p)
{
	vkDestroyPipeline(dev->device, p->pipeline, NULL);
	vkDestroyPipelineLayout(dev->device, p->layout, NULL);
	vkDestroyShaderModule(dev->device, p->vs, NULL);
	vkDestroyShaderModule(dev->device, p->fs, NULL);
}

void vk_gfx_storage_create(struct vk_dev *dev, VkBuffer buffer, struct vk_gfx_storage *s)
{
	const VkDescriptorSetLayoutBinding binding = {
		0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
		VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, NULL,
	};
	const VkDescriptorSetLayoutCreateInfo layout = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
		.bindingCount = 1, .pBindings = &binding,
	};
	const VkDescriptorPoolSize size = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1 };
	const VkDescriptorPoolCreateInfo pool = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.maxSets = 1, .poolSizeCount = 1, .pPoolSizes = &size,
	};
	const VkDescriptorBufferInfo info = { buffer, 0, VK_WHOLE_SIZE };
	VkWriteDescriptorSet write = {
		.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
		.descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
		.pBufferInfo = &info,
	};

	VK_CHECK(vkCreateDescriptorSetLayout(dev->device, &layout, NULL, &s->layout));
	VK_CHECK(vkCreateDescriptorPool(dev->device, &pool, NULL, &s->pool));
	const VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = s->pool, .descriptorSetCount = 1, .pSetLayouts = &s->layout,
	};
	VK_CHECK(vkAllocateDescriptorSets(dev->device, &alloc, &s->set));
	write.dstSet = s->set;
	vkUpdateDescriptorSets(dev->device, 1, &write, 0, NULL);
}

void vk_gfx_storage_destroy(struct vk_dev *dev, struct vk_gfx_storage *s)
{
	vkDestroyDescriptorPool(dev->device, s->pool, NULL);
	vkDestroyDescriptorSetLayout(dev->device, s->layout, NULL);
}

void vk_gfx_rect(struct vk_vtx3 *v, float x0, float y0, float x1, float y1, float z, uint32_t w,
		 uint32_t h, bool ccw)
{
	const float l = vk_ndc(x0, w), r = vk_ndc(x1, w), t = vk_ndc(y0, h), b = vk_ndc(y1, h);
	/* (l, t), (r, t), (l, b) is clockwise with y down; swapping two vertices turns it. */
	const struct vk_vtx3 cw[6] = {
		{ l, t, z }, { r, t, z }, { l, b, z }, { r, t, z }, { r, b, z }, { l, b, z },
	};

	for (int i = 0; i < 6; i++)
		v[i] = cw[i];
	if (ccw) {
		v[1] = cw[2];
		v[2] = cw[1];
		v[4] = cw[5];
		v[5] = cw[4];
	}
}

void vk_gfx_begin(VkCommandBuffer cmd, const struct vk_target *color,
		  const struct vk_target *depth, const VkClearValue *color_clear,
		  const VkClearValue *depth_clear)
{
	const struct vk_target *any = color ? color : depth;
	VkRenderingAttachmentInfo c = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
		.imageView = color ? color->view : VK_NULL_HANDLE,
		.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
		.loadOp = color_clear ? VK_ATTACHMENT_LOAD_OP_CLEAR : VK_ATTACHMENT_LOAD_OP_LOAD,
		.storeOp = VK_ATTACHMENT_STORE_OP_STORE,
	};
	VkRenderingAttachmentInfo ds = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
		.imageView = depth ? depth->view : VK_NULL_HANDLE,
		.imageLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
		.loadOp = depth_clear ? VK_ATTACHMENT_LOAD_OP_CLEAR : VK_ATTACHMENT_LOAD_OP_LOAD,
		.storeOp = VK_ATTACHMENT_STORE_OP_STORE,
	};
	VkRenderingInfo info = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
		.renderArea = { { 0, 0 }, { any->width, any->height } },
		.layerCount = 1,
		.colorAttachmentCount = color ? 1 : 0,
		.pColorAttachments = &c,
		.pDepthAttachment = depth && (depth->aspects & VK_IMAGE_ASPECT_DEPTH_BIT) ?
				    &ds : NULL,
		.pStencilAttachment = depth && (depth->aspects & VK_IMAGE_ASPECT_STENCIL_BIT) ?
				      &ds : NULL,
	};

	if (color_clear)
		c.clearValue = *color_clear;
	if (depth_clear)
		ds.clearValue = *depth_clear;
	vkCmdBeginRendering(cmd, &info);
}

void vk_gfx_fill(uint32_t *img, uint32_t w, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
		 uint32_t value)
{
	for (uint32_t y = y0; y < y1; y++)
		for (uint32_t x = x0; x < x1; x++)
			img[y * w + x] = value;
}

void vk_gfx_check_uint(const uint32_t *got, const uint32_t *expected, uint32_t w, uint32_t h,
		       const char *what)
{
	unsigned int wrong = 0;

	for (uint32_t i = 0; i < w * h; i++) {
		if (got[i] == expected[i])
			continue;
		if (!wrong++)
			printf("# %s pixel (%u, %u): %u, expected %u\n", what, i % w, i / w, got[i],
			       expected[i]);
	}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u %s pixels differ", wrong, what);
}

struct vk_gfx_desc vk_gfx_uint_desc(uint32_t w, uint32_t h)
{
	static const VkVertexInputBindingDescription bindings[] = {
		{ 0, sizeof(struct vk_vtx3), VK_VERTEX_INPUT_RATE_VERTEX },
		{ 1, 8, VK_VERTEX_INPUT_RATE_INSTANCE },
	};
	static const VkVertexInputAttributeDescription attributes[] = {
		{ 0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0 },
		{ 1, 1, VK_FORMAT_R32G32_SFLOAT, 0 },
	};

	return (struct vk_gfx_desc) {
		.vs = gfx_uint_vert_spv, .vs_size = gfx_uint_vert_spv_size,
		.fs = gfx_uint_frag_spv, .fs_size = gfx_uint_frag_spv_size,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
		.bindings = bindings, .binding_count = 2,
		.attributes = attributes, .attribute_count = 2,
		.color_format = VK_FORMAT_R32_UINT,
		.width = w, .height = h, .push_size = 4,
	};
}

const VkVertexInputBindingDescription vk_cvtx_binding = {
	0, sizeof(struct vk_cvtx), VK_VERTEX_INPUT_RATE_VERTEX,
};
const VkVertexInputAttributeDescription vk_cvtx_attributes[2] = {
	{ 0, 0, VK_FORMAT_R32G32_SFLOAT, 0 },
	{ 1, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 8 },
};

void vk_gfx_color_rect(struct vk_cvtx *v, float x0, float y0, float x1, float y1, uint32_t w,
		       uint32_t h, const float c[4])
{
	const float xs[6] = { x0, x1, x0, x1, x1, x0 }, ys[6] = { y0, y0, y1, y0, y1, y1 };

	for (int i = 0; i < 6; i++)
		v[i] = (struct vk_cvtx) { vk_ndc(xs[i], w), vk_ndc(ys[i], h), c[0], c[1], c[2], c[3] };
}

void vk_scene_init_options(struct vk_scene *s, const struct vk_dev_options *options,
			   uint32_t width, uint32_t height, uint32_t layers,
			   VkSampleCountFlagBits samples, bool depth)
{
	VkImageFormatProperties props;

	memset(s, 0, sizeof(*s));
	vk_gfx_dev_create_options(&s->dev, options);
	if (vkGetPhysicalDeviceImageFormatProperties(s->dev.physical, VK_FORMAT_R32_UINT,
			VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
			VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
			VK_IMAGE_USAGE_TRANSFER_DST_BIT, 0, &props) != VK_SUCCESS ||
	    !(props.sampleCounts & samples)) {
		vk_dev_destroy(&s->dev);
		vk_test_skip("R32_UINT has no %u-sample attachments", samples);
	}
	s->samples = samples;
	s->width = width;
	s->height = height;
	s->layers = layers;
	vk_target_create(&s->dev, VK_FORMAT_R32_UINT, width, height, layers, samples, &s->color);
	if (depth)
		vk_target_create(&s->dev, VK_FORMAT_D32_SFLOAT, width, height, layers, samples,
				 &s->depth);
	vk_buf_create(&s->dev, 4096, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &s->vertices);
	vk_buf_create(&s->dev, 8 + 32 * 4 * width * height, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
		      &s->trace);
	vk_buf_create(&s->dev, 4 * width * height * layers, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
		      &s->readback);
	memset(s->trace.map, 0, s->trace.size);
	vk_gfx_storage_create(&s->dev, s->trace.buffer, &s->storage);
	s->v = s->vertices.map;
	s->cmd = vk_cmd_begin(&s->dev);
	vk_target_layout(s->cmd, &s->color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	if (depth)
		vk_target_layout(s->cmd, &s->depth, VK_IMAGE_LAYOUT_UNDEFINED,
				 VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
}

void vk_scene_init(struct vk_scene *s, const VkPhysicalDeviceFeatures *features, uint32_t width,
		   uint32_t height, VkSampleCountFlagBits samples, bool depth)
{
	struct vk_dev_options options = { 0 };

	if (features)
		options.core = *features;
	vk_scene_init_options(s, &options, width, height, 1, samples, depth);
}

void vk_scene_destroy(struct vk_scene *s)
{
	vk_gfx_storage_destroy(&s->dev, &s->storage);
	vk_buf_destroy(&s->dev, &s->vertices);
	vk_buf_destroy(&s->dev, &s->trace);
	vk_buf_destroy(&s->dev, &s->readback);
	if (s->depth.image)
		vk_target_destroy(&s->dev, &s->depth);
	vk_target_destroy(&s->dev, &s->color);
	vk_dev_destroy(&s->dev);
}

void vk_scene_rect(struct vk_scene *s, float x0, float y0, float x1, float y1, float z)
{
	vk_gfx_rect(s->v, x0, y0, x1, y1, z, s->width, s->height, true);
	s->v += 6;
}

uint32_t vk_scene_vertex_count(const struct vk_scene *s)
{
	return (uint32_t)(s->v - (struct vk_vtx3 *)s->vertices.map);
}

struct vk_gfx_desc vk_scene_desc(const struct vk_scene *s, const uint32_t *vs, size_t vs_size,
				 const uint32_t *fs, size_t fs_size)
{
	static const VkVertexInputBindingDescription binding = {
		0, sizeof(struct vk_vtx3), VK_VERTEX_INPUT_RATE_VERTEX,
	};
	static const VkVertexInputAttributeDescription attribute = {
		0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0,
	};

	return (struct vk_gfx_desc) {
		.vs = vs, .vs_size = vs_size, .fs = fs, .fs_size = fs_size,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
		.bindings = &binding, .binding_count = 1,
		.attributes = &attribute, .attribute_count = 1,
		.color_format = VK_FORMAT_R32_UINT,
		.depth_format = s->depth.image ? VK_FORMAT_D32_SFLOAT : VK_FORMAT_UNDEFINED,
		.samples = s->samples, .view_mask = s->view_mask,
		.width = s->width, .height = s->height, .push_size = 8,
		.set_layout = s->storage.layout,
	};
}

void vk_scene_begin(struct vk_scene *s, const struct vk_gfx_pipe *p, float clear_depth)
{
	const uint32_t size[2] = { s->width, s->height };
	VkRenderingAttachmentInfo c = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
		.imageView = s->color.view,
		.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
		.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
		.storeOp = VK_ATTACHMENT_STORE_OP_STORE,
	};
	VkRenderingAttachmentInfo ds = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
		.imageView = s->depth.view,
		.imageLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
		.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
		.storeOp = VK_ATTACHMENT_STORE_OP_STORE,
		.clearValue.depthStencil = { clear_depth, 0 },
	};
	const VkRenderingInfo info = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
		.renderArea = { { 0, 0 }, { s->width, s->height } },
		.layerCount = s->view_mask ? 0 : 1,
		.viewMask = s->view_mask,
		.colorAttachmentCount = 1,
		.pColorAttachments = &c,
		.pDepthAttachment = s->depth.image ? &ds : NULL,
	};

	vkCmdBeginRendering(s->cmd, &info);
	vkCmdBindPipeline(s->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p->pipeline);
	vkCmdBindDescriptorSets(s->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p->layout, 0, 1,
				s->set ? &s->set : &s->storage.set, 0, NULL);
	vkCmdPushConstants(s->cmd, p->layout, VK_SHADER_STAGE_VERTEX_BIT |
			   VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(size), size);
	vkCmdBindVertexBuffers(s->cmd, 0, 1, &s->vertices.buffer, &(VkDeviceSize){ 0 });
}

void vk_scene_draw(struct vk_scene *s, const struct vk_gfx_pipe *p, float clear_depth)
{
	vk_scene_begin(s, p, clear_depth);
	vkCmdDraw(s->cmd, vk_scene_vertex_count(s), 1, 0, 0);
	vkCmdEndRendering(s->cmd);
}

void vk_scene_finish(struct vk_scene *s)
{
	const VkMemoryBarrier2 to_host = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
		.srcStageMask = VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT |
				VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
		.srcAccessMask = VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
		.dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
		.dstAccessMask = VK_ACCESS_2_HOST_READ_BIT,
	};
	const VkDependencyInfo dep = {
		.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
		.memoryBarrierCount = 1, .pMemoryBarriers = &to_host,
	};

	vkCmdPipelineBarrier2(s->cmd, &dep);
	if (s->samples == VK_SAMPLE_COUNT_1_BIT) {
		vk_target_layout(s->cmd, &s->color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
				 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
		for (uint32_t l = 0; l < s->layers; l++) {
			const VkBufferImageCopy region = {
				.bufferOffset = 4ull * s->width * s->height * l,
				.imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, l, 1 },
				.imageExtent = { s->width, s->height, 1 },
			};

			vkCmdCopyImageToBuffer(s->cmd, s->color.image,
					       VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
					       s->readback.buffer, 1, &region);
		}
		vk_cmd_barrier(s->cmd);
	}
	vk_cmd_submit_wait(&s->dev, s->cmd, 0);
}

void vk_scene_check_trace(const struct vk_scene *s, uint32_t stride, uint32_t word,
			  const uint32_t *expected, const char *what)
{
	const uint32_t *pixel = vk_scene_pixels(s);
	const uint32_t n = s->width * s->height;
	uint32_t *got = malloc(n * sizeof(*got));

	REQUIRE(got != NULL);
	for (uint32_t i = 0; i < n; i++)
		got[i] = pixel[stride * i + word];
	vk_gfx_check_uint(got, expected, s->width, s->height, what);
	free(got);
}
