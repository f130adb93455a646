//go:build amd64 && !purego

package cpu

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
)

// TestValuesAoSCovers checks that every 2D and 3D noise whose batch kernel
// has an AoS twin (not tiling, no table; at AVX2 no Voronoi kernel but
// F1's) takes it for whole chunks at the batch levels (valuesAoS), and
// the twin of its derivative kernel where there is one (aosDeriv) for
// Samples (samplesAoS), so that TestValuesAoSEdges and
// TestSamplesAoSEdges test the twins.
func TestValuesAoSCovers(t *testing.T) {
	pos, out := make([]mgl32.Vec3, batchChunk), make([]float32, batchChunk)
	smp := make([]noise.Sample, batchChunk)
	for _, nz := range noise.Noises() {
		for _, dims := range []int{2, 3} {
			for _, jit := range []float32{0, 0.5} {
				st := noise.DefaultSettings()
				st.Jitter = jit
				s, err := New(noise.Config{Noise: nz, Dims: dims, Settings: st})
				if err != nil {
					t.Fatal(err)
				}
				if !s.bk.ok() || nz.Parts().Family == noise.FamilyPerm {
					continue
				}
				want, wide := batchChunk, false
				if wide, _ = s.batchLanes(); !wide && nz.Parts().Family == noise.FamilyVoronoi && !strings.HasSuffix(batchNames[s.bk], "F1") {
					want = 0
				}
				if n := s.valuesAoS(pos, out); n != want {
					t.Errorf("%v %dD jitter %v (%s): valuesAoS did %d", nz, dims, jit, batchNames[s.bk], n)
				}
				wantS := 0 // aosDeriv: lattice noise, and simplex at AVX2
				if p := nz.Parts(); p.Family == noise.FamilyLattice || p.Family == noise.FamilySimplex && !wide {
					wantS = batchChunk
				}
				if n := s.samplesAoS(pos, smp); n != wantS {
					t.Errorf("%v %dD jitter %v (%s): samplesAoS did %d", nz, dims, jit, batchNames[s.bk], n)
				}
			}
		}
	}
}
