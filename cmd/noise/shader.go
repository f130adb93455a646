package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/noiselab/noise/gpu/shaders"
	"github.com/noiselab/noise/internal/cliflag"
	"github.com/noiselab/noise/internal/outfile"
)

const shaderHeader = `Usage: noise shader -noise NAME [flags]

Prints the GLSL of a noise variant (package gpu/shaders), to paste into
an engine or to feed to another compiler:

  default    the complete compute kernel that package gpu/dispatch runs,
             with its #version line: positions (3 or 4 floats each) in
             buffer binding 0, results in binding 1 (v, or v dx dy dz dw
             with -deriv), the perm-value table in binding 2, and the
             uniforms noiseCount, noiseStride, noiseSettings and
             noiseDomain at explicit locations (see ComputeSource):
             the settings and domain flags go with -library only.
  -library   the includable functions only: no #version line, no main,
             the settings and domain of the flags baked in. Include it
             after your #version line (410 core or later) and call
             PREFIXsample(vec3), PREFIXsample4(vec4), PREFIXvalue(vec3),
             or PREFIXsampleWith(vec4, PREFIXSettings, PREFIXDomain) for
             settings given at run time. Libraries with different
             -prefix values live in one shader.

Every identifier the source defines starts with -prefix (default noise_).
-version sets the kernel's #version (430 or 450; not with -library, which
has no #version line and compiles from 410 on). -arith exact
computes division and square root correctly rounded from +, −, × (the
CPU's bits on any conforming GPU); -precision worst emulates the least
precise GPU GLSL 4.30 allows (for testing).
`

// kernelVersions are the valid -version values.
var kernelVersions = []int{430, 450}

type shaderFlags struct {
	noiseFlags
	library   bool
	deriv     bool
	version   int
	prefix    string
	arith     shaders.Arith
	precision shaders.Precision
	out       string
}

func runShader(args []string, _ io.Reader, stdout, _ io.Writer) error {
	fs := cliflag.NewFlagSet("noise shader")
	var f shaderFlags
	f.noiseFlags.register(fs, "", nil, 1)
	fs.BoolVar(&f.library, "library", false, "print the includable functions only (no #version line, no main)")
	fs.BoolVar(&f.deriv, "deriv", false, "the kernel writes v, dx, dy, dz, dw per position (default: v); not with -library, which has both")
	fs.IntVar(&f.version, "version", 430, "the kernel's GLSL `version`: 430 or 450 (not with -library, which has no #version line and compiles from 410 on)")
	fs.StringVar(&f.prefix, "prefix", shaders.DefaultPrefix, "`prefix` of every identifier the source defines")
	cliflag.RegisterArith(fs, &f.arith, "")
	cliflag.RegisterPrecision(fs, &f.precision, "")
	fs.StringVar(&f.out, "o", "-", "output `file` (- for standard output)")
	if err := parseFlags(fs, shaderHeader, args, stdout); err != nil {
		return err
	}
	cfg, err := f.config(fs)
	if err != nil {
		return err
	}
	if err := cliflag.CheckNeeds(fs, f.needs()); err != nil {
		return err
	}
	if !slices.Contains(kernelVersions, f.version) {
		if f.version == 410 {
			return errors.New("invalid -version 410 for a compute kernel: valid: 430, 450 (the library, -library, has no #version line and compiles from 410 on)")
		}
		return fmt.Errorf("invalid -version %d: valid: %s", f.version, strings.ReplaceAll(strings.Trim(fmt.Sprint(kernelVersions), "[]"), " ", ", "))
	}
	o := shaders.Options{Prefix: f.prefix, Version: f.version, Arith: f.arith, Precision: f.precision}
	var src string
	if f.library {
		src, err = shaders.Library(cfg, &o)
	} else {
		src, err = shaders.ComputeSource(cfg, f.deriv, 64, &o)
	}
	if err != nil {
		return err
	}
	out, err := outfile.Create(f.out, stdout)
	if err != nil {
		return fmt.Errorf("-o: %v", err)
	}
	defer out.Abort()
	io.WriteString(out, src)
	return out.Commit()
}
