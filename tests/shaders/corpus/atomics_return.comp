#version 450
// The values atomicAdd returns: every invocation gets a distinct ticket.
//! groups 4
//! ssbo counter binding=0 u32[1] expect=values(256)
//! ssbo tickets binding=1 u32[256] expect=seq(0,1) unordered
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer C { uint counter; };
layout(std430, binding = 1) writeonly buffer T { uint tickets[]; };

void main()
{
	tickets[gl_GlobalInvocationID.x] = atomicAdd(counter, 1u);
}
