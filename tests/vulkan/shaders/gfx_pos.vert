#version 450
// A position in clip space, nothing else: the fragment's values come
// from push constants. PointSize 1 for the point polygon mode.
layout(location = 0) in vec3 pos;
void main() {
	gl_Position = vec4(pos, 1.0);
	gl_PointSize = 1.0;
}
