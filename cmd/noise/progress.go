package main

import (
	"fmt"
	"io"
	"os"
	"time"
)

// progress is a line on stderr that says how far a long piece of work has
// come: "noise image: 37%", rewritten in place, from about a second into
// the work on. It stays silent when turned off (-quiet) or when stderr is
// not a terminal, so pipes and logs get no carriage returns.
type progress struct {
	w       io.Writer // nil: silent
	what    string
	start   time.Time
	now     func() time.Time
	shown   bool
	percent int
}

// progressDelay is how long work runs before its progress shows.
const progressDelay = time.Second

// newProgress returns the progress line of what on stderr, silent unless
// on and stderr is a terminal.
func newProgress(stderr io.Writer, on bool, what string) *progress {
	p := &progress{what: what, now: time.Now}
	if on && isTerminal(stderr) {
		p.w = stderr
	}
	p.start = p.now()
	return p
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// update says that done of total units are finished.
func (p *progress) update(done, total int) {
	if p.w == nil || total <= 0 {
		return
	}
	pc := done * 100 / total
	if !p.shown && p.now().Sub(p.start) < progressDelay || p.shown && pc == p.percent {
		return
	}
	p.shown, p.percent = true, pc
	fmt.Fprintf(p.w, "\r%s: %3d%%", p.what, pc)
}

// done ends the line, if one was shown.
func (p *progress) done() {
	if p.shown {
		fmt.Fprintf(p.w, "\r%s: done in %.1f s\n", p.what, p.now().Sub(p.start).Seconds())
		p.shown = false
	}
}
