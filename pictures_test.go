package noise_test

import (
	"bufio"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/noiselab/noise/internal/gobuild"
)

// TestDocsPicturesCurrent renders every picture that the Makefile's images
// target writes (the README's and docs/graphs/ pictures) with the
// checkout's noise command and compares the pixels with the committed
// files, so that a change of the noise's bits cannot leave a stale picture
// behind (`make images` rewrites them).
func TestDocsPicturesCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs cmd/noise: not in -short mode")
	}
	cmds := imagesCommands(t)
	if len(cmds) < 10 {
		t.Fatalf("the Makefile's images target has %d image commands, want at least 10", len(cmds))
	}
	dir := t.TempDir()
	bin := gobuild.Command(t, "./cmd/noise")
	for _, args := range cmds {
		committed := args[len(args)-1]
		out := filepath.Join(dir, filepath.Base(committed))
		args = append(append([]string{}, args[:len(args)-1]...), out)
		if b, err := exec.Command(bin, append([]string{"image", "-quiet"}, args...)...).CombinedOutput(); err != nil {
			t.Errorf("noise image %s: %v\n%s", strings.Join(args, " "), err, b)
			continue
		}
		if n := differentPixels(t, committed, out); n != 0 {
			t.Errorf("%s: %d pixels differ from what `noise image %s` renders now: run make images", committed, n, strings.Join(args[:len(args)-2], " "))
		}
	}
}

// imagesCommands returns the arguments after "noise image" of every image
// the Makefile's images target renders, the for loops expanded; the last
// argument is the output file (after -o).
func imagesCommands(t *testing.T) [][]string {
	f, err := os.Open("Makefile")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	loop := regexp.MustCompile(`^for (\w+) in ([^;]+); do (.*); done$`)
	var cmds [][]string
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "images:") {
			in = true
			continue
		}
		if !in {
			continue
		}
		if !strings.HasPrefix(line, "\t") {
			break
		}
		line = strings.TrimSpace(line)
		bodies, vars := []string{line}, []string{""}
		if m := loop.FindStringSubmatch(line); m != nil {
			bodies, vars = nil, nil
			for _, v := range strings.Fields(m[2]) {
				bodies = append(bodies, strings.ReplaceAll(m[3], "$$"+m[1], v))
				vars = append(vars, v)
			}
		}
		for _, body := range bodies {
			body = strings.TrimSuffix(strings.TrimSpace(body), "|| exit 1")
			const prefix = "$(GO) run ./cmd/noise image "
			if !strings.HasPrefix(body, prefix) {
				continue
			}
			args := strings.Fields(strings.TrimPrefix(body, prefix))
			if len(args) < 2 || args[len(args)-2] != "-o" {
				t.Fatalf("Makefile images: %q does not end in -o FILE", body)
			}
			cmds = append(cmds, args)
		}
	}
	return cmds
}

// differentPixels returns how many pixels of the PNG files a and b differ
// (all of them when the sizes differ).
func differentPixels(t *testing.T, a, b string) int {
	ia, ib := decodePNG(t, a), decodePNG(t, b)
	if ia.Bounds() != ib.Bounds() {
		return ia.Bounds().Dx() * ia.Bounds().Dy()
	}
	n := 0
	r := ia.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, a1 := ia.At(x, y).RGBA()
			r2, g2, b2, a2 := ib.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				n++
			}
		}
	}
	return n
}

func decodePNG(t *testing.T, path string) image.Image {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return m
}
