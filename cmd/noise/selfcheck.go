package main

import (
	"fmt"
	"io"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/internal/appendixa"
)

const selfcheckHeader = `Usage: noise selfcheck

Evaluates every test vector of SPEC Appendix A.1 and A.2 (values, through
the batch paths Values and Samples), A.3 (value and derivatives, Samples)
and A.7 (domain transform: PN and PS values and the PS world-space gradient)
through the library. Values must have the exact bits (+0 and −0 equal),
derivatives must be exactly equal as float32. Prints one summary line and
exits 0, or prints every mismatch and exits 1.
`

func runSelfcheck(args []string, _ io.Reader, stdout, _ io.Writer) error {
	fs := newFlagSet("selfcheck")
	if err := parseFlags(fs, "selfcheck", selfcheckHeader, args, stdout); err != nil {
		return err
	}
	total, failures, err := selfcheck()
	if err != nil {
		return err
	}
	for _, f := range failures {
		fmt.Fprintln(stdout, "selfcheck: MISMATCH "+f)
	}
	pass := total - len(failures)
	fmt.Fprintf(stdout, "selfcheck: %d of %d Appendix A checks pass (cpu reference, %s, SIMD kernels %s)\n",
		pass, total, archLevel(), simdStatus())
	if len(failures) > 0 {
		return &exitError{code: 1, msg: fmt.Sprintf("%d of %d Appendix A checks FAIL", len(failures), total)}
	}
	return nil
}

func settingsOf(s appendixa.Settings) noise.Settings {
	return noise.Settings{Seed: int32(s.Seed), Frequency: int32(s.Frequency), Octaves: s.Octaves,
		Lacunarity: int32(s.Lacunarity), Persistence: s.Persistence}
}

// appendixPoints returns the four points of Appendix A, repeated copies
// times: a batch of 8 or more positions goes through the 8-lane SIMD
// kernels where the build has them, while 4 would stay on the scalar path.
func appendixPoints(copies int) []mgl32.Vec3 {
	var pos []mgl32.Vec3
	for range copies {
		for _, p := range appendixa.Points {
			pos = append(pos, mgl32.Vec3(p))
		}
	}
	return pos
}

// selfcheckCopies is how many times the batch checks repeat the points.
const selfcheckCopies = 4

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func bitsText(v float32) string { return fmt.Sprintf("%08X (%.9g)", math.Float32bits(v), v) }

// selfcheck counts one check per A.1/A.2 row and point, per A.3 row and
// point, and three per A.7 point (PN value, PS value, PS gradient).
func selfcheck() (total int, failures []string, err error) {
	values, err := appendixa.ValueCases()
	if err != nil {
		return 0, nil, err
	}
	derivs, err := appendixa.DerivCases()
	if err != nil {
		return 0, nil, err
	}
	domains, err := appendixa.DomainCases()
	if err != nil {
		return 0, nil, err
	}
	pos := appendixPoints(selfcheckCopies)
	vals := make([]float32, len(pos))
	samples := make([]noise.Sample, len(pos))
	newSampler := func(name string, dims int, tiling bool, s noise.Settings, d *noise.Domain) (*cpu.Sampler, error) {
		n, err := noise.ParseNoise(name)
		if err != nil {
			return nil, err
		}
		return cpu.New(noise.Config{Noise: n, Dims: dims, Tiling: tiling, Settings: s, Domain: d})
	}

	for _, c := range values {
		s, err := newSampler(c.Noise, c.Dims, c.Tiling, settingsOf(c.Settings), nil)
		if err != nil {
			return 0, nil, fmt.Errorf("%s %s %dD: %v", c.Table, c.Noise, c.Dims, err)
		}
		s.Values(pos, vals)
		s.Samples(pos, samples)
		for i := range appendixa.Points {
			total++
			if path, got, ok := sameEverywhere(vals, samples, i, c.Want[i]); !ok {
				failures = append(failures, fmt.Sprintf("%s %s %dD tiling=%s p%d %s: got %s, want %s",
					c.Table, c.Noise, c.Dims, yesNo(c.Tiling), i, path, bitsText(got), bitsText(math.Float32frombits(c.Want[i]))))
			}
		}
	}

	for _, c := range derivs {
		s, err := newSampler(c.Noise, c.Dims, false, settingsOf(appendixa.SettingsA), nil)
		if err != nil {
			return 0, nil, fmt.Errorf("A.3 %s %dD: %v", c.Noise, c.Dims, err)
		}
		total++
		s.Samples(pos[c.Point:c.Point+1], samples[:1])
		g := samples[0]
		if got := [4]float32{g.V, g.Dx, g.Dy, g.Dz}; got != c.Want {
			failures = append(failures, fmt.Sprintf("A.3 %s %dD p%d: got v,dx,dy,dz = %s, want %s",
				c.Noise, c.Dims, c.Point, floats(got[:]), floats(c.Want[:])))
		}
	}

	for _, pn := range []bool{true, false} {
		d := &noise.Domain{Translation: appendixa.DomainTranslation, Rotation: appendixa.DomainRotation,
			Scale: appendixa.DomainScale, PN: pn}
		s, err := newSampler("perlin", 3, false, settingsOf(appendixa.SettingsA), d)
		if err != nil {
			return 0, nil, fmt.Errorf("A.7: %v", err)
		}
		s.Values(pos, vals)
		s.Samples(pos, samples)
		for _, c := range domains {
			i := c.Point
			matrix, want := "PS", c.PS
			if pn {
				matrix, want = "PN", c.PN
			}
			total++
			if path, got, ok := sameEverywhere(vals, samples, i, want); !ok {
				failures = append(failures, fmt.Sprintf("A.7 %s-matrix p%d %s: got %s, want %s",
					matrix, i, path, bitsText(got), bitsText(math.Float32frombits(want))))
			}
			if pn {
				continue
			}
			total++
			if got := [3]float32{samples[i].Dx, samples[i].Dy, samples[i].Dz}; got != c.Grad {
				failures = append(failures, fmt.Sprintf("A.7 PS-matrix p%d world-space gradient: got %s, want %s",
					i, floats(got[:]), floats(c.Grad[:])))
			}
		}
	}
	return total, failures, nil
}

// sameEverywhere checks point i in every copy of the batch, through Values
// and Samples, and returns the first mismatch.
func sameEverywhere(vals []float32, samples []noise.Sample, i int, want uint32) (path string, got float32, ok bool) {
	n := len(appendixa.Points)
	for k := i; k < len(vals); k += n {
		if !appendixa.SameBits(vals[k], want) {
			return fmt.Sprintf("Values[%d]", k), vals[k], false
		}
		if !appendixa.SameBits(samples[k].V, want) {
			return fmt.Sprintf("Samples[%d]", k), samples[k].V, false
		}
	}
	return "", 0, true
}

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
