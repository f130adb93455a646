//go:build unix

package main

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestImageOutputNeverDestroys: "noise image -o" never removes or replaces
// a device, a FIFO or a symbolic link, and replaces a regular file only by
// a complete image (defect: a failed write used to remove the path, and
// run as root "-o /dev/full" deleted the system's /dev/full).
func TestImageOutputNeverDestroys(t *testing.T) {
	dir := t.TempDir()
	img := []string{"image", "-noise", "perlin", "-size", "64"}
	oneLine := func(what string, r result, want string) {
		t.Helper()
		if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, want) {
			t.Errorf("%s: exit %d, stderr %q, want exit 2 and one line with %q", what, r.code, r.stderr, want)
		}
	}
	isMode := func(path string, m fs.FileMode) bool {
		fi, err := os.Lstat(path)
		return err == nil && fi.Mode()&m != 0
	}

	// A link to a full device, and (as root) a full device of our own.
	link := filepath.Join(dir, "full-link")
	os.Symlink("/dev/full", link)
	oneLine("link to /dev/full", runBin(t, "", append(img, "-o", link)...), "no space left")
	if !isMode(link, fs.ModeSymlink) || !isMode("/dev/full", fs.ModeCharDevice) {
		t.Error("the link to /dev/full, or /dev/full, was removed or replaced")
	}
	own := filepath.Join(dir, "full")
	if err := syscall.Mknod(own, syscall.S_IFCHR|0o666, 1<<8|7); err == nil {
		oneLine("full device", runBin(t, "", append(img, "-o", own)...), "no space left")
		if !isMode(own, fs.ModeCharDevice) {
			t.Error("the full device was removed or replaced")
		}
	}

	// /dev/null takes the image and stays a device.
	if r := runBin(t, "", append(img, "-o", "/dev/null")...); r.code != 0 || !isMode("/dev/null", fs.ModeCharDevice) {
		t.Errorf("-o /dev/null: exit %d (%q)", r.code, r.stderr)
	}

	// A FIFO with a reader gets the whole PNG and stays a FIFO.
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	got := make(chan []byte)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- nil
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- b
	}()
	if r := runBin(t, "", append(img, "-o", fifo)...); r.code != 0 {
		t.Errorf("-o FIFO: exit %d (%q)", r.code, r.stderr)
	}
	if b := <-got; b == nil {
		t.Error("the FIFO reader got nothing")
	} else if m, err := png.Decode(bytes.NewReader(b)); err != nil || m.Bounds().Dx() != 64 {
		t.Errorf("the FIFO reader got no 64-pixel PNG: %v", err)
	}
	if !isMode(fifo, fs.ModeNamedPipe) {
		t.Error("the FIFO was removed or replaced")
	}

	// A regular file behind a link is replaced by the complete image; the
	// link stays a link and the file keeps its mode.
	target := filepath.Join(dir, "old.png")
	os.WriteFile(target, []byte("not a png"), 0o640)
	tlink := filepath.Join(dir, "old-link.png")
	os.Symlink("old.png", tlink)
	mustOK(t, runBin(t, "", append(img, "-o", tlink)...))
	if !isMode(tlink, fs.ModeSymlink) {
		t.Error("the link to a regular file was replaced by a file")
	}
	if m := decodePNG(t, target); m.Bounds().Dx() != 64 {
		t.Errorf("the replaced file is %v", m.Bounds())
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o640 {
		t.Errorf("the replaced file's mode is %v, want 0640", fi.Mode().Perm())
	}

	// "-o -" writes the PNG to standard output.
	if r := runIn("", append(img, "-o", "-")...); r.code != 0 || !strings.HasPrefix(r.stdout, "\x89PNG") {
		t.Errorf("-o -: exit %d, stdout starts %q", r.code, r.stdout[:min(8, len(r.stdout))])
	}

	// Nothing but what the test made is left in the directory.
	ents, _ := os.ReadDir(dir)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if want := "full,full-link,old-link.png,old.png,pipe"; strings.Join(names, ",") != want && strings.Join(names, ",") != strings.Replace(want, "full,", "", 1) {
		t.Errorf("the directory holds %v", names)
	}
}

// TestImageChecksOutputFirst: an -o that cannot be written fails before
// the rendering starts (it used to fail after the work). The render asked
// for here takes minutes; the watchdog is far longer than the check needs.
func TestImageChecksOutputFirst(t *testing.T) {
	dir := t.TempDir()
	for _, o := range []string{filepath.Join(dir, "missing", "x.png"), dir} {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		cmd := exec.CommandContext(ctx, binary, "image", "-noise", "voronoi-worley-smooth-lse", "-octaves", "16", "-size", "8192", "-o", o)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		cancel()
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			t.Fatalf("-o %s: still rendering after 60 s: the output was not checked first", o)
		}
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 2 || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("-o %s: %v, stderr %q; want exit 2 and one line", o, err, stderr.String())
		}
	}
}
