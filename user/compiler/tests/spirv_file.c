/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#include "spirv_file.h"

#include <stdio.h>
#include <stdlib.h>

uint32_t *spirv_file_read(const char *path, size_t *words)
{
	FILE *f = fopen(path, "rb");
	uint32_t *data = NULL;
	long bytes;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (bytes = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0) {
		data = malloc(bytes);
		if (data && fread(data, 1, bytes, f) != (size_t)bytes) {
			free(data);
			data = NULL;
		}
		*words = bytes / 4;
	}
	fclose(f);
	return data;
}
