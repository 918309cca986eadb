/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The Vulkan test harness
 *
 * Tests of what the Vulkan specification defines, written against the API
 * only, so the same binary runs on lavapipe on the host (which proves the
 * expectations) and on Ember in the guest. Each test runs in a child
 * process of its own (a crash or a hang fails that test only) and prints
 * TAP: "ok N - name", "not ok N - name" with "# why" lines, or
 * "ok N - name # SKIP why" when the device lacks a feature or extension
 * the test needs (a missing feature is never a pass).
 *
 * Device: the first physical device, or the first whose name contains
 * $EMBER_VK_DEVICE. With EMBER_VK_VALIDATION=1 every instance enables
 * VK_LAYER_KHRONOS_validation and a debug messenger: any error message
 * fails the running test.
 *
 * Usage: ember_vulkan_tests [--list] [--filter GLOB]
 */

#ifndef EMBER_VK_TEST_H
#define EMBER_VK_TEST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <vulkan/vulkan.h>

/* A test: returns normally on success; fails or skips through the macros. */
struct vk_test {
	const char *name;
	void (*run)(void);
};

#define VK_TEST(fn_name, test_name)						\
	static void fn_name(void);						\
	static const struct vk_test fn_name##_entry				\
		__attribute__((used, section("vk_tests"), aligned(8))) = {	\
		test_name, fn_name };						\
	static void fn_name(void)

void vk_test_fail(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4), noreturn));
void vk_test_skip(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/*
 * Ends a process a test forked itself (a second client, an importer) with
 * @code, or with a failure if the validation layer reported an error in it:
 * the test harness only sees the messages of the test's own process.
 */
void vk_test_child_exit(int code) __attribute__((noreturn));

#define REQUIRE(cond)								\
	do {									\
		if (!(cond))							\
			vk_test_fail(__FILE__, __LINE__, "%s", #cond);		\
	} while (0)

#define REQUIRE_EQ(actual, expected)						\
	do {									\
		long long a_ = (long long)(actual), e_ = (long long)(expected);	\
		if (a_ != e_)							\
			vk_test_fail(__FILE__, __LINE__, "%s == %s (%lld != %lld)", \
				     #actual, #expected, a_, e_);		\
	} while (0)

#define VK_CHECK(call) REQUIRE_EQ((call), VK_SUCCESS)

/* The device of a test: every handle a test usually needs. */
struct vk_dev {
	VkInstance instance;
	VkDebugUtilsMessengerEXT messenger;
	VkPhysicalDevice physical;
	VkPhysicalDeviceProperties props;
	VkDevice device;
	uint32_t family;
	uint32_t queue_count;
	VkQueue queues[4];
	uint32_t memory_type;
	VkCommandPool pool;
	const char *one_of;	/* the extension of vk_dev_options.one_of enabled */
};

/*
 * Device options: extensions the test needs (SKIP when absent), extensions
 * of which it needs one (the first the device has is enabled; SKIP when it
 * has none: a KHR extension and its EXT ancestor) and a features chain
 * (VkPhysicalDeviceFeatures2.pNext, every feature set in it must be
 * supported: SKIP otherwise).
 */
struct vk_dev_options {
	const char *const *extensions;
	uint32_t extension_count;
	const char *const *one_of;
	uint32_t one_of_count;
	void *features;		/* a pNext chain of feature structures */
	VkPhysicalDeviceFeatures core;
	uint32_t queues;	/* 0: one */
	uint32_t api_version;	/* the instance's apiVersion; 0: 1.2 */
	const char *const *instance_extensions;	/* SKIP when the instance lacks one */
	uint32_t instance_extension_count;
};

void vk_dev_create(struct vk_dev *dev, const struct vk_dev_options *options);

/*
 * Coverage of what the device advertises (vk_coverage.c): each device a
 * test creates records what it enabled in the file EMBER_VK_COVERAGE
 * names; the check fails listing every advertised extension or feature
 * no test enabled.
 */
void vk_coverage_record(const VkDeviceCreateInfo *info);
/* The number of VkBool32 members of feature structure @type (vk.xml). */
unsigned int vk_feature_struct_members(VkStructureType type);

/* The index of VkBool32 member @member among those of feature structure @type. */
int vk_feature_member_index(VkStructureType type, const char *member);

/* Room for the device's answer for any one feature structure. */
struct vk_feature_answer {
	VkPhysicalDeviceFeatures2 f2;
	union {
		VkBaseOutStructure base;
		uint8_t bytes[1024];
	} s;
};

/*
 * What @pd reports for feature structure @type (0: VkPhysicalDeviceFeatures):
 * its VkBool32 members, in @answer.
 */
const VkBool32 *vk_feature_query(VkPhysicalDevice pd, VkStructureType type,
				 struct vk_feature_answer *answer);
void vk_coverage_check(const char *path);
void vk_dev_destroy(struct vk_dev *dev);
/*
 * Whether the run is under the Khronos validation layer: bookworm's layer
 * (1.3.239) predates some of what Ember and lavapipe implement, and a
 * test of that skips under it, saying why.
 */
bool vk_test_under_validation(void);
/* Whether the Vulkan instance (the loader and its drivers) has extension @name. */
bool vk_has_instance_extension(const char *name);
/* Whether physical device @pd has device extension @name. */
bool vk_has_extension(VkPhysicalDevice pd, const char *name);
/* Whether the device is Ember (for tests of Ember's own behaviour). */
bool vk_dev_is_ember(const struct vk_dev *dev);
/* A device-level entry point, failing the test when absent. */
PFN_vkVoidFunction vk_dev_proc(struct vk_dev *dev, const char *name);

/* A host-visible, coherent buffer with its memory, mapped. */
struct vk_buf {
	VkBuffer buffer;
	VkDeviceMemory memory;
	void *map;
	VkDeviceSize size;
};

void vk_buf_create(struct vk_dev *dev, VkDeviceSize size, VkBufferUsageFlags usage,
		   struct vk_buf *buf);
void vk_buf_destroy(struct vk_dev *dev, struct vk_buf *buf);

/* A compute pipeline from SPIR-V, with its layout. */
struct vk_pipe {
	VkShaderModule module;
	VkPipelineLayout layout;
	VkPipeline pipeline;
};

void vk_pipe_create(struct vk_dev *dev, const uint32_t *spirv, size_t size,
		    const VkDescriptorSetLayout *sets, uint32_t set_count, uint32_t push_size,
		    const VkSpecializationInfo *spec, struct vk_pipe *pipe);
void vk_pipe_destroy(struct vk_dev *dev, struct vk_pipe *pipe);

/* A set layout of @count storage buffers at bindings 0.. */
VkDescriptorSetLayout vk_storage_set_layout(struct vk_dev *dev, uint32_t count,
					    VkDescriptorSetLayoutCreateFlags flags);

/*
 * A set of @layout (from vk_storage_set_layout()) in a new pool (*@pool,
 * the caller destroys it) with @bufs[i] whole at binding i.
 */
VkDescriptorSet vk_storage_set(struct vk_dev *dev, VkDescriptorSetLayout layout,
			       VkDescriptorPool *pool, struct vk_buf *const *bufs, uint32_t count);

/* Begin a one-time primary command buffer. */
VkCommandBuffer vk_cmd_begin(struct vk_dev *dev);
/* End @cmd, submit it to queue @queue and wait for it. */
void vk_cmd_submit_wait(struct vk_dev *dev, VkCommandBuffer cmd, uint32_t queue);
/* A full memory barrier between compute/transfer work. */
void vk_cmd_barrier(VkCommandBuffer cmd);

#endif /* EMBER_VK_TEST_H */
