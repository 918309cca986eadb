#version 450
// Per-sample shading by SampleId and SamplePosition: per pixel
// (gl_FragCoord), the union of the SampleIds that ran, how many ran, and
// each sample's SamplePosition in 1/256 pixel (x | y << 16).
layout(push_constant) uniform Push { uint width; } pc;
layout(set = 0, binding = 0, std430) buffer Trace {
	uint invocations;
	uint pad;
	uint pixel[];	// 6 words a pixel: SampleId union, invocations, 4 positions
} t;
layout(location = 0) out uint o;
void main() {
	uint i = uint(gl_FragCoord.y) * pc.width + uint(gl_FragCoord.x);
	uvec2 p = uvec2(gl_SamplePosition * 256.0);
	atomicAdd(t.invocations, 1u);
	atomicOr(t.pixel[6u * i], 1u << gl_SampleID);
	atomicAdd(t.pixel[6u * i + 1u], 1u);
	t.pixel[6u * i + 2u + uint(gl_SampleID & 3)] = p.x | p.y << 16;
	o = 1u;
}
