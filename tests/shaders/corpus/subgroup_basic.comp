#version 450
// Subgroup built-ins: size, invocation id, subgroup id and count, the lane
// masks, and subgroupElect.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
//! groups 2
//! ssbo ids binding=0 u32[512] expect=ref
//! ssbo masks binding=1 u32[768] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) writeonly buffer Ids { uvec4 ids[]; };
layout(std430, binding = 1) writeonly buffer Masks { uint masks[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x;
	ids[i] = uvec4(gl_SubgroupSize, gl_SubgroupInvocationID,
		       gl_NumSubgroups * 100u + gl_SubgroupID, subgroupElect() ? 1u : 0u);
	masks[i * 6u + 0u] = gl_SubgroupEqMask.x;
	masks[i * 6u + 1u] = gl_SubgroupGeMask.x;
	masks[i * 6u + 2u] = gl_SubgroupGtMask.x;
	masks[i * 6u + 3u] = gl_SubgroupLeMask.x;
	masks[i * 6u + 4u] = gl_SubgroupLtMask.x;
	masks[i * 6u + 5u] = gl_SubgroupEqMask.y | gl_SubgroupGeMask.z | gl_SubgroupLtMask.w;
}
