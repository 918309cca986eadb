#version 450
// Centroid interpolation and interpolateAtCentroid/AtSample/AtOffset with
// four samples; a Sample-decorated input makes a shader per-sample (its
// own binary, checked by its header).
layout(location = 0) in float s;
layout(location = 1) centroid in float cen;
layout(location = 2) noperspective in float np;
layout(location = 0) out vec4 a;
layout(location = 1) out vec4 b;
void main() {
	a = vec4(s, cen, interpolateAtSample(s, 2), interpolateAtOffset(s, vec2(0.25, -0.125)));
	b = vec4(interpolateAtCentroid(np), interpolateAtOffset(np, vec2(-0.75, 0.5)), np, 0.0);
}
