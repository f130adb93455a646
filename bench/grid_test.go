package bench

import (
	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise/internal/grid"
)

// Grid sizes: 2D is 256×256 points, 3D is 64×64×64 points.
const (
	Side2D = 256
	Side3D = 64
)

// PeerScale is S, the factor from the unit grid to the peers' grid.
//
// Like with like: our samplers use noise.DefaultSettings(), frequency 4, on the
// unit grid [0,1), so their lattice coordinates are unit·4 ∈ (0, 4). The peers
// have no frequency setting (their lattice spacing is 1), so they are given
// the same grid scaled by S = 4: the very same lattice coordinates, about four
// cells across each axis for every library. Cell-boundary crossings, cache
// behaviour of hash/permutation lookups and the number of distinct cells are
// therefore the same for all of them.
const PeerScale = 4

// Grid is one benchmark grid: the same points on the unit grid (for our
// samplers, which scale by their frequency) and scaled by PeerScale (for the
// peers), in float32 and float64. Scaled[i] == Unit[i]·PeerScale exactly:
// every coordinate is (2k+1)/2^m, exact in both float types.
type Grid struct {
	Dims     int
	Unit     []mgl32.Vec3
	Scaled   []mgl32.Vec3
	Scaled64 [][3]float64
}

// NewGrid2D returns the 256×256 grid of positions (x, 0, z) with
// x, z = (i+0.5)/256 (unit) and (i+0.5)/256·S (scaled).
func NewGrid2D() *Grid { return newGrid(2, grid.Centres(2, Side2D)) }

// NewGrid3D returns the 64×64×64 grid of positions (x, y, z) with
// x, y, z = (i+0.5)/64 (unit) and (i+0.5)/64·S (scaled).
func NewGrid3D() *Grid { return newGrid(3, grid.Centres(3, Side3D)) }

func newGrid(dims int, unit []mgl32.Vec3) *Grid {
	g := &Grid{Dims: dims, Unit: unit}
	for _, u := range unit {
		s := u.Mul(PeerScale)
		g.Scaled = append(g.Scaled, s)
		g.Scaled64 = append(g.Scaled64, [3]float64{float64(s[0]), float64(s[1]), float64(s[2])})
	}
	return g
}

// Len is the number of points.
func (g *Grid) Len() int { return len(g.Unit) }
