package main

// The lattice kernels at AVX2 (16 registers): Perlin noise interleaves two
// groups there too, as the exact C yardstick does (../shared/peers/limit,
// "Perlin gains at ×2"), with every axis in the frame (its corners' offsets,
// products with primeC and interpolator are memory operands) so that the
// registers hold the two groups' hash prefixes and corner work; in 3D the
// x = 0 half's lerp waits in the frame too. Only where the values live
// changes: every instruction computes what latticeBodyPipe's does, in the
// same order per group. AVX-512 kernels are not affected (lavx2 is false
// there).

// lavx2 reports whether the lattice kernel being written is a Perlin
// kernel at AVX2 with two groups: its axes and, in 3D, its first half
// live in the frame.
func lavx2(perlin bool) bool { return !wide() && perlin && groups > 1 }

// lavx2Park holds v (the x = 0 half of a 3D cell) until the last lerp: in
// the frame where lavx2, else in registers; lavx2Take gets it back.
func lavx2Park(k *bk, v vg, perlin bool) opnd { return k.fr.keep(v, lavx2(perlin)) }

func lavx2Take(k *bk, o opnd) vg {
	if v, ok := o.(vg); ok {
		return v
	}
	v := mov(o)
	k.fr.release(o)
	return v
}
