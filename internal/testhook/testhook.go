// Package testhook reaches what the module's tests need and its public API
// does not show: the packages that own a hook fill these in when they are
// initialised, and tests (here and in the commands' test-only paths) call
// them.
package testhook

// EditSource, filled in by package gpu/dispatch, makes the Sampler built
// from opts (a *dispatch.SamplerOptions) rewrite each kernel source with
// edit before compiling it, so a test can show that a wrong shader is
// caught. Such programs are not shared with other Samplers.
var EditSource func(opts any, edit func(src string) string)
