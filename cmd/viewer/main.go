// Command viewer shows every noise of the project live in a window, on a
// plane, a sphere or a torus, as the tutorial's instanced cubes or as a
// displaced, lit surface whose normals come from the analytical
// derivatives. The noise is computed on the GPU by package gpu/dispatch
// (the compute shaders that cmd/verify checks against the CPU reference)
// and drawn straight from the GPU buffer.
//
// Usage:
//
//	viewer [-noise perlin] [-dims 3] [-shape plane] [-look surface] [flags]
//	viewer -screenshot out.png [-frames 2] [flags]   (render, save, exit)
//
// Press H in the window for the keys. The viewer needs a display; on a
// machine without one, run it under xvfb-run.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cmd/internal/cliflag"
	"github.com/noiselab/noise/cmd/internal/outfile"
	"github.com/noiselab/noise/graph"
	"github.com/noiselab/noise/internal/oneline"
)

func init() {
	// GLFW wants the main thread; main runs on it only if it is locked
	// before main starts.
	runtime.LockOSThread()
}

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

const usageHeader = `viewer: explore the project's noise on the GPU, live.

Usage:
  viewer [flags]                          open the window
  viewer -screenshot out.png [-frames N]  draw N frames, save the last, exit
  viewer -frames N -timing                report the frame and resample times

The viewer needs a display; without one, run it under Xvfb:
  xvfb-run -a viewer -screenshot out.png

The flags set the starting state, which the keys change. A flag that does
nothing is refused: -warp-frequency, -warp-octaves or -warp-mode without
-warp-amplitude always; with -frames or -screenshot, which draw the state
as the flags give it, also -instance-scale without -look cubes, -seamless
without 4D noise on the plane, -time and -loop without 4D noise, -matrix
without -rotate or -animate, and the like.

-graph FILE shows a noise graph (docs/graphs.md; examples/graphs/) instead:
evaluated on the CPU at the mesh points as they are (the plane spans
[-0.5, 0.5]², the sphere has radius 0.5), reloaded whenever the file is
saved (a save that does not load shows its error and keeps the last good
graph); X cycles through the graphs of its directory, N goes back to the
variants.

Keys (press H in the window):
`

// usageText is the header and the keys, for -h.
func usageText() string {
	var b strings.Builder
	b.WriteString(usageHeader)
	for _, l := range helpLines() {
		b.WriteString("  " + l + "\n")
	}
	return b.String()
}

// run is the command: exit 0 on success, 2 on bad flags, a missing
// display or missing OpenGL, 1 on other failures.
func run(args []string, stdout, stderr io.Writer) (code int) {
	out := &outfile.Tracked{W: stdout}
	stdout = out
	defer func() {
		if code == 0 && out.Err != nil {
			fmt.Fprintln(stderr, "viewer: writing standard output:", oneline.Format(out.Err.Error()))
			code = 2
		}
	}()
	s, opts, err := parseArgs(args, stdout)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "viewer:", oneline.Format(err.Error()))
		return 2
	}
	st, err := view(s, opts, stdout)
	if err != nil {
		fmt.Fprintln(stderr, "viewer:", oneline.Format(err.Error()))
		var se *screenshotError
		if st.Renderer == "" || errors.As(err, &se) {
			return 2 // no display, no window, no GL 4.3, or -screenshot unwritable
		}
		return 1
	}
	if opts.timing {
		fmt.Fprintf(stdout, "%s, %s %d, %s: %d frames, %.2f ms per frame (%.0f fps), %d resamples, %.2f ms per resample; first frame %.0f ms; %s\n",
			s.Config().Noise, s.Look, s.Resolution, s.Shape, st.Frames,
			ms(st.FrameTime), 1000/math.Max(ms(st.FrameTime), 1e-3), st.Resamples, ms(st.ResampleTime), ms(st.FirstFrame), st.Renderer)
	}
	if opts.screenshot != "" && opts.screenshot != "-" {
		fmt.Fprintf(stdout, "saved %s (%s)\n", opts.screenshot, st.Renderer)
	}
	return 0
}

// ms is d in milliseconds.
func ms(d time.Duration) float64 { return d.Seconds() * 1000 }

// parseArgs turns the command line into the starting state and options.
func parseArgs(args []string, stdout io.Writer) (State, options, error) {
	s := DefaultState()
	opts := options{width: 1024, height: 720, instanceScale: 2, idle: time.Second / 2}
	fs := cliflag.NewFlagSet("viewer")
	var variant cliflag.Variant
	variant.Register(fs, noise.Config{Noise: s.Noise, Dims: s.Dims}, false)
	shape := fs.String("shape", s.Shape.String(), "`shape`: plane, sphere or torus")
	look := fs.String("look", s.Look.String(), "`look`: surface (displaced, lit mesh) or cubes (the tutorial's instances)")
	fs.IntVar(&s.Resolution, "resolution", s.Resolution, fmt.Sprintf("points per side, %d to %d", minResolution, maxResolution))
	disp := fs.Float64("displacement", float64(s.Displacement), fmt.Sprintf("displacement along the normal, %v to %v", minDisplacement, maxDisplacement))
	settings := cliflag.Settings{Limits: cliflag.Limits{Frequency: maxFrequency, Lacunarity: maxLacunarity, Persistence: 1}}
	settings.Register(fs, s.Settings, "")
	var dom cliflag.Domain
	dom.Register(fs, s.Domain.Scale[0])
	fs.BoolVar(&s.Animate, "animate", false, "start with the domain spinning about Y")
	fs.BoolVar(&s.Flow, "loop", false, "4D noise: start with time running around its loop (key Y)")
	fs.BoolVar(&s.Seamless, "seamless", false, "4D noise on the plane: start with the seamless texture (key U)")
	loopTime := fs.Float64("time", 0, "4D noise: the loop's `time`, 0 to 1 (docs/algorithms.md §8.8)")
	fs.BoolVar(&s.Help, "help-overlay", false, "start with the key help shown")
	hud := fs.Bool("hud", true, "show the panel with the variant and settings")
	fs.IntVar(&opts.width, "width", opts.width, "window `width` in pixels")
	fs.IntVar(&opts.height, "height", opts.height, "window `height` in pixels")
	is := fs.Float64("instance-scale", float64(opts.instanceScale), "cube edge times resolution, 0.1 to 10 (the tutorial's instanceScale)")
	fs.StringVar(&opts.screenshot, "screenshot", "", "draw, save the last frame as PNG to `file` (- for stdout), and exit")
	fs.IntVar(&opts.frames, "frames", 0, "draw this many `frames` and exit (default 2 with -screenshot)")
	fs.BoolVar(&opts.timing, "timing", false, "with -frames: print the mean frame and resample times")
	fs.BoolVar(&opts.debug, "debug", false, "GL debug context: GL errors and driver messages become errors")
	fs.StringVar(&s.Graph, "graph", "", "show the noise graph `file` (docs/graphs.md) instead of the variant: evaluated on the CPU at the mesh points, reloaded when saved; X cycles through its directory")
	if err := cliflag.Parse(fs, usageText(), args, stdout); err != nil {
		return s, opts, err
	}
	st, err := settings.Settings()
	if err != nil {
		return s, opts, err
	}
	cfg, err := variant.Config(st)
	if err != nil {
		return s, opts, err
	}
	s.Noise, s.Dims, s.Tiling, s.Settings = cfg.Noise, cfg.Dims, cfg.Tiling, cfg.Settings
	if s.Shape, err = parseShape(*shape); err != nil {
		return s, opts, err
	}
	if s.Look, err = parseLook(*look); err != nil {
		return s, opts, err
	}
	s.Displacement = float32(*disp)
	if !(*loopTime >= 0 && *loopTime < 1) {
		return s, opts, fmt.Errorf("invalid -time %v: must be 0 to 1 (1 excluded: it is 0 again)", *loopTime)
	}
	if s.Time = float32(*loopTime); s.Time == 1 { // just below 1 rounds up
		s.Time = 0
	}
	d, err := dom.Domain()
	if err != nil {
		return s, opts, err
	}
	s.Domain = *d
	if err := s.Validate(); err != nil {
		return s, opts, err
	}
	if !(*is >= 0.1 && *is <= 10) {
		return s, opts, fmt.Errorf("invalid -instance-scale %v: must be 0.1 to 10", *is)
	}
	opts.instanceScale, opts.noHUD = float32(*is), !*hud
	if opts.width < 16 || opts.height < 16 || opts.width > 8192 || opts.height > 8192 {
		return s, opts, fmt.Errorf("invalid window size %dx%d: -width and -height must be 16 to 8192", opts.width, opts.height)
	}
	if opts.frames < 0 || cliflag.IsSet(fs, "frames") && opts.frames == 0 {
		return s, opts, fmt.Errorf("invalid -frames %d: must be at least 1", opts.frames)
	}
	if opts.screenshot != "" && opts.frames == 0 {
		opts.frames = 2
	}
	if opts.timing && opts.frames < 2 {
		return s, opts, errors.New("-timing needs -frames 2 or more")
	}
	if err := cliflag.CheckNeeds(fs, needs(s, opts, &settings, &dom), graphNeeds(fs, s, opts)); err != nil {
		return s, opts, err
	}
	if s.Graph != "" {
		if _, err := graph.LoadFile(s.Graph); err != nil {
			return s, opts, err
		}
	}
	return s, opts, nil
}

// graphNeeds refuses, with -graph and -frames or -screenshot, the flags
// of the variant, its settings, domain and time: the graph file sets its
// own noise, and no key goes back to the variant. In the window they set
// the variant that N shows.
func graphNeeds(fs *flag.FlagSet, s State, opts options) []cliflag.Need {
	if s.Graph == "" || opts.frames == 0 {
		return nil
	}
	var out []cliflag.Need
	skip := []string{"graph", "shape", "look", "resolution", "displacement", "help-overlay", "hud", "width", "height",
		"instance-scale", "screenshot", "frames", "timing", "debug"}
	fs.VisitAll(func(f *flag.Flag) {
		if !slices.Contains(skip, f.Name) {
			out = append(out, cliflag.Need{Flag: f.Name,
				Msg: "-" + f.Name + " does nothing with -graph: the graph file sets its own noise, settings and domain, and " + batchNote})
		}
	})
	return out
}

// batchNote ends the refusals of flags that only the window's keys could
// make effective.
const batchNote = "with -frames or -screenshot no key changes the state"

// needs are the flags the viewer refuses where they would do nothing. In
// the window the keys change the noise, the settings, the shape and the
// look, so a flag that sets the starting state does something as soon as
// a key makes it count (-instance-scale once M shows the cubes); with
// -frames or -screenshot the state drawn is the state the flags give, and
// a flag must change it.
func needs(s State, opts options, settings *cliflag.Settings, dom *cliflag.Domain) []cliflag.Need {
	batch := opts.frames > 0
	four := s.Config().Dims == 4
	timeNeed := cliflag.Needs("time", !batch || four && !s.SeamlessOn(), "4D noise (-dims 4)", "the loop's time moves the fourth axis, and "+batchNote)
	loopNeed := cliflag.Needs("loop", !batch || four && !s.SeamlessOn(), "4D noise (-dims 4)", "time runs around the loop through w, and "+batchNote)
	if s.SeamlessOn() {
		timeNeed.Msg = "-time does nothing with -seamless: the seamless plane uses all four axes, leaving none for time, and " + batchNote
		loopNeed.Msg = "-loop does nothing with -seamless: the seamless plane uses all four axes, leaving none for time, and " + batchNote
	}
	return slices.Concat(
		settings.Needs(batch),
		dom.Needs(!batch || four, !batch || s.Animate, "-dims 4", "a non-zero -rotate or -animate"),
		[]cliflag.Need{
			cliflag.Needs("instance-scale", !batch || s.Look == Cubes, "-look cubes", "it sizes the cubes, and "+batchNote),
			cliflag.Needs("seamless", !batch || s.SeamlessOn(), "4D noise on the plane (-dims 4 -shape plane)", "it maps the plane onto the 4D torus, and "+batchNote),
			timeNeed, loopNeed,
		},
	)
}
