package compare

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

// TestFolds: a derivative that misses at a fold of a fractal mode is
// accepted (ridged Perlin folds at every lattice point, where Perlin noise
// is 0 in every octave), the same miss away from folds is not, a wrong
// formula everywhere fails the 1 % bound, and fBm accepts nothing.
func TestFolds(t *testing.T) {
	pos3 := func(p4 []mgl32.Vec4) []mgl32.Vec3 {
		out := make([]mgl32.Vec3, len(p4))
		for i, p := range p4 {
			out[i] = p.Vec3()
		}
		return out
	}
	set := noise.Settings{Seed: 1, Frequency: 2, Octaves: 2, Lacunarity: 2, Persistence: 0.5, Fractal: noise.FractalRidged}
	cfg := noise.Config{Noise: noise.Perlin, Dims: 2, Settings: set}
	cs, err := cpu.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	pol := PolicyFor(cfg)
	pos := []mgl32.Vec4{{0.5, 0, 1.5, 0}, {0.3, 0, 0.7, 0}} // a lattice point of both octaves; a generic point
	for i := 0; i < 300; i++ {
		pos = append(pos, mgl32.Vec4{float32(i)*0.0371 + 0.013, 0, float32(i)*0.0253 + 0.029, 0})
	}
	want := make([]noise.Sample, len(pos))
	if err := cs.Samples(pos3(pos), want); err != nil {
		t.Fatal(err)
	}
	flip := func(idx ...int) []noise.Sample {
		got := append([]noise.Sample(nil), want...)
		for _, i := range idx {
			got[i].Dx = -got[i].Dx + 1 // the other side, or simply wrong
		}
		return got
	}
	if got := flip(0); func() bool { n, ok := Folds(cs, cfg, pos, want, got, pol); return n != 1 || !ok || got[0] != want[0] }() {
		t.Error("a miss at a lattice point of ridged Perlin is not accepted")
	}
	if got := flip(1); func() bool { n, _ := Folds(cs, cfg, pos, want, got, pol); return n != 0 || got[1] == want[1] }() {
		t.Error("a miss away from folds is accepted")
	}
	all := make([]int, len(pos))
	for i := range all {
		all[i] = i
	}
	if _, ok := Folds(cs, cfg, pos, want, flip(all...), pol); ok {
		t.Error("a wrong derivative everywhere passes the 1 % bound")
	}
	fbm := cfg
	fbm.Settings.Fractal = noise.FractalFBm
	if n, ok := Folds(cs, fbm, pos, want, flip(0), pol); n != 0 || !ok {
		t.Errorf("fBm: Folds = %d, %v; want 0, true", n, ok)
	}
	if n, _ := Folds(cs, cfg, pos, want, flip(0), Exact); n != 0 {
		t.Errorf("exact policy: Folds = %d; want 0", n)
	}
}

// TestFoldsSmallJump: ridged perm-value (verify's "ridged, 4 oct, jitter
// 0.35" case) at (−12.875, −3.75, 9), a lattice point of the top octave
// where the octave at frequency 12 is exactly 0 (n = 127.5): a GPU whose
// division moves that octave's 0 by an ULP takes the other side of its
// fold, whose dx (the CPU's own just beside the point) differs by 1.5 % of
// the gradient, under the 2 % spread rule. It is accepted, being within the
// neighbours' range; a value as far off outside that range is not, nor is
// the other side's dx at a generic point.
func TestFoldsSmallJump(t *testing.T) {
	set := noise.Settings{Seed: 77, Frequency: 3, Octaves: 4, Lacunarity: 2, Persistence: 0.5, Fractal: noise.FractalRidged, Jitter: 0.35}
	cfg := noise.Config{Noise: noise.PermValue, Dims: 3, Settings: set}
	cs, err := cpu.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	oct := cfg
	oct.Settings.Fractal, oct.Settings.Octaves, oct.Settings.Frequency = noise.FractalFBm, 1, 12
	co, err := cpu.New(oct)
	if err != nil {
		t.Fatal(err)
	}
	p := mgl32.Vec3{-12.875, -3.75, 9}
	if v := co.At(p).V; v != 0 {
		t.Fatalf("the octave at frequency 12 is %v at %v, want 0 (the fold)", v, p)
	}
	pol := PolicyFor(cfg)
	want := cs.At(p)
	side := cs.At(mgl32.Vec3{p[0] + 1e-6, p[1], p[2]}) // the other side of the fold
	norm := math.Hypot(float64(want.Dx), float64(want.Dy))
	jump := math.Abs(float64(side.Dx - want.Dx))
	if pol.Deriv.Allows(want.Dx, side.Dx) || jump >= 2e-2*norm || jump <= 5e-3*norm {
		t.Fatalf("dx %v beside dx %v: a jump of %.2f %% of the gradient, want between 0.5 %% and 2 %% and beyond the tolerance", side.Dx, want.Dx, 100*jump/norm)
	}
	generic := mgl32.Vec3{-12.7, -3.61, 9.13}
	pos := []mgl32.Vec4{p.Vec4(0), p.Vec4(0), generic.Vec4(0)}
	wants := []noise.Sample{want, want, cs.At(generic)}
	for i := 0; i < 300; i++ { // the 1 % budget
		q := mgl32.Vec3{float32(i)*0.0371 + 0.013, float32(i) * 0.0153, float32(i)*0.0253 + 0.029}
		pos, wants = append(pos, q.Vec4(0)), append(wants, cs.At(q))
	}
	got := append([]noise.Sample(nil), wants...)
	got[0].Dx = side.Dx
	got[1].Dx = want.Dx - 2*(want.Dx-side.Dx) // as far again: outside the range
	got[2].Dx = wants[2].Dx + (side.Dx - want.Dx)
	n, ok := Folds(cs, cfg, pos, wants, got, pol)
	if n != 1 || !ok || got[0] != want || got[1] == want || got[2] == wants[2] {
		t.Errorf("Folds = %d, %v; accepted: other side %v, beyond the range %v, generic point %v; want 1, true, true, false, false",
			n, ok, got[0] == want, got[1] == want, got[2] == wants[2])
	}
}

// TestFractalGain: FractalGain is the largest slope |dt/dv| of each mode's
// t(v) (docs/algorithms.md §6.4, in float64) over |v| ≤ 1.5, measured by
// finite differences away from the folds.
func TestFractalGain(t *testing.T) {
	modes := map[noise.Fractal]func(v, s float64) float64{
		noise.FractalFBm:    func(v, s float64) float64 { return v },
		noise.FractalBillow: func(v, s float64) float64 { return 2*math.Abs(v) - 1 },
		noise.FractalRidged: func(v, s float64) float64 { r := 1 - math.Abs(v); return 2*r*r - 1 },
		noise.FractalPingPong: func(v, s float64) float64 {
			u := (v + 1) * s
			m := u - 2*math.Floor(u/2)
			if m >= 1 {
				m = 2 - m
			}
			return 2*m - 1
		},
	}
	for mode, tf := range modes {
		for _, s := range []float32{0, 0.25, 1.5, 7} {
			set := noise.Settings{Fractal: mode, PingPong: s}
			ps := float64(s)
			if ps == 0 {
				ps = noise.DefaultPingPong
			}
			slope := 0.0
			const h = 1e-7
			for v := -1.5; v <= 1.5; v += 1e-4 {
				a, b := tf(v, ps), tf(v+h, ps)
				if d := math.Abs(b-a) / h; d < 1e5 { // not across a jump
					slope = max(slope, d)
				}
			}
			if g := FractalGain(set); math.Abs(max(1, slope)-g) > 1e-3*g {
				t.Errorf("%v, ping-pong %v: FractalGain %v, largest slope %v", mode, s, g, slope)
			}
		}
	}
}
