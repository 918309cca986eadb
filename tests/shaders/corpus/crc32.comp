#version 450
// Bitwise CRC-32 (reflected, polynomial 0xedb88320) of 64 bytes per lane.
//! groups 2
//! ssbo x binding=0 u32[2048] init=random(871,0,0xffffffff)
//! ssbo o binding=1 u32[128] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x, crc = 0xffffffffu;
	for (uint w = 0u; w < 16u; w++) {
		uint word = x[i * 16u + w];
		for (uint b = 0u; b < 4u; b++) {
			crc ^= (word >> (8u * b)) & 0xffu;
			for (uint k = 0u; k < 8u; k++)
				crc = (crc & 1u) != 0u ? (crc >> 1) ^ 0xedb88320u : crc >> 1;
		}
	}
	o[i] = ~crc;
}
