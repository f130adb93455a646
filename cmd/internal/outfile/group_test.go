//go:build unix

package outfile

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// createAll makes a Group's Files for paths, failing the test on an error.
func createAll(t *testing.T, g *Group, paths ...string) []*File {
	t.Helper()
	var fs []*File
	for _, p := range paths {
		f, err := g.Create(p, nil)
		if err != nil {
			t.Fatalf("Group.Create(%s): %v", p, err)
		}
		fs = append(fs, f)
	}
	return fs
}

// TestGroupCommitsTogether: a Group replaces nothing until its Commit,
// then every path at once; replaced files keep their mode, links stay
// links, and no temporary or backup file is left.
func TestGroupCommitsTogether(t *testing.T) {
	dir := t.TempDir()
	a, b, c := filepath.Join(dir, "a.png"), filepath.Join(dir, "b.png"), filepath.Join(dir, "c.png")
	os.WriteFile(a, []byte("old a"), 0o640)
	os.WriteFile(c, []byte("old c"), 0o644)
	link := filepath.Join(dir, "link.png")
	os.Symlink("c.png", link)
	var g Group
	files := createAll(t, &g, a, b, link)
	for i, f := range files {
		if _, err := io.WriteString(f, "new "+string(rune('a'+i))); err != nil {
			t.Fatal(err)
		}
		if err := f.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	// Every File is complete; nothing is in place yet.
	if mustRead(t, a) != "old a" || mustRead(t, c) != "old c" {
		t.Error("a File's Commit replaced its destination before the Group's Commit")
	}
	if _, err := os.Stat(b); err == nil {
		t.Error("a File's Commit made its new destination before the Group's Commit")
	}
	if err := g.Commit(); err != nil {
		t.Fatal(err)
	}
	if mustRead(t, a) != "new a" || mustRead(t, b) != "new b" || mustRead(t, c) != "new c" {
		t.Errorf("after Commit: %q %q %q", mustRead(t, a), mustRead(t, b), mustRead(t, c))
	}
	if fi, _ := os.Stat(a); fi.Mode().Perm() != 0o640 {
		t.Errorf("replaced file mode %v, want 0640", fi.Mode().Perm())
	}
	if fi, _ := os.Lstat(link); fi.Mode()&fs.ModeSymlink == 0 {
		t.Error("the link was replaced by a regular file")
	}
	g.Abort() // a no-op after Commit
	onlyFiles(t, dir, "a.png", "b.png", "c.png", "link.png")
}

// TestGroupAbort: Abort, after some Files were written and completed,
// removes every temporary file and leaves the destinations as they were.
func TestGroupAbort(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.png")
	os.WriteFile(a, []byte("old"), 0o644)
	var g Group
	files := createAll(t, &g, a, filepath.Join(dir, "b.png"), filepath.Join(dir, "c.png"))
	if ents, _ := os.ReadDir(dir); len(ents) != 4 {
		t.Errorf("after Create the directory holds %d entries, want a.png and 3 temporary files", len(ents))
	}
	files[0].Write([]byte("new"))
	files[0].Commit()
	files[1].Write([]byte("partial"))
	g.Abort()
	if err := g.Commit(); err == nil {
		t.Error("Commit after Abort succeeded")
	}
	if got := mustRead(t, a); got != "old" {
		t.Errorf("after Abort a.png holds %q", got)
	}
	onlyFiles(t, dir, "a.png")
}

// TestGroupWriteFailureKeepsAll: one File's failed write (a link to a full
// device, written in place) fails the Group's Commit, and every
// destination is as it was.
func TestGroupWriteFailureKeepsAll(t *testing.T) {
	if !isCharDevice("/dev/full") {
		t.Skip("no /dev/full here")
	}
	dir := t.TempDir()
	a, c := filepath.Join(dir, "a.png"), filepath.Join(dir, "c.png")
	os.WriteFile(a, []byte("old a"), 0o644)
	os.WriteFile(c, []byte("old c"), 0o644)
	full := filepath.Join(dir, "full.png")
	os.Symlink("/dev/full", full)
	var g Group
	files := createAll(t, &g, a, full, c)
	var failed error
	for _, f := range files {
		f.Write(bytes.Repeat([]byte("x"), 1<<16))
		if err := f.Commit(); err != nil {
			failed = err
			break
		}
	}
	if failed == nil || !strings.Contains(failed.Error(), "no space") || !strings.Contains(failed.Error(), "full.png") {
		t.Errorf("the write to /dev/full: %v", failed)
	}
	if err := g.Commit(); err == nil {
		t.Error("the Group's Commit succeeded after a File failed")
	}
	if mustRead(t, a) != "old a" || mustRead(t, c) != "old c" {
		t.Errorf("after the failure: %q, %q", mustRead(t, a), mustRead(t, c))
	}
	if fi, err := os.Lstat(full); err != nil || fi.Mode()&fs.ModeSymlink == 0 || !isCharDevice("/dev/full") {
		t.Error("the link to /dev/full, or /dev/full, was removed or replaced")
	}
	onlyFiles(t, dir, "a.png", "c.png", "full.png")
}

// TestGroupRenameFailureUndoes: when a rename fails in the Group's Commit
// (the path became a directory after Create), the renames before it are
// undone: a replaced file is back, byte for byte and as the same file, a
// new file is gone, and no temporary or backup file is left.
func TestGroupRenameFailureUndoes(t *testing.T) {
	dir := t.TempDir()
	a, b, c, d := filepath.Join(dir, "a.png"), filepath.Join(dir, "b.png"), filepath.Join(dir, "c.png"), filepath.Join(dir, "d.png")
	os.WriteFile(a, []byte("old a"), 0o644)
	os.WriteFile(d, []byte("old d"), 0o644)
	before, _ := os.Stat(a)
	var g Group
	files := createAll(t, &g, a, b, c, d)
	for _, f := range files {
		f.Write([]byte("new"))
		if err := f.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	os.Mkdir(c, 0o755) // a non-empty directory: no rename replaces it
	os.WriteFile(filepath.Join(c, "inside"), []byte("mine"), 0o644)
	err := g.Commit()
	if err == nil || !strings.Contains(err.Error(), "c.png") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("Commit with c.png a directory: %v, want one line naming c.png", err)
	}
	if got := mustRead(t, a); got != "old a" {
		t.Errorf("a.png holds %q after the failed Commit", got)
	}
	if after, err := os.Stat(a); err != nil || !os.SameFile(before, after) {
		t.Error("a.png is not the file it was")
	}
	if got := mustRead(t, d); got != "old d" {
		t.Errorf("d.png holds %q after the failed Commit", got)
	}
	if got := mustRead(t, filepath.Join(c, "inside")); got != "mine" {
		t.Errorf("the directory's file holds %q", got)
	}
	onlyFiles(t, dir, "a.png", "c.png", "d.png")
}

// TestGroupRefusesSameFile: paths that name the same regular file (the
// same path, a link, a hard link, another directory's name) are refused by
// Create, before anything is written; a device may be named twice.
func TestGroupRefusesSameFile(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "f.png")
	os.WriteFile(f, []byte("mine"), 0o644)
	os.Symlink("f.png", filepath.Join(dir, "link.png"))
	os.Link(f, filepath.Join(dir, "hard.png"))
	os.Symlink("new.png", filepath.Join(dir, "dangling.png"))
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	os.Symlink(".", filepath.Join(dir, "here"))
	for _, c := range [][2]string{
		{"f.png", "f.png"},
		{"f.png", "link.png"},
		{"f.png", "hard.png"},
		{"f.png", "here/f.png"},
		{"f.png", "sub/../f.png"},
		{"new.png", "dangling.png"},
		{"new.png", "here/new.png"},
	} {
		var g Group
		createAll(t, &g, filepath.Join(dir, c[0]))
		_, err := g.Create(dir+"/"+c[1], nil) // not Join, which would clean sub/..
		if err == nil || !strings.Contains(err.Error(), "same file") || !strings.Contains(err.Error(), c[0]) || !strings.Contains(err.Error(), c[1]) {
			t.Errorf("%s then %s: %v, want a same-file error naming both", c[0], c[1], err)
		}
		g.Abort()
	}
	if got := mustRead(t, f); got != "mine" {
		t.Errorf("f.png holds %q", got)
	}
	onlyFiles(t, dir, "dangling.png", "f.png", "hard.png", "here", "link.png", "sub")

	if isCharDevice("/dev/null") {
		var g Group
		files := createAll(t, &g, "/dev/null", filepath.Join(dir, "link.png"), "/dev/null")
		for _, f := range files {
			f.Write([]byte("x"))
			f.Commit()
		}
		if err := g.Commit(); err != nil {
			t.Errorf("/dev/null twice: %v", err)
		}
		if !isCharDevice("/dev/null") {
			t.Fatal("/dev/null is no longer a character device")
		}
		if got := mustRead(t, f); got != "x" {
			t.Errorf("f.png (through link.png) holds %q", got)
		}
	}
}

// TestGroupFIFO: a Group's FIFO is not opened by Create (which would wait
// for its reader), but by its first Write, so each frame's reader may come
// in turn; the FIFO stays a FIFO.
func TestGroupFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	var g Group
	files := createAll(t, &g, fifo, filepath.Join(dir, "out.png")) // returns: no reader needed yet
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
	files[0].Write([]byte("through the pipe"))
	if err := files[0].Commit(); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "through the pipe" {
		t.Errorf("the reader got %q", s)
	}
	files[1].Write([]byte("file"))
	if err := g.Commit(); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was removed or replaced: %v", err)
	}
	onlyFiles(t, dir, "out.png", "pipe")
}
