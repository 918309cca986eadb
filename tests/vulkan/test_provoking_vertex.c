/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The provoking vertex (VK_EXT_provoking_vertex)
 *
 * Every vertex's flat output is its number, VertexIndex + 1
 * (gfx_vertex_id.vert), and gfx_uint.frag writes it into an R32_UINT
 * target: a pixel inside a primitive shows which vertex was that
 * primitive's provoking one. One band of the target per case: triangle
 * lists (with a trailing vertex that makes no triangle), strips and fans,
 * line lists and strips, drawn with vkCmdDraw, and strips, fans and line
 * strips drawn indexed with primitive restart (two strips separated by
 * the all-ones index, each numbered from 0 again; the indices name the
 * vertices in reverse buffer order, so the value is the index's and not
 * the position's). The pixel checked for each primitive is the one
 * holding its centroid (triangles; the test requires its centre to be
 * at least half a pixel inside every edge) or its midpoint (lines, along
 * a row), and its value must be the vertex the specification's
 * "Primitive Topologies" tables make provoking: the first vertex of the
 * primitive, or the last (VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT,
 * provokingVertexLast); for a fan's primitive i, vertex i + 1 or i + 2.
 *
 * provoking-vertex-first draws with the pipeline structure saying
 * FIRST_VERTEX in every other band and without it (first vertex too) in
 * the others; provoking-vertex-last with LAST_VERTEX everywhere;
 * provoking-vertex-per-pipeline alternates the two in one rendering
 * (provokingVertexModePerPipeline). provoking-vertex-mode-dynamic makes
 * the mode dynamic (extendedDynamicState3ProvokingVertexMode) in every
 * other band's pipeline, set before or after the bind and opposite to the
 * pipeline's own, and binds a static pipeline of the other mode after
 * each. shader-object-provoking-vertex takes the mode from
 * vkCmdSetProvokingVertexModeEXT, alternating per band.
 *
 * VK_EXT_primitive_topology_list_restart (primitiveTopologyListRestart):
 * primitive-topology-list-restart{,-last} draw the same way, first or
 * last vertex provoking, point, line and triangle lists indexed with
 * restarts between strips whose lengths make the list's primitives
 * straddle the restart if it were not one (a triangle list of 7 and of 8
 * vertices, a line list of 6 and of 5: the last one or two vertices of
 * each strip make no primitive and are dropped); points are one pixel
 * each (gfx_vertex_id_point.vert).
 */

#include "vk_gfx.h"
#include "vk_shaders.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define W 128
#define H 128
#define BAND 15		/* rows per case */
#define TH 10		/* triangle height, pixels */
#define RESTART 0xffffffffu
#define MAX_VERTICES 256
#define MAX_PROBES 64
#define MAX_CASES 8

/* A case: @strips strips of @length vertices; indexed with restarts between them when @restart. */
struct pv_case {
	VkPrimitiveTopology topology;
	bool restart;
	uint32_t strips, length;
	const char *name;
};

static const struct pv_case pv_default_cases[] = {
	{ VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, false, 1, 13, "triangle list" },
	{ VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP, false, 1, 6, "triangle strip" },
	{ VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP, true, 2, 5, "triangle strip, restart" },
	{ VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN, false, 1, 6, "triangle fan" },
	{ VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN, true, 2, 5, "triangle fan, restart" },
	{ VK_PRIMITIVE_TOPOLOGY_LINE_LIST, false, 1, 9, "line list" },
	{ VK_PRIMITIVE_TOPOLOGY_LINE_STRIP, false, 1, 5, "line strip" },
	{ VK_PRIMITIVE_TOPOLOGY_LINE_STRIP, true, 2, 4, "line strip, restart" },
};

/* primitiveTopologyListRestart: lists split by restarts (see the DOC comment). */
static const struct pv_case pv_list_cases[] = {
	{ VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, true, 2, 7, "triangle list of 7, restart" },
	{ VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, true, 2, 8, "triangle list of 8, restart" },
	{ VK_PRIMITIVE_TOPOLOGY_LINE_LIST, true, 2, 6, "line list of 6, restart" },
	{ VK_PRIMITIVE_TOPOLOGY_LINE_LIST, true, 2, 5, "line list of 5, restart" },
	{ VK_PRIMITIVE_TOPOLOGY_POINT_LIST, true, 2, 6, "point list, restart" },
};

/* The cases of the running test: the default ones or the lists'. */
static const struct pv_case *pv_cases = pv_default_cases;
static uint32_t pv_case_count = sizeof(pv_default_cases) / sizeof(pv_default_cases[0]);

#define CASES pv_case_count

static void use_cases(bool lists)
{
	pv_cases = lists ? pv_list_cases : pv_default_cases;
	pv_case_count = lists ? sizeof(pv_list_cases) / sizeof(pv_list_cases[0]) :
				sizeof(pv_default_cases) / sizeof(pv_default_cases[0]);
}

/* A pipeline's provoking vertex: no structure (the first vertex), or the structure's mode. */
enum pv_mode { PV_DEFAULT, PV_FIRST, PV_LAST };

/* A pixel to check: the vertex number it must hold. */
struct pv_probe {
	uint32_t x, y, want, band, prim;
};

/* Where the vertices, indices and probes of every case are. */
struct pv_scene {
	struct vk_vtx3 vertices[MAX_VERTICES];
	uint32_t indices[MAX_VERTICES];
	uint32_t first[MAX_CASES], count[MAX_CASES];	/* first vertex or index, and count */
	struct pv_probe probes[MAX_PROBES];
	uint32_t probe_count;
};

static bool is_line(VkPrimitiveTopology t)
{
	return t == VK_PRIMITIVE_TOPOLOGY_LINE_LIST || t == VK_PRIMITIVE_TOPOLOGY_LINE_STRIP;
}

static bool is_point(VkPrimitiveTopology t)
{
	return t == VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
}

/* The position, in pixels, of vertex @k of a strip of @len of @c at (@xs, @y0). */
static void strip_pos(const struct pv_case *c, uint32_t len, uint32_t k, float xs, float y0,
		      float *x, float *y)
{
	switch (c->topology) {
	case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST: {
		const float xb = xs + (float)(k / 3) * 15;
		static const float dx[3] = { 0, 12, 6 }, dy[3] = { 0, 0, TH };

		*x = xb + dx[k % 3];
		*y = y0 + dy[k % 3];
		break;
	}
	case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP:
		*x = xs + (float)k * 6;
		*y = y0 + (float)(k & 1) * TH;
		break;
	case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN:
		/* The centre above the middle of the others' row. */
		*x = k ? xs + (float)(k - 1) * 6 : xs + (float)(len - 2) * 3;
		*y = k ? y0 + TH : y0;
		break;
	case VK_PRIMITIVE_TOPOLOGY_LINE_LIST:
		*x = xs + (float)(k & 1) * 40;
		*y = y0 + (float)(k / 2) * 2 + 0.5f;
		break;
	case VK_PRIMITIVE_TOPOLOGY_POINT_LIST:
		/* A pixel's centre. */
		*x = xs + (float)k * 5 + 0.5f;
		*y = y0 + 0.5f;
		break;
	default:	/* LINE_STRIP: along one row */
		*x = xs + (float)k * 10;
		*y = y0 + 0.5f;
		break;
	}
}

/* Primitive @i of a strip: its vertices (strip positions) and the provoking one. */
static uint32_t strip_prim(VkPrimitiveTopology t, uint32_t i, bool last, uint32_t v[3])
{
	switch (t) {
	case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST:
		v[0] = 3 * i, v[1] = 3 * i + 1, v[2] = 3 * i + 2;
		return last ? 3 * i + 2 : 3 * i;
	case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP:
		v[0] = i, v[1] = i + 1, v[2] = i + 2;
		return last ? i + 2 : i;
	case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN:
		v[0] = i + 1, v[1] = i + 2, v[2] = 0;
		return last ? i + 2 : i + 1;
	case VK_PRIMITIVE_TOPOLOGY_LINE_LIST:
		v[0] = 2 * i, v[1] = 2 * i + 1;
		return last ? 2 * i + 1 : 2 * i;
	case VK_PRIMITIVE_TOPOLOGY_POINT_LIST:
		v[0] = v[1] = i;
		return i;
	default:
		v[0] = i, v[1] = i + 1;
		return last ? i + 1 : i;
	}
}

static uint32_t strip_prims(VkPrimitiveTopology t, uint32_t len)
{
	switch (t) {
	case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST:
		return len / 3;
	case VK_PRIMITIVE_TOPOLOGY_LINE_LIST:
		return len / 2;
	case VK_PRIMITIVE_TOPOLOGY_POINT_LIST:
		return len;
	case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP:
		return len >= 2 ? len - 1 : 0;
	default:
		return len >= 3 ? len - 2 : 0;
	}
}

/* The distance of (@px, @py) inside the edge @a-@b of a triangle whose third vertex is @c. */
static float inside(const float *a, const float *b, const float *c, float px, float py)
{
	const float ex = b[0] - a[0], ey = b[1] - a[1];
	const float len = sqrtf(ex * ex + ey * ey);
	float d = (ex * (py - a[1]) - ey * (px - a[0])) / len;
	const float dc = ex * (c[1] - a[1]) - ey * (c[0] - a[0]);

	return dc < 0 ? -d : d;
}

/* Builds every case's vertices, indices and probes, case c's provoking vertex the last when @last[c]. */
static void scene_build(struct pv_scene *s, const bool *last)
{
	uint32_t nv = 0, ni = 0;

	memset(s, 0, sizeof(*s));
	for (uint32_t c = 0; c < CASES; c++) {
		const struct pv_case *pc = &pv_cases[c];
		const float y0 = 2 + (float)(c * BAND);
		const uint32_t total = pc->strips * pc->length;
		const uint32_t base = nv;

		s->first[c] = pc->restart ? ni : nv;
		for (uint32_t st = 0; st < pc->strips; st++) {
			const float xs = 4 + (float)st * 60;
			float pos[16][2];

			REQUIRE(pc->length <= 16);
			for (uint32_t k = 0; k < pc->length; k++) {
				/* Restart draws: the stream's k-th vertex sits at the reverse slot. */
				const uint32_t n = st * pc->length + k;
				const uint32_t slot = pc->restart ? base + total - 1 - n : base + n;

				strip_pos(pc, pc->length, k, xs, y0, &pos[k][0], &pos[k][1]);
				s->vertices[slot] = (struct vk_vtx3) {
					vk_ndc(pos[k][0], W), vk_ndc(pos[k][1], H), 0.5f,
				};
				if (pc->restart)
					s->indices[ni++] = slot;
			}
			if (pc->restart && st + 1 < pc->strips)
				s->indices[ni++] = RESTART;
			for (uint32_t i = 0; i < strip_prims(pc->topology, pc->length); i++) {
				struct pv_probe *p = &s->probes[s->probe_count++];
				uint32_t v[3];
				const uint32_t pv = strip_prim(pc->topology, i, last[c], v);
				const uint32_t n = st * pc->length + pv;
				float cx, cy;

				REQUIRE(s->probe_count <= MAX_PROBES);
				if (is_line(pc->topology) || is_point(pc->topology)) {
					cx = (pos[v[0]][0] + pos[v[1]][0]) / 2;
					cy = (pos[v[0]][1] + pos[v[1]][1]) / 2;
				} else {
					cx = (pos[v[0]][0] + pos[v[1]][0] + pos[v[2]][0]) / 3;
					cy = (pos[v[0]][1] + pos[v[1]][1] + pos[v[2]][1]) / 3;
				}
				p->x = (uint32_t)floorf(cx);
				p->y = (uint32_t)floorf(cy);
				if (!is_line(pc->topology) && !is_point(pc->topology)) {
					const float px = (float)p->x + 0.5f, py = (float)p->y + 0.5f;

					/* The pixel's centre well inside, whatever the fill rules. */
					REQUIRE(inside(pos[v[0]], pos[v[1]], pos[v[2]], px, py) >= 0.5f);
					REQUIRE(inside(pos[v[1]], pos[v[2]], pos[v[0]], px, py) >= 0.5f);
					REQUIRE(inside(pos[v[2]], pos[v[0]], pos[v[1]], px, py) >= 0.5f);
				}
				p->want = (pc->restart ? base + total - 1 - n : base + n) + 1;
				p->band = c;
				p->prim = st * 100 + i;
			}
		}
		s->count[c] = pc->restart ? ni - s->first[c] : total;
		nv += total;
		REQUIRE(nv <= MAX_VERTICES && ni <= MAX_VERTICES);
	}
}

/* Compares the probes with @img: fails naming the first wrong one. */
static void scene_check(const struct pv_scene *s, const uint32_t *img, const bool *last,
			const char *what)
{
	unsigned int wrong = 0;

	for (uint32_t i = 0; i < s->probe_count; i++) {
		const struct pv_probe *p = &s->probes[i];
		const uint32_t got = img[p->y * W + p->x];

		if (got != p->want && !wrong++)
			printf("# %s, %s, %s vertex: strip %u primitive %u at (%u, %u): vertex %u, expected %u\n",
			       what, pv_cases[p->band].name, last[p->band] ? "last" : "first",
			       p->prim / 100, p->prim % 100, p->x, p->y, got, p->want);
	}
	if (wrong)
		vk_test_fail(__FILE__, __LINE__, "%u of %u primitives have the wrong provoking vertex",
			     wrong, s->probe_count);
}

/*
 * A device with provokingVertexLast, and with @dynamic
 * extendedDynamicState3ProvokingVertexMode too, or a skip.
 */
static void pv_dev_create(struct vk_dev *dev, bool dynamic)
{
	static const char *const ext[] = {
		VK_EXT_PROVOKING_VERTEX_EXTENSION_NAME, VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME,
	};
	static const char *const list_ext[] = {
		VK_EXT_PROVOKING_VERTEX_EXTENSION_NAME,
		VK_EXT_PRIMITIVE_TOPOLOGY_LIST_RESTART_EXTENSION_NAME,
	};
	VkPhysicalDeviceExtendedDynamicState3FeaturesEXT eds3 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT,
		.extendedDynamicState3ProvokingVertexMode = VK_TRUE,
	};
	VkPhysicalDevicePrimitiveTopologyListRestartFeaturesEXT list_restart = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIMITIVE_TOPOLOGY_LIST_RESTART_FEATURES_EXT,
		.primitiveTopologyListRestart = VK_TRUE,
	};
	const bool lists = pv_cases == pv_list_cases;
	VkPhysicalDeviceProvokingVertexFeaturesEXT features = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROVOKING_VERTEX_FEATURES_EXT,
		.pNext = dynamic ? (void *)&eds3 : lists ? (void *)&list_restart : NULL,
		.provokingVertexLast = VK_TRUE,
	};
	const struct vk_dev_options options = {
		.extensions = lists ? list_ext : ext, .extension_count = dynamic || lists ? 2 : 1,
		.features = &features,
	};

	vk_gfx_dev_create_options(dev, &options);
}

static VkBool32 per_pipeline(struct vk_dev *dev)
{
	VkPhysicalDeviceProvokingVertexPropertiesEXT pv = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROVOKING_VERTEX_PROPERTIES_EXT,
	};
	VkPhysicalDeviceProperties2 props = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &pv,
	};

	vkGetPhysicalDeviceProperties2(dev->physical, &props);
	return pv.provokingVertexModePerPipeline;
}

/* Vertex and index buffers of @s, a target and its readback. */
struct pv_buffers {
	struct vk_target color;
	struct vk_buf vertices, indices, readback;
};

static void buffers_create(struct vk_dev *dev, const struct pv_scene *s, struct pv_buffers *b)
{
	vk_target_create(dev, VK_FORMAT_R32_UINT, W, H, 1, VK_SAMPLE_COUNT_1_BIT, &b->color);
	vk_buf_create(dev, sizeof(s->vertices), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &b->vertices);
	vk_buf_create(dev, sizeof(s->indices), VK_BUFFER_USAGE_INDEX_BUFFER_BIT, &b->indices);
	vk_buf_create(dev, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &b->readback);
	memcpy(b->vertices.map, s->vertices, sizeof(s->vertices));
	memcpy(b->indices.map, s->indices, sizeof(s->indices));
}

static void buffers_destroy(struct vk_dev *dev, struct pv_buffers *b)
{
	vk_buf_destroy(dev, &b->vertices);
	vk_buf_destroy(dev, &b->indices);
	vk_buf_destroy(dev, &b->readback);
	vk_target_destroy(dev, &b->color);
}

/* Begins rendering into @b's target, cleared to 0, with @b's buffers bound. */
static VkCommandBuffer scene_begin(struct vk_dev *dev, struct pv_buffers *b)
{
	const VkClearValue clear = { .color.uint32 = { 0 } };
	VkCommandBuffer cmd = vk_cmd_begin(dev);

	vk_target_layout(cmd, &b->color, VK_IMAGE_LAYOUT_UNDEFINED,
			 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
	vk_gfx_begin(cmd, &b->color, NULL, &clear, NULL);
	vkCmdBindVertexBuffers(cmd, 0, 1, &b->vertices.buffer, &(VkDeviceSize){ 0 });
	vkCmdBindIndexBuffer(cmd, b->indices.buffer, 0, VK_INDEX_TYPE_UINT32);
	return cmd;
}

static void scene_draw(VkCommandBuffer cmd, const struct pv_scene *s, uint32_t c)
{
	if (pv_cases[c].restart)
		vkCmdDrawIndexed(cmd, s->count[c], 1, s->first[c], 0, 0);
	else
		vkCmdDraw(cmd, s->count[c], 1, s->first[c], 0);
}

static void scene_end(struct vk_dev *dev, VkCommandBuffer cmd, struct pv_buffers *b)
{
	vkCmdEndRendering(cmd);
	vk_target_layout(cmd, &b->color, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
			 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_target_read(cmd, &b->color, VK_IMAGE_ASPECT_COLOR_BIT, 0, b->readback.buffer);
	vk_cmd_submit_wait(dev, cmd, 0);
}

/*
 * Every case drawn with a pipeline of mode @modes[case]; with @dyn, case
 * c's pipeline has the mode dynamic when @dyn[c] >= 0 (1: last), set by
 * vkCmdSetProvokingVertexModeEXT before the bind in cases 0, 1, 4, 5 and
 * after it in the others.
 */
static void provoking_pipelines(const enum pv_mode *modes, const int *dyn, const char *what)
{
	/* Point lists write PointSize. */
	const bool points = is_point(pv_cases[CASES - 1].topology);
	static const VkDynamicState dyn_state = VK_DYNAMIC_STATE_PROVOKING_VERTEX_MODE_EXT;
	PFN_vkCmdSetProvokingVertexModeEXT set_mode = NULL;
	static const VkVertexInputBindingDescription binding = {
		0, sizeof(struct vk_vtx3), VK_VERTEX_INPUT_RATE_VERTEX,
	};
	static const VkVertexInputAttributeDescription attribute = {
		0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0,
	};
	VkPipelineRasterizationProvokingVertexStateCreateInfoEXT pv_info[MAX_CASES];
	VkPipelineRasterizationStateCreateInfo rs[MAX_CASES];
	struct vk_gfx_pipe pipes[MAX_CASES];
	bool last[MAX_CASES];
	struct pv_scene scene;
	struct pv_buffers b;
	struct vk_dev dev;
	VkCommandBuffer cmd;

	for (uint32_t c = 0; c < CASES; c++)
		last[c] = dyn && dyn[c] >= 0 ? dyn[c] == 1 : modes[c] == PV_LAST;
	scene_build(&scene, last);
	pv_dev_create(&dev, dyn != NULL);
	if (dyn) {
		set_mode = (PFN_vkCmdSetProvokingVertexModeEXT)vk_dev_proc(&dev,
						"vkCmdSetProvokingVertexModeEXT");
		REQUIRE(set_mode != NULL);
	}
	for (uint32_t c = 1; c < CASES; c++)
		if (last[c] != last[0] && !per_pipeline(&dev)) {
			vk_dev_destroy(&dev);
			vk_test_skip("provokingVertexModePerPipeline is not supported");
		}
	buffers_create(&dev, &scene, &b);
	for (uint32_t c = 0; c < CASES; c++) {
		const struct vk_gfx_desc desc = {
			.vs = points ? gfx_vertex_id_point_vert_spv : gfx_vertex_id_vert_spv,
			.vs_size = points ? gfx_vertex_id_point_vert_spv_size :
				   gfx_vertex_id_vert_spv_size,
			.fs = gfx_uint_frag_spv, .fs_size = gfx_uint_frag_spv_size,
			.topology = pv_cases[c].topology, .restart = pv_cases[c].restart,
			.bindings = &binding, .binding_count = 1,
			.attributes = &attribute, .attribute_count = 1,
			.color_format = VK_FORMAT_R32_UINT, .raster = &rs[c],
			.dynamic = &dyn_state, .dynamic_count = dyn && dyn[c] >= 0,
			.width = W, .height = H,
		};

		pv_info[c] = (VkPipelineRasterizationProvokingVertexStateCreateInfoEXT) {
			.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_PROVOKING_VERTEX_STATE_CREATE_INFO_EXT,
			.provokingVertexMode = modes[c] == PV_LAST ?
				VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT :
				VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX_EXT,
		};
		rs[c] = (VkPipelineRasterizationStateCreateInfo) {
			.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
			.pNext = modes[c] == PV_DEFAULT ? NULL : &pv_info[c],
			.polygonMode = VK_POLYGON_MODE_FILL, .cullMode = VK_CULL_MODE_NONE,
			.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE, .lineWidth = 1.0f,
		};
		vk_gfx_pipe_create(&dev, &desc, &pipes[c]);
	}
	cmd = scene_begin(&dev, &b);
	for (uint32_t c = 0; c < CASES; c++) {
		const bool dynamic = dyn && dyn[c] >= 0, after = c & 2;
		const VkProvokingVertexModeEXT mode = dynamic && dyn[c] ?
			VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT :
			VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX_EXT;

		if (dynamic && !after)
			set_mode(cmd, mode);
		vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[c].pipeline);
		if (dynamic && after)
			set_mode(cmd, mode);
		scene_draw(cmd, &scene, c);
	}
	scene_end(&dev, cmd, &b);
	scene_check(&scene, b.readback.map, last, what);
	for (uint32_t c = 0; c < CASES; c++)
		vk_gfx_pipe_destroy(&dev, &pipes[c]);
	buffers_destroy(&dev, &b);
	vk_dev_destroy(&dev);
}

/* FIRST_VERTEX from the structure in every other band, from its absence in the others. */
VK_TEST(provoking_vertex_first, "provoking-vertex-first")
{
	enum pv_mode modes[MAX_CASES];

	use_cases(false);
	for (uint32_t c = 0; c < CASES; c++)
		modes[c] = c % 2 ? PV_DEFAULT : PV_FIRST;
	provoking_pipelines(modes, NULL, "pipeline");
}

VK_TEST(provoking_vertex_last, "provoking-vertex-last")
{
	enum pv_mode modes[MAX_CASES];

	use_cases(false);
	for (uint32_t c = 0; c < CASES; c++)
		modes[c] = PV_LAST;
	provoking_pipelines(modes, NULL, "pipeline");
}

/* Both modes in one rendering, alternating per band. */
VK_TEST(provoking_vertex_per_pipeline, "provoking-vertex-per-pipeline")
{
	enum pv_mode modes[MAX_CASES];

	use_cases(false);
	for (uint32_t c = 0; c < CASES; c++)
		modes[c] = c % 2 ? PV_FIRST : PV_LAST;
	provoking_pipelines(modes, NULL, "pipeline");
}

/* primitiveTopologyListRestart, the first vertex provoking (no structure in odd bands). */
VK_TEST(list_restart_first, "primitive-topology-list-restart")
{
	enum pv_mode modes[MAX_CASES];

	use_cases(true);
	for (uint32_t c = 0; c < CASES; c++)
		modes[c] = c % 2 ? PV_DEFAULT : PV_FIRST;
	provoking_pipelines(modes, NULL, "list restart");
}

/* primitiveTopologyListRestart with provokingVertexLast. */
VK_TEST(list_restart_last, "primitive-topology-list-restart-last")
{
	enum pv_mode modes[MAX_CASES];

	use_cases(true);
	for (uint32_t c = 0; c < CASES; c++)
		modes[c] = PV_LAST;
	provoking_pipelines(modes, NULL, "list restart");
}

/*
 * extendedDynamicState3ProvokingVertexMode: the pipelines of even cases
 * have the mode dynamic, their structure (or its absence) saying the
 * opposite of the command, set before or after the bind; the odd cases'
 * static pipelines, bound after a command set the other mode, draw with
 * their own.
 */
VK_TEST(provoking_vertex_dynamic, "provoking-vertex-mode-dynamic")
{
	static const enum pv_mode modes[MAX_CASES] = {
		PV_FIRST, PV_DEFAULT, PV_LAST, PV_LAST, PV_DEFAULT, PV_FIRST, PV_LAST, PV_LAST,
	};
	static const int dyn[MAX_CASES] = { 1, -1, 0, -1, 1, -1, 0, -1 };

	use_cases(false);
	provoking_pipelines(modes, dyn, "dynamic pipeline");
}

/*
 * Shader objects: the mode from vkCmdSetProvokingVertexModeEXT, LAST in
 * even bands and FIRST in odd ones; every other state from its command.
 * Skips under the validation layer (1.3.239 predates VK_EXT_shader_object)
 * and on a device without the extension.
 */
VK_TEST(so_provoking_vertex, "shader-object-provoking-vertex")
{
	static const char *const ext[] = {
		VK_EXT_SHADER_OBJECT_EXTENSION_NAME, VK_EXT_PROVOKING_VERTEX_EXTENSION_NAME,
	};
	VkPhysicalDeviceProvokingVertexFeaturesEXT pv_features = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROVOKING_VERTEX_FEATURES_EXT,
		.provokingVertexLast = VK_TRUE,
	};
	VkPhysicalDeviceShaderObjectFeaturesEXT so_features = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_OBJECT_FEATURES_EXT,
		.pNext = &pv_features, .shaderObject = VK_TRUE,
	};
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = 2, .features = &so_features,
	};
	const VkShaderCreateInfoEXT infos[2] = {
		{
			.sType = VK_STRUCTURE_TYPE_SHADER_CREATE_INFO_EXT,
			.stage = VK_SHADER_STAGE_VERTEX_BIT,
			.nextStage = VK_SHADER_STAGE_FRAGMENT_BIT,
			.codeType = VK_SHADER_CODE_TYPE_SPIRV_EXT,
			.codeSize = gfx_vertex_id_vert_spv_size, .pCode = gfx_vertex_id_vert_spv,
			.pName = "main",
		},
		{
			.sType = VK_STRUCTURE_TYPE_SHADER_CREATE_INFO_EXT,
			.stage = VK_SHADER_STAGE_FRAGMENT_BIT,
			.codeType = VK_SHADER_CODE_TYPE_SPIRV_EXT,
			.codeSize = gfx_uint_frag_spv_size, .pCode = gfx_uint_frag_spv,
			.pName = "main",
		},
	};
	const VkShaderStageFlagBits stages[2] = {
		VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_FRAGMENT_BIT,
	};
	const VkViewport viewport = { 0, 0, W, H, 0, 1 };
	const VkRect2D scissor = { { 0, 0 }, { W, H } };
	const VkVertexInputBindingDescription2EXT binding = {
		.sType = VK_STRUCTURE_TYPE_VERTEX_INPUT_BINDING_DESCRIPTION_2_EXT,
		.binding = 0, .stride = sizeof(struct vk_vtx3),
		.inputRate = VK_VERTEX_INPUT_RATE_VERTEX, .divisor = 1,
	};
	const VkVertexInputAttributeDescription2EXT attribute = {
		.sType = VK_STRUCTURE_TYPE_VERTEX_INPUT_ATTRIBUTE_DESCRIPTION_2_EXT,
		.location = 0, .binding = 0, .format = VK_FORMAT_R32G32B32_SFLOAT,
	};
	const VkColorBlendEquationEXT equation = {
		VK_BLEND_FACTOR_ONE, VK_BLEND_FACTOR_ZERO, VK_BLEND_OP_ADD,
		VK_BLEND_FACTOR_ONE, VK_BLEND_FACTOR_ZERO, VK_BLEND_OP_ADD,
	};
	const VkSampleMask mask = ~0u;
	const VkBool32 off = VK_FALSE;
	const VkColorComponentFlags all = 0xf;
	PFN_vkCreateShadersEXT create;
	PFN_vkDestroyShaderEXT destroy;
	PFN_vkCmdBindShadersEXT bind;
	PFN_vkCmdSetProvokingVertexModeEXT set_mode;
	VkShaderEXT shaders[2];
	bool last[MAX_CASES];
	struct pv_scene scene;
	struct pv_buffers b;
	struct vk_dev dev;
	VkCommandBuffer cmd;

	if (vk_test_under_validation())
		vk_test_skip("the validation layer (1.3.239) predates VK_EXT_shader_object");
	use_cases(false);
	for (uint32_t c = 0; c < CASES; c++)
		last[c] = c % 2 == 0;
	scene_build(&scene, last);
	vk_gfx_dev_create_options(&dev, &options);
	create = (PFN_vkCreateShadersEXT)vk_dev_proc(&dev, "vkCreateShadersEXT");
	destroy = (PFN_vkDestroyShaderEXT)vk_dev_proc(&dev, "vkDestroyShaderEXT");
	bind = (PFN_vkCmdBindShadersEXT)vk_dev_proc(&dev, "vkCmdBindShadersEXT");
	set_mode = (PFN_vkCmdSetProvokingVertexModeEXT)vk_dev_proc(&dev,
					"vkCmdSetProvokingVertexModeEXT");
	REQUIRE(create && destroy && bind && set_mode);
	VK_CHECK(create(dev.device, 2, infos, NULL, shaders));
	buffers_create(&dev, &scene, &b);
	cmd = scene_begin(&dev, &b);
	bind(cmd, 2, stages, shaders);
	vkCmdSetViewportWithCount(cmd, 1, &viewport);
	vkCmdSetScissorWithCount(cmd, 1, &scissor);
	vkCmdSetRasterizerDiscardEnable(cmd, VK_FALSE);
	vkCmdSetCullMode(cmd, VK_CULL_MODE_NONE);
	vkCmdSetFrontFace(cmd, VK_FRONT_FACE_COUNTER_CLOCKWISE);
	vkCmdSetDepthTestEnable(cmd, VK_FALSE);
	vkCmdSetDepthWriteEnable(cmd, VK_FALSE);
	vkCmdSetDepthBoundsTestEnable(cmd, VK_FALSE);
	vkCmdSetStencilTestEnable(cmd, VK_FALSE);
	vkCmdSetDepthBiasEnable(cmd, VK_FALSE);
	vkCmdSetLineWidth(cmd, 1.0f);
	((PFN_vkCmdSetPolygonModeEXT)vk_dev_proc(&dev, "vkCmdSetPolygonModeEXT"))
		(cmd, VK_POLYGON_MODE_FILL);
	((PFN_vkCmdSetRasterizationSamplesEXT)vk_dev_proc(&dev, "vkCmdSetRasterizationSamplesEXT"))
		(cmd, VK_SAMPLE_COUNT_1_BIT);
	((PFN_vkCmdSetSampleMaskEXT)vk_dev_proc(&dev, "vkCmdSetSampleMaskEXT"))
		(cmd, VK_SAMPLE_COUNT_1_BIT, &mask);
	((PFN_vkCmdSetAlphaToCoverageEnableEXT)vk_dev_proc(&dev,
		"vkCmdSetAlphaToCoverageEnableEXT"))(cmd, VK_FALSE);
	((PFN_vkCmdSetLogicOpEnableEXT)vk_dev_proc(&dev, "vkCmdSetLogicOpEnableEXT"))
		(cmd, VK_FALSE);
	((PFN_vkCmdSetColorBlendEnableEXT)vk_dev_proc(&dev, "vkCmdSetColorBlendEnableEXT"))
		(cmd, 0, 1, &off);
	((PFN_vkCmdSetColorBlendEquationEXT)vk_dev_proc(&dev, "vkCmdSetColorBlendEquationEXT"))
		(cmd, 0, 1, &equation);
	((PFN_vkCmdSetColorWriteMaskEXT)vk_dev_proc(&dev, "vkCmdSetColorWriteMaskEXT"))
		(cmd, 0, 1, &all);
	((PFN_vkCmdSetVertexInputEXT)vk_dev_proc(&dev, "vkCmdSetVertexInputEXT"))
		(cmd, 1, &binding, 1, &attribute);
	for (uint32_t c = 0; c < CASES; c++) {
		vkCmdSetPrimitiveTopology(cmd, pv_cases[c].topology);
		vkCmdSetPrimitiveRestartEnable(cmd, pv_cases[c].restart);
		set_mode(cmd, last[c] ? VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT :
			 VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX_EXT);
		scene_draw(cmd, &scene, c);
	}
	scene_end(&dev, cmd, &b);
	scene_check(&scene, b.readback.map, last, "shader objects");
	destroy(dev.device, shaders[0], NULL);
	destroy(dev.device, shaders[1], NULL);
	buffers_destroy(&dev, &b);
	vk_dev_destroy(&dev);
}
