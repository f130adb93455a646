//go:build !amd64 || purego

package cpu

// fractalBatchFast runs no kernel outside amd64 (or with -tags purego):
// FractalBatch evaluates Fractal per position.
func (n *BlogValueNoise) fractalBatchFast(dims int, pos, out []float64) bool { return false }
