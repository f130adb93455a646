// Package gobuild builds the module's commands for the tests that run them
// as their users do (the documentation's pictures, the CGO_ENABLED=0
// builds). Only tests import it.
package gobuild

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Command builds the main package pkg (a path as go build takes it,
// relative to the test's directory) into a binary in a temporary directory
// of t, with env added to the environment (CGO_ENABLED=0, say), and
// returns the binary's path. A failed build fails t, with go's output.
func Command(t testing.TB, pkg string, env ...string) string {
	t.Helper()
	abs, err := filepath.Abs(pkg)
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), filepath.Base(abs)) // the name go build gives it
	build := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", bin, pkg)
	build.Env = append(os.Environ(), env...)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("%s go build %s: %v\n%s", strings.Join(env, " "), pkg, err, out)
	}
	return bin
}
