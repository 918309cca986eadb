#version 450
// robustImageAccess: phase 0 stores texel k = x + 4y of a 4x4 R8G8B8A8_UINT
// and a 4x4 R32_UINT storage image; phase 1 stores 0xee past every edge
// (dropped); phase 2 reads each texel and the four texels past the edges
// from (p + off[i]) as storage images and through texelFetch, and level 1
// of the one-level image, into o[16 * k + ...].
layout(local_size_x = 4, local_size_y = 4) in;
layout(set = 0, binding = 0, rgba8ui) uniform uimage2D color;
layout(set = 0, binding = 1, r32ui) uniform uimage2D word;
layout(set = 0, binding = 2) uniform usampler2D fetched;	/* color, sampled */
layout(std430, set = 0, binding = 3) writeonly buffer Out { uvec4 o[]; };
layout(push_constant) uniform Phase { uint phase; };

const ivec2 off[4] = ivec2[](ivec2(4, 0), ivec2(0, 4), ivec2(-4, 0), ivec2(0, -1 << 20));

void main()
{
	ivec2 p = ivec2(gl_LocalInvocationID.xy);
	uint k = gl_LocalInvocationIndex;

	if (phase == 0u) {
		imageStore(color, p, uvec4(k, 2u * k, 3u * k, 200u + k));
		imageStore(word, p, uvec4(0x1000u + k));
		return;
	}
	if (phase == 1u) {
		for (int i = 0; i < 4; i++) {
			imageStore(color, p + off[i], uvec4(0xeeu));
			imageStore(word, p + off[i], uvec4(0xeeu));
		}
		return;
	}
	o[16u * k + 0u] = imageLoad(color, p);
	o[16u * k + 1u] = imageLoad(word, p);
	o[16u * k + 2u] = texelFetch(fetched, p, 0);
	for (int i = 0; i < 4; i++) {
		o[16u * k + 3u + uint(i)] = imageLoad(color, p + off[i]);
		o[16u * k + 7u + uint(i)] = imageLoad(word, p + off[i]);
		o[16u * k + 11u + uint(i)] = texelFetch(fetched, p + off[i], 0);
	}
	o[16u * k + 15u] = texelFetch(fetched, p, 1);
}
