// Command verify runs every noise variant on the GPU and on the CPU
// reference and says, with numbers, whether they agree: one row per variant
// (PASS or FAIL, max abs error, max ULP distance, points compared), a
// summary line, and the GL renderer and version.
//
// -backend webgpu runs the WGSL kernels (package shaders) on WebGPU
// through Dawn in Node.js (package gpu/webgpu; make webgpu-deps installs
// the npm package) instead of the GLSL ones on OpenGL: the same matrix,
// policy and report, graphs included (shaders.GraphSourceWGSL).
//
// The matrix is every variant (noise × dims × tiling where it exists,
// perm-value fixed mode 1D–4D) × the settings cases of package compare (the
// tutorial defaults, negative and extreme seeds, frequencies 1–16, 1–6
// octaves, lacunarity 2–4, persistence 0–1, rotated and non-uniformly
// scaled domains) × the position sets (the viewer's plane grid and
// octahedron sphere, a random box with negative coordinates, lattice
// lines, large coordinates, NaN/Inf/−0), values and derivatives.
//
// The tolerance policy (docs/algorithms.md §11): values abs 2e-6·G;
// derivatives rel 1e-5 + abs 1e-5·F·S·G (F the top octave frequency, S the
// largest domain scale, G the fractal mode's error gain: fBm 1, billow 2,
// ridged 4, ping-pong 2s); smooth Worley, whose exp and log are the GPU's
// own, abs 1e-5·G on values and 1e-4·F·S·G on derivatives. -exact requires
// 0 ULP instead.
//
// -json FILE (or - for stdout) and -diff-dir DIR are checked before the
// run; files are replaced only by complete ones (package cmd/internal/outfile).
//
// Exit status: 0 when every variant passes, 1 when any fails (also when an
// output could not be written besides, which is said), 2 when it cannot run
// (bad flags, no GL, an output that cannot be written, stdout lost),
// always with one line on stderr saying why.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/noiselab/noise/cmd/internal/cliflag"
	"github.com/noiselab/noise/cmd/internal/outfile"
	"github.com/noiselab/noise/compare"
	"github.com/noiselab/noise/internal/oneline"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr, nil)) }

// options are the parsed flags.
type options struct {
	variants  []compare.Variant
	deriv     bool
	tolerance float64 // value tolerance; 0 with exact
	exact     bool
	n         int
	gpu       cliflag.GPU
	seed      uint64
	jsonPath  string
	diffDir   string
	quiet     bool
	graph     string // -graph: verify this graph file alone
	backend   string // -backend: backendGL or backendWebGPU
}

const usageHeader = `usage: verify [flags]

Runs every noise variant on the GPU and on the CPU reference and compares
them within the tolerance policy (values abs 2e-6; derivatives rel 1e-5 +
abs 1e-5·frequency·scale; smooth Worley abs 1e-5; the abs terms times the
fractal mode's gain: billow 2, ridged 4, ping-pong 2·strength). Exit 0:
all pass; 1: a variant fails; 2: cannot run.

-driver picks a Mesa software driver (llvmpipe, zink, softpipe); -arith
exact makes the shaders divide and take square roots correctly rounded
from +, − and × (the CPU's bits on any conforming GPU); -precision worst
emulates the least precise GPU GLSL 4.30 allows (every /, sqrt,
inversesqrt, exp and log moved by its largest allowed error, subnormal
results flushed). -precision worst -arith exact -exact passes for every
variant but voronoi-worley-smooth-lse (whose exp and log stay the GPU's).
A graph (-graph, examples/graphs) is compared within its error bound from
its sources' tolerances (docs/graphs.md §5.1); one with no finite bound is
skipped under -precision worst with native arithmetic. -backend webgpu
runs the WGSL kernels on WebGPU (Dawn in Node.js: make webgpu-deps) with
the same matrix and policy, -arith and -precision included (-precision
worst emulates the least precise WebGPU WGSL allows), graphs included
(their WGSL kernels; skipped under -precision worst, which is GLSL's only
for graphs).
`

func parseOptions(args []string, stdout io.Writer) (*options, error) {
	fs := cliflag.NewFlagSet("verify")
	o := &options{}
	var sel cliflag.Variants
	sel.Register(fs)
	fs.BoolVar(&o.deriv, "deriv", true, "compare derivatives too (-deriv=false: values only)")
	fs.Float64Var(&o.tolerance, "tolerance", 2e-6, "value tolerance (abs); derivative and smooth-Worley tolerances scale with it")
	fs.BoolVar(&o.exact, "exact", false, "require bit-identical results (0 ULP; ±0 equal)")
	fs.IntVar(&o.n, "n", 1000, "points per position set (6 sets)")
	o.gpu.Register(fs, "")
	o.gpu.RegisterPrecision(fs, "")
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the random position sets")
	fs.StringVar(&o.jsonPath, "json", "", "write the full report as JSON to `FILE` (- for standard output; the table then goes to stderr)")
	fs.StringVar(&o.diffDir, "diff-dir", "", "write CPU, GPU and difference PNGs of each failing variant into `DIR` (created if missing, which is said on stderr)")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress on stderr")
	fs.StringVar(&o.backend, "backend", backendGL, "where the GPU side runs: gl (the GLSL kernels on OpenGL) or webgpu (the WGSL kernels on Dawn, in Node.js: make webgpu-deps installs it)")
	fs.StringVar(&o.graph, "graph", "", "verify the noise graph in the JSON `FILE` (docs/graphs.md) alone, one row (default: the variants, then every "+exampleGraphs+")")
	if err := cliflag.Parse(fs, usageHeader, args, stdout); err != nil {
		return nil, err
	}
	switch o.backend {
	case backendGL:
	case backendWebGPU:
		for _, name := range []string{"context", "driver"} {
			if cliflag.IsSet(fs, name) {
				return nil, fmt.Errorf("-%s does nothing with -backend webgpu: it picks an OpenGL context", name)
			}
		}
	default:
		return nil, fmt.Errorf("invalid -backend %q; valid: gl, webgpu", o.backend)
	}
	if o.exact && cliflag.IsSet(fs, "tolerance") {
		return nil, errors.New("-exact and -tolerance conflict: -exact means tolerance 0")
	}
	if !(o.tolerance >= 0) || o.tolerance > 1 {
		return nil, fmt.Errorf("invalid -tolerance %v: must be 0 to 1", o.tolerance)
	}
	if o.n < 1 || o.n > 1<<20 {
		return nil, fmt.Errorf("invalid -n %d: must be 1 to 1048576", o.n)
	}
	if o.graph != "" { // the graph alone: the variant flags do not apply
		var err error
		probe := cliflag.NewFlagSet("")
		var v cliflag.Variants
		v.Register(probe)
		probe.VisitAll(func(fl *flag.Flag) {
			if err == nil && cliflag.IsSet(fs, fl.Name) {
				err = fmt.Errorf("-%s does nothing with -graph: the graph's noise nodes name their variants", fl.Name)
			}
		})
		return o, err
	}
	var err error
	o.variants, err = sel.Select()
	return o, err
}

// run is the whole command; edit, when set, rewrites every kernel source
// (the tests use it to plant mistakes). The outputs (-json, -diff-dir) are
// checked before the comparison runs. A failing variant exits 1 even when
// an output could not be written as well (that error is printed too).
func run(args []string, stdout, stderr io.Writer, edit func(string) string) int {
	out := &outfile.Tracked{W: stdout}
	o, err := parseOptions(args, out)
	if errors.Is(err, flag.ErrHelp) {
		return exitWritten(0, out, stderr)
	}
	if err == nil {
		err = cliflag.CheckISAEnv() // the CPU reference's level
	}
	if err != nil {
		fmt.Fprintf(stderr, "verify: %s\n", oneline.Format(err.Error()))
		return 2
	}
	table := io.Writer(out)
	var jsonOut *outfile.File
	if o.jsonPath != "" {
		if jsonOut, err = outfile.Create(o.jsonPath, out); err != nil {
			fmt.Fprintf(stderr, "verify: -json: %v\n", err)
			return 2
		}
		defer jsonOut.Abort()
		if o.jsonPath == "-" { // stdout carries the JSON only
			table = stderr
		}
	}
	if o.diffDir != "" {
		created, err := prepareDiffDir(o.diffDir)
		if err != nil {
			fmt.Fprintf(stderr, "verify: -diff-dir: %v\n", err)
			return 2
		}
		if created {
			fmt.Fprintf(stderr, "verify: created the -diff-dir directory %s\n", o.diffDir)
		}
	}
	b, err := openBackend(o, edit)
	if err != nil {
		fmt.Fprintf(stderr, "verify: no GPU to verify: %s\n", oneline.Format(err.Error()))
		return 2
	}
	defer b.Close()
	progress := stderr
	if o.quiet {
		progress = io.Discard
	}
	rep, err := verify(b, o, progress)
	if err != nil {
		fmt.Fprintf(stderr, "verify: %v\n", err)
		return 2
	}
	printTable(table, rep)
	code := 0
	if rep.Failed > 0 {
		code = 1
	}
	if jsonOut != nil {
		if err := writeJSON(jsonOut, rep); err != nil {
			fmt.Fprintf(stderr, "verify: -json: %v\n", err)
			if code == 0 {
				code = 2
			}
		}
	}
	if o.diffDir != "" && rep.Failed > 0 {
		if err := writeDiffs(b, o, rep); err != nil {
			fmt.Fprintf(stderr, "verify: -diff-dir: %v\n", err) // the exit stays 1
		}
	}
	if code == 1 {
		return 1
	}
	return exitWritten(code, out, stderr)
}

// exitWritten turns a failed write on stdout (a full disk, a closed pipe)
// into exit 2 with one line, where the run would otherwise exit 0.
func exitWritten(code int, out *outfile.Tracked, stderr io.Writer) int {
	if code == 0 && out.Err != nil {
		fmt.Fprintf(stderr, "verify: writing standard output: %v\n", out.Err)
		return 2
	}
	return code
}
