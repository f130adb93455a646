package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUselessFlags: every combination in which a flag would do nothing is
// refused, by every command (the built binaries), with one line naming the
// flag and what it needs; nothing is written.
func TestUselessFlags(t *testing.T) {
	dir := t.TempDir()
	png := filepath.Join(dir, "x.png")
	shot := filepath.Join(dir, "shot.png")
	const in = "0.1 0.2 0.3\n"
	for _, c := range []struct {
		tool string
		args []string
		want string
	}{
		// sample: the GPU flags, -perm-mode, the settings, the domain.
		{"noise", []string{"sample", "-noise", "perlin", "-context", "egl"}, "-context needs -backend gpu"},
		{"noise", []string{"sample", "-noise", "perlin", "-driver", "zink"}, "-driver needs -backend gpu"},
		{"noise", []string{"sample", "-noise", "perlin", "-backend", "cpu", "-arith", "exact"}, "-arith needs -backend gpu"},
		{"noise", []string{"sample", "-noise", "perm-value", "-perm-mode", "blog", "-arith", "exact"}, "-arith needs -backend gpu"},
		{"noise", []string{"sample", "-noise", "perlin", "-perm-mode", "fixed"}, "-perm-mode needs -noise perm-value"},
		{"noise", []string{"sample", "-noise", "perlin", "-backend", "gpu", "-isa", "avx2"}, "-isa needs -backend cpu"},
		{"noise", []string{"image", "-noise", "perlin", "-size", "4", "-o", png, "-backend", "gpu", "-isa", "scalar"}, "-isa needs -backend cpu"},
		{"noise", []string{"bench", "-noise", "value", "-backend", "gpu", "-isa", "scalar"}, "-isa needs -backend cpu or both"},
		{"noise", []string{"sample", "-noise", "perlin", "-fractal", "ridged", "-ping-pong", "3"}, "-ping-pong needs -fractal pingpong"},
		{"noise", []string{"sample", "-noise", "perlin", "-lacunarity", "3"}, "-lacunarity needs -octaves 2 or more"},
		{"noise", []string{"sample", "-noise", "perlin", "-octaves", "1", "-persistence", "0.3"}, "-persistence needs -octaves 2 or more"},
		{"noise", []string{"sample", "-noise", "perm-value", "-perm-mode", "blog", "-lacunarity", "3"}, "-lacunarity needs -octaves 2 or more"},
		{"noise", []string{"sample", "-noise", "perlin", "-warp-frequency", "2"}, "-warp-frequency needs a non-zero -warp-amplitude"},
		{"noise", []string{"sample", "-noise", "perlin", "-warp-amplitude", "0", "-warp-octaves", "2"}, "-warp-octaves needs a non-zero -warp-amplitude"},
		{"noise", []string{"sample", "-noise", "perlin", "-warp-mode", "progressive"}, "-warp-mode needs a non-zero -warp-amplitude"},
		{"noise", []string{"sample", "-noise", "perlin", "-warp-amplitude", "0.5", "-warp-mode", "progressive"}, "-warp-mode needs -warp-octaves 2 or more"},
		{"noise", []string{"sample", "-noise", "perlin", "-matrix", "pn", "-scale", "1,2,3"}, "-matrix needs a non-zero -rotate"},
		{"noise", []string{"sample", "-noise", "perlin", "-translate", "1,2,3,4"}, "-translate x,y,z,w needs 4D noise (-dims 4)"},
		{"noise", []string{"sample", "-noise", "voronoi-worley-f1", "-scale", "1,1,1,2"}, "-scale x,y,z,w needs 4D noise (-dims 4)"},
		// image: the GPU flags, the normal map's, the loop's, the plane's w.
		{"noise", []string{"image", "-noise", "perlin", "-arith", "exact", "-o", png}, "-arith needs -backend gpu"},
		{"noise", []string{"image", "-noise", "perlin", "-context", "egl", "-o", png}, "-context needs -backend gpu"},
		{"noise", []string{"image", "-noise", "perlin", "-displacement", "0.2", "-o", png}, "-displacement needs -normals"},
		{"noise", []string{"image", "-noise", "perlin", "-normals", "-ramp", "grey", "-o", png}, "-ramp does nothing with -normals"},
		{"noise", []string{"image", "-noise", "perlin", "-loop-radius", "2", "-o", png}, "-loop-radius needs -frames N"},
		{"noise", []string{"image", "-noise", "perlin", "-seamless", "-loop-radius", "2", "-o", png}, "-loop-radius does nothing with -seamless"},
		{"noise", []string{"image", "-noise", "perlin", "-tiling", "-frames", "2", "-loop-radius", "2", "-o", filepath.Join(dir, "f%d.png")}, "-loop-radius does nothing with -frames and -tiling"},
		{"noise", []string{"image", "-noise", "perlin", "-dims", "4", "-scale", "1,1,1,2", "-o", png}, "the w scale does nothing on the plane"},
		{"noise", []string{"image", "-noise", "perlin", "-translate", "0,0,0,1", "-o", png}, "-translate x,y,z,w needs 4D noise (-dims 4, -seamless or -frames)"},
		{"noise", []string{"image", "-noise", "perlin", "-ping-pong", "2", "-o", png}, "-ping-pong needs -fractal pingpong"},
		{"noise", []string{"image", "-noise", "perlin", "-persistence", "0.2", "-o", png}, "-persistence needs -octaves 2 or more"},
		{"noise", []string{"image", "-noise", "perlin", "-matrix", "pn", "-o", png}, "-matrix needs a non-zero -rotate"},
		// shader: the kernel takes settings and domain at run time; the
		// library has no -deriv and no #version.
		{"noise", []string{"shader", "-noise", "perlin", "-seed", "3"}, "-seed needs -library"},
		{"noise", []string{"shader", "-noise", "perlin", "-octaves", "3"}, "-octaves needs -library"},
		{"noise", []string{"shader", "-noise", "perlin", "-fractal", "ridged"}, "-fractal needs -library"},
		{"noise", []string{"shader", "-noise", "perlin", "-warp-amplitude", "0.5"}, "-warp-amplitude needs -library"},
		{"noise", []string{"shader", "-noise", "perlin", "-scale", "2"}, "-scale needs -library"},
		{"noise", []string{"shader", "-noise", "perlin", "-rotate", "0,30,0"}, "-rotate needs -library"},
		{"noise", []string{"shader", "-noise", "perlin", "-library", "-deriv"}, "-deriv does nothing with -library"},
		{"noise", []string{"shader", "-noise", "perlin", "-library", "-version", "410"}, "-version does nothing with -library"},
		{"noise", []string{"shader", "-noise", "perlin", "-library", "-warp-octaves", "2"}, "-warp-octaves needs a non-zero -warp-amplitude"},
		{"noise", []string{"shader", "-noise", "perlin", "-library", "-matrix", "pn"}, "-matrix needs a non-zero -rotate"},
		{"noise", []string{"shader", "-noise", "perlin", "-library", "-translate", "1,2,3,4"}, "-translate x,y,z,w needs 4D noise"},
		// bench: the GPU flags, the settings.
		{"noise", []string{"bench", "-context", "egl"}, "-context needs -backend gpu or both"},
		{"noise", []string{"bench", "-driver", "zink"}, "-driver needs -backend gpu or both"},
		{"noise", []string{"bench", "-backend", "cpu", "-arith", "exact"}, "-arith needs -backend gpu, both or webgpu"},
		{"noise", []string{"bench", "-gpu-points", "1000"}, "-gpu-points needs -backend gpu, both or webgpu"},
		{"noise", []string{"bench", "-backend", "webgpu", "-context", "egl"}, "-context needs -backend gpu or both: it picks the OpenGL context or driver, and Dawn"},
		{"noise", []string{"bench", "-backend", "webgpu", "-isa", "avx2"}, "-isa needs -backend cpu or both"},
		{"noise", []string{"bench", "-persistence", "0.3"}, "-persistence needs -octaves 2 or more"},
		{"noise", []string{"bench", "-fractal", "billow", "-ping-pong", "3"}, "-ping-pong needs -fractal pingpong"},
		{"noise", []string{"bench", "-warp-mode", "progressive"}, "-warp-mode needs a non-zero -warp-amplitude"},
		// verify: filters that select or leave out nothing.
		{"verify", []string{"-noise", "perlin,voronoi-worley-f1", "-dims", "4"}, "-noise voronoi-worley-f1 selects no variant with -dims 4"},
		{"verify", []string{"-noise", "perlin,simplex", "-tiling", "yes"}, "-noise simplex selects no variant with -tiling yes"},
		{"verify", []string{"-noise", "perlin", "-exclude", "simplex"}, "-exclude simplex leaves nothing out"},
		{"verify", []string{"-exclude", "voronoi-worley-f1", "-dims", "4"}, "-exclude voronoi-worley-f1 leaves nothing out"},
		{"verify", []string{"-noise", "voronoi-worley-f1", "-dims", "2,4"}, "-dims 4 selects no variant"},
		// viewer: the warp's dropped flags always; with -frames or
		// -screenshot, the flags the drawn state ignores.
		{"viewer", []string{"-warp-octaves", "2"}, "-warp-octaves needs a non-zero -warp-amplitude"},
		{"viewer", []string{"-screenshot", shot, "-instance-scale", "3"}, "-instance-scale needs -look cubes"},
		{"viewer", []string{"-screenshot", shot, "-seamless"}, "-seamless needs 4D noise on the plane"},
		{"viewer", []string{"-screenshot", shot, "-dims", "4", "-shape", "sphere", "-seamless"}, "-seamless needs 4D noise on the plane"},
		{"viewer", []string{"-frames", "3", "-time", "0.5"}, "-time needs 4D noise"},
		{"viewer", []string{"-frames", "3", "-loop"}, "-loop needs 4D noise"},
		{"viewer", []string{"-screenshot", shot, "-dims", "4", "-seamless", "-time", "0.5"}, "-time does nothing with -seamless"},
		{"viewer", []string{"-screenshot", shot, "-dims", "4", "-seamless", "-loop"}, "-loop does nothing with -seamless"},
		{"viewer", []string{"-screenshot", shot, "-matrix", "pn", "-scale", "1,2,3"}, "-matrix needs a non-zero -rotate or -animate"},
		{"viewer", []string{"-screenshot", shot, "-ping-pong", "3"}, "-ping-pong needs -fractal pingpong"},
		{"viewer", []string{"-screenshot", shot, "-lacunarity", "3"}, "-lacunarity needs -octaves 2 or more"},
		{"viewer", []string{"-screenshot", shot, "-translate", "1,2,3,4"}, "-translate x,y,z,w needs 4D noise"},
	} {
		name := c.tool + " " + strings.Join(c.args, " ")
		t.Run(name, func(t *testing.T) {
			r := runTool(t, c.tool, in, c.args...)
			prefix := c.tool + ": "
			if c.tool == "noise" {
				prefix = "noise " + c.args[0] + ": "
			}
			checkOneLineError(t, name, r, prefix, c.want)
			if r.stdout != "" {
				t.Errorf("%s: stdout %q, want nothing", name, r.stdout)
			}
		})
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*")); len(m) != 0 {
		t.Errorf("refused commands wrote %q", m)
	}
}

// TestUsefulFlags: the same flags where they do something are accepted,
// and change the output.
func TestUsefulFlags(t *testing.T) {
	in3, in4 := appendixInput(1), "0.1 0.2 0.3 0.4\n-1.7 2.3 0.45 5.5\n"
	// differs runs base and base+extra and wants both to succeed with
	// different output.
	differs := func(stdin string, base []string, extra ...string) {
		t.Helper()
		a, b := runIn(stdin, base...), runIn(stdin, append(append([]string(nil), base...), extra...)...)
		mustOK(t, a, base...)
		mustOK(t, b, append(base, extra...)...)
		if a.stdout == b.stdout {
			t.Errorf("%q: %q changes nothing", base, extra)
		}
	}
	sample := func(args ...string) []string { return append([]string{"sample", "-noise", "perlin"}, args...) }
	differs(in3, sample("-octaves", "2"), "-lacunarity", "3")
	differs(in3, sample("-octaves", "2"), "-persistence", "0.2")
	differs(in3, sample("-fractal", "pingpong"), "-ping-pong", "3")
	differs(in3, sample("-warp-amplitude", "0.5"), "-warp-frequency", "3")
	differs(in3, sample("-warp-amplitude", "0.5"), "-warp-octaves", "3")
	differs(in3, sample("-warp-amplitude", "0.5", "-warp-octaves", "2"), "-warp-mode", "progressive")
	differs(in3, sample("-rotate", "10,20,30", "-scale", "1,2,3"), "-matrix", "pn")
	differs(in4, sample("-dims", "4"), "-translate", "0,0,0,0.5")
	differs(in4, sample("-dims", "4"), "-scale", "1,1,1,2")
	differs(in3, []string{"sample", "-noise", "perm-value", "-perm-mode", "blog", "-octaves", "2"}, "-lacunarity", "3")
	mustOK(t, runIn(in3, "sample", "-noise", "perm-value", "-perm-mode", "fixed"))
	image := func(args ...string) []string {
		return append([]string{"image", "-noise", "simplex", "-size", "16", "-o", "-"}, args...)
	}
	differs("", image("-normals"), "-displacement", "0.3")
	differs("", image("-seamless"), "-scale", "1,1,1,2")
	differs("", image("-dims", "4"), "-translate", "0,0,0,0.5")
	differs("", image("-octaves", "2"), "-persistence", "0.9")
	dir := t.TempDir()
	for k, extra := range [][]string{nil, {"-loop-radius", "2"}} {
		args := append([]string{"image", "-noise", "simplex", "-size", "16", "-frames", "2", "-o", filepath.Join(dir, string(rune('a'+k))+"%d.png")}, extra...)
		mustOK(t, runIn("", args...), args...)
	}
	if a, _ := os.ReadFile(filepath.Join(dir, "a1.png")); bytes.Equal(a, must(os.ReadFile(filepath.Join(dir, "b1.png")))) {
		t.Error("-frames 2 -loop-radius 2: frame 1 is the frame of radius 0.5")
	}
	shader := func(args ...string) []string { return append([]string{"shader", "-noise", "perlin"}, args...) }
	differs("", shader("-library"), "-seed", "3")
	differs("", shader("-library"), "-lacunarity", "3") // the baked noise_settings() hands it on
	differs("", shader("-library"), "-ping-pong", "3")
	differs("", shader("-library", "-rotate", "0,30,0", "-scale", "1,2,3"), "-matrix", "pn")
	differs("", shader(), "-deriv")
	differs("", shader(), "-version", "450")
	if _, err := parseBench([]string{"-backend", "gpu", "-gpu-points", "1000", "-arith", "exact", "-context", "egl", "-driver", "llvmpipe",
		"-octaves", "2", "-persistence", "0.3", "-lacunarity", "3"}, io.Discard); err != nil {
		t.Errorf("bench: %v", err)
	}
	if _, err := parseBench([]string{"-backend", "both", "-warp-amplitude", "0.2", "-warp-octaves", "2", "-warp-mode", "progressive"}, io.Discard); err != nil {
		t.Errorf("bench: %v", err)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
