package webgpu

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/compare"
	"github.com/noiselab/noise/cpu"
)

// samplerCase runs cfg on the runner and the CPU at the position sets of
// package compare and compares them under the tolerance policy.
func samplerCase(t *testing.T, r *Runner, cfg noise.Config, n int) {
	t.Helper()
	s, err := r.NewSampler(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c, err := cpu.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var pos4 []mgl32.Vec4
	for _, set := range compare.PositionSets(n, 1) {
		pos4 = append(pos4, set.Pos...)
	}
	pos3 := compare.Vec3s(pos4)
	want, got := make([]noise.Sample, len(pos4)), make([]noise.Sample, len(pos4))
	wantV, gotV := make([]float32, len(pos4)), make([]float32, len(pos4))
	if cfg.Dims == 4 {
		err = errors.Join(c.Samples4(pos4, want), s.Samples4(pos4, got), c.Values4(pos4, wantV), s.Values4(pos4, gotV))
	} else {
		err = errors.Join(c.Samples(pos3, want), s.Samples(pos3, got), c.Values(pos3, wantV), s.Values(pos3, gotV))
	}
	if err != nil {
		t.Fatal(err)
	}
	pol := compare.PolicyFor(cfg)
	if rep := compare.Values(wantV, gotV, pol); !rep.Pass() {
		t.Errorf("%s values: %s", cfg.Variant(), rep.Worst(func(i int) string { return "" }))
	}
	if _, ok := compare.Folds(c, cfg, pos4, want, got, pol); !ok {
		t.Errorf("%s: too many folds", cfg.Variant())
	}
	if rep := compare.Samples(want, got, pol); !rep.Pass() {
		if _, ok := compare.Folds(c, cfg, pos4, want, got, pol); !ok {
			t.Errorf("%s samples: %s", cfg.Variant(), rep.Worst(func(i int) string { return "" }))
		}
	}
}

func TestSamplerMatchesCPU(t *testing.T) {
	r := needRunner(t)
	for _, cfg := range []noise.Config{
		{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()},
		{Noise: noise.Simplex, Dims: 2, Settings: noise.DefaultSettings()},
		{Noise: noise.Perlin, Dims: 4, Settings: noise.DefaultSettings()},
	} {
		samplerCase(t, r, cfg, 50)
	}
}

// TestChunks: a run split into many dispatches (a tiny chunk) gives the
// bits of one dispatch.
func TestChunks(t *testing.T) {
	r := needRunner(t)
	cfg := noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()}
	s, err := r.NewSampler(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	pos := make([]mgl32.Vec3, 1000)
	for i := range pos {
		pos[i] = mgl32.Vec3{float32(i) * 0.37, float32(i%13) * -0.21, 0.5}
	}
	one, many := make([]noise.Sample, len(pos)), make([]noise.Sample, len(pos))
	if err := s.Samples(pos, one); err != nil {
		t.Fatal(err)
	}
	r.maxChunk = 77
	err = s.Samples(pos, many)
	r.maxChunk = 0
	if err != nil {
		t.Fatal(err)
	}
	for i := range one {
		if one[i] != many[i] {
			t.Fatalf("position %d: %v in one dispatch, %v in chunks of 77", i, one[i], many[i])
		}
	}
	if one[len(one)-1] == (noise.Sample{}) {
		t.Error("the last sample is zero: the results were not written")
	}
}

func TestSamplerErrors(t *testing.T) {
	r := needRunner(t)
	s, err := r.NewSampler(noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Values4(make([]mgl32.Vec4, 2), make([]float32, 2)); err == nil || !strings.HasPrefix(err.Error(), "webgpu: ") {
		t.Errorf("Values4 on 3D noise: %v", err)
	}
	if err := s.Values(make([]mgl32.Vec3, 3), make([]float32, 2)); err == nil {
		t.Error("a short output: no error")
	}
	s.Close()
	if err := s.Values(make([]mgl32.Vec3, 1), make([]float32, 1)); !errors.Is(err, ErrClosed) {
		t.Errorf("after Close: %v", err)
	}
	if _, err := r.NewSampler(noise.Config{Noise: noise.Perlin, Dims: 7}, nil); err == nil {
		t.Error("7D Perlin: no error")
	}
}

// TestConcurrent: samplers used from several goroutines at once give the
// bits of a sequential run (the runner serves one request at a time).
func TestConcurrent(t *testing.T) {
	r := needRunner(t)
	cfgs := []noise.Config{
		{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()},
		{Noise: noise.Simplex, Dims: 3, Settings: noise.DefaultSettings()},
	}
	pos := make([]mgl32.Vec3, 300)
	for i := range pos {
		pos[i] = mgl32.Vec3{float32(i) * 0.11, -float32(i) * 0.07, 1.25}
	}
	want := make([][]float32, len(cfgs))
	samplers := make([]*Sampler, len(cfgs))
	for i, cfg := range cfgs {
		s, err := r.NewSampler(cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		samplers[i], want[i] = s, make([]float32, len(pos))
		if err := s.Values(pos, want[i]); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got := make([]float32, len(pos))
			if err := samplers[g%2].Values(pos, got); err != nil {
				errs <- err
				return
			}
			for i := range got {
				if got[i] != want[g%2][i] {
					errs <- fmt.Errorf("goroutine %d, position %d: %g, want %g", g, i, got[i], want[g%2][i])
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
