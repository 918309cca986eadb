#version 450
// Per-sample shading by SampleId and SamplePosition: per pixel
// (gl_FragCoord), the union of the SampleIds that ran, how many ran, each
// sample's SamplePosition and its Sample-interpolated position within the
// pixel (io_pixel.vert's p), both in 1/256 pixel (x | y << 16).
layout(push_constant) uniform Push { uint width; } pc;
layout(set = 0, binding = 0, std430) buffer Trace {
	uint invocations;
	uint pad;
	uint pixel[];	// 10 words a pixel: SampleId union, invocations, 4 + 4 positions
} t;
layout(location = 0) sample in vec2 p;
layout(location = 0) out uint o;
void main() {
	uint i = uint(gl_FragCoord.y) * pc.width + uint(gl_FragCoord.x);
	uint s = uint(gl_SampleID & 3);
	uvec2 at = uvec2(gl_SamplePosition * 256.0);
	uvec2 in_pixel = uvec2(round((p - floor(gl_FragCoord.xy)) * 256.0));
	atomicAdd(t.invocations, 1u);
	atomicOr(t.pixel[10u * i], 1u << gl_SampleID);
	atomicAdd(t.pixel[10u * i + 1u], 1u);
	t.pixel[10u * i + 2u + s] = at.x | at.y << 16;
	t.pixel[10u * i + 6u + s] = in_pixel.x | in_pixel.y << 16;
	o = 1u;
}
