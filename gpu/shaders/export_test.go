package shaders

import (
	"fmt"
	"strings"
)

// Divide255Kernel is ArithKernel with divide255 of each operand in place of
// div32 and sqrt32.
func Divide255Kernel(opts *Options) (string, error) {
	k, err := ArithKernel(opts)
	if err != nil {
		return "", err
	}
	const call = "vec2(noise_div32(ab.x, ab.y), noise_sqrt32(uintBitsToFloat(floatBitsToUint(ab.x) & 0x7FFFFFFFu)))"
	if !strings.Contains(k, call) {
		return "", fmt.Errorf("ArithKernel's call moved: update Divide255Kernel")
	}
	return strings.Replace(k, call, "vec2(noise_divide255(ab.x), noise_divide255(ab.y))", 1), nil
}

// ArithKernel is a compute kernel for the arithmetic tests: for each pair
// (a, b) in binding 0 it writes (div32(a, b), sqrt32(|a|)) to binding 1,
// for noiseCount pairs.
func ArithKernel(opts *Options) (string, error) {
	o, err := opts.resolve()
	if err != nil {
		return "", err
	}
	lib := fmt.Sprintf("#define NOISE_ARITH_EXACT %d\n", b2i(o.Arith == ArithExact)) + read("arith.glsl")
	return build(lib, `
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer Pairs { vec2 pairs[]; };
layout(std430, binding = 1) writeonly buffer Results { vec2 results[]; };
layout(location = 0) uniform uint noiseCount;
void main() {
	uint i = gl_GlobalInvocationID.x;
	vec2 ab = pairs[min(i, noiseCount - 1u)];
	vec2 r = vec2(div32(ab.x, ab.y), sqrt32(uintBitsToFloat(floatBitsToUint(ab.x) & 0x7FFFFFFFu)));
	if (i < noiseCount) {
		results[i] = r;
	}
}
`, o, true)
}
