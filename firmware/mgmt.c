/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The management mailbox and its commands (see mgmt.h for the protocol).
 */

#include "mgmt.h"

#include <errno.h>
#include <string.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include "device.h"
#include "log.h"
#include "queue.h"
#include "regs.h"

struct mgmt_cmd {
	const char *name;
	/* Fill @results (zeroed beforehand); return EMBER_MGMT_STATUS_*. */
	uint32_t (*exec)(struct ember_mgmt *mgmt,
			 const uint32_t args[EMBER_MGMT_NUM_ARGS],
			 uint32_t results[EMBER_MGMT_NUM_RESULTS]);
};

static uint32_t mgmt_nop(struct ember_mgmt *mgmt,
			 const uint32_t args[EMBER_MGMT_NUM_ARGS],
			 uint32_t results[EMBER_MGMT_NUM_RESULTS])
{
	return EMBER_MGMT_STATUS_OK;
}

/* Proves the whole path works and that the device saw this very command. */
static uint32_t mgmt_ping(struct ember_mgmt *mgmt,
			  const uint32_t args[EMBER_MGMT_NUM_ARGS],
			  uint32_t results[EMBER_MGMT_NUM_RESULTS])
{
	uint64_t now = ember_device_timestamp_ns(mgmt->dev);

	results[0] = ~args[0];
	results[1] = (uint32_t)now;
	results[2] = (uint32_t)(now >> 32);
	return EMBER_MGMT_STATUS_OK;
}

static uint32_t mgmt_reset_device(struct ember_mgmt *mgmt,
				  const uint32_t args[EMBER_MGMT_NUM_ARGS],
				  uint32_t results[EMBER_MGMT_NUM_RESULTS])
{
	ember_device_reset(mgmt->dev);
	results[0] = mgmt->dev->reset_count;
	return EMBER_MGMT_STATUS_OK;
}

static uint32_t mgmt_reset_context(struct ember_mgmt *mgmt,
				   const uint32_t args[EMBER_MGMT_NUM_ARGS],
				   uint32_t results[EMBER_MGMT_NUM_RESULTS])
{
	return ember_device_reset_context(mgmt->dev, args[0]) ?
	       EMBER_MGMT_STATUS_OK : EMBER_MGMT_STATUS_BAD_ARG;
}

static uint32_t mgmt_tlb_invalidate(struct ember_mgmt *mgmt,
				    const uint32_t args[EMBER_MGMT_NUM_ARGS],
				    uint32_t results[EMBER_MGMT_NUM_RESULTS])
{
	return ember_device_tlb_invalidate(mgmt->dev, args[0]) ?
	       EMBER_MGMT_STATUS_OK : EMBER_MGMT_STATUS_BAD_ARG;
}

static uint32_t mgmt_tlb_invalidate_mask(struct ember_mgmt *mgmt,
					 const uint32_t args[EMBER_MGMT_NUM_ARGS],
					 uint32_t results[EMBER_MGMT_NUM_RESULTS])
{
	ember_device_tlb_invalidate_mask(mgmt->dev, args[0] | (uint64_t)args[1] << 32);
	return EMBER_MGMT_STATUS_OK;
}

static uint32_t mgmt_queue_map(struct ember_mgmt *mgmt,
			       const uint32_t args[EMBER_MGMT_NUM_ARGS],
			       uint32_t results[EMBER_MGMT_NUM_RESULTS])
{
	return ember_queue_map(mgmt->dev, args[0], args[1] | (uint64_t)args[2] << 32,
			       &results[0]);
}

static uint32_t mgmt_queue_unmap(struct ember_mgmt *mgmt,
				 const uint32_t args[EMBER_MGMT_NUM_ARGS],
				 uint32_t results[EMBER_MGMT_NUM_RESULTS])
{
	return ember_queue_unmap(mgmt->dev, args[0], &results[0], &results[1]);
}

static const struct mgmt_cmd mgmt_cmds[] = {
	[EMBER_MGMT_CMD_NOP] = { "nop", mgmt_nop },
	[EMBER_MGMT_CMD_PING] = { "ping", mgmt_ping },
	[EMBER_MGMT_CMD_RESET_DEVICE] = { "reset_device", mgmt_reset_device },
	[EMBER_MGMT_CMD_RESET_CONTEXT] = { "reset_context", mgmt_reset_context },
	[EMBER_MGMT_CMD_TLB_INVALIDATE] = { "tlb_invalidate", mgmt_tlb_invalidate },
	[EMBER_MGMT_CMD_TLB_INVALIDATE_MASK] = { "tlb_invalidate_mask",
						 mgmt_tlb_invalidate_mask },
	[EMBER_MGMT_CMD_QUEUE_MAP] = { "queue_map", mgmt_queue_map },
	[EMBER_MGMT_CMD_QUEUE_UNMAP] = { "queue_unmap", mgmt_queue_unmap },
};

static void mgmt_run(struct ember_mgmt *mgmt, uint32_t seq, uint32_t cmd_id,
		     const uint32_t args[EMBER_MGMT_NUM_ARGS]);

static void handle_delay(struct ember_event_source *src)
{
	struct ember_mgmt *mgmt = container_of(src, struct ember_mgmt, delay_src);
	uint64_t expirations;

	if (read(src->fd, &expirations, sizeof(expirations)) != sizeof(expirations) ||
	    !mgmt->delayed)
		return;
	mgmt->delayed = false;
	ember_warn("mgmt_delay_over seq=%u", mgmt->delayed_seq);
	mgmt_run(mgmt, mgmt->delayed_seq, mgmt->delayed_cmd, mgmt->delayed_args);
}

int ember_mgmt_init(struct ember_mgmt *mgmt, struct ember_device *dev)
{
	*mgmt = (struct ember_mgmt) {
		.dev = dev,
		.delay_src = { .handle = handle_delay },
	};
	ember_reg_write(&dev->regs, EMBER_REG_MGMT_ACK, mgmt->last_ack);
	mgmt->delay_src.fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
	return mgmt->delay_src.fd < 0 ? -errno : 0;
}

void ember_mgmt_fini(struct ember_mgmt *mgmt)
{
	if (mgmt->delay_src.fd >= 0)
		close(mgmt->delay_src.fd);
	mgmt->delay_src.fd = -1;
}

static bool is_tlb_invalidation(uint32_t cmd_id)
{
	return cmd_id == EMBER_MGMT_CMD_TLB_INVALIDATE ||
	       cmd_id == EMBER_MGMT_CMD_TLB_INVALIDATE_MASK;
}

/* The tlb-ack-delay knob: hold the command back; true if it was. */
static bool mgmt_delay(struct ember_mgmt *mgmt, uint32_t seq, uint32_t cmd_id,
		       const uint32_t args[EMBER_MGMT_NUM_ARGS])
{
	unsigned int ms;
	struct itimerspec when = { 0 };

	if (!is_tlb_invalidation(cmd_id))
		return false;
	ms = ember_inject_take_tlb_ack_delay(&mgmt->dev->inject);
	if (!ms)
		return false;
	when.it_value.tv_sec = ms / 1000;
	when.it_value.tv_nsec = (long)(ms % 1000) * 1000000;
	if (timerfd_settime(mgmt->delay_src.fd, 0, &when, NULL)) {
		ember_warn("mgmt_delay_failed err=\"%s\"", strerror(errno));
		return false;
	}
	mgmt->delayed = true;
	mgmt->delayed_seq = seq;
	mgmt->delayed_cmd = cmd_id;
	for (unsigned int i = 0; i < EMBER_MGMT_NUM_ARGS; i++)
		mgmt->delayed_args[i] = args[i];
	ember_warn("mgmt_delayed seq=%u cmd=0x%x ms=%u reason=injected", seq, cmd_id, ms);
	return true;
}

void ember_mgmt_doorbell(struct ember_mgmt *mgmt)
{
	const struct ember_regs *regs = &mgmt->dev->regs;
	uint32_t args[EMBER_MGMT_NUM_ARGS];
	uint32_t seq, cmd_id;

	/* A held-back command is still in flight: the driver waits for it. */
	if (mgmt->delayed) {
		ember_debug("mgmt_busy seq=%u", mgmt->delayed_seq);
		return;
	}

	/* Acquire: CMD and ARGs were written before SEQ. */
	seq = ember_reg_read_acquire(regs, EMBER_REG_MGMT_SEQ);
	if (seq == mgmt->last_ack) {
		ember_debug("mgmt_no_command seq=%u", seq);
		return;
	}

	cmd_id = ember_reg_read(regs, EMBER_REG_MGMT_CMD);
	for (unsigned int i = 0; i < EMBER_MGMT_NUM_ARGS; i++)
		args[i] = ember_reg_read(regs, EMBER_REG_MGMT_ARG(i));

	if (mgmt_delay(mgmt, seq, cmd_id, args))
		return;
	mgmt_run(mgmt, seq, cmd_id, args);
}

static void mgmt_run(struct ember_mgmt *mgmt, uint32_t seq, uint32_t cmd_id,
		     const uint32_t args[EMBER_MGMT_NUM_ARGS])
{
	const struct ember_regs *regs = &mgmt->dev->regs;
	uint32_t results[EMBER_MGMT_NUM_RESULTS] = { 0 };
	const struct mgmt_cmd *cmd = NULL;
	uint32_t status;

	if (cmd_id < sizeof(mgmt_cmds) / sizeof(mgmt_cmds[0]))
		cmd = &mgmt_cmds[cmd_id];

	if (cmd && cmd->exec) {
		status = cmd->exec(mgmt, args, results);
		ember_debug("mgmt_cmd seq=%u cmd=%s status=%u", seq, cmd->name,
			    status);
	} else {
		status = EMBER_MGMT_STATUS_BAD_CMD;
		ember_warn("mgmt_bad_cmd seq=%u cmd=0x%x", seq, cmd_id);
	}

	ember_reg_write(regs, EMBER_REG_MGMT_STATUS, status);
	for (unsigned int i = 0; i < EMBER_MGMT_NUM_RESULTS; i++)
		ember_reg_write(regs, EMBER_REG_MGMT_RESULT(i), results[i]);
	/* Release: STATUS and RESULTs are visible once ACK is. */
	ember_reg_write_release(regs, EMBER_REG_MGMT_ACK, seq);
	mgmt->last_ack = seq;

	ember_device_raise_irq(mgmt->dev, EMBER_VECTOR_MGMT);
}
