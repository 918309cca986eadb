/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: A shader core's path to guest memory
 *
 * Every access of a shader core to guest memory goes through the pages it
 * translated in this dispatch (struct sc_group's pages[], direct mapped,
 * with the access rights each was checked for: the equivalent of its TLB,
 * emptied at each dispatch), and on a miss through the context's MMU. The
 * memory handlers (exec_memory.c, built once per instruction-set variant)
 * keep a one-page cache in front of it per instruction; the texture unit
 * reaches it through the struct ember_tex_memory of exec_image.c.
 */

#include "ember_packets.h"
#include "guest_ram.h"
#include "shader_core.h"

uint8_t *sc_group_page(struct sc_group *g, uint64_t va, unsigned int access, int *fault)
{
	uint64_t gpa, vpn = va >> EMBER_PAGE_SHIFT;
	struct sc_host_page *hp = &g->pages[vpn % SC_HOST_PAGES];
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
