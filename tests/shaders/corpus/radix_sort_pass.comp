#version 450
// One pass of an LSD radix sort: stable scatter of 256 keys by a 4-bit
// digit (histogram with shared atomics, scan, rank among equal digits).
//! groups 1
//! push u32 4
//! ssbo keys binding=0 u32[256] init=random(851,0,0xffffffff)
//! ssbo o binding=1 u32[256] expect=ref
layout(local_size_x = 256) in;
layout(push_constant) uniform P { uint shift; } pc;
layout(std430, binding = 0) readonly buffer K { uint keys[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };
shared uint hist[16];
shared uint offsets[16];
shared uint digits[256];

void main()
{
	uint l = gl_LocalInvocationIndex, key = keys[l], d = (key >> pc.shift) & 15u;
	if (l < 16u)
		hist[l] = 0u;
	barrier();
	digits[l] = d;
	atomicAdd(hist[d], 1u);
	barrier();
	if (l == 0u) {
		uint sum = 0u;
		for (uint b = 0u; b < 16u; b++) {
			offsets[b] = sum;
			sum += hist[b];
		}
	}
	barrier();
	uint rank = 0u;
	for (uint j = 0u; j < l; j++)
		rank += digits[j] == d ? 1u : 0u;
	o[offsets[d] + rank] = key;
}
