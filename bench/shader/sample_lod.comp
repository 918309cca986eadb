#version 450
// bench-shader's textureLod kernel: sample_fetch.comp's walk through a
// combined image sampler at LOD 0, normalized coordinates at `offset`
// from each texel's corner (the centre for nearest filtering, off-centre
// so that linear filtering blends four texels).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform sampler2D img;
layout(set = 0, binding = 1) buffer Sums { vec4 sums[]; };
layout(push_constant) uniform Push {
  uint width;
  uint rows;
  uint passes;
  vec2 offset;
  vec2 inv_size;
} pc;

void main() {
  uint x = gl_GlobalInvocationID.x;
  uint y0 = gl_GlobalInvocationID.y * pc.rows;
  vec4 acc = vec4(0.0);
  for (uint p = 0u; p < pc.passes; p++)
    for (uint r = 0u; r < pc.rows; r++)
      acc += textureLod(img, (vec2(x, y0 + r) + pc.offset) * pc.inv_size, 0.0);
  sums[gl_GlobalInvocationID.y * pc.width + x] = acc;
}
