#version 450
// Specialization constants, including the workgroup size.
layout(local_size_x_id = 0, local_size_y = 1) in;
layout(constant_id = 1) const uint SCALE = 3;
layout(constant_id = 2) const bool ENABLE = true;
layout(std430, binding = 0) buffer O { uint o[]; };
void main() {
	uint i = gl_GlobalInvocationID.x;
	if (ENABLE)
		o[i] = i * SCALE + gl_WorkGroupSize.x;
}
