#version 450
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_buffer_reference_uvec2 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require
layout(local_size_x = 64) in;

/* Atomics from every invocation through a pointer passed as a uvec2. */
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Counters {
	uint count;
	uint maximum;
	uint64_t wide;
};
layout(push_constant) uniform Push {
	uvec2 counters;
} pc;

void main()
{
	uint i = gl_GlobalInvocationID.x;
	Counters c = Counters(pc.counters);

	atomicAdd(c.count, 1u);
	atomicMax(c.maximum, i);
	atomicAdd(c.wide, (uint64_t(i) << 32) | 1ul);
}
