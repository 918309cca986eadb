#version 450
// The push constant's uvec4, written to the colour attachment as it is.
layout(push_constant) uniform Push { uvec4 value; } pc;
layout(location = 0) out uvec4 o;
void main() {
	o = pc.value;
}
