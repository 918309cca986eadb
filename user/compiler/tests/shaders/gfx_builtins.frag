#version 450
// Fragment built-ins in and out: SampleMask, PrimitiveId, PointCoord,
// FragCoord.zw; DepthLess and early fragment tests in the header; the
// second colour of dual-source blending (Index 1).
layout(early_fragment_tests) in;
layout(depth_less) out float gl_FragDepth;
layout(location = 0) out vec4 c;
layout(location = 0, index = 1) out vec4 c1;
void main() {
	c = vec4(gl_PointCoord, gl_FragCoord.z, gl_FragCoord.w);
	c1 = vec4(gl_FragCoord.xy, 1.0, 2.0);
	gl_SampleMask[0] = gl_SampleMaskIn[0] & 5 | gl_PrimitiveID << 4;
	gl_FragDepth = gl_FragCoord.z * 0.25;
}
