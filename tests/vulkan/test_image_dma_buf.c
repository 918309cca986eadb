/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Images shared as dma-bufs
 *
 * An image of a DRM format modifier (VK_EXT_image_drm_format_modifier)
 * exported as a dma-buf by one process and imported by another with the
 * modifier and plane layout the exporter reported, as a compositor and a
 * client share a buffer: each side reads what the other wrote, through
 * copies on its own VkDevice. Every modifier the device offers for
 * transfers of RGBA8 is exercised (on Ember: TILED_4K and LINEAR).
 */

#include "vk_fd_pass.h"
#include "vk_test.h"

#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define FORMAT		VK_FORMAT_R8G8B8A8_UNORM
#define WIDTH		67
#define HEIGHT		45
#define MAX_MODIFIERS	8
/* The child's rectangle: written by the child, the rest keeps the parent's. */
#define RECT_X		5
#define RECT_Y		7
#define RECT_W		33
#define RECT_H		20

static const char *const dma_buf_image_ext[] = {
	VK_KHR_EXTERNAL_MEMORY_FD_EXTENSION_NAME,
	VK_EXT_EXTERNAL_MEMORY_DMA_BUF_EXTENSION_NAME,
	VK_EXT_IMAGE_DRM_FORMAT_MODIFIER_EXTENSION_NAME,
};

static const VkImageUsageFlags usage =
	VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;

static uint32_t parent_texel(uint32_t x, uint32_t y)
{
	return 0xff000000u | (y << 8) | x;
}

static uint32_t child_texel(uint32_t x, uint32_t y)
{
	return 0x80c00000u | (x << 8) | y;
}

/* Whether images of @modifier can be exported and imported as dma-bufs. */
static bool modifier_shareable(struct vk_dev *dev, uint64_t modifier)
{
	const VkPhysicalDeviceImageDrmFormatModifierInfoEXT mod_info = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_DRM_FORMAT_MODIFIER_INFO_EXT,
		.drmFormatModifier = modifier,
		.sharingMode = VK_SHARING_MODE_EXCLUSIVE,
	};
	const VkPhysicalDeviceExternalImageFormatInfo external_info = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_IMAGE_FORMAT_INFO,
		.pNext = &mod_info,
		.handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT,
	};
	const VkPhysicalDeviceImageFormatInfo2 info = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_FORMAT_INFO_2,
		.pNext = &external_info, .format = FORMAT, .type = VK_IMAGE_TYPE_2D,
		.tiling = VK_IMAGE_TILING_DRM_FORMAT_MODIFIER_EXT, .usage = usage,
	};
	VkExternalImageFormatProperties external = {
		.sType = VK_STRUCTURE_TYPE_EXTERNAL_IMAGE_FORMAT_PROPERTIES,
	};
	VkImageFormatProperties2 props = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_FORMAT_PROPERTIES_2, .pNext = &external,
	};
	const VkExternalMemoryFeatureFlags both = VK_EXTERNAL_MEMORY_FEATURE_EXPORTABLE_BIT |
						  VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT;

	if (vkGetPhysicalDeviceImageFormatProperties2(dev->physical, &info, &props) != VK_SUCCESS)
		return false;
	return props.imageFormatProperties.maxExtent.width >= WIDTH &&
	       props.imageFormatProperties.maxExtent.height >= HEIGHT &&
	       (external.externalMemoryProperties.externalMemoryFeatures & both) == both;
}

/* The single-plane modifiers of FORMAT with transfers that can be shared. */
static uint32_t shareable_modifiers(struct vk_dev *dev, uint64_t *modifiers)
{
	VkDrmFormatModifierPropertiesEXT mods[MAX_MODIFIERS];
	VkDrmFormatModifierPropertiesListEXT list = {
		.sType = VK_STRUCTURE_TYPE_DRM_FORMAT_MODIFIER_PROPERTIES_LIST_EXT,
	};
	VkFormatProperties2 fp = { .sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2, .pNext = &list };
	const VkFormatFeatureFlags transfers = VK_FORMAT_FEATURE_TRANSFER_SRC_BIT |
					       VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
	uint32_t n = 0;

	vkGetPhysicalDeviceFormatProperties2(dev->physical, FORMAT, &fp);
	if (list.drmFormatModifierCount > MAX_MODIFIERS)
		list.drmFormatModifierCount = MAX_MODIFIERS;
	list.pDrmFormatModifierProperties = mods;
	vkGetPhysicalDeviceFormatProperties2(dev->physical, FORMAT, &fp);
	for (uint32_t i = 0; i < list.drmFormatModifierCount; i++) {
		if ((mods[i].drmFormatModifierTilingFeatures & transfers) == transfers &&
		    mods[i].drmFormatModifierPlaneCount == 1 &&
		    modifier_shareable(dev, mods[i].drmFormatModifier))
			modifiers[n++] = mods[i].drmFormatModifier;
	}
	return n;
}

/* A memory type of @type_bits, or fails the test. */
static uint32_t memory_type_of(struct vk_dev *dev, uint32_t type_bits)
{
	if (type_bits & (1u << dev->memory_type))
		return dev->memory_type;
	REQUIRE(type_bits);
	return (uint32_t)__builtin_ctz(type_bits);
}

/*
 * A shareable image of @modifier bound to dedicated memory: exported
 * (@import_fd < 0; its plane layout in *@layout) or imported from
 * @import_fd with the exporter's *@layout.
 */
static VkImage shared_image(struct vk_dev *dev, uint64_t modifier, int import_fd,
			    VkSubresourceLayout *layout, VkDeviceMemory *memory)
{
	const VkImageDrmFormatModifierListCreateInfoEXT mod_list = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_DRM_FORMAT_MODIFIER_LIST_CREATE_INFO_EXT,
		.drmFormatModifierCount = 1, .pDrmFormatModifiers = &modifier,
	};
	const VkImageDrmFormatModifierExplicitCreateInfoEXT mod_explicit = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_DRM_FORMAT_MODIFIER_EXPLICIT_CREATE_INFO_EXT,
		.drmFormatModifier = modifier,
		.drmFormatModifierPlaneCount = 1, .pPlaneLayouts = layout,
	};
	const VkExternalMemoryImageCreateInfo external = {
		.sType = VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMAGE_CREATE_INFO,
		.pNext = import_fd < 0 ? (const void *)&mod_list : (const void *)&mod_explicit,
		.handleTypes = VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT,
	};
	const VkImageCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .pNext = &external,
		.imageType = VK_IMAGE_TYPE_2D, .format = FORMAT, .extent = { WIDTH, HEIGHT, 1 },
		.mipLevels = 1, .arrayLayers = 1, .samples = VK_SAMPLE_COUNT_1_BIT,
		.tiling = VK_IMAGE_TILING_DRM_FORMAT_MODIFIER_EXT, .usage = usage,
		.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
	};
	VkMemoryRequirements req;
	VkImage image;
	uint32_t type_bits;

	VK_CHECK(vkCreateImage(dev->device, &info, NULL, &image));
	vkGetImageMemoryRequirements(dev->device, image, &req);
	type_bits = req.memoryTypeBits;
	if (import_fd >= 0) {
		PFN_vkGetMemoryFdPropertiesKHR fd_props =
			(PFN_vkGetMemoryFdPropertiesKHR)vk_dev_proc(dev, "vkGetMemoryFdPropertiesKHR");
		VkMemoryFdPropertiesKHR props = {
			.sType = VK_STRUCTURE_TYPE_MEMORY_FD_PROPERTIES_KHR,
		};

		VK_CHECK(fd_props(dev->device, VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT,
				  import_fd, &props));
		type_bits &= props.memoryTypeBits;
	}
	const VkMemoryDedicatedAllocateInfo dedicated = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_DEDICATED_ALLOCATE_INFO, .image = image,
	};
	const VkExportMemoryAllocateInfo export = {
		.sType = VK_STRUCTURE_TYPE_EXPORT_MEMORY_ALLOCATE_INFO, .pNext = &dedicated,
		.handleTypes = VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT,
	};
	const VkImportMemoryFdInfoKHR import = {
		.sType = VK_STRUCTURE_TYPE_IMPORT_MEMORY_FD_INFO_KHR, .pNext = &dedicated,
		.handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT, .fd = import_fd,
	};
	const VkMemoryAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
		.pNext = import_fd >= 0 ? (const void *)&import : (const void *)&export,
		.allocationSize = req.size, .memoryTypeIndex = memory_type_of(dev, type_bits),
	};
	VK_CHECK(vkAllocateMemory(dev->device, &alloc, NULL, memory));
	VK_CHECK(vkBindImageMemory(dev->device, image, *memory, 0));

	if (import_fd < 0) {
		const VkImageSubresource plane0 = { VK_IMAGE_ASPECT_MEMORY_PLANE_0_BIT_EXT, 0, 0 };

		vkGetImageSubresourceLayout(dev->device, image, &plane0, layout);
		REQUIRE(layout->rowPitch >= WIDTH * 4);
	}
	return image;
}

static void copy_region(VkCommandBuffer cmd, VkBuffer buffer, VkImage image, bool to_image,
			uint32_t x, uint32_t y, uint32_t w, uint32_t h)
{
	const VkBufferImageCopy region = {
		.bufferRowLength = WIDTH, .bufferImageHeight = HEIGHT,
		.bufferOffset = ((VkDeviceSize)y * WIDTH + x) * 4,
		.imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
		.imageOffset = { (int32_t)x, (int32_t)y, 0 }, .imageExtent = { w, h, 1 },
	};

	if (to_image)
		vkCmdCopyBufferToImage(cmd, buffer, image, VK_IMAGE_LAYOUT_GENERAL, 1, &region);
	else
		vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_GENERAL, buffer, 1, &region);
}

/*
 * The image changes hands: from @src to @dst queue family (one of them
 * VK_QUEUE_FAMILY_EXTERNAL: the other process), in the GENERAL layout the
 * copies use (from @old_layout), ordered against transfers on both sides.
 */
static void hand_over(VkCommandBuffer cmd, VkImage image, uint32_t src, uint32_t dst,
		      VkImageLayout old_layout)
{
	const VkImageMemoryBarrier barrier = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
		.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
		.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
		.oldLayout = old_layout, .newLayout = VK_IMAGE_LAYOUT_GENERAL,
		.srcQueueFamilyIndex = src, .dstQueueFamilyIndex = dst,
		.image = image, .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 },
	};

	vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
			     0, 0, NULL, 0, NULL, 1, &barrier);
}

/* Fills @buf (WIDTH x HEIGHT texels, tightly packed) with @texel's pattern. */
static void fill_pattern(struct vk_buf *buf, uint32_t (*texel)(uint32_t x, uint32_t y))
{
	uint32_t *texels = buf->map;

	for (uint32_t y = 0; y < HEIGHT; y++)
		for (uint32_t x = 0; x < WIDTH; x++)
			texels[y * WIDTH + x] = texel(x, y);
}

/* The number of texels of @buf that differ from what the two writers left. */
static uint32_t mismatches(const struct vk_buf *buf, bool child_wrote)
{
	const uint32_t *texels = buf->map;
	uint32_t bad = 0;

	for (uint32_t y = 0; y < HEIGHT; y++) {
		for (uint32_t x = 0; x < WIDTH; x++) {
			bool in_rect = child_wrote && x >= RECT_X && x < RECT_X + RECT_W &&
				       y >= RECT_Y && y < RECT_Y + RECT_H;
			uint32_t want = in_rect ? child_texel(x, y) : parent_texel(x, y);

			if (texels[y * WIDTH + x] != want && bad++ < 4)
				fprintf(stderr, "# texel %u,%u: %#x, expected %#x (%s)\n", x, y,
					texels[y * WIDTH + x], want,
					child_wrote ? "after the child" : "in the child");
		}
	}
	return bad;
}

/*
 * In the child: imports the parent's image, reads it, writes its
 * rectangle and hands the image back.
 */
static int child_side(const struct vk_dev_options *options, uint64_t modifier,
		      VkSubresourceLayout *layout, int fd)
{
	const VkBufferUsageFlags buf_usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
					     VK_BUFFER_USAGE_TRANSFER_DST_BIT;
	struct vk_buf upload, readback;
	VkDeviceMemory memory;
	VkCommandBuffer cmd;
	struct vk_dev dev;
	VkImage image;
	uint32_t bad;

	/*
	 * The importer names each plane's offset and row pitch; size and the
	 * array and depth pitches are the implementation's to derive and must
	 * be 0 (VkImageDrmFormatModifierExplicitCreateInfoEXT).
	 */
	layout->size = 0;
	layout->arrayPitch = 0;
	layout->depthPitch = 0;
	vk_dev_create(&dev, options);
	image = shared_image(&dev, modifier, fd, layout, &memory);
	vk_buf_create(&dev, WIDTH * HEIGHT * 4, buf_usage, &upload);
	vk_buf_create(&dev, WIDTH * HEIGHT * 4, buf_usage, &readback);
	fill_pattern(&upload, child_texel);
	memset(readback.map, 0, readback.size);
	cmd = vk_cmd_begin(&dev);
	hand_over(cmd, image, VK_QUEUE_FAMILY_EXTERNAL, dev.family, VK_IMAGE_LAYOUT_GENERAL);
	copy_region(cmd, readback.buffer, image, false, 0, 0, WIDTH, HEIGHT);
	vk_cmd_barrier(cmd);
	copy_region(cmd, upload.buffer, image, true, RECT_X, RECT_Y, RECT_W, RECT_H);
	hand_over(cmd, image, dev.family, VK_QUEUE_FAMILY_EXTERNAL, VK_IMAGE_LAYOUT_GENERAL);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&dev, cmd, 0);
	bad = mismatches(&readback, false);
	vk_buf_destroy(&dev, &upload);
	vk_buf_destroy(&dev, &readback);
	vkDestroyImage(dev.device, image, NULL);
	vkFreeMemory(dev.device, memory, NULL);
	vk_dev_destroy(&dev);
	return bad ? 2 : 0;
}

VK_TEST(image_dma_buf, "image-dma-buf-two-processes")
{
	const struct vk_dev_options options = {
		.extensions = dma_buf_image_ext, .extension_count = 3,
	};
	uint64_t modifiers[MAX_MODIFIERS];
	struct vk_dev dev;
	uint32_t count;

	vk_dev_create(&dev, &options);
	count = shareable_modifiers(&dev, modifiers);
	if (!count)
		vk_test_skip("no RGBA8 modifier with transfers can be shared as a dma-buf");
	PFN_vkGetMemoryFdKHR get_fd = (PFN_vkGetMemoryFdKHR)vk_dev_proc(&dev, "vkGetMemoryFdKHR");

	for (uint32_t m = 0; m < count; m++) {
		VkSubresourceLayout layout;
		VkCommandBuffer cmd;
		VkDeviceMemory memory;
		struct vk_fd_pass pass;
		struct vk_buf buf;
		VkImage image;
		int fd, status;
		pid_t child;

		fprintf(stderr, "# modifier %#llx\n", (unsigned long long)modifiers[m]);
		image = shared_image(&dev, modifiers[m], -1, &layout, &memory);
		vk_buf_create(&dev, WIDTH * HEIGHT * 4,
			      VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
			      &buf);
		fill_pattern(&buf, parent_texel);
		cmd = vk_cmd_begin(&dev);
		hand_over(cmd, image, VK_QUEUE_FAMILY_IGNORED, VK_QUEUE_FAMILY_IGNORED,
			  VK_IMAGE_LAYOUT_UNDEFINED);
		copy_region(cmd, buf.buffer, image, true, 0, 0, WIDTH, HEIGHT);
		hand_over(cmd, image, dev.family, VK_QUEUE_FAMILY_EXTERNAL, VK_IMAGE_LAYOUT_GENERAL);
		vk_cmd_submit_wait(&dev, cmd, 0);
		const VkMemoryGetFdInfoKHR get = {
			.sType = VK_STRUCTURE_TYPE_MEMORY_GET_FD_INFO_KHR, .memory = memory,
			.handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT,
		};
		VK_CHECK(get_fd(dev.device, &get, &fd));
		vk_fd_pass_open(&pass);
		child = fork();
		REQUIRE(child >= 0);
		if (child == 0)
			vk_test_child_exit(child_side(&options, modifiers[m], &layout,
						      vk_fd_pass_receive(&pass, fd)));
		vk_fd_pass_send(&pass, fd);
		REQUIRE(waitpid(child, &status, 0) == child);
		close(fd);
		REQUIRE(WIFEXITED(status));
		REQUIRE_EQ(WEXITSTATUS(status), 0);
		memset(buf.map, 0, buf.size);
		cmd = vk_cmd_begin(&dev);
		hand_over(cmd, image, VK_QUEUE_FAMILY_EXTERNAL, dev.family, VK_IMAGE_LAYOUT_GENERAL);
		copy_region(cmd, buf.buffer, image, false, 0, 0, WIDTH, HEIGHT);
		vk_cmd_barrier(cmd);
		vk_cmd_submit_wait(&dev, cmd, 0);
		REQUIRE_EQ(mismatches(&buf, true), 0);
		vk_buf_destroy(&dev, &buf);
		vkDestroyImage(dev.device, image, NULL);
		vkFreeMemory(dev.device, memory, NULL);
	}
	vk_dev_destroy(&dev);
}
