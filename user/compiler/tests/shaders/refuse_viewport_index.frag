#version 460
// ViewportIndex as a fragment input: Vulkan has it, the Ember ISA gives a
// fragment no viewport index (a vertex shader may write it since ISA 1.5);
// the compiler names the built-in.
layout(location = 0) out vec4 o;
void main() {
	o = vec4(float(gl_ViewportIndex));
}
