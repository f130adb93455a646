//go:build amd64 && !purego

package cpu

import (
	"os"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
)

// threadCPU is the calling thread's CPU time.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(1, &ru) // RUSAGE_THREAD
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestLeanRegAB (NOISE_LEANAB=1) times ValueAt's function of the lean 3D
// samplers against the former one, the lean twin through Go's wrapper,
// alternating on the 64³ grid of the peer benchmarks, and logs the median
// of the per-round ratios of thread CPU time.
func TestLeanRegAB(t *testing.T) {
	if os.Getenv("NOISE_LEANAB") == "" {
		t.Skip("NOISE_LEANAB=1 times the lean register twins")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
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
			t.Fatal(err)
		}
		old := leanOld(s.p1)
		if old == nil {
			t.Logf("%v: no lean kernel at %v", n, s.isa)
			continue
		}
		fs := []valueFunc{old, s.at3}
		run := func(f valueFunc) time.Duration {
			t0 := threadCPU()
			for i, p := range pos {
				out[i] = f(s.atVP, s.hash, point{x: p[0], y: p[1], z: p[2]}, s.f0)
			}
			return threadCPU() - t0
		}
		var ratios []float64
		var tot [2]time.Duration
		for r := 0; r < 60; r++ {
			var d [2]time.Duration
			for k := range 2 {
				j := (k + r) % 2
				d[j] = run(fs[j])
			}
			tot[0] += d[0]
			tot[1] += d[1]
			ratios = append(ratios, float64(d[1])/float64(d[0]))
		}
		slices.Sort(ratios)
		np := float64(60 * len(pos))
		t.Logf("%v %v: new/old CPU time median %.3f (old %.2f ns/pt, new %.2f ns/pt)", n, s.isa, ratios[len(ratios)/2], float64(tot[0])/np, float64(tot[1])/np)
	}
}

// leanOld is the lean twin through Go's wrapper, ValueAt's former function.
func leanOld(k point1) valueFunc {
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
