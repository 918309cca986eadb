#version 450
// The length of a runtime array follows the descriptor's range.
//! groups 1
//! ssbo x binding=0 u32[64] range=84
//! ssbo y binding=1 u32[32] range=32
//! ssbo o binding=2 u32[4] expect=values(21,2,8,0)
layout(local_size_x = 1) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) readonly buffer Y { uvec4 y[]; };
layout(std430, binding = 2) writeonly buffer O { uint o[]; };

void main()
{
	o[0] = uint(x.length());
	o[1] = uint(y.length());
	o[2] = uint(x.length() / 2 - y.length());
}
