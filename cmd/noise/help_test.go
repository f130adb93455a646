package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/noiselab/noise/internal/cliflag"
)

// tools builds the verify and viewer commands beside the noise binary,
// once, for the tests that run every command of the project.
var tools = sync.OnceValues(func() (map[string]string, error) {
	dir := filepath.Dir(binary)
	bins := map[string]string{"noise": binary}
	for _, name := range []string{"verify", "viewer"} {
		bin := filepath.Join(dir, name)
		if out, err := exec.Command("go", "build", "-o", bin, "../"+name).CombinedOutput(); err != nil {
			return nil, errors.New("go build ../" + name + ": " + err.Error() + "\n" + string(out))
		}
		bins[name] = bin
	}
	return bins, nil
})

// runTool runs the built command name (noise, verify or viewer) with
// args, stdin and no display (so that nothing opens a window).
func runTool(t *testing.T, name, stdin string, args ...string) result {
	t.Helper()
	if name == "noise" {
		return runBin(t, stdin, args...)
	}
	if os.Getenv("CGO_ENABLED") == "0" {
		t.Skipf("%s needs cgo", name)
	}
	bins, err := tools()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bins[name], args...)
	cmd.Env = append(os.Environ(), "DISPLAY=", "WAYLAND_DISPLAY=")
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	code := 0
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("running %s %v: %v", name, args, err)
		}
		code = ee.ExitCode()
	}
	return result{out.String(), errb.String(), code}
}

// TestNoCommand: "noise" alone is a usage error, as "go" alone is: the
// usage on stderr, nothing on stdout, exit 2; "noise help" and "noise -h"
// are asked for: the usage on stdout, exit 0.
func TestNoCommand(t *testing.T) {
	r := runBin(t, "")
	if r.code != 2 || r.stdout != "" {
		t.Errorf("noise: exit %d, stdout %q; want 2 and nothing", r.code, r.stdout)
	}
	want := []string{"Usage:", "noise <command> [flags]"}
	for _, c := range commands() {
		want = append(want, "\n  "+c.name+" ")
	}
	for _, want := range want {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("noise: stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		h := runBin(t, "", args...)
		if h.code != 0 || h.stderr != "" || h.stdout != r.stderr {
			t.Errorf("noise %s: exit %d, stderr %q; want 0 and the usage on stdout", args[0], h.code, h.stderr)
		}
	}
}

// TestHelpFromTables: every help text of every command (noise and its
// commands, verify, viewer) states the dimensions and the tiling of the
// noises as the library's tables have them, and -dims' usage is the
// range the tables give.
func TestHelpFromTables(t *testing.T) {
	type help struct {
		tool string
		args []string
	}
	helps := []help{{"noise", []string{"help"}}, {"verify", []string{"-h"}}, {"viewer", []string{"-h"}}}
	for _, c := range commands() {
		if c.run != nil {
			helps = append(helps, help{"noise", []string{c.name, "-h"}})
		}
	}
	texts := map[string]string{}
	for _, h := range helps {
		name := h.tool + " " + strings.Join(h.args, " ")
		r := runTool(t, h.tool, "", h.args...)
		if r.code != 0 || r.stdout == "" {
			t.Fatalf("%s: exit %d, stderr %q", name, r.code, r.stderr)
		}
		texts[name] = r.stdout
		for _, bad := range cliflag.StaleClaims(r.stdout) {
			t.Errorf("%s: stale: %s", name, bad)
		}
	}
	for _, name := range []string{"noise sample -h", "noise image -h", "noise shader -h", "viewer -h"} {
		if !strings.Contains(strings.Join(strings.Fields(texts[name]), " "), "dimensions: "+cliflag.DimsRange()) {
			t.Errorf("%s: -dims does not say %q", name, cliflag.DimsRange())
		}
	}
	for _, want := range []string{"every noise but " + cliflag.FewerDims(), "(not for " + cliflag.NoTiling() + " noise)"} {
		if !strings.Contains(strings.Join(strings.Fields(texts["noise sample -h"]), " "), want) {
			t.Errorf("noise sample -h lacks %q", want)
		}
	}
}
