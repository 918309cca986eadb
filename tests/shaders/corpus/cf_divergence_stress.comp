#version 450
// Divergence stress: every lane of a 32-lane wave takes a different case,
// each with its own loops, breaks, continues and nested branches.
//! groups 4
//! ssbo x binding=0 u32[256] init=random(431,0,0xffffffff)
//! ssbo o binding=1 u32[256] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint xs[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };

uint lane_path(uint lane, uint x)
{
	uint r = 0u;
	switch (lane) {
	case 0u: {
		r = x + 1u;
		for (uint j = 0u; j < (x & 7u); j++) r = r * 31u + j;
		break;
	}
	case 1u: {
		r = x * 3u;
		for (uint j = 0u; j < 8u; j++) { if (r % 5u == 0u) break; r += 1u; }
		break;
	}
	case 2u: {
		r = x ^ 0x5a5a5a5au;
		uint n = (x & 63u) + 1u; while (n != 1u) { n = (n & 1u) != 0u ? 3u * n + 1u : n / 2u; r++; }
		break;
	}
	case 3u: {
		r = x >> 3u;
		for (uint j = 0u; j < 4u; j++) for (uint k = 0u; k <= j; k++) r += (x >> (j + k)) & 3u;
		break;
	}
	case 4u: {
		r = x << 5u;
		for (uint j = 0u; j < (x % 5u) + 1u; j++) { if (j == 2u) continue; r ^= j * 0x01010101u; }
		break;
	}
	case 5u: {
		r = ~x;
		for (uint j = 1u; j < 40u; j++) { r ^= r << 3u; if ((r & 7u) == j % 8u) break; }
		break;
	}
	case 6u: {
		r = x * x;
		for (uint j = 0u; j < 3u; j++) r = (r >> 7u) | (r << 25u);
		break;
	}
	case 7u: {
		r = (x & 0xffu) * 7u;
		uint j = 0u; while (r > 1000u && j < 20u) { r = r / 2u + j; j++; }
		break;
	}
	case 8u: {
		r = x - 100u;
		switch (x & 3u) { case 0u: r += 1u; break; case 1u: r += 2u; case 2u: r *= 2u; break; default: r = 0u; }
		break;
	}
	case 9u: {
		r = (x | 1u) * 0x9e3779b9u;
		if (x > 0x80000000u) { if ((x & 2u) != 0u) r = 1u; else r = 2u; } else { r += 3u; }
		break;
	}
	case 10u: {
		r = x / 3u;
		if ((x & 1u) != 0u) r *= 3u; else r += 11u;
		break;
	}
	case 11u: {
		r = x % 7u;
		for (uint j = 0u; j < 10u; j++) { uint c = (r >> j) & 1u; if (c != 0u) r += j; else r -= j; }
		break;
	}
	case 12u: {
		r = (x >> 16u) ^ (x & 0xffffu);
		uint j = x % 13u; do { r += j; j--; } while (j > 0u && j < 13u);
		break;
	}
	case 13u: {
		r = x + (x >> 1u);
		r = r > 0x80000000u ? r - 0x80000000u : r + 0x40000000u;
		break;
	}
	case 14u: {
		r = x * 5u + 3u;
		for (uint j = 0u; j < 16u; j++) { if (((x >> j) & 1u) == 0u) continue; r += j * j; }
		break;
	}
	case 15u: {
		r = 0u - x;
		uint j = 0u; while (true) { j++; r = r * 1664525u + 1013904223u; if (j >= (x & 15u)) break; }
		break;
	}
	case 16u: {
		r = x + 1u;
		for (uint j = 0u; j < (x & 7u); j++) r = r * 31u + j;
		break;
	}
	case 17u: {
		r = x * 3u;
		uint j = 0u; while (r > 1000u && j < 20u) { r = r / 2u + j; j++; }
		break;
	}
	case 18u: {
		r = x ^ 0x5a5a5a5au;
		for (uint j = 0u; j < 16u; j++) { if (((x >> j) & 1u) == 0u) continue; r += j * j; }
		break;
	}
	case 19u: {
		r = x >> 3u;
		for (uint j = 1u; j < 40u; j++) { r ^= r << 3u; if ((r & 7u) == j % 8u) break; }
		break;
	}
	case 20u: {
		r = x << 5u;
		uint j = x % 13u; do { r += j; j--; } while (j > 0u && j < 13u);
		break;
	}
	case 21u: {
		r = ~x;
		for (uint j = 0u; j < 4u; j++) for (uint k = 0u; k <= j; k++) r += (x >> (j + k)) & 3u;
		break;
	}
	case 22u: {
		r = x * x;
		if ((x & 1u) != 0u) r *= 3u; else r += 11u;
		break;
	}
	case 23u: {
		r = (x & 0xffu) * 7u;
		for (uint j = 0u; j < 8u; j++) { if (r % 5u == 0u) break; r += 1u; }
		break;
	}
	case 24u: {
		r = x - 100u;
		switch (x & 3u) { case 0u: r += 1u; break; case 1u: r += 2u; case 2u: r *= 2u; break; default: r = 0u; }
		break;
	}
	case 25u: {
		r = (x | 1u) * 0x9e3779b9u;
		uint j = 0u; while (true) { j++; r = r * 1664525u + 1013904223u; if (j >= (x & 15u)) break; }
		break;
	}
	case 26u: {
		r = x / 3u;
		for (uint j = 0u; j < 3u; j++) r = (r >> 7u) | (r << 25u);
		break;
	}
	case 27u: {
		r = x % 7u;
		r = r > 0x80000000u ? r - 0x80000000u : r + 0x40000000u;
		break;
	}
	case 28u: {
		r = (x >> 16u) ^ (x & 0xffffu);
		for (uint j = 0u; j < (x % 5u) + 1u; j++) { if (j == 2u) continue; r ^= j * 0x01010101u; }
		break;
	}
	case 29u: {
		r = x + (x >> 1u);
		for (uint j = 0u; j < 10u; j++) { uint c = (r >> j) & 1u; if (c != 0u) r += j; else r -= j; }
		break;
	}
	case 30u: {
		r = x * 5u + 3u;
		uint n = (x & 63u) + 1u; while (n != 1u) { n = (n & 1u) != 0u ? 3u * n + 1u : n / 2u; r++; }
		break;
	}
	case 31u: {
		r = 0u - x;
		if (x > 0x80000000u) { if ((x & 2u) != 0u) r = 1u; else r = 2u; } else { r += 3u; }
		break;
	}
	}
	return r;
}

void main()
{
	uint i = gl_GlobalInvocationID.x;
	o[i] = lane_path((i + i / 64u) % 32u, xs[i]);
}
