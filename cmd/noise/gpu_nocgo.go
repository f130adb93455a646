//go:build !cgo

package main

import "errors"

func init() {
	openGPU = func(gpuFlags) (gpuDevice, error) {
		return nil, errors.New("this noise binary was built without cgo (CGO_ENABLED=0), so it has no OpenGL; rebuild it with cgo and the EGL and GL libraries")
	}
}
