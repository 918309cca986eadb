#version 460
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// Location assignment: a matrix input (a location per column), an input
// array, a 64-bit vector (two components each), an output block with a
// member Location, an output array, a 64-bit output, clip distances.
layout(location = 0) in mat2x3 m;
layout(location = 2) in float arr[2];
layout(location = 4) in u64vec2 big;
layout(location = 0) out Block {
	vec2 a;
	layout(location = 3) float b;
	float c[2];
} o;
layout(location = 6) out uint64_t obig;
out gl_PerVertex {
	vec4 gl_Position;
	float gl_ClipDistance[2];
};
void main() {
	o.a = m[1].xz;
	o.b = arr[1];
	o.c[0] = m[0].y;
	o.c[1] = arr[0];
	obig = big.y - big.x;
	gl_ClipDistance[0] = m[0].x;
	gl_ClipDistance[1] = -1.0;
	gl_Position = vec4(1.0);
}
