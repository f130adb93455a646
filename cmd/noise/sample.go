package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cmd/internal/cliflag"
	"github.com/noiselab/noise/cpu"
)

const sampleHeader = `Usage: noise sample -noise NAME [flags] < positions
       noise sample -graph FILE [-dims 3|4] [-deriv] < positions

Reads positions from stdin, one per line: "x y z", or exactly "x y z w"
with -dims 4 (every noise but {fewerDims}); with -dims 2 also "x y", the position
(x, 0, y) of the XZ plane that 2D noise reads; numbers are separated by spaces or tabs and
blank lines are skipped, and so is a UTF-8 byte-order mark at the start.
Numbers use Go's syntax (decimal, hex floats, inf, nan; also +nan and
-nan); one too large for a float32 (float64 with -perm-mode blog) counts
as ±Inf, which the noise treats like ±2^64. 1D noise uses x, 2D noise x and z (the XZ plane),
3D noise x, y and z, 4D noise all four. Prints one line per position: the
value as %.9g, or with -deriv "v dx dy dz" (derivatives with respect to
the input position; 2D reports dx and dz with dy 0, 1D only dx), and
"v dx dy dz dw" in 4D. A malformed line stops the
command with an error naming the line; the lines before it are printed.

Any of -translate, -rotate, -scale or -matrix applies the domain transform
of docs/algorithms.md §8 (defaults: translation 0,0,0, rotation 0,0,0, scale 1,1,1,
matrix ps); derivatives are then with respect to the untransformed position.

-perm-mode blog (perm-value only) evaluates the Rust blog's float64 fractal
noise instead (BlogValueNoise.Fractal, docs/algorithms.md §5): the table is the
blog's for seed uint64(seed), lacunarity and persistence are float64, octaves
0 and 1 both mean one octave, and the noise is evaluated at (x·F) in 1D,
(x·F, z·F) in 2D, (x·F, y·F, z·F) in 3D and (x·F, y·F, z·F, w·F) in 4D with
F = -frequency, so -frequency 1 reproduces docs/algorithms.md §5. The values are
printed as %.17g. Like the blog's noise(&[x, y, z, w]), 4D swaps the third
and fourth coordinates: it returns noise4d(x·F, y·F, w·F, z·F). Blog mode has
no derivatives, no tiling and no domain transform. It runs through
BlogValueNoise.FractalBatch, whose noise (1D to 4D) has AVX2 and AVX-512
kernels: -isa picks the level (the same bits at every level).

-backend gpu evaluates the same float32 noise on the GPU through OpenGL 4.3
compute shaders (package gpu/dispatch), one GPU call per chunk of 65536
positions, and prints the same output. -context picks the GL context: egl
(default) is headless and needs no X server (Mesa's surfaceless platform,
or an EGL device on NVIDIA); glfw, in a binary built with -tags glfw,
opens a hidden window and needs DISPLAY.
After a successful run the renderer goes to stderr as one line, "noise: GPU:
RENDERER, OpenGL VERSION", so stdout is the same as with -backend cpu. On Mesa llvmpipe the
results are bit for bit those of the CPU, except where the GPU's exp, log,
sqrt or division round differently (voronoi-worley-smooth-lse differs in
the last digits); other drivers agree within docs/algorithms.md §11's tolerances.
Without an OpenGL 4.3 context the command stops with "no GPU" and the
reason. -perm-mode blog is CPU only.

-graph FILE evaluates a noise graph (docs/graphs.md; examples/graphs/)
instead of a variant, through the CPU reference (cpu.NewGraph), or with
-backend gpu through the graph's compute kernel (Context.NewGraphSampler,
the same bits on Mesa llvmpipe but where a smooth Worley source's exp and
log differ): positions
"x y z" (-dims 3, the default) or "x y z w" (-dims 4), the value or with
-deriv "v dx dy dz" ("v dx dy dz dw" with -dims 4). The file gives every
noise node its variant and settings and the graph its domain nodes, so the
variant, settings and domain flags are refused with it. A file that does
not load is one line naming it (and the line, node or field).
`

// chunkLines is how many positions are read before they are evaluated
// through the batch API and printed.
const chunkLines = 1 << 16

// maxLineBytes is the longest input line accepted.
const maxLineBytes = 1 << 20

type sampleFlags struct {
	noiseFlags
	deriv    bool
	permMode string
	gpu      cliflag.GPU
	isa      cliflag.ISA
	graph    string // -graph FILE
}

func runSample(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := cliflag.NewFlagSet("noise sample")
	var f sampleFlags
	f.noiseFlags.register(fs, "hash `seed`, an int32 (with -perm-mode blog any int64, used as uint64)", cpuOrGPU, 1)
	fs.BoolVar(&f.deriv, "deriv", false, `print "v dx dy dz" (the analytical derivatives; "v dx dy dz dw" in 4D) instead of the value`)
	cliflag.Choice(fs, &f.permMode, "perm-mode", "fixed", []string{"fixed", "blog"},
		"perm-value `mode`: fixed (the project's float32 noise) or blog (the Rust blog's float64 noise, see above; -backend cpu only)")
	f.gpu.Register(fs, " for -backend gpu")
	f.isa.Register(fs, " (-backend cpu)")
	fs.StringVar(&f.graph, "graph", "", graphUsage)
	if err := parseFlags(fs, cliflag.Expand(sampleHeader), args, stdout); err != nil {
		return err
	}
	var ev evaluator
	var err error
	if cliflag.IsSet(fs, "graph") {
		ev, err = f.graphEvaluator(fs)
	} else if f.permMode == "blog" {
		ev, err = f.blogEvaluator(fs)
	} else {
		ev, err = f.fixedEvaluator(fs)
	}
	if err != nil {
		return err
	}
	defer ev.close()
	if err := sampleStream(stdin, stdout, ev); err != nil {
		return err
	}
	if fe, ok := ev.(*fixedEval); ok && fe.dev != nil {
		// Only after a successful run, so a failure stays one line.
		fmt.Fprintf(stderr, "noise: GPU: %s\n", fe.dev.info().Line)
	}
	return nil
}

// evaluator evaluates and prints a chunk of parsed positions.
type evaluator interface {
	numbers() int                                      // numbers per line: 3 or 4
	plane() bool                                       // 2D: "x y" also, for (x, 0, y)
	bits() int                                         // 32 or 64: how positions are parsed
	add(p [4]float64)                                  // queue one position
	pending() int                                      // queued positions
	flush(w *bufio.Writer, buf []byte) ([]byte, error) // evaluate and print the queue
	close()                                            // release the GPU, if any
}

// fixedEvaluator validates the settings and the domain, then makes the
// sampler of the chosen backend. For -backend gpu it opens the GL context
// (runSample prints the renderer on stderr after a successful run).
func (f *sampleFlags) fixedEvaluator(fs *flag.FlagSet) (evaluator, error) {
	cfg, err := f.config(fs)
	if err != nil {
		return nil, err
	}
	if err := cliflag.CheckNeeds(fs, f.needs(cfg.Dims)); err != nil {
		return nil, err
	}
	if err := f.isa.Apply(); err != nil {
		return nil, err
	}
	ev := &fixedEval{dims4: cfg.Dims == 4, dims2: cfg.Dims == 2, deriv: f.deriv}
	if f.backend == "gpu" {
		dev, err := openDevice(f.gpu)
		if err != nil {
			return nil, err
		}
		s, err := dev.sampler(cfg)
		if err != nil {
			dev.close()
			return nil, fmt.Errorf("GPU (%s): %v", dev.info().Line, err)
		}
		ev.s, ev.dev = s, dev
		return ev, nil
	}
	s, err := cpu.New(cfg)
	if err != nil {
		return nil, err
	}
	ev.s = s
	return ev, nil
}

// graphEvaluator loads the graph file and makes its sampler; sample's
// flags that a graph has its own say in are refused.
func (f *sampleFlags) graphEvaluator(fs *flag.FlagSet) (evaluator, error) {
	if err := graphDims(f.variant.Dims); err != nil {
		return nil, err
	}
	if err := cliflag.CheckNeeds(fs, graphFlagNeeds([]string{"dims"}, "perm-mode"),
		f.gpu.Needs(f.backend == "gpu", "-backend gpu", noGPU),
		[]cliflag.Need{cliflag.Needs("isa", f.backend != "gpu", "-backend cpu", noISA)}); err != nil {
		return nil, err
	}
	g, err := loadGraph(f.graph)
	if err != nil {
		return nil, err
	}
	ev := &fixedEval{dims4: f.variant.Dims == 4, deriv: f.deriv}
	if f.backend == "gpu" {
		dev, err := openDevice(f.gpu)
		if err != nil {
			return nil, err
		}
		s, err := dev.graphSampler(g)
		if err != nil {
			dev.close()
			return nil, fmt.Errorf("GPU (%s): %v", dev.info().Line, err)
		}
		ev.s, ev.dev = s, dev
		return ev, nil
	}
	if err := f.isa.Apply(); err != nil {
		return nil, err
	}
	s, err := cpu.NewGraph(g)
	if err != nil {
		return nil, err
	}
	ev.s = s
	return ev, nil
}

func (f *sampleFlags) blogEvaluator(fs *flag.FlagSet) (evaluator, error) {
	n, v, st := f.variant.Noise, &f.variant, &f.settings
	if !v.Given() {
		_, err := v.Config(noise.DefaultSettings()) // the missing -noise error
		return nil, err
	}
	if f.backend != "cpu" {
		return nil, fmt.Errorf("-perm-mode blog is not available with -backend %s: the blog's float64 noise runs on the CPU only (use -backend cpu, or -perm-mode fixed on the GPU)", f.backend)
	}
	if n != noise.PermValue {
		return nil, fmt.Errorf("-perm-mode blog works only with -noise %s (the Rust blog's noise), not %s", noise.PermValue, n)
	}
	if f.deriv {
		return nil, errors.New("-deriv is not available with -perm-mode blog: the blog's float64 noise has no analytical derivatives (use -perm-mode fixed)")
	}
	if v.Tiling {
		return nil, errors.New("-tiling is not available with -perm-mode blog: the blog's noise has no tiling variant (its table repeats every 255 cells in 1D, 256 otherwise; use -perm-mode fixed)")
	}
	if f.domain.AnySet(fs) {
		return nil, errors.New("-translate, -rotate, -scale and -matrix are not available with -perm-mode blog: the blog's noise has no domain transform (transform the input positions, or use -perm-mode fixed)")
	}
	if v.Dims < 1 || v.Dims > 4 {
		return nil, fmt.Errorf("invalid -dims %d for %s: must be 1 to 4", v.Dims, n)
	}
	if (st.Fractal != "" && st.Fractal != noise.FractalFBm.String()) || st.PingPong != "" {
		return nil, errors.New("-fractal and -ping-pong are not available with -perm-mode blog: the blog's fractal sum is its own fBm (use -perm-mode fixed)")
	}
	if a := st.WarpAmplitude.Float64(); a != 0 {
		return nil, errors.New("-warp-amplitude is not available with -perm-mode blog: the blog's noise has no domain warp (use -perm-mode fixed)")
	}
	freq := st.Frequency.Float64()
	if !(freq > 0) || math.IsInf(freq, 0) {
		return nil, fmt.Errorf("invalid -frequency %s: must be finite and above 0", st.Frequency)
	}
	if st.Octaves < 0 || st.Octaves > math.MaxUint8 {
		return nil, fmt.Errorf("invalid -octaves %d: must be 0 to 255 with -perm-mode blog (0 and 1 both mean one octave)", st.Octaves)
	}
	lac, pers := st.Lacunarity.Float64(), st.Persistence.Float64()
	if math.IsNaN(lac) || math.IsInf(lac, 0) {
		return nil, fmt.Errorf("invalid -lacunarity %s: must be finite", st.Lacunarity)
	}
	if math.IsNaN(pers) || math.IsInf(pers, 0) {
		return nil, fmt.Errorf("invalid -persistence %s: must be finite", st.Persistence)
	}
	if err := cliflag.CheckNeeds(fs, f.needs(v.Dims)); err != nil {
		return nil, err
	}
	if err := f.isa.Apply(); err != nil { // the level of FractalBatch's kernels
		return nil, err
	}
	return &blogEval{
		n:    cpu.NewBlogValueNoise(uint64(st.Seed), uint8(st.Octaves), lac, pers),
		dims: v.Dims,
		freq: freq,
	}, nil
}

// sampleStream reads positions, evaluates them chunk by chunk and prints
// the results. On a malformed line the positions before it are printed
// first.
func sampleStream(stdin io.Reader, stdout io.Writer, ev evaluator) error {
	w := bufio.NewWriterSize(stdout, 1<<16)
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 0, 1<<16), maxLineBytes)
	var buf []byte
	want, bits, plane := ev.numbers(), ev.bits(), ev.plane()
	line := 0
	finish := func(err error) error {
		if ev.pending() > 0 {
			var ferr error
			if buf, ferr = ev.flush(w, buf); ferr != nil && err == nil {
				err = ferr
			}
		}
		if ferr := w.Flush(); ferr != nil && err == nil {
			err = fmt.Errorf("writing output: %v", ferr)
		}
		return err
	}
	for sc.Scan() {
		line++
		b := sc.Bytes()
		if line == 1 {
			b = bytes.TrimPrefix(b, utf8BOM)
		}
		p, n, err := parseLine(b, want, bits, plane)
		if err != nil {
			return finish(fmt.Errorf("line %d: %v", line, err))
		}
		if n == 0 {
			continue
		}
		ev.add(p)
		if ev.pending() == chunkLines {
			if buf, err = ev.flush(w, buf); err != nil {
				return finish(err)
			}
			if _, err := w.Write(nil); err != nil { // bufio.Writer errors are sticky
				return fmt.Errorf("writing output: %v", err)
			}
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return finish(fmt.Errorf("line %d: longer than %d bytes", line+1, maxLineBytes))
		}
		return finish(fmt.Errorf("reading stdin: %v", err))
	}
	return finish(nil)
}

// utf8BOM is the byte-order mark some editors put at the start of a file.
var utf8BOM = []byte("\xEF\xBB\xBF")

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

// parseLine splits a line into numbers. A blank line gives n == 0 and no
// error; otherwise the line must hold exactly want numbers.
func parseLine(b []byte, want, bits int, plane bool) (p [4]float64, n int, err error) {
	var fields [4][]byte
	for i := 0; i < len(b); {
		if isSpace(b[i]) {
			i++
			continue
		}
		j := i
		for j < len(b) && !isSpace(b[j]) {
			j++
		}
		if n < len(fields) {
			fields[n] = b[i:j]
		}
		n++
		i = j
	}
	if n == 0 {
		return p, 0, nil
	}
	what := `3 numbers "x y z"`
	switch {
	case want == 4:
		what = `4 numbers "x y z w"`
	case plane:
		what = `2 numbers "x y" (the XZ plane) or 3 "x y z"`
	}
	if n != want && !(plane && n == 2) {
		return p, n, fmt.Errorf("want %s, got %d", what, n)
	}
	for i := 0; i < n; i++ {
		v, ok := parseNumber(fields[i], bits)
		if !ok {
			tok := string(fields[i])
			if len(tok) > 40 {
				tok = tok[:40] + "..."
			}
			return p, n, fmt.Errorf("field %d %q is not a number; want %s", i+1, tok, what)
		}
		p[i] = v
	}
	if n == 2 { // x y: the position (x, 0, y)
		p[1], p[2] = 0, p[1]
	}
	return p, n, nil
}

// parseNumber parses one coordinate, rounded once to the given float size.
// Beyond ParseFloat's syntax it takes "+nan" and "-nan" (as C's printf
// writes NaN), and a value too large for the float size becomes ±Inf (which
// the noise treats like ±2^64, as it does every coordinate that large),
// so every spelling of a huge number gives the same result.
func parseNumber(tok []byte, bits int) (float64, bool) {
	v, err := strconv.ParseFloat(string(tok), bits)
	if err == nil || errors.Is(err, strconv.ErrRange) && math.IsInf(v, 0) {
		return v, true
	}
	if len(tok) == 4 && (tok[0] == '+' || tok[0] == '-') && strings.EqualFold(string(tok[1:]), "nan") {
		return math.NaN(), true
	}
	return 0, false
}

// fixedEval evaluates the library's float32 noise through the batch API
// of the CPU or the GPU.
type fixedEval struct {
	s       batchSampler
	dev     gpuDevice // nil for the CPU
	dims4   bool
	dims2   bool
	deriv   bool
	pos3    []mgl32.Vec3
	pos4    []mgl32.Vec4
	vals    []float32
	samples []noise.Sample
}

func (e *fixedEval) numbers() int {
	if e.dims4 {
		return 4
	}
	return 3
}

func (e *fixedEval) bits() int { return 32 }

func (e *fixedEval) plane() bool { return e.dims2 }

func (e *fixedEval) add(p [4]float64) {
	if e.dims4 {
		e.pos4 = append(e.pos4, mgl32.Vec4{float32(p[0]), float32(p[1]), float32(p[2]), float32(p[3])})
	} else {
		e.pos3 = append(e.pos3, mgl32.Vec3{float32(p[0]), float32(p[1]), float32(p[2])})
	}
}

func (e *fixedEval) pending() int { return len(e.pos3) + len(e.pos4) }

func (e *fixedEval) close() {
	if e.dev != nil {
		e.dev.close()
		e.dev = nil
	}
}

func (e *fixedEval) flush(w *bufio.Writer, buf []byte) ([]byte, error) {
	n := e.pending()
	defer func() { e.pos3, e.pos4 = e.pos3[:0], e.pos4[:0] }()
	var err error
	if e.deriv {
		e.samples = grow(e.samples, n)
		if e.dims4 {
			err = e.s.Samples4(e.pos4, e.samples)
		} else {
			err = e.s.Samples(e.pos3, e.samples)
		}
		if err != nil {
			return buf, fmt.Errorf("GPU: %v", err)
		}
		for _, s := range e.samples[:n] {
			buf = appendF32(buf[:0], s.V)
			buf = append(buf, ' ')
			buf = appendF32(buf, s.Dx)
			buf = append(buf, ' ')
			buf = appendF32(buf, s.Dy)
			buf = append(buf, ' ')
			buf = appendF32(buf, s.Dz)
			if e.dims4 {
				buf = append(buf, ' ')
				buf = appendF32(buf, s.Dw)
			}
			buf = append(buf, '\n')
			w.Write(buf)
		}
	} else {
		e.vals = grow(e.vals, n)
		if e.dims4 {
			err = e.s.Values4(e.pos4, e.vals)
		} else {
			err = e.s.Values(e.pos3, e.vals)
		}
		if err != nil {
			return buf, fmt.Errorf("GPU: %v", err)
		}
		for _, v := range e.vals[:n] {
			buf = appendF32(buf[:0], v)
			buf = append(buf, '\n')
			w.Write(buf)
		}
	}
	return buf, nil
}

// blogEval evaluates the blog-compatible float64 noise.
type blogEval struct {
	n    *cpu.BlogValueNoise
	dims int
	freq float64
	pos  [][4]float64
	c    []float64 // the blog's coordinates of pos, dims each
	out  []float64
}

func (e *blogEval) numbers() int {
	if e.dims == 4 {
		return 4
	}
	return 3
}

func (e *blogEval) bits() int { return 64 }

func (e *blogEval) plane() bool { return e.dims == 2 }

func (e *blogEval) add(p [4]float64) { e.pos = append(e.pos, p) }

func (e *blogEval) pending() int { return len(e.pos) }

// coords maps an input line to the blog's coordinates, appended to c: 2D
// uses x and z, like the rest of the project.
func (e *blogEval) coords(p [4]float64, c []float64) []float64 {
	F := e.freq
	switch e.dims {
	case 1:
		return append(c, p[0]*F)
	case 2:
		return append(c, p[0]*F, p[2]*F)
	case 3:
		return append(c, p[0]*F, p[1]*F, p[2]*F)
	}
	return append(c, p[0]*F, p[1]*F, p[2]*F, p[3]*F)
}

func (e *blogEval) close() {}

func (e *blogEval) flush(w *bufio.Writer, buf []byte) ([]byte, error) {
	n, d := len(e.pos), e.dims
	e.out = grow(e.out, n)
	e.c = e.c[:0]
	for _, p := range e.pos {
		e.c = e.coords(p, e.c)
	}
	workers := min(runtime.GOMAXPROCS(0), (n+1023)/1024)
	var wg sync.WaitGroup
	chunk := (n + workers - 1) / workers
	for lo := 0; lo < n; lo += chunk {
		hi := min(lo+chunk, n)
		wg.Add(1)
		go func() {
			defer wg.Done()
			// FractalBatch fails only for bad dims or lengths, right here.
			e.n.FractalBatch(d, e.c[lo*d:hi*d], e.out[lo:hi])
		}()
	}
	wg.Wait()
	for _, v := range e.out[:n] {
		buf = strconv.AppendFloat(buf[:0], v, 'g', 17, 64)
		buf = append(buf, '\n')
		w.Write(buf)
	}
	e.pos = e.pos[:0]
	return buf, nil
}

// appendF32 appends v formatted like fmt's %.9g.
func appendF32(buf []byte, v float32) []byte {
	return strconv.AppendFloat(buf, float64(v), 'g', 9, 32)
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
