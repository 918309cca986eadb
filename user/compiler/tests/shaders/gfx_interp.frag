#version 450
// Interpolation modes, component packing, FragCoord, fine and coarse
// derivatives, discard and FragDepth.
layout(location = 0) in vec2 uv;
layout(location = 0, component = 2) in float z;
layout(location = 1) flat in ivec2 id;
layout(location = 2) noperspective in float lin;
layout(location = 0) out vec4 color;
layout(location = 1) out vec4 extra;
layout(location = 2) out vec4 deriv;
void main() {
	if (gl_FragCoord.x > 20.0)
		discard;
	color = vec4(uv, z, lin);
	extra = vec4(gl_FragCoord.xy, intBitsToFloat(id.x), gl_FrontFacing ? 1.0 : 0.0);
	deriv = vec4(dFdxFine(uv.x), dFdyFine(uv.x), dFdxCoarse(uv.x), dFdyCoarse(uv.x));
	gl_FragDepth = z * 0.5;
}
