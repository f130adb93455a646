package noise_test

import (
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
