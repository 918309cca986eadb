/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The tests' shaders (shaders/NAME.comp, or NAME.spvasm for what GLSL
 * cannot express; the drawing tests' NAME.vert and NAME.frag as NAME_vert
 * and NAME_frag), compiled to SPIR-V at build time.
 */

#ifndef EMBER_VK_SHADERS_H
#define EMBER_VK_SHADERS_H

#include <stddef.h>
#include <stdint.h>

#define VK_TEST_SHADER(name)			\
	extern const uint32_t name##_spv[];	\
	extern const size_t name##_spv_size

VK_TEST_SHADER(add_one);
VK_TEST_SHADER(gfx_color_vert);
VK_TEST_SHADER(gfx_color_frag);
VK_TEST_SHADER(gfx_flat_vert);
VK_TEST_SHADER(gfx_flat_frag);
VK_TEST_SHADER(gfx_uint_vert);
VK_TEST_SHADER(gfx_uint_frag);
VK_TEST_SHADER(gfx_fmt_vert);
VK_TEST_SHADER(gfx_fmt_float_frag);
VK_TEST_SHADER(gfx_fmt_int_frag);
VK_TEST_SHADER(gfx_fmt_uint_frag);
VK_TEST_SHADER(gfx_pos_vert);
VK_TEST_SHADER(gfx_push_color_frag);
VK_TEST_SHADER(gfx_dual_src_frag);
VK_TEST_SHADER(gfx_point_size_vert);
VK_TEST_SHADER(gfx_viewport_index_vert);
VK_TEST_SHADER(gfx_layer_vert);
VK_TEST_SHADER(gfx_vertex_id_vert);
VK_TEST_SHADER(gfx_vertex_id_point_vert);
VK_TEST_SHADER(gfx_draw_params_vert);
VK_TEST_SHADER(gfx_draw_params_frag);
VK_TEST_SHADER(io_front_facing_frag);
VK_TEST_SHADER(io_frag_depth_frag);
VK_TEST_SHADER(io_point_coord_frag);
VK_TEST_SHADER(gfx_input_color_frag);
VK_TEST_SHADER(gfx_input_ds_frag);
VK_TEST_SHADER(gfx_input_ms_frag);
VK_TEST_SHADER(io_count_frag);
VK_TEST_SHADER(io_count_early_frag);
VK_TEST_SHADER(io_helper_frag);
VK_TEST_SHADER(io_sample_mask_out_frag);
VK_TEST_SHADER(io_frag_depth_early_frag);
VK_TEST_SHADER(io_frag_depth_greater_frag);
VK_TEST_SHADER(io_frag_depth_less_frag);
VK_TEST_SHADER(io_interp_vert);
VK_TEST_SHADER(io_interp_frag);
VK_TEST_SHADER(io_derivatives_frag);
VK_TEST_SHADER(io_lod_frag);
VK_TEST_SHADER(io_demote_frag);
VK_TEST_SHADER(io_terminate_frag);
VK_TEST_SHADER(io_kill_frag);
VK_TEST_SHADER(io_view_index_frag);
VK_TEST_SHADER(io_interp_dynamic_frag);
VK_TEST_SHADER(io_view_index_vert);
VK_TEST_SHADER(io_sample_id_frag);
VK_TEST_SHADER(io_sample_coord_frag);
VK_TEST_SHADER(io_vertex_store_vert);
VK_TEST_SHADER(io_one_frag);
VK_TEST_SHADER(io_clip_vert);
VK_TEST_SHADER(io_clip_read_frag);
VK_TEST_SHADER(io_pixel_vert);

VK_TEST_SHADER(dynamic_sets);
VK_TEST_SHADER(fill);
VK_TEST_SHADER(grid_count);
VK_TEST_SHADER(group_id);
VK_TEST_SHADER(image_array_index);
VK_TEST_SHADER(image_ext_formats);
VK_TEST_SHADER(image_formatless);
VK_TEST_SHADER(image_gather);
VK_TEST_SHADER(sampler_aniso);
VK_TEST_SHADER(image_multisample);
VK_TEST_SHADER(image_nonuniform);
VK_TEST_SHADER(image_robust);
VK_TEST_SHADER(push_dynamic);
VK_TEST_SHADER(demote_capability);
VK_TEST_SHADER(terminate_extension);
VK_TEST_SHADER(indexing);
VK_TEST_SHADER(indexing_wide);
VK_TEST_SHADER(int_dot);
VK_TEST_SHADER(int_types);
VK_TEST_SHADER(local_size_id);
VK_TEST_SHADER(memory_model);
VK_TEST_SHADER(ms_depth_fetch);
VK_TEST_SHADER(ms_stencil_fetch);
VK_TEST_SHADER(num_groups);
VK_TEST_SHADER(robust);
VK_TEST_SHADER(ubo_indexing);
VK_TEST_SHADER(subgroup_size);
VK_TEST_SHADER(ubo_read);
VK_TEST_SHADER(zero_shared);
VK_TEST_SHADER(bda_list);
VK_TEST_SHADER(bda_types);
VK_TEST_SHADER(bda_atomic);

#endif /* EMBER_VK_SHADERS_H */
