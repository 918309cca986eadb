/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Device memory
 *
 * One VkDeviceMemory is one BO of the device's DRM file, mapped at a GPU VA
 * of the device's VM (NOEXEC: shaders live in the driver's own BOs) from
 * vkAllocateMemory to vkFreeMemory, so binding a buffer is arithmetic and
 * recording never touches the VM. The one memory type is device-local,
 * host-visible, coherent and cached: the BOs are guest RAM.
 *
 * A BO that no other process will see is created private to the device's
 * VM (exclusive_vm): it shares the VM's reservation object and costs
 * nothing at submit. Such a BO cannot be exported, so an allocation that
 * asks to be exportable (VkExportMemoryAllocateInfo) gets an ordinary BO.
 *
 * Import (opaque fd and dma-buf fds are both dma-bufs) goes through PRIME.
 * PRIME gives the same GEM handle for a dma-buf the file already knows: an
 * application that exports an allocation and imports it back into the same
 * device (or imports one dma-buf twice) ends up with two VkDeviceMemory on
 * one handle. Every BO that can be shared is therefore counted in a table
 * of (device, handle) references, and its handle is closed with the last
 * VkDeviceMemory that holds it. Each VkDeviceMemory still has its own VA
 * range and its own CPU mapping of the BO.
 *
 * The CPU mapping is made on the first vkMapMemory and kept until
 * vkFreeMemory: mmap is not free in a TCG guest, and applications map and
 * unmap per frame. A dma-buf imported from another driver cannot be mapped
 * through ember.ko; it is mapped through the dma-buf itself.
 *
 * The heap is the guest's RAM (three quarters of it): allocations of the
 * whole process are counted against it so that a runaway application gets
 * VK_ERROR_OUT_OF_DEVICE_MEMORY instead of the OOM killer (BOs are pinned).
 * Imports do not count: their memory was counted by whoever allocated it.
 */

#include "ember_device_memory.h"

#include "ember_device.h"
#include "ember_physical_device.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

/**
 * struct ember_bo_share - A GEM handle more than one VkDeviceMemory may hold.
 * @next: the table's list.
 * @device: the device whose file the handle belongs to.
 * @handle: the GEM handle.
 * @refs: the VkDeviceMemory objects holding it.
 */
struct ember_bo_share {
	struct ember_bo_share *next;
	const struct ember_device *device;
	uint32_t handle;
	uint32_t refs;
};

/*
 * The table of shareable handles. Held across PRIME import and GEM close,
 * so that a handle is never closed between an import that returned it and
 * that import taking its reference.
 */
static pthread_mutex_t ember_bo_shares_lock = PTHREAD_MUTEX_INITIALIZER;
static struct ember_bo_share *ember_bo_shares;

/* Bytes of BOs allocated by the process, against the heap's size. */
static _Atomic uint64_t ember_memory_charged;

static const VkAllocationCallbacks *device_alloc(struct ember_device *device)
{
	return device->alloc.pfnAllocation ? &device->alloc : NULL;
}

/* A reference to (@device, @handle), a new entry when none. Table locked. */
static struct ember_bo_share *bo_share_get_locked(struct ember_device *device, uint32_t handle)
{
	struct ember_bo_share *share;

	for (share = ember_bo_shares; share; share = share->next) {
		if (share->device == device && share->handle == handle) {
			share->refs++;
			return share;
		}
	}
	share = ember_alloc(device_alloc(device), sizeof(*share), 8,
			    VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
	if (!share)
		return NULL;
	share->device = device;
	share->handle = handle;
	share->refs = 1;
	share->next = ember_bo_shares;
	ember_bo_shares = share;
	return share;
}

/* Drops @share's reference; true if it was the last (close the handle). Table locked. */
static bool bo_share_put_locked(struct ember_device *device, struct ember_bo_share *share)
{
	struct ember_bo_share **link;

	if (--share->refs)
		return false;
	for (link = &ember_bo_shares; *link != share; link = &(*link)->next)
		;
	*link = share->next;
	ember_free(device_alloc(device), share);
	return true;
}

/* Counts @size bytes against the heap; false if they do not fit. */
static bool memory_charge(struct ember_device *device, uint64_t size)
{
	uint64_t heap = device->pdev->heap_size;
	uint64_t old = atomic_load(&ember_memory_charged);

	do {
		if (size > heap || old > heap - size)
			return false;
	} while (!atomic_compare_exchange_weak(&ember_memory_charged, &old, old + size));
	return true;
}

static void memory_uncharge(uint64_t size)
{
	atomic_fetch_sub(&ember_memory_charged, size);
}

/* A new BO for @mem of @size bytes (page-aligned, within the limits). */
static VkResult memory_create_bo(struct ember_device *device, struct ember_device_memory *mem,
				 uint64_t size, bool exportable)
{
	int ret;

	if (!memory_charge(device, size))
		return ember_error(VK_ERROR_OUT_OF_DEVICE_MEMORY,
				   "%llu bytes do not fit in the heap",
				   (unsigned long long)size);
	mem->charged = size;
	ret = ember_ws_bo_create(&device->ws, size, 0, exportable ? 0 : device->vm_id, &mem->bo);
	if (ret) {
		memory_uncharge(size);
		mem->charged = 0;
		/* Whatever the kernel's reason, the memory is not to be had. */
		return ember_error(VK_ERROR_OUT_OF_DEVICE_MEMORY, "BO_CREATE of %llu bytes: %d",
				   (unsigned long long)size, ret);
	}
	if (!exportable)
		return VK_SUCCESS;

	pthread_mutex_lock(&ember_bo_shares_lock);
	mem->share = bo_share_get_locked(device, mem->bo.handle);
	pthread_mutex_unlock(&ember_bo_shares_lock);
	if (!mem->share) {
		ember_ws_bo_destroy(&device->ws, &mem->bo);
		memory_uncharge(size);
		mem->charged = 0;
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "BO share entry");
	}
	return VK_SUCCESS;
}

/* @fd's dma-buf as @mem's BO; @fd stays the caller's. */
static VkResult memory_import_bo(struct ember_device *device, struct ember_device_memory *mem,
				 int fd, uint64_t size)
{
	VkResult result;
	int ret;

	if (fd < 0)
		return ember_error(VK_ERROR_INVALID_EXTERNAL_HANDLE, "import of fd %d", fd);
	pthread_mutex_lock(&ember_bo_shares_lock);
	ret = ember_ws_bo_import(&device->ws, fd, &mem->bo);
	if (ret) {
		result = ember_error(ret == -ENOMEM ? VK_ERROR_OUT_OF_HOST_MEMORY :
				     VK_ERROR_INVALID_EXTERNAL_HANDLE, "PRIME import of fd %d: %d",
				     fd, ret);
		goto err_unlock;
	}
	mem->share = bo_share_get_locked(device, mem->bo.handle);
	if (!mem->share) {
		result = ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "BO share entry");
		goto err_close;
	}
	/* The allocation cannot be larger than what it imports. */
	if (size > mem->bo.size) {
		result = ember_error(VK_ERROR_INVALID_EXTERNAL_HANDLE,
				     "allocationSize %llu > the dma-buf's %llu bytes",
				     (unsigned long long)size, (unsigned long long)mem->bo.size);
		goto err_put;
	}
	pthread_mutex_unlock(&ember_bo_shares_lock);
	return VK_SUCCESS;

err_put:
	if (!bo_share_put_locked(device, mem->share)) {
		/* Another VkDeviceMemory holds the handle: only forget it here. */
		mem->bo.handle = 0;
	}
	mem->share = NULL;
err_close:
	ember_ws_bo_destroy(&device->ws, &mem->bo);
err_unlock:
	pthread_mutex_unlock(&ember_bo_shares_lock);
	return result;
}

/* Closes @mem's BO handle unless another VkDeviceMemory still holds it. */
static void memory_release_bo(struct ember_device *device, struct ember_device_memory *mem)
{
	ember_ws_bo_unmap(&mem->bo);
	if (mem->share) {
		pthread_mutex_lock(&ember_bo_shares_lock);
		if (bo_share_put_locked(device, mem->share))
			ember_ws_bo_destroy(&device->ws, &mem->bo);
		pthread_mutex_unlock(&ember_bo_shares_lock);
		mem->share = NULL;
	} else {
		ember_ws_bo_destroy(&device->ws, &mem->bo);
	}
	if (mem->charged)
		memory_uncharge(mem->charged);
	mem->charged = 0;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_AllocateMemory(VkDevice _device, const VkMemoryAllocateInfo *pAllocateInfo,
		     const VkAllocationCallbacks *pAllocator, VkDeviceMemory *pMemory)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	const VkImportMemoryFdInfoKHR *import = NULL;
	const uint64_t max_size = device->ws.info.max_bo_size;
	uint64_t size = pAllocateInfo->allocationSize;
	struct ember_device_memory *mem;
	bool exportable = false;
	VkResult result;
	int ret;

	ember_foreach_struct(s, pAllocateInfo->pNext) {
		switch (s->sType) {
		case VK_STRUCTURE_TYPE_IMPORT_MEMORY_FD_INFO_KHR:
			/* A zero handleType imports nothing. */
			if (((const VkImportMemoryFdInfoKHR *)s)->handleType)
				import = (const void *)s;
			break;
		case VK_STRUCTURE_TYPE_EXPORT_MEMORY_ALLOCATE_INFO:
			exportable = ((const VkExportMemoryAllocateInfo *)s)->handleTypes != 0;
			break;
		case VK_STRUCTURE_TYPE_MEMORY_DEDICATED_ALLOCATE_INFO:
			/* Buffers only, no layout to pick: dedication changes nothing. */
			break;
		case VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO:
			/*
			 * Every allocation has a fixed VA: DEVICE_ADDRESS_BIT
			 * needs nothing more (and CAPTURE_REPLAY_BIT is invalid
			 * without the feature), and the device mask is the one
			 * device.
			 */
			break;
		default:
			break;
		}
	}

	if (pAllocateInfo->memoryTypeIndex >= EMBER_MEMORY_TYPE_COUNT)
		return ember_error(VK_ERROR_OUT_OF_DEVICE_MEMORY, "memory type %u",
				   pAllocateInfo->memoryTypeIndex);
	if (!import && (size == 0 || size > max_size || size > device->pdev->heap_size))
		return ember_error(VK_ERROR_OUT_OF_DEVICE_MEMORY,
				   "allocation of %llu bytes (BO limit %llu)",
				   (unsigned long long)size, (unsigned long long)max_size);
	if (import && import->handleType != VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT &&
	    import->handleType != VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT)
		return ember_error(VK_ERROR_INVALID_EXTERNAL_HANDLE, "import of handle type 0x%x",
				   import->handleType);

	mem = ember_object_alloc(device, pAllocator, sizeof(*mem), VK_OBJECT_TYPE_DEVICE_MEMORY);
	if (!mem)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "device memory");
	mem->size = size;

	if (import)
		result = memory_import_bo(device, mem, import->fd, size);
	else
		result = memory_create_bo(device, mem, ember_align64(size, EMBER_MEMORY_ALIGNMENT),
					  exportable);
	if (result != VK_SUCCESS)
		goto err_free;

	mem->va_size = ember_align64(mem->bo.size, EMBER_MEMORY_ALIGNMENT);
	mem->va = ember_va_alloc(&device->va, mem->va_size, EMBER_MEMORY_ALIGNMENT);
	if (!mem->va) {
		result = ember_error(VK_ERROR_OUT_OF_DEVICE_MEMORY, "out of GPU VA for %llu bytes",
				     (unsigned long long)mem->va_size);
		goto err_release;
	}
	ret = ember_ws_vm_map(&device->ws, device->vm_id, &mem->bo, 0, mem->va, mem->va_size,
			      EMBER_WS_MAP_NOEXEC);
	if (ret) {
		result = ember_error(ret == -ENOMEM ? VK_ERROR_OUT_OF_HOST_MEMORY :
				     VK_ERROR_OUT_OF_DEVICE_MEMORY, "VM_BIND map at 0x%llx: %d",
				     (unsigned long long)mem->va, ret);
		goto err_free_va;
	}

	/*
	 * The fd is the driver's only once the import succeeded: "The
	 * application must not perform any operations on the file descriptor
	 * after a successful import"; after a failure it is still theirs.
	 */
	if (import)
		close(import->fd);
	*pMemory = ember_device_memory_to_handle(mem);
	return VK_SUCCESS;

err_free_va:
	ember_va_free(&device->va, mem->va, mem->va_size);
err_release:
	memory_release_bo(device, mem);
err_free:
	ember_object_free(device, pAllocator, mem);
	return result;
}

VKAPI_ATTR void VKAPI_CALL
ember_FreeMemory(VkDevice _device, VkDeviceMemory _memory, const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_device_memory, mem, _memory);

	if (!mem)
		return;
	/*
	 * The application waited for the GPU to be done with the memory
	 * (valid usage), so the VA can go back to the allocator at once.
	 */
	ember_ws_vm_unmap(&device->ws, device->vm_id, mem->va, mem->va_size);
	ember_va_free(&device->va, mem->va, mem->va_size);
	/* Freeing mapped memory unmaps it: releasing the BO drops the CPU mapping. */
	memory_release_bo(device, mem);
	ember_object_free(device, pAllocator, mem);
}

/* Maps [@offset, @offset + @size) of @mem; the CPU mapping of the BO is made once. */
static VkResult memory_map(struct ember_device *device, struct ember_device_memory *mem,
			   VkDeviceSize offset, VkDeviceSize size, void **ppData)
{
	int ret;

	*ppData = NULL;
	if (size == VK_WHOLE_SIZE)
		size = mem->size - offset;
	if (offset >= mem->size || size == 0 || size > mem->size - offset)
		return ember_error(VK_ERROR_MEMORY_MAP_FAILED, "map of [%llu, +%llu) of %llu bytes",
				   (unsigned long long)offset, (unsigned long long)size,
				   (unsigned long long)mem->size);
	if (mem->map_size)
		return ember_error(VK_ERROR_MEMORY_MAP_FAILED, "memory already mapped");
	if (mem->bo.flags & EMBER_WS_BO_NO_MMAP)
		return ember_error(VK_ERROR_MEMORY_MAP_FAILED, "the imported BO cannot be mapped");
	ret = ember_ws_bo_map(&device->ws, &mem->bo);
	/* ember.ko refuses to map a foreign dma-buf: its exporter may not. */
	if (ret == -EINVAL && mem->share)
		ret = ember_ws_bo_map_dmabuf(&device->ws, &mem->bo);
	if (ret)
		return ember_error(VK_ERROR_MEMORY_MAP_FAILED, "mmap of %llu bytes: %d",
				   (unsigned long long)mem->bo.size, ret);
	mem->map_offset = offset;
	mem->map_size = size;
	*ppData = (char *)mem->bo.map + offset;
	return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_MapMemory(VkDevice _device, VkDeviceMemory _memory, VkDeviceSize offset, VkDeviceSize size,
		VkMemoryMapFlags flags, void **ppData)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_device_memory, mem, _memory);

	return memory_map(device, mem, offset, size, ppData);
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_MapMemory2(VkDevice _device, const VkMemoryMapInfo *pMemoryMapInfo, void **ppData)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_device_memory, mem, pMemoryMapInfo->memory);

	/* No VK_EXT_map_memory_placed: the flags and the chain ask for nothing else. */
	return memory_map(device, mem, pMemoryMapInfo->offset, pMemoryMapInfo->size, ppData);
}

VKAPI_ATTR void VKAPI_CALL ember_UnmapMemory(VkDevice _device, VkDeviceMemory _memory)
{
	EMBER_FROM_HANDLE(ember_device_memory, mem, _memory);

	/* The CPU mapping stays until vkFreeMemory (see the DOC above). */
	mem->map_offset = 0;
	mem->map_size = 0;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_UnmapMemory2(VkDevice _device, const VkMemoryUnmapInfo *pMemoryUnmapInfo)
{
	ember_UnmapMemory(_device, pMemoryUnmapInfo->memory);
	return VK_SUCCESS;
}

/* The one memory type is coherent: there is nothing to flush or invalidate. */
VKAPI_ATTR VkResult VKAPI_CALL
ember_FlushMappedMemoryRanges(VkDevice _device, uint32_t memoryRangeCount,
			      const VkMappedMemoryRange *pMemoryRanges)
{
	return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_InvalidateMappedMemoryRanges(VkDevice _device, uint32_t memoryRangeCount,
				   const VkMappedMemoryRange *pMemoryRanges)
{
	return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
ember_GetDeviceMemoryCommitment(VkDevice _device, VkDeviceMemory _memory,
				VkDeviceSize *pCommittedMemoryInBytes)
{
	EMBER_FROM_HANDLE(ember_device_memory, mem, _memory);

	/* No lazily allocated type: BOs are backed when created. */
	*pCommittedMemoryInBytes = mem->size;
}

/* bufferDeviceAddressCaptureReplay is not supported: no address to replay. */
VKAPI_ATTR uint64_t VKAPI_CALL
ember_GetDeviceMemoryOpaqueCaptureAddress(VkDevice _device,
					  const VkDeviceMemoryOpaqueCaptureAddressInfo *pInfo)
{
	return 0;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetMemoryFdKHR(VkDevice _device, const VkMemoryGetFdInfoKHR *pGetFdInfo, int *pFd)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_device_memory, mem, pGetFdInfo->memory);
	int ret;

	/* Opaque fd and dma-buf are the same thing here: the BO's dma-buf. */
	if (pGetFdInfo->handleType != VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT &&
	    pGetFdInfo->handleType != VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT)
		return ember_error(VK_ERROR_INVALID_EXTERNAL_HANDLE, "export as handle type 0x%x",
				   pGetFdInfo->handleType);
	ret = ember_ws_bo_export(&device->ws, &mem->bo, pFd);
	if (ret)
		return ember_error(ret == -EMFILE || ret == -ENFILE ? VK_ERROR_TOO_MANY_OBJECTS :
				   VK_ERROR_OUT_OF_HOST_MEMORY, "PRIME export%s: %d",
				   mem->share ? "" : " of memory allocated without export info",
				   ret);
	return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetMemoryFdPropertiesKHR(VkDevice _device, VkExternalMemoryHandleTypeFlagBits handleType,
			       int fd, VkMemoryFdPropertiesKHR *pMemoryFdProperties)
{
	/*
	 * Opaque fds have no properties to query (the handle type is not
	 * allowed here); any dma-buf can be imported into the one type.
	 */
	if (handleType != VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT || fd < 0)
		return ember_error(VK_ERROR_INVALID_EXTERNAL_HANDLE, "fd %d of handle type 0x%x",
				   fd, handleType);
	pMemoryFdProperties->memoryTypeBits = (1u << EMBER_MEMORY_TYPE_COUNT) - 1;
	return VK_SUCCESS;
}
