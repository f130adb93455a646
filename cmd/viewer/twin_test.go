package main

import (
	"math"
	"os"
	"runtime"
	"testing"
	"unsafe"

	"github.com/go-gl/gl/v4.3-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/gpu/dispatch"
	"github.com/noiselab/noise/gpu/dispatch/egl"
)

// twinKernel runs the vertex shaders' displace (common.glsl) in a compute
// shader over packed positions, normals and samples.
const twinKernel = `
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer In { float inputs[]; };   // p, n, s: 10 floats per point
layout(std430, binding = 1) writeonly buffer Out { float outputs[]; }; // pos, normal: 6 floats
uniform int shape;
uniform float displacement;
uniform uint count;

void main() {
	uint i = gl_GlobalInvocationID.x;
	if (i >= count) return;
	uint o = 10u * i;
	vec3 p = vec3(inputs[o], inputs[o + 1u], inputs[o + 2u]);
	vec3 n = vec3(inputs[o + 3u], inputs[o + 4u], inputs[o + 5u]);
	vec4 s = vec4(inputs[o + 6u], inputs[o + 7u], inputs[o + 8u], inputs[o + 9u]);
	vec3 pos, normal;
	displace(shape, p, n, s, displacement, pos, normal);
	for (uint k = 0u; k < 3u; k++) {
		outputs[6u * i + k] = pos[k];
		outputs[6u * i + 3u + k] = normal[k];
	}
}
`

// TestDisplaceGLSLMatchesGo: the GLSL displace the surface look draws with
// gives the vertices and normals of the Go displace that the geometry
// tests check, on every shape (headless EGL; no display needed).
func TestDisplaceGLSLMatchesGo(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	headless, err := egl.Open(false)
	if err != nil {
		if os.Getenv("NOISE_REQUIRE_GPU") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	defer headless.Close()
	ctx, err := dispatch.NewCurrent(headless.ProcAddress, false)
	if err != nil {
		t.Fatal(err)
	}
	defer ctx.Close()
	prog, err := dispatch.CompileCompute("#version 430 core\n" + mustRead("shaders/common.glsl") + twinKernel)
	if err != nil {
		t.Fatal(err)
	}
	defer gl.DeleteProgram(uint32(prog))

	cs, err := cpu.New(noise.Config{Noise: noise.Simplex, Dims: 3, Settings: noise.Settings{Frequency: 3, Octaves: 2, Lacunarity: 2, Persistence: 0.5},
		Domain: &noise.Domain{Rotation: [3]float32{10, 40, 0}, Scale: [3]float32{2, 2, 2}}})
	if err != nil {
		t.Fatal(err)
	}
	const disp = 0.3
	for _, sh := range viewerShapes {
		m := buildMesh(sh, Surface, 24)
		n := len(m.Positions)
		samples := make([]noise.Sample, n)
		if err := cs.Samples(m.Positions, samples); err != nil {
			t.Fatal(err)
		}
		in := make([]float32, 0, 10*n)
		for i := range m.Positions {
			s := samples[i]
			in = append(in, m.Positions[i][:]...)
			in = append(in, m.Normals[i][:]...)
			in = append(in, s.V, s.Dx, s.Dy, s.Dz)
		}
		out := make([]float32, 6*n)
		var bufs [2]uint32
		gl.GenBuffers(2, &bufs[0])
		gl.BindBufferBase(gl.SHADER_STORAGE_BUFFER, 0, bufs[0])
		gl.BufferData(gl.SHADER_STORAGE_BUFFER, len(in)*4, unsafe.Pointer(&in[0]), gl.STATIC_DRAW)
		gl.BindBufferBase(gl.SHADER_STORAGE_BUFFER, 1, bufs[1])
		gl.BufferData(gl.SHADER_STORAGE_BUFFER, len(out)*4, nil, gl.STATIC_READ)
		p := uint32(prog)
		gl.UseProgram(p)
		gl.Uniform1i(gl.GetUniformLocation(p, gl.Str("shape\x00")), int32(sh))
		gl.Uniform1f(gl.GetUniformLocation(p, gl.Str("displacement\x00")), disp)
		gl.Uniform1ui(gl.GetUniformLocation(p, gl.Str("count\x00")), uint32(n))
		gl.DispatchCompute(uint32((n+63)/64), 1, 1)
		gl.MemoryBarrier(gl.BUFFER_UPDATE_BARRIER_BIT)
		gl.GetBufferSubData(gl.SHADER_STORAGE_BUFFER, 0, len(out)*4, unsafe.Pointer(&out[0]))
		gl.DeleteBuffers(2, &bufs[0])

		var worstPos, worstNrm float64
		for i := range m.Positions {
			pos, nrm := displace(sh, m.Positions[i], m.Normals[i], samples[i], disp)
			gpuPos := mgl32.Vec3{out[6*i], out[6*i+1], out[6*i+2]}
			gpuNrm := mgl32.Vec3{out[6*i+3], out[6*i+4], out[6*i+5]}
			worstPos = math.Max(worstPos, float64(pos.Sub(gpuPos).Len()))
			worstNrm = math.Max(worstNrm, float64(nrm.Sub(gpuNrm).Len()))
		}
		// A few float32 roundings apart at most (sqrt, division and the
		// order of dot products may differ): far below a pixel.
		if worstPos > 1e-6 || worstNrm > 1e-5 {
			t.Errorf("%s: GLSL and Go displace differ by up to %g in position and %g in normal", sh, worstPos, worstNrm)
		}
		t.Logf("%s: %d vertices, max difference %g (position), %g (normal)", sh, n, worstPos, worstNrm)
	}
}
