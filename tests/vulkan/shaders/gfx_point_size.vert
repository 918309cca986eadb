#version 450
// A position in clip space and PointSize 5: a large point (largePoints).
layout(location = 0) in vec3 pos;
void main() {
	gl_Position = vec4(pos, 1.0);
	gl_PointSize = 5.0;
}
