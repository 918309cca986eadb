#version 450
// interpolateAt* of io_interp.vert's NoPerspective input with operands
// known only at run time (push constants), in 1/256 pixel, 5 words a
// pixel of the trace: 0 invocations, 1-2 interpolateAtSample(q, k), 3-4
// interpolateAtOffset(q, offset).
layout(push_constant) uniform Push {
	uint width, height;
	int k;
	vec2 offset;
} pc;
layout(set = 0, binding = 0, std430) buffer Trace {
	uint invocations;
	uint pad;
	uint pixel[];
} t;
layout(location = 1) noperspective in vec2 q;
layout(location = 0) out uint o;

void put(uint at, vec2 v) {
	uvec2 u = uvec2(round(v * 256.0));
	t.pixel[at] = u.x;
	t.pixel[at + 1u] = u.y;
}

void main() {
	uint i = 5u * (uint(gl_FragCoord.y) * pc.width + uint(gl_FragCoord.x));
	atomicAdd(t.pixel[i], 1u);
	put(i + 1u, interpolateAtSample(q, pc.k));
	put(i + 3u, interpolateAtOffset(q, pc.offset));
	o = 1u;
}
