#version 450
// Subpass 1 of input-attachment-multisample: every sample of the 4x
// attachment under this fragment, one per byte.
layout(input_attachment_index = 0, set = 0, binding = 0) uniform usubpassInputMS written;
layout(location = 0) out uint o;
void main() {
	uint v = 0u;
	for (int s = 0; s < 4; s++)
		v |= (subpassLoad(written, s).x & 0xffu) << (8 * s);
	o = v;
}
