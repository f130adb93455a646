package cpu_test

import (
	"image"
	"math"
	"strings"
	"testing"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

// TestHeightmap: pixel (i, j) of a 64×32 heightmap is the noise at its
// centre, computed here in float64 (the centres are exact in float32 at
// these sizes): the unit square centred on the origin by default, image
// up +Z; a centre and an extent move and stretch it; seamless heightmaps
// sample noise.TorusPoint and repeat with a period of whole units.
func TestHeightmap(t *testing.T) {
	const w, h = 64, 32
	s2 := mustSampler(t, noise.Config{Noise: noise.Perlin, Dims: 2, Settings: noise.DefaultSettings()})
	s4 := mustSampler(t, noise.Config{Noise: noise.Simplex, Dims: 4, Settings: noise.DefaultSettings()})
	centre := func(i, n int) float64 { return (float64(i)+0.5)/float64(n) - 0.5 }
	for _, c := range []struct {
		name   string
		opts   *cpu.HeightmapOptions
		cx, cz float64
		ex, ez float64
	}{
		{"nil", nil, 0, 0, 1, 1},
		{"zero", &cpu.HeightmapOptions{}, 0, 0, 1, 1},
		{"moved", &cpu.HeightmapOptions{Center: [2]float32{0.25, -1.5}, Extent: [2]float32{2, 0.5}}, 0.25, -1.5, 2, 0.5},
	} {
		dst := make([]float32, w*h+3)
		dst[w*h] = 42
		if err := s2.Heightmap(dst, w, h, c.opts); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if dst[w*h] != 42 {
			t.Fatalf("%s: wrote past width·height", c.name)
		}
		for j := 0; j < h; j++ {
			for i := 0; i < w; i++ {
				x := float32(c.cx + centre(i, w)*c.ex)
				z := float32(c.cz - centre(j, h)*c.ez) // row 0 is the top: +Z
				if got, want := dst[j*w+i], s2.ValueAt2(x, z); math.Float32bits(got) != math.Float32bits(want) {
					t.Fatalf("%s: pixel (%d, %d) = %v, want the noise at (%v, %v) = %v", c.name, i, j, got, x, z, want)
				}
			}
		}
	}

	seam := make([]float32, w*h)
	if err := s4.Heightmap(seam, w, h, &cpu.HeightmapOptions{Seamless: true}); err != nil {
		t.Fatal(err)
	}
	for k := 0; k < w*h; k += 37 {
		x, z := float32(centre(k%w, w)), float32(-centre(k/w, h))
		if want := s4.ValueAt4(noise.TorusPoint(x, z)); math.Float32bits(seam[k]) != math.Float32bits(want) {
			t.Fatalf("seamless pixel %d = %v, want %v", k, seam[k], want)
		}
	}
	// One period over: the torus repeats, so the image does.
	shifted := make([]float32, w*h)
	if err := s4.Heightmap(shifted, w, h, &cpu.HeightmapOptions{Seamless: true, Center: [2]float32{1, -2}}); err != nil {
		t.Fatal(err)
	}
	same := 0
	for k := range seam {
		if math.Abs(float64(seam[k]-shifted[k])) < 1e-5 {
			same++
		}
	}
	if same < len(seam)*99/100 {
		t.Errorf("seamless heightmap one period over: %d of %d pixels agree", same, len(seam))
	}

	for name, err := range map[string]error{
		"short dst":    s2.Heightmap(make([]float32, w*h-1), w, h, nil),
		"negative":     s2.Heightmap(nil, -1, 2, nil),
		"nan extent":   s2.Heightmap(make([]float32, 4), 2, 2, &cpu.HeightmapOptions{Extent: [2]float32{float32(math.NaN()), 1}}),
		"seamless 2D":  s2.Heightmap(make([]float32, 4), 2, 2, &cpu.HeightmapOptions{Seamless: true}),
		"nil image":    s2.FillGray16(nil, nil),
		"gray16 on 2D": s2.FillGray16(image.NewGray16(image.Rect(0, 0, 2, 2)), &cpu.HeightmapOptions{Seamless: true}),
	} {
		if err == nil || !strings.HasPrefix(err.Error(), "cpu: ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line", name, err)
		}
	}
}

// TestFillGray16: each pixel is the heightmap's value as a level of the
// variant's range, rounded to the nearest of 65536, in an image whose
// bounds do not start at the origin.
func TestFillGray16(t *testing.T) {
	cfg := noise.Config{Noise: noise.VoronoiWorleyF1, Dims: 3, Settings: noise.Settings{Seed: 5, Frequency: 3, Octaves: 2, Lacunarity: 2, Persistence: 0.5}}
	s := mustSampler(t, cfg)
	img := image.NewGray16(image.Rect(10, 20, 10+48, 20+40))
	if err := s.FillGray16(img, nil); err != nil {
		t.Fatal(err)
	}
	vals := make([]float32, 48*40)
	if err := s.Heightmap(vals, 48, 40, nil); err != nil {
		t.Fatal(err)
	}
	lo, hi := cfg.Range()
	levels := map[uint16]bool{}
	for j := 0; j < 40; j++ {
		for i := 0; i < 48; i++ {
			g := (float64(vals[j*48+i]) - float64(lo)) / (float64(hi) - float64(lo))
			want := uint16(math.Round(math.Max(0, math.Min(1, g)) * 65535))
			got := img.Gray16At(10+i, 20+j).Y
			if d := int(got) - int(want); d < -1 || d > 1 { // float32 against float64 division: one level at most
				t.Fatalf("pixel (%d, %d) = %d, want %d (value %v in [%v, %v])", i, j, got, want, vals[j*48+i], lo, hi)
			}
			levels[got] = true
		}
	}
	if len(levels) < 500 {
		t.Errorf("only %d distinct levels: not a heightmap", len(levels))
	}
}
