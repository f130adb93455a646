package main

import (
	"fmt"
	"math"

	"github.com/mmcloughlin/avo/attr"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The smooth Worley accumulator kernels (cpu.voronoi2D/3D with
// MetricSmoothWorley, the walk and the smooth-minimum update,
// cpu.voronoiMinima.updateSmooth, of the values alone): one octave over n
// prepared positions, storing each lane's two accumulators after the
// walk, the exp sum a.v to sa and the polynomial minimum b.v to sb. The
// finalisation (log32 of a.v, the windows), the function and the octave
// sum stay in Go (cpu.smoothFinish), once per position and octave. The
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

// smoothExpPD is d = exp(d) for float64 lanes (d a YMM at AVX2, a ZMM at
// AVX-512; see above).
func smoothExpPD(d VecVirtual) {
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
	op(VMAXPD, VMAXPD_BCST, -104, d, d)
	t, nd, p := reg(), reg(), reg()
	op(VMULPD, VMULPD_BCST, 1/math.Ln2, d, t)
	op(VADDPD, VADDPD_BCST, magic, t, t)
	op(VSUBPD, VSUBPD_BCST, magic, t, nd)
	op(VMULPD, VMULPD_BCST, ln2Hi, nd, p)
	VSUBPD(p, d, d) // exact
	op(VMULPD, VMULPD_BCST, ln2Lo, nd, p)
	VSUBPD(p, d, d) // r
	// Horner: p = (…(c13·r + c12)·r + …)·r + c0, c_k = 1/k!
	coef := func(k int) float64 {
		c := 1.0
		for i := 2; i <= k; i++ {
			c /= float64(i)
		}
		return c
	}
	if w {
		VBROADCASTSD(pd(coef(13)), p)
		for k := 12; k >= 0; k-- {
			VFMADD213PD_BCST(pd(coef(k)), d, p) // p = d·p + c
		}
	} else {
		VMOVUPD(pd(coef(13)), p)
		for k := 12; k >= 0; k-- {
			VMULPD(d, p, p)
			VADDPD(pd(coef(k)), p, p)
		}
	}
	VPSLLQ(U8(52), t, t)
	if w {
		VPADDQ_BCST(bcastPD(1023<<52), t, t)
	} else {
		VPADDQ(bcastPD(1023<<52), t, t)
	}
	VMULPD(t, p, d)
}

// fdlibm's split of ln 2: ln2Hi has 32 significant bits (n·ln2Hi is exact
// for |n| < 2^21), ln2Lo is the rest.
const (
	ln2Hi = 6.93147180369123816490e-01
	ln2Lo = 1.90821492927058770002e-10
)

// smoothExp is x = exp32(x) for every group's float32 lanes (in place):
// each half widened to float64, smoothExpPD, and rounded back.
func smoothExp(x vg) {
	for g := range x {
		if wide() {
			lo, hi, th := ZMM(), ZMM(), YMM()
			VEXTRACTF64X4(U8(1), x[g], th)
			VCVTPS2PD(x[g].AsY(), lo)
			VCVTPS2PD(th, hi)
			smoothExpPD(lo)
			smoothExpPD(hi)
			VCVTPD2PS(lo, x[g].AsY())
			VCVTPD2PS(hi, th)
			VINSERTF64X4(U8(1), th, x[g], x[g])
		} else {
			lo, hi, th := YMM(), YMM(), XMM()
			VEXTRACTF128(U8(1), x[g], th)
			VCVTPS2PD(x[g].AsX(), lo)
			VCVTPS2PD(th, hi)
			smoothExpPD(lo)
			smoothExpPD(hi)
			VCVTPD2PSY(lo, x[g].AsX())
			VCVTPD2PSY(hi, th)
			VINSERTF128(U8(1), th, x[g], x[g])
		}
	}
}

// f0625 and fm10 are the bits of 0.0625 and −10 (f4 is 4's).
const (
	f0625 = 0x3D800000
	fm10  = 0xC1200000
)

// smoothAdd is the smooth-minimum update of the accumulators a and b by a
// candidate whose squared distance is d (see above).
func smoothAdd(a, b, d vg) {
	sqrtps(d, d) // v
	e := newv()
	mulps(e, d, kc(fm10))
	smoothExp(e)
	addps(a, a, e)
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

// writeSmooth writes smoothWorley{dims}D[Tiling]Acc{level}.
func writeSmooth(dims int, tiling bool, l *isa) {
	cur, groups = l, 1
	t := ""
	if tiling {
		t = "Tiling"
	}
	name := fmt.Sprintf("smoothWorley%dD%sAcc%s", dims, t, l.name)
	TEXT(name, attr.Attribute(0), "func(x, y, z, sa, sb *float32, n int, h uint32, f float32, jit, jitC float32)")
	Pragma("noescape")
	Doc(name + fmt.Sprintf(" is one octave of %ssmooth Worley %dD noise's walk over a batch: each lane's exp sum a.v to sa, its polynomial minimum b.v to sb (cpu.voronoi%dD before finalize; %d lanes).", map[bool]string{false: "", true: "tiling "}[tiling], dims, dims, l.lanes))
	k := &bk{name: name, fr: newWFrame(40)}
	k.h = k.fr.put(broadcastParam32("h"))
	F := broadcastParam32("f")
	fi := newReg()
	VCVTTPS2DQ(F, fi)
	k.fi = k.fr.put(fi)
	k.F = k.fr.put(F)
	k.jitOn = true
	k.jit, k.jitC = k.fr.put(broadcastParam32("jit")), k.fr.put(broadcastParam32("jitC"))
	var ptr [3]GPVirtual
	axes := [][]int{2: {0, 2}, 3: {0, 1, 2}}[dims]
	for _, a := range axes {
		ptr[a] = Load(Param([]string{"x", "y", "z"}[a]), GP64()).(GPVirtual)
	}
	sa := Load(Param("sa"), GP64()).(GPVirtual)
	sb := Load(Param("sb"), GP64()).(GPVirtual)
	n := Load(Param("n"), GP64())
	i := GP64()
	XORQ(i, i)
	loop, done := name+"_loop", name+"_done"
	Label(loop)
	CMPQ(i, n)
	JAE(LabelRef(done))
	at := func(base GPVirtual) Mem { return Mem{Base: base, Index: i, Scale: 4} }
	for _, a := range axes {
		v := newv()
		VMOVUPS(at(ptr[a]), v[0])
		k.pos[a] = v
	}
	cs := k.newVCells(dims, tiling)
	spill := tight()
	A, B := newv(), mov(kc(f2))
	zeroReg(A[0])
	switch dims {
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
					smoothAdd(A, B, wdistance(false, x, z))
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
					for pt := 0; pt < 2; pt++ {
						x := k.vbits5(v, 15*pt)
						y := k.vbits5(v, 15*pt+5)
						z := k.vbits5(v, 15*pt+10)
						addps(x, x, ox)
						addps(y, y, oys[j])
						addps(z, z, ozs[i])
						smoothAdd(A, B, wdistance(false, x, y, z))
					}
				}
				k.fr.release(hy)
			}
			k.fr.release(hx, ox)
		}
	}
	VMOVUPS(A[0], at(sa))
	VMOVUPS(B[0], at(sb))
	ADDQ(U32(uint32(l.lanes)), i)
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
		for _, tiling := range []bool{false, true} {
			for dims := 2; dims <= 3; dims++ {
				writeSmooth(dims, tiling, l)
			}
		}
	}
}
