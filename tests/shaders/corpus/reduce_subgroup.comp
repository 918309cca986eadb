#version 450
// Workgroup reduction with subgroupAdd and one shared slot per subgroup.
#extension GL_KHR_shader_subgroup_arithmetic : require
//! groups 4
//! ref reduce_shared
//! ssbo x binding=0 u32[1024] init=random(711,0,0xffffff)
//! ssbo o binding=1 u32[4] expect=ref
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };
shared uint per_subgroup[256];

void main()
{
	uint sum = subgroupAdd(x[gl_GlobalInvocationID.x]);
	if (subgroupElect())
		per_subgroup[gl_SubgroupID] = sum;
	barrier();
	if (gl_LocalInvocationIndex == 0u) {
		uint total = 0u;
		for (uint s = 0u; s < gl_NumSubgroups; s++)
			total += per_subgroup[s];
		o[gl_WorkGroupID.x] = total;
	}
}
