package compare

import (
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
