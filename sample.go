package noise

// Sample is a noise value and its analytical partial derivatives with respect
// to the sample position. 2D noise reports dx and dz (Dy is 0); 1D noise
// reports only dx.
type Sample struct {
	V, Dx, Dy, Dz float32
}
