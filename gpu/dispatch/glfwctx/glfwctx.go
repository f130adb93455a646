// Package glfwctx gives package gpu/dispatch a Context on a hidden GLFW
// window (an OpenGL 4.3 core context), for machines where the GPU is
// reached through a display (X11 or Wayland) rather than headless EGL. It
// links GLFW and X11; package dispatch alone does not.
package glfwctx

import (
	"unsafe"

	"github.com/go-gl/glfw/v3.3/glfw"

	"github.com/noiselab/noise/gpu/dispatch"
	"github.com/noiselab/noise/internal/glfwwin"
)

// ErrNoDisplay is returned without a display to open a window on.
var ErrNoDisplay = glfwwin.ErrNoDisplay

// New creates a dispatch Context on a hidden 1×1 GLFW window, on its own
// locked OS thread. GLFW is initialised once per process, and windows are
// made and destroyed one at a time, so Contexts may be made from any
// number of goroutines.
func New(opts dispatch.Options) (*dispatch.Context, error) {
	return dispatch.NewWith(&window{}, opts)
}

// window is the Platform.
type window struct{ w *glfw.Window }

func (p *window) Open(debug bool) (func(string) unsafe.Pointer, string, error) {
	if err := glfwwin.Init(); err != nil {
		return nil, "", err
	}
	w, err := glfwwin.Create(glfwwin.Options{Width: 1, Height: 1, Title: "noise", Debug: debug})
	if err != nil {
		glfwwin.Terminate()
		return nil, "", err
	}
	p.w = w
	return glfw.GetProcAddress, "glfw", nil
}

func (p *window) Close() {
	glfwwin.Destroy(p.w)
	glfwwin.Terminate()
}
