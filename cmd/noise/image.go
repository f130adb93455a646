package main

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/internal/cliflag"
	"github.com/noiselab/noise/internal/outfile"
	"github.com/noiselab/noise/internal/ramp"
)

const imageHeader = `Usage: noise image -noise NAME [flags] -o out.png

Renders the XZ plane, seen from above, to a size×size PNG: pixel
(i, j) samples the position (u − 0.5, 0, 0.5 − v) with u = (i+0.5)/size and
v = (j+0.5)/size (image right is +X, image up is +Z), transformed by the
domain (default scale 8,8,8, the tutorial's NoiseVisualization default).
1D noise uses x, 2D noise x and z, 3D noise x, y and z; 4D perm-value noise
samples w = 0.

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
removed. A failed write leaves the path as it was.

-normals writes a tangent-space normal map instead, from the analytical
derivatives of the displaced plane y = K·noise: n = normalize(−K·dx, 1, −K·dz)
with K = -displacement, encoded as R = (nx+1)/2, G = (nz+1)/2, B = (ny+1)/2
(tangent +X = image right, bitangent +Z = image up, normal +Y = out of the
image).
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
	gpu          cliflag.GPU
}

func runImage(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := cliflag.NewFlagSet("noise image")
	var f imageFlags
	f.noiseFlags.register(fs, "", cpuOrGPU, 8)
	fs.IntVar(&f.size, "size", 512, fmt.Sprintf("image width and height in `pixels`, 1 to %d", maxImageSize))
	fs.BoolVar(&f.normals, "normals", false, "write a tangent-space normal map from the analytical derivatives")
	fs.Float64Var(&f.displacement, "displacement", 0.1, "displacement `K` of the normal map's surface y = K·noise")
	fs.StringVar(&f.out, "o", "", "output PNG `file` (required; - for standard output)")
	cliflag.Choice(fs, &f.bits, "bits", "8", []string{"8", "16"}, "`bits` per channel; valid: 8, 16")
	cliflag.Choice(fs, &f.ramp, "ramp", "tutorial", []string{"tutorial", "grey"}, "value colouring; valid: tutorial (8 bits only), grey (see above)")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress line on stderr")
	f.gpu.Register(fs, " for -backend gpu")
	if err := parseFlags(fs, imageHeader, args, stdout); err != nil {
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
	cfg, err := f.config(fs)
	if err != nil {
		return err
	}
	if f.size < 1 || f.size > maxImageSize {
		return fmt.Errorf("invalid size %d: must be 1 to %d", f.size, maxImageSize)
	}
	if math.IsNaN(f.displacement) || math.IsInf(f.displacement, 0) {
		return fmt.Errorf("invalid displacement %v: must be finite", f.displacement)
	}
	// Opened before the work, so a path that cannot be written fails at
	// once; the path keeps its old contents unless the image is complete.
	out, err := outfile.Create(f.out, stdout)
	if err != nil {
		return fmt.Errorf("-o: %v", err)
	}
	defer out.Abort()
	var bs batchSampler
	var dev gpuDevice
	if f.backend == "gpu" {
		if dev, err = openDevice(f.gpu); err != nil {
			return err
		}
		defer dev.close()
		if bs, err = dev.sampler(cfg); err != nil {
			return fmt.Errorf("GPU (%s): %v", dev.info().Line, err)
		}
	} else {
		s, err := cpu.New(cfg)
		if err != nil {
			return err
		}
		bs = cpuBatch{s}
	}
	r := imageRender{s: bs, cfg: cfg, size: f.size, normals: f.normals, k: float32(f.displacement),
		wide: f.bits == "16", grey: f.ramp == "grey", progress: newProgress(stderr, !f.quiet, "noise image")}
	img, err := r.render()
	if err != nil {
		return err
	}
	if err := writePNG(out, img); err != nil {
		return err
	}
	if dev != nil {
		fmt.Fprintf(stderr, "noise: GPU: %s\n", dev.info().Line)
	}
	return nil
}

// imageRender is one noise image to draw.
type imageRender struct {
	s        batchSampler
	cfg      noise.Config
	size     int
	normals  bool
	k        float32 // the normal map's displacement
	wide     bool    // 16 bits per channel
	grey     bool    // the grey ramp
	progress *progress
}

// render draws the image: values or normals, 8 or 16 bits, through the
// chosen ramp.
func (r *imageRender) render() (image.Image, error) {
	rect := image.Rect(0, 0, r.size, r.size)
	lo, hi := r.cfg.Range()
	var img image.Image
	var set func(i, j int, v float32, s noise.Sample)
	switch {
	case r.normals && r.wide:
		m := image.NewRGBA64(rect)
		img, set = m, func(i, j int, _ float32, s noise.Sample) { m.SetRGBA64(i, j, normalColour64(s, r.k)) }
	case r.normals:
		m := image.NewRGBA(rect)
		img, set = m, func(i, j int, _ float32, s noise.Sample) { m.SetRGBA(i, j, normalColour(s, r.k)) }
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
	r.progress.done()
	return img, err
}

// sample evaluates every pixel's position, a band of rows at a time, and
// hands each value (or sample, for a normal map) to set.
func (r *imageRender) sample(set func(i, j int, v float32, s noise.Sample)) error {
	size := r.size
	rows := max(1, chunkLines/size)
	pos := make([]mgl32.Vec3, 0, rows*size)
	vals := make([]float32, rows*size)
	var samples []noise.Sample
	if r.normals {
		samples = make([]noise.Sample, rows*size)
	}
	fsize := float32(size)
	for j0 := 0; j0 < size; j0 += rows {
		j1 := min(j0+rows, size)
		pos = pos[:0]
		for j := j0; j < j1; j++ {
			v := (float32(j) + 0.5) / fsize
			for i := 0; i < size; i++ {
				u := (float32(i) + 0.5) / fsize
				pos = append(pos, mgl32.Vec3{u - 0.5, 0, 0.5 - v})
			}
		}
		var err error
		if r.normals {
			err = r.s.Samples(pos, samples[:len(pos)])
		} else {
			err = r.s.Values(pos, vals[:len(pos)])
		}
		if err != nil {
			return err
		}
		for n := range pos {
			var s noise.Sample
			if r.normals {
				s = samples[n]
			}
			set(n%size, j0+n/size, vals[n], s)
		}
		r.progress.update(j1, size)
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

// writePNG encodes img to out and commits it.
func writePNG(out *outfile.File, img image.Image) error {
	if err := png.Encode(out, img); err != nil {
		return err
	}
	return out.Commit()
}
