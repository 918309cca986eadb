#version 450
// Sample shading the pipeline enables on a shader that reads neither
// SampleId nor SamplePosition and has no sample input: per pixel, which of
// the 4 standard sample locations gl_FragCoord was at (bit k; bit 4 for
// anywhere else), how many invocations ran, and how many of them had the
// plain (centre-qualified) p of io_pixel.vert somewhere else than
// gl_FragCoord.xy.
layout(push_constant) uniform Push { uint width; } pc;
layout(set = 0, binding = 0, std430) buffer Trace {
	uint invocations;
	uint pad;
	uint pixel[];	// 3 words a pixel: locations seen, invocations, p elsewhere
} t;
layout(location = 0) in vec2 p;
layout(location = 0) out uint o;
const vec2 standard[4] = vec2[](vec2(0.375, 0.125), vec2(0.875, 0.375),
				vec2(0.125, 0.625), vec2(0.625, 0.875));
void main() {
	uint i = uint(gl_FragCoord.y) * pc.width + uint(gl_FragCoord.x);
	vec2 at = fract(gl_FragCoord.xy);
	uint which = 16u;
	for (int k = 0; k < 4; k++)
		if (all(lessThan(abs(at - standard[k]), vec2(1.0 / 512.0))))
			which = 1u << k;
	atomicAdd(t.invocations, 1u);
	atomicOr(t.pixel[3u * i], which);
	atomicAdd(t.pixel[3u * i + 1u], 1u);
	if (any(greaterThan(abs(p - gl_FragCoord.xy), vec2(1.0 / 256.0))))
		atomicAdd(t.pixel[3u * i + 2u], 1u);
	o = 1u;
}
