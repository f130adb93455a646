package cpu

import "github.com/noiselab/noise"

// sampleAdd returns s + t component-wise.
func sampleAdd(s, t noise.Sample) noise.Sample {
	return noise.Sample{V: s.V + t.V, Dx: s.Dx + t.Dx, Dy: s.Dy + t.Dy, Dz: s.Dz + t.Dz, Dw: s.Dw + t.Dw}
}

// sampleSub returns s - t component-wise.
func sampleSub(s, t noise.Sample) noise.Sample {
	return noise.Sample{V: s.V - t.V, Dx: s.Dx - t.Dx, Dy: s.Dy - t.Dy, Dz: s.Dz - t.Dz, Dw: s.Dw - t.Dw}
}

// sampleScale returns s * k, every component rounded separately.
func sampleScale(s noise.Sample, k float32) noise.Sample {
	return noise.Sample{V: float32(s.V * k), Dx: float32(s.Dx * k), Dy: float32(s.Dy * k), Dz: float32(s.Dz * k), Dw: float32(s.Dw * k)}
}

// sampleDiv returns s / k component-wise (a division, not a reciprocal
// multiply).
func sampleDiv(s noise.Sample, k float32) noise.Sample {
	return noise.Sample{V: s.V / k, Dx: s.Dx / k, Dy: s.Dy / k, Dz: s.Dz / k, Dw: s.Dw / k}
}
