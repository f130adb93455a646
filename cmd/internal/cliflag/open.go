//go:build cgo

package cliflag

import (
	"fmt"

	"github.com/noiselab/noise/gpu/dispatch"
	"github.com/noiselab/noise/gpu/dispatch/glfwctx"
)

// Open makes the Context the flags ask for: headless EGL (dispatch.New)
// or a hidden GLFW window (glfwctx.New), on -driver.
func (g *GPU) Open() (*dispatch.Context, error) {
	opts := dispatch.Options{Driver: g.Driver, Debug: g.Debug}
	switch g.Context {
	case "egl", "":
		return dispatch.New(opts)
	case "glfw":
		return glfwctx.New(opts)
	}
	return nil, fmt.Errorf("invalid -context %q; valid: %s", g.Context, join(Contexts))
}
