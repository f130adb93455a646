// Package noise is the vocabulary of the project: the noise types of
// Catlike Coding's Pseudorandom Noise and Pseudorandom Surfaces series
// (and the Rust blog's permutation-table value noise) with their parts,
// the fractal Settings, the Domain transform, the Config that selects a
// variant, and the Sample (a value and its analytical derivatives).
//
// Two backends take a Config and return Samples, with the same bits where
// the hardware allows:
//
//   - package cpu, the exact float32 reference;
//   - package gpu/dispatch, the same noise in OpenGL 4.3 compute shaders
//     (the GLSL is package gpu/shaders), within the tolerance policy of
//     package compare, bit for bit on Mesa's software drivers.
//
// Positions are 3D vectors. 1D noise reads x, 3D noise x, y and z, and 2D
// noise the XZ plane, x and z (the tutorials' convention): cpu.Sampler's
// At2 and ValueAt2 take (x, y) of that plane. 4D noise (every noise but
// Voronoi) also reads w (At4, Values4), and noise.Loop and TorusPoint map
// positions into 4D for looping animations and seamless textures.
//
// Settings.Frequency and Lacunarity are float32 (Frequency: 2.5); a tiling
// Config needs whole numbers, so that tiling holds in every octave (there,
// for a fractional frequency scale the domain: Scale(0.01) with Frequency 1). docs/algorithms.md is the algorithm
// contract: what each noise computes, the exactness rules, the tolerance
// policy and the coordinate range.
package noise
