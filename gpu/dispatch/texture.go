package dispatch

import (
	"fmt"
	"math"

	"github.com/go-gl/gl/v4.3-core/gl"
	"github.com/go-gl/mathgl/mgl32"
)

// Grid is a regular grid of positions: point (i, j, k) is
// ((Origin + i·U) + j·V) + k·W, each product and sum rounded to float32 in
// that order, on the GPU and in Position alike. A 2D grid has Size[2] = 1.
type Grid struct {
	Origin  mgl32.Vec3
	U, V, W mgl32.Vec3 // steps along i, j and k
	Size    [3]int     // points along i, j and k
}

// PlaneGrid is the size×size grid over the XZ square [lo, hi]², at cell
// centres, for 2D textures of 2D (or 3D, at y = 0) noise.
func PlaneGrid(size int, lo, hi float32) Grid {
	step := (hi - lo) / float32(size)
	o := lo + float32(0.5*step)
	return Grid{Origin: mgl32.Vec3{o, 0, o}, U: mgl32.Vec3{step, 0, 0}, V: mgl32.Vec3{0, 0, step}, Size: [3]int{size, size, 1}}
}

// Position returns grid point (i, j, k).
func (g Grid) Position(i, j, k int) mgl32.Vec3 {
	fi, fj, fk := float32(i), float32(j), float32(k)
	var p mgl32.Vec3
	for a := range p {
		p[a] = ((g.Origin[a] + float32(fi*g.U[a])) + float32(fj*g.V[a])) + float32(fk*g.W[a])
	}
	return p
}

// Positions returns every grid point, i fastest, then j, then k: the
// order of the texels of a baked texture.
func (g Grid) Positions() []mgl32.Vec3 {
	out := make([]mgl32.Vec3, 0, g.Size[0]*g.Size[1]*g.Size[2])
	for k := 0; k < g.Size[2]; k++ {
		for j := 0; j < g.Size[1]; j++ {
			for i := 0; i < g.Size[0]; i++ {
				out = append(out, g.Position(i, j, k))
			}
		}
	}
	return out
}

// Texture is a texture baked by a Sampler.
type Texture struct {
	ID     TextureName
	Target uint32 // gl.TEXTURE_2D or gl.TEXTURE_3D
	Size   [3]int // width, height, depth (1 for 2D)
	// Derivatives is set for RGBA32F textures holding (v, dx, dy, dz);
	// otherwise the texture is R32F holding v.
	Derivatives bool
}

// Texels returns the number of floats ReadTexture needs.
func (t Texture) Texels() int {
	n := t.Size[0] * t.Size[1] * t.Size[2]
	if t.Derivatives {
		return 4 * n
	}
	return n
}

// BakeTexture2D creates a Size[0]×Size[1] texture of the noise over g
// (Size[2] must be 1): R32F holding the value, or RGBA32F holding
// (v, dx, dy, dz) with derivatives. Filtering is linear, wrapping repeat.
// The grid's points are 3D: 4D noise is baked at w = 0, and its dw has no
// channel.
func (s *Sampler) BakeTexture2D(g Grid, derivatives bool) (Texture, error) {
	if g.Size[2] != 1 {
		return Texture{}, fmt.Errorf("dispatch: a 2D texture needs grid depth 1, not %d", g.Size[2])
	}
	return s.bake(g, derivatives, false)
}

// BakeTexture3D creates a Size[0]×Size[1]×Size[2] 3D texture of the
// noise over g, like BakeTexture2D.
func (s *Sampler) BakeTexture3D(g Grid, derivatives bool) (Texture, error) {
	return s.bake(g, derivatives, true)
}

// MaxTextureBytes is the largest texture the bake methods make, 4 GiB: a
// bound on the memory one call may ask for, below which the driver's own
// answer (GL_OUT_OF_MEMORY) is still checked.
const MaxTextureBytes = 4 << 30

func (s *Sampler) bake(g Grid, derivatives, threeD bool) (Texture, error) {
	limit := s.c.info.MaxTexture2D
	if threeD {
		limit = s.c.info.MaxTexture3D
	}
	for a, n := range g.Size {
		if n < 1 || n > limit {
			return Texture{}, fmt.Errorf("dispatch: grid size %d along axis %d: must be 1 to %d (the driver's texture limit)", n, a, limit)
		}
	}
	// Each size is at most the driver's limit (below 2^31), so the product
	// of three fits an int64 only when checked step by step.
	bytes := int64(texelBytes(derivatives))
	for _, n := range g.Size {
		if bytes > MaxTextureBytes/int64(n) {
			return Texture{}, fmt.Errorf("dispatch: a %d×%d×%d texture of %d-byte texels is over %d GiB (MaxTextureBytes); bake it in slabs",
				g.Size[0], g.Size[1], g.Size[2], texelBytes(derivatives), MaxTextureBytes>>30)
		}
		bytes *= int64(n)
	}
	t := Texture{Target: gl.TEXTURE_2D, Size: g.Size, Derivatives: derivatives}
	kind := kernelBake2D
	if threeD {
		t.Target, kind = gl.TEXTURE_3D, kernelBake3D
	}
	format := uint32(gl.R32F)
	if derivatives {
		format = gl.RGBA32F
	}
	err := s.do(func() error {
		p, err := s.program(kind, derivatives)
		if err != nil {
			return err
		}
		s.setUniforms(p)
		clearGLErrors()
		var id uint32
		gl.CreateTextures(t.Target, 1, &id)
		if threeD {
			gl.TextureStorage3D(id, 1, format, int32(g.Size[0]), int32(g.Size[1]), int32(g.Size[2]))
		} else {
			gl.TextureStorage2D(id, 1, format, int32(g.Size[0]), int32(g.Size[1]))
		}
		if e := gl.GetError(); e != gl.NO_ERROR {
			gl.DeleteTextures(1, &id)
			what := fmt.Sprintf("GL error 0x%04X", e)
			if e == gl.OUT_OF_MEMORY {
				what = "no GPU memory"
			}
			return fmt.Errorf("dispatch: %s for a %d×%d×%d texture of %d bytes", what, g.Size[0], g.Size[1], g.Size[2], bytes)
		}
		t.ID = TextureName(id)
		for _, w := range []uint32{gl.TEXTURE_WRAP_S, gl.TEXTURE_WRAP_T, gl.TEXTURE_WRAP_R} {
			gl.TextureParameteri(id, w, gl.REPEAT)
		}
		gl.TextureParameteri(id, gl.TEXTURE_MIN_FILTER, gl.LINEAR)
		gl.TextureParameteri(id, gl.TEXTURE_MAG_FILTER, gl.LINEAR)
		gl.BindImageTexture(0, id, 0, threeD, 0, gl.WRITE_ONLY, format)
		v3 := func(name string, v mgl32.Vec3) { gl.ProgramUniform3f(p.id, p.loc(name), v[0], v[1], v[2]) }
		v3("noiseOrigin", g.Origin)
		v3("noiseStepU", g.U)
		v3("noiseStepV", g.V)
		v3("noiseStepW", g.W)
		gl.ProgramUniform3i(p.id, p.loc("noiseSize"), int32(g.Size[0]), int32(g.Size[1]), int32(g.Size[2]))
		gl.UseProgram(p.id)
		if threeD {
			gl.DispatchCompute(uint32((g.Size[0]+3)/4), uint32((g.Size[1]+3)/4), uint32((g.Size[2]+3)/4))
		} else {
			gl.DispatchCompute(uint32((g.Size[0]+7)/8), uint32((g.Size[1]+7)/8), 1)
		}
		gl.MemoryBarrier(gl.TEXTURE_FETCH_BARRIER_BIT | gl.TEXTURE_UPDATE_BARRIER_BIT | gl.SHADER_IMAGE_ACCESS_BARRIER_BIT)
		return nil
	})
	if err != nil {
		return Texture{}, err
	}
	return t, nil
}

// texelBytes is the size of one texel: R32F, or RGBA32F with derivatives.
func texelBytes(derivatives bool) int {
	if derivatives {
		return 16
	}
	return 4
}

// ReadTexture copies the texture's texels into dst (Texels floats: one per
// texel, or four with derivatives), rows of i first. Textures over 2 GiB
// are read in bands of rows (GL takes the size of one read as an int32).
func (c *Context) ReadTexture(t Texture, dst []float32) error {
	if len(dst) < t.Texels() {
		return fmt.Errorf("dispatch: the texture has %d floats; dst holds %d", t.Texels(), len(dst))
	}
	format := uint32(gl.RED)
	if t.Derivatives {
		format = gl.RGBA
	}
	w, h, d := t.Size[0], t.Size[1], t.Size[2]
	row := w * texelBytes(t.Derivatives)
	id := uint32(t.ID)
	return c.Do(func() error {
		if id == 0 || !gl.IsTexture(id) {
			return fmt.Errorf("dispatch: texture %d is not a texture: deleted, or never made", t.ID)
		}
		if size := int64(row) * int64(h) * int64(d); size <= math.MaxInt32 {
			gl.GetTextureImage(id, 0, format, gl.FLOAT, int32(size), gl.Ptr(&dst[0]))
			return nil
		}
		band := max(1, math.MaxInt32/row)
		for z := 0; z < d; z++ {
			for y := 0; y < h; y += band {
				rows := min(band, h-y)
				off := (z*h + y) * row / 4
				gl.GetTextureSubImage(id, 0, 0, int32(y), int32(z), int32(w), int32(rows), 1,
					format, gl.FLOAT, int32(rows*row), gl.Ptr(&dst[off]))
			}
		}
		return nil
	})
}

// DeleteTexture deletes t (a zero Texture is ignored).
func (c *Context) DeleteTexture(t Texture) error {
	if t.ID == 0 {
		return nil
	}
	return c.Do(func() error {
		id := uint32(t.ID)
		gl.DeleteTextures(1, &id)
		return nil
	})
}
