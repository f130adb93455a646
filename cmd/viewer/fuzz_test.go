package main

import (
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
)

// FuzzViewerArgs: any command line (split at NUL) is either refused by
// parseArgs in one line (as run prints it: exit 2, no window) or gives a
// valid starting state and options; no input panics.
func FuzzViewerArgs(f *testing.F) {
	for _, s := range []string{
		"-noise\x00perlin\x00-dims\x004\x00-seamless",
		"-screenshot\x00x.png\x00-instance-scale\x003",
		"-frames\x003\x00-dims\x004\x00-loop\x00-time\x000.5",
		"-frequency\x0065\x00-lacunarity\x009\x00-persistence\x001.5",
		"-matrix\x00pn\x00-animate\x00-frames\x002",
		"-width\x005\x00-timing",
		"-a\nb",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Split(line, "\x00")
		s, opts, err := parseArgs(args, io.Discard)
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		if err != nil {
			if msg := err.Error(); msg == "" || strings.ContainsAny(msg, "\n\r") {
				t.Fatalf("%q: error %q is not one line", args, msg)
			}
			return
		}
		if err := s.Validate(); err != nil {
			t.Fatalf("%q: an invalid state: %v", args, err)
		}
		if opts.width < 16 || opts.height < 16 || opts.frames < 0 || opts.timing && opts.frames < 2 || opts.screenshot != "" && opts.frames == 0 {
			t.Fatalf("%q: options %+v", args, opts)
		}
		if !(s.Time >= 0 && s.Time < 1) {
			t.Fatalf("%q: time %v", args, s.Time)
		}
	})
}
