//go:build amd64 && !purego

package cpu

import (
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
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
	for _, wide := range levels {
		bad := smoothCheckRange(smoothExpLo, smoothExpHi, stride, true, func(x, out []float32) { smoothExpBatch(wide, x, out) }, exp32)
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

// smoothLogLo and smoothLogHi bound smoothLogOK's range: 2^−26 and 64.
const (
	smoothLogLo = 0x32800000 // 2^−26
	smoothLogHi = 0x42800000 // 64
)

// TestSmoothLogExhaustive checks the kernels' log32 (smoothLog of
// internal/cmd/asmgen/widesmooth.go, math.Log's amd64 steps on float64
// lanes) against log32 — float32(math.Log(float64(x))) on this machine —
// for every float32 x in [2^−26, 64] (smoothLogOK; Go computes log32
// itself elsewhere), at every level this CPU has (under -short or -race a
// strided subset), and a sample of the positive normal floats beyond.
func TestSmoothLogExhaustive(t *testing.T) {
	levels := smoothExpLevels()
	if len(levels) == 0 {
		t.Skip("this CPU has no AVX2")
	}
	if !smoothLogOK(math.Float32frombits(smoothLogLo)) || !smoothLogOK(math.Float32frombits(smoothLogHi)) ||
		smoothLogOK(math.Float32frombits(smoothLogLo-1)) || smoothLogOK(math.Float32frombits(smoothLogHi+1)) {
		t.Fatal("smoothLogOK's range is not the tested one")
	}
	stride := uint32(1)
	if testing.Short() || smoothRace {
		stride = 9973
	}
	for _, wide := range levels {
		bad := smoothCheckRange(smoothLogLo, smoothLogHi, stride, false, func(x, out []float32) { smoothLogBatch(wide, x, out) }, log32)
		r := rand.New(rand.NewPCG(7, 8))
		for range 1 << 16 { // positive normal floats outside the range: the same steps
			b := 0x00800000 + r.Uint32N(0x7F800000-0x00800000)
			in, got := make([]float32, 16), make([]float32, 16)
			for j := range in {
				in[j] = math.Float32frombits(b)
			}
			smoothLogBatch(wide, in, got)
			if math.Float32bits(got[0]) != math.Float32bits(log32(in[0])) {
				bad = append(bad, b)
			}
		}
		for i, b := range bad {
			if i == 10 {
				t.Errorf("... %d in all", len(bad))
				break
			}
			x := math.Float32frombits(b)
			in, got := make([]float32, 16), make([]float32, 16)
			for j := range in {
				in[j] = x
			}
			smoothLogBatch(wide, in, got)
			t.Errorf("wide %v: log32(%v) (%08x) = %v (%08x), want %v (%08x)", wide, x, b, got[0], math.Float32bits(got[0]), log32(x), math.Float32bits(log32(x)))
		}
	}
}

// smoothCheckRange runs kern over every stride-th float32 whose bits lie
// in [lo, hi] (negated with neg), in batches over GOMAXPROCS goroutines,
// and returns the bits of the inputs where it differs from ref.
func smoothCheckRange(lo, hi, stride uint32, neg bool, kern func(x, out []float32), ref func(float32) float32) []uint32 {
	const batch = 1 << 14
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var bad []uint32
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := make([]float32, batch)
			got := make([]float32, batch)
			for start := uint64(lo) + uint64(w)*batch*uint64(stride); start <= uint64(hi); start += uint64(workers) * batch * uint64(stride) {
				n := 0
				for b := start; n < batch && b <= uint64(hi); b += uint64(stride) {
					x[n] = math.Float32frombits(uint32(b))
					if neg {
						x[n] = -x[n]
					}
					n++
				}
				m := (n + 15) &^ 15
				for i := n; i < m; i++ {
					x[i] = x[0]
				}
				kern(x[:m], got[:m])
				for i := 0; i < n; i++ {
					if math.Float32bits(got[i]) != math.Float32bits(ref(x[i])) {
						mu.Lock()
						bad = append(bad, math.Float32bits(x[i]))
						mu.Unlock()
					}
				}
			}
		}()
	}
	wg.Wait()
	return bad
}

// TestSmoothFunctions checks valuesSmooth against the sample path
// (valueOctaves) at every Voronoi function but the cell value — smooth
// Worley's noises use F1 and F2 alone; the others run both kernels
// (smoothFinish's general case) — in 1D, 2D and 3D, tiling or not, with
// jitter, octaves and the fractal modes, at every level this CPU has.
func TestSmoothFunctions(t *testing.T) {
	levels := SupportedISAs()[1:]
	if len(levels) == 0 {
		t.Skip("this CPU runs the scalar level only")
	}
	r := rand.New(rand.NewPCG(9, 10))
	pos := make([]mgl32.Vec3, 301)
	for i := range pos {
		pos[i] = mgl32.Vec3{r.Float32()*40 - 20, r.Float32()*40 - 20, r.Float32()*40 - 20}
	}
	pos[7] = mgl32.Vec3{1e9, -3e7, 2e10}
	for _, l := range levels {
		for dims := 1; dims <= 3; dims++ {
			for _, tiling := range []bool{false, true} {
				for fn := noise.FunctionF1; fn <= noise.FunctionF1DivF2; fn++ {
					for _, fr := range []noise.Fractal{noise.FractalFBm, noise.FractalRidged, noise.FractalPingPong} {
						st := noise.DefaultSettings()
						st.Octaves, st.Jitter, st.Fractal, st.Frequency = 3, 0.7, fr, 1.5
						if tiling {
							st.Frequency = 3
						}
						cfg := noise.Config{Noise: noise.VoronoiWorleySmoothLSE, Dims: dims, Tiling: tiling, Settings: st}
						var s *Sampler
						var err error
						withISA(t, l, func() { s, err = New(cfg) })
						if err != nil {
							t.Fatal(err)
						}
						if !s.sk.ok() {
							t.Fatalf("%v at %v: no smooth kernel", cfg, l)
						}
						s.vp.function = fn
						got := make([]float32, len(pos))
						s.valuesSmooth(pos, got)
						for i, p := range pos {
							want := s.valueOctaves(point{p[0], p[1], p[2], 0})
							if math.Float32bits(got[i]) != math.Float32bits(want) {
								t.Fatalf("%v, function %v at %v, %v: %v, sample path %v", cfg, fn, l, p, got[i], want)
							}
						}
					}
				}
			}
		}
	}
}

// TestSmoothSamples checks samplesSmooth (the derivative kernels) against
// the scalar sample path (sampleAt) bit for bit at every Voronoi function
// but the cell value, in 1D, 2D and 3D, tiling or not, with and without
// jitter, octaves, the fractal modes, a domain and a domain warp (both
// modes; the SoA path at F1 and F2 at fBm and the per-lane one), over
// positions with NaN, infinite and huge coordinates and batches of every
// length up to two vectors and a bit, at every vector level this CPU has
// (AVX2 and AVX-512).
func TestSmoothSamples(t *testing.T) {
	levels := SupportedISAs()[1:]
	if len(levels) == 0 {
		t.Skip("this CPU runs the scalar level only")
	}
	r := rand.New(rand.NewPCG(11, 12))
	pos := make([]mgl32.Vec3, 301)
	for i := range pos {
		pos[i] = mgl32.Vec3{r.Float32()*40 - 20, r.Float32()*40 - 20, r.Float32()*40 - 20}
	}
	nan := float32(math.NaN())
	inf := float32(math.Inf(1))
	pos[7] = mgl32.Vec3{1e9, -3e7, 2e10}
	pos[8] = mgl32.Vec3{nan, 1, 2}
	pos[9] = mgl32.Vec3{1, 2, nan}
	pos[10] = mgl32.Vec3{inf, -inf, 3}
	pos[11] = mgl32.Vec3{0, 0, 0}
	pos[12] = mgl32.Vec3{-3e38, 3e38, -1e-40}
	for i := 13; i < 40; i++ { // lattice points and cell borders
		pos[i] = mgl32.Vec3{float32(i % 5), float32(i%3) * 0.5, float32(i%7) * 0.25}
	}
	dom := noise.Domain{Scale: [3]float32{2, 0.5, 1}, Rotation: [3]float32{10, 20, 30}, Translation: [3]float32{1, 2, 3}}
	for _, l := range levels {
		for dims := 1; dims <= 3; dims++ {
			for _, tiling := range []bool{false, true} {
				for fn := noise.FunctionF1; fn <= noise.FunctionF1DivF2; fn++ {
					frs := []noise.Fractal{noise.FractalFBm, noise.FractalFBm, noise.FractalRidged, noise.FractalPingPong, noise.FractalFBm, noise.FractalFBm, noise.FractalRidged}
					for ci, fr := range frs {
						st := noise.DefaultSettings()
						if ci > 0 {
							st.Octaves, st.Jitter, st.Fractal, st.Frequency = 3, 0.7, fr, 1.5
						}
						if tiling {
							st.Frequency = 3
						}
						switch ci {
						case 4: // an independent warp (fBm: the SoA path at F1 and F2)
							st.WarpAmplitude, st.WarpOctaves = 0.3, 2
						case 5: // a progressive warp under a domain
							st.WarpAmplitude, st.WarpOctaves, st.WarpMode, st.WarpFrequency = 0.45, 3, noise.WarpProgressive, 2
						case 6: // a progressive warp, ridged (the per-lane path), one noise octave
							st.Octaves = 1
							st.WarpAmplitude, st.WarpOctaves, st.WarpMode = -0.7, 2, noise.WarpProgressive
						}
						cfg := noise.Config{Noise: noise.VoronoiWorleySmoothLSE, Dims: dims, Tiling: tiling, Settings: st}
						if ci == 1 || ci == 2 || ci == 5 { // fBm (the SoA path at F1 and F2) and ridged
							cfg.Domain = &dom
						}
						var s *Sampler
						var err error
						withISA(t, l, func() { s, err = New(cfg) })
						if err != nil {
							t.Fatal(err)
						}
						if !s.smoothSamples() || s.isa != l || (ci >= 4) != (s.warp != nil) {
							t.Fatalf("%v at %v: not through samplesSmooth (level %v, warp %v)", cfg, l, s.isa, s.warp != nil)
						}
						s.vp.function = fn
						want := make([]noise.Sample, len(pos))
						for i, p := range pos {
							want[i] = s.sampleAt(point{p[0], p[1], p[2], 0}, 3)
						}
						got := make([]noise.Sample, len(pos))
						s.samplesSmooth(pos, got)
						for i := range pos {
							if sampleBits(got[i]) != sampleBits(want[i]) {
								t.Fatalf("%v at %v, function %v, %v: %v, sample path %v", cfg, l, fn, pos[i], got[i], want[i])
							}
						}
						for k := 1; k <= 33; k++ {
							s.samplesSmooth(pos[3:3+k], got[:k])
							for i := range k {
								if sampleBits(got[i]) != sampleBits(want[3+i]) {
									t.Fatalf("%v at %v, function %v, %v (batch of %d): %v, sample path %v", cfg, l, fn, pos[3+i], k, got[i], want[3+i])
								}
							}
						}
					}
				}
			}
		}
	}
}

// TestSmoothFinish1D checks the 1D octave steps beyond the values a walk
// reaches: the finish kernels smoothFinish{LSE,Poly}1DDeriv at every level
// this CPU has, and the value finish smoothFinishD in 1D, against
// finalizeSmooth's 1D window (v > 0 alone), over accumulators from −0.5 to
// 3 (with ±0, 1, NaN and Inf). A 1D walk's smooth minima stay below 1 (the
// middle cell's point lies within 1 of the position, and the minima are at
// most the nearest distance), so TestSmoothSamples cannot tell the 1D
// window from the 2D one (0 < v < 1); this test can.
func TestSmoothFinish1D(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	const n = derivStride
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	special := []float32{0, float32(math.Copysign(0, -1)), 1, 0.99999994, 1.0000001, 2, nan, inf, -inf, -0.5}
	val := func(i int) float32 {
		if i < len(special) {
			return special[i]
		}
		return r.Float32()*3.5 - 0.5
	}
	// the value finish: every function, a (the exp sum) and b
	for i := range 4096 {
		a, b := r.Float32()*3, val(i%len(special)+len(special)*(i/len(special)%2))
		if i%3 == 0 {
			a = float32(math.Exp(float64(-10 * val(i)))) // a.v = −log(a)/10 near val
		}
		for fn := noise.FunctionF1; fn <= noise.FunctionF1DivF2; fn++ {
			want := finalizeSmooth(voronoiMinima{a: vsample{V: a}, b: vsample{V: b}}, true).evaluate(fn).V
			if got := smoothFinishD(a, b, fn, true); math.Float32bits(got) != math.Float32bits(want) {
				t.Fatalf("smoothFinishD(%v, %v, %v, 1D) = %v, want %v", a, b, fn, got, want)
			}
		}
	}
	for _, wide := range smoothExpLevels() {
		for _, lse := range []bool{true, false} {
			c := make([]float32, 4*derivStride)
			la := make([]float32, n)
			sum := make([]float32, 4*derivStride)
			for l := range n {
				v := val(l)
				c[l] = v
				c[derivStride+l] = r.Float32()*4 - 2
				if lse {
					la[l] = v * -smoothKL // la / −10 is v, or within rounding of it
				}
				for k := range 4 {
					sum[k*derivStride+l] = r.Float32() - 0.5
				}
			}
			want := append([]float32(nil), sum...)
			const F, amp = 3, 0.6
			for l := range n {
				var m vsample
				if lse {
					m = finalizeSmoothQ(voronoiMinima{a: vsample{V: c[l], Dx: c[derivStride+l]}}, la[l], true).a
				} else {
					m = finalizeSmoothQ(voronoiMinima{b: vsample{V: c[l], Dx: c[derivStride+l]}}, 0, true).b
				}
				m.Dx = float32(m.Dx * F)
				want[l] = want[l] + float32(m.V*amp)
				want[derivStride+l] = want[derivStride+l] + float32(m.Dx*amp)
			}
			smoothFinishDeriv(wide, lse, 1, &c[0], &la[0], &sum[0], n, F, amp)
			for i := range sum {
				if math.Float32bits(sum[i]) != math.Float32bits(want[i]) {
					t.Fatalf("wide %v, lse %v: component %d, lane %d (v %v): %v, want %v", wide, lse, i/derivStride, i%derivStride, c[i%derivStride], sum[i], want[i])
				}
			}
		}
	}
}
