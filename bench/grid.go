// Package bench holds the comparative benchmarks of the noise library: the
// project's cpu package against the Go peers github.com/ojrac/opensimplex-go
// and github.com/aquilax/go-perlin, measured in the same run on the same
// grids. Run them with
//
//	go test -run '^$' -bench . ./bench/
//	GOEXPERIMENT=simd go test -run '^$' -bench . ./bench/
//
// Every benchmark reports Mpts/s, millions of noise points per second.
package bench

import "github.com/go-gl/mathgl/mgl32"

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

func coord(i, n int) float32 { return (float32(i) + 0.5) / float32(n) }

// NewGrid2D returns the 256×256 grid of positions (x, 0, z) with
// x, z = (i+0.5)/256 (unit) and (i+0.5)/256·S (scaled).
func NewGrid2D() *Grid {
	g := &Grid{Dims: 2}
	for iz := range Side2D {
		for ix := range Side2D {
			g.add(mgl32.Vec3{coord(ix, Side2D), 0, coord(iz, Side2D)})
		}
	}
	return g
}

// NewGrid3D returns the 64×64×64 grid of positions (x, y, z) with
// x, y, z = (i+0.5)/64 (unit) and (i+0.5)/64·S (scaled).
func NewGrid3D() *Grid {
	g := &Grid{Dims: 3}
	for iz := range Side3D {
		for iy := range Side3D {
			for ix := range Side3D {
				g.add(mgl32.Vec3{coord(ix, Side3D), coord(iy, Side3D), coord(iz, Side3D)})
			}
		}
	}
	return g
}

func (g *Grid) add(u mgl32.Vec3) {
	s := u.Mul(PeerScale)
	g.Unit = append(g.Unit, u)
	g.Scaled = append(g.Scaled, s)
	g.Scaled64 = append(g.Scaled64, [3]float64{float64(s[0]), float64(s[1]), float64(s[2])})
}

// Len is the number of points.
func (g *Grid) Len() int { return len(g.Unit) }
