#version 450
#extension GL_EXT_multiview : require
// ViewIndex in the vertex stage: view v moves the position 4 pixels right
// per view on a 16 pixels wide target and gives gfx_uint.frag 20 + v.
layout(location = 0) in vec3 pos;
layout(location = 0) flat out uint v;
void main() {
	gl_Position = vec4(pos.x + 0.5 * float(gl_ViewIndex), pos.yz, 1.0);
	v = 20u + uint(gl_ViewIndex);
}
