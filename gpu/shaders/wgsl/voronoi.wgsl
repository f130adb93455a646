// voronoi.wgsl mirrors cpu/voronoi.go (glsl/voronoi.glsl; docs/algorithms.md
// §4): two cell points per lattice cell, the nearest two distances
// F1 <= F2 over the neighbouring cells. WGSL passes no pointer to a member,
// so the GLSL's inout updates return the updated minima instead.

// The metrics (metricWorley, ...) and functions (functionF1, ...) are
// consts generated from package noise's Metric and Function (wgsl.go).

// Smooth Worley constants (docs/algorithms.md §4).
const smoothKL: f32 = 10.0;
const smoothKP: f32 = 0.25;
const invSmoothKP: f32 = 4.0; // 1 / smoothKP, a power of two: x·4 = x/0.25 exactly

// VoronoiMinima holds the two running minima a <= b, with derivatives.
struct VoronoiMinima {
	a: Sample, b: Sample,
}

// initMinima is the state before the first candidate: a = b = 2, or for
// smooth Worley a = 0 (an exp sum) and b = 2.
fn initMinima(m: i32) -> VoronoiMinima {
	if (m == metricSmoothWorley) {
		return VoronoiMinima(Sample(0.0, 0.0, 0.0, 0.0, 0.0), Sample(2.0, 0.0, 0.0, 0.0, 0.0));
	}
	return VoronoiMinima(Sample(2.0, 0.0, 0.0, 0.0, 0.0), Sample(2.0, 0.0, 0.0, 0.0, 0.0));
}

// updateSmooth is the smooth-minimum update of docs/algorithms.md §4.
fn updateSmooth(m0: VoronoiMinima, s: Sample) -> VoronoiMinima {
	var m = m0;
	let e = exp32(-smoothKL * s.v);
	let av = m.a.v + e;
	let adx = m.a.dx + e * s.dx;
	let ady = m.a.dy + e * s.dy;
	let adz = m.a.dz + e * s.dz;
	m.a = Sample(av, adx, ady, adz, 0.0);
	let h = 1.0 - abs32(m.b.v - s.v) * invSmoothKP;
	var qx = m.b.dx - s.dx; var qy = m.b.dy - s.dy; var qz = m.b.dz - s.dz;
	let bs = m.b.v - s.v;
	if (!(bs < 0.0)) {
		qx = -qx;
		qy = -qy;
		qz = -qz;
	}
	qx = (qx * 0.5) * h;
	qy = (qy * 0.5) * h;
	qz = (qz * 0.5) * h;
	let h2 = ((0.25 * smoothKP) * h) * h;
	if (s.v < m.b.v) {
		m.b = s;
	}
	if (h > 0.0) {
		let bv = m.b.v - h2; let bdx = m.b.dx - qx; let bdy = m.b.dy - qy; let bdz = m.b.dz - qz;
		m.b = Sample(bv, bdx, bdy, bdz, 0.0);
	}
	return m;
}

// update is UpdateVoronoiMinima (docs/algorithms.md §4), or the smooth-minimum update
// for smooth Worley.
fn update(m0: VoronoiMinima, met: i32, s: Sample) -> VoronoiMinima {
	if (met == metricSmoothWorley) {
		return updateSmooth(m0, s);
	}
	var m = m0;
	if (s.v < m.a.v) {
		m.b = m.a;
		m.a = s;
	} else if (s.v < m.b.v) {
		m.b = s;
	}
	return m;
}

// worleyDist1 is the 1D distance of Worley and Chebyshev: |x|, with the
// derivative of |point - sample| with respect to the sample.
fn worleyDist1(x: f32) -> Sample {
	if (x < 0.0) {
		return Sample(abs32(x), 1.0, 0.0, 0.0, 0.0);
	}
	return Sample(abs32(x), -1.0, 0.0, 0.0, 0.0);
}

// signStep is the Chebyshev derivative on the chosen axis: (c < 0) ? +1 : -1.
fn signStep(c: f32) -> f32 {
	if (c < 0.0) {
		return 1.0;
	}
	return -1.0;
}

// smoothDist3 is SmoothWorley's Euclidean distance with derivatives d/(-v);
// at a cell point (v = 0) the derivative is 0. The square root is
// correctly rounded in every arithmetic mode (sqrtExact), as in the GLSL.
fn smoothDist3(x: f32, y: f32, z: f32) -> Sample {
	let v = sqrtExact((x * x + y * y) + z * z);
	if (v == 0.0) {
		return Sample(0.0, 0.0, 0.0, 0.0, 0.0);
	}
	let nv = divisor(-v);
	return Sample(v, divide(x, nv), divide(y, nv), divide(z, nv), 0.0);
}

// dist2 is IVoronoiDistance.GetDistance(x, z).
fn dist2(met: i32, x: f32, z: f32) -> Sample {
	if (met == metricChebyshev) {
		let ax = abs32(x); let az = abs32(z);
		if (ax > az) {
			return Sample(ax, signStep(x), 0.0, 0.0, 0.0);
		}
		return Sample(az, 0.0, 0.0, signStep(z), 0.0);
	}
	if (met == metricSmoothWorley) {
		return smoothDist3(x, 0.0, z);
	}
	let v = (x * x + 0.0) + z * z;
	return Sample(v, x, 0.0, z, 0.0);
}

// dist3 is IVoronoiDistance.GetDistance(x, y, z).
fn dist3(met: i32, x: f32, y: f32, z: f32) -> Sample {
	if (met == metricChebyshev) {
		let ax = abs32(x); let ay = abs32(y); let az = abs32(z);
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
	let v = (x * x + y * y) + z * z;
	return Sample(v, x, y, z, 0.0);
}

// finalizeWorley is Worley.Finalize2D/3D for one minimum: keep = v < 1,
// v' = keep ? sqrt(v) : 1, d' = keep ? -d/v' : 0 (0 at a cell point).
fn finalizeWorley(s: Sample) -> Sample {
	if (!(s.v < 1.0)) {
		return Sample(1.0, 0.0, 0.0, 0.0, 0.0);
	}
	let r = sqrt32(s.v);
	if (r == 0.0) {
		return Sample(0.0, 0.0, 0.0, 0.0, 0.0);
	}
	let d = divisor(r);
	return Sample(r, divide(-s.dx, d), divide(-s.dy, d), divide(-s.dz, d), 0.0);
}

fn smoothWindow(s: Sample, oneD: bool) -> Sample {
	if (s.v > 0.0 && (oneD || s.v < 1.0)) {
		return smoothstepSample(s);
	}
	return Sample(0.0, 0.0, 0.0, 0.0, 0.0);
}

// finalizeSmooth is SmoothWorley's Finalize: the log-sum-exp minimum in a,
// the polynomial minimum in b, both through smoothstep inside the window.
fn finalizeSmooth(m0: VoronoiMinima, oneD: bool) -> VoronoiMinima {
	var m = m0;
	let a = m.a;
	let d = divisor(a.v);
	let v = div32(log32(a.v), -smoothKL);
	m.a = smoothWindow(Sample(v, divide(a.dx, d), divide(a.dy, d), divide(a.dz, d), 0.0), oneD);
	m.b = smoothWindow(m.b, oneD);
	return m;
}

// finalize is IVoronoiDistance.Finalize1D/2D/3D.
fn finalize(m: VoronoiMinima, met: i32, dims: i32) -> VoronoiMinima {
	if (met == metricSmoothWorley) {
		return finalizeSmooth(m, dims == 1);
	}
	if (met == metricWorley && dims > 1) {
		return VoronoiMinima(finalizeWorley(m.a), finalizeWorley(m.b));
	}
	return m;
}

// evaluate is IVoronoiFunction.Evaluate, and the functions the project
// adds (docs/algorithms.md §4.4). functionCellValue is cellResult's. (The
// GLSL's parameter fn is fun here: fn is a WGSL keyword.)
fn evaluate(m: VoronoiMinima, fun: i32) -> Sample {
	let a = m.a; let b = m.b;
	if (fun == functionF2) {
		return b;
	}
	if (fun == functionF2MinusF1) {
		return sampleSub(b, a);
	}
	if (fun == functionF1PlusF2) {
		return sampleAdd(a, b);
	}
	if (fun == functionF1TimesF2) {
		// the product rule: d(ab) = (da·b) + (a·db)
		let v = a.v * b.v;
		let dx = a.dx * b.v + a.v * b.dx; let dy = a.dy * b.v + a.v * b.dy; let dz = a.dz * b.v + a.v * b.dz;
		return Sample(v, dx, dy, dz, 0.0);
	}
	if (fun == functionF1DivF2) {
		// q = a/b; dq = (da − (q·db)) / b; 0 where b = 0 (then a = 0 too)
		if (b.v == 0.0) {
			return Sample(0.0, 0.0, 0.0, 0.0, 0.0);
		}
		let d = divisor(b.v);
		let q = divide(a.v, d);
		let nx = a.dx - q * b.dx; let ny = a.dy - q * b.dy; let nz = a.dz - q * b.dz;
		return Sample(q, divide(nx, d), divide(ny, d), divide(nz, d), 0.0);
	}
	return a;
}

// CellMinima is cpu.cellMinima: VoronoiMinima for functionCellValue, with
// the nearest point's cell hash (the accumulator after the cell's indices)
// and its index k in the cell.
struct CellMinima {
	m: VoronoiMinima,
	h: u32,
	k: i32,
}

// updateCell is update (Worley and Chebyshev), remembering the cell and
// index of the candidate that becomes a.
fn updateCell(c0: CellMinima, s: Sample, h: u32, k: i32) -> CellMinima {
	var c = c0;
	if (s.v < c.m.a.v) {
		c.m.b = c.m.a;
		c.m.a = s;
		c.h = h;
		c.k = k;
	} else if (s.v < c.m.b.v) {
		c.m.b = s;
	}
	return c;
}

// cellResult is the nearest point's random value, the value gradient of
// its cell hash fed its index: (v, 0, 0, 0) with v in [−1, 1].
fn cellResult(c: CellMinima) -> Sample {
	return Sample(valueGradient(Bits(Eat(c.h, c.k))), 0.0, 0.0, 0.0, 0.0);
}

// jitter1 is a cell point's coordinate F at the variant's jitter:
// (F·jitter) + jitterC, or F itself at jitter 1.
fn jitter1(vp: VariantParams, F: f32) -> f32 {
	if (!vp.jit) {
		return F;
	}
	let r = F * vp.jitter + vp.jitterC;
	return r;
}

// voronoi1D is Voronoi1D<L, D, F>. 1D Chebyshev is 1D Worley.
fn voronoi1D(vp: VariantParams, h: u32, p: vec4f, f: f32) -> Sample {
	let px = p.x;
	let x = getSpan(px, f, vp.tiling);
	if (vp.function == functionCellValue) {
		var c = CellMinima(initMinima(vp.metric), 0u, 0);
		for (var u = -1; u <= 1; u++) {
			let hc = Eat(h, validateSingleStep(x.p0 + u, f, vp.tiling));
			let d = (jitter1(vp, Floats01A(Bits(hc))) + f32(u)) - x.g0;
			c = updateCell(c, worleyDist1(d), hc, 0);
		}
		return cellResult(c);
	}
	var m = initMinima(vp.metric);
	for (var u = -1; u <= 1; u++) {
		let hb = Bits(Eat(h, validateSingleStep(x.p0 + u, f, vp.tiling)));
		let d = (jitter1(vp, Floats01A(hb)) + f32(u)) - x.g0;
		m = update(m, vp.metric, worleyDist1(d));
	}
	var s = evaluate(finalize(m, vp.metric, 1), vp.function);
	let dx = s.dx * f32(f);
	s.dx = dx;
	return s;
}

// voronoi2D is Voronoi2D<L, D, F> over X and Z.
fn voronoi2D(vp: VariantParams, h: u32, p: vec4f, f: f32) -> Sample {
	let px = p.x; let pz = p.z;
	let x = getSpan(px, f, vp.tiling);
	let z = getSpan(pz, f, vp.tiling);
	var c = CellMinima(initMinima(vp.metric), 0u, 0);
	let cell = vp.function == functionCellValue;
	for (var u = -1; u <= 1; u++) {
		let hx = Eat(h, validateSingleStep(x.p0 + u, f, vp.tiling));
		let ox = f32(u) - x.g0;
		for (var v = -1; v <= 1; v++) {
			let hc = Eat(hx, validateSingleStep(z.p0 + v, f, vp.tiling));
			let hb = Bits(hc);
			let oz = f32(v) - z.g0;
			let ax = jitter1(vp, Floats01A(hb)) + ox; let bz = jitter1(vp, Floats01B(hb)) + oz;
			let cx = jitter1(vp, Floats01C(hb)) + ox; let dz = jitter1(vp, Floats01D(hb)) + oz;
			let d1 = dist2(vp.metric, ax, bz); let d2 = dist2(vp.metric, cx, dz);
			if (cell) {
				c = updateCell(c, d1, hc, 0);
				c = updateCell(c, d2, hc, 1);
			} else {
				c.m = update(c.m, vp.metric, d1);
				c.m = update(c.m, vp.metric, d2);
			}
		}
	}
	if (cell) {
		return cellResult(c);
	}
	var s = evaluate(finalize(c.m, vp.metric, 2), vp.function);
	let F = f32(f);
	let dx = s.dx * F; let dz = s.dz * F;
	s.dx = dx;
	s.dz = dz;
	return s;
}

// voronoi3D is Voronoi3D<L, D, F>: 5-bit point coordinates from the hash.
fn voronoi3D(vp: VariantParams, h: u32, p: vec4f, f: f32) -> Sample {
	let px = p.x; let py = p.y; let pz = p.z;
	let x = getSpan(px, f, vp.tiling);
	let y = getSpan(py, f, vp.tiling);
	let z = getSpan(pz, f, vp.tiling);
	var c = CellMinima(initMinima(vp.metric), 0u, 0);
	let cell = vp.function == functionCellValue;
	for (var u = -1; u <= 1; u++) {
		let hx = Eat(h, validateSingleStep(x.p0 + u, f, vp.tiling));
		let ox = f32(u) - x.g0;
		for (var v = -1; v <= 1; v++) {
			let hy = Eat(hx, validateSingleStep(y.p0 + v, f, vp.tiling));
			let oy = f32(v) - y.g0;
			for (var w = -1; w <= 1; w++) {
				let hc = Eat(hy, validateSingleStep(z.p0 + w, f, vp.tiling));
				let hb = Bits(hc);
				let oz = f32(w) - z.g0;
				let x1 = jitter1(vp, bits5(hb, 0u)) + ox; let y1 = jitter1(vp, bits5(hb, 5u)) + oy; let z1 = jitter1(vp, bits5(hb, 10u)) + oz;
				let x2 = jitter1(vp, bits5(hb, 15u)) + ox; let y2 = jitter1(vp, bits5(hb, 20u)) + oy; let z2 = jitter1(vp, bits5(hb, 25u)) + oz;
				let d1 = dist3(vp.metric, x1, y1, z1); let d2 = dist3(vp.metric, x2, y2, z2);
				if (cell) {
					c = updateCell(c, d1, hc, 0);
					c = updateCell(c, d2, hc, 1);
				} else {
					c.m = update(c.m, vp.metric, d1);
					c.m = update(c.m, vp.metric, d2);
				}
			}
		}
	}
	if (cell) {
		return cellResult(c);
	}
	var s = evaluate(finalize(c.m, vp.metric, 3), vp.function);
	let F = f32(f);
	let dx = s.dx * F; let dy = s.dy * F; let dz = s.dz * F;
	s.dx = dx;
	s.dy = dy;
	s.dz = dz;
	return s;
}
