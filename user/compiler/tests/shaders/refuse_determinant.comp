#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer O { mat3 m; float d; };
void main() { d = determinant(m); }
