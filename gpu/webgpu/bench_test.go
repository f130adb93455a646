package webgpu

import (
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/internal/grid"
)

// TestKernelBench: Bench answers whole dispatches over at least the time
// asked for, in both modes; a cheap kernel's resident batches grow (many
// dispatches per wait), and the runner serves runs as before afterwards.
func TestKernelBench(t *testing.T) {
	r := needRunner(t)
	k, err := r.Compile(oddShader, 64)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	const n = 1000
	pos := make([]float32, 3*n)
	for i := range n {
		pos[3*i] = float32(i % 5)
	}
	for _, mode := range []BenchMode{BenchResident, BenchReadback} {
		res, err := k.Bench(params(n, 3, 0.5), pos, n, mode, 200*time.Millisecond)
		if err != nil {
			t.Fatalf("%v: %v", mode, err)
		}
		if res.Points < n || res.Points%n != 0 || res.Seconds < 0.2 || res.Seconds > 20 {
			t.Errorf("%v: %+v: want whole dispatches of %d over at least 200ms", mode, res, n)
		}
		// A dispatch of 1000 trivial invocations takes microseconds: the
		// resident batches double to many per wait (a loaded machine's
		// stalls aside: one batch waits for a whole batch's dispatches).
		if mode == BenchResident && res.Points/n < 32 {
			t.Errorf("resident: %d dispatches in %.3fs: the batches did not grow", res.Points/n, res.Seconds)
		}
	}
	out := make([]float32, n)
	if err := k.Run(params(n, 3, 0.5), pos, n, out); err != nil {
		t.Fatal(err)
	}
	for i, v := range out {
		if want := float32(i%5) + float32(2*i+1) + 0.5; v != want {
			t.Fatalf("run after bench: out[%d] = %v, want %v", i, v, want)
		}
	}
	for _, c := range []struct {
		count int
		mode  BenchMode
		d     time.Duration
		want  string
	}{
		{0, BenchResident, time.Millisecond, "0 invocations"},
		{k.MaxCount() + 1, BenchResident, time.Millisecond, "invocations"},
		{n, 7, time.Millisecond, "unknown mode 7"},
		{n, BenchReadback, 0, "duration 0s"},
		{n, BenchReadback, 2 * time.Hour, "duration 2h0m0s"},
	} {
		_, err := k.Bench(params(uint32(c.count), 3, 0), pos, c.count, c.mode, c.d)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("bench count %d mode %d d %v: error %v, want one line with %q", c.count, c.mode, c.d, err, c.want)
		}
	}
}

// TestSamplerBench: a noise sampler's Bench in both modes on a 3D grid,
// and its refusals (4D, no positions, more than one dispatch takes).
func TestSamplerBench(t *testing.T) {
	r := needRunner(t)
	s, err := r.NewSampler(noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	pos := grid.First(3, 4096)
	for _, mode := range []BenchMode{BenchResident, BenchReadback} {
		res, err := s.Bench(pos, mode, 20*time.Millisecond)
		if err != nil {
			t.Fatalf("%v: %v", mode, err)
		}
		if res.Points < 4096 || res.Points%4096 != 0 || res.Seconds < 0.02 {
			t.Errorf("%v: %+v: want whole dispatches of 4096 over at least 20ms", mode, res)
		}
	}
	if _, err := s.Bench(nil, BenchResident, time.Millisecond); err == nil || !strings.Contains(err.Error(), "0 positions") {
		t.Errorf("no positions: %v", err)
	}
	big := make([]mgl32.Vec3, s.chunkPoints(3, 1)+1)
	if _, err := s.Bench(big, BenchResident, time.Millisecond); err == nil || !strings.Contains(err.Error(), "one dispatch takes") {
		t.Errorf("%d positions: %v", len(big), err)
	}
	s4, err := r.NewSampler(noise.Config{Noise: noise.Perlin, Dims: 4, Settings: noise.DefaultSettings()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s4.Close()
	if _, err := s4.Bench(pos, BenchResident, time.Millisecond); err == nil {
		t.Error("4D sampler: Bench on 3D positions: no error")
	}
}
