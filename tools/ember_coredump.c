// SPDX-License-Identifier: MIT
/*
 * ember-coredump: explains an Ember devcoredump.
 *
 * ember.ko writes a text snapshot when a context hangs or faults
 * (Documentation/gpu/ember-devcoredump.rst, format 1): registers, the
 * guilty context, the fault record and the kernel packets around each
 * ring's HEAD, as raw numbers. This tool checks the format and says what
 * they mean: the hardware contract and firmware versions, the status and
 * context-state bits by name, the fault kind with its cause, the access
 * or the user packet (from the record's detail) or the shader instruction
 * and the ISA error of an illegal instruction, the job that faulted (the
 * RUN_IB at the record's ring position) and the faulting packet's GPU VA,
 * and each ring's progress, with the packets at HEAD and of the fault
 * marked.
 *
 * The dump holds no memory contents (no IB, no shader code): an illegal
 * instruction is named by its index and VA, for ember-dis on the
 * application's copy of the shader.
 *
 * Usage: ember-coredump [FILE|-]...; without a file, every devcoredump
 * pending in /sys/class/devcoredump whose device ember.ko drives.
 */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ember_drm.h"
#include "ember_gfx_hw.h"
#include "ember_isa.h"
#include "ember_packets.h"
#include "ember_regs.h"

#define DEVCD_DIR "/sys/class/devcoredump"
#define DUMP_MAX_LINES 4096

struct dump {
	const char *name;
	char *lines[DUMP_MAX_LINES];
	int count;
};

/*
 * The value of @key in a "key: a=1 b=2" line, up to the next " word="
 * (a command name may hold spaces), copied into @out. False if absent.
 */
static bool field(const char *line, const char *key, char *out, size_t size)
{
	size_t key_len = strlen(key), len;
	const char *p = line, *end;

	for (;;) {
		p = strstr(p, key);
		if (!p)
			return false;
		if ((p == line || p[-1] == ' ') && p[key_len] == '=')
			break;
		p += key_len;
	}
	p += key_len + 1;
	for (end = p; *end; end++) {
		const char *q = end + 1;

		if (*end != ' ')
			continue;
		while ((*q >= 'a' && *q <= 'z') || *q == '-')
			q++;
		if (q > end + 1 && *q == '=')
			break;
	}
	len = (size_t)(end - p) < size - 1 ? (size_t)(end - p) : size - 1;
	memcpy(out, p, len);
	out[len] = '\0';
	return true;
}

static uint64_t field_u64(const char *line, const char *key)
{
	char value[32];

	return field(line, key, value, sizeof(value)) ? strtoull(value, NULL, 0) : 0;
}

static long long field_s64(const char *line, const char *key)
{
	char value[32];

	return field(line, key, value, sizeof(value)) ? strtoll(value, NULL, 0) : 0;
}

/* The first line that starts with @prefix, or NULL. */
static const char *find_line(const struct dump *d, const char *prefix)
{
	for (int i = 0; i < d->count; i++)
		if (!strncmp(d->lines[i], prefix, strlen(prefix)))
			return d->lines[i];
	return NULL;
}

static const char *fault_kind_cause(uint32_t kind)
{
	switch (kind) {
	case EMBER_FAULT_TRANSLATION: return "no valid mapping";
	case EMBER_FAULT_PERMISSION: return "mapped without the access's permission";
	case EMBER_FAULT_BAD_PACKET: return "an invalid user packet or IB size";
	case EMBER_FAULT_ILLEGAL_INSTRUCTION: return "a shader ran an invalid instruction";
	case EMBER_FAULT_WATCHDOG: return "the IB ran longer than the watchdog";
	case EMBER_FAULT_RING: return "a bad ring setup or kernel packet: the ring stopped";
	case EMBER_FAULT_INJECTED: return "injected through ember-gpu's fault-next-job knob";
	case EMBER_FAULT_BAD_DESCRIPTOR: return "a shader used an invalid image, sampler or texel-buffer descriptor";
	case EMBER_FAULT_QUEUE: return "a bad queue descriptor, pointer or kernel packet: the queue stopped";
	case EMBER_FAULT_BAD_STATE: return "a draw's state blocks hold an invalid field";
	default: return "an unknown kind";
	}
}

/* Why a queue faulted (EMBER_QUEUE_ERR_*, the record's detail). */
static const char *queue_error(uint32_t err)
{
	switch (err) {
	case EMBER_QUEUE_ERR_SLOT: return "the slot is not below NUM_QUEUES";
	case EMBER_QUEUE_ERR_NOT_MAPPED: return "a doorbell for a slot that holds no queue";
	case EMBER_QUEUE_ERR_MAPPED: return "the slot already holds a queue";
	case EMBER_QUEUE_ERR_DESC: return "a misaligned or shared queue descriptor";
	case EMBER_QUEUE_ERR_BASE: return "the ring is not aligned guest RAM";
	case EMBER_QUEUE_ERR_SIZE: return "the ring size is not a power of two in range";
	case EMBER_QUEUE_ERR_CONTEXT: return "a bad context";
	case EMBER_QUEUE_ERR_VECTOR: return "a bad interrupt vector";
	case EMBER_QUEUE_ERR_FLAGS: return "nonzero descriptor flags";
	case EMBER_QUEUE_ERR_POINTERS: return "bad read or write pointers";
	case EMBER_QUEUE_ERR_PACKET: return "a bad kernel packet";
	default: return "an unknown queue error";
	}
}

/* The draw state blocks (ember_gfx_hw.h) by the names ember-hw.rst gives them. */
static const char *gfx_block_name(uint32_t block)
{
	switch (block) {
	case EMBER_GFX_BLOCK_ROOT: return "root";
	case EMBER_GFX_BLOCK_VERTEX_INPUT: return "vertex input";
	case EMBER_GFX_BLOCK_VIEWPORTS: return "viewports";
	case EMBER_GFX_BLOCK_RASTER: return "raster";
	case EMBER_GFX_BLOCK_DEPTH_STENCIL: return "depth/stencil";
	case EMBER_GFX_BLOCK_BLEND: return "blend";
	case EMBER_GFX_BLOCK_TARGETS: return "targets";
	default: return "unknown";
	}
}

static const char *user_packet_name(uint32_t op)
{
	switch (op) {
	case EMBER_UPKT_NOP: return "NOP";
	case EMBER_UPKT_COPY: return "COPY";
	case EMBER_UPKT_FILL: return "FILL";
	case EMBER_UPKT_WRITE_IMM: return "WRITE_IMM";
	case EMBER_UPKT_TIMESTAMP: return "TIMESTAMP";
	case EMBER_UPKT_WAIT_MEM: return "WAIT_MEM";
	case EMBER_UPKT_SIGNAL_MEM: return "SIGNAL_MEM";
	case EMBER_UPKT_BARRIER: return "BARRIER";
	case EMBER_UPKT_DISPATCH: return "DISPATCH";
	case EMBER_UPKT_DISPATCH_INDIRECT: return "DISPATCH_INDIRECT";
	default: return "an unknown opcode";
	}
}

/*
 * EMBER_ILLEGAL_REASON: 1..15 are ember_isa errors of the decoder, the
 * rest the shader core's (enum sc_illegal_reason in
 * firmware/shader/shader_core.h).
 */
static const char *illegal_reason(uint32_t reason)
{
	static const char *const core[] = {
		"ELSE/ENDIF/ENDLOOP/BREAK nesting too deep",
		"ELSE/ENDIF/ENDLOOP/BREAK unmatched",
		"a register beyond the header's counts",
		"ran past the last instruction",
		"the device could not allocate wave state",
	};

	if (reason >= 1 && reason < 16)
		return ember_isa_strerror(-(int)reason);
	if (reason >= 16 && reason < 16 + sizeof(core) / sizeof(core[0]))
		return core[reason - 16];
	return "an unknown reason";
}

static void print_ctx_state(uint32_t state)
{
	static const char *const names[] = {
		"GUILTY", "FAULTED", "BANNED", "DEVICE_LOST", "INNOCENT_LOST",
	};
	bool first = true;

	if (!state)
		fputs("INNOCENT", stdout);
	for (unsigned int i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!(state & (1u << i)))
			continue;
		printf("%s%s", first ? "" : "|", names[i]);
		first = false;
	}
	if (state >> 5)
		printf("%s0x%x", first ? "" : "|", state & ~0x1fu);
}

/* "device:", "hw-version:" and "fw-version:" lines. */
static void explain_device(const struct dump *d)
{
	const char *hw = find_line(d, "hw-version:"), *fw = find_line(d, "fw-version:");
	const char *dev = find_line(d, "device:");
	uint32_t hw_version = hw ? strtoul(hw + 11, NULL, 0) : 0;
	uint32_t fw_version = fw ? strtoul(fw + 11, NULL, 0) : 0;
	uint32_t status;

	printf("device: hardware contract %u.%u, firmware %u.%u.%u", EMBER_HW_VERSION_MAJOR(hw_version),
	       EMBER_HW_VERSION_MINOR(hw_version), fw_version >> 16, (fw_version >> 8) & 0xff,
	       fw_version & 0xff);
	if (!dev) {
		putchar('\n');
		return;
	}
	status = field_u64(dev, "status");
	printf(", %s%s\n", status & EMBER_STATUS_READY ? "READY" : "not ready",
	       status & EMBER_STATUS_FAILED ? ", FAILED" : "");
	printf("  fault records: %" PRIu64 " written, %" PRIu64 " lost; device resets: %"
	       PRIu64 "; watchdog: %" PRIu64 " ms\n", field_u64(dev, "fault-seq"),
	       field_u64(dev, "fault-lost"), field_u64(dev, "reset-count"),
	       field_u64(dev, "watchdog-ms"));
}

static void explain_context(const struct dump *d)
{
	const char *ctx = find_line(d, "context:"), *hw = find_line(d, "hw-context:");
	char comm[64] = "?";
	long long error;

	if (!ctx)
		return;
	field(ctx, "comm", comm, sizeof(comm));
	error = field_s64(ctx, "error");
	printf("context %" PRIu64 " of %s (pid %lld): ", field_u64(ctx, "handle"), comm,
	       field_s64(ctx, "pid"));
	print_ctx_state(field_u64(ctx, "state"));
	if (error)
		printf("; its fences signal %lld (%s)", error, strerror((int)-error));
	putchar('\n');
	if (!hw)
		return;
	printf("  hardware context %" PRIu64 ": %s, fault count %" PRIu64 ", ",
	       field_u64(ctx, "hw-ctx"),
	       field_u64(hw, "state") == EMBER_CTX_STATE_FAULTED ? "FAULTED" : "OK",
	       field_u64(hw, "fault-count"));
	if (field_u64(hw, "pt-root"))
		printf("page tables at 0x%" PRIx64 "\n", field_u64(hw, "pt-root"));
	else
		printf("no page tables (banned)\n");
}

/* The packet line of ring @ring at position @pos, or NULL. */
static const char *ring_packet(const struct dump *d, uint64_t ring, uint64_t pos)
{
	char header[64], at[32];
	int i;

	snprintf(header, sizeof(header), "ring %" PRIu64 " packets from ", ring);
	snprintf(at, sizeof(at), "  %" PRIu64 ": ", pos);
	for (i = 0; i < d->count; i++)
		if (!strncmp(d->lines[i], header, strlen(header)))
			break;
	for (i++; i < d->count && d->lines[i][0] == ' '; i++)
		if (!strncmp(d->lines[i], at, strlen(at)))
			return d->lines[i];
	return NULL;
}

static void explain_fault(const struct dump *d)
{
	const char *f = find_line(d, "fault:"), *run_ib;
	uint32_t kind, detail;
	uint64_t va, ring, pos;
	char name[32] = "?";

	if (!f)
		return;
	kind = field_u64(f, "kind");
	detail = field_u64(f, "detail");
	va = field_u64(f, "va");
	ring = field_u64(f, "ring");
	pos = field_u64(f, "ring-pos");
	/* "kind=1(translation)": the name the driver gave it. */
	if (field(f, "kind", name, sizeof(name)) && strchr(name, '(')) {
		memmove(name, strchr(name, '(') + 1, strlen(strchr(name, '(')));
		name[strcspn(name, ")")] = '\0';
	}
	printf("fault %" PRIu64 ": %s (kind %u): %s\n", field_u64(f, "seq"), name, kind,
	       fault_kind_cause(kind));
	switch (kind) {
	case EMBER_FAULT_TRANSLATION:
	case EMBER_FAULT_PERMISSION:
		printf("  a%s%s%s access to GPU VA 0x%" PRIx64 "\n",
		       detail & EMBER_ACCESS_READ ? " read" : "",
		       detail & EMBER_ACCESS_WRITE ? " write" : "",
		       detail & EMBER_ACCESS_EXEC ? "n execute" : "", va);
		break;
	case EMBER_FAULT_ILLEGAL_INSTRUCTION:
		printf("  instruction %u of the shader, at GPU VA 0x%" PRIx64 ": %s\n",
		       EMBER_ILLEGAL_INDEX(detail), va, illegal_reason(EMBER_ILLEGAL_REASON(detail)));
		break;
	case EMBER_FAULT_INJECTED:
		printf("  the IB at GPU VA 0x%" PRIx64 "\n", va);
		break;
	case EMBER_FAULT_BAD_DESCRIPTOR:
		printf("  dword %u of the descriptor at GPU VA 0x%" PRIx64 " (0: not loaded from memory)\n",
		       detail, va);
		break;
	case EMBER_FAULT_QUEUE:
		printf("  %s (queue error %u)%s\n", queue_error(detail), detail,
		       detail == EMBER_QUEUE_ERR_PACKET ? ", its header at the record's VA" : "");
		break;
	case EMBER_FAULT_BAD_STATE:
		printf("  dword %u of the %s state block, at GPU VA 0x%" PRIx64 "\n",
		       EMBER_BAD_STATE_DWORD(detail), gfx_block_name(EMBER_BAD_STATE_BLOCK(detail)),
		       va);
		break;
	default:
		printf("  user packet %s (0x%02x) len=%u flags=0x%x at GPU VA 0x%" PRIx64
		       " (header 0x%08x; for a bad IB size, the size)\n",
		       user_packet_name(EMBER_PKT_OP(detail)), EMBER_PKT_OP(detail),
		       EMBER_PKT_LEN(detail), EMBER_PKT_FLAGS(detail), va, detail);
		break;
	}
	printf("  on ring %" PRIu64 ", queue %lld of the context, in the job at ring position %"
	       PRIu64, ring, field_s64(f, "queue"), pos);
	run_ib = ring_packet(d, ring, pos);
	if (run_ib && strstr(run_ib, "RUN_IB")) {
		uint64_t ib_va = field_u64(run_ib, "va"), offset = field_u64(f, "ib-offset");

		printf(": RUN_IB va=0x%" PRIx64 " size=%" PRIu64 "\n", ib_va,
		       field_u64(run_ib, "size"));
		printf("  the faulting packet is at IB offset %" PRIu64 ", GPU VA 0x%" PRIx64 "\n",
		       offset, ib_va + offset);
	} else {
		printf(" (not in the dumped ring window)\n");
	}
}

static void explain_rings(const struct dump *d)
{
	const char *f = find_line(d, "fault:");
	uint64_t fault_ring = f ? field_u64(f, "ring") : UINT64_MAX;
	uint64_t fault_pos = f ? field_u64(f, "ring-pos") : UINT64_MAX;

	for (int i = 0; i < d->count; i++) {
		const char *line = d->lines[i];
		uint64_t r, head, tail, status, fence, emitted;

		if (strncmp(line, "ring ", 5) || strstr(line, " packets from "))
			continue;
		r = strtoull(line + 5, NULL, 10);
		head = field_u64(line, "head");
		tail = field_u64(line, "tail");
		status = field_u64(line, "status");
		fence = field_u64(line, "fence");
		emitted = field_u64(line, "emitted");
		printf("ring %" PRIu64 " (priority %" PRIu64 "): %s%s, head %" PRIu64 ", tail %"
		       PRIu64 " (driver %" PRIu64 "), %" PRIu64 " bytes queued, fences %" PRIu64
		       " of %" PRIu64 " signalled\n", r, field_u64(line, "priority"),
		       status & EMBER_RING_STATUS_BUSY ? "busy" : "idle",
		       status & EMBER_RING_STATUS_STOPPED ? ", STOPPED" : "", head, tail,
		       field_u64(line, "driver-tail"), (uint64_t)(uint32_t)(tail - head), fence,
		       emitted);
		if (i + 1 >= d->count || !strstr(d->lines[i + 1], " packets from "))
			continue;
		for (i += 2; i < d->count && d->lines[i][0] == ' '; i++) {
			uint64_t pos = strtoull(d->lines[i], NULL, 10);
			int run = 0;
			bool has_head = false;

			/* Zero dwords (empty ring space) read as NOPs: one line per run. */
			while (i + run < d->count && strstr(d->lines[i + run], ": NOP len=0") &&
			       strtoull(d->lines[i + run], NULL, 10) == (uint32_t)(pos + 4 * run)) {
				has_head |= strtoull(d->lines[i + run], NULL, 10) == head;
				run++;
			}
			if (run > 1) {
				printf("  %" PRIu64 "..%" PRIu64 ": %d zero dwords%s\n", pos,
				       (uint64_t)(uint32_t)(pos + 4 * (run - 1)), run,
				       has_head ? "    <- head inside" : "");
				i += run - 1;
				continue;
			}
			printf("  %s%s%s\n", d->lines[i] + 2,
			       pos == head ? "    <- head" : "",
			       r == fault_ring && pos == fault_pos ? "    <- faulted" : "");
		}
		i--;
	}
}

static int explain(struct dump *d)
{
	const char *reason, *time;

	if (!d->count || strcmp(d->lines[0], "EMBER-DEVCOREDUMP 1")) {
		fprintf(stderr, "ember-coredump: %s: not an Ember devcoredump of format 1\n",
			d->name);
		return 1;
	}
	reason = find_line(d, "reason:");
	time = find_line(d, "time-ns:");
	printf("%s: Ember devcoredump (format 1): a %s, %.3f s after boot\n", d->name,
	       reason ? reason + 8 : "?", time ? strtoull(time + 9, NULL, 10) / 1e9 : 0.0);
	explain_device(d);
	explain_context(d);
	explain_fault(d);
	explain_rings(d);
	if (strcmp(d->lines[d->count - 1], "end")) {
		fprintf(stderr, "ember-coredump: %s: truncated (no \"end\" line)\n", d->name);
		return 1;
	}
	return 0;
}

/* Reads @f into @d, one string a line; the text stays allocated. */
static int read_dump(FILE *f, const char *name, struct dump *d)
{
	char *line = NULL;
	size_t size = 0;
	ssize_t len;

	d->name = name;
	d->count = 0;
	while ((len = getline(&line, &size, f)) >= 0) {
		if (d->count == DUMP_MAX_LINES) {
			free(line);
			fprintf(stderr, "ember-coredump: %s: more than %d lines\n", name,
				DUMP_MAX_LINES);
			return 1;
		}
		if (len && line[len - 1] == '\n')
			line[len - 1] = '\0';
		d->lines[d->count++] = line;
		line = NULL;
		size = 0;
	}
	free(line);
	return 0;
}

static void free_dump(struct dump *d)
{
	for (int i = 0; i < d->count; i++)
		free(d->lines[i]);
	d->count = 0;
}

static int explain_file(const char *path)
{
	static struct dump d;
	FILE *f = strcmp(path, "-") ? fopen(path, "re") : stdin;
	int ret;

	if (!f) {
		fprintf(stderr, "ember-coredump: %s: %s\n", path, strerror(errno));
		return 1;
	}
	ret = read_dump(f, path, &d);
	if (f != stdin)
		fclose(f);
	if (!ret)
		ret = explain(&d);
	free_dump(&d);
	return ret;
}

/* The devcoredumps of devices ember.ko drives ("failing_device/driver"). */
static int explain_pending(void)
{
	struct dirent *e;
	int found = 0, ret = 0;
	DIR *dir = opendir(DEVCD_DIR);

	while (dir && (e = readdir(dir))) {
		char path[512], driver[512];
		ssize_t len;

		if (strncmp(e->d_name, "devcd", 5))
			continue;
		snprintf(path, sizeof(path), DEVCD_DIR "/%s/failing_device/driver", e->d_name);
		len = readlink(path, driver, sizeof(driver) - 1);
		if (len <= 0)
			continue;
		driver[len] = '\0';
		if (strcmp(strrchr(driver, '/') ? strrchr(driver, '/') + 1 : driver, "ember"))
			continue;
		snprintf(path, sizeof(path), DEVCD_DIR "/%s/data", e->d_name);
		if (found++)
			putchar('\n');
		ret |= explain_file(path);
	}
	if (dir)
		closedir(dir);
	if (!found) {
		fprintf(stderr, "ember-coredump: no Ember devcoredump in " DEVCD_DIR "\n");
		return 1;
	}
	return ret;
}

int main(int argc, char **argv)
{
	int ret = 0;

	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		printf("usage: ember-coredump [FILE|-]...\n"
		       "Explains Ember devcoredumps: FILE, standard input (-), or without a\n"
		       "file every Ember dump pending in " DEVCD_DIR ".\n");
		return 0;
	}
	if (argc == 1)
		return explain_pending();
	for (int i = 1; i < argc; i++) {
		if (i > 1)
			putchar('\n');
		ret |= explain_file(argv[i]);
	}
	return ret;
}
