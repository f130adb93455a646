module github.com/noiselab/noise

go 1.26

require (
	github.com/aquilax/go-perlin v1.1.0
	github.com/go-gl/mathgl v1.2.0
	github.com/ojrac/opensimplex-go v1.0.2
)

require (
	github.com/go-gl/gl v0.0.0-20231021071112-07e5d0ea2e71 // indirect
	github.com/go-gl/glfw/v3.3/glfw v0.0.0-20260823155953-d41da22a9587 // indirect
	golang.org/x/image v0.20.0 // indirect
)
