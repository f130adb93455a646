package cliflag

import (
	"errors"
	"flag"
	"fmt"
	"slices"

	"github.com/noiselab/noise/gpu/shaders"
)

// Contexts are the valid -context values of this binary: egl (headless,
// package gpu/dispatch), and glfw (a hidden window, package
// gpu/dispatch/glfwctx) in a binary built with -tags glfw (glfw.go adds
// it; without the tag the commands link neither GLFW nor X11).
var Contexts = []string{"egl"}

// GLFWHint says how to get -context glfw in a binary built without it.
const GLFWHint = "this binary has no GLFW context: build it with `go build -tags glfw` " +
	"(cgo; Debian: libx11-dev libxrandr-dev libxinerama-dev libxcursor-dev libxi-dev libxxf86vm-dev libgl-dev)"

// BuildTags are the go build arguments that give another binary the
// contexts this one has: -tags glfw in a glfw build, none otherwise (for
// the tests that build the commands).
func BuildTags() []string {
	if slices.Contains(Contexts, "glfw") {
		return []string{"-tags", "glfw"}
	}
	return nil
}

// Drivers are the valid -driver values: dispatch.Drivers, named here so
// that a build without cgo still validates them (a test keeps the lists
// equal).
var Drivers = []string{"llvmpipe", "zink", "softpipe"}

// GPU are the flags of the GPU backend: -context, -driver, -arith and,
// when registered, -precision.
type GPU struct {
	Context   string
	Driver    string
	Arith     shaders.Arith
	Precision shaders.Precision
	Debug     bool // not a flag: a command sets it
}

// Register defines -context, -driver and -arith; note ends each usage
// text (e.g. " for -backend gpu").
func (g *GPU) Register(fs *flag.FlagSet, note string) {
	g.Context = "egl"
	usage := "GL `context`" + note + ": egl (headless, needs no display)"
	if slices.Contains(Contexts, "glfw") {
		usage += " or glfw (a hidden window, needs DISPLAY)"
	}
	fs.Var(contextValue{&g.Context}, "context", usage)
	fs.Var(driverValue{&g.Driver}, "driver",
		"Mesa `driver`"+note+": llvmpipe, zink or softpipe (default: the environment's, Mesa's variables included)")
	RegisterArith(fs, &g.Arith, note)
}

// RegisterPrecision defines -precision.
func (g *GPU) RegisterPrecision(fs *flag.FlagSet, note string) {
	RegisterPrecision(fs, &g.Precision, note)
}

// RegisterArith defines -arith into a.
func RegisterArith(fs *flag.FlagSet, a *shaders.Arith, note string) {
	fs.Var(parsed[shaders.Arith]{a, shaders.ParseArith}, "arith", "shader `arithmetic`"+note+
		": native (the GPU's / and sqrt inside the noise) or exact (correctly rounded from +, −, ×: the CPU's bits on any conforming GPU)")
}

// RegisterPrecision defines -precision into p.
func RegisterPrecision(fs *flag.FlagSet, p *shaders.Precision, note string) {
	fs.Var(parsed[shaders.Precision]{p, shaders.ParsePrecision}, "precision", "GPU `precision`"+note+
		": native, or worst (emulate the least precise GPU GLSL 4.30 allows)")
}

// contextValue is -context: one of Contexts; glfw in a binary without it
// is refused saying how to build one with it.
type contextValue struct{ v *string }

func (c contextValue) String() string {
	if c.v == nil {
		return ""
	}
	return *c.v
}

func (c contextValue) Set(s string) error {
	if s == "glfw" && !slices.Contains(Contexts, s) {
		return errors.New(GLFWHint)
	}
	return choice{c.v, Contexts}.Set(s)
}

type driverValue struct{ v *string }

func (d driverValue) String() string {
	if d.v == nil {
		return ""
	}
	return *d.v
}

func (d driverValue) Set(s string) error {
	if s == "" {
		*d.v = s
		return nil
	}
	return choice{d.v, Drivers}.Set(s)
}

// parsed is a flag whose value a parse function turns into a T (the
// shaders' enums).
type parsed[T fmt.Stringer] struct {
	v     *T
	parse func(string) (T, error)
}

func (p parsed[T]) String() string {
	if p.v == nil {
		var zero T
		return zero.String()
	}
	return (*p.v).String()
}

func (p parsed[T]) Set(s string) (err error) {
	*p.v, err = p.parse(s)
	return err
}
