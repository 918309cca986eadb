#version 450
// std140 and std430 blocks: matrices (column and row major), arrays,
// structs, runtime arrays and their length.
layout(local_size_x = 8) in;
struct Item { vec3 p; float w; mat2 m; };
layout(std140, binding = 0) uniform U { mat4 proj; layout(row_major) mat3 rot; vec2 pad[3]; Item item; } u;
layout(std430, binding = 1) buffer S { float count; Item items[]; } s;
layout(std430, binding = 2) buffer O { vec4 o[]; };
void main() {
	uint i = gl_GlobalInvocationID.x;
	Item it = s.items[i];
	vec4 p = u.proj * vec4(it.p, 1.0);
	p.xyz += u.rot * it.p + u.rot[1] + vec3(u.pad[i % 3], it.w);
	p.xy += it.m * u.item.m[0] + u.item.p.xy;
	s.items[i].w = float(s.items.length());
	s.items[i].m[1] = p.zw;
	o[i] = p;
}
