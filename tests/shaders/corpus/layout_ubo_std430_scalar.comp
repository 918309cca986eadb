#version 450
// Uniform blocks in std430 (uniformBufferStandardLayout: 4-byte float
// array stride) and scalar layout (vec3 followed by a float at 12).
#extension GL_EXT_scalar_block_layout : require
//! groups 1
//! ubo a binding=0 f32[16] init=seq(1,1)
//! ubo b binding=1 f32[16] init=seq(100,2)
//! ssbo o binding=2 f32[64] expect=ref
layout(local_size_x = 16) in;
layout(std430, binding = 0) uniform A { float values[16]; } a;
layout(scalar, binding = 1) uniform B { vec3 v[4]; float after; } b;
layout(std430, binding = 2) writeonly buffer O { vec4 o[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	o[i] = vec4(a.values[i], b.v[i % 4u].x + b.v[i % 4u].z, b.after, a.values[15u - i]);
}
