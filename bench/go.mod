module github.com/noiselab/noise/bench

go 1.26

require (
	github.com/aquilax/go-perlin v1.1.0
	github.com/go-gl/mathgl v1.2.0
	github.com/noiselab/noise v0.0.0
	github.com/ojrac/opensimplex-go v1.0.2
)

// The benchmarks measure the checkout they sit in.
replace github.com/noiselab/noise => ..
