#version 450
// Push constants of several types at their std430 offsets.
//! groups 1
//! push u32 3
//! push f32 0.5
//! push i32 -7
//! ssbo data binding=0 f32[32] init=seq(0,1)
//! ssbo result binding=1 f32[32] expect=ref
layout(local_size_x = 32) in;
layout(push_constant) uniform Push { uint scale; float offset; int bias; } pc;
layout(std430, binding = 0) readonly buffer Data { float data[]; };
layout(std430, binding = 1) writeonly buffer Result { float result[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x;
	result[i] = data[i] * float(pc.scale) + pc.offset + float(pc.bias);
}
