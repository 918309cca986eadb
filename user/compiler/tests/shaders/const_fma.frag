#version 430
// A uniform result with three constant sources and two literal slots:
// the third constant must go to a uniform register (VkRunner's
// float-framebuffer example failed to compile on Ember).
layout(location = 0) out vec4 color;

void main()
{
	color = vec4(atan(0.0, -1.0), 42.0, length(vec2(1.0, 1.0)), fma(2.0, 3.0, 1.0));
}
