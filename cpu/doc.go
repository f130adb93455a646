// Package cpu is the exact float32 reference backend of package noise: the
// Catlike Coding "Pseudorandom Noise" and "Pseudorandom Surfaces"
// algorithms (SmallXXHash; value, Perlin and simplex noise in 1D–4D and
// Voronoi noise in 1D–3D, with turbulence, smooth turbulence, tiling,
// fractal octaves, domain transforms, domain warps and analytical
// derivatives) and the Rust blog's permutation-table value noise in 1D–4D,
// as docs/algorithms.md specifies.
// It takes a noise.Config and returns noise.Samples; package gpu/dispatch
// is its GPU twin.
//
// # Use
//
// Make a Sampler for a variant and sample points one at a time or in
// batches, which spread the work over GOMAXPROCS goroutines and allocate
// nothing per point. 2D noise lies in the XZ plane (the tutorials'
// convention): At2(x, y) and ValueAt2(x, y) sample the point (x, 0, y), and
// the derivatives along the plane come back in Dx and Dz:
//
//	s, err := cpu.New(noise.Config{Noise: noise.Simplex, Dims: 2, Settings: noise.DefaultSettings()})
//	v := s.ValueAt2(0.1, 0.3)                 // 2D: the point (0.1, 0, 0.3)
//	d := s.At2(0.1, 0.3)                      // value and derivatives (in Dx and Dz)
//	err = s.Values(positions, out)            // a batch of mgl32.Vec3 positions
//
// 1D noise reads X; 2D noise X and Z; 3D noise X, Y and Z (At, ValueAt,
// Values, Samples, which also take 1D and 2D noise); 4D noise (every
// noise but Voronoi) X, Y, Z and W, through At4, ValueAt4, Values4 and
// Samples4 (the sample's Dw). Positions of another dimension are a
// mistake, not a truncation: a 4D call on noise of fewer dimensions, a
// 3-component call on 4D noise, or At2/ValueAt2 on 3D or 4D noise. The
// batch calls return it as an error (as they do a short output slice);
// the single-point calls, which return no error so as to stay cheap,
// panic with one line naming the call and the variant. Settings.Frequency may
// be fractional (a whole number for tiling variants; there, scale the
// domain: noise.Scale(0.01) with Frequency 1).
//
// Heightmap and FillGray16 sample a rectangle of the plane into a slice
// or a 16-bit image, as "noise image" does (HeightmapOptions: the area,
// and a seamless mapping for 4D noise).
//
// # Exactness, on every architecture
//
// Every result reproduces the algorithm contract's test vectors bit for bit
// (±0 equal), whatever the GOAMD64 level or architecture: no product that
// feeds an addition is fused into an FMA (each is rounded explicitly,
// float32(a*b) + c), constants come from their float32 bit patterns, and
// transcendentals are float64 results rounded to float32. The per-variant
// code is chosen once, when the Sampler is made, from tables indexed by
// family and dimension (sampleFuncs, valueFuncs, and the batch kernels).
//
// On amd64 the batch paths (Values, and Samples with the derivatives)
// evaluate 16 positions at once with AVX-512 or 8 with AVX2, and ValueAt of
// 3D lattice and simplex noise (and of 2D lattice and simplex noise, one
// octave without a domain) evaluates the corners of the cell at once,
// with the same float32 operations in the same order (a multiply, then an
// add, never a fused one): the same bits as the scalar code. The batches do
// so for lattice, simplex, Worley and Chebyshev noise (every Voronoi
// function and jitter; smooth Worley in 1D, 2D and 3D: values and samples at both levels) and perm-value noise in
// 1D, 2D and 3D, tiling or not, with assembly written by internal/cmd/asmgen (asm_amd64.go,
// kernels_avx2_amd64.s), in every build. The level is an ISA (ISAScalar,
// ISAAVX2, ISAAVX512): the best the CPU runs unless SetISA or the
// environment variable NOISE_ISA choose another; Sampler.ISA tells which a
// Sampler runs. -tags purego, other architectures and other CPUs use the
// scalar code.
//
// # Coordinate range
//
// The noise is meaningful while every lattice coordinate stays below 2^24 in
// magnitude: |position · frequency · lacunarity^(octaves−1)| < 2^24, after the
// domain transform. Beyond that float32 positions are integers and the
// pattern degenerates to lattice values, but results stay defined and finite:
// lattice coordinates are clamped to ±2^29 before they become cell indices,
// and input coordinates to ±2^64 before the domain transform (so ±Inf acts
// like ±2^64). A NaN in a coordinate the noise or the domain uses gives NaN
// in every component of the result; no input panics. Finite input never
// gives NaN (at a Voronoi cell point itself, where the source divides 0 by
// 0, the derivative is defined as 0).
//
// # Earlier names
//
// The vocabulary (Noise, Config, Settings, Domain, Sample and the noise
// constants) lives in package noise; the aliases of the same names here
// (compat.go, all deprecated) keep programs written against the earlier
// cpu API compiling. New code uses package noise's names.
package cpu
