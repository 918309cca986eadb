#version 450
// Many workgroups at once, each with its own shared memory: a workgroup
// must only ever see its own values across barriers.
//! groups 256
//! ssbo o binding=0 u32[256] expect=fill(1)
layout(local_size_x = 128) in;
layout(std430, binding = 0) writeonly buffer O { uint o[]; };
shared uint s[128];
shared uint bad;

void main()
{
	uint l = gl_LocalInvocationIndex, wg = gl_WorkGroupID.x;
	if (l == 0u)
		bad = 0u;
	for (uint round = 0u; round < 4u; round++) {
		s[l] = wg * 1000u + round * 128u + l;
		barrier();
		uint other = s[(l + 1u + round) % 128u];
		if (other != wg * 1000u + round * 128u + (l + 1u + round) % 128u)
			atomicAdd(bad, 1u);
		barrier();
	}
	if (l == 0u)
		o[wg] = bad == 0u ? 1u : 0u;
}
