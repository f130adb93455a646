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

	"github.com/noiselab/noise/gpu/dispatch"
	"github.com/noiselab/noise/internal/glfwwin"
	"github.com/noiselab/noise/internal/outfile"
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
	var shotFile *outfile.File // checked before the window opens
	if opts.screenshot != "" {
		if shotFile, err = outfile.Create(opts.screenshot, stdout); err != nil {
			return st, &screenshotError{err}
		}
		defer shotFile.Abort()
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
			err = fmt.Errorf("GLFW/OpenGL failed: %v", r)
		}
	}()
	w, err := glfwwin.Create(glfwwin.Options{Width: opts.width, Height: opts.height, Title: "noise viewer",
		Visible: true, Resizable: true, Debug: opts.debug})
	if err != nil {
		return st, fmt.Errorf("%v (Mesa llvmpipe provides one in software: apt-get install libgl1-mesa-dri)", err)
	}
	defer glfwwin.Destroy(w)
	ctx, err := dispatch.NewCurrent(glfw.GetProcAddress, opts.debug)
	if err != nil {
		return st, err
	}
	defer ctx.Close()
	st.Renderer = ctx.Info().String()
	if opts.frames > 0 {
		glfw.SwapInterval(0)
	} else {
		glfw.SwapInterval(1)
	}
	r, err := newRenderer(ctx)
	if err != nil {
		return st, err
	}
	defer r.close()

	in := newInput(w)
	change := Remesh
	last := glfw.GetTime()
	var frameSum, resampleSum time.Duration
	for frame := 0; !w.ShouldClose() && (opts.frames == 0 || frame < opts.frames); frame++ {
		// Wait for input unless something moves; tests and timing runs
		// draw every frame.
		if opts.frames > 0 || s.Animate || change != 0 {
			glfw.PollEvents()
		} else {
			glfw.WaitEventsTimeout(opts.idle.Seconds())
		}
		start := time.Now()
		now := glfw.GetTime()
		change |= s.Advance(now - last)
		last = now
		var shoot bool
		actions := append(opts.script[frame], in.take()...)
		for _, a := range actions {
			switch a {
			case Quit:
				w.SetShouldClose(true)
			case Screenshot:
				shoot = true
				change |= Redraw // the picture is read back after drawing it
			}
			change |= s.Apply(a) | Redraw // a refused key's message shows too
		}
		change |= in.view(&s)
		if change == 0 && opts.frames == 0 {
			continue
		}
		if change&Remesh != 0 {
			if err := r.setMesh(buildMesh(s.Shape, s.Look, s.Resolution), s.Look); err != nil {
				return st, err
			}
			st.Remeshes++
		}
		if change&(Remesh|Resample) != 0 {
			t := time.Now()
			if err := r.resample(s.Config()); err != nil {
				return st, err
			}
			if opts.timing {
				ctx.Finish()
				if st.Resamples > 0 {
					resampleSum += time.Since(t)
				}
			}
			st.Resamples++
		}
		if t := s.Title(); len(st.Titles) == 0 || t != st.Titles[len(st.Titles)-1] {
			w.SetTitle("noise viewer: " + t)
			st.Titles = append(st.Titles, t)
		}
		change = 0
		fw, fh := w.GetFramebufferSize()
		if err := r.draw(s, fw, fh, opts); err != nil {
			return st, err
		}
		if shoot {
			// A failed screenshot is a message, not the end of the session.
			name, err := r.saveNext(s.Noise.String(), fw, fh)
			if err != nil {
				s.Message = "screenshot failed: " + oneLine(err.Error())
			} else {
				s.Message = "saved " + name
				fmt.Fprintln(stdout, "saved", name)
			}
			change = Redraw // show the message, in the next frame
		}
		if shotFile != nil && frame == opts.frames-1 {
			if err := r.save(shotFile, fw, fh); err != nil {
				return st, &screenshotError{err}
			}
		}
		w.SwapBuffers()
		if opts.timing {
			ctx.Finish()
			if frame == 0 {
				st.FirstFrame = time.Since(start)
			} else {
				frameSum += time.Since(start)
			}
		}
		st.Frames++
	}
	if st.Frames > 1 {
		st.FrameTime = frameSum / time.Duration(st.Frames-1)
	}
	if st.Resamples > 1 {
		st.ResampleTime = resampleSum / time.Duration(st.Resamples-1)
	}
	return st, nil
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
