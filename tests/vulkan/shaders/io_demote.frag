#version 450
#extension GL_EXT_demote_to_helper_invocation : require
// Demote: the pixels of odd x + y become helpers, which store nothing and
// write no colour but still take part in the quad's derivatives. The
// others write twice dFdxFine(x x) of the pixel position p (io_pixel.vert)
// in bits 0-7, whether their horizontal neighbour is a helper in bit 8 and
// whether they are in bit 9, and count themselves in the trace.
layout(push_constant) uniform Push { uint width, height; } pc;
layout(set = 0, binding = 0, std430) buffer Trace {
	uint invocations;
	uint pad;
	uint pixel[];
} t;
layout(location = 0) in vec2 p;
layout(location = 0) out uint o;
void main() {
	uvec2 c = uvec2(gl_FragCoord.xy);
	if (((c.x ^ c.y) & 1u) == 1u)
		demote;
	float h = helperInvocationEXT() ? 1.0 : 0.0;
	uint d = uint(round(2.0 * dFdxFine(p.x * p.x)));
	atomicAdd(t.pixel[c.y * pc.width + c.x], 1u);
	o = d | uint(abs(dFdxFine(h))) << 8 | (helperInvocationEXT() ? 1u << 9 : 0u);
}
