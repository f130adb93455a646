// permvalue.wgsl mirrors cpu/permvalue.go (glsl/permvalue.glsl): fixed-mode
// permutation-table value noise 1D–4D (docs/algorithms.md §5). The
// 512-entry doubled table is built in Go and inlined in the source;
// PERM(i) reads entry i (0 for the other variants, which have no table).

// PermNode is a node of the interpolation tree: the interpolated table
// value and its derivatives along the axes interpolated so far (x, y, z, w
// in d.x, d.y, d.z, d.w; the others 0).
struct PermNode {
	v: f32,
	d: vec4f,
}

// permHash is one step of the blog's nested index perm[p + perm[...]]:
// the table entry at (p & 255) + inner.
fn permHash(inner: i32, p: i32) -> i32 { return i32(PERM((p & 255) + inner)); }

// permLeaf is a corner: its table value, no derivatives yet.
fn permLeaf(index: i32) -> PermNode { return PermNode(f32(index), vec4f(0.0)); }

// permLerp interpolates along one axis in the blog's form (1−t)·lo + t·hi,
// carrying the derivatives of the axes before it the same way; axis marks
// the axis, whose derivative is (hi − lo)·dt.
fn permLerp(lo: PermNode, hi: PermNode, s: LatticeSpan, axis: vec4<bool>) -> PermNode {
	let t = s.t;
	let it = 1.0 - t;
	let d = it * lo.d + t * hi.d;
	let da = (hi.v - lo.v) * s.dt;
	let v = it * lo.v + t * hi.v;
	return PermNode(v, select(d, vec4f(da), axis));
}

const axisX = vec4<bool>(true, false, false, false);
const axisY = vec4<bool>(false, true, false, false);
const axisZ = vec4<bool>(false, false, true, false);
const axisW = vec4<bool>(false, false, false, true);

// permNode1 interpolates the two corners along x under the index inner of
// the axes above.
fn permNode1(inner: i32, x: LatticeSpan) -> PermNode {
	return permLerp(permLeaf(permHash(inner, x.p0)), permLeaf(permHash(inner, x.p1)), x, axisX);
}

fn permNode2(inner: i32, x: LatticeSpan, y: LatticeSpan) -> PermNode {
	return permLerp(permNode1(permHash(inner, y.p0), x), permNode1(permHash(inner, y.p1), x), y, axisY);
}

fn permNode3(inner: i32, x: LatticeSpan, y: LatticeSpan, z: LatticeSpan) -> PermNode {
	return permLerp(permNode2(permHash(inner, z.p0), x, y), permNode2(permHash(inner, z.p1), x, y), z, axisZ);
}

fn permNode4(inner: i32, x: LatticeSpan, y: LatticeSpan, z: LatticeSpan, w: LatticeSpan) -> PermNode {
	return permLerp(permNode3(permHash(inner, w.p0), x, y, z), permNode3(permHash(inner, w.p1), x, y, z), w, axisW);
}

// permFinish maps the interpolated table value to [−1, 1] (2n/255 − 1,
// clamped to [−1, 1]) and scales the derivatives the same way, times the
// octave frequency. The divisions are correctly rounded in either
// arithmetic: 2n/255 − 1 cancels near 0, where one ULP of a GPU's own
// quotient is thousands of the value's (SwiftShader's moved every
// perm-value variant), and they are the noise's only ones.
fn permFinish(n: PermNode, f: f32, dims: i32) -> Sample {
	let F = f32(f);
	let v = clampValue(divide255(2.0 * n.v) - 1.0);
	let dx = divide255(2.0 * n.d.x) * F;
	let dy = divide255(2.0 * n.d.y) * F;
	let dz = divide255(2.0 * n.d.z) * F;
	let dw = divide255(2.0 * n.d.w) * F;
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
fn permValue(vp: VariantParams, h: u32, p: vec4f, f: f32) -> Sample {
	let x = getSpan(p.x, f, vp.tiling);
	var n: PermNode;
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
