#version 450
// memoryBarrierShared, groupMemoryBarrier, memoryBarrierBuffer and
// subgroupBarrier around a producer/consumer exchange within a workgroup.
#extension GL_KHR_shader_subgroup_basic : require
//! groups 2
//! ssbo x binding=0 u32[256] init=random(911,0,100000)
//! ssbo scratch binding=1 u32[256]
//! ssbo o binding=2 u32[256] expect=ref
layout(local_size_x = 128) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) coherent buffer S { uint scratch[]; };
layout(std430, binding = 2) writeonly buffer O { uint o[]; };
shared uint s[128];

void main()
{
	uint l = gl_LocalInvocationIndex, g = gl_GlobalInvocationID.x, base = g - l;
	s[l] = x[g] * 2u;
	scratch[g] = x[g] + 1u;
	memoryBarrierShared();
	memoryBarrierBuffer();
	groupMemoryBarrier();
	barrier();
	uint v = s[(l + 5u) % 128u] + scratch[base + (l + 77u) % 128u];
	subgroupMemoryBarrier();
	subgroupBarrier();
	o[g] = v;
}
