//go:build amd64 && !purego

package cpu

import (
	"math"
	"sync"
	"unsafe"

	"github.com/noiselab/noise"
)

// The domain warp of a batch (docs/algorithms.md §8.7) runs through the
// simplex-value batch kernels: each warp octave j and warped axis k is one
// kernel call over the chunk, in the kernels' octave-sum mode (neither
// first nor last, amplitude amp_j), which computes out + v·amp_j per lane:
// with out holding q_k, the scalar step q_k + float32(amp_j·v) itself
// (warp.advance; v·amp is amp·v, the product commutes bit for bit), and
// with the derivative twin and out holding q_k and row k of the Jacobian,
// the independent mode's J + G as well. The progressive mode's
// derivatives, (I + G)·J, take G from a kernel call whose out holds −0
// (−0 + x is x for every x, signed zeros included) and run
// warp.advance per lane.

// warpBuf holds a chunk's warp state, each array aligned to 64 bytes: c,
// the positions a progressive octave samples (a copy of the position moved
// so far: the kernel moves q while later axes still sample the old one);
// row[k], the moved coordinate q_k followed by row k of the Jacobian,
// ∂q_k/∂p (a derivative kernel's layout: component m at m·derivStride);
// and g[k], a progressive octave's amp·(v, ∂v) of axis k.
type warpBuf struct {
	raw [27*batchChunk + 16]float32
	c   [3]*[batchChunk]float32
	row [3]*[4][batchChunk]float32
	g   [3]*[4][batchChunk]float32
}

var warpBufs = sync.Pool{New: func() any {
	b := new(warpBuf)
	off := int((64 - uintptr(unsafe.Pointer(&b.raw[0]))%64) % 64 / 4)
	for k := range 3 {
		b.c[k] = (*[batchChunk]float32)(b.raw[off+k*batchChunk:])
		b.row[k] = (*[4][batchChunk]float32)(unsafe.Pointer(&b.raw[off+(3+4*k)*batchChunk]))
		b.g[k] = (*[4][batchChunk]float32)(unsafe.Pointer(&b.raw[off+(15+4*k)*batchChunk]))
	}
	return b
}}

// warpKernels are the warp noise's batch kernels (simplex-value, by the
// warp's dimension − 1).
var warpKernels = [3]batchKernel{bkValueSimplex1D, bkValueSimplex2D, bkValueSimplex3D}

// warpChunk warps the np prepared positions in b.x, b.y and b.z in place,
// as warp.warpApply does each; with deriv, wb.row[k][1:] then hold row k of
// each lane's Jacobian for the warped axes k (warpJacobian reads them).
func (s *Sampler) warpChunk(b *batchBuf, wb *warpBuf, np int, wide, deriv bool) {
	w := s.warp
	wk := warpKernels[w.vp.dims-1]
	pos := [3]*[batchChunk]float32{b.x, b.y, b.z}
	warped := [3]bool{}
	for _, k := range w.axes {
		warped[k] = true
		r := wb.row[k]
		copy(r[0][:np], pos[k][:np])
		if deriv {
			for m := range 3 {
				v := float32(0)
				if m == k {
					v = 1
				}
				fill(r[1+m][:np], v)
			}
		}
	}
	prog := w.mode == noise.WarpProgressive
	c := pos // independent: every octave samples the unwarped position
	if prog {
		c = wb.c
	}
	// the derivatives the warp noise has (v, dx; dz in 2D and 3D; dy in
	// 3D): the kernels leave the others alone
	has := [4]bool{true, true, w.vp.dims == 3, w.vp.dims >= 2}
	for j := 0; j < w.n; j++ {
		if prog {
			for m := range 3 {
				src := pos[m]
				if warped[m] {
					src = &wb.row[m][0]
				}
				copy(c[m][:np], src[:np])
			}
		}
		a, f := w.amp[j], w.freq[j]
		for _, k := range w.axes {
			h := uint32(w.hash.Add(int32(16 + 3*j + k)))
			switch {
			case !deriv:
				wk.run(wide, &c[0][0], &c[1][0], &c[2][0], &wb.row[k][0][0], np, h, f, a, 1, 0, 0, 1, 0, nil)
			case !prog:
				wk.runDeriv(wide, &c[0][0], &c[1][0], &c[2][0], &wb.row[k][0][0], np, h, f, a, 1, 0, 0, 1, 0, nil, nil)
			default:
				g := wb.g[k]
				for m := range 4 {
					if has[m] {
						fill(g[m][:np], negZero)
					} else {
						fill(g[m][:np], float32(a*0)) // amp·(+0): the scalar noise's missing derivative
					}
				}
				wk.runDeriv(wide, &c[0][0], &c[1][0], &c[2][0], &g[0][0], np, h, f, a, 1, 0, 0, 1, 0, nil, nil)
			}
		}
		if deriv && prog {
			for l := 0; l < np; l++ {
				var q point
				var d [3]float32
				var G [3][3]float32
				J := wb.jacobian(&w.axes, l)
				for _, k := range w.axes {
					d[k] = wb.g[k][0][l]
					G[k] = [3]float32{wb.g[k][1][l], wb.g[k][2][l], wb.g[k][3][l]}
				}
				q.x, q.y, q.z = wb.row[0][0][l], wb.row[1][0][l], wb.row[2][0][l]
				w.advance(&q, &J, &d, &G)
				for _, k := range w.axes {
					wb.row[k][0][l] = [3]float32{q.x, q.y, q.z}[k]
					wb.row[k][1][l], wb.row[k][2][l], wb.row[k][3][l] = J[k][0], J[k][1], J[k][2]
				}
			}
		}
	}
	for _, k := range w.axes {
		copy(pos[k][:np], wb.row[k][0][:np])
	}
}

// jacobian is lane l's Jacobian: the rows of axes from row, the others
// those of the identity (the warp leaves those axes alone).
func (wb *warpBuf) jacobian(axes *[]int, l int) [3][3]float32 {
	J := [3][3]float32{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	for _, k := range *axes {
		J[k] = [3]float32{wb.row[k][1][l], wb.row[k][2][l], wb.row[k][3][l]}
	}
	return J
}

// warpDerivatives applies each lane's warp Jacobian to the noise's
// derivatives in b.dx, b.dy and b.dz (warpDerivative: Jᵀ·g), for the
// first n lanes.
func (s *Sampler) warpDerivatives(b *batchBuf, wb *warpBuf, n int) {
	for l := 0; l < n; l++ {
		J := wb.jacobian(&s.warp.axes, l)
		d := warpDerivative(&J, [3]float32{b.dx[l], b.dy[l], b.dz[l]})
		b.dx[l], b.dy[l], b.dz[l] = d[0], d[1], d[2]
	}
}

var negZero = float32(math.Copysign(0, -1))

func fill(s []float32, v float32) {
	for i := range s {
		s[i] = v
	}
}
