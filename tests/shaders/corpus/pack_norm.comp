#version 450
// packUnorm4x8, packSnorm4x8, packUnorm2x16, packSnorm2x16 and unpacks.
//! groups 1
//! ssbo v binding=0 f32[256] init=random(171,-1.2,1.2)
//! ssbo w binding=1 u32[64] init=random(172,0,0xffffffff)
//! ssbo packed binding=2 u32[256] expect=ref
//! ssbo unpacked binding=3 f32[768] expect=ref tol=ulp:3
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer V { vec4 v[]; };
layout(std430, binding = 1) readonly buffer W { uint w[]; };
layout(std430, binding = 2) writeonly buffer P { uint packed[]; };
layout(std430, binding = 3) writeonly buffer U { vec4 unpacked[]; };

void main()
{
	uint k = gl_LocalInvocationIndex;
	packed[k * 4u + 0u] = packUnorm4x8(v[k]);
	packed[k * 4u + 1u] = packSnorm4x8(v[k]);
	packed[k * 4u + 2u] = packUnorm2x16(v[k].xy);
	packed[k * 4u + 3u] = packSnorm2x16(v[k].zw);
	unpacked[k * 3u + 0u] = unpackUnorm4x8(w[k]);
	unpacked[k * 3u + 1u] = unpackSnorm4x8(w[k]);
	unpacked[k * 3u + 2u] = vec4(unpackUnorm2x16(w[k]), unpackSnorm2x16(w[k]));
}
