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

// cst is one vector in memory that every group reads.
type cst struct{ m Mem }

func (c cst) at(int) Op { return c.m }

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
// width.
func kc(v uint32) cst {
	if !wide() {
		return cst{bcast(v)}
	}
	name := fmt.Sprintf("z%08x", v)
	if m, ok := consts[name]; ok {
		return cst{m}
	}
	m := GLOBL(name, RODATA|NOPTR)
	for i := 0; i < 16; i++ {
		DATA(4*i, U32(v))
	}
	consts[name] = m
	return cst{m}
}

// insn is an avo instruction constructor of the global context.
type insn func(ops ...Op)

// op2 is d = f(a, b) for every group, in Go's operand order f(b, a, d):
// a - b for a subtraction, a < b for a comparison. b may be in memory; a
// must be a register (vg), or it is first copied into d.
func op2(f insn, d vg, a, b opnd) {
	for g := range d {
		t := d[g]
		if _, reg := a.at(g).(VecVirtual); !reg && b.at(g) == Op(d[g]) {
			t = newReg() // a must not be loaded over b
		}
		f(b.at(g), src(a, g, t), d[g])
	}
}

// newReg is one register of the current width.
func newReg() VecVirtual {
	if wide() {
		return ZMM()
	}
	return YMM()
}

// op2i is op2 with an immediate first operand (shifts, rotates,
// comparisons, rounding).
func op2i(f insn, imm uint8, d vg, a opnd) {
	for g := range d {
		f(U8(imm), src(a, g, d[g]), d[g])
	}
}

// src returns a's register for group g, or copies it (from memory) into
// dst and returns dst.
func src(a opnd, g int, dst VecVirtual) Op {
	if r, ok := a.at(g).(VecVirtual); ok {
		return r
	}
	VMOVUPS(a.at(g), dst)
	return dst
}

// mov copies a into a new register per group.
func mov(a opnd) vg {
	d := newv()
	for g := range d {
		VMOVUPS(a.at(g), d[g])
	}
	return d
}

// The arithmetic: d = a op b.
func addps(d vg, a, b opnd) { op2(VADDPS, d, a, b) }
func subps(d vg, a, b opnd) { op2(VSUBPS, d, a, b) }
func mulps(d vg, a, b opnd) { op2(VMULPS, d, a, b) }
func divps(d vg, a, b opnd) { op2(VDIVPS, d, a, b) }
func minps(d vg, a, b opnd) { op2(VMINPS, d, a, b) }
func maxps(d vg, a, b opnd) { op2(VMAXPS, d, a, b) }
func addd(d vg, a, b opnd)  { op2(VPADDD, d, a, b) }
func subd(d vg, a, b opnd)  { op2(VPSUBD, d, a, b) }
func mulld(d vg, a, b opnd) { op2(VPMULLD, d, a, b) }

func and(d vg, a, b opnd) {
	if wide() {
		op2(VPANDD, d, a, b)
	} else {
		op2(wVPAND, d, a, b)
	}
}

// andn is d = ¬a ∧ b.
func andn(d vg, a, b opnd) {
	if wide() {
		op2(VPANDND, d, a, b)
	} else {
		op2(wVPANDN, d, a, b)
	}
}

func or(d vg, a, b opnd) {
	if wide() {
		op2(VPORD, d, a, b)
	} else {
		op2(wVPOR, d, a, b)
	}
}

func xor(d vg, a, b opnd) {
	if wide() {
		op2(VPXORD, d, a, b)
	} else {
		op2(wVPXOR, d, a, b)
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
		VCVTDQ2PS(a.at(g), d[g])
	}
}

func cvttps2dq(d vg, a opnd) {
	for g := range d {
		VCVTTPS2DQ(a.at(g), d[g])
	}
}

func sqrtps(d vg, a opnd) {
	for g := range d {
		VSQRTPS(a.at(g), d[g])
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
		if wide() {
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
		if wide() {
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

// blend is d = m ? t : f.
func blend(d vg, m mask, t, f opnd) {
	for g := range d {
		r := d[g]
		if _, reg := f.at(g).(VecVirtual); !reg && t.at(g) == Op(d[g]) {
			r = newReg() // f must not be loaded over t
		}
		if wide() {
			VBLENDMPS(t.at(g), src(f, g, r), m.k[g], d[g])
		} else {
			VBLENDVPS(m.v[g], t.at(g), src(f, g, r), d[g])
		}
	}
}

// incWhere is d = a + 1 where m, a elsewhere (32-bit integers).
func incWhere(d vg, m mask, a opnd) {
	for g := range d {
		if wide() {
			if a.at(g) != Op(d[g]) {
				VMOVUPS(a.at(g), d[g])
			}
			VPSUBD(kc(^uint32(0)).m, d[g], m.k[g], d[g])
		} else {
			VPSUBD(m.v[g], src(a, g, d[g]), d[g])
		}
	}
}

// decWhere is d = a − 1 where m, a elsewhere.
func decWhere(d vg, m mask, a opnd) {
	for g := range d {
		if wide() {
			if a.at(g) != Op(d[g]) {
				VMOVUPS(a.at(g), d[g])
			}
			VPADDD(kc(^uint32(0)).m, d[g], m.k[g], d[g])
		} else {
			VPADDD(m.v[g], src(a, g, d[g]), d[g])
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

func newWFrame(slots int) *wframe {
	return &wframe{base: AllocLocal(cur.size * slots), size: slots}
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
	return cst{m}
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
