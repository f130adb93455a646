package cpu

import (
	"math/rand/v2"
	"testing"

	"github.com/noiselab/noise"
)

// The 4D simplex noise as the GLSL twin writes it (simplex.glsl): a kernel
// function returning a sample per corner, summed with sampleAdd. simplex4D
// computes the same operations in scalars; TestSimplex4DMirror checks that
// the two agree bit for bit.

// simplexKernel4 is the 4D kernel, 8(1/2 − |x|²)³ times the gradient, as
// simplexKernel3 with a fourth axis.
func simplexKernel4(g noise.Gradient, h SmallXXHash, lx, ly, lz, lw int32, X, Y, Z, W float32) noise.Sample {
	u := float32((((float32(lx) + float32(ly)) + float32(lz)) + float32(lw)) * unskew4)
	x := (X - float32(lx)) + u
	y := (Y - float32(ly)) + u
	z := (Z - float32(lz)) + u
	w := (W - float32(lw)) + u
	f := (((0.5 - float32(x*x)) - float32(y*y)) - float32(z*z)) - float32(w*w)
	s := evaluate4(g, h, x, y, z, w)
	m := kernelMask(f)
	return noise.Sample{
		V:  float32(float32(float32(float32(f*s.V)*f)*f) * m),
		Dx: float32(float32(float32((float32(f*s.Dx)-float32(float32(6*x)*s.V))*f)*f) * m),
		Dy: float32(float32(float32((float32(f*s.Dy)-float32(float32(6*y)*s.V))*f)*f) * m),
		Dz: float32(float32(float32((float32(f*s.Dz)-float32(float32(6*z)*s.V))*f)*f) * m),
		Dw: float32(float32(float32((float32(f*s.Dw)-float32(float32(6*w)*s.V))*f)*f) * m),
	}
}

// simplexCorner4 is the kernel of corner c (0–4) of the 4D simplex whose
// skewed cell has the lower corner l0 and whose axes have the ranks r:
// corner c is l0 plus 1 on every axis of rank 4 − c or more.
func simplexCorner4(g noise.Gradient, h SmallXXHash, l0, r [4]int32, c int32, P [4]float32) noise.Sample {
	lx, ly, lz, lw := l0[0]+b2i(r[0] >= 4-c), l0[1]+b2i(r[1] >= 4-c), l0[2]+b2i(r[2] >= 4-c), l0[3]+b2i(r[3] >= 4-c)
	return simplexKernel4(g, h.Eat(lx).Eat(ly).Eat(lz).Eat(lw), lx, ly, lz, lw, P[0], P[1], P[2], P[3])
}

// simplex4DMirror is simplex4D as simplex.glsl writes it.
func simplex4DMirror(vp *variantParams, h SmallXXHash, p point, f float32) noise.Sample {
	k := float32(float32(f) * scale4)
	P := [4]float32{clampCoord(float32(p.x * k)), clampCoord(float32(p.y * k)), clampCoord(float32(p.z * k)), clampCoord(float32(p.w * k))}
	l0, r := getSimplexCell4(P)
	g := vp.grad
	sum := sampleAdd(sampleAdd(sampleAdd(sampleAdd(
		simplexCorner4(g, h, l0, r, 0, P), simplexCorner4(g, h, l0, r, 1, P)),
		simplexCorner4(g, h, l0, r, 2, P)), simplexCorner4(g, h, l0, r, 3, P)),
		simplexCorner4(g, h, l0, r, 4, P))
	s := evaluateCombined(vp.comb, sum)
	s.Dx = float32(s.Dx * k)
	s.Dy = float32(s.Dy * k)
	s.Dz = float32(s.Dz * k)
	s.Dw = float32(s.Dw * k)
	return s
}

// TestSimplex4DMirror: simplex4D is the GLSL twin's form, bit for bit, for
// simplex and value gradients and every combine step.
func TestSimplex4DMirror(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 45))
	same := func(a, b float32) bool { return a == b && (a != 0 || 1/a == 1/b) || a != a && b != b }
	for _, g := range []noise.Gradient{noise.GradientSimplex, noise.GradientValue} {
		for _, c := range []noise.Combiner{noise.CombineNone, noise.CombineTurbulence, noise.CombineSmoothTurbulence} {
			vp := &variantParams{dims: 4, grad: g, comb: c}
			for i := 0; i < 3000; i++ {
				p := point{r.Float32()*20 - 10, r.Float32()*20 - 10, r.Float32()*20 - 10, r.Float32()*20 - 10}
				if i%10 == 0 { // on lattice lines too
					p.x, p.w = float32(r.IntN(40)-20)/4, float32(r.IntN(40)-20)/4
				}
				f := float32(1 + r.IntN(8))
				if i%2 == 1 { // a non-integer frequency
					f = 0.25 + 8*r.Float32()
				}
				h := Seed(int32(r.Uint32()))
				a, b := simplex4D(vp, h, p, f), simplex4DMirror(vp, h, p, f)
				if !same(a.V, b.V) || !same(a.Dx, b.Dx) || !same(a.Dy, b.Dy) || !same(a.Dz, b.Dz) || !same(a.Dw, b.Dw) {
					t.Fatalf("gradient %v, combine %v at %v f %v: %+v, GLSL form %+v", g, c, p, f, a, b)
				}
			}
		}
	}
}
