//go:build amd64 && !purego

package cpu

import (
	"slices"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
)

// BenchmarkLean3DValueAt times ValueAt's function for the lean 3D samplers
// on the 64³ grid of the peer benchmarks, paired: each iteration runs a
// chunk of 4096 points through the lean twin behind Go's ABI0 wrapper
// (leanValueFunc, ValueAt's function before the register twins) and
// through ValueAt's function now (the register twin, leanRegFunc), in
// alternating order, and the benchmark reports the median of the chunks'
// time ratios (reg/wrapped; below 1 the register twin is faster), which a
// busy machine disturbs less than two separate timings.
func BenchmarkLean3DValueAt(b *testing.B) {
	var pos []mgl32.Vec3
	for iz := range 64 {
		for iy := range 64 {
			for ix := range 64 {
				pos = append(pos, mgl32.Vec3{(float32(ix) + 0.5) / 64, (float32(iy) + 0.5) / 64, (float32(iz) + 0.5) / 64})
			}
		}
	}
	out := make([]float32, len(pos))
	for _, n := range []noise.Noise{noise.Value, noise.Perlin, noise.Simplex} {
		s, err := New(noise.Config{Noise: n, Dims: 3, Settings: noise.DefaultSettings()})
		if err != nil {
			b.Fatal(err)
		}
		old := leanWrapped(s.p1)
		if old == nil {
			continue // the scalar level
		}
		fs := []valueFunc{old, s.at3}
		frs := []float32{s.f0, s.atF} // the frequency arguments (regScale)
		b.Run(n.String(), func(b *testing.B) {
			const cn = 4096
			var rs []float64
			r := 0
			for b.Loop() {
				o := (r * cn) % len(pos)
				var d [2]time.Duration
				for k := range 2 {
					j := (k + r) % 2
					f := fs[j]
					t0 := time.Now()
					for i, p := range pos[o : o+cn] {
						out[o+i] = f(s.atVP, s.hash, point{x: p[0], y: p[1], z: p[2]}, frs[j])
					}
					d[j] = time.Since(t0)
				}
				rs = append(rs, float64(d[1])/float64(d[0]))
				r++
			}
			slices.Sort(rs)
			b.ReportMetric(rs[len(rs)/2], "reg/wrapped")
		})
	}
}

// leanWrapped is the lean twin of point kernel k behind Go's wrapper.
func leanWrapped(k point1) valueFunc {
	switch k {
	case value3DP1:
		return leanValueFunc(valueLattice3DPointLeanAVX2)
	case perlin3DP1:
		return leanValueFunc(perlinLattice3DPointLeanAVX2)
	case value3DWideP1:
		return leanValueFunc(valueLattice3DPointLeanAVX512)
	case perlin3DWideP1:
		return leanValueFunc(perlinLattice3DPointLeanAVX512)
	case simplexValue3DP1:
		return leanValueFunc(valueSimplex3DPointLeanAVX2)
	case simplex3DP1:
		return leanValueFunc(simplexSimplex3DPointLeanAVX2)
	}
	return nil
}
