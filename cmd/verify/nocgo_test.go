package main

import (
	"bytes"
	"errors"
	"os/exec"
	"strings"
	"testing"

	"github.com/noiselab/noise/internal/gobuild"
)

// TestNoCgo builds verify with CGO_ENABLED=0 (Go alone: no C compiler, no
// OpenGL, as `go install` gives where there is no C compiler): -backend gl
// is refused in one line that names -backend webgpu and cgo, exit 2, and
// -backend webgpu runs (Dawn in Node.js, no cgo) and passes.
func TestNoCgo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command again (-short)")
	}
	bin := gobuild.Command(t, ".", "CGO_ENABLED=0")
	run := func(args ...string) (code int, stdout, stderr string) {
		var o, e bytes.Buffer
		cmd := exec.Command(bin, args...)
		cmd.Stdout, cmd.Stderr = &o, &e
		err := cmd.Run()
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode(), o.String(), e.String()
		}
		if err != nil {
			t.Fatal(err)
		}
		return 0, o.String(), e.String()
	}
	code, stdout, stderr := run("-noise", "perlin", "-dims", "2")
	if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 {
		t.Errorf("-backend gl without cgo: exit %d, stdout %q, stderr %q; want exit 2 and one line", code, stdout, stderr)
	}
	for _, want := range []string{"verify: ", "CGO_ENABLED=0", "-backend webgpu", "cgo"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("-backend gl without cgo: %q lacks %q", stderr, want)
		}
	}
	needWebGPU(t)
	code, stdout, stderr = run("-quiet", "-backend", "webgpu", "-noise", "perlin", "-dims", "2", "-tiling", "no", "-n", "40")
	if pass, fail := rows(t, stdout); code != 0 || len(pass) == 0 || pass[0] != "perlin 2D" || len(fail) != 0 || !strings.Contains(stdout, "verify: PASS: ") {
		t.Errorf("-backend webgpu without cgo: exit %d\n%s%s", code, stdout, stderr)
	}
}
