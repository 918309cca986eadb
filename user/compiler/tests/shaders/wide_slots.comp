#version 450
// Constant indices past 65535 into descriptor arrays: their slots are
// 32-bit (ISA 1.3), not folded into the binding number.
#extension GL_EXT_nonuniform_qualifier : require
#extension GL_EXT_samplerless_texture_functions : require
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) writeonly buffer Out { uint o[]; };
layout(std430, set = 0, binding = 1) readonly buffer In { uint v; } ins[];
layout(set = 1, binding = 0) uniform texture2D tex[];

void main()
{
	o[0] = ins[70000].v + ins[65536].v;
	o[1] = uint(texelFetch(tex[20000], ivec2(0), 0).x);
}
