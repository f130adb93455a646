// Package cpu is the exact float32 reference of the project's noise: the
// Catlike Coding "Pseudorandom Noise" and "Pseudorandom Surfaces" algorithms
// (SmallXXHash; value, Perlin, simplex and Voronoi noise in 1D–3D with
// turbulence, smooth turbulence, tiling, fractal octaves, domain transforms
// and analytical derivatives) and the Rust blog's permutation-table value
// noise in 1D–4D, as specified by the project's SPEC.md.
//
// Every result reproduces the SPEC's Appendix A bit for bit (±0 equal),
// whatever GOAMD64 level or architecture: no product feeding an addition is
// ever fused into an FMA, constants come from their float32 bit patterns, and
// transcendentals are float64 results rounded to float32.
//
// # Use
//
// Pick a variant and its settings, make a Sampler, and sample points one at
// a time (At, ValueAt) or in batches (Samples, Values), which spread the work
// over GOMAXPROCS goroutines and allocate nothing per point:
//
//	s, err := cpu.New(noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()})
//	v := s.ValueAt(mgl32.Vec3{0.1, 0.2, 0.3})          // value only
//	d := s.At(mgl32.Vec3{0.1, 0.2, 0.3})               // value and derivatives
//
// 1D noise uses the X coordinate, 2D noise X and Z (the XZ plane; Dy is 0),
// 3D noise X, Y and Z, and 4D perm-value noise X, Y, Z and W.
//
// # Coordinate range
//
// The noise is meaningful while every lattice coordinate stays below 2^24 in
// magnitude: |position · frequency · lacunarity^(octaves−1)| < 2^24, after the
// domain transform. Beyond that float32 positions are integers and the
// pattern degenerates to lattice values, but results stay defined and finite:
// lattice coordinates are clamped to ±2^29 before they become cell indices,
// and input coordinates to ±2^64 before the domain transform (so ±Inf acts
// like ±2^64). A NaN in a coordinate the noise uses gives NaN in every
// component of the result; no input panics. Finite input never gives NaN
// (at a Voronoi cell point itself, where the source divides 0 by 0, the
// derivative is defined as 0).
//
// # Speed
//
// Built with GOEXPERIMENT=simd on an AVX2 CPU, the batch value path (Values)
// evaluates eight positions at once with the same float32 operations in the
// same order, so its results are identical to the scalar ones; other builds
// use the scalar code.
package cpu
