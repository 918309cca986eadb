#version 450
// Bitonic sort of 512 keys by 256 invocations in shared memory.
//! groups 1
//! ssbo keys binding=0 u32[512] init=random(811,0,0xffffffff) expect=ref
layout(local_size_x = 256) in;
layout(std430, binding = 0) buffer K { uint keys[]; };
shared uint s[512];

void main()
{
	uint l = gl_LocalInvocationIndex;
	s[l] = keys[l];
	s[l + 256u] = keys[l + 256u];
	barrier();
	for (uint size = 2u; size <= 512u; size <<= 1) {
		for (uint stride = size >> 1; stride > 0u; stride >>= 1) {
			uint i = 2u * l - (l & (stride - 1u));
			uint j = i + stride;
			bool ascending = (i & size) == 0u;
			uint a = s[i], b = s[j];
			if ((a > b) == ascending) {
				s[i] = b;
				s[j] = a;
			}
			barrier();
		}
	}
	keys[l] = s[l];
	keys[l + 256u] = s[l + 256u];
}
