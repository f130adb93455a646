//go:build !cgo

package main

import "errors"

// openGL says why this build has no OpenGL backend: -backend webgpu runs
// without cgo (Dawn in Node.js).
func openGL(*options, func(string) string) (backend, error) {
	return nil, errors.New("this verify binary was built with CGO_ENABLED=0, so it has no OpenGL: -backend webgpu runs without it; for -backend gl rebuild with cgo (a C compiler; Debian: libegl-dev libgl-dev), see docs/install.md")
}
