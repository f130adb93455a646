package main

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
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

// TestImageHeightmap checks the heightmap outputs against the noise
// itself: every pixel of a 16-bit (and of an 8-bit grey) image decodes back
// to the value at its position within half a level of the grey ramp over
// the noise's range, 16 bits keep more than 256 levels, and a 16-bit normal
// map decodes to unit normals.
func TestImageHeightmap(t *testing.T) {
	dir := t.TempDir()
	const size = 48
	for _, c := range []struct {
		name  string
		args  []string
		noise noise.Noise
		dims  int
		bits  int
	}{
		{"perlin 16", []string{"-noise", "perlin", "-bits", "16"}, noise.Perlin, 3, 16},
		{"simplex 2D 16 ramp grey", []string{"-noise", "simplex", "-dims", "2", "-bits", "16", "-ramp", "grey"}, noise.Simplex, 2, 16},
		{"worley f1 16", []string{"-noise", "voronoi-worley-f1", "-bits", "16"}, noise.VoronoiWorleyF1, 3, 16},
		{"value grey 8", []string{"-noise", "value", "-ramp", "grey"}, noise.Value, 3, 8},
	} {
		out := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_")+".png")
		args := append(append([]string{"image", "-size", fmt.Sprint(size)}, c.args...), "-o", out)
		r := runIn("", args...)
		mustOK(t, r, args...)
		img := decodePNG(t, out)
		if got := img.Bounds(); got != image.Rect(0, 0, size, size) {
			t.Fatalf("%s: bounds %v", c.name, got)
		}
		s, err := cpu.New(noise.Config{Noise: c.noise, Dims: c.dims, Settings: noise.DefaultSettings(),
			Domain: &noise.Domain{Scale: [3]float32{8, 8, 8}}})
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := c.noise.Range(c.dims)
		levels := map[uint32]bool{}
		for j := 0; j < size; j++ {
			for i := 0; i < size; i++ {
				var y, full float64
				switch m := img.(type) {
				case *image.Gray16:
					if c.bits != 16 {
						t.Fatalf("%s: a 16-bit image", c.name)
					}
					y, full = float64(m.Gray16At(i, j).Y), 0xFFFF
				case *image.Gray:
					if c.bits != 8 {
						t.Fatalf("%s: an 8-bit image", c.name)
					}
					y, full = float64(m.GrayAt(i, j).Y), 0xFF
				default:
					t.Fatalf("%s: a %T, want greyscale", c.name, img)
				}
				levels[uint32(y)] = true
				u, v := (float32(i)+0.5)/size, (float32(j)+0.5)/size
				want := float64(s.ValueAt(mgl32.Vec3{u - 0.5, 0, 0.5 - v}))
				want = math.Min(math.Max(want, float64(lo)), float64(hi))
				got := float64(lo) + y/full*float64(hi-lo)
				if math.Abs(got-want) > 0.5/full*float64(hi-lo)*1.001 {
					t.Fatalf("%s: pixel (%d, %d) decodes to %v, the noise there is %v", c.name, i, j, got, want)
				}
			}
		}
		if c.bits == 16 && len(levels) <= 256 {
			t.Errorf("%s: only %d grey levels in a 16-bit image", c.name, len(levels))
		}
	}

	out := filepath.Join(dir, "normals16.png")
	args := []string{"image", "-noise", "perlin", "-normals", "-bits", "16", "-size", "32", "-o", out}
	mustOK(t, runIn("", args...), args...)
	m, ok := decodePNG(t, out).(*image.RGBA64)
	if !ok {
		t.Fatalf("-normals -bits 16: not a 16-bit RGB image")
	}
	for j := 0; j < 32; j++ {
		for i := 0; i < 32; i++ {
			c := m.RGBA64At(i, j)
			x, z, y := float64(c.R)/0xFFFF*2-1, float64(c.G)/0xFFFF*2-1, float64(c.B)/0xFFFF*2-1
			if l := math.Sqrt(x*x + y*y + z*z); math.Abs(l-1) > 1e-4 || y <= 0 {
				t.Fatalf("normal at (%d, %d) = (%v, %v, %v), length %v", i, j, x, y, z, l)
			}
		}
	}
}

// TestImageFlagErrors: the new flags' errors are one line and exit 2.
func TestImageFlagErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-bits", "12"}, "valid: 8, 16"},
		{[]string{"-ramp", "rainbow"}, "valid: tutorial, grey"},
		{[]string{"-bits", "16", "-ramp", "tutorial"}, "-bits 16 writes greyscale values: use -ramp grey"},
		{[]string{"-backend", "tpu"}, "valid: cpu, gpu"},
		{[]string{"-seamless", "-noise", "voronoi-worley-f1"}, "voronoi-worley-f1 has none"},
		{[]string{"-seamless", "-dims", "3"}, "-dims 3 does not go with it"},
		{[]string{"-seamless", "-frames", "3"}, "do not combine"},
		{[]string{"-frames", "3"}, "one %d verb"},
		{[]string{"-frames", "0"}, "invalid -frames 0"},
		{[]string{"-frames", "20000"}, "must be 1 to 10000"},
		{[]string{"-loop-radius", "2"}, "needs -frames"},
		{[]string{"-frames", "2", "-loop-radius", "-1"}, "invalid -loop-radius"},
		{[]string{"-seamless", "-noise", "simplex", "-tiling"}, "no tiling variant"},
	} {
		out := filepath.Join(dir, "x.png")
		args := append(append([]string{"image", "-noise", "perlin", "-size", "8"}, c.args...), "-o", out)
		r := runIn("", args...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("noise %s: exit %d, stderr %q; want exit 2 and one line with %q", strings.Join(args, " "), r.code, r.stderr, c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("noise %s: wrote %s", strings.Join(args, " "), out)
		}
	}
}

// grey16 reads a 16-bit greyscale image as floats in [0, 1].
func grey16(t *testing.T, path string) [][]float64 {
	t.Helper()
	img, ok := decodePNG(t, path).(*image.Gray16)
	if !ok {
		t.Fatalf("%s: not 16-bit greyscale", path)
	}
	n := img.Bounds().Dx()
	g := make([][]float64, n)
	for y := range g {
		g[y] = make([]float64, n)
		for x := range g[y] {
			g[y][x] = float64(img.Gray16At(x, y).Y) / 65535
		}
	}
	return g
}

// seams returns the mean absolute step between neighbouring pixels inside
// the image, and across its left/right and top/bottom seams (the last
// column to the first, the last row to the first).
func seams(g [][]float64) (inside, across float64) {
	n := len(g)
	var ni, na int
	for y := range n {
		for x := range n {
			r := math.Abs(g[y][x] - g[y][(x+1)%n])
			d := math.Abs(g[y][x] - g[(y+1)%n][x])
			if x == n-1 {
				across, na = across+r, na+1
			} else {
				inside, ni = inside+r, ni+1
			}
			if y == n-1 {
				across, na = across+d, na+1
			} else {
				inside, ni = inside+d, ni+1
			}
		}
	}
	return inside / float64(ni), across / float64(na)
}

// TestImageSeamless: with -seamless the image's opposite edges continue
// each other (the step across a seam is like any step between neighbours)
// on noises without tiling, normal maps included; without it they do not
// (the check can fail); -tiling does it for Voronoi.
func TestImageSeamless(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args     []string
		seamless bool
	}{
		{[]string{"-noise", "simplex", "-seamless"}, true},
		{[]string{"-noise", "perlin", "-octaves", "3", "-seamless"}, true},
		{[]string{"-noise", "simplex-value-turbulence", "-seamless", "-fractal", "ridged", "-octaves", "2"}, true},
		{[]string{"-noise", "voronoi-worley-f1", "-tiling"}, true},
		{[]string{"-noise", "perlin", "-tiling", "-dims", "4", "-frames", "1"}, true},
		{[]string{"-noise", "simplex"}, false},
		{[]string{"-noise", "perlin", "-dims", "4"}, false},
	} {
		name := strings.Join(c.args, " ")
		out := filepath.Join(dir, "s%d.png")
		args := append(append([]string{"image", "-size", "96", "-bits", "16", "-scale", "1"}, c.args...), "-o", out)
		if !strings.Contains(name, "-frames") {
			args[len(args)-1] = filepath.Join(dir, "s.png")
		}
		mustOK(t, runIn("", args...), args...)
		path := args[len(args)-1]
		if strings.Contains(name, "-frames") {
			path = fmt.Sprintf(path, 0)
		}
		inside, across := seams(grey16(t, path))
		if c.seamless && across > 2*inside || !c.seamless && across < 3*inside {
			t.Errorf("%s: mean step %.4f across the seams, %.4f inside (seamless: %v)", name, across, inside, c.seamless)
		}
	}
	// A seamless normal map: its normals continue across the seams too.
	out := filepath.Join(dir, "n.png")
	mustOK(t, runIn("", "image", "-noise", "simplex", "-seamless", "-normals", "-size", "96", "-scale", "1", "-o", out))
	img := decodePNG(t, out)
	var inside, across float64
	for y := 0; y < 96; y++ {
		for x := 0; x < 96; x++ {
			r0, g0, _ := rgb8(img, x, y)
			r1, g1, _ := rgb8(img, (x+1)%96, y)
			d := math.Abs(float64(r0)-float64(r1)) + math.Abs(float64(g0)-float64(g1))
			if x == 95 {
				across += d / 96
			} else {
				inside += d / (95 * 96)
			}
		}
	}
	if across > 2*inside {
		t.Errorf("seamless normal map: mean step %.2f across the seam, %.2f inside", across, inside)
	}
}

// TestImageFrames: -frames N writes N frames of a loop, frame k at time
// k/N, so frame 2k of 8 is frame k of 4 byte for byte (and so frame N
// would be frame 0); the frames differ; -tiling runs time along w.
func TestImageFrames(t *testing.T) {
	dir := t.TempDir()
	for _, extra := range [][]string{{"-noise", "simplex"}, {"-noise", "perlin", "-tiling", "-octaves", "2"}, {"-noise", "value", "-normals", "-loop-radius", "0.25"}} {
		name := strings.Join(extra, " ")
		for _, n := range []string{"4", "8"} {
			args := append(append([]string{"image", "-size", "48", "-frames", n}, extra...), "-o", filepath.Join(dir, "f"+n+"-%03d.png"))
			mustOK(t, runIn("", args...), args...)
		}
		read := func(n, k int) []byte {
			b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("f%d-%03d.png", n, k)))
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		for k := range 4 {
			if !bytes.Equal(read(4, k), read(8, 2*k)) {
				t.Errorf("%s: frame %d of 4 differs from frame %d of 8", name, k, 2*k)
			}
			if bytes.Equal(read(8, 2*k), read(8, 2*k+1)) {
				t.Errorf("%s: frames %d and %d of 8 are the same", name, 2*k, 2*k+1)
			}
		}
		if _, err := os.Stat(filepath.Join(dir, "f4-004.png")); err == nil {
			t.Errorf("%s: -frames 4 wrote a fifth frame", name)
		}
	}
}

// TestImageGPU renders through the GPU sampler: on Mesa llvmpipe the PNG
// bytes are the CPU's (values, 16-bit heightmaps and normal maps of
// noises whose GPU results are the CPU's bit for bit); elsewhere the image
// has the same size and kind. The renderer line is stderr's only line.
func TestImageGPU(t *testing.T) {
	info := requireGL(t)
	dir := t.TempDir()
	for _, c := range [][]string{
		{"-noise", "perlin", "-octaves", "3"},
		{"-noise", "simplex", "-dims", "2", "-bits", "16"},
		{"-noise", "voronoi-worley-f1", "-tiling", "-normals"},
		{"-noise", "value-turbulence", "-normals", "-bits", "16"},
		{"-noise", "perlin", "-octaves", "4", "-fractal", "ridged", "-ramp", "grey"},
		{"-noise", "simplex", "-dims", "2", "-fractal", "pingpong", "-ping-pong", "1.5", "-normals"},
		{"-noise", "voronoi-worley-f2-minus-f1", "-octaves", "2", "-fractal", "billow", "-bits", "16"},
		{"-noise", "perlin", "-dims", "2", "-octaves", "3", "-warp-amplitude", "0.2", "-warp-octaves", "2", "-warp-mode", "progressive", "-normals"},
		{"-noise", "simplex", "-seamless", "-normals", "-octaves", "2"},
		{"-noise", "perlin-smooth-turbulence", "-dims", "4", "-bits", "16", "-scale", "2,3,4", "-translate", "0,0,0,0.3"},
		{"-noise", "simplex-value", "-frames", "1", "-loop-radius", "0.3"},
		{"-noise", "value", "-tiling", "-frames", "1", "-normals"},
	} {
		name := strings.Join(c, " ")
		paths := [2]string{filepath.Join(dir, "cpu.png"), filepath.Join(dir, "gpu.png")}
		frames := strings.Contains(name, "-frames")
		for k, backend := range []string{"cpu", "gpu"} {
			out := paths[k]
			if frames {
				out = strings.TrimSuffix(out, ".png") + "%d.png"
			}
			args := append(append([]string{"image", "-size", "72", "-backend", backend}, c...), "-o", out)
			r := runIn("", args...)
			if backend == "cpu" {
				mustOK(t, r, args...)
				continue
			}
			if r.code != 0 {
				t.Fatalf("%s: -backend gpu: exit %d, stderr %q", name, r.code, r.stderr)
			}
			checkGPULine(t, name, r, info)
		}
		if frames {
			for k := range paths {
				paths[k] = strings.TrimSuffix(paths[k], ".png") + "0.png"
			}
		}
		cpuPNG, err := os.ReadFile(paths[0])
		if err != nil {
			t.Fatal(err)
		}
		gpuPNG, err := os.ReadFile(paths[1])
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(info.Renderer, "llvmpipe") {
			if !bytes.Equal(cpuPNG, gpuPNG) {
				t.Errorf("%s: the GPU's PNG differs from the CPU's on %s", name, info.Line)
			}
			continue
		}
		a, b := decodePNG(t, paths[0]), decodePNG(t, paths[1])
		if a.Bounds() != b.Bounds() || fmt.Sprintf("%T", a) != fmt.Sprintf("%T", b) {
			t.Errorf("%s: GPU image %T %v, CPU image %T %v", name, b, b.Bounds(), a, a.Bounds())
		}
	}
}
