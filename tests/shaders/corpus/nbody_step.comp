#version 450
// One n-body integration step (128 bodies, softened gravity), positions
// streamed through shared memory in tiles of 64.
//! groups 2
//! push f32 0.01 0.01
//! ssbo pos binding=0 f32[512] init=random(841,-1,1)
//! ssbo vel binding=1 f32[512] init=random(842,-0.5,0.5)
//! ssbo pos_out binding=2 f32[512] expect=ref tol=abs:1e-4
//! ssbo vel_out binding=3 f32[512] expect=ref tol=abs:1e-3
layout(local_size_x = 64) in;
layout(push_constant) uniform P { float dt; float softening; } pc;
layout(std430, binding = 0) readonly buffer Pos { vec4 pos[]; };
layout(std430, binding = 1) readonly buffer Vel { vec4 vel[]; };
layout(std430, binding = 2) writeonly buffer PosOut { vec4 pos_out[]; };
layout(std430, binding = 3) writeonly buffer VelOut { vec4 vel_out[]; };
shared vec4 tile[64];

void main()
{
	uint i = gl_GlobalInvocationID.x, l = gl_LocalInvocationIndex;
	vec4 me = pos[i];
	vec3 acc = vec3(0.0);
	for (uint t = 0u; t < 128u; t += 64u) {
		tile[l] = pos[t + l];
		barrier();
		for (uint j = 0u; j < 64u; j++) {
			vec3 d = tile[j].xyz - me.xyz;
			float inv = inversesqrt(dot(d, d) + pc.softening);
			/* The mass lives in w, mapped from [-1, 1] to [0.5, 1.5]. */
			acc += d * ((tile[j].w + 2.0) * 0.5 * inv * inv * inv);
		}
		barrier();
	}
	vec3 v = vel[i].xyz + acc * pc.dt;
	vel_out[i] = vec4(v, vel[i].w);
	pos_out[i] = vec4(me.xyz + v * pc.dt, me.w);
}
