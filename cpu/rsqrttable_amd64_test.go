//go:build amd64 && !purego

package cpu

import (
	"math"
	"os"
	"regexp"
	"strconv"
	"testing"
)

// TestRsqrtTables checks the simplex kernels' tables of the gradient
// scale r = 1 / sqrt(g·g) in the committed assembly (the generator's
// DATA lines) against the Go reference, entry by entry: s2rsqrt (byte A:
// circleGradient's r, circleGrads) and s3rsqrt (D·256 + A: sphereGradient's
// r of octahedronFold's gradient), and the Perlin 2D register kernels'
// gradient table s2square (byte A: squareVectors' (gx, gy)). The bit-exactness tests meet only the
// entries their points hash to; this meets all of them.
func TestRsqrtTables(t *testing.T) {
	src, err := os.ReadFile("kernels_avx2_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	data := regexp.MustCompile(`(?m)^DATA (s[23]rsqrt|s2square)<>\+(\d+)\(SB\)/4, \$0x([0-9a-f]{8})$`)
	tables := map[string][]uint32{"s2rsqrt": make([]uint32, 256), "s3rsqrt": make([]uint32, 65536), "s2square": make([]uint32, 512)}
	seen := map[string]int{}
	for _, m := range data.FindAllSubmatch(src, -1) {
		name := string(m[1])
		off, _ := strconv.Atoi(string(m[2]))
		v, _ := strconv.ParseUint(string(m[3]), 16, 32)
		if off%4 != 0 || off/4 >= len(tables[name]) {
			t.Fatalf("%s: offset %d out of the table", name, off)
		}
		tables[name][off/4] = uint32(v)
		seen[name]++
	}
	for name, tab := range tables {
		if seen[name] != len(tab) {
			t.Fatalf("%s: %d DATA entries, want %d", name, seen[name], len(tab))
		}
	}
	for a := range 256 {
		if got, want := tables["s2rsqrt"][a], math.Float32bits(circleGrads[a][2]); got != want {
			t.Fatalf("s2rsqrt[%d] = %08x, want %08x", a, got, want)
		}
	}
	// s2square (the Perlin 2D register kernels' gradients, pointlean2.go):
	// entry A is the pair (gx, gy) of squareVectors, Go's squareGX and
	// squareGY
	for a := range 256 {
		if gx, gy := tables["s2square"][2*a], tables["s2square"][2*a+1]; gx != math.Float32bits(squareGX[a]) || gy != math.Float32bits(squareGY[a]) {
			t.Fatalf("s2square[%d] = (%08x, %08x), want (%08x, %08x)", a, gx, gy, math.Float32bits(squareGX[a]), math.Float32bits(squareGY[a]))
		}
	}
	for i := range 65536 {
		gx, gy, gz := octahedronFold(&octaGrads[i&0xFF], &octaGrads[i>>8])
		want := math.Float32bits(1 / sqrt32((float32(gx*gx)+float32(gy*gy))+float32(gz*gz)))
		if got := tables["s3rsqrt"][i]; got != want {
			t.Fatalf("s3rsqrt[D %d, A %d] = %08x, want %08x", i>>8, i&0xFF, got, want)
		}
	}
	// The table's layout against sphereGradient itself: its Dx is gx·r.
	for _, i := range []int{0, 1, 255, 256, 0x1234, 0xABCD, 0xFFFF} {
		v := hashBits(uint32(i&0xFF) | uint32(i>>8)<<24) // byte A, byte D
		gx, _, _ := octahedronFold(&octaGrads[i&0xFF], &octaGrads[i>>8])
		if got, want := float32(gx*math.Float32frombits(tables["s3rsqrt"][i])), sphereGradient(v, 0, 0, 0).Dx; got != want {
			t.Fatalf("s3rsqrt[%#x]: gx·r %v, sphereGradient's Dx %v", i, got, want)
		}
	}
}
