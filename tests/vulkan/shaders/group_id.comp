#version 450
// One invocation per workgroup writes its workgroup id (dispatch base).
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { uint o[]; };

void main()
{
	uint g = gl_WorkGroupID.x;
	o[g] = g * 10u + 1u;
}
