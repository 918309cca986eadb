#version 450
// An empty compute shader: the cost of a dispatch itself.
layout(local_size_x = 1) in;
void main()
{
}
