#version 450
#extension GL_EXT_null_initializer : require
// Zero-initialized shared memory (VK_KHR_zero_initialize_workgroup_memory):
// every workgroup sees its initialized shared variables zero, although the
// workgroup before it on the same core filled them (and the uninitialized
// array between them) with garbage. A zero read leaves o[id] = id.
//! groups 24
//! ssbo o binding=0 u32[1152] expect=seq(0,1)
layout(local_size_x = 48) in;
layout(std430, binding = 0) buffer O { uint o[]; };

shared uint s[100] = {};
shared uint scribble[37];
shared uvec2 t = {};

void main()
{
	uint i = gl_LocalInvocationIndex, id = gl_GlobalInvocationID.x;
	uint seen = s[i] + s[i + 48u] + t.x + t.y;

	if (i < 4u)
		seen += s[96u + i];
	if (i < 37u)
		seen += scribble[i] * 0u;
	barrier();
	/* Leave garbage for the next workgroup on this core. */
	s[i] = id + 1u;
	s[i + 48u] = 0xdead0000u + i;
	if (i < 4u)
		s[96u + i] = 7u;
	if (i < 37u)
		scribble[i] = 0xffffffffu;
	if (i == 0u)
		t = uvec2(gl_WorkGroupID.x + 1u, 99u);
	o[id] = id + seen;
}
