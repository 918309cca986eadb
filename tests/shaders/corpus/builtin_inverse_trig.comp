#version 450
// asin, acos, atan, atan(y, x) in every quadrant (Vulkan allows 4096 ULP for atan).
//! groups 1
//! ssbo x binding=0 f32[64] init=random(251,-1,1)
//! ssbo y binding=1 f32[64] init=random(252,-5,5)
//! ssbo o binding=2 f32[256] expect=ref tol=abs:1e-3
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { float x[]; };
layout(std430, binding = 1) readonly buffer Y { float y[]; };
layout(std430, binding = 2) writeonly buffer O { float o[]; };

void main()
{
	uint k = gl_LocalInvocationIndex;
	o[k * 4u + 0u] = asin(x[k]);
	o[k * 4u + 1u] = acos(x[k]);
	o[k * 4u + 2u] = atan(y[k]);
	o[k * 4u + 3u] = atan(y[k], x[k]);
}
