//go:build cgo

package shaders_test

import (
	"math"
	"math/rand/v2"
	"os"
	"testing"
	"unsafe"

	"github.com/go-gl/gl/v4.3-core/gl"

	"github.com/noiselab/noise/gpu/dispatch"
	"github.com/noiselab/noise/gpu/shaders"
)

// operands returns n pairs: random bits (subnormals included), numbers
// near 1, small integers (exact quotients), and the edges of the range.
func operands(n int) []float32 {
	r := rand.New(rand.NewPCG(1, 2))
	one := func() float32 {
		switch r.IntN(5) {
		case 0:
			return math.Float32frombits(r.Uint32() & 0x7FFFFFFF)
		case 1:
			return float32(r.Float64()*4 - 2)
		case 2:
			return float32(r.IntN(300))
		case 3:
			return math.Float32frombits(0x3F800000 + uint32(r.IntN(64)) - 32)
		}
		return []float32{math.MaxFloat32, 0x1p-126, 0x1p-149, 3, 255, 0.25, 1, 7, 1e-30, 1e30}[r.IntN(10)]
	}
	out := make([]float32, 0, 2*n)
	for range n {
		a, b := one(), one()
		if r.IntN(2) == 0 {
			a = -a
		}
		if r.IntN(4) == 0 {
			b = -b
		}
		out = append(out, a, b)
	}
	return out
}

// runArith evaluates ArithKernel(o) on the pairs on a fresh context.
func runArith(t *testing.T, o *shaders.Options, in []float32) []float32 {
	t.Helper()
	return runKernel(t, shaders.ArithKernel, o, in)
}

// runKernel evaluates kernel(o) (ArithKernel's bindings) on the pairs on a
// fresh context.
func runKernel(t *testing.T, kernel func(*shaders.Options) (string, error), o *shaders.Options, in []float32) []float32 {
	t.Helper()
	ctx, err := dispatch.New(dispatch.Options{})
	if err != nil {
		if os.Getenv("NOISE_REQUIRE_GPU") != "" {
			t.Fatalf("NOISE_REQUIRE_GPU is set but there is no GL context: %v", err)
		}
		t.Skipf("no OpenGL 4.3 context: %v", err)
	}
	defer ctx.Close()
	src, err := kernel(o)
	if err != nil {
		t.Fatal(err)
	}
	n := len(in) / 2
	out := make([]float32, len(in))
	err = ctx.Do(func() error {
		name, err := dispatch.CompileCompute(src)
		if err != nil {
			return err
		}
		p := uint32(name)
		defer gl.DeleteProgram(p)
		var bufs [2]uint32
		gl.CreateBuffers(2, &bufs[0])
		defer gl.DeleteBuffers(2, &bufs[0])
		gl.NamedBufferData(bufs[0], len(in)*4, unsafe.Pointer(&in[0]), gl.STATIC_DRAW)
		gl.NamedBufferData(bufs[1], len(out)*4, nil, gl.DYNAMIC_COPY)
		gl.BindBufferBase(gl.SHADER_STORAGE_BUFFER, 0, bufs[0])
		gl.BindBufferBase(gl.SHADER_STORAGE_BUFFER, 1, bufs[1])
		gl.UseProgram(p)
		gl.ProgramUniform1ui(p, 0, uint32(n))
		gl.DispatchCompute(uint32((n+63)/64), 1, 1)
		gl.MemoryBarrier(gl.BUFFER_UPDATE_BARRIER_BIT)
		gl.GetNamedBufferSubData(bufs[1], 0, len(out)*4, unsafe.Pointer(&out[0]))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func same(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) || a != a && b != b }

// ulps is the distance from a to b in units in the last place of a's
// binade (NaN and Inf: huge unless equal).
func ulps(a, b float32) float64 {
	if same(a, b) {
		return 0
	}
	if a != a || b != b || math.IsInf(float64(a), 0) || math.IsInf(float64(b), 0) {
		return math.Inf(1)
	}
	_, e := math.Frexp(float64(a))
	return math.Abs(float64(a)-float64(b)) / math.Ldexp(1, e-24)
}

// TestExactArithmetic: with ArithExact, div32 and sqrt32 give Go's
// correctly rounded float32 results bit for bit (subnormal quotients
// included), on the GPU's own operations and on the emulated worst GPU,
// whose / and sqrt are off by up to 2 and about 4 ULP: the GPU's answers
// are only first guesses. The emulation itself is checked too: native
// arithmetic under it is not exact, but stays within GLSL's 2.5 ULP for /
// of normal quotients.
func TestExactArithmetic(t *testing.T) {
	in := operands(1 << 19)
	n := len(in) / 2
	want := make([]float32, len(in))
	for i := range n {
		a, b := in[2*i], in[2*i+1]
		want[2*i] = a / b
		want[2*i+1] = float32(math.Sqrt(float64(float32(math.Abs(float64(a))))))
	}
	for _, p := range []shaders.Precision{shaders.PrecisionNative, shaders.PrecisionWorst} {
		got := runArith(t, &shaders.Options{Arith: shaders.ArithExact, Precision: p}, in)
		bad := 0
		for i := range got {
			if !same(want[i], got[i]) {
				if bad < 5 {
					op := "/"
					if i%2 == 1 {
						op = "sqrt"
					}
					t.Errorf("exact, precision %s: %s of %g, %g: want %08X, got %08X", p, op, in[i&^1], in[i|1],
						math.Float32bits(want[i]), math.Float32bits(got[i]))
				}
				bad++
			}
		}
		t.Logf("exact arithmetic, precision %s: %d of %d results differ from Go", p, bad, len(got))
	}
	got := runArith(t, &shaders.Options{Precision: shaders.PrecisionWorst}, in)
	inexact, worst := 0, 0.0
	for i := 0; i < len(got); i += 2 {
		q := want[i]
		if q == 0 || math.IsInf(float64(q), 0) || q != q || math.Abs(float64(q)) < 0x1p-125 || // moved down, it may be flushed
			math.Abs(float64(in[i+1])) < 0x1p-126 || math.Abs(float64(in[i+1])) > 0x1p126 {
			continue // outside the range GLSL bounds, or flushed
		}
		if !same(q, got[i]) {
			inexact++
		}
		worst = max(worst, ulps(q, got[i]))
	}
	if inexact < n/2 || worst > 2 {
		t.Errorf("worst-case emulation: %d of %d quotients moved, at most %.1f ULP from the correctly rounded; want most moved, by at most 2", inexact, n, worst)
	}
}

// TestDivide255: divide255 (perm-value's 2n/255, from +, − and × in either
// arithmetic) gives Go's correctly rounded a / 255 bit for bit: random bits
// (subnormal quotients included), numbers near 1 and small integers, the
// edges of the range, ±0, ±Inf and NaN, and the quotients half an ULP either
// side of a float (a = 255·(q ± ulp/2) rounded), on the GPU's own
// operations and on the emulated worst GPU.
func TestDivide255(t *testing.T) {
	in := operands(1 << 18)
	in = append(in, 0, float32(math.Copysign(0, -1)), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 510, -255)
	r := rand.New(rand.NewPCG(3, 4))
	for range 1 << 16 {
		q := math.Float32frombits(0x00000001 + r.Uint32()%0x7E000000) // positive, up to 2^125
		ulp := math.Nextafter32(q, float32(math.Inf(1))) - q
		in = append(in, float32(255*(float64(q)+float64(ulp)/2)), float32(255*(float64(q)-float64(ulp)/2)))
	}
	if len(in)%2 == 1 {
		in = append(in, 1)
	}
	for _, p := range []shaders.Precision{shaders.PrecisionNative, shaders.PrecisionWorst} {
		for _, a := range []shaders.Arith{shaders.ArithNative, shaders.ArithExact} {
			got := runKernel(t, shaders.Divide255Kernel, &shaders.Options{Arith: a, Precision: p}, in)
			bad := 0
			for i, x := range in {
				if want := x / 255; !same(want, got[i]) {
					if bad < 5 {
						t.Errorf("arith %s, precision %s: %g / 255 (%08X): want %08X, got %08X", a, p, x, math.Float32bits(x),
							math.Float32bits(want), math.Float32bits(got[i]))
					}
					bad++
				}
			}
			if bad > 0 {
				t.Errorf("arith %s, precision %s: %d of %d quotients differ from Go", a, p, bad, len(in))
			}
		}
	}
}
