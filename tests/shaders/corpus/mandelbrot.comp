#version 450
// Mandelbrot escape counts on a 64x64 grid; "precise" forbids contraction
// into fused multiply-adds, so the float iteration is exactly defined.
//! groups 8 8
//! ssbo o binding=0 u32[4096] expect=ref
layout(local_size_x = 8, local_size_y = 8) in;
layout(std430, binding = 0) writeonly buffer O { uint o[]; };

void main()
{
	uvec2 p = gl_GlobalInvocationID.xy;
	precise float cx = -2.0 + float(p.x) * 0.0390625;
	precise float cy = -1.25 + float(p.y) * 0.0390625;
	precise float x = 0.0, y = 0.0;
	uint n = 0u;
	while (n < 200u) {
		precise float xx = x * x, yy = y * y;
		if (xx + yy > 4.0)
			break;
		precise float xy = x * y;
		x = xx - yy + cx;
		y = xy + xy + cy;
		n++;
	}
	o[p.y * 64u + p.x] = n;
}
