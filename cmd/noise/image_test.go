package main

import (
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func decodePNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

func rgb8(img image.Image, x, y int) (r, g, b uint8) {
	R, G, B, _ := img.At(x, y).RGBA()
	return uint8(R >> 8), uint8(G >> 8), uint8(B >> 8)
}

// TestImage renders colour images and normal maps and checks their
// properties: size, not uniform, greyscale noise grey, signed noise with
// pure-red negative pixels, normals pointing up.
func TestImage(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		args []string
		size int
		kind string // "grey", "signed" or "normals"
	}{
		{"perlin default size", []string{"-noise", "perlin"}, 512, "signed"},
		{"simplex 2D", []string{"-noise", "simplex", "-dims", "2", "-size", "96"}, 96, "signed"},
		{"value 1D", []string{"-noise", "value", "-dims", "1", "-size", "40"}, 40, "signed"},
		{"perm-value 4D", []string{"-noise", "perm-value", "-dims", "4", "-size", "64"}, 64, "signed"},
		{"worley f1", []string{"-noise", "voronoi-worley-f1", "-size", "96"}, 96, "grey"},
		{"worley f2 1D", []string{"-noise", "voronoi-worley-f2", "-dims", "1", "-size", "64"}, 64, "grey"},
		{"perlin turbulence tiling octaves", []string{"-noise", "perlin-turbulence", "-tiling", "-octaves", "3", "-size", "64"}, 64, "grey"},
		{"domain flags", []string{"-noise", "value", "-scale", "3,5,7", "-rotate", "10,20,30", "-translate", "1,2,3", "-matrix", "pn", "-size", "64"}, 64, "signed"},
		{"perlin normals", []string{"-noise", "perlin", "-normals", "-size", "96"}, 96, "normals"},
		{"worley normals", []string{"-noise", "voronoi-worley-f1", "-normals", "-displacement", "0.05", "-size", "64"}, 64, "normals"},
		{"simplex normals 2D", []string{"-noise", "simplex", "-dims", "2", "-normals", "-size", "64"}, 64, "normals"},
	} {
		out := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_")+".png")
		args := append(append([]string{"image"}, c.args...), "-o", out)
		r := runIn("", args...)
		mustOK(t, r, args...)
		if r.stdout != "" {
			t.Errorf("%s: stdout %q", c.name, r.stdout)
		}
		img := decodePNG(t, out)
		if b := img.Bounds(); b.Dx() != c.size || b.Dy() != c.size {
			t.Fatalf("%s: size %v, want %d×%d", c.name, b, c.size, c.size)
		}
		distinct := map[[3]uint8]bool{}
		red, up := 0, 0
		for y := 0; y < c.size; y++ {
			for x := 0; x < c.size; x++ {
				r, g, b := rgb8(img, x, y)
				distinct[[3]uint8{r, g, b}] = true
				switch c.kind {
				case "grey":
					if r != g || g != b {
						t.Fatalf("%s: pixel (%d,%d) = (%d,%d,%d), want grey", c.name, x, y, r, g, b)
					}
				case "signed":
					if r > 0 && g == 0 && b == 0 {
						red++
					} else if r != g || g != b {
						t.Fatalf("%s: pixel (%d,%d) = (%d,%d,%d), want grey or pure red", c.name, x, y, r, g, b)
					}
				case "normals":
					if b > 127 {
						up++
					}
				}
			}
		}
		if len(distinct) < 10 {
			t.Errorf("%s: only %d distinct colours", c.name, len(distinct))
		}
		n := c.size * c.size
		if c.kind == "signed" && red < n/10 {
			t.Errorf("%s: %d of %d pixels pure red, want negative values shown red", c.name, red, n)
		}
		if c.kind == "normals" && up < n*9/10 {
			t.Errorf("%s: %d of %d pixels with B > 127, want normals pointing up", c.name, up, n)
		}
	}
}

// TestImageMapping checks where pixels sample and how values become
// grey, through the sample command: pixel (i, j) of a size×size image is
// the position (u−0.5, 0, 0.5−v)·8 (default scale) with u = (i+0.5)/size,
// v = (j+0.5)/size, so +Z is up; the grey level is round(255·value).
func TestImageMapping(t *testing.T) {
	const size = 16
	out := filepath.Join(t.TempDir(), "map.png")
	r := runIn("", "image", "-noise", "value-turbulence", "-dims", "2", "-size", fmt.Sprint(size), "-o", out)
	mustOK(t, r)
	img := decodePNG(t, out)
	var in strings.Builder
	type px struct{ i, j int }
	pts := []px{{0, 0}, {15, 0}, {0, 15}, {7, 3}, {12, 9}}
	for _, p := range pts {
		u := (float32(p.i) + 0.5) / size
		v := (float32(p.j) + 0.5) / size
		fmt.Fprintf(&in, "%s 0 %s\n", f32(8*(u-0.5)), f32(8*(0.5-v)))
	}
	s := runIn(in.String(), "sample", "-noise", "value-turbulence", "-dims", "2")
	mustOK(t, s)
	for k, line := range lines(s.stdout) {
		v := parse32(t, line)
		want := uint8(math.Round(float64(v) * 255))
		if r, _, _ := rgb8(img, pts[k].i, pts[k].j); r != want && r != want-1 && r != want+1 {
			t.Errorf("pixel %v = %d, sample gives %v → %d", pts[k], r, v, want)
		}
	}
}
