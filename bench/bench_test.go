package bench

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	perlin "github.com/aquilax/go-perlin"
	"github.com/go-gl/mathgl/mgl32"
	opensimplex "github.com/ojrac/opensimplex-go"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

// Package-level sinks keep the compiler from discarding the measured work.
var (
	sink32 float32
	sink64 float64
)

// The grids are built once per test binary, outside every timed loop.
var (
	grid2D = sync.OnceValue(NewGrid2D)
	grid3D = sync.OnceValue(NewGrid3D)
)

func gridFor(dims int) *Grid {
	if dims == 2 {
		return grid2D()
	}
	return grid3D()
}

// threadModes are the two batch variants: one thread, and every CPU.
var threadModes = []struct {
	name  string
	procs func() int
}{
	{"1thread", func() int { return 1 }},
	{"allthreads", runtime.NumCPU},
}

// withProcs runs f with GOMAXPROCS set to n and restores it afterwards.
func withProcs(n int, f func()) {
	old := runtime.GOMAXPROCS(n)
	defer runtime.GOMAXPROCS(old)
	f()
}

// reportMpts reports millions of points per second over the timed loop.
func reportMpts(b *testing.B, points int) {
	b.ReportMetric(float64(b.N*points)/b.Elapsed().Seconds()/1e6, "Mpts/s")
}

func newSampler(tb testing.TB, n noise.Noise, dims int) *cpu.Sampler {
	tb.Helper()
	s, err := cpu.New(noise.Config{Noise: n, Dims: dims, Settings: noise.DefaultSettings()})
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// benchBatch runs one batch call (call(i) for iteration i) as a
// sub-benchmark per thread mode and reports Mpts/s for a batch of points.
func benchBatch(b *testing.B, points int, call func(i int)) {
	for _, tm := range threadModes {
		b.Run(tm.name, func(b *testing.B) {
			withProcs(tm.procs(), func() {
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					call(i)
				}
				b.StopTimer()
				reportMpts(b, points)
			})
		})
	}
}

func dimName(dims int) string { return fmt.Sprintf("%dD", dims) }

// BenchmarkNoise measures the value-only batch path, (*cpu.Sampler).Values,
// for every noise type at 2D and 3D, on one thread and on every CPU.
// (BenchmarkNoise1D and BenchmarkTiling measure 1D and the tiling lattice.)
// Our samplers use noise.DefaultSettings() (frequency 4, one octave) on the
// unit grid; see PeerScale for why that matches the peers' scaled grid.
func BenchmarkNoise(b *testing.B) {
	for _, n := range noise.Noises() {
		b.Run(n.String(), func(b *testing.B) {
			for _, dims := range []int{2, 3} {
				b.Run(dimName(dims), func(b *testing.B) {
					s := newSampler(b, n, dims)
					pos := gridFor(dims).Unit
					out := make([]float32, len(pos))
					benchBatch(b, len(pos), func(i int) {
						if err := s.Values(pos, out); err != nil {
							b.Fatal(err)
						}
						sink32 += out[i%len(out)]
					})
				})
			}
		})
	}
}

// BenchmarkNoise1D is BenchmarkNoise for 1D noise, on one thread, on the
// x coordinates of the 3D grid.
func BenchmarkNoise1D(b *testing.B) {
	for _, n := range noise.Noises() {
		if n.Parts().Family == noise.FamilyPerm {
			continue
		}
		b.Run(n.String(), func(b *testing.B) { benchValues(b, noise.Config{Noise: n, Dims: 1, Settings: noise.DefaultSettings()}) })
	}
}

// BenchmarkTiling is BenchmarkNoise for the tiling lattice, on one thread.
func BenchmarkTiling(b *testing.B) {
	for _, n := range []noise.Noise{noise.Value, noise.Perlin, noise.VoronoiWorleyF1} {
		b.Run(n.String(), func(b *testing.B) {
			for _, dims := range []int{2, 3} {
				b.Run(dimName(dims), func(b *testing.B) {
					benchValues(b, noise.Config{Noise: n, Dims: dims, Tiling: true, Settings: noise.DefaultSettings()})
				})
			}
		})
	}
}

// benchValues measures Values of cfg on its grid, on one thread.
func benchValues(b *testing.B, cfg noise.Config) {
	s, err := cpu.New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	pos := gridFor(cfg.Dims).Unit
	out := make([]float32, len(pos))
	withProcs(1, func() {
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if err := s.Values(pos, out); err != nil {
				b.Fatal(err)
			}
		}
		b.StopTimer()
		reportMpts(b, len(pos))
	})
}

// BenchmarkFractal measures Values, one thread, of 3D Perlin and simplex
// noise with four octaves in each fractal mode and with a domain warp (two
// warp octaves, frequency 2, amplitude 0.3; warped noise runs per position
// in scalar code).
func BenchmarkFractal(b *testing.B) {
	for _, n := range []noise.Noise{noise.Perlin, noise.Simplex} {
		b.Run(n.String(), func(b *testing.B) {
			for _, c := range []struct {
				name string
				edit func(*noise.Settings)
			}{
				{"fbm", func(*noise.Settings) {}},
				{"ridged", func(s *noise.Settings) { s.Fractal = noise.FractalRidged }},
				{"billow", func(s *noise.Settings) { s.Fractal = noise.FractalBillow }},
				{"pingpong", func(s *noise.Settings) { s.Fractal = noise.FractalPingPong }},
				{"warp-independent", func(s *noise.Settings) { s.WarpAmplitude, s.WarpFrequency, s.WarpOctaves = 0.3, 2, 2 }},
				{"warp-progressive", func(s *noise.Settings) {
					s.WarpAmplitude, s.WarpFrequency, s.WarpOctaves, s.WarpMode = 0.3, 2, 2, noise.WarpProgressive
				}},
			} {
				b.Run(c.name, func(b *testing.B) {
					st := noise.DefaultSettings()
					st.Octaves = 4
					c.edit(&st)
					benchValues(b, noise.Config{Noise: n, Dims: 3, Settings: st})
				})
			}
		})
	}
}

// BenchmarkWarpSamples measures Samples (one thread and all, as
// benchBatch runs them) of 3D Perlin and
// simplex noise with four octaves and BenchmarkFractal's warps (two warp
// octaves, frequency 2, amplitude 0.3; independent and progressive): the
// warp's Jacobian turns every derivative.
func BenchmarkWarpSamples(b *testing.B) {
	for _, n := range []noise.Noise{noise.Perlin, noise.Simplex} {
		for _, mode := range noise.WarpModes() {
			b.Run(n.String()+"/"+mode.String(), func(b *testing.B) {
				st := noise.DefaultSettings()
				st.Octaves = 4
				st.WarpAmplitude, st.WarpFrequency, st.WarpOctaves, st.WarpMode = 0.3, 2, 2, mode
				s, err := cpu.New(noise.Config{Noise: n, Dims: 3, Settings: st})
				if err != nil {
					b.Fatal(err)
				}
				pos := gridFor(3).Unit
				out := make([]noise.Sample, len(pos))
				benchBatch(b, len(pos), func(i int) {
					if err := s.Samples(pos, out); err != nil {
						b.Fatal(err)
					}
					sink32 += out[i%len(out)].Dx
				})
			})
		}
	}
}

// Benchmark4D measures Values4 (and Samples4, "4D-samples"), one thread,
// of 4D Perlin, simplex, simplex-value and lattice value noise (the 4D
// batch kernels on amd64, scalar code with -tags purego) next to their 3D
// forms on the same points: the 3D grid with w = 0.5·y + 0.25.
func Benchmark4D(b *testing.B) {
	pos := gridFor(3).Unit
	pos4 := make([]mgl32.Vec4, len(pos))
	for i, p := range pos {
		pos4[i] = p.Vec4(0.5*p[1] + 0.25)
	}
	for _, n := range []noise.Noise{noise.Perlin, noise.Simplex, noise.SimplexValue, noise.Value} {
		b.Run(n.String()+"/3D", func(b *testing.B) {
			benchValues(b, noise.Config{Noise: n, Dims: 3, Settings: noise.DefaultSettings()})
		})
		b.Run(n.String()+"/4D", func(b *testing.B) {
			s := newSampler(b, n, 4)
			out := make([]float32, len(pos4))
			withProcs(1, func() {
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if err := s.Values4(pos4, out); err != nil {
						b.Fatal(err)
					}
				}
				b.StopTimer()
				reportMpts(b, len(pos4))
			})
		})
		b.Run(n.String()+"/4D-samples", func(b *testing.B) {
			s := newSampler(b, n, 4)
			out := make([]noise.Sample, len(pos4))
			withProcs(1, func() {
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if err := s.Samples4(pos4, out); err != nil {
						b.Fatal(err)
					}
				}
				b.StopTimer()
				reportMpts(b, len(pos4))
			})
		})
	}
}

// BenchmarkValueAt measures the single-point value API in a plain loop on
// one thread.
func BenchmarkValueAt(b *testing.B) {
	for _, n := range []noise.Noise{noise.Value, noise.Perlin, noise.Simplex, noise.VoronoiWorleyF1} {
		b.Run(n.String(), func(b *testing.B) {
			for _, dims := range []int{2, 3} {
				b.Run(dimName(dims), func(b *testing.B) {
					s := newSampler(b, n, dims)
					pos := gridFor(dims).Unit
					withProcs(1, func() {
						b.ReportAllocs()
						b.ResetTimer()
						var sum float32
						for i := 0; i < b.N; i++ {
							for _, p := range pos {
								sum += s.ValueAt(p)
							}
						}
						b.StopTimer()
						sink32 += sum
						reportMpts(b, len(pos))
					})
				})
			}
		})
	}
}

// BenchmarkSamples measures the value-and-derivatives batch path,
// (*cpu.Sampler).Samples, for value, Perlin (and its turbulence), simplex
// (and its smooth turbulence), simplex-value, Worley F1 and Chebyshev F1
// noise in 2D and 3D.
func BenchmarkSamples(b *testing.B) {
	for _, n := range []noise.Noise{noise.Value, noise.Perlin, noise.PerlinTurbulence, noise.Simplex, noise.SimplexSmoothTurbulence, noise.SimplexValue, noise.VoronoiWorleyF1, noise.VoronoiChebyshevF1} {
		b.Run(n.String(), func(b *testing.B) {
			for _, dims := range []int{2, 3} {
				b.Run(dimName(dims), func(b *testing.B) {
					s := newSampler(b, n, dims)
					pos := gridFor(dims).Unit
					out := make([]noise.Sample, len(pos))
					benchBatch(b, len(pos), func(i int) {
						if err := s.Samples(pos, out); err != nil {
							b.Fatal(err)
						}
						sink32 += out[i%len(out)].Dx
					})
				})
			}
		})
	}
}

// peerCase is one peer library at one dimension, evaluating every point of
// a grid and returning the sum of the values.
type peerCase struct {
	name string
	dims int
	run  func(g *Grid) float64
}

func peerCases() []peerCase {
	// opensimplex-go: New32 is the float32 API (a thin cast over the float64
	// core); New is the float64 core itself. Both use a lattice spacing of 1.
	os32 := opensimplex.New32(0)
	os64 := opensimplex.New(0)
	var cases []peerCase
	cases = append(cases,
		peerCase{"opensimplex/2D", 2, func(g *Grid) float64 {
			var sum float32
			for _, p := range g.Scaled {
				sum += os32.Eval2(p[0], p[2])
			}
			return float64(sum)
		}},
		peerCase{"opensimplex/3D", 3, func(g *Grid) float64 {
			var sum float32
			for _, p := range g.Scaled {
				sum += os32.Eval3(p[0], p[1], p[2])
			}
			return float64(sum)
		}},
		peerCase{"opensimplex-f64/2D", 2, func(g *Grid) float64 {
			var sum float64
			for _, p := range g.Scaled64 {
				sum += os64.Eval2(p[0], p[2])
			}
			return sum
		}},
		peerCase{"opensimplex-f64/3D", 3, func(g *Grid) float64 {
			var sum float64
			for _, p := range g.Scaled64 {
				sum += os64.Eval3(p[0], p[1], p[2])
			}
			return sum
		}},
	)
	// go-perlin: alpha 2, beta 2 as in its README; n = 3 octaves is the
	// README's example, n = 1 is the single-octave match of our default.
	for _, octaves := range []int32{1, 3} {
		pn := perlin.NewPerlin(2, 2, octaves, 0)
		prefix := fmt.Sprintf("go-perlin/n%d/", octaves)
		cases = append(cases,
			peerCase{prefix + "2D", 2, func(g *Grid) float64 {
				var sum float64
				for _, p := range g.Scaled64 {
					sum += pn.Noise2D(p[0], p[2])
				}
				return sum
			}},
			peerCase{prefix + "3D", 3, func(g *Grid) float64 {
				var sum float64
				for _, p := range g.Scaled64 {
					sum += pn.Noise3D(p[0], p[1], p[2])
				}
				return sum
			}},
		)
	}
	return cases
}

// BenchmarkPeer measures the Go peers on one thread on the same points as
// BenchmarkNoise (scaled by PeerScale).
func BenchmarkPeer(b *testing.B) {
	for _, pc := range peerCases() {
		b.Run(pc.name, func(b *testing.B) {
			g := gridFor(pc.dims)
			withProcs(1, func() {
				b.ReportAllocs()
				b.ResetTimer()
				var sum float64
				for i := 0; i < b.N; i++ {
					sum += pc.run(g)
				}
				b.StopTimer()
				sink64 += sum
				reportMpts(b, g.Len())
			})
		})
	}
}

// TestGrids checks the grids' sizes and ranges and that the peers' grid is
// the unit grid scaled by PeerScale.
func TestGrids(t *testing.T) {
	for _, tc := range []struct {
		g    *Grid
		dims int
		n    int
		side int
	}{
		{grid2D(), 2, Side2D * Side2D, Side2D},
		{grid3D(), 3, Side3D * Side3D * Side3D, Side3D},
	} {
		g := tc.g
		if g.Dims != tc.dims || g.Len() != tc.n || len(g.Scaled) != tc.n || len(g.Scaled64) != tc.n {
			t.Fatalf("%dD grid: dims %d, %d/%d/%d points, want %d", tc.dims, g.Dims, len(g.Unit), len(g.Scaled), len(g.Scaled64), tc.n)
		}
		distinct := [3]map[float32]bool{{}, {}, {}}
		lo, hi := float32(0.5/float64(tc.side)), float32(1-0.5/float64(tc.side))
		for i, u := range g.Unit {
			for a := range 3 {
				c := u[a]
				if tc.dims == 2 && a == 1 {
					if c != 0 {
						t.Fatalf("%dD point %d: y = %v, want 0", tc.dims, i, c)
					}
				} else if c < lo || c > hi {
					t.Fatalf("%dD point %d: coordinate %v outside [%v, %v]", tc.dims, i, c, lo, hi)
				}
				distinct[a][c] = true
				if g.Scaled[i][a] != c*PeerScale || g.Scaled64[i][a] != float64(c)*PeerScale {
					t.Fatalf("%dD point %d: scaled %v / %v, want %v", tc.dims, i, g.Scaled[i][a], g.Scaled64[i][a], c*PeerScale)
				}
			}
		}
		for a := range 3 {
			want := tc.side
			if tc.dims == 2 && a == 1 {
				want = 1
			}
			if len(distinct[a]) != want {
				t.Errorf("%dD axis %d: %d distinct coordinates, want %d", tc.dims, a, len(distinct[a]), want)
			}
		}
	}
}

// TestBenchmarkedWork checks that every benchmarked sampler can be made, that
// the batch path Values agrees with ValueAt and stays within the noise's
// range, and that the peers give finite, varying values on their grid.
func TestBenchmarkedWork(t *testing.T) {
	for _, n := range noise.Noises() {
		for _, dims := range []int{2, 3} {
			s := newSampler(t, n, dims)
			pos := gridFor(dims).Unit
			out := make([]float32, len(pos))
			if err := s.Values(pos, out); err != nil {
				t.Fatal(err)
			}
			lo, hi := n.Range(dims)
			const eps = 1e-5
			for i := 0; i < len(pos); i += 7 {
				if v := s.ValueAt(pos[i]); v != out[i] {
					t.Fatalf("%s %dD at %v: Values %v, ValueAt %v", n, dims, pos[i], out[i], v)
				}
				if out[i] < lo-eps || out[i] > hi+eps {
					t.Fatalf("%s %dD at %v: %v outside [%v, %v]", n, dims, pos[i], out[i], lo, hi)
				}
			}
		}
	}
	for _, pc := range peerCases() {
		sum := pc.run(gridFor(pc.dims))
		if math.IsNaN(sum) || math.IsInf(sum, 0) {
			t.Errorf("%s: sum %v", pc.name, sum)
		}
	}
	// The peers must vary over the grid (a constant would mean a wrong grid).
	os := opensimplex.New32(0)
	pn := perlin.NewPerlin(2, 2, 1, 0)
	g := grid3D()
	var osMin, osMax float32 = math.MaxFloat32, -math.MaxFloat32
	pMin, pMax := math.Inf(1), math.Inf(-1)
	for i, p := range g.Scaled {
		v := os.Eval3(p[0], p[1], p[2])
		osMin, osMax = min(osMin, v), max(osMax, v)
		q := g.Scaled64[i]
		w := pn.Noise3D(q[0], q[1], q[2])
		pMin, pMax = min(pMin, w), max(pMax, w)
	}
	if osMax-osMin < 0.5 || pMax-pMin < 0.5 {
		t.Errorf("peers barely vary over the 3D grid: opensimplex [%v, %v], go-perlin [%v, %v]", osMin, osMax, pMin, pMax)
	}
}

// BenchmarkRandomPoints measures Values and ValueAt on one thread at random positions
// in the unit box of the grids (the same cells, in random order), next to
// the grid: a branch that is predictable along a grid row (a simplex
// corner, a Voronoi minimum) is not on random points.
func BenchmarkRandomPoints(b *testing.B) {
	for _, n := range []noise.Noise{noise.Value, noise.Perlin, noise.Simplex, noise.VoronoiWorleyF1} {
		for _, dims := range []int{2, 3} {
			grid := gridFor(dims).Unit
			r := rand.New(rand.NewPCG(1, 2))
			random := make([]mgl32.Vec3, len(grid))
			for i := range random {
				random[i] = mgl32.Vec3{r.Float32(), 0, r.Float32()}
				if dims == 3 {
					random[i][1] = r.Float32()
				}
			}
			for _, set := range []struct {
				name string
				pos  []mgl32.Vec3
			}{{"grid", grid}, {"random", random}} {
				b.Run(fmt.Sprintf("%v/%s/%s", n, dimName(dims), set.name), func(b *testing.B) {
					s := newSampler(b, n, dims)
					out := make([]float32, len(set.pos))
					withProcs(1, func() {
						b.ResetTimer()
						for i := 0; i < b.N; i++ {
							if err := s.Values(set.pos, out); err != nil {
								b.Fatal(err)
							}
						}
						b.StopTimer()
						sink32 += out[0]
						reportMpts(b, len(set.pos))
					})
				})
				// The same points one at a time: ValueAt's branches (the
				// simplex triangle, the floor) are predictable on a grid only.
				b.Run(fmt.Sprintf("%v/%s/%s-ValueAt", n, dimName(dims), set.name), func(b *testing.B) {
					s := newSampler(b, n, dims)
					withProcs(1, func() {
						b.ResetTimer()
						var sum float32
						for i := 0; i < b.N; i++ {
							for _, p := range set.pos {
								sum += s.ValueAt(p)
							}
						}
						b.StopTimer()
						sink32 += sum
						reportMpts(b, len(set.pos))
					})
				})
			}
		}
	}
}
