package cpu

import (
	"math"
	"math/rand/v2"
	"testing"
)

// blogEdgeCoords are the coordinates where the blog mode's clamp, floor and
// saturating cast have their edges: signed zeros, denormals, the float64
// integers' limits ±2^52 and ±2^53 and their neighbours, the clamp's ±2^64
// and the largest float64 below it, beyond it, ±Inf, NaN, negative cells,
// exact integers (255, 256 and 511 among them: the % 255 and & 255 wraps).
func blogEdgeCoords() []float64 {
	c := []float64{
		0, math.Copysign(0, -1), 5e-324, -5e-324, 0x1p-1022, -0x1p-1022, 0x1p-1074 * 3,
		0x1p52, -0x1p52, 0x1p52 + 1, 0x1p52 - 0.5, 0x1p52 + 255, 0x1p53, -0x1p53, 0x1p53 + 2, 0x1p53 + 510, 0x1p60 + 0x1p52,
		0x1p64, -0x1p64, 0x1p64 - 2048, -(0x1p64 - 2048), 0x1p63 + 2048*255, 1e20, -1e20, 0x1p65, 1e300, -1e300, math.MaxFloat64,
		math.Inf(1), math.Inf(-1), math.NaN(),
		-0.5, -1, -1.5, -3.7, -255.5, -256, -1e-300, 0.999999999999, 1 - 0x1p-53,
		1, 2, 254, 255, 255.5, 256, 257, 510, 511, 512, 767.25, 65535.75, 4294967295.5, 4294967296.25,
	}
	return c
}

// blogBatchPositions returns n positions of dims coordinates: random ones
// (small, cell-sized and huge, both signs) mixed with the edge coordinates.
func blogBatchPositions(r *rand.Rand, dims, n int) []float64 {
	edge := blogEdgeCoords()
	pos := make([]float64, n*dims)
	for i := range pos {
		switch r.IntN(6) {
		case 0:
			pos[i] = edge[r.IntN(len(edge))]
		case 1:
			pos[i] = (r.Float64() - 0.5) * 1e6
		case 2:
			pos[i] = math.Ldexp(r.Float64()-0.5, r.IntN(140)-10)
		default:
			pos[i] = (r.Float64() - 0.3) * 600
		}
	}
	return pos
}

// sameBlog reports whether a and b are the same float64, NaN equal to NaN
// (a NaN's payload follows the input's and is not part of the contract).
func sameBlog(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || math.IsNaN(a) && math.IsNaN(b)
}

// TestBlogFractalBatchMatchesFractal checks FractalBatch against Fractal,
// bit for bit, at every ISA level this CPU runs, for dims 1 to 4, one and
// several octaves (frequencies that overflow to Inf and negative
// lacunarities included), and lengths that are no whole number of vectors
// (or of FractalBatch's chunks).
func TestBlogFractalBatchMatchesFractal(t *testing.T) {
	old := CurrentISA()
	defer SetISA(old)
	noises := []*BlogValueNoise{
		NewBlogValueNoise(12, 1, 2, 0.5),
		NewBlogValueNoise(12, 0, 2, 0.5),
		NewBlogValueNoise(7, 4, 2, 0.5),
		NewBlogValueNoise(99, 6, -1.7, 0.8),
		NewBlogValueNoise(3, 9, 1e80, 0.3), // frequencies beyond 2^64, then Inf
	}
	// A table that is not doubled (a user's struct literal): FractalBatch
	// must read Perm[256:] as Fractal does.
	odd := &BlogValueNoise{Octaves: 3, Lacunarity: 2.5, Persistence: 0.5}
	for i := range odd.Perm {
		odd.Perm[i] = uint8(i*37 + i/256*11)
	}
	noises = append(noises, odd)
	r := rand.New(rand.NewPCG(1, 2))
	for _, l := range SupportedISAs() {
		if err := SetISA(l); err != nil {
			t.Fatal(err)
		}
		for dims := 1; dims <= 4; dims++ {
			for ni, bn := range noises {
				for _, count := range []int{0, 1, 3, 4, 5, 7, 8, 9, 17, 255, 256, 257, 700} {
					pos := blogBatchPositions(r, dims, count)
					out := make([]float64, count+1)
					out[count] = 42 // past the end: must stay
					if err := bn.FractalBatch(dims, pos, out[:count]); err != nil {
						t.Fatalf("%v dims %d: %v", l, dims, err)
					}
					if out[count] != 42 {
						t.Fatalf("%v dims %d count %d: wrote past out", l, dims, count)
					}
					bad := 0
					for i := range count {
						want, _ := bn.Fractal(pos[i*dims : (i+1)*dims])
						if !sameBlog(out[i], want) {
							if bad++; bad <= 3 {
								t.Errorf("%v dims %d noise %d: FractalBatch(%v) = %v (%#x), Fractal = %v (%#x)",
									l, dims, ni, pos[i*dims:(i+1)*dims], out[i], math.Float64bits(out[i]), want, math.Float64bits(want))
							}
						}
					}
				}
			}
		}
	}
}

// TestBlogFractalBatchEdges checks every pair (and, for 3D, triple) of
// edge coordinates, so that each edge meets each other on every axis.
func TestBlogFractalBatchEdges(t *testing.T) {
	old := CurrentISA()
	defer SetISA(old)
	edge := blogEdgeCoords()
	for _, l := range SupportedISAs() {
		if err := SetISA(l); err != nil {
			t.Fatal(err)
		}
		for _, bn := range []*BlogValueNoise{NewBlogValueNoise(12, 1, 2, 0.5), NewBlogValueNoise(5, 3, 3, 0.5)} {
			for dims := 1; dims <= 4; dims++ {
				var pos []float64
				for i, a := range edge {
					for j, b := range edge {
						if dims >= 3 && (i+j)%4 != 0 {
							continue
						}
						c := edge[(i*7+j*3)%len(edge)]
						pos = append(pos, []float64{a, b, c, edge[(i+j*5)%len(edge)]}[:dims]...)
					}
				}
				out := make([]float64, len(pos)/dims)
				if err := bn.FractalBatch(dims, pos, out); err != nil {
					t.Fatal(err)
				}
				for i := range out {
					p := pos[i*dims : (i+1)*dims]
					if want, _ := bn.Fractal(p); !sameBlog(out[i], want) {
						t.Errorf("%v dims %d: FractalBatch(%v) = %v, Fractal = %v", l, dims, p, out[i], want)
					}
				}
			}
		}
	}
}

// TestBlogFractalBatchSpec checks FractalBatch against the values of
// docs/algorithms.md §5 (the blog's Rust code), at every level.
func TestBlogFractalBatchSpec(t *testing.T) {
	old := CurrentISA()
	defer SetISA(old)
	n := NewBlogValueNoise(12, 4, 2, 0.5)
	one := NewBlogValueNoise(12, 1, 2, 0.5)
	tests := []struct {
		n    *BlogValueNoise
		pos  []float64
		want string
	}{
		{one, []float64{0.5, 0.5}, "0.05490196078431375"},
		{one, []float64{1.3, 2.7}, "0.12526750342274506"},
		{one, []float64{10.25, 3.75}, "0.02496957217945761"},
		{one, []float64{-0.5, 0.5}, "0.05490196078431375"},
		{one, []float64{0.5, 0.5, 0.5}, "-0.10392156862745094"},
		{one, []float64{1.3, 2.7, 4.1}, "-0.81260326099111058"},
		{one, []float64{0.5, 1.5, 2.5, 3.5}, "0.29852941176470593"},
		{n, []float64{1.3, 2.7}, "-0.057558841149908490"},
		{n, []float64{3.7}, "0.28769187973856181"},
	}
	for _, l := range SupportedISAs() {
		if err := SetISA(l); err != nil {
			t.Fatal(err)
		}
		for _, tc := range tests {
			// Five copies: a whole AVX2 vector and one more lane.
			dims := len(tc.pos)
			var pos []float64
			for range 5 {
				pos = append(pos, tc.pos...)
			}
			out := make([]float64, 5)
			if err := tc.n.FractalBatch(dims, pos, out); err != nil {
				t.Fatal(err)
			}
			for i, v := range out {
				if !blogSpecMatch(t, v, tc.want) {
					t.Errorf("%v: FractalBatch(%v)[%d] = %.17f, want %s", l, tc.pos, i, v, tc.want)
				}
			}
		}
	}
}

func TestBlogFractalBatchErrors(t *testing.T) {
	n := NewBlogValueNoise(12, 4, 2, 0.5)
	out := []float64{7, 7}
	for _, tc := range []struct {
		dims int
		pos  []float64
	}{
		{0, nil}, {5, make([]float64, 10)}, {-1, nil},
		{2, make([]float64, 3)}, {2, make([]float64, 5)}, {3, make([]float64, 4)},
	} {
		err := n.FractalBatch(tc.dims, tc.pos, out)
		if err == nil {
			t.Errorf("FractalBatch(%d, %d coordinates, 2 outputs): no error", tc.dims, len(tc.pos))
		}
		if out[0] != 7 || out[1] != 7 {
			t.Errorf("FractalBatch(%d, ...) wrote %v on error", tc.dims, out)
		}
	}
	if err := n.FractalBatch(3, nil, nil); err != nil {
		t.Errorf("FractalBatch of no positions: %v", err)
	}
}

func TestBlogFractalBatchNoAllocs(t *testing.T) {
	n := NewBlogValueNoise(12, 4, 2, 0.5)
	pos := blogBatchPositions(rand.New(rand.NewPCG(5, 6)), 3, 300)
	out := make([]float64, 300)
	if a := testing.AllocsPerRun(20, func() { n.FractalBatch(3, pos, out) }); a != 0 {
		t.Errorf("%v allocations per FractalBatch, want 0", a)
	}
}

// BenchmarkBlogFractal compares FractalBatch (at the current level) with
// Fractal per position on 4096 positions; Mpts/s is reported.
func BenchmarkBlogFractal(b *testing.B) {
	const count = 4096
	for _, oct := range []uint8{1, 4} {
		n := NewBlogValueNoise(12, oct, 2, 0.5)
		for dims := 1; dims <= 4; dims++ {
			r := rand.New(rand.NewPCG(7, 8))
			pos := make([]float64, count*dims)
			for i := range pos {
				pos[i] = (r.Float64() - 0.5) * 500
			}
			out := make([]float64, count)
			name := func(s string) string {
				return s + "/" + string(rune('0'+dims)) + "D/oct" + string(rune('0'+oct))
			}
			b.Run(name("batch"), func(b *testing.B) {
				for b.Loop() {
					n.FractalBatch(dims, pos, out)
				}
				b.ReportMetric(float64(count*b.N)/b.Elapsed().Seconds()/1e6, "Mpts/s")
			})
			b.Run(name("point"), func(b *testing.B) {
				for b.Loop() {
					for i := range out {
						out[i], _ = n.Fractal(pos[i*dims : (i+1)*dims])
					}
				}
				b.ReportMetric(float64(count*b.N)/b.Elapsed().Seconds()/1e6, "Mpts/s")
			})
		}
	}
}
