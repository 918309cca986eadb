#version 450
// Two clip distances keep x >= cut.x and y <= cut.y (clip coordinates);
// the vertex's z is its cull distance.
layout(location = 0) in vec3 pos;
layout(push_constant) uniform Push { vec2 cut; } pc;
out gl_PerVertex {
	vec4 gl_Position;
	float gl_ClipDistance[2];
	float gl_CullDistance[1];
};
void main() {
	gl_Position = vec4(pos.xy, 0.5, 1.0);
	gl_ClipDistance[0] = pos.x - pc.cut.x;
	gl_ClipDistance[1] = pc.cut.y - pos.y;
	gl_CullDistance[0] = pos.z;
}
