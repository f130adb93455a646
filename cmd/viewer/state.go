package main

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cmd/internal/cliflag"
	"github.com/noiselab/noise/cpu"
)

// Look is how the noise is drawn.
type Look uint8

const (
	// Surface is a displaced, lit mesh whose normals come from the
	// noise's analytical derivatives (docs/algorithms.md §12).
	Surface Look = iota
	// Cubes is the tutorial's instanced cubes, displaced along the
	// shape's normal and coloured red (negative) or grey (positive)
	// (docs/algorithms.md §12).
	Cubes
	numLooks
)

var lookNames = [numLooks]string{"surface", "cubes"}

func (l Look) String() string {
	if l >= numLooks {
		return fmt.Sprintf("Look(%d)", uint8(l))
	}
	return lookNames[l]
}

// parseLook returns the look named s; the error names the valid ones.
func parseLook(s string) (Look, error) {
	for i, n := range lookNames {
		if n == s {
			return Look(i), nil
		}
	}
	return 0, fmt.Errorf("invalid -look %q; valid: %s", s, strings.Join(lookNames[:], ", "))
}

// viewerShapes are the shapes the S key cycles through.
var viewerShapes = []cpu.Shape{cpu.Plane, cpu.Sphere, cpu.Torus}

// parseShape returns the viewer shape named s; the error names the valid ones.
func parseShape(s string) (cpu.Shape, error) {
	var names []string
	for _, sh := range viewerShapes {
		if sh.String() == s {
			return sh, nil
		}
		names = append(names, sh.String())
	}
	return 0, fmt.Errorf("invalid -shape %q; valid: %s", s, strings.Join(names, ", "))
}

// The limits of the adjustable parameters (the tutorial's ranges, docs/algorithms.md §12,
// where it gives one).
const (
	minResolution, maxResolution = 1, 512
	maxFrequency                 = 64
	maxLacunarity                = 8
	minDisplacement              = -0.5
	maxDisplacement              = 0.5
	step                         = 0.05 // persistence and displacement step
	rotationStep                 = 15   // degrees per arrow key press
	spinSpeed                    = 30   // degrees per second about Y while animating
	loopSeconds                  = 4    // seconds per loop of 4D time (docs/algorithms.md §8.8)
	loopRadius                   = 0.5  // the loop's radius in the (y, w) plane, before the domain
	minDistance, maxDistance     = 0.6, 8
)

// State is everything the viewer shows: the noise variant and settings,
// the shape and look, and the camera. It is a plain value changed only by
// Apply, Orbit, Zoom and Advance, so the input handling is tested without
// a window.
type State struct {
	Noise noise.Noise
	// Dims and Tiling are what the user asked for. A noise that lacks
	// them (Voronoi has no 4D, simplex no tiling) uses the nearest it has
	// and the title says so; see Config.
	Dims         int
	Tiling       bool
	Shape        cpu.Shape
	Look         Look
	Resolution   int
	Settings     noise.Settings
	Displacement float32
	Domain       noise.Domain
	Animate      bool
	// Time is the 4D loop's time in [0, 1): 4D noise is sampled at
	// Loop.Point(p, Time) (docs/algorithms.md §8.8), and while Flow is on
	// it runs once around every loopSeconds.
	Time float32
	Flow bool
	// Seamless shows 4D noise on the plane as a seamless texture: the
	// plane's (x, z) mapped onto the 4D torus (noise.TorusPoint of 2x, 2z:
	// 2×2 tiles), sampled on the CPU; see SeamlessOn.
	Seamless bool
	Help     bool

	// Graph is the path of the noise graph shown instead of the variant
	// ("" shows the variant): -graph FILE, the X key (graph.go).
	// GraphInfo describes the graph shown and GraphError the last file
	// that did not load (the last good graph stays); the viewer sets both
	// as it loads the file.
	Graph, GraphInfo, GraphError string

	Yaw, Pitch, Distance float32 // the orbit camera, degrees and units

	// Message is a short note about the last action (a limit reached, a
	// combination not available), shown in the title until the next one.
	Message string
}

// DefaultState is Perlin 3D with the tutorials' fractal settings
// (frequency 4, one octave) and displacement 0.1 on a plane, as a lit
// surface at resolution 128. The domain scale is 2, not the Pseudorandom
// Noise visualisation's 8, so that the surface shows hills rather than
// spikes; -scale 8 -look cubes -resolution 16 is the tutorial's picture.
func DefaultState() State {
	return State{
		Noise:        noise.Perlin,
		Dims:         3,
		Shape:        cpu.Plane,
		Look:         Surface,
		Resolution:   128,
		Settings:     noise.DefaultSettings(),
		Displacement: 0.1,
		Domain:       noise.Domain{Scale: [3]float32{2, 2, 2}},
		Yaw:          30,
		Pitch:        35,
		Distance:     1.5,
	}
}

// Validate reports the first field out of its range.
func (s State) Validate() error {
	if s.Noise >= noise.Noise(len(noise.Names())) {
		return fmt.Errorf("invalid noise %d", s.Noise)
	}
	if s.Dims < 1 || s.Dims > s.Noise.MaxDims() {
		return fmt.Errorf("invalid -dims %d for %s: must be 1 to %d", s.Dims, s.Noise, s.Noise.MaxDims())
	}
	if s.Tiling && !s.Noise.Tiling() {
		return fmt.Errorf("-tiling: %s has no tiling variant (tiling exists for %s noise)", s.Noise, cliflag.WithTiling())
	}
	if s.Resolution < minResolution || s.Resolution > maxResolution {
		return fmt.Errorf("invalid -resolution %d: must be %d to %d", s.Resolution, minResolution, maxResolution)
	}
	if !(s.Displacement >= minDisplacement && s.Displacement <= maxDisplacement) {
		return fmt.Errorf("invalid -displacement %v: must be %v to %v", s.Displacement, minDisplacement, maxDisplacement)
	}
	return s.Config().Validate()
}

// Config is the noise configuration drawn: the noise with the requested
// dimensions and tiling where it has them.
func (s State) Config() noise.Config {
	d := s.Domain
	return noise.Config{
		Noise:    s.Noise,
		Dims:     min(s.Dims, s.Noise.MaxDims()),
		Tiling:   s.Tiling && s.Noise.Tiling(),
		Settings: s.Settings,
		Domain:   &d,
	}
}

// Change says what an input changed, and so what the viewer must redo.
type Change uint8

const (
	// Redraw: only the picture changes (camera, displacement, help).
	Redraw Change = 1 << iota
	// Resample: the noise must be sampled again (variant, settings,
	// domain).
	Resample
	// Remesh: the sample positions change (shape, look, resolution);
	// implies Resample.
	Remesh
)

// Action is a user command, bound to keys by actionFor.
type Action uint8

// The actions.
const (
	None Action = iota
	NextNoise
	PrevNoise
	Dims1
	Dims2
	Dims3
	Dims4
	ToggleTiling
	NextShape
	PrevShape
	ToggleLook
	OctavesUp
	OctavesDown
	FrequencyUp
	FrequencyDown
	LacunarityUp
	LacunarityDown
	PersistenceUp
	PersistenceDown
	NextFractal
	PrevFractal
	WarpUp
	WarpDown
	ToggleWarpMode
	SeedUp
	SeedDown
	DisplacementUp
	DisplacementDown
	ResolutionUp
	ResolutionDown
	RotateLeft
	RotateRight
	RotateUp
	RotateDown
	ToggleAnimate
	ToggleFlow
	ToggleSeamless
	NextGraph
	PrevGraph
	ResetView
	Screenshot
	ToggleHelp
	Quit
)

// Apply carries out a and returns what changed. Screenshot and Quit change
// nothing here; the viewer acts on them. Limits hold: a step past one
// leaves the state as it was and sets Message.
func (s *State) Apply(a Action) Change {
	s.Message = ""
	if s.Graph != "" && graphRefuses(a) {
		s.Message = graphKeyNote
		return 0
	}
	switch a {
	case NextGraph:
		return s.cycleGraph(1)
	case PrevGraph:
		return s.cycleGraph(-1)
	case NextNoise, PrevNoise:
		if s.Graph != "" { // back to the variant shown before the graph
			s.Graph, s.GraphInfo, s.GraphError = "", "", ""
			return Resample
		}
		n := len(noise.Names())
		d := 1
		if a == PrevNoise {
			d = n - 1
		}
		s.Noise = noise.Noise((int(s.Noise) + d) % n)
		s.noteUnavailable()
		return Resample
	case Dims1, Dims2, Dims3, Dims4:
		dims := int(a-Dims1) + 1
		if dims > s.Noise.MaxDims() {
			s.Message = fmt.Sprintf("%dD is not available for %s", dims, s.Noise)
			return 0
		}
		s.Dims = dims
		return Resample
	case ToggleTiling:
		s.Tiling = !s.Tiling
		s.noteUnavailable()
		return Resample
	case NextShape, PrevShape:
		i := 0
		for k, sh := range viewerShapes {
			if sh == s.Shape {
				i = k
			}
		}
		d := 1
		if a == PrevShape {
			d = len(viewerShapes) - 1
		}
		s.Shape = viewerShapes[(i+d)%len(viewerShapes)]
		return Remesh
	case ToggleLook:
		s.Look = (s.Look + 1) % numLooks
		return Remesh
	case OctavesUp:
		return s.settings(func(st *noise.Settings) { st.Octaves++ }, "octaves")
	case OctavesDown:
		return s.settings(func(st *noise.Settings) { st.Octaves-- }, "octaves")
	case FrequencyUp:
		return s.settings(func(st *noise.Settings) { st.Frequency++ }, "frequency")
	case FrequencyDown:
		return s.settings(func(st *noise.Settings) { st.Frequency-- }, "frequency")
	case LacunarityUp:
		return s.settings(func(st *noise.Settings) { st.Lacunarity++ }, "lacunarity")
	case LacunarityDown:
		return s.settings(func(st *noise.Settings) { st.Lacunarity-- }, "lacunarity")
	case PersistenceUp:
		return s.settings(func(st *noise.Settings) { st.Persistence = stepped(st.Persistence, +1) }, "persistence")
	case PersistenceDown:
		return s.settings(func(st *noise.Settings) { st.Persistence = stepped(st.Persistence, -1) }, "persistence")
	case NextFractal, PrevFractal:
		n := len(noise.Fractals())
		d := 1
		if a == PrevFractal {
			d = n - 1
		}
		s.Settings.Fractal = noise.Fractal((int(s.Settings.Fractal) + d) % n)
		return Resample
	case WarpUp, WarpDown:
		dir := 1
		if a == WarpDown {
			dir = -1
		}
		return s.settings(func(st *noise.Settings) {
			st.WarpAmplitude = stepped(st.WarpAmplitude, dir)
			if st.WarpFrequency == 0 { // the viewer's warp: frequency 2, 2 octaves (flags set others)
				st.WarpFrequency, st.WarpOctaves = 2, 2
			}
		}, "warp amplitude")
	case ToggleWarpMode:
		s.Settings.WarpMode = 1 - s.Settings.WarpMode
		return Resample
	case SeedUp:
		s.Settings.Seed++ // wraps from 2^31−1 to −2^31: every int32 is a seed
		return Resample
	case SeedDown:
		s.Settings.Seed--
		return Resample
	case DisplacementUp, DisplacementDown:
		dir := 1
		if a == DisplacementDown {
			dir = -1
		}
		d := stepped(s.Displacement, dir)
		if d < minDisplacement || d > maxDisplacement {
			s.Message = fmt.Sprintf("displacement is %v to %v", minDisplacement, maxDisplacement)
			return 0
		}
		s.Displacement = d
		return Redraw
	case ResolutionUp, ResolutionDown:
		r := s.Resolution * 2
		if a == ResolutionDown {
			r = s.Resolution / 2
		}
		r = max(minResolution, min(maxResolution, r))
		if r == s.Resolution {
			s.Message = fmt.Sprintf("resolution is %d to %d", minResolution, maxResolution)
			return 0
		}
		s.Resolution = r
		return Remesh
	case RotateLeft, RotateRight, RotateUp, RotateDown:
		r := rotations[a]
		s.rotate(r.axis, r.degrees)
		return Resample
	case ToggleAnimate:
		s.Animate = !s.Animate
		return Redraw
	case ToggleFlow:
		s.Flow = !s.Flow
		switch {
		case s.Flow && s.Config().Dims != 4:
			s.Message = "time flows in 4D noise only (press 4; " + cliflag.FewerDims() + " has no 4D)"
		case s.Flow && s.SeamlessOn():
			s.Message = "the seamless plane uses all four axes: no time (U turns it off)"
		}
		return Redraw
	case ToggleSeamless:
		s.Seamless = !s.Seamless
		if s.Seamless && !s.SeamlessOn() {
			s.Message = "seamless needs 4D noise on the plane (4; S for the plane; " + cliflag.FewerDims() + " has no 4D)"
		}
		return Resample
	case ResetView:
		d := DefaultState()
		s.Yaw, s.Pitch, s.Distance = d.Yaw, d.Pitch, d.Distance
		return Redraw
	case ToggleHelp:
		s.Help = !s.Help
		return Redraw
	}
	return 0
}

// graphRefuses reports whether a is a key of the variant, its settings,
// domain or time, which do nothing while a graph is shown (N and Shift+N
// go back to the variants).
func graphRefuses(a Action) bool {
	switch a {
	case Dims1, Dims2, Dims3, Dims4, ToggleTiling, OctavesUp, OctavesDown, FrequencyUp, FrequencyDown,
		LacunarityUp, LacunarityDown, PersistenceUp, PersistenceDown, NextFractal, PrevFractal,
		WarpUp, WarpDown, ToggleWarpMode, SeedUp, SeedDown, RotateLeft, RotateRight, RotateUp, RotateDown,
		ToggleAnimate, ToggleFlow, ToggleSeamless:
		return true
	}
	return false
}

// rotations are the arrow keys' turns of the domain: left and right about
// Y, up and down about X.
var rotations = map[Action]struct {
	axis    int
	degrees float32
}{
	RotateLeft:  {1, -rotationStep},
	RotateRight: {1, rotationStep},
	RotateUp:    {0, -rotationStep},
	RotateDown:  {0, rotationStep},
}

// noteUnavailable sets Message when the noise lacks the requested
// dimensions or tiling.
func (s *State) noteUnavailable() {
	var notes []string
	if s.Dims > s.Noise.MaxDims() {
		notes = append(notes, fmt.Sprintf("%dD not available, showing %dD", s.Dims, s.Noise.MaxDims()))
	}
	if s.Tiling && !s.Noise.Tiling() {
		notes = append(notes, "tiling not available for "+s.Noise.String())
	}
	s.Message = strings.Join(notes, "; ")
}

// settings applies f to a copy of the settings and keeps it if it is valid
// and within the viewer's limits.
func (s *State) settings(f func(*noise.Settings), name string) Change {
	st := s.Settings
	f(&st)
	err := st.Validate()
	if err == nil && (st.Frequency > maxFrequency || st.Lacunarity > maxLacunarity || st.Persistence > 1 || abs32(st.WarpAmplitude) > 1) {
		err = fmt.Errorf("limit")
	}
	if err != nil {
		s.Message = name + " limit: " + limitText(name)
		return 0
	}
	s.Settings = st
	return Resample
}

func limitText(name string) string {
	switch name {
	case "octaves":
		return fmt.Sprintf("1 to %d, with the top octave's frequency at most 2^24", noise.MaxOctaves)
	case "frequency":
		return fmt.Sprintf("1 to %d", maxFrequency)
	case "lacunarity":
		return fmt.Sprintf("1 to %d", maxLacunarity)
	case "warp amplitude":
		return "-1 to 1"
	}
	return "0 to 1"
}

// stepped moves x by one step (0.05) in direction dir, rounded to a
// multiple of the step so that repeated steps do not drift.
func abs32(x float32) float32 { return float32(math.Abs(float64(x))) }

func stepped(x float32, dir int) float32 {
	n := math.Round(float64(x)/step) + float64(dir)
	return float32(n * step)
}

// rotate turns the domain about axis by deg degrees, keeping the angle in
// [0, 360).
func (s *State) rotate(axis int, deg float32) {
	r := math.Mod(float64(s.Domain.Rotation[axis])+float64(deg), 360)
	if r < 0 {
		r += 360
	}
	s.Domain.Rotation[axis] = float32(r)
}

// Advance moves the animations on by dt seconds: while animating, the
// domain spins about Y; while time flows and the noise is 4D, Time runs
// around its loop. It reports Resample when either moved.
func (s *State) Advance(dt float64) Change {
	if dt <= 0 || s.Graph != "" {
		return 0
	}
	var c Change
	if s.Animate {
		s.rotate(1, float32(spinSpeed*dt))
		c = Resample
	}
	if s.flowing() {
		t := math.Mod(float64(s.Time)+dt/loopSeconds, 1)
		s.Time = float32(t)
		if s.Time >= 1 { // t just below 1 rounds up
			s.Time = 0
		}
		c = Resample
	}
	return c
}

// Moving reports whether Advance changes the state: the domain spins, or
// 4D time flows. The viewer then draws without waiting for input.
func (s State) Moving() bool { return s.Graph == "" && (s.Animate || s.flowing()) }

// flowing reports whether 4D time runs: Flow on 4D noise, unless the
// seamless plane takes the fourth axis.
func (s State) flowing() bool { return s.Flow && s.Config().Dims == 4 && !s.SeamlessOn() }

// SeamlessOn reports whether the seamless plane is drawn: Seamless, on the
// plane, with 4D noise.
func (s State) SeamlessOn() bool {
	return s.Graph == "" && s.Seamless && s.Shape == cpu.Plane && s.Config().Dims == 4
}

// Loop is the looping animation of 4D noise (the circle Time runs around).
func (s State) Loop() noise.Loop { return noise.Loop{Radius: loopRadius} }

// Orbit turns the camera by a mouse drag of (dx, dy) pixels.
func (s *State) Orbit(dx, dy float64) Change {
	s.Yaw = float32(math.Mod(float64(s.Yaw)+0.4*dx, 360))
	s.Pitch = float32(max(-89, min(89, float64(s.Pitch)+0.4*dy)))
	return Redraw
}

// Zoom moves the camera closer (positive scroll) or farther away.
func (s *State) Zoom(scroll float64) Change {
	d := float64(s.Distance) * math.Pow(0.9, scroll)
	s.Distance = float32(max(minDistance, min(maxDistance, d)))
	return Redraw
}

// Title is the window title: Lines joined into one.
func (s State) Title() string { return strings.Join(s.Lines(), " | ") }

// Lines describes the state in up to four short lines: the variant drawn
// (saying which requested dimension or tiling is not available), its
// fractal settings, its domain, and the shape and look, then the last
// message if there is one.
func (s State) Lines() []string {
	if s.Graph != "" {
		return s.graphLines()
	}
	cfg := s.Config()
	variant := cfg.Variant()
	if s.Dims != cfg.Dims {
		variant += fmt.Sprintf(" (%dD n/a)", s.Dims)
	}
	if s.Tiling && !cfg.Tiling {
		variant += " (tiling n/a)"
	}
	st := s.Settings
	settings := fmt.Sprintf("seed %d, frequency %s, octaves %d, lacunarity %s, persistence %s, %s",
		st.Seed, num(st.Frequency), st.Octaves, num(st.Lacunarity), num(st.Persistence), st.Fractal)
	if st.Fractal == noise.FractalPingPong {
		settings += " " + num(st.PingPongStrength())
	}
	if st.Warped() {
		settings += fmt.Sprintf(", warp %s ×%s, frequency %d, %d octaves", st.WarpMode, num(st.WarpAmplitude), st.WarpBaseFrequency(), st.WarpOctaveCount())
	}
	d := s.Domain
	domain := fmt.Sprintf("domain scale %s, rotation %s, translation %s", vec(d.Scale), vec(d.Rotation), vec(d.Translation))
	if s.Animate {
		domain += " (spinning)"
	}
	view := fmt.Sprintf("%s, %s %d, displacement %s", s.Shape, s.Look, s.Resolution, num(s.Displacement))
	switch {
	case s.SeamlessOn():
		view += ", seamless (4D torus, 2×2 tiles)"
	case cfg.Dims == 4:
		view += fmt.Sprintf(", time %.2f", s.Time)
		if s.Flow {
			view += " (looping)"
		}
	}
	lines := []string{variant, settings, domain, view}
	if s.Message != "" {
		lines = append(lines, s.Message)
	}
	return lines
}

// graphLines are Lines while a graph is shown: the graph, the keys that
// go with it, the shape and look, the file's error and the last message.
func (s State) graphLines() []string {
	info := s.GraphInfo
	if info == "" {
		info = "graph " + s.Graph
	}
	lines := []string{info, "X / Shift+X: next / previous graph of " + filepath.Dir(s.Graph) + "; a save reloads it; N: the noise variants",
		fmt.Sprintf("%s, %s %d, displacement %s", s.Shape, s.Look, s.Resolution, num(s.Displacement))}
	if s.GraphError != "" {
		lines = append(lines, s.GraphError)
	}
	if s.Message != "" {
		lines = append(lines, s.Message)
	}
	return lines
}

// ShotName is the name the screenshot key saves under: the noise, or
// graph-NAME for a graph file NAME.json.
func (s State) ShotName() string {
	if s.Graph != "" {
		return "graph-" + strings.TrimSuffix(filepath.Base(s.Graph), filepath.Ext(s.Graph))
	}
	return s.Noise.String()
}

// vec formats a triple as one number when its components are equal.
func vec(v [3]float32) string {
	if v[0] == v[1] && v[1] == v[2] {
		return num(v[0])
	}
	return num(v[0]) + "," + num(v[1]) + "," + num(v[2])
}

// num formats a float32 briefly (at most 4 significant digits).
func num(x float32) string { return strconv.FormatFloat(float64(x), 'g', 4, 32) }
