#version 450
// Vertex shader stores and atomics indexed by gl_VertexIndex: a value per
// vertex and its bit in a set of the vertices that ran (an atomicOr: a
// vertex may be shaded more than once).
layout(location = 0) in vec3 pos;
layout(set = 0, binding = 0, std430) buffer Trace {
	uint seen[2];
	uint value[];
} t;
void main() {
	gl_Position = vec4(pos, 1.0);
	t.value[gl_VertexIndex] = uint(gl_VertexIndex) * 7u + 1u;
	atomicOr(t.seen[gl_VertexIndex / 32], 1u << (gl_VertexIndex % 32));
}
