#version 450
// Input attachments: a single-sampled one, a multisampled one read at
// sample 2, and one whose view is an array read at the fragment's layer.

layout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInput color_in;
layout(input_attachment_index = 1, set = 0, binding = 1) uniform usubpassInputMS ms_in;
layout(input_attachment_index = 2, set = 0, binding = 2) uniform subpassInput layered;

layout(location = 0) out vec4 o0;
layout(location = 1) out uvec4 o1;
layout(location = 2) out vec4 o2;

void main()
{
	o0 = subpassLoad(color_in);
	o1 = subpassLoad(ms_in, 2);
	o2 = subpassLoad(layered);
}
