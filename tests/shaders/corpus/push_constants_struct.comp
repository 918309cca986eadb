#version 450
// A push-constant block with a vec3 (16-byte aligned), a mat2, an int array
// and a trailing uvec2, read at their std430 offsets.
//! groups 1
//! push f32 1.5 -2 3.25 4
//! push f32 2 0 0 0.5
//! push i32 7 -8 9 0
//! push u32 100 200
//! ssbo o binding=0 f32[512] expect=ref
layout(local_size_x = 64) in;
layout(push_constant) uniform P {
	vec3 dir;
	float w;
	mat2 m;
	int k[3];
	uvec2 ids;
} pc;
layout(std430, binding = 0) writeonly buffer O { vec4 o[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	vec2 t = pc.m * vec2(float(i), 1.0);
	o[i * 2u] = vec4(pc.dir * float(i), pc.w);
	o[i * 2u + 1u] = vec4(t, float(pc.k[i % 3u]), float(pc.ids.x + pc.ids.y * i));
}
