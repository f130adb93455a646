package cpu

import "fmt"

// FractalBatch evaluates [BlogValueNoise.Fractal] at len(out) positions:
// pos holds them one after another, dims coordinates each (dims 1 to 4, so
// len(pos) must be dims·len(out)), laid out as Fractal takes them (4D swaps
// the third and fourth coordinate, as the blog's dispatcher does). out[i]
// gets Fractal(pos[i·dims : (i+1)·dims]), bit for bit.
//
// On amd64 the noise runs in AVX2 (4 lanes) or AVX-512 (8 lanes) kernels
// at the level [CurrentISA] returns when FractalBatch is called
// (NOISE_ISA, [SetISA]); the scalar level and other platforms run Fractal
// per position. Every level gives the same bits. FractalBatch
// returns an error, writing nothing, when dims is not 1 to 4 or the
// lengths do not match.
func (n *BlogValueNoise) FractalBatch(dims int, pos, out []float64) error {
	if dims < 1 || dims > 4 {
		return blogDimError(dims)
	}
	if len(pos) != dims*len(out) {
		return fmt.Errorf("cpu: FractalBatch: %d coordinates for %d positions of %d dimensions, want %d", len(pos), len(out), dims, dims*len(out))
	}
	if n.fractalBatchFast(dims, pos, out) {
		return nil
	}
	n.fractalBatchGo(dims, pos, out)
	return nil
}

// fractalBatchGo is FractalBatch in Go: Fractal per position.
func (n *BlogValueNoise) fractalBatchGo(dims int, pos, out []float64) {
	for i := range out {
		// Fractal fails only for a bad dims, checked by the caller.
		out[i], _ = n.Fractal(pos[i*dims : (i+1)*dims])
	}
}
