package cpu

import "github.com/go-gl/mathgl/mgl32"

// Shape is a parametric surface of docs/algorithms.md §12, fitted in a unit cube
// (radius 0.5). Positions are object-space points to sample noise at.
type Shape uint8

// The shapes, numbered like the tutorial's Shape enum (UVSphere is the
// tutorial's first sphere, later replaced by the octahedron sphere).
const (
	Plane    Shape = iota // the XZ plane, [−0.5, 0.5]², normal +Y
	Sphere                // the octahedron sphere: poles on ±Z, open face folded toward −Z
	Torus                 // major radius 0.375, minor radius 0.125
	UVSphere              // latitude/longitude sphere, poles on ±Y
	numShapes
)

var shapeNames = [numShapes]string{"plane", "sphere", "torus", "uv-sphere"}

// String returns the shape's name.
func (s Shape) String() string {
	if s >= numShapes {
		return "Shape(?)"
	}
	return shapeNames[s]
}

// Shapes returns every shape.
func Shapes() []Shape { return []Shape{Plane, Sphere, Torus, UVSphere} }

// GridUV returns the (u, v) of point j of a res×res grid, exactly as the
// tutorial's IndexTo4UV computes it (docs/algorithms.md §12): row-major, cell centres.
func GridUV(j, res int) (u, v float32) {
	r := float32(res)
	inv := 1 / r
	jf := float32(j)
	vr := float32(floorToInt(float32(inv*jf) + 0.00001))
	u = float32(inv * ((jf - float32(r*vr)) + 0.5))
	v = float32(inv * (vr + 0.5))
	return u, v
}

// ShapePoint returns the position and the unnormalised normal of the shape
// at (u, v) ∈ [0, 1]² (docs/algorithms.md §12; transcendentals as in managed C#).
func ShapePoint(s Shape, u, v float32) (p, n mgl32.Vec3) {
	switch s {
	case Sphere:
		x, y := u-0.5, v-0.5
		z := (0.5 - abs32(x)) - abs32(y)
		x, y = foldOctahedron(x, y, z) // the same fold as the 3D gradient vectors
		k := float32(0.5 * (1 / sqrt32((float32(x*x)+float32(y*y))+float32(z*z))))
		p = mgl32.Vec3{float32(x * k), float32(y * k), float32(z * k)}
		return p, p
	case Torus:
		const r1, r2 = 0.375, 0.125
		su, cu := sin32(float32(twoPi32*u)), cos32(float32(twoPi32*u))
		sv, cv := sin32(float32(twoPi32*v)), cos32(float32(twoPi32*v))
		s := r1 + float32(r2*cv)
		p = mgl32.Vec3{float32(s * su), float32(r2 * sv), float32(s * cu)}
		return p, mgl32.Vec3{p[0] - float32(r1*su), p[1] - 0, p[2] - float32(r1*cu)}
	case UVSphere:
		const r = 0.5
		s := float32(r * sin32(float32(pi32*v)))
		p = mgl32.Vec3{float32(s * sin32(float32(twoPi32*u))), float32(r * cos32(float32(pi32*v))), float32(s * cos32(float32(twoPi32*u)))}
		return p, p
	}
	return mgl32.Vec3{u - 0.5, 0, v - 0.5}, mgl32.Vec3{0, 1, 0}
}

// normalize is Unity's normalize: v * rsqrt(dot(v, v)) with rsqrt = 1/sqrt.
func normalize(v mgl32.Vec3) mgl32.Vec3 {
	r := 1 / sqrt32((float32(v[0]*v[0])+float32(v[1]*v[1]))+float32(v[2]*v[2]))
	return mgl32.Vec3{float32(v[0] * r), float32(v[1] * r), float32(v[2] * r)}
}

// ShapeGrid returns the positions and unit normals of a res×res grid on the
// shape, point j at GridUV(j, res) (the tutorial's shape job with an identity
// object transform, docs/algorithms.md §12).
func ShapeGrid(s Shape, res int) (pos, normals []mgl32.Vec3) {
	pos = make([]mgl32.Vec3, res*res)
	normals = make([]mgl32.Vec3, res*res)
	for j := range pos {
		u, v := GridUV(j, res)
		p, n := ShapePoint(s, u, v)
		pos[j], normals[j] = p, normalize(n)
	}
	return pos, normals
}
