package main

import (
	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

// Mesh is what the viewer samples and draws for one shape, look and
// resolution: the sample positions with their unit normals and, for the
// surface look, the triangles over them.
type Mesh struct {
	Positions []mgl32.Vec3
	Normals   []mgl32.Vec3
	Indices   []uint32 // surface look: triangles; cubes: none (one instance per position)
}

// buildMesh returns the mesh of shape at resolution res. The cubes sit at
// the tutorial's res×res cell centres (cpu.ShapeGrid, docs/algorithms.md §12). The
// surface has its vertices at the (res+1)×(res+1) cell corners instead, so
// that the edges of the square meet: on the octahedron sphere the folded
// edges (u, 0) and (1−u, 0) map to the same point, on the torus u = 0 and
// u = 1, so the surface has no cracks.
func buildMesh(shape cpu.Shape, look Look, res int) Mesh {
	if look == Cubes {
		p, n := cpu.ShapeGrid(shape, res)
		return Mesh{Positions: p, Normals: n}
	}
	side := res + 1
	m := Mesh{
		Positions: make([]mgl32.Vec3, 0, side*side),
		Normals:   make([]mgl32.Vec3, 0, side*side),
		Indices:   make([]uint32, 0, 6*res*res),
	}
	inv := 1 / float32(res)
	for j := 0; j < side; j++ {
		for i := 0; i < side; i++ {
			p, n := cpu.ShapePoint(shape, float32(i)*inv, float32(j)*inv)
			m.Positions = append(m.Positions, p)
			m.Normals = append(m.Normals, n.Normalize())
		}
	}
	for j := 0; j < res; j++ {
		for i := 0; i < res; i++ {
			a := uint32(j*side + i)
			b, c, d := a+1, a+uint32(side), a+uint32(side)+1
			// Split each quad along the diagonal that follows the
			// octahedron's fold lines (|x| + |y| = ½), so the sphere's
			// facets do not cut across them.
			if (i < res/2) == (j < res/2) {
				m.Indices = append(m.Indices, a, b, d, a, d, c)
			} else {
				m.Indices = append(m.Indices, a, b, c, b, d, c)
			}
		}
	}
	return m
}

// sphereRadius is the radius of the viewer's shapes (docs/algorithms.md §12 fits them
// in a unit cube).
const sphereRadius = 0.5

// displace returns the surface look's vertex: the point p of the shape,
// with unit normal n, moved by the noise sample s (value and derivatives
// with respect to p) times displacement, and the analytical normal there.
// The vertex shader's displace is its GLSL twin.
//
//   - plane: docs/algorithms.md §12 (cpu.PlaneSurface): y = displacement·v.
//   - sphere: docs/algorithms.md §12 (cpu.SphereSurface) on the unit sphere ω = p/R,
//     R = 0.5: the height in units of R is displacement·v/R and its
//     gradient over ω is displacement·∇v, so the radius is R·(1 + h/R).
//   - torus: moved along n by h = displacement·v, with the normal of
//     torusSurface.
func displace(shape cpu.Shape, p, n mgl32.Vec3, s noise.Sample, displacement float32) (pos, normal mgl32.Vec3) {
	switch shape {
	case cpu.Plane:
		h, nrm, _ := cpu.PlaneSurface(s, displacement)
		return mgl32.Vec3{p[0], h, p[2]}, nrm
	case cpu.Sphere:
		h := noise.Sample{
			V:  float32(displacement*s.V) / sphereRadius,
			Dx: float32(displacement * s.Dx),
			Dy: float32(displacement * s.Dy),
			Dz: float32(displacement * s.Dz),
		}
		w := p.Mul(1 / sphereRadius)
		q, nrm, _ := cpu.SphereSurface(w, mgl32.Vec3{}, h, 1)
		return q.Mul(sphereRadius), nrm
	}
	return torusSurface(p, n, s, displacement)
}

// torusSurface moves the point p of the torus with unit normal n along n by
// h = displacement·v. Along each principal direction e of the torus (the
// big circle, curvature cos φ/ρ, and the tube, curvature 1/r2) the
// displaced surface's tangent is (1 + h·κ)·e + (∇h·e)·n, so its normal is
// n − Σ (∇h·e)/(1 + h·κ)·e (on a sphere this is docs/algorithms.md §12's formula).
func torusSurface(p, n mgl32.Vec3, s noise.Sample, displacement float32) (pos, normal mgl32.Vec3) {
	const r2 = 0.125 // the tube radius (docs/algorithms.md §12)
	h := displacement * s.V
	g := mgl32.Vec3{displacement * s.Dx, displacement * s.Dy, displacement * s.Dz}
	rho := mgl32.Vec2{p[0], p[2]}.Len()                                // distance from the axis
	cosPhi := mgl32.Vec2{n[0], n[2]}.Dot(mgl32.Vec2{p[0], p[2]}) / rho // cos of the tube angle
	eu := mgl32.Vec3{p[2], 0, -p[0]}.Normalize()                       // along the big circle
	ev := n.Cross(eu)                                                  // along the tube
	ku, kv := cosPhi/rho, float32(1/r2)
	normal = n.Sub(eu.Mul(g.Dot(eu) / (1 + h*ku))).Sub(ev.Mul(g.Dot(ev) / (1 + h*kv))).Normalize()
	return p.Add(n.Mul(h)), normal
}

// cubeVertices is a unit cube centred on the origin: 36 vertices (12
// triangles), each as position x, y, z then face normal x, y, z.
func cubeVertices() []float32 {
	faces := [6]struct{ n, u, v mgl32.Vec3 }{
		{mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 1, 0}, mgl32.Vec3{0, 0, 1}},
		{mgl32.Vec3{-1, 0, 0}, mgl32.Vec3{0, 0, 1}, mgl32.Vec3{0, 1, 0}},
		{mgl32.Vec3{0, 1, 0}, mgl32.Vec3{0, 0, 1}, mgl32.Vec3{1, 0, 0}},
		{mgl32.Vec3{0, -1, 0}, mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 0, 1}},
		{mgl32.Vec3{0, 0, 1}, mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 1, 0}},
		{mgl32.Vec3{0, 0, -1}, mgl32.Vec3{0, 1, 0}, mgl32.Vec3{1, 0, 0}},
	}
	var out []float32
	for _, f := range faces {
		corner := func(a, b float32) mgl32.Vec3 {
			return f.n.Mul(0.5).Add(f.u.Mul(a)).Add(f.v.Mul(b))
		}
		quad := [6]mgl32.Vec3{corner(-.5, -.5), corner(.5, -.5), corner(.5, .5), corner(-.5, -.5), corner(.5, .5), corner(-.5, .5)}
		for _, p := range quad {
			out = append(out, p[0], p[1], p[2], f.n[0], f.n[1], f.n[2])
		}
	}
	return out
}
