#version 450
// The push constant's ivec4, written to the colour attachment as it is.
layout(push_constant) uniform Push { ivec4 value; } pc;
layout(location = 0) out ivec4 o;
void main() {
	o = pc.value;
}
