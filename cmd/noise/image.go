package main

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"regexp"
	"strings"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cmd/internal/cliflag"
	"github.com/noiselab/noise/cmd/internal/outfile"
	"github.com/noiselab/noise/cmd/internal/ramp"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/graph"
)

const imageHeader = `Usage: noise image -noise NAME [flags] -o out.png
       noise image -graph FILE [flags] -o out.png

Renders the XZ plane, seen from above, to a size×size PNG: pixel
(i, j) samples the position (u − 0.5, 0, 0.5 − v) with u = (i+0.5)/size and
v = (j+0.5)/size (image right is +X, image up is +Z), transformed by the
domain (default scale 8,8,8, the tutorial's NoiseVisualization default).
1D noise uses x, 2D noise x and z, 3D noise x, y and z; 4D noise samples
w = 0, unless -seamless or -frames maps the plane into 4D.

-seamless makes a texture that tiles: the plane's (x, z) is mapped onto a
torus in 4D (noise.TorusPoint, docs/algorithms.md §8.8: each direction one
circle of length 1), so the right edge continues into the left and the top
into the bottom, for every noise that has 4D (all but {fewerDims}; implies
-dims 4). Normal maps carry the derivatives through the mapping. For
{fewerDims} noise, -tiling tiles instead: a tiling variant has period 1, so with an
integer scale the image spans whole periods.

-frames N writes a looping animation of N frames instead of one image,
named by -o with one %d verb (e.g. -o frame%03d.png, frames 0 to N−1):
frame k samples 4D noise (implies -dims 4) at time k/N of a loop that
runs around a circle of radius -loop-radius in the (y, w) plane
(noise.Loop), so frame N would be frame 0 again, bit for bit. With -tiling
time runs along the tiled w axis instead, once around its period per loop
(w = (k/N)/s for the domain's w scale s), and every frame tiles too.

Colour (-ramp tutorial, the default for 8 bits): noise whose range is
[0, hi] is greyscale v/hi (hi is 1 but for 1D Voronoi F2 and F2 − F1, 1.5:
see "noise list"); signed noise uses the tutorial's ramp: negative values
red (−v, 0, 0), positive values grey (v, v, v). -ramp grey (the only ramp,
and the default, for -bits 16) is greyscale (v − lo)/(hi − lo) over the
noise's range [lo, hi], clamped, NaN black: a heightmap. -bits 16 writes
16-bit channels (greyscale, or RGB with -normals), the value rounded to
the nearest of 65536 levels.

-backend gpu renders through the GPU sampler (OpenGL 4.3 compute shaders,
see -context): on Mesa llvmpipe the same pixels as -backend cpu (the noises
whose GPU results are bit for bit the CPU's, see "verify"). Work longer
than about a second shows its progress on stderr when stderr is a
terminal; -quiet turns that off.

-o - writes the PNG to standard output. The output is checked before the
work starts; a file is replaced only by a complete image (written beside it,
then renamed into place; a symbolic link stays a link), and a device or
FIFO (/dev/null, a named pipe, a link to one) is written in place and never
removed. A failed write leaves the path as it was. With -frames every
frame's path is checked before the first frame is drawn (two frames may not
name the same file), and no file is replaced until every frame is complete;
a failure leaves every path as it was. Interrupted (Ctrl-C, SIGTERM), the
command removes its unfinished files and ends by the signal.

-normals writes a tangent-space normal map instead, from the analytical
derivatives of the displaced plane y = K·noise: n = normalize(−K·dx, 1, −K·dz)
with K = -displacement, encoded as R = (nx+1)/2, G = (nz+1)/2, B = (ny+1)/2
(tangent +X = image right, bitangent +Z = image up, normal +Y = out of the
image).

-graph FILE renders a noise graph (docs/graphs.md; examples/graphs/)
instead of a variant, through the CPU reference (cpu.NewGraph) or with
-backend gpu the graph's compute kernel (Context.NewGraphSampler): pixel
(i, j) samples the same (u − 0.5, 0, 0.5 − v), with no domain around it
(the graph scales and moves positions with its own domain nodes, so the
variant, settings and domain flags are refused). The ramps use the graph's
output range (graph.Graph.Range); where that is unbounded, the range of the
values in the image. -normals uses the graph's derivatives. -seamless and
-frames sample 4D positions, so they need every noise node of the graph to
be 4D ("dims": 4); a noise node of fewer dimensions would not read w.
`

// maxImageSize bounds -size (an RGBA image of 8192² pixels is 256 MiB).
const maxImageSize = 8192

type imageFlags struct {
	noiseFlags
	size         int
	normals      bool
	displacement float64
	out          string
	bits         string
	ramp         string
	quiet        bool
	seamless     bool
	frames       int
	loopRadius   float64
	gpu          cliflag.GPU
	isa          cliflag.ISA
	graph        string // -graph FILE
}

// maxFrames bounds -frames.
const maxFrames = 10000

func runImage(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := cliflag.NewFlagSet("noise image")
	var f imageFlags
	f.noiseFlags.register(fs, "", cpuOrGPU, 8)
	fs.IntVar(&f.size, "size", 512, fmt.Sprintf("image width and height in `pixels`, 1 to %d", maxImageSize))
	fs.BoolVar(&f.normals, "normals", false, "write a tangent-space normal map from the analytical derivatives")
	fs.Float64Var(&f.displacement, "displacement", 0.1, "displacement `K` of the normal map's surface y = K·noise (with -normals)")
	fs.StringVar(&f.out, "o", "", "output PNG `file` (required; - for standard output)")
	cliflag.Choice(fs, &f.bits, "bits", "8", []string{"8", "16"}, "`bits` per channel; valid: 8, 16")
	cliflag.Choice(fs, &f.ramp, "ramp", "tutorial", []string{"tutorial", "grey"}, "value colouring; valid: tutorial (8 bits only), grey (see above); not with -normals")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress line on stderr")
	fs.BoolVar(&f.seamless, "seamless", false, "a texture that tiles: the plane mapped onto a 4D torus (see above)")
	fs.IntVar(&f.frames, "frames", 0, fmt.Sprintf("write a looping animation of `N` frames (1 to %d; -o names them with a %%d verb)", maxFrames))
	fs.Float64Var(&f.loopRadius, "loop-radius", 0.5, "-frames: `radius` of the loop's circle in the (y, w) plane, before the domain (larger: more change per loop; not with -tiling, whose time runs along w)")
	f.gpu.Register(fs, " for -backend gpu")
	f.isa.Register(fs, " (-backend cpu)")
	fs.StringVar(&f.graph, "graph", "", graphUsage)
	if err := parseFlags(fs, cliflag.Expand(imageHeader), args, stdout); err != nil {
		return err
	}
	if f.bits == "16" {
		if cliflag.IsSet(fs, "ramp") && f.ramp != "grey" {
			return errors.New("-bits 16 writes greyscale values: use -ramp grey (the default with -bits 16)")
		}
		f.ramp = "grey"
	}
	if f.out == "" {
		return errors.New("missing -o FILE: the PNG to write")
	}
	var cfg noise.Config
	var mapping mapping
	var g *graph.Graph
	var err error
	if cliflag.IsSet(fs, "graph") {
		if g, mapping, err = f.graphSetup(fs); err != nil {
			return err
		}
		cfg.Dims = 3
		if mapping != planeMapping {
			cfg.Dims = 4
		}
	} else {
		if cfg, err = f.config(fs); err != nil {
			return err
		}
		if mapping, err = f.mapping(fs, &cfg); err != nil {
			return err
		}
	}
	if f.size < 1 || f.size > maxImageSize {
		return fmt.Errorf("invalid -size %d: must be 1 to %d", f.size, maxImageSize)
	}
	if math.IsNaN(f.displacement) || math.IsInf(f.displacement, 0) {
		return fmt.Errorf("invalid -displacement %v: must be finite", f.displacement)
	}
	if g == nil {
		if err := cliflag.CheckNeeds(fs, f.needs(mapping, cfg.Dims)); err != nil {
			return err
		}
	}
	if err := f.isa.Apply(); err != nil {
		return err
	}
	// Every output is made before the work, so a path that cannot be
	// written fails at once; the paths keep their old contents unless
	// every image is complete (outfile.Group).
	var outs outfile.Group
	defer outs.Abort()
	files := make([]*outfile.File, max(f.frames, 1))
	for k := range files {
		name := f.out
		if f.frames > 0 {
			name = fmt.Sprintf(f.out, k)
		}
		if files[k], err = outs.Create(name, stdout); err != nil {
			if f.frames > 0 {
				return fmt.Errorf("-o: frame %d: %v", k, err)
			}
			return fmt.Errorf("-o: %v", err)
		}
	}
	var bs batchSampler
	var cs *cpu.Sampler // the CPU backend's, or nil
	var dev gpuDevice
	lo, hi := cfg.Range()
	if g != nil {
		lo, hi = g.Range()
	}
	if f.backend == "gpu" {
		if dev, err = openDevice(f.gpu); err != nil {
			return err
		}
		defer dev.close()
		if g != nil {
			bs, err = dev.graphSampler(g)
		} else {
			bs, err = dev.sampler(cfg)
		}
		if err != nil {
			return fmt.Errorf("GPU (%s): %v", dev.info().Line, err)
		}
	} else if g != nil {
		gs, err := cpu.NewGraph(g)
		if err != nil {
			return err
		}
		bs = gs
	} else {
		s, err := cpu.New(cfg)
		if err != nil {
			return err
		}
		bs, cs = s, s
	}
	r := imageRender{s: bs, cs: cs, cfg: cfg, lo: lo, hi: hi, size: f.size, normals: f.normals, k: float32(f.displacement),
		wide: f.bits == "16", grey: f.ramp == "grey", progress: newProgress(stderr, !f.quiet, "noise image"),
		mapping: mapping, loop: noise.Loop{Radius: float32(f.loopRadius)}, frames: max(f.frames, 1)}
	defer r.progress.done()
	for k, out := range files {
		r.frame = k
		img, err := r.render()
		if err != nil {
			return err
		}
		if err := writePNG(out, img); err != nil {
			return err
		}
	}
	if err := outs.Commit(); err != nil {
		return err
	}
	if dev != nil {
		fmt.Fprintf(stderr, "noise: GPU: %s\n", dev.info().Line)
	}
	return nil
}

// mapping is where a pixel's plane point (x, z) is sampled.
type mapping uint8

const (
	planeMapping     mapping = iota // (x, 0, z): 1D to 4D noise (w = 0)
	torusMapping                    // -seamless: noise.TorusPoint(x, z)
	loopMapping                     // -frames: noise.Loop.Point((x, 0, z), k/N)
	tiledTimeMapping                // -frames -tiling: (x, 0, z, (k/N)/ScaleW)
)

// mapping checks -seamless, -frames and -loop-radius, and returns the
// pixels' mapping; the mappings into 4D set cfg.Dims to 4.
func (f *imageFlags) mapping(fs *flag.FlagSet, cfg *noise.Config) (mapping, error) {
	if f.frames < 0 || f.frames > maxFrames || cliflag.IsSet(fs, "frames") && f.frames == 0 {
		return 0, fmt.Errorf("invalid -frames %d: must be 1 to %d", f.frames, maxFrames)
	}
	if r := f.loopRadius; math.IsNaN(r) || math.IsInf(r, 0) || r <= 0 || r > 1<<20 {
		return 0, fmt.Errorf("invalid -loop-radius %v: must be above 0, at most 2^20", r)
	}
	if !f.seamless && f.frames == 0 {
		if cliflag.IsSet(fs, "loop-radius") {
			return 0, errors.New("-loop-radius needs -frames N (a looping animation)")
		}
		return planeMapping, nil
	}
	what := "-seamless"
	if f.frames > 0 {
		what = "-frames"
		if f.seamless {
			return 0, errors.New("-seamless and -frames do not combine (a seamless loop needs 6D noise); for a seamless looping animation use a tiling noise: -tiling -frames N")
		}
		if f.out == "-" || strings.Count(f.out, "%") != 1 || !frameVerb.MatchString(f.out) {
			return 0, fmt.Errorf("-frames writes one file per frame: -o needs one %%d verb in its name (e.g. -o frame%%03d.png), not %q", f.out)
		}
	}
	if cliflag.IsSet(fs, "dims") && cfg.Dims != 4 {
		return 0, fmt.Errorf("%s samples 4D noise: -dims %d does not go with it (leave -dims out, or say -dims 4)", what, cfg.Dims)
	}
	if cfg.Noise.MaxDims() < 4 {
		hint := ""
		if cfg.Noise.Tiling() {
			hint = "; -tiling makes its image tile instead"
		}
		return 0, fmt.Errorf("%s needs 4D noise, and %s has none (every noise but %s has 4D)%s", what, cfg.Noise, cliflag.FewerDims(), hint)
	}
	cfg.Dims = 4
	if err := cfg.Validate(); err != nil {
		return 0, err
	}
	switch {
	case f.seamless:
		return torusMapping, nil
	case cfg.Tiling:
		return tiledTimeMapping, nil
	}
	return loopMapping, nil
}

// graphSetup loads -graph's file, refuses the flags a graph has its own
// say in, and returns the pixels' mapping: -seamless and -frames need
// every noise node to be 4D.
func (f *imageFlags) graphSetup(fs *flag.FlagSet) (*graph.Graph, mapping, error) {
	if err := cliflag.CheckNeeds(fs, graphFlagNeeds(nil),
		f.gpu.Needs(f.backend == "gpu", "-backend gpu", noGPU),
		[]cliflag.Need{
			cliflag.Needs("isa", f.backend != "gpu", "-backend cpu", noISA),
			cliflag.Needs("displacement", f.normals, "-normals", "it is the height K of the normal map's surface y = K·noise, and a value image has no surface"),
			{Flag: "ramp", Holds: !f.normals, Msg: "-ramp does nothing with -normals: a normal map encodes the surface's normal, not the value through a ramp"},
			cliflag.Needs("loop-radius", f.frames > 0 && !f.seamless, "-frames N", "the radius of the looping animation's circle"),
		}); err != nil {
		return nil, 0, err
	}
	if f.frames < 0 || f.frames > maxFrames || cliflag.IsSet(fs, "frames") && f.frames == 0 {
		return nil, 0, fmt.Errorf("invalid -frames %d: must be 1 to %d", f.frames, maxFrames)
	}
	if r := f.loopRadius; math.IsNaN(r) || math.IsInf(r, 0) || r <= 0 || r > 1<<20 {
		return nil, 0, fmt.Errorf("invalid -loop-radius %v: must be above 0, at most 2^20", r)
	}
	if f.seamless && f.frames > 0 {
		return nil, 0, errors.New("-seamless and -frames do not combine (a seamless loop needs 6D noise)")
	}
	if f.frames > 0 && (f.out == "-" || strings.Count(f.out, "%") != 1 || !frameVerb.MatchString(f.out)) {
		return nil, 0, fmt.Errorf("-frames writes one file per frame: -o needs one %%d verb in its name (e.g. -o frame%%03d.png), not %q", f.out)
	}
	g, err := loadGraph(f.graph)
	if err != nil {
		return nil, 0, err
	}
	m := planeMapping
	what := "-seamless"
	switch {
	case f.seamless:
		m = torusMapping
	case f.frames > 0:
		m, what = loopMapping, "-frames"
	}
	if m != planeMapping {
		if n := graphNoiseDims(g); n != nil {
			return nil, 0, fmt.Errorf("%s samples 4D positions and needs every noise node of the graph 4D: node %q is %dD %s, which does not read w (set its \"dims\" to 4)",
				what, n.ID, n.Dims, n.Noise)
		}
	}
	return g, m, nil
}

// frameVerb is the %d verb of a frame file name, with flags and width.
var frameVerb = regexp.MustCompile(`%[0 +-]*[0-9]*d`)

// imageRender is one noise image to draw, or the frames of a loop.
type imageRender struct {
	s        batchSampler
	cs       *cpu.Sampler // s on the CPU backend, else nil
	cfg      noise.Config // the variant (a graph's: Dims only)
	lo, hi   float32      // the values' range, for the ramps; ±Inf: the image's
	size     int
	normals  bool
	k        float32 // the normal map's displacement
	wide     bool    // 16 bits per channel
	grey     bool    // the grey ramp
	progress *progress
	mapping  mapping
	loop     noise.Loop // loopMapping's circle
	frames   int        // frames of the loop (1 for one image)
	frame    int        // the frame render draws
}

// render draws the image: values or normals, 8 or 16 bits, through the
// chosen ramp.
func (r *imageRender) render() (image.Image, error) {
	rect := image.Rect(0, 0, r.size, r.size)
	lo, hi := r.lo, r.hi
	if !r.normals && (math.IsInf(float64(lo), 0) || math.IsInf(float64(hi), 0)) {
		// An unbounded range (a graph's): the image's own, from a first
		// pass over the pixels.
		ilo, ihi := float32(math.Inf(1)), float32(math.Inf(-1))
		if err := r.sample(func(_, _ int, v float32, _ noise.Sample) {
			if !math.IsInf(float64(v), 0) {
				ilo, ihi = min(ilo, v), max(ihi, v) // NaN leaves them
			}
		}); err != nil {
			return nil, err
		}
		if ilo > ihi { // no finite value
			ilo, ihi = 0, 1
		}
		if math.IsInf(float64(lo), 0) {
			lo = ilo
		}
		if math.IsInf(float64(hi), 0) {
			hi = ihi
		}
		if lo == hi {
			hi = lo + 1
		}
	}
	var img image.Image
	var set func(i, j int, v float32, s noise.Sample)
	switch {
	case r.normals && r.wide:
		m := image.NewRGBA64(rect)
		img, set = m, func(i, j int, _ float32, s noise.Sample) { m.SetRGBA64(i, j, normalColour64(s, r.k)) }
	case r.normals:
		m := image.NewRGBA(rect)
		img, set = m, func(i, j int, _ float32, s noise.Sample) { m.SetRGBA(i, j, normalColour(s, r.k)) }
	case r.wide && r.cs != nil && (r.mapping == planeMapping || r.mapping == torusMapping):
		// The library's heightmap: the same pixel centres, mapping and
		// 16-bit levels as the banded path below.
		m := image.NewGray16(rect)
		err := r.cs.FillGray16(m, &cpu.HeightmapOptions{Seamless: r.mapping == torusMapping})
		r.progress.update(r.size, r.size)
		return m, err
	case r.wide:
		m := image.NewGray16(rect)
		img, set = m, func(i, j int, v float32, _ noise.Sample) {
			m.SetGray16(i, j, color.Gray16{ramp.To16(ramp.Grey(v, lo, hi))})
		}
	case r.grey:
		m := image.NewGray(rect)
		img, set = m, func(i, j int, v float32, _ noise.Sample) { m.SetGray(i, j, color.Gray{ramp.To8(ramp.Grey(v, lo, hi))}) }
	default:
		m := image.NewRGBA(rect)
		img, set = m, func(i, j int, v float32, _ noise.Sample) { m.SetRGBA(i, j, ramp.Value(v, lo, hi)) }
	}
	err := r.sample(set)
	return img, err
}

// sample evaluates every pixel's position, a band of rows at a time, and
// hands each value (or sample, for a normal map) to set.
func (r *imageRender) sample(set func(i, j int, v float32, s noise.Sample)) error {
	size := r.size
	rows := max(1, chunkLines/size)
	pos := make([]mgl32.Vec3, 0, rows*size)
	var pos4 []mgl32.Vec4
	vals := make([]float32, rows*size)
	var samples []noise.Sample
	if r.normals {
		samples = make([]noise.Sample, rows*size)
	}
	t := noise.LoopFrame(r.frame, r.frames)
	if r.mapping == tiledTimeMapping && r.cfg.Domain != nil { // one period of w per loop
		sw, _ := r.cfg.Domain.WTransform()
		t /= sw
	}
	fsize := float32(size)
	for j0 := 0; j0 < size; j0 += rows {
		j1 := min(j0+rows, size)
		pos, pos4 = pos[:0], pos4[:0]
		for j := j0; j < j1; j++ {
			v := (float32(j) + 0.5) / fsize
			for i := 0; i < size; i++ {
				u := (float32(i) + 0.5) / fsize
				p := mgl32.Vec3{u - 0.5, 0, 0.5 - v}
				switch {
				case r.mapping == planeMapping && r.cfg.Dims == 4: // 4D noise on the plane: w = 0
					pos4 = append(pos4, p.Vec4(0))
				case r.mapping == planeMapping:
					pos = append(pos, p)
				case r.mapping == torusMapping:
					pos4 = append(pos4, noise.TorusPoint(p[0], p[2]))
				case r.mapping == loopMapping:
					pos4 = append(pos4, r.loop.Point(p, t))
				case r.mapping == tiledTimeMapping:
					pos4 = append(pos4, p.Vec4(t))
				}
			}
		}
		n := (j1 - j0) * size
		var err error
		three := r.mapping == planeMapping && r.cfg.Dims < 4
		switch {
		case r.normals && three:
			err = r.s.Samples(pos, samples[:n])
		case r.normals:
			err = r.s.Samples4(pos4, samples[:n])
		case three:
			err = r.s.Values(pos, vals[:n])
		default:
			err = r.s.Values4(pos4, vals[:n])
		}
		if err != nil {
			return err
		}
		for k := range n {
			var s noise.Sample
			if r.normals {
				s = samples[k]
				if r.mapping == torusMapping { // the derivatives along the plane's x and z
					i, j := k%size, j0+k/size
					s = noise.TorusSample(s, (float32(i)+0.5)/fsize-0.5, 0.5-(float32(j)+0.5)/fsize)
				}
			}
			set(k%size, j0+k/size, vals[k], s)
		}
		r.progress.update(r.frame*size+j1, r.frames*size)
	}
	return nil
}

// surfaceNormal is the unit normal of the surface y = k·noise.
func surfaceNormal(s noise.Sample, k float32) mgl32.Vec3 {
	n := mgl32.Vec3{-k * s.Dx, 1, -k * s.Dz}
	l := n.Len()
	if !(l > 0) || math.IsInf(float64(l), 0) {
		return mgl32.Vec3{0, 1, 0}
	}
	return n.Mul(1 / l)
}

// normalColour encodes the normal of the surface y = k·noise.
func normalColour(s noise.Sample, k float32) color.RGBA {
	n := surfaceNormal(s, k)
	return color.RGBA{ramp.To8((n[0] + 1) / 2), ramp.To8((n[2] + 1) / 2), ramp.To8((n[1] + 1) / 2), 255}
}

// normalColour64 is normalColour with 16-bit channels.
func normalColour64(s noise.Sample, k float32) color.RGBA64 {
	n := surfaceNormal(s, k)
	return color.RGBA64{ramp.To16((n[0] + 1) / 2), ramp.To16((n[2] + 1) / 2), ramp.To16((n[1] + 1) / 2), 0xFFFF}
}

// writePNG encodes img to out and commits it (in a Group: completes it).
func writePNG(out *outfile.File, img image.Image) error {
	if err := png.Encode(out, img); err != nil {
		return err
	}
	return out.Commit()
}
