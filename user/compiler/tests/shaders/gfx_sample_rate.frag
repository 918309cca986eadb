#version 450
// A Sample-decorated input: per-sample shading, interpolated at the sample.
layout(location = 0) sample in float s;
layout(location = 0) out vec4 a;
void main() {
	a = vec4(s, float(gl_SampleID), 0.0, 0.0);
}
