// Package outfile writes a command's output files so that neither a
// failure nor an interrupt destroys what the paths named before.
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
// A Group is several outputs replaced together, such as the frames of an
// animation: every path is checked, and its temporary file made, before
// the work; no file is replaced until every one is complete; and a failure
// leaves every path as it was. Two paths of a Group that name the same
// regular file (through a link, say) are refused.
//
// A process that is interrupted (SIGINT, SIGTERM or SIGHUP) while it has
// temporary files, or CreateNew files not yet committed, removes them and
// then ends by that signal, as it would have without this package (a shell
// reports status 130 for Ctrl-C). From its first temporary file on, the
// process catches those signals for this; a signal it ignored from its
// start stays ignored. A file is registered for removal as it is made, and
// renamed or removed with the registry held, so a signal that comes while
// a file is made, renamed or removed leaves none behind.
//
// Nothing but the files this package made is ever removed.
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
	name    string      // the path as given, for messages
	w       io.Writer   // where Write goes; nil until a Group's File is opened
	f       *os.File    // the open temporary or special file
	tmp     string      // the temporary file, renamed to dest by Commit; "" when writing directly
	dest    string      // the destination with symbolic links resolved; "" for standard output
	special bool        // dest is a device, FIFO or socket: written in place
	mode    fs.FileMode // with keep: the replaced file's permission bits
	keep    bool        // dest is an existing regular file, replaced by Commit
	info    fs.FileInfo // with keep: the replaced file; with special: the special file
	dir     fs.FileInfo // when writing a temporary file: dest's directory
	err     error       // the first write error
	done    bool        // committed (in a Group: complete) or aborted
	group   *Group      // the Group the File belongs to, or nil
}

// maxLinks bounds how many symbolic links Create follows.
const maxLinks = 40

// Create prepares path for writing; stdout is used for "-". The checks
// (the directory exists, the file may be written) happen now, so a command
// can call Create before its work and fail early.
func Create(path string, stdout io.Writer) (*File, error) {
	out, err := prepare(path, stdout)
	if err != nil || out.dest == "" {
		return out, err
	}
	if out.special { // device, FIFO, socket: write in place, never replace
		f, err := os.OpenFile(out.dest, os.O_WRONLY, 0)
		if err != nil {
			return nil, fmt.Errorf("cannot write %s: %v", path, unwrapPath(err))
		}
		out.f, out.w = f, f
		return out, nil
	}
	f, err := createTemp(filepath.Dir(out.dest), "."+filepath.Base(out.dest)+".tmp-")
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %v", path, unwrapPath(err))
	}
	out.f, out.w, out.tmp = f, f, f.Name()
	return out, nil
}

// prepare resolves path and checks that it may be written, making
// nothing yet.
func prepare(path string, stdout io.Writer) (*File, error) {
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
	out := &File{name: path, dest: dest, info: fi}
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
	default:
		out.special = true
		return out, nil
	}
	dir := filepath.Dir(dest)
	di, err := os.Stat(dir)
	if err != nil || !di.IsDir() {
		return nil, fmt.Errorf("cannot write %s: the directory %s does not exist", path, dir)
	}
	out.dir = di
	return out, nil
}

// CreateNew is Create for a path that must not exist yet (a screenshot
// named by the program, say): it fails with an error satisfying
// errors.Is(err, fs.ErrExist) when it does, and Commit never replaces a
// file that appeared in the meantime. Until Commit the file is this run's
// own: Abort, or an interrupt, removes it.
func CreateNew(path string) (*File, error) {
	f, err := track(func() (*os.File, error) {
		return os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	})
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	return &File{name: path, w: f, f: f, dest: path, tmp: path}, nil
}

// createTemp creates a new file in dir whose name starts with prefix,
// registered for removal on an interrupt. Unlike os.CreateTemp it asks for
// mode 0666, so the umask decides the new file's permissions as it would
// for os.Create.
func createTemp(dir, prefix string) (*os.File, error) {
	for range 1000 {
		name := filepath.Join(dir, prefix+randomSuffix())
		f, err := track(func() (*os.File, error) {
			return os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		})
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, errors.New("no free temporary file name")
}

// randomSuffix ends the name of a temporary file.
func randomSuffix() string { return strconv.FormatUint(uint64(rand.Uint32()), 36) }

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
	if f.w == nil { // a Group's File, opened by its first Write
		if f.err = f.open(); f.err != nil {
			return 0, f.err
		}
	}
	n, err := f.w.Write(p)
	if err != nil {
		f.err = fmt.Errorf("writing %s: %v", f.name, unwrapPath(err))
	}
	return n, f.err
}

// open opens a Group's temporary file, made empty by Group.Create, or its
// special file.
func (f *File) open() error {
	name := f.dest
	if f.tmp != "" {
		name = f.tmp
	}
	fd, err := os.OpenFile(name, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", f.name, unwrapPath(err))
	}
	f.f, f.w = fd, fd
	return nil
}

// finish ends the writing: a temporary file is flushed to disk, and the
// file is closed.
func (f *File) finish() {
	f.done = true
	if f.f == nil {
		return
	}
	var err error
	if f.tmp != "" {
		err = f.f.Sync()
	}
	if cerr := f.f.Close(); err == nil {
		err = cerr
	}
	f.f = nil
	if err != nil && f.err == nil {
		f.err = fmt.Errorf("writing %s: %v", f.name, unwrapPath(err))
	}
}

// Commit finishes the output: a temporary file is flushed to disk and
// renamed over the destination, a special file is closed. After a write
// error Commit fails and leaves the destination as it was.
//
// For a File of a Group, Commit only completes the file (flushed and
// closed); the Group's Commit puts the files in place. A failed Commit
// aborts the whole Group.
func (f *File) Commit() error {
	if f.done {
		return f.err
	}
	f.finish()
	if f.group != nil {
		if f.err != nil {
			f.group.Abort()
		}
		return f.err
	}
	if f.tmp == "" {
		return f.err
	}
	var err error
	if f.err == nil && f.keep {
		err = os.Chmod(f.tmp, f.mode)
	}
	settle(func() {
		if err == nil && f.err == nil && f.tmp != f.dest {
			err = os.Rename(f.tmp, f.dest)
		}
		if err != nil || f.err != nil {
			os.Remove(f.tmp)
		}
	}, f.tmp)
	if err != nil && f.err == nil {
		f.err = fmt.Errorf("writing %s: %v", f.name, unwrapPath(err))
	}
	return f.err
}

// Abort gives the output up: the temporary file is removed, a special file
// closed; the destination is left as it was. It is a no-op after Commit.
// Aborting a File of a Group aborts the whole Group.
func (f *File) Abort() {
	if f.group != nil {
		f.group.Abort()
		return
	}
	if f.done {
		return
	}
	f.done = true
	if f.f != nil {
		f.f.Close()
		f.f = nil
	}
	if f.tmp != "" {
		settle(func() { os.Remove(f.tmp) }, f.tmp)
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
