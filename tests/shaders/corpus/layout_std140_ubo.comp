#version 450
// std140 uniform block: float array (16-byte stride), vec3 + float packing,
// vec2, mat4, int array.
//! groups 1
//! ubo u binding=0 u32[52] init=ref
//! ssbo o binding=1 f32[29] expect=ref
layout(local_size_x = 1) in;
layout(std140, binding = 0) uniform U {
	float f[4];
	vec3 v;
	float after_v;
	vec2 w;
	mat4 m;
	int k[3];
} u;
layout(std430, binding = 1) writeonly buffer O { float o[]; };

void main()
{
	for (int i = 0; i < 4; i++)
		o[i] = u.f[i];
	o[4] = u.v.x; o[5] = u.v.y; o[6] = u.v.z;
	o[7] = u.after_v;
	o[8] = u.w.x; o[9] = u.w.y;
	for (int c = 0; c < 4; c++)
		for (int r = 0; r < 4; r++)
			o[10 + c * 4 + r] = u.m[c][r];
	for (int i = 0; i < 3; i++)
		o[26 + i] = float(u.k[i]);
}
