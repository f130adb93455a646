package cpu

import "github.com/noiselab/noise"

// Deprecated aliases (see "Earlier names" in the package documentation):
// the vocabulary moved to package noise (github.com/noiselab/noise); these
// keep programs written against the earlier cpu API compiling (the peer
// benchmarks of ../shared/peers among them). The package's own API is
// Sampler (sampler.go).

// Deprecated: use noise.Noise.
type Noise = noise.Noise

// Deprecated: use noise.Config.
type Config = noise.Config

// Deprecated: use noise.Settings.
type Settings = noise.Settings

// Deprecated: use noise.Domain.
type Domain = noise.Domain

// Deprecated: use noise.Sample.
type Sample = noise.Sample

// Deprecated: use noise.DefaultSettings.
func DefaultSettings() noise.Settings { return noise.DefaultSettings() }

// Deprecated: use the constants of package noise.
const (
	Value                     = noise.Value
	ValueTurbulence           = noise.ValueTurbulence
	Perlin                    = noise.Perlin
	PerlinTurbulence          = noise.PerlinTurbulence
	PerlinSmoothTurbulence    = noise.PerlinSmoothTurbulence
	Simplex                   = noise.Simplex
	SimplexTurbulence         = noise.SimplexTurbulence
	SimplexSmoothTurbulence   = noise.SimplexSmoothTurbulence
	SimplexValue              = noise.SimplexValue
	SimplexValueTurbulence    = noise.SimplexValueTurbulence
	VoronoiWorleyF1           = noise.VoronoiWorleyF1
	VoronoiWorleyF2           = noise.VoronoiWorleyF2
	VoronoiWorleyF2MinusF1    = noise.VoronoiWorleyF2MinusF1
	VoronoiChebyshevF1        = noise.VoronoiChebyshevF1
	VoronoiChebyshevF2        = noise.VoronoiChebyshevF2
	VoronoiChebyshevF2MinusF1 = noise.VoronoiChebyshevF2MinusF1
	VoronoiWorleySmoothLSE    = noise.VoronoiWorleySmoothLSE
	VoronoiWorleySmoothPoly   = noise.VoronoiWorleySmoothPoly
	PermValue                 = noise.PermValue
)
