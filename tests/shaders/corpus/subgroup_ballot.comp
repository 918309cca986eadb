#version 450
// subgroupBallot and its helpers: bit counts, find LSB/MSB, bit extract,
// inverse ballot.
#extension GL_KHR_shader_subgroup_ballot : require
//! groups 2
//! ssbo x binding=0 u32[128] init=random(601,0,1000)
//! ssbo o binding=1 u32[1024] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x, v = x[i], id = gl_SubgroupInvocationID;
	uvec4 b = subgroupBallot((v & 1u) != 0u || id == 0u);
	uint base = i * 8u;
	o[base + 0u] = b.x;
	o[base + 1u] = subgroupBallotBitCount(b);
	o[base + 2u] = subgroupBallotInclusiveBitCount(b);
	o[base + 3u] = subgroupBallotExclusiveBitCount(b);
	o[base + 4u] = subgroupBallotFindLSB(b);
	o[base + 5u] = subgroupBallotFindMSB(b);
	o[base + 6u] = subgroupBallotBitExtract(b, (id + 1u) % gl_SubgroupSize) ? 1u : 0u;
	o[base + 7u] = subgroupInverseBallot(uvec4(0x55555555u)) ? 1u : 0u;
}
