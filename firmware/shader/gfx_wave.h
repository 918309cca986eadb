/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Vertex and fragment waves
 *
 * What the device's 3D pipeline calls to run the graphics stages of ISA
 * 1.4 (Documentation/gpu/ember-isa.rst, "Graphics stages") on a shader
 * core, one wave at a time:
 *
 * - sc_gfx_stage_init() prepares a struct sc_dispatch for one draw's
 *   vertex or fragment shader: the decoded program (sc_program_build()),
 *   the context's MMU, descriptor sets, push constants, the draw's
 *   built-in values, the watchdog deadline, the JIT's code;
 * - sc_gfx_core_init() gives a host thread its core (struct sc_group:
 *   TLB, page and descriptor caches, the registers of one wave);
 * - sc_vertex_wave_run() shades up to 32 vertices: per-lane vertex and
 *   instance indices and input slots in, output slots and built-ins out;
 * - sc_fragment_wave_run() shades up to 8 quads of the back end (struct
 *   ember_quad, firmware/raster/raster.h), lane 4k + p being pixel p of
 *   quad k: the three vertices' output slots in, colours by location,
 *   depth, sample mask and the lanes whose outputs are discarded out.
 *
 * A wave's fault (memory, bad descriptor, illegal instruction, watchdog)
 * stops it and every later wave of the stage (the dispatch's stop flag),
 * recorded in the core as compute waves record it: the pipeline collects
 * it with sc_gfx_core_fault() and turns it into the job's fault record.
 * Robust memory and image access are the compute rules, unchanged.
 */

#ifndef EMBER_FW_SHADER_GFX_WAVE_H
#define EMBER_FW_SHADER_GFX_WAVE_H

#include "raster/raster.h"
#include "shader_core.h"

#define SC_GFX_SLOTS		(EMBER_ISA_MAX_IO_SLOTS * 4)
#define SC_GFX_COLOR_SLOTS	(EMBER_ISA_MAX_COLOR_OUTPUTS * 4)
#define SC_GFX_QUADS		EMBER_ISA_QUADS_PER_WAVE

/* One draw's stage: the per-draw inputs of sc_gfx_stage_init(). */
struct sc_gfx_stage_params {
	struct ember_device *dev;
	struct ember_mmu mmu;
	/** @prog: a built program of the vertex or fragment stage. */
	const struct sc_program *prog;
	uint64_t shader_va;
	uint64_t set_table_va;
	const uint32_t *push;
	uint32_t push_bytes;
	uint64_t deadline_ns;
	/** @jit: the program's native code, or NULL: the interpreter. */
	sc_jit_fn jit;
	/** @base_vertex .. @view_index: the uniform built-ins of the draw. */
	uint32_t base_vertex, base_instance, draw_index, view_index;
	/**
	 * @samples: rasterization samples (1 or 4); @sample_pos: sample s's
	 * location in the pixel, in pixels from its top-left corner (R4 of
	 * raster_state.h).
	 */
	unsigned int samples;
	float sample_pos[EMBER_MAX_SAMPLES][2];
};

/*
 * @d for a stage of a draw: false if @p's program is not of a graphics
 * stage or @p->samples is not 1..EMBER_MAX_SAMPLES. The pipeline owns @d
 * and @p; they must outlive the cores using them.
 */
bool sc_gfx_stage_init(struct sc_dispatch *d, const struct sc_gfx_stage_params *p);

/* The graphics built-ins of the stage @d (sc_gfx_stage_init()). */
const struct sc_gfx_stage_params *sc_gfx_stage_of(const struct sc_dispatch *d);

/* @g for @d on this host thread: false if out of host memory. */
bool sc_gfx_core_init(struct sc_group *g, struct sc_dispatch *d);
void sc_gfx_core_fini(struct sc_group *g);
/* The core's first fault: an EMBER_FAULT_* kind with its VA and detail, or 0. */
int sc_gfx_core_fault(const struct sc_group *g, uint64_t *va, uint32_t *detail);

struct sc_vertex_wave_in {
	/** @count: vertices, lanes 0 .. count - 1 (1..32). */
	uint32_t count;
	uint32_t vertex_index[SC_LANES];
	uint32_t instance_index[SC_LANES];
	/**
	 * @inputs: slot s of lane l at inputs[s][l], for the header's
	 * num_inputs * 4 slots (vertex fetch's 32-bit values).
	 */
	const uint32_t (*inputs)[SC_LANES];
};

struct sc_vertex_wave_out {
	/** @outputs: slot s of lane l; slots the shader did not write are 0. */
	uint32_t outputs[SC_GFX_SLOTS][SC_LANES];
	/** @position: x, y, z, w (0 unless written). */
	float position[4][SC_LANES];
	/** @point_size: 1.0 unless written. */
	float point_size[SC_LANES];
	float clip_distance[EMBER_ISA_MAX_CLIP_CULL][SC_LANES];
	float cull_distance[EMBER_ISA_MAX_CLIP_CULL][SC_LANES];
	/** @layer: 0 unless written. */
	uint32_t layer[SC_LANES];
	/** @viewport_index: 0 unless written. */
	uint32_t viewport_index[SC_LANES];
};

struct sc_fragment_wave_in {
	/** @num_quads: quads, lanes 0 .. 4 * num_quads - 1 (1..8). */
	uint32_t num_quads;
	const struct ember_quad *quad[SC_GFX_QUADS];
	/**
	 * @vertex: the primitive's three vertices' output slots (num_inputs *
	 * 4 dwords each, in the order of the quad's barycentrics).
	 */
	const uint32_t *vertex[SC_GFX_QUADS][3];
	/** @layer: the primitive's Layer (its provoking vertex's). */
	uint32_t layer[SC_GFX_QUADS];
	/**
	 * @per_sample: the pipeline runs the quads once per covered sample
	 * although the header does not ask it (the draw's sample shading).
	 */
	bool per_sample;
	/**
	 * @sample: with the header's SAMPLE_RATE flag or @per_sample, the
	 * sample the quad's invocations shade; ignored otherwise.
	 */
	uint32_t sample[SC_GFX_QUADS];
};

struct sc_fragment_wave_out {
	/** @color: slot location * 4 + component of lane l; unwritten: 0. */
	uint32_t color[SC_GFX_COLOR_SLOTS][SC_LANES];
	/** @depth: FragDepth if written, else FragCoord.z. */
	float depth[SC_LANES];
	/** @sample_mask: SampleMask if written, else all ones. */
	uint32_t sample_mask[SC_LANES];
	/**
	 * @discarded: lanes whose outputs the back end must drop: terminated
	 * or demoted invocations (helpers of the quad are never written).
	 */
	uint32_t discarded;
};

/*
 * Run one wave on core @g: 0; the EMBER_FAULT_* kind of the fault that
 * stopped it (also recorded in @g); -ECANCELED if the stage was stopped
 * already (another core's fault); -EINVAL for a wave the stage cannot run
 * (no lanes, too many, another stage's program). @out is undefined unless
 * 0 is returned.
 */
int sc_vertex_wave_run(struct sc_group *g, const struct sc_vertex_wave_in *in,
		       struct sc_vertex_wave_out *out);
int sc_fragment_wave_run(struct sc_group *g, const struct sc_fragment_wave_in *in,
			 struct sc_fragment_wave_out *out);

#endif /* EMBER_FW_SHADER_GFX_WAVE_H */
