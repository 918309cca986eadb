#version 450
// Every sample of every texel of a 4-sample image's layers, through a
// depth view: texel i of layer l, sample s lands at (l * texels + i) * 4 + s.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform sampler2DMSArray view;
layout(set = 0, binding = 1) buffer Samples { float samples[]; };
layout(push_constant) uniform Shape { uint width, height, layers; };

void main()
{
	uint texels = width * height, i = gl_GlobalInvocationID.x;

	if (i >= texels * layers)
		return;
	ivec3 p = ivec3(i % width, (i % texels) / width, i / texels);
	for (int s = 0; s < 4; s++)
		samples[i * 4 + s] = texelFetch(view, p, s).r;
}
