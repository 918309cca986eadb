#version 450
// Matrix-vector products in the shape of ggml's mul_mat_vec: a private
// array temp[NUM_COLS][NUM_ROWS] sized by specialization constants, passed
// inout and by value to functions, unrolled loops, then reduced with
// subgroupAdd and a shared tmpsh[NUM_COLS][NUM_ROWS][BLOCK_SIZE]; the
// vector is read through two variables aliasing one binding (float[] and
// vec4[], ggml's data_b and data_b_v4), which must share its descriptor.
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_EXT_control_flow_attributes : require
//! groups 2
//! spec 0 u32 32
//! spec 1 u32 2
//! spec 2 u32 3
//! ssbo a binding=0 u32[1024] init=random(907,0,15)
//! ssbo b binding=1 f32[768] init=seq(0,1)
//! ssbo o binding=2 f32[12] expect=ref
layout(local_size_x_id = 0) in;
layout(constant_id = 0) const uint BLOCK_SIZE = 32u;
layout(constant_id = 1) const uint NUM_ROWS = 1u;
layout(constant_id = 2) const uint NUM_COLS = 1u;
const uint K = 256u;
layout(std430, binding = 0) readonly buffer A { uint a[]; };
layout(std430, binding = 1) readonly buffer B { float b[]; };
layout(std430, binding = 1) readonly buffer BV4 { vec4 b_v4[]; };
layout(std430, binding = 2) writeonly buffer O { float o[]; };
shared float tmpsh[NUM_COLS][NUM_ROWS][BLOCK_SIZE];

void iter(inout float temp[NUM_COLS][NUM_ROWS], uint first_row, uint num_rows,
	  uint tid, uint i)
{
	[[unroll]] for (uint j = 0u; j < NUM_COLS; ++j) {
		uint col = 4u * (i * BLOCK_SIZE + tid), ia;
		vec4 bv = vec4(b_v4[(j * K + col) / 4u].xyz, b[j * K + col + 3u]);
		[[unroll]] for (uint n = 0u; n < num_rows; ++n) {
			ia = (first_row + n) * K + col;
			temp[j][n] += dot(vec4(a[ia], a[ia + 1u], a[ia + 2u], a[ia + 3u]), bv);
		}
	}
}

void reduce_result(float temp[NUM_COLS][NUM_ROWS], uint first_row,
		   uint num_rows, uint tid)
{
	[[unroll]] for (uint j = 0u; j < NUM_COLS; ++j)
		[[unroll]] for (uint n = 0u; n < num_rows; ++n)
			temp[j][n] = subgroupAdd(temp[j][n]);
	if (gl_SubgroupInvocationID == 0u)
		[[unroll]] for (uint j = 0u; j < NUM_COLS; ++j)
			[[unroll]] for (uint n = 0u; n < num_rows; ++n)
				tmpsh[j][n][gl_SubgroupID] = temp[j][n];
	barrier();
	if (tid == 0u) {
		[[unroll]] for (uint j = 0u; j < NUM_COLS; ++j) {
			[[unroll]] for (uint n = 0u; n < num_rows; ++n) {
				temp[j][n] = 0.0;
				for (uint s = 0u; s < gl_NumSubgroups; ++s)
					temp[j][n] += tmpsh[j][n][s];
				o[j * gl_NumWorkGroups.x * NUM_ROWS + first_row + n] = temp[j][n];
			}
		}
	}
}

void main()
{
	uint tid = gl_LocalInvocationID.x;
	uint first_row = gl_WorkGroupID.x * NUM_ROWS;
	float temp[NUM_COLS][NUM_ROWS];

	[[unroll]] for (uint j = 0u; j < NUM_COLS; ++j)
		[[unroll]] for (uint n = 0u; n < NUM_ROWS; ++n)
			temp[j][n] = 0.0;
	for (uint i = 0u; i < K / (4u * BLOCK_SIZE); ++i)
		iter(temp, first_row, NUM_ROWS, tid, i);
	reduce_result(temp, first_row, NUM_ROWS, tid);
}
