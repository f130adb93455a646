//go:build unix

package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runBinIn runs the built binary in dir.
func runBinIn(t *testing.T, dir string, args ...string) result {
	t.Helper()
	return execBin(t, binary, dir, nil, "", args...)
}

// userFiles writes files a user owns under dir (name → contents) and
// returns a check that each still holds its bytes.
func userFiles(t *testing.T, dir string, files map[string]string) func(what string) {
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return func(what string) {
		t.Helper()
		for name, data := range files {
			if b, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(b) != data {
				t.Errorf("%s: %s holds %.40q (%v), want the user's %q", what, name, b, err, data)
			}
		}
	}
}

// entries lists dir, recursively, as "name" and "sub/name", with a
// trailing "/" for a directory.
func entries(t *testing.T, dir string) string {
	t.Helper()
	var names []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if p == dir || err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			rel += "/"
		}
		names = append(names, rel)
		return nil
	})
	return strings.Join(names, ",")
}

// TestImageFramesKeepFiles is issue 22's scenario: in a folder with the
// user's f0.png and f1.png and a folder f2.png, -frames 3 -o f%d.png fails
// before drawing, with one line naming f2.png; f0.png and f1.png keep their
// bytes, the folder is untouched and no temporary file is left. (It used to
// replace f0.png and f1.png, then fail with a nil pointer dereference.)
func TestImageFramesKeepFiles(t *testing.T) {
	dir := t.TempDir()
	check := userFiles(t, dir, map[string]string{"f0.png": "the user's f0", "f1.png": "the user's f1"})
	os.Mkdir(filepath.Join(dir, "f2.png"), 0o755)
	os.WriteFile(filepath.Join(dir, "f2.png", "inside"), []byte("kept"), 0o644)
	r := runBinIn(t, dir, "image", "-noise", "perlin", "-frames", "3", "-size", "8", "-o", "f%d.png")
	checkOneLineError(t, "f2.png a directory", r, "noise image: ", "f2.png", "directory")
	if strings.Contains(r.stderr, "internal error") {
		t.Errorf("stderr %q", r.stderr)
	}
	check("f2.png a directory")
	if b, err := os.ReadFile(filepath.Join(dir, "f2.png", "inside")); err != nil || string(b) != "kept" {
		t.Errorf("the folder f2.png lost its file: %q, %v", b, err)
	}
	if got, want := entries(t, dir), "f0.png,f1.png,f2.png/,f2.png/inside"; got != want {
		t.Errorf("the folder holds %s, want %s", got, want)
	}
}

// TestImageFramesFailureKeepsFiles: a frame that cannot be written, found
// before the first frame is drawn (a missing or read-only directory) or
// while writing (a link to a full device, written in place), fails with
// one line naming its path, and leaves every existing frame file byte for
// byte as it was and no temporary file behind. Frames were written and
// committed one by one before.
func TestImageFramesFailureKeepsFiles(t *testing.T) {
	frames := func(dir, out string) result {
		return runBinIn(t, dir, "image", "-noise", "simplex", "-frames", "3", "-size", "16", "-o", out)
	}
	t.Run("missing directory", func(t *testing.T) {
		dir := t.TempDir()
		os.Mkdir(filepath.Join(dir, "d0"), 0o755)
		os.Mkdir(filepath.Join(dir, "d1"), 0o755)
		check := userFiles(t, dir, map[string]string{"d0/f.png": "mine 0", "d1/f.png": "mine 1"})
		r := frames(dir, "d%d/f.png")
		checkOneLineError(t, "missing d2", r, "noise image: ", "d2/f.png", "does not exist")
		check("missing d2")
		if got, want := entries(t, dir), "d0/,d0/f.png,d1/,d1/f.png"; got != want {
			t.Errorf("the folder holds %s, want %s", got, want)
		}
	})
	t.Run("read-only directory", func(t *testing.T) {
		if os.Geteuid() == 0 {
			t.Skip("root may write a read-only directory")
		}
		dir := t.TempDir()
		for _, d := range []string{"d0", "d1", "d2"} {
			os.Mkdir(filepath.Join(dir, d), 0o755)
		}
		check := userFiles(t, dir, map[string]string{"d0/f.png": "mine 0", "d1/f.png": "mine 1", "d2/f.png": "mine 2"})
		os.Chmod(filepath.Join(dir, "d2"), 0o555)
		defer os.Chmod(filepath.Join(dir, "d2"), 0o755)
		r := frames(dir, "d%d/f.png")
		checkOneLineError(t, "read-only d2", r, "noise image: ", "d2/f.png", "permission denied")
		check("read-only d2")
		if got, want := entries(t, dir), "d0/,d0/f.png,d1/,d1/f.png,d2/,d2/f.png"; got != want {
			t.Errorf("the folder holds %s, want %s", got, want)
		}
	})
	t.Run("full device", func(t *testing.T) {
		if fi, err := os.Stat("/dev/full"); err != nil || fi.Mode()&fs.ModeCharDevice == 0 {
			t.Skip("no /dev/full here")
		}
		dir := t.TempDir()
		check := userFiles(t, dir, map[string]string{"f0.png": "mine 0", "f2.png": "mine 2"})
		os.Symlink("/dev/full", filepath.Join(dir, "f1.png"))
		r := frames(dir, "f%d.png")
		checkOneLineError(t, "f1.png on /dev/full", r, "noise image: ", "f1.png", "no space left")
		check("f1.png on /dev/full")
		if fi, err := os.Lstat(filepath.Join(dir, "f1.png")); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("the link to /dev/full was removed or replaced: %v", err)
		}
		if got, want := entries(t, dir), "f0.png,f1.png,f2.png"; got != want {
			t.Errorf("the folder holds %s, want %s", got, want)
		}
	})
}

// TestImageFramesSameFile: two frames whose paths name the same file
// (through a link, or a directory's ".."), which would have the later
// frame overwrite the earlier one, are refused before the work with one
// line naming both; a device (/dev/null) may take every frame in place.
func TestImageFramesSameFile(t *testing.T) {
	dir := t.TempDir()
	check := userFiles(t, dir, map[string]string{"f1.png": "mine"})
	os.Symlink("f1.png", filepath.Join(dir, "f0.png"))
	r := runBinIn(t, dir, "image", "-noise", "perlin", "-frames", "2", "-size", "8", "-o", "f%d.png")
	checkOneLineError(t, "f0.png a link to f1.png", r, "noise image: ", "frame 1", "f1.png", "same file", "f0.png")
	check("f0.png a link to f1.png")
	if got, want := entries(t, dir), "f0.png,f1.png"; got != want {
		t.Errorf("the folder holds %s, want %s", got, want)
	}

	dir = t.TempDir()
	os.Mkdir(filepath.Join(dir, "d0"), 0o755)
	os.Mkdir(filepath.Join(dir, "d1"), 0o755)
	r = runBinIn(t, dir, "image", "-noise", "perlin", "-frames", "2", "-size", "8", "-o", "d%d/../x.png")
	checkOneLineError(t, "d%d/../x.png", r, "noise image: ", "d1/../x.png", "same file", "d0/../x.png")
	if got, want := entries(t, dir), "d0/,d1/"; got != want {
		t.Errorf("the folder holds %s, want %s", got, want)
	}

	if fi, err := os.Stat("/dev/null"); err == nil && fi.Mode()&fs.ModeCharDevice != 0 {
		dir = t.TempDir()
		os.Symlink("/dev/null", filepath.Join(dir, "n0.png"))
		os.Symlink("/dev/null", filepath.Join(dir, "n1.png"))
		r = runBinIn(t, dir, "image", "-noise", "perlin", "-frames", "3", "-size", "8", "-o", "n%d.png")
		mustOK(t, r, "image -frames 3 -o n%d.png (n0, n1 links to /dev/null)")
		if fi, err := os.Stat("/dev/null"); err != nil || fi.Mode()&fs.ModeCharDevice == 0 {
			t.Fatal("/dev/null is no longer a character device")
		}
		if fi, err := os.Lstat(filepath.Join(dir, "n1.png")); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			t.Error("the link to /dev/null was replaced")
		}
		if m := decodePNG(t, filepath.Join(dir, "n2.png")); m.Bounds().Dx() != 8 {
			t.Errorf("frame 2 is %v", m.Bounds())
		}
		if got, want := entries(t, dir), "n0.png,n1.png,n2.png"; got != want {
			t.Errorf("the folder holds %s, want %s", got, want)
		}
	}
}
