#version 450
// interpolateAt* on an element chosen at run time (an array element, a
// vector component, both) against the same with constant indices, and on
// block members.

layout(location = 0) in vec4 arr[3];
layout(location = 3) in Block {
	float a;
	vec2 b;
} blk;
layout(location = 5) noperspective in vec3 np;

layout(location = 0) out vec4 o[5];

void main()
{
	int i = int(gl_FragCoord.x) % 3, j = int(gl_FragCoord.y) % 2;
	const vec2 off = vec2(0.25, -0.125);

	o[0] = interpolateAtOffset(arr[i], off);
	o[1] = i == 0 ? interpolateAtOffset(arr[0], off) :
	       i == 1 ? interpolateAtOffset(arr[1], off) : interpolateAtOffset(arr[2], off);
	o[2].x = interpolateAtCentroid(np[i]);
	o[2].y = i == 0 ? interpolateAtCentroid(np.x) :
		 i == 1 ? interpolateAtCentroid(np.y) : interpolateAtCentroid(np.z);
	o[2].z = interpolateAtSample(arr[i][j + 1], 3);
	o[2].w = i == 0 ? (j == 0 ? interpolateAtSample(arr[0].y, 3) : interpolateAtSample(arr[0].z, 3)) :
		 i == 1 ? (j == 0 ? interpolateAtSample(arr[1].y, 3) : interpolateAtSample(arr[1].z, 3)) :
			  (j == 0 ? interpolateAtSample(arr[2].y, 3) : interpolateAtSample(arr[2].z, 3));
	o[3].xy = interpolateAtOffset(blk.b, vec2(-0.25, 0.375));
	o[3].z = interpolateAtCentroid(blk.a);
	o[3].w = interpolateAtOffset(blk.b[j], vec2(-0.25, 0.375));
	o[4] = vec4(i, j, 0.0, 0.0);
}
