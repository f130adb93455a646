package dispatch

import (
	"bytes"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
)

// thread runs functions where a Context's OpenGL context is current: an
// owned thread (a goroutine locked to its OS thread, serving a channel of
// calls) for a Context made by New or NewWith, or the caller's own thread
// for one made by NewCurrent.
type thread interface {
	// run runs f there and returns its error (ErrClosed once stopped).
	run(f func() error) error
	// inside reports whether the caller already runs inside run: a call
	// from there would wait for itself.
	inside() bool
	// stop runs release there as the last call and ends the thread.
	stop(release func())
}

// ownedThread is a goroutine locked to its OS thread.
type ownedThread struct {
	calls chan func()
	done  chan struct{}
	id    uint64 // the goroutine's number

	mu     sync.Mutex // guards closed and sends on calls
	closed bool
	inRun  atomic.Bool
}

// startThread starts an owned thread and runs open on it first; if open
// fails (it cleans up after itself), the thread ends and its error is
// returned.
func startThread(open func() error) (*ownedThread, error) {
	t := &ownedThread{calls: make(chan func()), done: make(chan struct{})}
	ready := make(chan error)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		t.id = goroutineID()
		if err := safely(open); err != nil {
			ready <- err
			return
		}
		ready <- nil
		for f := range t.calls {
			f()
		}
		close(t.done)
	}()
	if err := <-ready; err != nil {
		return nil, err
	}
	return t, nil
}

func (t *ownedThread) run(f func() error) error {
	errc := make(chan error, 1)
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return ErrClosed
	}
	t.calls <- func() {
		t.inRun.Store(true)
		defer t.inRun.Store(false)
		errc <- f()
	}
	t.mu.Unlock()
	return <-errc
}

func (t *ownedThread) inside() bool { return t.inRun.Load() && goroutineID() == t.id }

func (t *ownedThread) stop(release func()) {
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return
	}
	t.closed = true
	t.calls <- release
	close(t.calls)
	t.mu.Unlock()
	<-t.done
}

// goroutineID returns the calling goroutine's number, parsed from its
// stack header "goroutine N [": inside asks for it only while a call runs.
func goroutineID() uint64 {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	b, _ = bytes.CutPrefix(b, []byte("goroutine "))
	id, _, _ := bytes.Cut(b, []byte(" "))
	n, _ := strconv.ParseUint(string(id), 10, 64)
	return n
}

// currentThread is the caller's thread, where its context is current; by
// NewCurrent's contract every call comes from that one goroutine.
type currentThread struct{ depth int }

func (t *currentThread) run(f func() error) error {
	t.depth++
	defer func() { t.depth-- }()
	return f()
}

func (t *currentThread) inside() bool { return t.depth > 0 }

func (t *currentThread) stop(release func()) { release() }
