package noise_test

import (
	"bytes"
	"go/format"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// readmeProgram returns the README's first Go code block: the program its
// first screen teaches.
func readmeProgram(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?ms)^```go\n(.*?)^```$").FindSubmatch(b)
	if m == nil {
		t.Fatal("README.md has no ```go code block")
	}
	return string(m[1])
}

// runProgram builds src as the main package of a module of its own that
// requires this checkout (a replace directive), as a user's module would
// after go get, runs it in a temporary directory and returns its standard
// output and that directory. The module cache and the build cache are the
// environment's; no cgo is needed.
func runProgram(t *testing.T, src string) (stdout, dir string) {
	t.Helper()
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	goVersion := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(mod)
	if goVersion == nil {
		t.Fatal("go.mod has no go directive")
	}
	dir = t.TempDir()
	gomod := "module example.com/readme\n\ngo " + string(goVersion[1]) + "\n\n" +
		"require github.com/noiselab/noise v0.0.0\n\n" +
		"replace github.com/noiselab/noise => " + strconv.Quote(root) + "\n"
	// The checkout's go.sum holds every checksum the program's build needs.
	sum, err := os.ReadFile("go.sum")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"go.mod": []byte(gomod), "go.sum": sum, "main.go": []byte(src)} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"),
		"GOWORK=off",
		"CGO_ENABLED=0",
	)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("go run of the README's program: %v\n%s", err, errOut.String())
	}
	return out.String(), dir
}

// TestREADMEProgram compiles and runs the README's first program as a
// user would: it must be gofmt'd, print one number in [−1, 1] (a Perlin
// value, not 0), and write perlin.png, a 256×256 16-bit greyscale heightmap that
// is not flat.
func TestREADMEProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program: not in -short mode")
	}
	checkProgram(t, readmeProgram(t))
}

// checkProgram runs the README's program src (runProgram) and checks what
// it prints and writes.
func checkProgram(t *testing.T, src string) {
	t.Helper()
	if formatted, err := format.Source([]byte(src)); err != nil {
		t.Fatalf("the README's program does not parse: %v", err)
	} else if string(formatted) != src {
		t.Errorf("the README's program is not gofmt'd; gofmt gives:\n%s", formatted)
	}
	stdout, dir := runProgram(t, src)
	fields := strings.Fields(stdout)
	if len(fields) != 1 {
		t.Fatalf("the README's program printed %q, want one number", stdout)
	}
	v, err := strconv.ParseFloat(fields[0], 32)
	if err != nil || math.IsNaN(v) || v < -1 || v > 1 {
		t.Errorf("the README's program printed %q, want a number in [-1, 1]", fields[0])
	} else if v == 0 {
		// Lattice noise is 0 on its lattice points: (0.25, 0.5) at
		// frequency 4 is one, and a first program printing 0 looks broken.
		t.Errorf("the README's program printed 0: sample off the lattice to show a value")
	}
	f, err := os.Open(filepath.Join(dir, "perlin.png"))
	if err != nil {
		t.Fatalf("the README's program wrote no perlin.png: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("perlin.png: %v", err)
	}
	if b := img.Bounds(); b != image.Rect(0, 0, 256, 256) {
		t.Errorf("perlin.png is %v, want 256×256", b)
	}
	gray, ok := img.(*image.Gray16)
	if !ok {
		t.Fatalf("perlin.png decodes as %T, want 16-bit greyscale (*image.Gray16)", img)
	}
	lo, hi := uint16(math.MaxUint16), uint16(0)
	for y := 0; y < 256; y++ {
		for x := 0; x < 256; x++ {
			g := gray.Gray16At(x, y).Y
			lo, hi = min(lo, g), max(hi, g)
		}
	}
	// Perlin noise over the unit square at frequency 4 spans much of its
	// range; a heightmap left blank or filled with one value does not.
	if int(hi)-int(lo) < 1<<14 {
		t.Errorf("perlin.png spans grey levels %d to %d: not a Perlin heightmap", lo, hi)
	}
}
