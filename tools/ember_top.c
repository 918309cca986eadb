// SPDX-License-Identifier: MIT
/*
 * ember-info --top: per-process Ember engine utilisation, read the way
 * gputop and nvtop read other DRM drivers: from the fdinfo of every open
 * DRM file (Documentation/gpu/drm-usage-stats.rst). No ioctl, no debugfs:
 * any user sees the processes whose /proc/PID/fd it may read.
 *
 * A DRM file is ember's when its fdinfo says "drm-driver: ember". One DRM
 * file (client, "drm-client-id") may sit behind several fds of a process
 * and be shared across processes by fork or SCM_RIGHTS: each client counts
 * once, for the first process it is seen in. Its keys (see ember-info(1)
 * and DOC: fdinfo in kernel/drm_gpu/ember_debugfs.c):
 *
 *   drm-engine-ring<N>: <ns> ns   device time its jobs ran on ring N
 *   drm-total-memory: <n> KiB     its buffer objects (drm_show_memory_stats)
 *
 * Utilisation is the growth of a busy time between two samples divided by
 * the wall time between them; the busy time is accounted when a job ends,
 * so a long job shows up in the interval it completes in.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ember_top.h"

#define TOP_MAX_RINGS 8

/* One ember DRM client as one sample saw it. */
struct top_client {
	int pid;
	uint64_t client_id;
	uint64_t busy_ns[TOP_MAX_RINGS];
	uint64_t memory;	/* bytes, drm-total-memory */
};

struct top_sample {
	struct top_client *clients;
	size_t count, capacity;
	unsigned int num_rings;	/* highest ring seen + 1 */
	double time_ns;		/* CLOCK_MONOTONIC when it was taken */
};

static double monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* "1024 KiB" (or B, MiB, GiB) in bytes. */
static uint64_t parse_size(const char *value)
{
	unsigned long long n = 0;
	char unit[8] = "";

	if (sscanf(value, "%llu %7s", &n, unit) < 1)
		return 0;
	if (!strcmp(unit, "KiB"))
		return n << 10;
	if (!strcmp(unit, "MiB"))
		return n << 20;
	if (!strcmp(unit, "GiB"))
		return n << 30;
	return n;
}

/*
 * Reads /proc/@pid/fdinfo/@fd into @client. Returns 1 for an ember
 * client, 0 for anything else (another driver, a file that went away).
 */
static int read_fdinfo(int pid, const char *fd, struct top_client *client,
		       unsigned int *num_rings)
{
	char path[320], line[256];
	int is_ember = 0, has_id = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/fdinfo/%s", pid, fd);
	f = fopen(path, "re");
	if (!f)
		return 0;
	memset(client, 0, sizeof(*client));
	client->pid = pid;
	while (fgets(line, sizeof(line), f)) {
		char *value = strchr(line, ':');
		unsigned int ring;

		if (!value)
			continue;
		*value++ = '\0';
		while (*value == ' ' || *value == '\t')
			value++;
		if (!strcmp(line, "drm-driver")) {
			is_ember = !strcmp(value, "ember\n");
		} else if (!strcmp(line, "drm-client-id")) {
			client->client_id = strtoull(value, NULL, 10);
			has_id = 1;
		} else if (!strcmp(line, "drm-total-memory")) {
			client->memory = parse_size(value);
		} else if (sscanf(line, "drm-engine-ring%u", &ring) == 1 &&
			   ring < TOP_MAX_RINGS) {
			client->busy_ns[ring] = strtoull(value, NULL, 10);
			if (ring + 1 > *num_rings)
				*num_rings = ring + 1;
		}
	}
	fclose(f);
	return is_ember && has_id;
}

static const struct top_client *find_client(const struct top_sample *s, uint64_t client_id)
{
	for (size_t i = 0; i < s->count; i++)
		if (s->clients[i].client_id == client_id)
			return &s->clients[i];
	return NULL;
}

static int add_client(struct top_sample *s, const struct top_client *client)
{
	if (find_client(s, client->client_id))
		return 0;
	if (s->count == s->capacity) {
		size_t capacity = s->capacity ? 2 * s->capacity : 16;
		struct top_client *clients = realloc(s->clients, capacity * sizeof(*clients));

		if (!clients)
			return -ENOMEM;
		s->clients = clients;
		s->capacity = capacity;
	}
	s->clients[s->count++] = *client;
	return 0;
}

/* The DRM files among @pid's fds: their links point into /dev/dri/. */
static int sample_process(struct top_sample *s, int pid)
{
	char path[64], target[64];
	struct dirent *entry;
	DIR *dir;
	int ret = 0;

	snprintf(path, sizeof(path), "/proc/%d/fd", pid);
	dir = opendir(path);
	if (!dir)
		return 0;	/* gone, or not ours to read */
	while (!ret && (entry = readdir(dir))) {
		struct top_client client;
		char link[320];
		ssize_t len;

		if (entry->d_name[0] == '.')
			continue;
		snprintf(link, sizeof(link), "%s/%s", path, entry->d_name);
		len = readlink(link, target, sizeof(target) - 1);
		if (len <= 0)
			continue;
		target[len] = '\0';
		if (strncmp(target, "/dev/dri/", 9))
			continue;
		if (read_fdinfo(pid, entry->d_name, &client, &s->num_rings))
			ret = add_client(s, &client);
	}
	closedir(dir);
	return ret;
}

static int take_sample(struct top_sample *s)
{
	struct dirent *entry;
	DIR *proc;
	int ret = 0;

	s->count = 0;
	s->num_rings = 0;
	proc = opendir("/proc");
	if (!proc)
		return -errno;
	s->time_ns = monotonic_ns();
	while (!ret && (entry = readdir(proc)))
		if (isdigit((unsigned char)entry->d_name[0]))
			ret = sample_process(s, atoi(entry->d_name));
	closedir(proc);
	return ret;
}

static void read_comm(int pid, char *comm, size_t size)
{
	char path[64];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/comm", pid);
	f = fopen(path, "re");
	if (!f || !fgets(comm, (int)size, f))
		snprintf(comm, size, "?");
	comm[strcspn(comm, "\n")] = '\0';
	if (f)
		fclose(f);
}

static int compare_pid(const void *a, const void *b)
{
	const struct top_client *x = a, *y = b;

	return (x->pid > y->pid) - (x->pid < y->pid);
}

/*
 * One table: a row per process with ember clients, its memory, each
 * ring's utilisation between @prev and @cur, and its total busy time.
 */
static void print_table(const struct top_sample *prev, struct top_sample *cur)
{
	double wall_ns = cur->time_ns - prev->time_ns;
	unsigned int rings = cur->num_rings, r;
	size_t i = 0;

	qsort(cur->clients, cur->count, sizeof(*cur->clients), compare_pid);
	printf("ember-info --top: %zu client%s, %.2f s interval\n", cur->count,
	       cur->count == 1 ? "" : "s", wall_ns / 1e9);
	printf("%7s %-16s %9s", "PID", "COMMAND", "MEMORY");
	for (r = 0; r < rings; r++)
		printf("   ring%u", r);
	printf(" %12s\n", "BUSY-ms");
	while (i < cur->count) {
		int pid = cur->clients[i].pid;
		uint64_t memory = 0, total = 0, delta[TOP_MAX_RINGS] = { 0 };
		char comm[32];

		for (; i < cur->count && cur->clients[i].pid == pid; i++) {
			const struct top_client *c = &cur->clients[i];
			const struct top_client *p = find_client(prev, c->client_id);

			memory += c->memory;
			for (r = 0; r < rings; r++) {
				/* A new client's busy time all fell in the interval. */
				uint64_t before = p ? p->busy_ns[r] : 0;

				total += c->busy_ns[r];
				delta[r] += c->busy_ns[r] > before ? c->busy_ns[r] - before : 0;
			}
		}
		read_comm(pid, comm, sizeof(comm));
		printf("%7d %-16.16s %5llu KiB", pid, comm, (unsigned long long)(memory >> 10));
		for (r = 0; r < rings; r++)
			printf(" %6.1f%%", wall_ns > 0 ? 100.0 * delta[r] / wall_ns : 0.0);
		printf(" %12.3f\n", total / 1e6);
	}
}

static void top_usage(void)
{
	fprintf(stderr, "usage: ember-info --top [--once] [--interval MS]\n");
}

int ember_top_main(int argc, char **argv)
{
	struct top_sample samples[2] = { 0 };
	int interval_ms = 1000, once = 0, cur = 0, ret, i;
	int clear = isatty(STDOUT_FILENO);

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--top")) {
			continue;
		} else if (!strcmp(argv[i], "--once")) {
			once = 1;
		} else if (!strcmp(argv[i], "--interval") && i + 1 < argc) {
			interval_ms = atoi(argv[++i]);
		} else {
			top_usage();
			return 2;
		}
	}
	if (interval_ms <= 0) {
		top_usage();
		return 2;
	}
	ret = take_sample(&samples[cur]);
	for (;;) {
		if (ret)
			break;
		usleep(interval_ms * 1000);
		cur ^= 1;
		ret = take_sample(&samples[cur]);
		if (ret)
			break;
		if (clear && !once)
			printf("\033[H\033[J");
		print_table(&samples[cur ^ 1], &samples[cur]);
		fflush(stdout);
		if (once)
			break;
	}
	free(samples[0].clients);
	free(samples[1].clients);
	if (ret) {
		fprintf(stderr, "ember-info --top: reading /proc failed: %s\n", strerror(-ret));
		return 1;
	}
	return 0;
}
