/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The demo programs' PNG writer
 *
 * RGBA8 rows as a PNG with stored (uncompressed) deflate blocks: no zlib
 * needed, and any viewer opens it.
 */

#include "demo_png.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* PNG: CRC-32 of chunks and Adler-32 of the zlib stream. */
static uint32_t crc32_update(uint32_t crc, const uint8_t *p, size_t n)
{
	crc = ~crc;
	while (n--) {
		crc ^= *p++;
		for (int k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
	}
	return ~crc;
}

static void put_be32(uint8_t *p, uint32_t v)
{
	p[0] = v >> 24;
	p[1] = v >> 16;
	p[2] = v >> 8;
	p[3] = v;
}

static void png_chunk(FILE *f, const char *type, const uint8_t *data, uint32_t size)
{
	uint8_t head[8];
	uint32_t crc;

	put_be32(head, size);
	memcpy(head + 4, type, 4);
	crc = crc32_update(0, head + 4, 4);
	crc = crc32_update(crc, data, size);
	fwrite(head, 1, 8, f);
	fwrite(data, 1, size, f);
	put_be32(head, crc);
	fwrite(head, 1, 4, f);
}

int demo_write_png(const char *path, const uint32_t *rgba, uint32_t w, uint32_t h)
{
	static const uint8_t signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	size_t raw_size = (size_t)h * (1 + 4 * (size_t)w);
	size_t blocks = (raw_size + 65534) / 65535;
	uint8_t *raw = malloc(raw_size), *z = malloc(2 + raw_size + 5 * blocks + 4);
	uint32_t a = 1, b = 0;
	uint8_t ihdr[13];
	size_t zn = 0;
	FILE *f;

	if (!raw || !z)
		return -1;
	for (uint32_t y = 0; y < h; y++) {
		uint8_t *row = raw + (size_t)y * (1 + 4 * (size_t)w);

		row[0] = 0;	/* filter: none */
		memcpy(row + 1, rgba + (size_t)y * w, 4 * (size_t)w);
	}
	z[zn++] = 0x78;
	z[zn++] = 0x01;
	for (size_t off = 0; off < raw_size; off += 65535) {
		uint16_t len = raw_size - off > 65535 ? 65535 : (uint16_t)(raw_size - off);

		z[zn++] = off + len == raw_size;	/* BFINAL, BTYPE = stored */
		z[zn++] = len & 0xff;
		z[zn++] = len >> 8;
		z[zn++] = ~len & 0xff;
		z[zn++] = (uint16_t)~len >> 8;
		memcpy(z + zn, raw + off, len);
		zn += len;
	}
	for (size_t i = 0; i < raw_size; i++) {
		a = (a + raw[i]) % 65521;
		b = (b + a) % 65521;
	}
	put_be32(z + zn, (b << 16) | a);
	zn += 4;

	put_be32(ihdr, w);
	put_be32(ihdr + 4, h);
	ihdr[8] = 8;	/* bit depth */
	ihdr[9] = 6;	/* RGBA */
	ihdr[10] = ihdr[11] = ihdr[12] = 0;
	f = fopen(path, "wb");
	if (!f) {
		free(raw);
		free(z);
		return -1;
	}
	fwrite(signature, 1, 8, f);
	png_chunk(f, "IHDR", ihdr, sizeof(ihdr));
	png_chunk(f, "IDAT", z, (uint32_t)zn);
	png_chunk(f, "IEND", NULL, 0);
	free(raw);
	free(z);
	return fclose(f);
}
