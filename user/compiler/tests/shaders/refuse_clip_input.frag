#version 450
// A fragment shader reading gl_ClipDistance: Vulkan allows it, the Ember
// ISA has no such fragment input, and the compiler says which built-in.
in float gl_ClipDistance[1];
layout(location = 0) out vec4 color;
void main() { color = vec4(gl_ClipDistance[0]); }
