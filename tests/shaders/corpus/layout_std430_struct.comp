#version 450
// std430 struct arrays: vec3 followed by a float, vec2 alignment, ivec4 at 32,
// 48-byte stride; and a vec3 array (16-byte stride).
//! groups 1
//! ssbo src binding=0 u32[192] init=ref
//! ssbo dst binding=1 u32[192] expect=ref
//! ssbo v3 binding=2 f32[64] init=seq(1,1) expect=ref
layout(local_size_x = 16) in;
struct Particle { vec3 pos; float mass; vec2 vel; uint id; float charge; ivec4 flags; };
layout(std430, binding = 0) readonly buffer Src { Particle src[]; };
layout(std430, binding = 1) writeonly buffer Dst { Particle dst[]; };
layout(std430, binding = 2) buffer V3 { vec3 v3[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	Particle p = src[i];
	p.pos = p.pos * 2.0;
	p.mass += 1.0;
	p.vel = p.vel.yx;
	p.id = p.id * 3u + i;
	p.charge = -p.charge;
	p.flags = p.flags.wzyx + ivec4(i);
	dst[i] = p;
	v3[i] = v3[i].zxy + vec3(100.0);
}
