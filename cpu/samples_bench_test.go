package cpu_test

import (
	"fmt"
	"testing"

	"github.com/noiselab/noise"
)

// BenchmarkSamplesSimplex measures Samples (value and derivatives) against
// Values for the simplex noises, one octave, on the 2000 positions of
// benchPositions (2D: y ignored), at the level NOISE_ISA picks; the issue
// asks Samples within 2x of Values.
func BenchmarkSamplesSimplex(b *testing.B) {
	pos := benchPositions()
	for _, name := range []string{"simplex", "simplex-value"} {
		nz, err := noise.ParseNoise(name)
		if err != nil {
			b.Fatal(err)
		}
		for _, dims := range []int{2, 3} {
			s := mustSampler(b, noise.Config{Noise: nz, Dims: dims, Settings: noise.DefaultSettings()})
			b.Run(fmt.Sprintf("%s/%dD/Values", name, dims), func(b *testing.B) {
				out := make([]float32, len(pos))
				for b.Loop() {
					if err := s.Values(pos, out); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.N)*float64(len(pos))/b.Elapsed().Seconds()/1e6, "Mpts/s")
			})
			b.Run(fmt.Sprintf("%s/%dD/Samples", name, dims), func(b *testing.B) {
				out := make([]noise.Sample, len(pos))
				for b.Loop() {
					if err := s.Samples(pos, out); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.N)*float64(len(pos))/b.Elapsed().Seconds()/1e6, "Mpts/s")
			})
		}
	}
}
