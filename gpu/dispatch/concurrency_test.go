package dispatch

import (
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/compare"
	"github.com/noiselab/noise/cpu"
)

// haveDisplay reports whether GLFW contexts can be tested.
func haveDisplay() bool { return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" }

// TestConcurrentContexts creates and closes 4 EGL and 4 GLFW contexts from
// 4 goroutines at once, 20 rounds, each sampling on both (run under -race
// by make test). Defects: closing one EGL context terminated the shared
// display under the others; GLFW windows made at once aborted the process
// in X11's error-handler grab; every context rewrote go-gl's function table.
func TestConcurrentContexts(t *testing.T) {
	kinds := []Kind{EGL}
	if haveDisplay() {
		kinds = append(kinds, GLFW)
	} else {
		t.Log("no display: EGL contexts only")
	}
	cfg := noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()}
	cs, _ := cpu.New(cfg)
	pos := boxPositions(256)
	want := make([]float32, len(pos))
	cs.Values(pos, want)
	rounds := 20
	if testing.Short() {
		rounds = 3
	}
	for round := range rounds {
		var wg sync.WaitGroup
		errs := make(chan error, 4*len(kinds))
		for g := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var open []*Context
				defer func() {
					for _, c := range open {
						if err := c.Close(); err != nil {
							errs <- err
						}
					}
				}()
				for _, k := range kinds {
					c, err := New(Options{Kind: k})
					if err != nil {
						errs <- fmt.Errorf("round %d, goroutine %d, %s: %v", round, g, k, err)
						return
					}
					open = append(open, c)
				}
				for _, c := range open {
					s, err := c.NewSampler(cfg, nil)
					if err != nil {
						errs <- fmt.Errorf("round %d, %s sampler: %v", round, c.Kind(), err)
						return
					}
					got := make([]float32, len(pos))
					if err := s.Values(pos, got); err != nil {
						errs <- err
						return
					}
					if r := compare.Values(want, got, compare.PolicyFor(cfg)); !r.Pass() {
						errs <- fmt.Errorf("round %d, %s: %s", round, c.Kind(), r.Worst(nil))
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		// The shared test context still works.
		if err := testCtx.Do(func() error { return nil }); err != nil {
			t.Fatalf("round %d: the test context broke: %v", round, err)
		}
	}
	_, _, gs := perlin3(t)
	if err := gs.Values(pos, make([]float32, len(pos))); err != nil {
		t.Fatalf("the test context cannot sample after the rounds: %v", err)
	}
}
