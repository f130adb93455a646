package main

import (
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

func TestNoiseCycleWrapsBothWays(t *testing.T) {
	all := noise.Noises()
	s := DefaultState()
	s.Noise = all[0]
	if c := s.Apply(PrevNoise); c != Resample || s.Noise != all[len(all)-1] {
		t.Fatalf("PrevNoise from %s: %s, change %v; want %s, Resample", all[0], s.Noise, c, all[len(all)-1])
	}
	if s.Apply(NextNoise); s.Noise != all[0] {
		t.Fatalf("NextNoise from the last: %s, want %s", s.Noise, all[0])
	}
	seen := map[noise.Noise]bool{}
	for range all {
		seen[s.Noise] = true
		s.Apply(NextNoise)
	}
	if len(seen) != len(all) || s.Noise != all[0] {
		t.Fatalf("a full cycle visits %d of %d noises and ends at %s", len(seen), len(all), s.Noise)
	}
}

// TestFractalCycle: G and Shift+G step through the fractal modes both ways,
// resample, and the title names the mode (and ping-pong's strength).
func TestFractalCycle(t *testing.T) {
	s := DefaultState()
	if actionFor(glfw.KeyG, 0) != NextFractal || actionFor(glfw.KeyG, glfw.ModShift) != PrevFractal {
		t.Fatal("G / Shift+G are not bound to the fractal mode")
	}
	if c := s.Apply(PrevFractal); c != Resample || s.Settings.Fractal != noise.FractalPingPong {
		t.Fatalf("PrevFractal from fbm: %s, change %v; want pingpong, Resample", s.Settings.Fractal, c)
	}
	if !strings.Contains(s.Title(), "persistence 0.5, pingpong 2") {
		t.Errorf("title %q does not name ping-pong and its strength", s.Title())
	}
	var seen []string
	for range noise.Fractals() {
		s.Apply(NextFractal)
		seen = append(seen, s.Settings.Fractal.String())
	}
	if got := strings.Join(seen, " "); got != "fbm ridged billow pingpong" {
		t.Errorf("NextFractal visits %q", got)
	}
}

// TestWarpKeys: W and Shift+W step the warp amplitude by 0.05 within ±1
// (from no warp to frequency 2, 2 octaves), K toggles the mode, and the
// title says so.
func TestWarpKeys(t *testing.T) {
	s := DefaultState()
	if actionFor(glfw.KeyW, 0) != WarpUp || actionFor(glfw.KeyW, glfw.ModShift) != WarpDown || actionFor(glfw.KeyK, 0) != ToggleWarpMode {
		t.Fatal("W / Shift+W / K are not bound to the warp")
	}
	if c := s.Apply(WarpUp); c != Resample || s.Settings.WarpAmplitude != 0.05 || s.Settings.WarpFrequency != 2 || s.Settings.WarpOctaves != 2 {
		t.Fatalf("WarpUp: %+v, change %v", s.Settings, c)
	}
	s.Apply(ToggleWarpMode)
	if s.Settings.WarpMode != noise.WarpProgressive || !strings.Contains(s.Title(), "warp progressive ×0.05, frequency 2, 2 octaves") {
		t.Errorf("after K: mode %v, title %q", s.Settings.WarpMode, s.Title())
	}
	for range 40 {
		s.Apply(WarpDown)
	}
	if s.Settings.WarpAmplitude != -1 || !strings.Contains(s.Message, "-1 to 1") {
		t.Errorf("40 × Shift+W: amplitude %v, message %q; want -1 and the limit", s.Settings.WarpAmplitude, s.Message)
	}
}

// TestEveryReachableStateIsValid walks the state machine at random: no key
// sequence may lead to a configuration the library rejects or a value out
// of the viewer's limits.
func TestEveryReachableStateIsValid(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	s := DefaultState()
	for i := 0; i < 20000; i++ {
		a := Action(1 + rng.Intn(int(Quit)))
		s.Apply(a)
		if rng.Intn(50) == 0 {
			s.Advance(rng.Float64())
		}
		if err := s.Config().Validate(); err != nil {
			t.Fatalf("after %d actions (last %d): invalid config: %v", i+1, a, err)
		}
		if s.Resolution < minResolution || s.Resolution > maxResolution ||
			s.Displacement < minDisplacement || s.Displacement > maxDisplacement ||
			s.Settings.Frequency > maxFrequency || s.Settings.Lacunarity > maxLacunarity ||
			s.Settings.Persistence < 0 || s.Settings.Persistence > 1 {
			t.Fatalf("after %d actions: out of limits: %+v", i+1, s)
		}
		for _, r := range s.Domain.Rotation {
			if r < 0 || r >= 360 {
				t.Fatalf("after %d actions: rotation %v outside [0, 360)", i+1, s.Domain.Rotation)
			}
		}
	}
}

func TestUnavailableCombinations(t *testing.T) {
	s := DefaultState()
	s.Noise = noise.Simplex
	if c := s.Apply(ToggleTiling); c != Resample {
		t.Errorf("T on simplex: change %v", c)
	}
	if !s.Tiling || s.Config().Tiling {
		t.Errorf("T on simplex: wish %v, config tiling %v; want the wish kept and the config without tiling", s.Tiling, s.Config().Tiling)
	}
	if !strings.Contains(s.Title(), "(tiling n/a)") || !strings.Contains(s.Message, "tiling not available") {
		t.Errorf("T on simplex: title %q, message %q", s.Title(), s.Message)
	}
	s.Apply(PrevNoise) // perlin-smooth-turbulence: has tiling
	if !s.Config().Tiling || strings.Contains(s.Title(), "n/a") {
		t.Errorf("back on a lattice noise the tiling wish holds again: config %+v, title %q", s.Config(), s.Title())
	}

	s = DefaultState()
	s.Noise = noise.VoronoiWorleyF1
	if c := s.Apply(Dims4); c != 0 || s.Dims != 3 || !strings.Contains(s.Message, "4D is not available for voronoi-worley-f1") {
		t.Errorf("4 on Worley: change %v, dims %d, message %q", c, s.Dims, s.Message)
	}
	s.Noise = noise.SimplexValueTurbulence
	if c := s.Apply(Dims4); c != Resample || s.Config().Dims != 4 {
		t.Errorf("4 on simplex-value-turbulence: change %v, dims %d", c, s.Config().Dims)
	}
	s.Apply(NextNoise) // voronoi-worley-f1: no 4D
	if s.Noise != noise.VoronoiWorleyF1 || s.Config().Dims != 3 || !strings.Contains(s.Title(), "voronoi-worley-f1 3D (4D n/a)") {
		t.Errorf("from simplex-value-turbulence 4D to the next noise: %s, config dims %d, title %q", s.Noise, s.Config().Dims, s.Title())
	}
	if s.Apply(PrevNoise); s.Config().Dims != 4 {
		t.Errorf("back to simplex-value-turbulence: dims %d, want the 4D wish again", s.Config().Dims)
	}
}

func TestLimits(t *testing.T) {
	tests := []struct {
		name   string
		set    func(*State)
		action Action
		check  func(State) bool
		change Change
	}{
		{"octaves max", func(s *State) { s.Settings.Octaves = noise.MaxOctaves }, OctavesUp,
			func(s State) bool { return s.Settings.Octaves == noise.MaxOctaves }, 0},
		{"octaves min", func(s *State) {}, OctavesDown, func(s State) bool { return s.Settings.Octaves == 1 }, 0},
		{"octaves up", func(s *State) {}, OctavesUp, func(s State) bool { return s.Settings.Octaves == 2 }, Resample},
		{"octaves vs top frequency", func(s *State) {
			s.Settings.Frequency, s.Settings.Lacunarity, s.Settings.Octaves = 64, 8, 9 // 64·8^9 > 2^31
		}, OctavesUp, func(s State) bool { return s.Settings.Octaves == 9 }, 0},
		{"frequency max", func(s *State) { s.Settings.Frequency = maxFrequency }, FrequencyUp,
			func(s State) bool { return s.Settings.Frequency == maxFrequency }, 0},
		{"frequency min", func(s *State) { s.Settings.Frequency = 1 }, FrequencyDown,
			func(s State) bool { return s.Settings.Frequency == 1 }, 0},
		{"frequency up", func(s *State) {}, FrequencyUp, func(s State) bool { return s.Settings.Frequency == 5 }, Resample},
		{"lacunarity max", func(s *State) { s.Settings.Lacunarity = maxLacunarity }, LacunarityUp,
			func(s State) bool { return s.Settings.Lacunarity == maxLacunarity }, 0},
		{"lacunarity min", func(s *State) { s.Settings.Lacunarity = 1 }, LacunarityDown,
			func(s State) bool { return s.Settings.Lacunarity == 1 }, 0},
		{"persistence max", func(s *State) { s.Settings.Persistence = 1 }, PersistenceUp,
			func(s State) bool { return s.Settings.Persistence == 1 }, 0},
		{"persistence min", func(s *State) { s.Settings.Persistence = 0 }, PersistenceDown,
			func(s State) bool { return s.Settings.Persistence == 0 }, 0},
		{"persistence step", func(s *State) {}, PersistenceUp,
			func(s State) bool { return s.Settings.Persistence == 0.55 }, Resample},
		{"seed wraps up", func(s *State) { s.Settings.Seed = math.MaxInt32 }, SeedUp,
			func(s State) bool { return s.Settings.Seed == math.MinInt32 }, Resample},
		{"seed wraps down", func(s *State) { s.Settings.Seed = math.MinInt32 }, SeedDown,
			func(s State) bool { return s.Settings.Seed == math.MaxInt32 }, Resample},
		{"displacement max", func(s *State) { s.Displacement = maxDisplacement }, DisplacementUp,
			func(s State) bool { return s.Displacement == maxDisplacement }, 0},
		{"displacement min", func(s *State) { s.Displacement = minDisplacement }, DisplacementDown,
			func(s State) bool { return s.Displacement == minDisplacement }, 0},
		{"displacement to zero", func(s *State) { s.Displacement = 0.05 }, DisplacementDown,
			func(s State) bool { return s.Displacement == 0 }, Redraw},
		{"resolution max", func(s *State) { s.Resolution = maxResolution }, ResolutionUp,
			func(s State) bool { return s.Resolution == maxResolution }, 0},
		{"resolution min", func(s *State) { s.Resolution = 1 }, ResolutionDown,
			func(s State) bool { return s.Resolution == 1 }, 0},
		{"resolution clamps", func(s *State) { s.Resolution = 300 }, ResolutionUp,
			func(s State) bool { return s.Resolution == maxResolution }, Remesh},
		{"resolution halves", func(s *State) { s.Resolution = 3 }, ResolutionDown,
			func(s State) bool { return s.Resolution == 1 }, Remesh},
		{"rotation wraps", func(s *State) {}, RotateLeft,
			func(s State) bool { return s.Domain.Rotation == [3]float32{0, 360 - rotationStep, 0} }, Resample},
		{"rotation up", func(s *State) { s.Domain.Rotation[0] = 350 }, RotateDown,
			func(s State) bool { return s.Domain.Rotation[0] == 5 }, Resample},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := DefaultState()
			tt.set(&s)
			c := s.Apply(tt.action)
			if !tt.check(s) || c != tt.change {
				t.Errorf("change %v (want %v), state %+v", c, tt.change, s)
			}
			if (c == 0) != (s.Message != "") {
				t.Errorf("a refused step must say why, and only then: change %v, message %q", c, s.Message)
			}
		})
	}
}

// TestStepsDoNotDrift: twenty persistence steps up and down land on the
// values a person reads, not on accumulated rounding error.
func TestStepsDoNotDrift(t *testing.T) {
	s := DefaultState()
	s.Settings.Persistence = 0
	for i := 1; i <= 20; i++ {
		s.Apply(PersistenceUp)
		if want := float32(float64(i) * step); s.Settings.Persistence != want {
			t.Fatalf("after %d steps: %v, want %v", i, s.Settings.Persistence, want)
		}
	}
	for i := 0; i < 20; i++ {
		s.Apply(DisplacementDown)
	}
	if s.Displacement != minDisplacement {
		t.Fatalf("displacement after 20 steps down: %v", s.Displacement)
	}
}

// TestChanges: only the variant, settings and domain make the noise be
// sampled again; shape, look and resolution change the points too; the
// rest only redraws.
func TestChanges(t *testing.T) {
	want := map[Action]Change{
		NextNoise: Resample, PrevNoise: Resample, Dims1: Resample, Dims2: Resample, Dims3: Resample,
		ToggleTiling: Resample, OctavesUp: Resample, FrequencyUp: Resample, LacunarityUp: Resample,
		PersistenceDown: Resample, SeedUp: Resample, SeedDown: Resample,
		RotateLeft: Resample, RotateRight: Resample, RotateUp: Resample, RotateDown: Resample,
		NextShape: Remesh, PrevShape: Remesh, ToggleLook: Remesh, ResolutionUp: Remesh, ResolutionDown: Remesh,
		DisplacementUp: Redraw, DisplacementDown: Redraw, ToggleAnimate: Redraw, ToggleHelp: Redraw, ResetView: Redraw,
		Screenshot: 0, Quit: 0, None: 0,
	}
	for a, c := range want {
		s := DefaultState()
		if got := s.Apply(a); got != c {
			t.Errorf("action %d: change %v, want %v", a, got, c)
		}
	}
}

func TestShapeAndLookCycle(t *testing.T) {
	s := DefaultState()
	var shapes []cpu.Shape
	for range 3 {
		s.Apply(NextShape)
		shapes = append(shapes, s.Shape)
	}
	if shapes[0] != cpu.Sphere || shapes[1] != cpu.Torus || shapes[2] != cpu.Plane {
		t.Errorf("S cycles %v, want sphere, torus, plane", shapes)
	}
	if s.Apply(PrevShape); s.Shape != cpu.Torus {
		t.Errorf("Shift+S from plane: %s", s.Shape)
	}
	if s.Apply(ToggleLook); s.Look != Cubes {
		t.Errorf("M: %s", s.Look)
	}
	if s.Apply(ToggleLook); s.Look != Surface {
		t.Errorf("M twice: %s", s.Look)
	}
}

// TestFlowLoops: Y lets 4D time run around its loop, once every
// loopSeconds, wrapping to 0; in 3D it says why nothing moves.
func TestFlowLoops(t *testing.T) {
	s := DefaultState()
	if c := s.Apply(ToggleFlow); c != Redraw || !s.Flow || !strings.Contains(s.Message, "4D noise only") {
		t.Errorf("Y in 3D: change %v, flow %v, message %q", c, s.Flow, s.Message)
	}
	if c := s.Advance(1); c != 0 || s.Time != 0 {
		t.Errorf("3D with flow on: change %v, time %v", c, s.Time)
	}
	if s.Moving() {
		t.Error("3D with flow on: Moving")
	}
	s.Apply(Dims4)
	if !s.Moving() {
		t.Error("4D with flow on: not Moving, the window would wait for input")
	}
	if c := s.Advance(loopSeconds / 4); c != Resample || s.Time != 0.25 {
		t.Errorf("a quarter loop: change %v, time %v", c, s.Time)
	}
	if s.Advance(loopSeconds * 3 / 4); s.Time != 0 {
		t.Errorf("a whole loop: time %v, want 0", s.Time)
	}
	for i := 0; i < 1000; i++ {
		if s.Advance(0.0137); s.Time < 0 || s.Time >= 1 {
			t.Fatalf("time %v outside [0, 1)", s.Time)
		}
	}
	if !strings.Contains(s.Title(), "(looping)") {
		t.Errorf("title %q does not say the time loops", s.Title())
	}
	s.Apply(ToggleFlow)
	if c := s.Advance(1); c != 0 || strings.Contains(s.Title(), "looping") {
		t.Errorf("flow off: change %v, title %q", c, s.Title())
	}
	if p, q := s.Loop().Point(mgl32.Vec3{0.5, 0, -0.25}, 0), (mgl32.Vec4{0.5, loopRadius, -0.25, 0}); p != q {
		t.Errorf("the loop at time 0 maps the plane's (0.5, -0.25) to %v, want %v", p, q)
	}
}

// TestSeamless: U shows the seamless plane for 4D noise on the plane only,
// says why elsewhere, and takes the fourth axis from the time loop.
func TestSeamless(t *testing.T) {
	s := DefaultState()
	if c := s.Apply(ToggleSeamless); c != Resample || s.SeamlessOn() || !strings.Contains(s.Message, "seamless needs 4D noise on the plane") {
		t.Errorf("U in 3D: change %v, on %v, message %q", c, s.SeamlessOn(), s.Message)
	}
	s.Apply(Dims4)
	if !s.SeamlessOn() || !strings.Contains(s.Title(), "seamless") {
		t.Errorf("4D plane: on %v, title %q", s.SeamlessOn(), s.Title())
	}
	s.Apply(ToggleFlow)
	if s.Moving() || s.Advance(1) != 0 || !strings.Contains(s.Message, "no time") {
		t.Errorf("Y on the seamless plane: moving %v, message %q", s.Moving(), s.Message)
	}
	s.Apply(NextShape) // the sphere
	if s.SeamlessOn() || !s.Moving() {
		t.Errorf("on the sphere: seamless %v, moving %v; want the time loop back", s.SeamlessOn(), s.Moving())
	}
}

func TestAdvanceSpinsOnlyWhenAnimating(t *testing.T) {
	s := DefaultState()
	if c := s.Advance(1); c != 0 || s.Domain.Rotation != [3]float32{} {
		t.Fatalf("not animating: change %v, rotation %v", c, s.Domain.Rotation)
	}
	s.Apply(ToggleAnimate)
	if c := s.Advance(0.5); c != Resample || s.Domain.Rotation[1] != spinSpeed/2 {
		t.Fatalf("animating 0.5 s: change %v, rotation %v", c, s.Domain.Rotation)
	}
	s.Advance(11.5) // 345 degrees more: 360 wraps to 0
	if r := s.Domain.Rotation[1]; r != 0 {
		t.Fatalf("a full turn: rotation y %v", r)
	}
	if c := s.Advance(0); c != 0 {
		t.Fatalf("no time passed: change %v", c)
	}
}

func TestCamera(t *testing.T) {
	s := DefaultState()
	if c := s.Orbit(0, 1e6); c != Redraw || s.Pitch != 89 {
		t.Errorf("pitch clamps at 89: %v", s.Pitch)
	}
	s.Zoom(1000)
	if s.Distance != minDistance {
		t.Errorf("zoom in clamps at %v: %v", float32(minDistance), s.Distance)
	}
	s.Zoom(-1000)
	if s.Distance != maxDistance {
		t.Errorf("zoom out clamps at %v: %v", float32(maxDistance), s.Distance)
	}
	s.Apply(ResetView)
	if d := DefaultState(); s.Pitch != d.Pitch || s.Distance != d.Distance || s.Yaw != d.Yaw {
		t.Errorf("V resets the camera: %v %v %v", s.Yaw, s.Pitch, s.Distance)
	}
}

func TestTitle(t *testing.T) {
	s := DefaultState()
	s.Noise, s.Tiling, s.Dims = noise.VoronoiWorleyF2MinusF1, true, 2
	s.Settings = noise.Settings{Seed: -7, Frequency: 6, Octaves: 3, Lacunarity: 3, Persistence: 0.25}
	s.Domain.Rotation = [3]float32{15, 30, 0}
	s.Shape, s.Look, s.Resolution, s.Animate = cpu.Sphere, Cubes, 64, true
	got := s.Title()
	for _, want := range []string{
		"voronoi-worley-f2-minus-f1 2D tiling", "seed -7, frequency 6, octaves 3, lacunarity 3, persistence 0.25",
		"domain scale 2, rotation 15,30,0", "(spinning)", "sphere, cubes 64, displacement 0.1",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("title %q lacks %q", got, want)
		}
	}
}

func TestKeys(t *testing.T) {
	tests := []struct {
		key  glfw.Key
		mods glfw.ModifierKey
		want Action
	}{
		{glfw.KeyN, 0, NextNoise},
		{glfw.KeyN, glfw.ModShift, PrevNoise},
		{glfw.KeyPageUp, 0, PrevNoise},
		{glfw.Key4, 0, Dims4},
		{glfw.KeyT, glfw.ModShift, ToggleTiling}, // no Shift binding: Shift does not matter
		{glfw.KeyO, glfw.ModShift | glfw.ModCapsLock, OctavesDown},
		{glfw.KeyN, glfw.ModControl, None},
		{glfw.KeyLeft, 0, RotateLeft},
		{glfw.KeySpace, 0, ToggleAnimate},
		{glfw.KeyEscape, 0, Quit},
		{glfw.KeyZ, 0, None},
	}
	for _, tt := range tests {
		if got := actionFor(tt.key, tt.mods); got != tt.want {
			t.Errorf("key %d mods %d: action %d, want %d", tt.key, tt.mods, got, tt.want)
		}
	}
	bound := map[Action]bool{}
	type keyMod struct {
		k glfw.Key
		s bool
	}
	seen := map[keyMod]bool{}
	for _, b := range bindings {
		bound[b.action] = true
		if seen[keyMod{b.key, b.shift}] {
			t.Errorf("key %d (shift %v) bound twice", b.key, b.shift)
		}
		seen[keyMod{b.key, b.shift}] = true
	}
	for a := None + 1; a <= Quit; a++ {
		if !bound[a] {
			t.Errorf("action %d has no key", a)
		}
	}
	if len(helpLines()) < 20 {
		t.Errorf("help has %d lines", len(helpLines()))
	}
}
