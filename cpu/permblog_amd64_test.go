//go:build amd64 && !purego

package cpu

import (
	"math/rand/v2"
	"testing"
)

// TestBlogKernelsMatchNoise calls each blog kernel this CPU runs directly
// and checks one octave against Noise1D … Noise4D, bit for bit, at
// frequency 1 and at others (float64(x·freq) first), stored and
// accumulated (res + float64(ampl·noise)).
func TestBlogKernelsMatchNoise(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	bn := NewBlogValueNoise(12, 1, 2, 0.5)
	var tab [520]uint8
	copy(tab[:], bn.Perm[:])
	const count = 64
	for _, l := range []ISA{ISAAVX2, ISAAVX512} {
		if !Supported(l) {
			continue
		}
		for dims := 1; dims <= 4; dims++ {
			var ax [4][blogChunk]float64
			for d := range dims {
				copy(ax[d][:], blogBatchPositions(r, 1, count))
			}
			noise := func(i int, f float64) float64 {
				x, y, z, w := float64(ax[0][i]*f), float64(ax[1][i]*f), float64(ax[2][i]*f), float64(ax[3][i]*f)
				switch dims {
				case 1:
					return bn.Noise1D(x)
				case 2:
					return bn.Noise2D(x, y)
				case 3:
					return bn.Noise3D(x, y, z)
				}
				return bn.Noise4D(x, y, z, w)
			}
			for _, freq := range []float64{1, 2.75, -0.3, 1e19} {
				var out [count]float64
				blogRun(dims, l, &tab[0], &ax, &out[0], count, freq, 1, false)
				for i := range count {
					if want := noise(i, freq); !sameBlog(out[i], want) {
						t.Errorf("%v %dD freq %v: (%v, %v, %v, %v) = %v, want %v", l, dims, freq, ax[0][i], ax[1][i], ax[2][i], ax[3][i], out[i], want)
					}
				}
				acc := out
				const ampl = 0.37
				blogRun(dims, l, &tab[0], &ax, &acc[0], count, freq, ampl, true)
				for i := range count {
					want := out[i] + float64(ampl*noise(i, freq))
					if !sameBlog(acc[i], want) {
						t.Errorf("%v %dD freq %v acc: %v, want %v", l, dims, freq, acc[i], want)
					}
				}
			}
		}
	}
}
