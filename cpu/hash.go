package cpu

// The SmallXXHash primes (XXH32 PRIME32_2..5), docs/algorithms.md §1;
// PRIME32_1 (0x9E3779B1) only feeds the tutorial's byte step, which no
// noise uses.
const (
	primeB uint32 = 0x85EBCA77
	primeC uint32 = 0xC2B2AE3D
	primeD uint32 = 0x27D4EB2F
	primeE uint32 = 0x165667B1
)

// SmallXXHash is the tutorials' cut-down XXH32 (docs/algorithms.md §1): a seed step, a
// per-word Eat step and a final avalanche. The value is the raw accumulator;
// it is immutable, so a partially fed hash can be reused for several cells.
type SmallXXHash uint32

// Seed starts a hash from a seed.
func Seed(seed int32) SmallXXHash { return SmallXXHash(uint32(seed) + primeE) }

func rotl(v uint32, n uint) uint32 { return v<<n | v>>(32-n) }

// Eat feeds one 32-bit word to the hash and returns the new hash.
func (h SmallXXHash) Eat(d int32) SmallXXHash {
	return SmallXXHash(rotl(uint32(h)+uint32(d)*primeC, 17) * primeD)
}

// eatC is Eat(d) given dc = uint32(d)·primeC. The products of neighbouring
// words are one add apart, uint32(d+1)·primeC = dc + primeC (mod 2^32):
// the single-point value functions save a multiply per such corner.
func (h SmallXXHash) eatC(dc uint32) SmallXXHash {
	return SmallXXHash(rotl(uint32(h)+dc, 17) * primeD)
}

// Add adds o to the raw accumulator: the per-octave hash change of the
// fractal loop (docs/algorithms.md §1). Seed(s).Add(o) == Seed(s + o).
func (h SmallXXHash) Add(o int32) SmallXXHash { return SmallXXHash(uint32(h) + uint32(o)) }

// SelectHash returns b where c is true, else a, without avalanching.
func selectHash(a, b SmallXXHash, c bool) SmallXXHash {
	if c {
		return b
	}
	return a
}

// Avalanche returns the final hash value (docs/algorithms.md §1). It is applied when the
// hash is read, never stored back.
func (h SmallXXHash) Avalanche() uint32 {
	v := uint32(h)
	v ^= v >> 15
	v *= primeB
	v ^= v >> 13
	v *= primeC
	v ^= v >> 16
	return v
}

// hashBits is an avalanched hash value with the tutorials' accessors.
type hashBits uint32

// Bits avalanches h.
func (h SmallXXHash) bits() hashBits { return hashBits(h.Avalanche()) }

// BytesA returns bits 0–7 of the value.
func (v hashBits) BytesA() uint32 { return uint32(v) & 255 }

// BytesB returns bits 8–15 of the value.
func (v hashBits) BytesB() uint32 { return uint32(v) >> 8 & 255 }

// BytesC returns bits 16–23 of the value.
func (v hashBits) BytesC() uint32 { return uint32(v) >> 16 & 255 }

// BytesD returns bits 24–31 of the value.
func (v hashBits) BytesD() uint32 { return uint32(v) >> 24 }

// Floats01A maps byte A to [0, 1] as byte * (1f/255f), a multiply and not
// a division (126 of the 256 bytes differ by 1 ULP from b/255).
// The explicit conversion keeps Go from fusing it into a later add.
func (v hashBits) Floats01A() float32 { return float32(float32(v.BytesA()) * inv255) }

// Floats01B maps byte B to [0, 1] like Floats01A.
func (v hashBits) Floats01B() float32 { return float32(float32(v.BytesB()) * inv255) }

// Floats01C maps byte C to [0, 1] like Floats01A.
func (v hashBits) Floats01C() float32 { return float32(float32(v.BytesC()) * inv255) }

// Floats01D maps byte D to [0, 1] like Floats01A.
func (v hashBits) Floats01D() float32 { return float32(float32(v.BytesD()) * inv255) }

// bits5 is the tutorials' GetBitsAsFloats01(5, shift), the Voronoi 3D
// point coordinate: the 5 bits from bit shift, times f32(1/31) (the C#
// source's multiplier, computed in float32).
func (v hashBits) bits5(shift uint) float32 { return float32(float32(uint32(v)>>shift&31) * inv31) }
