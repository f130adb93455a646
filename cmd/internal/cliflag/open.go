//go:build cgo

package cliflag

import (
	"fmt"

	"github.com/noiselab/noise/gpu/dispatch"
)

// openers make the Context of each -context value; glfw.go adds glfw in a
// build with -tags glfw.
var openers = map[string]func(dispatch.Options) (*dispatch.Context, error){
	"egl": dispatch.New,
	"":    dispatch.New,
}

// Open makes the Context the flags ask for: headless EGL (dispatch.New)
// or, in a build with -tags glfw, a hidden GLFW window (glfwctx.New), on
// -driver.
func (g *GPU) Open() (*dispatch.Context, error) {
	opts := dispatch.Options{Driver: g.Driver, Debug: g.Debug}
	if open, ok := openers[g.Context]; ok {
		return open(opts)
	}
	if g.Context == "glfw" {
		return nil, fmt.Errorf("-context glfw: %s", GLFWHint)
	}
	return nil, fmt.Errorf("invalid -context %q; valid: %s", g.Context, join(Contexts))
}
