#version 450
// 64-bit helpers: packUint2x32/unpackUint2x32, 64-bit shared atomics and
// 64-bit values in shared memory.
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require
//! groups 2
//! ssbo x binding=0 u32[256] init=random(921,0,0xffffffff)
//! ssbo o binding=1 u64[128] expect=ref
//! ssbo sums binding=2 u64[4] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uvec2 x[]; };
layout(std430, binding = 1) writeonly buffer O { uint64_t o[]; };
layout(std430, binding = 2) writeonly buffer Sums { uint64_t sums[]; };
shared uint64_t total, biggest;
shared uint64_t values[64];

void main()
{
	uint l = gl_LocalInvocationIndex, g = gl_GlobalInvocationID.x;
	uint64_t v = packUint2x32(x[g]);
	if (l == 0u) {
		total = 0ul;
		biggest = 0ul;
	}
	values[l] = v;
	barrier();
	atomicAdd(total, v >> 8);
	atomicMax(biggest, v);
	barrier();
	uvec2 halves = unpackUint2x32(values[63u - l]);
	o[g] = packUint2x32(halves.yx) + uint64_t(l);
	if (l == 0u) {
		sums[gl_WorkGroupID.x * 2u] = total;
		sums[gl_WorkGroupID.x * 2u + 1u] = biggest;
	}
}
