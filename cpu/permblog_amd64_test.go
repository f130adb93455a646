//go:build amd64 && !purego

package cpu

import (
	"math/rand/v2"
	"testing"
)

// TestBlogKernelsMatchNoise calls each blog kernel this CPU runs directly
// and checks one octave against Noise2D or Noise3D, bit for bit, at
// frequency 1 and at another frequency (float64(x·freq) first), stored and
// accumulated (res + float64(ampl·noise)).
func TestBlogKernelsMatchNoise(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	bn := NewBlogValueNoise(12, 1, 2, 0.5)
	var tab [520]uint8
	copy(tab[:], bn.Perm[:])
	const count = 64
	for _, k := range []blogKernel{blog2DAVX2, blog3DAVX2, blog2DAVX512, blog3DAVX512} {
		if k >= blog2DAVX512 && !Supported(ISAAVX512) || !Supported(ISAAVX2) {
			continue
		}
		dims := 2 + int(k)%2
		var ax [3][count]float64
		for d := range dims {
			p := blogBatchPositions(r, 1, count)
			copy(ax[d][:], p)
		}
		noise := func(i int, f float64) float64 {
			x, y, z := float64(ax[0][i]*f), float64(ax[1][i]*f), float64(ax[2][i]*f)
			if dims == 2 {
				return bn.Noise2D(x, y)
			}
			return bn.Noise3D(x, y, z)
		}
		for _, freq := range []float64{1, 2.75, -0.3, 1e19} {
			var out [count]float64
			k.run(&tab[0], &ax[0][0], &ax[1][0], &ax[2][0], &out[0], count, freq, 1, false)
			for i := range count {
				if want := noise(i, freq); !sameBlog(out[i], want) {
					t.Errorf("kernel %d freq %v: (%v, %v, %v) = %v, want %v", k, freq, ax[0][i], ax[1][i], ax[2][i], out[i], want)
				}
			}
			acc := out
			const ampl = 0.37
			k.run(&tab[0], &ax[0][0], &ax[1][0], &ax[2][0], &acc[0], count, freq, ampl, true)
			for i := range count {
				want := out[i] + float64(ampl*noise(i, freq))
				if !sameBlog(acc[i], want) {
					t.Errorf("kernel %d freq %v acc: %v, want %v", k, freq, acc[i], want)
				}
			}
		}
	}
}
