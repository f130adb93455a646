// Package outfile writes a command's output file so that a failure never
// destroys what the path named before.
//
//   - "-" is standard output.
//   - A new file, or an existing regular file (also through symbolic
//     links), is written to a temporary file in the same directory and
//     renamed into place by Commit, so the path holds either its old
//     contents or the complete new ones. A replaced file keeps its
//     permission bits; a symbolic link stays a link to the new file.
//   - Anything else (a character or block device, a FIFO, a socket, or a
//     link to one: /dev/null, /dev/stdout, a named pipe) is opened and
//     written directly; it is never removed, truncated or replaced.
//   - A directory, a dangling chain of links to a missing directory, or a
//     file the user may not write is refused when the File is made, before
//     the command does its work.
//
// Nothing but the temporary file this package made is ever removed.
package outfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// File is an output being written: Write to it, then Commit. Abort (or a
// failed Commit) leaves the destination as it was.
type File struct {
	name string      // the path as given, for messages
	w    io.Writer   // where Write goes
	f    *os.File    // the temporary or special file; nil for standard output
	tmp  string      // the temporary file, renamed to dest by Commit; "" when writing directly
	dest string      // the destination with symbolic links resolved
	mode fs.FileMode // with keep: the replaced file's permission bits
	keep bool
	err  error // the first write error
	done bool
}

// maxLinks bounds how many symbolic links Create follows.
const maxLinks = 40

// Create prepares path for writing; stdout is used for "-". The checks
// (the directory exists, the file may be written) happen now, so a command
// can call Create before its work and fail early.
func Create(path string, stdout io.Writer) (*File, error) {
	if path == "-" {
		return &File{name: "standard output", w: stdout}, nil
	}
	if path == "" {
		return nil, errors.New("empty output path")
	}
	dest, fi, err := resolve(path)
	if err != nil {
		return nil, err
	}
	out := &File{name: path, dest: dest}
	switch {
	case fi == nil: // a new file
	case fi.IsDir():
		return nil, fmt.Errorf("%s is a directory", path)
	case fi.Mode().IsRegular():
		// Opening for writing (without truncating) checks the user may
		// write it; the file is replaced by rename, not written through.
		f, err := os.OpenFile(dest, os.O_WRONLY, 0)
		if err != nil {
			return nil, fmt.Errorf("cannot write %s: %v", path, unwrapPath(err))
		}
		f.Close()
		out.mode, out.keep = fi.Mode().Perm(), true
	default: // device, FIFO, socket: write in place, never replace
		f, err := os.OpenFile(dest, os.O_WRONLY, 0)
		if err != nil {
			return nil, fmt.Errorf("cannot write %s: %v", path, unwrapPath(err))
		}
		out.f, out.w = f, f
		return out, nil
	}
	dir := filepath.Dir(dest)
	if di, err := os.Stat(dir); err != nil || !di.IsDir() {
		return nil, fmt.Errorf("cannot write %s: the directory %s does not exist", path, dir)
	}
	f, err := createTemp(dir, "."+filepath.Base(dest)+".tmp-")
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %v", path, unwrapPath(err))
	}
	out.f, out.w, out.tmp = f, f, f.Name()
	return out, nil
}

// CreateNew is Create for a path that must not exist yet (a screenshot
// named by the program, say): it fails with an error satisfying
// errors.Is(err, fs.ErrExist) when it does, and Commit never replaces a
// file that appeared in the meantime.
func CreateNew(path string) (*File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	// The path is this run's own: Abort may remove it.
	return &File{name: path, w: f, f: f, dest: path, tmp: path}, nil
}

// createTemp creates a new file in dir whose name starts with prefix. Unlike
// os.CreateTemp it asks for mode 0666, so the umask decides the new file's
// permissions as it would for os.Create.
func createTemp(dir, prefix string) (*os.File, error) {
	for range 1000 {
		name := filepath.Join(dir, prefix+strconv.FormatUint(uint64(rand.Uint32()), 36))
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, errors.New("no free temporary file name")
}

// resolve follows symbolic links from path to the file they name. It
// returns the final path and its FileInfo, or a nil FileInfo when the
// final path does not exist yet.
func resolve(path string) (string, fs.FileInfo, error) {
	p := path
	for range maxLinks {
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, nil, nil
		}
		if err != nil {
			return "", nil, fmt.Errorf("cannot write %s: %v", path, unwrapPath(err))
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return p, fi, nil
		}
		t, err := os.Readlink(p)
		if err != nil {
			return "", nil, fmt.Errorf("cannot write %s: %v", path, unwrapPath(err))
		}
		if !filepath.IsAbs(t) {
			t = filepath.Join(filepath.Dir(p), t)
		}
		p = t
	}
	return "", nil, fmt.Errorf("cannot write %s: too many levels of symbolic links", path)
}

// unwrapPath drops the *PathError wrapper, whose path the caller's message
// already names.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Name is the path as given to Create ("standard output" for "-").
func (f *File) Name() string { return f.name }

// Write writes to the output; after an error every later Write fails too.
func (f *File) Write(p []byte) (int, error) {
	if f.err != nil {
		return 0, f.err
	}
	if f.done {
		return 0, fmt.Errorf("writing %s: already committed or aborted", f.name)
	}
	n, err := f.w.Write(p)
	if err != nil {
		f.err = fmt.Errorf("writing %s: %v", f.name, unwrapPath(err))
	}
	return n, f.err
}

// Commit finishes the output: a temporary file is flushed to disk and
// renamed over the destination, a special file is closed. After a write
// error Commit fails and leaves the destination as it was.
func (f *File) Commit() error {
	if f.done {
		return f.err
	}
	if f.err != nil {
		f.Abort()
		return f.err
	}
	f.done = true
	if f.f == nil {
		return nil
	}
	if f.tmp == "" { // a device or FIFO
		if err := f.f.Close(); err != nil {
			f.err = fmt.Errorf("writing %s: %v", f.name, unwrapPath(err))
		}
		return f.err
	}
	err := f.f.Sync()
	if cerr := f.f.Close(); err == nil {
		err = cerr
	}
	if err == nil && f.keep {
		err = os.Chmod(f.tmp, f.mode)
	}
	if err == nil && f.tmp != f.dest {
		err = os.Rename(f.tmp, f.dest)
	}
	if err != nil {
		os.Remove(f.tmp)
		f.err = fmt.Errorf("writing %s: %v", f.name, unwrapPath(err))
	}
	return f.err
}

// Abort gives the output up: the temporary file is removed, a special file
// closed; the destination is left as it was. It is a no-op after Commit.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	if f.f == nil {
		return
	}
	f.f.Close()
	if f.tmp != "" {
		os.Remove(f.tmp)
	}
}

// Tracked is a writer that remembers its first error, for a command's
// standard output: output lost to a full disk or a closed pipe must end
// the command with an error, not exit 0.
type Tracked struct {
	W   io.Writer
	Err error // the first write error
}

// Write writes to W; after an error every later Write fails with it.
func (t *Tracked) Write(p []byte) (int, error) {
	if t.Err != nil {
		return 0, t.Err
	}
	n, err := t.W.Write(p)
	if err != nil {
		t.Err = err
	}
	return n, err
}
