// Package cliflag is the command-line vocabulary that the project's
// commands (noise, verify, viewer) share: one flag set behaviour (errors as
// one line naming the usage command, -h on standard output), the noise
// selection (-noise, -dims, -tiling, and their list forms), the fractal
// settings (-seed, -frequency, -octaves, -lacunarity, -persistence), the
// domain transform (-translate, -rotate, -scale, -matrix) and the GPU
// flags (-context, -driver, -arith, -precision). Each flag is parsed by
// one set of rules, so a value means the same to every command.
//
// A flag that would do nothing with the others given is refused rather
// than ignored: the sets and the commands list their conditional flags as
// Needs, which CheckNeeds checks. What the help texts say about the
// noises' dimensions and tiling comes from the library's tables (Expand,
// DimsRange, FewerDims, NoTiling), and StaleClaims finds a hand-written
// statement that the tables contradict.
package cliflag

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
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
			msg = "invalid -" + m[2] + " " + m[1] + ": " + valueError(fs.Lookup(m[2]), m[3])
		}
		if m := undefined.FindStringSubmatch(msg); m != nil {
			if near := nearest(fs, m[1]); near != "" {
				msg += "; did you mean -" + near + "?"
			}
		}
		// Package flag quotes no names: an argument with a line break
		// would break the line.
		return fmt.Errorf("%s (run \"%s -h\" for usage)", escapeControl(msg), fs.Name())
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q: %s takes flags only (run \"%s -h\" for usage)", fs.Arg(0), fs.Name(), fs.Name())
	}
	return nil
}

// badValue matches package flag's error for a value its flag refuses, so
// that Parse can say it the way the commands' own checks do:
// invalid -name "value": why.
var badValue = regexp.MustCompile(`^invalid (?:boolean )?value ("(?:[^"\\]|\\.)*") for (?:flag )?-([\w-]+): (.*)$`)

// undefined matches package flag's error for an unknown flag.
var undefined = regexp.MustCompile(`^flag provided but not defined: -(.*)$`)

// nearest returns the flag of fs whose name is closest to name, within two
// edits (a typo), or "".
func nearest(fs *flag.FlagSet, name string) string {
	best, bestD := "", 3
	fs.VisitAll(func(f *flag.Flag) {
		if d := editDistance(strings.ToLower(name), f.Name); d < bestD {
			best, bestD = f.Name, d
		}
	})
	return best
}

// editDistance is the Levenshtein distance of a and b (bytes).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// escapeControl writes the control characters of s (line breaks, tabs)
// as Go escapes, so that s stays one line.
func escapeControl(s string) string {
	if !strings.ContainsFunc(s, unicode.IsControl) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if unicode.IsControl(r) {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// valueError says what package flag's "parse error" and "value out of
// range" mean for the flag's type: what a valid value looks like.
func valueError(f *flag.Flag, why string) string {
	if f == nil || why != "parse error" && why != "value out of range" {
		return why
	}
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return why
	}
	switch g.Get().(type) {
	case bool:
		return "valid: true, false"
	case time.Duration:
		return "not a duration: a number with a unit, e.g. 300ms, 1.5s, 2m"
	case int, int64:
		if why == "value out of range" {
			return fmt.Sprintf("out of range: a whole number from %d to %d", math.MinInt64, math.MaxInt64)
		}
		return "not a whole number"
	case uint, uint64:
		if why == "value out of range" {
			return fmt.Sprintf("out of range: a whole number from 0 to %d", uint64(math.MaxUint64))
		}
		return "not a whole number at least 0"
	case float64:
		if why == "value out of range" {
			return "out of range: a number of float64 size"
		}
		return "not a number"
	}
	return why
}

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
