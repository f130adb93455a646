package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/internal/appendixa"
)

const copies = 3

// valueArgs are the sample flags of one A.1/A.2 row.
func valueArgs(c appendixa.ValueCase) []string {
	args := append([]string{"sample", "-noise", c.Noise, "-dims", strconv.Itoa(c.Dims)}, settingsArgs(c.Settings)...)
	if c.Tiling {
		args = append(args, "-tiling")
	}
	return args
}

// checkValues checks that every printed value has the Appendix A bits.
func checkValues(t *testing.T, name string, r result, want [4]uint32) {
	t.Helper()
	got := lines(r.stdout)
	if len(got) != copies*len(want) {
		t.Fatalf("%s: %d output lines, want %d:\n%s", name, len(got), copies*len(want), r.stdout)
	}
	for k, s := range got {
		i := k % len(want)
		if v := parse32(t, s); !appendixa.SameBits(v, want[i]) {
			t.Errorf("%s: line %d (p%d) = %s (%08X), want %08X (%.9g)", name, k+1, i, s,
				math.Float32bits(v), want[i], math.Float32frombits(want[i]))
		}
	}
}

// TestAppendixAValues runs every row of test vectors A.1 and A.2 (docs/algorithms.md §10) through
// "noise sample" and checks that each %.9g value parses back to the exact
// float32 bits (±0 equal).
func TestAppendixAValues(t *testing.T) {
	cases, err := appendixa.ValueCases()
	if err != nil {
		t.Fatal(err)
	}
	in := appendixInput(copies)
	for _, c := range cases {
		name := fmt.Sprintf("%s %s %dD tiling=%v", c.Table, c.Noise, c.Dims, c.Tiling)
		args := valueArgs(c)
		r := runIn(in, args...)
		mustOK(t, r, args...)
		checkValues(t, name, r, c.Want)
	}
}

// TestAppendixADerivatives runs every row of test vectors A.3 (docs/algorithms.md §10) through
// "noise sample -deriv": v, dx, dy, dz must be exactly equal as float32.
func TestAppendixADerivatives(t *testing.T) {
	cases, err := appendixa.DerivCases()
	if err != nil {
		t.Fatal(err)
	}
	in := appendixInput(copies)
	for _, c := range cases {
		args := append([]string{"sample", "-deriv", "-noise", c.Noise, "-dims", strconv.Itoa(c.Dims)}, settingsArgs(appendixa.SettingsA)...)
		r := runIn(in, args...)
		mustOK(t, r, args...)
		out := lines(r.stdout)
		if len(out) != copies*len(appendixa.Points) {
			t.Fatalf("%v: %d lines", args, len(out))
		}
		for k := c.Point; k < len(out); k += len(appendixa.Points) {
			f := strings.Split(out[k], " ")
			if len(f) != 4 {
				t.Fatalf("%v: line %q, want 4 numbers separated by single spaces", args, out[k])
			}
			var got [4]float32
			for i := range got {
				got[i] = parse32(t, f[i])
			}
			if got != c.Want {
				t.Errorf("A.3 %s %dD p%d (line %d): got %v, want %v", c.Noise, c.Dims, c.Point, k+1, got, c.Want)
			}
		}
	}
}

// domainArgs are the sample flags of test vectors A.7 (docs/algorithms.md §10).
func domainArgs(matrix string, deriv bool) []string {
	args := []string{"sample", "-noise", "perlin", "-dims", "3",
		"-translate", triple32(appendixa.DomainTranslation),
		"-rotate", triple32(appendixa.DomainRotation),
		"-scale", triple32(appendixa.DomainScale),
		"-matrix", matrix}
	if deriv {
		args = append(args, "-deriv")
	}
	return append(args, settingsArgs(appendixa.SettingsA)...)
}

// TestAppendixADomain runs test vectors A.7 (docs/algorithms.md §10) through "noise sample" with
// the domain flags: the PN- and PS-matrix values and the PS world-space
// gradient (-deriv).
func TestAppendixADomain(t *testing.T) {
	cases, err := appendixa.DomainCases()
	if err != nil {
		t.Fatal(err)
	}
	var pn, ps [4]uint32
	var grad [4][3]float32
	for _, c := range cases {
		pn[c.Point], ps[c.Point], grad[c.Point] = c.PN, c.PS, c.Grad
	}
	in := appendixInput(copies)
	for _, m := range []struct {
		matrix string
		want   [4]uint32
	}{{"pn", pn}, {"ps", ps}} {
		args := domainArgs(m.matrix, false)
		r := runIn(in, args...)
		mustOK(t, r, args...)
		checkValues(t, "A.7 "+m.matrix, r, m.want)
	}
	args := domainArgs("ps", true)
	r := runIn(in, args...)
	mustOK(t, r, args...)
	for k, line := range lines(r.stdout) {
		i := k % 4
		f := strings.Split(line, " ")
		if len(f) != 4 {
			t.Fatalf("line %q: want 4 numbers", line)
		}
		if v := parse32(t, f[0]); !appendixa.SameBits(v, ps[i]) {
			t.Errorf("A.7 PS -deriv p%d value %s, want %08X", i, f[0], ps[i])
		}
		if g := [3]float32{parse32(t, f[1]), parse32(t, f[2]), parse32(t, f[3])}; g != grad[i] {
			t.Errorf("A.7 PS world-space gradient p%d = %v, want %v", i, g, grad[i])
		}
	}
}

// TestBinaryEndToEnd runs a few Appendix A cases, an error and -h through
// the built binary.
func TestBinaryEndToEnd(t *testing.T) {
	cases, err := appendixa.ValueCases()
	if err != nil {
		t.Fatal(err)
	}
	in := appendixInput(copies)
	for _, i := range []int{0, len(cases) / 2, len(cases) - 1} {
		c := cases[i]
		args := valueArgs(c)
		r := runBin(t, in, args...)
		mustOK(t, r, args...)
		checkValues(t, "binary "+c.Table+" "+c.Noise, r, c.Want)
	}
	derivs, err := appendixa.DerivCases()
	if err != nil {
		t.Fatal(err)
	}
	c := derivs[0]
	args := append([]string{"sample", "-deriv", "-noise", c.Noise, "-dims", strconv.Itoa(c.Dims)}, settingsArgs(appendixa.SettingsA)...)
	p := appendixa.Points[c.Point]
	r := runBin(t, fmt.Sprintf("%s %s %s\n", f32(p[0]), f32(p[1]), f32(p[2])), args...)
	mustOK(t, r, args...)
	f := strings.Fields(r.stdout)
	if len(f) != 4 {
		t.Fatalf("binary -deriv output %q", r.stdout)
	}
	for i := range f {
		if got := parse32(t, f[i]); got != c.Want[i] {
			t.Errorf("binary A.3 %s component %d = %s, want %v", c.Noise, i, f[i], c.Want[i])
		}
	}

	r = runBin(t, "", "sample", "-noise", "voronoi-worley-f1", "-dims", "4")
	if r.code != 2 || len(lines(r.stderr)) != 1 || !strings.HasPrefix(r.stderr, "noise sample: ") || r.stdout != "" {
		t.Errorf("binary -dims 4: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	r = runBin(t, "", "sample", "-h")
	if r.code != 0 || r.stderr != "" || !strings.Contains(r.stdout, "-noise") {
		t.Errorf("binary sample -h: exit %d, stderr %q", r.code, r.stderr)
	}
	r = runBin(t, "", "selfcheck")
	mustOK(t, r, "selfcheck")
}

// blogWant compares a blog-mode result with a docs/algorithms.md §5 value. The specification
// prints those values with 17 digits after the decimal point (Rust's
// {:.17}); values below 0.1 in magnitude were padded with a zero to 17
// significant digits, so the comparison is at 17 decimals.
func blogWant(t *testing.T, got, want string) {
	t.Helper()
	g, err := strconv.ParseFloat(got, 64)
	if err != nil {
		t.Fatalf("blog output %q: %v", got, err)
	}
	dot := strings.IndexByte(want, '.')
	if strings.Trim(want[dot+18:], "0") != "" {
		t.Fatalf("literal %q has digits beyond 17 decimals", want)
	}
	if s := strconv.FormatFloat(g, 'f', 17, 64); s != want[:dot+18] {
		t.Errorf("blog mode printed %s (%s to 17 decimals), want %s", got, s, want)
	}
}

// TestBlogMode reproduces rows of docs/algorithms.md §5 (seed 12) with -perm-mode
// blog and -frequency 1.
func TestBlogMode(t *testing.T) {
	for _, c := range []struct {
		dims  int
		line  string
		extra []string
		want  string // docs/algorithms.md §5
	}{
		{1, "0.5 0 0", nil, "0.32549019607843133"},                           // noise1d(0.5)
		{1, "255.5 7 7", nil, "0.32549019607843133"},                         // noise1d(255.5): period 255, y and z unused
		{1, "1.25 0 0", nil, "0.76956188725490193"},                          // noise1d(1.25)
		{2, "1.3 99 2.7", nil, "0.12526750342274506"},                        // noise2d(1.3, 2.7): 2D uses x and z
		{3, "1.3 2.7 4.1", nil, "-0.81260326099111058"},                      // noise3d(1.3, 2.7, 4.1)
		{4, "0.5 1.5 2.5 3.5", nil, "0.29852941176470593"},                   // noise(&[0.5, 1.5, 2.5, 3.5]), with the blog's swap
		{2, "1.3 0 2.7", []string{"-octaves", "4"}, "-0.057558841149908490"}, // fractal(&[1.3, 2.7])
		{1, "3.7 0 0", []string{"-octaves", "4"}, "0.28769187973856181"},     // fractal(&[3.7])
	} {
		args := append([]string{"sample", "-noise", "perm-value", "-perm-mode", "blog", "-seed", "12",
			"-frequency", "1", "-dims", strconv.Itoa(c.dims)}, c.extra...)
		// Two lines, to see that every line is evaluated.
		r := runIn(c.line+"\n\n"+c.line+"\n", args...)
		mustOK(t, r, args...)
		out := lines(r.stdout)
		if len(out) != 2 || out[0] != out[1] {
			t.Fatalf("%v: output %q", args, r.stdout)
		}
		blogWant(t, out[0], c.want)
	}
	// -frequency F scales the coordinates: F=2 at x equals F=1 at 2x.
	a := runIn("0.65 0 1.35\n", "sample", "-noise", "perm-value", "-perm-mode", "blog", "-seed", "12", "-dims", "2", "-frequency", "2")
	mustOK(t, a)
	blogWant(t, strings.TrimSpace(a.stdout), "0.12526750342274506")
}

// TestFormatMatchesFmt checks that the fast formatting is fmt's %.9g.
func TestFormatMatchesFmt(t *testing.T) {
	vals := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.1, 1e-45, 1e38, math.MaxFloat32,
		float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 123456789, 1e-5, 1e9, 0.0001}
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		vals = append(vals, math.Float32frombits(r.Uint32()))
	}
	for _, v := range vals {
		if got, want := string(appendF32(nil, v)), fmt.Sprintf("%.9g", v); got != want {
			t.Fatalf("appendF32(%v) = %q, fmt %%.9g = %q", v, got, want)
		}
	}
}

// TestSampleChunks feeds more than one chunk of positions, with blank and
// whitespace-only lines, and checks every output against the library's
// scalar ValueAt and At.
func TestSampleChunks(t *testing.T) {
	n := chunkLines + 1000
	r := rand.New(rand.NewPCG(5, 6))
	pos := make([]mgl32.Vec3, n)
	var b strings.Builder
	for i := range pos {
		pos[i] = mgl32.Vec3{r.Float32()*8 - 4, r.Float32()*8 - 4, r.Float32()*8 - 4}
		if i%1000 == 7 {
			b.WriteString("\n \t \n")
		}
		fmt.Fprintf(&b, "  %s\t%s  %s \r\n", f32(pos[i][0]), f32(pos[i][1]), f32(pos[i][2]))
	}
	in := b.String()
	s, err := cpu.New(noise.Config{Noise: noise.Simplex, Dims: 3, Settings: noise.Settings{Seed: -3, Frequency: 2, Octaves: 2, Lacunarity: 3, Persistence: 0.7}})
	if err != nil {
		t.Fatal(err)
	}
	flags := []string{"sample", "-noise", "simplex", "-seed", "-3", "-frequency", "2", "-octaves", "2", "-lacunarity", "3", "-persistence", "0.7"}
	res := runIn(in, flags...)
	mustOK(t, res, flags...)
	out := lines(res.stdout)
	if len(out) != n {
		t.Fatalf("%d output lines, want %d", len(out), n)
	}
	for i, line := range out {
		if want := string(appendF32(nil, s.ValueAt(pos[i]))); line != want {
			t.Fatalf("line %d: %s, ValueAt gives %s", i+1, line, want)
		}
	}
	res = runIn(in, append(flags, "-deriv")...)
	mustOK(t, res, flags...)
	out = lines(res.stdout)
	if len(out) != n {
		t.Fatalf("-deriv: %d output lines, want %d", len(out), n)
	}
	for i := 0; i < n; i += 97 {
		d := s.At(pos[i])
		want := strings.Join([]string{string(appendF32(nil, d.V)), string(appendF32(nil, d.Dx)),
			string(appendF32(nil, d.Dy)), string(appendF32(nil, d.Dz))}, " ")
		if out[i] != want {
			t.Fatalf("-deriv line %d: %s, At gives %s", i+1, out[i], want)
		}
	}
}

// TestSampleFractionalFrequency: -frequency 2.5 -lacunarity 1.5 reach the
// library as float32 settings: every output is the library's ValueAt with
// those settings, and differs from the nearby whole frequency's.
func TestSampleFractionalFrequency(t *testing.T) {
	set := noise.Settings{Seed: 4, Frequency: 2.5, Octaves: 3, Lacunarity: 1.5, Persistence: 0.5}
	s, err := cpu.New(noise.Config{Noise: noise.Perlin, Dims: 3, Settings: set})
	if err != nil {
		t.Fatal(err)
	}
	set.Frequency = 2
	whole, err := cpu.New(noise.Config{Noise: noise.Perlin, Dims: 3, Settings: set})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 8))
	pos := make([]mgl32.Vec3, 200)
	var b strings.Builder
	for i := range pos {
		pos[i] = mgl32.Vec3{r.Float32()*8 - 4, r.Float32()*8 - 4, r.Float32()*8 - 4}
		fmt.Fprintf(&b, "%s %s %s\n", f32(pos[i][0]), f32(pos[i][1]), f32(pos[i][2]))
	}
	flags := []string{"sample", "-noise", "perlin", "-seed", "4", "-frequency", "2.5", "-octaves", "3", "-lacunarity", "1.5"}
	res := runIn(b.String(), flags...)
	mustOK(t, res, flags...)
	out := lines(res.stdout)
	if len(out) != len(pos) {
		t.Fatalf("%d output lines, want %d", len(out), len(pos))
	}
	differ := 0
	for i, line := range out {
		if want := string(appendF32(nil, s.ValueAt(pos[i]))); line != want {
			t.Fatalf("line %d: %s, ValueAt gives %s", i+1, line, want)
		}
		if line != string(appendF32(nil, whole.ValueAt(pos[i]))) {
			differ++
		}
	}
	if differ < len(pos)/2 {
		t.Errorf("only %d of %d values differ from frequency 2's: the fraction was lost", differ, len(pos))
	}
}

// TestSampleMalformedAfterChunk checks that an error past the first chunk
// names the right line (blank lines count) and that exactly the earlier
// positions were printed.
func TestSampleMalformedAfterChunk(t *testing.T) {
	var b strings.Builder
	n := chunkLines + 10
	for i := 0; i < n; i++ {
		b.WriteString("0.1 0.2 0.3\n\n") // every position is followed by a blank line
	}
	b.WriteString("0.1 0.2\n0.1 0.2 0.3\n")
	r := runIn(b.String(), "sample", "-noise", "value")
	if r.code != 2 {
		t.Fatalf("exit %d, want 2", r.code)
	}
	want := fmt.Sprintf("noise sample: line %d: want 3 numbers \"x y z\", got 2\n", 2*n+1)
	if r.stderr != want {
		t.Errorf("stderr %q, want %q", r.stderr, want)
	}
	if got := len(lines(r.stdout)); got != n {
		t.Errorf("%d lines printed before the error, want %d", got, n)
	}
}

// TestSample4D checks 4-number input for 4D noise (perm-value, Perlin,
// simplex) against the library, values and "v dx dy dz dw" with -deriv,
// and that 4D rejects 3 numbers.
func TestSample4D(t *testing.T) {
	pts := []mgl32.Vec4{{0.1, 0.2, 0.3, 0.4}, {-1.5, 2.25, -0.75, 3.1}, {5, 6, 7, 8}}
	var in strings.Builder
	for _, p := range pts {
		fmt.Fprintf(&in, "%s %s %s %s\n", f32(p[0]), f32(p[1]), f32(p[2]), f32(p[3]))
	}
	for _, n := range []noise.Noise{noise.PermValue, noise.Perlin, noise.SimplexSmoothTurbulence} {
		s, err := cpu.New(noise.Config{Noise: n, Dims: 4, Settings: noise.Settings{Seed: 12, Frequency: 3, Octaves: 2, Lacunarity: 2, Persistence: 0.5}})
		if err != nil {
			t.Fatal(err)
		}
		args := []string{"sample", "-noise", n.String(), "-dims", "4", "-seed", "12", "-frequency", "3", "-octaves", "2"}
		r := runIn(in.String(), args...)
		mustOK(t, r, args...)
		for i, line := range lines(r.stdout) {
			if want := string(appendF32(nil, s.ValueAt4(pts[i]))); line != want {
				t.Errorf("%s 4D line %d: %s, ValueAt4 gives %s", n, i+1, line, want)
			}
		}
		r = runIn(in.String(), append(args, "-deriv")...)
		mustOK(t, r, args...)
		got := lines(r.stdout)
		for i, p := range pts {
			a := s.At4(p)
			var want []string
			for _, c := range []float32{a.V, a.Dx, a.Dy, a.Dz, a.Dw} {
				want = append(want, string(appendF32(nil, c)))
			}
			if i >= len(got) || got[i] != strings.Join(want, " ") || i < 2 && a.Dw == 0 {
				t.Errorf("%s 4D -deriv line %d: %q, At4 gives %q", n, i+1, got[min(i, len(got)-1)], strings.Join(want, " "))
			}
		}
		r = runIn("1 2 3\n", args...)
		if r.code != 2 || !strings.Contains(r.stderr, `line 1: want 4 numbers "x y z w", got 3`) {
			t.Errorf("%s 4D with 3 numbers: exit %d, stderr %q", n, r.code, r.stderr)
		}
	}
}

// TestSampleDomainDefaults checks the domain defaults: -translate 0,0,0
// alone is the identity, and "-scale 2" means 2,2,2 and equals doubling
// the input.
func TestSampleDomainDefaults(t *testing.T) {
	in := appendixInput(1)
	base := runIn(in, "sample", "-noise", "perlin")
	mustOK(t, base)
	id := runIn(in, "sample", "-noise", "perlin", "-translate", "0,0,0")
	mustOK(t, id)
	if id.stdout != base.stdout {
		t.Errorf("-translate 0,0,0 alone changed the output:\n%s\nvs\n%s", id.stdout, base.stdout)
	}
	var doubled strings.Builder
	for _, p := range appendixa.Points {
		fmt.Fprintf(&doubled, "%s %s %s\n", f32(2*p[0]), f32(2*p[1]), f32(2*p[2]))
	}
	a := runIn(in, "sample", "-noise", "perlin", "-scale", "2")
	b := runIn(doubled.String(), "sample", "-noise", "perlin")
	mustOK(t, a)
	mustOK(t, b)
	if a.stdout != b.stdout {
		t.Errorf("-scale 2 differs from doubled positions:\n%s\nvs\n%s", a.stdout, b.stdout)
	}
}

// TestPanicRecovered checks the defence in depth: a panic inside a command
// becomes one line on stderr and exit 2.
func TestPanicRecovered(t *testing.T) {
	var out, errb strings.Builder
	code := run([]string{"sample", "-noise", "perlin"}, nil, &out, &errb) // nil stdin panics when read
	if code != 2 || len(lines(errb.String())) != 1 || !strings.HasPrefix(errb.String(), "noise sample: internal error") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
}

// TestInputSpellings: a UTF-8 byte-order mark is skipped, "+nan"/"-nan"
// are NaN like "nan", and numbers beyond the float range give what ±Inf
// gives (the noise treats both like ±2^64), in the fixed and blog modes;
// finite input never gives NaN, also where blog mode's octaves overflow.
func TestInputSpellings(t *testing.T) {
	same := func(name, a, b string, args ...string) {
		t.Helper()
		ra, rb := runIn(a, args...), runIn(b, args...)
		mustOK(t, ra, args...)
		mustOK(t, rb, args...)
		if ra.stdout != rb.stdout {
			t.Errorf("%s: %q gives %q, %q gives %q", name, a, ra.stdout, b, rb.stdout)
		}
	}
	perlin := []string{"sample", "-noise", "perlin", "-deriv"}
	same("BOM", "\xef\xbb\xbf0.1 0.2 0.3\n", "0.1 0.2 0.3\n", perlin...)
	same("-nan", "-nan 0 0.2\n+NaN 1 2\n", "nan 0 0.2\nNaN 1 2\n", perlin...)
	same("1e39", "1e39 -1e39 0.5\n", "inf -inf 0.5\n", perlin...)
	blog := []string{"sample", "-noise", "perm-value", "-perm-mode", "blog", "-dims", "3", "-octaves", "4", "-frequency", "3"}
	same("blog 1e400", "1e400 -1e400 0.5\n", "inf -inf 0.5\n", blog...)
	same("blog inf", "inf -inf 0.5\n", "3e19 -4e19 0.5\n", blog...) // both beyond 2^64 after ·F
	r := runIn("1e308 -1e308 0.5\n1.7976931348623157e308 0 0\n", blog...)
	mustOK(t, r, blog...)
	if strings.Contains(r.stdout, "NaN") {
		t.Errorf("blog mode gives NaN for finite input: %q", r.stdout)
	}
	if r := runIn("-nan 0 0\n", "sample", "-noise", "value"); r.stdout != "NaN\n" {
		t.Errorf("-nan gives %q, want NaN", r.stdout)
	}
	// A BOM elsewhere than at the start is still an error naming the line.
	r = runIn("1 2 3\n\xef\xbb\xbf1 2 3\n", "sample", "-noise", "value")
	if r.code != 2 || !strings.Contains(r.stderr, "line 2") {
		t.Errorf("BOM on line 2: exit %d, %q", r.code, r.stderr)
	}
}

// TestSamplePlane: with -dims 2, "x y" is the position (x, 0, y): the
// same output as "x 0 y", for both modes; a lone number names both forms.
func TestSamplePlane(t *testing.T) {
	for _, c := range [][]string{
		{"-noise", "simplex", "-dims", "2", "-deriv"},
		{"-noise", "perlin", "-dims", "2", "-tiling", "-octaves", "3"},
		{"-noise", "perm-value", "-dims", "2", "-perm-mode", "blog"},
	} {
		args := append([]string{"sample"}, c...)
		two := runIn("0.25 -1.5\n3.75\t0.125\n\n-7 1e-3\n", args...)
		three := runIn("0.25 0 -1.5\n3.75 0 0.125\n\n-7 0 1e-3\n", args...)
		mustOK(t, two, args...)
		mustOK(t, three, args...)
		if two.stdout != three.stdout || len(lines(two.stdout)) != 3 {
			t.Errorf("noise %s: \"x y\" gave %q, \"x 0 y\" %q", strings.Join(args, " "), two.stdout, three.stdout)
		}
	}
	r := runIn("0.5 0.5\n1\n", "sample", "-noise", "simplex", "-dims", "2")
	if r.code != 2 || !strings.Contains(r.stderr, `line 2: want 2 numbers "x y" (the XZ plane) or 3 "x y z", got 1`) || len(lines(r.stdout)) != 1 {
		t.Errorf("a lone number: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	r = runIn("0.5 0.5\n", "sample", "-noise", "simplex", "-dims", "3")
	if r.code != 2 || !strings.Contains(r.stderr, `line 1: want 3 numbers "x y z", got 2`) {
		t.Errorf("two numbers in 3D: exit %d, stderr %q", r.code, r.stderr)
	}
}
