/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* Whole-file I/O of the ISA tools (see tool_io.h). */

#include "tool_io.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool is_std(const char *path)
{
	return !path || !strcmp(path, "-");
}

void *tool_read_all(const char *path, size_t *size, bool text)
{
	FILE *f = is_std(path) ? stdin : fopen(path, "rb");
	size_t cap = 4096, len = 0, n;
	char *buf = NULL, *grown;

	if (!f) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return NULL;
	}
	do {
		cap *= 2;
		grown = realloc(buf, cap);
		if (!grown) {
			free(buf);
			buf = NULL;
			break;
		}
		buf = grown;
		n = fread(buf + len, 1, cap - len - 1, f);
		len += n;
	} while (len == cap - 1);
	if (buf && ferror(f)) {
		fprintf(stderr, "%s: read error\n", is_std(path) ? "<stdin>" : path);
		free(buf);
		buf = NULL;
	}
	if (!is_std(path))
		fclose(f);
	if (buf) {
		if (text)
			buf[len] = 0;
		*size = len;
	}
	return buf;
}

int tool_write_all(const char *path, const void *data, size_t size)
{
	FILE *f = is_std(path) ? stdout : fopen(path, "wb");
	int ret = 0;

	if (!f) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -1;
	}
	if (fwrite(data, 1, size, f) != size || fflush(f))
		ret = -1;
	if (!is_std(path) && fclose(f))
		ret = -1;
	if (ret)
		fprintf(stderr, "%s: write error\n", is_std(path) ? "<stdout>" : path);
	return ret;
}
