#version 450
// Where io_interp.vert's position is interpolated, in 1/256 pixel (x, y
// rounded), 20 words a pixel of the trace: 0 invocations, 1-2 the centroid
// input, 3-4 interpolateAtCentroid of the smooth one, 5-12
// interpolateAtSample for samples 0..3, 13-14 interpolateAtOffset (0.25,
// -0.375), 15-16 the noperspective input, 17-18 the smooth one.
layout(push_constant) uniform Push { uint width, height; } pc;
layout(set = 0, binding = 0, std430) buffer Trace {
	uint invocations;
	uint pad;
	uint pixel[];
} t;
layout(location = 0) in vec2 p;
layout(location = 1) noperspective in vec2 q;
layout(location = 2) centroid in vec2 c;
layout(location = 0) out uint o;

void put(uint at, vec2 v) {
	uvec2 u = uvec2(round(v * 256.0));
	t.pixel[at] = u.x;
	t.pixel[at + 1u] = u.y;
}

void main() {
	uint i = 20u * (uint(gl_FragCoord.y) * pc.width + uint(gl_FragCoord.x));
	atomicAdd(t.invocations, 1u);
	atomicAdd(t.pixel[i], 1u);
	put(i + 1u, c);
	put(i + 3u, interpolateAtCentroid(p));
	put(i + 5u, interpolateAtSample(p, 0));
	put(i + 7u, interpolateAtSample(p, 1));
	put(i + 9u, interpolateAtSample(p, 2));
	put(i + 11u, interpolateAtSample(p, 3));
	put(i + 13u, interpolateAtOffset(p, vec2(0.25, -0.375)));
	put(i + 15u, q);
	put(i + 17u, p);
	o = 1u;
}
