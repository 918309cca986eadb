#version 450
// The vertex's draw parameters (gfx_draw_params.vert) into two integer targets.
layout(location = 0) flat in uvec4 ids;
layout(location = 1) flat in uint draw;
layout(location = 0) out uvec4 out_ids;
layout(location = 1) out uint out_draw;
void main() {
	out_ids = ids;
	out_draw = draw;
}
