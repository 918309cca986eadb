#version 450
// Compressed images (test_image_compressed.c): query i reads the view at
// binding 0 (a nearest sampler) or 1 (the same view, a linear sampler) as
// q[i].op says, at q[i].coord (x, y, layer, lod), into o[i]. op: 0
// texelFetch at integer coordinates, 1 textureLod nearest, 2 textureLod
// linear, 3..6 textureGather of component op - 3 (linear sampler; not with
// NO_GATHER, for 3D images).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform SAMPLER tex_nearest;
layout(set = 0, binding = 1) uniform SAMPLER tex_linear;
struct Query {
	vec4 coord;
	ivec4 op;
};
layout(std430, set = 0, binding = 2) readonly buffer Queries { Query q[]; };
layout(std430, set = 0, binding = 3) writeonly buffer Out { VEC o[]; };
layout(push_constant) uniform Count { uint count; };

void main()
{
	uint i = gl_GlobalInvocationID.x;

	if (i >= count)
		return;
	vec4 c = q[i].coord;
	switch (q[i].op.x) {
	case 0:
		o[i] = texelFetch(tex_nearest, ivec3(c.xyz), int(c.w));
		break;
	case 1:
		o[i] = textureLod(tex_nearest, c.xyz, c.w);
		break;
	case 2:
		o[i] = textureLod(tex_linear, c.xyz, c.w);
		break;
#ifndef NO_GATHER
	case 3:
		o[i] = textureGather(tex_linear, c.xyz, 0);
		break;
	case 4:
		o[i] = textureGather(tex_linear, c.xyz, 1);
		break;
	case 5:
		o[i] = textureGather(tex_linear, c.xyz, 2);
		break;
	default:
		o[i] = textureGather(tex_linear, c.xyz, 3);
		break;
#endif
	}
}
