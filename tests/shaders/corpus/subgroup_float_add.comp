#version 450
// Float subgroup sums and scans (order-dependent rounding: tolerance).
#extension GL_KHR_shader_subgroup_arithmetic : require
//! groups 2
//! ssbo x binding=0 f32[128] init=random(691,-1,1)
//! ssbo o binding=1 f32[384] expect=ref tol=abs:1e-5
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { float x[]; };
layout(std430, binding = 1) writeonly buffer O { float o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x;
	float v = x[i];
	o[i * 3u] = subgroupAdd(v);
	o[i * 3u + 1u] = subgroupInclusiveAdd(v);
	o[i * 3u + 2u] = subgroupMax(v) - subgroupMin(v);
}
