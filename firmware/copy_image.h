/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The copy engine's image packets
 *
 * The user packets of ember-hw.rst "Copies, blits and clears of images"
 * (contract 1.7), each executed from its CPU-order payload @p with the
 * header's @flags, returning 0, a fault kind (the job's fault_va and
 * fault_detail set) or EMBER_JOB_ABORTED:
 *
 * - copy_image.c: COPY_BUFFER_IMAGE and COPY_IMAGE move bytes, never
 *   texels: the region is cut into contiguous rectangles (copy_region.c)
 *   that go through ember_copy(), so linear images copy at memcpy speed.
 * - copy_blit.c: BLIT samples the source through the texture unit's
 *   sampler (unnormalized coordinates, clamp to edge) and writes through
 *   its store, 32 texels at a time, so filtering and every format
 *   conversion are the unit's; a blit that cannot change a byte (nearest,
 *   1:1, one format whose texels decode and encode to themselves) is
 *   copied as COPY_IMAGE copies, and a downscale by exactly 2 within one
 *   format (mip generation) runs the sampler's arithmetic on the mapped
 *   bytes itself, bit for bit (copy_texel.h), a source tile at a time.
 * - copy_resolve.c: RESOLVE fetches the samples through the unit and
 *   averages them (float formats) or keeps sample 0 (integer formats),
 *   on the mapped rows when they are host runs, bit for bit (RGBA8-like
 *   averages four channels at once, sample 0 as bytes when it can).
 * - copy_clear.c: CLEAR_COLOR and CLEAR_DEPTH_STENCIL encode the value
 *   once with the unit's codec and fill the region with it;
 *   FILL_WIDE fills buffers with 64- and 128-bit patterns.
 */

#ifndef EMBER_FW_COPY_IMAGE_H
#define EMBER_FW_COPY_IMAGE_H

#include <stdbool.h>
#include <stdint.h>

#include "ib.h"

/*
 * For the host tests only (test_copy_image.c), set between packets: BLIT
 * and RESOLVE take the texture unit's path for every texel, without the
 * byte copies and row loops above, so the tests can compare the two
 * paths' bytes and fault records on the same packets. False in ember-gpu.
 */
extern bool ember_copy_unit_only;

int ember_copy_buffer_image(struct ember_job *job, uint32_t flags, const uint32_t *p);
int ember_copy_image(struct ember_job *job, uint32_t flags, const uint32_t *p);
int ember_blit(struct ember_job *job, uint32_t flags, const uint32_t *p);
int ember_resolve(struct ember_job *job, uint32_t flags, const uint32_t *p);
int ember_clear_color(struct ember_job *job, uint32_t flags, const uint32_t *p);
int ember_clear_depth_stencil(struct ember_job *job, uint32_t flags, const uint32_t *p);
int ember_fill_wide(struct ember_job *job, uint32_t flags, const uint32_t *p);

#endif /* EMBER_FW_COPY_IMAGE_H */
