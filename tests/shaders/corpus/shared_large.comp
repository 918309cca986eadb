#version 450
// 32 KiB of shared memory (the Vulkan minimum limit), every word written
// and read by other invocations.
//! groups 2
//! ssbo o binding=0 u32[512] expect=ref
layout(local_size_x = 256) in;
layout(std430, binding = 0) writeonly buffer O { uint o[]; };
shared uint big[8192];

void main()
{
	uint l = gl_LocalInvocationIndex;
	for (uint j = l; j < 8192u; j += 256u)
		big[j] = j * 2654435761u + gl_WorkGroupID.x;
	barrier();
	uint sum = 0u;
	for (uint j = 0u; j < 32u; j++)
		sum += big[(l * 32u + j * 33u) % 8192u];
	o[gl_GlobalInvocationID.x] = sum;
}
