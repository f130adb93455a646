//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestImageSignal: "noise image" interrupted by SIGINT (Ctrl-C) or
// SIGTERM in the middle of its work removes its temporary files, leaves
// the existing output as it was, and ends by that signal (a shell's status
// 130 or 143), rendering one large image or many frames. It used to leave
// the temporary files behind.
func TestImageSignal(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		out  string
		wait time.Duration // how long after its first temporary file the signal comes
	}{
		// Minutes of work for one image.
		{"one image", []string{"-noise", "voronoi-worley-smooth-lse", "-octaves", "16", "-size", "8192"}, "big.png", 0},
		// Some tens of seconds, the signal after a frame or more is written.
		{"frames", []string{"-noise", "simplex", "-octaves", "8", "-size", "768", "-frames", "40"}, "f%02d.png", time.Second},
	} {
		for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
			t.Run(c.name+" "+sig.String(), func(t *testing.T) {
				if signal.Ignored(sig) {
					t.Skipf("%v is ignored by this process, and so by the command", sig)
				}
				dir := t.TempDir()
				user := map[string]string{strings.Replace(c.out, "%02d", "00", 1): "the user's", "other.txt": "kept"}
				check := userFiles(t, dir, user)
				cmd := exec.Command(binary, append(append([]string{"image"}, c.args...), "-o", c.out)...)
				cmd.Dir = dir
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				done := make(chan struct{})
				go func() { cmd.Wait(); close(done) }()
				deadline := time.After(60 * time.Second)
				var first time.Time // when the first temporary file was seen
			wait:
				for {
					select {
					case <-done:
						t.Fatalf("the command ended before the signal: %v, %q", cmd.ProcessState, stderr.String())
					case <-deadline:
						cmd.Process.Kill()
						<-done
						t.Fatal("the command made no temporary files in 60 s")
					case <-time.After(5 * time.Millisecond):
						if first.IsZero() && len(temporaries(t, dir)) > 0 {
							first = time.Now()
						}
						if !first.IsZero() && time.Since(first) >= c.wait {
							break wait
						}
					}
				}
				cmd.Process.Signal(sig)
				select {
				case <-done:
				case <-time.After(30 * time.Second):
					cmd.Process.Kill()
					<-done
					t.Fatalf("still running 30 s after %v", sig)
				}
				if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != sig {
					t.Errorf("the command ended with %v (stderr %q), want killed by %v", cmd.ProcessState, stderr.String(), sig)
				}
				check(sig.String())
				if n := len(temporaries(t, dir)); n > 0 || len(entriesOf(t, dir)) != len(user) {
					t.Errorf("after %v the folder holds %v, want only the user's files", sig, entriesOf(t, dir))
				}
			})
		}
	}
}

// temporaries returns the temporary files in dir, by name.
func temporaries(t *testing.T, dir string) []os.FileInfo {
	t.Helper()
	var temps []os.FileInfo
	for _, name := range entriesOf(t, dir) {
		if strings.HasPrefix(name, ".") && strings.Contains(name, ".tmp-") {
			if fi, err := os.Stat(filepath.Join(dir, name)); err == nil {
				temps = append(temps, fi)
			}
		}
	}
	return temps
}

// entriesOf lists the names in dir.
func entriesOf(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}
