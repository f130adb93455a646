package cpu

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/noiselab/noise"
)

// TestPermValueFlat checks that the flattened perm-value functions the
// Sampler runs (permValue1D..4D, permSample1D..4D) give the bits of the
// recursive form that permvalue.glsl mirrors (permValue: permNode1..4,
// permLerp, permFinish), value and every derivative, for 1D to 4D, normal
// and tiling, several seeds and frequencies, at random, lattice, large and
// huge coordinates.
func TestPermValueFlat(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	coord := func(i int) float32 {
		switch i % 5 {
		case 0:
			return r.Float32()*64 - 32
		case 1:
			return float32(r.IntN(512)-256) / 4 // lattice points and quarters
		case 2:
			return (r.Float32()*2 - 1) * float32(math.Ldexp(1, r.IntN(70)))
		case 3:
			return float32(math.Copysign(0, -1))
		}
		return r.Float32()
	}
	for _, seed := range []int32{0, 12, -7, math.MinInt32} {
		perm := PermValueTable(seed)
		for dims := 1; dims <= 4; dims++ {
			for _, tiling := range []bool{false, true} {
				for _, f := range []float32{1, 4, 2.5, 1 << 20, 3} {
					if tiling && f != float32(int32(f)) {
						continue
					}
					vp := &variantParams{dims: dims, tiling: tiling, perm: perm}
					for i := range 4000 {
						p := point{coord(i), coord(i / 5), coord(i / 25), coord(i / 125)}
						want := permValue(vp, 0, p, f)
						got := sampleFuncs[noise.FamilyPerm][dims-1](vp, 0, p, f)
						if permBits(got) != permBits(want) {
							t.Fatalf("seed %d %dD tiling %v f %v at %v: flat %+v, recursive %+v", seed, dims, tiling, f, p, got, want)
						}
						if v := valueFuncs[noise.FamilyPerm][dims-1](vp, 0, p, f); math.Float32bits(v) != math.Float32bits(want.V) {
							t.Fatalf("seed %d %dD tiling %v f %v at %v: flat value %v, recursive %v", seed, dims, tiling, f, p, v, want.V)
						}
					}
				}
			}
		}
	}
}

// permBits is a sample's bits, every component.
func permBits(s noise.Sample) [5]uint32 {
	return [5]uint32{math.Float32bits(s.V), math.Float32bits(s.Dx), math.Float32bits(s.Dy), math.Float32bits(s.Dz), math.Float32bits(s.Dw)}
}
