#version 450
#extension GL_EXT_samplerless_texture_functions : require
// bench-shader's texelFetch kernel: each invocation fetches a column of
// `rows` texels, `passes` times over, and writes their sum. The lanes of a
// workgroup take adjacent texels of a row, as a GPU's would.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform texture2D img;
layout(set = 0, binding = 1) buffer Sums { vec4 sums[]; };
layout(push_constant) uniform Push {
  uint width;
  uint rows;
  uint passes;
} pc;

void main() {
  uint x = gl_GlobalInvocationID.x;
  uint y0 = gl_GlobalInvocationID.y * pc.rows;
  vec4 acc = vec4(0.0);
  for (uint p = 0u; p < pc.passes; p++)
    for (uint r = 0u; r < pc.rows; r++)
      acc += texelFetch(img, ivec2(x, y0 + r), 0);
  sums[gl_GlobalInvocationID.y * pc.width + x] = acc;
}
