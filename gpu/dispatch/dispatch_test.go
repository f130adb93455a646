package dispatch

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/gl/v4.3-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/compare"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/internal/testhook"
)

func perlin3(t *testing.T) (noise.Config, *cpu.Sampler, *Sampler) {
	t.Helper()
	cfg := noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.Settings{Seed: -3, Frequency: 5, Octaves: 3, Lacunarity: 2, Persistence: 0.5}}
	cs, err := cpu.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	gs, err := testCtx.NewSampler(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { gs.Close() })
	return cfg, cs, gs
}

func boxPositions(n int) []mgl32.Vec3 {
	return compare.Vec3s(compare.PositionSets(n, 7)[2].Pos)
}

func sampleFloats(s []noise.Sample) []float32 {
	out := make([]float32, 0, 5*len(s))
	for _, x := range s {
		out = append(out, x.V, x.Dx, x.Dy, x.Dz, x.Dw)
	}
	return out
}

// texelFloats is s as RGBA texels hold it: v, dx, dy, dz (no dw: the
// textures are of 2D and 3D noise).
func texelFloats(s []noise.Sample) []float32 {
	out := make([]float32, 0, 4*len(s))
	for _, x := range s {
		out = append(out, x.V, x.Dx, x.Dy, x.Dz)
	}
	return out
}

func requireExact(t *testing.T, what string, want, got []float32) {
	t.Helper()
	r := compare.Values(want, got, compare.Exact)
	if !r.Pass() || len(want) != len(got) {
		t.Fatalf("%s: %d of %d differ (lengths %d, %d); worst %s", what, r.Over(), len(want), len(want), len(got), r.Worst(nil))
	}
}

// TestSampleBuffers samples GPU-resident positions into a GPU-resident
// result buffer (no round trip) and reads it back: the same bits as the
// slice API and as the CPU (3D Perlin is exact on llvmpipe and within the
// policy elsewhere).
// TestSetDomain: a Sampler whose domain was replaced samples like a new
// Sampler made with that domain, and like the CPU; perm-value keeps its
// table; an invalid domain is refused and leaves the old one.
func TestSetDomain(t *testing.T) {
	pos := boxPositions(3000)
	dom := &noise.Domain{Translation: [3]float32{1, 2, 3}, Rotation: [3]float32{30, 45, 60}, Scale: [3]float32{2, 3, 4}}
	for _, n := range []noise.Noise{noise.Perlin, noise.PermValue} {
		cfg := noise.Config{Noise: n, Dims: 3, Settings: noise.Settings{Seed: 5, Frequency: 3, Octaves: 2, Lacunarity: 2, Persistence: 0.5}}
		gs, err := testCtx.NewSampler(cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer gs.Close()
		if err := gs.SetDomain(dom); err != nil {
			t.Fatal(err)
		}
		dom.Scale[0] = 100 // SetDomain keeps a copy
		cfg.Domain = &noise.Domain{Translation: [3]float32{1, 2, 3}, Rotation: [3]float32{30, 45, 60}, Scale: [3]float32{2, 3, 4}}
		cs, _ := cpu.New(cfg)
		want, got := make([]noise.Sample, len(pos)), make([]noise.Sample, len(pos))
		if err := cs.Samples(pos, want); err != nil {
			t.Fatal(err)
		}
		if err := gs.Samples(pos, got); err != nil {
			t.Fatal(err)
		}
		if r := compare.Samples(want, got, compare.PolicyFor(cfg)); !r.Pass() {
			t.Fatalf("%s after SetDomain: %s", n, r.Worst(nil))
		}
		bad := noise.Domain{Scale: [3]float32{float32(math.Inf(1)), 1, 1}}
		oneLineError(t, "SetDomain(Inf)", gs.SetDomain(&bad), "invalid scale x")
		if err := gs.SetDomain(nil); err != nil {
			t.Fatal(err)
		}
		cfg.Domain = nil
		cs, _ = cpu.New(cfg)
		if err := cs.Samples(pos, want); err != nil {
			t.Fatal(err)
		}
		if err := gs.Samples(pos, got); err != nil {
			t.Fatal(err)
		}
		if r := compare.Samples(want, got, compare.PolicyFor(cfg)); !r.Pass() {
			t.Fatalf("%s after SetDomain(nil): %s", n, r.Worst(nil))
		}
		dom.Scale[0] = 2
	}
}

// TestWriteSamples: samples written from the CPU read back as the five
// floats of each, in order; too many for the buffer is an error.
func TestWriteSamples(t *testing.T) {
	in := []noise.Sample{{V: 1, Dx: 2, Dy: 3, Dz: 4, Dw: 5}, {V: -1, Dx: -2, Dy: -3, Dz: -4, Dw: -5}}
	b, err := testCtx.NewBuffer(2 * SampleBytes)
	if err != nil {
		t.Fatal(err)
	}
	defer testCtx.DeleteBuffer(b)
	if err := testCtx.WriteSamples(b, in); err != nil {
		t.Fatal(err)
	}
	got := make([]float32, 10)
	if err := testCtx.ReadFloats(b, got); err != nil {
		t.Fatal(err)
	}
	requireExact(t, "WriteSamples", sampleFloats(in), got)
	oneLineError(t, "too many samples", testCtx.WriteSamples(b, make([]noise.Sample, 3)), "3 samples", "do not fit")
}

func TestSampleBuffers(t *testing.T) {
	cfg, cs, gs := perlin3(t)
	pos := boxPositions(5000)
	posBuf, err := testCtx.BufferFromVec3(pos)
	if err != nil {
		t.Fatal(err)
	}
	defer testCtx.DeleteBuffer(posBuf)
	resBuf, err := testCtx.NewBuffer(len(pos) * SampleBytes)
	if err != nil {
		t.Fatal(err)
	}
	defer testCtx.DeleteBuffer(resBuf)
	for _, derivs := range []bool{false, true} {
		if err := gs.SampleBuffers(posBuf, 3, len(pos), resBuf, derivs); err != nil {
			t.Fatal(err)
		}
		want := make([]noise.Sample, len(pos))
		if err := cs.Samples(pos, want); err != nil {
			t.Fatal(err)
		}
		wantF := sampleFloats(want)
		slice := make([]noise.Sample, len(pos))
		if err := gs.Samples(pos, slice); err != nil {
			t.Fatal(err)
		}
		if !derivs {
			wantF = make([]float32, len(pos))
			if err := cs.Values(pos, wantF); err != nil {
				t.Fatal(err)
			}
		}
		got := make([]float32, len(wantF))
		if err := testCtx.ReadFloats(resBuf, got); err != nil {
			t.Fatal(err)
		}
		if !derivs {
			vals := make([]float32, len(pos))
			if err := gs.Values(pos, vals); err != nil {
				t.Fatal(err)
			}
			requireExact(t, "SampleBuffers vs Values", vals, got)
		} else {
			requireExact(t, "SampleBuffers vs Samples", sampleFloats(slice), got)
		}
		if r := compare.Values(wantF, got, compare.PolicyFor(cfg)); !r.Pass() {
			t.Fatalf("SampleBuffers (derivatives %v) vs cpu: %s", derivs, r.Worst(nil))
		}
	}
}

// TestSplitDispatch limits a dispatch to 1024 positions, so a batch runs
// as many dispatches over bound buffer ranges, and checks every position
// (including the ragged tail) against the CPU, through both the slice and
// the GPU-resident paths.
func TestSplitDispatch(t *testing.T) {
	cfg, cs, gs := perlin3(t)
	testCtx.maxChunk = 1024
	defer func() { testCtx.maxChunk = 0 }()
	pos := boxPositions(3*1024 + 77)
	want := make([]noise.Sample, len(pos))
	if err := cs.Samples(pos, want); err != nil {
		t.Fatal(err)
	}
	got := make([]noise.Sample, len(pos))
	if err := gs.Samples(pos, got); err != nil {
		t.Fatal(err)
	}
	if r := compare.Samples(want, got, compare.PolicyFor(cfg)); !r.Pass() || r.Stats[0].N != len(pos) {
		t.Fatalf("split slice dispatch: %s", r.Worst(nil))
	}
	posBuf, _ := testCtx.BufferFromVec3(pos)
	resBuf, _ := testCtx.NewBuffer(len(pos) * SampleBytes)
	defer testCtx.DeleteBuffer(posBuf)
	defer testCtx.DeleteBuffer(resBuf)
	if err := gs.SampleBuffers(posBuf, 3, len(pos), resBuf, true); err != nil {
		t.Fatal(err)
	}
	buf := make([]float32, 5*len(pos))
	if err := testCtx.ReadFloats(resBuf, buf); err != nil {
		t.Fatal(err)
	}
	requireExact(t, "split buffer dispatch vs slice", sampleFloats(got), buf)
}

// TestChunkLimits checks the split arithmetic against the driver limits:
// a chunk never exceeds the work-group count or the bindable block size.
func TestChunkLimits(t *testing.T) {
	info := testCtx.Info()
	for _, stride := range []int{3, 4} {
		for _, d := range []bool{false, true} {
			n := testCtx.chunkPoints(stride, d)
			if n <= 0 || n%1024 != 0 || (n+LocalSize-1)/LocalSize > info.MaxGroupsX ||
				int64(n*stride*4) > info.MaxBlockSize || d && int64(n*SampleBytes) > info.MaxBlockSize {
				t.Errorf("chunkPoints(%d, %v) = %d breaks the limits %+v", stride, d, n, info)
			}
		}
	}
}

// TestBakeTextures bakes 2D and 3D textures, value-only and with
// derivatives, and compares every texel with the CPU at Grid.Positions.
func TestBakeTextures(t *testing.T) {
	cfgs := []noise.Config{
		{Noise: noise.Simplex, Dims: 2, Settings: noise.DefaultSettings()},
		{Noise: noise.VoronoiWorleyF2MinusF1, Dims: 3, Tiling: true, Settings: noise.Settings{Seed: 9, Frequency: 3, Octaves: 2, Lacunarity: 2, Persistence: 0.5}},
	}
	grids := []struct {
		g      Grid
		threeD bool
	}{
		{PlaneGrid(37, -1.5, 2), false},
		{Grid{Origin: mgl32.Vec3{-0.3, 0.1, -2}, U: mgl32.Vec3{0.05, 0, 0.01}, V: mgl32.Vec3{0, 0.07, 0}, W: mgl32.Vec3{0.02, 0, 0.09}, Size: [3]int{9, 6, 5}}, true},
	}
	for _, cfg := range cfgs {
		cs, _ := cpu.New(cfg)
		gs, err := testCtx.NewSampler(cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer gs.Close()
		for _, g := range grids {
			for _, derivs := range []bool{false, true} {
				var tex Texture
				if g.threeD {
					tex, err = gs.BakeTexture3D(g.g, derivs)
				} else {
					tex, err = gs.BakeTexture2D(g.g, derivs)
				}
				if err != nil {
					t.Fatal(err)
				}
				got := make([]float32, tex.Texels())
				if err := testCtx.ReadTexture(tex, got); err != nil {
					t.Fatal(err)
				}
				testCtx.DeleteTexture(tex)
				pos := g.g.Positions()
				want := make([]noise.Sample, len(pos))
				if err := cs.Samples(pos, want); err != nil {
					t.Fatal(err)
				}
				wantF := texelFloats(want)
				if !derivs {
					wantF = make([]float32, len(pos))
					if err := cs.Values(pos, wantF); err != nil {
						t.Fatal(err)
					}
				}
				if r := compare.Values(wantF, got, compare.PolicyFor(cfg)); !r.Pass() {
					t.Errorf("%v 3D=%v derivs=%v: %s", cfg.Noise, g.threeD, derivs, r.Worst(nil))
				}
			}
		}
	}
	// A 2D texture wants a grid of depth 1.
	gs, _ := testCtx.NewSampler(cfgs[0], nil)
	defer gs.Close()
	if _, err := gs.BakeTexture2D(Grid{Size: [3]int{4, 4, 2}}, false); err == nil {
		t.Error("BakeTexture2D accepted a grid of depth 2")
	}
	if _, err := gs.BakeTexture3D(Grid{Size: [3]int{4, 1 << 20, 1}}, false); err == nil || !strings.Contains(err.Error(), "texture limit") {
		t.Errorf("an oversized grid: got %v, want the texture limit named", err)
	}
}

// TestGridPositions checks Grid.Position's arithmetic on exactly
// representable steps.
func TestGridPositions(t *testing.T) {
	g := PlaneGrid(4, -1, 1)
	p := g.Positions()
	want := []mgl32.Vec3{{-0.75, 0, -0.75}, {-0.25, 0, -0.75}, {0.25, 0, -0.75}, {0.75, 0, -0.75}, {-0.75, 0, -0.25}}
	for i, w := range want {
		if p[i] != w {
			t.Errorf("PlaneGrid(4, -1, 1) point %d = %v, want %v", i, p[i], w)
		}
	}
	if len(p) != 16 {
		t.Errorf("%d points, want 16", len(p))
	}
}

// oneLine fails unless err is a single line containing every key.
func oneLineError(t *testing.T, what string, err error, keys ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: no error", what)
	}
	msg := err.Error()
	if strings.Contains(msg, "\n") {
		t.Errorf("%s: error spans lines: %q", what, msg)
	}
	for _, k := range keys {
		if !strings.Contains(msg, k) {
			t.Errorf("%s: error %q does not mention %q", what, msg, k)
		}
	}
}

// TestErrors: every misuse is an error value of one line.
func TestErrors(t *testing.T) {
	cfg := noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()}

	// A deliberately broken shader reports the driver's compile log.
	broken := &SamplerOptions{}
	testhook.EditSource(broken, func(s string) string {
		return strings.Replace(s, "t * (b - a);", "t * (b - a) + undefinedThing;", 1)
	})
	_, err := testCtx.NewSampler(cfg, broken)
	oneLineError(t, "broken shader", err, "perlin 3D", "does not compile", "undefinedThing")

	_, err = testCtx.NewSampler(noise.Config{Noise: noise.Simplex, Dims: 2, Tiling: true, Settings: noise.DefaultSettings()}, nil)
	oneLineError(t, "simplex tiling", err, "no tiling variant")
	_, err = testCtx.NewSampler(noise.Config{Noise: noise.VoronoiWorleyF1, Dims: 4, Settings: noise.DefaultSettings()}, nil)
	oneLineError(t, "Worley 4D", err, "dims")

	_, _, gs := perlin3(t)
	pos := boxPositions(10)
	oneLineError(t, "short output", gs.Values(pos, make([]float32, 3)), "3 elements for")
	oneLineError(t, "short samples", gs.Samples(pos, make([]noise.Sample, 3)), "3 elements for")
	// Positions of a dimension the variant does not take: the call, the
	// variant and the call to use, as cpu.Sampler says it.
	pos4 := make([]mgl32.Vec4, 4)
	oneLineError(t, "Values4 on 3D", gs.Values4(pos4, make([]float32, 4)), "dispatch: Values4", "perlin 3D", "use Values ")
	oneLineError(t, "Samples4 on 3D", gs.Samples4(pos4, make([]noise.Sample, 4)), "dispatch: Samples4", "perlin 3D", "use Samples ")
	g4, err := testCtx.NewSampler(noise.Config{Noise: noise.Perlin, Dims: 4, Settings: noise.DefaultSettings()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer g4.Close()
	oneLineError(t, "Values on 4D", g4.Values(pos, make([]float32, len(pos))), "dispatch: Values ", "perlin 4D", "use Values4")
	oneLineError(t, "Samples on 4D", g4.Samples(pos, make([]noise.Sample, len(pos))), "dispatch: Samples ", "perlin 4D", "use Samples4")
	small, _ := testCtx.NewBuffer(64)
	defer testCtx.DeleteBuffer(small)
	oneLineError(t, "stride", gs.SampleBuffers(small, 2, 1, small, false), "stride 2", "3 or 4")
	oneLineError(t, "positions too small", gs.SampleBuffers(small, 3, 100, small, false), "positions buffer has 64")
	big, _ := testCtx.NewBuffer(1200)
	defer testCtx.DeleteBuffer(big)
	oneLineError(t, "results too small", gs.SampleBuffers(big, 3, 100, small, false), "results buffer has 64")
	_, err = testCtx.NewBuffer(0)
	oneLineError(t, "empty buffer", err, "must be positive")
	_, err = testCtx.NewBuffer(1 << 38) // 256 GiB
	oneLineError(t, "huge buffer", err, "no GPU memory", "274877906944 bytes")
	oneLineError(t, "read past end", testCtx.ReadFloats(small, make([]float32, 17)), "17 floats")

	_, err = New(Options{Driver: "vulkan"})
	oneLineError(t, "unknown driver", err, `"vulkan"`, "llvmpipe, zink, softpipe")

	// A closed context refuses calls.
	c, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := c.NewSampler(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	if err := s.Values(pos, make([]float32, len(pos))); !errors.Is(err, ErrClosed) {
		t.Errorf("Values on a closed context: %v, want ErrClosed", err)
	}
	if err := c.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

// TestPanicBecomesError: a panic on the GL thread is returned as an error
// and the context keeps working.
func TestPanicBecomesError(t *testing.T) {
	err := testCtx.Do(func() error { panic("boom") })
	oneLineError(t, "panic", err, "boom")
	_, _, gs := perlin3(t)
	if err := gs.Values(boxPositions(4), make([]float32, 4)); err != nil {
		t.Fatalf("context unusable after a panic: %v", err)
	}
}

// TestDebugMode: with Debug set, a GL error inside a call becomes that
// call's error and carries the driver's debug message.
func TestDebugMode(t *testing.T) {
	c, err := New(Options{Debug: true})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	err = c.Do(func() error {
		gl.BindBuffer(0x1234, 0) // not a buffer target: GL_INVALID_ENUM
		return nil
	})
	oneLineError(t, "invalid enum", err, "GL error 0x0500")
	// And a correct call after it is clean.
	cfg := noise.Config{Noise: noise.Value, Dims: 2, Settings: noise.DefaultSettings()}
	s, err := c.NewSampler(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Values(boxPositions(8), make([]float32, 8)); err != nil {
		t.Fatalf("clean call in debug mode: %v", err)
	}
}
