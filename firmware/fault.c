/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Fault records and their interrupt (see fault.h).
 */

#include "fault.h"

#include "device.h"
#include "log.h"

void ember_faults_init(struct ember_device *dev)
{
	dev->fault_seq = 0;
	dev->fault_lost = 0;
	ember_reg_write(&dev->regs, EMBER_REG_FAULT_SEQ, 0);
	ember_reg_write(&dev->regs, EMBER_REG_FAULT_LOST, 0);
}

void ember_fault_report(struct ember_device *dev, const struct ember_fault *f)
{
	const struct ember_regs *regs = &dev->regs;
	uint32_t seq = dev->fault_seq;
	unsigned int slot = seq % EMBER_MAX_FAULT_SLOTS;
	uint32_t acked = ember_reg_read(regs, EMBER_REG_FAULT_ACK);
	uint64_t now = ember_device_timestamp_ns(dev);

	/* Unsigned distance: right across the 32-bit wrap too. */
	if (seq - acked >= EMBER_MAX_FAULT_SLOTS)
		ember_reg_write(regs, EMBER_REG_FAULT_LOST, ++dev->fault_lost);

	ember_reg_write(regs, EMBER_REG_FAULT(slot, EMBER_FAULT_REC_KIND), f->kind);
	ember_reg_write(regs, EMBER_REG_FAULT(slot, EMBER_FAULT_REC_RING), f->ring);
	ember_reg_write(regs, EMBER_REG_FAULT(slot, EMBER_FAULT_REC_CONTEXT), f->context);
	ember_reg_write(regs, EMBER_REG_FAULT(slot, EMBER_FAULT_REC_RING_POS), f->ring_pos);
	ember_reg_write(regs, EMBER_REG_FAULT(slot, EMBER_FAULT_REC_IB_OFFSET), f->ib_offset);
	ember_reg_write(regs, EMBER_REG_FAULT(slot, EMBER_FAULT_REC_VA_LO), (uint32_t)f->va);
	ember_reg_write(regs, EMBER_REG_FAULT(slot, EMBER_FAULT_REC_VA_HI),
			(uint32_t)(f->va >> 32));
	ember_reg_write(regs, EMBER_REG_FAULT(slot, EMBER_FAULT_REC_DETAIL), f->detail);
	ember_reg_write(regs, EMBER_REG_FAULT(slot, EMBER_FAULT_REC_TIMESTAMP_LO),
			(uint32_t)now);
	ember_reg_write(regs, EMBER_REG_FAULT(slot, EMBER_FAULT_REC_TIMESTAMP_HI),
			(uint32_t)(now >> 32));
	ember_reg_write(regs, EMBER_REG_FAULT(slot, EMBER_FAULT_REC_QUEUE), f->queue);
	/* The record's SEQ is 1-based so that a zeroed slot never looks valid. */
	ember_reg_write_release(regs, EMBER_REG_FAULT(slot, EMBER_FAULT_REC_SEQ), seq + 1);
	dev->fault_seq = seq + 1;
	ember_reg_write_release(regs, EMBER_REG_FAULT_SEQ, dev->fault_seq);

	ember_warn("fault seq=%u kind=%u ring=%d queue=%d context=%d ring_pos=0x%x "
		   "ib_offset=0x%x va=0x%llx detail=0x%x",
		   seq + 1, f->kind, (int)f->ring, (int)f->queue, (int)f->context, f->ring_pos,
		   f->ib_offset, (unsigned long long)f->va, f->detail);
	ember_device_raise_irq(dev, EMBER_VECTOR_FAULT);
}

void ember_fault_publish_seq_back(struct ember_device *dev)
{
	ember_reg_write_release(&dev->regs, EMBER_REG_FAULT_SEQ, dev->fault_seq - 1);
	ember_warn("fault_seq_back published=%u true=%u", dev->fault_seq - 1, dev->fault_seq);
	ember_device_raise_irq(dev, EMBER_VECTOR_FAULT);
}
