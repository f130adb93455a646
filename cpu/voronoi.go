package cpu

import (
	"math"

	"github.com/noiselab/noise"
)

// Voronoi noise (docs/algorithms.md §4): two cell points per lattice cell, the nearest two
// distances F1 <= F2 over the 3, 3×3 or 3×3×3 neighbouring cells.

// The metric (noise.Metric) is the Voronoi distance (IVoronoiDistance):
// Worley is Euclidean, squared until finalised; Chebyshev is
// max(|x|, |y|, |z|); smooth Worley is Euclidean with smooth minima. The
// function (noise.Function) is the IVoronoiFunction applied to the two
// minima.

// Smooth Worley constants (docs/algorithms.md §4).
const (
	smoothKL = 10
	smoothKP = 0.25
	// invSmoothKP is 1/smoothKP, a power of two: x*4 is x/0.25 exactly, and
	// a multiplication is exact on every GPU where a division need not be.
	invSmoothKP = 4
)

// vsample is a Voronoi distance and its derivatives: noise.Sample without
// Dw (Voronoi noise has no 4D). Four fields, so the compiler keeps it in
// registers (it spills structs of five fields to memory, which made the
// 3D Worley batch with derivatives half as fast).
type vsample struct{ V, Dx, Dy, Dz float32 }

// sample returns s as a noise.Sample.
func (s vsample) sample() noise.Sample { return noise.Sample{V: s.V, Dx: s.Dx, Dy: s.Dy, Dz: s.Dz} }

// voronoiMinima holds the two running minima a <= b, with derivatives.
type voronoiMinima struct{ a, b vsample }

// cellMinima is voronoiMinima for FunctionCellValue: it also keeps the
// nearest point's cell hash (the accumulator after the cell's indices) and
// the point's index k in its cell (0, or 0 and 1 in 2D and 3D).
type cellMinima struct {
	voronoiMinima
	h SmallXXHash
	k int32
}

// update is voronoiMinima.update (Worley and Chebyshev), remembering the
// cell and index of the candidate that becomes a.
func (m *cellMinima) update(s vsample, h SmallXXHash, k int32) {
	if s.V < m.a.V {
		m.b = m.a
		m.a = s
		m.h, m.k = h, k
	} else if s.V < m.b.V {
		m.b = s
	}
}

// cellValue is the nearest point's random value (docs/algorithms.md §4.4):
// the value gradient (A·2) − 1 of the hash h.Eat(k) — the cell's hash fed
// the point's index — in [−1, 1]. (The cell's own avalanche has no spare
// byte: 2D points use all four bytes, 3D points bits 0–29.)
func cellValue(h SmallXXHash, k int32) float32 { return valueGradient(h.Eat(k).bits()) }

// jitter1 is a cell point's coordinate F (in [0, 1]) at the variant's
// jitter: (F·jitter) + jitterC, or F itself at jitter 1.
func (vp *variantParams) jitter1(F float32) float32 {
	if !vp.jit {
		return F
	}
	return float32(F*vp.jitter) + vp.jitterC
}

// initMinima is the state before the first candidate: a = b = 2, or for
// smooth Worley a = 0 (an exp sum) and b = 2.
func initMinima(m noise.Metric) voronoiMinima {
	if m == noise.MetricSmoothWorley {
		return voronoiMinima{b: vsample{V: 2}}
	}
	return voronoiMinima{a: vsample{V: 2}, b: vsample{V: 2}}
}

// update is UpdateVoronoiMinima (docs/algorithms.md §4), or the smooth-minimum update of
// docs/algorithms.md §4 for smooth Worley.
func (m *voronoiMinima) update(met noise.Metric, s vsample) {
	if met == noise.MetricSmoothWorley {
		m.updateSmooth(s)
		return
	}
	if s.V < m.a.V {
		m.b = m.a
		m.a = s
	} else if s.V < m.b.V {
		m.b = s
	}
}

func (m *voronoiMinima) updateSmooth(s vsample) {
	e := exp32(float32(-smoothKL * s.V))
	m.a.V = m.a.V + e
	m.a.Dx = m.a.Dx + float32(e*s.Dx)
	m.a.Dy = m.a.Dy + float32(e*s.Dy)
	m.a.Dz = m.a.Dz + float32(e*s.Dz)
	h := 1 - abs32(m.b.V-s.V)*invSmoothKP
	qx, qy, qz := m.b.Dx-s.Dx, m.b.Dy-s.Dy, m.b.Dz-s.Dz
	if !(m.b.V-s.V < 0) {
		qx, qy, qz = -qx, -qy, -qz
	}
	qx = float32(float32(qx*0.5) * h)
	qy = float32(float32(qy*0.5) * h)
	qz = float32(float32(qz*0.5) * h)
	h2 := float32(float32((0.25*smoothKP)*h) * h)
	if s.V < m.b.V {
		m.b = s
	}
	if h > 0 {
		m.b.V -= h2
		m.b.Dx -= qx
		m.b.Dy -= qy
		m.b.Dz -= qz
	}
}

// worleyDist1 is the 1D distance of Worley and Chebyshev: |x|, with the
// derivative of |point - sample| with respect to the sample.
func worleyDist1(x float32) vsample {
	if x < 0 {
		return vsample{V: abs32(x), Dx: 1}
	}
	return vsample{V: abs32(x), Dx: -1}
}

// dist2 is IVoronoiDistance.GetDistance(x, z).
func dist2(met noise.Metric, x, z float32) vsample {
	switch met {
	case noise.MetricChebyshev:
		ax, az := abs32(x), abs32(z)
		if ax > az {
			return vsample{V: ax, Dx: signStep(x)}
		}
		return vsample{V: az, Dz: signStep(z)}
	case noise.MetricSmoothWorley:
		return smoothDist3(x, 0, z)
	}
	return vsample{V: (float32(x*x) + 0) + float32(z*z), Dx: x, Dz: z}
}

// dist3 is IVoronoiDistance.GetDistance(x, y, z).
func dist3(met noise.Metric, x, y, z float32) vsample {
	switch met {
	case noise.MetricChebyshev:
		ax, ay, az := abs32(x), abs32(y), abs32(z)
		if ax > ay && ax > az {
			return vsample{V: ax, Dx: signStep(x)}
		}
		if ay > az {
			return vsample{V: ay, Dy: signStep(y)}
		}
		return vsample{V: az, Dz: signStep(z)}
	case noise.MetricSmoothWorley:
		return smoothDist3(x, y, z)
	}
	return vsample{V: (float32(x*x) + float32(y*y)) + float32(z*z), Dx: x, Dy: y, Dz: z}
}

// signStep is the Chebyshev derivative on the chosen axis: (c < 0) ? +1 : -1.
func signStep(c float32) float32 {
	if c < 0 {
		return 1
	}
	return -1
}

// smoothDist3 is SmoothWorley's Euclidean distance with derivatives d/(-v).
// At a cell point itself (v = 0) the C# source divides 0 by 0; the
// derivative is defined as 0 there instead.
func smoothDist3(x, y, z float32) vsample {
	v := sqrt32((float32(x*x) + float32(y*y)) + float32(z*z))
	if v == 0 {
		return vsample{}
	}
	return vsample{V: v, Dx: x / -v, Dy: y / -v, Dz: z / -v}
}

// finalizeWorley is Worley.Finalize2D/3D for one minimum: keep = v < 1,
// v' = keep ? sqrt(v) : 1, d' = keep ? -d/v' : 0. At a cell point (v' = 0)
// the derivative is defined as 0 rather than the source's 0/0.
func finalizeWorley(s vsample) vsample {
	if !(s.V < 1) {
		return vsample{V: 1}
	}
	r := sqrt32(s.V)
	if r == 0 {
		return vsample{}
	}
	return vsample{V: r, Dx: -s.Dx / r, Dy: -s.Dy / r, Dz: -s.Dz / r}
}

// finalizeSmooth is SmoothWorley's Finalize: the log-sum-exp minimum in a,
// the polynomial minimum in b, both passed through smoothstep inside the
// window (a.v > 0 in 1D; 0 < v < 1 in 2D and 3D) and 0 outside it.
func finalizeSmooth(m voronoiMinima, oneD bool) voronoiMinima {
	return finalizeSmoothLog(m, log32(m.a.V), oneD)
}

// finalizeSmoothLog is finalizeSmooth given la = log32(m.a.V).
func finalizeSmoothLog(m voronoiMinima, la float32, oneD bool) voronoiMinima {
	m.a.Dx /= m.a.V
	m.a.Dy /= m.a.V
	m.a.Dz /= m.a.V
	return finalizeSmoothQ(m, la, oneD)
}

// finalizeSmoothQ is finalizeSmoothLog given a's derivatives already
// divided by a.V.
func finalizeSmoothQ(m voronoiMinima, la float32, oneD bool) voronoiMinima {
	a := m.a
	a.V = la / -smoothKL
	m.a = smoothWindow(a, oneD)
	m.b = smoothWindow(m.b, oneD)
	return m
}

// smoothFinish is the value of 2D and 3D smooth Worley noise from its
// walk's accumulators, the exp sum a.v and the polynomial minimum b.v
// (the vector kernels' results, smoothWorley*Acc): finalize and evaluate,
// on samples whose derivatives are 0. The value of either never reads a
// derivative, so it is the sample path's value bit for bit. F1 reads a
// alone (b may be anything), F2 b alone: their value is the window of the
// one minimum, finalised as finalizeSmooth does it.
func smoothFinish(a, b float32, fn noise.Function) float32 {
	switch fn {
	case noise.FunctionF1:
		return smoothFinishLSE(log32(a))
	case noise.FunctionF2:
		return smoothWindowV(b)
	}
	return finalizeSmooth(voronoiMinima{a: vsample{V: a}, b: vsample{V: b}}, false).evaluate(fn).V
}

// smoothFinishLSE is smoothFinish's F1 from la = log32(a).
func smoothFinishLSE(la float32) float32 { return smoothWindowV(la / -smoothKL) }

// smoothWindowV is smoothWindow's value (2D and 3D): smoothstepSample's
// value inside 0 < v < 1, else 0.
func smoothWindowV(v float32) float32 {
	if v > 0 && v < 1 {
		return float32(v * float32(v*(3-float32(2*v))))
	}
	return 0
}

func smoothWindow(s vsample, oneD bool) vsample {
	if s.V > 0 && (oneD || s.V < 1) {
		t := smoothstepSample(s.sample())
		return vsample{t.V, t.Dx, t.Dy, t.Dz}
	}
	return vsample{}
}

// finalize is IVoronoiDistance.Finalize1D/2D/3D.
func (m voronoiMinima) finalize(met noise.Metric, dims int) voronoiMinima {
	switch {
	case met == noise.MetricSmoothWorley:
		return finalizeSmooth(m, dims == 1)
	case met == noise.MetricWorley && dims > 1:
		return voronoiMinima{finalizeWorley(m.a), finalizeWorley(m.b)}
	}
	return m
}

// evaluate is IVoronoiFunction.Evaluate, and the functions the project
// adds (docs/algorithms.md §4.4). FunctionCellValue is cellMinima's.
func (m voronoiMinima) evaluate(fn noise.Function) vsample {
	a, b := m.a, m.b
	switch fn {
	case noise.FunctionF2:
		return b
	case noise.FunctionF2MinusF1:
		return vsample{b.V - a.V, b.Dx - a.Dx, b.Dy - a.Dy, b.Dz - a.Dz} // sampleSub
	case noise.FunctionF1PlusF2:
		return vsample{a.V + b.V, a.Dx + b.Dx, a.Dy + b.Dy, a.Dz + b.Dz} // sampleAdd
	case noise.FunctionF1TimesF2:
		// the product rule: d(ab) = (da·b) + (a·db)
		return vsample{float32(a.V * b.V),
			float32(a.Dx*b.V) + float32(a.V*b.Dx),
			float32(a.Dy*b.V) + float32(a.V*b.Dy),
			float32(a.Dz*b.V) + float32(a.V*b.Dz)}
	case noise.FunctionF1DivF2:
		// q = a/b; the quotient rule: dq = (da − (q·db)) / b. b = 0 only
		// where a = b = 0 (two points at the sample): q is 0 there.
		if b.V == 0 {
			return vsample{}
		}
		q := a.V / b.V
		return vsample{q,
			(a.Dx - float32(q*b.Dx)) / b.V,
			(a.Dy - float32(q*b.Dy)) / b.V,
			(a.Dz - float32(q*b.Dz)) / b.V}
	}
	return a
}

// result is the finalised cell value: (v, 0, 0, 0).
func (m cellMinima) result() vsample { return vsample{V: cellValue(m.h, m.k)} }

// voronoi1D is Voronoi1D<L, D, F>. 1D Chebyshev is 1D Worley.
func voronoi1D(vp *variantParams, h SmallXXHash, p point, f float32) noise.Sample {
	px := p.x
	x := getSpan(px, f, vp.tiling)
	if vp.function == noise.FunctionCellValue {
		m := cellMinima{voronoiMinima: initMinima(vp.metric)}
		for u := int32(-1); u <= 1; u++ {
			hc := h.Eat(validateSingleStep(x.p0+u, f, vp.tiling))
			m.update(worleyDist1((vp.jitter1(hc.bits().Floats01A())+float32(u))-x.g0), hc, 0)
		}
		return m.result().sample()
	}
	m := initMinima(vp.metric)
	for u := int32(-1); u <= 1; u++ {
		hb := h.Eat(validateSingleStep(x.p0+u, f, vp.tiling)).bits()
		m.update(vp.metric, worleyDist1((vp.jitter1(hb.Floats01A())+float32(u))-x.g0))
	}
	s := m.finalize(vp.metric, 1).evaluate(vp.function)
	s.Dx = float32(s.Dx * float32(f))
	return s.sample()
}

// voronoi2D is Voronoi2D<L, D, F> over X and Z.
func voronoi2D(vp *variantParams, h SmallXXHash, p point, f float32) noise.Sample {
	px, pz := p.x, p.z
	x := getSpan(px, f, vp.tiling)
	z := getSpan(pz, f, vp.tiling)
	m := cellMinima{voronoiMinima: initMinima(vp.metric)}
	cell := vp.function == noise.FunctionCellValue
	for u := int32(-1); u <= 1; u++ {
		hx := h.Eat(validateSingleStep(x.p0+u, f, vp.tiling))
		ox := float32(u) - x.g0
		for v := int32(-1); v <= 1; v++ {
			hc := hx.Eat(validateSingleStep(z.p0+v, f, vp.tiling))
			hb := hc.bits()
			oz := float32(v) - z.g0
			d1 := dist2(vp.metric, vp.jitter1(hb.Floats01A())+ox, vp.jitter1(hb.Floats01B())+oz)
			d2 := dist2(vp.metric, vp.jitter1(hb.Floats01C())+ox, vp.jitter1(hb.Floats01D())+oz)
			if cell {
				m.update(d1, hc, 0)
				m.update(d2, hc, 1)
			} else {
				m.voronoiMinima.update(vp.metric, d1)
				m.voronoiMinima.update(vp.metric, d2)
			}
		}
	}
	if cell {
		return m.result().sample()
	}
	s := m.voronoiMinima.finalize(vp.metric, 2).evaluate(vp.function)
	F := float32(f)
	s.Dx = float32(s.Dx * F)
	s.Dz = float32(s.Dz * F)
	return s.sample()
}

// voronoi3D is Voronoi3D<L, D, F>: 5-bit point coordinates from the hash.
func voronoi3D(vp *variantParams, h SmallXXHash, p point, f float32) noise.Sample {
	px, py, pz := p.x, p.y, p.z
	x := getSpan(px, f, vp.tiling)
	y := getSpan(py, f, vp.tiling)
	z := getSpan(pz, f, vp.tiling)
	m := cellMinima{voronoiMinima: initMinima(vp.metric)}
	cell := vp.function == noise.FunctionCellValue
	for u := int32(-1); u <= 1; u++ {
		hx := h.Eat(validateSingleStep(x.p0+u, f, vp.tiling))
		ox := float32(u) - x.g0
		for v := int32(-1); v <= 1; v++ {
			hy := hx.Eat(validateSingleStep(y.p0+v, f, vp.tiling))
			oy := float32(v) - y.g0
			for w := int32(-1); w <= 1; w++ {
				hc := hy.Eat(validateSingleStep(z.p0+w, f, vp.tiling))
				hb := hc.bits()
				oz := float32(w) - z.g0
				d1 := dist3(vp.metric, vp.jitter1(hb.bits5(0))+ox, vp.jitter1(hb.bits5(5))+oy, vp.jitter1(hb.bits5(10))+oz)
				d2 := dist3(vp.metric, vp.jitter1(hb.bits5(15))+ox, vp.jitter1(hb.bits5(20))+oy, vp.jitter1(hb.bits5(25))+oz)
				if cell {
					m.update(d1, hc, 0)
					m.update(d2, hc, 1)
				} else {
					m.voronoiMinima.update(vp.metric, d1)
					m.voronoiMinima.update(vp.metric, d2)
				}
			}
		}
	}
	if cell {
		return m.result().sample()
	}
	s := m.voronoiMinima.finalize(vp.metric, 3).evaluate(vp.function)
	F := float32(f)
	s.Dx = float32(s.Dx * F)
	s.Dy = float32(s.Dy * F)
	s.Dz = float32(s.Dz * F)
	return s.sample()
}

// Value-only Voronoi noise (Worley and Chebyshev), bit-identical to the v of
// the functions above; smooth Worley uses the sample path. The two smallest
// distances of a set do not depend on the order they are met in, so each of
// the two points per cell keeps its own branch-free pair of minima (more
// instruction-level parallelism), merged at the end; Chebyshev distances are
// maxima of absolute values, equal to the sample path's axis selection.

// minPair tracks the two smallest values a <= b seen; b only when two.
type minPair struct{ a, b float32 }

// minBits is a minPair over the bits of the distances. The distances are
// never negative (+0 at least) nor NaN, and for such numbers the order of
// the bits is the order of the numbers: integer min and max are a compare
// and a conditional move, where float32 min and max take five instructions
// each (for NaN and −0, which cannot occur here) on the loop's dependency
// chain. Methods by value keep the pair in registers.
type minBits struct{ a, b uint32 }

func newMinBits() minBits { return minBits{0x40000000, 0x40000000} } // 2, 2

func (m minBits) update(d float32, two bool) minBits {
	u := math.Float32bits(d)
	if two {
		m.b = min(m.b, max(m.a, u))
	}
	m.a = min(m.a, u)
	return m
}

func (m minBits) pair() minPair { return minPair{math.Float32frombits(m.a), math.Float32frombits(m.b)} }

func (m *minPair) update(d float32, two bool) {
	if two {
		m.b = min(m.b, max(m.a, d))
	}
	m.a = min(m.a, d)
}

func (m minPair) merge(n minPair, two bool) minPair {
	if two {
		m.b = min(m.b, n.b, max(m.a, n.a))
	}
	m.a = min(m.a, n.a)
	return m
}

// result finalises the minima (2D/3D Worley: sqrt, clamped at 1) and
// applies the Voronoi function.
func (m minPair) result(vp *variantParams, dims int) float32 {
	a, b := m.a, m.b
	if vp.metric == noise.MetricWorley && dims > 1 {
		a, b = sqrt32(min(a, 1)), sqrt32(min(b, 1))
	}
	switch vp.function {
	case noise.FunctionF2:
		return b
	case noise.FunctionF2MinusF1:
		return b - a
	}
	return a
}

func voronoiValue1D(vp *variantParams, h SmallXXHash, p point, f float32) float32 {
	x0, gx, _ := spanValue(clampCoord(float32(p.x * float32(f))))
	if vp.tiling {
		x0, _ = wrapTiling(x0, f)
	}
	two := vp.function != noise.FunctionF1
	m := minPair{2, 2}
	for u := int32(-1); u <= 1; u++ {
		hb := h.Eat(validateSingleStep(x0+u, f, vp.tiling)).bits()
		m.update(abs32((hb.Floats01A()+float32(u))-gx), two)
	}
	return m.result(vp, 1)
}

func voronoiValue2D(vp *variantParams, h SmallXXHash, p point, f float32) float32 {
	k := float32(f)
	X, Z := float32(p.x*k), float32(p.z*k) // the clamp of the 2D value functions (sampler.go)
	if !inLattice(X, Z) {
		if X != X || Z != Z {
			return nan32
		}
		X, Z = clampLattice(X), clampLattice(Z)
	}
	x0, gx, _ := spanValue(X)
	z0, gz, _ := spanValue(Z)
	if vp.tiling {
		x0, _ = wrapTiling(x0, f)
		z0, _ = wrapTiling(z0, f)
	}
	// The three columns' z and offsets, wrapped once, not per cell.
	zs := [3]int32{validateSingleStep(z0-1, f, vp.tiling), z0, validateSingleStep(z0+1, f, vp.tiling)}
	ozs := [3]float32{-1 - gz, 0 - gz, 1 - gz}
	two, cheb := vp.function != noise.FunctionF1, vp.metric == noise.MetricChebyshev
	m1, m2 := newMinBits(), newMinBits()
	for u := int32(-1); u <= 1; u++ {
		hx := h.Eat(validateSingleStep(x0+u, f, vp.tiling))
		ox := float32(u) - gx
		for v := range zs {
			hb := uint32(hx.Eat(zs[v]).Avalanche())
			oz := ozs[v]
			// Floats01A..D through the byte table
			x1, z1 := floats01[uint8(hb)]+ox, floats01[uint8(hb>>8)]+oz
			x2, z2 := floats01[uint8(hb>>16)]+ox, floats01[hb>>24]+oz
			var d1, d2 float32
			if cheb {
				d1, d2 = max(abs32(x1), abs32(z1)), max(abs32(x2), abs32(z2))
			} else {
				d1 = (float32(x1*x1) + 0) + float32(z1*z1)
				d2 = (float32(x2*x2) + 0) + float32(z2*z2)
			}
			m1, m2 = m1.update(d1, two), m2.update(d2, two)
		}
	}
	return 0 + m1.pair().merge(m2.pair(), two).result(vp, 2) // 0 +: see valueAtFunc
}

func voronoiValue3D(vp *variantParams, h SmallXXHash, p point, f float32) float32 {
	F := float32(f)
	x0, gx, _ := spanValue(clampCoord(float32(p.x * F)))
	y0, gy, _ := spanValue(clampCoord(float32(p.y * F)))
	z0, gz, _ := spanValue(clampCoord(float32(p.z * F)))
	if vp.tiling {
		x0, _ = wrapTiling(x0, f)
		y0, _ = wrapTiling(y0, f)
		z0, _ = wrapTiling(z0, f)
	}
	two, cheb := vp.function != noise.FunctionF1, vp.metric == noise.MetricChebyshev
	m1, m2 := minPair{2, 2}, minPair{2, 2}
	for u := int32(-1); u <= 1; u++ {
		hx := h.Eat(validateSingleStep(x0+u, f, vp.tiling))
		ox := float32(u) - gx
		for v := int32(-1); v <= 1; v++ {
			hy := hx.Eat(validateSingleStep(y0+v, f, vp.tiling))
			oy := float32(v) - gy
			for w := int32(-1); w <= 1; w++ {
				hb := hy.Eat(validateSingleStep(z0+w, f, vp.tiling)).bits()
				oz := float32(w) - gz
				x1, y1, z1 := hb.bits5(0)+ox, hb.bits5(5)+oy, hb.bits5(10)+oz
				x2, y2, z2 := hb.bits5(15)+ox, hb.bits5(20)+oy, hb.bits5(25)+oz
				var d1, d2 float32
				if cheb {
					d1 = max(abs32(x1), abs32(y1), abs32(z1))
					d2 = max(abs32(x2), abs32(y2), abs32(z2))
				} else {
					d1 = (float32(x1*x1) + float32(y1*y1)) + float32(z1*z1)
					d2 = (float32(x2*x2) + float32(y2*y2)) + float32(z2*z2)
				}
				m1.update(d1, two)
				m2.update(d2, two)
			}
		}
	}
	return m1.merge(m2, two).result(vp, 3)
}
