#version 450
// Five levels of ifs on the lane's bits: 32 distinct paths in one wave.
//! groups 2
//! ssbo o binding=0 u32[128] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) writeonly buffer O { uint o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x, r = 1u;
	if ((i & 1u) != 0u) {
		r = r * 3u;
		if ((i & 2u) != 0u) {
			r += 5u;
			if ((i & 4u) != 0u) {
				r <<= 2;
				if ((i & 8u) != 0u) {
					r ^= 0xffu;
					if ((i & 16u) != 0u)
						r += 1000u;
				} else {
					r -= 1u;
				}
			}
		} else if ((i & 4u) != 0u) {
			r *= 7u;
		}
	} else {
		if ((i & 16u) != 0u) {
			r = 77u;
			if ((i & 2u) != 0u)
				r++;
		} else {
			r = i;
		}
	}
	o[i] = r + ((i & 32u) != 0u ? 10000u : 0u);
}
