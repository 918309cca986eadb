/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Shader objects for vertex and fragment shaders (VK_EXT_shader_object)
 *
 * Vertex and fragment shader objects created from SPIR-V, linked and
 * unlinked, and from the binary vkGetShaderBinaryDataEXT returns, bound
 * with vkCmdBindShadersEXT and drawn with every state set by the
 * dynamic-state commands the extension requires (set_draw_state()):
 * nothing comes from a pipeline. Each test draws flat integer values
 * (gfx_uint: the push constant plus InstanceIndex) into an R32_UINT
 * target and compares every pixel with an image computed here; depth
 * values are exactly representable in D32_SFLOAT.
 *
 * Bookworm's validation layer (1.3.239) predates VK_EXT_shader_object:
 * every test skips under it, as test_shader_object.c's do. A device
 * without the extension or without a graphics queue skips, saying so.
 */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <stdlib.h>
#include <string.h>

#define W 16
#define H 16

/* The extension's commands the tests call (none is core). */
struct so_fns {
	PFN_vkCreateShadersEXT create;
	PFN_vkDestroyShaderEXT destroy;
	PFN_vkGetShaderBinaryDataEXT get_binary;
	PFN_vkCmdBindShadersEXT bind;
	PFN_vkCmdSetVertexInputEXT vertex_input;
	PFN_vkCmdSetPolygonModeEXT polygon_mode;
	PFN_vkCmdSetRasterizationSamplesEXT samples;
	PFN_vkCmdSetSampleMaskEXT sample_mask;
	PFN_vkCmdSetAlphaToCoverageEnableEXT alpha_to_coverage;
	PFN_vkCmdSetLogicOpEnableEXT logic_op_enable;
	PFN_vkCmdSetColorBlendEnableEXT blend_enable;
	PFN_vkCmdSetColorBlendEquationEXT blend_equation;
	PFN_vkCmdSetColorWriteMaskEXT write_mask;
};

/* What every test holds: a device with shaderObject, targets, buffers, the layout. */
struct so_scene {
	struct vk_dev dev;
	struct so_fns fn;
	struct vk_target color, depth;
	struct vk_buf vertices, instances, readback, depth_readback;
	VkPushConstantRange push;
	VkCommandBuffer cmd;
};

#define PROC(name) vk_dev_proc(&s->dev, name)

/*
 * A Vulkan 1.3 device with dynamic rendering and VK_EXT_shader_object
 * (skips under the layer), and VK_EXT_color_write_enable with @cwe.
 */
static void so_dev_create(struct vk_dev *dev, bool cwe)
{
	VkPhysicalDeviceVulkan13Features f13 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
		.dynamicRendering = VK_TRUE, .synchronization2 = VK_TRUE,
	};
	VkPhysicalDeviceColorWriteEnableFeaturesEXT cwe_features = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COLOR_WRITE_ENABLE_FEATURES_EXT,
		.pNext = &f13, .colorWriteEnable = VK_TRUE,
	};
	VkPhysicalDeviceShaderObjectFeaturesEXT features = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_OBJECT_FEATURES_EXT,
		.pNext = cwe ? (void *)&cwe_features : &f13, .shaderObject = VK_TRUE,
	};
	const char *ext[] = {
		VK_EXT_SHADER_OBJECT_EXTENSION_NAME, VK_EXT_COLOR_WRITE_ENABLE_EXTENSION_NAME,
	};
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = cwe ? 2 : 1, .features = &features,
		.api_version = VK_API_VERSION_1_3,
	};

	if (vk_test_under_validation())
		vk_test_skip("the validation layer (1.3.239) predates VK_EXT_shader_object");
	vk_dev_create(dev, &options);
}

/* The scene on a device with VK_EXT_color_write_enable too when @cwe. */
static void scene_init_cwe(struct so_scene *s, bool with_depth, bool cwe)
{
	VkQueueFamilyProperties families[8];
	uint32_t count = 8;

	memset(s, 0, sizeof(*s));
	so_dev_create(&s->dev, cwe);
	vkGetPhysicalDeviceQueueFamilyProperties(s->dev.physical, &count, families);
	if (!(families[s->dev.family].queueFlags & VK_QUEUE_GRAPHICS_BIT)) {
		vk_dev_destroy(&s->dev);
		vk_test_skip("the device has no graphics queue");
	}
	s->fn.create = (PFN_vkCreateShadersEXT)PROC("vkCreateShadersEXT");
	s->fn.destroy = (PFN_vkDestroyShaderEXT)PROC("vkDestroyShaderEXT");
	s->fn.get_binary = (PFN_vkGetShaderBinaryDataEXT)PROC("vkGetShaderBinaryDataEXT");
	s->fn.bind = (PFN_vkCmdBindShadersEXT)PROC("vkCmdBindShadersEXT");
	s->fn.vertex_input = (PFN_vkCmdSetVertexInputEXT)PROC("vkCmdSetVertexInputEXT");
	s->fn.polygon_mode = (PFN_vkCmdSetPolygonModeEXT)PROC("vkCmdSetPolygonModeEXT");
	s->fn.samples = (PFN_vkCmdSetRasterizationSamplesEXT)
		PROC("vkCmdSetRasterizationSamplesEXT");
	s->fn.sample_mask = (PFN_vkCmdSetSampleMaskEXT)PROC("vkCmdSetSampleMaskEXT");
	s->fn.alpha_to_coverage = (PFN_vkCmdSetAlphaToCoverageEnableEXT)
		PROC("vkCmdSetAlphaToCoverageEnableEXT");
	s->fn.logic_op_enable = (PFN_vkCmdSetLogicOpEnableEXT)PROC("vkCmdSetLogicOpEnableEXT");
	s->fn.blend_enable = (PFN_vkCmdSetColorBlendEnableEXT)PROC("vkCmdSetColorBlendEnableEXT");
	s->fn.blend_equation = (PFN_vkCmdSetColorBlendEquationEXT)
		PROC("vkCmdSetColorBlendEquationEXT");
	s->fn.write_mask = (PFN_vkCmdSetColorWriteMaskEXT)PROC("vkCmdSetColorWriteMaskEXT");

	vk_target_create(&s->dev, VK_FORMAT_R32_UINT, W, H, 1, VK_SAMPLE_COUNT_1_BIT, &s->color);
	vk_buf_create(&s->dev, 4096, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &s->vertices);
	vk_buf_create(&s->dev, 256, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &s->instances);
	memset(s->instances.map, 0, 256);
	vk_buf_create(&s->dev, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &s->readback);
	s->push = (VkPushConstantRange) {
		VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, 4,
	};
	s->cmd = vk_cmd_begin(&s->dev);
	vk_target_layout(s->cmd, &s->color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	if (with_depth) {
		vk_target_create(&s->dev, VK_FORMAT_D32_SFLOAT, W, H, 1, VK_SAMPLE_COUNT_1_BIT,
				 &s->depth);
		vk_buf_create(&s->dev, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
			      &s->depth_readback);
		vk_target_layout(s->cmd, &s->depth, VK_IMAGE_LAYOUT_UNDEFINED,
				 VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
	}
}

static void scene_init(struct so_scene *s, bool with_depth)
{
	scene_init_cwe(s, with_depth, false);
}

static void scene_destroy(struct so_scene *s)
{
	vk_buf_destroy(&s->dev, &s->vertices);
	vk_buf_destroy(&s->dev, &s->instances);
	vk_buf_destroy(&s->dev, &s->readback);
	vk_target_destroy(&s->dev, &s->color);
	if (s->depth.image) {
		vk_buf_destroy(&s->dev, &s->depth_readback);
		vk_target_destroy(&s->dev, &s->depth);
	}
	vk_dev_destroy(&s->dev);
}

/* Ends rendering, reads the colour (and depth) back and waits. */
static void scene_finish(struct so_scene *s)
{
	vkCmdEndRendering(s->cmd);
	vk_target_layout(s->cmd, &s->color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(s->cmd, &s->color, VK_IMAGE_ASPECT_COLOR_BIT, 0, s->readback.buffer);
	if (s->depth.image) {
		vk_target_layout(s->cmd, &s->depth,
				 VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
				 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
		vk_target_read(s->cmd, &s->depth, VK_IMAGE_ASPECT_DEPTH_BIT, 0,
			       s->depth_readback.buffer);
	}
	vk_cmd_submit_wait(&s->dev, s->cmd, 0);
}

/* gfx_uint's vertex and fragment shaders; @flags adds e.g. LINK_STAGE to both. */
static VkResult create_uint_shaders(struct so_scene *s, VkShaderCreateFlagsEXT flags,
				    VkShaderEXT out[2])
{
	const VkShaderCreateInfoEXT infos[2] = {
		{
			.sType = VK_STRUCTURE_TYPE_SHADER_CREATE_INFO_EXT,
			.flags = flags,
			.stage = VK_SHADER_STAGE_VERTEX_BIT,
			.nextStage = VK_SHADER_STAGE_FRAGMENT_BIT,
			.codeType = VK_SHADER_CODE_TYPE_SPIRV_EXT,
			.codeSize = gfx_uint_vert_spv_size, .pCode = gfx_uint_vert_spv,
			.pName = "main",
			.pushConstantRangeCount = 1, .pPushConstantRanges = &s->push,
		},
		{
			.sType = VK_STRUCTURE_TYPE_SHADER_CREATE_INFO_EXT,
			.flags = flags,
			.stage = VK_SHADER_STAGE_FRAGMENT_BIT,
			.codeType = VK_SHADER_CODE_TYPE_SPIRV_EXT,
			.codeSize = gfx_uint_frag_spv_size, .pCode = gfx_uint_frag_spv,
			.pName = "main",
			.pushConstantRangeCount = 1, .pPushConstantRanges = &s->push,
		},
	};

	return s->fn.create(s->dev.device, 2, infos, NULL, out);
}

/* A pipeline layout of the shaders' push constant range (vkCmdPushConstants wants one). */
static VkPipelineLayout push_layout(struct so_scene *s)
{
	const VkPipelineLayoutCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
		.pushConstantRangeCount = 1, .pPushConstantRanges = &s->push,
	};
	VkPipelineLayout layout;

	VK_CHECK(vkCreatePipelineLayout(s->dev.device, &info, NULL, &layout));
	return layout;
}

/*
 * Every state a draw with shader objects reads, set by commands: the
 * whole target as viewport and scissor, no culling, no depth or stencil
 * test (@depth_test: LESS with writes), one sample, no blending, every
 * component written, triangle lists, and gfx_uint's vertex input:
 * positions per vertex from binding 0, offsets per instance from binding 1.
 */
static void set_draw_state(struct so_scene *s, bool depth_test)
{
	const VkViewport viewport = { 0, 0, W, H, 0, 1 };
	const VkRect2D scissor = { { 0, 0 }, { W, H } };
	const VkVertexInputBindingDescription2EXT bindings[2] = {
		{ .sType = VK_STRUCTURE_TYPE_VERTEX_INPUT_BINDING_DESCRIPTION_2_EXT,
		  .binding = 0, .stride = sizeof(struct vk_vtx3),
		  .inputRate = VK_VERTEX_INPUT_RATE_VERTEX, .divisor = 1 },
		{ .sType = VK_STRUCTURE_TYPE_VERTEX_INPUT_BINDING_DESCRIPTION_2_EXT,
		  .binding = 1, .stride = 8,
		  .inputRate = VK_VERTEX_INPUT_RATE_INSTANCE, .divisor = 1 },
	};
	const VkVertexInputAttributeDescription2EXT attributes[2] = {
		{ .sType = VK_STRUCTURE_TYPE_VERTEX_INPUT_ATTRIBUTE_DESCRIPTION_2_EXT,
		  .location = 0, .binding = 0, .format = VK_FORMAT_R32G32B32_SFLOAT },
		{ .sType = VK_STRUCTURE_TYPE_VERTEX_INPUT_ATTRIBUTE_DESCRIPTION_2_EXT,
		  .location = 1, .binding = 1, .format = VK_FORMAT_R32G32_SFLOAT },
	};
	const VkColorBlendEquationEXT equation = {
		VK_BLEND_FACTOR_ONE, VK_BLEND_FACTOR_ZERO, VK_BLEND_OP_ADD,
		VK_BLEND_FACTOR_ONE, VK_BLEND_FACTOR_ZERO, VK_BLEND_OP_ADD,
	};
	const VkSampleMask mask = ~0u;
	const VkBool32 off = VK_FALSE;
	const VkColorComponentFlags all = 0xf;
	const VkBuffer buffers[2] = { s->vertices.buffer, s->instances.buffer };
	const VkDeviceSize offsets[2] = { 0, 0 };

	vkCmdSetViewportWithCount(s->cmd, 1, &viewport);
	vkCmdSetScissorWithCount(s->cmd, 1, &scissor);
	vkCmdSetRasterizerDiscardEnable(s->cmd, VK_FALSE);
	vkCmdSetCullMode(s->cmd, VK_CULL_MODE_NONE);
	vkCmdSetFrontFace(s->cmd, VK_FRONT_FACE_COUNTER_CLOCKWISE);
	vkCmdSetDepthTestEnable(s->cmd, depth_test);
	vkCmdSetDepthWriteEnable(s->cmd, depth_test);
	vkCmdSetDepthCompareOp(s->cmd, VK_COMPARE_OP_LESS);
	vkCmdSetDepthBoundsTestEnable(s->cmd, VK_FALSE);
	vkCmdSetStencilTestEnable(s->cmd, VK_FALSE);
	vkCmdSetDepthBiasEnable(s->cmd, VK_FALSE);
	vkCmdSetPrimitiveTopology(s->cmd, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST);
	vkCmdSetPrimitiveRestartEnable(s->cmd, VK_FALSE);
	s->fn.polygon_mode(s->cmd, VK_POLYGON_MODE_FILL);
	s->fn.samples(s->cmd, VK_SAMPLE_COUNT_1_BIT);
	s->fn.sample_mask(s->cmd, VK_SAMPLE_COUNT_1_BIT, &mask);
	s->fn.alpha_to_coverage(s->cmd, VK_FALSE);
	s->fn.logic_op_enable(s->cmd, VK_FALSE);
	s->fn.blend_enable(s->cmd, 0, 1, &off);
	s->fn.blend_equation(s->cmd, 0, 1, &equation);
	s->fn.write_mask(s->cmd, 0, 1, &all);
	s->fn.vertex_input(s->cmd, 2, bindings, 2, attributes);
	vkCmdBindVertexBuffers(s->cmd, 0, 2, buffers, offsets);
}

/*
 * Two rectangles per draw, one per instance (the second instance's offset
 * moves it 8 pixels right): value v on the left, v + 1 on the right.
 */
static void draw_instanced(struct so_scene *s, VkPipelineLayout layout, uint32_t first_vertex,
			   uint32_t value)
{
	vkCmdPushConstants(s->cmd, layout, s->push.stageFlags, 0, 4, &value);
	vkCmdDraw(s->cmd, 6, 2, first_vertex, 0);
}

static void set_instance_offsets(struct so_scene *s)
{
	float *offsets = s->instances.map;

	offsets[0] = 0;
	offsets[1] = 0;
	offsets[2] = 1.0f;	/* 8 pixels of 16 in clip space */
	offsets[3] = 0;
}

/*
 * A linked pair and an unlinked pair of the same shaders, each drawing
 * its two instances with every state from commands; then the unlinked
 * vertex shader alone is rebound (the fragment shader stays bound).
 */
VK_TEST(so_gfx_draw, "shader-object-draw-vertex-fragment")
{
	const VkClearValue clear = { .color.uint32 = { 1 } };
	const VkShaderStageFlagBits stages[2] = {
		VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_FRAGMENT_BIT,
	};
	VkShaderEXT linked[2], unlinked[2];
	uint32_t expected[W * H];
	VkPipelineLayout layout;
	struct so_scene s;

	scene_init(&s, false);
	VK_CHECK(create_uint_shaders(&s, VK_SHADER_CREATE_LINK_STAGE_BIT_EXT, linked));
	VK_CHECK(create_uint_shaders(&s, 0, unlinked));
	layout = push_layout(&s);
	set_instance_offsets(&s);
	vk_gfx_rect(s.vertices.map, 1, 1, 7, 5, 0, W, H, false);
	vk_gfx_rect((struct vk_vtx3 *)s.vertices.map + 6, 0, 6, 8, 10, 0, W, H, false);
	vk_gfx_rect((struct vk_vtx3 *)s.vertices.map + 12, 2, 11, 6, 15, 0, W, H, false);

	vk_gfx_begin(s.cmd, &s.color, NULL, &clear, NULL);
	set_draw_state(&s, false);
	s.fn.bind(s.cmd, 2, stages, linked);
	draw_instanced(&s, layout, 0, 10);
	s.fn.bind(s.cmd, 2, stages, unlinked);
	draw_instanced(&s, layout, 6, 20);
	s.fn.bind(s.cmd, 1, stages, unlinked);
	draw_instanced(&s, layout, 12, 30);
	scene_finish(&s);

	vk_gfx_fill(expected, W, 0, 0, W, H, 1);
	vk_gfx_fill(expected, W, 1, 1, 7, 5, 10);
	vk_gfx_fill(expected, W, 9, 1, 15, 5, 11);
	vk_gfx_fill(expected, W, 0, 6, 8, 10, 20);
	vk_gfx_fill(expected, W, 8, 6, 16, 10, 21);
	vk_gfx_fill(expected, W, 2, 11, 6, 15, 30);
	vk_gfx_fill(expected, W, 10, 11, 14, 15, 31);
	vk_gfx_check_uint(s.readback.map, expected, W, H, "colour");

	for (int i = 0; i < 2; i++) {
		s.fn.destroy(s.dev.device, linked[i], NULL);
		s.fn.destroy(s.dev.device, unlinked[i], NULL);
	}
	vkDestroyPipelineLayout(s.dev.device, layout, NULL);
	scene_destroy(&s);
}

/* The binary of @shader (malloc'd), its size in *@size. */
static void *shader_binary(struct so_scene *s, VkShaderEXT shader, size_t *size)
{
	void *data;

	VK_CHECK(s->fn.get_binary(s->dev.device, shader, size, NULL));
	REQUIRE(*size > 0);
	data = malloc(*size);
	REQUIRE(data);
	VK_CHECK(s->fn.get_binary(s->dev.device, shader, size, data));
	return data;
}

/*
 * Vertex and fragment shaders recreated from their binaries draw what the
 * SPIR-V ones draw, and give the same binary back.
 */
VK_TEST(so_gfx_binary, "shader-object-graphics-binary-round-trip")
{
	const VkClearValue clear = { .color.uint32 = { 0 } };
	const VkShaderStageFlagBits stages[2] = {
		VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_FRAGMENT_BIT,
	};
	VkShaderEXT spirv[2], binary[2];
	VkShaderCreateInfoEXT infos[2];
	uint32_t expected[W * H];
	void *data[2];
	size_t size[2];
	VkPipelineLayout layout;
	struct so_scene s;

	scene_init(&s, false);
	VK_CHECK(create_uint_shaders(&s, 0, spirv));
	for (int i = 0; i < 2; i++) {
		data[i] = shader_binary(&s, spirv[i], &size[i]);
		infos[i] = (VkShaderCreateInfoEXT) {
			.sType = VK_STRUCTURE_TYPE_SHADER_CREATE_INFO_EXT,
			.stage = stages[i],
			.nextStage = i == 0 ? VK_SHADER_STAGE_FRAGMENT_BIT : 0,
			.codeType = VK_SHADER_CODE_TYPE_BINARY_EXT,
			.codeSize = size[i], .pCode = data[i], .pName = "main",
			.pushConstantRangeCount = 1, .pPushConstantRanges = &s.push,
		};
	}
	VK_CHECK(s.fn.create(s.dev.device, 2, infos, NULL, binary));
	for (int i = 0; i < 2; i++) {
		size_t again_size;
		void *again = shader_binary(&s, binary[i], &again_size);

		REQUIRE_EQ(again_size, size[i]);
		REQUIRE(!memcmp(again, data[i], size[i]));
		free(again);
	}
	layout = push_layout(&s);
	set_instance_offsets(&s);
	vk_gfx_rect(s.vertices.map, 1, 2, 7, 9, 0, W, H, false);
	vk_gfx_rect((struct vk_vtx3 *)s.vertices.map + 6, 3, 10, 5, 16, 0, W, H, false);

	vk_gfx_begin(s.cmd, &s.color, NULL, &clear, NULL);
	set_draw_state(&s, false);
	s.fn.bind(s.cmd, 2, stages, binary);
	draw_instanced(&s, layout, 0, 40);
	s.fn.bind(s.cmd, 2, stages, spirv);
	vkCmdPushConstants(s.cmd, layout, s.push.stageFlags, 0, 4, &(uint32_t){ 50 });
	vkCmdDraw(s.cmd, 6, 1, 6, 0);
	scene_finish(&s);

	vk_gfx_fill(expected, W, 0, 0, W, H, 0);
	vk_gfx_fill(expected, W, 1, 2, 7, 9, 40);
	vk_gfx_fill(expected, W, 9, 2, 15, 9, 41);
	vk_gfx_fill(expected, W, 3, 10, 5, 16, 50);
	vk_gfx_check_uint(s.readback.map, expected, W, H, "colour");

	for (int i = 0; i < 2; i++) {
		s.fn.destroy(s.dev.device, spirv[i], NULL);
		s.fn.destroy(s.dev.device, binary[i], NULL);
		free(data[i]);
	}
	vkDestroyPipelineLayout(s.dev.device, layout, NULL);
	scene_destroy(&s);
}

/*
 * With VK_NULL_HANDLE bound to the fragment stage a draw rasterizes for
 * depth only: its rectangle's depth is written, with every colour
 * component masked. A second draw with the fragment shader, behind it,
 * colours only the pixels the first left alone.
 */
VK_TEST(so_gfx_no_fragment, "shader-object-no-fragment-shader-depth-only")
{
	const VkClearValue clear = { .color.uint32 = { 3 } };
	const VkClearValue depth_clear = { .depthStencil = { 1.0f, 0 } };
	const VkShaderStageFlagBits stages[2] = {
		VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_FRAGMENT_BIT,
	};
	const VkShaderEXT no_fragment = VK_NULL_HANDLE;
	const VkColorComponentFlags none = 0, all = 0xf;
	VkShaderEXT shaders[2];
	uint32_t expected[W * H];
	float expected_depth[W * H];
	const float *depth;
	unsigned int wrong = 0;
	VkPipelineLayout layout;
	struct so_scene s;

	scene_init(&s, true);
	VK_CHECK(create_uint_shaders(&s, 0, shaders));
	layout = push_layout(&s);
	vk_gfx_rect(s.vertices.map, 2, 3, 10, 12, 0.25f, W, H, false);
	vk_gfx_rect((struct vk_vtx3 *)s.vertices.map + 6, 0, 0, W, H, 0.5f, W, H, false);

	vk_gfx_begin(s.cmd, &s.color, &s.depth, &clear, &depth_clear);
	set_draw_state(&s, true);
	s.fn.bind(s.cmd, 2, stages, shaders);
	s.fn.bind(s.cmd, 1, stages + 1, &no_fragment);
	s.fn.write_mask(s.cmd, 0, 1, &none);
	vkCmdPushConstants(s.cmd, layout, s.push.stageFlags, 0, 4, &(uint32_t){ 60 });
	vkCmdDraw(s.cmd, 6, 1, 0, 0);
	s.fn.bind(s.cmd, 1, stages + 1, &shaders[1]);
	s.fn.write_mask(s.cmd, 0, 1, &all);
	vkCmdPushConstants(s.cmd, layout, s.push.stageFlags, 0, 4, &(uint32_t){ 70 });
	vkCmdDraw(s.cmd, 6, 1, 6, 0);
	scene_finish(&s);

	vk_gfx_fill(expected, W, 0, 0, W, H, 70);
	vk_gfx_fill(expected, W, 2, 3, 10, 12, 3);
	vk_gfx_check_uint(s.readback.map, expected, W, H, "colour");
	for (uint32_t i = 0; i < W * H; i++)
		expected_depth[i] = 0.5f;
	for (uint32_t y = 3; y < 12; y++)
		for (uint32_t x = 2; x < 10; x++)
			expected_depth[y * W + x] = 0.25f;
	depth = s.depth_readback.map;
	for (uint32_t i = 0; i < W * H; i++) {
		if (depth[i] == expected_depth[i])
			continue;
		if (!wrong++)
			printf("# depth pixel (%u, %u): %g, expected %g\n", i % W, i / W,
			       depth[i], expected_depth[i]);
	}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u depth pixels differ", wrong);

	for (int i = 0; i < 2; i++)
		s.fn.destroy(s.dev.device, shaders[i], NULL);
	vkDestroyPipelineLayout(s.dev.device, layout, NULL);
	scene_destroy(&s);
}

/*
 * Pipelines and shader objects replace each other's binding: a pipeline
 * draw, a shader-object draw with the state set again by commands, and the
 * pipeline once more, whose static state is its own again.
 */
VK_TEST(so_gfx_interleave, "shader-object-graphics-pipeline-interleave")
{
	const struct vk_gfx_desc desc = vk_gfx_uint_desc(W, H);
	const VkClearValue clear = { .color.uint32 = { 2 } };
	const VkShaderStageFlagBits stages[2] = {
		VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_FRAGMENT_BIT,
	};
	VkShaderEXT shaders[2];
	uint32_t expected[W * H];
	struct vk_gfx_pipe pipe;
	struct so_scene s;

	scene_init(&s, false);
	VK_CHECK(create_uint_shaders(&s, 0, shaders));
	vk_gfx_pipe_create(&s.dev, &desc, &pipe);
	vk_gfx_rect(s.vertices.map, 0, 0, 4, 4, 0, W, H, false);
	vk_gfx_rect((struct vk_vtx3 *)s.vertices.map + 6, 4, 4, 8, 8, 0, W, H, false);
	vk_gfx_rect((struct vk_vtx3 *)s.vertices.map + 12, 8, 8, 12, 12, 0, W, H, false);

	vk_gfx_begin(s.cmd, &s.color, NULL, &clear, NULL);
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe.pipeline);
	vkCmdBindVertexBuffers(s.cmd, 0, 2, (VkBuffer[2]){ s.vertices.buffer, s.instances.buffer },
			       (VkDeviceSize[2]){ 0, 0 });
	vkCmdPushConstants(s.cmd, pipe.layout, s.push.stageFlags, 0, 4, &(uint32_t){ 80 });
	vkCmdDraw(s.cmd, 6, 1, 0, 0);
	set_draw_state(&s, false);
	s.fn.bind(s.cmd, 2, stages, shaders);
	vkCmdPushConstants(s.cmd, pipe.layout, s.push.stageFlags, 0, 4, &(uint32_t){ 81 });
	vkCmdDraw(s.cmd, 6, 1, 6, 0);
	vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe.pipeline);
	vkCmdPushConstants(s.cmd, pipe.layout, s.push.stageFlags, 0, 4, &(uint32_t){ 82 });
	vkCmdDraw(s.cmd, 6, 1, 12, 0);
	scene_finish(&s);

	vk_gfx_fill(expected, W, 0, 0, W, H, 2);
	vk_gfx_fill(expected, W, 0, 0, 4, 4, 80);
	vk_gfx_fill(expected, W, 4, 4, 8, 8, 81);
	vk_gfx_fill(expected, W, 8, 8, 12, 12, 82);
	vk_gfx_check_uint(s.readback.map, expected, W, H, "colour");

	for (int i = 0; i < 2; i++)
		s.fn.destroy(s.dev.device, shaders[i], NULL);
	vk_gfx_pipe_destroy(&s.dev, &pipe);
	scene_destroy(&s);
}

/*
 * With the extension enabled every command it lists without a condition
 * has an entry point, on any device: the dynamic states shader objects
 * draw with, tessellation's included (valid to set without tessellation).
 */
VK_TEST(so_gfx_commands, "shader-object-required-commands")
{
	static const char *const names[] = {
		"vkCmdSetCullModeEXT", "vkCmdSetFrontFaceEXT", "vkCmdSetPrimitiveTopologyEXT",
		"vkCmdSetViewportWithCountEXT", "vkCmdSetScissorWithCountEXT",
		"vkCmdBindVertexBuffers2EXT", "vkCmdSetDepthTestEnableEXT",
		"vkCmdSetDepthWriteEnableEXT", "vkCmdSetDepthCompareOpEXT",
		"vkCmdSetDepthBoundsTestEnableEXT", "vkCmdSetStencilTestEnableEXT",
		"vkCmdSetStencilOpEXT", "vkCmdSetVertexInputEXT", "vkCmdSetPatchControlPointsEXT",
		"vkCmdSetRasterizerDiscardEnableEXT", "vkCmdSetDepthBiasEnableEXT",
		"vkCmdSetLogicOpEXT", "vkCmdSetPrimitiveRestartEnableEXT",
		"vkCmdSetTessellationDomainOriginEXT", "vkCmdSetDepthClampEnableEXT",
		"vkCmdSetPolygonModeEXT", "vkCmdSetRasterizationSamplesEXT",
		"vkCmdSetSampleMaskEXT", "vkCmdSetAlphaToCoverageEnableEXT",
		"vkCmdSetAlphaToOneEnableEXT", "vkCmdSetLogicOpEnableEXT",
		"vkCmdSetColorBlendEnableEXT", "vkCmdSetColorBlendEquationEXT",
		"vkCmdSetColorWriteMaskEXT",
	};
	struct vk_dev dev;

	so_dev_create(&dev, false);
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		vk_dev_proc(&dev, names[i]);
	vk_dev_destroy(&dev);
}

/*
 * VK_EXT_color_write_enable with shader objects: three draws, the
 * second with its attachment's writes disabled by
 * vkCmdSetColorWriteEnableEXT (the target keeps the clear value there,
 * as with a zero write mask), the third enabled again.
 */
VK_TEST(so_gfx_color_write_enable, "shader-object-color-write-enable")
{
	const VkClearValue clear = { .color.uint32 = { 1 } };
	const VkShaderStageFlagBits stages[2] = {
		VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_FRAGMENT_BIT,
	};
	const VkBool32 on = VK_TRUE, off = VK_FALSE;
	PFN_vkCmdSetColorWriteEnableEXT set_enable;
	VkShaderEXT shaders[2];
	uint32_t expected[W * H];
	VkPipelineLayout layout;
	struct so_scene s;

	scene_init_cwe(&s, false, true);
	set_enable = (PFN_vkCmdSetColorWriteEnableEXT)vk_dev_proc(&s.dev,
								  "vkCmdSetColorWriteEnableEXT");
	VK_CHECK(create_uint_shaders(&s, VK_SHADER_CREATE_LINK_STAGE_BIT_EXT, shaders));
	layout = push_layout(&s);
	set_instance_offsets(&s);
	vk_gfx_rect(s.vertices.map, 1, 1, 7, 5, 0, W, H, false);
	vk_gfx_rect((struct vk_vtx3 *)s.vertices.map + 6, 0, 6, 8, 10, 0, W, H, false);
	vk_gfx_rect((struct vk_vtx3 *)s.vertices.map + 12, 2, 11, 6, 15, 0, W, H, false);

	vk_gfx_begin(s.cmd, &s.color, NULL, &clear, NULL);
	set_draw_state(&s, false);
	s.fn.bind(s.cmd, 2, stages, shaders);
	set_enable(s.cmd, 1, &on);
	draw_instanced(&s, layout, 0, 10);
	set_enable(s.cmd, 1, &off);
	draw_instanced(&s, layout, 6, 20);
	set_enable(s.cmd, 1, &on);
	draw_instanced(&s, layout, 12, 30);
	scene_finish(&s);

	vk_gfx_fill(expected, W, 0, 0, W, H, 1);
	vk_gfx_fill(expected, W, 1, 1, 7, 5, 10);
	vk_gfx_fill(expected, W, 9, 1, 15, 5, 11);
	vk_gfx_fill(expected, W, 2, 11, 6, 15, 30);
	vk_gfx_fill(expected, W, 10, 11, 14, 15, 31);
	vk_gfx_check_uint(s.readback.map, expected, W, H, "colour");

	for (int i = 0; i < 2; i++)
		s.fn.destroy(s.dev.device, shaders[i], NULL);
	vkDestroyPipelineLayout(s.dev.device, layout, NULL);
	scene_destroy(&s);
}
