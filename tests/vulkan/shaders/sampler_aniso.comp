#version 450
// samplerAnisotropy: invocation j samples a 64x64 mipmapped image whose R
// holds horizontal stripes and G vertical ones with textureGrad through
// three samplers (anisotropy off, on with maxAnisotropy 1, on with 16),
// along three footprints: 32:1 texels major along x walking down the
// stripes of R, 32:1 major along y walking across those of G, and an
// isotropic 2x2: o[9 * j + 3 * footprint + sampler].
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform sampler2D tex[3];
layout(std430, set = 0, binding = 1) writeonly buffer Out { vec4 o[]; };

void main()
{
	uint j = gl_LocalInvocationIndex;
	float w = (float(j) + 0.5) / 64.0;
	vec2 uv[3] = vec2[3](vec2(0.5, w), vec2(w, 0.5), vec2(w, fract(7.0 * w)));
	vec2 dx[3] = vec2[3](vec2(32.0, 0.0), vec2(1.0, 0.0), vec2(2.0, 0.0));
	vec2 dy[3] = vec2[3](vec2(0.0, 1.0), vec2(0.0, 32.0), vec2(0.0, 2.0));

	for (uint f = 0u; f < 3u; f++)
		for (uint s = 0u; s < 3u; s++)
			o[9u * j + 3u * f + s] = textureGrad(tex[s], uv[f], dx[f] / 64.0,
							     dy[f] / 64.0);
}
