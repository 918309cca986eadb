#version 450
// Arrays of descriptors: storage buffers indexed by constants and by a
// dynamically uniform push constant, a uniform buffer array.
//! groups 1
//! push u32 2
//! ssbo in0 binding=0 index=0 u32[64] init=seq(0,1)
//! ssbo in1 binding=0 index=1 u32[64] init=seq(1000,3)
//! ssbo in2 binding=0 index=2 u32[64] init=random(901,0,100000)
//! ubo k0 binding=1 index=0 u32[4] init=values(2,0,0,0)
//! ubo k1 binding=1 index=1 u32[4] init=values(5,0,0,0)
//! ssbo o binding=2 u32[64] expect=ref
layout(local_size_x = 64) in;
layout(push_constant) uniform P { uint pick; } pc;
layout(std430, binding = 0) readonly buffer In { uint v[]; } inputs[3];
layout(std140, binding = 1) uniform K { uint factor; } k[2];
layout(std430, binding = 2) writeonly buffer O { uint o[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	o[i] = inputs[0].v[i] * k[0].factor + inputs[1].v[i] * k[1].factor + inputs[pc.pick].v[i];
}
