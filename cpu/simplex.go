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
func simplex1D(vp *variantParams, h SmallXXHash, p point, f int32) noise.Sample {
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
func simplex2D(vp *variantParams, h SmallXXHash, p point, f int32) noise.Sample {
	px, pz := p.x, p.z
	k := float32(float32(f) * invSqrt3)
	X := clampCoord(float32(px * k))
	Z := clampCoord(float32(pz * k))
	c := getSimplexCell2(X, Z)
	h0, h1 := h.Eat(c.x0), h.Eat(c.x1)
	hC := selectHash(h0, h1, c.xGz)
	g := vp.grad
	sum := sampleAdd(sampleAdd(simplexKernel2(g, h0.Eat(c.z0), c.x0, c.z0, X, Z), simplexKernel2(g, h1.Eat(c.z1), c.x1, c.z1, X, Z)),
		simplexKernel2(g, hC.Eat(c.zC), c.xC, c.zC, X, Z))
	s := evaluateCombined(vp.comb, sum)
	s.Dx = float32(s.Dx * k)
	s.Dz = float32(s.Dz * k)
	return s
}

// simplexCell2 is the skewed cell of a 2D simplex sample: corners (x0, z0)
// and (x1, z1) always, plus (xC, zC) = (x1, z0) when the skewed X fraction
// exceeds the Z fraction (xGz), else (x0, z1).
type simplexCell2 struct {
	x0, z0, x1, z1, xC, zC int32
	xGz                    bool
}

func getSimplexCell2(X, Z float32) simplexCell2 {
	sk := float32((X + Z) * skew2)
	sx, sz := X+sk, Z+sk
	c := simplexCell2{x0: floorToInt(sx), z0: floorToInt(sz)}
	c.x1, c.z1 = c.x0+1, c.z0+1
	c.xGz = sx-float32(c.x0) > sz-float32(c.z0)
	c.xC, c.zC = c.x0, c.z1
	if c.xGz {
		c.xC, c.zC = c.x1, c.z0
	}
	return c
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

// simplexCell3 finds the skewed cell of a 3D simplex sample and the two
// variable corners A and B of its tetrahedron (docs/algorithms.md §3 truth table).
type simplexCell3 struct {
	x0, y0, z0 int32
	xA, xB     bool // corner A/B use x1 (else x0)
	ya, za     int32
	yb, zb     int32
	xa, xb     int32
}

func getSimplexCell3(X, Y, Z float32) simplexCell3 {
	sk := float32(((X + Y) + Z) * skew3)
	sx, sy, sz := X+sk, Y+sk, Z+sk
	var c simplexCell3
	c.x0, c.y0, c.z0 = floorToInt(sx), floorToInt(sy), floorToInt(sz)
	fx, fy, fz := sx-float32(c.x0), sy-float32(c.y0), sz-float32(c.z0)
	xGy, xGz, yGz := fx > fy, fx > fz, fy > fz
	c.xA = xGy && xGz
	c.xB = xGy || (xGz && yGz)
	yA := !xGy && yGz
	yB := !xGy || (xGz && yGz)
	zA := (xGy && !xGz) || (!xGy && !yGz)
	zB := !(xGz && yGz)
	c.xa, c.ya, c.za = c.x0+b2i(c.xA), c.y0+b2i(yA), c.z0+b2i(zA)
	c.xb, c.yb, c.zb = c.x0+b2i(c.xB), c.y0+b2i(yB), c.z0+b2i(zB)
	return c
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// simplex3D is Simplex3D<G>.
func simplex3D(vp *variantParams, h SmallXXHash, p point, f int32) noise.Sample {
	px, py, pz := p.x, p.y, p.z
	k := float32(float32(f) * scale3)
	X := clampCoord(float32(px * k))
	Y := clampCoord(float32(py * k))
	Z := clampCoord(float32(pz * k))
	c := getSimplexCell3(X, Y, Z)
	x1, y1, z1 := c.x0+1, c.y0+1, c.z0+1
	h0, h1 := h.Eat(c.x0), h.Eat(x1)
	hA, hB := selectHash(h0, h1, c.xA), selectHash(h0, h1, c.xB)
	g := vp.grad
	sum := sampleAdd(sampleAdd(sampleAdd(
		simplexKernel3(g, h0.Eat(c.y0).Eat(c.z0), c.x0, c.y0, c.z0, X, Y, Z),
		simplexKernel3(g, h1.Eat(y1).Eat(z1), x1, y1, z1, X, Y, Z)),
		simplexKernel3(g, hA.Eat(c.ya).Eat(c.za), c.xa, c.ya, c.za, X, Y, Z)),
		simplexKernel3(g, hB.Eat(c.yb).Eat(c.zb), c.xb, c.yb, c.zb, X, Y, Z))
	s := evaluateCombined(vp.comb, sum)
	s.Dx = float32(s.Dx * k)
	s.Dy = float32(s.Dy * k)
	s.Dz = float32(s.Dz * k)
	return s
}

// Value-only simplex noise, bit-identical to the v of the functions above.
// The kernel loops keep every operation inline (see latticeValue3D).

func simplexValue1D(vp *variantParams, h SmallXXHash, p point, f int32) float32 {
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
			gv = valueGradient(v)
		}
		k[i] = float32(float32(float32(fo*gv)*fo) * fo)
	}
	return combineValue(vp.comb, k[0]+k[1])
}

func simplexValue2D(vp *variantParams, h SmallXXHash, p point, f int32) float32 {
	k := float32(float32(f) * invSqrt3)
	X := clampCoord(float32(p.x * k))
	Z := clampCoord(float32(p.z * k))
	c := getSimplexCell2(X, Z)
	h0, h1 := h.Eat(c.x0), h.Eat(c.x1)
	lx := [3]int32{c.x0, c.x1, c.xC}
	lz := [3]int32{c.z0, c.z1, c.zC}
	hs := [3]SmallXXHash{h0.Eat(c.z0), h1.Eat(c.z1), selectHash(h0, h1, c.xGz).Eat(c.zC)}
	var kn [3]float32
	for i := range kn {
		flx, flz := float32(lx[i]), float32(lz[i])
		u := float32((flx + flz) * unskew2)
		x := (X - flx) + u
		z := (Z - flz) + u
		fo := (0.5 - float32(x*x)) - float32(z*z)
		v := hs[i].bits()
		var gv float32
		if vp.grad == noise.GradientSimplex {
			gx, gy := squareVectors(v)
			r := 1 / sqrt32(float32(gx*gx)+float32(gy*gy))
			gv = float32(float32((float32(gx*x)+float32(gy*z))*r) * simplex2)
		} else {
			gv = valueGradient(v)
		}
		kn[i] = float32(float32(float32(float32(fo*gv)*fo)*fo) * kernelMask(fo))
	}
	return combineValue(vp.comb, (kn[0]+kn[1])+kn[2])
}

func simplexValue3D(vp *variantParams, h SmallXXHash, p point, f int32) float32 {
	k := float32(float32(f) * scale3)
	X := clampCoord(float32(p.x * k))
	Y := clampCoord(float32(p.y * k))
	Z := clampCoord(float32(p.z * k))
	c := getSimplexCell3(X, Y, Z)
	x1, y1, z1 := c.x0+1, c.y0+1, c.z0+1
	h0, h1 := h.Eat(c.x0), h.Eat(x1)
	lx := [4]int32{c.x0, x1, c.xa, c.xb}
	ly := [4]int32{c.y0, y1, c.ya, c.yb}
	lz := [4]int32{c.z0, z1, c.za, c.zb}
	hs := [4]SmallXXHash{h0, h1, selectHash(h0, h1, c.xA), selectHash(h0, h1, c.xB)}
	var kn [4]float32
	for i := range kn {
		flx, fly, flz := float32(lx[i]), float32(ly[i]), float32(lz[i])
		u := float32(((flx + fly) + flz) * unskew3)
		x := (X - flx) + u
		y := (Y - fly) + u
		z := (Z - flz) + u
		fo := ((0.5 - float32(x*x)) - float32(y*y)) - float32(z*z)
		v := hs[i].Eat(ly[i]).Eat(lz[i]).bits()
		var gv float32
		if vp.grad == noise.GradientSimplex {
			gx := float32(v.Floats01A()*2) - 1
			gy := float32(v.Floats01D()*2) - 1
			gz := (1 - abs32(gx)) - abs32(gy)
			gx, gy = foldOctahedron(gx, gy, gz)
			r := 1 / sqrt32((float32(gx*gx)+float32(gy*gy))+float32(gz*gz))
			gv = float32(float32(((float32(gx*x)+float32(gy*y))+float32(gz*z))*r) * simplex3)
		} else {
			gv = valueGradient(v)
		}
		kn[i] = float32(float32(float32(float32(fo*gv)*fo)*fo) * kernelMask(fo))
	}
	return combineValue(vp.comb, ((kn[0]+kn[1])+kn[2])+kn[3])
}
