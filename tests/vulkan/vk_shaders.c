/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* The SPIR-V arrays glslangValidator generated, with their sizes (vk_shaders.h). */

#include "vk_shaders.h"

#include "add_one.spv.h"
#include "gfx_color_vert.spv.h"
#include "gfx_color_frag.spv.h"
#include "gfx_flat_vert.spv.h"
#include "gfx_flat_frag.spv.h"
#include "gfx_uint_vert.spv.h"
#include "gfx_uint_frag.spv.h"
#include "gfx_fmt_vert.spv.h"
#include "gfx_fmt_float_frag.spv.h"
#include "gfx_fmt_int_frag.spv.h"
#include "gfx_fmt_uint_frag.spv.h"
#include "gfx_pos_vert.spv.h"
#include "gfx_push_color_frag.spv.h"
#include "gfx_dual_src_frag.spv.h"
#include "gfx_point_size_vert.spv.h"
#include "gfx_viewport_index_vert.spv.h"
#include "gfx_layer_vert.spv.h"
#include "gfx_vertex_id_vert.spv.h"
#include "gfx_vertex_id_point_vert.spv.h"
#include "gfx_draw_params_vert.spv.h"
#include "gfx_draw_params_frag.spv.h"
#include "io_front_facing_frag.spv.h"
#include "io_frag_depth_frag.spv.h"
#include "io_point_coord_frag.spv.h"
#include "gfx_input_color_frag.spv.h"
#include "gfx_input_ds_frag.spv.h"
#include "gfx_input_ms_frag.spv.h"
#include "io_count_frag.spv.h"
#include "io_count_early_frag.spv.h"
#include "io_helper_frag.spv.h"
#include "io_sample_mask_out_frag.spv.h"
#include "io_frag_depth_early_frag.spv.h"
#include "io_frag_depth_greater_frag.spv.h"
#include "io_frag_depth_less_frag.spv.h"
#include "io_interp_vert.spv.h"
#include "io_interp_frag.spv.h"
#include "io_derivatives_frag.spv.h"
#include "io_lod_frag.spv.h"
#include "io_demote_frag.spv.h"
#include "io_terminate_frag.spv.h"
#include "io_kill_frag.spv.h"
#include "io_view_index_frag.spv.h"
#include "io_interp_dynamic_frag.spv.h"
#include "io_view_index_vert.spv.h"
#include "io_sample_id_frag.spv.h"
#include "io_sample_coord_frag.spv.h"
#include "io_vertex_store_vert.spv.h"
#include "io_one_frag.spv.h"
#include "io_clip_vert.spv.h"
#include "io_clip_read_frag.spv.h"
#include "io_pixel_vert.spv.h"
#include "dynamic_sets.spv.h"
#include "fill.spv.h"
#include "grid_count.spv.h"
#include "group_id.spv.h"
#include "image_array_index.spv.h"
#include "image_ext_formats.spv.h"
#include "image_formatless.spv.h"
#include "image_gather.spv.h"
#include "sampler_aniso.spv.h"
#include "image_multisample.spv.h"
#include "image_nonuniform.spv.h"
#include "image_robust.spv.h"
#include "push_dynamic.spv.h"
#include "indexing.spv.h"
#include "indexing_wide.spv.h"
#include "int_dot.spv.h"
#include "int_types.spv.h"
#include "local_size_id.spv.h"
#include "memory_model.spv.h"
#include "ms_depth_fetch.spv.h"
#include "ms_stencil_fetch.spv.h"
#include "num_groups.spv.h"
#include "robust.spv.h"
#include "ubo_indexing.spv.h"
#include "subgroup_size.spv.h"
#include "ubo_read.spv.h"
#include "zero_shared.spv.h"
#include "bda_list.spv.h"
#include "bda_types.spv.h"
#include "bda_atomic.spv.h"
#include "demote_capability.spv.h"
#include "terminate_extension.spv.h"

const size_t gfx_color_vert_spv_size = sizeof(gfx_color_vert_spv);
const size_t gfx_color_frag_spv_size = sizeof(gfx_color_frag_spv);
const size_t gfx_flat_vert_spv_size = sizeof(gfx_flat_vert_spv);
const size_t gfx_flat_frag_spv_size = sizeof(gfx_flat_frag_spv);
const size_t gfx_uint_vert_spv_size = sizeof(gfx_uint_vert_spv);
const size_t gfx_uint_frag_spv_size = sizeof(gfx_uint_frag_spv);
const size_t gfx_fmt_vert_spv_size = sizeof(gfx_fmt_vert_spv);
const size_t gfx_fmt_float_frag_spv_size = sizeof(gfx_fmt_float_frag_spv);
const size_t gfx_fmt_int_frag_spv_size = sizeof(gfx_fmt_int_frag_spv);
const size_t gfx_fmt_uint_frag_spv_size = sizeof(gfx_fmt_uint_frag_spv);
const size_t gfx_pos_vert_spv_size = sizeof(gfx_pos_vert_spv);
const size_t gfx_push_color_frag_spv_size = sizeof(gfx_push_color_frag_spv);
const size_t gfx_dual_src_frag_spv_size = sizeof(gfx_dual_src_frag_spv);
const size_t gfx_point_size_vert_spv_size = sizeof(gfx_point_size_vert_spv);
const size_t gfx_viewport_index_vert_spv_size = sizeof(gfx_viewport_index_vert_spv);
const size_t gfx_layer_vert_spv_size = sizeof(gfx_layer_vert_spv);
const size_t gfx_vertex_id_vert_spv_size = sizeof(gfx_vertex_id_vert_spv);
const size_t gfx_vertex_id_point_vert_spv_size = sizeof(gfx_vertex_id_point_vert_spv);
const size_t gfx_draw_params_vert_spv_size = sizeof(gfx_draw_params_vert_spv);
const size_t gfx_draw_params_frag_spv_size = sizeof(gfx_draw_params_frag_spv);
const size_t io_front_facing_frag_spv_size = sizeof(io_front_facing_frag_spv);
const size_t io_frag_depth_frag_spv_size = sizeof(io_frag_depth_frag_spv);
const size_t io_point_coord_frag_spv_size = sizeof(io_point_coord_frag_spv);
const size_t gfx_input_color_frag_spv_size = sizeof(gfx_input_color_frag_spv);
const size_t gfx_input_ds_frag_spv_size = sizeof(gfx_input_ds_frag_spv);
const size_t gfx_input_ms_frag_spv_size = sizeof(gfx_input_ms_frag_spv);
const size_t io_count_frag_spv_size = sizeof(io_count_frag_spv);
const size_t io_count_early_frag_spv_size = sizeof(io_count_early_frag_spv);
const size_t io_helper_frag_spv_size = sizeof(io_helper_frag_spv);
const size_t io_sample_mask_out_frag_spv_size = sizeof(io_sample_mask_out_frag_spv);
const size_t io_frag_depth_early_frag_spv_size = sizeof(io_frag_depth_early_frag_spv);
const size_t io_frag_depth_greater_frag_spv_size = sizeof(io_frag_depth_greater_frag_spv);
const size_t io_frag_depth_less_frag_spv_size = sizeof(io_frag_depth_less_frag_spv);
const size_t io_interp_vert_spv_size = sizeof(io_interp_vert_spv);
const size_t io_interp_frag_spv_size = sizeof(io_interp_frag_spv);
const size_t io_derivatives_frag_spv_size = sizeof(io_derivatives_frag_spv);
const size_t io_lod_frag_spv_size = sizeof(io_lod_frag_spv);
const size_t io_demote_frag_spv_size = sizeof(io_demote_frag_spv);
const size_t io_terminate_frag_spv_size = sizeof(io_terminate_frag_spv);
const size_t io_kill_frag_spv_size = sizeof(io_kill_frag_spv);
const size_t io_view_index_frag_spv_size = sizeof(io_view_index_frag_spv);
const size_t io_interp_dynamic_frag_spv_size = sizeof(io_interp_dynamic_frag_spv);
const size_t io_view_index_vert_spv_size = sizeof(io_view_index_vert_spv);
const size_t io_sample_id_frag_spv_size = sizeof(io_sample_id_frag_spv);
const size_t io_sample_coord_frag_spv_size = sizeof(io_sample_coord_frag_spv);
const size_t io_vertex_store_vert_spv_size = sizeof(io_vertex_store_vert_spv);
const size_t io_one_frag_spv_size = sizeof(io_one_frag_spv);
const size_t io_clip_vert_spv_size = sizeof(io_clip_vert_spv);
const size_t io_clip_read_frag_spv_size = sizeof(io_clip_read_frag_spv);
const size_t io_pixel_vert_spv_size = sizeof(io_pixel_vert_spv);
const size_t add_one_spv_size = sizeof(add_one_spv);
const size_t dynamic_sets_spv_size = sizeof(dynamic_sets_spv);
const size_t fill_spv_size = sizeof(fill_spv);
const size_t grid_count_spv_size = sizeof(grid_count_spv);
const size_t group_id_spv_size = sizeof(group_id_spv);
const size_t image_array_index_spv_size = sizeof(image_array_index_spv);
const size_t image_ext_formats_spv_size = sizeof(image_ext_formats_spv);
const size_t image_formatless_spv_size = sizeof(image_formatless_spv);
const size_t image_gather_spv_size = sizeof(image_gather_spv);
const size_t sampler_aniso_spv_size = sizeof(sampler_aniso_spv);
const size_t image_multisample_spv_size = sizeof(image_multisample_spv);
const size_t image_nonuniform_spv_size = sizeof(image_nonuniform_spv);
const size_t image_robust_spv_size = sizeof(image_robust_spv);
const size_t push_dynamic_spv_size = sizeof(push_dynamic_spv);
const size_t indexing_spv_size = sizeof(indexing_spv);
const size_t indexing_wide_spv_size = sizeof(indexing_wide_spv);
const size_t int_dot_spv_size = sizeof(int_dot_spv);
const size_t int_types_spv_size = sizeof(int_types_spv);
const size_t local_size_id_spv_size = sizeof(local_size_id_spv);
const size_t memory_model_spv_size = sizeof(memory_model_spv);
const size_t ms_depth_fetch_spv_size = sizeof(ms_depth_fetch_spv);
const size_t ms_stencil_fetch_spv_size = sizeof(ms_stencil_fetch_spv);
const size_t num_groups_spv_size = sizeof(num_groups_spv);
const size_t robust_spv_size = sizeof(robust_spv);
const size_t ubo_indexing_spv_size = sizeof(ubo_indexing_spv);
const size_t subgroup_size_spv_size = sizeof(subgroup_size_spv);
const size_t ubo_read_spv_size = sizeof(ubo_read_spv);
const size_t zero_shared_spv_size = sizeof(zero_shared_spv);
const size_t bda_list_spv_size = sizeof(bda_list_spv);
const size_t bda_types_spv_size = sizeof(bda_types_spv);
const size_t bda_atomic_spv_size = sizeof(bda_atomic_spv);
const size_t demote_capability_spv_size = sizeof(demote_capability_spv);
const size_t terminate_extension_spv_size = sizeof(terminate_extension_spv);
