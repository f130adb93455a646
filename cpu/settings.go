package cpu

import "github.com/noiselab/noise"

// octaves holds the per-octave frequency and amplitude of valid settings,
// computed once with the loop's own arithmetic (float32 frequency and
// amplitude products: noise.Settings.OctaveFrequency), and the amplitude
// sum.
type octaves struct {
	n      int
	freq   [noise.MaxOctaves]float32
	amp    [noise.MaxOctaves]float32
	ampSum float32
}

func octavesOf(s noise.Settings) octaves {
	o := octaves{n: s.Octaves}
	f, amp, sum := s.Frequency, float32(1), float32(0)
	for i := 0; i < s.Octaves; i++ {
		o.freq[i], o.amp[i] = f, amp
		sum = sum + amp
		f = float32(f * s.Lacunarity)
		amp = float32(amp * s.Persistence)
	}
	o.ampSum = sum
	return o
}
