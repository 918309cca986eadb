#version 450
// Locations shared by variables of different components (Vulkan's
// location aliasing), a 64-bit value at Component 2, and PointSize.
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(location = 0, component = 0) in float a;
layout(location = 0, component = 1) in float b;
layout(location = 1, component = 2) in uint64_t big;

layout(location = 0, component = 0) out float oa;
layout(location = 0, component = 3) out float ob;
layout(location = 0, component = 1) out vec2 oab;
layout(location = 1, component = 2) flat out uint64_t obig;
layout(location = 1, component = 0) flat out uint olow;

void main()
{
	oa = a;
	ob = b;
	oab = vec2(a + b, a - b);
	obig = big + 1ul;
	olow = uint(big);
	gl_PointSize = 2.0;
	gl_Position = vec4(a, b, 0.0, 1.0);
}
