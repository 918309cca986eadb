#version 450
// A std140 push-constant block read with a run-time index: every byte up
// to the end of its last member (a column-major mat2, 16-byte columns, at
// 48) is pushed, not only the bytes constant indices name.
layout(local_size_x = 1) in;
layout(push_constant, std140) uniform Push {
	float a[2];
	uint i;
	mat2 m;
} p;
layout(std430, binding = 0) buffer O { float o[]; };

void main()
{
	o[0] = p.a[p.i];
}
