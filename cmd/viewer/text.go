package main

import (
	"image"
	"image/color"
	"image/draw"
	"strings"

	"github.com/go-gl/gl/v4.3-core/gl"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// textImage renders lines of text in white on a translucent black panel
// (opacity alpha), in the 7×13 pixel basic font.
func textImage(lines []string, alpha uint8) *image.NRGBA {
	const pad, lineHeight = 6, 15
	face := basicfont.Face7x13
	width := 0
	for _, l := range lines {
		width = max(width, font.MeasureString(face, l).Ceil())
	}
	img := image.NewNRGBA(image.Rect(0, 0, width+2*pad, len(lines)*lineHeight+2*pad-2))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.NRGBA{0, 0, 0, alpha}), image.Point{}, draw.Src)
	d := font.Drawer{Dst: img, Src: image.White, Face: face}
	for i, l := range lines {
		d.Dot = fixed.P(pad, pad+i*lineHeight+face.Ascent)
		d.DrawString(l)
	}
	return img
}

// textTexture is a texture of rendered text, made again only when the text
// changes.
type textTexture struct {
	tex  uint32
	w, h int
	text string
}

// set renders lines into the texture unless they are what it holds. It
// runs on the GL thread.
func (t *textTexture) set(lines []string, alpha uint8) {
	text := strings.Join(lines, "\n")
	if t.tex != 0 && text == t.text {
		return
	}
	img := textImage(lines, alpha)
	if t.tex == 0 {
		gl.GenTextures(1, &t.tex)
	}
	gl.BindTexture(gl.TEXTURE_2D, t.tex)
	gl.PixelStorei(gl.UNPACK_ALIGNMENT, 1)
	t.w, t.h = img.Rect.Dx(), img.Rect.Dy()
	gl.TexImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, int32(t.w), int32(t.h), 0, gl.RGBA, gl.UNSIGNED_BYTE, gl.Ptr(img.Pix))
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE)
	t.text = text
}

func (t *textTexture) delete() {
	if t.tex != 0 {
		gl.DeleteTextures(1, &t.tex)
		t.tex = 0
	}
}
