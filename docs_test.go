package noise_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
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
