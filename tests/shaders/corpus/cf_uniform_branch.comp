#version 450
// Uniform control flow: branches and loop bounds from push constants.
//! groups 2
//! push u32 3 1 5
//! ssbo x binding=0 u32[128] init=seq(0,1)
//! ssbo o binding=1 u32[128] expect=ref
layout(local_size_x = 64) in;
layout(push_constant) uniform P { uint mode; uint flip; uint rounds; } pc;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x, v = x[i];
	for (uint r = 0u; r < pc.rounds; r++) {
		if (pc.mode == 3u)
			v = v * 3u + r;
		else
			v = v + 1u;
	}
	if (pc.flip != 0u)
		v = ~v;
	o[i] = v;
}
