#version 460
// Attribute passthrough, a push-constant matrix, component packing and
// the vertex built-ins.
layout(location = 0) in vec4 pos;
layout(location = 1) in vec2 uv;
layout(location = 2) in ivec2 id2;
layout(push_constant) uniform PC { mat4 m; } pc;
layout(location = 0) out vec2 o_uv;
layout(location = 0, component = 2) out float o_z;
layout(location = 1) flat out ivec2 o_id;
layout(location = 2) out float o_vi;
void main() {
	gl_Position = pc.m * pos;
	o_uv = uv;
	o_z = pos.z;
	o_id = id2 + ivec2(gl_InstanceIndex, gl_BaseVertex);
	o_vi = float(gl_VertexIndex);
	gl_PointSize = 3.0;
}
