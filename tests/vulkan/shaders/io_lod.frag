#version 450
// Implicit-LOD sampling: texel coordinates of the pixel position p
// (io_pixel.vert) times the pushed scale in a 64 x 64 texture, whose
// levels hold their number plus 10; level log2(scale) is sampled.
layout(push_constant) uniform Push { uint width, height; float scale; } pc;
layout(set = 0, binding = 1) uniform usampler2D tex;
layout(location = 0) in vec2 p;
layout(location = 0) out uint o;
void main() {
	o = texture(tex, p * pc.scale / 64.0).r;
}
