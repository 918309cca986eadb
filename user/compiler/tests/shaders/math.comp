#version 450
// GLSL.std.450 functions and conversions, pack/unpack.
layout(local_size_x = 16, local_size_y = 2) in;
layout(std430, binding = 0) buffer D { vec4 v[]; };
layout(std430, binding = 1) buffer E { uint u[]; };
void main() {
	uint i = gl_LocalInvocationIndex;
	vec4 x = v[i];
	vec4 r = sin(x) + cos(x) * tan(x.y) + exp(x) + log(abs(x) + 1.0) + pow(abs(x), vec4(1.5));
	r += sqrt(abs(x)) + inversesqrt(abs(x) + 1.0) + floor(x) + ceil(x) + fract(x) + round(x);
	r += atan(x.x, x.y) + asin(clamp(x, -1.0, 1.0)) + mix(x, r, 0.25) + smoothstep(0.0, 1.0, x);
	r += vec4(length(x), distance(x, r), dot(x, r), 0.0) + normalize(x + 2.0) + step(0.5, x);
	r.xyz += cross(x.xyz, r.xyz) + reflect(x.xyz, normalize(r.xyz)) + refract(x.xyz, vec3(0, 1, 0), 0.5);
	r += sign(x) + trunc(x) + mod(x, 1.5) + min(x, r) + max(x, 0.5) + fma(x, r, x) + ldexp(x, ivec4(2));
	v[i] = r + degrees(x) + radians(x) + sinh(x) + acosh(abs(x) + 1.0);
	u[i] = packHalf2x16(x.xy) ^ packUnorm4x8(x) ^ packSnorm2x16(x.zw) ^
	       floatBitsToUint(unpackHalf2x16(u[i]).x + unpackUnorm4x8(u[i]).y) ^
	       bitfieldReverse(i) ^ uint(findMSB(i)) ^ uint(bitCount(i)) ^ bitfieldExtract(i, 3, 4) ^
	       bitfieldInsert(i, 7u, 4, 3) ^ uint(findLSB(i)) ^ uint(int(x.x) % 7);
}
