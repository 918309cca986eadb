#version 450
// The Vulkan memory model: each invocation writes its word, publishes it
// with a device-scope release store of its flag, and after a workgroup
// barrier with acquire-release semantics reads its neighbour's flag with
// a device-scope acquire load and, when set, the neighbour's word through
// a nonprivate, make-visible load. The barrier makes every flag set.
#pragma use_vulkan_memory_model
#extension GL_KHR_memory_scope_semantics : require
layout(local_size_x = 64) in;

layout(std430, set = 0, binding = 0) buffer Data {
	uint words[64];
	uint flags[64];
	uint seen[64];
};

void main()
{
	uint i = gl_LocalInvocationIndex, next = (i + 1) & 63;

	atomicStore(words[i], i * 7 + 1, gl_ScopeDevice, gl_StorageSemanticsBuffer,
		    gl_SemanticsRelaxed);
	atomicStore(flags[i], 1u, gl_ScopeDevice, gl_StorageSemanticsBuffer,
		    gl_SemanticsRelease);
	controlBarrier(gl_ScopeWorkgroup, gl_ScopeWorkgroup, gl_StorageSemanticsBuffer,
		       gl_SemanticsAcquireRelease);
	if (atomicLoad(flags[next], gl_ScopeDevice, gl_StorageSemanticsBuffer,
		       gl_SemanticsAcquire) == 1u)
		seen[i] = atomicLoad(words[next], gl_ScopeDevice, gl_StorageSemanticsBuffer,
				     gl_SemanticsRelaxed);
	else
		seen[i] = 0xdeadu;
}
