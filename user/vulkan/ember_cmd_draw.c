/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Binds and draws
 *
 * Binding a graphics pipeline copies its static state into the command
 * buffer's (ember_gfx_state.c) and its shaders; shader objects bound to
 * the vertex and fragment stages (vkCmdBindShadersEXT) replace the
 * pipeline's shaders and leave every state to the dynamic-state commands,
 * as VK_EXT_shader_object specifies. Vertex and index buffers are kept by
 * binding. A draw writes the blocks whose inputs changed since the last
 * draw and, when any did (or the sets did), a new root block with the
 * descriptor-set table; then it emits, in one reservation so that they
 * share an indirect buffer, a BARRIER (Vulkan orders the draws of a
 * subpass, the contract only at barriers), BIND_GFX_STATE with the push
 * constants the shaders read, the active occlusion query's counter
 * (OCCLUSION_COUNTER without reset), the active pipeline statistics
 * query's counters (PIPELINE_STATS_COUNTERS without reset) and the draw
 * packet. BIND_GFX_STATE and the counters go with every draw: a new
 * indirect buffer starts with no state bound and no counter.
 *
 * Every vkCmdDraw* form is one packet: DRAW, DRAW_INDEXED, and
 * DRAW_INDIRECT with DRAW_INDEXED_ARGS and DRAW_COUNT for the indirect and
 * indirect-count forms. A direct draw with a zero count emits nothing
 * (the specification: no vertices); indirect draws leave zero counts to
 * the device. The stride of a single indirect draw is any value in
 * Vulkan; the device wants it to be at least the command's size only when
 * more than one draw may run, and reads nothing past the first command
 * otherwise, so it goes as given.
 */

#include "ember_cmd_gfx.h"

#include "ember_buffer.h"
#include "ember_packets.h"
#include "ember_shader.h"

#include <string.h>

void ember_cmd_bind_graphics_pipeline(struct ember_cmd_buffer *cmd, struct ember_pipeline *pipeline)
{
	struct ember_cmd_gfx *gfx = ember_cmd_gfx(cmd);

	if (!gfx)
		return;
	gfx->pipeline = pipeline;
	gfx->vs = pipeline->shader;
	gfx->fs = pipeline->fragment;
	gfx->shader_objects = false;
	gfx->bind.dynamic_layout = &pipeline->dynamic;
	gfx->bind.dynamic_dirty = true;
	gfx->dirty |= ember_gfx_state_bind_pipeline(&gfx->state, pipeline->gfx);
	gfx->push_dirty = true;
}

void ember_cmd_bind_graphics_shader(struct ember_cmd_buffer *cmd, VkShaderStageFlagBits stage,
				    struct ember_shader *shader,
				    const struct ember_dynamic_layout *dynamic)
{
	struct ember_cmd_gfx *gfx = ember_cmd_gfx(cmd);

	if (!gfx)
		return;
	/* Shader objects replace the pipeline's stages; its static state goes with it. */
	if (!gfx->shader_objects) {
		gfx->pipeline = NULL;
		gfx->vs = gfx->fs = NULL;
		gfx->vs_dynamic = gfx->fs_dynamic = NULL;
		gfx->shader_objects = true;
	}
	if (stage == VK_SHADER_STAGE_VERTEX_BIT) {
		gfx->vs = shader;
		gfx->vs_dynamic = dynamic;
	} else {
		gfx->fs = shader;
		gfx->fs_dynamic = dynamic;
	}
	/*
	 * Both stages were built for compatible set layouts, but a stage may
	 * name fewer sets than the other: the longer list places every
	 * dynamic buffer either reads.
	 */
	gfx->bind.dynamic_layout = gfx->vs_dynamic;
	if (!gfx->vs_dynamic ||
	    (gfx->fs_dynamic && gfx->fs_dynamic->total > gfx->vs_dynamic->total))
		gfx->bind.dynamic_layout = gfx->fs_dynamic;
	gfx->bind.dynamic_dirty = true;
	gfx->dirty |= EMBER_GFX_DIRTY_ROOT;
	gfx->push_dirty = true;
}

static void bind_vertex_buffers(struct ember_cmd_buffer *cmd, uint32_t first, uint32_t count,
				const VkBuffer *buffers, const VkDeviceSize *offsets,
				const VkDeviceSize *sizes, const VkDeviceSize *strides)
{
	struct ember_cmd_gfx *gfx = ember_cmd_gfx(cmd);

	if (!gfx)
		return;
	for (uint32_t i = 0; i < count && first + i < EMBER_GFX_MAX_VERTEX_BINDINGS; i++) {
		struct ember_gfx_vertex_buffer *vb = &gfx->vbs[first + i];
		EMBER_FROM_HANDLE(ember_buffer, buffer, buffers[i]);

		/* A null buffer (nullDescriptor) is not advertised; keep it in range. */
		if (!buffer) {
			vb->va = 0;
			vb->range = 0;
			continue;
		}
		vb->va = ember_buffer_address(buffer, offsets[i]);
		vb->range = ember_buffer_range(buffer, offsets[i],
					       sizes ? sizes[i] : VK_WHOLE_SIZE);
		if (strides) {
			vb->stride = (uint32_t)strides[i];
			gfx->state.bindings[first + i].stride = vb->stride;
		}
	}
	gfx->dirty |= EMBER_GFX_DIRTY_VERTEX_INPUT;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdBindVertexBuffers(VkCommandBuffer commandBuffer, uint32_t firstBinding,
			   uint32_t bindingCount, const VkBuffer *pBuffers,
			   const VkDeviceSize *pOffsets)
{
	bind_vertex_buffers(ember_cmd_buffer_from_handle(commandBuffer), firstBinding,
			    bindingCount, pBuffers, pOffsets, NULL, NULL);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdBindVertexBuffers2(VkCommandBuffer commandBuffer, uint32_t firstBinding,
			    uint32_t bindingCount, const VkBuffer *pBuffers,
			    const VkDeviceSize *pOffsets, const VkDeviceSize *pSizes,
			    const VkDeviceSize *pStrides)
{
	bind_vertex_buffers(ember_cmd_buffer_from_handle(commandBuffer), firstBinding,
			    bindingCount, pBuffers, pOffsets, pSizes, pStrides);
}

static uint32_t index_size(VkIndexType type)
{
	switch (type) {
	case VK_INDEX_TYPE_UINT8_EXT:
		return 1;
	case VK_INDEX_TYPE_UINT16:
		return 2;
	default:
		return 4;
	}
}

static void bind_index_buffer(struct ember_cmd_buffer *cmd, VkBuffer _buffer, VkDeviceSize offset,
			      VkDeviceSize size, VkIndexType type)
{
	EMBER_FROM_HANDLE(ember_buffer, buffer, _buffer);
	struct ember_cmd_gfx *gfx = ember_cmd_gfx(cmd);

	if (!gfx)
		return;
	gfx->index_va = buffer ? ember_buffer_address(buffer, offset) : 0;
	gfx->index_range = buffer ? ember_buffer_range(buffer, offset, size) : 0;
	gfx->index_size = index_size(type);
	gfx->dirty |= EMBER_GFX_DIRTY_ROOT;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdBindIndexBuffer(VkCommandBuffer commandBuffer, VkBuffer buffer, VkDeviceSize offset,
			 VkIndexType indexType)
{
	bind_index_buffer(ember_cmd_buffer_from_handle(commandBuffer), buffer, offset,
			  VK_WHOLE_SIZE, indexType);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdBindIndexBuffer2(VkCommandBuffer commandBuffer, VkBuffer buffer, VkDeviceSize offset,
			     VkDeviceSize size, VkIndexType indexType)
{
	bind_index_buffer(ember_cmd_buffer_from_handle(commandBuffer), buffer, offset, size,
			  indexType);
}

/* The root block for the current state, written when anything it names changed. */
static bool write_root(struct ember_cmd_buffer *cmd, struct ember_cmd_gfx *gfx)
{
	const struct ember_gfx_draw_state *s = &gfx->state;
	struct ember_gfx_state root = {
		.vs = gfx->vs->binary.va,
		.fs = gfx->fs ? gfx->fs->binary.va : 0,
		.vertex_input = gfx->blocks.vertex_input,
		.viewports = gfx->blocks.viewports,
		.raster = gfx->blocks.raster,
		.depth_stencil = gfx->blocks.depth_stencil,
		.blend = gfx->blocks.blend,
		.targets = gfx->blocks.targets,
		.index_buffer = gfx->index_va,
		.index_range = gfx->index_range,
		.index_size = (uint8_t)gfx->index_size,
		.topology = (uint8_t)s->topology,
		.primitive_restart = s->primitive_restart,
		.viewport_count = (uint8_t)EMBER_MAX(s->viewport_count, 1u),
		.view_mask = gfx->rendering.view_mask,
	};
	uint32_t *p;

	root.desc_table = ember_cmd_set_table(cmd, &gfx->bind);
	if (!root.desc_table)
		return false;
	/* The index buffer's VA must be aligned to the index size even when unused. */
	if (!root.index_buffer)
		root.index_size = 0;
	p = ember_cmd_alloc_data(cmd, EMBER_GFX_STATE_DWORDS * 4, EMBER_GFX_STATE_ALIGN, &gfx->root);
	if (!p)
		return false;
	ember_gfx_state_pack(p, &root);
	gfx->root_map = p;
	return true;
}

/*
 * Writes what changed and emits BARRIER + BIND_GFX_STATE + @draw_dwords
 * for the draw packet, returning where the caller writes the draw (NULL:
 * nothing to draw, or an error, recorded).
 */
static uint32_t *begin_draw(struct ember_cmd_buffer *cmd, uint32_t draw_dwords)
{
	struct ember_cmd_gfx *gfx = cmd->gfx;
	struct ember_upkt_bind_gfx_state bind;
	uint32_t push_bytes, counter_dwords, *p;

	if (!gfx || !gfx->vs || !gfx->rendering.active) {
		ember_cmd_record_error(cmd, ember_error(VK_ERROR_VALIDATION_FAILED_EXT,
							"draw without a vertex shader or rendering"));
		return NULL;
	}
	if (gfx->dirty & ~EMBER_GFX_DIRTY_ROOT) {
		if (!ember_gfx_write_blocks(cmd, &gfx->state, gfx->vbs,
					    gfx->rendering.depth_stencil_aspects,
					    gfx->rendering.color_count, gfx->dirty, &gfx->blocks))
			return NULL;
		gfx->dirty |= EMBER_GFX_DIRTY_ROOT;
	}
	if ((gfx->dirty & EMBER_GFX_DIRTY_ROOT) || gfx->bind.dynamic_dirty) {
		if (!write_root(cmd, gfx))
			return NULL;
	}
	gfx->dirty = 0;

	push_bytes = gfx->vs->push_constant_size;
	if (gfx->fs)
		push_bytes = EMBER_MAX(push_bytes, gfx->fs->push_constant_size);
	push_bytes = EMBER_MIN(push_bytes, EMBER_DISPATCH_MAX_PUSH);

	counter_dwords = gfx->occlusion_counter ? 1 + EMBER_UPKT_OCCLUSION_COUNTER_LEN : 0;
	if (cmd->pipeline_stats)
		counter_dwords += EMBER_CMD_PIPELINE_STATS_DWORDS;
	ember_cmd_condition_enter(cmd);
	p = ember_cmd_emit(cmd, 1 + 1 + EMBER_UPKT_BIND_GFX_STATE_LEN(push_bytes) + counter_dwords +
				1 + draw_dwords);
	ember_cmd_condition_leave(cmd);
	if (!p)
		return NULL;
	p[0] = EMBER_PKT(EMBER_UPKT_BARRIER, 0, 0);
	p++;
	bind = (struct ember_upkt_bind_gfx_state) { .state = gfx->root, .push_bytes = push_bytes };
	ember_upkt_bind_gfx_state_pack(p, &bind);
	/* A SIMULTANEOUS_USE secondary's executions each name their own targets. */
	if (gfx->inherited_targets.va && gfx->blocks.targets == gfx->inherited_targets.va)
		ember_cmd_reloc(cmd, p + 1, EMBER_CMD_RELOC_ROOT, gfx->root_map);
	if (push_bytes) {
		/* The last dword's unused bytes are zero, not stale. */
		p[EMBER_UPKT_BIND_GFX_STATE_LEN(push_bytes)] = 0;
		memcpy(&p[1 + EMBER_BIND_GFX_STATE_FIXED_LEN], cmd->push, push_bytes);
	}
	gfx->push_dirty = false;
	p += 1 + EMBER_UPKT_BIND_GFX_STATE_LEN(push_bytes);
	if (gfx->occlusion_counter) {
		const struct ember_upkt_occlusion_counter counter = {
			.counter = gfx->occlusion_counter,
		};

		ember_upkt_occlusion_counter_pack(p, &counter);
		if (gfx->inherits_query && gfx->occlusion_counter ==
		    gfx->inherited_targets.va + EMBER_GFX_INHERITED_COUNTER_OFFSET)
			ember_cmd_reloc(cmd, p + 1, EMBER_CMD_RELOC_OCCLUSION, NULL);
		p += 1 + EMBER_UPKT_OCCLUSION_COUNTER_LEN;
	}
	return ember_cmd_pack_pipeline_stats(cmd, p);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdDraw(VkCommandBuffer commandBuffer, uint32_t vertexCount, uint32_t instanceCount,
	      uint32_t firstVertex, uint32_t firstInstance)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	struct ember_upkt_draw draw = {
		.vertex_count = vertexCount, .instance_count = instanceCount,
		.first_vertex = firstVertex, .first_instance = firstInstance,
	};
	uint32_t *p;

	if (!vertexCount || !instanceCount)
		return;
	p = begin_draw(cmd, EMBER_UPKT_DRAW_LEN);
	if (p)
		ember_upkt_draw_pack(p, &draw);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdDrawIndexed(VkCommandBuffer commandBuffer, uint32_t indexCount, uint32_t instanceCount,
		     uint32_t firstIndex, int32_t vertexOffset, uint32_t firstInstance)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	struct ember_upkt_draw_indexed draw = {
		.index_count = indexCount, .instance_count = instanceCount,
		.first_index = firstIndex, .vertex_offset = (uint32_t)vertexOffset,
		.first_instance = firstInstance,
	};
	uint32_t *p;

	if (!indexCount || !instanceCount)
		return;
	p = begin_draw(cmd, EMBER_UPKT_DRAW_INDEXED_LEN);
	if (p)
		ember_upkt_draw_indexed_pack(p, &draw);
}

static void draw_indirect(VkCommandBuffer commandBuffer, VkBuffer buffer, VkDeviceSize offset,
			  VkBuffer count_buffer, VkDeviceSize count_offset, uint32_t max_draws,
			  uint32_t stride, uint32_t flags)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	EMBER_FROM_HANDLE(ember_buffer, args, buffer);
	EMBER_FROM_HANDLE(ember_buffer, count, count_buffer);
	struct ember_upkt_draw_indirect draw = {
		.flags = flags,
		.args = ember_buffer_address(args, offset),
		.max_draws = max_draws,
		.stride = stride,
	};
	uint32_t *p;

	if (count) {
		draw.flags |= EMBER_DRAW_COUNT;
		draw.count = ember_buffer_address(count, count_offset);
	}
	/* maxDrawCount 0 or drawCount 0: nothing is drawn, nothing read. */
	if (!max_draws)
		return;
	/* One draw reads one command: any stride is valid then, the device's check is not. */
	if (max_draws == 1)
		draw.stride = 0;
	p = begin_draw(cmd, EMBER_UPKT_DRAW_INDIRECT_LEN);
	if (p)
		ember_upkt_draw_indirect_pack(p, &draw);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdDrawIndirect(VkCommandBuffer commandBuffer, VkBuffer buffer, VkDeviceSize offset,
		      uint32_t drawCount, uint32_t stride)
{
	draw_indirect(commandBuffer, buffer, offset, VK_NULL_HANDLE, 0, drawCount, stride, 0);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdDrawIndexedIndirect(VkCommandBuffer commandBuffer, VkBuffer buffer,
			     VkDeviceSize offset, uint32_t drawCount, uint32_t stride)
{
	draw_indirect(commandBuffer, buffer, offset, VK_NULL_HANDLE, 0, drawCount, stride,
		      EMBER_DRAW_INDEXED_ARGS);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdDrawIndirectCount(VkCommandBuffer commandBuffer, VkBuffer buffer, VkDeviceSize offset,
			   VkBuffer countBuffer, VkDeviceSize countBufferOffset,
			   uint32_t maxDrawCount, uint32_t stride)
{
	draw_indirect(commandBuffer, buffer, offset, countBuffer, countBufferOffset, maxDrawCount,
		      stride, 0);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdDrawIndexedIndirectCount(VkCommandBuffer commandBuffer, VkBuffer buffer,
				  VkDeviceSize offset, VkBuffer countBuffer,
				  VkDeviceSize countBufferOffset, uint32_t maxDrawCount,
				  uint32_t stride)
{
	draw_indirect(commandBuffer, buffer, offset, countBuffer, countBufferOffset, maxDrawCount,
		      stride, EMBER_DRAW_INDEXED_ARGS);
}
