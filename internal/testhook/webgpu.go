package testhook

// EditWebGPU, filled in by package gpu/webgpu, makes the Sampler built
// from opts (a *webgpu.SamplerOptions) rewrite each kernel's WGSL with
// source and each parameter block with params (either may be nil) before
// use, so a test can show that a wrong shader or wrong parameters are
// caught.
var EditWebGPU func(opts any, source func(string) string, params func([]byte) []byte)
