#version 450
// Shared memory of vectors, floats, structs and 64-bit integers.
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
//! groups 1
//! ssbo x binding=0 u32[64] init=random(561,0,0xffffffff)
//! ssbo o binding=1 u32[256] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uvec4 o[]; };
struct Item { uvec2 pair; float f; uint64_t wide; };
shared Item items[64];
shared vec3 positions[64];

void main()
{
	uint l = gl_LocalInvocationIndex, v = x[l];
	items[l].pair = uvec2(v, v >> 16);
	items[l].f = float(v & 0xffffu) * 0.5;
	items[l].wide = uint64_t(v) << 20;
	positions[l] = vec3(float(l), float(v & 0xffu), 2.0);
	barrier();
	Item it = items[63u - l];
	vec3 p = positions[(l + 1u) % 64u];
	o[l] = uvec4(it.pair.x ^ it.pair.y, uint(it.f * 2.0), uint(it.wide >> 24), uint(p.x + p.y * p.z));
}
