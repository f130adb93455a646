package cpu

import (
	"math"
	"testing"
)

// TestSmallXXHashVectors checks the hash test vectors of docs/algorithms.md
// §1 that go through the paths noise uses (Seed, Eat, Add, Avalanche); the
// byte overload's vector is left out: no noise feeds the hash a byte, so
// the package has no byte step.
func TestSmallXXHashVectors(t *testing.T) {
	tests := []struct {
		name string
		h    SmallXXHash
		acc  uint32 // raw accumulator, 0 when the vectors give none
		want uint32
	}{
		{"Seed(0)", Seed(0), 0x165667B1, 0x02CC5D05},
		{"Seed(0).Eat(0)", Seed(0).Eat(0), 0x64781794, 0x34560F83},
		{"Seed(12).Eat(-3).Eat(7)", Seed(12).Eat(-3).Eat(7), 0x45F6AB90, 0xCCB37425},
		{"Seed(-1).Eat(1).Eat(2).Eat(3)", Seed(-1).Eat(1).Eat(2).Eat(3), 0, 0x7972CB5F},
		{"Seed(5).Eat(MinInt32).Eat(MaxInt32)", Seed(5).Eat(math.MinInt32).Eat(math.MaxInt32), 0, 0xAAE1EA5A},
	}
	for _, tc := range tests {
		if tc.acc != 0 && uint32(tc.h) != tc.acc {
			t.Errorf("%s accumulator = %#08x, want %#08x", tc.name, uint32(tc.h), tc.acc)
		}
		if got := tc.h.Avalanche(); got != tc.want {
			t.Errorf("%s = %#08x, want %#08x", tc.name, got, tc.want)
		}
	}
	// Intermediate accumulators of Seed(12).Eat(-3).Eat(7).
	if h := Seed(12); uint32(h) != 0x165667BD {
		t.Errorf("Seed(12) = %#08x, want 0x165667BD", uint32(h))
	}
	if h := Seed(12).Eat(-3); uint32(h) != 0x21D58EC4 {
		t.Errorf("Seed(12).Eat(-3) = %#08x, want 0x21D58EC4", uint32(h))
	}
	// (Seed4(0) + 1).Eat(int4(0, 1, -1, 100)), one lane at a time.
	for i, d := range []int32{0, 1, -1, 100} {
		want := []uint32{0x9485C89B, 0x32301292, 0xE4E7F856, 0x01FDC2DD}[i]
		if got := Seed(0).Add(1).Eat(d).Avalanche(); got != want {
			t.Errorf("(Seed(0)+1).Eat(%d) = %#08x, want %#08x", d, got, want)
		}
	}
	// Seed(s) + o == Seed(s + o) (docs/algorithms.md §1).
	if Seed(7).Add(3) != Seed(10) {
		t.Error("Seed(7)+3 != Seed(10)")
	}
}

// TestHashDerivedValues checks the derived values of docs/algorithms.md §1 for
// Seed(12).Eat(-3).Eat(7) (h = 0xCCB37425).
func TestHashDerivedValues(t *testing.T) {
	v := Seed(12).Eat(-3).Eat(7).bits()
	if got := []uint32{v.BytesA(), v.BytesB(), v.BytesC(), v.BytesD()}; got[0] != 37 || got[1] != 116 || got[2] != 179 || got[3] != 204 {
		t.Errorf("bytes = %v, want [37 116 179 204]", got)
	}
	floats := []float32{v.Floats01A(), v.Floats01B(), v.Floats01C(), v.Floats01D()}
	for i, want := range []uint32{0x3E149495, 0x3EE8E8EA, 0x3F33B3B4, 0x3F4CCCCE} {
		if math.Float32bits(floats[i]) != want {
			t.Errorf("Floats01%c = %#08x, want %#08x", 'A'+i, math.Float32bits(floats[i]), want)
		}
	}
	if uint32(v)&256 != 0 {
		t.Error("bit 8 should be 0")
	}
	bits := []uint32{5, 1, 29, 6, 11, 6}
	fl := []uint32{0x3E25294A, 0x3D042108, 0x3F6F7BDE, 0x3E46318C, 0x3EB5AD6B, 0x3E46318C}
	for i := range bits {
		shift := uint(5 * i)
		// GetBits(5, shift) of the vectors is bits5's integer; bits5 is
		// GetBitsAsFloats01(5, shift).
		if got := math.Float32bits(v.bits5(shift)); got != fl[i] || math.Float32bits(float32(bits[i])*inv31) != fl[i] {
			t.Errorf("bits5(%d) = %#08x, want %#08x (GetBits %d)", shift, got, fl[i], bits[i])
		}
	}
}

// TestFloats01Multiply checks that Floats01 multiplies by 1f/255f rather than
// dividing by 255 (docs/algorithms.md §1: 126 of the 256 bytes differ) and that the end
// points are exact.
func TestFloats01Multiply(t *testing.T) {
	inv := float32(1) / float32(255)
	differ := 0
	for b := uint32(0); b < 256; b++ {
		v := hashBits(b)
		got := v.Floats01A()
		if got != float32(b)*inv {
			t.Fatalf("Floats01A(%d) = %v, want %v", b, got, float32(b)*inv)
		}
		if got != float32(b)/255 {
			differ++
		}
	}
	if differ != 126 {
		t.Errorf("%d bytes differ from b/255, the specification says 126", differ)
	}
	if hashBits(255).Floats01A() != 1 || hashBits(0).Floats01A() != 0 {
		t.Error("Floats01A end points are not 0 and 1")
	}
}
