#version 450
// The Mandelbrot set, coloured: one invocation per pixel writes RGBA8.
// The iteration count also goes to a second buffer, so the demo can check
// every pixel against a C reference.
layout(local_size_x = 8, local_size_y = 8) in;

layout(std430, set = 0, binding = 0) writeonly buffer Pixels { uint rgba[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Iterations { uint iterations[]; };

layout(push_constant) uniform View {
	uint width, height, max_iter, pad;
	float center_x, center_y, scale, pad2;
} view;

vec3 palette(float t)
{
	// A cosine palette (Inigo Quilez's): deep blue through gold to white.
	return 0.5 + 0.5 * cos(6.28318 * (t + vec3(0.55, 0.65, 0.80)));
}

void main()
{
	uvec2 p = gl_GlobalInvocationID.xy;
	if (p.x >= view.width || p.y >= view.height)
		return;
	float cx = view.center_x + (float(p.x) - float(view.width) * 0.5) * view.scale;
	float cy = view.center_y + (float(p.y) - float(view.height) * 0.5) * view.scale;
	float x = 0.0, y = 0.0;
	uint i = 0u;
	while (i < view.max_iter && x * x + y * y <= 4.0) {
		float t = x * x - y * y + cx;
		y = 2.0 * x * y + cy;
		x = t;
		i++;
	}
	uint index = p.y * view.width + p.x;
	iterations[index] = i;
	vec3 c = i == view.max_iter ? vec3(0.0) : palette(sqrt(float(i) / float(view.max_iter)) * 1.5);
	uvec3 c8 = uvec3(clamp(c, 0.0, 1.0) * 255.0 + 0.5);
	rgba[index] = c8.r | (c8.g << 8) | (c8.b << 16) | (255u << 24);
}
