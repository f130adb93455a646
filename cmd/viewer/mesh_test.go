package main

import (
	"math/rand"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

func TestCubesMeshIsTheTutorialGrid(t *testing.T) {
	for _, sh := range viewerShapes {
		m := buildMesh(sh, Cubes, 7)
		p, n := cpu.ShapeGrid(sh, 7)
		if len(m.Indices) != 0 || len(m.Positions) != 49 {
			t.Fatalf("%s: %d positions, %d indices", sh, len(m.Positions), len(m.Indices))
		}
		for i := range p {
			if m.Positions[i] != p[i] || m.Normals[i] != n[i] {
				t.Fatalf("%s point %d: %v %v, want cpu.ShapeGrid's %v %v", sh, i, m.Positions[i], m.Normals[i], p[i], n[i])
			}
		}
	}
}

// TestSurfaceMeshIsClosed: the surface's vertices sit on the cell corners,
// so the square's edges that the shape glues together carry the same
// points: the sphere has no cracks along its folds and the torus none at
// its seams.
func TestSurfaceMeshIsClosed(t *testing.T) {
	const res = 16
	side := res + 1
	for _, sh := range viewerShapes {
		m := buildMesh(sh, Surface, res)
		if len(m.Positions) != side*side || len(m.Indices) != 6*res*res {
			t.Fatalf("%s: %d vertices, %d indices", sh, len(m.Positions), len(m.Indices))
		}
		for _, i := range m.Indices {
			if int(i) >= len(m.Positions) {
				t.Fatalf("%s: index %d out of %d vertices", sh, i, len(m.Positions))
			}
		}
		for i, n := range m.Normals {
			if l := n.Len(); l < 0.9999 || l > 1.0001 {
				t.Fatalf("%s: normal %d has length %v", sh, i, l)
			}
		}
		at := func(i, j int) mgl32.Vec3 { return m.Positions[j*side+i] }
		for k := 0; k <= res; k++ {
			switch sh {
			case cpu.Sphere: // (u, 0) ~ (1−u, 0), (u, 1) ~ (1−u, 1), and the same for v
				pairs := [][2]mgl32.Vec3{
					{at(k, 0), at(res-k, 0)}, {at(k, res), at(res-k, res)},
					{at(0, k), at(0, res-k)}, {at(res, k), at(res, res-k)},
				}
				for _, p := range pairs {
					if p[0] != p[1] {
						t.Fatalf("sphere: fold at k=%d: %v and %v", k, p[0], p[1])
					}
				}
			case cpu.Torus: // u = 0 ~ u = 1 and v = 0 ~ v = 1
				if at(0, k).Sub(at(res, k)).Len() > 1e-6 || at(k, 0).Sub(at(k, res)).Len() > 1e-6 {
					t.Fatalf("torus: seam at k=%d: %v %v, %v %v", k, at(0, k), at(res, k), at(k, 0), at(k, res))
				}
			}
		}
	}
}

// TestDisplaceTwinsTheLibrary: on the plane, displace is cpu.PlaneSurface;
// on the sphere, with radius 1 it would be cpu.SphereSurface, and at the
// viewer's radius ½ it is the same surface scaled.
func TestDisplaceTwinsTheLibrary(t *testing.T) {
	s := noise.Sample{V: 0.3, Dx: -1.5, Dy: 0.25, Dz: 2}
	p := mgl32.Vec3{0.1, 0, -0.2}
	pos, nrm := displace(cpu.Plane, p, mgl32.Vec3{0, 1, 0}, s, 0.2)
	h, want, _ := cpu.PlaneSurface(s, 0.2)
	if pos != (mgl32.Vec3{0.1, h, -0.2}) || nrm != want {
		t.Errorf("plane: %v %v, want height %v normal %v", pos, nrm, h, want)
	}
	q := mgl32.Vec3{0.3, -0.4, 0}.Normalize().Mul(0.5)
	pos, nrm = displace(cpu.Sphere, q, q.Normalize(), s, 0.2)
	unit := noise.Sample{V: 0.2 * 0.3 * 2, Dx: 0.2 * -1.5, Dy: 0.2 * 0.25, Dz: 0.2 * 2}
	wantPos, wantNrm, _ := cpu.SphereSurface(q.Mul(2), mgl32.Vec3{}, unit, 1)
	if !pos.ApproxEqualThreshold(wantPos.Mul(0.5), 1e-7) || !nrm.ApproxEqualThreshold(wantNrm, 1e-7) {
		t.Errorf("sphere: %v %v, want %v %v", pos, nrm, wantPos.Mul(0.5), wantNrm)
	}
}

// TestSurfaceNormalsMatchTheGeometry: the normals the surface look lights
// with, made from the noise's analytical derivatives, are perpendicular to
// the displaced surface itself, measured by central differences over the
// shape's (u, v) parameters.
func TestSurfaceNormalsMatchTheGeometry(t *testing.T) {
	cfg := noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings(),
		Domain: &noise.Domain{Rotation: [3]float32{20, 30, 0}, Scale: [3]float32{2, 2, 2}}}
	noise, err := cpu.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	const disp = 0.1
	surface := func(sh cpu.Shape, u, v float32) (mgl32.Vec3, mgl32.Vec3) {
		p, n := cpu.ShapePoint(sh, u, v)
		return displace(sh, p, n.Normalize(), noise.At(p), disp)
	}
	tests := []struct {
		shape  cpu.Shape
		minCos float64
	}{{cpu.Plane, 0.9999}, {cpu.Sphere, 0.9999}, {cpu.Torus, 0.9999}}
	rng := rand.New(rand.NewSource(2))
	const e = 1e-3
	for _, tt := range tests {
		worst := 1.0
		for i := 0; i < 300; i++ {
			u, v := 0.05+0.9*rng.Float32(), 0.05+0.9*rng.Float32()
			if tt.shape == cpu.Sphere {
				// Stay off the octahedron's creases (x = 0, y = 0 and
				// |x| + |y| = ½), where the parametrisation kinks.
				x, y := u-0.5, v-0.5
				if abs(x) < 2*e || abs(y) < 2*e || abs(abs(x)+abs(y)-0.5) < 2*e {
					continue
				}
			}
			_, n := surface(tt.shape, u, v)
			a, _ := surface(tt.shape, u+e, v)
			b, _ := surface(tt.shape, u-e, v)
			c, _ := surface(tt.shape, u, v+e)
			d, _ := surface(tt.shape, u, v-e)
			fd := a.Sub(b).Cross(c.Sub(d)).Normalize()
			cos := float64(fd.Dot(n))
			if cos < 0 {
				cos = -cos // the (u, v) orientation is not the normal's
			}
			worst = min(worst, cos)
		}
		if worst < tt.minCos {
			t.Errorf("%s: worst cosine between the analytical and the finite-difference normal %v, want ≥ %v", tt.shape, worst, tt.minCos)
		}
		t.Logf("%s: worst cosine %v", tt.shape, worst)
	}
}

func abs(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

func TestCubeVertices(t *testing.T) {
	v := cubeVertices()
	if len(v) != 36*6 {
		t.Fatalf("%d floats", len(v))
	}
	for i := 0; i < 36; i += 3 {
		var p [3]mgl32.Vec3
		for k := range p {
			o := (i + k) * 6
			p[k] = mgl32.Vec3{v[o], v[o+1], v[o+2]}
			for _, c := range p[k] {
				if c != 0.5 && c != -0.5 {
					t.Fatalf("vertex %d: %v is not a unit cube corner", i+k, p[k])
				}
			}
		}
		n := mgl32.Vec3{v[i*6+3], v[i*6+4], v[i*6+5]}
		// Counter-clockwise seen from outside: the winding's normal is
		// the face normal (the cubes are drawn with back faces culled).
		if w := p[1].Sub(p[0]).Cross(p[2].Sub(p[0])); w.Normalize() != n {
			t.Errorf("triangle %d: winding normal %v, face normal %v", i/3, w, n)
		}
	}
}
