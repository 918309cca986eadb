// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

/*
 * TEST ONLY: plants bugs on purpose.
 *
 * The debug lane's self-check (./ember test, tools/guest/debug-checks)
 * loads this module in a guest of its own and writes to each file of
 * /sys/kernel/debug/ember_planted_bugs/; the lane passes only if each bug
 * is reported by its detector:
 *
 * - leak: kmemleak reports an unreferenced object;
 * - lock_inversion: lockdep reports a circular locking dependency;
 * - use_after_free: KASAN reports a slab-use-after-free.
 *
 * A detector that stays silent would let the same bug in ember.ko pass.
 */

#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>

static struct dentry *planted_dir;

/* Where the planted leak's only reference lives until it is dropped. */
static void *planted_leak_ref;

/* Where the use-after-free's read goes, so it cannot be optimised away. */
static u8 planted_uaf_sink;

static DEFINE_MUTEX(planted_lock_a);
static DEFINE_MUTEX(planted_lock_b);

static ssize_t planted_leak_write(struct file *file, const char __user *buf,
				  size_t count, loff_t *ppos)
{
	unsigned int i;

	/*
	 * Planted bug: each object's only reference is dropped, and no object
	 * is ever freed. Several objects, because kmemleak also scans task
	 * stacks, where a stale copy of the last pointer may linger.
	 */
	for (i = 0; i < 4; i++)
		WRITE_ONCE(planted_leak_ref, kmalloc(128, GFP_KERNEL));
	WRITE_ONCE(planted_leak_ref, NULL);
	return count;
}

static ssize_t planted_lock_inversion_write(struct file *file,
					    const char __user *buf,
					    size_t count, loff_t *ppos)
{
	mutex_lock(&planted_lock_a);
	mutex_lock(&planted_lock_b);
	mutex_unlock(&planted_lock_b);
	mutex_unlock(&planted_lock_a);

	/*
	 * Planted bug: B then A, after A then B. One thread cannot deadlock
	 * on it, two can; lockdep reports the order, not the deadlock.
	 */
	mutex_lock(&planted_lock_b);
	mutex_lock(&planted_lock_a);
	mutex_unlock(&planted_lock_a);
	mutex_unlock(&planted_lock_b);
	return count;
}

static ssize_t planted_use_after_free_write(struct file *file,
					    const char __user *buf,
					    size_t count, loff_t *ppos)
{
	u8 *obj = kzalloc(64, GFP_KERNEL);

	if (!obj)
		return -ENOMEM;
	kfree(obj);
	/* Planted bug: a read of the freed object. */
	OPTIMIZER_HIDE_VAR(obj);
	WRITE_ONCE(planted_uaf_sink, READ_ONCE(obj[8]));
	return count;
}

static const struct file_operations planted_leak_fops = {
	.owner = THIS_MODULE,
	.write = planted_leak_write,
};

static const struct file_operations planted_lock_inversion_fops = {
	.owner = THIS_MODULE,
	.write = planted_lock_inversion_write,
};

static const struct file_operations planted_use_after_free_fops = {
	.owner = THIS_MODULE,
	.write = planted_use_after_free_write,
};

static int __init planted_bugs_init(void)
{
	planted_dir = debugfs_create_dir("ember_planted_bugs", NULL);
	debugfs_create_file("leak", 0200, planted_dir, NULL, &planted_leak_fops);
	debugfs_create_file("lock_inversion", 0200, planted_dir, NULL,
			    &planted_lock_inversion_fops);
	debugfs_create_file("use_after_free", 0200, planted_dir, NULL,
			    &planted_use_after_free_fops);
	return 0;
}

static void __exit planted_bugs_exit(void)
{
	debugfs_remove_recursive(planted_dir);
}

module_init(planted_bugs_init);
module_exit(planted_bugs_exit);

MODULE_AUTHOR("The Ember Authors");
MODULE_DESCRIPTION("TEST ONLY: bugs planted for the debug lane's detectors");
MODULE_LICENSE("Dual MIT/GPL");
