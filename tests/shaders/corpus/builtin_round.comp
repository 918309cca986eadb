#version 450
// floor, ceil, trunc, round, roundEven, fract: exact.
//! groups 1
//! ssbo x binding=0 f32[64] init=random(201,-100,100)
//! ssbo o binding=1 f32[448] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { float x[]; };
layout(std430, binding = 1) writeonly buffer O { float o[]; };

void main()
{
	uint k = gl_LocalInvocationIndex;
	/* A few exact halves: roundEven must pick the even neighbour. */
	float v = k < 8u ? float(int(k) - 4) + 0.5 : x[k];
	o[k * 7u + 0u] = floor(v);
	o[k * 7u + 1u] = ceil(v);
	o[k * 7u + 2u] = trunc(v);
	o[k * 7u + 3u] = roundEven(v);
	o[k * 7u + 4u] = k < 8u ? 0.0 : round(v);
	o[k * 7u + 5u] = fract(v);
	o[k * 7u + 6u] = v - floor(v) == fract(v) ? 1.0 : 0.0;
}
