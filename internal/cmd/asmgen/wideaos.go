package main

import (
	"fmt"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The AoS twins of the value 2D and 3D and Perlin 3D batch kernels
// (valueLattice2DAoSBatch…): the same kernel, whose loop reads the
// positions as []mgl32.Vec3 holds them (x, y, z triples) instead of the
// arrays prepareBatch writes, so that Values with one octave and no
// domain or warp makes one pass over its positions instead of two
// (prepareBatch took 9–12 % of its time: a pass of its own, with stores
// and their reloads). Each group's three vectors are split as
// prepareBatch splits them (two AVX-512 permutations per axis, or two
// blends and a permutation at AVX2), and the lanes where a read
// coordinate (x and z in 2D) is NaN are or'ed into *nans, written after
// the loop (Go then puts NaN there, as after prepareBatch). The clamp to
// ±2^64 is left out: the caller takes these kernels only for a frequency
// f in [2^−35, MaxFloat32], where it changes nothing. A coordinate x with
// |x| > 2^64 gives c = x·f with |c| ≥ fl(2^64·f) ≥ 2^29 (the product
// rounds monotonically), and so does the clamped ±2^64, with the same
// sign: clampCoord takes both to the same ±2^29; below 2^64 the clamp is
// the identity. A NaN lane's result is replaced. The later twins
// (aosMore: Perlin 2D, simplex, Worley and Chebyshev) rest on the same
// argument: each of their kernels clamps its coordinates x·k to ±2^29
// before anything else reads them, with k = f (Perlin, Voronoi) or
// fl(f·invSqrt3), fl(f·0.6) (simplex 2D, 3D), which their caller keeps at
// least 2^−35 (f ≥ 2^−34 for simplex: cpu.valuesAoS) and finite.

// aosBatch is set while writeBatch writes an AoS twin.
var aosBatch bool

// aosSig is the AoS twins' signature: pos is &positions[0][0], n a
// multiple of the kernel's lanes × groups.
const aosSig = "func(pos *float32, nans *uint32, out *float32, n int, h uint32, f float32, amp, ampSum, pp float32, mode int32)"

// aosName is the symbol of sp's AoS twin at level l, of its derivative
// kernel with deriv.
func aosName(sp batchSpec, l *isa, deriv bool) string {
	if deriv {
		return strings.TrimSuffix(sp.name, "Batch") + "AoSDerivBatch" + l.name
	}
	return strings.TrimSuffix(sp.name, "Batch") + "AoSBatch" + l.name
}

// aosDoc documents the AoS twin sym of kernel name.
func aosDoc(sym, name string) string {
	return fmt.Sprintf("%s is %s (%d lanes, %d interleaved) reading n positions as x, y, z triples "+
		"([]mgl32.Vec3) without prepareBatch's clamp to ±2^64 (its caller's frequency makes it the identity), "+
		"and *nans is nonzero after it where a coordinate the noise reads is NaN.", sym, name, cur.lanes, groups)
}

// writeAoSKernels writes the AoS twins at both levels, after every other
// kernel (the register numbering: numbering.go): first those of value 2D
// and 3D and Perlin 3D, then (aosMore) those of the other 2D and 3D batch
// kernels that are not tiling and read no table (aosOther): Perlin 2D,
// simplex 2D and 3D (both gradients), and Worley and Chebyshev 2D and 3D
// (F1, and at AVX-512 the other functions, jitter and cell value).
func writeAoSKernels(specs []batchSpec) {
	aosBatch = true
	defer func() { aosBatch, aosMore = false, false }()
	for _, more := range []bool{false, true} {
		aosMore = more
		for _, l := range []*isa{isaAVX2, isaAVX512} {
			for _, sp := range specs {
				if aosFirst(sp.name) != more && aosOther(sp, l) == more {
					if *only == "" || strings.Contains(aosName(sp, l, false), *only) {
						writeBatch(sp, l, false)
					}
				}
			}
		}
	}
	// the twins of the derivative kernels (Samples) last, where they paid
	// (aosDeriv)
	aosMore = true
	for _, l := range []*isa{isaAVX2, isaAVX512} {
		for _, sp := range specs {
			if aosDeriv(sp, l) {
				if *only == "" || strings.Contains(aosName(sp, l, true), *only) {
					writeBatch(sp, l, true)
				}
			}
		}
	}
}

// aosFirst reports whether name is one of the first three twins' kernels.
func aosFirst(name string) bool {
	switch name {
	case "valueLattice2DBatch", "valueLattice3DBatch", "perlinLattice3DBatch":
		return true
	}
	return false
}

// aosOther reports whether sp gets one of the later twins at level l: a
// 2D or 3D kernel, not tiling, reading no table, not one of the first
// three; at AVX2 not a Voronoi kernel other than F1 (jitter 1), whose twin
// did not pay there (CPU-time A/B of Values: Worley and Chebyshev F2 2D
// +1.5–2 %, cell value 2D +0.6 %, 3D ±0.5 %; the AVX2 Voronoi kernels
// are short of registers, and the split costs more there).
func aosOther(sp batchSpec, l *isa) bool {
	if !(sp.dims == 2 || sp.dims == 3) || strings.Contains(sp.name, "Tiling") || sp.table || aosFirst(sp.name) {
		return false
	}
	return l == isaAVX512 || !sp.voronoi || strings.HasSuffix(sp.name, "F1Batch")
}

// aosDeriv reports whether sp's derivative kernel gets an AoS twin at
// level l (Samples: cpu.samplesAoS): value and Perlin lattice 2D and 3D
// at both levels, simplex 2D and 3D at AVX2. Elsewhere the twin did not
// pay (min-time A/B of Samples, 4096 points: simplex 2D/3D at AVX-512
// −0.6 %/+0.8 %, Worley F1 and F2 2D/3D at both levels within ±1 %),
// against lattice −1 to −5 % and simplex at AVX2 −1.7 %.
func aosDeriv(sp batchSpec, l *isa) bool {
	if !(sp.dims == 2 || sp.dims == 3) || strings.Contains(sp.name, "Tiling") || sp.table || sp.voronoi {
		return false
	}
	return strings.Contains(sp.name, "Lattice") || l == isaAVX2 && strings.Contains(sp.name, "Simplex")
}

// aosMore is set while writeBatch writes one of the later twins: they take
// jit and jitC (aosSigJ), and their body is written under the name of the
// kernel they twin (aosKernelName).
var aosMore bool

// aosSigJ is the later twins' signature: aosSig with the Voronoi jitter.
const aosSigJ = "func(pos *float32, nans *uint32, out *float32, n int, h uint32, f float32, amp, ampSum, pp float32, mode int32, jit, jitC float32)"

// aosSignature is the signature of the twin being written: with deriv,
// the derivative kernels' (aosSigJ and dst, where the last octave of a
// whole chunk stores its samples).
func aosSignature(deriv bool) string {
	if deriv {
		return strings.TrimSuffix(aosSigJ, ")") + ", dst *float32)"
	}
	if aosMore {
		return aosSigJ
	}
	return aosSig
}

// aosKernelName is the name the body generators see (bk.name) for the twin
// sym of kernel name: the first three keep their own (their code as
// written before), the later ones take the twinned kernel's, so that every
// generator's test of the name (hoistLoad's simplex 2D invariants,
// hoistSimplex3's, …) treats the twin as its kernel and the twin gets the
// same body. Their labels repeat the kernel's, which Go's assembler allows:
// labels are scoped to their TEXT block.
func aosKernelName(sym, name string) string {
	if aosBatch && aosMore {
		return name
	}
	return sym
}

// aosState is an AoS twin's loop state: the positions' base and the NaN
// lanes seen (a GP register at AVX2, an opmask at AVX-512).
type aosState struct {
	dims int
	pos  GPVirtual
	acc  GPVirtual
	kacc OpmaskVirtual
}

// aosStart loads the positions' base and zeroes the NaN lanes.
func aosStart(dims int) *aosState {
	a := &aosState{dims: dims}
	a.pos = Load(Param("pos"), GP64()).(GPVirtual)
	if wide() {
		a.kacc = K()
		KXORW(a.kacc, a.kacc, a.kacc)
	} else {
		a.acc = GP32()
		XORL(a.acc, a.acc)
	}
	return a
}

// load splits the iteration's positions (lanes × groups from i) into
// k.pos, as prepareBatch does (writePrepare: the same index tables), and
// ors their NaN lanes into the state.
func (a *aosState) load(k *bk, i GPVirtual) {
	l := cur
	axes := []int{0, 2}
	if a.dims == 3 {
		axes = []int{0, 1, 2}
	}
	var sel [3][3]uint32
	var perm [3][]uint32
	var perm2 [3][2][]uint32
	for ax := 0; ax < 3; ax++ {
		for e := ax; e < 3*l.lanes; e += 3 {
			sel[ax][e/l.lanes] |= 1 << (e % l.lanes)
			perm[ax] = append(perm[ax], uint32(e%l.lanes))
		}
		for j := 0; j < l.lanes; j++ {
			e := uint32(ax + 3*j)
			if e < uint32(2*l.lanes) {
				perm2[ax][0] = append(perm2[ax][0], e)
				perm2[ax][1] = append(perm2[ax][1], uint32(j))
			} else {
				perm2[ax][0] = append(perm2[ax][0], 0)
				perm2[ax][1] = append(perm2[ax][1], e-uint32(l.lanes))
			}
		}
	}
	off := GP64()
	LEAQ(Mem{Base: i, Index: i, Scale: 2}, off) // 3i
	for _, ax := range axes {
		k.pos[ax] = make(vg, groups)
	}
	for g := 0; g < groups; g++ {
		m := func(j int) Mem { return Mem{Base: a.pos, Index: off, Scale: 4, Disp: (3*g + j) * l.size} }
		v0 := newReg()
		VMOVUPS(m(0), v0)
		for _, ax := range axes {
			if wide() {
				ix, i2 := ZMM(), ZMM()
				VMOVUPS(permTable(fmt.Sprintf("perm2x%d_%d_0", l.lanes, ax), perm2[ax][0]), ix)
				VPERMI2PS(m(1), v0, ix) // the elements from vectors 0 and 1
				VMOVUPS(permTable(fmt.Sprintf("perm2x%d_%d_1", l.lanes, ax), perm2[ax][1]), i2)
				VPERMT2PS(m(2), i2, ix)
				k.pos[ax][g] = ix
			} else {
				t, ix := YMM(), YMM()
				VBLENDPS(U8(uint8(sel[ax][1])), m(1), v0, t)
				VBLENDPS(U8(uint8(sel[ax][2])), m(2), t, t)
				VMOVUPS(permTable(fmt.Sprintf("perm%d_%d", l.lanes, ax), perm[ax]), ix)
				VPERMPS(t, ix, t)
				k.pos[ax][g] = t
			}
		}
		x, z := k.pos[0][g], k.pos[2][g]
		if wide() {
			mk := K()
			VCMPPS(U8(3), z, x, mk) // unordered: x or z is NaN
			KORW(mk, a.kacc, a.kacc)
			if a.dims == 3 {
				y, my := k.pos[1][g], K()
				VCMPPS(U8(3), y, y, my)
				KORW(my, a.kacc, a.kacc)
			}
		} else {
			mv := YMM()
			VCMPPS(U8(3), z, x, mv)
			if a.dims == 3 {
				y, my := k.pos[1][g], YMM()
				VCMPPS(U8(3), y, y, my)
				VORPS(my, mv, mv)
			}
			r := GP32()
			VMOVMSKPS(mv, r)
			ORL(r, a.acc)
		}
	}
}

// end writes the NaN lanes seen to *nans.
func (a *aosState) end() {
	nans := Load(Param("nans"), GP64()).(GPVirtual)
	r := a.acc
	if wide() {
		r = GP32()
		KMOVW(a.kacc, r)
	}
	MOVL(r, Mem{Base: nans})
}

// writeRunAoS writes the Go side of the AoS twins into the dispatch file:
// runAoS and runAoSDeriv, a case for each twin writeAoSKernels writes
// (aosFirst, aosOther, aosDeriv), so that the Go calls and the assembly
// come from one list.
func writeRunAoS(b *strings.Builder, specs []batchSpec) {
	bkName := func(sp batchSpec) string {
		s := strings.TrimSuffix(sp.name, "Batch")
		return "bk" + strings.ToUpper(s[:1]) + s[1:]
	}
	for _, deriv := range []bool{false, true} {
		if deriv {
			b.WriteString(`
// runAoSDeriv runs the AoS twin of k's derivative kernel (wideaos.go) at
// the AVX-512 level (wide) or AVX2 over n positions read from pos, as
// runDeriv would after prepareBatch, and reports whether there is one.
func (k batchKernel) runAoSDeriv(wide bool, pos *float32, nans *uint32, out *float32, n int, h uint32, f float32, amp, ampSum, pp float32, mode int32, jit, jitC float32, dst *float32) bool {
`)
		} else {
			b.WriteString(`
// runAoS runs the AoS twin of k (wideaos.go) at the AVX-512 level (wide)
// or AVX2 over n positions read from pos, as run would after
// prepareBatch, and reports whether there is one; *nans is nonzero after
// it where a coordinate the noise reads is NaN. (Direct calls: through a
// function value, nans and out would escape to the heap.)
func (k batchKernel) runAoS(wide bool, pos *float32, nans *uint32, out *float32, n int, h uint32, f float32, amp, ampSum, pp float32, mode int32, jit, jitC float32) bool {
`)
		}
		for _, l := range []*isa{isaAVX512, isaAVX2} {
			if l == isaAVX512 {
				b.WriteString("\tif wide {\n\t\tswitch k {\n")
			} else {
				b.WriteString("\tswitch k {\n")
			}
			ind := strings.Repeat("\t", map[bool]int{true: 2, false: 1}[l == isaAVX512])
			for _, sp := range specs {
				args := "pos, nans, out, n, h, f, amp, ampSum, pp, mode, jit, jitC"
				switch {
				case deriv && aosDeriv(sp, l):
					args += ", dst"
				case !deriv && aosFirst(sp.name):
					args = "pos, nans, out, n, h, f, amp, ampSum, pp, mode"
				case !deriv && aosOther(sp, l):
				default:
					continue
				}
				fmt.Fprintf(b, "%scase %s:\n%s\t%s(%s)\n", ind, bkName(sp), ind, aosName(sp, l, deriv), args)
			}
			fmt.Fprintf(b, "%sdefault:\n%s\treturn false\n%s}\n%sreturn true\n", ind, ind, ind, ind)
			if l == isaAVX512 {
				b.WriteString("\t}\n")
			}
		}
		b.WriteString("}\n")
	}
}
