#version 450
// Two colours from push constants, to colour attachments 0 and 1.
layout(push_constant) uniform Push { vec4 c0; vec4 c1; } pc;
layout(location = 0) out vec4 o0;
layout(location = 1) out vec4 o1;
void main() {
	o0 = pc.c0;
	o1 = pc.c1;
}
