//go:build amd64 && !purego

package cpu

import (
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
)

// smoothExpLevels are the levels this CPU has whose smooth Worley kernels
// run: AVX2 and AVX-512 (wide).
func smoothExpLevels() (wide []bool) {
	if cpuAVX2 {
		wide = append(wide, false)
	}
	if cpuAVX512 {
		wide = append(wide, true)
	}
	return wide
}

// smoothExpLo and smoothExpHi are the magnitudes that bound the exhaustive
// range: 2^−25 and 104 (every float32 x with 2^−25 <= −x <= 104).
const (
	smoothExpLo = 0x33000000 // 2^−25
	smoothExpHi = 0x42D00000 // 104
)

// TestSmoothExpExhaustive checks the smooth Worley kernels' exp32 (the
// routine smoothExp of internal/cmd/asmgen/widesmooth.go, through the test
// kernels smoothExpAVX2 and smoothExpAVX512 that run it alone) against
// exp32 — float32(math.Exp(float64(x))) on this machine, as the scalar
// code computes it — for every float32 x in [−104, −2^−25], at every level
// this CPU has (under -short or -race a strided subset). The kernels'
// inputs are −10·v, v >= 0 a distance, so x <= −0; outside that range
// TestSmoothExpEdges samples them.
func TestSmoothExpExhaustive(t *testing.T) {
	levels := smoothExpLevels()
	if len(levels) == 0 {
		t.Skip("this CPU has no AVX2")
	}
	stride := uint32(1)
	if testing.Short() || smoothRace {
		stride = 9973
	}
	const batch = 1 << 14
	for _, wide := range levels {
		workers := runtime.GOMAXPROCS(0)
		var wg sync.WaitGroup
		var mu sync.Mutex
		var bad []uint32
		// each worker takes every workers-th block of batch inputs
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				x := make([]float32, batch)
				got := make([]float32, batch)
				for start := uint64(smoothExpLo) + uint64(w)*batch*uint64(stride); start <= smoothExpHi; start += uint64(workers) * batch * uint64(stride) {
					n := 0
					for b := start; n < batch && b <= smoothExpHi; b += uint64(stride) {
						x[n] = -math.Float32frombits(uint32(b))
						n++
					}
					m := (n + 15) &^ 15
					for i := n; i < m; i++ {
						x[i] = -1
					}
					smoothExpBatch(wide, x[:m], got[:m])
					for i := 0; i < n; i++ {
						if math.Float32bits(got[i]) != math.Float32bits(exp32(x[i])) {
							mu.Lock()
							bad = append(bad, math.Float32bits(x[i]))
							mu.Unlock()
						}
					}
				}
			}()
		}
		wg.Wait()
		for i, b := range bad {
			if i == 10 {
				t.Errorf("... %d in all", len(bad))
				break
			}
			x := math.Float32frombits(b)
			g := make([]float32, 16)
			in := make([]float32, 16)
			for j := range in {
				in[j] = x
			}
			smoothExpBatch(wide, in, g)
			t.Errorf("wide %v: exp32(%v) (%08x) = %v (%08x), want %v (%08x)", wide, x, b, g[0], math.Float32bits(g[0]), exp32(x), math.Float32bits(exp32(x)))
		}
	}
}

// TestSmoothExpEdges checks the routine where the exhaustive test does not
// reach: −2^−25 < x <= −0 (exp32 is 1; sampled, and the binade ends), and
// x < −104 (exp32 is +0; −Inf, the most negative float32, and samples).
func TestSmoothExpEdges(t *testing.T) {
	levels := smoothExpLevels()
	if len(levels) == 0 {
		t.Skip("this CPU has no AVX2")
	}
	var xs []float32
	r := rand.New(rand.NewPCG(5, 6))
	neg := func(b uint32) float32 { return -math.Float32frombits(b) }
	xs = append(xs, float32(math.Copysign(0, -1)), neg(1), neg(smoothExpLo-1), neg(smoothExpLo), neg(smoothExpHi), neg(smoothExpHi+1),
		float32(math.Inf(-1)), -math.MaxFloat32, -103.97, -103.972, -103.98, -87.3, -87.34, -1e-8, -1e-30)
	for e := uint32(0); e < 0x33; e++ { // every binade below 2^−25: its ends
		xs = append(xs, neg(e<<23), neg(e<<23|0x7FFFFF))
	}
	for range 1 << 16 {
		xs = append(xs, neg(r.Uint32N(smoothExpLo)), neg(smoothExpHi+1+r.Uint32N(0x7F800000-smoothExpHi-1)))
	}
	for len(xs)%16 != 0 {
		xs = append(xs, -1)
	}
	got := make([]float32, len(xs))
	for _, wide := range levels {
		smoothExpBatch(wide, xs, got)
		for i, x := range xs {
			if math.Float32bits(got[i]) != math.Float32bits(exp32(x)) {
				t.Errorf("wide %v: exp32(%v) (%08x) = %v, want %v", wide, x, math.Float32bits(x), got[i], exp32(x))
			}
		}
	}
}
