//go:build amd64 && !purego

package cpu

// The blog mode's batch kernels (blogValue2DAVX2 … blogValue3DAVX512,
// written by internal/cmd/asmgen, wideblog.go) evaluate one octave of
// Noise2D or Noise3D over arrays of x, y and z, 4 (AVX2) or 8 (AVX-512)
// float64 lanes at a time, each lane the scalar code's operations in its
// order: the same bits. The fractal loop stays here, as in Fractal: a
// kernel scales the positions by the octave's frequency (rounded, as
// Fractal rounds pos·freq), and stores the octave (acc false) or adds
// ampl·noise to out (acc true); the division by the amplitudes' sum is
// Go's.

// blogChunk is how many positions FractalBatch splits into axes at a time
// (on the stack: 3·2 KiB of axes, 2 KiB of sums).
const blogChunk = 256

// blogKernel names a blog batch kernel: calls through a switch, not a
// function value, so that the arrays passed stay on the stack.
type blogKernel uint8

const (
	blog2DAVX2 blogKernel = iota
	blog3DAVX2
	blog2DAVX512
	blog3DAVX512
)

// run calls kernel k.
func (k blogKernel) run(tab *uint8, x, y, z, out *float64, n int, freq, ampl float64, acc bool) {
	switch k {
	case blog2DAVX2:
		blogValue2DAVX2(tab, x, y, z, out, n, freq, ampl, acc)
	case blog3DAVX2:
		blogValue3DAVX2(tab, x, y, z, out, n, freq, ampl, acc)
	case blog2DAVX512:
		blogValue2DAVX512(tab, x, y, z, out, n, freq, ampl, acc)
	default:
		blogValue3DAVX512(tab, x, y, z, out, n, freq, ampl, acc)
	}
}

// fractalBatchFast runs FractalBatch through the kernels of the current
// ISA level, if the level and dims have one; it reports whether it did.
func (n *BlogValueNoise) fractalBatchFast(dims int, pos, out []float64) bool {
	l := CurrentISA()
	if l < ISAAVX2 || dims < 2 || dims > 3 {
		return false
	}
	var kern blogKernel
	lanes := 4
	switch {
	case dims == 2 && l == ISAAVX2:
		kern = blog2DAVX2
	case dims == 3 && l == ISAAVX2:
		kern = blog3DAVX2
	case dims == 2:
		kern, lanes = blog2DAVX512, 8
	default:
		kern, lanes = blog3DAVX512, 8
	}
	// The table, padded: a gather reads 8 bytes at byte offsets up to 511.
	var tab [512 + 8]uint8
	copy(tab[:], n.Perm[:])
	var axes [3][blogChunk]float64
	var acc [blogChunk]float64
	for lo := 0; lo < len(out); lo += blogChunk {
		m := min(blogChunk, len(out)-lo)
		whole := (m + lanes - 1) / lanes * lanes
		p := pos[lo*dims : (lo+m)*dims]
		for d := range dims {
			a := &axes[d]
			for i := range m {
				a[i] = p[i*dims+d]
			}
			clear(a[m:whole]) // the last vector's padding: any value will do
		}
		kern.run(&tab[0], &axes[0][0], &axes[1][0], &axes[2][0], &acc[0], whole, 1, 1, false)
		ampSum := 1.0
		if n.Octaves > 1 {
			freq := n.Lacunarity
			ampl := n.Persistence
			for range n.Octaves - 1 {
				kern.run(&tab[0], &axes[0][0], &axes[1][0], &axes[2][0], &acc[0], whole, freq, ampl, true)
				ampSum += ampl
				ampl *= n.Persistence
				freq *= n.Lacunarity
			}
		}
		for i, v := range acc[:m] {
			out[lo+i] = v / ampSum
		}
	}
	return true
}
