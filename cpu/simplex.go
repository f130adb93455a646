package cpu

import "github.com/noiselab/noise"

// Simplex noise (docs/algorithms.md §3): kernels summed over the corners of the segment,
// triangle or tetrahedron that holds the sample. There is no tiling variant.

// simplexKernel1 is Simplex1D.Kernel: falloff (1 - x^2)^3 times the gradient,
// in the PS-final operation order.
func simplexKernel1(g noise.Gradient, h SmallXXHash, l int32, X float32) noise.Sample {
	x := X - float32(l)
	f := 1 - float32(x*x)
	s := evaluate1(g, h, x)
	return noise.Sample{
		V:  float32(float32(float32(f*s.V)*f) * f),
		Dx: float32(float32((float32(f*s.Dx)-float32(float32(6*x)*s.V))*f) * f),
	}
}

// simplex1D is Simplex1D<G>.
func simplex1D(vp *variantParams, h SmallXXHash, p point, f float32) noise.Sample {
	px := p.x
	k := float32(f)
	X := clampCoord(float32(px * k))
	x0 := floorToInt(X)
	x1 := x0 + 1
	sum := sampleAdd(simplexKernel1(vp.grad, h.Eat(x0), x0, X), simplexKernel1(vp.grad, h.Eat(x1), x1, X))
	s := evaluateCombined(vp.comb, sum)
	s.Dx = float32(s.Dx * k)
	return s
}

// kernelMask is the 2D/3D falloff scale: 8 inside the kernel (f >= 0),
// 0 outside.
func kernelMask(f float32) float32 { return maskNonNegative(f, 8) }

// simplexKernel2 is Simplex2D.Kernel: 8(1/2 - x^2 - z^2)^3 times the gradient.
func simplexKernel2(g noise.Gradient, h SmallXXHash, lx, lz int32, X, Z float32) noise.Sample {
	u := float32((float32(lx) + float32(lz)) * unskew2)
	x := (X - float32(lx)) + u
	z := (Z - float32(lz)) + u
	f := (0.5 - float32(x*x)) - float32(z*z)
	s := evaluate2(g, h, x, z)
	m := kernelMask(f)
	return noise.Sample{
		V:  float32(float32(float32(float32(f*s.V)*f)*f) * m),
		Dx: float32(float32(float32((float32(f*s.Dx)-float32(float32(6*x)*s.V))*f)*f) * m),
		Dz: float32(float32(float32((float32(f*s.Dz)-float32(float32(6*z)*s.V))*f)*f) * m),
	}
}

// simplex2D is Simplex2D<G> over X and Z.
func simplex2D(vp *variantParams, h SmallXXHash, p point, f float32) noise.Sample {
	px, pz := p.x, p.z
	k := float32(float32(f) * invSqrt3)
	X := clampCoord(float32(px * k))
	Z := clampCoord(float32(pz * k))
	x0, z0, d := getSimplexCell2(X, Z)
	x1, z1, xC, zC := x0+1, z0+1, x0+d, z0+1-d
	h0, h1 := h.Eat(x0), h.Eat(x1)
	hC := selectHash(h0, h1, d == 1)
	g := vp.grad
	sum := sampleAdd(sampleAdd(simplexKernel2(g, h0.Eat(z0), x0, z0, X, Z), simplexKernel2(g, h1.Eat(z1), x1, z1, X, Z)),
		simplexKernel2(g, hC.Eat(zC), xC, zC, X, Z))
	s := evaluateCombined(vp.comb, sum)
	s.Dx = float32(s.Dx * k)
	s.Dz = float32(s.Dz * k)
	return s
}

// getSimplexCell2 finds the skewed cell of a 2D simplex sample: its lower
// corner (x0, z0) and d = 1 when the skewed X fraction exceeds the Z
// fraction, else 0. The corners are (x0, z0), (x0+1, z0+1) and the third,
// (x0+d, z0+1−d): (x1, z0) or (x0, z1). Plain values, no struct: a struct
// comes back through memory, and loading it whole stalls on the stores.
func getSimplexCell2(X, Z float32) (x0, z0, d int32) {
	sk := float32((X + Z) * skew2)
	sx, sz := X+sk, Z+sk
	x0, z0 = floorToInt(sx), floorToInt(sz)
	if sx-float32(x0) > sz-float32(z0) { // a conditional move, not a branch: a coin toss
		d = 1
	}
	return
}

// simplexKernel3 is Simplex3D.Kernel: 8(1/2 - |x|^2)^3 times the gradient.
func simplexKernel3(g noise.Gradient, h SmallXXHash, lx, ly, lz int32, X, Y, Z float32) noise.Sample {
	u := float32(((float32(lx) + float32(ly)) + float32(lz)) * unskew3)
	x := (X - float32(lx)) + u
	y := (Y - float32(ly)) + u
	z := (Z - float32(lz)) + u
	f := ((0.5 - float32(x*x)) - float32(y*y)) - float32(z*z)
	s := evaluate3(g, h, x, y, z)
	m := kernelMask(f)
	return noise.Sample{
		V:  float32(float32(float32(float32(f*s.V)*f)*f) * m),
		Dx: float32(float32(float32((float32(f*s.Dx)-float32(float32(6*x)*s.V))*f)*f) * m),
		Dy: float32(float32(float32((float32(f*s.Dy)-float32(float32(6*y)*s.V))*f)*f) * m),
		Dz: float32(float32(float32((float32(f*s.Dz)-float32(float32(6*z)*s.V))*f)*f) * m),
	}
}

// getSimplexCell3 finds the skewed cell of a 3D simplex sample: its lower
// corner (x0, y0, z0) and the offsets (0 or 1) of the two variable corners
// A and B of its tetrahedron (docs/algorithms.md §3 truth table). Plain
// values, no struct, as in getSimplexCell2.
func getSimplexCell3(X, Y, Z float32) (x0, y0, z0, xa, ya, za, xb, yb, zb int32) {
	sk := float32(((X + Y) + Z) * skew3)
	sx, sy, sz := X+sk, Y+sk, Z+sk
	x0, y0, z0 = floorToInt(sx), floorToInt(sy), floorToInt(sz)
	fx, fy, fz := sx-float32(x0), sy-float32(y0), sz-float32(z0)
	xGy, xGz, yGz := fx > fy, fx > fz, fy > fz
	xa, ya, za = b2i(xGy && xGz), b2i(!xGy && yGz), b2i((xGy && !xGz) || (!xGy && !yGz))
	xb, yb, zb = b2i(xGy || (xGz && yGz)), b2i(!xGy || (xGz && yGz)), b2i(!(xGz && yGz))
	return
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// simplex3D is Simplex3D<G>.
func simplex3D(vp *variantParams, h SmallXXHash, p point, f float32) noise.Sample {
	px, py, pz := p.x, p.y, p.z
	k := float32(float32(f) * scale3)
	X := clampCoord(float32(px * k))
	Y := clampCoord(float32(py * k))
	Z := clampCoord(float32(pz * k))
	x0, y0, z0, xa, ya, za, xb, yb, zb := getSimplexCell3(X, Y, Z)
	x1, y1, z1 := x0+1, y0+1, z0+1
	h0, h1 := h.Eat(x0), h.Eat(x1)
	hA, hB := selectHash(h0, h1, xa == 1), selectHash(h0, h1, xb == 1)
	xa, ya, za = x0+xa, y0+ya, z0+za
	xb, yb, zb = x0+xb, y0+yb, z0+zb
	g := vp.grad
	sum := sampleAdd(sampleAdd(sampleAdd(
		simplexKernel3(g, h0.Eat(y0).Eat(z0), x0, y0, z0, X, Y, Z),
		simplexKernel3(g, h1.Eat(y1).Eat(z1), x1, y1, z1, X, Y, Z)),
		simplexKernel3(g, hA.Eat(ya).Eat(za), xa, ya, za, X, Y, Z)),
		simplexKernel3(g, hB.Eat(yb).Eat(zb), xb, yb, zb, X, Y, Z))
	s := evaluateCombined(vp.comb, sum)
	s.Dx = float32(s.Dx * k)
	s.Dy = float32(s.Dy * k)
	s.Dz = float32(s.Dz * k)
	return s
}

// Value-only simplex noise, bit-identical to the v of the functions above.
// The kernel loops keep every operation inline (see latticeValue3D).

func simplexValue1D(vp *variantParams, h SmallXXHash, p point, f float32) float32 {
	X := clampCoord(float32(p.x * float32(f)))
	x0 := floorToInt(X)
	l := [2]int32{x0, x0 + 1}
	var k [2]float32
	for i := range k {
		x := X - float32(l[i])
		fo := 1 - float32(x*x)
		v := h.Eat(l[i]).bits()
		var gv float32
		if vp.grad == noise.GradientSimplex {
			gv = float32(lineGradient(v, x).V * simplex1)
		} else {
			gv = valueGrads[uint8(v)]
		}
		k[i] = float32(float32(float32(fo*gv)*fo) * fo)
	}
	return combineValue(vp.comb, k[0]+k[1])
}

func simplexValue2D(vp *variantParams, h SmallXXHash, p point, f float32) float32 {
	k := float32(float32(f) * invSqrt3)
	X, Z := float32(p.x*k), float32(p.z*k) // the clamp of the 2D value functions (sampler.go)
	if !inLattice(X, Z) {
		if X != X || Z != Z {
			return nan32
		}
		X, Z = clampLattice(X), clampLattice(Z)
	}
	// getSimplexCell2 written out, keeping the corner's floats (with them
	// it is not inlined); float32(x0 + 1) is fx0 + 1, both x0 + 1 rounded once.
	sk := float32((X + Z) * skew2)
	sx, sz := X+sk, Z+sk
	x0, fx0 := floorWithFloat(sx)
	z0, fz0 := floorWithFloat(sz)
	var d int32
	if sx-fx0 > sz-fz0 {
		d = 1
	}
	fx1, fz1 := fx0+1, fz0+1
	// the words' products with primeC (eatC): x0 + 1's is x0's + primeC
	x0c, z0c := uint32(x0)*primeC, uint32(z0)*primeC
	z1c := z0c + primeC
	h0, h1 := h.eatC(x0c), h.eatC(x0c+primeC)
	// The three corners written out (a loop over arrays of them was 35 %
	// slower): a = (x0, z0), b = (x1, z1) and c, (x1, z0) where the skewed
	// x fraction exceeds the z fraction, else (x0, z1).
	va := uint8(h0.eatC(z0c).Avalanche())
	vb := uint8(h1.eatC(z1c).Avalanche())
	// Without branches (d is a coin toss on random points): the hash by a
	// mask, and fx0 + d, fz0 + (1 − d) are exact (one rounding of x0 + d);
	// z0 + 1 − d's product is z0's + primeC where d is 0.
	vc := uint8((h0 ^ (h0^h1)&SmallXXHash(-d)).eatC(z0c + primeC&^uint32(-d)).Avalanche())
	fd := float32(d)
	fxc, fzc := fx0+fd, fz0+(1-fd)
	u := float32((fx0 + fz0) * unskew2)
	xa, za := (X-fx0)+u, (Z-fz0)+u
	fa := (0.5 - float32(xa*xa)) - float32(za*za)
	u = float32((fx1 + fz1) * unskew2)
	xb, zb := (X-fx1)+u, (Z-fz1)+u
	fb := (0.5 - float32(xb*xb)) - float32(zb*zb)
	u = float32((fxc + fzc) * unskew2)
	xc, zc := (X-fxc)+u, (Z-fzc)+u
	fc := (0.5 - float32(xc*xc)) - float32(zc*zc)
	var ga, gb, gc float32
	if vp.grad == noise.GradientSimplex {
		g := &circleGrads[va] // squareVectors and 1/sqrt(gx² + gy²)
		ga = float32(float32((float32(g[0]*xa)+float32(g[1]*za))*g[2]) * simplex2)
		g = &circleGrads[vb]
		gb = float32(float32((float32(g[0]*xb)+float32(g[1]*zb))*g[2]) * simplex2)
		g = &circleGrads[vc]
		gc = float32(float32((float32(g[0]*xc)+float32(g[1]*zc))*g[2]) * simplex2)
	} else {
		ga, gb, gc = valueGrads[va], valueGrads[vb], valueGrads[vc]
	}
	ka := float32(float32(float32(float32(fa*ga)*fa)*fa) * kernelMask(fa))
	kb := float32(float32(float32(float32(fb*gb)*fb)*fb) * kernelMask(fb))
	kc := float32(float32(float32(float32(fc*gc)*fc)*fc) * kernelMask(fc))
	return 0 + combineValue(vp.comb, (ka+kb)+kc) // 0 +: see valueAtFunc
}

func simplexValue3D(vp *variantParams, h SmallXXHash, p point, f float32) float32 {
	k := float32(float32(f) * scale3)
	X := clampCoord(float32(p.x * k))
	Y := clampCoord(float32(p.y * k))
	Z := clampCoord(float32(p.z * k))
	x0, y0, z0, xa, ya, za, xb, yb, zb := getSimplexCell3(X, Y, Z)
	x1, y1, z1 := x0+1, y0+1, z0+1
	h0, h1 := h.Eat(x0), h.Eat(x1)
	hs := [4]SmallXXHash{h0, h1, selectHash(h0, h1, xa == 1), selectHash(h0, h1, xb == 1)}
	lx := [4]int32{x0, x1, x0 + xa, x0 + xb}
	ly := [4]int32{y0, y1, y0 + ya, y0 + yb}
	lz := [4]int32{z0, z1, z0 + za, z0 + zb}
	var kn [4]float32
	for i := range kn {
		flx, fly, flz := float32(lx[i]), float32(ly[i]), float32(lz[i])
		u := float32(((flx + fly) + flz) * unskew3)
		x := (X - flx) + u
		y := (Y - fly) + u
		z := (Z - flz) + u
		fo := ((0.5 - float32(x*x)) - float32(y*y)) - float32(z*z)
		v := hs[i].Eat(ly[i]).Eat(lz[i]).Avalanche()
		var gv float32
		if vp.grad == noise.GradientSimplex {
			gx, gy, gz := octahedronFold(&octaGrads[uint8(v)], &octaGrads[uint8(v>>24)])
			r := 1 / sqrt32((float32(gx*gx)+float32(gy*gy))+float32(gz*gz))
			gv = float32(float32(((float32(gx*x)+float32(gy*y))+float32(gz*z))*r) * simplex3)
		} else {
			gv = valueGrads[uint8(v)]
		}
		kn[i] = float32(float32(float32(float32(fo*gv)*fo)*fo) * kernelMask(fo))
	}
	return combineValue(vp.comb, ((kn[0]+kn[1])+kn[2])+kn[3])
}

// simplexRank is the rank (0–3) of one skewed fraction among the four:
// how many of the other three it beats. An axis beats another when its
// fraction is greater, ties going to the later axis.
func simplexRank(beats1, beats2, beats3 bool) int32 { return b2i(beats1) + b2i(beats2) + b2i(beats3) }

// getSimplexCell4 finds the skewed cell of a 4D simplex sample at the
// scaled position P: its lower corner l0 and the ranks r of the axes'
// skewed fractions (docs/algorithms.md §3.7).
func getSimplexCell4(P [4]float32) (l0, r [4]int32) {
	sk := float32((((P[0] + P[1]) + P[2]) + P[3]) * skew4)
	sx, sy, sz, sw := P[0]+sk, P[1]+sk, P[2]+sk, P[3]+sk
	l0 = [4]int32{floorToInt(sx), floorToInt(sy), floorToInt(sz), floorToInt(sw)}
	fx, fy, fz, fw := sx-float32(l0[0]), sy-float32(l0[1]), sz-float32(l0[2]), sw-float32(l0[3])
	xGy, xGz, xGw, yGz, yGw, zGw := fx > fy, fx > fz, fx > fw, fy > fz, fy > fw, fz > fw
	r = [4]int32{
		simplexRank(xGy, xGz, xGw), simplexRank(!xGy, yGz, yGw),
		simplexRank(!xGz, !yGz, zGw), simplexRank(!xGw, !yGw, !zGw),
	}
	return l0, r
}

// simplex4D is the 4D simplex noise (docs/algorithms.md §3.7): the five
// corners of the simplex walk from the skewed cell's lower corner to its
// upper one along the axes in decreasing order of the skewed fractions.
// Each corner is simplexCorner4 (simplexKernel4 of evaluate4's sample), and
// the kernels are summed as sampleAdd does, as the GLSL twin writes it; here
// with the components in scalars (five-float samples are not kept in
// registers), which simplex4_test.go checks against that form bit for bit.
func simplex4D(vp *variantParams, h SmallXXHash, p point, f float32) noise.Sample {
	k := float32(float32(f) * scale4)
	P := [4]float32{clampCoord(float32(p.x * k)), clampCoord(float32(p.y * k)), clampCoord(float32(p.z * k)), clampCoord(float32(p.w * k))}
	l0, r := getSimplexCell4(P)
	var sv, sx, sy, sz, sw float32
	for c := int32(0); c <= 4; c++ {
		// simplexCorner4 and simplexKernel4
		lx, ly, lz, lw := l0[0]+b2i(r[0] >= 4-c), l0[1]+b2i(r[1] >= 4-c), l0[2]+b2i(r[2] >= 4-c), l0[3]+b2i(r[3] >= 4-c)
		u := float32((((float32(lx) + float32(ly)) + float32(lz)) + float32(lw)) * unskew4)
		x := (P[0] - float32(lx)) + u
		y := (P[1] - float32(ly)) + u
		z := (P[2] - float32(lz)) + u
		w := (P[3] - float32(lw)) + u
		fo := (((0.5 - float32(x*x)) - float32(y*y)) - float32(z*z)) - float32(w*w)
		v := h.Eat(lx).Eat(ly).Eat(lz).Eat(lw).bits()
		// evaluate4: the tesseract gradient times simplex4, or the value
		var gv, gx, gy, gz, gw float32
		if vp.grad == noise.GradientSimplex {
			gx, gy, gz, gw = tesseractVectors(v)
			gv = float32((((float32(gx*x) + float32(gy*y)) + float32(gz*z)) + float32(gw*w)) * simplex4)
			gx, gy, gz, gw = float32(gx*simplex4), float32(gy*simplex4), float32(gz*simplex4), float32(gw*simplex4)
		} else {
			gv = valueGrads[uint8(v)]
		}
		m := kernelMask(fo)
		kv := float32(float32(float32(float32(fo*gv)*fo)*fo) * m)
		kx := float32(float32(float32((float32(fo*gx)-float32(float32(6*x)*gv))*fo)*fo) * m)
		ky := float32(float32(float32((float32(fo*gy)-float32(float32(6*y)*gv))*fo)*fo) * m)
		kz := float32(float32(float32((float32(fo*gz)-float32(float32(6*z)*gv))*fo)*fo) * m)
		kw := float32(float32(float32((float32(fo*gw)-float32(float32(6*w)*gv))*fo)*fo) * m)
		if c == 0 {
			sv, sx, sy, sz, sw = kv, kx, ky, kz, kw
		} else { // sampleAdd
			sv, sx, sy, sz, sw = sv+kv, sx+kx, sy+ky, sz+kz, sw+kw
		}
	}
	s := evaluateCombined(vp.comb, noise.Sample{V: sv, Dx: sx, Dy: sy, Dz: sz, Dw: sw})
	s.Dx = float32(s.Dx * k)
	s.Dy = float32(s.Dy * k)
	s.Dz = float32(s.Dz * k)
	s.Dw = float32(s.Dw * k)
	return s
}

// simplexValue4D is simplex4D reduced to the value, bit-identical to its
// v: the five kernels' values summed in the same order.
func simplexValue4D(vp *variantParams, h SmallXXHash, p point, f float32) float32 {
	k := float32(float32(f) * scale4)
	P := [4]float32{clampCoord(float32(p.x * k)), clampCoord(float32(p.y * k)), clampCoord(float32(p.z * k)), clampCoord(float32(p.w * k))}
	l0, r := getSimplexCell4(P)
	var sum float32
	for c := int32(0); c <= 4; c++ {
		lx, ly, lz, lw := l0[0]+b2i(r[0] >= 4-c), l0[1]+b2i(r[1] >= 4-c), l0[2]+b2i(r[2] >= 4-c), l0[3]+b2i(r[3] >= 4-c)
		u := float32((((float32(lx) + float32(ly)) + float32(lz)) + float32(lw)) * unskew4)
		x := (P[0] - float32(lx)) + u
		y := (P[1] - float32(ly)) + u
		z := (P[2] - float32(lz)) + u
		w := (P[3] - float32(lw)) + u
		fo := (((0.5 - float32(x*x)) - float32(y*y)) - float32(z*z)) - float32(w*w)
		v := h.Eat(lx).Eat(ly).Eat(lz).Eat(lw).bits()
		var gv float32
		if vp.grad == noise.GradientSimplex {
			gx, gy, gz, gw := tesseractVectors(v)
			gv = float32((((float32(gx*x) + float32(gy*y)) + float32(gz*z)) + float32(gw*w)) * simplex4)
		} else {
			gv = valueGrads[uint8(v)]
		}
		kn := float32(float32(float32(float32(fo*gv)*fo)*fo) * kernelMask(fo))
		if c == 0 {
			sum = kn
		} else {
			sum = sum + kn
		}
	}
	return combineValue(vp.comb, sum)
}
