/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Atomics on host memory
 *
 * The ten atomic operations of the ISA (ATOMG, ATOMGA, ATOMS, and the
 * image and texel-buffer atomics) on a naturally aligned 32- or 64-bit
 * host address, sequentially consistent, so they are atomic against every
 * other shader core. Inline: the memory handlers are built once per
 * instruction-set variant, the image handlers once.
 */

#ifndef EMBER_FW_SC_ATOMIC_H
#define EMBER_FW_SC_ATOMIC_H

#include <stdbool.h>
#include <stdint.h>

#include "ember_isa.h"

/* One atomic on host memory; returns the old value. */
static inline uint64_t sc_atomic_rmw(void *p, unsigned int op, bool wide, uint64_t v, uint64_t cmp)
{
	if (wide) {
		uint64_t *q = p, old = __atomic_load_n(q, __ATOMIC_RELAXED), want;

		switch (op) {
		case EMBER_ISA_ATOM_ADD: return __atomic_fetch_add(q, v, __ATOMIC_SEQ_CST);
		case EMBER_ISA_ATOM_AND: return __atomic_fetch_and(q, v, __ATOMIC_SEQ_CST);
		case EMBER_ISA_ATOM_OR: return __atomic_fetch_or(q, v, __ATOMIC_SEQ_CST);
		case EMBER_ISA_ATOM_XOR: return __atomic_fetch_xor(q, v, __ATOMIC_SEQ_CST);
		case EMBER_ISA_ATOM_XCHG: return __atomic_exchange_n(q, v, __ATOMIC_SEQ_CST);
		case EMBER_ISA_ATOM_CMPXCHG:
			__atomic_compare_exchange_n(q, &cmp, v, false, __ATOMIC_SEQ_CST,
						    __ATOMIC_SEQ_CST);
			return cmp;
		default:
			do {
				switch (op) {
				case EMBER_ISA_ATOM_SMIN: want = (int64_t)v < (int64_t)old ? v : old; break;
				case EMBER_ISA_ATOM_UMIN: want = v < old ? v : old; break;
				case EMBER_ISA_ATOM_SMAX: want = (int64_t)v > (int64_t)old ? v : old; break;
				default: want = v > old ? v : old; break;
				}
			} while (!__atomic_compare_exchange_n(q, &old, want, false,
							      __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
			return old;
		}
	} else {
		uint32_t *q = p, old = __atomic_load_n(q, __ATOMIC_RELAXED), want;
		uint32_t v32 = (uint32_t)v, c32 = (uint32_t)cmp;

		switch (op) {
		case EMBER_ISA_ATOM_ADD: return __atomic_fetch_add(q, v32, __ATOMIC_SEQ_CST);
		case EMBER_ISA_ATOM_AND: return __atomic_fetch_and(q, v32, __ATOMIC_SEQ_CST);
		case EMBER_ISA_ATOM_OR: return __atomic_fetch_or(q, v32, __ATOMIC_SEQ_CST);
		case EMBER_ISA_ATOM_XOR: return __atomic_fetch_xor(q, v32, __ATOMIC_SEQ_CST);
		case EMBER_ISA_ATOM_XCHG: return __atomic_exchange_n(q, v32, __ATOMIC_SEQ_CST);
		case EMBER_ISA_ATOM_CMPXCHG:
			__atomic_compare_exchange_n(q, &c32, v32, false, __ATOMIC_SEQ_CST,
						    __ATOMIC_SEQ_CST);
			return c32;
		default:
			do {
				switch (op) {
				case EMBER_ISA_ATOM_SMIN: want = (int32_t)v32 < (int32_t)old ? v32 : old; break;
				case EMBER_ISA_ATOM_UMIN: want = v32 < old ? v32 : old; break;
				case EMBER_ISA_ATOM_SMAX: want = (int32_t)v32 > (int32_t)old ? v32 : old; break;
				default: want = v32 > old ? v32 : old; break;
				}
			} while (!__atomic_compare_exchange_n(q, &old, want, false,
							      __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
			return old;
		}
	}
}

#endif /* EMBER_FW_SC_ATOMIC_H */
