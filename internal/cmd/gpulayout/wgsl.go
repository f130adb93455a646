package main

import (
	"fmt"
	"strings"
)

// The WGSL writers: the struct declarations (gpu/shaders/wgsl/layout.wgsl)
// and package shaders' WGSL literals and uniform-buffer encoders
// (gpu/shaders/layout_wgsl_gen.go), from the same table as the GLSL.

// The WGSL files it writes, relative to the module root.
const (
	wgslFile        = "gpu/shaders/wgsl/layout.wgsl"
	shadersWGSLFile = "gpu/shaders/layout_wgsl_gen.go"
)

// member is a field placed in WGSL's layout.
type member struct {
	Field
	offset int
}

// wgslLayout places the members of s by WGSL's rules (WGSL §14.4.1: each
// member at the next multiple of its type's alignment) and returns them
// with the struct's size (its end rounded up to its alignment, the largest
// of its members') and alignment.
func wgslLayout(s Struct) (members []member, size, align int) {
	off := 0
	align = 1
	for _, f := range s.Fields {
		t := types[f.Type]
		off = roundUp(off, t.align)
		members = append(members, member{f, off})
		off += t.size
		align = max(align, t.align)
	}
	return members, roundUp(off, align), align
}

func roundUp(n, k int) int { return (n + k - 1) / k * k }

// lowerFirst is name with its first letter in lower case.
func lowerFirst(name string) string { return strings.ToLower(name[:1]) + name[1:] }

// writeWGSL writes the WGSL declarations, each member's offset in a
// comment.
func writeWGSL() string {
	var b strings.Builder
	b.WriteString("// " + header + "\n")
	b.WriteString("// layout.wgsl declares the structs the settings and the domain transform reach\n")
	b.WriteString("// the GPU in; package shaders' UniformSettings and UniformDomain are their values.\n")
	for _, s := range structs {
		members, size, align := wgslLayout(s)
		b.WriteString("\n" + comment("// ", s.Doc))
		fmt.Fprintf(&b, "// Size %d bytes, alignment %d.\n", size, align)
		width := 0
		for _, f := range s.Fields {
			width = max(width, len(f.Name)+2+len(types[f.Type].wgsl)+1)
		}
		fmt.Fprintf(&b, "struct %s {\n", s.Name)
		for _, m := range members {
			decl := m.Name + ": " + types[m.Type].wgsl + ","
			fmt.Fprintf(&b, "\t%-*s // @%d: %s\n", width, decl, m.offset, m.Doc)
		}
		b.WriteString("}\n")
	}
	return b.String()
}

// writeShadersWGSLGo writes package shaders' WGSL literals, sizes and
// encoders of UniformSettings and UniformDomain.
func writeShadersWGSLGo() string {
	var b strings.Builder
	b.WriteString("// " + header + "\n\npackage shaders\n")
	for _, s := range structs {
		typ := "Uniform" + s.Name
		low := lowerFirst(s.Name)
		members, size, align := wgslLayout(s)
		b.WriteString("\n" + comment("// ", fmt.Sprintf("%sWGSLSize and %sWGSLAlign are the size and alignment in bytes of the WGSL struct %s (wgsl/layout.wgsl).", low, low, s.Name)))
		fmt.Fprintf(&b, "const (\n\t%sWGSLSize = %d\n\t%sWGSLAlign = %d\n)\n\n", low, size, low, align)
		b.WriteString(comment("// ", fmt.Sprintf("WGSL returns u as a WGSL expression of type %s (before the prefix), every float as its exact bit pattern.", s.Name)))
		fmt.Fprintf(&b, "func (u %s) WGSL() string {\n\treturn \"%s(\" +", typ, s.Name)
		for i, f := range s.Fields {
			sep := ` + ", " +`
			if i == len(s.Fields)-1 {
				sep = ` + ")"`
			}
			fmt.Fprintf(&b, "\n\t\t%s(u.%s)%s", types[f.Type].wgslLiteral, goName(f.Name), sep)
		}
		b.WriteString("\n}\n\n")
		b.WriteString(comment("// ", fmt.Sprintf("putWGSL writes u into b (at least %sWGSLSize bytes) as the WGSL struct %s lays it out, little-endian; it leaves the padding as it is.", low, s.Name)))
		fmt.Fprintf(&b, "func (u %s) putWGSL(b []byte) {\n", typ)
		for _, m := range members {
			fmt.Fprintf(&b, "\tput%s(b[%d:], u.%s)\n", types[m.Type].goPut(), m.offset, goName(m.Name))
		}
		b.WriteString("}\n")
	}
	return b.String()
}

// goPut names the shaders function that encodes a value of the type
// (putI32, putF32, putVec2, putVec3).
func (t typeInfo) goPut() string {
	return map[string]string{"i32": "I32", "f32": "F32", "vec2f": "Vec2", "vec3f": "Vec3"}[t.wgsl]
}
