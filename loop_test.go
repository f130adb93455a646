package noise_test

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/noiselab/noise"
)

// below1 is the largest float32 below 1, 1 − 2^−24.
const below1 = 0x3F7FFFFF

// TestLoopFrameExtremes checks LoopFrame at the ends of int: frames whose
// exact time rounds to 1 give the largest float32 below 1 (LoopFrame(MaxInt
// − 1, MaxInt) was 1), negative and minimal k wrap with the floor modulo,
// n = 1 is always time 0, and n < 1 panics (docs/algorithms.md §8.8).
func TestLoopFrameExtremes(t *testing.T) {
	for _, c := range []struct {
		k, n int
		want uint32
	}{
		{math.MaxInt - 1, math.MaxInt, below1}, // (2^63 − 2)/(2^63 − 1) rounds to 1
		{math.MaxInt, math.MaxInt, 0},
		{math.MinInt, math.MaxInt, below1}, // −2^63 mod (2^63 − 1) = 2^63 − 2
		{-1, math.MaxInt, below1},
		{1, math.MaxInt, 0x20000000},         // 1/(2^63 − 1) rounds to 2^−63
		{1 << 62, math.MaxInt, 0x3F000000},   // just above 1/2: 1/2
		{1<<62 - 1, math.MaxInt, 0x3F000000}, // just below 1/2: 1/2
		{math.MinInt, 1, 0}, {math.MaxInt, 1, 0}, {-5, 1, 0}, {0, 1, 0},
		{math.MinInt, 2, 0},
		{math.MinInt + 1, 2, 0x3F000000},
		{math.MinInt, 3, 0x3EAAAAAB}, // −2^63 ≡ 1 (mod 3): 1/3
		{-1, 60, math.Float32bits(float32(59) / 60)},
		{-61, 60, math.Float32bits(float32(59) / 60)},
		{1<<24 - 1, 1 << 24, below1},        // exactly 1 − 2^−24
		{1 << 24, 1<<24 + 1, below1},        // 1 − 1/(2^24 + 1): nearer 1 − 2^−24 than 1
		{1<<25 - 1, 1 << 25, below1},        // 1 − 2^−25: a tie, to even is 1
		{3, 1 << 25, 0x33C00000},            // 3·2^−25, exact
		{-(1 << 25), 1<<25 + 1, 0x33000000}, // ≡ 1: 1/(2^25 + 1) rounds to 2^−25
	} {
		if got := noise.LoopFrame(c.k, c.n); math.Float32bits(got) != c.want {
			t.Errorf("LoopFrame(%d, %d) = %v (%08x), want %v (%08x)", c.k, c.n, got, math.Float32bits(got), math.Float32frombits(c.want), c.want)
		}
	}
	for _, n := range []int{0, -1, -60, math.MinInt} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("LoopFrame(5, %d) did not panic", n)
				}
			}()
			noise.LoopFrame(5, n)
		}()
	}
}

// loopFrameRef is LoopFrame's definition computed with math/big: (k mod n)/n
// rounded to the nearest float32 (ties to even), 1 − 2^−24 where that is 1.
func loopFrameRef(k, n int) float32 {
	m := new(big.Int).Mod(big.NewInt(int64(k)), big.NewInt(int64(n))) // Euclidean: in [0, n) for n > 0
	f, _ := new(big.Rat).SetFrac(m, big.NewInt(int64(n))).Float32()
	if f == 1 {
		return math.Float32frombits(below1)
	}
	return f
}

// TestLoopFrameProperties checks LoopFrame over random k and n of every
// size (n from 1 to MaxInt, k anywhere in int): it is the correctly rounded
// (k mod n)/n of math/big (with 1 − 2^−24 for 1), and for n ≤ 2^24 the
// quotient of the floats as before, lies in [0, 1), is the same for frames
// k and k + n wherever k + n does not overflow, and is non-decreasing in k
// within a loop.
func TestLoopFrameProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(22, 4))
	randInt := func(bitLen int) int { return int(r.Uint64() >> (64 - bitLen)) } // [0, 2^bitLen)
	for range 50000 {
		n := 1 + randInt(1+r.IntN(63))
		if n < 1 {
			n = math.MaxInt
		}
		var k int
		switch r.IntN(4) {
		case 0:
			k = int(r.Uint64()) // anywhere
		case 1:
			k = randInt(1+r.IntN(63)) - randInt(1+r.IntN(63)) // small and large, both signs
		case 2:
			k = n - 1 - r.IntN(3) // the top of the first loop
		default:
			k = -1 - r.IntN(3) // the top of the loop below 0
		}
		got := noise.LoopFrame(k, n)
		if !(got >= 0 && got < 1) {
			t.Fatalf("LoopFrame(%d, %d) = %v, outside [0, 1)", k, n, got)
		}
		if want := loopFrameRef(k, n); math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("LoopFrame(%d, %d) = %v (%08x), want the correctly rounded %v (%08x)", k, n, got, math.Float32bits(got), want, math.Float32bits(want))
		}
		if n <= 1<<24 { // today's bits where k mod n and n are exact floats
			m := ((k % n) + n) % n
			if want := float32(m) / float32(n); math.Float32bits(got) != math.Float32bits(want) {
				t.Fatalf("LoopFrame(%d, %d) = %v, want float32(%d)/float32(%d) = %v", k, n, got, m, n, want)
			}
		}
		if k <= math.MaxInt-n {
			if next := noise.LoopFrame(k+n, n); math.Float32bits(next) != math.Float32bits(got) {
				t.Fatalf("LoopFrame(%d, %d) = %v but LoopFrame(%d, %d) = %v", k, n, got, k+n, n, next)
			}
		}
		// Monotonic: a later frame of the same loop, [k − (k mod n), … + n).
		m := k % n
		if m < 0 {
			m += n
		}
		if m < n-1 && k <= math.MaxInt-(n-1-m) { // the loop's last frame is an int
			later := k + 1 + int(r.Int64N(int64(n-1-m)))
			if lg := noise.LoopFrame(later, n); lg < got {
				t.Fatalf("LoopFrame(%d, %d) = %v exceeds the later frame's LoopFrame(%d, %d) = %v", k, n, got, later, n, lg)
			}
		}
	}
}
