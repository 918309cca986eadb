#version 450
// Register pressure inside divergent control flow: 48 vec4 values live
// across a run-time loop in one branch of a lane-dependent if, the other
// branch cheap. Values are multiples of 1/16 below 2^12, so every float
// operation is exact.
//! groups 2
//! push u32 3
//! ssbo x binding=0 u32[128] init=random(1021,0,0xffffffff)
//! ssbo o binding=1 f32[512] expect=ref
layout(local_size_x = 64) in;
layout(push_constant) uniform P { uint rounds; } pc;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { vec4 o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x, h = x[i];
	vec4 acc = vec4(0.0);
	if ((h % 3u) != 0u) {
		vec4 f0 = vec4(float(h & 255u), float((h >> 0u) & 0xffu), float(0), float(i % 2u));
		vec4 f1 = vec4(float(h & 256u), float((h >> 1u) & 0xffu), float(1), float(i % 3u));
		vec4 f2 = vec4(float(h & 257u), float((h >> 2u) & 0xffu), float(2), float(i % 4u));
		vec4 f3 = vec4(float(h & 258u), float((h >> 3u) & 0xffu), float(3), float(i % 5u));
		vec4 f4 = vec4(float(h & 259u), float((h >> 4u) & 0xffu), float(4), float(i % 6u));
		vec4 f5 = vec4(float(h & 260u), float((h >> 5u) & 0xffu), float(5), float(i % 7u));
		vec4 f6 = vec4(float(h & 261u), float((h >> 6u) & 0xffu), float(6), float(i % 8u));
		vec4 f7 = vec4(float(h & 262u), float((h >> 7u) & 0xffu), float(7), float(i % 9u));
		vec4 f8 = vec4(float(h & 263u), float((h >> 8u) & 0xffu), float(8), float(i % 10u));
		vec4 f9 = vec4(float(h & 264u), float((h >> 9u) & 0xffu), float(9), float(i % 11u));
		vec4 f10 = vec4(float(h & 265u), float((h >> 10u) & 0xffu), float(10), float(i % 12u));
		vec4 f11 = vec4(float(h & 266u), float((h >> 11u) & 0xffu), float(11), float(i % 13u));
		vec4 f12 = vec4(float(h & 267u), float((h >> 12u) & 0xffu), float(12), float(i % 14u));
		vec4 f13 = vec4(float(h & 268u), float((h >> 13u) & 0xffu), float(13), float(i % 15u));
		vec4 f14 = vec4(float(h & 269u), float((h >> 14u) & 0xffu), float(14), float(i % 16u));
		vec4 f15 = vec4(float(h & 270u), float((h >> 15u) & 0xffu), float(15), float(i % 17u));
		vec4 f16 = vec4(float(h & 271u), float((h >> 16u) & 0xffu), float(16), float(i % 18u));
		vec4 f17 = vec4(float(h & 272u), float((h >> 17u) & 0xffu), float(17), float(i % 19u));
		vec4 f18 = vec4(float(h & 273u), float((h >> 18u) & 0xffu), float(18), float(i % 20u));
		vec4 f19 = vec4(float(h & 274u), float((h >> 19u) & 0xffu), float(19), float(i % 21u));
		vec4 f20 = vec4(float(h & 275u), float((h >> 20u) & 0xffu), float(20), float(i % 22u));
		vec4 f21 = vec4(float(h & 276u), float((h >> 21u) & 0xffu), float(21), float(i % 23u));
		vec4 f22 = vec4(float(h & 277u), float((h >> 22u) & 0xffu), float(22), float(i % 24u));
		vec4 f23 = vec4(float(h & 278u), float((h >> 23u) & 0xffu), float(23), float(i % 25u));
		vec4 f24 = vec4(float(h & 279u), float((h >> 0u) & 0xffu), float(24), float(i % 26u));
		vec4 f25 = vec4(float(h & 280u), float((h >> 1u) & 0xffu), float(25), float(i % 27u));
		vec4 f26 = vec4(float(h & 281u), float((h >> 2u) & 0xffu), float(26), float(i % 28u));
		vec4 f27 = vec4(float(h & 282u), float((h >> 3u) & 0xffu), float(27), float(i % 29u));
		vec4 f28 = vec4(float(h & 283u), float((h >> 4u) & 0xffu), float(28), float(i % 30u));
		vec4 f29 = vec4(float(h & 284u), float((h >> 5u) & 0xffu), float(29), float(i % 31u));
		vec4 f30 = vec4(float(h & 285u), float((h >> 6u) & 0xffu), float(30), float(i % 32u));
		vec4 f31 = vec4(float(h & 286u), float((h >> 7u) & 0xffu), float(31), float(i % 33u));
		vec4 f32 = vec4(float(h & 287u), float((h >> 8u) & 0xffu), float(32), float(i % 34u));
		vec4 f33 = vec4(float(h & 288u), float((h >> 9u) & 0xffu), float(33), float(i % 35u));
		vec4 f34 = vec4(float(h & 289u), float((h >> 10u) & 0xffu), float(34), float(i % 36u));
		vec4 f35 = vec4(float(h & 290u), float((h >> 11u) & 0xffu), float(35), float(i % 37u));
		vec4 f36 = vec4(float(h & 291u), float((h >> 12u) & 0xffu), float(36), float(i % 38u));
		vec4 f37 = vec4(float(h & 292u), float((h >> 13u) & 0xffu), float(37), float(i % 39u));
		vec4 f38 = vec4(float(h & 293u), float((h >> 14u) & 0xffu), float(38), float(i % 40u));
		vec4 f39 = vec4(float(h & 294u), float((h >> 15u) & 0xffu), float(39), float(i % 41u));
		vec4 f40 = vec4(float(h & 295u), float((h >> 16u) & 0xffu), float(40), float(i % 42u));
		vec4 f41 = vec4(float(h & 296u), float((h >> 17u) & 0xffu), float(41), float(i % 43u));
		vec4 f42 = vec4(float(h & 297u), float((h >> 18u) & 0xffu), float(42), float(i % 44u));
		vec4 f43 = vec4(float(h & 298u), float((h >> 19u) & 0xffu), float(43), float(i % 45u));
		vec4 f44 = vec4(float(h & 299u), float((h >> 20u) & 0xffu), float(44), float(i % 46u));
		vec4 f45 = vec4(float(h & 300u), float((h >> 21u) & 0xffu), float(45), float(i % 47u));
		vec4 f46 = vec4(float(h & 301u), float((h >> 22u) & 0xffu), float(46), float(i % 48u));
		vec4 f47 = vec4(float(h & 302u), float((h >> 23u) & 0xffu), float(47), float(i % 49u));
		for (uint r = 0u; r < pc.rounds; r++) {
			f0 = f0 * 0.5 + f5.yzwx;
			f1 = f1 * 0.5 + f6.yzwx;
			f2 = f2 * 0.5 + f7.yzwx;
			f3 = f3 * 0.5 + f8.yzwx;
			f4 = f4 * 0.5 + f9.yzwx;
			f5 = f5 * 0.5 + f10.yzwx;
			f6 = f6 * 0.5 + f11.yzwx;
			f7 = f7 * 0.5 + f12.yzwx;
			f8 = f8 * 0.5 + f13.yzwx;
			f9 = f9 * 0.5 + f14.yzwx;
			f10 = f10 * 0.5 + f15.yzwx;
			f11 = f11 * 0.5 + f16.yzwx;
			f12 = f12 * 0.5 + f17.yzwx;
			f13 = f13 * 0.5 + f18.yzwx;
			f14 = f14 * 0.5 + f19.yzwx;
			f15 = f15 * 0.5 + f20.yzwx;
			f16 = f16 * 0.5 + f21.yzwx;
			f17 = f17 * 0.5 + f22.yzwx;
			f18 = f18 * 0.5 + f23.yzwx;
			f19 = f19 * 0.5 + f24.yzwx;
			f20 = f20 * 0.5 + f25.yzwx;
			f21 = f21 * 0.5 + f26.yzwx;
			f22 = f22 * 0.5 + f27.yzwx;
			f23 = f23 * 0.5 + f28.yzwx;
			f24 = f24 * 0.5 + f29.yzwx;
			f25 = f25 * 0.5 + f30.yzwx;
			f26 = f26 * 0.5 + f31.yzwx;
			f27 = f27 * 0.5 + f32.yzwx;
			f28 = f28 * 0.5 + f33.yzwx;
			f29 = f29 * 0.5 + f34.yzwx;
			f30 = f30 * 0.5 + f35.yzwx;
			f31 = f31 * 0.5 + f36.yzwx;
			f32 = f32 * 0.5 + f37.yzwx;
			f33 = f33 * 0.5 + f38.yzwx;
			f34 = f34 * 0.5 + f39.yzwx;
			f35 = f35 * 0.5 + f40.yzwx;
			f36 = f36 * 0.5 + f41.yzwx;
			f37 = f37 * 0.5 + f42.yzwx;
			f38 = f38 * 0.5 + f43.yzwx;
			f39 = f39 * 0.5 + f44.yzwx;
			f40 = f40 * 0.5 + f45.yzwx;
			f41 = f41 * 0.5 + f46.yzwx;
			f42 = f42 * 0.5 + f47.yzwx;
			f43 = f43 * 0.5 + f0.yzwx;
			f44 = f44 * 0.5 + f1.yzwx;
			f45 = f45 * 0.5 + f2.yzwx;
			f46 = f46 * 0.5 + f3.yzwx;
			f47 = f47 * 0.5 + f4.yzwx;
		}
		acc += f0 * float(1);
		acc += f1 * float(2);
		acc += f2 * float(3);
		acc += f3 * float(4);
		acc += f4 * float(5);
		acc += f5 * float(6);
		acc += f6 * float(7);
		acc += f7 * float(1);
		acc += f8 * float(2);
		acc += f9 * float(3);
		acc += f10 * float(4);
		acc += f11 * float(5);
		acc += f12 * float(6);
		acc += f13 * float(7);
		acc += f14 * float(1);
		acc += f15 * float(2);
		acc += f16 * float(3);
		acc += f17 * float(4);
		acc += f18 * float(5);
		acc += f19 * float(6);
		acc += f20 * float(7);
		acc += f21 * float(1);
		acc += f22 * float(2);
		acc += f23 * float(3);
		acc += f24 * float(4);
		acc += f25 * float(5);
		acc += f26 * float(6);
		acc += f27 * float(7);
		acc += f28 * float(1);
		acc += f29 * float(2);
		acc += f30 * float(3);
		acc += f31 * float(4);
		acc += f32 * float(5);
		acc += f33 * float(6);
		acc += f34 * float(7);
		acc += f35 * float(1);
		acc += f36 * float(2);
		acc += f37 * float(3);
		acc += f38 * float(4);
		acc += f39 * float(5);
		acc += f40 * float(6);
		acc += f41 * float(7);
		acc += f42 * float(1);
		acc += f43 * float(2);
		acc += f44 * float(3);
		acc += f45 * float(4);
		acc += f46 * float(5);
		acc += f47 * float(6);
	} else {
		acc = vec4(float(h & 0xffu));
	}
	o[i] = acc;
}
