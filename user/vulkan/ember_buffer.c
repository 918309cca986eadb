/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Buffers
 *
 * A VkBuffer is a range of a VkDeviceMemory: binding it records the
 * memory's VA plus the offset, and that VA is what descriptors, copies and
 * device addresses use. Every allocation is mapped in the device's VM for
 * its whole life, so there is nothing to map or unmap per buffer.
 *
 * Requirements: the one memory type; offsets aligned to
 * EMBER_BUFFER_ALIGNMENT (the strictest of the descriptor and copy
 * alignments the physical device reports); sizes rounded up to it, so a
 * buffer never ends in the middle of an alignment unit another buffer
 * starts in. Dedicated allocations are neither preferred nor required:
 * there are no images and no tiling to benefit from one.
 *
 * Device addresses (vkGetBufferDeviceAddress) are the bound VA, stable for
 * the memory's life, so buffers bound at different offsets of one
 * allocation are that far apart. Shaders reach them through ldga/stga/
 * atomga with no range check: out of bounds is undefined behaviour, and
 * an address outside the context's mappings is a device fault, never a
 * device crash. No capture/replay: the opaque capture addresses are 0.
 */

#include "ember_buffer.h"

#include "ember_device.h"
#include "ember_device_memory.h"
#include "ember_image.h"
#include "ember_physical_device.h"

/* The usage of a buffer described by @info (maintenance5's flags2 first). */
static VkBufferUsageFlags buffer_usage(const VkBufferCreateInfo *info)
{
	const VkBufferUsageFlags2CreateInfoKHR *usage2 =
		ember_find_struct(info->pNext,
				  VK_STRUCTURE_TYPE_BUFFER_USAGE_FLAGS_2_CREATE_INFO_KHR);

	return usage2 ? (VkBufferUsageFlags)usage2->usage : info->usage;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateBuffer(VkDevice _device, const VkBufferCreateInfo *pCreateInfo,
		   const VkAllocationCallbacks *pAllocator, VkBuffer *pBuffer)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	struct ember_buffer *buffer;

	/*
	 * A buffer lives in one BO. VkExternalMemoryBufferCreateInfo needs
	 * nothing: the same buffer works in imported or exportable memory.
	 */
	if (pCreateInfo->size > device->ws.info.max_bo_size)
		return ember_error(VK_ERROR_OUT_OF_DEVICE_MEMORY, "buffer of %llu bytes",
				   (unsigned long long)pCreateInfo->size);

	buffer = ember_object_alloc(device, pAllocator, sizeof(*buffer), VK_OBJECT_TYPE_BUFFER);
	if (!buffer)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "buffer");
	buffer->size = pCreateInfo->size;
	buffer->usage = buffer_usage(pCreateInfo);
	buffer->flags = pCreateInfo->flags;
	*pBuffer = ember_buffer_to_handle(buffer);
	return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroyBuffer(VkDevice _device, VkBuffer _buffer, const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_buffer, buffer, _buffer);

	if (buffer)
		ember_object_free(device, pAllocator, buffer);
}

/* The requirements of a buffer of @size bytes, and the chain of @reqs. */
static void buffer_memory_requirements(VkDeviceSize size, VkMemoryRequirements2 *reqs)
{
	reqs->memoryRequirements = (VkMemoryRequirements) {
		.size = ember_align64(size, EMBER_BUFFER_ALIGNMENT),
		.alignment = EMBER_BUFFER_ALIGNMENT,
		.memoryTypeBits = (1u << EMBER_MEMORY_TYPE_COUNT) - 1,
	};
	ember_foreach_struct_out(s, reqs->pNext) {
		if (s->sType == VK_STRUCTURE_TYPE_MEMORY_DEDICATED_REQUIREMENTS) {
			VkMemoryDedicatedRequirements *dedicated = (void *)s;

			dedicated->prefersDedicatedAllocation = VK_FALSE;
			dedicated->requiresDedicatedAllocation = VK_FALSE;
		}
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_GetBufferMemoryRequirements2(VkDevice _device, const VkBufferMemoryRequirementsInfo2 *pInfo,
				   VkMemoryRequirements2 *pMemoryRequirements)
{
	EMBER_FROM_HANDLE(ember_buffer, buffer, pInfo->buffer);

	buffer_memory_requirements(buffer->size, pMemoryRequirements);
}

VKAPI_ATTR void VKAPI_CALL
ember_GetBufferMemoryRequirements(VkDevice _device, VkBuffer _buffer,
				  VkMemoryRequirements *pMemoryRequirements)
{
	EMBER_FROM_HANDLE(ember_buffer, buffer, _buffer);
	VkMemoryRequirements2 reqs = { .sType = VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2 };

	buffer_memory_requirements(buffer->size, &reqs);
	*pMemoryRequirements = reqs.memoryRequirements;
}

/* maintenance4: the requirements a buffer created with pCreateInfo would have. */
VKAPI_ATTR void VKAPI_CALL
ember_GetDeviceBufferMemoryRequirements(VkDevice _device,
					const VkDeviceBufferMemoryRequirements *pInfo,
					VkMemoryRequirements2 *pMemoryRequirements)
{
	buffer_memory_requirements(pInfo->pCreateInfo->size, pMemoryRequirements);
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_BindBufferMemory2(VkDevice _device, uint32_t bindInfoCount,
			const VkBindBufferMemoryInfo *pBindInfos)
{
	for (uint32_t i = 0; i < bindInfoCount; i++) {
		EMBER_FROM_HANDLE(ember_buffer, buffer, pBindInfos[i].buffer);
		EMBER_FROM_HANDLE(ember_device_memory, mem, pBindInfos[i].memory);

		buffer->memory = mem;
		buffer->va = ember_memory_bind(mem, pBindInfos[i].memoryOffset, pBindInfos[i].pNext);
	}
	return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_BindBufferMemory(VkDevice _device, VkBuffer buffer, VkDeviceMemory memory,
		       VkDeviceSize memoryOffset)
{
	const VkBindBufferMemoryInfo info = {
		.sType = VK_STRUCTURE_TYPE_BIND_BUFFER_MEMORY_INFO,
		.buffer = buffer,
		.memory = memory,
		.memoryOffset = memoryOffset,
	};

	return ember_BindBufferMemory2(_device, 1, &info);
}

VKAPI_ATTR VkDeviceAddress VKAPI_CALL
ember_GetBufferDeviceAddress(VkDevice _device, const VkBufferDeviceAddressInfo *pInfo)
{
	EMBER_FROM_HANDLE(ember_buffer, buffer, pInfo->buffer);

	return buffer->va;
}

/* bufferDeviceAddressCaptureReplay is not supported: no address to replay. */
VKAPI_ATTR uint64_t VKAPI_CALL
ember_GetBufferOpaqueCaptureAddress(VkDevice _device, const VkBufferDeviceAddressInfo *pInfo)
{
	return 0;
}

/*
 * Texel-buffer views: the 16-byte descriptor (ember-hw.rst "Texel-buffer
 * descriptor") packed at creation: the VA of element 0, the elements the
 * range holds, the format.
 */
VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateBufferView(VkDevice _device, const VkBufferViewCreateInfo *pCreateInfo,
		       const VkAllocationCallbacks *pAllocator, VkBufferView *pView)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_buffer, buffer, pCreateInfo->buffer);
	const struct ember_image_format *f = ember_format_get(device->pdev, pCreateInfo->format);
	struct ember_buffer_view *view;
	VkDeviceSize range = ember_buffer_range(buffer, pCreateInfo->offset, pCreateInfo->range);
	struct ember_texel_buffer_desc d = {
		.va = ember_buffer_address(buffer, pCreateInfo->offset),
		.format = (uint32_t)pCreateInfo->format,
	};

	if (!f || !(f->usage & EMBER_IMAGE_FMT_TEXEL_BUFFER))
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "texel buffer of format %d",
				   pCreateInfo->format);
	d.num_elements = (uint32_t)EMBER_MIN(range / f->bytes, UINT32_MAX);
	view = ember_object_alloc(device, pAllocator, sizeof(*view), VK_OBJECT_TYPE_BUFFER_VIEW);
	if (!view)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "buffer view");
	ember_texel_buffer_desc_pack(view->desc, &d);
	*pView = ember_buffer_view_to_handle(view);
	return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroyBufferView(VkDevice _device, VkBufferView bufferView,
			const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_buffer_view, view, bufferView);

	if (view)
		ember_object_free(device, pAllocator, view);
}
