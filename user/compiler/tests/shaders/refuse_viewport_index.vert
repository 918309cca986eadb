#version 460
#extension GL_ARB_shader_viewport_layer_array : require
// ViewportIndex: Vulkan has it, the Ember ISA has no such output; the
// compiler names the built-in.
void main() {
	gl_ViewportIndex = 1;
	gl_Position = vec4(0.0);
}
