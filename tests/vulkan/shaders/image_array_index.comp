#version 450
// Arrays of storage images, sampled images, uniform and storage texel
// buffers indexed with a dynamically uniform index (a loop to a push
// constant). Phase 0 stores 100e + k into texel k = x + 4y of storage
// image e and adds 7 to texel k of storage texel buffer e; phase 1 reads
// texel k of every element of each array into o[4 * (16 * e + k) + array].
layout(local_size_x = 4, local_size_y = 4) in;
layout(set = 0, binding = 0, r32f) uniform image2D images[3];
layout(set = 0, binding = 1) uniform sampler2D textures[3];
layout(set = 0, binding = 2) uniform samplerBuffer uniform_texels[3];
layout(set = 0, binding = 3, r32ui) uniform uimageBuffer storage_texels[3];
layout(std430, set = 0, binding = 4) writeonly buffer Out { uint o[]; };
layout(push_constant) uniform Phase { uint phase; uint count; };

void main()
{
	ivec2 p = ivec2(gl_LocalInvocationID.xy);
	uint k = gl_LocalInvocationIndex;

	for (uint e = 0u; e < count; e++) {
		if (phase == 0u) {
			imageStore(images[e], p, vec4(float(100u * e + k)));
			imageStore(storage_texels[e], int(k),
				   imageLoad(storage_texels[e], int(k)) + 7u);
			continue;
		}
		uint at = 4u * (16u * e + k);
		o[at + 0u] = uint(imageLoad(images[e], p).x);
		o[at + 1u] = uint(textureLod(textures[e], (vec2(p) + 0.5) / 4.0, 0.0).x);
		o[at + 2u] = uint(texelFetch(uniform_texels[e], int(k)).x);
		o[at + 3u] = imageLoad(storage_texels[e], int(k)).x;
	}
}
