package main

// The table: the GPU's view of noise.Settings and noise.Domain, one row per
// member of the GPU struct. Every spelling of these structs (the GLSL
// declaration, the Go values and their GLSL literal, the uniforms package
// dispatch loads) is written from it by the writers in main.go; a shading
// language more (WGSL) is a writer more, and a column more in types.

// Type is the type of a member.
type Type int

// The member types.
const (
	Int Type = iota
	Float
	Vec2
	Vec3
)

// typeInfo spells a Type in each language the writers write.
type typeInfo struct {
	glsl    string // the GLSL type
	goType  string // the Go type of the UniformX struct's field
	literal string // the Go function (package shaders) that writes a value as a GLSL expression
	uniform string // the go-gl call that loads it (gl.ProgramUniform…)
	args    string // the arguments after the location, %s standing for the value
	// The WGSL spelling: the type, the Go function (package shaders) that
	// writes a value as a WGSL expression, and the size and alignment of
	// the type under WGSL's layout rules (WGSL §14.4.1).
	wgsl        string
	wgslLiteral string
	size, align int
}

var types = map[Type]typeInfo{
	Int:   {glsl: "int", goType: "int32", literal: "glInt", uniform: "ProgramUniform1i", args: "%s", wgsl: "i32", wgslLiteral: "wgslInt", size: 4, align: 4},
	Float: {glsl: "float", goType: "float32", literal: "glFloat", uniform: "ProgramUniform1f", args: "%s", wgsl: "f32", wgslLiteral: "wgslFloat", size: 4, align: 4},
	Vec2:  {glsl: "vec2", goType: "[2]float32", literal: "glVec2", uniform: "ProgramUniform2f", args: "%[1]s[0], %[1]s[1]", wgsl: "vec2f", wgslLiteral: "wgslVec2", size: 8, align: 8},
	Vec3:  {glsl: "vec3", goType: "[3]float32", literal: "glVec3", uniform: "ProgramUniform3f", args: "%[1]s[0], %[1]s[1], %[1]s[2]", wgsl: "vec3f", wgslLiteral: "wgslVec3", size: 12, align: 16},
}

// Field is one member of a GPU struct.
type Field struct {
	Name string // the member's name in the shading languages; the Go field is it capitalised
	Type Type
	// Go is the Go expression (in package shaders, with the struct's
	// parameter and Prelude in scope) that derives the member's value.
	Go string
	// From lists the fields of the Go struct (noise.Settings, noise.Domain)
	// the value derives from; the tests check that every field of the Go
	// struct is named by some member (or by Struct.Unused).
	From []string
	Doc  string
}

// Struct is one GPU struct and the Go struct it is derived from.
type Struct struct {
	Name    string // the struct's name in the shading languages
	GoName  string // the Go struct in package noise it mirrors
	Param   string // the parameter of the Go constructor NewUniformName
	Prelude string // Go statements before the fields are derived
	Doc     string
	Fields  []Field
	// Unused names the fields of the Go struct no member derives from, and
	// why (none today).
	Unused map[string]string
}

// structs are the GPU structs, in the order they are declared.
var structs = []Struct{
	{
		Name:   "Settings",
		GoName: "Settings",
		Param:  "s noise.Settings",
		Doc: "Settings are the fractal settings (noise.Settings) as the GPU reads them: pingPong, jitter, " +
			"warpFrequency and warpOctaves are the values in effect (Settings.PingPongStrength, JitterAmount, " +
			"WarpBaseFrequency, WarpOctaveCount), except that warpOctaves is 0 when the settings do " +
			"not warp (shaders.WarpOctaves), so that the warp's loop does not run.",
		Fields: []Field{
			{Name: "seed", Type: Int, Go: "s.Seed", From: []string{"Seed"}, Doc: "Settings.Seed"},
			{Name: "frequency", Type: Float, Go: "s.Frequency", From: []string{"Frequency"}, Doc: "Settings.Frequency"},
			{Name: "octaves", Type: Int, Go: "int32(s.Octaves)", From: []string{"Octaves"}, Doc: "Settings.Octaves"},
			{Name: "lacunarity", Type: Float, Go: "s.Lacunarity", From: []string{"Lacunarity"}, Doc: "Settings.Lacunarity"},
			{Name: "persistence", Type: Float, Go: "s.Persistence", From: []string{"Persistence"}, Doc: "Settings.Persistence"},
			{Name: "fractal", Type: Int, Go: "int32(s.Fractal)", From: []string{"Fractal"}, Doc: "Settings.Fractal, a fractal* code"},
			{Name: "pingPong", Type: Float, Go: "s.PingPongStrength()", From: []string{"PingPong"}, Doc: "Settings.PingPongStrength(): PingPong, or DefaultPingPong for 0"},
			{Name: "jitter", Type: Float, Go: "s.JitterAmount()", From: []string{"Jitter"}, Doc: "Settings.JitterAmount(): Jitter, or DefaultJitter for 0"},
			{Name: "warpAmplitude", Type: Float, Go: "s.WarpAmplitude", From: []string{"WarpAmplitude"}, Doc: "Settings.WarpAmplitude; 0 is no warp"},
			{Name: "warpFrequency", Type: Int, Go: "s.WarpBaseFrequency()", From: []string{"WarpFrequency"}, Doc: "Settings.WarpBaseFrequency(): WarpFrequency, or 1 for 0"},
			{Name: "warpOctaves", Type: Int, Go: "int32(WarpOctaves(s))", From: []string{"WarpOctaves", "WarpAmplitude"}, Doc: "WarpOctaves(s): Settings.WarpOctaveCount(), or 0 without a warp"},
			{Name: "warpMode", Type: Int, Go: "int32(s.WarpMode)", From: []string{"WarpMode"}, Doc: "Settings.WarpMode, a warp* code"},
		},
	},
	{
		Name:    "Domain",
		GoName:  "Domain",
		Param:   "d *noise.Domain",
		Prelude: "m, t, dm, ok := DomainRows(d)\nsw, tw := DomainW(d)",
		Doc: "Domain is the domain transform (noise.Domain; nil for none) computed in Go " +
			"(Domain.Matrix and DerivativeMatrix, DomainRows), as rows: q = M·p + t, and the " +
			"derivative matrix D. enabled is an int, not a bool: SPIR-V has no bool in uniform blocks.",
		Fields: []Field{
			{Name: "enabled", Type: Int, Go: "int32(b2i(ok))", Doc: "1 with a domain transform, 0 without (a nil *noise.Domain)"},
			{Name: "m0", Type: Vec3, Go: "m[0]", From: []string{"Rotation", "Scale", "PN"}, Doc: "row 0 of M"},
			{Name: "m1", Type: Vec3, Go: "m[1]", From: []string{"Rotation", "Scale", "PN"}, Doc: "row 1 of M"},
			{Name: "m2", Type: Vec3, Go: "m[2]", From: []string{"Rotation", "Scale", "PN"}, Doc: "row 2 of M"},
			{Name: "t", Type: Vec3, Go: "t", From: []string{"Translation"}, Doc: "the translation t"},
			{Name: "d0", Type: Vec3, Go: "dm[0]", From: []string{"Rotation", "Scale", "PN"}, Doc: "row 0 of D"},
			{Name: "d1", Type: Vec3, Go: "dm[1]", From: []string{"Rotation", "Scale", "PN"}, Doc: "row 1 of D"},
			{Name: "d2", Type: Vec3, Go: "dm[2]", From: []string{"Rotation", "Scale", "PN"}, Doc: "row 2 of D"},
			{Name: "w", Type: Vec2, Go: "[2]float32{sw, tw}", From: []string{"ScaleW", "TranslationW"}, Doc: "the fourth coordinate's scale and translation (DomainW)"},
		},
	},
}
