#version 450
// Workgroup size from three specialization constants (local_size_x/y/z_id)
// and gl_WorkGroupSize in arithmetic.
//! groups 2 1 2
//! spec 3 u32 4 2 3
//! ssbo o binding=0 u32[96] expect=ref
layout(local_size_x_id = 3, local_size_y_id = 4, local_size_z_id = 5) in;
layout(std430, binding = 0) writeonly buffer O { uint o[]; };

void main()
{
	uvec3 g = gl_GlobalInvocationID, size = gl_WorkGroupSize * gl_NumWorkGroups;
	uint linear = g.x + size.x * (g.y + size.y * g.z);
	o[linear] = gl_LocalInvocationIndex * 100u + gl_WorkGroupSize.x * 10u + gl_WorkGroupSize.z;
}
