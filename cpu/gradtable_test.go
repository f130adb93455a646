package cpu

import (
	"math"
	"testing"
)

// TestGradientTables checks every entry of the gradient tables against the
// gradient functions they stand for, bit for bit: every byte for the
// one-byte tables, and every (A, D) byte pair for the octahedron fold.
func TestGradientTables(t *testing.T) {
	bits := math.Float32bits
	for b := range 256 {
		v := hashBits(b)
		if got, want := valueGrads[b], valueGradient(v); bits(got) != bits(want) {
			t.Errorf("valueGrads[%d] = %v, want %v", b, got, want)
		}
		for i, want := range []float32{hashBits(b).Floats01A(), hashBits(b << 8).Floats01B(), hashBits(b << 16).Floats01C(), hashBits(b << 24).Floats01D()} {
			if got := floats01[b]; bits(got) != bits(want) {
				t.Errorf("floats01[%d] = %v, want %v (byte %c)", b, got, want, "ABCD"[i])
			}
		}
		gx, gy := squareVectors(v)
		if g := squareGrads[b]; bits(g[0]) != bits(gx) || bits(g[1]) != bits(gy) {
			t.Errorf("squareGrads[%d] = %v, want (%v, %v)", b, g, gx, gy)
		}
		if bits(squareGX[b]) != bits(gx) || bits(squareGY[b]) != bits(gy) { // latticeValue2D's columns
			t.Errorf("squareGX, squareGY[%d] = %v, %v, want (%v, %v)", b, squareGX[b], squareGY[b], gx, gy)
		}
		r := 1 / sqrt32(float32(gx*gx)+float32(gy*gy))
		if g := circleGrads[b]; bits(g[0]) != bits(gx) || bits(g[1]) != bits(gy) || bits(g[2]) != bits(r) {
			t.Errorf("circleGrads[%d] = %v, want (%v, %v, %v)", b, g, gx, gy, r)
		}
	}
	folded := 0
	for a := range 256 {
		for d := range 256 {
			v := hashBits(uint32(d)<<24 | 0x00ABCD00 | uint32(a))
			wx, wy, wz := octahedronVectors(v)
			gx, gy, gz := octahedronFold(&octaGrads[a], &octaGrads[d])
			if bits(gx) != bits(wx) || bits(gy) != bits(wy) || bits(gz) != bits(wz) {
				t.Fatalf("octahedronFold(A=%d, D=%d) = (%v, %v, %v), want (%v, %v, %v)", a, d, gx, gy, gz, wx, wy, wz)
			}
			if wz < 0 {
				folded++
			}
		}
	}
	if folded < 20000 { // about half of the pairs lie on the lower half
		t.Errorf("only %d of 65536 octahedron gradients are folded: the test does not exercise the fold", folded)
	}
}
