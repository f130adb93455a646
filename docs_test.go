package noise_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

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

// TestREADMEFromTables checks what the README says about the noises
// against the library's tables: each row of the noise types table (name,
// dimensions, tiling, range; in 1D too where it differs), and every
// statement of which noises lack 4D or tiling (TestDocsClaims in
// cmd/internal/cliflag), so that the README cannot go stale when a noise
// gains a dimension.
func TestREADMEFromTables(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	num := func(v float32) string {
		return strings.Replace(strconv.FormatFloat(float64(v), 'g', -1, 32), "-", "−", 1)
	}
	interval := func(lo, hi float32) string { return "[" + num(lo) + ", " + num(hi) + "]" }
	row := regexp.MustCompile("(?m)^\\| `([a-z0-9-]+)` \\| 1–([0-9]) \\| (yes|no) \\| (\\[[^]]*\\])(?:; 1D (\\[[^]]*\\]))?")
	seen := map[string]bool{}
	for _, m := range row.FindAllStringSubmatch(readme, -1) {
		n, err := noise.ParseNoise(m[1])
		if err != nil {
			t.Errorf("README.md lists %q, which is no noise", m[1])
			continue
		}
		seen[m[1]] = true
		tiling := map[bool]string{true: "yes", false: "no"}[n.Tiling()]
		if m[2] != strconv.Itoa(n.MaxDims()) || m[3] != tiling {
			t.Errorf("README.md: %s: dims 1–%s, tiling %s; the tables say 1–%d, %s", n, m[2], m[3], n.MaxDims(), tiling)
		}
		if want := interval(n.Range(n.MaxDims())); m[4] != want {
			t.Errorf("README.md: %s: range %s; the tables say %s", n, m[4], want)
		}
		if lo, hi := n.Range(1); m[5] != "" && m[5] != interval(lo, hi) || m[5] == "" && interval(lo, hi) != m[4] {
			t.Errorf("README.md: %s: 1D range %q; the tables say %s", n, m[5], interval(lo, hi))
		}
	}
	for _, name := range noise.Names() {
		if !seen[name] {
			t.Errorf("README.md: the noise types table lacks %s", name)
		}
	}
}
