//go:build amd64 && !purego

package cpu

import (
	"fmt"
	"math"
	"sync"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
)

// On amd64, batches of lattice noise (value and Perlin gradients), simplex
// noise (value and simplex gradients), Worley and Chebyshev noise and
// perm-value noise (its table read by gathers) in 1D, 2D and 3D, tiling or
// not, and 4D lattice and simplex noise (Values4 and Samples4), run in
// assembly (kernels_avx2_amd64.s,
// written by internal/cmd/asmgen from the scalar code, operation for
// operation: the same bits), at one of two levels (ISA):
//
//   - values (Values): batch kernels of 8 lanes (AVX2) or 16 (AVX-512),
//     each call one octave over a chunk of positions, the combine step,
//     the Voronoi function, the fractal mode's shape and the octave sum
//     included (kernels_batch_amd64.go names them); the positions are
//     split into axes and clamped by prepareBatch, or by Go with a domain;
//   - values with derivatives (Samples): each batch kernel's derivative
//     twin, the same loop with every component of the sample (the
//     derivatives' frequency scale included), whose last octave stores the
//     samples themselves, or with a domain (or a short chunk)
//     storeSamplesAVX2 or AVX512 after it (the domain's derivative matrix
//     and the interleave into samples);
//   - a domain warp (warp_amd64.go): the warp's simplex-value octaves
//     through the same batch kernels, before the noise's octaves;
//   - 4D values (Values4): the 4D lattice and simplex kernels (run4), one
//     call per octave as above, over x, y, z and w arrays that Go prepares
//     position by position (prepare: the NaN test, the clamp, the domain);
//   - 4D values with derivatives (Samples4): their derivative twins
//     (runDeriv4), the same loop with the fifth component dw, whose last
//     octave of a whole chunk without a domain stores the samples itself;
//   - single 3D lattice and simplex positions (ValueAt): the cell's
//     corners in the lanes of an AVX2 kernel;
//   - 2D and 3D smooth Worley values (smooth_amd64.go): a kernel per
//     octave walks the cells and keeps one accumulator of the smooth
//     minimum (exp in float64, rounded to float32), another takes the
//     log of the exp sums, and Go finishes each position; their Samples
//     (warped too) through derivative twins carrying the
//     accumulators' derivatives, F1 and F2 at fBm finished by a kernel
//     too (samplesSmooth).
//
// The ISA level (CurrentISA when the Sampler is made) picks them; at
// ISAScalar none runs. Build with -tags purego for the scalar code alone.

var (
	cpuAVX2   = hasAVX2()
	cpuAVX512 = cpuAVX2 && hasAVX512()
)

// archISAs is SupportedISAs on amd64.
func archISAs() []ISA {
	switch {
	case cpuAVX512:
		return []ISA{ISAScalar, ISAAVX2, ISAAVX512}
	case cpuAVX2:
		return []ISA{ISAScalar, ISAAVX2}
	}
	return []ISA{ISAScalar}
}

// isaLacks says why level l cannot run on this CPU.
func isaLacks(l ISA) string {
	if l == ISAAVX2 || !cpuAVX2 {
		return "this CPU (or its OS) lacks AVX2"
	}
	return "this CPU (or its OS) lacks AVX-512F"
}

// batchKernelFor picks the batch kernel for c at level l, or none when
// the level is scalar or the variant has none (smooth Worley). A domain
// warp runs through the simplex-value kernels first (warpChunk: in 1 to 3
// dimensions, the 3D warp of x, y and z for 4D noise); 4D lattice,
// simplex and perm-value noise have value kernels (run4: Values4) and
// their derivative twins (runDeriv4: Samples4). Worley and Chebyshev
// noise have a kernel for every function and jitter: F1 (alone) and F2, F2 − F1,
// F1 + F2, F1·F2 and F1/F2 (the mode word's function) at jitter 1, the
// same with a jitter other than 1 (Jitter kernels: F1 too), and the cell
// value at any jitter (Cell kernels).
func batchKernelFor(c noise.Config, l ISA) batchKernel {
	p := c.Noise.Parts()
	if l < ISAAVX2 {
		return noBatch
	}
	if c.Dims == 4 && p.Family != noise.FamilyLattice && p.Family != noise.FamilySimplex && p.Family != noise.FamilyPerm {
		return noBatch
	}
	t := ""
	if c.Tiling {
		t = "Tiling"
	}
	var name string
	switch {
	case p.Family == noise.FamilyLattice:
		name = fmt.Sprintf("%sLattice%dD%s", map[bool]string{false: "value", true: "perlin"}[p.Gradient == noise.GradientPerlin], c.Dims, t)
	case p.Family == noise.FamilySimplex && !c.Tiling:
		name = fmt.Sprintf("%sSimplex%dD", map[bool]string{false: "value", true: "simplex"}[p.Gradient == noise.GradientSimplex], c.Dims)
	case p.Family == noise.FamilyPerm:
		name = fmt.Sprintf("permValue%dD%s", c.Dims, t)
	case p.Family == noise.FamilyVoronoi && p.Metric != noise.MetricSmoothWorley:
		metric := "worley"
		switch {
		case c.Dims == 1:
			metric = "voronoi" // Chebyshev 1D is Worley 1D
		case p.Metric == noise.MetricChebyshev:
			metric = "chebyshev"
		}
		kind := ""
		switch {
		case p.Function == noise.FunctionCellValue:
			kind = "Cell"
		case c.Settings.JitterAmount() != 1:
			kind = "Jitter"
		case p.Function == noise.FunctionF1:
			kind = "F1"
		}
		name = fmt.Sprintf("%s%dD%s%s", metric, c.Dims, t, kind)
	default:
		return noBatch
	}
	for i, n := range batchNames {
		if n == name {
			return batchKernel(i)
		}
	}
	panic("cpu: no batch kernel " + name)
}

func (k batchKernel) ok() bool { return k != noBatch }

// batchMode is the kernels' mode word of a Sampler, without first and
// last: the combine step of lattice and simplex noise in bits 0–1
// (noise.Combiner code), the fractal mode in bits 2–3 (noise.Fractal
// codes: fBm, ridged, billow, ping-pong) and the Voronoi function in bits
// 8–10 (noise.Function code; the F1 and cell kernels ignore it).
func batchMode(vp *variantParams, f noise.Fractal) int32 {
	return int32(vp.comb) | int32(f)<<2 | int32(vp.function)<<batchFnShift
}

// batchFnShift is the position of the Voronoi function in the mode word.
const batchFnShift = 8

// batchJitter is the jitter and its offset that the Voronoi jitter and
// cell kernels read: the variant's, or 1 and +0 at jitter 1 ((F·1) + 0 is
// F).
func batchJitter(vp *variantParams) (jit, jitC float32) {
	if vp.jit {
		return vp.jitter, vp.jitterC
	}
	return 1, 0
}

const (
	batchFirst = 16 // the kernels' mode bit: the octave sum starts at +0
	batchLast  = 32 // and: the octave sum is divided by ampSum
	batchUnit  = 64 // and: amp is 1 (v·1 is v: no multiply)
	// batchStore is the derivative kernels' mode bit: with batchLast, the
	// sums go to dst as samples (their +0 dw included), not to out.
	batchStore = 128
	// batchChunk is the positions a batch call takes, a multiple of every
	// kernel's lanes × groups.
	batchChunk = 256
)

// batchLanes reports whether the batch kernels run at AVX-512 (wide) and
// their lanes: 16 there, else 8 (AVX2).
func (s *Sampler) batchLanes() (wide bool, lanes int) {
	if s.isa == ISAAVX512 {
		return true, 16
	}
	return false, 8
}

// octaveMode is the batch kernels' mode word for octave oc: s.bmode, and
// batchFirst on the first octave, batchLast on the last unless ampSum is 1
// (s / 1 is s), batchUnit where the octave's amp is 1 (v·1 is v), and
// batchStore on the last if store (a derivative kernel's whole chunk
// without a domain, stored to out by the kernel itself).
func (s *Sampler) octaveMode(oc int, store bool) int32 {
	m := s.bmode
	if oc == 0 {
		m |= batchFirst
	}
	if oc == s.oct.n-1 {
		if s.oct.ampSum != 1 {
			m |= batchLast
		}
		if store {
			m |= batchStore
		}
	}
	if s.oct.amp[oc] == 1 {
		m |= batchUnit
	}
	return m
}

// batchBuf holds a chunk's prepared positions and its results (the 4D
// derivative kernels' dw after dz), each array
// aligned to 64 bytes (a vector load or store that crosses a cache line
// costs about twice as much), and a padded copy of a short chunk's
// positions. Buffers come from batchBufs: heap objects do not move.
type batchBuf struct {
	raw            [9*batchChunk + 16]float32
	x, y, z, o     *[batchChunk]float32 // views of raw
	dx, dy, dz, dw *[batchChunk]float32 // and the derivatives after o (derivStride)
	w              *[batchChunk]float32 // the fourth coordinate (run4, runDeriv4)
	pos            [batchChunk]mgl32.Vec3
}

// The derivative kernels write component c at o + c·derivStride.
var _ [batchChunk - derivStride]struct{}
var _ [derivStride - batchChunk]struct{}

var batchBufs = sync.Pool{New: func() any {
	b := new(batchBuf)
	off := int((64 - uintptr(unsafe.Pointer(&b.raw[0]))%64) % 64 / 4)
	arr := func(i int) *[batchChunk]float32 { return (*[batchChunk]float32)(b.raw[off+i*batchChunk:]) }
	b.x, b.y, b.z, b.o = arr(0), arr(1), arr(2), arr(3)
	b.dx, b.dy, b.dz, b.dw = arr(4), arr(5), arr(6), arr(7)
	b.w = arr(8)
	return b
}}

// prepareChunk splits a chunk of positions into b's x, y and z, padded
// with zeros to a whole number np of vectors of lanes: clamped to ±2^64 by
// prepareBatch (prepareBatchXZ for 2D noise, which leaves b.y alone: no
// 2D kernel reads it), or prepared per position with a domain. nans reports
// whether a coordinate the noise or the domain reads is NaN somewhere.
func (s *Sampler) prepareChunk(b *batchBuf, chunk []mgl32.Vec3, lanes int, wide bool) (np int, nans bool) {
	n := len(chunk)
	np = (n + lanes - 1) &^ (lanes - 1)
	src := chunk
	if np != n {
		copy(b.pos[:], chunk)
		clear(b.pos[n:np])
		src = b.pos[:np]
	}
	if s.domain {
		for l, p := range src {
			q, ok := s.prepare(point{p[0], p[1], p[2], 0})
			b.x[l], b.y[l], b.z[l] = q.x, q.y, q.z
			nans = nans || !ok
		}
		return np, nans
	}
	var axes uint32
	switch {
	case s.cfg.Dims == 2 && wide: // 2D noise and its warp read x and z alone
		axes = prepareBatchXZAVX512(&src[0][0], np, &b.x[0], &b.z[0])
	case s.cfg.Dims == 2:
		axes = prepareBatchXZAVX2(&src[0][0], np, &b.x[0], &b.z[0])
	case wide:
		axes = prepareBatchAVX512(&src[0][0], np, &b.x[0], &b.y[0], &b.z[0])
	default:
		axes = prepareBatchAVX2(&src[0][0], np, &b.x[0], &b.y[0], &b.z[0])
	}
	return np, uint8(axes)&s.nanAxes != 0
}

// valuesBatch is valuesRange through the batch kernel: a chunk at a time,
// prepared (prepareBatch, or prepare per position with a domain), warped
// (warpChunk) if the settings warp the domain, one kernel call per octave
// (into out itself for a whole chunk), then NaN where the input is.
func (s *Sampler) valuesBatch(pos []mgl32.Vec3, out []float32) {
	if d := s.valuesAoS(pos, out); d > 0 {
		if pos, out = pos[d:], out[d:]; len(pos) == 0 {
			return
		}
	}
	b := batchBufs.Get().(*batchBuf)
	defer batchBufs.Put(b)
	var wb *warpBuf
	if s.warp != nil {
		wb = warpBufs.Get().(*warpBuf)
		defer warpBufs.Put(wb)
	}
	wide, lanes := s.batchLanes()
	x, y, z, o := &b.x[0], &b.y[0], &b.z[0], &b.o[0]
	jit, jitC := batchJitter(&s.vp)
	for i := 0; i < len(pos); i += batchChunk {
		chunk := pos[i:min(i+batchChunk, len(pos))]
		n := len(chunk)
		np, nans := s.prepareChunk(b, chunk, lanes, wide)
		if wb != nil {
			s.warpChunk(b, wb, np, wide, false)
		}
		// the octave sums go straight to out for a whole chunk, else
		// through b.o: a kernel runs whole iterations of up to 64 lanes,
		// past the padding of a shorter chunk (TestBatchStaysInBounds)
		o := o
		if n == batchChunk {
			o = &out[i]
		}
		for oc := 0; oc < s.oct.n; oc++ {
			m := s.octaveMode(oc, false)
			s.bk.run(wide, x, y, z, o, np, uint32(s.hash.Add(int32(oc))), s.oct.freq[oc], s.oct.amp[oc], s.oct.ampSum, s.pp, m, jit, jitC, (*uint8)(unsafe.Pointer(s.vp.perm)))
		}
		if n != batchChunk {
			copy(out[i:i+n], b.o[:n])
		}
		if nans {
			for l, p := range chunk {
				if s.usesNaN(point{p[0], p[1], p[2], 0}) {
					out[i+l] = nan32
				}
			}
		}
	}
}

// valuesAoS runs the AoS twin of the batch kernel of a 2D or 3D noise that
// is not tiling and reads no table (valueLattice2DAoSBatch…,
// internal/cmd/asmgen/wideaos.go: value and Perlin lattice, value and
// simplex gradient simplex, Worley and Chebyshev with every function and
// jitter) on the positions up to the last whole chunk and returns how
// many it did: 0 where there is no twin, or the settings need more than
// one kernel call on prepared positions (a domain, a warp, octaves) or a
// frequency outside [2^−35, MaxFloat32] ([2^−34, MaxFloat32] for simplex
// noise), where the twins' missing clamp to ±2^64 would matter. The twin
// reads pos itself (no prepareBatch pass) and reports NaN coordinates,
// which then get NaN as after prepareBatch.
//
// The clamp: every kernel's coordinates are c = x·k, clamped to ±2^29
// (clampCoord) before anything else reads them, with k = f for lattice
// and Voronoi noise and fl(f·invSqrt3) or fl(f·0.6) for simplex 2D and
// 3D, so k is finite and at least 2^−35 (fl(2^−34·0.577…) and
// fl(2^−34·0.6) are above 2^−35: the product rounds monotonically). Then
// a coordinate x with |x| > 2^64 (±Inf included) gives |x·k| ≥ fl(2^64·k)
// ≥ 2^29 with x's sign, and so does the clamped ±2^64: clampCoord takes
// both to the same ±2^29; below 2^64 the clamp is the identity.
func (s *Sampler) valuesAoS(pos []mgl32.Vec3, out []float32) int {
	n := len(pos) &^ (batchChunk - 1) // a multiple of every kernel's lanes × groups
	if n == 0 || s.warp != nil || s.domain || s.oct.n != 1 {
		return 0
	}
	f := s.oct.freq[0]
	if !(f >= 0x1p-35 && f <= math.MaxFloat32) {
		return 0
	}
	wide, _ := s.batchLanes()
	var nans uint32
	p, o := &pos[0][0], &out[0]
	h, amp, ampSum, m := uint32(s.hash.Add(0)), s.oct.amp[0], s.oct.ampSum, s.octaveMode(0, false)
	if simplexAoS(s.bk) && f < 0x1p-34 {
		return 0
	}
	jit, jitC := batchJitter(&s.vp)
	if !s.bk.runAoS(wide, p, &nans, o, n, h, f, amp, ampSum, s.pp, m, jit, jitC) {
		return 0
	}
	if nans != 0 {
		for l, q := range pos[:n] {
			if s.usesNaN(point{q[0], q[1], q[2], 0}) {
				out[l] = nan32
			}
		}
	}
	return n
}

// simplexAoS reports whether k is a simplex kernel, whose lattice scale is
// f·invSqrt3 or f·0.6 (valuesAoS).
func simplexAoS(k batchKernel) bool {
	switch k {
	case bkValueSimplex2D, bkSimplexSimplex2D, bkValueSimplex3D, bkSimplexSimplex3D:
		return true
	}
	return false
}

// values4Batch is values4Range through the 4D batch kernel: a chunk at a
// time, each position prepared (prepare: the NaN test, the clamp and the
// domain) into b's x, y, z and w, padded with zeros to a whole number of
// vectors, warped (warpChunk: x, y and z) if the settings warp the domain,
// one kernel call per octave, then NaN where the input is.
func (s *Sampler) values4Batch(pos []mgl32.Vec4, out []float32) {
	b := batchBufs.Get().(*batchBuf)
	defer batchBufs.Put(b)
	var wb *warpBuf
	if s.warp != nil {
		wb = warpBufs.Get().(*warpBuf)
		defer warpBufs.Put(wb)
	}
	wide, lanes := s.batchLanes()
	x, y, z, w, o := &b.x[0], &b.y[0], &b.z[0], &b.w[0], &b.o[0]
	for i := 0; i < len(pos); i += batchChunk {
		chunk := pos[i:min(i+batchChunk, len(pos))]
		n := len(chunk)
		np, nans := s.prepareChunk4(b, chunk, lanes)
		if wb != nil {
			s.warpChunk(b, wb, np, wide, false) // x, y and z: a 4D noise's warp is 3D (newWarp)
		}
		o := o // as in valuesBatch: out itself for a whole chunk
		if n == batchChunk {
			o = &out[i]
		}
		for oc := 0; oc < s.oct.n; oc++ {
			m := s.octaveMode(oc, false)
			s.bk.run4(wide, x, y, z, w, o, np, uint32(s.hash.Add(int32(oc))), s.oct.freq[oc], s.oct.amp[oc], s.oct.ampSum, s.pp, m, (*uint8)(unsafe.Pointer(s.vp.perm)))
		}
		if n != batchChunk {
			copy(out[i:i+n], b.o[:n])
		}
		if nans {
			for l, p := range chunk {
				if s.usesNaN(point{p[0], p[1], p[2], p[3]}) {
					out[i+l] = nan32
				}
			}
		}
	}
}

// prepareChunk4 prepares a chunk of 4D positions into b's x, y, z and w
// (prepare: the NaN test, the clamp and the domain), padded with zeros to
// a whole number np of vectors of lanes. nans reports whether a
// coordinate the noise or the domain reads is NaN somewhere.
func (s *Sampler) prepareChunk4(b *batchBuf, chunk []mgl32.Vec4, lanes int) (np int, nans bool) {
	n := len(chunk)
	np = (n + lanes - 1) &^ (lanes - 1)
	for l, p := range chunk {
		q, ok := s.prepare(point{p[0], p[1], p[2], p[3]})
		b.x[l], b.y[l], b.z[l], b.w[l] = q.x, q.y, q.z, q.w
		nans = nans || !ok
	}
	clear(b.x[n:np])
	clear(b.y[n:np])
	clear(b.z[n:np])
	clear(b.w[n:np])
	return np, nans
}

// samples4Batch is samples4Range through the 4D batch kernel's derivative
// twin: a chunk at a time, prepared as values4Batch prepares it, one
// kernel call per octave (the value and the four derivatives in b.o,
// b.dx, b.dy, b.dz and b.dw; the last octave of a whole chunk without a
// domain or a warp stores the samples to out itself), else Go stores
// them, through the warp's Jacobian (warpDerivatives) and the domain's
// derivative matrix (and dw times its w scale) as sampleAt does; then NaN
// where the input is.
func (s *Sampler) samples4Batch(pos []mgl32.Vec4, out []noise.Sample) {
	b := batchBufs.Get().(*batchBuf)
	defer batchBufs.Put(b)
	var wb *warpBuf
	if s.warp != nil {
		wb = warpBufs.Get().(*warpBuf)
		defer warpBufs.Put(wb)
	}
	wide, lanes := s.batchLanes()
	x, y, z, w, o := &b.x[0], &b.y[0], &b.z[0], &b.w[0], &b.o[0]
	for i := 0; i < len(pos); i += batchChunk {
		chunk := pos[i:min(i+batchChunk, len(pos))]
		n := len(chunk)
		np, nans := s.prepareChunk4(b, chunk, lanes)
		if wb != nil {
			s.warpChunk(b, wb, np, wide, true)
		}
		direct := n == batchChunk && !s.domain && wb == nil
		for oc := 0; oc < s.oct.n; oc++ {
			md := s.octaveMode(oc, direct)
			s.bk.runDeriv4(wide, x, y, z, w, o, np, uint32(s.hash.Add(int32(oc))), s.oct.freq[oc], s.oct.amp[oc], s.oct.ampSum, s.pp, md, &out[i].V, (*uint8)(unsafe.Pointer(s.vp.perm)))
		}
		if wb != nil {
			s.warpDerivatives(b, wb, n) // Jᵀ·(dx, dy, dz); the warp leaves w, and dw, alone
		}
		if !direct {
			for l := range n {
				r := noise.Sample{V: b.o[l], Dx: b.dx[l], Dy: b.dy[l], Dz: b.dz[l], Dw: b.dw[l]}
				if s.domain {
					d := s.tr.applyDerivative([3]float32{r.Dx, r.Dy, r.Dz})
					r.Dx, r.Dy, r.Dz, r.Dw = d[0], d[1], d[2], float32(r.Dw*s.tr.sw)
				}
				out[i+l] = r
			}
		}
		if nans {
			for l, p := range chunk {
				if s.usesNaN(point{p[0], p[1], p[2], p[3]}) {
					out[i+l] = nanSample
				}
			}
		}
	}
}

func simdStatus(l ISA) (bool, string) {
	switch l {
	case ISAAVX512:
		return true, "AVX-512 assembly (level avx512): 16-lane batches (values and derivatives) and single points (3D lattice, its hashes in quadwords; AVX2: 3D simplex, 2D and 3D Worley F1); lattice, simplex, Worley and Chebyshev (every function and jitter) and perm-value noise, 1D to 3D, tiling too; 4D lattice, simplex and perm-value noise (values and derivatives), warped too; smooth Worley values and samples, 1D to 3D"
	case ISAAVX2:
		return true, "AVX2 assembly (level avx2): 8-lane batches and single points (3D lattice and simplex, 2D and 3D Worley F1); lattice, simplex, Worley and Chebyshev (every function and jitter) and perm-value noise, 1D to 3D, tiling too; 4D lattice, simplex and perm-value noise (values and derivatives), warped too; smooth Worley values and samples, 1D to 3D"
	}
	if !cpuAVX2 {
		return false, "the CPU lacks AVX2: scalar code"
	}
	return false, "level scalar (chosen by SetISA or NOISE_ISA): scalar code"
}

// samplesBatch is samplesRange through the batch kernel's derivative twin:
// a chunk at a time, prepared as valuesBatch prepares it, one kernel call
// per octave (the value and the derivatives the noise has, in b.o, b.dx,
// b.dy and b.dz; the last octave of a whole chunk without a domain
// stores the samples to out itself), else storeSamplesAVX2 or AVX512 (the
// derivative matrix of the domain, if any, and the interleave into
// samples), then NaN where the input is. The derivatives the noise has
// not (dy in 2D, dy and dz in 1D) and dw are +0 after the octave sum
// whatever their value in each octave (±0, and +0 + ±0 is +0; dw is never
// computed), as sampleAt gives them (dw times the domain's w scale): the
// kernels leave them alone, and they are cleared once here (each chunk
// with a warp, whose Jacobian writes all three). A warp moves the
// positions first (warpChunk), and its Jacobian turns the octave sums'
// derivatives before the store (warpDerivatives).
func (s *Sampler) samplesBatch(pos []mgl32.Vec3, out []noise.Sample) {
	if d := s.samplesAoS(pos, out); d > 0 {
		if pos, out = pos[d:], out[d:]; len(pos) == 0 {
			return
		}
	}
	b := batchBufs.Get().(*batchBuf)
	defer batchBufs.Put(b)
	var wb *warpBuf
	if s.warp != nil {
		wb = warpBufs.Get().(*warpBuf)
		defer warpBufs.Put(wb)
	}
	wide, lanes := s.batchLanes()
	switch s.cfg.Dims {
	case 1:
		clear(b.dy[:])
		clear(b.dz[:])
	case 2:
		clear(b.dy[:])
	}
	m, dw := s.storeMatrix()
	x, y, z, o := &b.x[0], &b.y[0], &b.z[0], &b.o[0]
	jit, jitC := batchJitter(&s.vp)
	for i := 0; i < len(pos); i += batchChunk {
		chunk := pos[i:min(i+batchChunk, len(pos))]
		n := len(chunk)
		np, nans := s.prepareChunk(b, chunk, lanes, wide)
		if wb != nil {
			if i > 0 {
				switch s.cfg.Dims {
				case 1:
					clear(b.dy[:])
					clear(b.dz[:])
				case 2:
					clear(b.dy[:])
				}
			}
			s.warpChunk(b, wb, np, wide, true)
		}
		// A whole chunk without a domain or a warp goes from the last
		// octave's sums to out directly; else through storeSamples.
		direct := n == batchChunk && !s.domain && wb == nil
		for oc := 0; oc < s.oct.n; oc++ {
			md := s.octaveMode(oc, direct)
			s.bk.runDeriv(wide, x, y, z, o, np, uint32(s.hash.Add(int32(oc))), s.oct.freq[oc], s.oct.amp[oc], s.oct.ampSum, s.pp, md, jit, jitC, &out[i].V, (*uint8)(unsafe.Pointer(s.vp.perm)))
		}
		if wb != nil {
			s.warpDerivatives(b, wb, n)
		}
		nv := n &^ (lanes - 1) // whole vectors: the store kernel's; the rest here
		if direct {
			nv = n
		} else if nv > 0 {
			if wide {
				storeSamplesAVX512(o, &out[i].V, nv, &m, s.domain)
			} else {
				storeSamplesAVX2(o, &out[i].V, nv, &m, s.domain)
			}
		}
		s.sampleChunkTail(b, chunk, out[i:i+n], nv, dw, nans)
	}
}

// samplesAoS is valuesAoS for Samples: the AoS twin of the derivative
// kernel (valueLattice2DAoSDerivBatch…, internal/cmd/asmgen/wideaos.go,
// aosDeriv: value and Perlin lattice 2D and 3D, and at AVX2 simplex 2D and
// 3D, where they paid) runs a whole chunk at a time, its one octave storing the samples
// to out itself (batchStore), on the positions up to the last whole chunk
// under valuesAoS's conditions (and its argument for the missing clamp),
// and it returns how many it did. A NaN coordinate's sample is nanSample,
// as after prepareBatch.
func (s *Sampler) samplesAoS(pos []mgl32.Vec3, out []noise.Sample) int {
	n := len(pos) &^ (batchChunk - 1)
	if n == 0 || s.warp != nil || s.domain || s.oct.n != 1 {
		return 0
	}
	f := s.oct.freq[0]
	if !(f >= 0x1p-35 && f <= math.MaxFloat32) || simplexAoS(s.bk) && f < 0x1p-34 {
		return 0
	}
	wide, _ := s.batchLanes()
	b := batchBufs.Get().(*batchBuf)
	defer batchBufs.Put(b)
	h, amp, ampSum, m := uint32(s.hash.Add(0)), s.oct.amp[0], s.oct.ampSum, s.octaveMode(0, true)
	jit, jitC := batchJitter(&s.vp)
	for i := 0; i < n; i += batchChunk {
		var nans uint32
		if !s.bk.runAoSDeriv(wide, &pos[i][0], &nans, &b.o[0], batchChunk, h, f, amp, ampSum, s.pp, m, jit, jitC, &out[i].V) {
			return i
		}
		if nans != 0 {
			for l, q := range pos[i : i+batchChunk] {
				if s.usesNaN(point{q[0], q[1], q[2], 0}) {
					out[i+l] = nanSample
				}
			}
		}
	}
	return n
}

// point1 names the assembly point kernel of a 3D variant: one octave at
// one position, the cell's corners in the lanes, for valueAt; 0 is none.
// The AVX2 kernels run at both vector levels, but for lattice noise, which
// has its AVX-512 twins.
// (2D lattice and simplex stay scalar: there the kernels were no faster,
// nor, measured again, a 2D lattice kernel with its hashes in quadwords
// like pointwide.go's (ValueAt slower: value 10.8 → 13–15 ns a point,
// Perlin 14.4 → 17–20); Worley F1 has point kernels in 2D and 3D, its
// cells in the lanes.)
type point1 uint8

const (
	noPoint1 point1 = iota
	value3DP1
	perlin3DP1
	simplexValue3DP1
	simplex3DP1
	worley2DP1 // Worley F1 at jitter 1 (voronoiValue2D), x and z
	worley3DP1 // Worley F1 at jitter 1 (voronoiValue3D)
	// value3DP1 and perlin3DP1 at the AVX-512 level: the hashes in
	// quadwords, at half the multiply latency (asmgen/pointwide.go)
	value3DWideP1
	perlin3DWideP1
)

func (k point1) ok() bool { return k != noPoint1 }

// simdPointFor picks the point kernel for c, or none.
func simdPointFor(c noise.Config, l ISA) point1 {
	p := c.Noise.Parts()
	if l < ISAAVX2 || c.Tiling {
		return noPoint1
	}
	if p.Family == noise.FamilyVoronoi && p.Metric == noise.MetricWorley && p.Function == noise.FunctionF1 &&
		p.Combiner == noise.CombineNone && c.Settings.JitterAmount() == 1 && !voronoiScalarOnly(c) {
		switch c.Dims {
		case 2:
			return worley2DP1
		case 3:
			return worley3DP1
		}
	}
	if c.Dims != 3 {
		return noPoint1
	}
	wide := l >= ISAAVX512
	switch {
	case p.Family == noise.FamilyLattice && p.Gradient == noise.GradientPerlin && wide:
		return perlin3DWideP1
	case p.Family == noise.FamilyLattice && wide:
		return value3DWideP1
	case p.Family == noise.FamilyLattice && p.Gradient == noise.GradientPerlin:
		return perlin3DP1
	case p.Family == noise.FamilyLattice:
		return value3DP1
	case p.Family == noise.FamilySimplex && p.Gradient == noise.GradientSimplex:
		return simplex3DP1
	case p.Family == noise.FamilySimplex:
		return simplexValue3DP1
	}
	return noPoint1
}

// run evaluates point kernel k at p (clamped) before the combine step. p
// is passed by value: through a pointer it would live in memory, and the
// kernel would wait for its stores.
func (k point1) run(p point, h uint32, f float32) float32 {
	switch k {
	case value3DP1:
		return valueLattice3DPointAVX2(p.x, p.y, p.z, h, f)
	case perlin3DP1:
		return perlinLattice3DPointAVX2(p.x, p.y, p.z, h, f)
	case value3DWideP1:
		return valueLattice3DPointAVX512(p.x, p.y, p.z, h, f)
	case perlin3DWideP1:
		return perlinLattice3DPointAVX512(p.x, p.y, p.z, h, f)
	case simplexValue3DP1:
		return valueSimplex3DPointAVX2(p.x, p.y, p.z, h, f)
	case simplex3DP1:
		return simplexSimplex3DPointAVX2(p.x, p.y, p.z, h, f)

	case worley2DP1:
		return worley2DPointAVX2(p.x, p.z, h, f)
	case worley3DP1:
		return worley3DPointAVX2(p.x, p.y, p.z, h, f)
	}
	return 0
}

// lean returns ValueAt's function for a lean 3D sampler at level l whose
// point kernel is k and whose combine step is comb (at AVX-512 with VL the
// simplex twins that rotate with VPROLD): the kernel's lean twin itself,
// which tests x, y and z for NaN and ends with 0 + clampValue, without
// run's switch, a clampInput of the coordinates or a Go function around it
// (ValueAt 12 % faster for value 3D, 7 % for Perlin and simplex), in its
// register twin (leanRegFunc: no ABI0 wrapper either, and a shorter chain;
// BenchmarkLean3DValueAt: 9 % faster for value 3D, 15 % for Perlin, 11 %
// for simplex than the lean twin behind the wrapper). The clamp is not needed
// for any first-octave frequency f0 ≥ noise.MinFrequency (2^−24): the
// kernels clamp the lattice coordinate x·f (x·(f·0.6) for simplex) to
// ±coordLimit, and for |x| > inputLimit = 2^64 (infinities included) both
// x·f and clampInput(x)·f are beyond ±2^29 with x's sign, so the clamped
// coordinates, and the bits, are those of valueAtFunc's general lean case.
// It returns nil where that case must stay (another f0, or a combine step
// other than none).
//
// With the function it returns the factor of its frequency argument
// (regScale): scale3 for the simplex register twins, else 1.
func (k point1) lean(comb noise.Combiner, f0 float32, l ISA) (valueFunc, float32) {
	if comb != noise.CombineNone || !(f0 >= noise.MinFrequency) {
		return nil, 1
	}
	// Each: 0 + combineValue(CombineNone, v), as valueAtFunc's lean case,
	// in the kernel's lean twin (asmgen/pointlean.go), which is ValueAt's
	// function itself.
	switch k {
	case value3DP1:
		return leanRegFunc(leanRegValueAVX2), 1
	case perlin3DP1:
		return leanRegFunc(leanRegPerlinAVX2), 1
	case value3DWideP1:
		return leanRegFunc(leanRegValueAVX512), 1
	case perlin3DWideP1:
		return leanRegFunc(leanRegPerlinAVX512), 1
	case simplexValue3DP1:
		if l >= ISAAVX512 && leanWideOK {
			return leanRegFunc(leanRegSimplexValueWide), scale3
		}
		return leanRegFunc(leanRegSimplexValue), scale3
	case simplex3DP1:
		if l >= ISAAVX512 && leanWideOK {
			return leanRegFunc(leanRegSimplexWide), scale3
		}
		return leanRegFunc(leanRegSimplex), scale3
	case worley2DP1:
		// 2D noise reads x and z; the kernel clamps x·f and z·f as
		// the 2D value functions do (Worley F1 is in [+0, 1]: clampValue and 0 +
		// change nothing, as in voronoiValue2D's own 0 +)
		return func(_ *variantParams, h SmallXXHash, p point, f float32) float32 {
			if isNaN32(p.x) || isNaN32(p.z) {
				return nan32
			}
			return worley2DPointAVX2(p.x, p.z, uint32(h), f)
		}, 1
	case worley3DP1:
		return func(_ *variantParams, h SmallXXHash, p point, f float32) float32 {
			if isNaN32(p.x) || isNaN32(p.y) || isNaN32(p.z) {
				return nan32
			}
			return worley3DPointAVX2(p.x, p.y, p.z, uint32(h), f)
		}, 1
	}
	return nil, 1
}

// regScale is the factor of a register twin's frequency argument. The
// simplex twins (2D and 3D) take the lattice scale k of the reference's
// first product ready, simplexValue2D's k = f·invSqrt3 and simplexValue3D's
// f·scale3 (float32(f·regScale), the same rounding as the reference's), which
// the Sampler computes once (Sampler.atF) instead of the kernel at each
// call: one multiply off ValueAt's chain (simplex 2D 14.15 → 13.8 ns a point
// on the peers' grid). The other kernels and functions take f itself
// (factor 1: float32(f·1) is f). lean2D and point1.lean return the factor
// of the function they return; freqScaled calls a twin as its reference is
// called.
var lean2DScale = [4]float32{1, 1, invSqrt3, invSqrt3} // leanReg2D's and leanReg2DWide's

// freqScaled returns fn, whose frequency argument carries factor k
// (regScale), as a function of the frequency itself, as its reference
// takes it (the register ABI self-test and the tests).
func freqScaled(fn valueFunc, k float32) valueFunc {
	if k == 1 || fn == nil {
		return fn
	}
	return func(vp *variantParams, h SmallXXHash, p point, f float32) float32 { return fn(vp, h, p, float32(f*k)) }
}

// The register twins of the lean 3D point kernels (asmgen/pointlean.go),
// in lean3DRegPCs' order.
const (
	leanRegValueAVX2 = iota
	leanRegPerlinAVX2
	leanRegValueAVX512
	leanRegPerlinAVX512
	leanRegSimplexValue
	leanRegSimplex
	leanRegSimplexValueWide // the simplex twins with VPROLD (AVX-512VL: leanWideOK)
	leanRegSimplexWide
	leanRegCount
)

// leanReg3D are the register twins as valueFuncs (regValueFunc), in
// lean3DRegPCs' order.
var leanReg3D = func() (k [leanRegCount]valueFunc) {
	var pc [leanRegCount]uintptr
	lean3DRegPCs(&pc)
	for i := range pc {
		k[i] = regValueFunc(pc[i])
	}
	return k
}()

// leanRegFunc returns register twin i as a valueFunc, or nil where the
// register kernels do not run on this build (regABIOK): the twin's ABI0
// address as the code pointer of a func value (regValueFunc), so that
// ValueAt calls it directly under Go's register ABI, with no wrapper
// between (asmgen/pointlean.go: the twin reads valueFunc's arguments from
// the registers that ABI gives them, hash BX, x, y, z X0–X2, f X4, and
// returns in X0). The twins are the lean twins' code otherwise, and give
// their bits (TestLeanKernelABI, TestPointKernels).
func leanRegFunc(i int) valueFunc {
	if !regABIOK() {
		return nil
	}
	return leanReg3D[i]
}

// leanKernel is the Go type of the lean point kernels: valueFunc's
// arguments in its layout (vp as a uintptr, which the kernels do not
// read; the hash; the point's x, y, z and w; the frequency).
type leanKernel = func(vp uintptr, h uint32, x, y, z, w, f float32) float32

// leanValueFunc returns lean point kernel k as a valueFunc, for ValueAt
// to call it with no Go function between. The two function types pass
// their arguments alike: under ABI0 the same stack frame (a pointer and a
// uintptr take the same 8 bytes, a SmallXXHash is a uint32, and the
// fields of a point lie at the offsets of four float32 arguments), and
// under Go's register ABI, which calls k through the wrapper Go makes for
// an assembly function, the same registers (the pointer and the uintptr
// in the first integer register, the hash in the second, a struct of
// four float32 field by field in the first four floating-point registers,
// f in the fifth, the result in the first). TestPointKernels checks every
// lean kernel against the scalar path, and TestLeanKernelABI the layout.
func leanValueFunc(k leanKernel) valueFunc { return *(*valueFunc)(unsafe.Pointer(&k)) }

// lean2D returns ValueAt's function for a lean 2D sampler of cfg (the raw
// case of valueAtFunc) at level l where a lean 2D kernel computes it:
// lattice value or Perlin noise, not tiling (asmgen/pointlean2.go), or
// simplex noise (asmgen/pointlean2s.go), without a combine step, at AVX2
// and above: the kernel in Go's register ABI (leanReg2D, leanReg2DWide at
// AVX-512), which Go calls with no wrapper. Each kernel is latticeValue2D or simplexValue2D
// itself, NaN test and clamp included, for every frequency, and gives its
// bits (TestLean2DKernels), called with its frequency argument's factor
// (regScale), which lean2D returns with it, and with the hash words for
// hash h that it reads from its variantParams (lean2DWords). It returns
// nil for the other samplers.
func lean2D(cfg noise.Config, l ISA, h SmallXXHash) (valueFunc, float32, [8]uint32) {
	p := cfg.Noise.Parts()
	if l < ISAAVX2 || cfg.Tiling || cfg.Dims != 2 || p.Combiner != noise.CombineNone {
		return nil, 1, [8]uint32{}
	}
	if !regABIOK() {
		return nil, 1, [8]uint32{} // valueAtFunc's Go function, the same bits
	}
	k := &leanReg2D
	if l >= ISAAVX512 && leanWideOK {
		k = &leanReg2DWide
	}
	i := -1
	switch p.Family {
	case noise.FamilyLattice:
		i = 0 // latticeValue2D's valueGrads: every gradient but Perlin
		if p.Gradient == noise.GradientPerlin {
			i = 1
		}
	case noise.FamilySimplex:
		i = 2 // simplexValue2D's valueGrads: every gradient but simplex
		if p.Gradient == noise.GradientSimplex {
			i = 3
		}
	}
	if i < 0 {
		return nil, 1, [8]uint32{}
	}
	return k[i], lean2DScale[i], lean2DWords(i, h)
}

// lean2DWords returns the hash words that the lean 2D register twin of
// lean2D's kind i reads from its variantParams (leanW): for each corner's
// quadword, (h·primeC⁻¹ + dx, dz), with the corners' offsets of
// lean2DCorners (written by asmgen with the kernels), so that the kernel
// eats x as (x0 + dx + h·primeC⁻¹)·primeC = h + (x0 + dx)·primeC (mod
// 2^32) with one add before the multiply. Zero for a twin that reads its
// hash from BX.
func lean2DWords(i int, h SmallXXHash) [8]uint32 {
	c := lean2DCorners[i]
	if c == nil {
		return [8]uint32{}
	}
	w := *c
	for j := 0; j < len(w); j += 2 {
		w[j] += uint32(h) * primeCInv
	}
	return w
}

// primeCInv is primeC's inverse mod 2^32 (TestLeanWordsLayout).
const primeCInv uint32 = 0xA89ED915

// lean2DHashed returns fn, a lean 2D register twin of lean2D's kind i, as
// a valueFunc that takes its hash as the Go functions do: it calls fn with
// a copy of vp whose leanW holds lean2DWords(i, h), as a sampler's does
// (for the tests and regABIPairs, which vary h from call to call).
func lean2DHashed(fn valueFunc, i int) valueFunc {
	if lean2DCorners[i] == nil {
		return fn
	}
	return func(vp *variantParams, h SmallXXHash, p point, f float32) float32 {
		v := *vp
		v.leanW = lean2DWords(i, h)
		return fn(&v, h, p, f)
	}
}

// sampleChunkTail finishes a chunk of Samples whose first nv samples the
// kernels stored into out (out[:len(chunk)] is the chunk's): the others
// from b's SoA components (with dw as the w derivative, the domain's
// Jacobian applied), then nanSample where a coordinate the noise reads is
// NaN (nans: the chunk has one).
func (s *Sampler) sampleChunkTail(b *batchBuf, chunk []mgl32.Vec3, out []noise.Sample, nv int, dw float32, nans bool) {
	for l := nv; l < len(chunk); l++ {
		r := noise.Sample{V: b.o[l], Dx: b.dx[l], Dy: b.dy[l], Dz: b.dz[l], Dw: dw}
		if s.domain {
			d := s.tr.applyDerivative([3]float32{r.Dx, r.Dy, r.Dz})
			r.Dx, r.Dy, r.Dz = d[0], d[1], d[2]
		}
		out[l] = r
	}
	if nans {
		for l, p := range chunk {
			if s.usesNaN(point{p[0], p[1], p[2], 0}) {
				out[l] = nanSample
			}
		}
	}
}

// storeMatrix returns the sample stores' derivative matrix (the domain's,
// each entry in eight lanes, else zeros) with dw in its last row, and dw:
// +0, or +0·sw with a domain (sampleAt: float32(r.Dw·sw)).
func (s *Sampler) storeMatrix() (m [10][8]float32, dw float32) {
	if s.domain {
		for i := range 9 {
			for l := range m[i] {
				m[i][l] = s.tr.d[i/3][i%3]
			}
		}
		dw = float32(dw * s.tr.sw)
	}
	for l := range m[9] {
		m[9][l] = dw
	}
	return m, dw
}

// regValueFunc returns the lean register kernel at ABI0 address pc
// (lean2DRegPCs, lean3DRegPCs) as a valueFunc: a func value is a pointer to a funcval,
// whose first word is the code address, and Go calls a func value in its
// register ABI, with the arguments in the registers that the register
// kernels read (asmgen/pointlean2s.go, leanReg2D; asmgen/pointlean.go,
// leanReg). Called so, a kernel runs with no wrapper around it (about
// 1 ns a call less than leanValueFunc's). TestLean2DKernels and
// TestLeanKernelABI check every register kernel, called as a valueFunc,
// against the scalar function; regABIOK checks them again at run time.
func regValueFunc(pc uintptr) valueFunc {
	fv := &struct{ pc uintptr }{pc}
	return *(*valueFunc)(unsafe.Pointer(&fv))
}

// leanReg2D are the lean 2D register kernels as valueFuncs: value and
// Perlin lattice noise, simplex noise with value and simplex gradients, at
// AVX2, and leanReg2DWide the same at AVX-512 (VPROLD on YMM registers:
// where leanWideOK).
var leanReg2D, leanReg2DWide = func() (k, w [4]valueFunc) {
	pcs := [8]uintptr{}
	pcs[0], pcs[1], pcs[2], pcs[3], pcs[4], pcs[5], pcs[6], pcs[7] = lean2DRegPCs()
	for i := range 4 {
		k[i], w[i] = regValueFunc(pcs[i]), regValueFunc(pcs[4+i])
	}
	return k, w
}()

// leanWideOK reports whether the AVX-512 register kernels run here: the
// AVX-512 level, which asks for AVX-512F, and AVX-512VL.
var leanWideOK = hasAVX512() && hasAVX512VL()
