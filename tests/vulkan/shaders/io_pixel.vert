#version 450
// A position in clip space, and p, the same in framebuffer pixels (a
// target of the pushed size, the viewport the whole of it).
layout(location = 0) in vec3 pos;
layout(push_constant) uniform Push { uint width, height; } pc;
layout(location = 0) out vec2 p;
void main() {
	gl_Position = vec4(pos, 1.0);
	p = (pos.xy * 0.5 + 0.5) * vec2(pc.width, pc.height);
}
