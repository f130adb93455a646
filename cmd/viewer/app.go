package main

import (
	"errors"
	"fmt"
	"image/png"
	"io"
	"io/fs"
	"runtime"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"

	"github.com/noiselab/noise/cmd/internal/outfile"
	"github.com/noiselab/noise/gpu/dispatch"
	"github.com/noiselab/noise/internal/glfwwin"
	"github.com/noiselab/noise/internal/oneline"
)

// options are the viewer's settings that are not part of State.
type options struct {
	width, height int
	instanceScale float32 // cube edge × resolution (the tutorial's instanceScale)
	frames        int     // > 0: draw this many frames, then exit
	screenshot    string  // with frames: save the last frame here
	timing        bool    // with frames: report the frame and resample times
	debug         bool    // GL debug context and checks
	noHUD         bool    // leave out the text panel with the settings
	// idle is the longest the window waits for input before it looks
	// again (nothing is drawn unless something changed).
	idle time.Duration
	// script applies actions before the given frame, as if keys were
	// pressed (for tests).
	script map[int][]Action
}

// stats count what a run of the viewer did.
type stats struct {
	Frames    int
	Resamples int // noise computations (compute dispatches over the mesh)
	Remeshes  int
	Renderer  string
	Titles    []string // the window titles, in the order they were set
	// Time per frame and per resample, first ones (which compile the
	// shaders) left out; measured with glFinish when timing.
	FrameTime, ResampleTime time.Duration
	FirstFrame              time.Duration
}

// screenshotError is a -screenshot that could not be written: exit 2.
type screenshotError struct{ err error }

func (e *screenshotError) Error() string { return "-screenshot: " + e.err.Error() }

// errNoDisplay is the one line printed without a display.
var errNoDisplay = errors.New("no display: the viewer needs an X server; on a machine without one run it under Xvfb, e.g. xvfb-run -a go run ./cmd/viewer -screenshot out.png")

// view opens the window and runs the viewer from state s until the window
// closes (or, with opts.frames, for that many frames). It locks the calling
// goroutine to its thread: GLFW and the GL context live there.
func view(s State, opts options, stdout io.Writer) (st stats, err error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	ss := &session{opts: opts, stdout: stdout}
	if opts.screenshot != "" { // checked before the window opens
		if ss.shot, err = outfile.Create(opts.screenshot, stdout); err != nil {
			return st, &screenshotError{err}
		}
		defer ss.shot.Abort()
	}
	if err := glfwwin.Init(); err != nil {
		if errors.Is(err, glfwwin.ErrNoDisplay) {
			return st, errNoDisplay
		}
		return st, err
	}
	defer glfwwin.Terminate()
	defer func() {
		if r := recover(); r != nil {
			st, err = ss.st, fmt.Errorf("GLFW/OpenGL failed: %v", r)
		}
	}()
	closeWindow, err := ss.open()
	defer closeWindow()
	if err == nil {
		err = ss.run(&s)
	}
	ss.average()
	return ss.st, err
}

// session is one run of the viewer: its window, GL context and renderer,
// and what it counted.
type session struct {
	opts   options
	stdout io.Writer
	shot   *outfile.File // -screenshot, or nil
	w      *glfw.Window
	ctx    *dispatch.Context
	r      *renderer
	in     *input
	graph  graphView // the graph shown while State.Graph is set
	st     stats
	// frameSum and resampleSum add up the timed frames and resamples.
	frameSum, resampleSum time.Duration
}

// open makes the window, its GL context and the renderer; the function it
// returns releases what was made, also after an error.
func (ss *session) open() (closeAll func(), err error) {
	var undo []func()
	closeAll = func() {
		for i := len(undo) - 1; i >= 0; i-- {
			undo[i]()
		}
	}
	opts := ss.opts
	ss.w, err = glfwwin.Create(glfwwin.Options{Width: opts.width, Height: opts.height, Title: "noise viewer",
		Visible: true, Resizable: true, Debug: opts.debug})
	if err != nil {
		return closeAll, fmt.Errorf("%v (Mesa llvmpipe provides one in software: apt-get install libgl1-mesa-dri)", err)
	}
	undo = append(undo, func() { glfwwin.Destroy(ss.w) })
	if ss.ctx, err = dispatch.NewCurrent(glfw.GetProcAddress, opts.debug); err != nil {
		return closeAll, err
	}
	undo = append(undo, func() { ss.ctx.Close() })
	ss.st.Renderer = ss.ctx.Info().String()
	if opts.frames > 0 {
		glfw.SwapInterval(0)
	} else {
		glfw.SwapInterval(1)
	}
	if ss.r, err = newRenderer(ss.ctx); err != nil {
		return closeAll, err
	}
	undo = append(undo, ss.r.close)
	ss.in = newInput(ss.w)
	return closeAll, nil
}

// run draws frames until the window closes or opts.frames are drawn.
func (ss *session) run(s *State) error {
	opts := ss.opts
	change := Remesh
	last := glfw.GetTime()
	for frame := 0; !ss.w.ShouldClose() && (opts.frames == 0 || frame < opts.frames); frame++ {
		// Wait for input unless something moves; tests and timing runs
		// draw every frame.
		if opts.frames > 0 || s.Moving() || change != 0 {
			glfw.PollEvents()
		} else {
			glfw.WaitEventsTimeout(opts.idle.Seconds())
		}
		start := time.Now()
		now := glfw.GetTime()
		change |= s.Advance(now - last)
		last = now
		c, shoot := ss.handleInput(s, frame)
		change |= c
		change |= ss.graph.sync(s, time.Now()) // a new graph, or a saved file
		if change == 0 && opts.frames == 0 {
			continue
		}
		if err := ss.update(s, change); err != nil {
			return err
		}
		var err error
		if change, err = ss.drawFrame(s, frame, shoot); err != nil {
			return err
		}
		if opts.timing {
			ss.ctx.Finish()
			if frame == 0 {
				ss.st.FirstFrame = time.Since(start)
			} else {
				ss.frameSum += time.Since(start)
			}
		}
		ss.st.Frames++
	}
	return nil
}

// handleInput applies the keys (and the test script's actions) of this
// frame and the mouse movement; shoot is set by the screenshot key.
func (ss *session) handleInput(s *State, frame int) (change Change, shoot bool) {
	for _, a := range append(ss.opts.script[frame], ss.in.take()...) {
		switch a {
		case Quit:
			ss.w.SetShouldClose(true)
		case Screenshot:
			shoot = true
		}
		change |= s.Apply(a) | Redraw // a refused key's message shows too
	}
	return change | ss.in.view(s), shoot
}

// update rebuilds the mesh and recomputes the noise as change says, and
// keeps the window title current.
func (ss *session) update(s *State, change Change) error {
	if change&Remesh != 0 {
		if err := ss.r.setMesh(buildMesh(s.Shape, s.Look, s.Resolution), s.Look); err != nil {
			return err
		}
		ss.st.Remeshes++
	}
	if change&(Remesh|Resample) != 0 {
		t := time.Now()
		var err error
		if s.Graph != "" {
			err = ss.r.resampleGraph(ss.graph.sampler)
		} else {
			err = ss.r.resample(s.Config(), s.Loop(), s.Time, s.SeamlessOn())
		}
		if err != nil {
			return err
		}
		if ss.opts.timing {
			ss.ctx.Finish()
			if ss.st.Resamples > 0 {
				ss.resampleSum += time.Since(t)
			}
		}
		ss.st.Resamples++
	}
	if t := s.Title(); len(ss.st.Titles) == 0 || t != ss.st.Titles[len(ss.st.Titles)-1] {
		ss.w.SetTitle("noise viewer: " + t)
		ss.st.Titles = append(ss.st.Titles, t)
	}
	return nil
}

// drawFrame draws and shows the frame, saving it for the screenshot key
// and for -screenshot on the last frame; next is Redraw when a message
// must show in the next frame.
func (ss *session) drawFrame(s *State, frame int, shoot bool) (next Change, err error) {
	fw, fh := ss.w.GetFramebufferSize()
	if err := ss.r.draw(*s, fw, fh, ss.opts); err != nil {
		return 0, err
	}
	if shoot {
		// A failed screenshot is a message, not the end of the session.
		name, err := ss.r.saveNext(s.ShotName(), fw, fh)
		if err != nil {
			s.Message = "screenshot failed: " + oneline.Format(err.Error())
		} else {
			s.Message = "saved " + name
			fmt.Fprintln(ss.stdout, "saved", name)
		}
		next = Redraw // show the message, in the next frame
	}
	if ss.shot != nil && frame == ss.opts.frames-1 {
		if err := ss.r.save(ss.shot, fw, fh); err != nil {
			return next, &screenshotError{err}
		}
	}
	ss.w.SwapBuffers()
	return next, nil
}

// average turns the sums into the mean frame and resample times, the
// first ones (which compile the shaders) left out.
func (ss *session) average() {
	if ss.st.Frames > 1 {
		ss.st.FrameTime = ss.frameSum / time.Duration(ss.st.Frames-1)
	}
	if ss.st.Resamples > 1 {
		ss.st.ResampleTime = ss.resampleSum / time.Duration(ss.st.Resamples-1)
	}
}

// save writes the w×h back buffer to out as PNG and commits it.
func (r *renderer) save(out *outfile.File, w, h int) error {
	img, err := r.readPixels(w, h)
	if err != nil {
		return err
	}
	if err := png.Encode(out, img); err != nil {
		out.Abort()
		return err
	}
	return out.Commit()
}

// maxShots is how many screenshot names per noise the screenshot key
// tries: noise-viewer-NOISE-01.png to -99.png.
const maxShots = 99

// saveNext saves the back buffer in the current directory under the first
// screenshot name that is not taken, so that no existing file is
// overwritten.
func (r *renderer) saveNext(noise string, w, h int) (string, error) {
	for i := 1; i <= maxShots; i++ {
		name := fmt.Sprintf("noise-viewer-%s-%02d.png", noise, i)
		out, err := outfile.CreateNew(name)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		return name, r.save(out, w, h)
	}
	return "", fmt.Errorf("noise-viewer-%s-01.png to -%02d.png exist already", noise, maxShots)
}

// input collects the window's key presses and mouse movement between
// frames (GLFW calls back during PollEvents/WaitEvents).
type input struct {
	actions      []Action
	dragging     bool
	lastX, lastY float64
	dx, dy       float64
	scroll       float64
	redraw       bool
}

func newInput(w *glfw.Window) *input {
	in := &input{}
	w.SetKeyCallback(func(_ *glfw.Window, key glfw.Key, _ int, action glfw.Action, mods glfw.ModifierKey) {
		if action == glfw.Press || action == glfw.Repeat {
			if a := actionFor(key, mods); a != None {
				in.actions = append(in.actions, a)
			}
		}
	})
	w.SetMouseButtonCallback(func(w *glfw.Window, b glfw.MouseButton, action glfw.Action, _ glfw.ModifierKey) {
		if b == glfw.MouseButtonLeft {
			in.dragging = action == glfw.Press
			in.lastX, in.lastY = w.GetCursorPos()
		}
	})
	w.SetCursorPosCallback(func(_ *glfw.Window, x, y float64) {
		if in.dragging {
			in.dx += x - in.lastX
			in.dy += y - in.lastY
			in.lastX, in.lastY = x, y
		}
	})
	w.SetScrollCallback(func(_ *glfw.Window, _, y float64) { in.scroll += y })
	w.SetFramebufferSizeCallback(func(*glfw.Window, int, int) { in.redraw = true })
	w.SetRefreshCallback(func(*glfw.Window) { in.redraw = true })
	return in
}

// take returns the actions since the last call.
func (in *input) take() []Action {
	a := in.actions
	in.actions = nil
	return a
}

// view applies the mouse movement since the last call to the camera.
func (in *input) view(s *State) Change {
	var c Change
	if in.dx != 0 || in.dy != 0 {
		c |= s.Orbit(in.dx, in.dy)
		in.dx, in.dy = 0, 0
	}
	if in.scroll != 0 {
		c |= s.Zoom(in.scroll)
		in.scroll = 0
	}
	if in.redraw {
		c |= Redraw
		in.redraw = false
	}
	return c
}
