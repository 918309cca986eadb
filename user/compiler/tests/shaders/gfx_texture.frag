#version 450
#extension GL_EXT_nonuniform_qualifier : require
// Implicit-LOD sampling, with a bias, and the LOD query, beside the
// explicit-gradient path with the quad's coarse derivatives; and through
// a NonUniform descriptor index (a waterfall loop, derivatives taken
// before it).
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) uniform sampler2D texs[2];
layout(location = 0) flat in vec3 scale;
layout(location = 0) out vec4 r;
layout(location = 1) out vec4 r2;
void main() {
	vec2 c = gl_FragCoord.xy * scale.xy;
	int i = int(gl_FragCoord.x) & 1;	/* differs inside each quad */
	r.x = texture(tex, c).x;
	r.y = textureGrad(tex, c, dFdxCoarse(c), dFdyCoarse(c)).x;
	r.z = texture(tex, c, scale.z).x;
	r.w = textureQueryLod(tex, c).y;
	r2 = vec4(texture(texs[nonuniformEXT(i)], c).x, texture(texs[nonuniformEXT(i)], c, scale.z).x,
		  0.0, 0.0);
}
