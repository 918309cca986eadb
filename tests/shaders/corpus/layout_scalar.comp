#version 450
// GL_EXT_scalar_block_layout: tightly packed vec3 arrays and a struct {float; vec3}.
#extension GL_EXT_scalar_block_layout : require
//! groups 1
//! ssbo v binding=0 f32[96] init=seq(0,0.5)
//! ssbo s binding=1 f32[128] init=seq(1,1)
//! ssbo o binding=2 f32[96] expect=ref
//! ssbo t binding=3 f32[128] expect=ref
layout(local_size_x = 32) in;
struct S { float a; vec3 b; };
layout(scalar, binding = 0) readonly buffer V { vec3 v[]; };
layout(scalar, binding = 1) readonly buffer SB { S s[]; };
layout(scalar, binding = 2) writeonly buffer O { vec3 o[]; };
layout(scalar, binding = 3) writeonly buffer T { S t[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	o[i] = v[i].zxy + vec3(1.0, 2.0, 3.0);
	t[i].a = s[i].b.x + s[i].b.y;
	t[i].b = vec3(s[i].a, s[i].b.z, float(i));
}
