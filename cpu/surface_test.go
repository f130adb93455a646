package cpu_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

// TestPlaneSurfaceNormals checks the analytical plane normals and tangents
// (docs/algorithms.md §12) against the displaced surface itself: they are unit vectors,
// the tangent points along +X on the surface, and the normal is orthogonal
// to finite-difference surface tangents, for a rotated, scaled domain.
func TestPlaneSurfaceNormals(t *testing.T) {
	dom := noise.Domain{Rotation: [3]float32{20, 35, -10}, Scale: [3]float32{1, 2, 1.5}}
	s := mustSampler(t, noise.Config{Noise: noise.Simplex, Dims: 3, Settings: noise.DefaultSettings(), Domain: &dom})
	const k, h = 0.3, 1e-3
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 500; i++ {
		x, z := r.Float32()-0.5, r.Float32()-0.5
		height, n, tan := cpu.PlaneSurface(s.At(mgl32.Vec3{x, 0, z}), k)
		if got := k * s.ValueAt(mgl32.Vec3{x, 0, z}); height != got {
			t.Fatalf("height %v, want %v", height, got)
		}
		if math.Abs(float64(n.Len())-1) > 1e-6 || math.Abs(float64(tan.Vec3().Len())-1) > 1e-6 {
			t.Fatalf("normal %v or tangent %v not unit", n, tan)
		}
		y := func(x, z float32) float64 { return float64(k * s.ValueAt(mgl32.Vec3{x, 0, z})) }
		tx := mgl32.Vec3{2 * h, float32(y(x+h, z) - y(x-h, z)), 0}.Normalize()
		tz := mgl32.Vec3{0, float32(y(x, z+h) - y(x, z-h)), 2 * h}.Normalize()
		if d := n.Dot(tx); math.Abs(float64(d)) > 1e-2 {
			t.Fatalf("normal %v · x tangent %v = %v", n, tx, d)
		}
		if d := n.Dot(tz); math.Abs(float64(d)) > 1e-2 {
			t.Fatalf("normal %v · z tangent %v = %v", n, tz, d)
		}
		if d := tan.Vec3().Dot(tx); d < 0.99 {
			t.Fatalf("tangent %v vs finite difference %v: cos %v", tan, tx, d)
		}
	}
}

// TestSphereSurfaceNormals checks the analytical sphere normals and tangents
// (docs/algorithms.md §12) against finite differences of the displaced sphere.
func TestSphereSurfaceNormals(t *testing.T) {
	s := mustSampler(t, noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.Settings{Frequency: 2, Octaves: 2, Lacunarity: 2, Persistence: 0.5}})
	const k, h = 0.2, 2e-4
	surface := func(p mgl32.Vec3) mgl32.Vec3 {
		pos, _, _ := cpu.SphereSurface(p, mgl32.Vec3{}, s.At(p), k)
		return pos
	}
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 500; i++ {
		p := mgl32.Vec3{r.Float32()*2 - 1, r.Float32()*2 - 1, r.Float32()*2 - 1}.Normalize()
		// Two tangent directions at p.
		t1 := p.Cross(mgl32.Vec3{0.3, 1, 0.2}).Normalize()
		t2 := p.Cross(t1)
		pos, n, tan := cpu.SphereSurface(p, t1, s.At(p), k)
		if want := p.Mul(1 + k*s.ValueAt(p)); pos.Sub(want).Len() > 1e-6 {
			t.Fatalf("position %v, want %v", pos, want)
		}
		if math.Abs(float64(n.Len())-1) > 1e-5 || math.Abs(float64(tan.Len())-1) > 1e-5 {
			t.Fatalf("normal %v or tangent %v not unit", n, tan)
		}
		step := func(dir mgl32.Vec3) mgl32.Vec3 {
			a := surface(p.Add(dir.Mul(h)).Normalize())
			b := surface(p.Sub(dir.Mul(h)).Normalize())
			return a.Sub(b).Normalize()
		}
		d1, d2 := step(t1), step(t2)
		if d := n.Dot(d1); math.Abs(float64(d)) > 2e-2 {
			t.Fatalf("normal · tangent 1 = %v", d)
		}
		if d := n.Dot(d2); math.Abs(float64(d)) > 2e-2 {
			t.Fatalf("normal · tangent 2 = %v", d)
		}
		if d := tan.Dot(d1); d < 0.99 {
			t.Fatalf("carried tangent %v vs finite difference %v: cos %v", tan, d1, d)
		}
	}
}
