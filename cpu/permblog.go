package cpu

import (
	"fmt"
	"math"

	"github.com/noiselab/noise/internal/permtable"
)

// This file is the blog-compatible float64 mode of the permutation-table value
// noise of the Rust blog post "Improving the value noise" (docs/algorithms.md §5). It
// reproduces the blog's Rust code bit for bit, quirks included (docs/algorithms.md §5):
//
//   - floor(x) as usize saturates: every negative cell (and NaN) aliases cell
//     0, +huge cells become usize::MAX (usize is emulated as uint64);
//   - 1D wraps the cell with % 255, 2D–4D with & 255;
//   - 1D returns 1 - 2*v/255, 2D–4D return 2*v/255 - 1;
//   - the dispatcher (NoiseAt, Fractal) swaps the 3rd and 4th coordinate in 4D.
//
// One deliberate difference: the blog computes NaN for an infinite
// coordinate (floor(inf) - inf), and so for a finite one whose product with
// a frequency overflows. Here coordinates are first clamped to ±2^64, which
// changes no finite result (at and beyond 2^64 the fraction is 0 and the
// cell saturates, whatever the value), so ±Inf gives what every finite
// coordinate beyond ±2^64 gives and finite input never gives NaN.
//
// Rust never contracts a*b + c into a fused multiply-add, so every product
// that feeds an addition or subtraction is wrapped in an explicit float64
// conversion, which the Go specification guarantees to round and which
// therefore forbids fusion (this keeps GOAMD64=v3 and arm64 builds exact).

// BlogValueNoise is the permutation-table value noise of the Rust blog post
// "Improving the value noise" (seed 002) in its blog-compatible float64 form:
// 1D to 4D value noise with a quintic fade, plus the blog's fractal sum.
//
// The zero value has an all-zero table and yields constant noise; use
// [NewBlogValueNoise] or [NewBlogValueNoiseFromTable]. A BlogValueNoise is
// safe for concurrent use as long as its fields are not modified.
type BlogValueNoise struct {
	// Perm is the doubled permutation table: Perm[i] == Perm[i+256] for
	// i < 256, so index sums up to 511 never need wrapping.
	Perm [512]uint8
	// Octaves is the number of fractal octaves; 0 and 1 both mean a single
	// octave (the blog's num_octaves).
	Octaves uint8
	// Lacunarity multiplies the frequency from one octave to the next.
	Lacunarity float64
	// Persistence multiplies the amplitude from one octave to the next.
	Persistence float64
}

// NewBlogValueNoise returns the noise the blog's ValueNoise::new(seed,
// octaves, lacunarity, persistence) builds: the table is
// [PermutationTable](seed), doubled.
func NewBlogValueNoise(seed uint64, octaves uint8, lacunarity, persistence float64) *BlogValueNoise {
	return NewBlogValueNoiseFromTable(PermutationTable(seed), octaves, lacunarity, persistence)
}

// NewBlogValueNoiseFromTable is like [NewBlogValueNoise] but uses an externally
// supplied 256-entry table instead of generating one from a seed. The table
// is doubled into Perm. It need not be a permutation: any byte values give
// defined (if less well distributed) noise.
func NewBlogValueNoiseFromTable(table [256]uint8, octaves uint8, lacunarity, persistence float64) *BlogValueNoise {
	return &BlogValueNoise{Perm: *permtable.Doubled(table), Octaves: octaves, Lacunarity: lacunarity, Persistence: persistence}
}

// blogUsize emulates Rust's saturating cast f as usize on a 64-bit target:
// NaN and every value below 1 give 0, values at or above 2^64 give
// 2^64-1, and everything else is truncated toward zero. Unlike a plain Go
// conversion, it is defined for every input on every platform.
func blogUsize(f float64) uint64 {
	if !(f >= 1) { // NaN, negatives, ±0 and (0, 1)
		return 0
	}
	if f >= 0x1p64 {
		return math.MaxUint64
	}
	return uint64(f) // in [1, 2^64): exact and well defined
}

// blogClamp clamps x to ±2^64 (NaN stays NaN): see the file comment.
func blogClamp(x float64) float64 {
	if x > 0x1p64 {
		return 0x1p64
	}
	if x < -0x1p64 {
		return -0x1p64
	}
	return x
}

// blogFade is the blog's quintic x * x * x * (x * (x * 6.0 - 15.0) + 10.0),
// evaluated as ((x*x)*x) * ((x*((x*6)-15))+10) without fused operations. The
// result is rounded explicitly because callers subtract it (1 - f).
func blogFade(x float64) float64 {
	return float64(x * x * x * (float64(x*(float64(x*6)-15)) + 10))
}

// blogLerp is the blog's (1.0 - t) * a + t * b with the weight 1 - t
// precomputed by the caller as it = 1 - t (the blog's ifx, ify, ifz).
func blogLerp(it, t, a, b float64) float64 {
	return float64(it*a) + float64(t*b)
}

// Noise1D returns the blog's noise1d(x) in [-1, 1]. The cell index is
// usize(floor(x)) % 255, so the noise has period 255, is discontinuous at
// multiples of 255 and at every negative integer (all negative cells alias
// cell 0), and its sign convention is 1 - 2*v/255, inverted relative to
// Noise2D–Noise4D. NaN gives NaN; ±Inf gives what every x beyond ±2^64
// gives.
func (n *BlogValueNoise) Noise1D(x float64) float64 {
	x = blogClamp(x)
	ix := math.Floor(x)
	x = x - ix
	i := blogUsize(ix) % 255
	n0 := float64(n.Perm[i])
	n1 := float64(n.Perm[i+1])
	fx := blogFade(x)
	// 1.0 - 2.0 * ((1.0 - fx) * n0 + fx * n1) / 255.0
	return 1 - (2*blogLerp(1-fx, fx, n0, n1))/255
}

// Noise2D returns the blog's noise2d(x, y) in [-1, 1]. Cells are
// usize(floor(·)) & 255 (period 256; negative cells alias cell 0) and the
// result is 2*v/255 - 1. NaN gives NaN; ±Inf gives what every coordinate
// beyond ±2^64 gives.
func (n *BlogValueNoise) Noise2D(x, y float64) float64 {
	p := &n.Perm
	x, y = blogClamp(x), blogClamp(y)
	ix, iy := math.Floor(x), math.Floor(y)
	x, y = x-ix, y-iy
	i := blogUsize(ix) & 255
	j := blogUsize(iy) & 255

	pj0 := uint64(p[j])
	pj1 := uint64(p[j+1])
	n00 := float64(p[i+pj0])
	n01 := float64(p[i+pj1])
	n10 := float64(p[i+1+pj0])
	n11 := float64(p[i+1+pj1])

	fx := blogFade(x)
	fy := blogFade(y)
	ifx := 1 - fx
	nx0 := blogLerp(ifx, fx, n00, n10)
	nx1 := blogLerp(ifx, fx, n01, n11)
	// (2.0 * ((1.0 - fy) * nx0 + fy * nx1) / 255.0) - 1.0
	return (2*blogLerp(1-fy, fy, nx0, nx1))/255 - 1
}

// Noise3D returns the blog's noise3d(x, y, z) in [-1, 1], with the same cell
// wrapping and sign convention as [BlogValueNoise.Noise2D]. The corners are
// interpolated along x, then y, then z.
func (n *BlogValueNoise) Noise3D(x, y, z float64) float64 {
	p := &n.Perm
	x, y, z = blogClamp(x), blogClamp(y), blogClamp(z)
	ix, iy, iz := math.Floor(x), math.Floor(y), math.Floor(z)
	x, y, z = x-ix, y-iy, z-iz
	i := blogUsize(ix) & 255
	j := blogUsize(iy) & 255
	k := blogUsize(iz) & 255

	// Hash chains perm[i+a + perm[j+b + perm[k+c]]].
	pk0 := uint64(p[k])
	pk1 := uint64(p[k+1])
	pj00 := uint64(p[j+pk0])
	pj01 := uint64(p[j+pk1])
	pj10 := uint64(p[j+1+pk0])
	pj11 := uint64(p[j+1+pk1])
	n000 := float64(p[i+pj00])
	n001 := float64(p[i+pj01])
	n010 := float64(p[i+pj10])
	n011 := float64(p[i+pj11])
	n100 := float64(p[i+1+pj00])
	n101 := float64(p[i+1+pj01])
	n110 := float64(p[i+1+pj10])
	n111 := float64(p[i+1+pj11])

	fx := blogFade(x)
	fy := blogFade(y)
	fz := blogFade(z)
	ifx := 1 - fx
	ify := 1 - fy
	nx00 := blogLerp(ifx, fx, n000, n100)
	nx01 := blogLerp(ifx, fx, n001, n101)
	nx10 := blogLerp(ifx, fx, n010, n110)
	nx11 := blogLerp(ifx, fx, n011, n111)
	nxy0 := blogLerp(ify, fy, nx00, nx10)
	nxy1 := blogLerp(ify, fy, nx01, nx11)
	return (2*blogLerp(1-fz, fz, nxy0, nxy1))/255 - 1
}

// Noise4D returns the blog's noise4d(x, y, z, w) in [-1, 1], with the same
// cell wrapping and sign convention as [BlogValueNoise.Noise2D]. The corners
// are interpolated along x, then y, then z, then w. Note that
// [BlogValueNoise.NoiseAt] and [BlogValueNoise.Fractal] pass the third and
// fourth coordinates swapped, as the blog's dispatcher does.
func (n *BlogValueNoise) Noise4D(x, y, z, w float64) float64 {
	p := &n.Perm
	x, y, z, w = blogClamp(x), blogClamp(y), blogClamp(z), blogClamp(w)
	ix, iy, iz, iw := math.Floor(x), math.Floor(y), math.Floor(z), math.Floor(w)
	x, y, z, w = x-ix, y-iy, z-iz, w-iw
	i := blogUsize(ix) & 255
	j := blogUsize(iy) & 255
	k := blogUsize(iz) & 255
	l := blogUsize(iw) & 255

	// Hash chains perm[i+a + perm[j+b + perm[k+c + perm[l+d]]]].
	pl0 := uint64(p[l])
	pl1 := uint64(p[l+1])
	pk00 := uint64(p[k+pl0])
	pk01 := uint64(p[k+pl1])
	pk10 := uint64(p[k+1+pl0])
	pk11 := uint64(p[k+1+pl1])
	pj000 := uint64(p[j+pk00])
	pj001 := uint64(p[j+pk01])
	pj010 := uint64(p[j+pk10])
	pj011 := uint64(p[j+pk11])
	pj100 := uint64(p[j+1+pk00])
	pj101 := uint64(p[j+1+pk01])
	pj110 := uint64(p[j+1+pk10])
	pj111 := uint64(p[j+1+pk11])
	// n_abcd: a, b, c, d are the offsets along x, y, z, w.
	n0000 := float64(p[i+pj000])
	n0001 := float64(p[i+pj001])
	n0010 := float64(p[i+pj010])
	n0011 := float64(p[i+pj011])
	n0100 := float64(p[i+pj100])
	n0101 := float64(p[i+pj101])
	n0110 := float64(p[i+pj110])
	n0111 := float64(p[i+pj111])
	n1000 := float64(p[i+1+pj000])
	n1001 := float64(p[i+1+pj001])
	n1010 := float64(p[i+1+pj010])
	n1011 := float64(p[i+1+pj011])
	n1100 := float64(p[i+1+pj100])
	n1101 := float64(p[i+1+pj101])
	n1110 := float64(p[i+1+pj110])
	n1111 := float64(p[i+1+pj111])

	fx := blogFade(x)
	fy := blogFade(y)
	fz := blogFade(z)
	fw := blogFade(w)
	ifx := 1 - fx
	ify := 1 - fy
	ifz := 1 - fz
	nx000 := blogLerp(ifx, fx, n0000, n1000)
	nx001 := blogLerp(ifx, fx, n0001, n1001)
	nx010 := blogLerp(ifx, fx, n0010, n1010)
	nx011 := blogLerp(ifx, fx, n0011, n1011)
	nx100 := blogLerp(ifx, fx, n0100, n1100)
	nx101 := blogLerp(ifx, fx, n0101, n1101)
	nx110 := blogLerp(ifx, fx, n0110, n1110)
	nx111 := blogLerp(ifx, fx, n0111, n1111)
	nxy00 := blogLerp(ify, fy, nx000, nx100)
	nxy01 := blogLerp(ify, fy, nx001, nx101)
	nxy10 := blogLerp(ify, fy, nx010, nx110)
	nxy11 := blogLerp(ify, fy, nx011, nx111)
	nxyz0 := blogLerp(ifz, fz, nxy00, nxy10)
	nxyz1 := blogLerp(ifz, fz, nxy01, nxy11)
	return (2*blogLerp(1-fw, fw, nxyz0, nxyz1))/255 - 1
}

// NoiseAt is the blog's noise_at_position dispatcher: it calls Noise1D,
// Noise2D, Noise3D or Noise4D according to len(pos). For four coordinates it
// reproduces the blog's argument swap and returns
// Noise4D(pos[0], pos[1], pos[3], pos[2]). Any other length returns an error
// (where the blog panics).
func (n *BlogValueNoise) NoiseAt(pos []float64) (float64, error) {
	switch len(pos) {
	case 1:
		return n.Noise1D(pos[0]), nil
	case 2:
		return n.Noise2D(pos[0], pos[1]), nil
	case 3:
		return n.Noise3D(pos[0], pos[1], pos[2]), nil
	case 4:
		// let w = position[2]; let z = position[3]; self.noise4d(x, y, z, w)
		return n.Noise4D(pos[0], pos[1], pos[3], pos[2]), nil
	}
	return 0, blogDimError(len(pos))
}

// Fractal is the blog's fractal noise function (ValueNoise::noise): octave 0
// is NoiseAt(pos) with amplitude 1 at the unscaled position; each further
// octave multiplies the position by a frequency that starts at Lacunarity,
// and adds the noise weighted by an amplitude that starts at Persistence,
// both multiplied by their factor after every octave. The sum is divided by
// the sum of the amplitudes. Octaves values 0 and 1 both give the single
// base octave. Fractal returns an error when len(pos) is not 1 to 4.
func (n *BlogValueNoise) Fractal(pos []float64) (float64, error) {
	if len(pos) < 1 || len(pos) > 4 {
		return 0, blogDimError(len(pos))
	}
	res, _ := n.NoiseAt(pos)
	ampSum := 1.0
	if n.Octaves > 1 {
		freq := n.Lacunarity
		ampl := n.Persistence
		var buf [4]float64
		newPos := buf[:len(pos)]
		for range n.Octaves - 1 {
			for i := range pos {
				// Rounded explicitly: the noise subtracts floor(x) from it.
				newPos[i] = float64(pos[i] * freq)
			}
			v, _ := n.NoiseAt(newPos)
			res += float64(ampl * v)
			ampSum += ampl
			ampl *= n.Persistence
			freq *= n.Lacunarity
		}
	}
	return res / ampSum, nil
}

// blogDimError reports an unsupported number of coordinates.
func blogDimError(dims int) error {
	return fmt.Errorf("cpu: blog value noise is implemented only for dimensions 1 to 4, got %d coordinates", dims)
}
