package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/noiselab/noise/cmd/internal/cliflag"
	"github.com/noiselab/noise/internal/appendixa"
)

// binary is the noise command built by TestMain, for the end-to-end tests.
var binary string

func TestMain(m *testing.M) {
	os.Exit(testMain(m))
}

func testMain(m *testing.M) int {
	dir, err := os.MkdirTemp("", "noise-cmd-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	goTool, err := exec.LookPath("go")
	if err != nil {
		fmt.Fprintln(os.Stderr, "cannot find the go tool to build the binary:", err)
		return 1
	}
	binary = filepath.Join(dir, "noise")
	// The build inherits the environment, so GOEXPERIMENT=simd go test
	// builds a SIMD binary too.
	// -tags glfw too when this test binary has it.
	build := exec.Command(goTool, append(append([]string{"build"}, cliflag.BuildTags()...), "-o", binary, ".")...)
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "go build: %v\n%s", err, out)
		return 1
	}
	return m.Run()
}

// result is what one invocation of the command did.
type result struct {
	stdout, stderr string
	code           int
}

// runIn runs the command in-process.
func runIn(stdin string, args ...string) result {
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return result{out.String(), errb.String(), code}
}

// runBin runs the built binary.
func runBin(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	return execBin(t, binary, "", nil, stdin, args...)
}

// execBin runs bin in dir ("" for this one) with env added to the
// environment, stdin as its input.
func execBin(t *testing.T, bin, dir string, env []string, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	code := 0
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("running %s %v: %v", filepath.Base(bin), args, err)
		}
		code = ee.ExitCode()
	}
	return result{out.String(), errb.String(), code}
}

// mustOK fails the test unless the command succeeded silently on stderr.
func mustOK(t *testing.T, r result, args ...string) {
	t.Helper()
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("noise %s: exit %d, stderr %q", strings.Join(args, " "), r.code, r.stderr)
	}
}

// lines splits output into lines, without the final newline.
func lines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// f32 formats a float32 so that it parses back to the same float32.
func f32(v float32) string { return strconv.FormatFloat(float64(v), 'g', -1, 32) }

// triple32 formats a vector as a comma-separated flag value.
func triple32(v [3]float32) string { return f32(v[0]) + "," + f32(v[1]) + "," + f32(v[2]) }

// appendixInput is the four points of Appendix A, repeated copies times
// (12 lines: the batch path evaluates the first 8 with the SIMD kernels
// where the build has them, and the rest one by one).
func appendixInput(copies int) string {
	var b strings.Builder
	for range copies {
		for _, p := range appendixa.Points {
			fmt.Fprintf(&b, "%s %s\t%s\n", f32(p[0]), f32(p[1]), f32(p[2]))
		}
	}
	return b.String()
}

// settingsArgs are the flags for Appendix A settings: -lacunarity and
// -persistence only with octaves to step between (one octave has none, and
// the command refuses them then).
func settingsArgs(s appendixa.Settings) []string {
	args := []string{"-seed", strconv.Itoa(s.Seed), "-frequency", strconv.Itoa(s.Frequency), "-octaves", strconv.Itoa(s.Octaves)}
	if s.Octaves > 1 {
		args = append(args, "-lacunarity", strconv.Itoa(s.Lacunarity), "-persistence", f32(s.Persistence))
	}
	return args
}

// parse32 parses a printed number back to float32.
func parse32(t *testing.T, s string) float32 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 32)
	if err != nil {
		t.Fatalf("output %q is not a float32: %v", s, err)
	}
	return float32(v)
}
