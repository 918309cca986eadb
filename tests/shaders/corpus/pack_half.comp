#version 450
// packHalf2x16 / unpackHalf2x16 on values exactly representable in half
// (normals, subnormals, zeros, infinities), so both directions are exact.
//! groups 1
//! ssbo halves binding=0 u16[128] init=ref
//! ssbo floats binding=1 f32[128] init=ref
//! ssbo packed binding=2 u32[64] expect=ref
//! ssbo unpacked binding=3 f32[128] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer H { uint halves[]; };
layout(std430, binding = 1) readonly buffer F { vec2 floats[]; };
layout(std430, binding = 2) writeonly buffer P { uint packed[]; };
layout(std430, binding = 3) writeonly buffer U { vec2 unpacked[]; };

void main()
{
	uint k = gl_LocalInvocationIndex;
	packed[k] = packHalf2x16(floats[k]);
	unpacked[k] = unpackHalf2x16(halves[k]);
}
