#version 450
// Functions with in, out and inout parameters called from divergent code.
//! groups 1
//! ssbo x binding=0 u32[64] init=random(471,0,1000)
//! ssbo o binding=1 u32[192] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };

void divmod(uint a, uint b, out uint q, out uint r)
{
	q = a / b;
	r = a - q * b;
}

void accumulate(inout uint acc, uint v)
{
	acc = acc * 3u + v;
}

uint gcd(uint a, uint b)
{
	while (b != 0u) {
		uint t = a % b;
		a = b;
		b = t;
	}
	return a;
}

void main()
{
	uint i = gl_LocalInvocationIndex;
	uint q, r, acc = 1u;
	if ((x[i] & 1u) != 0u) {
		divmod(x[i], 7u, q, r);
		accumulate(acc, q);
	} else {
		divmod(x[i], 13u, q, r);
		accumulate(acc, r);
		accumulate(acc, q);
	}
	o[i * 3u] = acc;
	o[i * 3u + 1u] = gcd(x[i], 360u);
	o[i * 3u + 2u] = q * 1000u + r;
}
