package cpu

// Gradient tables. The float work of a gradient that depends on one byte of
// the hash alone is done once per byte value at init, by the gradient
// functions themselves, and looked up in the hot paths: the same
// operations in the same order, so the same bits (TestGradientTables).
var (
	valueGrads  [256]float32    // valueGradient
	squareGrads [256][2]float32 // squareVectors: gx, gy
	circleGrads [256][3]float32 // squareVectors and 1 / sqrt(gx² + gy²)
	octaGrads   [256]octaGrad   // one axis of octahedronVectors
	floats01    [256]float32    // Floats01A of the byte (and B, C, D of their bytes)
)

// octaGrad is one axis of an octahedron gradient (octahedronVectors):
// g = byte·2/255 − 1 (byte A for x, D for y), |g|, and the sign the fold
// adds its offset with, +1 for g < 0 and −1 otherwise (g is never 0).
// Folded, g + sign·off is foldOctahedron's g ± off: the product is exact.
type octaGrad struct{ g, abs, sign float32 }

// octahedronFold is octahedronVectors over table entries: the gradient of
// the hash bytes A (x) and D (y).
func octahedronFold(ax, dy *octaGrad) (gx, gy, gz float32) {
	gz = (1 - ax.abs) - dy.abs
	off := max(-gz, 0)
	return ax.g + float32(ax.sign*off), dy.g + float32(dy.sign*off), gz
}

func init() {
	for b := range 256 {
		v := hashBits(b)
		valueGrads[b] = valueGradient(v)
		floats01[b] = v.Floats01A()
		gx, gy := squareVectors(v)
		squareGrads[b] = [2]float32{gx, gy}
		circleGrads[b] = [3]float32{gx, gy, 1 / sqrt32(float32(gx*gx)+float32(gy*gy))}
		g := valueGradient(v)
		sign := float32(-1)
		if g < 0 {
			sign = 1
		}
		octaGrads[b] = octaGrad{g, abs32(g), sign}
	}
}
