#version 450
// shaderStorageImageMultisample: phase 0 stores 16k + 3s + 1 into sample s
// of texel k = x + 4y of a 4-sample R32_UINT storage image and
// (k / 15, s / 3, 1 - k / 15, 1) into an R8G8B8A8_UNORM one; phase 1 loads
// them into o[4k + s] and o[64 + 4k + s], and the sample count into o[128].
layout(local_size_x = 4, local_size_y = 4) in;
layout(set = 0, binding = 0, r32ui) uniform uimage2DMS counts;
layout(set = 0, binding = 1, rgba8) uniform image2DMS colours;
layout(std430, set = 0, binding = 2) writeonly buffer Out { uint o[]; };
layout(push_constant) uniform Phase { uint phase; };

void main()
{
	ivec2 p = ivec2(gl_LocalInvocationID.xy);
	uint k = gl_LocalInvocationIndex;

	for (int s = 0; s < 4; s++) {
		if (phase == 0u) {
			imageStore(counts, p, s, uvec4(16u * k + 3u * uint(s) + 1u));
			imageStore(colours, p, s, vec4(float(k) / 15.0, float(s) / 3.0,
						       1.0 - float(k) / 15.0, 1.0));
			continue;
		}
		o[4u * k + uint(s)] = imageLoad(counts, p, s).x;
		o[64u + 4u * k + uint(s)] = packUnorm4x8(imageLoad(colours, p, s));
	}
	if (phase == 1u && k == 0u)
		o[128] = uint(imageSamples(counts));
}
