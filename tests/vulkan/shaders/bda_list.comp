#version 450
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 64) in;

/*
 * A linked list of nodes through buffer_reference pointers stored in
 * memory, its head and the output passed as addresses in push constants.
 * out[i] = nodes walked * 1000000 + their sum * 1000 + value of node i % 7.
 */
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Node {
	Node next;
	uint value;
};
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Out {
	uint w[];
};
layout(push_constant) uniform Push {
	Node head;
	Out out_words;
} pc;

void main()
{
	uint i = gl_GlobalInvocationID.x, steps = 0, sum = 0;

	for (Node n = pc.head; uint64_t(n) != 0; n = n.next) {
		sum += n.value;
		steps++;
	}
	Node m = pc.head;
	for (uint k = 0; k < i % 7u && uint64_t(m) != 0; k++)
		m = m.next;
	pc.out_words.w[i] = steps * 1000000u + sum * 1000u + (uint64_t(m) != 0 ? m.value : 0u);
}
