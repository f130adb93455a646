package cpu_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/internal/appendixa"
)

func settingsOf(s appendixa.Settings) noise.Settings {
	return noise.Settings{Seed: int32(s.Seed), Frequency: int32(s.Frequency), Octaves: s.Octaves,
		Lacunarity: int32(s.Lacunarity), Persistence: s.Persistence}
}

func mustSampler(t testing.TB, cfg noise.Config) *cpu.Sampler {
	t.Helper()
	s, err := cpu.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func mustNoise(t testing.TB, name string) noise.Noise {
	t.Helper()
	n, err := noise.ParseNoise(name)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestAppendixAValues reproduces every value of SPEC Appendix A.1 and A.2
// bit for bit (±0 equal) through At, ValueAt, Samples and Values. The batch
// holds the four points four times over, so that Values runs through the
// 8-lane kernels where the build has them.
func TestAppendixAValues(t *testing.T) {
	cases, err := appendixa.ValueCases()
	if err != nil {
		t.Fatal(err)
	}
	pos := make([]mgl32.Vec3, 16)
	for i := range pos {
		pos[i] = mgl32.Vec3(appendixa.Points[i%4])
	}
	vectorized := 0
	for _, c := range cases {
		s := mustSampler(t, noise.Config{Noise: mustNoise(t, c.Noise), Dims: c.Dims, Tiling: c.Tiling, Settings: settingsOf(c.Settings)})
		if s.Vectorized() {
			vectorized++
		}
		samples := make([]noise.Sample, len(pos))
		values := make([]float32, len(pos))
		s.Samples(pos, samples)
		s.Values(pos, values)
		for j, p := range pos {
			i := j % 4
			for _, got := range []struct {
				how string
				v   float32
			}{{"At", s.At(p).V}, {"ValueAt", s.ValueAt(p)}, {"Samples", samples[i].V}, {"Values", values[i]}} {
				if !appendixa.SameBits(got.v, c.Want[i]) {
					t.Errorf("%s %s %dD tiling=%v p%d %s = %08X (%g), want %08X (%g)", c.Table, c.Noise, c.Dims, c.Tiling, i,
						got.how, math.Float32bits(got.v), got.v, c.Want[i], math.Float32frombits(c.Want[i]))
				}
			}
		}
	}
	if ok, how := cpu.SIMD(); ok && vectorized == 0 {
		t.Errorf("SIMD is on (%s) but no Appendix A case ran through the 8-lane kernels", how)
	}
	t.Logf("%d of %d cases through the 8-lane kernels", vectorized, len(cases))
}

// TestAppendixADerivatives reproduces SPEC Appendix A.3 (v, dx, dy, dz
// under settings A at p0 and p1) bit for bit.
func TestAppendixADerivatives(t *testing.T) {
	cases, err := appendixa.DerivCases()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		s := mustSampler(t, noise.Config{Noise: mustNoise(t, c.Noise), Dims: c.Dims, Settings: settingsOf(appendixa.SettingsA)})
		got := s.At(mgl32.Vec3(appendixa.Points[c.Point]))
		g := [4]float32{got.V, got.Dx, got.Dy, got.Dz}
		for k := range g {
			if !appendixa.SameBits(g[k], math.Float32bits(c.Want[k])) {
				t.Errorf("A.3 %s %dD p%d component %d = %.9g, want %.9g", c.Noise, c.Dims, c.Point, k, g[k], c.Want[k])
			}
		}
	}
}

// TestAppendixADomain reproduces SPEC Appendix A.7: Perlin 3D through the PN
// and PS domain matrices, and the world-space gradient.
func TestAppendixADomain(t *testing.T) {
	cases, err := appendixa.DomainCases()
	if err != nil {
		t.Fatal(err)
	}
	for _, pn := range []bool{false, true} {
		d := noise.Domain{Translation: appendixa.DomainTranslation, Rotation: appendixa.DomainRotation,
			Scale: appendixa.DomainScale, PN: pn}
		s := mustSampler(t, noise.Config{Noise: noise.Perlin, Dims: 3, Settings: settingsOf(appendixa.SettingsA), Domain: &d})
		for _, c := range cases {
			got := s.At(mgl32.Vec3(appendixa.Points[c.Point]))
			want := c.PS
			if pn {
				want = c.PN
			}
			if !appendixa.SameBits(got.V, want) || !appendixa.SameBits(s.ValueAt(mgl32.Vec3(appendixa.Points[c.Point])), want) {
				t.Errorf("A.7 pn=%v p%d v = %08X, want %08X", pn, c.Point, math.Float32bits(got.V), want)
			}
			if pn {
				continue
			}
			for k, g := range []float32{got.Dx, got.Dy, got.Dz} {
				if g != c.Grad[k] {
					t.Errorf("A.7 p%d world-space grad[%d] = %.9g, want %.9g", c.Point, k, g, c.Grad[k])
				}
			}
		}
	}
}
