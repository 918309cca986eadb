#version 450
// std140 and std430 nested structs: arrays of structs inside structs,
// a mat2 (std140: 16-byte columns), bool members and a trailing float.
//! groups 1
//! ubo u binding=0 u32[80] init=ref
//! ssbo s binding=1 u32[64] init=ref
//! ssbo o binding=2 f32[40] expect=ref
layout(local_size_x = 1) in;
struct Inner { float a; vec2 b; };
struct Outer { Inner inner[2]; mat2 m; bool flag; float tail; };
layout(std140, binding = 0) uniform U { Outer outer[2]; } u;
struct Pair { uvec2 ids; float w; };
struct Group { Pair pairs[3]; float scale; };
layout(std430, binding = 1) readonly buffer S { Group group[]; } s;
layout(std430, binding = 2) writeonly buffer O { float o[]; };

void main()
{
	for (int i = 0; i < 2; i++) {
		Outer x = u.outer[i];
		int b = i * 10;
		o[b + 0] = x.inner[0].a;
		o[b + 1] = x.inner[0].b.y;
		o[b + 2] = x.inner[1].a + x.inner[1].b.x;
		o[b + 3] = x.m[0][0];
		o[b + 4] = x.m[0][1];
		o[b + 5] = x.m[1][0];
		o[b + 6] = x.m[1][1];
		o[b + 7] = x.flag ? 1.0 : -1.0;
		o[b + 8] = x.tail;
		o[b + 9] = 0.5;
	}
	for (int g = 0; g < 2; g++) {
		for (int p = 0; p < 3; p++) {
			Pair q = s.group[g].pairs[p];
			o[20 + g * 10 + p * 3 + 0] = float(q.ids.x);
			o[20 + g * 10 + p * 3 + 1] = float(q.ids.y);
			o[20 + g * 10 + p * 3 + 2] = q.w * s.group[g].scale;
		}
		o[20 + g * 10 + 9] = s.group[g].scale;
	}
}
