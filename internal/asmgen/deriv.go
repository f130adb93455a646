package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The derivative kernels: one octave's value and analytical derivatives at
// eight positions, the batch twins of cpu.lattice2D/3D, cpu.simplex2D/3D and
// cpu.voronoi2D/3D up to their last steps (the combine step, the simplex
// frequency scale, the Voronoi finalisation), which stay in Go per lane.
// The same operations in the same order as the scalar code, derivatives of
// zero included (0·x is ±0, and the sign of a zero is part of the result).

// frame hands out the 32-byte slots of a kernel's stack frame and takes
// them back for reuse.
type frame struct {
	base Mem
	size int
	used int
	free []int
}

func newFrame(slots int) *frame { return &frame{base: AllocLocal(32 * slots), size: slots} }

// put stores r in a free slot.
func (f *frame) put(r VecVirtual) Mem {
	var i int
	if n := len(f.free); n > 0 {
		i, f.free = f.free[n-1], f.free[:n-1]
	} else {
		if f.used == f.size {
			panic("asmgen: frame too small")
		}
		i = f.used
		f.used++
	}
	m := f.base.Offset(32 * i)
	VMOVUPS(r, m)
	return m
}

// release gives back the slots among ops (others are ignored; a nil frame
// has none).
func (f *frame) release(ops ...Op) {
	if f == nil {
		return
	}
	for _, o := range ops {
		if m, ok := o.(Mem); ok && m.Base == f.base.Base && m.Symbol.Name == "" {
			f.free = append(f.free, (m.Disp-f.base.Disp)/32)
		}
	}
}

// smp is a sample on eight lanes: the value and the derivatives along x,
// y and z (nil where the noise has no such axis), in registers or slots.
type smp [4]Op

// putSample stores the components of s that are registers.
func (f *frame) putSample(s smp) smp {
	for i, c := range s {
		if r, ok := c.(VecVirtual); ok {
			s[i] = f.put(r)
		}
	}
	return s
}

func (f *frame) releaseSample(s smp) { f.release(s[:]...) }

// zero is +0 in every lane, a derivative the gradient does not have.
func zero() Mem { return bcast(0) }

// derivOuts are the outputs of a derivative kernel of dims dimensions and
// the sample component each one holds.
func derivOuts(dims int) (names []string, comps []int) {
	switch dims {
	case 1:
		return []string{"v", "dx"}, []int{0, 1}
	case 2:
		return []string{"v", "dx", "dz"}, []int{0, 1, 3}
	}
	return []string{"v", "dx", "dy", "dz"}, []int{0, 1, 2, 3}
}

// axisComps are the derivative components of the axes of a dims-D noise.
func axisComps(dims int) []int { return [][]int{1: {1}, 2: {1, 3}, 3: {1, 2, 3}}[dims] }

// storeSample writes the components of s to the kernel's outputs.
func storeSample(s smp, out []Mem, comps []int) {
	for i, c := range comps {
		r := YMM()
		VMOVUPS(s[c], r)
		VMOVUPS(r, out[i])
	}
}

// lerpOp is lerp(a, b, t) = a + t·(b − a) in a new register.
func lerpOp(a, b, t Op) VecVirtual {
	r := YMM()
	VMOVUPS(b, r)
	VSUBPS(a, r, r)
	VMULPS(t, r, r)
	VADDPS(a, r, r)
	return r
}

// lerpSample is one axis of the lattice derivative (cpu.lattice2D/3D):
// every component is lerped from a to b by t, and the derivative along
// the axis (component c) gains (b.v − a.v)·dt.
func lerpSample(a, b smp, t, dt Op, c int) smp {
	var r smp
	for i := range a {
		if a[i] == nil {
			continue
		}
		l := lerpOp(a[i], b[i], t)
		if i == c {
			d := YMM()
			VMOVUPS(b[0], d)
			VSUBPS(a[0], d, d)
			VMULPS(dt, d, d)
			VADDPS(d, l, l)
		}
		r[i] = l
	}
	return r
}

// smoothDt is cpu.smoothDt: (u·u)·((u·((u·30) − 60)) + 30).
func smoothDt(u Op) VecVirtual {
	a, b := YMM(), YMM()
	VMOVUPS(u, a)
	VMULPS(a, a, a)
	VMOVUPS(u, b)
	VMULPS(bcast(f30), b, b)
	VSUBPS(bcast(f60), b, b)
	VMULPS(u, b, b)
	VADDPS(bcast(f30), b, b)
	VMULPS(b, a, a)
	return a
}

// latticeDeriv is cpu.lattice1D/2D/3D before evaluateCombined.
func latticeDeriv(name string, dims int, perlin, tiling bool) {
	outNames, comps := derivOuts(dims)
	pos, out, h, fi := kernelWith(0, name, dims, outNames, fmt.Sprintf("%slattice %s %dD noise and its derivatives at eight positions (cpu.lattice%dD before evaluateCombined).", tilingDoc(tiling), map[bool]string{false: "value", true: "Perlin"}[perlin], dims, dims))
	fr := newFrame(48)
	F := toFloat(fi)
	type axis struct {
		p, g  [2]Mem
		t, dt Mem
	}
	ax := make([]axis, dims)
	for i := range ax {
		p0, g0, t := span(pos[i], F)
		p1 := upperCorner(p0, fi, tiling) // wraps p0 first when tiling
		ax[i].p = [2]Mem{fr.put(p0), fr.put(p1)}
		ax[i].t = fr.put(t)
		ax[i].dt = fr.put(smoothDt(g0))
		ax[i].g[0] = fr.put(g0)
		if perlin {
			ax[i].g[1] = fr.put(minus1(g0))
		}
	}
	mF := fr.put(F)
	axes := axisComps(dims)
	// corner is the gradient sample of the corner with hash v at the
	// offsets o (evaluate1/2/3 for the value or Perlin gradient).
	corner := func(v VecVirtual, o []Mem) smp {
		var s smp
		if !perlin {
			s[0] = byteGradient(v, 0)
			for _, c := range axes {
				s[c] = zero()
			}
			return s
		}
		var g []VecVirtual
		var k uint32
		switch dims {
		case 1:
			return lineSample(v, o[0], f1)
		case 2:
			gx, gy := squareVectors(v)
			g, k = []VecVirtual{gx, gy}, perlin2
		case 3:
			gx, gy, gz := octahedronVectors(v)
			g, k = []VecVirtual{gx, gy, gz}, perlin3
		}
		d, t := YMM(), YMM()
		VMULPS(o[0], g[0], d)
		for i := 1; i < dims; i++ {
			VMULPS(o[i], g[i], t)
			VADDPS(t, d, d)
		}
		VMULPS(bcast(k), d, d)
		s[0] = d
		for i, c := range axes {
			VMULPS(bcast(k), g[i], g[i])
			s[c] = g[i]
		}
		return s
	}
	// reduce is the lattice from axis i on, below the hash hp of the
	// corner indices before it and the offsets o: the lower and upper
	// halves lerped along axis i, the innermost axis first.
	var reduce func(i int, hp Op, o []Mem) smp
	reduce = func(i int, hp Op, o []Mem) smp {
		if i == dims {
			return corner(avalanche(hp.(VecVirtual)), o)
		}
		var half [2]smp
		for k := range half {
			hk := eat(hp, ax[i].p[k])
			var hn Op = hk
			if i+1 < dims {
				hn = fr.put(hk)
			}
			half[k] = reduce(i+1, hn, append(append([]Mem{}, o...), ax[i].g[k]))
			fr.release(hn)
			if k == 0 {
				half[k] = fr.putSample(half[k])
			}
		}
		r := lerpSample(half[0], half[1], ax[i].t, ax[i].dt, axes[i])
		fr.releaseSample(half[0])
		return r
	}
	s := reduce(0, fr.put(h), nil)
	for _, c := range axes {
		VMULPS(mF, s[c].(VecVirtual), s[c].(VecVirtual)) // F·(…)
	}
	storeSample(s, out, comps)
	VZEROUPPER()
	RET()
}

// lineSample is cpu.lineGradient scaled by k (1 for Perlin, simplex1 for
// the simplex gradient): v = (l·x)·k, dx = l·k.
func lineSample(v VecVirtual, x Op, k uint32) smp {
	l, sg := byteUnit(v, 0, 8), YMM()
	VADDPS(bcast(f1), l, l)
	VPSLLD(U8(23), v, sg) // bit 8 to the sign bit
	VANDPS(bcast(signMask), sg, sg)
	VXORPS(sg, l, l)
	d := YMM()
	VMULPS(x, l, d)
	if k != f1 {
		VMULPS(bcast(k), d, d)
		VMULPS(bcast(k), l, l)
	}
	return smp{d, l}
}

// simplexDeriv is cpu.simplex1D/2D/3D before evaluateCombined and the
// frequency scale of the derivatives.
func simplexDeriv(name string, dims int, simplexGrad bool) {
	outNames, comps := derivOuts(dims)
	pos, out, h, k := kernelWith(0, name, dims, outNames, fmt.Sprintf("simplex %dD noise with the %s gradient and its derivatives at eight positions (cpu.simplex%dD before evaluateCombined and the frequency scale).", dims, map[bool]string{false: "value", true: "simplex"}[simplexGrad], dims))
	fr := newFrame(40)
	var P []Op
	var corners [][]Op // hash after x (h in 1D), then the corner's lattice indices
	var unskew uint32
	switch dims {
	case 1:
		X := toFloat(k)
		VMULPS(pos[0], X, X)
		clampCoord(X)
		x0 := floorToInt(X)
		x1 := YMM()
		VPSUBD(one(), x0, x1)
		mh := fr.put(h)
		P = []Op{fr.put(X)}
		corners = [][]Op{{mh, fr.put(x0)}, {mh, fr.put(x1)}}
	case 2:
		p, c := simplexCell2(pos, h, k, func(r VecVirtual) Op { return fr.put(r) })
		P, unskew = p, unskew2
		for i := range c {
			corners = append(corners, c[i][:])
		}
	case 3:
		p, c := simplexCell3(pos, h, k, fr.put)
		P, unskew = p, unskew3
		for i := range c {
			corners = append(corners, c[i][:])
		}
	}
	axes := axisComps(dims)
	var sum smp
	for _, c := range corners {
		// the offsets x and the falloff fo
		var x []Mem
		var fo VecVirtual
		if dims == 1 {
			o, t := YMM(), YMM()
			fo = YMM()
			VCVTDQ2PS(c[1], o)
			VMOVUPS(P[0], fo)
			VSUBPS(o, fo, o) // X − float(l)
			VMULPS(o, o, fo)
			x = []Mem{fr.put(o)}
			VMOVUPS(bcast(f1), t)
			VSUBPS(fo, t, fo) // 1 − x²
		} else {
			off, f := simplexOffsets(P, c[1:], unskew)
			for _, r := range off {
				x = append(x, fr.put(r))
			}
			fo = f
		}
		mfo := fr.put(fo)
		// the corner's hash and gradient sample
		hv := c[0] // h in 1D, else the hash after x
		for _, l := range c[min(2, dims):] {
			hv = eat(hv, l)
		}
		v := avalanche(hv.(VecVirtual))
		var g smp
		switch {
		case !simplexGrad:
			g[0] = byteGradient(v, 0)
			for _, a := range axes {
				g[a] = zero()
			}
		case dims == 1:
			g = lineSample(v, x[0], simplex1)
		default:
			var gv []VecVirtual
			var r VecVirtual
			var kg uint32
			if dims == 2 {
				gx, gy := squareVectors(v)
				gv, kg = []VecVirtual{gx, gy}, simplex2
				r = YMM()
				t := YMM()
				VMULPS(gx, gx, r)
				VMULPS(gy, gy, t)
				VADDPS(t, r, r)
				VSQRTPS(r, r)
				VMOVUPS(bcast(f1), t)
				VDIVPS(r, t, r) // 1 / sqrt
			} else {
				gx, gy, gz := octahedronVectors(v)
				gv, kg = []VecVirtual{gx, gy, gz}, simplex3
				r = sphereScale(gx, gy, gz)
			}
			d, t := YMM(), YMM()
			VMULPS(x[0], gv[0], d)
			for i := 1; i < dims; i++ {
				VMULPS(x[i], gv[i], t)
				VADDPS(t, d, d)
			}
			VMULPS(r, d, d)
			VMULPS(bcast(kg), d, d)
			g[0] = d
			for i, a := range axes {
				VMULPS(r, gv[i], gv[i])
				VMULPS(bcast(kg), gv[i], gv[i])
				g[a] = gv[i]
			}
		}
		g = fr.putSample(g)
		// the kernel: (((fo·v)·fo)·fo)·m and
		// ((((fo·d) − ((6·x)·v))·fo)·fo)·m, without m in 1D
		var m VecVirtual
		if dims > 1 {
			m = YMM()
			VMOVUPS(mfo, m)
			VPSRAD(U8(31), m, m)    // all ones where the sign bit is set
			VPANDN(bcast(f8), m, m) // 8 where it is clear, else +0
		}
		var kn smp
		for i := range g {
			if g[i] == nil {
				continue
			}
			r := YMM()
			VMOVUPS(mfo, r)
			VMULPS(g[i], r, r)
			if i > 0 {
				t := YMM()
				VMOVUPS(x[indexOf(axes, i)], t)
				VMULPS(bcast(f6), t, t)
				VMULPS(g[0], t, t)
				VSUBPS(t, r, r)
			}
			VMULPS(mfo, r, r)
			VMULPS(mfo, r, r)
			if m != nil {
				VMULPS(m, r, r)
			}
			kn[i] = r
		}
		fr.releaseSample(g)
		fr.release(mfo)
		for _, o := range x {
			fr.release(o)
		}
		if sum[0] == nil {
			sum = fr.putSample(kn)
			continue
		}
		for i := range kn {
			if kn[i] != nil {
				VADDPS(sum[i], kn[i], kn[i].(VecVirtual)) // sum + k (+ commutes)
			}
		}
		fr.releaseSample(sum)
		sum = fr.putSample(kn)
	}
	storeSample(sum, out, comps)
	VZEROUPPER()
	RET()
}

func indexOf(s []int, v int) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	panic("asmgen: no such axis")
}

// voronoiDeriv is cpu.voronoi1D/2D/3D for Worley and Chebyshev noise
// before the finalisation: the two minima a and b with their derivatives,
// updated candidate by candidate in the scalar order, so that ties keep
// the earlier candidate as the scalar strict comparisons do.
func voronoiDeriv(name string, dims int, cheb, tiling bool) {
	names, comps := derivOuts(dims)
	var outNames []string
	for _, m := range []string{"a", "b"} {
		for _, n := range names {
			outNames = append(outNames, m+n)
		}
	}
	metric := map[bool]string{false: "Worley", true: "Chebyshev"}[cheb]
	if dims == 1 {
		metric = "Worley and Chebyshev"
	}
	pos, out, h, fi := kernelWith(0, name, dims, outNames, fmt.Sprintf("%s%s Voronoi %dD noise at eight positions: the smallest and second smallest distances with their derivatives (cpu.voronoi%dD before finalize).", tilingDoc(tiling), metric, dims, dims))
	fr := newFrame(2*dims + 2 + 11)
	cs := newCells(fr, pos, fi, tiling)
	cs.spill = fr
	axes := axisComps(dims)
	// a and b, v = 2 and derivatives +0: a in registers, b in the frame
	// from 2D on. Chebyshev noise keeps, instead of the derivatives, one
	// code per minimum (chebCandidate), b in registers too in 2D.
	var a, b smp
	state := comps
	if cheb {
		state = []int{0, 1}
	}
	for _, c := range state {
		a[c], b[c] = YMM(), YMM()
		if c == 0 {
			VMOVUPS(bcast(f2), a[c].(VecVirtual))
			VMOVUPS(bcast(f2), b[c].(VecVirtual))
		} else {
			VXORPS(a[c].(VecVirtual), a[c].(VecVirtual), a[c].(VecVirtual))
			VXORPS(b[c].(VecVirtual), b[c].(VecVirtual), b[c].(VecVirtual))
		}
	}
	if dims > 1 && !cheb || dims == 3 {
		b = fr.putSample(b)
	}
	cs.each(h, func(v VecVirtual, o []Op, u uint32) {
		if dims == 1 {
			x := offset1(v, u, cs.g[0])
			d := YMM()
			abs(x, d)
			updateMinima(&a, &b, smp{d, signStep(x)})
			return
		}
		for pt := 0; pt < 2; pt++ {
			if cheb {
				updateMinima(&a, &b, chebCandidate(cellPoint(v, o, pt)))
			} else {
				updateMinima(&a, &b, worleyCandidate(cellPoint(v, o, pt), axes))
			}
		}
	})
	if cheb {
		a, b = chebDecode(a, axes), chebDecode(b, axes)
	}
	for i, c := range comps {
		for j, m := range []smp{a, b} {
			r := YMM()
			VMOVUPS(m[c], r)
			VMOVUPS(r, out[j*len(comps)+i])
		}
	}
	VZEROUPPER()
	RET()
}

// worleyCandidate is cpu.dist2/dist3 for Worley noise: the squared
// distance of the offsets c, its derivatives the offsets.
func worleyCandidate(c []VecVirtual, axes []int) smp {
	// (x·x + y·y) + z·z; in 2D (x·x + 0) + z·z, the same: x·x is not −0
	d, t := YMM(), YMM()
	VMULPS(c[0], c[0], d)
	for _, r := range c[1:] {
		VMULPS(r, r, t)
		VADDPS(t, d, d)
	}
	s := smp{d}
	for i, a := range axes {
		s[a] = c[i]
	}
	return s
}

// chebCandidate is cpu.dist2/dist3 for Chebyshev noise: v = max(|x|, |y|,
// |z|), and for the derivative, which is signStep on the first axis of
// the largest |offset| and +0 on the others, the code signStep·k for axis
// k = 1, 2, 3 (x, y, z; z is 3 in 2D too), which chebDecode turns back
// into the derivatives. The offsets are neither −0 nor NaN (a point's
// coordinates are +0 or more, so a sum with them is not −0), so signStep
// is the sign bit: (c < 0) ? +k : −k.
func chebCandidate(c []VecVirtual) smp {
	codes := []uint32{fm1, fm2, fm3}
	if len(c) == 2 {
		codes = []uint32{fm1, fm3}
	}
	ac := make([]VecVirtual, len(c))
	sg := make([]VecVirtual, len(c))
	for i, r := range c { // c[i] is spent here
		ac[i] = YMM()
		abs(r, ac[i])
		sg[i] = r
		VANDPS(bcast(signMask), r, sg[i])
		VXORPS(bcast(codes[i]), sg[i], sg[i])
	}
	v := YMM()
	if len(c) == 2 {
		gt := YMM()
		VCMPPS(U8(1), ac[0], ac[1], gt) // |z| < |x|
		VBLENDVPS(gt, ac[0], ac[1], v)
		VBLENDVPS(gt, sg[0], sg[1], sg[1])
		return smp{v, sg[1]}
	}
	mx, t, yz := YMM(), YMM(), YMM()
	VCMPPS(U8(1), ac[0], ac[1], mx) // |y| < |x|
	VCMPPS(U8(1), ac[0], ac[2], t)  // |z| < |x|
	VANDPS(t, mx, mx)
	VCMPPS(U8(1), ac[1], ac[2], yz) // |z| < |y|
	VBLENDVPS(yz, ac[1], ac[2], v)
	VBLENDVPS(mx, ac[0], v, v)
	VBLENDVPS(yz, sg[1], sg[2], sg[2])
	VBLENDVPS(mx, sg[0], sg[2], sg[2])
	return smp{v, sg[2]}
}

// chebDecode turns a minimum (v, code) of chebCandidate into (v, dx, dy,
// dz): ±1, with the code's sign, on the axis |code| names, +0 elsewhere
// (and everywhere for the code +0 of the initial minimum).
func chebDecode(m smp, axes []int) smp {
	code := YMM()
	VMOVUPS(m[1], code)
	ac, sg := YMM(), YMM()
	abs(code, ac)
	VANDPS(bcast(signMask), code, sg)
	VORPS(bcast(f1), sg, sg) // ±1
	r := smp{m[0]}
	for _, a := range axes {
		k := []uint32{1: f1, 2: f2, 3: f3}[a]
		d := YMM()
		VCMPPS(U8(0), bcast(k), ac, d) // |code| == k
		VANDPS(sg, d, d)
		r[a] = d
	}
	return r
}

// updateMinima is voronoiMinima.update for Worley and Chebyshev: where
// s.v < a.v, b = a and a = s; else where s.v < b.v, b = s.
func updateMinima(a, b *smp, s smp) {
	lta, ltb := YMM(), YMM()
	VCMPPS(U8(1), a[0], s[0], lta) // s.v < a.v
	VCMPPS(U8(1), b[0], s[0], ltb) // s.v < b.v
	for c := range s {
		if s[c] == nil {
			continue
		}
		bc, inMem := b[c].(Mem)
		r := YMM()
		VMOVUPS(b[c], r)
		VBLENDVPS(ltb, s[c], r, r)
		VBLENDVPS(lta, a[c], r, r)
		if inMem {
			VMOVUPS(r, bc)
		} else {
			b[c] = r
		}
		if am, ok := a[c].(Mem); ok {
			r := YMM()
			VMOVUPS(am, r)
			VBLENDVPS(lta, s[c], r, r)
			VMOVUPS(r, am)
		} else {
			ac := a[c].(VecVirtual)
			VBLENDVPS(lta, s[c], ac, ac)
		}
	}
}

// signStep is cpu.signStep: (c < 0) ? +1 : −1.
func signStep(c VecVirtual) VecVirtual {
	r := YMM()
	VCMPPS(U8(1), zero(), c, r) // c < 0
	VANDPS(bcast(signMask), r, r)
	VXORPS(bcast(fm1), r, r)
	return r
}

// finishDeriv8 writes the step of cpu.lattice1D…3D and simplex1D…3D after
// a derivative kernel on eight samples: evaluateCombined (comb 0 none, 1
// turbulence, 2 smooth turbulence) and the frequency scale k of the
// derivatives (1 for lattice noise). combineDeriv8 does it in place;
// leanSamples8, for a sampler of one octave without a domain, goes on with
// sampleAdd(Sample{}, ·), 0 + x per component, and stores the samples as
// []noise.Sample holds them.
func finishDeriv8(name string, lean bool) {
	sig := "func(v, dx, dy, dz *[8]float32, comb int32, k float32)"
	doc := name + " is the combine step and the derivative scale of eight samples, in place."
	if lean {
		sig = "func(v, dx, dy, dz *[8]float32, out *[40]float32, comb int32, k float32)"
		doc = name + " is the combine step, the derivative scale and 0 + x of eight samples, stored as noise.Samples to out."
	}
	TEXT(name, NOSPLIT, sig)
	Pragma("noescape")
	Doc(doc)
	var p []Mem
	for _, n := range []string{"v", "dx", "dy", "dz"} {
		p = append(p, Mem{Base: Load(Param(n), GP64())})
	}
	v := YMM()
	VMOVUPS(p[0], v)
	d := make([]VecVirtual, 3)
	for i := range d {
		d[i] = YMM()
		VMOVUPS(p[1+i], d[i])
	}
	comb := GP32()
	Load(Param("comb"), comb)
	CMPL(comb, U32(0))
	JE(LabelRef(name + "_scale"))
	// turbulence: where !(v >= 0) (NGE: true when unordered) the
	// derivatives change sign; v = |v|
	m := YMM()
	VCMPPS(U8(9), zero(), v, m)
	VANDPS(bcast(signMask), m, m)
	for _, r := range d {
		VXORPS(m, r, r)
	}
	abs(v, v)
	CMPL(comb, U32(1))
	JE(LabelRef(name + "_scale"))
	// smoothstepSample: k = (6·v)·(1 − v), d = d·k, v = v·(v·(3 − 2·v))
	s, t := YMM(), YMM()
	VMULPS(bcast(f6), v, s)
	VMOVUPS(bcast(f1), t)
	VSUBPS(v, t, t)
	VMULPS(t, s, s)
	for _, r := range d {
		VMULPS(s, r, r)
	}
	VMULPS(bcast(f2), v, t)
	VMOVUPS(bcast(f3), s)
	VSUBPS(t, s, s)
	VMULPS(v, s, s)
	VMULPS(s, v, v)
	Label(name + "_scale")
	k := YMM()
	VBROADCASTSS(addr(Param("k")), k)
	for _, r := range d {
		VMULPS(k, r, r)
	}
	if !lean {
		VMOVUPS(v, p[0])
		for i, r := range d {
			VMOVUPS(r, p[1+i])
		}
		VZEROUPPER()
		RET()
		return
	}
	z := YMM()
	VXORPS(z, z, z)
	for _, r := range append([]VecVirtual{v}, d...) {
		VADDPS(r, z, r) // 0 + x
	}
	// transpose (v, dx, dy, dz) × 8 lanes into 8 samples
	t0, t1, t2, t3 := YMM(), YMM(), YMM(), YMM()
	VUNPCKLPS(d[0], v, t0) // v0 dx0 v1 dx1 | v4 dx4 v5 dx5
	VUNPCKHPS(d[0], v, t1) // v2 dx2 v3 dx3 | v6 …
	VUNPCKLPS(d[2], d[1], t2)
	VUNPCKHPS(d[2], d[1], t3)
	s0, s1, s2, s3 := YMM(), YMM(), YMM(), YMM()
	VSHUFPS(U8(0x44), t2, t0, s0) // sample 0 | sample 4
	VSHUFPS(U8(0xEE), t2, t0, s1) // 1 | 5
	VSHUFPS(U8(0x44), t3, t1, s2) // 2 | 6
	VSHUFPS(U8(0xEE), t3, t1, s3) // 3 | 7
	// sample i is 20 bytes at 20·i (noise.Sample: v, dx, dy, dz, dw); dw
	// is 0 + 0 = +0
	out := Mem{Base: Load(Param("out"), GP64())}
	for i, q := range []VecVirtual{s0, s1, s2, s3} {
		VMOVUPS(q.AsX(), out.Offset(20*i))
		VEXTRACTF128(U8(1), q, out.Offset(20*(i+4)))
	}
	for i := range 8 {
		MOVL(U32(0), out.Offset(20*i+16))
	}
	VZEROUPPER()
	RET()
}
