package main

import (
	"math"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Simplex 2D (value kernels, both levels), its corners interleaved: the
// three corners are independent from their hash inputs to their sum, so
// they are written as the groups of the generic layer are (each operation
// for every corner of every position vector before the next), and each
// corner's chain of dependent multiplies (the hash's three, then the
// gradient's square root and division) runs beside the others' instead of
// after them. Both levels take two position vectors (batchSpec.groups),
// six corner chains: the cell part (the position to each corner's value
// gradient A·2/255 − 1, offsets x, z and falloff f) one or two vectors at
// a time, then the gradient and kernel three corners at a time at AVX2,
// two at AVX-512 (one corner of both vectors: s2plan; measured against
// one vector, four vectors and chunks of one, three, four or six; llvm-mca,
// sapphirerapids, simplex: 262 → 255 cycles per 32 points for two instead
// of three). Tried and not kept at AVX-512 (llvm-mca 262 → 293–304): each
// chunk's hash chain written with its gradient (the C yardstick's source
// order, hash c then kernel c, or hash c + 1 ahead of kernel c), so that
// the square roots and divisions spread over the iteration; other chunk
// orders (corner 2 first: worse).
// What the registers do not hold lives in the frame, read back by memory
// operands: a load port's micro-op, not a vector port's. The rest is fewer
// instructions for the same bits:
//
//   - k = F·invSqrt3 and h + C are computed once per call, before the
//     loop (hoistLoad): (h + (x0 + 1)·C) is (h + C) + x0·C;
//   - the third corner's floats are the scalar code's fx0 + d and
//     fz0 + (1 − d): blends of fx0, fx1 = fx0 + 1 (both round x0 + 1
//     once) and fz0, fz1 at AVX-512, the sums themselves at AVX2
//     (fx0 + (d ∧ 1), no three-micro-op VBLENDVPS); its hash and z·C are
//     blends;
//   - at AVX-512 a constant that must be an instruction's register
//     operand (0.5 − x², 1 / sqrt, max(−0, f)) is broadcast once per
//     chunk and read by all its groups (shared), not once per group;
//   - the kernel mask: (((f·g)·f)·f)·maskNonNegative(f, 8) is
//     (((f'·g)·f')·f')·8 with f' = max(−0, f), and the corners' ×8 are
//     one, after their sum: simplex 3D's rewrite (widesimplex.go's header
//     gives the argument; f = (0.5 − x²) − z² is never −0, as there);
//   - gx − floor(gx + 0.5) of the circle gradient is gx − round(gx)
//     (to nearest even): the same bits for each of the 256 bytes
//     (checkRoundHalf checks it whenever the kernels are written);
//   - with the simplex gradient r = 1 / sqrt(gx² + gy²) is a
//     function of byte A alone, so it is read from s2rsqrt, a table of
//     its 256 values that the generator computes by the reference's
//     operations in its order, each rounded to float32 (as
//     cpu.circleGrads' r, which the scalar code reads): one VGATHERDPS
//     indexed by A per corner vector instead of a VSQRTPS and a VDIVPS
//     (at AVX-512 three micro-ops each, on the divider and port 5) and
//     the two squares and their sum. The cell part keeps byte A instead
//     of A·2/255 − 1, which the kernel part converts after the gather
//     (CPU-time A/B of the kernels, Xeon model 167, loaded, medians of
//     5: AVX-512 432 → 544 Mpts/s, AVX2 274 → 296; llvm-mca, which does
//     not model the divider's occupancy, sapphirerapids 248 → 235 cycles
//     per 32 points).
//
// The derivative kernels keep simplexCell2 (widederiv.go).

// s2inv are simplex 2D's loop invariants while its kernel is written
// (hoistLoad): k = F·invSqrt3 and h + primeC; for the simplex gradient,
// the base of s2rsqrt and at AVX-512 an all-ones opmask (s2Gather).
var s2inv struct {
	kf, hC opnd
	rtab   GPVirtual
	ones   OpmaskVirtual
}

// hoistLoad computes, before a kernel's loop, the loop invariants its body
// reads (simplex 2D's; nothing for the other kernels).
func hoistLoad(k *bk) {
	s2inv.kf, s2inv.hC, s2inv.rtab, s2inv.ones = nil, nil, nil, nil
	if !strings.HasSuffix(strings.TrimSuffix(k.name, cur.name), "Simplex2DBatch") {
		return
	}
	checkRoundHalf()
	defer func(g int) { groups = g }(groups)
	groups = 1
	if strings.HasPrefix(k.name, "simplexSimplex") {
		s2inv.rtab = GP64()
		LEAQ(s2rsqrtTable(), s2inv.rtab)
		if wide() {
			ones := GP32()
			s2inv.ones = K()
			MOVL(U32(0xffff), ones)
			KMOVW(ones, s2inv.ones)
		}
	}
	kf, hC := mov(k.F), newv()
	mulps(kf, kf, kc(invSqrt3))
	addd(hC, k.h, kc(primeC))
	if wide() { // registers to spare: held through the loop
		s2inv.kf, s2inv.hC = cst{r: kf[0]}, cst{r: hC[0]}
		return
	}
	s2inv.kf, s2inv.hC = k.fr.put(kf[0]), k.fr.put(hC[0])
}

// checkRoundHalf panics unless gx − floor(gx + 0.5) and gx − round(gx)
// (to nearest even) are the same bits for gx = (A·inv255)·2 − 1, every
// byte A: the rewrite simplex2Corners uses.
func checkRoundHalf() {
	c := math.Float32frombits(inv255x2)
	for a := 0; a < 256; a++ {
		gx := float32(float32(a)*c) - 1
		f := float32(math.Floor(float64(float32(gx + 0.5))))
		r := float32(math.RoundToEven(float64(gx)))
		if math.Float32bits(gx-f) != math.Float32bits(gx-r) {
			panic("asmgen: gx − floor(gx + 0.5) ≠ gx − round(gx)")
		}
	}
}

// ops is a value of every group, each in a register or a frame slot.
type ops []Op

func (o ops) at(g int) Op { return o[g] }

// cat is the groups of parts one after another (parts of the current
// groups; the result is a value of len(parts)·groups groups).
func cat(parts ...opnd) ops {
	var o ops
	for _, p := range parts {
		for g := 0; g < groups; g++ {
			o = append(o, p.at(g))
		}
	}
	return o
}

// pick is d = m ? t : f (registers).
func pick(m mask, t, f vg) vg {
	d := newv()
	if wide() {
		kblend(d, m, t, f)
	} else {
		blend(d, m, t, f)
	}
	return d
}

// roundne is d = round(a) to the nearest, ties to even.
func roundne(d vg, a opnd) {
	if wide() {
		op2i(VRNDSCALEPS, 0, d, a)
	} else {
		op2i(wVROUNDPS, 0, d, a)
	}
}

// s2plan is how simplex2Corners uses the registers at the current level:
// the cell part (the position to the corners' value gradients g, offsets
// x, z and falloffs f) takes vecA position vectors at a time, keeping each
// result in registers or the frame (spill: g, x and z, f); the gradient
// and kernel part takes chunk corners at a time (of the 3·groups,
// corner-major).
type s2plan struct {
	vecA  int
	spill [3]bool
	chunk int
}

// s2planNow is the plan of the kernel being written: at AVX-512 two
// vectors' cell part at once, the value gradients in registers and, with
// the simplex gradient, the offsets and falloffs too (no frame stores:
// llvm-mca 251 → 248 cycles per 32 points; the value gradient's kernel
// loses, 180 → 185, and keeps them in the frame), the kernels two corners
// at a time (one vector: everything in registers, three at a time); at
// AVX2 (16 registers) one vector's at a time, everything in the frame.
func s2planNow(simplexGrad bool) s2plan {
	switch {
	case wide() && groups == 1:
		return s2plan{vecA: 1, chunk: 3}
	case wide() && !simplexGrad:
		return s2plan{vecA: min(groups, 2), spill: [3]bool{false, true, true}, chunk: 2}
	case wide():
		return s2plan{vecA: min(groups, 2), chunk: 2}
	}
	return s2plan{vecA: 1, spill: [3]bool{true, true, true}, chunk: 3}
}

// simplex2Corners is simplexValue2D before combineValue
// (cpu.simplexValue2D), its three corners interleaved.
func (k *bk) simplex2Corners(simplexGrad bool) vg {
	P := groups
	defer func() { groups = P }()
	pl := s2planNow(simplexGrad)
	// the corners' values, corner-major: group c·P + p is corner c of
	// position vector p
	n := 3 * P
	G, XS, ZS, FS := make(ops, n), make(ops, n), make(ops, n), make(ops, n)
	var held []opnd
	for p0 := 0; p0 < P; p0 += groups {
		groups = min(pl.vecA, P-p0)
		c := k.simplex2Cell(p0, pl.spill)
		for i, dst := range []ops{G, XS, ZS, FS} {
			held = append(held, c[i])
			for cn := 0; cn < 3; cn++ {
				for g := 0; g < groups; g++ {
					dst[cn*P+p0+g] = c[i].at(cn*groups + g)
				}
			}
		}
	}
	KN := make(ops, n)
	for i0 := 0; i0 < n; i0 += groups {
		groups = min(pl.chunk, n-i0)
		sel := func(o ops) ops { return o[i0 : i0+groups] }
		kn := simplex2Kernel(simplexGrad, sel(G), sel(XS), sel(ZS), sel(FS))
		var kept opnd = kn
		if i0+groups < n && pl.spill[0] {
			kept = k.fr.spill(kn)
		}
		for g := range kn {
			KN[i0+g] = kept.at(g)
		}
	}
	k.fr.release(held...)
	// the sum in the scalar order, (k0 + k1) + kC
	groups = P
	sum := newv()
	addps(sum, KN[:P], KN[P:2*P])
	addps(sum, sum, KN[2*P:])
	mulps(sum, sum, kc(f8)) // the corners' ×8 (the file's comment)
	return sum
}

// simplex2Cell is the cell part of simplex2Corners for the position
// vectors p0 … p0 + groups − 1: the three corners' value gradients
// (A·2/255 − 1 of the hash), offsets x and z and falloffs f, each a value
// of 3·groups groups, corner-major, in registers or the frame (spill).
func (k *bk) simplex2Cell(p0 int, spill [3]bool) [4]opnd {
	P := groups
	defer func() { groups = P }()
	pos := func(a int) vg { return k.pos[a][p0 : p0+P] }
	// the scaled position and getSimplexCell2
	X, Z := newv(), newv()
	mulps(X, pos(0), s2inv.kf)
	mulps(Z, pos(2), s2inv.kf)
	clampc(X)
	clampc(Z)
	sk, sx, sz := newv(), newv(), newv()
	addps(sk, X, Z)
	mulps(sk, sk, kc(skew2))
	addps(sx, X, sk)
	addps(sz, Z, sk)
	fx0, fz0, ix, iz, d := simplexFloor2(sx, sz) // d: fz < fx, the third corner is (x0 + 1, z0)
	// the hash inputs: h0 = eat(h, x0), h1 = eat(h + C, x0·C), the third
	// corner's by d; z0·C, z1·C = z0·C + C, the third corner's by ¬d
	xc := timesC(ix)
	h0, h1 := eatC(k.h, xc), eatC(s2inv.hC, xc)
	z0c := timesC(iz)
	z1c := newv()
	addd(z1c, z0c, kc(primeC))
	hC, zC := pick(d, h1, h0), pick(d, z0c, z1c)
	H, ZC := cat(h0, h1, hC), cat(z0c, z1c, zC)
	groups = 3 * P
	// the hashes: eat(h, z·C), the avalanche, byte A's value gradient
	v := newv()
	addd(v, ZC, H)
	rotl(v, v, 17)
	mulld(v, v, kc(primeD))
	var g vg
	if s2Gather() {
		g = byteA(wavalanchePre(v)) // the byte itself: simplex2Kernel
	} else {
		g = wbyteGradientA(wavalanchePre(v))
	}
	var out [4]opnd
	out[0] = k.fr.keep(g, spill[0])
	groups = P
	// the corners' floats: fx0 + d, fz0 + (1 − d) for the third
	fx1, fz1 := newv(), newv()
	addps(fx1, fx0, kc(f1))
	addps(fz1, fz0, kc(f1))
	var fxC, fzC vg
	if wide() {
		fxC, fzC = pick(d, fx1, fx0), pick(d, fz0, fz1)
	} else {
		fxC, fzC = newv(), newv()
		and(fxC, d.v, kc(f1))
		andn(fzC, d.v, kc(f1))
		addps(fxC, fx0, fxC)
		addps(fzC, fz0, fzC)
	}
	FX, FZ := cat(fx0, fx1, fxC), cat(fz0, fz1, fzC)
	XX, ZZ := cat(X, X, X), cat(Z, Z, Z)
	groups = 3 * P
	// corner by corner: u = (fx + fz)·unskew2, x = (X − fx) + u,
	// z = (Z − fz) + u, f = (0.5 − x²) − z²
	u, x, z := newv(), newv(), newv()
	addps(u, FX, FZ)
	mulps(u, u, kc(unskew2))
	subps(x, XX, FX)
	addps(x, x, u)
	subps(z, ZZ, FZ)
	addps(z, z, u)
	f, t := newv(), newv()
	mulps(t, x, x)
	subps(f, shared(f0p5), t)
	mulps(t, z, z)
	subps(f, f, t)
	out[1], out[2], out[3] = k.fr.keep(x, spill[1]), k.fr.keep(z, spill[1]), k.fr.keep(f, spill[2])
	return out
}

// inRegs is o in registers: its own, or loaded from the frame.
func inRegs(o opnd) vg {
	r := make(vg, groups)
	for g := range r {
		if v, ok := o.at(g).(VecVirtual); ok {
			r[g] = v
		} else {
			r[g] = newReg()
			VMOVUPS(o.at(g), r[g])
		}
	}
	return r
}

// wsquareRound turns value gradients g (A·2/255 − 1, in registers) in
// place into the x of the circle gradient's square vector, gx = g −
// round(g), and returns its y, gy = 0.5 − |g| (the scalar circleGradient's
// order: gy first, from the unrounded g). t is its scratch register,
// free for the caller.
func wsquareRound(g vg) (gy, t vg) { return wsquareRoundC(g, kc(f0p5)) }

// wsquareRoundC is wsquareRound with the constant 0.5 given (shared).
func wsquareRoundC(g vg, half opnd) (gy, t vg) {
	gy, t = newv(), newv()
	absps(gy, g)
	subps(gy, half, gy)
	roundne(t, g)
	subps(g, g, t)
	return gy, t
}

// simplex2Kernel is the kernels of groups corners from their value
// gradients g0 (A·2/255 − 1), offsets x, z and falloffs f: the gradient
// (valueGradient, or circleGradient·simplex2) and
// (((f·g)·f)·f)·maskNonNegative(f, 8).
func simplex2Kernel(simplexGrad bool, g0, xs, zs, fs opnd) vg {
	g := inRegs(g0)
	if simplexGrad && s2Gather() {
		// g is byte A: r = s2rsqrt[A], then A·2/255 − 1 in place;
		// circleGradient as below with r looked up
		r := newv()
		for i := range r {
			// the gather merges into its destination under the mask it
			// clears: a definition first (the register is not live
			// before), and a fresh all-ones mask
			VMOVUPS(g[i], r[i])
			m := Mem{Base: s2inv.rtab, Index: g[i], Scale: 4}
			if wide() {
				km := K()
				KMOVW(s2inv.ones, km)
				VGATHERDPS(m, km, r[i])
			} else {
				mk := YMM()
				VMOVUPS(kc(0xffffffff).m, mk)
				VGATHERDPS(mk, m, r[i])
			}
		}
		cvtdq2ps(g, g)
		mulps(g, g, kc(inv255x2))
		subps(g, g, kc(f1))
		dot, _ := circleDot(g, xs, zs)
		mulps(dot, dot, r)
		mulps(dot, dot, kc(simplex2))
		return kernelFalloff8C(fs, dot, shared(signMask))
	}
	if simplexGrad {
		// circleGradient: gy = 0.5 − |gx|, gx −= round(gx),
		// ((gx·x + gy·z)·r)·simplex2 with r = 1 / sqrt(gx² + gy²)
		dot, gy := circleDot(g, xs, zs)
		mulps(g, g, g)
		mulps(gy, gy, gy)
		addps(g, g, gy)
		sqrtps(g, g)
		divps(g, shared(f1), g)
		mulps(dot, dot, g)
		mulps(dot, dot, kc(simplex2))
		g = dot
	}
	// the kernel without its factor 8 (kernelFalloff8, widesimplex.go):
	// ((f'·g)·f')·f' with f' = max(−0, f); the ×8 after the corners' sum
	return kernelFalloff8C(fs, g, shared(signMask))
}

// shared is constant v for the current groups: at AVX-512 with several
// groups, broadcast once into a register that they all read (one load
// micro-op instead of one per group where the constant must be an
// instruction's register operand); else kc(v).
func shared(v uint32) opnd {
	c := kc(v)
	if !wide() || groups == 1 || c.r != nil {
		return c
	}
	r := ZMM()
	VBROADCASTSS(c.m, r)
	return cst{m: c.m, r: r}
}

// s2Gather reports whether the simplex 2D kernel being written looks its
// gradients' 1 / sqrt(gx² + gy²) up in s2rsqrt (a VGATHERDPS indexed by
// byte A) instead of computing it (a VSQRTPS and a VDIVPS per corner
// vector): the simplex gradient, both levels (hoistLoad).
func s2Gather() bool { return s2inv.rtab != nil }

// s2rsqrtTable is s2rsqrt, 256 float32: entry A is circleGradient's
// r = 1 / sqrt(gx² + gy²) of byte A, computed here by the reference's
// operations in its order (squareVectors, then cpu.circleGrads' r), each
// rounded to float32: the kernel's sqrt and division gave these bits.
func s2rsqrtTable() Mem {
	const name = "s2rsqrt"
	if m, ok := consts[name]; ok {
		return m
	}
	inv := math.Float32frombits(inv255)
	v := make([]uint32, 256)
	for a := range v {
		gx := float32(float32(float32(a)*inv)*2) - 1 // valueGradient
		gy := float32(0.5) - float32(math.Abs(float64(gx)))
		gx = gx - float32(math.Floor(float64(gx+0.5)))
		s := float32(gx*gx) + float32(gy*gy)
		v[a] = math.Float32bits(1 / float32(math.Sqrt(float64(s))))
	}
	return permTable(name, v)
}

// circleDot is circleGradient's gx·x + gy·z from the value gradient g
// (squareVectors' gx, rounded in place, and gy = 0.5 − |gx|); it returns
// the dot and gy.
func circleDot(g vg, xs, zs opnd) (dot, gy vg) {
	gy, t := wsquareRoundC(g, shared(f0p5))
	dot = newv()
	mulps(dot, g, xs)
	mulps(t, gy, zs)
	addps(dot, dot, t)
	return dot, gy
}
