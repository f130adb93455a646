package main

import (
	"fmt"
	"math"
	"strings"

	"github.com/mmcloughlin/avo/attr"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The smooth Worley accumulator kernels (cpu.voronoi2D/3D with
// MetricSmoothWorley, the walk and the smooth-minimum update,
// cpu.voronoiMinima.updateSmooth, of the values alone): one octave over n
// prepared positions, storing each lane's accumulator after the walk: the
// exp sum a.v (the LSE kernels) or the polynomial minimum b.v (the Poly
// kernels; smooth Worley F1 needs a.v alone, F2 b.v alone, and each is
// updated from its own state and the candidate, so a kernel computes one,
// and the other functions run both kernels). The log of a.v is
// smoothLog's (below), over the LSE kernel's results; the windows, the
// function and the octave sum stay in Go (cpu.smoothFinish), once per
// position and octave. The
// candidates are met in the scalar walk's order (x outer, then y, then z;
// the cell's point 0 before point 1), as the exp sum's float additions
// are not associative. The kernels always apply the jitter: at jitter 1
// the caller passes jit = 1 and jitC = +0, and (F·1) + 0 is F bit for bit
// (F ≥ +0).
//
// Per candidate at distance v (sqrt of the squared Euclidean distance,
// (x·x + z·z) in 2D: the scalar (x·x + 0·0) + z·z is the same, x·x + +0
// being x·x):
//
//	e = exp32(−10·v); a += e
//	h = 1 − |b − v|·4; h2 = (0.0625·h)·h
//	b = v < b ? v : b            (VMINPS v, b: v when v < b, else b)
//	b = h > 0 ? b − h2 : b
//
// exp32(x) is float32(math.Exp(float64(x))): smoothExpPD computes it in
// double precision, then rounds to float32 once (VCVTPD2PS), the same
// rounding Go's float32 conversion does. The double result is not
// math.Exp's bit for bit, but it lies within a few double ulps of e^x, so
// the float32 roundings agree unless e^x lies within a few double ulps of
// a float32 rounding midpoint; cpu's TestSmoothExpExhaustive checks every
// float32 input the kernels can meet between −104 and −2^−25 against
// math.Exp on the running machine, at both levels (smoothExpAVX2,
// smoothExpAVX512: the same routine). Outside that range both give the
// same by construction: the inputs are −10·v with v ≥ 0 a distance, so
// x ≤ −0; for −2^−25 < x ≤ −0 e^x lies in (1 − 2^−25, 1], which rounds to
// 1 in float32, and the routine gives 1 or a double within a few ulps of
// it (the test samples that range); below −104 (and for −Inf) the input is
// clamped to −104, where e^x < 2^−150 (half the smallest subnormal float32)
// and both round to +0.
//
// The routine: x clamped to −104; t = x·(1/ln2) + 1.5·2^52 (rounded to an
// integer n in t's low bits), n = t − 1.5·2^52; r = (x − n·ln2hi) −
// n·ln2lo (fdlibm's split: n·ln2hi and the difference are exact), |r| <
// 0.35; e^r by Taylor's polynomial of degree 13 (truncation < 2^−57
// relative) by Horner (fused at AVX-512, a multiply and an add at AVX2,
// whose level does not check for FMA); 2^n from t's bits: (t << 52) +
// (1023 << 52) is 2^n's (t's low 52 bits hold n + 2^51, and 2^51 << 52
// wraps to 0); n ≥ −151, so p·2^n is a normal double and exact.

// smoothExpPD is d = exp(d) for float64 lanes (each d a YMM at AVX2, a
// ZMM at AVX-512; see above), every step emitted for each d before the
// next (independent chains, interleaved for the out-of-order window).
func smoothExpPD(ds ...VecVirtual) {
	w := wide()
	reg := func() VecVirtual {
		if w {
			return ZMM()
		}
		return YMM()
	}
	// op is d = a op c, c a float64 constant (embedded broadcast at AVX-512)
	op := func(f, fb insn, c float64, a, dst VecVirtual) {
		if w {
			fb(pd(c), a, dst)
		} else {
			f(pd(c), a, dst)
		}
	}
	const magic = 0x1.8p52
	n := len(ds)
	t, nd, p := make([]VecVirtual, n), make([]VecVirtual, n), make([]VecVirtual, n)
	for i, d := range ds {
		t[i], nd[i], p[i] = reg(), reg(), reg()
		op(VMAXPD, VMAXPD_BCST, -104, d, d)
	}
	for i, d := range ds {
		op(VMULPD, VMULPD_BCST, 1/math.Ln2, d, t[i])
	}
	for i := range ds {
		op(VADDPD, VADDPD_BCST, magic, t[i], t[i])
	}
	for i := range ds {
		op(VSUBPD, VSUBPD_BCST, magic, t[i], nd[i])
	}
	for i := range ds {
		op(VMULPD, VMULPD_BCST, ln2Hi, nd[i], p[i])
	}
	for i, d := range ds {
		VSUBPD(p[i], d, d) // exact
	}
	for i := range ds {
		op(VMULPD, VMULPD_BCST, ln2Lo, nd[i], p[i])
	}
	for i, d := range ds {
		VSUBPD(p[i], d, d) // r
	}
	// Horner: p = (…(c13·r + c12)·r + …)·r + c0, c_k = 1/k!
	coef := func(k int) float64 {
		c := 1.0
		for i := 2; i <= k; i++ {
			c /= float64(i)
		}
		return c
	}
	for i := range ds {
		if w {
			VBROADCASTSD(pd(coef(13)), p[i])
		} else {
			VMOVUPD(pd(coef(13)), p[i])
		}
	}
	for k := 12; k >= 0; k-- {
		for i, d := range ds {
			if w {
				VFMADD213PD_BCST(pd(coef(k)), d, p[i]) // p = d·p + c
			} else {
				VMULPD(d, p[i], p[i])
				VADDPD(pd(coef(k)), p[i], p[i])
			}
		}
	}
	for i := range ds {
		VPSLLQ(U8(52), t[i], t[i])
		if w {
			VPADDQ_BCST(bcastPD(1023<<52), t[i], t[i])
		} else {
			VPADDQ(bcastPD(1023<<52), t[i], t[i])
		}
	}
	for i, d := range ds {
		VMULPD(t[i], p[i], d)
	}
}

// fdlibm's split of ln 2: ln2Hi has 32 significant bits (n·ln2Hi is exact
// for |n| < 2^21), ln2Lo is the rest.
const (
	ln2Hi = 6.93147180369123816490e-01
	ln2Lo = 1.90821492927058770002e-10
)

// smoothExp is x = exp32(x) for the float32 lanes of every group of each
// x (in place): each half widened to float64, smoothExpPD (all halves
// interleaved), and rounded back.
func smoothExp(xs ...vg) {
	var ds, th []VecVirtual
	for _, x := range xs {
		for g := range x {
			if wide() {
				lo, hi, h := ZMM(), ZMM(), YMM()
				VEXTRACTF64X4(U8(1), x[g], h)
				VCVTPS2PD(x[g].AsY(), lo)
				VCVTPS2PD(h, hi)
				ds, th = append(ds, lo, hi), append(th, h)
			} else {
				lo, hi, h := YMM(), YMM(), XMM()
				VEXTRACTF128(U8(1), x[g], h)
				VCVTPS2PD(x[g].AsX(), lo)
				VCVTPS2PD(h, hi)
				ds, th = append(ds, lo, hi), append(th, h)
			}
		}
	}
	smoothExpPD(ds...)
	i := 0
	for _, x := range xs {
		for g := range x {
			lo, hi, h := ds[2*i], ds[2*i+1], th[i]
			if wide() {
				VCVTPD2PS(lo, x[g].AsY())
				VCVTPD2PS(hi, h)
				VINSERTF64X4(U8(1), h, x[g], x[g])
			} else {
				VCVTPD2PSY(lo, x[g].AsX())
				VCVTPD2PSY(hi, h)
				VINSERTF128(U8(1), h, x[g], x[g])
			}
			i++
		}
	}
}

// f0625 and fm10 are the bits of 0.0625 and −10 (f4 is 4's).
const (
	f0625 = 0x3D800000
	fm10  = 0xC1200000
)

// smoothAddLSE is the exp sum's update of the accumulator a by
// candidates whose squared distances are ds, in order (see above; each d
// is overwritten): their exps interleaved, then the sums in order.
func smoothAddLSE(a vg, ds ...vg) {
	for _, d := range ds {
		sqrtps(d, d) // v
	}
	smoothAddLSEDist(a, ds...)
}

// smoothAddLSEDist is smoothAddLSE by candidates at distances ds (the 1D
// kernels': |x|, no square root).
func smoothAddLSEDist(a vg, ds ...vg) {
	for _, d := range ds {
		mulps(d, d, kc(fm10))
	}
	smoothExp(ds...)
	for _, d := range ds {
		addps(a, a, d)
	}
}

// smoothAddPoly is the polynomial minimum's update of the accumulator b
// by a candidate whose squared distance is d (see above; d is
// overwritten).
func smoothAddPoly(b vg, ds ...vg) {
	for _, d := range ds {
		smoothAddPoly1(b, d)
	}
}

func smoothAddPoly1(b, d vg) {
	sqrtps(d, d) // v
	smoothAddPolyDist(b, d)
}

// smoothAddPolyDist is smoothAddPoly1 by a candidate at distance d (the
// 1D kernels': |x|, no square root).
func smoothAddPolyDist(b, d vg) {
	h := newv()
	subps(h, b, d)
	absps(h, h)
	mulps(h, h, kc(f4))
	t := newv()
	subps(t, kc(f1), h) // h = 1 − |b − v|·4
	h2 := newv()
	mulps(h2, t, kc(f0625))
	mulps(h2, h2, t)
	m := cmpps(0x1E, t, kc(0)) // h > 0 (ordered, quiet)
	minps(b, d, b)
	subps(h2, b, h2)
	blend(b, m, h2, b)
}

// writeSmooth writes smoothWorley{dims}D[Tiling]{LSE,Poly}{level}: with lse
// the exp sum a.v, else the polynomial minimum b.v (each accumulator is
// updated from its own state and the candidate alone).
func writeSmooth(dims int, tiling, lse bool, l *isa) {
	cur, groups = l, 1
	if !lse {
		groups = 2 // the polynomial minimum's update is a chain of 8 steps a candidate
	}
	t := ""
	if tiling {
		t = "Tiling"
	}
	kind, what := "Poly", "polynomial minimum b.v"
	if lse {
		kind, what = "LSE", "exp sum a.v"
	}
	name := fmt.Sprintf("smoothWorley%dD%s%s%s", dims, t, kind, l.name)
	TEXT(name, attr.Attribute(0), "func(x, y, z, out *float32, n int, h uint32, f float32, jit, jitC float32)")
	Pragma("noescape")
	Doc(name + fmt.Sprintf(" is one octave of %ssmooth Worley %dD noise's walk over a batch: each lane's %s to out (cpu.voronoi%dD before finalize; %d lanes, %d interleaved).", map[bool]string{false: "", true: "tiling "}[tiling], dims, what, dims, l.lanes, groups))
	k := &bk{name: name, fr: newWFrame(64)}
	k.h = k.fr.put(broadcastParam32("h"))
	F := broadcastParam32("f")
	fi := newReg()
	VCVTTPS2DQ(F, fi)
	k.fi = k.fr.put(fi)
	k.F = k.fr.put(F)
	k.jitOn = true
	k.jit, k.jitC = k.fr.put(broadcastParam32("jit")), k.fr.put(broadcastParam32("jitC"))
	var ptr [3]GPVirtual
	axes := [][]int{1: {0}, 2: {0, 2}, 3: {0, 1, 2}}[dims]
	for _, a := range axes {
		ptr[a] = Load(Param([]string{"x", "y", "z"}[a]), GP64()).(GPVirtual)
	}
	out := Load(Param("out"), GP64()).(GPVirtual)
	n := Load(Param("n"), GP64())
	i := GP64()
	XORQ(i, i)
	loop, done := name+"_loop", name+"_done"
	Label(loop)
	CMPQ(i, n)
	JAE(LabelRef(done))
	at := func(base GPVirtual, g int) Mem { return Mem{Base: base, Index: i, Scale: 4, Disp: g * l.size} }
	for _, a := range axes {
		v := newv()
		for g := range v {
			VMOVUPS(at(ptr[a], g), v[g])
		}
		k.pos[a] = v
	}
	cs := k.newVCells(dims, tiling)
	// the axes' data in the frame: AVX2, and the 3D LSE kernels at AVX-512
	// (whose interleaved exps take 16 registers more)
	spill := tight() || dims == 3 && lse
	var acc vg // a = +0, b = 2 (cpu.initMinima)
	add := smoothAddPoly
	// both: a cell's two candidates go to add together (their exps
	// interleaved; AVX-512: AVX2 has registers for one's two halves)
	both := lse && wide()
	if lse {
		acc, add = newv(), smoothAddLSE
		for _, r := range acc {
			zeroReg(r)
		}
	} else {
		acc = mov(kc(f2))
	}
	switch dims {
	case 1:
		// cpu.voronoi1D: one point a cell, at distance |x| (worleyDist1);
		// at AVX-512 the three exps of the LSE update interleaved (AVX2:
		// too few registers)
		var ds []vg
		for _, u := range cellSteps {
			d := k.smooth1DOffset(cs, u.i, u.f)
			absps(d, d) // v = |x|
			switch {
			case lse && wide():
				ds = append(ds, d)
			case lse:
				smoothAddLSEDist(acc, d)
			default:
				smoothAddPolyDist(acc, d)
			}
		}
		if len(ds) > 0 {
			smoothAddLSEDist(acc, ds...)
		}
	case 2:
		var zs, ozs [3]opnd
		for i, w := range cellSteps {
			zs[i] = k.fr.keep(cs.index(2, w.i), spill)
			ozs[i] = k.fr.keep(cs.cellOff(2, w.f), spill)
		}
		for _, u := range cellSteps {
			hx := k.fr.keep(eatC(k.h, cs.index(0, u.i)), spill)
			ox := k.fr.keep(cs.cellOff(0, u.f), spill)
			for i := range cellSteps {
				v := wavalanche(eatC(hx, zs[i]), false)
				var d [2]vg
				for pt := 0; pt < 2; pt++ {
					x := k.vjitter(wbyteUnit(v, 16*pt, 8))
					z := k.vjitter(wbyteUnit(v, 16*pt+8, 8))
					addps(x, x, ox)
					addps(z, z, ozs[i])
					d[pt] = wdistance(false, x, z)
					if !both {
						add(acc, d[pt])
					}
				}
				if both {
					add(acc, d[0], d[1])
				}
			}
			k.fr.release(hx, ox)
		}
	case 3:
		var zs, ozs, ys, oys [3]opnd
		for i, w := range cellSteps {
			zs[i] = k.fr.keep(cs.index(2, w.i), spill)
			ozs[i] = k.fr.keep(cs.cellOff(2, w.f), spill)
		}
		for i, w := range cellSteps {
			ys[i] = k.fr.keep(cs.index(1, w.i), spill)
			oys[i] = k.fr.keep(cs.cellOff(1, w.f), spill)
		}
		for _, u := range cellSteps {
			hx := k.fr.keep(eatC(k.h, cs.index(0, u.i)), spill)
			ox := k.fr.keep(cs.cellOff(0, u.f), spill)
			for j := range cellSteps {
				hy := k.fr.keep(eatC(hx, ys[j]), spill)
				for i := range cellSteps {
					v := wavalanche(eatC(hy, zs[i]), false)
					var d [2]vg
					for pt := 0; pt < 2; pt++ {
						x := k.vbits5(v, 15*pt)
						y := k.vbits5(v, 15*pt+5)
						z := k.vbits5(v, 15*pt+10)
						addps(x, x, ox)
						addps(y, y, oys[j])
						addps(z, z, ozs[i])
						d[pt] = wdistance(false, x, y, z)
						if !both {
							add(acc, d[pt])
						}
					}
					if both {
						add(acc, d[0], d[1])
					}
				}
				k.fr.release(hy)
			}
			k.fr.release(hx, ox)
		}
	}
	for g, r := range acc {
		VMOVUPS(r, at(out, g))
	}
	ADDQ(U32(uint32(l.lanes*groups)), i)
	JMP(LabelRef(loop))
	Label(done)
	VZEROUPPER()
	RET()
}

// writeSmoothExp writes smoothExp{level}, the test kernel of smoothExp:
// out[i] = exp32(x[i]) for n inputs (n a multiple of the lanes).
func writeSmoothExp(l *isa) {
	cur, groups = l, 1
	name := "smoothExp" + l.name
	TEXT(name, attr.Attribute(0), "func(x, out *float32, n int)")
	Pragma("noescape")
	Doc(name + " is exp32 of each of n float32 inputs x (at most 0) by the smooth Worley kernels' routine (smoothExp), for the exhaustive test.")
	x := Load(Param("x"), GP64()).(GPVirtual)
	out := Load(Param("out"), GP64()).(GPVirtual)
	n := Load(Param("n"), GP64())
	i := GP64()
	XORQ(i, i)
	loop, done := name+"_loop", name+"_done"
	Label(loop)
	CMPQ(i, n)
	JAE(LabelRef(done))
	v := newv()
	VMOVUPS(Mem{Base: x, Index: i, Scale: 4}, v[0])
	smoothExp(v)
	VMOVUPS(v[0], Mem{Base: out, Index: i, Scale: 4})
	ADDQ(U32(uint32(l.lanes)), i)
	JMP(LabelRef(loop))
	Label(done)
	VZEROUPPER()
	RET()
}

// writeSmoothKernels writes the smooth Worley kernels and their exp's
// test kernels at both levels.
func writeSmoothKernels() {
	for _, l := range []*isa{isaAVX2, isaAVX512} {
		writeSmoothExp(l)
		writeSmoothLog(l)
		for _, lse := range []bool{true, false} {
			for _, tiling := range []bool{false, true} {
				for dims := 2; dims <= 3; dims++ {
					writeSmooth(dims, tiling, lse, l)
				}
			}
		}
	}
}

// The log of the exp sum (cpu's log32, float32(math.Log(float64(a))), in
// finalizeSmooth) once per position and octave: smoothLog, over the LSE
// kernel's results. On amd64 math.Log is assembly (math/log_amd64.s, no
// FMA): smoothLogPD repeats its operations in its order on float64 lanes,
// so each lane's double is math.Log's bit for bit, then rounded to
// float32 once (VCVTPD2PS) as Go's conversion does. Its frexp (f1 in
// [0.5, 1), k; if f1 < √2/2 then f1·2 and k − 1) is done on the float32
// bits, exactly: u = bits(a) − bits(0.70710683f) (0x3F3504F4, the least
// float32 above √2/2), k = u >> 23 (arithmetic), f1 = a·2^−k (bits(a) −
// k << 23), for a positive normal float32 a: the mantissas at or above
// 0x3504F4 are those whose f1 = 1.m/2 is at least √2/2. Go (cpu.
// valuesSmooth) uses the results for 2^−26 <= a <= 64 only, the range
// cpu's TestSmoothLogExhaustive checks at every level, and calls log32
// itself elsewhere (subnormal, zero, huge or NaN sums).

// the constants of math/log_amd64.s
const (
	logL1 = 6.666666666666735130e-01
	logL2 = 3.999999999940941908e-01
	logL3 = 2.857142874366239149e-01
	logL4 = 2.222219843214978396e-01
	logL5 = 1.818357216161805012e-01
	logL6 = 1.531383769920937332e-01
	logL7 = 1.479819860511658591e-01
)

// smoothLogPD is out = log(f1·2^k) for float64 lanes f1 (in [√2/2, √2))
// and k (a whole number), math/log_amd64.s's steps from f = f1 − 1 on.
// Each operand is a YMM at AVX2, a ZMM at AVX-512; f1 and k are
// overwritten.
func smoothLogPD(f1, k VecVirtual) {
	w := wide()
	reg := func() VecVirtual {
		if w {
			return ZMM()
		}
		return YMM()
	}
	op := func(f, fb insn, c float64, a, dst VecVirtual) {
		if w {
			fb(pd(c), a, dst)
		} else {
			f(pd(c), a, dst)
		}
	}
	f := f1
	op(VSUBPD, VSUBPD_BCST, 1, f1, f) // f = f1 − 1
	den, s, s2, s4, t1, t2, hf := reg(), reg(), reg(), reg(), reg(), reg(), reg()
	op(VADDPD, VADDPD_BCST, 2, f, den) // 2 + f
	VDIVPD(den, f, s)                  // s = f / (2 + f)
	VMULPD(s, s, s2)
	VMULPD(s2, s2, s4)
	// t1 = s2·(L1 + s4·(L3 + s4·(L5 + s4·L7)))
	op(VMULPD, VMULPD_BCST, logL7, s4, t1)
	op(VADDPD, VADDPD_BCST, logL5, t1, t1)
	VMULPD(s4, t1, t1)
	op(VADDPD, VADDPD_BCST, logL3, t1, t1)
	VMULPD(s4, t1, t1)
	op(VADDPD, VADDPD_BCST, logL1, t1, t1)
	VMULPD(t1, s2, t1)
	// t2 = s4·(L2 + s4·(L4 + s4·L6))
	op(VMULPD, VMULPD_BCST, logL6, s4, t2)
	op(VADDPD, VADDPD_BCST, logL4, t2, t2)
	VMULPD(s4, t2, t2)
	op(VADDPD, VADDPD_BCST, logL2, t2, t2)
	VMULPD(t2, s4, t2)
	VADDPD(t2, t1, t1) // R
	// hfsq = (0.5·f)·f
	op(VMULPD, VMULPD_BCST, 0.5, f, hf)
	VMULPD(f, hf, hf)
	VADDPD(hf, t1, t1) // R + hfsq
	VMULPD(t1, s, s)   // s·(hfsq + R)
	op(VMULPD, VMULPD_BCST, ln2Lo, k, t2)
	VADDPD(t2, s, s)  // + k·Ln2Lo
	VSUBPD(s, hf, hf) // hfsq − (…)
	VSUBPD(f, hf, hf) // (…) − f
	op(VMULPD, VMULPD_BCST, ln2Hi, k, k)
	VSUBPD(hf, k, k) // k·Ln2Hi − (…)
}

// smoothLog is x = log32(x) for the positive normal float32 lanes of
// every group of x (see above).
func smoothLog(x vg) {
	u := newv()
	subd(u, x, kc(0x3F3504F4))
	srad(u, u, 23) // k
	t := newv()
	slld(t, u, 23)
	subd(x, x, t) // f1 = a·2^−k
	for g := range x {
		if wide() {
			flo, fhi, klo, khi, h := ZMM(), ZMM(), ZMM(), ZMM(), YMM()
			VEXTRACTF64X4(U8(1), x[g], h)
			VCVTPS2PD(x[g].AsY(), flo)
			VCVTPS2PD(h, fhi)
			VEXTRACTI64X4(U8(1), u[g], h)
			VCVTDQ2PD(u[g].AsY(), klo)
			VCVTDQ2PD(h, khi)
			smoothLogPD(flo, klo)
			smoothLogPD(fhi, khi)
			VCVTPD2PS(klo, x[g].AsY())
			VCVTPD2PS(khi, h)
			VINSERTF64X4(U8(1), h, x[g], x[g])
		} else {
			flo, fhi, klo, khi, h := YMM(), YMM(), YMM(), YMM(), XMM()
			VEXTRACTF128(U8(1), x[g], h)
			VCVTPS2PD(x[g].AsX(), flo)
			VCVTPS2PD(h, fhi)
			VEXTRACTI128(U8(1), u[g], h)
			VCVTDQ2PD(u[g].AsX(), klo)
			VCVTDQ2PD(h, khi)
			smoothLogPD(flo, klo)
			smoothLogPD(fhi, khi)
			VCVTPD2PSY(klo, x[g].AsX())
			VCVTPD2PSY(khi, h)
			VINSERTF128(U8(1), h, x[g], x[g])
		}
	}
}

// writeSmoothLog writes smoothLog{level}: out[i] = log32(x[i]) for n
// inputs (n a multiple of the lanes; valid for positive normal x), run by
// cpu.valuesSmooth over the LSE kernel's sums and by the exhaustive test.
func writeSmoothLog(l *isa) {
	cur, groups = l, 1
	name := "smoothLog" + l.name
	TEXT(name, attr.Attribute(0), "func(x, out *float32, n int)")
	Pragma("noescape")
	Doc(name + " is log32 of each of n positive normal float32 inputs x (math/log_amd64.s's steps in float64, rounded to float32).")
	x := Load(Param("x"), GP64()).(GPVirtual)
	out := Load(Param("out"), GP64()).(GPVirtual)
	n := Load(Param("n"), GP64())
	i := GP64()
	XORQ(i, i)
	loop, done := name+"_loop", name+"_done"
	Label(loop)
	CMPQ(i, n)
	JAE(LabelRef(done))
	v := newv()
	VMOVUPS(Mem{Base: x, Index: i, Scale: 4}, v[0])
	smoothLog(v)
	VMOVUPS(v[0], Mem{Base: out, Index: i, Scale: 4})
	ADDQ(U32(uint32(l.lanes)), i)
	JMP(LabelRef(loop))
	Label(done)
	VZEROUPPER()
	RET()
}

// The derivative twins of the smooth Worley kernels (cpu.samplesSmooth):
// smoothWorley{2,3}D[Tiling]{LSE,Poly}Deriv{level} also carry each
// accumulator's derivatives, storing per lane the value and the
// derivatives along x, (y in 3D,) z, derivStride floats apart (out[0],
// out[derivStride], out[2·derivStride], out[3·derivStride]; in 2D the y
// component is not written). Per candidate at offsets c (x, y, z), with the
// operations and their order of cpu.smoothDist3 and
// cpu.voronoiMinima.updateSmooth:
//
//	v = sqrt(dist²); s.c = v ≠ 0 ? c / (−v) : 0   (NEQ_UQ: NaN divides)
//	LSE:  e = exp32(−10·v); a.v += e; a.c += e·s.c
//	Poly: t = b.v − v; h = 1 − |t|·4
//	      q.c = (b.c − s.c); q.c = t < 0 ? q.c : −q.c; q.c = (q.c·0.5)·h
//	      h2 = (0.0625·h)·h
//	      v < b.v: b = s (value and derivatives)
//	      h > 0:   b.v −= h2; b.c −= q.c
//
// −v is v with its sign bit flipped, as Go's negation; the divisions are
// VDIVPS's, Go's float32 division. In 2D the scalar y derivative of both
// accumulators is a zero whatever the walk (0/(−v) is −0, +0 + e·(−0) is
// +0, and b.y's updates only subtract and select zeros), and any zero
// gives the same octave sum (cpu.samplesSmooth's comment): the kernels skip
// it.
//
// At AVX2 (16 registers) the 3D kernels keep less in registers (fr, the
// kernel's frame, non-nil): the LSE update stores s.c to the frame over
// the exp and reads it back for its products; the Poly update computes h2
// after s (the same operations on the same inputs, later), and both make
// s.c's zero by a mask (VANDPS: c where v ≠ 0, +0's bits where not, as the
// blend with +0 gives) instead of a blend from a +0 register. At AVX2 the
// 2D kernels take that mask too.
func smoothDerivCand(lse bool, fr *wframe, acc []vg, cs ...vg) {
	d := newv()
	mulps(d, cs[0], cs[0])
	for _, c := range cs[1:] {
		t := newv()
		mulps(t, c, c)
		addps(d, d, t)
	}
	sqrtps(d, d) // v
	sd := func() {
		nv := newv()
		xor(nv, d, kc(signMask))
		nz := cmpps(4, d, kc(0)) // v ≠ 0 (NEQ_UQ)
		for _, c := range cs {
			divps(c, c, nv)
			if wide() {
				blend(c, nz, c, kc(0)) // s.c
			} else {
				VANDPS(nz.v[0], c[0], c[0]) // s.c
			}
		}
	}
	if lse {
		sd()
		var sc []opnd
		if fr != nil {
			for _, c := range cs {
				sc = append(sc, fr.spill(c))
			}
		}
		e := newv()
		mulps(e, d, kc(fm10))
		smoothExp(e)
		addps(acc[0], acc[0], e)
		for i, c := range cs {
			if fr != nil {
				c = newv()
				mulps(c, sc[i], e) // s.c back from the frame, then s.c·e
				fr.release(sc[i])
			} else {
				mulps(c, c, e)
			}
			addps(acc[1+i], acc[1+i], c)
		}
		return
	}
	b := acc[0]
	lt, h := smoothPolyH(b, d)
	h2 := newv()
	late := fr != nil // h2 after s (AVX2 3D)
	if !late {
		mulps(h2, h, kc(f0625))
		mulps(h2, h2, h)
	}
	sel := cmpps(1, d, b)       // v < b.v
	gt := cmpps(0x1E, h, kc(0)) // h > 0 (GT_OQ)
	// Where no lane has v < b.v or h > 0 the update keeps b as it is
	// (every blend below picks b): skip it, and s's divisions.
	skip := fmt.Sprintf("smoothPolySkip%d", polySkips)
	polySkips++
	any := mor(sel, gt)
	switch {
	case !wide():
		VPTEST(any.v[0], any.v[0]) // ZF: no lane set
	case len(any.k) == 2:
		KORTESTW(any.k[0], any.k[1])
	default:
		KORTESTW(any.k[0], any.k[0])
	}
	JZ(LabelRef(skip))
	sd()
	for i, c := range cs {
		q, nq := newv(), newv()
		subps(q, acc[1+i], c)
		xor(nq, q, kc(signMask))
		blend(q, lt, q, nq)
		mulps(q, q, kc(0x3F000000)) // ·0.5
		mulps(q, q, h)
		blend(acc[1+i], sel, c, acc[1+i])
		subps(q, acc[1+i], q)
		blend(acc[1+i], gt, q, acc[1+i])
	}
	if late {
		mulps(h2, h, kc(f0625))
		mulps(h2, h2, h)
	}
	blend(b, sel, d, b)
	subps(h2, b, h2)
	blend(b, gt, h2, b)
	Label(skip)
}

// sbits5 is vbits5(v, shift) for v in registers; for v in the frame
// (AVX2: shift + 5 < 32 in the 3D walk) wbyteUnit(v, shift, 5)'s
// operations reading v from memory, then the jitter.
func (k *bk) sbits5(v opnd, shift int) vg {
	if r, ok := v.(vg); ok {
		return k.vbits5(r, shift)
	}
	if wide() || shift+5 >= 32 {
		panic("asmgen: sbits5 of a frame operand at AVX-512 or the top field")
	}
	r := newv()
	and(r, v, kc(31<<shift))
	cvtdq2ps(r, r)
	mulps(r, r, kc(uint32(inv31)-uint32(shift)<<23))
	return k.vjitter(r)
}

// polySkips numbers the skip labels of smoothDerivCand.
var polySkips int

// writeSmoothDeriv writes smoothWorley{dims}D[Tiling]{LSE,Poly}Deriv{level}
// (see above): one group (the 1D Poly kernels at AVX-512: two), the
// candidates in the scalar walk's order.
func writeSmoothDeriv(dims int, tiling, lse bool, l *isa) {
	cur, groups = l, 1
	if dims == 1 && !lse && l == isaAVX512 {
		// the 1D polynomial minimum: a chain of dependent steps, two
		// interleaved (AVX2: too few registers)
		groups = 2
	}
	t := ""
	if tiling {
		t = "Tiling"
	}
	kind, what := "Poly", "polynomial minimum b"
	if lse {
		kind, what = "LSE", "exp sum a"
	}
	name := fmt.Sprintf("smoothWorley%dD%s%sDeriv%s", dims, t, kind, l.name)
	TEXT(name, attr.Attribute(0), "func(x, y, z, out *float32, n int, h uint32, f float32, jit, jitC float32)")
	Pragma("noescape")
	Doc(name + fmt.Sprintf(" is one octave of %ssmooth Worley %dD noise's walk over a batch: each lane's %s, value and derivatives, to out (derivStride floats apart; %d lanes, %d interleaved).", map[bool]string{false: "", true: "tiling "}[tiling], dims, what, l.lanes, groups))
	k := &bk{name: name, fr: newWFrame(64)}
	k.h = k.fr.put(broadcastParam32("h"))
	F := broadcastParam32("f")
	fi := newReg()
	VCVTTPS2DQ(F, fi)
	k.fi = k.fr.put(fi)
	k.F = k.fr.put(F)
	k.jitOn = true
	k.jit, k.jitC = k.fr.put(broadcastParam32("jit")), k.fr.put(broadcastParam32("jitC"))
	var ptr [3]GPVirtual
	axes := [][]int{1: {0}, 2: {0, 2}, 3: {0, 1, 2}}[dims]
	for _, a := range axes {
		ptr[a] = Load(Param([]string{"x", "y", "z"}[a]), GP64()).(GPVirtual)
	}
	out := Load(Param("out"), GP64()).(GPVirtual)
	n := Load(Param("n"), GP64())
	i := GP64()
	XORQ(i, i)
	loop, done := name+"_loop", name+"_done"
	Label(loop)
	CMPQ(i, n)
	JAE(LabelRef(done))
	at := func(base GPVirtual, c, g int) Mem {
		return Mem{Base: base, Index: i, Scale: 4, Disp: c*4*derivStride + g*l.size}
	}
	for _, a := range axes {
		v := newv()
		for g := range v {
			VMOVUPS(at(ptr[a], 0, g), v[g])
		}
		k.pos[a] = v
	}
	cs := k.newVCells(dims, tiling)
	spill := true
	acc := make([]vg, 1+dims)
	for j := range acc {
		if j == 0 && !lse {
			acc[0] = mov(kc(f2)) // b = 2 (cpu.initMinima)
			continue
		}
		acc[j] = newv()
		for _, r := range acc[j] {
			zeroReg(r)
		}
	}
	switch dims {
	case 1:
		// at AVX-512 the three exps of the LSE update interleaved (AVX2:
		// too few registers)
		var xs []vg
		for _, u := range cellSteps {
			x := k.smooth1DOffset(cs, u.i, u.f)
			if lse && wide() {
				xs = append(xs, x)
				continue
			}
			smoothDerivCand1(lse, acc, x)
		}
		if len(xs) > 0 {
			smoothDerivCand1(lse, acc, xs...)
		}
	case 2:
		var zs, ozs [3]opnd
		for i, w := range cellSteps {
			zs[i] = k.fr.keep(cs.index(2, w.i), spill)
			ozs[i] = k.fr.keep(cs.cellOff(2, w.f), spill)
		}
		for _, u := range cellSteps {
			hx := k.fr.keep(eatC(k.h, cs.index(0, u.i)), spill)
			ox := k.fr.keep(cs.cellOff(0, u.f), spill)
			for i := range cellSteps {
				v := wavalanche(eatC(hx, zs[i]), false)
				for pt := 0; pt < 2; pt++ {
					x := k.vjitter(wbyteUnit(v, 16*pt, 8))
					z := k.vjitter(wbyteUnit(v, 16*pt+8, 8))
					addps(x, x, ox)
					addps(z, z, ozs[i])
					smoothDerivCand(lse, nil, acc, x, z)
				}
			}
			k.fr.release(hx, ox)
		}
	case 3:
		var zs, ozs, ys, oys [3]opnd
		for i, w := range cellSteps {
			zs[i] = k.fr.keep(cs.index(2, w.i), spill)
			ozs[i] = k.fr.keep(cs.cellOff(2, w.f), spill)
		}
		for i, w := range cellSteps {
			ys[i] = k.fr.keep(cs.index(1, w.i), spill)
			oys[i] = k.fr.keep(cs.cellOff(1, w.f), spill)
		}
		for _, u := range cellSteps {
			hx := k.fr.keep(eatC(k.h, cs.index(0, u.i)), spill)
			ox := k.fr.keep(cs.cellOff(0, u.f), spill)
			for j := range cellSteps {
				hy := k.fr.keep(eatC(hx, ys[j]), spill)
				for i := range cellSteps {
					v := wavalanche(eatC(hy, zs[i]), false)
					var fr *wframe
					var hv opnd = v
					if !wide() { // the hash in the frame, s.c over the exp too
						fr, hv = k.fr, k.fr.spill(v)
					}
					for pt := 0; pt < 2; pt++ {
						x := k.sbits5(hv, 15*pt)
						y := k.sbits5(hv, 15*pt+5)
						z := k.sbits5(hv, 15*pt+10)
						addps(x, x, ox)
						addps(y, y, oys[j])
						addps(z, z, ozs[i])
						smoothDerivCand(lse, fr, acc, x, y, z)
					}
					k.fr.release(hv)
				}
				k.fr.release(hy)
			}
			k.fr.release(hx, ox)
		}
	}
	comp := [][]int{1: {0, 1}, 2: {0, 1, 3}, 3: {0, 1, 2, 3}}[dims]
	for j, r := range acc {
		if lse && j > 0 {
			divps(r, r, acc[0]) // a.c / a.v (cpu.finalizeSmooth's first step)
		}
		for g := range r {
			VMOVUPS(r[g], at(out, comp[j], g))
		}
	}
	ADDQ(U32(uint32(l.lanes*groups)), i)
	JMP(LabelRef(loop))
	Label(done)
	VZEROUPPER()
	RET()
}

// writeSmoothDerivKernels writes the derivative twins and the finish
// kernels at AVX-512 (writeSmoothDerivKernelsAVX2 those at AVX2).
func writeSmoothDerivKernels() { writeSmoothDerivLevel(isaAVX512) }

// writeSmoothDerivKernelsAVX2 writes the derivative twins and the finish
// kernels at AVX2 (after every other kernel, for the register numbering).
func writeSmoothDerivKernelsAVX2() { writeSmoothDerivLevel(isaAVX2) }

// writeSmoothDerivLevel writes the derivative twins and the finish kernels
// at level l.
func writeSmoothDerivLevel(l *isa) {
	for _, lse := range []bool{true, false} {
		for _, tiling := range []bool{false, true} {
			for dims := 2; dims <= 3; dims++ {
				writeSmoothDeriv(dims, tiling, lse, l)
			}
		}
	}
	for _, lse := range []bool{true, false} {
		for dims := 2; dims <= 3; dims++ {
			writeSmoothFinish(dims, lse, l)
		}
	}
}

// writeSmoothFinish writes smoothFinish{LSE,Poly}{dims}DDeriv{level}, the
// octave step of cpu.samplesSmooth for F1 (LSE: c is the LSE derivative
// kernel's output, a.v and a's derivatives over a.v, with la its logs) and
// F2 (Poly: c is b) at fBm, per lane the operations of cpu.smoothOctave1
// in its order:
//
//	v = la / −10                   (LSE; Poly: v = b.v)
//	in = v > 0 ∧ v < 1             (GT_OQ, LT_OQ: NaN is outside; 1D: v > 0 alone)
//	k = (6·v)·(1 − v); d = d·k; v = v·(v·(3 − 2·v))   (smoothstepSample)
//	outside: v = d = +0
//	d = d·F (x; z in 2D and 3D; y in 3D)
//	sum = sum + r·amp              (each component; sum's y in 2D, y and z in 1D untouched)
//
// over n lanes (a multiple of the lanes), sums SoA derivStride floats
// apart. An amplitude of 1 multiplies exactly (v·1 is v), so every octave
// multiplies.
func writeSmoothFinish(dims int, lse bool, l *isa) {
	cur, groups = l, 1
	kind := "Poly"
	if lse {
		kind = "LSE"
	}
	name := fmt.Sprintf("smoothFinish%s%dDDeriv%s", kind, dims, l.name)
	TEXT(name, attr.Attribute(0), "func(c, la, sum *float32, n int, f, amp float32)")
	Pragma("noescape")
	Doc(name + " is samplesSmooth's fBm octave step of smooth Worley F1 (LSE) or F2 (Poly) from the accumulator c into the SoA sums (derivStride floats apart).")
	F := broadcastParam32("f")
	A := broadcastParam32("amp")
	cp := Load(Param("c"), GP64()).(GPVirtual)
	lp := Load(Param("la"), GP64()).(GPVirtual)
	sp := Load(Param("sum"), GP64()).(GPVirtual)
	n := Load(Param("n"), GP64())
	i := GP64()
	XORQ(i, i)
	loop, done := name+"_loop", name+"_done"
	Label(loop)
	CMPQ(i, n)
	JAE(LabelRef(done))
	at := func(base GPVirtual, c int) Mem { return Mem{Base: base, Index: i, Scale: 4, Disp: c * 4 * derivStride} }
	comps := [][]int{1: {1}, 2: {1, 3}, 3: {1, 2, 3}}[dims]
	v := newv()
	if lse {
		VMOVUPS(at(lp, 0), v[0])
		divps(v, v, kc(fm10))
	} else {
		VMOVUPS(at(cp, 0), v[0])
	}
	var in mask
	if dims == 1 { // cpu.finalizeSmooth's 1D window: v > 0 alone
		in = cmpps(0x1E, v, kc(0))
	} else {
		in = mand(cmpps(0x1E, v, kc(0)), cmpps(0x11, v, kc(f1)))
	}
	k, t := newv(), newv()
	mulps(k, v, kc(0x40C00000)) // 6·v
	subps(t, kc(f1), v)
	mulps(k, k, t)
	mulps(t, v, kc(f2))
	subps(t, kc(0x40400000), t) // 3 − 2·v
	mulps(t, v, t)
	mulps(t, v, t)
	blend(t, in, t, kc(0))
	mulps(t, t, vg{A})
	s := newv()
	VMOVUPS(at(sp, 0), s[0])
	addps(s, s, t)
	VMOVUPS(s[0], at(sp, 0))
	for _, c := range comps {
		d := newv()
		VMOVUPS(at(cp, c), d[0])
		mulps(d, d, k)
		blend(d, in, d, kc(0))
		mulps(d, d, vg{F})
		mulps(d, d, vg{A})
		VMOVUPS(at(sp, c), s[0])
		addps(s, s, d)
		VMOVUPS(s[0], at(sp, c))
	}
	ADDQ(U32(uint32(l.lanes)), i)
	JMP(LabelRef(loop))
	Label(done)
	VZEROUPPER()
	RET()
}

// writeSmoothDispatch writes the Go side of the smooth Worley kernels into
// the dispatch file: smoothKernel's run (writeSmoothKernels' kernels, at
// both levels) and runDeriv (writeSmoothDerivKernels' and
// writeSmoothDerivKernelsAVX2's, at both levels), a
// case for each kernel, so that the Go calls and the assembly come from one
// list. (cpu/smooth_amd64.go names the kernels: skSmooth2D, skSmooth3D and
// their tiling forms.)
func writeSmoothDispatch(b *strings.Builder) {
	kernels := []struct {
		sk, name string
	}{{"skSmooth2D", "2D"}, {"skSmooth3D", "3D"}, {"skSmooth2DTiling", "2DTiling"}, {"skSmooth3DTiling", "3DTiling"},
		{"skSmooth1D", "1D"}, {"skSmooth1DTiling", "1DTiling"}}
	cases := func(ind, part string) {
		for _, k := range kernels {
			fmt.Fprintf(b, "%scase %s:\n%s\tsmoothWorley%s%s(x, y, z, out, n, h, f, jit, jitC)\n", ind, k.sk, ind, k.name, part)
		}
	}
	b.WriteString(`
// run is one octave of smooth Worley kernel k over n prepared positions at
// the AVX-512 level (wide) or the AVX2 level: with lse each lane's exp sum
// a.v (the LSE kernel), else its polynomial minimum b.v (the Poly kernel),
// to out.
func (k smoothKernel) run(wide, lse bool, x, y, z, out *float32, n int, h uint32, f, jit, jitC float32) {
	switch {
`)
	for _, l := range []*isa{isaAVX512, isaAVX2} {
		for _, lse := range []bool{true, false} {
			part := map[bool]string{true: "LSE", false: "Poly"}[lse] + l.name
			fmt.Fprintf(b, "\tcase %swide && %slse:\n\t\tswitch k {\n", map[bool]string{true: "", false: "!"}[l == isaAVX512], map[bool]string{true: "", false: "!"}[lse])
			cases("\t\t", part)
			b.WriteString("\t\t}\n")
		}
	}
	b.WriteString(`	}
}

// runDeriv is the derivative twin of run (smoothWorley…Deriv{AVX512,AVX2}),
// at the AVX-512 level (wide) or the AVX2 level: each lane's accumulator,
// the exp sum a (lse) or the polynomial minimum b, its value and its
// derivatives along x, y (3D only: in 1D and 2D out[2·derivStride:] is not
// written) and z (not in 1D), derivStride floats apart from out.
func (k smoothKernel) runDeriv(wide, lse bool, x, y, z, out *float32, n int, h uint32, f, jit, jitC float32) {
	switch {
`)
	for _, l := range []*isa{isaAVX512, isaAVX2} {
		for _, lse := range []bool{true, false} {
			part := map[bool]string{true: "LSE", false: "Poly"}[lse] + "Deriv" + l.name
			fmt.Fprintf(b, "\tcase %swide && %slse:\n\t\tswitch k {\n", map[bool]string{true: "", false: "!"}[l == isaAVX512], map[bool]string{true: "", false: "!"}[lse])
			cases("\t\t", part)
			b.WriteString("\t\t}\n")
		}
	}
	b.WriteString("\t}\n}\n")
}

// The 1D smooth Worley kernels (cpu.voronoi1D with MetricSmoothWorley):
// smoothWorley1D[Tiling]{LSE,Poly}{level} (values, writeSmooth),
// smoothWorley1D[Tiling]{LSE,Poly}Deriv{level} (writeSmoothDeriv) and the
// finish kernels smoothFinish{LSE,Poly}1DDeriv{level} (writeSmoothFinish,
// with the 1D window v > 0 alone: cpu.finalizeSmooth with oneD), written
// after every other kernel (main.go) so that the others keep their
// registers. The walk is the scalar one: three cells u = −1, 0, 1, one
// point each, the offset x = (jitter1(Floats01A(h.Eat(x0 + u))) + u) − g0,
// the distance v = |x| (cpu.worleyDist1: no square root) with the
// derivative s.dx = x < 0 ? +1 : −1, then the same smooth-minimum updates
// as in 2D and 3D (cpu.voronoiMinima.updateSmooth, its y and z parts
// dropped: they never reach the x or value parts). The LSE kernels at
// AVX-512 compute the three candidates' exps interleaved, then add them
// (and their products e·s.dx) to the sums in the walk's order.

// writeSmooth1DKernels writes the 1D smooth Worley kernels at both levels.
func writeSmooth1DKernels() {
	for _, l := range []*isa{isaAVX2, isaAVX512} {
		for _, lse := range []bool{true, false} {
			for _, tiling := range []bool{false, true} {
				writeSmooth(1, tiling, lse, l)
				writeSmoothDeriv(1, tiling, lse, l)
			}
			writeSmoothFinish(1, lse, l)
		}
	}
}

// smooth1DOffset is the 1D walk's offset of cell u (its index's step ui,
// u's float bits uf): (jitter1(Floats01A) + u) − g0, the scalar
// operations in their order. The + 0 of the middle cell is left out: the
// jittered coordinate is (F·jit) + jitC with F, jit, jitC ≥ +0 (or F
// itself), never −0 nor NaN, and x + 0 is x for such x.
func (k *bk) smooth1DOffset(cs *vcells, ui int32, uf uint32) vg {
	v := wavalanche(eatC(k.h, cs.index(0, ui)), false)
	x := k.vjitter(wbyteUnit(v, 0, 8)) // Floats01A: byte 0 over 255
	if uf != 0 {
		addps(x, x, kc(uf))
	}
	subps(x, x, cs.gs[0])
	return x
}

// smoothDerivCand1 is smoothDerivCand for 1D candidates at offsets xs (in
// the walk's order; xs overwritten): v = |x|, s.dx = x < 0 ? +1 : −1
// (LT_OS: NaN gives −1, as Go's comparison), then per candidate
//
//	LSE:  e = exp32(−10·v); a.v += e; a.dx += e·s.dx   (the exps of all xs first)
//	Poly: t = b.v − v; h = 1 − |t|·4
//	      q = b.dx − s.dx; q = t < 0 ? q : −q; q = (q·0.5)·h
//	      h2 = (0.0625·h)·h
//	      v < b.v: b = s (value and dx)
//	      h > 0:   b.v −= h2; b.dx −= q
//
// (e·s.dx: s.dx is ±1, never NaN, so the product is the scalar e·s.Dx
// whatever the operand order.)
func smoothDerivCand1(lse bool, acc []vg, xs ...vg) {
	ds := make([]vg, len(xs))
	for i, x := range xs {
		ds[i] = newv()
		absps(ds[i], x)                // v
		neg := cmpps(1, x, kc(0))      // x < 0 (LT_OS)
		blend(x, neg, kc(f1), kc(fm1)) // s.dx
	}
	if lse {
		for _, d := range ds {
			mulps(d, d, kc(fm10))
		}
		smoothExp(ds...)
		for i, e := range ds {
			addps(acc[0], acc[0], e)
			mulps(xs[i], xs[i], e)
			addps(acc[1], acc[1], xs[i])
		}
		return
	}
	for i, d := range ds {
		b, bx, c := acc[0], acc[1], xs[i]
		lt, h := smoothPolyH(b, d)
		h2 := newv()
		mulps(h2, h, kc(f0625))
		mulps(h2, h2, h)
		sel := cmpps(1, d, b)       // v < b.v
		gt := cmpps(0x1E, h, kc(0)) // h > 0 (GT_OQ)
		q, nq := newv(), newv()
		subps(q, bx, c)
		xor(nq, q, kc(signMask))
		blend(q, lt, q, nq)
		mulps(q, q, kc(0x3F000000)) // ·0.5
		mulps(q, q, h)
		blend(bx, sel, c, bx)
		subps(q, bx, q)
		blend(bx, gt, q, bx)
		blend(b, sel, d, b)
		subps(h2, b, h2)
		blend(b, gt, h2, b)
	}
}

// smoothPolyH is the polynomial smooth minimum's test and weight of
// updateSmooth: lt = b.v − v < 0 (LT_OS) and h = 1 − |b.v − v|·4
// (invSmoothKP), for the minimum b and the candidate's distance d.
func smoothPolyH(b, d vg) (lt mask, h vg) {
	t := newv()
	subps(t, b, d)
	lt = cmpps(1, t, kc(0)) // b.v − v < 0 (LT_OS)
	h = newv()
	absps(h, t)
	mulps(h, h, kc(f4))
	subps(h, kc(f1), h) // h
	return lt, h
}
