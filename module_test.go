package noise_test

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestModuleTidy: `go mod tidy -diff` is empty for the library's module
// and for bench/ (a module of its own), so `go get` users get exactly the
// requirements the code has. It skips only when the module proxy or the
// network cannot be reached.
func TestModuleTidy(t *testing.T) {
	for _, dir := range []string{".", "bench"} {
		cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "mod", "tidy", "-diff")
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err == nil {
			continue
		}
		if offline(string(out)) {
			t.Skipf("go mod tidy -diff in %s needs the network: %s", dir, firstLine(string(out)))
		}
		t.Errorf("go mod tidy -diff in %s: %v (run go mod tidy there)\n%s", dir, err, out)
	}
}

// offline reports whether go's output says the network or the module
// proxy is unreachable.
func offline(out string) bool {
	for _, s := range []string{"dial tcp", "no such host", "i/o timeout", "connection refused",
		"network is unreachable", "proxyconnect", "TLS handshake timeout", "GOPROXY=off", "GOFLAGS=-mod=vendor"} {
		if strings.Contains(out, s) {
			return true
		}
	}
	return false
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

// TestNoOtherNoiseLibrary: the library's go.mod requires no noise library
// but its own (the peers the benchmarks compare against live in bench/go.mod).
func TestNoOtherNoiseLibrary(t *testing.T) {
	out, err := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "mod", "edit", "-json").Output()
	if err != nil {
		t.Fatalf("go mod edit -json: %v", err)
	}
	var mod struct {
		Module  struct{ Path string }
		Require []struct{ Path string }
		Replace []struct{ Old, New struct{ Path string } }
	}
	if err := json.Unmarshal(out, &mod); err != nil {
		t.Fatalf("go mod edit -json: %v", err)
	}
	if mod.Module.Path != "github.com/noiselab/noise" {
		t.Fatalf("module %q", mod.Module.Path)
	}
	if len(mod.Require) == 0 {
		t.Fatal("go.mod requires nothing: the GL bindings are missing")
	}
	paths := []string{}
	for _, r := range mod.Require {
		paths = append(paths, r.Path)
	}
	for _, r := range mod.Replace {
		paths = append(paths, r.Old.Path, r.New.Path)
	}
	for _, p := range paths {
		if isNoiseLibrary(p) {
			t.Errorf("go.mod names %s: a noise library other than ours (peers belong in bench/go.mod)", p)
		}
	}
}

// isNoiseLibrary reports whether a module path names a noise library.
func isNoiseLibrary(path string) bool {
	p := strings.ToLower(path)
	for _, w := range []string{"noise", "perlin", "simplex", "worley", "voronoi", "fbm"} {
		if strings.Contains(p, w) {
			return true
		}
	}
	return false
}

// TestIsNoiseLibrary: the peers the benchmarks use are noise libraries,
// the GL bindings and mathgl are not.
func TestIsNoiseLibrary(t *testing.T) {
	for path, want := range map[string]bool{
		"github.com/aquilax/go-perlin":    true,
		"github.com/ojrac/opensimplex-go": true,
		"github.com/Auburn/FastNoiseLite": true,
		"github.com/go-gl/mathgl":         false,
		"github.com/go-gl/gl":             false,
		"github.com/go-gl/glfw/v3.3/glfw": false,
		"golang.org/x/image":              false,
	} {
		if got := isNoiseLibrary(path); got != want {
			t.Errorf("isNoiseLibrary(%q) = %v, want %v", path, got, want)
		}
	}
}

// TestBuildsOnEverySystem: `go install` of the commands needs no C outside
// Linux and the BSDs. With cgo on (a C compiler present, as on macOS with
// Xcode's tools or Windows with MinGW), no package of this module holds C
// there: its only C, the headless EGL context, is for Linux and the BSDs
// (Mesa, NVIDIA), and go-gl and GLFW build on both. With cgo off (no C
// compiler), cmd/noise and the library still build everywhere, the GPU
// commands saying why they cannot run. `make archcheck` compiles the
// Windows side for real (MinGW); this lists what every system would build.
func TestBuildsOnEverySystem(t *testing.T) {
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	list := func(goos, goarch, cgo string, pkgs ...string) (cgoFiles, errs []string) {
		t.Helper()
		args := append([]string{"list", "-e", "-deps", "-tags", "glfw", "-json=ImportPath,CgoFiles,Error,DepsErrors"}, pkgs...)
		cmd := exec.Command(goTool, args...)
		cmd.Env = append(cmd.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED="+cgo)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("GOOS=%s GOARCH=%s CGO_ENABLED=%s go list: %v", goos, goarch, cgo, err)
		}
		type goErr struct{ Err string }
		dec := json.NewDecoder(bytes.NewReader(out))
		for dec.More() {
			var p struct {
				ImportPath string
				CgoFiles   []string
				Error      *goErr
				DepsErrors []goErr
			}
			if err := dec.Decode(&p); err != nil {
				t.Fatalf("go list -json: %v", err)
			}
			if len(p.CgoFiles) > 0 && strings.HasPrefix(p.ImportPath, "github.com/noiselab/noise") {
				cgoFiles = append(cgoFiles, p.ImportPath+": "+strings.Join(p.CgoFiles, ","))
			}
			if p.Error != nil {
				p.DepsErrors = append(p.DepsErrors, *p.Error)
			}
			for _, e := range p.DepsErrors {
				errs = append(errs, p.ImportPath+": "+strings.Join(strings.Fields(e.Err), " "))
			}
		}
		return cgoFiles, errs
	}
	gpu := []string{"./cmd/noise", "./cmd/verify", "./cmd/viewer", "./gpu/..."}
	for _, sys := range [][2]string{{"darwin", "arm64"}, {"darwin", "amd64"}, {"windows", "amd64"}, {"windows", "arm64"}} {
		c, errs := list(sys[0], sys[1], "1", gpu...)
		if len(c) > 0 || len(errs) > 0 {
			t.Errorf("%s/%s with cgo: C of ours %v (its headers are Linux's), errors %v", sys[0], sys[1], c, errs)
		}
	}
	for _, sys := range [][2]string{{"darwin", "arm64"}, {"windows", "amd64"}, {"linux", "arm64"}, {"js", "wasm"}, {"wasip1", "wasm"}} {
		if _, errs := list(sys[0], sys[1], "0", "./cmd/noise", "./cmd/verify", ".", "./cpu/...", "./graph/..."); len(errs) > 0 {
			t.Errorf("%s/%s without cgo: %v", sys[0], sys[1], errs)
		}
	}
	// The test can fail: on Linux with cgo the EGL package holds C.
	if c, _ := list("linux", "amd64", "1", "./gpu/dispatch/egl"); len(c) != 1 {
		t.Errorf("linux/amd64 with cgo: the EGL package's C files: %v, want egl.go", c)
	}
}
