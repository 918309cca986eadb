#version 450
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_buffer_reference2 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 64) in;

/*
 * Pointer arithmetic (record + i, a 96-byte stride) and loads and stores
 * of u8, u16, u32, u64 and vec4 through the resulting pointers.
 */
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Record {
	uint8_t b[16];
	uint16_t h[8];
	uint w[4];
	uint64_t d[2];
	vec4 v[2];
};
layout(push_constant) uniform Push {
	Record records;
} pc;

void main()
{
	uint i = gl_GlobalInvocationID.x;
	Record r = pc.records + i;

	r.b[3] = uint8_t(r.b[0] + uint8_t(1));
	r.h[5] = uint16_t(r.h[1] * uint16_t(3));
	r.w[2] = r.w[0] ^ i;
	r.d[1] = r.d[0] + 0x100000000ul * uint64_t(i);
	r.v[1] = r.v[0] * 2.0;
}
