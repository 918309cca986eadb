/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: A shader core's path to guest memory
 *
 * Every access of a shader core to guest memory goes through the pages it
 * translated in this dispatch (struct sc_group's pages[], direct mapped by
 * sc_host_page_index(), with the access rights each was checked for: the
 * equivalent of its TLB, emptied at each dispatch), and on a miss through
 * the context's MMU. The memory handlers (exec_memory.c, built once per
 * instruction-set variant) keep a one-page cache in front of it per
 * instruction; the texture unit reaches it through the struct
 * ember_tex_memory of exec_image.c. Both copy runs of bytes that may
 * straddle pages with sc_copy_paged().
 */

#include <string.h>

#include "ember_packets.h"
#include "guest_ram.h"
#include "shader_core.h"

uint8_t *sc_group_page(struct sc_group *g, uint64_t va, unsigned int access, int *fault)
{
	uint64_t gpa, vpn = va >> EMBER_PAGE_SHIFT;
	struct sc_host_page *hp = &g->pages[sc_host_page_index(vpn)];
	uint8_t *host;

	if (hp->tag == vpn + 1 && (hp->access & access) == access)
		return hp->host;
	*fault = ember_mmu_translate(&g->mmu, vpn << EMBER_PAGE_SHIFT, access, &gpa);
	if (*fault)
		return NULL;
	host = ember_guest_ram_translate(g->mmu.ram, gpa, EMBER_PAGE_SIZE);
	if (!host) {
		*fault = EMBER_FAULT_TRANSLATION;
		return NULL;
	}
	*hp = (struct sc_host_page) {
		.tag = vpn + 1, .host = host,
		.access = access | (hp->tag == vpn + 1 ? hp->access : 0),
	};
	return host;
}

int sc_copy_paged(sc_page_fn page, void *ctx, uint64_t va, void *buf, unsigned int n,
		  bool write, uint64_t *fault_va)
{
	uint8_t *bytes = buf;
	int fault;

	while (n) {
		unsigned int in_page = (unsigned int)(va & (EMBER_PAGE_SIZE - 1));
		unsigned int chunk = EMBER_PAGE_SIZE - in_page;
		uint8_t *host = page(ctx, va, write, &fault);

		if (!host) {
			*fault_va = va;
			return fault;
		}
		chunk = chunk < n ? chunk : n;
		if (write)
			memcpy(host + in_page, bytes, chunk);
		else
			memcpy(bytes, host + in_page, chunk);
		va += chunk;
		bytes += chunk;
		n -= chunk;
	}
	return 0;
}
