#version 450
// Storage images declared without a format (shaderStorageImageRead/
// WriteWithoutFormat): the view's format decides the conversion. Phase 0
// stores texel k = x + 4y, phase 1 loads it back into o[3 * k + image].
#extension GL_EXT_shader_image_load_formatted : require
layout(local_size_x = 4, local_size_y = 4) in;
layout(set = 0, binding = 0) uniform image2D unorm8;	/* an R8G8B8A8_UNORM view */
layout(set = 0, binding = 1) uniform image2D half1;	/* an R16_SFLOAT view */
layout(set = 0, binding = 2) uniform uimage2D uint32;	/* an R32G32_UINT view */
layout(std430, set = 0, binding = 3) writeonly buffer Out { uvec4 o[]; };
layout(push_constant) uniform Phase { uint phase; };

void main()
{
	ivec2 p = ivec2(gl_LocalInvocationID.xy);
	uint k = gl_LocalInvocationIndex;
	float n = (float(k) + 0.3) / 16.0;

	if (phase == 0u) {
		imageStore(unorm8, p, vec4(n, 1.0 - n, n * 0.5, 1.0));
		imageStore(half1, p, vec4(float(k + 1u) / 3.0, 7.0, 7.0, 7.0));
		imageStore(uint32, p, uvec4(0x12345600u + k, 0xfedc0000u | k, 7u, 7u));
		return;
	}
	o[3u * k + 0u] = floatBitsToUint(imageLoad(unorm8, p));
	o[3u * k + 1u] = floatBitsToUint(imageLoad(half1, p));
	o[3u * k + 2u] = imageLoad(uint32, p);
}
