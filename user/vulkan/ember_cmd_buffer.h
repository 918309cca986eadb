/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#ifndef EMBER_CMD_BUFFER_H
#define EMBER_CMD_BUFFER_H

#include "ember_device.h"
#include "ember_object.h"

/**
 * struct ember_cmd_ib - One indirect buffer of a recorded command buffer.
 * @va: its GPU VA (in the device's VM).
 * @size: its size in bytes (a multiple of 4, at most the device's max_ib_size).
 */
struct ember_cmd_ib {
	uint64_t va;
	uint32_t size;
};

struct ember_cmd_pool;
struct ember_cmd_chunk;
struct ember_shader;
struct ember_dynamic_layout;

/**
 * struct ember_cmd_dynamic - The dynamic buffers of one bound set, as the
 * bind wrote them with its offsets applied: @count 16-byte descriptors at
 * @map (GPU VA @va) in the command buffer's data memory.
 */
struct ember_cmd_dynamic {
	const uint8_t *map;
	uint64_t va;
	uint32_t count;
};

/**
 * struct ember_cmd_bindings - The descriptor sets of one bind point (compute
 * or graphics): where the bound shaders read dynamic buffers, the bound
 * sets and their dynamic buffers; @dynamic_table_va is the dynamic table
 * the last dispatch or draw used, still right unless @dynamic_dirty.
 */
struct ember_cmd_bindings {
	const struct ember_dynamic_layout *dynamic_layout;
	uint64_t sets[8];
	struct ember_cmd_dynamic dynamic[8];
	uint64_t dynamic_table_va;
	bool dynamic_dirty;
};

struct ember_cmd_gfx;

/*
 * What a relocated field of a SIMULTANEOUS_USE secondary names
 * (ember_cmd_secondary.c): the u64 VA at @field_va in one of its IBs.
 * ROOT: a BIND_GFX_STATE's state block (@root: its CPU copy), whose
 * targets are the inherited ones; OCCLUSION and STATS: the inherited
 * occlusion counter or pipeline statistics counters; COND: a COND_EXEC
 * on the inherited condition word (@field_va: its header).
 */
enum ember_cmd_reloc_kind {
	EMBER_CMD_RELOC_ROOT,
	EMBER_CMD_RELOC_OCCLUSION,
	EMBER_CMD_RELOC_STATS,
	EMBER_CMD_RELOC_COND,
};

struct ember_cmd_reloc {
	uint64_t field_va;
	const uint32_t *root;
	enum ember_cmd_reloc_kind kind;
};

/* The specification's command buffer states. */
enum ember_cmd_state {
	EMBER_CMD_INITIAL,
	EMBER_CMD_RECORDING,
	EMBER_CMD_EXECUTABLE,
	EMBER_CMD_PENDING,
	EMBER_CMD_INVALID,
};

/**
 * struct ember_cmd_buffer - A VkCommandBuffer.
 * @base: the object base (dispatchable).
 * @pool: the pool it was allocated from.
 * @level: primary or secondary.
 * @link: in the pool's list of command buffers.
 * @state: the state machine's state.
 * @usage: the flags of the last vkBeginCommandBuffer.
 * @error: the first error of the recording (vkEndCommandBuffer's result).
 * @chunks: every GPU chunk the recording uses (IBs and data), newest first.
 * @ib_chunk, @ib_start, @ib_offset: the chunk the open IB is in, where the
 *	IB starts and where the next packet goes (bytes).
 * @data_chunk, @data_offset: where ember_cmd_alloc_data() takes memory.
 * @ibs, @ib_count, @ib_capacity: the closed IBs, in order.
 * @compute: the compute state the next dispatch uses: the shader and the
 *	compute bind point's sets.
 * @push: the push constants (one range for every stage and bind point).
 * @gfx: the graphics state (ember_cmd_gfx.h), allocated on first use.
 * @push_set: the last push-descriptor set written (a push starts from it).
 */
/*
 * VK_EXT_conditional_rendering (ember_cmd_conditional.c): while @va is
 * set, every packet ember_cmd_emit() reserves for a command the condition
 * affects (@affected: draws, dispatches, vkCmdClearAttachments) sits
 * behind a COND_EXEC on the 32-bit predicate at @va. @inherited: in a
 * secondary begun with conditionalRenderingEnable, the VA of the word
 * (in @word, kept across resets) that the executing primary sets to
 * whether its condition holds; @va outside the secondary's own
 * conditions.
 */
struct ember_cmd_condition {
	uint64_t va;
	uint64_t inherited;
	bool inverted;
	bool affected;
};

struct ember_cmd_buffer {
	struct ember_object base;
	struct ember_cmd_pool *pool;
	VkCommandBufferLevel level;
	struct ember_cmd_buffer *link_prev, *link_next;
	enum ember_cmd_state state;
	VkCommandBufferUsageFlags usage;
	VkResult error;
	struct ember_cmd_chunk *chunks;
	struct ember_cmd_chunk *ib_chunk;
	uint32_t ib_start, ib_offset;
	struct ember_cmd_chunk *data_chunk;
	uint32_t data_offset;
	struct ember_cmd_ib *ibs;
	uint32_t ib_count, ib_capacity;
	struct {
		struct ember_shader *shader;
		struct ember_cmd_bindings bind;
	} compute;
	uint8_t push[256];
	struct ember_cmd_gfx *gfx;
	struct {
		void *map;
		uint32_t set;
		size_t size;
	} push_set;
	struct ember_cmd_condition condition;
	struct ember_gpu_bo condition_word;
	/*
	 * The active pipeline statistics query's counters (0: none), named
	 * before every draw and dispatch, and its views (multiview).
	 */
	uint64_t pipeline_stats;
	uint32_t pipeline_stats_views;
	/*
	 * A secondary begun with inherited pipelineStatistics: its draws and
	 * dispatches count into @inherited_stats (allocated at the first such
	 * begin, kept across resets), which the executing primary fills with
	 * its active query's counters and takes back (ember_cmd_secondary.c).
	 */
	bool inherits_pipeline_stats;
	struct ember_gpu_bo inherited_stats;
	/*
	 * A SIMULTANEOUS_USE secondary: the packet fields that name its
	 * inherited memory, which each execution points at its primary's
	 * (ember_cmd_secondary.c); the array is kept across resets.
	 */
	struct ember_cmd_reloc *relocs;
	uint32_t reloc_count, reloc_capacity;
};

EMBER_DEFINE_HANDLE_CASTS(ember_cmd_buffer, base, VkCommandBuffer,
			  VK_OBJECT_TYPE_COMMAND_BUFFER)

/* Dwords ember_cmd_pack_pipeline_stats() writes when a query is active. */
#define EMBER_CMD_PIPELINE_STATS_DWORDS	(1 + EMBER_UPKT_PIPELINE_STATS_COUNTERS_LEN)

/*
 * The active pipeline statistics query's PIPELINE_STATS_COUNTERS at @p (a
 * draw or dispatch follows it in the same indirect buffer): where the
 * next packet goes, @p itself when no query is active.
 */
uint32_t *ember_cmd_pack_pipeline_stats(struct ember_cmd_buffer *cmd, uint32_t *p);

/* Closes the open IB (if it holds packets): the next packet starts a new one. */
void ember_cmd_close_ib(struct ember_cmd_buffer *cmd);

/*
 * An IB of its own of @dwords (at most the device's max_ib_size) for the
 * caller to fill and close: NULL on error (recorded).
 */
uint32_t *ember_cmd_emit_ib(struct ember_cmd_buffer *cmd, uint32_t dwords);

/* The CPU address of @va in the memory of @cmd's recording (NULL: not in it). */
const void *ember_cmd_map(const struct ember_cmd_buffer *cmd, uint64_t va);

/*
 * In a SIMULTANEOUS_USE secondary, records that the u64 at @field (in
 * the packet just emitted) names inherited memory as @kind says
 * (@root: the CPU copy of a ROOT's state block); nothing otherwise.
 */
void ember_cmd_reloc(struct ember_cmd_buffer *cmd, const uint32_t *field,
		     enum ember_cmd_reloc_kind kind, const uint32_t *root);

/*
 * The queue's view of an executable command buffer: its IBs in execution
 * order (a submission runs them as consecutive jobs of one queue).
 */
const struct ember_cmd_ib *ember_cmd_buffer_ibs(struct ember_cmd_buffer *cmd, uint32_t *count);

/* The submission of @cmd reached the kernel (state machine: pending). */
void ember_cmd_buffer_submitted(struct ember_cmd_buffer *cmd);

/*
 * Recording API for every file that records commands (ember_cmd_*.c,
 * descriptors, shaders, queries, events):
 *
 * ember_cmd_emit() reserves @dwords consecutive dwords for one packet in
 * the current IB (a full IB is closed and a new one started: a packet never
 * straddles two IBs) and returns where to write them; NULL when out of
 * memory, with the error recorded (vkEndCommandBuffer returns it). Inside
 * ember_cmd_condition_enter() / _leave() and under an active conditional
 * rendering, the dwords are preceded by the COND_EXEC that skips them.
 *
 * ember_cmd_alloc_data() gives @size bytes of GPU memory aligned to @align
 * (at most 4096) that lives until the command buffer is reset or freed:
 * per-command data the device reads when the command executes (descriptor
 * set tables, dynamic buffers with their offsets, push descriptors). Returns the
 * CPU pointer and the GPU VA in *@va; NULL on error (recorded).
 */
uint32_t *ember_cmd_emit(struct ember_cmd_buffer *cmd, uint32_t dwords);
void *ember_cmd_alloc_data(struct ember_cmd_buffer *cmd, uint32_t size, uint32_t align,
			   uint64_t *va);
/* Around the packets of a command conditional rendering affects. */
static inline void ember_cmd_condition_enter(struct ember_cmd_buffer *cmd)
{
	cmd->condition.affected = true;
}

static inline void ember_cmd_condition_leave(struct ember_cmd_buffer *cmd)
{
	cmd->condition.affected = false;
}

/*
 * Conditional rendering across vkCmdExecuteCommands (ember_cmd_conditional.c):
 * a secondary's inheritance of the condition, and what the primary records
 * before the secondary's IBs so they see its condition.
 */
void ember_cmd_condition_inherit(struct ember_cmd_buffer *cmd,
				 const VkCommandBufferInheritanceInfo *inheritance);
void ember_cmd_execute_condition(struct ember_cmd_buffer *cmd,
				 const struct ember_cmd_buffer *secondary);
void ember_cmd_condition_free(struct ember_cmd_buffer *cmd);

/* Records the first error of the recording (vkEndCommandBuffer returns it). */
void ember_cmd_record_error(struct ember_cmd_buffer *cmd, VkResult result);
/* Device-written memory of the recording, created on first use. */
bool ember_cmd_device_words(struct ember_cmd_buffer *cmd, uint64_t size,
			    struct ember_gpu_bo *bo);

/*
 * The sets of @bind_point (compute; graphics, allocating the graphics
 * state: NULL when out of memory, the error recorded).
 */
struct ember_cmd_bindings *ember_cmd_bindings(struct ember_cmd_buffer *cmd,
					      VkPipelineBindPoint bind_point);
/*
 * The next dispatch or draw of @bind_point uses set @set at @va (its first
 * descriptor), with the dynamic buffers @dynamic (NULL: none).
 */
void ember_cmd_bind_descriptor_set(struct ember_cmd_buffer *cmd, VkPipelineBindPoint bind_point,
				   uint32_t set, uint64_t va,
				   const struct ember_cmd_dynamic *dynamic);
/*
 * Compute state: the next dispatch runs @shader (NULL: unbind), which reads
 * dynamic buffers as @dynamic says (NULL: it has none).
 */
void ember_cmd_bind_compute_shader(struct ember_cmd_buffer *cmd, struct ember_shader *shader,
				   const struct ember_dynamic_layout *dynamic);
/*
 * The dynamic table the set-table entry EMBER_DYNAMIC_TABLE_SET of the next
 * dispatch or draw using @bind points at (ember_descriptor_set.c), in *@va
 * (0 when its shaders read no dynamic buffer); false on error (recorded).
 */
bool ember_cmd_dynamic_table(struct ember_cmd_buffer *cmd, struct ember_cmd_bindings *bind,
			     uint64_t *va);
/*
 * The descriptor-set table of a dispatch or draw using @bind, written into
 * the command buffer's memory: its VA, 0 on error (recorded).
 */
uint64_t ember_cmd_set_table(struct ember_cmd_buffer *cmd, struct ember_cmd_bindings *bind);
/* A BARRIER packet: every earlier packet of the buffer completes before any later one. */
void ember_cmd_emit_barrier(struct ember_cmd_buffer *cmd);

#endif /* EMBER_CMD_BUFFER_H */
