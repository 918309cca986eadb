#version 450
#extension GL_EXT_multiview : require
// ViewIndex: each view writes 10 plus its index.
layout(location = 0) out uint o;
void main() {
	o = 10u + uint(gl_ViewIndex);
}
