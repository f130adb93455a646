package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/noiselab/noise/cmd/internal/outfile"
	"github.com/noiselab/noise/cmd/internal/ramp"
	"github.com/noiselab/noise/cpu"
)

// writeJSON writes the report to out and commits it.
func writeJSON(out *outfile.File, rep *report) error {
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding the report: %v", err)
	}
	out.Write(append(b, '\n'))
	return out.Commit()
}

// prepareDiffDir checks, before the run, that dir is a directory the diff
// images can be written to, creating it (and saying so) when it is missing.
func prepareDiffDir(dir string) (created bool, err error) {
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(dir, 0o777); err != nil {
			return false, fmt.Errorf("cannot create %s: %v", dir, err)
		}
		created = true
	case err != nil:
		return false, err
	case !fi.IsDir():
		return false, fmt.Errorf("%s is not a directory", dir)
	}
	probe, err := outfile.CreateNew(filepath.Join(dir, fmt.Sprintf(".verify-probe-%d", os.Getpid())))
	if err != nil {
		return created, err
	}
	probe.Abort() // removes the probe, which this run made
	return created, nil
}

// diffSize is the side of the diff images, in pixels.
const diffSize = 128

// writeDiffs writes, for each failing variant and its first failing
// settings case, the CPU and GPU images of the viewer's plane (values) and
// their difference magnified to the full grey range.
func writeDiffs(b backend, o *options, rep *report) error {
	pos, _ := cpu.ShapeGrid(cpu.Plane, diffSize)
	for _, v := range rep.Variants {
		if v.Pass || v.graph {
			continue // TODO: difference images of graphs
		}
		cfg := v.variant.Config(*v.failed)
		cs, err := cpu.New(cfg)
		if err != nil {
			return err
		}
		gs, err := b.newSampler(cfg)
		if err != nil {
			return err
		}
		want, got := make([]float32, len(pos)), make([]float32, len(pos))
		err = errors.Join(cs.Values(pos, want), gs.Values(pos, got))
		gs.Close()
		if err != nil {
			return err
		}
		lo, hi := cfg.Range()
		var maxd float64
		for i := range want {
			if d := math.Abs(float64(got[i] - want[i])); d > maxd {
				maxd = d
			}
		}
		base := filepath.Join(o.diffDir, strings.ReplaceAll(v.Name, " ", "-"))
		for _, img := range []struct {
			suffix string
			pix    func(i int) color.RGBA
		}{
			{"-cpu.png", func(i int) color.RGBA { return ramp.Value(want[i], lo, hi) }},
			{"-gpu.png", func(i int) color.RGBA { return ramp.Value(got[i], lo, hi) }},
			{"-diff.png", func(i int) color.RGBA { return magnified(want[i], got[i], maxd) }},
		} {
			if err := writePNG(base+img.suffix, img.pix); err != nil {
				return err
			}
		}
	}
	return nil
}

// magnified shows |got − want| scaled so the largest difference is white;
// a NaN on one side only is magenta.
func magnified(want, got float32, maxd float64) color.RGBA {
	if (want != want) != (got != got) {
		return color.RGBA{255, 0, 255, 255}
	}
	if maxd == 0 || want != want {
		return color.RGBA{0, 0, 0, 255}
	}
	g := ramp.To8(float32(math.Abs(float64(got-want)) / maxd))
	return color.RGBA{g, g, g, 255}
}

func writePNG(path string, pix func(i int) color.RGBA) error {
	img := image.NewRGBA(image.Rect(0, 0, diffSize, diffSize))
	for i := 0; i < diffSize*diffSize; i++ {
		// GridUV is row-major from v = 0 at the bottom.
		img.SetRGBA(i%diffSize, diffSize-1-i/diffSize, pix(i))
	}
	f, err := outfile.Create(path, nil)
	if err != nil {
		return err
	}
	defer f.Abort()
	if err := png.Encode(f, img); err != nil {
		return err
	}
	return f.Commit()
}
