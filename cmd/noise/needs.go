package main

import (
	"slices"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cmd/internal/cliflag"
)

// The flags each command refuses where they would do nothing (checked by
// cliflag.CheckNeeds after the flags' values are valid): a flag that is
// accepted is a flag that changes the output.

// noGPU is why the GPU flags need -backend gpu.
const noGPU = "the CPU backend has no GL context, driver or shader arithmetic"

// noISA is why -isa needs the CPU backend.
const noISA = "it picks the CPU kernels' instruction-set level, and the GPU backend runs none"

// needs are sample's conditional flags; dims is the noise's dimensions.
func (f *sampleFlags) needs(dims int) []cliflag.Need {
	return slices.Concat(
		f.gpu.Needs(f.backend == "gpu", "-backend gpu", noGPU),
		[]cliflag.Need{cliflag.Needs("isa", f.backend != "gpu", "-backend cpu", noISA)},
		[]cliflag.Need{cliflag.Needs("perm-mode", f.variant.Noise == noise.PermValue, "-noise "+noise.PermValue.String(),
			"it picks how perm-value noise is evaluated, and -noise "+f.variant.Noise.String()+" is not perm-value"),
			cliflag.JitterNeed(f.variant.Noise)},
		f.settings.Needs(true),
		f.domain.Needs(dims == 4, false, "-dims 4", "a non-zero -rotate"),
	)
}

// needs are image's conditional flags, for the pixels' mapping m and the
// noise's dimensions.
func (f *imageFlags) needs(m mapping, dims int) []cliflag.Need {
	loopRadius := cliflag.Needs("loop-radius", m == loopMapping, "-frames N", "the radius of the looping animation's circle")
	switch m {
	case torusMapping:
		loopRadius.Msg = "-loop-radius does nothing with -seamless: it is the radius of -frames N's looping animation, which -seamless does not make"
	case tiledTimeMapping:
		loopRadius.Msg = "-loop-radius does nothing with -frames and -tiling: time then runs along the tiled w axis, not around a circle (leave out -tiling for the loop)"
	}
	return slices.Concat(
		f.gpu.Needs(f.backend == "gpu", "-backend gpu", noGPU),
		[]cliflag.Need{cliflag.Needs("isa", f.backend != "gpu", "-backend cpu", noISA)},
		[]cliflag.Need{
			cliflag.Needs("displacement", f.normals, "-normals", "it is the height K of the normal map's surface y = K·noise, and a value image has no surface"),
			{Flag: "ramp", Holds: !f.normals, Msg: "-ramp does nothing with -normals: a normal map encodes the surface's normal, not the value through a ramp"},
			loopRadius,
			cliflag.JitterNeed(f.variant.Noise),
		},
		f.settings.Needs(true),
		f.domain.Needs(dims == 4, false, "-dims 4, -seamless or -frames", "a non-zero -rotate"),
		[]cliflag.Need{{Flag: "scale", Holds: m != planeMapping || f.domain.Scale.Count != 4,
			Msg: "-scale x,y,z,w: the w scale does nothing on the plane, which 4D noise samples at w = 0; it needs -seamless or -frames (or give x,y,z)"}},
	)
}

// needs are shader's conditional flags: the kernel takes the settings and
// the domain at run time, the library has them baked in (and hands them
// on through PREFIXsettings() and PREFIXdomain(), so that a setting the
// flags make ineffective still shows there) but has no -deriv and no
// #version line.
func (f *shaderFlags) needs() []cliflag.Need {
	if !f.library {
		return cliflag.NeedLibrary("-library",
			"the compute kernel takes the settings and the domain at run time, as the uniforms noiseSettings and noiseDomain")
	}
	return slices.Concat(
		[]cliflag.Need{
			{Flag: "deriv", Msg: "-deriv does nothing with -library: the library has both PREFIXvalue (the value) and PREFIXsample (value and derivatives); -deriv is for the compute kernel"},
			{Flag: "version", Msg: "-version does nothing with -library: the library has no #version line (include it after yours, 410 core or later); -version is for the compute kernel"},
		},
		f.settings.Needs(false),
		[]cliflag.Need{cliflag.JitterNeed(f.variant.Noise)},
		f.domain.Needs(f.variant.Dims == 4, false, "-dims 4", "a non-zero -rotate"),
	)
}

// noGL is why -context and -driver need bench's GL backend.
func noGL(backend string) string {
	if backend == "webgpu" {
		return "it picks the OpenGL context or driver, and Dawn (-backend webgpu) opens its own"
	}
	return noGPU
}

// needs are bench's conditional flags.
func (o *benchOptions) needs() []cliflag.Need {
	return slices.Concat(
		[]cliflag.Need{
			cliflag.Needs("context", o.gpuOn(), "-backend gpu or both", noGL(o.backend)),
			cliflag.Needs("driver", o.gpuOn(), "-backend gpu or both", noGL(o.backend)),
			cliflag.Needs("arith", o.gpuOn() || o.webgpuOn(), "-backend gpu, both or webgpu", noGPU),
			cliflag.Needs("gpu-points", o.gpuOn() || o.webgpuOn(), "-backend gpu, both or webgpu", "it is the positions per GPU call, and -backend cpu measures no GPU"),
			cliflag.Needs("isa", o.cpu(), "-backend cpu or both", noISA),
			cliflag.Needs("runs", o.cpu(), "-backend cpu or both", "it is the runs per CPU cell, and the GPU rows are timed over the whole -duration"),
		},
		o.settings.Needs(true),
	)
}
