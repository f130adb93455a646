package dispatch

import (
	"fmt"

	"github.com/go-gl/gl/v4.3-core/gl"

	"github.com/noiselab/noise/gpu/shaders"
	"github.com/noiselab/noise/internal/oneline"
)

// programKind is which kernel a program runs.
type programKind uint8

const (
	kernelBuffer programKind = iota // positions buffer → results buffer
	kernelBake2D                    // grid → 2D image
	kernelBake3D                    // grid → 3D image
)

// programKey identifies a compiled program: one per variant, kernel and
// output (programs do not depend on the settings or the domain, which are
// uniforms). edited marks sources changed by internal/testhook.EditSource,
// which are not shared.
type programKey struct {
	variant     string
	kind        programKind
	derivatives bool
	arith       shaders.Arith
	precision   shaders.Precision
	edited      *Sampler
}

// program is a linked compute program and its uniform locations.
type program struct {
	id       uint32
	uniforms map[string]int32
}

func (p *program) loc(name string) int32 {
	if l, ok := p.uniforms[name]; ok {
		return l
	}
	l := gl.GetUniformLocation(p.id, gl.Str(name+"\x00"))
	p.uniforms[name] = l
	return l
}

// CompileCompute compiles and links a compute shader from source and
// returns the program name. The error carries the driver's info log. It
// must run on the GL thread (inside Do, or on a Current context's thread).
func CompileCompute(source string) (ProgramName, error) {
	return CompileProgram(Stage{gl.COMPUTE_SHADER, source})
}

// Stage is one shader of a program: its type (gl.VERTEX_SHADER,
// gl.FRAGMENT_SHADER, gl.COMPUTE_SHADER, ...) and its source.
type Stage struct {
	Type   uint32
	Source string
}

var stageNames = map[uint32]string{
	gl.COMPUTE_SHADER:  "compute",
	gl.VERTEX_SHADER:   "vertex",
	gl.FRAGMENT_SHADER: "fragment",
	gl.GEOMETRY_SHADER: "geometry",
}

// CompileProgram compiles the stages and links them into a program, for
// programs that draw with the noise as well as compute it. The error names
// the stage and carries the driver's info log as one line. It must run on
// the GL thread.
func CompileProgram(stages ...Stage) (ProgramName, error) {
	kind := "program"
	if len(stages) == 1 {
		kind = stageNames[stages[0].Type] + " program"
	}
	var shaders []uint32
	defer func() {
		for _, sh := range shaders {
			gl.DeleteShader(sh)
		}
	}()
	for _, st := range stages {
		sh := gl.CreateShader(st.Type)
		shaders = append(shaders, sh)
		csrc, free := gl.Strs(st.Source + "\x00")
		gl.ShaderSource(sh, 1, csrc, nil)
		free()
		gl.CompileShader(sh)
		var ok int32
		gl.GetShaderiv(sh, gl.COMPILE_STATUS, &ok)
		if ok == gl.FALSE {
			return 0, fmt.Errorf("%s shader does not compile: %s", stageNames[st.Type], shaderLog(sh))
		}
	}
	p := gl.CreateProgram()
	for _, sh := range shaders {
		gl.AttachShader(p, sh)
	}
	gl.LinkProgram(p)
	var ok int32
	gl.GetProgramiv(p, gl.LINK_STATUS, &ok)
	if ok == gl.FALSE {
		log := programLog(p)
		gl.DeleteProgram(p)
		return 0, fmt.Errorf("%s does not link: %s", kind, log)
	}
	return ProgramName(p), nil
}

func shaderLog(sh uint32) string { return infoLog(sh, gl.GetShaderiv, gl.GetShaderInfoLog) }

func programLog(p uint32) string { return infoLog(p, gl.GetProgramiv, gl.GetProgramInfoLog) }

// infoLog reads a shader's or a program's info log as one line.
func infoLog(id uint32, getiv func(uint32, uint32, *int32), getLog func(uint32, int32, *int32, *uint8)) string {
	var n int32
	getiv(id, gl.INFO_LOG_LENGTH, &n)
	if n <= 1 {
		return "(the driver gave no log)"
	}
	buf := make([]byte, n)
	getLog(id, n, nil, &buf[0])
	return oneline.Format(string(buf[:n-1]))
}

// program returns the cached program for key, compiling source() on a miss.
func (c *Context) program(key programKey, source func() (string, error)) (*program, error) {
	if p, ok := c.programs[key]; ok {
		return p, nil
	}
	src, err := source()
	if err != nil {
		return nil, err
	}
	id, err := CompileCompute(src)
	if err != nil {
		return nil, fmt.Errorf("dispatch: %s: %w", key.variant, err)
	}
	p := &program{id: uint32(id), uniforms: map[string]int32{}}
	c.programs[key] = p
	return p, nil
}
