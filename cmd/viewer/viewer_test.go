package main

import (
	"bytes"
	"errors"
	"image"
	"image/draw"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

// needDisplay skips a test that opens a window when there is no X server,
// unless NOISE_REQUIRE_GPU is set (CI), where that is a failure.
func needDisplay(t *testing.T) {
	t.Helper()
	if os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" {
		return
	}
	if os.Getenv("NOISE_REQUIRE_GPU") != "" {
		t.Fatal("no display and NOISE_REQUIRE_GPU is set: run the tests under xvfb-run (make test does)")
	}
	t.Skip("no display: run under xvfb-run to test the window")
}

// shot renders state s for two frames in a small window, without the text
// panel, and returns the last frame.
func shot(t *testing.T, s State) *image.NRGBA { return scriptedShot(t, s, nil) }

// scriptedShot is shot with actions applied before frame 1.
func scriptedShot(t *testing.T, s State, actions []Action) *image.NRGBA {
	t.Helper()
	name := filepath.Join(t.TempDir(), "shot.png")
	_, err := view(s, options{width: 192, height: 144, instanceScale: 2, frames: 2, screenshot: name, noHUD: true,
		script: map[int][]Action{1: actions}}, io.Discard)
	if err != nil {
		t.Fatalf("%s: %v", s.Title(), err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	n := image.NewNRGBA(img.Bounds())
	draw.Draw(n, n.Rect, img, image.Point{}, draw.Src)
	return n
}

// distinctColours counts the colours of an image.
func distinctColours(img *image.NRGBA) int {
	seen := map[[4]uint8]bool{}
	for i := 0; i < len(img.Pix); i += 4 {
		seen[[4]uint8(img.Pix[i:i+4])] = true
	}
	return len(seen)
}

// differing returns the fraction of pixels that differ by more than 8
// levels in some channel.
func differing(a, b *image.NRGBA) float64 {
	n := 0
	for i := 0; i < len(a.Pix); i += 4 {
		for c := 0; c < 3; c++ {
			if d := int(a.Pix[i+c]) - int(b.Pix[i+c]); d > 8 || d < -8 {
				n++
				break
			}
		}
	}
	return float64(n) / float64(len(a.Pix)/4)
}

// TestScreenshots: on the plane and on the sphere, the picture is not
// uniform, and it changes with the noise type and with the look, while the
// same state draws the same picture.
func TestScreenshots(t *testing.T) {
	needDisplay(t)
	for _, shape := range []cpu.Shape{cpu.Plane, cpu.Sphere} {
		base := DefaultState()
		base.Shape, base.Resolution = shape, 48
		perlin := shot(t, base)
		again := shot(t, base)
		worley := base
		worley.Noise = noise.VoronoiWorleyF1
		cubes := base
		cubes.Look = Cubes
		imgs := map[string]*image.NRGBA{"perlin surface": perlin, "worley surface": shot(t, worley), "perlin cubes": shot(t, cubes)}
		for name, img := range imgs {
			if n := distinctColours(img); n < 64 {
				t.Errorf("%s %s: %d colours; the picture is (nearly) uniform", shape, name, n)
			}
			if f := differing(img, blank(img)); f < 0.15 {
				t.Errorf("%s %s: only %.0f%% of the pixels are not background", shape, name, 100*f)
			}
		}
		if f := differing(perlin, again); f != 0 {
			t.Errorf("%s: the same state drew %.2f%% different pixels", shape, 100*f)
		}
		if f := differing(perlin, imgs["worley surface"]); f < 0.05 {
			t.Errorf("%s: perlin and worley differ in %.2f%% of the pixels", shape, 100*f)
		}
		if f := differing(perlin, imgs["perlin cubes"]); f < 0.05 {
			t.Errorf("%s: surface and cubes differ in %.2f%% of the pixels", shape, 100*f)
		}
	}
}

// TestDomainChangeInPlace: turning the domain with a key (the Sampler
// keeps its programs and takes the new domain) draws what a viewer started
// with that domain draws, and not the picture before the turn.
func TestDomainChangeInPlace(t *testing.T) {
	needDisplay(t)
	for _, n := range []noise.Noise{noise.Perlin, noise.PermValue} {
		s := DefaultState()
		s.Noise, s.Resolution = n, 48
		before := shot(t, s)
		turned := scriptedShot(t, s, []Action{RotateLeft, RotateUp})
		s.Domain.Rotation = [3]float32{360 - rotationStep, 360 - rotationStep, 0}
		fresh := shot(t, s)
		if f := differing(turned, fresh); f != 0 {
			t.Errorf("%s: turned in place and started turned differ in %.2f%% of the pixels", n, 100*f)
		}
		if f := differing(turned, before); f < 0.05 {
			t.Errorf("%s: turning the domain changed %.2f%% of the pixels", n, 100*f)
		}
	}
}

// TestFourDimensions draws 4D noise (positions mapped to 4D on the CPU,
// sampled with stride 4): the same time draws the same picture, another
// time of the loop another one, on the plane and the sphere; and the
// seamless plane (samples made on the CPU and written to the buffer).
func TestFourDimensions(t *testing.T) {
	needDisplay(t)
	for _, shape := range []cpu.Shape{cpu.Plane, cpu.Sphere} {
		s := DefaultState()
		s.Noise, s.Dims, s.Shape, s.Resolution = noise.Simplex, 4, shape, 48
		s.Time = 0.25
		a, b := shot(t, s), shot(t, s)
		s.Time = 0.75
		c := shot(t, s)
		if f := differing(a, b); f != 0 {
			t.Errorf("%s: the same 4D state drew %.2f%% different pixels", shape, 100*f)
		}
		if f := differing(a, c); f < 0.05 {
			t.Errorf("%s: half a loop later only %.2f%% of the pixels differ", shape, 100*f)
		}
		if n := distinctColours(a); n < 64 {
			t.Errorf("%s: %d colours; the 4D picture is (nearly) uniform", shape, n)
		}
	}
	// The seamless plane: sampled on the CPU, drawn like the GPU's samples.
	s := DefaultState()
	s.Noise, s.Dims, s.Resolution = noise.Simplex, 4, 48
	plain := shot(t, s)
	s.Seamless = true
	seamless, again := shot(t, s), shot(t, s)
	if f := differing(seamless, again); f != 0 {
		t.Errorf("the seamless plane drew %.2f%% different pixels twice", 100*f)
	}
	if f := differing(seamless, plain); f < 0.05 {
		t.Errorf("seamless and plain 4D planes differ in %.2f%% of the pixels", 100*f)
	}
	if n := distinctColours(seamless); n < 64 {
		t.Errorf("the seamless plane has %d colours", n)
	}
}

// blank is an image of the background colour (the top left pixel, which
// the shapes never reach).
func blank(img *image.NRGBA) *image.NRGBA {
	b := image.NewNRGBA(img.Rect)
	for i := 0; i < len(b.Pix); i += 4 {
		copy(b.Pix[i:i+4], img.Pix[0:4])
	}
	return b
}

// TestResamplesOnlyOnChange: the noise is computed once for a still
// picture, again only when a setting or the domain changes (not for the
// displacement, the help or the camera), and every frame while the domain
// spins.
func TestResamplesOnlyOnChange(t *testing.T) {
	needDisplay(t)
	s := DefaultState()
	s.Resolution = 16
	opts := options{width: 64, height: 48, instanceScale: 2, frames: 12, script: map[int][]Action{
		2:  {DisplacementUp},
		3:  {ToggleHelp},
		4:  {ResetView},
		5:  {OctavesUp},
		7:  {ToggleLook},
		9:  {ToggleAnimate},
		10: {},
	}}
	st, err := view(s, opts, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	// Frame 0 samples; frame 5 (octaves) and 7 (look: new points) again;
	// the spin starts at frame 9, and the domain turns on frames 10 and 11.
	if st.Frames != 12 || st.Resamples != 5 || st.Remeshes != 2 {
		t.Errorf("12 frames: %d frames drawn, %d resamples (want 5), %d remeshes (want 2)", st.Frames, st.Resamples, st.Remeshes)
	}
}

// TestInteractive runs the window as a person would (waiting for events,
// not drawing a fixed number of frames): a key for the next noise, the
// screenshot key and Esc, one per wake-up (no input comes, so the window
// wakes every 10 ms).
func TestInteractive(t *testing.T) {
	needDisplay(t)
	t.Chdir(t.TempDir()) // the screenshot key writes to the current directory
	// An earlier session's screenshot is kept: the key takes the next name.
	os.WriteFile("noise-viewer-perlin-turbulence-01.png", []byte("keep"), 0o644)
	s := DefaultState()
	s.Resolution = 16
	var stdout bytes.Buffer
	st, err := view(s, options{width: 64, height: 48, instanceScale: 2, idle: 10 * time.Millisecond, script: map[int][]Action{
		1: {NextNoise}, 2: {Screenshot}, 4: {Dims4}, 5: {Quit}, 50: {}}}, &stdout)
	if err != nil {
		t.Fatal(err)
	}
	// Drawn: the first frame, the new noise, the screenshot and the frame
	// after it (showing "saved"), 4D, and Esc's last frame; the wake-ups
	// with nothing to do draw nothing.
	if st.Resamples != 3 || st.Frames != 6 {
		t.Errorf("%d resamples (want 3), %d frames drawn (want 6)", st.Resamples, st.Frames)
	}
	name := "noise-viewer-perlin-turbulence-02.png"
	if b, _ := os.ReadFile("noise-viewer-perlin-turbulence-01.png"); string(b) != "keep" {
		t.Errorf("the screenshot key overwrote an existing file: it holds %q…", b[:min(len(b), 8)])
	}
	titles := strings.Join(st.Titles, "\n")
	for _, want := range []string{"perlin 3D", "perlin-turbulence 3D", "saved " + name, "perlin-turbulence 4D"} {
		if !strings.Contains(titles, want) {
			t.Errorf("no title says %q; titles:\n%s", want, titles)
		}
	}
	if _, err := os.Stat(name); err != nil || stdout.String() != "saved "+name+"\n" {
		t.Errorf("screenshot key: %v, stdout %q", err, stdout.String())
	}
}

// TestScreenshotKeyFailure: a screenshot that cannot be written (here the
// current directory is gone) is a message in the title and the viewer
// goes on; it used to end the session with exit 1.
func TestScreenshotKeyFailure(t *testing.T) {
	needDisplay(t)
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.Remove(dir); err != nil { // nothing can be created in "." now, even as root
		t.Fatal(err)
	}
	s := DefaultState()
	s.Resolution = 16
	var stdout bytes.Buffer
	st, err := view(s, options{width: 64, height: 48, instanceScale: 2, idle: 10 * time.Millisecond, script: map[int][]Action{
		1: {Screenshot}, 3: {NextNoise}, 4: {Quit}, 50: {}}}, &stdout)
	if err != nil {
		t.Fatalf("the session ended: %v", err)
	}
	titles := strings.Join(st.Titles, "\n")
	if !strings.Contains(titles, "screenshot failed: ") || !strings.Contains(titles, "perlin-turbulence 3D") {
		t.Errorf("titles do not show the failure and the next key:\n%s", titles)
	}
	if stdout.Len() != 0 {
		t.Errorf("stdout %q", stdout.String())
	}
}

// TestScreenshotFlagErrors: -screenshot that cannot be written is exit 2
// with one line, and a device or a link to one is neither removed nor
// replaced.
func TestScreenshotFlagErrors(t *testing.T) {
	needDisplay(t)
	dir := t.TempDir()
	link := filepath.Join(dir, "link.png")
	os.Symlink("/dev/full", link)
	for _, p := range []string{"/dev/full", link} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"-screenshot", p, "-width", "32", "-height", "32", "-resolution", "8"}, &stdout, &stderr)
		if code != 2 || strings.Count(stderr.String(), "\n") != 1 || !strings.Contains(stderr.String(), "no space left") {
			t.Errorf("-screenshot %s: exit %d, stderr %q; want 2 and one line", p, code, stderr.String())
		}
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link to /dev/full was removed or replaced: %v", err)
	}
	if fi, err := os.Lstat("/dev/full"); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Errorf("/dev/full was removed or replaced: %v", err)
	}
}

func TestScreenshotFlag(t *testing.T) {
	needDisplay(t)
	name := filepath.Join(t.TempDir(), "out.png")
	var stdout, stderr bytes.Buffer
	code := run([]string{"-screenshot", name, "-width", "96", "-height", "64", "-noise", "simplex-value", "-dims", "2",
		"-shape", "torus", "-look", "cubes", "-resolution", "24", "-rotate", "10,20,30", "-octaves", "3"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil || cfg.Width != 96 || cfg.Height != 64 {
		t.Fatalf("screenshot: %v, %dx%d", err, cfg.Width, cfg.Height)
	}
	if !strings.HasPrefix(stdout.String(), "saved "+name) {
		t.Errorf("stdout %q", stdout.String())
	}
}

func TestTimingFlag(t *testing.T) {
	needDisplay(t)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-frames", "4", "-timing", "-animate", "-width", "64", "-height", "48", "-resolution", "16"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if out := stdout.String(); !strings.Contains(out, "4 frames") || !strings.Contains(out, "4 resamples") || !strings.Contains(out, "ms per frame") {
		t.Errorf("timing line %q", out)
	}
}

// TestNoDisplay: without a display, or with one that is not there, the
// viewer says so in one line and exits 2.
func TestNoDisplay(t *testing.T) {
	for _, tt := range []struct{ display, want string }{
		{"", "xvfb-run -a"},
		{":7731", "Failed to open display :7731"},
	} {
		t.Setenv("DISPLAY", tt.display)
		t.Setenv("WAYLAND_DISPLAY", "")
		var stdout, stderr bytes.Buffer
		code := run([]string{"-screenshot", filepath.Join(t.TempDir(), "x.png")}, &stdout, &stderr)
		msg := stderr.String()
		if code != 2 || strings.Count(msg, "\n") != 1 || !strings.Contains(msg, tt.want) || stdout.Len() != 0 {
			t.Errorf("DISPLAY=%q: exit %d, stderr %q, stdout %q", tt.display, code, msg, stdout.String())
		}
	}
}

func TestBadFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-noise", "nope"}, "valid: value, value-turbulence"},
		{[]string{"-shape", "cube"}, "valid: plane, sphere, torus"},
		{[]string{"-look", "dots"}, "valid: surface, cubes"},
		{[]string{"-noise", "voronoi-worley-f1", "-dims", "4"}, "must be 1 to 3"},
		{[]string{"-noise", "simplex", "-tiling"}, "no tiling variant"},
		{[]string{"-resolution", "0"}, "must be 1 to 512"},
		{[]string{"-displacement", "0.7"}, "must be -0.5 to 0.5"},
		{[]string{"-frequency", "0"}, "must be 2^-24 to 64"},
		{[]string{"-lacunarity", "9"}, "must be 1 to 8"},
		{[]string{"-persistence", "NaN"}, "must be 0 to 1"},
		{[]string{"-seed", "3000000000"}, "must be -2147483648 to 2147483647"},
		{[]string{"-octaves", "17"}, "must be 1 to 16"},
		{[]string{"-rotate", "1,2"}, "x,y,z"},
		{[]string{"-time", "1"}, "must be 0 to 1"},
		{[]string{"-time", "NaN"}, "must be 0 to 1"},
		{[]string{"-matrix", "tr"}, "valid: ps, pn"},
		{[]string{"-instance-scale", "0"}, "0.1 to 10"},
		{[]string{"-width", "5"}, "16 to 8192"},
		{[]string{"-timing"}, "-frames 2 or more"},
		{[]string{"-frames", "-1"}, "at least 1"},
		{[]string{"-frames", "0"}, "at least 1"},
		{[]string{"-screenshot", "/nonexistent/dir/x.png"}, "the directory /nonexistent/dir does not exist"},
		{[]string{"extra"}, "flags only"},
		{[]string{"-bogus"}, "not defined"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, &stdout, &stderr)
		msg := stderr.String()
		if code != 2 || strings.Count(msg, "\n") != 1 || !strings.Contains(msg, tt.want) || stdout.Len() != 0 {
			t.Errorf("%v: exit %d, stderr %q (want one line with %q)", tt.args, code, msg, tt.want)
		}
	}
}

// TestStartingFlags: in the window a flag sets the starting state, which
// the keys change, so a flag that counts only in another state (another
// look, 4D noise, a fractal mode) is accepted; with -frames or
// -screenshot it is accepted where the state drawn uses it (the refusals
// are in cmd/noise's TestUselessFlags, which runs the built viewer).
func TestStartingFlags(t *testing.T) {
	shot := filepath.Join(t.TempDir(), "x.png")
	for _, args := range [][]string{
		{"-instance-scale", "3"},
		{"-seamless", "-time", "0.5", "-loop"},
		{"-matrix", "pn"},
		{"-lacunarity", "3", "-persistence", "0.3", "-ping-pong", "3"},
		{"-warp-amplitude", "0.5", "-warp-mode", "progressive"},
		{"-translate", "1,2,3,4", "-scale", "1,1,1,2"},
		{"-screenshot", shot, "-look", "cubes", "-instance-scale", "3"},
		{"-screenshot", shot, "-animate", "-matrix", "pn"},
		{"-screenshot", shot, "-rotate", "0,30,0", "-matrix", "pn"},
		{"-screenshot", shot, "-dims", "4", "-seamless"},
		{"-frames", "3", "-dims", "4", "-loop", "-time", "0.5"},
		{"-frames", "3", "-dims", "4", "-translate", "1,2,3,4"},
		{"-frames", "3", "-octaves", "2", "-lacunarity", "3", "-fractal", "pingpong", "-ping-pong", "3"},
	} {
		if _, _, err := parseArgs(args, io.Discard); err != nil {
			t.Errorf("%q: %v", args, err)
		}
	}
}

func TestHelpFlag(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-h"}, &stdout, &stderr); code != 0 || stderr.Len() != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	for _, want := range []string{"N / Shift+N", "-screenshot", "-noise", "xvfb"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("help lacks %q", want)
		}
	}
	// The help lost on a full stdout is an error, not exit 0.
	stderr.Reset()
	if code := run([]string{"-h"}, fullWriter{}, &stderr); code != 2 || strings.Count(stderr.String(), "\n") != 1 {
		t.Errorf("-h with stdout full: exit %d, stderr %q; want 2 and one line", code, stderr.String())
	}
}

// fullWriter fails every write, like stdout on a full disk.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }
