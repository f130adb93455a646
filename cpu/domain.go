package cpu

import "github.com/noiselab/noise"

// transform is a domain transform ready to apply: the matrix m and
// translation t of noise.Domain.Matrix, and the derivative matrix d of
// DerivativeMatrix.
type transform struct {
	m, d   [3][3]float32
	t      [3]float32
	sw, tw float32 // the fourth coordinate's scale and translation (Domain.WTransform)
}

func newTransform(dom *noise.Domain) transform {
	var tr transform
	tr.m, tr.t = dom.Matrix()
	tr.d = dom.DerivativeMatrix()
	tr.sw, tr.tw = dom.WTransform()
	return tr
}

// applyRow is one row of the domain or derivative matrix applied to p,
// ((m0·x + m1·y) + m2·z), each product rounded.
func applyRow(m [3]float32, p [3]float32) float32 {
	return (float32(m[0]*p[0]) + float32(m[1]*p[1])) + float32(m[2]*p[2])
}

// apply returns M·p + t.
func (tr *transform) apply(p [3]float32) [3]float32 {
	return [3]float32{applyRow(tr.m[0], p) + tr.t[0], applyRow(tr.m[1], p) + tr.t[1], applyRow(tr.m[2], p) + tr.t[2]}
}

// applyDerivative returns D·d, the derivatives with respect to the
// untransformed position.
func (tr *transform) applyDerivative(d [3]float32) [3]float32 {
	return [3]float32{applyRow(tr.d[0], d), applyRow(tr.d[1], d), applyRow(tr.d[2], d)}
}

// applyW returns the transformed fourth coordinate, (w·sw) + tw.
func (tr *transform) applyW(w float32) float32 { return float32(w*tr.sw) + tr.tw }
