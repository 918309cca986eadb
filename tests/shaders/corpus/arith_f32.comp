#version 450
// 32-bit float arithmetic: correctly rounded +, -, *; division within 2.5 ULP.
//! groups 2
//! ssbo a binding=0 f32[128] init=random(31,-100,100)
//! ssbo b binding=1 f32[128] init=random(32,-100,100)
//! ssbo o binding=2 f32[1024] expect=ref
//! ssbo q binding=3 f32[128] expect=ref tol=ulp:3
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer A { float a[]; };
layout(std430, binding = 1) readonly buffer B { float b[]; };
layout(std430, binding = 2) writeonly buffer O { float o[]; };
layout(std430, binding = 3) writeonly buffer Q { float q[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x;
	float x = a[i], y = b[i];
	uint base = i * 8u;
	o[base + 0u] = x + y;
	o[base + 1u] = x - y;
	o[base + 2u] = x * y;
	o[base + 3u] = -x;
	o[base + 4u] = abs(x);
	o[base + 5u] = min(x, y);
	o[base + 6u] = max(x, y);
	o[base + 7u] = x < y ? 1.0 : (x == y ? 0.5 : 0.0);
	q[i] = x / y;
}
