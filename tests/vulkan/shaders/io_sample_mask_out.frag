#version 450
// SampleMask as an output: gfx_flat.frag's colour into the samples of the
// pixel's mask, (3 x + 5 y) mod 16 of its integer coordinates.
layout(location = 0) flat in vec4 v_color;
layout(location = 0) out vec4 o;
void main() {
	uvec2 p = uvec2(gl_FragCoord.xy);
	gl_SampleMask[0] = int((3u * p.x + 5u * p.y) & 15u);
	o = v_color;
}
