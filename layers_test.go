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
		"":                        {"/internal/f32"},
		"/cpu":                    {"", "/graph", "/internal/dimcheck", "/internal/f32", "/internal/permtable"},
		"/internal/dimcheck":      {"", "/internal/f32"},
		"/compare":                {"", "/graph", "/internal/dimcheck", "/cpu", "/internal/f32", "/internal/permtable"},
		"/internal/permtable":     {},
		"/internal/cmd/gpulayout": {},
		"/gpu/shaders":            {"", "/graph", "/internal/f32", "/internal/permtable"},
		"/gpu/dispatch/egl":       {},
		"/gpu/dispatch":           {"", "/graph", "/internal/dimcheck", "/internal/f32", "/internal/permtable", "/gpu/shaders", "/gpu/dispatch/egl", "/internal/oneline", "/internal/testhook"},
		"/internal/appendixa":     {"", "/graph", "/internal/dimcheck", "/cpu", "/internal/f32", "/internal/permtable"},
		"/internal/grid":          {},
		"/cmd/internal/ramp":      {},
		"/internal/oneline":       {},
		"/cmd/internal/outfile":   {},
		"/internal/testhook":      {},
		"/internal/glfwwin":       {},
		"/graph":                  {"", "/internal/f32"}, // the root package and what it imports
		"/gpu/dispatch/glfwctx":   {"", "/graph", "/internal/dimcheck", "/internal/f32", "/internal/permtable", "/gpu/shaders", "/gpu/dispatch", "/gpu/dispatch/egl", "/internal/oneline", "/internal/testhook", "/internal/glfwwin"},
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

// TestCommandsWithoutGLFW: cmd/noise and cmd/verify run the GPU on
// headless EGL, so a build without tags links neither GLFW nor X11 (and
// needs none of X11's extension headers); -tags glfw adds the GLFW context.
func TestCommandsWithoutGLFW(t *testing.T) {
	list := func(tags ...string) map[string]string {
		t.Helper()
		args := append([]string{"list", "-deps", "-f", `{{.ImportPath}}	{{join .CgoLDFLAGS " "}} {{join .CgoPkgConfig " "}}`}, tags...)
		cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), append(args, "./cmd/noise", "./cmd/verify")...)
		cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list %v: %v", tags, err)
		}
		deps := map[string]string{}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			pkg, flags, _ := strings.Cut(line, "\t")
			deps[pkg] = flags
		}
		return deps
	}
	x11 := func(pkg, flags string) bool {
		p, f := strings.ToLower(pkg), strings.ToLower(flags)
		return strings.Contains(p, "glfw") || strings.Contains(p, "x11") ||
			strings.Contains(f, "-lx") || strings.Contains(f, "x11")
	}
	deps := list()
	if _, ok := deps["github.com/noiselab/noise/gpu/dispatch"]; !ok {
		t.Fatal("go list -deps ./cmd/noise ./cmd/verify does not show gpu/dispatch")
	}
	for pkg, flags := range deps {
		if x11(pkg, flags) {
			t.Errorf("cmd/noise or cmd/verify depends on %s (%s): the default build would link GLFW or X11", pkg, flags)
		}
	}
	found := false
	for pkg := range list("-tags", "glfw") {
		found = found || strings.HasPrefix(pkg, "github.com/go-gl/glfw/")
	}
	if !found {
		t.Error("with -tags glfw, cmd/noise and cmd/verify do not depend on github.com/go-gl/glfw: -context glfw is missing")
	}
}

// TestGPUWithoutCPU checks that the GPU backend stands beside the CPU one,
// not on it: no package under gpu/ (tests aside, which compare against the
// CPU) depends on package cpu, directly or not.
func TestGPUWithoutCPU(t *testing.T) {
	const cpuPkg = "github.com/noiselab/noise/cpu"
	cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "list", "-deps", "./gpu/...")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps ./gpu/...: %v", err)
	}
	deps := strings.Fields(string(out))
	if !contains(deps, "github.com/noiselab/noise/gpu/dispatch") || !contains(deps, "github.com/noiselab/noise") {
		t.Fatalf("go list -deps ./gpu/... does not list gpu/dispatch and the root package: %q", deps)
	}
	for _, d := range deps {
		if d == cpuPkg || strings.HasPrefix(d, cpuPkg+"/") {
			t.Errorf("a gpu/ package depends on %s (go list -deps ./gpu/...)", d)
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
