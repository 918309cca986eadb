#version 450
// Exclusive prefix sum of 512 elements by 256 invocations (Blelloch:
// up-sweep, clear, down-sweep); the total goes to a second buffer.
//! groups 1
//! ssbo x binding=0 u32[512] init=random(781,0,100000)
//! ssbo o binding=1 u32[512] expect=ref
//! ssbo total binding=2 u32[1] expect=ref
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };
layout(std430, binding = 2) writeonly buffer T { uint total; };
shared uint s[512];

void main()
{
	uint l = gl_LocalInvocationIndex;
	s[2u * l] = x[2u * l];
	s[2u * l + 1u] = x[2u * l + 1u];
	uint offset = 1u;
	for (uint d = 256u; d > 0u; d >>= 1) {
		barrier();
		if (l < d) {
			uint ai = offset * (2u * l + 1u) - 1u, bi = offset * (2u * l + 2u) - 1u;
			s[bi] += s[ai];
		}
		offset <<= 1;
	}
	barrier();
	if (l == 0u) {
		total = s[511];
		s[511] = 0u;
	}
	for (uint d = 1u; d < 512u; d <<= 1) {
		offset >>= 1;
		barrier();
		if (l < d) {
			uint ai = offset * (2u * l + 1u) - 1u, bi = offset * (2u * l + 2u) - 1u;
			uint t = s[ai];
			s[ai] = s[bi];
			s[bi] += t;
		}
	}
	barrier();
	o[2u * l] = s[2u * l];
	o[2u * l + 1u] = s[2u * l + 1u];
}
