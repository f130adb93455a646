//go:build amd64 && !purego

package cpu

import (
	"math"
	"math/rand/v2"
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
	}
	pairs := []pair{
		{"value AVX2", valueLattice3DPointLeanAVX2, valueLattice3DPointAVX2, false},
		{"Perlin AVX2", perlinLattice3DPointLeanAVX2, perlinLattice3DPointAVX2, false},
		{"value AVX-512", valueLattice3DPointLeanAVX512, valueLattice3DPointAVX512, true},
		{"Perlin AVX-512", perlinLattice3DPointLeanAVX512, perlinLattice3DPointAVX512, true},
		{"simplex value", valueSimplex3DPointLeanAVX2, valueSimplex3DPointAVX2, false},
		{"simplex", simplexSimplex3DPointLeanAVX2, simplexSimplex3DPointAVX2, false},
	}
	r := rand.New(rand.NewPCG(3, 4))
	vp := &variantParams{}
	for _, k := range pairs {
		if k.wide && !hasAVX512() {
			continue
		}
		f := leanValueFunc(k.lean)
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
			}
			h, fr := r.Uint32(), []float32{4, 0.7, 1, 3e6}[i%4]
			got := f(vp, SmallXXHash(h), p, fr)
			want := nan32
			if !isNaN32(p.x) && !isNaN32(p.y) && !isNaN32(p.z) {
				want = 0 + clampValue(k.plain(p.x, p.y, p.z, h, fr))
			}
			if math.Float32bits(got) != math.Float32bits(want) {
				t.Fatalf("%s at %v, h %#x, f %v: %v (%08x), want %v (%08x)", k.name, p, h, fr, got, math.Float32bits(got), want, math.Float32bits(want))
			}
		}
	}
}
