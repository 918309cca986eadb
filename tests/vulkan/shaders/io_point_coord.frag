#version 450
// PointCoord of a PointSize 5 point (gfx_point_size.vert): its pixel's
// column and row in the point, 0..4, as column + 8 * row.
layout(location = 0) out uint o;
void main() {
	o = uint(gl_PointCoord.x * 5.0) + 8u * uint(gl_PointCoord.y * 5.0);
}
