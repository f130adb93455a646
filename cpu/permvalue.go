package cpu

import (
	"github.com/noiselab/noise"
	"github.com/noiselab/noise/internal/permtable"
)

// Fixed-mode permutation-table value noise (docs/algorithms.md §5):
// the blog's algorithm in float32 with its quirks fixed — cell indices wrap
// with floor-mod 256 in every dimension (so negative cells no longer alias
// cell 0 and 1D no longer jumps at multiples of 255), one sign convention
// (2n/255 − 1) for every dimension, and no 4D argument swap. It is driven by
// the project's fractal settings like every other variant: lattice spans
// (normal or tiling) at frequency F, the same table for every octave.

// PermValueTable returns the 512-entry table that perm-value noise of the
// given settings seed reads (cpu, GLSL buffer and GLSL library alike): the
// blog's PermutationTable of the seed sign-extended to 64 bits, doubled,
// perm[i+256] = perm[i]. The table is built by an internal package that
// the GPU backend shares.
func PermValueTable(seed int32) *[512]uint8 { return permtable.PermValue(seed) }

// PermutationTable returns the permutation of 0..255 that the Rust blog's
// ValueNoise::new(seed) builds: the array [0, 1, …, 255] shuffled with
// rand 0.8.5's SliceRandom::shuffle driven by rand_chacha 0.3.1's
// ChaCha20Rng::seed_from_u64(seed), bit for bit (docs/algorithms.md §5
// lists the tables for seeds 0 and 12). Noise code indexes a doubled
// 512-entry copy of it, see [NewBlogValueNoise].
func PermutationTable(seed uint64) [256]uint8 { return permtable.Permutation(seed) }

// The interpolation is written out per dimension, one function calling the
// one below it, as in gpu/shaders/glsl/permvalue.glsl (where local arrays
// indexed by a variable are what GPU compilers have been seen to get
// wrong).

// permNode is a node of the interpolation tree: the interpolated table
// value and its derivatives along the axes interpolated so far (x, y, z, w;
// the others 0).
type permNode struct {
	v float32
	d [4]float32
}

// permHash is one step of the blog's nested index perm[p + perm[...]]: the
// table entry at (p & 255) + inner.
func permHash(perm *[512]uint8, inner int, p int32) int { return int(perm[int(p&255)+inner]) }

// permLeaf is a corner: its table value, no derivatives yet.
func permLeaf(index int) permNode { return permNode{v: float32(index)} }

// permLerp interpolates along one axis in the blog's form (1−t)·lo + t·hi,
// carrying the derivatives of the axes before it the same way; the axis's
// own derivative is (hi − lo)·dt.
func permLerp(lo, hi permNode, s *latticeSpan, axis int) permNode {
	t := s.t
	it := 1 - t
	var n permNode
	for a := range n.d {
		n.d[a] = float32(it*lo.d[a]) + float32(t*hi.d[a])
	}
	n.d[axis] = float32((hi.v - lo.v) * s.dt)
	n.v = float32(it*lo.v) + float32(t*hi.v)
	return n
}

// permNode1 interpolates the two corners along x under the index inner of
// the axes above.
func permNode1(perm *[512]uint8, inner int, x *latticeSpan) permNode {
	return permLerp(permLeaf(permHash(perm, inner, x.p0)), permLeaf(permHash(perm, inner, x.p1)), x, 0)
}

func permNode2(perm *[512]uint8, inner int, x, y *latticeSpan) permNode {
	return permLerp(permNode1(perm, permHash(perm, inner, y.p0), x), permNode1(perm, permHash(perm, inner, y.p1), x), y, 1)
}

func permNode3(perm *[512]uint8, inner int, x, y, z *latticeSpan) permNode {
	return permLerp(permNode2(perm, permHash(perm, inner, z.p0), x, y), permNode2(perm, permHash(perm, inner, z.p1), x, y), z, 2)
}

func permNode4(perm *[512]uint8, inner int, x, y, z, w *latticeSpan) permNode {
	return permLerp(permNode3(perm, permHash(perm, inner, w.p0), x, y, z), permNode3(perm, permHash(perm, inner, w.p1), x, y, z), w, 3)
}

// permFinish maps the interpolated table value to [−1, 1] (2n/255 − 1,
// clamped to [−1, 1] as lattice noise's value is, clampValue: the blog's
// lerp overshoots 0 and 255 by rounding) and scales the derivatives the
// same way, times the octave frequency.
func permFinish(n permNode, f float32, dims int) noise.Sample {
	F := float32(f)
	v := clampValue(float32(2*n.v)/255 - 1)
	dx := float32(float32(2*n.d[0])/255) * F
	dy := float32(float32(2*n.d[1])/255) * F
	dz := float32(float32(2*n.d[2])/255) * F
	dw := float32(float32(2*n.d[3])/255) * F
	switch dims {
	case 1:
		return noise.Sample{V: v, Dx: dx}
	case 2:
		return noise.Sample{V: v, Dx: dx, Dz: dy} // the second axis is z
	case 3:
		return noise.Sample{V: v, Dx: dx, Dy: dy, Dz: dz}
	}
	return noise.Sample{V: v, Dx: dx, Dy: dy, Dz: dz, Dw: dw}
}

// permValue is the perm-value noise with derivatives, for any dims: the
// axes are x; x and z; x, y and z; or x, y, z and w.
func permValue(vp *variantParams, _ SmallXXHash, p point, f float32) noise.Sample {
	x := getSpan(p.x, f, vp.tiling)
	var n permNode
	switch vp.dims {
	case 1:
		n = permNode1(vp.perm, 0, &x)
	case 2:
		z := getSpan(p.z, f, vp.tiling)
		n = permNode2(vp.perm, 0, &x, &z)
	case 3:
		y, z := getSpan(p.y, f, vp.tiling), getSpan(p.z, f, vp.tiling)
		n = permNode3(vp.perm, 0, &x, &y, &z)
	default:
		y, z, w := getSpan(p.y, f, vp.tiling), getSpan(p.z, f, vp.tiling), getSpan(p.w, f, vp.tiling)
		n = permNode4(vp.perm, 0, &x, &y, &z, &w)
	}
	return permFinish(n, f, vp.dims)
}

// permValueValue is permValue reduced to the value.
func permValueValue(vp *variantParams, h SmallXXHash, p point, f float32) float32 {
	return permValue(vp, h, p, f).V
}
