#version 450
// FragDepth from the push constants (DepthReplacing), and a value to show.
layout(push_constant) uniform P {
	float depth;
	uint value;
} p;
layout(location = 0) out uint o;
void main() {
	gl_FragDepth = p.depth;
	o = p.value;
}
