//go:build amd64 && !purego

package cpu

import (
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
)

// lean2DPoints are random points, lattice points and their neighbours,
// ±0, huge numbers, the infinities and NaN in x, z or the coordinates
// the 2D kernels do not read.
func lean2DPoints() []point {
	r := rand.New(rand.NewPCG(5, 6))
	neg0 := float32(math.Copysign(0, -1))
	inf := float32(math.Inf(1))
	nan := float32(math.NaN())
	special := []float32{0, neg0, 1, -1, 0.5, -0.5, 1e-45, -1e-45, 3e30, -3e30, 1 << 29, -(1 << 29), 1 << 64, -(1 << 64),
		math.MaxFloat32, -math.MaxFloat32, inf, -inf, nan}
	var ps []point
	for _, a := range special {
		for _, b := range special {
			ps = append(ps, point{a, r.Float32(), b, 0})
		}
	}
	for i := 0; i < 20000; i++ {
		p := point{r.Float32()*64 - 32, r.Float32()*64 - 32, r.Float32()*64 - 32, r.Float32()}
		switch i % 10 {
		case 1: // on the lattice (at frequencies 1 and 4), and beside it
			b := float32(r.IntN(64)-32) / 4
			p.x, p.z = b, math.Nextafter32(b, float32(r.IntN(2)*2-1)*100)
		case 2:
			p.y, p.w = nan, nan // not read
		case 3:
			p.x, p.z = p.x*1e6, p.z*1e-6
		case 4: // the diagonal of the simplex cells (the skewed fractions tie)
			p.z = p.x + float32(r.IntN(9)-4)
		case 5: // subnormal and tiny coordinates
			p.x, p.z = p.x*1e-40, p.z*1e-38
		}
		ps = append(ps, p)
	}
	return ps
}

// TestLean2DKernels checks the lean 2D kernels, called as ValueAt's
// valueFunc (leanValueFunc), against latticeValue2D or simplexValue2D (the
// functions they replace) bit for bit: every point of lean2DPoints, random hashes, and
// frequencies down to MinFrequency and up to 3e6.
func TestLean2DKernels(t *testing.T) {
	if !hasAVX2() {
		t.Skip("no AVX2")
	}
	r := rand.New(rand.NewPCG(1, 2))
	for _, k := range []struct {
		name string
		lean leanKernel
		grad noise.Gradient
		ref  valueFunc
		fn   valueFunc // a register kernel (regValueFunc; freqScaled), or nil
	}{
		{"value", valueLattice2DPointLeanAVX2, noise.GradientValue, latticeValue2D, nil},
		{"Perlin", perlinLattice2DPointLeanAVX2, noise.GradientPerlin, latticeValue2D, nil},
		{"value reg", nil, noise.GradientValue, latticeValue2D, lean2DHashed(leanReg2D[0], 0)},
		{"Perlin reg", nil, noise.GradientPerlin, latticeValue2D, lean2DHashed(leanReg2D[1], 1)},
		{"simplex value reg", nil, noise.GradientValue, simplexValue2D, freqScaled(leanReg2D[2], lean2DScale[2])},
		{"simplex reg", nil, noise.GradientSimplex, simplexValue2D, freqScaled(lean2DHashed(leanReg2D[3], 3), lean2DScale[3])},
		{"simplex reg, Perlin gradient", nil, noise.GradientPerlin, simplexValue2D, freqScaled(leanReg2D[2], lean2DScale[2])},
		{"value wide", nil, noise.GradientValue, latticeValue2D, lean2DHashed(leanReg2DWide[0], 0)},
		{"Perlin wide", nil, noise.GradientPerlin, latticeValue2D, lean2DHashed(leanReg2DWide[1], 1)},
		{"simplex value wide", nil, noise.GradientValue, simplexValue2D, freqScaled(leanReg2DWide[2], lean2DScale[2])},
		{"simplex wide", nil, noise.GradientSimplex, simplexValue2D, freqScaled(lean2DHashed(leanReg2DWide[3], 3), lean2DScale[3])},
	} {
		f := k.fn
		if f == nil {
			f = leanValueFunc(k.lean)
		}
		if strings.HasSuffix(k.name, " wide") && !leanWideOK {
			continue // no AVX-512VL
		}
		vp := &variantParams{dims: 2, grad: k.grad}
		for i, p := range lean2DPoints() {
			h := SmallXXHash(r.Uint32())
			fr := []float32{4, 0.7, 1, noise.MinFrequency, 3e6, 1.5, 1 / 3.0}[i%7]
			got, want := f(vp, h, p, fr), k.ref(vp, h, p, fr)
			if math.Float32bits(got) != math.Float32bits(want) {
				t.Fatalf("%s at %v, h %#x, f %v: %v (%08x), want %v (%08x)", k.name, p, uint32(h), fr,
					got, math.Float32bits(got), want, math.Float32bits(want))
			}
		}
	}
}

// TestLean2DSamplers checks ValueAt of the 2D lattice samplers at every
// level: the lean kernel where lean2D gives it (value noise, one octave,
// no domain, not tiling, no combine step, avx2 and above), and the same bits as the
// scalar level's ValueAt and Values.
func TestLean2DSamplers(t *testing.T) {
	levels := SupportedISAs()
	var pos []mgl32.Vec3
	for _, p := range lean2DPoints()[:6000] {
		pos = append(pos, mgl32.Vec3{p.x, p.y, p.z})
	}
	leanFuncs := map[uintptr]bool{}
	for i := range leanReg2D {
		leanFuncs[reflect.ValueOf(leanReg2D[i]).Pointer()] = true
		leanFuncs[reflect.ValueOf(leanReg2DWide[i]).Pointer()] = true
	}
	for _, n := range []noise.Noise{noise.Value, noise.ValueTurbulence, noise.Perlin, noise.Simplex, noise.SimplexValue, noise.SimplexTurbulence} {
		for _, freq := range []float32{4, 0.7, noise.MinFrequency, 3e6} {
			for _, mod := range []int{0, 1, 2} { // plain, two octaves, tiling
				st := noise.DefaultSettings()
				st.Frequency, st.Seed = freq, int32(mod*7-3)
				cfg := noise.Config{Noise: n, Dims: 2, Settings: st}
				switch mod {
				case 1:
					cfg.Settings.Octaves = 2
				case 2:
					cfg.Tiling = true
				}
				if cfg.Validate() != nil {
					continue
				}
				var ref *Sampler
				withISA(t, ISAScalar, func() { ref, _ = New(cfg) })
				want := make([]float32, len(pos))
				mustBatch(t, ref.Values(pos, want))
				for _, l := range levels {
					var s *Sampler
					withISA(t, l, func() { s, _ = New(cfg) })
					usesLean := leanFuncs[reflect.ValueOf(s.at3).Pointer()]
					should := l >= ISAAVX2 && mod == 0 && cfg.Noise.Parts().Combiner == noise.CombineNone
					if usesLean != should {
						t.Fatalf("%v at %v: lean 2D kernel %v, want %v", cfg, l, usesLean, should)
					}
					for i, p := range pos {
						v, r := s.ValueAt(p), ref.ValueAt(p)
						if math.Float32bits(v) != math.Float32bits(want[i]) || math.Float32bits(r) != math.Float32bits(want[i]) {
							t.Fatalf("%v at %v, %v: ValueAt %v (%08x), scalar Values %v (%08x), ValueAt %v",
								cfg, l, p, v, math.Float32bits(v), want[i], math.Float32bits(want[i]), r)
						}
					}
				}
			}
		}
	}
}

// TestLean2DRegABI checks that the lean 2D register kernels, called as
// valueFuncs, keep what Go's register ABI asks a function to keep: the
// zero in X15 (Go zeroes memory from it: z below), the goroutine in R14
// (the allocation and the map below use it), and the caller's frame (acc,
// keep and the loop state), whatever registers Go keeps them in.
func TestLean2DRegABI(t *testing.T) {
	if !hasAVX2() {
		t.Skip("no AVX2")
	}
	r := rand.New(rand.NewPCG(7, 8))
	seen := map[uint32]int{}
	kernels := leanReg2D[:]
	if leanWideOK {
		kernels = append(kernels, leanReg2DWide[:]...)
	}
	for k, f := range kernels {
		vp := &variantParams{dims: 2, grad: []noise.Gradient{noise.GradientValue, noise.GradientPerlin, noise.GradientValue, noise.GradientSimplex}[k%4]}
		ref := []valueFunc{latticeValue2D, latticeValue2D, simplexValue2D, simplexValue2D}[k%4]
		acc, keep := float32(0), 1.25
		for i := range 2000 {
			p := point{r.Float32()*64 - 32, 7, r.Float32()*64 - 32, 9}
			h := SmallXXHash(r.Uint32())
			vp.leanW = lean2DWords(k%4, h) // as the sampler writes them
			// the frequency 4 (regScale)
			got := f(vp, h, p, float32(4*lean2DScale[k%4]))
			z := [8]float32{} // zeroed from X15
			buf := make([]byte, 1+i%7)
			seen[math.Float32bits(got)]++
			for _, b := range buf {
				if b != 0 {
					t.Fatal("make returned memory that is not zero")
				}
			}
			for _, w := range z {
				if w != 0 {
					t.Fatalf("kernel %d: a zeroed array holds %v", k, z)
				}
			}
			if want := ref(vp, h, p, 4); math.Float32bits(got) != math.Float32bits(want) {
				t.Fatalf("kernel %d at %v: %v, want %v", k, p, got, want)
			}
			if p.y != 7 || p.w != 9 || keep != 1.25 {
				t.Fatalf("kernel %d: the caller's values changed: %v, %v", k, p, keep)
			}
			acc += got
		}
		if acc != acc {
			t.Fatalf("kernel %d: NaN sum", k)
		}
	}
	if len(seen) < 1000 {
		t.Fatalf("%d distinct values", len(seen))
	}
}

// TestLeanWordsLayout checks what the lean 2D register twins assume of
// their hash words (lean2DWords): leanW where asmgen's kernels read it,
// and primeCInv the inverse of primeC, so that (x + h·primeC⁻¹)·primeC is
// SmallXXHash's h + x·primeC for every word x.
func TestLeanWordsLayout(t *testing.T) {
	if off := unsafe.Offsetof(variantParams{}.leanW); off != leanWOffset {
		t.Errorf("variantParams.leanW at offset %d, the kernels read it at %d", off, leanWOffset)
	}
	if c, inv := primeC, primeCInv; c*inv != 1 {
		t.Errorf("primeC·primeCInv = %#x, want 1", c*inv)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 1000 {
		h, x := SmallXXHash(r.Uint32()), r.Uint32()
		for i := range lean2DCorners {
			w := lean2DWords(i, h)
			if lean2DCorners[i] == nil {
				if w != ([8]uint32{}) {
					t.Fatalf("kind %d reads no words, got %v", i, w)
				}
				continue
			}
			for c := 0; c < 8; c += 2 {
				dx := lean2DCorners[i][c]
				if got, want := (x+w[c])*primeC, uint32(h)+(x+dx)*primeC; got != want {
					t.Fatalf("kind %d, corner %d, h %#x, x %#x: %#x, want %#x", i, c/2, uint32(h), x, got, want)
				}
			}
		}
	}
}
