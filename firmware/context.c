/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Hardware contexts: page-table root, state, TLB (see context.h).
 */

#include "context.h"

#include "device.h"

static void publish_state(struct ember_device *dev, struct ember_context *ctx)
{
	ember_reg_write(&dev->regs, EMBER_REG_CTX(ctx->index, EMBER_CTX_FAULT_COUNT),
			ctx->fault_count);
	ember_reg_write_release(&dev->regs, EMBER_REG_CTX(ctx->index, EMBER_CTX_STATE),
				ctx->state);
}

void ember_contexts_init(struct ember_device *dev)
{
	for (unsigned int i = 0; i < EMBER_MAX_CONTEXTS; i++) {
		struct ember_context *ctx = &dev->contexts[i];

		*ctx = (struct ember_context) { .index = i };
		publish_state(dev, ctx);
	}
}

struct ember_mmu ember_context_mmu(struct ember_device *dev,
				   struct ember_context *ctx)
{
	const struct ember_regs *regs = &dev->regs;
	uint64_t lo = ember_reg_read(regs, EMBER_REG_CTX(ctx->index, EMBER_CTX_PT_ROOT_LO));
	uint64_t hi = ember_reg_read(regs, EMBER_REG_CTX(ctx->index, EMBER_CTX_PT_ROOT_HI));

	return (struct ember_mmu) {
		.ram = &dev->guest_ram,
		.tlb = &ctx->tlb,
		.root = lo | hi << 32,
	};
}

void ember_context_fault(struct ember_device *dev, struct ember_context *ctx)
{
	ctx->state = EMBER_CTX_STATE_FAULTED;
	ctx->fault_count++;
	publish_state(dev, ctx);
}

void ember_context_reset(struct ember_device *dev, struct ember_context *ctx)
{
	ember_tlb_flush(&ctx->tlb);
	ctx->state = EMBER_CTX_STATE_OK;
	ctx->generation++;
	publish_state(dev, ctx);
}

void ember_contexts_tlb_invalidate_mask(struct ember_device *dev, uint64_t mask)
{
	for (unsigned int i = 0; i < EMBER_MAX_CONTEXTS; i++) {
		if (mask & (1ULL << i))
			ember_tlb_flush(&dev->contexts[i].tlb);
	}
}

bool ember_contexts_tlb_invalidate(struct ember_device *dev, uint32_t index)
{
	if (index == EMBER_CTX_ALL) {
		for (unsigned int i = 0; i < EMBER_MAX_CONTEXTS; i++)
			ember_tlb_flush(&dev->contexts[i].tlb);
		return true;
	}
	if (index >= EMBER_MAX_CONTEXTS)
		return false;
	ember_tlb_flush(&dev->contexts[index].tlb);
	return true;
}
