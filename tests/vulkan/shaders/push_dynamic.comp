#version 450
// Push constants read with indices known only at run time: per lane
// (o[0..7]) and in a uniform loop (o[8]), from a std430 block whose
// statically named members end long before its arrays do.
layout(local_size_x = 8) in;
layout(push_constant) uniform Push {
	vec4 head;
	float tail[5];
	uint count;
} p;
layout(std430, set = 0, binding = 0) buffer Out { float o[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	float sum = 0;

	o[i] = i < 4 ? p.tail[i + 1] : p.head[i - 4];
	for (uint k = 0; k < p.count; k++)
		sum += p.tail[k];
	if (i == 0)
		o[8] = sum;
}
