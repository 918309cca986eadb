#version 450
// Phase 0 stores texel k = x + 4y of a 4x4 storage image of each extended
// format (shaderStorageImageExtendedFormats), phase 1 loads them back into
// o[16 * image + k]: floats as their bits, integers as they are.
layout(local_size_x = 4, local_size_y = 4) in;
layout(set = 0, binding = 0, rg16f) uniform image2D i_rg16f;
layout(set = 0, binding = 1, r11f_g11f_b10f) uniform image2D i_r11g11b10f;
layout(set = 0, binding = 2, rgb10_a2) uniform image2D i_rgb10a2;
layout(set = 0, binding = 3, r16) uniform image2D i_r16;
layout(set = 0, binding = 4, rg8) uniform image2D i_rg8;
layout(set = 0, binding = 5, r8ui) uniform uimage2D i_r8ui;
layout(set = 0, binding = 6, rg16i) uniform iimage2D i_rg16i;
layout(set = 0, binding = 7, r16_snorm) uniform image2D i_r16snorm;
layout(std430, set = 0, binding = 8) writeonly buffer Out { uvec4 o[]; };
layout(push_constant) uniform Phase { uint phase; };

void main()
{
	ivec2 p = ivec2(gl_LocalInvocationID.xy);
	uint k = gl_LocalInvocationIndex;
	float f = float(k) * 0.25, n = (float(k) + 0.3) / 16.0;

	if (phase == 0u) {
		imageStore(i_rg16f, p, vec4(f, -f, 0.0, 0.0));
		imageStore(i_r11g11b10f, p, vec4(f, f * 0.5, 3.75 - f, 0.0));
		imageStore(i_rgb10a2, p, vec4(n, 1.0 - n, n * 0.5, n));
		imageStore(i_r16, p, vec4(n));
		imageStore(i_rg8, p, vec4(n, 1.0 - n, 0.0, 0.0));
		imageStore(i_r8ui, p, uvec4(200u + k));
		imageStore(i_rg16i, p, ivec4(-100 * int(k), 7 * int(k) - 50, 0, 0));
		imageStore(i_r16snorm, p, vec4(-n));
		return;
	}
	o[0u * 16u + k] = floatBitsToUint(imageLoad(i_rg16f, p));
	o[1u * 16u + k] = floatBitsToUint(imageLoad(i_r11g11b10f, p));
	o[2u * 16u + k] = floatBitsToUint(imageLoad(i_rgb10a2, p));
	o[3u * 16u + k] = floatBitsToUint(imageLoad(i_r16, p));
	o[4u * 16u + k] = floatBitsToUint(imageLoad(i_rg8, p));
	o[5u * 16u + k] = imageLoad(i_r8ui, p);
	o[6u * 16u + k] = uvec4(imageLoad(i_rg16i, p));
	o[7u * 16u + k] = floatBitsToUint(imageLoad(i_r16snorm, p));
}
