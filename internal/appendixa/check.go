package appendixa

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

// Result is the outcome of Check.
type Result struct {
	// Total counts the checks: one per A.1/A.2 row and point, one per A.3
	// row and point, and three per A.7 point (PN value, PS value, PS
	// world-space gradient).
	Total int
	// Failures describes each check that failed, one line each.
	Failures []string
	// Vectorized counts the A.1/A.2 rows whose sampler ran the batch
	// kernels (cpu.Sampler.Vectorized), out of Rows.
	Vectorized, Rows int
}

// copies is how many times the batch checks repeat the four points: 16
// positions, one whole vector of the widest batch kernels (shorter batches
// are padded: they take the kernels too).
const copies = 4

// NoiseSettings returns s as the library's settings.
func NoiseSettings(s Settings) noise.Settings {
	return noise.Settings{Seed: int32(s.Seed), Frequency: float32(s.Frequency), Octaves: s.Octaves,
		Lacunarity: float32(s.Lacunarity), Persistence: s.Persistence}
}

// Check runs Appendix A.1, A.2, A.3 and A.7 through package cpu, every
// value by all four of its paths (At, ValueAt, and the batch Values and
// Samples over the points repeated), and reports what does not match: a
// value must have the vector's bits (+0 and −0 equal), a derivative must
// equal it as a float32. The error is for vectors that cannot be read or
// samplers that cannot be made.
func Check() (Result, error) {
	var r Result
	values, err := ValueCases()
	if err != nil {
		return r, err
	}
	derivs, err := DerivCases()
	if err != nil {
		return r, err
	}
	domains, err := DomainCases()
	if err != nil {
		return r, err
	}
	pos := make([]mgl32.Vec3, copies*len(Points))
	for i := range pos {
		pos[i] = mgl32.Vec3(Points[i%len(Points)])
	}
	b := batch{pos: pos, vals: make([]float32, len(pos)), samples: make([]noise.Sample, len(pos))}

	for _, c := range values {
		s, err := newSampler(c.Noise, c.Dims, c.Tiling, NoiseSettings(c.Settings), nil)
		if err != nil {
			return r, fmt.Errorf("%s %s %dD: %v", c.Table, c.Noise, c.Dims, err)
		}
		r.Rows++
		if s.Vectorized() {
			r.Vectorized++
		}
		if err := b.run(s); err != nil {
			return r, fmt.Errorf("%s %s %dD: %v", c.Table, c.Noise, c.Dims, err)
		}
		for i := range Points {
			r.Total++
			if path, got, ok := b.same(s, i, c.Want[i]); !ok {
				r.Failures = append(r.Failures, fmt.Sprintf("%s %s %dD tiling=%s p%d %s: got %s, want %s",
					c.Table, c.Noise, c.Dims, yesNo(c.Tiling), i, path, bitsText(got), bitsText(math.Float32frombits(c.Want[i]))))
			}
		}
	}

	for _, c := range derivs {
		s, err := newSampler(c.Noise, c.Dims, false, NoiseSettings(SettingsA), nil)
		if err != nil {
			return r, fmt.Errorf("A.3 %s %dD: %v", c.Noise, c.Dims, err)
		}
		r.Total++
		if err := b.run(s); err != nil {
			return r, fmt.Errorf("A.3 %s %dD: %v", c.Noise, c.Dims, err)
		}
		if path, got, ok := b.sameSample(s, c.Point, c.Want, all4); !ok {
			r.Failures = append(r.Failures, fmt.Sprintf("A.3 %s %dD p%d %s: got v,dx,dy,dz = %s, want %s",
				c.Noise, c.Dims, c.Point, path, floats(got[:]), floats(c.Want[:])))
		}
	}

	for _, pn := range []bool{true, false} {
		d := &noise.Domain{Translation: DomainTranslation, Rotation: DomainRotation, Scale: DomainScale, PN: pn}
		s, err := newSampler("perlin", 3, false, NoiseSettings(SettingsA), d)
		if err != nil {
			return r, fmt.Errorf("A.7: %v", err)
		}
		if err := b.run(s); err != nil {
			return r, fmt.Errorf("A.7: %v", err)
		}
		for _, c := range domains {
			i := c.Point
			matrix, want := "PS", c.PS
			if pn {
				matrix, want = "PN", c.PN
			}
			r.Total++
			if path, got, ok := b.same(s, i, want); !ok {
				r.Failures = append(r.Failures, fmt.Sprintf("A.7 %s-matrix p%d %s: got %s, want %s",
					matrix, i, path, bitsText(got), bitsText(math.Float32frombits(want))))
			}
			if pn {
				continue
			}
			r.Total++
			grad := func(g noise.Sample) [4]float32 { return [4]float32{0, g.Dx, g.Dy, g.Dz} }
			if path, got, ok := b.sameSample(s, i, [4]float32{0, c.Grad[0], c.Grad[1], c.Grad[2]}, grad); !ok {
				r.Failures = append(r.Failures, fmt.Sprintf("A.7 PS-matrix p%d world-space gradient %s: got %s, want %s",
					i, path, floats(got[1:]), floats(c.Grad[:])))
			}
		}
	}
	return r, nil
}

func newSampler(name string, dims int, tiling bool, s noise.Settings, d *noise.Domain) (*cpu.Sampler, error) {
	n, err := noise.ParseNoise(name)
	if err != nil {
		return nil, err
	}
	return cpu.New(noise.Config{Noise: n, Dims: dims, Tiling: tiling, Settings: s, Domain: d})
}

// batch holds the repeated points and one sampler's batch results.
type batch struct {
	pos     []mgl32.Vec3
	vals    []float32
	samples []noise.Sample
}

func (b *batch) run(s *cpu.Sampler) error {
	return errors.Join(s.Values(b.pos, b.vals), s.Samples(b.pos, b.samples))
}

// same checks the value at point i by every path, in every copy of the
// batch, and returns the first mismatch.
func (b *batch) same(s *cpu.Sampler, i int, want uint32) (path string, got float32, ok bool) {
	p := b.pos[i]
	if v := s.At(p).V; !SameBits(v, want) {
		return "At", v, false
	}
	if v := s.ValueAt(p); !SameBits(v, want) {
		return "ValueAt", v, false
	}
	for k := i; k < len(b.pos); k += len(Points) {
		if !SameBits(b.vals[k], want) {
			return fmt.Sprintf("Values[%d]", k), b.vals[k], false
		}
		if !SameBits(b.samples[k].V, want) {
			return fmt.Sprintf("Samples[%d]", k), b.samples[k].V, false
		}
	}
	return "", 0, true
}

// all4 is a sample's v, dx, dy, dz.
func all4(g noise.Sample) [4]float32 { return [4]float32{g.V, g.Dx, g.Dy, g.Dz} }

// sameSample checks part(sample) at point i, through At and every copy in
// the batch, against want, compared as float32 (+0 and −0 equal).
func (b *batch) sameSample(s *cpu.Sampler, i int, want [4]float32, part func(noise.Sample) [4]float32) (path string, got [4]float32, ok bool) {
	if got = part(s.At(b.pos[i])); got != want {
		return "At", got, false
	}
	for k := i; k < len(b.pos); k += len(Points) {
		if got = part(b.samples[k]); got != want {
			return fmt.Sprintf("Samples[%d]", k), got, false
		}
	}
	return "", want, true
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func bitsText(v float32) string { return fmt.Sprintf("%08X (%.9g)", math.Float32bits(v), v) }

func floats(v []float32) string {
	s := "("
	for i, x := range v {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%.9g", x)
	}
	return s + ")"
}
