#version 450
// 64-bit buffer atomics (GL_EXT_shader_atomic_int64): sums past 2^32.
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require
//! groups 4
//! ssbo v binding=0 u64[256] init=random(121,0,0xffffffffff)
//! ssbo c binding=1 u64[4] init=values(0,0xffffffffffffffff,0,5) expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer V { uint64_t v[]; };
layout(std430, binding = 1) buffer C { uint64_t c[]; };

void main()
{
	uint64_t x = v[gl_GlobalInvocationID.x];
	atomicAdd(c[0], x);
	atomicMin(c[1], x);
	atomicMax(c[2], x);
	atomicXor(c[3], x << 20);
}
