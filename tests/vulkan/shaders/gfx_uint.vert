#version 450
// Position (z: depth) from binding 0, an offset per instance from binding
// 1; the fragment's value is the push constant plus the instance index.
layout(location = 0) in vec3 pos;
layout(location = 1) in vec2 offset;
layout(push_constant) uniform Push { uint value; } pc;
layout(location = 0) flat out uint v;
void main() {
	gl_Position = vec4(pos.xy + offset, pos.z, 1.0);
	v = pc.value + uint(gl_InstanceIndex);
}
