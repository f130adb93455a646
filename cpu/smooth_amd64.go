//go:build amd64 && !purego

package cpu

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
)

// smoothKernel names a smooth Worley accumulator kernel
// (smoothWorley{1,2,3}D[Tiling]Acc, internal/cmd/asmgen/widesmooth.go): the
// walk and the smooth-minimum update of one octave, per lane the exp sum
// a.v and the polynomial minimum b.v; 0 is none.
type smoothKernel uint8

const (
	noSmooth smoothKernel = iota
	skSmooth2D
	skSmooth3D
	skSmooth2DTiling
	skSmooth3DTiling
	skSmooth1D
	skSmooth1DTiling
)

// smoothKernelFor picks the smooth Worley kernel for c at level l: 1D, 2D
// and 3D smooth Worley at every function but the cell value (whose scalar
// result is the initial state's: cellMinima) and every jitter, tiling or
// not; none at the scalar level.
func smoothKernelFor(c noise.Config, l ISA) smoothKernel {
	p := c.Noise.Parts()
	if l < ISAAVX2 || p.Family != noise.FamilyVoronoi || p.Metric != noise.MetricSmoothWorley ||
		p.Function == noise.FunctionCellValue || c.Dims < 1 || c.Dims > 3 {
		return noSmooth
	}
	if c.Dims == 1 {
		if c.Tiling {
			return skSmooth1DTiling
		}
		return skSmooth1D
	}
	k := skSmooth2D + smoothKernel(c.Dims-2)
	if c.Tiling {
		k += 2
	}
	return k
}

func (k smoothKernel) ok() bool { return k != noSmooth }

// smoothExpBatch is exp32 of every x (len(x) a multiple of 16, each x at
// most 0) by the kernels' routine at the AVX-512 level (wide) or the AVX2
// level, for the exhaustive test.
func smoothExpBatch(wide bool, x, out []float32) {
	if len(x) == 0 {
		return
	}
	if wide {
		smoothExpAVX512(&x[0], &out[0], len(x))
	} else {
		smoothExpAVX2(&x[0], &out[0], len(x))
	}
}

// smoothLogBatch is log32 of every x (len(x) a multiple of 16) by the
// kernel smoothLogAVX512 (wide) or smoothLogAVX2: math.Log's steps on
// amd64, valid for 2^−26 <= x <= 64 (smoothLogOK; TestSmoothLogExhaustive).
func smoothLogBatch(wide bool, x, out []float32) {
	if len(x) == 0 {
		return
	}
	if wide {
		smoothLogAVX512(&x[0], &out[0], len(x))
	} else {
		smoothLogAVX2(&x[0], &out[0], len(x))
	}
}

// smoothLogOK reports whether a is in the range where smoothLogBatch's
// result is checked to be log32(a): [2^−26, 64] (false for NaN).
func smoothLogOK(a float32) bool { return a >= 0x1p-26 && a <= 64 }

// valuesSmooth is valuesRange for smooth Worley through its kernel: a
// chunk at a time, prepared and warped as valuesBatch does it, one kernel
// call per octave and accumulator the function reads (a.v in b.dx, b.v
// in b.dy; for F1 the log of a.v by smoothLog in b.dz, or by log32 where
// a.v is outside smoothLogOK's range), then per position
// valueOctaves' octave step in Go: the finalisation and the function
// (smoothFinishD; F2's window inlined), the shape, and the octave sum;
// then NaN where the input is.
func (s *Sampler) valuesSmooth(pos []mgl32.Vec3, out []float32) {
	b := batchBufs.Get().(*batchBuf)
	defer batchBufs.Put(b)
	var wb *warpBuf
	if s.warp != nil {
		wb = warpBufs.Get().(*warpBuf)
		defer warpBufs.Put(wb)
	}
	wide, lanes := s.batchLanes()
	x, y, z := &b.x[0], &b.y[0], &b.z[0]
	jit, jitC := batchJitter(&s.vp)
	fn := s.vp.function
	oneD := s.cfg.Dims == 1
	for i := 0; i < len(pos); i += batchChunk {
		chunk := pos[i:min(i+batchChunk, len(pos))]
		n := len(chunk)
		np, nans := s.prepareChunk(b, chunk, lanes, wide)
		if wb != nil {
			s.warpChunk(b, wb, np, wide, false)
		}
		sum := b.o[:n]
		clear(sum)
		sa, sb := b.dx[:n], b.dy[:n]
		for oc := 0; oc < s.oct.n; oc++ {
			h, f := uint32(s.hash.Add(int32(oc))), s.oct.freq[oc]
			if fn != noise.FunctionF2 {
				s.sk.run(wide, true, x, y, z, &b.dx[0], np, h, f, jit, jitC)
			}
			if fn == noise.FunctionF1 {
				smoothLogBatch(wide, b.dx[:np], b.dz[:np])
				la := b.dz[:n]
				amp := s.oct.amp[oc]
				for l := range sum {
					if !smoothLogOK(sa[l]) {
						la[l] = log32(sa[l])
					}
					v := smoothFinishLSED(la[l], oneD)
					if s.fractal != noise.FractalFBm {
						v = shapeValue(s.fractal, v, s.pp)
					}
					sum[l] = sum[l] + float32(v*amp)
				}
				continue
			}
			if fn != noise.FunctionF1 {
				s.sk.run(wide, false, x, y, z, &b.dy[0], np, h, f, jit, jitC)
			}
			amp := s.oct.amp[oc]
			if fn == noise.FunctionF2 { // smoothFinishD's F2, inlined: the window of b.v
				for l := range sum {
					v := sb[l]
					if v > 0 && (oneD || v < 1) {
						v = float32(v * float32(v*(3-float32(2*v))))
					} else {
						v = 0
					}
					if s.fractal != noise.FractalFBm {
						v = shapeValue(s.fractal, v, s.pp)
					}
					sum[l] = sum[l] + float32(v*amp)
				}
				continue
			}
			for l := range sum {
				v := smoothFinishD(sa[l], sb[l], fn, oneD)
				if s.fractal != noise.FractalFBm {
					v = shapeValue(s.fractal, v, s.pp)
				}
				sum[l] = sum[l] + float32(v*amp)
			}
		}
		o := out[i : i+n]
		for l := range o {
			o[l] = sum[l] / s.oct.ampSum
		}
		if nans {
			for l, p := range chunk {
				if s.usesNaN(point{p[0], p[1], p[2], 0}) {
					o[l] = nan32
				}
			}
		}
	}
}

// smoothFinishD is smoothFinish, or in 1D (oneD) its twin with
// finalizeSmooth's 1D window (v > 0 alone): the value of 1D smooth Worley
// noise from the walk's accumulators a.v and b.v, which never reads a
// derivative either, so it is voronoi1D's value bit for bit.
func smoothFinishD(a, b float32, fn noise.Function, oneD bool) float32 {
	if !oneD {
		return smoothFinish(a, b, fn)
	}
	switch fn {
	case noise.FunctionF1:
		return smoothFinishLSED(log32(a), true)
	case noise.FunctionF2:
		return smoothWindow1DV(b)
	}
	return finalizeSmooth(voronoiMinima{a: vsample{V: a}, b: vsample{V: b}}, true).evaluate(fn).V
}

// smoothFinishLSED is smoothFinishLSE, or in 1D (oneD) its twin with the
// 1D window.
func smoothFinishLSED(la float32, oneD bool) float32 {
	if !oneD {
		return smoothFinishLSE(la)
	}
	return smoothWindow1DV(la / -smoothKL)
}

// smoothWindow1DV is smoothWindow's value in 1D: smoothstepSample's value
// where v > 0, else 0.
func smoothWindow1DV(v float32) float32 {
	if v > 0 {
		return float32(v * float32(v*(3-float32(2*v))))
	}
	return 0
}

// smoothSamples reports whether Samples runs through samplesSmooth: smooth
// Worley with a kernel (smoothKernelFor), at both levels, warped or not.
func (s *Sampler) smoothSamples() bool { return s.sk.ok() }

// smoothOctave is voronoi1D's, voronoi2D's or voronoi3D's sample for
// smooth Worley from the walk's accumulators a and b (the derivative
// kernels' results: a's derivatives already divided by a.V) and la =
// log32(a.V): finalizeSmooth (its 1D window in 1D), the function, and the
// derivatives scaled by the frequency F (x alone in 1D, y in 3D only), as
// the scalar functions do.
func smoothOctave(a, b vsample, la float32, fn noise.Function, F float32, dims int) noise.Sample {
	s := finalizeSmoothQ(voronoiMinima{a: a, b: b}, la, dims == 1).evaluate(fn)
	s.Dx = float32(s.Dx * F)
	if dims == 3 {
		s.Dy = float32(s.Dy * F)
	}
	if dims > 1 {
		s.Dz = float32(s.Dz * F)
	}
	return s.sample()
}

// samplesSmooth is samplesRange for smooth Worley through the derivative
// kernels (smoothSamples): a chunk at a time, prepared and warped as
// valuesSmooth does it (warpChunk, with the warp's Jacobian per lane), one
// kernel call per octave and accumulator the function reads
// (F1 reads a alone, F2 b alone; the other accumulator is then a zero
// sample, which evaluate ignores), the log of a.v by smoothLog where
// smoothLogOK (else log32), then per position sampleAt's octave step:
// smoothOctave, the shape, the amplitude and the sum in out; then, as
// sampleAt, the division by the amplitude sum, the warp's Jacobian
// (warpDerivative) and the domain's derivative, and NaN where the input
// is. sampleAt's lean path (one fBm octave, no domain)
// gives the same: its amplitude and amplitude sum are 1, n·1 is n and
// s/1 is s.
//
// In 2D the kernels leave the y derivatives alone and this passes +0 for
// both accumulators. The scalar walk's a.dy is +0 (+0 + e·(∓0)) and its
// b.dy a zero of either sign; through finalizeSmooth, evaluate and the
// shape every operation on a zero y derivative gives a zero (the other
// operands are finite: the windowed values and their slopes, 0 outside the
// window), or NaN where shape's factor is not finite, whose product with
// either zero is the same default NaN; and the octave sum starts at +0,
// where +0 + ±0 is +0. So sum.dy is +0 (or that NaN) either way. In 1D
// the same holds for y and z: the kernels write the value and x alone,
// and the scalar walk's y and z derivatives are zeros (worleyDist1's
// sample has Dy = Dz = +0; a.dy = +0 + e·0 is +0, b's updates subtract
// and select zeros).
func (s *Sampler) samplesSmooth(pos []mgl32.Vec3, out []noise.Sample) {
	b := batchBufs.Get().(*batchBuf)
	defer batchBufs.Put(b)
	var wb *warpBuf
	if s.warp != nil {
		wb = warpBufs.Get().(*warpBuf)
		defer warpBufs.Put(wb)
	}
	var acc [2][4 * derivStride]float32
	wide, lanes := s.batchLanes()
	x, y, z := &b.x[0], &b.y[0], &b.z[0]
	jit, jitC := batchJitter(&s.vp)
	fn := s.vp.function
	dims := s.cfg.Dims
	if (fn == noise.FunctionF1 || fn == noise.FunctionF2) && s.fractal == noise.FractalFBm {
		s.samplesSmoothSoA(b, wb, &acc, pos, out)
		return
	}
	for i := 0; i < len(pos); i += batchChunk {
		chunk := pos[i:min(i+batchChunk, len(pos))]
		n := len(chunk)
		np, nans := s.prepareChunk(b, chunk, lanes, wide)
		if wb != nil {
			s.warpChunk(b, wb, np, wide, true)
		}
		o := out[i : i+n]
		if fn != noise.FunctionF1 && fn != noise.FunctionF2 {
			clear(o) // smoothOctave1 starts the sums itself
		}
		for oc := 0; oc < s.oct.n; oc++ {
			h, f := uint32(s.hash.Add(int32(oc))), s.oct.freq[oc]
			if fn != noise.FunctionF2 {
				s.sk.runDeriv(wide, true, x, y, z, &acc[0][0], np, h, f, jit, jitC)
				smoothLogBatch(wide, acc[0][:np], b.o[:np])
			}
			if fn != noise.FunctionF1 {
				s.sk.runDeriv(wide, false, x, y, z, &acc[1][0], np, h, f, jit, jitC)
			}
			amp := s.oct.amp[oc]
			if fn == noise.FunctionF1 || fn == noise.FunctionF2 {
				s.smoothOctave1(o, acc[b2i(fn == noise.FunctionF2)][:], b.o[:], fn == noise.FunctionF1, f, amp, dims, oc == 0)
				continue
			}
			for l := range o {
				var m [2]vsample
				var la float32
				for j := range m {
					if j == 0 && fn == noise.FunctionF2 || j == 1 && fn == noise.FunctionF1 {
						continue
					}
					c := &acc[j]
					m[j] = vsample{V: c[l], Dx: c[derivStride+l]}
					if dims > 1 {
						m[j].Dz = c[3*derivStride+l]
					}
					if dims == 3 {
						m[j].Dy = c[2*derivStride+l]
					}
				}
				if fn != noise.FunctionF2 {
					la = b.o[l]
					if !smoothLogOK(m[0].V) {
						la = log32(m[0].V)
					}
				}
				r := smoothOctave(m[0], m[1], la, fn, f, dims)
				if s.fractal != noise.FractalFBm {
					r = shapeSample(s.fractal, r, s.pp)
				}
				o[l] = sampleAdd(o[l], sampleScale(r, amp))
			}
		}
		if s.oct.ampSum != 1 || s.domain || wb != nil { // s/1 is s
			for l := range o {
				r := sampleDiv(o[l], s.oct.ampSum)
				if wb != nil {
					J := wb.jacobian(&s.warp.axes, l)
					d := warpDerivative(&J, [3]float32{r.Dx, r.Dy, r.Dz})
					r.Dx, r.Dy, r.Dz = d[0], d[1], d[2]
				}
				if s.domain {
					d := s.tr.applyDerivative([3]float32{r.Dx, r.Dy, r.Dz})
					r.Dx, r.Dy, r.Dz, r.Dw = d[0], d[1], d[2], float32(r.Dw*s.tr.sw)
				}
				o[l] = r
			}
		}
		if nans {
			for l, p := range chunk {
				if s.usesNaN(point{p[0], p[1], p[2], 0}) {
					o[l] = nanSample
				}
			}
		}
	}
}

// smoothOctave1 is samplesSmooth's octave step for F1 (lse: c is the exp
// sum a, its derivatives divided by a.v, la its logs) and F2 (c is the
// polynomial minimum b): for each lane, smoothOctave's operations on the
// one accumulator the function reads (finalizeSmoothQ's window,
// smoothWindow, of a or b, the function's result; the frequency), the
// shape, the amplitude and the sum into o, written out without the other
// accumulator's window. As the batch kernels' modes (octaveMode): the
// first octave's sum starts at +0 (o is not read), and an amplitude of 1
// is no multiply (v·1 is v: the values are never signalling NaNs).
func (s *Sampler) smoothOctave1(o []noise.Sample, c, la []float32, lse bool, F, amp float32, dims int, first bool) {
	cv := c[:len(o)]
	cx := c[derivStride : derivStride+len(o)]
	cy := c[2*derivStride : 2*derivStride+len(o)]
	cz := c[3*derivStride : 3*derivStride+len(o)]
	la = la[:len(o)]
	unit := amp == 1
	for l := range o {
		v, dx := cv[l], cx[l]
		var dy, dz float32
		if dims == 3 {
			dy = cy[l]
		}
		if dims > 1 {
			dz = cz[l]
		}
		if lse {
			lg := la[l]
			if !smoothLogOK(v) {
				lg = log32(v)
			}
			v = lg / -smoothKL
		}
		var r noise.Sample
		if v > 0 && (dims == 1 || v < 1) { // smoothWindow: v > 0 alone in 1D
			r = smoothstepSample(noise.Sample{V: v, Dx: dx, Dy: dy, Dz: dz})
		}
		r.Dx = float32(r.Dx * F)
		if dims == 3 {
			r.Dy = float32(r.Dy * F)
		}
		if dims > 1 {
			r.Dz = float32(r.Dz * F)
		}
		if s.fractal != noise.FractalFBm {
			r = shapeSample(s.fractal, r, s.pp)
		}
		if !unit {
			r = sampleScale(r, amp)
		}
		if first {
			o[l] = sampleAdd(noise.Sample{}, r)
		} else {
			o[l] = sampleAdd(o[l], r)
		}
	}
}

// samplesSmoothSoA is samplesSmooth for F1 and F2 at fBm: the octave
// step by the kernels smoothFinish{LSE,Poly}{2,3}DDeriv{AVX512,AVX2}
// (smoothOctave1's operations, vectorized) into SoA sums in b.o and b.dx,
// b.dy, b.dz (their y +0 in 2D, y and z +0 in 1D: the scalar sum's, see
// samplesSmooth),
// divided by the amplitude sum unless it is 1 (s/1 is s), then stored as
// samplesBatch stores its sums: with a warp (wb non-nil: the positions
// warped by warpChunk) its Jacobian first (warpDerivatives), then
// storeSamplesAVX512 or AVX2 for the whole vectors (the domain's
// derivative matrix m), Go for the rest.
func (s *Sampler) samplesSmoothSoA(b *batchBuf, wb *warpBuf, acc *[2][4 * derivStride]float32, pos []mgl32.Vec3, out []noise.Sample) {
	wide, lanes := s.batchLanes()
	x, y, z, o := &b.x[0], &b.y[0], &b.z[0], &b.o[0]
	jit, jitC := batchJitter(&s.vp)
	lse := s.vp.function == noise.FunctionF1
	dims := s.cfg.Dims
	m, dw := s.storeMatrix()
	la := b.w[:]
	for i := 0; i < len(pos); i += batchChunk {
		chunk := pos[i:min(i+batchChunk, len(pos))]
		n := len(chunk)
		np, nans := s.prepareChunk(b, chunk, lanes, wide)
		if wb != nil {
			s.warpChunk(b, wb, np, wide, true)
		}
		clear(b.o[:np])
		clear(b.dx[:np])
		clear(b.dy[:np])
		clear(b.dz[:np])
		for oc := 0; oc < s.oct.n; oc++ {
			h, f, amp := uint32(s.hash.Add(int32(oc))), s.oct.freq[oc], s.oct.amp[oc]
			c := &acc[b2i(!lse)]
			s.sk.runDeriv(wide, lse, x, y, z, &c[0], np, h, f, jit, jitC)
			if lse {
				smoothLogBatch(wide, c[:np], la[:np])
				for l, a := range c[:np] {
					if !smoothLogOK(a) {
						la[l] = log32(a)
					}
				}
			}
			smoothFinishDeriv(wide, lse, dims, &c[0], &la[0], o, np, f, amp)
		}
		if k := s.oct.ampSum; k != 1 {
			for _, c := range [][]float32{b.o[:n], b.dx[:n], b.dy[:n], b.dz[:n]} {
				for l := range c {
					c[l] /= k
				}
			}
		}
		if wb != nil {
			s.warpDerivatives(b, wb, n)
		}
		nv := n &^ (lanes - 1)
		switch {
		case nv > 0 && wide:
			storeSamplesAVX512(o, &out[i].V, nv, &m, s.domain)
		case nv > 0:
			storeSamplesAVX2(o, &out[i].V, nv, &m, s.domain)
		}
		s.sampleChunkTail(b, chunk, out[i:i+n], nv, dw, nans)
	}
}

// smoothFinishDeriv runs the octave step kernel
// smoothFinish{LSE,Poly}{dims}DDeriv at the AVX-512 level (wide) or the
// AVX2 level.
func smoothFinishDeriv(wide, lse bool, dims int, c, la, sum *float32, n int, f, amp float32) {
	switch {
	case wide && lse && dims == 1:
		smoothFinishLSE1DDerivAVX512(c, la, sum, n, f, amp)
	case wide && dims == 1:
		smoothFinishPoly1DDerivAVX512(c, la, sum, n, f, amp)
	case lse && dims == 1:
		smoothFinishLSE1DDerivAVX2(c, la, sum, n, f, amp)
	case dims == 1:
		smoothFinishPoly1DDerivAVX2(c, la, sum, n, f, amp)
	case wide && lse && dims == 2:
		smoothFinishLSE2DDerivAVX512(c, la, sum, n, f, amp)
	case wide && lse:
		smoothFinishLSE3DDerivAVX512(c, la, sum, n, f, amp)
	case wide && dims == 2:
		smoothFinishPoly2DDerivAVX512(c, la, sum, n, f, amp)
	case wide:
		smoothFinishPoly3DDerivAVX512(c, la, sum, n, f, amp)
	case lse && dims == 2:
		smoothFinishLSE2DDerivAVX2(c, la, sum, n, f, amp)
	case lse:
		smoothFinishLSE3DDerivAVX2(c, la, sum, n, f, amp)
	case dims == 2:
		smoothFinishPoly2DDerivAVX2(c, la, sum, n, f, amp)
	default:
		smoothFinishPoly3DDerivAVX2(c, la, sum, n, f, amp)
	}
}
