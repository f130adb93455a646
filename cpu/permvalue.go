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

// permValue is the perm-value noise with derivatives, for any dims, in the
// recursive form that permvalue.glsl mirrors: the axes are x; x and z; x,
// y and z; or x, y, z and w. The Sampler runs the flattened forms below
// (permSample1D..4D, permValue1D..4D), the same operations in the same
// order: TestPermValueFlat checks them against this one bit for bit.
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

// The flattened forms. The recursive one is slow in Go: a permNode is 20
// bytes, copied between the frames with overlapping 16-byte moves whose
// reloads the CPU cannot forward from the stores (about 400 ns a 3D point
// on this project's Xeon), and the value path computed every derivative.
// Here every node is a few float32 locals and the value path computes the
// values alone.

// permAxis is getSpan's corners and interpolator, without the derivative.
func permAxis(c, f float32, tiling bool) (p0, p1 int32, t float32) {
	c = clampCoord(float32(c * float32(f)))
	p0 = floorToInt(c)
	t = smoothT(c - float32(p0))
	p1 = p0 + 1
	if tiling {
		p0, p1 = wrapTiling(p0, f)
	}
	return p0, p1, t
}

// permAt is permHash with the table index proven in range: (p & 255) +
// inner, inner a table entry.
func permAt(perm *[512]uint8, inner uint8, p int32) uint8 {
	return perm[int(uint8(p))+int(inner)]
}

// permMix is permLerp's value: (1−t)·lo + t·hi with it = 1 − t.
func permMix(it, t, lo, hi float32) float32 { return float32(it*lo) + float32(t*hi) }

// permEnd is permFinish's value: clampValue((2·n)/255 − 1).
func permEnd(n float32) float32 { return clampValue(float32(2*n)/255 - 1) }

// permRow is permNode1's value under the index inner: the two corners
// along x, interpolated.
func permRow(perm *[512]uint8, inner uint8, x0, x1 int32, ix, tx float32) float32 {
	return permMix(ix, tx, float32(permAt(perm, inner, x0)), float32(permAt(perm, inner, x1)))
}

func permValue1D(vp *variantParams, _ SmallXXHash, p point, f float32) float32 {
	x0, x1, tx := permAxis(p.x, f, vp.tiling)
	return permEnd(permRow(vp.perm, 0, x0, x1, 1-tx, tx))
}

func permValue2D(vp *variantParams, _ SmallXXHash, p point, f float32) float32 {
	perm := vp.perm
	x0, x1, tx := permAxis(p.x, f, vp.tiling)
	z0, z1, tz := permAxis(p.z, f, vp.tiling)
	ix := 1 - tx
	a := permRow(perm, permAt(perm, 0, z0), x0, x1, ix, tx)
	b := permRow(perm, permAt(perm, 0, z1), x0, x1, ix, tx)
	return permEnd(permMix(1-tz, tz, a, b))
}

// permPlane is permNode2's value under the index inner.
func permPlane(perm *[512]uint8, inner uint8, x0, x1, y0, y1 int32, ix, tx, iy, ty float32) float32 {
	a := permRow(perm, permAt(perm, inner, y0), x0, x1, ix, tx)
	b := permRow(perm, permAt(perm, inner, y1), x0, x1, ix, tx)
	return permMix(iy, ty, a, b)
}

func permValue3D(vp *variantParams, _ SmallXXHash, p point, f float32) float32 {
	perm := vp.perm
	x0, x1, tx := permAxis(p.x, f, vp.tiling)
	y0, y1, ty := permAxis(p.y, f, vp.tiling)
	z0, z1, tz := permAxis(p.z, f, vp.tiling)
	ix, iy := 1-tx, 1-ty
	a := permPlane(perm, permAt(perm, 0, z0), x0, x1, y0, y1, ix, tx, iy, ty)
	b := permPlane(perm, permAt(perm, 0, z1), x0, x1, y0, y1, ix, tx, iy, ty)
	return permEnd(permMix(1-tz, tz, a, b))
}

func permValue4D(vp *variantParams, _ SmallXXHash, p point, f float32) float32 {
	perm := vp.perm
	x0, x1, tx := permAxis(p.x, f, vp.tiling)
	y0, y1, ty := permAxis(p.y, f, vp.tiling)
	z0, z1, tz := permAxis(p.z, f, vp.tiling)
	w0, w1, tw := permAxis(p.w, f, vp.tiling)
	ix, iy, iz := 1-tx, 1-ty, 1-tz
	cube := func(inner uint8) float32 {
		a := permPlane(perm, permAt(perm, inner, z0), x0, x1, y0, y1, ix, tx, iy, ty)
		b := permPlane(perm, permAt(perm, inner, z1), x0, x1, y0, y1, ix, tx, iy, ty)
		return permMix(iz, tz, a, b)
	}
	a := cube(permAt(perm, 0, w0))
	b := cube(permAt(perm, 0, w1))
	return permEnd(permMix(1-tw, tw, a, b))
}

// permD1 is permNode1 as locals: the value and its x derivative.
func permD1(perm *[512]uint8, inner uint8, x *latticeSpan) (v, dx float32) {
	lo, hi := float32(permAt(perm, inner, x.p0)), float32(permAt(perm, inner, x.p1))
	return permMix(1-x.t, x.t, lo, hi), float32((hi - lo) * x.dt)
}

// permD2 is permNode2 as locals.
func permD2(perm *[512]uint8, inner uint8, x, y *latticeSpan) (v, dx, dy float32) {
	av, ax := permD1(perm, permAt(perm, inner, y.p0), x)
	bv, bx := permD1(perm, permAt(perm, inner, y.p1), x)
	it, t := 1-y.t, y.t
	return permMix(it, t, av, bv), permMix(it, t, ax, bx), float32((bv - av) * y.dt)
}

// permD3 is permNode3 as locals.
func permD3(perm *[512]uint8, inner uint8, x, y, z *latticeSpan) (v, dx, dy, dz float32) {
	av, ax, ay := permD2(perm, permAt(perm, inner, z.p0), x, y)
	bv, bx, by := permD2(perm, permAt(perm, inner, z.p1), x, y)
	it, t := 1-z.t, z.t
	return permMix(it, t, av, bv), permMix(it, t, ax, bx), permMix(it, t, ay, by), float32((bv - av) * z.dt)
}

// permScale is permFinish's derivative: ((2·d)/255)·F.
func permScale(d, f float32) float32 { return float32(float32(2*d)/255) * f }

func permSample1D(vp *variantParams, _ SmallXXHash, p point, f float32) noise.Sample {
	x := getSpan(p.x, f, vp.tiling)
	v, dx := permD1(vp.perm, 0, &x)
	return noise.Sample{V: permEnd(v), Dx: permScale(dx, f)}
}

func permSample2D(vp *variantParams, _ SmallXXHash, p point, f float32) noise.Sample {
	x, z := getSpan(p.x, f, vp.tiling), getSpan(p.z, f, vp.tiling)
	v, dx, dz := permD2(vp.perm, 0, &x, &z)
	return noise.Sample{V: permEnd(v), Dx: permScale(dx, f), Dz: permScale(dz, f)} // the second axis is z
}

func permSample3D(vp *variantParams, _ SmallXXHash, p point, f float32) noise.Sample {
	x, y, z := getSpan(p.x, f, vp.tiling), getSpan(p.y, f, vp.tiling), getSpan(p.z, f, vp.tiling)
	v, dx, dy, dz := permD3(vp.perm, 0, &x, &y, &z)
	return noise.Sample{V: permEnd(v), Dx: permScale(dx, f), Dy: permScale(dy, f), Dz: permScale(dz, f)}
}

func permSample4D(vp *variantParams, _ SmallXXHash, p point, f float32) noise.Sample {
	perm := vp.perm
	x, y, z, w := getSpan(p.x, f, vp.tiling), getSpan(p.y, f, vp.tiling), getSpan(p.z, f, vp.tiling), getSpan(p.w, f, vp.tiling)
	av, ax, ay, az := permD3(perm, permAt(perm, 0, w.p0), &x, &y, &z)
	bv, bx, by, bz := permD3(perm, permAt(perm, 0, w.p1), &x, &y, &z)
	it, t := 1-w.t, w.t
	v := permMix(it, t, av, bv)
	dw := float32((bv - av) * w.dt)
	return noise.Sample{V: permEnd(v), Dx: permScale(permMix(it, t, ax, bx), f), Dy: permScale(permMix(it, t, ay, by), f),
		Dz: permScale(permMix(it, t, az, bz), f), Dw: permScale(dw, f)}
}
