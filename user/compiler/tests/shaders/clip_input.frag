#version 450
// A fragment shader reading gl_ClipDistance and gl_CullDistance, one
// element dynamically: the vertex shader's copies in the last two
// locations (spirv_io.c), so the header has 32 input slots.
in float gl_ClipDistance[2];
in float gl_CullDistance[3];
layout(location = 0) flat in int i;
layout(location = 0) out vec4 color;
void main() { color = vec4(gl_ClipDistance[1], gl_CullDistance[i], 0.0, 1.0); }
