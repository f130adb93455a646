package cpu

import (
	"math/rand/v2"
	"testing"

	"github.com/noiselab/noise"
)

// The 4D lattice blend as the GLSL twin writes it (lattice.glsl), a
// recursion of lerpSample over the axes w, z, y, x. lattice4D computes the
// same operations level by level; TestLattice4DRecursion checks that the
// two agree bit for bit.

// lerpSample blends the samples lo and hi at the two ends of one axis of a
// lattice cell (docs/algorithms.md §2.6, 4D): every component is lerped
// with s.t, and the axis's own derivative (0–3: x, y, z, w) gains
// (hi.v − lo.v)·s.dt.
func lerpSample(lo, hi noise.Sample, s *latticeSpan, axis int) noise.Sample {
	t := s.t
	r := noise.Sample{
		V: lerp(lo.V, hi.V, t), Dx: lerp(lo.Dx, hi.Dx, t), Dy: lerp(lo.Dy, hi.Dy, t),
		Dz: lerp(lo.Dz, hi.Dz, t), Dw: lerp(lo.Dw, hi.Dw, t),
	}
	d := float32((hi.V - lo.V) * s.dt)
	switch axis {
	case 0:
		r.Dx = r.Dx + d
	case 1:
		r.Dy = r.Dy + d
	case 2:
		r.Dz = r.Dz + d
	default:
		r.Dw = r.Dw + d
	}
	return r
}

// lattice4W blends the two corners along w under the hash hxyz of the
// corner's x, y and z indices, with offsets ox, oy, oz on those axes.
func lattice4W(vp *variantParams, hxyz SmallXXHash, ox, oy, oz float32, w *latticeSpan) noise.Sample {
	a := evaluate4(vp.grad, hxyz.Eat(w.p0), ox, oy, oz, w.g0)
	b := evaluate4(vp.grad, hxyz.Eat(w.p1), ox, oy, oz, w.g1)
	return lerpSample(a, b, w, 3)
}

// lattice4Z blends along z the two w-blends under the hash hxy.
func lattice4Z(vp *variantParams, hxy SmallXXHash, ox, oy float32, z, w *latticeSpan) noise.Sample {
	return lerpSample(lattice4W(vp, hxy.Eat(z.p0), ox, oy, z.g0, w), lattice4W(vp, hxy.Eat(z.p1), ox, oy, z.g1, w), z, 2)
}

// lattice4Y blends along y the two z-blends under the hash hx.
func lattice4Y(vp *variantParams, hx SmallXXHash, ox float32, y, z, w *latticeSpan) noise.Sample {
	return lerpSample(lattice4Z(vp, hx.Eat(y.p0), ox, y.g0, z, w), lattice4Z(vp, hx.Eat(y.p1), ox, y.g1, z, w), y, 1)
}

// lattice4DRecursive is lattice4D as lattice.glsl writes it.
func lattice4DRecursive(vp *variantParams, h SmallXXHash, p point, f float32) noise.Sample {
	x := getSpan(p.x, f, vp.tiling)
	y := getSpan(p.y, f, vp.tiling)
	z := getSpan(p.z, f, vp.tiling)
	w := getSpan(p.w, f, vp.tiling)
	r := lerpSample(lattice4Y(vp, h.Eat(x.p0), x.g0, &y, &z, &w), lattice4Y(vp, h.Eat(x.p1), x.g1, &y, &z, &w), &x, 0)
	F := float32(f)
	r.Dx, r.Dy, r.Dz, r.Dw = float32(F*r.Dx), float32(F*r.Dy), float32(F*r.Dz), float32(F*r.Dw)
	return evaluateCombined(vp.comb, r)
}

// TestLattice4DRecursion: lattice4D is the GLSL twin's recursion, bit for
// bit, for value and Perlin gradients, every combine step, tiling or not;
// a blend along the wrong axis or in another order is caught.
func TestLattice4DRecursion(t *testing.T) {
	r := rand.New(rand.NewPCG(44, 44))
	same := func(a, b float32) bool { return a == b && (a != 0 || 1/a == 1/b) || a != a && b != b }
	for _, g := range []noise.Gradient{noise.GradientValue, noise.GradientPerlin} {
		for _, c := range []noise.Combiner{noise.CombineNone, noise.CombineTurbulence, noise.CombineSmoothTurbulence} {
			for _, tiling := range []bool{false, true} {
				vp := &variantParams{dims: 4, tiling: tiling, grad: g, comb: c}
				for i := 0; i < 2000; i++ {
					p := point{r.Float32()*20 - 10, r.Float32()*20 - 10, r.Float32()*20 - 10, r.Float32()*20 - 10}
					f := float32(1 + r.IntN(8))
					if !tiling && i%2 == 1 { // a non-integer frequency (not for tiling)
						f = 0.25 + 8*r.Float32()
					}
					h := Seed(int32(r.Uint32()))
					a, b := lattice4D(vp, h, p, f), lattice4DRecursive(vp, h, p, f)
					if !same(a.V, b.V) || !same(a.Dx, b.Dx) || !same(a.Dy, b.Dy) || !same(a.Dz, b.Dz) || !same(a.Dw, b.Dw) {
						t.Fatalf("gradient %v, combine %v, tiling %v at %v f %v: %+v, recursion %+v", g, c, tiling, p, f, a, b)
					}
				}
			}
		}
	}
}
