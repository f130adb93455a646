package dispatch

import (
	"bytes"
	"errors"
	"fmt"
	"log"
	"os"
	"strings"
	"sync"
	"unsafe"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// glfwWindow is a hidden 1×1 window whose OpenGL 4.3 core context is
// current on the thread that made it.
type glfwWindow struct{ w *glfw.Window }

var glfwState struct {
	sync.Mutex
	users int
}

// ErrNoDisplay is returned when a GLFW context is asked for without a
// display to open a window on.
var ErrNoDisplay = errors.New("no display: GLFW needs an X server (set DISPLAY, or run under xvfb-run); the headless EGL context needs none")

// GLFWInit initialises GLFW once per process (reference counted with
// GLFWTerminate), turning a missing display and GLFW's panics into errors.
// go-gl's glfw.Init reports success without a display and panics later, so
// DISPLAY (or WAYLAND_DISPLAY) is checked first.
func GLFWInit() (err error) {
	glfwState.Lock()
	defer glfwState.Unlock()
	if glfwState.users > 0 {
		glfwState.users++
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
	glfwState.users = 1
	return nil
}

// GLFWTerminate undoes one GLFWInit.
func GLFWTerminate() {
	glfwState.Lock()
	defer glfwState.Unlock()
	if glfwState.users == 0 {
		return
	}
	glfwState.users--
	if glfwState.users == 0 {
		glfw.Terminate()
	}
}

// GLFWHints sets the window hints of an OpenGL 4.3 core context.
func GLFWHints(visible, debug bool) {
	glfw.DefaultWindowHints()
	glfw.WindowHint(glfw.ContextVersionMajor, 4)
	glfw.WindowHint(glfw.ContextVersionMinor, 3)
	glfw.WindowHint(glfw.OpenGLProfile, glfw.OpenGLCoreProfile)
	glfw.WindowHint(glfw.OpenGLForwardCompatible, glfw.True)
	if debug {
		glfw.WindowHint(glfw.OpenGLDebugContext, glfw.True)
	}
	if !visible {
		glfw.WindowHint(glfw.Visible, glfw.False)
	}
}

func newGLFWWindow(debug bool) (_ *glfwWindow, err error) {
	if err := GLFWInit(); err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("GLFW: %v", r)
		}
		if err != nil {
			GLFWTerminate()
		}
	}()
	GLFWHints(false, debug)
	w, err := glfw.CreateWindow(1, 1, "noise", nil, nil)
	if err != nil {
		return nil, fmt.Errorf("GLFW: no OpenGL 4.3 core context: %v", err)
	}
	w.MakeContextCurrent()
	return &glfwWindow{w: w}, nil
}

func (g *glfwWindow) procAddress(name string) unsafe.Pointer { return glfw.GetProcAddress(name) }

func (g *glfwWindow) destroy() {
	glfw.DetachCurrentContext()
	g.w.Destroy()
	GLFWTerminate()
}
