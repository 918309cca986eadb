/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Shader objects (VK_EXT_shader_object, compute)
 *
 * Compute shader objects created from SPIR-V (with set layouts, push
 * constant ranges and specialization) and from the binary
 * vkGetShaderBinaryDataEXT returns, bound with vkCmdBindShadersEXT and
 * dispatched; what the specification says about binary data (size query,
 * VK_INCOMPLETE with nothing written, invariance, compatibility through
 * shaderBinaryUUID/shaderBinaryVersion, VK_INCOMPATIBLE_SHADER_BINARY_EXT
 * for code the device cannot use), which handles a partly failed
 * vkCreateShadersEXT returns, how vkCmdBindPipeline and vkCmdBindShadersEXT
 * replace each other's binding, the compute creation flags (required
 * subgroup size, full subgroups, dispatch base), and that a device listing
 * the extension supports what it depends on.
 *
 * The binary is opaque: the specification defines no header for it (unlike
 * pipeline cache data), so these tests never look inside it. A "binary of
 * another build" is made by inverting or zeroing every byte, which changes
 * whatever identification an implementation puts in it, or by cutting it
 * short: VK_INCOMPATIBLE_SHADER_BINARY_EXT. A binary with one bit changed
 * may be refused or accepted, but must not change any other shader.
 *
 * Bookworm's validation layer (1.3.239) predates VK_EXT_shader_object: it
 * neither validates nor dispatches its commands, so every test that uses
 * them skips under it.
 */

#include "vk_test.h"
#include "vk_shaders.h"

#include <stdlib.h>
#include <string.h>

/* fill.comp writes o[0..63] at most; untouched words keep this value. */
#define SENTINEL	0xdeadbeefu
#define WORDS		64

#define VALIDATION_SKIP "the validation layer (1.3.239) predates VK_EXT_shader_object"

/*
 * A device with shaderObject enabled, the extension's entry points, and
 * what every test's fill.comp shader needs: a set layout of one storage
 * buffer, the push constant range of its {base, count} and a pipeline
 * layout made of both (compatible with every shader created from them).
 */
struct so {
	struct vk_dev dev;
	PFN_vkCreateShadersEXT create;
	PFN_vkDestroyShaderEXT destroy;
	PFN_vkGetShaderBinaryDataEXT get_binary;
	PFN_vkCmdBindShadersEXT bind;
	VkDescriptorSetLayout set_layout;
	VkPushConstantRange push;
	VkPipelineLayout layout;
	VkDescriptorPool pool;
};

/* fill.comp's push constants. */
struct fill_push {
	uint32_t base, count;
};

static const VkShaderStageFlagBits compute_stage = VK_SHADER_STAGE_COMPUTE_BIT;

/* @more: further extensions and features (a chain ending in NULL) a test needs. */
static void so_create(struct so *so, const char *const *more_ext, uint32_t more_count,
		      void *more_features)
{
	VkPhysicalDeviceShaderObjectFeaturesEXT features = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_OBJECT_FEATURES_EXT,
		.pNext = more_features,
		.shaderObject = VK_TRUE,
	};
	/* The harness asks for Vulkan 1.2, where the extension depends on dynamic rendering. */
	const char *ext[4] = {
		VK_EXT_SHADER_OBJECT_EXTENSION_NAME, VK_KHR_DYNAMIC_RENDERING_EXTENSION_NAME,
	};
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = 2 + more_count, .features = &features,
	};

	if (vk_test_under_validation())
		vk_test_skip(VALIDATION_SKIP);
	REQUIRE(more_count <= 2);
	for (uint32_t i = 0; i < more_count; i++)
		ext[2 + i] = more_ext[i];
	memset(so, 0, sizeof(*so));
	vk_dev_create(&so->dev, &options);
	so->create = (PFN_vkCreateShadersEXT)vk_dev_proc(&so->dev, "vkCreateShadersEXT");
	so->destroy = (PFN_vkDestroyShaderEXT)vk_dev_proc(&so->dev, "vkDestroyShaderEXT");
	so->get_binary = (PFN_vkGetShaderBinaryDataEXT)
		vk_dev_proc(&so->dev, "vkGetShaderBinaryDataEXT");
	so->bind = (PFN_vkCmdBindShadersEXT)vk_dev_proc(&so->dev, "vkCmdBindShadersEXT");
	so->set_layout = vk_storage_set_layout(&so->dev, 1, 0);
	so->push = (VkPushConstantRange) {
		VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(struct fill_push),
	};
	const VkPipelineLayoutCreateInfo layout_info = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
		.setLayoutCount = 1, .pSetLayouts = &so->set_layout,
		.pushConstantRangeCount = 1, .pPushConstantRanges = &so->push,
	};
	VK_CHECK(vkCreatePipelineLayout(so->dev.device, &layout_info, NULL, &so->layout));
	const VkDescriptorPoolSize size = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 8 };
	const VkDescriptorPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.maxSets = 8, .poolSizeCount = 1, .pPoolSizes = &size,
	};
	VK_CHECK(vkCreateDescriptorPool(so->dev.device, &pool_info, NULL, &so->pool));
}

static void so_destroy(struct so *so)
{
	vkDestroyDescriptorPool(so->dev.device, so->pool, NULL);
	vkDestroyPipelineLayout(so->dev.device, so->layout, NULL);
	vkDestroyDescriptorSetLayout(so->dev.device, so->set_layout, NULL);
	vk_dev_destroy(&so->dev);
}

static bool device_has(VkPhysicalDevice pd, const char *name)
{
	VkExtensionProperties props[512];
	uint32_t count = 512;

	REQUIRE(vkEnumerateDeviceExtensionProperties(pd, NULL, &count, props) >= 0);
	for (uint32_t i = 0; i < count; i++)
		if (!strcmp(props[i].extensionName, name))
			return true;
	return false;
}

/*
 * A device that lists VK_EXT_shader_object supports what the extension
 * depends on: Vulkan 1.3, or VK_KHR_dynamic_rendering; either way the
 * dynamicRendering feature (which both require) and, with the extension
 * enabled, its commands. Nothing here is new to the validation layer: it runs
 * under it too.
 */
VK_TEST(so_dependencies, "shader-object-extension-dependencies")
{
	VkPhysicalDeviceDynamicRenderingFeatures rendering = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES,
	};
	VkPhysicalDeviceFeatures2 features = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &rendering,
	};
	VkPhysicalDeviceDynamicRenderingFeatures enable_rendering = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES,
		.dynamicRendering = VK_TRUE,
	};
	const char *ext[] = { VK_KHR_DYNAMIC_RENDERING_EXTENSION_NAME };
	const struct vk_dev_options rendering_options = {
		.extensions = ext, .extension_count = 1, .features = &enable_rendering,
	};
	struct vk_dev dev;

	vk_dev_create(&dev, NULL);
	if (!device_has(dev.physical, VK_EXT_SHADER_OBJECT_EXTENSION_NAME))
		vk_test_skip("the device lacks %s", VK_EXT_SHADER_OBJECT_EXTENSION_NAME);
	if (dev.props.apiVersion < VK_API_VERSION_1_3)
		REQUIRE(device_has(dev.physical, VK_KHR_DYNAMIC_RENDERING_EXTENSION_NAME));
	/* Vulkan 1.3 requires the feature as the extension does. */
	vkGetPhysicalDeviceFeatures2(dev.physical, &features);
	REQUIRE_EQ(rendering.dynamicRendering, VK_TRUE);
	if (device_has(dev.physical, VK_KHR_DYNAMIC_RENDERING_EXTENSION_NAME)) {
		/* Enabled with its feature, it has its commands (vk_dev_proc fails when NULL). */
		vk_dev_destroy(&dev);
		vk_dev_create(&dev, &rendering_options);
		vk_dev_proc(&dev, "vkCmdBeginRenderingKHR");
		vk_dev_proc(&dev, "vkCmdEndRenderingKHR");
	}
	vk_dev_destroy(&dev);
}

/* A buffer of WORDS words, all SENTINEL, and a set of so->set_layout for it. */
static VkDescriptorSet out_buffer(struct so *so, struct vk_buf *buf)
{
	const VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = so->pool, .descriptorSetCount = 1, .pSetLayouts = &so->set_layout,
	};
	VkDescriptorSet set;

	vk_buf_create(&so->dev, WORDS * 4, 0, buf);
	for (uint32_t i = 0; i < WORDS; i++)
		((uint32_t *)buf->map)[i] = SENTINEL;
	VK_CHECK(vkAllocateDescriptorSets(so->dev.device, &alloc, &set));
	const VkDescriptorBufferInfo info = { buf->buffer, 0, VK_WHOLE_SIZE };
	const VkWriteDescriptorSet write = {
		.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set,
		.descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
		.pBufferInfo = &info,
	};
	vkUpdateDescriptorSets(so->dev.device, 1, &write, 0, NULL);
	return set;
}

/* fill.comp's SCALE (constant_id 0), specialized to *@scale. */
static VkSpecializationInfo scale_spec(const uint32_t *scale)
{
	static const VkSpecializationMapEntry entry = { 0, 0, sizeof(uint32_t) };

	return (VkSpecializationInfo) {
		.mapEntryCount = 1, .pMapEntries = &entry, .dataSize = sizeof(*scale),
		.pData = scale,
	};
}

/* A VkShaderCreateInfoEXT of fill.comp (SPIR-V) with the layout of @so. */
static VkShaderCreateInfoEXT fill_info(const struct so *so, const VkSpecializationInfo *spec)
{
	return (VkShaderCreateInfoEXT) {
		.sType = VK_STRUCTURE_TYPE_SHADER_CREATE_INFO_EXT,
		.stage = VK_SHADER_STAGE_COMPUTE_BIT,
		.codeType = VK_SHADER_CODE_TYPE_SPIRV_EXT,
		.codeSize = fill_spv_size, .pCode = fill_spv, .pName = "main",
		.setLayoutCount = 1, .pSetLayouts = &so->set_layout,
		.pushConstantRangeCount = 1, .pPushConstantRanges = &so->push,
		.pSpecializationInfo = spec,
	};
}

/* fill.comp from SPIR-V with SCALE = @scale. */
static VkShaderEXT fill_shader(struct so *so, uint32_t scale)
{
	const VkSpecializationInfo spec = scale_spec(&scale);
	const VkShaderCreateInfoEXT info = fill_info(so, &spec);
	VkShaderEXT shader = VK_NULL_HANDLE;

	VK_CHECK(so->create(so->dev.device, 1, &info, NULL, &shader));
	REQUIRE(shader != VK_NULL_HANDLE);
	return shader;
}

/* fill.comp's binary form from a 16-byte aligned buffer (VUID-...-pCode-08492). */
static VkShaderCreateInfoEXT binary_info(const struct so *so, const void *code, size_t size)
{
	VkShaderCreateInfoEXT info = fill_info(so, NULL);

	info.codeType = VK_SHADER_CODE_TYPE_BINARY_EXT;
	info.codeSize = size;
	info.pCode = code;
	return info;
}

/* A compute pipeline of fill.comp with SCALE = @scale and so->layout. */
static VkPipeline fill_pipeline(struct so *so, uint32_t scale, VkShaderModule *module)
{
	const VkSpecializationInfo spec = scale_spec(&scale);
	const VkShaderModuleCreateInfo module_info = {
		.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
		.codeSize = fill_spv_size, .pCode = fill_spv,
	};
	VkPipeline pipeline;

	VK_CHECK(vkCreateShaderModule(so->dev.device, &module_info, NULL, module));
	const VkComputePipelineCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
		.stage = {
			.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
			.stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = *module, .pName = "main",
			.pSpecializationInfo = &spec,
		},
		.layout = so->layout,
	};
	VK_CHECK(vkCreateComputePipelines(so->dev.device, VK_NULL_HANDLE, 1, &info, NULL,
					  &pipeline));
	return pipeline;
}

/* Binds @set through so->layout, pushes {base, count} and dispatches one workgroup. */
static void dispatch_fill(struct so *so, VkCommandBuffer cmd, VkDescriptorSet set,
			  uint32_t base, uint32_t count)
{
	const struct fill_push push = { base, count };

	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, so->layout, 0, 1, &set, 0,
				NULL);
	vkCmdPushConstants(cmd, so->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(push), &push);
	vkCmdDispatch(cmd, 1, 1, 1);
}

/* What fill.comp leaves in @buf: base + scale * i below count, SENTINEL above. */
static void check_fill(const struct vk_buf *buf, uint32_t base, uint32_t scale, uint32_t count)
{
	const uint32_t *o = buf->map;

	for (uint32_t i = 0; i < WORDS; i++)
		REQUIRE_EQ(o[i], i < count ? base + scale * i : SENTINEL);
}

/* The binary of @shader (size query, then the data) in a 16-byte aligned buffer. */
static void *shader_binary(struct so *so, VkShaderEXT shader, size_t *size)
{
	void *data;

	*size = 0;
	VK_CHECK(so->get_binary(so->dev.device, shader, size, NULL));
	REQUIRE(*size > 0);
	data = aligned_alloc(16, (*size + 15) & ~(size_t)15);
	REQUIRE(data);
	VK_CHECK(so->get_binary(so->dev.device, shader, size, data));
	return data;
}

/*
 * A shader with set layouts, a push constant range and a specialization
 * constant, bound to the compute stage, run with descriptors bound through
 * a compatible pipeline layout and push constants — set before the shader
 * is bound: binding a shader, like binding a pipeline, disturbs neither.
 */
VK_TEST(so_dispatch, "shader-object-compute-dispatch")
{
	const struct fill_push push = { 100, 50 };
	struct so so;
	struct vk_buf out;
	VkDescriptorSet set;
	VkShaderEXT shader;

	so_create(&so, NULL, 0, NULL);
	set = out_buffer(&so, &out);
	shader = fill_shader(&so, 3);
	VkCommandBuffer cmd = vk_cmd_begin(&so.dev);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, so.layout, 0, 1, &set, 0,
				NULL);
	vkCmdPushConstants(cmd, so.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(push), &push);
	so.bind(cmd, 1, &compute_stage, &shader);
	vkCmdDispatch(cmd, 1, 1, 1);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&so.dev, cmd, 0);
	check_fill(&out, 100, 3, 50);
	so.destroy(so.dev.device, shader, NULL);
	vk_buf_destroy(&so.dev, &out);
	so_destroy(&so);
}

/*
 * Two shaders of one SPIR-V created in one call: each create info's
 * pSpecializationInfo applies to its shader only (none: the default).
 */
VK_TEST(so_specialization, "shader-object-specialization")
{
	const uint32_t seven = 7;
	const VkSpecializationInfo spec = scale_spec(&seven);
	struct so so;
	struct vk_buf out[2];
	VkDescriptorSet set[2];
	VkShaderEXT shaders[2] = { VK_NULL_HANDLE, VK_NULL_HANDLE };

	so_create(&so, NULL, 0, NULL);
	const VkShaderCreateInfoEXT infos[2] = { fill_info(&so, NULL), fill_info(&so, &spec) };
	VK_CHECK(so.create(so.dev.device, 2, infos, NULL, shaders));
	REQUIRE(shaders[0] != VK_NULL_HANDLE && shaders[1] != VK_NULL_HANDLE);
	VkCommandBuffer cmd = vk_cmd_begin(&so.dev);
	for (int i = 0; i < 2; i++) {
		set[i] = out_buffer(&so, &out[i]);
		so.bind(cmd, 1, &compute_stage, &shaders[i]);
		dispatch_fill(&so, cmd, set[i], 5, WORDS);
	}
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&so.dev, cmd, 0);
	check_fill(&out[0], 5, 1, WORDS);
	check_fill(&out[1], 5, 7, WORDS);
	for (int i = 0; i < 2; i++) {
		so.destroy(so.dev.device, shaders[i], NULL);
		vk_buf_destroy(&so.dev, &out[i]);
	}
	so_destroy(&so);
}

/*
 * Unbinding: VK_NULL_HANDLE in pShaders, or pShaders NULL, leaves the stage
 * without a shader (a dispatch then would be invalid, so what is checked
 * is that each dispatch ran the shader or pipeline bound when it was
 * recorded, whatever is bound or unbound afterwards).
 */
VK_TEST(so_unbind, "shader-object-unbind")
{
	const VkShaderEXT none = VK_NULL_HANDLE;
	struct so so;
	struct vk_buf out[3];
	VkDescriptorSet set[3];
	VkShaderEXT two, five;
	VkShaderModule module;
	VkPipeline pipeline;

	so_create(&so, NULL, 0, NULL);
	for (int i = 0; i < 3; i++)
		set[i] = out_buffer(&so, &out[i]);
	two = fill_shader(&so, 2);
	five = fill_shader(&so, 5);
	pipeline = fill_pipeline(&so, 9, &module);
	VkCommandBuffer cmd = vk_cmd_begin(&so.dev);
	so.bind(cmd, 1, &compute_stage, &two);
	dispatch_fill(&so, cmd, set[0], 0, WORDS);
	so.bind(cmd, 1, &compute_stage, &none);
	so.bind(cmd, 1, &compute_stage, &five);
	dispatch_fill(&so, cmd, set[1], 0, WORDS);
	so.bind(cmd, 1, &compute_stage, NULL);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
	dispatch_fill(&so, cmd, set[2], 0, WORDS);
	so.bind(cmd, 1, &compute_stage, NULL);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&so.dev, cmd, 0);
	check_fill(&out[0], 0, 2, WORDS);
	check_fill(&out[1], 0, 5, WORDS);
	check_fill(&out[2], 0, 9, WORDS);
	vkDestroyPipeline(so.dev.device, pipeline, NULL);
	vkDestroyShaderModule(so.dev.device, module, NULL);
	so.destroy(so.dev.device, two, NULL);
	so.destroy(so.dev.device, five, NULL);
	for (int i = 0; i < 3; i++)
		vk_buf_destroy(&so.dev, &out[i]);
	so_destroy(&so);
}

/*
 * vkGetShaderBinaryDataEXT: the size with pData NULL; a buffer one byte too
 * small gets nothing written, VK_INCOMPLETE and a size of 0 ("the amount
 * of data actually written"); a larger one gets the binary and its size;
 * repeated queries return the same bytes (invariant for the shader's
 * life). A shader created from that binary runs like the original.
 */
VK_TEST(so_binary, "shader-object-binary-data")
{
	struct so so;
	struct vk_buf out[2];
	VkDescriptorSet set[2];
	VkShaderEXT spirv, binary = VK_NULL_HANDLE;
	size_t size, small, large;
	uint8_t *data, *again;

	so_create(&so, NULL, 0, NULL);
	spirv = fill_shader(&so, 11);
	data = shader_binary(&so, spirv, &size);
	again = aligned_alloc(16, size + 64);
	REQUIRE(again);
	memset(again, 0xa5, size + 64);
	small = size - 1;
	REQUIRE_EQ(so.get_binary(so.dev.device, spirv, &small, again), VK_INCOMPLETE);
	REQUIRE_EQ(small, 0);
	for (size_t i = 0; i < size + 64; i++)
		REQUIRE_EQ(again[i], 0xa5);
	large = size + 64;
	VK_CHECK(so.get_binary(so.dev.device, spirv, &large, again));
	REQUIRE_EQ(large, size);
	REQUIRE(!memcmp(data, again, size));

	const VkShaderCreateInfoEXT info = binary_info(&so, data, size);
	VK_CHECK(so.create(so.dev.device, 1, &info, NULL, &binary));
	REQUIRE(binary != VK_NULL_HANDLE);
	VkCommandBuffer cmd = vk_cmd_begin(&so.dev);
	for (int i = 0; i < 2; i++) {
		set[i] = out_buffer(&so, &out[i]);
		so.bind(cmd, 1, &compute_stage, i ? &binary : &spirv);
		dispatch_fill(&so, cmd, set[i], 3, 40);
	}
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&so.dev, cmd, 0);
	check_fill(&out[0], 3, 11, 40);
	check_fill(&out[1], 3, 11, 40);
	free(again);
	free(data);
	so.destroy(so.dev.device, binary, NULL);
	so.destroy(so.dev.device, spirv, NULL);
	for (int i = 0; i < 2; i++)
		vk_buf_destroy(&so.dev, &out[i]);
	so_destroy(&so);
}

/*
 * The binary of a shader that was itself created from a binary is binary
 * shader code like any other: a shader created from it runs the same.
 */
VK_TEST(so_binary_twice, "shader-object-binary-of-binary-shader")
{
	struct so so;
	struct vk_buf out;
	VkDescriptorSet set;
	VkShaderEXT spirv, first = VK_NULL_HANDLE, second = VK_NULL_HANDLE;
	size_t size, size2;
	void *data, *data2;

	so_create(&so, NULL, 0, NULL);
	spirv = fill_shader(&so, 19);
	data = shader_binary(&so, spirv, &size);
	const VkShaderCreateInfoEXT info = binary_info(&so, data, size);
	VK_CHECK(so.create(so.dev.device, 1, &info, NULL, &first));
	data2 = shader_binary(&so, first, &size2);
	const VkShaderCreateInfoEXT info2 = binary_info(&so, data2, size2);
	VK_CHECK(so.create(so.dev.device, 1, &info2, NULL, &second));
	REQUIRE(second != VK_NULL_HANDLE);
	set = out_buffer(&so, &out);
	VkCommandBuffer cmd = vk_cmd_begin(&so.dev);
	so.bind(cmd, 1, &compute_stage, &second);
	dispatch_fill(&so, cmd, set, 9, 30);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&so.dev, cmd, 0);
	check_fill(&out, 9, 19, 30);
	free(data2);
	free(data);
	so.destroy(so.dev.device, second, NULL);
	so.destroy(so.dev.device, first, NULL);
	so.destroy(so.dev.device, spirv, NULL);
	vk_buf_destroy(&so.dev, &out);
	so_destroy(&so);
}

static void shader_object_props(VkPhysicalDevice pd, VkPhysicalDeviceShaderObjectPropertiesEXT *p)
{
	VkPhysicalDeviceProperties2 props2 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = p,
	};

	*p = (VkPhysicalDeviceShaderObjectPropertiesEXT) {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_OBJECT_PROPERTIES_EXT,
	};
	vkGetPhysicalDeviceProperties2(pd, &props2);
}

/*
 * Binary compatibility: a binary is guaranteed to create a working shader
 * on any device reporting the same shaderBinaryUUID and the same or a
 * higher shaderBinaryVersion — here a second instance and logical device
 * of the same physical device.
 */
VK_TEST(so_binary_other_device, "shader-object-binary-compatible-device")
{
	VkPhysicalDeviceShaderObjectPropertiesEXT first, second;
	struct so so, other;
	struct vk_buf out;
	VkDescriptorSet set;
	VkShaderEXT spirv, binary = VK_NULL_HANDLE;
	size_t size;
	void *data;

	so_create(&so, NULL, 0, NULL);
	shader_object_props(so.dev.physical, &first);
	spirv = fill_shader(&so, 13);
	data = shader_binary(&so, spirv, &size);
	so.destroy(so.dev.device, spirv, NULL);
	so_destroy(&so);

	so_create(&other, NULL, 0, NULL);
	shader_object_props(other.dev.physical, &second);
	if (memcmp(first.shaderBinaryUUID, second.shaderBinaryUUID, VK_UUID_SIZE) ||
	    second.shaderBinaryVersion < first.shaderBinaryVersion)
		vk_test_fail(__FILE__, __LINE__,
			     "one physical device reports two binary UUIDs or versions");
	const VkShaderCreateInfoEXT info = binary_info(&other, data, size);
	VK_CHECK(other.create(other.dev.device, 1, &info, NULL, &binary));
	REQUIRE(binary != VK_NULL_HANDLE);
	set = out_buffer(&other, &out);
	VkCommandBuffer cmd = vk_cmd_begin(&other.dev);
	other.bind(cmd, 1, &compute_stage, &binary);
	dispatch_fill(&other, cmd, set, 1000, 33);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&other.dev, cmd, 0);
	check_fill(&out, 1000, 13, 33);
	free(data);
	other.destroy(other.dev.device, binary, NULL);
	vk_buf_destroy(&other.dev, &out);
	so_destroy(&other);
}

/* The ways a test can make a binary the device did not produce. */
enum alteration { INVERTED, ZEROED, TRUNCATED };

/* Alters @data as @how says; returns the size to pass. */
static size_t alter(uint8_t *data, size_t size, enum alteration how)
{
	if (how == TRUNCATED)
		return size / 2;
	for (size_t i = 0; i < size; i++)
		data[i] = how == INVERTED ? (uint8_t)~data[i] : 0;
	return size;
}

/*
 * Binary code the device cannot use — every byte inverted (whatever UUID
 * or version it carried no longer matches), all zero, or cut short — is,
 * "in the absence of some error", VK_INCOMPATIBLE_SHADER_BINARY_EXT (a
 * success code, not VK_ERROR_INITIALIZATION_FAILED) with a VK_NULL_HANDLE
 * shader.
 */
VK_TEST(so_binary_incompatible, "shader-object-binary-incompatible")
{
	struct so so;
	VkShaderEXT spirv, shader;
	size_t size;
	uint8_t *data, *altered;

	so_create(&so, NULL, 0, NULL);
	spirv = fill_shader(&so, 2);
	data = shader_binary(&so, spirv, &size);
	altered = aligned_alloc(16, (size + 15) & ~(size_t)15);
	REQUIRE(altered);
	for (enum alteration how = INVERTED; how <= TRUNCATED; how++) {
		memcpy(altered, data, size);
		const VkShaderCreateInfoEXT info =
			binary_info(&so, altered, alter(altered, size, how));

		shader = (VkShaderEXT)(uintptr_t)0x1234;
		REQUIRE_EQ(so.create(so.dev.device, 1, &info, NULL, &shader),
			   VK_INCOMPATIBLE_SHADER_BINARY_EXT);
		REQUIRE(shader == VK_NULL_HANDLE);
	}
	free(altered);
	free(data);
	so.destroy(so.dev.device, spirv, NULL);
	so_destroy(&so);
}

/* A shader of fill.comp from SPIR-V with SCALE = @scale computes that. */
static void check_spirv_fill(struct so *so, uint32_t scale)
{
	struct vk_buf out;
	VkDescriptorSet set;
	VkShaderEXT shader;

	shader = fill_shader(so, scale);
	set = out_buffer(so, &out);
	VkCommandBuffer cmd = vk_cmd_begin(&so->dev);
	so->bind(cmd, 1, &compute_stage, &shader);
	dispatch_fill(so, cmd, set, 2, 60);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&so->dev, cmd, 0);
	check_fill(&out, 2, scale, 60);
	so->destroy(so->dev.device, shader, NULL);
	vk_buf_destroy(&so->dev, &out);
}

/*
 * Binary code altered one bit at a time, as on its way from another
 * machine: each is either refused (VK_INCOMPATIBLE_SHADER_BINARY_EXT, no
 * handle) or accepted (a valid handle), and none changes what a shader
 * created from the original SPIR-V computes afterwards on that device
 * (a fresh device after each accepted one, so that each is checked).
 * The importing device starts with nothing compiled, as on another
 * machine: Ember would otherwise find the first device's shader in its
 * on-disk cache (EMBER_SHADER_CACHE=0 turns that off; other drivers
 * ignore it).
 */
VK_TEST(so_binary_altered, "shader-object-altered-binary-isolated")
{
	struct so so, other;
	VkShaderEXT spirv, shader;
	size_t size;
	uint8_t *data, *altered;
	VkResult r;

	setenv("EMBER_SHADER_CACHE", "0", 1);
	so_create(&so, NULL, 0, NULL);
	spirv = fill_shader(&so, 17);
	data = shader_binary(&so, spirv, &size);
	so.destroy(so.dev.device, spirv, NULL);
	so_destroy(&so);

	so_create(&other, NULL, 0, NULL);
	altered = aligned_alloc(16, (size + 15) & ~(size_t)15);
	REQUIRE(altered);
	for (size_t i = 0; i < size; i++) {
		memcpy(altered, data, size);
		altered[i] ^= 0x01;
		const VkShaderCreateInfoEXT info = binary_info(&other, altered, size);

		shader = (VkShaderEXT)(uintptr_t)0x1234;
		r = other.create(other.dev.device, 1, &info, NULL, &shader);
		REQUIRE(r == VK_SUCCESS || r == VK_INCOMPATIBLE_SHADER_BINARY_EXT);
		REQUIRE((r == VK_SUCCESS) == (shader != VK_NULL_HANDLE));
		if (r != VK_SUCCESS)
			continue;
		other.destroy(other.dev.device, shader, NULL);
		check_spirv_fill(&other, 17);
		so_destroy(&other);
		so_create(&other, NULL, 0, NULL);
	}
	check_spirv_fill(&other, 17);
	free(altered);
	free(data);
	so_destroy(&other);
}

/*
 * One call creating three shaders of which the second fails: every element
 * is written, the first VK_NULL_HANDLE is the shader the result is about
 * (so the first is a working shader and the second is VK_NULL_HANDLE); the
 * third may be either, and a valid one is destroyed like any other.
 */
VK_TEST(so_partial_failure, "shader-object-create-partial-failure")
{
	struct so so;
	struct vk_buf out;
	VkDescriptorSet set;
	VkShaderEXT spirv, shaders[3];
	size_t size;
	uint8_t *data;

	so_create(&so, NULL, 0, NULL);
	spirv = fill_shader(&so, 4);
	data = shader_binary(&so, spirv, &size);
	alter(data, size, INVERTED);
	const uint32_t four = 4;
	const VkSpecializationInfo spec = scale_spec(&four);
	const VkShaderCreateInfoEXT infos[3] = {
		fill_info(&so, &spec), binary_info(&so, data, size), fill_info(&so, &spec),
	};
	for (int i = 0; i < 3; i++)
		shaders[i] = (VkShaderEXT)(uintptr_t)0x1234;
	REQUIRE_EQ(so.create(so.dev.device, 3, infos, NULL, shaders),
		   VK_INCOMPATIBLE_SHADER_BINARY_EXT);
	REQUIRE(shaders[0] != VK_NULL_HANDLE);
	REQUIRE(shaders[1] == VK_NULL_HANDLE);
	REQUIRE(shaders[2] != (VkShaderEXT)(uintptr_t)0x1234);

	set = out_buffer(&so, &out);
	VkCommandBuffer cmd = vk_cmd_begin(&so.dev);
	so.bind(cmd, 1, &compute_stage, &shaders[0]);
	dispatch_fill(&so, cmd, set, 7, 64);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&so.dev, cmd, 0);
	check_fill(&out, 7, 4, 64);
	for (int i = 0; i < 3; i++)
		so.destroy(so.dev.device, shaders[i], NULL);
	free(data);
	so.destroy(so.dev.device, spirv, NULL);
	vk_buf_destroy(&so.dev, &out);
	so_destroy(&so);
}

/*
 * Pipelines and shader objects in one command buffer: each bind replaces
 * the other's (vkCmdBindShadersEXT disturbs the compute bind point,
 * vkCmdBindPipeline the compute stage), so each dispatch runs the last
 * bound: pipeline, shader object, pipeline again.
 */
VK_TEST(so_interleave, "shader-object-pipeline-interleave")
{
	struct so so;
	struct vk_buf out[3];
	VkDescriptorSet set[3];
	VkShaderEXT shader;
	VkShaderModule module;
	VkPipeline pipeline;

	so_create(&so, NULL, 0, NULL);
	shader = fill_shader(&so, 3);
	pipeline = fill_pipeline(&so, 1, &module);
	VkCommandBuffer cmd = vk_cmd_begin(&so.dev);
	for (int i = 0; i < 3; i++) {
		set[i] = out_buffer(&so, &out[i]);
		if (i == 1)
			so.bind(cmd, 1, &compute_stage, &shader);
		else
			vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
		dispatch_fill(&so, cmd, set[i], 10 * i, WORDS);
	}
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&so.dev, cmd, 0);
	check_fill(&out[0], 0, 1, WORDS);
	check_fill(&out[1], 10, 3, WORDS);
	check_fill(&out[2], 20, 1, WORDS);
	vkDestroyPipeline(so.dev.device, pipeline, NULL);
	vkDestroyShaderModule(so.dev.device, module, NULL);
	so.destroy(so.dev.device, shader, NULL);
	for (int i = 0; i < 3; i++)
		vk_buf_destroy(&so.dev, &out[i]);
	so_destroy(&so);
}

/*
 * The last bind wins with no dispatch in between too: pipeline then shader
 * runs the shader; shader then pipeline runs the pipeline.
 */
VK_TEST(so_bind_order, "shader-object-bind-replaces-pipeline")
{
	struct so so;
	struct vk_buf out[2];
	VkDescriptorSet set[2];
	VkShaderEXT shader;
	VkShaderModule module;
	VkPipeline pipeline;

	so_create(&so, NULL, 0, NULL);
	shader = fill_shader(&so, 6);
	pipeline = fill_pipeline(&so, 8, &module);
	for (int i = 0; i < 2; i++)
		set[i] = out_buffer(&so, &out[i]);
	VkCommandBuffer cmd = vk_cmd_begin(&so.dev);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
	so.bind(cmd, 1, &compute_stage, &shader);
	dispatch_fill(&so, cmd, set[0], 0, WORDS);
	so.bind(cmd, 1, &compute_stage, &shader);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
	dispatch_fill(&so, cmd, set[1], 0, WORDS);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&so.dev, cmd, 0);
	check_fill(&out[0], 0, 6, WORDS);
	check_fill(&out[1], 0, 8, WORDS);
	vkDestroyPipeline(so.dev.device, pipeline, NULL);
	vkDestroyShaderModule(so.dev.device, module, NULL);
	so.destroy(so.dev.device, shader, NULL);
	for (int i = 0; i < 2; i++)
		vk_buf_destroy(&so.dev, &out[i]);
	so_destroy(&so);
}

/*
 * A required subgroup size (VkShaderRequiredSubgroupSizeCreateInfoEXT,
 * the largest the device has) with VK_SHADER_CREATE_REQUIRE_FULL_SUBGROUPS
 * _BIT_EXT: every invocation of the 64-wide workgroup sees that size.
 */
VK_TEST(so_subgroup_size, "shader-object-required-subgroup-size")
{
	VkPhysicalDeviceSubgroupSizeControlFeatures control = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES,
		.subgroupSizeControl = VK_TRUE, .computeFullSubgroups = VK_TRUE,
	};
	const char *ext[] = { VK_EXT_SUBGROUP_SIZE_CONTROL_EXTENSION_NAME };
	VkPhysicalDeviceSubgroupSizeControlProperties props = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES,
	};
	VkPhysicalDeviceProperties2 props2 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &props,
	};
	struct so so;
	struct vk_buf out;
	VkDescriptorSet set;
	VkShaderEXT shader = VK_NULL_HANDLE;

	so_create(&so, ext, 1, &control);
	vkGetPhysicalDeviceProperties2(so.dev.physical, &props2);
	if (!(props.requiredSubgroupSizeStages & VK_SHADER_STAGE_COMPUTE_BIT) ||
	    props.maxSubgroupSize > WORDS)
		vk_test_skip("no required subgroup size for compute that divides 64");
	const VkShaderRequiredSubgroupSizeCreateInfoEXT required = {
		.sType = VK_STRUCTURE_TYPE_SHADER_REQUIRED_SUBGROUP_SIZE_CREATE_INFO_EXT,
		.requiredSubgroupSize = props.maxSubgroupSize,
	};
	const VkShaderCreateInfoEXT info = {
		.sType = VK_STRUCTURE_TYPE_SHADER_CREATE_INFO_EXT, .pNext = &required,
		.flags = VK_SHADER_CREATE_REQUIRE_FULL_SUBGROUPS_BIT_EXT,
		.stage = VK_SHADER_STAGE_COMPUTE_BIT,
		.codeType = VK_SHADER_CODE_TYPE_SPIRV_EXT,
		.codeSize = subgroup_size_spv_size, .pCode = subgroup_size_spv, .pName = "main",
		.setLayoutCount = 1, .pSetLayouts = &so.set_layout,
		.pushConstantRangeCount = 1, .pPushConstantRanges = &so.push,
	};
	VK_CHECK(so.create(so.dev.device, 1, &info, NULL, &shader));
	set = out_buffer(&so, &out);
	VkCommandBuffer cmd = vk_cmd_begin(&so.dev);
	so.bind(cmd, 1, &compute_stage, &shader);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, so.layout, 0, 1, &set, 0,
				NULL);
	vkCmdDispatch(cmd, 1, 1, 1);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&so.dev, cmd, 0);
	for (uint32_t i = 0; i < WORDS; i++)
		REQUIRE_EQ(((uint32_t *)out.map)[i], props.maxSubgroupSize);
	so.destroy(so.dev.device, shader, NULL);
	vk_buf_destroy(&so.dev, &out);
	so_destroy(&so);
}

/*
 * VK_SHADER_CREATE_DISPATCH_BASE_BIT_EXT: the shader runs under
 * vkCmdDispatchBase with a non-zero base, and its WorkgroupId includes the
 * base: workgroups 4..7 write, 0..3 and 8.. stay untouched.
 */
VK_TEST(so_dispatch_base, "shader-object-dispatch-base")
{
	struct so so;
	struct vk_buf out;
	VkDescriptorSet set;
	VkShaderEXT shader = VK_NULL_HANDLE;

	so_create(&so, NULL, 0, NULL);
	const VkShaderCreateInfoEXT info = {
		.sType = VK_STRUCTURE_TYPE_SHADER_CREATE_INFO_EXT,
		.flags = VK_SHADER_CREATE_DISPATCH_BASE_BIT_EXT,
		.stage = VK_SHADER_STAGE_COMPUTE_BIT,
		.codeType = VK_SHADER_CODE_TYPE_SPIRV_EXT,
		.codeSize = group_id_spv_size, .pCode = group_id_spv, .pName = "main",
		.setLayoutCount = 1, .pSetLayouts = &so.set_layout,
		.pushConstantRangeCount = 1, .pPushConstantRanges = &so.push,
	};
	VK_CHECK(so.create(so.dev.device, 1, &info, NULL, &shader));
	set = out_buffer(&so, &out);
	VkCommandBuffer cmd = vk_cmd_begin(&so.dev);
	so.bind(cmd, 1, &compute_stage, &shader);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, so.layout, 0, 1, &set, 0,
				NULL);
	vkCmdDispatchBase(cmd, 4, 0, 0, 4, 1, 1);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&so.dev, cmd, 0);
	for (uint32_t i = 0; i < WORDS; i++)
		REQUIRE_EQ(((uint32_t *)out.map)[i], i >= 4 && i < 8 ? i * 10 + 1 : SENTINEL);
	so.destroy(so.dev.device, shader, NULL);
	vk_buf_destroy(&so.dev, &out);
	so_destroy(&so);
}
