#version 450
// The benchmark copy kernel (bench/shader): vec4 copy with a bound check.
//! groups 4
//! push u32 1000
//! ssbo dst binding=0 u32[4096] init=fill(7) expect=ref
//! ssbo src binding=1 u32[4096] init=random(741,0,0xffffffff)
layout(local_size_x = 256) in;
layout(push_constant) uniform P { uint count; } pc;
layout(std430, binding = 0) writeonly buffer D { uvec4 dst[]; };
layout(std430, binding = 1) readonly buffer S { uvec4 src[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x;
	if (i < pc.count)
		dst[i] = src[i];
}
