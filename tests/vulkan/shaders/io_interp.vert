#version 450
// A position in pixels of a target of the pushed size (the viewport the
// whole of it) made clip coordinates with w = pos.z (depth 0.5), and that
// position in pixels three times: smooth, noperspective and centroid.
layout(location = 0) in vec3 pos;
layout(push_constant) uniform Push { uint width, height; } pc;
layout(location = 0) out vec2 p;
layout(location = 1) noperspective out vec2 q;
layout(location = 2) centroid out vec2 c;
void main() {
	gl_Position = vec4(pos.xy * pos.z, 0.5 * pos.z, pos.z);
	p = (pos.xy * 0.5 + 0.5) * vec2(pc.width, pc.height);
	q = p;
	c = p;
}
