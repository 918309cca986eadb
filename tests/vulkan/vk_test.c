/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* The Vulkan test harness (vk_test.h): TAP, one child per test, helpers. */

#include "vk_test.h"

#include <fnmatch.h>
#include <stddef.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Seconds a test may take before it counts as hung. */
#define VK_TEST_TIMEOUT	120

extern const struct vk_test __start_vk_tests[], __stop_vk_tests[];

/* Child exit codes. */
enum { EXIT_PASS = 0, EXIT_FAIL = 1, EXIT_SKIP = 77 };

static int validation_errors;

void vk_test_fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	printf("# %s:%d: ", file, line);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	_exit(EXIT_FAIL);
}

void vk_test_skip(const char *fmt, ...)
{
	FILE *f = fopen("/proc/self/fd/3", "w");
	va_list ap;

	/* The reason goes to the parent through fd 3 for the TAP line. */
	va_start(ap, fmt);
	if (f) {
		vfprintf(f, fmt, ap);
		fclose(f);
	}
	va_end(ap);
	fflush(stdout);
	_exit(EXIT_SKIP);
}

static VKAPI_ATTR VkBool32 VKAPI_CALL
validation_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
		   VkDebugUtilsMessageTypeFlagsEXT types,
		   const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
	if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) {
		printf("# validation error: %s\n", data->pMessage);
		validation_errors++;
	}
	return VK_FALSE;
}

void vk_test_child_exit(int code)
{
	if (validation_errors) {
		printf("# %d validation error(s) in a forked process\n", validation_errors);
		if (!code)
			code = EXIT_FAIL;
	}
	fflush(stdout);
	_exit(code);
}

bool vk_test_under_validation(void)
{
	const char *v = getenv("EMBER_VK_VALIDATION");

	return v && !strcmp(v, "1");
}

bool vk_has_instance_extension(const char *name)
{
	VkExtensionProperties props[256];
	uint32_t count = 256;

	if (vkEnumerateInstanceExtensionProperties(NULL, &count, props) < 0)
		return false;
	for (uint32_t i = 0; i < count; i++)
		if (!strcmp(props[i].extensionName, name))
			return true;
	return false;
}

bool vk_has_extension(VkPhysicalDevice pd, const char *name)
{
	VkExtensionProperties props[512];
	uint32_t count = 512;

	if (vkEnumerateDeviceExtensionProperties(pd, NULL, &count, props) < 0)
		return false;
	for (uint32_t i = 0; i < count; i++)
		if (!strcmp(props[i].extensionName, name))
			return true;
	return false;
}

/*
 * Every VkBool32 the test asks for in @want (a chain) must be set in the
 * device's answer for the same structures: walked member by member.
 */
static void require_features(VkPhysicalDevice pd, const VkPhysicalDeviceFeatures *core,
			     void *want)
{
	VkPhysicalDeviceFeatures have_core;
	const VkBool32 *w = (const VkBool32 *)core, *h = (const VkBool32 *)&have_core;

	vkGetPhysicalDeviceFeatures(pd, &have_core);
	for (size_t i = 0; i < sizeof(*core) / sizeof(VkBool32); i++)
		if (w[i] && !h[i])
			vk_test_skip("the device lacks 1.0 feature #%zu", i);
	for (VkBaseOutStructure *s = want; s; s = s->pNext) {
		struct vk_feature_answer answer;
		const VkBool32 *wb = (const VkBool32 *)(s + 1);
		const VkBool32 *hb = vk_feature_query(pd, s->sType, &answer);
		unsigned int count = vk_feature_struct_members(s->sType);

		for (size_t i = 0; i < count; i++)
			if (wb[i] == VK_TRUE && hb[i] != VK_TRUE)
				vk_test_skip("the device lacks a feature of structure type %d "
					     "(member %zu)", s->sType, i);
	}
}

void vk_dev_create(struct vk_dev *dev, const struct vk_dev_options *options)
{
	static const struct vk_dev_options none;
	const char *layers[] = { "VK_LAYER_KHRONOS_validation" };
	const char *instance_ext[16] = { VK_EXT_DEBUG_UTILS_EXTENSION_NAME };
	const bool validation = vk_test_under_validation();
	uint32_t extra_ext = 0;	/* the test's, after debug-utils (enabled under validation) */
	const VkApplicationInfo app = {
		.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
		.pApplicationName = "ember_vulkan_tests",
		.apiVersion = options && options->api_version ? options->api_version :
			      VK_API_VERSION_1_2,
	};
	const VkDebugUtilsMessengerCreateInfoEXT messenger = {
		.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
		.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT |
				   VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT,
		.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
			       VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT,
		.pfnUserCallback = validation_message,
	};
	VkInstanceCreateInfo instance_info = {
		.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
		.pNext = validation ? &messenger : NULL,
		.pApplicationInfo = &app,
		.enabledLayerCount = validation ? 1 : 0,
		.ppEnabledLayerNames = layers,
		.ppEnabledExtensionNames = instance_ext + (validation ? 0 : 1),
	};
	const char *want = getenv("EMBER_VK_DEVICE");
	VkPhysicalDevice pds[8];
	uint32_t count = 8;

	if (!options)
		options = &none;
	memset(dev, 0, sizeof(*dev));
	REQUIRE(options->instance_extension_count < 16);
	for (uint32_t i = 0; i < options->instance_extension_count; i++) {
		if (!vk_has_instance_extension(options->instance_extensions[i]))
			vk_test_skip("the instance lacks %s", options->instance_extensions[i]);
		instance_ext[1 + extra_ext++] = options->instance_extensions[i];
	}
	instance_info.enabledExtensionCount = (validation ? 1 : 0) + extra_ext;
	VK_CHECK(vkCreateInstance(&instance_info, NULL, &dev->instance));
	if (validation) {
		/* The chained messenger covers only vkCreate/DestroyInstance. */
		PFN_vkCreateDebugUtilsMessengerEXT create_messenger =
			(PFN_vkCreateDebugUtilsMessengerEXT)
			vkGetInstanceProcAddr(dev->instance, "vkCreateDebugUtilsMessengerEXT");

		REQUIRE(create_messenger);
		VK_CHECK(create_messenger(dev->instance, &messenger, NULL, &dev->messenger));
	}
	REQUIRE(vkEnumeratePhysicalDevices(dev->instance, &count, pds) >= 0);
	for (uint32_t i = 0; i < count && !dev->physical; i++) {
		vkGetPhysicalDeviceProperties(pds[i], &dev->props);
		if (!want || strstr(dev->props.deviceName, want))
			dev->physical = pds[i];
	}
	REQUIRE(dev->physical);
	for (uint32_t i = 0; i < options->extension_count; i++)
		if (!vk_has_extension(dev->physical, options->extensions[i]))
			vk_test_skip("the device lacks %s", options->extensions[i]);
	for (uint32_t i = 0; i < options->one_of_count && !dev->one_of; i++)
		if (vk_has_extension(dev->physical, options->one_of[i]))
			dev->one_of = options->one_of[i];
	if (options->one_of_count && !dev->one_of)
		vk_test_skip("the device lacks %s%s", options->one_of[0],
			     options->one_of_count > 1 ? " and its alternatives" : "");
	require_features(dev->physical, &options->core, options->features);

	VkQueueFamilyProperties families[8];
	uint32_t nfam = 8;

	vkGetPhysicalDeviceQueueFamilyProperties(dev->physical, &nfam, families);
	dev->family = UINT32_MAX;
	for (uint32_t i = 0; i < nfam && dev->family == UINT32_MAX; i++)
		if (families[i].queueFlags & VK_QUEUE_COMPUTE_BIT)
			dev->family = i;
	REQUIRE(dev->family != UINT32_MAX);
	dev->queue_count = options->queues ? options->queues : 1;
	if (dev->queue_count > families[dev->family].queueCount)
		vk_test_skip("the compute family has %u queues, the test needs %u",
			     families[dev->family].queueCount, dev->queue_count);

	VkPhysicalDeviceMemoryProperties mem;
	const VkMemoryPropertyFlags host = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
					   VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;

	vkGetPhysicalDeviceMemoryProperties(dev->physical, &mem);
	dev->memory_type = UINT32_MAX;
	for (uint32_t i = 0; i < mem.memoryTypeCount && dev->memory_type == UINT32_MAX; i++)
		if ((mem.memoryTypes[i].propertyFlags & host) == host)
			dev->memory_type = i;
	REQUIRE(dev->memory_type != UINT32_MAX);

	const float priorities[4] = { 1.0f, 1.0f, 1.0f, 1.0f };
	const VkDeviceQueueCreateInfo queue_info = {
		.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
		.queueFamilyIndex = dev->family,
		.queueCount = dev->queue_count,
		.pQueuePriorities = priorities,
	};
	VkPhysicalDeviceFeatures2 features = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
		.pNext = options->features,
		.features = options->core,
	};
	const char *extensions[64];
	uint32_t extension_count = 0;

	REQUIRE(options->extension_count < 64);
	for (uint32_t i = 0; i < options->extension_count; i++)
		extensions[extension_count++] = options->extensions[i];
	if (dev->one_of)
		extensions[extension_count++] = dev->one_of;
	const VkDeviceCreateInfo device_info = {
		.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
		.pNext = &features,
		.queueCreateInfoCount = 1,
		.pQueueCreateInfos = &queue_info,
		.enabledExtensionCount = extension_count,
		.ppEnabledExtensionNames = extensions,
	};
	VK_CHECK(vkCreateDevice(dev->physical, &device_info, NULL, &dev->device));
	vk_coverage_record(&device_info);
	for (uint32_t i = 0; i < dev->queue_count; i++)
		vkGetDeviceQueue(dev->device, dev->family, i, &dev->queues[i]);
	const VkCommandPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
		.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
		.queueFamilyIndex = dev->family,
	};
	VK_CHECK(vkCreateCommandPool(dev->device, &pool_info, NULL, &dev->pool));
}

void vk_dev_destroy(struct vk_dev *dev)
{
	if (dev->device) {
		vkDeviceWaitIdle(dev->device);
		vkDestroyCommandPool(dev->device, dev->pool, NULL);
		vkDestroyDevice(dev->device, NULL);
	}
	if (dev->messenger) {
		PFN_vkDestroyDebugUtilsMessengerEXT destroy_messenger =
			(PFN_vkDestroyDebugUtilsMessengerEXT)
			vkGetInstanceProcAddr(dev->instance, "vkDestroyDebugUtilsMessengerEXT");

		destroy_messenger(dev->instance, dev->messenger, NULL);
	}
	vkDestroyInstance(dev->instance, NULL);
	memset(dev, 0, sizeof(*dev));
}

bool vk_dev_is_ember(const struct vk_dev *dev)
{
	return strstr(dev->props.deviceName, "Ember") != NULL;
}

PFN_vkVoidFunction vk_dev_proc(struct vk_dev *dev, const char *name)
{
	PFN_vkVoidFunction f = vkGetDeviceProcAddr(dev->device, name);

	if (!f)
		vk_test_fail(__FILE__, __LINE__, "no %s", name);
	return f;
}

void vk_buf_create(struct vk_dev *dev, VkDeviceSize size, VkBufferUsageFlags usage,
		   struct vk_buf *buf)
{
	const VkBufferCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
		.size = size,
		.usage = usage ? usage : VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
			 VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
		.sharingMode = VK_SHARING_MODE_EXCLUSIVE,
	};
	VkMemoryRequirements req;

	buf->size = size;
	VK_CHECK(vkCreateBuffer(dev->device, &info, NULL, &buf->buffer));
	vkGetBufferMemoryRequirements(dev->device, buf->buffer, &req);
	REQUIRE(req.memoryTypeBits & (1u << dev->memory_type));
	const VkMemoryAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
		.allocationSize = req.size,
		.memoryTypeIndex = dev->memory_type,
	};
	VK_CHECK(vkAllocateMemory(dev->device, &alloc, NULL, &buf->memory));
	VK_CHECK(vkBindBufferMemory(dev->device, buf->buffer, buf->memory, 0));
	VK_CHECK(vkMapMemory(dev->device, buf->memory, 0, VK_WHOLE_SIZE, 0, &buf->map));
	memset(buf->map, 0, size);
}

void vk_buf_destroy(struct vk_dev *dev, struct vk_buf *buf)
{
	vkDestroyBuffer(dev->device, buf->buffer, NULL);
	vkFreeMemory(dev->device, buf->memory, NULL);
}

void vk_pipe_create(struct vk_dev *dev, const uint32_t *spirv, size_t size,
		    const VkDescriptorSetLayout *sets, uint32_t set_count, uint32_t push_size,
		    const VkSpecializationInfo *spec, struct vk_pipe *pipe)
{
	const VkShaderModuleCreateInfo module_info = {
		.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
		.codeSize = size,
		.pCode = spirv,
	};
	const VkPushConstantRange push = { VK_SHADER_STAGE_COMPUTE_BIT, 0, push_size };
	const VkPipelineLayoutCreateInfo layout_info = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
		.setLayoutCount = set_count,
		.pSetLayouts = sets,
		.pushConstantRangeCount = push_size ? 1 : 0,
		.pPushConstantRanges = &push,
	};

	VK_CHECK(vkCreateShaderModule(dev->device, &module_info, NULL, &pipe->module));
	VK_CHECK(vkCreatePipelineLayout(dev->device, &layout_info, NULL, &pipe->layout));
	const VkComputePipelineCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
		.stage = {
			.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
			.stage = VK_SHADER_STAGE_COMPUTE_BIT,
			.module = pipe->module,
			.pName = "main",
			.pSpecializationInfo = spec,
		},
		.layout = pipe->layout,
	};
	VK_CHECK(vkCreateComputePipelines(dev->device, VK_NULL_HANDLE, 1, &info, NULL,
					  &pipe->pipeline));
}

void vk_pipe_destroy(struct vk_dev *dev, struct vk_pipe *pipe)
{
	vkDestroyPipeline(dev->device, pipe->pipeline, NULL);
	vkDestroyPipelineLayout(dev->device, pipe->layout, NULL);
	vkDestroyShaderModule(dev->device, pipe->module, NULL);
}

VkDescriptorSetLayout vk_storage_set_layout(struct vk_dev *dev, uint32_t count,
					    VkDescriptorSetLayoutCreateFlags flags)
{
	VkDescriptorSetLayoutBinding bindings[8];
	VkDescriptorSetLayout layout;

	REQUIRE(count <= 8);
	for (uint32_t i = 0; i < count; i++)
		bindings[i] = (VkDescriptorSetLayoutBinding) {
			i, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL,
		};
	const VkDescriptorSetLayoutCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
		.flags = flags,
		.bindingCount = count,
		.pBindings = bindings,
	};
	VK_CHECK(vkCreateDescriptorSetLayout(dev->device, &info, NULL, &layout));
	return layout;
}

VkDescriptorSet vk_storage_set(struct vk_dev *dev, VkDescriptorSetLayout layout,
			       VkDescriptorPool *pool, struct vk_buf *const *bufs, uint32_t count)
{
	const VkDescriptorPoolSize size = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 8 };
	const VkDescriptorPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.maxSets = 1, .poolSizeCount = 1, .pPoolSizes = &size,
	};
	VkDescriptorBufferInfo infos[8];
	VkDescriptorSet set;

	VK_CHECK(vkCreateDescriptorPool(dev->device, &pool_info, NULL, pool));
	const VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = *pool, .descriptorSetCount = 1, .pSetLayouts = &layout,
	};
	VK_CHECK(vkAllocateDescriptorSets(dev->device, &alloc, &set));
	for (uint32_t i = 0; i < count; i++)
		infos[i] = (VkDescriptorBufferInfo) { bufs[i]->buffer, 0, VK_WHOLE_SIZE };
	const VkWriteDescriptorSet write = {
		.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
		.dstSet = set, .descriptorCount = count,
		.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = infos,
	};
	vkUpdateDescriptorSets(dev->device, 1, &write, 0, NULL);
	return set;
}

VkCommandBuffer vk_cmd_begin(struct vk_dev *dev)
{
	const VkCommandBufferAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
		.commandPool = dev->pool,
		.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
		.commandBufferCount = 1,
	};
	const VkCommandBufferBeginInfo begin = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
		.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
	};
	VkCommandBuffer cmd;

	VK_CHECK(vkAllocateCommandBuffers(dev->device, &alloc, &cmd));
	VK_CHECK(vkBeginCommandBuffer(cmd, &begin));
	return cmd;
}

void vk_cmd_barrier(VkCommandBuffer cmd)
{
	const VkMemoryBarrier barrier = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
		.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
		.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT |
				 VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT |
				 VK_ACCESS_HOST_READ_BIT,
	};

	vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT |
			     VK_PIPELINE_STAGE_TRANSFER_BIT,
			     VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT |
			     VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0, NULL, 0, NULL);
}

void vk_cmd_submit_wait(struct vk_dev *dev, VkCommandBuffer cmd, uint32_t queue)
{
	const VkFenceCreateInfo fence_info = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
	const VkSubmitInfo submit = {
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
		.commandBufferCount = 1,
		.pCommandBuffers = &cmd,
	};
	VkFence fence;

	VK_CHECK(vkEndCommandBuffer(cmd));
	VK_CHECK(vkCreateFence(dev->device, &fence_info, NULL, &fence));
	VK_CHECK(vkQueueSubmit(dev->queues[queue], 1, &submit, fence));
	VK_CHECK(vkWaitForFences(dev->device, 1, &fence, VK_TRUE, 30ull * 1000000000));
	vkDestroyFence(dev->device, fence, NULL);
	vkFreeCommandBuffers(dev->device, dev->pool, 1, &cmd);
}

/* Runs @t in a child; 0 pass, 1 fail, 77 skip (reason in @why). */
static int run_child(const struct vk_test *t, char *why, size_t why_size)
{
	int pipefd[2], status;
	pid_t pid;
	ssize_t n;

	if (pipe(pipefd))
		return EXIT_FAIL;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		close(pipefd[0]);
		if (pipefd[1] != 3) {
			dup2(pipefd[1], 3);
			close(pipefd[1]);
		}
		alarm(VK_TEST_TIMEOUT);
		t->run();
		if (validation_errors) {
			printf("# %d validation error(s)\n", validation_errors);
			fflush(stdout);
			_exit(EXIT_FAIL);
		}
		fflush(stdout);
		_exit(EXIT_PASS);
	}
	close(pipefd[1]);
	n = read(pipefd[0], why, why_size - 1);
	why[n > 0 ? n : 0] = '\0';
	close(pipefd[0]);
	if (waitpid(pid, &status, 0) < 0)
		return EXIT_FAIL;
	if (WIFSIGNALED(status)) {
		printf("# killed by signal %d%s\n", WTERMSIG(status),
		       WTERMSIG(status) == SIGALRM ? " (timed out)" : "");
		return EXIT_FAIL;
	}
	return WEXITSTATUS(status);
}

static char coverage_path[] = "/tmp/ember-vk-coverage-XXXXXX";

static void coverage_run(void)
{
	vk_coverage_check(coverage_path);
}

static const struct vk_test coverage_test = {
	"advertised-extensions-and-features-exercised", coverage_run,
};

static int n, failed, passed, skipped;

/* Runs @t and prints its TAP line. */
static void run_and_report(const struct vk_test *t)
{
	char why[256];
	int result = run_child(t, why, sizeof(why));

	n++;
	if (result == EXIT_SKIP) {
		printf("ok %d - %s # SKIP %s\n", n, t->name, why);
		skipped++;
	} else if (result == EXIT_PASS) {
		printf("ok %d - %s\n", n, t->name);
		passed++;
	} else {
		printf("not ok %d - %s\n", n, t->name);
		failed++;
	}
	fflush(stdout);
}

int main(int argc, char **argv)
{
	const char *filter = "*";
	bool list = false, coverage = false;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--list"))
			list = true;
		else if (!strcmp(argv[i], "--filter") && i + 1 < argc)
			filter = argv[++i];
	}
	/*
	 * A whole-suite run also checks that it covered what the device
	 * advertises; not under the validation layer, which makes tests of
	 * what it predates skip.
	 */
	if (!list && !strcmp(filter, "*") && !vk_test_under_validation()) {
		int fd = mkstemp(coverage_path);

		if (fd < 0) {
			perror("mkstemp");
			return 1;
		}
		close(fd);
		setenv("EMBER_VK_COVERAGE", coverage_path, 1);
		coverage = true;
	}
	for (const struct vk_test *t = __start_vk_tests; t < __stop_vk_tests; t++) {
		if (fnmatch(filter, t->name, 0))
			continue;
		if (list)
			printf("%s\n", t->name);
		else
			run_and_report(t);
	}
	if (list && !fnmatch(filter, coverage_test.name, 0))
		printf("%s\n", coverage_test.name);
	if (coverage) {
		run_and_report(&coverage_test);
		unlink(coverage_path);
	}
	if (!list) {
		printf("1..%d\n# %d passed, %d failed, %d skipped%s\n", n, passed, failed, skipped,
		       vk_test_under_validation() ? " (under the validation layer)" : "");
	}
	return failed ? 1 : 0;
}
