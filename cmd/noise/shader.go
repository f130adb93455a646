package main

import (
	"fmt"
	"io"
	"slices"

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
             noiseDomain at explicit locations (see ComputeSource).
  -library   the includable functions only: no #version line, no main,
             the settings and domain of the flags baked in. Include it
             after your #version line (410 core or later) and call
             PREFIXsample(vec3), PREFIXsample4(vec4), PREFIXvalue(vec3),
             or PREFIXsampleWith(vec4, PREFIXSettings, PREFIXDomain) for
             settings given at run time. Libraries with different
             -prefix values live in one shader.

Every identifier the source defines starts with -prefix (default noise_).
-version sets the kernel's #version (430 or 450; 410 goes with -library,
which carries no #version line but compiles from 410 on). -arith exact
computes division and square root correctly rounded from +, −, × (the
CPU's bits on any conforming GPU); -precision worst emulates the least
precise GPU GLSL 4.30 allows (for testing).
`

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
	fs.BoolVar(&f.deriv, "deriv", false, "the kernel writes v, dx, dy, dz, dw per position (default: v)")
	fs.IntVar(&f.version, "version", 430, "GLSL `version`: 430 or 450 for the kernel; 410, 430 or 450 with -library (which carries no #version line)")
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
	valid := []int{430, 450}
	if f.library {
		valid = []int{410, 430, 450}
	}
	if !slices.Contains(valid, f.version) {
		if !f.library && f.version == 410 {
			return fmt.Errorf("invalid -version 410 for a compute kernel: kernels need 430 or 450 (410 goes with -library)")
		}
		return fmt.Errorf("invalid -version %d; valid: %v", f.version, valid)
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
