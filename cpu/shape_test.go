package cpu_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/internal/appendixa"
)

// TestShapesAppendixA6 reproduces test vectors A.6 (docs/algorithms.md §10): grid points 12–15 of a
// resolution-8 grid on the octahedron sphere, UV sphere and torus.
func TestShapesAppendixA6(t *testing.T) {
	cases, err := appendixa.ShapeCases()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		u, v := cpu.GridUV(12+c.Lane, 8)
		if u != c.UV[0] || v != c.UV[1] {
			t.Errorf("lane %d uv = (%v, %v), want %v", c.Lane, u, v, c.UV)
		}
		check := func(what string, got mgl32.Vec3, want [3]float32) {
			for k := range want {
				if got[k] != want[k] {
					t.Errorf("lane %d %s = %v, want %v", c.Lane, what, got, want)
					return
				}
			}
		}
		p, n := cpu.ShapePoint(cpu.Sphere, u, v)
		check("octa", p, c.Octa)
		check("octa normal", n, c.Octa)
		p, _ = cpu.ShapePoint(cpu.UVSphere, u, v)
		check("uv sphere", p, c.UVSphere)
		p, n = cpu.ShapePoint(cpu.Torus, u, v)
		check("torus", p, c.Torus)
		check("torus normal", n, c.TorusNormal)
	}
}

// TestPipelineAppendixA4 reproduces test vectors A.4 (docs/algorithms.md §10): the plane of resolution 5,
// domain scale 8, sampled with Perlin, simplex and Worley F1 3D.
func TestPipelineAppendixA4(t *testing.T) {
	cases, err := appendixa.PipelineCases()
	if err != nil {
		t.Fatal(err)
	}
	pos, _ := cpu.ShapeGrid(cpu.Plane, 5)
	dom := noise.Domain{Scale: [3]float32{8, 8, 8}}
	for _, c := range cases {
		j := 4*c.Group + c.Lane
		if u, v := cpu.GridUV(j, 5); u != c.UV[0] || v != c.UV[1] {
			t.Errorf("point %d uv = (%v, %v), want %v", j, u, v, c.UV)
		}
		m, tr := dom.Matrix()
		var q [3]float32 // the documented order: ((m0·x + m1·y) + m2·z) + t, each product rounded
		for i := range q {
			q[i] = ((float32(m[i][0]*pos[j][0]) + float32(m[i][1]*pos[j][1])) + float32(m[i][2]*pos[j][2])) + tr[i]
		}
		if q != c.Q {
			t.Errorf("point %d domain position = %v, want %v", j, q, c.Q)
		}
		for _, nc := range []struct {
			n    noise.Noise
			want uint32
		}{{noise.Perlin, c.Perlin3D}, {noise.Simplex, c.Simplex3D}, {noise.VoronoiWorleyF1, c.WorleyF13D}} {
			s := mustSampler(t, noise.Config{Noise: nc.n, Dims: 3, Settings: noise.DefaultSettings(), Domain: &dom})
			if got := s.ValueAt(pos[j]); !appendixa.SameBits(got, nc.want) {
				t.Errorf("point %d %s = %08X, want %08X", j, nc.n, math.Float32bits(got), nc.want)
			}
		}
	}
}

// TestShapeGridProperties checks independent properties of every shape:
// normals are unit length, the spheres have radius 0.5, the plane is flat,
// and the torus lies on its tube.
func TestShapeGridProperties(t *testing.T) {
	for _, sh := range cpu.Shapes() {
		pos, nrm := cpu.ShapeGrid(sh, 33)
		for i := range pos {
			if l := nrm[i].Len(); math.Abs(float64(l)-1) > 1e-6 {
				t.Fatalf("%s point %d normal length %v", sh, i, l)
			}
			p := pos[i]
			switch sh {
			case cpu.Plane:
				if p[1] != 0 || math.Abs(float64(p[0])) > 0.5 || math.Abs(float64(p[2])) > 0.5 {
					t.Fatalf("plane point %v", p)
				}
			case cpu.Sphere, cpu.UVSphere:
				if math.Abs(float64(p.Len())-0.5) > 1e-6 {
					t.Fatalf("%s point %v has radius %v", sh, p, p.Len())
				}
			case cpu.Torus:
				ring := math.Hypot(float64(p[0]), float64(p[2])) - 0.375
				if d := math.Hypot(ring, float64(p[1])); math.Abs(d-0.125) > 1e-6 {
					t.Fatalf("torus point %v is %v from the tube centre", p, d)
				}
			}
		}
	}
}
