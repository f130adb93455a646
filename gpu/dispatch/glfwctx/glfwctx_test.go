package glfwctx

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/compare"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/gpu/dispatch"
)

// haveDisplay reports whether GLFW contexts can be tested.
func haveDisplay() bool { return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" }

func boxPositions(n int) []mgl32.Vec3 { return compare.Vec3s(compare.PositionSets(n, 7)[2].Pos) }

// TestGLFWContext runs a sampler on a hidden GLFW window when a display
// exists (make test runs this package under xvfb-run); without one, New
// must fail with ErrNoDisplay, not panic.
func TestGLFWContext(t *testing.T) {
	if !haveDisplay() {
		_, err := New(dispatch.Options{})
		if !errors.Is(err, ErrNoDisplay) {
			t.Fatalf("GLFW without a display: %v, want ErrNoDisplay", err)
		}
		if _, err := exec.LookPath("xvfb-run"); err == nil && os.Getenv("NOISE_REQUIRE_GPU") != "" {
			t.Fatal("NOISE_REQUIRE_GPU is set and xvfb-run exists, but the tests run without DISPLAY: run them under xvfb-run")
		}
		t.Skip("no display: only the ErrNoDisplay path was tested")
	}
	c, err := New(dispatch.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if c.Info().Platform != "glfw" {
		t.Errorf("Info().Platform = %q, want glfw", c.Info().Platform)
	}
	t.Logf("GLFW: %s", c.Info())
	cfg := noise.Config{Noise: noise.VoronoiWorleyF1, Dims: 3, Settings: noise.DefaultSettings()}
	cs, _ := cpu.New(cfg)
	gs, err := c.NewSampler(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	pos := boxPositions(2000)
	want, got := make([]noise.Sample, len(pos)), make([]noise.Sample, len(pos))
	if err := cs.Samples(pos, want); err != nil {
		t.Fatal(err)
	}
	if err := gs.Samples(pos, got); err != nil {
		t.Fatal(err)
	}
	if r := compare.Samples(want, got, compare.PolicyFor(cfg)); !r.Pass() {
		t.Fatalf("GLFW context: %s", r.Worst(nil))
	}
}

// TestGLFWDeadDisplay: a DISPLAY with no X server behind it is one error
// line naming it (GLFW only logs it and fails later, with a panic).
func TestGLFWDeadDisplay(t *testing.T) {
	t.Setenv("DISPLAY", ":7731")
	t.Setenv("WAYLAND_DISPLAY", "")
	_, err := New(dispatch.Options{})
	if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "Failed to open display :7731") || !strings.Contains(err.Error(), "xvfb-run") {
		t.Errorf("dead display: %v; want one line naming :7731 and xvfb-run", err)
	}
}

// TestConcurrentContexts creates and closes 4 EGL and 4 GLFW contexts from
// 4 goroutines at once, 20 rounds, each sampling on both (run under -race
// by make test), while one long-lived EGL context keeps working. Defects:
// closing one EGL context terminated the shared display under the others;
// GLFW windows made at once aborted the process in X11's error-handler
// grab; every context rewrote go-gl's function table.
func TestConcurrentContexts(t *testing.T) {
	type opener struct {
		name string
		open func(dispatch.Options) (*dispatch.Context, error)
	}
	kinds := []opener{{"egl", dispatch.New}}
	if haveDisplay() {
		kinds = append(kinds, opener{"glfw", New})
	} else {
		t.Log("no display: EGL contexts only")
	}
	keep, err := dispatch.New(dispatch.Options{})
	if err != nil {
		if os.Getenv("NOISE_REQUIRE_GPU") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	defer keep.Close()
	cfg := noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()}
	ks, err := keep.NewSampler(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, _ := cpu.New(cfg)
	pos := boxPositions(256)
	want := make([]float32, len(pos))
	if err := cs.Values(pos, want); err != nil {
		t.Fatal(err)
	}
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
				var open []*dispatch.Context
				defer func() {
					for _, c := range open {
						if err := c.Close(); err != nil {
							errs <- err
						}
					}
				}()
				for _, k := range kinds {
					c, err := k.open(dispatch.Options{})
					if err != nil {
						errs <- fmt.Errorf("round %d, goroutine %d, %s: %v", round, g, k.name, err)
						return
					}
					open = append(open, c)
				}
				for _, c := range open {
					s, err := c.NewSampler(cfg, nil)
					if err != nil {
						errs <- fmt.Errorf("round %d, %s sampler: %v", round, c.Info().Platform, err)
						return
					}
					got := make([]float32, len(pos))
					if err := s.Values(pos, got); err != nil {
						errs <- err
						return
					}
					if r := compare.Values(want, got, compare.PolicyFor(cfg)); !r.Pass() {
						errs <- fmt.Errorf("round %d, %s: %s", round, c.Info().Platform, r.Worst(nil))
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		// The long-lived context still works.
		got := make([]float32, len(pos))
		if err := ks.Values(pos, got); err != nil {
			t.Fatalf("round %d: the long-lived context broke: %v", round, err)
		}
		if r := compare.Values(want, got, compare.PolicyFor(cfg)); !r.Pass() {
			t.Fatalf("round %d: the long-lived context: %s", round, r.Worst(nil))
		}
	}
}
