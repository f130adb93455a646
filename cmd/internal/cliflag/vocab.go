package cliflag

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/noiselab/noise"
)

// The help texts' statements about which noise has which dimensions and
// tiling come from the library's tables (noise.Noise.MaxDims and
// noise.Noise.Tiling) through the functions below and Expand, so that
// they cannot go stale; StaleClaims finds a hand-written statement that
// the tables contradict.

// familyText names each family in prose ("Voronoi noise").
var familyText = map[noise.Family]string{
	noise.FamilyLattice: "lattice",
	noise.FamilySimplex: "simplex",
	noise.FamilyVoronoi: "Voronoi",
	noise.FamilyPerm:    "perm-value",
}

// FamilyText returns the family's name in prose: lattice, simplex,
// Voronoi, perm-value.
func FamilyText(f noise.Family) string {
	if t, ok := familyText[f]; ok {
		return t
	}
	return f.String()
}

// Describe names the noises for which match holds: whole families by their
// prose names ("Voronoi", "lattice, Voronoi and perm-value"), the others
// by noise name, in vocabulary order; "" when none matches.
func Describe(match func(noise.Noise) bool) string {
	var parts []string
	done := map[noise.Family]bool{}
	for _, n := range noise.Noises() {
		if !match(n) {
			continue
		}
		f := n.Parts().Family
		whole := true
		for _, m := range noise.Noises() {
			if m.Parts().Family == f && !match(m) {
				whole = false
			}
		}
		switch {
		case !whole:
			parts = append(parts, n.String())
		case !done[f]:
			done[f] = true
			parts = append(parts, FamilyText(f))
		}
	}
	return andList(parts)
}

// andList joins "a", "a and b", "a, b and c".
func andList(parts []string) string {
	if len(parts) <= 1 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// MaxDims is the most dimensions a noise has.
func MaxDims() int {
	m := 0
	for _, n := range noise.Noises() {
		m = max(m, n.MaxDims())
	}
	return m
}

// FewerDims describes the noises without MaxDims dimensions: "Voronoi".
func FewerDims() string {
	return Describe(func(n noise.Noise) bool { return n.MaxDims() < MaxDims() })
}

// NoTiling describes the noises without a tiling variant: "simplex".
func NoTiling() string { return Describe(func(n noise.Noise) bool { return !n.Tiling() }) }

// WithTiling describes the noises with a tiling variant: "lattice,
// Voronoi and perm-value".
func WithTiling() string { return Describe(noise.Noise.Tiling) }

// DimsRange is the valid -dims of the noises: "1 to 4 (1 to 3 for
// Voronoi noise)".
func DimsRange() string {
	top := MaxDims()
	s := fmt.Sprintf("1 to %d", top)
	var fewer []string
	for d := top - 1; d >= 1; d-- {
		if who := Describe(func(n noise.Noise) bool { return n.MaxDims() == d }); who != "" {
			fewer = append(fewer, fmt.Sprintf("1 to %d for %s noise", d, who))
		}
	}
	if len(fewer) > 0 {
		s += " (" + strings.Join(fewer, "; ") + ")"
	}
	return s
}

// Expand replaces the placeholders of a help text with what the tables
// say: {maxDims} (4), {dimsRange} (DimsRange), {fewerDims} (FewerDims),
// {noTiling} (NoTiling) and {withTiling} (WithTiling).
func Expand(text string) string {
	return strings.NewReplacer(
		"{maxDims}", fmt.Sprint(MaxDims()),
		"{dimsRange}", DimsRange(),
		"{fewerDims}", FewerDims(),
		"{noTiling}", NoTiling(),
		"{withTiling}", WithTiling(),
	).Replace(text)
}

// claim is a way help texts state which noises lack 4D or tiling, or how
// many dimensions there are; want says what the tables make of it.
type claim struct {
	re   *regexp.Regexp
	want func() string
}

// groupRE matches a noise group as prose writes it: family names and noise
// names, joined by commas and "and".
var groupRE = func() string {
	var words []string
	for _, t := range familyText {
		words = append(words, "(?i:"+regexp.QuoteMeta(t)+")")
	}
	for _, n := range noise.Names() {
		words = append(words, regexp.QuoteMeta(n))
	}
	// The longest first, so that perlin-turbulence is not read as perlin.
	slices.SortFunc(words, func(a, b string) int { return len(b) - len(a) })
	word := "(?:" + strings.Join(words, "|") + ")\\b"
	return "(" + word + "(?:(?:, | and )" + word + ")*)"
}()

var claims = []claim{
	{regexp.MustCompile(`[Ee]very noise but ` + groupRE), FewerDims},
	{regexp.MustCompile(groupRE + ` (?:noise )?1D[–-]3D`), FewerDims},
	{regexp.MustCompile(`all but ` + groupRE), FewerDims},
	{regexp.MustCompile(`4D: not (?:for )?` + groupRE), FewerDims},
	{regexp.MustCompile(groupRE + ` (?:noise )?has no 4D`), FewerDims},
	{regexp.MustCompile(`only ` + groupRE + ` (?:noise )?has 4D`), func() string { return Describe(func(n noise.Noise) bool { return n.MaxDims() == MaxDims() }) }},
	{regexp.MustCompile(`1[–-]3 for ` + groupRE), FewerDims},
	{regexp.MustCompile(`1 to 3 for ` + groupRE), FewerDims},
	{regexp.MustCompile(groupRE + ` (?:noise )?has no tiling`), NoTiling},
	{regexp.MustCompile(`tiling[^.;:()]*\(not for ` + groupRE), NoTiling},
	{regexp.MustCompile(`tiling exists for ` + groupRE), WithTiling},
	{regexp.MustCompile(`tiling \| ` + groupRE + ` \|`), WithTiling},
}

// dimsClaim is a statement of the whole range of -dims; dimsSpan one of
// the dimensions there are ("noise in 1D–4D").
var (
	dimsClaim = regexp.MustCompile(`(?:dimensions|-dims[^.;]*?)[: ]*\(?1(?: to |[–-])([0-9])\b`)
	dimsSpan  = regexp.MustCompile(`(?:noise|variants?|dims|dimensions) (?:in )?1D[–-]([0-9])D`)
)

// StaleClaims returns the statements of text about which noises have 4D or
// tiling, or how many dimensions there are, that the library's tables
// contradict, each with what the tables say.
func StaleClaims(text string) []string {
	text = strings.Join(strings.Fields(text), " ") // statements wrap
	var bad []string
	norm := func(s string) string { return strings.ToLower(strings.TrimSuffix(s, " noise")) }
	for _, c := range claims {
		for _, m := range c.re.FindAllStringSubmatch(text, -1) {
			if want := c.want(); norm(m[1]) != norm(want) {
				bad = append(bad, fmt.Sprintf("%q: the tables say %q", m[0], want))
			}
		}
	}
	for _, m := range dimsClaim.FindAllStringSubmatchIndex(text, -1) {
		top := text[m[2]:m[3]]
		// "1 to 3 for Voronoi" is a partial range, checked above.
		rest := text[m[1]:]
		if strings.HasPrefix(rest, " for ") || strings.HasPrefix(rest, " (1") {
			continue
		}
		if top != fmt.Sprint(MaxDims()) {
			bad = append(bad, fmt.Sprintf("%q: the tables say 1 to %d", text[m[0]:m[1]], MaxDims()))
		}
	}
	for _, m := range dimsSpan.FindAllStringSubmatch(text, -1) {
		if m[1] != fmt.Sprint(MaxDims()) {
			bad = append(bad, fmt.Sprintf("%q: the tables say 1D–%dD", m[0], MaxDims()))
		}
	}
	return bad
}
