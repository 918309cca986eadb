/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Instance and the loader interface
 *
 * The ICD's only exported symbols are the loader's three entry points
 * (interface version 5): everything else is reached through
 * vk_icdGetInstanceProcAddr and vkGetDeviceProcAddr, from the entry-point
 * table generated from vk.xml (ember_vk_entrypoints.c). A command the
 * driver does not implement has no symbol, so it is NULL in the table and
 * the loader never sees a stub.
 *
 * Physical devices are found on first use: every render node whose DRM
 * driver is "ember" (libdrm's device enumeration) is one, so two Ember
 * GPUs in one machine are two physical devices.
 */

#include "ember_instance.h"

#include "ember_physical_device.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The loader interface version the ICD speaks. */
#define EMBER_LOADER_INTERFACE_VERSION	5

static const int ember_instance_extensions[] = {
	EMBER_KHR_get_physical_device_properties2,
	EMBER_KHR_external_memory_capabilities,
	EMBER_KHR_external_semaphore_capabilities,
	EMBER_KHR_external_fence_capabilities,
	EMBER_KHR_device_group_creation,
	EMBER_KHR_surface,		/* headless only: ember_wsi_headless.c */
	EMBER_EXT_headless_surface,
	EMBER_KHR_get_surface_capabilities2,
};

static bool instance_extension_supported(int index)
{
	for (size_t i = 0; i < EMBER_ARRAY_SIZE(ember_instance_extensions); i++)
		if (ember_instance_extensions[i] == index)
			return true;
	return false;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_EnumerateInstanceExtensionProperties(const char *pLayerName, uint32_t *pPropertyCount,
					   VkExtensionProperties *pProperties)
{
	uint32_t capacity = *pPropertyCount, written = 0;
	int incomplete = 0;

	if (pLayerName)
		return ember_error(VK_ERROR_LAYER_NOT_PRESENT, "no layer %s", pLayerName);
	for (size_t i = 0; i < EMBER_ARRAY_SIZE(ember_instance_extensions); i++)
		EMBER_OUTARRAY_APPEND(pProperties, incomplete, capacity, written,
				      ember_extensions[ember_instance_extensions[i]].props);
	*pPropertyCount = written;
	return incomplete ? VK_INCOMPLETE : VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_EnumerateInstanceLayerProperties(uint32_t *pPropertyCount, VkLayerProperties *pProperties)
{
	*pPropertyCount = 0;
	return VK_SUCCESS;
}

uint32_t ember_instance_api_version(void)
{
	return VK_MAKE_API_VERSION(0, 1, 3, VK_HEADER_VERSION);
}

VKAPI_ATTR VkResult VKAPI_CALL ember_EnumerateInstanceVersion(uint32_t *pApiVersion)
{
	*pApiVersion = ember_instance_api_version();
	return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateInstance(const VkInstanceCreateInfo *pCreateInfo,
		     const VkAllocationCallbacks *pAllocator, VkInstance *pInstance)
{
	struct ember_instance *instance;

	instance = ember_alloc(pAllocator, sizeof(*instance), 8, VK_SYSTEM_ALLOCATION_SCOPE_INSTANCE);
	if (!instance)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "instance");
	ember_object_init(&instance->base, NULL, VK_OBJECT_TYPE_INSTANCE);
	if (pAllocator)
		instance->alloc = *pAllocator;
	instance->app_api_version = VK_API_VERSION_1_0;
	if (pCreateInfo->pApplicationInfo && pCreateInfo->pApplicationInfo->apiVersion)
		instance->app_api_version = pCreateInfo->pApplicationInfo->apiVersion;

	for (uint32_t i = 0; i < pCreateInfo->enabledExtensionCount; i++) {
		int index = ember_extension_index(pCreateInfo->ppEnabledExtensionNames[i]);

		if (index < 0 || !instance_extension_supported(index)) {
			ember_free(pAllocator, instance);
			return ember_error(VK_ERROR_EXTENSION_NOT_PRESENT, "instance extension %s",
					   pCreateInfo->ppEnabledExtensionNames[i]);
		}
		instance->enabled.has[index] = true;
	}
	pthread_mutex_init(&instance->lock, NULL);
	*pInstance = ember_instance_to_handle(instance);
	return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroyInstance(VkInstance _instance, const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_instance, instance, _instance);

	if (!instance)
		return;
	for (uint32_t i = 0; i < instance->physical_device_count; i++)
		ember_physical_device_destroy(instance->physical_devices[i]);
	pthread_mutex_destroy(&instance->lock);
	ember_free(ember_instance_alloc(instance), instance);
}

/* Finds the Ember render nodes once; a node that fails to open is skipped. */
static VkResult instance_enumerate(struct ember_instance *instance)
{
	char paths[EMBER_MAX_PHYSICAL_DEVICES][64];
	VkResult result = VK_SUCCESS;
	int count;

	pthread_mutex_lock(&instance->lock);
	if (instance->enumerated)
		goto out;
	count = ember_ws_enumerate(paths, EMBER_MAX_PHYSICAL_DEVICES);
	for (int i = 0; i < count; i++) {
		struct ember_physical_device *pdev;
		int ret = ember_physical_device_create(instance, paths[i], &pdev);

		if (ret == -ENOMEM) {
			result = ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "physical device");
			goto out;
		}
		if (ret)
			continue;
		instance->physical_devices[instance->physical_device_count++] = pdev;
	}
	instance->enumerated = true;
out:
	pthread_mutex_unlock(&instance->lock);
	return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_EnumeratePhysicalDevices(VkInstance _instance, uint32_t *pPhysicalDeviceCount,
			       VkPhysicalDevice *pPhysicalDevices)
{
	EMBER_FROM_HANDLE(ember_instance, instance, _instance);
	uint32_t capacity = *pPhysicalDeviceCount, written = 0;
	int incomplete = 0;
	VkResult result = instance_enumerate(instance);

	if (result != VK_SUCCESS)
		return result;
	for (uint32_t i = 0; i < instance->physical_device_count; i++)
		EMBER_OUTARRAY_APPEND(pPhysicalDevices, incomplete, capacity, written,
				      ember_physical_device_to_handle(instance->physical_devices[i]));
	*pPhysicalDeviceCount = written;
	return incomplete ? VK_INCOMPLETE : VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_EnumeratePhysicalDeviceGroups(VkInstance _instance, uint32_t *pCount,
				    VkPhysicalDeviceGroupProperties *pGroups)
{
	EMBER_FROM_HANDLE(ember_instance, instance, _instance);
	uint32_t capacity = *pCount, written = 0;
	VkResult result = instance_enumerate(instance);

	if (result != VK_SUCCESS)
		return result;
	/* Every GPU is a group of its own. */
	for (uint32_t i = 0; i < instance->physical_device_count; i++) {
		if (pGroups && written >= capacity) {
			*pCount = written;
			return VK_INCOMPLETE;
		}
		if (pGroups) {
			VkPhysicalDeviceGroupProperties *g = &pGroups[written];

			g->physicalDeviceCount = 1;
			memset(g->physicalDevices, 0, sizeof(g->physicalDevices));
			g->physicalDevices[0] =
				ember_physical_device_to_handle(instance->physical_devices[i]);
			g->subsetAllocation = VK_FALSE;
		}
		written++;
	}
	*pCount = written;
	return VK_SUCCESS;
}

/*
 * Whether @e is for @instance (the loader's table): core commands, device
 * commands of any extension a physical device may support, and commands of
 * the instance extensions the application enabled.
 */
static bool instance_entrypoint_available(struct ember_instance *instance,
					  const struct ember_entrypoint *e)
{
	if (e->core_version)
		return e->level != EMBER_DISPATCH_INSTANCE ||
		       e->core_version <= instance->app_api_version;
	for (int i = 0; i < 4 && e->extensions[i] >= 0; i++) {
		int ext = e->extensions[i];

		if (!ember_extensions[ext].instance || instance->enabled.has[ext])
			return true;
	}
	return false;
}

static PFN_vkVoidFunction ember_instance_get_proc_addr(struct ember_instance *instance,
							const char *name)
{
	const struct ember_entrypoint *e;

	if (!name)
		return NULL;
	e = ember_entrypoint_find(name);
	if (!e || !e->function)
		return NULL;
	if (e->level == EMBER_DISPATCH_GLOBAL)
		return e->function;
	if (!instance || !instance_entrypoint_available(instance, e))
		return NULL;
	return e->function;
}

VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
ember_GetInstanceProcAddr(VkInstance _instance, const char *pName)
{
	return ember_instance_get_proc_addr(ember_instance_from_handle(_instance), pName);
}

/* The loader's entry points: the only symbols the ICD exports. */
__attribute__((visibility("default"))) VKAPI_ATTR VkResult VKAPI_CALL
vk_icdNegotiateLoaderICDInterfaceVersion(uint32_t *pSupportedVersion)
{
	if (*pSupportedVersion > EMBER_LOADER_INTERFACE_VERSION)
		*pSupportedVersion = EMBER_LOADER_INTERFACE_VERSION;
	return VK_SUCCESS;
}

__attribute__((visibility("default"))) VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
vk_icdGetInstanceProcAddr(VkInstance instance, const char *pName)
{
	return ember_GetInstanceProcAddr(instance, pName);
}

__attribute__((visibility("default"))) VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
vk_icdGetPhysicalDeviceProcAddr(VkInstance _instance, const char *pName)
{
	const struct ember_entrypoint *e = pName ? ember_entrypoint_find(pName) : NULL;

	if (!e || e->level != EMBER_DISPATCH_PHYSICAL_DEVICE)
		return NULL;
	return ember_instance_get_proc_addr(ember_instance_from_handle(_instance), pName);
}
