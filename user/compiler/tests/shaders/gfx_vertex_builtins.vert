#version 460
#extension GL_ARB_shader_viewport_layer_array : require
#extension GL_EXT_multiview : require
// The rest of the vertex built-ins: DrawIndex, BaseInstance, ViewIndex in;
// Layer, ViewportIndex and CullDistance out.
layout(location = 0) out uvec4 ids;
out gl_PerVertex {
	vec4 gl_Position;
	float gl_CullDistance[3];
};
void main() {
	ids = uvec4(gl_DrawID, gl_BaseInstance, gl_ViewIndex, gl_VertexIndex - gl_BaseVertex);
	gl_Layer = gl_InstanceIndex - gl_BaseInstance;
	gl_ViewportIndex = gl_VertexIndex % 5;
	gl_CullDistance[2] = float(gl_VertexIndex);
	gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
}
