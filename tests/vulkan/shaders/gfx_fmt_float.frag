#version 450
// The push constant's vec4, written to the colour attachment as it is.
layout(push_constant) uniform Push { vec4 value; } pc;
layout(location = 0) out vec4 o;
void main() {
	o = pc.value;
}
