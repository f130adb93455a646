package main

// The Perlin lattice kernels at AVX2 (16 registers) interleave two groups,
// as the exact C yardstick does (../shared/peers/limit: "Perlin gains at
// ×2"; one group was latency-bound). The registers then hold only the two
// groups' hash chains and corner work: every axis lives in the frame (its
// corners' products with primeC, offsets and interpolator are memory
// operands), and in 3D so do the x hash prefix (between its two y eats),
// the last corner's value, the last pair's lerp and the x = 0 half, each
// read back before its one use. Only where values live changes: every
// instruction computes what latticeBodyPipe's does, in the same order per
// group. The tiling Perlin 3D kernel keeps one group (two need more than
// 16 registers: groupOverride). AVX-512 kernels are not affected (lavx2 is
// false there).

// lavx2 reports whether the lattice kernel being written is a Perlin
// kernel at AVX2 with two groups.
func lavx2(perlin bool) bool { return !wide() && perlin && groups > 1 }

// lavx2Park holds v until its one use: in the frame where lavx2(p3) (p3:
// Perlin 3D), else in registers.
func lavx2Park(k *bk, v vg, p3 bool) opnd { return k.fr.keep(v, lavx2(p3)) }

// lavx2Take is a value lavx2Park held, in registers (loaded from the frame,
// its slots given back, where it was parked).
func lavx2Take(k *bk, o opnd) vg {
	if v, ok := o.(vg); ok {
		return v
	}
	v := mov(o)
	k.fr.release(o)
	return v
}
