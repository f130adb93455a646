package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"testing"

	"github.com/noiselab/noise"
)

// TestUpToDate: the committed files are what the table writes now (run
// `go generate ./gpu/shaders` after editing it).
func TestUpToDate(t *testing.T) {
	files, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 5 {
		t.Errorf("generate wrote %d files, want 5", len(files))
	}
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join("..", "..", "..", filepath.FromSlash(name)))
		if err != nil {
			t.Errorf("%s: %v (run go generate ./gpu/shaders)", name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what internal/cmd/gpulayout writes now: run go generate ./gpu/shaders", name)
		}
	}
}

// TestCoversGoStructs: every field of noise.Settings and noise.Domain
// reaches the GPU through some member (or is listed as unused, with the
// reason), and every field a member names exists, so that a field added to
// the Go structs, or renamed, fails here rather than being silently left
// on the CPU.
func TestCoversGoStructs(t *testing.T) {
	goStructs := map[string]reflect.Type{
		"Settings": reflect.TypeFor[noise.Settings](),
		"Domain":   reflect.TypeFor[noise.Domain](),
	}
	if len(structs) != len(goStructs) {
		t.Fatalf("the table has %d structs; the test knows %d", len(structs), len(goStructs))
	}
	for _, s := range structs {
		typ, ok := goStructs[s.GoName]
		if !ok {
			t.Errorf("struct %s mirrors noise.%s, which the test does not know", s.Name, s.GoName)
			continue
		}
		var fields []string
		for i := 0; i < typ.NumField(); i++ {
			fields = append(fields, typ.Field(i).Name)
		}
		used := map[string]bool{}
		for _, f := range s.Fields {
			for _, from := range f.From {
				if !slices.Contains(fields, from) {
					t.Errorf("%s.%s derives from noise.%s.%s, which does not exist", s.Name, f.Name, s.GoName, from)
				}
				used[from] = true
			}
		}
		for name, why := range s.Unused {
			if !slices.Contains(fields, name) || why == "" || used[name] {
				t.Errorf("%s: Unused %s (%q) is no unused field of noise.%s with a reason", s.Name, name, why, s.GoName)
			}
			used[name] = true
		}
		for _, f := range fields {
			if !used[f] {
				t.Errorf("noise.%s.%s reaches no member of the GPU struct %s: add a row (or an Unused entry saying why)", s.GoName, f, s.Name)
			}
		}
	}
}

// TestMembers: the members are valid names in every language written,
// distinct (also as Go fields), typed, derived and documented.
func TestMembers(t *testing.T) {
	ident := regexp.MustCompile(`^[a-z][A-Za-z0-9]*$`)
	for _, s := range structs {
		seen := map[string]bool{}
		for _, f := range s.Fields {
			if !ident.MatchString(f.Name) || seen[goName(f.Name)] {
				t.Errorf("%s: member %q is not a fresh lower-camel-case name", s.Name, f.Name)
			}
			seen[goName(f.Name)] = true
			if _, ok := types[f.Type]; !ok || f.Go == "" || f.Doc == "" {
				t.Errorf("%s.%s: type %d, Go %q, doc %q: each must be given", s.Name, f.Name, f.Type, f.Go, f.Doc)
			}
		}
	}
}

// TestComment: doc text is wrapped, not lost.
func TestComment(t *testing.T) {
	got := comment("// ", "aaaa bbbb "+string(bytes.Repeat([]byte("c"), 80))+" dd")
	want := "// aaaa bbbb\n// " + string(bytes.Repeat([]byte("c"), 80)) + "\n// dd\n"
	if got != want {
		t.Errorf("comment = %q, want %q", got, want)
	}
}
