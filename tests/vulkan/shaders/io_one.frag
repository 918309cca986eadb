#version 450
// Every fragment writes 1: coverage into an R32_UINT target.
layout(location = 0) out uint o;
void main() {
	o = 1u;
}
