#version 450
// Several barrier-separated phases reading neighbours' results in shared memory.
//! groups 2
//! ssbo x binding=0 u32[512] init=random(551,0,1000)
//! ssbo o binding=1 u32[512] expect=ref
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };
shared uint a[256];
shared uint b[256];

void main()
{
	uint l = gl_LocalInvocationIndex;
	a[l] = x[gl_GlobalInvocationID.x];
	barrier();
	for (uint phase = 0u; phase < 6u; phase++) {
		b[l] = a[l] + a[(l + 1u + phase * 37u) % 256u] * (phase + 1u);
		barrier();
		a[l] = b[(l * 7u + phase) % 256u] ^ (b[l] >> 1u);
		barrier();
	}
	o[gl_GlobalInvocationID.x] = a[l];
}
