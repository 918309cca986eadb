#version 450
#extension GL_EXT_terminate_invocation : require
// discard (OpKill) and terminateInvocation inside a divergent loop: the
// lanes that end leave every mask; the others finish the loop.
layout(location = 0) flat in int n;
layout(location = 0) out vec4 c;
void main() {
	int x = int(gl_FragCoord.x), acc = 0;
	for (int i = 0; i < n; i++) {
		if (i == x % 5 && x > 16)
			terminateInvocation;
		if (i == x % 7 && x < 4)
			discard;
		acc += i;
	}
	c = vec4(float(acc), 0.0, 0.0, 1.0);
}
