#version 450
// FragDepth from the push constants (DepthReplacing), and a value to show.
// EARLY: with early fragment tests, which make the written depth ignored.
// GREATER, LESS: conservative depth, the interpolated depth plus the
// pushed one (which keeps the promise when it is positive, negative).
#ifdef EARLY
layout(early_fragment_tests) in;
#endif
#if defined(GREATER)
layout(depth_greater) out float gl_FragDepth;
#elif defined(LESS)
layout(depth_less) out float gl_FragDepth;
#endif
layout(push_constant) uniform P {
	float depth;
	uint value;
} p;
layout(location = 0) out uint o;
void main() {
#if defined(GREATER) || defined(LESS)
	gl_FragDepth = gl_FragCoord.z + p.depth;
#else
	gl_FragDepth = p.depth;
#endif
	o = p.value;
}
