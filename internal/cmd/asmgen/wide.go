package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The width-generic layer of the batch kernels: one description of a
// kernel is written at two instruction-set levels, AVX2 (eight lanes in
// YMM registers, vector masks) and AVX-512 (sixteen lanes in ZMM
// registers, opmask registers), and interleaves `groups` independent
// vectors in every step, so that one vector's multiply latency is hidden
// behind another's (each operation is emitted for every group before the
// next operation). Every instruction is VEX or EVEX encoded.
//
// The operations are the scalar code's, lane by lane, in the scalar order
// (docs/algorithms.md §0.4: no fused multiply-add); where an instruction
// sequence differs between the levels it computes the same bits (a floor by
// a rounding instruction instead of truncate-and-correct, a rotate instead
// of two shifts and an or, a blend under an opmask instead of a vector
// mask).

// isa is an instruction-set level the batch kernels are written for.
type isa struct {
	name  string // the kernels' name suffix
	lanes int    // 32-bit lanes per vector
	size  int    // bytes per vector
}

var (
	isaAVX2   = &isa{"AVX2", 8, 32}
	isaAVX512 = &isa{"AVX512", 16, 64}
)

// cur is the level of the kernel being written; groups is the number of
// vectors it interleaves.
var (
	cur    = isaAVX2
	groups = 1
)

func wide() bool { return cur == isaAVX512 }

// opnd is a vector operand of every group: registers (vg), a constant or
// loop invariant shared by the groups (cst), or frame slots (slots).
type opnd interface{ at(g int) Op }

// vg is a vector per group, in registers.
type vg []VecVirtual

func (v vg) at(g int) Op { return v[g] }

// cst is one vector in memory that every group reads: a whole vector, or
// with bcst (AVX-512 constants) one 32-bit value that the instruction's
// embedded broadcast spreads over the lanes (a 4-byte load never splits a
// cache line; a 64-byte constant would, as Go aligns data to 32 bytes at
// most).
type cst struct {
	m    Mem
	bcst bool
	r    VecVirtual // a pinned constant's register (widepin.go), else nil
}

func (c cst) at(int) Op {
	if c.r != nil {
		return c.r
	}
	return c.m
}

// slots are one frame slot per group.
type slots []Mem

func (s slots) at(g int) Op { return s[g] }

// newv returns a vector register per group.
func newv() vg {
	r := make(vg, groups)
	for g := range r {
		if wide() {
			r[g] = ZMM()
		} else {
			r[g] = YMM()
		}
	}
	return r
}

// kc is a read-only constant: v in every lane of a vector of the current
// width (at AVX-512 one value for the embedded broadcast).
func kc(v uint32) cst {
	if !wide() {
		return cst{m: bcast(v)}
	}
	name := fmt.Sprintf("b%08x", v)
	if r, ok := pinned[v]; ok {
		return cst{m: consts[name], r: r}
	}
	if m, ok := consts[name]; ok {
		return cst{m: m, bcst: true}
	}
	m := GLOBL(name, RODATA|NOPTR)
	DATA(0, U32(v))
	consts[name] = m
	return cst{m: m, bcst: true}
}

// insn is an avo instruction constructor of the global context.
type insn func(ops ...Op)

// vop is an instruction and its embedded-broadcast form (AVX-512; nil for
// an AVX2-only instruction).
type vop struct{ f, b insn }

// op2 is d = a op b for every group, in Go's operand order f(b, a, d):
// a - b for a subtraction. b may be in memory (a broadcast constant
// included); a must be a register (vg), or it is first loaded into d.
func op2(o vop, d vg, a, b opnd) {
	for g := range d {
		t := d[g]
		if _, reg := a.at(g).(VecVirtual); !reg && b.at(g) == Op(d[g]) {
			t = newReg() // a must not be loaded over b
		}
		ra := src(a, g, t)
		if c, ok := b.(cst); ok && c.bcst {
			o.b(c.m, ra, d[g])
		} else {
			o.f(b.at(g), ra, d[g])
		}
	}
}

// newReg is one register of the current width.
func newReg() VecVirtual {
	if wide() {
		return ZMM()
	}
	return YMM()
}

// op2i is d = f(imm, a) for every group (shifts, rotates, rounding).
func op2i(f insn, imm uint8, d vg, a opnd) {
	for g := range d {
		f(U8(imm), src(a, g, d[g]), d[g])
	}
}

// src returns a's register for group g, or loads it (from memory, a
// broadcast constant spread over the lanes) into dst and returns dst.
func src(a opnd, g int, dst VecVirtual) Op {
	if r, ok := a.at(g).(VecVirtual); ok {
		return r
	}
	if c, ok := a.(cst); ok && c.bcst {
		VBROADCASTSS(c.m, dst)
		return dst
	}
	VMOVUPS(a.at(g), dst)
	return dst
}

// full is a's operand for group g where an instruction has no broadcast
// form: a broadcast constant is loaded into a new register.
func full(a opnd, g int) Op {
	if c, ok := a.(cst); ok && c.bcst {
		return src(a, g, newReg())
	}
	return a.at(g)
}

// mov copies a into a new register per group.
func mov(a opnd) vg {
	d := newv()
	for g := range d {
		if r := src(a, g, d[g]); r != Op(d[g]) {
			VMOVUPS(r, d[g])
		}
	}
	return d
}

// The arithmetic: d = a op b.
func addps(d vg, a, b opnd) { op2(vop{VADDPS, VADDPS_BCST}, d, a, b) }
func subps(d vg, a, b opnd) { op2(vop{VSUBPS, VSUBPS_BCST}, d, a, b) }
func mulps(d vg, a, b opnd) { op2(vop{VMULPS, VMULPS_BCST}, d, a, b) }
func divps(d vg, a, b opnd) { op2(vop{VDIVPS, VDIVPS_BCST}, d, a, b) }
func minps(d vg, a, b opnd) { op2(vop{VMINPS, VMINPS_BCST}, d, a, b) }
func maxps(d vg, a, b opnd) { op2(vop{VMAXPS, VMAXPS_BCST}, d, a, b) }
func addd(d vg, a, b opnd)  { op2(vop{VPADDD, VPADDD_BCST}, d, a, b) }
func subd(d vg, a, b opnd)  { op2(vop{VPSUBD, VPSUBD_BCST}, d, a, b) }
func mulld(d vg, a, b opnd) { op2(vop{VPMULLD, VPMULLD_BCST}, d, a, b) }

func and(d vg, a, b opnd) {
	if wide() {
		op2(vop{VPANDD, VPANDD_BCST}, d, a, b)
	} else {
		op2(vop{f: wVPAND}, d, a, b)
	}
}

// andn is d = ¬a ∧ b.
func andn(d vg, a, b opnd) {
	if wide() {
		op2(vop{VPANDND, VPANDND_BCST}, d, a, b)
	} else {
		op2(vop{f: wVPANDN}, d, a, b)
	}
}

func or(d vg, a, b opnd) {
	if wide() {
		op2(vop{VPORD, VPORD_BCST}, d, a, b)
	} else {
		op2(vop{f: wVPOR}, d, a, b)
	}
}

func xor(d vg, a, b opnd) {
	if wide() {
		op2(vop{VPXORD, VPXORD_BCST}, d, a, b)
	} else {
		op2(vop{f: wVPXOR}, d, a, b)
	}
}

func srld(d vg, a opnd, n uint8) { op2i(VPSRLD, n, d, a) }
func slld(d vg, a opnd, n uint8) { op2i(VPSLLD, n, d, a) }
func srad(d vg, a opnd, n uint8) { op2i(VPSRAD, n, d, a) }

// rotl is the 32-bit rotate left by n.
func rotl(d vg, a opnd, n uint8) {
	if wide() {
		op2i(VPROLD, n, d, a)
		return
	}
	t := newv()
	slld(t, a, n)
	srld(d, a, 32-n)
	or(d, d, t)
}

func cvtdq2ps(d vg, a opnd) {
	for g := range d {
		VCVTDQ2PS(full(a, g), d[g])
	}
}

func cvttps2dq(d vg, a opnd) {
	for g := range d {
		VCVTTPS2DQ(full(a, g), d[g])
	}
}

func sqrtps(d vg, a opnd) {
	for g := range d {
		VSQRTPS(full(a, g), d[g])
	}
}

// floorps is floor(a), exact: a rounding instruction rounding toward −∞.
func floorps(d vg, a opnd) {
	if wide() {
		op2i(VRNDSCALEPS, 1, d, a)
	} else {
		op2i(wVROUNDPS, 1, d, a)
	}
}

// absps is a with the sign bit cleared.
func absps(d vg, a opnd) { and(d, a, kc(^uint32(signMask))) }

// mask is a lane mask of every group: opmask registers at AVX-512, vectors
// of all ones or zeros at AVX2.
type mask struct {
	v vg
	k []OpmaskVirtual
}

func newMask() mask {
	if wide() {
		m := mask{k: make([]OpmaskVirtual, groups)}
		for g := range m.k {
			m.k[g] = K()
		}
		return m
	}
	return mask{v: newv()}
}

// cmpps is the mask of a pred b (VCMPPS predicate: 1 lt, 2 le, 3
// unordered, 9 nge).
func cmpps(pred uint8, a, b opnd) mask {
	m := newMask()
	for g := 0; g < groups; g++ {
		if c, ok := b.(cst); ok && c.bcst {
			VCMPPS_BCST(U8(pred), c.m, src(a, g, ZMM()), m.k[g])
		} else if wide() {
			VCMPPS(U8(pred), b.at(g), src(a, g, ZMM()), m.k[g])
		} else {
			VCMPPS(U8(pred), b.at(g), src(a, g, m.v[g]), m.v[g])
		}
	}
	return m
}

// cmpeqd is the mask of a == b (32-bit integers).
func cmpeqd(a, b opnd) mask {
	m := newMask()
	for g := 0; g < groups; g++ {
		if c, ok := b.(cst); ok && c.bcst {
			VPCMPEQD_BCST(c.m, src(a, g, ZMM()), m.k[g])
		} else if wide() {
			VPCMPEQD(b.at(g), src(a, g, ZMM()), m.k[g])
		} else {
			VPCMPEQD(b.at(g), src(a, g, m.v[g]), m.v[g])
		}
	}
	return m
}

// mand, mandn (¬a ∧ b), mor: mask logic.
func mand(a, b mask) mask  { return mlogic(a, b, wKANDW, VANDPS) }
func mandn(a, b mask) mask { return mlogic(a, b, wKANDNW, VANDNPS) }
func mor(a, b mask) mask   { return mlogic(a, b, wKORW, VORPS) }

func mlogic(a, b mask, k, v insn) mask {
	m := newMask()
	for g := 0; g < groups; g++ {
		if wide() {
			k(b.k[g], a.k[g], m.k[g])
		} else {
			v(b.v[g], a.v[g], m.v[g])
		}
	}
	return m
}

// mnot is ¬a.
func mnot(a mask) mask {
	m := newMask()
	for g := 0; g < groups; g++ {
		if wide() {
			KNOTW(a.k[g], m.k[g])
		} else {
			VPCMPEQD(m.v[g], m.v[g], m.v[g])
			VXORPS(a.v[g], m.v[g], m.v[g])
		}
	}
	return m
}

// blend is d = m ? t : f. At AVX-512 avo takes the destination of a
// masked instruction for one of its inputs too (merge masking), which
// would keep a fresh d live through the loop: unless d is t or f, f is
// first copied into d.
func blend(d vg, m mask, t, f opnd) {
	for g := range d {
		var fo Op
		switch fr, reg := f.at(g).(VecVirtual); {
		case wide() && t.at(g) != Op(d[g]) && f.at(g) != Op(d[g]):
			if reg {
				VMOVUPS(fr, d[g])
			} else {
				src(f, g, d[g])
			}
			fo = d[g]
		case !reg && t.at(g) == Op(d[g]):
			fo = src(f, g, newReg()) // f must not be loaded over t
		default:
			fo = src(f, g, d[g])
		}
		if c, ok := t.(cst); ok && c.bcst {
			VBLENDMPS_BCST(c.m, fo, m.k[g], d[g])
		} else if wide() {
			VBLENDMPS(t.at(g), fo, m.k[g], d[g])
		} else {
			VBLENDVPS(m.v[g], t.at(g), fo, d[g])
		}
	}
}

// zeroWhere is d = 0 where m, a elsewhere.
func zeroWhere(d vg, m mask, a opnd) {
	for g := range d {
		if wide() {
			if a.at(g) != Op(d[g]) {
				VMOVUPS(a.at(g), d[g])
			}
			VPXORD(d[g], d[g], m.k[g], d[g])
		} else {
			VPANDN(src(a, g, d[g]), m.v[g], d[g])
		}
	}
}

// wframe hands out the slots of a kernel's stack frame: one slot of the
// current width per group for spill, one for put.
type wframe struct {
	base Mem
	size int
	used int
	free []int
}

// newWFrame allocates a frame of the given slots, aligned to the vector
// size through a base register (the Go frame is aligned to 8 bytes only,
// and a vector load that crosses a cache line costs twice).
func newWFrame(slots int) *wframe {
	m := AllocLocal(cur.size * (slots + 1))
	r := GP64()
	LEAQ(m.Offset(cur.size-1), r)
	ANDQ(I32(int32(-cur.size)), r)
	return &wframe{base: Mem{Base: r}, size: slots}
}

func (f *wframe) slot() Mem {
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
	return f.base.Offset(cur.size * i)
}

// spill stores every group's register in a slot of its own.
func (f *wframe) spill(v vg) slots {
	s := make(slots, len(v))
	for g, r := range v {
		s[g] = f.slot()
		VMOVUPS(r, s[g])
	}
	return s
}

// put stores one vector (a loop invariant) in a slot all groups read.
func (f *wframe) put(r VecVirtual) cst {
	m := f.slot()
	VMOVUPS(r, m)
	return cst{m: m}
}

// release gives slots back.
func (f *wframe) release(ops ...opnd) {
	for _, o := range ops {
		switch s := o.(type) {
		case slots:
			for _, m := range s {
				f.free = append(f.free, (m.Disp-f.base.Disp)/cur.size)
			}
		case cst:
			if s.m.Base == f.base.Base && s.m.Symbol.Name == "" {
				f.free = append(f.free, (s.m.Disp-f.base.Disp)/cur.size)
			}
		}
	}
}

// keep is how a kernel holds a value it needs later: in registers, or
// spilled to the frame when the level has too few registers for it.
func (f *wframe) keep(v vg, spill bool) opnd {
	if spill {
		return f.spill(v)
	}
	return v
}

func wVPAND(o ...Op) { VPAND(o[0], o[1], o[2]) }

func wVPANDN(o ...Op) { VPANDN(o[0], o[1], o[2]) }

func wVPOR(o ...Op) { VPOR(o[0], o[1], o[2]) }

func wVPXOR(o ...Op) { VPXOR(o[0], o[1], o[2]) }

func wVROUNDPS(o ...Op) { VROUNDPS(o[0], o[1], o[2]) }

func wKANDW(o ...Op) { KANDW(o[0], o[1], o[2]) }

func wKANDNW(o ...Op) { KANDNW(o[0], o[1], o[2]) }

func wKORW(o ...Op) { KORW(o[0], o[1], o[2]) }
