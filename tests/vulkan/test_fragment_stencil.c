/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Fragment operations: the stencil test
 *
 * Every stencil op as the fail, pass and depth-fail op, on front and back
 * faces separately (the winding of each rectangle chooses its face), every
 * compare op with compare masks, write masks and references, set by the
 * pipeline and by the dynamic-state commands, on D24_UNORM_S8_UINT and
 * S8_UINT (the ops also on D32_SFLOAT_S8_UINT where it is an attachment). Stencil is integer arithmetic: every expectation is exact. Each
 * pixel of the stencil plane starts at a value a first pass writes with
 * REPLACE and a dynamic reference, so saturation and wrapping are seen at
 * 0 and 255; the readback is the stencil aspect, a byte per pixel.
 */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <string.h>

/* What the specification's stencil op @op makes of stored value @s with reference @ref. */
static uint8_t stencil_op(VkStencilOp op, uint8_t s, uint8_t ref)
{
	switch (op) {
	case VK_STENCIL_OP_KEEP: return s;
	case VK_STENCIL_OP_ZERO: return 0;
	case VK_STENCIL_OP_REPLACE: return ref;
	case VK_STENCIL_OP_INCREMENT_AND_CLAMP: return s == 0xff ? 0xff : (uint8_t)(s + 1);
	case VK_STENCIL_OP_DECREMENT_AND_CLAMP: return s ? (uint8_t)(s - 1) : 0;
	case VK_STENCIL_OP_INVERT: return (uint8_t)~s;
	case VK_STENCIL_OP_INCREMENT_AND_WRAP: return (uint8_t)(s + 1);
	case VK_STENCIL_OP_DECREMENT_AND_WRAP: return (uint8_t)(s - 1);
	default: return s;
	}
}

/* Vulkan's stencil comparison: (reference & mask) @op (stored & mask). */
static bool stencil_compare(VkCompareOp op, uint8_t ref, uint8_t s, uint8_t mask)
{
	const uint8_t r = ref & mask, a = s & mask;

	switch (op) {
	case VK_COMPARE_OP_NEVER: return false;
	case VK_COMPARE_OP_LESS: return r < a;
	case VK_COMPARE_OP_EQUAL: return r == a;
	case VK_COMPARE_OP_LESS_OR_EQUAL: return r <= a;
	case VK_COMPARE_OP_GREATER: return r > a;
	case VK_COMPARE_OP_NOT_EQUAL: return r != a;
	case VK_COMPARE_OP_GREATER_OR_EQUAL: return r >= a;
	default: return true;
	}
}

/* What the stencil tests hold: a device, the depth/stencil target, vertices, a readback. */
struct stencil_scene {
	struct vk_dev dev;
	struct vk_target ds;
	struct vk_buf vertices, readback;
	VkCommandBuffer cmd;
	struct vk_vtx3 *v;	/* the next vertex to write */
	uint32_t w, h;
};

static void stencil_scene_init(struct stencil_scene *s, VkFormat format, uint32_t w, uint32_t h)
{
	vk_gfx_dev_create(&s->dev, NULL);
	vk_target_create(&s->dev, format, w, h, 1, VK_SAMPLE_COUNT_1_BIT, &s->ds);
	vk_buf_create(&s->dev, 64 * 1024, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &s->vertices);
	vk_buf_create(&s->dev, (VkDeviceSize)w * h, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &s->readback);
	s->v = s->vertices.map;
	s->w = w;
	s->h = h;
	s->cmd = vk_cmd_begin(&s->dev);
	vk_target_layout(s->cmd, &s->ds, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
}

/* Adds a rectangle to the vertices; returns its first vertex. */
static uint32_t stencil_rect(struct stencil_scene *s, uint32_t x0, uint32_t y0, uint32_t x1,
			     uint32_t y1, float z, bool front)
{
	const uint32_t first = (uint32_t)(s->v - (struct vk_vtx3 *)s->vertices.map);

	vk_gfx_rect(s->v, (float)x0, (float)y0, (float)x1, (float)y1, z, s->w, s->h, front);
	s->v += 6;
	return first;
}

/*
 * Begins rendering into the depth/stencil target (depth 0.5, stencil
 * @clear) and binds the vertices and @p, with its push constants set.
 */
static void stencil_begin(struct stencil_scene *s, uint8_t clear, const struct vk_gfx_pipe *p)
{
	const VkClearValue ds_clear = { .depthStencil = { 0.5f, clear } };
	static const float push[8];

	vk_gfx_begin(s->cmd, NULL, &s->ds, NULL, &ds_clear);
	vkCmdBindVertexBuffers(s->cmd, 0, 1, &s->vertices.buffer, &(VkDeviceSize){ 0 });
	vkCmdBindPipeline(s->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p->pipeline);
	vkCmdPushConstants(s->cmd, p->layout, VK_SHADER_STAGE_VERTEX_BIT |
			   VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(push), push);
}

/* Ends rendering, reads the stencil plane back, waits and compares it with @expected. */
static void stencil_finish(struct stencil_scene *s, const uint8_t *expected)
{
	const uint8_t *got = s->readback.map;
	unsigned int wrong = 0;

	vkCmdEndRendering(s->cmd);
	vk_target_layout(s->cmd, &s->ds, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(s->cmd, &s->ds, VK_IMAGE_ASPECT_STENCIL_BIT, 0, s->readback.buffer);
	vk_cmd_submit_wait(&s->dev, s->cmd, 0);
	for (uint32_t i = 0; i < s->w * s->h; i++) {
		if (got[i] == expected[i])
			continue;
		if (!wrong++)
			printf("# stencil at (%u, %u): 0x%02x, expected 0x%02x\n", i % s->w,
			       i / s->w, got[i], expected[i]);
	}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u stencil values differ", wrong);
}

static void stencil_scene_destroy(struct stencil_scene *s)
{
	vk_buf_destroy(&s->dev, &s->vertices);
	vk_buf_destroy(&s->dev, &s->readback);
	vk_target_destroy(&s->dev, &s->ds);
	vk_dev_destroy(&s->dev);
}

/* The pipeline of the stencil tests: positions only, no colour attachment. */
static struct vk_gfx_desc stencil_desc(const struct stencil_scene *s,
				       const VkPipelineDepthStencilStateCreateInfo *ds,
				       const VkDynamicState *dynamic, uint32_t dynamic_count)
{
	static const VkVertexInputBindingDescription binding = {
		0, sizeof(struct vk_vtx3), VK_VERTEX_INPUT_RATE_VERTEX,
	};
	static const VkVertexInputAttributeDescription attribute = {
		0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0,
	};
	const bool depth = s->ds.aspects & VK_IMAGE_ASPECT_DEPTH_BIT;

	return (struct vk_gfx_desc) {
		.vs = gfx_pos_vert_spv, .vs_size = gfx_pos_vert_spv_size,
		.fs = gfx_push_color_frag_spv, .fs_size = gfx_push_color_frag_spv_size,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
		.bindings = &binding, .binding_count = 1,
		.attributes = &attribute, .attribute_count = 1,
		.depth_format = depth ? s->ds.format : VK_FORMAT_UNDEFINED,
		.stencil_format = s->ds.format,
		.depth_stencil = ds,
		.dynamic = dynamic, .dynamic_count = dynamic_count,
		.width = s->w, .height = s->h, .push_size = 32,
	};
}

/*
 * Every op in every slot, front and back. Columns: the front face's three
 * starting values, then the back face's; rows: where (0 the stencil test
 * fails, 1 both tests pass, 2 the depth test fails, with a depth aspect)
 * times the op. The op under test is the front face's @op in its slot, the
 * back face's (@op + 3) % 8, so each face must take its own; the other
 * slots hold a decoy op. Ops, references and the stencil test enable are
 * dynamic (vkCmdSetStencilOp, vkCmdSetStencilReference per face,
 * vkCmdSetStencilTestEnable).
 */
static void stencil_ops(VkFormat format)
{
	enum { TW = 8, TH = 32 };
	static const uint8_t start[3] = { 0x00, 0xff, 0x81 };
	static const uint8_t ref[2] = { 0x3c, 0xa5 };	/* front, back */
	static const VkDynamicState dynamic[] = {
		VK_DYNAMIC_STATE_STENCIL_OP, VK_DYNAMIC_STATE_STENCIL_REFERENCE,
		VK_DYNAMIC_STATE_STENCIL_TEST_ENABLE,
	};
	/* Static values the dynamic ones replace: they would zero everything. */
	const VkStencilOpState zero = {
		VK_STENCIL_OP_ZERO, VK_STENCIL_OP_ZERO, VK_STENCIL_OP_ZERO, VK_COMPARE_OP_ALWAYS,
		0xff, 0xff, 0,
	};
	const VkPipelineDepthStencilStateCreateInfo ds = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
		.depthTestEnable = VK_TRUE, .depthCompareOp = VK_COMPARE_OP_LESS,
		.stencilTestEnable = VK_FALSE, .front = zero, .back = zero,
	};
	uint8_t expected[TW * TH];
	struct stencil_scene s;
	struct vk_gfx_desc desc;
	struct vk_gfx_pipe pipe;
	uint32_t wheres, columns[6], rows[24];

	stencil_scene_init(&s, format, TW, TH);
	wheres = (s.ds.aspects & VK_IMAGE_ASPECT_DEPTH_BIT) ? 3 : 2;
	desc = stencil_desc(&s, &ds, dynamic, 3);
	vk_gfx_pipe_create(&s.dev, &desc, &pipe);
	for (uint32_t c = 0; c < 6; c++)
		columns[c] = stencil_rect(&s, c, 0, c + 1, TH, 0.25f, c < 3);
	for (uint32_t r = 0; r < wheres * 8; r++) {
		/* Depth 0.75 fails LESS against the cleared 0.5. */
		const float z = r / 8 == 2 ? 0.75f : 0.25f;

		rows[r] = stencil_rect(&s, 0, r, 3, r + 1, z, true);
		stencil_rect(&s, 3, r, 6, r + 1, z, false);
	}

	stencil_begin(&s, 0x77, &pipe);
	vkCmdSetStencilTestEnable(s.cmd, VK_TRUE);
	/* Starting values: every slot REPLACE, so depth does not matter. */
	vkCmdSetStencilOp(s.cmd, VK_STENCIL_FACE_FRONT_AND_BACK, VK_STENCIL_OP_REPLACE,
			  VK_STENCIL_OP_REPLACE, VK_STENCIL_OP_REPLACE, VK_COMPARE_OP_ALWAYS);
	for (uint32_t c = 0; c < 6; c++) {
		vkCmdSetStencilReference(s.cmd, VK_STENCIL_FACE_FRONT_AND_BACK, start[c % 3]);
		vkCmdDraw(s.cmd, 6, 1, columns[c], 0);
	}
	vkCmdSetStencilReference(s.cmd, VK_STENCIL_FACE_FRONT_BIT, ref[0]);
	vkCmdSetStencilReference(s.cmd, VK_STENCIL_FACE_BACK_BIT, ref[1]);
	for (uint32_t r = 0; r < wheres * 8; r++) {
		const uint32_t where = r / 8;

		for (uint32_t face = 0; face < 2; face++) {
			const VkStencilOp op = (VkStencilOp)((r % 8 + 3 * face) % 8);
			const VkStencilOp decoy = op == VK_STENCIL_OP_INVERT ? VK_STENCIL_OP_ZERO :
						  VK_STENCIL_OP_INVERT;

			vkCmdSetStencilOp(s.cmd, face ? VK_STENCIL_FACE_BACK_BIT :
					  VK_STENCIL_FACE_FRONT_BIT,
					  where == 0 ? op : decoy, where == 1 ? op : decoy,
					  where == 2 ? op : decoy,
					  where == 0 ? VK_COMPARE_OP_NEVER : VK_COMPARE_OP_ALWAYS);
		}
		vkCmdDraw(s.cmd, 12, 1, rows[r], 0);
	}
	/* With the test disabled nothing changes: the last row drawn again. */
	vkCmdSetStencilTestEnable(s.cmd, VK_FALSE);
	vkCmdDraw(s.cmd, 12, 1, rows[wheres * 8 - 1], 0);

	/* Columns 6, 7 keep the clear; rows below the last op their starting values. */
	memset(expected, 0x77, sizeof(expected));
	for (uint32_t r = 0; r < TH; r++) {
		for (uint32_t c = 0; c < 6; c++) {
			const uint32_t face = c / 3;
			const VkStencilOp op = (VkStencilOp)((r % 8 + 3 * face) % 8);

			expected[r * TW + c] = r < wheres * 8 ?
					       stencil_op(op, start[c % 3], ref[face]) : start[c % 3];
		}
	}
	stencil_finish(&s, expected);
	vk_gfx_pipe_destroy(&s.dev, &pipe);
	stencil_scene_destroy(&s);
}

VK_TEST(stencil_ops_d24s8, "fragment-stencil-ops-front-back-d24s8")
{
	stencil_ops(VK_FORMAT_D24_UNORM_S8_UINT);
}

VK_TEST(stencil_ops_d32s8, "fragment-stencil-ops-front-back-d32s8")
{
	stencil_ops(VK_FORMAT_D32_SFLOAT_S8_UINT);
}

VK_TEST(stencil_ops_s8, "fragment-stencil-ops-front-back-s8")
{
	stencil_ops(VK_FORMAT_S8_UINT);
}

/*
 * Every compare op with compare masks, write masks and references that
 * differ between the faces. Columns: eight starting values; rows: the op
 * times the face. Passing fragments take the pass op, failing ones the
 * fail op, each through the face's write mask. @dynamic: one pipeline whose
 * masks, references and ops are all dynamic (its static ones would fail
 * the test), else a pipeline per compare op with everything static.
 */
static void stencil_compare_masks(bool dynamic)
{
	enum { TW = 8, TH = 16 };
	static const uint8_t start[TW] = { 0x00, 0x2c, 0x2d, 0x1c, 0xff, 0x5a, 0x50, 0x6a };
	static const VkDynamicState all_dynamic[] = {
		VK_DYNAMIC_STATE_STENCIL_OP, VK_DYNAMIC_STATE_STENCIL_REFERENCE,
		VK_DYNAMIC_STATE_STENCIL_COMPARE_MASK, VK_DYNAMIC_STATE_STENCIL_WRITE_MASK,
	};
	/* Front: compare 0x3c, write 0xf0; back: compare 0xf0, write 0x0f. */
	const VkStencilOpState face[2] = {
		{ VK_STENCIL_OP_INVERT, VK_STENCIL_OP_INCREMENT_AND_WRAP, VK_STENCIL_OP_KEEP,
		  VK_COMPARE_OP_NEVER, 0x3c, 0xf0, 0x2c },
		{ VK_STENCIL_OP_DECREMENT_AND_WRAP, VK_STENCIL_OP_REPLACE, VK_STENCIL_OP_KEEP,
		  VK_COMPARE_OP_NEVER, 0xf0, 0x0f, 0x5a },
	};
	const VkStencilOpState garbage = {
		VK_STENCIL_OP_ZERO, VK_STENCIL_OP_ZERO, VK_STENCIL_OP_ZERO, VK_COMPARE_OP_NEVER,
		0, 0x55, 0x99,
	};
	const VkStencilOpState replace = {
		VK_STENCIL_OP_REPLACE, VK_STENCIL_OP_REPLACE, VK_STENCIL_OP_REPLACE,
		VK_COMPARE_OP_ALWAYS, 0xff, 0xff, 0,
	};
	VkPipelineDepthStencilStateCreateInfo ds = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
		.stencilTestEnable = VK_TRUE, .front = replace, .back = replace,
	};
	static const VkDynamicState reference_dynamic = VK_DYNAMIC_STATE_STENCIL_REFERENCE;
	uint8_t expected[TW * TH];
	struct stencil_scene s;
	struct vk_gfx_desc desc;
	struct vk_gfx_pipe init, pipes[8];
	uint32_t columns[TW], rows[TH];

	stencil_scene_init(&s, VK_FORMAT_D24_UNORM_S8_UINT, TW, TH);
	desc = stencil_desc(&s, &ds, &reference_dynamic, 1);
	vk_gfx_pipe_create(&s.dev, &desc, &init);
	for (uint32_t op = 0; op < (dynamic ? 1u : 8u); op++) {
		ds.front = dynamic ? garbage : face[0];
		ds.back = dynamic ? garbage : face[1];
		ds.front.compareOp = ds.back.compareOp = (VkCompareOp)op;
		desc = stencil_desc(&s, &ds, dynamic ? all_dynamic : NULL, dynamic ? 4 : 0);
		vk_gfx_pipe_create(&s.dev, &desc, &pipes[op]);
	}
	for (uint32_t c = 0; c < TW; c++)
		columns[c] = stencil_rect(&s, c, 0, c + 1, TH, 0.5f, true);
	for (uint32_t r = 0; r < TH; r++)
		rows[r] = stencil_rect(&s, 0, r, TW, r + 1, 0.5f, r % 2 == 0);

	stencil_begin(&s, 0, &init);
	for (uint32_t c = 0; c < TW; c++) {
		vkCmdSetStencilReference(s.cmd, VK_STENCIL_FACE_FRONT_AND_BACK, start[c]);
		vkCmdDraw(s.cmd, 6, 1, columns[c], 0);
	}
	if (dynamic) {
		vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[0].pipeline);
		for (uint32_t f = 0; f < 2; f++) {
			const VkStencilFaceFlags bit = f ? VK_STENCIL_FACE_BACK_BIT :
						   VK_STENCIL_FACE_FRONT_BIT;

			vkCmdSetStencilCompareMask(s.cmd, bit, face[f].compareMask);
			vkCmdSetStencilWriteMask(s.cmd, bit, face[f].writeMask);
			vkCmdSetStencilReference(s.cmd, bit, face[f].reference);
		}
	}
	for (uint32_t op = 0; op < 8; op++) {
		if (dynamic) {
			for (uint32_t f = 0; f < 2; f++)
				vkCmdSetStencilOp(s.cmd, f ? VK_STENCIL_FACE_BACK_BIT :
						  VK_STENCIL_FACE_FRONT_BIT, face[f].failOp,
						  face[f].passOp, face[f].depthFailOp,
						  (VkCompareOp)op);
		} else {
			vkCmdBindPipeline(s.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS,
					  pipes[op].pipeline);
		}
		vkCmdDraw(s.cmd, 12, 1, rows[2 * op], 0);
	}

	for (uint32_t r = 0; r < TH; r++) {
		const VkStencilOpState *f = &face[r % 2];

		for (uint32_t c = 0; c < TW; c++) {
			const bool pass = stencil_compare((VkCompareOp)(r / 2), f->reference,
							  start[c], f->compareMask);
			const uint8_t v = stencil_op(pass ? f->passOp : f->failOp, start[c],
						     f->reference);

			expected[r * TW + c] = (start[c] & ~f->writeMask) | (v & f->writeMask);
		}
	}
	stencil_finish(&s, expected);
	for (uint32_t op = 0; op < (dynamic ? 1u : 8u); op++)
		vk_gfx_pipe_destroy(&s.dev, &pipes[op]);
	vk_gfx_pipe_destroy(&s.dev, &init);
	stencil_scene_destroy(&s);
}

VK_TEST(stencil_compare_static, "fragment-stencil-compare-masks-reference")
{
	stencil_compare_masks(false);
}

VK_TEST(stencil_compare_dynamic, "fragment-stencil-compare-masks-reference-dynamic")
{
	stencil_compare_masks(true);
}
