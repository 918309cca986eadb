/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Descriptors
 *
 * Pools (exhaustion, free and reuse), dynamic storage buffers with their
 * offsets (also in a set of 131072 descriptors bound many times, whose
 * recording must not copy the set per bind), copies between sets, update templates, push descriptors and
 * inline uniform blocks, each checked by a dispatch that reads or writes
 * through the descriptors.
 */

#include "vk_test.h"
#include "vk_shaders.h"


#include <stdio.h>
#include <string.h>
#include <unistd.h>

VK_TEST(descriptor_pool, "descriptor-pool-exhaustion-free-reuse")
{
	struct vk_dev dev;
	VkDescriptorSetLayout layout;
	VkDescriptorPool pool;
	VkDescriptorSet sets[3];

	vk_dev_create(&dev, NULL);
	layout = vk_storage_set_layout(&dev, 2, 0);
	const VkDescriptorPoolSize size = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 4 };
	const VkDescriptorPoolCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT,
		.maxSets = 2, .poolSizeCount = 1, .pPoolSizes = &size,
	};
	VK_CHECK(vkCreateDescriptorPool(dev.device, &info, NULL, &pool));
	const VkDescriptorSetLayout layouts[3] = { layout, layout, layout };
	VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = pool, .descriptorSetCount = 2, .pSetLayouts = layouts,
	};
	VK_CHECK(vkAllocateDescriptorSets(dev.device, &alloc, sets));
	/*
	 * Beyond maxSets an allocation may fail (the specification), and then
	 * only with one of these two results.
	 */
	alloc.descriptorSetCount = 1;
	VkResult r = vkAllocateDescriptorSets(dev.device, &alloc, &sets[2]);
	REQUIRE(r == VK_SUCCESS || r == VK_ERROR_OUT_OF_POOL_MEMORY ||
		r == VK_ERROR_FRAGMENTED_POOL);
	if (r == VK_SUCCESS)
		VK_CHECK(vkFreeDescriptorSets(dev.device, pool, 1, &sets[2]));
	VK_CHECK(vkFreeDescriptorSets(dev.device, pool, 1, &sets[0]));
	VK_CHECK(vkAllocateDescriptorSets(dev.device, &alloc, &sets[0]));
	VK_CHECK(vkResetDescriptorPool(dev.device, pool, 0));
	alloc.descriptorSetCount = 2;
	VK_CHECK(vkAllocateDescriptorSets(dev.device, &alloc, sets));
	vkDestroyDescriptorPool(dev.device, pool, NULL);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	vk_dev_destroy(&dev);
}

/* Runs add_one over 64 elements with @set (bound with @offsets) on @layout. */
static void run_add_one(struct vk_dev *dev, struct vk_pipe *pipe, VkDescriptorSet set,
			const uint32_t *offsets, uint32_t offset_count)
{
	VkCommandBuffer cmd = vk_cmd_begin(dev);

	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe->pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe->layout, 0, 1, &set,
				offset_count, offsets);
	vkCmdDispatch(cmd, 1, 1, 1);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(dev, cmd, 0);
}

VK_TEST(descriptor_dynamic, "descriptor-dynamic-storage-offsets")
{
	struct vk_dev dev;
	struct vk_buf in, out;
	struct vk_pipe pipe;
	VkDescriptorSetLayout layout;
	VkDescriptorPool pool;
	VkDescriptorSet set;
	uint32_t align;

	vk_dev_create(&dev, NULL);
	align = (uint32_t)dev.props.limits.minStorageBufferOffsetAlignment;
	if (align < 256)
		align = 256;
	vk_buf_create(&dev, 4 * align, 0, &in);
	vk_buf_create(&dev, 4 * align, 0, &out);
	for (uint32_t i = 0; i < in.size / 4; i++)
		((uint32_t *)in.map)[i] = i;
	const VkDescriptorSetLayoutBinding bindings[2] = {
		{ 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
		{ 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
	};
	const VkDescriptorSetLayoutCreateInfo layout_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
		.bindingCount = 2, .pBindings = bindings,
	};
	VK_CHECK(vkCreateDescriptorSetLayout(dev.device, &layout_info, NULL, &layout));
	vk_pipe_create(&dev, add_one_spv, add_one_spv_size, &layout, 1, 0, NULL, &pipe);
	const VkDescriptorPoolSize size = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 2 };
	const VkDescriptorPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.maxSets = 1, .poolSizeCount = 1, .pPoolSizes = &size,
	};
	VK_CHECK(vkCreateDescriptorPool(dev.device, &pool_info, NULL, &pool));
	const VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = pool, .descriptorSetCount = 1, .pSetLayouts = &layout,
	};
	VK_CHECK(vkAllocateDescriptorSets(dev.device, &alloc, &set));
	/* 64 elements from each buffer; the dynamic offsets pick where. */
	const VkDescriptorBufferInfo infos[2] = {
		{ in.buffer, 0, 256 }, { out.buffer, 0, 256 },
	};
	const VkWriteDescriptorSet write = {
		.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
		.dstSet = set, .descriptorCount = 2,
		.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, .pBufferInfo = infos,
	};
	vkUpdateDescriptorSets(dev.device, 1, &write, 0, NULL);
	const uint32_t first[2] = { align, 2 * align }, second[2] = { 3 * align, 0 };
	run_add_one(&dev, &pipe, set, first, 2);
	run_add_one(&dev, &pipe, set, second, 2);
	for (uint32_t i = 0; i < 64; i++) {
		REQUIRE_EQ(((uint32_t *)out.map)[2 * align / 4 + i], align / 4 + i + 1);
		REQUIRE_EQ(((uint32_t *)out.map)[i], 3 * align / 4 + i + 1);
	}
	vkDestroyDescriptorPool(dev.device, pool, NULL);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	vk_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &in);
	vk_buf_destroy(&dev, &out);
	vk_dev_destroy(&dev);
}

/* Resident memory of this process, in bytes. */
static uint64_t resident_bytes(void)
{
	unsigned long long size = 0, resident = 0;
	FILE *f = fopen("/proc/self/statm", "r");

	REQUIRE(f);
	REQUIRE(fscanf(f, "%llu %llu", &size, &resident) == 2);
	fclose(f);
	return (uint64_t)resident * (uint64_t)sysconf(_SC_PAGESIZE);
}

/* Storage buffers the big binding of descriptor-dynamic-large-set-many-binds can have. */
static uint32_t large_set_count(const VkPhysicalDeviceLimits *l)
{
	uint32_t n = 131072;

	/* Two more storage buffers in set 0 and set 1 each, one uniform buffer. */
	n = n < l->maxPerStageDescriptorStorageBuffers - 4 ? n :
	    l->maxPerStageDescriptorStorageBuffers - 4;
	n = n < l->maxDescriptorSetStorageBuffers - 4 ? n : l->maxDescriptorSetStorageBuffers - 4;
	n = n < l->maxPerStageResources - 5 ? n : l->maxPerStageResources - 5;
	return n;
}

/*
 * Set 0: a binding of 131072 storage buffers (2 MiB of Ember descriptors)
 * the shader does not use, and the input, dynamic. Set 1: the addend
 * (dynamic uniform), a plain storage buffer, the output (dynamic
 * storage). Bound 128 times
 * with other offsets, a dispatch after each, set 1 alone every other time
 * (set 0 keeps its offset): every result is checked, and recording must
 * not cost memory in proportion to the set's size times the binds.
 */
VK_TEST(descriptor_dynamic_large, "descriptor-dynamic-large-set-many-binds")
{
	enum { ROUNDS = 128, IN_SLOTS = 7 };
	struct vk_dev dev;
	struct vk_buf in, add, out;
	struct vk_pipe pipe;
	VkDescriptorSetLayout layouts[2];
	VkDescriptorPool pool;
	VkDescriptorSet sets[2];
	uint32_t salign, ualign, n, in_slot = 0;
	uint64_t before;

	vk_dev_create(&dev, NULL);
	salign = (uint32_t)dev.props.limits.minStorageBufferOffsetAlignment;
	ualign = (uint32_t)dev.props.limits.minUniformBufferOffsetAlignment;
	salign = salign < 256 ? 256 : salign;
	ualign = ualign < 256 ? 256 : ualign;
	n = large_set_count(&dev.props.limits);
	printf("# a set of %u storage buffers, bound %d times\n", n, ROUNDS);
	REQUIRE(n == 131072);
	vk_buf_create(&dev, (IN_SLOTS + 1) * salign, 0, &in);
	vk_buf_create(&dev, (VkDeviceSize)ROUNDS * ualign, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, &add);
	vk_buf_create(&dev, (VkDeviceSize)ROUNDS * salign, 0, &out);
	for (uint32_t i = 0; i < in.size / 4; i++)
		((uint32_t *)in.map)[i] = i;
	for (uint32_t r = 0; r < ROUNDS; r++)
		((uint32_t *)add.map)[r * ualign / 4] = 1000 * (r + 1);
	memset(out.map, 0xff, out.size);

	const VkDescriptorSetLayoutBinding set0[2] = {
		{ 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, n, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
		{ 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
	};
	const VkDescriptorSetLayoutBinding set1[3] = {
		{ 0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
		{ 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
		{ 2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
	};
	VkDescriptorSetLayoutCreateInfo layout_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
		.bindingCount = 2, .pBindings = set0,
	};
	VkDescriptorSetLayoutSupport support = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_SUPPORT,
	};
	vkGetDescriptorSetLayoutSupport(dev.device, &layout_info, &support);
	REQUIRE(support.supported);
	VK_CHECK(vkCreateDescriptorSetLayout(dev.device, &layout_info, NULL, &layouts[0]));
	layout_info.bindingCount = 3;
	layout_info.pBindings = set1;
	VK_CHECK(vkCreateDescriptorSetLayout(dev.device, &layout_info, NULL, &layouts[1]));
	vk_pipe_create(&dev, dynamic_sets_spv, dynamic_sets_spv_size, layouts, 2, 0, NULL, &pipe);
	const VkDescriptorPoolSize sizes[3] = {
		{ VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, n + 1 },
		{ VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 2 },
		{ VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 1 },
	};
	const VkDescriptorPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.maxSets = 2, .poolSizeCount = 3, .pPoolSizes = sizes,
	};
	VK_CHECK(vkCreateDescriptorPool(dev.device, &pool_info, NULL, &pool));
	const VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = pool, .descriptorSetCount = 2, .pSetLayouts = layouts,
	};
	VK_CHECK(vkAllocateDescriptorSets(dev.device, &alloc, sets));
	/* 64 elements of each; the big binding is never used, so never written. */
	const VkDescriptorBufferInfo in_info = { in.buffer, 0, 256 };
	const VkDescriptorBufferInfo add_info = { add.buffer, 0, 16 };
	const VkDescriptorBufferInfo out_infos[2] = { { out.buffer, 0, 256 }, { out.buffer, 0, 256 } };
	const VkWriteDescriptorSet writes[4] = {
		{ .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sets[0], .dstBinding = 1,
		  .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC,
		  .pBufferInfo = &in_info },
		{ .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sets[1], .dstBinding = 0,
		  .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC,
		  .pBufferInfo = &add_info },
		{ .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sets[1], .dstBinding = 1,
		  .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
		  .pBufferInfo = &out_infos[0] },
		{ .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sets[1], .dstBinding = 2,
		  .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC,
		  .pBufferInfo = &out_infos[1] },
	};
	vkUpdateDescriptorSets(dev.device, 4, writes, 0, NULL);

	before = resident_bytes();
	VkCommandBuffer cmd = vk_cmd_begin(&dev);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.pipeline);
	for (uint32_t r = 0; r < ROUNDS; r++) {
		const uint32_t set1_offsets[2] = { r * ualign, r * salign };

		if (r % 2 == 0) {
			/* Offsets in set order, then binding order. */
			const uint32_t offsets[3] = { in_slot * salign, set1_offsets[0],
						      set1_offsets[1] };

			vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.layout, 0,
						2, sets, 3, offsets);
		} else {
			vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.layout, 1,
						1, &sets[1], 2, set1_offsets);
		}
		vkCmdDispatch(cmd, 1, 1, 1);
		/* Set 0 changes its offset at the next even round. */
		if (r % 2)
			in_slot = (in_slot + 3) % IN_SLOTS;
	}
	vk_cmd_barrier(cmd);
	VK_CHECK(vkEndCommandBuffer(cmd));
	/* 64 copies of set 0 would be 128 MiB: 32 MiB is far below. */
	printf("# recording grew the resident memory by %llu KiB\n",
	       (unsigned long long)((resident_bytes() - before) >> 10));
	REQUIRE(resident_bytes() - before < (32ull << 20));
	const VkSubmitInfo submit = {
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
		.pCommandBuffers = &cmd,
	};
	VK_CHECK(vkQueueSubmit(dev.queues[0], 1, &submit, VK_NULL_HANDLE));
	VK_CHECK(vkQueueWaitIdle(dev.queues[0]));

	in_slot = 0;
	for (uint32_t r = 0; r < ROUNDS; r++) {
		const uint32_t *o = (const uint32_t *)out.map + r * salign / 4;

		for (uint32_t i = 0; i < 64; i++)
			REQUIRE_EQ(o[i], in_slot * salign / 4 + i + 1000 * (r + 1));
		if (r % 2)
			in_slot = (in_slot + 3) % IN_SLOTS;
	}
	vkFreeCommandBuffers(dev.device, dev.pool, 1, &cmd);
	vkDestroyDescriptorPool(dev.device, pool, NULL);
	vkDestroyDescriptorSetLayout(dev.device, layouts[0], NULL);
	vkDestroyDescriptorSetLayout(dev.device, layouts[1], NULL);
	vk_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &in);
	vk_buf_destroy(&dev, &add);
	vk_buf_destroy(&dev, &out);
	vk_dev_destroy(&dev);
}

VK_TEST(descriptor_copy_template, "descriptor-copy-and-update-template")
{
	struct vk_dev dev;
	struct vk_buf in, out;
	struct vk_pipe pipe;
	VkDescriptorSetLayout layout;
	VkDescriptorPool pool;
	VkDescriptorSet sets[2];
	VkDescriptorUpdateTemplate tmpl;

	vk_dev_create(&dev, NULL);
	vk_buf_create(&dev, 256, 0, &in);
	vk_buf_create(&dev, 256, 0, &out);
	for (uint32_t i = 0; i < 64; i++)
		((uint32_t *)in.map)[i] = 100 + i;
	layout = vk_storage_set_layout(&dev, 2, 0);
	vk_pipe_create(&dev, add_one_spv, add_one_spv_size, &layout, 1, 0, NULL, &pipe);
	const VkDescriptorPoolSize size = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 4 };
	const VkDescriptorPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.maxSets = 2, .poolSizeCount = 1, .pPoolSizes = &size,
	};
	VK_CHECK(vkCreateDescriptorPool(dev.device, &pool_info, NULL, &pool));
	const VkDescriptorSetLayout layouts[2] = { layout, layout };
	const VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = pool, .descriptorSetCount = 2, .pSetLayouts = layouts,
	};
	VK_CHECK(vkAllocateDescriptorSets(dev.device, &alloc, sets));
	/* Set 0 through a template (two consecutive bindings from one entry). */
	const VkDescriptorUpdateTemplateEntry entry = {
		.dstBinding = 0, .dstArrayElement = 0, .descriptorCount = 2,
		.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
		.offset = 0, .stride = sizeof(VkDescriptorBufferInfo),
	};
	const VkDescriptorUpdateTemplateCreateInfo tmpl_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO,
		.descriptorUpdateEntryCount = 1, .pDescriptorUpdateEntries = &entry,
		.templateType = VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_DESCRIPTOR_SET,
		.descriptorSetLayout = layout,
	};
	VK_CHECK(vkCreateDescriptorUpdateTemplate(dev.device, &tmpl_info, NULL, &tmpl));
	const VkDescriptorBufferInfo infos[2] = {
		{ in.buffer, 0, VK_WHOLE_SIZE }, { out.buffer, 0, VK_WHOLE_SIZE },
	};
	vkUpdateDescriptorSetWithTemplate(dev.device, sets[0], tmpl, infos);
	/* Set 1 copied from set 0. */
	const VkCopyDescriptorSet copy = {
		.sType = VK_STRUCTURE_TYPE_COPY_DESCRIPTOR_SET,
		.srcSet = sets[0], .dstSet = sets[1], .descriptorCount = 2,
	};
	vkUpdateDescriptorSets(dev.device, 0, NULL, 1, &copy);
	run_add_one(&dev, &pipe, sets[1], NULL, 0);
	for (uint32_t i = 0; i < 64; i++)
		REQUIRE_EQ(((uint32_t *)out.map)[i], 101 + i);
	vkDestroyDescriptorUpdateTemplate(dev.device, tmpl, NULL);
	vkDestroyDescriptorPool(dev.device, pool, NULL);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	vk_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &in);
	vk_buf_destroy(&dev, &out);
	vk_dev_destroy(&dev);
}

VK_TEST(descriptor_push, "descriptor-push-descriptors")
{
	const char *ext[] = { VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME };
	const struct vk_dev_options options = { .extensions = ext, .extension_count = 1 };
	struct vk_dev dev;
	struct vk_buf in, out;
	struct vk_pipe pipe;
	VkDescriptorSetLayout layout;
	VkCommandBuffer cmd;

	vk_dev_create(&dev, &options);
	PFN_vkCmdPushDescriptorSetKHR push = (PFN_vkCmdPushDescriptorSetKHR)
		vk_dev_proc(&dev, "vkCmdPushDescriptorSetKHR");
	vk_buf_create(&dev, 256, 0, &in);
	vk_buf_create(&dev, 512, 0, &out);
	for (uint32_t i = 0; i < 64; i++)
		((uint32_t *)in.map)[i] = 7 * i;
	layout = vk_storage_set_layout(&dev, 2,
				       VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR);
	vk_pipe_create(&dev, add_one_spv, add_one_spv_size, &layout, 1, 0, NULL, &pipe);
	cmd = vk_cmd_begin(&dev);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.pipeline);
	/* Two pushes, two dispatches: each sees its own descriptors. */
	for (uint32_t round = 0; round < 2; round++) {
		const VkDescriptorBufferInfo infos[2] = {
			{ in.buffer, 0, 256 }, { out.buffer, round * 256, 256 },
		};
		const VkWriteDescriptorSet write = {
			.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
			.descriptorCount = 2,
			.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = infos,
		};
		push(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.layout, 0, 1, &write);
		vkCmdDispatch(cmd, 1, 1, 1);
	}
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&dev, cmd, 0);
	for (uint32_t i = 0; i < 64; i++) {
		REQUIRE_EQ(((uint32_t *)out.map)[i], 7 * i + 1);
		REQUIRE_EQ(((uint32_t *)out.map)[64 + i], 7 * i + 1);
	}
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	vk_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &in);
	vk_buf_destroy(&dev, &out);
	vk_dev_destroy(&dev);
}

VK_TEST(descriptor_inline, "descriptor-inline-uniform-block")
{
	VkPhysicalDeviceInlineUniformBlockFeatures inline_features = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INLINE_UNIFORM_BLOCK_FEATURES,
		.inlineUniformBlock = VK_TRUE,
	};
	const char *ext[] = { VK_EXT_INLINE_UNIFORM_BLOCK_EXTENSION_NAME };
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = 1, .features = &inline_features,
	};
	struct vk_dev dev;
	struct vk_buf out;
	struct vk_pipe pipe;
	VkDescriptorSetLayout layout;
	VkDescriptorPool pool;
	VkDescriptorSet set;
	uint32_t data[16];

	vk_dev_create(&dev, &options);
	vk_buf_create(&dev, 64, 0, &out);
	const VkDescriptorSetLayoutBinding bindings[2] = {
		{ 0, VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK, 64, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
		{ 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
	};
	const VkDescriptorSetLayoutCreateInfo layout_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
		.bindingCount = 2, .pBindings = bindings,
	};
	VK_CHECK(vkCreateDescriptorSetLayout(dev.device, &layout_info, NULL, &layout));
	vk_pipe_create(&dev, ubo_read_spv, ubo_read_spv_size, &layout, 1, 0, NULL, &pipe);
	const VkDescriptorPoolInlineUniformBlockCreateInfo inline_pool = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_INLINE_UNIFORM_BLOCK_CREATE_INFO,
		.maxInlineUniformBlockBindings = 1,
	};
	const VkDescriptorPoolSize sizes[2] = {
		{ VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK, 64 },
		{ VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1 },
	};
	const VkDescriptorPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .pNext = &inline_pool,
		.maxSets = 1, .poolSizeCount = 2, .pPoolSizes = sizes,
	};
	VK_CHECK(vkCreateDescriptorPool(dev.device, &pool_info, NULL, &pool));
	const VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = pool, .descriptorSetCount = 1, .pSetLayouts = &layout,
	};
	VK_CHECK(vkAllocateDescriptorSets(dev.device, &alloc, &set));
	for (uint32_t i = 0; i < 16; i++)
		data[i] = 0xabc0 + i;
	/* The block in two writes: bytes 0..31, then 32..63. */
	const VkWriteDescriptorSetInlineUniformBlock blocks[2] = {
		{ VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET_INLINE_UNIFORM_BLOCK, NULL, 32, data },
		{ VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET_INLINE_UNIFORM_BLOCK, NULL, 32, data + 8 },
	};
	const VkDescriptorBufferInfo out_info = { out.buffer, 0, VK_WHOLE_SIZE };
	const VkWriteDescriptorSet writes[3] = {
		{
			.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .pNext = &blocks[0],
			.dstSet = set, .dstBinding = 0, .dstArrayElement = 0, .descriptorCount = 32,
			.descriptorType = VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK,
		}, {
			.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .pNext = &blocks[1],
			.dstSet = set, .dstBinding = 0, .dstArrayElement = 32, .descriptorCount = 32,
			.descriptorType = VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK,
		}, {
			.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
			.dstSet = set, .dstBinding = 1, .descriptorCount = 1,
			.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = &out_info,
		},
	};
	vkUpdateDescriptorSets(dev.device, 3, writes, 0, NULL);
	VkCommandBuffer cmd = vk_cmd_begin(&dev);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.layout, 0, 1, &set, 0,
				NULL);
	vkCmdDispatch(cmd, 1, 1, 1);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&dev, cmd, 0);
	for (uint32_t i = 0; i < 16; i++)
		REQUIRE_EQ(((uint32_t *)out.map)[i], 0xabc0 + i);
	vkDestroyDescriptorPool(dev.device, pool, NULL);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	vk_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &out);
	vk_dev_destroy(&dev);
}

/*
 * Descriptor indexing: a variable-count, partially bound, update-after-bind
 * array of storage buffers, written after the set was bound, read with a
 * non-uniform index.
 */
VK_TEST(descriptor_indexing, "descriptor-indexing-variable-partial-update-after-bind")
{
	VkPhysicalDeviceVulkan12Features features12 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
		.shaderStorageBufferArrayNonUniformIndexing = VK_TRUE,
		.descriptorBindingStorageBufferUpdateAfterBind = VK_TRUE,
		.descriptorBindingPartiallyBound = VK_TRUE,
		.descriptorBindingVariableDescriptorCount = VK_TRUE,
		.runtimeDescriptorArray = VK_TRUE,
	};
	const struct vk_dev_options options = { .features = &features12 };
	struct vk_dev dev;
	struct vk_buf out, in[2];
	struct vk_pipe pipe;
	VkDescriptorSetLayout layout;
	VkDescriptorPool pool;
	VkDescriptorSet set;

	vk_dev_create(&dev, &options);
	vk_buf_create(&dev, 256, 0, &out);
	for (int b = 0; b < 2; b++) {
		vk_buf_create(&dev, 256, 0, &in[b]);
		for (uint32_t i = 0; i < 64; i++)
			((uint32_t *)in[b].map)[i] = (b + 1) * 1000 + i;
	}
	const VkDescriptorSetLayoutBinding bindings[2] = {
		{ 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
		{ 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 16, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
	};
	const VkDescriptorBindingFlags binding_flags[2] = {
		VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT,
		VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT |
		VK_DESCRIPTOR_BINDING_PARTIALLY_BOUND_BIT |
		VK_DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT_BIT,
	};
	const VkDescriptorSetLayoutBindingFlagsCreateInfo flags_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO,
		.bindingCount = 2, .pBindingFlags = binding_flags,
	};
	const VkDescriptorSetLayoutCreateInfo layout_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .pNext = &flags_info,
		.flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT,
		.bindingCount = 2, .pBindings = bindings,
	};
	VK_CHECK(vkCreateDescriptorSetLayout(dev.device, &layout_info, NULL, &layout));
	vk_pipe_create(&dev, indexing_spv, indexing_spv_size, &layout, 1, 0, NULL, &pipe);
	const VkDescriptorPoolSize size = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 8 };
	const VkDescriptorPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.flags = VK_DESCRIPTOR_POOL_CREATE_UPDATE_AFTER_BIND_BIT,
		.maxSets = 1, .poolSizeCount = 1, .pPoolSizes = &size,
	};
	VK_CHECK(vkCreateDescriptorPool(dev.device, &pool_info, NULL, &pool));
	const uint32_t variable_count = 4;
	const VkDescriptorSetVariableDescriptorCountAllocateInfo variable = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_VARIABLE_DESCRIPTOR_COUNT_ALLOCATE_INFO,
		.descriptorSetCount = 1, .pDescriptorCounts = &variable_count,
	};
	const VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .pNext = &variable,
		.descriptorPool = pool, .descriptorSetCount = 1, .pSetLayouts = &layout,
	};
	VK_CHECK(vkAllocateDescriptorSets(dev.device, &alloc, &set));
	VkCommandBuffer cmd = vk_cmd_begin(&dev);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.layout, 0, 1, &set, 0,
				NULL);
	vkCmdDispatch(cmd, 1, 1, 1);
	vk_cmd_barrier(cmd);
	/* Written after the bind, before the submission: update-after-bind. */
	const VkDescriptorBufferInfo out_info = { out.buffer, 0, VK_WHOLE_SIZE };
	const VkDescriptorBufferInfo in_infos[2] = {
		{ in[0].buffer, 0, VK_WHOLE_SIZE }, { in[1].buffer, 0, VK_WHOLE_SIZE },
	};
	const VkWriteDescriptorSet writes[3] = {
		{
			.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set,
			.dstBinding = 0, .descriptorCount = 1,
			.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = &out_info,
		}, {
			.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set,
			.dstBinding = 1, .dstArrayElement = 0, .descriptorCount = 1,
			.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = &in_infos[0],
		}, {
			.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set,
			.dstBinding = 1, .dstArrayElement = 2, .descriptorCount = 1,
			.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = &in_infos[1],
		},
	};
	vkUpdateDescriptorSets(dev.device, 3, writes, 0, NULL);
	vk_cmd_submit_wait(&dev, cmd, 0);
	for (uint32_t i = 0; i < 64; i++)
		REQUIRE_EQ(((uint32_t *)out.map)[i], (i & 1 ? 2000 : 1000) + i);
	vkDestroyDescriptorPool(dev.device, pool, NULL);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	vk_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &out);
	vk_buf_destroy(&dev, &in[0]);
	vk_buf_destroy(&dev, &in[1]);
	vk_dev_destroy(&dev);
}

/*
 * Uniform buffers through descriptor indexing: a four-element array with
 * update-after-bind, partially bound and update-unused-while-pending
 * flags, indexed non-uniformly and with a dynamically uniform index, next
 * to an update-after-bind inline uniform block and a dynamically indexed
 * array of storage buffers. Element 3, which the dispatch never reads, is
 * rewritten while the command buffer is pending (held on an event).
 */
VK_TEST(descriptor_ubo_indexing, "descriptor-indexing-uniform-buffers-inline-unused-while-pending")
{
	VkPhysicalDeviceVulkan12Features features12 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
		.descriptorIndexing = VK_TRUE,
		.shaderUniformBufferArrayNonUniformIndexing = VK_TRUE,
		.descriptorBindingUniformBufferUpdateAfterBind = VK_TRUE,
		.descriptorBindingUpdateUnusedWhilePending = VK_TRUE,
		.descriptorBindingPartiallyBound = VK_TRUE,
	};
	VkPhysicalDeviceInlineUniformBlockFeatures inline_features = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INLINE_UNIFORM_BLOCK_FEATURES,
		.pNext = &features12,
		.inlineUniformBlock = VK_TRUE,
		.descriptorBindingInlineUniformBlockUpdateAfterBind = VK_TRUE,
	};
	const char *ext[] = { VK_EXT_INLINE_UNIFORM_BLOCK_EXTENSION_NAME };
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = 1, .features = &inline_features,
		.core = {
			.shaderUniformBufferArrayDynamicIndexing = VK_TRUE,
			.shaderStorageBufferArrayDynamicIndexing = VK_TRUE,
		},
	};
	const uint32_t push_index = 1, inline_words[4] = { 7, 70, 700, 7000 };
	struct vk_buf ubo[5], out[2];
	struct vk_dev dev;
	struct vk_pipe pipe;
	VkDescriptorSetLayout layout;
	VkDescriptorPool pool;
	VkDescriptorSet set;
	VkEvent event;
	VkFence fence;

	vk_dev_create(&dev, &options);
	/* ubo[4] replaces element 3 while the dispatch is pending. */
	for (uint32_t b = 0; b < 5; b++) {
		vk_buf_create(&dev, 256, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, &ubo[b]);
		for (uint32_t r = 0; r < 16; r++) {
			((uint32_t *)ubo[b].map)[4 * r] = (b + 1) * 100 + r;
			((uint32_t *)ubo[b].map)[4 * r + 1] = (b + 1) * 10000 + r;
		}
	}
	for (uint32_t b = 0; b < 2; b++) {
		vk_buf_create(&dev, 256, 0, &out[b]);
		memset(out[b].map, 0, 256);
	}
	const VkDescriptorSetLayoutBinding bindings[3] = {
		{ 0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 4, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
		{ 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
		{ 2, VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK, 16, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
	};
	const VkDescriptorBindingFlags binding_flags[3] = {
		VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT |
		VK_DESCRIPTOR_BINDING_PARTIALLY_BOUND_BIT |
		VK_DESCRIPTOR_BINDING_UPDATE_UNUSED_WHILE_PENDING_BIT,
		0,
		VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT,
	};
	const VkDescriptorSetLayoutBindingFlagsCreateInfo flags_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO,
		.bindingCount = 3, .pBindingFlags = binding_flags,
	};
	const VkDescriptorSetLayoutCreateInfo layout_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .pNext = &flags_info,
		.flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT,
		.bindingCount = 3, .pBindings = bindings,
	};
	VK_CHECK(vkCreateDescriptorSetLayout(dev.device, &layout_info, NULL, &layout));
	vk_pipe_create(&dev, ubo_indexing_spv, ubo_indexing_spv_size, &layout, 1, 4, NULL, &pipe);
	const VkDescriptorPoolSize sizes[3] = {
		{ VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 4 }, { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2 },
		{ VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK, 16 },
	};
	const VkDescriptorPoolInlineUniformBlockCreateInfo inline_pool = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_INLINE_UNIFORM_BLOCK_CREATE_INFO,
		.maxInlineUniformBlockBindings = 1,
	};
	const VkDescriptorPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .pNext = &inline_pool,
		.flags = VK_DESCRIPTOR_POOL_CREATE_UPDATE_AFTER_BIND_BIT,
		.maxSets = 1, .poolSizeCount = 3, .pPoolSizes = sizes,
	};
	VK_CHECK(vkCreateDescriptorPool(dev.device, &pool_info, NULL, &pool));
	const VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = pool, .descriptorSetCount = 1, .pSetLayouts = &layout,
	};
	VK_CHECK(vkAllocateDescriptorSets(dev.device, &alloc, &set));
	/* The storage buffers before recording; the rest after the bind. */
	const VkDescriptorBufferInfo out_infos[2] = {
		{ out[0].buffer, 0, VK_WHOLE_SIZE }, { out[1].buffer, 0, VK_WHOLE_SIZE },
	};
	const VkWriteDescriptorSet out_write = {
		.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set, .dstBinding = 1,
		.descriptorCount = 2, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
		.pBufferInfo = out_infos,
	};
	vkUpdateDescriptorSets(dev.device, 1, &out_write, 0, NULL);

	const VkEventCreateInfo event_info = { .sType = VK_STRUCTURE_TYPE_EVENT_CREATE_INFO };
	VK_CHECK(vkCreateEvent(dev.device, &event_info, NULL, &event));
	VkCommandBuffer cmd = vk_cmd_begin(&dev);
	vkCmdWaitEvents(cmd, 1, &event, VK_PIPELINE_STAGE_HOST_BIT,
			VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, NULL, 0, NULL, 0, NULL);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.layout, 0, 1, &set, 0,
				NULL);
	vkCmdPushConstants(cmd, pipe.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &push_index);
	vkCmdDispatch(cmd, 1, 1, 1);
	vk_cmd_barrier(cmd);
	VK_CHECK(vkEndCommandBuffer(cmd));

	/* Update after bind: the uniform buffers 0..3 and the inline block. */
	const VkDescriptorBufferInfo ubo_infos[4] = {
		{ ubo[0].buffer, 0, VK_WHOLE_SIZE }, { ubo[1].buffer, 0, VK_WHOLE_SIZE },
		{ ubo[2].buffer, 0, VK_WHOLE_SIZE }, { ubo[3].buffer, 0, VK_WHOLE_SIZE },
	};
	const VkWriteDescriptorSetInlineUniformBlock inline_write = {
		.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET_INLINE_UNIFORM_BLOCK,
		.dataSize = 16, .pData = inline_words,
	};
	const VkWriteDescriptorSet writes[2] = {
		{
			.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set,
			.dstBinding = 0, .descriptorCount = 4,
			.descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, .pBufferInfo = ubo_infos,
		}, {
			.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .pNext = &inline_write,
			.dstSet = set, .dstBinding = 2, .descriptorCount = 16,
			.descriptorType = VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK,
		},
	};
	vkUpdateDescriptorSets(dev.device, 2, writes, 0, NULL);

	const VkFenceCreateInfo fence_info = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
	const VkSubmitInfo submit = {
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
		.pCommandBuffers = &cmd,
	};
	VK_CHECK(vkCreateFence(dev.device, &fence_info, NULL, &fence));
	VK_CHECK(vkQueueSubmit(dev.queues[0], 1, &submit, fence));
	/* Pending, held on the event: element 3 is not used, so it may change. */
	const VkDescriptorBufferInfo unused_info = { ubo[4].buffer, 0, VK_WHOLE_SIZE };
	const VkWriteDescriptorSet unused_write = {
		.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set, .dstBinding = 0,
		.dstArrayElement = 3, .descriptorCount = 1,
		.descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, .pBufferInfo = &unused_info,
	};
	vkUpdateDescriptorSets(dev.device, 1, &unused_write, 0, NULL);
	VK_CHECK(vkSetEvent(dev.device, event));
	VK_CHECK(vkWaitForFences(dev.device, 1, &fence, VK_TRUE, 30ull * 1000000000));

	for (uint32_t i = 0; i < 64; i++) {
		uint32_t per_lane = (i % 3 + 1) * 100 + (i & 15);
		uint32_t same = (push_index + 1) * 10000 + (i & 15);

		REQUIRE_EQ(((uint32_t *)out[1].map)[i], per_lane + same + inline_words[i & 3]);
		REQUIRE_EQ(((uint32_t *)out[0].map)[i], 0);
	}
	vkDestroyFence(dev.device, fence, NULL);
	vkDestroyEvent(dev.device, event, NULL);
	vkFreeCommandBuffers(dev.device, dev.pool, 1, &cmd);
	vkDestroyDescriptorPool(dev.device, pool, NULL);
	vk_pipe_destroy(&dev, &pipe);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	for (uint32_t b = 0; b < 5; b++)
		vk_buf_destroy(&dev, &ubo[b]);
	vk_buf_destroy(&dev, &out[0]);
	vk_buf_destroy(&dev, &out[1]);
	vk_dev_destroy(&dev);
}
