#version 460
// One pixel per vertex and instance: column from the vertex's position
// (binding 0), row from the instance's offset (binding 1). The draw's
// parameters go flat to gfx_draw_params.frag: VertexIndex, InstanceIndex,
// BaseVertex, BaseInstance, and DrawIndex.
layout(location = 0) in vec3 pos;
layout(location = 1) in vec2 offset;
layout(location = 0) flat out uvec4 ids;
layout(location = 1) flat out uint draw;
void main() {
	gl_Position = vec4(pos.xy + offset, pos.z, 1.0);
	gl_PointSize = 1.0;
	ids = uvec4(gl_VertexIndex, gl_InstanceIndex, gl_BaseVertex, gl_BaseInstance);
	draw = uint(gl_DrawID);
}
