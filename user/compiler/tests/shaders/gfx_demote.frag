#version 450
#extension GL_EXT_demote_to_helper_invocation : require
// Demote: the lane goes on as a helper, its outputs dropped, and its
// quad's derivatives still see it.
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 c;
void main() {
	float was = helperInvocationEXT() ? 1.0 : 0.0;
	if (gl_FragCoord.x < 8.0 && gl_FragCoord.y < 4.0)
		demote;
	c = vec4(helperInvocationEXT() ? 1.0 : 0.0, dFdxFine(uv.x), was, uv.x);
}
