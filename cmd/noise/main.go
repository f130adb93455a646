// Command noise samples, renders, lists, checks and benchmarks the project's
// noise through the exact float32 CPU reference (package
// github.com/noiselab/noise/cpu); sample and bench also run it on the GPU
// (-backend gpu: OpenGL 4.3 compute shaders, package
// github.com/noiselab/noise/gpu/dispatch).
//
// Subcommands:
//
//	noise sample     read positions from stdin, print values or derivatives
//	noise image      render the XZ plane to a PNG (colour or normal map)
//	noise list       list the noise variants, dimensions, tiling and ranges
//	noise selfcheck  check test vectors A.1, A.2, A.3 and A.7 (docs/algorithms.md §10)
//	noise shader     print a variant's GLSL (kernel or -library)
//	noise bench      million points per second per noise type, CPU and/or GPU
//	noise help       usage; "noise help CMD" or "noise CMD -h" for flags
//
// Every user error is one line on stderr, prefixed "noise CMD: ", with exit
// status 2; -h prints a command's usage on stdout with status 0. A failed
// self-check exits 1. Without a command, noise prints the usage on stderr
// and exits 2 (as go does); "noise help" and "noise -h" print it on stdout
// and exit 0.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/noiselab/noise/cmd/internal/outfile"
	"github.com/noiselab/noise/internal/oneline"
)

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

// commands lists the subcommands in the order the usage text shows them.
func commands() []command {
	return []command{
		{"sample", "read positions from stdin, print noise values (or value and derivatives)", runSample},
		{"image", "render the XZ plane to a PNG (colour ramp or tangent-space normal map)", runImage},
		{"list", "list the noise variants with their dimensions, tiling and output ranges", runList},
		{"selfcheck", "check test vectors A.1, A.2, A.3 and A.7 (docs/algorithms.md §10) through the library", runSelfcheck},
		{"shader", "print a variant's GLSL: the compute kernel, or with -library the includable functions", runShader},
		{"bench", "measure million points per second for each noise type (-backend cpu, gpu or both)", runBench},
		{"help", `show this text; "noise help CMD" shows a command's flags`, nil},
	}
}

const usageText = `noise samples, renders, checks and benchmarks the project's noise
(the exact float32 CPU reference of docs/algorithms.md; sample and bench can also run
it on the GPU through OpenGL 4.3 compute shaders with -backend gpu).

Usage:
  noise <command> [flags]

Commands:
%s
Examples:
  echo "0.1 0.2 0.3" | noise sample -noise perlin
  echo "0.1 0.2 0.3" | noise sample -noise simplex -dims 2 -deriv
  noise sample -noise voronoi-worley-f1 -seed 12 -octaves 3 < points.txt > values.txt
  noise sample -noise simplex -frequency 2.5 -octaves 4 -lacunarity 1.5 < points.txt
  echo "0.1 0.2 0.3" | noise sample -noise perlin -translate 1,2,3 -rotate 30,45,60 -scale 2,3,4
  echo "0.5 1.5 2.5 3.5" | noise sample -noise perm-value -dims 4 -seed 12 -frequency 1 -perm-mode blog
  noise sample -noise perlin -backend gpu < points.txt > values.txt
  noise image -noise perlin -o perlin.png
  noise image -noise simplex -normals -displacement 0.1 -size 1024 -o normals.png
  noise list
  noise selfcheck
  noise shader -noise perlin -library -prefix hills_ > hills.glsl
  noise shader -noise simplex -dims 2 -deriv -arith exact -version 450
  noise bench -noise perlin -duration 300ms
  noise bench -backend both -noise perlin -duration 1s

Run "noise <command> -h" for a command's flags.
`

func writeUsage(w io.Writer) {
	var b strings.Builder
	for _, c := range commands() {
		fmt.Fprintf(&b, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, usageText, b.String())
}

func commandNames() string {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	return strings.Join(names, ", ")
}

// errHelp is returned by a subcommand that printed its usage because of -h.
var errHelp = flag.ErrHelp

// exitError ends a command with a status other than 2 after the command has
// printed what it had to say (selfcheck mismatches).
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// run is the whole program: it returns the exit status. Output lost to
// a failed write on stdout (a full disk, a closed pipe) is an error too.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	out := &outfile.Tracked{W: stdout}
	prefix := "noise"
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "%s: internal error: %s\n", prefix, oneline.Format(fmt.Sprint(r)))
			code = 2
		}
		if code == 0 && out.Err != nil {
			fmt.Fprintf(stderr, "%s: writing standard output: %s\n", prefix, oneline.Format(out.Err.Error()))
			code = 2
		}
	}()
	if len(args) == 0 { // no command: a usage error, as with go
		writeUsage(stderr)
		return 2
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if name == "help" && len(args) > 1 && !isHelpFlag(args[1]) && args[1] != "help" {
			for _, c := range commands() {
				if c.name == args[1] && c.run != nil {
					prefix = "noise " + c.name
					return finish(prefix, c.run([]string{"-h"}, stdin, out, stderr), stderr)
				}
			}
			fmt.Fprintf(stderr, "noise help: unknown command %q; valid commands: %s\n", oneline.Format(args[1]), commandNames())
			return 2
		}
		writeUsage(out)
		return 0
	}
	for _, c := range commands() {
		if c.name == name && c.run != nil {
			prefix = "noise " + c.name
			return finish(prefix, c.run(args[1:], stdin, out, stderr), stderr)
		}
	}
	fmt.Fprintf(stderr, "noise: unknown command %q; valid commands: %s (run \"noise help\" for usage)\n", oneline.Format(name), commandNames())
	return 2
}

func isHelpFlag(s string) bool { return s == "-h" || s == "-help" || s == "--help" }

// finish turns a subcommand's error into the exit status, printing it as
// one line.
func finish(prefix string, err error, stderr io.Writer) int {
	if err == nil || errors.Is(err, errHelp) {
		return 0
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			fmt.Fprintf(stderr, "%s: %s\n", prefix, oneline.Format(ee.msg))
		}
		return ee.code
	}
	fmt.Fprintf(stderr, "%s: %s\n", prefix, oneline.Format(err.Error()))
	return 2
}
