//go:build amd64 && !purego

package cpu

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
)

// smoothKernel names a smooth Worley accumulator kernel
// (smoothWorley{2,3}D[Tiling]Acc, internal/cmd/asmgen/widesmooth.go): the
// walk and the smooth-minimum update of one octave, per lane the exp sum
// a.v and the polynomial minimum b.v; 0 is none.
type smoothKernel uint8

const (
	noSmooth smoothKernel = iota
	skSmooth2D
	skSmooth3D
	skSmooth2DTiling
	skSmooth3DTiling
)

// smoothKernelFor picks the smooth Worley kernel for c at level l: 2D and
// 3D smooth Worley at every function but the cell value (whose scalar
// result is the initial state's: cellMinima) and every jitter, tiling or
// not; none at the scalar level.
func smoothKernelFor(c noise.Config, l ISA) smoothKernel {
	p := c.Noise.Parts()
	if l < ISAAVX2 || p.Family != noise.FamilyVoronoi || p.Metric != noise.MetricSmoothWorley ||
		p.Function == noise.FunctionCellValue || c.Dims < 2 || c.Dims > 3 {
		return noSmooth
	}
	k := skSmooth2D + smoothKernel(c.Dims-2)
	if c.Tiling {
		k += 2
	}
	return k
}

func (k smoothKernel) ok() bool { return k != noSmooth }

// run is one octave of kernel k over n prepared positions at the AVX-512
// level (wide) or the AVX2 level: the accumulators to sa and sb.
func (k smoothKernel) run(wide bool, x, y, z, sa, sb *float32, n int, h uint32, f, jit, jitC float32) {
	if wide {
		switch k {
		case skSmooth2D:
			smoothWorley2DAccAVX512(x, y, z, sa, sb, n, h, f, jit, jitC)
		case skSmooth3D:
			smoothWorley3DAccAVX512(x, y, z, sa, sb, n, h, f, jit, jitC)
		case skSmooth2DTiling:
			smoothWorley2DTilingAccAVX512(x, y, z, sa, sb, n, h, f, jit, jitC)
		case skSmooth3DTiling:
			smoothWorley3DTilingAccAVX512(x, y, z, sa, sb, n, h, f, jit, jitC)
		}
		return
	}
	switch k {
	case skSmooth2D:
		smoothWorley2DAccAVX2(x, y, z, sa, sb, n, h, f, jit, jitC)
	case skSmooth3D:
		smoothWorley3DAccAVX2(x, y, z, sa, sb, n, h, f, jit, jitC)
	case skSmooth2DTiling:
		smoothWorley2DTilingAccAVX2(x, y, z, sa, sb, n, h, f, jit, jitC)
	case skSmooth3DTiling:
		smoothWorley3DTilingAccAVX2(x, y, z, sa, sb, n, h, f, jit, jitC)
	}
}

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

// valuesSmooth is valuesRange for smooth Worley through its kernel: a
// chunk at a time, prepared and warped as valuesBatch does it, one kernel
// call per octave (the accumulators in b.dx and b.dy), then per position
// valueOctaves' octave step in Go: the finalisation and the function
// (smoothFinish), the shape, and the octave sum; then NaN where the input
// is.
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
			s.sk.run(wide, x, y, z, &b.dx[0], &b.dy[0], np, uint32(s.hash.Add(int32(oc))), s.oct.freq[oc], jit, jitC)
			amp := s.oct.amp[oc]
			for l := range sum {
				v := smoothFinish(sa[l], sb[l], fn)
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
