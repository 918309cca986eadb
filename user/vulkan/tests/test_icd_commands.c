/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The ICD's core commands, on the host
 *
 * vkGetDeviceProcAddr must return every core command of the device's
 * version. A device needs an Ember GPU, but the entry-point table does
 * not: this test loads libvulkan_ember.so as the loader does
 * (vk_icdNegotiateLoaderICDInterfaceVersion, vk_icdGetInstanceProcAddr),
 * creates an instance and asks it for every command of Vulkan 1.0 to 1.3
 * (vk_core_commands.h, from vk.xml). Each must have an implementation,
 * so that a device of any version the driver may report finds its
 * commands; the graphics ones refuse to record (ember_cmd_graphics.c).
 */

#include "tap.h"
#include "vk_core_commands.h"

#include <dlfcn.h>
#include <stdio.h>
#include <vulkan/vulkan.h>

typedef VkResult (VKAPI_PTR *negotiate_fn)(uint32_t *version);

int main(int argc, char **argv)
{
	const VkApplicationInfo app = {
		.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .apiVersion = VK_API_VERSION_1_3,
	};
	const VkInstanceCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &app,
	};
	PFN_vkGetInstanceProcAddr get_proc;
	PFN_vkCreateInstance create_instance;
	PFN_vkDestroyInstance destroy_instance;
	PFN_vkEnumerateInstanceVersion instance_version;
	negotiate_fn negotiate;
	uint32_t interface = 5, version = 0;
	unsigned int missing = 0;
	VkInstance instance;
	void *icd;

	icd = argc > 1 ? dlopen(argv[1], RTLD_NOW | RTLD_LOCAL) : NULL;
	if (!icd) {
		tap_diag("dlopen: %s", argc > 1 ? dlerror() : "no ICD path given");
		return tap_finish();
	}
	negotiate = (negotiate_fn)dlsym(icd, "vk_icdNegotiateLoaderICDInterfaceVersion");
	get_proc = (PFN_vkGetInstanceProcAddr)dlsym(icd, "vk_icdGetInstanceProcAddr");
	tap_result(negotiate && get_proc && negotiate(&interface) == VK_SUCCESS && interface >= 5,
		   "icd-loader-interface-5");
	if (!get_proc)
		return tap_finish();

	instance_version = (PFN_vkEnumerateInstanceVersion)get_proc(NULL,
								     "vkEnumerateInstanceVersion");
	tap_result(instance_version && instance_version(&version) == VK_SUCCESS &&
		   version >= VK_API_VERSION_1_3, "icd-instance-version-1.3");

	create_instance = (PFN_vkCreateInstance)get_proc(NULL, "vkCreateInstance");
	if (!create_instance || create_instance(&info, NULL, &instance) != VK_SUCCESS) {
		tap_result(false, "icd-core-commands-1.0-to-1.3");
		return tap_finish();
	}
	for (size_t i = 0; i < sizeof(vk_core_commands) / sizeof(vk_core_commands[0]); i++) {
		if (get_proc(instance, vk_core_commands[i].name))
			continue;
		tap_diag("%s (Vulkan 1.%u) has no implementation", vk_core_commands[i].name,
			 vk_core_commands[i].minor);
		missing++;
	}
	tap_result(!missing, "icd-core-commands-1.0-to-1.3");
	destroy_instance = (PFN_vkDestroyInstance)get_proc(instance, "vkDestroyInstance");
	destroy_instance(instance, NULL);
	return tap_finish();
}
