package main

import (
	"embed"
	"fmt"
	"image"
	"math"
	"slices"
	"unsafe"

	"github.com/go-gl/gl/v4.3-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/gpu/dispatch"
)

//go:embed shaders
var shaderFiles embed.FS

// shaderSource returns an embedded shader with the GLSL version and, for
// the scene's vertex shaders, the shared functions of common.glsl.
func shaderSource(name string, common bool) string {
	src := "#version 430 core\n"
	if common {
		src += mustRead("shaders/common.glsl")
	}
	return src + mustRead("shaders/"+name)
}

func mustRead(name string) string {
	b, err := shaderFiles.ReadFile(name)
	if err != nil {
		panic(err) // embedded at build time: cannot happen
	}
	return string(b)
}

// renderer owns the viewer's GL objects. The noise is sampled into a
// GPU buffer by a dispatch.Sampler (the embedding API) and drawn from there
// as vertex attributes: it never comes back to the CPU.
type renderer struct {
	ctx *dispatch.Context

	surfaceProg, cubesProg, textProg dispatch.ProgramName
	surfaceVAO, cubesVAO, textVAO    uint32
	cubeVBO, indexBuffer             uint32
	indexCount                       int32

	// The mesh (positions, normals) and the samples at its points; for 4D
	// noise the positions mapped to 4D (pos4, from mesh) at each resample.
	pos, nrm, res, pos4 dispatch.Buffer
	mesh                []mgl32.Vec3
	points              int
	look                Look

	sampler    *dispatch.Sampler
	samplerCfg noise.Config // sampler's configuration without its domain
	cpuSampler *cpu.Sampler // the seamless plane's (cpu.Sampler is cheap to make; kept while cfg stays)
	samples    []noise.Sample

	help, hud textTexture

	locations map[uniformKey]int32
}

type uniformKey struct {
	prog dispatch.ProgramName
	name string
}

// uniform returns the location of a uniform of prog, looked up once.
func (r *renderer) uniform(prog dispatch.ProgramName, name string) int32 {
	key := uniformKey{prog, name}
	l, ok := r.locations[key]
	if !ok {
		l = gl.GetUniformLocation(uint32(prog), gl.Str(name+"\x00"))
		r.locations[key] = l
	}
	return l
}

// programs are the viewer's GL programs: a vertex and a fragment shader
// each (the scene's vertex shaders include shaders/common.glsl).
var programs = []struct{ name, vert, frag string }{
	{"surface", "surface.vert", "scene.frag"},
	{"cubes", "cubes.vert", "scene.frag"},
	{"text", "text.vert", "text.frag"},
}

// programSources returns the vertex and fragment source of program i.
func programSources(i int) (vert, frag string) {
	p := programs[i]
	return shaderSource(p.vert, p.name != "text"), shaderSource(p.frag, false)
}

// newRenderer compiles the viewer's programs and makes its fixed objects.
// It runs on the thread with the window's context current.
func newRenderer(ctx *dispatch.Context) (*renderer, error) {
	r := &renderer{ctx: ctx, locations: map[uniformKey]int32{}}
	err := ctx.Do(func() error {
		var err error
		ids := []*dispatch.ProgramName{&r.surfaceProg, &r.cubesProg, &r.textProg}
		for i, p := range programs {
			vert, frag := programSources(i)
			*ids[i], err = dispatch.CompileProgram(
				dispatch.Stage{Type: gl.VERTEX_SHADER, Source: vert},
				dispatch.Stage{Type: gl.FRAGMENT_SHADER, Source: frag})
			if err != nil {
				return fmt.Errorf("viewer: %s program: %v", p.name, err)
			}
		}
		gl.GenVertexArrays(1, &r.surfaceVAO)
		gl.GenVertexArrays(1, &r.cubesVAO)
		gl.GenVertexArrays(1, &r.textVAO)
		cube := cubeVertices()
		gl.GenBuffers(1, &r.cubeVBO)
		gl.BindBuffer(gl.ARRAY_BUFFER, r.cubeVBO)
		gl.BufferData(gl.ARRAY_BUFFER, len(cube)*4, gl.Ptr(cube), gl.STATIC_DRAW)
		gl.GenBuffers(1, &r.indexBuffer)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// setMesh uploads the mesh and sizes the samples buffer for it.
func (r *renderer) setMesh(m Mesh, look Look) error {
	r.deleteMesh()
	var err error
	if r.pos, err = r.ctx.BufferFromVec3(m.Positions); err != nil {
		return err
	}
	if r.nrm, err = r.ctx.BufferFromVec3(m.Normals); err != nil {
		return err
	}
	if r.res, err = r.ctx.NewBuffer(len(m.Positions) * dispatch.SampleBytes); err != nil {
		return err
	}
	r.points, r.look, r.mesh = len(m.Positions), look, m.Positions
	return r.ctx.Do(func() error {
		// attrib binds size floats of every stride bytes of buf: the noise
		// results are Samples (v, dx, dy, dz of SampleBytes; dw unused).
		attrib := func(loc uint32, buf dispatch.BufferName, size, stride int32, divisor uint32) {
			gl.BindBuffer(gl.ARRAY_BUFFER, uint32(buf))
			gl.EnableVertexAttribArray(loc)
			gl.VertexAttribPointerWithOffset(loc, size, gl.FLOAT, false, stride, 0)
			gl.VertexAttribDivisor(loc, divisor)
		}
		if look == Surface {
			gl.BindVertexArray(r.surfaceVAO)
			attrib(0, r.pos.ID, 3, 12, 0)
			attrib(1, r.nrm.ID, 3, 12, 0)
			attrib(2, r.res.ID, 4, dispatch.SampleBytes, 0)
			gl.BindBuffer(gl.ELEMENT_ARRAY_BUFFER, r.indexBuffer)
			gl.BufferData(gl.ELEMENT_ARRAY_BUFFER, len(m.Indices)*4, unsafe.Pointer(unsafe.SliceData(m.Indices)), gl.STATIC_DRAW)
			r.indexCount = int32(len(m.Indices))
		} else {
			gl.BindVertexArray(r.cubesVAO)
			gl.BindBuffer(gl.ARRAY_BUFFER, r.cubeVBO)
			for loc := uint32(0); loc < 2; loc++ {
				gl.EnableVertexAttribArray(loc)
				gl.VertexAttribPointerWithOffset(loc, 3, gl.FLOAT, false, 24, uintptr(loc)*12)
				gl.VertexAttribDivisor(loc, 0)
			}
			attrib(2, r.res.ID, 4, dispatch.SampleBytes, 1)
			attrib(3, r.pos.ID, 3, 12, 1)
			attrib(4, r.nrm.ID, 3, 12, 1)
		}
		gl.BindVertexArray(0)
		return nil
	})
}

func (r *renderer) deleteMesh() {
	for _, b := range []*dispatch.Buffer{&r.pos, &r.nrm, &r.res, &r.pos4} {
		if b.ID != 0 {
			r.ctx.DeleteBuffer(*b)
			*b = dispatch.Buffer{}
		}
	}
	r.points = 0
}

// resample samples the noise of cfg, with derivatives, at the mesh points
// into the samples buffer. The Sampler is made again only when the variant
// or the settings changed; a new domain (every frame while it spins) is
// set on the Sampler there is.
func (r *renderer) resample(cfg noise.Config, loop noise.Loop, t float32, seamless bool) error {
	if seamless {
		return r.resampleSeamless(cfg)
	}
	key := cfg
	key.Domain = nil
	switch {
	case r.sampler == nil || key != r.samplerCfg:
		s, err := r.ctx.NewSampler(cfg, nil)
		if err != nil {
			return err
		}
		if r.sampler != nil {
			r.sampler.Close()
		}
		r.sampler, r.samplerCfg = s, key
	case *cfg.Domain != *r.sampler.Config().Domain:
		if err := r.sampler.SetDomain(cfg.Domain); err != nil {
			return err
		}
	}
	if cfg.Dims != 4 {
		return r.sampler.SampleBuffers(r.pos, 3, r.points, r.res, true)
	}
	// 4D: the mesh at time t of the loop (docs/algorithms.md §8.8); the
	// derivatives in x, y and z are the shape's, as in 3D.
	pos4 := make([]mgl32.Vec4, len(r.mesh))
	for i, p := range r.mesh {
		pos4[i] = loop.Point(p, t)
	}
	if r.pos4.ID != 0 {
		r.ctx.DeleteBuffer(r.pos4)
	}
	var err error
	if r.pos4, err = r.ctx.BufferFromVec4(pos4); err != nil {
		return err
	}
	return r.sampler.SampleBuffers(r.pos4, 4, r.points, r.res, true)
}

// camera returns the view-projection matrix and the light direction of the
// orbit camera for a framebuffer of the given aspect ratio.
func camera(s State, aspect float32) (mgl32.Mat4, mgl32.Vec3) {
	yaw, pitch := float64(mgl32.DegToRad(s.Yaw)), float64(mgl32.DegToRad(s.Pitch))
	dir := mgl32.Vec3{
		float32(math.Cos(pitch) * math.Sin(yaw)),
		float32(math.Sin(pitch)),
		float32(math.Cos(pitch) * math.Cos(yaw)),
	}
	eye := dir.Mul(s.Distance)
	view := mgl32.LookAtV(eye, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	proj := mgl32.Perspective(mgl32.DegToRad(45), aspect, 0.02, 50)
	// A light above, behind and to the left of the camera.
	right := mgl32.Vec3{0, 1, 0}.Cross(dir).Normalize()
	light := dir.Add(mgl32.Vec3{0, 0.8, 0}).Sub(right.Mul(0.6)).Normalize()
	return proj.Mul4(view), light
}

// draw renders the state to the current framebuffer of w×h pixels.
func (r *renderer) draw(s State, w, h int, opts options) error {
	return r.ctx.Do(func() error {
		gl.Viewport(0, 0, int32(w), int32(h))
		gl.ClearColor(0.16, 0.18, 0.22, 1)
		gl.Clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT)
		gl.Enable(gl.DEPTH_TEST)
		// The cubes are closed and wound counter-clockwise seen from
		// outside; the surface is seen from both sides.
		if r.look == Cubes {
			gl.Enable(gl.CULL_FACE)
		} else {
			gl.Disable(gl.CULL_FACE)
		}
		vp, light := camera(s, float32(w)/float32(max(h, 1)))
		prog := r.surfaceProg
		if r.look == Cubes {
			prog = r.cubesProg
		}
		gl.UseProgram(uint32(prog))
		uniform := func(name string) int32 { return r.uniform(prog, name) }
		gl.UniformMatrix4fv(uniform("viewProjection"), 1, false, &vp[0])
		gl.Uniform3f(uniform("lightDirection"), light[0], light[1], light[2])
		gl.Uniform1f(uniform("displacement"), s.Displacement)
		if r.look == Cubes {
			gl.Uniform1f(uniform("cubeScale"), opts.instanceScale/float32(s.Resolution))
			gl.BindVertexArray(r.cubesVAO)
			gl.DrawArraysInstanced(gl.TRIANGLES, 0, 36, int32(r.points))
		} else {
			gl.Uniform1i(uniform("shape"), int32(s.Shape))
			gl.BindVertexArray(r.surfaceVAO)
			gl.DrawElements(gl.TRIANGLES, r.indexCount, gl.UNSIGNED_INT, nil)
		}
		gl.BindVertexArray(0)
		gl.Disable(gl.CULL_FACE)
		if !opts.noHUD {
			r.hud.set(s.Lines(), 0xd8)
			r.drawText(&r.hud, w, h, false)
		}
		if s.Help {
			r.help.set(helpLines(), 0xf0)
			r.drawText(&r.help, w, h, true)
		}
		return nil
	})
}

// drawText draws t's texture at the bottom left or, with top, the top left
// of a w×h framebuffer, one texel per pixel.
func (r *renderer) drawText(t *textTexture, w, h int, top bool) {
	gl.Disable(gl.DEPTH_TEST)
	gl.Enable(gl.BLEND)
	gl.BlendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA)
	gl.UseProgram(uint32(r.textProg))
	x0, x1 := float32(-1), -1+2*float32(t.w)/float32(w)
	y0, y1 := float32(-1), -1+2*float32(t.h)/float32(h)
	if top {
		y0, y1 = 1-2*float32(t.h)/float32(h), 1
	}
	gl.Uniform4f(r.uniform(r.textProg, "rect"), x0, y0, x1, y1)
	gl.ActiveTexture(gl.TEXTURE0)
	gl.BindTexture(gl.TEXTURE_2D, t.tex)
	gl.BindVertexArray(r.textVAO)
	gl.DrawArrays(gl.TRIANGLE_STRIP, 0, 4)
	gl.BindVertexArray(0)
	gl.Disable(gl.BLEND)
}

// readPixels returns the w×h framebuffer's back buffer, top row first.
func (r *renderer) readPixels(w, h int) (*image.NRGBA, error) {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	err := r.ctx.Do(func() error {
		buf := make([]byte, 4*w*h)
		gl.PixelStorei(gl.PACK_ALIGNMENT, 1)
		gl.ReadBuffer(gl.BACK)
		gl.ReadPixels(0, 0, int32(w), int32(h), gl.RGBA, gl.UNSIGNED_BYTE, gl.Ptr(buf))
		for y := 0; y < h; y++ { // GL's rows go bottom up
			copy(img.Pix[y*img.Stride:y*img.Stride+4*w], buf[(h-1-y)*4*w:(h-y)*4*w])
		}
		return nil
	})
	return img, err
}

// close deletes what the renderer made.
func (r *renderer) close() {
	r.deleteMesh()
	if r.sampler != nil {
		r.sampler.Close()
	}
	r.ctx.Do(func() error {
		for _, p := range []dispatch.ProgramName{r.surfaceProg, r.cubesProg, r.textProg} {
			gl.DeleteProgram(uint32(p))
		}
		for _, v := range []*uint32{&r.surfaceVAO, &r.cubesVAO, &r.textVAO} {
			gl.DeleteVertexArrays(1, v)
		}
		for _, b := range []*uint32{&r.cubeVBO, &r.indexBuffer} {
			gl.DeleteBuffers(1, b)
		}
		r.help.delete()
		r.hud.delete()
		return nil
	})
}

// resampleSeamless writes the seamless plane's samples (docs/algorithms.md
// §8.8) into the samples buffer: 4D noise at noise.TorusPoint(2x, 2z) of
// each mesh point (2×2 tiles of the texture on the plane), its derivatives
// carried through the mapping by noise.TorusSample (times 2, for 2x and
// 2z), computed on the CPU with the exact float32 mapping and uploaded.
func (r *renderer) resampleSeamless(cfg noise.Config) error {
	if r.cpuSampler == nil || !sameConfig(r.cpuSampler.Config(), cfg) {
		s, err := cpu.New(cfg)
		if err != nil {
			return err
		}
		r.cpuSampler = s
	}
	pos4 := make([]mgl32.Vec4, len(r.mesh))
	for i, p := range r.mesh {
		pos4[i] = noise.TorusPoint(2*p[0], 2*p[2])
	}
	r.samples = slices.Grow(r.samples[:0], len(pos4))[:len(pos4)]
	if err := r.cpuSampler.Samples4(pos4, r.samples); err != nil {
		return err
	}
	for i, p := range r.mesh {
		d := noise.TorusSample(r.samples[i], 2*p[0], 2*p[2])
		r.samples[i] = noise.Sample{V: d.V, Dx: 2 * d.Dx, Dz: 2 * d.Dz}
	}
	return r.ctx.WriteSamples(r.res, r.samples)
}

// resampleGraph writes a graph's samples at the mesh points into the
// samples buffer: evaluated on the CPU (the positions as they are, 3D,
// with derivatives) and uploaded. A nil sampler (no graph loaded yet)
// writes zeros.
func (r *renderer) resampleGraph(gs *cpu.GraphSampler) error {
	r.samples = slices.Grow(r.samples[:0], len(r.mesh))[:len(r.mesh)]
	if gs == nil {
		clear(r.samples)
	} else if err := gs.Samples(r.mesh, r.samples); err != nil {
		return err
	}
	for i := range r.samples { // the shaders read v, dx, dy, dz
		r.samples[i].Dw = 0
	}
	return r.ctx.WriteSamples(r.res, r.samples)
}

// sameConfig reports whether a and b are the same configuration, domains
// compared by value.
func sameConfig(a, b noise.Config) bool {
	da, db := a.Domain, b.Domain
	a.Domain, b.Domain = nil, nil
	return a == b && (da == nil) == (db == nil) && (da == nil || *da == *db)
}
