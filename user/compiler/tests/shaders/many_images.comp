#version 450
// Nine storage images (144 uniform registers of descriptors) used in both
// branches: CSE and LICM share their loads, which then do not fit in the
// uniform registers, and the compiler reloads each at its use.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0, r32f) uniform image2D i0;
layout(set = 0, binding = 1, r32f) uniform image2D i1;
layout(set = 0, binding = 2, r32f) uniform image2D i2;
layout(set = 0, binding = 3, r32f) uniform image2D i3;
layout(set = 0, binding = 4, r32f) uniform image2D i4;
layout(set = 0, binding = 5, r32f) uniform image2D i5;
layout(set = 0, binding = 6, r32f) uniform image2D i6;
layout(set = 0, binding = 7, r32f) uniform image2D i7;
layout(set = 0, binding = 8, r32f) uniform image2D i8;
layout(push_constant) uniform Phase { uint phase; };

void main()
{
	ivec2 p = ivec2(gl_LocalInvocationID.x, 0);

	if (phase == 0u) {
		imageStore(i0, p, vec4(0.0));
		imageStore(i1, p, vec4(1.0));
		imageStore(i2, p, vec4(2.0));
		imageStore(i3, p, vec4(3.0));
		imageStore(i4, p, vec4(4.0));
		imageStore(i5, p, vec4(5.0));
		imageStore(i6, p, vec4(6.0));
		imageStore(i7, p, vec4(7.0));
		imageStore(i8, p, vec4(8.0));
		return;
	}
	float sum = imageLoad(i0, p).x + imageLoad(i1, p).x + imageLoad(i2, p).x +
		    imageLoad(i3, p).x + imageLoad(i4, p).x + imageLoad(i5, p).x +
		    imageLoad(i6, p).x + imageLoad(i7, p).x + imageLoad(i8, p).x;
	imageStore(i0, p + ivec2(0, 1), vec4(sum));
}
