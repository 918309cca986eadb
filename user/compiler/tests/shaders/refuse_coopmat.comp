#version 450
#extension GL_NV_cooperative_matrix : enable
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : enable
#extension GL_KHR_memory_scope_semantics : enable
// Refused before SPIRV-Tools' optimizer sees it: folding arithmetic on a
// constant cooperative matrix crashed the optimizer, and the ICD
// compiles in the application's process.
layout(local_size_x = 32) in;
layout(std430, binding = 0) buffer B { float v[]; };
void main() {
	fcoopmatNV<32, gl_ScopeSubgroup, 16, 8> m = fcoopmatNV<32, gl_ScopeSubgroup, 16, 8>(0.0);
	m = m + m;
	m = -m;
	m = m * 3.0;
	v[1] = m[2];
	coopMatStoreNV(m, v, 0, 16, false);
}
