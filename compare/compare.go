// Package compare measures how far two noise result buffers are apart, per
// component (value and the three derivatives): maximum absolute and
// relative error, maximum ULP distance, mean absolute error, how many
// entries exceed a tolerance and where the worst one is. The verify
// command and the GPU tests judge the GPU against the CPU reference with it.
package compare

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
)

// Component names the five parts of a sample.
var Component = [5]string{"v", "dx", "dy", "dz", "dw"}

// Tolerance is the allowed difference of one component: |got − want| may
// be at most Abs + Rel·|want|. Both sides must be finite or both NaN; a NaN
// or ±Inf on one side only never passes.
type Tolerance struct {
	Abs, Rel float64
}

// Allows reports whether got is within t of want.
func (t Tolerance) Allows(want, got float32) bool {
	wn, gn := want != want, got != got
	if wn || gn {
		return wn && gn
	}
	wi, gi := math.IsInf(float64(want), 0), math.IsInf(float64(got), 0)
	if wi || gi {
		return want == got
	}
	d := math.Abs(float64(got) - float64(want))
	return d <= t.Abs+t.Rel*math.Abs(float64(want))
}

// Policy is the tolerance of every component: Value for v, Deriv for dx,
// dy and dz.
type Policy struct {
	Value, Deriv Tolerance
}

// Exact is the policy that allows no difference at all (±0 equal, NaN
// equal to NaN).
var Exact = Policy{}

// PolicyFor is the project's tolerance policy (docs/algorithms.md §11) for cfg:
// values abs 2e-6·G; derivatives rel 1e-5 + abs 1e-5·F·S·G, where F is the
// top octave frequency, S the largest domain scale (1 without a domain)
// and G the fractal mode's FractalGain; smooth Worley, whose exp and log are
// the GPU's own, abs 1e-5·G on values and 1e-4·F·S·G on derivatives.
func PolicyFor(cfg noise.Config) Policy {
	f := float64(cfg.Settings.TopFrequency())
	s := 1.0
	if cfg.Domain != nil {
		s = 0
		for _, c := range cfg.Domain.Scale {
			s = max(s, math.Abs(float64(c)))
		}
	}
	g := FractalGain(cfg.Settings)
	if cfg.Noise.Parts().Metric == noise.MetricSmoothWorley {
		return Policy{Value: Tolerance{Abs: 1e-5 * g}, Deriv: Tolerance{Abs: 1e-4 * f * s * g, Rel: 1e-5}}
	}
	return Policy{Value: Tolerance{Abs: 2e-6 * g}, Deriv: Tolerance{Abs: 1e-5 * f * s * g, Rel: 1e-5}}
}

// FractalGain is the largest factor by which s's fractal mode
// (docs/algorithms.md §6.4) multiplies an error of an octave's value or
// derivative: the largest slope of the mode's t(v) over the octave range
// (|v| ≤ 1.5). fBm 1 (t = v); billow 2 (t = 2|v| − 1); ridged 4 (t =
// 2(1 − |v|)² − 1, slope 4|1 − |v||); ping-pong 2s (t = 2m − 1 with m = ±(v
// + 1)·s plus a constant), at least 1. The weighted average of the octaves
// keeps the factor, so a GPU error that the fBm tolerance covers is
// covered by G times it after the mode.
func FractalGain(s noise.Settings) float64 {
	switch s.Fractal {
	case noise.FractalBillow:
		return 2
	case noise.FractalRidged:
		return 4
	case noise.FractalPingPong:
		p := float64(s.PingPong)
		if p == 0 {
			p = noise.DefaultPingPong
		}
		return max(1, 2*p)
	}
	return 1
}

// ULP returns the number of float32 values between a and b (0 for equal
// values, ±0 included); MaxUint32 if either is NaN and the other is not.
func ULP(a, b float32) uint32 {
	if a != a || b != b {
		if a != a && b != b {
			return 0
		}
		return math.MaxUint32
	}
	d := ordered(a) - ordered(b)
	if d < 0 {
		d = -d
	}
	return uint32(min(d, math.MaxUint32))
}

// ordered maps a float's bits to an integer line where adjacent floats are
// adjacent integers and −0 = +0 = 0.
func ordered(f float32) int64 {
	b := math.Float32bits(f)
	if b&(1<<31) != 0 {
		return -int64(b &^ (1 << 31))
	}
	return int64(b)
}

// Stats describes the difference of one component over a buffer.
type Stats struct {
	N          int     // entries compared
	MaxAbs     float64 // largest |got − want| over finite pairs
	MaxRel     float64 // largest |got − want| / |want| over finite pairs with want ≠ 0
	MaxULP     uint32  // largest ULP distance (MaxUint32 for a lone NaN)
	MeanAbs    float64 // mean |got − want| over finite pairs
	Over       int     // entries outside the tolerance
	Worst      int     // index of the entry furthest outside (or, when none is, the largest ULP distance); −1 when N = 0
	Want, Got  float32 // the two values at Worst
	sumAbs     float64
	finite     int
	worstScore float64
}

// Pass reports whether no entry is outside the tolerance.
func (s Stats) Pass() bool { return s.Over == 0 }

// Report is the comparison of two buffers of samples.
type Report struct {
	Components int      // 1 (values only) or 5
	Stats      [5]Stats // per component
}

// Pass reports whether every component passed.
func (r Report) Pass() bool {
	for c := 0; c < r.Components; c++ {
		if !r.Stats[c].Pass() {
			return false
		}
	}
	return true
}

// MaxULP is the largest ULP distance over all components.
func (r Report) MaxULP() uint32 {
	var m uint32
	for c := 0; c < r.Components; c++ {
		m = max(m, r.Stats[c].MaxULP)
	}
	return m
}

// MaxAbs is the largest absolute error over all components.
func (r Report) MaxAbs() float64 {
	var m float64
	for c := 0; c < r.Components; c++ {
		m = max(m, r.Stats[c].MaxAbs)
	}
	return m
}

// Over is the number of entries outside the tolerance, over all components.
func (r Report) Over() int {
	n := 0
	for c := 0; c < r.Components; c++ {
		n += r.Stats[c].Over
	}
	return n
}

// Worst describes the worst failing (or, if none fails, the largest-ULP)
// entry as "component at index i (position): want w, got g".
func (r Report) Worst(pos func(i int) string) string {
	best, score := -1, -1.0
	for c := 0; c < r.Components; c++ {
		s := r.Stats[c]
		if s.Worst < 0 {
			continue
		}
		k := float64(s.MaxULP)
		if s.Over > 0 {
			k = math.Inf(1)
		}
		if k > score {
			best, score = c, k
		}
	}
	if best < 0 {
		return "nothing compared"
	}
	s := r.Stats[best]
	where := ""
	if pos != nil {
		where = " (" + pos(s.Worst) + ")"
	}
	return fmt.Sprintf("%s at index %d%s: want %g, got %g (%d ULP)", Component[best], s.Worst, where, s.Want, s.Got, ULP(s.Want, s.Got))
}

func (s *Stats) add(i int, want, got float32, t Tolerance) {
	if s.N == 0 {
		s.Worst = -1
	}
	s.N++
	u := ULP(want, got)
	finite := !math.IsNaN(float64(want)) && !math.IsNaN(float64(got)) &&
		!math.IsInf(float64(want), 0) && !math.IsInf(float64(got), 0)
	var score float64
	if finite {
		d := math.Abs(float64(got) - float64(want))
		s.MaxAbs = max(s.MaxAbs, d)
		if want != 0 {
			s.MaxRel = max(s.MaxRel, d/math.Abs(float64(want)))
		}
		s.sumAbs += d
		s.finite++
		s.MeanAbs = s.sumAbs / float64(s.finite)
		score = float64(u)
		if lim := t.Abs + t.Rel*math.Abs(float64(want)); d > lim {
			score = math.MaxUint32 + d/max(lim, math.SmallestNonzeroFloat64)
		}
	} else if u != 0 {
		score = math.Inf(1)
	}
	s.MaxULP = max(s.MaxULP, u)
	if !t.Allows(want, got) {
		s.Over++
	}
	if s.Worst < 0 || score > s.worstScore {
		s.Worst, s.Want, s.Got, s.worstScore = i, want, got, score
	}
}

// Values compares two value buffers with the policy's value tolerance.
func Values(want, got []float32, p Policy) Report {
	r := Report{Components: 1}
	for i := range min(len(want), len(got)) {
		r.Stats[0].add(i, want[i], got[i], p.Value)
	}
	r.Stats[0].Worst = worstOrNone(r.Stats[0])
	return r
}

// Samples compares two sample buffers, v with the value tolerance and the
// derivatives with the derivative tolerance.
func Samples(want, got []noise.Sample, p Policy) Report {
	r := Report{Components: 5}
	for i := range min(len(want), len(got)) {
		w, g := want[i], got[i]
		r.Stats[0].add(i, w.V, g.V, p.Value)
		r.Stats[1].add(i, w.Dx, g.Dx, p.Deriv)
		r.Stats[2].add(i, w.Dy, g.Dy, p.Deriv)
		r.Stats[3].add(i, w.Dz, g.Dz, p.Deriv)
		r.Stats[4].add(i, w.Dw, g.Dw, p.Deriv)
	}
	for c := range r.Stats {
		r.Stats[c].Worst = worstOrNone(r.Stats[c])
	}
	return r
}

func worstOrNone(s Stats) int {
	if s.N == 0 {
		return -1
	}
	return s.Worst
}

// FormatVec3 is a position formatter for Report.Worst.
func FormatVec3(pos []mgl32.Vec3) func(int) string {
	return func(i int) string {
		p := pos[i]
		return fmt.Sprintf("%g, %g, %g", p[0], p[1], p[2])
	}
}
