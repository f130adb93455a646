package dispatch

import (
	"unsafe"

	"github.com/go-gl/glfw/v3.3/glfw"

	"github.com/noiselab/noise/internal/glfwwin"
)

// glfwWindow is a hidden 1×1 window whose OpenGL 4.3 core context is
// current on the thread that made it.
type glfwWindow struct{ w *glfw.Window }

// ErrNoDisplay is returned when a GLFW context is asked for without a
// display to open a window on.
var ErrNoDisplay = glfwwin.ErrNoDisplay

func newGLFWWindow(debug bool) (*glfwWindow, error) {
	if err := glfwwin.Init(); err != nil {
		return nil, err
	}
	w, err := glfwwin.Create(glfwwin.Options{Width: 1, Height: 1, Title: "noise", Debug: debug})
	if err != nil {
		glfwwin.Terminate()
		return nil, err
	}
	return &glfwWindow{w: w}, nil
}

func (g *glfwWindow) procAddress(name string) unsafe.Pointer { return glfw.GetProcAddress(name) }

func (g *glfwWindow) destroy() {
	glfwwin.Destroy(g.w)
	glfwwin.Terminate()
}
