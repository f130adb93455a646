// voronoi.glsl mirrors cpu/voronoi.go (docs/algorithms.md §4): two cell points per lattice
// cell, the nearest two distances F1 <= F2 over the neighbouring cells.

// The metrics (metricWorley, ...) and functions (functionF1, ...) are
// macros generated from package noise's Metric and Function (shaders.go,
// enumDefines).

// Smooth Worley constants (docs/algorithms.md §4).
const float smoothKL = 10.0;
const float smoothKP = 0.25;
const float invSmoothKP = 4.0; // 1 / smoothKP, a power of two: x·4 = x/0.25 exactly

// VoronoiMinima holds the two running minima a <= b, with derivatives.
struct VoronoiMinima {
	Sample a, b;
};

// initMinima is the state before the first candidate: a = b = 2, or for
// smooth Worley a = 0 (an exp sum) and b = 2.
VoronoiMinima initMinima(int m) {
	if (m == metricSmoothWorley) {
		return VoronoiMinima(Sample(0.0, 0.0, 0.0, 0.0, 0.0), Sample(2.0, 0.0, 0.0, 0.0, 0.0));
	}
	return VoronoiMinima(Sample(2.0, 0.0, 0.0, 0.0, 0.0), Sample(2.0, 0.0, 0.0, 0.0, 0.0));
}

// updateSmooth is the smooth-minimum update of docs/algorithms.md §4.
void updateSmooth(inout VoronoiMinima m, Sample s) {
	precise float e = exp32(-smoothKL * s.v);
	precise float av = m.a.v + e;
	precise float adx = m.a.dx + e * s.dx;
	precise float ady = m.a.dy + e * s.dy;
	precise float adz = m.a.dz + e * s.dz;
	m.a = Sample(av, adx, ady, adz, 0.0);
	precise float h = 1.0 - abs32(m.b.v - s.v) * invSmoothKP;
	precise float qx = m.b.dx - s.dx, qy = m.b.dy - s.dy, qz = m.b.dz - s.dz;
	precise float bs = m.b.v - s.v;
	if (!(bs < 0.0)) {
		qx = -qx;
		qy = -qy;
		qz = -qz;
	}
	qx = (qx * 0.5) * h;
	qy = (qy * 0.5) * h;
	qz = (qz * 0.5) * h;
	precise float h2 = ((0.25 * smoothKP) * h) * h;
	if (s.v < m.b.v) {
		m.b = s;
	}
	if (h > 0.0) {
		precise float bv = m.b.v - h2, bdx = m.b.dx - qx, bdy = m.b.dy - qy, bdz = m.b.dz - qz;
		m.b = Sample(bv, bdx, bdy, bdz, 0.0);
	}
}

// update is UpdateVoronoiMinima (docs/algorithms.md §4), or the smooth-minimum update
// for smooth Worley.
void update(inout VoronoiMinima m, int met, Sample s) {
	if (met == metricSmoothWorley) {
		updateSmooth(m, s);
		return;
	}
	if (s.v < m.a.v) {
		m.b = m.a;
		m.a = s;
	} else if (s.v < m.b.v) {
		m.b = s;
	}
}

// worleyDist1 is the 1D distance of Worley and Chebyshev: |x|, with the
// derivative of |point - sample| with respect to the sample.
Sample worleyDist1(float x) {
	if (x < 0.0) {
		return Sample(abs32(x), 1.0, 0.0, 0.0, 0.0);
	}
	return Sample(abs32(x), -1.0, 0.0, 0.0, 0.0);
}

// signStep is the Chebyshev derivative on the chosen axis: (c < 0) ? +1 : -1.
float signStep(float c) {
	if (c < 0.0) {
		return 1.0;
	}
	return -1.0;
}

// smoothDist3 is SmoothWorley's Euclidean distance with derivatives d/(-v);
// at a cell point (v = 0) the derivative is 0. The candidates are ordered
// by these square roots, so they are correctly rounded in every arithmetic
// mode (sqrtExact): a GPU's looser sqrt flips near-ties, and with them the
// derivatives (verify -precision worst showed it).
Sample smoothDist3(float x, float y, float z) {
	precise float v = sqrtExact((x * x + y * y) + z * z);
	if (v == 0.0) {
		return Sample(0.0, 0.0, 0.0, 0.0, 0.0);
	}
	Divisor nv = divisor(-v);
	return Sample(v, divide(x, nv), divide(y, nv), divide(z, nv), 0.0);
}

// dist2 is IVoronoiDistance.GetDistance(x, z).
Sample dist2(int met, float x, float z) {
	if (met == metricChebyshev) {
		float ax = abs32(x), az = abs32(z);
		if (ax > az) {
			return Sample(ax, signStep(x), 0.0, 0.0, 0.0);
		}
		return Sample(az, 0.0, 0.0, signStep(z), 0.0);
	}
	if (met == metricSmoothWorley) {
		return smoothDist3(x, 0.0, z);
	}
	precise float v = (x * x + 0.0) + z * z;
	return Sample(v, x, 0.0, z, 0.0);
}

// dist3 is IVoronoiDistance.GetDistance(x, y, z).
Sample dist3(int met, float x, float y, float z) {
	if (met == metricChebyshev) {
		float ax = abs32(x), ay = abs32(y), az = abs32(z);
		if (ax > ay && ax > az) {
			return Sample(ax, signStep(x), 0.0, 0.0, 0.0);
		}
		if (ay > az) {
			return Sample(ay, 0.0, signStep(y), 0.0, 0.0);
		}
		return Sample(az, 0.0, 0.0, signStep(z), 0.0);
	}
	if (met == metricSmoothWorley) {
		return smoothDist3(x, y, z);
	}
	precise float v = (x * x + y * y) + z * z;
	return Sample(v, x, y, z, 0.0);
}

// finalizeWorley is Worley.Finalize2D/3D for one minimum: keep = v < 1,
// v' = keep ? sqrt(v) : 1, d' = keep ? -d/v' : 0 (0 at a cell point).
Sample finalizeWorley(Sample s) {
	if (!(s.v < 1.0)) {
		return Sample(1.0, 0.0, 0.0, 0.0, 0.0);
	}
	precise float r = sqrt32(s.v);
	if (r == 0.0) {
		return Sample(0.0, 0.0, 0.0, 0.0, 0.0);
	}
	Divisor d = divisor(r);
	return Sample(r, divide(-s.dx, d), divide(-s.dy, d), divide(-s.dz, d), 0.0);
}

Sample smoothWindow(Sample s, bool oneD) {
	if (s.v > 0.0 && (oneD || s.v < 1.0)) {
		return smoothstepSample(s);
	}
	return Sample(0.0, 0.0, 0.0, 0.0, 0.0);
}

// finalizeSmooth is SmoothWorley's Finalize: the log-sum-exp minimum in a,
// the polynomial minimum in b, both through smoothstep inside the window.
VoronoiMinima finalizeSmooth(VoronoiMinima m, bool oneD) {
	Sample a = m.a;
	Divisor d = divisor(a.v);
	float v = div32(log32(a.v), -smoothKL);
	m.a = smoothWindow(Sample(v, divide(a.dx, d), divide(a.dy, d), divide(a.dz, d), 0.0), oneD);
	m.b = smoothWindow(m.b, oneD);
	return m;
}

// finalize is IVoronoiDistance.Finalize1D/2D/3D.
VoronoiMinima finalize(VoronoiMinima m, int met, int dims) {
	if (met == metricSmoothWorley) {
		return finalizeSmooth(m, dims == 1);
	}
	if (met == metricWorley && dims > 1) {
		return VoronoiMinima(finalizeWorley(m.a), finalizeWorley(m.b));
	}
	return m;
}

// evaluate is IVoronoiFunction.Evaluate, and the functions the project
// adds (docs/algorithms.md §4.4). functionCellValue is cellResult's.
Sample evaluate(VoronoiMinima m, int fn) {
	Sample a = m.a, b = m.b;
	if (fn == functionF2) {
		return b;
	}
	if (fn == functionF2MinusF1) {
		return sampleSub(b, a);
	}
	if (fn == functionF1PlusF2) {
		return sampleAdd(a, b);
	}
	if (fn == functionF1TimesF2) {
		// the product rule: d(ab) = (da·b) + (a·db)
		precise float v = a.v * b.v;
		precise float dx = a.dx * b.v + a.v * b.dx, dy = a.dy * b.v + a.v * b.dy, dz = a.dz * b.v + a.v * b.dz;
		return Sample(v, dx, dy, dz, 0.0);
	}
	if (fn == functionF1DivF2) {
		// q = a/b; dq = (da − (q·db)) / b; 0 where b = 0 (then a = 0 too)
		if (b.v == 0.0) {
			return Sample(0.0, 0.0, 0.0, 0.0, 0.0);
		}
		Divisor d = divisor(b.v);
		precise float q = divide(a.v, d);
		precise float nx = a.dx - q * b.dx, ny = a.dy - q * b.dy, nz = a.dz - q * b.dz;
		return Sample(q, divide(nx, d), divide(ny, d), divide(nz, d), 0.0);
	}
	return a;
}

// CellMinima is cpu.cellMinima: VoronoiMinima for functionCellValue, with
// the nearest point's cell hash (the accumulator after the cell's indices)
// and its index k in the cell.
struct CellMinima {
	VoronoiMinima m;
	uint h;
	int k;
};

// updateCell is update (Worley and Chebyshev), remembering the cell and
// index of the candidate that becomes a.
void updateCell(inout CellMinima c, Sample s, uint h, int k) {
	if (s.v < c.m.a.v) {
		c.m.b = c.m.a;
		c.m.a = s;
		c.h = h;
		c.k = k;
	} else if (s.v < c.m.b.v) {
		c.m.b = s;
	}
}

// cellResult is the nearest point's random value, the value gradient of
// its cell hash fed its index: (v, 0, 0, 0) with v in [−1, 1].
Sample cellResult(CellMinima c) {
	return Sample(valueGradient(Bits(Eat(c.h, c.k))), 0.0, 0.0, 0.0, 0.0);
}

// jitter1 is a cell point's coordinate F at the variant's jitter:
// (F·jitter) + jitterC, or F itself at jitter 1.
float jitter1(VariantParams vp, float F) {
	if (!vp.jit) {
		return F;
	}
	precise float r = F * vp.jitter + vp.jitterC;
	return r;
}

// voronoi1D is Voronoi1D<L, D, F>. 1D Chebyshev is 1D Worley.
Sample voronoi1D(VariantParams vp, uint h, vec4 p, float f) {
	float px = p.x;
	LatticeSpan x = getSpan(px, f, vp.tiling);
	if (vp.function == functionCellValue) {
		CellMinima c = CellMinima(initMinima(vp.metric), 0u, 0);
		for (int u = -1; u <= 1; u++) {
			uint hc = Eat(h, validateSingleStep(x.p0 + u, f, vp.tiling));
			precise float d = (jitter1(vp, Floats01A(Bits(hc))) + float(u)) - x.g0;
			updateCell(c, worleyDist1(d), hc, 0);
		}
		return cellResult(c);
	}
	VoronoiMinima m = initMinima(vp.metric);
	for (int u = -1; u <= 1; u++) {
		uint hb = Bits(Eat(h, validateSingleStep(x.p0 + u, f, vp.tiling)));
		precise float d = (jitter1(vp, Floats01A(hb)) + float(u)) - x.g0;
		update(m, vp.metric, worleyDist1(d));
	}
	Sample s = evaluate(finalize(m, vp.metric, 1), vp.function);
	precise float dx = s.dx * float(f);
	s.dx = dx;
	return s;
}

// voronoi2D is Voronoi2D<L, D, F> over X and Z.
Sample voronoi2D(VariantParams vp, uint h, vec4 p, float f) {
	float px = p.x, pz = p.z;
	LatticeSpan x = getSpan(px, f, vp.tiling);
	LatticeSpan z = getSpan(pz, f, vp.tiling);
	CellMinima c = CellMinima(initMinima(vp.metric), 0u, 0);
	bool cell = vp.function == functionCellValue;
	for (int u = -1; u <= 1; u++) {
		uint hx = Eat(h, validateSingleStep(x.p0 + u, f, vp.tiling));
		precise float ox = float(u) - x.g0;
		for (int v = -1; v <= 1; v++) {
			uint hc = Eat(hx, validateSingleStep(z.p0 + v, f, vp.tiling));
			uint hb = Bits(hc);
			precise float oz = float(v) - z.g0;
			precise float ax = jitter1(vp, Floats01A(hb)) + ox, bz = jitter1(vp, Floats01B(hb)) + oz;
			precise float cx = jitter1(vp, Floats01C(hb)) + ox, dz = jitter1(vp, Floats01D(hb)) + oz;
			Sample d1 = dist2(vp.metric, ax, bz), d2 = dist2(vp.metric, cx, dz);
			if (cell) {
				updateCell(c, d1, hc, 0);
				updateCell(c, d2, hc, 1);
			} else {
				update(c.m, vp.metric, d1);
				update(c.m, vp.metric, d2);
			}
		}
	}
	if (cell) {
		return cellResult(c);
	}
	Sample s = evaluate(finalize(c.m, vp.metric, 2), vp.function);
	precise float F = float(f);
	precise float dx = s.dx * F, dz = s.dz * F;
	s.dx = dx;
	s.dz = dz;
	return s;
}

// voronoi3D is Voronoi3D<L, D, F>: 5-bit point coordinates from the hash.
Sample voronoi3D(VariantParams vp, uint h, vec4 p, float f) {
	float px = p.x, py = p.y, pz = p.z;
	LatticeSpan x = getSpan(px, f, vp.tiling);
	LatticeSpan y = getSpan(py, f, vp.tiling);
	LatticeSpan z = getSpan(pz, f, vp.tiling);
	CellMinima c = CellMinima(initMinima(vp.metric), 0u, 0);
	bool cell = vp.function == functionCellValue;
	for (int u = -1; u <= 1; u++) {
		uint hx = Eat(h, validateSingleStep(x.p0 + u, f, vp.tiling));
		precise float ox = float(u) - x.g0;
		for (int v = -1; v <= 1; v++) {
			uint hy = Eat(hx, validateSingleStep(y.p0 + v, f, vp.tiling));
			precise float oy = float(v) - y.g0;
			for (int w = -1; w <= 1; w++) {
				uint hc = Eat(hy, validateSingleStep(z.p0 + w, f, vp.tiling));
				uint hb = Bits(hc);
				precise float oz = float(w) - z.g0;
				precise float x1 = jitter1(vp, bits5(hb, 0)) + ox, y1 = jitter1(vp, bits5(hb, 5)) + oy, z1 = jitter1(vp, bits5(hb, 10)) + oz;
				precise float x2 = jitter1(vp, bits5(hb, 15)) + ox, y2 = jitter1(vp, bits5(hb, 20)) + oy, z2 = jitter1(vp, bits5(hb, 25)) + oz;
				Sample d1 = dist3(vp.metric, x1, y1, z1), d2 = dist3(vp.metric, x2, y2, z2);
				if (cell) {
					updateCell(c, d1, hc, 0);
					updateCell(c, d2, hc, 1);
				} else {
					update(c.m, vp.metric, d1);
					update(c.m, vp.metric, d2);
				}
			}
		}
	}
	if (cell) {
		return cellResult(c);
	}
	Sample s = evaluate(finalize(c.m, vp.metric, 3), vp.function);
	precise float F = float(f);
	precise float dx = s.dx * F, dy = s.dy * F, dz = s.dz * F;
	s.dx = dx;
	s.dy = dy;
	s.dz = dz;
	return s;
}
