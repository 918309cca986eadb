#version 450
// Implicit-LOD sampling, with a bias, and the LOD query, beside the
// explicit-gradient path with the quad's coarse derivatives.
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(location = 0) flat in vec3 scale;
layout(location = 0) out vec4 r;
void main() {
	vec2 c = gl_FragCoord.xy * scale.xy;
	r.x = texture(tex, c).x;
	r.y = textureGrad(tex, c, dFdxCoarse(c), dFdyCoarse(c)).x;
	r.z = texture(tex, c, scale.z).x;
	r.w = textureQueryLod(tex, c).y;
}
