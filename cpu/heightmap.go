package cpu

import (
	"errors"
	"fmt"
	"image"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
)

// HeightmapOptions choose the area of the plane that Heightmap and
// FillGray16 sample. The zero value (and a nil *HeightmapOptions) is what
// "noise image" samples without a domain: the unit square centred on the
// origin of the XZ plane, image right +X and image up +Z.
type HeightmapOptions struct {
	// Center is the point (x, z) of the plane at the image's centre.
	Center [2]float32
	// Extent is the width (along x) and height (along z) of the area;
	// a zero component means 1.
	Extent [2]float32
	// Seamless maps the area's (x, z) onto a torus in 4D,
	// noise.TorusPoint(x, z), as "noise image -seamless" does: with an
	// extent of 1 (or a whole number) the image tiles, its right edge
	// continuing into its left and its top into its bottom. It needs 4D
	// noise.
	Seamless bool
}

// heightmapChunk is how many pixels Heightmap samples per batch.
const heightmapChunk = 1 << 16

// Heightmap writes the noise values of a width×height image of the
// plane, row by row from the top, to dst[j·width + i]. Pixel (i, j)
// samples its centre: x = Center[0] + (u − 0.5)·Extent[0] and
// z = Center[1] + (0.5 − v)·Extent[1], with u = (i + 0.5)/width and
// v = (j + 0.5)/height, each operation rounded to float32. 1D noise reads
// x, 2D noise x and z; 3D noise samples (x, 0, z) and 4D noise
// (x, 0, z, 0), or noise.TorusPoint(x, z) with Seamless. opts nil means
// the zero options. It returns an error, and writes nothing, for a
// negative size, a dst shorter than width·height, a non-finite or
// negative extent or centre, or Seamless on noise of fewer than 4
// dimensions.
func (s *Sampler) Heightmap(dst []float32, width, height int, opts *HeightmapOptions) error {
	var o HeightmapOptions
	if opts != nil {
		o = *opts
	}
	if width < 0 || height < 0 {
		return fmt.Errorf("cpu: heightmap size %d×%d: must not be negative", width, height)
	}
	if n := int64(width) * int64(height); n > int64(len(dst)) {
		return fmt.Errorf("cpu: the heightmap has %d elements for %d×%d pixels", len(dst), width, height)
	}
	for _, c := range append(o.Center[:], o.Extent[:]...) {
		if math.IsNaN(float64(c)) || math.IsInf(float64(c), 0) {
			return fmt.Errorf("cpu: heightmap centre %v and extent %v: must be finite", o.Center, o.Extent)
		}
	}
	if o.Extent[0] < 0 || o.Extent[1] < 0 {
		return fmt.Errorf("cpu: heightmap extent %v: must not be negative (0 means 1)", o.Extent)
	}
	if o.Seamless && s.cfg.Dims != 4 {
		return fmt.Errorf("cpu: a seamless heightmap maps the plane into 4D, and %s noise is not 4D", s.cfg.Variant())
	}
	ex, ez := o.Extent[0], o.Extent[1]
	if ex == 0 {
		ex = 1
	}
	if ez == 0 {
		ez = 1
	}
	four := s.cfg.Dims == 4
	n := width * height
	var pos3 []mgl32.Vec3
	var pos4 []mgl32.Vec4
	if four {
		pos4 = make([]mgl32.Vec4, 0, min(n, heightmapChunk))
	} else {
		pos3 = make([]mgl32.Vec3, 0, min(n, heightmapChunk))
	}
	fw, fh := float32(width), float32(height)
	for lo := 0; lo < n; lo += heightmapChunk {
		hi := min(lo+heightmapChunk, n)
		pos3, pos4 = pos3[:0], pos4[:0]
		for k := lo; k < hi; k++ {
			i, j := k%width, k/width
			u := (float32(i) + 0.5) / fw
			v := (float32(j) + 0.5) / fh
			x := float32(float32(u-0.5)*ex) + o.Center[0]
			z := float32(float32(0.5-v)*ez) + o.Center[1]
			switch {
			case o.Seamless:
				pos4 = append(pos4, noise.TorusPoint(x, z))
			case four:
				pos4 = append(pos4, mgl32.Vec4{x, 0, z, 0})
			default:
				pos3 = append(pos3, mgl32.Vec3{x, 0, z})
			}
		}
		var err error
		if four {
			err = s.Values4(pos4, dst[lo:hi])
		} else {
			err = s.Values(pos3, dst[lo:hi])
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// FillGray16 draws img as a heightmap of the plane (Heightmap, over img's
// bounds): each value v becomes the level (v − lo)/(hi − lo) of the
// variant's range [lo, hi] = Config().Range(), clamped to [0, 1] and
// rounded to the nearest of 0 … 65535 (NaN is 0), as "noise image -bits
// 16" writes it. It returns Heightmap's errors, and an error for a nil
// image.
func (s *Sampler) FillGray16(img *image.Gray16, opts *HeightmapOptions) error {
	if img == nil {
		return errors.New("cpu: FillGray16 of a nil image")
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	vals := make([]float32, w*h)
	if err := s.Heightmap(vals, w, h, opts); err != nil {
		return err
	}
	lo, hi := s.cfg.Range()
	for j := 0; j < h; j++ {
		row := img.Pix[img.PixOffset(b.Min.X, b.Min.Y+j):]
		for i, v := range vals[j*w : (j+1)*w] {
			g := gray16(v, lo, hi)
			row[2*i], row[2*i+1] = uint8(g>>8), uint8(g)
		}
	}
	return nil
}

// gray16 is the 16-bit level of v in [lo, hi]: (v − lo)/(hi − lo),
// clamped to [0, 1], rounded to the nearest of 0 … 65535; NaN gives 0.
func gray16(v, lo, hi float32) uint16 {
	g := (v - lo) / (hi - lo)
	if !(g > 0) {
		return 0
	}
	return uint16(math.Round(min(float64(g), 1) * 0xFFFF))
}
