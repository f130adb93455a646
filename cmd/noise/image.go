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

Renders the XZ plane, seen from above, to a size×size 8-bit PNG: pixel
(i, j) samples the position (u − 0.5, 0, 0.5 − v) with u = (i+0.5)/size and
v = (j+0.5)/size (image right is +X, image up is +Z), transformed by the
domain (default scale 8,8,8, the tutorial's NoiseVisualization default).
1D noise uses x, 2D noise x and z, 3D noise x, y and z; 4D perm-value noise
samples w = 0.

Colour: noise whose range is [0, hi] is greyscale v/hi (hi is 1 but for
1D Voronoi F2 and F2 − F1, 1.5: see "noise list"); signed noise uses the
tutorial's ramp: negative values red (−v, 0, 0), positive values grey
(v, v, v).

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
}

func runImage(args []string, _ io.Reader, stdout, _ io.Writer) error {
	fs := cliflag.NewFlagSet("noise image")
	var f imageFlags
	f.noiseFlags.register(fs, "", cpuOnly, 8)
	fs.IntVar(&f.size, "size", 512, fmt.Sprintf("image width and height in `pixels`, 1 to %d", maxImageSize))
	fs.BoolVar(&f.normals, "normals", false, "write a tangent-space normal map from the analytical derivatives")
	fs.Float64Var(&f.displacement, "displacement", 0.1, "displacement `K` of the normal map's surface y = K·noise")
	fs.StringVar(&f.out, "o", "", "output PNG `file` (required; - for standard output)")
	if err := parseFlags(fs, imageHeader, args, stdout); err != nil {
		return err
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
	s, err := cpu.New(cfg)
	if err != nil {
		return err
	}
	// Opened before the work, so a path that cannot be written fails at
	// once; the path keeps its old contents unless the image is complete.
	out, err := outfile.Create(f.out, stdout)
	if err != nil {
		return fmt.Errorf("-o: %v", err)
	}
	defer out.Abort()
	img := render(s, f.size, f.normals, float32(f.displacement))
	return writePNG(out, img)
}

// render samples the XZ plane through the batch API, a band of rows at a
// time.
func render(s *cpu.Sampler, size int, normals bool, k float32) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	lo, hi := s.Config().Noise.Range(s.Config().Dims)
	rows := max(1, chunkLines/size)
	pos := make([]mgl32.Vec3, 0, rows*size)
	vals := make([]float32, rows*size)
	var samples []noise.Sample
	if normals {
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
		if normals {
			s.Samples(pos, samples[:len(pos)])
		} else {
			s.Values(pos, vals[:len(pos)])
		}
		for n := range pos {
			i, j := n%size, j0+n/size
			var c color.RGBA
			if normals {
				c = normalColour(samples[n], k)
			} else {
				c = ramp.Value(vals[n], lo, hi)
			}
			img.SetRGBA(i, j, c)
		}
	}
	return img
}

// normalColour encodes the normal of the surface y = k·noise.
func normalColour(s noise.Sample, k float32) color.RGBA {
	n := mgl32.Vec3{-k * s.Dx, 1, -k * s.Dz}
	l := n.Len()
	if !(l > 0) || math.IsInf(float64(l), 0) {
		n = mgl32.Vec3{0, 1, 0}
	} else {
		n = n.Mul(1 / l)
	}
	return color.RGBA{ramp.To8((n[0] + 1) / 2), ramp.To8((n[2] + 1) / 2), ramp.To8((n[1] + 1) / 2), 255}
}

// writePNG encodes img to out and commits it.
func writePNG(out *outfile.File, img image.Image) error {
	if err := png.Encode(out, img); err != nil {
		return err
	}
	return out.Commit()
}
