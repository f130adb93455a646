package dispatch_test

import (
	"fmt"
	"log"
	"math"
	"runtime"

	"github.com/go-gl/gl/v4.3-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/compare"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/gpu/dispatch"
	"github.com/noiselab/noise/gpu/dispatch/egl"
	"github.com/noiselab/noise/gpu/shaders"
)

// A program with its own OpenGL context samples noise inside its own
// compute shader: shaders.Library gives the GLSL of the configured noise,
// and the shader calls noise_sample. The CPU reference gives the same values.
func Example_library() {
	runtime.LockOSThread() // GL calls stay on the thread the context is current on
	defer runtime.UnlockOSThread()

	// Your program's context: here a headless one; a GLFW window's works
	// the same way (pass glfw.GetProcAddress).
	headless, err := egl.Open(false)
	if err != nil {
		log.Fatal(err)
	}
	defer headless.Close()
	ctx, err := dispatch.NewCurrent(headless.ProcAddress, false)
	if err != nil {
		log.Fatal(err)
	}
	defer ctx.Close()

	cfg := noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()}
	lib, err := shaders.Library(cfg, nil) // identifiers prefixed noise_
	if err != nil {
		log.Fatal(err)
	}
	src := "#version 430 core\n" + lib + `
layout(local_size_x = 1) in;
layout(std430, binding = 0) writeonly buffer Result { float result[4]; };
void main() {
	noise_Sample s = noise_sample(vec3(0.1, 0.2, 0.3));
	result[0] = s.v;
	result[1] = s.dx;
	result[2] = s.dy;
	result[3] = s.dz;
}
`
	var d [4]float32
	err = ctx.Do(func() error {
		prog, err := dispatch.CompileCompute(src)
		if err != nil {
			return err
		}
		defer gl.DeleteProgram(uint32(prog))
		var buf uint32
		gl.CreateBuffers(1, &buf)
		defer gl.DeleteBuffers(1, &buf)
		gl.NamedBufferData(buf, 16, nil, gl.DYNAMIC_READ)
		gl.BindBufferBase(gl.SHADER_STORAGE_BUFFER, 0, buf)
		gl.UseProgram(uint32(prog))
		gl.DispatchCompute(1, 1, 1)
		gl.MemoryBarrier(gl.BUFFER_UPDATE_BARRIER_BIT)
		gl.GetNamedBufferSubData(buf, 0, 16, gl.Ptr(&d[0]))
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	// test vectors A.3 (docs/algorithms.md §10), Perlin 3D at p0 (the same bits as cpu.Sampler.At).
	fmt.Printf("v %.9g  gradient (%.9g, %.9g, %.9g)\n", d[0], d[1], d[2], d[3])
	// Output:
	// v -0.0932549536  gradient (2.59912014, -4.75955248, -6.25235653)
}

// A Sampler on the default headless context fills a slice with noise
// values computed on the GPU. The bits are test vector A.2's Worley F1 3D
// row, as on the CPU (exact on Mesa llvmpipe; other GPUs' sqrt and
// division may differ by an ULP, within the tolerance policy).
func ExampleSampler_Values() {
	ctx, err := dispatch.New(dispatch.Options{}) // headless EGL
	if err != nil {
		log.Fatal(err)
	}
	defer ctx.Close()
	s, err := ctx.NewSampler(noise.Config{
		Noise:    noise.VoronoiWorleyF1,
		Dims:     3,
		Settings: noise.Settings{Seed: 12, Frequency: 3, Octaves: 3, Lacunarity: 2, Persistence: 0.5},
	}, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	pos := []mgl32.Vec3{{0.1, 0.2, 0.3}, {-0.37, 0.61, 0.83}, {1.7, -2.3, 0.45}, {0.5, 0.5, 0.5}}
	out := make([]float32, len(pos))
	if err := s.Values(pos, out); err != nil {
		log.Fatal(err)
	}
	for _, v := range out {
		fmt.Printf("%08X ", math.Float32bits(v))
	}
	fmt.Println()
	// Output:
	// 3EA25050 3EAD4000 3F1224F7 3EEE67F6
}

// Two noises in one fragment shader: each library has its own prefix.
// hills_ (Perlin 3D) takes its settings and domain from uniforms at run
// time (hills_sampleWith, loaded by SetLibraryUniforms: new settings need
// no new shader); cells_ (tiling Worley F2 2D) has its settings baked in.
// The shader is #version 410 core, so it also runs on macOS's OpenGL 4.1.
// Every texel of the 64×64 image agrees with the CPU.
func Example_twoLibraries() {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	headless, err := egl.Open(false)
	if err != nil {
		log.Fatal(err)
	}
	defer headless.Close()
	ctx, err := dispatch.NewCurrent(headless.ProcAddress, false)
	if err != nil {
		log.Fatal(err)
	}
	defer ctx.Close()

	hillsCfg := noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()}
	cellsCfg := noise.Config{Noise: noise.VoronoiWorleyF2, Dims: 2, Tiling: true,
		Settings: noise.Settings{Seed: 7, Frequency: 3, Octaves: 2, Lacunarity: 2, Persistence: 0.5}}
	hills, err := shaders.Library(hillsCfg, &shaders.Options{Prefix: "hills_"})
	if err != nil {
		log.Fatal(err)
	}
	cells, err := shaders.Library(cellsCfg, &shaders.Options{Prefix: "cells_"})
	if err != nil {
		log.Fatal(err)
	}
	const vertex = `#version 410 core
void main() { // one triangle over the viewport
	gl_Position = vec4(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0, 0.0, 1.0);
}
`
	fragment := "#version 410 core\n" + hills + cells + `
uniform hills_Settings hillsSettings;
uniform hills_Domain hillsDomain;
layout(location = 0) out vec2 colour;
void main() {
	vec3 p = vec3(gl_FragCoord.x, 0.0, gl_FragCoord.y) * 0.015625; // pixel centre / 64
	colour = vec2(hills_sampleWith(vec4(p, 0.0), hillsSettings, hillsDomain).v, cells_value(p));
}
`
	// The run-time settings of hills_.
	hillsCfg.Settings = noise.Settings{Seed: 42, Frequency: 6, Octaves: 3, Lacunarity: 2, Persistence: 0.6}
	hillsCfg.Domain = &noise.Domain{Rotation: [3]float32{0, 30, 0}, Scale: [3]float32{1, 1, 1}}

	const size = 64
	texels := make([]float32, 2*size*size)
	err = ctx.Do(func() error {
		prog, err := dispatch.CompileProgram(dispatch.Stage{Type: gl.VERTEX_SHADER, Source: vertex},
			dispatch.Stage{Type: gl.FRAGMENT_SHADER, Source: fragment})
		if err != nil {
			return err
		}
		defer gl.DeleteProgram(uint32(prog))
		dispatch.SetLibraryUniforms(prog, "hillsSettings", "hillsDomain", hillsCfg.Settings, hillsCfg.Domain)
		var tex, fbo, vao uint32
		gl.CreateTextures(gl.TEXTURE_2D, 1, &tex)
		defer gl.DeleteTextures(1, &tex)
		gl.TextureStorage2D(tex, 1, gl.RG32F, size, size)
		gl.CreateFramebuffers(1, &fbo)
		defer gl.DeleteFramebuffers(1, &fbo)
		gl.NamedFramebufferTexture(fbo, gl.COLOR_ATTACHMENT0, tex, 0)
		gl.CreateVertexArrays(1, &vao)
		defer gl.DeleteVertexArrays(1, &vao)
		gl.BindFramebuffer(gl.FRAMEBUFFER, fbo)
		defer gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
		gl.Viewport(0, 0, size, size)
		gl.UseProgram(uint32(prog))
		gl.BindVertexArray(vao)
		gl.DrawArrays(gl.TRIANGLES, 0, 3)
		gl.ReadPixels(0, 0, size, size, gl.RG, gl.FLOAT, gl.Ptr(&texels[0]))
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	for k, cfg := range []noise.Config{hillsCfg, cellsCfg} {
		s, err := cpu.New(cfg)
		if err != nil {
			log.Fatal(err)
		}
		tol := compare.PolicyFor(cfg).Value.Abs
		agree := 0
		for j := 0; j < size; j++ {
			for i := 0; i < size; i++ {
				p := mgl32.Vec3{(float32(i) + 0.5) / size, 0, (float32(j) + 0.5) / size}
				if d := float64(texels[2*(j*size+i)+k] - s.ValueAt(p)); math.Abs(d) <= tol {
					agree++
				}
			}
		}
		fmt.Printf("%s: %d of %d texels agree with the CPU\n", cfg.Noise, agree, size*size)
	}
	// Output:
	// perlin: 4096 of 4096 texels agree with the CPU
	// voronoi-worley-f2: 4096 of 4096 texels agree with the CPU
}
