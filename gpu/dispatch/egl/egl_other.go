//go:build !(cgo && (linux || freebsd || netbsd || openbsd || dragonfly))

package egl

import (
	"fmt"
	"runtime"
	"unsafe"
)

// Context is a headless OpenGL 4.3 core context. On this system Open never
// returns one.
type Context struct{ platform string }

// Open returns the error that says why there is no headless EGL context
// here, and what to use instead.
func Open(debug bool) (*Context, error) { return nil, unavailable(runtime.GOOS) }

// unavailable is Open's error on goos, in a build where EGL is not used.
func unavailable(goos string) error {
	switch goos {
	case "linux", "freebsd", "netbsd", "openbsd", "dragonfly":
		return fmt.Errorf("EGL: this program was built without cgo (CGO_ENABLED=0 or no C compiler): rebuild it with a C compiler and libEGL for the GPU")
	case "darwin", "ios":
		return fmt.Errorf("EGL: there is no EGL on %s, and its OpenGL stops at 4.1, without compute shaders: use the CPU, or WebGPU (verify -backend webgpu)", goos)
	}
	return fmt.Errorf("EGL: no headless EGL on %s: make the OpenGL 4.3 context with GLFW instead (package gpu/dispatch/glfwctx; -context glfw in a build with -tags glfw)", goos)
}

// ProcAddress returns nil: there is no context to load from.
func (c *Context) ProcAddress(name string) unsafe.Pointer { return nil }

// Platform names the EGL platform the context is on.
func (c *Context) Platform() string { return c.platform }

// Close does nothing: there is no context.
func (c *Context) Close() {}
