/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: A command buffer's graphics state
 *
 * What the graphics commands share: the bound graphics pipeline and sets,
 * the Vulkan-level state (ember_gfx_state.h) with the blocks written for
 * it, the vertex and index buffers, and the render pass instance being
 * recorded (dynamic rendering, or a render pass's subpass expressed as
 * one). ember_cmd_rendering.c begins and ends rendering instances,
 * ember_cmd_draw.c binds and draws, ember_cmd_dynamic_state.c holds the
 * dynamic-state commands, ember_cmd_clear_attachments.c
 * vkCmdClearAttachments, ember_cmd_render_pass.c the render pass commands.
 */

#ifndef EMBER_CMD_GFX_H
#define EMBER_CMD_GFX_H

#include "ember_cmd_buffer.h"
#include "ember_device.h"
#include "ember_gfx_state.h"
#include "ember_image.h"

struct ember_pipeline;
struct ember_render_pass;
struct ember_framebuffer;

/**
 * struct ember_cmd_attachment - One attachment of a rendering instance.
 * @view: the view rendered to (NULL: none, VK_ATTACHMENT_UNUSED).
 * @resolve: the view resolved into at the end (NULL: none).
 */
struct ember_cmd_attachment {
	struct ember_image_view *view;
	struct ember_image_view *resolve;
};

/**
 * struct ember_cmd_rendering - A render pass instance (VkRenderingInfo, or
 * a subpass of a render pass).
 * @area: the render area; @layers: layers drawn without multiview.
 * @view_mask: multiview's views (0: off).
 * @color_count, @color: colour attachments by location.
 * @depth_stencil: the depth/stencil attachment (depth's view, else stencil's).
 * @depth_stencil_aspects: which of its aspects the rendering has.
 * @ds_resolve, @ds_resolve_mode: the views its depth ([0]) and stencil
 *	([1]) planes are resolved into at the end, and how (NULL and
 *	VK_RESOLVE_MODE_NONE: not resolved).
 * @views_unknown: a secondary's inherited instance whose views it cannot
 *	know (a dynamic rendering, or a render pass without a framebuffer).
 */
struct ember_cmd_rendering {
	bool active;
	VkRect2D area;
	uint32_t layers, view_mask;
	uint32_t color_count;
	struct ember_cmd_attachment color[EMBER_GFX_MAX_COLOR_ATTACHMENTS];
	struct ember_cmd_attachment depth_stencil;
	VkImageAspectFlags depth_stencil_aspects;
	struct ember_image_view *ds_resolve[2];
	VkResolveModeFlagBits ds_resolve_mode[2];
	bool views_unknown;
};

/*
 * A vkCmdClearAttachments of a secondary that does not know the views of
 * the instance executing it: the primary that executes the secondary
 * clears its own attachments before the secondary's IB @ib
 * (ember_cmd_clear_attachments.c). @attachments and @rects share one
 * allocation.
 */
struct ember_cmd_deferred_clear {
	uint32_t ib;
	uint32_t attachment_count, rect_count;
	VkClearAttachment *attachments;
	VkClearRect *rects;
};

/**
 * struct ember_cmd_gfx - The graphics state of a command buffer.
 * @bind: the graphics bind point's sets.
 * @pipeline: the bound graphics pipeline (NULL with shader objects).
 * @vs, @fs: the shaders the next draw runs: the pipeline's, or the shader
 *	objects bound to the vertex and fragment stages (NULL: unbound; no
 *	fragment shader draws depth and stencil only).
 * @shader_objects: the draws use shader objects: every state is the
 *	dynamic-state commands' (vkCmdBindShadersEXT after a pipeline).
 * @vs_dynamic, @fs_dynamic: where the bound shader objects read dynamic buffers.
 * @state: the draw state (pipeline's static groups, commands' dynamic ones).
 * @dirty: EMBER_GFX_DIRTY_* blocks to write again at the next draw.
 * @blocks, @root, @root_map: the blocks the last draw used (@root_map:
 *	the CPU copy of the state block at @root).
 * @vbs: vertex buffers by binding; @index_*: the index buffer.
 * @rendering: the render pass instance being recorded.
 * @pass, @framebuffer, @subpass, @pass_views, @pass_clears: the render
 *	pass instance (NULL @pass: dynamic rendering or none).
 * @occlusion_counter: the active occlusion query's counter (0: none), which
 *	every draw names (ember_query_pool.c); @occlusion_views: how many
 *	consecutive queries it is (the views of a multiview instance).
 * @inherited_targets: a secondary recorded inside a render pass instance
 *	(RENDER_PASS_CONTINUE): device-writable memory its draws read the
 *	targets block from, which vkCmdExecuteCommands fills with the
 *	primary's (ember_cmd_secondary.c), and the counter of an inherited
 *	occlusion query; kept across resets. Its size is
 *	EMBER_GFX_INHERITED_BYTES.
 * @inherits_query: a secondary begun with occlusionQueryEnable, whose
 *	draws count into @inherited_targets' counter.
 * @deferred_clears, @deferred_clear_count, @deferred_clear_capacity: a
 *	secondary's clears the executing primary does (the array is kept
 *	across resets).
 */
struct ember_cmd_gfx {
	struct ember_cmd_bindings bind;
	struct ember_pipeline *pipeline;
	struct ember_shader *vs, *fs;
	bool shader_objects;
	const struct ember_dynamic_layout *vs_dynamic, *fs_dynamic;
	struct ember_gfx_draw_state state;
	uint32_t dirty;
	bool push_dirty;
	struct ember_gfx_blocks blocks;
	uint64_t root;
	const uint32_t *root_map;
	struct ember_gfx_vertex_buffer vbs[EMBER_GFX_MAX_VERTEX_BINDINGS];
	uint64_t index_va, index_range;
	uint32_t index_size;
	struct ember_cmd_rendering rendering;
	struct ember_render_pass *pass;
	struct ember_framebuffer *framebuffer;
	VkRect2D pass_area;
	uint32_t subpass;
	struct ember_image_view **pass_views;
	uint32_t pass_view_capacity;
	bool rendering_suspending;
	uint64_t occlusion_counter;
	uint32_t occlusion_views;
	struct ember_gpu_bo inherited_targets;
	bool inherits_query;
	struct ember_cmd_deferred_clear *deferred_clears;
	uint32_t deferred_clear_count, deferred_clear_capacity;
};

/* The largest targets block: eight colour attachments and depth/stencil. */
#define EMBER_GFX_TARGETS_MAX_BYTES						\
	((EMBER_GFX_TARGETS_DWORDS +						\
	  (EMBER_GFX_MAX_COLOR_ATTACHMENTS + 1) * EMBER_GFX_ATTACHMENT_DWORDS) * 4)

/*
 * A secondary's inherited memory (@inherited_targets): the targets block
 * its draws read, then the counter its draws add to under an inherited
 * occlusion query (ember_cmd_secondary.c).
 */
#define EMBER_GFX_INHERITED_COUNTER_OFFSET	((EMBER_GFX_TARGETS_MAX_BYTES + 7u) & ~7u)
#define EMBER_GFX_INHERITED_BYTES		(EMBER_GFX_INHERITED_COUNTER_OFFSET + 8u)

/* The size in bytes of the targets block of a rendering with @color_count attachments. */
static inline uint32_t ember_gfx_targets_bytes(uint32_t color_count)
{
	return (EMBER_GFX_TARGETS_DWORDS + (color_count + 1) * EMBER_GFX_ATTACHMENT_DWORDS) * 4;
}

/* Binds graphics @pipeline (ember_cmd_draw.c). */
void ember_cmd_bind_graphics_pipeline(struct ember_cmd_buffer *cmd,
				      struct ember_pipeline *pipeline);

/* @cmd's graphics state, allocated on first use; NULL when out of memory (recorded). */
struct ember_cmd_gfx *ember_cmd_gfx(struct ember_cmd_buffer *cmd);

/*
 * For a dynamic-state command: the draw state of @commandBuffer with the
 * blocks of @dirty (EMBER_GFX_DIRTY_*) marked for the next draw; NULL when
 * out of memory (recorded). EMBER_CMD_DYN(BLOCK) declares it as `s`, or
 * returns.
 */
static inline struct ember_gfx_draw_state *ember_cmd_dyn_state(VkCommandBuffer commandBuffer,
							       uint32_t dirty)
{
	struct ember_cmd_gfx *gfx = ember_cmd_gfx(ember_cmd_buffer_from_handle(commandBuffer));

	if (!gfx)
		return NULL;
	gfx->dirty |= dirty;
	return &gfx->state;
}

#define EMBER_CMD_DYN(dirty)						\
	struct ember_gfx_draw_state *s =				\
		ember_cmd_dyn_state(commandBuffer, EMBER_GFX_DIRTY_##dirty); \
	if (!s)								\
		return

/* Releases what the graphics state allocated besides itself. */
void ember_cmd_gfx_free(struct ember_cmd_buffer *cmd);

/*
 * Clears the graphics state for a new recording, keeping the allocations
 * a next recording reuses (the render pass views, the inherited targets,
 * the array of deferred clears).
 */
void ember_cmd_gfx_reset(struct ember_cmd_buffer *cmd);

/*
 * Binds the shader objects @shader (NULL: unbind) to graphics @stage
 * (vertex or fragment), reading dynamic buffers as @dynamic says
 * (ember_shader.c's vkCmdBindShadersEXT).
 */
void ember_cmd_bind_graphics_shader(struct ember_cmd_buffer *cmd, VkShaderStageFlagBits stage,
				    struct ember_shader *shader,
				    const struct ember_dynamic_layout *dynamic);

/*
 * A secondary begun with RENDER_PASS_CONTINUE: its draws render into the
 * attachments of whichever render pass instance executes it
 * (ember_cmd_secondary.c). ember_cmd_execute_in_rendering() makes
 * @secondary's draws read the targets of @cmd's current instance.
 */
void ember_cmd_execute_in_rendering(struct ember_cmd_buffer *cmd,
				    struct ember_cmd_buffer *secondary);

/*
 * What a secondary's @inheritance gives it (@flags: its usage): a render
 * pass instance to continue, an occlusion query and a pipeline statistics
 * query to count into.
 */
void ember_cmd_secondary_begin(struct ember_cmd_buffer *cmd, VkCommandBufferUsageFlags flags,
			       const VkCommandBufferInheritanceInfo *inheritance);

/*
 * Around the IBs of @secondary executed in @cmd: its inherited occlusion
 * query's counter and pipeline statistics counters get the counts of
 * @cmd's active queries before, and give the sums back after.
 */
void ember_cmd_execute_query_begin(struct ember_cmd_buffer *cmd,
				   const struct ember_cmd_buffer *secondary);
void ember_cmd_execute_query_end(struct ember_cmd_buffer *cmd,
				 const struct ember_cmd_buffer *secondary);

/*
 * A SIMULTANEOUS_USE secondary with relocations (ember_cmd_reloc()):
 * records into @cmd a copy of @secondary's IB @ib whose relocated fields
 * name @cmd's targets, query counters and condition, in place of the
 * secondary's inherited memory, which this execution leaves alone.
 */
void ember_cmd_execute_relocated_ib(struct ember_cmd_buffer *cmd,
				    const struct ember_cmd_buffer *secondary, uint32_t ib);

/*
 * Runs the clears @secondary deferred to before its IB @ib, on the
 * attachments of @cmd's current instance; forgets a recording's deferred
 * clears (a reset or a free of the command buffer).
 */
void ember_cmd_execute_deferred_clears(struct ember_cmd_buffer *cmd,
				       const struct ember_cmd_buffer *secondary, uint32_t ib);
void ember_cmd_deferred_clears_reset(struct ember_cmd_buffer *cmd);

/*
 * Starts the render pass instance @r (ember_cmd_rendering.c): writes its
 * targets block; the caller applies the load operations. Ends it: the
 * resolves, after a barrier.
 */
void ember_cmd_rendering_begin(struct ember_cmd_buffer *cmd, const struct ember_cmd_rendering *r);
void ember_cmd_rendering_end(struct ember_cmd_buffer *cmd);

/*
 * Clears @aspects of @view over @rect, layers @base_layer .. + @layer_count
 * of the view (or the views of @view_mask), on the copy engine; no barrier.
 */
void ember_cmd_clear_view(struct ember_cmd_buffer *cmd, const struct ember_image_view *view,
			  VkImageAspectFlags aspects, const VkClearValue *value,
			  const VkRect2D *rect, uint32_t base_layer, uint32_t layer_count,
			  uint32_t view_mask);

#endif /* EMBER_CMD_GFX_H */
