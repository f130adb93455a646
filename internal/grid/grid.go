// Package grid builds the grids of positions the project measures and
// checks on: cell centres of the unit square or cube, x fastest. 2D grids
// lie on the XZ plane, where 2D noise reads (x, z).
package grid

import "github.com/go-gl/mathgl/mgl32"

// Centres returns the side^dims cell centres of [0,1)^dims, x fastest:
// (x, 0, z) for dims 2, (x, y, z) for dims 3, each coordinate
// (i+0.5)/side (exact in float32 and float64 when side is a power of two).
func Centres(dims, side int) []mgl32.Vec3 {
	return centres(dims, side, pow(side, dims))
}

// First returns the first n cell centres, x fastest, of the smallest
// side^dims grid in [0,1)^dims that has at least n cells.
func First(dims, n int) []mgl32.Vec3 {
	side := 1
	for pow(side, dims) < n {
		side++
	}
	return centres(dims, side, n)
}

func centres(dims, side, n int) []mgl32.Vec3 {
	c := func(i int) float32 { return (float32(i) + 0.5) / float32(side) }
	pos := make([]mgl32.Vec3, n)
	for i := range pos {
		x, y := i%side, i/side
		if dims == 2 {
			pos[i] = mgl32.Vec3{c(x), 0, c(y)}
		} else {
			pos[i] = mgl32.Vec3{c(x), c(y % side), c(y / side)}
		}
	}
	return pos
}

func pow(k, e int) int {
	p := 1
	for range e {
		p *= k
	}
	return p
}
