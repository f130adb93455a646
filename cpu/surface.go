package cpu

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
)

// PlaneSurface displaces a vertex (x, 0, z) of a flat grid along +Y by the
// noise sample s scaled by displacement, and returns its height and the
// analytical unit normal and tangent (docs/algorithms.md §12). s's derivatives must be
// with respect to the vertex position (as Sampler.At returns them, domain
// transform included). The tangent's w is −1, as in the tutorial.
func PlaneSurface(s noise.Sample, displacement float32) (height float32, normal mgl32.Vec3, tangent mgl32.Vec4) {
	n := sampleScale(s, displacement)
	dx, dz := n.Dx, n.Dz
	r1 := 1 / sqrt32(float32(dx*dx)+1)
	tangent = mgl32.Vec4{r1, float32(dx * r1), 0, -1}
	r2 := 1 / sqrt32((float32(dx*dx)+float32(dz*dz))+1)
	normal = mgl32.Vec3{float32(-dx * r2), r2, float32(-dz * r2)}
	return n.V, normal, tangent
}

// SphereSurface displaces a vertex p of the unit sphere radially to radius
// 1 + displacement·v and returns its position, the analytical unit normal,
// and the tangent t carried along (docs/algorithms.md §12). A zero t gives a zero tangent.
// s's derivatives must be with respect to the vertex position.
func SphereSurface(p, t mgl32.Vec3, s noise.Sample, displacement float32) (pos, normal, tangent mgl32.Vec3) {
	n := sampleScale(s, displacement)
	r := n.V + 1
	d := mgl32.Vec3{n.Dx / r, n.Dy / r, n.Dz / r}
	if t != (mgl32.Vec3{}) {
		td := (float32(t[0]*d[0]) + float32(t[1]*d[1])) + float32(t[2]*d[2])
		tangent = normalize(mgl32.Vec3{t[0] + float32(td*p[0]), t[1] + float32(td*p[1]), t[2] + float32(td*p[2])})
	}
	pd := (float32(p[0]*d[0]) + float32(p[1]*d[1])) + float32(p[2]*d[2])
	normal = normalize(mgl32.Vec3{
		(p[0] - d[0]) + float32(pd*p[0]),
		(p[1] - d[1]) + float32(pd*p[1]),
		(p[2] - d[2]) + float32(pd*p[2]),
	})
	pos = mgl32.Vec3{float32(p[0] * r), float32(p[1] * r), float32(p[2] * r)}
	return pos, normal, tangent
}
