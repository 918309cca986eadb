#version 450
// Subpass 1 of input-attachment-depth-stencil: the depth (in sixteenths,
// exact on 24-bit UNORM and 32-bit float) and the stencil value subpass 0
// wrote under this fragment, read through the depth and the stencil aspect.
layout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInput depth;
layout(input_attachment_index = 1, set = 0, binding = 1) uniform usubpassInput stencil;
layout(location = 0) out uint o;
void main() {
	o = uint(round(subpassLoad(depth).r * 16.0)) | (subpassLoad(stencil).r << 8);
}
