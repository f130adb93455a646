package noise_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/noiselab/noise"
)

// TestDocsCitations checks that every section of docs/algorithms.md that a
// comment, shader or README cites ("docs/algorithms.md §2.2", "§2–§5")
// is a heading of that document, so a renumbering cannot leave stale
// pointers behind.
func TestDocsCitations(t *testing.T) {
	doc, err := os.ReadFile("docs/algorithms.md")
	if err != nil {
		t.Fatal(err)
	}
	headings := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^#{2,3} (§[0-9]+(?:\.[0-9]+)?) `).FindAllStringSubmatch(string(doc), -1) {
		headings[m[1]] = true
	}
	if len(headings) < 13 {
		t.Fatalf("docs/algorithms.md has %d numbered headings, want at least §0 to §12", len(headings))
	}
	cite := regexp.MustCompile(`docs/algorithms\.md((?:[ ,–-]*(?:and )?§[0-9]+(?:\.[0-9]+)?)+)`)
	section := regexp.MustCompile(`§[0-9]+(?:\.[0-9]+)?`)
	cited := 0
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != ".") {
			return filepath.SkipDir
		}
		switch filepath.Ext(path) {
		case ".go", ".glsl", ".md":
		default:
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			for _, m := range cite.FindAllStringSubmatch(line, -1) {
				for _, s := range section.FindAllString(m[1], -1) {
					cited++
					if !headings[s] {
						t.Errorf("%s:%d cites docs/algorithms.md %s, which has no such heading", path, i+1, s)
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if cited < 50 {
		t.Errorf("found %d citations of docs/algorithms.md, want the code's 100 or so: is the pattern stale?", cited)
	}
}

// TestNoisesPageFromTables checks what docs/noises.md says about the
// noises against the library's tables: each row of the noise types table
// (name, dimensions, tiling, range; in 1D too where it differs), and the
// limits the settings table states. Every statement of which noises lack
// 4D or tiling is TestDocsClaims' (cmd/internal/cliflag), so that no page
// can go stale when a noise gains a dimension.
func TestNoisesPageFromTables(t *testing.T) {
	const page = "docs/noises.md"
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	num := func(v float32) string {
		return strings.Replace(strconv.FormatFloat(float64(v), 'g', -1, 32), "-", "−", 1)
	}
	interval := func(lo, hi float32) string { return "[" + num(lo) + ", " + num(hi) + "]" }
	row := regexp.MustCompile("(?m)^\\| `([a-z0-9-]+)` \\| 1–([0-9]) \\| (yes|no) \\| (\\[[^]]*\\])(?:; 1D (\\[[^]]*\\]))?")
	seen := map[string]bool{}
	for _, m := range row.FindAllStringSubmatch(text, -1) {
		n, err := noise.ParseNoise(m[1])
		if err != nil {
			t.Errorf("%s lists %q, which is no noise", page, m[1])
			continue
		}
		seen[m[1]] = true
		tiling := map[bool]string{true: "yes", false: "no"}[n.Tiling()]
		if m[2] != strconv.Itoa(n.MaxDims()) || m[3] != tiling {
			t.Errorf("%s: %s: dims 1–%s, tiling %s; the tables say 1–%d, %s", page, n, m[2], m[3], n.MaxDims(), tiling)
		}
		if want := interval(n.Range(n.MaxDims())); m[4] != want {
			t.Errorf("%s: %s: range %s; the tables say %s", page, n, m[4], want)
		}
		if lo, hi := n.Range(1); m[5] != "" && m[5] != interval(lo, hi) || m[5] == "" && interval(lo, hi) != m[4] {
			t.Errorf("%s: %s: 1D range %q; the tables say %s", page, n, m[5], interval(lo, hi))
		}
	}
	for _, name := range noise.Names() {
		if !seen[name] {
			t.Errorf("%s: the noise types table lacks %s", page, name)
		}
	}
	// The settings table: the limits Settings.Validate enforces.
	for _, want := range []string{
		fmt.Sprintf("| octaves | 1–%d |", noise.MaxOctaves),
		fmt.Sprintf("| ping-pong | 0 (means %d), or above 0 and at most %d |", noise.DefaultPingPong, noise.MaxPingPong),
		fmt.Sprintf("| warp amplitude | finite, \\|A\\| ≤ %d; 0 is no warp |", noise.MaxWarpAmplitude),
		fmt.Sprintf("| dims | 1–%d; 1–%d for Voronoi |", noise.Perlin.MaxDims(), noise.VoronoiWorleyF1.MaxDims()),
	} {
		if !strings.Contains(text, want) {
			t.Errorf("%s: the settings table lacks the row starting %q", page, want)
		}
	}
}

// markdownPages are the pages the link and README tests read: the README,
// BENCHMARKS.md and every page in docs/.
func markdownPages(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) < 6 {
		t.Fatalf("docs/ has %d pages, want algorithms.md and the pages the README links", len(pages))
	}
	return append([]string{"README.md", "BENCHMARKS.md"}, pages...)
}

// proseLines returns a Markdown page's lines outside fenced code blocks,
// with inline code spans blanked (a link or a heading inside code is no
// link or heading), each paired with its 1-based line number.
func proseLines(text string) (lines []string, numbers []int) {
	span := regexp.MustCompile("`[^`]*`")
	fenced := false
	for i, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		lines = append(lines, line)
		numbers = append(numbers, i+1)
	}
	for i := range lines {
		lines[i] = span.ReplaceAllStringFunc(lines[i], func(code string) string {
			if strings.HasPrefix(lines[i], "#") {
				return code // a heading's code text is part of its anchor
			}
			return "``"
		})
	}
	return lines, numbers
}

// headingAnchor is the anchor GitHub gives a heading: its text without
// Markdown emphasis, code marks and link targets, lower-cased, with every
// character but letters, digits, spaces, '-' and '_' removed and the
// spaces turned into hyphens.
func headingAnchor(heading string) string {
	heading = regexp.MustCompile(`\[([^]]*)\]\([^)]*\)`).ReplaceAllString(heading, "$1")
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// anchors returns every anchor of a Markdown page's headings, repeated
// headings numbered as GitHub numbers them (x, x-1, x-2).
func anchors(text string) map[string]bool {
	heading := regexp.MustCompile(`^#{1,6} +(.*?)#* *$`)
	got := map[string]bool{}
	count := map[string]int{}
	lines, _ := proseLines(text)
	for _, line := range lines {
		m := heading.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		a := headingAnchor(m[1])
		if n := count[a]; n > 0 {
			got[fmt.Sprintf("%s-%d", a, n)] = true
		} else {
			got[a] = true
		}
		count[a]++
	}
	return got
}

// TestHeadingAnchor: the anchors GitHub renders for headings of these pages.
func TestHeadingAnchor(t *testing.T) {
	for _, tt := range []struct{ heading, want string }{
		{"Portable GLSL: every conforming GPU", "portable-glsl-every-conforming-gpu"},
		{"`verify`: the GPU against the CPU", "verify-the-gpu-against-the-cpu"},
		{"§11 Tolerance policy", "11-tolerance-policy"},
		{"noise — Catlike Coding's pseudorandom noise in Go, exactly", "noise--catlike-codings-pseudorandom-noise-in-go-exactly"},
		{"`noise image -size 4096`: CPU against the GPU sampler (Mesa llvmpipe)", "noise-image--size-4096-cpu-against-the-gpu-sampler-mesa-llvmpipe"},
		{"See [the contract](docs/algorithms.md) and *this*", "see-the-contract-and-this"},
	} {
		if got := headingAnchor(tt.heading); got != tt.want {
			t.Errorf("headingAnchor(%q) = %q, want %q", tt.heading, got, tt.want)
		}
	}
	if got := anchors("# A\n```\n# not a heading\n```\n## A\n## B #\n"); len(got) != 3 || !got["a"] || !got["a-1"] || !got["b"] {
		t.Errorf("anchors = %v, want a, a-1 and b", got)
	}
}

// TestDocLinks checks every relative link and image of the README,
// BENCHMARKS.md and docs/*.md: the file it names must exist, and an
// anchor (#…) must be one of that page's headings. Links to other sites
// are not followed.
func TestDocLinks(t *testing.T) {
	link := regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	pageAnchors := map[string]map[string]bool{}
	anchorsOf := func(path string) (map[string]bool, error) {
		if a, ok := pageAnchors[path]; ok {
			return a, nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		pageAnchors[path] = anchors(string(b))
		return pageAnchors[path], nil
	}
	files, withAnchor := 0, 0
	for _, page := range markdownPages(t) {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		lines, numbers := proseLines(string(b))
		for i, line := range lines {
			for _, m := range link.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				where := fmt.Sprintf("%s:%d: link %s", page, numbers[i], target)
				file, anchor, _ := strings.Cut(target, "#")
				path := page
				if file != "" {
					path = filepath.Join(filepath.Dir(page), filepath.FromSlash(file))
					if _, err := os.Stat(path); err != nil {
						t.Errorf("%s: no such file %s", where, path)
						continue
					}
					files++
				}
				if anchor == "" {
					continue
				}
				if filepath.Ext(path) != ".md" {
					t.Errorf("%s: an anchor into %s, which is no Markdown page", where, path)
					continue
				}
				a, err := anchorsOf(path)
				if err != nil {
					t.Errorf("%s: %v", where, err)
					continue
				}
				withAnchor++
				if !a[anchor] {
					t.Errorf("%s: %s has no heading with the anchor #%s", where, path, anchor)
				}
			}
		}
	}
	t.Logf("%d links to files, %d anchors", files, withAnchor)
	// The README alone links six pages and its four pictures, and the
	// pages link each other's sections: far fewer means a broken pattern.
	if files < 25 || withAnchor < 8 {
		t.Errorf("checked %d links to files and %d anchors, want at least 25 and 8: is the link pattern stale?", files, withAnchor)
	}
}

// TestREADMEFirstScreen: the README's first screen teaches the library:
// within its first 60 lines, the go get command and the opening of a Go
// program.
func TestREADMEFirstScreen(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	screen := strings.Join(lines[:min(60, len(lines))], "\n")
	for _, want := range []string{"go get github.com/noiselab/noise\n", "```go\npackage main\n", "make verify", "make test"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the README's first 60 lines lack %q", want)
		}
	}
}
