//go:build unix

package outfile

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// helperEnv names the directory the signal helper writes in.
const helperEnv = "OUTFILE_SIGNAL_HELPER_DIR"

// TestSignalHelper is not a test: run by TestSignalRemovesTemporaryFiles
// in a process of its own, it makes, writes and gives up outputs in dir
// (a Group, a File, a CreateNew file) as fast as it can, until a signal
// ends it, and says "ready" once the loop runs.
func TestSignalHelper(t *testing.T) {
	dir := os.Getenv(helperEnv)
	if dir == "" {
		t.Skip("the helper of TestSignalRemovesTemporaryFiles")
	}
	keep := filepath.Join(dir, "keep.png")
	for i := 0; ; i++ {
		var g Group
		for k := range 5 {
			p := keep
			if k > 0 {
				p = filepath.Join(dir, fmt.Sprintf("frame%d.png", k))
			}
			f, err := g.Create(p, nil)
			if err != nil {
				fmt.Println(err)
				os.Exit(3)
			}
			f.Write([]byte("frame"))
			f.Commit()
		}
		g.Abort()
		f, err := Create(keep, nil)
		if err != nil {
			fmt.Println(err)
			os.Exit(3)
		}
		f.Write([]byte("one"))
		f.Abort()
		if f, err = CreateNew(filepath.Join(dir, "shot.png")); err != nil {
			fmt.Println(err)
			os.Exit(3)
		}
		f.Write([]byte("shot"))
		f.Abort()
		if i == 0 {
			fmt.Println("ready")
		}
	}
}

// TestSignalRemovesTemporaryFiles: a process interrupted by SIGINT or
// SIGTERM at any moment of making, writing, renaming or removing its
// outputs leaves none of its files behind, leaves the existing file as it
// was, and ends by that signal. Each signal is sent many times at random
// moments, so a signal falling between a file's creation and its
// registration would leave a file behind now and then.
func TestSignalRemovesTemporaryFiles(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		if signal.Ignored(sig) {
			t.Logf("%v is ignored by this process, and so by its children: not tested", sig)
			continue
		}
		for round := range 25 {
			dir := t.TempDir()
			keep := filepath.Join(dir, "keep.png")
			os.WriteFile(keep, []byte("mine"), 0o644)
			cmd := exec.Command(os.Args[0], "-test.run=^TestSignalHelper$", "-test.count=1")
			cmd.Env = append(os.Environ(), helperEnv+"="+dir)
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			line, _ := bufio.NewReader(out).ReadString('\n')
			if line != "ready\n" {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("the helper said %q", line)
			}
			time.Sleep(time.Duration(rand.IntN(3000)) * time.Microsecond)
			cmd.Process.Signal(sig)
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				cmd.Process.Kill()
				<-done
				t.Fatalf("%v: the helper still runs 30 s after the signal", sig)
			}
			if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != sig {
				t.Errorf("%v, round %d: the helper ended with %v, want killed by %v", sig, round, cmd.ProcessState, sig)
			}
			if got := mustRead(t, keep); got != "mine" {
				t.Errorf("%v, round %d: keep.png holds %q", sig, round, got)
			}
			onlyFiles(t, dir, "keep.png")
			if t.Failed() {
				return
			}
		}
	}
}
