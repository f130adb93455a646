package grid

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func TestCentres(t *testing.T) {
	g := Centres(2, 4)
	if len(g) != 16 || g[0] != (mgl32.Vec3{0.125, 0, 0.125}) || g[1] != (mgl32.Vec3{0.375, 0, 0.125}) || g[15] != (mgl32.Vec3{0.875, 0, 0.875}) {
		t.Errorf("Centres(2, 4) = %v", g)
	}
	g = Centres(3, 2)
	want := []mgl32.Vec3{{.25, .25, .25}, {.75, .25, .25}, {.25, .75, .25}, {.75, .75, .25}, {.25, .25, .75}, {.75, .25, .75}, {.25, .75, .75}, {.75, .75, .75}}
	for i := range want {
		if g[i] != want[i] {
			t.Fatalf("Centres(3, 2)[%d] = %v, want %v", i, g[i], want[i])
		}
	}
}

func TestFirst(t *testing.T) {
	// 10 points need a 4×4 grid in 2D and a 3×3×3 grid in 3D.
	g := First(2, 10)
	if len(g) != 10 || g[4] != (mgl32.Vec3{0.125, 0, 0.375}) {
		t.Errorf("First(2, 10) = %v", g)
	}
	g = First(3, 10)
	if len(g) != 10 || g[9] != (mgl32.Vec3{0.5 / 3, 0.5 / 3, 1.5 / 3}) {
		t.Errorf("First(3, 10)[9] = %v", g[9])
	}
	for _, dims := range []int{2, 3} {
		for _, p := range First(dims, 1000) {
			for _, c := range p {
				if c < 0 || c >= 1 {
					t.Fatalf("First(%d, 1000) has %v outside [0,1)", dims, p)
				}
			}
		}
	}
}
