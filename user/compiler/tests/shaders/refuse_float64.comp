#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer O { double d[]; };
void main() { d[0] = d[1] * 2.0; }
