#version 450
// Derivatives of quadratic functions of the pixel position p
// (io_pixel.vert), twice their value rounded, 5 words a pixel of the trace:
// dFdxFine(x y), dFdyFine(x y), dFdxCoarse(x x), dFdyCoarse(y y) and
// dFdxCoarse(x y) (whose row in the quad is the implementation's choice).
layout(push_constant) uniform Push { uint width, height; } pc;
layout(set = 0, binding = 0, std430) buffer Trace {
	uint invocations;
	uint pad;
	uint pixel[];
} t;
layout(location = 0) in vec2 p;
layout(location = 0) out uint o;
void main() {
	uint i = 5u * (uint(gl_FragCoord.y) * pc.width + uint(gl_FragCoord.x));
	float xy = p.x * p.y, xx = p.x * p.x, yy = p.y * p.y;
	t.pixel[i] = uint(round(2.0 * dFdxFine(xy)));
	t.pixel[i + 1u] = uint(round(2.0 * dFdyFine(xy)));
	t.pixel[i + 2u] = uint(round(2.0 * dFdxCoarse(xx)));
	t.pixel[i + 3u] = uint(round(2.0 * dFdyCoarse(yy)));
	t.pixel[i + 4u] = uint(round(2.0 * dFdxCoarse(xy)));
	o = 1u;
}
