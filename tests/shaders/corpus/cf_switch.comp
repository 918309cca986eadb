#version 450
// OpSwitch: cases, fall-through, a default in the middle, negative labels.
//! groups 1
//! ssbo x binding=0 i32[128] init=random(421,-3,9)
//! ssbo o binding=1 i32[128] expect=ref
layout(local_size_x = 128) in;
layout(std430, binding = 0) readonly buffer X { int x[]; };
layout(std430, binding = 1) writeonly buffer O { int o[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	int r = 0;
	switch (x[i]) {
	case -3:
		r = 100;
		break;
	case 0:
		r += 1;
	case 1:
		r += 10;
	case 2:
		r += 100;
		break;
	default:
		r = -1;
		break;
	case 5:
	case 6:
		r = int(i);
		break;
	case 8:
		r = 1 << 20;
	}
	o[i] = r;
}
