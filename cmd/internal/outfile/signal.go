package outfile

import (
	"os"
	"os/signal"
	"sync"
	"time"
)

// live is the registry of the files an interrupt removes: the temporary
// files, and the CreateNew files not yet committed. Its lock is held while
// such a file is made, renamed or removed, and by the signal handler from
// the signal on, so that no file is made or left behind after the handler
// has looked.
var live struct {
	sync.Mutex
	names map[string]struct{}
}

// watching starts the signal handler, once, before the first file is made.
var watching sync.Once

// track runs create, which makes a file, with the registry held, and
// registers the file made.
func track(create func() (*os.File, error)) (*os.File, error) {
	watching.Do(watchSignals)
	live.Lock()
	defer live.Unlock()
	f, err := create()
	if err == nil {
		if live.names == nil {
			live.names = map[string]struct{}{}
		}
		live.names[f.Name()] = struct{}{}
	}
	return f, err
}

// settle runs op, which renames or removes the registered files names,
// with the registry held, and forgets them.
func settle(op func(), names ...string) {
	live.Lock()
	defer live.Unlock()
	op()
	for _, n := range names {
		delete(live.names, n)
	}
}

// watchSignals catches the interrupts the process does not ignore: on one,
// it removes the registered files and ends the process by that signal.
func watchSignals() {
	var sigs []os.Signal
	for _, s := range interrupts {
		if !signal.Ignored(s) {
			sigs = append(sigs, s)
		}
	}
	if len(sigs) == 0 {
		return
	}
	c := make(chan os.Signal, 1)
	signal.Notify(c, sigs...)
	go func() {
		s := <-c
		live.Lock() // never released: nothing is made, renamed or removed from now on
		for name := range live.names {
			os.Remove(name)
		}
		die(s)
	}()
}

// die ends the process by signal s: with the signal's default action
// restored, the process sends s to itself. Where that does not end it, it
// exits with the status a shell reports for the signal.
func die(s os.Signal) {
	signal.Reset(s)
	if p, err := os.FindProcess(os.Getpid()); err == nil && p.Signal(s) == nil {
		time.Sleep(time.Second)
	}
	os.Exit(signalStatus(s))
}
