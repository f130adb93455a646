package cpu

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// Expected values in this file come from docs/algorithms.md §5 (seed 12, the
// blog's Rust code run with rand 0.8.5 / rand_chacha 0.3.1).
//
// §10.4 says its values carry 17 significant digits, but they were printed
// with Rust's {:.17}, i.e. 17 digits after the decimal point: values below
// 0.1 in magnitude carry only 16 significant digits, and two rows
// (noise4d and the 2D fractal) were padded with a trailing 0 to look like 17.
// Such a 16-digit string need not identify a float64 uniquely, so every row is
// checked by formatting the result the same way ('f', 17 decimals) and
// comparing the strings; rows with |v| >= 0.1 (17 significant digits, which
// round-trip) are also compared with ==.

// blogParse parses a float64 literal copied from the upstream specification.
func blogParse(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("ParseFloat(%q): %v", s, err)
	}
	return v
}

func TestBlogValueNoiseSpecVectors(t *testing.T) {
	n := NewBlogValueNoise(12, 4, 2, 0.5)
	call := map[string]func(p []float64) float64{
		"noise1d": func(p []float64) float64 { return n.Noise1D(p[0]) },
		"noise2d": func(p []float64) float64 { return n.Noise2D(p[0], p[1]) },
		"noise3d": func(p []float64) float64 { return n.Noise3D(p[0], p[1], p[2]) },
		"noise4d": func(p []float64) float64 { return n.Noise4D(p[0], p[1], p[2], p[3]) },
		"noise": func(p []float64) float64 {
			v, err := n.NoiseAt(p)
			if err != nil {
				t.Fatalf("NoiseAt(%v): %v", p, err)
			}
			return v
		},
		"fractal": func(p []float64) float64 {
			v, err := n.Fractal(p)
			if err != nil {
				t.Fatalf("Fractal(%v): %v", p, err)
			}
			return v
		},
	}
	tests := []struct {
		fn   string
		pos  []float64
		want string
	}{
		// docs/algorithms.md §5, every row.
		{"noise1d", []float64{0}, "-0.13725490196078427"},
		{"noise1d", []float64{0.5}, "0.32549019607843133"},
		{"noise1d", []float64{1.25}, "0.76956188725490193"},
		{"noise1d", []float64{3.7}, "0.46437490196078424"},
		{"noise1d", []float64{-0.3}, "0.63730635294117643"},
		{"noise1d", []float64{254.5}, "0.24705882352941178"},
		{"noise1d", []float64{255.5}, "0.32549019607843133"},
		{"noise2d", []float64{0.5, 0.5}, "0.05490196078431375"},
		{"noise2d", []float64{1.3, 2.7}, "0.12526750342274506"},
		{"noise2d", []float64{10.25, 3.75}, "0.02496957217945761"},
		{"noise2d", []float64{-0.5, 0.5}, "0.05490196078431375"},
		{"noise3d", []float64{0.5, 0.5, 0.5}, "-0.10392156862745094"},
		{"noise3d", []float64{1.3, 2.7, 4.1}, "-0.81260326099111058"},
		{"noise4d", []float64{0.5, 1.5, 2.5, 3.5}, "-0.030882352941176470"},
		{"noise", []float64{0.5, 1.5, 2.5, 3.5}, "0.29852941176470593"},
		// fractal rows: 4 octaves, lacunarity 2, persistence 0.5.
		{"fractal", []float64{1.3, 2.7}, "-0.057558841149908490"},
		{"fractal", []float64{3.7}, "0.28769187973856181"},
	}
	for _, tc := range tests {
		got := call[tc.fn](tc.pos)
		if !blogSpecMatch(t, got, tc.want) {
			t.Errorf("%s(%v) = %s (%.17g), want %s", tc.fn, tc.pos, strconv.FormatFloat(got, 'f', 17, 64), got, tc.want)
		}
	}
}

// blogSpecMatch reports whether got agrees with a §10.4 literal printed with
// 17 decimals (see the comment at the top of this file). Decimals beyond the
// 17th must be padding zeros and are ignored.
func blogSpecMatch(t *testing.T, got float64, lit string) bool {
	t.Helper()
	want := blogParse(t, lit)
	dot := strings.IndexByte(lit, '.')
	if dot < 0 || len(lit)-dot-1 < 17 {
		t.Fatalf("literal %q does not have 17 decimals", lit)
	}
	if pad := lit[dot+18:]; strings.Trim(pad, "0") != "" {
		t.Fatalf("literal %q has non-zero digits beyond 17 decimals", lit)
	}
	if strconv.FormatFloat(got, 'f', 17, 64) != lit[:dot+18] {
		return false
	}
	if math.Abs(want) >= 0.1 && got != want {
		return false
	}
	return true
}

func TestBlogValueNoiseQuirks(t *testing.T) {
	n := NewBlogValueNoise(12, 1, 2, 0.5)
	// Values printed in docs/algorithms.md §5 to 6 significant digits.
	approx := []struct {
		name string
		got  float64
		want string
	}{
		// Item 1: negative cells saturate to cell 0.
		{"noise1d(-1.00001)", n.Noise1D(-1.00001), "0.788235"},
		{"noise1d(-1.0)", n.Noise1D(-1.0), "-0.137255"},
		// Item 2: 1D wraps with % 255.
		{"noise1d(254.99999)", n.Noise1D(254.99999), "0.505882"},
		{"noise1d(255.0)", n.Noise1D(255.0), "-0.137255"},
		// Item 4 (also exact in §10.4).
		{"noise4d(0.5,1.5,2.5,3.5)", n.Noise4D(0.5, 1.5, 2.5, 3.5), "-0.0308824"},
	}
	for _, tc := range approx {
		want := blogParse(t, tc.want)
		if math.Abs(tc.got-want) > 5e-7 {
			t.Errorf("%s = %.17g, want %s (to the printed precision)", tc.name, tc.got, tc.want)
		}
	}

	// Item 1: noise1d(-2.5) == noise1d(0.5); every negative cell is cell 0.
	if a, b := n.Noise1D(-2.5), n.Noise1D(0.5); a != b {
		t.Errorf("noise1d(-2.5) = %.17g, noise1d(0.5) = %.17g, want equal", a, b)
	}
	// Lattice points hold 1 - 2*perm/255 (1D) and 2*v/255 - 1 (2D–4D).
	if got, want := n.Noise1D(0), 1-2*float64(n.Perm[0])/255; got != want {
		t.Errorf("noise1d(0) = %.17g, want 1 - 2*perm[0]/255 = %.17g", got, want)
	}
	if got, want := n.Noise2D(0, 0), 2*float64(n.Perm[int(n.Perm[0])])/255-1; got != want {
		t.Errorf("noise2d(0, 0) = %.17g, want 2*perm[perm[0]]/255 - 1 = %.17g", got, want)
	}
	// Item 1 (1D): -1.0 lies on cell -1 -> 0, the same lattice value as 0.
	if a, b := n.Noise1D(-1.0), n.Noise1D(0); a != b {
		t.Errorf("noise1d(-1) = %.17g, noise1d(0) = %.17g, want equal", a, b)
	}
	// Item 2: 1D has period 255, 2D–4D period 256.
	if a, b := n.Noise1D(3.7+255), n.Noise1D(3.7); math.Abs(a-b) > 1e-12 {
		t.Errorf("noise1d(258.7) = %.17g, noise1d(3.7) = %.17g, want period 255", a, b)
	}
	if a, b := n.Noise2D(1.5+256, 2.25), n.Noise2D(1.5, 2.25); a != b {
		t.Errorf("noise2d(257.5, 2.25) = %.17g, noise2d(1.5, 2.25) = %.17g, want period 256", a, b)
	}
	// Item 4: NoiseAt swaps the 3rd and 4th coordinates.
	v, err := n.NoiseAt([]float64{0.5, 1.5, 2.5, 3.5})
	if want := n.Noise4D(0.5, 1.5, 3.5, 2.5); err != nil || v != want {
		t.Errorf("NoiseAt(0.5,1.5,2.5,3.5) = %.17g, %v; want Noise4D(0.5,1.5,3.5,2.5) = %.17g", v, err, want)
	}
	// Negative coordinates in 2D–4D alias cell 0 as well.
	if a, b := n.Noise3D(-7.25, 0.25, -0.5), n.Noise3D(0.75, 0.25, 0.5); a != b {
		t.Errorf("noise3d(-7.25, 0.25, -0.5) = %.17g, noise3d(0.75, 0.25, 0.5) = %.17g, want equal", a, b)
	}
}

func TestBlogValueNoiseRange(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, seed := range []uint64{0, 12, 99} {
		n := NewBlogValueNoise(seed, 5, 2, 0.5)
		coord := func() float64 { return r.Float64()*700 - 100 }
		for range 20000 {
			x, y, z, w := coord(), coord(), coord(), coord()
			vals := [...]float64{
				n.Noise1D(x), n.Noise2D(x, y), n.Noise3D(x, y, z), n.Noise4D(x, y, z, w),
			}
			for d, v := range vals {
				if !(v >= -1 && v <= 1) {
					t.Fatalf("seed %d: noise%dd at (%v, %v, %v, %v) = %v, outside [-1, 1]", seed, d+1, x, y, z, w, v)
				}
			}
			f, err := n.Fractal([]float64{x, y, z})
			if err != nil || !(f >= -1 && f <= 1) {
				t.Fatalf("seed %d: Fractal(%v, %v, %v) = %v, %v; want in [-1, 1]", seed, x, y, z, f, err)
			}
		}
	}
}

func TestBlogValueNoiseSpecialInputs(t *testing.T) {
	n := NewBlogValueNoise(12, 3, 2, 0.5)
	nan, inf := math.NaN(), math.Inf(1)
	tests := []struct {
		name string
		f    func() float64
		nan  bool // NaN expected (only for NaN input)
	}{
		{"1D NaN", func() float64 { return n.Noise1D(nan) }, true},
		{"1D +Inf", func() float64 { return n.Noise1D(inf) }, false},
		{"1D -Inf", func() float64 { return n.Noise1D(-inf) }, false},
		{"2D NaN", func() float64 { return n.Noise2D(nan, 0.5) }, true},
		{"3D +Inf", func() float64 { return n.Noise3D(0.5, inf, 0.5) }, false},
		{"4D -Inf", func() float64 { return n.Noise4D(0.5, 0.5, 0.5, -inf) }, false},
		// Finite input whose octave positions overflow to ±Inf.
		{"fractal 1e308", func() float64 { v, _ := n.Fractal([]float64{1e308, -1e308, 1e308}); return v }, false},
		{"fractal max float64", func() float64 { v, _ := n.Fractal([]float64{math.MaxFloat64}); return v }, false},
		// Huge finite values: the fraction is 0, the cell saturates at usize::MAX.
		{"1D 1e300", func() float64 { return n.Noise1D(1e300) }, false},
		{"2D 1e300", func() float64 { return n.Noise2D(1e300, -1e300) }, false},
		{"3D 1e300", func() float64 { return n.Noise3D(1e300, 1e19, 1e300) }, false},
		{"4D 1e300", func() float64 { return n.Noise4D(1e300, 1e300, -1e300, 1e300) }, false},
		{"fractal 1e300", func() float64 { v, _ := n.Fractal([]float64{1e300, 1e300}); return v }, false},
		{"fractal NaN", func() float64 { v, _ := n.Fractal([]float64{nan, 1, 2, 3}); return v }, true},
	}
	for _, tc := range tests {
		v := tc.f()
		if math.IsNaN(v) != tc.nan {
			t.Errorf("%s = %v, want NaN: %v", tc.name, v, tc.nan)
		}
		if !tc.nan && !(v >= -1 && v <= 1) {
			t.Errorf("%s = %v, outside [-1, 1]", tc.name, v)
		}
	}

	// usize::MAX % 255 == 0 and usize::MAX & 255 == 255: 1e300 lies on a
	// lattice point with cell 0 in 1D and cell 255 in 2D.
	if got, want := n.Noise1D(1e300), n.Noise1D(0); got != want {
		t.Errorf("noise1d(1e300) = %v, want noise1d(0) = %v", got, want)
	}
	if got, want := n.Noise2D(1e300, 1e300), n.Noise2D(255, 255); got != want {
		t.Errorf("noise2d(1e300, 1e300) = %v, want noise2d(255, 255) = %v", got, want)
	}
	// ±Inf gives what any coordinate beyond ±2^64 gives.
	if got, want := n.Noise3D(inf, -inf, 0.25), n.Noise3D(1e300, -1e20, 0.25); got != want {
		t.Errorf("noise3d(+Inf, -Inf, 0.25) = %v, want noise3d(1e300, -1e20, 0.25) = %v", got, want)
	}
	if got, want := n.Noise4D(0.5, inf, 0.5, -inf), n.Noise4D(0.5, 0x1p64, 0.5, -0x1p70); got != want {
		t.Errorf("noise4d(0.5, +Inf, 0.5, -Inf) = %v, want %v", got, want)
	}
}

func TestBlogUsize(t *testing.T) {
	tests := []struct {
		in   float64
		want uint64
	}{
		{math.NaN(), 0},
		{math.Inf(-1), 0},
		{-1e300, 0},
		{-1, 0},
		{math.Copysign(0, -1), 0},
		{0, 0},
		{0.999, 0},
		{1, 1},
		{255, 255},
		{256.75, 256},
		{0x1p53 + 2, 1<<53 + 2},
		{0x1p64 - 2048, 1<<64 - 2048}, // largest float64 below 2^64
		{0x1p64, math.MaxUint64},
		{1e300, math.MaxUint64},
		{math.Inf(1), math.MaxUint64},
	}
	for _, tc := range tests {
		if got := blogUsize(tc.in); got != tc.want {
			t.Errorf("blogUsize(%v) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

func TestBlogValueNoiseDimensionErrors(t *testing.T) {
	n := NewBlogValueNoise(12, 4, 2, 0.5)
	for _, pos := range [][]float64{nil, {}, {1, 2, 3, 4, 5}} {
		if _, err := n.NoiseAt(pos); err == nil {
			t.Errorf("NoiseAt(%v): no error", pos)
		}
		if _, err := n.Fractal(pos); err == nil {
			t.Errorf("Fractal(%v): no error", pos)
		}
	}
}

func TestBlogValueNoiseFractalOctaves(t *testing.T) {
	// Octaves 0 and 1 both give the single base octave (docs/algorithms.md §5).
	pos := []float64{1.3, 2.7}
	base := NewBlogValueNoise(12, 0, 2, 0.5).Noise2D(1.3, 2.7)
	for _, oct := range []uint8{0, 1} {
		v, err := NewBlogValueNoise(12, oct, 2, 0.5).Fractal(pos)
		if err != nil || v != base {
			t.Errorf("octaves %d: Fractal = %v, %v; want %v", oct, v, err, base)
		}
	}
	// The 4D fractal goes through the dispatcher, so it swaps z and w too.
	n := NewBlogValueNoise(12, 1, 2, 0.5)
	v, _ := n.Fractal([]float64{0.5, 1.5, 2.5, 3.5})
	if want := n.Noise4D(0.5, 1.5, 3.5, 2.5); v != want {
		t.Errorf("Fractal 4D = %v, want Noise4D with z and w swapped = %v", v, want)
	}
	// Many octaves (u8 maximum) stay finite and in range.
	n = NewBlogValueNoise(12, 255, 2, 0.5)
	v, err := n.Fractal([]float64{0.1, 0.2, 0.3})
	if err != nil || !(v >= -1 && v <= 1) {
		t.Errorf("255 octaves: Fractal = %v, %v", v, err)
	}
}

func TestBlogValueNoiseFromTable(t *testing.T) {
	n := NewBlogValueNoiseFromTable(PermutationTable(12), 4, 2, 0.5)
	if *n != *NewBlogValueNoise(12, 4, 2, 0.5) {
		t.Error("NewBlogValueNoiseFromTable(PermutationTable(12)) differs from NewBlogValueNoise(12)")
	}
	for i := range 256 {
		if n.Perm[i] != n.Perm[i+256] {
			t.Fatalf("Perm[%d] = %d, Perm[%d] = %d: table not doubled", i, n.Perm[i], i+256, n.Perm[i+256])
		}
	}
	// A table that is not a permutation still gives defined noise.
	var zero [256]uint8
	c := NewBlogValueNoiseFromTable(zero, 1, 2, 0.5)
	if got := c.Noise3D(3.3, 4.4, 5.5); got != -1 {
		t.Errorf("all-zero table: Noise3D = %v, want -1", got)
	}
	if got := c.Noise1D(3.3); got != 1 {
		t.Errorf("all-zero table: Noise1D = %v, want 1", got)
	}
}

func TestBlogValueNoiseNoAllocs(t *testing.T) {
	n := NewBlogValueNoise(12, 4, 2, 0.5)
	pos := []float64{1.3, 2.7, 4.1, 0.2}
	var sink float64
	allocs := testing.AllocsPerRun(100, func() {
		sink += n.Noise1D(1.3) + n.Noise2D(1.3, 2.7) + n.Noise3D(1.3, 2.7, 4.1) + n.Noise4D(1.3, 2.7, 4.1, 0.2)
		v, _ := n.NoiseAt(pos)
		f, _ := n.Fractal(pos)
		sink += v + f
	})
	if allocs != 0 {
		t.Errorf("%v allocations per call, want 0", allocs)
	}
	_ = sink
}
