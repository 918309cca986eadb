#version 450
// The invocation built-ins in a 3D dispatch of 3D workgroups.
//! groups 2 3 2
//! ssbo ids binding=0 u32[768] expect=ref
//! ssbo groups binding=1 u32[768] expect=ref
layout(local_size_x = 4, local_size_y = 2, local_size_z = 2) in;
layout(std430, binding = 0) writeonly buffer Ids { uvec4 ids[]; };
layout(std430, binding = 1) writeonly buffer Groups { uvec4 groups[]; };

void main()
{
	uvec3 g = gl_GlobalInvocationID;
	uvec3 size = gl_NumWorkGroups * gl_WorkGroupSize;
	uint linear = g.x + size.x * (g.y + size.y * g.z);
	ids[linear] = uvec4(g, gl_LocalInvocationIndex);
	groups[linear] = uvec4(gl_WorkGroupID,
			       gl_NumWorkGroups.x * 100u + gl_NumWorkGroups.y * 10u + gl_NumWorkGroups.z +
			       gl_LocalInvocationID.x * 1000u + gl_LocalInvocationID.y * 10000u +
			       gl_LocalInvocationID.z * 100000u);
}
