/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Corpus runner through ember.ko (guest)
 *
 * Runs every corpus shader the way a driver will: compiled in the guest by
 * ember_cc_compile(), the binary, the descriptor-set tables and every
 * buffer in BOs mapped in a VM of ember.ko, one DISPATCH in an indirect
 * buffer, SUBMIT, wait, read the buffers back and check the expectations
 * lavapipe passes. So the compiler, the kernel driver and the device's
 * shader core (and texture unit) are tested together, in the VM. Buffers
 * are mapped NOEXEC, the binary READONLY and executable, the tables
 * READONLY.
 *
 * Images and texel buffers get a BO each, their texels placed as the host
 * core runner places them (ember_image.h: the contract's layout code, the
 * generated descriptor packers), so both Ember executors run the same
 * memory; samplers are descriptors only.
 *
 * Each shader runs in a child process with a DRM file, VM and context of
 * its own (a fault bans only that context). One TAP subtest per shader;
 * "--list" and "--filter GLOB" select. The corpus' .comp files (for their
 * test descriptions) are read from /usr/share/ember/shaders unless
 * "--source-dir DIR" says otherwise.
 */

#include "corpus.h"
#include "ember_image.h"
#include "ember_isa.h"
#include "ember_kernel.h"

#include "drmtest.h"
#include "ember_packets.h"
#include "igt_ember.h"

#include <endian.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define EMBER_SUBGROUP_SIZE	32
/* Seconds a shader may take (compile + dispatch) before it counts as hung. */
#define SHADER_TIMEOUT		120
#define GUEST_SOURCE_DIR	"/usr/share/ember/shaders"
#define PAGE			IGT_EMBER_PAGE_SIZE
/* Descriptors per set: the set tables follow the page of set addresses. */
#define SLOTS_PER_SET		1024
#define SET_TABLE_SIZE		(SLOTS_PER_SET * EMBER_ISA_DESCRIPTOR_SIZE)

/* One child's device: a DRM file, a VM and a context with one queue. */
struct drm_runner {
	struct igt_ember_env env;
};

static void *drm_open(char *err, size_t err_size)
{
	struct drm_runner *r = calloc(1, sizeof(*r));
	int fd = __drm_open_driver_render(DRIVER_EMBER);

	if (!r || fd < 0) {
		snprintf(err, err_size, "%s", fd < 0 ? "no Ember render node" : "out of memory");
		free(r);
		return NULL;
	}
	igt_ember_env_init(&r->env, fd, 1);
	return r;
}

static void drm_close(void *ctx)
{
	struct drm_runner *r = ctx;
	int fd = r->env.fd;

	igt_ember_env_fini(&r->env);
	close(fd);
	free(r);
}

/*
 * The descriptor of buffer @b in its set's table, at the slot the shader
 * header gives its (set, binding) plus its array index; a buffer the
 * shader does not declare gets none.
 */
static int write_descriptor(const struct ember_isa_shader *s, const struct corpus_buffer *b,
			    const struct igt_ember_buf *buf, struct igt_ember_buf *tables,
			    char *err, size_t err_size)
{
	uint64_t bytes = b->range ? b->range : b->size;
	/* A descriptor's range is 32 bits: a larger binding is clamped. */
	uint32_t range = bytes > UINT32_MAX ? UINT32_MAX : (uint32_t)bytes;
	struct ember_isa_resource r;
	uint8_t *desc;

	if (!ember_isa_shader_find_resource(s, b->set, b->binding, &r))
		return 0;
	if (b->set >= EMBER_ISA_MAX_SETS || b->array_index >= r.count ||
	    r.slot + b->array_index >= SLOTS_PER_SET) {
		snprintf(err, err_size, "buffer %s: set %u slot %u out of range", b->name, b->set,
			 r.slot + b->array_index);
		return -1;
	}
	desc = (uint8_t *)tables->map + PAGE + (size_t)b->set * SET_TABLE_SIZE +
	       (size_t)(r.slot + b->array_index) * EMBER_ISA_DESCRIPTOR_SIZE;
	memcpy(desc, &buf->va, 8);
	memcpy(desc + 8, &range, 4);
	return 0;
}

/*
 * The descriptor of image, sampler or texel buffer @b (device memory at
 * @va) in its set's table; one the shader does not declare gets none.
 */
static int write_image_descriptor(const struct ember_isa_shader *s,
				  const struct kernel_buffer_desc *b, uint64_t va,
				  struct igt_ember_buf *tables, char *err, size_t err_size)
{
	uint32_t dw[EMBER_IMAGE_MAX_DESC_DWORDS], slot;
	unsigned int count;
	int ret = ember_image_descriptor(s, b, va, &slot, dw, &count, err, err_size);

	if (ret)
		return ret < 0 ? -1 : 0;
	if (b->set >= EMBER_ISA_MAX_SETS ||
	    (uint64_t)slot * EMBER_ISA_DESCRIPTOR_SIZE + 4ull * count > SET_TABLE_SIZE) {
		snprintf(err, err_size, "binding %u: set %u slot %u out of range", b->binding, b->set,
			 slot);
		return -1;
	}
	uint8_t *desc = (uint8_t *)tables->map + PAGE + (size_t)b->set * SET_TABLE_SIZE +
			(size_t)slot * EMBER_ISA_DESCRIPTOR_SIZE;

	for (unsigned int i = 0; i < count; i++) {
		uint32_t le = htole32(dw[i]);

		memcpy(desc + 4 * i, &le, 4);
	}
	return 0;
}

/*
 * Resource @cb in a BO of its own: a buffer's bytes, or an image's texels
 * laid out for the device. A sampler has no memory (*@created false).
 */
static int place_resource(struct igt_ember_env *env, const struct ember_isa_shader *s,
			  const struct corpus_buffer *cb, const struct kernel_buffer_desc *b,
			  struct igt_ember_buf *buf, bool *created, struct igt_ember_buf *tables,
			  char *err, size_t err_size)
{
	uint64_t size = corpus_kind_is_image(cb->kind) ? ember_image_memory_size(b) : cb->size;

	*created = false;
	if (size) {
		igt_ember_buf_create_flags(buf, &env->vm, size, 0,
					   DRM_EMBER_VM_BIND_OP_MAP_NOEXEC);
		*created = true;
	}
	if (!corpus_kind_is_image(cb->kind)) {
		memcpy(buf->map, cb->init, cb->size);
		return write_descriptor(s, cb, buf, tables, err, err_size);
	}
	if (size)
		ember_image_to_device(b, buf->map, cb->init);
	return write_image_descriptor(s, b, size ? buf->va : 0, tables, err, err_size);
}

static int drm_run_test(void *ctx, const struct corpus_test *t, void **results, char *err,
			size_t err_size)
{
	struct drm_runner *r = ctx;
	struct igt_ember_env *env = &r->env;
	struct igt_ember_buf shader, tables, bufs[CORPUS_MAX_BUFFERS];
	bool created[CORPUS_MAX_BUFFERS] = { false };
	struct kernel_buffer_desc buffers[CORPUS_MAX_BUFFERS];
	struct kernel_desc desc;
	struct ember_isa_shader s;
	size_t binary_size;
	void *binary;
	int status, ret = -1;

	kernel_desc_from_test(t, buffers, &desc);
	if (ember_kernel_compile(&desc, &binary, &binary_size, err, err_size))
		return -1;
	if (ember_isa_shader_parse(binary, binary_size, &s)) {
		snprintf(err, err_size, "the compiler's binary does not parse");
		free(binary);
		return -1;
	}

	igt_ember_buf_create_flags(&shader, &env->vm, binary_size, 0,
				   DRM_EMBER_VM_BIND_OP_MAP_READONLY);
	memcpy(shader.map, binary, binary_size);
	igt_ember_buf_create_flags(&tables, &env->vm, PAGE + EMBER_ISA_MAX_SETS * SET_TABLE_SIZE,
				   0, DRM_EMBER_VM_BIND_OP_MAP_READONLY |
				   DRM_EMBER_VM_BIND_OP_MAP_NOEXEC);
	for (unsigned int set = 0; set < EMBER_ISA_MAX_SETS; set++) {
		uint64_t va = tables.va + PAGE + (uint64_t)set * SET_TABLE_SIZE;

		memcpy((uint8_t *)tables.map + 8 * set, &va, 8);
	}
	for (unsigned int i = 0; i < t->buffer_count; i++)
		if (place_resource(env, &s, &t->buffers[i], &buffers[i], &bufs[i], &created[i],
				   &tables, err, err_size))
			goto out;

	igt_ember_ib_reset(&env->ib);
	igt_ember_ib_dispatch(&env->ib, shader.va, t->groups, (uint32_t[3]){ 0, 0, 0 }, tables.va,
			      t->push, t->push_size);
	status = igt_ember_run_ib_status(env->fd, env->ctx, &env->ib, 0);
	if (status != 1) {
		struct drm_ember_ctx_get_state state = igt_ember_ctx_get_state(env->fd, env->ctx);

		snprintf(err, err_size, "job status %d; context state 0x%x, fault kind %u va 0x%llx "
			 "detail 0x%x", status, state.state, state.fault_kind,
			 (unsigned long long)state.fault_va, state.fault_detail);
		goto out;
	}
	for (unsigned int i = 0; i < t->buffer_count; i++) {
		if (!corpus_kind_is_image(t->buffers[i].kind))
			memcpy(results[i], bufs[i].map, t->buffers[i].size);
		else if (created[i])
			ember_image_from_device(&buffers[i], results[i], bufs[i].map);
	}
	ret = 0;
out:
	for (unsigned int i = t->buffer_count; i--;)
		if (created[i])
			igt_ember_buf_destroy(&bufs[i]);
	igt_ember_buf_destroy(&tables);
	igt_ember_buf_destroy(&shader);
	free(binary);
	return ret;
}

int main(int argc, char **argv)
{
	const struct corpus_backend backend = {
		.name = "ember.ko",
		.run = drm_run_test,
		.subgroup_size = EMBER_SUBGROUP_SIZE,
		.isolate = true,
		.timeout = SHADER_TIMEOUT,
		.open = drm_open,
		.close = drm_close,
	};
	char **args = calloc(argc + 3, sizeof(*args));
	int n = 0;

	if (!args)
		return 1;
	/* The guest's copy of the descriptions; a --source-dir given later wins. */
	args[n++] = argv[0];
	args[n++] = "--source-dir";
	args[n++] = GUEST_SOURCE_DIR;
	for (int i = 1; i < argc; i++)
		args[n++] = argv[i];
	args[n] = NULL;
	return corpus_main(n, args, &backend);
}
