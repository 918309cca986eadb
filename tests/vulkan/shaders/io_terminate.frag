#version 450
// OpTerminateInvocation (KILL: OpKill, GLSL's discard) on the pixels of
// odd x + y after a first store: every covered pixel counts itself in
// word 0 of its 2 of the trace, only the others in word 1 and the colour.
#ifndef KILL
#extension GL_EXT_terminate_invocation : require
#endif
layout(push_constant) uniform Push { uint width, height; } pc;
layout(set = 0, binding = 0, std430) buffer Trace {
	uint invocations;
	uint pad;
	uint pixel[];
} t;
layout(location = 0) out uint o;
void main() {
	uvec2 c = uvec2(gl_FragCoord.xy);
	uint i = 2u * (c.y * pc.width + c.x);
	atomicAdd(t.pixel[i], 1u);
	if (((c.x ^ c.y) & 1u) == 1u) {
#ifdef KILL
		discard;
#else
		terminateInvocation;
#endif
	}
	atomicAdd(t.pixel[i + 1u], 1u);
	o = 1u;
}
