#version 450
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_buffer_reference_uvec2 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 64) in;

/* Buffer device addresses: every pointer comes from push constants or memory. */
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Node {
	Node next;
	uint value;
};
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Record {
	uint8_t b[16];		/* offset 0 */
	uint16_t h[8];		/* 16 */
	uint w[4];		/* 32 */
	uint64_t d[2];		/* 48 */
	vec4 v[2];		/* 64; 96 bytes in all */
};
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Counter {
	uint count;
	uint maximum;
	uint64_t wide;
	uint swapped;
};
layout(buffer_reference, std430) buffer Words {
	uint w[];
};

layout(push_constant) uniform Push {
	Node head;
	Record records;
	uvec2 counter;
	Words out_words;
} pc;

void main()
{
	uint i = gl_GlobalInvocationID.x;
	uint sum = 0, steps = 0;

	/* The same list walked by every lane: uniform pointers. */
	for (Node n = pc.head; uint64_t(n) != 0; n = n.next) {
		sum += n.value;
		steps++;
	}
	/* Each lane stops at node i % 5: divergent pointers. */
	Node m = pc.head;
	for (uint k = 0; k < i % 5 && uint64_t(m) != 0; k++)
		m = m.next;
	uint from = uint64_t(m) != 0 ? m.value : 0u;

	/* Pointer arithmetic: lane i's 96-byte record. */
	Record r = Record(uint64_t(pc.records) + uint64_t(i) * 96ul);
	r.b[3] = uint8_t(r.b[0] + uint8_t(1));
	r.h[5] = uint16_t(r.h[1] * uint16_t(3));
	r.w[2] = r.w[0] ^ sum;
	r.d[1] = r.d[0] + 0x100000000ul * uint64_t(i);
	r.v[1] = r.v[0] * 2.0;

	Counter c = Counter(pc.counter);
	atomicAdd(c.count, 1u);
	atomicMax(c.maximum, i * 7u);
	atomicAdd(c.wide, uint64_t(i) << 32);
	atomicCompSwap(c.swapped, i, i + 1000u);

	pc.out_words.w[i] = steps * 1000000u + sum * 1000u + from;
}
