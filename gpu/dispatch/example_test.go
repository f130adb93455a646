package dispatch_test

import (
	"fmt"
	"log"
	"math"
	"runtime"

	"github.com/go-gl/gl/v4.3-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/gpu/dispatch"
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
	procAddress, release, err := dispatch.HeadlessContext(false)
	if err != nil {
		log.Fatal(err)
	}
	defer release()
	ctx, err := dispatch.NewCurrent(procAddress, false)
	if err != nil {
		log.Fatal(err)
	}
	defer ctx.Close()

	cfg := cpu.Config{Noise: cpu.Perlin, Dims: 3, Settings: cpu.DefaultSettings()}
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
		defer gl.DeleteProgram(prog)
		var buf uint32
		gl.CreateBuffers(1, &buf)
		defer gl.DeleteBuffers(1, &buf)
		gl.NamedBufferData(buf, 16, nil, gl.DYNAMIC_READ)
		gl.BindBufferBase(gl.SHADER_STORAGE_BUFFER, 0, buf)
		gl.UseProgram(prog)
		gl.DispatchCompute(1, 1, 1)
		gl.MemoryBarrier(gl.BUFFER_UPDATE_BARRIER_BIT)
		gl.GetNamedBufferSubData(buf, 0, 16, gl.Ptr(&d[0]))
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	// SPEC Appendix A.3, Perlin 3D at p0 (the same bits as cpu.Sampler.At).
	fmt.Printf("v %.9g  gradient (%.9g, %.9g, %.9g)\n", d[0], d[1], d[2], d[3])
	// Output:
	// v -0.0932549536  gradient (2.59912014, -4.75955248, -6.25235653)
}

// A Sampler on the default headless context fills a slice with noise
// values computed on the GPU. The bits are SPEC Appendix A.2's Worley F1 3D
// row, as on the CPU (exact on Mesa llvmpipe; other GPUs' sqrt and
// division may differ by an ULP, within the tolerance policy).
func ExampleSampler_Values() {
	ctx, err := dispatch.New(dispatch.Options{}) // headless EGL
	if err != nil {
		log.Fatal(err)
	}
	defer ctx.Close()
	s, err := ctx.NewSampler(cpu.Config{
		Noise:    cpu.VoronoiWorleyF1,
		Dims:     3,
		Settings: cpu.Settings{Seed: 12, Frequency: 3, Octaves: 3, Lacunarity: 2, Persistence: 0.5},
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
