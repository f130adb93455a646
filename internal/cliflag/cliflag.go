// Package cliflag is the command-line vocabulary that the project's
// commands (noise, verify, viewer) share: one flag set behaviour (errors as
// one line naming the usage command, -h on standard output), the noise
// selection (-noise, -dims, -tiling, and their list forms), the fractal
// settings (-seed, -frequency, -octaves, -lacunarity, -persistence), the
// domain transform (-translate, -rotate, -scale, -matrix) and the GPU
// flags (-context, -driver, -arith, -precision). Each flag is parsed by
// one set of rules, so a value means the same to every command.
//
// What the help texts say about the noises' dimensions and tiling comes
// from the library's tables (Expand, DimsRange, FewerDims, NoTiling), and
// StaleClaims finds a hand-written statement that the tables contradict.
package cliflag

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
)

// NewFlagSet returns a flag set for the command name as the user types it
// ("noise sample", "verify"), which prints nothing itself: Parse reports.
func NewFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// Parse parses args, refusing positional arguments. On -h or -help it
// prints header, "Flags:" and the flag defaults to stdout and returns
// flag.ErrHelp. Other errors are one line ending in the way to the usage.
func Parse(fs *flag.FlagSet, header string, args []string, stdout io.Writer) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, header)
			fmt.Fprintln(stdout, "\nFlags:")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			fs.SetOutput(io.Discard)
			return flag.ErrHelp
		}
		msg := err.Error()
		if m := badValue.FindStringSubmatch(msg); m != nil {
			msg = "invalid -" + m[2] + " " + m[1] + ": " + m[3]
		}
		return fmt.Errorf("%s (run \"%s -h\" for usage)", msg, fs.Name())
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q: %s takes flags only (run \"%s -h\" for usage)", fs.Arg(0), fs.Name(), fs.Name())
	}
	return nil
}

// badValue matches package flag's error for a value its flag refuses, so
// that Parse can say it the way the commands' own checks do:
// invalid -name "value": why.
var badValue = regexp.MustCompile(`^invalid (?:boolean )?value ("(?:[^"\\]|\\.)*") for flag -([\w-]+): (.*)$`)

// IsSet reports whether the flag name was given on the command line.
func IsSet(fs *flag.FlagSet, name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}

// Choice defines a string flag that takes one of valid, def by default;
// any other value is refused naming the valid ones.
func Choice(fs *flag.FlagSet, p *string, name, def string, valid []string, usage string) {
	*p = def
	fs.Var(choice{p, valid}, name, usage)
}

// choice is a flag taking one of a few names.
type choice struct {
	v     *string
	valid []string
}

func (c choice) String() string {
	if c.v == nil {
		return ""
	}
	return *c.v
}

func (c choice) Set(s string) error {
	for _, v := range c.valid {
		if s == v {
			*c.v = s
			return nil
		}
	}
	return fmt.Errorf("valid: %s", join(c.valid))
}
