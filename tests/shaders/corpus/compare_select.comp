#version 450
// Comparisons, vector relational functions, any/all/not, select and mix(bvec).
//! groups 1
//! ssbo a binding=0 i32[256] init=random(141,-4,4)
//! ssbo b binding=1 i32[256] init=random(142,-4,4)
//! ssbo o binding=2 u32[512] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer A { ivec4 a[]; };
layout(std430, binding = 1) readonly buffer B { ivec4 b[]; };
layout(std430, binding = 2) writeonly buffer O { uvec4 o[]; };

void main()
{
	uint k = gl_LocalInvocationIndex;
	ivec4 x = a[k], y = b[k];
	bvec4 lt = lessThan(x, y), eq = equal(x, y);
	uvec4 flags = uvec4(lt) | (uvec4(eq) << 1) | (uvec4(greaterThanEqual(x, y)) << 2) |
		      (uvec4(notEqual(x, y)) << 3) | (uvec4(not(lt)) << 4);
	flags.x |= any(lt) ? 32u : 0u;
	flags.y |= all(eq) ? 32u : 0u;
	o[k * 2u] = flags;
	o[k * 2u + 1u] = uvec4(mix(y, x, lt)) + uvec4(x.x > y.x ? 100u : 200u);
}
