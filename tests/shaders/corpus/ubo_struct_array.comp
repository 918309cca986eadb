#version 450
// std140 array of structs (vec4 + float: 32-byte stride) in a uniform block,
// indexed dynamically.
//! groups 1
//! ubo lights binding=0 f32[64] init=seq(1,1)
//! ssbo o binding=1 f32[256] expect=ref
layout(local_size_x = 64) in;
struct Light { vec4 color; float intensity; };
layout(std140, binding = 0) uniform L { Light light[8]; };
layout(std430, binding = 1) writeonly buffer O { vec4 o[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	Light l = light[i % 8u];
	o[i] = l.color * l.intensity + vec4(float(i));
}
