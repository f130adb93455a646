// permvalue.glsl mirrors cpu/permvalue.go: fixed-mode permutation-table
// value noise 1D–4D (docs/algorithms.md §5). The 512-entry doubled
// table is built in Go; PERM(i) reads entry i (a buffer in the dispatch
// kernel, a constant array in a library).
//
// The interpolation is written out per dimension, one function calling the
// one below it, with no local arrays and no indexing by a variable: such
// code is where GPU compilers have been seen to go wrong.

// PermNode is a node of the interpolation tree: the interpolated table
// value and its derivatives along the axes interpolated so far (x, y, z, w
// in d.x, d.y, d.z, d.w; the others 0).
struct PermNode {
	float v;
	vec4 d;
};

// permHash is one step of the blog's nested index perm[p + perm[...]]:
// the table entry at (p & 255) + inner.
int permHash(int inner, int p) { return int(PERM((p & 255) + inner)); }

// permLeaf is a corner: its table value, no derivatives yet.
PermNode permLeaf(int index) { return PermNode(float(index), vec4(0.0)); }

// permLerp interpolates along one axis in the blog's form (1−t)·lo + t·hi,
// carrying the derivatives of the axes before it the same way; axis marks
// the axis, whose derivative is (hi − lo)·dt.
PermNode permLerp(PermNode lo, PermNode hi, LatticeSpan s, bvec4 axis) {
	precise float t = s.t;
	precise float it = 1.0 - t;
	precise vec4 d = it * lo.d + t * hi.d;
	precise float da = (hi.v - lo.v) * s.dt;
	precise float v = it * lo.v + t * hi.v;
	return PermNode(v, mix(d, vec4(da), axis));
}

const bvec4 axisX = bvec4(true, false, false, false);
const bvec4 axisY = bvec4(false, true, false, false);
const bvec4 axisZ = bvec4(false, false, true, false);
const bvec4 axisW = bvec4(false, false, false, true);

// permNode1 interpolates the two corners along x under the index inner of
// the axes above.
PermNode permNode1(int inner, LatticeSpan x) {
	return permLerp(permLeaf(permHash(inner, x.p0)), permLeaf(permHash(inner, x.p1)), x, axisX);
}

PermNode permNode2(int inner, LatticeSpan x, LatticeSpan y) {
	return permLerp(permNode1(permHash(inner, y.p0), x), permNode1(permHash(inner, y.p1), x), y, axisY);
}

PermNode permNode3(int inner, LatticeSpan x, LatticeSpan y, LatticeSpan z) {
	return permLerp(permNode2(permHash(inner, z.p0), x, y), permNode2(permHash(inner, z.p1), x, y), z, axisZ);
}

PermNode permNode4(int inner, LatticeSpan x, LatticeSpan y, LatticeSpan z, LatticeSpan w) {
	return permLerp(permNode3(permHash(inner, w.p0), x, y, z), permNode3(permHash(inner, w.p1), x, y, z), w, axisW);
}

// permFinish maps the interpolated table value to [−1, 1] (2n/255 − 1,
// clamped to [−1, 1] as lattice noise's value is, clampValue: the blog's
// lerp overshoots 0 and 255 by rounding) and scales the derivatives the
// same way, times the octave frequency. The divisions are correctly
// rounded in either arithmetic: 2n/255 − 1 cancels near 0, where one ULP of
// a GPU's own quotient is thousands of the value's (SwiftShader's moved
// every perm-value variant), and they are the noise's only ones.
Sample permFinish(PermNode n, float f, int dims) {
	precise float F = float(f);
	precise float v = clampValue(divide255(2.0 * n.v) - 1.0);
	precise float dx = divide255(2.0 * n.d.x) * F;
	precise float dy = divide255(2.0 * n.d.y) * F;
	precise float dz = divide255(2.0 * n.d.z) * F;
	precise float dw = divide255(2.0 * n.d.w) * F;
	if (dims == 1) {
		return Sample(v, dx, 0.0, 0.0, 0.0);
	}
	if (dims == 2) {
		return Sample(v, dx, 0.0, dy, 0.0); // the second axis is z
	}
	if (dims == 3) {
		return Sample(v, dx, dy, dz, 0.0);
	}
	return Sample(v, dx, dy, dz, dw);
}

// permValue is the perm-value noise with derivatives, for any dims: the
// axes are x; x and z; x, y and z; or x, y, z and w.
Sample permValue(VariantParams vp, uint h, vec4 p, float f) {
	LatticeSpan x = getSpan(p.x, f, vp.tiling);
	PermNode n;
	if (vp.dims == 1) {
		n = permNode1(0, x);
	} else if (vp.dims == 2) {
		n = permNode2(0, x, getSpan(p.z, f, vp.tiling));
	} else if (vp.dims == 3) {
		n = permNode3(0, x, getSpan(p.y, f, vp.tiling), getSpan(p.z, f, vp.tiling));
	} else {
		n = permNode4(0, x, getSpan(p.y, f, vp.tiling), getSpan(p.z, f, vp.tiling), getSpan(p.w, f, vp.tiling));
	}
	return permFinish(n, f, vp.dims);
}
