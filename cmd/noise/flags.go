package main

import (
	"flag"
	"io"
	"strings"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cmd/internal/cliflag"
)

// parseFlags parses a subcommand's arguments (cliflag.Parse: -h prints
// the header and the flags on stdout and returns errHelp).
func parseFlags(fs *flag.FlagSet, header string, args []string, stdout io.Writer) error {
	return cliflag.Parse(fs, header, args, stdout)
}

// noiseFlags are the noise variant, settings, domain and backend shared by
// sample, image and shader.
type noiseFlags struct {
	variant  cliflag.Variant
	settings cliflag.Settings
	domain   cliflag.Domain
	backend  string
	scale    float32 // the default -scale
}

// register defines the flags. seedUsage replaces the -seed text when not
// empty; backends are the command's valid -backend values (cpu first, the
// default; nil: no -backend); scale is the default -scale.
func (f *noiseFlags) register(fs *flag.FlagSet, seedUsage string, backends []string, scale float32) {
	f.variant.Register(fs, noise.Config{Noise: noise.Perlin, Dims: 3}, true)
	f.settings.Register(fs, noise.DefaultSettings(), seedUsage)
	f.domain.Register(fs, scale)
	f.scale = scale
	if backends == nil {
		return
	}
	usage := "evaluation `backend`; valid: " + strings.Join(backends, ", ")
	if len(backends) > 1 {
		usage += " (gpu: OpenGL 4.3 compute shaders, see -context)"
	}
	cliflag.Choice(fs, &f.backend, "backend", backends[0], backends, usage)
}

// cpuOnly and cpuOrGPU are the -backend values of image and of sample.
var (
	cpuOnly  = []string{"cpu"}
	cpuOrGPU = []string{"cpu", "gpu"}
)

// config returns the validated configuration: the variant, the settings
// and, when a domain flag was given or the default scale is not 1, the
// domain.
func (f *noiseFlags) config(fs *flag.FlagSet) (noise.Config, error) {
	s, err := f.settings.Settings()
	if err != nil {
		return noise.Config{}, err
	}
	cfg, err := f.variant.Config(s)
	if err != nil {
		return cfg, err
	}
	if f.scale != 1 || f.domain.AnySet(fs) {
		if cfg.Domain, err = f.domain.Domain(); err != nil {
			return cfg, err
		}
	}
	return cfg, nil
}
