package outfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Group is several outputs that are replaced together, such as the frames
// of an animation. Create every File first (each path is checked and its
// temporary file made, so a path that cannot be written fails before the
// work); write each and Commit it, which only completes it; then the
// Group's Commit renames every temporary file into place. Until then no
// destination is touched, and Abort, or any failure, removes every
// temporary file and leaves every destination as it was.
//
// A Group holds no file open but the one being written: a File is opened
// by its first Write and closed by its Commit. A device or FIFO is written
// in place, in turn, when its File is written (a FIFO's reader need not be
// there before); a device is checked by Create, a FIFO only when opened.
// Paths that name the same regular file, through links or hard links or
// another directory's name, are refused by Create; a device or FIFO may be
// named more than once, and takes each output in turn.
//
// The zero Group is empty and ready to use.
type Group struct {
	files  []*File
	done   bool
	err    error
	byBase map[string][]*File // the Files with a temporary file, by dest's base name
	byInfo map[stamp][]*File  // the Files replacing an existing file, by its size and time
}

// stamp narrows the search for an existing file named twice: the same
// file has the same size and modification time.
type stamp struct {
	size, mtime int64
}

// Create prepares path for writing as a member of the Group; stdout is
// used for "-". Errors are those of the package's Create, and a path that
// names the same file as an earlier one.
func (g *Group) Create(path string, stdout io.Writer) (*File, error) {
	if g.done {
		return nil, errors.New("outfile: Create on a committed or aborted Group")
	}
	out, err := prepare(path, stdout)
	if err != nil {
		return nil, err
	}
	out.group = g
	switch {
	case out.dest == "": // standard output
	case out.special:
		if err := checkSpecial(out); err != nil {
			return nil, err
		}
	default:
		if other := g.same(out); other != nil {
			return nil, fmt.Errorf("%s names the same file as %s", path, other.name)
		}
		f, err := createTemp(filepath.Dir(out.dest), "."+filepath.Base(out.dest)+".tmp-")
		if err != nil {
			return nil, fmt.Errorf("cannot write %s: %v", path, unwrapPath(err))
		}
		f.Close() // opened again by the first Write
		out.tmp = f.Name()
		g.add(out)
	}
	g.files = append(g.files, out)
	return out, nil
}

// checkSpecial checks that a device may be written. A FIFO is not opened:
// opening one waits for its reader (or, without waiting, would end the
// reader's input when closed again).
func checkSpecial(out *File) error {
	if out.info.Mode()&fs.ModeNamedPipe != 0 {
		return nil
	}
	f, err := os.OpenFile(out.dest, os.O_WRONLY|nonblock, 0)
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", out.name, unwrapPath(err))
	}
	f.Close()
	return nil
}

// same returns the earlier File whose destination is out's, or nil.
func (g *Group) same(out *File) *File {
	for _, o := range g.byBase[filepath.Base(out.dest)] {
		if os.SameFile(o.dir, out.dir) {
			return o
		}
	}
	if out.info != nil {
		for _, o := range g.byInfo[stampOf(out.info)] {
			if os.SameFile(o.info, out.info) {
				return o
			}
		}
	}
	return nil
}

// add indexes out for same.
func (g *Group) add(out *File) {
	if g.byBase == nil {
		g.byBase, g.byInfo = map[string][]*File{}, map[stamp][]*File{}
	}
	base := filepath.Base(out.dest)
	g.byBase[base] = append(g.byBase[base], out)
	if out.info != nil {
		s := stampOf(out.info)
		g.byInfo[s] = append(g.byInfo[s], out)
	}
}

func stampOf(fi fs.FileInfo) stamp { return stamp{fi.Size(), fi.ModTime().UnixNano()} }

// Commit completes every File not yet committed and renames every
// temporary file over its destination. When a File failed, or a rename
// fails, Commit removes every temporary file, puts back the files already
// replaced and fails: the destinations are as they were. (A replaced file
// is kept under a hard link until the last rename; where the file system
// allows no hard link to it, a later rename's failure leaves it replaced.)
func (g *Group) Commit() error {
	if g.done {
		return g.err
	}
	for _, f := range g.files {
		if !f.done {
			f.finish()
		}
		if f.err != nil {
			err := f.err
			g.Abort()
			return err
		}
	}
	var temps []string
	for _, f := range g.files {
		if f.tmp == "" {
			continue
		}
		if f.keep {
			if err := os.Chmod(f.tmp, f.mode); err != nil {
				g.Abort()
				return fmt.Errorf("writing %s: %v", f.name, unwrapPath(err))
			}
		}
		temps = append(temps, f.tmp)
	}
	g.done = true
	settle(func() { g.err = g.place() }, temps...)
	return g.err
}

// place renames the temporary files into place; after a failed rename it
// undoes the renames made and removes the temporary files left. It runs
// with the registry held, so an interrupt waits until it is done.
func (g *Group) place() error {
	type placed struct {
		f      *File
		backup string // the replaced file, kept under this name; "" if none
	}
	var made []placed
	var err error
	failed := len(g.files)
	for i, f := range g.files {
		if f.tmp == "" {
			continue
		}
		backup := ""
		if f.keep {
			backup = linkBackup(f.dest)
		}
		if e := os.Rename(f.tmp, f.dest); e != nil {
			err = fmt.Errorf("writing %s: %v", f.name, unwrapPath(e))
			if backup != "" {
				os.Remove(backup)
			}
			failed = i
			break
		}
		made = append(made, placed{f, backup})
	}
	if err == nil {
		for _, p := range made {
			if p.backup != "" {
				os.Remove(p.backup)
			}
		}
		return nil
	}
	for _, p := range made {
		switch {
		case p.backup != "":
			os.Rename(p.backup, p.f.dest)
		case !p.f.keep: // a new file, this run's own
			os.Remove(p.f.dest)
		}
	}
	for _, f := range g.files[failed:] {
		if f.tmp != "" {
			os.Remove(f.tmp)
		}
	}
	return err
}

// linkBackup keeps the file dest under a second name beside it and
// returns that name, or "" when the file system refuses the hard link.
func linkBackup(dest string) string {
	prefix := filepath.Join(filepath.Dir(dest), "."+filepath.Base(dest)+".old-")
	for range 100 {
		name := prefix + randomSuffix()
		err := os.Link(dest, name)
		if err == nil {
			return name
		}
		if !errors.Is(err, fs.ErrExist) {
			return ""
		}
	}
	return ""
}

// Abort gives every output up: the temporary files are removed and the
// destinations left as they were. It is a no-op after Commit.
func (g *Group) Abort() {
	if g.done {
		return
	}
	g.done, g.err = true, errors.New("outfile: the Group was aborted")
	var temps []string
	for _, f := range g.files {
		f.done = true
		if f.f != nil {
			f.f.Close()
			f.f = nil
		}
		if f.tmp != "" {
			temps = append(temps, f.tmp)
		}
	}
	settle(func() {
		for _, t := range temps {
			os.Remove(t)
		}
	}, temps...)
}
