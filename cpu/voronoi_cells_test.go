package cpu_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

// The Voronoi functions F1 + F2, F1·F2, F1/F2 and the cell value, and the
// jitter setting (docs/algorithms.md §4.1, §4.4).

// cellOf is the Voronoi noise of metric m and function fn.
func cellOf(t *testing.T, m noise.Metric, fn noise.Function) noise.Noise {
	t.Helper()
	for _, n := range noise.Noises() {
		if p := n.Parts(); p.Family == noise.FamilyVoronoi && p.Metric == m && p.Function == fn {
			return n
		}
	}
	t.Fatalf("no Voronoi noise of metric %v and function %v", m, fn)
	return 0
}

func randomVec3(r *rand.Rand, span float32) mgl32.Vec3 {
	return mgl32.Vec3{(r.Float32()*2 - 1) * span, (r.Float32()*2 - 1) * span, (r.Float32()*2 - 1) * span}
}

// TestVoronoiCombinedFunctions checks F1 + F2, F1·F2 and F1/F2 against the
// F1 and F2 variants at the same points, combined here by the sum, product
// and quotient rules in the contract's order: bit for bit, derivatives
// included. One octave at frequency 1 (the derivatives' factor f = 1 and
// the octave loop's 0 + v/1 are exact), both metrics, 1D–3D, tiling and
// not, with and without a jitter.
func TestVoronoiCombinedFunctions(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 1))
	for _, m := range []noise.Metric{noise.MetricWorley, noise.MetricChebyshev} {
		for dims := 1; dims <= 3; dims++ {
			for _, tiling := range []bool{false, true} {
				for _, jitter := range []float32{0, 0.7} {
					set := noise.Settings{Seed: 11, Frequency: 1, Octaves: 1, Lacunarity: 2, Persistence: 0.5, Jitter: jitter}
					cfg := func(fn noise.Function) *cpu.Sampler {
						return mustSampler(t, noise.Config{Noise: cellOf(t, m, fn), Dims: dims, Tiling: tiling, Settings: set})
					}
					f1, f2 := cfg(noise.FunctionF1), cfg(noise.FunctionF2)
					sum, prod, quot := cfg(noise.FunctionF1PlusF2), cfg(noise.FunctionF1TimesF2), cfg(noise.FunctionF1DivF2)
					zeros := 0
					for i := 0; i < 2000; i++ {
						p := randomVec3(r, 3)
						if i < 8 { // cell points' neighbourhood: lattice points
							p = mgl32.Vec3{float32(i - 4), 0, float32(i % 3)}
						}
						a, b := f1.At(p), f2.At(p)
						wantSum := noise.Sample{V: a.V + b.V, Dx: a.Dx + b.Dx, Dy: a.Dy + b.Dy, Dz: a.Dz + b.Dz}
						wantProd := noise.Sample{V: a.V * b.V,
							Dx: float32(a.Dx*b.V) + float32(a.V*b.Dx), Dy: float32(a.Dy*b.V) + float32(a.V*b.Dy), Dz: float32(a.Dz*b.V) + float32(a.V*b.Dz)}
						var wantQuot noise.Sample
						if b.V != 0 {
							q := a.V / b.V
							wantQuot = noise.Sample{V: q, Dx: (a.Dx - float32(q*b.Dx)) / b.V, Dy: (a.Dy - float32(q*b.Dy)) / b.V, Dz: (a.Dz - float32(q*b.Dz)) / b.V}
						} else {
							zeros++
						}
						for _, c := range []struct {
							name      string
							got, want noise.Sample
						}{{"F1+F2", sum.At(p), wantSum}, {"F1·F2", prod.At(p), wantProd}, {"F1/F2", quot.At(p), wantQuot}} {
							if !sameSample(c.got, c.want) {
								t.Fatalf("%v %dD tiling %v jitter %v at %v: %s = %+v, want %+v from F1 %+v and F2 %+v",
									m, dims, tiling, jitter, p, c.name, c.got, c.want, a, b)
							}
						}
						if v := quot.ValueAt(p); v != wantQuot.V {
							t.Fatalf("%v %dD at %v: F1/F2 ValueAt %v, want %v", m, dims, p, v, wantQuot.V)
						}
					}
					if zeros > 0 {
						t.Logf("%v %dD tiling %v: F2 = 0 at %d points", m, dims, tiling, zeros)
					}
				}
			}
		}
	}
}

// cellPoint is a cell point found by the test's own search: its lattice
// cell, its index in the cell and its distance to the sample.
type cellPoint struct {
	cell [3]int32
	k    int32
	d    float64
}

// nearestCellPoints returns the two nearest cell points to p (one octave,
// frequency f, not tiling, jitter 1) by the contract's placement of the
// points (§4.1), in float64: byte/255 in 1D and 2D, 5-bit/31 in 3D.
func nearestCellPoints(seed int32, dims int, m noise.Metric, p mgl32.Vec3, f float32) (a, b cellPoint) {
	q := [3]float64{float64(p[0] * f), float64(p[1] * f), float64(p[2] * f)}
	axes := map[int][]int{1: {0}, 2: {0, 2}, 3: {0, 1, 2}}[dims]
	a.d, b.d = math.Inf(1), math.Inf(1)
	var visit func(level int, cell [3]int32, h cpu.SmallXXHash)
	visit = func(level int, cell [3]int32, h cpu.SmallXXHash) {
		if level < len(axes) {
			ax := axes[level]
			base := int32(math.Floor(q[ax]))
			for u := int32(-1); u <= 1; u++ {
				c := cell
				c[ax] = base + u
				visit(level+1, c, h.Eat(base+u))
			}
			return
		}
		v := h.Avalanche()
		var pts [][3]float64
		switch dims {
		case 1:
			pts = [][3]float64{{float64(v&255) / 255}}
		case 2:
			pts = [][3]float64{{float64(v&255) / 255, 0, float64(v>>8&255) / 255}, {float64(v>>16&255) / 255, 0, float64(v>>24) / 255}}
		case 3:
			b5 := func(s uint) float64 { return float64(v>>s&31) / 31 }
			pts = [][3]float64{{b5(0), b5(5), b5(10)}, {b5(15), b5(20), b5(25)}}
		}
		for k, pt := range pts {
			d := 0.0
			for _, ax := range axes {
				o := math.Abs(float64(cell[ax]) + pt[ax] - q[ax])
				if m == noise.MetricChebyshev {
					d = math.Max(d, o)
				} else {
					d += o * o
				}
			}
			c := cellPoint{cell, int32(k), d}
			if d < a.d {
				a, b = c, a
			} else if d < b.d {
				b = c
			}
		}
	}
	visit(0, [3]int32{}, cpu.Seed(seed))
	return a, b
}

// TestVoronoiCellValue checks the cell value: at points whose nearest cell
// point (found by the test's own search, and clearly nearer than the
// second) is the same, the values are equal; the value is the contract's
// (A·2) − 1 of the nearest point's cell hash fed its index (§4.4), in
// [−1, 1]; the derivatives are 0; and it varies between points.
func TestVoronoiCellValue(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 2))
	const seed, f = 5, 3
	for _, m := range []noise.Metric{noise.MetricWorley, noise.MetricChebyshev} {
		for dims := 1; dims <= 3; dims++ {
			s := mustSampler(t, noise.Config{Noise: cellOf(t, m, noise.FunctionCellValue), Dims: dims,
				Settings: noise.Settings{Seed: seed, Frequency: f, Octaves: 1, Lacunarity: 2, Persistence: 0.5}})
			byPoint := map[cellPoint]float32{}
			values := map[float32]bool{}
			checked := 0
			for i := 0; i < 3000; i++ {
				p := randomVec3(r, 2)
				a, b := nearestCellPoints(seed, dims, m, p, f)
				got := s.At(p)
				if got.Dx != 0 || got.Dy != 0 || got.Dz != 0 || got.V < -1 || got.V > 1 {
					t.Fatalf("%v %dD at %v: %+v, want a value in [−1, 1] and zero derivatives", m, dims, p, got)
				}
				if b.d-a.d < 1e-3 { // too close to a border for the float64 search
					continue
				}
				checked++
				h := cpu.Seed(seed)
				for _, ax := range map[int][]int{1: {0}, 2: {0, 2}, 3: {0, 1, 2}}[dims] {
					h = h.Eat(a.cell[ax])
				}
				want := float32(float32(float32(h.Eat(a.k).Avalanche()&255)*float32(1.0/255))*2) - 1
				if want != got.V && math.Abs(float64(want-got.V)) > 1e-6 {
					t.Fatalf("%v %dD at %v: cell value %v, want %v (point %v)", m, dims, p, got.V, want, a)
				}
				a.d = 0
				if v, ok := byPoint[a]; ok && v != got.V {
					t.Fatalf("%v %dD at %v: cell value %v, but %v elsewhere in the region of the same point %v", m, dims, p, got.V, v, a)
				}
				byPoint[a] = got.V
				values[got.V] = true
			}
			if checked < 2000 || len(byPoint) < 10 || len(values) < min(len(byPoint)/2, 200) { // 256 levels
				t.Errorf("%v %dD: %d points checked, %d regions, %d distinct values", m, dims, checked, len(byPoint), len(values))
			}
		}
	}
}

// TestVoronoiJitter checks the jitter setting: 1 (and 0, its default) give
// the points of today bit for bit; a tiny jitter puts every point near its
// cell's centre, so F1 at the centres is nearly 0 and F1 at the lattice
// points nearly the half-diagonal; 0.5 changes the values.
func TestVoronoiJitter(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 3))
	for _, n := range noise.Noises() {
		if n.Parts().Family != noise.FamilyVoronoi {
			continue
		}
		for dims := 1; dims <= 3; dims++ {
			for _, tiling := range []bool{false, true} {
				cfg := noise.Config{Noise: n, Dims: dims, Tiling: tiling,
					Settings: noise.Settings{Seed: -4, Frequency: 4, Octaves: 2, Lacunarity: 2, Persistence: 0.5}}
				def := mustSampler(t, cfg)
				cfg.Settings.Jitter = 1
				one := mustSampler(t, cfg)
				cfg.Settings.Jitter = 0.5
				half := mustSampler(t, cfg)
				pos := make([]mgl32.Vec3, 500)
				for i := range pos {
					pos[i] = randomVec3(r, 2)
				}
				got, want, other := make([]noise.Sample, len(pos)), make([]noise.Sample, len(pos)), make([]noise.Sample, len(pos))
				if err := errors.Join(def.Samples(pos, want), one.Samples(pos, got), half.Samples(pos, other)); err != nil {
					t.Fatal(err)
				}
				differ := 0
				for i := range pos {
					if !sameSample(got[i], want[i]) || one.ValueAt(pos[i]) != want[i].V {
						t.Fatalf("%v %dD tiling %v at %v: jitter 1 gives %+v, the default %+v", n, dims, tiling, pos[i], got[i], want[i])
					}
					if other[i].V != want[i].V {
						differ++
					}
				}
				least := len(pos) / 2
				if n.Parts().Function == noise.FunctionCellValue {
					least = len(pos) / 10 // only near the regions' borders
				}
				if differ < least {
					t.Errorf("%v %dD tiling %v: jitter 0.5 changes only %d of %d values", n, dims, tiling, differ, len(pos))
				}
			}
		}
	}
	// A tiny jitter: the points sit within j/2 (per axis) of the centres.
	const j = 1e-3
	for _, m := range []noise.Metric{noise.MetricWorley, noise.MetricChebyshev} {
		for dims := 1; dims <= 3; dims++ {
			s := mustSampler(t, noise.Config{Noise: cellOf(t, m, noise.FunctionF1), Dims: dims,
				Settings: noise.Settings{Seed: 3, Frequency: 1, Octaves: 1, Lacunarity: 2, Persistence: 0.5, Jitter: j}})
			far := map[int]float64{1: 0.5, 2: math.Sqrt(0.5), 3: math.Sqrt(0.75)}[dims] // the half-diagonal
			if m == noise.MetricChebyshev {
				far = 0.5
			}
			for i := 0; i < 200; i++ {
				c := mgl32.Vec3{float32(r.IntN(64) - 32), float32(r.IntN(64) - 32), float32(r.IntN(64) - 32)}
				if v := s.ValueAt(c.Add(mgl32.Vec3{0.5, 0.5, 0.5})); v > j {
					t.Fatalf("%v %dD jitter %v: F1 at the centre of cell %v is %v, want at most %v", m, dims, j, c, v, j)
				}
				if v := float64(s.ValueAt(c)); math.Abs(v-far) > j {
					t.Fatalf("%v %dD jitter %v: F1 at lattice point %v is %v, want %v within %v", m, dims, j, c, v, far, j)
				}
			}
		}
	}
}

// TestJitterValidation checks Settings.Validate's jitter bounds.
func TestJitterValidation(t *testing.T) {
	for _, c := range []struct {
		j  float32
		ok bool
	}{{0, true}, {1, true}, {0.25, true}, {1e-30, true}, {-0.5, false}, {1.0001, false}, {float32(math.NaN()), false}, {float32(math.Inf(1)), false}} {
		s := noise.DefaultSettings()
		s.Jitter = c.j
		if err := s.Validate(); (err == nil) != c.ok {
			t.Errorf("jitter %v: Validate() = %v, want ok %v", c.j, err, c.ok)
		}
	}
}
