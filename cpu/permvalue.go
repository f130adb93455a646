package cpu

// Fixed-mode permutation-table value noise (SPEC §10, project decision 6):
// the blog's algorithm in float32 with its quirks fixed — cell indices wrap
// with floor-mod 256 in every dimension (so negative cells no longer alias
// cell 0 and 1D no longer jumps at multiples of 255), one sign convention
// (2n/255 − 1) for every dimension, and no 4D argument swap. It is driven by
// the project's fractal settings like every other variant: lattice spans
// (normal or tiling) at frequency F, the same table for every octave.

// doubledTable builds the blog's 512-entry table, perm[i+256] = perm[i].
func doubledTable(p [256]uint8) *[512]uint8 {
	var t [512]uint8
	copy(t[:256], p[:])
	copy(t[256:], p[:])
	return &t
}

// permLookup is the blog's nested index perm[x + perm[y + perm[z + perm[w]]]]
// for one corner; bit a of corner selects p1 (else p0) on axis a.
func permLookup(perm *[512]uint8, s *[4]latticeSpan, dims int, corner int) int {
	idx := 0
	for axis := dims - 1; axis >= 0; axis-- {
		p := s[axis].p0
		if corner>>axis&1 != 0 {
			p = s[axis].p1
		}
		idx = int(perm[int(p&255)+idx])
	}
	return idx
}

// permValueND interpolates the 2^dims corner values along x, then y, then z,
// then w in the blog's form (1−t)·n0 + t·n1, carrying the derivatives when
// derivs is set, and maps the result to [−1, 1].
func permValueND(perm *[512]uint8, s *[4]latticeSpan, dims int, f int32, derivs bool) (v float32, d [4]float32) {
	var n [16]float32
	var dn [4][16]float32
	count := 1 << dims
	for c := 0; c < count; c++ {
		n[c] = float32(permLookup(perm, s, dims, c))
	}
	for axis := 0; axis < dims; axis++ {
		t, dt := s[axis].t, s[axis].dt
		it := 1 - t
		count >>= 1
		for i := 0; i < count; i++ {
			lo, hi := n[2*i], n[2*i+1]
			if derivs {
				for a := 0; a < axis; a++ {
					dn[a][i] = float32(it*dn[a][2*i]) + float32(t*dn[a][2*i+1])
				}
				dn[axis][i] = float32((hi - lo) * dt)
			}
			n[i] = float32(it*lo) + float32(t*hi)
		}
	}
	F := float32(f)
	for a := 0; a < dims; a++ {
		d[a] = float32(float32(float32(2*dn[a][0])/255) * F)
	}
	return float32(2*n[0])/255 - 1, d
}

// permSpans returns the spans of the axes a vp.dims-D perm-value noise uses:
// x; x and z; x, y and z; or x, y, z and w.
func permSpans(vp *variantParams, p point, f int32) [4]latticeSpan {
	axes := [4][4]float32{{p.x}, {p.x, p.z}, {p.x, p.y, p.z}, {p.x, p.y, p.z, p.w}}[vp.dims-1]
	var s [4]latticeSpan
	for a := 0; a < vp.dims; a++ {
		s[a] = getSpan(axes[a], f, vp.tiling)
	}
	return s
}

// permValue is the perm-value noise with derivatives, for any dims. 2D
// reports dx and dz; 4D reports dx, dy and dz (the w derivative has no slot
// in Sample).
func permValue(vp *variantParams, _ SmallXXHash, p point, f int32) Sample {
	s := permSpans(vp, p, f)
	v, d := permValueND(vp.perm, &s, vp.dims, f, true)
	switch vp.dims {
	case 1:
		return Sample{V: v, Dx: d[0]}
	case 2:
		return Sample{V: v, Dx: d[0], Dz: d[1]}
	}
	return Sample{V: v, Dx: d[0], Dy: d[1], Dz: d[2]}
}

// permValueValue is permValue reduced to the value.
func permValueValue(vp *variantParams, _ SmallXXHash, p point, f int32) float32 {
	s := permSpans(vp, p, f)
	v, _ := permValueND(vp.perm, &s, vp.dims, f, false)
	return v
}
