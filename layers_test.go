package noise_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestLayers keeps the module's arrows pointing down: the vocabulary
// (package noise) above the backends (cpu, gpu/dispatch) above the
// commands, and a program that wants headless EGL free of GLFW and X11.
func TestLayers(t *testing.T) {
	const mod = "github.com/noiselab/noise"
	cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "list",
		"-f", `{{.ImportPath}}:{{join .Deps " "}}`, "./...")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=1") // the GL packages are cgo
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, list, _ := strings.Cut(line, ":")
		deps[strings.TrimPrefix(pkg, mod)] = strings.Fields(list)
	}
	// may lists, per package (relative to the module), the module packages
	// it may depend on; ours reports whether a dependency is the module's.
	ours := func(d string) (string, bool) {
		if d == mod || strings.HasPrefix(d, mod+"/") {
			return strings.TrimPrefix(d, mod), true
		}
		return "", false
	}
	may := map[string][]string{
		"":                      {"/internal/f32"},
		"/cpu":                  {"", "/internal/dimcheck", "/internal/f32"},
		"/internal/dimcheck":    {"", "/internal/f32"},
		"/compare":              {"", "/cpu", "/internal/dimcheck", "/internal/f32"},
		"/gpu/shaders":          {"", "/cpu", "/internal/dimcheck", "/internal/f32"},
		"/gpu/dispatch/egl":     {},
		"/gpu/dispatch":         {"", "/cpu", "/internal/dimcheck", "/internal/f32", "/gpu/shaders", "/gpu/dispatch/egl", "/internal/oneline", "/internal/testhook"},
		"/internal/appendixa":   {"", "/cpu", "/internal/dimcheck", "/internal/f32"},
		"/internal/grid":        {},
		"/cmd/internal/ramp":    {},
		"/internal/oneline":     {},
		"/cmd/internal/outfile": {},
		"/internal/testhook":    {},
		"/internal/glfwwin":     {},
		"/gpu/dispatch/glfwctx": {"", "/cpu", "/internal/dimcheck", "/internal/f32", "/gpu/shaders", "/gpu/dispatch", "/gpu/dispatch/egl", "/internal/oneline", "/internal/testhook", "/internal/glfwwin"},
	}
	for pkg, allowed := range may {
		list, ok := deps[pkg]
		if !ok {
			t.Errorf("go list does not show package %q", mod+pkg)
			continue
		}
		for _, d := range list {
			if p, mine := ours(d); mine && !contains(allowed, p) {
				t.Errorf("%s depends on %s", mod+pkg, d)
			}
			if pkg == "/gpu/dispatch" && (strings.Contains(d, "glfw") || strings.Contains(d, "/x11")) {
				t.Errorf("gpu/dispatch depends on %s: a headless program would link GLFW", d)
			}
		}
	}
	for pkg, list := range deps {
		for _, d := range list {
			if p, mine := ours(d); mine && strings.HasPrefix(p, "/cmd/") && !strings.HasPrefix(p, "/cmd/internal/") {
				t.Errorf("%s depends on the command %s", mod+pkg, d)
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
