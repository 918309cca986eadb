#version 450
// shaderImageGatherExtended: phase 0 stores x + 8y into texel (x, y) of an
// 8x8 R32_SFLOAT image, phase 1 gathers it at the corner of texels x and
// x + 1, y and y + 1, with a per-invocation offset (textureGatherOffset
// with a non-constant offset) and with four constant ones
// (textureGatherOffsets): o[2 * i], o[2 * i + 1].
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, r32f) uniform writeonly image2D image;
layout(set = 0, binding = 1) uniform sampler2D tex;
layout(std430, set = 0, binding = 2) writeonly buffer Out { vec4 o[]; };
layout(push_constant) uniform Phase { uint phase; int dx; int dy; };

const ivec2 offsets[4] = ivec2[4](ivec2(-2, 0), ivec2(1, -1), ivec2(3, 2), ivec2(0, -3));

void main()
{
	ivec2 p = ivec2(gl_LocalInvocationID.xy);
	uint i = gl_LocalInvocationIndex;
	vec2 uv = (vec2(p) + 1.0) / 8.0;

	if (phase == 0u) {
		imageStore(image, p, vec4(float(p.x + 8 * p.y)));
		return;
	}
	o[2u * i] = textureGatherOffset(tex, uv, ivec2(dx, dy) + p % 3 - 1);
	o[2u * i + 1u] = textureGatherOffsets(tex, uv, offsets);
}
