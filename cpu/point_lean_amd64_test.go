//go:build amd64 && !purego

package cpu

import (
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestLeanKernelABI checks that a lean point kernel called as a valueFunc
// (leanValueFunc) reads its arguments where valueFunc passes them: for
// random hashes, frequencies and points, NaN coordinates included, its
// result has the bits of ValueAt's former function around the plain
// kernel, 0 + clampValue(k(x, y, z, h, f)) or NaN.
func TestLeanKernelABI(t *testing.T) {
	if !hasAVX2() {
		t.Skip("no AVX2")
	}
	type pair struct {
		name  string
		lean  leanKernel
		plain func(x, y, z float32, h uint32, f float32) float32
		wide  bool
		reg   int // the register twin (leanRegFunc)
	}
	pairs := []pair{
		{"value AVX2", valueLattice3DPointLeanAVX2, valueLattice3DPointAVX2, false, leanRegValueAVX2},
		{"Perlin AVX2", perlinLattice3DPointLeanAVX2, perlinLattice3DPointAVX2, false, leanRegPerlinAVX2},
		{"value AVX-512", valueLattice3DPointLeanAVX512, valueLattice3DPointAVX512, true, leanRegValueAVX512},
		{"Perlin AVX-512", perlinLattice3DPointLeanAVX512, perlinLattice3DPointAVX512, true, leanRegPerlinAVX512},
		{"simplex value", valueSimplex3DPointLeanAVX2, valueSimplex3DPointAVX2, false, leanRegSimplexValue},
		{"simplex", simplexSimplex3DPointLeanAVX2, simplexSimplex3DPointAVX2, false, leanRegSimplex},
		{"simplex value VL", valueSimplex3DPointLeanAVX2, valueSimplex3DPointAVX2, true, leanRegSimplexValueWide},
		{"simplex VL", simplexSimplex3DPointLeanAVX2, simplexSimplex3DPointAVX2, true, leanRegSimplexWide},
	}
	r := rand.New(rand.NewPCG(3, 4))
	vp := &variantParams{}
	for _, k := range pairs {
		if k.wide && !hasAVX512() || k.reg >= leanRegSimplexValueWide && !leanWideOK {
			continue
		}
		scale := float32(1) // regScale
		if k.reg >= leanRegSimplexValue {
			scale = scale3
		}
		f, fr := leanValueFunc(k.lean), freqScaled(leanRegFunc(k.reg), scale)
		for i := 0; i < 20000; i++ {
			p := point{r.Float32()*64 - 32, r.Float32()*64 - 32, r.Float32()*64 - 32, r.Float32()}
			switch i % 50 {
			case 1:
				p.x = float32(math.NaN())
			case 2:
				p.y = float32(math.NaN())
			case 3:
				p.z = float32(math.NaN())
			case 4:
				p.w = float32(math.NaN()) // not read
			case 5:
				p.x, p.z = float32(math.Inf(1)), -3e30
			case 6, 7: // −0, whose floor VROUNDPS gives as −0 (asmgen/pointlean.go)
				p.x = float32(math.Copysign(0, -1))
				if i%50 == 7 {
					p.y, p.z = p.x, p.x
				}
			case 8: // on the lattice, and at −0 and +0 after the scale
				p.x, p.y, p.z = -1, float32(math.Copysign(0, -1)), 0
			case 9: // the coordinate clamp's edges (clampBits), either sign
				p.x, p.y, p.z = 1<<29/4, -(1<<29)/4, math.Nextafter32(1<<29/4, 1e38)
			case 10:
				p.x, p.y, p.z = float32(math.Inf(-1)), float32(math.Inf(1)), -math.MaxFloat32
			}
			h, freq := r.Uint32(), []float32{4, 0.7, 1, 3e6}[i%4]
			want := nan32
			if !isNaN32(p.x) && !isNaN32(p.y) && !isNaN32(p.z) {
				want = 0 + clampValue(k.plain(p.x, p.y, p.z, h, freq))
			}
			for j, g := range []valueFunc{f, fr} {
				got := g(vp, SmallXXHash(h), p, freq)
				if math.Float32bits(got) != math.Float32bits(want) {
					t.Fatalf("%s (register twin: %v) at %v, h %#x, f %v: %v (%08x), want %v (%08x)", k.name, j == 1, p, h, freq, got, math.Float32bits(got), want, math.Float32bits(want))
				}
			}
		}
	}
}

// TestLeanRegKernels reads the generated text of the register twins of the
// lean 3D kernels (asmgen/pointlean.go), which Go's register ABI calls
// without a wrapper: none may name R14 (the goroutine), X15 (zero under
// that ABI), SP, BP or an argument slot of the frame.
func TestLeanRegKernels(t *testing.T) {
	src, err := os.ReadFile("kernels_avx2_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	names := []string{
		"valueLattice3DPointLeanRegAVX2", "perlinLattice3DPointLeanRegAVX2",
		"valueLattice3DPointLeanRegAVX512", "perlinLattice3DPointLeanRegAVX512",
		"valueSimplex3DPointLeanRegAVX2", "simplexSimplex3DPointLeanRegAVX2",
		"valueSimplex3DPointLeanRegAVX512", "simplexSimplex3DPointLeanRegAVX512",
	}
	if len(names) != leanRegCount {
		t.Fatalf("%d names for %d twins", len(names), leanRegCount)
	}
	bad := regexp.MustCompile(`\b(R14|[XYZ]15|SP|BP)\b|\(FP\)`)
	for _, n := range names {
		text := string(src)
		i := strings.Index(text, "TEXT ·"+n+"(SB)")
		if i < 0 {
			t.Fatalf("%s: not in the generated file", n)
		}
		body := text[i+1:]
		if j := strings.Index(body, "\nTEXT "); j >= 0 {
			body = body[:j]
		}
		for _, line := range strings.Split(body, "\n") {
			if c, _, _ := strings.Cut(line, "//"); bad.MatchString(c) {
				t.Errorf("%s: %q", n, strings.TrimSpace(line))
			}
		}
		if !strings.Contains(body, "RET") {
			t.Errorf("%s: no RET", n)
		}
	}
}
