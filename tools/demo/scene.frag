#version 450
// ember-scene's fragment stage: the interpolated lit colour.
layout(location = 0) in vec3 lit_colour;
layout(location = 0) out vec4 colour;

void main()
{
	colour = vec4(lit_colour, 1.0);
}
