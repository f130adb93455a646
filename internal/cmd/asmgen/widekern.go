package main

import (
	"fmt"
	"go/format"
	"math"
	"os"
	"strings"

	"github.com/mmcloughlin/avo/attr"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The batch value kernels: one octave of a variant over n prepared
// positions (x, y and z arrays, n a multiple of lanes × groups), the whole
// of cpu.valueOctaves' loop body but the domain transform and the NaN
// test: the noise, its combine step (lattice and simplex noise) or its
// Voronoi function, the fractal mode's shape, and the octave sum
//
//	s = (first ? +0 : out[i]) + v·amp;  out[i] = last ? s / ampSum : s
//
// (docs/algorithms.md §6.2), so one call per octave evaluates a batch, and
// a lean sampler's one call (first, and amp and ampSum 1) gives 0 + v, as
// valueAt does. mode holds the combine step or Voronoi function (bits 0–1:
// the noise.Combiner or noise.Function code), the fractal mode (bits 2–3:
// fBm, ridged, billow, ping-pong, with strength pp), first (bit 4), last
// (bit 5; the caller leaves it out when ampSum is 1: s / 1 is s) and unit
// (bit 6: amp is 1, and v·1 is v).

const (
	modeFirst = 16
	modeLast  = 32
	modeUnit  = 64 // amp is 1: v·amp is v, no multiply
	// modeStore (derivative kernels, with last): the sums go to dst as
	// []noise.Sample holds them (dw +0), not to out
	modeStore = 128
)

// bk is the state of the batch kernel being written.
type bk struct {
	name string
	fr   *wframe
	pos  [4]vg // the loaded x, y, z and w of the iteration's lanes (nil: not read)
	h    cst   // the octave hash
	fi   cst   // the frequency as an integer (tiling kernels: a whole number)
	F    cst   // the frequency, a float
	mode GPVirtual
	lbl  int
	// the Voronoi jitter and its offset (jitter kernels: widevoro.go)
	jitOn     bool
	jit, jitC cst
	tab       GPVirtual // the table argument (batchSpec.table)
}

// label returns a fresh label name.
func (k *bk) label(what string) string {
	k.lbl++
	return fmt.Sprintf("%s_%s%d", k.name, what, k.lbl)
}

// broadcastParam32 loads a 32-bit argument into every lane of a register.
func broadcastParam32(name string) VecVirtual {
	var r VecVirtual = YMM()
	if wide() {
		r = ZMM()
	}
	VBROADCASTSS(addr(Param(name)), r) // the bits as they are
	return r
}

// tight reports whether the kernel being written is short of registers
// (AVX2's 16, or two groups at AVX-512): then values needed later live in
// the frame, read by memory operands.
func tight() bool { return !wide() || groups > 1 }

// batchSpec describes one batch kernel.
type batchSpec struct {
	name    string // without the level suffix
	dims    int
	doc     string
	voronoi bool // body returns the Voronoi function's value: no combine step
	slots   int  // frame slots the body needs (per group)
	groups  [2]int
	body    func(k *bk) vg
	// the derivative kernel: its doc, frame slots, interleave and body
	// (the sample after the combine step or the Voronoi function, and the
	// frequency scale of the derivatives)
	ddoc    string
	dslots  int
	dgroups [2]int
	dbody   func(k *bk) ds
	jitter  bool // the kernel reads the Voronoi jitter (jit, jitC): widevoro.go
	// table: the kernels take a table argument, tab (wideperm.go)
	table bool
}

// writeBatch writes spec at level l: its value kernel, or with deriv its
// derivative kernel (widederiv.go).
func writeBatch(sp batchSpec, l *isa, deriv bool) {
	cur = l
	groups = sp.groups[0]
	if wide() {
		groups = sp.groups[1]
	}
	if deriv {
		groups = sp.dgroups[0]
		if wide() {
			groups = sp.dgroups[1]
		}
	}
	name := sp.kernelName(deriv) + l.name
	if g, ok := groupOverride[name]; ok {
		groups = g
	}
	sym := name // the symbol: name, or its AoS twin's (widevalue.go)
	if aosBatch {
		sym = aosName(sp, l, deriv)
		defer keepNumbering(sym)() // the twins of numberedBefore's too
	} else {
		defer keepNumbering(name)() // numbering.go
	}
	storeSparse2D = false // widevaluederiv.go sets it for its kernel
	sig := "func(x, y, z, out *float32, n int, h uint32, f float32, amp, ampSum, pp float32, mode int32, jit, jitC float32)"
	if deriv {
		sig = "func(x, y, z, out *float32, n int, h uint32, f float32, amp, ampSum, pp float32, mode int32, jit, jitC float32, dst *float32)"
	}
	if sp.dims == 4 { // wide4d.go, wide4dderiv.go
		sig = "func(x, y, z, w, out *float32, n int, h uint32, f float32, amp, ampSum, pp float32, mode int32)"
		if deriv {
			sig = strings.TrimSuffix(sig, ")") + ", dst *float32)"
		}
	}
	if sp.table {
		sig = strings.TrimSuffix(sig, ")") + ", tab *uint8)"
	}
	if aosBatch {
		sig = aosSignature(deriv)
	}
	TEXT(sym, attr.Attribute(0), sig)
	Pragma("noescape")
	slots := sp.slots
	if aosBatch {
		Doc(aosDoc(sym, name))
		if deriv {
			slots = sp.dslots
		}
	} else if deriv {
		Doc(name + " is " + sp.ddoc + fmt.Sprintf(" (%d lanes, %d interleaved).", l.lanes, groups))
		slots = sp.dslots
	} else {
		Doc(name + " is " + sp.doc + fmt.Sprintf(" (%d lanes, %d interleaved).", l.lanes, groups))
	}
	k := &bk{name: aosKernelName(sym, name), fr: newWFrame(slots*groups + 10)}
	k.h = k.fr.put(broadcastParam32("h"))
	// the octave frequency, a float32; its integer (the period of a tiling
	// kernel, whose frequencies are whole numbers up to 2^24) truncated
	F := broadcastParam32("f")
	var fi VecVirtual = YMM()
	if wide() {
		fi = ZMM()
	}
	VCVTTPS2DQ(F, fi)
	k.fi = k.fr.put(fi)
	k.F = k.fr.put(F)
	amp := k.fr.put(broadcastParam32("amp"))
	ampSum := k.fr.put(broadcastParam32("ampSum"))
	pp := k.fr.put(broadcastParam32("pp"))
	if sp.jitter {
		k.jitOn = true
		k.jit, k.jitC = k.fr.put(broadcastParam32("jit")), k.fr.put(broadcastParam32("jitC"))
	}
	var ptr [4]GPVirtual
	axes := [][]int{1: {0}, 2: {0, 2}, 3: {0, 1, 2}, 4: {0, 1, 2, 3}}[sp.dims]
	var aos *aosState
	if aosBatch {
		aos = aosStart(sp.dims)
	} else {
		for _, a := range axes {
			ptr[a] = Load(Param([]string{"x", "y", "z", "w"}[a]), GP64()).(GPVirtual)
		}
	}
	out := Load(Param("out"), GP64()).(GPVirtual)
	n := Load(Param("n"), GP64())
	k.mode = Load(Param("mode"), GP32()).(GPVirtual)
	var dst GPVirtual
	if deriv {
		dst = Load(Param("dst"), GP64()).(GPVirtual)
	}
	if sp.table {
		k.tab = Load(Param("tab"), GP64()).(GPVirtual)
	}
	pinLoad(name)
	defer pinReset()
	hoistLoad(k)  // widesimplex2.go
	hoistValue(k) // widevalue.go
	hoistSimplex3(k, deriv)
	i := GP64()
	XORQ(i, i)
	loop, done := sym+"_loop", sym+"_done"
	Label(loop)
	CMPQ(i, n)
	JAE(LabelRef(done))
	at := func(base GPVirtual, g int) Mem { return Mem{Base: base, Index: i, Scale: 4, Disp: g * l.size} }
	for _, a := range axes {
		if aos != nil {
			aos.load(k, i)
			break
		}
		v := newv()
		for g := range v {
			VMOVUPS(at(ptr[a], g), v[g])
		}
		k.pos[a] = v
	}
	if deriv {
		s := regS(sp.dbody(k))
		k.shapeD(s, pp)
		// the octave sum of every component; component c's array is
		// derivStride floats after component c − 1's
		k.octaveSumD(s, func(c, g int) Mem {
			m := at(out, g)
			m.Disp += 4 * derivStride * c
			return m
		}, amp, ampSum, dst)
	} else {
		v := sp.body(k)
		if !sp.voronoi {
			k.combine(v)
		}
		k.shape(v, pp)
		k.octaveSum(v, func(g int) Mem { return at(out, g) }, amp, ampSum)
	}
	ADDQ(U32(uint32(l.lanes*groups)), i)
	if deriv {
		ADDQ(U32(uint32(20*l.lanes*groups)), dst) // noise.Sample: 20 bytes
	}
	JMP(LabelRef(loop))
	Label(done)
	if aos != nil {
		aos.end()
	}
	VZEROUPPER()
	RET()
}

// kernelName is the name of spec's value or derivative kernel, without
// the level suffix.
func (sp batchSpec) kernelName(deriv bool) string {
	if deriv {
		return strings.TrimSuffix(sp.name, "Batch") + "DerivBatch"
	}
	return sp.name
}

// octaveSum is s = (first ? +0 : out) + v·amp, divided by ampSum when
// last, stored to out (at(g) is group g's vector of it).
func (k *bk) octaveSum(v vg, at func(g int) Mem, amp, ampSum cst) {
	if valueNoNegZero(k) { // widevalue.go: the first octave of unit amplitude stores v itself
		k.octaveSumV(v, at, ampSum)
	}
	s := newv()
	first, sum := k.label("first"), k.label("sum")
	TESTL(U32(modeFirst), k.mode)
	JNZ(LabelRef(first))
	for g := range s {
		VMOVUPS(at(g), s[g])
	}
	JMP(LabelRef(sum))
	Label(first)
	for g := range s {
		zeroReg(s[g])
	}
	Label(sum)
	unit := k.label("unit")
	TESTL(U32(modeUnit), k.mode)
	JNZ(LabelRef(unit))
	mulps(v, v, amp)
	Label(unit)
	addps(s, s, v)
	last := k.label("store")
	TESTL(U32(modeLast), k.mode)
	JZ(LabelRef(last))
	divps(s, s, ampSum)
	Label(last)
	for g := range s {
		VMOVUPS(s[g], at(g))
	}
	if valueNoNegZero(k) {
		Label(k.name + "_stored")
	}
}

// zeroReg sets r to +0. (At AVX-512 by a load: avo takes VPXORD r, r, r
// for a read of r, which would keep r live through the loop.)
func zeroReg(r VecVirtual) {
	if wide() {
		VBROADCASTSS(kc(0).m, r)
	} else {
		VPXOR(r, r, r)
	}
}

// combine is combineValue: the value clamped to [−1, 1] (clampValue; a
// NaN lane's result is replaced after the kernel, so MAXPS's choice of
// operand for NaN does not matter), then by mode bits 0–1 v = |v| for
// turbulence, and v·(v·(3 − 2v)) for smooth turbulence.
func (k *bk) combine(v vg) {
	maxps(v, v, kc(fm1))
	minps(v, v, kc(f1))
	end := k.label("combined")
	TESTL(U32(3), k.mode)
	JZ(LabelRef(end))
	absps(v, v)
	TESTL(U32(2), k.mode)
	JZ(LabelRef(end))
	t := newv()
	mulps(t, v, kc(f2))
	subps(t, kc(f3), t)
	mulps(t, v, t)
	mulps(v, v, t)
	Label(end)
}

// shape is shapeValue (mode bits 2–3): ridged 2(1 − |v|)² − 1, billow
// 2|v| − 1, ping-pong with strength pp (cpu.pingPongFold).
func (k *bk) shape(v vg, pp cst) {
	end, ridged, billow := k.label("shaped"), k.label("ridged"), k.label("billow")
	m := GP32()
	MOVL(k.mode, m)
	ANDL(U32(12), m)
	JZ(LabelRef(end))
	CMPL(m, U32(4))
	JE(LabelRef(ridged))
	CMPL(m, U32(8))
	JE(LabelRef(billow))
	// ping-pong: u = (v + 1)·s, m = u − 2·floor(u·0.5), folded where
	// !(m < 1): 2 − m; t = 2m − 1
	u, fl := newv(), newv()
	addps(u, v, kc(f1))
	mulps(u, u, pp)
	mulps(fl, u, kc(f0p5))
	floorps(fl, fl)
	mulps(fl, fl, kc(f2))
	subps(u, u, fl)
	lt := cmpps(1, u, kc(f1))
	subps(fl, kc(f2), u)
	blend(u, lt, u, fl)
	mulps(u, u, kc(f2))
	subps(v, u, kc(f1))
	JMP(LabelRef(end))
	Label(ridged)
	r := newv()
	absps(r, v)
	subps(r, kc(f1), r)
	mulps(r, r, r)
	mulps(r, r, kc(f2))
	subps(v, r, kc(f1))
	JMP(LabelRef(end))
	Label(billow)
	absps(v, v)
	mulps(v, v, kc(f2))
	subps(v, v, kc(f1))
	Label(end)
}

// The noise, group by group.

// clampc is clampCoord in place.
func clampc(c vg) {
	maxps(c, c, kc(coordLimit|signMask))
	minps(c, c, kc(coordLimit))
}

// wspan is spanValue without the interpolator: c = clampCoord(p·F),
// the lower corner p0 = floor(c) and the offset g0 = c − p0.
func wspan(p opnd, F cst) (p0, g0 vg) {
	c, fl := newv(), newv()
	mulps(c, p, F)
	clampc(c)
	floorps(fl, c)
	p0 = newv()
	cvttps2dq(p0, fl)
	subps(c, c, fl)
	return p0, c
}

// wsmoothT is ((u·u)·u)·((u·((u·6) − 15)) + 10).
func wsmoothT(u opnd) vg {
	a, b := newv(), newv()
	mulps(a, u, u)
	mulps(a, a, u)
	mulps(b, u, kc(f6))
	subps(b, b, kc(f15))
	mulps(b, b, u)
	addps(b, b, kc(f10))
	mulps(a, a, b)
	return a
}

// timesC is d·primeC, an eat's first product.
func timesC(d opnd) vg {
	r := newv()
	mulld(r, src1(d), kc(primeC))
	return r
}

// src1 makes sure a can be the register operand of an instruction.
func src1(a opnd) opnd {
	if _, ok := a.(vg); ok {
		return a
	}
	return mov(a)
}

// eatC is SmallXXHash.Eat of a value whose product with primeC is dC:
// rotl(h + dC, 17)·primeD.
func eatC(h, dC opnd) vg {
	a := newv()
	addd(a, src1(dC), h)
	rotl(a, a, 17)
	mulld(a, a, kc(primeD))
	return a
}

// wavalanche is SmallXXHash.Avalanche, in place.
func wavalanche(v vg, _ bool) vg {
	wavalanchePre(v)
	t := newv()
	srld(t, v, 16)
	xor(v, v, t)
	return v
}

// wavalanchePre is SmallXXHash.Avalanche before its last xor-shift
// (v ^= v >> 16), in place: byte 3 (bits 24–31) is already the result's,
// and byteA takes byte 0 from it.
func wavalanchePre(v vg) vg {
	t := newv()
	srld(t, v, 15)
	xor(v, v, t)
	mulld(v, v, kc(primeB))
	srld(t, v, 13)
	xor(v, v, t)
	mulld(v, v, kc(primeC))
	return v
}

// byteA is byte 0 of the avalanche, from pre (wavalanchePre):
// (pre ^ (pre >> 16)) & 0xFF, one three-input logic instruction at AVX-512.
func byteA(pre vg) vg {
	t := newv()
	srld(t, pre, 16)
	if !wide() {
		xor(t, t, pre)
		and(t, t, kc(0xFF))
		return t
	}
	for g := range t {
		// imm 0x28: (a ^ b) & c with a = t (the destination), b = pre,
		// c = 0xFF
		if c := kc(0xFF); c.r != nil {
			VPTERNLOGD(U8(0x28), c.r, pre[g], t[g])
		} else {
			VPTERNLOGD_BCST(U8(0x28), c.m, pre[g], t[g])
		}
	}
	return t
}

// wbyteGradientA is valueGradient of byte 0 of the avalanche, from pre.
func wbyteGradientA(pre vg) vg {
	b := byteA(pre)
	cvtdq2ps(b, b)
	mulps(b, b, kc(inv255x2))
	subps(b, b, kc(f1))
	return b
}

// inv255x2 is 2·(1/255f): (A·inv255)·2 is A·inv255x2, bit for bit (a
// multiplication by 2 is exact).
const inv255x2 = inv255 + 0x00800000

// wbyteGradient is valueGradient of the byte at shift (0 or 24):
// (float(byte)·inv255)·2 − 1.
func wbyteGradient(v vg, shift int) vg {
	b := newv()
	if shift == 24 {
		srld(b, v, 24)
	} else {
		and(b, v, kc(0xFF))
	}
	cvtdq2ps(b, b)
	mulps(b, b, kc(inv255x2))
	subps(b, b, kc(f1))
	return b
}

// wsquareVectors is cpu.squareVectors: gx = A·2/255 − 1, gy = 0.5 − |gx|,
// gx −= floor(gx + 0.5).
func wsquareVectors(v vg) (gx, gy vg) {
	gx, gy = wbyteGradient(v, 0), newv()
	t := newv()
	absps(gy, gx)
	subps(gy, kc(f0p5), gy)
	addps(t, gx, kc(f0p5))
	floorps(t, t)
	subps(gx, gx, t)
	return gx, gy
}

// woctahedronVectors is cpu.octahedronVectors of the hash v (its
// avalanche not yet taken): gx = A·2/255 − 1, gy = D·2/255 − 1,
// gz = (1 − |gx|) − |gy|, the lower half folded outward:
// g += (g < 0) ? off : −off with off = max(−gz, 0). Byte D is read before
// the avalanche's last xor-shift, which does not change it.
func woctahedronVectors(h vg) (gx, gy, gz vg) {
	pre := wavalanchePre(h)
	gy = wbyteGradient(pre, 24)
	gx, gz = wbyteGradientA(pre), newv()
	t, off := newv(), newv()
	absps(t, gx)
	subps(gz, kc(f1), t)
	absps(t, gy)
	subps(gz, gz, t)
	// off = max(−gz, +0): +0 where −gz ≤ 0, −0 included (MAXPS returns its
	// second operand on equality)
	xor(off, gz, kc(signMask))
	for g := range off {
		zeroReg(t[g])
	}
	maxps(off, off, t)
	// g += off with the sign bit of ¬g
	for _, c := range []vg{gx, gy} {
		andn(t, c, kc(signMask))
		or(t, t, off)
		addps(c, c, t)
	}
	return gx, gy, gz
}

// wdot3 is ((gx·x) + (gy·y)) + (gz·z), into gx.
func wdot3(gx, gy, gz vg, x, y, z opnd) vg {
	mulps(gx, gx, x)
	mulps(gy, gy, y)
	addps(gx, gx, gy)
	mulps(gz, gz, z)
	addps(gx, gx, gz)
	return gx
}

// wlerp is a + t·(b − a), into a.
func wlerp(a vg, b, t opnd) vg {
	d := newv()
	subps(d, src1(b), a)
	mulps(d, d, t)
	addps(a, a, d)
	return a
}

// wminus1 is g − 1 in a new register.
func wminus1(g opnd) vg {
	r := newv()
	subps(r, src1(g), kc(f1))
	return r
}

// wupper is the upper corner p0 + 1 of a lattice span; when tiling it
// first wraps p0 in place (cpu.wrapTiling): p0 = p0 mod f (floor-mod),
// then p1 = p0 + 1, or 0 where that is f.
func wupper(p0 vg, fi cst, tiling bool) vg {
	if tiling {
		wfloorMod(p0, fi)
	}
	p1 := newv()
	subd(p1, p0, kc(^uint32(0)))
	if tiling {
		zeroWhere(p1, cmpeqd(p1, fi), p1)
	}
	return p1
}

// wfloorMod is p mod f in place, the floor-mod of cpu.wrapTiling, in double
// precision: for |p| < 2^53 the correctly rounded double quotient p/f lies
// within |p|·2^−53 < 1/|f| of the true one, which is at least 1/|f| from
// the next integer unless it is one, so its floor is exact.
func wfloorMod(p vg, fi cst) {
	for g := range p {
		if wide() {
			fd, lo, hi := ZMM(), ZMM(), ZMM()
			hy := YMM()
			VCVTDQ2PD(fi.m.Offset(0), fd) // the low eight lanes suffice: f is the same in all
			VCVTDQ2PD(p[g].AsY(), lo)
			VEXTRACTI64X4(U8(1), p[g], hy)
			VCVTDQ2PD(hy, hi)
			VDIVPD(fd, lo, lo)
			VDIVPD(fd, hi, hi)
			VRNDSCALEPD(U8(1), lo, lo)
			VRNDSCALEPD(U8(1), hi, hi)
			q := ZMM()
			VMOVUPS(p[g], q) // a whole definition of q for avo's liveness (it takes the write of q's lower half for a partial one)
			VCVTTPD2DQ(lo, q.AsY())
			VCVTTPD2DQ(hi, hy)
			VINSERTI64X4(U8(1), hy, q, q)
			VPMULLD(fi.m, q, q)
			VPSUBD(q, p[g], p[g])
			continue
		}
		fd, lo, hi := YMM(), YMM(), YMM()
		hx := XMM()
		VCVTDQ2PD(fi.m.Offset(0), fd)
		VCVTDQ2PD(p[g].AsX(), lo)
		VEXTRACTI128(U8(1), p[g], hx)
		VCVTDQ2PD(hx, hi)
		VDIVPD(fd, lo, lo)
		VDIVPD(fd, hi, hi)
		VROUNDPD(U8(1), lo, lo)
		VROUNDPD(U8(1), hi, hi)
		q := YMM()
		VMOVUPS(p[g], q) // as above
		VCVTTPD2DQY(lo, q.AsX())
		VCVTTPD2DQY(hi, hx)
		VINSERTI128(U8(1), hx, q, q)
		VPMULLD(fi.m, q, q)
		VPSUBD(q, p[g], p[g])
	}
}

// The lattice kernels (cpu.latticeValue1D…3D before combineValue).

// latticeAxis is one axis of a lattice cell: the corners' products with
// primeC (wrapped first when tiling), the offsets g0 and g0 − 1 (Perlin)
// and the interpolator.
type latticeAxis struct {
	c0, c1 opnd // p0·primeC, p1·primeC
	g0, g1 opnd // offsets from the lower and upper corners (g1: Perlin only)
	t      opnd
	dt     opnd // the derivative of t (derivative kernels)
}

func (k *bk) latticeAxis(p opnd, perlin, tiling, spill bool) latticeAxis {
	return k.latticeAxisD(p, perlin, tiling, spill, false)
}

// latticeAxisD is latticeAxis, with deriv also the interpolator's
// derivative dt (and without g0 for value noise: its corners do not read
// the offsets).
func (k *bk) latticeAxisD(p opnd, perlin, tiling, spill, deriv bool) latticeAxis {
	p0, g0 := wspan(p, k.F)
	t := wsmoothT(g0)
	var a latticeAxis
	if tiling {
		p1 := wupper(p0, k.fi, true)
		a.c0, a.c1 = timesC(p0), timesC(p1)
	} else {
		c0 := timesC(p0)
		c1 := newv()
		addd(c1, c0, kc(primeC)) // (p0 + 1)·C = p0·C + C
		a.c0, a.c1 = c0, c1
	}
	a.g0, a.t = g0, t
	if deriv {
		a.dt = wsmoothDt(g0)
	}
	if perlin {
		a.g1 = wminus1(g0)
	}
	if spill {
		a.c0, a.c1, a.g0, a.t = k.fr.keep(a.c0.(vg), true), k.fr.keep(a.c1.(vg), true), k.fr.keep(g0, true), k.fr.keep(t, true)
		if perlin {
			a.g1 = k.fr.keep(a.g1.(vg), true)
		}
		if deriv {
			a.dt = k.fr.keep(a.dt.(vg), true)
		}
	}
	if deriv && !perlin {
		a.g0 = nil
	}
	return a
}

// latticeBody is lattice noise of dims dimensions.
func latticeBody(dims int, perlin, tiling bool) func(k *bk) vg {
	return func(k *bk) vg {
		// In 3D, when registers are short, the y and z axes live in the
		// frame.
		spill := dims == 3 && tight()
		var ax [3]latticeAxis
		order := [][]int{1: {0}, 2: {2, 0}, 3: {1, 2, 0}}[dims]
		for _, a := range order {
			ax[a] = k.latticeAxis(k.pos[a], perlin, tiling, spill && a != 0)
		}
		corner := func(v vg, ox, oy, oz opnd) vg {
			if !perlin {
				return wbyteGradientA(wavalanchePre(v))
			}
			switch dims {
			case 1:
				return wlineValue(wavalanche(v, false), ox)
			case 2:
				gx, gy := wsquareVectors(wavalanche(v, false))
				mulps(gx, gx, ox)
				mulps(gy, gy, oz)
				addps(gx, gx, gy)
				mulps(gx, gx, kc(perlin2))
				return gx
			}
			gx, gy, gz := woctahedronVectors(v)
			d := wdot3(gx, gy, gz, ox, oy, oz)
			mulps(d, d, kc(perlin3))
			return d
		}
		x, y, z := ax[0], ax[1], ax[2]
		switch dims {
		case 1:
			a := corner(eatC(k.h, x.c0), x.g0, nil, nil)
			b := corner(eatC(k.h, x.c1), x.g1, nil, nil)
			return wlerp(a, b, x.t)
		case 2:
			h0, h1 := eatC(k.h, x.c0), eatC(k.h, x.c1)
			a := corner(eatC(h0, z.c0), x.g0, nil, z.g0)
			b := corner(eatC(h0, z.c1), x.g0, nil, z.g1)
			ab := wlerp(a, b, z.t)
			c := corner(eatC(h1, z.c0), x.g1, nil, z.g0)
			d := corner(eatC(h1, z.c1), x.g1, nil, z.g1)
			cd := wlerp(c, d, z.t)
			return wlerp(ab, cd, x.t)
		}
		half := func(hx vg, ox opnd) vg {
			h0 := eatC(hx, y.c0)
			ab := wlerp(corner(eatC(h0, z.c0), ox, y.g0, z.g0), corner(eatC(h0, z.c1), ox, y.g0, z.g1), z.t)
			h1 := eatC(hx, y.c1)
			cd := wlerp(corner(eatC(h1, z.c0), ox, y.g1, z.g0), corner(eatC(h1, z.c1), ox, y.g1, z.g1), z.t)
			return wlerp(ab, cd, y.t)
		}
		x0v := half(eatC(k.h, x.c0), x.g0)
		x1v := half(eatC(k.h, x.c1), x.g1)
		return wlerp(x0v, x1v, x.t)
	}
}

// wlineValue is the value of cpu.lineGradient: wlineGrad times x.
func wlineValue(v vg, x opnd) vg {
	l := wlineGrad(v)
	mulps(l, l, x)
	return l
}

// wlineGrad is the slope l of cpu.lineGradient (its derivative): 1 +
// A·inv255, negated where bit 8 of v is set.
func wlineGrad(v vg) vg {
	l, sg := newv(), newv()
	and(l, v, kc(0xFF))
	cvtdq2ps(l, l)
	mulps(l, l, kc(inv255))
	addps(l, l, kc(f1))
	slld(sg, v, 23) // bit 8 to the sign bit
	and(sg, sg, kc(signMask))
	xor(l, l, sg)
	return l
}

// The simplex kernels (cpu.simplexValue1D…3D before combineValue).

// wkernelFalloff is the simplex kernel: (((f·g)·f)·f)·maskNonNegative(f, 8)
// (f in registers or the frame).
func wkernelFalloff(f opnd, g vg) vg {
	kn, m := newv(), newv()
	mulps(kn, f, g)
	mulps(kn, kn, f)
	mulps(kn, kn, f)
	srad(m, f, 31)     // all ones where the sign bit is set
	andn(m, m, kc(f8)) // 8 where it is clear, else +0
	mulps(kn, kn, m)
	return kn
}

// wcircleR is the circle gradient's scale r = 1 / sqrt(gx² + gy²).
func wcircleR(gx, gy vg) vg {
	r, q := newv(), newv()
	mulps(r, gx, gx)
	mulps(q, gy, gy)
	addps(r, r, q)
	sqrtps(r, r)
	divps(r, kc(f1), r)
	return r
}

// wsimplexOffsets is the common part of a simplex corner: with
// u = (Σ float(l_i))·unskew, the offsets x_i = (P_i − float(l_i)) + u and
// fo = ((0.5 − x_0²) − x_1²) − … .
func wsimplexOffsets(P []opnd, fl []opnd, unskew uint32) (x []vg, fo vg) {
	u := newv()
	addps(u, src1(fl[0]), fl[1])
	for _, f := range fl[2:] {
		addps(u, u, f)
	}
	mulps(u, u, kc(unskew))
	fo = mov(kc(f0p5))
	t := newv()
	for i := range P {
		xi := newv()
		subps(xi, src1(P[i]), fl[i])
		addps(xi, xi, u)
		mulps(t, xi, xi)
		subps(fo, fo, t)
		x = append(x, xi)
	}
	return x, fo
}

// wcircleDot is the simplex 2D corner gradient (circleGradient's value):
// squareVectors, r = 1 / sqrt(gx² + gy²), ((gx·x + gy·z)·r)·simplex2.
// VSQRTPS and VDIVPS are correctly rounded, as sqrt32 and / are.
func wcircleDot(v vg, x, z opnd) vg {
	gx, gy := wsquareVectors(v)
	r := wcircleR(gx, gy)
	mulps(gx, gx, x)
	mulps(gy, gy, z)
	addps(gx, gx, gy)
	mulps(gx, gx, r)
	mulps(gx, gx, kc(simplex2))
	return gx
}

// wsphereScale is the sphere gradient's 1 / sqrt((gx² + gy²) + gz²) (gz
// in registers or, as the AVX2 simplex 3D value kernel keeps it, spilled).
func wsphereScale(gx, gy vg, gz opnd) vg {
	r, q := newv(), newv()
	mulps(r, gx, gx)
	mulps(q, gy, gy)
	addps(r, r, q)
	mulps(q, gz, gz)
	addps(r, r, q)
	sqrtps(r, r)
	divps(r, kc(f1), r)
	return r
}

// simplexBody is simplex noise of dims dimensions.
func simplexBody(dims int, simplexGrad bool) func(k *bk) vg {
	return func(k *bk) vg {
		switch dims {
		case 1:
			return k.simplex1(simplexGrad)
		case 2:
			return k.simplex2Corners(simplexGrad) // widesimplex2.go
		}
		if simplex3Wide2() { // widesimplex.go
			return k.simplex3Corners(simplexGrad)
		}
		if simplex3AVX2() { // widesimplex3avx2.go
			return k.simplex3CornersAVX2(simplexGrad)
		}
		return k.simplex3(simplexGrad)
	}
}

func (k *bk) simplex1(simplexGrad bool) vg {
	X := newv()
	mulps(X, k.pos[0], k.F)
	clampc(X)
	fl0 := newv()
	floorps(fl0, X)
	x0 := newv()
	cvttps2dq(x0, fl0)
	c0 := timesC(x0)
	c1 := newv()
	addd(c1, c0, kc(primeC))
	fl1 := newv()
	addps(fl1, fl0, kc(f1)) // float32(x0 + 1): both round the integer x0 + 1
	var sum vg
	for i, c := range []vg{c0, c1} {
		x, fo := newv(), newv()
		subps(x, X, []vg{fl0, fl1}[i])
		mulps(fo, x, x)
		subps(fo, kc(f1), fo)
		v := eatC(k.h, c)
		var g vg
		if simplexGrad {
			g = wlineValue(wavalanche(v, false), x)
			mulps(g, g, kc(simplex1))
		} else {
			g = wbyteGradientA(wavalanchePre(v))
		}
		mulps(g, fo, g)
		mulps(g, g, fo)
		mulps(g, g, fo)
		if sum == nil {
			sum = g
		} else {
			addps(sum, sum, g)
		}
	}
	return sum
}

// simplexFloor2 is getSimplexCell2's floors of the skewed coordinates sx
// and sz, their integers, the fractions (sx and sz, in place) and the
// mask of the third corner's choice (fz < fx: it is (x0 + 1, z0)).
func simplexFloor2(sx, sz vg) (fx0, fz0, x0, z0 vg, d mask) {
	fx0, fz0 = newv(), newv()
	floorps(fx0, sx)
	floorps(fz0, sz)
	x0, z0 = newv(), newv()
	cvttps2dq(x0, fx0)
	cvttps2dq(z0, fz0)
	subps(sx, sx, fx0)
	subps(sz, sz, fz0)
	return fx0, fz0, x0, z0, cmpps(1, sz, sx)
}

// simplexCell2 is the part of simplexValue2D before the corners: the
// scaled position P (X, Z) and the three corners (the hash after x, z·primeC,
// and x and z as floats).
func (k *bk) simplexCell2() (P []opnd, corners [][4]opnd) {
	short := tight() // the corners' inputs live in the frame
	keep := func(v vg) opnd { return k.fr.keep(v, short) }
	kf := mov(k.F)
	mulps(kf, kf, kc(invSqrt3))
	X, Z := newv(), newv()
	mulps(X, k.pos[0], kf)
	mulps(Z, k.pos[2], kf)
	clampc(X)
	clampc(Z)
	// getSimplexCell2
	sk, sx, sz := newv(), newv(), newv()
	addps(sk, X, Z)
	mulps(sk, sk, kc(skew2))
	addps(sx, X, sk)
	addps(sz, Z, sk)
	P = []opnd{keep(X), keep(Z)}
	fx0, fz0, x0, z0, d := simplexFloor2(sx, sz) // d: fz < fx, corner C is (x0 + 1, z0)
	fx1, fz1 := newv(), newv()
	addps(fx1, fx0, kc(f1))
	addps(fz1, fz0, kc(f1))
	// corner C: (x0 + d, z0 + 1 − d), as floats and products
	fxC, fzC := newv(), newv()
	blend(fxC, d, fx1, fx0)
	blend(fzC, d, fz0, fz1)
	cx0, cz0 := timesC(x0), timesC(z0)
	cx1, cz1 := newv(), newv()
	addd(cx1, cx0, kc(primeC))
	addd(cz1, cz0, kc(primeC))
	czC := newv()
	blend(czC, d, cz0, cz1)
	h0, h1 := eatC(k.h, cx0), eatC(k.h, cx1)
	hC := newv()
	blend(hC, d, h1, h0) // selectHash(h0, h1, d)
	return P, [][4]opnd{
		{keep(h0), keep(cz0), keep(fx0), keep(fz0)},
		{keep(h1), keep(cz1), keep(fx1), keep(fz1)},
		{keep(hC), keep(czC), keep(fxC), keep(fzC)},
	}
}

func (k *bk) simplex3(simplexGrad bool) vg {
	Ps, corners := k.simplexCell3(tight())
	keep := func(v vg) opnd { return k.fr.keep(v, tight()) }
	var kn [4]opnd
	for i, c := range corners {
		off, fo := wsimplexOffsets(Ps, c.fl[:], unskew3)
		v := eatC(eatC(src1(c.h), c.cy), c.cz)
		var g vg
		if simplexGrad {
			gx, gy, gz := woctahedronVectors(v)
			r := wsphereScale(gx, gy, gz)
			g = wdot3(gx, gy, gz, off[0], off[1], off[2])
			mulps(g, g, r)
			mulps(g, g, kc(simplex3))
		} else {
			g = wbyteGradientA(wavalanchePre(v))
		}
		kn[i] = keep(wkernelFalloff(fo, g))
	}
	sum := mov(kn[0])
	addps(sum, sum, kn[1])
	addps(sum, sum, kn[2])
	addps(sum, sum, kn[3])
	return sum
}

// s3corner is a corner of a simplex 3D cell: the hash after x, y·primeC,
// z·primeC, and the corner's coordinates as floats.
type s3corner struct {
	h, cy, cz opnd
	fl        [3]opnd
}

// simplexCell3 is the part of simplexValue3D before the corners: the
// scaled position and the four corners.
// With short the corners' inputs live in the frame.
func (k *bk) simplexCell3(short bool) (Ps []opnd, corners []s3corner) {
	keep := func(v vg) opnd { return k.fr.keep(v, short) }
	kf := mov(k.F)
	mulps(kf, kf, kc(scale3))
	var P [3]vg
	for i := range P {
		P[i] = newv()
		mulps(P[i], k.pos[i], kf)
		clampc(P[i])
	}
	// getSimplexCell3
	sk := newv()
	addps(sk, P[0], P[1])
	addps(sk, sk, P[2])
	mulps(sk, sk, kc(skew3))
	var fl0, c0, fr [3]opnd
	for i := range P {
		s := newv()
		addps(s, P[i], sk)
		fl := newv()
		floorps(fl, s)
		l := newv()
		cvttps2dq(l, fl)
		c0[i] = keep(timesC(l))
		subps(s, s, fl)
		fl0[i] = keep(fl)
		fr[i] = s
	}
	Ps = []opnd{keep(P[0]), keep(P[1]), keep(P[2])}
	xGy := cmpps(1, fr[1], fr[0]) // fy < fx
	xGz := cmpps(1, fr[2], fr[0]) // fz < fx
	yGz := cmpps(1, fr[2], fr[1]) // fz < fy
	// corner offsets: xa = xGy ∧ xGz, ya = ¬xGy ∧ yGz,
	// za = (xGy ∧ ¬xGz) ∨ (¬xGy ∧ ¬yGz), xb = xGy ∨ (xGz ∧ yGz),
	// yb = ¬xGy ∨ (xGz ∧ yGz), zb = ¬(xGz ∧ yGz)
	both := mand(xGz, yGz)
	xa := mand(xGy, xGz)
	ya := mandn(xGy, yGz)
	za := mor(mandn(xGz, xGy), mnot(mor(xGy, yGz)))
	xb := mor(xGy, both)
	yb := mor(mnot(xGy), both)
	zb := mnot(both)
	var fl1, c1 [3]opnd
	for i := range fl0 {
		f := newv()
		addps(f, src1(fl0[i]), kc(f1))
		fl1[i] = keep(f)
		c := newv()
		addd(c, src1(c0[i]), kc(primeC))
		c1[i] = keep(c)
	}
	h0, h1 := keep(eatC(k.h, c0[0])), keep(eatC(k.h, c1[0]))
	pick := func(m [3]mask) s3corner {
		var c s3corner
		for i := range fl0 {
			f := newv()
			blend(f, m[i], fl1[i], fl0[i])
			c.fl[i] = keep(f)
		}
		h, cy, cz := newv(), newv(), newv()
		blend(h, m[0], h1, h0)
		c.h = keep(h)
		blend(cy, m[1], c1[1], c0[1])
		c.cy = keep(cy)
		blend(cz, m[2], c1[2], c0[2])
		c.cz = keep(cz)
		return c
	}
	a, b := pick([3]mask{xa, ya, za}), pick([3]mask{xb, yb, zb})
	return Ps, []s3corner{{h0, c0[1], c0[2], fl0}, {h1, c1[1], c1[2], fl1}, a, b}
}

// The Voronoi kernels (cpu.voronoiValue1D…3D): the two minima over the
// neighbourhood, then the metric's finalisation and the function (mode
// bits 0–1: F1, F2, F2 − F1). With f1 the kernel keeps the first minimum
// only (a Sampler of F1 noise; the function bits are ignored).

// wupdate is minPair.update with two: b = min(b, max(a, d)); a = min(a, d).
func wupdate(a, b, d vg) {
	t := newv()
	maxps(t, a, d)
	minps(b, b, t)
	minps(a, a, d)
}

// wbyteUnit is Floats01A…D (bits = 8, the byte at shift) or bits5 (bits =
// 5): float(v >> shift & mask)·(1/255 or 1/31). A field inside the word is
// converted in place, b·2^shift, and scaled by (1/255 or 1/31)·2^−shift:
// the conversion is exact (b·2^shift < 2^31) and a power-of-two scale
// commutes with rounding (every factor stays normal), so the product is
// the rounding of b·(1/255 or 1/31), as the scalar code computes it, with
// one instruction fewer than a shift, a mask, a conversion and a multiply.
func wbyteUnit(v vg, shift, bits int) vg {
	r := newv()
	inv := uint32(inv31)
	if bits == 8 {
		inv = inv255
	}
	switch {
	case shift+bits >= 32: // the top field: the shift is the mask
		srld(r, v, uint8(shift))
	default:
		and(r, v, kc(uint32(1<<bits-1)<<shift))
		inv -= uint32(shift) << 23 // ·2^−shift, in the exponent
	}
	cvtdq2ps(r, r)
	mulps(r, r, kc(inv))
	return r
}

// wbits5 is bits5(shift): at AVX-512 entry (v >> shift) & 31 of a table of
// the 32 values float(b)·inv31 (each the float32 rounding the scalar code
// computes), by VPERMI2PS, which reads the index's low five bits only: two
// instructions instead of three. The table comes from read-only memory into
// two registers (or, at two groups, stays in memory: the second half as a
// memory operand); elsewhere it is wbyteUnit.
func wbits5(v vg, shift int) vg {
	if !wide() {
		return wbyteUnit(v, shift, 5)
	}
	lo, hi := bits5Table()
	r := newv()
	for g := range r {
		if shift == 0 {
			VMOVUPS(v[g], r[g])
		} else {
			VPSRLD(U8(shift), v[g], r[g])
		}
		if pinnedB5[0] != nil { // the table in registers (widepin.go)
			VPERMI2PS(pinnedB5[1], pinnedB5[0], r[g])
			continue
		}
		t := ZMM()
		VMOVUPS(lo, t)
		VPERMI2PS(hi, t, r[g])
	}
	return r
}

// bits5Table is the two halves of wbits5's table, in read-only memory.
func bits5Table() (lo, hi Mem) {
	name := "bits5tab"
	m, ok := consts[name]
	if !ok {
		m = GLOBL(name, RODATA|NOPTR)
		for b := 0; b < 32; b++ {
			DATA(4*b, U32(math.Float32bits(float32(b)*math.Float32frombits(inv31))))
		}
		consts[name] = m
	}
	return m, m.Offset(64)
}

// vcells is the set-up of a Voronoi kernel's cell walk: the lower cell
// index (wrapped when tiling) and the offset of each axis, in the frame
// when registers are short, and f − 1 where a tiling index −1 wraps to.
type vcells struct {
	k      *bk
	l0, gs [3]opnd
	wrapTo cst
	tiling bool
	timesC bool // l0 holds l0·primeC (no tiling: wideworley.go)
}

// cellSteps are the cell offsets −1, 0 and 1 as float bits and integers.
var cellSteps = []struct {
	f uint32
	i int32
}{{fm1, -1}, {0, 0}, {f1u, 1}}

func (k *bk) newVCells(dims int, tiling bool) *vcells {
	c := &vcells{k: k, tiling: tiling}
	axes := [][]int{1: {0}, 2: {0, 2}, 3: {0, 1, 2}}[dims]
	spill := tight() // the axes' data live in the frame
	for _, a := range axes {
		p0, g0 := wspan(k.pos[a], k.F)
		if tiling {
			wfloorMod(p0, k.fi)
		} else {
			p0, c.timesC = timesC(p0), true
		}
		c.l0[a], c.gs[a] = k.fr.keep(p0, spill), k.fr.keep(g0, spill)
	}
	if tiling { // f − 1, where −1 wraps to
		fm1v := mov(k.fi)
		subd(fm1v, fm1v, kc(1))
		c.wrapTo = k.fr.put(fm1v[0])
	}
	return c
}

// index is l0 + u on axis a times primeC, wrapped into [0, f) when tiling
// (cpu.validateSingleStep).
func (c *vcells) index(a int, u int32) vg {
	if c.timesC {
		return c.indexC(a, u) // wideworley.go
	}
	r := newv()
	switch {
	case u == 0:
		r = mov(c.l0[a])
	default:
		addd(r, src1(c.l0[a]), kc(uint32(u)))
	}
	switch {
	case c.tiling && u == 1:
		zeroWhere(r, cmpeqd(r, c.k.fi), r)
	case c.tiling && u == -1:
		blend(r, cmpeqd(r, kc(^uint32(0))), c.wrapTo, r)
	}
	return timesC(r)
}

// cellOff is float(u) − g on axis a, u given by its bits f.
func (c *vcells) cellOff(a int, f uint32) vg {
	r := mov(kc(f))
	subps(r, r, c.gs[a])
	return r
}

func voronoiBody(dims int, cheb, tiling, f1only bool) func(k *bk) vg {
	return func(k *bk) vg {
		cs := k.newVCells(dims, tiling)
		spill := tight()
		index, cellOff, gs, offsets := cs.index, cs.cellOff, cs.gs, cellSteps
		var a, b [2]vg
		// AVX2 F1: one minimum of both points' candidates per group, not
		// one each merged after the walk, two registers fewer. The same
		// bits: a candidate is never −0, and a lane's candidates are all
		// NaN (a NaN offset reaches every one, the same NaN, as each is
		// the same formula) or none, so their minimum does not depend on
		// the order.
		one := f1only && !wide()
		a[0], b[0] = mov(kc(f2)), mov(kc(f2))
		if dims > 1 && !one {
			a[1], b[1] = mov(kc(f2)), mov(kc(f2))
		}
		add := func(pt int, d vg) {
			if one {
				minps(a[0], a[0], d)
			} else if f1only {
				minps(a[pt], a[pt], d)
			} else {
				wupdate(a[pt], b[pt], d)
			}
		}
		switch dims {
		case 1:
			for _, u := range offsets {
				v := wavalanche(eatC(k.h, index(0, u.i)), false)
				d := k.vjitter(wbyteUnit(v, 0, 8))
				addps(d, d, kc(u.f))
				subps(d, d, gs[0])
				absps(d, d)
				add(0, d)
			}
		case 2:
			var zs [3]opnd
			var ozs [3]opnd
			for i, w := range offsets {
				zs[i] = k.fr.keep(index(2, w.i), spill)
				ozs[i] = k.fr.keep(cellOff(2, w.f), spill)
			}
			if pipeOK(2, f1only) { // widevpipe.go
				k.voronoiWalk2Pipe(cs, zs, ozs, cheb, func(_ vcell, pt int, d vg) { add(pt, d) })
				break
			}
			for _, u := range offsets {
				hx := eatC(k.h, index(0, u.i))
				ox := cellOff(0, u.f)
				for i := range offsets {
					v := wavalanche(eatC(hx, zs[i]), false)
					for pt := 0; pt < 2; pt++ {
						x := k.vjitter(wbyteUnit(v, 16*pt, 8))
						z := k.vjitter(wbyteUnit(v, 16*pt+8, 8))
						addps(x, x, ox)
						addps(z, z, ozs[i])
						add(pt, wdistance(cheb, x, z))
					}
				}
			}
		case 3:
			var zs, ozs [3]opnd
			for i, w := range offsets {
				zs[i] = k.fr.keep(index(2, w.i), spill)
				ozs[i] = k.fr.keep(cellOff(2, w.f), spill)
			}
			var ys, oys [3]opnd
			for i, w := range offsets {
				ys[i] = k.fr.keep(index(1, w.i), spill)
				oys[i] = k.fr.keep(cellOff(1, w.f), spill)
			}
			if pipeOK(3, f1only) { // widevpipe.go
				k.voronoiWalk3Pipe(cs, zs, ozs, ys, oys, cheb, spill, func(_ vcell, pt int, d vg) { add(pt, d) })
				break
			}
			for _, u := range offsets {
				hx := eatC(k.h, index(0, u.i))
				ox := k.fr.keep(cellOff(0, u.f), spill)
				for j := range offsets {
					hy := eatC(hx, ys[j])
					for i := range offsets {
						v := wavalanche(eatC(hy, zs[i]), false)
						for pt := 0; pt < 2; pt++ {
							x := k.vbits5(v, 15*pt)
							y := k.vbits5(v, 15*pt+5)
							z := k.vbits5(v, 15*pt+10)
							addps(x, x, ox)
							addps(y, y, oys[j])
							addps(z, z, ozs[i])
							add(pt, wdistance(cheb, x, y, z))
						}
					}
				}
				k.fr.release(ox)
			}
		}
		// merge the two points' minima: b = min(b1, b2, max(a1, a2)); a = min(a1, a2)
		if dims > 1 && !one {
			if !f1only {
				t := newv()
				maxps(t, a[0], a[1])
				minps(b[0], b[0], b[1])
				minps(b[0], b[0], t)
			}
			minps(a[0], a[0], a[1])
		}
		A, B := a[0], b[0]
		if !cheb && dims > 1 { // Worley: sqrt(min(d, 1))
			minps(A, A, kc(f1u))
			sqrtps(A, A)
			if !f1only {
				minps(B, B, kc(f1u))
				sqrtps(B, B)
			}
		}
		if f1only {
			return A
		}
		return k.vfunction(A, B)
	}
}

// f1u is the bits of 1f.
const f1u = f1

// wdistance is the Worley squared distance (x·x + y·y) + z·z, or the
// Chebyshev max(|x|, |y|, |z|), of the offsets given, into the first.
func wdistance(cheb bool, c ...vg) vg {
	if cheb {
		for _, r := range c {
			absps(r, r)
		}
		for _, r := range c[1:] {
			maxps(c[0], c[0], r)
		}
		return c[0]
	}
	mulps(c[0], c[0], c[0])
	for _, r := range c[1:] {
		mulps(r, r, r)
		addps(c[0], c[0], r)
	}
	return c[0]
}

// groupOverride is the interleave of the kernels whose registers do not
// suffice for two groups at a level (name and level suffix).
var groupOverride = map[string]int{
	// AVX2: two groups need more than the 16 registers (vexcheck refuses Y16+)
	"chebyshev3DTilingBatchAVX2":       1,
	"worley3DTilingBatchAVX2":          1,
	"chebyshev2DTilingBatchAVX2":       1,
	"worley2DTilingBatchAVX2":          1,
	"chebyshev3DBatchAVX2":             1,
	"worley3DBatchAVX2":                1,
	"chebyshev2DBatchAVX2":             1,
	"worley2DBatchAVX2":                1,
	"perlinLattice3DTilingBatchAVX2":   1, // two groups: see widelpavx2.go
	"voronoi1DBatchAVX512":             1, // measured no faster with two
	"voronoi1DF1BatchAVX512":           1,
	"simplexSimplex3DDerivBatchAVX512": 1,
	"valueSimplex3DDerivBatchAVX512":   1,
}

// batchSpecs lists every batch kernel.
func batchSpecs() []batchSpec {
	var specs []batchSpec
	tname := map[bool]string{false: "", true: "Tiling"}
	for _, tiling := range []bool{false, true} {
		for dims := 1; dims <= 3; dims++ {
			for _, perlin := range []bool{false, true} {
				g := map[bool]string{false: "value", true: "perlin"}[perlin]
				specs = append(specs, batchSpec{
					name: fmt.Sprintf("%sLattice%dD%sBatch", g, dims, tname[tiling]), dims: dims,
					doc:     fmt.Sprintf("one octave of %slattice %s %dD noise over a batch (cpu.latticeValue%dD, the combine step, the shape, the octave sum)", strings.ToLower(tname[tiling]+" "), map[bool]string{false: "value", true: "Perlin"}[perlin], dims, dims),
					slots:   16, // Perlin 3D: three axes in the frame (widelpipe.go)
					groups:  [2]int{2, 2},
					body:    latticeBodyPipe(dims, perlin, tiling), // widelpipe.go
					ddoc:    fmt.Sprintf("one octave of %slattice %s %dD noise and its derivatives over a batch (cpu.lattice%dD, the shape, the octave sum)", strings.ToLower(tname[tiling]+" "), map[bool]string{false: "value", true: "Perlin"}[perlin], dims, dims),
					dslots:  32,
					dgroups: [2]int{1, 2},
					dbody:   latticeDerivBody(dims, perlin, tiling),
				})
			}
		}
	}
	for dims := 1; dims <= 3; dims++ {
		for _, sg := range []bool{false, true} {
			g := map[bool]string{false: "value", true: "simplex"}[sg]
			specs = append(specs, batchSpec{
				name: fmt.Sprintf("%sSimplex%dDBatch", g, dims), dims: dims,
				doc:     fmt.Sprintf("one octave of simplex %dD noise with the %s gradient over a batch (cpu.simplexValue%dD, the combine step, the shape, the octave sum)", dims, g, dims),
				slots:   40,
				groups:  [2]int{2, 2},
				body:    simplexBody(dims, sg),
				ddoc:    fmt.Sprintf("one octave of simplex %dD noise with the %s gradient and its derivatives over a batch (cpu.simplex%dD, the shape, the octave sum)", dims, g, dims),
				dslots:  32,
				dgroups: [2]int{1, 2},
				dbody:   simplexDerivBody(dims, sg),
			})
		}
	}
	for _, tiling := range []bool{false, true} {
		for dims := 1; dims <= 3; dims++ {
			for _, cheb := range []bool{false, true} {
				if dims == 1 && cheb {
					continue // Chebyshev 1D is Worley 1D
				}
				for _, f1 := range []bool{false, true} {
					metric := map[bool]string{false: "worley", true: "chebyshev"}[cheb]
					if dims == 1 {
						metric = "voronoi"
					}
					fn := map[bool]string{false: "", true: "F1"}[f1]
					specs = append(specs, batchSpec{
						name: fmt.Sprintf("%s%dD%s%sBatch", metric, dims, tname[tiling], fn), dims: dims,
						doc:     fmt.Sprintf("one octave of %s%s Voronoi %dD noise over a batch (cpu.voronoiValue%dD%s, the shape, the octave sum)", strings.ToLower(tname[tiling]+" "), metric, dims, dims, map[bool]string{false: "", true: ", F1 only"}[f1]),
						voronoi: true,
						slots:   32,
						groups:  [2]int{2, 2},
						body:    voronoiBody(dims, cheb, tiling, f1),
						ddoc:    fmt.Sprintf("one octave of %s%s Voronoi %dD noise and its derivatives over a batch (cpu.voronoi%dD%s, the shape, the octave sum)", strings.ToLower(tname[tiling]+" "), metric, dims, dims, map[bool]string{false: "", true: ", F1 only"}[f1]),
						dslots:  24,
						dgroups: [2]int{1, 2},
						dbody:   voronoiDerivBody(dims, cheb, tiling, f1),
					})
				}
			}
		}
	}
	return append(append(perlinDerivSpecs(perlinSpecs(valueSpecs(specs))), voronoiMoreSpecs()...), permSpecs()...) // valueSpecs: widevalue.go, perlinSpecs: wideperlin.go, perlinDerivSpecs: wideperlinderiv.go
}

// writePrepare writes prepareBatch at level l: n positions (x, y, z
// triples, as []mgl32.Vec3 holds them; n a multiple of the lane count) are
// split into the arrays x, y and z and clamped to ±2^64 (clampInput; NaN
// stays NaN), and the result tells which axes hold a NaN anywhere (bit 0
// x, bit 1 y, bit 2 z). Eight or sixteen positions are three vectors; each
// axis is two blends and a permutation of them. With xz it writes
// prepareBatchXZ, the same for x and z alone (2D noise reads the XZ plane):
// no y array, and bit 1 of the result is 0.
func writePrepare(l *isa, xz bool) {
	cur, groups = l, 1
	name, axes := "prepareBatch"+l.name, []int{0, 1, 2}
	sig, doc := "func(pos *float32, n int, x, y, z *float32) uint32", "x, y and z"
	if xz {
		name, axes = "prepareBatchXZ"+l.name, []int{0, 2}
		sig, doc = "func(pos *float32, n int, x, z *float32) uint32", "x and z (y is left out)"
	}
	TEXT(name, NOSPLIT, sig)
	Doc(name + " splits n positions into " + doc + ", clamped to ±2^64, and returns the axes that hold a NaN.")
	Pragma("noescape")
	base := Load(Param("pos"), GP64())
	n := Load(Param("n"), GP64())
	var ptr [3]GPVirtual
	for _, a := range axes {
		ptr[a] = Load(Param([]string{"x", "y", "z"}[a]), GP64()).(GPVirtual)
	}
	// The axis of element e of the three vectors is e mod 3; a vector
	// position p takes its element from vector j where (16j + p) mod 3 (or
	// 8j + p) is the axis, and the permutation puts those in order.
	var sel [3][3]uint32 // sel[axis][vector]: lanes taken from that vector
	var perm [3][]uint32
	for a := 0; a < 3; a++ {
		for e := a; e < 3*l.lanes; e += 3 {
			sel[a][e/l.lanes] |= 1 << (e % l.lanes)
			perm[a] = append(perm[a], uint32(e%l.lanes))
		}
	}
	// perm2[axis]: the two index tables of the AVX-512 permutations: lane
	// j takes element e = axis + 3j, first from vectors 0 and 1 (index
	// e, below 32), then, where e lies in vector 2, from it (16 + e − 32;
	// the other lanes keep their place)
	var perm2 [3][2][]uint32
	for a := 0; a < 3; a++ {
		for j := 0; j < l.lanes; j++ {
			e := uint32(a + 3*j)
			if e < uint32(2*l.lanes) {
				perm2[a][0] = append(perm2[a][0], e)
				perm2[a][1] = append(perm2[a][1], uint32(j))
			} else {
				perm2[a][0] = append(perm2[a][0], 0)
				perm2[a][1] = append(perm2[a][1], e-uint32(l.lanes))
			}
		}
	}
	nans := GP32()
	XORL(nans, nans)
	var acc [3]VecVirtual // the NaN lanes of each axis, or'ed (AVX2)
	var kacc [3]OpmaskVirtual
	for _, a := range axes {
		if wide() {
			kacc[a] = K()
			KXORW(kacc[a], kacc[a], kacc[a])
		} else {
			acc[a] = YMM()
			VPXOR(acc[a], acc[a], acc[a])
		}
	}
	// AVX-512: each axis is two two-table permutations (VPERMI2PS, then
	// VPERMT2PS with the third vector), whose second index tables and the
	// clamp's bounds stay in registers through the loop
	var idx2 [3]VecVirtual
	var lim, nlim VecVirtual
	if wide() {
		for _, a := range axes {
			idx2[a] = ZMM()
			VMOVUPS(permTable(fmt.Sprintf("perm2x%d_%d_1", l.lanes, a), perm2[a][1]), idx2[a])
		}
		lim, nlim = ZMM(), ZMM()
		VBROADCASTSS(kc(inputLimit).m, lim)
		VBROADCASTSS(kc(inputLimit|signMask).m, nlim)
	}
	i := GP64()
	XORQ(i, i)
	loop, done := name+"_loop", name+"_done"
	Label(loop)
	CMPQ(i, n)
	JAE(LabelRef(done))
	off := GP64()
	LEAQ(Mem{Base: i, Index: i, Scale: 2}, off) // 3i
	var v [3]VecVirtual
	for j := range v {
		v[j] = newv()[0]
		VMOVUPS(Mem{Base: base, Index: off, Scale: 4, Disp: j * l.size}, v[j])
	}
	for _, a := range axes {
		var t VecVirtual
		if wide() {
			ix := ZMM()
			VMOVUPS(permTable(fmt.Sprintf("perm2x%d_%d_0", l.lanes, a), perm2[a][0]), ix)
			VPERMI2PS(v[1], v[0], ix) // the elements from vectors 0 and 1
			VPERMT2PS(v[2], idx2[a], ix)
			t = ix
			m := K()
			VCMPPS(U8(3), t, t, m)
			KORW(m, kacc[a], kacc[a])
		} else {
			t = YMM()
			idx := permTable(fmt.Sprintf("perm%d_%d", l.lanes, a), perm[a])
			VBLENDPS(U8(uint8(sel[a][1])), v[1], v[0], t)
			VBLENDPS(U8(uint8(sel[a][2])), v[2], t, t)
			ix := YMM()
			VMOVUPS(idx, ix)
			VPERMPS(t, ix, t)
			m := YMM()
			VCMPPS(U8(3), t, t, m)
			VORPS(m, acc[a], acc[a])
		}
		if wide() {
			VMAXPS(nlim, t, t)
			VMINPS(lim, t, t)
		} else {
			VMAXPS(kc(inputLimit|signMask).m, t, t)
			VMINPS(kc(inputLimit).m, t, t)
		}
		VMOVUPS(t, Mem{Base: ptr[a], Index: i, Scale: 4})
	}
	ADDQ(U32(uint32(l.lanes)), i)
	JMP(LabelRef(loop))
	Label(done)
	for _, a := range axes {
		b := GP32()
		if wide() {
			KMOVW(kacc[a], b)
		} else {
			VMOVMSKPS(acc[a], b)
		}
		t := GP32()
		XORL(t, t)
		TESTL(b, b)
		SETNE(t.As8())
		if a > 0 {
			SHLL(U8(a), t)
		}
		ORL(t, nans)
	}
	Store(nans, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// permTable is a read-only table of 32-bit values (an index vector of
// the current width, or vec8's and vec16's), made once per name.
func permTable(name string, v []uint32) Mem {
	if m, ok := consts[name]; ok {
		return m
	}
	m := GLOBL(name, RODATA|NOPTR)
	for i, x := range v {
		DATA(4*i, U32(x))
	}
	consts[name] = m
	return m
}

// writeDispatch writes the Go side of the batch kernels: their names and
// the call of each at either level.
func writeDispatch(path string, specs, specs4 []batchSpec) error {
	var b strings.Builder
	b.WriteString(`// Code generated by internal/cmd/asmgen. DO NOT EDIT.

//go:build amd64 && !purego

package cpu

// batchKernel names a batch kernel of kernels_avx2_amd64.s (written at the
// AVX2 and AVX-512 levels); 0 is none. A name, not a function value: the
// assembly's pointer arguments do not escape only when it is called
// directly.
type batchKernel uint8

const (
	noBatch batchKernel = iota
`)
	short := func(sp batchSpec) string { return strings.TrimSuffix(sp.name, "Batch") }
	all := append(append([]batchSpec{}, specs...), specs4...)
	for _, sp := range all {
		fmt.Fprintf(&b, "\tbk%s\n", strings.ToUpper(short(sp)[:1])+short(sp)[1:])
	}
	b.WriteString(")\n\n// batchNames are the kernels' names, by batchKernel.\nvar batchNames = [...]string{\"\",\n")
	for _, sp := range all {
		fmt.Fprintf(&b, "\t%q,\n", short(sp))
	}
	b.WriteString("}\n\n")
	b.WriteString(`// run evaluates one octave of kernel k over n prepared positions at the
// AVX-512 level (wide) or the AVX2 level; jit and jitC are the Voronoi
// jitter kernels' (else unused), tab is the table of the kernels that read
// one (perm-value's), else unused.
func (k batchKernel) run(wide bool, x, y, z, out *float32, n int, h uint32, f float32, amp, ampSum, pp float32, mode int32, jit, jitC float32, tab *uint8) {
	if wide {
		switch k {
`)
	for _, sp := range specs {
		fmt.Fprintf(&b, "\t\tcase bk%s:\n\t\t\t%sAVX512(x, y, z, out, n, h, f, amp, ampSum, pp, mode, jit, jitC%s)\n", strings.ToUpper(short(sp)[:1])+short(sp)[1:], sp.name, tabArg(sp))
	}
	b.WriteString("\t\t}\n\t\treturn\n\t}\n\tswitch k {\n")
	for _, sp := range specs {
		fmt.Fprintf(&b, "\tcase bk%s:\n\t\t%sAVX2(x, y, z, out, n, h, f, amp, ampSum, pp, mode, jit, jitC%s)\n", strings.ToUpper(short(sp)[:1])+short(sp)[1:], sp.name, tabArg(sp))
	}
	b.WriteString("\t}\n}\n")
	fmt.Fprintf(&b, `
// derivStride is the distance in floats between the component arrays
// (value, derivatives along x, y and z) of a derivative kernel's output.
const derivStride = %d

// runDeriv is run for kernel k's derivative twin: one octave of the value
// and the derivatives into out (the components the noise has, derivStride
// floats apart), or with batchStore (in the last octave) into dst as
// []noise.Sample holds them; jit, jitC and tab as for run.
func (k batchKernel) runDeriv(wide bool, x, y, z, out *float32, n int, h uint32, f float32, amp, ampSum, pp float32, mode int32, jit, jitC float32, dst *float32, tab *uint8) {
	if wide {
		switch k {
`, derivStride)
	for _, sp := range specs {
		fmt.Fprintf(&b, "\t\tcase bk%s:\n\t\t\t%sAVX512(x, y, z, out, n, h, f, amp, ampSum, pp, mode, jit, jitC, dst%s)\n", strings.ToUpper(short(sp)[:1])+short(sp)[1:], sp.kernelName(true), tabArg(sp))
	}
	b.WriteString("\t\t}\n\t\treturn\n\t}\n\tswitch k {\n")
	for _, sp := range specs {
		fmt.Fprintf(&b, "\tcase bk%s:\n\t\t%sAVX2(x, y, z, out, n, h, f, amp, ampSum, pp, mode, jit, jitC, dst%s)\n", strings.ToUpper(short(sp)[:1])+short(sp)[1:], sp.kernelName(true), tabArg(sp))
	}
	b.WriteString("\t}\n}\n")
	writeRunAoS(&b, specs)
	writeSmoothDispatch(&b)
	writeRun4(&b, specs4)
	writeLeanWords(&b)
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		return err
	}
	return os.WriteFile(path, src, 0o666)
}
