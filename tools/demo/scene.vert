#version 450
// ember-scene's vertex stage: a directional light per vertex (Gouraud).
layout(location = 0) in vec3 in_position;
layout(location = 1) in vec3 in_normal;

layout(push_constant) uniform Draw {
	mat4 mvp;		// clip from object space
	vec4 rotation[3];	// object-to-world rotation, by columns (normals)
	vec4 colour;		// the object's base colour
} draw;

layout(location = 0) out vec3 lit_colour;

void main()
{
	// Towards the light, in world space (y up, z towards the camera).
	const vec3 light = normalize(vec3(-0.4, 0.6, 1.0));
	vec3 n = normalize(in_normal.x * draw.rotation[0].xyz + in_normal.y * draw.rotation[1].xyz +
			   in_normal.z * draw.rotation[2].xyz);

	lit_colour = draw.colour.rgb * (0.15 + 0.85 * max(dot(n, light), 0.0));
	gl_Position = draw.mvp * vec4(in_position, 1.0);
}
