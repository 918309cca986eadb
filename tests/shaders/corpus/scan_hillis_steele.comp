#version 450
// Inclusive prefix sum of 256 elements (Hillis-Steele, double-buffered shared memory).
//! groups 2
//! ssbo x binding=0 u32[512] init=random(771,0,1000)
//! ssbo o binding=1 u32[512] expect=ref
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };
shared uint buf[2][256];

void main()
{
	uint l = gl_LocalInvocationIndex, src = 0u;
	buf[0][l] = x[gl_GlobalInvocationID.x];
	barrier();
	for (uint offset = 1u; offset < 256u; offset <<= 1) {
		uint v = buf[src][l];
		if (l >= offset)
			v += buf[src][l - offset];
		buf[1u - src][l] = v;
		src = 1u - src;
		barrier();
	}
	o[gl_GlobalInvocationID.x] = buf[src][l];
}
