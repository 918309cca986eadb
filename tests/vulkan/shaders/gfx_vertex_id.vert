#version 450
// Position (z: depth) from binding 0; the vertex's number, VertexIndex + 1,
// as a flat output: gfx_uint.frag writes the provoking vertex's.
// With POINT_SIZE (gfx_vertex_id_point.vert) for point lists: one pixel.
layout(location = 0) in vec3 pos;
layout(location = 0) flat out uint v;
void main() {
	gl_Position = vec4(pos, 1.0);
#ifdef POINT_SIZE
	gl_PointSize = 1.0;
#endif
	v = uint(gl_VertexIndex) + 1u;
}
