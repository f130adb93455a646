//go:build glfw && cgo

package cliflag

import "github.com/noiselab/noise/gpu/dispatch/glfwctx"

// A build with -tags glfw has -context glfw: a hidden GLFW window (package
// gpu/dispatch/glfwctx, which links GLFW and X11).
func init() {
	Contexts = append(Contexts, "glfw")
	openers["glfw"] = glfwctx.New
}
