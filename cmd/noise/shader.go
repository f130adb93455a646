package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/noiselab/noise/cmd/internal/cliflag"
	"github.com/noiselab/noise/cmd/internal/outfile"
	"github.com/noiselab/noise/gpu/shaders"
	"github.com/noiselab/noise/graph"
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

Every identifier the source defines starts with -prefix (default noise_):
1 to 960 ASCII letters, digits and _, a letter first and _ last, with no
__ and not starting with gl_ or GL_ (GLSL reserves those). An explicit
empty -prefix is refused: leave the flag out for noise_.

Why libraries with any two different prefixes share a shader: each
identifier is PREFIX+name, name one of the library's own names (sample,
Settings, familyPerm, NOISE_DIMS, ...), and no name has, after one of its
underscores, a tail that is a name (the tests check every one). If P+n =
Q+m with P shorter than Q, then Q = P+s with s ending in _ (as Q does), so
n = s+m would be a name with the name m after an underscore: impossible.
Names have at most 64 characters, so every identifier fits in the 1024
that GLSL 4.50 requires compilers to accept (glslang's limit).

-graph FILE prints a noise graph's shader (docs/graphs.md) instead: by
default the complete compute kernel (positions as above, results one float
or five per position as the uniform noiseDerivatives at location 2 says),
with -library the includable PREFIXgraph(vec4) and PREFIXgraphValue(vec4),
its sources' libraries prefixed PREFIX s0_, s1_, ... The noise, settings,
domain and -deriv flags do not apply to a graph. With -lang wgsl the
graph's kernel takes count, stride and derivatives (0 or 1) as three u32
in the uniform buffer @binding(2) (shaders.GraphParamsWGSL), and the
library defines PREFIXgraph(vec4f), PREFIXgraphValue(vec4f) and
PREFIXgraphFences(u32): call it with a 0 from a buffer before PREFIXgraph,
or a compiler may fold away the fences that keep the CPU's bits.

-lang wgsl prints WGSL for WebGPU instead (gpu/shaders' ComputeSourceWGSL
and LibraryWGSL): the kernel's entry point is main, @workgroup_size(64),
positions in @group(0) @binding(0), results in @binding(1), and count,
stride, Settings and Domain in the uniform buffer @binding(2)
(shaders.ParamsWGSL writes its bytes); the perm-value table is inlined.
-library, -prefix, -arith, -precision and -graph work as for GLSL
(-precision worst emulates the least precise GPU WGSL allows; not with
-graph); -version is GLSL's only.

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
	graph     string
	lang      string
}

// shaderLangs are the valid -lang values.
var shaderLangs = []string{"glsl", "wgsl"}

func runShader(args []string, _ io.Reader, stdout, _ io.Writer) error {
	fs := cliflag.NewFlagSet("noise shader")
	var f shaderFlags
	f.noiseFlags.register(fs, "", nil, 1)
	fs.BoolVar(&f.library, "library", false, "print the includable functions only (no #version line, no main)")
	fs.BoolVar(&f.deriv, "deriv", false, "the kernel writes v, dx, dy, dz, dw per position (default: v); not with -library, which has both")
	fs.IntVar(&f.version, "version", 430, "the kernel's GLSL `version`: 430 or 450 (not with -library, which has no #version line and compiles from 410 on)")
	fs.StringVar(&f.prefix, "prefix", shaders.DefaultPrefix, "`prefix` of every identifier the source defines: letters, digits and _, a letter first and _ last")
	cliflag.RegisterArith(fs, &f.arith, "")
	cliflag.RegisterPrecision(fs, &f.precision, "")
	fs.StringVar(&f.out, "o", "-", "output `file` (- for standard output)")
	fs.StringVar(&f.graph, "graph", "", "print the shader of the noise graph in the JSON `file` (docs/graphs.md) instead of a variant's")
	cliflag.Choice(fs, &f.lang, "lang", "glsl", shaderLangs, "shading `language`: glsl (OpenGL) or wgsl (WebGPU)")
	if err := parseFlags(fs, shaderHeader, args, stdout); err != nil {
		return err
	}
	wgsl := f.lang == "wgsl"
	if wgsl {
		if cliflag.IsSet(fs, "version") {
			return errors.New("-version does nothing with -lang wgsl: WGSL has no #version line")
		}
	}
	if f.graph != "" {
		return runGraphShader(fs, &f, stdout)
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
	if err := checkShaderPrefix(f.prefix); err != nil {
		return err
	}
	o := shaders.Options{Prefix: f.prefix, Version: f.version, Arith: f.arith, Precision: f.precision}
	var src string
	switch {
	case wgsl && f.library:
		src, err = shaders.LibraryWGSL(cfg, &o)
	case wgsl:
		src, err = shaders.ComputeSourceWGSL(cfg, f.deriv, 64, &o)
	case f.library:
		src, err = shaders.Library(cfg, &o)
	default:
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

// graphNeeds are the flags shader -graph refuses: a graph's noise nodes
// carry their variants, settings and domains, and its kernel writes values
// or samples as a uniform says.
func graphNeeds() []cliflag.Need {
	why := "a graph's noise nodes carry their own variant, settings and domain"
	needs := cliflag.NeedLibrary("no -graph", why)
	for _, name := range []string{"noise", "dims", "tiling"} {
		needs = append(needs, cliflag.Needs(name, false, "no -graph", why))
	}
	return append(needs, cliflag.Need{Flag: "deriv", Msg: "-deriv does nothing with -graph: the graph kernel writes values or samples as a uniform says (noiseDerivatives; in WGSL, Params.derivatives)"})
}

// runGraphShader prints GraphSource, or GraphLibrary with -library (their
// WGSL forms with -lang wgsl).
func runGraphShader(fs *flag.FlagSet, f *shaderFlags, stdout io.Writer) error {
	needs := graphNeeds()
	if f.library {
		needs = append(needs, cliflag.Need{Flag: "version", Msg: "-version does nothing with -library: the library has no #version line (include it after yours, 410 core or later); -version is for the compute kernel"})
	}
	if err := cliflag.CheckNeeds(fs, needs); err != nil {
		return err
	}
	if !slices.Contains(kernelVersions, f.version) {
		return fmt.Errorf("invalid -version %d: valid: %s", f.version, strings.ReplaceAll(strings.Trim(fmt.Sprint(kernelVersions), "[]"), " ", ", "))
	}
	if err := checkShaderPrefix(f.prefix); err != nil {
		return err
	}
	g, err := graph.LoadFile(f.graph)
	if err != nil {
		return fmt.Errorf("-graph: %v", err)
	}
	o := shaders.Options{Prefix: f.prefix, Version: f.version, Arith: f.arith, Precision: f.precision}
	var src string
	switch {
	case f.lang == "wgsl" && f.library:
		src, err = shaders.GraphLibraryWGSL(g, &o)
	case f.lang == "wgsl":
		src, err = shaders.GraphSourceWGSL(g, 64, &o)
	case f.library:
		o.Version = 0
		src, err = shaders.GraphLibrary(g, &o)
	default:
		src, err = shaders.GraphSource(g, &o)
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

// checkShaderPrefix refuses an invalid -prefix in one line naming the flag.
func checkShaderPrefix(p string) error {
	if p == "" {
		return fmt.Errorf("invalid -prefix \"\": empty; leave -prefix out for the default %s", shaders.DefaultPrefix)
	}
	if err := shaders.CheckPrefix(p); err != nil {
		var pe *shaders.PrefixError
		if errors.As(err, &pe) {
			return errors.New(pe.Describe("-prefix"))
		}
		return err
	}
	return nil
}
