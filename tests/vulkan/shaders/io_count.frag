#version 450
// Leaves a trace of every fragment shader invocation: the invocation count,
// the sum of the bits of their SampleMaskIn, and per pixel (gl_FragCoord)
// how many ran there, the union of their SampleMaskIn and a plain store of
// the pixel's index + 1. Helper invocations must leave none. EARLY: with
// early fragment tests, fragments the depth test kills never run.
#ifdef EARLY
layout(early_fragment_tests) in;
#endif
layout(push_constant) uniform Push { uint width; } pc;
layout(set = 0, binding = 0, std430) buffer Trace {
	uint invocations;
	uint mask_bits;
	uint pixel[];	// 3 words a pixel: invocations, SampleMaskIn union, index + 1
} t;
layout(location = 0) out uint o;
void main() {
	uint i = uint(gl_FragCoord.y) * pc.width + uint(gl_FragCoord.x);
	atomicAdd(t.invocations, 1u);
	atomicAdd(t.mask_bits, uint(bitCount(gl_SampleMaskIn[0])));
	atomicAdd(t.pixel[3u * i], 1u);
	atomicOr(t.pixel[3u * i + 1u], uint(gl_SampleMaskIn[0]));
	t.pixel[3u * i + 2u] = i + 1u;
	o = 1u;
}
