#version 450
// HelperInvocation: a quad's covered pixels see through fine derivatives
// which of their neighbours are helpers (bit 0: the horizontal one, bit 1:
// the vertical one); bit 2 marks a fragment that wrote, bit 3 one that was
// a helper itself (whose write is discarded).
layout(location = 0) out uint o;
void main() {
	float h = gl_HelperInvocation ? 1.0 : 0.0;
	o = uint(abs(dFdxFine(h))) | uint(abs(dFdyFine(h))) << 1 | 4u |
	    (gl_HelperInvocation ? 8u : 0u);
}
