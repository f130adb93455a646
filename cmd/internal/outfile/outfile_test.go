//go:build unix

package outfile

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// write creates path, writes data and commits, returning Create's or
// Commit's error.
func write(path string, data []byte) error {
	f, err := Create(path, nil)
	if err != nil {
		return err
	}
	f.Write(data)
	return f.Commit()
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// onlyFiles fails if dir holds anything but the names given (a left-over
// temporary file, say).
func onlyFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
	}
	if strings.Join(got, ",") != strings.Join(names, ",") {
		t.Errorf("%s holds %v, want %v", dir, got, names)
	}
}

func TestNewAndReplacedFiles(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.png")
	if err := write(p, []byte("first")); err != nil {
		t.Fatal(err)
	}
	// A new file gets the mode os.Create would give it.
	ref := filepath.Join(dir, "ref")
	rf, _ := os.Create(ref)
	rf.Close()
	a, _ := os.Stat(p)
	b, _ := os.Stat(ref)
	if a.Mode() != b.Mode() {
		t.Errorf("new file mode %v, os.Create gives %v", a.Mode(), b.Mode())
	}
	os.Remove(ref)

	// Replacing keeps the permission bits.
	os.Chmod(p, 0o640)
	if err := write(p, []byte("second")); err != nil {
		t.Fatal(err)
	}
	if got := mustRead(t, p); got != "second" {
		t.Errorf("replaced file holds %q", got)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o640 {
		t.Errorf("replaced file mode %v, want 0640", fi.Mode().Perm())
	}

	// Abort after a partial write leaves the old file whole.
	f, err := Create(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("par"))
	f.Abort()
	if got := mustRead(t, p); got != "second" {
		t.Errorf("after Abort the file holds %q", got)
	}
	onlyFiles(t, dir, "out.png")
}

func TestSymlinks(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.png")
	os.WriteFile(target, []byte("old"), 0o644)
	link := filepath.Join(dir, "link.png")
	os.Symlink("target.png", link) // relative, like ln -s
	if err := write(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&fs.ModeSymlink == 0 {
		t.Error("the link was replaced by a regular file")
	}
	if got := mustRead(t, target); got != "new" {
		t.Errorf("the link's target holds %q", got)
	}
	// A dangling link: its target is created, the link stays.
	dangling := filepath.Join(dir, "dangling.png")
	os.Symlink("made.png", dangling)
	if err := write(dangling, []byte("made")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(dangling); fi.Mode()&fs.ModeSymlink == 0 {
		t.Error("the dangling link was replaced")
	}
	if got := mustRead(t, filepath.Join(dir, "made.png")); got != "made" {
		t.Errorf("the dangling link's target holds %q", got)
	}
	// A loop is an error, not a hang.
	os.Symlink("loop2", filepath.Join(dir, "loop1"))
	os.Symlink("loop1", filepath.Join(dir, "loop2"))
	if err := write(filepath.Join(dir, "loop1"), nil); err == nil || !strings.Contains(err.Error(), "symbolic links") {
		t.Errorf("link loop: %v", err)
	}
	onlyFiles(t, dir, "dangling.png", "link.png", "loop1", "loop2", "made.png", "target.png")
}

// isCharDevice reports whether path is (still) a character device.
func isCharDevice(path string) bool {
	fi, err := os.Lstat(path)
	return err == nil && fi.Mode()&fs.ModeCharDevice != 0
}

// TestFullDevice: a write to a full device fails, and neither the device
// nor a link to it is removed or replaced. As root the test also makes its
// own full device (mknod c 1 7) and writes to it directly.
func TestFullDevice(t *testing.T) {
	if !isCharDevice("/dev/full") {
		t.Skip("no /dev/full here")
	}
	dir := t.TempDir()
	link := filepath.Join(dir, "link")
	os.Symlink("/dev/full", link)
	targets := []string{link}
	own := filepath.Join(dir, "full")
	if err := syscall.Mknod(own, syscall.S_IFCHR|0o666, 1<<8|7); err == nil {
		targets = append(targets, own)
	} else {
		t.Logf("mknod: %v (only the link to /dev/full is tested)", err)
	}
	for _, p := range targets {
		err := write(p, bytes.Repeat([]byte("x"), 1<<16))
		if err == nil || !strings.Contains(err.Error(), "no space") {
			t.Errorf("%s: error %v, want no space left", p, err)
		}
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link to /dev/full is gone or replaced: %v", err)
	}
	if !isCharDevice("/dev/full") {
		t.Error("/dev/full is no longer a character device")
	}
	if len(targets) > 1 && !isCharDevice(own) {
		t.Error("the test's own full device was removed or replaced")
	}
}

func TestDevNull(t *testing.T) {
	if !isCharDevice("/dev/null") {
		t.Skip("no /dev/null here")
	}
	if err := write("/dev/null", []byte("discarded")); err != nil {
		t.Fatal(err)
	}
	if !isCharDevice("/dev/null") {
		t.Fatal("/dev/null is no longer a character device")
	}
}

func TestFIFOWithReader(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	got := make(chan string)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	if err := write(fifo, []byte("through the pipe")); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "through the pipe" {
		t.Errorf("the reader got %q", s)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was removed or replaced: %v", err)
	}
	onlyFiles(t, dir, "pipe")
}

func TestStdout(t *testing.T) {
	var b bytes.Buffer
	f, err := Create("-", &b)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("hello"))
	if err := f.Commit(); err != nil || b.String() != "hello" {
		t.Errorf("stdout: %q, %v", b.String(), err)
	}
	if f.Name() != "standard output" {
		t.Errorf("Name %q", f.Name())
	}
}

// TestRefusedEarly: what cannot be written fails at Create, before the
// command's work.
func TestRefusedEarly(t *testing.T) {
	dir := t.TempDir()
	cases := []struct{ path, want string }{
		{dir, "is a directory"},
		{filepath.Join(dir, "missing", "out.png"), "does not exist"},
		{"", "empty output path"},
	}
	if os.Geteuid() != 0 { // root may write anything
		ro := filepath.Join(dir, "readonly.png")
		os.WriteFile(ro, []byte("keep"), 0o444)
		cases = append(cases, struct{ path, want string }{ro, "permission denied"})
		rodir := filepath.Join(dir, "rodir")
		os.Mkdir(rodir, 0o555)
		cases = append(cases, struct{ path, want string }{filepath.Join(rodir, "x.png"), "permission denied"})
	}
	for _, c := range cases {
		_, err := Create(c.path, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Create(%q): %v, want one line with %q", c.path, err, c.want)
		}
	}
}

// TestFailedWriteKeepsOld: after a write error Commit fails and the old
// file is whole.
func TestFailedWriteKeepsOld(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.png")
	os.WriteFile(p, []byte("old"), 0o644)
	f, err := Create(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	f.f.Close() // the next write fails
	if _, err := f.Write([]byte("new")); err == nil {
		t.Fatal("write to a closed file succeeded")
	}
	if err := f.Commit(); err == nil {
		t.Fatal("Commit after a write error succeeded")
	}
	if got := mustRead(t, p); got != "old" {
		t.Errorf("the old file holds %q", got)
	}
	onlyFiles(t, dir, "out.png")
}

func TestCreateNew(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "shot.png")
	os.WriteFile(p, []byte("keep"), 0o644)
	if _, err := CreateNew(p); !errors.Is(err, fs.ErrExist) {
		t.Errorf("CreateNew over a file: %v, want ErrExist", err)
	}
	if got := mustRead(t, p); got != "keep" {
		t.Errorf("the existing file holds %q", got)
	}
	q := filepath.Join(dir, "shot2.png")
	f, err := CreateNew(q)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("partial"))
	f.Abort() // its own new file may go
	if _, err := os.Stat(q); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Abort left %s: %v", q, err)
	}
	f, _ = CreateNew(q)
	f.Write([]byte("whole"))
	if err := f.Commit(); err != nil || mustRead(t, q) != "whole" {
		t.Errorf("CreateNew commit: %v", err)
	}
}
