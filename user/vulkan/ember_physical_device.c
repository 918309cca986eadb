/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Physical devices: what an Ember GPU reports
 *
 * Identity, limits and timestamps come from the device (DEV_QUERY, read
 * once when the render node is opened); what the shader compiler and the
 * driver implement decides the features. Every feature reported here
 * works and is tested (tests/vulkan); what is missing is reported false.
 *
 * Version: the highest whose required features and limits hold
 * (ember_physical_device_version.c), 1.3: every feature Vulkan 1.3
 * requires is reported and tested, and the update-after-bind limits of
 * descriptorIndexing (500000 descriptors) hold since descriptor slots are
 * 32-bit (ISA 1.3, contract 1.8). What a compute-only device makes of the features of
 * rendering: render passes keep their view masks (multiview) and
 * framebuffers may be imageless (ember_render_pass.c), but with no
 * graphics queue none is ever begun, as no dynamic rendering is
 * (dynamicRendering); image layouts are one memory layout, so depth and
 * stencil may have layouts of their own (separateDepthStencilLayouts).
 * shaderDemoteToHelperInvocation and shaderTerminateInvocation: fragment
 * shaders demote (the lane becomes a helper: no stores, no colour, still
 * part of its quad's derivatives) and terminate (no later stores), tested
 * by io-demote, io-terminate-invocation and io-kill; SPIR-V validation
 * refuses the instructions in compute. robustImageAccess is the contract's image
 * robustness (ember-hw.rst, "Robustness and faults": reads outside a view
 * return zero with alpha 0 or 1, writes are dropped).
 * Every core command of 1.0 to 1.3 has an implementation; the graphics
 * ones record an error (ember_cmd_graphics.c).
 *
 * Images, samplers and texel buffers: the contract's formats with the
 * features ember_format.c reports, the image limits of
 * ember_physical_device_properties.c (4 samples for colour and
 * depth/stencil, cube arrays), VK_EXT_custom_border_color and
 * VK_EXT_image_drm_format_modifier (TILED_4K and LINEAR, shareable as
 * dma-bufs).
 *
 * The shader features of images: imageCubeArray; shaderImageGatherExtended
 * (the gather instruction takes its offsets from a register, any value,
 * and four ConstOffsets); shaderStorageImageExtendedFormats (every
 * extended format has STORAGE in the contract's table);
 * shaderStorageImageReadWithoutFormat
 * and ...WriteWithoutFormat (the texture unit converts through the
 * descriptor's format, whatever the shader declares);
 * shaderStorageImageMultisample (imgld and imgst take a sample index, so
 * storage images have 4 samples as sampled ones do);
 * shaderSampledImageArrayDynamicIndexing, ...StorageImage...; and the
 * descriptor-indexing features of sampled and storage images and texel
 * buffers: dynamic and NonUniform indexing (a NonUniform index runs a loop
 * over its distinct values, descriptors being uniform registers: none is
 * "Native") and update-after-bind (vkUpdateDescriptorSets writes the set's
 * memory, which the device reads when the dispatch runs, as for buffers).
 * textureCompressionBC, the compressed family Vulkan requires, with
 * CAPS.IMAGE_BC only: BC1..BC7 in optimal tiling, 2D (arrays, cubes) and 3D,
 * with the features of the specification's BC table, and
 * BLOCK_TEXEL_VIEW_COMPATIBLE images whose one-level, one-layer views of
 * an uncompressed format of the block's size read and write the blocks
 * as texels (ember_image_view.c).
 * Not reported: shaderResourceMinLod (the compiler has no
 * MinLod image operand: the ISA's gradient sampling takes no LOD clamp
 * but the sampler's) and shaderResourceResidency (no sparse images).
 * samplerAnisotropy with CAPS.SAMPLER_ANISO (contract 1.16): the texture
 * unit filters anisotropic footprints with up to 16 lookups
 * (maxSamplerAnisotropy), ember_sampler.c.
 *
 * Buffer device addresses (bufferDeviceAddress, VK_KHR_buffer_device_address)
 * need shader cores that run ISA 1.1's 64-bit address forms (ldga, stga,
 * atomga: CAPS bit ISA_ADDR64, hw contract 1.4): reported only with it.
 * An address is the buffer's VA, fixed for the memory's life; capture and
 * replay (which needs VAs an application can ask for again) and multi-device
 * stay false. VK_EXT_buffer_device_address is not offered: its capture
 * semantics differ and nothing needs it next to the KHR extension.
 *
 * Calibrated timestamps (VK_KHR/EXT_calibrated_timestamps) need the
 * kernel's timestamp query (ember.ko 1.2): they are reported only with it.
 * The time domains are the device's (the clock of vkCmdWriteTimestamp),
 * CLOCK_MONOTONIC and CLOCK_MONOTONIC_RAW, the clocks the kernel reads
 * around the device's; vkGetCalibratedTimestampsKHR is in ember_device.c.
 *
 * Memory: one heap, the guest's RAM (BOs are shmem), and one memory type
 * that is DEVICE_LOCAL | HOST_VISIBLE | HOST_COHERENT | HOST_CACHED:
 * ember.ko maps BOs cached on the CPU and the device reads and writes
 * guest RAM coherently (ember_drm.h, "Memory coherency").
 */

#include "ember_physical_device.h"

#include "ember_device_memory.h"
#include "ember_format.h"
#include "ember_instance.h"
#include "ember_isa.h"
#include "ember_regs.h"

#include <errno.h>
#include <link.h>
#include <stdio.h>
#include <string.h>
#include <stddef.h>
#include <sys/sysinfo.h>

/* What the device must implement (ember-hw.rst, CAPS) for this driver to use it. */
#define EMBER_VK_REQUIRED_CAPS	(EMBER_CAP_COMPUTE | EMBER_CAP_DISPATCH_INDIRECT | \
				 EMBER_CAP_LARGE_GRID)
/* ember-cc writes ISA 1.3 (32-bit descriptor slots): contract 1.8 shader cores. */
#define EMBER_VK_MIN_HW_VERSION	(1u << 16 | 8)

static const int ember_device_extensions[] = {
	EMBER_KHR_8bit_storage,
	EMBER_KHR_16bit_storage,
	EMBER_KHR_bind_memory2,
	EMBER_KHR_copy_commands2,
	EMBER_KHR_create_renderpass2,
	EMBER_KHR_dedicated_allocation,
	EMBER_KHR_descriptor_update_template,
	EMBER_KHR_device_group,
	EMBER_KHR_driver_properties,
	EMBER_KHR_dynamic_rendering,
	EMBER_KHR_external_fence,
	EMBER_KHR_external_fence_fd,
	EMBER_KHR_external_memory,
	EMBER_KHR_external_memory_fd,
	EMBER_KHR_external_semaphore,
	EMBER_KHR_external_semaphore_fd,
	EMBER_KHR_format_feature_flags2,
	EMBER_KHR_get_memory_requirements2,
	EMBER_KHR_image_format_list,
	EMBER_KHR_imageless_framebuffer,
	EMBER_KHR_maintenance1,
	EMBER_KHR_maintenance2,
	EMBER_KHR_maintenance3,
	EMBER_KHR_maintenance4,
	EMBER_KHR_map_memory2,
	EMBER_KHR_multiview,
	EMBER_KHR_pipeline_executable_properties,
	EMBER_KHR_push_descriptor,
	EMBER_KHR_relaxed_block_layout,
	EMBER_KHR_separate_depth_stencil_layouts,
	EMBER_KHR_shader_atomic_int64,
	EMBER_KHR_shader_float16_int8,
	EMBER_KHR_shader_float_controls,
	EMBER_KHR_shader_integer_dot_product,
	EMBER_KHR_shader_non_semantic_info,
	EMBER_KHR_shader_subgroup_extended_types,
	EMBER_KHR_shader_terminate_invocation,
	EMBER_KHR_spirv_1_4,
	EMBER_KHR_storage_buffer_storage_class,
	EMBER_KHR_swapchain,		/* on headless surfaces: ember_swapchain.c */
	EMBER_KHR_synchronization2,
	EMBER_KHR_timeline_semaphore,
	EMBER_KHR_uniform_buffer_standard_layout,
	EMBER_KHR_vulkan_memory_model,
	EMBER_KHR_zero_initialize_workgroup_memory,
	EMBER_EXT_custom_border_color,
	EMBER_EXT_descriptor_indexing,
	EMBER_EXT_external_memory_dma_buf,
	EMBER_EXT_host_query_reset,
	EMBER_EXT_image_drm_format_modifier,
	EMBER_EXT_image_robustness,
	EMBER_EXT_inline_uniform_block,
	EMBER_EXT_memory_budget,
	EMBER_EXT_pipeline_creation_cache_control,
	EMBER_EXT_pipeline_creation_feedback,
	EMBER_EXT_private_data,
	EMBER_EXT_robustness2,
	EMBER_EXT_scalar_block_layout,
	EMBER_EXT_separate_stencil_usage,
	EMBER_EXT_shader_demote_to_helper_invocation,
	EMBER_EXT_shader_object,
	EMBER_EXT_subgroup_size_control,
	EMBER_EXT_texel_buffer_alignment,
	EMBER_EXT_tooling_info,
};

/* The ELF build-id of this library: the driver and its compiler together. */
struct build_id_search {
	const void *address;
	uint8_t id[20];
	bool found;
};

static int find_build_id(struct dl_phdr_info *info, size_t size, void *data)
{
	struct build_id_search *search = data;
	bool ours = false;

	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t start = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type == PT_LOAD && (uintptr_t)search->address >= start &&
		    (uintptr_t)search->address < start + ph->p_memsz)
			ours = true;
	}
	if (!ours)
		return 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		const uint8_t *note = (const uint8_t *)(info->dlpi_addr + ph->p_vaddr);
		size_t off = 0;

		if (ph->p_type != PT_NOTE)
			continue;
		while (off + sizeof(ElfW(Nhdr)) <= ph->p_memsz) {
			const ElfW(Nhdr) *n = (const ElfW(Nhdr) *)(note + off);
			size_t name_size = (n->n_namesz + 3) & ~3u, desc_size = (n->n_descsz + 3) & ~3u;
			const uint8_t *desc = note + off + sizeof(*n) + name_size;

			if (n->n_type == NT_GNU_BUILD_ID && n->n_descsz >= 20) {
				memcpy(search->id, desc, 20);
				search->found = true;
				return 1;
			}
			off += sizeof(*n) + name_size + desc_size;
		}
	}
	return 1;
}

void ember_build_id_sha1(uint8_t out[20])
{
	struct build_id_search search = { .address = (const void *)ember_build_id_sha1 };

	dl_iterate_phdr(find_build_id, &search);
	/* Linked with --build-id=sha1 (meson.build): always found. */
	memcpy(out, search.id, 20);
}

static void physical_device_uuids(struct ember_physical_device *pdev)
{
	const struct ember_ws *ws = &pdev->ws;
	uint8_t build[20];

	ember_build_id_sha1(build);
	memcpy(pdev->cache_uuid, build, VK_UUID_SIZE);
	memcpy(pdev->driver_uuid, build + 4, VK_UUID_SIZE);
	pdev->driver_uuid[0] ^= 0xe7;
	/* Stable per GPU: "EMBR", its PCI address and its hardware version. */
	memcpy(pdev->device_uuid, "EMBR", 4);
	memcpy(pdev->device_uuid + 4, &ws->pci.domain, 2);
	pdev->device_uuid[6] = ws->pci.bus;
	pdev->device_uuid[7] = ws->pci.dev;
	pdev->device_uuid[8] = ws->pci.func;
	memcpy(pdev->device_uuid + 9, &ws->info.hw_version, 4);
}

int ember_physical_device_create(struct ember_instance *instance, const char *path,
				 struct ember_physical_device **out)
{
	struct ember_physical_device *pdev;
	struct sysinfo si;
	int ret;

	pdev = ember_alloc(ember_instance_alloc(instance), sizeof(*pdev), 8,
			   VK_SYSTEM_ALLOCATION_SCOPE_INSTANCE);
	if (!pdev)
		return -ENOMEM;
	ember_object_init(&pdev->base, NULL, VK_OBJECT_TYPE_PHYSICAL_DEVICE);
	pdev->instance = instance;
	ret = ember_ws_open(&pdev->ws, path);
	if (ret) {
		ember_free(ember_instance_alloc(instance), pdev);
		return ret;
	}
	/*
	 * Vulkan 1.0's compute needs both dispatches and grids of 65535
	 * workgroups in each dimension (contract 1.7, LARGE_GRID): an older
	 * device is no Vulkan device; nor is one whose shader cores cannot
	 * run the compiler's binaries.
	 */
	if ((pdev->ws.info.caps & EMBER_VK_REQUIRED_CAPS) != EMBER_VK_REQUIRED_CAPS ||
	    pdev->ws.info.hw_version < EMBER_VK_MIN_HW_VERSION) {
		ember_ws_close(&pdev->ws);
		ember_free(ember_instance_alloc(instance), pdev);
		return -ENODEV;
	}
	for (size_t i = 0; i < EMBER_ARRAY_SIZE(ember_device_extensions); i++)
		pdev->supported.has[ember_device_extensions[i]] = true;
	if (pdev->ws.info.caps & EMBER_CAP_ISA_ADDR64)
		pdev->supported.has[EMBER_KHR_buffer_device_address] = true;
	/* The predicate is the device's COND_EXEC (ember_cmd_conditional.c). */
	if (pdev->ws.info.caps & EMBER_CAP_COND_EXEC)
		pdev->supported.has[EMBER_EXT_conditional_rendering] = true;
	/* Depth/stencil resolves are the copy engine's (contract 1.13). */
	if (pdev->ws.info.caps & EMBER_CAP_RESOLVE_DS)
		pdev->supported.has[EMBER_KHR_depth_stencil_resolve] = true;
	/*
	 * Promoted to Vulkan 1.1 .. 1.3, where the graphics queue has them:
	 * under their extension names for applications that look for those.
	 */
	if (ember_physical_device_has_graphics(pdev)) {
		pdev->supported.has[EMBER_KHR_draw_indirect_count] = true;
		pdev->supported.has[EMBER_KHR_shader_draw_parameters] = true;
		pdev->supported.has[EMBER_EXT_extended_dynamic_state] = true;
		pdev->supported.has[EMBER_EXT_extended_dynamic_state2] = true;
	}
	/* A disabled attachment's blend entry gets write mask 0 (ember_gfx_state.c). */
	if (ember_physical_device_has_graphics(pdev))
		pdev->supported.has[EMBER_EXT_color_write_enable] = true;
	/*
	 * The raster block's depth_clip_enable and depth_clamp_enable are
	 * apart (ember-hw.rst R9); EDS3 for the states of its features
	 * device_features() reports.
	 */
	if (ember_physical_device_has_graphics(pdev)) {
		pdev->supported.has[EMBER_EXT_depth_clip_enable] = true;
		pdev->supported.has[EMBER_EXT_extended_dynamic_state3] = true;
	}
	/* -1..1 clip-space depth: the raster block's depth_negative_one_to_one (contract 1.17). */
	if (ember_physical_device_has_graphics(pdev) &&
	    (pdev->ws.info.caps & EMBER_CAP_DEPTH_CLIP_CONTROL))
		pdev->supported.has[EMBER_EXT_depth_clip_control] = true;
	/*
	 * The raster block's provoking_vertex picks the first or the last
	 * vertex of every primitive, per draw (ember-hw.rst "Indices and
	 * primitive assembly"); no transform feedback to preserve it in.
	 */
	if (ember_physical_device_has_graphics(pdev))
		pdev->supported.has[EMBER_EXT_provoking_vertex] = true;
	/*
	 * The all-ones index restarts lists too (ember-hw.rst "Indices and
	 * primitive assembly"); no tessellation, so no patch lists.
	 */
	if (ember_physical_device_has_graphics(pdev))
		pdev->supported.has[EMBER_EXT_primitive_topology_list_restart] = true;
	/* Per-instance divisors, 0 included, are in every graphics device's vertex input. */
	if (ember_physical_device_has_graphics(pdev)) {
		pdev->supported.has[EMBER_KHR_vertex_attribute_divisor] = true;
		pdev->supported.has[EMBER_EXT_vertex_attribute_divisor] = true;
	}
	if (pdev->ws.info.has_timestamp_query) {
		pdev->supported.has[EMBER_KHR_calibrated_timestamps] = true;
		pdev->supported.has[EMBER_EXT_calibrated_timestamps] = true;
	}
	physical_device_uuids(pdev);
	snprintf(pdev->name, sizeof(pdev->name), "Ember GPU (%u shader cores)",
		 pdev->ws.info.num_shader_cores);
	/*
	 * Unified memory: BOs are the guest's RAM, as much of it as the
	 * kernel lets the device's BOs take (driver 1.6); before, three
	 * quarters of it, as the kernel and the application need the rest.
	 */
	if (pdev->ws.info.bo_memory)
		pdev->heap_size = pdev->ws.info.bo_memory;
	else
		pdev->heap_size = sysinfo(&si) ? 1ull << 30 :
				  (uint64_t)si.totalram * si.mem_unit / 4 * 3;
	pdev->api_version = ember_physical_device_api_version(pdev);
	*out = pdev;
	return 0;
}

void ember_physical_device_destroy(struct ember_physical_device *pdev)
{
	ember_ws_close(&pdev->ws);
	ember_free(ember_instance_alloc(pdev->instance), pdev);
}

static const VkTimeDomainKHR ember_time_domains[] = {
	VK_TIME_DOMAIN_DEVICE_KHR,
	VK_TIME_DOMAIN_CLOCK_MONOTONIC_KHR,
	VK_TIME_DOMAIN_CLOCK_MONOTONIC_RAW_KHR,
};

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetPhysicalDeviceCalibrateableTimeDomainsKHR(VkPhysicalDevice physicalDevice,
						   uint32_t *pTimeDomainCount,
						   VkTimeDomainKHR *pTimeDomains)
{
	uint32_t count = EMBER_ARRAY_SIZE(ember_time_domains);

	if (!pTimeDomains) {
		*pTimeDomainCount = count;
		return VK_SUCCESS;
	}
	if (*pTimeDomainCount < count)
		count = *pTimeDomainCount;
	memcpy(pTimeDomains, ember_time_domains, count * sizeof(*pTimeDomains));
	*pTimeDomainCount = count;
	return count < EMBER_ARRAY_SIZE(ember_time_domains) ? VK_INCOMPLETE : VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_EnumerateDeviceExtensionProperties(VkPhysicalDevice physicalDevice, const char *pLayerName,
					 uint32_t *pPropertyCount,
					 VkExtensionProperties *pProperties)
{
	EMBER_FROM_HANDLE(ember_physical_device, pdev, physicalDevice);
	uint32_t capacity = *pPropertyCount, written = 0;
	int incomplete = 0;

	if (pLayerName)
		return ember_error(VK_ERROR_LAYER_NOT_PRESENT, "no layer %s", pLayerName);
	for (int i = 0; i < EMBER_EXTENSION_COUNT; i++)
		if (pdev->supported.has[i])
			EMBER_OUTARRAY_APPEND(pProperties, incomplete, capacity, written,
					      ember_extensions[i].props);
	*pPropertyCount = written;
	return incomplete ? VK_INCOMPLETE : VK_SUCCESS;
}

/* No tool (profiler, debugger) is built into the driver; layers report their own. */
VKAPI_ATTR VkResult VKAPI_CALL
ember_GetPhysicalDeviceToolProperties(VkPhysicalDevice physicalDevice, uint32_t *pToolCount,
				      VkPhysicalDeviceToolProperties *pToolProperties)
{
	*pToolCount = 0;
	return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_EnumerateDeviceLayerProperties(VkPhysicalDevice physicalDevice, uint32_t *pPropertyCount,
				     VkLayerProperties *pProperties)
{
	*pPropertyCount = 0;
	return VK_SUCCESS;
}

/* Vulkan 1.0 features. */
static const VkPhysicalDeviceFeatures ember_core_features = {
	.robustBufferAccess = VK_TRUE,
	.imageCubeArray = VK_TRUE,
	.shaderImageGatherExtended = VK_TRUE,
	.shaderStorageImageExtendedFormats = VK_TRUE,
	.shaderStorageImageMultisample = VK_TRUE,
	.shaderStorageImageReadWithoutFormat = VK_TRUE,
	.shaderStorageImageWriteWithoutFormat = VK_TRUE,
	.shaderUniformBufferArrayDynamicIndexing = VK_TRUE,
	.shaderSampledImageArrayDynamicIndexing = VK_TRUE,
	.shaderStorageBufferArrayDynamicIndexing = VK_TRUE,
	.shaderStorageImageArrayDynamicIndexing = VK_TRUE,
	.shaderInt64 = VK_TRUE,
	.shaderInt16 = VK_TRUE,
};

/* The 1.1 feature block, also behind the KHR structures it gathers. */
static const VkPhysicalDeviceVulkan11Features ember_features11 = {
	.multiview = VK_TRUE,	/* render passes keep view masks: ember_render_pass.c */
	.storageBuffer16BitAccess = VK_TRUE,
	.uniformAndStorageBuffer16BitAccess = VK_TRUE,
	.storagePushConstant16 = VK_TRUE,
};

static const VkPhysicalDeviceVulkan12Features ember_features12 = {
	.storageBuffer8BitAccess = VK_TRUE,
	.uniformAndStorageBuffer8BitAccess = VK_TRUE,
	.storagePushConstant8 = VK_TRUE,
	.shaderBufferInt64Atomics = VK_TRUE,
	.shaderSharedInt64Atomics = VK_TRUE,
	.shaderInt8 = VK_TRUE,
	.descriptorIndexing = VK_TRUE,
	.shaderUniformTexelBufferArrayDynamicIndexing = VK_TRUE,
	.shaderStorageTexelBufferArrayDynamicIndexing = VK_TRUE,
	.shaderUniformBufferArrayNonUniformIndexing = VK_TRUE,
	.shaderSampledImageArrayNonUniformIndexing = VK_TRUE,
	.shaderStorageBufferArrayNonUniformIndexing = VK_TRUE,
	.shaderStorageImageArrayNonUniformIndexing = VK_TRUE,
	.shaderUniformTexelBufferArrayNonUniformIndexing = VK_TRUE,
	.shaderStorageTexelBufferArrayNonUniformIndexing = VK_TRUE,
	.descriptorBindingUniformBufferUpdateAfterBind = VK_TRUE,
	.descriptorBindingSampledImageUpdateAfterBind = VK_TRUE,
	.descriptorBindingStorageImageUpdateAfterBind = VK_TRUE,
	.descriptorBindingStorageBufferUpdateAfterBind = VK_TRUE,
	.descriptorBindingUniformTexelBufferUpdateAfterBind = VK_TRUE,
	.descriptorBindingStorageTexelBufferUpdateAfterBind = VK_TRUE,
	.descriptorBindingUpdateUnusedWhilePending = VK_TRUE,
	.descriptorBindingPartiallyBound = VK_TRUE,
	.descriptorBindingVariableDescriptorCount = VK_TRUE,
	.runtimeDescriptorArray = VK_TRUE,
	.scalarBlockLayout = VK_TRUE,
	.uniformBufferStandardLayout = VK_TRUE,
	.shaderSubgroupExtendedTypes = VK_TRUE,
	.imagelessFramebuffer = VK_TRUE,	/* ember_render_pass.c */
	.separateDepthStencilLayouts = VK_TRUE,	/* layouts are one memory layout */
	.hostQueryReset = VK_TRUE,
	.timelineSemaphore = VK_TRUE,
	.vulkanMemoryModel = VK_TRUE,
	.vulkanMemoryModelDeviceScope = VK_TRUE,
	.subgroupBroadcastDynamicId = VK_TRUE,
	.bufferDeviceAddress = VK_TRUE,	/* with EMBER_CAP_ISA_ADDR64, see device_features() */
};

static const VkPhysicalDeviceVulkan13Features ember_features13 = {
	.robustImageAccess = VK_TRUE,	/* the contract's image robustness, see the DOC */
	/* Compute modules may declare them; their instructions are fragment-only. */
	.shaderDemoteToHelperInvocation = VK_TRUE,
	.shaderTerminateInvocation = VK_TRUE,
	.inlineUniformBlock = VK_TRUE,
	.descriptorBindingInlineUniformBlockUpdateAfterBind = VK_TRUE,
	.pipelineCreationCacheControl = VK_TRUE,
	.privateData = VK_TRUE,
	.subgroupSizeControl = VK_TRUE,
	.computeFullSubgroups = VK_TRUE,
	.synchronization2 = VK_TRUE,
	.shaderIntegerDotProduct = VK_TRUE,
	.shaderZeroInitializeWorkgroupMemory = VK_TRUE,
	.maintenance4 = VK_TRUE,
	/*
	 * VK_EXT_shader_object depends on VK_KHR_dynamic_rendering below
	 * Vulkan 1.3, which requires this feature. Trivially true: with no
	 * graphics queue family no command buffer may begin rendering.
	 */
	.dynamicRendering = VK_TRUE,
};

#define COPY_FEATURE(dst, src, field) ((dst)->field = (src)->field)

static void fill_features(VkBaseOutStructure *s)
{
	const VkPhysicalDeviceVulkan11Features *f11 = &ember_features11;
	const VkPhysicalDeviceVulkan12Features *f12 = &ember_features12;
	const VkPhysicalDeviceVulkan13Features *f13 = &ember_features13;

	switch ((int)s->sType) {
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES: {
		VkPhysicalDeviceVulkan11Features *f = (void *)s;
		void *next = f->pNext;

		/* @f is @s: the copy's sType (0 in the table) must not stay. */
		*f = *f11;
		f->sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES;
		f->pNext = next;
		break;
	}
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES: {
		VkPhysicalDeviceVulkan12Features *f = (void *)s;
		void *next = f->pNext;

		/* @f is @s: the copy's sType (0 in the table) must not stay. */
		*f = *f12;
		f->sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
		f->pNext = next;
		break;
	}
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES: {
		VkPhysicalDeviceVulkan13Features *f = (void *)s;
		void *next = f->pNext;

		/* @f is @s: the copy's sType (0 in the table) must not stay. */
		*f = *f13;
		f->sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES;
		f->pNext = next;
		break;
	}
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES: {
		VkPhysicalDevice16BitStorageFeatures *f = (void *)s;

		COPY_FEATURE(f, f11, storageBuffer16BitAccess);
		COPY_FEATURE(f, f11, uniformAndStorageBuffer16BitAccess);
		COPY_FEATURE(f, f11, storagePushConstant16);
		COPY_FEATURE(f, f11, storageInputOutput16);
		break;
	}
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTIVIEW_FEATURES: {
		VkPhysicalDeviceMultiviewFeatures *f = (void *)s;

		COPY_FEATURE(f, f11, multiview);
		COPY_FEATURE(f, f11, multiviewGeometryShader);
		COPY_FEATURE(f, f11, multiviewTessellationShader);
		break;
	}
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VARIABLE_POINTERS_FEATURES: {
		VkPhysicalDeviceVariablePointersFeatures *f = (void *)s;

		COPY_FEATURE(f, f11, variablePointersStorageBuffer);
		COPY_FEATURE(f, f11, variablePointers);
		break;
	}
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROTECTED_MEMORY_FEATURES:
		((VkPhysicalDeviceProtectedMemoryFeatures *)s)->protectedMemory = VK_FALSE;
		break;
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SAMPLER_YCBCR_CONVERSION_FEATURES:
		((VkPhysicalDeviceSamplerYcbcrConversionFeatures *)s)->samplerYcbcrConversion =
			VK_FALSE;
		break;
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DRAW_PARAMETERS_FEATURES:
		/* With a graphics queue: device_features(). */
		((VkPhysicalDeviceShaderDrawParametersFeatures *)s)->shaderDrawParameters =
			VK_FALSE;
		break;
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES: {
		VkPhysicalDevice8BitStorageFeatures *f = (void *)s;

		COPY_FEATURE(f, f12, storageBuffer8BitAccess);
		COPY_FEATURE(f, f12, uniformAndStorageBuffer8BitAccess);
		COPY_FEATURE(f, f12, storagePushConstant8);
		break;
	}
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_INT64_FEATURES: {
		VkPhysicalDeviceShaderAtomicInt64Features *f = (void *)s;

		COPY_FEATURE(f, f12, shaderBufferInt64Atomics);
		COPY_FEATURE(f, f12, shaderSharedInt64Atomics);
		break;
	}
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES: {
		VkPhysicalDeviceShaderFloat16Int8Features *f = (void *)s;

		COPY_FEATURE(f, f12, shaderFloat16);
		COPY_FEATURE(f, f12, shaderInt8);
		break;
	}
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DESCRIPTOR_INDEXING_FEATURES: {
		VkPhysicalDeviceDescriptorIndexingFeatures *f = (void *)s;

		COPY_FEATURE(f, f12, shaderInputAttachmentArrayDynamicIndexing);
		COPY_FEATURE(f, f12, shaderUniformTexelBufferArrayDynamicIndexing);
		COPY_FEATURE(f, f12, shaderStorageTexelBufferArrayDynamicIndexing);
		COPY_FEATURE(f, f12, shaderUniformBufferArrayNonUniformIndexing);
		COPY_FEATURE(f, f12, shaderSampledImageArrayNonUniformIndexing);
		COPY_FEATURE(f, f12, shaderStorageBufferArrayNonUniformIndexing);
		COPY_FEATURE(f, f12, shaderStorageImageArrayNonUniformIndexing);
		COPY_FEATURE(f, f12, shaderInputAttachmentArrayNonUniformIndexing);
		COPY_FEATURE(f, f12, shaderUniformTexelBufferArrayNonUniformIndexing);
		COPY_FEATURE(f, f12, shaderStorageTexelBufferArrayNonUniformIndexing);
		COPY_FEATURE(f, f12, descriptorBindingUniformBufferUpdateAfterBind);
		COPY_FEATURE(f, f12, descriptorBindingSampledImageUpdateAfterBind);
		COPY_FEATURE(f, f12, descriptorBindingStorageImageUpdateAfterBind);
		COPY_FEATURE(f, f12, descriptorBindingStorageBufferUpdateAfterBind);
		COPY_FEATURE(f, f12, descriptorBindingUniformTexelBufferUpdateAfterBind);
		COPY_FEATURE(f, f12, descriptorBindingStorageTexelBufferUpdateAfterBind);
		COPY_FEATURE(f, f12, descriptorBindingUpdateUnusedWhilePending);
		COPY_FEATURE(f, f12, descriptorBindingPartiallyBound);
		COPY_FEATURE(f, f12, descriptorBindingVariableDescriptorCount);
		COPY_FEATURE(f, f12, runtimeDescriptorArray);
		break;
	}
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SCALAR_BLOCK_LAYOUT_FEATURES:
		COPY_FEATURE((VkPhysicalDeviceScalarBlockLayoutFeatures *)s, f12, scalarBlockLayout);
		break;
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGELESS_FRAMEBUFFER_FEATURES:
		COPY_FEATURE((VkPhysicalDeviceImagelessFramebufferFeatures *)s, f12,
			     imagelessFramebuffer);
		break;
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_UNIFORM_BUFFER_STANDARD_LAYOUT_FEATURES:
		COPY_FEATURE((VkPhysicalDeviceUniformBufferStandardLayoutFeatures *)s, f12,
			     uniformBufferStandardLayout);
		break;
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_FEATURES:
		COPY_FEATURE((VkPhysicalDeviceMaintenance4Features *)s, f13, maintenance4);
		break;
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ZERO_INITIALIZE_WORKGROUP_MEMORY_FEATURES:
		COPY_FEATURE((VkPhysicalDeviceZeroInitializeWorkgroupMemoryFeatures *)s, f13,
			     shaderZeroInitializeWorkgroupMemory);
		break;
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_INTEGER_DOT_PRODUCT_FEATURES:
		COPY_FEATURE((VkPhysicalDeviceShaderIntegerDotProductFeatures *)s, f13,
			     shaderIntegerDotProduct);
		break;
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_SUBGROUP_EXTENDED_TYPES_FEATURES:
		COPY_FEATURE((VkPhysicalDeviceShaderSubgroupExtendedTypesFeatures *)s, f12,
			     shaderSubgroupExtendedTypes);
		break;
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SEPARATE_DEPTH_STENCIL_LAYOUTS_FEATURES:
		COPY_FEATURE((VkPhysicalDeviceSeparateDepthStencilLayoutsFeatures *)s, f12,
			     separateDepthStencilLayouts);
		break;
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_HOST_QUERY_RESET_FEATURES:
		COPY_FEATURE((VkPhysicalDeviceHostQueryResetFeatures *)s, f12, hostQueryReset);
		break;
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES:
		COPY_FEATURE((VkPhysicalDeviceTimelineSemaphoreFeatures *)s, f12, timelineSemaphore);
		break;
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES: {
		VkPhysicalDeviceBufferDeviceAddressFeatures *f = (void *)s;

		COPY_FEATURE(f, f12, bufferDeviceAddress);
		COPY_FEATURE(f, f12, bufferDeviceAddressCaptureReplay);
		COPY_FEATURE(f, f12, bufferDeviceAddressMultiDevice);
		break;
	}
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_MEMORY_MODEL_FEATURES: {
		VkPhysicalDeviceVulkanMemoryModelFeatures *f = (void *)s;

		COPY_FEATURE(f, f12, vulkanMemoryModel);
		COPY_FEATURE(f, f12, vulkanMemoryModelDeviceScope);
		COPY_FEATURE(f, f12, vulkanMemoryModelAvailabilityVisibilityChains);
		break;
	}
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INLINE_UNIFORM_BLOCK_FEATURES: {
		VkPhysicalDeviceInlineUniformBlockFeatures *f = (void *)s;

		COPY_FEATURE(f, f13, inlineUniformBlock);
		COPY_FEATURE(f, f13, descriptorBindingInlineUniformBlockUpdateAfterBind);
		break;
	}
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_CREATION_CACHE_CONTROL_FEATURES:
		COPY_FEATURE((VkPhysicalDevicePipelineCreationCacheControlFeatures *)s, f13,
			     pipelineCreationCacheControl);
		break;
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIVATE_DATA_FEATURES:
		COPY_FEATURE((VkPhysicalDevicePrivateDataFeatures *)s, f13, privateData);
		break;
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES: {
		VkPhysicalDeviceSubgroupSizeControlFeatures *f = (void *)s;

		COPY_FEATURE(f, f13, subgroupSizeControl);
		COPY_FEATURE(f, f13, computeFullSubgroups);
		break;
	}
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_ROBUSTNESS_FEATURES:
		COPY_FEATURE((VkPhysicalDeviceImageRobustnessFeatures *)s, f13, robustImageAccess);
		break;
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DEMOTE_TO_HELPER_INVOCATION_FEATURES:
		COPY_FEATURE((VkPhysicalDeviceShaderDemoteToHelperInvocationFeatures *)s, f13,
			     shaderDemoteToHelperInvocation);
		break;
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_TERMINATE_INVOCATION_FEATURES:
		COPY_FEATURE((VkPhysicalDeviceShaderTerminateInvocationFeatures *)s, f13,
			     shaderTerminateInvocation);
		break;
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SYNCHRONIZATION_2_FEATURES:
		COPY_FEATURE((VkPhysicalDeviceSynchronization2Features *)s, f13, synchronization2);
		break;
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES:
		COPY_FEATURE((VkPhysicalDeviceDynamicRenderingFeatures *)s, f13, dynamicRendering);
		break;
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT: {
		VkPhysicalDeviceRobustness2FeaturesEXT *f = (void *)s;

		f->robustBufferAccess2 = VK_TRUE;
		f->robustImageAccess2 = VK_FALSE;
		f->nullDescriptor = VK_FALSE;
		break;
	}
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR:
		((VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR *)s)
			->pipelineExecutableInfo = VK_TRUE;
		break;
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_OBJECT_FEATURES_EXT:
		/* Compute shaders; vertex and fragment ones with a graphics queue. */
		((VkPhysicalDeviceShaderObjectFeaturesEXT *)s)->shaderObject = VK_TRUE;
		break;
	case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT: {
		/* Every border colour is a custom one to the device (ember-hw.rst). */
		VkPhysicalDeviceCustomBorderColorFeaturesEXT *f = (void *)s;

		f->customBorderColors = VK_TRUE;
		f->customBorderColorWithoutFormat = VK_TRUE;
		break;
	}
	default:
		break;
	}
}

bool ember_physical_device_has_graphics(const struct ember_physical_device *pdev)
{
	return pdev->ws.info.caps & EMBER_CAP_GRAPHICS;
}

bool ember_physical_device_has_occlusion(const struct ember_physical_device *pdev)
{
	return ember_physical_device_has_graphics(pdev) &&
	       (pdev->ws.info.caps & EMBER_CAP_OCCLUSION);
}

bool ember_physical_device_has_pipeline_stats(const struct ember_physical_device *pdev)
{
	return ember_physical_device_has_graphics(pdev) &&
	       (pdev->ws.info.caps & EMBER_CAP_PIPELINE_STATS);
}

/* What @pdev's device has or lacks beyond the tables' features in @s. */
static void device_features(const struct ember_physical_device *pdev, VkBaseOutStructure *s)
{
	/*
	 * BaseVertex, BaseInstance and DrawIndex are the s2r registers every
	 * draw packet sets (ember-isa.rst, "Built-in inputs"; DrawIndex the
	 * command's index in DRAW_INDIRECT, 0 otherwise):
	 * test_draw_parameters.c draws them with every vkCmdDraw* form.
	 */
	if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES)
		((VkPhysicalDeviceVulkan11Features *)s)->shaderDrawParameters =
			ember_physical_device_has_graphics(pdev);
	if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DRAW_PARAMETERS_FEATURES)
		((VkPhysicalDeviceShaderDrawParametersFeatures *)s)->shaderDrawParameters =
			ember_physical_device_has_graphics(pdev);
	/* DRAW_INDIRECT's DRAW_COUNT (contract 1.10): vkCmdDraw*IndirectCount. */
	if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES &&
	    ember_physical_device_has_graphics(pdev)) {
		VkPhysicalDeviceVulkan12Features *f = (void *)s;

		f->drawIndirectCount = VK_TRUE;
		/* ISA 1.5's viewport_index output (contract 1.13). */
		f->shaderOutputViewportIndex = (pdev->ws.info.caps & EMBER_CAP_VIEWPORT_INDEX) != 0;
		/* The vertex shader's layer output (ISA vertex_flags bit 1) of contract 1.10. */
		f->shaderOutputLayer = VK_TRUE;
	}
	/* Core 1.3's dynamic states of a graphics queue, EDS2's logic op; no patches. */
	if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_FEATURES_EXT)
		((VkPhysicalDeviceExtendedDynamicStateFeaturesEXT *)s)->extendedDynamicState =
			ember_physical_device_has_graphics(pdev);
	if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_2_FEATURES_EXT) {
		VkPhysicalDeviceExtendedDynamicState2FeaturesEXT *f = (void *)s;

		f->extendedDynamicState2 = ember_physical_device_has_graphics(pdev);
		f->extendedDynamicState2LogicOp = ember_physical_device_has_graphics(pdev);
		f->extendedDynamicState2PatchControlPoints = VK_FALSE;
	}
	if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_ENABLE_FEATURES_EXT)
		((VkPhysicalDeviceDepthClipEnableFeaturesEXT *)s)->depthClipEnable =
			ember_physical_device_has_graphics(pdev);
	if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT) {
		VkPhysicalDeviceExtendedDynamicState3FeaturesEXT *f = (void *)s;
		const VkBool32 gfx = ember_physical_device_has_graphics(pdev);
		void *next = f->pNext;

		/*
		 * The states a test draws from pipelines, each against its static
		 * twin; the rest VK_FALSE: tessellation and what the
		 * device has not (streams, conservative rasterization, sample
		 * locations, advanced blending, line modes, NV states).
		 */
		memset(f, 0, sizeof(*f));
		f->sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT;
		f->pNext = next;
		f->extendedDynamicState3DepthClipEnable = gfx;		/* test_depth_clip.c */
		f->extendedDynamicState3DepthClampEnable = gfx;		/* test_depth_clip.c */
		f->extendedDynamicState3PolygonMode = gfx;		/* test_fragment_raster.c */
		f->extendedDynamicState3SampleMask = gfx;		/* test_multisample.c */
		f->extendedDynamicState3AlphaToCoverageEnable = gfx;	/* test_multisample.c */
		f->extendedDynamicState3AlphaToOneEnable = gfx;	/* test_multisample.c */
		f->extendedDynamicState3LogicOpEnable = gfx;		/* test_fragment_blend.c */
		f->extendedDynamicState3ColorBlendEnable = gfx;		/* test_fragment_blend.c */
		f->extendedDynamicState3ColorBlendEquation = gfx;	/* test_fragment_blend.c */
		f->extendedDynamicState3ColorWriteMask = gfx;		/* test_fragment_blend.c */
		f->extendedDynamicState3ProvokingVertexMode = gfx;	/* test_provoking_vertex.c */
		f->extendedDynamicState3RasterizationSamples = gfx;	/* test_multisample.c */
		f->extendedDynamicState3DepthClipNegativeOneToOne =	/* test_depth_clip.c */
			(pdev->ws.info.caps & EMBER_CAP_DEPTH_CLIP_CONTROL) != 0;
	}
	/* The raster block's depth_negative_one_to_one (ember-hw.rst R1, R2, R9). */
	if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_CONTROL_FEATURES_EXT)
		((VkPhysicalDeviceDepthClipControlFeaturesEXT *)s)->depthClipControl =
			(pdev->ws.info.caps & EMBER_CAP_DEPTH_CLIP_CONTROL) != 0;
	if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROVOKING_VERTEX_FEATURES_EXT) {
		VkPhysicalDeviceProvokingVertexFeaturesEXT *f = (void *)s;

		/* test_provoking_vertex.c; no transform feedback. */
		f->provokingVertexLast = ember_physical_device_has_graphics(pdev);
		f->transformFeedbackPreservesProvokingVertex = VK_FALSE;
	}
	if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIMITIVE_TOPOLOGY_LIST_RESTART_FEATURES_EXT) {
		VkPhysicalDevicePrimitiveTopologyListRestartFeaturesEXT *f = (void *)s;

		/* test_provoking_vertex.c's list-restart tests; no tessellation. */
		f->primitiveTopologyListRestart = ember_physical_device_has_graphics(pdev);
		f->primitiveTopologyPatchListRestart = VK_FALSE;
	}
	if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COLOR_WRITE_ENABLE_FEATURES_EXT)
		((VkPhysicalDeviceColorWriteEnableFeaturesEXT *)s)->colorWriteEnable =
			ember_physical_device_has_graphics(pdev);
	if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CONDITIONAL_RENDERING_FEATURES_EXT) {
		VkPhysicalDeviceConditionalRenderingFeaturesEXT *f = (void *)s;

		f->conditionalRendering = (pdev->ws.info.caps & EMBER_CAP_COND_EXEC) != 0;
		/* A secondary's word the primary sets (ember_cmd_conditional.c). */
		f->inheritedConditionalRendering = f->conditionalRendering;
	}
	if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_KHR) {
		VkPhysicalDeviceVertexAttributeDivisorFeaturesKHR *f = (void *)s;

		f->vertexAttributeInstanceRateDivisor = ember_physical_device_has_graphics(pdev);
		f->vertexAttributeInstanceRateZeroDivisor = ember_physical_device_has_graphics(pdev);
	}
	if (pdev->ws.info.caps & EMBER_CAP_ISA_ADDR64)
		return;
	if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES)
		((VkPhysicalDeviceVulkan12Features *)s)->bufferDeviceAddress = VK_FALSE;
	if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES)
		((VkPhysicalDeviceBufferDeviceAddressFeatures *)s)->bufferDeviceAddress = VK_FALSE;
}

/*
 * The 1.0 features of the graphics pipeline a device with CAPS.GRAPHICS
 * reports: what the contract's draws do (ember-hw.rst "Draws") and a
 * Vulkan test draws (tests/vulkan/test_draw.c, test_fragment_*.c). Not in
 * the contract: tessellation and geometry shaders. Wide lines and several
 * viewports come with contract 1.13's CAPS bits (core_features()).
 */
static void graphics_features(VkPhysicalDeviceFeatures *f)
{
	f->fullDrawIndexUint32 = VK_TRUE;	/* 32-bit indices, any value */
	f->drawIndirectFirstInstance = VK_TRUE;
	f->multiDrawIndirect = VK_TRUE;		/* DRAW_INDIRECT's MAX_DRAWS, STRIDE */
	f->logicOp = VK_TRUE;			/* R13 */
	f->alphaToOne = VK_TRUE;		/* R10, test_multisample.c */
	f->independentBlend = VK_TRUE;		/* a blend entry per attachment */
	f->dualSrcBlend = VK_TRUE;		/* SRC1_* on attachment 0 */
	f->depthClamp = VK_TRUE;		/* R9 */
	f->depthBiasClamp = VK_TRUE;		/* R8 */
	f->depthBounds = VK_TRUE;		/* R9, R10 */
	f->fillModeNonSolid = VK_TRUE;		/* polygon modes LINE and POINT */
	f->largePoints = VK_TRUE;		/* R12: PointSize 1..64 */
	/* Helpers' and early-killed fragments' stores and atomics are dropped (ISA). */
	f->vertexPipelineStoresAndAtomics = VK_TRUE;
	f->fragmentStoresAndAtomics = VK_TRUE;
	/* Per sample when min_sample_shading x samples > 1 or the shader asks. */
	f->sampleRateShading = VK_TRUE;
	f->shaderClipDistance = VK_TRUE;	/* R2: cut where a distance crosses 0 */
	f->shaderCullDistance = VK_TRUE;	/* R2: dropped whole */
}

/* The 1.0 features of @pdev. */
static void core_features(const struct ember_physical_device *pdev, VkPhysicalDeviceFeatures *f)
{
	*f = ember_core_features;
	/* The texture unit decodes BC only with CAPS.IMAGE_BC (ember_format.c). */
	f->textureCompressionBC = (pdev->ws.info.caps & EMBER_CAP_IMAGE_BC) != 0;
	f->samplerAnisotropy = (pdev->ws.info.caps & EMBER_CAP_SAMPLER_ANISO) != 0;
	if (ember_physical_device_has_graphics(pdev)) {
		graphics_features(f);
		/* A vertex shader's ViewportIndex picks the viewport (1.13). */
		f->multiViewport = (pdev->ws.info.caps & EMBER_CAP_VIEWPORT_INDEX) != 0;
		f->wideLines = (pdev->ws.info.caps & EMBER_CAP_WIDE_LINES) != 0;	/* R11 */
	}
	/* Occlusion counters (contract 1.11) are exact: precise queries. */
	f->occlusionQueryPrecise = ember_physical_device_has_occlusion(pdev);
	/* A secondary's own counter, copied in and out by the primary (ember_cmd_secondary.c). */
	f->inheritedQueries = ember_physical_device_has_occlusion(pdev);
	/* Pipeline statistics counters (contract 1.15) count every statistic. */
	f->pipelineStatisticsQuery = ember_physical_device_has_pipeline_stats(pdev);
}

void ember_physical_device_get_features(struct ember_physical_device *pdev,
					VkPhysicalDeviceFeatures2 *features)
{
	core_features(pdev, &features->features);
	ember_foreach_struct_out(s, features->pNext) {
		fill_features(s);
		device_features(pdev, s);
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_GetPhysicalDeviceFeatures(VkPhysicalDevice physicalDevice, VkPhysicalDeviceFeatures *pFeatures)
{
	core_features(ember_physical_device_from_handle(physicalDevice), pFeatures);
}

VKAPI_ATTR void VKAPI_CALL
ember_GetPhysicalDeviceFeatures2(VkPhysicalDevice physicalDevice,
				 VkPhysicalDeviceFeatures2 *pFeatures)
{
	ember_physical_device_get_features(ember_physical_device_from_handle(physicalDevice),
					   pFeatures);
}

/* Whether every one of the @count VkBool32 members set in @want is set in @have. */
static bool features_subset(const void *want, const void *have, size_t count)
{
	const VkBool32 *w = (const VkBool32 *)((const VkBaseInStructure *)want + 1);
	const VkBool32 *h = (const VkBool32 *)((const VkBaseInStructure *)have + 1);

	for (size_t i = 0; i < count; i++)
		if (w[i] && !h[i])
			return false;
	return true;
}

/*
 * Feature structures and how many VkBool32 members follow sType and pNext
 * (up to @last, so tail padding is never read): compared member by member.
 */
static const struct {
	VkStructureType stype;
	size_t count;
} ember_feature_structs[] = {
#define FEATURE_STRUCT(stype, type, last) \
	{ stype, (offsetof(type, last) + sizeof(VkBool32) - sizeof(VkBaseInStructure)) / \
		 sizeof(VkBool32) }
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
		       VkPhysicalDeviceVulkan11Features, shaderDrawParameters),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
		       VkPhysicalDeviceVulkan12Features, subgroupBroadcastDynamicId),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
		       VkPhysicalDeviceVulkan13Features, maintenance4),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES,
		       VkPhysicalDevice16BitStorageFeatures, storageInputOutput16),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTIVIEW_FEATURES,
		       VkPhysicalDeviceMultiviewFeatures, multiviewTessellationShader),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VARIABLE_POINTERS_FEATURES,
		       VkPhysicalDeviceVariablePointersFeatures, variablePointers),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROTECTED_MEMORY_FEATURES,
		       VkPhysicalDeviceProtectedMemoryFeatures, protectedMemory),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SAMPLER_YCBCR_CONVERSION_FEATURES,
		       VkPhysicalDeviceSamplerYcbcrConversionFeatures, samplerYcbcrConversion),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DRAW_PARAMETERS_FEATURES,
		       VkPhysicalDeviceShaderDrawParametersFeatures, shaderDrawParameters),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES,
		       VkPhysicalDevice8BitStorageFeatures, storagePushConstant8),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_INT64_FEATURES,
		       VkPhysicalDeviceShaderAtomicInt64Features, shaderSharedInt64Atomics),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES,
		       VkPhysicalDeviceShaderFloat16Int8Features, shaderInt8),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DESCRIPTOR_INDEXING_FEATURES,
		       VkPhysicalDeviceDescriptorIndexingFeatures, runtimeDescriptorArray),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SCALAR_BLOCK_LAYOUT_FEATURES,
		       VkPhysicalDeviceScalarBlockLayoutFeatures, scalarBlockLayout),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGELESS_FRAMEBUFFER_FEATURES,
		       VkPhysicalDeviceImagelessFramebufferFeatures, imagelessFramebuffer),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_UNIFORM_BUFFER_STANDARD_LAYOUT_FEATURES,
		       VkPhysicalDeviceUniformBufferStandardLayoutFeatures, uniformBufferStandardLayout),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_FEATURES,
		       VkPhysicalDeviceMaintenance4Features, maintenance4),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ZERO_INITIALIZE_WORKGROUP_MEMORY_FEATURES,
		       VkPhysicalDeviceZeroInitializeWorkgroupMemoryFeatures,
		       shaderZeroInitializeWorkgroupMemory),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_INTEGER_DOT_PRODUCT_FEATURES,
		       VkPhysicalDeviceShaderIntegerDotProductFeatures, shaderIntegerDotProduct),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_SUBGROUP_EXTENDED_TYPES_FEATURES,
		       VkPhysicalDeviceShaderSubgroupExtendedTypesFeatures, shaderSubgroupExtendedTypes),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SEPARATE_DEPTH_STENCIL_LAYOUTS_FEATURES,
		       VkPhysicalDeviceSeparateDepthStencilLayoutsFeatures, separateDepthStencilLayouts),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_HOST_QUERY_RESET_FEATURES,
		       VkPhysicalDeviceHostQueryResetFeatures, hostQueryReset),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES,
		       VkPhysicalDeviceTimelineSemaphoreFeatures, timelineSemaphore),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES,
		       VkPhysicalDeviceBufferDeviceAddressFeatures, bufferDeviceAddressMultiDevice),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_MEMORY_MODEL_FEATURES,
		       VkPhysicalDeviceVulkanMemoryModelFeatures, vulkanMemoryModelAvailabilityVisibilityChains),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INLINE_UNIFORM_BLOCK_FEATURES,
		       VkPhysicalDeviceInlineUniformBlockFeatures, descriptorBindingInlineUniformBlockUpdateAfterBind),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_CREATION_CACHE_CONTROL_FEATURES,
		       VkPhysicalDevicePipelineCreationCacheControlFeatures, pipelineCreationCacheControl),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIVATE_DATA_FEATURES,
		       VkPhysicalDevicePrivateDataFeatures, privateData),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES,
		       VkPhysicalDeviceSubgroupSizeControlFeatures, computeFullSubgroups),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_ROBUSTNESS_FEATURES,
		       VkPhysicalDeviceImageRobustnessFeatures, robustImageAccess),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DEMOTE_TO_HELPER_INVOCATION_FEATURES,
		       VkPhysicalDeviceShaderDemoteToHelperInvocationFeatures,
		       shaderDemoteToHelperInvocation),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_TERMINATE_INVOCATION_FEATURES,
		       VkPhysicalDeviceShaderTerminateInvocationFeatures, shaderTerminateInvocation),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SYNCHRONIZATION_2_FEATURES,
		       VkPhysicalDeviceSynchronization2Features, synchronization2),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES,
		       VkPhysicalDeviceDynamicRenderingFeatures, dynamicRendering),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT,
		       VkPhysicalDeviceRobustness2FeaturesEXT, nullDescriptor),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_OBJECT_FEATURES_EXT,
		       VkPhysicalDeviceShaderObjectFeaturesEXT, shaderObject),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR,
		       VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR, pipelineExecutableInfo),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT,
		       VkPhysicalDeviceCustomBorderColorFeaturesEXT, customBorderColorWithoutFormat),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_KHR,
		       VkPhysicalDeviceVertexAttributeDivisorFeaturesKHR,
		       vertexAttributeInstanceRateZeroDivisor),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_FEATURES_EXT,
		       VkPhysicalDeviceExtendedDynamicStateFeaturesEXT, extendedDynamicState),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_2_FEATURES_EXT,
		       VkPhysicalDeviceExtendedDynamicState2FeaturesEXT,
		       extendedDynamicState2PatchControlPoints),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CONDITIONAL_RENDERING_FEATURES_EXT,
		       VkPhysicalDeviceConditionalRenderingFeaturesEXT,
		       inheritedConditionalRendering),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COLOR_WRITE_ENABLE_FEATURES_EXT,
		       VkPhysicalDeviceColorWriteEnableFeaturesEXT, colorWriteEnable),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_ENABLE_FEATURES_EXT,
		       VkPhysicalDeviceDepthClipEnableFeaturesEXT, depthClipEnable),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT,
		       VkPhysicalDeviceExtendedDynamicState3FeaturesEXT,
		       extendedDynamicState3ShadingRateImageEnable),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_CONTROL_FEATURES_EXT,
		       VkPhysicalDeviceDepthClipControlFeaturesEXT, depthClipControl),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROVOKING_VERTEX_FEATURES_EXT,
		       VkPhysicalDeviceProvokingVertexFeaturesEXT,
		       transformFeedbackPreservesProvokingVertex),
	FEATURE_STRUCT(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIMITIVE_TOPOLOGY_LIST_RESTART_FEATURES_EXT,
		       VkPhysicalDevicePrimitiveTopologyListRestartFeaturesEXT,
		       primitiveTopologyPatchListRestart),
#undef FEATURE_STRUCT
};

VkResult ember_physical_device_check_features(struct ember_physical_device *pdev,
					      const VkDeviceCreateInfo *info)
{
	const VkPhysicalDeviceFeatures2 *f2 =
		ember_find_struct(info->pNext, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2);
	const VkPhysicalDeviceFeatures *core = f2 ? &f2->features : info->pEnabledFeatures;
	const VkBool32 *want = (const VkBool32 *)core;
	VkPhysicalDeviceFeatures ours;
	const VkBool32 *have = (const VkBool32 *)&ours;

	core_features(pdev, &ours);
	for (size_t i = 0; core && i < sizeof(*core) / sizeof(VkBool32); i++)
		if (want[i] && !have[i])
			return ember_error(VK_ERROR_FEATURE_NOT_PRESENT, "1.0 feature #%zu", i);

	ember_foreach_struct(s, info->pNext) {
		for (size_t i = 0; i < EMBER_ARRAY_SIZE(ember_feature_structs); i++) {
			union {
				VkBaseOutStructure base;
				uint8_t bytes[512];
			} ours = { 0 };

			if (ember_feature_structs[i].stype != s->sType)
				continue;
			ours.base.sType = s->sType;
			fill_features(&ours.base);
			device_features(pdev, &ours.base);
			if (!features_subset(s, &ours, ember_feature_structs[i].count))
				return ember_error(VK_ERROR_FEATURE_NOT_PRESENT, "a feature of %s",
						   ember_structure_type_name(s->sType));
		}
	}
	return VK_SUCCESS;
}
