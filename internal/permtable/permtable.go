// Package permtable builds the permutation tables of the perm-value noise
// (docs/algorithms.md §5), for both backends: package cpu reads them, and
// package gpu/shaders hands them to the GPU (a buffer or a constant array),
// so neither backend depends on the other.
package permtable

import "math/bits"

// This file reproduces the permutation table of the Rust blog post
// "Improving the value noise" (docs/algorithms.md §5):
//
//	rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed)
//	p = [0, 1, …, 255]; p.shuffle(&mut rng)
//
// with the exact algorithms of rand 0.8.5, rand_core 0.6 and rand_chacha 0.3.1.
// Other major versions of rand changed the range sampler and the shuffle, so
// the tables are specific to those versions.

// Permutation returns the permutation of 0..255 that the Rust blog's
// ValueNoise::new(seed) builds: the array [0, 1, …, 255] shuffled with
// rand 0.8.5's SliceRandom::shuffle driven by
// rand_chacha 0.3.1's ChaCha20Rng::seed_from_u64(seed).
//
// The result is bit-for-bit identical to the Rust table (docs/algorithms.md §5 lists
// the tables for seeds 0 and 12). Noise code indexes a doubled 512-entry copy of
// it (Doubled).
func Permutation(seed uint64) [256]uint8 {
	return blogShuffle(seed, nil)
}

// PermValue returns the 512-entry table that perm-value noise of the
// given settings seed reads (cpu, GLSL buffer and GLSL library alike): the
// blog's Permutation of the seed sign-extended to 64 bits, doubled,
// perm[i+256] = perm[i].
func PermValue(seed int32) *[512]uint8 {
	return Doubled(Permutation(uint64(int64(seed))))
}

// Doubled returns the blog's 512-entry table of p, perm[i+256] = perm[i],
// which noise code indexes without wrapping.
func Doubled(p [256]uint8) *[512]uint8 {
	var t [512]uint8
	copy(t[:256], p[:])
	copy(t[256:], p[:])
	return &t
}

// blogShuffle builds the permutation table for seed. If trace is not nil it is
// called with every swap (i, j) in the order the shuffle performs them.
func blogShuffle(seed uint64, trace func(i, j uint32)) [256]uint8 {
	var p [256]uint8
	for i := range p {
		p[i] = uint8(i)
	}
	rng := newChaChaRNG(pcg32SeedKey(seed))
	// rand 0.8.5 SliceRandom::shuffle: Fisher–Yates from the top,
	// j = gen_index(rng, i+1) = gen_range(0..i+1) as u32.
	for i := uint32(len(p) - 1); i >= 1; i-- {
		j := rng.genRange(i + 1)
		if trace != nil {
			trace(i, j)
		}
		p[i], p[j] = p[j], p[i]
	}
	return p
}

// pcg32SeedKey expands a u64 seed into a 32-byte ChaCha key exactly as
// rand_core 0.6's default SeedableRng::seed_from_u64 does (PCG32 output
// function, one 32-bit word per step). The key is returned as the 8
// little-endian 32-bit words ChaCha loads into state words 4..11.
func pcg32SeedKey(state uint64) [8]uint32 {
	const (
		mul = 6364136223846793005
		inc = 11634580027462260723
	)
	var key [8]uint32
	for k := range key {
		state = state*mul + inc
		xorshifted := uint32(((state >> 18) ^ state) >> 27)
		rot := int(state >> 59)
		key[k] = bits.RotateLeft32(xorshifted, -rot)
	}
	return key
}

// chachaRNG is ChaCha20 (20 rounds) in the original djb layout as used by
// rand_chacha 0.3.1's ChaCha20Rng: words 0..3 are the constants
// "expand 32-byte k", 4..11 the key, 12..13 a 64-bit block counter starting
// at 0 and 14..15 the 64-bit stream id (always 0 here). Output words are
// handed out in order, block after block, like next_u32.
type chachaRNG struct {
	input [16]uint32 // the block input; words 12..13 hold the next counter
	buf   [16]uint32 // the current keystream block
	idx   int        // next unread word of buf; 16 means empty
}

// newChaChaRNG returns a generator at block 0 and stream 0 for key.
func newChaChaRNG(key [8]uint32) *chachaRNG {
	r := &chachaRNG{idx: 16}
	r.input[0] = 0x61707865
	r.input[1] = 0x3320646e
	r.input[2] = 0x79622d32
	r.input[3] = 0x6b206574
	copy(r.input[4:12], key[:])
	return r
}

// nextU32 returns the next 32-bit keystream word.
func (r *chachaRNG) nextU32() uint32 {
	if r.idx >= len(r.buf) {
		chachaBlock(&r.buf, &r.input)
		// 64-bit block counter in words 12 (low) and 13 (high).
		r.input[12]++
		if r.input[12] == 0 {
			r.input[13]++
		}
		r.idx = 0
	}
	v := r.buf[r.idx]
	r.idx++
	return v
}

// genRange returns a uniform value in [0, n) for n > 0 exactly as rand 0.8.5's
// UniformInt::<u32>::sample_single (gen_range(0..n)) does: Lemire's widening
// multiply with the "conservative" rejection zone (n << lz(n)) - 1.
func (r *chachaRNG) genRange(n uint32) uint32 {
	zone := (n << bits.LeadingZeros32(n)) - 1
	for {
		hi, lo := bits.Mul32(r.nextU32(), n)
		if lo <= zone {
			return hi
		}
	}
}

// chachaBlock computes one ChaCha20 block: 20 rounds (10 double rounds) over
// in, then the feed-forward addition of in, written to out.
func chachaBlock(out, in *[16]uint32) {
	x := *in
	for range 10 {
		// Column round.
		chachaQuarter(&x, 0, 4, 8, 12)
		chachaQuarter(&x, 1, 5, 9, 13)
		chachaQuarter(&x, 2, 6, 10, 14)
		chachaQuarter(&x, 3, 7, 11, 15)
		// Diagonal round.
		chachaQuarter(&x, 0, 5, 10, 15)
		chachaQuarter(&x, 1, 6, 11, 12)
		chachaQuarter(&x, 2, 7, 8, 13)
		chachaQuarter(&x, 3, 4, 9, 14)
	}
	for i := range out {
		out[i] = x[i] + in[i]
	}
}

// chachaQuarter is the ChaCha quarter round on words a, b, c and d of x.
func chachaQuarter(x *[16]uint32, a, b, c, d int) {
	x[a] += x[b]
	x[d] = bits.RotateLeft32(x[d]^x[a], 16)
	x[c] += x[d]
	x[b] = bits.RotateLeft32(x[b]^x[c], 12)
	x[a] += x[b]
	x[d] = bits.RotateLeft32(x[d]^x[a], 8)
	x[c] += x[d]
	x[b] = bits.RotateLeft32(x[b]^x[c], 7)
}
