#version 450
#extension GL_ARB_shader_viewport_layer_array : require
// A position in clip space from binding 0, drawn into the layer numbered by
// the instance; the fragment's value is the push constant plus the
// instance index (gfx_uint.frag).
layout(location = 0) in vec3 pos;
layout(push_constant) uniform Push { uint value; } pc;
layout(location = 0) flat out uint v;
void main() {
	gl_Position = vec4(pos, 1.0);
	gl_Layer = gl_InstanceIndex;
	v = pc.value + uint(gl_InstanceIndex);
}
