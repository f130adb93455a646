// Package glfwwin makes GLFW windows with an OpenGL 4.3 core context for
// gpu/dispatch (its GLFW context kind) and cmd/viewer, safely from any
// number of goroutines.
//
// GLFW keeps process-wide state: its initialisation, the window hints, the
// window list, and on X11 a grab of Xlib's error handler while a window or
// context is made (two at once abort the process with "Assertion
// `_glfw.x11.errorHandler == NULL' failed"). This package serialises all of
// them behind one lock and reference-counts the initialisation, and turns
// GLFW's panics and its missing-display failures into errors.
//
// GLFW documents these calls as main-thread only. On X11 and Wayland they
// work from any thread when serialised, which is what this package does;
// macOS (Cocoa) would need them on the main thread, and macOS has no
// OpenGL 4.3 anyway.
package glfwwin

import (
	"bytes"
	"errors"
	"fmt"
	"log"
	"os"
	"strings"
	"sync"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// state serialises every GLFW call of this package.
var state struct {
	sync.Mutex
	users int // Init calls not yet undone by Terminate
}

// ErrNoDisplay is returned by Init without a display to open a window on.
var ErrNoDisplay = errors.New("no display: GLFW needs an X server (set DISPLAY, or run under xvfb-run); the headless EGL context needs none")

// Init initialises GLFW once per process (reference counted with
// Terminate), turning a missing display and GLFW's panics into errors.
// go-gl's glfw.Init reports success without a display and panics later, so
// DISPLAY (or WAYLAND_DISPLAY) is checked first.
func Init() (err error) {
	state.Lock()
	defer state.Unlock()
	if state.users > 0 {
		state.users++
		return nil
	}
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		return ErrNoDisplay
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("GLFW: %v (is the X server at DISPLAY=%s running?)", r, os.Getenv("DISPLAY"))
		}
	}()
	// GLFW reports a display it cannot open as a "platform error" that
	// go-gl prints with the log package and does not return; catch it.
	var logged bytes.Buffer
	out, flags := log.Writer(), log.Flags()
	log.SetOutput(&logged)
	log.SetFlags(0)
	err = glfw.Init()
	log.SetOutput(out)
	log.SetFlags(flags)
	if err != nil {
		return fmt.Errorf("GLFW: %v", err)
	}
	if msg := strings.TrimSpace(logged.String()); msg != "" {
		glfw.Terminate()
		return fmt.Errorf("GLFW: %s (is an X server running at DISPLAY=%s? xvfb-run -a starts one)",
			strings.ReplaceAll(msg, "\n", "; "), os.Getenv("DISPLAY"))
	}
	state.users = 1
	return nil
}

// Terminate undoes one Init; the last one terminates GLFW.
func Terminate() {
	state.Lock()
	defer state.Unlock()
	if state.users == 0 {
		return
	}
	state.users--
	if state.users == 0 {
		glfw.Terminate()
	}
}

// Options describe a window.
type Options struct {
	Width, Height int
	Title         string
	Visible       bool // a hidden window is only a context
	Resizable     bool
	Debug         bool // a GL debug context
}

// Create makes a window with an OpenGL 4.3 core context (forward
// compatible) and makes the context current on the calling thread, which
// must be locked to its goroutine. Init must have succeeded.
func Create(o Options) (w *glfw.Window, err error) {
	state.Lock()
	defer state.Unlock()
	if state.users == 0 {
		return nil, errors.New("GLFW: not initialised")
	}
	defer func() {
		if r := recover(); r != nil {
			w, err = nil, fmt.Errorf("GLFW: %v", r)
		}
	}()
	glfw.DefaultWindowHints()
	glfw.WindowHint(glfw.ContextVersionMajor, 4)
	glfw.WindowHint(glfw.ContextVersionMinor, 3)
	glfw.WindowHint(glfw.OpenGLProfile, glfw.OpenGLCoreProfile)
	glfw.WindowHint(glfw.OpenGLForwardCompatible, glfw.True)
	glfw.WindowHint(glfw.OpenGLDebugContext, glfwBool(o.Debug))
	glfw.WindowHint(glfw.Visible, glfwBool(o.Visible))
	glfw.WindowHint(glfw.Resizable, glfwBool(o.Resizable))
	w, err = glfw.CreateWindow(o.Width, o.Height, o.Title, nil, nil)
	if err != nil {
		return nil, fmt.Errorf("GLFW: no OpenGL 4.3 core context: %v", err)
	}
	w.MakeContextCurrent()
	return w, nil
}

// Destroy releases the window's context from the calling thread and
// destroys the window.
func Destroy(w *glfw.Window) {
	state.Lock()
	defer state.Unlock()
	glfw.DetachCurrentContext()
	w.Destroy()
}

func glfwBool(b bool) int {
	if b {
		return glfw.True
	}
	return glfw.False
}
