// gradient.wgsl mirrors cpu/gradient.go (glsl/gradient.glsl).

// The gradient kinds (gradValue, gradPerlin, gradSimplex) and combine steps
// (combineNone, ...) are consts generated from package noise's Gradient and
// Combiner (wgsl.go, enumConsts).

// valueGradient is the Value gradient, (A*2) - 1, in every dimension.
fn valueGradient(v: u32) -> f32 { let r = Floats01A(v) * 2.0 - 1.0; return r; }

// lineGradient is BaseGradients.Line: l = (1 + A) * ±1 with the sign from
// hash bit 8; v = l*x, dx = l.
fn lineGradient(v: u32, x: f32) -> Sample {
	var l = 1.0 + Floats01A(v);
	if ((v & 256u) != 0u) {
		l = -l;
	}
	let lv = l * x;
	return Sample(lv, l, 0.0, 0.0, 0.0);
}

// squareVectors is BaseGradients.SquareVectors: (gx, gy) on the diamond.
fn squareVectors(v: u32) -> vec2f {
	var gx = Floats01A(v) * 2.0 - 1.0;
	let gy = 0.5 - abs32(gx);
	gx = gx - f32(floorToInt(gx + 0.5));
	return vec2f(gx, gy);
}

// foldOctahedron folds the lower half of the octahedron outward:
// off = max(−gz, 0), then g += (g < 0) ? off : −off for x and y, on the bits.
fn foldOctahedron(gx: f32, gy: f32, gz: f32) -> vec2f {
	let b = bitcast<u32>(-gz);
	let off = b & ~u32(bitcast<i32>(b) >> 31u);
	let fx = bitcast<f32>(off | (~bitcast<u32>(gx) & signMask));
	let fy = bitcast<f32>(off | (~bitcast<u32>(gy) & signMask));
	let rx = gx + fx; let ry = gy + fy;
	return vec2f(rx, ry);
}

// octahedronVectors is BaseGradients.OctahedronVectors.
fn octahedronVectors(v: u32) -> vec3f {
	let gx = Floats01A(v) * 2.0 - 1.0;
	let gy = Floats01D(v) * 2.0 - 1.0;
	let gz = (1.0 - abs32(gx)) - abs32(gy);
	let f = foldOctahedron(gx, gy, gz);
	return vec3f(f.x, f.y, gz);
}

// squareGradient is BaseGradients.Square: v = gx*x + gy*z, d = (gx, gy).
fn squareGradient(v: u32, x: f32, z: f32) -> Sample {
	let g = squareVectors(v);
	let sv = g.x * x + g.y * z;
	return Sample(sv, g.x, 0.0, g.y, 0.0);
}

// circleGradient is BaseGradients.Circle: the square gradient normalised.
fn circleGradient(v: u32, x: f32, z: f32) -> Sample {
	let g = squareVectors(v);
	let r = div32(1.0, sqrt32(g.x * g.x + g.y * g.y));
	let sv = g.x * x + g.y * z;
	return sampleScale(Sample(sv, g.x, 0.0, g.y, 0.0), r);
}

// octahedronGradient is BaseGradients.Octahedron.
fn octahedronGradient(v: u32, x: f32, y: f32, z: f32) -> Sample {
	let g = octahedronVectors(v);
	let sv = (g.x * x + g.y * y) + g.z * z;
	return Sample(sv, g.x, g.y, g.z, 0.0);
}

// sphereGradient is BaseGradients.Sphere: the octahedron gradient normalised.
fn sphereGradient(v: u32, x: f32, y: f32, z: f32) -> Sample {
	let g = octahedronVectors(v);
	let r = div32(1.0, sqrt32((g.x * g.x + g.y * g.y) + g.z * g.z));
	let sv = (g.x * x + g.y * y) + g.z * z;
	return sampleScale(Sample(sv, g.x, g.y, g.z, 0.0), r);
}

// evaluate1 is IGradient.Evaluate(hash, x) for gradient g.
fn evaluate1(g: i32, h: u32, x: f32) -> Sample {
	let v = Bits(h);
	if (g == gradPerlin) {
		return lineGradient(v, x);
	}
	if (g == gradSimplex) {
		return sampleScale(lineGradient(v, x), simplex1);
	}
	return Sample(valueGradient(v), 0.0, 0.0, 0.0, 0.0);
}

// evaluate2 is IGradient.Evaluate(hash, x, z) for gradient g.
fn evaluate2(g: i32, h: u32, x: f32, z: f32) -> Sample {
	let v = Bits(h);
	if (g == gradPerlin) {
		return sampleScale(squareGradient(v, x, z), perlin2);
	}
	if (g == gradSimplex) {
		return sampleScale(circleGradient(v, x, z), simplex2);
	}
	return Sample(valueGradient(v), 0.0, 0.0, 0.0, 0.0);
}

// evaluate3 is IGradient.Evaluate(hash, x, y, z) for gradient g.
fn evaluate3(g: i32, h: u32, x: f32, y: f32, z: f32) -> Sample {
	let v = Bits(h);
	if (g == gradPerlin) {
		return sampleScale(octahedronGradient(v, x, y, z), perlin3);
	}
	if (g == gradSimplex) {
		return sampleScale(sphereGradient(v, x, y, z), simplex3);
	}
	return Sample(valueGradient(v), 0.0, 0.0, 0.0, 0.0);
}

// smoothstepSample is Smoothstep<G>.EvaluateCombined on an already combined
// sample: v' = 3v^2 - 2v^3, d' = 6v(1-v) d.
fn smoothstepSample(s: Sample) -> Sample {
	let v = s.v;
	let k = (6.0 * v) * (1.0 - v);
	let dx = s.dx * k; let dy = s.dy * k; let dz = s.dz * k; let dw = s.dw * k;
	let sv = v * (v * (3.0 - 2.0 * v));
	return Sample(sv, dx, dy, dz, dw);
}

// clampValue limits a lattice or simplex noise's raw value (the blend or
// the kernel sum) to [−1, 1], its range, before the combine step
// (docs/algorithms.md §2.5, §9.1).
fn clampValue(v: f32) -> f32 { return clampMag(v, 1.0); }

// evaluateCombined applies the combine step c to s0 (docs/algorithms.md
// §2.5): the value clamped to [−1, 1] (clampValue; the derivatives are
// left as computed), then turbulence or smooth turbulence.
fn evaluateCombined(c: i32, s0: Sample) -> Sample {
	var s = s0;
	s.v = clampValue(s.v);
	if (c == combineNone) {
		return s;
	}
	// Turbulence: the derivative's sign follows the value's sign.
	if (!(s.v >= 0.0)) {
		s.dx = -s.dx;
		s.dy = -s.dy;
		s.dz = -s.dz;
		s.dw = -s.dw;
	}
	s.v = abs32(s.v);
	if (c == combineSmoothTurbulence) {
		return smoothstepSample(s);
	}
	return s;
}

// tesseractAxis is component a (0–3: x, y, z, w) of the 4D gradient with
// index i (0–31): the 32 midpoints of the tesseract's edges, every
// permutation of (0, ±1, ±1, ±1) (docs/algorithms.md §2.4).
fn tesseractAxis(i: u32, a: u32) -> f32 {
	let zero = i >> 3u;
	if (a == zero) {
		return 0.0;
	}
	var k = a;
	if (a > zero) {
		k = a - 1u;
	}
	if (((i >> (2u - k)) & 1u) != 0u) {
		return -1.0;
	}
	return 1.0;
}

// tesseractVectors is the 4D gradient vector of a hash: index v >> 27,
// the avalanched hash's top five bits.
fn tesseractVectors(v: u32) -> vec4f {
	let i = v >> 27u;
	return vec4f(tesseractAxis(i, 0u), tesseractAxis(i, 1u), tesseractAxis(i, 2u), tesseractAxis(i, 3u));
}

// tesseractGradient is the 4D gradient: v = g·(x, y, z, w), d = g.
fn tesseractGradient(v: u32, x: f32, y: f32, z: f32, w: f32) -> Sample {
	let g = tesseractVectors(v);
	let sv = ((g.x * x + g.y * y) + g.z * z) + g.w * w;
	return Sample(sv, g.x, g.y, g.z, g.w);
}

// evaluate4 is Evaluate(hash, x, y, z, w) for gradient g: Perlin and
// simplex share the tesseract vectors (all of length √3), with their own
// normalisation; simplex4 includes the 1/√3.
fn evaluate4(g: i32, h: u32, x: f32, y: f32, z: f32, w: f32) -> Sample {
	let v = Bits(h);
	if (g == gradPerlin) {
		return sampleScale(tesseractGradient(v, x, y, z, w), perlin4);
	}
	if (g == gradSimplex) {
		return sampleScale(tesseractGradient(v, x, y, z, w), simplex4);
	}
	return Sample(valueGradient(v), 0.0, 0.0, 0.0, 0.0);
}
