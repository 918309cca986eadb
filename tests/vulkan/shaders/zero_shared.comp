#version 450
#extension GL_EXT_null_initializer : require
// shaderZeroInitializeWorkgroupMemory (test_features.c): each workgroup
// reads its null-initialized shared array, then fills it with garbage for
// the next workgroup on its core; o[id] = id + what it read (zero).
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer O { uint o[]; };

shared uint s[130] = {};

void main()
{
	uint i = gl_LocalInvocationIndex, id = gl_GlobalInvocationID.x;
	uint seen = s[i] + s[i + 64u] + (i < 2u ? s[128u + i] : 0u);

	barrier();
	s[i] = id + 1u;
	s[i + 64u] = 0xbad00000u | i;
	if (i < 2u)
		s[128u + i] = 5u;
	o[id] = id + seen;
}
