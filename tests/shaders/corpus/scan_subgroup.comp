#version 450
// Inclusive prefix sum of 256 elements: subgroup scans, then the subgroup
// totals scanned in shared memory.
#extension GL_KHR_shader_subgroup_arithmetic : require
//! groups 2
//! ssbo x binding=0 u32[512] init=random(791,0,1000)
//! ssbo o binding=1 u32[512] expect=ref
//! ref scan_hillis_steele
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };
shared uint totals[256];

void main()
{
	uint v = subgroupInclusiveAdd(x[gl_GlobalInvocationID.x]);
	if (gl_SubgroupInvocationID == gl_SubgroupSize - 1u)
		totals[gl_SubgroupID] = v;
	barrier();
	uint before = 0u;
	for (uint s = 0u; s < gl_SubgroupID; s++)
		before += totals[s];
	o[gl_GlobalInvocationID.x] = v + before;
}
