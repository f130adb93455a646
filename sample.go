package noise

// Sample is a noise value and its analytical partial derivatives with respect
// to the sample position. 1D noise reports only Dx; 2D noise Dx and Dz (its
// plane is XZ; Dy is 0); 3D noise Dx, Dy and Dz; 4D noise all four, Dw being
// the derivative along the fourth coordinate (0 below 4D). In memory it is
// five float32s in this order, the layout the GPU sampler's derivative
// buffers use too.
type Sample struct {
	V, Dx, Dy, Dz, Dw float32
}
