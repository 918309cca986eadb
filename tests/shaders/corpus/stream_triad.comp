#version 450
// The benchmark bandwidth kernel (bench/shader): STREAM triad on vec4,
// a = b + s * c. Push: s, element count.
//! groups 4
//! push f32 3
//! push u32 1000
//! ssbo a binding=0 f32[4096] init=fill(-1) expect=ref tol=ulp:1
//! ssbo b binding=1 f32[4096] init=random(731,-100,100)
//! ssbo c binding=2 f32[4096] init=random(732,-100,100)
layout(local_size_x = 256) in;
layout(push_constant) uniform P { float s; uint count; } pc;
layout(std430, binding = 0) writeonly buffer A { vec4 a[]; };
layout(std430, binding = 1) readonly buffer B { vec4 b[]; };
layout(std430, binding = 2) readonly buffer C { vec4 c[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x;
	if (i < pc.count)
		a[i] = b[i] + pc.s * c[i];
}
