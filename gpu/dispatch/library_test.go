package dispatch

import (
	"testing"
	"unsafe"

	"github.com/go-gl/gl/v4.3-core/gl"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/compare"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/gpu/shaders"
)

// TestLibraryMatchesCPU compiles shaders.Library into a shader of our own
// (settings, domain and permutation table baked in as constants) for a
// spread of configurations and compares noise_sample4 with the CPU.
func TestLibraryMatchesCPU(t *testing.T) {
	ps := &noise.Domain{Translation: [3]float32{0.5, -1, 2}, Rotation: [3]float32{15, 30, -45}, Scale: [3]float32{1.5, 0.5, 2}}
	pn := &noise.Domain{Rotation: [3]float32{-20, 10, 80}, Scale: [3]float32{2, 2, 0.25}, PN: true}
	ps4 := &noise.Domain{Rotation: [3]float32{15, 30, -45}, Scale: [3]float32{1.5, 0.5, 2}, TranslationW: -0.75, ScaleW: 1.5}
	cfgs := []noise.Config{
		{Noise: noise.PermValue, Dims: 4, Tiling: true, Settings: noise.Settings{Seed: -5, Frequency: 3, Octaves: 2, Lacunarity: 2, Persistence: 0.5}, Domain: ps},
		{Noise: noise.Simplex, Dims: 3, Settings: noise.Settings{Seed: 1 << 30, Frequency: 2, Octaves: 4, Lacunarity: 3, Persistence: 0.7}, Domain: pn},
		{Noise: noise.VoronoiChebyshevF2MinusF1, Dims: 2, Tiling: true, Settings: noise.DefaultSettings()},
		{Noise: noise.VoronoiWorleySmoothLSE, Dims: 3, Settings: noise.DefaultSettings()},
		{Noise: noise.PerlinSmoothTurbulence, Dims: 1, Settings: noise.Settings{Seed: 77, Frequency: 16, Octaves: 1, Lacunarity: 2, Persistence: 0.5}},
		{Noise: noise.Simplex, Dims: 4, Settings: noise.Settings{Seed: 9, Frequency: 2, Octaves: 3, Lacunarity: 2, Persistence: 0.5}, Domain: ps4},
		{Noise: noise.PerlinTurbulence, Dims: 4, Tiling: true, Settings: noise.DefaultSettings(), Domain: ps4},
	}
	pos := compare.PositionSets(300, 3)[2].Pos
	for _, cfg := range cfgs {
		lib, err := shaders.Library(cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		src := "#version 430 core\n" + lib + `
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer In { vec4 points[]; };
layout(std430, binding = 1) writeonly buffer Out { float samples[]; };
void main() {
	uint i = gl_GlobalInvocationID.x;
	if (i < uint(points.length())) {
		noise_Sample s = noise_sample4(points[i]);
		samples[5u * i] = s.v;
		samples[5u * i + 1u] = s.dx;
		samples[5u * i + 2u] = s.dy;
		samples[5u * i + 3u] = s.dz;
		samples[5u * i + 4u] = s.dw;
	}
}
`
		got := make([]noise.Sample, len(pos))
		err = testCtx.Do(func() error {
			prog, err := CompileCompute(src)
			if err != nil {
				return err
			}
			defer gl.DeleteProgram(uint32(prog))
			var bufs [2]uint32
			gl.CreateBuffers(2, &bufs[0])
			defer gl.DeleteBuffers(2, &bufs[0])
			gl.NamedBufferData(bufs[0], len(pos)*16, gl.Ptr(&pos[0][0]), gl.STATIC_DRAW)
			gl.NamedBufferData(bufs[1], len(pos)*SampleBytes, nil, gl.DYNAMIC_READ)
			gl.BindBufferBase(gl.SHADER_STORAGE_BUFFER, 0, bufs[0])
			gl.BindBufferBase(gl.SHADER_STORAGE_BUFFER, 1, bufs[1])
			gl.UseProgram(uint32(prog))
			gl.DispatchCompute(uint32((len(pos)+63)/64), 1, 1)
			gl.MemoryBarrier(gl.BUFFER_UPDATE_BARRIER_BIT)
			gl.GetNamedBufferSubData(bufs[1], 0, len(pos)*SampleBytes, unsafe.Pointer(&got[0]))
			return nil
		})
		if err != nil {
			t.Fatalf("%v %dD: %v", cfg.Noise, cfg.Dims, err)
		}
		cs, _ := cpu.New(cfg)
		want := make([]noise.Sample, len(pos))
		if err := samples4Any(cs, cfg.Dims, pos, want); err != nil {
			t.Fatal(err)
		}
		r := compare.Samples(want, got, compare.PolicyFor(cfg))
		if !r.Pass() {
			t.Errorf("%v %dD: %s", cfg.Noise, cfg.Dims, r.Worst(nil))
		}
		t.Logf("%v %dD via Library: max ULP %d", cfg.Noise, cfg.Dims, r.MaxULP())
	}
}
