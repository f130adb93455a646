package cpu

// Sample is a noise value and its analytical partial derivatives with respect
// to the sample position (SPEC §7.1). 2D noise reports dx and dz (Dy is 0);
// 1D noise reports only dx.
type Sample struct {
	V, Dx, Dy, Dz float32
}

// add returns s + t component-wise.
func (s Sample) add(t Sample) Sample {
	return Sample{s.V + t.V, s.Dx + t.Dx, s.Dy + t.Dy, s.Dz + t.Dz}
}

// sub returns s - t component-wise.
func (s Sample) sub(t Sample) Sample {
	return Sample{s.V - t.V, s.Dx - t.Dx, s.Dy - t.Dy, s.Dz - t.Dz}
}

// scale returns s * k, every component rounded separately.
func (s Sample) scale(k float32) Sample {
	return Sample{float32(s.V * k), float32(s.Dx * k), float32(s.Dy * k), float32(s.Dz * k)}
}

// div returns s / k component-wise (a division, not a reciprocal multiply).
func (s Sample) div(k float32) Sample {
	return Sample{s.V / k, s.Dx / k, s.Dy / k, s.Dz / k}
}
