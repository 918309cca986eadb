#version 450
layout(local_size_x = 1) in;
layout(binding = 0, r32f) uniform image2D img;
void main() { imageStore(img, ivec2(0), vec4(1.0)); }
