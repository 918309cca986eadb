#version 450
// 32-bit signed arithmetic: truncating division, arithmetic shifts, abs/sign/min/max.
//! groups 2
//! ssbo a binding=0 i32[128] init=random(21,-1000000000,1000000000)
//! ssbo b binding=1 i32[128] init=random(22,-1000,1000)
//! ssbo o binding=2 i32[1280] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer A { int a[]; };
layout(std430, binding = 1) readonly buffer B { int b[]; };
layout(std430, binding = 2) writeonly buffer O { int o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x;
	int x = a[i];
	int y = b[i] == 0 ? 1 : b[i];
	uint base = i * 10u;
	o[base + 0u] = x + y;
	o[base + 1u] = x - y;
	o[base + 2u] = x * y;
	o[base + 3u] = x / y;
	o[base + 4u] = abs(x);
	o[base + 5u] = sign(y);
	o[base + 6u] = min(x, y);
	o[base + 7u] = max(x, y);
	o[base + 8u] = x >> (y & 31);
	o[base + 9u] = -x + (x < y ? 1 : 0);
}
