//go:build !cgo

package main

import (
	"errors"

	"github.com/noiselab/noise/cmd/internal/cliflag"
)

func init() {
	openGPU = func(cliflag.GPU) (gpuDevice, error) {
		return nil, errors.New("this noise binary was built with CGO_ENABLED=0, so it has no OpenGL: rebuild it with cgo (a C compiler; Debian: libegl-dev libgl-dev), see docs/install.md")
	}
}
