#version 450
// o[i] = base + SCALE * i for i < count: push constants and a
// specialization constant.
layout(local_size_x = 64) in;
layout(constant_id = 0) const uint SCALE = 1;
layout(push_constant) uniform Push { uint base; uint count; } p;
layout(std430, set = 0, binding = 0) buffer Out { uint o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x;
	if (i < p.count)
		o[i] = p.base + SCALE * i;
}
