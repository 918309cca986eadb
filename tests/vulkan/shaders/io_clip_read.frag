#version 450
// The interpolated clip and cull distances of io_clip.vert, scaled to
// integers at pixel centres and offset by 128, one a byte.
in float gl_ClipDistance[2];
in float gl_CullDistance[1];
layout(location = 0) out uint o;
void main() {
	uint a = uint(round(gl_ClipDistance[0] * 32.0) + 128.0);
	uint b = uint(round(gl_ClipDistance[1] * 16.0) + 128.0);
	uint c = uint(round(gl_CullDistance[0]) + 128.0);
	o = a | b << 8 | c << 16;
}
