/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Helpers of the drawing tests
 *
 * A render target (an image with its view, read back into a host buffer),
 * a graphics pipeline from a vertex and a fragment shader with the state a
 * test describes, and a device with a graphics queue (the tests skip on a
 * device without one, saying so). Positions are given in pixels and
 * turned into clip coordinates exactly: targets are powers of two wide
 * and high.
 */

#ifndef EMBER_VK_GFX_H
#define EMBER_VK_GFX_H

#include "vk_test.h"

struct vk_target {
	VkImage image;
	VkDeviceMemory memory;
	VkImageView view;
	VkFormat format;
	VkImageAspectFlags aspects;
	uint32_t width, height, layers, bytes;
	VkSampleCountFlagBits samples;
};

/* A device with a graphics queue and @features (NULL: none) in its core features. */
void vk_gfx_dev_create(struct vk_dev *dev, const VkPhysicalDeviceFeatures *features);
/*
 * The same with @options (extensions, core features, a features chain):
 * dynamic rendering and synchronization2 are added in front of the chain.
 */
void vk_gfx_dev_create_options(struct vk_dev *dev, const struct vk_dev_options *options);

/* A 2D optimal-tiling target (@layers array layers), colour or depth/stencil. */
void vk_target_create(struct vk_dev *dev, VkFormat format, uint32_t width, uint32_t height,
		      uint32_t layers, VkSampleCountFlagBits samples, struct vk_target *t);
/* The same with @usage too (an input attachment's, say). */
void vk_target_create_usage(struct vk_dev *dev, VkFormat format, uint32_t width, uint32_t height,
			    uint32_t layers, VkSampleCountFlagBits samples, VkImageUsageFlags usage,
			    struct vk_target *t);
void vk_target_destroy(struct vk_dev *dev, struct vk_target *t);

/*
 * Records a copy of @aspect of layer @layer of @t (in
 * TRANSFER_SRC_OPTIMAL) into @buf, rows packed, after a barrier from
 * attachment writes.
 */
void vk_target_read(VkCommandBuffer cmd, const struct vk_target *t, VkImageAspectFlags aspect,
		    uint32_t layer, VkBuffer buf);

/* An image layout transition of every layer of @t, waiting for all earlier commands. */
void vk_target_layout(VkCommandBuffer cmd, const struct vk_target *t, VkImageLayout from,
		      VkImageLayout to);

/* A vertex of a position and a depth (gfx_uint's binding 0), in clip space. */
struct vk_vtx3 {
	float x, y, z;
};

/* What a test's pipeline is. */
struct vk_gfx_desc {
	const uint32_t *vs, *fs;
	size_t vs_size, fs_size;
	VkPrimitiveTopology topology;
	bool restart;
	const VkVertexInputBindingDescription *bindings;
	uint32_t binding_count;
	const VkVertexInputAttributeDescription *attributes;
	uint32_t attribute_count;
	VkFormat color_format;			/* UNDEFINED: no colour attachment */
	uint32_t color_count;			/* 0: one when color_format is set */
	const VkFormat *color_formats;		/* color_count of them (NULL: color_format) */
	VkFormat depth_format;			/* UNDEFINED: none */
	VkFormat stencil_format;
	VkSampleCountFlagBits samples;		/* 0: 1 */
	uint32_t sample_mask;			/* 0: all */
	bool alpha_to_coverage, alpha_to_one;
	float min_sample_shading;		/* above 0: sample shading with it */
	uint32_t view_mask;			/* dynamic rendering's multiview views */
	const VkPipelineColorBlendAttachmentState *blend;	/* one per attachment; NULL: none */
	const float *blend_constants;
	bool logic_op_enable;
	VkLogicOp logic_op;
	const VkPipelineDepthStencilStateCreateInfo *depth_stencil;
	VkCullModeFlags cull_mode;
	/* NULL: filled, cull_mode, counter-clockwise front faces, no bias, clipped. */
	const VkPipelineRasterizationStateCreateInfo *raster;
	const VkDynamicState *dynamic;
	uint32_t dynamic_count;
	const VkViewport *viewport;		/* NULL: the whole target */
	const VkRect2D *scissor;		/* NULL: the whole target */
	uint32_t viewport_count;		/* 0: 1; above 1 both arrays are set */
	uint32_t width, height;			/* of the target (viewport, scissor) */
	uint32_t push_size;			/* bytes of push constants, all stages */
	VkDescriptorSetLayout set_layout;	/* set 0 (VK_NULL_HANDLE: no sets) */
	VkRenderPass render_pass;		/* VK_NULL_HANDLE: dynamic rendering */
	uint32_t subpass;
	const void *vertex_input_next;		/* the vertex input state's pNext */
	const void *color_blend_next;		/* the colour blend state's pNext */
	const void *viewport_next;		/* the viewport state's pNext */
};

/*
 * The pipeline of the flat-value shaders (gfx_uint: the push constant plus
 * InstanceIndex) into an R32_UINT target @w x @h: positions (struct
 * vk_vtx3) per vertex from binding 0, an offset (vec2) per instance from
 * binding 1, triangle lists, 4 bytes of push constants.
 */
struct vk_gfx_desc vk_gfx_uint_desc(uint32_t w, uint32_t h);

struct vk_gfx_pipe {
	VkShaderModule vs, fs;
	VkPipelineLayout layout;
	VkPipeline pipeline;
};

void vk_gfx_pipe_create(struct vk_dev *dev, const struct vk_gfx_desc *desc, struct vk_gfx_pipe *p);
void vk_gfx_pipe_destroy(struct vk_dev *dev, struct vk_gfx_pipe *p);

/* One storage buffer at binding 0 of a set the vertex and fragment stages both use. */
struct vk_gfx_storage {
	VkDescriptorSetLayout layout;
	VkDescriptorPool pool;
	VkDescriptorSet set;
};

/* The set of @buffer (the whole of it): its layout goes into vk_gfx_desc.set_layout. */
void vk_gfx_storage_create(struct vk_dev *dev, VkBuffer buffer, struct vk_gfx_storage *s);
void vk_gfx_storage_destroy(struct vk_dev *dev, struct vk_gfx_storage *s);

/* Begins dynamic rendering into @color (NULL: none) and @depth (NULL: none), loading both. */
void vk_gfx_begin(VkCommandBuffer cmd, const struct vk_target *color,
		  const struct vk_target *depth, const VkClearValue *color_clear,
		  const VkClearValue *depth_clear);


/* Fills the rectangle [x0, x1) x [y0, y1) of a @w wide expected image with @value. */
void vk_gfx_fill(uint32_t *img, uint32_t w, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
		 uint32_t value);

/* Compares a @w x @h image of u32 with @expected: fails naming @what and the first wrong pixel. */
void vk_gfx_check_uint(const uint32_t *got, const uint32_t *expected, uint32_t w, uint32_t h,
		       const char *what);

/* Clip x or y of pixel coordinate @p of a target @size pixels across. */
static inline float vk_ndc(float p, uint32_t size)
{
	return p / (float)size * 2.0f - 1.0f;
}

/*
 * Six vertices (a triangle list) of the rectangle [x0, x1) x [y0, y1) in
 * pixels of a @w x @h target, at depth @z, both triangles counter-clockwise
 * in framebuffer coordinates (y down) when @ccw, else clockwise.
 */
void vk_gfx_rect(struct vk_vtx3 *v, float x0, float y0, float x1, float y1, float z, uint32_t w,
		 uint32_t h, bool ccw);

/* A vertex of the gfx_color and gfx_flat pipelines: a clip-space position and a colour. */
struct vk_cvtx {
	float x, y;
	float r, g, b, a;
};

/* The vertex input of struct vk_cvtx: binding 0, locations 0 (position) and 1 (colour). */
extern const VkVertexInputBindingDescription vk_cvtx_binding;
extern const VkVertexInputAttributeDescription vk_cvtx_attributes[2];

/* Six vertices of the pixel rectangle [x0, x1) x [y0, y1) of a @w x @h target in colour @c. */
void vk_gfx_color_rect(struct vk_cvtx *v, float x0, float y0, float x1, float y1, uint32_t w,
		       uint32_t h, const float c[4]);

/*
 * A scene of the fragment-interface tests: an R32_UINT colour target
 * (@layers layers, @samples samples) and optionally a D32_SFLOAT one,
 * vertices (struct vk_vtx3, triangle lists) added rectangle by rectangle,
 * and a trace, a storage buffer zeroed at start that the shaders write
 * (set 0, binding 0: two words, then up to 32 words a pixel), read after
 * the render pass through a barrier to the host. The shaders' push
 * constants start with the target's width and height (two uints).
 */
struct vk_scene {
	struct vk_dev dev;
	struct vk_target color, depth;
	struct vk_buf vertices, trace, readback;
	struct vk_gfx_storage storage;
	VkCommandBuffer cmd;
	VkSampleCountFlagBits samples;
	uint32_t width, height, layers;
	uint32_t view_mask;		/* multiview's views when rendering (0: none) */
	VkDescriptorSet set;		/* bound at set 0 (VK_NULL_HANDLE: the trace's) */
	struct vk_vtx3 *v;		/* where the next vertex goes */
};

/* Skips when R32_UINT has no @samples-sample attachments; records layout transitions. */
void vk_scene_init_options(struct vk_scene *s, const struct vk_dev_options *options,
			   uint32_t width, uint32_t height, uint32_t layers,
			   VkSampleCountFlagBits samples, bool depth);
void vk_scene_init(struct vk_scene *s, const VkPhysicalDeviceFeatures *features, uint32_t width,
		   uint32_t height, VkSampleCountFlagBits samples, bool depth);
void vk_scene_destroy(struct vk_scene *s);

/* Adds the rectangle [x0, x1) x [y0, y1) in pixels at clip depth @z (counter-clockwise). */
void vk_scene_rect(struct vk_scene *s, float x0, float y0, float x1, float y1, float z);

/* The vertices added so far. */
uint32_t vk_scene_vertex_count(const struct vk_scene *s);

/* A pipeline of the scene: positions from binding 0, the trace's set, 8 bytes pushed. */
struct vk_gfx_desc vk_scene_desc(const struct vk_scene *s, const uint32_t *vs, size_t vs_size,
				 const uint32_t *fs, size_t fs_size);

/*
 * Begins rendering (colour cleared to 0, depth to @clear_depth), binds @p,
 * the trace's set, the vertices and pushes the target's size.
 */
void vk_scene_begin(struct vk_scene *s, const struct vk_gfx_pipe *p, float clear_depth);
/* vk_scene_begin, one draw of every vertex, the end of rendering. */
void vk_scene_draw(struct vk_scene *s, const struct vk_gfx_pipe *p, float clear_depth);

/*
 * Ends the command buffer: the shaders' stores made visible to the host,
 * a single-sampled colour target read back (layer l at l * width * height
 * words of readback); submits and waits.
 */
void vk_scene_finish(struct vk_scene *s);

/* The pixels of the trace, @stride words each. */
static inline const uint32_t *vk_scene_pixels(const struct vk_scene *s)
{
	return (const uint32_t *)s->trace.map + 2;
}

/* Compares word @word of each pixel's @stride words of the trace with @expected. */
void vk_scene_check_trace(const struct vk_scene *s, uint32_t stride, uint32_t word,
			  const uint32_t *expected, const char *what);

#endif /* EMBER_VK_GFX_H */
