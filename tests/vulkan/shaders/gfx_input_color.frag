#version 450
// Subpass 1 of input-attachment-color: the colour subpass 0 wrote under
// this fragment, transformed so that a read of the wrong texel shows.
layout(input_attachment_index = 0, set = 0, binding = 0) uniform usubpassInput written;
layout(location = 0) out uint o;
void main() {
	o = subpassLoad(written).x * 3u + 1u;
}
