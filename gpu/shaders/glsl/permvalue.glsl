// permvalue.glsl mirrors cpu/permvalue.go: fixed-mode permutation-table
// value noise 1D–4D (SPEC §10, project decision 6). The 512-entry doubled
// table is built in Go; PERM(i) reads entry i (a buffer in the dispatch
// kernel, a constant array in Library()).

// permLookup is the blog's nested index perm[x + perm[y + perm[z + perm[w]]]]
// for one corner; bit a of corner selects p1 (else p0) on axis a.
int permLookup(LatticeSpan s[4], int dims, int corner) {
	int idx = 0;
	for (int axis = dims - 1; axis >= 0; axis--) {
		int p = s[axis].p0;
		if ((corner >> axis & 1) != 0) {
			p = s[axis].p1;
		}
		idx = int(PERM((p & 255) + idx));
	}
	return idx;
}

// permValueND interpolates the 2^dims corner values along x, then y, then
// z, then w in the blog's form (1−t)·n0 + t·n1 with the derivatives, and
// maps the result to [−1, 1]. d receives the derivatives per axis.
float permValueND(LatticeSpan s[4], int dims, int f, out vec4 d) {
	precise float n[16];
	precise float dn[4][16];
	int count = 1 << dims;
	for (int c = 0; c < count; c++) {
		n[c] = float(permLookup(s, dims, c));
	}
	for (int axis = 0; axis < dims; axis++) {
		precise float t = s[axis].t, dt = s[axis].dt;
		precise float it = 1.0 - t;
		count >>= 1;
		for (int i = 0; i < count; i++) {
			precise float lo = n[2 * i], hi = n[2 * i + 1];
			for (int a = 0; a < axis; a++) {
				dn[a][i] = it * dn[a][2 * i] + t * dn[a][2 * i + 1];
			}
			dn[axis][i] = (hi - lo) * dt;
			n[i] = it * lo + t * hi;
		}
	}
	precise float F = float(f);
	precise vec4 r = vec4(0.0);
	for (int a = 0; a < dims; a++) {
		r[a] = ((2.0 * dn[a][0]) / 255.0) * F;
	}
	d = r;
	precise float v = (2.0 * n[0]) / 255.0 - 1.0;
	return v;
}

// permSpans returns the spans of the axes a vp.dims-D perm-value noise
// uses: x; x and z; x, y and z; or x, y, z and w.
void permSpans(VariantParams vp, vec4 p, int f, out LatticeSpan s[4]) {
	vec4 axes = vp.dims == 2 ? vec4(p.x, p.z, 0.0, 0.0) : p;
	for (int a = 0; a < 4; a++) {
		s[a] = getSpan(a < vp.dims ? axes[a] : 0.0, f, vp.tiling);
	}
}

// permValue is the perm-value noise with derivatives, for any dims. 2D
// reports dx and dz; 4D reports dx, dy and dz (the w derivative has no slot
// in Sample).
Sample permValue(VariantParams vp, uint h, vec4 p, int f) {
	LatticeSpan s[4];
	permSpans(vp, p, f, s);
	vec4 d;
	float v = permValueND(s, vp.dims, f, d);
	if (vp.dims == 1) {
		return Sample(v, d[0], 0.0, 0.0);
	}
	if (vp.dims == 2) {
		return Sample(v, d[0], 0.0, d[1]);
	}
	return Sample(v, d[0], d[1], d[2]);
}
