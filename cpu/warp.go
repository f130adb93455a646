package cpu

import "github.com/noiselab/noise"

// warp is the domain warp of docs/algorithms.md §8.7, precomputed from the
// settings: octave j displaces the used axes k of the position by
// amp_j · simplex-value noise (warpNoise)
// with the hash Seed(Seed).Add(16 + 3j + k) at frequency freq_j, and the
// Jacobian J (rows ∂q_k/∂p) follows. The GLSL twins are in fractal.glsl.
type warp struct {
	n    int
	mode noise.WarpMode
	freq [noise.MaxOctaves]float32
	amp  [noise.MaxOctaves]float32
	axes []int
	vp   variantParams
	f    sampleFunc
	hash SmallXXHash
}

// warpAxis reports whether the warp of a noise of dimension dims moves
// axis k: the axes the noise reads (x; x and z; x, y and z).
func warpAxis(dims, k int) bool {
	switch dims {
	case 1:
		return k == 0
	case 2:
		return k != 1
	}
	return true
}

// warpNoise is one warp component: simplex noise with the value kernel
// (simplex-value) of the noise's dimension, at most 3. It needs no
// division or square root, which GLSL lets a GPU round loosely: the warped
// position is the same bits on every conforming GPU, and the warp does not
// amplify the GPU's rounding into the noise.
func (w *warp) warpNoise(h SmallXXHash, c point, f float32) noise.Sample { return w.f(&w.vp, h, c, f) }

// newWarp returns the warp of cfg's settings (which warp: Settings.Warped).
func newWarp(cfg noise.Config) *warp {
	st := cfg.Settings
	d := min(cfg.Dims, 3)
	w := &warp{
		n: st.WarpOctaveCount(), mode: st.WarpMode,
		vp:   variantParams{dims: d, grad: noise.GradientValue, comb: noise.CombineNone},
		f:    sampleFuncs[noise.FamilySimplex][d-1],
		hash: Seed(st.Seed),
	}
	for k := range 3 {
		if warpAxis(cfg.Dims, k) {
			w.axes = append(w.axes, k)
		}
	}
	f, amp := st.WarpBaseFrequency(), st.WarpAmplitude
	for j := 0; j < w.n; j++ {
		w.freq[j], w.amp[j] = float32(f), amp // the whole frequency rounded once, as the octave functions did
		f *= 2
		amp = float32(amp * 0.5)
	}
	return w
}

// warpApply returns the warped position q of p and the Jacobian J,
// J[k][m] = ∂q_k/∂p_m.
func (w *warp) warpApply(p point) (q point, J [3][3]float32) {
	J = [3][3]float32{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	q = p
	for j := 0; j < w.n; j++ {
		c := p // independent: every octave samples the unwarped position
		if w.mode == noise.WarpProgressive {
			c = q
		}
		var d [3]float32
		var G [3][3]float32 // G[k][m] = amp_j·∂s_k/∂c_m
		a := w.amp[j]
		for _, k := range w.axes {
			s := w.warpNoise(w.hash.Add(int32(16+3*j+k)), c, w.freq[j])
			d[k] = float32(a * s.V)
			G[k] = [3]float32{float32(a * s.Dx), float32(a * s.Dy), float32(a * s.Dz)}
		}
		w.advance(&q, &J, &d, &G)
	}
	return q, J
}

// advance is one warp octave's step, given its displacement d (d[k] =
// amp·v of axis k's noise) and G (G[k][m] = amp·∂v/∂c_m): q moves by d on
// the warped axes, and J becomes J + G (independent) or (I + G)·J
// (progressive). The scalar path and the batch path (warpChunk, for
// progressive derivatives) share it, so the order of the float32
// operations is one.
func (w *warp) advance(q *point, J *[3][3]float32, d *[3]float32, G *[3][3]float32) {
	for _, k := range w.axes {
		switch k {
		case 0:
			q.x = q.x + d[0]
		case 1:
			q.y = q.y + d[1]
		default:
			q.z = q.z + d[2]
		}
	}
	if w.mode == noise.WarpProgressive { // J ← (I + G)·J
		old := *J
		for _, k := range w.axes {
			for m := range 3 {
				J[k][m] = old[k][m] + ((float32(G[k][0]*old[0][m]) + float32(G[k][1]*old[1][m])) + float32(G[k][2]*old[2][m]))
			}
		}
	} else { // J ← J + G
		for _, k := range w.axes {
			for m := range 3 {
				J[k][m] = J[k][m] + G[k][m]
			}
		}
	}
}

// warpDerivative turns the derivatives g with respect to the warped
// position into derivatives with respect to the unwarped one: Jᵀ·g.
func warpDerivative(J *[3][3]float32, g [3]float32) [3]float32 {
	var r [3]float32
	for m := range 3 {
		r[m] = (float32(g[0]*J[0][m]) + float32(g[1]*J[1][m])) + float32(g[2]*J[2][m])
	}
	return r
}
