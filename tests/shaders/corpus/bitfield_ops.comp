#version 450
// bitfieldExtract (signed, unsigned), bitfieldInsert, bitCount, findLSB,
// findMSB (signed, unsigned), bitfieldReverse.
//! groups 1
//! ssbo a binding=0 u32[64] init=random(151,0,0xffffffff)
//! ssbo b binding=1 u32[64] init=random(152,0,0xffffffff)
//! ssbo o binding=2 u32[576] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer A { uint a[]; };
layout(std430, binding = 1) readonly buffer B { uint b[]; };
layout(std430, binding = 2) writeonly buffer O { uint o[]; };

void main()
{
	uint k = gl_LocalInvocationIndex;
	uint x = a[k], y = b[k];
	/* Small values and zero exercise findLSB/findMSB edge cases. */
	if (k % 8u == 0u)
		x = 0u;
	if (k % 8u == 1u)
		x = x >> (k % 32u);
	int offset = int(y & 15u), bits = int((y >> 4) % 17u);
	uint base = k * 9u;
	o[base + 0u] = bitfieldExtract(x, offset, bits);
	o[base + 1u] = uint(bitfieldExtract(int(x), offset, bits));
	o[base + 2u] = bitfieldInsert(x, y, offset, bits);
	o[base + 3u] = uint(bitCount(x));
	o[base + 4u] = uint(findLSB(x));
	o[base + 5u] = uint(findMSB(x));
	o[base + 6u] = uint(findMSB(int(x)));
	o[base + 7u] = bitfieldReverse(x);
	o[base + 8u] = uint(bitCount(int(y)));
}
