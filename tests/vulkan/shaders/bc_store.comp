#version 450
// Block-texel views (test_image_compressed.c): stores v[y * width + x]
// into texel (x, y) of an uncompressed view of a compressed image, whose
// texels are the image's blocks.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, FMT) uniform writeonly uimage2D blocks;
layout(std430, set = 0, binding = 1) readonly buffer In { uvec4 v[]; };
layout(push_constant) uniform Size { uint width; uint height; };

void main()
{
	uvec2 p = gl_GlobalInvocationID.xy;

	if (p.x < width && p.y < height)
		imageStore(blocks, ivec2(p), v[p.y * width + p.x]);
}
