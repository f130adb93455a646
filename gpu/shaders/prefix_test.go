package shaders

import (
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/noiselab/noise"
)

// probePrefix marks the names a source defines: no identifier the package's
// GLSL uses unprefixed starts with it.
const probePrefix = "zq_"

// sourceNames is what the package's sources hold, over every variant and
// option: defined, the names that get the prefix (without it), and used,
// the identifiers used without a prefix (locals, members, built-ins,
// keywords, a kernel's own names).
type sourceNames struct {
	defined, used map[string]bool
}

var (
	namesOnce sync.Once
	names     sourceNames
	namesErr  error
)

// packageNames collects the sourceNames of the library and the compute and
// bake kernels of every variant, native, and of two variants (one with the
// perm-value table) with exact and worst-case arithmetic: the options add
// names (worst.glsl's) but do not vary them with the variant.
func packageNames() (sourceNames, error) {
	namesOnce.Do(func() {
		names = sourceNames{map[string]bool{}, map[string]bool{}}
		add := func(src string, err error) {
			if err != nil {
				namesErr = err
				return
			}
			for _, tk := range tokenize(src) {
				if tk.kind != tokIdent {
					continue
				}
				if n, ok := strings.CutPrefix(tk.text, probePrefix); ok {
					names.defined[n] = true
				} else {
					names.used[tk.text] = true
				}
			}
		}
		for i, cfg := range allConfigs() {
			opts := []Options{{Prefix: probePrefix}}
			if i == 0 || cfg.Noise == noise.PermValue && cfg.Dims == 4 {
				opts = append(opts, Options{Prefix: probePrefix, Arith: ArithExact}, Options{Prefix: probePrefix, Precision: PrecisionWorst})
			}
			for _, o := range opts {
				add(Library(cfg, &o))
				add(ComputeSource(cfg, true, 64, &o))
				add(BakeSource(cfg, i%2 == 0, false, &o))
			}
		}
	})
	return names, namesErr
}

// TestPrefixRule checks the facts about the names that the package
// documentation's argument rests on (every accepted prefix keeps the
// libraries of any other apart): every name a source defines starts with a
// letter, has no __ and at most 64 characters; and no name, no identifier a
// source uses unprefixed and no GLSL keyword with an underscore has, after
// one of its underscores, a tail that is a name.
func TestPrefixRule(t *testing.T) {
	s, err := packageNames()
	if err != nil {
		t.Fatal(err)
	}
	if len(s.defined) < 200 || !s.defined["sample"] || !s.defined["NOISE_DIMS"] || !s.defined["worstDiv"] || !s.defined["noisePerm"] {
		t.Fatalf("only %d defined names found (sample, NOISE_DIMS, worstDiv, noisePerm among them?)", len(s.defined))
	}
	if !s.used["gl_GlobalInvocationID"] || !s.used["local_size_x"] || !s.used["NOISE_LOCAL_SIZE"] {
		t.Fatal("the unprefixed identifiers lack gl_GlobalInvocationID, local_size_x or NOISE_LOCAL_SIZE")
	}
	longest := ""
	for n := range s.defined {
		if !isLetter(n[0]) || strings.Contains(n, "__") || len(n) > maxNameLength {
			t.Errorf("name %q: must start with a letter, have no __ and at most %d characters", n, maxNameLength)
		}
		if len(n) > len(longest) {
			longest = n
		}
	}
	t.Logf("%d names, the longest %s (%d characters); %d identifiers used unprefixed", len(s.defined), longest, len(longest), len(s.used))
	words := []string{"atomic_uint"} // GLSL 4.50's keywords with an underscore
	for w := range s.defined {
		words = append(words, w)
	}
	for w := range s.used {
		words = append(words, w)
	}
	for _, w := range words {
		for i := 0; i < len(w); i++ {
			if w[i] == '_' && s.defined[w[i+1:]] {
				t.Errorf("%q has the name %q after an underscore: prefixes %q and %q would both make it",
					w, w[i+1:], "p_", "p_"+w[:i+1])
			}
		}
	}
}

// badPrefixes are prefixes CheckPrefix refuses, with a word of the rule
// each breaks.
var badPrefixes = []struct{ prefix, rule string }{
	{"GL_", "GL_"}, {"GL_x_", "GL_"}, {"gl_", "gl_"}, {"gl_x_", "gl_"},
	{"a__b_", "__"}, {"a__", "__"}, {"__a_", "letter"}, {"_a_", "letter"},
	{strings.Repeat("a", MaxPrefixLength) + "_", "longer than"}, {strings.Repeat("a", 2000), "longer than"},
	{"", "empty"}, {"9a_", "letter"}, {"a-b_", "not an ASCII letter"}, {"a b_", "not an ASCII letter"},
	{"é_", "letter"}, {"aé_", "not an ASCII letter"}, {"a\n_", "not an ASCII letter"}, {"a.b_", "not an ASCII letter"},
	{"a_exact", "end with _"}, {"a", "end with _"}, {"Bb", "end with _"},
	// Found by FuzzPrefix: quoted whole, the first 40 bytes made a message
	// of 250 characters.
	{strings.Repeat("0", 9) + strings.Repeat("\xdb", 31) + strings.Repeat("0", 1000), "longer than"},
	{strings.Repeat("\xdb", 20), "letter"},
}

// goodPrefixes are accepted, the longest and the closest to one another
// (a_NOISE_ would make a_NOISE_DIMS from DIMS, were that a name).
var goodPrefixes = []string{"a_", "a_exact_", "a_NOISE_", "a_NOISE_ARITH_", "A_", "x9_y_", "noise_",
	strings.Repeat("p", MaxPrefixLength-1) + "_"}

// TestPrefixRefused: CheckPrefix, Library, ComputeSource, BakeSource and
// Worst refuse the prefixes GLSL would not compile or that could make two
// libraries' names collide, with one line naming the rule; the zero
// Options.Prefix is DefaultPrefix.
func TestPrefixRefused(t *testing.T) {
	cfg := noise.Config{Noise: noise.PermValue, Dims: 3, Settings: noise.DefaultSettings()}
	for _, c := range badPrefixes {
		err := CheckPrefix(c.prefix)
		var pe *PrefixError
		if !errors.As(err, &pe) || pe.Prefix != c.prefix || !strings.Contains(pe.Rule, c.rule) {
			t.Errorf("CheckPrefix(%q) = %v, want a PrefixError naming %q", c.prefix, err, c.rule)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, "\n") || len(msg) > 200 {
			t.Errorf("CheckPrefix(%q): the error is not one short line: %q", c.prefix, msg)
		}
		if c.prefix == "" {
			if _, err := Worst("void main() {}\n", ""); err == nil {
				t.Error("Worst accepted the empty prefix")
			}
			continue // Options.Prefix "" is DefaultPrefix
		}
		o := &Options{Prefix: c.prefix}
		w := &Options{Prefix: c.prefix, Precision: PrecisionWorst}
		for what, f := range map[string]func() (string, error){
			"Library":       func() (string, error) { return Library(cfg, o) },
			"Library worst": func() (string, error) { return Library(cfg, w) },
			"ComputeSource": func() (string, error) { return ComputeSource(cfg, false, 64, o) },
			"BakeSource":    func() (string, error) { return BakeSource(cfg, true, true, o) },
			"Worst":         func() (string, error) { return Worst("float f(float a) { return a / 3.0; }\n", c.prefix) },
		} {
			src, err := f()
			if err == nil || src != "" || !strings.HasPrefix(err.Error(), "shaders: invalid prefix") ||
				!strings.Contains(err.Error(), c.rule) || !errors.As(err, &pe) {
				t.Errorf("%s with prefix %q: %v (source of %d bytes), want an error naming %q", what, c.prefix, err, len(src), c.rule)
			}
		}
	}
	for _, p := range goodPrefixes {
		if err := CheckPrefix(p); err != nil {
			t.Errorf("CheckPrefix(%q): %v", p, err)
		}
		if _, err := Library(cfg, &Options{Prefix: p}); err != nil {
			t.Errorf("Library with prefix %q: %v", p, err)
		}
	}
	lib, err := Library(cfg, &Options{})
	if err != nil || !strings.Contains(lib, "noise_Sample noise_sample(vec3 p)") {
		t.Errorf("the zero Options.Prefix is not DefaultPrefix: %v", err)
	}
}

// TestAdversarialPrefixes has glslangValidator compile, in one fragment
// shader, libraries whose prefixes are as close as the rule allows (a_ and
// a_exact_, a_NOISE_ and a_NOISE_ARITH_, whose tails are heads of names;
// A_, and the default) and one of MaxPrefixLength characters, of variants
// with different names (perm-value's table, the worst-case functions);
// and the compute and bake kernels with the longest prefix.
func TestAdversarialPrefixes(t *testing.T) {
	tool := needTool(t, "glslangValidator")
	longest := strings.Repeat("L", MaxPrefixLength-1) + "_"
	libs := []struct {
		prefix string
		cfg    noise.Config
		o      Options
	}{
		{"a_", noise.Config{Noise: noise.Perlin, Dims: 3}, Options{Arith: ArithExact}},
		{"a_exact_", noise.Config{Noise: noise.PermValue, Dims: 4}, Options{Arith: ArithExact}},
		{"a_NOISE_", noise.Config{Noise: noise.VoronoiWorleyF2, Dims: 2, Tiling: true}, Options{Precision: PrecisionWorst}},
		{"a_NOISE_ARITH_", noise.Config{Noise: noise.Simplex, Dims: 4}, Options{Precision: PrecisionWorst}},
		{"A_", noise.Config{Noise: noise.PermValue, Dims: 2}, Options{}},
		{"", noise.Config{Noise: noise.Perlin, Dims: 2}, Options{}},
		{longest, noise.Config{Noise: noise.PermValue, Dims: 3}, Options{Precision: PrecisionWorst, Arith: ArithExact}},
	}
	var b strings.Builder
	b.WriteString("#version 410 core\n")
	main := "out vec4 colour;\nvoid main() {\n\tvec3 p = gl_FragCoord.xyz * 0.01;\n\tcolour = vec4(0.0);\n"
	var defined []map[string]bool
	for _, l := range libs {
		l.cfg.Settings = noise.DefaultSettings()
		l.o.Prefix = l.prefix
		src, err := Library(l.cfg, &l.o)
		if err != nil {
			t.Fatalf("prefix %q: %v", l.prefix, err)
		}
		p := l.prefix
		if p == "" {
			p = DefaultPrefix
		}
		b.WriteString(src)
		main += fmt.Sprintf("\tcolour.x += %[1]svalue(p) + %[1]ssample4(vec4(p, 1.0)).dw + %[1]ssampleWith(vec4(p, 0.5), %[1]ssettings(), %[1]sdomain()).v;\n", p)
		defined = append(defined, globalNames(src))
	}
	// Disjoint definitions, first (glslang would report the first clash
	// only).
	for i := range defined {
		for j := i + 1; j < len(defined); j++ {
			for n := range defined[i] {
				if defined[j][n] {
					t.Errorf("prefixes %q and %q both define %s", libs[i].prefix, libs[j].prefix, n)
				}
			}
		}
	}
	b.WriteString(main + "}\n")
	jobs := []job{{"adversarial.frag", b.String(), nil}}
	cfg := noise.Config{Noise: noise.PermValue, Dims: 4, Settings: noise.DefaultSettings()}
	for _, o := range []Options{{Prefix: longest}, {Prefix: longest, Precision: PrecisionWorst, Version: 450}} {
		k, err := ComputeSource(cfg, true, 64, &o)
		if err != nil {
			t.Fatal(err)
		}
		bake, err := BakeSource(cfg, true, true, &o)
		if err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, job{fmt.Sprintf("longest_%d_%s.comp", o.Version, o.Precision), k, nil},
			job{fmt.Sprintf("longest_bake_%d_%s.comp", o.Version, o.Precision), bake, nil})
	}
	runJobs(t, jobs, 1, glslang(tool))
}

// FuzzPrefix feeds arbitrary prefixes to the package, two at a time: as
// given (mostly refused), and made acceptable (acceptable), the second
// extending the first, which is how two prefixes come closest to making
// one name. A prefix is refused by Library with a short one-line
// PrefixError exactly when CheckPrefix refuses it; the identifiers of two
// accepted distinct prefixes P and Q are apart: no P+n is a Q+m or an
// identifier the sources use unprefixed (n and m names of the package,
// checked on all of them, structurally). Accepted prefixes as given, and
// one made-acceptable pair in 32, go through Library too: its identifiers
// are valid GLSL that nothing reserves, each the prefix and a name or one
// the sources use unprefixed, and neither library defines an identifier
// the other defines or uses. One such pair in 8, when glslangValidator is
// installed, is compiled in one shader.
func FuzzPrefix(f *testing.F) {
	for _, s := range [][2]string{
		{"a_", "a_exact"}, {"a_", "a_exact_"}, {"a_", "a_NOISE_"}, {"a_NOISE_", "a_NOISE_ARITH_"}, {"GL_", "gl_"},
		{"", "noise_"}, {"noise_", "noise_noise_"}, {"x_", "x_sample"}, {"a__", "_"}, {strings.Repeat("a", 2000), "b_"},
		{strings.Repeat("z", MaxPrefixLength-1) + "_", strings.Repeat("z", MaxPrefixLength-2) + "_"}, {"p_", "p_2"},
		{"a", "exact"}, {"x", "NOISE_ARITH"}, {"", "sample"},
	} {
		f.Add(s[0], s[1])
	}
	all, err := packageNames()
	if err != nil {
		f.Fatal(err)
	}
	cfgs := [2]noise.Config{
		{Noise: noise.PermValue, Dims: 4, Settings: noise.DefaultSettings()},
		{Noise: noise.VoronoiWorleyF2, Dims: 3, Tiling: true, Settings: noise.DefaultSettings()},
	}
	opts := [2]Options{{Arith: ArithExact}, {Precision: PrecisionWorst}}
	tool, _ := exec.LookPath("glslangValidator")
	dir := f.TempDir()
	// apart fails unless no identifier that p makes is one that q makes or
	// one the sources use unprefixed.
	apart := func(t *testing.T, p, q string) {
		for n := range all.defined {
			id := p + n
			if m, ok := strings.CutPrefix(id, q); ok && all.defined[m] || all.used[id] {
				t.Fatalf("prefixes %q and %q: %s is %q and %q, or used unprefixed", p, q, id, p+"+"+n, q+"+"+m)
			}
		}
	}
	// library builds a library with prefix p and checks its identifiers.
	library := func(t *testing.T, i int, p string) (lib string, defined, used map[string]bool) {
		o := opts[i]
		o.Prefix = p
		lib, err := Library(cfgs[i], &o)
		if err != nil {
			t.Fatalf("prefix %q: %v", p, err)
		}
		if p == "" {
			p = DefaultPrefix
		}
		defined, used = globalNames(lib), map[string]bool{}
		for _, tk := range tokenize(lib) {
			if tk.kind != tokIdent {
				continue
			}
			id := tk.text
			used[id] = true
			if len(id) > 1024 || strings.Contains(id, "__") || strings.HasPrefix(id, "gl_") || strings.HasPrefix(id, "GL_") {
				t.Fatalf("prefix %q: identifier %q is too long, has __ or starts with gl_ or GL_", p, id)
			}
			if n, ok := strings.CutPrefix(id, p); !(ok && all.defined[n]) && !all.used[id] {
				t.Fatalf("prefix %q: identifier %q is neither the prefix and a name nor one the sources use unprefixed", p, id)
			}
		}
		for n := range defined {
			if !strings.HasPrefix(n, p) || !all.defined[n[len(p):]] {
				t.Fatalf("prefix %q: defines %q", p, n)
			}
		}
		return lib, defined, used
	}
	check := func(t *testing.T, p1, p2 string, given bool) {
		prefixes := [2]string{p1, p2}
		accepted := true
		for i, p := range prefixes {
			checkErr := CheckPrefix(p)
			if p == "" {
				checkErr, prefixes[i] = nil, DefaultPrefix
			}
			if checkErr == nil {
				continue
			}
			accepted = false
			o := opts[i]
			o.Prefix = p
			_, err := Library(cfgs[i], &o)
			var pe *PrefixError
			if !errors.As(err, &pe) || pe.Prefix != p || strings.Contains(err.Error(), "\n") || len(err.Error()) > 200 {
				t.Fatalf("prefix %q: CheckPrefix says %v, Library %v: not the same short one-line PrefixError", p, checkErr, err)
			}
		}
		if !accepted {
			return
		}
		if prefixes[0] != prefixes[1] {
			apart(t, prefixes[0], prefixes[1])
			apart(t, prefixes[1], prefixes[0])
		}
		sum := crc32.ChecksumIEEE([]byte(p1 + "\x00" + p2))
		if !given && sum%32 != 0 {
			return
		}
		var libs [2]string
		var defined, used [2]map[string]bool
		for i, p := range [2]string{p1, p2} {
			libs[i], defined[i], used[i] = library(t, i, p)
		}
		if prefixes[0] == prefixes[1] {
			return
		}
		for i := range 2 {
			for n := range defined[i] {
				if used[1-i][n] {
					t.Fatalf("prefixes %q and %q: %s is defined by one library and used by the other", prefixes[0], prefixes[1], n)
				}
			}
		}
		if tool == "" || sum/32%8 != 0 {
			return
		}
		path := filepath.Join(dir, fmt.Sprintf("pair%08x.frag", sum))
		src := "#version 430 core\n" + libs[0] + libs[1] + fmt.Sprintf("out vec4 colour;\nvoid main() { colour = vec4(%svalue(gl_FragCoord.xyz), %svalue(gl_FragCoord.xyz), 0.0, 1.0); }\n", prefixes[0], prefixes[1])
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		defer os.Remove(path)
		if out, err := exec.Command(tool, path).CombinedOutput(); err != nil {
			t.Fatalf("prefixes %q and %q: glslangValidator: %v\n%s", prefixes[0], prefixes[1], err, firstLines(string(out), 6))
		}
	}
	f.Fuzz(func(t *testing.T, p1, p2 string) {
		check(t, p1, p2, true)
		q := acceptable(p1)
		check(t, q, q+acceptable(p2), false)
	})
}

// acceptable maps s to a prefix of at most 64 characters that CheckPrefix
// accepts: s's first bytes, the ones that are not letters, digits or _
// turned into letters, without a leading or a doubled _, then p in front
// if it does not start with a letter, x if it starts with gl_ or GL_, and
// _ at the end if it lacks one.
func acceptable(s string) string {
	b := []byte{}
	for i := 0; i < len(s) && len(b) < 62; i++ {
		c := s[i]
		if !isIdentChar(c) {
			c = 'a' + c%26
		}
		if c == '_' && (len(b) == 0 || b[len(b)-1] == '_') {
			continue
		}
		b = append(b, c)
	}
	if len(b) == 0 || !isLetter(b[0]) {
		b = append([]byte{'p'}, b...)
	}
	if b[len(b)-1] != '_' {
		b = append(b, '_')
	}
	if p := string(b); !strings.HasPrefix(p, "gl_") && !strings.HasPrefix(p, "GL_") {
		return p
	}
	return "x" + string(b)
}
