#version 450
// 3x3 convolution of a 32x32 image with clamp-to-edge borders; weights in
// sixteenths keep the sums exact.
//! groups 4 4
//! ssbo img binding=0 f32[1024] init=random(821,0,256)
//! ubo w binding=1 f32[12] init=values(1,2,1,0,2,4,2,0,1,2,1,0)
//! ssbo o binding=2 f32[1024] expect=ref
layout(local_size_x = 8, local_size_y = 8) in;
layout(std430, binding = 0) readonly buffer I { float img[]; };
layout(std140, binding = 1) uniform W { vec4 w[3]; };
layout(std430, binding = 2) writeonly buffer O { float o[]; };

void main()
{
	ivec2 p = ivec2(gl_GlobalInvocationID.xy);
	float sum = 0.0;
	for (int dy = -1; dy <= 1; dy++) {
		for (int dx = -1; dx <= 1; dx++) {
			ivec2 q = clamp(p + ivec2(dx, dy), ivec2(0), ivec2(31));
			sum += floor(img[q.y * 32 + q.x]) * (w[dy + 1][dx + 1] * 0.0625);
		}
	}
	o[p.y * 32 + p.x] = sum;
}
