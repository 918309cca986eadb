#version 450
// isnan, isinf on NaNs, infinities, zeros and normals; NaN propagation in arithmetic.
//! groups 1
//! ssbo x binding=0 f32[16] init=values(0,-0,1,-1,inf,-inf,nan,3e38,1e-40,-2,nan,inf,5,0.5,-inf,7)
//! ssbo o binding=1 u32[16] expect=values(0,0,0,0,2,2,5,0,0,0,5,2,0,0,2,0)
layout(local_size_x = 16) in;
layout(std430, binding = 0) readonly buffer X { float x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };

void main()
{
	uint k = gl_LocalInvocationIndex;
	float v = x[k];
	o[k] = (isnan(v) ? 1u : 0u) | (isinf(v) ? 2u : 0u) | (isnan(v * 2.0 + 1.0) ? 4u : 0u);
}
