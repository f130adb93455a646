package compare

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

// Folds replaces, in got, the derivatives that differ from want beyond the
// policy at a fold of a fractal mode, and returns how many positions it
// changed (docs/algorithms.md §11). The ridged, billow and ping-pong modes
// (§6.4) fold each octave's value, so their derivatives jump where an
// octave crosses a fold (ridged and billow at 0, ping-pong at its band
// edges): there the derivative is one-sided, and a GPU whose octave values
// differ from the CPU's by a few ULP, as GLSL allows for division and
// square roots, may take another side of one octave's fold, or of several
// (on a lattice line every octave folds at once). A derivative component
// that misses is therefore accepted when the value agrees and the CPU's own
// derivative component jumps at the position: over the 26 neighbours (80
// in 4D) a
// step of 1e-3/(F·S) lattice units away (at least 16 ULP of the
// coordinate) it spreads by more than 2 % of the gradient's magnitude (at
// least 0.05·F·S), where a smooth derivative changes by about 0.1 %. A
// wrong derivative formula misses away from folds too. At most 1 % of the
// positions may be accepted so: ok is false beyond that. cs is the CPU
// sampler of cfg; for FractalFBm, or with the exact policy, nothing is
// replaced.
func Folds(cs *cpu.Sampler, cfg noise.Config, pos []mgl32.Vec4, want, got []noise.Sample, p Policy) (n int, ok bool) {
	if cfg.Settings.Fractal == noise.FractalFBm || p == Exact {
		return 0, true
	}
	scale := float64(cfg.Settings.TopFrequency())
	if cfg.Domain != nil {
		s := 0.0
		sw, _ := cfg.Domain.WTransform()
		for _, c := range append(cfg.Domain.Scale[:], sw) {
			s = max(s, math.Abs(float64(c)))
		}
		scale *= s
	}
	return FoldsAt(func(q mgl32.Vec4) noise.Sample { return sampleAt(cs, cfg.Dims, q) }, cfg.Dims, scale, pos, want, got, p)
}

// FoldsAt is Folds for any CPU reference: at is its sample at a position
// (a graph's, cpu.GraphSampler.At4), dims the dimensions its derivatives
// vary in (4 steps in w too), scale the largest frequency it is evaluated
// at (F·S). It replaces derivatives whatever the reference's fractal mode
// (the caller decides where folds can occur); with the exact policy,
// nothing.
func FoldsAt(at func(p mgl32.Vec4) noise.Sample, dims int, scale float64, pos []mgl32.Vec4, want, got []noise.Sample, p Policy) (n int, ok bool) {
	if p == Exact {
		return 0, true
	}
	h := float32(1e-3 / scale)
	m := min(len(pos), len(want), len(got))
	beyond := 0
	for i := range m {
		w, g := want[i], got[i]
		if !p.Value.Allows(w.V, g.V) {
			continue
		}
		wd, gd := [4]*float32{&w.Dx, &w.Dy, &w.Dz, &w.Dw}, [4]*float32{&g.Dx, &g.Dy, &g.Dz, &g.Dw}
		replaced := false
		for c := range 4 {
			if p.Deriv.Allows(*wd[c], *gd[c]) || !jumps(at, dims, pos[i], w, c, *gd[c], h, scale, p.Deriv) {
				continue
			}
			*gd[c] = *wd[c]
			replaced = true
		}
		if replaced {
			got[i] = g
			n++
			if beyondRange(pos[i], dims, scale) {
				beyond++
			}
		}
	}
	// Positions beyond the coordinate range do not count against the 1 %:
	// the special position set is a fixed 192 whatever the matrix size.
	return n, (n-beyond)*100 <= m
}

// beyondRange reports whether a coordinate of p lies beyond the
// coordinate range, |x|·scale ≥ 2^24 lattice units (infinities included),
// where the neighbours of p cannot show a jump.
func beyondRange(p mgl32.Vec4, dims int, scale float64) bool {
	for a := range dims {
		if math.Abs(float64(p[a]))*scale >= 1<<24 {
			return true
		}
	}
	return false
}

// sampleAt is the CPU's sample at p: At4 for 4D noise, At of (x, y, z)
// below (which does not read w).
func sampleAt(cs *cpu.Sampler, dims int, p mgl32.Vec4) noise.Sample {
	if dims == 4 {
		return cs.At4(p)
	}
	return cs.At(p.Vec3())
}

// jumps reports whether derivative component c of the CPU's sample s at p
// jumps there so that got may be its other side: over the 26 neighbours
// of p (80 for 4D noise, in x, y, z and w) a step h away (at least 16 ULP
// of each coordinate) it spreads by more than 2 % of the gradient's
// magnitude (at least 0.05·scale), or by more than 0.5 % of it while got
// lies within the neighbours' range (widened by tol at either end: got is
// a derivative the CPU takes beside p). A smooth derivative spreads by
// about 0.1 % over the step; a fold jumps by the folding octave's share of
// the gradient (ridged: 8·|da|·its weight), which can be small when that
// octave's own derivative is (perm-value, ridged, at a lattice point of the
// top octave where the octave below is 0: 1.5 %).
//
// Beyond the documented coordinate range (|coordinate|·scale ≥ 2^24
// lattice units, docs/algorithms.md §9; infinities included) it reports
// true: there a coordinate's ULP spans whole lattice cells and the clamps
// pin it, so the neighbours cannot show a jump, and the derivative is a
// one-sided limit that a few ULP of an octave's value may put on either
// side of a fold (Chebyshev F1/F2 under ping-pong on the worst GPU
// emulated, at (2^31, −0, 0.25, −0)).
func jumps(at func(mgl32.Vec4) noise.Sample, dims int, p mgl32.Vec4, s noise.Sample, c int, got float32, h float32, scale float64, tol Tolerance) bool {
	if beyondRange(p, dims, scale) {
		return true
	}
	var step [4]float32
	for a := range step {
		ulp := math.Nextafter32(abs32(p[a]), float32(math.Inf(1))) - abs32(p[a])
		step[a] = max(h, 16*ulp)
	}
	grad := [4]float64{float64(s.Dx), float64(s.Dy), float64(s.Dz), float64(s.Dw)}
	norm := math.Sqrt(grad[0]*grad[0] + grad[1]*grad[1] + grad[2]*grad[2] + grad[3]*grad[3])
	lo, hi := grad[c], grad[c]
	wSteps := 0
	if dims == 4 {
		wSteps = 1
	}
	for i := -1; i <= 1; i++ {
		for j := -1; j <= 1; j++ {
			for k := -1; k <= 1; k++ {
				for l := -wSteps; l <= wSteps; l++ {
					q := p
					q[0] += float32(i) * step[0]
					q[1] += float32(j) * step[1]
					q[2] += float32(k) * step[2]
					q[3] += float32(l) * step[3]
					d := at(q)
					v := float64([4]float32{d.Dx, d.Dy, d.Dz, d.Dw}[c])
					lo, hi = min(lo, v), max(hi, v)
				}
			}
		}
	}
	ref := math.Max(norm, 0.05*scale)
	if hi-lo > 2e-2*ref {
		return true
	}
	g := float64(got)
	within := (g >= lo && g <= hi) || tol.Allows(float32(lo), got) || tol.Allows(float32(hi), got)
	return hi-lo > 5e-3*ref && within
}

func abs32(x float32) float32 { return float32(math.Abs(float64(x))) }
