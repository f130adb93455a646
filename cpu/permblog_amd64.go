//go:build amd64 && !purego

package cpu

// The blog mode's batch kernels (blogValue1DAVX2 … blogValue4DAVX512,
// written by internal/cmd/asmgen, wideblog.go) evaluate one octave of
// Noise1D to Noise4D over arrays of x, y, z and w, 4 (AVX2) or 8 (AVX-512)
// float64 lanes at a time, each lane the scalar code's operations in its
// order: the same bits. The fractal loop stays here, as in Fractal: a
// kernel scales the positions by the octave's frequency (rounded, as
// Fractal rounds pos·freq), and stores the octave (acc false) or adds
// ampl·noise to out (acc true); the division by the amplitudes' sum is
// Go's. In 4D the split into axes swaps the third and fourth coordinate,
// as NoiseAt does.

// blogChunk is how many positions FractalBatch splits into axes at a time
// (on the stack: 4·2 KiB of axes, 2 KiB of sums).
const blogChunk = 256

// fractalBatchFast runs FractalBatch through the kernels of the current
// ISA level, if the level has them; it reports whether it did.
func (n *BlogValueNoise) fractalBatchFast(dims int, pos, out []float64) bool {
	l := CurrentISA()
	if l < ISAAVX2 {
		return false
	}
	lanes := 4
	if l == ISAAVX512 {
		lanes = 8
	}
	// The table, padded: a gather reads 8 bytes at byte offsets up to 511.
	var tab [512 + 8]uint8
	copy(tab[:], n.Perm[:])
	var axes [4][blogChunk]float64
	var acc [blogChunk]float64
	// NoiseAt's swap: axis 2 is the fourth coordinate in 4D
	src := [4]int{0, 1, 2, 3}
	if dims == 4 {
		src[2], src[3] = 3, 2
	}
	run := func(freq, ampl float64, acc0 bool, whole int) {
		blogRun(dims, l, &tab[0], &axes, &acc[0], whole, freq, ampl, acc0)
	}
	for lo := 0; lo < len(out); lo += blogChunk {
		m := min(blogChunk, len(out)-lo)
		whole := (m + lanes - 1) / lanes * lanes
		p := pos[lo*dims : (lo+m)*dims]
		for d := range dims {
			a, s := &axes[d], src[d]
			for i := range m {
				a[i] = p[i*dims+s]
			}
			clear(a[m:whole]) // the last vector's padding: any value will do
		}
		run(1, 1, false, whole)
		ampSum := 1.0
		if n.Octaves > 1 {
			freq := n.Lacunarity
			ampl := n.Persistence
			for range n.Octaves - 1 {
				run(freq, ampl, true, whole)
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

// blogRun calls the kernel of dims at level l (a direct call, so that the
// arrays stay on the stack).
func blogRun(dims int, l ISA, tab *uint8, ax *[4][blogChunk]float64, out *float64, n int, freq, ampl float64, acc bool) {
	x, y, z, w := &ax[0][0], &ax[1][0], &ax[2][0], &ax[3][0]
	if l == ISAAVX2 {
		switch dims {
		case 1:
			blogValue1DAVX2(tab, x, y, z, w, out, n, freq, ampl, acc)
		case 2:
			blogValue2DAVX2(tab, x, y, z, w, out, n, freq, ampl, acc)
		case 3:
			blogValue3DAVX2(tab, x, y, z, w, out, n, freq, ampl, acc)
		default:
			blogValue4DAVX2(tab, x, y, z, w, out, n, freq, ampl, acc)
		}
		return
	}
	switch dims {
	case 1:
		blogValue1DAVX512(tab, x, y, z, w, out, n, freq, ampl, acc)
	case 2:
		blogValue2DAVX512(tab, x, y, z, w, out, n, freq, ampl, acc)
	case 3:
		blogValue3DAVX512(tab, x, y, z, w, out, n, freq, ampl, acc)
	default:
		blogValue4DAVX512(tab, x, y, z, w, out, n, freq, ampl, acc)
	}
}
