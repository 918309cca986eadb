#version 450
// The workgroup size from a specialization constant (local_size_x_id).
//! groups 3
//! spec 0 u32 48
//! ssbo o binding=0 u32[288] expect=ref
layout(local_size_x_id = 0) in;
layout(std430, binding = 0) writeonly buffer O { uvec2 o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x;
	o[i] = uvec2(gl_WorkGroupSize.x, gl_WorkGroupID.x * 1000u + gl_LocalInvocationID.x);
}
