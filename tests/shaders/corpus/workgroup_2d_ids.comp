#version 450
// Non-power-of-two 3D workgroups (5x3x2 = 30 invocations: a partial wave)
// and a dispatch with uneven group counts.
//! groups 3 2 5
//! ssbo o binding=0 u32[900] expect=ref
layout(local_size_x = 5, local_size_y = 3, local_size_z = 2) in;
layout(std430, binding = 0) writeonly buffer O { uint o[]; };

void main()
{
	uvec3 g = gl_GlobalInvocationID;
	uint linear = g.x + 15u * (g.y + 6u * g.z);
	o[linear] = gl_LocalInvocationIndex * 1000u + gl_WorkGroupID.x * 100u +
		    gl_WorkGroupID.y * 10u + gl_WorkGroupID.z;
}
