// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <linux/device.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/pci.h>
#include <linux/random.h>
#include <linux/timekeeping.h>
#include <linux/wait.h>

#include <drm/drm_drv.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "ember_device.h"
#include "ember_gpu.h"
#include "ember_queue.h"
#include "ember_regs.h"
#include "ember_ring.h"
#include "ember_sched.h"

/**
 * DOC: GPU block
 *
 * This file owns the register page (the start of BAR2) and the device's
 * interrupts: it checks the page's identity before the driver binds, reads
 * the device's description once into &ember_device.gpu_info, and runs the
 * management mailbox.
 *
 * The management mailbox carries one command at a time. The driver writes
 * CMD and ARG0..3, then SEQ = previous SEQ + 1, then rings doorbell
 * EMBER_DOORBELL_MGMT. The device runs the command, writes STATUS and
 * RESULT0..3, then ACK = SEQ, and raises interrupt vector
 * EMBER_VECTOR_MGMT, whose handler only wakes the waiter: the waiter reads
 * the results itself, so that part needs neither a lock nor a thread.
 *
 * Since contract 1.1 the same vector also announces fault records, and
 * vectors 1 + r announce completions of ring r (and, since 1.9, of the
 * device queues given that vector, see DOC: Device queues in
 * ember_queue.c). Interrupts carry no data:
 * the hard handlers only compare device counters with what the driver has
 * consumed and wake a thread; the threads (ember_sched_handle_faults(),
 * ember_ring_handle_irq()) read the records and signal fences, which must
 * not happen in hard interrupt context. A lost interrupt loses nothing:
 * the job timeout looks at the counters again before it declares a hang.
 *
 * The order in which each side's writes become visible is the protocol:
 * the device must see the arguments before SEQ and the doorbell, and the
 * driver must read the results only after seeing ACK. The register page
 * is mapped uncached and accessed with readl()/writel(), which keep
 * program order, so the code below is written in protocol order and needs
 * no other barrier; the device publishes ACK with a release store.
 *
 * A command the device does not acknowledge within
 * %EMBER_MGMT_TIMEOUT_MS fails with -EIO. It is still in flight as far as
 * the device knows, so the next command first waits for that ACK rather
 * than rewrite a mailbox the device may be reading. A TLB invalidation
 * (ember_gpu_tlb_invalidate()) gets longer, see DOC: TLB invalidation in
 * ember_mmu.c.
 *
 * Resets go through the mailbox too (ember_gpu_reset_context(),
 * ember_gpu_reset_device()); the scheduler decides when (see DOC:
 * Recovery in ember_sched.c).
 *
 * The device's clock is read through the mailbox as well (PING): it runs
 * in the ember-gpu process, and a register of shared memory cannot tick.
 * ember_gpu_ping() reads the CPU clocks just before SEQ publishes the
 * command and just after ACK is seen, which brackets the instant the
 * device read its clock (it does so before it writes ACK). The bracket is
 * as tight as the mailbox allows: it includes the doorbell, the device's
 * wake-up and our interrupt and wake-up, but not the wait for the lock.
 */

/*
 * How long the device gets to answer a management command. A round trip
 * takes about 100 us under TCG; one second leaves room for a host that is
 * busy running shader threads, and bounds how long an ioctl can block.
 */
#define EMBER_MGMT_TIMEOUT_MS	1000

/**
 * struct ember_gpu - GPU block state.
 */
struct ember_gpu {
	/** @mgmt: The management mailbox. */
	struct {
		/**
		 * @mgmt.lock: Serialises management commands: the mailbox
		 * holds one command at a time. Protects @mgmt.seq and the
		 * driver-written mailbox registers (CMD, ARG0..3, SEQ). Taken
		 * by ember_gpu_mgmt_call(), ember_gpu_ping() and
		 * ember_gpu_reset_device_unplugged(), held while waiting for
		 * the ACK.
		 */
		struct mutex lock;

		/**
		 * @mgmt.seq: Last value written to EMBER_REG_MGMT_SEQ.
		 * Protected by @mgmt.lock.
		 */
		u32 seq;

		/**
		 * @mgmt.ack_wq: Where a command waits for its ACK. Woken by
		 * the EMBER_VECTOR_MGMT interrupt handler.
		 */
		wait_queue_head_t ack_wq;
	} mgmt;

	/**
	 * @fault_acked: Last value written to EMBER_REG_FAULT_ACK, so that
	 * the hard interrupt handler can tell a fault from a mailbox answer
	 * without reading a register the driver owns. Written by
	 * ember_gpu_fault_ack() under the scheduler's fault lock, read
	 * locklessly by the handler.
	 */
	u32 fault_acked;

	/** @num_vectors: MSI-X vectors enabled. */
	u32 num_vectors;

	/**
	 * @ring_irqs: The ring of each requested ring vector, NULL where none
	 * was requested. Written at init, read at unplug.
	 */
	struct ember_ring *ring_irqs[EMBER_MAX_RINGS];
};

static irqreturn_t ember_gpu_mgmt_irq_handler(int irq, void *data)
{
	struct ember_device *edev = data;
	struct ember_gpu *gpu = edev->gpu;

	wake_up(&gpu->mgmt.ack_wq);

	if (ember_gpu_read(edev, EMBER_REG_FAULT_SEQ) != READ_ONCE(gpu->fault_acked))
		return IRQ_WAKE_THREAD;
	return IRQ_HANDLED;
}

static irqreturn_t ember_gpu_fault_irq_thread(int irq, void *data)
{
	ember_sched_handle_faults(data);
	return IRQ_HANDLED;
}

static irqreturn_t ember_gpu_ring_irq_handler(int irq, void *data)
{
	return IRQ_WAKE_THREAD;
}

static irqreturn_t ember_gpu_ring_irq_thread(int irq, void *data)
{
	struct ember_ring *ring = data;

	ember_ring_handle_irq(ring);
	/* The device queues share the rings' vectors (see DOC: Device queues). */
	ember_queue_handle_vector(ring->edev, EMBER_VECTOR_RING(ring->index));
	return IRQ_HANDLED;
}

static bool ember_gpu_mgmt_acked(struct ember_device *edev, u32 seq)
{
	return ember_gpu_mgmt_seq_acked(ember_gpu_read(edev, EMBER_REG_MGMT_ACK),
					seq);
}

/**
 * ember_gpu_mgmt_wait_ack_locked() - Wait until the device acknowledges a
 * management command.
 * @edev: The device.
 * @seq: Sequence number of the command.
 * @timeout_ms: How long to wait.
 *
 * Return: true once ACK == @seq, false after @timeout_ms.
 */
static bool ember_gpu_mgmt_wait_ack_locked(struct ember_device *edev, u32 seq,
					   unsigned int timeout_ms)
{
	struct ember_gpu *gpu = edev->gpu;

	lockdep_assert_held(&gpu->mgmt.lock);

	return wait_event_timeout(gpu->mgmt.ack_wq,
				  ember_gpu_mgmt_acked(edev, seq),
				  msecs_to_jiffies(timeout_ms)) > 0;
}

/* The CPU clocks of struct drm_ember_timestamp's bracket, in pairs. */
static void ember_gpu_read_cpu_clocks(u64 *monotonic_ns, u64 *monotonic_raw_ns)
{
	*monotonic_ns = ktime_get_ns();
	*monotonic_raw_ns = ktime_get_raw_ns();
}

/*
 * @clocks: if not NULL, gets the CPU clocks read just before the command is
 * published and just after its answer is seen (its device_timestamp is
 * left alone). @timeout_ms bounds each of the two waits: for the previous
 * command's ACK, then for this one's.
 */
static int ember_gpu_mgmt_call_locked(struct ember_device *edev, u32 cmd,
				      const u32 args[EMBER_MGMT_NUM_ARGS],
				      u32 results[EMBER_MGMT_NUM_RESULTS],
				      struct drm_ember_timestamp *clocks,
				      unsigned int timeout_ms)
{
	struct ember_gpu *gpu = edev->gpu;
	struct device *dev = edev->base.dev;
	u32 status, seq;
	unsigned int i;

	lockdep_assert_held(&gpu->mgmt.lock);

	status = ember_gpu_read(edev, EMBER_REG_STATUS);
	if (!(status & EMBER_STATUS_READY) || (status & EMBER_STATUS_FAILED)) {
		dev_warn_ratelimited(dev, "device not ready (status 0x%08x)\n",
				     status);
		return -EIO;
	}

	/* A command that timed out is still the device's: let it finish. */
	if (!ember_gpu_mgmt_wait_ack_locked(edev, gpu->mgmt.seq, timeout_ms)) {
		dev_warn_ratelimited(dev, "management command seq %u still unanswered\n",
				     gpu->mgmt.seq);
		return -EIO;
	}

	/* The command and its arguments, then the SEQ that publishes them. */
	ember_gpu_write(edev, EMBER_REG_MGMT_CMD, cmd);
	for (i = 0; i < EMBER_MGMT_NUM_ARGS; i++)
		ember_gpu_write(edev, EMBER_REG_MGMT_ARG(i), args[i]);

	seq = ember_gpu_mgmt_seq_next(gpu->mgmt.seq);
	/* The device may start as soon as it sees SEQ, doorbell or not. */
	if (clocks)
		ember_gpu_read_cpu_clocks(&clocks->monotonic_before_ns,
					  &clocks->monotonic_raw_before_ns);
	ember_gpu_write(edev, EMBER_REG_MGMT_SEQ, seq);
	gpu->mgmt.seq = seq;

	writel(EMBER_DOORBELL_VALUE(EMBER_DEVICE_PEER_ID, EMBER_DOORBELL_MGMT),
	       edev->doorbell_regs + EMBER_BAR0_DOORBELL);

	if (!ember_gpu_mgmt_wait_ack_locked(edev, seq, timeout_ms)) {
		dev_warn_ratelimited(dev, "management command 0x%x (seq %u) unanswered after %u ms\n",
				     cmd, seq, timeout_ms);
		return -EIO;
	}
	if (clocks)
		ember_gpu_read_cpu_clocks(&clocks->monotonic_after_ns,
					  &clocks->monotonic_raw_after_ns);

	/*
	 * ACK publishes STATUS and RESULT0..3: read them after it. A refusal
	 * has results too (QUEUE_MAP's reason).
	 */
	status = ember_gpu_read(edev, EMBER_REG_MGMT_STATUS);
	for (i = 0; i < EMBER_MGMT_NUM_RESULTS; i++)
		results[i] = ember_gpu_read(edev, EMBER_REG_MGMT_RESULT(i));

	switch (status) {
	case EMBER_MGMT_STATUS_OK:
		return 0;
	case EMBER_MGMT_STATUS_BAD_CMD:
	case EMBER_MGMT_STATUS_BAD_ARG:
		return -EINVAL;
	default:
		dev_warn_ratelimited(dev, "management command 0x%x failed with unknown status 0x%x\n",
				     cmd, status);
		return -EIO;
	}
}

/* ember_gpu_mgmt_call(), reading the CPU clocks around the command if asked. */
static int ember_gpu_mgmt_call_clocked(struct ember_device *edev, u32 cmd,
				       const u32 args[EMBER_MGMT_NUM_ARGS],
				       u32 results[EMBER_MGMT_NUM_RESULTS],
				       struct drm_ember_timestamp *clocks,
				       unsigned int timeout_ms)
{
	struct ember_gpu *gpu = edev->gpu;
	int ret, cookie;

	if (!drm_dev_enter(&edev->base, &cookie))
		return -ENODEV;

	mutex_lock(&gpu->mgmt.lock);
	ret = ember_gpu_mgmt_call_locked(edev, cmd, args, results, clocks, timeout_ms);
	mutex_unlock(&gpu->mgmt.lock);

	drm_dev_exit(cookie);
	return ret;
}

/**
 * ember_gpu_mgmt_call() - Run one command through the management mailbox.
 * @edev: The device.
 * @cmd: The command, EMBER_MGMT_CMD_*.
 * @args: The command's arguments.
 * @results: Where to store the command's results.
 *
 * Context: Process context; sleeps until the device answers, at most
 * %EMBER_MGMT_TIMEOUT_MS (plus as long again if a previous command timed
 * out). Takes &ember_gpu.mgmt.lock.
 *
 * Return: 0 on success; -EINVAL if the device does not know @cmd; -EIO if
 * the device is not ready, does not answer or reports an unknown status;
 * -ENODEV once the device is unplugged.
 */
int ember_gpu_mgmt_call(struct ember_device *edev, u32 cmd,
			const u32 args[EMBER_MGMT_NUM_ARGS],
			u32 results[EMBER_MGMT_NUM_RESULTS])
{
	return ember_gpu_mgmt_call_clocked(edev, cmd, args, results, NULL,
					   EMBER_MGMT_TIMEOUT_MS);
}

/**
 * ember_gpu_tlb_invalidate() - Invalidate the TLBs of a set of hardware
 * contexts and wait until the device says it is done.
 * @edev: The device.
 * @hw_ctx_mask: Bit c for hardware context c; U64_MAX for every context.
 *
 * The device only waits for a running job of one of the contexts (contract
 * 1.6, CAP_TLB_MASK); an older device gets TLB_INVALIDATE for every
 * context, which waits for any running job. Such a job holds the device's
 * engine until it ends or the device's watchdog stops it (WATCHDOG_MS,
 * half the job timeout), so the device gets that long plus
 * %EMBER_MGMT_TIMEOUT_MS to answer, and as long again to answer a previous
 * command that timed out.
 *
 * Context: Process context; sleeps for the mailbox. Takes
 * &ember_gpu.mgmt.lock.
 *
 * Return: 0 once the device acknowledged: it no longer uses any
 * translation the named contexts cached before. -EIO if it did not answer
 * in time or failed, -ENODEV once the device is unplugged.
 */
int ember_gpu_tlb_invalidate(struct ember_device *edev, u64 hw_ctx_mask)
{
	unsigned int timeout_ms = EMBER_MGMT_TIMEOUT_MS + edev->gpu_info.job_timeout_ms / 2;
	u32 args[EMBER_MGMT_NUM_ARGS] = { EMBER_CTX_ALL };
	u32 results[EMBER_MGMT_NUM_RESULTS];
	u32 cmd = EMBER_MGMT_CMD_TLB_INVALIDATE;

	if (edev->gpu_info.caps & EMBER_CAP_TLB_MASK) {
		cmd = EMBER_MGMT_CMD_TLB_INVALIDATE_MASK;
		args[0] = lower_32_bits(hw_ctx_mask);
		args[1] = upper_32_bits(hw_ctx_mask);
	}
	return ember_gpu_mgmt_call_clocked(edev, cmd, args, results, NULL, timeout_ms);
}

/**
 * ember_gpu_reset_context() - Reset one hardware context.
 * @edev: The device.
 * @hw_ctx: The hardware context (slot of the context table).
 *
 * Empties the context's TLB, sets its CTX_STATE back to OK and aborts its
 * running job if that job is parked at a preemption point; the ring then
 * moves on to its next packet.
 *
 * Context: Process context, see ember_gpu_mgmt_call().
 *
 * Return: 0 on success, a negative error code from ember_gpu_mgmt_call().
 */
int ember_gpu_reset_context(struct ember_device *edev, u32 hw_ctx)
{
	u32 args[EMBER_MGMT_NUM_ARGS] = { hw_ctx };
	u32 results[EMBER_MGMT_NUM_RESULTS];

	return ember_gpu_mgmt_call(edev, EMBER_MGMT_CMD_RESET_CONTEXT, args, results);
}

/**
 * ember_gpu_reset_device() - Reset the whole device.
 * @edev: The device.
 *
 * Aborts every job, discards every queued packet (without writing their
 * fences: RING_HEAD = RING_TAIL) and resets every context. Ring setup and
 * page-table roots are kept.
 *
 * Context: Process context, see ember_gpu_mgmt_call().
 *
 * Return: 0 on success, a negative error code from ember_gpu_mgmt_call().
 */
int ember_gpu_reset_device(struct ember_device *edev)
{
	u32 args[EMBER_MGMT_NUM_ARGS] = { 0 };
	u32 results[EMBER_MGMT_NUM_RESULTS];

	return ember_gpu_mgmt_call(edev, EMBER_MGMT_CMD_RESET_DEVICE, args, results);
}

/*
 * A management call once the device is unplugged from DRM, where
 * ember_gpu_mgmt_call() would fail with -ENODEV: the unplug path still
 * has to stop the device before its memory is released.
 */
static int ember_gpu_mgmt_call_unplugged(struct ember_device *edev, u32 cmd,
					 const u32 args[EMBER_MGMT_NUM_ARGS])
{
	u32 results[EMBER_MGMT_NUM_RESULTS];
	struct ember_gpu *gpu = edev->gpu;
	int ret;

	mutex_lock(&gpu->mgmt.lock);
	ret = ember_gpu_mgmt_call_locked(edev, cmd, args, results, NULL,
					 EMBER_MGMT_TIMEOUT_MS);
	mutex_unlock(&gpu->mgmt.lock);
	return ret;
}

/**
 * ember_gpu_reset_device_unplugged() - Reset the device once it is
 * unplugged from DRM, to stop it before its memory is released.
 * @edev: The device, after drm_dev_unplug() (ember_gpu_mgmt_call() would
 * fail with -ENODEV) but before the PCI resources are released.
 *
 * Context: Process context, from the unplug path only.
 *
 * Return: 0 on success, -EIO if the device does not answer.
 */
int ember_gpu_reset_device_unplugged(struct ember_device *edev)
{
	u32 args[EMBER_MGMT_NUM_ARGS] = { 0 };

	return ember_gpu_mgmt_call_unplugged(edev, EMBER_MGMT_CMD_RESET_DEVICE, args);
}

/**
 * ember_gpu_queue_map() - Map a device queue into a slot (QUEUE_MAP).
 * @edev: The device, with CAPS.QUEUES.
 * @slot: The slot, free.
 * @desc: Bus address of the queue's descriptor, its driver half written.
 * @reason: Where to store the device's EMBER_QUEUE_ERR_* when it refuses.
 *
 * Context: Process context, see ember_gpu_mgmt_call().
 *
 * Return: 0 on success, -EINVAL if the device refused the queue, another
 * negative error code from ember_gpu_mgmt_call().
 */
int ember_gpu_queue_map(struct ember_device *edev, u32 slot, dma_addr_t desc, u32 *reason)
{
	u32 args[EMBER_MGMT_NUM_ARGS] = { slot, lower_32_bits(desc), upper_32_bits(desc) };
	u32 results[EMBER_MGMT_NUM_RESULTS] = {};
	int ret;

	ret = ember_gpu_mgmt_call(edev, EMBER_MGMT_CMD_QUEUE_MAP, args, results);
	*reason = ret == -EINVAL ? results[0] : 0;
	return ret;
}

/**
 * ember_gpu_queue_unmap() - Unmap the device queue of a slot (QUEUE_UNMAP).
 * @edev: The device, with CAPS.QUEUES.
 * @slot: The slot.
 * @rptr: Where to store the queue's RPTR once unmapped (unchecked: the
 *	caller checks it against its ring).
 * @cut: Where to store whether a running packet was cut short.
 *
 * The device waits for the queue's running packet to reach a preemption
 * point and aborts it.
 *
 * Context: Process context, see ember_gpu_mgmt_call().
 *
 * Return: 0 on success, -EINVAL if the slot holds no queue, another
 * negative error code from ember_gpu_mgmt_call().
 */
int ember_gpu_queue_unmap(struct ember_device *edev, u32 slot, u32 *rptr, bool *cut)
{
	u32 args[EMBER_MGMT_NUM_ARGS] = { slot };
	u32 results[EMBER_MGMT_NUM_RESULTS] = {};
	int ret;

	ret = ember_gpu_mgmt_call(edev, EMBER_MGMT_CMD_QUEUE_UNMAP, args, results);
	*rptr = results[0];
	*cut = results[1] == 1;
	return ret;
}

/**
 * ember_gpu_queue_unmap_unplugged() - Unmap a device queue once the device
 * is unplugged from DRM, so that it stops reading the queue's memory.
 * @edev: The device, see ember_gpu_reset_device_unplugged().
 * @slot: The slot.
 *
 * Return: 0 on success, a negative error code if the device refused or
 * did not answer.
 */
int ember_gpu_queue_unmap_unplugged(struct ember_device *edev, u32 slot)
{
	u32 args[EMBER_MGMT_NUM_ARGS] = { slot };

	return ember_gpu_mgmt_call_unplugged(edev, EMBER_MGMT_CMD_QUEUE_UNMAP, args);
}

/**
 * ember_gpu_fault_ack() - Tell the device the driver consumed fault records.
 * @edev: The device.
 * @seq: Sequence number of the last record consumed.
 *
 * Context: Under the scheduler's fault lock (the only caller).
 */
void ember_gpu_fault_ack(struct ember_device *edev, u32 seq)
{
	WRITE_ONCE(edev->gpu->fault_acked, seq);
	ember_gpu_write(edev, EMBER_REG_FAULT_ACK, seq);
}

/**
 * ember_gpu_ring_doorbell() - Tell the device ring @ring_index's TAIL moved.
 * @edev: The device.
 * @ring_index: The ring.
 */
void ember_gpu_ring_doorbell(struct ember_device *edev, u32 ring_index)
{
	writel(EMBER_DOORBELL_VALUE(EMBER_DEVICE_PEER_ID,
				    EMBER_DOORBELL_RING(ring_index)),
	       edev->doorbell_regs + EMBER_BAR0_DOORBELL);
}

/**
 * ember_gpu_ring_doorbell_queues() - Tell the device a queue doorbell word
 * changed (DOORBELL_QUEUES, contract 1.9).
 * @edev: The device.
 */
void ember_gpu_ring_doorbell_queues(struct ember_device *edev)
{
	writel(EMBER_DOORBELL_VALUE(EMBER_DEVICE_PEER_ID, EMBER_DOORBELL_QUEUES),
	       edev->doorbell_regs + EMBER_BAR0_DOORBELL);
}

/**
 * ember_gpu_num_ring_vectors() - How many rings have an interrupt vector.
 * @edev: The device.
 *
 * Return: The number of enabled MSI-X vectors beyond the management one.
 */
u32 ember_gpu_num_ring_vectors(struct ember_device *edev)
{
	return edev->gpu->num_vectors - 1;
}

/**
 * ember_gpu_request_ring_irq() - Route a ring's completion interrupt to it.
 * @edev: The device.
 * @ring_index: The ring; its vector is EMBER_VECTOR_RING(@ring_index).
 * @ring: Passed to ember_ring_handle_irq(), from the IRQ thread.
 *
 * The IRQ is freed by ember_gpu_unplug().
 *
 * Return: 0 on success, a negative error code otherwise.
 */
int ember_gpu_request_ring_irq(struct ember_device *edev, u32 ring_index,
			       struct ember_ring *ring)
{
	struct pci_dev *pdev = edev->pdev;
	int ret;

	if (ring_index >= ember_gpu_num_ring_vectors(edev))
		return -EINVAL;

	ret = pci_request_irq(pdev, EMBER_VECTOR_RING(ring_index),
			      ember_gpu_ring_irq_handler, ember_gpu_ring_irq_thread,
			      ring, "ember-ring%u@%s", ring_index, pci_name(pdev));
	if (ret)
		return ret;

	edev->gpu->ring_irqs[ring_index] = ring;
	return 0;
}

/**
 * ember_gpu_ping() - Check the device is alive and read its clock.
 * @edev: The device.
 * @time: Where to store the device timestamp taken when the command ran,
 * and the CPU clocks read around it (see DOC: GPU block).
 *
 * Context: Process context, see ember_gpu_mgmt_call().
 *
 * Return: 0 on success, a negative error code from ember_gpu_mgmt_call(),
 * or -EIO if the device answers with the wrong cookie.
 */
int ember_gpu_ping(struct ember_device *edev, struct drm_ember_timestamp *time)
{
	/* A random cookie, so that no stale or made-up answer matches. */
	u32 args[EMBER_MGMT_NUM_ARGS] = { get_random_u32() };
	u32 results[EMBER_MGMT_NUM_RESULTS];
	int ret;

	ret = ember_gpu_mgmt_call_clocked(edev, EMBER_MGMT_CMD_PING, args,
					  results, time, EMBER_MGMT_TIMEOUT_MS);
	if (ret)
		return ret;

	if (results[0] != ~args[0]) {
		dev_warn_ratelimited(edev->base.dev, "ping 0x%08x answered with 0x%08x, expected 0x%08x\n",
				     args[0], results[0], ~args[0]);
		return -EIO;
	}

	time->device_timestamp = ((u64)results[2] << 32) | results[1];
	return 0;
}

/**
 * ember_gpu_id_check() - Decide whether the driver can bind to a device.
 * @id: What the device's register page says.
 *
 * The PCI ID only says "ivshmem": a plain ivshmem device, or an Ember
 * device whose contract changed incompatibly, must be refused before the
 * driver writes anything into its shared memory.
 *
 * Return: %EMBER_GPU_ID_OK, or the first reason to refuse the device.
 */
enum ember_gpu_id_verdict ember_gpu_id_check(const struct ember_gpu_id *id)
{
	if (id->magic != EMBER_MAGIC)
		return EMBER_GPU_ID_BAD_MAGIC;
	if (EMBER_HW_VERSION_MAJOR(id->hw_version) != EMBER_HW_VERSION_MAJOR_CURRENT)
		return EMBER_GPU_ID_BAD_VERSION;
	if (!(id->status & EMBER_STATUS_READY) || (id->status & EMBER_STATUS_FAILED))
		return EMBER_GPU_ID_NOT_READY;
	if (!(id->caps & EMBER_CAP_MGMT))
		return EMBER_GPU_ID_NO_MGMT;
	if (id->num_vectors < EMBER_MIN_VECTORS || id->num_vectors > EMBER_MAX_VECTORS)
		return EMBER_GPU_ID_BAD_VECTORS;
	return EMBER_GPU_ID_OK;
}

/**
 * ember_gpu_check_identity() - Check the register page is an Ember GPU's
 * that this driver can drive, ready to be used.
 * @edev: The device.
 * @num_vectors: Where to store the number of interrupt vectors the device
 * drives.
 *
 * Return: 0 if the driver can bind, -ENODEV otherwise.
 */
static int ember_gpu_check_identity(struct ember_device *edev, u32 *num_vectors)
{
	struct device *dev = edev->base.dev;
	struct ember_gpu_id id;

	id.magic = ember_gpu_read(edev, EMBER_REG_MAGIC);
	id.hw_version = ember_gpu_read(edev, EMBER_REG_HW_VERSION);
	id.status = ember_gpu_read(edev, EMBER_REG_STATUS);
	/* Read after READY: the device writes its description before it. */
	id.caps = ember_gpu_read(edev, EMBER_REG_CAPS);
	id.num_vectors = ember_gpu_read(edev, EMBER_REG_NUM_VECTORS);

	switch (ember_gpu_id_check(&id)) {
	case EMBER_GPU_ID_OK:
		*num_vectors = id.num_vectors;
		return 0;
	case EMBER_GPU_ID_BAD_MAGIC:
		return dev_err_probe(dev, -ENODEV,
				     "not an Ember GPU (magic 0x%08x): plain ivshmem device? refusing to bind\n",
				     id.magic);
	case EMBER_GPU_ID_BAD_VERSION:
		return dev_err_probe(dev, -ENODEV,
				     "unsupported hardware contract version %u.%u (driver supports %u.x)\n",
				     EMBER_HW_VERSION_MAJOR(id.hw_version),
				     EMBER_HW_VERSION_MINOR(id.hw_version),
				     EMBER_HW_VERSION_MAJOR_CURRENT);
	case EMBER_GPU_ID_NOT_READY:
		return dev_err_probe(dev, -ENODEV,
				     "device not ready (status 0x%08x), refusing to bind\n",
				     id.status);
	case EMBER_GPU_ID_NO_MGMT:
		return dev_err_probe(dev, -ENODEV,
				     "device has no management mailbox (caps 0x%08x), refusing to bind\n",
				     id.caps);
	case EMBER_GPU_ID_BAD_VECTORS:
		return dev_err_probe(dev, -ENODEV,
				     "device reports %u interrupt vectors, outside %u..%u\n",
				     id.num_vectors, EMBER_MIN_VECTORS,
				     EMBER_MAX_VECTORS);
	}
	return -ENODEV;
}

static void ember_gpu_read_info(struct ember_device *edev)
{
	struct drm_ember_gpu_info *info = &edev->gpu_info;

	info->hw_version = ember_gpu_read(edev, EMBER_REG_HW_VERSION);
	info->fw_version = ember_gpu_read(edev, EMBER_REG_FW_VERSION);
	info->caps = ember_gpu_read(edev, EMBER_REG_CAPS);
	info->num_rings = ember_gpu_read(edev, EMBER_REG_NUM_RINGS);
	info->num_shader_cores = ember_gpu_read(edev, EMBER_REG_NUM_CORES);
	info->va_bits = ember_gpu_read(edev, EMBER_REG_VA_BITS);
	info->timestamp_frequency = ember_gpu_read(edev, EMBER_REG_TIMESTAMP_FREQ);
	info->max_ib_size = ember_gpu_read(edev, EMBER_REG_MAX_IB_SIZE);
	info->max_contexts = min_t(u32, ember_gpu_read(edev, EMBER_REG_NUM_CONTEXTS),
				   EMBER_MAX_CONTEXTS);
}

/**
 * ember_gpu_init() - Check the device and bring up the GPU block.
 * @edev: The device, with its BARs mapped.
 *
 * Checks the register page's identity, reads the device description,
 * enables MSI-X, and proves the mailbox and its interrupt work with one
 * ping, so that a device that cannot answer is refused at probe rather
 * than at the first ioctl. The ping's device time is the description's
 * timestamp.
 *
 * Return: 0 on success, a negative error code otherwise.
 */
int ember_gpu_init(struct ember_device *edev)
{
	struct pci_dev *pdev = edev->pdev;
	struct device *dev = &pdev->dev;
	struct drm_ember_gpu_info *info = &edev->gpu_info;
	struct drm_ember_timestamp time;
	struct ember_gpu *gpu;
	u32 num_vectors;
	int nvec, ret;

	ret = ember_gpu_check_identity(edev, &num_vectors);
	if (ret)
		return ret;

	ember_gpu_read_info(edev);

	gpu = drmm_kzalloc(&edev->base, sizeof(*gpu), GFP_KERNEL);
	if (!gpu)
		return -ENOMEM;

	ret = drmm_mutex_init(&edev->base, &gpu->mgmt.lock);
	if (ret)
		return ret;

	init_waitqueue_head(&gpu->mgmt.ack_wq);

	/*
	 * SEQ is ours, but a previous driver instance may have left a value
	 * (and its ACK) behind: continue from it, so that a stale ACK can
	 * never match our first command.
	 */
	gpu->mgmt.seq = ember_gpu_read(edev, EMBER_REG_MGMT_SEQ);
	/* Records of a previous driver instance are not ours to report. */
	gpu->fault_acked = ember_gpu_read(edev, EMBER_REG_FAULT_SEQ);
	ember_gpu_write(edev, EMBER_REG_FAULT_ACK, gpu->fault_acked);
	edev->gpu = gpu;

	nvec = pci_alloc_irq_vectors(pdev, EMBER_MIN_VECTORS, num_vectors,
				     PCI_IRQ_MSIX);
	if (nvec < 0)
		return dev_err_probe(dev, nvec,
				     "cannot enable MSI-X (ivshmem-doorbell needs vectors=%u or more)\n",
				     EMBER_MIN_VECTORS);
	gpu->num_vectors = nvec;

	ret = pci_request_irq(pdev, EMBER_VECTOR_MGMT, ember_gpu_mgmt_irq_handler,
			      ember_gpu_fault_irq_thread, edev, "ember-mgmt@%s",
			      pci_name(pdev));
	if (ret) {
		dev_err_probe(dev, ret, "cannot request the management IRQ\n");
		goto err_free_irq_vectors;
	}

	ret = ember_gpu_ping(edev, &time);
	if (ret) {
		dev_err_probe(dev, ret, "management mailbox does not answer\n");
		goto err_free_mgmt_irq;
	}
	info->timestamp = time.device_timestamp;

	drm_info(&edev->base,
		 "Ember GPU: contract %u.%u, firmware %u.%u.%u, %u rings, %u shader cores, %u-bit VA, %d/%u IRQ vectors\n",
		 EMBER_HW_VERSION_MAJOR(info->hw_version),
		 EMBER_HW_VERSION_MINOR(info->hw_version),
		 EMBER_FW_VERSION_MAJOR(info->fw_version),
		 EMBER_FW_VERSION_MINOR(info->fw_version),
		 EMBER_FW_VERSION_PATCH(info->fw_version),
		 info->num_rings, info->num_shader_cores, info->va_bits,
		 nvec, num_vectors);

	return 0;

err_free_mgmt_irq:
	pci_free_irq(pdev, EMBER_VECTOR_MGMT, edev);
err_free_irq_vectors:
	pci_free_irq_vectors(pdev);
	return ret;
}

/**
 * ember_gpu_unplug() - Stop the GPU block's interrupts.
 * @edev: The device, already unplugged from DRM (no mailbox user left).
 *
 * Frees the ring vectors too; their threads have finished when this
 * returns.
 */
void ember_gpu_unplug(struct ember_device *edev)
{
	struct ember_gpu *gpu = edev->gpu;
	u32 r;

	for (r = 0; r < ARRAY_SIZE(gpu->ring_irqs); r++) {
		if (gpu->ring_irqs[r])
			pci_free_irq(edev->pdev, EMBER_VECTOR_RING(r), gpu->ring_irqs[r]);
		gpu->ring_irqs[r] = NULL;
	}
	pci_free_irq(edev->pdev, EMBER_VECTOR_MGMT, edev);
	pci_free_irq_vectors(edev->pdev);
}
