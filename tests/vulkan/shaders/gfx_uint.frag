#version 450
layout(location = 0) flat in uint v;
layout(location = 0) out uint o;
void main() {
	o = v;
}
