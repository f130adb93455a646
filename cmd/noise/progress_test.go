package main

import (
	"bytes"
	"testing"
	"time"
)

// TestProgress: silent for the first second, then "what: N%" rewritten in
// place when the percentage changes, and a closing line; silent when off
// or when stderr is not a terminal.
func TestProgress(t *testing.T) {
	var buf bytes.Buffer
	clock := time.Unix(100, 0)
	p := &progress{w: &buf, what: "noise image", now: func() time.Time { return clock }}
	p.start = clock
	p.update(10, 100)
	if buf.Len() != 0 {
		t.Fatalf("progress shown before a second: %q", buf.String())
	}
	clock = clock.Add(1500 * time.Millisecond)
	p.update(37, 100)
	p.update(37, 100) // unchanged: not rewritten
	p.update(50, 100)
	clock = clock.Add(500 * time.Millisecond)
	p.done()
	if want := "\rnoise image:  37%\rnoise image:  50%\rnoise image: done in 2.0 s\n"; buf.String() != want {
		t.Errorf("progress wrote %q, want %q", buf.String(), want)
	}

	// short work: nothing at all, not even the closing line
	buf.Reset()
	q := &progress{w: &buf, what: "x", now: func() time.Time { return clock }, start: clock}
	q.update(100, 100)
	q.done()
	if buf.Len() != 0 {
		t.Errorf("short work wrote %q", buf.String())
	}

	// not a terminal (a buffer), or turned off: silent however long
	for _, on := range []bool{true, false} {
		buf.Reset()
		r := newProgress(&buf, on, "x")
		r.now = func() time.Time { return clock.Add(time.Hour) }
		r.update(1, 2)
		r.done()
		if buf.Len() != 0 {
			t.Errorf("newProgress(buffer, %v) wrote %q", on, buf.String())
		}
	}
}
