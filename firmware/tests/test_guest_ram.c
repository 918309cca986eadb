/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Unit tests of guest_ram.c: the q35 guest-physical layout (flat below
 * 2.75 GiB of RAM, split at 2 GiB / 4 GiB from 2.75 GiB on), bounds,
 * overflow, and the mapping of a real memory-backend file.
 *
 * The layout tests reserve address space only (PROT_NONE, no backing), so
 * describing 8 GiB of guest RAM costs nothing.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "guest_ram.h"
#include "log.h"
#include "tap.h"

#define KiB	(1ull << 10)
#define MiB	(1ull << 20)
#define GiB	(1ull << 30)

struct reservation {
	uint8_t *base;
	uint64_t size;
};

static bool reserve(struct reservation *r, uint64_t size)
{
	void *p = mmap(NULL, size, PROT_NONE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (p == MAP_FAILED) {
		tap_diag("cannot reserve %llu bytes: %s",
			 (unsigned long long)size, strerror(errno));
		return false;
	}
	r->base = p;
	r->size = size;
	return true;
}

static void unreserve(struct reservation *r)
{
	munmap(r->base, r->size);
}

/*
 * Check that [@gpa, @gpa + @len) translates to file offset @expected, or
 * does not translate when @expected is -1.
 */
static bool expect_at(const struct ember_guest_ram *ram, uint64_t gpa,
		      uint64_t len, int64_t expected, int line)
{
	uint8_t *p = ember_guest_ram_translate(ram, gpa, len);
	int64_t offset = p ? p - ram->base : -1;

	if (offset == expected)
		return true;
	tap_diag("line %d: gpa 0x%llx len 0x%llx -> offset %lld, expected %lld",
		 line, (unsigned long long)gpa, (unsigned long long)len,
		 (long long)offset, (long long)expected);
	return false;
}

#define EXPECT(gpa, len, expected) \
	(ok &= expect_at(&ram, (gpa), (len), (int64_t)(expected), __LINE__))
#define EXPECT_NONE(gpa, len)	EXPECT(gpa, len, -1)

static bool check_flat(uint64_t size)
{
	struct ember_guest_ram ram;
	struct reservation r;
	bool ok = true;

	if (!reserve(&r, size))
		return false;
	ember_guest_ram_set_layout(&ram, r.base, size);

	if (ram.low_size != size) {
		tap_diag("low_size 0x%llx", (unsigned long long)ram.low_size);
		ok = false;
	}
	EXPECT(0, 1, 0);
	EXPECT(0, size, 0);
	EXPECT(0x1000, 0x1000, 0x1000);
	EXPECT(size - 1, 1, size - 1);
	EXPECT(size - 4 * KiB, 4 * KiB, size - 4 * KiB);
	/* Just past the end, straddling the end, nothing at 4 GiB, empty. */
	EXPECT_NONE(size, 1);
	EXPECT_NONE(size - 4 * KiB, 4 * KiB + 1);
	EXPECT_NONE(0, size + 1);
	EXPECT_NONE(4 * GiB, 1);
	EXPECT_NONE(0, 0);

	unreserve(&r);
	return ok;
}

static bool test_flat_1g(void)
{
	return check_flat(1 * GiB);
}

/* The largest RAM q35 still keeps entirely below 4 GiB. */
static bool test_flat_below_threshold(void)
{
	return check_flat(0xb0000000ull - 4 * KiB);
}

static bool check_split(uint64_t size)
{
	uint64_t high = size - 2 * GiB;
	struct ember_guest_ram ram;
	struct reservation r;
	bool ok = true;

	if (!reserve(&r, size))
		return false;
	ember_guest_ram_set_layout(&ram, r.base, size);

	if (ram.low_size != 2 * GiB) {
		tap_diag("low_size 0x%llx", (unsigned long long)ram.low_size);
		ok = false;
	}
	/* Low window: GPA [0, 2G) = file [0, 2G). */
	EXPECT(0, 2 * GiB, 0);
	EXPECT(2 * GiB - 1, 1, 2 * GiB - 1);
	/* The hole: RAM past 2 GiB is not at GPA 2 GiB..4 GiB. */
	EXPECT_NONE(2 * GiB, 1);
	EXPECT_NONE(3 * GiB, 4 * KiB);
	EXPECT_NONE(4 * GiB - 1, 1);
	/* High window: GPA [4G, 4G + high) = file [2G, size). */
	EXPECT(4 * GiB, 1, 2 * GiB);
	EXPECT(4 * GiB, high, 2 * GiB);
	EXPECT(4 * GiB + high - 1, 1, size - 1);
	EXPECT(4 * GiB + 0x1234000, 8, 2 * GiB + 0x1234000);
	/* Past the end of the high window. */
	EXPECT_NONE(4 * GiB + high, 1);
	EXPECT_NONE(4 * GiB + high - 4 * KiB, 4 * KiB + 1);
	EXPECT_NONE(4 * GiB, high + 1);
	/* Ranges crossing the hole, from either side. */
	EXPECT_NONE(2 * GiB - 8, 16);
	EXPECT_NONE(4 * GiB - 8, 16);
	EXPECT_NONE(0, 4 * GiB + 1);

	unreserve(&r);
	return ok;
}

/* Exactly 2.75 GiB already takes the split layout. */
static bool test_split_at_threshold(void)
{
	return check_split(0xb0000000ull);
}

static bool test_split_8g(void)
{
	return check_split(8 * GiB);
}

static bool test_overflow(void)
{
	struct ember_guest_ram ram;
	struct reservation r;
	bool ok = true;

	if (!reserve(&r, 8 * GiB))
		return false;
	ember_guest_ram_set_layout(&ram, r.base, 8 * GiB);

	/* gpa + len wraps around: it must not wrap into RAM. */
	EXPECT_NONE(UINT64_MAX, 1);
	EXPECT_NONE(UINT64_MAX, 2);
	EXPECT_NONE(UINT64_MAX - 4095, 4096);
	EXPECT_NONE(1, UINT64_MAX);
	EXPECT_NONE(0, UINT64_MAX);
	EXPECT_NONE(4 * GiB, UINT64_MAX);
	EXPECT_NONE(4 * GiB + 1, UINT64_MAX - 4 * GiB);
	EXPECT_NONE(UINT64_MAX - 4 * GiB + 2, 4 * GiB);

	unreserve(&r);
	return ok;
}

static bool test_no_guest_ram(void)
{
	struct ember_guest_ram ram = { 0 };

	CHECK(!ember_guest_ram_translate(&ram, 0, 1));
	CHECK(!ember_guest_ram_translate(&ram, 4 * GiB, 1));
	return true;
}

static char tmpdir[] = "/tmp/ember-guest-ram-test.XXXXXX";

/* The file is created at the right size and the mapping is the file. */
static bool test_file_created_and_shared(void)
{
	char path[sizeof(tmpdir) + 16];
	struct ember_guest_ram ram;
	uint32_t word = 0;
	struct stat st;
	uint8_t *p;
	int fd;

	snprintf(path, sizeof(path), "%s/new", tmpdir);
	CHECK_EQ(ember_guest_ram_init(&ram, path, 64 * KiB), 0);
	CHECK_EQ(stat(path, &st), 0);
	CHECK_EQ(st.st_size, 64 * KiB);

	p = ember_guest_ram_translate(&ram, 0x2000, 4);
	CHECK(p);
	memcpy(p, &(uint32_t){ 0xcafef00d }, 4);

	fd = open(path, O_RDONLY);
	CHECK(fd >= 0);
	CHECK_EQ(pread(fd, &word, 4, 0x2000), 4);
	close(fd);
	ember_guest_ram_fini(&ram);
	CHECK_EQ(word, 0xcafef00d);
	return true;
}

static bool test_file_existing(void)
{
	char path[sizeof(tmpdir) + 16];
	struct ember_guest_ram ram;
	int fd;

	snprintf(path, sizeof(path), "%s/existing", tmpdir);
	fd = open(path, O_RDWR | O_CREAT, 0600);
	CHECK(fd >= 0);
	CHECK_EQ(ftruncate(fd, 128 * KiB), 0);
	close(fd);

	/* Smaller than the file: fine, QEMU uses its beginning too. */
	CHECK_EQ(ember_guest_ram_init(&ram, path, 64 * KiB), 0);
	CHECK(ember_guest_ram_translate(&ram, 64 * KiB - 1, 1));
	CHECK(!ember_guest_ram_translate(&ram, 64 * KiB, 1));
	ember_guest_ram_fini(&ram);

	/* Larger than the file: refused, the tail would SIGBUS. */
	CHECK_EQ(ember_guest_ram_init(&ram, path, 256 * KiB), -EINVAL);
	CHECK(!ram.base);
	return true;
}

static bool test_file_bad_path(void)
{
	struct ember_guest_ram ram;

	CHECK_EQ(ember_guest_ram_init(&ram, "/nonexistent-dir/ram", 64 * KiB),
		 -ENOENT);
	return true;
}

int main(void)
{
	char path[sizeof(tmpdir) + 16];
	int status;

	/* Expected failures log errors; keep the TAP stream readable. */
	if (ember_log_open("/dev/null")) {
		perror("/dev/null");
		return EXIT_FAILURE;
	}

	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		return EXIT_FAILURE;
	}

	tap_result(test_flat_1g(), "flat-1g");
	tap_result(test_flat_below_threshold(), "flat-below-2.75g");
	tap_result(test_split_at_threshold(), "split-at-2.75g");
	tap_result(test_split_8g(), "split-8g");
	tap_result(test_overflow(), "overflow");
	tap_result(test_no_guest_ram(), "no-guest-ram");
	tap_result(test_file_created_and_shared(), "file-created-and-shared");
	tap_result(test_file_existing(), "file-existing");
	tap_result(test_file_bad_path(), "file-bad-path");

	status = tap_finish();
	ember_log_close();

	snprintf(path, sizeof(path), "%s/new", tmpdir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/existing", tmpdir);
	unlink(path);
	rmdir(tmpdir);
	return status;
}
